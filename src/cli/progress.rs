//! Progress of long work, for a person watching: a spinner on stderr saying what is being
//! done and how far it got (`verify: game tree of bowtie, 7 edges: 1,234,567 positions
//! searched (12s)`), drawn by `indicatif`.
//!
//! Shown only when stderr is a terminal and `CI` is not set, and only once the work has
//! taken [`DELAY`]: never in a pipe, a file or a test, and never a flicker for work that
//! is quick. It is cleared when the work ends, so that what is printed next starts on a
//! clean line. (`NO_COLOR` does not matter: the spinner has no colour.)

use std::io::IsTerminal;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// Work quicker than this shows nothing.
const DELAY: Duration = Duration::from_secs(1);

/// Whether progress may be shown on this run: stderr is a terminal, and not a CI's.
pub fn wanted() -> bool {
    std::io::stderr().is_terminal() && std::env::var_os("CI").is_none()
}

/// The progress of one piece of work ([`Progress::new`]), cleared when dropped.
pub struct Progress {
    what: String,
    start: Instant,
    enabled: bool,
    spinner: Option<ProgressBar>,
}

impl Progress {
    /// Progress of `what` (say which work, on which input), from now on.
    pub fn new(what: impl Into<String>) -> Progress {
        Progress {
            what: what.into(),
            start: Instant::now(),
            enabled: wanted(),
            spinner: None,
        }
    }

    /// The work goes on: `detail` says how far it got ("1,234 positions searched"). It is
    /// only called when the spinner is shown.
    pub fn update(&mut self, detail: impl FnOnce() -> String) {
        if !self.enabled {
            return;
        }
        if self.spinner.is_none() {
            if self.start.elapsed() < DELAY {
                return;
            }
            self.spinner = Some(self.spinner());
        }
        if let Some(spinner) = &self.spinner {
            spinner.set_message(format!("{}: {}", self.what, detail()));
        }
    }

    fn spinner(&self) -> ProgressBar {
        let style =
            ProgressStyle::with_template("{spinner} {msg} ({elapsed})").expect("a valid template");
        let spinner = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr())
            .with_style(style)
            .with_elapsed(self.start.elapsed());
        spinner.enable_steady_tick(Duration::from_millis(120));
        spinner
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        if let Some(spinner) = &self.spinner {
            spinner.finish_and_clear();
        }
    }
}
