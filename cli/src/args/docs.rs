//! `hackenbush docs`'s argument: the pages of `docs/` built in.

use clap::{Args, ValueEnum};

/// `hackenbush docs`.
#[derive(Debug, Args)]
pub struct DocsArgs {
    /// The page to print
    #[arg(value_enum, value_name = "PAGE")]
    pub page: Option<super::docs::Page>,
}

/// A page of `docs/`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Page {
    /// The five input formats, how the format is chosen, what the counts mean, converting
    Formats,
    /// Green Hackenbush: Sprague-Grundy, the Colon and Fusion Principles, worked examples
    Theory,
    /// Red, blue and green: the notation of values, outcome classes, methods, the budget
    Values,
    /// The JSON of --json, field by field, and which fields are fixed
    Json,
    /// Exit statuses, several inputs, the layout of error messages
    ExitCodes,
    /// `hackenbush check`: the POJ 3710 promises and the report
    Check,
    /// `hackenbush gen`: the shapes, their parameters, the seed guarantee
    Gen,
    /// `hackenbush judge --problem`: the judged problems, their sources, inputs, answers
    Judges,
    /// Misère play (--misere): the rules, what is linear and what is searched, examples
    Misere,
}
