//! Graphviz DOT input (`grammars/dot.md`). Being written.

use super::Position;
use crate::diagnostic::Diagnostic;
use crate::source::Span;

/// Parses a DOT file into one position.
pub fn parse(_input: &[u8]) -> Result<Position, Diagnostic> {
    Err(Diagnostic::new(
        Span::at(0),
        "the dot input format is not available yet",
        "",
    ))
}
