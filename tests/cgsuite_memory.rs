//! A cgsuite input holds one position a line, and is read a block of lines at a time:
//! memory follows a block (or the longest line), not the input. (Before, it was read
//! whole: 3 GB of cgsuite on standard input held 2.9 GB; issue 33.)
//!
//! The figure is the child processes' peak resident memory as the kernel counts it
//! (`getrusage`, the largest of the children waited for: this file holds one test), as
//! `tests/streamed_memory.rs` measures christmas.

#![cfg(target_os = "linux")]

use std::io::Write;
use std::process::{Command, Stdio};

#[path = "common/children.rs"]
mod children;

#[test]
fn a_cgsuite_input_is_held_a_block_of_lines_at_a_time() {
    let path = std::env::temp_dir().join(format!("hackenbush-lines-{}.cgs", std::process::id()));
    // 600,000 lines of two small graphs each, with a comment: 21 MB,
    // written in pieces (a child is started sharing this process's memory until it runs
    // the binary, so what this process holds would count against it).
    let line = "eeeeeeee + e(ee;e:{top};ee)  # *10\n";
    let lines = 600_000;
    let mut file = std::io::BufWriter::new(std::fs::File::create(&path).unwrap());
    for _ in 0..lines {
        file.write_all(line.as_bytes()).unwrap();
    }
    drop(file);
    let size = (line.len() * lines) as u64;
    // Values read once; one position of the last block, read twice (the lean reading
    // first); and standard input.
    for (args, stdin) in [
        (&["analyze"][..], false),
        (&["analyze", "--case", "599999"], false),
        (&["analyze", "--format", "cgsuite", "-"], true),
    ] {
        let stdin = if stdin {
            Stdio::from(std::fs::File::open(&path).unwrap())
        } else {
            Stdio::null()
        };
        let mut command = Command::new(env!("CARGO_BIN_EXE_hackenbush"));
        command.args(args);
        if !args.contains(&"-") {
            command.arg(&path);
        }
        let status = command
            .stdin(stdin)
            .stdout(Stdio::null())
            .status()
            .expect("the binary runs");
        assert!(status.success(), "{args:?}");
    }
    std::fs::remove_file(&path).unwrap();
    children::assert_children_held_less_than_half_of(size);
}
