//! `hackenbush judge`: the Christmas Game judge, `Sally` or `Harry` per test case, or with
//! `--problem` another problem's answer line per test case.
//!
//! The judge needs values only: the library's pipeline streams the test cases in batches
//! of bare edge lists, valued by the lean search on one core while the next batch is
//! read on the other ([`Compute::Verdicts`], [`Compute::Answers`]); each verdict is
//! written where it is found.

use std::io::{self, Write};

use hackenbush::pipeline::{Compute, Failure, Input, Pipeline, Render, Sink};
use hackenbush::problem::Problem;
use hackenbush::report::json::{self, CaseLine, ErrorLine};

use super::args::JudgeArgs;
use super::input;
use super::output::{self, Stop};

/// Runs the command; whether every input was clean. The inputs are judged in turn, each
/// read to its end even when one before failed; the verdicts before a malformed test case
/// are printed (and flushed) before its error.
pub fn run(args: &JudgeArgs) -> Result<bool, Stop> {
    let mut judging = Judging {
        out: output::stdout(),
        json: args.json,
    };
    let inputs = input::christmas(&args.input.files);
    let compute = match args.problem {
        Problem::Poj3710 => Compute::Verdicts,
        problem => Compute::Answers(problem),
    };
    let clean = Pipeline::new(compute).run(inputs, &mut judging)?;
    judging.out.flush()?;
    Ok(clean)
}

/// Where the verdicts go.
type Out = io::BufWriter<io::Stdout>;

/// The judge's output: the verdicts, and with `--json` an error line after each error.
struct Judging {
    out: Out,
    json: bool,
}

/// A verdict per line, `Sally` or `Harry`, or with `--json` a [`CaseLine`].
struct Verdicts {
    json: bool,
}

impl Render for Verdicts {
    fn verdict(&mut self, input: &str, case: u64, nim_sum: u64, out: &mut Vec<u8>) {
        if self.json {
            let line = CaseLine::new(input, case, nim_sum);
            json::write_line(out, &line).expect("a Vec takes every write");
        } else {
            out.extend_from_slice(if nim_sum != 0 { b"Sally\n" } else { b"Harry\n" });
        }
    }
}

impl Sink for Judging {
    type Render = Verdicts;

    fn renderer(&mut self) -> Verdicts {
        Verdicts { json: self.json }
    }

    fn rendered(&mut self, bytes: &[u8]) -> io::Result<()> {
        self.out.write_all(bytes)
    }

    fn ended(&mut self, _: &Input, _: u64, _: bool) -> io::Result<()> {
        self.out.flush()
    }

    fn waiting(&mut self) -> io::Result<()> {
        self.out.flush()
    }

    fn error(&mut self, error: Failure<'_>) -> io::Result<()> {
        output::report_failure(&mut self.out, &error)?;
        if self.json {
            json::write_line(&mut self.out, &ErrorLine::new(error.report))?;
        }
        Ok(())
    }
}
