//! Input text and places in it: a [`Source`] is one file (or stdin) as bytes, a [`Span`] a
//! byte range in it. Line and column are computed only when an error is displayed.

use std::fmt;

use std::sync::OnceLock;

/// A half-open byte range `start..end` into a [`Source`].
///
/// Spans are 32-bit to keep per-edge bookkeeping small on inputs of millions of edges;
/// [`Source::new`] refuses inputs of 4 GiB or more.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Span {
    /// First byte.
    pub start: u32,
    /// One past the last byte.
    pub end: u32,
}

impl Span {
    /// The span `start..end`.
    pub fn new(start: usize, end: usize) -> Self {
        debug_assert!(start <= end);
        Span {
            start: start as u32,
            end: end as u32,
        }
    }

    /// An empty span at `at` (used for "found end of input" and similar).
    pub fn at(at: usize) -> Self {
        Span::new(at, at)
    }

    /// The smallest span covering both.
    pub fn to(self, other: Span) -> Span {
        Span {
            start: self.start.min(other.start),
            end: self.end.max(other.end),
        }
    }

    /// The range, for slicing.
    pub fn range(self) -> std::ops::Range<usize> {
        self.start as usize..self.end as usize
    }
}

/// Largest input accepted, so that every offset fits a [`Span`].
pub const MAX_SOURCE_LEN: usize = u32::MAX as usize - 1;

/// One input: a name to show in messages (a path, or `<stdin>`) and its bytes.
#[derive(Clone, Debug)]
pub struct Source {
    name: String,
    text: Vec<u8>,
    /// Offsets of line starts, built on first use by [`Source::line_number`].
    line_starts: OnceLock<Vec<u32>>,
    /// Where `text` starts in the input: not at its beginning for an excerpt.
    origin: Origin,
}

/// Where an excerpt of an input starts: how many lines of the input come before its first
/// byte, and how many characters of its first line. A whole input starts at the default,
/// nothing before.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Origin {
    /// Line breaks before the excerpt.
    pub lines: usize,
    /// Characters of the excerpt's first line that come before it.
    pub columns: usize,
}

impl Origin {
    /// Moves past `bytes`, which follow: their line breaks, and the characters after the
    /// last one (or all of them, on the same line).
    pub fn advance(&mut self, bytes: &[u8]) {
        // Searched a word at a time: the window drops long lines (a parent array of
        // 10^5 numbers) a chunk at a time, and byte by byte that cost 4 to 7 M
        // instructions on Kattis Purplehearts' largest files.
        match memchr::memrchr(b'\n', bytes) {
            Some(i) => {
                self.lines += line_breaks(bytes);
                self.columns = chars(&bytes[i + 1..]);
            }
            None => self.columns += chars(bytes),
        }
    }

    /// The 1-based line and column of the next byte.
    pub fn location(&self) -> Location {
        Location {
            line: self.lines + 1,
            column: self.columns + 1,
        }
    }
}

/// A 1-based line and column (column counted in characters).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Location {
    /// 1-based line number.
    pub line: usize,
    /// 1-based column, in characters of the line.
    pub column: usize,
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.line, self.column)
    }
}

/// An input of more than [`MAX_SOURCE_LEN`] bytes, which [`Source::new`] refuses (the
/// crate's [`Error::TooLarge`](crate::Error::TooLarge) when it reaches a caller).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TooLarge {
    /// The input's name.
    pub name: String,
    /// Its size in bytes.
    pub bytes: usize,
}

impl fmt::Display for TooLarge {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}: input is {} bytes; at most {MAX_SOURCE_LEN} bytes are supported",
            crate::wording::printable(&self.name),
            self.bytes
        )
    }
}

impl std::error::Error for TooLarge {}

impl Source {
    /// Wraps `text` read from `name`. Inputs of more than [`MAX_SOURCE_LEN`] bytes are
    /// refused ([`TooLarge`]), since spans are 32-bit.
    ///
    /// ```
    /// use hackenbush::source::Source;
    ///
    /// let source = Source::new("stalk.hb", b"ground: g\ng-a-b\n".to_vec())?;
    /// assert_eq!(source.locate(12).to_string(), "2:3");
    /// # Ok::<(), hackenbush::Error>(())
    /// ```
    pub fn new(name: impl Into<String>, text: Vec<u8>) -> Result<Self, TooLarge> {
        let name = name.into();
        if text.len() > MAX_SOURCE_LEN {
            return Err(TooLarge {
                name,
                bytes: text.len(),
            });
        }
        Ok(Source {
            name,
            text,
            line_starts: OnceLock::new(),
            origin: Origin::default(),
        })
    }

    /// A part of a larger input (one too large to hold, read through a window) starting
    /// at `origin`: lines and columns are those of the whole input. Offsets and spans are
    /// relative to the excerpt's first byte.
    pub fn excerpt(
        name: impl Into<String>,
        text: Vec<u8>,
        origin: Origin,
    ) -> Result<Self, TooLarge> {
        let mut source = Source::new(name, text)?;
        source.origin = origin;
        Ok(source)
    }

    /// A source of a few words (a message), which cannot be too large.
    pub(crate) fn short(name: String, text: String) -> Self {
        Source {
            name,
            text: text.into_bytes(),
            line_starts: OnceLock::new(),
            origin: Origin::default(),
        }
    }

    /// A source holding a copy of `text`, named `name`: [`Source::new`] for a string.
    ///
    /// ```
    /// use hackenbush::source::Source;
    ///
    /// let source = Source::from_text("triangle.hb", "ground: g\ng-a-b-g\n")?;
    /// assert_eq!(source.name(), "triangle.hb");
    /// # Ok::<(), hackenbush::Error>(())
    /// ```
    pub fn from_text(name: impl Into<String>, text: &str) -> Result<Self, TooLarge> {
        Source::new(name, text.as_bytes().to_vec())
    }

    /// How reports name a position of this source: the name, or `<name>#<case>` for
    /// position `case` (from 1) of a format that holds several.
    pub fn label(&self, case: Option<usize>) -> String {
        label(&self.name, case)
    }

    /// The name shown in messages.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Where the text starts in the whole input (nothing before it, unless an excerpt).
    pub fn origin(&self) -> Origin {
        self.origin
    }

    /// The bytes.
    pub fn bytes(&self) -> &[u8] {
        &self.text
    }

    /// Byte offset of the start of the line holding `offset`.
    fn line_start(&self, offset: usize) -> usize {
        let offset = offset.min(self.text.len());
        self.text[..offset]
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |i| i + 1)
    }

    /// The line holding `offset`, without its line terminator, and its start offset.
    pub fn line_of(&self, offset: usize) -> (usize, &[u8]) {
        let start = self.line_start(offset);
        let rest = &self.text[start..];
        let len = rest.iter().position(|&b| b == b'\n').unwrap_or(rest.len());
        let mut line = &rest[..len];
        if line.last() == Some(&b'\r') {
            line = &line[..line.len() - 1];
        }
        (start, line)
    }

    /// Line and column of `offset`. Linear in the offset: meant for error display only.
    pub fn locate(&self, offset: usize) -> Location {
        let mut at = self.origin;
        at.advance(&self.text[..offset.min(self.text.len())]);
        at.location()
    }

    /// Line number (1-based) of `offset`. The first call indexes the line starts (one
    /// pass over the input); later calls take O(log lines), so reporting the line of
    /// every edge of a large input stays linear.
    pub fn line_number(&self, offset: usize) -> usize {
        let starts = self.line_starts.get_or_init(|| {
            std::iter::once(0)
                .chain(memchr::memchr_iter(b'\n', &self.text).map(|i| i as u32 + 1))
                .collect()
        });
        self.origin.lines + starts.partition_point(|&s| s as usize <= offset)
    }
}

/// How many line breaks (`\n`) `bytes` holds. Counted in blocks of 255 with a byte-sized
/// tally, which the compiler turns into vector compares: a streamed input is counted as
/// it goes by.
pub fn line_breaks(bytes: &[u8]) -> usize {
    bytes
        .chunks(255)
        .map(|block| usize::from(block.iter().fold(0u8, |n, &b| n + u8::from(b == b'\n'))))
        .sum()
}

/// How many characters `bytes` shows as (invalid UTF-8 counted as in
/// [`String::from_utf8_lossy`]).
pub fn chars(bytes: &[u8]) -> usize {
    // ASCII, the usual case, is one character a byte: checked a word at a time, where
    // decoding costs some 90 instructions a byte (a colour word of 10^5 letters is one
    // line, counted as the window drops it).
    if bytes.is_ascii() {
        return bytes.len();
    }
    String::from_utf8_lossy(bytes).chars().count()
}

/// How reports name position `case` of the input `name`: `<name>` or `<name>#<case>`.
pub fn label(name: &str, case: Option<usize>) -> String {
    match case {
        Some(case) => format!("{name}#{case}"),
        None => name.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn locates_lines_and_columns() {
        let s = Source::from_text("x", "ab\r\ncd\nef").unwrap();
        assert_eq!(s.locate(0), Location { line: 1, column: 1 });
        assert_eq!(s.locate(5), Location { line: 2, column: 2 });
        assert_eq!(s.locate(9), Location { line: 3, column: 3 });
        assert_eq!(s.line_of(1), (0, &b"ab"[..]));
        assert_eq!(s.line_of(9), (7, &b"ef"[..]));
        assert_eq!(s.line_number(0), 1);
        assert_eq!(s.line_number(3), 1);
        assert_eq!(s.line_number(4), 2);
        assert_eq!(s.line_number(9), 3);
    }

    #[test]
    fn excerpts_keep_the_lines_and_columns_of_the_whole() {
        let whole = "ab\ncdé-x\nyz";
        let s = Source::excerpt(
            "x",
            whole.as_bytes()[5..].to_vec(),
            Origin {
                lines: 1,
                columns: 2,
            },
        )
        .unwrap();
        let full = Source::from_text("x", whole).unwrap();
        for offset in 0..s.bytes().len() {
            assert_eq!(s.locate(offset), full.locate(offset + 5), "at {offset}");
            assert_eq!(s.line_number(offset), full.line_number(offset + 5));
        }
    }

    #[test]
    fn counts_line_breaks_in_blocks() {
        for len in [0, 1, 254, 255, 256, 1000] {
            let text: Vec<u8> = (0..len)
                .map(|i| if i % 3 == 0 { b'\n' } else { b'x' })
                .collect();
            let expected = text.iter().filter(|&&b| b == b'\n').count();
            assert_eq!(line_breaks(&text), expected, "{len}");
        }
        assert_eq!(line_breaks(&[b'\n'; 600]), 600);
    }

    #[test]
    fn columns_count_characters() {
        let s = Source::from_text("x", "é-x").unwrap();
        assert_eq!(s.locate(3).column, 3);
    }
}
