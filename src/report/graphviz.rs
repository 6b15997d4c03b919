//! Graphviz `dot` as a child process, under a time limit: the DOT text goes to its stdin,
//! the rendered file comes from its stdout, and a `dot` that does not finish in time is
//! killed. [`super::picture::render`] is the public face of this.
//!
//! Written here rather than with graphviz-rust's `exec`, which waits for `dot` without a
//! limit (and goes through a temporary file); the waiting itself is the `wait-timeout`
//! crate's. In a browser (wasm32) no process starts, so [`run`] fails to spawn `dot` and
//! never waits: there the DOT writer is all this feature brings.

use std::io::{self, Read, Write};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

#[cfg(not(target_family = "wasm"))]
use wait_timeout::ChildExt;

/// How often a caller waiting for `dot` is told how long it has been.
pub(crate) const WAIT_STEP: Duration = Duration::from_millis(250);

/// Why a run of `dot` gave no output.
#[derive(Debug)]
pub(crate) enum Failure {
    /// `dot` could not be started (`NotFound`: not on the `PATH`).
    Spawn(io::Error),
    /// `dot` ran past the time limit and was killed.
    TimedOut(Duration),
    /// `dot` ended with a failure status: what it said on stderr, or the status.
    Failed(String),
    /// Waiting for `dot` or reading its output failed.
    Io(io::Error),
}

/// Runs `dot ARGS` on `input` and returns what it printed, killing it after `timeout`
/// (`None`: no limit). `waiting` is told the time spent, every [`WAIT_STEP`] while `dot`
/// runs.
pub(crate) fn run(
    args: &[&str],
    input: String,
    timeout: Option<Duration>,
    waiting: &mut dyn FnMut(Duration),
) -> Result<Vec<u8>, Failure> {
    let mut child = Command::new("dot")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(Failure::Spawn)?;
    // Feeding and draining run beside the wait, so that neither side blocks on a full pipe.
    let mut stdin = child.stdin.take().expect("stdin is piped");
    let feeder = thread::spawn(move || {
        // A `dot` that stops reading early says why on stderr, or fails; nothing to add.
        let _ = stdin.write_all(input.as_bytes());
    });
    let stdout = drain(child.stdout.take().expect("stdout is piped"));
    let stderr = drain(child.stderr.take().expect("stderr is piped"));
    // A `dot` killed for its time is not waited for any further, nor are the threads:
    // a child of its own could hold the pipes open.
    let status = wait(&mut child, timeout, waiting)?;
    let _ = feeder.join();
    let output = join(stdout)?;
    if !status.success() {
        let said = String::from_utf8_lossy(&join(stderr)?)
            .trim_end()
            .to_string();
        return Err(Failure::Failed(if said.is_empty() {
            format!("it ended with {status}")
        } else {
            said
        }));
    }
    Ok(output)
}

/// Waits for `child` within `timeout`, telling `waiting` the time spent every step; kills
/// it when the time is up.
fn wait(
    child: &mut Child,
    timeout: Option<Duration>,
    waiting: &mut dyn FnMut(Duration),
) -> Result<ExitStatus, Failure> {
    let start = Instant::now();
    loop {
        let left = timeout.map(|limit| limit.saturating_sub(start.elapsed()));
        let step = left.map_or(WAIT_STEP, |left| left.min(WAIT_STEP));
        if let Some(status) = wait_step(child, step)? {
            return Ok(status);
        }
        if let Some(limit) = timeout
            && start.elapsed() >= limit
        {
            // It may have just finished: then the kill fails and the wait collects it.
            let _ = child.kill();
            let _ = child.wait();
            return Err(Failure::TimedOut(limit));
        }
        waiting(start.elapsed());
    }
}

/// Waits for `child` at most `step`: its status if it ended.
#[cfg(not(target_family = "wasm"))]
fn wait_step(child: &mut Child, step: Duration) -> Result<Option<ExitStatus>, Failure> {
    child.wait_timeout(step).map_err(Failure::Io)
}

/// In a browser no child ever starts ([`run`] fails to spawn it first), and there is no
/// clock to wait by: a plain wait, never reached.
#[cfg(target_family = "wasm")]
fn wait_step(child: &mut Child, _: Duration) -> Result<Option<ExitStatus>, Failure> {
    child.wait().map(Some).map_err(Failure::Io)
}

/// Reads `pipe` to its end on a thread of its own.
fn drain(mut pipe: impl Read + Send + 'static) -> JoinHandle<io::Result<Vec<u8>>> {
    thread::spawn(move || {
        let mut bytes = Vec::new();
        pipe.read_to_end(&mut bytes).map(|_| bytes)
    })
}

fn join(reader: JoinHandle<io::Result<Vec<u8>>>) -> Result<Vec<u8>, Failure> {
    reader
        .join()
        .unwrap_or_else(|_| Err(io::Error::other("the reader of dot's output stopped")))
        .map_err(Failure::Io)
}
