//! `analyze` reads christmas inputs as the judge does, in batches through a small window:
//! its memory follows a batch of test cases, not the input. (Before, it held the whole
//! input: a file of a million small cases cost its size.)
//!
//! The figure is the child process's peak resident memory as the kernel counts it
//! (`getrusage`, the largest of the children waited for: this file holds one test).

#![cfg(target_os = "linux")]

use std::io::Write;
use std::process::{Command, Stdio};

#[path = "common/children.rs"]
mod children;

#[test]
fn analyze_holds_a_batch_of_christmas_cases_not_the_input() {
    let path = std::env::temp_dir().join(format!("hackenbush-cases-{}.in", std::process::id()));
    // Three million test cases of one edge: 30 MB, written in pieces (a child is started
    // sharing this process's memory until it runs the binary, so what this process
    // holds would count against it).
    let case = "1\n2 1\n1 2\n";
    let cases = 3_000_000;
    let mut file = std::io::BufWriter::new(std::fs::File::create(&path).unwrap());
    for _ in 0..cases {
        file.write_all(case.as_bytes()).unwrap();
    }
    drop(file);
    let size = (case.len() * cases) as u64;
    for args in [&["analyze", "--case", "1"][..], &["judge"]] {
        let status = Command::new(env!("CARGO_BIN_EXE_hackenbush"))
            .args(args)
            .arg(&path)
            .stdout(Stdio::null())
            .status()
            .expect("the binary runs");
        assert!(status.success(), "{args:?}");
    }
    std::fs::remove_file(&path).unwrap();
    children::assert_children_held_less_than_half_of(size);
}
