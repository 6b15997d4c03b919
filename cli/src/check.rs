//! `hackenbush check`: christmas-format judge data held against the promises of the POJ
//! 3710 statement, or another judged problem's data against its statement's
//! (`--problem`), every violation listed with its place in the input.

use std::io::{self, Write};

use hackenbush::check::{Options, Violation, ViolationKind};
use hackenbush::pipeline::{Compute, Failure, Input, Pipeline, Sink};
use hackenbush::problem::Problem;
use hackenbush::report::json::{CheckSummary, JsonDocument, ViolationReport};
use hackenbush::source::{Origin, Source};
use hackenbush::wording::{plural, printable};

use super::args::CheckArgs;
use super::input;
use super::output::{self, BAD_INPUT, DISAGREE, SUCCESS, Stop};

/// How many violations are shown with their input line and a caret (the rest, one line
/// each: rendering locates a line from the start of the input, which is fine for a few).
const SHOWN_IN_FULL: usize = 20;

/// Runs the command; its exit status: [`BAD_INPUT`] when an input cannot be read or is
/// malformed, else [`DISAGREE`] when a promise is broken, else [`SUCCESS`]. The inputs
/// are checked in turn, each read to its end even when one before failed. The library's
/// pipeline reads the test cases one at a time through a window, as `judge` does
/// ([`Compute::Violations`]): memory follows the largest test case, which the window
/// holds while its violations are shown.
pub fn run(args: &CheckArgs) -> Result<u8, Stop> {
    let options = Options {
        allow_digons: !args.no_digons,
    };
    let problem = args.problem.unwrap_or(Problem::Poj3710);
    let compute = match problem {
        Problem::Poj3710 => Compute::Violations(options),
        problem => Compute::Promises(problem),
    };
    let mut checking = Checking {
        out: output::stdout(),
        short: args.short,
        several: args.input.files.len() > 1,
        color: output::stdout_color(),
        json: args.json.then(|| JsonDocument::new("violations")),
        tally: CheckSummary::default(),
        total: CheckSummary::default(),
        failed: false,
        problem,
    };
    let inputs = input::christmas(&args.input.files);
    Pipeline::new(compute).run(inputs, &mut checking)?;
    let mut out = checking.out;
    if let Some(json) = checking.json.take() {
        json.finish_with(&mut out, Some(("summary", &checking.total)))?;
    }
    out.flush()?;
    Ok(if checking.failed {
        BAD_INPUT
    } else if checking.total.violations > 0 {
        DISAGREE
    } else {
        SUCCESS
    })
}

/// A run of `check`: its options, and what the inputs checked so far gave.
struct Checking {
    out: Out,
    /// `--short`.
    short: bool,
    /// Whether there is more than one input: then each one's summary line names it.
    several: bool,
    color: bool,
    /// With `--json`, the document, whose summary counts every input.
    json: Option<JsonDocument>,
    /// The violations of the input being checked.
    tally: CheckSummary,
    /// The violations of every input before it.
    total: CheckSummary,
    /// Whether an input could not be read or was malformed.
    failed: bool,
    /// Whose promises.
    problem: Problem,
}

impl Sink for Checking {
    type Render = ();

    fn renderer(&mut self) {}

    /// The violations of a test case, as they are found.
    fn violations(&mut self, violations: &[Violation], source: &Source) -> io::Result<()> {
        let (out, tally) = (&mut self.out, &mut self.tally);
        tally.bad_cases += 1;
        let mut locator = Locator::default();
        for violation in violations {
            tally.by_kind[violation.kind as usize] += 1;
            tally.violations += 1;
            if let Some(json) = &mut self.json {
                let at = locator.locate(source, violation.span.start as usize);
                let name = source.name();
                json.item(out, &ViolationReport::new(violation, name, at))?;
                continue;
            }
            // The first violations of the run are shown in full.
            let text = if self.short || self.total.violations + tally.violations > SHOWN_IN_FULL {
                short(violation, source, &mut locator)
            } else {
                full(violation, source, self.color)
            };
            writeln!(out, "{text}")?;
        }
        Ok(())
    }

    /// After an input: its summary line (as text), before its error if any.
    fn ended(&mut self, input: &Input, cases: u64, malformed: bool) -> io::Result<()> {
        let mut tally = std::mem::take(&mut self.tally);
        tally.cases = cases as usize;
        if self.json.is_none() {
            let summary = summary(&tally, malformed, self.problem);
            match self.several {
                true => writeln!(self.out, "{}: {summary}", printable(&input.name()))?,
                false => writeln!(self.out, "{summary}")?,
            }
        }
        self.out.flush()?;
        add(&mut self.total, &tally);
        Ok(())
    }

    fn error(&mut self, error: Failure<'_>) -> io::Result<()> {
        output::report_failure(&mut self.out, &error)?;
        self.failed = true;
        if let Some(json) = &mut self.json {
            json.error(error.report);
        }
        Ok(())
    }
}

/// Adds the counts of `tally` to `total`.
fn add(total: &mut CheckSummary, tally: &CheckSummary) {
    total.cases += tally.cases;
    total.bad_cases += tally.bad_cases;
    total.violations += tally.violations;
    for (sum, n) in total.by_kind.iter_mut().zip(tally.by_kind) {
        *sum += n;
    }
}

/// Where the report goes.
type Out = std::io::BufWriter<std::io::Stdout>;

/// The violation the way errors are shown (input line, caret, label), headed
/// `violation:`, and followed by an empty line.
fn full(violation: &Violation, source: &Source, color: bool) -> String {
    format!("{}\n", violation.diagnostic().render(source, color))
}

/// `file:line:column: violation: test case C, tree T: message`.
fn short(violation: &Violation, source: &Source, locator: &mut Locator) -> String {
    let (line, column) = locator.locate(source, violation.span.start as usize);
    format!(
        "{}:{line}:{column}: violation: {}",
        hackenbush::wording::printable(source.name()),
        violation.headline()
    )
}

/// Line and column of increasing offsets in one pass over a source, however many
/// violations there are and however long the lines (christmas data may be one line).
#[derive(Default)]
struct Locator {
    /// The last offset located, and where it is in the whole input; `None` before the
    /// first.
    last: Option<(usize, Origin)>,
}

impl Locator {
    /// 1-based line and column of `offset`, as [`Source::locate`] gives them, counting
    /// only the bytes since the offset before (from the start again if it is behind).
    fn locate(&mut self, source: &Source, offset: usize) -> (usize, usize) {
        let text = source.bytes();
        let offset = offset.min(text.len());
        let (from, mut at) = match self.last {
            Some((from, at)) if from <= offset => (from, at),
            _ => (0, source.origin()),
        };
        at.advance(&text[from..offset]);
        self.last = Some((offset, at));
        let location = at.location();
        (location.line, location.column)
    }
}

/// `n` and the noun `one`, in the plural unless `n` is 1: "1 test case", "2 violations".
fn counted(n: usize, one: &str) -> String {
    format!("{n} {one}{}", plural(n))
}

/// The last line of the report.
fn summary(tally: &CheckSummary, malformed: bool, problem: Problem) -> String {
    let whose = match problem {
        Problem::Poj3710 => "POJ 3710".to_string(),
        problem => problem.name().to_string(),
    };
    let cases = counted(tally.cases, "test case");
    if tally.violations == 0 {
        return match (malformed, tally.cases) {
            (true, 0) => "no complete test case before the error".to_string(),
            (true, _) => format!("no violations in the {cases} before the error"),
            (false, 0) => "no test cases: nothing to check".to_string(),
            (false, 1) => format!("clean: 1 test case meets the {whose} guarantees"),
            (false, _) => format!("clean: {cases} meet the {whose} guarantees"),
        };
    }
    let kinds: Vec<String> = ViolationKind::ALL
        .iter()
        .zip(tally.by_kind)
        .filter(|&(_, n)| n > 0)
        .map(|(kind, n)| format!("{kind} {n}"))
        .collect();
    let of = if malformed {
        format!("of the {cases} before the error")
    } else {
        format!("of {cases}")
    };
    format!(
        "{} in {} {of} ({})",
        counted(tally.violations, "violation"),
        tally.bad_cases,
        kinds.join(", ")
    )
}
