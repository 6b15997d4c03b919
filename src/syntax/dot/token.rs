//! The words of DOT (`grammars/dot.md`, section 1.2) as Graphviz's scanner reads them: ids
//! (names, numerals, quoted and HTML strings), keywords, edge operators, and the blanks
//! and comments between tokens.
//!
//! Each production is a `nom` parser named after it, over the text; none looks past the end
//! of its own token, so reading is linear. A token that starts but never ends (`"…`,
//! `<…`, `/*…`) fails with [`nom::Err::Failure`] at its first byte.

use std::borrow::Cow;

use nom::error::{Error, ErrorKind};

use super::super::lex::BOM;
use nom::{IResult, Parser};

/// An id as read: the text it stands for, and the text it was written with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Id<'a> {
    /// What was written, quotes, `+` and all (for the span).
    pub raw: &'a str,
    /// The string it stands for, see [`Id::text`].
    text: Text<'a>,
    /// An HTML string (`<…>`), alone.
    pub html: bool,
    /// A numeral glued to a letter or a second `.` (`1a`, `1.2.3`): Graphviz splits it
    /// after the numeral, and warns.
    pub glued: bool,
}

impl<'a> Id<'a> {
    /// The string it stands for: quotes removed, `\"` read as `"`, a backslash before a
    /// line break dropped, the pieces joined by `+` joined; an HTML string without `<>`.
    /// Borrowed from the input unless a backslash or a `+` has to be read.
    pub fn text(&self) -> Cow<'a, str> {
        self.text.read()
    }
}

/// The string an id stands for, read only when asked for: most ids are node names
/// and attribute values (labels on nodes) that nothing reads.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Text<'a> {
    /// As written: a name, a numeral, a quoted string without backslashes, the inside of
    /// an HTML string.
    Plain(&'a str),
    /// The inside of a quoted string whose backslashes are still to be read.
    Escaped(&'a str),
    /// Strings joined by `+`.
    Joined(String),
}

impl<'a> Text<'a> {
    /// The string, borrowed from the input unless a backslash or a `+` has to be read.
    fn read(&self) -> Cow<'a, str> {
        match self {
            Text::Plain(s) => Cow::Borrowed(s),
            Text::Escaped(s) => Cow::Owned(unescape(s)),
            Text::Joined(s) => {
                copied(s.len());
                Cow::Owned(s.clone())
            }
        }
    }
}

/// The keywords, which are no ids, as [`keyword`] returns them (written in any case:
/// `Graph`, `SUBGRAPH`).
pub(super) const KEYWORDS: [&str; 6] = ["strict", "graph", "digraph", "subgraph", "node", "edge"];

fn keyword_of(word: &str) -> Option<&'static str> {
    KEYWORDS.into_iter().find(|k| k.eq_ignore_ascii_case(word))
}

fn fail<T>(input: &str) -> IResult<&str, T> {
    Err(nom::Err::Failure(Error::new(input, ErrorKind::Tag)))
}

fn mismatch<T>(input: &str) -> IResult<&str, T> {
    Err(nom::Err::Error(Error::new(input, ErrorKind::Tag)))
}

/// `trivia = { blank | comment }`, where `blank = " " | "\t" | "\r" | "\n" | bom` and
/// `comment = "/*" , { any } , "*/" | ( "//" | "#" ) , { any - "\n" }`. A `#` that starts
/// a line is a C preprocessor's line marker to Graphviz; elsewhere it starts a comment
/// too: either way the line is skipped.
pub(super) fn trivia(input: &str) -> IResult<&str, ()> {
    let b = input.as_bytes();
    let mut at = 0;
    loop {
        match b.get(at) {
            Some(b' ' | b'\t' | b'\r' | b'\n') => at += 1,
            // A byte order mark between tokens, as Graphviz skips it: only where it is not
            // the start of a longer name (it is made of letters, to Graphviz's scanner).
            Some(0xEF)
                if b[at..].starts_with(BOM)
                    && !b.get(at + 3).copied().is_some_and(is_name_char) =>
            {
                at += BOM.len();
            }
            Some(b'#') => at = line_end(b, at),
            Some(b'/') if b.get(at + 1) == Some(&b'/') => at = line_end(b, at),
            Some(b'/') if b.get(at + 1) == Some(&b'*') => {
                match memchr::memmem::find(&b[at + 2..], b"*/") {
                    Some(len) => at += 2 + len + 2,
                    None => return fail(&input[at..]),
                }
            }
            _ => return Ok((&input[at..], ())),
        }
    }
}

fn line_end(b: &[u8], at: usize) -> usize {
    memchr::memchr(b'\n', &b[at..]).map_or(b.len(), |len| at + len)
}

/// A letter of a name: an ASCII letter, `_`, or any byte of a non-ASCII character.
pub(super) fn is_letter(b: u8) -> bool {
    b.is_ascii_alphabetic() || b == b'_' || b >= 0x80
}

fn is_name_char(b: u8) -> bool {
    is_letter(b) || b.is_ascii_digit()
}

/// `name = letter , { letter | digit }`
pub(super) fn name(input: &str) -> IResult<&str, &str> {
    let b = input.as_bytes();
    if !b.first().copied().is_some_and(is_letter) {
        return mismatch(input);
    }
    let len = b.iter().position(|&c| !is_name_char(c)).unwrap_or(b.len());
    Ok((&input[len..], &input[..len]))
}

/// A name that is a keyword: `"strict" | "graph" | "digraph" | "subgraph" | "node" |
/// "edge"`, in any case.
pub(super) fn keyword(input: &str) -> IResult<&str, &'static str> {
    let (rest, word) = name(input)?;
    match keyword_of(word) {
        Some(k) => Ok((rest, k)),
        None => mismatch(input),
    }
}

/// `numeral = [ "-" ] , ( digit , { digit } , [ "." , { digit } ] | "." , digit , { digit } )`
pub(super) fn numeral(input: &str) -> IResult<&str, &str> {
    let b = input.as_bytes();
    let digits = |from: usize| from + b[from..].iter().take_while(|c| c.is_ascii_digit()).count();
    let start = usize::from(b.first() == Some(&b'-'));
    let mut end = digits(start);
    if end > start {
        if b.get(end) == Some(&b'.') {
            end = digits(end + 1);
        }
    } else if b.get(start) == Some(&b'.') && digits(start + 1) > start + 1 {
        end = digits(start + 1);
    } else {
        return mismatch(input);
    }
    Ok((&input[end..], &input[..end]))
}

/// `quoted = '"' , { "\" , any | any - '"' - "\" } , '"'`: the text, with `\"` read as
/// `"` and a backslash before a line break (`\n` or `\r\n`) dropped; other backslashes
/// stay (`\\`, `\n` and `\l` mean something in labels).
pub(super) fn quoted(input: &str) -> IResult<&str, Text<'_>> {
    let b = input.as_bytes();
    if b.first() != Some(&b'"') {
        return mismatch(input);
    }
    let mut at = 1;
    let mut escaped = false;
    loop {
        match memchr::memchr2(b'"', b'\\', &b[at..]) {
            None => return fail(input),
            Some(len) if b[at + len] == b'"' => {
                let inner = &input[1..at + len];
                let text = if escaped {
                    Text::Escaped(inner)
                } else {
                    Text::Plain(inner)
                };
                return Ok((&input[at + len + 1..], text));
            }
            Some(len) => {
                escaped = true;
                at += len + 2;
                if at > b.len() {
                    return fail(input);
                }
            }
        }
    }
}

fn unescape(inner: &str) -> String {
    let mut out = String::with_capacity(inner.len());
    let mut rest = inner;
    while let Some(i) = rest.find('\\') {
        out.push_str(&rest[..i]);
        let after = &rest[i + 1..];
        rest = if let Some(after) = after.strip_prefix('"') {
            out.push('"');
            after
        } else if let Some(after) = after.strip_prefix('\n') {
            after
        } else if let Some(after) = after.strip_prefix("\r\n") {
            after
        } else {
            // `\\` stays `\\`, and `\x` stays `\x`.
            let len = after.chars().next().map_or(0, char::len_utf8);
            out.push('\\');
            out.push_str(&after[..len]);
            &after[len..]
        };
    }
    out.push_str(rest);
    out
}

/// `html = "<" , { html | any - "<" - ">" } , ">"`: the text between the outer `<>`.
pub(super) fn html(input: &str) -> IResult<&str, &str> {
    let b = input.as_bytes();
    if b.first() != Some(&b'<') {
        return mismatch(input);
    }
    let mut depth = 0usize;
    let mut at = 0;
    while let Some(len) = memchr::memchr2(b'<', b'>', &b[at..]) {
        at += len;
        if b[at] == b'<' {
            depth += 1;
        } else {
            depth -= 1;
            if depth == 0 {
                return Ok((&input[at + 1..], &input[1..at]));
            }
        }
        at += 1;
    }
    fail(input)
}

/// `string = ( quoted | html ) , { "+" , ( quoted | html ) }`: pieces joined by `+` are
/// one string (Graphviz's `qatom`). Each piece is copied once, onto the end of the text
/// so far: joining is linear in the length of the string.
pub(super) fn string(input: &str) -> IResult<&str, Id<'_>> {
    let (mut rest, (mut text, mut html)) = piece(input)?;
    let mut joined: Option<String> = None;
    loop {
        let (after, ()) = trivia(rest)?;
        let Some(after) = after.strip_prefix('+') else {
            break;
        };
        let (after, ()) = trivia(after)?;
        let (after, (more, _)) = match piece(after) {
            Err(nom::Err::Error(_)) => break,
            other => other?,
        };
        let joined = joined.get_or_insert_with(|| text.read().into_owned());
        append(joined, &more.read());
        html = false;
        rest = after;
    }
    if let Some(joined) = joined {
        text = Text::Joined(joined);
    }
    let raw = &input[..input.len() - rest.len()];
    Ok((
        rest,
        Id {
            raw,
            text,
            html,
            glued: false,
        },
    ))
}

/// Puts `piece` on the end of `joined`: the only copy a piece of a joined string takes
/// while it is read.
fn append(joined: &mut String, piece: &str) {
    copied(piece.len());
    joined.push_str(piece);
}

/// Counts `bytes` of joined strings copied, for the test that joining is linear.
#[cfg_attr(not(test), allow(unused_variables))]
fn copied(bytes: usize) {
    #[cfg(test)]
    COPIED.with(|copied| copied.set(copied.get() + bytes));
}

#[cfg(test)]
thread_local! {
    /// Bytes of joined strings copied by this thread.
    static COPIED: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// `quoted | html`, and whether it is HTML.
fn piece(input: &str) -> IResult<&str, (Text<'_>, bool)> {
    match quoted(input) {
        Err(nom::Err::Error(_)) => html.map(|s| (Text::Plain(s), true)).parse(input),
        other => other.map(|(rest, s)| (rest, (s, false))),
    }
}

/// `id = name | numeral | string`, where a name that is a keyword is no id.
pub(super) fn id(input: &str) -> IResult<&str, Id<'_>> {
    let (rest, raw, glued) = match input.as_bytes().first() {
        Some(b'"' | b'<') => return string(input),
        Some(b'-' | b'.' | b'0'..=b'9') => {
            let (rest, raw) = numeral(input)?;
            let next = rest.as_bytes().first();
            (rest, raw, next.is_some_and(|&c| is_letter(c) || c == b'.'))
        }
        _ => {
            let (rest, raw) = name(input)?;
            if keyword_of(raw).is_some() {
                return mismatch(input);
            }
            (rest, raw, false)
        }
    };
    Ok((
        rest,
        Id {
            raw,
            text: Text::Plain(raw),
            html: false,
            glued,
        },
    ))
}

/// `edge op = "--" | "->"`: whether it is `->`.
pub(super) fn edge_op(input: &str) -> IResult<&str, bool> {
    match input.as_bytes() {
        [b'-', b'-', ..] => Ok((&input[2..], false)),
        [b'-', b'>', ..] => Ok((&input[2..], true)),
        _ => mismatch(input),
    }
}

/// The length of the token at the start of `input`, for messages: an id, a keyword, an
/// edge operator, or else one character (0 at the end of the input).
pub(super) fn token_len(input: &str) -> usize {
    let rest = id(input)
        .map(|(rest, _)| rest)
        .or_else(|_| name(input).map(|(rest, _)| rest))
        .or_else(|_| edge_op(input).map(|(rest, _)| rest));
    match rest {
        Ok(rest) => input.len() - rest.len(),
        Err(_) => input.chars().next().map_or(0, char::len_utf8),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ok<T>(r: IResult<&str, T>) -> (&str, T) {
        r.unwrap_or_else(|e| panic!("{e:?}"))
    }

    fn failed_at<T: std::fmt::Debug>(r: IResult<&str, T>) -> &str {
        match r {
            Err(nom::Err::Failure(e)) => e.input,
            other => panic!("expected a failure, got {other:?}"),
        }
    }

    #[test]
    fn trivia_skips_blanks_and_every_comment() {
        assert_eq!(ok(trivia(" \t\r\n x")).0, "x");
        assert_eq!(ok(trivia("// a\n# b\n  # c\n/* d\n */x")).0, "x");
        // A comment runs to the line feed, not to a lone carriage return.
        assert_eq!(ok(trivia("// a\rb\nx")).0, "x");
        assert_eq!(ok(trivia("#")).0, "");
        assert_eq!(ok(trivia("/ x")).0, "/ x");
        assert_eq!(failed_at(trivia("  /* open")), "/* open");
        // A byte order mark is a blank where it does not start a name (dot_graphviz found
        // Graphviz skipping it in `1\u{feff}}`).
        assert_eq!(ok(trivia("\u{feff}}")).0, "}");
        assert_eq!(ok(trivia("/**/\u{feff}\n\u{feff}")).0, "");
        assert_eq!(ok(trivia("\u{feff}a")).0, "\u{feff}a");
        assert_eq!(ok(trivia("\u{feff}é")).0, "\u{feff}é");
    }

    #[test]
    fn names_take_letters_digits_and_any_non_ascii() {
        assert_eq!(ok(name("a1_b c")), (" c", "a1_b"));
        assert_eq!(ok(name("été--x")), ("--x", "été"));
        assert_eq!(ok(name("_")), ("", "_"));
        assert!(name("1a").is_err());
        assert!(name("-a").is_err());
    }

    #[test]
    fn keywords_in_any_case_and_only_whole() {
        assert_eq!(ok(keyword("SubGraph {")), (" {", "subgraph"));
        assert_eq!(ok(keyword("DiGraph")).1, "digraph");
        assert!(keyword("subgraphX").is_err());
        assert!(keyword("nodes").is_err());
    }

    #[test]
    fn numerals_as_graphviz_reads_them() {
        for (text, want) in [
            ("7", "7"),
            ("07", "07"),
            ("-1.5", "-1.5"),
            (".5", ".5"),
            ("1.", "1."),
            ("-.5x", "-.5"),
            ("1a", "1"),
            ("1.2.3", "1.2"),
        ] {
            assert_eq!(ok(numeral(text)).1, want, "{text}");
        }
        for text in ["-", "-a", ".", "-.", "a"] {
            assert!(numeral(text).is_err(), "{text}");
        }
    }

    #[test]
    fn quoted_strings_and_their_escapes() {
        assert_eq!(ok(quoted(r#""a b" x"#)), (" x", Text::Plain("a b")));
        assert_eq!(ok(quoted(r#""a\"b""#)).1.read(), "a\"b");
        assert_eq!(ok(quoted(r#""c\\""#)).1.read(), r"c\\");
        assert_eq!(
            ok(quoted("\"long\\\nline\\\r\nend\"")).1.read(),
            "longlineend"
        );
        assert_eq!(ok(quoted(r#""x\ny\lé\é""#)).1.read(), r"x\ny\lé\é");
        assert_eq!(ok(quoted("\"two\nlines\"")).1.read(), "two\nlines");
        assert_eq!(failed_at(quoted("\"open")), "\"open");
        assert_eq!(failed_at(quoted("\"open\\\"")), "\"open\\\"");
        assert_eq!(
            failed_at(quoted("\"ends in a backslash\\")),
            "\"ends in a backslash\\"
        );
    }

    #[test]
    fn html_strings_nest() {
        assert_eq!(ok(html("<<b>x</b>> y")), (" y", "<b>x</b>"));
        assert_eq!(ok(html("<a<b<c>>d> e")).1, "a<b<c>>d");
        assert_eq!(ok(html("<>")).1, "");
        assert_eq!(failed_at(html("<<b>")), "<<b>");
    }

    #[test]
    fn strings_join_with_plus() {
        let (rest, s) = ok(string(r#""a" + "b"+ /* c */ "c" d"#));
        assert_eq!(
            (rest, &*s.text(), s.raw),
            (" d", "abc", r#""a" + "b"+ /* c */ "c""#)
        );
        assert!(!s.html);
        let (_, s) = ok(string("<<b>x</b>>"));
        assert!(s.html);
        let (_, s) = ok(string("<x> + \"y\""));
        assert_eq!((&*s.text(), s.html), ("xy", false));
        // A `+` not followed by a string is not part of it.
        let (rest, s) = ok(string("\"a\" + b"));
        assert_eq!((rest, &*s.text()), (" + b", "a"));
        assert_eq!(failed_at(string("\"a\" + \"open")), "\"open");
    }

    /// 400,000 pieces took 28 s, each `+` copying the whole string so far: now each
    /// piece is copied once, so joining `n` pieces copies as many bytes as the string
    /// holds, and reads every piece (a large input, read in a debug build).
    #[test]
    fn joining_copies_each_piece_once() {
        let n = 100_000;
        let text = format!("{} x", vec!["\"ab\""; n].join(" + "));
        let before = COPIED.with(|copied| copied.get());
        let (rest, s) = ok(string(&text));
        let copied = COPIED.with(|copied| copied.get()) - before;
        assert_eq!(rest, " x");
        assert_eq!(s.text(), "ab".repeat(n));
        assert_eq!(copied, 2 * (n - 1));
    }

    #[test]
    fn ids_are_names_numerals_and_strings_but_no_keywords() {
        assert_eq!(ok(id("a1 x")).1.text(), "a1");
        assert_eq!(ok(id("-1.5")).1.text(), "-1.5");
        assert_eq!(ok(id("\"node\"")).1.text(), "node");
        assert!(id("node").is_err());
        assert!(id("Graph").is_err());
        assert!(id(";").is_err());
        assert!(ok(id("1a")).1.glued);
        assert!(ok(id("1.2.3")).1.glued);
        assert!(!ok(id("1 a")).1.glued);
        assert!(!ok(id("1.")).1.glued);
    }

    #[test]
    fn edge_operators() {
        assert_eq!(ok(edge_op("--b")), ("b", false));
        assert_eq!(ok(edge_op("->-1")), ("-1", true));
        assert!(edge_op("-1").is_err());
        assert!(edge_op("-").is_err());
    }

    #[test]
    fn token_lengths_for_messages() {
        assert_eq!(token_len("abc def"), 3);
        assert_eq!(token_len("node x"), 4);
        assert_eq!(token_len("\"a b\" c"), 5);
        assert_eq!(token_len("-- x"), 2);
        assert_eq!(token_len("é"), 2);
        assert_eq!(token_len(")"), 1);
        assert_eq!(token_len(""), 0);
    }
}
