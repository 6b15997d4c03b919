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
        if let Some(refusal) = convert::refusal(self.to, &position) {
            return Ok(Err(refusal));
        }
        let label = source.label(position.case);
        match convert::write(&mut self.out, self.to, &position, &label) {
            Ok(()) => Ok(Ok(())),
            Err(WriteError::Io(e)) => Err(e),
            Err(other) => {
                self.reporting.message(&other.to_string());
                Ok(Ok(()))
            }
        }
    }

    fn warning(&mut self, warning: &Diagnostic, source: &Source) -> io::Result<()> {
        self.reporting.diagnostic(warning, source);
        Ok(())
    }

    fn error(&mut self, error: Failure<'_>) -> io::Result<()> {
        self.reporting.failure(&error);
        Ok(())
    }
}

/// The first position of `input` (or position `case`) written in `to`, as
/// `hackenbush convert --to TO [--case N] [--format F] < input` writes one position.
pub fn convert(input: &[u8], format: Option<Format>, to: Format, case: Option<u64>) -> Printed {
    let mut sink = Converting {
        to,
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
