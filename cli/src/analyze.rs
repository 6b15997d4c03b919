//! `hackenbush analyze`: values, nim-sum, winner and (with `--moves`) every winning move
//! of every position of every input.

use std::cell::RefCell;
use std::io::Write;

use hackenbush::analysis::green::Workspace;
use hackenbush::diagnostic::Diagnostic;
use hackenbush::game::WholeForms;
use hackenbush::report::json::JsonDocument;
use hackenbush::report::{ErrorReport, PositionReport, text};
use hackenbush::source::{self, Source};
use hackenbush::syntax::GraphDecl;
use hackenbush::syntax::window::Window;
use hackenbush::{Summarized, WithMoves, edge_list_position_with_moves};

use super::args::AnalyzeArgs;
use super::batches::{self, Batch};
use super::input::{self, Input, Reader, Streamed};
use super::output::{self, Stop};
use super::progress;

/// Runs the command: every input is reported even when an earlier one failed. Returns
/// whether every input was read cleanly. Each position is reported as soon as it is read,
/// each graph summarized (or with `--moves`, analyzed) as soon as it is read and then
/// dropped: memory follows the largest graph, and a position's reports of its graphs.
pub fn run(args: &AnalyzeArgs) -> Result<bool, Stop> {
    // Values are written on this thread, as each position is reported.
    let _whole = args.full.then(WholeForms::begin);
    let mut out = output::stdout();
    let budget = args.budget.budget();
    let json = RefCell::new(JsonDocument::report());
    let mut errors = Vec::new();
    let report = |out: &mut Out, position: PositionReport| -> Result<(), Stop> {
        if args.json {
            json.borrow_mut().item(out, &position)?;
        } else {
            output::write_text(out, |t| text::write_position(t, &position))?;
        }
        Ok(())
    };
    let on_error = |error| errors.push(error);
    // Christmas inputs stream as bare edge lists, as the judge reads them (with the line
    // of each edge for the winning moves); the others are read position by position.
    let mut christmas = |out: &mut Out, input: &Input, window, on_error: &mut dyn FnMut(_)| {
        stream_christmas(args, out, input, window, on_error, &report)
    };
    let clean = if args.moves {
        // The winning moves of a graph depend on the nim-sum of the whole position: the
        // lean first reading knows it before the graphs are analyzed.
        input::each_case_streamed(
            &args.input,
            args.case,
            Some(&mut christmas),
            &mut out,
            |_, _, foreseen| {
                let moves = WithMoves::new(foreseen.nim_sum, foreseen.coloured, budget);
                Ok(moves.observed(progress::searches("analyze")))
            },
            |out, source, foreseen, moves| match moves.report(foreseen.label(source)) {
                Ok(position) => report(out, position),
                // `refused` found it before the position was finished: never here.
                Err(refused) => {
                    output::report_error(&refused.message);
                    Ok(())
                }
            },
            on_error,
        )?
    } else if args.case.is_some() {
        // The first reading tells which position is which, so that only the one asked
        // for is valued.
        input::each_case_streamed(
            &args.input,
            args.case,
            Some(&mut christmas),
            &mut out,
            |_, source, foreseen| {
                let summarized = Summarized::new(budget).observed(progress::searches("analyze"));
                Ok(Valuing::Reading(
                    Box::new(summarized),
                    foreseen.label(source),
                ))
            },
            |out, _, _, valuing| match valuing {
                Valuing::Valued(position) => report(out, *position),
                // `refused` valued it before the position was finished: never here.
                Valuing::Reading(..) | Valuing::Refused => Ok(()),
            },
            on_error,
        )?
    } else {
        input::each_position_or_stream(
            &args.input,
            &mut out,
            Some(&mut christmas),
            || Summarized::new(budget).observed(progress::searches("analyze")),
            |out, source, read, summarized| {
                let label = source.label(read.case);
                match summarized.report(label) {
                    Ok(position) => report(out, position).map(Ok),
                    Err(refused) => Ok(Err(refused)),
                }
            },
            on_error,
        )?
    };
    if args.json {
        let mut json = json.into_inner();
        for error in errors {
            json.error(error);
        }
        json.finish(&mut out)?;
    }
    out.flush()?;
    Ok(clean)
}

/// Where the reports go.
type Out = std::io::BufWriter<std::io::Stdout>;

/// A christmas input read as the judge reads it: bare edge lists in batches (with each
/// edge's line for `--moves`), each test case reported by [`hackenbush::edge_list_position`]
/// or [`edge_list_position_with_moves`] (or only case `--case`), its errors handed to
/// `on_error`.
fn stream_christmas(
    args: &AnalyzeArgs,
    out: &mut Out,
    input: &Input,
    window: Window<Reader>,
    on_error: &mut dyn FnMut(ErrorReport),
    report: &impl Fn(&mut Out, PositionReport) -> Result<(), Stop>,
) -> Result<(), Stop> {
    let name = input.name();
    let mut state = Valued::default();
    let value = |batch: &Batch, scratch: &mut _, state: &mut Valued| {
        state.clear();
        let wanted = |case: u64| args.case.is_none_or(|only| only == case);
        let label = |case: u64| source::label(&name, Some(case as usize));
        if args.moves {
            for (case, trees) in batch.lined_cases().filter(|(case, _)| wanted(*case)) {
                let position = edge_list_position_with_moves(label(case), trees, scratch);
                state.keep(args.json, position);
            }
        } else {
            for (case, trees) in batch.cases().filter(|(case, _)| wanted(*case)) {
                let position = hackenbush::edge_list_position(label(case), trees, scratch);
                state.keep(args.json, position);
            }
        }
    };
    let emit = |out: &mut Out, state: &mut Valued| state.write(out, report);
    let reading = batches::Reading {
        christmas_only: false,
        lines: args.moves,
    };
    // The first tree's room where it will be searched: the value search's, or with
    // `--moves` (one search gives a one-tree case its value and cuts) the cut search's.
    let prepare = |scratch: &mut Workspace, _: &mut Valued, vertices, edges| {
        if args.moves {
            scratch.prepare_cuts(vertices, edges);
        } else {
            scratch.prepare(vertices, edges);
        }
    };
    let read = batches::each_batch(
        input, window, reading, out, &mut state, prepare, value, emit,
    )?;
    if let Some(error) = read.error {
        on_error(error);
    }
    if let Some(case) = args.case
        && read.cases < case
    {
        out.flush()?;
        let message = input::no_such_case(&name, read.cases, case);
        output::report_error(&message);
        on_error(ErrorReport::unlocated(name, message));
    }
    Ok(())
}

/// What [`stream_christmas`] makes of a batch, in input order: each position's text, or
/// its report (for JSON, or to be written by the command's report when it is large).
#[derive(Default)]
struct Valued {
    kept: Vec<Kept>,
    text: Vec<u8>,
}

/// One position of a [`Valued`] batch.
enum Kept {
    /// Its text, in `text` up to this offset (from the end of the one before).
    Text(usize),
    /// Its report.
    Report(PositionReport),
}

impl Valued {
    /// A position's text is written where it is valued, beside the reading of the next
    /// batch (a file of small trees has a line for each), unless it is larger than this
    /// many graphs: then its report is written straight to the output, not held twice.
    const TEXT_GRAPHS: usize = 1 << 12;

    fn clear(&mut self) {
        self.kept.clear();
        self.text.clear();
    }

    /// Keeps a position for JSON (its report) or as text.
    fn keep(&mut self, json: bool, position: PositionReport) {
        if json || position.graphs.len() > Self::TEXT_GRAPHS {
            self.kept.push(Kept::Report(position));
        } else {
            output::write_text(&mut self.text, |t| text::write_position(t, &position))
                .expect("a Vec takes every write");
            self.kept.push(Kept::Text(self.text.len()));
        }
    }

    /// Writes what is kept, in input order, text as it is and reports by `report`.
    fn write(
        &mut self,
        out: &mut Out,
        report: &impl Fn(&mut Out, PositionReport) -> Result<(), Stop>,
    ) -> Result<(), Stop> {
        let mut start = 0;
        for kept in self.kept.drain(..) {
            match kept {
                Kept::Text(end) => {
                    out.write_all(&self.text[start..end])?;
                    start = end;
                }
                Kept::Report(position) => report(out, position)?,
            }
        }
        Ok(())
    }
}

/// A position of `analyze --case`: its graphs summarized as they are read, then its report.
enum Valuing {
    Reading(Box<Summarized>, String),
    Valued(Box<PositionReport>),
    Refused,
}

impl<W> Streamed<W> for Valuing {
    fn graph(&mut self, _: &mut W, _: &Source, decl: GraphDecl) -> Result<(), Stop> {
        if let Valuing::Reading(summarized, _) = self {
            hackenbush::syntax::GraphSink::graph(summarized.as_mut(), decl);
        }
        Ok(())
    }

    fn refused(&mut self) -> Option<Diagnostic> {
        let Valuing::Reading(summarized, label) = std::mem::replace(self, Valuing::Refused) else {
            return None;
        };
        match summarized.report(label) {
            Ok(position) => {
                *self = Valuing::Valued(Box::new(position));
                None
            }
            Err(refused) => Some(refused),
        }
    }
}

impl<W> Streamed<W> for WithMoves {
    fn graph(&mut self, _: &mut W, source: &Source, decl: GraphDecl) -> Result<(), Stop> {
        self.add(source, decl);
        Ok(())
    }

    fn refused(&mut self) -> Option<Diagnostic> {
        self.refusal().cloned()
    }
}
