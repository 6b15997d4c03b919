//! Fuzz target, differential: the dot reader against Graphviz's own reading of the same
//! bytes (`gvpr`, see `graphviz.rs`): what Graphviz reads we read, with the same visible
//! edges and ground nodes, and what it refuses we refuse. Inputs of at most 4 KiB (one
//! `gvpr` process per run: about 200 runs a second); where Graphviz is not installed,
//! the target does nothing.
#![no_main]

use std::sync::OnceLock;

use libfuzzer_sys::fuzz_target;

#[path = "graphviz.rs"]
mod graphviz;

static INSTALLED: OnceLock<bool> = OnceLock::new();

fuzz_target!(|data: &[u8]| {
    if data.len() > 4096 || !*INSTALLED.get_or_init(graphviz::installed) {
        return;
    }
    let ours = hackenbush::syntax::dot::parse(data);
    // Graphviz killed by a signal is Graphviz's bug, not a disagreement.
    let Ok(theirs) = graphviz::read_one(data) else {
        return;
    };
    if let Err(disagreement) = graphviz::compare(data, &ours, theirs.as_ref()) {
        panic!("{disagreement}");
    }
});
