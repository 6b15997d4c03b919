//! `hackenbush dot`'s flags.

use std::path::PathBuf;

use clap::{Args, ValueEnum};

use super::InputArgs;

/// Output formats of `dot --render`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum RenderArg {
    /// Scalable vector graphics
    Svg,
    /// PNG bitmap
    Png,
    /// PDF document
    Pdf,
}

/// `hackenbush dot`.
#[derive(Debug, Args)]
pub struct DotArgs {
    /// Inputs.
    #[command(flatten)]
    pub input: InputArgs,

    /// Draw the winning moves thick (all-green positions only)
    #[arg(long)]
    pub moves: bool,

    /// Title each picture with who wins in misère play (whoever cuts the last edge loses)
    /// and by which rule; the graphs' values stay those of normal play (hackenbush docs
    /// misere)
    #[arg(long, conflicts_with = "moves")]
    pub misere: bool,

    /// Draw the reduction: each block fused to one vertex, joined by the bridges
    #[arg(long)]
    pub reduced: bool,

    /// Leave out every value: the vertices' *n, the graphs' values, the position's sum
    /// and winner (a picture for a quiz)
    #[arg(long)]
    pub no_values: bool,

    /// Leave out the edges' numbers
    #[arg(long)]
    pub no_numbers: bool,

    /// Leave out the legend
    #[arg(long)]
    pub no_legend: bool,

    /// The title over each picture [default: the file's name, with #N for position N of a
    /// file of several]
    #[arg(long, value_name = "TEXT")]
    pub title: Option<String>,

    /// Only the N-th position (from 1) of each input of several: a christmas test case,
    /// a cgsuite line
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub case: Option<u64>,

    /// Render with Graphviz `dot` instead of printing DOT text
    #[arg(long, value_enum, value_name = "FORMAT")]
    pub render: Option<RenderArg>,

    /// With --render: stop Graphviz if it has not finished after SECONDS (0: no limit)
    #[arg(long, value_name = "SECONDS",
          default_value_t = hackenbush::report::picture::RENDER_TIMEOUT.as_secs())]
    pub timeout: u64,

    /// Write to FILE instead of stdout (`-` is stdout). FILE is replaced only by a
    /// complete picture, and never when it is one of the inputs
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,
}
