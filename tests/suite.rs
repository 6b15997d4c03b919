//! The integration tests, one target: every suite below links the library and the
//! binary once (twenty targets each linked the whole crate). The memory tests are targets
//! of their own (`tests/memory.rs` counts this process's heap with its own allocator;
//! `process_memory.rs`, `streamed_memory.rs` and `cgsuite_memory.rs` measure child
//! processes, which a busy test process beside them would distort).
//!
//! Files are named after what they check; `common` and `brute` are what several share.

mod brute;
mod check;
mod cli;
mod common;
mod completions;
mod convert;
mod crosscheck;
mod dot;
mod dot_input;
mod explain;
mod fixtures;
mod formats;
mod forms;
mod generate;
mod hardening;
mod inputs;
mod json;
mod judges;
mod man;
mod misere;
mod moves;
mod output_files;
mod partizan;
mod play;
mod streaming;
mod terminal_safety;
