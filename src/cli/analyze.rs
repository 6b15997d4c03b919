//! `hackenbush analyze`: values, nim-sum, winner and (with `--moves`) every winning move
//! of every position of every input.

use std::io::Write;

use hackenbush::Summarized;
use hackenbush::analysis::Analysis;
use hackenbush::analysis::partizan::Budget;
use hackenbush::analysis::position::winning_moves_in;
use hackenbush::diagnostic::Diagnostic;
use hackenbush::game::Calculator;
use hackenbush::model::Graph;
use hackenbush::report::json::JsonReport;
use hackenbush::report::{
    self, GraphReport, MoveReport, PartizanMoves, PositionCuts, PositionReport, Value, text,
};
use hackenbush::source::{Source, Span};
use hackenbush::syntax::GraphDecl;

use super::args::AnalyzeArgs;
use super::input::{self, Foreseen, Streamed};
use super::output::{self, Stop};
use super::progress;

/// Runs the command: every input is reported even when an earlier one failed. Returns
/// whether every input was read cleanly. Each position is reported as soon as it is read,
/// each graph summarized (or with `--moves`, analyzed) as soon as it is read and then
/// dropped: memory follows the largest graph, and a position's reports of its graphs.
pub fn run(args: &AnalyzeArgs) -> Result<bool, Stop> {
    let mut out = output::stdout();
    let budget = args.budget.budget();
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
            |_, _, foreseen| Ok(Moving::new(foreseen, budget)),
            |out, source, foreseen, moving| report(out, moving.report(foreseen.label(source))),
            on_error,
        )?
    } else {
        input::each_position(
            &args.input,
            &mut out,
            || Summarized::new(budget).observed(progress::searches("analyze")),
            |out, source, read, summarized| {
                let label = input::label(source, read.case);
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

/// The graphs of a position with `--moves`: each analyzed as it is read, its report and
/// winning moves kept, its model dropped. In an all-green position a graph's winning moves
/// follow from the nim-sum the first reading foresaw; in any other, every cut of every
/// graph is valued as the graph is read, and the winning ones are chosen once the whole
/// position's value is known.
struct Moving {
    budget: Budget,
    nim_sum: u64,
    coloured: bool,
    graphs: Vec<GraphReport>,
    moves: Vec<MoveReport>,
    cuts: PositionCuts,
    /// The sum and the winning cuts of a coloured position, once its graphs are read.
    valued: Option<(Value, PartizanMoves)>,
    calc: Calculator,
    /// Where the first graph starts, to point at when the sum is refused.
    first: Option<Span>,
    refused: Option<Diagnostic>,
}

impl Moving {
    fn new(foreseen: &Foreseen, budget: Budget) -> Self {
        Moving {
            budget,
            nim_sum: foreseen.nim_sum,
            coloured: foreseen.coloured,
            graphs: Vec::new(),
            moves: Vec::new(),
            cuts: PositionCuts::default(),
            valued: None,
            calc: Calculator::new(budget.work),
            first: None,
            refused: None,
        }
    }

    /// The position's report.
    fn report(mut self, label: String) -> PositionReport {
        let Some((value, moves)) = self.valued else {
            let mut position = PositionReport::new(label, self.graphs);
            position.winning_moves = Some(self.moves);
            return position;
        };
        let mut position = PositionReport::valued(label, self.graphs, value, &mut self.calc)
            .expect("its outcome was found with its moves");
        position.moves = Some(moves);
        position
    }

    /// A graph of a coloured position: its value and the value of each of its cuts.
    fn value(
        &mut self,
        source: &Source,
        graph: &Graph,
        analysis: &Analysis,
    ) -> Result<(), Diagnostic> {
        let mut progress = progress::searches("analyze");
        let mut tell = |n| progress(&graph.name, n);
        let valued = (self.cuts.add(graph, source, self.budget, &mut tell))
            .map_err(|refusal| report::refusal(graph, &refusal))?;
        self.graphs
            .push(GraphReport::partizan(graph, analysis, &valued));
        Ok(())
    }
}

impl<W> Streamed<W> for Moving {
    fn graph(&mut self, _: &mut W, source: &Source, decl: GraphDecl) -> Result<(), Stop> {
        if self.refused.is_some() {
            return Ok(());
        }
        let index = self.graphs.len();
        let span = decl.span;
        let (graph, analysis) = hackenbush::analyze_graph(decl, index);
        if self.coloured {
            if let Err(refused) = self.value(source, &graph, &analysis) {
                self.refused = Some(refused);
            }
            self.first.get_or_insert(span);
            return Ok(());
        }
        let moves = winning_moves_in(index, &graph, &analysis, self.nim_sum);
        self.moves
            .extend(moves.iter().map(|m| MoveReport::new(m, &graph, source)));
        self.graphs.push(GraphReport::new(&graph, &analysis));
        Ok(())
    }

    fn refused(&mut self) -> Option<Diagnostic> {
        if self.refused.is_none() && self.coloured {
            match self.cuts.settle(&mut self.calc) {
                Ok((value, _, moves)) => self.valued = Some((value, moves)),
                Err(exceeded) => {
                    let span = self.first.unwrap_or_default();
                    self.refused = Some(report::sum_refused(span, None, exceeded));
                }
            }
        }
        self.refused.take()
    }
}
