//! Position -> cgsuite text: one line per position, its graphs as CGSuite Hackenbush
//! strings joined by ` + ` (`grammars/cgsuite.ebnf`). A string starts at the ground, so
//! the ground vertices are one vertex and the edges not attached to the ground are left
//! out (they are never moves). [`write`] lists each graph's edges along a depth-first
//! search from the ground; [`write_kept`](super::write_kept) keeps them in input order, or
//! refuses.

use std::io::{self, Write};

use crate::dfs::{self, Adjacency, Step};
use crate::diagnostic::Diagnostic;
use crate::syntax::write::{Out, Put, WriteError, buffered};
use crate::syntax::{Colour, GraphDecl, Position};

/// Writes `position` as one line of the cgsuite format (`grammars/cgsuite.ebnf`): its
/// graphs as CGSuite Hackenbush strings separated by ` + `. Several positions written
/// one after another make a file of one position per line.
///
/// Each graph is written as a depth-first search from the ground, all of whose vertices
/// are the one vertex the string starts at (fusing ground vertices does not change the
/// game). An edge of the search tree is `e`, followed by what hangs from its top: nothing,
/// one branch written inline, or several in one group `(a;b;...)`. Every other edge
/// (a cycle's closing edge, a loop, a second parallel edge) is `e:{vN}`, an edge up to a
/// labelled vertex, always one written before it; labels are `ground` for the ground and
/// `v1`, `v2`, ... in the order the vertices appear. So a path is `eee...`, with no
/// brackets, and brackets nest only at branch points; nothing is recursive, so a path of
/// 10^7 edges is written as fast as in the other formats.
///
/// What CGSuite strings cannot say is left out, without changing the game: the **edges
/// not attached to the ground** (a string starts at the ground; such edges are never
/// moves), vertex names (the labels are made up) and graph names. A graph with nothing
/// attached to the ground is `.`, the lone ground (worth 0), and so is a position of no
/// graphs (the format has no empty position; one graph worth 0 is the same game).
///
/// ```
/// use hackenbush::generate::{Cycle, Shape};
/// use hackenbush::syntax::cgsuite;
///
/// let position = Shape::Cycle(Cycle { graphs: 2, edges: 3, trees: false }).position(0, 0);
/// let mut text = Vec::new();
/// cgsuite::write(&mut text, &position).unwrap();
/// assert_eq!(text, b":{ground}eee:{ground} + :{ground}eee:{ground}\n");
/// ```
pub fn write<W: Write>(out: &mut W, position: &Position) -> Result<(), WriteError> {
    line(out, position, write_graph)
}

/// Writes `position` as one line of the cgsuite format, each graph written by
/// `write_graph`: the graphs joined by ` + `, a position of no graphs as `.`. Refuses what
/// [`refusal`] finds before writing anything.
pub(crate) fn line<W: Write>(
    out: &mut W,
    position: &Position,
    mut write_graph: impl FnMut(&mut Out<'_, W>, &GraphDecl) -> Result<(), WriteError>,
) -> Result<(), WriteError> {
    if let Some(refusal) = position.graphs.iter().find_map(refusal) {
        return Err(refusal.into());
    }
    let mut o = buffered(out);
    if position.graphs.is_empty() {
        o.byte(b'.')?;
    }
    for (i, decl) in position.graphs.iter().enumerate() {
        if i > 0 {
            o.bytes(b" + ")?;
        }
        write_graph(&mut o, decl)?;
    }
    o.byte(b'\n')?;
    o.flush()?;
    Ok(())
}

/// What cgsuite cannot write in `graph`: more edges than its nodes can be counted in 32
/// bits (never from a file, which holds fewer than 2^32 bytes).
pub(crate) fn refusal(graph: &GraphDecl) -> Option<Diagnostic> {
    (u32::try_from(2 * graph.edges.len() + 1).is_err()).then(|| {
        Diagnostic::new(
            graph.span,
            "too many edges for cgsuite",
            "a graph of 2^31 edges or more",
        )
    })
}

/// The ends of `graph`'s edges as nodes of the string: node 0 is the ground, every
/// ground vertex fused into it (fusing ground vertices does not change the game); the
/// other vertices that edges touch are nodes 1, 2, ... in order of first appearance. With
/// the number of nodes. Nothing is sized by the vertex table, which may be a count the
/// input claims (a christmas tree's `m`) rather than vertices it has.
pub(crate) fn fused_ends(graph: &GraphDecl) -> (Vec<(u32, u32)>, usize) {
    const NEW: u32 = u32::MAX;
    let ends_count = 2 * graph.edges.len() + graph.ground.len();
    let mut next = 1u32;
    let mut ends = Vec::with_capacity(graph.edges.len());
    // Vertex id -> node: a table when the vertex table is about as large as what the
    // edges touch, else a map.
    if graph.vertices.len() <= 2 * ends_count + 64 {
        let mut node = vec![NEW; graph.vertices.len()];
        for &g in &graph.ground {
            node[g as usize] = 0;
        }
        let mut of = |v: u32| {
            let n = &mut node[v as usize];
            if *n == NEW {
                *n = next;
                next += 1;
            }
            *n
        };
        for e in &graph.edges {
            ends.push((of(e.u), of(e.v)));
        }
    } else {
        let mut node: hashbrown::HashMap<u32, u32> = graph.ground.iter().map(|&g| (g, 0)).collect();
        for e in &graph.edges {
            let mut of = |v: u32| {
                *node.entry(v).or_insert_with(|| {
                    next += 1;
                    next - 1
                })
            };
            ends.push((of(e.u), of(e.v)));
        }
    }
    (ends, next as usize)
}

fn write_graph<W: Write>(o: &mut Out<'_, W>, graph: &GraphDecl) -> Result<(), WriteError> {
    let (ends, n) = fused_ends(graph);
    let root = 0;
    let adjacency = Adjacency::new(n, ends, true);
    // The search from the ground, walked twice: first to count what every node writes
    // (tree edges to its children and edges up to an ancestor or itself, counted up to
    // 2: 2 or more make a group) and which nodes an edge goes up to (they need labels),
    // then to write. An edge down to a descendant was written from below.
    let mut items = vec![0u8; n];
    let mut labelled = vec![false; n];
    let _ = dfs::walk(&adjacency, n, root, |step| {
        match step {
            Step::Tree { from, .. } => items[from as usize] = (items[from as usize] + 1).min(2),
            Step::Back { from, to, .. } => {
                items[from as usize] = (items[from as usize] + 1).min(2);
                labelled[to as usize] = true;
            }
            Step::Finish { .. } => {}
        }
        Ok::<_, std::convert::Infallible>(())
    });
    let ground = root as usize;
    if labelled[ground] {
        o.bytes(b":{ground}")?;
    } else if items[ground] == 0 {
        o.byte(b'.')?;
    }
    if items[ground] >= 2 {
        o.byte(b'(')?;
    }
    // Per node: its label number `N` (`:{vN}`), 0 until it is written; whether it has
    // written an item yet (the next one follows a `;`).
    let mut label = vec![0u32; n];
    let mut started = vec![false; n];
    let mut labels = 0u32;
    dfs::walk(&adjacency, n, root, |step| -> io::Result<()> {
        let edge_from = |from: u32, edge: u32, o: &mut Out<'_, W>, started: &mut Vec<bool>| {
            if std::mem::replace(&mut started[from as usize], true) {
                o.byte(b';')?;
            }
            o.byte(letter(graph.edges[edge as usize].colour))
        };
        match step {
            Step::Tree { from, to, edge, .. } => {
                edge_from(from, edge, o, &mut started)?;
                if labelled[to as usize] {
                    labels += 1;
                    label[to as usize] = labels;
                    write_label(o, labels)?;
                }
                if items[to as usize] >= 2 {
                    o.byte(b'(')?;
                }
            }
            Step::Back { from, to, edge, .. } => {
                edge_from(from, edge, o, &mut started)?;
                if to == root {
                    o.bytes(b":{ground}")?;
                } else {
                    debug_assert!(label[to as usize] > 0, "an ancestor is written before");
                    write_label(o, label[to as usize])?;
                }
            }
            Step::Finish { vertex, .. } => {
                if items[vertex as usize] >= 2 {
                    o.byte(b')')?;
                }
            }
        }
        Ok(())
    })?;
    Ok(())
}

/// The letter of an edge of `colour`: `e` (green), `l` (blue, Left's), `r` (red).
#[inline]
pub(crate) fn letter(colour: Colour) -> u8 {
    match colour {
        Colour::Green => b'e',
        Colour::Blue => b'l',
        Colour::Red => b'r',
    }
}

/// `:{vN}`.
#[inline]
pub(crate) fn write_label<W: Write>(o: &mut Out<'_, W>, n: u32) -> io::Result<()> {
    o.bytes(b":{v")?;
    o.uint(u64::from(n))?;
    o.byte(b'}')
}
