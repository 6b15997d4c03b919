//! `hackenbush analyze`: values, nim-sum, winner and (with `--moves`) every winning move
//! of every position of every input.

use std::io::Write;
use std::process::ExitCode;

use hackenbush::analysis::position::winning_moves;
use hackenbush::report::json::JsonReport;
use hackenbush::report::{GraphReport, MoveReport, PositionReport, text};
use hackenbush::source::Source;
use hackenbush::syntax::{GraphDecl, GraphSink};
use hackenbush::{Analyzed, Summarized};

use super::args::AnalyzeArgs;
use super::input::{self, Input};
use super::output::{self, BAD_INPUT, SUCCESS, Stop};

/// Runs the command: every input is reported even when an earlier one failed; the exit
/// status is 2 if any failed.
pub fn run(args: &AnalyzeArgs) -> ExitCode {
    match analyze(args) {
        Ok(true) => ExitCode::from(SUCCESS),
        Ok(false) => ExitCode::from(BAD_INPUT),
        Err(stop) => stop.exit_code(),
    }
}

/// Returns whether every input was read cleanly. Each position is reported as soon as it
/// is read, each graph analyzed as soon as it is read: memory follows the largest graph
/// (or, with `--moves`, the largest position).
fn analyze(args: &AnalyzeArgs) -> Result<bool, Stop> {
    let mut out = output::stdout();
    let mut json = JsonReport::new();
    let mut errors = Vec::new();
    let clean = input::each_position(
        Input::list(&args.input.files),
        args.input.format(),
        &mut out,
        || Evaluated::new(args.moves),
        |out, source, read, graphs| {
            let position = graphs.report(input::position_label(source, &read), source);
            if args.json {
                json.position(out, &position)?;
            } else {
                output::write_text(out, |t| text::write_position(t, &position))?;
            }
            Ok(())
        },
        |error| errors.push(error),
    )?;
    if args.json {
        for error in errors {
            json.error(error);
        }
        json.finish(&mut out)?;
    }
    out.flush()?;
    Ok(clean)
}

/// The graphs of a position as `analyze` reports them: each summarized as it is read
/// (no model), or with `--moves` analyzed in full, since the winning-move search needs
/// every graph's blocks once the nim-sum is known.
enum Evaluated {
    Summaries(Summarized),
    Full(Analyzed),
}

impl Evaluated {
    fn new(moves: bool) -> Self {
        if moves {
            Evaluated::Full(Analyzed::default())
        } else {
            Evaluated::Summaries(Summarized::default())
        }
    }

    /// The report of the position `label` of `source`.
    fn report(self, label: String, source: &Source) -> PositionReport {
        match self {
            Evaluated::Summaries(Summarized { graphs, .. }) => PositionReport::new(label, graphs),
            Evaluated::Full(Analyzed { graphs }) => {
                let mut report = PositionReport::new(
                    label,
                    graphs
                        .iter()
                        .map(|(graph, analysis)| GraphReport::new(graph, analysis))
                        .collect(),
                );
                report.winning_moves = Some(
                    winning_moves(&graphs)
                        .iter()
                        .map(|m| MoveReport::new(m, &graphs, source))
                        .collect(),
                );
                report
            }
        }
    }
}

impl GraphSink for Evaluated {
    fn graph(&mut self, decl: GraphDecl) {
        match self {
            Evaluated::Summaries(summarized) => summarized.graph(decl),
            Evaluated::Full(analyzed) => analyzed.graph(decl),
        }
    }
}
