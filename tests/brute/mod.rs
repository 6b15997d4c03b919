//! The oracle of the tests: Green Hackenbush solved by exhaustive game-tree search, with no
//! theory at all ([`hackenbush::game_tree`], which uses only the model and the rules of the
//! game, never the analysis). These wrappers take plain edge lists so the tests can state
//! graphs as data.

use hackenbush::game_tree::GameTree;
use hackenbush::model::Graph;
use hackenbush::syntax::GraphDecl;

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

/// [`grundy`] of a graph as read or generated.
#[allow(dead_code)]
pub fn grundy_of(graph: &GraphDecl) -> u64 {
    let edges: Vec<(u32, u32)> = graph.edges.iter().map(|e| (e.u, e.v)).collect();
    grundy(&graph.ground, &edges)
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

/// A graph of the sweep: its ground and its edges.
#[allow(dead_code)]
pub type SmallGraph = (&'static [u32], Vec<(u32, u32)>);

/// Every multigraph of the exhaustive sweeps, fewest edges first (so a first failure is
/// a smallest one): each multiset of at most 6 edges from the 15 vertex pairs `{u, v}`,
/// `u <= v < 5` (loops and parallel edges included), with ground `{0}` and with ground
/// `{0, 1}`: 2 x 54,264 graphs, which the callers assert.
#[allow(dead_code)]
pub fn small_multigraphs() -> Vec<SmallGraph> {
    let types: Vec<(u32, u32)> = (0..5u32)
        .flat_map(|u| (u..5).map(move |v| (u, v)))
        .collect();
    let mut graphs = Vec::new();
    for len in 0..=6 {
        // The multisets of `len` types as non-decreasing index sequences, counted like an
        // odometer (no recursion).
        let mut idx = vec![0usize; len];
        loop {
            let edges: Vec<(u32, u32)> = idx.iter().map(|&i| types[i]).collect();
            graphs.push((&[0u32][..], edges.clone()));
            graphs.push((&[0u32, 1][..], edges));
            // Advance: the rightmost index that can grow grows, the ones after it follow.
            let Some(pos) = (0..len).rev().find(|&p| idx[p] + 1 < types.len()) else {
                break;
            };
            idx[pos] += 1;
            let v = idx[pos];
            for later in &mut idx[pos + 1..] {
                *later = v;
            }
        }
    }
    graphs
}
