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
//!
//! The writers buffer their output in 64 KiB chunks and format integers by hand: a
//! christmas file of 10^7 edges takes well under a second.

use std::collections::HashSet;
use std::fmt;
use std::io::{self, BufWriter, Write};

use crate::dfs::{self, Adjacency, Step};
use crate::report::dot;
use crate::syntax::{Colour, Format, GraphDecl, Position, VertexName, Vertices};

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
        Format::Dot => dot(out, position, title),
        Format::Cgsuite => cgsuite(out, position),
    }
}

// ---------------------------------------------------------------------------------------
// Output

/// What the writers write through: a buffer of 64 KiB, so that a file of 10^7 edges is
/// written in large blocks.
type Out<'a, W> = BufWriter<&'a mut W>;

fn buffered<W: Write>(inner: &mut W) -> Out<'_, W> {
    BufWriter::with_capacity(1 << 16, inner)
}

/// Bytes and decimal numbers, on any writer.
trait Put: Write {
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

fn hb_graph<W: Write>(o: &mut Out<'_, W>, graph: &GraphDecl) -> Result<(), WriteError> {
    let name = graph.name.as_deref().unwrap_or("");
    if name.contains(['#', '\r', '\n']) || name.trim_matches([' ', '\t']) != name {
        return Err(WriteError::Unwritable(format!(
            "hb cannot write the graph name {name:?}: it contains `#` or a line break, or \
             starts or ends with a blank"
        )));
    }
    if let Vertices::Named(names) = &graph.vertices {
        for name in names {
            if let VertexName::Name(s) = name
                && !is_hb_identifier(s)
            {
                return Err(WriteError::Unwritable(format!(
                    "hb cannot write the vertex name {s:?}: it is not an identifier"
                )));
            }
        }
    }
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

// ---------------------------------------------------------------------------------------
// christmas

/// Writes `position` as one christmas test case: the number of trees, then per tree
/// `m k` and `k` lines `u v`. Several positions written one after another make a file of
/// several test cases.
pub fn christmas<W: Write>(out: &mut W, position: &Position) -> Result<(), WriteError> {
    let coloured = position.graphs.iter().flat_map(|g| &g.edges);
    if let Some(e) = coloured.into_iter().find(|e| e.colour != Colour::Green) {
        return Err(WriteError::Unwritable(format!(
            "christmas is green only: it cannot write a {} edge; write hb, json, dot or \
             cgsuite",
            e.colour.name()
        )));
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

fn json_graph<W: Write>(o: &mut Out<'_, W>, graph: &GraphDecl) -> Result<(), WriteError> {
    if let Vertices::Named(names) = &graph.vertices
        && names
            .iter()
            .any(|n| matches!(n, VertexName::Name(s) if s.is_empty()))
    {
        return Err(WriteError::Unwritable(
            "JSON cannot write a vertex with an empty name".into(),
        ));
    }
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
/// `\u00XX`.
fn json_string<W: Write>(o: &mut Out<'_, W>, s: &str) -> io::Result<()> {
    o.byte(b'"')?;
    for &b in s.as_bytes() {
        match b {
            b'"' => o.bytes(b"\\\"")?,
            b'\\' => o.bytes(b"\\\\")?,
            b'\n' => o.bytes(b"\\n")?,
            b'\r' => o.bytes(b"\\r")?,
            b'\t' => o.bytes(b"\\t")?,
            0..=0x1f => {
                const HEX: &[u8; 16] = b"0123456789abcdef";
                o.bytes(&[
                    b'\\',
                    b'u',
                    b'0',
                    b'0',
                    HEX[usize::from(b >> 4)],
                    HEX[usize::from(b & 15)],
                ])?;
            }
            _ => o.byte(b)?,
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
    let mut o = buffered(out);
    if position.graphs.is_empty() {
        o.byte(b'.')?;
    }
    for (i, graph) in position.graphs.iter().enumerate() {
        if i > 0 {
            o.bytes(b" + ")?;
        }
        cgsuite_graph(&mut o, graph)?;
    }
    o.byte(b'\n')?;
    o.flush()?;
    Ok(())
}

fn cgsuite_graph<W: Write>(o: &mut Out<'_, W>, graph: &GraphDecl) -> Result<(), WriteError> {
    let n = graph.vertices.len();
    // Node `n` is the ground, every ground vertex fused into it; node `i < n` is vertex
    // `i` (ground vertex ids are nodes without edges).
    let root = u32::try_from(n)
        .ok()
        .filter(|&r| r < u32::MAX)
        .ok_or_else(|| WriteError::Unwritable("too many vertices for cgsuite".into()))?;
    if u32::try_from(2 * graph.edges.len()).is_err() {
        return Err(WriteError::Unwritable("too many edges for cgsuite".into()));
    }
    let mut node: Vec<u32> = (0..root).collect();
    for &g in &graph.ground {
        node[g as usize] = root;
    }
    let ends = graph
        .edges
        .iter()
        .map(|e| (node[e.u as usize], node[e.v as usize]))
        .collect();
    drop(node);
    let adjacency = Adjacency::new(n + 1, ends, true);
    // The search from the ground, walked twice: first to count what every node writes
    // (tree edges to its children and edges up to an ancestor or itself, counted up to
    // 2: 2 or more make a group) and which nodes an edge goes up to (they need labels),
    // then to write. An edge down to a descendant was written from below.
    let mut items = vec![0u8; n + 1];
    let mut labelled = vec![false; n + 1];
    let _ = dfs::walk(&adjacency, n + 1, root, |step| {
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
    let mut label = vec![0u32; n + 1];
    let mut started = vec![false; n + 1];
    let mut labels = 0u32;
    dfs::walk(&adjacency, n + 1, root, |step| -> io::Result<()> {
        let edge_from = |from: u32, edge: u32, o: &mut Out<'_, W>, started: &mut Vec<bool>| {
            if std::mem::replace(&mut started[from as usize], true) {
                o.byte(b';')?;
            }
            o.byte(match graph.edges[edge as usize].colour {
                Colour::Green => b'e',
                Colour::Blue => b'l',
                Colour::Red => b'r',
            })
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

/// `:{vN}`.
#[inline]
fn cgsuite_label<W: Write>(o: &mut Out<'_, W>, n: u32) -> io::Result<()> {
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
pub fn dot<W: Write>(out: &mut W, position: &Position, title: &str) -> Result<(), WriteError> {
    let mut text = String::new();
    let mut drawing = dot::Drawing::begin(&mut text, title, &dot::Options::default());
    for (i, decl) in position.graphs.iter().enumerate() {
        let graph = crate::model::Graph::build(decl.clone(), i);
        let analysis = crate::analysis::analyze(&graph);
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
}
