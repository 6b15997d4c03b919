//! Fuzz target: the christmas parser (and the analysis of what it accepts) on arbitrary bytes.
#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "common.rs"]
mod common;

fuzz_target!(|data: &[u8]| {
    common::parse_and_analyze(hackenbush::syntax::Format::Christmas, data);
});
