//! `hackenbush judge`'s flags.

use clap::Args;
use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use hackenbush::problem::Problem;

use super::ChristmasFiles;

/// `hackenbush judge`.
#[derive(Debug, Args)]
pub struct JudgeArgs {
    /// Inputs.
    #[command(flatten)]
    pub input: ChristmasFiles,

    /// The problem whose input is read and whose answers are printed (hackenbush docs
    /// judges); the inputs are in its format, not christmas
    #[arg(
        long,
        value_name = "NAME",
        default_value = "poj3710",
        value_parser = problem_parser(),
    )]
    pub problem: Problem,

    /// One JSON object per line and test case, as each is judged: {"version":2,"case":1,
    /// "nim_sum":2,"winner":"first","verdict":"Sally"}; an error is a line {"version":2,
    /// "error":{..}} (hackenbush docs json). The Christmas judge's: not with --problem
    #[arg(long, conflicts_with = "problem")]
    pub json: bool,
}

/// `--problem NAME`: one of [`Problem::ALL`], listed in the help and the completions with
/// each problem's title (without its quotation marks, which a fish completion script
/// cannot hold there).
pub(super) fn problem_parser() -> impl TypedValueParser<Value = Problem> {
    PossibleValuesParser::new(
        Problem::ALL.map(|problem| {
            PossibleValue::new(problem.name()).help(problem.title().replace('"', ""))
        }),
    )
    .map(|name| name.parse::<Problem>().expect("a name of Problem::ALL"))
}
