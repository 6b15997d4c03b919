//! The oracle of the tests: Green Hackenbush solved by exhaustive game-tree search, with no
//! theory at all ([`hackenbush::game_tree`], which uses only the model and the rules of the
//! game, never the analysis). These wrappers take plain edge lists so the tests can state
//! graphs as data.

use hackenbush::game_tree::GameTree;
use hackenbush::model::Graph;

/// Edges a test graph may have; the search is exponential.
const LIMIT: usize = 32;

fn tree(ground: &[u32], edges: &[(u32, u32)]) -> GameTree {
    GameTree::new(&Graph::from_edges(ground, edges), LIMIT).expect("a small test graph")
}

/// The Grundy value of the graph with ground vertices `ground` and edges `edges` (vertex
/// ids are arbitrary; loops and parallel edges are allowed).
// Not every test file that includes this module needs it.
#[allow(dead_code)]
pub fn grundy(ground: &[u32], edges: &[(u32, u32)]) -> u64 {
    tree(ground, edges).value()
}

/// How many edges of the graph are connected to the ground.
#[allow(dead_code)]
pub fn attached_count(ground: &[u32], edges: &[(u32, u32)]) -> usize {
    tree(ground, edges).attached_edges().len()
}

/// The 0-based indices (into `edges`) of the attached edges whose deletion, followed by
/// pruning, leaves a position of value `target`.
#[allow(dead_code)]
pub fn winning_cuts(ground: &[u32], edges: &[(u32, u32)], target: u64) -> Vec<usize> {
    tree(ground, edges)
        .cuts_to(target)
        .into_iter()
        .map(|e| e.index())
        .collect()
}
