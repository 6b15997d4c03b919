//! `hackenbush gen` and the `generate` library: determinism (the same seed gives the same
//! bytes, pinned by checksums so that a changed generator shows), every shape in every
//! format read back by its parser to the same values and winning moves, the POJ 3710
//! guarantees checked structurally, cross-format agreement, a path of 10^6 edges, the
//! oracle on small generated graphs, and the command line.

use crate::brute;

use crate::common;

use std::process::Command;

use hackenbush::analysis::partizan::{self, Budget};
use hackenbush::analysis::position::winning_moves;
use hackenbush::convert;
use hackenbush::generate::{
    Cactus, Cycle, Grid, Heights, Multigraph, Path, Poj, RandomTree, Shape, Stalks,
};
use hackenbush::source::Source;
use hackenbush::syntax::Colour::{self, Blue, Green, Red};
use hackenbush::syntax::{self, Format, GraphDecl, Position, Vertices};

/// What must survive writing and reading: per graph its value, edge count and attached
/// edges; and the winning moves (graph, edge index, value after).
type Summary = (Vec<(u64, usize, usize)>, Vec<(usize, usize, u64)>);

fn summary(position: Position) -> Summary {
    let graphs = hackenbush::analyze_position(position);
    let values = graphs
        .iter()
        .map(|(g, a)| (a.value, g.decl.edges.len(), a.attached_edges))
        .collect();
    let moves = winning_moves(&graphs)
        .iter()
        .map(|m| (m.graph, m.edge.index(), m.value_after))
        .collect();
    (values, moves)
}

fn written(format: Format, position: &Position) -> Vec<u8> {
    let mut out = Vec::new();
    convert::write_game(&mut out, format, position, "generated").unwrap();
    out
}

/// Every position in the written text, parsed.
fn read_back(format: Format, text: Vec<u8>) -> Vec<Position> {
    let source = Source::new(format!("generated.{}", format.name()), text).unwrap();
    let mut positions = Vec::new();
    for position in syntax::parse(format, &source) {
        match position {
            Ok(p) => positions.push(p),
            Err(d) => panic!(
                "{format} output does not parse: {}\n{}",
                d.render(&source, false),
                String::from_utf8_lossy(source.bytes())
            ),
        }
    }
    positions
}

/// Small instances of every shape, with their edge cases.
fn shapes() -> Vec<(&'static str, Shape)> {
    vec![
        ("stalks", Shape::Stalks(Stalks::default())),
        (
            "stalks 0,1,4",
            Shape::Stalks(Stalks::heights(vec![0, 1, 4])),
        ),
        ("tree", Shape::Tree(RandomTree::default())),
        (
            "tree limited",
            Shape::Tree(RandomTree {
                graphs: 3,
                edges: 14,
                max_depth: Some(3),
                max_children: Some(2),
                scramble: false,
            }),
        ),
        (
            "tree scrambled",
            Shape::Tree(RandomTree {
                scramble: true,
                ..RandomTree::default()
            }),
        ),
        ("poj", Shape::Poj(Poj::default())),
        (
            "poj digons",
            Shape::Poj(Poj {
                trees: Some(5),
                vertices: Some(12),
                max_polygon: 4,
                digons: true,
            }),
        ),
        ("cactus", Shape::Cactus(Cactus::default())),
        (
            "cactus digons",
            Shape::Cactus(Cactus {
                graphs: 2,
                edges: 25,
                max_polygon: 3,
                digons: true,
            }),
        ),
        ("multigraph", Shape::Multigraph(Multigraph::default())),
        (
            "multigraph grounds detached",
            Shape::Multigraph(Multigraph {
                graphs: 2,
                vertices: 20,
                edges: 40,
                grounds: 3,
                detached: 2,
                simple: false,
            }),
        ),
        (
            "multigraph without ground",
            Shape::Multigraph(Multigraph {
                graphs: 1,
                vertices: 5,
                edges: 9,
                grounds: 0,
                detached: 1,
                simple: false,
            }),
        ),
        (
            "simple multigraph",
            Shape::Multigraph(Multigraph {
                graphs: 2,
                vertices: 12,
                edges: 30,
                grounds: 1,
                detached: 0,
                simple: true,
            }),
        ),
        (
            "simple multigraph grounds detached",
            Shape::Multigraph(Multigraph {
                graphs: 1,
                vertices: 15,
                edges: 25,
                grounds: 2,
                detached: 2,
                simple: true,
            }),
        ),
        (
            "path",
            Shape::Path(Path {
                graphs: 2,
                edges: 50,
            }),
        ),
        (
            "empty path",
            Shape::Path(Path {
                graphs: 1,
                edges: 0,
            }),
        ),
        ("cycle", Shape::Cycle(Cycle::default())),
        (
            "loop",
            Shape::Cycle(Cycle {
                graphs: 1,
                edges: 1,
                trees: false,
            }),
        ),
        (
            "cycle with trees",
            Shape::Cycle(Cycle {
                graphs: 2,
                edges: 40,
                trees: true,
            }),
        ),
        ("grid", Shape::Grid(Grid::default())),
        (
            "grids",
            Shape::Grid(Grid {
                graphs: 2,
                width: 5,
                height: 1,
            }),
        ),
    ]
}

/// Whether the shape draws anything at random.
fn is_random(shape: &Shape) -> bool {
    !matches!(
        shape,
        Shape::Path(_)
            | Shape::Grid(_)
            | Shape::Stalks(Stalks {
                heights: Heights::Given(_)
            })
    ) && !matches!(shape, Shape::Cycle(Cycle { trees: false, .. }))
}

const FORMATS: [Format; 4] = [Format::Hb, Format::Christmas, Format::Json, Format::Dot];

// ---- Determinism ----

#[test]
fn same_seed_same_bytes_other_seed_other_bytes() {
    for (name, shape) in shapes() {
        for format in FORMATS {
            let a = written(format, &shape.position(11, 0));
            let b = written(format, &shape.position(11, 0));
            assert_eq!(
                a, b,
                "{name} in {format}: the same seed gave different bytes"
            );
            if is_random(&shape) {
                let c = written(format, &shape.position(12, 0));
                assert_ne!(
                    a, c,
                    "{name} in {format}: seeds 11 and 12 gave the same bytes"
                );
                let d = written(format, &shape.position(11, 1));
                assert_ne!(a, d, "{name} in {format}: positions 0 and 1 are the same");
            }
        }
    }
}

/// FNV-1a, 64 bits: a checksum that is the same everywhere.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// The seed guarantee: these bytes must never change. If a generator or writer is changed
/// on purpose, the new checksums go here and the change goes in the changelog: a seed no
/// longer gives the file it gave.
#[test]
fn pinned_output() {
    let pinned: [(&str, u64, u64); 21] = [
        ("stalks", 0xfa8508f44a3a7d2e, 0x233d90b74b97b421),
        ("stalks 0,1,4", 0x097832e974b0505c, 0x1bcaed087e814194),
        ("tree", 0x07b579e3a868586b, 0x771a8d2052220842),
        ("tree limited", 0xb396f8c8e7e14b1a, 0x48f8390ffe72fbd9),
        ("tree scrambled", 0xb905677c9ee6d827, 0x6344007cfedbfa86),
        ("poj", 0xfdc65af7f2f6bd1b, 0xb506a058fe1b9964),
        ("poj digons", 0xf1979b22e4f9bacd, 0x126c663ff50c7410),
        ("cactus", 0xf577ba4683e39fac, 0x1c74c68b1ecc76fd),
        ("cactus digons", 0x37941b78133a7e51, 0x5aff04401b7c3f8c),
        ("multigraph", 0x07435e9f029c58c6, 0x8783f5b5713b7b1d),
        (
            "multigraph grounds detached",
            0x36766aa178878eaa,
            0xa47ce4a3d6f0a20f,
        ),
        (
            "multigraph without ground",
            0x505a9a417b83b302,
            0xd3bda49e58f4ee8c,
        ),
        ("simple multigraph", 0x42af6f5d824fef5e, 0x0b135527a70caf47),
        (
            "simple multigraph grounds detached",
            0x348c099dd56cca72,
            0x38c21966be684f1f,
        ),
        ("path", 0x1dd622e3d15f7d55, 0x8f81b405f382e178),
        ("empty path", 0x703dba315086b431, 0xe68225b099fee6db),
        ("cycle", 0x0bf31f91e6400ab6, 0xd73d4e38fd1f1941),
        ("loop", 0x2067c51877b71842, 0x6dffe5f5c56e83d7),
        ("cycle with trees", 0x68d6838346685c11, 0xe759b0d4d808cd52),
        ("grid", 0xca163f42d1670e98, 0x5885a828c03f3666),
        ("grids", 0x6835a5e76b150fad, 0xd5d89640bf393bcc),
    ];
    let mut got = Vec::new();
    for (name, shape) in shapes() {
        let position = shape.position(2026, 0);
        got.push((
            name,
            fnv1a(&written(Format::Christmas, &position)),
            fnv1a(&written(Format::Hb, &position)),
        ));
    }
    let text: String = got
        .iter()
        .map(|(n, c, h)| format!("        ({n:?}, {c:#018x}, {h:#018x}),\n"))
        .collect();
    assert_eq!(got, pinned, "checksums now:\n{text}");
}

// ---- Reading back ----

#[test]
fn every_shape_in_every_format_reads_back_to_the_same_game() {
    for (name, shape) in shapes() {
        let position = shape.position(5, 0);
        let expected = summary(position.clone());
        for format in FORMATS {
            let mut read = read_back(format, written(format, &position));
            assert_eq!(read.len(), 1, "{name} in {format}: one position");
            let got = summary(read.pop().unwrap());
            assert_eq!(got, expected, "{name} in {format}: the game changed");
        }
    }
}

/// The colour of every edge, graph by graph, in order.
fn colours(position: &Position) -> Vec<Vec<Colour>> {
    let graphs = position.graphs.iter();
    graphs
        .map(|g| g.edges.iter().map(|e| e.colour).collect())
        .collect()
}

/// The number of blue, red and green edges of every graph.
fn colour_counts(position: &Position) -> Vec<[usize; 3]> {
    colours(position)
        .iter()
        .map(|edges| [Blue, Red, Green].map(|c| edges.iter().filter(|&&e| e == c).count()))
        .collect()
}

#[test]
fn coloured_shapes_read_back_with_their_colours() {
    for (name, shape) in shapes() {
        let position = shape.coloured_position(5, 0, &[Blue, Red, Green]);
        let expected = colours(&position);
        let all = expected.concat();
        assert!(
            all.len() < 8 || all.iter().any(|&c| c != Green),
            "{name}: three colours to draw from, yet all green"
        );
        // hb, json and the picture keep every edge in order, each in its colour (the
        // picture writes `color=green` too).
        for format in [Format::Hb, Format::Json, Format::Dot] {
            let read = read_back(format, written(format, &position));
            assert_eq!(colours(&read[0]), expected, "{name} in {format}");
        }
        // cgsuite keeps the attached edges, in another order: when they are all of them,
        // as many of each colour.
        let read = read_back(Format::Cgsuite, written(Format::Cgsuite, &position));
        for (got, want) in colour_counts(&read[0]).iter().zip(colour_counts(&position)) {
            if got.iter().sum::<usize>() == want.iter().sum::<usize>() {
                assert_eq!(got, &want, "{name} in cgsuite");
            }
        }
    }
}

#[test]
fn coloured_trees_are_worth_the_same_in_every_format() {
    let shape = Shape::Tree(RandomTree {
        graphs: 3,
        edges: 12,
        ..RandomTree::default()
    });
    let position = shape.coloured_position(9, 0, &[Blue, Red, Green]);
    let value = |p: Position| -> Vec<String> {
        p.graphs
            .into_iter()
            .enumerate()
            .map(|(i, decl)| {
                let graph = hackenbush::model::Graph::build(decl, i);
                partizan::analyze(&graph, Budget::default())
                    .unwrap()
                    .value
                    .to_string()
            })
            .collect()
    };
    let expected = value(position.clone());
    assert!(expected.iter().any(|v| v != "0"), "{expected:?}");
    for format in [Format::Hb, Format::Json, Format::Cgsuite] {
        let mut read = read_back(format, written(format, &position));
        assert_eq!(value(read.pop().unwrap()), expected, "{format}");
    }
    let err = convert::write_game(&mut Vec::new(), Format::Christmas, &position, "")
        .unwrap_err()
        .to_string();
    assert!(err.contains("christmas is green only"), "{err}");
}

#[test]
fn several_positions_make_several_test_cases() {
    let shape = Shape::Poj(Poj::default());
    let mut text = Vec::new();
    for position in shape.positions(8, 4) {
        text.extend(written(Format::Christmas, &position));
    }
    let read = read_back(Format::Christmas, text);
    assert_eq!(read.len(), 4);
    for (i, (got, position)) in read.into_iter().zip(shape.positions(8, 4)).enumerate() {
        assert_eq!(got.case, Some(i + 1));
        assert_eq!(summary(got), summary(position), "test case {}", i + 1);
    }
}

#[test]
fn the_same_position_agrees_across_formats() {
    for (name, shape) in shapes() {
        let position = shape.position(77, 3);
        let mut summaries = Vec::new();
        for format in FORMATS {
            let mut read = read_back(format, written(format, &position));
            summaries.push((format, summary(read.pop().unwrap())));
        }
        for (format, s) in &summaries[1..] {
            assert_eq!(
                s, &summaries[0].1,
                "{name}: {format} and {} disagree",
                summaries[0].0
            );
        }
    }
}

#[test]
fn christmas_fuses_several_grounds_and_adds_one_when_there_is_none() {
    let several = Shape::Multigraph(Multigraph {
        graphs: 1,
        vertices: 10,
        edges: 20,
        grounds: 4,
        detached: 0,
        simple: false,
    })
    .position(1, 0);
    let read = read_back(Format::Christmas, written(Format::Christmas, &several));
    // 4 ground vertices fused into vertex 1: 3 vertices fewer.
    assert_eq!(read[0].graphs[0].vertices, Vertices::Numbered(7));
    assert_eq!(summary(read[0].clone()), summary(several));

    let none = Shape::Multigraph(Multigraph {
        graphs: 1,
        vertices: 6,
        edges: 8,
        grounds: 0,
        detached: 0,
        simple: false,
    })
    .position(1, 0);
    let text = written(Format::Christmas, &none);
    assert!(
        text.starts_with(b"1\n7 8\n"),
        "{}",
        String::from_utf8_lossy(&text)
    );
    let read = read_back(Format::Christmas, text);
    let (values, moves) = summary(read[0].clone());
    assert_eq!(values, [(0, 8, 0)]);
    assert!(moves.is_empty());
    assert!(
        read[0].graphs[0].edges.iter().all(|e| e.u != 0 && e.v != 0),
        "vertex 1 has no edges"
    );
}

#[test]
fn a_path_of_a_million_edges() {
    let edges = 1_000_000;
    let position = Shape::Path(Path { graphs: 1, edges }).position(0, 0);
    for format in [Format::Christmas, Format::Hb] {
        let mut read = read_back(format, written(format, &position));
        let graphs = hackenbush::analyze_position(read.pop().unwrap());
        assert_eq!(graphs[0].1.value, u64::from(edges), "{format}");
        assert_eq!(graphs[0].0.decl.edges.len(), edges as usize);
    }
}

#[test]
fn small_generated_graphs_agree_with_the_oracle() {
    for (what, position) in common::small_generated() {
        for (graph, analysis) in hackenbush::analyze_position(position) {
            let edges = &graph.decl.edges;
            assert_eq!(
                analysis.value,
                brute::grundy_of(&graph.decl),
                "{what}: {edges:?}"
            );
        }
    }
}

// ---- The POJ 3710 guarantees ----

/// The edge sets of the biconnected components (blocks) of a multigraph on `0..n`
/// (Tarjan; recursive, for small graphs).
fn blocks(n: usize, edges: &[(u32, u32)]) -> Vec<Vec<usize>> {
    struct Dfs {
        adj: Vec<Vec<(usize, usize)>>,
        disc: Vec<usize>,
        low: Vec<usize>,
        time: usize,
        stack: Vec<usize>,
        blocks: Vec<Vec<usize>>,
    }
    impl Dfs {
        fn visit(&mut self, u: usize, parent_edge: Option<usize>) {
            self.time += 1;
            self.disc[u] = self.time;
            self.low[u] = self.time;
            for i in 0..self.adj[u].len() {
                let (w, e) = self.adj[u][i];
                if Some(e) == parent_edge {
                    continue;
                }
                if self.disc[w] == 0 {
                    self.stack.push(e);
                    self.visit(w, Some(e));
                    self.low[u] = self.low[u].min(self.low[w]);
                    if self.low[w] >= self.disc[u] {
                        let mut block = Vec::new();
                        while let Some(f) = self.stack.pop() {
                            block.push(f);
                            if f == e {
                                break;
                            }
                        }
                        self.blocks.push(block);
                    }
                } else if self.disc[w] < self.disc[u] {
                    self.stack.push(e);
                    self.low[u] = self.low[u].min(self.disc[w]);
                }
            }
        }
    }
    let mut adj = vec![Vec::new(); n];
    for (e, &(u, v)) in edges.iter().enumerate() {
        adj[u as usize].push((v as usize, e));
        if u != v {
            adj[v as usize].push((u as usize, e));
        }
    }
    let mut dfs = Dfs {
        adj,
        disc: vec![0; n],
        low: vec![0; n],
        time: 0,
        stack: Vec::new(),
        blocks: Vec::new(),
    };
    dfs.visit(0, None);
    assert!(dfs.disc.iter().all(|&d| d > 0), "not connected");
    dfs.blocks
}

/// Checks one POJ tree: vertex 1 is the only ground, the graph is connected, has no loop
/// (nor parallel edges without digons), and every block is a bridge or a polygon of
/// `smallest..=largest` edges meeting the rest of the graph in exactly one vertex.
fn check_poj_tree(graph: &GraphDecl, smallest: usize, largest: usize, max_vertices: usize) {
    let Vertices::Numbered(m) = graph.vertices else {
        panic!("numbered vertices")
    };
    let m = m as usize;
    assert!((1..=max_vertices).contains(&m), "m = {m}");
    assert!(graph.edges.len() < 500, "k = {}", graph.edges.len());
    assert_eq!(graph.ground, [0]);
    let edges: Vec<(u32, u32)> = graph.edges.iter().map(|e| (e.u, e.v)).collect();
    assert!(edges.iter().all(|&(u, v)| u != v), "a loop");
    if smallest > 2 {
        let mut pairs: Vec<(u32, u32)> = edges.iter().map(|&(u, v)| (u.min(v), u.max(v))).collect();
        pairs.sort_unstable();
        assert!(pairs.windows(2).all(|w| w[0] != w[1]), "parallel edges");
    }
    if edges.is_empty() {
        assert_eq!(m, 1);
        return;
    }
    let blocks = blocks(m, &edges);
    let mut blocks_of = vec![0usize; m];
    let vertex_sets: Vec<Vec<usize>> = blocks
        .iter()
        .map(|block| {
            let mut vs: Vec<usize> = block
                .iter()
                .flat_map(|&e| [edges[e].0 as usize, edges[e].1 as usize])
                .collect();
            vs.sort_unstable();
            vs.dedup();
            for &v in &vs {
                blocks_of[v] += 1;
            }
            vs
        })
        .collect();
    for (block, vs) in blocks.iter().zip(&vertex_sets) {
        if block.len() == 1 {
            continue; // a bridge: an edge of the tree
        }
        assert_eq!(
            block.len(),
            vs.len(),
            "a block that is not a simple polygon"
        );
        assert!(
            (smallest..=largest).contains(&block.len()),
            "a polygon of {} edges",
            block.len()
        );
        let attachments = vs.iter().filter(|&&v| v == 0 || blocks_of[v] > 1).count();
        assert_eq!(
            attachments, 1,
            "a polygon attached at {attachments} vertices"
        );
    }
}

#[test]
fn poj_cases_keep_the_promises_of_the_statement() {
    for digons in [false, true] {
        let poj = Poj {
            digons,
            ..Poj::default()
        };
        let shape = Shape::Poj(poj.clone());
        let smallest = if digons { 2 } else { 3 };
        let mut polygons_seen = false;
        for position in shape.positions(digons as u64, 20) {
            assert!((1..100).contains(&position.graphs.len()), "N < 100");
            // The christmas text says the same: vertex 1 is the ground of every tree.
            let read = read_back(Format::Christmas, written(Format::Christmas, &position))
                .pop()
                .unwrap();
            for (graph, again) in position.graphs.iter().zip(&read.graphs) {
                check_poj_tree(graph, smallest, poj.max_polygon as usize, 99);
                check_poj_tree(again, smallest, poj.max_polygon as usize, 99);
                polygons_seen |= graph.edges.len() >= graph.vertices.len();
            }
        }
        assert!(polygons_seen);
    }
    // Sizes given: exactly those.
    let shape = Shape::Poj(Poj {
        trees: Some(3),
        vertices: Some(400),
        max_polygon: 9,
        digons: false,
    });
    let position = shape.position(1, 0);
    assert_eq!(position.graphs.len(), 3);
    for graph in &position.graphs {
        assert_eq!(graph.vertices, Vertices::Numbered(400));
        check_poj_tree(graph, 3, 9, 400);
    }
}

#[test]
fn poj_trees_of_one_vertex() {
    let shape = Shape::Poj(Poj {
        trees: Some(2),
        vertices: Some(1),
        ..Poj::default()
    });
    let text = written(Format::Christmas, &shape.position(0, 0));
    assert_eq!(text, b"2\n1 0\n1 0\n");
}

// ---- The command line ----

fn run_gen(args: &[&str]) -> (i32, Vec<u8>, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_hackenbush"))
        .arg("gen")
        .args(args)
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    (
        out.status.code().unwrap(),
        out.stdout,
        String::from_utf8(out.stderr).unwrap(),
    )
}

#[test]
fn cli_is_deterministic() {
    let a = run_gen(&["poj", "--seed", "3", "--count", "4"]);
    assert_eq!(a.0, 0, "{}", a.2);
    assert_eq!(a, run_gen(&["poj", "--seed", "3", "--count", "4"]));
    assert_ne!(a.1, run_gen(&["poj", "--seed", "4", "--count", "4"]).1);
    // The same bytes as the library's.
    let mut expected = Vec::new();
    for p in Shape::Poj(Poj::default()).positions(3, 4) {
        expected.extend(written(Format::Christmas, &p));
    }
    assert_eq!(a.1, expected);
    // A prefix of the cases is the output of a smaller count.
    let two = run_gen(&["poj", "--seed", "3", "--count", "2"]).1;
    assert!(a.1.starts_with(&two));
}

#[test]
fn cli_formats_and_defaults() {
    let (code, out, _) = run_gen(&["stalks", "--heights", "3,5,7"]);
    assert_eq!(code, 0);
    assert!(out.starts_with(b"graph: stalk 1\nground: g\ng-1-2-3\n"));
    let (code, out, _) = run_gen(&["path", "--edges", "3", "--format", "christmas"]);
    assert_eq!((code, out.as_slice()), (0, &b"1\n4 3\n1 2\n2 3\n3 4\n"[..]));
    let (code, out, _) = run_gen(&["path", "--edges", "2", "-f", "json"]);
    assert_eq!(code, 0);
    assert_eq!(
        String::from_utf8(out).unwrap(),
        "{\"graphs\": [\n  {\"name\": \"path 1\", \"ground\": [1], \"edges\": [\n    [1, 2], [2, 3]\n  ]}\n]}\n"
    );
    let (code, out, _) = run_gen(&["cycle", "--edges", "3", "--format", "dot"]);
    assert_eq!(code, 0);
    assert!(out.starts_with(b"graph \"cycle (seed 0)\" {"));

    // The extension of -o chooses the format.
    let dir = std::env::temp_dir().join(format!("hackenbush-gen-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("tree.json");
    let (code, out, err) = run_gen(&["tree", "--edges", "4", "-o", file.to_str().unwrap()]);
    assert_eq!((code, out.len(), err.as_str()), (0, 0, ""));
    assert!(std::fs::read(&file).unwrap().starts_with(b"{\"graphs\": ["));
    // cgsuite included.
    let file = dir.join("path.cgs");
    let (code, _, err) = run_gen(&["path", "--edges", "3", "-o", file.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "eee\n");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn cli_refuses_what_it_cannot_do() {
    for (args, message) in [
        (
            &["stalks", "--count", "2"][..],
            "an hb file holds one position",
        ),
        (
            &["cycle", "--count", "2", "--format", "dot"],
            "a dot file holds one position",
        ),
        (
            &[
                "tree",
                "--edges",
                "7",
                "--max-depth",
                "2",
                "--max-children",
                "2",
            ],
            "at most 6 edges",
        ),
        (&["path", "--edges", "100000001"], "--edges"),
        (
            &["path", "--graphs", "3", "--edges", "50000000"],
            "the limit is 100000000",
        ),
        (
            &["multigraph", "--vertices", "10", "--edges", "5"],
            "at least 9 edges",
        ),
        (
            &["multigraph", "--simple", "--vertices", "9", "--edges", "37"],
            "a simple graph of 9 vertices has at most 36 edges, got 37",
        ),
        (
            &["multigraph", "--simple", "--detached", "4"],
            "needs at least 9 vertices",
        ),
        (&["cactus", "--max-polygon", "2"], "(2 with digons)"),
        (
            &["stalks", "--heights", "1", "--graphs", "2"],
            "cannot be used with",
        ),
        (
            &["tree", "--colours", "green,red", "--format", "christmas"],
            "christmas is green only",
        ),
        (&["poj", "--colors", "blue"], "christmas is green only"),
        (&["path", "--colours", "blue,pink"], "a colour is blue"),
    ] {
        let (code, out, err) = run_gen(args);
        assert_eq!((code, out.len()), (2, 0), "{args:?}: {err}");
        assert!(err.contains(message), "{args:?}: {err}");
    }
}

/// Issue 33: `gen multigraph --vertices 100000000 --edges 100000000` under 2 GB aborted
/// with a backtrace once an allocation failed. The memory is estimated from the flags and
/// refused before anything is built, with the flag that allows more; the estimate
/// follows the format (dot builds the picture first).
#[test]
fn sizes_beyond_max_memory_are_refused_before_allocating() {
    let (code, out, err) = run_gen(&[
        "multigraph",
        "--vertices",
        "100000000",
        "--edges",
        "100000000",
    ]);
    assert_eq!((code, out.len()), (2, 0), "{err}");
    assert!(
        err.contains("needs about 6104 MiB, more than --max-memory 2048"),
        "{err}"
    );
    let path = ["path", "--edges", "100000", "--max-memory", "10"];
    let (code, out, err) = run_gen(&path);
    assert_eq!((code, err.as_str()), (0, ""));
    assert_eq!(out.iter().filter(|&&b| b == b'-').count(), 100_000);
    let (code, out, err) = run_gen(&[&path[..], &["--format", "dot"]].concat());
    assert_eq!((code, out.len()), (2, 0));
    assert!(
        err.contains("in dot needs about 34 MiB, more than --max-memory 10"),
        "{err}"
    );
}

/// The partizan search's inputs made by `gen` (`benches/searched/gen-*.hb`) are what their
/// commands, listed in that folder's README, write today: each command is run as written,
/// in a folder of its own, and its file compared byte for byte, so the files cannot drift
/// from the generator; a `gen-*` file without its command fails too.
#[test]
fn the_searched_inputs_made_by_gen_are_what_their_commands_write() {
    let folder = common::root().join("benches/searched");
    let readme = std::fs::read_to_string(folder.join("README.md")).unwrap();
    let commands: Vec<&str> = (readme.lines())
        .filter_map(|line| line.strip_prefix("- `hackenbush gen "))
        .map(|line| line.strip_suffix('`').expect("a command in backquotes"))
        .collect();
    let mut listed = Vec::new();
    for command in &commands {
        let args: Vec<&str> = command.split_whitespace().collect();
        let file = args.windows(2).find(|w| w[0] == "-o").expect("-o FILE")[1];
        let dir = tempfile::tempdir().unwrap();
        let out = Command::new(env!("CARGO_BIN_EXE_hackenbush"))
            .arg("gen")
            .args(&args)
            .current_dir(dir.path())
            .output()
            .unwrap();
        assert!(out.status.success(), "{command}: {out:?}");
        let made = std::fs::read(dir.path().join(file)).unwrap();
        let kept = std::fs::read(folder.join(file)).unwrap_or_default();
        assert!(
            made == kept,
            "benches/searched/{file} is not what `{command}` writes"
        );
        listed.push(file.to_string());
    }
    let mut present: Vec<String> = std::fs::read_dir(&folder)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().into_string().unwrap())
        .filter(|name| name.starts_with("gen-"))
        .collect();
    present.sort();
    listed.sort();
    assert_eq!(present, listed, "the gen-* files and the README's commands");
    assert_eq!(listed.len(), 10);
}
