//! The JSON input format (`grammars/json.ebnf`): one position per file, written
//!
//! ```json
//! {"graphs": [{"name": "optional", "ground": [v, ...], "edges": [[u, v], ...]}]}
//! ```
//!
//! Vertex ids are JSON integers (`VertexName::Number`) or strings (`VertexName::Name`); `1`
//! and `"1"` are different vertices. `name` (string or null), `ground` and `edges` are all
//! optional; unknown and repeated fields are errors. A ground vertex that no edge touches is
//! legal (the position after the last edge at the ground is cut); it gets a warning only
//! when its twin (`1` for `"1"`, `"1"` for `1`) is an end of an edge of the graph.
//!
//! The text is read in one pass, as a stream of JSON values: [`stream`] reads the JSON
//! syntax with the `struson` crate and gives each value's byte span; this module is the
//! schema walk, one function per production of the grammar (`document`, `graphs`,
//! `graph`, `name`, `ground`, `edges`, `edge`, `vertex`), feeding each graph to a
//! [`GraphBuilder`] and handing it to the sink as soon as its object is read. So memory
//! holds one graph at a time, whatever the number of graphs, and time is linear.
//!
//! Every error is a [`Diagnostic`] with an exact byte span. A syntax error anywhere in the
//! text is reported before any error of the schema: after the first schema error, the rest
//! of the text is still read (and the graphs handed over before it are to be forgotten, as
//! the [`Reader`](super::Reader) contract says). Nothing is allocated by a size the input
//! claims, and nothing recurses over the input beyond [`MAX_DEPTH`] nested values.
//!
//! # Why struson
//!
//! The JSON syntax was hand-written here (900 lines) until a crate could give the spans
//! the messages need. Four were tried on the same inputs (`RFC 8259` rejects, today's
//! error cases, a 12.7 MB file):
//!
//! - **struson** (streaming reader): rejects everything RFC 8259 rejects; every error is
//!   a kind, a byte offset at the start of the culprit and the path of containers; the
//!   offset before and after each value gives its span; no recursion, a nesting limit of
//!   our choosing. About 35 MB/s, several times slower than the others, which is the price.
//! - **jiter**: as strict and 10 times faster, but its errors point where it noticed them
//!   (after an escape, at the last hex digit of a surrogate), so the spans of string
//!   errors would have to be rebuilt by scanning the string again.
//! - **serde_json**: no spans in values (only by pointer arithmetic on borrowed slices),
//!   errors as line and column with a private kind (so, text), and values skipped with
//!   `IgnoredAny` are not checked (lone surrogates and invalid UTF-8 pass).
//! - **jsonc-parser** in strict mode: an AST with byte ranges, but it accepts raw control
//!   characters in strings and vertical tab, form feed and U+00A0 as whitespace, and
//!   recurses (to a fixed depth of 512).

mod stream;
#[cfg(test)]
mod tests;

use std::collections::HashMap;

use struson::reader::ValueType;

use crate::diagnostic::Diagnostic;
use crate::source::Span;

use super::builder::Built;
use super::lex::digits_value;
use super::{GraphBuilder, GraphSink, Position, PositionRead, VertexName, Vertices};

pub use stream::MAX_DEPTH;
use stream::{Stream, shorten};

/// Parses a JSON document into its one [`Position`] (`document` in `grammars/json.ebnf`).
///
/// The position spans the whole input, has no test case number, and holds one
/// [`GraphDecl`](super::GraphDecl) per entry of `graphs`, spanning that entry's object.
/// Vertex ids are numbered per graph in order of first appearance in the text.
pub fn parse(input: &[u8]) -> Result<Position, Diagnostic> {
    super::collect_one(|sink| read(input, sink))
}

/// Reads a JSON document as one position, handing each graph (and its warnings) to `sink`
/// as soon as its object is read.
pub fn read(input: &[u8], sink: &mut dyn GraphSink) -> Result<PositionRead, Diagnostic> {
    let mut json = Stream::new(input);
    if let Err(e) = document(&mut json, sink) {
        // A syntax error anywhere comes before an error of the schema.
        return Err(if json.is_broken() {
            e
        } else {
            json.skip_to_end().err().unwrap_or(e)
        });
    }
    json.finish()?;
    Ok(PositionRead {
        case: None,
        span: Span::new(0, input.len()),
    })
}

/// `document = ws , "{" , ws , graphs field , ws , "}" , ws` with
/// `graphs field = '"graphs"' , ws , ":" , ws , graphs`.
fn document(json: &mut Stream<'_>, sink: &mut dyn GraphSink) -> Result<(), Diagnostic> {
    let (kind, start) = json.peek()?;
    if kind != ValueType::Object {
        return Err(json.mismatch("`{` to start the document"));
    }
    json.begin_object()?;
    let mut seen = false;
    while json.has_next()? {
        let (field, span) = json.key(&["graphs"])?;
        if field.is_none() {
            let e = unknown_field(span, json.decoded(), "in the document", "`graphs`");
            json.skip()?;
            return Err(e);
        }
        if std::mem::replace(&mut seen, true) {
            let e = duplicate(span, json.decoded(), "in the document");
            json.skip()?;
            return Err(e);
        }
        graphs(json, sink)?;
    }
    json.end_object()?;
    if !seen {
        return Err(Diagnostic::new(
            Span::new(start, start + 1),
            "missing field `graphs` in the document",
            "expected `{\"graphs\": [...]}`",
        ));
    }
    Ok(())
}

/// `graphs = "[" , ws , [ graph , { ws , "," , ws , graph } ] , ws , "]"`: each graph goes
/// to `sink` once read, after its warnings.
fn graphs(json: &mut Stream<'_>, sink: &mut dyn GraphSink) -> Result<(), Diagnostic> {
    if json.peek()?.0 != ValueType::Array {
        return Err(json.mismatch("an array of graphs"));
    }
    json.begin_array()?;
    let mut ends = Ends::default();
    while json.has_next()? {
        let built = graph(json, &mut ends)?;
        for warning in twin_warnings(&built) {
            sink.warning(warning);
        }
        sink.graph(built.graph);
    }
    json.end_array()?;
    Ok(())
}

/// `graph = "{" , ws , [ field , { ws , "," , ws , field } ] , ws , "}"` with
/// `field = name field | ground field | edges field`, each at most once, in any order.
fn graph(json: &mut Stream<'_>, ends: &mut Ends) -> Result<Built, Diagnostic> {
    let (kind, start) = json.peek()?;
    if kind != ValueType::Object {
        return Err(json.mismatch("a graph object `{...}`"));
    }
    json.begin_object()?;
    let mut builder = GraphBuilder::named(Span::at(start));
    let mut seen = [false; 3];
    while json.has_next()? {
        let (field, span) = json.key(&["name", "ground", "edges"])?;
        let Some(field) = field else {
            let e = unknown_field(
                span,
                json.decoded(),
                "in a graph",
                "`name`, `ground` or `edges`",
            );
            json.skip()?;
            return Err(e);
        };
        if std::mem::replace(&mut seen[field], true) {
            let e = duplicate(span, json.decoded(), "in a graph");
            json.skip()?;
            return Err(e);
        }
        match field {
            0 => builder.set_name(name(json)?),
            1 => ground(json, &mut builder, ends)?,
            _ => edges(json, &mut builder, ends)?,
        }
    }
    let end = json.end_object()?;
    builder.set_span(Span::new(start, end));
    Ok(builder.finish())
}

/// `name = string | "null"`, the value of `name field`.
fn name(json: &mut Stream<'_>) -> Result<Option<String>, Diagnostic> {
    match json.peek()?.0 {
        ValueType::String => Ok(Some(json.string()?.0.to_string())),
        ValueType::Null => json.literal().map(|()| None),
        _ => Err(json.mismatch("a graph name (string or null)")),
    }
}

/// `ground = "[" , ws , [ vertex , { ws , "," , ws , vertex } ] , ws , "]"`, the value of
/// `ground field`.
fn ground(
    json: &mut Stream<'_>,
    builder: &mut GraphBuilder,
    ends: &mut Ends,
) -> Result<(), Diagnostic> {
    if json.peek()?.0 != ValueType::Array {
        return Err(json.mismatch("an array of ground vertices"));
    }
    json.begin_array()?;
    while json.has_next()? {
        let (vertex, span) = vertex(json, &mut ends.names[0])?;
        let id = ends.intern(builder, vertex, 0, span)?;
        builder.ground(id, span);
    }
    json.end_array()?;
    Ok(())
}

/// `edges = "[" , ws , [ edge , { ws , "," , ws , edge } ] , ws , "]"`, the value of
/// `edges field`.
fn edges(
    json: &mut Stream<'_>,
    builder: &mut GraphBuilder,
    ends: &mut Ends,
) -> Result<(), Diagnostic> {
    if json.peek()?.0 != ValueType::Array {
        return Err(json.mismatch("an array of edges"));
    }
    json.begin_array()?;
    while json.has_next()? {
        edge(json, builder, ends)?;
    }
    json.end_array()?;
    Ok(())
}

/// `edge = "[" , ws , vertex , ws , "," , ws , vertex , ws , "]"`. The number of elements
/// is checked before the vertices are, as when the whole array is in view.
fn edge(
    json: &mut Stream<'_>,
    builder: &mut GraphBuilder,
    ends: &mut Ends,
) -> Result<(), Diagnostic> {
    let (kind, start) = json.peek()?;
    if kind != ValueType::Array {
        return Err(json.mismatch("an edge `[u, v]`"));
    }
    json.begin_array()?;
    let mut read = [None, None];
    let mut n = 0usize;
    while json.has_next()? {
        match read.get_mut(n) {
            Some(slot) => *slot = Some(vertex(json, &mut ends.names[n])?),
            None => {
                json.skip()?;
            }
        }
        n += 1;
    }
    let span = Span::new(start, json.end_array()?);
    let (2, [Some((u, u_span)), Some((v, v_span))]) = (n, read) else {
        return Err(three_ends(span, n));
    };
    let u = ends.intern(builder, u, 0, u_span)?;
    let v = ends.intern(builder, v, 1, v_span)?;
    builder.edge(u, v, span);
    Ok(())
}

/// "an edge has exactly two ends" (two ends are checked before the vertices).
fn three_ends(span: Span, n: usize) -> Diagnostic {
    Diagnostic::new(
        span,
        format!(
            "an edge has exactly two ends, found {n} element{}",
            if n == 1 { "" } else { "s" }
        ),
        "expected `[u, v]`",
    )
}

/// A vertex as read, not yet checked against the schema nor interned: a string's text is
/// in the buffer it was read into.
enum Vertex {
    Number(u64),
    Name,
    Invalid(Diagnostic),
}

/// The buffers the two ends of an edge (or a ground vertex) are read into, reused.
#[derive(Default)]
struct Ends {
    names: [String; 2],
}

impl Ends {
    /// The id of `vertex`, read into buffer `slot`, or why it is not a vertex.
    fn intern(
        &self,
        builder: &mut GraphBuilder,
        vertex: Vertex,
        slot: usize,
        span: Span,
    ) -> Result<u32, Diagnostic> {
        match vertex {
            Vertex::Number(n) => builder.number(n, span),
            Vertex::Name => builder.name_str(&self.names[slot], span),
            Vertex::Invalid(e) => Err(e),
        }
    }
}

/// `vertex = vertex number | vertex string` with `vertex number = "0" | nonzero digit ,
/// { digit }` and `vertex string = string - '""'`: reads the value, a string into `name`.
/// A value that is not a vertex is read whole and returned as [`Vertex::Invalid`].
fn vertex(json: &mut Stream<'_>, name: &mut String) -> Result<(Vertex, Span), Diagnostic> {
    let vertex = match json.peek()?.0 {
        ValueType::Number => {
            let (text, span) = json.number()?;
            let vertex = if !text.iter().all(u8::is_ascii_digit) {
                Vertex::Invalid(Diagnostic::new(
                    span,
                    format!(
                        "vertex ids must be non-negative integers or strings, found `{}`",
                        shorten(text)
                    ),
                    "expected a non-negative integer or a string",
                ))
            } else if let Some(n) = digits_value(text) {
                Vertex::Number(n)
            } else {
                Vertex::Invalid(Diagnostic::new(
                    span,
                    "number too large",
                    format!("vertex numbers are at most {}", u64::MAX),
                ))
            };
            return Ok((vertex, span));
        }
        ValueType::String => {
            let (text, span) = json.string()?;
            let vertex = if text.is_empty() {
                Vertex::Invalid(Diagnostic::new(
                    span,
                    "empty vertex name",
                    "a vertex name is a non-empty string",
                ))
            } else {
                name.clear();
                name.push_str(text);
                Vertex::Name
            };
            return Ok((vertex, span));
        }
        _ => json.mismatch("a vertex id (integer or string)"),
    };
    if json.is_broken() {
        return Err(vertex);
    }
    let span = vertex.span;
    Ok((Vertex::Invalid(vertex), span))
}

/// "unknown field `k` in ...; expected ...", at the key.
fn unknown_field(span: Span, key: &str, context: &str, expected: &str) -> Diagnostic {
    Diagnostic::new(
        span,
        format!(
            "unknown field `{}` {context}; expected {expected}",
            shorten(key.as_bytes())
        ),
        format!("expected {expected}"),
    )
}

/// A repeated field, at its second key.
fn duplicate(span: Span, key: &str, context: &str) -> Diagnostic {
    Diagnostic::new(
        span,
        format!("duplicate field `{}` {context}", shorten(key.as_bytes())),
        "each field may be given only once",
    )
}

/// Warnings for the ground vertices no edge touches whose twin (`1` for `"1"`, `"1"` for
/// `1`) an edge does touch: legal, but almost certainly a mistake.
fn twin_warnings(built: &Built) -> Vec<Diagnostic> {
    let Vertices::Named(names) = &built.graph.vertices else {
        return Vec::new();
    };
    built
        .lone_ground
        .iter()
        .zip(twins_touched(built, names))
        .filter(|&(_, touched)| touched)
        .map(|(&(g, span), _)| {
            let name = &names[g as usize];
            Diagnostic::warning(
                span,
                format!("no edge touches the ground vertex `{}`", shown(name)),
                twin_label(name),
            )
        })
        .collect()
}

/// For each ground vertex that no edge touches (`built.lone_ground`), whether an edge
/// touches its twin. Linear in the graph.
fn twins_touched(built: &Built, names: &[VertexName]) -> Vec<bool> {
    let mut found = vec![false; built.lone_ground.len()];
    // The twins sought, each with the lone ground vertices it is the twin of.
    let mut sought: HashMap<VertexName, Vec<usize>> = HashMap::new();
    for (i, &(g, _)) in built.lone_ground.iter().enumerate() {
        if let Some(twin) = twin(&names[g as usize]) {
            sought.entry(twin).or_default().push(i);
        }
    }
    if sought.is_empty() {
        return found;
    }
    let mut touched = vec![false; names.len()];
    for e in &built.graph.edges {
        touched[e.u as usize] = true;
        touched[e.v as usize] = true;
    }
    for (id, name) in names.iter().enumerate() {
        if touched[id] {
            for &i in sought.get(name).into_iter().flatten() {
                found[i] = true;
            }
        }
    }
    found
}

/// What a ground vertex `name` whose twin is used instead is told.
fn twin_label(name: &VertexName) -> String {
    let shown = shown(name);
    match name {
        VertexName::Number(_) => format!(
            "no edge of this graph touches the number `{shown}`; its edges use the string `\"{shown}\"`"
        ),
        VertexName::Name(_) => format!(
            "no edge of this graph touches the string `\"{shown}\"`; its edges use the number `{shown}`"
        ),
    }
}

/// A vertex name for a message.
fn shown(name: &VertexName) -> String {
    shorten(name.to_string().as_bytes())
}

/// The vertex written the other way: `1` for `"1"` and `"1"` for `1`.
fn twin(name: &VertexName) -> Option<VertexName> {
    match name {
        VertexName::Number(n) => Some(VertexName::Name(n.to_string().into())),
        VertexName::Name(s) => {
            let b = s.as_bytes();
            let canonical =
                !b.is_empty() && b.iter().all(u8::is_ascii_digit) && (b[0] != b'0' || b.len() == 1);
            canonical
                .then(|| digits_value(b))
                .flatten()
                .map(VertexName::Number)
        }
    }
}
