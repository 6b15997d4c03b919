//! `hackenbush judge`'s flags.

use clap::Args;

use super::ChristmasFiles;

/// `hackenbush judge`.
#[derive(Debug, Args)]
pub struct JudgeArgs {
    /// Inputs.
    #[command(flatten)]
    pub input: ChristmasFiles,

    /// One JSON object per line and test case, as each is judged: {"version":2,"case":1,
    /// "nim_sum":2,"winner":"first","verdict":"Sally"}; an error is a line {"version":2,
    /// "error":{..}} (hackenbush docs json)
    #[arg(long)]
    pub json: bool,
}
