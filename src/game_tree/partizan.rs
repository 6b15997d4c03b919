//! The game played out with red and blue edges: the independent check of
//! [`analysis::partizan`](crate::analysis::partizan) behind `hackenbush verify`.
//!
//! No Hackenbush theory: a position is the set of edges still standing (a bitmask), Left
//! cuts a blue or green edge, Right a red or green one, and after every cut whatever no
//! longer reaches the ground falls. Over the positions reachable from the start, in an
//! order where every position comes after the positions one cut away:
//!
//! - **who wins by play**: the player to move wins if some cut of theirs leaves a position
//!   the other player, to move, loses; who cannot move loses. Left first and Right first
//!   give the [outcome class](Outcome).
//! - **the value**: `{ values after Left's cuts | values after Right's cuts }` in
//!   canonical form ([`Calculator::from_options`]). This is game theory (the canonical
//!   form of a short game), not Hackenbush theory: no ordinal sums, no Colon or Fusion
//!   Principle, no splitting at the ground.
//!
//! # Complexity
//!
//! Exponential: up to 2^E positions of E attached edges, each pruned in O(V + E) per cut;
//! the positions are ordered by a depth-first search with an explicit stack (no recursion
//! at all), and each value costs what its canonical form costs, at most
//! [`WORK`] steps of the calculator in all.

use std::collections::{HashMap, HashSet};

use petgraph::graph::EdgeIndex;

pub use super::Unverified;
use super::{Board, Limits, Mask, Observer, PROGRESS_EVERY};
use crate::analysis::partizan::{self, Budget};
use crate::game::{Calculator, Exceeded, Game, Outcome};
use crate::model::Graph;
use crate::syntax::Colour;

/// The most steps the canonical forms of one game tree may take ([`Calculator`]): far
/// beyond what the analysis is allowed ([`Budget::work`]), since every position of the tree
/// is valued, yet a bound.
pub const WORK: u64 = 1_000_000_000;

/// A coloured graph played out: every position reachable from the start, valued and won.
pub struct ColouredTree {
    board: Board,
    /// Per position, in the order solved (options first): its value, and whether Left
    /// and Right win it moving first.
    solved: Vec<Solved>,
    /// Position -> its index in `solved`.
    index: HashMap<Mask, usize>,
}

struct Solved {
    value: Game,
    left_wins: bool,
    right_wins: bool,
}

impl ColouredTree {
    /// Plays `graph` out, refusing graphs with more than `limit` attached edges, and
    /// values whose canonical forms take more than [`WORK`] steps.
    pub fn solve(
        graph: &Graph,
        limit: usize,
        progress: Observer,
    ) -> Result<ColouredTree, Unverified> {
        ColouredTree::solve_within(graph, Limits::edges(limit), progress)
    }

    /// [`ColouredTree::solve`] within `limits`: a graph with more positions is refused
    /// once they are counted, before any is valued.
    pub fn solve_within(
        graph: &Graph,
        limits: Limits,
        progress: Observer,
    ) -> Result<ColouredTree, Unverified> {
        let board = Board::new(graph, limits.edges).map_err(Unverified::TooLarge)?;
        let colours: Vec<Colour> = board.edges.iter().map(|&e| graph.colour(e)).collect();
        let order = positions(&board, limits).ok_or(Unverified::TooManyPositions {
            limit: limits.positions,
        })?;
        let mut tree = ColouredTree {
            board,
            solved: Vec::with_capacity(order.len()),
            index: HashMap::with_capacity(order.len()),
        };
        let mut calc = Calculator::new(WORK);
        for state in order {
            let (mut left, mut right) = (Vec::new(), Vec::new());
            let (mut left_wins, mut right_wins) = (false, false);
            let mut rest = state;
            while rest != 0 {
                let i = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                let after = &tree.solved[tree.index[&tree.board.prune(state & !(1 << i))]];
                if colours[i] != Colour::Red {
                    left.push(after.value.clone());
                    left_wins |= !after.right_wins;
                }
                if colours[i] != Colour::Blue {
                    right.push(after.value.clone());
                    right_wins |= !after.left_wins;
                }
            }
            let value = calc
                .from_options(left, right)
                .map_err(Unverified::TooComplex)?;
            tree.index.insert(state, tree.solved.len());
            tree.solved.push(Solved {
                value,
                left_wins,
                right_wins,
            });
            if tree.solved.len().is_multiple_of(PROGRESS_EVERY) {
                progress(tree.solved.len());
            }
        }
        Ok(tree)
    }

    fn start(&self) -> &Solved {
        // The start is the last position solved (everything else is one of its options'
        // options), or the only one when nothing is attached.
        self.solved.last().expect("the start is always solved")
    }

    /// The value of the graph, built up from the options of every position.
    pub fn value(&self) -> &Game {
        &self.start().value
    }

    /// Who wins the graph by play, Left first and Right first.
    pub fn outcome(&self) -> Outcome {
        let start = self.start();
        outcome(start.left_wins, start.right_wins)
    }

    /// The value of the graph after `edge` is cut (and what falls with it); `None` if
    /// `edge` is not attached to the ground.
    pub fn value_after(&self, edge: EdgeIndex) -> Option<&Game> {
        let i = self.board.edges.iter().position(|&e| e == edge)?;
        let after = self.board.prune(self.board.all() & !(1 << i));
        Some(&self.solved[self.index[&after]].value)
    }

    /// The attached edges, by model edge index: the cuts of the starting position.
    pub fn attached_edges(&self) -> &[EdgeIndex] {
        &self.board.edges
    }

    /// How many distinct positions were solved.
    pub fn positions_solved(&self) -> usize {
        self.solved.len()
    }
}

fn outcome(left_wins: bool, right_wins: bool) -> Outcome {
    match (left_wins, right_wins) {
        (true, false) => Outcome::L,
        (false, true) => Outcome::R,
        (true, true) => Outcome::N,
        (false, false) => Outcome::P,
    }
}

/// Every position reachable from the start, each after all positions one cut away from
/// it: a depth-first search with an explicit stack, in post-order. A cut only removes
/// edges, so no position is its own descendant and the order exists. `None` when there
/// are more than `limits` allows.
fn positions(board: &Board, limits: Limits) -> Option<Vec<Mask>> {
    let mut order = Vec::new();
    let mut seen = HashSet::new();
    // (position, whether its options have been pushed already)
    let mut stack = vec![(board.all(), false)];
    while let Some((state, expanded)) = stack.pop() {
        if expanded {
            order.push(state);
            continue;
        }
        if !seen.insert(state) {
            continue;
        }
        if limits.exceeded(seen.len()) {
            return None;
        }
        stack.push((state, true));
        let mut rest = state;
        while rest != 0 {
            let i = rest.trailing_zeros();
            rest &= rest - 1;
            let after = board.prune(state & !(1 << i));
            if !seen.contains(&after) {
                stack.push((after, false));
            }
        }
    }
    Some(order)
}

/// A value and who wins it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Valued {
    /// The value, in canonical form.
    pub value: Game,
    /// Who wins.
    pub outcome: Outcome,
}

/// A cut whose value after it differs: `None` when one side does not list the cut.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CutMismatch {
    /// The edge cut.
    pub edge: EdgeIndex,
    /// Its colour.
    pub colour: Colour,
    /// The value after it, by [`partizan::cuts`].
    pub analysis: Option<Game>,
    /// The value after it, by the game tree.
    pub game_tree: Option<Game>,
}

/// The analysis of one coloured graph held against its game tree.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ColouredVerification {
    /// The value and outcome by [`partizan::analyze`].
    pub analysis: Valued,
    /// The value built over the game tree, and the outcome found by playing it out.
    pub game_tree: Valued,
    /// The outcome the game tree's value implies: it must be the one play found (else
    /// the canonical-form arithmetic is wrong).
    pub game_tree_value_outcome: Outcome,
    /// The cuts whose value after differs. Empty when all agree.
    pub cut_mismatches: Vec<CutMismatch>,
    /// Cuts compared: every attached edge, with what it leaves.
    pub moves_compared: usize,
    /// Distinct positions the game tree solved.
    pub positions_solved: usize,
}

impl ColouredVerification {
    /// Whether the analysis and the game tree agree on everything compared.
    pub fn agrees(&self) -> bool {
        self.analysis == self.game_tree
            && self.game_tree_value_outcome == self.game_tree.outcome
            && self.cut_mismatches.is_empty()
    }
}

/// Compares [`partizan::analyze_with_cuts`] (with the default [`Budget`])
/// with the game tree of `graph`: the value, the outcome, and the value after every cut.
/// Refuses graphs beyond `limits` (more attached edges, or more positions); tells
/// `progress` how many positions the game tree has solved, every [`PROGRESS_EVERY`] of
/// them.
///
/// ```
/// use hackenbush::{game_tree::partizan, model::Graph, syntax::Colour::*};
///
/// // A blue edge with a red one on top: 1/2, a win for Left.
/// let graph = Graph::from_coloured_edges(&[0], &[(0, 1, Blue), (1, 2, Red)]);
/// let v = partizan::verify(&graph, Default::default(), &mut |_| {}).unwrap();
/// assert!(v.agrees());
/// assert_eq!(v.game_tree.value.to_string(), "1/2");
/// assert_eq!(v.moves_compared, 2);
/// ```
pub fn verify(
    graph: &Graph,
    limits: Limits,
    progress: Observer,
) -> Result<ColouredVerification, Unverified> {
    let tree = ColouredTree::solve_within(graph, limits, progress)?;
    let budget = Budget::default();
    let (valued, cuts, _) =
        partizan::analyze_with_cuts(graph, budget, &mut |_| {}).map_err(Unverified::Refused)?;
    compare(graph, &tree, valued, &cuts).map_err(Unverified::TooComplex)
}

/// The analysis (`valued`, and its `cuts`) of `graph` held against its game tree. A cut
/// the analysis leaves unlisted is a mismatch (none are, below
/// [`MAX_LISTED_EDGES`](partizan::MAX_LISTED_EDGES) edges).
fn compare(
    graph: &Graph,
    tree: &ColouredTree,
    valued: partizan::Partizan,
    cuts: &[partizan::Cut],
) -> Result<ColouredVerification, Exceeded> {
    let mut cut_mismatches = Vec::new();
    for cut in cuts {
        let after = tree.value_after(cut.edge);
        if after != Some(&cut.value_after) {
            cut_mismatches.push(CutMismatch {
                edge: cut.edge,
                colour: cut.colour,
                analysis: Some(cut.value_after.clone()),
                game_tree: after.cloned(),
            });
        }
    }
    for &edge in tree.attached_edges() {
        if !cuts.iter().any(|cut| cut.edge == edge) {
            cut_mismatches.push(CutMismatch {
                edge,
                colour: graph.colour(edge),
                analysis: None,
                game_tree: tree.value_after(edge).cloned(),
            });
        }
    }
    cut_mismatches.sort_by_key(|m| m.edge);
    let game_tree_value_outcome = Calculator::new(WORK).outcome(tree.value())?;
    Ok(ColouredVerification {
        analysis: Valued {
            value: valued.value,
            outcome: valued.outcome,
        },
        game_tree: Valued {
            value: tree.value().clone(),
            outcome: tree.outcome(),
        },
        game_tree_value_outcome,
        cut_mismatches,
        moves_compared: tree.attached_edges().len(),
        positions_solved: tree.positions_solved(),
    })
}

/// A position's value as the sum of its graphs' values, by the analysis and by the game
/// trees side by side, with the outcome of each sum: what a player of the whole position
/// needs. A Green graph adds its nimber.
pub struct PositionSum {
    calc: Calculator,
    analysis: Game,
    game_tree: Game,
}

impl Default for PositionSum {
    fn default() -> PositionSum {
        PositionSum {
            calc: Calculator::new(WORK),
            analysis: Game::zero(),
            game_tree: Game::zero(),
        }
    }
}

impl PositionSum {
    /// Adds a graph worth `analysis` by the analysis and `game_tree` by its game tree.
    pub fn add(&mut self, analysis: &Game, game_tree: &Game) -> Result<(), Exceeded> {
        self.analysis = self.calc.sum(&self.analysis, analysis)?;
        self.game_tree = self.calc.sum(&self.game_tree, game_tree)?;
        Ok(())
    }

    /// The two sums and their outcomes: `(analysis, game tree)`.
    pub fn finish(mut self) -> Result<(Valued, Valued), Exceeded> {
        let mut valued = |value: Game| -> Result<Valued, Exceeded> {
            let outcome = self.calc.outcome(&value)?;
            Ok(Valued { value, outcome })
        };
        let analysis = valued(self.analysis)?;
        let game_tree = valued(self.game_tree)?;
        Ok((analysis, game_tree))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game_tree::TooLarge;
    use crate::syntax::Colour::{Blue, Green, Red};

    fn tree(edges: &[(u32, u32, Colour)]) -> ColouredTree {
        ColouredTree::solve(&Graph::from_coloured_edges(&[0], edges), 20, &mut |_| {}).unwrap()
    }

    #[test]
    fn known_values_and_outcomes() {
        let shown = |edges: &[(u32, u32, Colour)]| {
            let t = tree(edges);
            (t.value().to_string(), t.outcome())
        };
        assert_eq!(shown(&[]), ("0".into(), Outcome::P));
        assert_eq!(shown(&[(0, 1, Blue)]), ("1".into(), Outcome::L));
        assert_eq!(
            shown(&[(0, 1, Red), (1, 2, Red)]),
            ("-2".into(), Outcome::R)
        );
        assert_eq!(
            shown(&[(0, 1, Blue), (1, 2, Red)]),
            ("1/2".into(), Outcome::L)
        );
        assert_eq!(shown(&[(0, 1, Green)]), ("*".into(), Outcome::N));
        assert_eq!(
            shown(&[(0, 1, Green), (1, 2, Blue)]),
            ("^*".into(), Outcome::N)
        );
        // A blue and a red edge in a cycle through the ground: {-1 | 1} = 0.
        assert_eq!(
            shown(&[(0, 1, Blue), (1, 0, Red)]),
            ("0".into(), Outcome::P)
        );
        // What no longer reaches the ground falls: the detached edge is no move.
        assert_eq!(
            shown(&[(0, 1, Red), (2, 3, Blue)]),
            ("-1".into(), Outcome::R)
        );
    }

    #[test]
    fn values_after_cuts() {
        let t = tree(&[(0, 1, Blue), (1, 2, Red)]);
        assert_eq!(t.value_after(EdgeIndex::new(0)), Some(&Game::zero()));
        assert_eq!(t.value_after(EdgeIndex::new(1)), Some(&Game::integer(1)));
        assert_eq!(t.value_after(EdgeIndex::new(2)), None);
    }

    #[test]
    fn refuses_large_graphs() {
        let stalk: Vec<(u32, u32, Colour)> = (0..30).map(|i| (i, i + 1, Blue)).collect();
        let graph = Graph::from_coloured_edges(&[0], &stalk);
        assert_eq!(
            ColouredTree::solve(&graph, 20, &mut |_| {}).err(),
            Some(Unverified::TooLarge(TooLarge {
                edges: 30,
                limit: 20
            }))
        );
    }

    /// Issue 33: `verify` grew past 1.1 GB on a 40-edge red-blue multigraph. Beyond its
    /// positions the search is refused when they are counted, before any is valued.
    #[test]
    fn a_search_beyond_its_positions_is_refused() {
        let twigs: Vec<(u32, u32, Colour)> = (1..=10).map(|i| (0, i, Blue)).collect();
        let graph = Graph::from_coloured_edges(&[0], &twigs);
        let limits = Limits {
            positions: 1 << 10,
            ..Limits::edges(20)
        };
        assert!(verify(&graph, limits, &mut |_| {}).is_ok());
        let limits = Limits {
            positions: 100,
            ..limits
        };
        assert_eq!(
            verify(&graph, limits, &mut |_| {}).err(),
            Some(Unverified::TooManyPositions { limit: 100 })
        );
    }

    #[test]
    fn the_analysis_agrees_on_a_cycle_with_every_colour() {
        let graph = Graph::from_coloured_edges(
            &[0],
            &[
                (0, 1, Blue),
                (1, 2, Red),
                (2, 0, Green),
                (2, 3, Blue),
                (1, 1, Red),
            ],
        );
        let v = verify(&graph, Limits::edges(20), &mut |_| {}).unwrap();
        assert!(v.agrees(), "{v:?}");
        assert_eq!(v.moves_compared, 5);
    }

    /// A wrong value, a wrong outcome and a wrong or missing cut are each caught.
    #[test]
    fn a_wrong_analysis_is_caught() {
        let graph = Graph::from_coloured_edges(&[0], &[(0, 1, Blue), (1, 2, Red)]);
        let t = ColouredTree::solve(&graph, 20, &mut |_| {}).unwrap();
        let budget = Budget::default();
        let right = partizan::analyze(&graph, budget).unwrap();
        let (cuts, _) = partizan::cuts(&graph, &right, budget).unwrap();
        assert!(compare(&graph, &t, right.clone(), &cuts).unwrap().agrees());

        let mut wrong = right.clone();
        wrong.value = Game::integer(1);
        let v = compare(&graph, &t, wrong, &cuts).unwrap();
        assert!(!v.agrees());
        assert_eq!(v.analysis.value, Game::integer(1));
        assert_eq!(v.game_tree.value.to_string(), "1/2");

        let mut wrong = right.clone();
        wrong.outcome = Outcome::N;
        assert!(!compare(&graph, &t, wrong, &cuts).unwrap().agrees());

        let mut wrong_cuts = cuts.clone();
        wrong_cuts[1].value_after = Game::zero();
        let v = compare(&graph, &t, right.clone(), &wrong_cuts).unwrap();
        assert_eq!(
            v.cut_mismatches,
            [CutMismatch {
                edge: EdgeIndex::new(1),
                colour: Red,
                analysis: Some(Game::zero()),
                game_tree: Some(Game::integer(1)),
            }]
        );
        let v = compare(&graph, &t, right, &cuts[..1]).unwrap();
        assert_eq!(v.cut_mismatches[0].analysis, None);
    }

    #[test]
    fn sums_of_a_position() {
        let mut sum = PositionSum::default();
        sum.add(&Game::integer(1), &Game::integer(1)).unwrap();
        sum.add(&Game::integer(-1), &Game::nimber(1)).unwrap();
        let (analysis, game_tree) = sum.finish().unwrap();
        assert_eq!(
            (analysis.value, analysis.outcome),
            (Game::zero(), Outcome::P)
        );
        assert_eq!(game_tree.value.to_string(), "1*");
        assert_eq!(game_tree.outcome, Outcome::L);
    }
}
