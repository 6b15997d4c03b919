//! Position -> text, what the writers of every format share: their error
//! ([`WriteError`]), their 64 KiB output buffer and decimal numbers written by hand (a
//! christmas file of 10^7 edges takes well under a second), and the rule of which ground
//! vertices hb and JSON write. Each format's writer lives with its reader
//! ([`hb::write`](super::hb::write()), [`christmas::write`](super::christmas::write()),
//! [`json::write`](super::json::write()), [`cgsuite::write`](super::cgsuite::write()));
//! [`convert`](crate::convert) picks one by [`Format`](super::Format).

use std::collections::HashSet;
use std::fmt;
use std::io::{self, BufWriter, Write};

use crate::diagnostic::Diagnostic;
use crate::syntax::GraphDecl;

/// Why a position could not be written.
#[derive(Debug)]
#[non_exhaustive]
pub enum WriteError {
    /// The output failed.
    Io(io::Error),
    /// The format cannot express something in the position (a vertex name that is not an
    /// hb identifier, an empty JSON name, a format without a writer).
    Unwritable(String),
}

impl From<io::Error> for WriteError {
    fn from(e: io::Error) -> WriteError {
        WriteError::Io(e)
    }
}

impl From<Diagnostic> for WriteError {
    /// A [`refusal`](crate::convert::refusal) as the writers return it: its message, then its advice.
    fn from(refusal: Diagnostic) -> WriteError {
        WriteError::Unwritable(match refusal.help {
            Some(help) => format!("{}; {help}", refusal.message),
            None => refusal.message,
        })
    }
}

impl fmt::Display for WriteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WriteError::Io(e) => write!(f, "{e}"),
            WriteError::Unwritable(message) => f.write_str(message),
        }
    }
}

impl std::error::Error for WriteError {}

/// What the writers write through: a buffer of 64 KiB, so that a file of 10^7 edges is
/// written in large blocks.
pub(crate) type Out<'a, W> = BufWriter<&'a mut W>;

/// `inner` behind a buffer of 64 KiB.
pub(crate) fn buffered<W: Write>(inner: &mut W) -> Out<'_, W> {
    BufWriter::with_capacity(1 << 16, inner)
}

/// Bytes and decimal numbers, on any writer.
pub(crate) trait Put: Write {
    #[inline]
    fn byte(&mut self, b: u8) -> io::Result<()> {
        self.write_all(&[b])
    }

    #[inline]
    fn bytes(&mut self, bytes: &[u8]) -> io::Result<()> {
        self.write_all(bytes)
    }

    /// `n` in decimal.
    #[inline]
    fn uint(&mut self, n: u64) -> io::Result<()> {
        self.write_all(itoa::Buffer::new().format(n).as_bytes())
    }
}

impl<W: Write> Put for W {}

/// How many bytes `n` takes in decimal.
pub(crate) fn decimal_len(n: u64) -> usize {
    n.checked_ilog10().map_or(1, |l| l as usize + 1)
}

/// The ground vertices hb and JSON write: all of them when the graph has no edges,
/// otherwise those that are ends of edges (the formats reject the others as typos).
pub(crate) fn written_ground(graph: &GraphDecl) -> Vec<u32> {
    if graph.edges.is_empty() {
        return graph.ground.clone();
    }
    let mut missing: HashSet<u32> = graph.ground.iter().copied().collect();
    for e in &graph.edges {
        if missing.is_empty() {
            break;
        }
        missing.remove(&e.u);
        missing.remove(&e.v);
    }
    graph
        .ground
        .iter()
        .copied()
        .filter(|g| !missing.contains(g))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decimals() {
        for n in [0, 7, 10, 99, 100, 12345, u64::MAX] {
            let mut written = Vec::new();
            written.uint(n).unwrap();
            assert_eq!(written, n.to_string().as_bytes());
            assert_eq!(decimal_len(n), written.len());
        }
    }
}
