//! A position as a whole: the nim-sum of its graphs and every winning move; and for any
//! position, in normal or misère play, each player's winning first cuts
//! ([`winning_cuts`]): what `play` asks before each of its moves, and what the reports of
//! `analyze --moves` are built on ([`cut_values`], [`cut_wins`]).
//!
//! By the Sprague-Grundy theorem a position is worth the XOR (nim-sum) `N` of its graphs'
//! values, and the player to move wins exactly when `N != 0`. A move in graph `i`, worth
//! `v`, wins exactly when it leaves that graph worth `v XOR N`: the new nim-sum is then 0.
//! So the winning moves of a position are, graph by graph, the cuts to a target value,
//! which [`moves::cuts_to`] finds from the block structure.
//!
//! ```
//! use hackenbush::analysis::position::{nim_sum, winning_moves};
//! use hackenbush::model::Graph;
//!
//! // Two stalks, of one edge and of three: *1 + *3 = *2, and the winning move takes the
//! // tall stalk down to one edge (its second edge, leaving *1).
//! let graphs = [vec![(0, 1)], vec![(0, 1), (1, 2), (2, 3)]].map(|edges| {
//!     let graph = Graph::from_edges(&[0], &edges);
//!     let analysis = hackenbush::analysis::analyze(&graph).unwrap();
//!     (graph, analysis)
//! });
//! assert_eq!(nim_sum(&graphs), 2);
//! let moves = winning_moves(&graphs);
//! assert_eq!(moves.len(), 1);
//! assert_eq!((moves[0].graph, moves[0].edge.index(), moves[0].value_after), (1, 1, 1));
//! ```

use std::fmt;

use petgraph::graph::EdgeIndex;

use super::misere::{self, PositionEdge};
use super::partizan::{self, Budget};
use super::{Analysis, Play, moves};
use crate::game::{Calculator, Exceeded, Game, Outcome};
use crate::model::Graph;
use crate::syntax::Colour;

/// One winning move: a cut that leaves the position worth 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WinningMove {
    /// The graph (0-based, in the position's order).
    pub graph: usize,
    /// The edge to cut (model edge index = 0-based input order).
    pub edge: EdgeIndex,
    /// What the graph is worth after the cut.
    pub value_after: u64,
}

/// A winning move, under its former name.
#[deprecated(note = "renamed `WinningMove`: `play::Move` is a move made in a match")]
pub type Move = WinningMove;

/// The nim-sum of analysed graphs.
pub fn nim_sum(graphs: &[(Graph, Analysis)]) -> u64 {
    graphs.iter().fold(0, |acc, (_, a)| acc ^ a.value)
}

/// Every move that leaves the position with nim-sum 0, by graph then edge; empty when the
/// position is already lost (nim-sum 0).
///
/// Complexity: that of [`moves::cuts_to`] on each graph, linear in its size.
pub fn winning_moves(graphs: &[(Graph, Analysis)]) -> Vec<WinningMove> {
    let total = nim_sum(graphs);
    if total == 0 {
        return Vec::new();
    }
    let mut found = Vec::new();
    for (i, (graph, analysis)) in graphs.iter().enumerate() {
        found.extend(winning_moves_in(i, graph, analysis, total));
    }
    found
}

/// The winning moves in graph `i` of a position whose nim-sum is `total`, by edge: the
/// cuts that leave it worth `analysis.value XOR total` (none when `total` is 0). With
/// `total` known beforehand, each graph's moves are found as soon as it is analyzed.
pub fn winning_moves_in(
    i: usize,
    graph: &Graph,
    analysis: &Analysis,
    total: u64,
) -> Vec<WinningMove> {
    let target = analysis.value ^ total;
    // A cut never raises a graph above its edge count.
    if total == 0 || target > analysis.attached_edges as u64 {
        return Vec::new();
    }
    moves::cuts_to(graph, target)
        .into_iter()
        .map(|edge| WinningMove {
            graph: i,
            edge,
            value_after: target,
        })
        .collect()
}

/// Whether a cut of an edge of `colour`, which leaves the position with the outcome
/// `after` (the other player to move), wins for Left and for Right: Left cuts blue or
/// green and wins when Left wins what is left with Right to move (`L` or `P`); Right
/// cuts red or green and wins on `R` or `P`.
pub fn cut_wins(colour: Colour, after: Outcome) -> (bool, bool) {
    let (left, right) = colour.players();
    (
        left && matches!(after, Outcome::L | Outcome::P),
        right && matches!(after, Outcome::R | Outcome::P),
    )
}

/// The position's value after each of `cuts`, each a graph (0-based) and the value the
/// cut leaves that graph, in a position whose graphs are worth `values`
/// ([`Calculator::sums_with_one_replaced`]). A cut of a graph `values` does not have is
/// `None`.
pub fn cut_values<'a>(
    values: &[Game],
    cuts: impl IntoIterator<Item = (usize, &'a Game)>,
    calc: &mut Calculator,
) -> Result<Vec<Option<Game>>, Exceeded> {
    calc.sums_with_one_replaced(values, cuts)
}

/// Each player's winning first cuts in a position, by graph then edge.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Wins {
    /// Left's, with Left to move: blue or green edges.
    pub left: Vec<PositionEdge>,
    /// Right's, with Right to move: red or green edges.
    pub right: Vec<PositionEdge>,
}

/// Why a position's winning cuts were not found: beyond the budget.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Unfound {
    /// Graph `graph` (0-based) could not be valued, or its cuts.
    Graph {
        /// The graph, from 0.
        graph: usize,
        /// Why.
        refusal: partizan::Refusal,
    },
    /// The sum of the graphs' values after a cut, or its comparison with zero.
    Sum(Exceeded),
    /// The misère search.
    Misere(misere::Refusal),
}

impl fmt::Display for Unfound {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Unfound::Graph { graph, refusal } => write!(f, "graph {}: {refusal}", graph + 1),
            Unfound::Sum(exceeded) => write!(f, "the sum of the values: {exceeded}"),
            Unfound::Misere(refusal) => refusal.fmt(f),
        }
    }
}

impl std::error::Error for Unfound {}

/// Each player's winning first cuts in the position of `graphs`, in `play`, within
/// `budget`: in normal play, by the nim-sum when every edge is green ([`winning_moves_in`]),
/// otherwise by each graph's value and the value of each of its cuts
/// ([`partizan::analyze_with_cuts`], [`cut_values`], [`cut_wins`]; the edges of parts too large to
/// list are not among them); in misère play, by [`misere::analyze`].
///
/// ```
/// use hackenbush::analysis::{Play, partizan::Budget, position::winning_cuts};
/// use hackenbush::model::Graph;
///
/// // Two stalks of two edges on one root: *2 and *2 at the root, worth 0 in normal play.
/// let tree = Graph::from_edges(&[0], &[(0, 1), (1, 2), (0, 3), (3, 4)]);
/// let normal = winning_cuts(std::slice::from_ref(&tree), Play::Normal, Budget::DEFAULT)?;
/// assert!(normal.left.is_empty()); // *2 + *2 = 0
/// // A stalk of two alone: in misère play, cut its top and leave one edge to the other.
/// let stalk = Graph::from_edges(&[0], &[(0, 1), (1, 2)]);
/// let misere = winning_cuts(&[stalk], Play::Misere, Budget::DEFAULT)?;
/// assert_eq!(misere.left[0].edge.index(), 1);
/// # Ok::<(), hackenbush::analysis::position::Unfound>(())
/// ```
pub fn winning_cuts(graphs: &[Graph], play: Play, budget: Budget) -> Result<Wins, Unfound> {
    if play == Play::Misere {
        let found = misere::analyze(graphs, &budget).map_err(Unfound::Misere)?;
        return Ok(Wins {
            left: found.left_wins,
            right: found.right_wins,
        });
    }
    if graphs.iter().all(|g| g.decl.is_green()) {
        let analysed: Vec<Analysis> = graphs.iter().map(super::breakdown).collect();
        let total = analysed.iter().fold(0, |acc, a| acc ^ a.value);
        let mut wins = Vec::new();
        for (i, (graph, analysis)) in graphs.iter().zip(&analysed).enumerate() {
            let moves = winning_moves_in(i, graph, analysis, total);
            wins.extend(moves.into_iter().map(|m| PositionEdge {
                graph: m.graph,
                edge: m.edge,
            }));
        }
        return Ok(Wins {
            left: wins.clone(),
            right: wins,
        });
    }
    let mut values = Vec::with_capacity(graphs.len());
    let mut cuts = Vec::new();
    for (i, graph) in graphs.iter().enumerate() {
        let refused = |refusal| Unfound::Graph { graph: i, refusal };
        let (valued, listed, _) =
            partizan::analyze_with_cuts(graph, budget, &mut |_| {}).map_err(refused)?;
        cuts.extend(listed.into_iter().map(|cut| (i, cut)));
        values.push(valued.value);
    }
    let mut calc = Calculator::new(budget.work);
    let after = cut_values(
        &values,
        cuts.iter().map(|(i, c)| (*i, &c.value_after)),
        &mut calc,
    )
    .map_err(Unfound::Sum)?;
    let mut wins = Wins::default();
    for ((graph, cut), after) in cuts.iter().zip(after) {
        let Some(after) = after else { continue };
        let outcome = calc.outcome(&after).map_err(Unfound::Sum)?;
        let (left, right) = cut_wins(cut.colour, outcome);
        let at = PositionEdge {
            graph: *graph,
            edge: cut.edge,
        };
        if left {
            wins.left.push(at);
        }
        if right {
            wins.right.push(at);
        }
    }
    Ok(wins)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::analyze;

    type GraphSpec<'a> = (&'a [u32], &'a [(u32, u32)]);

    fn position(graphs: &[GraphSpec]) -> Vec<(Graph, Analysis)> {
        graphs
            .iter()
            .map(|(ground, edges)| {
                let g = Graph::from_edges(ground, edges);
                let a = analyze(&g).unwrap();
                (g, a)
            })
            .collect()
    }

    #[test]
    fn nim_heaps() {
        // *3 + *5 = *6: the winning moves take the *5 heap down to *3 (cut its 4th edge).
        let p = position(&[
            (&[0], &[(0, 1), (1, 2), (2, 3)]),
            (&[0], &[(0, 1), (1, 2), (2, 3), (3, 4), (4, 5)]),
        ]);
        assert_eq!(nim_sum(&p), 6);
        assert_eq!(
            winning_moves(&p),
            vec![WinningMove {
                graph: 1,
                edge: EdgeIndex::new(3),
                value_after: 3
            }]
        );
    }

    #[test]
    fn lost_positions_have_no_winning_moves() {
        let p = position(&[(&[0], &[(0, 1)]), (&[0], &[(0, 0)])]);
        assert_eq!(nim_sum(&p), 0);
        assert!(winning_moves(&p).is_empty());
    }
}
