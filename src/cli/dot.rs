//! `hackenbush dot`: pictures of positions as Graphviz DOT, or rendered through Graphviz.

use std::io::{IsTerminal, Write};
use std::process::ExitCode;
use std::time::Duration;

use hackenbush::analysis::position::winning_moves;
use hackenbush::report::dot::{self, Options, RenderFormat};
use hackenbush::syntax::Collected;

use super::args::{DotArgs, RenderArg};
use super::file::{self, Destination};
use super::input::{self, Input};
use super::output::{self, BAD_INPUT, SUCCESS, Stop};
use super::progress::Progress;

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
    let mut labels = Vec::new();
    let mut seen = 0;
    let clean = input::each_position(
        inputs,
        args.input.format(),
        &mut sink,
        Collected::default,
        |_, source, read, collected| {
            seen += 1;
            if args
                .case
                .is_some_and(|c| read.case.unwrap_or(1) as u64 != c)
            {
                return Ok(());
            }
            let label = input::position_label(source, &read);
            labels.push(label.clone());
            let graphs = hackenbush::analyze_position(collected.into_position(read));
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
            let timeout = (args.timeout > 0).then(|| Duration::from_secs(args.timeout));
            let mut progress = Progress::new(format!(
                "dot: Graphviz is drawing {}",
                hackenbush::report::text::printable(&labels[0])
            ));
            let limit = match timeout {
                Some(_) => format!("time limit {} s", args.timeout),
                None => "no time limit".to_string(),
            };
            let rendered = dot::render_within(&pictures[0], format.into(), timeout, &mut |_| {
                progress.update(|| limit.clone())
            });
            drop(progress);
            match rendered {
                Ok(bytes) => bytes,
                Err(e) if e.is_timed_out() => {
                    output::report_error(&format!(
                        "{e}; allow it more time with --timeout SECONDS (0: no limit)"
                    ));
                    return Ok(false);
                }
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
