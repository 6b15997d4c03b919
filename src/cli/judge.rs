//! `hackenbush judge`: the Christmas Game judge, `Sally` or `Harry` per test case.
//!
//! The judge needs values only, so it reads bare edge lists and uses the lean analysis,
//! with buffers reused from case to case. It streams: the input is read through a window
//! of 32 KiB ([`Window`]), test cases are parsed in small batches, and memory holds one
//! batch being parsed and one being judged, however long the input. When the input is
//! more than one batch, the two cores work side by side: while one batch is being
//! analysed, the next one is parsed (`rayon::join`); verdicts are printed in input order
//! either way.

use std::io::Write;

use hackenbush::analysis::lean::{self, Scratch};
use hackenbush::diagnostic::Diagnostic;
use hackenbush::report::json::{self, CaseLine, ErrorLine};
use hackenbush::syntax::christmas::{Cases, EdgeLists};
use hackenbush::syntax::window::Window;

use super::args::JudgeArgs;
use super::input::{self, Input, Reader};
use super::output::{self, Stop};

/// Files at least this large have their first tree's buffers prepared on the second core
/// while the first batch is read (on a one-tree file of millions of edges, the page faults
/// are worth overlapping).
const PREPARE_FROM_BYTES: u64 = 1 << 20;
/// A batch ends after this many edge ends (or at the end of the test case that passes
/// it), or after this many test cases: small enough to stay in cache, large enough that
/// handing batches between the cores costs little.
const BATCH_ENDS: usize = 1 << 12;
const BATCH_CASES: usize = 1 << 12;

type Stream = Cases<Window<Reader>>;

/// Test cases read but not yet judged.
#[derive(Default)]
struct Batch {
    lists: EdgeLists,
    /// Per complete case: one past its last tree in `lists.trees`.
    case_ends: Vec<usize>,
    /// The error that ended the input, after the cases above.
    error: Option<Diagnostic>,
    /// The input ended with this batch (cleanly or not).
    last: bool,
}

impl Batch {
    /// Reads the next cases of `cases` into the batch, up to the batch size.
    fn fill(&mut self, cases: &mut Stream) {
        self.lists.clear();
        self.case_ends.clear();
        while self.lists.ends.len() < BATCH_ENDS && self.case_ends.len() < BATCH_CASES {
            match cases.next_edge_lists(&mut self.lists) {
                None => {
                    self.last = true;
                    break;
                }
                Some(Ok(())) => self.case_ends.push(self.lists.trees.len()),
                Some(Err(e)) => {
                    self.error = Some(e);
                    self.last = true;
                    break;
                }
            }
        }
    }

    /// `Sally` or `Harry` for each case, as the bytes to print; with `json`, each case's
    /// [`CaseLine`], the cases numbered on from `json`'s count.
    fn verdicts(&self, scratch: &mut Scratch, out: &mut Vec<u8>, json: Option<&mut u64>) {
        out.clear();
        let mut start = 0;
        let mut json = json;
        for &end in &self.case_ends {
            let nim_sum = self.lists.trees[start..end]
                .iter()
                .fold(0, |acc, (n, range)| {
                    acc ^ lean::value(*n, &self.lists.ends[range.clone()], scratch)
                });
            match json.as_deref_mut() {
                None => out.extend_from_slice(if nim_sum != 0 { b"Sally\n" } else { b"Harry\n" }),
                Some(case) => {
                    *case += 1;
                    json::write_line(out, &CaseLine::new(*case, nim_sum))
                        .expect("a Vec takes every write");
                }
            }
            start = end;
        }
    }
}

/// Runs the command; whether the input was clean. The verdicts before a malformed test
/// case are printed (and flushed) before its error.
pub fn run(args: &JudgeArgs) -> Result<bool, Stop> {
    let input = Input::from_arg(args.file.as_ref());
    let mut out = output::stdout();
    let window = match input.window() {
        Ok(window) => window,
        Err(message) => {
            let error = input::report_unopened(&input, message);
            if args.json {
                json::write_line(&mut out, &ErrorLine::new(error))?;
                out.flush()?;
            }
            return Ok(false);
        }
    };
    let large = window.size().is_some_and(|size| size >= PREPARE_FROM_BYTES);
    let mut cases = Cases::streaming(window);
    let mut scratch = Scratch::default();
    let mut printed = Vec::new();
    let mut current = Batch::default();
    let mut next = Batch::default();
    match cases.peek_first_tree().filter(|_| large) {
        Some((m, k)) => {
            rayon::join(
                || current.fill(&mut cases),
                || scratch.prepare(m as usize, k as usize),
            );
        }
        None => current.fill(&mut cases),
    }
    // One batch is the whole input: no second core needed.
    let parallel = !current.last;
    let mut json_cases = args.json.then_some(0);
    loop {
        if parallel {
            rayon::join(
                || current.verdicts(&mut scratch, &mut printed, json_cases.as_mut()),
                || next.fill(&mut cases),
            );
        } else {
            current.verdicts(&mut scratch, &mut printed, json_cases.as_mut());
            next.fill(&mut cases);
        }
        out.write_all(&printed)?;
        if current.last {
            out.flush()?;
            let error = input::report_end(&input, &mut cases, current.error.take());
            if let Some(error) = &error
                && args.json
            {
                json::write_line(&mut out, &ErrorLine::new(error.clone()))?;
                out.flush()?;
            }
            return Ok(error.is_none());
        }
        std::mem::swap(&mut current, &mut next);
    }
}
