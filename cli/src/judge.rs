//! `hackenbush judge`: the Christmas Game judge, `Sally` or `Harry` per test case.
//!
//! The judge needs values only: the test cases stream in batches of bare edge lists,
//! valued by the lean search on one core while the next batch is read on the other
//! ([`batches`](super::batches)).

use std::io::Write;

use hackenbush::analysis::lean;
use hackenbush::report::json::{self, CaseLine, ErrorLine};

use super::args::JudgeArgs;
use super::batches::{self, Batch};
use super::input::{self, Input};
use super::output::{self, Stop};

/// Runs the command; whether the input was clean. The verdicts before a malformed test
/// case are printed (and flushed) before its error.
pub fn run(args: &JudgeArgs) -> Result<bool, Stop> {
    let input = Input::from_arg(args.file.as_ref());
    let mut out = output::stdout();
    let error = match input.window() {
        Ok(window) => {
            let mut printed = Vec::new();
            let json = args.json;
            let verdicts = |batch: &Batch, scratch: &mut _, printed: &mut Vec<u8>| {
                printed.clear();
                for (case, trees) in batch.cases() {
                    let nim_sum =
                        trees.fold(0, |acc, (n, ends)| acc ^ lean::value(n, ends, scratch));
                    if json {
                        json::write_line(printed, &CaseLine::new(case, nim_sum))
                            .expect("a Vec takes every write");
                    } else {
                        printed.extend_from_slice(if nim_sum != 0 {
                            b"Sally\n"
                        } else {
                            b"Harry\n"
                        });
                    }
                }
            };
            let write = |out: &mut _, printed: &mut Vec<u8>| -> Result<(), Stop> {
                Write::write_all(out, printed)?;
                Ok(())
            };
            batches::each_batch(
                &input,
                window,
                batches::Reading {
                    christmas_only: true,
                    lines: false,
                },
                &mut out,
                &mut printed,
                |scratch, _, vertices, edges| scratch.prepare(vertices, edges),
                verdicts,
                write,
            )?
            .error
        }
        Err(message) => Some(input::report_unopened(&input, message)),
    };
    if let Some(error) = &error
        && args.json
    {
        json::write_line(&mut out, &ErrorLine::new(error.clone()))?;
    }
    out.flush()?;
    Ok(error.is_none())
}
