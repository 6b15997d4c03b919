//! Position -> JSON text: the writer of the JSON input format. Vertices are named as the
//! position names them (numbers as numbers, names as strings); vertices without edges,
//! and ground vertices without edges in a graph that has edges, are left out (the reader
//! rejects those as typos). Eight edges per line.

use std::io::{self, Write};

use crate::diagnostic::Diagnostic;
use crate::syntax::write::{Out, Put, WriteError, buffered, written_ground};
use crate::syntax::{Colour, GraphDecl, Position, VertexName, Vertices};

/// Edges per line in JSON.
const JSON_EDGES_PER_LINE: usize = 8;

/// Writes `position` as one JSON document `{"graphs": [...]}`, one graph per line (its
/// edges on lines of their own).
pub fn write<W: Write>(out: &mut W, position: &Position) -> Result<(), WriteError> {
    if let Some(refusal) = position.graphs.iter().find_map(refusal) {
        return Err(refusal.into());
    }
    let mut o = buffered(out);
    o.bytes(b"{\"graphs\": [")?;
    for (i, graph) in position.graphs.iter().enumerate() {
        o.bytes(if i == 0 { b"\n  " } else { b",\n  " })?;
        write_graph(&mut o, graph, i)?;
    }
    o.bytes(if position.graphs.is_empty() {
        b"]}\n"
    } else {
        b"\n]}\n"
    })?;
    o.flush()?;
    Ok(())
}

/// What JSON cannot write in `graph`: a vertex with an empty name (names are unique, so
/// there is at most one), if it is written.
pub(crate) fn refusal(graph: &GraphDecl) -> Option<Diagnostic> {
    let Vertices::Named(names) = &graph.vertices else {
        return None;
    };
    let empty = names
        .iter()
        .position(|n| matches!(n, VertexName::Name(s) if s.is_empty()))? as u32;
    let span = match graph.edges.iter().find(|e| e.u == empty || e.v == empty) {
        Some(e) => e.span,
        None if written_ground(graph).contains(&empty) => graph.span,
        None => return None,
    };
    Some(
        Diagnostic::new(
            span,
            "JSON cannot write a vertex with an empty name",
            "a vertex named by the empty string",
        )
        .with_help("write dot, christmas or cgsuite"),
    )
}

fn write_graph<W: Write>(
    o: &mut Out<'_, W>,
    graph: &GraphDecl,
    index: usize,
) -> Result<(), WriteError> {
    o.byte(b'{')?;
    if let Some(name) = graph.written_name(index) {
        o.bytes(b"\"name\": ")?;
        write_string(o, &name)?;
        o.bytes(b", ")?;
    }
    o.bytes(b"\"ground\": [")?;
    for (i, g) in written_ground(graph).into_iter().enumerate() {
        if i > 0 {
            o.bytes(b", ")?;
        }
        write_vertex(o, &graph.vertices, g)?;
    }
    o.bytes(b"], \"edges\": [")?;
    for (j, e) in graph.edges.iter().enumerate() {
        if j % JSON_EDGES_PER_LINE == 0 {
            o.bytes(if j == 0 { b"\n    " } else { b",\n    " })?;
        } else {
            o.bytes(b", ")?;
        }
        o.byte(b'[')?;
        write_vertex(o, &graph.vertices, e.u)?;
        o.bytes(b", ")?;
        write_vertex(o, &graph.vertices, e.v)?;
        if e.colour != Colour::Green {
            o.bytes(b", \"")?;
            o.bytes(e.colour.name().as_bytes())?;
            o.byte(b'"')?;
        }
        o.byte(b']')?;
    }
    o.bytes(if graph.edges.is_empty() {
        b"]}"
    } else {
        b"\n  ]}"
    })?;
    Ok(())
}

#[inline]
fn write_vertex<W: Write>(o: &mut Out<'_, W>, vertices: &Vertices, id: u32) -> io::Result<()> {
    match vertices {
        Vertices::Numbered(_) => o.uint(u64::from(id) + 1),
        Vertices::Named(names) => match &names[id as usize] {
            VertexName::Number(n) => o.uint(*n),
            VertexName::Name(s) => write_string(o, s),
        },
        Vertices::Labelled(labels) => write_string(o, &labels.name(id)),
    }
}

/// A JSON string (RFC 8259): `"` and `\` escaped, control characters as `\n`, `\t`, or
/// `\u00XX`, and every other character that would act on a terminal rather than show
/// (DEL, C1 controls, line and paragraph separators, bidirectional overrides:
/// [`acts`](crate::wording::acts)) as `\uXXXX`, which reads back as the same
/// character. So a converted name cannot send a command to the terminal it is shown on.
fn write_string<W: Write>(o: &mut Out<'_, W>, s: &str) -> io::Result<()> {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    o.byte(b'"')?;
    for c in s.chars() {
        match c {
            '"' => o.bytes(b"\\\"")?,
            '\\' => o.bytes(b"\\\\")?,
            '\n' => o.bytes(b"\\n")?,
            '\r' => o.bytes(b"\\r")?,
            '\t' => o.bytes(b"\\t")?,
            // Every character that acts is in the Basic Multilingual Plane: one `\uXXXX`.
            c if crate::wording::acts(c) => {
                let n = c as u32;
                let digit = |shift: u32| HEX[((n >> shift) & 15) as usize];
                o.bytes(&[b'\\', b'u', digit(12), digit(8), digit(4), digit(0)])?;
            }
            c if c.is_ascii() => o.byte(c as u8)?,
            c => o.bytes(c.encode_utf8(&mut [0; 4]).as_bytes())?,
        }
    }
    o.byte(b'"')
}
