//! The depth-first search every pass that needs one walks: the bridges of the analysis,
//! the biconnected components of `check`, the spanning tree a CGSuite string is written
//! along. It reports each step ([`Step`]) to the pass, which keeps what it needs; the
//! low-link that both bridges and biconnected components are found by (Tarjan) is kept
//! by the search itself and told with each finished vertex.
//!
//! The search is iterative, so a path of 10^7 vertices needs no more stack than a
//! triangle, and undirected: an edge to a vertex not seen yet is a tree edge; an edge to
//! an ancestor (or a loop, to the vertex itself) is a back edge, reported once, from the
//! lower end; an edge to a descendant was that back edge, seen from above, and is not
//! reported again. The tree edge to the parent is passed over by its edge index, so a
//! second edge parallel to it is a back edge. Vertices not reached from the root are not
//! visited.
//!
//! What it walks is anything with [`Arcs`]: compressed rows built from an edge list
//! ([`Adjacency`], the one adjacency builder), or petgraph's own lists.
//!
//! Complexity: O(V + E) time; 16 bytes per vertex (preorder number, low-link, parent
//! edge, cursor) and the stack of the current path.
//!
//! The Green core's value search ([`green`](crate::analysis::green)) is not this one: it packs
//! its cursor with its low-link and value in one record per vertex, and is tuned for
//! judge data; the tests hold its values against the full analysis, which walks this one.

/// "No vertex", "no edge", "not visited".
pub(crate) const NONE: u32 = u32::MAX;

/// What the search walks: the edges at each vertex, from a cursor.
pub(crate) trait Arcs {
    /// The cursor at the start of the edges of `v`.
    fn first(&self, v: u32) -> u32;
    /// The edge at `cursor` among those of `v`, its other end (`v` for a loop) and the
    /// cursor after it; `None` when the edges of `v` are exhausted.
    fn next(&self, v: u32, cursor: u32) -> Option<(u32, u32, u32)>;
}

/// One step of the search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Step {
    /// `to`, not seen before, is reached from `from` by `edge`; it gets preorder number
    /// `pre`.
    Tree {
        from: u32,
        to: u32,
        edge: u32,
        pre: u32,
    },
    /// `edge` goes from `from` up to its ancestor (or itself) `to`, of preorder `pre`.
    Back {
        from: u32,
        to: u32,
        edge: u32,
        pre: u32,
    },
    /// Everything below `vertex` (preorder `pre`) is done; `low` is the lowest preorder
    /// that its subtree reaches by one back edge (Tarjan's low-link: `low == pre` when the
    /// edge above it is a bridge); `parent` is where it hangs from (vertex, its preorder,
    /// the tree edge), `None` for the root.
    Finish {
        vertex: u32,
        pre: u32,
        low: u32,
        parent: Option<(u32, u32, u32)>,
    },
}

/// What the search leaves: per vertex, its preorder number and its tree edge up.
#[derive(Clone, Debug)]
pub(crate) struct Visited {
    /// Preorder number, [`NONE`] if not reached from the root.
    pub pre: Vec<u32>,
    /// The tree edge to the parent, [`NONE`] for the root and unreached vertices.
    pub parent_edge: Vec<u32>,
}

/// Searches the `n` vertices of `arcs` from `root`, telling `visit` every step in order;
/// stops at the first error `visit` returns.
pub(crate) fn walk<A: Arcs, E>(
    arcs: &A,
    n: usize,
    root: u32,
    mut visit: impl FnMut(Step) -> Result<(), E>,
) -> Result<Visited, E> {
    let mut pre = vec![NONE; n];
    let mut low = vec![NONE; n];
    let mut parent_edge = vec![NONE; n];
    let mut cursor = vec![NONE; n];
    let mut stack = Vec::new();
    let mut count = 0u32;
    if (root as usize) < n {
        pre[root as usize] = 0;
        low[root as usize] = 0;
        cursor[root as usize] = arcs.first(root);
        count = 1;
        stack.push(root);
    }
    while let Some(&v) = stack.last() {
        let vi = v as usize;
        match arcs.next(v, cursor[vi]) {
            Some((e, w, next)) => {
                cursor[vi] = next;
                if e == parent_edge[vi] {
                    continue;
                }
                let wi = w as usize;
                if pre[wi] == NONE {
                    pre[wi] = count;
                    low[wi] = count;
                    parent_edge[wi] = e;
                    cursor[wi] = arcs.first(w);
                    count += 1;
                    stack.push(w);
                    visit(Step::Tree {
                        from: v,
                        to: w,
                        edge: e,
                        pre: pre[wi],
                    })?;
                } else if pre[wi] <= pre[vi] {
                    low[vi] = low[vi].min(pre[wi]);
                    visit(Step::Back {
                        from: v,
                        to: w,
                        edge: e,
                        pre: pre[wi],
                    })?;
                }
            }
            None => {
                stack.pop();
                let parent = stack.last().map(|&p| (p, pre[p as usize], parent_edge[vi]));
                if let Some((p, _, _)) = parent {
                    low[p as usize] = low[p as usize].min(low[vi]);
                }
                visit(Step::Finish {
                    vertex: v,
                    pre: pre[vi],
                    low: low[vi],
                    parent,
                })?;
            }
        }
    }
    Ok(Visited { pre, parent_edge })
}

/// The edges of a graph in compressed rows: the edges at vertex `v` are
/// `edges[start[v]..start[v + 1]]`, in input order; a loop is listed once, or not at all.
#[derive(Clone, Debug)]
pub(crate) struct Adjacency {
    /// The ends of every edge, by edge index.
    pub ends: Vec<(u32, u32)>,
    start: Vec<u32>,
    edges: Vec<u32>,
}

impl Adjacency {
    /// The adjacency of the edges `ends` on vertices `0..n`, with their loops or without.
    pub fn new(n: usize, ends: Vec<(u32, u32)>, loops: bool) -> Adjacency {
        let listed = |(a, b): (u32, u32)| a != b || loops;
        let mut start = vec![0u32; n + 1];
        for &(a, b) in &ends {
            if listed((a, b)) {
                start[a as usize + 1] += 1;
                if a != b {
                    start[b as usize + 1] += 1;
                }
            }
        }
        for v in 0..n {
            start[v + 1] += start[v];
        }
        let mut fill = start.clone();
        let mut edges = vec![0u32; start[n] as usize];
        for (e, &(a, b)) in ends.iter().enumerate() {
            if listed((a, b)) {
                edges[fill[a as usize] as usize] = e as u32;
                fill[a as usize] += 1;
                if a != b {
                    edges[fill[b as usize] as usize] = e as u32;
                    fill[b as usize] += 1;
                }
            }
        }
        Adjacency { ends, start, edges }
    }

    /// The edges listed at `v`, in input order.
    pub fn edges_at(&self, v: u32) -> &[u32] {
        &self.edges[self.start[v as usize] as usize..self.start[v as usize + 1] as usize]
    }

    /// The end of edge `e` other than `v` (`v` for a loop).
    pub fn other_end(&self, e: u32, v: u32) -> u32 {
        let (a, b) = self.ends[e as usize];
        a ^ b ^ v
    }
}

impl Arcs for Adjacency {
    fn first(&self, v: u32) -> u32 {
        self.start[v as usize]
    }

    fn next(&self, v: u32, cursor: u32) -> Option<(u32, u32, u32)> {
        if cursor >= self.start[v as usize + 1] {
            return None;
        }
        let e = self.edges[cursor as usize];
        Some((e, self.other_end(e, v), cursor + 1))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn steps(n: usize, ends: &[(u32, u32)]) -> Vec<Step> {
        let adjacency = Adjacency::new(n, ends.to_vec(), true);
        let mut steps = Vec::new();
        walk(&adjacency, n, 0, |step| {
            steps.push(step);
            Ok::<_, ()>(())
        })
        .unwrap();
        steps
    }

    #[test]
    fn tree_back_and_finish_steps() {
        // 0-1, 1-2, 2-0 (a triangle), a loop at 2, a parallel edge 0-1, and 3 alone.
        let got = steps(4, &[(0, 1), (1, 2), (2, 0), (2, 2), (0, 1)]);
        use Step::*;
        assert_eq!(
            got,
            vec![
                Tree {
                    from: 0,
                    to: 1,
                    edge: 0,
                    pre: 1
                },
                Tree {
                    from: 1,
                    to: 2,
                    edge: 1,
                    pre: 2
                },
                Back {
                    from: 2,
                    to: 0,
                    edge: 2,
                    pre: 0
                },
                Back {
                    from: 2,
                    to: 2,
                    edge: 3,
                    pre: 2
                },
                Finish {
                    vertex: 2,
                    pre: 2,
                    low: 0,
                    parent: Some((1, 1, 1))
                },
                Back {
                    from: 1,
                    to: 0,
                    edge: 4,
                    pre: 0
                },
                Finish {
                    vertex: 1,
                    pre: 1,
                    low: 0,
                    parent: Some((0, 0, 0))
                },
                Finish {
                    vertex: 0,
                    pre: 0,
                    low: 0,
                    parent: None
                },
            ]
        );
    }

    #[test]
    fn low_links_say_which_tree_edges_are_bridges() {
        // 0-1, then 1-2 twice: the edge above 1 is a bridge, the one above 2 is not.
        let lows: Vec<(u32, u32, u32)> = steps(3, &[(0, 1), (1, 2), (2, 1)])
            .into_iter()
            .filter_map(|step| match step {
                Step::Finish {
                    vertex, pre, low, ..
                } => Some((vertex, pre, low)),
                _ => None,
            })
            .collect();
        assert_eq!(lows, vec![(2, 2, 1), (1, 1, 1), (0, 0, 0)]);
    }

    #[test]
    fn long_paths_need_no_stack() {
        let n = 1_000_000u32;
        let ends: Vec<(u32, u32)> = (0..n - 1).map(|i| (i, i + 1)).collect();
        let adjacency = Adjacency::new(n as usize, ends, false);
        let visited = walk(&adjacency, n as usize, 0, |_| Ok::<_, ()>(())).unwrap();
        assert_eq!(visited.pre[n as usize - 1], n - 1);
    }

    #[test]
    fn errors_stop_the_search() {
        let adjacency = Adjacency::new(3, vec![(0, 1), (1, 2)], false);
        let mut seen = 0;
        let result = walk(&adjacency, 3, 0, |_| {
            seen += 1;
            if seen == 2 { Err("stop") } else { Ok(()) }
        });
        assert_eq!(result.err(), Some("stop"));
        assert_eq!(seen, 2);
    }
}
