//! Reading the inputs named on the command line, and choosing their format.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};

use hackenbush::analysis::green::Workspace;
use hackenbush::analysis::summary;
use hackenbush::diagnostic::Diagnostic;
use hackenbush::report::ErrorReport;
use hackenbush::source::{MAX_SOURCE_LEN, Origin, Source};
use hackenbush::syntax::christmas::Cases;
use hackenbush::syntax::detect::detect;
use hackenbush::syntax::window::{Reopen, Window};
use hackenbush::syntax::{self, Format, GraphDecl, GraphSink, PositionRead};
use hackenbush::wording::{plural, printable};

use super::args::InputArgs;
use super::output::{self, Stop};

/// An input opened for reading.
struct Opening {
    reader: Reader,
    /// The input's size, when it is a file.
    size: Option<u64>,
    /// How to open it again at a byte offset, when it is a file (on Unix): a large tree
    /// in it is then read on two cores ([`Window::with_reopen`]).
    reopen: Option<Reopen<Reader>>,
}

impl Opening {
    /// A window over the input named `name`, for streaming.
    fn window(self, name: String) -> Window<Reader> {
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
    file: std::sync::Arc<std::fs::File>,
    at: u64,
}

#[cfg(unix)]
impl Read for ReadAt {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = std::os::unix::fs::FileExt::read_at(&*self.file, buf, self.at)?;
        self.at += n as u64;
        Ok(n)
    }
}

/// How to open `file` again at a byte offset: through a handle of its own, so that
/// every reader reads the same file whatever happens to its name.
fn reopen(file: &std::fs::File) -> Option<Reopen<Reader>> {
    #[cfg(unix)]
    {
        let file = std::sync::Arc::new(file.try_clone().ok()?);
        Some(std::sync::Arc::new(move |at| {
            let file = std::sync::Arc::clone(&file);
            Ok(Box::new(ReadAt { file, at }) as Reader)
        }))
    }
    #[cfg(not(unix))]
    {
        let _ = file;
        None
    }
}

/// What [`Input::open_recognised`] reads of standard input to recognise christmas.
const PEEK: u64 = 1 << 16;

/// An input opened for streaming ([`Input::window`]); `Send`, so that it can be read on
/// either core.
pub type Reader = Box<dyn Read + Send>;

/// One input named on the command line.
pub enum Input {
    /// Standard input (`-`, or no FILE at all).
    Stdin,
    /// A file.
    File(PathBuf),
}

impl Input {
    /// The inputs named on the command line (stdin when none is), in order.
    pub fn list(args: &InputArgs) -> Vec<Input> {
        (args.inputs.iter())
            .map(|input| Input::from_arg(Some(&input.file)))
            .collect()
    }

    /// The input for an optional FILE argument.
    pub fn from_arg(file: Option<&PathBuf>) -> Input {
        match file {
            Some(f) if f.as_os_str() != "-" => Input::File(f.clone()),
            _ => Input::Stdin,
        }
    }

    /// The name shown in messages and reports.
    pub fn name(&self) -> String {
        match self {
            Input::Stdin => "<stdin>".to_string(),
            Input::File(path) => path.display().to_string(),
        }
    }

    /// The format, by the rule of docs/formats.md: the one `stated` (by `--format`);
    /// else a file's extension; else, for stdin, `None`: it is recognised from its first
    /// bytes once read ([`recognise`]).
    pub fn format(&self, stated: Option<Format>) -> Result<Option<Format>, String> {
        if stated.is_some() {
            return Ok(stated);
        }
        match self {
            Input::File(path) => Format::from_path(path)
                .map(Some)
                .ok_or_else(|| unknown_extension(path)),
            Input::Stdin => Ok(None),
        }
    }

    /// The input opened for reading.
    fn open(&self) -> Result<Opening, String> {
        match self {
            Input::Stdin => Ok(Opening {
                reader: Box::new(std::io::stdin()),
                size: None,
                reopen: None,
            }),
            Input::File(path) => {
                let file = std::fs::File::open(path).map_err(|e| self.cannot_read(&e))?;
                let size = file.metadata().ok().filter(|m| m.is_file());
                let reopen = size.is_some().then(|| reopen(&file)).flatten();
                Ok(Opening {
                    reader: Box::new(file),
                    size: size.map(|m| m.len()),
                    reopen,
                })
            }
        }
    }

    /// `cannot read NAME: reason`.
    fn cannot_read(&self, e: &std::io::Error) -> String {
        format!("cannot read {}: {}", self.name(), output::io_reason(e))
    }

    /// The input read through a [`Window`], for streaming: memory follows what the
    /// reader holds, not the input. A file's size is known to the window.
    pub fn window(&self) -> Result<Window<Reader>, String> {
        Ok(self.open()?.window(self.name()))
    }

    /// The input opened for reading as [`Input::open`] opens it, with its format when
    /// its first bytes tell that it is christmas ([`detect`]): for standard input without
    /// `--format`, which is read whole otherwise (and then [`recognise`]d), but may be
    /// streamed as christmas. The bytes looked at are read again from the reader
    /// returned.
    fn open_recognised(&self) -> Result<(Opening, Option<Format>), String> {
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
        let format = detect(whole).filter(|&f| f == Format::Christmas);
        let reader: Reader = Box::new(std::io::Cursor::new(first).chain(reader));
        Ok((Opening { reader, ..opening }, format))
    }

    /// Reads the whole input.
    pub fn read(&self) -> Result<Source, String> {
        self.read_from(self.open()?.reader)
    }

    /// Reads the whole input from `reader`, which it was opened as.
    fn read_from(&self, reader: Reader) -> Result<Source, String> {
        let mut bytes = Vec::new();
        // One byte more than a source may hold is enough to refuse it: an endless input
        // stops there.
        reader
            .take(MAX_SOURCE_LEN as u64 + 1)
            .read_to_end(&mut bytes)
            .map_err(|e| self.cannot_read(&e))?;
        Source::new(self.name(), bytes).map_err(|e| e.to_string())
    }
}

/// After the last test case read from `input`: reports why it ended early, if it did (a
/// read error before a parse error it may have caused, shown in what the window still
/// holds), with a hint if the input looks like another format (`christmas_only`: see
/// [`wrong_format_hint`]). Returns the error, or `None` when the input was clean.
pub fn report_end<R: Read + Send>(
    input: &Input,
    cases: &mut Cases<Window<R>>,
    error: Option<Diagnostic>,
    christmas_only: bool,
) -> Option<ErrorReport> {
    if let Some(e) = cases.feed().error() {
        return Some(report_unopened(input, input.cannot_read(e)));
    }
    let mut error = error?;
    let source = cases.feed_mut().excerpt();
    if let Some(hint) = wrong_format_hint(input, Format::Christmas, &source, christmas_only) {
        error = error.with_help(hint);
    }
    output::report_diagnostic(&error, &source);
    Some(ErrorReport::located(&source, &error))
}

/// Why `--case N` picks nothing in the input `name`, which holds `positions` positions.
pub fn no_such_case(name: &str, positions: u64, case: u64) -> String {
    format!(
        "{} holds {positions} position{}: there is no position {case} (--case)",
        printable(name),
        plural(positions as usize)
    )
}

/// An input that could not be opened, reported on stderr; its report.
pub fn report_unopened(input: &Input, message: String) -> ErrorReport {
    output::report_error(&message);
    ErrorReport::unlocated(input.name(), message)
}

/// The format of `source`, recognised from its first bytes ([`detect`]).
pub fn recognise(source: &Source) -> Result<Format, String> {
    detect(source.bytes()).ok_or_else(|| {
        format!(
            "cannot tell the format of {} from its first bytes; use --format (hb, christmas, \
             json, dot or cgsuite); recognised are json (`{{`), dot (`graph`, `digraph`, \
             `strict`), hb (`graph:`, `ground:`, a chain `a-b`), christmas (a number) and \
             cgsuite (a line of e, l, r)",
            printable(source.name())
        )
    })
}

/// Advice for an input that could not be read as `format` although its first bytes are
/// clearly another format's ([`detect`]): how to read it as that one. `christmas_only`
/// for the commands that read nothing else (`judge`, `check`). `None` when the text
/// does not look like another format, or when only part of the input is at hand.
pub fn wrong_format_hint(
    input: &Input,
    format: Format,
    source: &Source,
    christmas_only: bool,
) -> Option<String> {
    if source.origin() != Origin::default() {
        return None;
    }
    let looks = detect(source.bytes()).filter(|&d| d != format)?;
    let what = match looks {
        Format::Hb => "an hb file",
        Format::Christmas => "a christmas (POJ 3710) file",
        Format::Json => "a JSON file",
        Format::Dot => "a DOT file",
        Format::Cgsuite => "a cgsuite file",
        _ => return None,
    };
    Some(match (christmas_only, input) {
        (true, Input::Stdin) => format!("this looks like {what}: try `hackenbush analyze`"),
        (true, Input::File(path)) => format!(
            "this looks like {what}: try `hackenbush analyze {}`",
            path.display()
        ),
        (false, Input::Stdin) => format!("this looks like {what}: try `--format {looks}`"),
        (false, Input::File(path)) => format!(
            "this looks like {what}: try `--format {looks} {}`",
            path.display()
        ),
    })
}

/// Why a file of unknown extension has no format, without `--format`.
pub fn unknown_extension(path: &Path) -> String {
    format!(
        "cannot tell the format of {} from its extension; use --format (hb, christmas, json, \
         dot or cgsuite); .hb is hb, .json is json, .in and .txt are christmas, .dot and .gv \
         are dot, .cgs is cgsuite",
        path.display()
    )
}

/// Reads every input in turn, one position at a time: the graphs of each go to a new
/// sink from `new_sink` as they are read, and the sink goes to `on_position` when the
/// position is complete, so that memory follows the largest position, not the input.
/// Warnings are shown on stderr before the position is reported. Inputs that cannot be
/// read and malformed positions are reported on stderr (after flushing `out`, so messages
/// follow what was already printed) and handed to `on_error`; the inputs after them are
/// still read. Returns whether everything was clean.
pub fn each_position<W: Write, S: GraphSink>(
    input: &InputArgs,
    out: &mut W,
    new_sink: impl FnMut() -> S,
    on_position: impl FnMut(&mut W, &Source, PositionRead, S) -> Result<Reported, Stop>,
    on_error: impl FnMut(ErrorReport),
) -> Result<bool, Stop> {
    each_position_or_stream(input, out, None, new_sink, on_position, on_error)
}

/// How a command reads a christmas input as a stream of bare edge lists, instead of
/// position by position: the input, opened for reading, and where its errors go. See
/// [`batches`](super::batches).
pub type ChristmasStream<'a, W> = &'a mut dyn FnMut(
    &mut W,
    &Input,
    Window<Reader>,
    &mut dyn FnMut(ErrorReport),
) -> Result<(), Stop>;

/// [`each_position`], except that christmas inputs go to `christmas`, when it is given,
/// as a stream: their memory follows a batch of test cases, not the input, and no
/// position is built. Standard input without `--format` is recognised from its first
/// bytes for this ([`Input::open_recognised`]).
pub fn each_position_or_stream<W: Write, S: GraphSink>(
    input: &InputArgs,
    out: &mut W,
    christmas: Option<ChristmasStream<W>>,
    mut new_sink: impl FnMut() -> S,
    mut on_position: impl FnMut(&mut W, &Source, PositionRead, S) -> Result<Reported, Stop>,
    on_error: impl FnMut(ErrorReport),
) -> Result<bool, Stop> {
    each_source(
        input,
        out,
        on_error,
        christmas,
        |out, format, source, hint, on_error| {
            let mut reader = syntax::reader(format, source);
            loop {
                let mut sink = Warned {
                    inner: new_sink(),
                    warnings: Vec::new(),
                };
                match reader.next_position(&mut sink) {
                    None => return Ok(()),
                    Some(Ok(read)) => {
                        report_warnings(out, &sink.warnings, source)?;
                        if let Err(refused) = on_position(out, source, read, sink.inner)? {
                            report_malformed(out, &refused, source, &mut None, on_error)?;
                        }
                    }
                    Some(Err(diagnostic)) => {
                        report_malformed(out, &diagnostic, source, hint, on_error)?
                    }
                }
            }
        },
    )
}

/// Whether a position was reported, or why not: what its reading could not do (a value
/// beyond the budget), located in the input and reported as its error.
pub type Reported = Result<(), Diagnostic>;

/// What is known of a position before its graphs are read: the text is read twice, a
/// lean first reading (values by the lean search, no model) one position ahead of the
/// one that streams, so that a command can report each graph as soon as it is read and
/// still know the whole position's nim-sum.
#[derive(Clone, Copy, Debug)]
pub struct Foreseen {
    /// The 1-based test case, for formats with several positions per file.
    pub case: Option<usize>,
    /// How many graphs the position has.
    pub graphs: usize,
    /// The nim-sum of their values, when every edge is green.
    pub nim_sum: u64,
    /// Whether some edge is blue or red: then the nim-sum means nothing.
    pub coloured: bool,
}

impl Foreseen {
    /// `<file>` or `<file>#<case>`: how reports name the position.
    pub fn label(&self, source: &Source) -> String {
        source.label(self.case)
    }
}

/// What a command does with each graph of a position as soon as it is read, with the
/// output at hand.
pub trait Streamed<W> {
    /// One graph of `source`, in input order.
    fn graph(&mut self, out: &mut W, source: &Source, decl: GraphDecl) -> Result<(), Stop>;

    /// Why the position cannot be reported, if a graph found a reason: it is then
    /// reported as the position's error instead of being finished.
    fn refused(&mut self) -> Option<Diagnostic> {
        None
    }
}

/// [`each_position`] with each graph handed over as soon as it is read, so that memory
/// follows the largest graph: `start` begins a position once what it holds is
/// [`Foreseen`], its graphs go to the sink it returns, and `finish` ends it. A malformed
/// position is found by the first reading, so nothing of it is reported but its error;
/// warnings are shown before the position is started. Only position `case` (from 1) of
/// each input is started when it is `Some` (`--case`): the others are read, for their
/// errors; an input with fewer positions is an error.
pub fn each_case_streamed<W: Write, S: Streamed<W>>(
    input: &InputArgs,
    case: Option<u64>,
    christmas: Option<ChristmasStream<W>>,
    out: &mut W,
    mut start: impl FnMut(&mut W, &Source, &Foreseen) -> Result<S, Stop>,
    mut finish: impl FnMut(&mut W, &Source, &Foreseen, S) -> Result<(), Stop>,
    on_error: impl FnMut(ErrorReport),
) -> Result<bool, Stop> {
    each_source(
        input,
        out,
        on_error,
        christmas,
        |out, format, source, hint, on_error| {
            let mut ahead = syntax::reader(format, source);
            let mut reader = syntax::reader(format, source);
            let mut lean = Lean::default();
            let mut read_so_far = 0;
            loop {
                lean.start();
                let next = ahead.next_position(&mut lean);
                if let Some(Ok(read)) = &next {
                    read_so_far += 1;
                    if case.is_some_and(|case| read.case.unwrap_or(1) as u64 != case) {
                        let _ = reader.next_position(&mut Skipped);
                        continue;
                    }
                }
                match next {
                    None => {
                        if let Some(case) = case
                            && read_so_far < case
                        {
                            out.flush()?;
                            let message = no_such_case(source.name(), read_so_far, case);
                            output::report_error(&message);
                            on_error(ErrorReport::unlocated(source.name().to_string(), message));
                        }
                        return Ok(());
                    }
                    Some(Err(diagnostic)) => {
                        // The second reading stops at the same error: skip it there.
                        let _ = reader.next_position(&mut Skipped);
                        report_malformed(out, &diagnostic, source, hint, on_error)?;
                    }
                    Some(Ok(read)) => {
                        report_warnings(out, &lean.warnings, source)?;
                        let foreseen = Foreseen {
                            case: read.case,
                            graphs: lean.graphs,
                            nim_sum: lean.nim_sum,
                            coloured: lean.coloured,
                        };
                        let sink = start(out, source, &foreseen)?;
                        let mut feeding = Feeding {
                            out: &mut *out,
                            source,
                            sink,
                            stop: None,
                        };
                        let read = reader.next_position(&mut feeding);
                        let Feeding { mut sink, stop, .. } = feeding;
                        if let Some(stop) = stop {
                            return Err(stop);
                        }
                        if let Some(refused) = sink.refused() {
                            report_malformed(out, &refused, source, &mut None, on_error)?;
                            continue;
                        }
                        // The two readings read the same text alike, so the second finds no
                        // error and no end where the first found a position.
                        match read {
                            Some(Ok(_)) => finish(out, source, &foreseen, sink)?,
                            Some(Err(diagnostic)) => {
                                report_malformed(out, &diagnostic, source, hint, on_error)?
                            }
                            None => return Ok(()),
                        }
                    }
                }
            }
        },
    )
}

/// Opens every input in turn and hands it to `read`, with its format and the hint its
/// first parse error gets ([`wrong_format_hint`]); `read` reports each of its errors to
/// the `on_error` it is given. An input that cannot be opened, or whose format is
/// unknown, is reported. Returns whether everything was clean: whether no error was
/// reported.
fn each_source<W: Write>(
    args: &InputArgs,
    out: &mut W,
    mut on_error: impl FnMut(ErrorReport),
    mut christmas: Option<ChristmasStream<W>>,
    mut read: impl FnMut(
        &mut W,
        Format,
        &Source,
        &mut Option<String>,
        &mut dyn FnMut(ErrorReport),
    ) -> Result<(), Stop>,
) -> Result<bool, Stop> {
    let mut clean = true;
    let mut on_error = |error| {
        clean = false;
        on_error(error);
    };
    for named in &args.inputs {
        let input = Input::from_arg(Some(&named.file));
        let opened = input.format(named.format).and_then(|format| {
            let (opening, format) = match (format, &christmas) {
                (None, Some(_)) => input.open_recognised()?,
                _ => (input.open()?, format),
            };
            if format == Some(Format::Christmas)
                && let Some(stream) = christmas.as_mut()
            {
                return Ok(Opened::Stream(stream, opening.window(input.name())));
            }
            let source = input.read_from(opening.reader)?;
            let format = match format {
                Some(format) => format,
                None => recognise(&source)?,
            };
            Ok(Opened::Whole(format, source))
        });
        match opened {
            Ok(Opened::Stream(stream, window)) => stream(out, &input, window, &mut on_error)?,
            Ok(Opened::Whole(format, source)) => {
                let mut hint = wrong_format_hint(&input, format, &source, false);
                read(out, format, &source, &mut hint, &mut on_error)?
            }
            Err(message) => {
                out.flush()?;
                on_error(report_unopened(&input, message));
            }
        }
    }
    Ok(clean)
}

/// An input opened by [`each_source`].
enum Opened<'a, 'b, W> {
    /// To be streamed by the command.
    Stream(&'a mut ChristmasStream<'b, W>, Window<Reader>),
    /// Read whole, in this format.
    Whole(Format, Source),
}

/// Shows the warnings of a position on stderr, after what `out` holds.
fn report_warnings<W: Write>(
    out: &mut W,
    warnings: &[Diagnostic],
    source: &Source,
) -> Result<(), Stop> {
    if !warnings.is_empty() {
        out.flush()?;
        for warning in warnings {
            output::report_diagnostic(warning, source);
        }
    }
    Ok(())
}

/// Reports a malformed position on stderr, after what `out` holds, and to `on_error`; the
/// `hint`, if any, goes with it (and not with the next).
fn report_malformed<W: Write>(
    out: &mut W,
    diagnostic: &Diagnostic,
    source: &Source,
    hint: &mut Option<String>,
    on_error: &mut dyn FnMut(ErrorReport),
) -> Result<(), Stop> {
    out.flush()?;
    match hint.take() {
        Some(hint) => output::report_diagnostic(&diagnostic.clone().with_help(hint), source),
        None => output::report_diagnostic(diagnostic, source),
    }
    on_error(ErrorReport::located(source, diagnostic));
    Ok(())
}

/// The first reading: each graph's value by the lean search, and the warnings.
#[derive(Default)]
struct Lean {
    graphs: usize,
    nim_sum: u64,
    coloured: bool,
    warnings: Vec<Diagnostic>,
    scratch: Workspace,
}

impl Lean {
    /// Scratch space kept from one graph to the next beyond this many edges is given back
    /// before the second reading: it would sit beside the model of the same graph.
    const KEPT_EDGES: usize = 1 << 16;

    fn start(&mut self) {
        self.graphs = 0;
        self.nim_sum = 0;
        self.coloured = false;
        self.warnings.clear();
    }
}

impl GraphSink for Lean {
    fn graph(&mut self, decl: GraphDecl) {
        self.graphs += 1;
        self.coloured |= !decl.is_green();
        let summary = summary::summarize(decl, &mut self.scratch);
        self.nim_sum ^= summary.value;
        if summary.edges > Self::KEPT_EDGES {
            self.scratch = Workspace::default();
        }
    }

    fn warning(&mut self, warning: Diagnostic) {
        self.warnings.push(warning);
    }
}

/// The second reading of a position the first found malformed.
struct Skipped;

impl GraphSink for Skipped {
    fn graph(&mut self, _: GraphDecl) {}
}

/// The second reading: each graph to the command's sink with the output at hand; the
/// first write that fails stops the reporting (the reader reads on, unheard).
struct Feeding<'a, W, S> {
    out: &'a mut W,
    source: &'a Source,
    sink: S,
    stop: Option<Stop>,
}

impl<W, S: Streamed<W>> GraphSink for Feeding<'_, W, S> {
    fn graph(&mut self, decl: GraphDecl) {
        if self.stop.is_none()
            && let Err(stop) = self.sink.graph(self.out, self.source, decl)
        {
            self.stop = Some(stop);
        }
    }
}

/// Graphs go on to `inner`; warnings wait until the position is complete.
struct Warned<S> {
    inner: S,
    warnings: Vec<Diagnostic>,
}

impl<S: GraphSink> GraphSink for Warned<S> {
    fn graph(&mut self, graph: GraphDecl) {
        self.inner.graph(graph);
    }

    fn warning(&mut self, warning: Diagnostic) {
        self.warnings.push(warning);
    }
}

#[cfg(test)]
mod tests {
    use hackenbush::syntax::window::Feed;

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
        let mut far = window.split(at).expect("a file can be read twice");
        std::fs::remove_file(&path).unwrap();
        let start = text[at as usize..].find('\n').unwrap() + at as usize + 1;
        assert_eq!(far.offset(), start as u64);
        far.more(0).expect("the far part shows");
        assert!(text.as_bytes()[start..].starts_with(far.bytes()));
        assert!(far.bytes().len() > 1000);
        // Standard input cannot be read twice.
        assert!(Input::Stdin.window().unwrap().split(at).is_none());
    }
}
