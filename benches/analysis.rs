//! Criterion benchmarks of the analysis: the full [`analyze`] (value and block breakdown,
//! on the petgraph model) and the lean value of the judge ([`lean::value`], on a bare
//! edge list), on paths, random trees, a cycle with trees, cacti and multigraphs of 10^4
//! and 10^6 edges. `cargo bench --bench analysis`.
//!
//! Inputs come from `hackenbush::generate` with a fixed seed (`benches/common`), so the
//! numbers are reproducible; building them is not measured.

mod common;

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, Throughput};
use hackenbush::analysis::{analyze, lean};
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
            let mut scratch = lean::Scratch::default();
            assert_eq!(lean::value(vertices, &ends, &mut scratch), value);

            group.bench_with_input(BenchmarkId::new("analyze", name), &graph, |b, g| {
                b.iter(|| black_box(analyze(g).map(|a| a.value)))
            });
            group.bench_with_input(BenchmarkId::new("lean", name), &ends, |b, ends| {
                b.iter(|| black_box(lean::value(vertices, ends, &mut scratch)))
            });
        }
        group.finish();
    }
}

common::main!(bench);
