//! Where positions come from: standard input, a file, or text already in memory (what a
//! browser hands over), opened for reading whole into a [`Source`] (or a block of whole
//! lines at a time, for cgsuite: [`LineBlocks`]) or for streaming
//! through a [`Window`], and opened again at a byte offset where it can be (a file on
//! Unix, text in memory), so that a large tree is read on two cores.

use std::io::{self, Read};
use std::path::PathBuf;
use std::sync::Arc;

use crate::diagnostic::Diagnostic;
use crate::source::{MAX_SOURCE_LEN, Origin, Source, Span};
use crate::syntax::detect::detect;
use crate::syntax::window::{Reopen, Window};
use crate::syntax::{self, Format, Start};
use crate::wording::io_reason;

use super::format::unknown_extension;

/// An input opened for streaming ([`Input::window`]); `Send`, so that it can be read on
/// either core.
pub type ByteStream = Box<dyn Read + Send>;

/// One input of a [`Pipeline`](super::Pipeline): where its bytes come from, and the name
/// messages and reports give it.
///
/// ```
/// use hackenbush::pipeline::Input;
///
/// let input = Input::text("sample.in", "1\n2 1\n1 2\n");
/// assert_eq!(input.name(), "sample.in");
/// assert_eq!(input.read()?.bytes(), b"1\n2 1\n1 2\n");
/// assert_eq!(hackenbush::pipeline::Input::Stdin.name(), "<stdin>");
/// # Ok::<(), String>(())
/// ```
#[derive(Clone, Debug)]
pub enum Input {
    /// Standard input (`-` on the command line, or no file at all).
    Stdin,
    /// A file.
    File(PathBuf),
    /// Text held in memory under a name (a browser's text area, a test).
    Text {
        /// The name shown in messages and reports.
        name: String,
        /// The bytes.
        bytes: Arc<[u8]>,
    },
}

/// An input opened for reading.
pub(super) struct Opening {
    pub(super) reader: ByteStream,
    /// The input's size, when it is known (a file, text in memory).
    size: Option<u64>,
    /// How to open it again at a byte offset, when it can be: a large tree in it is then
    /// read on two cores ([`Window::with_reopen`]).
    reopen: Option<Reopen<ByteStream>>,
}

impl Opening {
    /// A window over the input named `name`, for streaming.
    pub(super) fn window(self, name: String) -> Window<ByteStream> {
        let window = Window::new(name, self.reader).with_size(self.size);
        match self.reopen {
            Some(reopen) => window.with_reopen(reopen),
            None => window,
        }
    }
}

/// A file read from a byte offset on, with `pread`: it moves no offset that another
/// reader of the same file uses.
#[cfg(unix)]
struct ReadAt {
    file: Arc<std::fs::File>,
    at: u64,
}

#[cfg(unix)]
impl Read for ReadAt {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = std::os::unix::fs::FileExt::read_at(&*self.file, buf, self.at)?;
        self.at += n as u64;
        Ok(n)
    }
}

/// How to open `file` again at a byte offset: through a handle of its own, so that
/// every reader reads the same file whatever happens to its name.
fn reopen_file(file: &std::fs::File) -> Option<Reopen<ByteStream>> {
    #[cfg(unix)]
    {
        let file = Arc::new(file.try_clone().ok()?);
        Some(Arc::new(move |at| {
            let file = Arc::clone(&file);
            Ok(Box::new(ReadAt { file, at }) as ByteStream)
        }))
    }
    #[cfg(not(unix))]
    {
        let _ = file;
        None
    }
}

/// How to read `bytes` again from a byte offset.
fn reopen_text(bytes: &Arc<[u8]>) -> Reopen<ByteStream> {
    let bytes = Arc::clone(bytes);
    Arc::new(move |at| {
        let mut cursor = io::Cursor::new(Arc::clone(&bytes));
        cursor.set_position(at);
        Ok(Box::new(cursor) as ByteStream)
    })
}

/// What [`Input::open_recognised`] reads of an input to recognise christmas.
const PEEK: u64 = 1 << 16;

impl Input {
    /// Text in memory, named `name` in messages and reports.
    pub fn text(name: impl Into<String>, text: impl Into<Vec<u8>>) -> Input {
        Input::Text {
            name: name.into(),
            bytes: text.into().into(),
        }
    }

    /// The name shown in messages and reports: `<stdin>`, the file's path as given, or
    /// the text's name.
    pub fn name(&self) -> String {
        match self {
            Input::Stdin => "<stdin>".to_string(),
            Input::File(path) => path.display().to_string(),
            Input::Text { name, .. } => name.clone(),
        }
    }

    /// The format, by the rule of docs/formats.md: the one `stated` (`--format`); else a
    /// file's extension; else, for standard input and text, `None`: it is recognised from
    /// its first bytes once read ([`recognise`](super::recognise)). A file of
    /// unknown extension is an error, with the message to show.
    ///
    /// ```
    /// use hackenbush::{pipeline::Input, syntax::Format};
    ///
    /// assert_eq!(Input::File("a.hb".into()).format(None), Ok(Some(Format::Hb)));
    /// assert_eq!(Input::File("a.x".into()).format(Some(Format::Json)), Ok(Some(Format::Json)));
    /// assert!(Input::File("a.x".into()).format(None).is_err());
    /// assert_eq!(Input::Stdin.format(None), Ok(None));
    /// ```
    pub fn format(&self, stated: Option<Format>) -> Result<Option<Format>, String> {
        if stated.is_some() {
            return Ok(stated);
        }
        match self {
            Input::File(path) => Format::from_path(path)
                .map(Some)
                .ok_or_else(|| unknown_extension(path)),
            Input::Stdin | Input::Text { .. } => Ok(None),
        }
    }

    /// The input opened for reading.
    pub(super) fn open(&self) -> Result<Opening, String> {
        match self {
            Input::Stdin => Ok(Opening {
                reader: Box::new(io::stdin()),
                size: None,
                reopen: None,
            }),
            Input::File(path) => {
                let file = std::fs::File::open(path).map_err(|e| self.cannot_read(&e))?;
                let size = file.metadata().ok().filter(|m| m.is_file());
                let reopen = size.is_some().then(|| reopen_file(&file)).flatten();
                Ok(Opening {
                    reader: Box::new(file),
                    size: size.map(|m| m.len()),
                    reopen,
                })
            }
            Input::Text { bytes, .. } => Ok(Opening {
                reader: Box::new(io::Cursor::new(Arc::clone(bytes))),
                size: Some(bytes.len() as u64),
                reopen: Some(reopen_text(bytes)),
            }),
        }
    }

    /// `cannot read NAME: reason`.
    pub(super) fn cannot_read(&self, e: &io::Error) -> String {
        format!("cannot read {}: {}", self.name(), io_reason(e))
    }

    /// The input read through a [`Window`], for streaming: memory follows what the
    /// reader holds, not the input. A file's size is known to the window, and a file (on
    /// Unix) or text can be opened again at an offset ([`Window::with_reopen`]). An input
    /// that cannot be opened is an error, with the message to show.
    pub fn window(&self) -> Result<Window<ByteStream>, String> {
        Ok(self.open()?.window(self.name()))
    }

    /// The input opened for reading as [`Input::open`] opens it, with its format when
    /// its first bytes tell that it is cgsuite, or christmas when `christmas` ([`detect`]):
    /// for an input without a format to go by, which is read whole otherwise (and then
    /// recognised), but may be read a block of lines at a time as cgsuite, or streamed as
    /// christmas. The bytes looked at are read again from the reader returned.
    pub(super) fn open_recognised(
        &self,
        christmas: bool,
    ) -> Result<(Opening, Option<Format>), String> {
        let opening = self.open()?;
        let mut first = Vec::new();
        let mut reader = opening.reader;
        (&mut reader)
            .take(PEEK)
            .read_to_end(&mut first)
            .map_err(|e| self.cannot_read(&e))?;
        // A line cut short could be read otherwise whole (`12` then `-3`): only whole
        // lines are looked at, unless the input ended.
        let whole = match first.iter().rposition(|&b| b == b'\n') {
            _ if (first.len() as u64) < PEEK => &first[..],
            Some(end) => &first[..=end],
            None => &[][..],
        };
        let format =
            detect(whole).filter(|&f| f == Format::Cgsuite || christmas && f == Format::Christmas);
        let reader: ByteStream = Box::new(io::Cursor::new(first).chain(reader));
        Ok((Opening { reader, ..opening }, format))
    }

    /// Reads the whole input into a [`Source`]; or the message to show when it cannot be
    /// read, or is larger than a source may be.
    pub fn read(&self) -> Result<Source, String> {
        if let Input::Text { name, bytes } = self {
            return Source::new(name.clone(), bytes.to_vec()).map_err(|e| e.to_string());
        }
        match self.read_from(self.open()?.reader, None) {
            Ok(source) => Ok(source),
            Err(Unread::Message(message)) => Err(message),
            Err(Unread::Binary(binary)) => Err(format!(
                "{}:{}: {}",
                binary.0.name(),
                binary.0.locate(binary.1.span.start as usize),
                binary.1.message
            )),
        }
    }

    /// Reads the whole input from `reader`, which it was opened as, a block at a time. A
    /// text format holds no NUL byte: at the first one the reading stops, whatever follows
    /// (`/dev/zero`, a binary file named by mistake), and the input is [`Unread::Binary`],
    /// located at that byte, instead of being read to its end or to the size limit first.
    /// Nor is it read on when its first byte that is no blank or comment cannot begin
    /// `format` ([`syntax::start`]): what was read up to the end of that byte's line is
    /// the source, and the format's reader refuses it there as it would the whole.
    pub(super) fn read_from(
        &self,
        mut reader: ByteStream,
        format: Option<Format>,
    ) -> Result<Source, Unread> {
        let mut bytes = Vec::new();
        let mut cut = None;
        self.read_blocks(&mut reader, &mut bytes, Origin::default(), |bytes, _| {
            cut = format.and_then(|format| refused(format, bytes));
            cut.is_some()
        })?;
        if let Some(end) = cut {
            bytes.truncate(end);
        }
        Source::new(self.name(), bytes).map_err(|e| Unread::Message(e.to_string()))
    }

    /// Reads from `reader` onto `bytes` (which start at `origin` of the input), a block
    /// at a time, until `enough(bytes, start)` (`start` being where the block just read
    /// begins) or the end of the input; returns whether the input ended. One byte more
    /// than a source may hold ends the reading too: an endless input stops there, to be
    /// refused as too large. A NUL byte ends it as [`Unread::Binary`].
    fn read_blocks(
        &self,
        reader: &mut ByteStream,
        bytes: &mut Vec<u8>,
        origin: Origin,
        mut enough: impl FnMut(&[u8], usize) -> bool,
    ) -> Result<bool, Unread> {
        let limit = MAX_SOURCE_LEN as u64 + 1;
        let mut room: Option<Vec<u8>> = None;
        loop {
            let start = bytes.len();
            let block = (limit - start as u64).min(BLOCK);
            let read = if matches!(self, Input::Stdin) {
                // One read: a pipe gives what its writer has written so far, which may be
                // a line waiting for its answer (a file's read fills the block anyway).
                let room = room.get_or_insert_with(|| vec![0; BLOCK as usize]);
                read_once(reader, bytes, &mut room[..block as usize])
            } else {
                reader.take(block).read_to_end(bytes)
            }
            .map_err(|e| Unread::Message(self.cannot_read(&e)))?;
            if let Some(at) = bytes[start..].iter().position(|&b| b == 0) {
                return Err(self.binary(std::mem::take(bytes), start + at, origin));
            }
            if read == 0 {
                return Ok(true);
            }
            if bytes.len() as u64 >= limit || enough(bytes, start) {
                return Ok(false);
            }
        }
    }

    /// The input read so far, `bytes` (starting at `origin` of the input), with a NUL
    /// byte at `at`: the line it is on is shown, and nothing after it is kept.
    fn binary(&self, mut bytes: Vec<u8>, at: usize, origin: Origin) -> Unread {
        let end = (bytes[at..].iter().position(|&b| b == b'\n')).map_or(bytes.len(), |n| at + n);
        bytes.truncate(end);
        let diagnostic = Diagnostic::new(
            Span::new(at, at + 1),
            "a NUL byte: the input is not text",
            "NUL byte",
        )
        .with_help("every format is text: is this a binary file, or the wrong file?");
        match Source::excerpt(self.name(), bytes, origin) {
            Ok(source) => Unread::Binary(Box::new((source, diagnostic))),
            Err(e) => Unread::Message(e.to_string()),
        }
    }

    /// The input, opened as `reader`, read as cgsuite a block of whole lines at a time
    /// ([`LineBlocks`]).
    pub(super) fn line_blocks(&self, reader: ByteStream) -> LineBlocks<'_> {
        LineBlocks {
            input: self,
            reader,
            carried: Vec::new(),
            origin: Origin::default(),
            ended: false,
        }
    }
}

/// Where the reading of the input `bytes` (from the start of the input or of a line) in
/// `format` may stop ([`syntax::kept`]), when its first byte that is no blank or comment
/// cannot begin the format ([`syntax::start`]). Only the first [`CHECKED`] bytes are
/// looked at: the check is made again after each block read.
fn refused(format: Format, bytes: &[u8]) -> Option<usize> {
    let checked = &bytes[..bytes.len().min(CHECKED)];
    match syntax::start(format, checked)? {
        Start::Cannot(at) => syntax::kept(bytes, at),
        Start::Can(_) | Start::Undecided => None,
    }
}

/// How many first bytes of an input (or of a long line of cgsuite) [`refused`] looks at
/// for the first one that is no blank or comment: beyond that, the input is read as if
/// it could begin well (and is refused when read, or as too large).
const CHECKED: usize = 1 << 20;

/// A cgsuite input read a block of whole lines at a time: each block at least [`BLOCK`]
/// bytes (or the rest of the input), ending after a line break, as a [`Source`] whose
/// lines and columns are those of the whole input ([`Source::excerpt`]). A line longer
/// than a block makes the block as long as it: memory follows the longest line (and a
/// line of more than [`MAX_SOURCE_LEN`] bytes is refused as too large). A line whose first
/// byte that is no blank or comment cannot begin a position ([`syntax::cgsuite::start`])
/// ends the reading there, so that an endless one is refused at once. A NUL byte ends it
/// too, as [`Unread::Binary`], with the lines of its block before it.
pub(super) struct LineBlocks<'i> {
    input: &'i Input,
    reader: ByteStream,
    /// The start of a line read after the last block.
    carried: Vec<u8>,
    /// Where `carried` starts in the input.
    origin: Origin,
    ended: bool,
}

impl Iterator for LineBlocks<'_> {
    type Item = Result<Source, Unread>;

    fn next(&mut self) -> Option<Result<Source, Unread>> {
        if self.ended {
            return None;
        }
        let mut bytes = std::mem::take(&mut self.carried);
        let mut cut = None;
        let read =
            self.input
                .read_blocks(&mut self.reader, &mut bytes, self.origin, |bytes, start| {
                    if memchr::memchr(b'\n', &bytes[start..]).is_some() {
                        return true;
                    }
                    // One line so far, from the start of the block: the first or a long one.
                    cut = refused(Format::Cgsuite, bytes);
                    cut.is_some()
                });
        let ended = match read {
            Ok(ended) => ended,
            Err(unread) => {
                self.ended = true;
                return Some(Err(unread));
            }
        };
        let end = match cut {
            Some(end) => {
                self.ended = true;
                end
            }
            None if ended => {
                self.ended = true;
                bytes.len()
            }
            None => memchr::memrchr(b'\n', &bytes).map_or(bytes.len(), |i| i + 1),
        };
        self.carried = bytes.split_off(end);
        if bytes.is_empty() && self.ended {
            return None;
        }
        let origin = self.origin;
        self.origin.advance(&bytes);
        let source = Source::excerpt(self.input.name(), bytes, origin);
        // A line too large for a source ends the input.
        self.ended |= source.is_err();
        Some(source.map_err(|e| Unread::Message(e.to_string())))
    }
}

/// Appends to `bytes` what one read of at most `room.len()` bytes gives (retried when
/// interrupted), read into `room` first (zeroed once, where `bytes`' spare room would be
/// zeroed at every read); returns how many bytes came, 0 at the end of the input.
fn read_once(reader: &mut ByteStream, bytes: &mut Vec<u8>, room: &mut [u8]) -> io::Result<usize> {
    loop {
        match reader.read(room) {
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Ok(n) => {
                bytes.extend_from_slice(&room[..n]);
                return Ok(n);
            }
            Err(e) => return Err(e),
        }
    }
}

/// How much [`Input::read_from`] reads at a time: 64 KiB.
const BLOCK: u64 = 1 << 16;

/// Why an input could not be read whole.
pub(super) enum Unread {
    /// It could not be opened or read, or is too large: the message to show.
    Message(String),
    /// It holds a NUL byte, so it is no text: the input up to that byte's line, and where.
    Binary(Box<(Source, Diagnostic)>),
}

impl From<String> for Unread {
    fn from(message: String) -> Unread {
        Unread::Message(message)
    }
}

#[cfg(test)]
mod tests {
    use crate::syntax::window::Feed;

    use super::*;

    /// A file's window opens the file again for its far part (so that a large tree in it
    /// is read on two cores): the far window starts at the first line past the offset
    /// asked for that starts with a digit after one, and reads the file from there.
    #[test]
    fn a_file_window_splits_at_a_line() {
        let text: String = (1..2000).map(|v| format!("{v} {}\n", v + 1)).collect();
        let path = std::env::temp_dir().join(format!("hackenbush-split-{}.in", std::process::id()));
        std::fs::write(&path, &text).unwrap();
        let window = Input::File(path.clone()).window().unwrap();
        let at = 10_000;
        let far = window.split(at);
        std::fs::remove_file(&path).unwrap();
        if cfg!(unix) {
            assert_far_part(far.expect("a file can be read twice"), &text, at);
        }
        // Text in memory can be read twice too; standard input cannot.
        let far = Input::text("t.in", text.clone())
            .window()
            .unwrap()
            .split(at);
        assert_far_part(far.expect("text can be read twice"), &text, at);
        assert!(Input::Stdin.window().unwrap().split(at).is_none());
    }

    fn assert_far_part(mut far: Window<ByteStream>, text: &str, at: u64) {
        let start = text[at as usize..].find('\n').unwrap() + at as usize + 1;
        assert_eq!(far.offset(), start as u64);
        far.more(0).expect("the far part shows");
        assert!(text.as_bytes()[start..].starts_with(far.bytes()));
        assert!(far.bytes().len() > 1000);
    }
}
