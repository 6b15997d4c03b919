//! Fuzz target: the christmas parser (and the analysis of what it accepts) on arbitrary
//! bytes; and the judge's path (edge lists valued by the Green core, read through a small window
//! whose size the first byte picks) must give the same nim-sum as the full analysis for
//! every test case, and stop at the same error, shown with the same message.
#![no_main]

use hackenbush::analysis::green::{self, Workspace};
use hackenbush::syntax::christmas::{Cases, EdgeLists};
use hackenbush::syntax::window::Window;
use hackenbush::syntax::{self, Format};
use libfuzzer_sys::fuzz_target;

#[path = "common.rs"]
mod common;

fuzz_target!(|data: &[u8]| {
    let Some(source) = common::parse_and_analyze(Format::Christmas, data) else {
        return;
    };
    let mut full = syntax::parse(Format::Christmas, &source);
    let chunk = 1 + usize::from(data.first().copied().unwrap_or(0) % 64);
    let mut cases = Cases::streaming(Window::with_chunk("fuzz", data, chunk));
    let mut lists = EdgeLists::default();
    let mut workspace = Workspace::default();
    loop {
        lists.clear();
        let Some(case) = cases.next_edge_lists(&mut lists) else {
            break;
        };
        let position = full.next().expect("as many cases on both paths");
        match (case, position) {
            (Ok(()), Ok(position)) => {
                let judged = lists.trees.iter().fold(0, |acc, (n, range)| {
                    acc ^ green::value(*n, &lists.ends[range.clone()], &mut workspace)
                });
                let graphs = hackenbush::analyze_position(position);
                assert_eq!(judged, hackenbush::analysis::position::nim_sum(&graphs));
            }
            (Err(a), Err(b)) => {
                assert_eq!(a.message, b.message);
                assert_eq!(
                    a.render(&cases.feed_mut().excerpt(), false),
                    b.render(&source, false)
                );
            }
            _ => panic!("the judge's path and the full parser disagree on validity"),
        }
    }
    assert!(full.next().is_none());
});
