//! The one golden harness: every expected output of the binary, compared by trycmd.
//!
//! - `tests/cmd/*.md` and `*.toml`: end-to-end transcripts of each command.
//! - `README.md` and `docs/*.md`: every ```` ```console ```` block of the documentation
//!   runs, so that a doc that disagrees with the binary fails.
//! - `tests/fixtures/{valid,invalid,check}/NAME.COMMAND.toml`: each input fixture run
//!   through `analyze`, `judge` or `check` in its folder, with `NAME.COMMAND.stdout` and
//!   `.stderr` beside it (or `stderr = ""` in the case: nothing on stderr).
//! - `tests/golden/dot/<example>[.reduced].toml`: what `hackenbush dot [--reduced]
//!   examples/<example>` prints, in `<example>[.reduced].stdout`.
//!
//! `TRYCMD=overwrite cargo test --test cli` rewrites every expected output from the current
//! binary (review the diff before committing it); `tests/README.md` says how to add a case.
//! What is not a golden comparison stays beside the code it checks: the oracle's proof of
//! the valid fixtures (`tests/fixtures.rs`), the check fixtures' coverage of every kind of
//! violation (`tests/check.rs`), Graphviz rendering and the gallery (`tests/dot.rs`).

/// The cases of `globs`, run without colour.
fn run(globs: &[&str]) {
    let cases = trycmd::TestCases::new();
    cases.env("NO_COLOR", "1");
    for glob in globs {
        cases.case(glob);
    }
    cases.run();
}

#[test]
fn transcripts() {
    run(&["tests/cmd/*.md", "tests/cmd/*.toml"]);
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
    let mut docs = vec![std::path::PathBuf::from("README.md")];
    for entry in std::fs::read_dir("docs").expect("docs/ exists") {
        let path = entry.expect("readable docs/").path();
        if path.extension().is_some_and(|e| e == "md") {
            docs.push(path);
        }
    }
    let mut failures = Vec::new();
    let mut commands = 0;
    for doc in &docs {
        let text = std::fs::read_to_string(doc).expect("readable doc");
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
    }
    assert!(commands >= 20, "only {commands} console examples");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
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
