//! Criterion benchmarks of the analysis: the full [`analyze`] (value and block breakdown,
//! on the petgraph model) and the Green core's value, the judge's ([`green::value`], on
//! an edge list), on paths, random trees, a cycle with trees, cacti and multigraphs of 10^4
//! and 10^6 edges. `cargo bench --bench analysis`.
//!
//! Inputs come from `hackenbush::generate` with a fixed seed (`benches/common`), so the
//! numbers are reproducible; building them is not measured.

mod common;

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, Throughput};
use hackenbush::analysis::{analyze, green};
use hackenbush::model::Graph;

fn bench(c: &mut Criterion) {
    for m in [10_000u32, 1_000_000] {
        let mut group = common::group(c, "analysis", m);
        group.throughput(Throughput::Elements(u64::from(m)));
        for (name, shape) in common::FAMILIES {
            let decl = common::graph(&shape(m));
            let (vertices, ends) = common::edge_list(&decl);
            let graph = Graph::build(decl, 0);
            let value = analyze(&graph).expect("the families are green").value;
            let mut workspace = green::Workspace::default();
            assert_eq!(green::value(vertices, &ends, &mut workspace), value);

            group.bench_with_input(BenchmarkId::new("analyze", name), &graph, |b, g| {
                b.iter(|| black_box(analyze(g).map(|a| a.value)))
            });
            group.bench_with_input(BenchmarkId::new("green", name), &ends, |b, ends| {
                b.iter(|| black_box(green::value(vertices, ends, &mut workspace)))
            });
        }
        group.finish();
    }
}

common::main!(bench);
