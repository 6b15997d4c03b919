//! Graphviz DOT input (`grammars/dot.md`): positions drawn in a graph editor, or written
//! by `hackenbush dot`, read back.
//!
//! ```text
//! graph position {
//!   subgraph cluster_stalk { label="stalk"; g1 [ground=true]; g1 -- a -- b }
//!   subgraph cluster_loop  { label="loop";  ground -- c; c -- c }
//! }
//! ```
//!
//! A file is one position. When the graph has clusters (`subgraph cluster_…`), each
//! outermost cluster is one Hackenbush graph (`cluster_legend` excepted: it is the legend
//! `hackenbush dot` draws); otherwise the whole file is one graph. Ground vertices are the
//! nodes with `ground=true` and the node named `ground`. Edges keep DOT semantics: chains,
//! parallel edges, loops, subgraph operands; `strict` merges parallel edges, invisible
//! edges (`style=invis`) are layout aids and no part of the position, and a `digraph` is
//! read as undirected.
//!
//! The text is parsed by graphviz-rust ([`graphviz_rust::parse`], a pest grammar), in
//! three steps:
//!
//! 1. a linear pre-scan with the small `Lexer` below refuses `{` nested more than
//!    [`MAX_DEPTH`] deep, before the recursive pest parser could exhaust the stack;
//! 2. graphviz-rust parses the text into its AST (`dot_structures`). Its errors carry a
//!    line and column, which are turned back into a byte span and a message of our own;
//! 3. the AST is walked in source order while the lexer walks the text alongside it,
//!    token by token: this gives every node id, edge and attribute value its exact byte
//!    span (the AST has none), and tells `--` from `->` (the AST does not keep them
//!    apart). Should the two ever disagree, spans fall back to the last token matched.

use std::collections::hash_map::Entry;
use std::collections::{HashMap, HashSet};
use std::ops::Range;

use graphviz_rust::dot_structures::{
    Attribute, Edge, EdgeTy, Graph as DotGraph, GraphAttributes, Id, NodeId, Port, Stmt, Subgraph,
    Vertex,
};

use super::{GraphBuilder, Position, VertexName};
use crate::diagnostic::Diagnostic;
use crate::source::Span;

/// Parser calls allowed per input byte (valid files need far fewer), and at least.
const CALLS_PER_BYTE: usize = 200;
const MIN_CALLS: usize = 100_000;

/// Deepest nesting of `{` accepted; the graph's own body is level 1.
pub const MAX_DEPTH: usize = 64;

/// Most edges a file may create through subgraph operands (`a -- subgraph {b c}` makes
/// one edge per node of the subgraph, so a short file could ask for billions).
pub const MAX_OPERAND_EDGES: u64 = 1 << 22;

/// The id of the legend cluster `hackenbush dot` draws: not a graph of the position.
const LEGEND: &str = "cluster_legend";

/// Parses a DOT file into one position.
pub fn parse(input: &[u8]) -> Result<Position, Diagnostic> {
    read(input).map(|(position, _)| position)
}

/// Parses a DOT file, and says whether every token of the AST was found in the text
/// (when not, some spans are approximate).
fn read(input: &[u8]) -> Result<(Position, bool), Diagnostic> {
    let text = std::str::from_utf8(input).map_err(|e| {
        let at = e.valid_up_to();
        Diagnostic::new(
            Span::new(at, at + e.error_len().unwrap_or(input.len() - at)),
            "invalid UTF-8 in a dot file",
            "expected UTF-8 text",
        )
    })?;
    // Editors on Windows may start a file with a byte order mark; pest would not skip it.
    let base = if text.starts_with('\u{feff}') { 3 } else { 0 };
    let body = &text[base..];
    check_depth(body, base)?;
    // pest backtracks exponentially in the nesting depth on some malformed inputs (fuzzing
    // found 56 unclosed `subgraph {` taking minutes): a budget of parser calls linear in
    // the input bounds the time. The setting is process-wide and read when pest starts.
    pest::set_call_limit(std::num::NonZeroUsize::new(
        CALLS_PER_BYTE
            .saturating_mul(body.len())
            .saturating_add(MIN_CALLS),
    ));
    let graph = graphviz_rust::parse(body).map_err(|e| syntax_error(body, base, &e))?;
    let mut reader = Reader::new(body, base, &graph);
    reader.graph(&graph)?;
    let aligned = reader.tokens.aligned;
    Ok((reader.finish(text.len())?, aligned))
}

// ---------------------------------------------------------------------------------------
// Tokens

/// What a token is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Tok {
    /// An id: a name (`[A-Za-z_][A-Za-z_0-9]*`), a number, a quoted string or an HTML
    /// string `<…>>`, as graphviz-rust's grammar reads them.
    Id,
    /// `--` (`false`) or `->` (`true`).
    Arrow(bool),
    /// One of `{ } [ ] ; , = :`.
    Punct(u8),
    /// A quoted string without its closing quote: it runs to the end of the input.
    OpenString,
    /// `/*` without `*/`.
    OpenComment,
    /// Any other character.
    Other,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Token {
    tok: Tok,
    start: usize,
    end: usize,
}

/// The tokens of graphviz-rust's grammar (`grammar/dot.pest` in its source), in linear
/// time: blanks and comments (`/* */`, `//`, `#`) are skipped.
struct Lexer<'a> {
    text: &'a str,
    pos: usize,
    /// No HTML string can start at or after this offset: the scan for its end already
    /// reached the end of the input once (this keeps a file of `<<<<…` linear).
    no_html_from: usize,
}

impl<'a> Lexer<'a> {
    fn new(text: &'a str) -> Self {
        Lexer {
            text,
            pos: 0,
            no_html_from: usize::MAX,
        }
    }

    /// Skips blanks and comments; an unterminated `/*` is returned as a token.
    fn trivia(&mut self) -> Option<Token> {
        let b = self.text.as_bytes();
        loop {
            match b.get(self.pos) {
                Some(b' ' | b'\t' | b'\n' | b'\r') => self.pos += 1,
                Some(b'#') => self.line_comment(),
                Some(b'/') if b.get(self.pos + 1) == Some(&b'/') => self.line_comment(),
                Some(b'/') if b.get(self.pos + 1) == Some(&b'*') => {
                    match self.text[self.pos + 2..].find("*/") {
                        Some(i) => self.pos += 2 + i + 2,
                        None => {
                            let start = self.pos;
                            self.pos = self.text.len();
                            return Some(Token {
                                tok: Tok::OpenComment,
                                start,
                                end: start + 2,
                            });
                        }
                    }
                }
                _ => return None,
            }
        }
    }

    fn line_comment(&mut self) {
        let rest = &self.text.as_bytes()[self.pos..];
        self.pos += rest
            .iter()
            .position(|&c| c == b'\n' || c == b'\r')
            .unwrap_or(rest.len());
    }

    /// The next token, `None` at the end of the input.
    fn next(&mut self) -> Option<Token> {
        if let Some(open) = self.trivia() {
            return Some(open);
        }
        let b = self.text.as_bytes();
        let start = self.pos;
        let c = *b.get(start)?;
        let next = b.get(start + 1).copied();
        let (tok, end) = match c {
            b'"' => match quoted_end(b, start) {
                Some(end) => (Tok::Id, end),
                None => (Tok::OpenString, b.len()),
            },
            b'<' => match self.html_end(start) {
                Some(end) => (Tok::Id, end),
                None => (Tok::Other, start + 1),
            },
            b'-' if next == Some(b'-') => (Tok::Arrow(false), start + 2),
            b'-' if next == Some(b'>') => (Tok::Arrow(true), start + 2),
            b'-' | b'.' | b'0'..=b'9' => match number_end(b, start) {
                Some(end) => (Tok::Id, end),
                None => (Tok::Other, start + 1),
            },
            b'a'..=b'z' | b'A'..=b'Z' | b'_' => {
                let len = b[start..]
                    .iter()
                    .position(|c| !(c.is_ascii_alphanumeric() || *c == b'_'))
                    .unwrap_or(b.len() - start);
                (Tok::Id, start + len)
            }
            b'{' | b'}' | b'[' | b']' | b';' | b',' | b'=' | b':' => (Tok::Punct(c), start + 1),
            _ => {
                let len = self.text[start..].chars().next().map_or(1, char::len_utf8);
                (Tok::Other, start + len)
            }
        };
        self.pos = end;
        Some(Token { tok, start, end })
    }

    /// The next token, without consuming it (blanks and comments before it are).
    fn peek(&mut self) -> Option<Token> {
        let token = self.next();
        if let Some(t) = token {
            if t.tok != Tok::OpenComment {
                self.pos = t.start;
            }
        }
        token
    }

    /// `html = "<" , ( !( ">" , ws* , ">" ) , ANY )+ , ">" , ws* , ">"`: the end of the
    /// HTML string starting at `start`, if it is one.
    fn html_end(&mut self, start: usize) -> Option<usize> {
        if start >= self.no_html_from {
            return None;
        }
        let b = self.text.as_bytes();
        let close = |p: usize| {
            if b.get(p) != Some(&b'>') {
                return None;
            }
            let mut q = p + 1;
            loop {
                match b.get(q) {
                    Some(b' ' | b'\t' | b'\n') => q += 1,
                    Some(b'\r') if b.get(q + 1) == Some(&b'\n') => q += 2,
                    Some(b'>') => return Some(q + 1),
                    _ => return None,
                }
            }
        };
        if close(start + 1).is_some() {
            return None; // nothing inside
        }
        for (i, _) in self.text[start + 1..].char_indices().skip(1) {
            if let Some(end) = close(start + 1 + i) {
                return Some(end);
            }
        }
        self.no_html_from = start;
        None
    }
}

/// `string_qt = '"' , { '\' , ANY | ANY - '"' - '\' } , '"'`: its end, if it has one.
fn quoted_end(b: &[u8], start: usize) -> Option<usize> {
    let mut i = start + 1;
    while i < b.len() {
        match b[i] {
            b'\\' => i += 2,
            b'"' => return Some(i + 1),
            _ => i += 1,
        }
    }
    None
}

/// `number = "-"? , ( ( "0" | nonzero , digit* ) , ( "." , digit+ )? | "." , digit+ )`
fn number_end(b: &[u8], start: usize) -> Option<usize> {
    let digits = |mut i: usize| {
        while b.get(i).is_some_and(u8::is_ascii_digit) {
            i += 1;
        }
        i
    };
    let fraction = |i: usize| {
        (b.get(i) == Some(&b'.') && b.get(i + 1).is_some_and(u8::is_ascii_digit))
            .then(|| digits(i + 1))
    };
    let mut i = start;
    if b[i] == b'-' {
        i += 1;
    }
    match b.get(i) {
        Some(b'0') => Some(fraction(i + 1).unwrap_or(i + 1)),
        Some(b'1'..=b'9') => {
            let i = digits(i);
            Some(fraction(i).unwrap_or(i))
        }
        _ => fraction(i),
    }
}

/// Refuses `{` nested more than [`MAX_DEPTH`] deep, at the first one too deep.
fn check_depth(body: &str, base: usize) -> Result<(), Diagnostic> {
    let mut lexer = Lexer::new(body);
    let mut depth = 0usize;
    while let Some(t) = lexer.next() {
        match t.tok {
            Tok::Punct(b'{') => {
                depth += 1;
                if depth > MAX_DEPTH {
                    return Err(Diagnostic::new(
                        Span::new(base + t.start, base + t.end),
                        format!("nesting too deep (more than {MAX_DEPTH} levels)"),
                        format!("at most {MAX_DEPTH} nested `{{`, the graph's own included"),
                    ));
                }
            }
            Tok::Punct(b'}') => depth = depth.saturating_sub(1),
            Tok::OpenString | Tok::OpenComment => break,
            _ => {}
        }
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------
// Syntax errors

/// Turns graphviz-rust's error (pest's message: ` --> line:column`, the line, a caret and
/// `= expected rule, rule or rule`) into a located diagnostic of our own.
fn syntax_error(body: &str, base: usize, message: &str) -> Diagnostic {
    let at = pest_offset(body, message).unwrap_or(0);
    let rules = expected_rules(message);
    let expects = |rule: &str| rules.iter().any(|r| r == rule);
    let span = |start: usize, end: usize| Span::new(base + start, base + end);

    if message.contains("call limit reached") {
        return Diagnostic::new(
            span(at, at),
            "the DOT parser gave up: too much backtracking",
            "malformed nested subgraphs? check the braces here and above",
        );
    }
    if message.contains("stack limit reached") {
        // pest's own guard: the stack ran low (on a thread smaller than the main one).
        return Diagnostic::new(
            span(at, at),
            "nesting too deep for the parser's stack",
            "nest fewer subgraphs here",
        );
    }
    if expects("char") {
        // An unterminated string: pest stops at the end of the input, the culprit is the
        // quote that opened it.
        let mut lexer = Lexer::new(body);
        while let Some(t) = lexer.next() {
            if t.tok == Tok::OpenString {
                return Diagnostic::new(
                    span(t.start, t.start + 1),
                    "unterminated string",
                    "expected `\"` to close the string opened here",
                );
            }
        }
    }
    let mut lexer = Lexer::new(body);
    lexer.pos = at;
    let token = lexer.next();
    let (found, token_span) = match token {
        Some(t) => (
            format!("`{}`", shorten(&body[t.start..t.end])),
            span(t.start, t.end),
        ),
        None => ("end of input".to_string(), span(body.len(), body.len())),
    };
    let text = token.map_or("", |t| &body[t.start..t.end]);
    let tok = token.map(|t| t.tok);
    if tok == Some(Tok::OpenComment) {
        return Diagnostic::new(
            token_span,
            "unterminated comment",
            "expected `*/` to close the comment opened here",
        );
    }
    if expects("EOI") && matches!(text, "graph" | "digraph" | "strict") {
        return Diagnostic::new(
            token_span,
            format!("expected end of input, found a second graph `{text}`"),
            "a file is one position: draw each of its graphs as a `subgraph cluster_…` of one graph",
        );
    }

    let directed = header_is_directed(body);
    let mut parts: Vec<&str> = Vec::new();
    let mut statement = false;
    for rule in &rules {
        let part = match rule.as_str() {
            "graph" | "graph_ty" => "`graph` or `digraph`",
            "strict" => "`strict`",
            "body" => "`{`",
            "stmt" => {
                statement = true;
                continue;
            }
            "vertex" => "a node id or `subgraph`",
            "id" => "an id (a name, a number or a quoted string)",
            "bare_attr" => "`name=value`",
            "attr_list" => "`[`",
            "edge_tail" if directed => "`->`",
            "edge_tail" => "`--`",
            "EOI" => "end of input",
            "compass" => "a compass point",
            _ => continue,
        };
        if !parts.contains(&part) {
            parts.push(part);
        }
    }
    if statement {
        parts.push("a statement");
        parts.push("`}`");
    }
    let expected = match parts.split_last() {
        None => String::new(),
        Some((last, [])) => (*last).to_string(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
    };
    let message = if expected.is_empty() {
        format!("unexpected {found}")
    } else {
        format!("expected {expected}, found {found}")
    };

    let first = text.chars().next();
    let after_brace = token.is_some_and(|t| body[..t.start].trim_end().ends_with('}'));
    let header = expects("graph") || expects("graph_ty");
    let only_end = rules.iter().all(|r| r == "EOI");
    let label = if header {
        if ["graph", "digraph", "strict"]
            .iter()
            .any(|k| k.eq_ignore_ascii_case(text) && *k != text)
        {
            format!(
                "keywords are lowercase here: write `{}`",
                text.to_lowercase()
            )
        } else {
            "a DOT file starts with `graph {`, `strict graph {` or `digraph {`".to_string()
        }
    } else if only_end && !rules.is_empty() {
        "the graph ends at its closing `}`: only comments may follow".to_string()
    } else if matches!(tok, Some(Tok::Arrow(_))) && statement && after_brace {
        "graphviz-rust cannot start an edge with a subgraph: put a node first, as in \
         `a -- subgraph { … }`"
            .to_string()
    } else if tok == Some(Tok::Punct(b'{')) && (expects("vertex") || statement) {
        "graphviz-rust needs the keyword: write `subgraph { … }`".to_string()
    } else if tok == Some(Tok::Other) && first.is_some_and(|c| !c.is_ascii() && c.is_alphanumeric())
    {
        let start = token.map_or(0, |t| t.start);
        let word: String = body[start..]
            .chars()
            .take_while(|&c| c.is_alphanumeric() || c == '_')
            .take(20)
            .collect();
        format!("names that are not ASCII must be quoted: \"{word}\"")
    } else if tok == Some(Tok::Other) && first == Some('<') {
        "graphviz-rust reads HTML strings only in the form `<<…>>`".to_string()
    } else if tok == Some(Tok::Other) && first == Some('+') {
        "graphviz-rust cannot join strings with `+`: write the string in one piece".to_string()
    } else if expected.is_empty() {
        "not expected here".to_string()
    } else {
        format!("expected {expected}")
    };
    Diagnostic::new(token_span, message, label)
}

/// The byte offset of pest's ` --> line:column` (column in characters).
fn pest_offset(body: &str, message: &str) -> Option<usize> {
    let place = message
        .lines()
        .find_map(|l| l.trim().strip_prefix("--> "))?;
    let (line, column) = place.trim().split_once(':')?;
    let (line, column): (usize, usize) = (line.parse().ok()?, column.parse().ok()?);
    let mut start = 0;
    for _ in 1..line {
        start += body[start..].find('\n')? + 1;
    }
    Some(
        body[start..]
            .char_indices()
            .nth(column.saturating_sub(1))
            .map_or(body.len(), |(i, _)| start + i),
    )
}

/// The rule names of pest's `= expected a, b, or c`.
fn expected_rules(message: &str) -> Vec<String> {
    let Some(list) = message
        .lines()
        .find_map(|l| l.trim().strip_prefix("= expected "))
    else {
        return Vec::new();
    };
    list.split(", ")
        .flat_map(|part| part.split(" or "))
        .map(|rule| rule.trim_start_matches("or ").trim().to_string())
        .filter(|rule| !rule.is_empty())
        .collect()
}

/// Whether the text starts (after `strict`) with `digraph`.
fn header_is_directed(body: &str) -> bool {
    let mut lexer = Lexer::new(body);
    let mut first = lexer.next();
    if first.is_some_and(|t| &body[t.start..t.end] == "strict") {
        first = lexer.next();
    }
    first.is_some_and(|t| body[t.start..t.end].starts_with("digraph"))
}

/// At most 20 characters of `text`, control characters escaped, `...` if cut.
fn shorten(text: &str) -> String {
    let mut out: String = text
        .chars()
        .take(20)
        .flat_map(|c| {
            let escaped: Vec<char> = if c.is_control() {
                c.escape_default().collect()
            } else {
                vec![c]
            };
            escaped
        })
        .collect();
    if text.chars().nth(20).is_some() {
        out.push_str("...");
    }
    out
}

// ---------------------------------------------------------------------------------------
// Ids and attribute values

/// The text of the id exactly as written (graphviz-rust keeps quotes and `<>`).
fn raw(id: &Id) -> &str {
    match id {
        Id::Html(s) | Id::Escaped(s) | Id::Plain(s) | Id::Anonymous(s) => s,
    }
}

/// The string an id stands for, as Graphviz reads it: quotes removed, `\"` read as `"`,
/// a backslash before a line break dropped (a continued line), other backslashes kept;
/// an HTML string without its outer `<>`.
fn id_text(id: &Id) -> String {
    match id {
        Id::Plain(s) | Id::Anonymous(s) => s.clone(),
        Id::Html(s) => s[1..s.len() - 1].to_string(),
        Id::Escaped(s) => {
            let inner = &s[1..s.len() - 1];
            let mut out = String::with_capacity(inner.len());
            let mut chars = inner.chars().peekable();
            while let Some(c) = chars.next() {
                if c != '\\' {
                    out.push(c);
                    continue;
                }
                match chars.next() {
                    Some('"') => out.push('"'),
                    Some('\n') => {}
                    Some('\r') if chars.peek() == Some(&'\n') => {
                        chars.next();
                    }
                    Some(other) => {
                        out.push('\\');
                        out.push(other);
                    }
                    None => out.push('\\'),
                }
            }
            out
        }
    }
}

/// A label as shown: `\n`, `\l`, `\r` are line breaks, `\\` a backslash, `&amp;` and the
/// other basic entities their characters.
fn label_text(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => match chars.next() {
                Some('n' | 'l' | 'r') => out.push('\n'),
                Some(other) => out.push(other),
                None => {}
            },
            c => out.push(c),
        }
    }
    decode_entities(&out)
}

/// `&amp;`, `&lt;`, `&gt;`, `&quot;`, `&apos;`, `&#NN;` and `&#xHH;` as characters.
fn decode_entities(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(i) = rest.find('&') {
        out.push_str(&rest[..i]);
        rest = &rest[i..];
        // Entities are short: looking further for the `;` would make `&&&…` quadratic.
        let entity = rest.as_bytes()[1..]
            .iter()
            .take(10)
            .position(|&b| b == b';')
            .map(|j| &rest[1..=j]);
        let decoded = entity.and_then(|e| match e {
            "amp" => Some('&'),
            "lt" => Some('<'),
            "gt" => Some('>'),
            "quot" => Some('"'),
            "apos" => Some('\''),
            _ => {
                let number = e.strip_prefix('#')?;
                let code = match number.strip_prefix(['x', 'X']) {
                    Some(hex) => u32::from_str_radix(hex, 16).ok()?,
                    None => number.parse().ok()?,
                };
                char::from_u32(code)
            }
        });
        match (entity, decoded) {
            (Some(e), Some(c)) => {
                out.push(c);
                rest = &rest[e.len() + 2..];
            }
            _ => {
                out.push('&');
                rest = &rest[1..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// A Graphviz boolean as `ground` takes it: `true`, `yes`, `1` or `false`, `no`, `0`, in
/// any case.
fn boolean(value: &str) -> Option<bool> {
    match value.to_ascii_lowercase().as_str() {
        "true" | "yes" | "1" => Some(true),
        "false" | "no" | "0" => Some(false),
        _ => None,
    }
}

fn ground_value(value: &str, span: Span) -> Result<bool, Diagnostic> {
    boolean(value).ok_or_else(|| {
        Diagnostic::new(
            span,
            format!("invalid value `{}` for `ground`", shorten(value)),
            "expected `true` or `false` (or `yes`/`no`, `1`/`0`)",
        )
    })
}

/// A vertex name: a node id in canonical decimal (`7`, not `07`) is a number, as in the
/// other formats; anything else a name.
fn vertex_name(name: &str) -> VertexName {
    let canonical = !name.is_empty()
        && name.bytes().all(|b| b.is_ascii_digit())
        && (name == "0" || !name.starts_with('0'));
    match canonical.then(|| name.parse::<u64>().ok()).flatten() {
        Some(n) => VertexName::Number(n),
        None => VertexName::Name(name.into()),
    }
}

/// A graph's name from its `label` or else its id. From a label as shown: all before
/// the last ` = *n` that ends a line (what `hackenbush dot` writes, a note may follow),
/// or else its first line. From an id: without a `cluster` prefix, and none if only a
/// number is left.
fn graph_name(label: Option<&Id>, id: Option<&str>) -> Option<String> {
    if let Some(label) = label.filter(|l| !matches!(l, Id::Html(_))) {
        let text = label_text(&id_text(label));
        // `name = *3` ends a line (a note may follow): the name is all before it.
        let value_at = text
            .match_indices(" = *")
            .filter(|&(i, _)| {
                let rest = &text[i + 4..];
                let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
                digits > 0 && matches!(rest.as_bytes().get(digits), None | Some(b'\n'))
            })
            .last()
            .map(|(i, _)| i);
        let name = match value_at {
            Some(i) => &text[..i],
            None => text.split('\n').next().unwrap_or(""),
        };
        if !name.is_empty() {
            return Some(name.to_string());
        }
    }
    let id = id?;
    let id = match id.get(..7) {
        Some(prefix) if prefix.eq_ignore_ascii_case("cluster") => {
            id[7..].trim_start_matches(['_', '-', ' '])
        }
        _ => id,
    };
    (!id.is_empty() && !id.bytes().all(|b| b.is_ascii_digit())).then(|| id.to_string())
}

/// Whether a subgraph is a cluster: its id starts with `cluster` (in any case), or it
/// says `cluster=true`.
fn is_cluster(sub: &Subgraph) -> bool {
    let named = id_text(&sub.id)
        .get(..7)
        .is_some_and(|p| p.eq_ignore_ascii_case("cluster"));
    named
        || sub.stmts.iter().any(|s| {
            let attrs = match s {
                Stmt::Attribute(a) => std::slice::from_ref(a),
                Stmt::GAttribute(GraphAttributes::Graph(attrs)) => attrs.as_slice(),
                _ => return false,
            };
            attrs.iter().any(|Attribute(k, v)| {
                id_text(k) == "cluster" && boolean(&id_text(v)) == Some(true)
            })
        })
}

/// Whether any subgraph in `stmts`, at any depth, is a cluster.
fn has_cluster(stmts: &[Stmt]) -> bool {
    fn in_vertex(v: &Vertex) -> bool {
        matches!(v, Vertex::S(sub) if is_cluster(sub) || has_cluster(&sub.stmts))
    }
    stmts.iter().any(|s| match s {
        Stmt::Subgraph(sub) => is_cluster(sub) || has_cluster(&sub.stmts),
        Stmt::Edge(Edge {
            ty: EdgeTy::Pair(a, b),
            ..
        }) => in_vertex(a) || in_vertex(b),
        Stmt::Edge(Edge {
            ty: EdgeTy::Chain(vs),
            ..
        }) => vs.iter().any(in_vertex),
        _ => false,
    })
}

// ---------------------------------------------------------------------------------------
// Walking the AST along the text

/// The lexer, matched against the AST in source order.
struct Tokens<'a> {
    lexer: Lexer<'a>,
    base: usize,
    /// Whether every token so far was found where the AST said.
    aligned: bool,
    /// End of the last token matched.
    last: usize,
}

impl<'a> Tokens<'a> {
    fn span(&self, start: usize, end: usize) -> Span {
        Span::new(self.base + start, self.base + end)
    }

    /// Where to point once lost: just after the last token matched.
    fn fallback(&self) -> Span {
        Span::at(self.base + self.last)
    }

    /// The next token that carries information: separators (`; , = : [ ]`) are skipped.
    fn peek(&mut self) -> Option<Token> {
        loop {
            let t = self.lexer.peek()?;
            match t.tok {
                Tok::Punct(b';' | b',' | b'=' | b':' | b'[' | b']') => self.lexer.pos = t.end,
                _ => return Some(t),
            }
        }
    }

    fn take(&mut self, start: usize, end: usize) -> Span {
        self.lexer.pos = end;
        self.last = end;
        self.span(start, end)
    }

    fn lost(&mut self) -> Span {
        self.aligned = false;
        self.fallback()
    }

    /// The span of the id `text`, which must come next.
    fn id(&mut self, text: &str) -> Span {
        if !self.aligned {
            return self.fallback();
        }
        match self.peek() {
            Some(t) if t.tok == Tok::Id && &self.lexer.text[t.start..t.end] == text => {
                self.take(t.start, t.end)
            }
            _ => self.lost(),
        }
    }

    /// The span of keyword `word`, which must come next, possibly glued to what follows
    /// (the grammar reads `subgraphX` as `subgraph X`).
    fn keyword(&mut self, word: &str) -> Span {
        if !self.aligned {
            return self.fallback();
        }
        match self.peek() {
            Some(t) if t.tok == Tok::Id && self.lexer.text[t.start..t.end].starts_with(word) => {
                self.take(t.start, t.start + word.len())
            }
            _ => self.lost(),
        }
    }

    /// The span of `{` or `}`, which must come next.
    fn punct(&mut self, c: u8) -> Span {
        if !self.aligned {
            return self.fallback();
        }
        match self.peek() {
            Some(t) if t.tok == Tok::Punct(c) => self.take(t.start, t.end),
            _ => self.lost(),
        }
    }

    /// The edge operator that must come next: whether it is `->`, and its span.
    fn arrow(&mut self) -> Option<(bool, Span)> {
        if !self.aligned {
            return None;
        }
        match self.peek() {
            Some(Token {
                tok: Tok::Arrow(directed),
                start,
                end,
            }) => Some((directed, self.take(start, end))),
            _ => {
                self.lost();
                None
            }
        }
    }
}

/// Where statements land.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Place {
    /// In graph `i` of the position.
    Graph(usize),
    /// In the legend cluster: ignored.
    Legend,
    /// Outside every cluster of a file that has clusters.
    Outside,
}

/// The edge attributes that matter, as given (each `None` when not set).
#[derive(Clone, Debug, Default)]
struct EdgeAttrs {
    style: Option<String>,
    label: Option<String>,
    xlabel: Option<String>,
}

impl EdgeAttrs {
    /// These attributes with `later` set over them.
    fn overlay(&mut self, later: &EdgeAttrs) {
        for (mine, theirs) in [
            (&mut self.style, &later.style),
            (&mut self.label, &later.label),
            (&mut self.xlabel, &later.xlabel),
        ] {
            if theirs.is_some() {
                mine.clone_from(theirs);
            }
        }
    }

    /// `style=invis` (among other styles or not): drawn by no one, a layout aid.
    fn invisible(&self) -> bool {
        self.style.as_deref().is_some_and(|s| {
            s.split(',')
                .any(|part| part.trim().eq_ignore_ascii_case("invis"))
        })
    }

    /// The edge's number: its `label` (or without one, its `xlabel`) as a decimal integer.
    fn number(&self) -> Option<usize> {
        let text = self.label.as_ref().or(self.xlabel.as_ref())?.trim();
        if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        text.parse().ok()
    }
}

/// The defaults in force in a (sub)graph body, and where its statements land.
#[derive(Clone, Debug)]
struct Scope {
    place: Place,
    /// `node [ground=…]`.
    ground: Option<bool>,
    /// `edge [...]`.
    edge: EdgeAttrs,
}

/// One DOT node (node ids are global to the file).
struct NodeInfo {
    name: String,
    /// The value of its `ground` attribute, if it was given one.
    ground: Option<bool>,
    /// The first graph it is in.
    home: Option<usize>,
    /// Its first mention in another graph than `home`.
    stray: Option<(usize, Span)>,
}

impl NodeInfo {
    fn is_ground(&self) -> bool {
        self.ground.unwrap_or(self.name == "ground")
    }
}

/// One DOT edge.
struct EdgeInfo {
    a: usize,
    b: usize,
    span: Span,
    place: Place,
    attrs: EdgeAttrs,
}

/// A graph of the position being gathered.
struct GraphInfo {
    /// Its cluster's id (`None` for the whole file or an anonymous cluster).
    id: Option<String>,
    span: Span,
    label: Option<Id>,
    /// Its nodes, in order of first mention, and the same as a set.
    members: Vec<usize>,
    member_set: HashSet<usize>,
}

impl GraphInfo {
    fn new(id: Option<String>, span: Span) -> Self {
        GraphInfo {
            id,
            span,
            label: None,
            members: Vec::new(),
            member_set: HashSet::new(),
        }
    }
}

struct Reader<'a> {
    tokens: Tokens<'a>,
    directed: bool,
    strict: bool,
    /// Whether the file has clusters (each is then a graph) or is one graph.
    clusters: bool,
    nodes: Vec<NodeInfo>,
    node_ids: HashMap<String, usize>,
    /// Every mention of a node, in source order: a subgraph's nodes are a range of it.
    mentions: Vec<usize>,
    graphs: Vec<GraphInfo>,
    cluster_ids: HashMap<String, usize>,
    edges: Vec<EdgeInfo>,
    /// Strict graphs: the edge between two nodes, by their (ordered) indices.
    strict_edges: HashMap<(usize, usize), usize>,
    /// Edges made from subgraph operands so far.
    operand_edges: u64,
}

impl<'a> Reader<'a> {
    fn new(body: &'a str, base: usize, graph: &DotGraph) -> Self {
        let (directed, strict) = match graph {
            DotGraph::Graph { strict, .. } => (false, *strict),
            DotGraph::DiGraph { strict, .. } => (true, *strict),
        };
        Reader {
            tokens: Tokens {
                lexer: Lexer::new(body),
                base,
                aligned: true,
                last: 0,
            },
            directed,
            strict,
            clusters: false,
            nodes: Vec::new(),
            node_ids: HashMap::new(),
            mentions: Vec::new(),
            graphs: Vec::new(),
            cluster_ids: HashMap::new(),
            edges: Vec::new(),
            strict_edges: HashMap::new(),
            operand_edges: 0,
        }
    }

    /// `graph = [ "strict" ] , ( "graph" | "digraph" ) , [ id ] , body`
    fn graph(&mut self, graph: &DotGraph) -> Result<(), Diagnostic> {
        let (id, stmts) = match graph {
            DotGraph::Graph { id, stmts, .. } | DotGraph::DiGraph { id, stmts, .. } => (id, stmts),
        };
        let strict = self.strict.then(|| self.tokens.keyword("strict"));
        let keyword = self
            .tokens
            .keyword(if self.directed { "digraph" } else { "graph" });
        let mut header = strict.map_or(keyword, |s| s.to(keyword));
        let name = (!matches!(id, Id::Anonymous(_))).then(|| {
            header = header.to(self.tokens.id(raw(id)));
            id_text(id)
        });
        self.clusters = has_cluster(stmts);
        let mut scope = Scope {
            place: Place::Outside,
            ground: None,
            edge: EdgeAttrs::default(),
        };
        if !self.clusters {
            self.graphs.push(GraphInfo::new(name, header));
            scope.place = Place::Graph(0);
        }
        self.tokens.punct(b'{');
        let label = self.stmts(stmts, &mut scope)?;
        self.tokens.punct(b'}');
        if !self.clusters {
            self.graphs[0].label = label;
        }
        Ok(())
    }

    /// The statements of a body; returns the last `label` given to the (sub)graph itself.
    fn stmts(&mut self, stmts: &[Stmt], scope: &mut Scope) -> Result<Option<Id>, Diagnostic> {
        let mut label = None;
        for stmt in stmts {
            match stmt {
                Stmt::Node(node) => {
                    let (n, _) = self.mention(&node.id, scope);
                    for attr in &node.attributes {
                        let (key, _, value, value_span) = self.attr(attr);
                        if key == "ground" {
                            let ground = ground_value(&value, value_span)?;
                            if !ground && self.nodes[n].name == "ground" {
                                return Err(Diagnostic::new(
                                    value_span,
                                    "the node named `ground` is always a ground vertex",
                                    "rename the node to make it an ordinary vertex",
                                ));
                            }
                            self.nodes[n].ground = Some(ground);
                        }
                    }
                }
                Stmt::Edge(edge) => self.edge_stmt(edge, scope)?,
                Stmt::Subgraph(sub) => {
                    self.subgraph(sub, scope)?;
                }
                Stmt::Attribute(attr) => {
                    if let Some(l) = self.graph_attr(attr)? {
                        label = Some(l);
                    }
                }
                Stmt::GAttribute(GraphAttributes::Graph(attrs)) => {
                    self.tokens.keyword("graph");
                    for attr in attrs {
                        if let Some(l) = self.graph_attr(attr)? {
                            label = Some(l);
                        }
                    }
                }
                Stmt::GAttribute(GraphAttributes::Node(attrs)) => {
                    self.tokens.keyword("node");
                    for attr in attrs {
                        let (key, _, value, value_span) = self.attr(attr);
                        if key == "ground" {
                            scope.ground = Some(ground_value(&value, value_span)?);
                        }
                    }
                }
                Stmt::GAttribute(GraphAttributes::Edge(attrs)) => {
                    self.tokens.keyword("edge");
                    let given = self.edge_attrs(attrs)?;
                    scope.edge.overlay(&given);
                }
            }
        }
        Ok(label)
    }

    /// `key=value`: both unescaped, with their spans.
    fn attr(&mut self, Attribute(key, value): &Attribute) -> (String, Span, String, Span) {
        let key_span = self.tokens.id(raw(key));
        let value_span = self.tokens.id(raw(value));
        (id_text(key), key_span, id_text(value), value_span)
    }

    /// A graph attribute: its value if it is the `label`.
    fn graph_attr(&mut self, attr: &Attribute) -> Result<Option<Id>, Diagnostic> {
        let (key, key_span, _, _) = self.attr(attr);
        match key.as_str() {
            "label" => Ok(Some(attr.1.clone())),
            "ground" => Err(Diagnostic::new(
                key_span,
                "`ground` is a node attribute, not a graph attribute",
                "write `node [ground=true]` to make the nodes that follow ground vertices",
            )),
            _ => Ok(None),
        }
    }

    /// The attributes of an edge statement, or of `edge [...]`.
    fn edge_attrs(&mut self, attrs: &[Attribute]) -> Result<EdgeAttrs, Diagnostic> {
        let mut given = EdgeAttrs::default();
        for attr in attrs {
            let (key, key_span, value, _) = self.attr(attr);
            match key.as_str() {
                "style" => given.style = Some(value),
                "label" => given.label = Some(value),
                "xlabel" => given.xlabel = Some(value),
                "ground" => {
                    return Err(Diagnostic::new(
                        key_span,
                        "`ground` is a node attribute, not an edge attribute",
                        "mark the ground vertex itself: `g [ground=true]`",
                    ));
                }
                _ => {}
            }
        }
        Ok(given)
    }

    /// A node mentioned by a statement: its index (created on first mention) and the span
    /// of its id (and port).
    fn mention(&mut self, NodeId(id, port): &NodeId, scope: &Scope) -> (usize, Span) {
        let mut span = self.tokens.id(raw(id));
        match port {
            Some(Port(Some(port), compass)) => {
                span = span.to(self.tokens.id(raw(port)));
                if let Some(compass) = compass {
                    span = span.to(self.tokens.keyword(compass));
                }
            }
            Some(Port(None, Some(compass))) => span = span.to(self.tokens.id(compass)),
            Some(Port(None, None)) | None => {}
        }
        let name = id_text(id);
        let n = match self.node_ids.get(&name) {
            Some(&n) => n,
            None => {
                let n = self.nodes.len();
                self.node_ids.insert(name.clone(), n);
                self.nodes.push(NodeInfo {
                    name,
                    ground: scope.ground,
                    home: None,
                    stray: None,
                });
                n
            }
        };
        self.mentions.push(n);
        self.join(n, scope.place, span);
        (n, span)
    }

    /// Records that node `n` is in the graph at `place`.
    fn join(&mut self, n: usize, place: Place, span: Span) {
        let Place::Graph(g) = place else {
            return;
        };
        let node = &mut self.nodes[n];
        match node.home {
            None => node.home = Some(g),
            Some(home) if home != g && node.stray.is_none() => node.stray = Some((g, span)),
            Some(_) => {}
        }
        let graph = &mut self.graphs[g];
        if graph.member_set.insert(n) {
            graph.members.push(n);
        }
    }

    /// `subgraph = "subgraph" , [ id ] , body`: its nodes (a range of `mentions`) and
    /// span.
    fn subgraph(
        &mut self,
        sub: &Subgraph,
        parent: &Scope,
    ) -> Result<(Range<usize>, Span), Diagnostic> {
        let mut header = self.tokens.keyword("subgraph");
        let id = (!matches!(sub.id, Id::Anonymous(_))).then(|| {
            header = header.to(self.tokens.id(raw(&sub.id)));
            id_text(&sub.id)
        });
        let mut scope = parent.clone();
        let mut own = None;
        if self.clusters && parent.place == Place::Outside && is_cluster(sub) {
            if id.as_deref() == Some(LEGEND) {
                scope.place = Place::Legend;
            } else {
                let g = match id.as_ref().and_then(|id| self.cluster_ids.get(id)) {
                    Some(&g) => g,
                    None => {
                        let g = self.graphs.len();
                        if let Some(id) = &id {
                            self.cluster_ids.insert(id.clone(), g);
                        }
                        self.graphs.push(GraphInfo::new(id.clone(), header));
                        g
                    }
                };
                scope.place = Place::Graph(g);
                own = Some(g);
            }
        }
        self.tokens.punct(b'{');
        let start = self.mentions.len();
        let label = self.stmts(&sub.stmts, &mut scope)?;
        let close = self.tokens.punct(b'}');
        if let (Some(g), Some(label)) = (own, label) {
            self.graphs[g].label = Some(label);
        }
        Ok((start..self.mentions.len(), header.to(close)))
    }

    /// `edge_stmt = vertex , ( ( "--" | "->" ) , vertex )+ , [ attr_list ]`
    fn edge_stmt(&mut self, edge: &Edge, scope: &Scope) -> Result<(), Diagnostic> {
        let vertices: Vec<&Vertex> = match &edge.ty {
            EdgeTy::Pair(a, b) => vec![a, b],
            EdgeTy::Chain(vs) => vs.iter().collect(),
        };
        // Each operand: its nodes (in Graphviz's order: by creation) and span.
        let mut operands: Vec<(Vec<usize>, Span)> = Vec::with_capacity(vertices.len());
        let mut any_subgraph = false;
        for (i, vertex) in vertices.iter().enumerate() {
            if i > 0 {
                if let Some((directed, span)) = self.tokens.arrow() {
                    if directed != self.directed {
                        return Err(if directed {
                            Diagnostic::new(
                                span,
                                "`->` in an undirected graph",
                                "edges of a `graph` are written `--`",
                            )
                        } else {
                            Diagnostic::new(
                                span,
                                "`--` in a directed graph",
                                "edges of a `digraph` are written `->` (hackenbush ignores their direction)",
                            )
                        });
                    }
                }
            }
            match vertex {
                Vertex::N(id) => {
                    let (n, span) = self.mention(id, scope);
                    operands.push((vec![n], span));
                }
                Vertex::S(sub) => {
                    any_subgraph = true;
                    let (range, span) = self.subgraph(sub, scope)?;
                    let mut nodes = self.mentions[range].to_vec();
                    nodes.sort_unstable();
                    nodes.dedup();
                    operands.push((nodes, span));
                }
            }
        }
        let statement = operands[0].1.to(operands[operands.len() - 1].1);
        let given = self.edge_attrs(&edge.attributes)?;
        if any_subgraph {
            let count: u64 = operands
                .windows(2)
                .map(|pair| (pair[0].0.len() as u64).saturating_mul(pair[1].0.len() as u64))
                .fold(0, u64::saturating_add);
            self.operand_edges = self.operand_edges.saturating_add(count);
            if self.operand_edges > MAX_OPERAND_EDGES {
                return Err(Diagnostic::new(
                    statement,
                    format!("too many edges from subgraph operands: this statement makes {count}"),
                    format!(
                        "an operand `subgraph {{…}}` joins each of its nodes; at most {MAX_OPERAND_EDGES} edges are made that way"
                    ),
                ));
            }
        }
        for pair in operands.windows(2) {
            let span = pair[0].1.to(pair[1].1);
            for &a in &pair[0].0 {
                for &b in &pair[1].0 {
                    self.add_edge(a, b, span, scope, &given);
                }
            }
        }
        Ok(())
    }

    fn add_edge(&mut self, a: usize, b: usize, span: Span, scope: &Scope, given: &EdgeAttrs) {
        if self.strict {
            let key = if self.directed || a <= b {
                (a, b)
            } else {
                (b, a)
            };
            match self.strict_edges.entry(key) {
                Entry::Occupied(e) => {
                    // The same edge again: only its attributes change.
                    self.edges[*e.get()].attrs.overlay(given);
                    return;
                }
                Entry::Vacant(e) => {
                    e.insert(self.edges.len());
                }
            }
        }
        self.join(a, scope.place, span);
        self.join(b, scope.place, span);
        let mut attrs = scope.edge.clone();
        attrs.overlay(given);
        self.edges.push(EdgeInfo {
            a,
            b,
            span,
            place: scope.place,
            attrs,
        });
    }

    /// The position: checks what could only be checked at the end, then builds each
    /// graph's vertex table and edge list.
    fn finish(self, len: usize) -> Result<Position, Diagnostic> {
        if let Some(e) = self
            .edges
            .iter()
            .find(|e| e.place == Place::Outside && !e.attrs.invisible())
        {
            return Err(Diagnostic::new(
                e.span,
                "edge outside every cluster",
                "in a file with clusters, each cluster is a graph: put the edge in one (or make it `style=invis`)",
            ));
        }
        if let Some((node, (g, span))) = self
            .nodes
            .iter()
            .filter(|n| !n.is_ground())
            .filter_map(|n| n.stray.map(|s| (n, s)))
            .min_by_key(|(_, (_, span))| span.start)
        {
            let home = node.home.expect("a stray node has a home");
            let describe = |g: usize| match &self.graphs[g].id {
                Some(id) => format!("`{}`", shorten(id)),
                None => format!("cluster {}", g + 1),
            };
            return Err(Diagnostic::new(
                span,
                format!(
                    "node `{}` is in two graphs, {} and {}",
                    shorten(&node.name),
                    describe(home),
                    describe(g)
                ),
                "each cluster is a graph: only ground vertices may be in several",
            ));
        }

        let mut by_graph: Vec<Vec<&EdgeInfo>> =
            (0..self.graphs.len()).map(|_| Vec::new()).collect();
        for e in &self.edges {
            if let Place::Graph(g) = e.place {
                if !e.attrs.invisible() {
                    by_graph[g].push(e);
                }
            }
        }
        let mut graphs = Vec::with_capacity(self.graphs.len());
        for (info, mut edges) in self.graphs.into_iter().zip(by_graph) {
            number_order(&mut edges);
            let mut used = HashSet::with_capacity(edges.len());
            for e in &edges {
                used.insert(e.a);
                used.insert(e.b);
            }
            let mut graph = GraphBuilder::named(info.span);
            graph.set_name(graph_name(info.label.as_ref(), info.id.as_deref()));
            let mut ids: HashMap<usize, u32> = HashMap::new();
            for &n in &info.members {
                let node = &self.nodes[n];
                let is_ground = node.is_ground();
                if !is_ground && !used.contains(&n) {
                    continue;
                }
                let id = graph.vertex(vertex_name(&node.name), info.span)?;
                ids.insert(n, id);
                if is_ground {
                    graph.ground(id, info.span);
                }
            }
            for e in &edges {
                graph.edge(ids[&e.a], ids[&e.b], e.span);
            }
            graphs.push(graph.finish().graph);
        }
        Ok(Position {
            case: None,
            span: Span::new(0, len),
            graphs,
            warnings: Vec::new(),
        })
    }
}

/// Puts a graph's edges in the order of their numbers when every edge carries one and
/// they are exactly `1..=n` (as `hackenbush dot` labels them); otherwise leaves them in
/// the order they were made.
fn number_order(edges: &mut [&EdgeInfo]) {
    let n = edges.len();
    let mut seen = vec![false; n];
    for e in edges.iter() {
        match e.attrs.number() {
            Some(k) if (1..=n).contains(&k) && !seen[k - 1] => seen[k - 1] = true,
            _ => return,
        }
    }
    edges.sort_by_key(|e| e.attrs.number());
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax::GraphDecl;

    fn position(text: &str) -> Position {
        let (position, aligned) = read(text.as_bytes()).unwrap_or_else(|e| panic!("{text}: {e:?}"));
        assert!(aligned, "tokens not aligned with the AST in {text}");
        position
    }

    fn graph(text: &str) -> GraphDecl {
        let mut p = position(text);
        assert_eq!(p.graphs.len(), 1, "{text}");
        p.graphs.remove(0)
    }

    fn error(text: &str) -> Diagnostic {
        match parse(text.as_bytes()) {
            Err(e) => e,
            Ok(p) => panic!("{text}: expected an error, got {p:?}"),
        }
    }

    /// The edges as pairs of vertex names.
    fn pairs(g: &GraphDecl) -> Vec<(String, String)> {
        g.edges
            .iter()
            .map(|e| {
                (
                    g.vertices.name(e.u).to_string(),
                    g.vertices.name(e.v).to_string(),
                )
            })
            .collect()
    }

    fn pairs_of(text: &str) -> Vec<(String, String)> {
        pairs(&graph(text))
    }

    fn p(list: &[(&str, &str)]) -> Vec<(String, String)> {
        list.iter()
            .map(|(a, b)| (a.to_string(), b.to_string()))
            .collect()
    }

    fn ground(g: &GraphDecl) -> Vec<String> {
        g.ground
            .iter()
            .map(|&v| g.vertices.name(v).to_string())
            .collect()
    }

    fn at(text: &str, span: Span) -> &str {
        &text[span.range()]
    }

    #[test]
    fn whole_file_is_one_graph() {
        let text = "graph bowtie {\n  g [ground=true]\n  g -- a -- b -- a\n}\n";
        let g = graph(text);
        assert_eq!(g.name.as_deref(), Some("bowtie"));
        assert_eq!(pairs(&g), p(&[("g", "a"), ("a", "b"), ("b", "a")]));
        assert_eq!(ground(&g), ["g"]);
        assert_eq!(at(text, g.span), "graph bowtie");
        assert_eq!(at(text, g.edges[0].span), "g -- a");
        assert_eq!(at(text, g.edges[1].span), "a -- b");
        assert_eq!(at(text, g.edges[2].span), "b -- a");
    }

    #[test]
    fn chains_parallel_edges_and_loops_are_kept() {
        let g = pairs_of("graph { ground -- a; a -- a; a -- a; ground -- a -- ground }");
        assert_eq!(
            g,
            p(&[
                ("ground", "a"),
                ("a", "a"),
                ("a", "a"),
                ("ground", "a"),
                ("a", "ground")
            ])
        );
    }

    #[test]
    fn ground_by_attribute_or_by_name() {
        let text = r#"graph { x [ground=1]; y [ground="yes"]; z [ground=TRUE]; w [ground=false];
            ground -- a; x -- a; y -- a; z -- a; w -- a }"#;
        let g = graph(text);
        assert_eq!(ground(&g), ["x", "y", "z", "ground"]);
        // Ground vertices without edges still count; later statements win.
        let g = graph("graph { g [ground=true]; g [ground=no]; h [ground=true] }");
        assert_eq!(ground(&g), ["h"]);
        assert!(g.edges.is_empty());
        // No ground at all is a graph worth 0, not an error.
        let g = graph("graph { a -- b }");
        assert!(g.ground.is_empty());
    }

    #[test]
    fn node_defaults_mark_ground_vertices() {
        let g = graph(
            "graph { subgraph { node [ground=true]; g1; g2 } g1 -- a; a -- g2; node [ground=true] }",
        );
        assert_eq!(ground(&g), ["g1", "g2"]);
        // Defaults apply to nodes created after them, in their subgraph.
        let g = graph("graph { a; subgraph { node [ground=true]; a -- b } b -- c }");
        assert_eq!(ground(&g), ["b"]);
    }

    #[test]
    fn bad_ground_values() {
        let text = "graph {\n  g [ground=maybe]\n}";
        let e = error(text);
        assert_eq!(e.message, "invalid value `maybe` for `ground`");
        assert_eq!(at(text, e.span), "maybe");
        assert_eq!(
            e.label,
            "expected `true` or `false` (or `yes`/`no`, `1`/`0`)"
        );
        let text = "graph { node [ground=\"\"] }";
        let e = error(text);
        assert_eq!(at(text, e.span), "\"\"");
        let text = "graph { a -- b [ground=true] }";
        let e = error(text);
        assert_eq!(
            e.message,
            "`ground` is a node attribute, not an edge attribute"
        );
        assert_eq!(at(text, e.span), "ground");
        let e = error("graph { ground=true; a -- b }");
        assert_eq!(
            e.message,
            "`ground` is a node attribute, not a graph attribute"
        );
        let text = "graph { ground [ground=false] }";
        let e = error(text);
        assert_eq!(
            e.message,
            "the node named `ground` is always a ground vertex"
        );
        assert_eq!(at(text, e.span), "false");
    }

    #[test]
    fn clusters_are_graphs() {
        let text = "graph {
            subgraph cluster_left { label=\"left tree\"; g [ground=true]; g -- a }
            subgraph cluster_2 { ground -- b -- c }
            subgraph cluster_right { ground -- d }
            x [ground=true]
        }";
        let pos = position(text);
        assert_eq!(pos.graphs.len(), 3);
        let names: Vec<_> = pos.graphs.iter().map(|g| g.name.as_deref()).collect();
        assert_eq!(names, [Some("left tree"), None, Some("right")]);
        assert_eq!(pairs(&pos.graphs[1]), p(&[("ground", "b"), ("b", "c")]));
        assert_eq!(ground(&pos.graphs[0]), ["g"]);
        assert_eq!(at(text, pos.graphs[0].span), "subgraph cluster_left");
    }

    #[test]
    fn nested_clusters_belong_to_the_outermost() {
        let pos = position(
            "graph { subgraph outer { subgraph cluster_a { ground -- a; subgraph cluster_b { a -- b } } } }",
        );
        assert_eq!(pos.graphs.len(), 1);
        assert_eq!(pos.graphs[0].edges.len(), 2);
        assert_eq!(pos.graphs[0].name.as_deref(), Some("a"));
    }

    #[test]
    fn clusters_by_attribute_and_reopened_clusters() {
        let pos = position(
            "graph { subgraph s { cluster=true; ground -- a } subgraph CLUSTER_x { ground -- b } subgraph CLUSTER_x { b -- c } }",
        );
        assert_eq!(pos.graphs.len(), 2);
        assert_eq!(pos.graphs[0].name.as_deref(), Some("s"));
        assert_eq!(pos.graphs[1].edges.len(), 2);
    }

    #[test]
    fn ground_vertices_may_be_shared_by_clusters() {
        let pos = position(
            "graph { subgraph cluster_a { ground -- a } subgraph cluster_b { ground -- b; g -- b } g [ground=true] }",
        );
        assert_eq!(ground(&pos.graphs[0]), ["ground"]);
        assert_eq!(ground(&pos.graphs[1]), ["ground", "g"]);
    }

    #[test]
    fn other_vertices_may_not() {
        let text =
            "graph { subgraph cluster_a { ground -- a } subgraph cluster_b { ground -- a } }";
        let e = error(text);
        assert_eq!(
            e.message,
            "node `a` is in two graphs, `cluster_a` and `cluster_b`"
        );
        assert_eq!(
            e.span.start as usize,
            text.rfind("ground -- a").unwrap() + 10
        );
    }

    #[test]
    fn edges_outside_clusters() {
        let text = "graph { subgraph cluster_a { ground -- a } a -- b }";
        let e = error(text);
        assert_eq!(e.message, "edge outside every cluster");
        assert_eq!(at(text, e.span), "a -- b");
        // Invisible edges are layout aids: fine anywhere, and never edges of a graph.
        let pos = position(
            "graph { subgraph cluster_a { ground -- a; a -- b [style=invis] } a -- x [style=\"dashed,invis\"] }",
        );
        assert_eq!(pos.graphs[0].edges.len(), 1);
        let g = graph("graph { edge [style=invis]; ground -- a; a -- b [style=solid] }");
        assert_eq!(pairs(&g), p(&[("a", "b")]));
    }

    #[test]
    fn the_legend_cluster_is_not_a_graph() {
        let pos = position(
            "graph { subgraph cluster_1 { ground -- a } subgraph cluster_legend { legend [label=\"x\"] } a -- legend [style=invis] }",
        );
        assert_eq!(pos.graphs.len(), 1);
        // A file with only the legend (what `hackenbush dot` draws for no graphs).
        let pos = position(
            "graph \"t\" { subgraph cluster_legend { legend } empty [label=\"(no graphs)\"] }",
        );
        assert!(pos.graphs.is_empty());
    }

    #[test]
    fn names_from_labels_and_ids() {
        let names = |text: &str| -> Vec<Option<String>> {
            position(text).graphs.into_iter().map(|g| g.name).collect()
        };
        assert_eq!(
            names(
                r#"graph { subgraph cluster_1 { label="bowtie = *1" } subgraph cluster_2 { label="a \"q\" &amp; b = *12\n(no ground: nothing is attached)" } }"#
            ),
            [Some("bowtie".into()), Some("a \"q\" & b".into())]
        );
        assert_eq!(
            names(
                r#"graph { subgraph cluster_x { graph [label="x = *y"] } subgraph cluster_3 { label=<<b>html</b>> } }"#
            ),
            [Some("x = *y".into()), None]
        );
        assert_eq!(
            names("graph \"my \\\"pos\\\"\" { }"),
            [Some("my \"pos\"".into())]
        );
        assert_eq!(
            names("graph { label=\"top\\nmore\"; a }"),
            [Some("top".into())]
        );
        assert_eq!(
            names(r#"graph { subgraph cluster_1 { label="a = *1\nb = *2 = *3\n(note)" } }"#),
            [Some("a = *1\nb = *2".into())]
        );
        assert_eq!(names("graph { }"), [None]);
    }

    #[test]
    fn node_names_are_ids() {
        let g = graph(r#"graph { "7" -- 7; 07 -- "07"; "a b" -- <<i>x</i>>; n1 [label="shown"] }"#);
        assert_eq!(g.vertices.name(0), VertexName::Number(7));
        let names: Vec<String> = (0..g.vertices.len() as u32)
            .map(|i| g.vertices.name(i).to_string())
            .collect();
        // `07` is two ids, a node `0` and the edge `7 -- "07"`: graphviz-rust's grammar,
        // like Graphviz, splits it.
        assert_eq!(names, ["7", "07", "a b", "<i>x</i>"]);
        assert_eq!(g.vertices.name(1), VertexName::Name("07".into()));
    }

    #[test]
    fn ports_are_ignored() {
        let text = "graph { ground:s -- a:p:n; a:ne -- b }";
        let g = graph(text);
        assert_eq!(pairs(&g), p(&[("ground", "a"), ("a", "b")]));
        assert_eq!(at(text, g.edges[0].span), "ground:s -- a:p:n");
    }

    #[test]
    fn subgraph_operands_expand() {
        let text = "graph { ground -- subgraph { a b } -- c }";
        let g = graph(text);
        assert_eq!(
            pairs(&g),
            p(&[("ground", "a"), ("ground", "b"), ("a", "c"), ("b", "c")])
        );
        assert_eq!(at(text, g.edges[0].span), "ground -- subgraph { a b }");
        // Edges inside an operand come first, and operand nodes go in creation order.
        let g = graph("graph { b; ground -- subgraph { a -- b } -- subgraph { c b } }");
        assert_eq!(
            pairs(&g),
            p(&[
                ("a", "b"),
                ("ground", "b"),
                ("ground", "a"),
                ("b", "b"),
                ("b", "c"),
                ("a", "b"),
                ("a", "c")
            ])
        );
    }

    #[test]
    fn operand_explosions_are_refused() {
        let side = |p: &str| {
            (0..2100)
                .map(|i| format!("{p}{i}"))
                .collect::<Vec<_>>()
                .join(" ")
        };
        let text = format!(
            "graph {{ x -- subgraph {{ {} }} -- subgraph {{ {} }} }}",
            side("a"),
            side("b")
        );
        let e = error(&text);
        assert!(
            e.message
                .starts_with("too many edges from subgraph operands"),
            "{}",
            e.message
        );
    }

    #[test]
    fn strict_graphs_merge_parallel_edges() {
        let g = graph("strict graph { ground -- a; a -- ground; a -- a; a -- a; a -- b }");
        assert_eq!(pairs(&g), p(&[("ground", "a"), ("a", "a"), ("a", "b")]));
        // A later copy can make the merged edge invisible.
        let g = graph("strict graph { ground -- a; a -- ground [style=invis] }");
        assert!(g.edges.is_empty());
        // In a strict digraph, a->b and b->a are two edges.
        let g = graph("strict digraph { ground -> a; a -> ground; ground -> a }");
        assert_eq!(g.edges.len(), 2);
    }

    #[test]
    fn digraphs_are_read_undirected() {
        let g = graph("digraph { ground -> a -> b; b -> a }");
        assert_eq!(pairs(&g), p(&[("ground", "a"), ("a", "b"), ("b", "a")]));
    }

    #[test]
    fn arrows_must_match_the_graph() {
        let text = "graph { a -- b -> c }";
        let e = error(text);
        assert_eq!(e.message, "`->` in an undirected graph");
        assert_eq!(at(text, e.span), "->");
        let text = "digraph { a -> b; b -- c }";
        let e = error(text);
        assert_eq!(e.message, "`--` in a directed graph");
        assert_eq!(at(text, e.span), "--");
    }

    #[test]
    fn edges_are_numbered_by_their_labels() {
        let g = graph(
            r#"graph { b -- ground [label=" 2"]; c -- b [xlabel="3"]; a -- ground [label=" 1"] }"#,
        );
        assert_eq!(
            pairs(&g),
            p(&[("a", "ground"), ("b", "ground"), ("c", "b")])
        );
        // Not a numbering of every edge: the order written.
        for text in [
            r#"graph { b -- ground [label="2"]; a -- ground }"#,
            r#"graph { b -- ground [label="2"]; a -- ground [label="2"] }"#,
            r#"graph { b -- ground [label="3"]; a -- ground [label="1"] }"#,
            r#"graph { b -- ground [label="x"]; a -- ground [label="1"] }"#,
        ] {
            assert_eq!(pairs_of(text)[0], ("b".into(), "ground".into()), "{text}");
        }
    }

    #[test]
    fn comments_bom_and_crlf() {
        let text =
            "\u{feff}// drawn\r\ngraph {\r\n  # a comment\r\n  /* another */ ground -- a\r\n}\r\n";
        let g = graph(text);
        assert_eq!(at(text, g.edges[0].span), "ground -- a");
    }

    #[test]
    fn keywords_glued_to_ids() {
        // graphviz-rust reads `subgraphX` as `subgraph X`.
        let text = "graph { subgraphcluster_x { ground -- a } }";
        let pos = position(text);
        assert_eq!(pos.graphs[0].name.as_deref(), Some("x"));
        assert_eq!(at(text, pos.graphs[0].edges[0].span), "ground -- a");
    }

    #[test]
    fn syntax_errors_are_located() {
        let cases = [
            ("", "expected `graph` or `digraph`, found end of input", ""),
            (
                "grph {}",
                "expected `graph` or `digraph`, found `grph`",
                "grph",
            ),
            (
                "graph { a -- }",
                "expected a node id or `subgraph`, found `}`",
                "}",
            ),
            (
                "graph {\n a [x=] }",
                "expected an id (a name, a number or a quoted string), found `]`",
                "]",
            ),
            (
                "graph { a -- b ",
                "expected `[`, `--`, a statement or `}`, found end of input",
                "",
            ),
            (
                "graph { a -> b; ) }",
                "expected a statement or `}`, found `)`",
                ")",
            ),
            (
                "graph {} graph {}",
                "expected end of input, found a second graph `graph`",
                "graph",
            ),
            ("graph { a } x", "expected end of input, found `x`", "x"),
            ("graph G", "expected `{`, found end of input", ""),
        ];
        for (text, message, culprit) in cases {
            let e = error(text);
            assert_eq!(e.message, message, "{text:?}");
            assert_eq!(at(text, e.span), culprit, "{text:?}");
        }
    }

    #[test]
    fn syntax_error_labels() {
        let e = error("graph { subgraph { a } -- b }");
        assert_eq!(
            e.label,
            "graphviz-rust cannot start an edge with a subgraph: put a node first, as in \
             `a -- subgraph { … }`"
        );
        let e = error("graph { a -- { b c } }");
        assert_eq!(
            e.label,
            "graphviz-rust needs the keyword: write `subgraph { … }`"
        );
        let text = "graph {\n  a -- é }";
        let e = error(text);
        assert_eq!(at(text, e.span), "é");
        assert_eq!(e.label, "names that are not ASCII must be quoted: \"é\"");
        let e = error("graph { a } x");
        assert_eq!(
            e.label,
            "the graph ends at its closing `}`: only comments may follow"
        );
        let e = error("字 { }");
        assert_eq!(
            e.label,
            "a DOT file starts with `graph {`, `strict graph {` or `digraph {`"
        );
        let e = error("Graph { }");
        assert_eq!(e.label, "keywords are lowercase here: write `graph`");
        let e = error("graph { a [label=<b>] }");
        assert_eq!(
            e.label,
            "graphviz-rust reads HTML strings only in the form `<<…>>`"
        );
        let e = error("graph { a [label=\"x\" + \"y\"] }");
        assert_eq!(
            e.label,
            "graphviz-rust cannot join strings with `+`: write the string in one piece"
        );
        let text = "graph {\n a [label=\"x]\n}\n";
        let e = error(text);
        assert_eq!(e.message, "unterminated string");
        assert_eq!(
            e.span,
            Span::new(text.find('"').unwrap(), text.find('"').unwrap() + 1)
        );
        let text = "graph { a /* b }";
        let e = error(text);
        assert_eq!(e.message, "unterminated comment");
        assert_eq!(at(text, e.span), "/*");
    }

    #[test]
    fn pest_running_out_of_stack_is_a_nesting_error() {
        // pest's guard answers so on a thread with little stack left.
        let body = "graph {\n  a -- subgraph { b }\n}";
        let message = " --> 2:8\n  |\n2 |   a -- subgraph { b }\n  |        ^---\n  |\n  = stack limit reached";
        let e = syntax_error(body, 0, message);
        assert_eq!(e.message, "nesting too deep for the parser's stack");
        assert_eq!(e.span, Span::at(body.find("subgraph").unwrap()));
    }

    #[test]
    fn columns_count_characters() {
        let text = "graph {\n \"é\" -- ; }";
        let e = error(text);
        assert_eq!(at(text, e.span), ";");
    }

    #[test]
    fn invalid_utf8() {
        let e = parse(b"graph { a -- \xff }").unwrap_err();
        assert_eq!(e.span, Span::new(13, 14));
        assert_eq!(e.message, "invalid UTF-8 in a dot file");
    }

    #[test]
    fn deep_nesting_is_refused_before_parsing() {
        let depth = 100_000;
        let text = format!("graph {}{}", "{".repeat(depth), "}".repeat(depth));
        let e = error(&text);
        assert_eq!(e.message, "nesting too deep (more than 64 levels)");
        assert_eq!(e.span, Span::new(6 + 64, 6 + 65));
        // Braces in strings and comments do not count.
        let text = format!(
            "graph {{ a [label=\"{}\"] /* {} */ }}",
            "{".repeat(100),
            "{".repeat(100)
        );
        position(&text);
    }

    #[test]
    fn the_deepest_nesting_allowed_parses() {
        // 64 levels (the graph's body and 63 subgraphs), on a small stack (a test thread
        // has 2 MiB, the main thread 8 MiB).
        let nested = |opening: &str| {
            let text = format!(
                "graph {{ {} ground -- a {} }}",
                opening.repeat(MAX_DEPTH - 1),
                "} ".repeat(MAX_DEPTH - 1)
            );
            std::thread::Builder::new()
                .stack_size(2 << 20)
                .spawn(move || graph(&text))
                .unwrap()
                .join()
                .unwrap()
        };
        assert_eq!(nested("subgraph { ").edges.len(), 1);
        // Subgraphs as edge operands recurse through more rules per level.
        assert_eq!(
            nested("a -- subgraph { ").edges.len(),
            1 + 2 * (MAX_DEPTH - 1)
        );
    }

    #[test]
    fn lexer_is_linear_on_hostile_text() {
        let text = "<".repeat(200_000);
        let mut lexer = Lexer::new(&text);
        let mut n = 0;
        while lexer.next().is_some() {
            n += 1;
        }
        assert_eq!(n, 200_000);
        let e = error(&format!("graph {{ a [label={text}] }}"));
        assert!(e.message.starts_with("expected an id"), "{}", e.message);
    }

    #[test]
    fn lexer_follows_the_grammar() {
        let kinds = |text: &str| -> Vec<(Tok, String)> {
            let mut lexer = Lexer::new(text);
            std::iter::from_fn(|| lexer.next())
                .map(|t| (t.tok, text[t.start..t.end].to_string()))
                .collect()
        };
        let ids = |text: &str| -> Vec<String> { kinds(text).into_iter().map(|(_, s)| s).collect() };
        assert_eq!(
            ids("a1b_2 1a -1.5 .5 0.25 01 - -- -> -x"),
            [
                "a1b_2", "1", "a", "-1.5", ".5", "0.25", "0", "1", "-", "--", "->", "-", "x"
            ]
        );
        assert_eq!(
            ids(r#""a\"b" "c\\" <<b>x</b> >> <<i>y</i>> <a> x"#),
            [
                r#""a\"b""#,
                r#""c\\""#,
                "<<b>x</b> >",
                ">",
                "<<i>y</i>>",
                "<",
                "a",
                ">",
                "x"
            ]
        );
        assert_eq!(kinds("\"open")[0].0, Tok::OpenString);
        assert_eq!(
            kinds("a #c\nb //d\rc /*e*/ d")
                .into_iter()
                .map(|(_, s)| s)
                .collect::<Vec<_>>(),
            ["a", "b", "c", "d"]
        );
    }

    #[test]
    fn tokens_stay_aligned_on_generated_input() {
        // Random statements from tricky pieces: whatever graphviz-rust parses, the lexer
        // must follow token by token.
        let pieces = [
            "graph",
            "subgraph",
            "node",
            "edge",
            "{",
            "}",
            "[",
            "]",
            "=",
            ";",
            ",",
            ":",
            "--",
            "->",
            "a",
            "b1",
            "\"q\\\"x\"",
            "<<b>x</b>>",
            "-1.5",
            ".5",
            "0",
            "07",
            "n",
            "ne",
            "_",
            " ",
            "\n",
            "#c\n",
            "/*c*/",
            "\"é\"",
            "ground",
            "cluster_x",
            "subgraphcluster_y",
            "label",
            "\"l = *3\"",
            "true",
            "style",
            "invis",
            "\r\n",
            "\"a\\\nb\"",
            "sw",
            "x:n:ne",
            "\"\"",
            "<<i>y</i> >",
        ];
        let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
        let mut next = |n: usize| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % n as u64) as usize
        };
        let mut aligned = 0;
        for i in 0..8_000 {
            let mut text = String::from(if i % 3 == 0 {
                "digraph G { "
            } else {
                "graph { "
            });
            for _ in 0..1 + next(20) {
                text.push_str(pieces[next(pieces.len())]);
                if next(2) == 0 {
                    text.push(' ');
                }
            }
            text.push_str(" }");
            if graphviz_rust::parse(&text).is_err() {
                continue;
            }
            if let Ok((_, ok)) = read(text.as_bytes()) {
                assert!(ok, "tokens not aligned with the AST in {text:?}");
                aligned += 1;
            }
        }
        assert!(aligned > 500, "only {aligned} generated inputs were valid");
    }

    #[test]
    fn our_own_output_reads_back() {
        // The shape of `hackenbush dot` output: ground nodes marked, the ground row, the
        // legend, an invisible edge to it, the title last.
        let text = r##"graph "x.hb" {
  newrank=true
  node[fontname="Helvetica" fontsize=11]
  subgraph cluster_1 {
    label="bowtie = *1"
    n1_0[ground=true shape=box label="g"]
    n1_1[label="a\n*0"]
    n1_2[label="b"]
    n1_1 -- n1_0 [label=" 1"]
    n1_2 -- n1_1 [label=" 2" color="#1f77b4"]
    n1_1 -- n1_1 [label=" 3, 4"]
    n1_2 -- n1_2
  }
  subgraph cluster_2 {
    label="empty = *0\n(no ground: nothing is attached)"
  }
  subgraph ground {
    rank=same
    n1_0
  }
  subgraph cluster_legend {
    label="legend"
    legend[shape=plaintext label=<<table><tr><td>x</td></tr></table>>]
  }
  n1_0 -- legend [style=invis]
  label="x.hb\n*1 + *0 = *1: first player wins"
}
"##;
        let pos = position(text);
        assert_eq!(pos.graphs.len(), 2);
        let g = &pos.graphs[0];
        assert_eq!(g.name.as_deref(), Some("bowtie"));
        assert_eq!(ground(g), ["n1_0"]);
        assert_eq!(g.edges.len(), 4);
        assert_eq!(pos.graphs[1].name.as_deref(), Some("empty"));
        assert!(pos.graphs[1].edges.is_empty());
    }
}
