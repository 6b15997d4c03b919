//! Tokens shared by the formats: whitespace and decimal integers, as `nom` parsers over
//! bytes, plus the offset arithmetic that turns the rest of an input into a [`Span`].

use nom::IResult;

use crate::diagnostic::Diagnostic;
use crate::source::Span;

/// Whitespace of any kind: space, tab, line feed, carriage return, vertical tab, form feed.
#[inline]
pub(crate) fn is_space(b: u8) -> bool {
    // Tab, line feed, vertical tab, form feed and carriage return are 9..=13.
    b == b' ' || b.wrapping_sub(b'\t') <= b'\r' - b'\t'
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

/// The leading decimal digits of `bytes` read eight at a time (SWAR: one 64-bit word
/// holds eight characters). Returns the value and how many digits there were (0 to 8;
/// 8 means there may be more), or `None` when fewer than 8 bytes are left.
///
/// Each byte minus `'0'` is a digit exactly when it is at most 9; the first byte that is
/// not marks the end (a borrow or carry from it can only spoil the bytes after it, which
/// are discarded). Shifting the digits to the top of the word turns the discarded bytes
/// into leading zeros, and three multiply-adds combine 8 digits into the value.
#[inline(always)]
pub(crate) fn digits8(bytes: &[u8]) -> Option<(u64, usize)> {
    const ONES: u64 = 0x0101_0101_0101_0101;
    let word = u64::from_le_bytes(bytes.get(..8)?.try_into().ok()?);
    let sub = word.wrapping_sub(ONES * u64::from(b'0'));
    let not_digit = (sub | sub.wrapping_add(ONES * 0x76)) & (ONES * 0x80);
    let len = (not_digit.trailing_zeros() / 8) as usize;
    if len == 0 {
        return Some((0, 0));
    }
    let mut v = sub << (8 * (8 - len));
    v = (v.wrapping_mul(10) + (v >> 8)) & 0x00ff_00ff_00ff_00ff;
    v = (v.wrapping_mul(100) + (v >> 16)) & 0x0000_ffff_0000_ffff;
    v = (v.wrapping_mul(10_000) + (v >> 32)) & 0xffff_ffff;
    Some((v, len))
}

/// The number that starts `bytes` after blanks, in the common case a token scanner takes
/// quickly: at most 19 digits (no overflow) followed by a blank. Its value and where its
/// digits start and end in `bytes`; `None` for anything else (no digit, a longer number,
/// another byte after it), which the scanner reads the slow way. The end of `bytes` right
/// after the digits counts as a blank: a feed shows its bytes up to a blank or up to the
/// end of the input (see [`Window`](super::window::Window)), so a number there is whole.
#[inline(always)]
pub(crate) fn quick_number(bytes: &[u8]) -> Option<(u64, usize, usize)> {
    let start = bytes.iter().position(|&b| !is_space(b))?;
    let (value, len) = match digits8(&bytes[start..]) {
        Some((value, len)) if len < 8 => (value, len),
        _ => {
            // Eight digits or more, or near the end of the input: one at a time.
            let mut value: u64 = 0;
            let mut len = 0;
            for &b in &bytes[start..] {
                let d = b.wrapping_sub(b'0');
                if d > 9 {
                    break;
                }
                value = value.wrapping_mul(10).wrapping_add(u64::from(d));
                len += 1;
            }
            (value, len)
        }
    };
    let end = start + len;
    if len == 0 || len > 19 || bytes.get(end).is_some_and(|&b| !is_space(b)) {
        return None;
    }
    Some((value, start, end))
}

/// The number written after the blanks at `pos` of `bytes`, and where it ends, in the
/// case a reader takes in one step: at most 8 blanks, a `-` when `signed`, 1 to 7
/// digits, then a blank, with 16 bytes to spare after the blanks (so that [`digits8`]
/// reads a whole word). `None` for anything else, which the caller reads the general way
/// (or reports). The innermost step of the judge readers' quick paths, a number of a
/// christmas edge or of a problem's row.
#[inline(always)]
pub(crate) fn short_number(bytes: &[u8], mut pos: usize, signed: bool) -> Option<(i64, usize)> {
    let mut blanks = 0;
    while is_space(*bytes.get(pos)?) {
        pos += 1;
        blanks += 1;
        if blanks > 8 {
            return None;
        }
    }
    let negative = signed && bytes[pos] == b'-';
    let digits = pos + usize::from(negative);
    let (x, len) = digits8(bytes.get(digits..pos + 16)?)?;
    let end = digits + len;
    if len == 0 || len > 7 || !is_space(bytes[end]) {
        return None;
    }
    Some((if negative { -(x as i64) } else { x as i64 }, end))
}

/// The value of a run of ASCII digits, `None` on overflow.
pub(crate) fn digits_value(digits: &[u8]) -> Option<u64> {
    let value = |acc: u64, &d: &u8| acc * 10 + u64::from(d - b'0');
    // Nineteen digits never overflow (10^19 - 1 < 2^64): summed without checks, which on
    // wasm32 are a 128-bit multiplication by a library call each.
    if digits.len() <= 19 {
        return Some(digits.iter().fold(0, value));
    }
    digits.iter().try_fold(0u64, |acc, &d| {
        acc.checked_mul(10)?.checked_add(u64::from(d - b'0'))
    })
}

/// The vertex number the ASCII digits `digits` (written at `span`) stand for; beyond
/// `u64::MAX`, "number too large".
pub(crate) fn vertex_number(digits: &[u8], span: Span) -> Result<u64, Diagnostic> {
    digits_value(digits).ok_or_else(|| {
        Diagnostic::new(
            span,
            "number too large",
            format!("vertex numbers are at most {}", u64::MAX),
        )
    })
}

/// The number `text` writes in canonical decimal (`7`, not `07`, `+7` or `7.0`), if it
/// fits a `u64`: the text by which a named vertex and a numbered one are the same.
pub(crate) fn canonical_number(text: &[u8]) -> Option<u64> {
    let canonical = !text.is_empty()
        && text.iter().all(u8::is_ascii_digit)
        && (text[0] != b'0' || text.len() == 1);
    canonical.then(|| digits_value(text)).flatten()
}

/// The UTF-8 byte order mark some editors write at the start of a file.
pub(crate) const BOM: &[u8] = b"\xef\xbb\xbf";

/// `bytes`, which start at offset `base` of a `what` (`an hb file`), as text; invalid UTF-8
/// is an error spanning the bad sequence (to the end, when the bytes stop inside one).
pub(crate) fn utf8<'a>(bytes: &'a [u8], base: usize, what: &str) -> Result<&'a str, Diagnostic> {
    std::str::from_utf8(bytes).map_err(|e| {
        let bad = e.valid_up_to();
        let len = e.error_len().unwrap_or(bytes.len() - bad);
        Diagnostic::new(
            Span::new(base + bad, base + bad + len),
            format!("invalid UTF-8 in {what}"),
            "expected UTF-8 text",
        )
    })
}

/// The character `bytes` start with: `Some(Some(c))`; `Some(None)` when their first byte
/// begins no UTF-8 character; `None` when they are empty or the character is cut short
/// by their end.
pub(crate) fn first_char(bytes: &[u8]) -> Option<Option<char>> {
    let head = &bytes[..bytes.len().min(4)];
    let valid = match std::str::from_utf8(head) {
        Ok(text) => text,
        Err(e) if e.valid_up_to() > 0 => std::str::from_utf8(&head[..e.valid_up_to()]).ok()?,
        Err(e) => return e.error_len().map(|_| None),
    };
    valid.chars().next().map(Some)
}

/// How many bytes a byte order mark takes at the start of `input` (3 or 0): every format
/// skips it.
pub(crate) fn bom_len(input: &[u8]) -> usize {
    if input.starts_with(BOM) { BOM.len() } else { 0 }
}

/// Offset of `rest` within `whole`, where `rest` is a suffix of `whole`.
pub(crate) fn offset(whole: &[u8], rest: &[u8]) -> usize {
    whole.len() - rest.len()
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
    fn eight_digits_at_a_time() {
        assert_eq!(digits8(b"1234567 "), Some((1234567, 7)));
        assert_eq!(digits8(b"12345678"), Some((12345678, 8)));
        assert_eq!(digits8(b"0\n123456"), Some((0, 1)));
        assert_eq!(digits8(b"7\r\n99999"), Some((7, 1)));
        assert_eq!(digits8(b"x1234567"), Some((0, 0)));
        assert_eq!(digits8(b"00000042/"), Some((42, 8)));
        assert_eq!(digits8(b"1234"), None);
        // Every byte after one to seven digits, even ones that borrow or carry.
        for len in 1..8 {
            for next in 0..=255u8 {
                if next.is_ascii_digit() {
                    continue;
                }
                let mut bytes = b"98765432".to_vec();
                bytes[len] = next;
                for b in &mut bytes[len + 1..] {
                    *b = next;
                }
                let want: u64 = std::str::from_utf8(&b"98765432"[..len])
                    .unwrap()
                    .parse()
                    .unwrap();
                assert_eq!(
                    digits8(&bytes),
                    Some((want, len)),
                    "{len} digits, then {next}"
                );
            }
        }
    }

    #[test]
    fn short_numbers_are_whole_tokens_of_at_most_seven_digits() {
        let pad = |s: &str| format!("{s}{}", " ".repeat(16));
        let read = |s: &str, signed| short_number(pad(s).as_bytes(), 0, signed);
        assert_eq!(read(" 1234567 ", false), Some((1234567, 8)));
        assert_eq!(read("\t\r\n0042\n", false), Some((42, 7)));
        assert_eq!(read("-1 ", true), Some((-1, 2)));
        assert_eq!(read("-1 ", false), None);
        for refused in ["12345678 ", "1x ", "x ", "- 1", "--1", "         1"] {
            assert_eq!(read(refused, true), None, "{refused:?}");
        }
        // Too near the end of what shows: the caller reads on the general way.
        assert_eq!(short_number(b"7 ", 0, false), None);
    }

    #[test]
    fn found_describes_tokens() {
        assert_eq!(found(b""), "end of input");
        assert_eq!(found(b"\r\n"), "end of line");
        assert_eq!(found(b"abc def"), "`abc`");
    }
}
