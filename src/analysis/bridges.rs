//! The bridges of a graph, by Tarjan's low-link rule on the [depth-first search](crate::dfs)
//! from the ground: which nodes are attached, the search tree (preorder, parent edges),
//! and which tree edges are bridges.
//!
//! A tree edge is a bridge when the vertex below it reaches nothing above itself: its
//! low-link, which the search keeps, is its own preorder number.
//!
//! Complexity: O(V + E) time, O(V) extra memory; no recursion, so a path of 10^7 vertices
//! needs no more stack than a triangle.
//!
//! Reference: R. E. Tarjan, "A note on finding the bridges of a graph", Information
//! Processing Letters 2 (1974) 160-161.

use petgraph::Direction;
use petgraph::graph::{EdgeIndex, NodeIndex, UnGraph};

pub(crate) use crate::dfs::NONE;
use crate::dfs::{self, Arcs, Step};

/// The search tree of the ground's component, and its bridges.
#[derive(Clone, Debug)]
pub(crate) struct Bridges {
    /// Attached nodes in preorder; `order[0]` is the ground.
    pub order: Vec<u32>,
    /// Per node: the tree edge to its parent, or [`NONE`] for the ground and for
    /// unattached nodes.
    pub parent_edge: Vec<u32>,
    /// Per node: whether it was reached from the ground.
    pub attached: Vec<bool>,
    /// Per edge: whether it is a bridge (a tree edge whose removal detaches its child).
    pub bridge: Vec<bool>,
}

/// The bridges of the part of `net` reached from `root`.
pub(crate) fn find<N>(net: &UnGraph<N, u32>, root: NodeIndex) -> Bridges {
    let n = net.node_count();
    let mut order = Vec::with_capacity(n);
    let mut bridge = vec![false; net.edge_count()];
    if root.index() < n {
        order.push(root.index() as u32);
    }
    let visited = dfs::walk(&Lists(net), n, root.index() as u32, |step| {
        match step {
            Step::Tree { to, .. } => order.push(to),
            Step::Finish {
                pre,
                low,
                parent: Some((_, _, edge)),
                ..
            } if low == pre => bridge[edge as usize] = true,
            _ => {}
        }
        Ok::<_, std::convert::Infallible>(())
    });
    let Ok(visited) = visited;
    Bridges {
        order,
        attached: visited.pre.iter().map(|&p| p != NONE).collect(),
        parent_edge: visited.parent_edge,
        bridge,
    }
}

/// petgraph's adjacency as the search walks it: each node's list of edges where it is the
/// source, then its list of edges where it is the target (a loop is in both; it is
/// walked in the first). A cursor into the second list has [`FLAG`] set.
struct Lists<'a, N>(&'a UnGraph<N, u32>);

impl<N> Arcs for Lists<'_, N> {
    fn first(&self, v: u32) -> u32 {
        outgoing(self.0.raw_nodes()[v as usize].next_edge(Direction::Outgoing))
    }

    fn next(&self, v: u32, mut cursor: u32) -> Option<(u32, u32, u32)> {
        let edges = self.0.raw_edges();
        loop {
            let incoming = cursor & FLAG != 0;
            let e = (cursor & !FLAG) as usize;
            if e >= edges.len() {
                if incoming {
                    return None;
                }
                let head = self.0.raw_nodes()[v as usize].next_edge(Direction::Incoming);
                cursor = head.index() as u32 | FLAG;
                continue;
            }
            let raw = &edges[e];
            let (next, w) = if incoming {
                let next = raw.next_edge(Direction::Incoming).index() as u32 | FLAG;
                if raw.source() == raw.target() {
                    cursor = next;
                    continue;
                }
                (next, raw.source().index())
            } else {
                (
                    outgoing(raw.next_edge(Direction::Outgoing)),
                    raw.target().index(),
                )
            };
            return Some((e as u32, w as u32, next));
        }
    }
}

/// Marks the second adjacency list in a cursor (edge indices stay below 2^31: an edge takes
/// at least 4 bytes of input, and inputs are below 4 GiB).
const FLAG: u32 = 1 << 31;

/// A cursor into the first list; its end is `FLAG - 1`, which has no flag and is past
/// every edge, so the walk moves on to the second list.
fn outgoing(e: EdgeIndex) -> u32 {
    let i = e.index() as u32;
    if i == u32::MAX { FLAG - 1 } else { i }
}

/// The end of an edge other than `v` (or `v` for a loop).
pub(crate) fn other_end<N>(net: &UnGraph<N, u32>, e: EdgeIndex, v: usize) -> usize {
    let raw = &net.raw_edges()[e.index()];
    raw.source().index() ^ raw.target().index() ^ v
}
