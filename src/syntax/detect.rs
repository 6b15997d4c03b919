//! Recognising a format from the first bytes of an input: standard input has no
//! extension to tell its format, and a file that fails to parse may be another format
//! than the one it was read as.
//!
//! [`detect`] answers only where the formats cannot be confused, and says nothing
//! otherwise. After a UTF-8 byte order mark, white space and comments, the first token
//! decides:
//!
//! | first token | format | why no other format starts so |
//! |---|---|---|
//! | `{` | json | no other format has braces there (JSON has no comments) |
//! | `graph`, `digraph` or `strict`, any case, not followed by `:` or `-` | dot | hb's `graph` is a keyword only with a colon, a vertex only before a dash |
//! | `graph:`, `ground:`, `blue:`, `red:`, `green:` | hb | only hb has these keywords |
//! | a vertex (integer or identifier) followed by `-` | hb | the first edge of a chain `a-b`; no other format has a dash |
//! | an integer followed by white space or the end, with no comment before it | christmas | the number of trees; christmas has no comments |
//! | a line of `e`, `l`, `r`, `(`, `;`, `)`, `+`, `.`, labels `:A` and `:{name}` | cgsuite | hb needs a dash or a colon after a word, dot a keyword |
//!
//! Comments are `#` to the end of a line (hb, cgsuite and DOT's preprocessor lines), and
//! `//` to the end of a line and `/* ... */` (DOT only: after them only DOT is
//! recognised).

use super::Format;
use super::lex::bom_len;

/// The format `text` is written in, judged by its first token, or `None` when that does
/// not tell (empty, only comments, or something no format starts with). See the module
/// documentation for the rule.
///
/// ```
/// use hackenbush::syntax::{Format, detect::detect};
///
/// assert_eq!(detect(b"{\"graphs\": []}"), Some(Format::Json));
/// assert_eq!(detect(b"/* drawn */ graph { g -- a }"), Some(Format::Dot));
/// assert_eq!(detect(b"# a stalk\nground: g\ng-a-b"), Some(Format::Hb));
/// assert_eq!(detect(b"1\n2 1\n1 2\n"), Some(Format::Christmas));
/// assert_eq!(detect(b"eee + e(e;e)"), Some(Format::Cgsuite));
/// assert_eq!(detect(b"hello"), None);
/// ```
pub fn detect(text: &[u8]) -> Option<Format> {
    let (start, comments) = skip_comments(text, bom_len(text));
    let rest = &text[start..];
    let first = *rest.first()?;
    if first == b'{' {
        return (comments == Comments::None).then_some(Format::Json);
    }
    let word = if first.is_ascii_digit() {
        rest.iter().take_while(|b| b.is_ascii_digit()).count()
    } else if first.is_ascii_alphabetic() || first == b'_' {
        rest.iter()
            .take_while(|&&b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'\'' | b'.'))
            .count()
    } else {
        0
    };
    let after = rest[word..]
        .iter()
        .position(|&b| b != b' ' && b != b'\t')
        .map(|i| rest[word + i]);
    let format = if word == 0 {
        cgsuite_line(rest).then_some(Format::Cgsuite)
    } else if first.is_ascii_digit() {
        match after {
            Some(b'-') => Some(Format::Hb),
            _ if comments == Comments::None
                && rest.get(word).is_none_or(|b| b.is_ascii_whitespace()) =>
            {
                Some(Format::Christmas)
            }
            _ => None,
        }
    } else {
        let token = &rest[..word];
        let dot_keyword = [&b"graph"[..], b"digraph", b"strict"]
            .iter()
            .any(|k| token.eq_ignore_ascii_case(k));
        let hb_keyword = [&b"graph"[..], b"ground", b"blue", b"red", b"green"].contains(&token);
        match after {
            Some(b':') if hb_keyword => Some(Format::Hb),
            Some(b'-') => Some(Format::Hb),
            Some(b':') => cgsuite_line(rest).then_some(Format::Cgsuite),
            _ if dot_keyword => Some(Format::Dot),
            _ => cgsuite_line(rest).then_some(Format::Cgsuite),
        }
    };
    match (format, comments) {
        (Some(Format::Dot), _) | (_, Comments::None | Comments::Hash) => format,
        (_, Comments::DotOnly) => None,
    }
}

/// The comments seen before the first token.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Comments {
    None,
    /// `#` lines only: hb, cgsuite or DOT.
    Hash,
    /// `//` or `/* */`: DOT only.
    DotOnly,
}

/// Skips white space and comments from `at`: where the first token starts, and which
/// comments came before it.
fn skip_comments(text: &[u8], mut at: usize) -> (usize, Comments) {
    let mut comments = Comments::None;
    loop {
        while text.get(at).is_some_and(u8::is_ascii_whitespace) {
            at += 1;
        }
        let rest = &text[at..];
        let skipped = if rest.starts_with(b"#") || rest.starts_with(b"//") {
            if rest[0] == b'/' {
                comments = Comments::DotOnly;
            } else if comments == Comments::None {
                comments = Comments::Hash;
            }
            memchr::memchr(b'\n', rest).unwrap_or(rest.len())
        } else if rest.starts_with(b"/*") {
            comments = Comments::DotOnly;
            match memchr::memmem::find(&rest[2..], b"*/") {
                Some(end) => end + 4,
                None => rest.len(),
            }
        } else {
            return (at, comments);
        };
        at += skipped;
    }
}

/// Whether the line that starts `text` is made of cgsuite's edges, groups and labels
/// only (up to a comment), with at least one edge or vertex mark.
fn cgsuite_line(text: &[u8]) -> bool {
    let mut marks = 0;
    let mut i = 0;
    while let Some(&b) = text.get(i) {
        match b {
            b'\n' | b'\r' | b'#' => break,
            b'e' | b'l' | b'r' | b'.' => marks += 1,
            b'(' | b')' | b';' | b'+' | b' ' | b'\t' => {}
            b':' => match text.get(i + 1) {
                Some(c) if c.is_ascii_alphanumeric() => i += 1,
                Some(b'{') => match memchr::memchr2(b'}', b'\n', &text[i + 2..]) {
                    Some(end) if text[i + 2 + end] == b'}' => i += end + 2,
                    _ => return false,
                },
                _ => return false,
            },
            _ => return false,
        }
        i += 1;
    }
    marks > 0
}

#[cfg(test)]
mod tests {
    use super::*;

    fn detected(text: &str) -> Option<Format> {
        detect(text.as_bytes())
    }

    #[test]
    fn json_is_a_brace_after_a_bom_and_white_space() {
        assert_eq!(detected("{}"), Some(Format::Json));
        assert_eq!(
            detected("\u{feff} \r\n\t{\"graphs\":[]}"),
            Some(Format::Json)
        );
        assert_eq!(detected("# no comments in JSON\n{}"), None);
        assert_eq!(detected("[1]"), None);
    }

    #[test]
    fn dot_is_its_keyword_in_any_case_after_any_comment() {
        for text in [
            "graph { g -- a }",
            "digraph{}",
            "strict graph x {}",
            "GRAPH \"p\" {",
            "Strict\nDiGraph",
            "// drawn by hand\ngraph {}",
            "/* a\n multi-line comment */ graph {}",
            "# a preprocessor line\ngraph {}",
            "graph",
        ] {
            assert_eq!(detected(text), Some(Format::Dot), "{text:?}");
        }
    }

    #[test]
    fn hb_is_a_keyword_with_a_colon_or_a_chain() {
        for text in [
            "graph: bowtie\nground: g\ng-a",
            "graph :",
            "ground: g\ng-a",
            "# comment\n\nblue: g-a",
            "red : g-a",
            "green:",
            "g-a-b",
            "0 - 1",
            "a'.x -b",
            "graph-a",
        ] {
            assert_eq!(detected(text), Some(Format::Hb), "{text:?}");
        }
        // A DOT comment rules out hb.
        assert_eq!(detected("// x\nground: g"), None);
        // Keywords are lowercase in hb, and `Graph:` is not DOT.
        assert_eq!(detected("Graph: x"), None);
    }

    #[test]
    fn christmas_is_a_leading_integer() {
        for text in ["3\n", "1 2 1 1 2", "  007\r\n", "0"] {
            assert_eq!(detected(text), Some(Format::Christmas), "{text:?}");
        }
        assert_eq!(detected("3x"), None);
        assert_eq!(detected("-3"), None);
        // Christmas has no comments: an integer after one is nothing known.
        assert_eq!(detected("# judge data\n3\n"), None);
    }

    #[test]
    fn cgsuite_is_a_line_of_its_letters() {
        for text in [
            "eee",
            "e(ee;e)",
            "lrl + e",
            "# a tree\ne(e;e)",
            ".",
            ":{root}eee:{root}",
            "e:A e:A",
            "(e;e)",
            "eee # *3",
        ] {
            assert_eq!(detected(text), Some(Format::Cgsuite), "{text:?}");
        }
        for text in ["eex", "e:{open", "()", "e:", "// x\neee", "hello"] {
            assert_eq!(detected(text), None, "{text:?}");
        }
    }

    #[test]
    fn nothing_tells_nothing() {
        for text in [
            "",
            " \n\t",
            "# only a comment",
            "/* unclosed",
            "\u{feff}",
            "?",
        ] {
            assert_eq!(detected(text), None, "{text:?}");
        }
    }
}
