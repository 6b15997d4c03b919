//! The tests of the partizan analysis as a whole (below), and what the tests of the
//! searches of parts with cycles share: the graphs they are held on, and the value of a
//! graph by each search and by exhaustive play (no theory), so that every search is
//! checked against every other on the same graphs.

use petgraph::graph::EdgeIndex;

use super::*;

use crate::game::Game;
use crate::game_tree::partizan::ColouredTree;
use crate::model::Graph;
use crate::rng::Rng;
use crate::syntax::Colour;

use super::blocks::{Blocks, Failure};
use super::bounds::Bounds;
use super::small::Small;

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

/// The colours a random graph draws from: blue and red, and green too `with_green`.
pub(super) fn palette(with_green: bool) -> &'static [Colour] {
    if with_green {
        &[Colour::Blue, Colour::Red, Colour::Green]
    } else {
        &[Colour::Blue, Colour::Red]
    }
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
    let (_, _, local, mask) = part(edges);
    let calc = crate::game::Calculator::new(u64::MAX);
    let mut search: Blocks<'_, Game> =
        Blocks::new(local.nodes, local.ends, local.colours, calc, usize::MAX);
    search.value(mask).expect("within the budget")
}

/// The value of the red-blue `edges` by the block search on numbers (the search of
/// red-blue parts before [`Bounds`]).
pub(super) fn by_blocks_on_numbers(edges: &[(u32, u32, Colour)]) -> Result<Game, Failure> {
    let (_, _, local, mask) = part(edges);
    let mut search: Blocks<'_, Small> =
        Blocks::new(local.nodes, local.ends, local.colours, (), usize::MAX);
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

use crate::syntax::Colour::{Blue, Green, Red};

/// One search from the bridges of a position gives what a search from the ground after
/// each cut gives: on random multigraphs (loops, parallel edges, cycles) and every
/// attached subset of their edges.
#[test]
fn afters_agree_with_a_search_after_each_cut() {
    let mut rng = crate::rng::Rng::new(7);
    for _ in 0..300 {
        let nodes = 2 + rng.below(5) as u32;
        let count = 1 + rng.below(9) as usize;
        let ends: Vec<(u32, u32)> = (0..count)
            .map(|_| (rng.below_u32(nodes), rng.below_u32(nodes)))
            .collect();
        let board = Board::new(nodes as usize, ends);
        for subset in 0..(1u64 << count) {
            let mask = board.attached(subset);
            if mask != subset {
                continue;
            }
            let mut afters = [0u64; 64];
            board.afters(mask, &mut afters);
            for (i, &after) in afters.iter().enumerate().take(count) {
                if mask & (1 << i) != 0 {
                    let want = board.attached(mask & !(1 << i));
                    assert_eq!(after, want, "{:?}, mask {mask:b}, cut {i}", board.ends);
                }
            }
        }
    }
}

fn value(ground: &[u32], edges: &[(u32, u32, Colour)]) -> Partizan {
    analyze(
        &Graph::from_coloured_edges(ground, edges),
        Budget::default(),
    )
    .unwrap()
}

fn shown(ground: &[u32], edges: &[(u32, u32, Colour)]) -> String {
    value(ground, edges).value.to_string()
}

#[test]
fn stalks_follow_berlekamps_rule() {
    // Blue, red, blue from the ground: 1, 1/2, 3/4.
    assert_eq!(shown(&[0], &[(0, 1, Blue)]), "1");
    assert_eq!(shown(&[0], &[(0, 1, Blue), (1, 2, Red)]), "1/2");
    assert_eq!(
        shown(&[0], &[(0, 1, Blue), (1, 2, Red), (2, 3, Blue)]),
        "3/4"
    );
    assert_eq!(
        shown(&[0], &[(0, 1, Red), (1, 2, Blue), (2, 3, Red)]),
        "-3/4"
    );
    // lrlrrllr is 77/128, as CGSuite's tests have it.
    let word = [Blue, Red, Blue, Red, Red, Blue, Blue, Red];
    let stalk: Vec<_> = (0..8).map(|i| (i, i + 1, word[i as usize])).collect();
    assert_eq!(shown(&[0], &stalk), "77/128");
}

#[test]
fn mixed_trees_and_parts() {
    // A blue edge with a green one on top is 1*.
    let v = value(&[0], &[(0, 1, Blue), (1, 2, Green)]);
    assert_eq!(v.value.to_string(), "1*");
    assert_eq!(v.parts[0].method, Method::Tree);
    // CGSuite's l(l;rl) is 3/2.
    let v = value(
        &[0],
        &[(0, 1, Blue), (1, 2, Blue), (1, 3, Red), (3, 4, Blue)],
    );
    assert_eq!(v.value.to_string(), "3/2");
    // Two parts meeting at the ground, one of them a loop.
    let v = value(&[0], &[(0, 0, Red), (0, 1, Green), (1, 2, Green)]);
    assert_eq!(v.parts.len(), 2);
    assert_eq!(v.value.to_string(), "-1*2");
    assert_eq!(v.outcome, Outcome::R);
}

#[test]
fn cycles_are_searched() {
    // A red-blue triangle at the ground with a blue edge on top.
    let v = value(
        &[0],
        &[(0, 1, Blue), (1, 2, Red), (2, 0, Blue), (1, 3, Blue)],
    );
    assert_eq!(v.parts[0].method, Method::Search);
    // A green triangle is a part of its own kind: *1 by the green algorithm.
    let v = value(&[0], &[(0, 1, Green), (1, 2, Green), (2, 0, Green)]);
    assert_eq!(v.parts[0].method, Method::Green);
    assert_eq!(v.value.to_string(), "*");
}

#[test]
fn huge_canonical_forms_are_refused_not_awaited() {
    // A random tree of 300 edges in all three colours: its value's canonical form is
    // far beyond any budget (a 30-edge one prints as 133,000 characters).
    let mut rng = crate::rng::Rng::new(2026);
    let colours = [Blue, Red, Green];
    let edges: Vec<_> = (1..=300u32)
        .map(|v| {
            (
                rng.below(u64::from(v)) as u32,
                v,
                colours[rng.below(3) as usize],
            )
        })
        .collect();
    let graph = Graph::from_coloured_edges(&[0], &edges);
    let budget = Budget {
        work: 100_000,
        ..Budget::default()
    };
    assert!(matches!(
        analyze(&graph, budget),
        Err(Refusal::TooComplex {
            exceeded: Exceeded::Work,
            ..
        })
    ));
}

#[test]
fn budgets_refuse_with_the_part() {
    let mut edges = vec![(0, 1, Blue), (1, 0, Red)];
    for i in 1..70 {
        edges.push((i, i + 1, Blue));
    }
    let graph = Graph::from_coloured_edges(&[0], &edges);
    match analyze(&graph, Budget::default()) {
        Err(Refusal::TooManyEdges { edges, limit }) => {
            assert_eq!(edges.len(), 71);
            assert_eq!(limit, 64);
        }
        other => panic!("expected a refusal, got {other:?}"),
    }
    let small = Budget {
        positions: 3,
        ..Budget::default()
    };
    let graph = Graph::from_coloured_edges(&[0], &edges[..6]);
    assert!(matches!(
        analyze(&graph, small),
        Err(Refusal::TooManyPositions { limit: 3, .. })
    ));
}
