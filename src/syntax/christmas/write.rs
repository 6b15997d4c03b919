//! Position -> christmas text: the writer of the POJ 3710 judge format. Every tree's
//! vertices are numbered `1..=m` and its vertex 1 is the ground: the ground vertices are
//! fused into vertex 1 (fusing ground vertices does not change the game), the other
//! vertices follow as 2, 3, ... in vertex id order (the order of first appearance), their
//! names dropped. A graph with no ground vertex gets a vertex 1 of its own, with no edges,
//! and its vertices become 2, 3, ...: nothing is attached to the ground and the graph is
//! worth 0, as before. Graph names are dropped; blue and red edges are refused (the format
//! is green only).

use std::io::{self, Write};

use crate::diagnostic::Diagnostic;
use crate::syntax::write::{Out, Put, WriteError, buffered};
use crate::syntax::{Colour, GraphDecl, Position};

/// Writes `position` as one christmas test case: the number of trees, then per tree
/// `m k` and `k` lines `u v`. Several positions written one after another make a file of
/// several test cases.
pub fn write<W: Write>(out: &mut W, position: &Position) -> Result<(), WriteError> {
    if let Some(refusal) = refusal(position) {
        return Err(refusal.into());
    }
    let mut o = buffered(out);
    o.uint(position.graphs.len() as u64)?;
    o.byte(b'\n')?;
    for graph in &position.graphs {
        write_tree(&mut o, graph)?;
    }
    o.flush()?;
    Ok(())
}

/// What christmas cannot write in `position`: its first blue or red edge.
pub(crate) fn refusal(position: &Position) -> Option<Diagnostic> {
    let mut edges = position.graphs.iter().flat_map(|g| &g.edges);
    let e = edges.find(|e| e.colour != Colour::Green)?;
    let colour = e.colour.name();
    Some(
        Diagnostic::new(
            e.span,
            format!("christmas is green only: it cannot write a {colour} edge"),
            format!("a {colour} edge"),
        )
        .with_help("write hb, json, dot or cgsuite"),
    )
}

fn write_tree<W: Write>(o: &mut Out<'_, W>, graph: &GraphDecl) -> io::Result<()> {
    let n = graph.vertices.len() as u64;
    // Vertex id -> number: `None` is the identity (`id + 1`), when the ground is id 0.
    let (m, numbers) = if graph.ground == [0] {
        (n, None)
    } else {
        let mut numbers = vec![0u32; n as usize];
        for &g in &graph.ground {
            numbers[g as usize] = 1;
        }
        let mut next = 2u32;
        for number in &mut numbers {
            if *number == 0 {
                *number = next;
                next += 1;
            }
        }
        (u64::from(next) - 1, Some(numbers))
    };
    o.uint(m)?;
    o.byte(b' ')?;
    o.uint(graph.edges.len() as u64)?;
    o.byte(b'\n')?;
    let number = |id: u32| match &numbers {
        None => u64::from(id) + 1,
        Some(numbers) => u64::from(numbers[id as usize]),
    };
    for e in &graph.edges {
        o.uint(number(e.u))?;
        o.byte(b' ')?;
        o.uint(number(e.v))?;
        o.byte(b'\n')?;
    }
    Ok(())
}
