//! Errors about the input as data: where (a [`Span`]), what is wrong, and what was expected.
//! Rendering them (`file:line:column`, the source line, a caret) is a separate step, done
//! here with `annotate-snippets` only when a message is shown.

use std::fmt;

use annotate_snippets::{AnnotationKind, Level, Renderer, Snippet};

use crate::source::{Source, Span};

/// One problem in an input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// Where the culprit is; an empty span points between two bytes (e.g. end of input).
    pub span: Span,
    /// What is wrong, lowercase, naming the offending token: "vertex 7 is out of range 1..5".
    pub message: String,
    /// A short note under the caret, usually what was expected instead.
    pub label: String,
}

impl Diagnostic {
    /// A diagnostic at `span`.
    pub fn new(span: Span, message: impl Into<String>, label: impl Into<String>) -> Self {
        Diagnostic {
            span,
            message: message.into(),
            label: label.into(),
        }
    }

    /// "expected X, found Y" at `span`, the most common shape.
    pub fn expected(span: Span, expected: &str, found: &str) -> Self {
        Diagnostic::new(
            span,
            format!("expected {expected}, found {found}"),
            format!("expected {expected}"),
        )
    }

    /// Renders the message in the style of rustc:
    ///
    /// ```text
    /// error: vertex 7 is out of range 1..5
    ///  --> case.in:3:3
    ///   |
    /// 3 | 1 7
    ///   |   ^ expected a vertex in 1..5
    /// ```
    ///
    /// Only the offending line is handed to the renderer, so the cost does not depend on
    /// the size of the input beyond locating the line.
    pub fn render(&self, source: &Source, color: bool) -> String {
        let start = self.span.start as usize;
        let (line_start, line) = source.line_of(start);
        let line_number = source.line_number(start);
        let text = display_line(line);
        let within = start - line_start;
        // Map the byte offsets within the raw line to offsets within the lossy text.
        let lo = lossy_len(&line[..within.min(line.len())]);
        let end = (self.span.end as usize)
            .saturating_sub(line_start)
            .clamp(within, line.len().max(within));
        let hi = lossy_len(&line[..end.min(line.len())]).max(lo);
        let report = &[Level::ERROR.primary_title(&self.message).element(
            Snippet::source(&text)
                .line_start(line_number)
                .path(source.name())
                .annotation(AnnotationKind::Primary.span(lo..hi).label(&self.label)),
        )];
        let renderer = if color {
            Renderer::styled()
        } else {
            Renderer::plain()
        };
        renderer.render(report)
    }

    /// `file:line:column: message`, one line, for machine-readable contexts.
    pub fn short(&self, source: &Source) -> String {
        let at = source.locate(self.span.start as usize);
        format!("{}:{}: {}", source.name(), at, self.message)
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

/// A source line as text: invalid UTF-8 is shown as U+FFFD, control characters other than
/// tab are shown as U+FFFD too, so the caret lines up.
fn display_line(line: &[u8]) -> String {
    String::from_utf8_lossy(line)
        .chars()
        .map(|c| {
            if c.is_control() && c != '\t' {
                '\u{FFFD}'
            } else {
                c
            }
        })
        .collect()
}

/// Length in bytes of `bytes` after lossy UTF-8 decoding and control-character replacement
/// (each replaced character becomes the 3-byte U+FFFD).
fn lossy_len(bytes: &[u8]) -> usize {
    display_line(bytes).len()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_location_line_and_caret() {
        let src = Source::from_str("case.in", "1\n3 2\n1 7\n");
        let d = Diagnostic::new(
            Span::new(8, 9),
            "vertex 7 is out of range 1..3",
            "expected a vertex in 1..3",
        );
        let out = d.render(&src, false);
        assert!(
            out.contains("error: vertex 7 is out of range 1..3"),
            "{out}"
        );
        assert!(out.contains("case.in:3:3"), "{out}");
        assert!(out.contains("3 | 1 7"), "{out}");
        assert!(out.contains("^ expected a vertex in 1..3"), "{out}");
    }

    #[test]
    fn renders_end_of_input() {
        let src = Source::from_str("x.in", "1\n2 1");
        let d = Diagnostic::expected(Span::at(5), "1 more edge", "end of input");
        let out = d.render(&src, false);
        assert!(out.contains("x.in:2:4"), "{out}");
    }

    #[test]
    fn survives_invalid_utf8_and_control_bytes() {
        let src = Source::new("b", b"a\xff\x01 z".to_vec()).unwrap();
        let d = Diagnostic::new(Span::new(4, 5), "bad", "here");
        let out = d.render(&src, false);
        assert!(out.contains("b:1:5"), "{out}");
    }
}
