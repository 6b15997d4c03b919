//! DOT input (`--format dot`, `grammars/dot.md`): what `hackenbush dot` draws reads back
//! as the same position.
//!
//! For every file in `examples/` and `tests/fixtures/valid/` (each format by its
//! extension), every position is drawn with
//! `hackenbush::report::picture` as written (not `--reduced`: the reduction is another
//! position), with and without its winning moves, parsed back with
//! `hackenbush::syntax::dot::parse` and analysed again. Graph by graph, the name, the
//! value, the number of edges, of ignored edges and of ground vertices must be the same,
//! and so must every edge's colour and the winning moves, edge numbers included. A
//! position with blue and red edges makes the same trip.
//!
//! And DOT is read as Graphviz reads it: where Graphviz is installed (`dot` on the PATH,
//! as in CI), every form of port on both ends of an edge is compared with what
//! `dot -Tcanon` reads, and thousands of generated files with what Graphviz's `gvpr`
//! reports of them (which files parse, their edges and the edges' colours, their ground
//! nodes): files of random tokens, and files built of subgraphs opened again, defaults,
//! subgraph operands, `strict` and `key` (`graphviz::generate`). A disagreement fails the
//! test; without Graphviz, only our side of the port matrix is checked.

use crate::common;
#[path = "../fuzz/fuzz_targets/graphviz.rs"]
mod graphviz;

use std::path::Path;

use hackenbush::analysis::Analysis;
use hackenbush::analysis::position::{WinningMove, winning_moves};
use hackenbush::model::Graph;
use hackenbush::petgraph::graph::EdgeIndex;
use hackenbush::report::picture::{self, Options};
use hackenbush::source::Source;
use hackenbush::syntax::{self, Colour, Format};

/// A position's title and its analysed graphs.
type Titled = (String, Vec<(Graph, Analysis)>);

/// The positions of a bundled input, named by its path from the crate's root.
fn positions(path: &Path) -> Vec<Titled> {
    let format = Format::from_path(path).expect("bundled inputs have a known extension");
    let name = common::relative_name(path);
    let source = Source::new(name.clone(), std::fs::read(path).unwrap()).unwrap();
    let mut found = Vec::new();
    for position in syntax::parse(format, &source) {
        match position {
            Ok(position) => {
                let title = source.label(position.case);
                found.push((title, hackenbush::analyze_position(position)));
            }
            Err(d) => panic!("{}", d.render(&source, false)),
        }
    }
    found
}

/// The winning moves of a position, per graph, as `picture::position` takes them.
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
    colours: Vec<Colour>,
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
            colours: g.decl.edges.iter().map(|e| e.colour).collect(),
        })
        .collect()
}

/// Draws a position, reads the picture back and analyses it.
fn round_trip(
    title: &str,
    graphs: &[(Graph, Analysis)],
    winning: &[Vec<EdgeIndex>],
) -> (String, Vec<(Graph, Analysis)>) {
    let text = picture::position(title, graphs, winning, &Options::default());
    let has_ground = graphs.iter().any(|(g, _)| !g.decl.ground.is_empty());
    assert!(
        !has_ground || text.contains("ground=true"),
        "{title}: `hackenbush dot` does not mark its ground nodes `ground=true` \
         (src/report/dot.rs, ground_node_attrs), so they cannot be read back"
    );
    let back = hackenbush::syntax::dot::parse(text.as_bytes()).unwrap_or_else(|d| {
        let source = Source::from_text("picture.dot", &text).unwrap();
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
            let moves: Vec<WinningMove> = winning_moves(graphs);
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
fn coloured_edges_read_back_in_their_colours() {
    let hb = "\
graph: blue stalk, red triangle
ground: g
blue: g-a a-b
red: b-c-d-b

graph: all three on a cycle, loops, a part in the air
ground: g
g-a
blue: a-b b-a g-g
red: a-a x-y
green: y-z
";
    let graphs = common::analyzed("coloured.hb", Format::Hb, hb);
    let winning = moves_per_graph(&graphs);
    for moves in [Vec::new(), winning] {
        let (text, again) = round_trip("coloured.hb", &graphs, &moves);
        assert_eq!(summary(&again), summary(&graphs), "{text}");
        // No move is marked in a coloured position: no edge is drawn thick.
        assert!(!text.contains("penwidth=4"), "{text}");
    }
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
            let text = picture::position(
                title,
                graphs,
                &[],
                &Options {
                    reduced: true,
                    ..Options::default()
                },
            );
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
    let graphs = common::analyzed("names.json", Format::Json, json);
    let (text, again) = round_trip("names.json", &graphs, &moves_per_graph(&graphs));
    assert_eq!(summary(&again), summary(&graphs), "{text}");
}

/// Named after the report: a graph named `x = *2` came back from DOT as `x` (the title of
/// a graph with blue or red edges, `x = *2\nvalue 1`, read as a green one's), one with a
/// line break as its first line, a tab as `\t`, and an empty name as none (`graph 3`).
/// Every name, in a green graph and in a coloured one, converts to DOT and back exactly;
/// an unnamed graph comes back named as the reports call it (`graph 35`).
#[test]
fn every_name_survives_convert_to_dot_and_back() {
    let names = [
        "x = *2",
        "=",
        "*",
        " = *3",
        "a = *1\n(note)",
        "two\nlines",
        "ends in a line break\n",
        "tab\there",
        "say \"hi\"",
        "back\\slash\\",
        "\\n is no line break",
        "&amp; <b>x</b>",
        "",
        "  blanks  ",
        "été 字 ✓",
        "\u{1}\r\u{202e}bidi",
        "graph 3",
    ];
    let mut graphs: Vec<serde_json::Value> = Vec::new();
    for name in names.iter().map(|&n| Some(n)).chain([None]) {
        for colour in ["green", "blue"] {
            let mut graph = serde_json::json!({"ground": ["g"], "edges": [["g", "a", colour]]});
            if let Some(name) = name {
                graph["name"] = name.into();
            }
            graphs.push(graph);
        }
    }
    let json = serde_json::json!({ "graphs": graphs }).to_string();
    let source = Source::from_text("names.json", &json).unwrap();
    let position = syntax::parse(Format::Json, &source)
        .next()
        .unwrap()
        .unwrap();
    let mut text = Vec::new();
    hackenbush::convert::write(&mut text, Format::Dot, &position, "names.json").unwrap();
    let back = hackenbush::syntax::dot::parse(&text).unwrap_or_else(|d| panic!("{}", d.message));
    let text = String::from_utf8(text).unwrap();
    let want: Vec<Option<String>> = (position.graphs.iter().enumerate())
        .map(|(i, g)| Some(g.display_name(i)))
        .collect();
    assert_eq!(want[0].as_deref(), Some("x = *2"));
    assert_eq!(want[names.len() * 2].as_deref(), Some("graph 35"));
    let got: Vec<Option<String>> = back.graphs.into_iter().map(|g| g.name).collect();
    assert_eq!(got, want, "{text}");
    assert!(back.warnings.is_empty(), "{text}");
}

/// Whether Graphviz is installed.
fn graphviz() -> bool {
    let found = std::process::Command::new("dot")
        .arg("-V")
        .output()
        .is_ok_and(|o| o.status.success());
    if !found {
        eprintln!("Graphviz `dot` is not on the PATH: not compared with Graphviz");
    }
    found
}

/// Every form a port takes, at either end of an edge: `a`, `a:p`, `a:"p q"`, `a:c` and
/// `a:p:c` for each compass point `c`, and the same with blanks around the colons.
fn port_forms() -> Vec<String> {
    let compass = ["n", "ne", "e", "se", "s", "sw", "w", "nw", "c", "_"];
    let mut forms = vec![String::new(), ":p".into(), ":\"p q\"".into(), ":<p>".into()];
    for c in compass {
        forms.extend([
            format!(":{c}"),
            format!(":p:{c}"),
            format!(" : p : {c}"),
            format!(":\"p\":\"{c}\""),
        ]);
    }
    forms
}

#[test]
fn ports_are_read_as_graphviz_reads_them() {
    // One edge per pair of forms, between nodes named after the pair, and chains through
    // nodes named like compass points.
    let forms = port_forms();
    let mut text = String::from("graph ports {\n");
    let mut want = Vec::new();
    for (i, tail) in forms.iter().enumerate() {
        for (j, head) in forms.iter().enumerate() {
            text.push_str(&format!("  t{i}_{j}{tail} -- h{i}_{j}{head}\n"));
            want.push((format!("h{i}_{j}"), format!("t{i}_{j}")));
        }
        text.push_str(&format!("  sw{tail} -- n{tail} -- c{i}:n:sw\n"));
        want.push(("n".to_string(), "sw".to_string()));
        want.push((format!("c{i}"), "n".to_string()));
    }
    text.push_str("}\n");
    want.sort();
    let ours =
        hackenbush::syntax::dot::parse(text.as_bytes()).unwrap_or_else(|d| panic!("{}", d.message));
    assert_eq!(graphviz::edge_pairs(&ours), want, "our reading");
    if !graphviz() {
        return;
    }
    let canon = std::process::Command::new("dot")
        .arg("-Tcanon")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .and_then(|mut child| {
            use std::io::Write;
            child.stdin.take().unwrap().write_all(text.as_bytes())?;
            child.wait_with_output()
        })
        .expect("dot runs");
    assert!(canon.status.success(), "dot -Tcanon refused:\n{text}");
    // `dot -Tcanon` writes one edge a line, `tail:port -- head:port;`, names unquoted here.
    let name = |side: &str| -> String {
        side.trim()
            .split([':', ';', ' ', '\t', '['])
            .next()
            .unwrap()
            .to_string()
    };
    let mut theirs: Vec<(String, String)> = String::from_utf8(canon.stdout)
        .unwrap()
        .lines()
        .filter_map(|line| line.split_once(" -- "))
        .map(|(a, b)| {
            let (a, b) = (name(a), name(b));
            if a <= b { (a, b) } else { (b, a) }
        })
        .collect();
    theirs.sort();
    assert_eq!(theirs, want, "Graphviz's reading (dot -Tcanon)");
}

/// Files of random statements built from tricky pieces: whatever Graphviz parses, we must
/// parse (unless a rule of `grammars/dot.md` refuses it, with a message that is no syntax
/// error), with the same visible edges and ground nodes; and what it refuses, we refuse.
#[test]
fn generated_files_are_read_as_graphviz_reads_them() {
    if !graphviz() {
        return;
    }
    let pieces = [
        "graph",
        "Graph",
        "subgraph",
        "SubGraph",
        "node",
        "NODE",
        "edge",
        "{",
        "}",
        "{",
        "}",
        "[",
        "]",
        "=",
        ";",
        ",",
        ":",
        "--",
        "--",
        "->",
        "a",
        "b1",
        "été",
        "字",
        "\"q\\\"x\"",
        "<<b>x</b>>",
        "<a<b>c>",
        "-1.5",
        ".5",
        "0",
        "07",
        "1a",
        "n",
        "ne",
        "sw",
        "_",
        " ",
        "\n",
        "#c\n",
        "/*c*/",
        "//c\n",
        "\"é\"",
        "ground",
        "ground",
        "cluster_x",
        "Cluster_y",
        "subgraphcluster_y",
        "label",
        "\"l = *3\"",
        "true",
        "style",
        "invis",
        "\"dashed,invis\"",
        "key",
        "strict",
        "\r\n",
        "\"a\\\nb\"",
        "x:n:ne",
        "a:p:sw",
        "\"\"",
        "\"x\" + \"y\"",
        "+",
        "cluster",
        "a -- b",
        "[ground=true]",
        "[key=1]",
        "[style=invis]",
        "{a b}",
        "g:s -- h:n",
    ];
    let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut next = |n: usize| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % n as u64) as usize
    };
    let mut texts = Vec::new();
    for i in 0..6_000 {
        let mut text = String::from(match i % 4 {
            0 => "digraph G { ",
            1 => "strict graph { ",
            _ => "graph { ",
        });
        for _ in 0..1 + next(16) {
            text.push_str(pieces[next(pieces.len())]);
            if next(2) == 0 {
                text.push(' ');
            }
        }
        text.push_str(" }");
        texts.push(text);
    }
    let compared = compare_with_graphviz("tokens", &texts);
    assert!(
        compared >= 500,
        "only {compared} generated files read by both"
    );
}

/// Files built to test what a file of random tokens seldom builds: subgraphs opened again
/// (with the defaults they set, as clusters, as operands of one edge statement), nested
/// subgraphs, `strict` graphs and keyed edges (`graphviz::generate`).
#[test]
fn files_of_subgraphs_opened_again_are_read_as_graphviz_reads_them() {
    if !graphviz() {
        return;
    }
    let mut seed: u64 = 0x2545_f491_4f6c_dd1d;
    let mut choose = |n: usize| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % n as u64) as usize
    };
    let texts: Vec<String> = (0..3_000)
        .map(|_| graphviz::generate(&mut choose))
        .collect();
    let compared = compare_with_graphviz("subgraphs", &texts);
    assert!(
        compared >= 1_000,
        "only {compared} generated files read by both"
    );
}

/// Compares our reading of each of `texts` with Graphviz's, files written to a folder of
/// their own (`kind`) and read by one `gvpr` per thousand: fails on any disagreement, and
/// returns how many files both read.
fn compare_with_graphviz(kind: &str, texts: &[String]) -> usize {
    let dir =
        std::env::temp_dir().join(format!("hackenbush-dot-gvpr-{kind}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut files = Vec::new();
    for (i, text) in texts.iter().enumerate() {
        let path = dir.join(format!("{i}.gv"));
        std::fs::write(&path, text).unwrap();
        files.push(path);
    }
    let mut theirs = std::collections::HashMap::new();
    for chunk in files.chunks(1000) {
        theirs.extend(graphviz::read_files(chunk));
    }
    std::fs::remove_dir_all(&dir).unwrap();
    let mut compared = 0;
    let mut disagreements = Vec::new();
    for (path, text) in files.iter().zip(texts) {
        let ours = hackenbush::syntax::dot::parse(text.as_bytes());
        match graphviz::compare(text.as_bytes(), &ours, theirs.get(path.to_str().unwrap())) {
            Ok(both) => compared += usize::from(both),
            Err(disagreement) => disagreements.push(disagreement),
        }
    }
    eprintln!(
        "{kind}: {compared} of {} generated files read by both",
        texts.len()
    );
    assert!(
        disagreements.is_empty(),
        "{kind}: {} disagreements:\n{}",
        disagreements.len(),
        disagreements.join("\n")
    );
    compared
}

/// Found by fuzzing against Graphviz: after its first graph, Graphviz reads on quietly
/// past an unterminated comment, where we refuse the file; such a file is compared up to
/// the end of its graph, and so is one with a second graph or a stray `}`. When that
/// graph is no position (an edge outside every cluster), there is nothing to compare, and
/// nor are edges in a file with a `cluster_legend`.
#[test]
fn what_follows_the_graph_is_compared_up_to_it() {
    if !graphviz() {
        return;
    }
    for (text, compared) in [
        (
            "strict graph t {\n  floor [ground=yes]\n  flag -- floor\n}\n/* open",
            true,
        ),
        ("graph { ground -- a } graph { ground -- b }", true),
        ("graph { ground -- a -- b } }", true),
        (
            "graph { subgraph cluster_a { ground -- a } y -- y } subgraph x -- c",
            false,
        ),
        // Found next: the edges of the legend cluster are not compared.
        (
            "graph { subgraph cluster_legend { a -- b } subgraph cluster_1 { c -- d } } }",
            false,
        ),
    ] {
        let ours = hackenbush::syntax::dot::parse(text.as_bytes());
        assert!(ours.is_err(), "{text}");
        let theirs = graphviz::read_one(text.as_bytes()).expect("gvpr runs");
        assert!(
            theirs.is_some(),
            "Graphviz reads the first graph of {text:?}"
        );
        let result = graphviz::compare(text.as_bytes(), &ours, theirs.as_ref());
        assert_eq!(result, Ok(compared), "{text}");
    }
}
