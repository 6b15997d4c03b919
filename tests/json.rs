//! The JSON the binary writes reads back into the library's types (`hackenbush::report`),
//! which are its schema (docs/json.md): the same values as the library computes, and the
//! same bytes when written again.

use std::fs;

use hackenbush::report::json::{CaseLine, CheckSummary, ViolationReport};
use hackenbush::report::verify::{Verdict, VerifiedPosition, VerifySummary};
use hackenbush::report::{Report, Value};
use hackenbush::source::Source;
use hackenbush::syntax::Format;
use hackenbush::{Options, analyze_source};

use crate::common::{self, run};

/// Issue 33: `analyze --json --moves` of every example, read back as a [`Report`], is
/// what the library reports for the same text, and written again is the same document.
#[test]
fn analyze_json_reads_back_into_the_library_types() {
    let root = common::root();
    for path in common::inputs_in(&root.join("examples")) {
        let name = common::relative_name(&path);
        let printed = run(&root, &["analyze", "--json", "--moves", "--full", &name]);
        assert_eq!(printed.code, 0, "{name}: {}", printed.stderr);
        let report: Report = serde_json::from_str(&printed.stdout)
            .unwrap_or_else(|e| panic!("{name}: {e}\n{}", printed.stdout));
        assert_eq!(report.version, hackenbush::report::json::VERSION);
        assert!(report.errors.is_empty());

        let source = Source::new(name.clone(), fs::read(&path).unwrap()).unwrap();
        let format = Format::from_path(&path).unwrap();
        let expected = analyze_source(&source, format, Options::with_moves()).unwrap();
        assert_eq!(report.positions, expected, "{name}");

        let again = serde_json::to_string_pretty(&report).unwrap() + "\n";
        assert_eq!(again, printed.stdout, "{name}");
    }
}

/// Graphs and edges are numbered from 1, and a green position's moves have the shape of
/// a coloured one's: the same for Left and Right, values as strings.
#[test]
fn moves_have_one_shape_numbered_from_1() {
    let root = common::root();
    let printed = run(
        &root,
        &["analyze", "--json", "--moves", "examples/bowtie.hb"],
    );
    let report: Report = serde_json::from_str(&printed.stdout).unwrap();
    let moves = report.positions[0].moves.as_ref().unwrap();
    assert_eq!(moves.left, moves.right);
    let cut = &moves.left[0];
    // The stalk of three, the second graph: its second edge leaves *1.
    assert_eq!((cut.graph, cut.edge, cut.line), (2, 2, 11));
    assert_eq!(
        report.positions[0].graphs[cut.graph - 1].name,
        "stalk of three"
    );
    assert_eq!(
        (cut.value_after.clone(), cut.position_after.clone()),
        (Value::Nim(1), Value::Nim(0))
    );
    let json: serde_json::Value = serde_json::from_str(&printed.stdout).unwrap();
    let position = &json["positions"][0];
    assert!(position.get("winning_moves").is_none());
    assert_eq!(position["moves"]["left"][0]["value_after"], "*");
    assert_eq!(position["moves"]["right"][0]["colour"], "green");
}

/// The array or object `key` of the document `json`, read as the type asked for.
macro_rules! field {
    ($json:ident, $key:literal) => {
        serde_json::from_value($json[$key].take()).expect($key)
    };
}

/// `verify --json`, `check --json` and `judge --json` read back too.
#[test]
fn verify_check_and_judge_json_read_back() {
    let root = common::root();
    let verified = run(
        &root,
        &[
            "verify",
            "--json",
            "examples/bowtie.hb",
            "examples/red-blue-stalk.hb",
        ],
    );
    assert_eq!(verified.code, 0, "{}", verified.stderr);
    let mut verified: serde_json::Value = serde_json::from_str(&verified.stdout).unwrap();
    assert_eq!(verified["version"], 2);
    let positions: Vec<VerifiedPosition> = field!(verified, "positions");
    let summary: VerifySummary = field!(verified, "summary");
    assert_eq!(positions.len(), 2);
    assert!((positions.iter()).all(|p| p.graphs.iter().all(|g| g.verdict == Verdict::Agree)));
    assert_eq!((summary.graphs, summary.disagreements), (3, 0));

    let checked = run(
        &root,
        &["check", "--json", "tests/fixtures/check/self-loop.in"],
    );
    let mut checked: serde_json::Value = serde_json::from_str(&checked.stdout).unwrap();
    let violations: Vec<ViolationReport> = field!(checked, "violations");
    let summary: CheckSummary = field!(checked, "summary");
    assert_eq!(violations[0].kind, "self-loop");
    assert_eq!(violations[1].case, Some(2));
    assert_eq!((summary.violations, summary.by_kind.iter().sum()), (2, 2));

    let judged = run(&root, &["judge", "--json", "examples/shapes.in"]);
    let lines: Vec<CaseLine> = (judged.stdout.lines())
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    assert_eq!(lines.len(), 6);
    assert_eq!(lines[5].verdict, "Sally");
    assert_eq!((lines[5].case, lines[5].nim_sum), (6, 3));
}

/// Issue 29: every coloured graph and position carries what its value reads as, each
/// field what the library computes from the value read back, and an all-green one none.
#[test]
fn coloured_values_carry_their_readable_fields() {
    let root = common::root();
    let printed = run(
        &root,
        &["analyze", "--json", "--full", "examples/values.cgs"],
    );
    let json: serde_json::Value = serde_json::from_str(&printed.stdout).unwrap();
    let mut seen = 0;
    for position in json["positions"].as_array().unwrap() {
        let graphs = position["graphs"].as_array().unwrap();
        for object in graphs.iter().chain([position]) {
            let value: Value = object["value"].as_str().unwrap().parse().unwrap();
            let game = value.game().unwrap();
            let field = |name: &str| object[name].as_str().map(str::to_string);
            let (left, right) = game.stops();
            assert_eq!(field("left_stop"), Some(left.to_string()), "{object}");
            assert_eq!(field("right_stop"), Some(right.to_string()), "{object}");
            assert_eq!(field("mean"), Some(game.mean().unwrap().to_string()));
            let (x, rest) = game.number_part().unwrap();
            assert_eq!(field("number"), Some(x.to_string()));
            assert_eq!(field("rest"), Some(rest.to_string()));
            assert_eq!(field("reduced"), Some(x.to_string()));
            seen += 1;
        }
    }
    assert_eq!(seen, 9 + 7); // nine graphs, seven positions
    // errl is an infinitesimal of atomic weight -1, as v* is.
    let errl = &json["positions"][6];
    assert_eq!(errl["atomic_weight"], "-1");
    assert_eq!(json["positions"][1]["atomic_weight"], "0"); // 1*: its rest * weighs 0
    assert_eq!(json["positions"][3]["atomic_weight"], "2"); // ^^

    let green = run(&root, &["analyze", "--json", "examples/bowtie.hb"]);
    assert!(!green.stdout.contains("left_stop"), "{}", green.stdout);
}

/// `judge --json` over several files: every line names its test case as `analyze --json`
/// names the same position (`source`, `<file>#<case>`), so lines of different files with
/// the same `case` can be told apart, and joined with `analyze`'s positions.
#[test]
fn judge_lines_name_their_source_as_analyze_does() {
    let root = common::root();
    let files = ["examples/shapes.in", "examples/poj-sample.in"];
    let judged = run(&root, &["judge", "--json", files[0], files[1]]);
    let lines: Vec<CaseLine> = (judged.stdout.lines())
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    let analyzed = run(&root, &["analyze", "--json", files[0], files[1]]);
    let analyzed: serde_json::Value = serde_json::from_str(&analyzed.stdout).unwrap();
    let positions = analyzed["positions"].as_array().unwrap();
    assert_eq!(lines.len(), positions.len());
    assert_eq!(lines.len(), 7);
    for (line, position) in lines.iter().zip(positions) {
        assert_eq!(line.source, position["source"].as_str().unwrap());
        assert!(line.source.ends_with(&format!("#{}", line.case)));
        let nim_sum = position["nim_sum"].as_u64().unwrap();
        assert_eq!(line.nim_sum, nim_sum, "{}", line.source);
    }
    assert_eq!(lines[6].source, "examples/poj-sample.in#1");
    // Standard input is `<stdin>`, as in analyze.
    let fed = common::run_fed(&["judge", "--json"], |mut stdin| {
        use std::io::Write;
        stdin.write_all(b"1\n2 1\n1 2\n").unwrap();
    });
    let line: CaseLine = serde_json::from_slice(fed.stdout.trim_ascii_end()).unwrap();
    assert_eq!((line.source.as_str(), line.case), ("<stdin>#1", 1));
}
