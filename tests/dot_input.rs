//! DOT input (`--format dot`, `grammars/dot.md`): what `hackenbush dot` draws reads back
//! as the same position.
//!
//! For every file in `examples/` and `tests/fixtures/valid/` (each format by its
//! extension), every position is drawn with
//! `hackenbush::report::dot` as written (not `--reduced`: the reduction is another
//! position), with and without its winning moves, parsed back with
//! `hackenbush::syntax::dot::parse` and analysed again. Graph by graph, the name, the
//! value, the number of edges, of ignored edges and of ground vertices must be the same,
//! and so must the winning moves, edge numbers included.

mod common;

use std::path::Path;

use hackenbush::analysis::Analysis;
use hackenbush::analysis::position::{Move, winning_moves};
use hackenbush::model::Graph;
use hackenbush::report::dot::{self, Options};
use hackenbush::source::Source;
use hackenbush::syntax::{self, Format};
use petgraph::graph::EdgeIndex;

/// A position's title and its analysed graphs.
type Titled = (String, Vec<(Graph, Analysis)>);

/// The positions of a bundled input, named by its path from the crate's root.
fn positions(path: &Path) -> Vec<Titled> {
    let format = Format::from_path(path).expect("bundled inputs have a known extension");
    let name = path
        .strip_prefix(common::root())
        .expect("bundled inputs are in the crate")
        .to_str()
        .expect("UTF-8 path")
        .to_string();
    let source = Source::new(name.clone(), std::fs::read(path).unwrap()).unwrap();
    let mut found = Vec::new();
    for position in syntax::parse(format, &source) {
        match position {
            Ok(position) => {
                let title = match position.case {
                    Some(case) => format!("{name}#{case}"),
                    None => name.clone(),
                };
                found.push((title, hackenbush::analyze_position(position)));
            }
            Err(d) => panic!("{}", d.render(&source, false)),
        }
    }
    found
}

/// The winning moves of a position, per graph, as `dot::position` takes them.
fn moves_per_graph(graphs: &[(Graph, Analysis)]) -> Vec<Vec<EdgeIndex>> {
    let mut per_graph = vec![Vec::new(); graphs.len()];
    for m in winning_moves(graphs) {
        per_graph[m.graph].push(m.edge);
    }
    per_graph
}

/// What must survive the trip, graph by graph.
#[derive(Debug, PartialEq, Eq)]
struct Summary {
    name: String,
    value: u64,
    edges: usize,
    ignored: usize,
    ground: usize,
}

fn summary(graphs: &[(Graph, Analysis)]) -> Vec<Summary> {
    graphs
        .iter()
        .map(|(g, a)| Summary {
            name: g.name.clone(),
            value: a.value,
            edges: g.decl.edges.len(),
            ignored: a.ignored_edges,
            ground: g.decl.ground.len(),
        })
        .collect()
}

/// Draws a position, reads the picture back and analyses it.
fn round_trip(
    title: &str,
    graphs: &[(Graph, Analysis)],
    winning: &[Vec<EdgeIndex>],
) -> (String, Vec<(Graph, Analysis)>) {
    let text = dot::to_text(&dot::position(title, graphs, winning, &Options::default()));
    let has_ground = graphs.iter().any(|(g, _)| !g.decl.ground.is_empty());
    assert!(
        !has_ground || text.contains("ground=true"),
        "{title}: `hackenbush dot` does not mark its ground nodes `ground=true` \
         (src/report/dot.rs, ground_node_attrs), so they cannot be read back"
    );
    let back = hackenbush::syntax::dot::parse(text.as_bytes()).unwrap_or_else(|d| {
        let source = Source::from_str("picture.dot", &text);
        panic!(
            "{title}: the picture does not read back:\n{}\n--- picture:\n{text}",
            d.render(&source, false)
        )
    });
    (text, hackenbush::analyze_position(back))
}

#[test]
fn every_example_round_trips_through_its_picture() {
    let mut checked = 0;
    for path in common::bundled_inputs() {
        for (title, graphs) in &positions(&path) {
            let moves: Vec<Move> = winning_moves(graphs);
            for winning in [Vec::new(), moves_per_graph(graphs)] {
                let (text, again) = round_trip(title, graphs, &winning);
                assert_eq!(summary(&again), summary(graphs), "{title}\n{text}");
                assert_eq!(winning_moves(&again), moves, "{title}\n{text}");
                checked += 1;
            }
        }
    }
    assert!(checked >= 40, "only {checked} pictures checked");
}

#[test]
fn every_edge_keeps_its_ends_and_its_line() {
    // Beyond counts: edge j of the picture joins the pictures of the ends of input edge j,
    // ground vertices stay ground vertices, and each edge's span is its own line.
    for path in common::bundled_inputs() {
        for (title, graphs) in &positions(&path) {
            let (text, again) = round_trip(title, graphs, &[]);
            for (k, ((g, _), (h, _))) in graphs.iter().zip(&again).enumerate() {
                let node = |v: u32| format!("n{}_{v}", k + 1);
                let ground: Vec<String> = g.decl.ground.iter().map(|&v| node(v)).collect();
                let back: Vec<String> = h
                    .decl
                    .ground
                    .iter()
                    .map(|&v| h.decl.vertices.name(v).to_string())
                    .collect();
                assert_eq!(back, ground, "{title}, graph {}", k + 1);
                for (j, (e, f)) in g.decl.edges.iter().zip(&h.decl.edges).enumerate() {
                    let want = [node(e.u), node(e.v)];
                    let mut want_sorted = want.clone();
                    want_sorted.sort();
                    let mut got = [
                        h.decl.vertices.name(f.u).to_string(),
                        h.decl.vertices.name(f.v).to_string(),
                    ];
                    got.sort();
                    assert_eq!(got, want_sorted, "{title}, graph {}, edge {}", k + 1, j + 1);
                    let written = &text[f.span.range()];
                    assert!(
                        !written.contains('\n')
                            && written.contains(&want[0])
                            && written.contains(&want[1]),
                        "{title}, graph {}, edge {}: span {written:?}",
                        k + 1,
                        j + 1
                    );
                }
            }
        }
    }
}

#[test]
fn reduced_pictures_parse_but_are_another_position() {
    // `hackenbush dot --reduced` draws the Colon Principle tree: valid DOT, read without
    // error, but not the position drawn (a block is one vertex, its edges one twig).
    for path in common::bundled_inputs() {
        for (title, graphs) in &positions(&path) {
            let text = dot::to_text(&dot::position(
                title,
                graphs,
                &[],
                &Options { reduced: true },
            ));
            let back = hackenbush::syntax::dot::parse(text.as_bytes())
                .unwrap_or_else(|d| panic!("{title} (reduced): {}", d.message));
            assert_eq!(back.graphs.len(), graphs.len(), "{title}");
        }
    }
}

#[test]
fn drawn_example_reads_as_documented() {
    let positions = positions(&common::root().join("examples/drawn.dot"));
    assert_eq!(positions[0].0, "examples/drawn.dot");
    assert_eq!(positions.len(), 1);
    let graphs = &positions[0].1;
    let values: Vec<u64> = graphs.iter().map(|(_, a)| a.value).collect();
    let names: Vec<&str> = graphs.iter().map(|(g, _)| g.name.as_str()).collect();
    assert_eq!(names, ["flower", "two feet"]);
    assert_eq!(values, [3, 2]);
    // Two ground vertices in the second graph, a loop and parallel edges in the first.
    assert_eq!(graphs[1].0.decl.ground.len(), 2);
    let first = &graphs[0].0.decl;
    assert!(first.edges.iter().any(|e| e.u == e.v));
    let mut pairs: Vec<(u32, u32)> = first
        .edges
        .iter()
        .map(|e| (e.u.min(e.v), e.u.max(e.v)))
        .collect();
    let all = pairs.len();
    pairs.sort();
    pairs.dedup();
    assert!(pairs.len() < all, "parallel edges");
}

#[test]
fn names_survive_the_trip() {
    // Quotes, backslashes, `&`, `<>`, line breaks, non-ASCII and ` = *n` inside a name.
    let json = r#"{"graphs": [
        {"name": "say \"hi\" \\ & <b>", "ground": ["g"], "edges": [["g", "a"]]},
        {"name": "two\nlines = *7", "ground": ["g"], "edges": [["g", "g"]]},
        {"name": "ünï ✓", "edges": [["a", "b"]]},
        {"edges": []}
    ]}"#;
    let source = Source::from_str("names.json", json);
    let position = syntax::parse(Format::Json, &source)
        .next()
        .unwrap()
        .unwrap();
    let graphs = hackenbush::analyze_position(position);
    let (text, again) = round_trip("names.json", &graphs, &moves_per_graph(&graphs));
    assert_eq!(summary(&again), summary(&graphs), "{text}");
}
