//! The command line: parses the arguments and hands each command to its module. Only
//! this part of the program prints; the library computes.

mod analyze;
mod args;
mod check;
mod dot;
mod explain;
mod generate;
mod input;
mod judge;
mod output;
mod verify;

use std::process::ExitCode;

use clap::Parser;

use args::{Cli, Command};

/// Runs `hackenbush` with the process's arguments and returns its exit status.
pub fn run() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            let _ = e.print();
            // Help and version requests succeed; usage errors are bad input (2).
            return ExitCode::from(if e.use_stderr() { output::BAD_INPUT } else { 0 });
        }
    };
    match &cli.command {
        Command::Analyze(args) => analyze::run(args),
        Command::Judge(args) => judge::run(args),
        Command::Verify(args) => verify::run(args),
        Command::Explain(args) => explain::run(args),
        Command::Dot(args) => dot::run(args),
        Command::Check(args) => check::run(args),
        Command::Gen(args) => generate::run(args),
    }
}
