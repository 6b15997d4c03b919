//! `hackenbush explain`: the step-by-step derivation of every position's value, each
//! graph explained as soon as it is read; with `--cut`, what cutting one edge does.

use std::io::Write;

use hackenbush::diagnostic::Diagnostic;
use hackenbush::game::{Side, WholeForms};
use hackenbush::play::{EdgeRef, Illegal, Match};
use hackenbush::report::explain::{self, Explanation};
use hackenbush::source::Source;
use hackenbush::syntax::{GraphDecl, Position};
use hackenbush::wording::{plural, printable};

use super::args::{CutArg, ExplainArgs};
use super::input::{self, Streamed};
use super::output::{self, Stop};
use super::progress;

/// Runs the command; whether every input was clean (and every `--cut` could be made).
pub fn run(args: &ExplainArgs) -> Result<bool, Stop> {
    // Values are written on this thread, as each graph is explained.
    let _whole = args.full.then(WholeForms::begin);
    let mut out = output::stdout();
    let color = output::stdout_color();
    let mut first = true;
    let mut cuts_made = true;
    let clean = input::each_case_streamed(
        &args.input,
        args.case,
        None,
        &mut out,
        |out, source, foreseen| {
            if !std::mem::take(&mut first) {
                out.write_all(b"\n")?;
            }
            let label = foreseen.label(source);
            let nim_sum = (!foreseen.coloured).then_some(foreseen.nim_sum);
            let (explanation, text) = Explanation::new(&label, foreseen.graphs, nim_sum, color);
            let explanation = explanation
                .within(args.budget.budget())
                .observed(progress::searches("explain"));
            out.write_all(text.as_bytes())?;
            Ok(Explaining {
                explanation,
                kept: args.cut.as_ref().map(|_| Vec::new()),
            })
        },
        |out, source, foreseen, explaining| {
            out.write_all(explaining.explanation.finish().as_bytes())?;
            if let (Some(cut), Some(graphs)) = (&args.cut, explaining.kept) {
                match what_if(source, &foreseen.label(source), graphs, cut, color) {
                    Ok(text) => out.write_all(text.as_bytes())?,
                    Err(message) => {
                        out.flush()?;
                        output::report_error(&message);
                        cuts_made = false;
                    }
                }
            }
            Ok(())
        },
        |_| {},
    )?;
    out.flush()?;
    Ok(clean && cuts_made)
}

/// The `--cut` section of the position `label` of `graphs`, read from `source`: or why
/// the edge `cut` cannot be cut.
fn what_if(
    source: &Source,
    label: &str,
    graphs: Vec<GraphDecl>,
    cut: &CutArg,
    color: bool,
) -> Result<String, String> {
    let count = graphs.len();
    let position = Position {
        case: None,
        span: Default::default(),
        graphs,
        warnings: Vec::new(),
    };
    let mut game = Match::new(source, position);
    let name = printable(label).into_owned();
    let edge = EdgeRef::parse(cut.as_str(), count).ok_or_else(|| match count {
        0 => format!("--cut {cut}: {name} has no graphs"),
        _ => format!("--cut {cut}: {name} has {count} graphs: name one, as GRAPH.EDGE (like 2.3)"),
    })?;
    // Either player may be asked about any edge: the colour does not matter here.
    match game
        .check(Side::Left, edge)
        .or_else(|_| game.check(Side::Right, edge))
    {
        Ok(()) => {}
        Err(Illegal::Gone(_)) => {
            return Err(format!(
                "--cut {cut}: in {name}, edge {edge} is not attached to the ground, so it is \
                 no move"
            ));
        }
        Err(_) => {
            let graphs = game.graphs();
            let has = match graphs.get(edge.graph) {
                Some(g) => {
                    let n = g.edges.len();
                    format!("graph {} has {n} edge{}", edge.graph + 1, plural(n))
                }
                None => format!("it has {} graph{}", graphs.len(), plural(graphs.len())),
            };
            return Err(format!("--cut {cut}: {name} has no edge {edge} ({has})"));
        }
    }
    explain::what_if(&mut game, edge, color).map_err(|refused: Diagnostic| refused.message)
}

/// A position being explained: each graph is modelled, analyzed and explained as it is
/// read, then dropped (kept as read, for `--cut`).
struct Explaining {
    explanation: Explanation,
    kept: Option<Vec<GraphDecl>>,
}

impl<W: Write> Streamed<W> for Explaining {
    fn graph(&mut self, out: &mut W, source: &Source, decl: GraphDecl) -> Result<(), Stop> {
        if let Some(kept) = &mut self.kept {
            kept.push(decl.clone());
        }
        let (graph, analysis) = hackenbush::analyze_graph(decl, self.explanation.told());
        out.write_all(self.explanation.graph(&graph, &analysis, source).as_bytes())?;
        Ok(())
    }

    fn refused(&mut self) -> Option<Diagnostic> {
        self.explanation.refused()
    }
}
