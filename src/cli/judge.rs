//! `hackenbush judge`: the Christmas Game judge, `Sally` or `Harry` per test case.

use std::io::Write;
use std::process::ExitCode;

use hackenbush::analysis::lean::{self, Scratch};
use hackenbush::syntax::christmas::{Cases, EdgeLists};

use super::args::JudgeArgs;
use super::input::Input;
use super::output::{self, BAD_INPUT, SUCCESS, Stop};

/// Runs the command. The verdicts before a malformed test case are printed (and flushed)
/// before its error.
pub fn run(args: &JudgeArgs) -> ExitCode {
    match judge(args) {
        Ok(true) => ExitCode::from(SUCCESS),
        Ok(false) => ExitCode::from(BAD_INPUT),
        Err(stop) => stop.exit_code(),
    }
}

fn judge(args: &JudgeArgs) -> Result<bool, Stop> {
    let input = Input::from_arg(args.file.as_ref());
    let source = match input.read() {
        Ok(source) => source,
        Err(message) => {
            output::report_error(&message);
            return Ok(false);
        }
    };
    let mut out = output::stdout();
    // The judge needs values only: bare edge lists and the lean analysis, with buffers
    // reused from case to case.
    let mut cases = Cases::new(source.bytes());
    let mut lists = EdgeLists::default();
    let mut scratch = Scratch::default();
    while let Some(case) = cases.next_edge_lists(&mut lists) {
        match case {
            Ok(()) => {
                let nim_sum = lists.trees.iter().fold(0, |acc, (n, range)| {
                    acc ^ lean::value(*n, &lists.ends[range.clone()], &mut scratch)
                });
                out.write_all(if nim_sum != 0 { b"Sally\n" } else { b"Harry\n" })?;
            }
            Err(diagnostic) => {
                out.flush()?;
                output::report_diagnostic(&diagnostic, &source);
                return Ok(false);
            }
        }
    }
    out.flush()?;
    Ok(true)
}
