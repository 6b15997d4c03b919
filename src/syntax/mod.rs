//! Text -> syntax: the input formats, each parsed with `nom` into the same small tree:
//! a [`Position`] is a list of [`GraphDecl`]s, each a vertex table, its ground vertices and
//! its edges in input order, every piece with the [`Span`] it came from.
//!
//! Each format's grammar is written down in `grammars/` and its parser follows it
//! production by production:
//!
//! | format | module | grammar |
//! |---|---|---|
//! | `hb` (native) | [`hb`] | `grammars/hb.ebnf` |
//! | `christmas` (POJ 3710) | [`christmas`] | `grammars/christmas.ebnf` |
//! | `json` | [`json`] | `grammars/json.ebnf` |
//! | `dot` (Graphviz) | [`dot`] | `grammars/dot.md` |
//! | `cgsuite` | [`cgsuite`] | `grammars/cgsuite.ebnf` |

pub mod cgsuite;
pub mod christmas;
pub mod dot;
pub mod hb;
pub mod json;
mod lex;
pub mod window;

use std::fmt;
use std::path::Path;

use crate::diagnostic::Diagnostic;
use crate::source::{Source, Span};

/// An input format.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Format {
    /// The native format, written for people (`.hb`).
    Hb,
    /// The POJ 3710 "Christmas Game" judge format (`.in`, `.txt`).
    Christmas,
    /// JSON (`.json`).
    Json,
    /// Graphviz DOT (`.dot`, `.gv`): undirected graphs, ground marked by attribute.
    Dot,
    /// CGSuite Hackenbush strings, green edges only (`.cgs`).
    Cgsuite,
}

impl Format {
    /// Every format, in the order help texts list them.
    pub const ALL: [Format; 5] = [
        Format::Hb,
        Format::Christmas,
        Format::Json,
        Format::Dot,
        Format::Cgsuite,
    ];

    /// The format's name as the command line spells it.
    pub fn name(self) -> &'static str {
        match self {
            Format::Hb => "hb",
            Format::Christmas => "christmas",
            Format::Json => "json",
            Format::Dot => "dot",
            Format::Cgsuite => "cgsuite",
        }
    }

    /// The format a file name's extension implies, if any: `.hb`, `.json`, and `.in` or
    /// `.txt` for christmas.
    pub fn from_path(path: &Path) -> Option<Format> {
        let ext = path.extension()?.to_str()?.to_ascii_lowercase();
        match ext.as_str() {
            "hb" => Some(Format::Hb),
            "json" => Some(Format::Json),
            "in" | "txt" => Some(Format::Christmas),
            "dot" | "gv" => Some(Format::Dot),
            "cgs" => Some(Format::Cgsuite),
            _ => None,
        }
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A vertex as the input names it. In JSON output a number stays a number and a name
/// is a string.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
#[serde(untagged)]
pub enum VertexName {
    /// A vertex written as a non-negative integer (`07` and `7` are the same vertex).
    Number(u64),
    /// A vertex written as an identifier (hb) or a string (JSON).
    Name(Box<str>),
}

impl fmt::Display for VertexName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            VertexName::Number(n) => write!(f, "{n}"),
            VertexName::Name(s) => f.write_str(s),
        }
    }
}

/// The names of a graph's vertices, indexed by vertex id.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Vertices {
    /// Vertex id `i` is the number `i + 1` (christmas format: vertices `1..=m`).
    Numbered(u32),
    /// Vertex id `i` is named `names[i]`.
    Named(Vec<VertexName>),
}

impl Vertices {
    /// How many vertex ids there are.
    pub fn len(&self) -> usize {
        match self {
            Vertices::Numbered(n) => *n as usize,
            Vertices::Named(names) => names.len(),
        }
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The name of vertex `id`.
    pub fn name(&self, id: u32) -> VertexName {
        match self {
            Vertices::Numbered(_) => VertexName::Number(u64::from(id) + 1),
            Vertices::Named(names) => names[id as usize].clone(),
        }
    }
}

/// One edge as written: two vertex ids (equal for a loop) and where it was written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EdgeDecl {
    /// One end (vertex id).
    pub u: u32,
    /// The other end (vertex id).
    pub v: u32,
    /// The text of the edge (`a-b`, `3 4`, `[3,4]`).
    pub span: Span,
}

/// One graph as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GraphDecl {
    /// The name the input gave it, if any.
    pub name: Option<String>,
    /// Where the graph starts (its header, or its first edge).
    pub span: Span,
    /// The vertex table.
    pub vertices: Vertices,
    /// Ground vertex ids, without repetition, in the order first declared.
    pub ground: Vec<u32>,
    /// The edges, in input order: edge `j` is the `j+1`-th edge of the graph.
    pub edges: Vec<EdgeDecl>,
}

/// One position: the sum of its graphs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    /// 1-based test case number for formats with several positions per file.
    pub case: Option<usize>,
    /// Where the position was written.
    pub span: Span,
    /// Its graphs.
    pub graphs: Vec<GraphDecl>,
}

/// The positions of a source, one at a time: parsing stops at the first error, and the
/// positions before it are kept.
pub type Positions<'a> = Box<dyn Iterator<Item = Result<Position, Diagnostic>> + 'a>;

/// Parses `source` in `format`, lazily: christmas files yield one position per test case
/// as it is read; hb and JSON files yield exactly one position.
pub fn parse(format: Format, source: &Source) -> Positions<'_> {
    match format {
        Format::Christmas => Box::new(christmas::Cases::new(source.bytes())),
        Format::Hb => Box::new(std::iter::once_with(|| hb::parse(source.bytes()))),
        Format::Json => Box::new(std::iter::once_with(|| json::parse(source.bytes()))),
        Format::Dot => Box::new(std::iter::once_with(|| dot::parse(source.bytes()))),
        Format::Cgsuite => cgsuite::positions(source.bytes()),
    }
}

/// Interns vertex names into dense ids, in order of first appearance.
#[derive(Default)]
pub(crate) struct Interner {
    ids: std::collections::HashMap<VertexName, u32>,
    names: Vec<VertexName>,
}

impl Interner {
    /// The id of `name`, new if it was not seen before. `None` when the graph already has
    /// `u32::MAX` vertices.
    pub(crate) fn intern(&mut self, name: VertexName) -> Option<u32> {
        if let Some(&id) = self.ids.get(&name) {
            return Some(id);
        }
        let id = u32::try_from(self.names.len())
            .ok()
            .filter(|&i| i < u32::MAX)?;
        self.names.push(name.clone());
        self.ids.insert(name, id);
        Some(id)
    }

    /// The vertex table.
    pub(crate) fn into_vertices(self) -> Vertices {
        Vertices::Named(self.names)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_from_extensions() {
        assert_eq!(Format::from_path(Path::new("a.hb")), Some(Format::Hb));
        assert_eq!(Format::from_path(Path::new("a.JSON")), Some(Format::Json));
        assert_eq!(
            Format::from_path(Path::new("a.in")),
            Some(Format::Christmas)
        );
        assert_eq!(
            Format::from_path(Path::new("a.txt")),
            Some(Format::Christmas)
        );
        assert_eq!(Format::from_path(Path::new("a")), None);
    }
}
