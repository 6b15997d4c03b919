//! The five formats agree: every position of `examples/` and `tests/fixtures/valid/`, and
//! generated multigraphs, cacti, POJ 3710 cases and cycles with trees, is written with
//! every writer (`hackenbush::convert::write_game`: hb, christmas, json, dot, cgsuite), read
//! back with the matching parser and analysed again. It must be the same game:
//!
//! - per graph, the same Grundy value and the same number of edges attached to the
//!   ground (edges minus ignored edges);
//! - the same nim-sum, and the same winning moves: for hb, christmas, json and dot the
//!   very same moves (graph, edge number, value after), since those writers keep every
//!   edge in its order; for cgsuite the same number of winning moves, and the same values
//!   after them graph by graph, since a CGSuite string lists the edges in another order
//!   (a depth-first search from the ground);
//! - what each format can say, it says: hb, christmas, json and dot keep every edge, so
//!   the edge and ignored-edge counts agree too; cgsuite leaves out the edges not attached
//!   to the ground (a CGSuite string starts at the ground), so it has no ignored edges.
//!
//! Every text written, and every bundled input, is recognised by its first bytes as its
//! format (`syntax::detect`), or, for a bundled input, not at all.
//!
//! Where a writer refuses a position because the format cannot spell a name (hb: a vertex
//! name that is not an identifier; json: an empty vertex name), the refusal is checked to
//! be that one, and the other formats still compare.

use crate::brute;

use crate::common;

use hackenbush::analysis::position::{nim_sum, winning_moves};
use hackenbush::convert::{self, WriteError};
use hackenbush::generate::{Cactus, Cycle, Multigraph, Path as PathShape, Poj, Shape};
use hackenbush::source::Source;
use hackenbush::syntax::detect::detect;
use hackenbush::syntax::{self, Format, Position};

/// Every position of `text` in `format`; panics on an error.
fn parse_all(name: &str, format: Format, text: Vec<u8>) -> Vec<Position> {
    let source = Source::new(name.to_string(), text).unwrap();
    syntax::parse(format, &source)
        .map(|p| {
            p.unwrap_or_else(|d| {
                panic!(
                    "{name} does not parse as {format}:\n{}\n--- text:\n{}",
                    d.render(&source, false),
                    String::from_utf8_lossy(source.bytes())
                )
            })
        })
        .collect()
}

/// What the analysis says about a position.
#[derive(Debug, PartialEq, Eq)]
struct Facts {
    /// Per graph: value, attached edges, edges, ignored edges.
    graphs: Vec<(u64, usize, usize, usize)>,
    nim_sum: u64,
    /// The winning moves: graph, edge number, value after.
    moves: Vec<(usize, usize, u64)>,
}

impl Facts {
    fn of(position: Position) -> Facts {
        let graphs = hackenbush::analyze_position(position);
        let moves = winning_moves(&graphs)
            .iter()
            .map(|m| (m.graph, m.edge.index(), m.value_after))
            .collect();
        Facts {
            graphs: graphs
                .iter()
                .map(|(g, a)| {
                    (
                        a.value,
                        a.attached_edges,
                        g.decl.edges.len(),
                        a.ignored_edges,
                    )
                })
                .collect(),
            nim_sum: nim_sum(&graphs),
            moves,
        }
    }

    /// Per graph: value and attached edges.
    fn values(&self) -> Vec<(u64, usize)> {
        self.graphs.iter().map(|&(v, a, _, _)| (v, a)).collect()
    }

    /// The winning moves without edge numbers, sorted: graph and value after.
    fn move_values(&self) -> Vec<(usize, u64)> {
        let mut m: Vec<_> = self.moves.iter().map(|&(g, _, v)| (g, v)).collect();
        m.sort_unstable();
        m
    }
}

/// Whether a writer's refusal is one the format documents.
fn expected_refusal(format: Format, message: &str) -> bool {
    match format {
        Format::Hb => message.contains("is not an identifier") || message.contains("graph name"),
        Format::Json => message.contains("empty name"),
        // Blue and red edges: the christmas format is green only.
        Format::Christmas => message.contains("christmas is green only"),
        _ => false,
    }
}

/// Writes `position` in every format, reads it back and compares with `expected` (the
/// facts of the position itself). Returns how many formats were compared.
fn check_all_formats(what: &str, position: &Position) -> usize {
    let expected = Facts::of(position.clone());
    let mut compared = 0;
    for format in Format::ALL {
        let mut text = Vec::new();
        match convert::write_game(&mut text, format, position, "formats") {
            Ok(()) => {}
            Err(WriteError::Unwritable(message)) if expected_refusal(format, &message) => {
                continue;
            }
            Err(e) => panic!("{what}: the {format} writer failed: {e}"),
        }
        let shown = String::from_utf8_lossy(&text).into_owned();
        let name = format!("{what} as {format}");
        // What a writer writes is recognised as its format (standard input needs no
        // --format for it), unless it is empty (hb has nothing to write for no graphs).
        let detected = detect(&text);
        let empty = position.graphs.is_empty() && detected.is_none();
        assert!(
            empty || detected == Some(format),
            "{name}: {detected:?}\n{shown}"
        );
        let mut read = parse_all(&name, format, text);
        assert_eq!(read.len(), 1, "{name}: one position\n{shown}");
        let got = Facts::of(read.pop().unwrap());
        let context = format!("{name}\n--- written:\n{shown}");
        match format {
            Format::Cgsuite if position.graphs.is_empty() => {
                // The format has no empty position: `.`, one graph worth 0.
                assert_eq!(got.values(), [(0, 0)], "{context}");
                assert_eq!(got.nim_sum, 0, "{context}");
                assert!(got.moves.is_empty(), "{context}");
            }
            Format::Cgsuite => {
                // Detached edges are left out and the edges come in another order: values,
                // attached edges, the nim-sum and the winning moves up to edge numbers.
                assert_eq!(got.values(), expected.values(), "{context}");
                assert!(
                    got.graphs.iter().all(|&(_, a, e, i)| a == e && i == 0),
                    "{context}: cgsuite writes only attached edges"
                );
                assert_eq!(got.nim_sum, expected.nim_sum, "{context}");
                assert_eq!(got.moves.len(), expected.moves.len(), "{context}");
                assert_eq!(got.move_values(), expected.move_values(), "{context}");
            }
            // Every edge, in order: everything agrees, edge numbers of the moves included.
            // (christmas gives a graph without ground a vertex 1 of its own with no edge:
            // nothing is attached, as before.)
            _ => assert_eq!(got, expected, "{context}"),
        }
        compared += 1;
    }
    compared
}

#[test]
fn every_input_agrees_in_every_format() {
    let mut positions = 0;
    let mut coloured = 0;
    let mut compared = 0;
    let mut by_input_format = std::collections::HashSet::new();
    for path in common::bundled_inputs() {
        let format = Format::from_path(&path).unwrap();
        let name = common::relative_name(&path);
        let text = std::fs::read(&path).unwrap();
        // Recognised as its format, or not at all: never as another.
        let detected = detect(&text);
        assert!(detected.is_none_or(|d| d == format), "{name}: {detected:?}");
        for position in parse_all(&name, format, text) {
            let what = hackenbush::source::label(&name, position.case);
            // Christmas is green only: a position with blue or red edges has one fewer.
            coloured += usize::from(position.graphs.iter().any(|g| !g.is_green()));
            let n = check_all_formats(&what, &position);
            // At least christmas, dot and cgsuite write every position.
            assert!(n >= 3, "{what}: only {n} formats");
            positions += 1;
            compared += n;
            by_input_format.insert(format);
        }
    }
    assert_eq!(by_input_format.len(), 5, "inputs in all five formats");
    assert!(positions >= 30, "only {positions} positions");
    assert!(
        compared + coloured >= 5 * positions - 10,
        "{compared} round trips"
    );
}

/// Small generated positions of the shapes with cycles, loops, parallel edges, several or
/// no ground vertices and detached parts.
fn generated() -> Vec<(String, Position)> {
    let shapes = [
        Shape::Multigraph(Multigraph {
            graphs: 3,
            vertices: 9,
            edges: 18,
            grounds: 2,
            detached: 1,
            simple: false,
        }),
        Shape::Multigraph(Multigraph {
            graphs: 1,
            vertices: 5,
            edges: 8,
            grounds: 0,
            detached: 1,
            simple: false,
        }),
        Shape::Cactus(Cactus {
            graphs: 2,
            edges: 25,
            max_polygon: 5,
            digons: true,
        }),
        Shape::Poj(Poj {
            trees: Some(4),
            vertices: Some(15),
            max_polygon: 5,
            digons: true,
        }),
        Shape::Cycle(Cycle {
            graphs: 2,
            edges: 21,
            trees: true,
        }),
        Shape::Cycle(Cycle {
            graphs: 3,
            edges: 2,
            trees: false,
        }),
    ];
    let mut positions = Vec::new();
    for shape in &shapes {
        for seed in 0..6 {
            positions.push((
                format!("{} seed {seed}", shape.name()),
                shape.position(seed, 0),
            ));
        }
    }
    positions
}

#[test]
fn generated_positions_agree_in_every_format() {
    for (what, position) in generated() {
        assert_eq!(check_all_formats(&what, &position), 5, "{what}");
    }
}

/// The cgsuite string is the same game, by exhaustive search rather than by the analysis.
#[test]
fn cgsuite_strings_agree_with_the_oracle() {
    for (what, position) in common::small_generated() {
        let mut text = Vec::new();
        syntax::cgsuite::write(&mut text, &position).unwrap();
        let shown = String::from_utf8_lossy(&text).into_owned();
        let read = parse_all("oracle.cgs", Format::Cgsuite, text);
        for (original, back) in position.graphs.iter().zip(&read[0].graphs) {
            let (want, got) = (brute::grundy_of(original), brute::grundy_of(back));
            assert_eq!(got, want, "{what}: {shown}");
        }
    }
}

#[test]
fn cgsuite_writes_a_path_of_a_million_edges_without_brackets() {
    let edges = 1_000_000;
    let position = Shape::Path(PathShape { graphs: 1, edges }).position(0, 0);
    let mut text = Vec::new();
    syntax::cgsuite::write(&mut text, &position).unwrap();
    assert_eq!(text.len(), edges as usize + 1);
    assert!(text[..edges as usize].iter().all(|&b| b == b'e'));
    let mut read = parse_all("path.cgs", Format::Cgsuite, text);
    let graphs = hackenbush::analyze_position(read.pop().unwrap());
    assert_eq!(graphs[0].1.value, u64::from(edges));
    assert_eq!(graphs[0].1.attached_edges, edges as usize);
}

#[test]
fn cgsuite_nests_deep_branch_points_without_recursion() {
    // A comb: a spine of n edges with a tooth at every spine vertex, so that every vertex
    // is a branch point and the brackets nest n deep: `e(e;e(e;e(...)))`.
    let n = 200_000u32;
    let mut edges = Vec::new();
    for i in 0..n {
        edges.push((i, i + 1));
        edges.push((i + 1, n + 1 + i));
    }
    let position = position_of(2 * n + 1, &[0], &edges);
    let mut text = Vec::new();
    syntax::cgsuite::write(&mut text, &position).unwrap();
    assert!(text.starts_with(b"e(e;e(e;e("), "{:?}", &text[..20]);
    assert_eq!(text.iter().filter(|&&b| b == b'(').count(), n as usize - 1);
    let read = parse_all("comb.cgs", Format::Cgsuite, text);
    assert_eq!(
        Facts::of(read[0].clone()).values(),
        Facts::of(position).values()
    );
}

/// A position of one graph with numbered vertices.
fn position_of(vertices: u32, ground: &[u32], edges: &[(u32, u32)]) -> Position {
    use hackenbush::source::Span;
    use hackenbush::syntax::{EdgeDecl, GraphDecl, GraphKind, Vertices};
    Position {
        case: None,
        span: Span::default(),
        graphs: vec![GraphDecl {
            name: None,
            span: Span::default(),
            kind: GraphKind::Tree,
            vertices: Vertices::Numbered(vertices),
            ground: ground.to_vec(),
            edges: edges
                .iter()
                .map(|&(u, v)| EdgeDecl::new(u, v, Span::default()))
                .collect(),
        }],
        warnings: Vec::new(),
    }
}

#[test]
fn cgsuite_strings_for_the_corner_cases() {
    let text = |position: &Position| {
        let mut out = Vec::new();
        syntax::cgsuite::write(&mut out, position).unwrap();
        String::from_utf8(out).unwrap()
    };
    // A loop at the ground, a loop higher up, parallel edges, an edge between two ground
    // vertices (a loop once they are fused), a detached edge (left out), a triangle.
    for (vertices, ground, edges, expected) in [
        (1, vec![0], vec![(0, 0)], ":{ground}e:{ground}\n"),
        (2, vec![0], vec![(0, 1), (1, 1)], "e:{v1}e:{v1}\n"),
        (2, vec![0], vec![(1, 0), (0, 1)], ":{ground}ee:{ground}\n"),
        (
            3,
            vec![0, 2],
            vec![(0, 1), (2, 1)],
            ":{ground}ee:{ground}\n",
        ),
        (2, vec![0, 1], vec![(0, 1)], ":{ground}e:{ground}\n"),
        (4, vec![0], vec![(0, 1), (2, 3)], "e\n"),
        (
            3,
            vec![0],
            vec![(0, 1), (1, 2), (2, 0)],
            ":{ground}eee:{ground}\n",
        ),
        (
            4,
            vec![0],
            vec![(0, 1), (1, 2), (2, 3), (3, 1)],
            "e:{v1}eee:{v1}\n",
        ),
        (
            3,
            vec![0],
            vec![(0, 1), (0, 2), (1, 1)],
            "(e:{v1}e:{v1};e)\n",
        ),
        (2, vec![], vec![(0, 1)], ".\n"),
        (0, vec![], vec![], ".\n"),
        (1, vec![0], vec![], ".\n"),
    ] {
        let position = position_of(vertices, &ground, &edges);
        assert_eq!(text(&position), expected, "{edges:?} ground {ground:?}");
        let read = parse_all("corner.cgs", Format::Cgsuite, expected.as_bytes().to_vec());
        assert_eq!(
            Facts::of(read[0].clone()).values(),
            Facts::of(position).values(),
            "{expected}"
        );
    }
    let empty = Position {
        graphs: Vec::new(),
        ..position_of(0, &[], &[])
    };
    assert_eq!(text(&empty), ".\n");
}

#[test]
fn cgsuite_files_hold_one_position_per_line() {
    let shape = Shape::Cactus(Cactus::default());
    let mut text = Vec::new();
    for position in shape.positions(4, 3) {
        convert::write_game(&mut text, Format::Cgsuite, &position, "").unwrap();
    }
    assert!(Format::Cgsuite.holds_several());
    let read = parse_all("cacti.cgs", Format::Cgsuite, text);
    assert_eq!(read.len(), 3);
    for (got, position) in read.into_iter().zip(shape.positions(4, 3)) {
        assert_eq!(Facts::of(got).values(), Facts::of(position).values());
    }
}
