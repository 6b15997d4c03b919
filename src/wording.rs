//! How the library words text for people: input text escaped so that it shows rather than
//! acts on a terminal ([`printable`]), the plural after a count ([`plural`]), and why an
//! input or output failed ([`io_reason`]). On the
//! ground floor, under the diagnostics, the readers and the reports that all use them.

use std::borrow::Cow;

/// Text from an input (a graph or vertex name, a file name) as it may be shown on a
/// terminal or in a picture: characters that would act instead of showing are written as
/// Rust escapes, the way error messages quote a token (`\n`, `\t`, `\u{1b}`,
/// `\u{202e}`); every other character, of any script (`é`, `字`), stays as it is, and so
/// does the backslash, so that escaping twice changes nothing.
///
/// Escaped: control characters (C0, DEL and C1: line breaks, the escape that starts a
/// terminal command, bells), the line and paragraph separators, and the bidirectional
/// overrides and isolates that reorder a line as it is shown (the ones rustc refuses in
/// source, after CVE-2021-42574). Without this, a name could print a fake verdict line,
/// retitle or clear the terminal, or show its text in another order.
///
/// ```
/// use hackenbush::wording::printable;
///
/// assert_eq!(printable("x\n  nim-sum *0\u{1b}[8m"), "x\\n  nim-sum *0\\u{1b}[8m");
/// assert_eq!(printable("étoile 字"), "étoile 字");
/// ```
pub fn printable(text: &str) -> Cow<'_, str> {
    if !text.chars().any(acts) {
        return Cow::Borrowed(text);
    }
    let mut shown = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if acts(c) {
            shown.extend(c.escape_debug());
        } else {
            shown.push(c);
        }
    }
    Cow::Owned(shown)
}

/// Whether `c` acts on a terminal or on the order of a line rather than showing (see
/// [`printable`]; DOT labels escape the same characters).
pub(crate) fn acts(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            '\u{2028}' | '\u{2029}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}'
        )
}

/// The `s` of a plural after a count of `n`: "1 edge", "2 edges".
///
/// ```
/// use hackenbush::wording::plural;
///
/// assert_eq!(format!("{} edge{}", 2, plural(2)), "2 edges");
/// ```
pub fn plural<N: PartialEq + From<u8>>(n: N) -> &'static str {
    if n == N::from(1) { "" } else { "s" }
}

/// An I/O error's reason as messages give it: lowercase, without Rust's "(os error N)".
///
/// ```
/// use std::io::{Error, ErrorKind};
/// use hackenbush::wording::io_reason;
///
/// assert_eq!(io_reason(&Error::from(ErrorKind::NotFound)), "no such file");
/// assert_eq!(io_reason(&Error::other("Disk on fire")), "disk on fire");
/// ```
pub fn io_reason(e: &std::io::Error) -> String {
    use std::io::ErrorKind;
    match e.kind() {
        ErrorKind::NotFound => "no such file".into(),
        ErrorKind::PermissionDenied => "permission denied".into(),
        ErrorKind::IsADirectory => "it is a directory".into(),
        _ => {
            let text = e.to_string();
            let text = text.split(" (os error").next().unwrap_or(&text).to_string();
            let mut chars = text.chars();
            match chars.next() {
                Some(c) => c.to_lowercase().chain(chars).collect(),
                None => text,
            }
        }
    }
}
