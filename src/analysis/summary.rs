//! Syntax -> summary: a graph's value and counts straight from its declaration, with no
//! model and no breakdown: what `hackenbush analyze` reports, at the judge's cost.
//!
//! The ground vertices become vertex 0 and the other vertices used are numbered in order
//! of first use; the [Green core](super::green) then gives the value, the attached edges
//! and the bridges, all in one pass (the 2-edge-connected blocks of the attached part are
//! the bridges plus one, since the bridges join them into a tree). The full
//! [`analyze`](super::analyze) computes the same numbers from the petgraph model, with
//! the breakdown that explanations, pictures and winning moves need; the tests hold the
//! two against each other and against the game tree.
//!
//! # Complexity
//!
//! O(V + E) time. Memory: the declaration is consumed, and while the search runs only
//! the edge list (8 bytes per edge), the renumbering (4 bytes per vertex, or a hash map
//! when the vertex table is a claim far beyond what is used) and the core's 12 to 28
//! bytes per vertex are held, all in a [`Workspace`] reused from graph to graph.

use super::Analysis;
use super::green::{self, Counts, Workspace};
use crate::model::{Graph, Numbering};
use crate::syntax::GraphDecl;

/// What `hackenbush analyze` reports of one graph.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// The Grundy value.
    pub value: u64,
    /// Distinct vertices used by the input: the ground vertices (counted one by one,
    /// before they are fused) and the ends of the edges.
    pub vertices: usize,
    /// All edges of the input.
    pub edges: usize,
    /// Edges connected to the ground.
    pub attached_edges: usize,
    /// Ground vertices declared.
    pub ground_vertices: usize,
    /// Bridges of the attached part.
    pub bridges: usize,
}

impl Summary {
    /// The summary of a graph analyzed in full.
    pub fn of(graph: &Graph, analysis: &Analysis) -> Summary {
        Summary {
            value: analysis.value,
            vertices: graph.vertex_count,
            edges: graph.net.edge_count(),
            attached_edges: analysis.attached_edges,
            ground_vertices: graph.decl.ground.len(),
            bridges: analysis.bridge_count(),
        }
    }

    /// Edges not connected to the ground (they fall at the first cut, and are no moves).
    pub fn ignored_edges(&self) -> usize {
        self.edges - self.attached_edges
    }

    /// The 2-edge-connected blocks of the attached part, the ground's block included.
    pub fn blocks(&self) -> usize {
        self.bridges + 1
    }
}

/// The old name of the buffers [`summarize`] takes.
#[deprecated(note = "renamed `analysis::green::Workspace`")]
pub type Scratch = Workspace;

/// The summary of `graph`, which is consumed so that its memory is free before the
/// search runs.
///
/// ```
/// use hackenbush::analysis::{green::Workspace, summary::summarize};
/// use hackenbush::model::Graph;
///
/// // Two ground vertices, a triangle through both, and an edge hanging in the air.
/// let decl = Graph::from_edges(&[0, 1], &[(0, 2), (2, 1), (1, 0), (3, 4)]).decl;
/// let s = summarize(decl, &mut Workspace::default());
/// assert_eq!((s.value, s.vertices, s.attached_edges, s.bridges), (1, 5, 3, 0));
/// ```
pub fn summarize(graph: GraphDecl, scratch: &mut Workspace) -> Summary {
    let edges = graph.edges.len();
    let ground_vertices = graph.ground.len();
    let table = std::mem::take(&mut scratch.ids);
    let mut ids = Numbering::reusing(table, graph.vertices.len(), edges + ground_vertices);
    let mut ends = std::mem::take(&mut scratch.ends);
    ends.clear();
    ends.reserve_exact(2 * edges);
    for &g in &graph.ground {
        ids.ground(g);
    }
    for e in &graph.edges {
        ends.push(ids.number(e.u).0);
        ends.push(ids.number(e.v).0);
    }
    drop(graph);
    let next = ids.count();
    scratch.ids = ids.into_table();
    let counts = green::counts(next, &ends, scratch);
    scratch.ends = ends;
    Summary {
        value: counts.value,
        vertices: ground_vertices + (next - 1) as usize,
        edges,
        attached_edges: counts.attached_edges as usize,
        ground_vertices,
        bridges: counts.bridges as usize,
    }
}

/// The summary of a graph given as bare edge ends on vertex ids `0..vertices`, id 0 the
/// ground: a christmas tree as the judge reads it (the [Green core](super::green)'s
/// representation). `vertices` 0 is a graph with no vertex at all, not even the ground.
///
/// ```
/// use hackenbush::analysis::{green::Workspace, summary::summarize_ends};
///
/// // The POJ sample: a stalk with a triangle on top.
/// let s = summarize_ends(4, &[0, 1, 1, 2, 1, 3, 2, 3], &mut Workspace::default());
/// assert_eq!((s.value, s.vertices, s.attached_edges, s.bridges), (2, 4, 4, 1));
/// ```
pub fn summarize_ends(vertices: u32, ends: &[u32], scratch: &mut Workspace) -> Summary {
    Summary::of_ends(vertices, ends, green::counts(vertices, ends, scratch))
}

impl Summary {
    /// The summary of the edge list of [`summarize_ends`], from its [`Counts`].
    pub fn of_ends(vertices: u32, ends: &[u32], counts: Counts) -> Summary {
        let ground_vertices = usize::from(vertices > 0);
        Summary {
            value: counts.value,
            vertices: ground_vertices + counts.used_vertices as usize,
            edges: ends.len() / 2,
            attached_edges: counts.attached_edges as usize,
            ground_vertices,
            bridges: counts.bridges as usize,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::analyze;
    use crate::syntax::Vertices;

    fn both(ground: &[u32], edges: &[(u32, u32)]) -> (Summary, Summary) {
        let graph = Graph::from_edges(ground, edges);
        let a = analyze(&graph).unwrap();
        let full = Summary::of(&graph, &a);
        (summarize(graph.decl, &mut Workspace::default()), full)
    }

    /// Ground vertices and edges.
    type Shape<'a> = (&'a [u32], &'a [(u32, u32)]);

    #[test]
    fn agrees_with_the_full_analysis() {
        let cases: &[Shape] = &[
            (&[], &[]),
            (&[0], &[]),
            (&[], &[(0, 1)]),
            (&[0], &[(0, 0), (0, 1), (1, 1)]),
            (&[0, 1], &[(0, 2), (2, 1), (1, 0), (3, 4)]),
            (&[0], &[(0, 1), (1, 2), (2, 3), (3, 1), (3, 4), (4, 4)]),
            (&[2], &[(0, 1), (1, 2), (2, 0), (0, 3), (3, 4), (4, 0)]),
            (&[0], &[(0, 1), (0, 1), (0, 1), (1, 2), (2, 3), (3, 2)]),
            (&[0, 5], &[(1, 2), (2, 3)]),
        ];
        for (ground, edges) in cases {
            let (core, full) = both(ground, edges);
            assert_eq!(core, full, "ground {ground:?}, edges {edges:?}");
        }
    }

    #[test]
    fn claimed_vertex_tables_cost_nothing() {
        let mut graph = Graph::from_edges(&[0], &[(0, 1)]).decl;
        graph.vertices = Vertices::Numbered(u32::MAX - 1);
        graph.edges[0].v = 4_000_000_000;
        let s = summarize(graph, &mut Workspace::default());
        assert_eq!((s.value, s.vertices, s.bridges), (1, 2, 1));
    }
}
