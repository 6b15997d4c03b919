//! `hackenbush convert`: positions from one format to another, every edge keeping its
//! number ([`hackenbush::convert`]); what the format cannot hold is refused at its place
//! in the input. With `--problem NAME`, the inputs are a judged problem's test data, each
//! test case a position ([`Compute::Cases`]). With `--renumber`, cgsuite is written as `hackenbush gen` writes it
//! ([`cgsuite::write`](hackenbush::syntax::cgsuite::write()): the edges in the order of a walk from the ground).
//!
//! What is written is always a beginning of the whole: after the first error (an input
//! that cannot be read, a malformed or refused position) nothing more is written, since a
//! missing test case or line would shift the numbers of all after it. The inputs are still
//! read to the end, so that one run reports every error. A format that holds one position
//! (hb, json, dot) waits for the end of the inputs, to refuse several positions before
//! writing any.

use std::io::{self, Write};

use hackenbush::convert;
use hackenbush::convert::WriteError;
use hackenbush::diagnostic::Diagnostic;
use hackenbush::pipeline::{Compute, Failure, Pipeline, Reported, Sink, no_such_case};
use hackenbush::source::Source;
use hackenbush::syntax::{Format, Position};
use hackenbush::wording::{plural, printable};

use super::args::ConvertArgs;
use super::file::{self, Destination};
use super::input;
use super::output::{self, Stop};

/// Runs the command: converts every position (or `--case N` of each input) to the target
/// format, on stdout or into `-o FILE`. Returns whether everything was converted and
/// written.
pub fn run(args: &ConvertArgs) -> Result<bool, Stop> {
    let inputs = input::list(&args.input);
    let checked = target(args).and_then(|format| {
        let destination = Destination::new(args.output.as_deref(), &inputs)?;
        Ok((format, destination))
    });
    let Some((format, destination)) = output::or_report(checked) else {
        return Ok(false);
    };
    let mut conversion = Conversion::new(args, format, inputs.len());
    conversion.to_file = !destination.is_stdout();
    match destination {
        Destination::Stdout => {
            let mut out = output::stdout();
            let clean = conversion.run(&mut out)?;
            out.flush()?;
            Ok(clean)
        }
        Destination::File(path) => {
            let Some(mut file) = output::or_report(file::create(&path)) else {
                return Ok(false);
            };
            let clean = match conversion.run(&mut file) {
                Ok(clean) => clean,
                Err(Stop::Io(e)) => {
                    output::report_error(&file.cannot(&e));
                    return Ok(false);
                }
                Err(stop) => return Err(stop),
            };
            if !clean {
                // The file gets every position or none: a part would look whole.
                output::report_error(&format!(
                    "nothing written to {}: not every position could be converted",
                    path.display()
                ));
                return Ok(false);
            }
            Ok(output::or_report(file.commit()).is_some())
        }
    }
}

/// The format to write: `--to`, else the one the extension of `-o` names.
fn target(args: &ConvertArgs) -> Result<Format, String> {
    if let Some(to) = args.to {
        return Ok(to.into());
    }
    let named = (args.output.as_ref())
        .filter(|path| path.as_os_str() != "-")
        .and_then(|path| Format::from_path(path));
    named.ok_or_else(|| {
        "convert needs --to FORMAT (hb, christmas, json, dot or cgsuite), or -o FILE with an \
         extension that names one (.hb, .in, .txt, .json, .dot, .gv, .cgs)"
            .to_string()
    })
}

/// A conversion under way: what was read and written so far.
struct Conversion<'a> {
    args: &'a ConvertArgs,
    format: Format,
    /// How many inputs there are (for messages).
    inputs: usize,
    /// Positions read.
    seen: usize,
    /// Positions `--case` picks (all without it).
    picked: usize,
    /// For a format that holds one position: the one picked, with its label, written at
    /// the end if it stays the only one.
    held: Option<(String, Position)>,
    /// Positions converted after the first error, hence not written.
    held_back: usize,
    /// Whether the output is `-o FILE`, written only when everything was converted.
    to_file: bool,
    /// The input being read, how many positions it held so far, and whether `--case`
    /// picked one of them.
    current: Option<(String, usize, bool)>,
    /// Whether an input lacked the position `--case` asks for.
    missing: bool,
}

impl<'a> Conversion<'a> {
    /// A conversion of `inputs` inputs to `format`, nothing read yet.
    fn new(args: &'a ConvertArgs, format: Format, inputs: usize) -> Self {
        Conversion {
            args,
            format,
            inputs,
            seen: 0,
            picked: 0,
            held: None,
            held_back: 0,
            to_file: false,
            current: None,
            missing: false,
        }
    }

    /// Notes that `source` is being read: when it is a new input, the one before is
    /// done.
    fn reading(&mut self, source: &Source) {
        if self
            .current
            .as_ref()
            .is_none_or(|(name, ..)| name != source.name())
        {
            self.input_done();
            self.current = Some((source.name().to_string(), 0, false));
        }
    }

    /// After an input: `--case N` that none of its positions is, an error.
    fn input_done(&mut self) {
        let Some((name, seen, picked)) = self.current.take() else {
            return;
        };
        if let Some(case) = self.args.case
            && !picked
        {
            output::report_error(&no_such_case(&name, seen as u64, case));
            self.missing = true;
        }
    }

    /// Converts every input into `out`; whether everything was converted and written.
    fn run<W: Write>(&mut self, out: &mut W) -> Result<bool, Stop> {
        let mut converting = Converting {
            conversion: self,
            out: &mut *out,
            failed: false,
        };
        let args = converting.conversion.args;
        let inputs = input::stated(&args.input);
        let compute = args.problem.map_or(Compute::Positions, Compute::Cases);
        let clean = Pipeline::new(compute).run(inputs, &mut converting)?;
        if !self.finish(out, clean)? {
            return Ok(false);
        }
        if self.held_back > 0 && !self.to_file {
            output::report_error(&format!(
                "the output stops at the first error: {} converted position{} after it {} \
                 not written",
                self.held_back,
                plural(self.held_back),
                if self.held_back == 1 { "was" } else { "were" }
            ));
        }
        Ok(clean)
    }

    /// One position of `source`: converted and written, held (one-position formats), or
    /// only checked once an error has stopped the writing. A refusal is the position's
    /// error.
    fn position<W: Write>(
        &mut self,
        out: &mut W,
        source: &Source,
        position: Position,
        failed: bool,
    ) -> io::Result<Reported> {
        self.seen += 1;
        self.reading(source);
        let case = position.case.unwrap_or(1) as u64;
        if let Some((_, seen, _)) = &mut self.current {
            *seen += 1;
        }
        if self.args.case.is_some_and(|c| c != case) {
            return Ok(Ok(()));
        }
        if let Some((_, _, picked)) = &mut self.current {
            *picked = true;
        }
        self.picked += 1;
        let holds_several = self.format.holds_several();
        if !holds_several && self.picked > 1 {
            // Refused at the end, whatever it holds.
            return Ok(Ok(()));
        }
        if let Some(refusal) = self.refusal(&position) {
            return Ok(Err(refusal));
        }
        let label = source.label(position.case);
        if failed {
            self.held_back += 1;
        } else if holds_several {
            return self.write(out, &label, &position);
        } else {
            self.held = Some((label, position));
        }
        Ok(Ok(()))
    }

    /// Whether the edges may be renumbered: `--renumber`, for cgsuite.
    fn renumbered(&self) -> bool {
        self.args.renumber && self.format == Format::Cgsuite
    }

    /// Why `position` cannot be written, if it cannot. A cgsuite string that cannot keep
    /// the edge order tells of `--renumber`.
    fn refusal(&self, position: &Position) -> Option<Diagnostic> {
        if self.renumbered() {
            return convert::refusal_game(self.format, position);
        }
        let refusal = convert::refusal(self.format, position)?;
        if self.format != Format::Cgsuite || convert::refusal_game(self.format, position).is_some()
        {
            return Some(refusal);
        }
        let help = refusal.help.clone().unwrap_or_default();
        Some(refusal.with_help(format!(
            "{help}; or add --renumber to let cgsuite number the edges its own way (the \
             values and the winning moves stay)"
        )))
    }

    /// Writes `position` (labelled `label`, the title of a picture).
    fn write<W: Write>(
        &self,
        out: &mut W,
        label: &str,
        position: &Position,
    ) -> io::Result<Reported> {
        let written = if self.renumbered() {
            convert::write_game(out, self.format, position, label)
        } else {
            convert::write(out, self.format, position, label)
        };
        match written {
            Ok(()) => Ok(Ok(())),
            Err(WriteError::Io(e)) => Err(e),
            // `refusal` found nothing, so the writers refuse nothing: never here.
            Err(unwritable) => Ok(Err(Diagnostic::new(
                position.span,
                unwritable.to_string(),
                "not converted",
            ))),
        }
    }

    /// After the last input: `--case N` that picked nothing, several positions (or none)
    /// for a format that holds one, else the held position written. Whether the
    /// conversion may still be clean.
    fn finish<W: Write>(&mut self, out: &mut W, clean: bool) -> Result<bool, Stop> {
        self.input_done();
        if let Some(case) = self.args.case
            && self.picked == 0
            && self.seen == 0
            && clean
        {
            output::report_error(&format!(
                "there is no test case {case} (the input{} {} {} position{})",
                plural(self.inputs),
                if self.inputs == 1 { "has" } else { "have" },
                self.seen,
                plural(self.seen)
            ));
            return Ok(false);
        }
        if self.format.holds_several() {
            return Ok(!self.missing);
        }
        if self.missing {
            return Ok(false);
        }
        if self.picked > 1 {
            output::report_error(&self.too_many());
            return Ok(false);
        }
        if self.picked == 0 && clean {
            output::report_error(&format!(
                "there is no position to convert: the input{} hold{} none",
                plural(self.inputs),
                if self.inputs == 1 { "s" } else { "" }
            ));
            return Ok(false);
        }
        if !clean {
            // A file of one position is the whole input's or nothing: written when the
            // input has an error elsewhere, it would look whole.
            if let Some((label, _)) = self.held.take() {
                output::report_error(&format!(
                    "{} not written: the input has an error besides it",
                    printable(&label)
                ));
            }
            return Ok(true);
        }
        if let Some((label, position)) = self.held.take()
            && let Err(refused) = self.write(out, &label, &position)?
        {
            output::report_error(&refused.message);
            return Ok(false);
        }
        Ok(true)
    }

    /// Why several positions are not written in a format that holds one.
    fn too_many(&self) -> String {
        let format = self.format;
        let a = if format == Format::Hb { "an" } else { "a" };
        let several = "or convert to christmas or cgsuite, which hold one position per test \
                       case or line";
        match (self.args.case, self.inputs) {
            (None, 1) => format!(
                "{a} {format} file holds one position, and {} holds {}: pick one with \
                 --case N, {several}",
                self.input_name(),
                self.picked
            ),
            (None, _) => format!(
                "{a} {format} file holds one position, and the inputs hold {}: convert one \
                 input at a time (--case N picks one position of each), {several}",
                self.picked
            ),
            (Some(case), _) => format!(
                "{a} {format} file holds one position, and --case {case} picks {}, one in \
                 each input: convert one input at a time, {several}",
                self.picked
            ),
        }
    }

    /// The name of the one input, as messages show it.
    fn input_name(&self) -> String {
        let first = self.args.input.inputs.first().map(|input| &input.file);
        input::from_arg(first).name()
    }
}

/// A conversion as the pipeline's sink: each position read whole, with the output at
/// hand and whether an error came before it.
struct Converting<'a, 'c, W> {
    conversion: &'a mut Conversion<'c>,
    out: &'a mut W,
    /// Whether an error was reported: what comes after it is not written.
    failed: bool,
}

impl<W: Write> Sink for Converting<'_, '_, W> {
    type Render = ();

    fn renderer(&mut self) {}

    fn position(&mut self, source: &Source, position: Position) -> io::Result<Reported> {
        (self.conversion).position(self.out, source, position, self.failed)
    }

    fn warning(&mut self, warning: &Diagnostic, source: &Source) -> io::Result<()> {
        output::report_warning(self.out, warning, source)
    }

    fn error(&mut self, error: Failure<'_>) -> io::Result<()> {
        self.failed = true;
        output::report_failure(self.out, &error)
    }
}
