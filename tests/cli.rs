//! The one golden harness: every expected output of the binary, compared by trycmd.
//!
//! - `tests/cmd/*.md` and `*.toml`: end-to-end transcripts of each command, without
//!   colour; `tests/cmd/color/*.toml`: the same with the colour each case asks for.
//! - `README.md` and `docs/*.md`: every ```` ```console ```` block of the documentation
//!   runs, so that a doc that disagrees with the binary fails.
//! - `tests/fixtures/{valid,invalid,check}/NAME.COMMAND.toml`: each input fixture run
//!   through `analyze`, `judge` or `check` in its folder, with `NAME.COMMAND.stdout` and
//!   `.stderr` beside it (or `stderr = ""` in the case: nothing on stderr).
//! - `tests/golden/dot/<example>[.reduced].toml`: what `hackenbush dot [--reduced]
//!   examples/<example>` prints, in `<example>[.reduced].stdout`.
//!
//! `TRYCMD=overwrite cargo test --test suite -- cli::` rewrites every expected output from the current
//! binary (review the diff before committing it); `tests/README.md` says how to add a case.
//! What is not a golden comparison stays beside the code it checks: the oracle's proof of
//! the valid fixtures (`tests/fixtures.rs`), the check fixtures' coverage of every kind of
//! violation (`tests/check.rs`), Graphviz rendering and the gallery (`tests/dot.rs`).

use std::path::{Path, PathBuf};

use crate::common;

/// The cases of `globs`, run without colour.
fn run(globs: &[&str]) {
    common::root();
    let cases = trycmd::TestCases::new();
    cases.env("NO_COLOR", "1");
    for glob in globs {
        cases.case(glob);
    }
    cases.run();
}

/// Hands `README.md` and `docs/*.md` in turn to `lint`, with their text, to push what is
/// wrong in them (at `file:line`) and return how many `things` it looked at; fails with
/// every failure found, or when the documentation shows fewer than `at_least` things.
fn lint_documentation(
    things: &str,
    at_least: usize,
    mut lint: impl FnMut(&Path, &str, &mut Vec<String>) -> usize,
) {
    common::root();
    let mut docs = vec![PathBuf::from("README.md")];
    for entry in std::fs::read_dir("docs").expect("docs/ exists") {
        let path = entry.expect("readable docs/").path();
        if path.extension().is_some_and(|e| e == "md") {
            docs.push(path);
        }
    }
    let mut failures = Vec::new();
    let mut seen = 0;
    for doc in &docs {
        let text = std::fs::read_to_string(doc).expect("readable doc");
        seen += lint(doc, &text, &mut failures);
    }
    assert!(seen >= at_least, "only {seen} {things}");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn transcripts() {
    run(&["tests/cmd/*.md", "tests/cmd/*.toml"]);
}

/// Colour as `--color`, `NO_COLOR` and `CLICOLOR_FORCE` decide: each case of
/// `tests/cmd/color/` removes the three variables and sets what it shows, so it runs
/// apart from the others (which have `NO_COLOR=1`).
#[test]
fn colour() {
    common::root();
    let cases = trycmd::TestCases::new();
    cases.case("tests/cmd/color/*.toml");
    cases.run();
}

#[test]
fn documentation() {
    run(&["README.md", "docs/*.md"]);
}

/// trycmd quietly skips a command whose program it does not know (`$ cat x | ...`), a
/// block marked `ignore` and a fence that is indented (in a list item): so in the
/// documentation every console block starts at the margin and runs `hackenbush` only.
#[test]
fn every_console_example_of_the_documentation_runs() {
    lint_documentation("console examples", 20, |doc, text, failures| {
        let mut commands = 0;
        let mut fence: Option<&str> = None;
        for (i, line) in text.lines().enumerate() {
            let at = format!("{}:{}", doc.display(), i + 1);
            let unindented = line.trim_start();
            if unindented.starts_with("```") {
                fence = match fence {
                    Some(_) => None,
                    None => Some(unindented.trim_start_matches('`')),
                };
                if unindented.contains("console") && line != unindented {
                    failures.push(format!("{at}: an indented console block does not run"));
                }
                if fence.is_some_and(|info| info.starts_with("console") && info != "console") {
                    failures.push(format!("{at}: `{unindented}` does not run"));
                }
            } else if fence == Some("console") && line.starts_with("$ ") {
                commands += 1;
                if !line.starts_with("$ hackenbush ") {
                    failures.push(format!("{at}: `{line}` is not a run of hackenbush"));
                }
            }
        }
        commands
    });
}

/// The documentation shows inputs as they are: a `text` or `json` block right after a
/// paragraph that names a bundled file (`` `examples/bowtie.hb` ``) holds exactly that file.
#[test]
fn files_shown_in_the_documentation_are_the_files() {
    lint_documentation("files shown", 8, |doc, text, failures| {
        let mut shown = 0;
        let lines: Vec<&str> = text.lines().collect();
        let mut i = 0;
        while i < lines.len() {
            if !matches!(lines[i], "```text" | "```json") {
                i += 1;
                continue;
            }
            let end = (i + 1..lines.len())
                .find(|&j| lines[j].starts_with("```"))
                .expect("a closed block");
            let body: String = lines[i + 1..end].iter().map(|l| format!("{l}\n")).collect();
            // The paragraph before the block (above the blank line that precedes it).
            let mut start = i.saturating_sub(1);
            while start > 0 && lines[start].trim().is_empty() {
                start -= 1;
            }
            while start > 0 && !lines[start - 1].trim().is_empty() {
                start -= 1;
            }
            let paragraph = lines[start..i].join(" ");
            for named in paragraph.split('`').skip(1).step_by(2) {
                if !(named.starts_with("examples/") || named.starts_with("tests/")) {
                    continue;
                }
                let Ok(file) = std::fs::read_to_string(named) else {
                    continue;
                };
                shown += 1;
                if file.replace("\r\n", "\n") != body {
                    failures.push(format!(
                        "{}:{}: the block is not {named} as it is",
                        doc.display(),
                        i + 1
                    ));
                }
            }
            i = end + 1;
        }
        shown
    });
}

#[test]
fn fixtures() {
    run(&[
        "tests/fixtures/valid/*.toml",
        "tests/fixtures/invalid/*.toml",
        "tests/fixtures/check/*.toml",
    ]);
}

#[test]
fn pictures() {
    run(&["tests/golden/dot/*.toml"]);
}

/// Rust examples run as doctests only from the files `src/lib.rs` includes (in its
/// `documentation` module): a page with a `rust` block must be one of them, and its
/// blocks are then compiled and run by `cargo test --doc`.
#[test]
fn every_rust_example_of_the_documentation_is_a_doctest() {
    common::root();
    let lib = std::fs::read_to_string("src/lib.rs").expect("readable lib.rs");
    lint_documentation("rust examples", 2, |doc, text, failures| {
        let blocks = text.lines().filter(|l| l.trim_start() == "```rust").count();
        let included = format!("include_str!(\"../{}\")", doc.display());
        if blocks > 0 && !lib.contains(&included) {
            failures.push(format!(
                "{}: its rust examples are not doctests",
                doc.display()
            ));
        }
        blocks
    });
}
