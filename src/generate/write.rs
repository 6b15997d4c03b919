//! Positions -> text: a writer for each input format, all of which `hackenbush gen`
//! produces (hb, christmas, json, dot, cgsuite). Reading a position written in hb,
//! christmas, json or dot back with [`syntax::parse`](crate::syntax::parse) gives a
//! position with the same graphs, in the same order, with the same edges in the same
//! order, hence the same values and moves. cgsuite gives the same graphs in the same
//! order, worth the same, with the same winning moves, but only their edges attached to
//! the ground, in the order of a depth-first search (see below).
//!
//! What each format cannot say is handled so that the game does not change:
//!
//! - **hb** and **json** name vertices as the position does (numbers as numbers, names
//!   as identifiers or strings) and leave out what they cannot express and the game does
//!   not see: vertices without edges, and ground vertices without edges in a graph that
//!   has edges (the formats reject those as typos). hb writes edges as chains `a-b-c`
//!   where one edge starts where the previous one ended, several per line, lines of about
//!   72 characters; JSON writes 8 edges per line.
//! - **christmas** numbers the vertices of every tree `1..=m` and its vertex 1 is the
//!   ground. The ground vertices are fused into vertex 1 (fusing ground vertices does not
//!   change the game); the other vertices follow as 2, 3, ... in vertex id order (the
//!   order of first appearance), their names dropped. A graph with no ground vertex gets
//!   a vertex 1 of its own, with no edges, and its vertices become 2, 3, ...: as before,
//!   nothing is attached to the ground and the graph is worth 0. Graph names are dropped.
//! - **dot** is the picture of [`report::dot`](crate::report::dot) as written (no moves,
//!   not reduced), which needs the analysis of the position, with `ground=true` on the
//!   ground vertices (the boxes of the picture) so that the dot reader finds them.
//! - **cgsuite** ([`cgsuite`]) writes one line per position, its graphs as CGSuite
//!   Hackenbush strings joined by ` + `. A string starts at the ground, so the ground
//!   vertices are one vertex and the **edges not attached to the ground are left out**
//!   (they are never moves: the values and winning moves do not change, the edge counts
//!   do). Vertex names become made-up labels where a cycle needs one (`:{ground}`,
//!   `:{v1}`, ...), graph names are dropped, and a graph with nothing attached is `.`.
//!   ([`convert::cgsuite`](crate::convert::cgsuite) writes the edges in input order
//!   instead, or refuses.)
//!
//! What a format cannot write at all (a name hb cannot spell, a blue edge in christmas) is
//! refused before anything is written, with the reason and a place in the input
//! ([`refusal`]).
//!
//! The writers buffer their output in 64 KiB chunks and format integers by hand: a
//! christmas file of 10^7 edges takes well under a second.

use std::collections::HashSet;
use std::fmt;
use std::io::{self, BufWriter, Write};

use crate::dfs::{self, Adjacency, Step};
use crate::diagnostic::Diagnostic;
#[cfg(feature = "graphviz")]
use crate::report::dot;
use crate::syntax::{Colour, Format, GraphDecl, Position, VertexName, Vertices};

/// About how many bytes generating and writing a position of `shape` in `format` takes at
/// most: per edge, about 48 bytes (hb, json, christmas), 96 (cgsuite, which holds each
/// graph's search) or 320 (dot, which builds the picture first), and 16 per vertex. The
/// rates are twice or more what was measured on a million edges of every shape (hb 23 to
/// 31 bytes an edge, cgsuite 38 to 82, dot 120 to 293), so that the estimate is an upper
/// bound; `hackenbush gen` refuses a shape beyond `--max-memory` before allocating.
///
/// ```
/// use hackenbush::generate::{Path, Shape, write};
/// use hackenbush::syntax::Format;
///
/// let shape = Shape::Path(Path { graphs: 1, edges: 1_000_000 });
/// assert_eq!(write::memory_needed(&shape, Format::Hb), 80_000_000);
/// assert!(write::memory_needed(&shape, Format::Dot) > 300_000_000);
/// ```
pub fn memory_needed(shape: &super::Shape, format: Format) -> u64 {
    let per_edge = match format {
        Format::Dot => 320,
        Format::Cgsuite => 96,
        _ => 48,
    };
    (shape.most_edges().saturating_mul(per_edge))
        .saturating_add(shape.most_vertices().saturating_mul(16))
}

/// The formats the writers produce, in help order: all of them.
pub const FORMATS: [Format; 5] = Format::ALL;

/// Whether a file of `format` may hold several positions one after another: christmas
/// (test cases) and cgsuite (one position per line). An hb, JSON or dot file is exactly
/// one position (a dot file with several `graph`s is refused by the dot reader).
pub fn holds_several(format: Format) -> bool {
    matches!(format, Format::Christmas | Format::Cgsuite)
}

/// Why a position could not be written.
#[derive(Debug)]
#[non_exhaustive]
pub enum WriteError {
    /// The output failed.
    Io(io::Error),
    /// The format cannot express something in the position (a vertex name that is not an
    /// hb identifier, an empty JSON name, a format without a writer).
    Unwritable(String),
}

impl From<io::Error> for WriteError {
    fn from(e: io::Error) -> WriteError {
        WriteError::Io(e)
    }
}

impl From<Diagnostic> for WriteError {
    /// A [`refusal`] as the writers return it: its message, then its advice.
    fn from(refusal: Diagnostic) -> WriteError {
        WriteError::Unwritable(match refusal.help {
            Some(help) => format!("{}; {help}", refusal.message),
            None => refusal.message,
        })
    }
}

impl fmt::Display for WriteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WriteError::Io(e) => write!(f, "{e}"),
            WriteError::Unwritable(message) => f.write_str(message),
        }
    }
}

impl std::error::Error for WriteError {}

/// Writes `position` to `out` in `format`. `title` names the position in a dot picture
/// and is not used by the other formats.
///
/// ```
/// use hackenbush::generate::{Shape, Stalks, write};
/// use hackenbush::syntax::Format;
///
/// let position = Shape::Stalks(Stalks::heights(vec![2, 1])).position(0, 0);
/// let mut text = Vec::new();
/// write::position(&mut text, Format::Hb, &position, "stalks").unwrap();
/// assert_eq!(
///     String::from_utf8(text).unwrap(),
///     "graph: stalk 1\nground: g\ng-1-2\n\ngraph: stalk 2\nground: g\ng-1\n"
/// );
/// let mut text = Vec::new();
/// write::position(&mut text, Format::Christmas, &position, "").unwrap();
/// assert_eq!(text, b"2\n3 2\n1 2\n2 3\n2 1\n1 2\n");
/// ```
pub fn position<W: Write>(
    out: &mut W,
    format: Format,
    position: &Position,
    title: &str,
) -> Result<(), WriteError> {
    match format {
        Format::Hb => hb(out, position),
        Format::Christmas => christmas(out, position),
        Format::Json => json(out, position),
        #[cfg(feature = "graphviz")]
        Format::Dot => dot(out, position, title),
        #[cfg(not(feature = "graphviz"))]
        Format::Dot => {
            let _ = title;
            Err(WriteError::Unwritable(
                "this build writes no DOT (the library's `graphviz` feature is off)".into(),
            ))
        }
        Format::Cgsuite => cgsuite(out, position),
    }
}

/// What `format` cannot write in `position`, if anything: a diagnostic at the first
/// edge (or graph) it cannot write, with the reason and what to write instead. The writers
/// refuse exactly this, before they write anything, as [`WriteError::Unwritable`] (the
/// message, then the advice).
///
/// - hb: a graph name with `#`, a line break or another character that would act on a
///   terminal (hb has no escapes), or blanks around it; a vertex name that is neither an
///   identifier nor a number (only the vertices hb writes: ends of edges, and the ground);
/// - christmas: a blue or red edge (the format is green only);
/// - json: a vertex with an empty name;
/// - cgsuite: a graph of 2^32 - 1 edges or more;
/// - dot: nothing.
///
/// ```
/// use hackenbush::generate::write;
/// use hackenbush::source::Source;
/// use hackenbush::syntax::{self, Format};
///
/// let source = Source::from_text("flag.hb", "ground: g\ng-a\nblue: a-b\n")?;
/// let position = syntax::parse(Format::Hb, &source).next().unwrap()?;
/// let refusal = write::refusal(Format::Christmas, &position).unwrap();
/// assert_eq!(refusal.message, "christmas is green only: it cannot write a blue edge");
/// assert_eq!(&source.bytes()[refusal.span.range()], b"a-b");
/// assert!(write::refusal(Format::Json, &position).is_none());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn refusal(format: Format, position: &Position) -> Option<Diagnostic> {
    let graphs = &position.graphs;
    match format {
        Format::Hb => graphs.iter().find_map(hb_refusal),
        Format::Christmas => christmas_refusal(position),
        Format::Json => graphs.iter().find_map(json_refusal),
        Format::Dot => None,
        Format::Cgsuite => graphs.iter().find_map(cgsuite_refusal),
    }
}

// ---------------------------------------------------------------------------------------
// Output

/// What the writers write through: a buffer of 64 KiB, so that a file of 10^7 edges is
/// written in large blocks.
pub(crate) type Out<'a, W> = BufWriter<&'a mut W>;

/// `inner` behind a buffer of 64 KiB.
pub(crate) fn buffered<W: Write>(inner: &mut W) -> Out<'_, W> {
    BufWriter::with_capacity(1 << 16, inner)
}

/// Bytes and decimal numbers, on any writer.
pub(crate) trait Put: Write {
    #[inline]
    fn byte(&mut self, b: u8) -> io::Result<()> {
        self.write_all(&[b])
    }

    #[inline]
    fn bytes(&mut self, bytes: &[u8]) -> io::Result<()> {
        self.write_all(bytes)
    }

    /// `n` in decimal.
    #[inline]
    fn uint(&mut self, n: u64) -> io::Result<()> {
        self.write_all(itoa::Buffer::new().format(n).as_bytes())
    }
}

impl<W: Write> Put for W {}

/// How many bytes `n` takes in decimal.
fn decimal_len(n: u64) -> usize {
    n.checked_ilog10().map_or(1, |l| l as usize + 1)
}

/// The ground vertices hb and JSON write: all of them when the graph has no edges,
/// otherwise those that are ends of edges (the formats reject the others as typos).
fn written_ground(graph: &GraphDecl) -> Vec<u32> {
    if graph.edges.is_empty() {
        return graph.ground.clone();
    }
    let mut missing: HashSet<u32> = graph.ground.iter().copied().collect();
    for e in &graph.edges {
        if missing.is_empty() {
            break;
        }
        missing.remove(&e.u);
        missing.remove(&e.v);
    }
    graph
        .ground
        .iter()
        .copied()
        .filter(|g| !missing.contains(g))
        .collect()
}

// ---------------------------------------------------------------------------------------
// hb

/// Lines of hb edges stop growing at about this many bytes.
const HB_LINE: usize = 72;

/// Writes `position` in the hb format: one `graph: NAME` section per graph, separated by
/// blank lines.
pub fn hb<W: Write>(out: &mut W, position: &Position) -> Result<(), WriteError> {
    if let Some(refusal) = position.graphs.iter().find_map(hb_refusal) {
        return Err(refusal.into());
    }
    let mut o = buffered(out);
    for (i, graph) in position.graphs.iter().enumerate() {
        if i > 0 {
            o.byte(b'\n')?;
        }
        hb_graph(&mut o, graph)?;
    }
    o.flush()?;
    Ok(())
}

/// What hb cannot write in `graph`: a graph name that is not the rest of a line, or a
/// vertex name, of a vertex hb writes, that is neither an identifier nor a number.
fn hb_refusal(graph: &GraphDecl) -> Option<Diagnostic> {
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

fn hb_graph<W: Write>(o: &mut Out<'_, W>, graph: &GraphDecl) -> Result<(), WriteError> {
    let name = graph.name.as_deref().unwrap_or("");
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
            hb_vertex(o, &graph.vertices, g)?;
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
        if line > 0 && last == Some(e.u) && line < HB_LINE {
            o.byte(b'-')?;
            line += 1 + hb_vertex(o, &graph.vertices, e.v)?;
        } else {
            if line >= HB_LINE {
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
            line += hb_vertex(o, &graph.vertices, e.u)?;
            o.byte(b'-')?;
            line += 1 + hb_vertex(o, &graph.vertices, e.v)?;
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
fn hb_vertex<W: Write>(o: &mut Out<'_, W>, vertices: &Vertices, id: u32) -> io::Result<usize> {
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

// ---------------------------------------------------------------------------------------
// christmas

/// Writes `position` as one christmas test case: the number of trees, then per tree
/// `m k` and `k` lines `u v`. Several positions written one after another make a file of
/// several test cases.
pub fn christmas<W: Write>(out: &mut W, position: &Position) -> Result<(), WriteError> {
    if let Some(refusal) = christmas_refusal(position) {
        return Err(refusal.into());
    }
    let mut o = buffered(out);
    o.uint(position.graphs.len() as u64)?;
    o.byte(b'\n')?;
    for graph in &position.graphs {
        christmas_tree(&mut o, graph)?;
    }
    o.flush()?;
    Ok(())
}

/// What christmas cannot write in `position`: its first blue or red edge.
fn christmas_refusal(position: &Position) -> Option<Diagnostic> {
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

fn christmas_tree<W: Write>(o: &mut Out<'_, W>, graph: &GraphDecl) -> io::Result<()> {
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

// ---------------------------------------------------------------------------------------
// json

/// Edges per line in JSON.
const JSON_EDGES_PER_LINE: usize = 8;

/// Writes `position` as one JSON document `{"graphs": [...]}`, one graph per line (its
/// edges on lines of their own).
pub fn json<W: Write>(out: &mut W, position: &Position) -> Result<(), WriteError> {
    if let Some(refusal) = position.graphs.iter().find_map(json_refusal) {
        return Err(refusal.into());
    }
    let mut o = buffered(out);
    o.bytes(b"{\"graphs\": [")?;
    for (i, graph) in position.graphs.iter().enumerate() {
        o.bytes(if i == 0 { b"\n  " } else { b",\n  " })?;
        json_graph(&mut o, graph)?;
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
fn json_refusal(graph: &GraphDecl) -> Option<Diagnostic> {
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

fn json_graph<W: Write>(o: &mut Out<'_, W>, graph: &GraphDecl) -> Result<(), WriteError> {
    o.byte(b'{')?;
    if let Some(name) = &graph.name {
        o.bytes(b"\"name\": ")?;
        json_string(o, name)?;
        o.bytes(b", ")?;
    }
    o.bytes(b"\"ground\": [")?;
    for (i, g) in written_ground(graph).into_iter().enumerate() {
        if i > 0 {
            o.bytes(b", ")?;
        }
        json_vertex(o, &graph.vertices, g)?;
    }
    o.bytes(b"], \"edges\": [")?;
    for (j, e) in graph.edges.iter().enumerate() {
        if j % JSON_EDGES_PER_LINE == 0 {
            o.bytes(if j == 0 { b"\n    " } else { b",\n    " })?;
        } else {
            o.bytes(b", ")?;
        }
        o.byte(b'[')?;
        json_vertex(o, &graph.vertices, e.u)?;
        o.bytes(b", ")?;
        json_vertex(o, &graph.vertices, e.v)?;
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
fn json_vertex<W: Write>(o: &mut Out<'_, W>, vertices: &Vertices, id: u32) -> io::Result<()> {
    match vertices {
        Vertices::Numbered(_) => o.uint(u64::from(id) + 1),
        Vertices::Named(names) => match &names[id as usize] {
            VertexName::Number(n) => o.uint(*n),
            VertexName::Name(s) => json_string(o, s),
        },
        Vertices::Labelled(labels) => json_string(o, &labels.name(id)),
    }
}

/// A JSON string (RFC 8259): `"` and `\` escaped, control characters as `\n`, `\t`, or
/// `\u00XX`, and every other character that would act on a terminal rather than show
/// (DEL, C1 controls, line and paragraph separators, bidirectional overrides:
/// [`acts`](crate::wording::acts)) as `\uXXXX`, which reads back as the same
/// character. So a converted name cannot send a command to the terminal it is shown on.
fn json_string<W: Write>(o: &mut Out<'_, W>, s: &str) -> io::Result<()> {
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

// ---------------------------------------------------------------------------------------
// cgsuite

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
/// use hackenbush::generate::{Cycle, Shape, write};
///
/// let position = Shape::Cycle(Cycle { graphs: 2, edges: 3, trees: false }).position(0, 0);
/// let mut text = Vec::new();
/// write::cgsuite(&mut text, &position).unwrap();
/// assert_eq!(text, b":{ground}eee:{ground} + :{ground}eee:{ground}\n");
/// ```
pub fn cgsuite<W: Write>(out: &mut W, position: &Position) -> Result<(), WriteError> {
    cgsuite_line(out, position, cgsuite_graph)
}

/// Writes `position` as one line of the cgsuite format, each graph written by `graph`:
/// the graphs joined by ` + `, a position of no graphs as `.`. Refuses what
/// [`cgsuite_refusal`] finds before writing anything.
pub(crate) fn cgsuite_line<W: Write>(
    out: &mut W,
    position: &Position,
    mut graph: impl FnMut(&mut Out<'_, W>, &GraphDecl) -> Result<(), WriteError>,
) -> Result<(), WriteError> {
    if let Some(refusal) = position.graphs.iter().find_map(cgsuite_refusal) {
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
        graph(&mut o, decl)?;
    }
    o.byte(b'\n')?;
    o.flush()?;
    Ok(())
}

/// What cgsuite cannot write in `graph`: more edges than its nodes can be counted in 32
/// bits (never from a file, which holds fewer than 2^32 bytes).
fn cgsuite_refusal(graph: &GraphDecl) -> Option<Diagnostic> {
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

fn cgsuite_graph<W: Write>(o: &mut Out<'_, W>, graph: &GraphDecl) -> Result<(), WriteError> {
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
            o.byte(cgsuite_letter(graph.edges[edge as usize].colour))
        };
        match step {
            Step::Tree { from, to, edge, .. } => {
                edge_from(from, edge, o, &mut started)?;
                if labelled[to as usize] {
                    labels += 1;
                    label[to as usize] = labels;
                    cgsuite_label(o, labels)?;
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
                    cgsuite_label(o, label[to as usize])?;
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
pub(crate) fn cgsuite_letter(colour: Colour) -> u8 {
    match colour {
        Colour::Green => b'e',
        Colour::Blue => b'l',
        Colour::Red => b'r',
    }
}

/// `:{vN}`.
#[inline]
pub(crate) fn cgsuite_label<W: Write>(o: &mut Out<'_, W>, n: u32) -> io::Result<()> {
    o.bytes(b":{v")?;
    o.uint(u64::from(n))?;
    o.byte(b'}')
}

// ---------------------------------------------------------------------------------------
// dot

/// Writes the Graphviz picture of `position` titled `title` ([`report::dot`] as written:
/// no moves, not reduced; its ground nodes carry `ground=true`, so the dot reader reads
/// it back). The position is analysed to colour its blocks.
///
/// [`report::dot`]: crate::report::dot
#[cfg(feature = "graphviz")]
pub fn dot<W: Write>(out: &mut W, position: &Position, title: &str) -> Result<(), WriteError> {
    let mut text = String::new();
    let mut drawing = dot::Drawing::begin(&mut text, title, &dot::Options::default());
    for (i, decl) in position.graphs.iter().enumerate() {
        let graph = crate::model::Graph::build(decl.clone(), i);
        let analysis = crate::analysis::breakdown(&graph);
        drawing.graph(&mut text, &graph, &analysis, &[]);
        out.write_all(text.as_bytes())?;
        text.clear();
    }
    drawing.finish(&mut text);
    out.write_all(text.as_bytes())?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::source::Span;
    use crate::syntax::EdgeDecl;

    fn graph(vertices: Vertices, ground: Vec<u32>, edges: &[(u32, u32)]) -> GraphDecl {
        GraphDecl {
            name: Some("g".into()),
            span: Span::default(),
            kind: crate::syntax::GraphKind::Graph,
            vertices,
            ground,
            edges: edges
                .iter()
                .map(|&(u, v)| EdgeDecl::new(u, v, Span::default()))
                .collect(),
        }
    }

    fn text(format: Format, graphs: Vec<GraphDecl>) -> String {
        let position = Position {
            case: None,
            span: Span::default(),
            graphs,
            warnings: Vec::new(),
        };
        let mut out = Vec::new();
        super::position(&mut out, format, &position, "t").unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn decimals() {
        for n in [0, 7, 10, 99, 100, 12345, u64::MAX] {
            let mut written = Vec::new();
            written.uint(n).unwrap();
            assert_eq!(written, n.to_string().as_bytes());
            assert_eq!(decimal_len(n), written.len());
        }
    }

    #[test]
    fn christmas_fuses_the_ground_and_numbers_the_rest() {
        // Ground ids 1 and 3 become vertex 1; ids 0, 2, 4 become 2, 3, 4.
        let g = graph(Vertices::Numbered(5), vec![3, 1], &[(0, 1), (2, 3), (4, 4)]);
        assert_eq!(text(Format::Christmas, vec![g]), "1\n4 3\n2 1\n3 1\n4 4\n");
        // No ground: a vertex 1 of its own.
        let g = graph(Vertices::Numbered(2), vec![], &[(0, 1)]);
        assert_eq!(text(Format::Christmas, vec![g]), "1\n3 1\n2 3\n");
        let g = graph(Vertices::Numbered(0), vec![], &[]);
        assert_eq!(text(Format::Christmas, vec![g]), "1\n1 0\n");
    }

    #[test]
    fn hb_chains_and_ground() {
        let names = Vertices::Named(vec![
            VertexName::Name("g".into()),
            VertexName::Number(7),
            VertexName::Name("x'".into()),
            VertexName::Name("h".into()),
        ]);
        // Ground `h` has no edge: left out.
        let g = graph(names, vec![0, 3], &[(0, 1), (1, 2), (0, 0), (2, 1)]);
        assert_eq!(
            text(Format::Hb, vec![g]),
            "graph: g\nground: g\ng-7-x'  g-g  x'-7\n"
        );
        let bad = graph(
            Vertices::Named(vec![VertexName::Name("a b".into())]),
            vec![0],
            &[],
        );
        let position = Position {
            case: None,
            span: Span::default(),
            graphs: vec![bad],
            warnings: Vec::new(),
        };
        let err = super::position(&mut Vec::new(), Format::Hb, &position, "").unwrap_err();
        assert!(err.to_string().contains("not an identifier"), "{err}");
    }

    #[test]
    fn json_escapes_and_layout() {
        let names = Vertices::Named(vec![
            VertexName::Name("a\"\\\n\u{1}é".into()),
            VertexName::Number(2),
        ]);
        let g = graph(names, vec![0], &[(0, 1)]);
        assert_eq!(
            text(Format::Json, vec![g]),
            "{\"graphs\": [\n  {\"name\": \"g\", \"ground\": [\"a\\\"\\\\\\n\\u0001é\"], \
             \"edges\": [\n    [\"a\\\"\\\\\\n\\u0001é\", 2]\n  ]}\n]}\n"
        );
        assert_eq!(text(Format::Json, vec![]), "{\"graphs\": []}\n");
    }

    fn parsed(format: Format, text: &str) -> (crate::source::Source, Position) {
        let source = crate::source::Source::from_text("t", text).unwrap();
        let position = crate::syntax::parse(format, &source)
            .next()
            .unwrap()
            .unwrap();
        (source, position)
    }

    #[test]
    fn refusals_point_at_the_first_thing_not_written() {
        // A cgsuite label is written as it is: hb takes identifiers and numbers only.
        let (source, position) = parsed(Format::Cgsuite, "e:7e:{x'}e:{a b}e:7\n");
        let named = refusal(Format::Hb, &position).unwrap();
        assert_eq!(
            named.message,
            "hb cannot write the vertex name \"a b\": it is not an identifier"
        );
        // The edge up to it, the third `e`.
        assert_eq!(
            &source.bytes()[named.span.start as usize..],
            b"e:{a b}e:7\n"
        );
        let err = super::position(&mut Vec::new(), Format::Hb, &position, "").unwrap_err();
        assert!(err.to_string().contains("; an hb vertex is"), "{err}");
        // hb has no escapes: a graph name that would act on a terminal is refused.
        let (_, position) = parsed(Format::Json, r#"{"graphs": [{"name": "x\u001b[2J"}]}"#);
        let acting = refusal(Format::Hb, &position).unwrap();
        assert!(
            acting.message.contains("would act on a terminal"),
            "{}",
            acting.message
        );
        assert_eq!(
            text(Format::Json, position.graphs),
            "{\"graphs\": [\n  {\"name\": \"x\\u001b[2J\", \"ground\": [], \"edges\": []}\n]}\n"
        );
        // A vertex hb does not write (no edge, not ground) may have any name.
        let (_, position) = parsed(Format::Dot, "graph { ground -- a; \"x y\" }");
        assert!(refusal(Format::Hb, &position).is_none());
        assert_eq!(
            text(Format::Hb, position.graphs),
            "graph:\nground: ground\nground-a\n"
        );
        let (source, position) = parsed(Format::Dot, "graph { ground -- a -- \"\" }");
        let empty = refusal(Format::Json, &position).unwrap();
        assert_eq!(&source.bytes()[empty.span.range()], b"a -- \"\"");
    }

    #[test]
    fn fused_ends_are_not_sized_by_a_claimed_vertex_count() {
        // A christmas tree claiming 2^32 - 2 vertices, of which two are used.
        let g = graph(
            Vertices::Numbered(u32::MAX - 1),
            vec![0],
            &[(0, u32::MAX - 2)],
        );
        assert_eq!(fused_ends(&g), (vec![(0, 1)], 2));
        assert_eq!(text(Format::Cgsuite, vec![g]), "e\n");
        // Every ground vertex is node 0; the others in order of first appearance.
        let g = graph(Vertices::Numbered(5), vec![3, 1], &[(4, 3), (2, 1), (2, 4)]);
        assert_eq!(fused_ends(&g), (vec![(1, 0), (2, 0), (2, 1)], 3));
    }
}
