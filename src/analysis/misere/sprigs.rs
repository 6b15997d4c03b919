//! **Sprigs** in misère play (McKay, Milley and Nowakowski, "Misère-play Hackenbush
//! Sprigs", arXiv:1202.5654): a sprig is a Hackenbush string (a path with one end on the
//! ground) whose ground edge is green and whose other edges are blue or red. The misère
//! outcome of a sum of sprigs is the normal-play outcome of that sum plus `*`.
//!
//! A position is a sum of sprigs when each of its ground blocks is one: a path from the
//! ground, its one ground edge green, no other edge green, no loop. Each sprig's
//! normal-play value is the ordinal sum of its edges from the ground up (`*` for the
//! green edge, `1` blue, `-1` red), a star-based number; the sum plus `*` is found in
//! canonical form by the [calculator](crate::game::Calculator), within the budget's work.
//! A cut leaves a sum of sprigs again (the sprig gone, or the part of it below the cut),
//! so each first cut is decided the same way: it wins for Left when what it leaves is
//! won by Left or by the second player (`L` or `P`) with Right to move, for Right when
//! `R` or `P`.
//!
//! # Complexity
//!
//! O(V + E) to recognise the sprigs; then a canonical sum per sprig and one per first
//! cut, each within [`Budget::work`](crate::analysis::partizan::Budget) steps.

use petgraph::graph::EdgeIndex;

use super::{GroundBlock, PositionEdge};
use crate::analysis::partizan::edge_game;
use crate::game::{Calculator, Exceeded, Game, Outcome};
use crate::model::Graph;
use crate::syntax::Colour;

/// One sprig: its edges from the ground up, with their colours.
struct Sprig {
    graph: usize,
    edges: Vec<(EdgeIndex, Colour)>,
}

/// The sprigs of `blocks`, each from the ground up; `None` when some block is not one.
fn sprigs(graphs: &[Graph], blocks: &[GroundBlock]) -> Option<Vec<Sprig>> {
    blocks.iter().map(|b| sprig(&graphs[b.graph], b)).collect()
}

/// `block` as a sprig: walked from its ground edge up, each vertex met once, with one
/// way on from each.
fn sprig(graph: &Graph, block: &GroundBlock) -> Option<Sprig> {
    let net = &graph.net;
    let ground = Graph::ground();
    let base = block.edges.iter().copied().find(|&e| {
        let (a, b) = net.edge_endpoints(e).expect("an edge of the graph");
        a == ground || b == ground
    })?;
    if block.ground_edge_count() != 1 || graph.colour(base) != Colour::Green {
        return None;
    }
    let (a, b) = net.edge_endpoints(base).expect("an edge of the graph");
    let mut at = if a == ground { b } else { a };
    if at == ground {
        return None;
    }
    let mut walked = vec![(base, Colour::Green)];
    let mut previous = base;
    while walked.len() < block.edges.len() {
        // Exactly one way on from `at` other than the edge walked in by.
        let mut next = block.edges.iter().copied().filter(|&e| {
            let (x, y) = net.edge_endpoints(e).expect("an edge of the graph");
            e != previous && (x == at || y == at)
        });
        let edge = next.next()?;
        if next.next().is_some() || graph.colour(edge) == Colour::Green {
            return None;
        }
        let (x, y) = net.edge_endpoints(edge).expect("an edge of the graph");
        if x == y {
            return None;
        }
        at = if x == at { y } else { x };
        walked.push((edge, graph.colour(edge)));
        previous = edge;
    }
    // Every edge walked once: a path (an edge met again would have made a vertex with
    // two ways on, or a cycle longer than the block).
    let mut seen: Vec<EdgeIndex> = walked.iter().map(|&(e, _)| e).collect();
    seen.sort_unstable();
    seen.dedup();
    (seen.len() == block.edges.len()).then_some(Sprig {
        graph: block.graph,
        edges: walked,
    })
}

/// The normal-play value of the first `len` edges of `sprig`: their ordinal sum from the
/// top down.
fn value(sprig: &Sprig, len: usize, calc: &mut Calculator) -> Result<Game, Exceeded> {
    let mut above = Game::zero();
    for &(_, colour) in sprig.edges[..len].iter().rev() {
        above = calc.ordinal_sum(&edge_game(colour), &above)?;
    }
    Ok(above)
}

/// What the sprig rule found: the outcome and each player's winning first cuts.
pub(super) struct Found {
    pub(super) outcome: Outcome,
    pub(super) left_wins: Vec<PositionEdge>,
    pub(super) right_wins: Vec<PositionEdge>,
}

/// The misère outcome of the position of `blocks` and its winning first cuts, when every
/// block is a sprig; `None` when one is not, or the canonical sums need more than `work`
/// steps.
pub(super) fn decide(graphs: &[Graph], blocks: &[GroundBlock], work: u64) -> Option<Found> {
    let sprigs = sprigs(graphs, blocks)?;
    let mut calc = Calculator::new(work);
    decide_sprigs(&sprigs, &mut calc).ok()
}

fn decide_sprigs(sprigs: &[Sprig], calc: &mut Calculator) -> Result<Found, Exceeded> {
    let values: Vec<Game> = (sprigs.iter())
        .map(|s| value(s, s.edges.len(), calc))
        .collect::<Result<_, _>>()?;
    // The sum plus *.
    let mut total = Game::nimber(1);
    for v in &values {
        total = calc.sum(&total, v)?;
    }
    let outcome = calc.outcome(&total)?;
    let mut left_wins = Vec::new();
    let mut right_wins = Vec::new();
    for (sprig, whole) in sprigs.iter().zip(&values) {
        let without = calc.sum(&total, &whole.negate())?;
        for (cut, &(edge, colour)) in sprig.edges.iter().enumerate() {
            let below = value(sprig, cut, calc)?;
            let after = calc.sum(&without, &below)?;
            let after = calc.outcome(&after)?;
            let at = PositionEdge {
                graph: sprig.graph,
                edge,
            };
            let (left, right) = colour.players();
            if left && matches!(after, Outcome::L | Outcome::P) {
                left_wins.push(at);
            }
            if right && matches!(after, Outcome::R | Outcome::P) {
                right_wins.push(at);
            }
        }
    }
    left_wins.sort_unstable();
    right_wins.sort_unstable();
    Ok(Found {
        outcome,
        left_wins,
        right_wins,
    })
}
