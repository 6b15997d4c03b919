//! Whole commands, not only the library: `explain`, `dot`, `analyze --moves` and `verify`
//! report each graph as soon as it is read, so a position of very many tiny graphs costs
//! them a few bytes a graph. They held about 1 KB a graph (explain, --moves, verify: the
//! model of every graph of the position; dot: its picture too), 150 to 750 bytes per
//! input byte on the input below.
//!
//! The figure is the child processes' peak resident memory as the kernel counts it
//! (`getrusage`), against a bound of 16 bytes per input byte plus 32 MiB: a debug build
//! needs about 15 MiB here. `scripts/memory.sh` measures the release build on 10 MB.
//!
//! What the commands print goes nowhere: a child is started sharing this process's memory
//! until it runs the binary (vfork), so its peak counts what this process holds then, and
//! the reports of earlier commands kept here (explain's is tens of megabytes) would be
//! counted against the next command.

#![cfg(target_os = "linux")]

use std::io::Write;
use std::process::{Command, Stdio};

#[path = "common/children.rs"]
mod children;

use children::largest_child_peak;

/// 62,500 trees of one edge in one christmas test case: half a megabyte.
fn tiny_trees() -> String {
    let n = 62_500;
    format!("{n}\n{}", "2 1\n1 2\n".repeat(n))
}

#[test]
fn commands_that_model_each_graph_hold_one_graph_at_a_time() {
    let input = tiny_trees();
    let bound = 16 * input.len() as u64 + (32 << 20);
    let mut report = String::new();
    let mut over = false;
    for args in [
        &["analyze", "--format", "christmas"][..],
        &["analyze", "--moves", "--format", "christmas"],
        &["explain", "--format", "christmas"],
        &["dot", "--format", "christmas"],
        &["dot", "--moves", "--reduced", "--format", "christmas"],
        &["verify", "--format", "christmas"],
    ] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_hackenbush"))
            .args(args)
            .env("NO_COLOR", "1")
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the binary starts");
        let mut stdin = child.stdin.take().expect("piped");
        let fed = input.clone();
        let writer = std::thread::spawn(move || stdin.write_all(fed.as_bytes()));
        let run = child.wait_with_output().expect("the binary ends");
        let stderr = String::from_utf8_lossy(&run.stderr);
        assert_eq!(run.status.code(), Some(0), "{args:?}: {stderr}");
        writer.join().unwrap().expect("the whole input is read");
        let peak = largest_child_peak();
        over |= peak > bound;
        report += &format!(
            "{args:?}: largest peak so far {} KiB, {:.1} a byte\n",
            peak >> 10,
            peak as f64 / input.len() as f64
        );
    }
    assert!(!over, "bound {} KiB\n{report}", bound >> 10);
}
