//! Winning moves: the Green core's cut search, on the model (`analysis::moves::cuts_to`)
//! and on edge lists numbered otherwise (`analysis::green::cuts_to`, the christmas path of
//! `analyze --moves`), against the rules of the game.
//!
//! `cuts_to(graph, t)` claims to list, in near-linear time, every edge whose cut leaves the
//! graph worth `t`. Checked here against the brute-force player ([`brute`]) on every
//! multigraph with up to 6 edges on up to 5 vertices and on random multigraphs up to 12
//! edges, for every target; against one `analyze` per cut on random graphs of hundreds to
//! thousands of edges (cacti, sparse graphs full of 2-edge cuts, multigraphs, cycles with
//! trees); and on a path and a cycle of a million edges with a small stack. Wherever
//! `cuts_to` is checked, the edge list is checked alike, on the same graph with its ground
//! vertices fused into id 0 and the others numbered by their names, and the counts of the
//! one search of a graph against those of the value search.

use crate::brute;
use crate::common;

use std::collections::BTreeSet;

use hackenbush::analysis::analyze;
use hackenbush::analysis::green::{self, Workspace};
use hackenbush::analysis::moves::cuts_to;
use hackenbush::model::Graph;
use hackenbush::rng::Rng;
use proptest::prelude::*;

use common::{Edges, multigraph, proptest_config, stalk, with_small_stack};

/// `cuts_to` as 0-based input edge indices, after checking that the edge list agrees.
fn cuts(ground: &[u32], edges: &[(u32, u32)], target: u64) -> Vec<usize> {
    let found: Vec<usize> = cuts_to(&Graph::from_edges(ground, edges), target)
        .iter()
        .map(|e| e.index())
        .collect();
    assert_eq!(
        list_cuts(ground, edges, target),
        found,
        "the edge list's cuts differ"
    );
    found
}

/// The graph as an edge list: its vertex-id count and its ends, the ground vertices
/// fused into id 0 and vertex `x` otherwise id `x + 1`.
fn edge_list(ground: &[u32], edges: &[(u32, u32)]) -> (u32, Vec<u32>) {
    let id = |x: u32| if ground.contains(&x) { 0 } else { x + 1 };
    let vertices = edges.iter().map(|&(u, v)| u.max(v) + 2).max().unwrap_or(1);
    let ends = edges.iter().flat_map(|&(u, v)| [id(u), id(v)]).collect();
    (vertices, ends)
}

/// `green::cuts_to` on the [`edge_list`] as 0-based input edge indices, after checking that
/// the search for cuts gives the value search's value and counts.
fn list_cuts(ground: &[u32], edges: &[(u32, u32)], target: u64) -> Vec<usize> {
    let (vertices, ends) = edge_list(ground, edges);
    let mut workspace = Workspace::default();
    assert_eq!(
        workspace.search(vertices, &ends),
        green::counts(vertices, &ends, &mut Workspace::default()),
        "the cut search's counts differ from the value search's: ground {ground:?}, edges {edges:?}"
    );
    let mut wins = Vec::new();
    workspace.cuts(target, &mut wins);
    let mut again = Vec::new();
    green::cuts_to(vertices, &ends, target, &mut workspace, &mut again);
    assert_eq!(wins, again, "cuts_to differs from search then cuts");
    wins.into_iter().map(|e| e as usize).collect()
}

/// Where `cuts_to` and the oracle first disagree on the graph, over the targets `targets`.
fn disagreement(
    ground: &[u32],
    edges: &[(u32, u32)],
    targets: std::ops::RangeInclusive<u64>,
) -> Option<String> {
    let graph = Graph::from_edges(ground, edges);
    for target in targets {
        let ours: Vec<usize> = cuts_to(&graph, target).iter().map(|e| e.index()).collect();
        let listed = list_cuts(ground, edges, target);
        let expected = brute::winning_cuts(ground, edges, target);
        if ours != expected || listed != expected {
            return Some(format!(
                "cuts to *{target} differ: ground {ground:?}, edges {edges:?}: \
                 cuts_to {ours:?}, green::cuts_to {listed:?}, brute force {expected:?}"
            ));
        }
    }
    None
}

/// Asserts that `cuts_to` and the oracle agree on the graph for every target in `targets`.
fn assert_agree(ground: &[u32], edges: &[(u32, u32)], targets: std::ops::RangeInclusive<u64>) {
    if let Some(message) = disagreement(ground, edges, targets) {
        panic!("{message}");
    }
}

// ---- Small cases by hand ----

#[test]
fn stalk_cut_at_height_i_leaves_i_minus_1() {
    let edges = stalk(6);
    for t in 0..6 {
        assert_eq!(cuts(&[0], &edges, t), vec![t as usize]);
    }
    assert!(cuts(&[0], &edges, 6).is_empty());
}

#[test]
fn cycles_at_the_ground() {
    // Cutting edge i (1-based) of an n-cycle at the ground leaves stalks of i - 1 and n - i.
    for n in 1..=9u32 {
        let edges: Edges = (0..n).map(|i| (i, (i + 1) % n)).collect();
        for t in 0..=10u64 {
            let expected: Vec<usize> = (1..=n)
                .filter(|&i| u64::from((i - 1) ^ (n - i)) == t)
                .map(|i| i as usize - 1)
                .collect();
            assert_eq!(cuts(&[0], &edges, t), expected, "cycle of {n}, target {t}");
        }
    }
}

#[test]
fn known_shapes_agree_with_the_oracle() {
    let shapes: [(&[u32], Edges); 7] = [
        // POJ 3710 sample.
        (&[1], vec![(1, 2), (2, 3), (2, 4), (3, 4)]),
        // Two triangles on a stalk.
        (
            &[0],
            vec![(0, 1), (1, 2), (2, 3), (3, 1), (1, 4), (4, 5), (5, 1)],
        ),
        // Theta.
        (&[0], vec![(0, 1), (1, 4), (0, 2), (2, 4), (0, 3), (3, 4)]),
        // K4.
        (&[0], vec![(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)]),
        // Two triangles sharing an edge, on a stalk.
        (&[1], vec![(1, 2), (2, 3), (3, 4), (4, 2), (3, 5), (5, 4)]),
        // A square with a chord and a loop, a stalk on top.
        (
            &[0],
            vec![
                (0, 1),
                (1, 2),
                (2, 3),
                (3, 0),
                (0, 2),
                (2, 2),
                (3, 4),
                (4, 5),
            ],
        ),
        // Two ground vertices joined through a path, with a detached part.
        (
            &[0, 9],
            vec![(0, 1), (1, 2), (2, 9), (1, 3), (3, 3), (5, 6)],
        ),
    ];
    for (ground, edges) in &shapes {
        assert_agree(ground, edges, 0..=10);
    }
}

// ---- Every small multigraph ----

#[test]
fn every_multigraph_up_to_6_edges_on_5_vertices_every_target_up_to_7() {
    let graphs = brute::small_multigraphs();
    // Sum over k = 0..=6 of C(15 + k - 1, k), for 2 ground sets.
    assert_eq!(graphs.len(), 54_264 * 2);
    // The oracle is slow: share the graphs among threads (graph i to thread i mod
    // `threads`); each stops at its first failure, and the smallest one is reported.
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let first_failures: Vec<Option<(usize, String)>> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|w| {
                let graphs = &graphs;
                scope.spawn(move || {
                    (w..graphs.len()).step_by(threads).find_map(|i| {
                        let (ground, edges) = &graphs[i];
                        disagreement(ground, edges, 0..=7).map(|m| (i, m))
                    })
                })
            })
            .collect();
        workers.into_iter().map(|w| w.join().unwrap()).collect()
    });
    if let Some((_, message)) = first_failures.into_iter().flatten().min() {
        panic!("{message}");
    }
    eprintln!(
        "{} graphs x 8 targets checked on {threads} threads",
        graphs.len()
    );
}

// ---- Random small multigraphs ----

proptest! {
    #![proptest_config(proptest_config(512))]

    #[test]
    fn random_multigraphs_agree_with_the_oracle((ground, edges) in multigraph(12)) {
        assert_agree(&ground, &edges, 0..=12);
    }
}

// ---- Medium graphs against one analysis per cut ----

/// A cactus-like graph: cycles of length 1 to 6 (loops, double edges, ...) and single
/// edges, each hung from a random earlier vertex, until about `size` edges.
fn cactus(rng: &mut Rng, size: usize) -> Edges {
    let mut edges = Vec::new();
    let mut vertices = 1;
    while edges.len() < size {
        let at = rng.below_u32(vertices);
        let len = rng.below_u32(7);
        if len == 0 {
            edges.push((at, vertices));
            vertices += 1;
            continue;
        }
        let mut prev = at;
        for _ in 1..len {
            edges.push((prev, vertices));
            prev = vertices;
            vertices += 1;
        }
        edges.push((prev, at));
    }
    edges
}

/// A random tree on `n` vertices plus `extra` random edges: sparse, full of 2-edge cuts.
fn sparse(rng: &mut Rng, n: u32, extra: usize) -> Edges {
    let mut edges: Edges = (1..n).map(|v| (rng.below_u32(v), v)).collect();
    edges.extend((0..extra).map(|_| (rng.below_u32(n), rng.below_u32(n))));
    edges
}

/// `m` edges between random vertices of `0..n` (loops and parallel edges included).
fn random_multigraph(rng: &mut Rng, n: u32, m: usize) -> Edges {
    (0..m)
        .map(|_| (rng.below_u32(n), rng.below_u32(n)))
        .collect()
}

/// A cycle of `n` through vertex 0, a few chords, and random trees hanging from it.
fn cycle_with_trees(rng: &mut Rng, n: u32, chords: usize, tree_edges: u32) -> Edges {
    let mut edges: Edges = (0..n).map(|i| (i, (i + 1) % n)).collect();
    edges.extend((0..chords).map(|_| (rng.below_u32(n), rng.below_u32(n))));
    edges.extend((n..n + tree_edges).map(|v| (rng.below_u32(v), v)));
    edges
}

/// Compares `cuts_to` with one `analyze` per cut, on every target value a cut reaches,
/// the graph's own value (never reached: a value is the mex of its options) and one more.
fn assert_agree_with_recomputation(ground: &[u32], edges: &[(u32, u32)]) {
    let graph = Graph::from_edges(ground, edges);
    let analysis = analyze(&graph).unwrap();
    // The value after each cut (`None`: not a move).
    let mut rest = edges.to_vec();
    let after: Vec<Option<u64>> = (0..edges.len())
        .map(|e| {
            if analysis.edge_roles[e] == hackenbush::analysis::EdgeRole::Ignored {
                return None;
            }
            let removed = rest.remove(e);
            let value = analyze(&Graph::from_edges(ground, &rest)).unwrap().value;
            rest.insert(e, removed);
            Some(value)
        })
        .collect();
    let reached: BTreeSet<u64> = after.iter().flatten().copied().collect();
    let highest = reached.last().copied().unwrap_or(0);
    let targets = reached.iter().copied().chain([analysis.value, highest + 1]);
    for target in targets {
        let expected: Vec<usize> = (0..edges.len())
            .filter(|&e| after[e] == Some(target))
            .collect();
        let ours: Vec<usize> = cuts_to(&graph, target).iter().map(|e| e.index()).collect();
        assert_eq!(
            ours,
            expected,
            "cuts to *{target} differ on a graph of {} edges, ground {ground:?}",
            edges.len()
        );
        assert_eq!(
            list_cuts(ground, edges, target),
            expected,
            "edge-list cuts to *{target} differ on a graph of {} edges, ground {ground:?}",
            edges.len()
        );
    }
    assert!(!reached.contains(&analysis.value));
}

#[test]
fn medium_graphs_agree_with_one_analysis_per_cut() {
    let mut rng = Rng::new(2024);
    for (size, ground) in [(200, &[0][..]), (600, &[0, 1, 2])] {
        let n = size as u32;
        let graphs = [
            cactus(&mut rng, size),
            sparse(&mut rng, n, size / 10),
            sparse(&mut rng, n / 2, size / 2),
            // Dense: one big block, few 2-edge cuts.
            random_multigraph(&mut rng, n / 8, size),
            // Sparse: a giant component with much hanging off it, and detached parts.
            random_multigraph(&mut rng, n / 2, size),
            cycle_with_trees(&mut rng, n / 2, 3, n / 2),
            cycle_with_trees(&mut rng, n / 2, 0, n / 2),
        ];
        for edges in &graphs {
            assert_agree_with_recomputation(ground, edges);
        }
    }
    // Two larger graphs with many 2-edge cuts.
    assert_agree_with_recomputation(&[0], &sparse(&mut rng, 1800, 200));
    assert_agree_with_recomputation(&[5], &cycle_with_trees(&mut rng, 1000, 5, 1000));
}

// ---- Huge graphs, small stack ----

#[test]
fn million_edge_stalk_needs_no_recursion() {
    with_small_stack(|| {
        let n = 1_000_000u32;
        let graph = Graph::from_edges(&[0], &stalk(n));
        for t in [0, 1, 12_345, u64::from(n) - 1] {
            let found: Vec<usize> = cuts_to(&graph, t).iter().map(|e| e.index()).collect();
            assert_eq!(found, vec![t as usize]);
            assert_eq!(list_cuts(&[0], &stalk(n), t), vec![t as usize]);
        }
        assert!(cuts_to(&graph, u64::from(n)).is_empty());
        assert!(list_cuts(&[0], &stalk(n), u64::from(n)).is_empty());
    });
}

#[test]
fn million_edge_cycle_with_trees_needs_no_recursion() {
    with_small_stack(|| {
        // A cycle of n (even) at the ground; a pair of twigs on every 10th vertex and two
        // stalks of `l` on vertex 1: equal branches cancel, so the graph is worth 0, and
        // - cutting cycle edge i (1-based) leaves stalks of i - 1 and n - i: (i-1) ^ (n-i);
        // - cutting a twig leaves one twig on the cycle's block: 1;
        // - cutting edge h (1-based from the cycle) of a stalk leaves l ^ (h - 1).
        let (n, l) = (1_000_000u32, 100_000u32);
        let mut edges: Edges = (0..n).map(|i| (i, (i + 1) % n)).collect();
        let mut next = n;
        let mut twigs = Vec::new();
        for v in (0..n).step_by(10) {
            for _ in 0..2 {
                twigs.push(edges.len());
                edges.push((v, next));
                next += 1;
            }
        }
        let mut stalk_heights = Vec::new();
        for _ in 0..2 {
            let mut below = 1;
            for h in 1..=l {
                stalk_heights.push((edges.len(), h));
                edges.push((below, next));
                below = next;
                next += 1;
            }
        }
        let graph = Graph::from_edges(&[0], &edges);
        assert_eq!(analyze(&graph).unwrap().value, 0);
        // Each target costs a full run (seconds in a debug build): two, and one too high.
        for t in [1, u64::from(l ^ 5), 2_000_000] {
            let mut expected: Vec<usize> = (1..=n)
                .filter(|&i| u64::from((i - 1) ^ (n - i)) == t)
                .map(|i| i as usize - 1)
                .collect();
            if t == 1 {
                expected.extend(&twigs);
            }
            expected.extend(
                stalk_heights
                    .iter()
                    .filter(|&&(_, h)| u64::from(l ^ (h - 1)) == t)
                    .map(|&(e, _)| e),
            );
            expected.sort_unstable();
            let found: Vec<usize> = cuts_to(&graph, t).iter().map(|e| e.index()).collect();
            assert_eq!(found.len(), expected.len(), "target {t}");
            assert!(found == expected, "target {t}: the cuts differ");
            let listed = list_cuts(&[0], &edges, t);
            assert!(listed == expected, "target {t}: the edge-list cuts differ");
        }
    });
}
