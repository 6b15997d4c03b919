//! `hackenbush check`'s flags, and its help, which comes before the usage.

use clap::Args;

use hackenbush::problem::Problem;

use super::ChristmasFiles;

const LONG_ABOUT: &str = "\
Lists every broken promise of the POJ 3710 \"Christmas Game\" statement in test data of \
the christmas format, each with its place in the input (file:line:column) and a short \
description of the offending shape.

Promised: fewer than 100 trees per test case (N < 100), fewer than 100 vertices (m < 100) \
and 500 edges (k < 500) per tree, vertex 1 (the root) present, and each tree a tree with \
some simple polygons: no loops, every edge connected to vertex 1, every vertex 1..m used, \
each edge in at most one polygon (no theta shape, no K4, no polygons sharing an edge, no \
third parallel edge), and each polygon meeting the rest of its tree at one vertex only. \
Two parallel edges are a 2-edge polygon (a digon), allowed unless --no-digons.

--problem NAME checks another judged problem's data, in its own input, against its \
statement: the bounds on T, N and the sum of N, each tree a tree (no loop, no edge given \
twice, no cycle, every vertex connected to vertex 1), parents before children in parent \
arrays, stalk heights and forest depths (hackenbush docs check).

The first 20 violations are shown with their input line and a caret, the others one per \
line; a summary line ends the report of each file (named, when there are several). The analysis itself (analyze, judge) stays exact \
whatever the shape: check only reports.

Exit status: 0 when the data keeps every promise, 1 when something is violated, 2 when \
an input cannot be read or is malformed (a located error on stderr; the violations found \
before it are still listed).";

const AFTER_HELP: &str = "\
Examples:
  hackenbush check tests.in
  hackenbush check --no-digons < tests.in
  hackenbush check --short tests.in | head
  hackenbush check --json tests.in
  hackenbush check --problem agc017d game-on-tree.in

What is checked, and how to read the report: hackenbush docs check.";

/// `hackenbush check`.
#[derive(Debug, Args)]
// The subcommand's one-line doc comment (in `mod.rs`) overrides any `long_about` given
// here, so the long description is `before_long_help`, placed after the about line by
// the template.
#[command(
    before_long_help = LONG_ABOUT,
    after_help = AFTER_HELP,
    help_template = "{about-with-newline}\n{before-help}{usage-heading} {usage}\n\n{all-args}{after-help}"
)]
pub struct CheckArgs {
    /// Inputs.
    #[command(flatten)]
    pub input: ChristmasFiles,

    /// Report two parallel edges (a 2-edge polygon, a digon) as a violation (POJ 3710
    /// data, without --problem)
    #[arg(long, conflicts_with = "problem")]
    pub no_digons: bool,

    /// The problem whose input is read and whose statement's promises are checked
    /// (hackenbush docs judges); POJ 3710's when not given
    #[arg(long, value_name = "NAME", value_parser = super::judge::problem_parser())]
    pub problem: Option<Problem>,

    /// One line per violation (file:line:column: ...), without the input line and caret
    #[arg(long, conflicts_with = "json")]
    pub short: bool,

    /// Print one JSON document: every violation located, the totals, and the input's
    /// error if any (hackenbush docs json)
    #[arg(long)]
    pub json: bool,
}
