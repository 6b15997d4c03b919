//! Progress of long work, for a person watching: a spinner on stderr saying what is being
//! done and how far it got (`verify: game tree of bowtie, 7 edges: 1,234,567 positions
//! searched (12 s)`), redrawn at most every [`TICK`] as the work reports, on one line cut
//! to the terminal's width (`console` knows the terminal).
//!
//! Shown only when stderr is a terminal and `CI` is not set, and only once the work has
//! taken [`DELAY`]: never in a pipe, a file or a test, and never a flicker for work that
//! is quick. It is cleared when the work ends, so that what is printed next starts on a
//! clean line. (`NO_COLOR` does not matter: the spinner has no colour.)
//!
//! Not `indicatif`: its rate estimator calls `pow`, which links `libm` into every run of
//! the binary, 328 KiB of resident memory that the judge's memory target cannot spare;
//! the work here reports often enough that no ticking thread is needed.

use std::io::{IsTerminal, Write};
use std::time::{Duration, Instant};

use console::Term;
use hackenbush::SearchProgress;
use hackenbush::wording::printable;

/// Work quicker than this shows nothing.
const DELAY: Duration = Duration::from_secs(1);

/// The spinner is redrawn at most this often.
const TICK: Duration = Duration::from_millis(120);

const FRAMES: [char; 10] = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];

/// Whether progress may be shown on this run: stderr is a terminal, and not a CI's.
pub fn wanted() -> bool {
    std::io::stderr().is_terminal() && std::env::var_os("CI").is_none()
}

/// The progress of one piece of work ([`Progress::new`]), cleared when dropped.
pub struct Progress {
    what: String,
    start: Instant,
    enabled: bool,
    /// When the spinner was last drawn, and how many times.
    drawn: Option<Instant>,
    frame: usize,
}

impl Progress {
    /// Progress of `what` (say which work, on which input), from now on.
    pub fn new(what: impl Into<String>) -> Progress {
        Progress {
            what: what.into(),
            start: Instant::now(),
            enabled: wanted(),
            drawn: None,
            frame: 0,
        }
    }

    /// The work goes on: `detail` says how far it got ("1,234 positions searched"). It is
    /// only called when the spinner is drawn.
    pub fn update(&mut self, detail: impl FnOnce() -> String) {
        let elapsed = self.start.elapsed();
        if !self.enabled || elapsed < DELAY || self.drawn.is_some_and(|at| at.elapsed() < TICK) {
            return;
        }
        let frame = FRAMES[self.frame % FRAMES.len()];
        self.frame += 1;
        self.drawn = Some(Instant::now());
        let term = Term::stderr();
        let width = usize::from(term.size().1).saturating_sub(1);
        let line = line(frame, &self.what, &detail(), elapsed, width);
        // Progress is a courtesy: a terminal that fails to take it changes nothing.
        let _ = term.clear_line();
        let _ = term.write_str(&console::truncate_str(&line, width, "…"));
        let _ = std::io::stderr().flush();
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        if self.drawn.is_some() {
            let _ = Term::stderr().clear_line();
        }
    }
}

/// The spinner's line, at most `width` columns: what is being done gives way first on a
/// narrow terminal, so that how far it got and for how long stay in sight.
fn line(frame: char, what: &str, detail: &str, elapsed: Duration, width: usize) -> String {
    let tail = format!(": {detail} ({} s)", elapsed.as_secs());
    let room = width
        .saturating_sub(console::measure_text_width(&tail) + 2)
        .max(8);
    let what = console::truncate_str(what, room, "…");
    console::truncate_str(&format!("{frame} {what}{tail}"), width.max(10), "…").into_owned()
}

/// A [`SearchProgress`] for `command`: a spinner for each graph whose search takes long
/// (`analyze: searching bed: 1,234,567 positions (12 s)`), cleared when the next graph's
/// search begins or the hook is dropped.
pub fn searches(command: &'static str) -> SearchProgress {
    let mut current: Option<(String, Progress)> = None;
    Box::new(move |graph: &str, positions: usize| {
        if current.as_ref().is_none_or(|(name, _)| name != graph) {
            let what = format!("{command}: searching {}", printable(graph));
            current = Some((graph.to_string(), Progress::new(what)));
        }
        if let Some((_, progress)) = &mut current {
            progress.update(|| format!("{} positions", thousands(positions as u64)));
        }
    })
}

/// `1234567` as `1,234,567`.
pub fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_fits_the_terminal_and_keeps_the_count_in_sight() {
        let what = "verify: game tree of graph 1 in a/rather/long/path/to/the/input.hb, 24 edges";
        let elapsed = Duration::from_secs(12);
        let wide = line('⠋', what, "1,048,576 positions searched", elapsed, 200);
        assert_eq!(
            wide,
            format!("⠋ {what}: 1,048,576 positions searched (12 s)")
        );
        for width in [10, 40, 79, 119] {
            let shown = line('⠋', what, "1,048,576 positions searched", elapsed, width);
            assert!(
                console::measure_text_width(&shown) <= width,
                "{width}: {shown}"
            );
            if width >= 79 {
                assert!(
                    shown.ends_with(": 1,048,576 positions searched (12 s)"),
                    "{shown}"
                );
            }
            if width == 79 {
                assert!(!shown.contains("edges") && shown.contains('…'), "{shown}");
            }
        }
    }

    #[test]
    fn thousands_are_separated() {
        for (n, text) in [
            (0, "0"),
            (999, "999"),
            (1000, "1,000"),
            (1234567, "1,234,567"),
            (u64::MAX, "18,446,744,073,709,551,615"),
        ] {
            assert_eq!(thousands(n), text);
        }
    }
}
