//! What `hackenbush verify --json` prints: each graph's analysis held against its game
//! tree, or with `--misere` each whole position's misère analysis against its misère
//! game tree (docs/json.md).
//!
//! ```
//! use hackenbush::{analysis, game_tree, model::Graph};
//! use hackenbush::report::verify::{Verdict, VerifiedGraph};
//!
//! let graph = Graph::from_edges(&[0], &[(0, 1), (1, 2)]);
//! let verification = game_tree::verify(&graph, &analysis::analyze(&graph).unwrap(), 20)?;
//! let verified = VerifiedGraph::green("stalk", &verification);
//! assert_eq!(verified.verdict, Verdict::Agree);
//! assert_eq!(serde_json::to_value(&verified).unwrap()["game_tree"]["value"], "*2");
//! # Ok::<(), hackenbush::game_tree::Unverified>(())
//! ```

use serde::{Deserialize, Serialize};

use super::Value;
use crate::analysis::Play;
use crate::analysis::misere::{PositionEdge, Rule};
use crate::game::{Game, Outcome};
use crate::game_tree::Verification;
use crate::game_tree::partizan::{ColouredVerification, CutMismatch, Valued};
use crate::syntax::Colour;

/// Whether the analysis and the game tree agree.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum Verdict {
    /// On everything compared.
    Agree,
    /// On something: a bug in hackenbush.
    Disagree,
    /// Nothing compared: the graph is too large for the game-tree search (for a
    /// position's sum: some graph of it was not searched).
    NotSearched,
}

impl Verdict {
    fn of(agrees: bool) -> Verdict {
        if agrees {
            Verdict::Agree
        } else {
            Verdict::Disagree
        }
    }
}

/// A value and who wins it, by one side.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[non_exhaustive]
pub struct Judged {
    /// The value, in CGSuite's notation.
    pub value: Value,
    /// Who wins.
    pub outcome: Outcome,
}

impl Judged {
    fn nimber(n: u64) -> Judged {
        Judged {
            value: Value::Nim(n),
            outcome: if n == 0 { Outcome::P } else { Outcome::N },
        }
    }

    fn valued(v: &Valued) -> Judged {
        Judged {
            value: Value::Game(v.value.clone()),
            outcome: v.outcome,
        }
    }
}

/// Where the two sides differ on the cuts.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
#[non_exhaustive]
pub enum Mismatch {
    /// All-green: the cuts that leave the graph worth `value_after` (edges numbered from 1).
    Green {
        /// The value left.
        value_after: Value,
        /// The cuts leaving it, by the analysis.
        analysis_edges: Vec<usize>,
        /// The cuts leaving it, by the game tree.
        game_tree_edges: Vec<usize>,
    },
    /// Coloured: one cut and what each side says it leaves (absent: not listed, or not a
    /// move).
    Cut {
        /// The edge, from 1.
        edge: usize,
        /// Its colour.
        colour: Colour,
        /// The graph's value after the cut, by the analysis.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        analysis_after: Option<Value>,
        /// The graph's value after the cut, by the game tree.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        game_tree_after: Option<Value>,
    },
}

/// One graph verified, or not searched.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[non_exhaustive]
pub struct VerifiedGraph {
    /// The graph's name.
    pub name: String,
    /// Whether the two sides agree.
    pub verdict: Verdict,
    /// By the analysis; absent when not searched.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub analysis: Option<Judged>,
    /// By the game tree (the outcome found by playing it out); absent when not searched.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game_tree: Option<Judged>,
    /// Cuts compared, each with what it leaves.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub moves_compared: Option<usize>,
    /// Distinct positions the game tree solved.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub positions_searched: Option<usize>,
    /// Where the cuts differ; absent when they agree.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub mismatches: Vec<Mismatch>,
    /// Why the graph was not searched.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
}

impl VerifiedGraph {
    /// An all-green graph verified.
    pub fn green(name: &str, v: &Verification) -> Self {
        let edges =
            |edges: &[petgraph::graph::EdgeIndex]| edges.iter().map(|e| e.index() + 1).collect();
        VerifiedGraph {
            mismatches: (v.cut_mismatches.iter())
                .map(|(target, fast, slow)| Mismatch::Green {
                    value_after: Value::Nim(*target),
                    analysis_edges: edges(fast),
                    game_tree_edges: edges(slow),
                })
                .collect(),
            ..VerifiedGraph::searched(
                name,
                v.agrees(),
                [v.analysis_value, v.game_tree_value].map(Judged::nimber),
                v.moves_compared,
                v.positions_solved,
            )
        }
    }

    /// A graph with blue or red edges verified. The game tree's outcome is the one found
    /// by play.
    pub fn coloured(name: &str, v: &ColouredVerification) -> Self {
        let game = |g: &Option<Game>| g.clone().map(Value::Game);
        VerifiedGraph {
            mismatches: (v.cut_mismatches.iter())
                .map(|m: &CutMismatch| Mismatch::Cut {
                    edge: m.edge.index() + 1,
                    colour: m.colour,
                    analysis_after: game(&m.analysis),
                    game_tree_after: game(&m.game_tree),
                })
                .collect(),
            ..VerifiedGraph::searched(
                name,
                v.agrees(),
                [&v.analysis, &v.game_tree].map(Judged::valued),
                v.moves_compared,
                v.positions_solved,
            )
        }
    }

    /// A graph too large to search, and why.
    pub fn not_searched(name: &str, reason: String) -> Self {
        VerifiedGraph {
            name: name.to_string(),
            verdict: Verdict::NotSearched,
            analysis: None,
            game_tree: None,
            moves_compared: None,
            positions_searched: None,
            mismatches: Vec::new(),
            reason: Some(reason),
        }
    }

    fn searched(
        name: &str,
        agrees: bool,
        [analysis, game_tree]: [Judged; 2],
        moves: usize,
        positions: usize,
    ) -> Self {
        VerifiedGraph {
            name: name.to_string(),
            verdict: Verdict::of(agrees),
            analysis: Some(analysis),
            game_tree: Some(game_tree),
            moves_compared: Some(moves),
            positions_searched: Some(positions),
            mismatches: Vec::new(),
            reason: None,
        }
    }
}

/// The sum of a coloured position, by both sides.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[non_exhaustive]
pub struct VerifiedSum {
    /// Whether the sums agree ([`Verdict::NotSearched`]: some graph was not searched).
    pub verdict: Verdict,
    /// The sum of the analysis' values.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub analysis: Option<Judged>,
    /// The sum of the game trees' values.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game_tree: Option<Judged>,
}

impl VerifiedSum {
    /// The sums by both sides, or `None` when they could not be made.
    pub fn new(sums: Option<(Valued, Valued)>) -> Self {
        match sums {
            Some((analysis, game_tree)) => VerifiedSum {
                verdict: Verdict::of(analysis == game_tree),
                analysis: Some(Judged::valued(&analysis)),
                game_tree: Some(Judged::valued(&game_tree)),
            },
            None => VerifiedSum {
                verdict: Verdict::NotSearched,
                analysis: None,
                game_tree: None,
            },
        }
    }
}

/// A position of `verify --json`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[non_exhaustive]
pub struct VerifiedPosition {
    /// Where the position comes from, as in `analyze --json`.
    pub source: String,
    /// Its graphs, in input order.
    pub graphs: Vec<VerifiedGraph>,
    /// With blue or red edges: the position's sum.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sum: Option<VerifiedSum>,
}

impl VerifiedPosition {
    /// The position read from `source` (labelled as `analyze --json` labels it), no
    /// graph verified yet.
    pub fn new(source: String) -> Self {
        VerifiedPosition {
            source,
            graphs: Vec::new(),
            sum: None,
        }
    }
}

/// The totals that end `verify --json`'s document.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[non_exhaustive]
pub struct VerifySummary {
    /// Graphs read.
    pub graphs: usize,
    /// Graphs (and coloured positions' sums) on which the two sides disagree.
    pub disagreements: usize,
    /// Graphs too large to search.
    pub not_searched: usize,
}

/// One winning first cut in `verify --misere --json`: its graph and edge, from 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[non_exhaustive]
pub struct CutRef {
    /// The graph, from 1 in its position.
    pub graph: usize,
    /// The edge, from 1 in its graph's input order.
    pub edge: usize,
}

/// A misère outcome and each player's winning first cuts, by one side.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[non_exhaustive]
pub struct MisereJudged {
    /// Who wins in misère play.
    pub outcome: Outcome,
    /// The analysis' rule (absent for the game tree, which plays with no rule).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rule: Option<Rule>,
    /// Left's winning first cuts, by graph then edge.
    pub left: Vec<CutRef>,
    /// Right's.
    pub right: Vec<CutRef>,
}

impl MisereJudged {
    /// `outcome`, `rule` and the cuts `left` and `right` (numbered from 0, as the
    /// library numbers them).
    pub fn new(
        outcome: Outcome,
        rule: Option<Rule>,
        left: &[PositionEdge],
        right: &[PositionEdge],
    ) -> Self {
        let refs = |cuts: &[PositionEdge]| {
            (cuts.iter())
                .map(|c| CutRef {
                    graph: c.graph + 1,
                    edge: c.edge.index() + 1,
                })
                .collect()
        };
        MisereJudged {
            outcome,
            rule,
            left: refs(left),
            right: refs(right),
        }
    }
}

/// A position of `verify --misere --json`: played out whole against the misère analysis.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[non_exhaustive]
pub struct VerifiedMisere {
    /// Where the position comes from, as in `analyze --json`.
    pub source: String,
    /// Always [`Play::Misere`].
    pub play: Play,
    /// Whether the two sides agree on the outcome and every winning first cut.
    pub verdict: Verdict,
    /// By the analysis; absent when not searched.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub analysis: Option<MisereJudged>,
    /// By the game tree; absent when not searched.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game_tree: Option<MisereJudged>,
    /// Distinct positions the game tree solved.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub positions_searched: Option<usize>,
    /// Why the position was not searched.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
}

impl VerifiedMisere {
    /// The position `source` held by both sides.
    pub fn searched(
        source: String,
        analysis: MisereJudged,
        game_tree: MisereJudged,
        positions: usize,
    ) -> Self {
        let agrees = (analysis.outcome, &analysis.left, &analysis.right)
            == (game_tree.outcome, &game_tree.left, &game_tree.right);
        VerifiedMisere {
            source,
            play: Play::Misere,
            verdict: Verdict::of(agrees),
            analysis: Some(analysis),
            game_tree: Some(game_tree),
            positions_searched: Some(positions),
            reason: None,
        }
    }

    /// The position `source`, not searched, and why.
    pub fn not_searched(source: String, reason: String) -> Self {
        VerifiedMisere {
            source,
            play: Play::Misere,
            verdict: Verdict::NotSearched,
            analysis: None,
            game_tree: None,
            positions_searched: None,
            reason: Some(reason),
        }
    }
}
