//! Exact analysis of Green Hackenbush positions.
//!
//! The data flows through one room per stage:
//!
//! ```text
//! text ──> syntax ──────────> model ─────────────> analysis ───────────> report
//! Source   Position/GraphDecl  petgraph multigraph   Grundy values,        text, JSON
//! (bytes)  (readers, spans)    with fused ground     blocks, bridge tree   (serde)
//! ```
//!
//! - [`source`]: the input bytes and byte [`Span`](source::Span)s into them;
//! - [`syntax`]: one reader per input format, each following its grammar in
//!   `grammars/` and feeding one graph builder, handing over each graph as it is read;
//! - [`diagnostic`]: located errors, warnings and violations, and their rendering
//!   (`file:line:column`, source line, caret);
//! - [`model`]: each graph as a `petgraph` undirected multigraph whose ground vertices are
//!   fused into one node;
//! - [`analysis`]: the Grundy value of every graph in linear time, by the Fusion and Colon
//!   Principles (Winning Ways, ch. 7), with the breakdown into 2-edge-connected blocks, or
//!   as a [summary](analysis::summary) straight from the declaration, without the model;
//! - [`report`]: what the command line shows, as serde types rendered to text or JSON;
//! - [`game_tree`]: the game played out by exhaustive search, no theory: the independent
//!   check behind `hackenbush verify` and the test suite.
//! - [`generate`]: seeded, reproducible positions in every format (`hackenbush gen`).
//!
//! ```
//! use hackenbush::{source::Source, syntax::{self, Format}, model, analysis};
//!
//! let source = Source::from_str("triangle.hb", "ground: g\ng-a-b-g\n");
//! let position = syntax::parse(Format::Hb, &source).next().unwrap().unwrap();
//! let graph = model::Graph::build(position.graphs[0].clone(), 0);
//! assert_eq!(analysis::analyze(&graph).value, 1); // an odd cycle at the ground is a twig
//! ```
//!
//! The library never prints; the binary in `src/main.rs` and `src/cli/` does.

#![deny(clippy::print_stdout, clippy::print_stderr)]
#![warn(missing_docs)]

pub mod analysis;
pub mod check;
mod dfs;
pub mod diagnostic;
pub mod game;
pub mod game_tree;
pub mod generate;
pub mod model;
pub mod report;
pub mod rng;
pub mod source;
mod style;
pub mod syntax;

use analysis::Analysis;
use analysis::partizan::{self, Budget};
use diagnostic::Diagnostic;
use game::Calculator;
use model::Graph;
use syntax::{GraphDecl, GraphSink, Position};

/// Builds the model of every graph of `position` and analyzes it, in input order.
///
/// ```
/// use hackenbush::{source::Source, syntax::{self, Format}};
///
/// let source = Source::from_str("sample.in", "1\n4 4\n1 2\n2 3\n2 4\n3 4\n");
/// for position in syntax::parse(Format::Christmas, &source) {
///     let graphs = hackenbush::analyze_position(position.unwrap());
///     let nim_sum = graphs.iter().fold(0, |acc, (_, a)| acc ^ a.value);
///     assert_eq!(nim_sum, 2); // not zero: the first player (Sally) wins
/// }
/// ```
pub fn analyze_position(position: Position) -> Vec<(Graph, Analysis)> {
    position
        .graphs
        .into_iter()
        .enumerate()
        .map(|(i, decl)| analyze_graph(decl, i))
        .collect()
}

/// Builds the model of graph `index` (0-based in its position) and analyzes it.
pub fn analyze_graph(decl: GraphDecl, index: usize) -> (Graph, Analysis) {
    let graph = Graph::build(decl, index);
    let analysis = analysis::analyze(&graph);
    (graph, analysis)
}

/// A [`GraphSink`] that values each graph as a reader hands it over and keeps only its
/// report: what `hackenbush analyze` shows. An all-green graph is summarized by the lean
/// search (its value and counts, no model: a few dozen bytes a graph); a graph with blue
/// or red edges is modelled and valued by [`partizan::analyze`], then dropped. The sum of
/// the values is kept as they come; the first graph that cannot be valued stops the
/// position, located in the input.
pub struct Summarized {
    /// Each graph's report, in input order.
    pub graphs: Vec<report::GraphReport>,
    value: report::Value,
    /// Where the first graph starts.
    first: Option<source::Span>,
    refused: Option<Diagnostic>,
    calc: Calculator,
    budget: Budget,
    scratch: analysis::summary::Scratch,
    progress: Option<SearchProgress>,
}

/// Told, while a search values a graph, the graph's name and how many positions it has
/// valued so far (every [`partizan::PROGRESS_EVERY`]): for a person watching.
pub type SearchProgress = Box<dyn FnMut(&str, usize)>;

impl Default for Summarized {
    fn default() -> Self {
        Summarized::new(Budget::default())
    }
}

impl Summarized {
    /// A sink whose searches and sums stay within `budget`.
    pub fn new(budget: Budget) -> Self {
        Summarized {
            graphs: Vec::new(),
            value: report::Value::Nim(0),
            first: None,
            refused: None,
            calc: Calculator::new(budget.work),
            budget,
            scratch: Default::default(),
            progress: None,
        }
    }

    /// The sink, telling `progress` how its searches go.
    pub fn observed(self, progress: SearchProgress) -> Self {
        Summarized {
            progress: Some(progress),
            ..self
        }
    }

    /// The position's report, named `source`, or why it could not be valued.
    pub fn report(mut self, source: String) -> Result<report::PositionReport, Diagnostic> {
        if let Some(refused) = self.refused {
            return Err(refused);
        }
        let span = self.first.unwrap_or_default();
        report::PositionReport::valued(source, self.graphs, self.value, &mut self.calc)
            .map_err(|exceeded| report::sum_refused(span, None, exceeded))
    }
}

impl GraphSink for Summarized {
    fn graph(&mut self, decl: GraphDecl) {
        if self.refused.is_some() {
            return;
        }
        let index = self.graphs.len();
        let span = decl.span;
        self.first.get_or_insert(span);
        let report = if decl.is_green() {
            let name = decl.display_name(index);
            let summary = analysis::summary::summarize(decl, &mut self.scratch);
            report::GraphReport::from_summary(name, &summary)
        } else {
            let (graph, analysis) = analyze_graph(decl, index);
            let progress = &mut self.progress;
            let mut tell = |n| {
                if let Some(progress) = progress {
                    progress(&graph.name, n);
                }
            };
            match partizan::analyze_observed(&graph, self.budget, &mut tell) {
                Ok(valued) => report::GraphReport::partizan(&graph, &analysis, &valued),
                Err(refusal) => {
                    self.refused = Some(report::refusal(&graph, &refusal));
                    return;
                }
            }
        };
        match self.value.sum(&report.value, &mut self.calc) {
            Ok(value) => self.value = value,
            Err(exceeded) => {
                self.refused = Some(report::sum_refused(span, Some(&report.name), exceeded));
                return;
            }
        }
        self.graphs.push(report);
    }
}
