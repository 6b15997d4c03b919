//! `hackenbush judge`: the Christmas Game judge, `Sally` or `Harry` per test case.
//!
//! The judge needs values only, so it reads bare edge lists and uses the lean analysis,
//! with buffers reused from case to case. On large inputs the two cores work side by side:
//! while one batch of test cases is being analysed, the next one is parsed
//! (`rayon::join`); verdicts are printed in input order either way.

use std::io::Write;
use std::process::ExitCode;

use hackenbush::analysis::lean::{self, Scratch};
use hackenbush::diagnostic::Diagnostic;
use hackenbush::syntax::christmas::{Cases, EdgeLists};

use super::args::JudgeArgs;
use super::input::Input;
use super::output::{self, BAD_INPUT, SUCCESS, Stop};

/// Inputs at least this large are judged on both cores.
const PARALLEL_FROM_BYTES: usize = 1 << 20;
/// A batch ends after this many edge ends, or this many test cases.
const BATCH_ENDS: usize = 1 << 20;
const BATCH_CASES: usize = 1 << 14;

/// Runs the command. The verdicts before a malformed test case are printed (and flushed)
/// before its error.
pub fn run(args: &JudgeArgs) -> ExitCode {
    match judge(args) {
        Ok(true) => ExitCode::from(SUCCESS),
        Ok(false) => ExitCode::from(BAD_INPUT),
        Err(stop) => stop.exit_code(),
    }
}

/// Test cases read but not yet judged.
#[derive(Default)]
struct Batch {
    lists: EdgeLists,
    /// Per complete case: one past its last tree in `lists.trees`.
    case_ends: Vec<usize>,
    /// The error that ended the input, after the cases above.
    error: Option<Diagnostic>,
}

impl Batch {
    /// Reads the next cases of `cases` into the batch, up to the batch size.
    fn fill(&mut self, cases: &mut Cases<'_>) {
        self.lists.clear();
        self.case_ends.clear();
        while self.lists.ends.len() < BATCH_ENDS && self.case_ends.len() < BATCH_CASES {
            match cases.next_edge_lists(&mut self.lists) {
                None => break,
                Some(Ok(())) => self.case_ends.push(self.lists.trees.len()),
                Some(Err(e)) => {
                    self.error = Some(e);
                    break;
                }
            }
        }
    }

    /// `Sally` or `Harry` for each case, as the bytes to print.
    fn verdicts(&self, scratch: &mut Scratch, out: &mut Vec<u8>) {
        out.clear();
        let mut start = 0;
        for &end in &self.case_ends {
            let nim_sum = self.lists.trees[start..end]
                .iter()
                .fold(0, |acc, (n, range)| {
                    acc ^ lean::value(*n, &self.lists.ends[range.clone()], scratch)
                });
            out.extend_from_slice(if nim_sum != 0 { b"Sally\n" } else { b"Harry\n" });
            start = end;
        }
    }

    fn is_done(&self) -> bool {
        self.case_ends.is_empty() && self.error.is_none()
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
    let parallel = source.bytes().len() >= PARALLEL_FROM_BYTES;
    let mut out = output::stdout();
    let mut cases = Cases::new(source.bytes());
    let mut scratch = Scratch::default();
    let mut printed = Vec::new();
    let mut current = Batch::default();
    let mut next = Batch::default();
    match cases.peek_first_tree().filter(|_| parallel) {
        // One core reads the first batch while the other makes room for its first tree
        // (on a one-tree file of millions of edges, the page faults are worth overlapping).
        Some((m, k)) => {
            rayon::join(
                || current.fill(&mut cases),
                || scratch.prepare(m as usize, k as usize),
            );
        }
        None => current.fill(&mut cases),
    }
    loop {
        if parallel {
            rayon::join(
                || current.verdicts(&mut scratch, &mut printed),
                || next.fill(&mut cases),
            );
        } else {
            current.verdicts(&mut scratch, &mut printed);
            next.fill(&mut cases);
        }
        out.write_all(&printed)?;
        if let Some(error) = current.error.take() {
            out.flush()?;
            output::report_diagnostic(&error, &source);
            return Ok(false);
        }
        std::mem::swap(&mut current, &mut next);
        if current.is_done() {
            break;
        }
    }
    out.flush()?;
    Ok(true)
}
