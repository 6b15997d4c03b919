//! `hackenbush judge`'s flags.

use std::path::PathBuf;

use clap::Args;

/// `hackenbush judge`.
#[derive(Debug, Args)]
pub struct JudgeArgs {
    /// Input file in the christmas format; `-` or nothing reads stdin
    #[arg(value_name = "FILE")]
    pub file: Option<PathBuf>,

    /// One JSON object per line and test case, as each is judged: {"version":1,"case":1,
    /// "nim_sum":2,"winner":"first","verdict":"Sally"}; an error is a line {"version":1,
    /// "error":{..}} (hackenbush docs json)
    #[arg(long)]
    pub json: bool,
}
