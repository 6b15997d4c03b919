//! The hackenbush library in the browser: what the page's Web Worker calls, compiled to
//! `wasm32-unknown-unknown` and loaded by a small hand-written loader (`web/static/`).
//!
//! [`analyze`] is `hackenbush analyze --json [--moves] [--misere]` reading its input from
//! standard input: the same pipeline, the same JSON document on "stdout", the same
//! located messages on "stderr", the same exit status, byte for byte. [`layout`] lists
//! the edges of the first position as read, numbered as `analyze --moves` numbers them,
//! for the page to draw.
//!
//! [`explain::explain`] is `hackenbush explain`, [`convert::convert`] is `hackenbush convert
//! --to FORMAT` and [`play::play`] answers for a game against the opponent of
//! `hackenbush play`: the page holds no game logic of its own. They are the `full` feature
//! (a default one): `web/build.sh` builds the crate twice, with it for size
//! (`hackenbush.wasm`, loaded on the first explain, convert or play) and without it for
//! speed (`analysis.wasm`, which values every paste and drawing).
//!
//! The C ABI below is the only unsafe code: the page writes its input into memory from
//! [`hb_alloc`], calls one of the `hb_` functions, and reads the result from
//! [`hb_out_ptr`]/[`hb_out_len`] and [`hb_err_ptr`]/[`hb_err_len`], valid until the next
//! call.

#[cfg(feature = "full")]
mod convert;
#[cfg(feature = "full")]
mod explain;
#[cfg(feature = "full")]
mod play;

use std::cell::RefCell;
use std::io::{self, Write};
use std::sync::Arc;

use hackenbush::analysis::Play;
use hackenbush::diagnostic::{Diagnostic, Level};
use hackenbush::pipeline::{Compute, Failure, Input, Pipeline, Reported, Sink};
use hackenbush::report::json::JsonDocument;
use hackenbush::report::misere::MisereReport;
use hackenbush::report::{ErrorReport, PositionReport};
use hackenbush::source::Source;
use hackenbush::syntax::{Format, Position};
use hackenbush::wording::printable;

/// Exit status 0: everything was read and reported (as the command line's).
pub const SUCCESS: u8 = 0;
/// Exit status 2: the input was unreadable or malformed.
pub const BAD_INPUT: u8 = 2;
/// Exit status 3: a value needed more search than the budget allows.
pub const REFUSED: u8 = 3;

/// The name the input goes by in messages and reports: the command line's, for a
/// position piped in.
pub const NAME: &str = "<stdin>";

/// What a run printed, and how it ended.
#[derive(Debug, Default)]
pub struct Printed {
    /// Standard output.
    pub out: Vec<u8>,
    /// Standard error.
    pub err: Vec<u8>,
    /// The exit status.
    pub status: u8,
}

/// What was reported on "stderr" so far: errors other than refusals, and refusals.
#[derive(Default)]
pub(crate) struct Reporting {
    err: Vec<u8>,
    failed: bool,
    refused: bool,
}

impl Reporting {
    /// A located diagnostic, as `hackenbush` prints it without colour.
    fn diagnostic(&mut self, diagnostic: &Diagnostic, source: &Source) {
        match diagnostic.level {
            Level::Warning => {}
            Level::Refused => self.refused = true,
            _ => self.failed = true,
        }
        let text = diagnostic.render(source, false);
        let _ = writeln!(self.err, "{text}\n");
    }

    /// An error without a place in the input.
    fn message(&mut self, message: &str) {
        self.failed = true;
        let _ = writeln!(self.err, "error: {}", printable(message));
    }

    /// What a run printed on "stdout" (`out`) and here, having found its input `clean`
    /// or not.
    fn printed(self, out: Vec<u8>, clean: bool) -> Printed {
        Printed {
            status: self.status(clean),
            out,
            err: self.err,
        }
    }

    /// An error of the input as a whole.
    fn failure(&mut self, failure: &Failure<'_>) {
        match failure.located {
            Some((diagnostic, source)) => self.diagnostic(diagnostic, source),
            None => self.message(&failure.report.message),
        }
    }

    /// [`Sink::warning`], for a sink whose messages go here: every sink of the page's.
    fn warning(&mut self, warning: &Diagnostic, source: &Source) -> io::Result<()> {
        self.diagnostic(warning, source);
        Ok(())
    }

    /// [`Sink::error`], for a sink whose messages go here.
    fn error(&mut self, error: &Failure<'_>) -> io::Result<()> {
        self.failure(error);
        Ok(())
    }

    /// The exit status of a run that found its input `clean` or not.
    fn status(&self, clean: bool) -> u8 {
        match (clean, self.failed, self.refused) {
            (true, _, _) => SUCCESS,
            (false, false, true) => REFUSED,
            (false, _, _) => BAD_INPUT,
        }
    }
}

/// The sink of [`analyze`]: one JSON document, whose errors come last.
struct Analyzing {
    out: Vec<u8>,
    json: JsonDocument,
    errors: Vec<ErrorReport>,
    reporting: Reporting,
}

impl Sink for Analyzing {
    type Render = ();

    fn renderer(&mut self) {}

    fn report(&mut self, position: PositionReport) -> io::Result<()> {
        self.json.item(&mut self.out, &position)
    }

    fn misere(&mut self, position: MisereReport) -> io::Result<()> {
        self.json.item(&mut self.out, &position)
    }

    fn warning(&mut self, warning: &Diagnostic, source: &Source) -> io::Result<()> {
        self.reporting.warning(warning, source)
    }

    fn error(&mut self, error: Failure<'_>) -> io::Result<()> {
        self.reporting.error(&error)?;
        self.errors.push(error.report);
        Ok(())
    }
}

/// What `hackenbush analyze --json [--moves] [--misere] [--case N] [--format F] < input`
/// prints.
pub fn analyze(
    input: &[u8],
    format: Option<Format>,
    moves: bool,
    misere: bool,
    case: Option<u64>,
) -> Printed {
    let compute = if moves {
        Compute::Moves
    } else {
        Compute::Values
    };
    let play = if misere { Play::Misere } else { Play::Normal };
    let mut analyzing = Analyzing {
        out: Vec::new(),
        json: JsonDocument::report(),
        errors: Vec::new(),
        reporting: Reporting::default(),
    };
    let pipeline = Pipeline::new(compute).play(play).case(case);
    let clean = pipeline
        .run([(text(input), format)], &mut analyzing)
        .expect("a Vec takes every write");
    let Analyzing {
        mut out,
        mut json,
        errors,
        reporting,
    } = analyzing;
    for error in errors {
        json.error(error);
    }
    json.finish(&mut out).expect("a Vec takes every write");
    reporting.printed(out, clean)
}

/// The input, named as standard input.
fn text(input: &[u8]) -> Input {
    Input::Text {
        name: NAME.to_string(),
        bytes: Arc::from(input),
    }
}

/// The sink of [`layout`]: the first position read, as JSON.
struct Layout {
    out: Vec<u8>,
    reporting: Reporting,
}

impl Sink for Layout {
    type Render = ();

    fn renderer(&mut self) {}

    fn position(&mut self, _: &Source, position: Position) -> io::Result<Reported> {
        if self.out.is_empty() {
            serde_json::to_writer(&mut self.out, &drawing(&position))?;
        }
        Ok(Ok(()))
    }

    fn error(&mut self, error: Failure<'_>) -> io::Result<()> {
        self.reporting.error(&error)
    }
}

/// What the page draws of `position`: each graph's vertex count and names, ground
/// vertices and edges `[u, v, colour]`, in the order `analyze --moves` numbers them (from
/// 1).
fn drawing(position: &Position) -> serde_json::Value {
    let graphs = (position.graphs.iter()).map(|graph| {
        let names = (0..graph.vertices.len() as u32)
            .map(|v| graph.vertices.name(v).to_string())
            .collect::<Vec<_>>();
        let edges = (graph.edges.iter())
            .map(|e| serde_json::json!([e.u, e.v, e.colour.name()]))
            .collect::<Vec<_>>();
        serde_json::json!({
            "vertices": graph.vertices.len(),
            "names": names,
            "ground": graph.ground,
            "edges": edges,
        })
    });
    serde_json::json!({ "graphs": graphs.collect::<Vec<_>>() })
}

/// The first position of `input` (or position `case`) for drawing (see [`drawing`]) on
/// "stdout", or nothing and its message on "stderr".
pub fn layout(input: &[u8], format: Option<Format>, case: Option<u64>) -> Printed {
    let mut sink = Layout {
        out: Vec::new(),
        reporting: Reporting::default(),
    };
    let clean = (Pipeline::new(Compute::Positions).case(case))
        .run([(text(input), format)], &mut sink)
        .expect("a Vec takes every write");
    sink.reporting.printed(sink.out, clean)
}

/// The format numbered `code` by the page: 0 for none stated (recognised as the command
/// line recognises standard input), then [`Format::ALL`] from 1.
pub fn format(code: u32) -> Option<Format> {
    let index = (code as usize).checked_sub(1)?;
    Format::ALL.get(index).copied()
}

/// `flags` of [`hb_analyze`]: with every winning move (`--moves`).
pub const MOVES: u32 = 1;
/// `flags` of [`hb_analyze`] and [`hb_explain`]: in misère play (`--misere`).
pub const MISERE: u32 = 2;

/// `flags` of [`hb_convert`]: cgsuite may number the edges its own way (`--renumber`).
pub const RENUMBER: u32 = 4;

/// The position numbered `case` by the page: 0 for every position (no `--case`).
pub fn case(case: u32) -> Option<u64> {
    (case > 0).then_some(u64::from(case))
}

thread_local! {
    /// The result of the last call, which the page reads.
    static LAST: RefCell<Printed> = RefCell::new(Printed::default());
}

/// Memory for `len` bytes of input, which the page writes and hands to [`hb_analyze`]
/// or [`hb_layout`], then frees with [`hb_free`].
#[unsafe(no_mangle)]
pub extern "C" fn hb_alloc(len: usize) -> *mut u8 {
    let mut bytes = std::mem::ManuallyDrop::new(Vec::<u8>::with_capacity(len));
    bytes.as_mut_ptr()
}

/// Frees memory from [`hb_alloc`].
///
/// # Safety
/// `ptr` and `len` are those of one call of [`hb_alloc`], not yet freed.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hb_free(ptr: *mut u8, len: usize) {
    // SAFETY: the caller's promise: allocated by hb_alloc with this capacity.
    drop(unsafe { Vec::from_raw_parts(ptr, 0, len) });
}

/// The `len` bytes at `ptr`.
///
/// # Safety
/// As [`hb_analyze`].
unsafe fn input<'a>(ptr: *const u8, len: usize) -> &'a [u8] {
    if len == 0 {
        return &[];
    }
    // SAFETY: the caller's promise: `len` bytes written at `ptr`, from hb_alloc.
    unsafe { std::slice::from_raw_parts(ptr, len) }
}

/// Runs [`analyze`] on the `len` bytes at `ptr` in the format numbered `format` (see
/// [`format`]) with `flags` ([`MOVES`], [`MISERE`]), of position `case` (see [`case`]);
/// returns the exit status.
///
/// # Safety
/// `ptr` holds `len` written bytes of memory from [`hb_alloc`].
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hb_analyze(
    ptr: *const u8,
    len: usize,
    format: u32,
    flags: u32,
    case: u32,
) -> u32 {
    // SAFETY: passed on from the caller.
    let bytes = unsafe { input(ptr, len) };
    let printed = analyze(
        bytes,
        self::format(format),
        flags & MOVES != 0,
        flags & MISERE != 0,
        self::case(case),
    );
    keep(printed)
}

/// Runs [`layout`] on the `len` bytes at `ptr`; returns the exit status.
///
/// # Safety
/// As [`hb_analyze`].
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hb_layout(ptr: *const u8, len: usize, format: u32, case: u32) -> u32 {
    // SAFETY: passed on from the caller.
    let bytes = unsafe { input(ptr, len) };
    keep(layout(bytes, self::format(format), self::case(case)))
}

/// Runs [`explain::explain`] on the `len` bytes at `ptr` (flags: [`MISERE`]); returns the
/// exit status.
///
/// # Safety
/// As [`hb_analyze`].
#[cfg(feature = "full")]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hb_explain(
    ptr: *const u8,
    len: usize,
    format: u32,
    flags: u32,
    case: u32,
) -> u32 {
    // SAFETY: passed on from the caller.
    let bytes = unsafe { input(ptr, len) };
    let misere = flags & MISERE != 0;
    keep(explain::explain(
        bytes,
        self::format(format),
        misere,
        self::case(case),
    ))
}

/// Runs [`convert::convert`] on the `len` bytes at `ptr` into the format numbered `to`
/// (flags: [`RENUMBER`]); returns the exit status.
///
/// # Safety
/// As [`hb_analyze`].
#[cfg(feature = "full")]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hb_convert(
    ptr: *const u8,
    len: usize,
    format: u32,
    to: u32,
    flags: u32,
    case: u32,
) -> u32 {
    // SAFETY: passed on from the caller.
    let bytes = unsafe { input(ptr, len) };
    let Some(to) = self::format(to) else {
        let mut reporting = Reporting::default();
        reporting.message("convert needs a format to write");
        return keep(reporting.printed(Vec::new(), false));
    };
    keep(convert::convert(
        bytes,
        self::format(format),
        to,
        flags & RENUMBER != 0,
        self::case(case),
    ))
}

/// Runs [`play::play`] on the request of `len` bytes at `ptr`; returns the exit status.
///
/// # Safety
/// As [`hb_analyze`].
#[cfg(feature = "full")]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hb_play(ptr: *const u8, len: usize) -> u32 {
    // SAFETY: passed on from the caller.
    let bytes = unsafe { input(ptr, len) };
    keep(play::play(bytes))
}

/// Keeps `printed` for the page to read; returns its status.
fn keep(printed: Printed) -> u32 {
    let status = printed.status.into();
    LAST.with(|last| *last.borrow_mut() = printed);
    status
}

/// Where the last call's "stdout" is.
#[unsafe(no_mangle)]
pub extern "C" fn hb_out_ptr() -> *const u8 {
    LAST.with(|last| last.borrow().out.as_ptr())
}

/// How long the last call's "stdout" is.
#[unsafe(no_mangle)]
pub extern "C" fn hb_out_len() -> usize {
    LAST.with(|last| last.borrow().out.len())
}

/// Where the last call's "stderr" is.
#[unsafe(no_mangle)]
pub extern "C" fn hb_err_ptr() -> *const u8 {
    LAST.with(|last| last.borrow().err.as_ptr())
}

/// How long the last call's "stderr" is.
#[unsafe(no_mangle)]
pub extern "C" fn hb_err_len() -> usize {
    LAST.with(|last| last.borrow().err.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_are_numbered_from_one() {
        assert_eq!(format(0), None);
        assert_eq!(format(1), Some(Format::Hb));
        assert_eq!(format(5), Some(Format::Cgsuite));
        assert_eq!(format(6), None);
    }

    #[test]
    fn a_malformed_position_is_located_with_status_2() {
        let printed = analyze(b"graph {\n  a -- \n", None, false, false, None);
        assert_eq!(printed.status, BAD_INPUT);
        let err = String::from_utf8(printed.err).unwrap();
        assert!(err.starts_with("error: "), "{err}");
        assert!(err.contains(" --> <stdin>:"), "{err}");
        let out = String::from_utf8(printed.out).unwrap();
        assert!(out.contains("\"errors\""), "{out}");
    }

    #[test]
    fn edges_are_listed_in_input_order() {
        let printed = layout(b"ground: g\ng-a\nred: a-b\n", Some(Format::Hb), None);
        assert_eq!(
            printed.status,
            SUCCESS,
            "{:?}",
            String::from_utf8(printed.err)
        );
        let drawn: serde_json::Value = serde_json::from_slice(&printed.out).unwrap();
        let edges = &drawn["graphs"][0]["edges"];
        assert_eq!(edges.as_array().unwrap().len(), 2);
        assert_eq!(edges[1][2], "red");
    }
}
