//! Pictures (`hackenbush::report::picture`): every example draws to DOT text that
//! graphviz-rust parses back and Graphviz renders without a word on stderr, every example
//! has its golden DOT case in `tests/golden/dot/`, and the gallery in `docs/gallery/` has
//! a picture of every example.
//!
//! Golden cases (trycmd, run by `tests/cli.rs`): `<example file>.toml` runs `hackenbush
//! dot examples/<example file>` and `<example file>.reduced.toml` the same with
//! `--reduced`; the expected DOT text is in `<example file>[.reduced].stdout`, one DOT graph
//! per position in input order (a christmas file with several test cases holds several
//! graphs). Rewrite them with `scripts/gallery.sh`, which also adds the cases of a new
//! example and redraws the gallery (not with `TRYCMD=overwrite`, which writes the `\n` of
//! the labels as `/n`: the comparison passes, the gallery's pictures would not).
//!
//! Gallery: `docs/gallery/<example file>.svg` and `.reduced.svg` for a file with one
//! position; `<example file>-<case>.svg` and `-<case>.reduced.svg` for a file with several.
//!
//! Graphviz must be installed (`dot` on the PATH): the tests fail, rather than skip,
//! without it.

use crate::common;

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

use graphviz_rust::printer::{DotPrinter, PrinterContext};
use hackenbush::analysis::Analysis;
use hackenbush::model::Graph;
use hackenbush::petgraph::graph::EdgeIndex;
use hackenbush::report::picture::{self, Options};
use hackenbush::source::Source;
use hackenbush::syntax::{self, Format};

use common::root;

const INSTALL_GRAPHVIZ: &str = "Graphviz `dot` is needed by these tests: install Graphviz \
(apt-get install graphviz, brew install graphviz, or https://graphviz.org/download/)";

/// One example file: its name and its positions (title, analyzed graphs).
struct Example {
    file: String,
    positions: Vec<(String, Vec<(Graph, Analysis)>)>,
}

fn read_example(path: &Path) -> Option<Example> {
    let format = Format::from_path(path)?;
    let file = path.file_name()?.to_str()?.to_string();
    let name = format!("examples/{file}");
    let source = Source::new(name.clone(), std::fs::read(path).expect("readable example"))
        .expect("small example");
    let positions = syntax::parse(format, &source)
        .map(|position| {
            let position = position.unwrap_or_else(|d| panic!("{name}: {}", d.message));
            let title = source.label(position.case);
            (title, hackenbush::analyze_position(position))
        })
        .collect();
    Some(Example { file, positions })
}

/// Every example in `examples/` with a known format, by file name.
fn examples() -> Vec<Example> {
    let paths = common::inputs_in(&root().join("examples"));
    let examples: Vec<Example> = paths.iter().filter_map(|p| read_example(p)).collect();
    assert!(examples.len() >= 5, "examples/ lost its examples");
    examples
}

const VARIANTS: [(&str, Options); 2] = [("", gallery(false)), (".reduced", gallery(true))];

/// The options of the pictures of the gallery: everything drawn, `reduced` or not.
const fn gallery(reduced: bool) -> Options {
    Options {
        reduced,
        no_values: false,
        no_numbers: false,
        no_legend: false,
        title: None,
    }
}

/// The DOT text of every position of `example`, in order.
fn pictures(example: &Example, options: &Options, winning: bool) -> Vec<String> {
    example
        .positions
        .iter()
        .map(|(title, graphs)| {
            // Any edges will do to exercise the style: the first edge of every graph.
            let moves: Vec<Vec<EdgeIndex>> = if winning {
                graphs
                    .iter()
                    .map(|(g, _)| g.net.edge_indices().take(1).collect())
                    .collect()
            } else {
                Vec::new()
            };
            picture::position(title, graphs, &moves, options)
        })
        .collect()
}

/// Runs `dot -T<format>` on `text`: its stdout, or a panic with its stderr.
fn run_dot(text: &str, format: &str, what: &str) -> Vec<u8> {
    let mut child = match Command::new("dot")
        .arg(format!("-T{format}"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
    {
        Ok(child) => child,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => panic!("{INSTALL_GRAPHVIZ}"),
        Err(e) => panic!("cannot run dot: {e}"),
    };
    child
        .stdin
        .take()
        .unwrap()
        .write_all(text.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success() && stderr.is_empty(),
        "dot -T{format} on {what}: {}\n{stderr}\n--- input:\n{text}",
        out.status
    );
    out.stdout
}

#[test]
fn every_example_parses_back_and_renders_without_warnings() {
    for example in examples() {
        for (suffix, options) in &VARIANTS {
            for winning in [false, true] {
                for (k, text) in pictures(&example, options, winning).iter().enumerate() {
                    let what = format!("{}{suffix} #{} (winning {winning})", example.file, k + 1);
                    assert!(text.ends_with("}\n"), "{what}: no final newline");
                    if let Err(e) = graphviz_rust::parse(text) {
                        panic!("{what}: graphviz-rust cannot parse it back: {e}\n{text}");
                    }
                    let svg = run_dot(text, "svg", &what);
                    assert!(String::from_utf8_lossy(&svg).contains("<svg"), "{what}");
                }
                // All positions of the file in one input, as `hackenbush dot` prints them.
                let all = pictures(&example, options, winning).concat();
                run_dot(
                    &all,
                    "svg",
                    &format!("{}{suffix}, all positions", example.file),
                );
            }
        }
    }
}

#[test]
fn every_example_has_its_golden_dot_cases() {
    let dir = root().join("tests/golden/dot");
    let mut cases = Vec::new();
    let mut failures = Vec::new();
    for example in examples() {
        for (suffix, _) in &VARIANTS {
            let flag = if suffix.is_empty() {
                ""
            } else {
                "\"--reduced\", "
            };
            let args = format!("args = [\"dot\", {flag}\"examples/{}\"]", example.file);
            let case = format!("{}{suffix}.toml", example.file);
            match std::fs::read_to_string(dir.join(&case)) {
                Ok(text) if text.contains(&args) => {}
                Ok(text) => failures.push(format!("{case} does not say `{args}`:\n{text}")),
                Err(e) => failures.push(format!("{case}: {e}")),
            }
            let stdout = format!("{}{suffix}.stdout", example.file);
            if !dir.join(&stdout).is_file() {
                failures.push(format!("{stdout} is missing"));
            }
            cases.push(case);
            cases.push(stdout);
        }
    }
    for entry in std::fs::read_dir(&dir).expect("tests/golden/dot exists") {
        let name = entry.unwrap().file_name().to_string_lossy().into_owned();
        if !cases.contains(&name) {
            failures.push(format!("{name} has no example"));
        }
    }
    assert!(
        failures.is_empty(),
        "golden DOT cases out of step with examples/ ({}); run scripts/gallery.sh",
        failures.join("; ")
    );
}

/// The gallery's SVG names of an example: `<file>.svg` for one position,
/// `<file>-<case>.svg` for several, each also `.reduced.svg`.
fn gallery_names(example: &Example) -> Vec<String> {
    let n = example.positions.len();
    let mut names = Vec::new();
    for k in 1..=n {
        for (suffix, _) in &VARIANTS {
            names.push(if n == 1 {
                format!("{}{suffix}.svg", example.file)
            } else {
                format!("{}-{k}{suffix}.svg", example.file)
            });
        }
    }
    names
}

#[test]
fn gallery_shows_every_example() {
    let gallery = std::fs::read_to_string(root().join("docs/gallery.md"))
        .expect("docs/gallery.md (run scripts/gallery.sh)");
    for example in examples() {
        for name in gallery_names(&example) {
            let path = root().join("docs/gallery").join(&name);
            let svg = std::fs::read_to_string(&path)
                .unwrap_or_else(|e| panic!("{}: {e} (run scripts/gallery.sh)", path.display()));
            assert!(svg.contains("<svg"), "{name} is not an SVG");
            assert!(
                gallery.contains(&format!("(gallery/{name})")),
                "docs/gallery.md does not show {name} (run scripts/gallery.sh)"
            );
        }
    }
}

#[test]
fn names_are_shown_literally() {
    // Quotes, backslashes (a trailing one too), an entity, markup, a line break, a control
    // character, Unicode, and a numbered vertex next to a named one that prints the same.
    let json = r#"{"graphs": [
        {"name": "q\"uo\\te &amp; <b>\n2nd line",
         "ground": ["g \"1\""],
         "edges": [["g \"1\"", "é ü 字"], ["é ü 字", "back\\slash\\"],
                   ["back\\slash\\", "x\u0007y"], ["x\u0007y", 7], [7, "7"], ["7", "é ü 字"]]}
    ]}"#;
    let graphs = common::analyzed("weird \"names\".json", Format::Json, json);
    for (suffix, options) in &VARIANTS {
        let text = picture::position("weird \"names\\\".json", &graphs, &[], options);
        let parsed = graphviz_rust::parse(&text)
            .unwrap_or_else(|e| panic!("{suffix}: cannot parse back: {e}\n{text}"));
        // The text, written a statement at a time, is what graphviz-rust prints for the
        // whole model: printed again, the model read back gives the same text.
        let printed = parsed.print(&mut PrinterContext::default()) + "\n";
        assert_eq!(printed, text, "{suffix}");
        let svg = String::from_utf8(run_dot(&text, "svg", "weird names")).unwrap();
        assert!(
            svg.contains("weird &quot;names\\&quot;.json"),
            "{suffix}: {svg}"
        );
        assert!(
            svg.contains("q&quot;uo\\te &amp;amp; &lt;b&gt;"),
            "{suffix}: {svg}"
        );
        assert!(svg.contains(">2nd line = *"), "{suffix}: {svg}");
        if options.reduced {
            continue;
        }
        for shown in ["g &quot;1&quot;", "é ü 字", "back\\slash\\", "x\\u{7}y"] {
            assert!(svg.contains(&format!(">{shown}<")), "{shown}: {svg}");
        }
        // Vertex 7 and vertex "7" are two vertices: two nodes labelled 7.
        assert_eq!(svg.matches(">7<").count(), 2, "{svg}");
    }
}

#[test]
fn odd_shapes_render_cleanly() {
    let hb = "\
graph: no ground
a-b b-c

graph: edgeless
ground: g

graph: ground to ground
ground: l, r, s
l-r l-r r-s l-m-r s-s

graph: loops only
ground: 0
0-0 0-0 0-0

graph: long stalk
ground: 0
0-1-2-3-4-5-6-7-8-9-10-11-12

graph: big block
ground: g
g-a-b-c-d-e-f-g a-d b-e c-f g-c
";
    let graphs = common::analyzed("odd.hb", Format::Hb, hb);
    let everything: Vec<Vec<EdgeIndex>> = graphs
        .iter()
        .map(|(g, _)| g.net.edge_indices().collect())
        .collect();
    let mut all = String::new();
    for (suffix, options) in &VARIANTS {
        for winning in [&[][..], &everything[..]] {
            let text = picture::position("odd.hb", &graphs, winning, options);
            graphviz_rust::parse(&text).unwrap_or_else(|e| panic!("{suffix}: {e}\n{text}"));
            run_dot(&text, "svg", &format!("odd shapes{suffix}"));
            all.push_str(&text);
        }
    }
    // Several graphs in one input, as `hackenbush dot` prints a christmas file: Graphviz
    // lays them out one after the other (2.43 crashed on the second after some layouts).
    run_dot(&all, "svg", "odd shapes, all at once");
}

#[test]
fn coloured_positions_render_cleanly() {
    // Blue, red and green edges: drawn in those colours (Graphviz's SVG scheme, where
    // green is #008000), as written even when reduced, without a word from Graphviz.
    let hb = "\
graph: blue stalk, red triangle
ground: g
blue: g-a a-b
red: b-c-d-b

graph: green stalk
ground: g
g-a-b
";
    let graphs = common::analyzed("coloured.hb", Format::Hb, hb);
    for (suffix, options) in &VARIANTS {
        let text = picture::position("coloured.hb", &graphs, &[], options);
        graphviz_rust::parse(&text).unwrap_or_else(|e| panic!("{suffix}: {e}\n{text}"));
        let svg = String::from_utf8(run_dot(&text, "svg", &format!("coloured{suffix}"))).unwrap();
        for colour in ["blue", "red", "green"] {
            assert!(
                svg.contains(&format!("stroke=\"{colour}\"")),
                "{colour}: {svg}"
            );
        }
    }
}

#[test]
fn render_makes_svg_png_and_pdf() {
    let graphs = common::analyzed("t.hb", Format::Hb, "ground: g\ng-a-b-g a-c\n");
    let picture = picture::position("t.hb", &graphs, &[], &Options::default());
    let render = |format| match picture::render(&picture, format) {
        Ok(bytes) => bytes,
        Err(e) if e.is_not_installed() => panic!("{INSTALL_GRAPHVIZ}: {e}"),
        Err(e) => panic!("{e}"),
    };
    assert!(String::from_utf8_lossy(&render(picture::RenderFormat::Svg)).contains("<svg"));
    assert!(render(picture::RenderFormat::Png).starts_with(b"\x89PNG"));
    assert!(render(picture::RenderFormat::Pdf).starts_with(b"%PDF"));
}

/// `dot --render` says why it draws nothing in words true of what it read (issue 33): an
/// input that failed is its one error, not also "the input has 0"; several files are
/// counted as files.
#[test]
fn render_refusals_tell_what_was_read() {
    let root = common::root();
    let failed = common::run(&root, &["dot", "--render", "svg", "no-such.hb"]);
    assert_eq!(failed.code, 2);
    assert_eq!(
        failed.stderr,
        "error: cannot read no-such.hb: no such file\n"
    );
    let malformed = common::run(
        &root,
        &[
            "dot",
            "--render",
            "svg",
            "tests/fixtures/invalid/vertex-out-of-range.in",
        ],
    );
    assert_eq!(malformed.code, 2);
    assert_eq!(
        malformed.stderr.matches("error:").count(),
        1,
        "{}",
        malformed.stderr
    );
    let two = [
        "dot",
        "--render",
        "svg",
        "examples/bowtie.hb",
        "examples/tour.hb",
    ];
    let two = common::run(&root, &two);
    assert_eq!(two.code, 2);
    assert_eq!(
        two.stderr,
        "error: --render draws one position, and the 2 inputs hold 2: render one input at a \
         time (with --case N for one position of an input of several)\n"
    );
    let args = [
        "dot",
        "--render",
        "svg",
        "--case",
        "1",
        "examples/shapes.in",
        "examples/poj-sample.in",
    ];
    let cased = common::run(&root, &args);
    assert_eq!(
        cased.stderr,
        "error: --render draws one position, and --case 1 picks 2, one in each input: render \
         one input at a time\n"
    );
    let several = common::run(&root, &["dot", "--render", "svg", "examples/shapes.in"]);
    assert_eq!(
        several.stderr,
        "error: --render draws one position, and examples/shapes.in holds 6: choose one with \
         --case N\n"
    );
}

/// `dot --no-values --no-numbers --no-legend --title TEXT` draws a quiz: the position,
/// every edge in its colour, and nothing of its values, numbers or legend, under the
/// title given; it still reads back as the same position and renders cleanly, plain or
/// reduced, whatever the title holds (issue 33).
#[test]
fn a_quiz_picture_shows_the_position_and_nothing_of_its_answer() {
    let root = common::root();
    let title = "Quiz \"1\": your move \\ <b>";
    for reduced in [&[][..], &["--reduced"]] {
        for file in ["examples/bowtie.hb", "examples/red-blue-tree.hb"] {
            let mut args = vec!["dot", "--no-values", "--no-numbers", "--no-legend"];
            args.extend(["--title", title, file]);
            args.extend(reduced);
            let quiz = common::run(&root, &args);
            assert_eq!(quiz.code, 0, "{args:?}: {}", quiz.stderr);
            let text = quiz.stdout;
            for answer in [
                "*",
                "wins",
                "value",
                "legend",
                "label=\" ",
                "xlabel",
                "fused:",
            ] {
                assert!(!text.contains(answer), "{args:?}: `{answer}` in\n{text}");
            }
            assert!(
                text.contains(r#"label="Quiz \"1\": your move \\ <b>""#),
                "{text}"
            );
            let back = hackenbush::syntax::dot::parse(text.as_bytes())
                .unwrap_or_else(|d| panic!("{args:?}: {}", d.message));
            if reduced.is_empty() {
                let full = common::run(&root, &["dot", file]).stdout;
                let full = hackenbush::syntax::dot::parse(full.as_bytes()).unwrap();
                // Each graph's name and edges: their ends and colours, in order.
                let edges = |p: &hackenbush::syntax::Position| -> Vec<_> {
                    let ends = |g: &hackenbush::syntax::GraphDecl| -> Vec<_> {
                        g.edges.iter().map(|e| (e.u, e.v, e.colour)).collect()
                    };
                    (p.graphs.iter())
                        .map(|g| (g.name.clone(), ends(g)))
                        .collect()
                };
                assert_eq!(edges(&back), edges(&full), "{args:?}");
            }
            run_dot(&text, "svg", &format!("{args:?}"));
        }
    }
}

/// The title over a picture is its file's name, not the path it was named by; a
/// position of a file of several adds its number (issue 33).
#[test]
fn the_default_title_is_the_file_name() {
    let root = common::root();
    let text = common::run(&root, &["dot", "--case", "2", "examples/shapes.in"]).stdout;
    assert!(
        text.starts_with("graph \"examples/shapes.in#2\" {"),
        "{text}"
    );
    assert!(text.contains("\n  label=\"shapes.in#2\\n"), "{text}");
}
