//! `hackenbush analyze`: values, nim-sum, winner and (with `--moves`) every winning move
//! of every position of every input.

use std::io::Write;

use hackenbush::diagnostic::Diagnostic;
use hackenbush::report::json::JsonDocument;
use hackenbush::report::{PositionReport, text};
use hackenbush::source::Source;
use hackenbush::syntax::GraphDecl;
use hackenbush::{Summarized, WithMoves};

use super::args::AnalyzeArgs;
use super::input::{self, Streamed};
use super::output::{self, Stop};
use super::progress;

/// Runs the command: every input is reported even when an earlier one failed. Returns
/// whether every input was read cleanly. Each position is reported as soon as it is read,
/// each graph summarized (or with `--moves`, analyzed) as soon as it is read and then
/// dropped: memory follows the largest graph, and a position's reports of its graphs.
pub fn run(args: &AnalyzeArgs) -> Result<bool, Stop> {
    let mut out = output::stdout();
    let budget = args.budget.budget();
    let mut json = JsonDocument::report();
    let mut errors = Vec::new();
    let mut report = |out: &mut _, position: PositionReport| -> Result<(), Stop> {
        if args.json {
            json.item(out, &position)?;
        } else {
            output::write_text(out, |t| text::write_position(t, &position))?;
        }
        Ok(())
    };
    let on_error = |error| errors.push(error);
    let clean = if args.moves {
        // The winning moves of a graph depend on the nim-sum of the whole position: the
        // lean first reading knows it before the graphs are analyzed.
        input::each_case_streamed(
            &args.input,
            args.case,
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
        input::each_position(
            &args.input,
            &mut out,
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
        for error in errors {
            json.error(error);
        }
        json.finish(&mut out)?;
    }
    out.flush()?;
    Ok(clean)
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
