//! A game of Hackenbush in progress, and a perfect opponent: what `hackenbush play` runs.
//!
//! A [`Match`] holds a position as it was read and which of its edges are still standing.
//! A cut takes one edge away and, with it, every edge no longer connected to the ground
//! (they fall). Edges keep their numbers from the input (graph by graph, from 1, the
//! numbers `analyze --moves` uses), so a player names an edge as the input wrote it.
//!
//! The opponent ([`Match::choose`]) analyses what is standing before each of its moves
//! (the standing edges form a position of their own) by the analysis `analyze --moves`
//! reports, [`winning_cuts`], in normal or misère play ([`Match::playing`]): it plays a
//! winning cut whenever it has one. When it has none it plays the cut that
//! leaves the most edges standing, so that the other player has to find the win rather
//! than stumble on it. Ties go to the lowest graph, then edge, so play is reproducible.
//!
//! ```
//! use hackenbush::play::{Match, Turn};
//! use hackenbush::{game::Side, source::Source, syntax::{self, Format}};
//!
//! // Stalks of one and three edges on one ground: *1 + *3, the player to move wins.
//! let source = Source::from_text("two.hb", "ground: g\ng-a\ng-b-c-d\n")?;
//! let position = syntax::parse(Format::Hb, &source).next().unwrap()?;
//! let mut game = Match::new(&source, position);
//! let choice = game.choose(Side::Left)?.expect("edges are standing");
//! assert!(choice.winning);
//! // Take the tall stalk down to one edge by cutting b-c, edge 3: *1 + *1 = 0.
//! assert_eq!((choice.cut.graph, choice.cut.edge), (0, 3));
//! let cut = game.cut(Side::Left, choice.cut)?;
//! assert_eq!(cut.fell.len(), 1); // c-d falls with it
//! assert_eq!(game.turn(Side::Right), Turn::CanMove);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt;

use crate::analysis;
use crate::analysis::partizan::Budget;
use crate::analysis::position::{Unfound, winning_cuts};
use crate::analysis::{EdgeRole, Play};
use crate::game::Side;
use crate::model::Graph;
use crate::source::Source;
use crate::syntax::{Colour, GraphDecl, Position};

/// An edge of the position: graph `graph` (0-based in the position), edge `edge` (1-based
/// in its graph, in input order), as `analyze --moves` numbers it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct EdgeRef {
    /// The graph, from 0.
    pub graph: usize,
    /// The edge, from 1.
    pub edge: usize,
}

impl EdgeRef {
    /// The edge a player names, in a position of `graphs` graphs: `GRAPH.EDGE` (`2.3`),
    /// both from 1, or `EDGE` alone when there is one graph. `None` when `text` is neither.
    ///
    /// ```
    /// use hackenbush::play::EdgeRef;
    ///
    /// assert_eq!(EdgeRef::parse("2.3", 4), Some(EdgeRef { graph: 1, edge: 3 }));
    /// assert_eq!(EdgeRef::parse("3", 1), Some(EdgeRef { graph: 0, edge: 3 }));
    /// assert_eq!(EdgeRef::parse("3", 2), None); // which graph?
    /// assert_eq!(EdgeRef::parse("0.1", 2), None);
    /// ```
    pub fn parse(text: &str, graphs: usize) -> Option<EdgeRef> {
        let number = |s: &str| -> Option<usize> {
            (!s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()))
                .then(|| s.parse().ok())
                .flatten()
                .filter(|&n| n > 0)
        };
        match text.split_once('.') {
            Some((g, e)) => Some(EdgeRef {
                graph: number(g)? - 1,
                edge: number(e)?,
            }),
            None if graphs == 1 => Some(EdgeRef {
                graph: 0,
                edge: number(text)?,
            }),
            None => None,
        }
    }
}

impl fmt::Display for EdgeRef {
    /// `graph.edge`, both from 1 (`2.3`): how a player types it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{}", self.graph + 1, self.edge)
    }
}

/// Why a cut is not allowed.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Illegal {
    /// The position has no such graph or edge.
    NoSuchEdge(EdgeRef),
    /// The edge was cut, or fell, earlier in the game.
    Gone(EdgeRef),
    /// The edge is the other player's colour.
    NotYours(EdgeRef, Colour),
}

impl fmt::Display for Illegal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Illegal::NoSuchEdge(e) => write!(f, "there is no edge {e}"),
            Illegal::Gone(e) => write!(f, "edge {e} is not there any more"),
            Illegal::NotYours(e, colour) => {
                write!(f, "edge {e} is {}: it is not yours to cut", colour.name())
            }
        }
    }
}

impl std::error::Error for Illegal {}

/// A move made: who cut which edge, and the edges that fell with it, in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Move {
    /// Who cut.
    pub side: Side,
    /// The edge cut.
    pub edge: EdgeRef,
    /// The edges no longer connected to the ground once it was gone.
    pub fell: Vec<EdgeRef>,
}

/// A move made, under its former name.
#[deprecated(
    note = "renamed `play::Move`: `Cut` is a cut of a graph, valued (`analysis::partizan::Cut`)"
)]
pub type Cut = Move;

/// A move the opponent chose, and whether it wins.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Choice {
    /// The edge to cut.
    pub cut: EdgeRef,
    /// Whether the cut wins against any defence (else it keeps the most play).
    pub winning: bool,
}

/// Whose turn it is, and whether they can move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Turn {
    /// The player has an edge to cut.
    CanMove,
    /// The player has none: they lose (normal play).
    Lost,
    /// The player has none: they win (misère play).
    Won,
}

/// A game in progress.
pub struct Match<'s> {
    source: &'s Source,
    graphs: Vec<GraphDecl>,
    /// Per graph, per edge: whether it is standing.
    standing: Vec<Vec<bool>>,
    /// The cuts made, in order.
    history: Vec<Move>,
    budget: Budget,
    play: Play,
}

impl<'s> Match<'s> {
    /// The start of a game on `position`, read from `source`: every edge attached to the
    /// ground is standing (edges that cannot reach the ground are not part of the game).
    pub fn new(source: &'s Source, position: Position) -> Self {
        let mut game = Match {
            source,
            standing: (position.graphs.iter())
                .map(|g| vec![true; g.edges.len()])
                .collect(),
            graphs: position.graphs,
            history: Vec::new(),
            budget: Budget::DEFAULT,
            play: Play::Normal,
        };
        for graph in 0..game.graphs.len() {
            game.fall(graph);
        }
        game
    }

    /// The game played in `play`: in misère play ([`Play::Misere`]) whoever cannot move
    /// wins, and the opponent plays for that.
    pub fn playing(self, play: Play) -> Self {
        Match { play, ..self }
    }

    /// The play convention.
    pub fn play(&self) -> Play {
        self.play
    }

    /// Where the position was read.
    pub fn source(&self) -> &Source {
        self.source
    }

    /// The graphs of the position, as read.
    pub fn graphs(&self) -> &[GraphDecl] {
        &self.graphs
    }

    /// Whether `edge` is standing.
    pub fn is_standing(&self, edge: EdgeRef) -> bool {
        (self.standing.get(edge.graph))
            .and_then(|g| g.get(edge.edge.wrapping_sub(1)))
            .copied()
            .unwrap_or(false)
    }

    /// The standing edges of graph `graph`, in order.
    pub fn standing(&self, graph: usize) -> impl Iterator<Item = EdgeRef> + '_ {
        (self.standing[graph].iter().enumerate())
            .filter(|&(_, &up)| up)
            .map(move |(j, _)| EdgeRef { graph, edge: j + 1 })
    }

    /// The cuts made so far.
    pub fn history(&self) -> &[Move] {
        &self.history
    }

    /// The colour of `edge`, which must exist.
    pub fn colour(&self, edge: EdgeRef) -> Colour {
        self.graphs[edge.graph].edges[edge.edge - 1].colour
    }

    /// Whether `side` may cut `edge` now.
    pub fn check(&self, side: Side, edge: EdgeRef) -> Result<(), Illegal> {
        let exists =
            (self.graphs.get(edge.graph)).is_some_and(|g| (1..=g.edges.len()).contains(&edge.edge));
        if !exists {
            return Err(Illegal::NoSuchEdge(edge));
        }
        if !self.is_standing(edge) {
            return Err(Illegal::Gone(edge));
        }
        let colour = self.colour(edge);
        if !may_cut(side, colour) {
            return Err(Illegal::NotYours(edge, colour));
        }
        Ok(())
    }

    /// The edges `side` may cut now, graph by graph.
    pub fn moves(&self, side: Side) -> Vec<EdgeRef> {
        (0..self.graphs.len())
            .flat_map(|g| self.standing(g))
            .filter(|&e| may_cut(side, self.colour(e)))
            .collect()
    }

    /// Whether `side`, to move, can move.
    pub fn turn(&self, side: Side) -> Turn {
        let can = (0..self.graphs.len())
            .flat_map(|g| self.standing(g))
            .any(|e| may_cut(side, self.colour(e)));
        match (can, self.play) {
            (true, _) => Turn::CanMove,
            (false, Play::Normal) => Turn::Lost,
            (false, Play::Misere) => Turn::Won,
        }
    }

    /// `side` cuts `edge`; what falls with it falls.
    pub fn cut(&mut self, side: Side, edge: EdgeRef) -> Result<&Move, Illegal> {
        self.check(side, edge)?;
        self.standing[edge.graph][edge.edge - 1] = false;
        let fell = self.fall(edge.graph);
        self.history.push(Move { side, edge, fell });
        Ok(self.history.last().expect("just made"))
    }

    /// Takes back the last cut, and stands up what fell with it.
    pub fn undo(&mut self) -> Option<Move> {
        let cut = self.history.pop()?;
        for e in cut.fell.iter().chain([&cut.edge]) {
            self.standing[e.graph][e.edge - 1] = true;
        }
        Some(cut)
    }

    /// The winning cuts of `side`, to move now, in the match's play; or why the position
    /// could not be analysed (beyond the budget).
    pub fn winning_moves(&self, side: Side) -> Result<Vec<EdgeRef>, Unfound> {
        let (graphs, numbers) = self.standing_position();
        let graphs: Vec<Graph> = (graphs.into_iter().enumerate())
            .map(|(i, decl)| Graph::build(decl, i))
            .collect();
        let wins = winning_cuts(&graphs, self.play, self.budget)?;
        let wins = match side {
            Side::Left => wins.left,
            Side::Right => wins.right,
        };
        Ok(wins
            .into_iter()
            .map(|at| EdgeRef {
                graph: at.graph,
                edge: numbers[at.graph][at.edge.index()],
            })
            .collect())
    }

    /// The opponent's move for `side`: a winning cut if there is one, else the cut that
    /// leaves the most edges standing; `None` when `side` cannot move. Among several, the
    /// one leaving the most edges standing, then the lowest graph and edge. An error when
    /// the position is beyond the analysis' budget ([`Match::most_play`] still moves).
    pub fn choose(&self, side: Side) -> Result<Option<Choice>, Unfound> {
        let winning = self.winning_moves(side)?;
        if winning.is_empty() {
            return Ok(self.most_play(side, self.moves(side)).map(|cut| Choice {
                cut,
                winning: false,
            }));
        }
        Ok(self
            .most_play(side, winning)
            .map(|cut| Choice { cut, winning: true }))
    }

    /// Of the cuts `among` that `side` may make, the one leaving the most edges standing,
    /// the first in order among equals.
    pub fn most_play(&self, side: Side, among: Vec<EdgeRef>) -> Option<EdgeRef> {
        let taken = self.taken();
        let mut best: Option<(usize, EdgeRef)> = None;
        for edge in among.into_iter().filter(|&e| self.check(side, e).is_ok()) {
            let gone = taken[edge.graph][edge.edge - 1];
            if best.is_none_or(|(least, _)| gone < least) {
                best = Some((gone, edge));
            }
        }
        best.map(|(_, cut)| cut)
    }

    /// Per graph, per edge: how many edges a cut of it takes down, itself and what falls
    /// with it (0 for an edge not standing). From the block structure of what stands, in
    /// linear time: a cut inside a 2-edge-connected block takes only itself, a cut of a
    /// bridge everything above it.
    fn taken(&self) -> Vec<Vec<usize>> {
        let (graphs, numbers) = self.standing_position();
        let mut taken: Vec<Vec<usize>> = self.standing.iter().map(|g| vec![0; g.len()]).collect();
        for (g, decl) in graphs.into_iter().enumerate() {
            let graph = Graph::build(decl, g);
            let analysis = analysis::breakdown(&graph);
            // Edges in each block and above it, children (later) before parents.
            let mut above = vec![0usize; analysis.blocks.len()];
            for (b, block) in analysis.blocks.iter().enumerate().rev() {
                above[b] += block.edge_count;
                if let Some((_, parent)) = block.parent {
                    above[parent as usize] += above[b] + 1;
                }
            }
            for (j, role) in analysis.edge_roles.iter().enumerate() {
                taken[g][numbers[g][j] - 1] = match role {
                    EdgeRole::Bridge { child } => 1 + above[*child as usize],
                    EdgeRole::Internal(_) => 1,
                    EdgeRole::Ignored => 0,
                };
            }
        }
        taken
    }

    /// The standing edges as a position of their own, and per graph the input number (from
    /// 1) of each of its edges: what `analyze` would value of the game as it stands.
    pub fn standing_position(&self) -> (Vec<GraphDecl>, Vec<Vec<usize>>) {
        let mut graphs = Vec::with_capacity(self.graphs.len());
        let mut numbers = Vec::with_capacity(self.graphs.len());
        for (decl, standing) in self.graphs.iter().zip(&self.standing) {
            let kept: Vec<usize> = (0..decl.edges.len()).filter(|&j| standing[j]).collect();
            graphs.push(GraphDecl {
                edges: kept.iter().map(|&j| decl.edges[j]).collect(),
                ..decl.clone()
            });
            numbers.push(kept.iter().map(|&j| j + 1).collect());
        }
        (graphs, numbers)
    }

    /// Lets fall the standing edges of graph `graph` that no longer reach its ground;
    /// returns them, in order.
    fn fall(&mut self, graph: usize) -> Vec<EdgeRef> {
        let decl = &self.graphs[graph];
        let standing = &mut self.standing[graph];
        let n = decl.vertices.len();
        // Adjacency of the standing edges, then a search from the ground (no recursion).
        let mut start = vec![0usize; n + 1];
        for (e, _) in decl
            .edges
            .iter()
            .zip(standing.iter())
            .filter(|(_, up)| **up)
        {
            start[e.u as usize + 1] += 1;
            start[e.v as usize + 1] += 1;
        }
        for i in 0..n {
            start[i + 1] += start[i];
        }
        let mut next = start.clone();
        let mut neighbours = vec![0u32; start[n]];
        for (e, _) in decl
            .edges
            .iter()
            .zip(standing.iter())
            .filter(|(_, up)| **up)
        {
            for (a, b) in [(e.u, e.v), (e.v, e.u)] {
                neighbours[next[a as usize]] = b;
                next[a as usize] += 1;
            }
        }
        let mut reached = vec![false; n];
        let mut stack: Vec<u32> = decl.ground.clone();
        for &g in &decl.ground {
            reached[g as usize] = true;
        }
        while let Some(v) = stack.pop() {
            for &w in &neighbours[start[v as usize]..start[v as usize + 1]] {
                if !reached[w as usize] {
                    reached[w as usize] = true;
                    stack.push(w);
                }
            }
        }
        let mut fell = Vec::new();
        for (j, e) in decl.edges.iter().enumerate() {
            if standing[j] && !reached[e.u as usize] {
                standing[j] = false;
                fell.push(EdgeRef { graph, edge: j + 1 });
            }
        }
        fell
    }
}

/// Whether `side` may cut an edge of `colour`.
fn may_cut(side: Side, colour: Colour) -> bool {
    let (left, right) = colour.players();
    match side {
        Side::Left => left,
        Side::Right => right,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::{Multigraph, Shape};

    /// What a cut takes down, from the blocks, is what falls when it is made.
    #[test]
    fn what_a_cut_takes_is_what_falls() {
        let shape = Shape::Multigraph(Multigraph {
            graphs: 2,
            vertices: 6,
            edges: 10,
            grounds: 2,
            detached: 1,
            simple: false,
        });
        let source = Source::from_text("x", "").unwrap();
        for seed in 0..40 {
            let mut game = Match::new(&source, shape.position(seed, 0));
            // Play a few cuts in, so that some edges are gone.
            for _ in 0..seed % 4 {
                if let Some(&e) = game.moves(Side::Left).first() {
                    game.cut(Side::Left, e).unwrap();
                }
            }
            let taken = game.taken();
            for edge in game.moves(Side::Left) {
                let fell = game.cut(Side::Left, edge).unwrap().fell.len();
                game.undo();
                assert_eq!(
                    taken[edge.graph][edge.edge - 1],
                    fell + 1,
                    "seed {seed} {edge}"
                );
            }
        }
    }
}
