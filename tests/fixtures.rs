//! Golden fixtures: every input under `tests/fixtures/valid/` and `invalid/` is a trycmd
//! case of `tests/cli.rs`, run in its folder, with its expected outputs beside it:
//!
//! - `valid/NAME.EXT`: `NAME.analyze.toml` runs `hackenbush analyze NAME.EXT`, which must
//!   exit 0 with stdout `NAME.analyze.stdout` and nothing on stderr; a christmas input
//!   (`.in`) also has `NAME.judge.toml`, whose stdout is `NAME.judge.stdout`.
//! - `invalid/NAME.EXT`: `analyze` must exit 2 with stdout `NAME.analyze.stdout` (the
//!   positions before the error) and stderr `NAME.analyze.stderr` (the located message
//!   with its caret); for `.in`, `judge` must print the verdicts before the error
//!   (`NAME.judge.stdout`) and the same message (`NAME.judge.stderr`).
//!
//! `TRYCMD=overwrite cargo test --test cli` rewrites the expected outputs. What this file
//! checks is what a comparison of outputs cannot: every input has its cases, judge and
//! analyze word an error the same, and every graph small enough is solved again by the
//! brute-force oracle, so the golden values are proven, not just remembered.

use crate::brute;

use crate::common;
use hackenbush::game_tree::partizan as partizan_tree;

use std::fs;
use std::path::{Path, PathBuf};

use hackenbush::source::Source;
use hackenbush::syntax::{self, Format};

/// Largest attached graph the oracle is asked to solve here.
const ORACLE_EDGES: usize = 16;

fn root() -> PathBuf {
    common::root().join("tests/fixtures")
}

/// The inputs of `dir`, sorted, with distinct names (their cases are named after them).
fn inputs(dir: &Path) -> Vec<PathBuf> {
    let files = common::inputs_in(dir);
    let mut stems: Vec<_> = files
        .iter()
        .map(|f| f.file_stem().unwrap().to_owned())
        .collect();
    stems.sort();
    stems.dedup();
    assert_eq!(
        stems.len(),
        files.len(),
        "two fixtures in {} share a name",
        dir.display()
    );
    files
}

/// The commands a fixture runs through: `analyze`, and `judge` for christmas inputs.
fn commands(input: &Path) -> &'static [&'static str] {
    match Format::from_path(input) {
        Some(Format::Christmas) => &["analyze", "judge"],
        _ => &["analyze"],
    }
}

/// `NAME.COMMAND.EXT` beside the input `NAME.*`.
fn beside(input: &Path, command: &str, ext: &str) -> PathBuf {
    let stem = input.file_stem().unwrap().to_str().unwrap();
    input.with_file_name(format!("{stem}.{command}.{ext}"))
}

#[test]
fn every_fixture_has_its_cases_and_every_case_its_fixture() {
    let mut failures = Vec::new();
    let mut walked = 0;
    for folder in ["valid", "invalid"] {
        let dir = root().join(folder);
        let inputs = inputs(&dir);
        let mut cases = Vec::new();
        for input in &inputs {
            let name = input.file_name().unwrap().to_str().unwrap();
            for command in commands(input) {
                let case = beside(input, command, "toml");
                match fs::read_to_string(&case) {
                    Ok(text) if text.contains(&format!("args = [\"{command}\", \"{name}\"]")) => {}
                    Ok(text) => failures.push(format!(
                        "{} does not run `{command} {name}`:\n{text}",
                        case.display()
                    )),
                    Err(e) => failures.push(format!("{}: {e}", case.display())),
                }
                cases.push(case);
            }
            walked += 1;
        }
        for entry in fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|e| e == "toml") && !cases.contains(&path) {
                failures.push(format!("{} has no input beside it", path.display()));
            }
        }
    }
    assert!(walked >= 30, "only {walked} fixtures found");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn judge_and_analyze_word_an_error_the_same() {
    let dir = root().join("invalid");
    let mut compared = 0;
    for input in inputs(&dir) {
        if commands(&input).contains(&"judge") {
            let read = |command| fs::read_to_string(beside(&input, command, "stderr")).unwrap();
            assert_eq!(read("judge"), read("analyze"), "{}", input.display());
            compared += 1;
        }
    }
    assert!(compared >= 5, "only {compared} christmas fixtures");
}

/// Proves every small graph of a valid fixture with the brute-force oracle.
fn prove_with_oracle(path: &Path, failures: &mut Vec<String>) -> usize {
    let format = Format::from_path(path).unwrap();
    let source = Source::new(path.display().to_string(), fs::read(path).unwrap()).unwrap();
    let mut proven = 0;
    for position in syntax::parse(format, &source) {
        let position = position.expect("valid fixtures parse");
        for (graph, analysis) in hackenbush::analyze_position(position) {
            if analysis.attached_edges > ORACLE_EDGES {
                continue;
            }
            if !graph.decl.is_green() {
                // Played out by its colours: outcome by play, values from the options.
                let limits = hackenbush::game_tree::Limits::edges(ORACLE_EDGES);
                let checked = partizan_tree::verify(&graph, limits, &mut |_| {});
                match checked {
                    Ok(v) if v.agrees() => {}
                    other => failures.push(format!(
                        "{}: graph `{}` disagrees with its game tree: {:?}",
                        path.display(),
                        graph.name,
                        other.map(|v| v.game_tree.value.to_string())
                    )),
                }
                proven += 1;
                continue;
            }
            let want = brute::grundy_of(&graph.decl);
            if want != analysis.value {
                failures.push(format!(
                    "{}: graph `{}` is *{} by the game tree, *{} by the analysis",
                    path.display(),
                    graph.name,
                    want,
                    analysis.value
                ));
            }
            proven += 1;
        }
    }
    proven
}

#[test]
fn valid_fixtures_are_proven_by_the_oracle() {
    let mut failures = Vec::new();
    let mut proven = 0;
    for path in inputs(&root().join("valid")) {
        proven += prove_with_oracle(&path, &mut failures);
    }
    assert!(
        proven >= 20,
        "only {proven} fixture graphs proven by the oracle"
    );
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}
