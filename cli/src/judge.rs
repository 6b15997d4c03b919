//! `hackenbush judge`: the Christmas Game judge, `Sally` or `Harry` per test case.
//!
//! The judge needs values only: the test cases stream in batches of bare edge lists,
//! valued by the Green core on one core while the next batch is read on the other
//! ([`batches`](super::batches)).

use std::io::Write;

use hackenbush::analysis::green;
use hackenbush::report::ErrorReport;
use hackenbush::report::json::{self, CaseLine, ErrorLine};

use super::args::JudgeArgs;
use super::batches::{self, Batch};
use super::input::{self, Input};
use super::output::{self, Stop};

/// Runs the command; whether every input was clean. The inputs are judged in turn, each
/// read to its end even when one before failed; the verdicts before a malformed test case
/// are printed (and flushed) before its error.
pub fn run(args: &JudgeArgs) -> Result<bool, Stop> {
    let mut out = output::stdout();
    let mut clean = true;
    for file in &args.input.files {
        let input = Input::from_arg(Some(file));
        let error = judge(&input, args.json, &mut out)?;
        if let Some(error) = &error
            && args.json
        {
            json::write_line(&mut out, &ErrorLine::new(error.clone()))?;
        }
        clean &= error.is_none();
    }
    out.flush()?;
    Ok(clean)
}

/// Judges the test cases of `input` into `out`; the error that ended it, if any (reported
/// on stderr).
fn judge(input: &Input, json: bool, out: &mut Out) -> Result<Option<ErrorReport>, Stop> {
    let window = match input.window() {
        Ok(window) => window,
        Err(message) => {
            out.flush()?;
            return Ok(Some(input::report_unopened(input, message)));
        }
    };
    let mut printed = Vec::new();
    let verdicts = |batch: &Batch, scratch: &mut _, printed: &mut Vec<u8>| {
        printed.clear();
        for (case, trees) in batch.cases() {
            let nim_sum = trees.fold(0, |acc, (n, ends)| acc ^ green::value(n, ends, scratch));
            if json {
                json::write_line(printed, &CaseLine::new(case, nim_sum))
                    .expect("a Vec takes every write");
            } else {
                printed.extend_from_slice(if nim_sum != 0 { b"Sally\n" } else { b"Harry\n" });
            }
        }
    };
    let write = |out: &mut _, printed: &mut Vec<u8>| -> Result<(), Stop> {
        Write::write_all(out, printed)?;
        Ok(())
    };
    let reading = batches::Reading {
        christmas_only: true,
        lines: false,
    };
    let read = batches::each_batch(
        input,
        window,
        reading,
        out,
        &mut printed,
        |scratch, _, vertices, edges| scratch.prepare(vertices, edges),
        verdicts,
        write,
    )?;
    Ok(read.error)
}

/// Where the verdicts go.
type Out = std::io::BufWriter<std::io::Stdout>;
