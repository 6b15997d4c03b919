//! Criterion benchmarks of red-blue(-green) values ([`partizan::analyze`]): a red-blue
//! stalk, a random red-blue tree and a red-blue forest of 10^5 edges each (exact numbers
//! whose denominators reach 10^5 bits), and a random tree of 60 edges in all three
//! colours (canonical forms that are not numbers, which grow so fast with the size that
//! 100 edges is already near the default budget). `cargo bench --bench partizan`.
//!
//! The shapes come from `hackenbush::generate` with a fixed seed (`benches/common`), each
//! edge coloured by a seeded coin; building them is not measured.

mod common;

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, Throughput};
use hackenbush::analysis::partizan::{self, Budget};
use hackenbush::generate::{self, RandomTree, Shape};
use hackenbush::model::Graph;
use hackenbush::rng::Rng;
use hackenbush::syntax::{Colour, GraphDecl};

/// `decl` with each edge coloured at random among `colours`.
fn coloured(mut decl: GraphDecl, colours: &[Colour]) -> Graph {
    generate::colour_edges(&mut decl.edges, colours, &mut Rng::new(common::SEED));
    Graph::build(decl, 0)
}

/// A forest of `m` edges: random trees of about 100 edges each, side by side on the
/// ground (one graph).
fn forest(m: u32) -> GraphDecl {
    let mut decl = common::graph(&common::tree(m));
    let mut rng = Rng::new(common::SEED + 1);
    // Re-hang about one vertex in a hundred from the ground: its subtree becomes a tree
    // of the forest. Parents come before children, so the result is still a forest.
    for edge in &mut decl.edges {
        if rng.below(100) == 0 {
            edge.u = 0;
        }
    }
    decl
}

fn bench(c: &mut Criterion) {
    let red_blue = [Colour::Blue, Colour::Red];
    let m = 100_000u32;
    let mut group = common::group(c, "partizan", m);
    group.throughput(Throughput::Elements(u64::from(m)));
    let inputs = [
        (
            "stalk",
            coloured(common::graph(&common::path(m)), &red_blue),
        ),
        ("tree", coloured(common::graph(&common::tree(m)), &red_blue)),
        ("forest", coloured(forest(m), &red_blue)),
    ];
    for (name, graph) in &inputs {
        let valued = partizan::analyze(graph, Budget::default()).expect("a tree");
        assert!(
            valued.value.as_number().is_some(),
            "red-blue trees are numbers"
        );
        group.bench_with_input(BenchmarkId::new("red_blue", name), graph, |b, g| {
            b.iter(|| black_box(partizan::analyze(g, Budget::default()).is_ok()))
        });
    }
    group.finish();

    let m = 60u32;
    let mut group = common::group(c, "partizan", m);
    group.throughput(Throughput::Elements(u64::from(m)));
    let shape = Shape::Tree(RandomTree {
        edges: m,
        ..RandomTree::default()
    });
    // Within the budget at this size, for this seed.
    let all = [Colour::Blue, Colour::Red, Colour::Green];
    let graph = coloured(common::graph(&shape), &all);
    partizan::analyze(&graph, Budget::default()).expect("within the depth limit");
    group.bench_with_input(
        BenchmarkId::new("red_blue_green", "tree"),
        &graph,
        |b, g| b.iter(|| black_box(partizan::analyze(g, Budget::default()).is_ok())),
    );
    group.finish();
}

common::main!(bench);
