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
mod tests;
