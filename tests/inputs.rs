//! Which inputs the commands read, and in which format: a format stated with `--format`
//! wins over a file's extension, for every input named after it (issue 33: `analyze
//! --format cgsuite v.txt` read v.txt as christmas).

use std::path::Path;

use crate::common::{self, Run};

/// `hackenbush ARGS` in a folder holding `v.txt`, a CGSuite string that its extension
/// would have read as christmas.
fn run_beside_a_cgsuite_txt(args: &[&str]) -> Run {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("v.txt"), "e(ee)\n").unwrap();
    std::fs::copy(
        common::root().join("examples/poj-sample.in"),
        dir.path().join("poj-sample.in"),
    )
    .unwrap();
    common::run(dir.path(), args)
}

#[test]
fn a_stated_format_wins_over_the_extension() {
    let read = run_beside_a_cgsuite_txt(&["analyze", "--format", "cgsuite", "v.txt"]);
    assert_eq!(read.code, 0, "{}", read.stderr);
    assert!(
        read.stdout.contains("e(ee)  *3  3 edges"),
        "{}",
        read.stdout
    );
    // Unstated, the extension decides, and the hint names --format.
    let unstated = run_beside_a_cgsuite_txt(&["analyze", "v.txt"]);
    assert_eq!(unstated.code, 2);
    assert!(
        (unstated.stderr).contains("try `--format cgsuite v.txt`"),
        "{}",
        unstated.stderr
    );
}

#[test]
fn a_stated_format_is_that_of_the_inputs_named_after_it() {
    let args = ["analyze", "poj-sample.in", "-f", "cgsuite", "v.txt"];
    let read = run_beside_a_cgsuite_txt(&args);
    assert_eq!(read.code, 0, "{}", read.stderr);
    assert!(
        read.stdout.starts_with("poj-sample.in#1\n"),
        "{}",
        read.stdout
    );
    assert!(
        read.stdout.contains("v.txt#1\n  e(ee)  *3"),
        "{}",
        read.stdout
    );
    // A second --format states the format of the inputs after it.
    let args = [
        "analyze",
        "-f",
        "cgsuite",
        "v.txt",
        "-f",
        "christmas",
        "poj-sample.in",
    ];
    let read = run_beside_a_cgsuite_txt(&args);
    assert_eq!(read.code, 0, "{}", read.stderr);
}

#[test]
fn a_format_after_the_last_file_is_refused_with_the_usage_of_its_command() {
    for name in ["--format", "--format-all"] {
        let read = run_beside_a_cgsuite_txt(&["explain", "v.txt", name, "cgsuite"]);
        assert_eq!(read.code, 2, "{name}");
        assert!(read.stdout.is_empty(), "{name}: {}", read.stdout);
        assert!(
            read.stderr.starts_with(
                "error: --format cgsuite comes after the last FILE: it states the format of \
                 the inputs named after it, so put it before the FILE it is for\n\nUsage: \
                 hackenbush explain [OPTIONS] [FILE]..."
            ),
            "{name}: {}",
            read.stderr
        );
    }
}

#[test]
fn format_all_is_another_name_for_format() {
    let read = run_beside_a_cgsuite_txt(&["dot", "--format-all", "cgsuite", "v.txt"]);
    assert_eq!(read.code, 0, "{}", read.stderr);
    assert!(read.stdout.contains("e(ee)"), "{}", read.stdout);
}

/// `play` reads one FILE: its --format is that file's, wherever it stands.
#[test]
fn play_reads_its_file_in_the_format_stated() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("v.txt"), "e(ee)\n").unwrap();
    for args in [
        ["play", "-f", "cgsuite", "v.txt"],
        ["play", "v.txt", "-f", "cgsuite"],
    ] {
        let read = common::run(Path::new(dir.path()), &args);
        assert_eq!(read.code, 0, "{args:?}: {}", read.stderr);
        assert!(read.stdout.contains("graph 1 (e(ee))"), "{}", read.stdout);
    }
}

/// `-` named twice is refused before anything is read, with or without `--format`
/// (issue 33: with it, the second reading found standard input empty and reported an
/// empty position; without it, it could not tell the empty input's format).
#[test]
fn standard_input_named_twice_is_refused() {
    for args in [
        &["analyze", "-", "-"][..],
        &["analyze", "-f", "hb", "-", "-"],
        &["explain", "-", "examples/bowtie.hb", "-f", "hb", "-"],
        &["dot", "-", "-"],
        &["verify", "-", "-"],
        &["convert", "--to", "json", "-", "-"],
    ] {
        let fed = common::run_fed(args, |mut stdin| {
            use std::io::Write;
            let _ = stdin.write_all(b"ground: g\ng-a\n");
        });
        assert_eq!(fed.code, 2, "{args:?}");
        assert!(fed.stdout.is_empty(), "{args:?}");
        assert!(
            fed.stderr.starts_with(
                "error: `-` (standard input) is named twice, and it can be read only once"
            ),
            "{args:?}: {}",
            fed.stderr
        );
    }
}

/// `judge` reads every file named, in order, as the other commands do: the verdicts of
/// each, then its error if it has one; the exit status is 2 when any input failed.
#[test]
fn judge_reads_every_file_in_turn() {
    let root = common::root();
    let missing = "tests/fixtures/invalid/missing-edges.in";
    let args = [
        "judge",
        "examples/poj-sample.in",
        "no-such.in",
        missing,
        "examples/shapes.in",
    ];
    let judged = common::run(&root, &args);
    let one = |file: &str| common::run(&root, &["judge", file]).stdout;
    let expected = one("examples/poj-sample.in") + &one(missing) + &one("examples/shapes.in");
    assert_eq!(judged.stdout, expected);
    assert_eq!(judged.code, 2);
    let missing_at = judged
        .stderr
        .find("cannot read no-such.in")
        .expect("reported");
    let malformed_at = (judged
        .stderr
        .find("--> tests/fixtures/invalid/missing-edges.in"))
    .expect("reported");
    assert!(missing_at < malformed_at, "{}", judged.stderr);
    let clean = common::run(
        &root,
        &["judge", "examples/poj-sample.in", "examples/shapes.in"],
    );
    assert_eq!(clean.code, 0, "{}", clean.stderr);
    // JSON Lines: each file's lines, its error line after its verdicts.
    let args = [
        "judge",
        "--json",
        "examples/poj-sample.in",
        "no-such.in",
        "examples/poj-sample.in",
    ];
    let lines = common::run(&root, &args).stdout;
    let lines: Vec<&str> = lines.lines().collect();
    assert_eq!(lines.len(), 3, "{lines:?}");
    assert!(
        lines[1].contains(r#""error""#) && lines[1].contains("no-such.in"),
        "{lines:?}"
    );
    assert_eq!(lines[0], lines[2]);
}

/// `check` reads every file named, in order: each one's violations and summary line
/// (named when there are several), one JSON document for all; its status is 2 when an
/// input failed, else 1 when any input breaks a promise, else 0.
#[test]
fn check_reads_every_file_in_turn() {
    let root = common::root();
    let clean = "examples/poj-sample.in";
    let k4 = "tests/fixtures/check/k4.in";
    let both = common::run(&root, &["check", clean, clean]);
    assert_eq!(both.code, 0, "{}", both.stderr);
    let summary = "clean: 1 test case meets the POJ 3710 guarantees";
    assert_eq!(
        both.stdout,
        format!("{clean}: {summary}\n{clean}: {summary}\n")
    );
    let violated = common::run(&root, &["check", "--short", k4, clean]);
    assert_eq!(violated.code, 1, "{}", violated.stderr);
    let alone = common::run(&root, &["check", "--short", k4]).stdout;
    let k4_summary = alone.lines().last().unwrap();
    let k4_violations = &alone[..alone.len() - k4_summary.len() - 1];
    assert_eq!(
        violated.stdout,
        format!("{k4_violations}{k4}: {k4_summary}\n{clean}: {summary}\n")
    );
    let failed = common::run(&root, &["check", k4, "no-such.in", clean]);
    assert_eq!(failed.code, 2, "{}", failed.stderr);
    assert!(failed.stdout.ends_with(&format!("{clean}: {summary}\n")));
    // One document: every input's violations and errors, the summary of all.
    let json = common::run(&root, &["check", "--json", k4, "no-such.in", k4]);
    assert_eq!(json.code, 2);
    let document: serde_json::Value = serde_json::from_str(&json.stdout).unwrap();
    let single: serde_json::Value =
        serde_json::from_str(&common::run(&root, &["check", "--json", k4]).stdout).unwrap();
    let count = |d: &serde_json::Value| d["summary"]["violations"].as_u64().unwrap();
    assert_eq!(count(&document), 2 * count(&single));
    assert_eq!(document["errors"].as_array().unwrap().len(), 1);
}

#[test]
fn judge_and_check_refuse_standard_input_named_twice() {
    for command in ["judge", "check"] {
        let refused = common::run(&common::root(), &[command, "-", "-"]);
        assert_eq!(refused.code, 2, "{command}");
        assert!(
            refused
                .stderr
                .starts_with("error: `-` (standard input) is named twice"),
            "{command}: {}",
            refused.stderr
        );
    }
}

/// `verify --case N` verifies position N of each input only, as `dot` and `explain` do,
/// and an input without it is an error (issue 33).
#[test]
fn verify_takes_one_case() {
    let root = common::root();
    let one = common::run(&root, &["verify", "--case", "2", "examples/shapes.in"]);
    assert_eq!(one.code, 0, "{}", one.stderr);
    let all = common::run(&root, &["verify", "examples/shapes.in"]).stdout;
    let second = all
        .split_inclusive('\n')
        .skip_while(|l| !l.ends_with("#2\n"));
    let second: String = second.take_while(|l| !l.ends_with("#3\n")).collect();
    assert!(second.starts_with("examples/shapes.in#2\n"), "{all}");
    assert_eq!(one.stdout, second);
    let none = common::run(&root, &["verify", "--case", "9", "examples/shapes.in"]);
    assert_eq!(none.code, 2);
    assert_eq!(
        none.stderr,
        "error: examples/shapes.in holds 6 positions: there is no position 9 (--case)\n"
    );
}

/// A graph with edges and no ground is worth 0, legal but most likely a forgotten
/// declaration: every format that can write one warns of it on stderr, naming the graph,
/// and the run still succeeds (issue 33: hb without `ground:` and DOT without
/// `ground=true` were silently `*0`).
#[test]
fn a_graph_with_edges_and_no_ground_is_warned_of_in_every_format() {
    let dir = tempfile::tempdir().unwrap();
    let inputs = [
        (
            "kite.hb",
            "graph: kite\na-b-c-a\n",
            "the graph `kite` has 3 edges",
        ),
        (
            "second.hb",
            "ground: g\ng-a\ngraph:\nx-y\n",
            "graph 2 has 1 edge",
        ),
        (
            "kite.json",
            r#"{"graphs":[{"name":"kite","edges":[[1,2],[2,3]]}]}"#,
            "the graph `kite` has 2 edges",
        ),
        (
            "kite.dot",
            "graph kite { a -- b; b -- c }\n",
            "the graph `kite` has 2 edges",
        ),
    ];
    for (name, text, said) in inputs {
        std::fs::write(dir.path().join(name), text).unwrap();
        let read = common::run(dir.path(), &["analyze", name]);
        assert_eq!(read.code, 0, "{name}: {}", read.stderr);
        let warning = format!("warning: {said} and no ground: it is worth 0\n --> {name}:");
        assert!(read.stderr.starts_with(&warning), "{name}: {}", read.stderr);
        assert_eq!(
            read.stderr.matches("warning:").count(),
            1,
            "{name}: {}",
            read.stderr
        );
        assert!(read.stdout.contains("*0"), "{name}: {}", read.stdout);
    }
    // No edges, or a ground that no edge reaches: nothing to say of this.
    std::fs::write(
        dir.path().join("empty.hb"),
        "graph: empty\ngraph: far\nground: g\ng-z a-b\n",
    )
    .unwrap();
    let quiet = common::run(dir.path(), &["analyze", "empty.hb"]);
    assert_eq!(
        (quiet.code, quiet.stderr.as_str()),
        (0, ""),
        "{}",
        quiet.stdout
    );
}

/// Issue 33: a refused search and a malformed file both returned 2. A search beyond the
/// budget is 3, with the flag that allows more named; a malformed input beside it is
/// worse, and the run returns 2.
#[test]
fn a_refused_search_has_a_status_of_its_own() {
    let root = common::root();
    // The Moderately Hard Bed: a red-blue part of 30 edges, searched.
    let refused = common::run(
        &root,
        &[
            "analyze",
            "--max-positions",
            "1000",
            "benches/searched/bed.cgs",
        ],
    );
    assert_eq!(refused.code, 3, "{}", refused.stderr);
    assert!(
        refused.stderr.contains("--max-positions N"),
        "{}",
        refused.stderr
    );
    let worked = common::run(
        &root,
        &["analyze", "--max-work", "3", "examples/mixed-cycle.hb"],
    );
    assert_eq!(worked.code, 3, "{}", worked.stderr);
    assert!(worked.stderr.contains("--max-work N"), "{}", worked.stderr);
    let both = common::run(
        &root,
        &[
            "analyze",
            "--max-positions",
            "1000",
            "benches/searched/bed.cgs",
            "tests/fixtures/invalid/dangling-dash.hb",
        ],
    );
    assert_eq!(both.code, 2, "{}", both.stderr);
    assert!(both.stderr.contains("--max-positions N"), "{}", both.stderr);
}
