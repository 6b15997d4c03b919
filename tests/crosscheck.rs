//! The library's theory against the rules of the game.
//!
//! `analysis::analyze` (the breakdown into blocks) and the Green core (`analysis::green`,
//! on edge lists) compute Grundy values by the Fusion and Colon Principles; the [`brute`]
//! oracle plays the game out with no theory. Here all three must agree: on known
//! values, on every multigraph with up to 6 edges on up to 5 vertices, and on random
//! multigraphs up to 12 edges. Also checked: invariance under renaming, the sum rule, and
//! that huge graphs need no stack.

use crate::brute;
use crate::common;

use hackenbush::analysis::green::{self, Workspace};
use hackenbush::analysis::summary::{Summary, summarize};
use hackenbush::analysis::{Analysis, analyze};
use hackenbush::model::Graph;
use proptest::prelude::*;

use common::{Edges, multigraph, proptest_config, stalk, with_small_stack};

fn analysis(ground: &[u32], edges: &[(u32, u32)]) -> Analysis {
    analyze(&Graph::from_edges(ground, edges)).expect("built green")
}

/// The Green core's value (the judge's): ground vertices fused into id 0, the others
/// shifted.
fn core_value(ground: &[u32], edges: &[(u32, u32)]) -> u64 {
    let id = |v: u32| {
        if ground.contains(&v) { 0 } else { v + 1 }
    };
    let ends: Vec<u32> = edges.iter().flat_map(|&(u, v)| [id(u), id(v)]).collect();
    let n = ends.iter().copied().max().map_or(1, |m| m + 1);
    green::value(n, &ends, &mut Workspace::default())
}

/// Asserts that the library and the oracle agree on the graph, value and dropped edges.
fn assert_agree(ground: &[u32], edges: &[(u32, u32)]) {
    let a = analysis(ground, edges);
    let expected = brute::grundy(ground, edges);
    assert_eq!(
        a.value, expected,
        "value differs: ground {ground:?}, edges {edges:?}: library {}, brute force {expected}",
        a.value
    );
    let core = core_value(ground, edges);
    assert_eq!(
        core, expected,
        "the core's value differs: ground {ground:?}, edges {edges:?}: core {core}, brute force {expected}"
    );
    // The breakdown's blocks, valued bottom-up, give the core's value.
    assert_eq!(a.blocks.first().map_or(0, |b| b.value), core);
    let attached = brute::attached_count(ground, edges);
    assert_eq!(
        (a.ignored_edges, a.attached_edges),
        (edges.len() - attached, attached),
        "attached edges differ: ground {ground:?}, edges {edges:?}"
    );
    // What `analyze` reports without the model: the same value and counts.
    let graph = Graph::from_edges(ground, edges);
    let full = Summary::of(&graph, &a);
    let core = summarize(graph.decl, &mut Workspace::default());
    assert_eq!(
        core, full,
        "summaries differ: ground {ground:?}, edges {edges:?}"
    );
}

// ---- The oracle on known values ----

#[test]
fn oracle_knows_stalks() {
    for n in 0..=8 {
        assert_eq!(brute::grundy(&[0], &stalk(n)), u64::from(n));
    }
}

#[test]
fn oracle_knows_loops_and_parallel_edges() {
    assert_eq!(brute::grundy(&[0], &[(0, 0)]), 1);
    assert_eq!(brute::grundy(&[0], &[(0, 1), (0, 1)]), 0);
    assert_eq!(brute::grundy(&[0], &[(0, 1), (0, 1), (0, 1)]), 1);
}

#[test]
fn oracle_knows_cycles() {
    // Triangle at the ground: a twig.
    assert_eq!(brute::grundy(&[0], &[(0, 1), (1, 2), (2, 0)]), 1);
    // POJ 3710 sample: stalk 1-2 with triangle 2-3-4 on top; first player wins.
    assert_eq!(brute::grundy(&[1], &[(1, 2), (2, 3), (2, 4), (3, 4)]), 2);
    // Two triangles hanging from one vertex on a stalk of one edge.
    let bouquet = [(0, 1), (1, 2), (2, 3), (3, 1), (1, 4), (4, 5), (5, 1)];
    assert_eq!(brute::grundy(&[0], &bouquet), 1);
    // Theta: three paths of length 2 between the ground and vertex 4.
    let theta = [(0, 1), (1, 4), (0, 2), (2, 4), (0, 3), (3, 4)];
    assert_eq!(brute::grundy(&[0], &theta), 0);
}

#[test]
fn oracle_ignores_detached_parts() {
    let edges = [(0, 1), (1, 2), (5, 6), (6, 6), (7, 8)];
    assert_eq!(brute::grundy(&[0], &edges), 2);
    assert_eq!(brute::attached_count(&[0], &edges), 2);
    assert_eq!(brute::grundy(&[], &edges), 0);
    assert_eq!(brute::attached_count(&[], &edges), 0);
}

#[test]
fn oracle_winning_cuts_on_a_stalk() {
    // Cutting edge i of a stalk leaves a stalk of i edges.
    let edges = stalk(5);
    for target in 0..5 {
        assert_eq!(
            brute::winning_cuts(&[0], &edges, target),
            vec![target as usize]
        );
    }
    assert!(brute::winning_cuts(&[0], &edges, 5).is_empty());
    // A detached edge is no move.
    let edges = [(0, 1), (2, 3)];
    assert_eq!(brute::winning_cuts(&[0], &edges, 0), vec![0]);
}

// ---- Every small multigraph ----

#[test]
fn every_multigraph_up_to_6_edges_on_5_vertices() {
    let mut graphs = 0;
    for (ground, edges) in brute::small_multigraphs() {
        assert_agree(ground, &edges);
        graphs += 1;
    }
    // Sum over k = 0..=6 of C(15 + k - 1, k), for 2 ground sets.
    assert_eq!(graphs, 54_264 * 2);
}

// ---- Random multigraphs ----

/// A graph, and the same graph with its edges shuffled, its vertices renamed by a
/// permutation of `0..8` and each edge's ends maybe swapped.
fn renamed_multigraph() -> impl Strategy<Value = ((Vec<u32>, Edges), (Vec<u32>, Edges))> {
    (
        multigraph(12),
        Just((0..8u32).collect::<Vec<_>>()).prop_shuffle(),
    )
        .prop_flat_map(|((ground, edges), names)| {
            let flips = prop::collection::vec(any::<bool>(), edges.len());
            let shuffled = Just(edges.clone()).prop_shuffle();
            (Just((ground, edges)), Just(names), shuffled, flips)
        })
        .prop_map(|(original, names, shuffled, flips)| {
            let rename = |v: u32| names[v as usize];
            let ground = original.0.iter().map(|&g| rename(g)).collect();
            let edges = shuffled
                .iter()
                .zip(flips)
                .map(|(&(u, v), flip)| {
                    let (u, v) = (rename(u), rename(v));
                    if flip { (v, u) } else { (u, v) }
                })
                .collect();
            (original, (ground, edges))
        })
}

/// Two graphs on the same ground `0..k` (`k` in 1..=3) whose other vertices are disjoint
/// (the second's are moved up by 100), up to 6 edges each, and their union.
fn ground_sharing_pair() -> impl Strategy<Value = (Vec<u32>, Edges, Edges)> {
    (
        1..=3u32,
        prop::collection::vec((0..6u32, 0..6u32), 0..=6),
        prop::collection::vec((0..6u32, 0..6u32), 0..=6),
    )
        .prop_map(|(k, a, b)| {
            let lift = |v: u32| if v < k { v } else { v + 100 };
            let b = b.iter().map(|&(u, v)| (lift(u), lift(v))).collect();
            ((0..k).collect(), a, b)
        })
}

proptest! {
    #![proptest_config(proptest_config(512))]

    #[test]
    fn random_multigraphs_agree_with_the_oracle((ground, edges) in multigraph(12)) {
        assert_agree(&ground, &edges);
    }

    #[test]
    fn renaming_changes_nothing(((ground, edges), (ground2, edges2)) in renamed_multigraph()) {
        let (a, b) = (analysis(&ground, &edges), analysis(&ground2, &edges2));
        prop_assert_eq!(a.value, b.value);
        prop_assert_eq!(a.attached_edges, b.attached_edges);
    }

    #[test]
    fn graphs_sharing_only_ground_add_as_nim((ground, a, b) in ground_sharing_pair()) {
        let union: Edges = a.iter().chain(&b).copied().collect();
        let sum = analysis(&ground, &a).value ^ analysis(&ground, &b).value;
        prop_assert_eq!(analysis(&ground, &union).value, sum);
        prop_assert_eq!(brute::grundy(&ground, &union), sum);
    }
}

// ---- Huge graphs, small stack ----

#[test]
fn million_edges_need_no_recursion() {
    let n = 1_000_000u32;
    with_small_stack(move || {
        let path = stalk(n);
        assert_eq!(analysis(&[0], &path).value, u64::from(n));
        let cycle: Edges = (0..n).map(|i| (i, (i + 1) % n)).collect();
        let a = analysis(&[0], &cycle);
        assert_eq!(a.value, 0);
        assert_eq!(a.attached_edges, n as usize);
    });
}
