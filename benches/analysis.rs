//! Criterion benchmarks of the analysis and the winning-move search on generated graphs:
//! a long cycle with trees hanging off it, a random cactus-like multigraph with many
//! overlapping cycles, and a deep path. `cargo bench --bench analysis`.
//!
//! Inputs are made here with a fixed-seed generator so the numbers are reproducible.

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use hackenbush::analysis::{analyze, moves};
use hackenbush::model::Graph;

/// SplitMix64: a tiny fixed-seed generator.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: u32) -> u32 {
        (self.next() % u64::from(n)) as u32
    }
}

/// A cycle through the ground of `m / 2` edges, and trees of the other `m / 2` edges
/// hanging from random earlier vertices.
fn cycle_with_trees(m: u32, rng: &mut Rng) -> Vec<(u32, u32)> {
    let ring = (m / 2).max(1);
    let mut edges: Vec<(u32, u32)> = (0..ring).map(|i| (i, (i + 1) % ring)).collect();
    for v in ring..m {
        edges.push((rng.below(v), v));
    }
    edges
}

/// A random connected multigraph: a random tree of `m / 2` edges plus `m / 2` extra edges
/// between random vertices (loops and parallel edges included).
fn multigraph(m: u32, rng: &mut Rng) -> Vec<(u32, u32)> {
    let n = (m / 2).max(1) + 1;
    let mut edges: Vec<(u32, u32)> = (1..n).map(|v| (rng.below(v), v)).collect();
    while (edges.len() as u32) < m {
        edges.push((rng.below(n), rng.below(n)));
    }
    edges
}

fn shapes(m: u32) -> Vec<(&'static str, Graph)> {
    let mut rng = Rng(2026);
    let path: Vec<(u32, u32)> = (0..m).map(|i| (i, i + 1)).collect();
    vec![
        ("path", Graph::from_edges(&[0], &path)),
        (
            "cycle_with_trees",
            Graph::from_edges(&[0], &cycle_with_trees(m, &mut rng)),
        ),
        (
            "multigraph",
            Graph::from_edges(&[0], &multigraph(m, &mut rng)),
        ),
    ]
}

fn bench(c: &mut Criterion) {
    for m in [10_000u32, 1_000_000] {
        let mut group = c.benchmark_group(format!("{m}_edges"));
        group.sample_size(10);
        for (name, graph) in shapes(m) {
            group.bench_with_input(BenchmarkId::new("analyze", name), &graph, |b, g| {
                b.iter(|| black_box(analyze(g).value))
            });
            let value = analyze(&graph).value;
            // The hardest target: every cut is examined against a value the graph can reach.
            let target = value ^ 1;
            group.bench_with_input(BenchmarkId::new("moves", name), &graph, |b, g| {
                b.iter(|| black_box(moves::cuts_to(g, target).len()))
            });
        }
        group.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
