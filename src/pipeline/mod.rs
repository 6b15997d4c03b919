//! Inputs -> positions -> values, for a whole run: what `hackenbush` does between its
//! arguments and its output. A [`Pipeline`] reads each [`Input`] in turn (a file, standard
//! input or text in memory), chooses its format, reads its positions and computes what it
//! was asked to ([`Compute`]), and tells a [`Sink`] each thing it finds: a position begun
//! and its graphs, a valued position, a test case's violations, a warning, an error. The
//! sink decides what becomes of them (the command line writes text or JSON); the pipeline
//! never prints.
//!
//! ```text
//! Input ──> format ──> reading ───────────────────────────> Sink
//!  file      stated,    whole: one reading, or a lean one      start, graph, finish
//!  stdin     extension, ahead of the one that streams          position, report
//!  text      first bytes cgsuite: the same, a block of lines   rendered, violations
//!                        christmas: a window, in batches       warning, error
//!                        valued on one core, read on the other
//! ```
//!
//! How each input is read, by what is computed:
//!
//! - **whole positions** ([`Compute::Positions`]) and **values** ([`Compute::Values`]
//!   without a case) read an input once, position by position: memory follows a
//!   position's graphs ([`Compute::Positions`]) or their reports;
//! - **graphs as read** ([`Compute::Graphs`]), **values of one case** and **winning moves**
//!   ([`Compute::Moves`]) read it twice: a lean first reading (each graph's value by the
//!   [Green core](crate::analysis::green), no model, [`analysis::summary`](crate::analysis::summary)) one position
//!   ahead of the one that streams, so that each graph is handed over as soon as it is
//!   read and the whole position's nim-sum is still known first ([`Foreseen`]). The text
//!   read is in memory anyway (the input, or a block of it): the second reading costs
//!   time, not memory, where keeping the graphs for a second pass would make memory
//!   follow the position;
//! - **hb, json and dot** inputs hold one position each and are read whole, a block at a
//!   time; the reading stops at a NUL byte, or at a first byte that is no blank or
//!   comment and cannot begin the format ([`syntax::start`]), and the format's reader
//!   then refuses what was read. **cgsuite** inputs (a position a line) are read a block
//!   of whole lines at a time, each block as above: memory follows a block or the longest
//!   line, not the input;
//! - **christmas** inputs, for values, moves and verdicts ([`Compute::Verdicts`]), are
//!   streamed through a [`Window`] as bare edge lists in
//!   batches: one batch is valued (and rendered, [`Render`]) on one core while the next is
//!   read on the other; memory follows a batch, not the input. So are values in misère
//!   play (not the winning moves, read whole). [`Compute::Violations`] reads one test
//!   case at a time through a window.
//!
//! Every input is read to its end or to the error that ends it, and every input is read
//! even after one failed: each error goes to [`Sink::error`], and [`Pipeline::run`]
//! returns whether there was none.
//!
//! ```
//! use std::io;
//! use hackenbush::pipeline::{Compute, Input, Pipeline, Sink};
//! use hackenbush::report::PositionReport;
//!
//! /// Keeps every valued position.
//! #[derive(Default)]
//! struct Kept(Vec<PositionReport>);
//!
//! impl Sink for Kept {
//!     type Render = ();
//!     fn renderer(&mut self) {}
//!     fn report(&mut self, position: PositionReport) -> io::Result<()> {
//!         self.0.push(position);
//!         Ok(())
//!     }
//! }
//!
//! let inputs = [
//!     (Input::text("two.in", "1\n2 1\n1 2\n1\n2 2\n1 2\n1 2\n"), None),
//!     (Input::text("flag", "ground: g\nblue: g-a\nred: a-b\n"), None),
//! ];
//! let mut kept = Kept::default();
//! let clean = Pipeline::new(Compute::Values).run(inputs, &mut kept)?;
//! assert!(clean);
//! let values: Vec<_> = kept.0.iter().map(|p| format!("{} {}", p.source, p.value)).collect();
//! assert_eq!(values, ["two.in#1 *", "two.in#2 0", "flag 1/2"]);
//! # Ok::<(), io::Error>(())
//! ```

mod answers;
mod batches;
mod cases;
mod format;
mod input;
mod positions;

use std::io;

use crate::analysis::partizan::Budget;
use crate::analysis::{Play, SearchProgress};
use crate::check::{self, Violation};
use crate::diagnostic::Diagnostic;
use crate::problem::Problem;
use crate::report::misere::MisereReport;
use crate::report::{ErrorReport, PositionReport};
use crate::source::Source;
use crate::syntax::window::Window;
use crate::syntax::{self, Format, GraphDecl, Position};

pub use format::{no_such_case, recognise, unknown_extension, wrong_format_hint};
pub use input::{ByteStream, Input};
use input::{LineBlocks, Unread};

/// What a [`Pipeline`] computes of each position, and so which [`Sink`] methods it calls.
#[derive(Clone, Copy, Debug)]
#[non_exhaustive]
pub enum Compute {
    /// Each graph as it is read ([`Sink::start`], [`Sink::graph`], [`Sink::finish`]),
    /// with what the position holds foreseen: `explain`, `dot`, `verify`.
    Graphs,
    /// Each position whole, as read ([`Sink::position`]): `convert`.
    Positions,
    /// Each test case of a judge problem's input as a whole position
    /// ([`Sink::position`], [`problem::positions`](crate::problem::positions)), read one
    /// test case at a time through a window, with the same located messages as
    /// [`Compute::Answers`]: `convert --problem`. Every input is read as the problem's
    /// ([`Problem::layout`]); for [`Problem::Poj3710`], as christmas, as
    /// [`Compute::Positions`] reads it.
    Cases(Problem),
    /// Each position's values and outcome ([`Sink::report`], or [`Render::position`] on
    /// the other core for christmas): `analyze`.
    Values,
    /// The same with every winning move: `analyze --moves`.
    Moves,
    /// The nim-sum of each christmas test case ([`Render::verdict`]): `judge`. Every
    /// input is read as christmas.
    Verdicts,
    /// The answer line of each test case of a judge problem ([`Problem::answer`]),
    /// rendered where it is found ([`Sink::rendered`]): `judge --problem`. Every input is
    /// read as the problem's ([`Problem::layout`]); for [`Problem::Poj3710`], as christmas
    /// with the [`Render::verdict`] of the sink, as [`Compute::Verdicts`].
    Answers(Problem),
    /// The promises of the POJ 3710 statement that each christmas test case breaks
    /// ([`Sink::violations`]): `check`. Every input is read as christmas.
    Violations(check::Options),
    /// The promises of a judge problem's statement that each of its test cases breaks
    /// ([`Sink::violations`], [`problem::promises`](crate::problem::promises)): `check
    /// --problem`. Every input is read as the problem's ([`Problem::layout`]); for
    /// [`Problem::Poj3710`], as [`Compute::Violations`] with the default options.
    Promises(Problem),
}

impl Compute {
    /// Whether every input is read as christmas, whatever its name says (`judge`,
    /// `check`): a malformed one is then hinted at as such a command's input.
    fn christmas_only(self) -> bool {
        matches!(
            self,
            Compute::Verdicts
                | Compute::Violations(_)
                | Compute::Answers(Problem::Poj3710)
                | Compute::Promises(Problem::Poj3710)
        )
    }

    /// Whether christmas inputs are streamed in batches of bare edge lists.
    fn batched(self) -> bool {
        matches!(
            self,
            Compute::Values | Compute::Moves | Compute::Verdicts | Compute::Answers(_)
        )
    }
}

/// The driver from inputs to what a [`Sink`] is told: what to compute, of which
/// position, within what budget. See the [module](self) for how each input is read.
#[derive(Clone, Copy, Debug)]
pub struct Pipeline {
    compute: Compute,
    case: Option<u64>,
    budget: Budget,
    play: Play,
}

impl Pipeline {
    /// A pipeline computing `compute` of every position, within [`Budget::DEFAULT`].
    pub fn new(compute: Compute) -> Self {
        Pipeline {
            compute,
            case: None,
            budget: Budget::DEFAULT,
            play: Play::Normal,
        }
    }

    /// Only position `case` (from 1) of each input is computed (`--case`), when it is
    /// `Some`: the others are read, for their errors, and an input with fewer positions
    /// is an error ([`no_such_case`]).
    pub fn case(self, case: Option<u64>) -> Self {
        Pipeline { case, ..self }
    }

    /// How much searching a coloured graph (and summing a position's values) may take.
    pub fn budget(self, budget: Budget) -> Self {
        Pipeline { budget, ..self }
    }

    /// The play convention of [`Compute::Values`] and [`Compute::Moves`]: in misère
    /// play ([`Play::Misere`]) each position is analyzed whole by
    /// [`misere_position`](crate::misere_position) and goes to [`Sink::misere`]. A
    /// christmas input is still streamed in batches for values, each test case decided
    /// from the batch's own edge lists
    /// ([`misere_edge_list_position`](crate::misere_edge_list_position), or
    /// [`misere_edge_list_models`](crate::misere_edge_list_models) for a polygon through
    /// the root), read once; with winning moves it is read whole. Other computations play
    /// normally whatever it says.
    pub fn play(self, play: Play) -> Self {
        Pipeline { play, ..self }
    }

    /// Whether every winning move is computed.
    fn moves(&self) -> bool {
        matches!(self.compute, Compute::Moves)
    }

    /// Whether positions are valued in misère play.
    fn misere(&self) -> bool {
        self.play == Play::Misere && matches!(self.compute, Compute::Values | Compute::Moves)
    }

    /// Reads every input in turn, each with the format stated for it (`None`: a file's
    /// extension tells it, else its first bytes), and tells `sink` what it finds. Every
    /// input is read even when one before failed. Returns whether no error was reported
    /// to [`Sink::error`]; an error of the sink's own (a write that failed) stops the run
    /// and is returned.
    pub fn run<S: Sink>(
        &self,
        inputs: impl IntoIterator<Item = (Input, Option<Format>)>,
        sink: &mut S,
    ) -> io::Result<bool> {
        // One reading for every sink with the same renderer: the reading is compiled
        // once per renderer, not once per sink.
        let sink: &mut dyn Sink<Render = S::Render> = sink;
        let mut run = Run { sink, clean: true };
        for (input, stated) in inputs {
            self.input(&mut run, &input, stated)?;
        }
        Ok(run.clean)
    }

    /// Reads one input.
    fn input<S: Sink + ?Sized>(
        &self,
        run: &mut Run<'_, S>,
        input: &Input,
        mut stated: Option<Format>,
    ) -> io::Result<()> {
        if let Compute::Answers(problem) = self.compute
            && let Some(layout) = problem.layout()
        {
            return match input.window() {
                Ok(window) => answers::read(run, input, window, problem, layout),
                Err(message) => run.unlocated(input.name(), message),
            };
        }
        if let Compute::Promises(problem) = self.compute
            && let Some(layout) = problem.layout()
        {
            return match input.window() {
                Ok(window) => cases::promises(run, input, window, problem, layout),
                Err(message) => run.unlocated(input.name(), message),
            };
        }
        if let Compute::Cases(problem) = self.compute {
            match problem.layout() {
                Some(layout) => {
                    return match input.window() {
                        Ok(window) => cases::positions(run, input, window, layout),
                        Err(message) => run.unlocated(input.name(), message),
                    };
                }
                None => stated = Some(Format::Christmas),
            }
        }
        if self.compute.christmas_only() {
            return match input.window() {
                Ok(window) => self.christmas(run, input, window),
                Err(message) => run.unlocated(input.name(), message),
            };
        }
        // Misère play with winning moves reads christmas whole ([`Pipeline::play`]).
        let batched = self.compute.batched() && !(self.misere() && self.moves());
        let opened = (input.format(stated).map_err(Unread::from)).and_then(|format| {
            let (opening, format) = match format {
                None => input.open_recognised(batched)?,
                _ => (input.open()?, format),
            };
            if format == Some(Format::Christmas) && batched {
                return Ok(Opened::Stream(opening.window(input.name())));
            }
            if format == Some(Format::Cgsuite) {
                return Ok(Opened::Lines(opening.reader));
            }
            let source = match input.read_from(opening.reader, format) {
                Err(Unread::Binary(binary)) => return Err(first_error(format, *binary)),
                read => read?,
            };
            let format = match format {
                Some(format) => format,
                None => recognise(&source)?,
            };
            Ok(Opened::Whole(format, source))
        });
        match opened {
            Ok(Opened::Stream(window)) => self.christmas(run, input, window),
            Ok(Opened::Lines(reader)) => self.cgsuite(run, input, input.line_blocks(reader)),
            Ok(Opened::Whole(format, source)) => {
                let mut hint = wrong_format_hint(input, format, &source, false);
                positions::read(self, run, format, &source, &mut hint)
            }
            Err(Unread::Message(message)) => run.unlocated(input.name(), message),
            Err(Unread::Binary(binary)) => run.malformed(&binary.1, &binary.0, &mut None),
        }
    }

    /// Reads a cgsuite input a block of whole lines at a time, each block's positions as
    /// those of an input read whole are ([`positions::read_part`]): memory follows a
    /// block, or the longest line, not the input. Reading stops at the first malformed
    /// position, as the reader of a whole input stops.
    fn cgsuite<S: Sink + ?Sized>(
        &self,
        run: &mut Run<'_, S>,
        input: &Input,
        blocks: LineBlocks<'_>,
    ) -> io::Result<()> {
        let mut tally = positions::Tally::default();
        // The hint of the first block (the only one that starts the input) holds for the
        // first parse error, wherever it is.
        let mut hint = None;
        let mut first = true;
        for block in blocks {
            let source = match block {
                Ok(source) => source,
                Err(Unread::Message(message)) => return run.unlocated(input.name(), message),
                Err(Unread::Binary(binary)) => {
                    return match first_error(Some(Format::Cgsuite), *binary) {
                        Unread::Binary(binary) => run.malformed(&binary.1, &binary.0, &mut None),
                        Unread::Message(message) => run.unlocated(input.name(), message),
                    };
                }
            };
            if std::mem::take(&mut first) {
                hint = wrong_format_hint(input, Format::Cgsuite, &source, false);
            }
            positions::read_part(self, run, Format::Cgsuite, &source, &mut hint, &mut tally)?;
            if tally.malformed {
                break;
            }
            // The next block may wait for a writer waiting for these answers.
            if matches!(input, Input::Stdin) {
                run.sink.waiting()?;
            }
        }
        match self.case {
            Some(case) if tally.read < case => {
                let message = no_such_case(&input.name(), tally.read, case);
                run.unlocated(input.name(), message)
            }
            _ => Ok(()),
        }
    }

    /// Reads a christmas input through `window`.
    fn christmas<S: Sink + ?Sized>(
        &self,
        run: &mut Run<'_, S>,
        input: &Input,
        window: Window<ByteStream>,
    ) -> io::Result<()> {
        match self.compute {
            Compute::Violations(options) => cases::check(run, input, window, options),
            Compute::Promises(_) => cases::check(run, input, window, check::Options::default()),
            _ => batches::read(self, run, input, window),
        }
    }
}

/// An input that is no text, `source` up to the line of its NUL byte `nul`, in `format`
/// when it is known: what to report of it. The first error of the text before the NUL
/// byte, or at it in the format's own words, comes first, as it would in a text without
/// it; else the NUL byte.
fn first_error(format: Option<Format>, (source, nul): (Source, Diagnostic)) -> Unread {
    let before = |d: &Diagnostic| d.span.start <= nul.span.start;
    let earlier = format.and_then(|format| {
        syntax::parse(format, &source).find_map(|read| read.err().filter(before))
    });
    Unread::Binary(Box::new((source, earlier.unwrap_or(nul))))
}

/// An input opened by [`Pipeline::input`].
enum Opened {
    /// To be streamed as christmas.
    Stream(Window<ByteStream>),
    /// To be read as cgsuite, a block of lines at a time.
    Lines(ByteStream),
    /// Read whole, in this format.
    Whole(Format, Source),
}

/// What a [`Pipeline`] tells of what it reads, and what it asks of the one who listens:
/// the command line's writers are sinks. Which methods are called depends on the
/// [`Compute`]; each does nothing by default. A method that fails (a write) stops the run:
/// [`Pipeline::run`] returns its error.
///
/// Warnings and errors come in input order with the rest: a sink that writes results to
/// one stream and messages to another flushes the first before writing a message, so that
/// the two read in order.
pub trait Sink {
    /// What renders the positions of a christmas input on the core that values them
    /// ([`Compute::Values`], [`Compute::Moves`], [`Compute::Verdicts`]); `()` renders
    /// none, and every position goes to [`Sink::report`].
    type Render: Render;

    /// The renderer for the next christmas input read in batches.
    fn renderer(&mut self) -> Self::Render;

    /// A position begins ([`Compute::Graphs`]): what the first reading found it holds.
    fn start(&mut self, source: &Source, foreseen: &Foreseen) -> io::Result<()> {
        let _ = (source, foreseen);
        Ok(())
    }

    /// The next graph of the position begun, as soon as it is read ([`Compute::Graphs`]).
    fn graph(&mut self, source: &Source, graph: GraphDecl) -> io::Result<()> {
        let _ = (source, graph);
        Ok(())
    }

    /// The position begun has had all its graphs ([`Compute::Graphs`]); or why it
    /// cannot be reported after all (a value beyond the budget), reported as its error.
    fn finish(&mut self, source: &Source, foreseen: &Foreseen) -> io::Result<Reported> {
        let _ = (source, foreseen);
        Ok(Ok(()))
    }

    /// A position read whole, after its warnings ([`Compute::Positions`], or a judge
    /// problem's test case made one, [`Compute::Cases`]); or why it
    /// cannot be used, reported as its error.
    fn position(&mut self, source: &Source, position: Position) -> io::Result<Reported> {
        let _ = (source, position);
        Ok(Ok(()))
    }

    /// A position valued ([`Compute::Values`], [`Compute::Moves`]) that the [`Render`]
    /// did not render.
    fn report(&mut self, position: PositionReport) -> io::Result<()> {
        let _ = position;
        Ok(())
    }

    /// A position analyzed in misère play ([`Compute::Values`], [`Compute::Moves`] with
    /// [`Pipeline::play`] misère).
    fn misere(&mut self, position: MisereReport) -> io::Result<()> {
        let _ = position;
        Ok(())
    }

    /// What the [`Render`] made of positions of a batch, in input order.
    fn rendered(&mut self, bytes: &[u8]) -> io::Result<()> {
        let _ = bytes;
        Ok(())
    }

    /// The promises a test case breaks ([`Compute::Violations`]; only for a case that
    /// breaks some), with what holds the whole test case, where their spans point.
    fn violations(&mut self, violations: &[Violation], source: &Source) -> io::Result<()> {
        let _ = (violations, source);
        Ok(())
    }

    /// A christmas input read through a window has ended after `cases` test cases read
    /// without error, `malformed` when it ended early; the error that ended it comes
    /// next, to [`Sink::error`].
    fn ended(&mut self, input: &Input, cases: u64, malformed: bool) -> io::Result<()> {
        let _ = (input, cases, malformed);
        Ok(())
    }

    /// The reader is about to wait for input that has not come yet (a pipe or a
    /// terminal whose writer has sent whole test cases and may be waiting for their
    /// answers): a sink writing to a stream flushes it now.
    fn waiting(&mut self) -> io::Result<()> {
        Ok(())
    }

    /// Legal but suspicious input, before the position it is in.
    fn warning(&mut self, warning: &Diagnostic, source: &Source) -> io::Result<()> {
        let _ = (warning, source);
        Ok(())
    }

    /// An input that cannot be read, a malformed or refused position: the run goes on.
    fn error(&mut self, error: Failure<'_>) -> io::Result<()> {
        let _ = error;
        Ok(())
    }

    /// Told how the search of a coloured graph goes, for the next position valued.
    fn progress(&mut self) -> Option<SearchProgress> {
        None
    }
}

/// What renders valued positions on the core that values them, while the next batch is
/// read on the other, so that a file of many small test cases costs little more than
/// reading it. What it writes goes to [`Sink::rendered`], in input order.
pub trait Render: Send {
    /// Writes `position` into `out` and returns true; or returns false, having written
    /// nothing, to have it handed to [`Sink::report`] instead.
    fn position(&mut self, position: &PositionReport, out: &mut Vec<u8>) -> bool {
        let _ = (position, out);
        false
    }

    /// Writes the verdict on test case `case` (from 1) of the input named `input`, whose
    /// nim-sum is `nim_sum` ([`Compute::Verdicts`]); reports name the case
    /// [`source::label(input, Some(case))`](crate::source::label).
    fn verdict(&mut self, input: &str, case: u64, nim_sum: u64, out: &mut Vec<u8>) {
        let _ = (input, case, nim_sum, out);
    }
}

/// Renders nothing.
impl Render for () {}

/// Whether a position was reported, or why not: what its valuing could not do (a value
/// beyond the budget), located in the input and reported as its error.
pub type Reported = Result<(), Diagnostic>;

/// An error of the input: one that cannot be read, a malformed position, a refused one.
#[derive(Debug)]
pub struct Failure<'a> {
    /// The error as a report holds it.
    pub report: ErrorReport,
    /// When it is about the input's content: the diagnostic (with a hint when the input
    /// looks like another format) and the text its span points into, to show it with.
    pub located: Option<(&'a Diagnostic, &'a Source)>,
}

/// What is known of a position before its graphs are read ([`Compute::Graphs`]): the
/// first reading, one position ahead of the one that streams, found it.
#[derive(Clone, Copy, Debug)]
pub struct Foreseen {
    /// The 1-based test case, for formats with several positions per file.
    pub case: Option<usize>,
    /// How many graphs the position has.
    pub graphs: usize,
    /// The nim-sum of their values, when every edge is green.
    pub nim_sum: u64,
    /// Whether some edge is blue or red: then the nim-sum means nothing.
    pub coloured: bool,
}

impl Foreseen {
    /// `<file>` or `<file>#<case>`: how reports name the position.
    pub fn label(&self, source: &Source) -> String {
        source.label(self.case)
    }
}

/// A run under way: the sink, and whether an error was reported to it.
struct Run<'s, S: ?Sized> {
    sink: &'s mut S,
    clean: bool,
}

impl<S: Sink + ?Sized> Run<'_, S> {
    /// An error, told to the sink.
    fn error(&mut self, error: Failure<'_>) -> io::Result<()> {
        self.clean = false;
        self.sink.error(error)
    }

    /// An error about the input `name` as a whole.
    fn unlocated(&mut self, name: String, message: String) -> io::Result<()> {
        let report = ErrorReport::unlocated(name, message);
        self.error(Failure {
            report,
            located: None,
        })
    }

    /// A malformed (or refused) position; the `hint`, if any, goes with it (and not with
    /// the next).
    fn malformed(
        &mut self,
        diagnostic: &Diagnostic,
        source: &Source,
        hint: &mut Option<String>,
    ) -> io::Result<()> {
        let report = ErrorReport::located(source, diagnostic);
        let hinted = hint.take().map(|hint| diagnostic.clone().with_help(hint));
        let diagnostic = hinted.as_ref().unwrap_or(diagnostic);
        self.error(Failure {
            report,
            located: Some((diagnostic, source)),
        })
    }

    /// After the last position of `source`, which held `read`: an error when `case` is
    /// beyond them.
    fn no_such_case(&mut self, source: &Source, case: Option<u64>, read: u64) -> io::Result<()> {
        match case {
            Some(case) if read < case => {
                let message = no_such_case(source.name(), read, case);
                self.unlocated(source.name().to_string(), message)
            }
            _ => Ok(()),
        }
    }

    /// The warnings of a position.
    fn warnings(&mut self, warnings: &[Diagnostic], source: &Source) -> io::Result<()> {
        warnings
            .iter()
            .try_for_each(|warning| self.sink.warning(warning, source))
    }

    /// After the last test case read from `input` through `window`: why it ended early,
    /// if it did (a read error before a parse error it may have caused, shown in what the
    /// window still holds), with a hint if the input looks like another format.
    ///
    /// `christmas_only` says how to word the hint for a christmas input (see
    /// [`wrong_format_hint`]); `None` for a problem's input, which gets none.
    fn end(
        &mut self,
        input: &Input,
        window: &mut Window<ByteStream>,
        error: Option<Diagnostic>,
        christmas_only: Option<bool>,
    ) -> io::Result<()> {
        if let Some(e) = window.error() {
            return self.unlocated(input.name(), input.cannot_read(e));
        }
        let Some(mut error) = error else {
            return Ok(());
        };
        let source = window.excerpt();
        let hint = christmas_only
            .and_then(|only| wrong_format_hint(input, Format::Christmas, &source, only));
        if let Some(hint) = hint {
            error = error.with_help(hint);
        }
        let report = ErrorReport::located(&source, &error);
        self.error(Failure {
            report,
            located: Some((&error, &source)),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What a sink was told, in order, in words.
    #[derive(Default)]
    struct Told(Vec<String>);

    impl Sink for Told {
        type Render = Verdicts;

        fn renderer(&mut self) -> Verdicts {
            Verdicts
        }

        fn start(&mut self, source: &Source, foreseen: &Foreseen) -> io::Result<()> {
            let (graphs, nim_sum) = (foreseen.graphs, foreseen.nim_sum);
            let label = foreseen.label(source);
            self.0
                .push(format!("start {label}: {graphs} graphs, nim-sum {nim_sum}"));
            Ok(())
        }

        fn graph(&mut self, _: &Source, graph: GraphDecl) -> io::Result<()> {
            self.0.push(format!("graph of {} edges", graph.edges.len()));
            Ok(())
        }

        fn finish(&mut self, _: &Source, _: &Foreseen) -> io::Result<Reported> {
            self.0.push("finish".into());
            Ok(Ok(()))
        }

        fn report(&mut self, position: PositionReport) -> io::Result<()> {
            self.0
                .push(format!("{} {}", position.source, position.value));
            Ok(())
        }

        fn rendered(&mut self, bytes: &[u8]) -> io::Result<()> {
            self.0.push(String::from_utf8_lossy(bytes).into_owned());
            Ok(())
        }

        fn warning(&mut self, warning: &Diagnostic, _: &Source) -> io::Result<()> {
            self.0.push(format!("warning: {}", warning.message));
            Ok(())
        }

        fn error(&mut self, error: Failure<'_>) -> io::Result<()> {
            let help = error.located.and_then(|(d, _)| d.help.clone());
            let help = help.map(|help| format!(" ({help})")).unwrap_or_default();
            self.0
                .push(format!("error: {}{help}", error.report.message));
            Ok(())
        }
    }

    /// `Sally` or `Harry`.
    struct Verdicts;

    impl Render for Verdicts {
        fn verdict(&mut self, _: &str, _: u64, nim_sum: u64, out: &mut Vec<u8>) {
            out.extend_from_slice(if nim_sum != 0 { b"Sally\n" } else { b"Harry\n" });
        }
    }

    /// What `pipeline` tells of `inputs`, and whether it found them clean.
    fn telling(pipeline: Pipeline, inputs: &[(&str, &str)]) -> (Vec<String>, bool) {
        let inputs = (inputs.iter()).map(|&(name, text)| (Input::text(name, text), None));
        let mut told = Told::default();
        let clean = pipeline.run(inputs, &mut told).unwrap();
        (told.0, clean)
    }

    const TWO_CASES: &str = "1\n2 1\n1 2\n1\n2 2\n1 2\n1 2\n";

    #[test]
    fn every_input_is_read_after_one_fails() {
        let inputs = [
            (Input::File("no/such/file.hb".into()), None),
            (Input::text("two.in", TWO_CASES), None),
        ];
        let mut told = Told::default();
        let clean = Pipeline::new(Compute::Values).run(inputs, &mut told);
        assert!(!clean.unwrap());
        assert_eq!(
            told.0,
            [
                "error: cannot read no/such/file.hb: no such file",
                "two.in#1 *",
                "two.in#2 0"
            ]
        );
    }

    #[test]
    fn verdicts_are_rendered_in_input_order() {
        let (told, clean) = telling(Pipeline::new(Compute::Verdicts), &[("two.in", TWO_CASES)]);
        assert!(clean);
        assert_eq!(told, ["Sally\nHarry\n"]);
    }

    #[test]
    fn graphs_come_after_what_the_first_reading_foresaw() {
        // A test case of two trees: an edge (*1) and a stalk of two (*2).
        let trees = "2\n2 1\n1 2\n3 2\n1 2\n2 3\n";
        let (told, clean) = telling(Pipeline::new(Compute::Graphs), &[("two.in", trees)]);
        assert!(clean);
        let expected = [
            "start two.in#1: 2 graphs, nim-sum 3",
            "graph of 1 edges",
            "graph of 2 edges",
            "finish",
        ];
        assert_eq!(told, expected);
    }

    #[test]
    fn a_case_picks_one_position_or_is_an_error() {
        let pipeline = Pipeline::new(Compute::Values).case(Some(2));
        let (told, clean) = telling(
            pipeline,
            &[("two.in", TWO_CASES), ("one.in", "1\n2 1\n1 2\n")],
        );
        assert!(!clean);
        let missing = "error: one.in holds 1 position: there is no position 2 (--case)";
        assert_eq!(told, ["two.in#2 0", missing]);
        // The same for positions read twice.
        let pipeline = Pipeline::new(Compute::Moves).case(Some(2));
        let (twice, _) = telling(pipeline, &[("a.hb", "ground: g\ng-a\n")]);
        assert_eq!(
            twice,
            ["error: a.hb holds 1 position: there is no position 2 (--case)"]
        );
    }

    #[test]
    fn a_case_picks_one_position_read_whole() {
        let pipeline = Pipeline::new(Compute::Positions).case(Some(2));
        let mut picked = Picked::default();
        let inputs = [(Input::text("two.in", TWO_CASES), Some(Format::Christmas))];
        assert!(pipeline.run(inputs, &mut picked).unwrap());
        assert_eq!(picked.0, [Some(2)]);
        let inputs = [(Input::text("a.hb", "ground: g\ng-a\n"), None)];
        assert!(!pipeline.run(inputs, &mut picked).unwrap());
    }

    /// The case of each position read whole.
    #[derive(Default)]
    struct Picked(Vec<Option<usize>>);

    impl Sink for Picked {
        type Render = ();

        fn renderer(&mut self) {}

        fn position(&mut self, _: &Source, position: Position) -> io::Result<Reported> {
            self.0.push(position.case);
            Ok(Ok(()))
        }
    }

    /// Each position valued, and each error with where it is.
    #[derive(Default)]
    struct Located(Vec<String>);

    impl Sink for Located {
        type Render = ();

        fn renderer(&mut self) {}

        fn report(&mut self, position: PositionReport) -> io::Result<()> {
            self.0
                .push(format!("{} {}", position.source, position.value));
            Ok(())
        }

        fn error(&mut self, error: Failure<'_>) -> io::Result<()> {
            let report = error.report;
            let (line, column) = (report.line.unwrap_or(0), report.column.unwrap_or(0));
            self.0.push(format!("{line}:{column}: {}", report.message));
            Ok(())
        }
    }

    /// A cgsuite input is read a block of lines at a time: its positions, their numbers
    /// and the place of an error far into it are those of the input read whole, across
    /// blocks, blank and comment lines and a line longer than a block; with a case, only
    /// that position is valued, read once or twice.
    #[test]
    fn cgsuite_is_read_in_blocks_as_if_whole() {
        let mut text = String::new();
        let mut expected = Vec::new();
        for i in 0..20_000 {
            match i % 7 {
                0 => text.push_str("# a comment\n"),
                3 => text.push_str("  \r\n"),
                _ => {
                    let n = i % 5 + 2;
                    text.push_str(&format!("{} + e\n", "e".repeat(n)));
                    expected.push(format!("t#{} *{}", expected.len() + 1, n ^ 1));
                }
            }
            if i == 10_000 {
                text.push_str(&"e".repeat(200_000));
                text.push('\n');
                expected.push(format!("t#{} *200000", expected.len() + 1));
            }
        }
        let lines = text.matches('\n').count();
        text.push_str("ee x\neee\n");
        let inputs = || [(Input::text("t", text.clone()), Some(Format::Cgsuite))];
        let mut told = Located::default();
        assert!(
            !Pipeline::new(Compute::Values)
                .run(inputs(), &mut told)
                .unwrap()
        );
        expected.push(format!("{}:4: unknown edge letter `x`", lines + 1));
        assert_eq!(told.0.len(), expected.len());
        assert_eq!(told.0, expected);
        let long = expected
            .iter()
            .position(|e| e.ends_with(" *200000"))
            .unwrap()
            + 1;
        for compute in [Compute::Values, Compute::Moves] {
            for case in [2, long, 14_000] {
                let mut told = Located::default();
                let pipeline = Pipeline::new(compute).case(Some(case as u64));
                assert!(!pipeline.run(inputs(), &mut told).unwrap());
                let wanted = [expected[case - 1].clone(), expected.last().unwrap().clone()];
                assert_eq!(told.0, wanted, "{compute:?}, case {case}");
            }
        }
    }

    #[test]
    fn a_christmas_only_computation_hints_at_another_format() {
        let (told, clean) = telling(
            Pipeline::new(Compute::Verdicts),
            &[("a", "ground: g\ng-a\n")],
        );
        assert!(!clean);
        assert_eq!(told.len(), 1, "{told:?}");
        assert!(told[0].ends_with("(this looks like an hb file: try `hackenbush analyze`)"));
    }
}
