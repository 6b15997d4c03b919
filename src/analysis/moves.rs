//! Winning moves on the model: every edge whose cut leaves a graph with a given value.
//!
//! In a position of nim-sum `N`, a cut in a graph of value `v` wins exactly when it leaves
//! that graph worth `v XOR N` (then the nim-sum becomes 0). So the winning moves in a graph
//! are `cuts_to(graph, v ^ N)`. The cuts are found by the [Green core](super::green), on
//! the model's edge list as it stands ([`green::ends_of`]): read its
//! [cut search](super::green::cuts) for the method, its complexity and why it is right.

use petgraph::graph::EdgeIndex;

use super::green::{self, Workspace};
use crate::model::Graph;

/// The model edges (by increasing index) whose cut leaves `graph` worth exactly `target`.
///
/// With `target = value XOR nim_sum` (the graph's value and the position's nim-sum) these
/// are the winning moves in this graph; with a nim-sum of 0 there are none. Edges that are
/// not attached to the ground are never moves.
///
/// # Arguments
///
/// - `graph`: the graph, as built by the [model](crate::model).
/// - `target`: the value the graph must have after the cut (any `u64`; a target above the
///   number of edges is never reached).
///
/// # Returns
///
/// The edge indices of the model (edge `j` is input edge `j`), sorted, without repeats.
///
/// # Complexity
///
/// O(E log E) time, O(V + E) memory, no recursion; see the
/// [cut search](super::green::cuts) for the method and why it is right. The answer is
/// exact except with probability below E^2 / 2^128 (random labels find the 2-edge cuts).
///
/// # Example
///
/// ```
/// use hackenbush::{analysis::moves::cuts_to, model::Graph};
/// use petgraph::graph::EdgeIndex;
///
/// // A stalk of 3 edges (*3) and a triangle (*1) on the same ground: worth 3 XOR 1 = 2.
/// let g = Graph::from_edges(&[0], &[(0, 1), (1, 2), (2, 3), (0, 4), (4, 5), (5, 0)]);
/// // Alone in a position, it wins by leaving 0: cut the stalk's middle edge (*1 + *1).
/// assert_eq!(cuts_to(&g, 0), vec![EdgeIndex::new(1)]);
/// // Leaving *3: the stalk's top edge (*2 + *1), or the triangle's top (two twigs, *0).
/// assert_eq!(cuts_to(&g, 3), vec![EdgeIndex::new(2), EdgeIndex::new(4)]);
/// // Leaving *1: the stalk's bottom, or a triangle edge at the ground (a stalk of 2).
/// let ones: Vec<usize> = cuts_to(&g, 1).iter().map(|e| e.index()).collect();
/// assert_eq!(ones, [0, 3, 5]);
/// ```
///
/// # Reference
///
/// Winning Ways, ch. 7; Pritchard and Thurimella (2011) for the labels.
pub fn cuts_to(graph: &Graph, target: u64) -> Vec<EdgeIndex> {
    let (vertices, ends) = green::ends_of(graph);
    let mut wins = Vec::new();
    green::cuts_to(
        vertices,
        &ends,
        target,
        &mut Workspace::default(),
        &mut wins,
    );
    wins.into_iter()
        .map(|e| EdgeIndex::new(e as usize))
        .collect()
}

/// [`cuts_to`]: the analysis is no longer needed (the cuts are found on the model's edge
/// list, with a search of their own).
#[deprecated(note = "use `cuts_to`: the analysis is not needed")]
pub fn cuts_to_analysed(graph: &Graph, _analysis: &super::Analysis, target: u64) -> Vec<EdgeIndex> {
    cuts_to(graph, target)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The model's cuts are the core's cuts of its edge list, edge for edge.
    #[test]
    fn model_cuts_are_the_cores_on_its_edge_list() {
        let shapes: [&[(u32, u32)]; 4] = [
            &[(0, 1), (1, 2), (2, 3), (3, 1), (1, 4), (4, 5), (5, 1)],
            &[(0, 1), (1, 2), (2, 0), (2, 2), (2, 3), (3, 3)],
            &[(0, 1), (1, 4), (0, 2), (2, 4), (0, 3), (3, 4), (4, 5)],
            &[(0, 1), (0, 1), (1, 2), (7, 8)],
        ];
        for edges in shapes {
            let g = Graph::from_edges(&[0], edges);
            let (vertices, ends) = green::ends_of(&g);
            for t in 0..=edges.len() as u64 {
                let mut wins = Vec::new();
                green::cuts_to(vertices, &ends, t, &mut Workspace::default(), &mut wins);
                let model: Vec<u32> = cuts_to(&g, t).iter().map(|e| e.index() as u32).collect();
                assert_eq!(model, wins, "{edges:?} to {t}");
            }
        }
    }

    #[test]
    fn double_and_triple_edges() {
        let g = Graph::from_edges(&[0], &[(0, 1), (0, 1)]);
        let all = vec![EdgeIndex::new(0), EdgeIndex::new(1)];
        assert_eq!(cuts_to(&g, 1), all);
        assert!(cuts_to(&g, 0).is_empty());
        let g = Graph::from_edges(&[0], &[(0, 1), (0, 1), (0, 1)]);
        assert_eq!(cuts_to(&g, 0).len(), 3);
    }

    #[test]
    fn square_cuts_leave_stalks() {
        // A square at the ground: cutting edge i of 0-1-2-3-0 leaves a path from the ground
        // to both sides: stalks of 3 and 0, 2 and 1, ... worth 3, 2 ^ 1 = 3, 3.
        let g = Graph::from_edges(&[0], &[(0, 1), (1, 2), (2, 3), (3, 0)]);
        assert_eq!(cuts_to(&g, 3).len(), 4);
        assert!(cuts_to(&g, 0).is_empty());
    }

    #[test]
    fn unattached_edges_and_huge_targets() {
        let g = Graph::from_edges(&[0], &[(0, 1), (2, 3), (3, 3)]);
        assert_eq!(cuts_to(&g, 0), vec![EdgeIndex::new(0)]);
        assert!(cuts_to(&g, u64::MAX).is_empty());
        let g = Graph::from_edges(&[], &[(0, 1)]);
        assert!(cuts_to(&g, 0).is_empty());
    }
}
