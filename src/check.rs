//! Judge data held against the promises of the POJ 3710 "Christmas Game" statement: what
//! `hackenbush check` reports to problem setters.
//!
//! The analysis is exact whatever the shape; this module only *reports* the shapes the
//! statement says will never appear, so that judge data can be made to keep its promises
//! (a contest solution is allowed to rely on them).
//!
//! # The statement
//!
//! > Assume the initial picture is a tree with some simple polygons, where each edge is
//! > involved in at most one polygon. Every polygon has only one node involved in the main
//! > tree (the hanging point of the gift). [...]
//! >
//! > The first line of each test case is an integer N (N < 100), which represents the
//! > number of sub-trees. [...] The first line of the description of a tree is the number
//! > of nodes m (m < 100) and the number of the edges k (k < 500). The nodes of a tree are
//! > numbered from 1 to m. [...] Node 1 is always the root.
//!
//! # What is checked, precisely
//!
//! Per test case: `N < 100` ([`ViolationKind::TooManyTrees`]). Per tree:
//!
//! - `m < 100` and `k < 500` ([`TooManyVertices`](ViolationKind::TooManyVertices),
//!   [`TooManyEdges`](ViolationKind::TooManyEdges)); `m >= 1`, since node 1 is the root
//!   ([`NoRoot`](ViolationKind::NoRoot)). Vertices outside `1..m` are a parse error,
//!   not a violation.
//! - No edge joins a vertex to itself ([`SelfLoop`](ViolationKind::SelfLoop)).
//! - Every edge is connected to vertex 1 ([`Detached`](ViolationKind::Detached)), and
//!   every vertex of `1..m` has an edge, except vertex 1 when it is alone
//!   ([`UnusedVertices`](ViolationKind::UnusedVertices)): the picture is *one* tree.
//! - Split the picture into its biconnected components (maximal parts with no cut
//!   vertex). A component of one edge is a branch of the tree. Every other component must
//!   be a **polygon**: a simple cycle, as many edges as vertices. A component with more
//!   edges than vertices has edges on more than one cycle: a theta shape (two polygons
//!   sharing a path), K4, a polygon with a chord...
//!   ([`OverlappingCycles`](ViolationKind::OverlappingCycles)); on two vertices, it is
//!   three or more parallel edges ([`ParallelEdges`](ViolationKind::ParallelEdges)).
//! - Two parallel edges make a 2-edge polygon, a *digon*. The statement says "simple
//!   polygons", which a geometer would read as three sides or more, but POJ-style data
//!   and `hackenbush gen` produce digons, and every contest solution treats them as an
//!   even polygon: they are allowed by default, and a violation
//!   ([`ParallelEdges`](ViolationKind::ParallelEdges)) when
//!   [`Options::allow_digons`] is false.
//! - Every polygon meets the rest of its tree at one vertex only: its *attachment
//!   vertex*, the one nearest the root. Each of its other vertices has exactly its two
//!   polygon edges ([`PolygonBranch`](ViolationKind::PolygonBranch)). Polygons hanging
//!   from the same vertex (a bowtie) are fine; a branch or another polygon hanging from a
//!   polygon vertex other than the attachment vertex is not.
//!
//! A part not connected to vertex 1 is reported as detached and not examined further
//! (its polygons have no attachment vertex). An empty test case (`N = 0`) meets every
//! promise.
//!
//! # Complexity
//!
//! O(k log k) per tree (the vertex numbers used are sorted once), O(k) memory; the
//! biconnected components come from one iterative Hopcroft-Tarjan search, so a path or a
//! polygon of millions of edges needs no deep stack. Nothing is sized by a count the
//! input claims.
//!
//! ```
//! use hackenbush::{check, syntax::christmas::Cases};
//!
//! // A triangle 2-3-4 on a stalk, and a branch 3-5 on the triangle.
//! let text = "1\n5 5\n1 2\n2 3\n3 4\n4 2\n3 5\n";
//! let case = Cases::new(text.as_bytes()).next_case().unwrap().unwrap();
//! let violations = check::check_case(&case);
//! assert_eq!(violations.len(), 1);
//! assert_eq!(violations[0].kind, check::ViolationKind::PolygonBranch);
//! assert_eq!(
//!     violations[0].headline(),
//!     "test case 1, tree 1: the polygon 2-3-4-2 hangs from vertex 2 but also meets the \
//!      rest of its tree at vertex 3"
//! );
//! ```

use std::fmt;

use petgraph::unionfind::UnionFind;

use crate::dfs::{self, Adjacency, NONE, Step};
use crate::diagnostic::{Diagnostic, Level};
use crate::source::Span;
use crate::syntax::christmas::{Declared, TestCase};
use crate::syntax::{EdgeDecl, GraphDecl, VertexName};
use crate::wording::plural;

/// The statement's bound on trees per test case: `N < 100`.
pub const TREES_BELOW: u64 = 100;
/// The statement's bound on vertices per tree: `m < 100`.
pub const VERTICES_BELOW: u64 = 100;
/// The statement's bound on edges per tree: `k < 500`.
pub const EDGES_BELOW: u64 = 500;

/// How many edges or vertices a message lists before it says "...".
const LISTED: usize = 8;

/// What promise a [`Violation`] breaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum ViolationKind {
    /// `N >= 100` trees in a test case.
    TooManyTrees,
    /// `m >= 100` vertices in a tree.
    TooManyVertices,
    /// `k >= 500` edges in a tree.
    TooManyEdges,
    /// `m = 0`: there is no vertex 1, the root.
    NoRoot,
    /// An edge from a vertex to itself.
    SelfLoop,
    /// Three or more edges between the same two vertices, or two when digons are not
    /// allowed.
    ParallelEdges,
    /// A biconnected component of three or more vertices with more edges than vertices:
    /// edges that lie on more than one cycle (theta, K4, polygons sharing edges).
    OverlappingCycles,
    /// A polygon that meets the rest of its tree at a vertex other than its attachment
    /// vertex.
    PolygonBranch,
    /// Edges not connected to vertex 1.
    Detached,
    /// Vertices of `1..m` without any edge.
    UnusedVertices,
    /// More test cases `T` than a judged problem's statement allows
    /// ([`problem::promises`](crate::problem::promises)).
    TooManyCases,
    /// Fewer vertices than the statement allows (AGC017 D: `N >= 2`).
    TooFewVertices,
    /// The sum of `N` over the test cases beyond the statement's bound.
    TooManyInAll,
    /// An edge given twice in a tree (either way round).
    RepeatedEdge,
    /// An edge that closes a cycle in what should be a tree.
    Cycle,
    /// A parent array's edge standing on an edge that comes after it.
    ParentAfterChild,
    /// A stalk higher than the statement allows.
    TooHigh,
    /// A forest deeper than the statement allows.
    TooDeep,
    /// A stalk lower than the statement allows (Kattis Bamboo: heights `>= 1`).
    TooLow,
}

impl ViolationKind {
    /// Every kind, in the order of this enum.
    pub const ALL: [ViolationKind; 19] = [
        ViolationKind::TooManyTrees,
        ViolationKind::TooManyVertices,
        ViolationKind::TooManyEdges,
        ViolationKind::NoRoot,
        ViolationKind::SelfLoop,
        ViolationKind::ParallelEdges,
        ViolationKind::OverlappingCycles,
        ViolationKind::PolygonBranch,
        ViolationKind::Detached,
        ViolationKind::UnusedVertices,
        ViolationKind::TooManyCases,
        ViolationKind::TooFewVertices,
        ViolationKind::TooManyInAll,
        ViolationKind::RepeatedEdge,
        ViolationKind::Cycle,
        ViolationKind::ParentAfterChild,
        ViolationKind::TooHigh,
        ViolationKind::TooDeep,
        ViolationKind::TooLow,
    ];

    /// A short kebab-case name (`polygon-branch`), for documentation and tallies.
    pub fn name(self) -> &'static str {
        match self {
            ViolationKind::TooManyTrees => "too-many-trees",
            ViolationKind::TooManyVertices => "too-many-vertices",
            ViolationKind::TooManyEdges => "too-many-edges",
            ViolationKind::NoRoot => "no-root",
            ViolationKind::SelfLoop => "self-loop",
            ViolationKind::ParallelEdges => "parallel-edges",
            ViolationKind::OverlappingCycles => "overlapping-cycles",
            ViolationKind::PolygonBranch => "polygon-branch",
            ViolationKind::Detached => "detached",
            ViolationKind::UnusedVertices => "unused-vertices",
            ViolationKind::TooManyCases => "too-many-cases",
            ViolationKind::TooFewVertices => "too-few-vertices",
            ViolationKind::TooManyInAll => "too-many-in-all",
            ViolationKind::RepeatedEdge => "repeated-edge",
            ViolationKind::Cycle => "cycle",
            ViolationKind::ParentAfterChild => "parent-after-child",
            ViolationKind::TooHigh => "too-high",
            ViolationKind::TooDeep => "too-deep",
            ViolationKind::TooLow => "too-low",
        }
    }
}

impl fmt::Display for ViolationKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One broken promise, located in the input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Violation {
    /// Which promise.
    pub kind: ViolationKind,
    /// The 1-based test case, as the position numbers it.
    pub case: Option<usize>,
    /// The 1-based tree within the test case; `None` for the test case itself (`N`).
    pub tree: Option<usize>,
    /// The culprit: a count token, or the first offending edge in input order.
    pub span: Span,
    /// What is wrong, lowercase, describing the offending shape; without the test case
    /// and tree, which [`Violation::headline`] adds.
    pub message: String,
    /// A short note to show under the culprit.
    pub label: String,
}

impl Violation {
    /// `test case C, tree T: message`.
    pub fn headline(&self) -> String {
        let case = self.case.map(|case| format!("test case {case}"));
        let tree = self.tree.map(|tree| format!("tree {tree}"));
        let place: Vec<String> = case.into_iter().chain(tree).collect();
        if place.is_empty() {
            self.message.clone()
        } else {
            format!("{}: {}", place.join(", "), self.message)
        }
    }

    /// The violation as a [`Diagnostic`] of level [`Level::Violation`] (message: the
    /// [headline](Violation::headline)), to render with the source line and a caret.
    pub fn diagnostic(&self) -> Diagnostic {
        Diagnostic::new(self.span, self.headline(), self.label.clone()).at_level(Level::Violation)
    }
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.headline())
    }
}

/// How strict to be.
#[derive(Clone, Copy, Debug)]
pub struct Options {
    /// Whether two parallel edges are an allowed 2-edge polygon (a digon). Default: yes.
    pub allow_digons: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options { allow_digons: true }
    }
}

/// Every violation of the POJ 3710 promises in one test case, in input order, with the
/// default [`Options`] (digons allowed). See the [module docs](self) for what is checked.
pub fn check_case(case: &TestCase) -> Vec<Violation> {
    check_case_with(case, &Options::default())
}

/// Every violation of the POJ 3710 promises in one test case, in input order.
pub fn check_case_with(case: &TestCase, options: &Options) -> Vec<Violation> {
    let mut found = Vec::new();
    let (trees, span) = case.trees_declared;
    if trees >= TREES_BELOW {
        found.push(Violation {
            kind: ViolationKind::TooManyTrees,
            case: Some(case.case),
            tree: None,
            span,
            message: format!("{trees} trees, but the statement promises N < {TREES_BELOW}"),
            label: format!("N = {trees}"),
        });
    }
    for (i, tree) in case.trees.iter().enumerate() {
        let mut tree = TreeCheck {
            case: Some(case.case),
            tree: i + 1,
            declared: &tree.declared,
            decl: &tree.graph,
            options,
            found: &mut found,
        };
        tree.check();
    }
    found.sort_by_key(|v| v.span.start);
    found
}

/// One biconnected component found by the search: its edges are
/// `block_edges[start..end]`, and `attach` is its vertex nearest the root.
struct Component {
    attach: u32,
    start: usize,
    end: usize,
}

/// The checks of one tree.
struct TreeCheck<'a, 'b> {
    case: Option<usize>,
    tree: usize,
    declared: &'a Declared,
    decl: &'a GraphDecl,
    options: &'a Options,
    found: &'b mut Vec<Violation>,
}

impl TreeCheck<'_, '_> {
    fn report(&mut self, kind: ViolationKind, span: Span, message: String, label: String) {
        self.found.push(Violation {
            kind,
            case: self.case,
            tree: Some(self.tree),
            span,
            message,
            label,
        });
    }

    fn name(&self, id: u32) -> VertexName {
        self.decl.vertices.name(id)
    }

    fn edge_name(&self, e: &EdgeDecl) -> String {
        format!("{}-{}", self.name(e.u), self.name(e.v))
    }

    /// `2-3, 3-4, 4-2` for a few edges; the first [`LISTED`] and `...` for more.
    fn edge_list(&self, edges: &[u32]) -> String {
        let mut names: Vec<String> = edges
            .iter()
            .take(LISTED)
            .map(|&e| self.edge_name(&self.decl.edges[e as usize]))
            .collect();
        if edges.len() > LISTED {
            names.push("...".to_string());
        }
        names.join(", ")
    }

    fn check(&mut self) {
        let decl = self.decl;
        let &Declared {
            m,
            m_span,
            k,
            k_span,
            ..
        } = self.declared;

        if m >= VERTICES_BELOW {
            self.report(
                ViolationKind::TooManyVertices,
                m_span,
                format!("{m} vertices, but the statement promises m < {VERTICES_BELOW}"),
                format!("m = {m}"),
            );
        }
        if k >= EDGES_BELOW {
            self.report(
                ViolationKind::TooManyEdges,
                k_span,
                format!("{k} edges, but the statement promises k < {EDGES_BELOW}"),
                format!("k = {k}"),
            );
        }
        if m == 0 {
            // The parser accepts no edge on an empty tree; nothing else to look at.
            self.report(
                ViolationKind::NoRoot,
                m_span,
                "no vertices (m = 0), but node 1 is always the root".to_string(),
                "m = 0: there is no node 1".to_string(),
            );
            return;
        }

        for e in &decl.edges {
            if e.u == e.v {
                let v = self.name(e.u);
                self.report(
                    ViolationKind::SelfLoop,
                    e.span,
                    format!(
                        "a loop at vertex {v}: an edge from a vertex to itself is neither a \
                         branch nor part of a simple polygon"
                    ),
                    format!("loop {v}-{v}"),
                );
            }
        }

        let graph = Dense::new(decl);
        self.unused_vertices(&graph, m);
        let search = graph.components();
        self.blocks(&graph, &search);
        self.detached(&graph, &search);
    }

    /// Vertices of `1..m` without an edge (vertex 1 alone is a tree of one vertex).
    fn unused_vertices(&mut self, graph: &Dense, m: u64) {
        let used = graph.ids.len() as u64;
        if used >= m {
            return;
        }
        // The vertex numbers used, sorted, and the first few gaps among 1..m.
        let mut numbers: Vec<u64> = graph
            .ids
            .iter()
            .map(|&id| match self.name(id) {
                VertexName::Number(x) => x,
                VertexName::Name(_) => 0,
            })
            .collect();
        numbers.sort_unstable();
        let mut unused = Vec::new();
        let mut next = 1u64;
        for &x in numbers.iter().chain(std::iter::once(&(m + 1))) {
            while next < x && unused.len() <= LISTED {
                unused.push(next);
                next += 1;
            }
            if unused.len() > LISTED {
                break;
            }
            next = x + 1;
        }
        let count = m - used;
        let mut listed: Vec<String> = unused.iter().take(LISTED).map(u64::to_string).collect();
        let list = if count as usize > listed.len() {
            listed.push("...".to_string());
            listed.join(", ")
        } else if listed.len() >= 2 {
            let last = listed.pop().unwrap_or_default();
            format!("{} and {last}", listed.join(", "))
        } else {
            listed.join("")
        };
        let (noun, verb) = if count == 1 {
            ("vertex", "has")
        } else {
            ("vertices", "have")
        };
        self.report(
            ViolationKind::UnusedVertices,
            self.decl.span,
            format!("{noun} {list} {verb} no edge, so the picture is not one tree on 1..{m}"),
            format!("m = {m}, but {count} of the vertices {verb} no edge"),
        );
    }

    /// Every biconnected component of more than one edge must be a polygon hanging from
    /// its attachment vertex alone.
    fn blocks(&mut self, graph: &Dense, search: &Components) {
        let mut stamp = vec![NONE; graph.node_count()];
        // Per node, its first and second edge within the block being examined.
        let mut first = vec![NONE; graph.node_count()];
        let mut second = vec![NONE; graph.node_count()];
        for (b, block) in search.blocks.iter().enumerate() {
            let edges = &search.block_edges[block.start..block.end];
            if edges.len() < 2 {
                continue;
            }
            let mut sorted = edges.to_vec();
            sorted.sort_unstable();
            // Registered in input order, so that a polygon is walked the way it was written.
            let mut nodes = Vec::new();
            for &e in &sorted {
                let (a, c) = graph.ends()[e as usize];
                for x in [a, c] {
                    if stamp[x as usize] != b as u32 {
                        stamp[x as usize] = b as u32;
                        first[x as usize] = NONE;
                        second[x as usize] = NONE;
                        nodes.push(x);
                    }
                    if first[x as usize] == NONE {
                        first[x as usize] = e;
                    } else {
                        second[x as usize] = e;
                    }
                }
            }
            if nodes.len() == 2 {
                if edges.len() >= 3 || !self.options.allow_digons {
                    self.parallel(&sorted);
                    continue;
                }
            } else if edges.len() > nodes.len() {
                self.overlapping(graph, &sorted, nodes.len());
                continue;
            }
            // A polygon: every vertex but the attachment must have only its two edges.
            let offending: Vec<u32> = nodes
                .iter()
                .copied()
                .filter(|&x| x != block.attach && graph.degree(x) > 2)
                .collect();
            if offending.is_empty() {
                continue;
            }
            let cycle = self.cycle_name(graph, block.attach, edges.len(), &first, &second);
            // The first edge off the polygon at an offending vertex, in input order.
            let culprit = offending
                .iter()
                .flat_map(|&x| graph.adjacent(x))
                .filter(|&&e| search.block_of[e as usize] != b as u32)
                .min()
                .copied()
                .unwrap_or(edges[0]);
            let mut names: Vec<String> = offending
                .iter()
                .take(LISTED)
                .map(|&x| graph.name(self, x).to_string())
                .collect();
            let at = if offending.len() == 1 {
                format!("vertex {}", names[0])
            } else {
                if offending.len() > LISTED {
                    names.push("...".to_string());
                }
                let last = names.pop().unwrap_or_default();
                format!("vertices {} and {last}", names.join(", "))
            };
            let attach = graph.name(self, block.attach);
            let culprit_decl = &self.decl.edges[culprit as usize];
            let (a, c) = graph.ends()[culprit as usize];
            let on = if offending.contains(&a) { a } else { c };
            self.report(
                ViolationKind::PolygonBranch,
                culprit_decl.span,
                format!(
                    "the polygon {cycle} hangs from vertex {attach} but also meets the rest of \
                     its tree at {at}"
                ),
                format!(
                    "edge off the polygon at vertex {}, which is not its attachment vertex",
                    graph.name(self, on)
                ),
            );
        }
    }

    /// `2-3-4-2`: the polygon walked from its attachment vertex; long ones are cut.
    fn cycle_name(
        &self,
        graph: &Dense,
        attach: u32,
        len: usize,
        first: &[u32],
        second: &[u32],
    ) -> String {
        let mut names = vec![graph.name(self, attach).to_string()];
        let mut at = attach;
        let mut came = NONE;
        for _ in 0..len.min(LISTED) {
            let e = if first[at as usize] != came {
                first[at as usize]
            } else {
                second[at as usize]
            };
            let (a, c) = graph.ends()[e as usize];
            at ^= a ^ c;
            came = e;
            names.push(graph.name(self, at).to_string());
        }
        if len > LISTED {
            format!(
                "{}-...-{} ({len} edges)",
                names.join("-"),
                graph.name(self, attach)
            )
        } else {
            names.join("-")
        }
    }

    /// Three or more edges between two vertices, or two when digons are forbidden.
    fn parallel(&mut self, sorted: &[u32]) {
        let e = &self.decl.edges[sorted[0] as usize];
        let (u, v) = (self.name(e.u), self.name(e.v));
        let n = sorted.len();
        let message = if n == 2 {
            format!(
                "2 parallel edges join vertices {u} and {v}: a 2-edge polygon (digon), which \
                 --no-digons forbids"
            )
        } else {
            format!(
                "{n} parallel edges join vertices {u} and {v}: each of them lies on more than \
                 one polygon"
            )
        };
        let again = &self.decl.edges[sorted[1] as usize];
        self.report(
            ViolationKind::ParallelEdges,
            again.span,
            message,
            format!("joins {u} and {v} again ({n} edges in all)"),
        );
    }

    /// A block of three or more vertices with more edges than vertices.
    fn overlapping(&mut self, graph: &Dense, sorted: &[u32], nodes: usize) {
        let edges = sorted.len();
        let cycles = edges - nodes + 1;
        let shape = if cycles == 2 {
            "a theta shape (two polygons sharing edges)".to_string()
        } else if nodes == 4 && edges == 6 && {
            let mut pairs: Vec<(u32, u32)> = sorted
                .iter()
                .map(|&e| {
                    let (a, c) = graph.ends()[e as usize];
                    (a.min(c), a.max(c))
                })
                .collect();
            pairs.sort_unstable();
            pairs.dedup();
            pairs.len() == 6
        } {
            "a K4 (4 vertices, every two of them joined)".to_string()
        } else {
            format!("{cycles} independent cycles sharing edges")
        };
        let list = self.edge_list(sorted);
        let what = if edges > LISTED {
            format!("the {edges} edges {list}")
        } else {
            format!("the edges {list}")
        };
        self.report(
            ViolationKind::OverlappingCycles,
            self.decl.edges[sorted[0] as usize].span,
            format!("{what} lie on more than one cycle: {shape}"),
            format!("{edges} edges on {nodes} vertices; a polygon has as many edges as vertices"),
        );
    }

    /// Parts not connected to vertex 1: one violation per connected part.
    fn detached(&mut self, graph: &Dense, search: &Components) {
        let unattached = |&(a, _): &(u32, u32)| search.disc[a as usize] == NONE;
        if !graph.ends().iter().any(unattached) {
            return;
        }
        let n = graph.node_count();
        let mut connected = UnionFind::new(n);
        for &(a, c) in graph.ends().iter().filter(|&end| unattached(end)) {
            connected.union(a, c);
        }
        // Edges of each part, parts ordered by their first edge.
        let mut part_of_root = vec![NONE; n];
        let mut parts: Vec<Vec<u32>> = Vec::new();
        for (e, end) in graph.ends().iter().enumerate() {
            if !unattached(end) {
                continue;
            }
            let r = connected.find_mut(end.0) as usize;
            if part_of_root[r] == NONE {
                part_of_root[r] = parts.len() as u32;
                parts.push(Vec::new());
            }
            parts[part_of_root[r] as usize].push(e as u32);
        }
        for part in parts {
            let list = self.edge_list(&part);
            let (what, verb) = match part.len() {
                1 => (format!("the edge {list}"), "is"),
                n if n > LISTED => (format!("the {n} edges {list}"), "are"),
                _ => (format!("the edges {list}"), "are"),
            };
            self.report(
                ViolationKind::Detached,
                self.decl.edges[part[0] as usize].span,
                format!("{what} {verb} not connected to vertex 1, the root"),
                format!(
                    "not connected to vertex 1 ({} edge{} in this part)",
                    part.len(),
                    plural(part.len())
                ),
            );
        }
    }
}

/// A tree's vertices numbered densely (node `x` is vertex id `ids[x]`, node 0 the root,
/// vertex 1) with their adjacency (loops not listed: they are reported on their own).
struct Dense {
    /// Vertex id of each node, sorted.
    ids: Vec<u32>,
    adjacency: Adjacency,
}

impl Dense {
    fn new(decl: &GraphDecl) -> Dense {
        let mut ids: Vec<u32> = std::iter::once(0)
            .chain(decl.edges.iter().flat_map(|e| [e.u, e.v]))
            .collect();
        ids.sort_unstable();
        ids.dedup();
        let node = |id: u32| ids.binary_search(&id).map_or(NONE, |i| i as u32);
        let ends = decl.edges.iter().map(|e| (node(e.u), node(e.v))).collect();
        let adjacency = Adjacency::new(ids.len(), ends, false);
        Dense { ids, adjacency }
    }

    fn node_count(&self) -> usize {
        self.ids.len()
    }

    /// The ends of every edge, as nodes (equal for a loop), by input index.
    fn ends(&self) -> &[(u32, u32)] {
        &self.adjacency.ends
    }

    /// Non-loop edges at `x`, in input order.
    fn adjacent(&self, x: u32) -> &[u32] {
        self.adjacency.edges_at(x)
    }

    /// Number of non-loop edges at `x`.
    fn degree(&self, x: u32) -> usize {
        self.adjacent(x).len()
    }

    fn name(&self, tree: &TreeCheck, x: u32) -> VertexName {
        tree.name(self.ids[x as usize])
    }

    /// Hopcroft-Tarjan on the [depth-first search](crate::dfs) from the root: discovery
    /// times and the biconnected components of the root's part, each with its
    /// attachment vertex. A component is complete when the search leaves its vertex
    /// nearest the root for the last time, and is then the edges on the stack down to its
    /// tree edge.
    fn components(&self) -> Components {
        let n = self.node_count();
        let mut block_of = vec![NONE; self.ends().len()];
        let mut block_edges = Vec::new();
        let mut blocks = Vec::new();
        let mut edge_stack: Vec<u32> = Vec::new();
        let visited = dfs::walk(&self.adjacency, n, 0, |step| {
            match step {
                // A back edge (a parallel edge to the parent is one too) joins the block
                // of the tree edges above it.
                Step::Tree { edge, .. } | Step::Back { edge, .. } => edge_stack.push(edge),
                Step::Finish {
                    low,
                    parent: Some((p, p_pre, tree_edge)),
                    ..
                } => {
                    if low >= p_pre {
                        let b = blocks.len() as u32;
                        let start = block_edges.len();
                        while let Some(f) = edge_stack.pop() {
                            block_of[f as usize] = b;
                            block_edges.push(f);
                            if f == tree_edge {
                                break;
                            }
                        }
                        blocks.push(Component {
                            attach: p,
                            start,
                            end: block_edges.len(),
                        });
                    }
                }
                Step::Finish { parent: None, .. } => {}
            }
            Ok::<_, std::convert::Infallible>(())
        });
        let Ok(visited) = visited;
        Components {
            disc: visited.pre,
            block_of,
            block_edges,
            blocks,
        }
    }
}

/// What the search found.
struct Components {
    /// Discovery time of each node, [`NONE`] if not connected to the root.
    disc: Vec<u32>,
    /// The component of each non-loop edge of the root's part, [`NONE`] otherwise.
    block_of: Vec<u32>,
    /// Edges of all components, component after component.
    block_edges: Vec<u32>,
    /// The components, each finished before the one it hangs from.
    blocks: Vec<Component>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax::christmas::Cases;

    fn violations_with(text: &str, allow_digons: bool) -> Vec<Violation> {
        let options = Options { allow_digons };
        let mut cases = Cases::new(text.as_bytes());
        std::iter::from_fn(|| cases.next_case())
            .flat_map(|case| check_case_with(&case.expect("parses"), &options))
            .collect()
    }

    fn violations(text: &str) -> Vec<Violation> {
        violations_with(text, true)
    }

    fn kinds(text: &str) -> Vec<ViolationKind> {
        violations(text).iter().map(|v| v.kind).collect()
    }

    /// One tree per case: `m`, then edges.
    fn tree(m: u32, edges: &[(u32, u32)]) -> String {
        let mut s = format!("1\n{m} {}\n", edges.len());
        for (u, v) in edges {
            s.push_str(&format!("{u} {v}\n"));
        }
        s
    }

    #[test]
    fn poj_sample_is_clean() {
        assert!(kinds("1\n4 4\n1 2\n2 3\n2 4\n3 4\n").is_empty());
        assert!(kinds("0\n").is_empty());
        assert!(kinds("1\n1 0\n").is_empty());
    }

    #[test]
    fn polygons_at_one_vertex_are_clean() {
        // Bowtie at 2 on a stalk, a square at the root, a digon at 6.
        let t = tree(
            9,
            &[
                (1, 2),
                (2, 3),
                (3, 4),
                (4, 2),
                (2, 5),
                (5, 6),
                (6, 2),
                (1, 7),
                (7, 8),
                (8, 9),
                (9, 1),
            ],
        );
        assert!(kinds(&t).is_empty());
        let digon = tree(3, &[(1, 2), (2, 3), (3, 2)]);
        assert!(kinds(&digon).is_empty());
        let v = violations_with(&digon, false);
        assert_eq!(v.len(), 1);
        assert_eq!(v[0].kind, ViolationKind::ParallelEdges);
        assert_eq!(v[0].span, Span::new(14, 17));
    }

    #[test]
    fn theta_and_k4_and_shared_edge() {
        let theta = tree(4, &[(1, 2), (2, 3), (3, 1), (2, 4), (4, 1)]);
        let v = violations(&theta);
        assert_eq!(v.len(), 1, "{v:?}");
        assert_eq!(v[0].kind, ViolationKind::OverlappingCycles);
        assert!(v[0].message.contains("theta"), "{}", v[0].message);
        let k4 = tree(4, &[(1, 2), (1, 3), (1, 4), (2, 3), (2, 4), (3, 4)]);
        let v = violations(&k4);
        assert!(v[0].message.contains("K4"), "{}", v[0].message);
        // Triangles 2-3-4 and 3-4-5 share the edge 3-4 (examples/shapes.in case 2).
        let shared = tree(5, &[(1, 2), (2, 3), (3, 4), (4, 2), (3, 5), (5, 4)]);
        let v = violations(&shared);
        assert_eq!(v.len(), 1);
        assert_eq!(
            v[0].headline(),
            "test case 1, tree 1: the edges 2-3, 3-4, 4-2, 3-5, 5-4 lie on more than one \
             cycle: a theta shape (two polygons sharing edges)"
        );
        assert_eq!(v[0].span, Span::new(10, 13));
    }

    #[test]
    fn branch_on_a_polygon() {
        let t = tree(6, &[(1, 2), (2, 3), (3, 4), (4, 2), (4, 5), (3, 6)]);
        let v = violations(&t);
        assert_eq!(v.len(), 1);
        assert_eq!(v[0].kind, ViolationKind::PolygonBranch);
        assert!(
            v[0].message.ends_with("at vertices 3 and 4")
                || v[0].message.ends_with("at vertices 4 and 3"),
            "{}",
            v[0].message
        );
        // The first edge off the polygon in input order: `4 5`.
        assert_eq!(v[0].span, Span::new(22, 25));
        // A polygon hanging from a polygon's non-attachment vertex.
        let t = tree(5, &[(1, 2), (2, 3), (3, 1), (3, 4), (4, 5), (5, 3)]);
        assert_eq!(kinds(&t), vec![ViolationKind::PolygonBranch]);
    }

    #[test]
    fn loops_parallel_detached_unused() {
        assert_eq!(
            kinds(&tree(2, &[(1, 2), (2, 2)])),
            vec![ViolationKind::SelfLoop]
        );
        let v = violations(&tree(2, &[(1, 2), (1, 2), (2, 1)]));
        assert_eq!(v.len(), 1);
        assert_eq!(v[0].kind, ViolationKind::ParallelEdges);
        assert!(
            v[0].message
                .starts_with("3 parallel edges join vertices 1 and 2")
        );
        let v = violations(&tree(5, &[(1, 2), (3, 4), (4, 5), (5, 3)]));
        assert_eq!(v.len(), 1);
        assert_eq!(v[0].kind, ViolationKind::Detached);
        assert_eq!(
            v[0].message,
            "the edges 3-4, 4-5, 5-3 are not connected to vertex 1, the root"
        );
        let v = violations(&tree(6, &[(1, 2), (2, 4)]));
        assert_eq!(v.len(), 1);
        assert_eq!(
            v[0].message,
            "vertices 3, 5 and 6 have no edge, so the picture is not one tree on 1..6"
        );
        let v = violations("1\n0 0\n");
        assert_eq!(v[0].kind, ViolationKind::NoRoot);
    }

    #[test]
    fn bounds_point_at_their_tokens() {
        let mut text = String::from("100\n");
        for _ in 0..100 {
            text.push_str("1 0\n");
        }
        let v = violations(&text);
        assert_eq!(v.len(), 1);
        assert_eq!(v[0].kind, ViolationKind::TooManyTrees);
        assert_eq!(v[0].span, Span::new(0, 3));
        let mut text = String::from("99\n");
        for _ in 0..99 {
            text.push_str("1 0\n");
        }
        assert!(kinds(&text).is_empty());

        let path: Vec<(u32, u32)> = (1..100).map(|i| (i, i + 1)).collect();
        let v = violations(&tree(100, &path));
        assert_eq!(
            v.iter().map(|v| v.kind).collect::<Vec<_>>(),
            vec![ViolationKind::TooManyVertices]
        );
        assert_eq!(v[0].span, Span::new(2, 5));
        assert!(kinds(&tree(99, &path[..98])).is_empty());

        let mut edges = vec![(1, 2)];
        edges.extend(std::iter::repeat_n((2, 2), 499));
        let v = violations(&tree(2, &edges));
        assert_eq!(v[0].kind, ViolationKind::TooManyEdges);
        assert_eq!(v[0].span, Span::new(4, 7));
    }

    /// `m` beyond 32 bits: the vertex numbers used are interned, and `m` is still known
    /// exactly (the parser keeps it), so the unused vertices are counted too.
    #[test]
    fn huge_m() {
        let text = "1\n10000000000 1\n1 2\n";
        let v = violations(text);
        assert_eq!(v.len(), 2, "{v:?}");
        assert!(v[0].message.starts_with("10000000000 vertices"));
        assert!(
            v[1].message.starts_with("vertices 3, 4, 5"),
            "{}",
            v[1].message
        );
    }

    #[test]
    fn long_shapes_need_no_stack() {
        let n = 1_000_000u32;
        // A path, and a polygon of a million edges at the root with a branch at its end.
        let mut decl_edges: Vec<EdgeDecl> = (0..n - 1)
            .map(|i| EdgeDecl::new(i, i + 1, Span::default()))
            .collect();
        decl_edges.push(EdgeDecl::new(n - 1, 0, Span::default()));
        decl_edges.push(EdgeDecl::new(n / 2, n, Span::default()));
        let at = Span::default();
        let case = TestCase {
            case: 1,
            span: at,
            trees_declared: (1, at),
            trees: vec![crate::syntax::christmas::Tree {
                declared: Declared {
                    m: u64::from(n + 1),
                    m_span: at,
                    k: decl_edges.len() as u64,
                    k_span: at,
                },
                graph: GraphDecl {
                    name: None,
                    span: at,
                    kind: crate::syntax::GraphKind::Tree,
                    vertices: crate::syntax::Vertices::Numbered(n + 1),
                    ground: vec![0],
                    edges: decl_edges,
                },
            }],
        };
        let v = check_case(&case);
        let kinds: Vec<_> = v.iter().map(|v| v.kind).collect();
        assert!(kinds.contains(&ViolationKind::PolygonBranch), "{kinds:?}");
        let branch = v
            .iter()
            .find(|v| v.kind == ViolationKind::PolygonBranch)
            .unwrap();
        assert!(
            branch.message.contains("(1000000 edges)"),
            "{}",
            branch.message
        );
    }
}
