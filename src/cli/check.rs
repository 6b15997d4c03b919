//! `hackenbush check`. Being written.

use std::process::ExitCode;

use clap::Args;

/// `hackenbush check`.
#[derive(Debug, Args)]
pub struct CheckArgs {}

/// Runs the command.
pub fn run(_args: &CheckArgs) -> ExitCode {
    ExitCode::from(super::output::BAD_INPUT)
}
