//! An input read whole, position by position: once, each position's graphs collected or
//! valued as they come; or twice, a lean first reading one position ahead of the one
//! that hands each graph over as soon as it is read (see the [pipeline](super)).

use std::io;

use crate::analysis::green::Workspace;
use crate::analysis::partizan::Budget;
use crate::analysis::{SearchProgress, summary};
use crate::diagnostic::Diagnostic;
use crate::report::valuing::{Summarized, WithMoves, misere_position};
use crate::source::{Origin, Source};
use crate::syntax::{self, Collected, Format, GraphDecl, GraphSink, PositionRead, Reader, cgsuite};

use super::{Compute, Foreseen, Pipeline, Reported, Run, Sink};

/// Reads `source`, in `format`, as `pipeline` computes; the first parse error gets
/// `hint`.
pub(super) fn read<S: Sink + ?Sized>(
    pipeline: &Pipeline,
    run: &mut Run<'_, S>,
    format: Format,
    source: &Source,
    hint: &mut Option<String>,
) -> io::Result<()> {
    let mut tally = Tally::default();
    read_part(pipeline, run, format, source, hint, &mut tally)?;
    run.no_such_case(source, pipeline.case, tally.read)
}

/// What was read of an input read in parts ([`read_part`]).
#[derive(Debug, Default)]
pub(super) struct Tally {
    /// Positions read without error, in every part so far.
    pub(super) read: u64,
    /// A position was malformed: the reader stopped there, and the input is read no
    /// further.
    pub(super) malformed: bool,
}

/// Reads `source`, a part of an input in `format` that starts at a line of it (a
/// cgsuite input is read a block of lines at a time), or the whole input, as `pipeline`
/// computes; `tally` counts on what was read before it. The first parse error gets
/// `hint`. Whether position `pipeline.case` was there is for the caller to tell, once
/// the input has ended.
pub(super) fn read_part<S: Sink + ?Sized>(
    pipeline: &Pipeline,
    run: &mut Run<'_, S>,
    format: Format,
    source: &Source,
    hint: &mut Option<String>,
    tally: &mut Tally,
) -> io::Result<()> {
    let (budget, case) = (pipeline.budget, pipeline.case);
    let reading = Reading {
        format,
        source,
        hint,
        tally,
    };
    match pipeline.compute {
        // Misère play looks at the whole position: its graphs are collected as read, then
        // analyzed together.
        Compute::Values | Compute::Moves if pipeline.misere() => {
            let moves = matches!(pipeline.compute, Compute::Moves);
            reading.once(
                run,
                case,
                |_| Collected::default(),
                |sink, read, collected| {
                    let label = source.label(read.case);
                    let graphs = collected.into_position(read).graphs;
                    match misere_position(source, graphs, label, budget, moves) {
                        Ok(position) => sink.misere(position).map(Ok),
                        Err(refused) => Ok(Err(refused)),
                    }
                },
            )
        }
        Compute::Positions | Compute::Cases(_) => reading.once(
            run,
            case,
            |_| Collected::default(),
            |sink, read, collected| sink.position(source, collected.into_position(read)),
        ),
        // Values of every position: each is valued as it is read; only the graphs'
        // reports are kept.
        Compute::Values if case.is_none() => reading.once(
            run,
            None,
            |sink| observed_summary(budget, sink.progress()),
            |sink, read, summarized| match summarized.report(source.label(read.case)) {
                Ok(position) => sink.report(position).map(Ok),
                Err(refused) => Ok(Err(refused)),
            },
        ),
        Compute::Graphs => reading.twice(run, case, &mut Forwarded),
        // The winning moves of a graph depend on the nim-sum of the whole position, which
        // the first reading knows before the graphs are analyzed; with a case, the first
        // reading tells which position is which, so that only the one asked for is valued.
        Compute::Values | Compute::Moves => {
            let moves = matches!(pipeline.compute, Compute::Moves);
            let mut valuing = Valuing {
                budget,
                moves,
                position: None,
            };
            reading.twice(run, case, &mut valuing)
        }
        // Read as christmas (or as a problem's input) through a window, never whole.
        Compute::Verdicts | Compute::Violations(_) | Compute::Answers(_) | Compute::Promises(_) => {
            Ok(())
        }
    }
}

/// A source being read in a format, the hint its first parse error gets, and what was
/// read before it and in it.
struct Reading<'a> {
    format: Format,
    source: &'a Source,
    hint: &'a mut Option<String>,
    tally: &'a mut Tally,
}

impl<'a> Reading<'a> {
    /// A reader of the source: of a part of a cgsuite input past its start, one that
    /// numbers its positions on from those read before.
    fn reader(&self) -> Box<dyn Reader + 'a> {
        let source: &'a Source = self.source;
        match self.format {
            Format::Cgsuite if source.origin() != Origin::default() => Box::new(
                cgsuite::Lines::continuing(source.bytes(), self.tally.read as usize),
            ),
            format => syntax::reader(format, source),
        }
    }

    /// Reads the source once, position by position: the graphs of each go to a new
    /// graph sink from `new`, and the graph sink goes to `done` when the position is
    /// complete, after its warnings. Malformed positions, and those `done` refuses, are
    /// reported; the positions after them are still read. Only position `case` (from 1)
    /// goes to `done` when it is `Some`; fewer positions is an error.
    fn once<S: Sink + ?Sized, G: GraphSink>(
        self,
        run: &mut Run<'_, S>,
        case: Option<u64>,
        mut new: impl FnMut(&mut S) -> G,
        mut done: impl FnMut(&mut S, PositionRead, G) -> io::Result<Reported>,
    ) -> io::Result<()> {
        let source = self.source;
        let mut reader = self.reader();
        loop {
            let mut sink = Warned {
                inner: new(run.sink),
                warnings: Vec::new(),
            };
            match reader.next_position(&mut sink) {
                None => return Ok(()),
                Some(Ok(read)) => {
                    self.tally.read += 1;
                    if case.is_some_and(|case| read.case.unwrap_or(1) as u64 != case) {
                        continue;
                    }
                    run.warnings(&sink.warnings, source)?;
                    if let Err(refused) = done(run.sink, read, sink.inner)? {
                        run.malformed(&refused, source, &mut None)?;
                    }
                }
                Some(Err(diagnostic)) => {
                    self.tally.malformed = true;
                    run.malformed(&diagnostic, source, self.hint)?;
                }
            }
        }
    }

    /// Reads the source twice, the lean first reading one position ahead: each
    /// position's graphs go to `streamed` as soon as the second reading reads them, once
    /// the first has [`Foreseen`] what the position holds. A malformed position is found
    /// by the first reading, so nothing of it is handed over but its error; warnings are
    /// reported before the position is started. Only position `case` (from 1) is started
    /// when it is `Some`: the others are read, for their errors; fewer positions is an
    /// error.
    fn twice<S: Sink + ?Sized>(
        self,
        run: &mut Run<'_, S>,
        case: Option<u64>,
        streamed: &mut impl Streamed<S>,
    ) -> io::Result<()> {
        let source = self.source;
        let mut ahead = self.reader();
        let mut reader = self.reader();
        let mut lean = Lean::default();
        loop {
            lean.start();
            let next = ahead.next_position(&mut lean);
            if let Some(Ok(read)) = &next {
                self.tally.read += 1;
                if case.is_some_and(|case| read.case.unwrap_or(1) as u64 != case) {
                    let _ = reader.next_position(&mut Skipped);
                    continue;
                }
            }
            match next {
                None => return Ok(()),
                Some(Err(diagnostic)) => {
                    self.tally.malformed = true;
                    // The second reading stops at the same error: skip it there.
                    let _ = reader.next_position(&mut Skipped);
                    run.malformed(&diagnostic, source, self.hint)?;
                }
                Some(Ok(read)) => {
                    run.warnings(&lean.warnings, source)?;
                    let foreseen = Foreseen {
                        case: read.case,
                        graphs: lean.graphs,
                        nim_sum: lean.nim_sum,
                        coloured: lean.coloured,
                    };
                    streamed.start(run.sink, source, &foreseen)?;
                    let mut feeding = Feeding {
                        sink: &mut *run.sink,
                        streamed: &mut *streamed,
                        source,
                        stop: None,
                    };
                    let read = reader.next_position(&mut feeding);
                    if let Some(stop) = feeding.stop {
                        return Err(stop);
                    }
                    // The two readings read the same text alike, so the second finds no
                    // error and no end where the first found a position.
                    match read {
                        Some(Ok(_)) => {
                            if let Err(refused) = streamed.finish(run.sink, source, &foreseen)? {
                                run.malformed(&refused, source, &mut None)?;
                            }
                        }
                        Some(Err(diagnostic)) => {
                            self.tally.malformed = true;
                            run.malformed(&diagnostic, source, self.hint)?;
                        }
                        None => return Ok(()),
                    }
                }
            }
        }
    }
}

/// What becomes of the graphs of a position read twice, as the second reading reads
/// them.
trait Streamed<S: ?Sized> {
    /// A position begins.
    fn start(&mut self, sink: &mut S, source: &Source, foreseen: &Foreseen) -> io::Result<()>;

    /// Its next graph.
    fn graph(&mut self, sink: &mut S, source: &Source, decl: GraphDecl) -> io::Result<()>;

    /// It is complete: or why it cannot be reported.
    fn finish(
        &mut self,
        sink: &mut S,
        source: &Source,
        foreseen: &Foreseen,
    ) -> io::Result<Reported>;
}

/// Each graph to the sink ([`Compute::Graphs`]).
struct Forwarded;

impl<S: Sink + ?Sized> Streamed<S> for Forwarded {
    fn start(&mut self, sink: &mut S, source: &Source, foreseen: &Foreseen) -> io::Result<()> {
        sink.start(source, foreseen)
    }

    fn graph(&mut self, sink: &mut S, source: &Source, decl: GraphDecl) -> io::Result<()> {
        sink.graph(source, decl)
    }

    fn finish(
        &mut self,
        sink: &mut S,
        source: &Source,
        foreseen: &Foreseen,
    ) -> io::Result<Reported> {
        sink.finish(source, foreseen)
    }
}

/// Each position valued as its graphs are read, with its winning moves when `moves`,
/// and its report to the sink.
struct Valuing {
    budget: Budget,
    moves: bool,
    position: Option<Reporting>,
}

/// The report of a position being valued, as its graphs come.
enum Reporting {
    Values(Box<Summarized>),
    Moves(Box<WithMoves>),
}

/// A [`Summarized`] within `budget`, telling `progress` how its searches go.
fn observed_summary(budget: Budget, progress: Option<SearchProgress>) -> Summarized {
    let summarized = Summarized::new(budget);
    match progress {
        Some(progress) => summarized.observed(progress),
        None => summarized,
    }
}

impl<S: Sink + ?Sized> Streamed<S> for Valuing {
    fn start(&mut self, sink: &mut S, _: &Source, foreseen: &Foreseen) -> io::Result<()> {
        let progress = sink.progress();
        self.position = Some(if self.moves {
            let moves = WithMoves::new(foreseen.nim_sum, foreseen.coloured, self.budget);
            Reporting::Moves(Box::new(match progress {
                Some(progress) => moves.observed(progress),
                None => moves,
            }))
        } else {
            Reporting::Values(Box::new(observed_summary(self.budget, progress)))
        });
        Ok(())
    }

    fn graph(&mut self, _: &mut S, source: &Source, decl: GraphDecl) -> io::Result<()> {
        match &mut self.position {
            Some(Reporting::Values(summarized)) => summarized.graph(decl),
            Some(Reporting::Moves(moves)) => moves.add(source, decl),
            None => {}
        }
        Ok(())
    }

    fn finish(
        &mut self,
        sink: &mut S,
        source: &Source,
        foreseen: &Foreseen,
    ) -> io::Result<Reported> {
        let label = foreseen.label(source);
        let valued = match self.position.take() {
            Some(Reporting::Values(summarized)) => summarized.report(label),
            Some(Reporting::Moves(moves)) => moves.report(label),
            None => return Ok(Ok(())),
        };
        match valued {
            Ok(position) => sink.report(position).map(Ok),
            Err(refused) => Ok(Err(refused)),
        }
    }
}

/// The first reading: each graph's value by the lean search, and the warnings.
#[derive(Default)]
struct Lean {
    graphs: usize,
    nim_sum: u64,
    coloured: bool,
    warnings: Vec<Diagnostic>,
    scratch: Workspace,
}

impl Lean {
    /// Scratch space kept from one graph to the next beyond this many edges is given back
    /// before the second reading: it would sit beside the model of the same graph.
    const KEPT_EDGES: usize = 1 << 16;

    fn start(&mut self) {
        self.graphs = 0;
        self.nim_sum = 0;
        self.coloured = false;
        self.warnings.clear();
    }
}

impl GraphSink for Lean {
    fn graph(&mut self, decl: GraphDecl) {
        self.graphs += 1;
        self.coloured |= !decl.is_green();
        let summary = summary::summarize(decl, &mut self.scratch);
        self.nim_sum ^= summary.value;
        if summary.edges > Self::KEPT_EDGES {
            self.scratch = Workspace::default();
        }
    }

    fn warning(&mut self, warning: Diagnostic) {
        self.warnings.push(warning);
    }
}

/// The second reading of a position the first found malformed, or not asked for.
struct Skipped;

impl GraphSink for Skipped {
    fn graph(&mut self, _: GraphDecl) {}
}

/// The second reading: each graph to `streamed`, with the sink at hand; the first call
/// that fails stops the handing over (the reader reads on, unheard).
struct Feeding<'a, S: ?Sized, T> {
    sink: &'a mut S,
    streamed: &'a mut T,
    source: &'a Source,
    stop: Option<io::Error>,
}

impl<S: ?Sized, T: Streamed<S>> GraphSink for Feeding<'_, S, T> {
    fn graph(&mut self, decl: GraphDecl) {
        if self.stop.is_none()
            && let Err(stop) = self.streamed.graph(self.sink, self.source, decl)
        {
            self.stop = Some(stop);
        }
    }
}

/// Graphs go on to `inner`; warnings wait until the position is complete.
struct Warned<G> {
    inner: G,
    warnings: Vec<Diagnostic>,
}

impl<G: GraphSink> GraphSink for Warned<G> {
    fn graph(&mut self, graph: GraphDecl) {
        self.inner.graph(graph);
    }

    fn warning(&mut self, warning: Diagnostic) {
        self.warnings.push(warning);
    }
}
