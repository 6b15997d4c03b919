//! Christmas test cases streamed in batches of bare edge lists, for values
//! ([`edge_list_position`]), winning moves ([`edge_list_position_with_moves`]), verdicts
//! (the nim-sum by the [Green core](crate::analysis::green) alone) and misère play, with
//! buffers reused from case to case.
//!
//! In misère play each test case is decided from the batch's own data, the input being
//! read once: by misère Nim on the ground blocks' values, which the Green core's passes
//! find on the edge lists ([`misere_edge_list_position`]); where they cannot (a polygon
//! through the root: a block on two ground edges), by the models of that test case
//! alone, built from its edge lists ([`misere_edge_list_models`]). The lists keep where
//! each test case's first edge is written ([`EdgeLists::locating`]), so that a refusal
//! (a search beyond the budget) reads as it does when the input is read whole.
//!
//! The input is read through a window of 32 KiB ([`Window`]), test cases are parsed in
//! small batches, and memory holds one batch being parsed and one being valued, however
//! long the input. When the input is more than one batch, the two cores work side by
//! side: while one batch is valued (and rendered, [`Render`]), the next one is parsed
//! ([`threads::join`]); results are handed over in input order either way.

use std::io;

use crate::analysis::green::{self, Workspace};
use crate::diagnostic::Diagnostic;
use crate::report::PositionReport;
use crate::report::misere::MisereReport;
use crate::report::valuing::{
    EdgeList, edge_list_position, edge_list_position_with_moves, misere_edge_list_models,
    misere_edge_list_position,
};
use crate::source::{self, Source, Span};
use crate::syntax::christmas::{Cases, EdgeLists};
use crate::syntax::window::Window;
use crate::threads;

use super::{ByteStream, Compute, Input, Pipeline, Render, Run, Sink, no_such_case};

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

type ChristmasCases = Cases<Window<ByteStream>>;

/// Test cases read but not yet valued.
#[derive(Default)]
struct Batch {
    lists: EdgeLists,
    /// Per complete case: one past its last tree in `lists.trees`.
    case_ends: Vec<usize>,
    /// The 1-based number of the batch's first case in the input.
    first_case: u64,
    /// The error that ended the input, after the cases above.
    error: Option<Diagnostic>,
    /// The input ended with this batch (cleanly or not).
    last: bool,
    /// The batch ended early because the next case has not come yet ([`Cases::waits`]):
    /// its answers go out before the reader waits for more.
    paused: bool,
}

impl Batch {
    /// A batch whose lists hold what `compute` needs beyond the edges: the line of each
    /// edge and the vertex numbers for winning moves ([`EdgeLists::with_lines`]); in
    /// misère play (`misere`), where each test case's first edge is
    /// ([`EdgeLists::locating`]), to locate a refusal.
    fn new(compute: Compute, misere: bool) -> Self {
        Batch {
            lists: match compute {
                Compute::Moves => EdgeLists::with_lines(),
                Compute::Values if misere => EdgeLists::locating(),
                _ => EdgeLists::default(),
            },
            ..Batch::default()
        }
    }

    /// Reads the next cases of `cases` into the batch, up to the batch size; `read` is
    /// how many cases were read before, and is counted on.
    fn fill(&mut self, cases: &mut ChristmasCases, read: &mut u64) {
        self.lists.clear();
        self.case_ends.clear();
        self.first_case = *read + 1;
        self.paused = false;
        while self.lists.ends.len() < BATCH_ENDS && self.case_ends.len() < BATCH_CASES {
            if !self.case_ends.is_empty() && cases.waits() {
                self.paused = true;
                break;
            }
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
    fn cases(&self) -> impl Iterator<Item = (u64, impl Iterator<Item = (u32, &[u32])>)> {
        let lists = &self.lists;
        self.case_trees().map(move |(case, trees)| {
            let trees = lists.trees[trees].iter();
            (
                case,
                trees.map(|(n, range)| (*n, &lists.ends[range.clone()])),
            )
        })
    }

    /// The first edge of the batch's case `case` (its number in the input) as a source
    /// named `name` and the edge's span in it, for lists made [`EdgeLists::locating`]
    /// (a case with no edge: an empty source).
    fn first_edge(&self, case: u64, name: &str) -> (Source, Span) {
        let first = (self
            .lists
            .first_edges
            .get((case - self.first_case) as usize))
        .and_then(Option::as_ref);
        match first {
            Some(first) => (first.excerpt(name, &self.lists), first.span),
            None => (
                Source::short(name.to_string(), String::new()),
                Span::default(),
            ),
        }
    }

    /// [`Batch::cases`] with each edge's line and the vertex numbers of each tree, for a
    /// batch of lists made [`EdgeLists::with_lines`].
    fn lined_cases(
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

/// What a batch becomes on the core that values it, in input order: rendered bytes, or
/// reports for the sink.
struct Results<R> {
    render: R,
    kept: Vec<Kept>,
    bytes: Vec<u8>,
}

/// One run of positions of a batch's [`Results`].
enum Kept {
    /// Rendered, in `bytes` up to this offset (from the end of the one before).
    Rendered(usize),
    /// A report.
    Report(PositionReport),
    /// A report in misère play.
    Misere(MisereReport),
    /// Why a test case was not analyzed (in misère play, a search beyond the budget),
    /// located in the source that holds its first edge.
    Refused(Box<(Diagnostic, Source)>),
}

impl<R: Render> Results<R> {
    /// A position's text is rendered where it is valued, beside the reading of the next
    /// batch (a file of small trees has a line for each), unless it is larger than this
    /// many graphs: then its report goes to the sink, not held twice.
    const RENDERED_GRAPHS: usize = 1 << 12;

    fn new(render: R) -> Self {
        Results {
            render,
            kept: Vec::new(),
            bytes: Vec::new(),
        }
    }

    fn clear(&mut self) {
        self.kept.clear();
        self.bytes.clear();
    }

    /// What was rendered since the last run kept joins the runs.
    fn rendered(&mut self) {
        let end = self.bytes.len();
        match self.kept.last_mut() {
            Some(Kept::Rendered(last)) => *last = end,
            _ => self.kept.push(Kept::Rendered(end)),
        }
    }

    /// Renders `position`, or keeps its report.
    fn keep(&mut self, position: PositionReport) {
        if position.graphs.len() <= Self::RENDERED_GRAPHS
            && self.render.position(&position, &mut self.bytes)
        {
            self.rendered();
        } else {
            self.kept.push(Kept::Report(position));
        }
    }

    /// Hands what is kept to the sink of `run`, in input order.
    fn emit<S: Sink + ?Sized>(&mut self, run: &mut Run<'_, S>) -> io::Result<()> {
        let mut start = 0;
        for kept in self.kept.drain(..) {
            match kept {
                Kept::Rendered(end) => {
                    run.sink.rendered(&self.bytes[start..end])?;
                    start = end;
                }
                Kept::Report(position) => run.sink.report(position)?,
                Kept::Misere(position) => run.sink.misere(position)?,
                Kept::Refused(refused) => run.malformed(&refused.0, &refused.1, &mut None)?,
            }
        }
        Ok(())
    }
}

/// Reads the christmas input `input` through `window`, batch by batch, and computes what
/// `pipeline` asks of each test case (or of case `pipeline.case` only) on either core;
/// what is rendered or reported goes to the sink on this thread, in input order. The
/// error that ends the input early is reported after them, with a hint if the input
/// looks like another format. On a large file, the first tree's buffers (as its first
/// line claims them) are prepared on the second core while the first batch is read.
pub(super) fn read<S: Sink + ?Sized>(
    pipeline: &Pipeline,
    run: &mut Run<'_, S>,
    input: &Input,
    window: Window<ByteStream>,
) -> io::Result<()> {
    let compute = pipeline.compute;
    let misere = pipeline.misere();
    let moves = matches!(compute, Compute::Moves);
    let large = window.size().is_some_and(|size| size >= PREPARE_FROM_BYTES);
    let mut cases = Cases::streaming(window);
    if moves {
        cases = cases.counting_lines();
    }
    let mut scratch = Workspace::default();
    let mut current = Batch::new(compute, misere);
    let mut next = Batch::new(compute, misere);
    let mut state = Results::new(run.sink.renderer());
    let name = input.name();
    let mut read = 0;
    // The first tree's room where it will be searched: the value search's, or with moves
    // (one search gives a one-tree case its value and cuts) the cut search's.
    let prepare = |scratch: &mut Workspace, m, k| {
        if moves {
            scratch.prepare_cuts(m, k);
        } else {
            scratch.prepare(m, k);
        }
    };
    match cases.peek_first_tree().filter(|_| large) {
        Some((m, k)) => {
            threads::join(
                || current.fill(&mut cases, &mut read),
                || prepare(&mut scratch, m as usize, k as usize),
            );
        }
        None => current.fill(&mut cases, &mut read),
    }
    let value = |batch: &Batch, scratch: &mut Workspace, state: &mut Results<S::Render>| {
        value(pipeline, &name, batch, scratch, state)
    };
    // One batch is the whole input: no second core needed. Nor on one core
    // (`RAYON_NUM_THREADS=1`), where every join would hand both halves to the pool's one
    // thread and wait for it: a third of the time went to the scheduler.
    let parallel = !current.last && threads::current_num_threads() > 1;
    loop {
        if parallel && !current.paused {
            threads::join(
                || value(&current, &mut scratch, &mut state),
                || next.fill(&mut cases, &mut read),
            );
            state.emit(run)?;
        } else {
            // The answers go out before the next batch is read, which may wait for input
            // (whoever writes it may be waiting for them).
            value(&current, &mut scratch, &mut state);
            state.emit(run)?;
            if current.paused {
                run.sink.waiting()?;
            }
            if !current.last {
                next.fill(&mut cases, &mut read);
            }
        }
        if current.last {
            let error = current.error.take();
            let malformed = error.is_some() || cases.feed().error().is_some();
            run.sink.ended(input, read, malformed)?;
            run.end(
                input,
                cases.feed_mut(),
                error,
                Some(compute.christmas_only()),
            )?;
            if let Some(case) = pipeline.case
                && read < case
            {
                run.unlocated(name.clone(), no_such_case(&name, read, case))?;
            }
            return Ok(());
        }
        std::mem::swap(&mut current, &mut next);
    }
}

/// Values the cases of `batch` (only case `pipeline.case`, when given) as `pipeline`
/// computes, into `state`: the cases of input `name`.
fn value<R: Render>(
    pipeline: &Pipeline,
    name: &str,
    batch: &Batch,
    scratch: &mut Workspace,
    state: &mut Results<R>,
) {
    state.clear();
    let only = pipeline.case;
    let wanted = |case: u64| only.is_none_or(|only| only == case);
    let label = |case: u64| source::label(name, Some(case as usize));
    match pipeline.compute {
        // Misère play: each test case by misère Nim on the Green core's ground terms, or
        // (a polygon through the root) by its models, built from its edge lists.
        Compute::Values if pipeline.misere() => {
            for (case, trees) in batch.cases().filter(|(case, _)| wanted(*case)) {
                let trees = trees.collect::<Vec<_>>();
                let kept = match misere_edge_list_position(label(case), trees.clone(), scratch) {
                    Some(position) => Kept::Misere(position),
                    None => {
                        let (source, first) = batch.first_edge(case, name);
                        let budget = pipeline.budget;
                        match misere_edge_list_models(label(case), trees, (&source, first), budget)
                        {
                            Ok(position) => Kept::Misere(position),
                            Err(refused) => Kept::Refused(Box::new((refused, source))),
                        }
                    }
                };
                state.kept.push(kept);
            }
        }
        Compute::Verdicts | Compute::Answers(_) => {
            for (case, trees) in batch.cases().filter(|(case, _)| wanted(*case)) {
                let nim_sum = trees.fold(0, |acc, (n, ends)| acc ^ green::value(n, ends, scratch));
                state.render.verdict(name, case, nim_sum, &mut state.bytes);
            }
            if !state.bytes.is_empty() {
                state.rendered();
            }
        }
        Compute::Moves => {
            for (case, trees) in batch.lined_cases().filter(|(case, _)| wanted(*case)) {
                let position = edge_list_position_with_moves(label(case), trees, scratch);
                state.keep(position);
            }
        }
        _ => {
            for (case, trees) in batch.cases().filter(|(case, _)| wanted(*case)) {
                state.keep(edge_list_position(label(case), trees, scratch));
            }
        }
    }
}
