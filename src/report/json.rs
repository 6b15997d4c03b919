//! The JSON document of `hackenbush analyze --json`, written one position at a time: the
//! same bytes as `serde_json::to_writer_pretty(&Report)`, without holding every position
//! of the run in memory.
//!
//! A position is serialized on its own with serde_json's pretty printer and indented to
//! its place in the document (a JSON string never holds a raw line break, so every line
//! break of the serialization is a line of the layout).

use std::io::{self, Write};

use serde::Serialize;

use super::{ErrorReport, PositionReport};

/// A [`Report`](super::Report) being written. Nothing is written before the first
/// position (or [`JsonReport::finish`]), so a run that fails to start prints nothing.
#[derive(Debug, Default)]
pub struct JsonReport {
    positions: usize,
    errors: Vec<ErrorReport>,
}

impl JsonReport {
    /// A document with no positions yet.
    pub fn new() -> Self {
        JsonReport::default()
    }

    /// Writes the next position.
    pub fn position(&mut self, out: &mut impl Write, position: &PositionReport) -> io::Result<()> {
        out.write_all(if self.positions == 0 {
            b"{\n  \"positions\": [\n    "
        } else {
            b",\n    "
        })?;
        self.positions += 1;
        write_indented(out, position, b"\n    ")
    }

    /// Records an input that failed; errors are listed after the positions.
    pub fn error(&mut self, error: ErrorReport) {
        self.errors.push(error);
    }

    /// Ends the document.
    pub fn finish(self, out: &mut impl Write) -> io::Result<()> {
        out.write_all(if self.positions == 0 {
            b"{\n  \"positions\": []"
        } else {
            b"\n  ]"
        })?;
        if !self.errors.is_empty() {
            out.write_all(b",\n  \"errors\": ")?;
            write_indented(out, &self.errors, b"\n  ")?;
        }
        out.write_all(b"\n}\n")
    }
}

/// `value` pretty-printed, each line break followed by `indent`.
fn write_indented(out: &mut impl Write, value: &impl Serialize, indent: &[u8]) -> io::Result<()> {
    let text = serde_json::to_vec_pretty(value).map_err(io::Error::from)?;
    for (i, line) in text.split(|&b| b == b'\n').enumerate() {
        if i > 0 {
            out.write_all(indent)?;
        }
        out.write_all(line)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::summary::Summary;
    use crate::report::{GraphReport, Report};

    fn position(name: &str, values: &[u64]) -> PositionReport {
        PositionReport::new(
            name.to_string(),
            values
                .iter()
                .enumerate()
                .map(|(i, &value)| {
                    let summary = Summary {
                        value,
                        ..Summary::default()
                    };
                    GraphReport::from_summary(format!("g\n\"{i}\""), &summary)
                })
                .collect(),
        )
    }

    fn error(message: &str) -> ErrorReport {
        ErrorReport {
            source: "x".into(),
            line: Some(1),
            column: None,
            message: message.into(),
        }
    }

    /// Byte for byte what serde_json prints for the whole report at once.
    #[test]
    fn writes_what_serde_json_writes() {
        let runs = [
            (vec![], vec![]),
            (vec![position("a", &[1])], vec![]),
            (vec![position("a", &[1, 2]), position("b", &[])], vec![]),
            (vec![], vec![error("bad")]),
            (
                vec![position("a", &[3])],
                vec![error("bad"), error("worse")],
            ),
        ];
        for (positions, errors) in runs {
            let report = Report {
                positions: positions.clone(),
                errors: errors.clone(),
            };
            let mut expected = serde_json::to_vec_pretty(&report).unwrap();
            expected.push(b'\n');
            let mut got = Vec::new();
            let mut json = JsonReport::new();
            for p in &positions {
                json.position(&mut got, p).unwrap();
            }
            for e in errors {
                json.error(e);
            }
            json.finish(&mut got).unwrap();
            assert_eq!(
                String::from_utf8(got).unwrap(),
                String::from_utf8(expected).unwrap()
            );
        }
    }
}
