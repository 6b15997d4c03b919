//! One iterative depth-first search from the ground: which nodes are attached, the DFS
//! tree (preorder, parent edges) and the bridges, by Tarjan's low-link rule.
//!
//! Complexity: O(V + E) time, O(V) extra memory; no recursion, so a path of 10^7 vertices
//! needs no more stack than a triangle.
//!
//! Reference: R. E. Tarjan, "A note on finding the bridges of a graph", Information
//! Processing Letters 2 (1974) 160-161.

use petgraph::Direction;
use petgraph::graph::{EdgeIndex, NodeIndex, UnGraph};

/// "No edge" / "not visited".
pub(crate) const NONE: u32 = u32::MAX;

/// The DFS forest of the ground's component.
#[derive(Clone, Debug)]
pub(crate) struct Search {
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

/// Runs the search on `net` from `root`.
pub(crate) fn search<N>(net: &UnGraph<N, u32>, root: NodeIndex) -> Search {
    let n = net.node_count();
    let m = net.edge_count();
    let nodes = net.raw_nodes();
    let edges = net.raw_edges();
    let mut pre = vec![NONE; n];
    let mut low = vec![NONE; n];
    let mut parent_edge = vec![NONE; n];
    // Per node: the next edge of its adjacency to look at. petgraph keeps two linked lists
    // per node (edges where it is the source, and where it is the target); the cursor walks
    // the first, then the second, marking the second with the top bit.
    let mut cursor = vec![NONE; n];
    let mut order = Vec::with_capacity(n);
    let mut bridge = vec![false; m];
    let mut stack: Vec<u32> = Vec::new();

    let out_head = |v: usize| outgoing(nodes[v].next_edge(Direction::Outgoing));
    let in_head = |v: usize| nodes[v].next_edge(Direction::Incoming).index() as u32 | FLAG;

    if root.index() < n {
        let r = root.index();
        pre[r] = 0;
        low[r] = 0;
        order.push(r as u32);
        cursor[r] = out_head(r);
        stack.push(r as u32);
    }
    while let Some(&top) = stack.last() {
        let v = top as usize;
        // Next adjacent edge of v, if any.
        let mut c = cursor[v];
        let mut next = None;
        loop {
            let incoming = c & FLAG != 0;
            let e = (c & !FLAG) as usize;
            if e >= m {
                if incoming {
                    break;
                }
                c = in_head(v);
                continue;
            }
            let raw = &edges[e];
            c = if incoming {
                raw.next_edge(Direction::Incoming).index() as u32 | FLAG
            } else {
                outgoing(raw.next_edge(Direction::Outgoing))
            };
            // A loop appears in both lists; once is enough (it is never a tree edge).
            let w = if incoming {
                raw.source().index()
            } else {
                raw.target().index()
            };
            next = Some((e, w));
            break;
        }
        cursor[v] = c;
        match next {
            Some((e, w)) => {
                if e as u32 == parent_edge[v] {
                    continue;
                }
                if pre[w] == NONE {
                    pre[w] = order.len() as u32;
                    low[w] = pre[w];
                    parent_edge[w] = e as u32;
                    order.push(w as u32);
                    cursor[w] = out_head(w);
                    stack.push(w as u32);
                } else if pre[w] < low[v] {
                    low[v] = pre[w];
                }
            }
            None => {
                stack.pop();
                let pe = parent_edge[v];
                if pe != NONE {
                    let raw = &edges[pe as usize];
                    let p = raw.source().index() ^ raw.target().index() ^ v;
                    if low[v] == pre[v] {
                        bridge[pe as usize] = true;
                    }
                    if low[v] < low[p] {
                        low[p] = low[v];
                    }
                }
            }
        }
    }
    let attached = pre.iter().map(|&p| p != NONE).collect();
    Search {
        order,
        parent_edge,
        attached,
        bridge,
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
