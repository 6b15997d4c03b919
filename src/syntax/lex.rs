//! Tokens shared by the formats: whitespace and decimal integers, as `nom` parsers over
//! bytes, plus the offset arithmetic that turns the rest of an input into a [`Span`].

use nom::bytes::complete::take_while;
use nom::{IResult, Parser};

use crate::source::Span;

/// Whitespace of any kind: space, tab, line feed, carriage return, vertical tab, form feed.
#[inline]
pub(crate) fn is_space(b: u8) -> bool {
    // Tab, line feed, vertical tab, form feed and carriage return are 9..=13.
    b == b' ' || b.wrapping_sub(b'\t') <= b'\r' - b'\t'
}

/// `space = { " " | "\t" | "\n" | "\r" | "\v" | "\f" }`
pub(crate) fn space(input: &[u8]) -> IResult<&[u8], &[u8]> {
    take_while(is_space).parse(input)
}

/// `integer = digit, { digit }`. The value is `None` when it does not fit 64 bits
/// ("number too large"); the digits are returned too, for the span.
///
/// A nom parser written by hand: this is the innermost loop of reading judge data (two
/// numbers per edge), so it accumulates the value while it scans, and checks for
/// overflow only past 19 digits.
pub(crate) fn integer(input: &[u8]) -> IResult<&[u8], (Option<u64>, &[u8])> {
    let mut value: u64 = 0;
    let mut len = 0;
    while let Some(&b) = input.get(len) {
        let d = b.wrapping_sub(b'0');
        if d > 9 {
            break;
        }
        value = value.wrapping_mul(10).wrapping_add(u64::from(d));
        len += 1;
    }
    if len == 0 {
        return Err(nom::Err::Error(nom::error::Error::new(
            input,
            nom::error::ErrorKind::Digit,
        )));
    }
    let digits = &input[..len];
    let value = if len <= 19 {
        Some(value)
    } else {
        digits_value(digits)
    };
    Ok((&input[len..], (value, digits)))
}

/// The value of a run of ASCII digits, `None` on overflow.
pub(crate) fn digits_value(digits: &[u8]) -> Option<u64> {
    digits.iter().try_fold(0u64, |acc, &d| {
        acc.checked_mul(10)?.checked_add(u64::from(d - b'0'))
    })
}

/// Offset of `rest` within `whole`, where `rest` is a suffix of `whole`.
pub(crate) fn offset(whole: &[u8], rest: &[u8]) -> usize {
    whole.len() - rest.len()
}

/// The span of `part`, a sub-slice of `whole`.
pub(crate) fn span_of(whole: &[u8], part: &[u8]) -> Span {
    let start = part.as_ptr() as usize - whole.as_ptr() as usize;
    Span::new(start, start + part.len())
}

/// A short, printable description of what starts `rest`, for "found ..." messages:
/// `end of input`, `end of line`, or the offending token in backquotes.
pub(crate) fn found(rest: &[u8]) -> String {
    match rest.first() {
        None => "end of input".to_string(),
        Some(b'\n' | b'\r') => "end of line".to_string(),
        Some(_) => {
            let token: Vec<u8> = rest
                .iter()
                .copied()
                .take_while(|&b| !is_space(b))
                .take(24)
                .collect();
            let text = String::from_utf8_lossy(&token);
            let text: String = text.chars().take(16).collect();
            format!("`{}`", text.escape_debug())
        }
    }
}

/// The span of the token `found` describes: up to the next whitespace, at least one byte
/// unless at end of input, at most one line.
pub(crate) fn token_span(whole: &[u8], rest: &[u8]) -> Span {
    let start = offset(whole, rest);
    let len = rest.iter().take_while(|&&b| !is_space(b)).count();
    Span::new(
        start,
        start + len.max(usize::from(!rest.is_empty() && len == 0)),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integers() {
        assert_eq!(
            integer(b"123 x").unwrap(),
            (&b" x"[..], (Some(123), &b"123"[..]))
        );
        assert_eq!(
            integer(b"18446744073709551615").unwrap().1.0,
            Some(u64::MAX)
        );
        assert_eq!(integer(b"18446744073709551616").unwrap().1.0, None);
        assert!(integer(b"x").is_err());
    }

    #[test]
    fn found_describes_tokens() {
        assert_eq!(found(b""), "end of input");
        assert_eq!(found(b"\r\n"), "end of line");
        assert_eq!(found(b"abc def"), "`abc`");
    }
}
