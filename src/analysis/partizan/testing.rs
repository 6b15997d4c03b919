//! What the tests of the searches of parts with cycles share: the graphs they are held
//! on, and the value of a graph by each search and by exhaustive play (no theory), so
//! that every search is checked against every other on the same graphs.

use petgraph::graph::EdgeIndex;

use crate::game::Game;
use crate::game_tree::partizan::ColouredTree;
use crate::model::Graph;
use crate::rng::Rng;
use crate::syntax::Colour;

use super::blocks::{Blocks, Failure};
use super::bounds::Bounds;
use super::small::Small;
use super::{Board, Budget, Local, Search};

/// A graph as its edges, the ground vertex 0.
pub(super) type Edges = Vec<(u32, u32, Colour)>;

/// Every multigraph of `1..=max` edges on the ground and 3 more vertices (loops and
/// parallel edges included), in every colouring from `palette`, one of each relabelling
/// of the 3.
pub(super) fn every_multigraph(max: usize, palette: &[Colour]) -> Vec<Edges> {
    let pairs: Vec<(u32, u32)> = (0..4).flat_map(|a| (a..4).map(move |b| (a, b))).collect();
    let mut seen = std::collections::HashSet::new();
    let mut graphs = Vec::new();
    // Multisets of pairs as non-decreasing index lists.
    let mut stack: Vec<Vec<usize>> = vec![Vec::new()];
    while let Some(chosen) = stack.pop() {
        if chosen.len() < max {
            let from = chosen.last().copied().unwrap_or(0);
            for k in from..pairs.len() {
                let mut more = chosen.clone();
                more.push(k);
                stack.push(more);
            }
        }
        if chosen.is_empty() {
            continue;
        }
        let colours = palette.len() as u32;
        for colouring in 0..colours.pow(chosen.len() as u32) {
            let mut code = colouring;
            let edges: Edges = chosen
                .iter()
                .map(|&k| {
                    let colour = palette[(code % colours) as usize];
                    code /= colours;
                    (pairs[k].0, pairs[k].1, colour)
                })
                .collect();
            if seen.insert(least_relabelling(&edges)) {
                graphs.push(edges);
            }
        }
    }
    graphs
}

/// The form of `edges` least over the relabellings of vertices 1 to 3.
fn least_relabelling(edges: &[(u32, u32, Colour)]) -> Vec<(u32, u32, u8)> {
    let perms = [
        [0, 1, 2, 3],
        [0, 1, 3, 2],
        [0, 2, 1, 3],
        [0, 2, 3, 1],
        [0, 3, 1, 2],
        [0, 3, 2, 1],
    ];
    perms
        .iter()
        .map(|p| {
            let mut form: Vec<(u32, u32, u8)> = edges
                .iter()
                .map(|&(a, b, c)| {
                    let (a, b) = (p[a as usize], p[b as usize]);
                    (a.min(b), a.max(b), c as u8)
                })
                .collect();
            form.sort_unstable();
            form
        })
        .min()
        .expect("six relabellings")
}

/// A seeded random connected-ish graph with cycles: `count` edges on up to
/// `count / 2 + 1` vertices besides the ground, each new vertex joined to an earlier one,
/// the rest anywhere (loops and parallel edges included).
pub(super) fn random_graph(rng: &mut Rng, count: usize, colours: &[Colour]) -> Edges {
    let nodes = 2 + rng.below(count as u64 / 2 + 1) as u32;
    let mut edges = Vec::new();
    for v in 1..nodes.min(count as u32 + 1) {
        edges.push((rng.below_u32(v), v));
    }
    while edges.len() < count {
        edges.push((rng.below_u32(nodes), rng.below_u32(nodes)));
    }
    edges
        .into_iter()
        .map(|(a, b)| (a, b, colours[rng.below(colours.len() as u64) as usize]))
        .collect()
}

/// A symmetric graph, where parts of different edges are the same coloured graph and
/// symmetries exchange the values hanging on them: a random graph of `count` edges, its
/// copy beside it at the ground, and an edge joining a vertex to its copy.
pub(super) fn symmetric_graph(rng: &mut Rng, count: usize, colours: &[Colour]) -> Edges {
    let half = random_graph(rng, count, colours);
    let top = half.iter().map(|&(a, b, _)| a.max(b)).max().unwrap_or(0);
    let copy = |v: u32| if v == 0 { 0 } else { v + top };
    let mut edges = half.clone();
    edges.extend(half.iter().map(|&(a, b, c)| (copy(a), copy(b), c)));
    let joint = 1 + rng.below_u32(top.max(1));
    edges.push((
        joint,
        copy(joint),
        colours[rng.below(colours.len() as u64) as usize],
    ));
    edges
}

/// The value of `edges` by exhaustive play.
pub(super) fn played(edges: &[(u32, u32, Colour)]) -> Game {
    let graph = Graph::from_coloured_edges(&[0], edges);
    let played = ColouredTree::solve(&graph, 20, &mut |_| {}).expect("small enough to play out");
    played.value().clone()
}

/// The whole of `edges` as a part: its numbering, and the mask of its edges that stand.
pub(super) fn part(edges: &[(u32, u32, Colour)]) -> (Graph, Vec<EdgeIndex>, Local, u64) {
    let graph = Graph::from_coloured_edges(&[0], edges);
    let all: Vec<EdgeIndex> = graph.net.edge_indices().collect();
    let local = Local::of(&graph, &all, Budget::default()).expect("at most 64 edges");
    let board = Board::new(local.nodes, local.ends.clone());
    let mask = board.attached(u64::MAX >> (64 - all.len()));
    (graph, all, local, mask)
}

/// The value of `edges` by the plain search over edge sets.
pub(super) fn by_plain_search(edges: &[(u32, u32, Colour)]) -> Game {
    let (graph, all, _, mask) = part(edges);
    let mut search = Search::of(&graph, &all, Budget::default()).expect("a part");
    search.value(mask).expect("within the budget")
}

/// The value of `edges` by the block search on games.
pub(super) fn by_blocks_on_games(edges: &[(u32, u32, Colour)]) -> Game {
    let (
        _,
        _,
        Local {
            nodes,
            ends,
            colours,
        },
        mask,
    ) = part(edges);
    let calc = crate::game::Calculator::new(u64::MAX);
    let mut search: Blocks<'_, Game> = Blocks::new(nodes, ends, colours, calc, usize::MAX);
    search.value(mask).expect("within the budget")
}

/// The value of the red-blue `edges` by the block search on numbers (the search of
/// red-blue parts before [`Bounds`]).
pub(super) fn by_blocks_on_numbers(edges: &[(u32, u32, Colour)]) -> Result<Game, Failure> {
    let (
        _,
        _,
        Local {
            nodes,
            ends,
            colours,
        },
        mask,
    ) = part(edges);
    let mut search: Blocks<'_, Small> = Blocks::new(nodes, ends, colours, (), usize::MAX);
    let value = search.value(mask)?;
    Ok(Game::number(value.to_dyadic()))
}

/// The value of the red-blue `edges` by the search by comparisons, remembering at most
/// `limit` parts and shapes; and how many shapes and classes it met.
pub(super) fn by_bounds(
    edges: &[(u32, u32, Colour)],
    limit: usize,
) -> Result<(Game, usize, usize), Failure> {
    let (
        _,
        _,
        Local {
            nodes,
            ends,
            colours,
        },
        mask,
    ) = part(edges);
    let mut search = Bounds::new(nodes, ends, colours, limit);
    let value = search.value(mask)?;
    let shapes = search.shapes();
    Ok((
        Game::number(value.to_dyadic()),
        shapes.len(),
        shapes.classes(),
    ))
}
