//! What `hackenbush convert --to FORMAT [--case N] < input` prints, for the one position
//! the page holds: the library's writers ([`hackenbush::convert`]), what a format cannot
//! hold refused at its place in the input.

use std::io;

use hackenbush::convert::{self, WriteError};
use hackenbush::diagnostic::Diagnostic;
use hackenbush::pipeline::{Compute, Failure, Pipeline, Reported, Sink};
use hackenbush::source::Source;
use hackenbush::syntax::{Format, Position};

use crate::{Printed, Reporting, text};

/// The sink of [`convert`]: the first position picked, written.
struct Converting {
    to: Format,
    renumber: bool,
    out: Vec<u8>,
    written: bool,
    reporting: Reporting,
}

impl Sink for Converting {
    type Render = ();

    fn renderer(&mut self) {}

    fn position(&mut self, source: &Source, position: Position) -> io::Result<Reported> {
        if std::mem::replace(&mut self.written, true) {
            return Ok(Ok(()));
        }
        if let Some(refusal) = self.refusal(&position) {
            return Ok(Err(refusal));
        }
        let label = source.label(position.case);
        let written = if self.renumbered() {
            convert::write_game(&mut self.out, self.to, &position, &label)
        } else {
            convert::write(&mut self.out, self.to, &position, &label)
        };
        match written {
            Ok(()) => Ok(Ok(())),
            Err(WriteError::Io(e)) => Err(e),
            Err(other) => {
                self.reporting.message(&other.to_string());
                Ok(Ok(()))
            }
        }
    }

    fn warning(&mut self, warning: &Diagnostic, source: &Source) -> io::Result<()> {
        self.reporting.warning(warning, source)
    }

    fn error(&mut self, error: Failure<'_>) -> io::Result<()> {
        self.reporting.error(&error)
    }
}

impl Converting {
    /// Whether the edges may be renumbered: `--renumber`, for cgsuite.
    fn renumbered(&self) -> bool {
        self.renumber && self.to == Format::Cgsuite
    }

    /// Why `position` cannot be written, if it cannot, as `convert` says it: a cgsuite
    /// string that cannot keep the edge order tells of `--renumber`.
    fn refusal(&self, position: &Position) -> Option<Diagnostic> {
        if self.renumbered() {
            return convert::refusal_game(self.to, position);
        }
        let refusal = convert::refusal(self.to, position)?;
        if self.to != Format::Cgsuite || convert::refusal_game(self.to, position).is_some() {
            return Some(refusal);
        }
        let help = refusal.help.clone().unwrap_or_default();
        Some(refusal.with_help(format!(
            "{help}; or add --renumber to let cgsuite number the edges its own way (the \
             values and the winning moves stay)"
        )))
    }
}

/// The first position of `input` (or position `case`) written in `to`, as
/// `hackenbush convert --to TO [--renumber] [--case N] [--format F] < input` writes one
/// position.
pub fn convert(
    input: &[u8],
    format: Option<Format>,
    to: Format,
    renumber: bool,
    case: Option<u64>,
) -> Printed {
    let mut sink = Converting {
        to,
        renumber,
        out: Vec::new(),
        written: false,
        reporting: Reporting::default(),
    };
    let clean = (Pipeline::new(Compute::Positions).case(case))
        .run([(text(input), format)], &mut sink)
        .expect("a Vec takes every write");
    let clean = clean && !sink.reporting.failed;
    sink.reporting.printed(sink.out, clean)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn christmas_case_two_is_written_as_hb() {
        // The first two test cases of examples/shapes.in: a loop, then a graph with cycles.
        let text = b"1\n1 1\n1 1\n1\n5 6\n1 2\n2 3\n3 4\n4 2\n3 5\n5 4\n";
        let printed = convert(text, Some(Format::Christmas), Format::Hb, false, Some(2));
        assert_eq!(printed.status, crate::SUCCESS);
        let out = String::from_utf8(printed.out).unwrap();
        // Named as reports name it, so that it reads back as `tree 1`.
        assert_eq!(out, "graph: tree 1\nground: 1\n1-2-3-4-2  3-5-4\n");
    }
}
