//! The command line, as clap derive types: every flag of every command is defined here,
//! in a file per command, and turned into work by the command's module (`analyze.rs`
//! reads [`AnalyzeArgs`]). The command modules import this one; it imports none of them.
//! Help texts are written for a newcomer and end with examples.

mod analyze;
mod check;
mod convert;
mod docs;
mod dot;
mod explain;
mod generate;
mod input;
mod judge;
mod play;
mod verify;

use clap::{Args, CommandFactory, FromArgMatches, Parser, Subcommand, ValueEnum};

pub use analyze::AnalyzeArgs;
pub use check::CheckArgs;
pub use convert::ConvertArgs;
pub use docs::{DocsArgs, Page};
pub use dot::{DotArgs, RenderArg};
pub use explain::{CutArg, ExplainArgs};
pub use generate::{CommonArgs, GenArgs, ProblemGenArgs, ShapeArgs};
pub use input::{BudgetArgs, ChristmasFiles, FormatArg, InputArgs};
pub use judge::JudgeArgs;
pub use play::{First, PlayArgs, SideArg};
pub use verify::VerifyArgs;

const ABOUT: &str = "Exact Hackenbush analysis: Grundy values, nim-sums and winners of Green \
Hackenbush, values and outcome classes of Red-Blue-Green Hackenbush.";

const LONG_ABOUT: &str = "\
Exact Hackenbush analysis.

Hackenbush is played on a picture of edges attached to the ground. Players take turns \
cutting one edge; whatever is no longer connected to the ground falls away; whoever \
cannot move loses. In Green Hackenbush either player may cut any edge: every picture has a \
Grundy value *n, a sum of pictures is worth the XOR (nim-sum) of its parts, and the first \
player wins exactly when that is not zero. hackenbush computes these values exactly for any \
multigraph (cycles sharing vertices or edges, loops, parallel edges, several ground \
vertices, detached parts) in linear time.

With blue and red edges (Left cuts blue, Right cuts red, either cuts green), a position is \
worth a partizan game, printed in CGSuite's notation (3/4, 1*, ^, {1|0}), and has an \
outcome class: L (Left wins), R (Right wins), N (the first player wins), P (the second). \
Trees of any size are valued by ordinal sums, other graphs by a budgeted search \
(hackenbush docs values).";

const AFTER_HELP: &str = "\
Examples:
  hackenbush analyze examples/bowtie.hb
  hackenbush analyze --json examples/poj-sample.in
  hackenbush judge < tests.in

Exit status: 0 on success, 1 when check or verify finds a problem, 2 on bad input or usage \
(hackenbush docs exit-codes).";

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
    /// When to colour: `auto` colours a terminal unless NO_COLOR is set (CLICOLOR_FORCE
    /// other than 0 colours pipes too); `always` and `never` override both variables
    #[arg(long, value_enum, value_name = "WHEN", default_value_t = ColorArg::Auto, global = true)]
    pub color: ColorArg,

    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

impl Cli {
    /// The command line of this process, parsed. What is refused once clap has read the
    /// arguments (where `--format` stands among the inputs: [`InputArgs`]) shows the usage
    /// of the command it is about, as clap's own errors do.
    pub fn from_args() -> Result<Cli, clap::Error> {
        let mut command = Cli::command();
        let matches = command.try_get_matches_from_mut(std::env::args_os())?;
        Cli::from_arg_matches(&matches).map_err(|e| {
            match (matches.subcommand_name()).and_then(|name| command.find_subcommand_mut(name)) {
                Some(subcommand) => e.format(subcommand),
                None => e.format(&mut command),
            }
        })
    }
}

/// `--color WHEN`. The rule, first match wins: the flag (`always`, `never`), then
/// `NO_COLOR` set and not empty (never), then `CLICOLOR_FORCE` set, not empty and not
/// `0` (always), then `CLICOLOR=0` (never), then whether the stream is a terminal that
/// can show colour (`TERM` set and not `dumb`). `output` applies it (docs/exit-codes.md).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum ColorArg {
    /// Colour a terminal, unless NO_COLOR is set; colour pipes and files too when
    /// CLICOLOR_FORCE is set to anything but 0
    #[default]
    Auto,
    /// Colour, even a pipe or a file (`| less -R`), whatever NO_COLOR says
    Always,
    /// Never colour, whatever CLICOLOR_FORCE says
    Never,
}

impl ColorArg {
    /// The choice as `anstream` takes it.
    pub fn choice(self) -> anstream::ColorChoice {
        match self {
            ColorArg::Auto => anstream::ColorChoice::Auto,
            ColorArg::Always => anstream::ColorChoice::Always,
            ColorArg::Never => anstream::ColorChoice::Never,
        }
    }

    /// The `--color` written among `args` (the last one, before any `--`), for clap's
    /// own messages (help, usage errors), which are printed when the arguments could
    /// not be parsed.
    pub fn written<I: IntoIterator<Item = std::ffi::OsString>>(args: I) -> Option<ColorArg> {
        let mut args = args.into_iter().skip(1);
        let mut found = None;
        while let Some(arg) = args.next() {
            let Some(arg) = arg.to_str() else { continue };
            let value = match arg {
                "--" => break,
                "--color" => args.next(),
                _ => arg.strip_prefix("--color=").map(Into::into),
            };
            if let Some(value) = value.as_ref().and_then(|v| v.to_str()) {
                found = ColorArg::from_str(value, false).ok().or(found);
            }
        }
        found
    }
}

/// The commands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Value of every graph, and the value and winner of every position
    #[command(
        long_about = "\
Reports, for every position, the Grundy value of each graph (as *n), the nim-sum of the \
position and who wins with best play. A position with blue or red edges gets each graph's \
value and the position's in CGSuite's notation (3/4, ^*, {1|0}), its outcome class (L, R, \
N or P) and how each value was found (green, tree or searched); a graph whose value is \
beyond the search's budget is the position's error (hackenbush docs values).

A file is one position (hb, JSON, DOT) or a sequence of positions: one per test case \
(christmas), one per line (cgsuite). Edges not connected to the ground are ignored, and the report says how many.",
        after_help = "\
Examples:
  hackenbush analyze examples/bowtie.hb
  hackenbush analyze examples/*.hb examples/*.json
  hackenbush analyze --json examples/poj-sample.in
  hackenbush analyze --moves examples/red-blue-tree.hb
  cat position.json | hackenbush analyze
  hackenbush analyze examples/poj-sample.in -f hb - < position.txt
  hackenbush analyze --format cgsuite strings.txt

The formats are described by `hackenbush docs formats`, the JSON output by `hackenbush \
docs json`, the values by `hackenbush docs values`."
    )]
    Analyze(AnalyzeArgs),

    /// Contest judge: one answer line per test case (POJ 3710, or --problem NAME)
    #[command(
        long_about = "\
Reads test cases in the POJ 3710 \"Christmas Game\" format and prints one line per test \
case: `Sally` if the first player wins, `Harry` otherwise. Nothing else goes to stdout. \
Several files are judged in turn, their verdicts one after the other.

--problem NAME judges another problem's input, answering as its statement asks: agc017d \
(AtCoder AGC017 D, Alice/Bob), hdu3094 (HDU 3094, Alice/Bob), jutge-p61396 (Jutge P61396, \
L or the smallest winning node), kattis-hackenbushbamboo and kattis-hackenbushshrubbery \
(Kattis, *k), hdu3590 (HDU 3590, misere forests, PP/QQ), kattis-hackenbushpurplehearts \
(Kattis, red-blue forests, the value p/2^q), codechef-gerald08 (CodeChef GERALD08, \
red-blue trees, Chef Chef/Ksen Ksen/Ksen Chef). Their inputs and sources: hackenbush \
docs judges.

Unlike the usual contest solutions, the answer is exact for every shape: polygons sharing \
vertices or edges, theta graphs, K4, loops, parallel edges. If an input is malformed, the \
verdicts of its complete test cases before the error are printed, the error goes to \
stderr, the files after it are still judged, and the exit status is 2.

The input is streamed (read 32 KiB at a time), so memory follows the largest test case, \
not the file. When there is more than one batch of test cases, the next batch is parsed \
on a second core while the current one is judged; a tree that fills a file of 4 MiB or \
more is read on both cores, its second half through a second handle on the file. \
RAYON_NUM_THREADS=1 keeps to one core.",
        after_help = "\
Examples:
  hackenbush judge examples/poj-sample.in
  hackenbush judge < tests.in > answers.out
  hackenbush judge --json examples/poj-sample.in | jq -c .nim_sum
  hackenbush judge --problem agc017d < game-on-tree.in

The format: a line N (number of trees), then per tree a line `m k` (vertices 1..m, k \
edges) and k lines `u v`; vertex 1 is the ground (hackenbush docs formats)."
    )]
    Judge(JudgeArgs),

    /// Step-by-step derivation of the value, and a winning move with the reason it wins
    #[command(
        long_about = "\
Explains each position the way you would work it out by hand: the ground vertices fused, \
the edges that cannot reach the ground dropped, every block of edges on cycles fused into \
one vertex with loops (Fusion Principle: odd -> a twig, even -> a point), the Colon \
Principle applied from the leaves down to the ground with each intermediate value, the \
nim-sum (written out in binary for up to 16 graphs, showing which graph must change), and \
one winning move with the value it leaves and why that wins. A graph of up to 20 attached \
edges also gets its option table: every cut, the value it leaves, and their mex, which is \
the value (the definition beside the shortcut). --cut EDGE asks what if that edge is cut.

With blue and red edges: the split at the ground into summands, each tree's branches \
valued from the leaves down by ordinal sums (a branch is its edge's game `:` the value \
above it), searched parts with how many positions they took, the sum, the outcome class, \
and each player's first winning cut.

Colour follows --color: by default a terminal is coloured unless NO_COLOR is set; \
--color always colours a pipe too, for a pager that shows it (less -R).",
        after_help = "\
Examples:
  hackenbush explain examples/bowtie.hb
  hackenbush explain --color always examples/bowtie.hb | less -R
  hackenbush explain examples/poj-sample.in examples/drawn.dot
  hackenbush explain --cut 2.2 examples/bowtie.hb
  hackenbush explain --case 2 examples/shapes.in
  hackenbush explain examples/mixed-cycle.hb"
    )]
    Explain(ExplainArgs),

    /// Play a position against a perfect opponent, at a terminal or through a pipe
    Play(PlayArgs),

    /// Pictures: Graphviz DOT of the position, or SVG/PNG/PDF through Graphviz
    #[command(
        long_about = "\
Draws each position as a Graphviz DOT graph: the ground as a row of boxes at the bottom, \
every edge in its Hackenbush colour (color=green, blue or red: the picture reads back with \
--format dot) and labelled with its number in the input, every vertex with the value of \
what hangs above it; the vertices of each cycle-block filled grey (the other edges are \
bridges), edges not attached to the ground dashed. The graphs of a position stand side by \
side, each titled with its name and value, under the title (the file's name, or --title) \
and over a legend. A graph with blue or red edges is titled with its partizan value \
(CGSuite notation) and shows no Grundy values. For a quiz, --no-values leaves out every \
value and the winner, --no-numbers the edges' numbers, --no-legend the legend.

--moves draws the winning moves thick (in all-green positions only); --reduced draws the \
reduction instead (each block fused to one vertex with its twig, joined by the bridges), \
which shows why the value is what it is (all-green graphs only). --render runs Graphviz `dot` (it must be installed) to make SVG, PNG or PDF; \
a Graphviz that has not finished after --timeout seconds is stopped.

-o FILE is written only with a complete picture (written beside it, then renamed over \
it), so FILE is left as it was when an input fails; and never when FILE is one of the \
inputs, whatever path names it.",
        after_help = "\
Examples:
  hackenbush dot examples/bowtie.hb > bowtie.dot
  hackenbush dot --moves --render svg -o bowtie.svg examples/bowtie.hb
  hackenbush dot --reduced examples/tour.hb | dot -Tpng > tour.png
  hackenbush dot --case 2 --render png -o case2.png examples/shapes.in
  hackenbush dot --no-values --no-legend --title 'Who wins?' --render svg -o quiz.svg \\
    examples/bowtie.hb"
    )]
    Dot(DotArgs),

    /// Check Christmas Game judge data against the POJ 3710 guarantees
    Check(CheckArgs),

    /// Generate positions: stalks, trees, POJ cases, cacti, multigraphs, paths, cycles
    Gen(GenArgs),

    /// Convert positions between formats, every edge keeping its number
    #[command(
        long_about = "\
Reads positions in any format and writes them in another: hb, christmas, json, dot or \
cgsuite. Every graph and every edge stays where it was: edge j of a graph of the output is \
edge j of that graph of the input, so the values, the winning moves and the edge numbers \
in every report stay the same. Vertex names may not: christmas numbers the vertices (1 is \
the ground, every ground vertex fused into it), cgsuite makes up labels, dot shows the \
names in labels and reads back its node ids.

A position the format cannot hold is refused at the place in the input, with the reason: \
a blue or red edge in christmas (green only), a vertex name hb cannot spell, and in \
cgsuite an edge not attached to the ground or an edge order no CGSuite string keeps (a \
string is a walk up from the ground: after an edge comes one from its top, or from a \
vertex on the way back down). Judge data is rarely in such an order: --renumber lets \
cgsuite list the edges its own way, keeping the values and the winning moves but not the \
edge numbers.

christmas and cgsuite files hold several positions (a test case, a line each); an hb, \
json or dot file holds one, so several positions are refused unless --case N picks one.

--problem NAME reads a judged problem's test data instead (hackenbush docs judges), each \
test case a position: a tree rooted at vertex 1 is a graph whose ground is vertex 1, its \
vertices keeping their numbers; a parent array is a graph whose ground is `ground`, edge i \
reaching vertex i; stalks are graphs `stalk K`, up to 100000000 edges in all (judge values \
any height). The red-blue problems' colours are kept (blue is Left's: Kattis's B, \
CodeChef's 0), so they cannot be written in christmas. HDU 3590's test cases are misère: \
analyze them with --misere.

Positions are written as they are converted. After an error nothing more is written, so \
the output is the positions before it, but every input is still read and every error \
reported. -o FILE is written only when everything was converted (beside it, then renamed \
over it), and never when FILE is one of the inputs.",
        after_help = "\
Examples:
  hackenbush convert --to cgsuite examples/poj-sample.in
  hackenbush convert examples/bowtie.hb -o bowtie.json
  hackenbush convert --to hb --case 2 examples/shapes.in
  hackenbush convert --to christmas examples/green-girl.cgs
  hackenbush convert --problem hdu3094 --to hb --case 2 tests.in
  hackenbush gen poj --count 5 | hackenbush convert --to cgsuite --renumber

The formats are described by `hackenbush docs formats`."
    )]
    Convert(ConvertArgs),

    /// Check the analysis against an exhaustive game-tree search of your position
    #[command(
        long_about = "\
Plays your position out: an exhaustive game-tree search that knows only the rules (cut an \
edge, drop what no longer reaches the ground, mex over the options) computes every graph's \
value and, for every edge, what cutting it leaves. The results are compared with the fast \
analysis (Fusion and Colon Principles, and the block-based winning-move search).

A graph with blue or red edges is played by its colours (Left cuts blue, Right red, either \
green): the search finds who wins, Left first and Right first, and builds each position's \
value in canonical form from its options; the value, the winner and the value after every \
cut are compared with the red-blue-green analysis, and the position's sum of values with \
the sum of the game trees'.

The search is exponential, so graphs with more than --max-edges edges attached to the \
ground are refused (reported, exit status 2); the others are still verified. When stderr \
is a terminal, a search that takes more than a second shows there which graph it is on and \
how many positions it has searched.

Exit status: 0 when everything agrees, 1 if the analysis and the game tree disagree (a bug: \
please report it with the input), 2 on bad input or a graph too large.",
        after_help = "\
Examples:
  hackenbush verify examples/bowtie.hb
  hackenbush verify --max-edges 24 examples/tour.hb
  hackenbush verify --case 2 examples/shapes.in"
    )]
    Verify(VerifyArgs),

    /// Shell completions for bash, zsh, fish, elvish or PowerShell, on stdout
    #[command(
        long_about = "\
Prints the completion script of hackenbush for SHELL on stdout: commands, flags, format \
names and shapes complete with Tab. The script is generated from the same definition as \
the command line, so it is always that of this version. Write it where your shell looks \
for completions, then start a new shell.",
        after_help = "\
Examples:
  hackenbush completions bash > ~/.local/share/bash-completion/completions/hackenbush
  hackenbush completions zsh > ~/.zfunc/_hackenbush   # with fpath+=~/.zfunc before compinit
  hackenbush completions fish > ~/.config/fish/completions/hackenbush.fish
  hackenbush completions elvish >> ~/.config/elvish/rc.elv
  hackenbush completions powershell >> $PROFILE"
    )]
    Completions(CompletionsArgs),

    /// The manual page, in roff, on stdout
    #[command(
        long_about = "\
Prints the manual page of hackenbush (man(7) roff) on stdout, made from the same text as \
--help: the description, the options and the commands. With COMMAND, the page of that \
command (hackenbush-COMMAND(1)) with all its options.",
        after_help = "\
Examples:
  hackenbush man | man -l -
  hackenbush man > ~/.local/share/man/man1/hackenbush.1
  hackenbush man analyze > ~/.local/share/man/man1/hackenbush-analyze.1"
    )]
    Man(ManArgs),

    /// The documentation pages (formats, theory, values, json, ...), on stdout
    #[command(
        long_about = "\
Prints a page of hackenbush's documentation, in Markdown, on stdout; without PAGE, the \
list of pages. The pages are built into the program: they are those of its version, \
wherever it is installed.",
        after_help = "\
Examples:
  hackenbush docs
  hackenbush docs formats | less
  hackenbush docs values"
    )]
    Docs(DocsArgs),
}

/// `hackenbush completions`.
#[derive(Debug, Args)]
pub struct CompletionsArgs {
    /// The shell to complete in
    #[arg(value_enum, value_name = "SHELL")]
    pub shell: clap_complete::Shell,
}

/// `hackenbush man`.
#[derive(Debug, Args)]
pub struct ManArgs {
    /// The page of this command instead of the whole program's (analyze, judge, ...)
    #[arg(value_name = "COMMAND")]
    pub command: Option<String>,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn written(args: &[&str]) -> Option<ColorArg> {
        ColorArg::written(
            std::iter::once("hackenbush")
                .chain(args.iter().copied())
                .map(Into::into),
        )
    }

    #[test]
    fn the_color_written_is_found_before_parsing() {
        assert_eq!(
            written(&["--color", "always", "--help"]),
            Some(ColorArg::Always)
        );
        assert_eq!(
            written(&["explain", "--color=never", "x"]),
            Some(ColorArg::Never)
        );
        assert_eq!(
            written(&["--color=never", "--color", "always"]),
            Some(ColorArg::Always)
        );
        assert_eq!(written(&["--color", "sometimes", "--bad"]), None);
        assert_eq!(written(&["analyze", "--", "--color=always"]), None);
        assert_eq!(written(&["--color"]), None);
    }

    #[test]
    fn the_command_line_is_consistent() {
        use clap::CommandFactory;
        Cli::command().debug_assert();
    }
}
