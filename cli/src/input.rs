//! The inputs named on the command line, as the library's pipeline
//! ([`hackenbush::pipeline`]) takes them: each file (or `-`, standard input) with the
//! format `--format` states for it.

use std::path::PathBuf;

use hackenbush::pipeline::Input;
use hackenbush::syntax::Format;

use super::args::InputArgs;

/// The input for an optional FILE argument: standard input for none, or `-`.
pub fn from_arg(file: Option<&PathBuf>) -> Input {
    match file {
        Some(f) if f.as_os_str() != "-" => Input::File(f.clone()),
        _ => Input::Stdin,
    }
}

/// The inputs named on the command line (stdin when none is), in order.
pub fn list(args: &InputArgs) -> Vec<Input> {
    (args.inputs.iter())
        .map(|input| from_arg(Some(&input.file)))
        .collect()
}

/// The inputs named on the command line, each with the format stated for it.
pub fn stated(args: &InputArgs) -> Vec<(Input, Option<Format>)> {
    (args.inputs.iter())
        .map(|input| (from_arg(Some(&input.file)), input.format))
        .collect()
}

/// The christmas files of `judge` and `check` (a format is never stated: they read
/// nothing else).
pub fn christmas(files: &[PathBuf]) -> Vec<(Input, Option<Format>)> {
    (files.iter())
        .map(|file| (from_arg(Some(file)), None))
        .collect()
}
