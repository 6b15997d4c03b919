//! `hackenbush explain`: the step-by-step derivation of every position's value, each
//! graph explained as soon as it is read; with `--cut`, what cutting one edge does.

use std::io::{self, Write};

use hackenbush::diagnostic::Diagnostic;
use hackenbush::game::{Side, WholeForms};
use hackenbush::pipeline::{Compute, Failure, Foreseen, Pipeline, Reported, Sink};
use hackenbush::play::{EdgeRef, Illegal, Match};
use hackenbush::report::explain::{self, Explanations};
use hackenbush::source::Source;
use hackenbush::syntax::{GraphDecl, Position};
use hackenbush::wording::{plural, printable};

use super::args::{CutArg, ExplainArgs};
use super::input;
use super::output::{self, Stop};
use super::progress;

/// Runs the command; whether every input was clean (and every `--cut` could be made).
pub fn run(args: &ExplainArgs) -> Result<bool, Stop> {
    // Values are written on this thread, as each graph is explained; misère play has
    // never taken `--full`.
    let _whole = (args.full && !args.misere).then(WholeForms::begin);
    let color = output::stdout_color();
    let mut explaining = Explaining {
        args,
        explanations: Explanations::new(output::stdout(), args.budget.budget(), color),
        color,
        cuts_made: true,
        kept: None,
    };
    // Misère play explains each position read whole; normal play each graph as it is
    // read.
    let compute = if args.misere {
        Compute::Positions
    } else {
        Compute::Graphs
    };
    let pipeline = Pipeline::new(compute).case(args.case);
    let clean = pipeline.run(input::stated(&args.input), &mut explaining)?;
    explaining.explanations.out().flush()?;
    Ok(clean && explaining.cuts_made)
}

/// The explanations of a run, written by the library's [`Explanations`]; each graph is
/// modelled, analyzed and explained as it is read, then dropped (kept as read, for
/// `--cut`).
struct Explaining<'a> {
    args: &'a ExplainArgs,
    explanations: Explanations<io::BufWriter<io::Stdout>>,
    color: bool,
    /// Whether every `--cut` could be made.
    cuts_made: bool,
    /// The graphs of the position being explained, as read, for `--cut`.
    kept: Option<Vec<GraphDecl>>,
}

impl Sink for Explaining<'_> {
    type Render = ();

    fn renderer(&mut self) {}

    fn start(&mut self, source: &Source, foreseen: &Foreseen) -> io::Result<()> {
        let nim_sum = (!foreseen.coloured).then_some(foreseen.nim_sum);
        let progress = Some(progress::searches("explain"));
        let label = foreseen.label(source);
        (self.explanations).start(&label, foreseen.graphs, nim_sum, progress)?;
        self.kept = self.args.cut.as_ref().map(|_| Vec::new());
        Ok(())
    }

    fn graph(&mut self, source: &Source, decl: GraphDecl) -> io::Result<()> {
        if let Some(kept) = &mut self.kept {
            kept.push(decl.clone());
        }
        self.explanations.graph(decl, source)
    }

    fn finish(&mut self, source: &Source, foreseen: &Foreseen) -> io::Result<Reported> {
        let kept = self.kept.take();
        if let Err(refused) = self.explanations.finish()? {
            return Ok(Err(refused));
        }
        if let (Some(cut), Some(graphs)) = (&self.args.cut, kept) {
            let out = self.explanations.out();
            match what_if(source, &foreseen.label(source), graphs, cut, self.color) {
                Ok(text) => out.write_all(text.as_bytes())?,
                Err(message) => {
                    out.flush()?;
                    output::report_error(&message);
                    self.cuts_made = false;
                }
            }
        }
        Ok(Ok(()))
    }

    fn position(&mut self, source: &Source, position: Position) -> io::Result<Reported> {
        let label = source.label(position.case);
        self.explanations.misere(source, position.graphs, &label)
    }

    fn warning(&mut self, warning: &Diagnostic, source: &Source) -> io::Result<()> {
        output::report_warning(self.explanations.out(), warning, source)
    }

    fn error(&mut self, error: Failure<'_>) -> io::Result<()> {
        output::report_failure(self.explanations.out(), &error)
    }
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
