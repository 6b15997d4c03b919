//! Hostile inputs: huge tokens, huge lines, many tiny test cases. Each must be handled
//! without a panic, with bounded memory, and with short messages (an error quotes at most
//! a few dozen characters of the culprit, never the megabyte around it).

use crate::common;

use std::io::Write;
use std::process::{Command, Stdio};

use hackenbush::syntax::Format;

fn run(args: &[&str], stdin: &[u8]) -> (i32, Vec<u8>, String) {
    let data = stdin.to_vec();
    let got = common::run_fed(args, move |mut input| {
        let _ = input.write_all(&data);
    });
    (got.code, got.stdout, got.stderr)
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
    let graphs = common::analyzed("long.hb", Format::Hb, &text);
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
    // About 1.25 million edges: a few batches of 2^20 edge ends.
    let (text, expected) = common::judge_data(7, 2_500, 10, 40);
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
        // Generated texts too: clap_complete and clap_mangen are handed no stdout.
        &["completions", "bash"],
        &["man"],
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

/// Help cut short by the reader (`hackenbush --help | head -1`) is not an error, nor is a
/// completion script or a man page (clap_complete panics on a failed write).
#[test]
fn help_into_a_closed_pipe_is_quiet() {
    for args in [&["--help"][..], &["completions", "zsh"], &["man"]] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_hackenbush"))
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the binary runs");
        drop(child.stdout.take());
        let out = child.wait_with_output().unwrap();
        assert_eq!(out.status.code(), Some(0), "{args:?}");
        assert!(
            out.stderr.is_empty(),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

/// Runs `hackenbush ARGS` fed `head` then an endless run of `byte`, until it stops reading
/// (or 256 MiB, so that a command that never stops fails its test rather than hanging it).
fn fed_endless(args: &[&str], head: &'static [u8], byte: u8) -> common::Fed<usize> {
    common::run_fed(args, move |mut input| {
        let block = vec![byte; 1 << 20];
        let mut written = 0;
        if input.write_all(head).is_err() {
            return written;
        }
        while written < 256 << 20 && input.write_all(&block).is_ok() {
            written += block.len();
        }
        written
    })
}

/// Feeds `head` then an endless run of `byte` to `hackenbush ARGS`, a command reading
/// christmas data on stdin, until it stops reading (or 256 MiB, so that a command that
/// never stops fails the test rather than hanging it). Asserts that it stopped within 16
/// MiB with status 2 and a short "number too large" at `<stdin>:AT`; returns its stdout.
fn refuses_endless(args: &[&str], head: &'static [u8], byte: u8, at: &str) -> String {
    let got = fed_endless(args, head, byte);
    let stderr = got.stderr;
    assert_eq!(got.code, 2, "{args:?}: {stderr}");
    assert!(stderr.starts_with("error: number too large\n"), "{stderr}");
    assert!(stderr.contains(&format!("--> <stdin>:{at}\n")), "{stderr}");
    assert!(stderr.len() < 1000, "{stderr}");
    let written = got.fed;
    assert!(
        written < 16 << 20,
        "{args:?} read {written} bytes of one token"
    );
    String::from_utf8_lossy(&got.stdout).into_owned()
}

/// `yes 1 | tr -d '\n' | hackenbush judge` grew the judge's window to hold one endless
/// token until the allocator aborted. It is "number too large" as soon as it is too long
/// for any number, located, after the verdicts before it.
#[test]
fn an_endless_number_is_an_error_at_once() {
    let stdout = refuses_endless(&["judge"], b"1\n1 1\n1 1\n1\n2 1\n1 ", b'1', "6:3");
    assert_eq!(stdout, "Sally\n");
}

/// `check` read its whole input before it looked at it; it streams as the judge does, so
/// an endless token is refused as soon as it is too long for a number.
#[test]
fn check_refuses_an_endless_number_at_once() {
    refuses_endless(&["check"], b"1\n1 1\n1 1\n1\n2 1\n1 ", b'1', "6:3");
}

/// Zeros are the number 0 however many there are, but a number has at most 256 digits
/// (`window::MAX_TOKEN`), leading zeros included: an endless run of zeros is refused too.
#[test]
fn an_endless_run_of_zeros_is_an_error_at_once() {
    assert_eq!(refuses_endless(&["judge"], b"0\n", b'0', "2:1"), "Harry\n");
}

/// The limit is the grammar's, not the window's: a whole input held in memory refuses the
/// same numbers, at the same place, as the judge.
#[test]
fn a_number_of_more_than_256_digits_is_too_large_everywhere() {
    let fits = format!("1\n1 1\n1 {}1\n", "0".repeat(255));
    let (code, stdout, stderr) = run(&["judge"], fits.as_bytes());
    assert_eq!((code, stdout.as_slice()), (0, &b"Sally\n"[..]), "{stderr}");
    let long = format!("1\n1 1\n1 {}1\n", "0".repeat(256));
    let (judge_code, _, judge) = run(&["judge"], long.as_bytes());
    let (analyze_code, _, analyze) = run(&["analyze", "--format", "christmas"], long.as_bytes());
    assert_eq!((judge_code, analyze_code), (2, 2));
    assert!(judge.starts_with("error: number too large\n"), "{judge}");
    assert!(judge.contains("--> <stdin>:3:3"), "{judge}");
    assert_eq!(judge, analyze);
}

/// `hackenbush analyze -f hb /dev/zero` read 4.2 GB before it said the input was too
/// large: the formats read whole (hb, json, dot, cgsuite) are text, and a NUL byte ends
/// the reading at once, as an error located at that byte (in the reader's own words where
/// it has some), for every one of them (issue 33).
#[test]
fn an_endless_run_of_nul_bytes_is_an_error_at_once() {
    let heads: [(&str, &'static [u8]); 4] = [
        ("hb", b"ground: g\n"),
        ("json", b"{\n"),
        ("dot", b"graph {\n"),
        ("cgsuite", b"e\n"),
    ];
    for (format, head) in heads {
        let got = fed_endless(&["analyze", "--format", format], head, 0);
        let stderr = got.stderr;
        assert_eq!(got.code, 2, "{format}: {stderr}");
        assert!(stderr.starts_with("error: "), "{format}: {stderr}");
        assert!(stderr.contains("--> <stdin>:2:1\n"), "{format}: {stderr}");
        assert!(stderr.len() < 1000, "{stderr}");
        assert!(
            got.fed < 16 << 20,
            "{format}: read {} bytes of zeros",
            got.fed
        );
    }
}

/// A NUL byte anywhere, a comment included, is refused where it is; what comes before it
/// is not analysed, since the input is no text. An error before it comes first, as it
/// would without it.
#[test]
fn a_nul_byte_in_a_comment_is_refused_where_it_is() {
    let (code, stdout, stderr) = run(
        &["analyze", "--format", "hb"],
        b"ground: g\ng-a # hi\0 there\n",
    );
    assert_eq!(code, 2, "{stderr}");
    assert!(stdout.is_empty());
    assert!(stderr.contains("--> <stdin>:2:9\n"), "{stderr}");
    let (code, _, stderr) = run(&["analyze", "--format", "hb"], b"ground: g\ng~a # \0\n");
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("--> <stdin>:2:2\n"), "{stderr}");
    assert!(!stderr.contains("NUL"), "{stderr}");
}

/// `hackenbush analyze -f json /dev/urandom`, or a file of `x` given as hb, JSON or DOT,
/// was read whole (up to 4 GiB) before its first byte was looked at. A byte that cannot
/// begin the format, after blanks and comments, ends the reading there: the format's
/// reader refuses it, located, as it would the whole input; and so for a cgsuite line
/// that never ends (issue 33).
#[test]
fn an_endless_input_that_cannot_begin_its_format_is_refused_at_once() {
    let cases: [(&str, &'static [u8], u8, &str, &str); 5] = [
        (
            "hb",
            b"# a comment\n",
            b'{',
            "2:1",
            "expected an edge like `a-b`",
        ),
        (
            "json",
            b" \n",
            b'x',
            "2:1",
            "expected `{` to start the document",
        ),
        (
            "dot",
            b"/* a comment */ ",
            b'x',
            "1:17",
            "expected `graph` or `digraph`",
        ),
        (
            "dot",
            b"",
            b'{',
            "1:1",
            "expected `graph` or `digraph`, found `{`",
        ),
        (
            "cgsuite",
            b"ee + e\n\n",
            b'x',
            "3:1",
            "unknown edge letter `x`",
        ),
    ];
    for (format, head, byte, at, message) in cases {
        let got = fed_endless(&["analyze", "--format", format], head, byte);
        let stderr = got.stderr;
        let what = format!("{format} after {:?}", String::from_utf8_lossy(head));
        assert_eq!(got.code, 2, "{what}: {stderr}");
        assert!(
            stderr.starts_with(&format!("error: {message}")),
            "{what}: {stderr}"
        );
        assert!(
            stderr.contains(&format!("--> <stdin>:{at}\n")),
            "{what}: {stderr}"
        );
        assert!(stderr.len() < 1000, "{what}: {stderr}");
        assert!(got.fed < 16 << 20, "{what}: read {} bytes", got.fed);
    }
}
