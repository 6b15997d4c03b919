//! The `hackenbush` binary: parses the arguments and hands each command to its module.
//! Only this crate prints; the library (`hackenbush`) computes. See `hackenbush --help`.

mod analyze;
mod args;
mod check;
mod completions;
mod convert;
mod docs;
mod dot;
mod explain;
mod file;
mod generate;
mod input;
mod judge;
mod man;
mod output;
mod play;
mod progress;
mod temporary;
mod verify;

use std::io::{self, Write};
use std::process::ExitCode;

use args::{Cli, ColorArg, Command};

/// Runs `hackenbush` with the process's arguments and returns its exit status.
fn main() -> ExitCode {
    let cli = match Cli::from_args() {
        Ok(cli) => cli,
        Err(e) => return clap_message(&e, ColorArg::written(std::env::args_os())),
    };
    // Every coloured stream asks `output`, which reads this choice first.
    cli.color.choice().write_global();
    let status = match &cli.command {
        Command::Analyze(args) => analyze::run(args).map(output::status),
        Command::Judge(args) => judge::run(args).map(output::status),
        Command::Verify(args) => verify::run(args),
        Command::Explain(args) => explain::run(args).map(output::status),
        Command::Dot(args) => dot::run(args).map(output::status),
        Command::Check(args) => check::run(args),
        Command::Gen(args) => generate::run(args).map(output::status),
        Command::Convert(args) => convert::run(args).map(output::status),
        Command::Completions(args) => completions::run(args).map(output::status),
        Command::Man(args) => man::run(args).map(output::status),
        Command::Play(args) => play::run(args).map(output::status),
        Command::Docs(args) => docs::run(args).map(output::status),
    };
    match status {
        Ok(code) => ExitCode::from(code),
        Err(stop) => stop.exit_code(),
    }
}

/// Prints clap's message for arguments it did not parse (help, version, a usage error),
/// coloured by the `--color` written among them if any, and returns the exit status.
fn clap_message(e: &clap::Error, color: Option<ColorArg>) -> ExitCode {
    if let Some(color) = color {
        color.choice().write_global();
    }
    output::settle_clap_color(e.use_stderr());
    if e.use_stderr() {
        // A usage error is bad input (2); its message goes to stderr, like every
        // error, whether or not stderr can take it.
        let _ = e.print();
        return ExitCode::from(output::BAD_INPUT);
    }
    // Help and version requests succeed, when their text reaches stdout: a failed
    // write is reported like any other (a closed pipe is not one).
    match e.print().and_then(|()| io::stdout().flush()) {
        Ok(()) => ExitCode::from(output::SUCCESS),
        Err(e) => output::Stop::from(e).exit_code(),
    }
}
