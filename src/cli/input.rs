//! Reading the inputs named on the command line, and choosing their format.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};

use hackenbush::diagnostic::Diagnostic;
use hackenbush::report::ErrorReport;
use hackenbush::source::{MAX_SOURCE_LEN, Source};
use hackenbush::syntax::window::Window;
use hackenbush::syntax::{self, Format, GraphDecl, GraphSink, PositionRead};

use super::output::{self, Stop};

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
    /// The inputs for a list of FILE arguments: stdin when the list is empty.
    pub fn list(files: &[PathBuf]) -> Vec<Input> {
        if files.is_empty() {
            return vec![Input::Stdin];
        }
        files.iter().map(|f| Input::from_arg(Some(f))).collect()
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

    /// The format: the one asked for, else the one the extension implies.
    pub fn format(&self, asked: Option<Format>) -> Result<Format, String> {
        if let Some(format) = asked {
            return Ok(format);
        }
        match self {
            Input::Stdin => {
                Err("reading stdin needs --format (hb, christmas, json, dot or cgsuite)".into())
            }
            Input::File(path) => Format::from_path(path).ok_or_else(|| unknown_extension(path)),
        }
    }

    /// The input read through a [`Window`], for streaming: memory follows what the
    /// reader holds, not the input. A file's size is known to the window.
    pub fn window(&self) -> Result<Window<Reader>, String> {
        match self {
            Input::Stdin => Ok(Window::new(self.name(), Box::new(std::io::stdin()))),
            Input::File(path) => {
                let cannot = |e: std::io::Error| {
                    format!("cannot read {}: {}", self.name(), output::io_reason(&e))
                };
                let file = std::fs::File::open(path).map_err(cannot)?;
                let size = file
                    .metadata()
                    .ok()
                    .filter(|m| m.is_file())
                    .map(|m| m.len());
                let window = Window::new(self.name(), Box::new(file) as Reader);
                Ok(match size {
                    Some(size) => window.with_size(size),
                    None => window,
                })
            }
        }
    }

    /// Reads the whole input.
    pub fn read(&self) -> Result<Source, String> {
        let name = self.name();
        let mut bytes = Vec::new();
        let result = match self {
            // One byte more than a source may hold is enough to refuse it: an endless
            // input stops there.
            Input::Stdin => std::io::stdin()
                .lock()
                .take(MAX_SOURCE_LEN as u64 + 1)
                .read_to_end(&mut bytes)
                .map(|_| ()),
            Input::File(path) => std::fs::File::open(path)
                .and_then(|f| f.take(MAX_SOURCE_LEN as u64 + 1).read_to_end(&mut bytes))
                .map(|_| ()),
        };
        result.map_err(|e| format!("cannot read {name}: {}", output::io_reason(&e)))?;
        Source::new(name, bytes)
    }
}

fn unknown_extension(path: &Path) -> String {
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
    inputs: Vec<Input>,
    format: Option<Format>,
    out: &mut W,
    mut new_sink: impl FnMut() -> S,
    mut on_position: impl FnMut(&mut W, &Source, PositionRead, S) -> Result<(), Stop>,
    mut on_error: impl FnMut(ErrorReport),
) -> Result<bool, Stop> {
    let mut clean = true;
    for input in inputs {
        let read = input.format(format).and_then(|f| Ok((f, input.read()?)));
        let (format, source) = match read {
            Ok(ok) => ok,
            Err(message) => {
                out.flush()?;
                output::report_error(&message);
                clean = false;
                on_error(ErrorReport {
                    source: input.name(),
                    line: None,
                    column: None,
                    message,
                });
                continue;
            }
        };
        let mut reader = syntax::reader(format, &source);
        loop {
            let mut sink = Warned {
                inner: new_sink(),
                warnings: Vec::new(),
            };
            match reader.next_position(&mut sink) {
                None => break,
                Some(Ok(read)) => {
                    if !sink.warnings.is_empty() {
                        out.flush()?;
                        for warning in &sink.warnings {
                            output::report_warning(warning, &source);
                        }
                    }
                    on_position(out, &source, read, sink.inner)?;
                }
                Some(Err(diagnostic)) => {
                    out.flush()?;
                    output::report_diagnostic(&diagnostic, &source);
                    clean = false;
                    let at = source.locate(diagnostic.span.start as usize);
                    on_error(ErrorReport {
                        source: source.name().to_string(),
                        line: Some(at.line),
                        column: Some(at.column),
                        message: diagnostic.message,
                    });
                }
            }
        }
    }
    Ok(clean)
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

/// `<file>` or `<file>#<case>`: how reports name a position.
pub fn position_label(source: &Source, read: &PositionRead) -> String {
    match read.case {
        Some(case) => format!("{}#{case}", source.name()),
        None => source.name().to_string(),
    }
}
