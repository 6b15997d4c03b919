//! Fuzz target, differential: the dot reader against Graphviz's own reading of the same
//! bytes (`gvpr`, see `graphviz.rs`): what Graphviz reads we read, with the same visible
//! edges in the same colours and the same ground nodes, and what it refuses we refuse.
//! Inputs of at most 4 KiB (one `gvpr` process per run: about 200 runs a second); where
//! Graphviz is not installed, the target does nothing.
//!
//! An input that starts with a NUL byte (which we refuse in a DOT file, so that as a
//! file it tells nothing) is read instead as the choices of `graphviz::generate`, a file
//! of subgraphs opened again, defaults, operands, `strict` and `key`: the fuzzer steers
//! the choices.
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
    let generated;
    let data = match data.split_first() {
        Some((0, choices)) => {
            let mut choices = choices.iter();
            let mut choose = |n: usize| choices.next().map_or(0, |&c| usize::from(c) % n);
            generated = graphviz::generate(&mut choose);
            generated.as_bytes()
        }
        _ => data,
    };
    let ours = hackenbush::syntax::dot::parse(data);
    // Graphviz killed by a signal is Graphviz's bug, not a disagreement.
    let Ok(theirs) = graphviz::read_one(data) else {
        return;
    };
    if let Err(disagreement) = graphviz::compare(data, &ours, theirs.as_ref()) {
        panic!("{disagreement}");
    }
});
