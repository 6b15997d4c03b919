//! `hackenbush explain`'s flags.

use clap::Args;

use hackenbush::play::EdgeRef;

use super::{BudgetArgs, InputArgs};

/// `hackenbush explain`.
#[derive(Debug, Args)]
pub struct ExplainArgs {
    /// Inputs.
    #[command(flatten)]
    pub input: InputArgs,

    /// What if EDGE is cut: what falls, which values change, and whether the cut wins
    /// and why. EDGE is GRAPH.EDGE (2.3), or EDGE when the position has one graph
    #[arg(long, value_name = "EDGE", value_parser = parse_cut)]
    pub cut: Option<CutArg>,

    /// The search's budget.
    #[command(flatten)]
    pub budget: BudgetArgs,

    /// Only the N-th position (from 1) of each input of several: a christmas test case,
    /// a cgsuite line
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub case: Option<u64>,
    /// Write every value whole, however long (a canonical form of more than 1,000
    /// characters is otherwise shortened: hackenbush docs values)
    #[arg(long)]
    pub full: bool,

    /// Misère play (whoever cuts the last edge loses): the ground blocks, the rule that
    /// decides and why, its cases, and every winning first cut (hackenbush docs misere)
    #[arg(long, conflicts_with = "cut")]
    pub misere: bool,
}

/// `--cut`: `GRAPH.EDGE`, or `EDGE` alone, both from 1 ([`EdgeRef::parse`]); which graph
/// `EDGE` alone names is known once the position is read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CutArg(String);

impl CutArg {
    /// The edge as written, known to be `GRAPH.EDGE` or `EDGE`.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl std::fmt::Display for CutArg {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// Reads `--cut`.
fn parse_cut(text: &str) -> Result<CutArg, String> {
    // In a position of one graph, both forms name an edge.
    match EdgeRef::parse(text, 1) {
        Some(_) => Ok(CutArg(text.to_string())),
        None => Err("expected GRAPH.EDGE (like 2.3) or EDGE, numbered from 1".to_string()),
    }
}
