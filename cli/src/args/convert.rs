//! `hackenbush convert`'s flags.

use std::path::PathBuf;

use clap::Args;
use hackenbush::problem::Problem;

use super::{FormatArg, InputArgs};

/// `hackenbush convert`.
#[derive(Debug, Args)]
pub struct ConvertArgs {
    /// Inputs.
    #[command(flatten)]
    pub input: InputArgs,

    /// Read the inputs as this judged problem's test data (hackenbush docs judges), each
    /// test case a position: its trees (rooted at vertex 1 on the ground), its parent
    /// array or its stalks, with the problem's colours; christmas for poj3710
    #[arg(
        long,
        value_name = "NAME",
        value_parser = super::judge::problem_parser(),
        conflicts_with = "format"
    )]
    pub problem: Option<Problem>,

    /// The format to write [default: the one the extension of -o names]
    #[arg(short, long, value_enum, value_name = "FORMAT")]
    pub to: Option<FormatArg>,

    /// Only the N-th position (1-based) of each input: a christmas test case, a cgsuite
    /// line, a test case of a --problem
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub case: Option<u64>,

    /// cgsuite only: list the edges in the order of a walk from the ground, as `gen` does,
    /// and leave out those not attached to it; the values and the winning moves stay, the
    /// edge numbers change (the other formats keep every number anyway)
    #[arg(long)]
    pub renumber: bool,

    /// Write to FILE instead of stdout (`-` is stdout). FILE is replaced only once every
    /// position is converted, and never when it is one of the inputs
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,
}
