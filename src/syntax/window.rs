//! Reading an input of whitespace-separated tokens through a small window, for inputs too
//! large to hold (judge data of many megabytes, or a pipe that never ends).
//!
//! A [`Feed`] is what a parser reads from: either a whole input in memory (`&[u8]`) or a
//! [`Window`] over a reader. A window shows only complete tokens: it ends just after a
//! whitespace byte (or at the end of the input), and the bytes of a token cut by the last
//! read wait, unseen, for the next one. When the parser has used up what the window shows,
//! it asks for more ([`Feed::more`]); the window drops the bytes before the parser's
//! position, keeping a little context for messages: up to [`CONTEXT`] bytes of the line
//! being read and of the line of the last token (and the blanks since that token, up to
//! [`MAX_BLANKS`]). Offsets into the window move left by the
//! amount `more` returns.
//!
//! A window that can open its input again at an offset (a file: [`Window::with_reopen`])
//! can be split ([`Feed::split`]): a second window starts at a line far into the input,
//! counting lines from there, so that a parser can read the far part on another core and
//! then read on from that window ([`Feed::take_over`]) as if it had read the bytes
//! between itself.
//!
//! An error found in a window is shown with [`Window::excerpt`]: a [`Source`] of what the
//! window holds (topped up to the end of the erring line, within limits) that knows the
//! line and column it starts at, so a message reads the same as with the whole input.
//!
//! A window never waits for a token longer than [`MAX_TOKEN`] bytes: no such token is
//! valid (the christmas parser refuses a number of more digits, leading zeros included),
//! and an endless one (`yes 1 | tr -d '\n'`) would otherwise grow the window until memory
//! runs out. It shows the token's first `MAX_TOKEN + 1` bytes as if they were complete,
//! so that the parser reports them with the usual located message ("number too large"),
//! and reads no further. Memory stays within [`CHUNK`] and [`MAX_TOKEN`] plus the context
//! kept, whatever the input.

use std::io::{self, Read};

use crate::source::{MAX_SOURCE_LEN, Origin, Source};

use super::lex::is_space;

/// Bytes read at a time: a few pages, as a tuned C reader would use.
pub const CHUNK: usize = 1 << 15;

/// Bytes of context kept before the parser's position and after an error: more than a
/// message ever shows of a cut line.
pub const CONTEXT: usize = 256;

/// Most blank bytes kept between the last token and the parser's position. Beyond that a
/// window no longer shows the last token, and a message about the end of the input points
/// at the end itself.
pub const MAX_BLANKS: usize = 1 << 20;

/// Longest token a window waits for, and so the most digits a christmas number may have
/// (leading zeros included; a 64-bit value has at most 20 significant ones). The window
/// stops reading at a longer run of bytes without a blank (see the module
/// documentation), which the parser then refuses.
pub const MAX_TOKEN: usize = 256;

/// What a parser reads from (on either core).
pub trait Feed: Send {
    /// The bytes available now; offsets into them stay valid until [`Feed::more`].
    fn bytes(&self) -> &[u8];

    /// The parser has used `bytes()[..consumed]` (and everything it shows after that is
    /// whitespace): make more input visible. Returns by how much every offset moves left
    /// (the parser's position becomes `consumed - shift`), or `None` at the end of input.
    fn more(&mut self, consumed: usize) -> Option<usize>;

    /// [`Feed::more`] inside a word read one letter at a time (Kattis's colour word of
    /// 10^5 letters, longer than any token a window waits for): shows every byte read,
    /// a word cut by a read included, reading on only when none is pending.
    fn more_letters(&mut self, consumed: usize) -> Option<usize> {
        self.more(consumed)
    }

    /// Bytes of input known to be left from offset `at` on (a lower bound), for capacity
    /// hints that must not trust a count the input claims.
    fn bytes_left(&self, at: usize) -> usize;

    /// Keeps every byte from offset `at` on (and the context before it) until the next
    /// call: [`Feed::more`] then moves no offset. Drops what is before that now, and
    /// returns by how much every offset moves left (as `more` does).
    fn hold(&mut self, at: usize) -> usize;

    /// A second feed over the same input, for reading its far part on another core. It
    /// starts at the first line after input offset `at` that starts with a digit and
    /// follows one (so a token ends just before it and another starts on it), counting
    /// lines from there; its [`Feed::offset`] says where that is. `None` when the input
    /// cannot be opened twice, or no such line shows within a few KiB.
    fn split(&self, _at: u64) -> Option<Self>
    where
        Self: Sized,
    {
        None
    }

    /// Whether reading on from offset `at` would wait for input that has not come yet:
    /// everything read from `at` on is blank, and the input is a stream (a pipe, a
    /// terminal) that has not ended. A program that writes one test case and waits for
    /// its answer gets it only if the reader answers what it has before it waits.
    fn waits(&self, _at: usize) -> bool {
        false
    }

    /// Where `bytes()[0]` is in the input.
    fn offset(&self) -> u64 {
        0
    }

    /// The lines and columns of the input before `bytes()[0]`.
    fn origin(&self) -> Origin {
        Origin::default()
    }

    /// Appends to `out` the line around offset `at` as far as a message about `at` shows
    /// it: from the line's start, or [`CONTEXT`] bytes before `at` on a long line, to its
    /// end, or [`CONTEXT`] bytes after `at`; returns the offset of the first byte
    /// appended. A window reads on (as [`Window::excerpt`] does) when the line goes on
    /// past what it holds; no offset moves.
    fn line_around(&mut self, at: usize, out: &mut Vec<u8>) -> usize {
        line_around(self.bytes(), at, out)
    }

    /// Reads on from `far` (a [`Feed::split`] of this feed) instead, `far` having started
    /// at offset `at` of what this feed shows: it counts its lines on from there.
    fn take_over(&mut self, far: Self, _at: usize)
    where
        Self: Sized,
    {
        *self = far;
    }
}

impl Feed for &[u8] {
    #[inline(always)]
    fn bytes(&self) -> &[u8] {
        self
    }

    fn more(&mut self, _consumed: usize) -> Option<usize> {
        None
    }

    fn bytes_left(&self, at: usize) -> usize {
        self.len().saturating_sub(at)
    }

    fn hold(&mut self, _at: usize) -> usize {
        0
    }
}

/// A window over `R`, read [`CHUNK`] bytes at a time (see the module documentation).
pub struct Window<R> {
    name: String,
    reader: R,
    buf: Vec<u8>,
    /// `buf[..limit]` holds complete tokens: it ends after whitespace or at the end.
    limit: usize,
    /// Nothing more will be read (end of input, or a read error).
    ended: bool,
    /// The read error that ended the input early, if any.
    error: Option<io::Error>,
    /// Where `buf[0]` is in the input.
    origin: Origin,
    /// The input's size, when known (a file).
    size: Option<u64>,
    /// Bytes dropped so far.
    dropped: u64,
    /// Nothing is dropped until the next [`Feed::hold`].
    holding: bool,
    chunk: usize,
    /// Opens the input again at a byte offset, for [`Feed::split`].
    reopen: Option<Reopen<R>>,
    /// `buf[..end]` holds the bytes read and not dropped; the rest of `buf`, zeroed when
    /// it grew, is room for the next read.
    end: usize,
}

/// How a [`Window`] opens its input again at a byte offset ([`Window::with_reopen`]).
pub type Reopen<R> = std::sync::Arc<dyn Fn(u64) -> io::Result<R> + Send + Sync>;

/// Bytes [`Feed::split`] looks through for the start of a line.
const SPLIT_PROBE: usize = 1 << 12;

impl<R: Read> Window<R> {
    /// A window over `reader`, named `name` in messages.
    pub fn new(name: impl Into<String>, reader: R) -> Self {
        Window::with_chunk(name, reader, CHUNK)
    }

    /// A window reading `chunk` bytes at a time (tests use tiny ones to cut every token
    /// boundary).
    pub fn with_chunk(name: impl Into<String>, reader: R, chunk: usize) -> Self {
        Window {
            name: name.into(),
            reader,
            buf: Vec::new(),
            limit: 0,
            ended: false,
            error: None,
            origin: Origin::default(),
            size: None,
            dropped: 0,
            holding: false,
            chunk: chunk.max(1),
            reopen: None,
            end: 0,
        }
    }

    /// Tells the window how to open its input again at a byte offset (a file can be), so
    /// that its far part can be read on another core ([`Feed::split`]).
    pub fn with_reopen(mut self, reopen: Reopen<R>) -> Self {
        self.reopen = Some(reopen);
        self
    }

    /// Tells the window the input's size when it is known (a file's length), for
    /// [`Feed::bytes_left`].
    pub fn with_size(mut self, size: Option<u64>) -> Self {
        self.size = size;
        self
    }

    /// The input's size, when known ([`Window::with_size`]).
    pub fn size(&self) -> Option<u64> {
        self.size
    }

    /// The read error that cut the input short, if one did. The parser saw it as the end
    /// of the input, so whatever it says about that end is secondary.
    pub fn error(&self) -> Option<&io::Error> {
        self.error.as_ref()
    }

    /// Stops reading at the token that starts at `self.limit` and is already longer
    /// than [`MAX_TOKEN`]: shows its first `MAX_TOKEN + 1` bytes and ends the input.
    fn stop_at_long_token(&mut self) {
        let start = self.limit;
        self.end = start + MAX_TOKEN + 1;
        self.limit = self.end;
        self.ended = true;
    }

    /// The bytes read and not dropped.
    fn held(&self) -> &[u8] {
        &self.buf[..self.end]
    }

    /// Bytes read so far, including those still in the window.
    pub fn bytes_read(&self) -> u64 {
        self.dropped + self.end as u64
    }

    /// The window as a [`Source`] for showing a message about it: offsets into
    /// [`Feed::bytes`] are offsets into the excerpt. Reads on to the end of the last line
    /// first (at most [`CONTEXT`] bytes more), so the erring line is shown as it is.
    pub fn excerpt(&mut self) -> Source {
        let shown = self.end;
        while !self.ended
            && self.end < shown + CONTEXT
            && !self.held()[self.limit..].contains(&b'\n')
        {
            let before = self.end;
            self.read_chunk(CONTEXT);
            if self.end == before {
                break;
            }
        }
        let text = self.held().to_vec();
        Source::excerpt(self.name.clone(), text, self.origin).unwrap_or_else(|error| {
            // Only a token of 4 GiB could get here; show the message without context.
            Source::short(self.name.clone(), error.to_string())
        })
    }

    /// Appends up to `want` bytes from the reader; at the end of input, or on an error
    /// (kept for [`Window::error`]), marks the window ended.
    fn read_chunk(&mut self, want: usize) {
        let before = self.end;
        if before >= MAX_SOURCE_LEN {
            self.end_with(io::Error::new(
                io::ErrorKind::InvalidData,
                "a token of 4 GiB or more",
            ));
            return;
        }
        // One read, not a loop until `want` bytes came: a pipe gives what its writer has
        // written so far, which may be a whole test case waiting for its answer. The
        // store only grows (zeroed once, when it does), so a read needs no zeroing.
        if self.buf.len() < before + want {
            self.buf.reserve_exact(before + want - self.buf.len());
            self.buf.resize(before + want, 0);
        }
        loop {
            match self.reader.read(&mut self.buf[before..before + want]) {
                Ok(0) => self.ended = true,
                Ok(n) => self.end = before + n.min(want),
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => self.end_with(e),
            }
            return;
        }
    }

    fn end_with(&mut self, error: io::Error) {
        self.error = Some(error);
        self.ended = true;
    }

    /// Where to cut: before it only bytes the parser is done with and messages do not
    /// need (see the module documentation).
    fn keep_from(&self, consumed: usize) -> usize {
        if self.holding {
            return 0;
        }
        let done = &self.buf[..consumed];
        let last_token_end = done
            .iter()
            .rposition(|&b| !is_space(b))
            .map_or(0, |i| i + 1);
        let mut from = context_start(done, last_token_end).min(context_start(done, consumed));
        // Blanks after the last token are kept (a message about the end of the input
        // points after that token), but not more than [`MAX_BLANKS`] of them.
        from = from.max(consumed.saturating_sub(MAX_BLANKS));
        // Cut before a character, not inside one (at most 3 continuation bytes back).
        for _ in 0..3 {
            if from > 0 && done.get(from).is_some_and(|&b| b & 0xc0 == 0x80) {
                from -= 1;
            }
        }
        from
    }

    /// Drops `buf[..n]`, keeping count of the lines and columns it held.
    fn drop_front(&mut self, n: usize) {
        self.origin.advance(&self.buf[..n]);
        self.dropped += n as u64;
        self.buf.copy_within(n..self.end, 0);
        self.end -= n;
        self.limit -= n;
    }
}

impl<R: Read + Send> Feed for Window<R> {
    #[inline(always)]
    fn bytes(&self) -> &[u8] {
        &self.buf[..self.limit]
    }

    #[cold]
    fn more(&mut self, consumed: usize) -> Option<usize> {
        // Whenever the input ends during a call, that call still returns the shift, so the
        // parser sees the last bytes; the next call says the input is over. Bytes read
        // ahead by `excerpt` and not shown yet are still to be shown.
        let pending = self.error.is_none() && self.limit < self.end;
        if self.ended && !pending {
            return None;
        }
        let shift = self.keep_from(consumed.min(self.limit));
        self.drop_front(shift);
        let seen = self.limit;
        // Read until a complete token shows beyond what the parser has seen (a token cut
        // by a read waits for the rest), or the input ends.
        while self.limit == seen {
            if let Some(i) = self.buf[self.limit..self.end]
                .iter()
                .rposition(|&b| is_space(b))
            {
                self.limit += i + 1;
            } else if self.end - self.limit > MAX_TOKEN {
                // `buf[limit..]` is one token so far, too long to wait for the rest.
                self.stop_at_long_token();
            } else if self.ended {
                // A read error hides the cut token; the true end shows it.
                if self.error.is_none() {
                    self.limit = self.end;
                }
                break;
            } else {
                self.read_chunk(self.chunk);
            }
        }
        Some(shift)
    }

    fn more_letters(&mut self, consumed: usize) -> Option<usize> {
        let pending = self.limit < self.end;
        if self.ended && !pending {
            return None;
        }
        let shift = self.keep_from(consumed.min(self.limit));
        self.drop_front(shift);
        if !pending {
            self.read_chunk(self.chunk);
        }
        self.limit = self.end;
        Some(shift)
    }

    fn waits(&self, at: usize) -> bool {
        !self.ended
            && self.size.is_none()
            && self
                .held()
                .get(at..)
                .is_some_and(|rest| rest.iter().all(|&b| is_space(b)))
    }

    fn hold(&mut self, at: usize) -> usize {
        self.holding = false;
        let shift = self.keep_from(at.min(self.limit));
        self.drop_front(shift);
        self.holding = true;
        shift
    }

    fn split(&self, at: u64) -> Option<Self> {
        let reopen = self.reopen.as_ref()?;
        let mut probe = Vec::new();
        reopen(at)
            .ok()?
            .take(SPLIT_PROBE as u64)
            .read_to_end(&mut probe)
            .ok()?;
        let digit = |i: usize| probe.get(i).is_some_and(u8::is_ascii_digit);
        let line = (1..probe.len()).find(|&i| probe[i] == b'\n' && digit(i - 1) && digit(i + 1))?;
        let start = at + line as u64 + 1;
        let mut far = Window::with_chunk(self.name.clone(), reopen(start).ok()?, self.chunk)
            .with_size(self.size);
        far.dropped = start;
        Some(far)
    }

    fn offset(&self) -> u64 {
        self.dropped
    }

    fn origin(&self) -> Origin {
        self.origin
    }

    fn line_around(&mut self, at: usize, out: &mut Vec<u8>) -> usize {
        while !self.ended && self.end <= at + CONTEXT && !self.held()[at..].contains(&b'\n') {
            let before = self.end;
            self.read_chunk(CONTEXT);
            if self.end == before {
                break;
            }
        }
        line_around(self.held(), at, out)
    }

    fn take_over(&mut self, mut far: Self, at: usize) {
        far.origin.lines += self.origin.lines + crate::source::line_breaks(&self.held()[..at]);
        far.reopen = self.reopen.take();
        *self = far;
    }

    fn bytes_left(&self, at: usize) -> usize {
        let unread = self
            .size
            .map_or(0, |size| size.saturating_sub(self.bytes_read()));
        let shown = self.end.saturating_sub(at) as u64;
        usize::try_from(shown + unread).unwrap_or(usize::MAX)
    }
}

/// [`Feed::line_around`] in `bytes`.
fn line_around(bytes: &[u8], at: usize, out: &mut Vec<u8>) -> usize {
    let mut start = context_start(bytes, at);
    // Cut before a character, not inside one (at most 3 continuation bytes back).
    for _ in 0..3 {
        if start > 0 && bytes.get(start).is_some_and(|&b| b & 0xc0 == 0x80) {
            start -= 1;
        }
    }
    let rest = &bytes[at..bytes.len().min(at + CONTEXT)];
    let end = at + rest.iter().position(|&b| b == b'\n').unwrap_or(rest.len());
    out.extend_from_slice(&bytes[start..end]);
    start
}

/// The start of what is kept before `at`: its line's start, or [`CONTEXT`] bytes back on
/// a long line.
fn context_start(done: &[u8], at: usize) -> usize {
    let lo = at.saturating_sub(CONTEXT);
    done[lo..at]
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(lo, |i| lo + i + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Reads everything through a window the way a parser would, token by token.
    fn tokens(text: &str, chunk: usize) -> Vec<String> {
        let mut window = Window::with_chunk("t", text.as_bytes(), chunk);
        let mut pos = 0;
        let mut out = Vec::new();
        loop {
            let bytes = window.bytes();
            while pos < bytes.len() && is_space(bytes[pos]) {
                pos += 1;
            }
            if pos == bytes.len() {
                match window.more(pos) {
                    Some(shift) => {
                        pos -= shift;
                        continue;
                    }
                    None => break,
                }
            }
            let len = bytes[pos..].iter().take_while(|&&b| !is_space(b)).count();
            out.push(String::from_utf8(bytes[pos..pos + len].to_vec()).unwrap());
            pos += len;
        }
        out
    }

    #[test]
    fn every_chunk_size_shows_whole_tokens() {
        let text = "12 345\n6789  0 \n\n 1 22 333 4444 55555 666666";
        let expected: Vec<String> = text.split_whitespace().map(String::from).collect();
        for chunk in 1..=text.len() + 1 {
            assert_eq!(tokens(text, chunk), expected, "chunk {chunk}");
        }
    }

    #[test]
    fn the_window_stays_small_on_a_long_input() {
        let text = "1 2\n".repeat(100_000);
        let mut window = Window::with_chunk("t", text.as_bytes(), 1024);
        let mut pos = 0;
        let mut largest = 0;
        while window.more(pos).is_some() {
            pos = window.bytes().len();
            largest = largest.max(window.buf.capacity());
        }
        assert!(largest <= 4096, "{largest}");
        assert_eq!(window.bytes_read(), text.len() as u64);
    }

    #[test]
    fn excerpts_know_where_they_are() {
        let text = format!("{}\nab cd\n{} x", "7 ".repeat(1000), "1 ".repeat(500));
        let mut window = Window::with_chunk("t", text.as_bytes(), 64);
        let mut pos = 0;
        // Read up to the `x`.
        loop {
            let bytes = window.bytes();
            if let Some(i) = bytes[pos..].iter().position(|&b| b == b'x') {
                pos += i;
                break;
            }
            pos = bytes.len();
            let shift = window.more(pos).expect("x is in the input");
            pos -= shift;
        }
        let excerpt = window.excerpt();
        let whole = Source::from_text("t", &text).unwrap();
        let at = text.find('x').unwrap();
        assert_eq!(excerpt.locate(pos), whole.locate(at));
        assert!(excerpt.bytes().len() < 1024);
    }

    /// An endless stream of one byte, as `yes 1 | tr -d '\n'` gives.
    struct Endless(u8);

    impl Read for Endless {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            buf.fill(self.0);
            Ok(buf.len())
        }
    }

    /// `yes 1 | tr -d '\n' | hackenbush judge` grew the window to hold one token until the
    /// allocator aborted. Zeros are the number 0 however many there are, but not in more
    /// than [`MAX_TOKEN`] digits: an endless run of them is refused as well.
    #[test]
    fn an_endless_token_is_cut_and_memory_stays_bounded() {
        use crate::syntax::christmas::{Cases, EdgeLists};
        let cases: [(&[u8], u8, &str); 2] = [
            (b"1\n1 1\n1 1\n1\n", b'1', "--> endless:5:1"),
            (b"0\n", b'0', "--> endless:2:1"),
        ];
        for (head, byte, at) in cases {
            for chunk in [1, 7, 300, CHUNK] {
                let what = format!("{:?} then endless {}, chunk {chunk}", head, byte as char);
                let window = Window::with_chunk("endless", head.chain(Endless(byte)), chunk);
                let mut cases = Cases::streaming(window);
                let mut lists = EdgeLists::default();
                assert!(matches!(cases.next_edge_lists(&mut lists), Some(Ok(()))));
                let error = match cases.next_edge_lists(&mut lists) {
                    Some(Err(error)) => error,
                    _ => panic!("{what}: an endless number is an error"),
                };
                assert_eq!(error.message, "number too large", "{what}");
                let window = cases.feed_mut();
                assert!(
                    window.buf.capacity() <= 2 * CHUNK + MAX_TOKEN + CONTEXT,
                    "{what}: {} bytes held",
                    window.buf.capacity()
                );
                assert_eq!(
                    window.bytes().len() - error.span.start as usize,
                    MAX_TOKEN + 1,
                    "{what}"
                );
                let shown = error.render(&window.excerpt(), false);
                assert!(shown.contains(at), "{what}: {shown}");
                assert!(shown.len() < 1000, "{what}: {shown}");
            }
        }
    }

    #[test]
    fn a_token_of_max_token_bytes_is_read_whole() {
        let token = "7".repeat(MAX_TOKEN);
        let text = format!("1 {token} 2");
        assert_eq!(tokens(&text, 5), ["1", token.as_str(), "2"]);
    }

    #[test]
    fn read_errors_end_the_input_without_showing_a_cut_token() {
        struct Failing(&'static [u8]);
        impl Read for Failing {
            fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
                if self.0.is_empty() {
                    return Err(io::Error::other("disk on fire"));
                }
                self.0.read(buf)
            }
        }
        let mut window = Window::with_chunk("t", Failing(b"12 34"), 1);
        let mut pos = 0;
        while window.more(pos).is_some() {
            pos = window.bytes().len();
        }
        assert_eq!(window.bytes(), b"12 ");
        assert_eq!(window.error().unwrap().to_string(), "disk on fire");
    }
}
