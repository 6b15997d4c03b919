//! A position as a whole: the nim-sum of its graphs and every winning move.
//!
//! By the Sprague-Grundy theorem a position is worth the XOR (nim-sum) `N` of its graphs'
//! values, and the player to move wins exactly when `N != 0`. A move in graph `i`, worth
//! `v`, wins exactly when it leaves that graph worth `v XOR N`: the new nim-sum is then 0.
//! So the winning moves of a position are, graph by graph, the cuts to a target value,
//! which [`moves::cuts_to`] finds from the block structure.
//!
//! ```
//! use hackenbush::analysis::position::{nim_sum, winning_moves};
//! use hackenbush::model::Graph;
//!
//! // Two stalks, of one edge and of three: *1 + *3 = *2, and the winning move takes the
//! // tall stalk down to one edge (its second edge, leaving *1).
//! let graphs = [vec![(0, 1)], vec![(0, 1), (1, 2), (2, 3)]].map(|edges| {
//!     let graph = Graph::from_edges(&[0], &edges);
//!     let analysis = hackenbush::analysis::analyze(&graph).unwrap();
//!     (graph, analysis)
//! });
//! assert_eq!(nim_sum(&graphs), 2);
//! let moves = winning_moves(&graphs);
//! assert_eq!(moves.len(), 1);
//! assert_eq!((moves[0].graph, moves[0].edge.index(), moves[0].value_after), (1, 1, 1));
//! ```

use petgraph::graph::EdgeIndex;

use super::Analysis;
use super::moves;
use crate::model::Graph;

/// One winning move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Move {
    /// The graph (0-based, in the position's order).
    pub graph: usize,
    /// The edge to cut (model edge index = 0-based input order).
    pub edge: EdgeIndex,
    /// What the graph is worth after the cut.
    pub value_after: u64,
}

/// The nim-sum of analysed graphs.
pub fn nim_sum(graphs: &[(Graph, Analysis)]) -> u64 {
    graphs.iter().fold(0, |acc, (_, a)| acc ^ a.value)
}

/// Every move that leaves the position with nim-sum 0, by graph then edge; empty when the
/// position is already lost (nim-sum 0).
///
/// Complexity: that of [`moves::cuts_to`] on each graph, linear in its size.
pub fn winning_moves(graphs: &[(Graph, Analysis)]) -> Vec<Move> {
    let total = nim_sum(graphs);
    if total == 0 {
        return Vec::new();
    }
    let mut found = Vec::new();
    for (i, (graph, analysis)) in graphs.iter().enumerate() {
        found.extend(winning_moves_in(i, graph, analysis, total));
    }
    found
}

/// The winning moves in graph `i` of a position whose nim-sum is `total`, by edge: the
/// cuts that leave it worth `analysis.value XOR total` (none when `total` is 0). With
/// `total` known beforehand, each graph's moves are found as soon as it is analyzed.
pub fn winning_moves_in(i: usize, graph: &Graph, analysis: &Analysis, total: u64) -> Vec<Move> {
    let target = analysis.value ^ total;
    // A cut never raises a graph above its edge count.
    if total == 0 || target > analysis.attached_edges as u64 {
        return Vec::new();
    }
    moves::cuts_to(graph, target)
        .into_iter()
        .map(|edge| Move {
            graph: i,
            edge,
            value_after: target,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::analyze;

    type GraphSpec<'a> = (&'a [u32], &'a [(u32, u32)]);

    fn position(graphs: &[GraphSpec]) -> Vec<(Graph, Analysis)> {
        graphs
            .iter()
            .map(|(ground, edges)| {
                let g = Graph::from_edges(ground, edges);
                let a = analyze(&g).unwrap();
                (g, a)
            })
            .collect()
    }

    #[test]
    fn nim_heaps() {
        // *3 + *5 = *6: the winning moves take the *5 heap down to *3 (cut its 4th edge).
        let p = position(&[
            (&[0], &[(0, 1), (1, 2), (2, 3)]),
            (&[0], &[(0, 1), (1, 2), (2, 3), (3, 4), (4, 5)]),
        ]);
        assert_eq!(nim_sum(&p), 6);
        assert_eq!(
            winning_moves(&p),
            vec![Move {
                graph: 1,
                edge: EdgeIndex::new(3),
                value_after: 3
            }]
        );
    }

    #[test]
    fn lost_positions_have_no_winning_moves() {
        let p = position(&[(&[0], &[(0, 1)]), (&[0], &[(0, 0)])]);
        assert_eq!(nim_sum(&p), 0);
        assert!(winning_moves(&p).is_empty());
    }
}
