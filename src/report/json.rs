//! The JSON documents of `--json` (`analyze`, `verify`, `check`), written one item at a
//! time: the same bytes as serde_json's pretty printer gives for the whole document (for
//! `analyze`, `serde_json::to_writer_pretty(&Report)`), without holding every item of the
//! run in memory. Every document starts with its schema [`VERSION`].
//!
//! An item is serialized on its own with serde_json's pretty printer and indented to its
//! place in the document (a JSON string never holds a raw line break, so every line break
//! of the serialization is a line of the layout).
//!
//! ```
//! use hackenbush::report::json::JsonDocument;
//!
//! let mut out = Vec::new();
//! let mut document = JsonDocument::new("numbers");
//! document.item(&mut out, &1)?;
//! document.item(&mut out, &2)?;
//! document.finish(&mut out)?;
//! let read: serde_json::Value = serde_json::from_slice(&out).unwrap();
//! assert_eq!(read, serde_json::json!({ "version": 2, "numbers": [1, 2] }));
//! # Ok::<(), std::io::Error>(())
//! ```

use std::borrow::Cow;
use std::io::{self, Write};

use serde::{Deserialize, Serialize};

use super::{ErrorReport, Winner};
use crate::check::{Violation, ViolationKind};

/// The schema version every JSON document and line carries as `"version"`. Fields are only
/// ever added (docs/json.md); the version changes if one is ever removed or changes its
/// meaning. Version 2 numbers graphs from 1 and gives every position's moves one shape
/// ([`Moves`](super::Moves)); CHANGELOG.md lists the changes from version 1.
pub const VERSION: u32 = 2;

/// A document being written: `{"version": 2, "<key>": [items...], ..., "errors": [...]}`.
/// Nothing is written before the first item (or [`JsonDocument::finish`]), so a run that
/// fails to start prints nothing.
#[derive(Debug)]
pub struct JsonDocument {
    key: &'static str,
    items: usize,
    errors: Vec<ErrorReport>,
}

impl JsonDocument {
    /// The document of `analyze --json`: a [`Report`](super::Report) written position by
    /// position, as [`PositionReport`](super::PositionReport)s.
    pub fn report() -> Self {
        JsonDocument::new("positions")
    }

    /// A document whose items are listed under `key`, none yet.
    pub fn new(key: &'static str) -> Self {
        JsonDocument {
            key,
            items: 0,
            errors: Vec::new(),
        }
    }

    /// Writes the next item.
    pub fn item(&mut self, out: &mut impl Write, item: &impl Serialize) -> io::Result<()> {
        if self.items == 0 {
            self.head(out)?;
            out.write_all(b"[\n    ")?;
        } else {
            out.write_all(b",\n    ")?;
        }
        self.items += 1;
        write_indented(out, item, b"\n    ")
    }

    /// Records an input that failed; errors are listed after the items.
    pub fn error(&mut self, error: ErrorReport) {
        self.errors.push(error);
    }

    /// Ends the document.
    pub fn finish(self, out: &mut impl Write) -> io::Result<()> {
        self.finish_with(out, None::<(&str, &())>)
    }

    /// Ends the document with one more field, `(name, value)`, after the errors.
    pub fn finish_with(
        self,
        out: &mut impl Write,
        field: Option<(&str, &impl Serialize)>,
    ) -> io::Result<()> {
        if self.items == 0 {
            self.head(out)?;
            out.write_all(b"[]")?;
        } else {
            out.write_all(b"\n  ]")?;
        }
        if !self.errors.is_empty() {
            out.write_all(b",\n  \"errors\": ")?;
            write_indented(out, &self.errors, b"\n  ")?;
        }
        if let Some((name, value)) = field {
            out.write_all(b",\n  ")?;
            write_indented(out, &name, b"")?;
            out.write_all(b": ")?;
            write_indented(out, value, b"\n  ")?;
        }
        out.write_all(b"\n}\n")
    }

    /// `{`, the version and the items' key.
    fn head(&self, out: &mut impl Write) -> io::Result<()> {
        write!(out, "{{\n  \"version\": {VERSION},\n  \"{}\": ", self.key)
    }
}

/// A line of `judge --json` for one test case: `{"version":2,"source":"cases.in#1",
/// "case":1,"nim_sum":2,"winner":"first","verdict":"Sally"}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[non_exhaustive]
pub struct CaseLine {
    /// [`VERSION`].
    pub version: u32,
    /// Where the test case comes from, as `analyze --json` names it: `<file>#<case>`
    /// ([`source::label`](crate::source::label)).
    pub source: String,
    /// The test case, from 1.
    pub case: u64,
    /// The XOR of its trees' Grundy values.
    pub nim_sum: u64,
    /// Who wins with best play.
    pub winner: Winner,
    /// The judge's answer: `Sally` (the first player wins) or `Harry`.
    pub verdict: Cow<'static, str>,
}

impl CaseLine {
    /// The line of test case `case` (from 1) of the input named `input`, worth `nim_sum`.
    pub fn new(input: &str, case: u64, nim_sum: u64) -> Self {
        CaseLine {
            version: VERSION,
            source: crate::source::label(input, Some(case as usize)),
            case,
            nim_sum,
            winner: Winner::of(nim_sum),
            verdict: Cow::Borrowed(if nim_sum != 0 { "Sally" } else { "Harry" }),
        }
    }
}

/// A line of JSON Lines output for an input that failed: `{"version":2,"error":{..}}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[non_exhaustive]
pub struct ErrorLine {
    /// [`VERSION`].
    pub version: u32,
    /// What failed, and where.
    pub error: ErrorReport,
}

impl ErrorLine {
    /// The line of `error`.
    pub fn new(error: ErrorReport) -> Self {
        ErrorLine {
            version: VERSION,
            error,
        }
    }
}

/// A violation in `check --json`'s document.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[non_exhaustive]
pub struct ViolationReport {
    /// The file (`<stdin>` for standard input).
    pub source: String,
    /// 1-based line of the culprit.
    pub line: usize,
    /// 1-based column (in characters).
    pub column: usize,
    /// Which promise is broken: [`ViolationKind::name`] (`polygon-branch`).
    pub kind: Cow<'static, str>,
    /// The test case, from 1.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub case: Option<usize>,
    /// The tree within the test case, from 1; absent for the test case itself.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tree: Option<usize>,
    /// What is wrong, without the test case and tree.
    pub message: String,
}

impl ViolationReport {
    /// The report of `violation`, found in `source` at `line` and `column`.
    pub fn new(violation: &Violation, source: &str, (line, column): (usize, usize)) -> Self {
        ViolationReport {
            source: source.to_string(),
            line,
            column,
            kind: Cow::Borrowed(violation.kind.name()),
            case: violation.case,
            tree: violation.tree,
            message: violation.message.clone(),
        }
    }
}

/// The totals that end `check --json`'s document.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct CheckSummary {
    /// Test cases read completely.
    pub cases: usize,
    /// Test cases with at least one violation.
    pub bad_cases: usize,
    /// Violations in all.
    pub violations: usize,
    /// Violations of each kind, indexed as [`ViolationKind::ALL`].
    pub by_kind: [usize; ViolationKind::ALL.len()],
}

impl Serialize for CheckSummary {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        /// Every kind's count, zero or not, as an object in the kinds' order.
        struct ByKind<'a>(&'a [usize]);
        impl Serialize for ByKind<'_> {
            fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.collect_map(ViolationKind::ALL.iter().map(|k| k.name()).zip(self.0))
            }
        }
        let mut s = serializer.serialize_struct("CheckSummary", 4)?;
        s.serialize_field("cases", &self.cases)?;
        s.serialize_field("bad_cases", &self.bad_cases)?;
        s.serialize_field("violations", &self.violations)?;
        s.serialize_field("by_kind", &ByKind(&self.by_kind))?;
        s.end()
    }
}

/// Read as it is written; a kind this version does not know is not counted.
impl<'de> Deserialize<'de> for CheckSummary {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        /// The wire format (docs/json.md).
        #[derive(Deserialize)]
        struct Wire {
            cases: usize,
            bad_cases: usize,
            violations: usize,
            by_kind: std::collections::BTreeMap<String, usize>,
        }
        let wire = Wire::deserialize(deserializer)?;
        let mut by_kind = [0; ViolationKind::ALL.len()];
        for (count, kind) in by_kind.iter_mut().zip(ViolationKind::ALL) {
            *count = wire.by_kind.get(kind.name()).copied().unwrap_or(0);
        }
        Ok(CheckSummary {
            cases: wire.cases,
            bad_cases: wire.bad_cases,
            violations: wire.violations,
            by_kind,
        })
    }
}

/// Writes `value` on one line of JSON.
pub fn write_line(out: &mut impl Write, value: &impl Serialize) -> io::Result<()> {
    serde_json::to_writer(&mut *out, value).map_err(io::Error::from)?;
    out.write_all(b"\n")
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
    use crate::report::{GraphReport, PositionReport, Report};

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
                ..Report::default()
            };
            let mut expected = serde_json::to_vec_pretty(&report).unwrap();
            expected.push(b'\n');
            let mut got = Vec::new();
            let mut json = JsonDocument::report();
            for p in &positions {
                json.item(&mut got, p).unwrap();
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

    /// With a last field after the errors, as `check` and `verify` end theirs.
    #[test]
    fn a_closing_field_is_written_as_serde_json_writes_it() {
        #[derive(Serialize)]
        struct Document {
            version: u32,
            items: Vec<u32>,
            #[serde(skip_serializing_if = "Vec::is_empty")]
            errors: Vec<ErrorReport>,
            summary: CheckSummary,
        }
        let summary = CheckSummary {
            cases: 3,
            by_kind: [1; ViolationKind::ALL.len()],
            ..CheckSummary::default()
        };
        for (items, errors) in [(vec![], vec![]), (vec![1, 2], vec![error("bad")])] {
            let document = Document {
                version: VERSION,
                items: items.clone(),
                errors: errors.clone(),
                summary: summary.clone(),
            };
            let mut expected = serde_json::to_vec_pretty(&document).unwrap();
            expected.push(b'\n');
            let mut got = Vec::new();
            let mut json = JsonDocument::new("items");
            for item in &items {
                json.item(&mut got, item).unwrap();
            }
            for e in errors {
                json.error(e);
            }
            json.finish_with(&mut got, Some(("summary", &summary)))
                .unwrap();
            assert_eq!(
                String::from_utf8(got).unwrap(),
                String::from_utf8(expected).unwrap()
            );
        }
    }
}
