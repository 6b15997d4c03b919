//! What several commands share: the inputs and their format (`--format`, FILE...), and
//! the budget of the partizan search.

use std::path::PathBuf;

use clap::{Args, ValueEnum};

use hackenbush::analysis::partizan::Budget;
use hackenbush::syntax::Format;

/// Input format names for `--format`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum FormatArg {
    /// Native format for people, with `blue:` and `red:` lines (.hb)
    Hb,
    /// POJ 3710 Christmas Game judge format (.in, .txt)
    Christmas,
    /// JSON: {"graphs":[{"name":..,"ground":[..],"edges":[[u,v],[u,v,"blue"],..]}]} (.json)
    Json,
    /// Graphviz DOT: undirected graphs, ground vertices marked ground=true, color=blue|red
    /// edges (.dot, .gv)
    Dot,
    /// CGSuite Hackenbush strings, e green, l blue, r red: e(ee;e), lrl ... (.cgs)
    Cgsuite,
}

impl From<FormatArg> for Format {
    fn from(f: FormatArg) -> Format {
        match f {
            FormatArg::Hb => Format::Hb,
            FormatArg::Christmas => Format::Christmas,
            FormatArg::Json => Format::Json,
            FormatArg::Dot => Format::Dot,
            FormatArg::Cgsuite => Format::Cgsuite,
        }
    }
}

/// Where positions come from: files (or stdin) and their format.
#[derive(Debug, Args)]
pub struct InputArgs {
    /// Format of stdin and of files whose extension tells none. A file named .hb, .in or
    /// .txt (christmas), .json, .dot or .gv, .cgs keeps that format (--format-all
    /// overrides it); without --format, stdin's format is recognised from its first bytes
    #[arg(short, long, value_enum)]
    pub format: Option<FormatArg>,

    /// Format of every input, whatever its extension (the values of --format)
    #[arg(
        long,
        value_enum,
        value_name = "FORMAT",
        conflicts_with = "format",
        hide_possible_values = true
    )]
    pub format_all: Option<FormatArg>,

    /// Input files; `-` or nothing reads stdin
    #[arg(value_name = "FILE")]
    pub files: Vec<PathBuf>,
}

impl InputArgs {
    /// `--format`, if given.
    pub fn format(&self) -> Option<Format> {
        self.format.map(Into::into)
    }

    /// `--format-all`, if given.
    pub fn format_all(&self) -> Option<Format> {
        self.format_all.map(Into::into)
    }
}

/// How much valuing a graph with blue or red edges may take.
#[derive(Debug, Args)]
pub struct BudgetArgs {
    /// With blue or red edges: the most positions the search of one part of a graph may
    /// value (about 130 bytes each) before the graph is refused (hackenbush docs values)
    #[arg(long, value_name = "N", default_value_t = Budget::DEFAULT.positions)]
    pub max_positions: usize,

    /// With blue or red edges: the most steps of game arithmetic a graph's value may take,
    /// beyond one per position searched, before the graph is refused
    #[arg(long, value_name = "N", default_value_t = Budget::DEFAULT.work)]
    pub max_work: u64,
}

impl BudgetArgs {
    /// The budget asked for.
    pub fn budget(&self) -> Budget {
        Budget {
            positions: self.max_positions,
            work: self.max_work,
            ..Budget::DEFAULT
        }
    }
}
