//! Analysis -> report: what the command line shows, as plain serde types.
//!
//! The JSON wire format of `hackenbush analyze --json` is exactly the serialization of
//! [`Report`]; `docs/json.md` documents it field by field. Field names and meanings
//! marked *fixed* there never change; fields may be added.
//!
//! [`text`] renders the same types for people.

pub mod dot;
pub mod explain;
mod graphviz;
pub mod json;
pub mod text;

use compact_str::CompactString;
use serde::Serialize;

use crate::analysis::Analysis;
use crate::analysis::position::Move;
use crate::analysis::summary::Summary;
use crate::model::Graph;
use crate::source::Source;
use crate::syntax::VertexName;

/// Everything `analyze --json` prints: one document per run.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Report {
    /// Every position read, in input order (files in command-line order, then test
    /// cases in file order).
    pub positions: Vec<PositionReport>,
    /// Inputs that could not be read or parsed; absent when there were none.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub errors: Vec<ErrorReport>,
}

/// Who wins a position with best play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Winner {
    /// The player to move (nim-sum not zero).
    First,
    /// The other player (nim-sum zero).
    Second,
}

impl Winner {
    /// The winner of a position worth `nim_sum`.
    pub fn of(nim_sum: u64) -> Winner {
        if nim_sum == 0 {
            Winner::Second
        } else {
            Winner::First
        }
    }
}

/// One position: a file, or one test case of a christmas file.
#[derive(Clone, Debug, Serialize)]
pub struct PositionReport {
    /// `<file>` or `<file>#<case>` (1-based case number); stdin is `<stdin>`.
    pub source: String,
    /// Its graphs, in input order.
    pub graphs: Vec<GraphReport>,
    /// XOR of the graphs' values.
    pub nim_sum: u64,
    /// Who wins.
    pub winner: Winner,
    /// Every move that leaves the position with nim-sum 0 (only with `--moves`; empty when
    /// the position is lost).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub winning_moves: Option<Vec<MoveReport>>,
}

/// One winning move, as the user wrote the edge.
#[derive(Clone, Debug, Serialize)]
pub struct MoveReport {
    /// The graph, 0-based in its position.
    pub graph: usize,
    /// The edge, 1-based in its graph's input order.
    pub edge: usize,
    /// One end of the edge, as written (a number or a name).
    pub u: VertexName,
    /// The other end.
    pub v: VertexName,
    /// The line of the input where the edge is written (1-based).
    pub line: usize,
    /// What the graph is worth after the cut.
    pub value_after: u64,
}

impl MoveReport {
    /// The report of `m`, a move in `graph` read from `source`.
    pub fn new(m: &Move, graph: &Graph, source: &Source) -> Self {
        let decl = graph.edge_decl(m.edge);
        MoveReport {
            graph: m.graph,
            edge: m.edge.index() + 1,
            u: graph.decl.vertices.name(decl.u),
            v: graph.decl.vertices.name(decl.v),
            line: source.line_number(decl.span.start as usize),
            value_after: m.value_after,
        }
    }
}

/// One graph of a position. Counts are 32-bit, which every graph fits (a graph has fewer
/// than 2^32 vertices, and fewer than 2^32 edges since an input is under 4 GiB), and a
/// name of up to 24 bytes is held inline, so that a position of millions of small graphs
/// costs 56 bytes a graph here.
#[derive(Clone, Debug, Serialize)]
pub struct GraphReport {
    /// The input's name for it, or `graph N` / `tree N` (1-based).
    pub name: CompactString,
    /// Its Grundy value.
    pub grundy: u64,
    /// Distinct vertices used by the input (ground vertices counted one by one).
    pub vertices: u32,
    /// All edges of the input.
    pub edges: u32,
    /// Edges not connected to the ground, dropped before the analysis.
    pub ignored_edges: u32,
    /// Ground vertices declared.
    pub ground_vertices: u32,
    /// 2-edge-connected blocks of the attached part (the ground's block included).
    pub blocks: u32,
    /// Bridges of the attached part.
    pub bridges: u32,
}

impl GraphReport {
    /// The report of one analyzed graph.
    pub fn new(graph: &Graph, analysis: &Analysis) -> Self {
        GraphReport::from_summary(graph.name.clone(), &Summary::of(graph, analysis))
    }

    /// The report of the graph called `name`, from its summary.
    pub fn from_summary(name: String, summary: &Summary) -> Self {
        let count = |n: usize| u32::try_from(n).unwrap_or(u32::MAX);
        GraphReport {
            name: name.into(),
            grundy: summary.value,
            vertices: count(summary.vertices),
            edges: count(summary.edges),
            ignored_edges: count(summary.ignored_edges()),
            ground_vertices: count(summary.ground_vertices),
            blocks: count(summary.blocks()),
            bridges: count(summary.bridges),
        }
    }
}

impl PositionReport {
    /// The report of a position from its graphs' reports.
    pub fn new(source: String, graphs: Vec<GraphReport>) -> Self {
        let nim_sum = graphs.iter().fold(0, |acc, g| acc ^ g.grundy);
        PositionReport {
            source,
            graphs,
            nim_sum,
            winner: Winner::of(nim_sum),
            winning_moves: None,
        }
    }
}

/// An input that failed.
#[derive(Clone, Debug, Serialize)]
pub struct ErrorReport {
    /// The file (`<stdin>` for standard input).
    pub source: String,
    /// 1-based line of the error, when it is about the input's content.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line: Option<usize>,
    /// 1-based column (in characters), with `line`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub column: Option<usize>,
    /// What went wrong.
    pub message: String,
}
