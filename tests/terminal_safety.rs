//! Names from an input never act on the terminal: every text output (analyze, analyze
//! --moves, explain, verify, check, error messages) shows control characters and
//! bidirectional overrides escaped (`\n`, `\u{1b}`), the way diagnostics quote a token,
//! and any other character as it is; DOT text keeps them inside quoted strings, escaped;
//! converted JSON as JSON escapes (`\u001b`), which read back as the same names.
//! Named after the report: a JSON graph name printed a fake verdict line and a raw escape
//! sequence.

use crate::common;

use std::fs;

use common::{Run, run};

/// A name that forges a verdict line and hides what follows (`ESC [8m`).
const FAKE_VERDICT: &str = r#"x\n  nim-sum *0: second player wins\u001b[8m"#;
/// A vertex name that sets the terminal's title (OSC 0 ... BEL).
const TITLE: &str = r#"g\u001b]0;pwned\u0007"#;
/// A vertex name that clears the screen, and one that reverses the rest of its line.
const CLEAR: &str = r#"a\u001b[2J\u009b2J"#;
const REVERSE: &str = r#"b\u202eevil"#;

/// A position worth *3 (a stalk g-a under a triangle a-b-c-a, worth *2) with hostile names, and a
/// second graph with an ordinary name in other scripts.
fn hostile_json() -> String {
    format!(
        r#"{{"graphs":[
  {{"name":"{FAKE_VERDICT}","ground":["{TITLE}"],
    "edges":[["{TITLE}","{CLEAR}"],["{CLEAR}","{REVERSE}"],["{REVERSE}","c"],["c","{CLEAR}"]]}},
  {{"name":"étoile 字","ground":["g"],"edges":[["g","é"]]}}
]}}"#
    )
}

/// No character that acts instead of showing: only line breaks as control characters.
fn assert_inert(what: &str, text: &str) {
    for (i, c) in text.char_indices() {
        let acts = (c.is_control() && c != '\n')
            || matches!(c, '\u{2028}' | '\u{2029}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}');
        assert!(!acts, "{what}: {c:?} at byte {i} of\n{text}");
    }
}

/// Asserts that `text` holds `shown`.
fn assert_shows(text: &str, shown: &str) {
    assert!(text.contains(shown), "{shown:?} in\n{text}");
}

/// Runs `hackenbush ARGS p.json` on the hostile position: it succeeds, nothing it prints
/// acts, and its stdout shows each of `shown`.
fn with_hostile_json(args: &[&str], shown: &[&str]) -> Run {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("p.json"), hostile_json()).unwrap();
    let mut all = args.to_vec();
    all.push("p.json");
    let run = run(dir.path(), &all);
    assert_eq!(run.code, 0, "{args:?}: {}", run.stderr);
    assert_inert(&format!("{args:?} stdout"), &run.stdout);
    assert_inert(&format!("{args:?} stderr"), &run.stderr);
    for text in shown {
        assert_shows(&run.stdout, text);
    }
    run
}

#[test]
fn a_graph_name_cannot_forge_a_verdict_in_analyze() {
    let run = with_hostile_json(
        &["analyze"],
        &[
            r"  x\n  nim-sum *0: second player wins\u{1b}[8m  *2  4 edges",
            "  étoile 字",
        ],
    );
    let verdicts = run.stdout.matches("\n  nim-sum").count();
    assert_eq!(verdicts, 1, "{}", run.stdout);
}

#[test]
fn vertex_names_cannot_act_in_analyze_moves() {
    with_hostile_json(
        &["analyze", "--moves"],
        &[r"cut edge 3 (b\u{202e}evil-c, line 3) of x\n  nim-sum"],
    );
}

#[test]
fn names_cannot_act_in_explain() {
    with_hostile_json(&["explain"], &[r"b\u{202e}evil", "Graph 2 of 2: étoile 字"]);
}

#[test]
fn names_cannot_act_in_verify() {
    with_hostile_json(
        &["verify"],
        &[r"  x\n  nim-sum *0: second player wins\u{1b}[8m: *2 by both"],
    );
}

/// DOT text is data (the dot reader reads it back, names and all): names stay in quoted
/// strings, a line break as the DOT escape `\n`, and whatever else would act on a terminal
/// (escape sequences, bidirectional overrides) written as a Rust escape. Graphviz reads it.
#[test]
fn names_cannot_break_out_of_dot_labels() {
    let run = with_hostile_json(
        &["dot", "--moves"],
        &[
            r#"label="x\n  nim-sum *0: second player wins\\u{1b}[8m = *2""#,
            r#"label="b\\u{202e}evil""#,
        ],
    );
    graphviz_rust::parse(&run.stdout).expect("DOT that parses");
    with_hostile_json(&["dot", "--render", "svg"], &[]);
}

#[test]
fn file_names_cannot_act_in_messages_or_check() {
    let dir = tempfile::tempdir().unwrap();
    let name = "judge\u{1b}]0;pwned\u{7}.in";
    fs::write(dir.path().join(name), "1\n2 1\n1 1\n").unwrap();
    let check = run(dir.path(), &["check", "--short", name]);
    assert_eq!(check.code, 1, "{}", check.stderr);
    assert_inert("check --short", &check.stdout);
    assert_shows(&check.stdout, r"judge\u{1b}]0;pwned\u{7}.in:3:1: violation");
    let full = run(dir.path(), &["check", name]);
    assert_inert("check", &full.stdout);
    let analyze = run(dir.path(), &["analyze", name, "missing\u{1b}[2J.hb"]);
    assert_eq!(analyze.code, 2);
    assert_inert("analyze stdout", &analyze.stdout);
    assert_inert("analyze stderr", &analyze.stderr);
    assert_shows(&analyze.stderr, r"cannot read missing\u{1b}[2J.hb");
    let bad = "bad\u{1b}[2J.in";
    fs::write(dir.path().join(bad), "1\n2 1\n1 7\n").unwrap();
    let judge = run(dir.path(), &["judge", bad]);
    assert_eq!(judge.code, 2);
    assert_inert("judge stderr", &judge.stderr);
    assert_shows(&judge.stderr, r"--> bad\u{1b}[2J.in:3:3");
}

#[test]
fn an_hb_graph_name_cannot_act() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(
        dir.path().join("p.hb"),
        "graph: x\u{1b}]0;pwned\u{7}\u{1b}[2J\nground: g\ng-a\n",
    )
    .unwrap();
    for args in [
        &["analyze", "p.hb"][..],
        &["explain", "p.hb"],
        &["verify", "p.hb"],
    ] {
        let run = run(dir.path(), args);
        assert_eq!(run.code, 0, "{args:?}: {}", run.stderr);
        assert_inert(&format!("{args:?}"), &run.stdout);
        assert_shows(&run.stdout, r"x\u{1b}]0;pwned\u{7}\u{1b}[2J");
    }
}

/// A converted position is data: JSON writes the names with JSON escapes, so they act on
/// no terminal and read back the same; hb, which has no escapes, refuses such a graph
/// name, and says so inertly.
#[test]
fn names_cannot_act_in_converted_text() {
    let json = with_hostile_json(
        &["convert", "--to", "json"],
        &[
            r#""name": "x\n  nim-sum *0: second player wins\u001b[8m""#,
            r"b\u202eevil",
        ],
    );
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("back.json"), &json.stdout).unwrap();
    fs::write(dir.path().join("p.json"), hostile_json()).unwrap();
    let analyze = |file: &str| run(dir.path(), &["analyze", "--moves", "--json", file]);
    let (original, back) = (analyze("p.json").stdout, analyze("back.json").stdout);
    assert_eq!(original.replace("p.json", "back.json"), back);
    for to in ["hb", "dot", "cgsuite", "christmas"] {
        let converted = run(dir.path(), &["convert", "--to", to, "p.json"]);
        assert_inert(&format!("convert --to {to} stdout"), &converted.stdout);
        assert_inert(&format!("convert --to {to} stderr"), &converted.stderr);
    }
    let hb = run(dir.path(), &["convert", "--to", "hb", "p.json"]);
    assert_eq!(hb.code, 2);
    assert_shows(
        &hb.stderr,
        r#"hb cannot write the graph name "x\n  nim-sum"#,
    );
}
