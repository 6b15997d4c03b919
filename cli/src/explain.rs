//! `hackenbush explain`: the step-by-step derivation of every position's value, each
//! graph explained as soon as it is read; with `--cut`, what cutting one edge does.

use std::io::{self, Write};

use hackenbush::diagnostic::Diagnostic;
use hackenbush::game::{Side, WholeForms};
use hackenbush::pipeline::{Compute, Failure, Foreseen, Pipeline, Reported, Sink};
use hackenbush::play::{EdgeRef, Illegal, Match};
use hackenbush::report::explain::{self, Explanation};
use hackenbush::source::Source;
use hackenbush::syntax::{GraphDecl, Position};
use hackenbush::wording::{plural, printable};

use super::args::{CutArg, ExplainArgs};
use super::input;
use super::output::{self, Stop};
use super::progress;

/// Runs the command; whether every input was clean (and every `--cut` could be made).
pub fn run(args: &ExplainArgs) -> Result<bool, Stop> {
    if args.misere {
        return misere(args);
    }
    // Values are written on this thread, as each graph is explained.
    let _whole = args.full.then(WholeForms::begin);
    let mut explaining = Explaining {
        args,
        out: output::stdout(),
        color: output::stdout_color(),
        first: true,
        cuts_made: true,
        position: None,
    };
    let pipeline = Pipeline::new(Compute::Graphs).case(args.case);
    let clean = pipeline.run(input::stated(&args.input), &mut explaining)?;
    explaining.out.flush()?;
    Ok(clean && explaining.cuts_made)
}

/// The explanations of a run, each position's written as its graphs are read.
struct Explaining<'a> {
    args: &'a ExplainArgs,
    out: io::BufWriter<io::Stdout>,
    color: bool,
    /// No position was explained yet.
    first: bool,
    /// Whether every `--cut` could be made.
    cuts_made: bool,
    /// The position being explained.
    position: Option<Explained>,
}

/// A position being explained: each graph is modelled, analyzed and explained as it is
/// read, then dropped (kept as read, for `--cut`).
struct Explained {
    explanation: Explanation,
    kept: Option<Vec<GraphDecl>>,
}

impl Sink for Explaining<'_> {
    type Render = ();

    fn renderer(&mut self) {}

    fn start(&mut self, source: &Source, foreseen: &Foreseen) -> io::Result<()> {
        if !std::mem::take(&mut self.first) {
            self.out.write_all(b"\n")?;
        }
        let label = foreseen.label(source);
        let nim_sum = (!foreseen.coloured).then_some(foreseen.nim_sum);
        let (explanation, text) = Explanation::new(&label, foreseen.graphs, nim_sum, self.color);
        let explanation = explanation
            .within(self.args.budget.budget())
            .observed(progress::searches("explain"));
        self.out.write_all(text.as_bytes())?;
        self.position = Some(Explained {
            explanation,
            kept: self.args.cut.as_ref().map(|_| Vec::new()),
        });
        Ok(())
    }

    fn graph(&mut self, source: &Source, decl: GraphDecl) -> io::Result<()> {
        let Some(Explained { explanation, kept }) = &mut self.position else {
            return Ok(());
        };
        if let Some(kept) = kept {
            kept.push(decl.clone());
        }
        let (graph, analysis) = hackenbush::analyze_graph(decl, explanation.told());
        self.out
            .write_all(explanation.graph(&graph, &analysis, source).as_bytes())
    }

    fn finish(&mut self, source: &Source, foreseen: &Foreseen) -> io::Result<Reported> {
        let Some(mut explained) = self.position.take() else {
            return Ok(Ok(()));
        };
        if let Some(refused) = explained.explanation.refused() {
            return Ok(Err(refused));
        }
        self.out
            .write_all(explained.explanation.finish().as_bytes())?;
        if let (Some(cut), Some(graphs)) = (&self.args.cut, explained.kept) {
            match what_if(source, &foreseen.label(source), graphs, cut, self.color) {
                Ok(text) => self.out.write_all(text.as_bytes())?,
                Err(message) => {
                    self.out.flush()?;
                    output::report_error(&message);
                    self.cuts_made = false;
                }
            }
        }
        Ok(Ok(()))
    }

    fn warning(&mut self, warning: &Diagnostic, source: &Source) -> io::Result<()> {
        output::report_warning(&mut self.out, warning, source)
    }

    fn error(&mut self, error: Failure<'_>) -> io::Result<()> {
        output::report_failure(&mut self.out, &error)
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

/// `explain --misere`: each position read whole and explained in misère play.
fn misere(args: &ExplainArgs) -> Result<bool, Stop> {
    let mut explaining = Misere {
        args,
        out: output::stdout(),
        color: output::stdout_color(),
        first: true,
    };
    let pipeline = Pipeline::new(Compute::Positions).case(args.case);
    let clean = pipeline.run(input::stated(&args.input), &mut explaining)?;
    explaining.out.flush()?;
    Ok(clean)
}

/// The misère explanations of a run.
struct Misere<'a> {
    args: &'a ExplainArgs,
    out: io::BufWriter<io::Stdout>,
    color: bool,
    /// No position was explained yet.
    first: bool,
}

impl Sink for Misere<'_> {
    type Render = ();

    fn renderer(&mut self) {}

    fn position(&mut self, source: &Source, position: Position) -> io::Result<Reported> {
        let label = source.label(position.case);
        let budget = self.args.budget.budget();
        let text =
            explain::misere::explain_position(source, position.graphs, &label, budget, self.color);
        let text = match text {
            Ok(text) => text,
            Err(refused) => return Ok(Err(refused)),
        };
        if !std::mem::take(&mut self.first) {
            self.out.write_all(b"\n")?;
        }
        self.out.write_all(text.as_bytes())?;
        Ok(Ok(()))
    }

    fn warning(&mut self, warning: &Diagnostic, source: &Source) -> io::Result<()> {
        output::report_warning(&mut self.out, warning, source)
    }

    fn error(&mut self, error: Failure<'_>) -> io::Result<()> {
        output::report_failure(&mut self.out, &error)
    }
}
