//! Golden fixtures: every input under `tests/fixtures/` has its expected outputs beside it,
//! and this one test walks them all, in sorted order.
//!
//! - `valid/NAME.EXT`: `hackenbush analyze NAME.EXT` must exit 0 with stdout `NAME.out` and
//!   nothing on stderr; christmas inputs (`.in`) also go through `hackenbush judge`, whose
//!   stdout must be `NAME.judge`. Every graph small enough is also solved by the
//!   brute-force oracle, so the golden values are proven, not just remembered.
//! - `invalid/NAME.EXT`: `analyze` must exit 2 with stdout `NAME.out` (the positions before
//!   the error) and stderr `NAME.stderr` (the located message with its caret); for `.in`,
//!   `judge` must print the verdicts before the error (`NAME.judge`) and the same message.
//!
//! `BLESS=1 cargo test --test fixtures` rewrites the expected files from the current
//! output; review the diff before committing it.

mod brute;
mod common;

use std::fs;
use std::path::{Path, PathBuf};

use common::{golden, run};
use hackenbush::source::Source;
use hackenbush::syntax::{self, Format};

/// Largest attached graph the oracle is asked to solve here.
const ORACLE_EDGES: usize = 16;

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
            let edges: Vec<(u32, u32)> = graph.decl.edges.iter().map(|e| (e.u, e.v)).collect();
            let want = brute::grundy(&graph.decl.ground, &edges);
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
fn golden_fixtures() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    let mut failures = Vec::new();
    let mut walked = 0;
    let mut proven = 0;

    let valid = root.join("valid");
    for path in inputs(&valid) {
        let name = path.file_name().unwrap().to_str().unwrap();
        let analyzed = run(&valid, &["analyze", name]);
        if analyzed.code != 0 || !analyzed.stderr.is_empty() {
            failures.push(format!(
                "{name}: exit {} with stderr:\n{}",
                analyzed.code, analyzed.stderr
            ));
        }
        failures.extend(golden(&path.with_extension("out"), &analyzed.stdout));
        if name.ends_with(".in") {
            let judged = run(&valid, &["judge", name]);
            if judged.code != 0 {
                failures.push(format!("{name}: judge exit {}", judged.code));
            }
            failures.extend(golden(&path.with_extension("judge"), &judged.stdout));
        }
        proven += prove_with_oracle(&path, &mut failures);
        walked += 1;
    }

    let invalid = root.join("invalid");
    for path in inputs(&invalid) {
        let name = path.file_name().unwrap().to_str().unwrap();
        let analyzed = run(&invalid, &["analyze", name]);
        if analyzed.code != 2 {
            failures.push(format!(
                "{name}: analyze exit {}, expected 2",
                analyzed.code
            ));
        }
        if analyzed.stderr.contains("panicked") {
            failures.push(format!("{name}: panic\n{}", analyzed.stderr));
        }
        failures.extend(golden(&path.with_extension("out"), &analyzed.stdout));
        failures.extend(golden(&path.with_extension("stderr"), &analyzed.stderr));
        if name.ends_with(".in") {
            let judged = run(&invalid, &["judge", name]);
            if judged.code != 2 {
                failures.push(format!("{name}: judge exit {}, expected 2", judged.code));
            }
            if judged.stderr != analyzed.stderr {
                failures.push(format!(
                    "{name}: judge and analyze report the error differently:\n{}",
                    judged.stderr
                ));
            }
            failures.extend(golden(&path.with_extension("judge"), &judged.stdout));
        }
        walked += 1;
    }

    assert!(
        walked >= 30,
        "only {walked} fixtures found under {}",
        root.display()
    );
    assert!(
        proven >= 20,
        "only {proven} fixture graphs proven by the oracle"
    );
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}
