//! The game played out: Green Hackenbush solved by exhaustive game-tree search, with no
//! theory at all. It is the independent check of the fast [analysis](crate::analysis):
//! `hackenbush verify` runs it on a user's position, and the test suite runs it on every
//! small multigraph. Graphs with red and blue edges are played out by [`partizan`].
//!
//! A state is the set of remaining edges (a bitmask). After every cut the state is
//! *pruned*: only edges still connected to the ground survive. A state's Grundy value is
//! the mex (least non-negative integer absent) of the values of the states one cut away,
//! memoized per pruned state.
//!
//! # Complexity
//!
//! Exponential: up to 2^E states of E edges each, each pruned in O(V + E). Graphs are
//! limited to [`MAX_EDGES`] attached edges, and a search to a number of positions
//! ([`Limits`]), since memory grows with them: about 30 bytes a position solved here, about
//! 150 in the [coloured](partizan) search (measured on 22 and 19 edges). The search
//! recurses once per cut, so its depth is at most the edge count, whatever the graph's
//! shape.
//!
//! A search of 30 edges or more can take hours: [`verify_observed`] and
//! [`GameTree::value_observed`] tell a callback how many positions are solved, every
//! [`PROGRESS_EVERY`] positions (one comparison per position; the library prints nothing,
//! the caller shows it).
//!
//! # Reference
//!
//! R. P. Sprague (1935), P. M. Grundy (1939): the value of an impartial game is the mex of
//! its options' values.
//!
//! ```
//! use hackenbush::{analysis, game_tree::GameTree, model::Graph};
//!
//! // A triangle on the ground: three edges, worth *1 by the Fusion Principle.
//! let graph = Graph::from_edges(&[0], &[(0, 1), (1, 2), (2, 0)]);
//! let mut tree = GameTree::new(&graph, 20)?;
//! assert_eq!(tree.value(), 1);
//! assert_eq!(tree.value(), analysis::analyze(&graph).unwrap().value); // played out, same value
//! # Ok::<(), hackenbush::game_tree::TooLarge>(())
//! ```
//!
//! A search beyond its [`Limits`] is refused, not finished:
//!
//! ```
//! use hackenbush::{analysis, game_tree::{self, Limits, Unverified}, model::Graph};
//!
//! let twigs: Vec<(u32, u32)> = (1..=12).map(|i| (0, i)).collect(); // 4,096 positions
//! let graph = Graph::from_edges(&[0], &twigs);
//! let analysis = analysis::analyze(&graph).unwrap();
//! let limits = Limits { positions: 1_000, ..Limits::DEFAULT };
//! let refused = game_tree::verify_observed(&graph, &analysis, limits, &mut |_| {});
//! assert_eq!(refused.unwrap_err(), Unverified::TooManyPositions { limit: 1_000 });
//! ```

use std::collections::HashMap;
use std::fmt;

use petgraph::graph::EdgeIndex;
use petgraph::visit::Bfs;

use crate::model::Graph;

pub mod misere;
pub mod partizan;

/// The most attached edges a graph may have for a game-tree search (a 64-bit state).
pub const MAX_EDGES: usize = 64;

/// A search reports its progress every this many positions solved: often enough for a
/// person watching (a few hundred times a second at most), rarely enough to cost nothing.
pub const PROGRESS_EVERY: usize = 1 << 14;

/// Told the number of positions solved so far, every [`PROGRESS_EVERY`] positions.
pub type Observer<'a> = &'a mut dyn FnMut(usize);

/// How far a game-tree search may go: what `hackenbush verify --max-edges` and
/// `--max-positions` set.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// The most attached edges a graph may have (at most [`MAX_EDGES`]).
    pub edges: usize,
    /// The most distinct positions a search may solve before it is refused: its memory
    /// (see the [module page](self)).
    pub positions: usize,
}

impl Limits {
    /// 20 edges and 1,500,000 positions: every graph of 20 edges is searched (at most
    /// 2^20 positions), and a coloured search refused at the limit has taken about the
    /// 256 MB that `analyze`'s default budget allows ([`Budget::DEFAULT`]).
    ///
    /// [`Budget::DEFAULT`]: crate::analysis::partizan::Budget::DEFAULT
    pub const DEFAULT: Limits = Limits {
        edges: 20,
        positions: 1_500_000,
    };

    /// At most `edges` attached edges, and no limit on the positions.
    pub fn edges(edges: usize) -> Limits {
        Limits {
            edges,
            positions: usize::MAX,
        }
    }

    /// Whether a search that has solved `solved` positions must stop: the one rule of
    /// both searches.
    fn exceeded(self, solved: usize) -> bool {
        solved > self.positions
    }
}

impl Default for Limits {
    /// [`Limits::DEFAULT`].
    fn default() -> Limits {
        Limits::DEFAULT
    }
}

/// Why a graph was not verified.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Unverified {
    /// Too many attached edges for the game tree.
    TooLarge(TooLarge),
    /// The game tree has more positions than [`Limits::positions`].
    TooManyPositions {
        /// The limit.
        limit: usize,
    },
    /// The game tree's canonical forms take more than [`partizan::WORK`] steps.
    TooComplex(crate::game::Exceeded),
    /// The analysis refused the graph within its
    /// [`Budget`](crate::analysis::partizan::Budget).
    Refused(crate::analysis::partizan::Refusal),
}

impl fmt::Display for Unverified {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Unverified::TooLarge(too_large) => too_large.fmt(f),
            Unverified::TooManyPositions { limit } => {
                write!(f, "the game-tree search needs more than {limit} positions")
            }
            Unverified::TooComplex(exceeded) => write!(f, "in the game tree, {exceeded}"),
            Unverified::Refused(refusal) => write!(f, "the analysis refused the graph: {refusal}"),
        }
    }
}

impl std::error::Error for Unverified {}

/// A graph too large to search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TooLarge {
    /// Its attached edges.
    pub edges: usize,
    /// The limit it exceeds.
    pub limit: usize,
}

impl fmt::Display for TooLarge {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} edges attached to the ground; the game-tree search is limited to {}",
            self.edges, self.limit
        )
    }
}

impl std::error::Error for TooLarge {}

type Mask = u64;

/// The attached edges of one graph as the bits of a state, and the rule of what falls:
/// what the Green game tree and the [coloured](partizan) one share.
struct Board {
    /// Model edge index of each searched edge.
    edges: Vec<EdgeIndex>,
    /// Per node: the searched edges at it (as a mask).
    incident: Vec<Mask>,
    /// Ends of each searched edge (node indices).
    ends: Vec<(usize, usize)>,
}

impl Board {
    /// The attached edges of `graph`, refusing more than `limit` of them (`limit` itself
    /// at most [`MAX_EDGES`]).
    fn new(graph: &Graph, limit: usize) -> Result<Board, TooLarge> {
        let limit = limit.min(MAX_EDGES);
        let n = graph.net.node_count();
        // Attached edges: those at the nodes a plain search from the ground reaches.
        let mut reached = vec![false; n];
        if n > 0 {
            let mut search = Bfs::new(&graph.net, Graph::ground());
            while let Some(node) = search.next(&graph.net) {
                reached[node.index()] = true;
            }
        }
        let edges = graph.net.raw_edges().iter().enumerate();
        let attached: Vec<_> = edges
            .map(|(j, e)| (EdgeIndex::new(j), e.source().index(), e.target().index()))
            .filter(|&(_, a, _)| reached[a])
            .collect();
        if attached.len() > limit {
            return Err(TooLarge {
                edges: attached.len(),
                limit,
            });
        }
        let mut incident = vec![0; n];
        for (i, &(_, a, b)) in attached.iter().enumerate() {
            incident[a] |= 1 << i;
            incident[b] |= 1 << i;
        }
        Ok(Board {
            edges: attached.iter().map(|&(e, _, _)| e).collect(),
            ends: attached.iter().map(|&(_, a, b)| (a, b)).collect(),
            incident,
        })
    }

    fn all(&self) -> Mask {
        if self.ends.len() == Mask::BITS as usize {
            Mask::MAX
        } else {
            (1 << self.ends.len()) - 1
        }
    }

    /// The edges of `state` still connected to the ground through edges of `state`.
    fn prune(&self, state: Mask) -> Mask {
        if self.incident.is_empty() {
            return 0;
        }
        let mut kept: Mask = 0;
        let mut stack = vec![Graph::ground().index()];
        let mut seen = vec![false; self.incident.len()];
        seen[Graph::ground().index()] = true;
        while let Some(v) = stack.pop() {
            let mut edges = self.incident[v] & state & !kept;
            kept |= self.incident[v] & state;
            while edges != 0 {
                let i = edges.trailing_zeros() as usize;
                edges &= edges - 1;
                let (a, b) = self.ends[i];
                let w = if a == v { b } else { a };
                if !seen[w] {
                    seen[w] = true;
                    stack.push(w);
                }
            }
        }
        kept
    }
}

/// One graph, ready to be searched: its attached edges only, by model edge index.
pub struct GameTree {
    board: Board,
    memo: HashMap<Mask, u64>,
    /// How far to search: once more positions are needed, nothing more is solved and
    /// every value is 0 ([`GameTree::exceeded`]).
    limits: Limits,
    exceeded: bool,
}

impl GameTree {
    /// Prepares the search of `graph`, refusing graphs with more than `limit` attached
    /// edges (`limit` itself at most [`MAX_EDGES`]).
    pub fn new(graph: &Graph, limit: usize) -> Result<GameTree, TooLarge> {
        GameTree::within(graph, Limits::edges(limit))
    }

    /// Prepares the search of `graph` within `limits`: graphs with more attached edges
    /// are refused now, a search of more positions once it needs them
    /// ([`GameTree::exceeded`]).
    pub fn within(graph: &Graph, limits: Limits) -> Result<GameTree, TooLarge> {
        Ok(GameTree {
            board: Board::new(graph, limits.edges)?,
            memo: HashMap::new(),
            limits,
            exceeded: false,
        })
    }

    /// Whether a search needed more positions than the limit: then every value and cut
    /// it gave is meaningless.
    pub fn exceeded(&self) -> bool {
        self.exceeded
    }

    /// The Grundy value of the graph.
    pub fn value(&mut self) -> u64 {
        self.value_observed(&mut |_| {})
    }

    /// [`GameTree::value`], telling `progress` how far the search is (see [`Observer`]).
    pub fn value_observed(&mut self, progress: Observer) -> u64 {
        let start = self.board.all();
        self.value_of(start, progress)
    }

    /// The model edges whose cut leaves the graph worth `target`, by edge index.
    pub fn cuts_to(&mut self, target: u64) -> Vec<EdgeIndex> {
        self.cuts_to_observed(target, &mut |_| {})
    }

    /// [`GameTree::cuts_to`], telling `progress` how far the search is.
    pub fn cuts_to_observed(&mut self, target: u64, progress: Observer) -> Vec<EdgeIndex> {
        let start = self.board.all();
        let mut cuts = Vec::new();
        for i in 0..self.board.ends.len() {
            let after = self.board.prune(start & !(1 << i));
            if self.value_of(after, progress) == target {
                cuts.push(self.board.edges[i]);
            }
        }
        cuts.sort();
        cuts
    }

    /// The attached edges, by model edge index: the moves of the starting position.
    pub fn attached_edges(&self) -> &[EdgeIndex] {
        &self.board.edges
    }

    /// How many distinct positions the search has solved so far.
    pub fn positions_solved(&self) -> usize {
        self.memo.len()
    }

    fn value_of(&mut self, state: Mask, progress: Observer) -> u64 {
        if let Some(&v) = self.memo.get(&state) {
            return v;
        }
        if self.exceeded {
            return 0;
        }
        let mut seen: Mask = 0; // option values below 64, as bits
        let mut large = Vec::new();
        let mut rest = state;
        while rest != 0 {
            let i = rest.trailing_zeros();
            rest &= rest - 1;
            let v = self.value_of(self.board.prune(state & !(1 << i)), progress);
            if v < 64 {
                seen |= 1 << v;
            } else {
                large.push(v);
            }
        }
        let mut mex = seen.trailing_ones() as u64;
        while large.contains(&mex) {
            mex += 1;
        }
        if self.exceeded {
            return 0;
        }
        self.memo.insert(state, mex);
        self.exceeded = self.limits.exceeded(self.memo.len());
        if self.memo.len().is_multiple_of(PROGRESS_EVERY) {
            progress(self.memo.len());
        }
        mex
    }
}

/// The fast analysis of one graph held against the game tree.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verification {
    /// The value by the Fusion and Colon Principles.
    pub analysis_value: u64,
    /// The value by exhaustive search.
    pub game_tree_value: u64,
    /// Targets `t` (from 0 to the edge count) for which the cuts leaving the graph worth
    /// `t` differ: `(t, by the analysis, by the game tree)`. Empty when all agree.
    pub cut_mismatches: Vec<(u64, Vec<EdgeIndex>, Vec<EdgeIndex>)>,
    /// Moves compared: every attached edge, with what it leaves.
    pub moves_compared: usize,
    /// Distinct positions the search solved.
    pub positions_solved: usize,
}

impl Verification {
    /// Whether the analysis and the game tree agree on everything compared.
    pub fn agrees(&self) -> bool {
        self.analysis_value == self.game_tree_value && self.cut_mismatches.is_empty()
    }
}

/// Compares the analysis of `graph` with its game tree: the value, and for every target
/// value the set of cuts reaching it (so every move and what it leaves). Refuses graphs
/// with more than `limit` attached edges.
pub fn verify(
    graph: &Graph,
    analysis: &crate::analysis::Analysis,
    limit: usize,
) -> Result<Verification, Unverified> {
    verify_observed(graph, analysis, Limits::edges(limit), &mut |_| {})
}

/// [`verify`] within `limits`, telling `progress` how many positions the search has
/// solved, every [`PROGRESS_EVERY`] of them.
pub fn verify_observed(
    graph: &Graph,
    analysis: &crate::analysis::Analysis,
    limits: Limits,
    progress: Observer,
) -> Result<Verification, Unverified> {
    let mut tree = GameTree::within(graph, limits).map_err(Unverified::TooLarge)?;
    let refused = Unverified::TooManyPositions {
        limit: limits.positions,
    };
    let game_tree_value = tree.value_observed(progress);
    if tree.exceeded() {
        return Err(refused);
    }
    let mut cut_mismatches = Vec::new();
    for target in 0..=tree.attached_edges().len() as u64 {
        let fast = crate::analysis::moves::cuts_to(graph, target);
        let slow = tree.cuts_to_observed(target, progress);
        if fast != slow {
            cut_mismatches.push((target, fast, slow));
        }
    }
    if tree.exceeded() {
        return Err(refused);
    }
    Ok(Verification {
        analysis_value: analysis.value,
        game_tree_value,
        cut_mismatches,
        moves_compared: tree.attached_edges().len(),
        positions_solved: tree.positions_solved(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::analyze;

    fn value(ground: &[u32], edges: &[(u32, u32)]) -> u64 {
        GameTree::new(&Graph::from_edges(ground, edges), 20)
            .unwrap()
            .value()
    }

    #[test]
    fn known_values() {
        let stalk: Vec<(u32, u32)> = (0..7).map(|i| (i, i + 1)).collect();
        assert_eq!(value(&[0], &stalk), 7);
        assert_eq!(value(&[0], &[(0, 0)]), 1);
        assert_eq!(value(&[0], &[(0, 1), (0, 1)]), 0);
        assert_eq!(value(&[0], &[(0, 1), (0, 1), (0, 1)]), 1);
        assert_eq!(value(&[0], &[(0, 1), (1, 2), (1, 3), (2, 3)]), 2);
        assert_eq!(value(&[], &[(0, 1)]), 0);
        assert_eq!(value(&[0], &[(0, 1), (2, 3), (3, 3)]), 1);
    }

    #[test]
    fn cuts_on_a_stalk() {
        let stalk: Vec<(u32, u32)> = (0..5).map(|i| (i, i + 1)).collect();
        let mut tree = GameTree::new(&Graph::from_edges(&[0], &stalk), 20).unwrap();
        for t in 0..5 {
            assert_eq!(tree.cuts_to(t), vec![EdgeIndex::new(t as usize)]);
        }
        assert!(tree.cuts_to(5).is_empty());
    }

    #[test]
    fn refuses_large_graphs() {
        let stalk: Vec<(u32, u32)> = (0..30).map(|i| (i, i + 1)).collect();
        let err = GameTree::new(&Graph::from_edges(&[0], &stalk), 20)
            .err()
            .unwrap();
        assert_eq!(
            err,
            TooLarge {
                edges: 30,
                limit: 20
            }
        );
        // Detached edges do not count.
        let mut edges: Vec<(u32, u32)> = (0..5).map(|i| (i, i + 1)).collect();
        edges.extend((100..130).map(|i| (i, i + 1)));
        assert!(GameTree::new(&Graph::from_edges(&[0], &edges), 20).is_ok());
    }

    /// A search of many positions reports every [`PROGRESS_EVERY`] of them, and the last
    /// report is at most the number solved.
    #[test]
    fn long_searches_report_progress() {
        // 16 twigs on the ground: 2^16 positions, every subset of the twigs.
        let twigs: Vec<(u32, u32)> = (1..=16).map(|i| (0, i)).collect();
        let g = Graph::from_edges(&[0], &twigs);
        let mut reports = Vec::new();
        let v = verify_observed(&g, &analyze(&g).unwrap(), Limits::edges(20), &mut |n| {
            reports.push(n)
        })
        .unwrap();
        assert!(v.agrees());
        assert_eq!(v.positions_solved, 1 << 16);
        let expected: Vec<usize> = (1..=(1 << 16) / PROGRESS_EVERY)
            .map(|k| k * PROGRESS_EVERY)
            .collect();
        assert_eq!(reports, expected);
    }

    #[test]
    fn verifies_k4_with_a_tail() {
        let edges = [
            (0, 1),
            (1, 2),
            (1, 3),
            (1, 4),
            (2, 3),
            (2, 4),
            (3, 4),
            (4, 5),
        ];
        let g = Graph::from_edges(&[0], &edges);
        let v = verify(&g, &analyze(&g).unwrap(), 20).unwrap();
        assert!(v.agrees(), "{v:?}");
        assert_eq!(v.moves_compared, 8);
        assert!(v.positions_solved > 8);
    }
}
