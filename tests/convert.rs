//! `hackenbush convert` keeps the game and every edge's number: edge `j` of a graph of the
//! output is edge `j` of that graph of the input.
//!
//! - Every position of `examples/` and `tests/fixtures/valid/` is converted in-process
//!   ([`hackenbush::convert`]) to every format; what is written is read back and analysed,
//!   then converted back to the input's format, read and analysed again. Both must say
//!   what the input says: per graph the value (green: the Grundy value, with the edge
//!   and ignored-edge counts, by `analyze_position`; coloured: the value and outcome of
//!   `analyze_source`'s report), and the winning moves by graph and edge number (green:
//!   value after; coloured: each player's winning cuts and the values they leave), and
//!   every edge must be the same edge: its colour, and ends that one mapping of the
//!   vertices matches. A refusal must be one the formats document, and no format refuses
//!   its own positions.
//! - CGSuite strings, whose order is the one rule that can refuse: a string can keep an
//!   order exactly when an exhaustive search of the ways to write it finds one (random
//!   multigraphs), any order read from a string is kept, and what is written reads back
//!   edge for edge, ends and colours.
//! - A handful of runs of the binary: several files and test cases, `-o FILE`, refusals,
//!   malformed input, `--renumber`, text from the input escaped on the terminal.

use crate::common;

use std::collections::HashMap;

use hackenbush::analysis::position::winning_moves;
use hackenbush::convert;
use hackenbush::report::PositionReport;
use hackenbush::source::{Source, Span};
use hackenbush::syntax::{self, Colour, EdgeDecl, Format, GraphDecl, GraphKind, Position};
use hackenbush::{Options, analyze_source};
use proptest::prelude::*;

/// What the analysis says of a position, edge numbers included.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Facts {
    /// Every edge green: per graph its Grundy value, edges and ignored edges; the winning
    /// moves as (graph, edge index, value after).
    Green {
        graphs: Vec<(u64, usize, usize)>,
        moves: Vec<(usize, usize, u64)>,
    },
    /// Blue or red edges: per graph its value and outcome; the position's; each player's
    /// winning cuts as (player, graph, edge number, value after); the cuts not valued.
    Coloured {
        graphs: Vec<(String, String)>,
        value: String,
        outcome: String,
        cuts: Vec<(char, usize, usize, String)>,
        unlisted: usize,
    },
}

impl Facts {
    /// The facts of `position`, whose report (for coloured positions) is `report`.
    fn of(position: &Position, report: &PositionReport) -> Facts {
        if position.graphs.iter().all(GraphDecl::is_green) {
            let graphs = hackenbush::analyze_position(position.clone());
            let moves = winning_moves(&graphs)
                .iter()
                .map(|m| (m.graph, m.edge.index(), m.value_after))
                .collect();
            let graphs = graphs
                .iter()
                .map(|(g, a)| (a.value, g.decl.edges.len(), a.ignored_edges))
                .collect();
            return Facts::Green { graphs, moves };
        }
        let moves = report.moves.as_ref().expect("coloured positions list cuts");
        let cuts = (moves.left.iter().map(|c| ('L', c)))
            .chain(moves.right.iter().map(|c| ('R', c)))
            .map(|(player, c)| (player, c.graph, c.edge, c.value_after.to_string()))
            .collect();
        Facts::Coloured {
            graphs: (report.graphs.iter())
                .map(|g| (g.value.to_string(), g.outcome.to_string()))
                .collect(),
            value: report.value.to_string(),
            outcome: report.outcome.to_string(),
            cuts,
            unlisted: moves.unlisted_edges,
        }
    }

    /// What cgsuite writes for a position of no graphs: `.`, one graph worth 0.
    fn lone_ground() -> Facts {
        Facts::Green {
            graphs: vec![(0, 0, 0)],
            moves: Vec::new(),
        }
    }
}

/// Every position of `text` in `format` (named `name`), with its facts; panics on an
/// error.
fn read(name: &str, format: Format, text: Vec<u8>) -> Vec<(Position, Facts)> {
    let source = Source::new(name.to_string(), text).unwrap();
    let shown = || String::from_utf8_lossy(source.bytes()).into_owned();
    let positions: Vec<Position> = syntax::parse(format, &source)
        .map(|p| p.unwrap_or_else(|d| panic!("{name}: {}\n{}", d.render(&source, false), shown())))
        .collect();
    let reports = analyze_source(&source, format, Options::with_moves())
        .unwrap_or_else(|e| panic!("{name}: {e}\n{}", shown()));
    assert_eq!(positions.len(), reports.len(), "{name}");
    (positions.into_iter().zip(&reports))
        .map(|(p, r)| {
            let facts = Facts::of(&p, r);
            (p, facts)
        })
        .collect()
}

/// Whether a refusal is one the formats document.
fn documented(format: Format, message: &str) -> bool {
    match format {
        Format::Hb => {
            message.starts_with("hb cannot write the vertex name")
                || message.starts_with("hb cannot write the graph name")
        }
        Format::Christmas => message.starts_with("christmas is green only"),
        Format::Json => message.contains("empty name"),
        Format::Cgsuite => message.starts_with("cgsuite cannot write edge"),
        _ => false,
    }
}

/// Converts `position` to `format`; `None` when refused (a documented refusal, which
/// the writer agrees with).
fn converted(what: &str, format: Format, position: &Position) -> Option<Vec<u8>> {
    let mut text = Vec::new();
    let written = convert::write(&mut text, format, position, "convert");
    if let Some(refusal) = convert::refusal(format, position) {
        assert!(
            documented(format, &refusal.message),
            "{what} to {format}: {}",
            refusal.message
        );
        let error = written.expect_err("the writer refuses what `refusal` finds");
        assert!(error.to_string().starts_with(&refusal.message), "{what}");
        return None;
    }
    written.unwrap_or_else(|e| panic!("{what} to {format}: {e}"));
    Some(text)
}

#[test]
fn every_bundled_position_converts_to_every_format_and_back() {
    let mut positions = 0;
    let mut conversions = 0;
    let mut refused: HashMap<Format, usize> = HashMap::new();
    for path in common::bundled_inputs() {
        let original = Format::from_path(&path).unwrap();
        let name = common::relative_name(&path);
        for (position, facts) in read(&name, original, std::fs::read(&path).unwrap()) {
            positions += 1;
            let what = hackenbush::source::label(&name, position.case);
            for format in Format::ALL {
                let Some(text) = converted(&what, format, &position) else {
                    assert_ne!(format, original, "{what}: refused in its own format");
                    *refused.entry(format).or_default() += 1;
                    continue;
                };
                let shown = String::from_utf8_lossy(&text).into_owned();
                let there = format!("{what} as {format}");
                let mut read_there = read(&there, format, text);
                assert_eq!(read_there.len(), 1, "{there}: one position\n{shown}");
                let (back, got) = read_there.pop().unwrap();
                let expected = match (format, position.graphs.is_empty()) {
                    (Format::Cgsuite, true) => Facts::lone_ground(),
                    _ => facts.clone(),
                };
                assert_eq!(got, expected, "{there}\n--- written:\n{shown}");
                for (i, (graph, written)) in position.graphs.iter().zip(&back.graphs).enumerate() {
                    if let Err(e) = same_edges(graph, written) {
                        panic!("{there}, graph {}: {e}\n--- written:\n{shown}", i + 1);
                    }
                }
                // And back to the format it came in.
                let again = converted(&there, original, &back)
                    .unwrap_or_else(|| panic!("{there}: refused back in {original}"));
                let home = format!("{there} as {original} again");
                let mut read_home = read(&home, original, again);
                assert_eq!(read_home.len(), 1, "{home}: one position");
                let (home_position, home_facts) = read_home.pop().unwrap();
                assert_eq!(home_facts, expected, "{home}");
                for (graph, written) in position.graphs.iter().zip(&home_position.graphs) {
                    same_edges(graph, written).unwrap_or_else(|e| panic!("{home}: {e}"));
                }
                conversions += 1;
            }
        }
    }
    assert!(positions >= 40, "only {positions} positions");
    assert!(
        conversions >= 4 * positions - 40,
        "only {conversions} conversions"
    );
    // The coloured positions, in christmas; shuffled or detached edges, in cgsuite.
    assert!(refused.get(&Format::Christmas) >= Some(&5), "{refused:?}");
    assert!(refused.get(&Format::Cgsuite) >= Some(&5), "{refused:?}");
}

// ---------------------------------------------------------------------------------------
// CGSuite strings and the edge order

/// A position of one graph on vertices `0..8`, its edges coloured in turn green, blue,
/// red.
fn one_graph(ground: Vec<u32>, edges: &[(u32, u32)]) -> Position {
    let colours = [Colour::Green, Colour::Blue, Colour::Red];
    let edges = (edges.iter().enumerate())
        .map(|(j, &(u, v))| EdgeDecl {
            colour: colours[j % 3],
            ..EdgeDecl::new(u, v, Span::default())
        })
        .collect();
    Position {
        case: None,
        span: Span::default(),
        graphs: vec![GraphDecl {
            name: None,
            span: Span::default(),
            kind: GraphKind::Graph,
            vertices: syntax::Vertices::Numbered(9),
            ground,
            edges,
        }],
        warnings: Vec::new(),
    }
}

/// The ends of `graph`'s edges with every ground vertex as `u32::MAX`.
fn fused(graph: &GraphDecl) -> Vec<(u32, u32)> {
    let node = |v: u32| {
        if graph.ground.contains(&v) {
            u32::MAX
        } else {
            v
        }
    };
    graph.edges.iter().map(|e| (node(e.u), node(e.v))).collect()
}

/// Whether some CGSuite string lists `graph`'s edges in their order, by trying every way:
/// each edge from any vertex of the walk so far that is one of its ends (the ground
/// vertices one vertex).
fn some_string_keeps(graph: &GraphDecl) -> bool {
    let ends = fused(graph);
    // Walks to extend: the next edge, the vertices from the ground up.
    let mut todo = vec![(0, vec![u32::MAX])];
    while let Some((k, walk)) = todo.pop() {
        let Some(&(a, b)) = ends.get(k) else {
            return true;
        };
        for (d, &v) in walk.iter().enumerate() {
            for (from, to) in [(a, b), (b, a)] {
                if v == from {
                    let mut next = walk[..=d].to_vec();
                    next.push(to);
                    todo.push((k + 1, next));
                }
            }
        }
    }
    false
}

/// Whether edge `j` of `written` is edge `j` of `original` for every `j`: the same
/// colour, and ends that one bijection of the vertices maps onto each other, the ground
/// vertices of each taken as one. An edge's ends may come either way round (a picture
/// draws each edge from its upper end).
fn same_edges(original: &GraphDecl, written: &GraphDecl) -> Result<(), String> {
    let (a, b) = (fused(original), fused(written));
    if a.len() != b.len() {
        return Err(format!("{} edges, then {}", a.len(), b.len()));
    }
    if let Some(j) =
        (original.edges.iter().zip(&written.edges)).position(|(e, f)| e.colour != f.colour)
    {
        return Err(format!("edge {} changes colour", j + 1));
    }
    let mut mapping = Mapping::default();
    mapping.pair(u32::MAX, u32::MAX);
    mapping.follow(&a, &b)?;
    // A part not attached to the ground has no vertex mapped yet: its first edge may map
    // either way round, and the rest follows (both ways fit only for a symmetric part).
    while let Some(j) = (0..a.len()).find(|&j| !mapping.to.contains_key(&a[j].0)) {
        let ((x, y), (c, d)) = (a[j], b[j]);
        let mut straight = mapping.clone();
        straight.pair(x, c);
        straight.pair(y, d);
        mapping = match straight.follow(&a, &b) {
            Ok(()) => straight,
            Err(_) => {
                mapping.pair(x, d);
                mapping.pair(y, c);
                mapping.follow(&a, &b)?;
                mapping
            }
        };
    }
    Ok(())
}

/// A bijection between some vertices of two graphs, grown edge by edge.
#[derive(Clone, Default)]
struct Mapping {
    to: HashMap<u32, u32>,
    from: HashMap<u32, u32>,
}

impl Mapping {
    fn pair(&mut self, x: u32, c: u32) {
        self.to.insert(x, c);
        self.from.insert(c, x);
    }

    /// Whether `x` may map to `c`.
    fn fits(&self, x: u32, c: u32) -> bool {
        self.to.get(&x).is_none_or(|&m| m == c) && self.from.get(&c).is_none_or(|&m| m == x)
    }

    /// Maps the ends of every edge `a[j]` that has a mapped end onto those of `b[j]`,
    /// until no more can be; an edge whose ends cannot match is the error.
    fn follow(&mut self, a: &[(u32, u32)], b: &[(u32, u32)]) -> Result<(), String> {
        let mut grew = true;
        while grew {
            grew = false;
            for (j, (&(x, y), &(c, d))) in a.iter().zip(b).enumerate() {
                if !self.to.contains_key(&x) && !self.to.contains_key(&y) {
                    continue;
                }
                let ends = if self.fits(x, c) && self.fits(y, d) && (x == y) == (c == d) {
                    [(x, c), (y, d)]
                } else if self.fits(x, d) && self.fits(y, c) && (x == y) == (c == d) {
                    [(x, d), (y, c)]
                } else {
                    return Err(format!("edge {} is {x}-{y}, then {c}-{d}", j + 1));
                };
                for (x, c) in ends {
                    grew |= !self.to.contains_key(&x);
                    self.pair(x, c);
                }
            }
        }
        Ok(())
    }
}

/// The oracle tells an edge moved from one moved and renamed with its ends turned.
#[test]
fn same_edges_tells_a_renumbering_from_a_renaming() {
    let graph = |ground: Vec<u32>, edges: &[(u32, u32)]| one_graph(ground, edges).graphs.remove(0);
    // A triangle on a stalk, and a detached path.
    let original = graph(vec![0], &[(0, 1), (1, 2), (2, 3), (3, 1), (5, 6), (6, 7)]);
    let renamed = graph(vec![4], &[(2, 4), (3, 2), (5, 3), (2, 5), (7, 8), (7, 6)]);
    assert_eq!(same_edges(&original, &renamed), Ok(()));
    let swapped = graph(vec![0], &[(0, 1), (2, 3), (1, 2), (3, 1), (5, 6), (6, 7)]);
    assert!(same_edges(&original, &swapped).is_err());
    let moved = graph(vec![0], &[(5, 6), (1, 2), (2, 3), (3, 1), (0, 1), (6, 7)]);
    assert!(same_edges(&original, &moved).is_err());
    // A path read from its other end is the same path.
    let turned = graph(vec![0], &[(0, 1), (1, 2), (2, 3), (3, 1), (6, 7), (5, 6)]);
    assert_eq!(same_edges(&original, &turned), Ok(()));
}

/// Writes `position` as a keeping string, reads it back and checks it edge for edge.
fn keeps_every_edge(position: &Position) -> Result<(), TestCaseError> {
    let mut text = Vec::new();
    convert::write(&mut text, Format::Cgsuite, position, "")
        .map_err(|e| TestCaseError::fail(e.to_string()))?;
    let shown = String::from_utf8_lossy(&text).into_owned();
    let source = Source::new("string.cgs", text).unwrap();
    let back = syntax::parse(Format::Cgsuite, &source).next().unwrap();
    let back = back.map_err(|d| TestCaseError::fail(format!("{shown}: {}", d.message)))?;
    same_edges(&position.graphs[0], &back.graphs[0])
        .map_err(|e| TestCaseError::fail(format!("{shown}: {e}")))
}

proptest! {
    #![proptest_config(common::proptest_config(2000))]

    /// The greedy choice finds a string whenever there is one, and what it writes reads
    /// back edge for edge.
    #[test]
    fn strings_keep_exactly_the_orders_a_string_can((ground, edges) in common::multigraph(9)) {
        let position = one_graph(ground, &edges);
        let keepable = some_string_keeps(&position.graphs[0]);
        let refusal = convert::refusal(Format::Cgsuite, &position);
        prop_assert_eq!(refusal.is_none(), keepable, "{:?}", refusal.map(|r| r.message));
        if keepable {
            keeps_every_edge(&position)?;
        }
    }

    /// Any order a string can list is kept: walks drawn at random, each edge from a
    /// random vertex of the walk so far to a new vertex or one met before (ground 0 and
    /// 1), either way round.
    #[test]
    fn every_order_a_string_lists_is_kept(steps in prop::collection::vec(
        (any::<u8>(), any::<u8>(), any::<bool>()), 0..16)
    ) {
        let mut walk = vec![0u32];
        let mut next = 2;
        let mut edges = Vec::new();
        for (down, to, flip) in steps {
            walk.truncate(usize::from(down) % walk.len() + 1);
            let from = *walk.last().unwrap();
            let to = if to % 3 == 0 || next == 9 { u32::from(to) % next } else { next += 1; next - 1 };
            edges.push(if flip { (to, from) } else { (from, to) });
            walk.push(to);
        }
        let position = one_graph(vec![0, 1], &edges);
        keeps_every_edge(&position)?;
    }
}

// ---------------------------------------------------------------------------------------
// The binary

/// Runs `hackenbush convert ARGS` in the crate's root.
fn convert(args: &[&str]) -> common::Run {
    let mut all = vec!["convert"];
    all.extend_from_slice(args);
    common::run(&common::root(), &all)
}

#[test]
fn several_files_of_test_cases_make_one_file_of_all_and_back() {
    let dir = tempfile::tempdir().unwrap();
    let cases = dir.path().join("cases.in");
    let (text, verdicts) = common::judge_data(11, 12, 3, 9);
    std::fs::write(&cases, &text).unwrap();
    let cases = cases.to_str().unwrap();
    // POJ data lists its edges shuffled: a string keeps that order only by chance.
    let strict = convert(&["--to", "cgsuite", cases]);
    assert_eq!(strict.code, 2, "{}", strict.stderr);
    assert!(
        strict.stderr.contains("or add --renumber"),
        "{}",
        strict.stderr
    );
    // Renumbered: the same games, the cases one per line, the sample's after them.
    let all = dir.path().join("all.cgs");
    let all = all.to_str().unwrap();
    let run = convert(&["--renumber", cases, "examples/poj-sample.in", "-o", all]);
    assert_eq!((run.code, run.stderr.as_str()), (0, ""));
    assert_eq!(std::fs::read_to_string(all).unwrap().lines().count(), 13);
    let back = convert(&["--to", "christmas", all]);
    assert_eq!((back.code, back.stderr.as_str()), (0, ""));
    let judged = common::run_fed(&["judge"], move |mut stdin| {
        std::io::Write::write_all(&mut stdin, back.stdout.as_bytes())
    });
    assert_eq!(judged.code, 0, "{}", judged.stderr);
    let expected = format!("{verdicts}Sally\n");
    assert_eq!(String::from_utf8(judged.stdout).unwrap(), expected);
}

#[test]
fn the_output_stops_at_the_first_error_and_every_error_is_reported() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.in");
    std::fs::write(&bad, "1\n3 2\n1 2\n2 x\n").unwrap();
    let bad = bad.to_str().unwrap();
    let sample = "examples/poj-sample.in";
    let run = convert(&[
        "--to",
        "cgsuite",
        sample,
        bad,
        "examples/values.cgs",
        sample,
    ]);
    assert_eq!(run.code, 2);
    // The sample before the error, nothing after it.
    assert_eq!(run.stdout, "e(e:{v1};ee:{v1})\n");
    assert!(run.stderr.contains("bad.in:4:3"), "{}", run.stderr);
    assert!(
        run.stderr
            .contains("8 converted positions after it were not written"),
        "{}",
        run.stderr
    );
    // -o FILE: everything or nothing; the file stays as it was.
    let out = dir.path().join("out.cgs");
    std::fs::write(&out, "before\n").unwrap();
    let run = convert(&["--to", "cgsuite", sample, bad, "-o", out.to_str().unwrap()]);
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("nothing written to"), "{}", run.stderr);
    assert_eq!(std::fs::read_to_string(&out).unwrap(), "before\n");
    let run = convert(&[
        "--to",
        "cgsuite",
        sample,
        sample,
        "-o",
        out.to_str().unwrap(),
    ]);
    assert_eq!((run.code, run.stderr.as_str()), (0, ""));
    let twice = "e(e:{v1};ee:{v1})\n".repeat(2);
    assert_eq!(std::fs::read_to_string(&out).unwrap(), twice);
}

#[test]
fn a_refused_position_is_shown_where_it_is_and_nothing_is_written() {
    // The coloured lines of values.cgs cannot be christmas test cases.
    let run = convert(&["--to", "christmas", "examples/values.cgs"]);
    assert_eq!(run.code, 2);
    assert_eq!(run.stdout, "");
    assert!(
        run.stderr.contains("--> examples/values.cgs:2:1"),
        "{}",
        run.stderr
    );
    assert!(
        run.stderr.contains("christmas is green only"),
        "{}",
        run.stderr
    );
    // An hb file holds one position.
    let run = convert(&["--to", "hb", "examples/shapes.in"]);
    assert_eq!((run.code, run.stdout.as_str()), (2, ""));
    assert!(
        run.stderr.contains("examples/shapes.in holds 6"),
        "{}",
        run.stderr
    );
    let run = convert(&["--to", "hb", "--case", "4", "examples/shapes.in"]);
    assert_eq!((run.code, run.stderr.as_str()), (0, ""));
}

#[test]
fn the_input_file_is_never_the_output() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("bowtie.hb");
    std::fs::copy(common::root().join("examples/bowtie.hb"), &input).unwrap();
    let before = std::fs::read(&input).unwrap();
    let path = input.to_str().unwrap();
    let run = convert(&[path, "-o", path]);
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("never writes over its inputs"),
        "{}",
        run.stderr
    );
    assert_eq!(std::fs::read(&input).unwrap(), before);
    // `-o -` is stdout, and --to is then needed.
    let run = convert(&["--to", "json", path, "-o", "-"]);
    assert_eq!(run.code, 0);
    assert!(run.stdout.starts_with("{\"graphs\": ["), "{}", run.stdout);
    let run = convert(&[path, "-o", "-"]);
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("convert needs --to FORMAT"),
        "{}",
        run.stderr
    );
}

#[test]
fn names_from_the_input_reach_the_terminal_escaped() {
    // A DOT node named by a string holding an escape sequence and a bell.
    let dir = tempfile::tempdir().unwrap();
    let dot = dir.path().join("names.dot");
    std::fs::write(&dot, "graph { ground -- \"\u{1b}[2J\u{7}\" }\n").unwrap();
    let run = convert(&["--to", "hb", dot.to_str().unwrap()]);
    assert_eq!(run.code, 2);
    assert!(!run.stderr.contains('\u{1b}') && !run.stderr.contains('\u{7}'));
    assert!(run.stderr.contains(r#"\u{1b}[2J"#), "{}", run.stderr);
}

/// The names a position's graphs are shown by.
fn shown_names(position: &Position) -> Vec<String> {
    let graphs = position.graphs.iter().enumerate();
    graphs.map(|(i, g)| g.display_name(i)).collect()
}

/// The one position of `text` read as `format`.
fn only_position(format: Format, text: Vec<u8>) -> Position {
    let source = Source::new(format!("converted.{}", format.name()), text).unwrap();
    let mut positions = syntax::parse(format, &source);
    positions.next().unwrap().unwrap()
}

/// An unnamed graph of christmas judge data is shown as `tree N`; written to hb or json
/// without a name it came back `graph N`. The name shown survives every chain of
/// conversions through the formats that name graphs, and a round trip of named trees
/// (`gen tree --graphs 2`, hb to json and back) keeps theirs.
#[test]
fn unnamed_trees_keep_the_name_shown_through_hb_and_json() {
    let christmas = b"2\n3 2\n1 2\n2 3\n2 1\n1 2\n".to_vec();
    let read = only_position(Format::Christmas, christmas);
    assert_eq!(shown_names(&read), ["tree 1", "tree 2"]);
    let written = |format, position: &Position| {
        let mut text = Vec::new();
        convert::write_game(&mut text, format, position, "t").unwrap();
        text
    };
    for chain in [
        &[Format::Hb][..],
        &[Format::Json],
        &[Format::Json, Format::Hb],
        &[Format::Hb, Format::Json, Format::Hb],
        &[Format::Dot, Format::Hb],
    ] {
        let mut position = read.clone();
        for &format in chain {
            position = only_position(format, written(format, &position));
            assert_eq!(shown_names(&position), ["tree 1", "tree 2"], "{chain:?}");
        }
    }
    // Unnamed graphs of the formats that name graphs stay unnamed: nothing is added.
    let hb = b"graph:\nground: g\ng-a\n".to_vec();
    let unnamed = only_position(Format::Hb, hb.clone());
    assert_eq!(written(Format::Hb, &unnamed), hb);
    // The round trip of issue's example, through the binary.
    let dir = tempfile::tempdir().unwrap();
    let run = |args: &[&str]| {
        let run = common::run(dir.path(), args);
        assert_eq!(run.code, 0, "{args:?}: {}", run.stderr);
        run.stdout
    };
    run(&["gen", "tree", "--graphs", "2", "--edges", "3", "-o", "a.hb"]);
    run(&["convert", "a.hb", "-o", "b.json"]);
    run(&["convert", "b.json", "-o", "c.hb"]);
    run(&[
        "gen",
        "tree",
        "--graphs",
        "2",
        "--edges",
        "3",
        "-f",
        "christmas",
        "-o",
        "a.in",
    ]);
    run(&["convert", "a.in", "-o", "d.hb"]);
    for file in ["a.hb", "c.hb", "a.in", "d.hb"] {
        let shown = run(&["analyze", file]);
        assert!(
            shown.contains("  tree 1  ") && shown.contains("  tree 2  "),
            "{file}: {shown}"
        );
    }
}
