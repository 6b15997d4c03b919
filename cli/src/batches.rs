//! Christmas test cases streamed in batches of bare edge lists, for `judge` and `analyze`
//! (values and, with `--moves`, the winning cuts by `analysis::green`), with buffers
//! reused from case to case.
//!
//! The input is read through a window of 32 KiB ([`Window`]), test cases are parsed in
//! small batches, and memory holds one batch being parsed and one being valued, however
//! long the input. When the input is more than one batch, the two cores work side by
//! side: while one batch is valued, the next one is parsed (`rayon::join`); results are
//! printed in input order either way.

use std::io::Write;

use hackenbush::EdgeList;
use hackenbush::analysis::green::Workspace;
use hackenbush::diagnostic::Diagnostic;
use hackenbush::report::ErrorReport;
use hackenbush::syntax::christmas::{Cases, EdgeLists};
use hackenbush::syntax::window::Window;

use super::input::{self, Input, Reader};
use super::output::Stop;

/// Files at least this large have their first tree's buffers prepared on the second core
/// while the first batch is read (on a one-tree file of millions of edges, the page faults
/// are worth overlapping).
const PREPARE_FROM_BYTES: u64 = 1 << 20;
/// A batch ends after this many edge ends (or at the end of the test case that passes
/// it), or after this many test cases: small enough to stay in cache (two batches of
/// 256 KiB), large enough that handing batches between the cores costs little. With
/// 4,096 ends, a batch was about one POJ test case and each hand-over (tens of
/// microseconds on a virtual machine) cost more than the second core gave: the judge on
/// 345 POJ cases took 53 to 91 ms on two cores against 44 to 63 on one (21 runs each);
/// with 65,536, about 30 ms, for 0.5 MiB more memory.
const BATCH_ENDS: usize = 1 << 16;
const BATCH_CASES: usize = 1 << 12;

type Stream = Cases<Window<Reader>>;

/// Test cases read but not yet valued.
#[derive(Default)]
pub struct Batch {
    lists: EdgeLists,
    /// Per complete case: one past its last tree in `lists.trees`.
    case_ends: Vec<usize>,
    /// The 1-based number of the batch's first case in the input.
    first_case: u64,
    /// The error that ended the input, after the cases above.
    error: Option<Diagnostic>,
    /// The input ended with this batch (cleanly or not).
    last: bool,
}

impl Batch {
    /// A batch whose lists hold the line of each edge and the vertex numbers when `lines`
    /// (see [`EdgeLists::with_lines`]).
    fn new(lines: bool) -> Self {
        Batch {
            lists: if lines {
                EdgeLists::with_lines()
            } else {
                EdgeLists::default()
            },
            ..Batch::default()
        }
    }

    /// Reads the next cases of `cases` into the batch, up to the batch size; `read` is
    /// how many cases were read before, and is counted on.
    fn fill(&mut self, cases: &mut Stream, read: &mut u64) {
        self.lists.clear();
        self.case_ends.clear();
        self.first_case = *read + 1;
        while self.lists.ends.len() < BATCH_ENDS && self.case_ends.len() < BATCH_CASES {
            match cases.next_edge_lists(&mut self.lists) {
                None => {
                    self.last = true;
                    break;
                }
                Some(Ok(())) => {
                    self.case_ends.push(self.lists.trees.len());
                    *read += 1;
                }
                Some(Err(e)) => {
                    self.error = Some(e);
                    self.last = true;
                    break;
                }
            }
        }
    }

    /// The batch's cases in input order: each one's 1-based number in the input, and the
    /// range of its trees in `lists.trees`.
    fn case_trees(&self) -> impl Iterator<Item = (u64, std::ops::Range<usize>)> + '_ {
        let starts = std::iter::once(0).chain(self.case_ends.iter().copied());
        (self.case_ends.iter().zip(starts).enumerate())
            .map(|(i, (&end, start))| (self.first_case + i as u64, start..end))
    }

    /// The batch's cases in input order: each one's 1-based number in the input, and its
    /// trees, each as its number of vertex ids and its edge ends (vertex 1 of the input
    /// is id 0, the ground; see [`EdgeLists`]).
    pub fn cases(&self) -> impl Iterator<Item = (u64, impl Iterator<Item = (u32, &[u32])>)> {
        let lists = &self.lists;
        self.case_trees().map(move |(case, trees)| {
            let trees = lists.trees[trees].iter();
            (
                case,
                trees.map(|(n, range)| (*n, &lists.ends[range.clone()])),
            )
        })
    }

    /// [`Batch::cases`] with each edge's line and the vertex numbers of each tree, for a
    /// batch read [`Reading::lines`].
    pub fn lined_cases(
        &self,
    ) -> impl Iterator<Item = (u64, impl Iterator<Item = EdgeList<'_>> + Clone)> {
        let lists = &self.lists;
        self.case_trees().map(move |(case, trees)| {
            let trees = trees.map(|t| {
                let (vertices, range) = &lists.trees[t];
                EdgeList {
                    vertices: *vertices,
                    ends: &lists.ends[range.clone()],
                    lines: &lists.lines[range.start / 2..range.end / 2],
                    numbers: &lists.numbers[lists.named[t].clone()],
                }
            });
            (case, trees)
        })
    }
}

/// How [`each_batch`] reads.
#[derive(Clone, Copy, Debug, Default)]
pub struct Reading {
    /// The command reads nothing but christmas: an error that looks like another format
    /// gets the hint for such a command (see [`input::wrong_format_hint`]).
    pub christmas_only: bool,
    /// Lines are counted, and each edge's line kept with it ([`Batch::lined_cases`]).
    pub lines: bool,
}

/// How the input that [`each_batch`] read ended.
pub struct Ended {
    /// Test cases read without error.
    pub cases: u64,
    /// The error that ended the input early, already reported on stderr.
    pub error: Option<ErrorReport>,
}

/// Reads the christmas input `input` batch by batch, as `reading` says: `value` turns each
/// batch into what `state` holds (on either core, with the workspace of the Green
/// core), and `emit` writes what `state` holds to `out` (on this thread, in input
/// order). An error that ends the input early is reported on stderr after what `out`
/// holds, with a hint if the input looks like another format. On a large file, `prepare`
/// makes room for the first tree's vertices and edges (as its first line claims them) on
/// the second core while the first batch is read.
#[allow(clippy::too_many_arguments)]
pub fn each_batch<T: Send, W: Write>(
    input: &Input,
    window: Window<Reader>,
    reading: Reading,
    out: &mut W,
    state: &mut T,
    prepare: impl FnOnce(&mut Workspace, &mut T, usize, usize) + Send,
    mut value: impl FnMut(&Batch, &mut Workspace, &mut T) + Send,
    mut emit: impl FnMut(&mut W, &mut T) -> Result<(), Stop>,
) -> Result<Ended, Stop> {
    let large = window.size().is_some_and(|size| size >= PREPARE_FROM_BYTES);
    let mut cases = Cases::streaming(window);
    if reading.lines {
        cases = cases.counting_lines();
    }
    let mut scratch = Workspace::default();
    let mut current = Batch::new(reading.lines);
    let mut next = Batch::new(reading.lines);
    let mut read = 0;
    match cases.peek_first_tree().filter(|_| large) {
        Some((m, k)) => {
            rayon::join(
                || current.fill(&mut cases, &mut read),
                || prepare(&mut scratch, state, m as usize, k as usize),
            );
        }
        None => current.fill(&mut cases, &mut read),
    }
    // One batch is the whole input: no second core needed. Nor on one core
    // (`RAYON_NUM_THREADS=1`), where every join would hand both halves to the pool's one
    // thread and wait for it: a third of the time went to the scheduler.
    let parallel = !current.last && rayon::current_num_threads() > 1;
    loop {
        if parallel {
            rayon::join(
                || value(&current, &mut scratch, state),
                || next.fill(&mut cases, &mut read),
            );
        } else {
            value(&current, &mut scratch, state);
            next.fill(&mut cases, &mut read);
        }
        emit(out, state)?;
        if current.last {
            out.flush()?;
            let error = current.error.take();
            let error = input::report_end(input, &mut cases, error, reading.christmas_only);
            return Ok(Ended { cases: read, error });
        }
        std::mem::swap(&mut current, &mut next);
    }
}
