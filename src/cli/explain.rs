//! `hackenbush explain`: the step-by-step derivation of every position's value.

use std::io::Write;
use std::process::ExitCode;

use hackenbush::Analyzed;
use hackenbush::report::explain;

use super::args::ExplainArgs;
use super::input::{self, Input};
use super::output::{self, BAD_INPUT, SUCCESS, Stop};

/// Runs the command.
pub fn run(args: &ExplainArgs) -> ExitCode {
    let mut out = output::stdout();
    let color = output::stdout_color();
    let mut first = true;
    let result = input::each_position(
        Input::list(&args.input.files),
        args.input.format(),
        &mut out,
        Analyzed::default,
        |out, source, read, Analyzed { graphs }| {
            if !std::mem::take(&mut first) {
                out.write_all(b"\n")?;
            }
            let label = input::position_label(source, &read);
            out.write_all(explain::position(&label, &graphs, source, color).as_bytes())?;
            Ok(())
        },
        |_| {},
    )
    .and_then(|clean| {
        out.flush()?;
        Ok::<_, Stop>(clean)
    });
    match result {
        Ok(true) => ExitCode::from(SUCCESS),
        Ok(false) => ExitCode::from(BAD_INPUT),
        Err(stop) => stop.exit_code(),
    }
}
