//! Text -> syntax: the input formats, each read into the same small tree: a [`Position`]
//! is a list of [`GraphDecl`]s, each a vertex table, its ground vertices and its edges in
//! input order, every piece with the [`Span`] it came from.
//!
//! Every format feeds one [`GraphBuilder`], which owns the rules common to all: vertex
//! names interned in linear time, ground vertices (a ground vertex that no edge touches is
//! legal), edges with their spans and whatever else an edge carries. A format's
//! [`Reader`] hands each graph to a [`GraphSink`] as soon as it is complete, so a caller
//! can analyze a graph and let it go before the next one is read; [`parse`] collects
//! them into [`Position`]s for callers that want the whole.
//!
//! Each format's grammar is written down in `grammars/` and its reader follows it
//! production by production:
//!
//! | format | module | grammar | read with |
//! |---|---|---|---|
//! | `hb` (native) | [`hb`] | `grammars/hb.ebnf` | `nom`, line by line |
//! | `christmas` (POJ 3710) | [`christmas`] | `grammars/christmas.ebnf` | a token scanner that streams through a [`window`] |
//! | `json` | [`json`] | `grammars/json.ebnf` | `struson` (JSON syntax, with positions), then the schema walk |
//! | `dot` (Graphviz) | [`dot`] | `grammars/dot.md` | `nom` |
//! | `cgsuite` | [`cgsuite`] | `grammars/cgsuite.ebnf` | `nom`, with an explicit stack of brackets |
//! | judged problems' inputs (`judge --problem`) | [`problems`] | `grammars/problems.ebnf` | the [`tokens`] scanner, streaming through a [`window`] |
//!
//! An input without a format to go by (standard input) is recognised by its first bytes
//! where no two formats can be confused ([`detect`]).

pub mod builder;
pub mod cgsuite;
pub mod christmas;
pub mod detect;
pub mod dot;
pub mod hb;
pub mod json;
mod lex;
pub mod problems;
pub mod tokens;
pub mod window;
pub mod write;

use std::fmt;
use std::path::Path;

use crate::diagnostic::Diagnostic;
use crate::source::{Source, Span};

pub use crate::position::{
    Colour, EdgeDecl, GraphDecl, GraphKind, Labels, Position, VertexName, Vertices,
};
pub use builder::GraphBuilder;

/// An input format.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Format {
    /// The native format, written for people (`.hb`).
    Hb,
    /// The POJ 3710 "Christmas Game" judge format (`.in`, `.txt`).
    Christmas,
    /// JSON (`.json`).
    Json,
    /// Graphviz DOT (`.dot`, `.gv`): undirected graphs, ground marked by attribute.
    Dot,
    /// CGSuite Hackenbush strings (`.cgs`).
    Cgsuite,
}

impl Format {
    /// Every format, in the order help texts list them.
    pub const ALL: [Format; 5] = [
        Format::Hb,
        Format::Christmas,
        Format::Json,
        Format::Dot,
        Format::Cgsuite,
    ];

    /// The format's name as the command line spells it.
    pub fn name(self) -> &'static str {
        match self {
            Format::Hb => "hb",
            Format::Christmas => "christmas",
            Format::Json => "json",
            Format::Dot => "dot",
            Format::Cgsuite => "cgsuite",
        }
    }

    /// Whether a file of the format may hold several positions one after another:
    /// christmas (test cases) and cgsuite (one position per line). An hb, JSON or dot file
    /// is exactly one position (a dot file with several `graph`s is refused by the dot
    /// reader).
    pub fn holds_several(self) -> bool {
        matches!(self, Format::Christmas | Format::Cgsuite)
    }

    /// The format a file name's extension implies, if any: `.hb`, `.json`, and `.in` or
    /// `.txt` for christmas.
    pub fn from_path(path: &Path) -> Option<Format> {
        let ext = path.extension()?.to_str()?.to_ascii_lowercase();
        match ext.as_str() {
            "hb" => Some(Format::Hb),
            "json" => Some(Format::Json),
            "in" | "txt" => Some(Format::Christmas),
            "dot" | "gv" => Some(Format::Dot),
            "cgs" => Some(Format::Cgsuite),
            _ => None,
        }
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for Format {
    type Err = crate::diagnostic::Error;

    /// The format named as the command line names it ([`Format::name`]), in any case.
    ///
    /// ```
    /// use hackenbush::syntax::Format;
    ///
    /// assert_eq!("cgsuite".parse::<Format>()?, Format::Cgsuite);
    /// let unknown = "yaml".parse::<Format>().unwrap_err();
    /// assert_eq!(
    ///     unknown.to_string(),
    ///     "unknown format `yaml`: expected hb, christmas, json, dot or cgsuite"
    /// );
    /// # Ok::<(), hackenbush::Error>(())
    /// ```
    fn from_str(name: &str) -> Result<Format, crate::diagnostic::Error> {
        (Format::ALL.into_iter())
            .find(|format| format.name().eq_ignore_ascii_case(name))
            .ok_or_else(|| crate::diagnostic::Error::UnknownFormat(name.to_string()))
    }
}

/// What the first bytes of an input tell of whether it can be in a format: each format
/// whose file may be read whole says so with a `start` function of its reader
/// ([`hb::start`], [`json::start`], [`dot::start`], [`cgsuite::start`]), so that an input
/// that cannot be in the format it is read as (`/dev/urandom`, a file of `x`) is refused
/// as soon as its first byte that is no blank or comment is read, not after all of it.
///
/// ```
/// use hackenbush::syntax::{Start, json};
///
/// assert_eq!(json::start(b"  {\"graphs\""), Start::Can(2));
/// assert_eq!(json::start(b"  x"), Start::Cannot(2));
/// assert_eq!(json::start(b"  "), Start::Undecided);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Start {
    /// Nothing but blanks and comments so far (or a character or comment cut short by
    /// the end of the bytes): more bytes tell.
    Undecided,
    /// The first byte that is no blank or comment, at this offset, may begin the format.
    Can(usize),
    /// It cannot: the format's reader refuses the input there, whatever follows.
    Cannot(usize),
}

/// Where the first byte of `text` that is no blank and no comment line is, in the formats
/// whose comments run from `#` to the end of the line (hb and cgsuite): after a byte
/// order mark, spaces, tabs, line breaks (a `\r` only before a `\n`) and comments. The
/// [`Start`] to answer instead when the bytes end first ([`Start::Undecided`]) or a `\r`
/// stands alone ([`Start::Cannot`]).
fn after_blanks_and_comments(text: &[u8]) -> Result<usize, Start> {
    let mut at = lex::bom_len(text);
    loop {
        match text.get(at) {
            None => return Err(Start::Undecided),
            Some(b' ' | b'\t' | b'\n') => at += 1,
            Some(b'\r') => match text.get(at + 1) {
                Some(b'\n') => at += 2,
                Some(_) => return Err(Start::Cannot(at)),
                None => return Err(Start::Undecided),
            },
            Some(b'#') => match memchr::memchr(b'\n', &text[at..]) {
                Some(len) => at += len + 1,
                None => return Err(Start::Undecided),
            },
            Some(_) => return Ok(at),
        }
    }
}

/// What the first bytes `text` of an input tell of whether it can be in `format`
/// ([`Start`]); `None` for christmas, which is streamed token by token through a
/// [`window`] and refused at its first bad token anyway.
pub fn start(format: Format, text: &[u8]) -> Option<Start> {
    match format {
        Format::Hb => Some(hb::start(text)),
        Format::Json => Some(json::start(text)),
        Format::Dot => Some(dot::start(text)),
        Format::Cgsuite => Some(cgsuite::start(text)),
        Format::Christmas => None,
    }
}

/// How much of `bytes`, the first bytes read of an input, to keep when the byte at `at`
/// cannot begin its format ([`Start::Cannot`]) and nothing more is to be read: up to the
/// end of the last whole line; or, when the line of `at` is not whole yet but at least
/// [`SHOWN`] bytes of it are there, all of it but a character cut short. `None` when fewer
/// are there: the next bytes are needed. The format's reader refuses what is kept at
/// `at`, in the words it would have for the whole input (the token it names is cut to
/// fewer characters than that, and a look-alike format's hint goes by the first line).
pub fn kept(bytes: &[u8], at: usize) -> Option<usize> {
    match memchr::memrchr(b'\n', &bytes[at..]) {
        Some(len) => Some(at + len + 1),
        None if bytes.len() - at < SHOWN => None,
        None => Some(match std::str::from_utf8(&bytes[at..]) {
            Err(e) if e.error_len().is_none() => at + e.valid_up_to(),
            _ => bytes.len(),
        }),
    }
}

/// How many bytes of a refused first token are read before the reading stops
/// ([`kept`]): more than any message shows of a token.
pub const SHOWN: usize = 256;

/// Where a [`Reader`] puts the graphs of a position, each as soon as it is complete, so
/// that a caller can analyze a graph and let it go before the next one is read.
pub trait GraphSink {
    /// One graph of the position being read.
    fn graph(&mut self, graph: GraphDecl);
    /// Something legal that looks like a mistake, in the position being read; ignored
    /// unless the sink keeps it.
    fn warning(&mut self, warning: Diagnostic) {
        let _ = warning;
    }
}

/// A position once read: its graphs went to the [`GraphSink`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PositionRead {
    /// 1-based test case number for formats with several positions per file.
    pub case: Option<usize>,
    /// Where the position was written.
    pub span: Span,
}

impl<R: Reader + ?Sized> Reader for Box<R> {
    fn next_position(
        &mut self,
        sink: &mut dyn GraphSink,
    ) -> Option<Result<PositionRead, Diagnostic>> {
        (**self).next_position(sink)
    }
}

/// A format's reader: the positions of one input, one at a time. Reading stops at the
/// first error, and the positions before it are kept; the graphs a malformed position
/// handed to the sink before the error are to be forgotten.
pub trait Reader {
    /// Reads the next position, handing its graphs to `sink`; `None` at the end.
    fn next_position(
        &mut self,
        sink: &mut dyn GraphSink,
    ) -> Option<Result<PositionRead, Diagnostic>>;
}

/// The reader of `source` in `format`: christmas and cgsuite files hold one position per
/// test case or line, hb, JSON and DOT files exactly one.
pub fn reader(format: Format, source: &Source) -> Box<dyn Reader + '_> {
    let bytes = source.bytes();
    match format {
        Format::Christmas => Box::new(christmas::Cases::new(bytes)),
        Format::Hb => Box::new(Once::new(move |sink: &mut dyn GraphSink| {
            hb::read(bytes, sink)
        })),
        Format::Json => Box::new(Once::new(move |sink: &mut dyn GraphSink| {
            json::read(bytes, sink)
        })),
        Format::Dot => Box::new(Once::new(move |sink: &mut dyn GraphSink| {
            dot::read(bytes, sink)
        })),
        Format::Cgsuite => Box::new(cgsuite::Lines::new(bytes)),
    }
}

/// The positions of a source, one at a time, each with all its graphs.
pub type Positions<'a> = Box<dyn Iterator<Item = Result<Position, Diagnostic>> + 'a>;

/// Parses `source` in `format`, lazily: one [`Position`] at a time, with its graphs
/// collected (see [`reader`] to take them one by one).
pub fn parse(format: Format, source: &Source) -> Positions<'_> {
    positions(reader(format, source))
}

/// The positions `reader` reads, each with all its graphs.
pub fn positions<'a>(mut reader: impl Reader + 'a) -> Positions<'a> {
    Box::new(std::iter::from_fn(move || {
        let mut collected = Collected::default();
        let read = reader.next_position(&mut collected)?;
        Some(read.map(|read| collected.into_position(read)))
    }))
}

/// A [`GraphSink`] that keeps everything.
#[derive(Debug, Default)]
pub struct Collected {
    /// The graphs, in order.
    pub graphs: Vec<GraphDecl>,
    /// The warnings, in order.
    pub warnings: Vec<Diagnostic>,
}

impl GraphSink for Collected {
    fn graph(&mut self, graph: GraphDecl) {
        self.graphs.push(graph);
    }

    fn warning(&mut self, warning: Diagnostic) {
        self.warnings.push(warning);
    }
}

/// The reader of a format whose files hold exactly one position, from its function that
/// reads the whole file into a sink.
struct Once<F> {
    read: Option<F>,
}

impl<F> Once<F> {
    fn new(read: F) -> Self {
        Once { read: Some(read) }
    }
}

impl<F> Reader for Once<F>
where
    F: FnOnce(&mut dyn GraphSink) -> Result<PositionRead, Diagnostic>,
{
    fn next_position(
        &mut self,
        sink: &mut dyn GraphSink,
    ) -> Option<Result<PositionRead, Diagnostic>> {
        Some(self.read.take()?(sink))
    }
}

/// The one position `read` reads, with its graphs collected.
fn collect_one(
    read: impl FnOnce(&mut dyn GraphSink) -> Result<PositionRead, Diagnostic>,
) -> Result<Position, Diagnostic> {
    let mut collected = Collected::default();
    let read = read(&mut collected)?;
    Ok(collected.into_position(read))
}

impl Collected {
    /// The position `read` whose graphs and warnings these are.
    pub fn into_position(self, read: PositionRead) -> Position {
        Position {
            case: read.case,
            span: read.span,
            graphs: self.graphs,
            warnings: self.warnings,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The first error of `text` read in `format`, if any.
    fn first_error(format: Format, text: &[u8]) -> Option<Diagnostic> {
        let source = Source::new("t", text.to_vec()).unwrap();
        parse(format, &source).find_map(Result::err)
    }

    /// Each format's [`start`] against its reader: where it says a byte cannot begin
    /// the format, the reader refuses the input at that byte, with the same message
    /// whatever follows the byte's line (so the pipeline may stop reading there); where
    /// it says one can, the reader finds nothing wrong before it.
    #[test]
    fn a_byte_that_cannot_start_a_format_is_where_its_reader_refuses_it() {
        let heads: [&[u8]; 9] = [
            b"",
            b"  \t",
            b"\n\r\n",
            b"# note\n",
            b"\xef\xbb\xbf",
            b"// note\n",
            b"/* note */ ",
            b"\xef\xbb\xbf\xef\xbb\xbf ",
            b"\r",
        ];
        let mut firsts: Vec<Vec<u8>> = (1..128u8).map(|b| vec![b]).collect();
        for c in ["é", "λ", "\u{feff}", "\u{2028}", "日"] {
            firsts.push(c.as_bytes().to_vec());
        }
        firsts.extend([vec![0xff], vec![0xc3, b'x'], vec![0x80]]);
        let tails: [&[u8]; 5] = [
            b"",
            b"xx{{ ; \n",
            b"\nground: g\ng-a\n",
            b"\n\xff\xfe\n",
            b" graph { a }",
        ];
        let mut refused = 0;
        for format in [Format::Hb, Format::Json, Format::Dot, Format::Cgsuite] {
            for head in heads {
                for first in &firsts {
                    let start_only = [head, &first[..]].concat();
                    // A long token, cut anywhere when the reading stops.
                    let long = [&first[..], "é".repeat(SHOWN).as_bytes(), b"{\n"].concat();
                    for tail in tails.iter().copied().chain([&long[..]]) {
                        let text = [&start_only[..], tail].concat();
                        let what = format!("{format} on {:?}", String::from_utf8_lossy(&text));
                        let said = start(format, &text).unwrap();
                        match said {
                            Start::Cannot(at) => {
                                refused += 1;
                                let whole = first_error(format, &text)
                                    .unwrap_or_else(|| panic!("{what}: read without error"));
                                // What the pipeline keeps, whatever it read past the
                                // refused character.
                                let next = at + first.len().min(text.len() - at);
                                for read in next..=text.len() {
                                    let read = &text[..read];
                                    // At the end of the input all of it is kept.
                                    let end = if read.len() == text.len() {
                                        text.len()
                                    } else {
                                        match kept(read, at) {
                                            Some(end) => end,
                                            None => continue,
                                        }
                                    };
                                    let kept = first_error(format, &read[..end]);
                                    let kept = kept.unwrap_or_else(|| panic!("{what}: kept reads"));
                                    // hb and DOT check a whole file's UTF-8 before its syntax,
                                    // cgsuite a line's: invalid UTF-8 after the refused byte
                                    // is reported first, and hb's or DOT's after what was
                                    // read, never read.
                                    assert!(
                                        kept.span.start as usize == at
                                            || format != Format::Json
                                                && kept.message.starts_with("invalid UTF-8"),
                                        "{what}: {kept:?}"
                                    );
                                    let later_utf8 = matches!(format, Format::Hb | Format::Dot)
                                        && std::str::from_utf8(&text[end..]).is_err();
                                    if !later_utf8 {
                                        assert_eq!(
                                            (&kept.message, kept.span.start),
                                            (&whole.message, whole.span.start),
                                            "{what}, {} bytes read",
                                            read.len()
                                        );
                                    }
                                }
                                // The bytes up to the refused character (and the one
                                // after a `\r`) tell already.
                                let shown = &text[..(at + 4).min(text.len())];
                                assert!(
                                    matches!(start(format, shown), Some(Start::Cannot(a)) if a == at),
                                    "{what}: {:?}",
                                    start(format, shown)
                                );
                            }
                            Start::Can(at) => {
                                if let Some(error) = first_error(format, &text) {
                                    assert!(error.span.start as usize >= at, "{what}: {error:?}");
                                }
                            }
                            Start::Undecided => {
                                // Only blanks and comments: the next bytes tell.
                                let more = [&text[..], b"\n\x01"].concat();
                                let told = start(format, &more);
                                assert!(matches!(told, Some(Start::Cannot(_))), "{what}: {told:?}");
                            }
                        }
                    }
                }
            }
        }
        assert!(refused > 1000, "{refused}");
    }

    #[test]
    fn formats_from_extensions() {
        assert_eq!(Format::from_path(Path::new("a.hb")), Some(Format::Hb));
        assert_eq!(Format::from_path(Path::new("a.JSON")), Some(Format::Json));
        assert_eq!(
            Format::from_path(Path::new("a.in")),
            Some(Format::Christmas)
        );
        assert_eq!(
            Format::from_path(Path::new("a.txt")),
            Some(Format::Christmas)
        );
        assert_eq!(Format::from_path(Path::new("a")), None);
    }
}
