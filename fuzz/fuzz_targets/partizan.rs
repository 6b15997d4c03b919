//! Fuzz target: the partizan analysis (red-blue parts by comparisons with numbers, mixed
//! parts as their red-blue core's number plus their rest) on arbitrary small coloured
//! multigraphs, compared with the game tree: the value, the outcome and the value after
//! every cut. Bytes decode as: ground count (0-3), then triples of vertex ids (mod 8) and
//! a colour (blue, red, green by the byte mod 3), at most 12 edges.
#![no_main]

use hackenbush::game_tree::{Limits, Unverified, partizan};
use hackenbush::model::Graph;
use hackenbush::syntax::Colour;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let ground: Vec<u32> = (0..u32::from(first % 4)).collect();
    let colours = [Colour::Blue, Colour::Red, Colour::Green];
    let edges: Vec<(u32, u32, Colour)> = rest
        .chunks_exact(3)
        .take(12)
        .map(|t| {
            let colour = colours[usize::from(t[2] % 3)];
            (u32::from(t[0] % 8), u32::from(t[1] % 8), colour)
        })
        .collect();
    let graph = Graph::from_coloured_edges(&ground, &edges);
    match partizan::verify(&graph, Limits::default(), &mut |_| {}) {
        Ok(verified) => assert!(verified.agrees(), "{ground:?} {edges:?}: {verified:?}"),
        // Canonical forms beyond the game tree's work: nothing to compare.
        Err(Unverified::TooComplex(_)) => {}
        Err(other) => panic!("{ground:?} {edges:?}: {other:?}"),
    }
});
