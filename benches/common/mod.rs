//! Inputs shared by the benchmarks, all made with the library's seeded generators
//! (`hackenbush::generate`), so every run measures the same bytes and graphs.

#![allow(dead_code)] // each bench target uses a part of this module

use hackenbush::generate::{Cactus, Cycle, Multigraph, Path, RandomTree, Shape};
use hackenbush::syntax::GraphDecl;

/// The seed of every benchmark input.
pub const SEED: u64 = 2026;

/// A named family of benchmark graphs: the shape of `m` edges.
pub type Family = (&'static str, fn(u32) -> Shape);

/// Every family, the trees first: the value's benchmarks take them all, the winning
/// moves' the ones with cycles (`FAMILIES[CYCLIC..]`).
pub const FAMILIES: [Family; 5] = [
    ("path", path),
    ("tree", tree),
    ("cycle_with_trees", cycle_with_trees),
    ("cactus", cactus),
    ("multigraph", multigraph),
];

/// Where the families with cycles start in [`FAMILIES`].
pub const CYCLIC: usize = 2;

/// A path of `m` edges from the ground.
pub fn path(m: u32) -> Shape {
    Shape::Path(Path {
        graphs: 1,
        edges: m,
    })
}

/// A random recursive tree of `m` edges (depth about ln m).
pub fn tree(m: u32) -> Shape {
    Shape::Tree(RandomTree {
        edges: m,
        ..RandomTree::default()
    })
}

/// One cycle through the ground of m/2 edges with random trees of m/2 edges hanging off it.
pub fn cycle_with_trees(m: u32) -> Shape {
    Shape::Cycle(Cycle {
        graphs: 1,
        edges: m,
        trees: true,
    })
}

/// A random cactus of `m` edges, polygons of 3 to 8 edges.
pub fn cactus(m: u32) -> Shape {
    Shape::Cactus(Cactus {
        edges: m,
        ..Cactus::default()
    })
}

/// A random multigraph of m/2 vertices and `m` edges: a random spanning tree and m/2 more
/// edges (loops, parallel edges, many overlapping cycles).
pub fn multigraph(m: u32) -> Shape {
    Shape::Multigraph(Multigraph {
        vertices: (m / 2).max(1),
        edges: m,
        ..Multigraph::default()
    })
}

/// The one graph of position 0 of `shape` with [`SEED`].
pub fn graph(shape: &Shape) -> GraphDecl {
    let mut position = shape.position(SEED, 0);
    assert_eq!(position.graphs.len(), 1, "one graph per position");
    position.graphs.pop().expect("one graph")
}

/// The graph as the Green core takes it: vertex count and edge ends, ground vertex 0.
pub fn edge_list(decl: &GraphDecl) -> (u32, Vec<u32>) {
    assert_eq!(decl.ground, [0], "ground vertex 0 only");
    let ends = decl.edges.iter().flat_map(|e| [e.u, e.v]).collect();
    (decl.vertices.len() as u32, ends)
}

/// A readable count: 1000 -> "1e3", 1000000 -> "1e6", 300000 -> "3e5".
pub fn size_label(m: u32) -> String {
    let mut mantissa = m;
    let mut exponent = 0;
    while mantissa >= 10 && mantissa.is_multiple_of(10) {
        mantissa /= 10;
        exponent += 1;
    }
    format!("{mantissa}e{exponent}")
}

/// The criterion settings of every benchmark: short warm-up and measurement, no plots,
/// so that `cargo bench` runs in a few minutes. Groups over inputs of 10^5 edges and more
/// also switch to flat sampling (10 samples of one iteration each, not 1 + 2 + ... + 10).
pub fn config() -> criterion::Criterion {
    criterion::Criterion::default()
        .warm_up_time(std::time::Duration::from_millis(500))
        .measurement_time(std::time::Duration::from_secs(2))
        .sample_size(10)
        .without_plots()
}

/// The benchmark group `KIND/SIZE_edges` for inputs of `m` edges: flat sampling for the
/// large sizes, where a single iteration takes long.
pub fn group<'a>(
    c: &'a mut criterion::Criterion,
    kind: &str,
    m: u32,
) -> criterion::BenchmarkGroup<'a, criterion::measurement::WallTime> {
    let mut group = c.benchmark_group(format!("{kind}/{}_edges", size_label(m)));
    if m >= 100_000 {
        group.sampling_mode(criterion::SamplingMode::Flat);
    }
    group
}

/// The `main` of a benchmark file: its one function `$bench`, with [`config`].
macro_rules! main {
    ($bench:path) => {
        criterion::criterion_group! {
            name = benches;
            config = common::config();
            targets = $bench
        }
        criterion::criterion_main!(benches);
    };
}
pub(crate) use main;
