//! Whitespace-separated numbers read through a [`Feed`] (a whole input or a [`Window`]
//! over a reader), with the span of each and the located messages of the christmas
//! reader: the scanner under the judge problems' readers ([`problems`](super::problems)).
//!
//! Runs of whole rows (an edge, a coloured edge, a parent) and of letters are read in one
//! step where nothing is unusual ([`Tokens::quick_rows`], [`Tokens::letter_run`]); the
//! rest token by token, with its messages.
//!
//! Spans are offsets into what the feed shows; an error is made before reading on, so
//! that [`Window::excerpt`] shows it where it is. Line breaks carry no meaning.
//!
//! [`Window`]: super::window::Window
//! [`Window::excerpt`]: super::window::Window::excerpt

use crate::diagnostic::Diagnostic;
use crate::source::Span;
use crate::wording::plural;

use super::lex::{self, found, integer, token_span};
use super::window::{Feed, MAX_TOKEN};

/// The tokens of an input, read one at a time.
pub struct Tokens<F> {
    feed: F,
    /// The next byte to read in `feed.bytes()`.
    pos: usize,
    /// Nothing has been read yet: a byte order mark may come first.
    at_start: bool,
}

impl<F: Feed> Tokens<F> {
    /// The tokens of `feed`, from its first byte.
    pub fn new(feed: F) -> Self {
        Tokens {
            feed,
            pos: 0,
            at_start: true,
        }
    }

    /// Whether reading the next token would wait for input that has not come yet
    /// ([`Feed::waits`]).
    pub fn waits(&self) -> bool {
        self.feed.waits(self.pos)
    }

    /// What the tokens are read from (after an error: where its span points).
    pub fn feed(&self) -> &F {
        &self.feed
    }

    /// See [`Tokens::feed`].
    pub fn feed_mut(&mut self) -> &mut F {
        &mut self.feed
    }

    /// Keeps every byte from the next token on until the next call, so that every span
    /// of what is read until then can be shown ([`Feed::hold`]).
    pub fn hold(&mut self) {
        self.skip_space();
        let shift = self.feed.hold(self.pos);
        self.pos -= shift;
    }

    /// Skips whitespace, reading on when the feed shows no more.
    fn skip_space(&mut self) {
        loop {
            let bytes = self.feed.bytes();
            if self.at_start && self.pos < bytes.len() {
                self.at_start = false;
                self.pos += lex::bom_len(&bytes[self.pos..]);
                continue;
            }
            self.pos += (bytes[self.pos..].iter())
                .take_while(|&&b| lex::is_space(b))
                .count();
            if self.pos < bytes.len() {
                return;
            }
            match self.feed.more(self.pos) {
                Some(shift) => self.pos -= shift,
                None => return,
            }
        }
    }

    /// Where reading is: just after the token read last.
    pub fn last_end(&self) -> usize {
        self.pos
    }

    /// Whether only whitespace is left.
    pub fn at_end(&mut self) -> bool {
        self.skip_space();
        self.pos == self.feed.bytes().len()
    }

    /// Where "found end of input" points: just after the last token.
    fn end_of_content(&self) -> Span {
        let bytes = self.feed.bytes();
        let blanks = (bytes.iter().rev())
            .take_while(|&&b| lex::is_space(b))
            .count();
        Span::at(bytes.len() - blanks)
    }

    /// `number = digit, { digit }`: the next token, which must be a number that fits 64
    /// bits; `what` names it for the message ("the number of vertices N"). A token that
    /// is not such a number is not consumed.
    #[inline]
    pub fn expect_number(&mut self, what: &str) -> Result<(u64, Span), Diagnostic> {
        match self.quick_number() {
            Some(found) => Ok(found),
            None => self.number_slowly(what),
        }
    }

    /// `integer = [ "-" ], number`: the next token, a number that may be negative, of at
    /// most 63 bits either way.
    pub fn expect_integer(&mut self, what: &str) -> Result<(i64, Span), Diagnostic> {
        if let Some(found) = self.quick_integer() {
            return Ok(found);
        }
        self.skip_space();
        if self.feed.bytes().get(self.pos) != Some(&b'-') {
            let (value, span) = self.expect_number(what)?;
            let value = i64::try_from(value).map_err(|_| {
                self.pos = span.start as usize;
                too_large(span, what)
            })?;
            return Ok((value, span));
        }
        let start = self.pos;
        self.pos += 1;
        let digits = self.feed.bytes()[self.pos..]
            .iter()
            .take_while(|b| b.is_ascii_digit())
            .count();
        let read = if digits == 0 {
            None
        } else {
            self.number_slowly(what).ok()
        };
        let Some((value, span)) = read else {
            // The whole token, minus sign and all, is what was found.
            self.pos = start;
            return Err(self.unexpected(what));
        };
        let span = Span::new(start, span.end as usize);
        let value = i64::try_from(value).map_err(|_| {
            self.pos = start;
            too_large(span, what)
        })?;
        Ok((-value, span))
    }

    /// The common case of [`Self::expect_integer`] (blanks, a sign or none, at most 19
    /// digits that fit 63 bits, a blank: a parent array's `-1`), or `None` to take the
    /// slow road.
    #[inline(always)]
    fn quick_integer(&mut self) -> Option<(i64, Span)> {
        let bytes = self.feed.bytes();
        let sign = self.pos
            + (bytes[self.pos..].iter())
                .take_while(|&&b| lex::is_space(b))
                .count();
        let negative = bytes.get(sign) == Some(&b'-');
        let digits = if negative { sign + 1 } else { self.pos };
        let (value, start, end) = lex::quick_number(&bytes[digits..])?;
        if negative && start != 0 {
            return None;
        }
        let value = i64::try_from(value).ok()?;
        let from = if negative { sign } else { digits + start };
        self.at_start = false;
        self.pos = digits + end;
        Some((
            if negative { -value } else { value },
            Span::new(from, self.pos),
        ))
    }

    /// The common case of [`Self::expect_number`] (blanks, at most 19 digits, a blank),
    /// or `None` to take the slow road, which also reads on.
    #[inline(always)]
    fn quick_number(&mut self) -> Option<(u64, Span)> {
        let (value, start, end) = lex::quick_number(&self.feed.bytes()[self.pos..])?;
        let offset = self.pos;
        self.pos += end;
        Some((value, Span::new(offset + start, offset + end)))
    }

    /// [`Self::expect_number`] for long numbers, errors and the end of what shows.
    #[cold]
    fn number_slowly(&mut self, what: &str) -> Result<(u64, Span), Diagnostic> {
        self.skip_space();
        let rest = &self.feed.bytes()[self.pos..];
        match integer(rest) {
            Ok((after, (value, digits))) => {
                let span = Span::new(self.pos, self.pos + digits.len());
                if after.first().is_some_and(|&b| !lex::is_space(b)) {
                    return Err(self.unexpected(what));
                }
                let value = value.filter(|_| digits.len() <= MAX_TOKEN);
                let value = value.ok_or_else(|| too_large(span, what))?;
                self.pos += digits.len();
                Ok((value, span))
            }
            Err(_) => Err(self.unexpected(what)),
        }
    }

    /// Up to `left` rows of `K` numbers each (an edge `x y`, a coloured edge `x y c`, a
    /// parent), each number read in one step (`lex::short_number`; `signed`: it may
    /// be negative), handed to `row`, which takes it (and returns `true`) or refuses it
    /// (a number out of its range). Stops before the first row it cannot read so or
    /// `row` refuses, which the general path ([`Tokens::expect_number`] and the rest)
    /// then reads, or reports, exactly as always. Returns how many rows were taken.
    ///
    /// The innermost loop of reading a problem's input, as the christmas reader's quick
    /// path is of that format: no span, no message, no reading on.
    #[inline(always)]
    pub fn quick_rows<const K: usize>(
        &mut self,
        left: u64,
        signed: bool,
        mut row: impl FnMut([i64; K]) -> bool,
    ) -> u64 {
        let bytes = self.feed.bytes();
        let mut pos = self.pos;
        let mut read = 0;
        'rows: while read < left {
            let mut values = [0; K];
            let mut at = pos;
            for value in &mut values {
                let Some((x, end)) = lex::short_number(bytes, at, signed) else {
                    break 'rows;
                };
                *value = x;
                at = end;
            }
            if !row(values) {
                break;
            }
            pos = at;
            read += 1;
        }
        self.pos = pos;
        read
    }

    /// The run of at most `most` bytes from the current position that are all among
    /// `letters`, in what the feed shows now (a blank or anything else ends it), read:
    /// the common case of [`Tokens::next_letter`], a whole colour word at a time.
    #[inline]
    pub fn letter_run(&mut self, letters: &[u8], most: u64) -> &[u8] {
        let rest = &self.feed.bytes()[self.pos..];
        let most = usize::try_from(most).unwrap_or(usize::MAX).min(rest.len());
        let len = (rest[..most].iter())
            .take_while(|b| letters.contains(b))
            .count();
        self.pos += len;
        &self.feed.bytes()[self.pos - len..self.pos]
    }

    /// `letter`: the next byte after blanks, one of `letters` (ASCII), inside a word of
    /// any length ([`Feed::more_letters`]); `None` at the end of the input. A character
    /// that is none of them is not consumed, and is what "expected WHAT, found X" names.
    pub fn next_letter(&mut self, letters: &[u8], what: &str) -> Option<Result<u8, Diagnostic>> {
        loop {
            let bytes = self.feed.bytes();
            match bytes.get(self.pos) {
                Some(&b) if letters.contains(&b) => {
                    self.pos += 1;
                    return Some(Ok(b));
                }
                Some(&b) if lex::is_space(b) => self.pos += 1,
                Some(&b) => {
                    // The one character found, not the rest of the word.
                    let width = match b {
                        0xc0..=0xdf => 2,
                        0xe0..=0xef => 3,
                        0xf0..=0xf7 => 4,
                        _ => 1,
                    };
                    let at = &bytes[self.pos..(self.pos + width).min(bytes.len())];
                    let span = Span::new(self.pos, self.pos + at.len());
                    return Some(Err(Diagnostic::expected(span, what, &found(at))));
                }
                None => match self.feed.more_letters(self.pos) {
                    Some(shift) => self.pos -= shift,
                    None => return None,
                },
            }
        }
    }

    /// `vertex = number` in `1..=n`: its id, `x - 1`.
    #[inline]
    /// On an error, the token is not consumed: [`Tokens::at_end`] then tells a missing
    /// vertex from a wrong one.
    pub fn expect_vertex(&mut self, n: u64) -> Result<u32, Diagnostic> {
        self.expect_vertex_at(n).map(|(id, _)| id)
    }

    /// [`Tokens::expect_vertex`], with where the vertex was read.
    #[inline]
    pub fn expect_vertex_at(&mut self, n: u64) -> Result<(u32, Span), Diagnostic> {
        let (x, span) = self.expect_number("a vertex number")?;
        if x == 0 || x > n {
            // The span is where the token is now (reading may have moved the window).
            self.pos = span.start as usize;
            return Err(out_of_range(x, n, span));
        }
        Ok(((x - 1) as u32, span))
    }

    /// "expected WHAT, found X" about the token at the current position.
    pub fn unexpected(&self, what: &str) -> Diagnostic {
        let bytes = self.feed.bytes();
        let at = &bytes[self.pos..];
        let span = if at.is_empty() {
            self.end_of_content()
        } else {
            token_span(bytes, at)
        };
        Diagnostic::expected(span, what, &found(at))
    }

    /// "expected 3 more edges, found end of input", at the end of the last token, with
    /// `declared` (what declared them) under the caret.
    #[cold]
    pub fn missing(&self, left: u64, what: &str, declared: String) -> Diagnostic {
        Diagnostic::new(
            self.end_of_content(),
            format!(
                "expected {left} more {what}{}, found end of input",
                plural(left)
            ),
            declared,
        )
    }

    /// `input = ..., space`: nothing but whitespace is left, or "expected end of input,
    /// found X" (`after` says what came last: "the only test case").
    pub fn expect_end(&mut self, after: &str) -> Result<(), Diagnostic> {
        if self.at_end() {
            return Ok(());
        }
        let mut error = self.unexpected("end of input");
        error.label = format!("expected end of input after {after}");
        Err(error)
    }
}

/// "number too large" at `span`.
fn too_large(span: Span, what: &str) -> Diagnostic {
    Diagnostic::new(
        span,
        "number too large",
        format!("expected {what}, at most {}", i64::MAX),
    )
}

/// "vertex 7 is out of range 1..5".
#[cold]
fn out_of_range(x: u64, n: u64, span: Span) -> Diagnostic {
    let label = if n == 0 {
        "the tree has no vertices".to_string()
    } else {
        format!("expected a vertex in 1..{n}")
    };
    Diagnostic::new(span, format!("vertex {x} is out of range 1..{n}"), label)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax::window::Window;

    /// Every token of `text` read as integers through a window of `chunk` bytes.
    fn integers(text: &str, chunk: usize) -> Result<Vec<i64>, Diagnostic> {
        let mut tokens = Tokens::new(Window::with_chunk("t", text.as_bytes(), chunk));
        let mut read = Vec::new();
        while !tokens.at_end() {
            read.push(tokens.expect_integer("a number")?.0);
        }
        Ok(read)
    }

    #[test]
    fn every_chunk_size_reads_the_same_numbers() {
        let text = "\u{feff}12 -1\n345678901234  -7\r\n0 9999999999999999999";
        for chunk in 1..=text.len() + 1 {
            let got = integers(text, chunk);
            assert!(got.is_err(), "u64 beyond i64 is too large");
            let got = integers(&text[..text.len() - 20], chunk).unwrap();
            assert_eq!(got, [12, -1, 345_678_901_234, -7, 0], "chunk {chunk}");
        }
    }

    #[test]
    fn malformed_numbers_are_located() {
        for (text, message, span) in [
            ("1 x", "expected a number, found `x`", Span::new(2, 3)),
            ("1 -", "expected a number, found `-`", Span::new(2, 3)),
            ("1 -2x", "expected a number, found `-2x`", Span::new(2, 5)),
            ("3y", "expected a number, found `3y`", Span::new(0, 2)),
        ] {
            let error = integers(text, 4).unwrap_err();
            assert_eq!(
                (error.message.as_str(), error.span),
                (message, span),
                "{text:?}"
            );
        }
    }

    #[test]
    fn vertices_are_in_range() {
        let mut tokens = Tokens::new(&b"3 0 4"[..]);
        assert_eq!(tokens.expect_vertex(3), Ok(2));
        let error = tokens.expect_vertex(3).unwrap_err();
        assert_eq!(error.message, "vertex 0 is out of range 1..3");
        assert_eq!(
            tokens.expect_vertex(3).unwrap_err().label,
            "expected a vertex in 1..3"
        );
    }

    #[test]
    fn the_end_is_expected() {
        let mut tokens = Tokens::new(&b"1 \n 2\n"[..]);
        tokens.expect_number("n").unwrap();
        let error = tokens.expect_end("the only test case").unwrap_err();
        assert_eq!(error.message, "expected end of input, found `2`");
        tokens.expect_number("n").unwrap();
        assert_eq!(tokens.expect_end("it"), Ok(()));
        assert_eq!(
            tokens.missing(2, "edge", "declared".into()).message,
            "expected 2 more edges, found end of input"
        );
    }
}
