//! The report of a position in misère play (`hackenbush analyze --misere`): who wins
//! when whoever cuts the last edge loses, by which rule, on which ground blocks, and
//! with `--moves` every winning first cut of each player.
//!
//! A misère position has no value in the sense of normal play (the sum of games does
//! not decide misère play), so its report holds no `value` and no `nim_sum`: its
//! outcome, the [`Rule`] that found it, and the ground blocks the rule played on. The
//! JSON wire format (docs/json.md, "Misère play") is the serialization of
//! [`MisereReport`], listed among the positions of `analyze --json`.
//!
//! ```
//! use hackenbush::analysis::Play;
//! use hackenbush::report::misere::MisereReport;
//!
//! let json = r#"{"source": "a.in#1", "play": "misere", "graphs": [], "blocks": [],
//!     "rule": "misere-nim", "winner": "first", "outcome": "N"}"#;
//! let report: MisereReport = serde_json::from_str(json).unwrap();
//! assert_eq!((report.play, report.outcome.to_string()), (Play::Misere, "N".into()));
//! ```

use serde::{Deserialize, Serialize};

use super::{ErrorReport, Winner};
use crate::analysis::Play;
use crate::analysis::misere::{self, Misere, Rule};
use crate::analysis::partizan::Budget;
use crate::diagnostic::{Diagnostic, Level};
use crate::game::Outcome;
use crate::model::Graph;
use crate::source::Span;
use crate::syntax::{Colour, VertexName};

/// What `analyze --misere --json` prints: the document of
/// [`Report`](super::Report) with its positions in misère play. It reads back from that
/// JSON.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[non_exhaustive]
pub struct MisereDocument {
    /// The schema version, [`json::VERSION`](super::json::VERSION).
    pub version: u32,
    /// Every position read, in input order.
    pub positions: Vec<MisereReport>,
    /// Inputs that could not be read or parsed, or were refused; absent when none were.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub errors: Vec<ErrorReport>,
}

/// One position in misère play.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[non_exhaustive]
pub struct MisereReport {
    /// `<file>` or `<file>#<case>`, as [`PositionReport::source`](super::PositionReport).
    pub source: String,
    /// Always [`Play::Misere`]: what tells a misère position from one in normal play.
    pub play: Play,
    /// Its graphs, in input order.
    pub graphs: Vec<MisereGraph>,
    /// Its ground blocks, graph by graph: what the rule played on.
    pub blocks: Vec<BlockReport>,
    /// The rule that decided it.
    pub rule: Rule,
    /// Who wins, when every edge is green: `first` for outcome N, `second` for P.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub winner: Option<Winner>,
    /// Who wins: L, R, N or P, in misère play.
    pub outcome: Outcome,
    /// How many positions the searches solved: of the whole position ([`Rule::Searched`])
    /// and of each block whose genus was searched; absent when nothing was searched.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub searched_positions: Option<usize>,
    /// Every winning first cut of each player (only with `--moves`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub moves: Option<MisereMoves>,
}

/// One graph of a misère position: its size (its value in normal play does not decide
/// misère play; its ground blocks' values do, in [`MisereReport::blocks`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[non_exhaustive]
pub struct MisereGraph {
    /// The input's name for it, or `graph N` / `tree N` (from 1).
    pub name: String,
    /// All its edges.
    pub edges: usize,
    /// Edges not connected to the ground: no moves.
    pub ignored_edges: usize,
}

/// A ground block: a component of a graph once its ground is taken away, with the edges
/// that join it to the ground (a loop at the ground is a block of its own).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[non_exhaustive]
pub struct BlockReport {
    /// Its graph, from 1.
    pub graph: usize,
    /// Its first edge, from 1 in its graph's input order.
    pub first_edge: usize,
    /// Its edges.
    pub edges: usize,
    /// Its edges at the ground, by colour.
    pub ground_edges: GroundEdges,
    /// Its Grundy value in normal play, when the rule is misère Nim or the genus (the
    /// heap it is, for a block on one ground edge).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub grundy: Option<u64>,
    /// Its genus in Conway's notation (`0^120`), for a green block on two or more ground
    /// edges, found by a search of that block alone (docs/misere.md, "The genus").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub genus: Option<String>,
    /// Whether that genus is tame: the block and every position it can reach have a nim
    /// position's genus.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tame: Option<bool>,
}

/// Edges at the ground, by colour.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[non_exhaustive]
pub struct GroundEdges {
    /// Green ones.
    pub green: usize,
    /// Blue ones.
    pub blue: usize,
    /// Red ones.
    pub red: usize,
}

impl GroundEdges {
    /// The edges at the ground counted by colour: green, blue, red.
    pub fn new([green, blue, red]: [usize; 3]) -> Self {
        GroundEdges { green, blue, red }
    }

    /// Of every colour.
    pub fn total(&self) -> usize {
        self.green + self.blue + self.red
    }
}

/// The winning first cuts of each player in misère play: the same shape as
/// [`Moves`](super::Moves), each move without the values of normal play.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[non_exhaustive]
pub struct MisereMoves {
    /// Left's winning cuts with Left to move (blue or green edges), by graph then edge.
    pub left: Vec<MisereMove>,
    /// Right's, with Right to move (red or green edges).
    pub right: Vec<MisereMove>,
}

/// One winning cut: the edge, as the user wrote it. Graphs and edges are numbered from 1,
/// as in [`MoveReport`](super::MoveReport).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[non_exhaustive]
pub struct MisereMove {
    /// The graph, from 1 in its position.
    pub graph: usize,
    /// The edge, from 1 in its graph's input order.
    pub edge: usize,
    /// One end of the edge, as written.
    pub u: VertexName,
    /// The other end.
    pub v: VertexName,
    /// The line of the input where the edge is written (from 1).
    pub line: usize,
    /// The edge's colour.
    pub colour: Colour,
}

/// [`misere::analyze`] of the position of `models`, whose first graph starts at `first`;
/// a refusal located at its first edge.
pub(crate) fn analysis(
    models: &[Graph],
    first: Span,
    budget: Budget,
) -> Result<Misere, Diagnostic> {
    misere::analyze(models, &budget).map_err(|refusal| {
        let span = (first_edge_span(models)).unwrap_or(first);
        misere_refused(span, &refusal)
    })
}

/// The span of the position's first edge, if it has one.
fn first_edge_span(models: &[Graph]) -> Option<Span> {
    models
        .iter()
        .find_map(|g| g.net.edge_indices().next().map(|e| g.edge_decl(e).span))
}

/// Why a position was not analyzed in misère play, located at `span`, with the flag
/// that allows more when there is one.
fn misere_refused(span: Span, refusal: &misere::Refusal) -> Diagnostic {
    let help = match refusal {
        misere::Refusal::TooManyPositions { .. } => {
            "allow the misère search more positions with --max-positions N".to_string()
        }
        _ => "a misère search takes at most 64 attached edges: no flag raises that".to_string(),
    };
    Diagnostic::new(
        span,
        format!(
            "the position is not analyzed in misère play: {refusal} (see `hackenbush docs \
             misere`)"
        ),
        "the position's first edge",
    )
    .at_level(Level::Refused)
    .with_help(help)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::source::Source;
    use crate::syntax::{self, Format};

    /// What `analyze --misere --moves --json` writes reads back as it was, document and
    /// all, and a position in normal play is told apart by its `play`.
    #[test]
    fn the_json_reads_back() {
        let text = "ground: g\ng-a-b\nblue: b-c\nred: g-d\n";
        let source = Source::from_text("flag.hb", text).unwrap();
        let position = syntax::parse(Format::Hb, &source).next().unwrap().unwrap();
        let report = crate::misere_position(
            &source,
            position.graphs,
            "flag.hb".into(),
            Budget::DEFAULT,
            true,
        )
        .unwrap();
        let document = MisereDocument {
            version: super::super::json::VERSION,
            positions: vec![report],
            errors: Vec::new(),
        };
        let json = serde_json::to_string(&document).unwrap();
        assert!(json.contains(r#""play":"misere""#), "{json}");
        assert!(!json.contains("value"), "{json}");
        let read: MisereDocument = serde_json::from_str(&json).unwrap();
        assert_eq!(read, document);
        assert_eq!(read.positions[0].rule, Rule::Searched);
    }
}
