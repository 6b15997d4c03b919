//! Fuzz target: the json parser (and the analysis of what it accepts) on arbitrary bytes;
//! and the warnings of what it accepts (a lone ground vertex whose twin an edge touches)
//! render, each pointing into the input.
#![no_main]

use hackenbush::syntax::{Format, json};
use libfuzzer_sys::fuzz_target;

#[path = "common.rs"]
mod common;

fuzz_target!(|data: &[u8]| {
    let Some(source) = common::parse_and_analyze(Format::Json, data) else {
        return;
    };
    if let Ok(position) = json::parse(data) {
        for warning in &position.warnings {
            assert!(warning.render(&source, false).starts_with("warning: "));
            assert!(warning.span.start < warning.span.end);
            assert!((warning.span.end as usize) <= data.len());
        }
    }
});
