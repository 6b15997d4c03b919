//! What several commands share: the inputs and their format (`--format`, FILE...), and
//! the budget of the partizan search.

use std::path::PathBuf;

use clap::error::ErrorKind;
use clap::{ArgAction, ArgMatches, Args, FromArgMatches, ValueEnum};

use hackenbush::analysis::partizan::Budget;
use hackenbush::syntax::Format;

/// Input format names for `--format`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum FormatArg {
    /// Native format for people, with `blue:` and `red:` lines (.hb)
    Hb,
    /// POJ 3710 Christmas Game judge format (.in, .txt)
    Christmas,
    /// JSON: graphs, each with its name, ground vertices and edges `[u, v]` or `[u, v, colour]`
    /// (.json)
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

/// Where positions come from: files (or stdin), each in the format `--format` states
/// for it. Read from the flags of [`InputFlags`] and where they stand on the command line.
#[derive(Debug)]
pub struct InputArgs {
    /// The inputs in the order named: standard input alone (`-`) when none is.
    pub inputs: Vec<InputArg>,
}

/// One input named on the command line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InputArg {
    /// The file, or `-` for standard input.
    pub file: PathBuf,
    /// The format stated for it: the last `--format` before it, if any.
    pub format: Option<Format>,
}

/// The flags of [`InputArgs`], as clap reads them.
#[derive(Debug, Args)]
struct InputFlags {
    /// Format of the inputs named after it, whatever their extension [default: a file's
    /// extension tells its format, stdin's first bytes tell its own]
    ///
    /// A second --format states the format of the inputs after it. The extensions: .hb is
    /// hb, .in and .txt are christmas, .json is json, .dot and .gv are dot, .cgs is
    /// cgsuite. --format-all is another name for --format.
    #[arg(short, long, value_enum, alias = "format-all", action = ArgAction::Append)]
    format: Vec<FormatArg>,

    /// Input files; `-` or nothing reads stdin
    #[arg(value_name = "FILE")]
    files: Vec<PathBuf>,
}

impl Args for InputArgs {
    fn augment_args(command: clap::Command) -> clap::Command {
        InputFlags::augment_args(command)
    }

    fn augment_args_for_update(command: clap::Command) -> clap::Command {
        InputFlags::augment_args_for_update(command)
    }
}

impl FromArgMatches for InputArgs {
    fn from_arg_matches(matches: &ArgMatches) -> Result<Self, clap::Error> {
        let flags = InputFlags::from_arg_matches(matches)?;
        let at = |id| matches.indices_of(id).into_iter().flatten();
        let formats: Vec<(usize, Format)> = at("format")
            .zip(flags.format.into_iter().map(Format::from))
            .collect();
        let files = flags.files.into_iter().zip(at("files"));
        let inputs = stated(&formats, files)
            .map_err(|message| clap::Error::raw(ErrorKind::ArgumentConflict, message))?;
        Ok(InputArgs { inputs })
    }

    fn update_from_arg_matches(&mut self, matches: &ArgMatches) -> Result<(), clap::Error> {
        *self = InputArgs::from_arg_matches(matches)?;
        Ok(())
    }
}

/// The inputs, each `(file, where it stands among the arguments)`, with the format the
/// last of `formats` before it states. Refuses standard input named twice (it can be
/// read once), and a `--format` after the last file (it would state nothing).
fn stated(
    formats: &[(usize, Format)],
    files: impl Iterator<Item = (PathBuf, usize)>,
) -> Result<Vec<InputArg>, String> {
    let mut inputs = Vec::new();
    let mut last = None;
    for (file, at) in files {
        let format = formats
            .iter()
            .rev()
            .find(|&&(f, _)| f < at)
            .map(|&(_, f)| f);
        inputs.push(InputArg { file, format });
        last = Some(at);
    }
    stdin_once(inputs.iter().map(|input| &input.file))?;
    match (last, formats.last()) {
        (None, stated) => inputs.push(InputArg {
            file: PathBuf::from("-"),
            format: stated.map(|&(_, f)| f),
        }),
        (Some(last), Some(&(at, format))) if at > last => {
            return Err(format!(
                "--format {format} comes after the last FILE: it states the format of the \
                 inputs named after it, so put it before the FILE it is for"
            ));
        }
        _ => {}
    }
    Ok(inputs)
}

/// The inputs of `judge` and `check`, which read christmas only: the files in the order
/// named, standard input alone (`-`) when none is.
#[derive(Debug)]
pub struct ChristmasFiles {
    pub files: Vec<PathBuf>,
}

/// The flags of [`ChristmasFiles`], as clap reads them.
#[derive(Debug, Args)]
struct ChristmasFlags {
    /// Input files in the christmas format; `-` or nothing reads stdin
    #[arg(value_name = "FILE")]
    files: Vec<PathBuf>,
}

impl Args for ChristmasFiles {
    fn augment_args(command: clap::Command) -> clap::Command {
        ChristmasFlags::augment_args(command)
    }

    fn augment_args_for_update(command: clap::Command) -> clap::Command {
        ChristmasFlags::augment_args_for_update(command)
    }
}

impl FromArgMatches for ChristmasFiles {
    fn from_arg_matches(matches: &ArgMatches) -> Result<Self, clap::Error> {
        let mut files = ChristmasFlags::from_arg_matches(matches)?.files;
        stdin_once(files.iter())
            .map_err(|message| clap::Error::raw(ErrorKind::ArgumentConflict, message))?;
        if files.is_empty() {
            files.push(PathBuf::from("-"));
        }
        Ok(ChristmasFiles { files })
    }

    fn update_from_arg_matches(&mut self, matches: &ArgMatches) -> Result<(), clap::Error> {
        *self = ChristmasFiles::from_arg_matches(matches)?;
        Ok(())
    }
}

/// Refuses `-` named more than once among `files`: standard input can be read once, and
/// a second reading would find it empty.
fn stdin_once<'a>(files: impl Iterator<Item = &'a PathBuf>) -> Result<(), String> {
    if files.filter(|file| file.as_os_str() == "-").count() > 1 {
        return Err(
            "`-` (standard input) is named twice, and it can be read only once: \
                    name it once, or save it to a file and name that"
                .to_string(),
        );
    }
    Ok(())
}

/// How much valuing a graph with blue or red edges may take.
#[derive(Debug, Args)]
pub struct BudgetArgs {
    /// With blue or red edges: the most positions the search of one part of a graph may
    /// value (about 200 bytes each) before the graph is refused (hackenbush docs values)
    #[arg(long, value_name = "N", default_value_t = Budget::DEFAULT.positions)]
    pub max_positions: usize,

    /// With blue or red edges: the most steps of game arithmetic a graph's value may take,
    /// beyond one per position searched, before the graph is refused; as many again for the
    /// position's sum and its comparison with zero, which with --moves (and explain) also
    /// covers every cut's sum and comparison, so a position valued without --moves may be
    /// refused with it (hackenbush docs values)
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

#[cfg(test)]
mod tests {
    use clap::Parser;

    use super::*;

    #[derive(Debug, Parser)]
    struct Reads {
        #[command(flatten)]
        input: InputArgs,
    }

    /// Each input with the format stated for it, as `(file, format)`; or the error.
    fn stated_by(args: &[&str]) -> Result<Vec<(String, Option<Format>)>, String> {
        let words = std::iter::once("reads").chain(args.iter().copied());
        let reads = Reads::try_parse_from(words).map_err(|e| e.to_string())?;
        let inputs = reads.input.inputs.into_iter();
        Ok(inputs
            .map(|i| (i.file.display().to_string(), i.format))
            .collect())
    }

    #[test]
    fn a_format_is_that_of_the_inputs_named_after_it() {
        let (hb, json) = (Some(Format::Hb), Some(Format::Json));
        let read = stated_by(&["a.in", "-f", "hb", "b.txt", "-", "--format=json", "c"]);
        let expected = [("a.in", None), ("b.txt", hb), ("-", hb), ("c", json)];
        assert_eq!(read.unwrap(), expected.map(|(f, s)| (f.to_string(), s)));
        assert_eq!(stated_by(&[]).unwrap(), [("-".to_string(), None)]);
        assert_eq!(
            stated_by(&["--format-all", "hb"]).unwrap(),
            [("-".to_string(), hb)]
        );
        let after = stated_by(&["a.in", "-f", "hb"]).unwrap_err();
        assert!(
            after.contains("--format hb comes after the last FILE"),
            "{after}"
        );
        let twice = stated_by(&["-", "a.in", "-"]).unwrap_err();
        assert!(
            twice.contains("`-` (standard input) is named twice"),
            "{twice}"
        );
    }
}
