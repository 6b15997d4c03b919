//! `hackenbush dot`: pictures of positions as Graphviz DOT, or rendered through Graphviz.

use std::io::{IsTerminal, Write};
use std::process::ExitCode;

use hackenbush::analysis::position::winning_moves;
use hackenbush::report::dot::{self, Options, RenderFormat};

use super::args::{DotArgs, RenderArg};
use super::file::{self, Destination};
use super::input::{self, Input};
use super::output::{self, BAD_INPUT, SUCCESS, Stop};

/// Runs the command.
pub fn run(args: &DotArgs) -> ExitCode {
    match draw(args) {
        Ok(true) => ExitCode::from(SUCCESS),
        Ok(false) => ExitCode::from(BAD_INPUT),
        Err(stop) => stop.exit_code(),
    }
}

fn draw(args: &DotArgs) -> Result<bool, Stop> {
    let options = Options {
        reduced: args.reduced,
    };
    let inputs = Input::list(&args.input.files);
    let destination = match Destination::new(args.output.as_deref(), &inputs) {
        Ok(destination) => destination,
        Err(message) => {
            output::report_error(&message);
            return Ok(false);
        }
    };
    // The pictures are collected first: a rendering needs exactly one.
    let mut pictures = Vec::new();
    let mut sink = std::io::sink();
    let mut seen = 0;
    let clean = input::each_position(
        inputs,
        args.input.format(),
        &mut sink,
        |_, source, position| {
            seen += 1;
            if args
                .case
                .is_some_and(|c| position.case.unwrap_or(1) as u64 != c)
            {
                return Ok(());
            }
            let label = input::position_label(source, &position);
            let graphs = hackenbush::analyze_position(position);
            let mut winning = vec![Vec::new(); graphs.len()];
            if args.moves {
                for m in winning_moves(&graphs) {
                    winning[m.graph].push(m.edge);
                }
            }
            pictures.push(dot::position(&label, &graphs, &winning, &options));
            Ok(())
        },
        |_| {},
    )?;
    if let Some(case) = args.case
        && pictures.is_empty()
        && clean
    {
        output::report_error(&format!(
            "there is no test case {case} (the input has {seen} position{})",
            if seen == 1 { "" } else { "s" }
        ));
        return Ok(false);
    }
    let bytes = match args.render {
        None => pictures
            .iter()
            .map(dot::to_text)
            .collect::<String>()
            .into_bytes(),
        Some(format) => {
            if pictures.len() != 1 {
                output::report_error(&format!(
                    "--render draws one position, and the input has {}; choose one with --case N",
                    pictures.len()
                ));
                return Ok(false);
            }
            if destination.is_stdout()
                && format != RenderArg::Svg
                && std::io::stdout().is_terminal()
            {
                output::report_error("a PNG or PDF is not for a terminal: add -o FILE");
                return Ok(false);
            }
            match dot::render(&pictures[0], format.into()) {
                Ok(bytes) => bytes,
                Err(e) => {
                    output::report_error(&e.to_string());
                    return Ok(false);
                }
            }
        }
    };
    match destination {
        Destination::File(path) => {
            // A file gets complete content or none: the pictures of some inputs are not
            // the picture of all of them.
            if !clean {
                output::report_error(&format!(
                    "nothing written to {}: an input could not be drawn",
                    path.display()
                ));
                return Ok(false);
            }
            let written = file::create(&path).and_then(|mut file| {
                file.write_all(&bytes).map_err(|e| file.cannot(&e))?;
                file.commit()
            });
            if let Err(message) = written {
                output::report_error(&message);
                return Ok(false);
            }
        }
        Destination::Stdout => {
            let mut out = output::stdout();
            out.write_all(&bytes)?;
            out.flush()?;
        }
    }
    Ok(clean)
}

impl From<RenderArg> for RenderFormat {
    fn from(r: RenderArg) -> RenderFormat {
        match r {
            RenderArg::Svg => RenderFormat::Svg,
            RenderArg::Png => RenderFormat::Png,
            RenderArg::Pdf => RenderFormat::Pdf,
        }
    }
}
