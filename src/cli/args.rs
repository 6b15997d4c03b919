//! The command line, as clap derive types. Help texts are written for a newcomer and
//! end with examples.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};

use hackenbush::syntax::Format;

const ABOUT: &str = "Exact Green Hackenbush analysis: Grundy values, nim-sums and winners \
for any picture of edges attached to the ground.";

const LONG_ABOUT: &str = "\
Exact Green Hackenbush analysis.

Green Hackenbush is played on a picture of edges attached to the ground. Players take \
turns cutting one edge; whatever is no longer connected to the ground falls away; whoever \
cannot move loses. Every picture has a Grundy value *n; a sum of pictures is worth the XOR \
(nim-sum) of its parts, and the first player wins exactly when that is not zero.

hackenbush computes these values exactly for any multigraph (cycles sharing vertices or \
edges, loops, parallel edges, several ground vertices, detached parts) in linear time.";

const AFTER_HELP: &str = "\
Examples:
  hackenbush analyze examples/bowtie.hb
  hackenbush analyze --json examples/poj-sample.in
  hackenbush judge < tests.in

Exit status: 0 on success, 2 on bad input or usage (see docs/exit-codes.md).";

/// `hackenbush`: the command line.
#[derive(Debug, Parser)]
#[command(
    name = "hackenbush",
    version,
    about = ABOUT,
    long_about = LONG_ABOUT,
    after_help = AFTER_HELP,
    propagate_version = true,
    max_term_width = 100
)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The commands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Value of every graph, nim-sum and winner of every position
    #[command(
        long_about = "\
Reports, for every position, the Grundy value of each graph (as *n), the nim-sum of the \
position and who wins with best play.

A file is one position (hb, JSON) or a sequence of test cases, each one position \
(christmas). Edges not connected to the ground are ignored, and the report says how many.",
        after_help = "\
Examples:
  hackenbush analyze examples/bowtie.hb
  hackenbush analyze examples/*.hb examples/*.json
  hackenbush analyze --json examples/poj-sample.in
  cat position.hb | hackenbush analyze --format hb

Formats are described in docs/formats.md, the JSON output in docs/json.md."
    )]
    Analyze(AnalyzeArgs),

    /// Christmas Game (POJ 3710) judge: Sally or Harry per test case
    #[command(
        long_about = "\
Reads test cases in the POJ 3710 \"Christmas Game\" format and prints one line per test \
case: `Sally` if the first player wins, `Harry` otherwise. Nothing else goes to stdout.

Unlike the usual contest solutions, the answer is exact for every shape: polygons sharing \
vertices or edges, theta graphs, K4, loops, parallel edges. If the input is malformed, the \
verdicts of the complete test cases before the error are printed, the error goes to \
stderr, and the exit status is 2.",
        after_help = "\
Examples:
  hackenbush judge examples/poj-sample.in
  hackenbush judge < tests.in > answers.out

The format: a line N (number of trees), then per tree a line `m k` (vertices 1..m, k \
edges) and k lines `u v`; vertex 1 is the ground. See docs/formats.md."
    )]
    Judge(JudgeArgs),
}

/// Input format names for `--format`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum FormatArg {
    /// Native format for people (.hb)
    Hb,
    /// POJ 3710 Christmas Game judge format (.in, .txt)
    Christmas,
    /// JSON: {"graphs":[{"name":..,"ground":[..],"edges":[[u,v],..]}]} (.json)
    Json,
}

impl From<FormatArg> for Format {
    fn from(f: FormatArg) -> Format {
        match f {
            FormatArg::Hb => Format::Hb,
            FormatArg::Christmas => Format::Christmas,
            FormatArg::Json => Format::Json,
        }
    }
}

/// `hackenbush analyze`.
#[derive(Debug, Args)]
pub struct AnalyzeArgs {
    /// Input format; by default the extension decides (.hb, .json; .in and .txt are
    /// christmas). Required when reading stdin.
    #[arg(short, long, value_enum)]
    pub format: Option<FormatArg>,

    /// Print one JSON document (schema in docs/json.md) instead of the text report
    #[arg(long)]
    pub json: bool,

    /// Input files; `-` or nothing reads stdin
    #[arg(value_name = "FILE")]
    pub files: Vec<PathBuf>,
}

/// `hackenbush judge`.
#[derive(Debug, Args)]
pub struct JudgeArgs {
    /// Input file in the christmas format; `-` or nothing reads stdin
    #[arg(value_name = "FILE")]
    pub file: Option<PathBuf>,
}
