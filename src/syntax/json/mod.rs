//! The JSON input format (`grammars/json.ebnf`): one position per file, written
//!
//! ```json
//! {"graphs": [{"name": "optional", "ground": [v, ...], "edges": [[u, v], ...]}]}
//! ```
//!
//! An edge is `[u, v]` (green) or `[u, v, colour]` with colour `"blue"`, `"red"` or
//! `"green"`.
//!
//! Vertex ids are JSON integers (`VertexName::Number`) or strings (`VertexName::Name`); `1`
//! and `"1"` are different vertices. `name` (string or null), `ground` and `edges` are all
//! optional; unknown and repeated fields are errors. A ground vertex that no edge touches is
//! legal (the position after the last edge at the ground is cut); it gets a warning only
//! when its twin (`1` for `"1"`, `"1"` for `1`) is an end of an edge of the graph.
//!
//! The text is read in one pass, as a stream of JSON values: `stream.rs` reads the JSON
//! syntax with the `struson` crate and gives each value's byte span; this module is the
//! schema walk, one function per production of the grammar (`document`, `graphs`,
//! `graph`, `name`, `ground`, `edges`, `edge`, `colour`, `vertex`), feeding each graph to a
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
//! the messages need. Four were tried on the same inputs (what RFC 8259 rejects, the error
//! cases of the tests, a 12.7 MB file):
//!
//! - **struson** (streaming reader): rejects everything RFC 8259 rejects; every error is
//!   a kind and the byte offset of the start of the culprit; the offsets before and after
//!   a value give its span; no recursion, a nesting limit of our choosing. About 35 MB/s,
//!   several times slower than the others: that is the price.
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

use std::collections::HashSet;

use struson::reader::ValueType;

use crate::diagnostic::Diagnostic;
use crate::source::Span;

use super::builder::Built;
use super::lex::{bom_len, canonical_number, vertex_number};
use super::{Colour, GraphBuilder, GraphSink, Position, PositionRead, Start, VertexName, Vertices};

pub use stream::MAX_DEPTH;
use stream::{Container, Stream, shorten};

mod write;

pub(crate) use write::refusal;
pub use write::write;

/// Parses a JSON document into its one [`Position`] (`document` in `grammars/json.ebnf`).
///
/// The position spans the whole input, has no test case number, and holds one
/// [`GraphDecl`](super::GraphDecl) per entry of `graphs`, spanning that entry's object.
/// Vertex ids are numbered per graph in order of first appearance in the text.
pub fn parse(input: &[u8]) -> Result<Position, Diagnostic> {
    super::collect_one(|sink| read(input, sink))
}

/// Whether `text`, the first bytes of an input, can begin a JSON file: after a byte order
/// mark and white space
/// (JSON has no comments), the first byte must begin a JSON value. Only `{` begins a
/// document, but a syntax error anywhere is reported before the schema's "expected `{`"
/// ([`read`]), so a text that begins with another value (`[`, a string, a number, `true`,
/// `false`, `null`) is read to its end to find out which; any other byte is refused where
/// it is, whatever follows.
pub fn start(text: &[u8]) -> Start {
    let bom = bom_len(text);
    match (text[bom..].iter()).position(|b| !matches!(b, b' ' | b'\t' | b'\n' | b'\r')) {
        None => Start::Undecided,
        Some(at) => match text[bom + at] {
            b'{' | b'[' | b'"' | b'-' | b'0'..=b'9' | b't' | b'f' | b'n' => Start::Can(bom + at),
            // The first bytes of a byte order mark, cut short.
            0xEF if super::lex::BOM.starts_with(text) => Start::Undecided,
            _ => Start::Cannot(bom + at),
        },
    }
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
    let start = json.enter(Container::Object, "`{` to start the document")?;
    let mut seen = false;
    while json.has_next()? {
        let (field, span) = json.key(&["graphs"])?;
        let e = match field {
            None => unknown_field(span, json.decoded(), "in the document", "`graphs`"),
            Some(_) if seen => duplicate(span, json.decoded(), "in the document"),
            Some(_) => {
                seen = true;
                graphs(json, sink)?;
                continue;
            }
        };
        json.skip()?;
        return Err(e);
    }
    json.leave()?;
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
    json.enter(Container::Array, "an array of graphs")?;
    let mut index = 0;
    while json.has_next()? {
        let built = graph(json)?;
        for warning in twin_warnings(&built) {
            sink.warning(warning);
        }
        built.hand_to(sink, index);
        index += 1;
    }
    json.leave()?;
    Ok(())
}

/// `graph = "{" , ws , [ field , { ws , "," , ws , field } ] , ws , "}"` with
/// `field = name field | ground field | edges field`, each at most once, in any order.
fn graph(json: &mut Stream<'_>) -> Result<Built, Diagnostic> {
    let start = json.enter(Container::Object, "a graph object `{...}`")?;
    let mut builder = GraphBuilder::named(Span::at(start));
    let mut seen = [false; 3];
    while json.has_next()? {
        let (field, span) = json.key(&["name", "ground", "edges"])?;
        let e = match field {
            None => unknown_field(
                span,
                json.decoded(),
                "in a graph",
                "`name`, `ground` or `edges`",
            ),
            Some(i) if seen[i] => duplicate(span, json.decoded(), "in a graph"),
            Some(i) => {
                seen[i] = true;
                match i {
                    0 => builder.set_name(name(json)?),
                    1 => ground(json, &mut builder)?,
                    _ => edges(json, &mut builder)?,
                }
                continue;
            }
        };
        json.skip()?;
        return Err(e);
    }
    builder.set_span(Span::new(start, json.leave()?));
    Ok(builder.finish())
}

/// `name = string | "null"`, the value of `name field`.
fn name(json: &mut Stream<'_>) -> Result<Option<String>, Diagnostic> {
    match json.peek()?.0 {
        ValueType::String => Ok(Some(json.string()?.0.to_string())),
        ValueType::Null => json.skip().map(|_| None),
        _ => Err(json.mismatch("a graph name (string or null)")),
    }
}

/// `ground = "[" , ws , [ vertex , { ws , "," , ws , vertex } ] , ws , "]"`, the value of
/// `ground field`.
fn ground(json: &mut Stream<'_>, builder: &mut GraphBuilder) -> Result<(), Diagnostic> {
    json.enter(Container::Array, "an array of ground vertices")?;
    while json.has_next()? {
        let (id, span) = vertex(json, builder)?;
        builder.ground(id?, span);
    }
    json.leave()?;
    Ok(())
}

/// `edges = "[" , ws , [ edge , { ws , "," , ws , edge } ] , ws , "]"`, the value of
/// `edges field`.
fn edges(json: &mut Stream<'_>, builder: &mut GraphBuilder) -> Result<(), Diagnostic> {
    json.enter(Container::Array, "an array of edges")?;
    while json.has_next()? {
        edge(json, builder)?;
    }
    json.leave()?;
    Ok(())
}

/// `edge = "[" , ws , vertex , ws , "," , ws , vertex , [ ws , "," , ws , colour ] , ws ,
/// "]"`. The number of elements is checked before the vertices are, and the vertices
/// before the colour, as when the whole array is in view.
fn edge(json: &mut Stream<'_>, builder: &mut GraphBuilder) -> Result<(), Diagnostic> {
    let start = json.enter(Container::Array, "an edge `[u, v]`")?;
    let mut ends = [None, None];
    let mut colour = None;
    let mut n = 0usize;
    while json.has_next()? {
        match n {
            0 | 1 => ends[n] = Some(vertex(json, builder)?.0),
            2 => colour = Some(edge_colour(json)?),
            _ => {
                json.skip()?;
            }
        }
        n += 1;
    }
    let span = Span::new(start, json.leave()?);
    let ([Some(u), Some(v)], 2 | 3) = (ends, n) else {
        return Err(Diagnostic::new(
            span,
            format!(
                "an edge has two ends and maybe a colour, found {n} element{}",
                if n == 1 { "" } else { "s" }
            ),
            "expected `[u, v]` or `[u, v, colour]`",
        ));
    };
    let (u, v) = (u?, v?);
    builder.edge(u, v, span).colour = colour.unwrap_or(Ok(Colour::Green))?;
    Ok(())
}

/// `colour = '"blue"' | '"red"' | '"green"'`: the colour ahead, or why it is not one
/// (kept for the caller to report after the vertices). Syntax errors are returned at once.
fn edge_colour(json: &mut Stream<'_>) -> Result<Result<Colour, Diagnostic>, Diagnostic> {
    const EXPECTED: &str = "`\"blue\"`, `\"red\"` or `\"green\"`";
    if json.peek()?.0 != ValueType::String {
        let error = json.mismatch(&format!("an edge colour ({EXPECTED})"));
        return if json.is_broken() {
            Err(error)
        } else {
            Ok(Err(error))
        };
    }
    let (text, span) = json.string()?;
    Ok(match text {
        "blue" => Ok(Colour::Blue),
        "red" => Ok(Colour::Red),
        "green" => Ok(Colour::Green),
        other => Err(Diagnostic::new(
            span,
            format!("unknown edge colour `{}`", shorten(other.as_bytes())),
            format!("expected {EXPECTED}"),
        )),
    })
}

/// `vertex = vertex number | vertex string` with `vertex number = "0" | nonzero digit ,
/// { digit }` and `vertex string = string - '""'`: the id of the vertex ahead, or why it is
/// not one (the error of the value, kept for the caller to report in its turn); and its
/// span. Syntax errors are returned at once.
#[allow(clippy::type_complexity)]
fn vertex(
    json: &mut Stream<'_>,
    builder: &mut GraphBuilder,
) -> Result<(Result<u32, Diagnostic>, Span), Diagnostic> {
    let id = match json.peek()?.0 {
        ValueType::Number => {
            let (text, span) = json.number()?;
            let id = if !text.iter().all(u8::is_ascii_digit) {
                Err(Diagnostic::new(
                    span,
                    format!(
                        "vertex ids must be non-negative integers or strings, found `{}`",
                        shorten(text)
                    ),
                    "expected a non-negative integer or a string",
                ))
            } else {
                vertex_number(text, span).and_then(|n| builder.number(n, span))
            };
            return Ok((id, span));
        }
        ValueType::String => {
            let (text, span) = json.string()?;
            let id = if text.is_empty() {
                Err(Diagnostic::new(
                    span,
                    "empty vertex name",
                    "a vertex name is a non-empty string",
                ))
            } else {
                builder.name_str(text, span)
            };
            return Ok((id, span));
        }
        _ => json.mismatch("a vertex id (integer or string)"),
    };
    if json.is_broken() {
        return Err(id);
    }
    let span = id.span;
    Ok((Err(id), span))
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
/// `1`) an edge does touch: legal, but almost certainly a mistake. Linear in the graph.
fn twin_warnings(built: &Built) -> Vec<Diagnostic> {
    let Vertices::Named(names) = &built.graph.vertices else {
        return Vec::new();
    };
    if built.lone_ground.is_empty() {
        return Vec::new();
    }
    let edges = &built.graph.edges;
    let touched: HashSet<&VertexName> = edges
        .iter()
        .flat_map(|e| [&names[e.u as usize], &names[e.v as usize]])
        .collect();
    let mut warnings = Vec::new();
    for &(g, span) in &built.lone_ground {
        let name = &names[g as usize];
        if !twin(name).is_some_and(|twin| touched.contains(&twin)) {
            continue;
        }
        let shown = shorten(name.to_string().as_bytes());
        let (this, that) = match name {
            VertexName::Number(_) => (format!("number `{shown}`"), format!("string `\"{shown}\"`")),
            VertexName::Name(_) => (format!("string `\"{shown}\"`"), format!("number `{shown}`")),
        };
        warnings.push(Diagnostic::warning(
            span,
            format!("no edge touches the ground vertex `{shown}`"),
            format!("no edge of this graph touches the {this}; its edges use the {that}"),
        ));
    }
    warnings
}

/// The vertex written the other way: `1` for `"1"` and `"1"` for `1`.
fn twin(name: &VertexName) -> Option<VertexName> {
    match name {
        VertexName::Number(n) => Some(VertexName::Name(n.to_string().into())),
        VertexName::Name(s) => canonical_number(s.as_bytes()).map(VertexName::Number),
    }
}
