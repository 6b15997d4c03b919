//! `hackenbush analyze`'s flags.

use clap::Args;

use super::{BudgetArgs, InputArgs};

/// `hackenbush analyze`.
#[derive(Debug, Args)]
pub struct AnalyzeArgs {
    /// Inputs.
    #[command(flatten)]
    pub input: InputArgs,

    /// The search's budget.
    #[command(flatten)]
    pub budget: BudgetArgs,

    /// Print one JSON document (schema: hackenbush docs json) instead of the text report
    #[arg(long)]
    pub json: bool,

    /// Only the N-th position (from 1) of each input of several: a christmas test case,
    /// a cgsuite line
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub case: Option<u64>,

    /// Also list every winning move: each edge whose cut leaves the nim-sum 0 (with blue
    /// and red edges: each player's cuts that win moving first, with the values they leave)
    #[arg(long)]
    pub moves: bool,

    /// Misère play: whoever cuts the last edge loses. Reports who wins and by which rule
    /// (misère Nim on the ground blocks, the edges at the ground, the genus of blocks on
    /// two ground edges, or a search within --max-positions), with --moves each player's
    /// winning cuts (hackenbush docs misere)
    #[arg(long)]
    pub misere: bool,
    /// Write every value whole, however long (a canonical form of more than 1,000
    /// characters is otherwise shortened: hackenbush docs values)
    #[arg(long)]
    pub full: bool,
}
