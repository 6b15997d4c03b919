//! Problems in the input as data: how serious ([`Level`]), where (a [`Span`]), what is
//! wrong, and what was expected. Rendering them (`file:line:column`, the source line, a
//! caret) is a separate step, [`Diagnostic::render`], done only when a message is shown.

use std::fmt;

use unicode_width::UnicodeWidthStr;

use crate::source::{Location, Source, Span, TooLarge};
use crate::style::Paint;
use crate::wording::printable;

/// How serious a [`Diagnostic`] is; it heads the rendered message.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Level {
    /// The input cannot be read: `error`.
    #[default]
    Error,
    /// Legal, but probably not what was meant: `warning`.
    Warning,
    /// A promise the input was meant to keep is broken (`hackenbush check`): `violation`.
    Violation,
    /// The input is well formed, but valuing it needs more search than the budget allows:
    /// `error`, with an exit status of its own on the command line (3).
    Refused,
}

impl Level {
    /// The word that heads a rendered message.
    pub fn heading(self) -> &'static str {
        match self {
            Level::Error | Level::Refused => "error",
            Level::Warning => "warning",
            Level::Violation => "violation",
        }
    }
}

/// One problem in an input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// Error, warning or violation.
    pub level: Level,
    /// Where the culprit is; an empty span points between two bytes (e.g. end of input).
    pub span: Span,
    /// What is wrong, lowercase, naming the offending token: "vertex 7 is out of range 1..5".
    pub message: String,
    /// A short note under the caret, usually what was expected instead.
    pub label: String,
    /// Advice on a line of its own below the excerpt (`= help: ...`), if any: what the
    /// user may have meant.
    pub help: Option<String>,
}

impl Diagnostic {
    /// An error at `span`.
    pub fn new(span: Span, message: impl Into<String>, label: impl Into<String>) -> Self {
        Diagnostic {
            level: Level::Error,
            span,
            message: message.into(),
            label: label.into(),
            help: None,
        }
    }

    /// A warning at `span`.
    pub fn warning(span: Span, message: impl Into<String>, label: impl Into<String>) -> Self {
        Diagnostic {
            level: Level::Warning,
            ..Diagnostic::new(span, message, label)
        }
    }

    /// The same message with `help` below it.
    pub fn with_help(self, help: impl Into<String>) -> Self {
        Diagnostic {
            help: Some(help.into()),
            ..self
        }
    }

    /// The same message at another level.
    pub fn at_level(self, level: Level) -> Self {
        Diagnostic { level, ..self }
    }

    /// "expected X, found Y" at `span`, the most common shape.
    pub fn expected(span: Span, expected: &str, found: &str) -> Self {
        Diagnostic::new(
            span,
            format!("expected {expected}, found {found}"),
            format!("expected {expected}"),
        )
    }

    /// Renders the message in the style of rustc, headed by its [`Level`]:
    ///
    /// ```text
    /// error: vertex 7 is out of range 1..5
    ///  --> case.in:3:3
    ///   |
    /// 3 | 1 7
    ///   |   ^ expected a vertex in 1..5
    /// ```
    ///
    /// and, when there is [`Diagnostic::help`], two more lines:
    ///
    /// ```text
    ///   |
    ///   = help: ...
    /// ```
    ///
    /// Everything taken from the input is shown [`printable`]: the source line with
    /// control characters as U+FFFD (one column each, so that the caret lines up), the
    /// name and the message with them escaped.
    ///
    /// Only the offending line is examined beyond locating it, and a very long line is cut
    /// around the culprit, so a message stays short whatever the input. (Written here
    /// rather than with a rendering crate because those compute the column from the
    /// shown text, which is wrong once a line is cut.)
    pub fn render(&self, source: &Source, color: bool) -> String {
        let start = self.span.start as usize;
        let (line_start, line) = source.line_of(start);
        let at = source.locate(start);
        let text = display_line(line);
        let within = start - line_start;
        // Map the byte offsets within the raw line to offsets within the shown text.
        let lo = lossy_len(&line[..within.min(line.len())]);
        let end = (self.span.end as usize)
            .saturating_sub(line_start)
            .clamp(within, line.len().max(within));
        let hi = lossy_len(&line[..end.min(line.len())]).max(lo);
        let (text, lo, hi) = window(&text, lo, hi);
        // Tabs were expanded by `display_line`: the width is what a terminal shows.
        let pad = text[..lo].width();
        let carets = text[lo..hi].width().max(1);
        let number = at.line.to_string();
        let gutter = " ".repeat(number.len());
        let paint = Paint(color);
        let mark = |text: &str| match self.level {
            Level::Warning => paint.warning(text),
            Level::Error | Level::Violation | Level::Refused => paint.error(text),
        };
        let mut out = format!(
            "{}{}\n{gutter}{} {}:{}\n{gutter} {}\n{} {} {}\n{gutter} {} {}{}{}",
            mark(self.level.heading()),
            paint.bold(&format!(": {}", printable(&self.message))),
            paint.blue("-->"),
            printable(source.name()),
            at,
            paint.blue("|"),
            paint.blue(&number),
            paint.blue("|"),
            text.trim_end(),
            paint.blue("|"),
            " ".repeat(pad),
            mark(&"^".repeat(carets)),
            if self.label.is_empty() {
                String::new()
            } else {
                format!(" {}", mark(&printable(&self.label)))
            },
        );
        out.truncate(out.trim_end().len());
        if let Some(help) = &self.help {
            out.push_str(&format!(
                "\n{gutter} {}\n{gutter} {} {}: {}",
                paint.blue("|"),
                paint.blue("="),
                paint.bold("help"),
                printable(help)
            ));
        }
        out
    }

    /// `file:line:column: message`, one line, for machine-readable contexts.
    pub fn short(&self, source: &Source) -> String {
        let at = source.locate(self.span.start as usize);
        format!(
            "{}:{}: {}",
            printable(source.name()),
            at,
            printable(&self.message)
        )
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Diagnostic {}

/// What the library refuses: the crate's error type. An input's problem comes with its
/// place (file, line, column) and the whole message as the command line shows it.
///
/// ```
/// use hackenbush::{Error, syntax::Format};
///
/// let error = hackenbush::analyze_text("ground: g\ng-a-", Format::Hb).unwrap_err();
/// assert_eq!(error.to_string(), "<text>:2:5: expected a vertex after `-`, found end of line");
/// // `{:#}` shows it as the command line does: the line and a caret.
/// assert!(format!("{error:#}").contains(" --> <text>:2:5"));
/// assert!(matches!(error, Error::Input(_)));
///
/// // A well-formed position beyond the budget is refused, not malformed.
/// use hackenbush::{Options, analyze_source, source::Source};
/// let source = Source::from_text("cycle.hb", "ground: g\nblue: g-a-b-g\nred: a-c-b\n")?;
/// let mut options = Options::default();
/// options.budget.positions = 3;
/// let error = analyze_source(&source, Format::Hb, options).unwrap_err();
/// assert!(matches!(error, Error::Refused(_)));
/// assert!(format!("{error:#}").contains("--max-positions"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Error {
    /// A problem in an input: it is malformed.
    Input(Box<Located>),
    /// A well-formed input whose value needs more search than the budget allows
    /// ([`Options::budget`](crate::Options::budget)): the part refused is located.
    Refused(Box<Located>),
    /// An input larger than [`MAX_SOURCE_LEN`](crate::source::MAX_SOURCE_LEN) bytes.
    TooLarge {
        /// The input's name.
        name: String,
        /// Its size in bytes.
        bytes: usize,
    },
    /// A format name that names no [`Format`](crate::syntax::Format).
    UnknownFormat(String),
    /// Parameters of a generated shape that describe no position
    /// ([`Shape::validate`](crate::generate::Shape::validate)).
    Shape(String),
}

/// A [`Diagnostic`] with its place in a named input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Located {
    /// The input's name (a file name, `<stdin>`, `<text>`).
    pub name: String,
    /// Where the problem starts.
    pub location: Location,
    /// The problem, its span into the input.
    pub diagnostic: Diagnostic,
    /// The message as [`Diagnostic::render`] shows it, without colour.
    pub rendered: String,
}

impl Error {
    /// The error of `diagnostic`, found in `source`.
    pub fn located(diagnostic: Diagnostic, source: &Source) -> Error {
        let kind = match diagnostic.level {
            Level::Refused => Error::Refused,
            _ => Error::Input,
        };
        kind(Box::new(Located {
            name: source.name().to_string(),
            location: source.locate(diagnostic.span.start as usize),
            rendered: diagnostic.render(source, false),
            diagnostic,
        }))
    }
}

impl fmt::Display for Error {
    /// `file:line:column: message`, one line; with `{:#}`, the whole message as the
    /// command line shows it (source line, caret, help).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Input(located) | Error::Refused(located) if f.alternate() => {
                f.write_str(&located.rendered)
            }
            Error::Input(located) | Error::Refused(located) => write!(
                f,
                "{}:{}: {}",
                printable(&located.name),
                located.location,
                printable(&located.diagnostic.message)
            ),
            Error::TooLarge { name, bytes } => TooLarge {
                name: name.clone(),
                bytes: *bytes,
            }
            .fmt(f),
            Error::UnknownFormat(name) => write!(
                f,
                "unknown format `{}`: expected hb, christmas, json, dot or cgsuite",
                printable(name)
            ),
            Error::Shape(message) => f.write_str(message),
        }
    }
}

impl std::error::Error for Error {}

impl From<TooLarge> for Error {
    fn from(e: TooLarge) -> Error {
        Error::TooLarge {
            name: e.name,
            bytes: e.bytes,
        }
    }
}

/// A source line as text: invalid UTF-8 and control characters are shown as U+FFFD and a
/// tab as four spaces, so the caret lines up.
fn display_line(line: &[u8]) -> String {
    let mut shown = String::with_capacity(line.len());
    for c in String::from_utf8_lossy(line).chars() {
        match c {
            '\t' => shown.push_str("    "),
            c if c.is_control() => shown.push('\u{FFFD}'),
            c => shown.push(c),
        }
    }
    shown
}

/// Longest source line shown whole; longer lines are cut around the span, with `...`.
const MAX_SHOWN: usize = 120;

/// Cuts a long line to about [`MAX_SHOWN`] bytes around `lo..hi`, keeping the caret
/// offsets right. Shorter lines are returned as they are.
fn window(text: &str, lo: usize, hi: usize) -> (String, usize, usize) {
    if text.len() <= MAX_SHOWN {
        return (text.to_string(), lo, hi);
    }
    let floor = |mut i: usize| {
        while !text.is_char_boundary(i) {
            i -= 1;
        }
        i
    };
    // A long span is shown in part; cut it on a character boundary.
    let hi = floor(hi.min(lo + MAX_SHOWN / 2)).max(lo);
    let start = floor(lo.saturating_sub(MAX_SHOWN / 4));
    let end = floor(
        (hi + MAX_SHOWN / 4)
            .max(start + MAX_SHOWN / 2)
            .min(text.len()),
    );
    let prefix = if start > 0 { "..." } else { "" };
    let suffix = if end < text.len() { "..." } else { "" };
    let shown = format!("{prefix}{}{suffix}", &text[start..end]);
    let shift = |i: usize| i - start + prefix.len();
    (shown, shift(lo), shift(hi.min(end)))
}

/// Length in bytes of `bytes` once shown by [`display_line`].
fn lossy_len(bytes: &[u8]) -> usize {
    display_line(bytes).len()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_location_line_and_caret() {
        let src = Source::from_text("case.in", "1\n3 2\n1 7\n").unwrap();
        let d = Diagnostic::new(
            Span::new(8, 9),
            "vertex 7 is out of range 1..3",
            "expected a vertex in 1..3",
        );
        let out = d.render(&src, false);
        assert!(
            out.contains("error: vertex 7 is out of range 1..3"),
            "{out}"
        );
        assert!(out.contains("case.in:3:3"), "{out}");
        assert!(out.contains("3 | 1 7"), "{out}");
        assert!(out.contains("^ expected a vertex in 1..3"), "{out}");
    }

    #[test]
    fn renders_help_below_the_excerpt() {
        let src = Source::from_text("p.hb", "ground: g\n").unwrap();
        let d = Diagnostic::expected(Span::new(0, 6), "the number of trees N", "`ground`")
            .with_help("this looks like hb");
        let out = d.render(&src, false);
        assert!(
            out.ends_with(
                "^^^^^^ expected the number of trees N\n  |\n  = help: this looks like hb"
            ),
            "{out}"
        );
    }

    #[test]
    fn renders_end_of_input() {
        let src = Source::from_text("x.in", "1\n2 1").unwrap();
        let d = Diagnostic::expected(Span::at(5), "1 more edge", "end of input");
        let out = d.render(&src, false);
        assert!(out.contains("x.in:2:4"), "{out}");
    }

    #[test]
    fn cuts_long_lines_around_the_span() {
        let mut text = "x".repeat(100_000);
        text.push_str("-?");
        text.push_str(&"y".repeat(100_000));
        let src = Source::from_text("long.hb", &text).unwrap();
        let d = Diagnostic::new(Span::new(100_001, 100_002), "bad", "here");
        let out = d.render(&src, false);
        assert!(out.len() < 600, "{out}");
        assert!(out.contains("...xxx"), "{out}");
        assert!(out.contains("-?yyy"), "{out}");
        assert!(out.contains("long.hb:1:100002"), "{out}");
        let caret_line = out.lines().find(|l| l.contains('^')).unwrap();
        let code_line = out.lines().find(|l| l.contains("-?")).unwrap();
        assert_eq!(code_line.find('?'), caret_line.find('^'), "{out}");
    }

    /// Fuzzing found this: a long span over control bytes (each shown as the 3-byte
    /// U+FFFD) was cut inside a character.
    #[test]
    fn cuts_long_spans_on_character_boundaries() {
        let mut bytes = b"g~".to_vec();
        bytes.extend(std::iter::repeat_n(0u8, 200));
        let src = Source::new("ctl", bytes).unwrap();
        for start in 0..4 {
            let d = Diagnostic::new(Span::new(start, 202), "bad", "here");
            let out = d.render(&src, false);
            assert!(out.contains("ctl:1:"), "{out}");
        }
    }

    #[test]
    fn survives_invalid_utf8_and_control_bytes() {
        let src = Source::new("b", b"a\xff\x01 z".to_vec()).unwrap();
        let d = Diagnostic::new(Span::new(4, 5), "bad", "here");
        let out = d.render(&src, false);
        assert!(out.contains("b:1:5"), "{out}");
    }
}
