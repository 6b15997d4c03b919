//! Criterion benchmarks of the winning-move search ([`moves::cuts_to`]) on the three
//! shapes of issue 5: one long cycle through the ground with random trees hanging off it,
//! a random cactus, and a random multigraph with many overlapping cycles (a spanning tree
//! plus as many extra edges, loops and parallel edges included), of 10^4 and 10^6 edges.
//! `cargo bench --bench moves`. The same graphs (same shapes, sizes and seed) are measured
//! with `analyze` in `benches/analysis.rs`, for the ratio moves / analyze.

mod common;

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, Throughput};
use hackenbush::analysis::{analyze, moves};
use hackenbush::model::Graph;

fn bench(c: &mut Criterion) {
    for m in [10_000u32, 1_000_000] {
        let mut group = common::group(c, "moves", m);
        group.throughput(Throughput::Elements(u64::from(m)));
        for &(name, shape) in &common::FAMILIES[common::CYCLIC..] {
            let graph = Graph::build(common::graph(&shape(m)), 0);
            let value = analyze(&graph).expect("the families are green").value;
            // What `analyze --moves` asks of a graph alone in its position: leave it worth
            // 0. (A graph worth 0 has no winning move; ask for *1 instead, which costs the
            // same search.)
            let target = if value == 0 { 1 } else { 0 };
            group.bench_with_input(BenchmarkId::new("cuts_to", name), &graph, |b, g| {
                b.iter(|| black_box(moves::cuts_to(g, target).len()))
            });
        }
        group.finish();
    }
}

common::main!(bench);
