//! The vocabulary every stage shares: a [`Position`] is a list of [`GraphDecl`]s, each a
//! vertex table ([`Vertices`]), its ground vertices and its edges ([`EdgeDecl`], each of a
//! [`Colour`]) in input order, every piece with the [`Span`] it came from. The readers of
//! [`syntax`](crate::syntax) make them, the writers write them, the
//! [model](crate::model) builds its graphs from them; [`syntax`](crate::syntax)
//! re-exports them, where they were first defined.

use std::fmt;

use crate::diagnostic::Diagnostic;
use crate::source::Span;

/// The most edges the library builds in one position from a description that does not
/// list them one by one (the shapes of `gen`, the stalk heights of a judged problem):
/// about 1.6 GB of edges in memory. A count read from an input is held against it before
/// anything is allocated.
pub const MAX_BUILT_EDGES: u64 = 100_000_000;

/// A vertex as the input names it. In JSON output a number stays a number and a name
/// is a string.
#[derive(
    Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
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
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
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

/// One graph as written, made by a [`GraphBuilder`](crate::syntax::GraphBuilder).
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

    /// The name a format that names graphs (hb, json) writes for the graph at 0-based
    /// `index`, so that reading it back shows the name this graph shows: the input's, or
    /// none for an unnamed `graph N` (which every reader calls so), or the shown name of
    /// an unnamed graph of another kind (`tree N`, the trees of christmas judge data,
    /// which hb and json could otherwise not call anything but `graph N`).
    ///
    /// ```
    /// use hackenbush::syntax::{GraphDecl, GraphKind};
    ///
    /// let mut graph = GraphDecl::stalk("s".into(), 2, Default::default());
    /// assert_eq!(graph.written_name(0).as_deref(), Some("s"));
    /// graph.name = None;
    /// assert_eq!(graph.written_name(0), None);
    /// graph.kind = GraphKind::Tree;
    /// assert_eq!(graph.written_name(1).as_deref(), Some("tree 2"));
    /// ```
    pub fn written_name(&self, index: usize) -> Option<std::borrow::Cow<'_, str>> {
        use std::borrow::Cow;
        match (&self.name, self.kind) {
            (Some(name), _) => Some(Cow::Borrowed(name)),
            (None, GraphKind::Graph) => None,
            (None, kind) => Some(Cow::Owned(kind.name(index))),
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

    /// The stalk of `height` green edges from the ground `g`, its vertices `g`, `1`, `2`,
    /// ..., named `name`: worth `*height`. Its spans are `span`.
    pub fn stalk(name: String, height: u32, span: Span) -> GraphDecl {
        let mut names = Vec::with_capacity(height as usize + 1);
        names.push(VertexName::Name("g".into()));
        names.extend((1..=u64::from(height)).map(VertexName::Number));
        GraphDecl {
            name: Some(name),
            span,
            kind: GraphKind::Graph,
            vertices: Vertices::Named(names),
            ground: vec![0],
            edges: (0..height).map(|i| EdgeDecl::new(i, i + 1, span)).collect(),
        }
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
