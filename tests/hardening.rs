//! Hostile inputs: huge tokens, huge lines, many tiny test cases. Each must be handled
//! without a panic, with bounded memory, and with short messages (an error quotes at most
//! a few dozen characters of the culprit, never the megabyte around it).

use std::io::Write;
use std::process::{Command, Stdio};

use hackenbush::source::Source;
use hackenbush::syntax::{self, Format};

fn run(args: &[&str], stdin: &[u8]) -> (i32, Vec<u8>, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_hackenbush"))
        .args(args)
        .env("NO_COLOR", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut input = child.stdin.take().unwrap();
    let data = stdin.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = input.write_all(&data);
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    (
        out.status.code().expect("exited normally"),
        out.stdout,
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn a_megabyte_vertex_name() {
    let name = "v".repeat(1 << 20);
    let text = format!("ground: g\ng-{name}-g\n");
    let (code, stdout, stderr) = run(&["analyze", "--format", "hb"], text.as_bytes());
    assert_eq!(code, 0, "{stderr}");
    assert!(String::from_utf8_lossy(&stdout).contains("*0"));
}

#[test]
fn a_megabyte_bad_token_gives_a_short_message() {
    let text = format!("ground: g\ng-a {}\n", "%".repeat(1 << 20));
    let (code, _, stderr) = run(&["analyze", "--format", "hb"], text.as_bytes());
    assert_eq!(code, 2);
    assert!(stderr.len() < 1000, "{} bytes of message", stderr.len());
    assert!(stderr.contains("<stdin>:2:5"), "{stderr}");
}

#[test]
fn a_long_line_of_edges() {
    let chains: Vec<String> = (0..100_000).map(|i| format!("g-v{i}")).collect();
    let text = format!("ground: g\n{}\n", chains.join(" "));
    let source = Source::from_str("long.hb", &text);
    let position = syntax::parse(Format::Hb, &source).next().unwrap().unwrap();
    let graphs = hackenbush::analyze_position(position);
    // 100,000 twigs on the ground: an even number of *1s.
    assert_eq!(graphs[0].1.value, 0);
}

#[test]
fn a_million_tiny_test_cases() {
    let text = "1\n1 1\n1 1\n".repeat(1_000_000);
    let (code, stdout, stderr) = run(&["judge"], text.as_bytes());
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(stdout.len(), "Sally\n".len() * 1_000_000);
    assert!(stdout.starts_with(b"Sally\nSally\n"));
}

#[test]
fn an_error_after_a_million_cases_keeps_their_verdicts() {
    let mut text = "0\n".repeat(1_000_000);
    text.push_str("1\n2 1\n1 3\n");
    let (code, stdout, stderr) = run(&["judge"], text.as_bytes());
    assert_eq!(code, 2);
    assert_eq!(stdout.len(), "Harry\n".len() * 1_000_000);
    assert!(stderr.contains("<stdin>:1000003:3"), "{stderr}");
}

#[test]
fn claimed_counts_allocate_nothing() {
    // Ten test cases each claiming 10^18 trees, vertices and edges: every one fails fast.
    let (code, _, stderr) = run(
        &["judge"],
        b"1\n999999999999999999 999999999999999999\n1 2\n",
    );
    assert_eq!(code, 2);
    assert!(
        stderr.contains("expected 999999999999999998 more edges"),
        "{stderr}"
    );
}

/// The judge works on two cores for large inputs (parsing the next batch of test cases
/// while the current one is analysed): its verdicts must be those of the full analysis,
/// in input order, across batch boundaries.
#[test]
fn the_parallel_judge_keeps_order_and_agrees_with_analyze() {
    use hackenbush::generate::shapes::{Poj, Shape};
    use hackenbush::generate::write;

    // About 1.25 million edges: a few batches of 2^20 edge ends.
    let shape = Shape::Poj(Poj {
        trees: Some(10),
        vertices: Some(40),
        digons: true,
        ..Poj::default()
    });
    let mut text = Vec::new();
    let mut expected = String::new();
    for position in shape.positions(7, 2_500) {
        write::christmas(&mut text, &position).unwrap();
        let nim = hackenbush::analysis::position::nim_sum(&hackenbush::analyze_position(position));
        expected.push_str(if nim != 0 { "Sally\n" } else { "Harry\n" });
    }
    assert!(text.len() > 4 << 20, "large enough for several batches");
    let (code, stdout, stderr) = run(&["judge"], &text);
    assert_eq!(code, 0, "{stderr}");
    assert!(
        String::from_utf8(stdout).unwrap() == expected,
        "verdicts differ"
    );
}

/// `hackenbush --help >/dev/full` exited 0 in silence: help and version texts that cannot
/// be written are reported like any other write failure, with status 2.
#[cfg(target_os = "linux")]
#[test]
fn help_and_version_on_a_full_disk_are_write_errors() {
    for args in [
        &["--help"][..],
        &["-h"],
        &["--version"],
        &["help"],
        &["help", "dot"],
        &["analyze", "--help"],
        &["gen", "--help"],
        &["gen", "poj", "--help"],
    ] {
        let full = std::fs::File::create("/dev/full").expect("/dev/full exists on Linux");
        let out = Command::new(env!("CARGO_BIN_EXE_hackenbush"))
            .args(args)
            .stdout(full)
            .output()
            .expect("the binary runs");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert_eq!(
            stderr, "error: cannot write output: no space left on device\n",
            "{args:?}"
        );
    }
}

/// Help cut short by the reader (`hackenbush --help | head -1`) is not an error.
#[test]
fn help_into_a_closed_pipe_is_quiet() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_hackenbush"))
        .arg("--help")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}
