//! Where results and messages go: buffered stdout, stderr with colour when it is a
//! terminal (and `NO_COLOR` is not set), and the exit status policy.
//!
//! A closed stdout (`hackenbush judge big.in | head`) is not an error: the command stops
//! quietly with status 0, as ripgrep does.

use std::io::{self, BufWriter, IsTerminal, Stdout, Write};
use std::process::ExitCode;

use hackenbush::diagnostic::Diagnostic;
use hackenbush::source::Source;

/// Exit status 0: everything was read and reported.
pub const SUCCESS: u8 = 0;
/// Exit status 2: an input was unreadable or malformed, or the command line was wrong.
pub const BAD_INPUT: u8 = 2;

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
    /// The exit status for stopping this way.
    pub fn exit_code(self) -> ExitCode {
        match self {
            Stop::BrokenPipe => ExitCode::from(SUCCESS),
            Stop::Io(e) => {
                let _ = writeln!(io::stderr(), "error: cannot write output: {e}");
                ExitCode::from(BAD_INPUT)
            }
        }
    }
}

/// Buffered standard output.
pub fn stdout() -> BufWriter<Stdout> {
    BufWriter::with_capacity(1 << 16, io::stdout())
}

/// Whether messages on stderr get colour.
fn stderr_color() -> bool {
    std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty()) && io::stderr().is_terminal()
}

/// Prints a located diagnostic on stderr.
pub fn report_diagnostic(diagnostic: &Diagnostic, source: &Source) {
    let text = diagnostic.render(source, stderr_color());
    let _ = writeln!(io::stderr().lock(), "{text}\n");
}

/// Prints a plain error message on stderr.
pub fn report_error(message: &str) {
    let _ = writeln!(io::stderr().lock(), "error: {message}");
}
