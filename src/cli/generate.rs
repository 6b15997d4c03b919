//! `hackenbush gen`. Being written.

use std::process::ExitCode;

use clap::Args;

/// `hackenbush gen`.
#[derive(Debug, Args)]
pub struct GenArgs {}

/// Runs the command.
pub fn run(_args: &GenArgs) -> ExitCode {
    ExitCode::from(super::output::BAD_INPUT)
}
