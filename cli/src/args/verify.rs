//! `hackenbush verify`'s flags.

use clap::Args;

use super::InputArgs;

/// `hackenbush verify`.
#[derive(Debug, Args)]
pub struct VerifyArgs {
    /// Inputs.
    #[command(flatten)]
    pub input: InputArgs,

    /// Largest graph searched, in edges attached to the ground (the search is
    /// exponential; at most 64)
    #[arg(long, value_name = "N", default_value_t = 20,
          value_parser = clap::value_parser!(u16).range(0..=64))]
    pub max_edges: u16,

    /// Print one JSON document (hackenbush docs json): each graph's verdict, both values and
    /// outcomes, the positions searched, and the inputs that failed
    #[arg(long)]
    pub json: bool,

    /// Only the N-th position (from 1) of each input of several: a christmas test case,
    /// a cgsuite line
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub case: Option<u64>,
}
