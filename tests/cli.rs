//! The one golden harness: every expected output of the binary, compared by trycmd.
//!
//! - `tests/cmd/*.md` and `*.toml`: end-to-end transcripts of each command.
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
