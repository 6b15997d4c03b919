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

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use hackenbush::source::Source;
use hackenbush::syntax::{self, Format};

/// Largest attached graph the oracle is asked to solve here.
const ORACLE_EDGES: usize = 16;

struct Run {
    code: i32,
    stdout: String,
    stderr: String,
}

fn run(dir: &Path, args: &[&str]) -> Run {
    let out = Command::new(env!("CARGO_BIN_EXE_hackenbush"))
        .args(args)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .output()
        .expect("the binary runs");
    Run {
        code: out.status.code().expect("exited normally, not by a signal"),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

fn inputs(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = fs::read_dir(dir)
        .expect("fixture folder exists")
        .map(|e| e.expect("readable entry").path())
        .filter(|p| Format::from_path(p).is_some())
        .collect();
    files.sort();
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

/// Compares `actual` with the file `expected`, or writes it when blessing. Returns a
/// description of the mismatch, if any.
fn check(expected: &Path, actual: &str) -> Option<String> {
    if std::env::var_os("BLESS").is_some() {
        fs::write(expected, actual).expect("writable fixture");
        return None;
    }
    let want = fs::read_to_string(expected).unwrap_or_else(|_| {
        panic!(
            "missing {}: run BLESS=1 cargo test --test fixtures",
            expected.display()
        )
    });
    (want != actual).then(|| {
        format!(
            "{} differs\n--- expected\n{want}\n--- actual\n{actual}",
            expected.display()
        )
    })
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
        failures.extend(check(&path.with_extension("out"), &analyzed.stdout));
        if name.ends_with(".in") {
            let judged = run(&valid, &["judge", name]);
            if judged.code != 0 {
                failures.push(format!("{name}: judge exit {}", judged.code));
            }
            failures.extend(check(&path.with_extension("judge"), &judged.stdout));
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
        failures.extend(check(&path.with_extension("out"), &analyzed.stdout));
        failures.extend(check(&path.with_extension("stderr"), &analyzed.stderr));
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
            failures.extend(check(&path.with_extension("judge"), &judged.stdout));
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
