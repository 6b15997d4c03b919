//! `hackenbush dot`: pictures of positions as Graphviz DOT, or rendered through Graphviz.

use std::io::{IsTerminal, Write};
use std::path::Path;
use std::process::ExitCode;

use hackenbush::analysis::position::winning_moves;
use hackenbush::report::dot::{self, Options, RenderFormat};
use hackenbush::syntax::Collected;

use super::args::{DotArgs, RenderArg};
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
    // The pictures are collected first: a rendering needs exactly one.
    let mut pictures = Vec::new();
    let mut sink = std::io::sink();
    let mut seen = 0;
    let clean = input::each_position(
        Input::list(&args.input.files),
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
            if args.output.is_none() && format != RenderArg::Svg && std::io::stdout().is_terminal()
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
    match &args.output {
        Some(path) => {
            if let Err(message) = write_file(path, &bytes) {
                output::report_error(&message);
                return Ok(false);
            }
        }
        None => {
            let mut out = output::stdout();
            out.write_all(&bytes)?;
            out.flush()?;
        }
    }
    Ok(clean)
}

fn write_file(path: &Path, bytes: &[u8]) -> Result<(), String> {
    std::fs::write(path, bytes)
        .map_err(|e| format!("cannot write {}: {}", path.display(), output::io_reason(&e)))
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
