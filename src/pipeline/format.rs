//! Which format an input is read as, and what to say when that goes wrong: the format
//! recognised from an input's first bytes, why a file's extension names none, the advice
//! for an input that looks like another format than the one it is read as, and why
//! `--case N` picks nothing.

use std::path::Path;

use crate::source::{Origin, Source};
use crate::syntax::Format;
use crate::syntax::detect::detect;
use crate::wording::{plural, printable};

use super::Input;

/// The format of `source`, recognised from its first bytes ([`detect`]); or the message
/// to show when they tell none.
///
/// ```
/// use hackenbush::{pipeline::recognise, source::Source, syntax::Format};
///
/// let source = Source::from_text("<stdin>", "ground: g\ng-a\n").unwrap();
/// assert_eq!(recognise(&source), Ok(Format::Hb));
/// ```
pub fn recognise(source: &Source) -> Result<Format, String> {
    detect(source.bytes()).ok_or_else(|| {
        format!(
            "cannot tell the format of {} from its first bytes; use --format (hb, christmas, \
             json, dot or cgsuite); recognised are json (`{{`), dot (`graph`, `digraph`, \
             `strict`), hb (`graph:`, `ground:`, a chain `a-b`), christmas (a number) and \
             cgsuite (a line of e, l, r)",
            printable(source.name())
        )
    })
}

/// Advice for an input that could not be read as `format` although its first bytes are
/// clearly another format's ([`detect`]): how to read it as that one, as the command line
/// says it. `christmas_only` for the commands that read nothing else (`judge`, `check`).
/// `None` when the text does not look like another format, or when only part of the
/// input is at hand (an excerpt of a window).
///
/// ```
/// use hackenbush::{pipeline::{Input, wrong_format_hint}, source::Source, syntax::Format};
///
/// let input = Input::File("graph.txt".into());
/// let source = Source::from_text("graph.txt", "ground: g\ng-a\n").unwrap();
/// assert_eq!(
///     wrong_format_hint(&input, Format::Christmas, &source, false).unwrap(),
///     "this looks like an hb file: try `--format hb graph.txt`"
/// );
/// ```
pub fn wrong_format_hint(
    input: &Input,
    format: Format,
    source: &Source,
    christmas_only: bool,
) -> Option<String> {
    if source.origin() != Origin::default() {
        return None;
    }
    let looks = detect(source.bytes()).filter(|&d| d != format)?;
    let what = match looks {
        Format::Hb => "an hb file",
        Format::Christmas => "a christmas (POJ 3710) file",
        Format::Json => "a JSON file",
        Format::Dot => "a DOT file",
        Format::Cgsuite => "a cgsuite file",
    };
    Some(match (christmas_only, input) {
        (true, Input::File(path)) => format!(
            "this looks like {what}: try `hackenbush analyze {}`",
            path.display()
        ),
        (true, _) => format!("this looks like {what}: try `hackenbush analyze`"),
        (false, Input::File(path)) => format!(
            "this looks like {what}: try `--format {looks} {}`",
            path.display()
        ),
        (false, _) => format!("this looks like {what}: try `--format {looks}`"),
    })
}

/// Why a file of unknown extension has no format, when none is stated.
pub fn unknown_extension(path: &Path) -> String {
    format!(
        "cannot tell the format of {} from its extension; use --format (hb, christmas, json, \
         dot or cgsuite); .hb is hb, .json is json, .in and .txt are christmas, .dot and .gv \
         are dot, .cgs is cgsuite",
        path.display()
    )
}

/// Why `--case N` picks nothing in the input `name`, which holds `positions` positions.
///
/// ```
/// assert_eq!(
///     hackenbush::pipeline::no_such_case("a.in", 1, 3),
///     "a.in holds 1 position: there is no position 3 (--case)"
/// );
/// ```
pub fn no_such_case(name: &str, positions: u64, case: u64) -> String {
    format!(
        "{} holds {positions} position{}: there is no position {case} (--case)",
        printable(name),
        plural(positions as usize)
    )
}
