//! `hackenbush verify`'s flags.

use clap::Args;
use hackenbush::game_tree::Limits;

use super::InputArgs;

/// `hackenbush verify`.
#[derive(Debug, Args)]
pub struct VerifyArgs {
    /// Inputs.
    #[command(flatten)]
    pub input: InputArgs,

    /// Largest graph searched, in edges attached to the ground (the search is
    /// exponential; at most 64)
    #[arg(long, value_name = "N", default_value_t = Limits::DEFAULT.edges as u16,
          value_parser = clap::value_parser!(u16).range(0..=64))]
    pub max_edges: u16,

    /// The most positions the game-tree search of one graph may solve before the graph is
    /// refused (exit status 3): about 30 bytes each all green, 150 with blue or red edges,
    /// so the default stays near analyze's memory (a graph of N attached edges has up to 2^N)
    #[arg(long, value_name = "N", default_value_t = Limits::DEFAULT.positions)]
    pub max_positions: usize,

    /// Print one JSON document (hackenbush docs json): each graph's verdict, both values and
    /// outcomes, the positions searched, and the inputs that failed
    #[arg(long)]
    pub json: bool,

    /// Only the N-th position (from 1) of each input of several: a christmas test case,
    /// a cgsuite line
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub case: Option<u64>,

    /// Misère play (whoever cuts the last edge loses): each whole position played out
    /// against the misère analysis, its outcome and every winning first cut of each player
    /// (within --max-edges attached edges in all, and --max-positions; hackenbush docs
    /// misere); with --json, each position's verdict, outcome and winning cuts by both
    #[arg(long)]
    pub misere: bool,
}

impl VerifyArgs {
    /// How far each game-tree search may go.
    pub fn limits(&self) -> Limits {
        Limits {
            edges: usize::from(self.max_edges),
            positions: self.max_positions,
        }
    }
}
