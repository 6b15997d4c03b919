//! A whole position played out in misère play (whoever cannot move wins), with no theory:
//! the independent check of [`analysis::misere`](crate::analysis::misere) that
//! `hackenbush verify --misere` runs.
//!
//! The position's graphs are played together (misère play does not split into a sum of
//! values): a state is the set of the position's standing edges (a bitmask over its
//! attached edges, at most [`MAX_EDGES`](super::MAX_EDGES)), pruned after each cut to the
//! edges still joined to their graph's ground. A state is won by the player to move when
//! they cannot move, or when some cut of theirs leaves a state lost for the other player.
//! Each state is solved once for each player to move (memoized), within
//! [`Limits`].
//!
//! # Complexity
//!
//! Exponential: up to 2^E states of E edges, each pruned in O(V + E). The search recurses
//! once per cut, so its depth is at most the edge count.
//!
//! ```
//! use hackenbush::{game::Outcome, game_tree::{Limits, misere}, model::Graph};
//!
//! // A 4-cycle through the ground: whoever moves first loses in misère play.
//! let square = Graph::from_edges(&[0], &[(0, 1), (1, 2), (2, 3), (3, 0)]);
//! let solved = misere::solve(&[square], Limits::DEFAULT)?;
//! assert_eq!(solved.outcome, Outcome::P);
//! assert!(solved.left_wins.is_empty());
//! # Ok::<(), hackenbush::game_tree::Unverified>(())
//! ```

use std::collections::HashMap;

use super::{Limits, TooLarge, Unverified};
use crate::analysis::misere::PositionEdge;
use crate::game::Outcome;
use crate::model::Graph;
use crate::syntax::Colour;

/// A position played out in misère play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solved {
    /// Who wins: L, R, N or P.
    pub outcome: Outcome,
    /// Every cut with which Left, moving first, wins, by graph then edge.
    pub left_wins: Vec<PositionEdge>,
    /// Every cut with which Right, moving first, wins.
    pub right_wins: Vec<PositionEdge>,
    /// Distinct states solved (each for one or both players to move).
    pub positions_solved: usize,
}

/// Plays out the position of `graphs` in misère play, within `limits`: its outcome and
/// each player's winning first cuts; refused when it has more attached edges than
/// `limits.edges` (at most 64) or more states than `limits.positions`.
pub fn solve(graphs: &[Graph], limits: Limits) -> Result<Solved, Unverified> {
    let board = Board::of(graphs);
    let limit = limits.edges.min(super::MAX_EDGES);
    if board.edges.len() > limit {
        return Err(Unverified::TooLarge(TooLarge {
            edges: board.edges.len(),
            limit,
        }));
    }
    let mut play = Play {
        board: &board,
        memo: HashMap::new(),
        limits,
        exceeded: false,
    };
    let all = board.prune(board.all());
    let mut wins = [Vec::new(), Vec::new()];
    for (k, left) in [true, false].into_iter().enumerate() {
        for (i, edge) in board.edges.iter().enumerate() {
            if all & (1 << i) != 0 && edge.may_cut(left) {
                let after = board.prune(all & !(1 << i));
                if !play.wins(after, !left) {
                    wins[k].push(edge.at);
                }
            }
        }
        wins[k].sort_unstable();
    }
    let left = play.wins(all, true);
    let right = play.wins(all, false);
    if play.exceeded {
        return Err(Unverified::TooManyPositions {
            limit: limits.positions,
        });
    }
    let [left_wins, right_wins] = wins;
    Ok(Solved {
        outcome: match (left, right) {
            (true, true) => Outcome::N,
            (true, false) => Outcome::L,
            (false, true) => Outcome::R,
            (false, false) => Outcome::P,
        },
        left_wins,
        right_wins,
        positions_solved: play.memo.len(),
    })
}

/// One edge of the board.
struct Edge {
    ends: (u32, u32),
    colour: Colour,
    at: PositionEdge,
}

impl Edge {
    /// Whether Left (`left`) or Right may cut it.
    fn may_cut(&self, left: bool) -> bool {
        let (l, r) = self.colour.players();
        if left { l } else { r }
    }
}

/// The position's edges over vertices of their own: vertex 0 is every graph's ground
/// (cutting in one graph never touches another).
struct Board {
    edges: Vec<Edge>,
    vertices: usize,
}

impl Board {
    /// The edges of `graphs` joined to their ground, graph by graph in input order.
    fn of(graphs: &[Graph]) -> Board {
        let mut edges = Vec::new();
        let mut base = 1u32;
        for (g, graph) in graphs.iter().enumerate() {
            let attached = crate::analysis::breakdown(graph);
            let id = |n: petgraph::graph::NodeIndex| {
                if n == Graph::ground() {
                    0
                } else {
                    base + n.index() as u32
                }
            };
            for edge in graph.net.edge_indices() {
                if attached.edge_roles[edge.index()] == crate::analysis::EdgeRole::Ignored {
                    continue;
                }
                let (a, b) = graph
                    .net
                    .edge_endpoints(edge)
                    .expect("an edge of the graph");
                edges.push(Edge {
                    ends: (id(a), id(b)),
                    colour: graph.colour(edge),
                    at: PositionEdge { graph: g, edge },
                });
            }
            base += graph.net.node_count() as u32;
        }
        Board {
            edges,
            vertices: base as usize,
        }
    }

    /// Every edge.
    fn all(&self) -> u64 {
        match self.edges.len() {
            64 => u64::MAX,
            n => (1 << n) - 1,
        }
    }

    /// The edges of `state` joined to the ground by edges of `state`: grown from the
    /// ground until nothing more is reached.
    fn prune(&self, state: u64) -> u64 {
        let mut reached = vec![false; self.vertices];
        reached[0] = true;
        let mut kept = 0u64;
        let mut grew = true;
        while grew {
            grew = false;
            for (i, edge) in self.edges.iter().enumerate() {
                let (a, b) = (edge.ends.0 as usize, edge.ends.1 as usize);
                if state & (1 << i) != 0 && kept & (1 << i) == 0 && (reached[a] || reached[b]) {
                    kept |= 1 << i;
                    reached[a] = true;
                    reached[b] = true;
                    grew = true;
                }
            }
        }
        kept
    }
}

/// The search: for each state met, whether the player to move wins (two bits a player:
/// solved, wins).
struct Play<'a> {
    board: &'a Board,
    memo: HashMap<u64, u8>,
    limits: Limits,
    exceeded: bool,
}

impl Play<'_> {
    /// Whether Left (`left`) or Right, to move on `state`, wins in misère play.
    fn wins(&mut self, state: u64, left: bool) -> bool {
        let shift = if left { 0 } else { 2 };
        let known = self.memo.get(&state).copied().unwrap_or(0);
        if known & (1 << shift) != 0 {
            return known & (2 << shift) != 0;
        }
        if self.exceeded {
            return false;
        }
        let mut moved = false;
        let mut wins = false;
        for i in 0..self.board.edges.len() {
            if state & (1 << i) == 0 || !self.board.edges[i].may_cut(left) {
                continue;
            }
            moved = true;
            let after = self.board.prune(state & !(1 << i));
            if !self.wins(after, !left) {
                wins = true;
                break;
            }
        }
        // Whoever cannot move wins.
        let wins = wins || !moved;
        *self.memo.entry(state).or_insert(0) |= (1 | u8::from(wins) << 1) << shift;
        self.exceeded |= self.limits.exceeded(self.memo.len());
        wins
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::misere;
    use crate::analysis::partizan::Budget;

    /// The search and the analysis agree on small trees, cycles and mixed positions.
    #[test]
    fn agrees_with_the_analysis_on_small_positions() {
        use Colour::{Blue, Green, Red};
        let shapes: [&[(u32, u32, Colour)]; 5] = [
            &[(0, 1, Green), (1, 2, Green), (0, 3, Green), (3, 4, Green)],
            &[(0, 1, Green), (1, 2, Green), (2, 3, Green), (3, 0, Green)],
            &[(0, 0, Green), (0, 0, Green)],
            &[(0, 1, Blue), (1, 2, Red), (0, 3, Red)],
            &[(0, 1, Green), (1, 2, Blue), (0, 3, Red), (3, 3, Green)],
        ];
        for edges in shapes {
            let graph = Graph::from_coloured_edges(&[0], edges);
            let solved = solve(std::slice::from_ref(&graph), Limits::DEFAULT).unwrap();
            let found = misere::analyze(&[graph], &Budget::DEFAULT).unwrap();
            assert_eq!(
                (solved.outcome, &solved.left_wins, &solved.right_wins),
                (found.outcome, &found.left_wins, &found.right_wins),
                "{edges:?}"
            );
        }
    }

    #[test]
    fn a_search_beyond_its_limits_is_refused() {
        let twigs: Vec<(u32, u32)> = (1..=10).map(|i| (0, i)).collect();
        let graph = Graph::from_edges(&[0], &twigs);
        let limits = Limits {
            positions: 50,
            ..Limits::DEFAULT
        };
        let refused = solve(std::slice::from_ref(&graph), limits).unwrap_err();
        assert_eq!(refused, Unverified::TooManyPositions { limit: 50 });
        let refused = solve(&[graph], Limits::edges(8)).unwrap_err();
        assert!(matches!(
            refused,
            Unverified::TooLarge(TooLarge {
                edges: 10,
                limit: 8
            })
        ));
    }
}
