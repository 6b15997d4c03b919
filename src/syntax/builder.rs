//! One graph being read, whatever the format: every parser feeds a [`GraphBuilder`] and
//! gets a [`GraphDecl`] back, so the rules about vertices, ground and edges live here once.
//!
//! - **Vertices** are interned in linear time, in order of first mention: numbers (`7`;
//!   small ones looked up in an array, without hashing) and names (`a`, `"a b"`) are
//!   different vertices. A format whose vertices are numbered `1..=m` by the input itself
//!   (christmas) uses the ids it reads; one whose vertices are mostly anonymous (cgsuite)
//!   asks for [fresh](GraphBuilder::fresh) ones and names only the labelled ones.
//! - **Ground**: a ground vertex declared twice is one ground vertex, in the order first
//!   declared (constant time per declaration). A ground vertex that no edge touches is
//!   legal: it is the position left after the last edge at the ground is cut, worth
//!   whatever else is attached (usually 0). [`Built::lone_ground`] lists them, with the
//!   span of their declaration, for a format that wants to warn. A graph with edges and
//!   no ground vertex is legal too (worth 0: nothing in it can be cut), but far more
//!   likely a forgotten declaration: every format that can write one (hb, json, dot)
//!   hands its graphs over with [`Built::hand_to`], which warns of it. (Christmas and
//!   cgsuite graphs always have their ground.)
//! - **Edges** keep their span and their order: edge `j` of the graph is the `j+1`-th
//!   edge the parser added. Whatever else an edge carries is added in [`EdgeDecl`] and
//!   set here, in one place.
//!
//! Nothing is sized by a number the input claims: tables grow with what is read.
//!
//! ```
//! use hackenbush::source::Span;
//! use hackenbush::syntax::GraphBuilder;
//!
//! let mut builder = GraphBuilder::named(Span::at(0));
//! let g = builder.name_str("g", Span::new(0, 1))?;
//! let a = builder.name_str("a", Span::new(2, 3))?;
//! builder.ground(g, Span::new(0, 1));
//! builder.edge(g, a, Span::new(0, 3));
//! builder.edge(a, a, Span::new(4, 7)); // a loop
//! let built = builder.finish();
//! assert_eq!(built.graph.edges.len(), 2);
//! assert_eq!(built.graph.ground, [g]);
//! assert!(built.lone_ground.is_empty()); // every ground vertex has an edge
//! # Ok::<(), hackenbush::diagnostic::Diagnostic>(())
//! ```

use std::collections::HashMap;
use std::hash::BuildHasher;

use hashbrown::{DefaultHashBuilder, HashTable};

use crate::diagnostic::Diagnostic;
use crate::source::Span;

use super::{EdgeDecl, GraphDecl, GraphKind, GraphSink, Labels, VertexName, Vertices};
use crate::wording::plural;

/// A graph under construction. See the [module documentation](self).
#[derive(Debug)]
pub struct GraphBuilder {
    name: Option<String>,
    span: Span,
    kind: GraphKind,
    table: Table,
    /// Ground ids in the order first declared, with the span of that declaration.
    ground: Vec<(u32, Span)>,
    edges: Vec<EdgeDecl>,
}

/// How vertex ids are given out.
#[derive(Debug)]
enum Table {
    /// Ids interned from names and numbers; `flags[id]` per id.
    Interned { interner: Interner, flags: Vec<u8> },
    /// Ids `0..count` given by the input (vertex `id + 1`); no flags, since the count may
    /// be a claim far beyond what is read.
    Numbered(u32),
    /// Fresh ids, some of them labelled; `flags[id]` per id.
    Labelled {
        labels: Vec<(u32, Box<str>)>,
        by_label: HashMap<Box<str>, u32>,
        flags: Vec<u8>,
    },
}

impl Built {
    /// Hands the graph to `sink`, after a warning when it has edges and no ground (see
    /// the [module documentation](self)). `index` is its place in its position, from 0,
    /// which names a graph without a name (`graph 2`).
    pub fn hand_to(self, sink: &mut dyn GraphSink, index: usize) {
        if let Some(warning) = self.no_ground(index) {
            sink.warning(warning);
        }
        sink.graph(self.graph);
    }

    /// The warning for a graph with edges and no ground vertex, at the graph.
    fn no_ground(&self, index: usize) -> Option<Diagnostic> {
        let graph = &self.graph;
        if !graph.ground.is_empty() || graph.edges.is_empty() {
            return None;
        }
        let shown = match &graph.name {
            Some(name) => format!("the graph `{name}`"),
            None => graph.kind.name(index),
        };
        let n = graph.edges.len();
        Some(Diagnostic::warning(
            graph.span,
            format!(
                "{shown} has {n} edge{} and no ground: it is worth 0",
                plural(n)
            ),
            "no vertex of this graph is ground, so none of its edges can be cut: is its \
             ground missing?",
        ))
    }
}

/// `flags` bit: the vertex is declared ground.
const GROUND: u8 = 1;
/// `flags` bit: an edge touches the vertex.
const TOUCHED: u8 = 2;

/// What [`GraphBuilder::finish`] returns.
#[derive(Debug)]
pub struct Built {
    /// The graph.
    pub graph: GraphDecl,
    /// Ground vertices that no edge touches (legal), with the span where each was first
    /// declared, in declaration order. Empty for numbered vertex tables.
    pub lone_ground: Vec<(u32, Span)>,
}

impl GraphBuilder {
    /// A graph whose vertices are named by the input ([`GraphBuilder::vertex`]), starting
    /// at `span`.
    pub fn named(span: Span) -> Self {
        GraphBuilder::with_table(
            span,
            Table::Interned {
                interner: Interner::default(),
                flags: Vec::new(),
            },
        )
    }

    /// A graph on vertex ids `0..count`, vertex id `i` being the input's vertex `i + 1`
    /// (christmas). The ids are the caller's to check.
    pub fn numbered(count: u32, span: Span) -> Self {
        let mut builder = GraphBuilder::with_table(span, Table::Numbered(count));
        builder.kind = GraphKind::Tree;
        builder
    }

    /// A graph whose vertices are anonymous unless labelled ([`GraphBuilder::fresh`],
    /// [`GraphBuilder::labelled`]): see [`Labels`] for the names they get.
    pub fn labelled(span: Span) -> Self {
        GraphBuilder::with_table(
            span,
            Table::Labelled {
                labels: Vec::new(),
                by_label: HashMap::new(),
                flags: Vec::new(),
            },
        )
    }

    fn with_table(span: Span, table: Table) -> Self {
        GraphBuilder {
            name: None,
            span,
            kind: GraphKind::Graph,
            table,
            ground: Vec::new(),
            edges: Vec::new(),
        }
    }

    /// Names the graph.
    pub fn set_name(&mut self, name: Option<String>) {
        self.name = name;
    }

    /// Where the graph starts (its header, or its first edge).
    pub fn set_span(&mut self, span: Span) {
        self.span = span;
    }

    /// Graphs of this kind are called `tree N` when unnamed (christmas trees whose vertex
    /// numbers do not fit a dense table are still trees).
    pub fn set_kind(&mut self, kind: GraphKind) {
        self.kind = kind;
    }

    /// How many edges so far.
    pub fn edge_count(&self) -> usize {
        self.edges.len()
    }

    /// Whether nothing was declared yet: no ground vertex, no edge.
    pub fn is_empty(&self) -> bool {
        self.ground.is_empty() && self.edges.is_empty()
    }

    /// The id of the vertex `name`, written at `span`: new if it was not seen before.
    /// Only for graphs made [`named`](GraphBuilder::named).
    pub fn vertex(&mut self, name: &VertexName, span: Span) -> Result<u32, Diagnostic> {
        match name {
            VertexName::Number(n) => self.number(*n, span),
            VertexName::Name(s) => self.name_str(s, span),
        }
    }

    /// [`GraphBuilder::vertex`] for a number.
    pub fn number(&mut self, n: u64, span: Span) -> Result<u32, Diagnostic> {
        self.interned(span, |interner| interner.number(n))
    }

    /// [`GraphBuilder::vertex`] for a name; the name is copied only when it is new.
    pub fn name_str(&mut self, name: &str, span: Span) -> Result<u32, Diagnostic> {
        self.interned(span, |interner| interner.name(name))
    }

    /// The id `intern` gives a vertex written at `span` in a named graph.
    fn interned(
        &mut self,
        span: Span,
        intern: impl FnOnce(&mut Interner) -> Option<u32>,
    ) -> Result<u32, Diagnostic> {
        match &mut self.table {
            Table::Interned { interner, flags } => {
                let id = intern(interner).ok_or_else(|| too_many(span))?;
                grow(flags, id);
                Ok(id)
            }
            _ => unreachable!("vertices are interned only in named graphs"),
        }
    }

    /// A new anonymous vertex, for an edge written at `span`. Only for graphs made
    /// [`labelled`](GraphBuilder::labelled).
    pub fn fresh(&mut self, span: Span) -> Result<u32, Diagnostic> {
        match &mut self.table {
            Table::Labelled { flags, .. } => {
                let id = u32::try_from(flags.len())
                    .ok()
                    .filter(|&id| id < u32::MAX)
                    .ok_or_else(|| too_many(span))?;
                flags.push(0);
                Ok(id)
            }
            _ => unreachable!("fresh vertices are only for labelled graphs"),
        }
    }

    /// The vertex labelled `label`, if a vertex has that label already.
    pub fn find_label(&self, label: &str) -> Option<u32> {
        match &self.table {
            Table::Labelled { by_label, .. } => by_label.get(label).copied(),
            _ => None,
        }
    }

    /// Labels vertex `id` (a [fresh](GraphBuilder::fresh) one, not labelled yet).
    pub fn set_label(&mut self, id: u32, label: &str) {
        if let Table::Labelled {
            labels, by_label, ..
        } = &mut self.table
        {
            labels.push((id, label.into()));
            by_label.insert(label.into(), id);
        }
    }

    /// Declares vertex `id` a ground vertex at `span` (kept for a warning about a ground
    /// vertex no edge touches); declaring it again changes nothing.
    pub fn ground(&mut self, id: u32, span: Span) {
        match &mut self.table {
            Table::Interned { flags, .. } | Table::Labelled { flags, .. } => {
                let flag = &mut flags[id as usize];
                if *flag & GROUND == 0 {
                    *flag |= GROUND;
                    self.ground.push((id, span));
                }
            }
            Table::Numbered(_) => {
                if !self.ground.iter().any(|&(g, _)| g == id) {
                    self.ground.push((id, span));
                }
            }
        }
    }

    /// Adds the edge `u`-`v` (a loop when they are equal), written at `span`, and returns
    /// it for the caller to set what else it carries.
    pub fn edge(&mut self, u: u32, v: u32, span: Span) -> &mut EdgeDecl {
        if let Table::Interned { flags, .. } | Table::Labelled { flags, .. } = &mut self.table {
            flags[u as usize] |= TOUCHED;
            flags[v as usize] |= TOUCHED;
        }
        self.edges.push(EdgeDecl::new(u, v, span));
        self.edges.last_mut().expect("just pushed")
    }

    /// Reserves room for `more` edges (a hint bounded by what the input holds, never by
    /// a count it claims).
    pub fn reserve_edges(&mut self, more: usize) {
        self.edges.reserve(more);
    }

    /// The graph, and the ground vertices no edge touches.
    pub fn finish(self) -> Built {
        let (vertices, flags) = match self.table {
            Table::Interned { interner, flags } => (Vertices::Named(interner.names), flags),
            Table::Numbered(count) => (Vertices::Numbered(count), Vec::new()),
            Table::Labelled { labels, flags, .. } => (
                Vertices::Labelled(Labels::new(flags.len() as u32, labels)),
                flags,
            ),
        };
        let lone_ground = self
            .ground
            .iter()
            .copied()
            .filter(|&(g, _)| flags.get(g as usize).is_some_and(|f| f & TOUCHED == 0))
            .collect();
        let mut edges = self.edges;
        edges.shrink_to_fit();
        Built {
            graph: GraphDecl {
                name: self.name,
                span: self.span,
                kind: self.kind,
                vertices,
                ground: self.ground.into_iter().map(|(g, _)| g).collect(),
                edges,
            },
            lone_ground,
        }
    }
}

fn grow(flags: &mut Vec<u8>, id: u32) {
    if id as usize >= flags.len() {
        flags.push(0);
    }
}

fn too_many(span: Span) -> Diagnostic {
    Diagnostic::new(
        span,
        "too many vertices in one graph",
        format!("a graph has at most {} vertices", u32::MAX),
    )
}

/// Names and numbers to dense ids, in order of first appearance. A name is hashed once
/// and copied only when it is new, into the vertex table itself (the hash table holds
/// ids); a small number is looked up in an array.
#[derive(Debug, Default)]
struct Interner {
    /// `dense[n]` is 1 + the id of vertex number `n`, or 0. It grows only to
    /// `4 * names.len() + 1024` entries, a bound by what was read, not by what a number
    /// says.
    dense: Vec<u32>,
    /// The vertex numbers that are not in `dense`.
    numbers: hashbrown::HashMap<u64, u32>,
    /// The ids of the vertex names, hashed by name.
    strings: HashTable<u32>,
    hasher: DefaultHashBuilder,
    /// The vertex table, by id.
    names: Vec<VertexName>,
}

impl Interner {
    /// The next id, `None` when the graph already has `u32::MAX` vertices.
    fn next_id(&self) -> Option<u32> {
        u32::try_from(self.names.len())
            .ok()
            .filter(|&id| id < u32::MAX)
    }

    fn number(&mut self, n: u64) -> Option<u32> {
        let slot = usize::try_from(n).ok().and_then(|i| self.dense.get(i));
        match slot {
            Some(&slot) if slot != 0 => return Some(slot - 1),
            _ => {
                if let Some(&id) = self.numbers.get(&n) {
                    return Some(id);
                }
            }
        }
        let id = self.next_id()?;
        self.names.push(VertexName::Number(n));
        let limit = 4 * self.names.len() + 1024;
        match usize::try_from(n) {
            Ok(i) if i < limit => {
                if i >= self.dense.len() {
                    let len = (i + 1).max(2 * self.dense.len()).min(limit);
                    self.dense.resize(len, 0);
                }
                self.dense[i] = id + 1;
            }
            _ => {
                self.numbers.insert(n, id);
            }
        }
        Some(id)
    }

    fn name(&mut self, name: &str) -> Option<u32> {
        let Interner {
            strings,
            hasher,
            names,
            ..
        } = self;
        let text = |id: &u32| match &names[*id as usize] {
            VertexName::Name(s) => &**s,
            VertexName::Number(_) => "",
        };
        let hash = hasher.hash_one(name);
        if let Some(&id) = strings.find(hash, |id| text(id) == name) {
            return Some(id);
        }
        let id = self.next_id()?;
        let Interner {
            strings,
            hasher,
            names,
            ..
        } = self;
        names.push(VertexName::Name(name.into()));
        strings.insert_unique(hash, id, |&id| match &names[id as usize] {
            VertexName::Name(s) => hasher.hash_one(&**s),
            VertexName::Number(_) => 0,
        });
        Some(id)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn interns_names_and_numbers_apart() {
        let mut b = GraphBuilder::named(Span::default());
        let s = Span::default();
        let a = b.name_str("a", s).unwrap();
        let seven = b.number(7, s).unwrap();
        let seven_text = b.name_str("7", s).unwrap();
        let big = b.number(u64::MAX, s).unwrap();
        assert_eq!((a, seven, seven_text, big), (0, 1, 2, 3));
        assert_eq!(b.number(7, s).unwrap(), 1);
        assert_eq!(b.name_str("a", s).unwrap(), 0);
        assert_eq!(b.number(u64::MAX, s).unwrap(), 3);
    }

    #[test]
    fn a_graph_with_edges_and_no_ground_is_warned_of_by_its_name_or_place() {
        let warned = |name: Option<&str>, edges: usize| {
            let mut b = GraphBuilder::named(Span::new(3, 8));
            b.set_name(name.map(String::from));
            let (x, y) = (
                b.name_str("x", Span::at(0)).unwrap(),
                b.name_str("y", Span::at(1)).unwrap(),
            );
            for _ in 0..edges {
                b.edge(x, y, Span::at(2));
            }
            let mut collected = super::super::Collected::default();
            b.finish().hand_to(&mut collected, 1);
            assert_eq!(collected.graphs.len(), 1);
            collected
                .warnings
                .into_iter()
                .map(|w| (w.message, w.span))
                .collect::<Vec<_>>()
        };
        let span = Span::new(3, 8);
        assert_eq!(
            warned(Some("kite"), 2),
            [(
                "the graph `kite` has 2 edges and no ground: it is worth 0".to_string(),
                span
            )]
        );
        assert_eq!(
            warned(None, 1),
            [(
                "graph 2 has 1 edge and no ground: it is worth 0".to_string(),
                span
            )]
        );
        assert!(warned(None, 0).is_empty(), "no edges: nothing to warn of");
        let mut b = GraphBuilder::named(span);
        let g = b.name_str("g", Span::at(0)).unwrap();
        let a = b.name_str("a", Span::at(1)).unwrap();
        b.ground(g, Span::at(0));
        b.edge(a, a, Span::at(2));
        let mut collected = super::super::Collected::default();
        b.finish().hand_to(&mut collected, 0);
        assert!(
            collected.warnings.is_empty(),
            "a ground, though no edge reaches it"
        );
    }

    #[test]
    fn ground_is_deduplicated_in_constant_time_and_lone_ground_is_legal() {
        let mut b = GraphBuilder::named(Span::default());
        let g = b.name_str("g", Span::new(0, 1)).unwrap();
        let h = b.name_str("h", Span::new(2, 3)).unwrap();
        let a = b.name_str("a", Span::new(4, 5)).unwrap();
        b.ground(g, Span::new(0, 1));
        b.ground(h, Span::new(2, 3));
        b.ground(g, Span::new(9, 10));
        b.edge(g, a, Span::new(4, 5));
        let built = b.finish();
        assert_eq!(built.graph.ground, vec![g, h]);
        assert_eq!(built.lone_ground, vec![(h, Span::new(2, 3))]);
    }

    #[test]
    fn many_ground_vertices_take_linear_time() {
        let mut b = GraphBuilder::named(Span::default());
        for i in 0..200_000 {
            let id = b.number(i, Span::default()).unwrap();
            b.ground(id, Span::default());
        }
        assert_eq!(b.finish().graph.ground.len(), 200_000);
    }

    #[test]
    fn labelled_vertices() {
        let mut b = GraphBuilder::labelled(Span::default());
        let s = Span::default();
        let ground = b.fresh(s).unwrap();
        let top = b.fresh(s).unwrap();
        b.set_label(top, "v1");
        let other = b.fresh(s).unwrap();
        b.edge(ground, top, s);
        b.edge(top, other, s);
        assert_eq!(b.find_label("v1"), Some(top));
        let g = b.finish().graph;
        let names: Vec<String> = (0..3).map(|i| g.vertices.name(i).to_string()).collect();
        assert_eq!(names, ["ground", "v1", "v1'"]);
    }
}
