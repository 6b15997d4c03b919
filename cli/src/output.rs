//! Where results and messages go: buffered stdout, stderr, colour on either as
//! `--color`, `NO_COLOR`, `CLICOLOR_FORCE` and the terminal decide, and the exit status
//! policy.
//!
//! A closed stdout (`hackenbush judge big.in | head`) is not an error: the command stops
//! quietly with status 0, as ripgrep does.

use std::io::{self, BufWriter, Stdout, Write};
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};

use hackenbush::diagnostic::{Diagnostic, Level};
use hackenbush::pipeline::Failure;
use hackenbush::source::Source;
use hackenbush::wording::printable;

pub use hackenbush::wording::io_reason;

/// Exit status 0: everything was read and reported.
pub const SUCCESS: u8 = 0;
/// Exit status 1: the command checked something and found it wrong (`verify`: the analysis
/// and the game tree disagree).
pub const DISAGREE: u8 = 1;
/// Exit status 2: an input was unreadable or malformed, or the command line was wrong.
pub const BAD_INPUT: u8 = 2;
/// Exit status 3: every input was well formed, but a value needed more search than the
/// budget allows (`--max-positions`, `--max-work`), and was refused.
pub const REFUSED: u8 = 3;

/// The exit status of a command that only reads and reports: [`SUCCESS`] when every input
/// was clean; else [`REFUSED`] when every error reported was a refused search, and
/// [`BAD_INPUT`] otherwise.
pub fn status(clean: bool) -> u8 {
    match (clean, reported()) {
        (true, _) => SUCCESS,
        (false, SUCCESS) => BAD_INPUT,
        (false, worst) => worst,
    }
}

/// The status the errors reported so far call for: [`SUCCESS`] when there were none,
/// [`REFUSED`] when each was a refused search, else [`BAD_INPUT`].
fn reported() -> u8 {
    match (
        FAILED.load(Ordering::Relaxed),
        SEARCH_REFUSED.load(Ordering::Relaxed),
    ) {
        (true, _) => BAD_INPUT,
        (false, true) => REFUSED,
        (false, false) => SUCCESS,
    }
}

/// Why a command stopped early.
pub enum Stop {
    /// stdout was closed by the reader: stop quietly.
    BrokenPipe,
    /// Another I/O error on stdout.
    Io(io::Error),
}

impl From<io::Error> for Stop {
    fn from(e: io::Error) -> Stop {
        if e.kind() == io::ErrorKind::BrokenPipe {
            Stop::BrokenPipe
        } else {
            Stop::Io(e)
        }
    }
}

impl Stop {
    /// The exit status for stopping this way: a closed pipe is not an error in itself,
    /// but an error reported before it still sets the status (2, or 3 for refusals only).
    pub fn exit_code(self) -> ExitCode {
        match self {
            Stop::BrokenPipe => ExitCode::from(reported()),
            Stop::Io(e) => {
                report_error(&format!("cannot write output: {}", io_reason(&e)));
                ExitCode::from(BAD_INPUT)
            }
        }
    }
}

/// Whether an error was reported on stderr during this run, other than a refused search.
static FAILED: AtomicBool = AtomicBool::new(false);

/// Whether a search beyond the budget was reported during this run.
static SEARCH_REFUSED: AtomicBool = AtomicBool::new(false);

/// Runs `render`, which writes text with `std::fmt::Write`, straight into `out`: the
/// first I/O error is the result.
pub fn write_text<W: Write>(
    out: &mut W,
    render: impl FnOnce(&mut Text<'_, W>) -> std::fmt::Result,
) -> io::Result<()> {
    let mut text = Text { out, error: None };
    let result = render(&mut text);
    match (text.error, result) {
        (Some(e), _) => Err(e),
        (None, Ok(())) => Ok(()),
        (None, Err(_)) => Err(io::Error::other("formatting failed")),
    }
}

/// `std::fmt::Write` over an `io::Write`, keeping the first I/O error (see
/// [`write_text`]).
pub struct Text<'a, W> {
    out: &'a mut W,
    error: Option<io::Error>,
}

impl<W: Write> std::fmt::Write for Text<'_, W> {
    fn write_str(&mut self, s: &str) -> std::fmt::Result {
        self.out.write_all(s.as_bytes()).map_err(|e| {
            self.error.get_or_insert(e);
            std::fmt::Error
        })
    }
}

/// Buffered standard output.
pub fn stdout() -> BufWriter<Stdout> {
    BufWriter::with_capacity(1 << 16, io::stdout())
}

/// Whether text written to `stream` gets colour, by the rule of docs/exit-codes.md, first
/// match wins: `--color always` or `never` (anstream's global choice, set before any
/// command runs), then `NO_COLOR` not empty (never), then `CLICOLOR_FORCE` not empty and
/// not `0` (always), then `CLICOLOR=0` (never), then whether `stream` is a terminal that
/// shows colour. anstream's own rule takes `CLICOLOR_FORCE=0` to force colour, against the
/// convention (<https://bixense.com/clicolors/>): so the rule is applied here, with
/// anstyle-query's readings of the variables.
fn color(stream: &impl std::io::IsTerminal) -> bool {
    match anstream::ColorChoice::global() {
        anstream::ColorChoice::Always | anstream::ColorChoice::AlwaysAnsi => true,
        anstream::ColorChoice::Never => false,
        anstream::ColorChoice::Auto => {
            let clicolor = anstyle_query::clicolor();
            if anstyle_query::no_color() {
                false
            } else if clicolor_force() {
                true
            } else if clicolor == Some(false) {
                false
            } else {
                stream.is_terminal()
                    && (anstyle_query::term_supports_color()
                        || clicolor == Some(true)
                        || anstyle_query::is_ci())
            }
        }
    }
}

/// `CLICOLOR_FORCE` set, not empty and not `0`.
fn clicolor_force() -> bool {
    std::env::var_os("CLICOLOR_FORCE").is_some_and(|v| !v.is_empty() && v != "0")
}

/// Settles the colour of clap's own message (help, version, a usage error), on stderr
/// when `on_stderr`, by [`color`]'s rule: clap asks anstream, whose rule differs.
pub fn settle_clap_color(on_stderr: bool) {
    let colored = match on_stderr {
        true => color(&io::stderr()),
        false => color(&io::stdout()),
    };
    match colored {
        true => anstream::ColorChoice::Always.write_global(),
        false => anstream::ColorChoice::Never.write_global(),
    }
}

/// Whether messages on stderr get colour.
fn stderr_color() -> bool {
    color(&io::stderr())
}

/// Whether stdout gets colour (`explain`, `check`).
pub fn stdout_color() -> bool {
    color(&io::stdout())
}

/// Prints a located diagnostic on stderr; after a warning, the run still succeeds.
pub fn report_diagnostic(diagnostic: &Diagnostic, source: &Source) {
    match diagnostic.level {
        Level::Warning => {}
        Level::Refused => SEARCH_REFUSED.store(true, Ordering::Relaxed),
        _ => FAILED.store(true, Ordering::Relaxed),
    }
    let text = diagnostic.render(source, stderr_color());
    let _ = writeln!(io::stderr().lock(), "{text}\n");
}

/// Shows an error of the input on stderr (located, with its source line, when it is
/// about the content), after what `out` holds.
pub fn report_failure(out: &mut impl Write, failure: &Failure<'_>) -> io::Result<()> {
    out.flush()?;
    match failure.located {
        Some((diagnostic, source)) => report_diagnostic(diagnostic, source),
        None => report_error(&failure.report.message),
    }
    Ok(())
}

/// Shows a warning on stderr, after what `out` holds.
pub fn report_warning(
    out: &mut impl Write,
    warning: &Diagnostic,
    source: &Source,
) -> io::Result<()> {
    out.flush()?;
    report_diagnostic(warning, source);
    Ok(())
}

/// The value of `result`, or `None` once its error message is reported on stderr.
pub fn or_report<T>(result: Result<T, String>) -> Option<T> {
    result.map_err(|message| report_error(&message)).ok()
}

/// Prints a plain error message on stderr about a search refused by its budget: the run
/// ends with [`REFUSED`] unless a worse error is reported.
pub fn report_refused(message: &str) {
    SEARCH_REFUSED.store(true, Ordering::Relaxed);
    let _ = writeln!(io::stderr().lock(), "error: {}", printable(message));
}

/// Prints a plain error message on stderr. File names from the command line may hold
/// anything: the message is shown [`printable`].
pub fn report_error(message: &str) {
    FAILED.store(true, Ordering::Relaxed);
    let _ = writeln!(io::stderr().lock(), "error: {}", printable(message));
}
