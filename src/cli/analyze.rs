//! `hackenbush analyze`: values, nim-sum, winner and (with `--moves`) every winning move
//! of every position of every input.

use std::io::Write;

use hackenbush::Summarized;
use hackenbush::analysis::position::winning_moves_in;
use hackenbush::report::json::JsonReport;
use hackenbush::report::{GraphReport, MoveReport, PositionReport, text};
use hackenbush::source::Source;
use hackenbush::syntax::GraphDecl;

use super::args::AnalyzeArgs;
use super::input::{self, Streamed};
use super::output::{self, Stop};

/// Runs the command: every input is reported even when an earlier one failed. Returns
/// whether every input was read cleanly. Each position is reported as soon as it is read,
/// each graph summarized (or with `--moves`, analyzed) as soon as it is read and then
/// dropped: memory follows the largest graph, and a position's reports of its graphs.
pub fn run(args: &AnalyzeArgs) -> Result<bool, Stop> {
    let mut out = output::stdout();
    let mut json = JsonReport::new();
    let mut errors = Vec::new();
    let mut report = |out: &mut _, position: PositionReport| -> Result<(), Stop> {
        if args.json {
            json.position(out, &position)?;
        } else {
            output::write_text(out, |t| text::write_position(t, &position))?;
        }
        Ok(())
    };
    let on_error = |error| errors.push(error);
    let clean = if args.moves {
        // The winning moves of a graph depend on the nim-sum of the whole position: the
        // lean first reading knows it before the graphs are analyzed.
        input::each_position_streamed(
            &args.input,
            &mut out,
            |_, _, foreseen| Ok(Moving::new(foreseen.nim_sum)),
            |out, source, foreseen, moving| {
                let mut position = PositionReport::new(foreseen.label(source), moving.graphs);
                position.winning_moves = Some(moving.moves);
                report(out, position)
            },
            on_error,
        )?
    } else {
        input::each_position(
            &args.input,
            &mut out,
            Summarized::default,
            |out, source, read, summarized| {
                let label = input::label(source, read.case);
                report(out, PositionReport::new(label, summarized.graphs))
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

/// The graphs of a position with `--moves`: each analyzed as it is read, its report and
/// winning moves kept, its model dropped.
struct Moving {
    nim_sum: u64,
    graphs: Vec<GraphReport>,
    moves: Vec<MoveReport>,
}

impl Moving {
    fn new(nim_sum: u64) -> Self {
        Moving {
            nim_sum,
            graphs: Vec::new(),
            moves: Vec::new(),
        }
    }
}

impl<W> Streamed<W> for Moving {
    fn graph(&mut self, _: &mut W, source: &Source, decl: GraphDecl) -> Result<(), Stop> {
        let (graph, analysis) = hackenbush::analyze_graph(decl, self.graphs.len());
        let moves = winning_moves_in(self.graphs.len(), &graph, &analysis, self.nim_sum);
        self.moves
            .extend(moves.iter().map(|m| MoveReport::new(m, &graph, source)));
        self.graphs.push(GraphReport::new(&graph, &analysis));
        Ok(())
    }
}
