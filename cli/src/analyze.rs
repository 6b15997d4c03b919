//! `hackenbush analyze`: values, nim-sum, winner and (with `--moves`) every winning move
//! of every position of every input; with `--misere`, who wins in misère play.
//!
//! The library's pipeline reads and values ([`Compute::Values`], [`Compute::Moves`]);
//! this writes each position as text or JSON. Christmas inputs stream as bare edge lists,
//! as the judge reads them, and each test case's text is written on the core that values
//! it ([`Texts`]).

use std::io::{self, Write};

use hackenbush::SearchProgress;
use hackenbush::analysis::Play;
use hackenbush::diagnostic::Diagnostic;
use hackenbush::game::WholeForms;
use hackenbush::pipeline::{Compute, Failure, Input, Pipeline, Render, Sink};
use hackenbush::report::json::JsonDocument;
use hackenbush::report::misere::MisereReport;
use hackenbush::report::{ErrorReport, PositionReport, text};
use hackenbush::source::Source;

use super::args::AnalyzeArgs;
use super::input;
use super::output::{self, Stop};
use super::progress;

/// Runs the command: every input is reported even when an earlier one failed. Returns
/// whether every input was read cleanly. Each position is reported as soon as it is read,
/// each graph summarized (or with `--moves`, analyzed) as soon as it is read and then
/// dropped: memory follows the largest graph, and a position's reports of its graphs.
pub fn run(args: &AnalyzeArgs) -> Result<bool, Stop> {
    // Values are written on this thread, as each position is reported.
    let _whole = args.full.then(WholeForms::begin);
    let mut analyzing = Analyzing {
        out: output::stdout(),
        json: args.json.then(JsonDocument::report),
        errors: Vec::new(),
    };
    let compute = if args.moves {
        Compute::Moves
    } else {
        Compute::Values
    };
    let play = if args.misere {
        Play::Misere
    } else {
        Play::Normal
    };
    let pipeline = (Pipeline::new(compute).case(args.case))
        .budget(args.budget.budget())
        .play(play);
    let clean = pipeline.run(input::stated(&args.input), &mut analyzing)?;
    let Analyzing {
        mut out,
        json,
        errors,
    } = analyzing;
    if let Some(mut json) = json {
        for error in errors {
            json.error(error);
        }
        json.finish(&mut out)?;
    }
    out.flush()?;
    Ok(clean)
}

/// Where the reports go: text, or with `--json` one document, whose errors come last.
struct Analyzing {
    out: io::BufWriter<io::Stdout>,
    json: Option<JsonDocument>,
    errors: Vec<ErrorReport>,
}

impl Sink for Analyzing {
    type Render = Texts;

    fn renderer(&mut self) -> Texts {
        Texts {
            json: self.json.is_some(),
        }
    }

    fn report(&mut self, position: PositionReport) -> io::Result<()> {
        match &mut self.json {
            Some(json) => json.item(&mut self.out, &position),
            None => output::write_text(&mut self.out, |t| text::write_position(t, &position)),
        }
    }

    fn misere(&mut self, position: MisereReport) -> io::Result<()> {
        match &mut self.json {
            Some(json) => json.item(&mut self.out, &position),
            None => output::write_text(&mut self.out, |t| text::write_misere(t, &position)),
        }
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

    fn warning(&mut self, warning: &Diagnostic, source: &Source) -> io::Result<()> {
        output::report_warning(&mut self.out, warning, source)
    }

    fn error(&mut self, error: Failure<'_>) -> io::Result<()> {
        output::report_failure(&mut self.out, &error)?;
        self.errors.push(error.report);
        Ok(())
    }

    fn progress(&mut self) -> Option<SearchProgress> {
        Some(progress::searches("analyze"))
    }
}

/// Each test case's text, written where it is valued, beside the reading of the next
/// batch (a file of small trees has a line for each); with `--json`, none: the reports
/// join the document on this thread.
struct Texts {
    json: bool,
}

impl Render for Texts {
    fn position(&mut self, position: &PositionReport, out: &mut Vec<u8>) -> bool {
        if self.json {
            return false;
        }
        output::write_text(out, |t| text::write_position(t, position))
            .expect("a Vec takes every write");
        true
    }
}
