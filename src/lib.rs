//! Exact analysis of Hackenbush positions: Green Hackenbush's Grundy values and winning
//! moves for any multigraph in linear time, and Red-Blue-Green values in canonical form.
//!
//! The common case is one call: text in a [format](syntax::Format) in, each position's
//! values, outcome and winning moves out, as the serde types `hackenbush analyze --json`
//! prints.
//!
//! ```
//! use hackenbush::{analyze_text, syntax::Format};
//!
//! // Two graphs on one ground: a triangle and a stalk of two edges.
//! let positions = analyze_text("ground: g\ng-a-b-g\ng-c-d\n", Format::Hb)?;
//! let position = &positions[0];
//! assert_eq!(position.value.to_string(), "*3"); // *1 + *2
//! assert_eq!(position.outcome.to_string(), "N"); // the player to move wins...
//! let cut = &position.moves.as_ref().unwrap().left[0];
//! assert_eq!((cut.graph, cut.edge), (1, 1)); // ...by cutting the triangle's edge g-a
//! # Ok::<(), hackenbush::Error>(())
//! ```
//!
//! Blue and red edges (Left cuts blue, Right cuts red) give partizan values:
//!
//! ```
//! # use hackenbush::{analyze_text, syntax::Format};
//! let positions = analyze_text("ground: g\nblue: g-a\nred: a-b\n", Format::Hb)?;
//! assert_eq!(positions[0].value.to_string(), "1/2");
//! assert_eq!(positions[0].outcome.to_string(), "L"); // Left wins whoever starts
//! # Ok::<(), hackenbush::Error>(())
//! ```
//!
//! Underneath, the data flows through one room per stage:
//!
//! ```text
//! text ──> syntax ──────────> model ─────────────> analysis ───────────> report
//! Source   Position/GraphDecl  petgraph multigraph   Grundy values,        text, JSON
//! (bytes)  (readers, spans)    with fused ground     blocks, bridge tree   (serde)
//! ```
//!
//! - [`source`]: the input bytes and byte [`Span`](source::Span)s into them;
//! - [`position`]: the vocabulary every stage shares: a position, its graphs, their
//!   vertices, ground and edges, and the edges' colours;
//! - [`syntax`]: one reader per input format, each following its grammar in
//!   `grammars/` and feeding one graph builder, handing over each graph as it is read;
//! - [`diagnostic`]: located errors, warnings and violations, and their rendering
//!   (`file:line:column`, source line, caret), and the crate's [`Error`];
//! - [`model`]: each graph as a [`petgraph`] undirected multigraph whose ground vertices
//!   are fused into one node;
//! - [`analysis`]: the Grundy value of every graph in linear time, by the Fusion and Colon
//!   Principles (Winning Ways, ch. 7), computed once by the [Green core](analysis::green)
//!   on edge lists, with the breakdown into 2-edge-connected blocks on the model for
//!   explanations, or as a [summary](analysis::summary) straight from the declaration;
//!   the values of coloured graphs ([`analysis::partizan`]) as [`game`]s;
//! - [`report`]: what the command line shows, as serde types rendered to text or JSON,
//!   built graph by graph by [`Summarized`] and [`WithMoves`];
//! - [`pipeline`]: a whole run, inputs to positions to values: files, standard input or
//!   text in memory, each format chosen or recognised, read whole (hb, json, dot),
//!   a block of lines at a time (cgsuite) or streamed (christmas in batches on two
//!   cores), each position valued as asked, and every finding told to a
//!   [`Sink`](pipeline::Sink) (the command line's writers are sinks);
//! - [`problem`]: the judged problems about Hackenbush (AtCoder, HDU, Jutge, Kattis, POJ),
//!   each an input layout read by [`syntax::problems`] and a rule from a test case to
//!   its answer line, streamed by the pipeline (`hackenbush judge --problem`);
//! - [`game_tree`]: the game played out by exhaustive search, no theory: the independent
//!   check behind `hackenbush verify` and the test suite.
//! - [`generate`]: seeded, reproducible positions in every format (`hackenbush gen`);
//! - [`convert`]: a position written in another format with every edge where it was
//!   (`hackenbush convert`).
//!
//! ```
//! use hackenbush::{source::Source, syntax::{self, Format}, model, analysis};
//!
//! let source = Source::from_text("triangle.hb", "ground: g\ng-a-b-g\n")?;
//! let position = syntax::parse(Format::Hb, &source).next().unwrap()?;
//! let graph = model::Graph::build(position.graphs[0].clone(), 0);
//! assert_eq!(analysis::analyze(&graph)?.value, 1); // an odd cycle at the ground is a twig
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The library never prints; the binary, in the command line's crate (`cli/` in the
//! repository), turns its arguments into a [`Pipeline`](pipeline::Pipeline) and writes
//! what its sinks are told.
//!
//! Features: `graphviz` (default) writes DOT pictures ([`report::picture`]) with
//! graphviz-rust and runs Graphviz to render them; `parallel` (default) uses a second
//! core on large inputs (rayon) and huge pages for the largest buffers (memmap2). Without
//! default features the library computes the same values on one thread and builds for
//! `wasm32-unknown-unknown`, with `graphviz` too (the browser page's DOT writer: no
//! process starts there, so Graphviz is never run).

#![deny(clippy::print_stdout, clippy::print_stderr)]
#![warn(missing_docs)]

pub mod analysis;
pub mod check;
pub mod convert;
mod dfs;
pub mod diagnostic;
pub mod game;
pub mod game_tree;
pub mod generate;
mod huge_pages;
pub mod model;
pub mod pipeline;
pub mod play;
pub mod position;
pub mod problem;
pub mod report;
pub mod rng;
pub mod source;
mod style;
pub mod syntax;
mod threads;

pub mod wording;

/// The Rust examples of the README and the docs, run as doctests so that they cannot
/// drift from the library.
#[cfg(doctest)]
mod documentation {
    #[doc = include_str!("../README.md")]
    struct Readme;
    #[doc = include_str!("../docs/check.md")]
    struct Check;
    #[doc = include_str!("../docs/values.md")]
    struct Values;
}

/// The graph library of [`model`]'s graphs, re-exported so that its types
/// ([`EdgeIndex`](petgraph::graph::EdgeIndex), [`NodeIndex`](petgraph::graph::NodeIndex))
/// need no dependency of their own.
pub use petgraph;

pub use analysis::SearchProgress;
pub use diagnostic::Error;
#[allow(deprecated)]
pub use report::valuing::{BareScratch, BareTree, bare_position, bare_position_with_moves};
pub use report::valuing::{
    EdgeList, Summarized, WithMoves, edge_list_position, edge_list_position_with_moves,
    misere_edge_list_models, misere_edge_list_position, misere_position,
};

use analysis::Analysis;
use analysis::partizan::Budget;
use model::Graph;
use report::PositionReport;
use source::Source;
use syntax::{Format, GraphDecl, Position};

/// What [`analyze_source`] computes, and within what budget.
#[derive(Clone, Copy, Debug, Default)]
#[non_exhaustive]
pub struct Options {
    /// Whether to list the winning moves (every winning cut of each player). Costs about
    /// as much again as the values (for a coloured graph, each cut is valued).
    pub moves: bool,
    /// How much searching a coloured graph that is not a tree may take.
    pub budget: Budget,
}

impl Options {
    /// Values, outcomes and winning moves, within [`Budget::DEFAULT`].
    pub fn with_moves() -> Self {
        Options {
            moves: true,
            ..Options::default()
        }
    }
}

/// Reads `text`, written in `format`, and reports every position in it: each graph's
/// value, the position's value and outcome, and every winning move
/// ([`Options::with_moves`]). The text is named `<text>` in errors. See [`analyze_source`]
/// for the details and the crate's doc for an example.
pub fn analyze_text(text: &str, format: Format) -> Result<Vec<PositionReport>, Error> {
    let source = Source::from_text("<text>", text)?;
    analyze_source(&source, format, Options::with_moves())
}

/// Reads `source`, written in `format`, and reports every position in it, in order (one
/// per hb, json or dot input; one per test case of christmas, per line of cgsuite),
/// labelled as `hackenbush analyze` labels them (`name`, or `name#case`).
///
/// The first malformed position, or the first graph beyond `options.budget`, is the
/// error, located in the source. Warnings (legal but suspicious input) are not errors:
/// read them with [`syntax::parse`].
///
/// ```
/// use hackenbush::{Options, analyze_source, source::Source, syntax::Format};
///
/// let source = Source::from_text("two.in", "1\n2 1\n1 2\n1\n2 2\n1 2\n1 2\n")?;
/// let positions = analyze_source(&source, Format::Christmas, Options::default())?;
/// let winners: Vec<_> = positions.iter().map(|p| p.outcome.to_string()).collect();
/// assert_eq!(winners, ["N", "P"]); // Sally, then Harry
/// assert_eq!(positions[1].source, "two.in#2");
/// # Ok::<(), hackenbush::Error>(())
/// ```
pub fn analyze_source(
    source: &Source,
    format: Format,
    options: Options,
) -> Result<Vec<PositionReport>, Error> {
    syntax::parse(format, source)
        .map(|position| {
            let position = position.map_err(|e| Error::located(e, source))?;
            report_position(source, position, options).map_err(|e| Error::located(e, source))
        })
        .collect()
}

/// The report of one position of `source`.
fn report_position(
    source: &Source,
    position: Position,
    options: Options,
) -> Result<PositionReport, diagnostic::Diagnostic> {
    let label = source.label(position.case);
    if !options.moves {
        return report::valuing::summarized(position.graphs, label, options.budget);
    }
    report::valuing::with_moves(source, position.graphs, label, options.budget)
}

/// Builds the model of every graph of `position` and analyzes it, in input order.
///
/// ```
/// use hackenbush::{source::Source, syntax::{self, Format}};
///
/// let source = Source::from_text("sample.in", "1\n4 4\n1 2\n2 3\n2 4\n3 4\n").unwrap();
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

/// Builds the model of graph `index` (0-based in its position) and analyzes it. Its
/// blocks hold for any colours; its Grundy value is the graph's value only when every
/// edge is green ([`analysis::analyze`] refuses the others).
pub fn analyze_graph(decl: GraphDecl, index: usize) -> (Graph, Analysis) {
    analysis::modelled(decl, index)
}
