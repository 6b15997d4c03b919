//! The JSON input format (`grammars/json.ebnf`): one position per file, written
//!
//! ```json
//! {"graphs": [{"name": "optional", "ground": [v, ...], "edges": [[u, v], ...]}]}
//! ```
//!
//! Vertex ids are JSON integers (`VertexName::Number`) or strings (`VertexName::Name`); `1`
//! and `"1"` are different vertices. `name` (string or null), `ground` and `edges` are all
//! optional; unknown and repeated fields are errors. A ground vertex must be touched by an
//! edge of its graph, unless the graph has no edges at all.
//!
//! Parsing takes two steps, with one function per production of the grammar, named after
//! it:
//!
//! 1. a small JSON parser (`json_text`, `value`, `object`, `member`, `array`, `string`,
//!    `escape`, `unicode`, `number`, `literal`) built on `nom` byte parsers turns the text
//!    into spanned values, nesting at most [`MAX_DEPTH`] levels deep, so that no input can
//!    overflow the stack;
//! 2. a schema walk (`document`, `graphs`, `graph`, `name`, `ground`, `edges`, `edge`,
//!    `vertex`) maps the values to a [`Position`], each error located at the offending
//!    value.
//!
//! Every error is a [`Diagnostic`] with an exact byte span. Nothing is allocated by a size
//! the input claims; strings without escapes are borrowed from the input until they become
//! names. Time is linear in the input.

use std::borrow::Cow;
use std::collections::HashMap;
use std::collections::hash_map::Entry;

use nom::branch::alt;
use nom::bytes::complete::{tag, take_while, take_while_m_n};
use nom::character::complete::{char, digit0, digit1, one_of, satisfy};
use nom::combinator::{opt, recognize};
use nom::{IResult, Parser};

use crate::diagnostic::Diagnostic;
use crate::source::Span;

use super::lex::{self, digits_value};
use super::{EdgeDecl, GraphDecl, Position, VertexName, Vertices};

/// How deeply arrays and objects may nest; the document's own object is level 1. A valid
/// position needs 4 levels (document, graph list, graph, edge list) plus 1 for an edge.
pub const MAX_DEPTH: usize = 64;

/// Parses a JSON document into its one [`Position`] (`document` in `grammars/json.ebnf`).
///
/// The position spans the whole input, has no test case number, and holds one
/// [`GraphDecl`] per entry of `graphs`, spanning that entry's object. Vertex ids are
/// numbered per graph in order of first appearance in the text.
pub fn parse(input: &[u8]) -> Result<Position, Diagnostic> {
    let json = Json { whole: input };
    let root = json.json_text(input)?;
    json.document(root)
}

/// A JSON value and the bytes it was written with.
#[derive(Debug)]
struct Value<'a> {
    span: Span,
    kind: Kind<'a>,
}

/// The kinds of JSON values.
#[derive(Debug)]
enum Kind<'a> {
    /// Members in input order, repetitions included.
    Object(Vec<Member<'a>>),
    Array(Vec<Value<'a>>),
    /// Decoded text: borrowed from the input when it has no escapes.
    String(Cow<'a, str>),
    /// The text of a valid JSON number, interpreted by whoever needs it.
    Number(&'a [u8]),
    True,
    False,
    Null,
}

/// One `"key": value` of an object.
#[derive(Debug)]
struct Member<'a> {
    key: Cow<'a, str>,
    key_span: Span,
    value: Value<'a>,
}

/// A ground list entry, remembered until the whole graph is read.
struct GroundEntry {
    id: u32,
    span: Span,
}

/// A vertex id as read: a [`VertexName`] whose string may still borrow the input.
enum Key<'a> {
    Number(u64),
    Name(Cow<'a, str>),
}

/// The vertices of one graph, numbered in order of first mention as `syntax::Interner`
/// numbers them, but faster on large inputs: a mention is hashed once and copied only when
/// it is new, and small vertex numbers are looked up in an array without hashing.
#[derive(Default)]
struct Table<'a> {
    /// `dense[n]` is 1 + the id of vertex number `n`, or 0. It grows only to
    /// `4 * names.len() + 1024` entries, a bound by what was read, not by what a number says.
    dense: Vec<u32>,
    /// The vertex numbers that are not in `dense`.
    numbers: HashMap<u64, u32>,
    /// The vertex strings.
    strings: HashMap<Cow<'a, str>, u32>,
    /// The vertex table, by id.
    names: Vec<VertexName>,
}

impl<'a> Table<'a> {
    /// The id of the vertex `key`, written at `span`; new if it was not seen before.
    fn intern(&mut self, key: Key<'a>, span: Span) -> Result<u32, Diagnostic> {
        let count = self.names.len();
        let new_id = || {
            u32::try_from(count)
                .ok()
                .filter(|&id| id < u32::MAX)
                .ok_or_else(|| {
                    Diagnostic::new(
                        span,
                        "too many vertices in one graph",
                        format!("a graph has at most {} vertices", u32::MAX),
                    )
                })
        };
        match key {
            Key::Number(n) => {
                if let Some(id) = self.get(&key) {
                    return Ok(id);
                }
                let id = new_id()?;
                self.names.push(VertexName::Number(n));
                let limit = 4 * self.names.len() + 1024;
                match usize::try_from(n) {
                    Ok(i) if i < limit => {
                        if i >= self.dense.len() {
                            let len = (i + 1).max(2 * self.dense.len()).min(limit);
                            self.dense.resize(len, 0);
                        }
                        self.dense[i] = id + 1;
                    }
                    _ => {
                        self.numbers.insert(n, id);
                    }
                }
                Ok(id)
            }
            Key::Name(s) => match self.strings.entry(s) {
                Entry::Occupied(entry) => Ok(*entry.get()),
                Entry::Vacant(entry) => {
                    let id = new_id()?;
                    self.names.push(VertexName::Name(Box::from(&**entry.key())));
                    entry.insert(id);
                    Ok(id)
                }
            },
        }
    }

    /// The id of the vertex `key`, if it was seen.
    fn get(&self, key: &Key<'_>) -> Option<u32> {
        match key {
            Key::Number(n) => {
                let slot = usize::try_from(*n).ok().and_then(|i| self.dense.get(i));
                match slot {
                    Some(&slot) if slot != 0 => Some(slot - 1),
                    _ => self.numbers.get(n).copied(),
                }
            }
            Key::Name(s) => self.strings.get(&**s).copied(),
        }
    }
}

/// What the parsers return: the rest of the input and the value, or the first error.
type Parsed<'a, T> = Result<(&'a [u8], T), Diagnostic>;

/// The parser: the whole input, to turn sub-slices into spans.
struct Json<'a> {
    whole: &'a [u8],
}

impl<'a> Json<'a> {
    // ---- The generic part: text -> values ---------------------------------------------

    /// `json text = [ bom ] , ws , value , ws` (the value must be all of the input)
    fn json_text(&self, input: &'a [u8]) -> Result<Value<'a>, Diagnostic> {
        let input = input.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(input);
        let rest = ws(input);
        let (rest, root) = self.value(rest, 1, "`{` to start the document")?;
        let rest = ws(rest);
        if !rest.is_empty() {
            let (found, span) = self.token(rest);
            return Err(Diagnostic::new(
                span,
                "trailing characters after the JSON document",
                format!("expected end of input, found {found}"),
            ));
        }
        Ok(root)
    }

    /// `value = object | array | string | number | literal`, at nesting level `depth`;
    /// `expected` names what the context expects if no value starts here.
    fn value(&self, input: &'a [u8], depth: usize, expected: &str) -> Parsed<'a, Value<'a>> {
        match input.first() {
            Some(b'{') => self.object(input, depth),
            Some(b'[') => self.array(input, depth),
            Some(b'"') => {
                let (rest, text) = self.string(input)?;
                let span = self.between(input, rest);
                Ok((
                    rest,
                    Value {
                        span,
                        kind: Kind::String(text),
                    },
                ))
            }
            Some(b'-' | b'0'..=b'9') => self.number(input),
            _ => self.literal(input, expected),
        }
    }

    /// `object = "{" , ws , [ member , { ws , "," , ws , member } ] , ws , "}"`
    fn object(&self, input: &'a [u8], depth: usize) -> Parsed<'a, Value<'a>> {
        let (rest, members) = self.sequence(
            input,
            depth,
            (b'}', "a string key or `}`", "a string key", "`,` or `}`"),
            |rest, expected| self.member(rest, depth, expected),
        )?;
        let span = self.between(input, rest);
        Ok((
            rest,
            Value {
                span,
                kind: Kind::Object(members),
            },
        ))
    }

    /// `member = string , ws , ":" , ws , value`
    fn member(&self, input: &'a [u8], depth: usize, expected: &str) -> Parsed<'a, Member<'a>> {
        if input.first() != Some(&b'"') {
            return Err(self.unexpected(input, expected));
        }
        let (rest, key) = self.string(input)?;
        let key_span = self.between(input, rest);
        let rest = ws(rest);
        let Some(rest) = rest.strip_prefix(b":") else {
            return Err(self.unexpected(rest, "`:` after the key"));
        };
        let (rest, value) = self.value(ws(rest), depth + 1, "a value")?;
        Ok((
            rest,
            Member {
                key,
                key_span,
                value,
            },
        ))
    }

    /// `array = "[" , ws , [ value , { ws , "," , ws , value } ] , ws , "]"`
    fn array(&self, input: &'a [u8], depth: usize) -> Parsed<'a, Value<'a>> {
        let (rest, items) = self.sequence(
            input,
            depth,
            (b']', "a value or `]`", "a value", "`,` or `]`"),
            |rest, expected| self.value(rest, depth + 1, expected),
        )?;
        let span = self.between(input, rest);
        Ok((
            rest,
            Value {
                span,
                kind: Kind::Array(items),
            },
        ))
    }

    /// The comma-separated items between `input`'s opening bracket and `close`, read by
    /// `item` (given what the message should say was expected there); returns what
    /// follows the closing bracket. `expected` is what may come first, what must come
    /// after a comma (a trailing comma is an error), and what must follow an item.
    fn sequence<T>(
        &self,
        input: &'a [u8],
        depth: usize,
        (close, first, after_comma, after_item): (u8, &str, &str, &str),
        mut item: impl FnMut(&'a [u8], &str) -> Parsed<'a, T>,
    ) -> Parsed<'a, Vec<T>> {
        self.check_depth(input, depth)?;
        let mut items = Vec::new();
        let mut rest = ws(&input[1..]);
        let mut expected = first;
        if rest.first() != Some(&close) {
            loop {
                let (after, next) = item(rest, expected)?;
                items.push(next);
                rest = ws(after);
                match rest.first() {
                    Some(b',') => {
                        rest = ws(&rest[1..]);
                        expected = after_comma;
                        if rest.first() == Some(&close) {
                            return Err(self.trailing_comma(rest, expected));
                        }
                    }
                    Some(&b) if b == close => break,
                    _ => return Err(self.unexpected(rest, after_item)),
                }
            }
        }
        Ok((&rest[1..], items))
    }

    /// `string = '"' , { unescaped | escape } , '"'` (RFC 8259, section 7): the decoded text.
    /// Unescaped text must be UTF-8 without control characters.
    fn string(&self, input: &'a [u8]) -> Parsed<'a, Cow<'a, str>> {
        let mut rest = &input[1..];
        let mut decoded: Option<String> = None;
        loop {
            let (after, run) = plain_run(rest);
            let text = std::str::from_utf8(run).map_err(|e| {
                let at = self.offset(rest) + e.valid_up_to();
                Diagnostic::new(
                    Span::new(at, at + 1),
                    format!(
                        "invalid UTF-8 byte 0x{:02x} in a string",
                        run[e.valid_up_to()]
                    ),
                    "strings must be valid UTF-8",
                )
            })?;
            rest = after;
            match rest.first() {
                Some(b'"') => {
                    let text = match decoded {
                        None => Cow::Borrowed(text),
                        Some(mut s) => {
                            s.push_str(text);
                            Cow::Owned(s)
                        }
                    };
                    return Ok((&rest[1..], text));
                }
                Some(b'\\') => {
                    let s = decoded.get_or_insert_with(String::new);
                    s.push_str(text);
                    let (after, c) = self.escape(rest)?;
                    s.push(c);
                    rest = after;
                }
                Some(b'\n' | b'\r') => {
                    let at = self.offset(rest);
                    return Err(Diagnostic::new(
                        Span::new(at, at + 1),
                        "expected `\"` to end the string, found end of line",
                        "strings cannot span lines; write a line break as `\\n`",
                    ));
                }
                Some(&b) => {
                    let at = self.offset(rest);
                    return Err(Diagnostic::new(
                        Span::new(at, at + 1),
                        format!("control character U+{b:04X} in a string"),
                        format!("write it as `\\u{b:04x}`"),
                    ));
                }
                None => return Err(self.unterminated_string()),
            }
        }
    }

    /// `escape = "\" , ( '"' | "\" | "/" | "b" | "f" | "n" | "r" | "t" | unicode )`
    fn escape(&self, input: &'a [u8]) -> Parsed<'a, char> {
        let c = match input.get(1) {
            Some(b'"') => '"',
            Some(b'\\') => '\\',
            Some(b'/') => '/',
            Some(b'b') => '\u{8}',
            Some(b'f') => '\u{c}',
            Some(b'n') => '\n',
            Some(b'r') => '\r',
            Some(b't') => '\t',
            Some(b'u') => return self.unicode(input),
            None => return Err(self.unterminated_string()),
            Some(_) => {
                let len = 1 + char_len(&input[1..]);
                return Err(Diagnostic::new(
                    self.span_len(input, len),
                    format!("invalid escape `{}` in a string", shorten(&input[..len])),
                    "expected `\\\"`, `\\\\`, `\\/`, `\\b`, `\\f`, `\\n`, `\\r`, `\\t` or `\\uXXXX`",
                ));
            }
        };
        Ok((&input[2..], c))
    }

    /// `unicode = "u" , 4 * hex digit`: a UTF-16 code unit; a character beyond U+FFFF is a
    /// surrogate pair, two such escapes in a row.
    fn unicode(&self, input: &'a [u8]) -> Parsed<'a, char> {
        let (rest, high) = self.code_unit(input)?;
        match high {
            0xD800..=0xDBFF => {
                if rest.starts_with(b"\\u") {
                    let (after, low) = self.code_unit(rest)?;
                    if (0xDC00..=0xDFFF).contains(&low) {
                        let c = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00);
                        let c = char::from_u32(c).unwrap_or(char::REPLACEMENT_CHARACTER);
                        return Ok((after, c));
                    }
                }
                Err(self.unpaired_surrogate(
                    input,
                    "expected a low surrogate `\\udc00`..`\\udfff` right after it",
                ))
            }
            0xDC00..=0xDFFF => Err(self.unpaired_surrogate(
                input,
                "a low surrogate must follow a high surrogate `\\ud800`..`\\udbff`",
            )),
            _ => Ok((
                rest,
                char::from_u32(high).unwrap_or(char::REPLACEMENT_CHARACTER),
            )),
        }
    }

    /// The value of the `\uXXXX` escape starting `input`.
    fn code_unit(&self, input: &'a [u8]) -> Parsed<'a, u32> {
        let hex: IResult<&[u8], &[u8]> =
            take_while_m_n(4, 4, |b: u8| b.is_ascii_hexdigit()).parse(&input[2..]);
        match hex {
            Ok((rest, digits)) => {
                let value = digits.iter().fold(0, |acc, &d| {
                    acc * 16 + char::from(d).to_digit(16).unwrap_or(0)
                });
                Ok((rest, value))
            }
            Err(_) => {
                let got = input[2..]
                    .iter()
                    .take_while(|b| b.is_ascii_hexdigit())
                    .count();
                let len = 2 + got;
                Err(Diagnostic::new(
                    self.span_len(input, len),
                    format!("invalid escape `{}` in a string", shorten(&input[..len])),
                    "expected 4 hex digits after `\\u`",
                ))
            }
        }
    }

    /// `number` (RFC 8259, section 6; the production is spelled out at `number_text`). The
    /// number is read as the run of characters that could belong to it, so `1.2.3` or `12ab`
    /// is one invalid number rather than a number followed by garbage.
    fn number(&self, input: &'a [u8]) -> Parsed<'a, Value<'a>> {
        let (rest, text) = word(input);
        let span = self.between(input, rest);
        if !number_text(text).is_ok_and(|(left, _)| left.is_empty()) {
            let digits = text.strip_prefix(b"-").unwrap_or(text);
            let label = if digits.len() > 1 && digits[0] == b'0' && digits[1].is_ascii_digit() {
                "JSON numbers have no leading zeros"
            } else {
                "expected a JSON number such as `12`, `-3` or `1.5e3`"
            };
            return Err(Diagnostic::new(
                span,
                format!("invalid number `{}`", shorten(text)),
                label,
            ));
        }
        Ok((
            rest,
            Value {
                span,
                kind: Kind::Number(text),
            },
        ))
    }

    /// `literal = "true" | "false" | "null"`
    fn literal(&self, input: &'a [u8], expected: &str) -> Parsed<'a, Value<'a>> {
        let (rest, text) = word(input);
        let kind = match text {
            b"true" => Kind::True,
            b"false" => Kind::False,
            b"null" => Kind::Null,
            _ => return Err(self.unexpected(input, expected)),
        };
        Ok((
            rest,
            Value {
                span: self.between(input, rest),
                kind,
            },
        ))
    }

    // ---- The schema: values -> position -----------------------------------------------

    /// `document = ws , "{" , ws , graphs field , ws , "}" , ws` with
    /// `graphs field = '"graphs"' , ws , ":" , ws , graphs`.
    fn document(&self, root: Value<'a>) -> Result<Position, Diagnostic> {
        let open = Span::new(root.span.start as usize, root.span.start as usize + 1);
        let Kind::Object(members) = root.kind else {
            return Err(self.mismatch(&root, "`{` to start the document"));
        };
        let mut graphs = None;
        for member in members {
            match &*member.key {
                "graphs" if graphs.is_some() => {
                    return Err(duplicate(&member, "in the document"));
                }
                "graphs" => graphs = Some(self.graphs(member.value)?),
                key => {
                    return Err(Diagnostic::new(
                        member.key_span,
                        format!(
                            "unknown field `{}` in the document; expected `graphs`",
                            shorten(key.as_bytes())
                        ),
                        "expected `graphs`",
                    ));
                }
            }
        }
        let graphs = graphs.ok_or_else(|| {
            Diagnostic::new(
                open,
                "missing field `graphs` in the document",
                "expected `{\"graphs\": [...]}`",
            )
        })?;
        Ok(Position {
            case: None,
            span: Span::new(0, self.whole.len()),
            graphs,
            warnings: Vec::new(),
        })
    }

    /// `graphs = "[" , ws , [ graph , { ws , "," , ws , graph } ] , ws , "]"`
    fn graphs(&self, value: Value<'a>) -> Result<Vec<GraphDecl>, Diagnostic> {
        let Kind::Array(items) = value.kind else {
            return Err(self.mismatch(&value, "an array of graphs"));
        };
        items.into_iter().map(|item| self.graph(item)).collect()
    }

    /// `graph = "{" , ws , [ field , { ws , "," , ws , field } ] , ws , "}"` with
    /// `field = name field | ground field | edges field`, each at most once, in any order.
    ///
    /// Vertex ids are interned in the order the text mentions them. The ground rule is
    /// checked once the whole object is read, since `ground` may precede `edges`.
    fn graph(&self, value: Value<'a>) -> Result<GraphDecl, Diagnostic> {
        let span = value.span;
        let Kind::Object(members) = value.kind else {
            return Err(self.mismatch(&value, "a graph object `{...}`"));
        };
        let mut table = Table::default();
        let mut name = None;
        let mut ground = Vec::new();
        let mut edges = Vec::new();
        let mut seen = [false; 3];
        for member in members {
            let field = match &*member.key {
                "name" => 0,
                "ground" => 1,
                "edges" => 2,
                key => {
                    return Err(Diagnostic::new(
                        member.key_span,
                        format!(
                            "unknown field `{}` in a graph; expected `name`, `ground` or `edges`",
                            shorten(key.as_bytes())
                        ),
                        "expected `name`, `ground` or `edges`",
                    ));
                }
            };
            if std::mem::replace(&mut seen[field], true) {
                return Err(duplicate(&member, "in a graph"));
            }
            match field {
                0 => name = self.name(member.value)?,
                1 => ground = self.ground(member.value, &mut table)?,
                _ => edges = self.edges(member.value, &mut table)?,
            }
        }
        let ground = ground_rule(ground, &edges, &table)?;
        Ok(GraphDecl {
            name,
            span,
            kind: super::GraphKind::Graph,
            vertices: Vertices::Named(table.names),
            ground,
            edges,
        })
    }

    /// `name = string | "null"`, the value of `name field`.
    fn name(&self, value: Value<'a>) -> Result<Option<String>, Diagnostic> {
        match value.kind {
            Kind::String(text) => Ok(Some(text.into_owned())),
            Kind::Null => Ok(None),
            _ => Err(self.mismatch(&value, "a graph name (string or null)")),
        }
    }

    /// `ground = "[" , ws , [ vertex , { ws , "," , ws , vertex } ] , ws , "]"`, the value of
    /// `ground field`: the entries as written, repetitions included.
    fn ground(
        &self,
        value: Value<'a>,
        table: &mut Table<'a>,
    ) -> Result<Vec<GroundEntry>, Diagnostic> {
        let Kind::Array(items) = value.kind else {
            return Err(self.mismatch(&value, "an array of ground vertices"));
        };
        items
            .into_iter()
            .map(|item| {
                let span = item.span;
                let id = table.intern(self.vertex(item)?, span)?;
                Ok(GroundEntry { id, span })
            })
            .collect()
    }

    /// `edges = "[" , ws , [ edge , { ws , "," , ws , edge } ] , ws , "]"`, the value of
    /// `edges field`.
    fn edges(&self, value: Value<'a>, table: &mut Table<'a>) -> Result<Vec<EdgeDecl>, Diagnostic> {
        let Kind::Array(items) = value.kind else {
            return Err(self.mismatch(&value, "an array of edges"));
        };
        items
            .into_iter()
            .map(|item| self.edge(item, table))
            .collect()
    }

    /// `edge = "[" , ws , vertex , ws , "," , ws , vertex , ws , "]"`
    fn edge(&self, value: Value<'a>, table: &mut Table<'a>) -> Result<EdgeDecl, Diagnostic> {
        let span = value.span;
        let Kind::Array(ends) = value.kind else {
            return Err(self.mismatch(&value, "an edge `[u, v]`"));
        };
        let [u, v] = <[Value<'a>; 2]>::try_from(ends).map_err(|ends| {
            let n = ends.len();
            Diagnostic::new(
                span,
                format!(
                    "an edge has exactly two ends, found {n} element{}",
                    if n == 1 { "" } else { "s" }
                ),
                "expected `[u, v]`",
            )
        })?;
        let (u_span, v_span) = (u.span, v.span);
        let u = table.intern(self.vertex(u)?, u_span)?;
        let v = table.intern(self.vertex(v)?, v_span)?;
        Ok(EdgeDecl { u, v, span })
    }

    /// `vertex = vertex number | vertex string` with `vertex number = "0" | nonzero digit ,
    /// { digit }` and `vertex string = string - '""'`.
    fn vertex(&self, value: Value<'a>) -> Result<Key<'a>, Diagnostic> {
        match value.kind {
            Kind::Number(text) if !text.iter().all(u8::is_ascii_digit) => Err(Diagnostic::new(
                value.span,
                format!(
                    "vertex ids must be non-negative integers or strings, found `{}`",
                    shorten(text)
                ),
                "expected a non-negative integer or a string",
            )),
            Kind::Number(text) => digits_value(text).map(Key::Number).ok_or_else(|| {
                Diagnostic::new(
                    value.span,
                    "number too large",
                    format!("vertex numbers are at most {}", u64::MAX),
                )
            }),
            Kind::String(text) if text.is_empty() => Err(Diagnostic::new(
                value.span,
                "empty vertex name",
                "a vertex name is a non-empty string",
            )),
            Kind::String(text) => Ok(Key::Name(text)),
            _ => Err(self.mismatch(&value, "a vertex id (integer or string)")),
        }
    }

    // ---- Helpers ------------------------------------------------------------------------

    /// Offset of `rest`, a suffix of the input.
    fn offset(&self, rest: &[u8]) -> usize {
        lex::offset(self.whole, rest)
    }

    /// The span from suffix `from` to suffix `to`.
    fn between(&self, from: &[u8], to: &[u8]) -> Span {
        Span::new(self.offset(from), self.offset(to))
    }

    /// The first `len` bytes of suffix `rest`.
    fn span_len(&self, rest: &[u8], len: usize) -> Span {
        let at = self.offset(rest);
        Span::new(at, at + len)
    }

    /// The JSON token starting `rest`, described for a "found ..." message, and its span:
    /// `end of input`, `end of line`, or the token in backquotes (a punctuation character,
    /// a whole string literal, a whole word or number, or one character).
    fn token(&self, rest: &[u8]) -> (String, Span) {
        let len = match rest.first() {
            None => return ("end of input".to_string(), Span::at(self.offset(rest))),
            Some(b'\n' | b'\r') => return ("end of line".to_string(), self.span_len(rest, 1)),
            Some(b'"') => string_token_len(rest),
            Some(&b) if is_word(b) => word(rest).1.len(),
            Some(_) => char_len(rest),
        };
        (
            format!("`{}`", shorten(&rest[..len])),
            self.span_len(rest, len),
        )
    }

    /// "expected X, found <the token at `rest`>".
    fn unexpected(&self, rest: &[u8], expected: &str) -> Diagnostic {
        let (found, span) = self.token(rest);
        Diagnostic::expected(span, expected, &found)
    }

    /// A comma followed by the closing bracket at `rest`.
    fn trailing_comma(&self, rest: &[u8], expected: &str) -> Diagnostic {
        let (found, span) = self.token(rest);
        Diagnostic::new(
            span,
            format!("expected {expected}, found {found}"),
            "trailing commas are not allowed in JSON",
        )
    }

    /// A string still open at end of input.
    fn unterminated_string(&self) -> Diagnostic {
        Diagnostic::expected(
            Span::at(self.whole.len()),
            "`\"` to end the string",
            "end of input",
        )
    }

    /// The `\uXXXX` escape starting `input` is half a surrogate pair.
    fn unpaired_surrogate(&self, input: &[u8], label: &str) -> Diagnostic {
        Diagnostic::new(
            self.span_len(input, 6),
            format!("unpaired surrogate `{}` in a string", shorten(&input[..6])),
            label,
        )
    }

    /// The array or object starting `input` is nested too deeply.
    fn check_depth(&self, input: &[u8], depth: usize) -> Result<(), Diagnostic> {
        if depth > MAX_DEPTH {
            return Err(Diagnostic::new(
                self.span_len(input, 1),
                format!("nesting too deep (more than {MAX_DEPTH} levels)"),
                format!("at most {MAX_DEPTH} nested arrays and objects"),
            ));
        }
        Ok(())
    }

    /// "expected X, found Y" for a value of the wrong kind, spanning the value.
    fn mismatch(&self, value: &Value<'_>, expected: &str) -> Diagnostic {
        let found = match value.kind {
            Kind::Object(_) => "an object".to_string(),
            Kind::Array(_) => "an array".to_string(),
            _ => format!("`{}`", shorten(&self.whole[value.span.range()])),
        };
        Diagnostic::expected(value.span, expected, &found)
    }
}

/// A repeated field.
fn duplicate(member: &Member<'_>, context: &str) -> Diagnostic {
    Diagnostic::new(
        member.key_span,
        format!(
            "duplicate field `{}` {context}",
            shorten(member.key.as_bytes())
        ),
        "each field may be given only once",
    )
}

/// The ground rule: every ground vertex is an end of some edge of its graph, unless the
/// graph has no edges at all. Returns the ground ids without repetition, in order of first
/// mention.
fn ground_rule(
    entries: Vec<GroundEntry>,
    edges: &[EdgeDecl],
    table: &Table<'_>,
) -> Result<Vec<u32>, Diagnostic> {
    if entries.is_empty() {
        return Ok(Vec::new());
    }
    let ids = edges.iter().flat_map(|e| [e.u, e.v]);
    let n = 1 + ids
        .clone()
        .chain(entries.iter().map(|g| g.id))
        .max()
        .unwrap_or(0) as usize;
    let mut touched = vec![false; n];
    for id in ids {
        touched[id as usize] = true;
    }
    let mut in_ground = vec![false; n];
    let mut ground = Vec::new();
    for entry in entries {
        if !edges.is_empty() && !touched[entry.id as usize] {
            let name = &table.names[entry.id as usize];
            let shown = shorten(name.to_string().as_bytes());
            let label = match twin(name).and_then(|t| table.get(&t)) {
                Some(t) if touched[t as usize] => match name {
                    VertexName::Number(_) => format!(
                        "no edge of this graph touches the number `{shown}`; its edges use the string `\"{shown}\"`"
                    ),
                    VertexName::Name(_) => format!(
                        "no edge of this graph touches the string `\"{shown}\"`; its edges use the number `{shown}`"
                    ),
                },
                _ => format!("no edge of this graph touches `{shown}`"),
            };
            return Err(Diagnostic::new(
                entry.span,
                format!("unknown vertex `{shown}` in ground list"),
                label,
            ));
        }
        if !std::mem::replace(&mut in_ground[entry.id as usize], true) {
            ground.push(entry.id);
        }
    }
    Ok(ground)
}

/// The vertex written the other way: `1` for `"1"` and `"1"` for `1`.
fn twin(name: &VertexName) -> Option<Key<'static>> {
    match name {
        VertexName::Number(n) => Some(Key::Name(Cow::Owned(n.to_string()))),
        VertexName::Name(s) => {
            let b = s.as_bytes();
            let canonical =
                !b.is_empty() && b.iter().all(u8::is_ascii_digit) && (b[0] != b'0' || b.len() == 1);
            canonical
                .then(|| digits_value(b))
                .flatten()
                .map(Key::Number)
        }
    }
}

/// `ws = { " " | "\t" | "\n" | "\r" }`
fn ws(input: &[u8]) -> &[u8] {
    let spaces: IResult<&[u8], &[u8]> =
        take_while(|b| matches!(b, b' ' | b'\t' | b'\n' | b'\r')).parse(input);
    spaces.map_or(input, |(rest, _)| rest)
}

/// String characters that need no attention: not `"`, `\` or a control character.
fn plain_run(input: &[u8]) -> (&[u8], &[u8]) {
    let run: IResult<&[u8], &[u8]> =
        take_while(|b| b != b'"' && b != b'\\' && b >= 0x20).parse(input);
    run.unwrap_or((input, &[]))
}

/// Bytes that may belong to a number or a literal: the extent of a "word" token.
fn is_word(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'_' | b'-' | b'+' | b'.')
}

/// The word starting `input` (possibly empty).
fn word(input: &[u8]) -> (&[u8], &[u8]) {
    let run: IResult<&[u8], &[u8]> = take_while(is_word).parse(input);
    run.unwrap_or((input, &[]))
}

/// The RFC 8259 number grammar: `number = [ "-" ] , ( "0" | nonzero digit , { digit } ) ,
/// [ "." , digit , { digit } ] , [ ( "e" | "E" ) , [ "+" | "-" ] , digit , { digit } ]`.
fn number_text(input: &[u8]) -> IResult<&[u8], &[u8]> {
    recognize((
        opt(char('-')),
        alt((
            tag(&b"0"[..]),
            recognize((satisfy(|c| matches!(c, '1'..='9')), digit0)),
        )),
        opt((char('.'), digit1)),
        opt((one_of("eE"), opt(one_of("+-")), digit1)),
    ))
    .parse(input)
}

/// Length of the string literal starting `input` (at `"`), for messages: up to the closing
/// quote, or up to the end of the line or input if there is none.
fn string_token_len(input: &[u8]) -> usize {
    let mut i = 1;
    while i < input.len() {
        match input[i] {
            b'"' => return i + 1,
            b'\n' | b'\r' => return i,
            b'\\' => i += 2,
            _ => i += 1,
        }
    }
    input.len()
}

/// Length of the UTF-8 character starting `input` (1 for an invalid byte, 0 at the end).
fn char_len(input: &[u8]) -> usize {
    let Some(&first) = input.first() else {
        return 0;
    };
    let len = match first {
        0xC0..=0xDF => 2,
        0xE0..=0xEF => 3,
        0xF0..=0xF7 => 4,
        _ => 1,
    };
    match input.get(..len).map(std::str::from_utf8) {
        Some(Ok(_)) => len,
        _ => 1,
    }
}

/// `text` for a message: invalid UTF-8 and control characters made visible, cut after 24
/// characters.
fn shorten(text: &[u8]) -> String {
    const MAX: usize = 24;
    let text = String::from_utf8_lossy(text);
    let mut out = String::new();
    for (i, c) in text.chars().enumerate() {
        if i == MAX {
            out.push_str("...");
            break;
        }
        if c.is_control() {
            out.extend(c.escape_debug());
        } else {
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax::Vertices;

    fn ok(text: &str) -> Position {
        parse(text.as_bytes()).unwrap_or_else(|e| panic!("{text:?}: {e:?}"))
    }

    fn err(text: &str) -> Diagnostic {
        match parse(text.as_bytes()) {
            Ok(p) => panic!("{text:?} parsed: {p:?}"),
            Err(e) => e,
        }
    }

    /// The span of the `nth` (0-based) occurrence of `needle` in `text`.
    fn at(text: &str, needle: &str, nth: usize) -> Span {
        let start = text
            .match_indices(needle)
            .nth(nth)
            .unwrap_or_else(|| panic!("{needle:?} not in {text:?}"))
            .0;
        Span::new(start, start + needle.len())
    }

    /// Asserts that `text` fails with `message` at the `nth` occurrence of `needle`.
    fn fails(text: &str, message: &str, needle: &str, nth: usize) -> Diagnostic {
        let e = err(text);
        assert_eq!(e.message, message, "{text:?}");
        assert_eq!(e.span, at(text, needle, nth), "{text:?}: {e:?}");
        e
    }

    fn names(g: &GraphDecl) -> Vec<VertexName> {
        match &g.vertices {
            Vertices::Named(names) => names.clone(),
            _ => panic!("json vertices are named"),
        }
    }

    fn num(n: u64) -> VertexName {
        VertexName::Number(n)
    }

    fn name(s: &str) -> VertexName {
        VertexName::Name(s.into())
    }

    // ---- Happy paths ----

    #[test]
    fn a_full_document() {
        let text = r#"{"graphs": [
            {"name": "triangle", "ground": [0], "edges": [[0, 1], [1, 2], [2, 0]]},
            {"edges": [["a", "b"]], "ground": ["a"]}
        ]}"#;
        let p = ok(text);
        assert_eq!(p.case, None);
        assert_eq!(p.span, Span::new(0, text.len()));
        assert_eq!(p.graphs.len(), 2);
        let g = &p.graphs[0];
        assert_eq!(g.name.as_deref(), Some("triangle"));
        assert_eq!(names(g), vec![num(0), num(1), num(2)]);
        assert_eq!(g.ground, vec![0]);
        let ends: Vec<_> = g.edges.iter().map(|e| (e.u, e.v)).collect();
        assert_eq!(ends, vec![(0, 1), (1, 2), (2, 0)]);
        assert_eq!(g.edges[1].span, at(text, "[1, 2]", 0));
        assert_eq!(
            g.span,
            at(
                text,
                r#"{"name": "triangle", "ground": [0], "edges": [[0, 1], [1, 2], [2, 0]]}"#,
                0
            )
        );
        let h = &p.graphs[1];
        assert_eq!(h.name, None);
        assert_eq!(names(h), vec![name("a"), name("b")]);
        assert_eq!(h.ground, vec![0]);
    }

    #[test]
    fn ids_are_interned_in_document_order() {
        let p = ok(r#"{"graphs":[{"ground":["g"],"edges":[["x","g"]]}]}"#);
        let g = &p.graphs[0];
        assert_eq!(names(g), vec![name("g"), name("x")]);
        assert_eq!(g.ground, vec![0]);
        assert_eq!((g.edges[0].u, g.edges[0].v), (1, 0));
    }

    #[test]
    fn numbers_and_strings_are_different_vertices() {
        let p = ok(r#"{"graphs":[{"ground":[1],"edges":[[1,"1"]]}]}"#);
        let g = &p.graphs[0];
        assert_eq!(names(g), vec![num(1), name("1")]);
        assert_eq!((g.edges[0].u, g.edges[0].v), (0, 1));
    }

    #[test]
    fn loops_and_parallel_edges() {
        let p = ok(r#"{"graphs":[{"ground":[0],"edges":[[0,1],[0,1],[1,1]]}]}"#);
        let g = &p.graphs[0];
        let ends: Vec<_> = g.edges.iter().map(|e| (e.u, e.v)).collect();
        assert_eq!(ends, vec![(0, 1), (0, 1), (1, 1)]);
    }

    #[test]
    fn two_ground_vertices_without_repetition() {
        let p = ok(r#"{"graphs":[{"ground":[0,5,0,5],"edges":[[0,1],[1,5]]}]}"#);
        let g = &p.graphs[0];
        assert_eq!(names(g), vec![num(0), num(5), num(1)]);
        assert_eq!(g.ground, vec![0, 1]);
    }

    #[test]
    fn optional_fields() {
        let p = ok(
            r#"{"graphs":[{}, {"name": null}, {"edges": [[1,2]]}, {"ground": [7]}, {"edges": [], "ground": [3]}]}"#,
        );
        assert_eq!(p.graphs.len(), 5);
        assert!(p.graphs[0].name.is_none() && p.graphs[0].edges.is_empty());
        assert!(p.graphs[0].vertices.is_empty() && p.graphs[0].ground.is_empty());
        assert!(p.graphs[1].name.is_none());
        assert!(p.graphs[2].ground.is_empty());
        assert_eq!(p.graphs[2].edges.len(), 1);
        // No edges at all: the ground list may name anything.
        assert_eq!(names(&p.graphs[3]), vec![num(7)]);
        assert_eq!(p.graphs[3].ground, vec![0]);
        assert_eq!(p.graphs[4].ground, vec![0]);
    }

    #[test]
    fn no_graphs() {
        assert!(ok(r#"{"graphs":[]}"#).graphs.is_empty());
        assert!(ok(" \n{ \"graphs\" : [ ] }\n").graphs.is_empty());
    }

    #[test]
    fn escapes_in_names_and_keys() {
        let p = ok(
            r#"{"gr\u0061phs":[{"name":"a\"b\\c\/d\b\f\n\r\t\u00e9\ud83d\ude00","ground":["\u0067"],"edges":[["g","\u00e9t\u00e9"]]}]}"#,
        );
        let g = &p.graphs[0];
        assert_eq!(g.name.as_deref(), Some("a\"b\\c/d\u{8}\u{c}\n\r\té😀"));
        assert_eq!(names(g), vec![name("g"), name("été")]);
        let p = ok("{\"graphs\":[{\"name\":\"plain é\"}]}");
        assert_eq!(p.graphs[0].name.as_deref(), Some("plain é"));
    }

    #[test]
    fn crlf_tabs_and_bom() {
        let text = "\u{feff}{\r\n\t\"graphs\" :\r\n [\r\n\t{ \"ground\" : [ 1 ] ,\r\n \"edges\" : [ [ 1 , 2 ] ] }\r\n ]\r\n}\r\n";
        let p = ok(text);
        assert_eq!(p.graphs[0].edges[0].span, at(text, "[ 1 , 2 ]", 0));
    }

    #[test]
    fn large_vertex_numbers() {
        let p = ok(r#"{"graphs":[{"edges":[[18446744073709551615,0]]}]}"#);
        assert_eq!(names(&p.graphs[0]), vec![num(u64::MAX), num(0)]);
    }

    #[test]
    fn unknown_values_elsewhere_are_parsed() {
        // Any JSON is read before the schema is checked, so syntax errors come first.
        let text = r#"{"graphs":[{"name":"x","ground":[],"edges":[]}], "x": [1.5e3, -0, true, {"a": null}]}"#;
        fails(
            text,
            "unknown field `x` in the document; expected `graphs`",
            "\"x\"",
            1,
        );
    }

    // ---- Syntax errors ----

    #[test]
    fn empty_input() {
        let e = err("");
        assert_eq!(
            e.message,
            "expected `{` to start the document, found end of input"
        );
        assert_eq!(e.span, Span::at(0));
        let e = err("  \n");
        assert_eq!(e.span, Span::at(3));
    }

    #[test]
    fn not_an_object() {
        let e = fails(
            "[1, 2]",
            "expected `{` to start the document, found an array",
            "[1, 2]",
            0,
        );
        assert_eq!(e.label, "expected `{` to start the document");
        fails(
            "42",
            "expected `{` to start the document, found `42`",
            "42",
            0,
        );
        fails(
            "graphs",
            "expected `{` to start the document, found `graphs`",
            "graphs",
            0,
        );
    }

    #[test]
    fn trailing_characters() {
        let e = fails(
            r#"{"graphs":[]} x"#,
            "trailing characters after the JSON document",
            "x",
            0,
        );
        assert_eq!(e.label, "expected end of input, found `x`");
        fails(
            r#"{"graphs":[]}{}"#,
            "trailing characters after the JSON document",
            "{",
            1,
        );
    }

    #[test]
    fn missing_separators() {
        fails(
            r#"{"graphs":[{"edges":[[1,2}]}]}"#,
            "expected `,` or `]`, found `}`",
            "}",
            0,
        );
        fails(
            r#"{"graphs":[] "x":1}"#,
            "expected `,` or `}`, found `\"x\"`",
            "\"x\"",
            0,
        );
        fails(
            r#"{"graphs" []}"#,
            "expected `:` after the key, found `[`",
            "[",
            0,
        );
        fails(r#"{"graphs":}"#, "expected a value, found `}`", "}", 0);
        fails(
            r#"{graphs:[]}"#,
            "expected a string key or `}`, found `graphs`",
            "graphs",
            0,
        );
        fails(
            r#"{"graphs":[[}"#,
            "expected a value or `]`, found `}`",
            "}",
            0,
        );
    }

    #[test]
    fn unexpected_end_of_input() {
        let text = r#"{"graphs":[{"edges":[[1,2]"#;
        let e = err(text);
        assert_eq!(e.message, "expected `,` or `]`, found end of input");
        assert_eq!(e.span, Span::at(text.len()));
    }

    #[test]
    fn trailing_commas() {
        let e = fails(r#"{"graphs":[1,]}"#, "expected a value, found `]`", "]", 0);
        assert_eq!(e.label, "trailing commas are not allowed in JSON");
        fails(
            r#"{"graphs":[],}"#,
            "expected a string key, found `}`",
            "}",
            0,
        );
    }

    #[test]
    fn bad_literals_and_numbers() {
        fails(
            r#"{"graphs":[tru]}"#,
            "expected a value or `]`, found `tru`",
            "tru",
            0,
        );
        fails(
            r#"{"graphs":[nullx]}"#,
            "expected a value or `]`, found `nullx`",
            "nullx",
            0,
        );
        let e = fails(
            r#"{"graphs":[{"edges":[[01,2]]}]}"#,
            "invalid number `01`",
            "01",
            0,
        );
        assert_eq!(e.label, "JSON numbers have no leading zeros");
        fails(r#"{"graphs":[1.]}"#, "invalid number `1.`", "1.", 0);
        fails(r#"{"graphs":[-]}"#, "invalid number `-`", "-", 0);
        fails(r#"{"graphs":[1e]}"#, "invalid number `1e`", "1e", 0);
        fails(r#"{"graphs":[12ab]}"#, "invalid number `12ab`", "12ab", 0);
        fails(
            r#"{"graphs":[1.2.3]}"#,
            "invalid number `1.2.3`",
            "1.2.3",
            0,
        );
        fails(
            "{\"graphs\":[\u{e9}]}",
            "expected a value or `]`, found `\u{e9}`",
            "\u{e9}",
            0,
        );
    }

    #[test]
    fn bad_strings() {
        let text = "{\"graphs\":[{\"name\":\"abc\n\"}]}";
        let e = fails(
            text,
            "expected `\"` to end the string, found end of line",
            "\n",
            0,
        );
        assert_eq!(
            e.label,
            "strings cannot span lines; write a line break as `\\n`"
        );
        let text = "{\"graphs\":[{\"name\":\"a\tb\"}]}";
        let e = fails(text, "control character U+0009 in a string", "\t", 0);
        assert_eq!(e.label, "write it as `\\u0009`");
        let text = r#"{"graphs":[{"name":"abc"#;
        let e = err(text);
        assert_eq!(
            e.message,
            "expected `\"` to end the string, found end of input"
        );
        assert_eq!(e.span, Span::at(text.len()));
        let e = err(r#"{"graphs":[{"name":"abc\"#);
        assert_eq!(
            e.message,
            "expected `\"` to end the string, found end of input"
        );
        fails(
            r#"{"graphs":[{"name":"a\qb"}]}"#,
            "invalid escape `\\q` in a string",
            "\\q",
            0,
        );
        let e = fails(
            r#"{"graphs":[{"name":"a\u12x4"}]}"#,
            "invalid escape `\\u12` in a string",
            "\\u12",
            0,
        );
        assert_eq!(e.label, "expected 4 hex digits after `\\u`");
        fails(
            r#"{"graphs":[{"name":"\ud83d"}]}"#,
            "unpaired surrogate `\\ud83d` in a string",
            "\\ud83d",
            0,
        );
        fails(
            r#"{"graphs":[{"name":"\ud83dx"}]}"#,
            "unpaired surrogate `\\ud83d` in a string",
            "\\ud83d",
            0,
        );
        fails(
            r#"{"graphs":[{"name":"\ud83d\u0041"}]}"#,
            "unpaired surrogate `\\ud83d` in a string",
            "\\ud83d",
            0,
        );
        fails(
            r#"{"graphs":[{"name":"\ude00"}]}"#,
            "unpaired surrogate `\\ude00` in a string",
            "\\ude00",
            0,
        );
    }

    #[test]
    fn invalid_utf8_in_a_string() {
        let text = b"{\"graphs\":[{\"name\":\"ab\xffc\"}]}";
        let e = parse(text).unwrap_err();
        assert_eq!(e.message, "invalid UTF-8 byte 0xff in a string");
        assert_eq!(e.span, Span::new(22, 23));
        // A truncated sequence: the error is at its first byte.
        let text = b"{\"graphs\":[{\"name\":\"\xe2\x82\"}]}";
        let e = parse(text).unwrap_err();
        assert_eq!(e.message, "invalid UTF-8 byte 0xe2 in a string");
        assert_eq!(e.span, Span::new(20, 21));
    }

    #[test]
    fn nesting_too_deep() {
        let text = "[".repeat(1_000_000);
        let e = err(&text);
        assert_eq!(e.message, "nesting too deep (more than 64 levels)");
        assert_eq!(e.span, Span::new(64, 65));
        let text = format!("{{\"graphs\":{}", "[{\"a\":".repeat(500_000));
        let e = err(&text);
        assert_eq!(e.message, "nesting too deep (more than 64 levels)");
        assert_eq!(e.span.end - e.span.start, 1);
        // 64 levels are fine as far as the syntax goes.
        let text = format!("{}{}", "[".repeat(64), "]".repeat(64));
        assert!(
            err(&text)
                .message
                .starts_with("expected `{` to start the document")
        );
    }

    // ---- Schema errors ----

    #[test]
    fn top_level_fields() {
        let e = fails(r#"{}"#, "missing field `graphs` in the document", "{", 0);
        assert_eq!(e.label, "expected `{\"graphs\": [...]}`");
        fails(
            r#"{"graph":[]}"#,
            "unknown field `graph` in the document; expected `graphs`",
            "\"graph\"",
            0,
        );
        fails(
            r#"{"graphs":[],"graphs":[]}"#,
            "duplicate field `graphs` in the document",
            "\"graphs\"",
            1,
        );
        fails(
            r#"{"graphs":{}}"#,
            "expected an array of graphs, found an object",
            "{}",
            0,
        );
    }

    #[test]
    fn graph_fields() {
        let e = fails(
            r#"{"graphs":[{"edge":[]}]}"#,
            "unknown field `edge` in a graph; expected `name`, `ground` or `edges`",
            "\"edge\"",
            0,
        );
        assert_eq!(e.label, "expected `name`, `ground` or `edges`");
        let e = fails(
            r#"{"graphs":[{"ground":[],"edges":[],"ground":[]}]}"#,
            "duplicate field `ground` in a graph",
            "\"ground\"",
            1,
        );
        assert_eq!(e.label, "each field may be given only once");
        fails(
            r#"{"graphs":[[]]}"#,
            "expected a graph object `{...}`, found an array",
            "[]",
            0,
        );
        fails(
            r#"{"graphs":[{"name":3}]}"#,
            "expected a graph name (string or null), found `3`",
            "3",
            0,
        );
        fails(
            r#"{"graphs":[{"ground":"g"}]}"#,
            "expected an array of ground vertices, found `\"g\"`",
            "\"g\"",
            0,
        );
        fails(
            r#"{"graphs":[{"edges":null}]}"#,
            "expected an array of edges, found `null`",
            "null",
            0,
        );
    }

    #[test]
    fn bad_edges() {
        fails(
            r#"{"graphs":[{"edges":["ab"]}]}"#,
            "expected an edge `[u, v]`, found `\"ab\"`",
            "\"ab\"",
            0,
        );
        let e = fails(
            r#"{"graphs":[{"edges":[[1,2,3]]}]}"#,
            "an edge has exactly two ends, found 3 elements",
            "[1,2,3]",
            0,
        );
        assert_eq!(e.label, "expected `[u, v]`");
        fails(
            r#"{"graphs":[{"edges":[[1]]}]}"#,
            "an edge has exactly two ends, found 1 element",
            "[1]",
            0,
        );
        fails(
            r#"{"graphs":[{"edges":[[]]}]}"#,
            "an edge has exactly two ends, found 0 elements",
            "[]",
            0,
        );
    }

    #[test]
    fn bad_vertices() {
        fails(
            r#"{"graphs":[{"edges":[[1,true]]}]}"#,
            "expected a vertex id (integer or string), found `true`",
            "true",
            0,
        );
        fails(
            r#"{"graphs":[{"edges":[[[1],2]]}]}"#,
            "expected a vertex id (integer or string), found an array",
            "[1]",
            0,
        );
        for bad in ["1.5", "-3", "1e3", "-0", "1.0"] {
            let text = format!(r#"{{"graphs":[{{"edges":[[0,{bad}]]}}]}}"#);
            let e = fails(
                &text,
                &format!("vertex ids must be non-negative integers or strings, found `{bad}`"),
                bad,
                0,
            );
            assert_eq!(e.label, "expected a non-negative integer or a string");
        }
        let e = fails(
            r#"{"graphs":[{"ground":[18446744073709551616]}]}"#,
            "number too large",
            "18446744073709551616",
            0,
        );
        assert_eq!(e.label, "vertex numbers are at most 18446744073709551615");
        fails(
            r#"{"graphs":[{"edges":[["",1]]}]}"#,
            "empty vertex name",
            "\"\"",
            0,
        );
    }

    #[test]
    fn ground_vertices_must_be_touched() {
        let e = fails(
            r#"{"graphs":[{"ground":["g","x"],"edges":[["g","a"]]}]}"#,
            "unknown vertex `x` in ground list",
            "\"x\"",
            0,
        );
        assert_eq!(e.label, "no edge of this graph touches `x`");
        // Checked after the whole graph, whatever the field order.
        let e = fails(
            r#"{"graphs":[{"edges":[["g","a"]],"ground":["x"]}]}"#,
            "unknown vertex `x` in ground list",
            "\"x\"",
            0,
        );
        assert_eq!(e.label, "no edge of this graph touches `x`");
        // Per graph: a vertex of another graph does not count.
        fails(
            r#"{"graphs":[{"edges":[[1,2]]},{"ground":[1],"edges":[[3,4]]}]}"#,
            "unknown vertex `1` in ground list",
            "1",
            1,
        );
    }

    #[test]
    fn ground_number_and_string_confusion_is_explained() {
        let e = fails(
            r#"{"graphs":[{"ground":["1"],"edges":[[1,2]]}]}"#,
            "unknown vertex `1` in ground list",
            "\"1\"",
            0,
        );
        assert_eq!(
            e.label,
            "no edge of this graph touches the string `\"1\"`; its edges use the number `1`"
        );
        let e = fails(
            r#"{"graphs":[{"ground":[1],"edges":[["1","2"]]}]}"#,
            "unknown vertex `1` in ground list",
            "1",
            0,
        );
        assert_eq!(
            e.label,
            "no edge of this graph touches the number `1`; its edges use the string `\"1\"`"
        );
    }

    #[test]
    fn long_tokens_are_shortened() {
        let long = "k".repeat(100);
        let text = format!(r#"{{"graphs":[{{"{long}":1}}]}}"#);
        let e = err(&text);
        assert_eq!(
            e.message,
            format!(
                "unknown field `{}...` in a graph; expected `name`, `ground` or `edges`",
                "k".repeat(24)
            )
        );
        assert_eq!(e.span.end - e.span.start, 102);
    }

    #[test]
    fn small_and_large_vertex_numbers_mix() {
        // 5000 is first too large for the array of small numbers, then small enough: it
        // must keep its id either way (6000 makes the array long enough to hold 5000).
        let mut text = String::from(r#"{"graphs":[{"ground":[5000],"edges":[[5000,1000000000000]"#);
        for i in 0..2000 {
            text.push_str(&format!(",[{i},{}]", i + 1));
        }
        text.push_str(r#",[2000,6000],[5000,1000000000000],[1000000000000,0]]}]}"#);
        let p = ok(&text);
        let g = &p.graphs[0];
        assert_eq!(g.vertices.len(), 2 + 2001 + 1);
        assert_eq!(g.ground, vec![0]);
        let last = &g.edges[g.edges.len() - 2..];
        assert_eq!((last[0].u, last[0].v), (0, 1));
        assert_eq!((last[1].u, last[1].v), (1, 2));
        assert_eq!(names(g)[..3], [num(5000), num(1_000_000_000_000), num(0)]);
    }

    #[test]
    fn many_edges() {
        let mut text = String::from(r#"{"graphs":[{"ground":[0],"edges":["#);
        for i in 0..100_000u32 {
            if i > 0 {
                text.push(',');
            }
            text.push_str(&format!("[{},{}]", i / 2, i + 1));
        }
        text.push_str("]}]}");
        let p = ok(&text);
        assert_eq!(p.graphs[0].edges.len(), 100_000);
        assert_eq!(p.graphs[0].vertices.len(), 100_001);
    }
}
