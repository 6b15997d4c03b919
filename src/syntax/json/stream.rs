//! The JSON text as a stream of values, read by [`struson`], with the byte span of every
//! value the schema looks at; and struson's syntax errors turned into this crate's messages.
//!
//! struson checks RFC 8259 strictly (no comments, trailing commas, single quotes, leading
//! zeros, unescaped control characters, lone surrogates or invalid UTF-8), keeps its own
//! stack of open arrays and objects instead of recursing, and refuses to open more than
//! [`MAX_DEPTH`] of them. It reports every error as data: a kind and the byte offset of the
//! culprit (the start of the offending token; for a trailing comma, the comma). A message
//! is made from that and from the text there: what was expected follows from the token
//! before the culprit and the innermost open container, which [`Stream`] tracks (after
//! `[`: a value or `]`; after `,` in an object: a string key; after a key: `:`), and what
//! was found is the token there. Nothing is taken from struson's wording. Where struson's
//! offset is not the culprit's (a number or literal after a value, a malformed `\u` after a
//! high surrogate, a string cut inside a UTF-8 sequence), the text says which it is; each
//! case has its test.

use struson::reader::{
    JsonReader, JsonReaderPosition, JsonStreamReader, ReaderError, ReaderSettings, SyntaxErrorKind,
    ValueType,
};

use crate::diagnostic::Diagnostic;
use crate::source::Span;

/// How deeply arrays and objects may nest; the document's own object is level 1. A valid
/// position needs 4 levels (document, graph list, graph, edge list) plus 1 for an edge.
pub const MAX_DEPTH: usize = 64;

/// The JSON values of one input, read one at a time.
pub(super) struct Stream<'a> {
    text: Text<'a>,
    reader: JsonStreamReader<&'a [u8]>,
    /// Whether struson reported a syntax error; it must not be used after one.
    broken: bool,
    /// The last key or string read, decoded.
    decoded: String,
    /// The arrays and objects entered and not left, outermost first (struson's own stack,
    /// kept here for the messages and [`Stream::skip_to_end`]); at most [`MAX_DEPTH`].
    open: Vec<Container>,
}

/// The input, for positions and messages.
#[derive(Clone, Copy)]
struct Text<'a> {
    whole: &'a [u8],
    /// Length of the byte order mark that struson is not shown (0 or 3).
    bom: usize,
    /// Where the last key read ends (`usize::MAX` before the first).
    key_end: usize,
}

/// An array or an object.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Container {
    Array,
    Object,
}

impl<'a> Stream<'a> {
    /// The values of `input`, after an optional byte order mark.
    pub(super) fn new(input: &'a [u8]) -> Self {
        let bom = crate::syntax::lex::bom_len(input);
        let body = &input[bom..];
        let settings = ReaderSettings {
            allow_comments: false,
            allow_trailing_comma: false,
            allow_multiple_top_level: false,
            track_path: false,
            max_nesting_depth: Some(MAX_DEPTH as u32),
            // RFC 8259 sets no limit on numbers; a vertex number is checked by value.
            restrict_number_values: false,
        };
        Stream {
            text: Text {
                whole: input,
                bom,
                key_end: usize::MAX,
            },
            reader: JsonStreamReader::new_custom(body, settings),
            broken: false,
            decoded: String::new(),
            open: Vec::new(),
        }
    }

    /// Whether a syntax error was reported: then the stream is done with.
    pub(super) fn is_broken(&self) -> bool {
        self.broken
    }

    /// The offset the reader has reached: after [`Stream::peek`] and a `true`
    /// [`Stream::has_next`], the start of the next value or key.
    fn pos(&self) -> usize {
        self.text.offset(&self.reader.current_position(false))
    }

    /// The kind of the value ahead, and where it starts.
    pub(super) fn peek(&mut self) -> Result<(ValueType, usize), Diagnostic> {
        let kind = self.reader.peek();
        let kind = self.check(kind, false)?;
        Ok((kind, self.pos()))
    }

    /// Enters the array or object ahead, and returns where it starts; any other value is
    /// "expected `expected`, found ...".
    pub(super) fn enter(&mut self, c: Container, expected: &str) -> Result<usize, Diagnostic> {
        let (kind, start) = self.peek()?;
        let want = match c {
            Container::Array => ValueType::Array,
            Container::Object => ValueType::Object,
        };
        if kind != want {
            return Err(self.mismatch(expected));
        }
        self.begin(c)?;
        Ok(start)
    }

    fn begin(&mut self, c: Container) -> Result<(), Diagnostic> {
        let r = match c {
            Container::Array => self.reader.begin_array(),
            Container::Object => self.reader.begin_object(),
        };
        self.check(r, false)?;
        self.open.push(c);
        Ok(())
    }

    /// Leaves the array or object whose items are all read; returns where it ends.
    pub(super) fn leave(&mut self) -> Result<usize, Diagnostic> {
        let r = match self.open.last() {
            Some(Container::Object) => self.reader.end_object(),
            _ => self.reader.end_array(),
        };
        self.check(r, false)?;
        self.open.pop();
        Ok(self.pos())
    }

    /// Whether the array or object being read has another item or member.
    pub(super) fn has_next(&mut self) -> Result<bool, Diagnostic> {
        let r = self.reader.has_next();
        self.check(r, false)
    }

    /// The next member's key (after a `true` [`Stream::has_next`] in an object), as its
    /// index in `known` if it is one of them, and its span; [`Stream::decoded`] holds it.
    pub(super) fn key(&mut self, known: &[&str]) -> Result<(Option<usize>, Span), Diagnostic> {
        let start = self.pos();
        match self.reader.next_name() {
            Ok(key) => {
                self.decoded.clear();
                self.decoded.push_str(key);
            }
            Err(e) => return Err(self.fail(e, true)),
        }
        self.text.key_end = self.pos();
        let index = known.iter().position(|k| *k == self.decoded);
        Ok((index, Span::new(start, self.text.key_end)))
    }

    /// The string value ahead, decoded, and its span (quotes included).
    pub(super) fn string(&mut self) -> Result<(&str, Span), Diagnostic> {
        let start = self.pos();
        match self.reader.next_str() {
            Ok(text) => {
                self.decoded.clear();
                self.decoded.push_str(text);
            }
            Err(e) => return Err(self.fail(e, true)),
        }
        Ok((&self.decoded, Span::new(start, self.pos())))
    }

    /// The last key or string read, decoded.
    pub(super) fn decoded(&self) -> &str {
        &self.decoded
    }

    /// The number value ahead, as written, and its span.
    pub(super) fn number(&mut self) -> Result<(&'a [u8], Span), Diagnostic> {
        let start = self.pos();
        if let Err(e) = self.reader.next_number_as_str() {
            return Err(self.fail(e, false));
        }
        let span = Span::new(start, self.pos());
        Ok((&self.text.whole[span.range()], span))
    }

    /// Skips the value ahead, checking its syntax; returns its span.
    pub(super) fn skip(&mut self) -> Result<Span, Diagnostic> {
        let (_, start) = self.peek()?;
        self.close(self.open.len(), true)?;
        Ok(Span::new(start, self.pos()))
    }

    /// "expected X, found Y" for the value ahead, spanning all of it: Y is `an array`, `an
    /// object`, or the value as written. A syntax error in it is reported instead.
    pub(super) fn mismatch(&mut self, expected: &str) -> Diagnostic {
        let read = self.peek().map(|(kind, _)| kind);
        let (kind, span) = match read.and_then(|kind| Ok((kind, self.skip()?))) {
            Ok(read) => read,
            Err(e) => return e,
        };
        let found = match kind {
            ValueType::Array => "an array".to_string(),
            ValueType::Object => "an object".to_string(),
            _ => format!("`{}`", shorten(&self.text.whole[span.range()])),
        };
        Diagnostic::expected(span, expected, &found)
    }

    /// The end of the text after the document's value: only whitespace may follow.
    pub(super) fn finish(self) -> Result<(), Diagnostic> {
        let text = self.text;
        let r = self.reader.consume_trailing_whitespace();
        r.map_err(|e| text.syntax_error(e, false, None, text.whole.len()))
    }

    /// After an error of the schema, between two values: reads the rest of the text, so
    /// that a syntax error anywhere is reported before the schema error.
    pub(super) fn skip_to_end(mut self) -> Result<(), Diagnostic> {
        self.close(0, false)?;
        self.finish()
    }

    /// Reads the value ahead if `value_ahead`, then the rest of every container entered
    /// beyond the first `depth`, innermost first: iteratively, the nesting bounded by
    /// struson.
    fn close(&mut self, depth: usize, mut value_ahead: bool) -> Result<(), Diagnostic> {
        loop {
            if value_ahead {
                match self.peek()?.0 {
                    ValueType::Array => self.begin(Container::Array)?,
                    ValueType::Object => self.begin(Container::Object)?,
                    ValueType::String => {
                        self.string()?;
                    }
                    ValueType::Number => {
                        self.number()?;
                    }
                    ValueType::Null => {
                        let r = self.reader.next_null();
                        self.check(r, false)?;
                    }
                    ValueType::Boolean => {
                        let r = self.reader.next_bool();
                        self.check(r, false)?;
                    }
                }
            }
            let inner = match self.open.get(depth..) {
                Some([.., inner]) => *inner,
                _ => return Ok(()),
            };
            value_ahead = self.has_next()?;
            if !value_ahead {
                self.leave()?;
            } else if inner == Container::Object {
                self.key(&[])?;
            }
        }
    }

    fn check<T>(
        &mut self,
        result: Result<T, ReaderError>,
        in_string: bool,
    ) -> Result<T, Diagnostic> {
        result.map_err(|e| self.fail(e, in_string))
    }

    fn fail(&mut self, error: ReaderError, in_string: bool) -> Diagnostic {
        self.broken = true;
        let (inner, pos) = (self.open.last().copied(), self.pos());
        self.text.syntax_error(error, in_string, inner, pos)
    }
}

impl Text<'_> {
    /// The offset in the whole input of a position struson reports.
    fn offset(&self, position: &JsonReaderPosition) -> usize {
        let at = usize::try_from(position.data_pos.unwrap_or(0)).unwrap_or(usize::MAX);
        self.bom.saturating_add(at).min(self.whole.len())
    }

    /// The message for what struson reported, `in_string` or not, `inner` being the
    /// innermost open container and `pos` where the reader is.
    fn syntax_error(
        &self,
        error: ReaderError,
        in_string: bool,
        inner: Option<Container>,
        pos: usize,
    ) -> Diagnostic {
        use SyntaxErrorKind as K;
        let (kind, at) = match error {
            ReaderError::SyntaxError(e) => (e.kind, self.offset(&e.location)),
            ReaderError::MaxNestingDepthExceeded { location, .. } => {
                return Diagnostic::new(
                    self.span_len(self.offset(&location), 1),
                    format!("nesting too deep (more than {MAX_DEPTH} levels)"),
                    format!("at most {MAX_DEPTH} nested arrays and objects"),
                );
            }
            ReaderError::IoError { location, .. } if in_string => {
                return self.invalid_utf8(self.offset(&location));
            }
            // Only a misuse of the reader or a failing `Read` gets here, which reading a
            // slice as above cannot meet; but an input is no reason to panic.
            _ => {
                return Diagnostic::new(
                    Span::at(pos),
                    "could not read the JSON text here",
                    "expected a JSON value",
                );
            }
        };
        let rest = &self.whole[at..];
        match kind {
            K::IncompleteDocument if in_string => self.unterminated_string(),
            K::NotEscapedControlCharacter if matches!(rest, [b'\n' | b'\r', ..]) => {
                Diagnostic::new(
                    self.span_len(at, 1),
                    "expected `\"` to end the string, found end of line",
                    "strings cannot span lines; write a line break as `\\n`",
                )
            }
            K::NotEscapedControlCharacter => {
                let b = rest.first().copied().unwrap_or(0);
                Diagnostic::new(
                    self.span_len(at, 1),
                    format!("control character U+{b:04X} in a string"),
                    format!("write it as `\\u{b:04x}`"),
                )
            }
            K::UnknownEscapeSequence => {
                let len = (1 + char_len(rest.get(1..).unwrap_or_default())).min(rest.len());
                Diagnostic::new(
                    self.span_len(at, len),
                    format!("invalid escape `{}` in a string", shorten(&rest[..len])),
                    "expected `\\\"`, `\\\\`, `\\/`, `\\b`, `\\f`, `\\n`, `\\r`, `\\t` or `\\uXXXX`",
                )
            }
            K::MalformedEscapeSequence => self.malformed_escape(at),
            K::UnpairedSurrogatePairEscapeSequence => {
                let len = 6.min(rest.len());
                Diagnostic::new(
                    self.span_len(at, len),
                    format!("unpaired surrogate `{}` in a string", shorten(&rest[..len])),
                    match code_unit(rest) {
                        Some(0xDC00..=0xDFFF) => {
                            "a low surrogate must follow a high surrogate `\\ud800`..`\\udbff`"
                        }
                        _ => "expected a low surrogate `\\udc00`..`\\udfff` right after it",
                    },
                )
            }
            K::MalformedNumber
            | K::TrailingDataAfterNumber
            | K::InvalidLiteral
            | K::TrailingDataAfterLiteral => self.bad_word(kind, at, inner),
            K::TrailingCommaNotEnabled => {
                // struson points at the comma; the message, at what follows it.
                let after = rest.get(1..).unwrap_or_default();
                let next = at + 1 + after.iter().take_while(|&&b| is_ws(b)).count();
                let (found, span) = self.token(next);
                let expected = match inner {
                    Some(Container::Object) => "a string key",
                    _ => "a value",
                };
                Diagnostic::new(
                    span,
                    format!("expected {expected}, found {found}"),
                    "trailing commas are not allowed in JSON",
                )
            }
            _ => self.unexpected(at, inner),
        }
    }

    /// "expected X, found Y" for the token at `at`, X going by the token before it and the
    /// innermost container; after the document's value, "trailing characters".
    fn unexpected(&self, at: usize, inner: Option<Container>) -> Diagnostic {
        let (found, span) = self.token(at);
        let before = self.before(at);
        let expected = match (before.last(), inner) {
            _ if self.bom + before.len() == self.key_end => "`:` after the key",
            (None, _) => "`{` to start the document",
            (Some(b'['), _) => "a value or `]`",
            (Some(b'{'), _) => "a string key or `}`",
            (Some(b':'), _) => "a value",
            (Some(b','), Some(Container::Object)) => "a string key",
            (Some(b','), _) => "a value",
            (Some(_), Some(Container::Object)) => "`,` or `}`",
            (Some(_), Some(Container::Array)) => "`,` or `]`",
            (Some(_), None) => {
                return Diagnostic::new(
                    span,
                    "trailing characters after the JSON document",
                    format!("expected end of input, found {found}"),
                );
            }
        };
        Diagnostic::expected(span, expected, &found)
    }

    /// The text before `at`, after the byte order mark, without the whitespace before `at`.
    fn before(&self, at: usize) -> &[u8] {
        let before = &self.whole[self.bom..at];
        &before[..before.len() - before.iter().rev().take_while(|&&b| is_ws(b)).count()]
    }

    /// A number or literal struson could not read. struson points at its start (or, for
    /// data right after a number, at that data), and it notices a missing `,` before a
    /// number or literal only once that is read: after a value, the word is unexpected
    /// itself. Otherwise a malformed number is the whole word it starts (`12ab`, `1.2.3`,
    /// `01` are one invalid number), a whole literal or number followed by data (`true"`,
    /// `6"`) has that data unexpected, and another word is unexpected (`tru`, `nullx`).
    fn bad_word(&self, kind: SyntaxErrorKind, at: usize, inner: Option<Container>) -> Diagnostic {
        use SyntaxErrorKind as K;
        let start = at
            - self.whole[..at]
                .iter()
                .rev()
                .take_while(|&&b| is_word(b))
                .count();
        let end = start + word(&self.whole[start..]).len();
        let literal = matches!(&self.whole[start..end], b"true" | b"false" | b"null");
        let after_value = !matches!(
            self.before(start).last(),
            None | Some(b'[' | b'{' | b':' | b',')
        );
        match kind {
            _ if after_value => self.unexpected(start, inner),
            K::TrailingDataAfterNumber if at >= end => self.unexpected(at, inner),
            K::MalformedNumber | K::TrailingDataAfterNumber => self.invalid_number(start, end),
            _ if literal => self.unexpected(end, inner),
            _ => self.unexpected(start, inner),
        }
    }

    /// The number written from `start` to `end` is not a JSON number.
    fn invalid_number(&self, start: usize, end: usize) -> Diagnostic {
        let text = &self.whole[start..end];
        let digits = text.strip_prefix(b"-").unwrap_or(text);
        let label = if digits.len() > 1 && digits[0] == b'0' && digits[1].is_ascii_digit() {
            "JSON numbers have no leading zeros"
        } else {
            "expected a JSON number such as `12`, `-3` or `1.5e3`"
        };
        let message = format!("invalid number `{}`", shorten(text));
        Diagnostic::new(Span::new(start, end), message, label)
    }

    /// A string still open at the end of the input. If the input ends inside a UTF-8
    /// sequence (struson waits for the bytes it lacks), the invalid byte is the culprit.
    fn unterminated_string(&self) -> Diagnostic {
        let len = self.whole.len();
        // The last character's first byte: continuation bytes are 0b10xxxxxx.
        let continuations = self
            .whole
            .iter()
            .rev()
            .take(8)
            .take_while(|&&b| b & 0xC0 == 0x80);
        let tail = (len - continuations.count())
            .saturating_sub(1)
            .max(self.bom);
        match std::str::from_utf8(&self.whole[tail..]) {
            Err(e) => self.invalid_utf8(tail + e.valid_up_to()),
            Ok(_) => Diagnostic::expected(Span::at(len), "`\"` to end the string", "end of input"),
        }
    }

    /// The byte at `at`, inside a string, is not UTF-8.
    fn invalid_utf8(&self, at: usize) -> Diagnostic {
        let b = self.whole.get(at).copied().unwrap_or(0);
        Diagnostic::new(
            self.span_len(at, 1),
            format!("invalid UTF-8 byte 0x{b:02x} in a string"),
            "strings must be valid UTF-8",
        )
    }

    /// A `\` at the end of the input, or a `\u` without four hex digits: struson points at
    /// the escape, or at the high surrogate before a `\u` that is malformed.
    fn malformed_escape(&self, mut at: usize) -> Diagnostic {
        while code_unit(&self.whole[at..]).is_some_and(|u| (0xD800..=0xDBFF).contains(&u)) {
            at += 6;
        }
        let rest = &self.whole[at..];
        if rest.len() < 2 {
            return self.unterminated_string();
        }
        let hex = rest[2..]
            .iter()
            .take(4)
            .take_while(|b| b.is_ascii_hexdigit());
        let len = 2 + hex.count();
        Diagnostic::new(
            self.span_len(at, len),
            format!("invalid escape `{}` in a string", shorten(&rest[..len])),
            "expected 4 hex digits after `\\u`",
        )
    }

    /// The token at `at`, described for a "found ..." message, and its span: `end of
    /// input`, `end of line`, or the token in backquotes (a punctuation character, a whole
    /// string literal, a whole word or number, or one character).
    fn token(&self, at: usize) -> (String, Span) {
        let rest = &self.whole[at..];
        let len = match rest.first() {
            None => return ("end of input".to_string(), Span::at(at)),
            Some(b'\n' | b'\r') => return ("end of line".to_string(), self.span_len(at, 1)),
            Some(b'"') => string_token_len(rest),
            Some(&b) if is_word(b) => word(rest).len(),
            Some(_) => char_len(rest),
        };
        let found = format!("`{}`", shorten(&rest[..len]));
        (found, self.span_len(at, len))
    }

    /// The `len` bytes from `at`, within the input.
    fn span_len(&self, at: usize, len: usize) -> Span {
        Span::new(at, (at + len).min(self.whole.len()).max(at))
    }
}

/// The value of the `\uXXXX` escape that `input` starts with, if it is one.
fn code_unit(input: &[u8]) -> Option<u32> {
    let hex = input.strip_prefix(b"\\u")?.get(..4)?;
    u32::from_str_radix(std::str::from_utf8(hex).ok()?, 16).ok()
}

/// `ws = { " " | "\t" | "\n" | "\r" }`
fn is_ws(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r')
}

/// Bytes that may belong to a number or a literal: the extent of a "word" token.
fn is_word(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'_' | b'-' | b'+' | b'.')
}

/// The word starting `input` (possibly empty).
fn word(input: &[u8]) -> &[u8] {
    &input[..input.iter().take_while(|&&b| is_word(b)).count()]
}

/// Length of the string literal starting `input` (at `"`), for messages: up to the closing
/// quote, or up to the end of the line or input if there is none.
fn string_token_len(input: &[u8]) -> usize {
    let mut i = 1;
    while let Some(&b) = input.get(i) {
        match b {
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
    let len = match input.first() {
        None => return 0,
        Some(0xC0..=0xDF) => 2,
        Some(0xE0..=0xEF) => 3,
        Some(0xF0..=0xF7) => 4,
        Some(_) => 1,
    };
    match input.get(..len).map(std::str::from_utf8) {
        Some(Ok(_)) => len,
        _ => 1,
    }
}

/// `text` for a message: invalid UTF-8 and control characters made visible, cut after 24
/// characters.
pub(super) fn shorten(text: &[u8]) -> String {
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

    #[test]
    fn values_keys_and_containers_have_their_spans_after_a_bom() {
        let text = "\u{feff} {\"k\\u0061y\" : [ 12 , \"s\" , true , [ ] ] }";
        let mut json = Stream::new(text.as_bytes());
        let at = |s: &str| text.find(s).unwrap();
        assert_eq!(json.peek().unwrap(), (ValueType::Object, at("{")));
        assert_eq!(json.enter(Container::Object, "").unwrap(), at("{"));
        assert!(json.has_next().unwrap());
        let (index, span) = json.key(&["x", "kay"]).unwrap();
        assert_eq!((index, json.decoded()), (Some(1), "kay"));
        assert_eq!(&text[span.range()], "\"k\\u0061y\"");
        assert_eq!(json.enter(Container::Array, "").unwrap(), at("[ 12"));
        assert!(json.has_next().unwrap());
        let (number, span) = json.number().unwrap();
        assert_eq!((number, &text[span.range()]), (&b"12"[..], "12"));
        assert!(json.has_next().unwrap());
        let (string, span) = json.string().unwrap();
        assert_eq!((string, &text[span.range()]), ("s", "\"s\""));
        assert!(json.has_next().unwrap());
        assert_eq!(&text[json.skip().unwrap().range()], "true");
        assert!(json.has_next().unwrap());
        assert_eq!(&text[json.skip().unwrap().range()], "[ ]");
        assert!(!json.has_next().unwrap());
        assert_eq!(json.leave().unwrap(), at(" ] }") + 2);
        assert!(!json.has_next().unwrap());
        assert_eq!(json.leave().unwrap(), text.len());
        json.finish().unwrap();
    }

    #[test]
    fn mismatch_spans_the_whole_value_and_reports_syntax_first() {
        let text = "[{\"a\": [1, {}]}, \"x\ty\"]";
        let mut json = Stream::new(text.as_bytes());
        json.enter(Container::Array, "").unwrap();
        assert!(json.has_next().unwrap());
        let e = json.mismatch("a number");
        assert!(!json.is_broken());
        assert_eq!(e.message, "expected a number, found an object");
        assert_eq!(&text[e.span.range()], r#"{"a": [1, {}]}"#);
        assert!(json.has_next().unwrap());
        let e = json.mismatch("a number");
        assert!(json.is_broken());
        assert_eq!(e.message, "control character U+0009 in a string");
    }

    #[test]
    fn enter_refuses_another_kind_of_value() {
        let text = r#"{"a": "b"}"#;
        let mut json = Stream::new(text.as_bytes());
        let e = json.enter(Container::Array, "an array").unwrap_err();
        assert_eq!(e.message, "expected an array, found an object");
        assert_eq!(e.span, Span::new(0, text.len()));
        assert!(!json.is_broken());
        json.skip_to_end().unwrap();
    }

    #[test]
    fn skip_to_end_reads_the_rest_of_every_open_container() {
        // Inside `[[1, 2], ...]`, its first element read.
        let inside = |text: &'static str| {
            let mut json = Stream::new(text.as_bytes());
            json.enter(Container::Object, "").unwrap();
            json.has_next().unwrap();
            json.key(&[]).unwrap();
            json.enter(Container::Array, "").unwrap();
            json.has_next().unwrap();
            json.skip().unwrap();
            json
        };
        inside(r#"{"a": [[1, 2], {"b": [3]}, 4], "c": {"d": null}} "#)
            .skip_to_end()
            .unwrap();
        let e = inside(r#"{"a": [[1, 2], {"b": [3]}, 4], "c": {"d": nul}} "#)
            .skip_to_end()
            .unwrap_err();
        assert_eq!(e.message, "expected a value, found `nul`");

        let mut json = Stream::new(b"[1] x");
        json.skip().unwrap();
        let e = json.skip_to_end().unwrap_err();
        assert_eq!(e.message, "trailing characters after the JSON document");
    }

    #[test]
    fn what_was_expected_follows_from_the_token_before() {
        let cases = [
            ("", "expected `{` to start the document, found end of input"),
            (
                "\u{feff} ]",
                "expected `{` to start the document, found `]`",
            ),
            ("[,", "expected a value or `]`, found `,`"),
            ("[1,,", "expected a value, found `,`"),
            ("{,", "expected a string key or `}`, found `,`"),
            ("{\"a\":1,,", "expected a string key, found `,`"),
            ("{\"a\":]", "expected a value, found `]`"),
            ("{\"a\":1]", "expected `,` or `}`, found `]`"),
            ("[1}", "expected `,` or `]`, found `}`"),
            ("{\"a\"}", "expected `:` after the key, found `}`"),
            ("{\"a\":1:", "expected `,` or `}`, found `:`"),
            ("[1]]", "trailing characters after the JSON document"),
        ];
        for (text, message) in cases {
            let mut json = Stream::new(text.as_bytes());
            let e = json.close(0, true).and_then(|()| json.finish());
            assert_eq!(e.unwrap_err().message, message, "{text:?}");
        }
    }
}
