//! The peak resident memory of the child processes a test ran, for the tests that hold
//! the binary's memory to less than its input: each such test is a target of its own,
//! with one test, since the kernel keeps only the largest of the children waited for.

use nix::sys::resource::{UsageWho, getrusage};

/// The largest peak resident memory of the children waited for so far, in bytes.
pub fn largest_child_peak() -> u64 {
    let usage = getrusage(UsageWho::RUSAGE_CHILDREN).expect("getrusage");
    // Linux counts `ru_maxrss` in KiB.
    usage.max_rss() as u64 * 1024
}

/// Asserts that no child process waited for so far peaked at half of `size` bytes (the
/// input's size) or more.
#[allow(
    dead_code,
    reason = "not every memory test holds memory to half its input"
)]
pub fn assert_children_held_less_than_half_of(size: u64) {
    let peak = largest_child_peak();
    assert!(
        peak < size / 2,
        "peak {} KiB for an input of {} KiB",
        peak >> 10,
        size >> 10
    );
}
