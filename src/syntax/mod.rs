//! Text -> syntax: the input formats, each read into the same small tree: a [`Position`]
//! is a list of [`GraphDecl`]s, each a vertex table, its ground vertices and its edges in
//! input order, every piece with the [`Span`] it came from.
//!
//! Every format feeds one [`GraphBuilder`], which owns the rules common to all: vertex
//! names interned in linear time, ground vertices (a ground vertex that no edge touches is
//! legal), edges with their spans and whatever else an edge carries. A format's
//! [`Reader`] hands each graph to a [`GraphSink`] as soon as it is complete, so a caller
//! can analyze a graph and let it go before the next one is read; [`parse`] collects
//! them into [`Position`]s for callers that want the whole.
//!
//! Each format's grammar is written down in `grammars/` and its reader follows it
//! production by production:
//!
//! | format | module | grammar | read with |
//! |---|---|---|---|
//! | `hb` (native) | [`hb`] | `grammars/hb.ebnf` | `nom`, line by line |
//! | `christmas` (POJ 3710) | [`christmas`] | `grammars/christmas.ebnf` | a token scanner that streams through a [`window`] |
//! | `json` | [`json`] | `grammars/json.ebnf` | `struson` (JSON syntax, with positions), then the schema walk |
//! | `dot` (Graphviz) | [`dot`] | `grammars/dot.md` | `nom` |
//! | `cgsuite` | [`cgsuite`] | `grammars/cgsuite.ebnf` | `nom`, with an explicit stack of brackets |
//!
//! An input without a format to go by (standard input) is recognised by its first bytes
//! where no two formats can be confused ([`detect`]).

pub mod builder;
pub mod cgsuite;
pub mod christmas;
pub mod detect;
pub mod dot;
pub mod hb;
pub mod json;
mod lex;
pub mod window;

use std::fmt;
use std::path::Path;

use crate::diagnostic::Diagnostic;
use crate::source::{Source, Span};

pub use builder::GraphBuilder;

/// An input format.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Format {
    /// The native format, written for people (`.hb`).
    Hb,
    /// The POJ 3710 "Christmas Game" judge format (`.in`, `.txt`).
    Christmas,
    /// JSON (`.json`).
    Json,
    /// Graphviz DOT (`.dot`, `.gv`): undirected graphs, ground marked by attribute.
    Dot,
    /// CGSuite Hackenbush strings (`.cgs`).
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

impl std::str::FromStr for Format {
    type Err = crate::diagnostic::Error;

    /// The format named as the command line names it ([`Format::name`]), in any case.
    ///
    /// ```
    /// use hackenbush::syntax::Format;
    ///
    /// assert_eq!("cgsuite".parse::<Format>()?, Format::Cgsuite);
    /// let unknown = "yaml".parse::<Format>().unwrap_err();
    /// assert_eq!(
    ///     unknown.to_string(),
    ///     "unknown format `yaml`: expected hb, christmas, json, dot or cgsuite"
    /// );
    /// # Ok::<(), hackenbush::Error>(())
    /// ```
    fn from_str(name: &str) -> Result<Format, crate::diagnostic::Error> {
        (Format::ALL.into_iter())
            .find(|format| format.name().eq_ignore_ascii_case(name))
            .ok_or_else(|| crate::diagnostic::Error::UnknownFormat(name.to_string()))
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
    /// Vertices are anonymous unless labelled (cgsuite); see [`Labels`].
    Labelled(Labels),
}

impl Vertices {
    /// How many vertex ids there are.
    pub fn len(&self) -> usize {
        match self {
            Vertices::Numbered(n) => *n as usize,
            Vertices::Named(names) => names.len(),
            Vertices::Labelled(labels) => labels.count as usize,
        }
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The names of all vertices, in id order, as shown (for tests).
    #[cfg(test)]
    pub(crate) fn shown(&self) -> Vec<String> {
        (0..self.len() as u32)
            .map(|i| self.name(i).to_string())
            .collect()
    }

    /// The name of vertex `id`.
    pub fn name(&self, id: u32) -> VertexName {
        match self {
            Vertices::Numbered(_) => VertexName::Number(u64::from(id) + 1),
            Vertices::Named(names) => names[id as usize].clone(),
            Vertices::Labelled(labels) => VertexName::Name(labels.name(id).into()),
        }
    }
}

/// The vertex table of a graph whose vertices are anonymous unless labelled, as CGSuite
/// writes them: a labelled vertex is called by its label; an unlabelled one is `ground`
/// if it is vertex 0 and `v1`, `v2`, ... otherwise, numbered in id order among the
/// unlabelled ones; a generated name that a label already uses gets primes (`v1'`) until
/// it is free. Only the labels are stored, so a stalk of 10^7 anonymous vertices costs
/// nothing here.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Labels {
    count: u32,
    /// `(id, label)`, by id.
    by_id: Vec<(u32, Box<str>)>,
    /// Indices into `by_id`, by label.
    by_text: Vec<u32>,
}

impl Labels {
    /// `count` vertices, of which those in `labels` are labelled.
    pub fn new(count: u32, mut labels: Vec<(u32, Box<str>)>) -> Self {
        labels.sort_unstable_by_key(|&(id, _)| id);
        let mut by_text: Vec<u32> = (0..labels.len() as u32).collect();
        by_text.sort_unstable_by(|&a, &b| labels[a as usize].1.cmp(&labels[b as usize].1));
        Labels {
            count,
            by_id: labels,
            by_text,
        }
    }

    /// The labelled vertices and their labels, by id.
    pub fn labels(&self) -> impl Iterator<Item = (u32, &str)> {
        self.by_id.iter().map(|(id, label)| (*id, &**label))
    }

    fn is_label(&self, text: &str) -> bool {
        self.by_text
            .binary_search_by(|&i| (*self.by_id[i as usize].1).cmp(text))
            .is_ok()
    }

    /// The name of vertex `id`.
    pub fn name(&self, id: u32) -> String {
        let below = match self.by_id.binary_search_by_key(&id, |&(i, _)| i) {
            Ok(i) => return self.by_id[i].1.to_string(),
            Err(below) => below,
        };
        let mut name = if id == 0 {
            "ground".to_string()
        } else {
            // Unlabelled ids 1..=id, the ground's label (if any) not counted.
            let labelled = below - usize::from(self.by_id.first().is_some_and(|&(i, _)| i == 0));
            format!("v{}", id as usize - labelled)
        };
        while self.is_label(&name) {
            name.push('\'');
        }
        name
    }
}

/// What a graph is called when its input gives it no name: `graph N`, or `tree N` for
/// the trees of christmas judge data.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub enum GraphKind {
    /// `graph N`.
    #[default]
    Graph,
    /// `tree N`.
    Tree,
}

impl GraphKind {
    /// `graph` or `tree`.
    pub fn noun(self) -> &'static str {
        match self {
            GraphKind::Graph => "graph",
            GraphKind::Tree => "tree",
        }
    }

    /// What the graph at 0-based `index` of its position is called without a name:
    /// `graph 1`, `tree 2`.
    pub fn name(self, index: usize) -> String {
        format!("{} {}", self.noun(), index + 1)
    }
}

/// Who may cut an edge: Left (blue), Right (red), or either player (green).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "lowercase")]
#[non_exhaustive]
pub enum Colour {
    /// Either player may cut it: the edge of Green Hackenbush, and the default.
    #[default]
    Green,
    /// Only Left may cut it.
    Blue,
    /// Only Right may cut it.
    Red,
}

impl Colour {
    /// Who may cut an edge of this colour: (Left, Right).
    pub fn players(self) -> (bool, bool) {
        match self {
            Colour::Green => (true, true),
            Colour::Blue => (true, false),
            Colour::Red => (false, true),
        }
    }

    /// `green`, `blue` or `red`.
    pub fn name(self) -> &'static str {
        match self {
            Colour::Green => "green",
            Colour::Blue => "blue",
            Colour::Red => "red",
        }
    }
}

/// One edge as written: two vertex ids (equal for a loop), its colour, and where it was
/// written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EdgeDecl {
    /// One end (vertex id).
    pub u: u32,
    /// The other end (vertex id).
    pub v: u32,
    /// The text of the edge (`a-b`, `3 4`, `[3,4]`).
    pub span: Span,
    /// Who may cut it.
    pub colour: Colour,
}

impl EdgeDecl {
    /// The green edge `u`-`v` written at `span`.
    pub fn new(u: u32, v: u32, span: Span) -> EdgeDecl {
        EdgeDecl {
            u,
            v,
            span,
            colour: Colour::Green,
        }
    }
}

/// One graph as written, made by a [`GraphBuilder`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GraphDecl {
    /// The name the input gave it, if any.
    pub name: Option<String>,
    /// Where the graph starts (its header, or its first edge).
    pub span: Span,
    /// What it is called without a name.
    pub kind: GraphKind,
    /// The vertex table.
    pub vertices: Vertices,
    /// Ground vertex ids, without repetition, in the order first declared.
    pub ground: Vec<u32>,
    /// The edges, in input order: edge `j` is the `j+1`-th edge of the graph.
    pub edges: Vec<EdgeDecl>,
}

impl GraphDecl {
    /// The name to show: the input's, or `graph N` / `tree N` for the graph at 0-based
    /// `index` of its position.
    pub fn display_name(&self, index: usize) -> String {
        match &self.name {
            Some(name) => name.clone(),
            None => self.kind.name(index),
        }
    }

    /// The ends of edge `j` (0-based) as the input names them: `a-b`.
    pub fn edge_ends(&self, j: usize) -> String {
        let edge = self.edges[j];
        format!(
            "{}-{}",
            self.vertices.name(edge.u),
            self.vertices.name(edge.v)
        )
    }

    /// Whether every edge is green: a game of Green Hackenbush.
    pub fn is_green(&self) -> bool {
        self.edges.iter().all(|e| e.colour == Colour::Green)
    }
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
    /// What is legal but looks like a mistake (hb: a ground vertex that no edge touches).
    pub warnings: Vec<Diagnostic>,
}

/// Where a [`Reader`] puts the graphs of a position, each as soon as it is complete, so
/// that a caller can analyze a graph and let it go before the next one is read.
pub trait GraphSink {
    /// One graph of the position being read.
    fn graph(&mut self, graph: GraphDecl);
    /// Something legal that looks like a mistake, in the position being read; ignored
    /// unless the sink keeps it.
    fn warning(&mut self, warning: Diagnostic) {
        let _ = warning;
    }
}

/// A position once read: its graphs went to the [`GraphSink`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PositionRead {
    /// 1-based test case number for formats with several positions per file.
    pub case: Option<usize>,
    /// Where the position was written.
    pub span: Span,
}

impl<R: Reader + ?Sized> Reader for Box<R> {
    fn next_position(
        &mut self,
        sink: &mut dyn GraphSink,
    ) -> Option<Result<PositionRead, Diagnostic>> {
        (**self).next_position(sink)
    }
}

/// A format's reader: the positions of one input, one at a time. Reading stops at the
/// first error, and the positions before it are kept; the graphs a malformed position
/// handed to the sink before the error are to be forgotten.
pub trait Reader {
    /// Reads the next position, handing its graphs to `sink`; `None` at the end.
    fn next_position(
        &mut self,
        sink: &mut dyn GraphSink,
    ) -> Option<Result<PositionRead, Diagnostic>>;
}

/// The reader of `source` in `format`: christmas and cgsuite files hold one position per
/// test case or line, hb, JSON and DOT files exactly one.
pub fn reader(format: Format, source: &Source) -> Box<dyn Reader + '_> {
    let bytes = source.bytes();
    match format {
        Format::Christmas => Box::new(christmas::Cases::new(bytes)),
        Format::Hb => Box::new(Once::new(move |sink: &mut dyn GraphSink| {
            hb::read(bytes, sink)
        })),
        Format::Json => Box::new(Once::new(move |sink: &mut dyn GraphSink| {
            json::read(bytes, sink)
        })),
        Format::Dot => Box::new(Once::new(move |sink: &mut dyn GraphSink| {
            dot::read(bytes, sink)
        })),
        Format::Cgsuite => Box::new(cgsuite::Lines::new(bytes)),
    }
}

/// The positions of a source, one at a time, each with all its graphs.
pub type Positions<'a> = Box<dyn Iterator<Item = Result<Position, Diagnostic>> + 'a>;

/// Parses `source` in `format`, lazily: one [`Position`] at a time, with its graphs
/// collected (see [`reader`] to take them one by one).
pub fn parse(format: Format, source: &Source) -> Positions<'_> {
    positions(reader(format, source))
}

/// The positions `reader` reads, each with all its graphs.
pub fn positions<'a>(mut reader: impl Reader + 'a) -> Positions<'a> {
    Box::new(std::iter::from_fn(move || {
        let mut collected = Collected::default();
        let read = reader.next_position(&mut collected)?;
        Some(read.map(|read| collected.into_position(read)))
    }))
}

/// A [`GraphSink`] that keeps everything.
#[derive(Debug, Default)]
pub struct Collected {
    /// The graphs, in order.
    pub graphs: Vec<GraphDecl>,
    /// The warnings, in order.
    pub warnings: Vec<Diagnostic>,
}

impl GraphSink for Collected {
    fn graph(&mut self, graph: GraphDecl) {
        self.graphs.push(graph);
    }

    fn warning(&mut self, warning: Diagnostic) {
        self.warnings.push(warning);
    }
}

/// The reader of a format whose files hold exactly one position, from its function that
/// reads the whole file into a sink.
struct Once<F> {
    read: Option<F>,
}

impl<F> Once<F> {
    fn new(read: F) -> Self {
        Once { read: Some(read) }
    }
}

impl<F> Reader for Once<F>
where
    F: FnOnce(&mut dyn GraphSink) -> Result<PositionRead, Diagnostic>,
{
    fn next_position(
        &mut self,
        sink: &mut dyn GraphSink,
    ) -> Option<Result<PositionRead, Diagnostic>> {
        Some(self.read.take()?(sink))
    }
}

/// The one position `read` reads, with its graphs collected.
fn collect_one(
    read: impl FnOnce(&mut dyn GraphSink) -> Result<PositionRead, Diagnostic>,
) -> Result<Position, Diagnostic> {
    let mut collected = Collected::default();
    let read = read(&mut collected)?;
    Ok(collected.into_position(read))
}

impl Collected {
    /// The position `read` whose graphs and warnings these are.
    pub fn into_position(self, read: PositionRead) -> Position {
        Position {
            case: read.case,
            span: read.span,
            graphs: self.graphs,
            warnings: self.warnings,
        }
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
