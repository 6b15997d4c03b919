//! `hackenbush analyze`: values, nim-sum, winner and (with `--moves`) every winning move
//! of every position of every input.

use std::io::Write;
use std::process::ExitCode;

use hackenbush::analysis::position::winning_moves;
use hackenbush::report::{GraphReport, MoveReport, PositionReport, Report, text};
use hackenbush::source::Source;
use hackenbush::syntax::Position;

use super::args::AnalyzeArgs;
use super::input::{self, Input};
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
    let clean = input::each_position(
        Input::list(&args.input.files),
        args.input.format(),
        &mut out,
        |out, source, position| {
            let position = evaluate(source, position, args.moves);
            if args.json {
                report.positions.push(position);
            } else {
                out.write_all(text::position(&position).as_bytes())?;
            }
            Ok(())
        },
        |error| report.errors.push(error),
    )?;
    if args.json {
        serde_json::to_writer_pretty(&mut out, &report).map_err(std::io::Error::from)?;
        out.write_all(b"\n")?;
    }
    out.flush()?;
    Ok(clean)
}

/// The report of one position of `source`, with its winning moves if asked.
fn evaluate(source: &Source, position: Position, moves: bool) -> PositionReport {
    let label = input::position_label(source, &position);
    let graphs = hackenbush::analyze_position(position);
    let mut report = PositionReport::new(
        label,
        graphs
            .iter()
            .map(|(graph, analysis)| GraphReport::new(graph, analysis))
            .collect(),
    );
    if moves {
        report.winning_moves = Some(
            winning_moves(&graphs)
                .iter()
                .map(|m| MoveReport::new(m, &graphs, source))
                .collect(),
        );
    }
    report
}
