//! End-to-end transcripts of the command line: every `tests/cmd/*.md` block and
//! `tests/cmd/*.toml` case runs the real binary and compares stdout, stderr and the exit
//! status. `TRYCMD=overwrite cargo test --test cli` updates them after a deliberate change.

#[test]
fn transcripts() {
    trycmd::TestCases::new()
        .env("NO_COLOR", "1")
        .case("tests/cmd/*.md")
        .case("tests/cmd/*.toml");
}
