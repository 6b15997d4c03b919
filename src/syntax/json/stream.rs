//! The JSON text as a stream of values, read by [`struson`], with the byte span of every
//! value the schema looks at; and struson's syntax errors turned into this crate's messages.
//!
//! struson checks RFC 8259 strictly (no comments, trailing commas, single quotes, leading
//! zeros, unescaped control characters, lone surrogates or invalid UTF-8), keeps its own
//! stack of open arrays and objects instead of recursing, and refuses to open more than
//! [`MAX_DEPTH`] of them. It reports every error as data: a kind and the byte offset of the
//! culprit (the start of the offending token; for a trailing comma, the comma). A message
//! here is made from that and from the text at that offset: what was expected follows from
//! the token before the culprit and the innermost open container, which [`Stream`] tracks
//! (after `[`: a value or `]`; after `,` in an object: a string key; after a value in an
//! array: `,` or `]`), and what was found is the token there. Nothing is made from
//! struson's own wording. Where struson's offset is not the culprit's (a number or literal
//! that follows a value without a comma, a malformed `\u` after a high surrogate, a string
//! cut inside a UTF-8 sequence), the text there says which it is; each case has its test.

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
    /// Whether a key was read and the value after it was not reached yet.
    after_key: bool,
    /// The arrays and objects entered and not left, outermost first: struson's own stack,
    /// kept here too for the messages and for [`Stream::skip_to_end`]. At most
    /// [`MAX_DEPTH`] long.
    open: Vec<Container>,
}

/// The input, for positions and messages.
#[derive(Clone, Copy)]
struct Text<'a> {
    whole: &'a [u8],
    /// Length of the byte order mark that struson is not shown (0 or 3).
    bom: usize,
}

/// What the reader was reading when it failed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Reading {
    /// Punctuation, or the start of a value.
    Token,
    /// A string or a key.
    String,
    /// The `:` after a key, or the value after it.
    AfterKey,
}

/// An array or an object, as the enclosing container of a token.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Container {
    Array,
    Object,
}

impl<'a> Stream<'a> {
    /// The values of `input`, after an optional byte order mark.
    pub(super) fn new(input: &'a [u8]) -> Self {
        let body = input.strip_prefix(crate::syntax::lex::BOM).unwrap_or(input);
        let settings = ReaderSettings {
            allow_comments: false,
            allow_trailing_comma: false,
            allow_multiple_top_level: false,
            // The containers are tracked here (`Stream::open`), which is cheaper.
            track_path: false,
            max_nesting_depth: Some(MAX_DEPTH as u32),
            // RFC 8259 sets no limit on numbers; a vertex number is checked by value.
            restrict_number_values: false,
        };
        Stream {
            text: Text {
                whole: input,
                bom: input.len() - body.len(),
            },
            reader: JsonStreamReader::new_custom(body, settings),
            broken: false,
            decoded: String::new(),
            after_key: false,
            open: Vec::new(),
        }
    }

    /// Whether a syntax error was reported: then the stream is done with.
    pub(super) fn is_broken(&self) -> bool {
        self.broken
    }

    /// The offset in the input that the reader has reached: after [`Stream::peek`] and a
    /// `true` [`Stream::has_next`], the start of the next value or key.
    pub(super) fn pos(&self) -> usize {
        self.text.offset(&self.reader.current_position(false))
    }

    /// The kind of the value ahead, and where it starts.
    pub(super) fn peek(&mut self) -> Result<(ValueType, usize), Diagnostic> {
        let kind = self.reader.peek();
        let kind = self.check(kind, Reading::Token)?;
        self.after_key = false;
        Ok((kind, self.pos()))
    }

    /// Enters the array ahead.
    pub(super) fn begin_array(&mut self) -> Result<(), Diagnostic> {
        let r = self.reader.begin_array();
        self.check(r, Reading::Token)?;
        self.open.push(Container::Array);
        Ok(())
    }

    /// Leaves the array whose items are all read; returns the offset after its `]`.
    pub(super) fn end_array(&mut self) -> Result<usize, Diagnostic> {
        let r = self.reader.end_array();
        self.check(r, Reading::Token)?;
        self.open.pop();
        Ok(self.pos())
    }

    /// Enters the object ahead.
    pub(super) fn begin_object(&mut self) -> Result<(), Diagnostic> {
        let r = self.reader.begin_object();
        self.check(r, Reading::Token)?;
        self.open.push(Container::Object);
        Ok(())
    }

    /// Leaves the object whose members are all read; returns the offset after its `}`.
    pub(super) fn end_object(&mut self) -> Result<usize, Diagnostic> {
        let r = self.reader.end_object();
        self.check(r, Reading::Token)?;
        self.open.pop();
        Ok(self.pos())
    }

    /// Whether the array or object being read has another item or member.
    pub(super) fn has_next(&mut self) -> Result<bool, Diagnostic> {
        let r = self.reader.has_next();
        self.check(r, Reading::Token)
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
            Err(e) => return Err(self.fail(e, Reading::String)),
        }
        self.after_key = true;
        let index = known.iter().position(|k| *k == self.decoded);
        Ok((index, Span::new(start, self.pos())))
    }

    /// The string value ahead, decoded, and its span (quotes included).
    pub(super) fn string(&mut self) -> Result<(&str, Span), Diagnostic> {
        let start = self.pos();
        match self.reader.next_str() {
            Ok(text) => {
                self.decoded.clear();
                self.decoded.push_str(text);
            }
            Err(e) => return Err(self.fail(e, Reading::String)),
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
            return Err(self.fail(e, Reading::Token));
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
        let kind = match self.peek() {
            Ok((kind, _)) => kind,
            Err(e) => return e,
        };
        match self.skip() {
            Ok(span) => {
                let found = match kind {
                    ValueType::Array => "an array".to_string(),
                    ValueType::Object => "an object".to_string(),
                    _ => format!("`{}`", shorten(&self.text.whole[span.range()])),
                };
                Diagnostic::expected(span, expected, &found)
            }
            Err(e) => e,
        }
    }

    /// The end of the text after the document's value: only whitespace may follow.
    pub(super) fn finish(self) -> Result<(), Diagnostic> {
        let text = self.text;
        self.reader
            .consume_trailing_whitespace()
            .map_err(|e| text.syntax_error(e, Reading::Token, None))
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
                    ValueType::Array => self.begin_array()?,
                    ValueType::Object => self.begin_object()?,
                    ValueType::String => {
                        self.string()?;
                    }
                    ValueType::Number => {
                        self.number()?;
                    }
                    ValueType::Boolean | ValueType::Null => self.literal()?,
                }
            }
            let inner = match self.open.get(depth..) {
                Some([.., inner]) => *inner,
                _ => return Ok(()),
            };
            value_ahead = self.has_next()?;
            if value_ahead {
                if inner == Container::Object {
                    self.key(&[])?;
                }
            } else {
                match inner {
                    Container::Array => self.end_array()?,
                    Container::Object => self.end_object()?,
                };
            }
        }
    }

    /// Reads the `true`, `false` or `null` ahead.
    pub(super) fn literal(&mut self) -> Result<(), Diagnostic> {
        let r = match self.reader.peek() {
            Ok(ValueType::Null) => self.reader.next_null(),
            _ => self.reader.next_bool().map(|_| ()),
        };
        self.check(r, Reading::Token)
    }

    fn check<T>(
        &mut self,
        result: Result<T, ReaderError>,
        reading: Reading,
    ) -> Result<T, Diagnostic> {
        result.map_err(|e| self.fail(e, reading))
    }

    fn fail(&mut self, error: ReaderError, mut reading: Reading) -> Diagnostic {
        self.broken = true;
        if self.after_key && reading == Reading::Token {
            reading = Reading::AfterKey;
        }
        self.text
            .syntax_error(error, reading, self.open.last().copied())
    }
}

impl Text<'_> {
    /// The offset in the whole input of a position struson reports.
    fn offset(&self, position: &JsonReaderPosition) -> usize {
        let at = position.data_pos.unwrap_or(0);
        (self.bom + usize::try_from(at).unwrap_or(usize::MAX)).min(self.whole.len())
    }

    /// The message for what struson reported while `reading`, `inner` being the innermost
    /// open container.
    fn syntax_error(
        &self,
        error: ReaderError,
        reading: Reading,
        inner: Option<Container>,
    ) -> Diagnostic {
        use SyntaxErrorKind as K;
        let (kind, location) = match error {
            ReaderError::SyntaxError(e) => (e.kind, e.location),
            ReaderError::MaxNestingDepthExceeded { location, .. } => {
                let at = self.offset(&location);
                return Diagnostic::new(
                    self.span_len(at, 1),
                    format!("nesting too deep (more than {MAX_DEPTH} levels)"),
                    format!("at most {MAX_DEPTH} nested arrays and objects"),
                );
            }
            ReaderError::IoError { error, location }
                if reading == Reading::String
                    && error.kind() == std::io::ErrorKind::InvalidData =>
            {
                return self.invalid_utf8(self.offset(&location));
            }
            // Only a misuse of the reader, or a failing `Read`, gets here: neither can
            // happen on a slice read as above, but an input is no reason to panic.
            other => {
                let at = other_location(&other).map_or(self.whole.len(), |l| self.offset(l));
                return Diagnostic::new(
                    Span::at(at),
                    "could not read the JSON text here",
                    "expected a JSON value",
                );
            }
        };
        let at = self.offset(&location);
        let rest = &self.whole[at..];
        match kind {
            K::IncompleteDocument if reading == Reading::String => self.unterminated_string(),
            K::NotEscapedControlCharacter => self.control_character(at),
            K::UnknownEscapeSequence => {
                let len = 1 + char_len(&rest[1.min(rest.len())..]);
                Diagnostic::new(
                    self.span_len(at, len),
                    format!(
                        "invalid escape `{}` in a string",
                        shorten(&rest[..len.min(rest.len())])
                    ),
                    "expected `\\\"`, `\\\\`, `\\/`, `\\b`, `\\f`, `\\n`, `\\r`, `\\t` or `\\uXXXX`",
                )
            }
            K::MalformedEscapeSequence => self.malformed_escape(at),
            K::UnpairedSurrogatePairEscapeSequence => self.unpaired_surrogate(at),
            K::MalformedNumber | K::TrailingDataAfterNumber => self.bad_number(kind, at, inner),
            K::InvalidLiteral | K::TrailingDataAfterLiteral => self.bad_literal(at, inner),
            K::MissingColon => {
                let (found, span) = self.token(at);
                Diagnostic::expected(span, "`:` after the key", &found)
            }
            K::TrailingCommaNotEnabled => {
                // struson points at the comma; the message, at what follows it.
                let next = at + 1 + ws_len(&self.whole[(at + 1).min(self.whole.len())..]);
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
            _ if reading == Reading::AfterKey && self.before(at).last() == Some(&b'"') => {
                let (found, span) = self.token(at);
                Diagnostic::expected(span, "`:` after the key", &found)
            }
            // Unexpected tokens, and trailing data.
            _ => self.unexpected(at, inner),
        }
    }

    /// "expected X, found Y" for the token at `at`, X going by the token before it and the
    /// innermost container; after the document's value, "trailing characters".
    fn unexpected(&self, at: usize, inner: Option<Container>) -> Diagnostic {
        let (found, span) = self.token(at);
        let expected = match (self.before(at).last(), inner) {
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

    /// Whether the token before `at` ends a value (then a `,` is missing before `at`, which
    /// struson notices only after reading the number or literal there).
    fn after_value(&self, at: usize) -> bool {
        self.before(at)
            .last()
            .is_some_and(|b| !matches!(b, b'[' | b'{' | b':' | b','))
    }

    /// A number struson could not read: struson points at its start, or, for data right
    /// after it, at that data. Within the word the number starts (`12ab`, `1.2.3`, `01`), it
    /// is one invalid number; after it (`6"`), an unexpected token; after a value, it is
    /// unexpected itself.
    fn bad_number(&self, kind: SyntaxErrorKind, at: usize, inner: Option<Container>) -> Diagnostic {
        let start = at
            - self.whole[..at]
                .iter()
                .rev()
                .take_while(|&&b| is_word(b))
                .count();
        let end = start + word(&self.whole[start..]).len();
        if self.after_value(start) {
            return self.unexpected(start, inner);
        }
        if kind == SyntaxErrorKind::TrailingDataAfterNumber && at >= end {
            return self.unexpected(at, inner);
        }
        self.invalid_number(start)
    }

    /// A literal struson could not read, pointing at its start: the word there is
    /// unexpected (`tru`, `nullx`), or, when that word is a whole literal, what follows it
    /// (`true"`).
    fn bad_literal(&self, at: usize, inner: Option<Container>) -> Diagnostic {
        let word = word(&self.whole[at..]);
        if !self.after_value(at) && matches!(word, b"true" | b"false" | b"null") {
            return self.unexpected(at + word.len(), inner);
        }
        self.unexpected(at, inner)
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
        if let Err(e) = std::str::from_utf8(&self.whole[tail..]) {
            return self.invalid_utf8(tail + e.valid_up_to());
        }
        Diagnostic::expected(Span::at(len), "`\"` to end the string", "end of input")
    }

    /// The byte at `at`, inside a string, is not UTF-8.
    fn invalid_utf8(&self, at: usize) -> Diagnostic {
        Diagnostic::new(
            self.span_len(at, 1),
            format!(
                "invalid UTF-8 byte 0x{:02x} in a string",
                self.whole.get(at).copied().unwrap_or(0)
            ),
            "strings must be valid UTF-8",
        )
    }

    /// An unescaped control character at `at`, inside a string.
    fn control_character(&self, at: usize) -> Diagnostic {
        match self.whole.get(at) {
            Some(b'\n' | b'\r') => Diagnostic::new(
                self.span_len(at, 1),
                "expected `\"` to end the string, found end of line",
                "strings cannot span lines; write a line break as `\\n`",
            ),
            b => {
                let b = b.copied().unwrap_or(0);
                Diagnostic::new(
                    self.span_len(at, 1),
                    format!("control character U+{b:04X} in a string"),
                    format!("write it as `\\u{b:04x}`"),
                )
            }
        }
    }

    /// A `\` at the end of the input, or a `\u` without four hex digits: struson points at
    /// the escape, or at the high surrogate before a `\u` that is malformed.
    fn malformed_escape(&self, mut at: usize) -> Diagnostic {
        while let Some(unit) = code_unit(&self.whole[at..]) {
            if !(0xD800..=0xDBFF).contains(&unit) {
                break;
            }
            at += 6;
        }
        let rest = &self.whole[at..];
        if rest.len() < 2 {
            return self.unterminated_string();
        }
        let hex = rest[2..]
            .iter()
            .take(4)
            .take_while(|b| b.is_ascii_hexdigit())
            .count();
        let len = 2 + hex;
        Diagnostic::new(
            self.span_len(at, len),
            format!("invalid escape `{}` in a string", shorten(&rest[..len])),
            "expected 4 hex digits after `\\u`",
        )
    }

    /// Half a surrogate pair, the `\uXXXX` escape at `at`.
    fn unpaired_surrogate(&self, at: usize) -> Diagnostic {
        let rest = &self.whole[at..];
        let label = match code_unit(rest) {
            Some(0xDC00..=0xDFFF) => {
                "a low surrogate must follow a high surrogate `\\ud800`..`\\udbff`"
            }
            _ => "expected a low surrogate `\\udc00`..`\\udfff` right after it",
        };
        let len = 6.min(rest.len());
        Diagnostic::new(
            self.span_len(at, len),
            format!("unpaired surrogate `{}` in a string", shorten(&rest[..len])),
            label,
        )
    }

    /// A malformed number starting at `at`.
    fn invalid_number(&self, at: usize) -> Diagnostic {
        let text = word(&self.whole[at..]);
        let digits = text.strip_prefix(b"-").unwrap_or(text);
        let label = if digits.len() > 1 && digits[0] == b'0' && digits[1].is_ascii_digit() {
            "JSON numbers have no leading zeros"
        } else {
            "expected a JSON number such as `12`, `-3` or `1.5e3`"
        };
        Diagnostic::new(
            self.span_len(at, text.len()),
            format!("invalid number `{}`", shorten(text)),
            label,
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
        (
            format!("`{}`", shorten(&rest[..len])),
            self.span_len(at, len),
        )
    }

    /// The `len` bytes from `at`, within the input.
    fn span_len(&self, at: usize, len: usize) -> Span {
        Span::new(at, (at + len).min(self.whole.len()).max(at))
    }
}

/// The location of an error that is not a syntax error, if it has one.
fn other_location(error: &ReaderError) -> Option<&JsonReaderPosition> {
    match error {
        ReaderError::UnexpectedValueType { location, .. }
        | ReaderError::UnexpectedStructure { location, .. }
        | ReaderError::UnsupportedNumberValue { location, .. }
        | ReaderError::IoError { location, .. }
        | ReaderError::MaxNestingDepthExceeded { location, .. } => Some(location),
        _ => None,
    }
}

/// The value of the `\uXXXX` escape that `input` starts with, if it is one.
fn code_unit(input: &[u8]) -> Option<u32> {
    let hex = input.strip_prefix(b"\\u")?.get(..4)?;
    let hex = std::str::from_utf8(hex).ok()?;
    u32::from_str_radix(hex, 16).ok()
}

/// `ws = { " " | "\t" | "\n" | "\r" }`
fn is_ws(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r')
}

/// How many whitespace bytes `input` starts with.
fn ws_len(input: &[u8]) -> usize {
    input.iter().take_while(|&&b| is_ws(b)).count()
}

/// Bytes that may belong to a number or a literal: the extent of a "word" token.
fn is_word(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'_' | b'-' | b'+' | b'.')
}

/// The word starting `input` (possibly empty).
fn word(input: &[u8]) -> &[u8] {
    let len = input.iter().take_while(|&&b| is_word(b)).count();
    &input[..len]
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
        json.begin_object().unwrap();
        assert!(json.has_next().unwrap());
        let (index, span) = json.key(&["x", "kay"]).unwrap();
        assert_eq!((index, json.decoded()), (Some(1), "kay"));
        assert_eq!(&text[span.range()], "\"k\\u0061y\"");
        assert_eq!(json.peek().unwrap(), (ValueType::Array, at("[ 12")));
        json.begin_array().unwrap();
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
        assert_eq!(json.end_array().unwrap(), at(" ] }") + 2);
        assert!(!json.has_next().unwrap());
        assert_eq!(json.end_object().unwrap(), text.len());
        json.finish().unwrap();
    }

    #[test]
    fn mismatch_spans_the_whole_value_and_reports_syntax_first() {
        let text = "[{\"a\": [1, {}]}, \"x\ty\"]";
        let mut json = Stream::new(text.as_bytes());
        json.begin_array().unwrap();
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
    fn skip_to_end_reads_the_rest_of_every_open_container() {
        let text = r#"{"a": [[1, 2], {"b": [3]}, 4], "c": {"d": null}} "#;
        let mut json = Stream::new(text.as_bytes());
        json.begin_object().unwrap();
        json.has_next().unwrap();
        json.key(&[]).unwrap();
        json.begin_array().unwrap();
        json.has_next().unwrap();
        json.skip().unwrap();
        json.skip_to_end().unwrap();

        let text = r#"{"a": [[1, 2], {"b": [3]}, 4], "c": {"d": nul}} "#;
        let mut json = Stream::new(text.as_bytes());
        json.begin_object().unwrap();
        json.has_next().unwrap();
        json.key(&[]).unwrap();
        json.begin_array().unwrap();
        json.has_next().unwrap();
        json.skip().unwrap();
        let e = json.skip_to_end().unwrap_err();
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
