//! Position -> hb text: the writer of the native format (`hackenbush gen -f hb`,
//! `hackenbush convert --to hb`). Read back by [`syntax::hb`](super), it gives the same
//! graphs in the same order with the same edges in the same order.
//!
//! Vertices are named as the position names them (numbers as numbers, names as
//! identifiers); what hb cannot express and the game does not see is left out: vertices
//! without edges, and ground vertices without edges in a graph that has edges (the reader
//! rejects those as typos). Edges are written as chains `a-b-c`, where one edge starts
//! where the previous one ended, several per line, lines of about 72 characters.

use std::collections::HashSet;
use std::io::{self, Write};

use crate::diagnostic::Diagnostic;
use crate::syntax::write::{Out, Put, WriteError, buffered, decimal_len, written_ground};
use crate::syntax::{Colour, GraphDecl, Position, VertexName, Vertices};

/// Lines of hb edges stop growing at about this many bytes.
const LINE: usize = 72;

/// Writes `position` in the hb format: one `graph: NAME` section per graph, separated by
/// blank lines.
pub fn write<W: Write>(out: &mut W, position: &Position) -> Result<(), WriteError> {
    if let Some(refusal) = position.graphs.iter().find_map(refusal) {
        return Err(refusal.into());
    }
    let mut o = buffered(out);
    for (i, graph) in position.graphs.iter().enumerate() {
        if i > 0 {
            o.byte(b'\n')?;
        }
        write_graph(&mut o, graph, i)?;
    }
    o.flush()?;
    Ok(())
}

/// What hb cannot write in `graph`: a graph name that is not the rest of a line, or a
/// vertex name, of a vertex hb writes, that is neither an identifier nor a number.
pub(crate) fn refusal(graph: &GraphDecl) -> Option<Diagnostic> {
    let name = graph.name.as_deref().unwrap_or("");
    if name.chars().any(crate::wording::acts) && !name.contains(['\r', '\n']) {
        return Some(
            Diagnostic::new(
                graph.span,
                format!(
                    "hb cannot write the graph name {name:?}: it holds a character that \
                     would act on a terminal (a control character or a bidirectional \
                     override)"
                ),
                "the graph of that name",
            )
            .with_help("write json, which escapes it, or dot"),
        );
    }
    if name.contains(['#', '\r', '\n']) || name.trim_matches([' ', '\t']) != name {
        return Some(
            Diagnostic::new(
                graph.span,
                format!(
                    "hb cannot write the graph name {name:?}: it contains `#` or a line \
                     break, or starts or ends with a blank"
                ),
                "the graph of that name",
            )
            .with_help("write json or dot, which take any name"),
        );
    }
    // The vertices whose names hb cannot write, then the first of them that it writes.
    let unwritable: HashSet<u32> = match &graph.vertices {
        Vertices::Numbered(_) => return None,
        Vertices::Named(names) => (0..names.len() as u32)
            .filter(
                |&id| matches!(&names[id as usize], VertexName::Name(s) if !is_hb_identifier(s)),
            )
            .collect(),
        // The names made up for unlabelled vertices (`ground`, `v1`, `v1'`) are
        // identifiers; a label is written as it is.
        Vertices::Labelled(labels) => (labels.labels())
            .filter(|(_, label)| !is_hb_identifier(label) && !is_canonical_number(label))
            .map(|(id, _)| id)
            .collect(),
    };
    if unwritable.is_empty() {
        return None;
    }
    let in_edges = (graph.edges.iter()).find_map(|e| {
        [e.u, e.v]
            .into_iter()
            .find(|v| unwritable.contains(v))
            .map(|v| (e.span, v))
    });
    let (span, id) = in_edges.or_else(|| {
        let g = written_ground(graph)
            .into_iter()
            .find(|g| unwritable.contains(g))?;
        Some((graph.span, g))
    })?;
    let name = graph.vertices.name(id).to_string();
    Some(
        Diagnostic::new(
            span,
            format!("hb cannot write the vertex name {name:?}: it is not an identifier"),
            "a vertex hb cannot name",
        )
        .with_help(
            "an hb vertex is a number or an identifier (a letter or `_`, then letters, \
             digits, `_`, `'` or `.`); write json or dot, which take any name",
        ),
    )
}

fn write_graph<W: Write>(
    o: &mut Out<'_, W>,
    graph: &GraphDecl,
    index: usize,
) -> Result<(), WriteError> {
    let name = graph.written_name(index).unwrap_or_default();
    o.bytes(b"graph:")?;
    if !name.is_empty() {
        o.byte(b' ')?;
        o.bytes(name.as_bytes())?;
    }
    o.byte(b'\n')?;
    let ground = written_ground(graph);
    if !ground.is_empty() {
        o.bytes(b"ground:")?;
        for g in ground {
            o.byte(b' ')?;
            write_vertex(o, &graph.vertices, g)?;
        }
        o.byte(b'\n')?;
    }
    // Chains: an edge starting where the previous one ended extends it. A line holds
    // edges of one colour, and a blue or red line starts with its colour (`blue: `).
    let mut line = 0;
    let mut last = None;
    let mut line_colour = Colour::Green;
    for e in &graph.edges {
        if line > 0 && e.colour != line_colour {
            o.byte(b'\n')?;
            line = 0;
        }
        if line > 0 && last == Some(e.u) && line < LINE {
            o.byte(b'-')?;
            line += 1 + write_vertex(o, &graph.vertices, e.v)?;
        } else {
            if line >= LINE {
                o.byte(b'\n')?;
                line = 0;
            } else if line > 0 {
                o.bytes(b"  ")?;
                line += 2;
            }
            if line == 0 {
                line_colour = e.colour;
                if e.colour != Colour::Green {
                    o.bytes(e.colour.name().as_bytes())?;
                    o.bytes(b": ")?;
                    line += e.colour.name().len() + 2;
                }
            }
            line += write_vertex(o, &graph.vertices, e.u)?;
            o.byte(b'-')?;
            line += 1 + write_vertex(o, &graph.vertices, e.v)?;
        }
        last = Some(e.v);
    }
    if line > 0 {
        o.byte(b'\n')?;
    }
    Ok(())
}

/// Writes vertex `id`; returns how many bytes.
#[inline]
fn write_vertex<W: Write>(o: &mut Out<'_, W>, vertices: &Vertices, id: u32) -> io::Result<usize> {
    match vertices {
        Vertices::Numbered(_) => {
            let n = u64::from(id) + 1;
            o.uint(n)?;
            Ok(decimal_len(n))
        }
        Vertices::Named(names) => match &names[id as usize] {
            VertexName::Number(n) => {
                o.uint(*n)?;
                Ok(decimal_len(*n))
            }
            VertexName::Name(s) => {
                o.bytes(s.as_bytes())?;
                Ok(s.len())
            }
        },
        Vertices::Labelled(labels) => {
            let s = labels.name(id);
            o.bytes(s.as_bytes())?;
            Ok(s.len())
        }
    }
}

/// `identifier = ( letter | "_" ), { letter | digit | "_" | "'" | "." }` (hb grammar).
fn is_hb_identifier(s: &str) -> bool {
    let mut chars = s.chars();
    chars.next().is_some_and(|c| c.is_alphabetic() || c == '_')
        && chars.all(|c| c.is_alphanumeric() || matches!(c, '_' | '\'' | '.'))
}

/// Whether `s` is a number as hb reads it back unchanged: decimal digits without a
/// leading zero (hb reads `07` as `7`), within 64 bits.
fn is_canonical_number(s: &str) -> bool {
    s.parse::<u64>().is_ok_and(|n| n.to_string() == s)
}
