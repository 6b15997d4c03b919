//! Fuzz target: the analysis on arbitrary small multigraphs, compared with the game tree.
//! Bytes decode as: ground count (0-3), then pairs of vertex ids (mod 8), at most 14 edges.
#![no_main]

use hackenbush::analysis::{analyze, moves};
use hackenbush::game_tree::GameTree;
use hackenbush::model::Graph;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let ground: Vec<u32> = (0..u32::from(first % 4)).collect();
    let edges: Vec<(u32, u32)> = rest
        .chunks_exact(2)
        .take(14)
        .map(|p| (u32::from(p[0] % 8), u32::from(p[1] % 8)))
        .collect();
    let graph = Graph::from_edges(&ground, &edges);
    let analysis = analyze(&graph).expect("built green");
    let mut tree = GameTree::new(&graph, 14).expect("at most 14 edges");
    assert_eq!(analysis.value, tree.value(), "value of {ground:?} {edges:?}");
    for target in 0..=edges.len() as u64 {
        assert_eq!(
            moves::cuts_to(&graph, target),
            tree.cuts_to(target),
            "cuts to {target} in {ground:?} {edges:?}"
        );
    }
});
