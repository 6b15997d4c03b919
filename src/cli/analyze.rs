//! `hackenbush analyze`: values, nim-sum and winner of every position of every input.

use std::io::Write;
use std::process::ExitCode;

use hackenbush::report::{ErrorReport, GraphReport, PositionReport, Report, text};
use hackenbush::source::Source;
use hackenbush::syntax::{self, Position};

use super::args::AnalyzeArgs;
use super::input::Input;
use super::output::{self, BAD_INPUT, SUCCESS, Stop};

/// Runs the command: every input is reported even when an earlier one failed; the exit
/// status is 2 if any failed.
pub fn run(args: &AnalyzeArgs) -> ExitCode {
    match analyze(args) {
        Ok(true) => ExitCode::from(SUCCESS),
        Ok(false) => ExitCode::from(BAD_INPUT),
        Err(stop) => stop.exit_code(),
    }
}

/// Returns whether every input was read cleanly.
fn analyze(args: &AnalyzeArgs) -> Result<bool, Stop> {
    let mut out = output::stdout();
    let mut report = Report::default();
    let asked = args.format.map(Into::into);
    for input in Input::list(&args.files) {
        let read = input.format(asked).and_then(|f| Ok((f, input.read()?)));
        let (format, source) = match read {
            Ok(ok) => ok,
            Err(message) => {
                output::report_error(&message);
                report.errors.push(ErrorReport {
                    source: input.name(),
                    line: None,
                    column: None,
                    message,
                });
                continue;
            }
        };
        for position in syntax::parse(format, &source) {
            match position {
                Ok(position) => {
                    let position = evaluate(&source, position);
                    if args.json {
                        report.positions.push(position);
                    } else {
                        out.write_all(text::position(&position).as_bytes())?;
                    }
                }
                Err(diagnostic) => {
                    out.flush()?;
                    output::report_diagnostic(&diagnostic, &source);
                    let at = source.locate(diagnostic.span.start as usize);
                    report.errors.push(ErrorReport {
                        source: source.name().to_string(),
                        line: Some(at.line),
                        column: Some(at.column),
                        message: diagnostic.message,
                    });
                }
            }
        }
    }
    if args.json {
        serde_json::to_writer_pretty(&mut out, &report).map_err(std::io::Error::from)?;
        out.write_all(b"\n")?;
    }
    out.flush()?;
    Ok(report.errors.is_empty())
}

/// The report of one position of `source`.
fn evaluate(source: &Source, position: Position) -> PositionReport {
    let label = match position.case {
        Some(case) => format!("{}#{case}", source.name()),
        None => source.name().to_string(),
    };
    let graphs = hackenbush::analyze_position(position);
    PositionReport::new(
        label,
        graphs
            .iter()
            .map(|(graph, analysis)| GraphReport::new(graph, analysis))
            .collect(),
    )
}
