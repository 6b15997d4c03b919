//! `hackenbush play`'s flags, and its help, which comes before the usage.

use std::path::PathBuf;

use clap::{Args, ValueEnum};

use super::FormatArg;

const LONG_ABOUT: &str = "\
Plays a game of Hackenbush against you, from the position in FILE (a bundled example, the \
bowtie, without FILE). The position is shown with every standing edge numbered as in the \
input, graph by graph (the numbers analyze --moves uses); you type the edge to cut as \
GRAPH.EDGE (1.3), or just EDGE when there is one graph. What is no longer connected to \
the ground falls. Whoever cannot cut loses.

The computer plays a winning move whenever it has one. When it has none it cuts what \
leaves the most edges standing, so you have to find the win, not stumble on it.

Commands: an edge, `hint` (a winning move for you, if there is one), `undo` (takes back \
your last move and the reply), `show` (the position again), `quit`. Standard input is read \
one command per line, from a terminal or a pipe; end of input ends the game quietly. The \
last line of a finished game is `You win.` or `I win.`

With blue and red edges you play one side (--side): Left cuts blue and green edges, Right \
red and green ones.

With --misere the game is played misère: whoever cuts the last edge loses (whoever cannot \
cut wins), and the computer plays for that, as perfectly (hackenbush docs misere).";

const AFTER_HELP: &str = "\
Examples:
  hackenbush play
  hackenbush play --first me examples/tour.hb
  hackenbush play --case 2 examples/shapes.in
  hackenbush play --side red examples/red-blue-tree.hb
  hackenbush play --misere examples/bowtie.hb
  printf 'hint\\n2.2\\nhint\\n' | hackenbush play examples/bowtie.hb";

/// `hackenbush play`.
#[derive(Debug, Args)]
#[command(
    before_long_help = LONG_ABOUT,
    after_help = AFTER_HELP,
    help_template = "{about-with-newline}\n{before-help}{usage-heading} {usage}\n\n{all-args}{after-help}"
)]
pub struct PlayArgs {
    /// The position to play (the bowtie of examples/ without it)
    #[arg(value_name = "FILE")]
    pub file: Option<PathBuf>,

    /// The format of FILE, whatever its extension [default: the one its extension tells]
    #[arg(short, long, value_enum)]
    pub format: Option<FormatArg>,

    /// Which position of a file of several (a christmas test case, a cgsuite line), from 1
    #[arg(long, value_name = "N", default_value_t = 1,
          value_parser = clap::value_parser!(u64).range(1..))]
    pub case: u64,

    /// Who cuts first
    #[arg(long, value_enum, default_value_t = First::You)]
    pub first: First,

    /// Your side when there are blue or red edges: blue is Left, red is Right
    #[arg(long, value_enum, default_value_t = SideArg::Blue)]
    pub side: SideArg,

    /// Misère play: whoever cuts the last edge loses, and the computer plays for that,
    /// perfectly (hackenbush docs misere)
    #[arg(long)]
    pub misere: bool,
}

/// `--first`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum First {
    /// You cut first
    You,
    /// The computer cuts first
    Me,
}

/// `--side`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum SideArg {
    /// Left: blue and green edges
    Blue,
    /// Right: red and green edges
    Red,
}
