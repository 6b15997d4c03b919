//! The shapes: each a parameter struct whose [`graph`](Stalks) methods build one
//! [`GraphDecl`] from a [`Rng`], and [`Shape`], which puts the graphs of one position
//! together.
//!
//! Every graph is built in time and memory linear in its size, with loops only (no
//! recursion), and uses [`Vertices::Numbered`] (vertex id `i` is vertex `i + 1`), except
//! stalks, which are small and name their ground `g`. Edge spans are empty: the graphs
//! were not read from any text.

use crate::check;
use crate::diagnostic::Error;
use crate::source::Span;
use crate::syntax::{Colour, EdgeDecl, Format, GraphDecl, GraphKind, Position, Vertices};

use super::rng::Rng;

/// Largest number of edges of one position (all its graphs together): about 1.6 GB of
/// edges in memory ([`MAX_BUILT_EDGES`](crate::position::MAX_BUILT_EDGES)).
pub const MAX_EDGES: u64 = crate::position::MAX_BUILT_EDGES;

/// Largest number of graphs in one position.
pub const MAX_GRAPHS: u64 = 1_000_000;

/// Graphs per position, by default, of the shapes that take a number of graphs (all but
/// stalks and POJ test cases).
pub const GRAPHS: u32 = 1;

/// The most trees a POJ 3710 test case may have: [`check::TREES_BELOW`] - 1, the
/// statement's `N < 100`.
pub const POJ_MAX_TREES: u32 = check::TREES_BELOW as u32 - 1;

/// The most vertices a POJ 3710 tree may have: [`check::VERTICES_BELOW`] - 1, the
/// statement's `m < 100`.
pub const POJ_MAX_VERTICES: u32 = check::VERTICES_BELOW as u32 - 1;

/// The most edges a POJ 3710 tree may have: [`check::EDGES_BELOW`] - 1, the statement's
/// `k < 500`.
pub const POJ_MAX_EDGES: u32 = check::EDGES_BELOW as u32 - 1;

/// A family of positions, with its parameters.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Shape {
    /// Nim heaps: one stalk per graph.
    Stalks(Stalks),
    /// Random rooted trees.
    Tree(RandomTree),
    /// POJ 3710 Christmas Game test cases: trees with polygons hanging from them.
    Poj(Poj),
    /// Random cacti: polygons sharing vertices but not edges.
    Cactus(Cactus),
    /// General multigraphs: loops, parallel edges, overlapping cycles.
    Multigraph(Multigraph),
    /// Long paths from the ground.
    Path(Path),
    /// Big cycles through the ground, optionally with trees.
    Cycle(Cycle),
    /// Rectangular grids standing on the ground.
    Grid(Grid),
}

impl Shape {
    /// The shape's name, as `hackenbush gen` spells it.
    pub fn name(&self) -> &'static str {
        match self {
            Shape::Stalks(_) => "stalks",
            Shape::Tree(_) => "tree",
            Shape::Poj(_) => "poj",
            Shape::Cactus(_) => "cactus",
            Shape::Multigraph(_) => "multigraph",
            Shape::Path(_) => "path",
            Shape::Cycle(_) => "cycle",
            Shape::Grid(_) => "grid",
        }
    }

    /// About how many bytes generating and writing a position of this shape in `format`
    /// takes at most: per edge, about 48 bytes (hb, json, christmas), 96 (cgsuite, which
    /// holds each graph's search) or 320 (dot, which builds the picture first), and 16 per
    /// vertex. The rates are twice or more what was measured on a million edges of every
    /// shape (hb 23 to 31 bytes an edge, cgsuite 38 to 82, dot 120 to 293), so that the
    /// estimate is an upper bound; `hackenbush gen` refuses a shape beyond `--max-memory`
    /// before allocating.
    ///
    /// ```
    /// use hackenbush::generate::{Path, Shape};
    /// use hackenbush::syntax::Format;
    ///
    /// let shape = Shape::Path(Path { graphs: 1, edges: 1_000_000 });
    /// assert_eq!(shape.memory_needed(Format::Hb), 80_000_000);
    /// assert!(shape.memory_needed(Format::Dot) > 300_000_000);
    /// ```
    pub fn memory_needed(&self, format: Format) -> u64 {
        let per_edge = match format {
            Format::Dot => 320,
            Format::Cgsuite => 96,
            _ => 48,
        };
        (self.most_edges().saturating_mul(per_edge))
            .saturating_add(self.most_vertices().saturating_mul(16))
    }

    /// The most edges a position of this shape can have, from its parameters alone (as
    /// [`Shape::validate`] bounds them; saturating).
    ///
    /// ```
    /// use hackenbush::generate::{Multigraph, Shape};
    ///
    /// let shape = Shape::Multigraph(Multigraph { graphs: 3, edges: 10, ..Multigraph::default() });
    /// assert_eq!(shape.most_edges(), 30);
    /// ```
    pub fn most_edges(&self) -> u64 {
        let (graphs, per_graph) = match self {
            Shape::Stalks(Stalks {
                heights: Heights::Given(heights),
            }) => (1, heights.iter().map(|&h| u64::from(h)).sum()),
            Shape::Stalks(Stalks {
                heights: Heights::Random { graphs, max_height },
            }) => (*graphs, u64::from(*max_height)),
            Shape::Tree(s) => (s.graphs, u64::from(s.edges)),
            Shape::Poj(s) => (
                s.trees.unwrap_or(POJ_MAX_TREES),
                2 * u64::from(s.vertices.unwrap_or(POJ_MAX_VERTICES)),
            ),
            Shape::Cactus(s) => (s.graphs, u64::from(s.edges)),
            Shape::Multigraph(s) => (s.graphs, u64::from(s.edges)),
            Shape::Path(s) => (s.graphs, u64::from(s.edges)),
            Shape::Cycle(s) => (s.graphs, u64::from(s.edges)),
            Shape::Grid(s) => (s.graphs, 2 * u64::from(s.width) * u64::from(s.height)),
        };
        u64::from(graphs).saturating_mul(per_graph)
    }

    /// The most vertices a position of this shape can have (saturating): about one per
    /// edge and one per graph, except in a multigraph, whose vertices are a parameter.
    pub fn most_vertices(&self) -> u64 {
        match self {
            Shape::Multigraph(s) => u64::from(s.graphs).saturating_mul(u64::from(s.vertices)),
            _ => self.most_edges().saturating_mul(2),
        }
    }

    /// Checks the parameters: [`Error::Shape`] says what is wrong.
    ///
    /// ```
    /// use hackenbush::generate::{Cycle, Shape};
    ///
    /// let shape = Shape::Cycle(Cycle { edges: 0, ..Cycle::default() });
    /// assert_eq!(shape.validate().unwrap_err().to_string(), "a cycle has at least 1 edge");
    /// ```
    pub fn validate(&self) -> Result<(), Error> {
        match self {
            Shape::Stalks(s) => s.validate(),
            Shape::Tree(s) => s.validate(),
            Shape::Poj(s) => s.validate(),
            Shape::Cactus(s) => s.validate(),
            Shape::Multigraph(s) => s.validate(),
            Shape::Path(s) => s.validate(),
            Shape::Cycle(s) => s.validate(),
            Shape::Grid(s) => s.validate(),
        }
        .map_err(Error::Shape)
    }

    /// Position number `index` (0-based) of `seed`: its graphs are drawn from
    /// [`Rng::stream(seed, index)`](Rng::stream), so the position does not depend on the
    /// positions before it. The position's `case` is `index + 1`.
    ///
    /// # Panics
    ///
    /// If the parameters are invalid ([`Shape::validate`] says why).
    ///
    /// ```
    /// use hackenbush::generate::{Shape, Stalks};
    ///
    /// let shape = Shape::Stalks(Stalks::heights(vec![1, 2, 3]));
    /// let position = shape.position(0, 0);
    /// let values: Vec<u64> = hackenbush::analyze_position(position)
    ///     .iter()
    ///     .map(|(_, a)| a.value)
    ///     .collect();
    /// assert_eq!(values, [1, 2, 3]);
    /// ```
    pub fn position(&self, seed: u64, index: u64) -> Position {
        self.coloured_position(seed, index, &[])
    }

    /// [`Shape::position`] with its edges coloured: once all its graphs are built, each
    /// edge in turn, graph by graph, gets a colour drawn uniformly from `colours` by the
    /// same stream ([`colour_edges`]). The graphs are those of [`Shape::position`]; with
    /// no colours the edges stay green and nothing more is drawn.
    ///
    /// # Panics
    ///
    /// As [`Shape::position`].
    ///
    /// ```
    /// use hackenbush::generate::{Path, Shape};
    /// use hackenbush::syntax::Colour::{Blue, Red};
    ///
    /// let shape = Shape::Path(Path { graphs: 1, edges: 8 });
    /// let position = shape.coloured_position(7, 0, &[Blue, Red]);
    /// assert_eq!(position, shape.coloured_position(7, 0, &[Blue, Red]));
    /// assert!(position.graphs[0].edges.iter().all(|e| [Blue, Red].contains(&e.colour)));
    /// ```
    pub fn coloured_position(&self, seed: u64, index: u64, colours: &[Colour]) -> Position {
        if let Err(error) = self.validate() {
            panic!("invalid {} parameters: {error}", self.name());
        }
        let mut rng = Rng::stream(seed, index);
        let rng = &mut rng;
        let mut graphs: Vec<GraphDecl> = match self {
            Shape::Stalks(s) => s.graphs(rng),
            Shape::Tree(s) => (0..s.graphs).map(|i| s.graph(i, rng)).collect(),
            Shape::Poj(s) => {
                let trees = s.trees.unwrap_or_else(|| rng.range(1, POJ_MAX_TREES));
                (0..trees).map(|i| s.graph(i, rng)).collect()
            }
            Shape::Cactus(s) => (0..s.graphs).map(|i| s.graph(i, rng)).collect(),
            Shape::Multigraph(s) => (0..s.graphs).map(|i| s.graph(i, rng)).collect(),
            Shape::Path(s) => (0..s.graphs).map(|i| s.graph(i)).collect(),
            Shape::Cycle(s) => (0..s.graphs).map(|i| s.graph(i, rng)).collect(),
            Shape::Grid(s) => (0..s.graphs).map(|i| s.graph(i)).collect(),
        };
        for graph in &mut graphs {
            colour_edges(&mut graph.edges, colours, rng);
        }
        Position {
            case: Some(index as usize + 1),
            span: Span::default(),
            graphs,
            warnings: Vec::new(),
        }
    }

    /// Positions `0..count` of `seed`, one at a time.
    ///
    /// # Panics
    ///
    /// As [`Shape::position`], when the first position is asked for.
    pub fn positions(&self, seed: u64, count: u64) -> impl Iterator<Item = Position> + '_ {
        (0..count).map(move |i| self.position(seed, i))
    }
}

/// Gives each of `edges`, in order, a colour drawn uniformly from `colours` by `rng`; an
/// empty list draws nothing and leaves the edges as they are.
pub fn colour_edges(edges: &mut [EdgeDecl], colours: &[Colour], rng: &mut Rng) {
    if colours.is_empty() {
        return;
    }
    for edge in edges {
        edge.colour = colours[rng.below(colours.len() as u64) as usize];
    }
}

/// Checks a count against a bound.
fn at_most(what: &str, value: u64, max: u64) -> Result<(), String> {
    if value > max {
        Err(format!("{what} must be at most {max}, got {value}"))
    } else {
        Ok(())
    }
}

/// Checks the total number of edges of a position.
fn total_edges(graphs: u64, per_graph: u64) -> Result<(), String> {
    at_most("the number of graphs", graphs, MAX_GRAPHS)?;
    let total = graphs.saturating_mul(per_graph);
    if total > MAX_EDGES {
        return Err(format!(
            "a position would have up to {total} edges ({graphs} graphs of up to {per_graph}); \
             the limit is {MAX_EDGES}"
        ));
    }
    Ok(())
}

/// A graph under construction: vertex ids `0..vertices`, ground `[0]` unless changed.
struct Builder {
    vertices: u32,
    edges: Vec<EdgeDecl>,
}

impl Builder {
    fn with_capacity(edges: usize) -> Builder {
        Builder {
            vertices: 1,
            edges: Vec::with_capacity(edges),
        }
    }

    fn edge(&mut self, u: u32, v: u32) {
        self.edges.push(EdgeDecl::new(u, v, Span::default()));
    }

    /// A new vertex, joined to `parent`.
    fn child(&mut self, parent: u32) -> u32 {
        let v = self.vertices;
        self.vertices += 1;
        self.edge(parent, v);
        v
    }

    /// A polygon of `sides` edges through `at`: `sides - 1` new vertices, in order.
    fn polygon(&mut self, at: u32, sides: u32) {
        debug_assert!(sides >= 2);
        let mut last = at;
        for _ in 1..sides {
            last = self.child(last);
        }
        self.edge(last, at);
    }

    /// Shuffles the names of the vertices other than the root (0), the order of the
    /// edges and their directions: a numbering with no locality at all.
    fn scramble(&mut self, rng: &mut Rng) {
        let mut names: Vec<u32> = (0..self.vertices).collect();
        rng.shuffle(&mut names[1..]);
        for e in &mut self.edges {
            let (u, v) = (names[e.u as usize], names[e.v as usize]);
            (e.u, e.v) = if rng.chance(1, 2) { (u, v) } else { (v, u) };
        }
        rng.shuffle(&mut self.edges);
    }

    fn finish(self, name: String, ground: Vec<u32>) -> GraphDecl {
        GraphDecl {
            name: Some(name),
            span: Span::default(),
            kind: GraphKind::Tree,
            vertices: Vertices::Numbered(self.vertices),
            ground,
            edges: self.edges,
        }
    }
}

// ---------------------------------------------------------------------------------------

/// Nim stalks: each graph a path of `height` edges from the ground `g` (vertices `g`,
/// `1`, `2`, ...), worth `*height`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stalks {
    /// The heights.
    pub heights: Heights,
}

/// How [`Stalks`] get their heights.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Heights {
    /// These heights, one graph each (0 is a graph with no edges).
    Given(Vec<u32>),
    /// `graphs` stalks, each of a random height in `1..=max_height`.
    Random {
        /// How many stalks.
        graphs: u32,
        /// The largest height.
        max_height: u32,
    },
}

impl Default for Stalks {
    /// Three stalks of random heights up to 10.
    fn default() -> Self {
        Stalks {
            heights: Heights::Random {
                graphs: Stalks::GRAPHS,
                max_height: Stalks::MAX_HEIGHT,
            },
        }
    }
}

impl Stalks {
    /// How many stalks of random heights, by default.
    pub const GRAPHS: u32 = 3;
    /// The largest random height, by default.
    pub const MAX_HEIGHT: u32 = 10;

    /// Stalks of the given heights.
    pub fn heights(heights: Vec<u32>) -> Stalks {
        Stalks {
            heights: Heights::Given(heights),
        }
    }

    fn validate(&self) -> Result<(), String> {
        match &self.heights {
            Heights::Given(heights) => {
                at_most("the number of stalks", heights.len() as u64, MAX_GRAPHS)?;
                let total: u64 = heights.iter().map(|&h| u64::from(h)).sum();
                at_most("the total height of the stalks", total, MAX_EDGES)
            }
            Heights::Random { graphs, max_height } => {
                if *max_height == 0 {
                    return Err("the largest height must be at least 1".into());
                }
                total_edges(u64::from(*graphs), u64::from(*max_height))
            }
        }
    }

    fn graphs(&self, rng: &mut Rng) -> Vec<GraphDecl> {
        let heights = match &self.heights {
            Heights::Given(heights) => heights.clone(),
            Heights::Random { graphs, max_height } => {
                (0..*graphs).map(|_| rng.range(1, *max_height)).collect()
            }
        };
        heights
            .iter()
            .enumerate()
            .map(|(i, &h)| stalk(i as u32, h))
            .collect()
    }
}

fn stalk(index: u32, height: u32) -> GraphDecl {
    GraphDecl::stalk(format!("stalk {}", index + 1), height, Span::default())
}

// ---------------------------------------------------------------------------------------

/// Random rooted trees of `edges` edges: vertex `i` (from 1) hangs from a random earlier
/// vertex, chosen uniformly among those that may still take a child. The root, vertex 1,
/// is the ground. Children are numbered after their parents, edges listed parent first
/// in the order the children were made, unless `scramble` shuffles it all.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RandomTree {
    /// Graphs per position.
    pub graphs: u32,
    /// Edges per tree.
    pub edges: u32,
    /// Largest depth (edges from the root to a leaf), if limited; at least 1.
    pub max_depth: Option<u32>,
    /// Largest number of children of a vertex, if limited; at least 1.
    pub max_children: Option<u32>,
    /// Shuffle the vertex numbers (the root stays 1), the order of the edges and their
    /// directions.
    pub scramble: bool,
}

impl Default for RandomTree {
    /// One tree of 20 edges.
    fn default() -> Self {
        RandomTree {
            graphs: GRAPHS,
            edges: 20,
            max_depth: None,
            max_children: None,
            scramble: false,
        }
    }
}

impl RandomTree {
    fn validate(&self) -> Result<(), String> {
        total_edges(u64::from(self.graphs), u64::from(self.edges))?;
        if self.max_depth == Some(0) || self.max_children == Some(0) {
            return Err("the largest depth and number of children must be at least 1".into());
        }
        if let (Some(depth), Some(children)) = (self.max_depth, self.max_children) {
            // children + children^2 + ... + children^depth, saturating.
            let mut capacity = 0u64;
            let mut level = 1u64;
            for _ in 0..depth {
                level = level.saturating_mul(u64::from(children));
                capacity = capacity.saturating_add(level);
                if capacity >= u64::from(self.edges) {
                    break;
                }
            }
            if capacity < u64::from(self.edges) {
                return Err(format!(
                    "a tree of depth at most {depth} with at most {children} children per \
                     vertex has at most {capacity} edges, not {}",
                    self.edges
                ));
            }
        }
        Ok(())
    }

    /// Tree number `index` of a position.
    pub fn graph(&self, index: u32, rng: &mut Rng) -> GraphDecl {
        let mut b = Builder::with_capacity(self.edges as usize);
        if self.max_depth.is_none() && self.max_children.is_none() {
            for v in 1..=self.edges {
                b.child(rng.below_u32(v));
            }
        } else {
            let max_depth = self.max_depth.unwrap_or(u32::MAX);
            let max_children = self.max_children.unwrap_or(u32::MAX);
            // Vertices that may take a child, and every vertex's depth and children.
            let mut open = vec![0u32];
            let mut depth = vec![0u32];
            let mut children = vec![0u32];
            for _ in 0..self.edges {
                let slot = rng.below(open.len() as u64) as usize;
                let parent = open[slot];
                let v = b.child(parent);
                let p = parent as usize;
                children[p] += 1;
                if children[p] == max_children {
                    open.swap_remove(slot);
                }
                depth.push(depth[p] + 1);
                children.push(0);
                if depth[p] + 1 < max_depth {
                    open.push(v);
                }
            }
        }
        if self.scramble {
            b.scramble(rng);
        }
        b.finish(format!("tree {}", index + 1), vec![0])
    }
}

// ---------------------------------------------------------------------------------------

/// POJ 3710 Christmas Game trees: a rooted tree (vertex 1 is the root and the ground)
/// with simple polygons hanging from it. Each polygon shares exactly one vertex with the
/// rest of the graph, a vertex of the tree; its other vertices lie on it alone, so no
/// edge is in two polygons. There are no loops, and no parallel edges unless `digons`
/// allows 2-edge polygons. Vertex numbers other than 1 and the order and direction of
/// the edges are shuffled, as judge data would be.
///
/// With the default sizes a test case has `N < 100` trees of `m < 100` vertices, hence
/// `k < 2m < 500` edges.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Poj {
    /// Trees per test case; random in `1..=99` if not given.
    pub trees: Option<u32>,
    /// Vertices per tree; random in `1..=99` for each tree if not given.
    pub vertices: Option<u32>,
    /// Largest polygon, in edges (at least 3, or 2 with `digons`).
    pub max_polygon: u32,
    /// Allow 2-edge polygons (pairs of parallel edges).
    pub digons: bool,
}

/// The fewest edges a polygon may have: 2 (a pair of parallel edges) with digons, else 3.
fn smallest_polygon(digons: bool) -> u32 {
    if digons { 2 } else { 3 }
}

/// Refuses a largest polygon smaller than the smallest one allowed.
fn check_polygons(max_polygon: u32, digons: bool) -> Result<(), String> {
    if max_polygon < smallest_polygon(digons) {
        return Err(format!(
            "the largest polygon must have at least {} edges{}, got {}",
            smallest_polygon(digons),
            if digons { "" } else { " (2 with digons)" },
            max_polygon
        ));
    }
    Ok(())
}

impl Default for Poj {
    /// Random sizes within the POJ bounds, polygons of 3 to 6 edges.
    fn default() -> Self {
        Poj {
            trees: None,
            vertices: None,
            max_polygon: 6,
            digons: false,
        }
    }
}

impl Poj {
    fn validate(&self) -> Result<(), String> {
        check_polygons(self.max_polygon, self.digons)?;
        if self.vertices == Some(0) {
            return Err("a tree has at least 1 vertex".into());
        }
        let trees = self.trees.unwrap_or(POJ_MAX_TREES);
        let vertices = self.vertices.unwrap_or(POJ_MAX_VERTICES);
        // At most 2 edges per vertex beyond the root (a digon per vertex).
        total_edges(u64::from(trees), 2 * u64::from(vertices))
    }

    /// Tree number `index` of a test case.
    pub fn graph(&self, index: u32, rng: &mut Rng) -> GraphDecl {
        let m = self
            .vertices
            .unwrap_or_else(|| rng.range(1, POJ_MAX_VERTICES));
        let mut b = Builder::with_capacity(m as usize + m as usize / 2);
        let mut tree = vec![0u32];
        let smallest = smallest_polygon(self.digons);
        while b.vertices < m {
            let left = m - b.vertices;
            let at = tree[rng.below(tree.len() as u64) as usize];
            if left + 1 >= smallest && rng.chance(1, 3) {
                let sides = rng.range(smallest, self.max_polygon.min(left + 1));
                b.polygon(at, sides);
            } else {
                tree.push(b.child(at));
            }
        }
        b.scramble(rng);
        b.finish(format!("tree {}", index + 1), vec![0])
    }
}

// ---------------------------------------------------------------------------------------

/// Random cacti of exactly `edges` edges: starting from the ground, again and again a
/// random vertex gets either a pendant edge or a polygon of random size through it.
/// Polygons may share vertices (a polygon may hang from a vertex of another), never
/// edges.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cactus {
    /// Graphs per position.
    pub graphs: u32,
    /// Edges per graph.
    pub edges: u32,
    /// Largest polygon, in edges (at least 3, or 2 with `digons`).
    pub max_polygon: u32,
    /// Allow 2-edge polygons (pairs of parallel edges).
    pub digons: bool,
}

impl Default for Cactus {
    /// One cactus of 30 edges, polygons of 3 to 8 edges.
    fn default() -> Self {
        Cactus {
            graphs: GRAPHS,
            edges: 30,
            max_polygon: 8,
            digons: false,
        }
    }
}

impl Cactus {
    fn validate(&self) -> Result<(), String> {
        check_polygons(self.max_polygon, self.digons)?;
        total_edges(u64::from(self.graphs), u64::from(self.edges))
    }

    /// Cactus number `index` of a position.
    pub fn graph(&self, index: u32, rng: &mut Rng) -> GraphDecl {
        let mut b = Builder::with_capacity(self.edges as usize);
        let smallest = smallest_polygon(self.digons);
        let mut left = self.edges;
        while left > 0 {
            let at = rng.below_u32(b.vertices);
            if left >= smallest && rng.chance(1, 2) {
                let sides = rng.range(smallest, self.max_polygon.min(left));
                b.polygon(at, sides);
                left -= sides;
            } else {
                b.child(at);
                left -= 1;
            }
        }
        b.finish(format!("cactus {}", index + 1), vec![0])
    }
}

// ---------------------------------------------------------------------------------------

/// General multigraphs: `vertices` vertices, the first `grounds` of them ground, and
/// `edges` edges. The vertices are split into a main part (holding the ground) and
/// `detached` parts that do not touch it; each part is connected by a random spanning
/// tree, and the other edges join random vertices of one part, with loops and parallel
/// edges made on purpose (about one extra edge in eight each). The edges are shuffled and
/// randomly directed.
///
/// `simple` makes simple graphs instead: no loops and no parallel edges. Each part is
/// still connected by a random spanning tree, and the other edges (chords) are chosen
/// uniformly among the pairs of distinct vertices of one part that the tree does not
/// join (Floyd's sampling: one draw per chord, whatever the density, so a complete graph
/// is made as surely as a sparse one). The split into parts is then fixed by the
/// parameters, so that what the parts can hold is known before anything is drawn
/// ([`Multigraph::most_simple_edges`]): each detached part has two vertices of its own,
/// and of the other vertices past the ground every fourth goes to a detached part, in
/// turn, the rest to the main part.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Multigraph {
    /// Graphs per position.
    pub graphs: u32,
    /// Vertices per graph (at least `max(grounds, 1) + detached`).
    pub vertices: u32,
    /// Edges per graph (at least `vertices - 1`).
    pub edges: u32,
    /// Ground vertices per graph (0 makes graphs without ground, worth 0).
    pub grounds: u32,
    /// Parts not attached to the ground, per graph.
    pub detached: u32,
    /// No loops and no parallel edges (then at least `max(grounds, 1) + 2 * detached`
    /// vertices, `vertices - 1 - detached` edges, and at most what the parts can hold).
    pub simple: bool,
}

impl Default for Multigraph {
    /// One multigraph of 8 vertices and 16 edges, one ground vertex, all attached.
    fn default() -> Self {
        Multigraph {
            graphs: GRAPHS,
            vertices: 8,
            edges: 16,
            grounds: 1,
            detached: 0,
            simple: false,
        }
    }
}

impl Multigraph {
    fn validate(&self) -> Result<(), String> {
        total_edges(u64::from(self.graphs), u64::from(self.edges))?;
        at_most(
            "the number of vertices",
            u64::from(self.vertices),
            MAX_EDGES,
        )?;
        if self.simple {
            return self.validate_simple();
        }
        let needed = u64::from(self.grounds.max(1)) + u64::from(self.detached);
        if u64::from(self.vertices) < needed {
            return Err(format!(
                "{} ground vertices and {} detached parts need at least {needed} vertices, got {}",
                self.grounds, self.detached, self.vertices
            ));
        }
        if self.edges < self.vertices - 1 {
            return Err(format!(
                "{} vertices need at least {} edges (a spanning tree of each part and a loop \
                 in each one-vertex part), got {}",
                self.vertices,
                self.vertices - 1,
                self.edges
            ));
        }
        Ok(())
    }

    /// The limits of a simple graph: enough vertices for the ground and two per detached
    /// part, enough edges for a spanning tree of each part, and no more than the parts
    /// can hold.
    fn validate_simple(&self) -> Result<(), String> {
        let needed = u64::from(self.grounds.max(1)) + 2 * u64::from(self.detached);
        if u64::from(self.vertices) < needed {
            return Err(format!(
                "a simple graph of {} ground vertices and {} detached parts (2 vertices \
                 each) needs at least {needed} vertices, got {}",
                self.grounds, self.detached, self.vertices
            ));
        }
        let fewest = self.vertices - 1 - self.detached;
        if self.edges < fewest {
            return Err(format!(
                "{} vertices in {} parts need at least {fewest} edges (a spanning tree of \
                 each part), got {}",
                self.vertices,
                self.detached + 1,
                self.edges
            ));
        }
        let most = self.most_simple_edges();
        if u64::from(self.edges) > most {
            let parts = match self.detached {
                0 => String::new(),
                d => {
                    let (main, small, bigger) = self.simple_parts();
                    let sizes = match bigger {
                        0 => small.to_string(),
                        _ => format!("{small} or {}", small + 1),
                    };
                    format!(" (a part of {main} with the ground and {d} detached of {sizes})")
                }
            };
            return Err(format!(
                "a simple graph of {} vertices{parts} has at most {most} edges, got {}; ask \
                 for fewer edges or more vertices",
                self.vertices, self.edges
            ));
        }
        Ok(())
    }

    /// The sizes of the parts of a simple graph: the main part's, the smaller detached
    /// parts' and how many detached parts have one vertex more.
    fn simple_parts(&self) -> (u64, u64, u64) {
        let d = u64::from(self.detached);
        let rest = u64::from(self.vertices) - u64::from(self.grounds.max(1)) - 2 * d;
        let to_detached = if d == 0 { 0 } else { rest / 4 };
        let main = u64::from(self.vertices) - 2 * d - to_detached;
        match d {
            0 => (main, 0, 0),
            d => (main, 2 + to_detached / d, to_detached % d),
        }
    }

    /// The most edges a simple graph of these parameters can have: `s (s - 1) / 2` for
    /// each part of `s` vertices, the parts being split as the type's doc says.
    ///
    /// ```
    /// use hackenbush::generate::Multigraph;
    ///
    /// let simple = Multigraph { vertices: 9, simple: true, ..Multigraph::default() };
    /// assert_eq!(simple.most_simple_edges(), 36);
    /// let detached = Multigraph { vertices: 9, detached: 1, ..simple };
    /// assert_eq!(detached.most_simple_edges(), 15 + 3); // parts of 6 and 3 vertices
    /// ```
    pub fn most_simple_edges(&self) -> u64 {
        let pairs = |s: u64| s * s.saturating_sub(1) / 2;
        let (main, small, bigger) = self.simple_parts();
        let d = u64::from(self.detached);
        pairs(main) + (d - bigger) * pairs(small) + bigger * pairs(small + 1)
    }

    /// The vertices of each part of a simple graph, as the type's doc splits them.
    fn simple_members(&self) -> Vec<Vec<u32>> {
        let main_min = self.grounds.max(1);
        let d = self.detached;
        let mut members: Vec<Vec<u32>> = vec![Vec::new(); d as usize + 1];
        members[0].extend(0..main_min);
        for part in 0..d {
            let first = main_min + 2 * part;
            members[part as usize + 1].extend([first, first + 1]);
        }
        for (j, v) in (main_min + 2 * d..self.vertices).enumerate() {
            let part = if d > 0 && j % 4 == 3 {
                1 + (j / 4) % d as usize
            } else {
                0
            };
            members[part].push(v);
        }
        members
    }

    /// A simple graph: a random spanning tree of each part, then the chords, a uniform
    /// choice among the pairs of vertices of one part that the trees leave unjoined.
    ///
    /// The pairs of all parts are numbered one after the other, part by part, and the
    /// pair `a < b` (indices within its part) is `b (b - 1) / 2 + a` in its part; the
    /// trees' pairs are left out of the numbering, and Floyd's algorithm picks the
    /// chords' numbers, `edges - trees` of them in as many draws.
    fn simple_edges(&self, rng: &mut Rng) -> Vec<EdgeDecl> {
        let members = self.simple_members();
        let mut b = Builder::with_capacity(self.edges as usize);
        let pairs = |s: u64| s * s.saturating_sub(1) / 2;
        let mut offsets = Vec::with_capacity(members.len() + 1);
        let mut tree = Vec::with_capacity(self.vertices as usize);
        let mut offset = 0u64;
        for part in &members {
            offsets.push(offset);
            for i in 1..part.len() {
                let parent = rng.below(i as u64);
                b.edge(part[parent as usize], part[i]);
                tree.push(offset + pairs(i as u64) + parent);
            }
            offset += pairs(part.len() as u64);
        }
        offsets.push(offset);
        let free = offset - tree.len() as u64;
        let chords = u64::from(self.edges) - tree.len() as u64;
        let mut chosen = std::collections::BTreeSet::new();
        for j in free - chords..free {
            let t = rng.below(j + 1);
            if !chosen.insert(t) {
                chosen.insert(j);
            }
        }
        // The `r`-th free pair is the pair `r + (trees' pairs at or before it)`; both
        // lists ascend, so one walk finds them all.
        let (mut skipped, mut part) = (0, 0);
        for r in chosen {
            let mut pair = r + skipped as u64;
            while skipped < tree.len() && tree[skipped] <= pair {
                skipped += 1;
                pair += 1;
            }
            while offsets[part + 1] <= pair {
                part += 1;
            }
            let local = pair - offsets[part];
            // The largest `high` with `high (high - 1) / 2 <= local`.
            let high = (1 + 8 * local).isqrt().div_ceil(2);
            let low = local - pairs(high);
            b.edge(members[part][low as usize], members[part][high as usize]);
        }
        b.edges
    }

    /// Multigraph number `index` of a position.
    pub fn graph(&self, index: u32, rng: &mut Rng) -> GraphDecl {
        let mut b = Builder::with_capacity(0);
        b.vertices = self.vertices;
        b.edges = if self.simple {
            self.simple_edges(rng)
        } else {
            self.multigraph_edges(rng)
        };
        for e in &mut b.edges {
            if rng.chance(1, 2) {
                (e.u, e.v) = (e.v, e.u);
            }
        }
        rng.shuffle(&mut b.edges);
        b.finish(
            format!("multigraph {}", index + 1),
            (0..self.grounds).collect(),
        )
    }

    /// The edges of a multigraph, loops and parallel edges included, in the order made.
    fn multigraph_edges(&self, rng: &mut Rng) -> Vec<EdgeDecl> {
        let n = self.vertices;
        let main_min = self.grounds.max(1);
        let parts = self.detached as usize + 1;
        // The vertices of each part: the ground (and at least one vertex) in the main part,
        // one vertex for each detached part, then the rest, three in four to the main part.
        let mut members: Vec<Vec<u32>> = vec![Vec::new(); parts];
        let mut part_of = Vec::with_capacity(n as usize);
        for v in 0..n {
            let part = if v < main_min {
                0
            } else if v < main_min + self.detached {
                (v - main_min + 1) as usize
            } else if self.detached == 0 || rng.chance(3, 4) {
                0
            } else {
                1 + rng.below(u64::from(self.detached)) as usize
            };
            members[part].push(v);
            part_of.push(part as u32);
        }
        let mut b = Builder::with_capacity(self.edges as usize);
        b.vertices = n;
        for part in &members {
            for i in 1..part.len() {
                let parent = part[rng.below(i as u64) as usize];
                b.edge(parent, part[i]);
            }
        }
        for part in &members[1..] {
            if part.len() == 1 {
                b.edge(part[0], part[0]);
            }
        }
        while (b.edges.len() as u64) < u64::from(self.edges) {
            let u = rng.below_u32(n);
            let kind = rng.below(8);
            if kind == 0 {
                b.edge(u, u);
            } else if kind == 1 && !b.edges.is_empty() {
                let e = b.edges[rng.below(b.edges.len() as u64) as usize];
                b.edge(e.u, e.v);
            } else {
                let part = &members[part_of[u as usize] as usize];
                let v = part[rng.below(part.len() as u64) as usize];
                b.edge(u, v);
            }
        }
        b.edges
    }
}

// ---------------------------------------------------------------------------------------

/// Paths of `edges` edges from the ground: vertex 1 (the ground), 2, ..., `edges + 1`,
/// worth `*edges`. Nothing random.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Path {
    /// Graphs per position.
    pub graphs: u32,
    /// Edges per path.
    pub edges: u32,
}

impl Default for Path {
    /// One path of 1000 edges.
    fn default() -> Self {
        Path {
            graphs: GRAPHS,
            edges: 1000,
        }
    }
}

impl Path {
    fn validate(&self) -> Result<(), String> {
        total_edges(u64::from(self.graphs), u64::from(self.edges))
    }

    /// Path number `index` of a position.
    pub fn graph(&self, index: u32) -> GraphDecl {
        let mut b = Builder::with_capacity(self.edges as usize);
        for v in 0..self.edges {
            b.child(v);
        }
        b.finish(format!("path {}", index + 1), vec![0])
    }
}

// ---------------------------------------------------------------------------------------

/// Cycles through the ground: vertex 1 (the ground), 2, ..., back to 1. With `trees`,
/// half the edges (rounded down, at least 1) make the cycle and the others hang as random
/// trees: each new vertex joins a random earlier vertex, of the cycle or of a tree.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cycle {
    /// Graphs per position.
    pub graphs: u32,
    /// Edges per graph, at least 1 (a cycle of 1 edge is a loop, of 2 a digon).
    pub edges: u32,
    /// Let trees hang off the cycle.
    pub trees: bool,
}

impl Default for Cycle {
    /// One cycle of 100 edges, no trees.
    fn default() -> Self {
        Cycle {
            graphs: GRAPHS,
            edges: 100,
            trees: false,
        }
    }
}

impl Cycle {
    fn validate(&self) -> Result<(), String> {
        if self.edges == 0 {
            return Err("a cycle has at least 1 edge".into());
        }
        total_edges(u64::from(self.graphs), u64::from(self.edges))
    }

    /// Cycle number `index` of a position.
    pub fn graph(&self, index: u32, rng: &mut Rng) -> GraphDecl {
        let ring = if self.trees {
            (self.edges / 2).max(1)
        } else {
            self.edges
        };
        let mut b = Builder::with_capacity(self.edges as usize);
        b.polygon(0, ring.max(2));
        if ring == 1 {
            // A loop: the polygon of 2 was one vertex too many.
            b.edges.clear();
            b.vertices = 1;
            b.edge(0, 0);
        }
        while (b.edges.len() as u32) < self.edges {
            let v = b.vertices;
            b.child(rng.below_u32(v));
        }
        b.finish(format!("cycle {}", index + 1), vec![0])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn values(position: Position) -> Vec<u64> {
        crate::analyze_position(position)
            .iter()
            .map(|(_, a)| a.value)
            .collect()
    }

    #[test]
    fn stalks_are_worth_their_heights() {
        let shape = Shape::Stalks(Stalks::heights(vec![0, 3, 5]));
        assert_eq!(values(shape.position(1, 0)), [0, 3, 5]);
        let shape = Shape::Stalks(Stalks::default());
        let position = shape.position(1, 0);
        assert_eq!(position.graphs.len(), 3);
        for (graph, value) in position.graphs.iter().zip(values(position.clone())) {
            assert!((1..=10).contains(&value));
            assert_eq!(graph.edges.len() as u64, value);
        }
    }

    #[test]
    fn paths_and_cycles() {
        let path = Shape::Path(Path {
            graphs: 2,
            edges: 7,
        });
        assert_eq!(values(path.position(0, 0)), [7, 7]);
        for (edges, value) in [(1, 1), (2, 0), (3, 1), (10, 0), (11, 1)] {
            let cycle = Shape::Cycle(Cycle {
                graphs: 1,
                edges,
                trees: false,
            });
            let position = cycle.position(0, 0);
            assert_eq!(position.graphs[0].edges.len(), edges as usize);
            assert_eq!(values(position), [value], "cycle of {edges}");
        }
        for edges in 1..12 {
            let cycle = Shape::Cycle(Cycle {
                graphs: 1,
                edges,
                trees: true,
            });
            let position = cycle.position(3, 0);
            let graph = &position.graphs[0];
            assert_eq!(graph.edges.len(), edges as usize);
            assert_eq!(graph.vertices.len(), edges as usize);
        }
    }

    #[test]
    fn trees_respect_their_limits() {
        let shape = RandomTree {
            graphs: 1,
            edges: 40,
            max_depth: Some(3),
            max_children: Some(4),
            scramble: false,
        };
        shape.validate().unwrap();
        let g = shape.graph(0, &mut Rng::new(5));
        let mut depth = [0u32; 41];
        let mut children = [0u32; 41];
        for e in &g.edges {
            assert!(e.u < e.v);
            depth[e.v as usize] = depth[e.u as usize] + 1;
            children[e.u as usize] += 1;
        }
        assert!(depth.iter().all(|&d| d <= 3));
        assert!(children.iter().all(|&c| c <= 4));
        let too_small = RandomTree {
            max_depth: Some(2),
            max_children: Some(2),
            edges: 7,
            ..shape
        };
        assert!(
            too_small
                .validate()
                .unwrap_err()
                .to_string()
                .contains("at most 6 edges")
        );
    }

    #[test]
    fn cacti_and_multigraphs_have_their_sizes() {
        let cactus = Cactus {
            edges: 1000,
            ..Cactus::default()
        };
        let g = cactus.graph(0, &mut Rng::new(1));
        assert_eq!(g.edges.len(), 1000);
        assert!(g.vertices.len() < 1000);
        let multi = Multigraph {
            graphs: 1,
            vertices: 30,
            edges: 60,
            grounds: 3,
            detached: 4,
            simple: false,
        };
        multi.validate().unwrap();
        let g = multi.graph(0, &mut Rng::new(1));
        assert_eq!(g.edges.len(), 60);
        assert_eq!(g.ground, [0, 1, 2]);
        assert!(g.edges.iter().any(|e| e.u == e.v));
        let bad = Multigraph { edges: 20, ..multi };
        assert!(bad.validate().is_err());
    }

    /// The components of a graph on `0..n` (a union-find over its edges), by vertex.
    fn components(n: u32, edges: &[EdgeDecl]) -> Vec<u32> {
        let mut parent: Vec<u32> = (0..n).collect();
        fn root(parent: &mut [u32], mut v: u32) -> u32 {
            while parent[v as usize] != v {
                parent[v as usize] = parent[parent[v as usize] as usize];
                v = parent[v as usize];
            }
            v
        }
        for e in edges {
            let (a, b) = (root(&mut parent, e.u), root(&mut parent, e.v));
            parent[a as usize] = b;
        }
        (0..n).map(|v| root(&mut parent, v)).collect()
    }

    #[test]
    fn simple_graphs_have_no_loops_no_parallel_edges_and_every_size_up_to_complete() {
        for vertices in 1..=9u32 {
            for grounds in 0..=2 {
                for detached in 0..=2 {
                    let shape = Multigraph {
                        graphs: 1,
                        vertices,
                        edges: 0,
                        grounds,
                        detached,
                        simple: true,
                    };
                    if vertices < grounds.max(1) + 2 * detached {
                        assert!(shape.validate().unwrap_err().contains("needs at least"));
                        continue;
                    }
                    let fewest = vertices - 1 - detached;
                    let most = shape.most_simple_edges() as u32;
                    for edges in fewest..=most {
                        let shape = Multigraph { edges, ..shape };
                        shape.validate().unwrap();
                        let g = shape.graph(0, &mut Rng::new(u64::from(edges)));
                        assert_eq!(g.edges.len(), edges as usize);
                        let mut pairs: Vec<(u32, u32)> = g
                            .edges
                            .iter()
                            .map(|e| (e.u.min(e.v), e.u.max(e.v)))
                            .collect();
                        assert!(pairs.iter().all(|&(u, v)| u < v && v < vertices));
                        pairs.sort_unstable();
                        pairs.dedup();
                        assert_eq!(pairs.len(), edges as usize, "{shape:?}: parallel edges");
                        // One part with the ground, `detached` others, each connected.
                        let parts = components(vertices, &g.edges);
                        let mut roots = parts.clone();
                        roots.sort_unstable();
                        roots.dedup();
                        assert_eq!(roots.len() as u32, detached + 1, "{shape:?}");
                        assert!((0..grounds).all(|v| parts[v as usize] == parts[0]));
                    }
                    let over = Multigraph {
                        edges: most + 1,
                        ..shape
                    };
                    let refused = over.validate().unwrap_err();
                    assert!(
                        refused.contains(&format!("at most {most} edges")),
                        "{refused}"
                    );
                    if fewest > 0 {
                        let under = Multigraph {
                            edges: fewest - 1,
                            ..shape
                        };
                        assert!(under.validate().unwrap_err().contains("at least"));
                    }
                }
            }
        }
    }

    #[test]
    fn a_complete_simple_graph_is_every_pair_once() {
        let shape = Multigraph {
            vertices: 300,
            edges: 300 * 299 / 2,
            simple: true,
            ..Multigraph::default()
        };
        assert_eq!(shape.most_simple_edges(), 300 * 299 / 2);
        let g = shape.graph(0, &mut Rng::new(3));
        let mut pairs: Vec<(u32, u32)> = (g.edges.iter())
            .map(|e| (e.u.min(e.v), e.u.max(e.v)))
            .collect();
        pairs.sort_unstable();
        let every: Vec<(u32, u32)> = (0..300)
            .flat_map(|u| (u + 1..300).map(move |v| (u, v)))
            .collect();
        assert_eq!(pairs, every);
    }

    #[test]
    fn simple_parts_are_split_as_documented() {
        let shape = Multigraph {
            vertices: 23,
            edges: 22,
            grounds: 2,
            detached: 3,
            simple: true,
            ..Multigraph::default()
        };
        // 2 ground, 2 per detached part, 15 others: 3 of them detached, in turn.
        let members = shape.simple_members();
        let sizes: Vec<usize> = members.iter().map(Vec::len).collect();
        assert_eq!(sizes, [14, 3, 3, 3]);
        assert_eq!(shape.simple_parts(), (14, 3, 0));
        let pairs = |s: u64| s * (s - 1) / 2;
        assert_eq!(shape.most_simple_edges(), pairs(14) + 3 * pairs(3));
        let shape = Multigraph {
            vertices: 24,
            ..shape
        };
        let sizes: Vec<usize> = shape.simple_members().iter().map(Vec::len).collect();
        assert_eq!(sizes, [14, 4, 3, 3]);
        assert_eq!(
            shape.most_simple_edges(),
            pairs(14) + pairs(4) + 2 * pairs(3)
        );
    }

    #[test]
    fn limits() {
        let big = Shape::Path(Path {
            graphs: 2,
            edges: 60_000_000,
        });
        assert!(
            big.validate()
                .unwrap_err()
                .to_string()
                .contains("the limit is 100000000")
        );
        let poj = Shape::Poj(Poj {
            max_polygon: 2,
            ..Poj::default()
        });
        assert!(poj.validate().is_err());
    }
}

// ---------------------------------------------------------------------------------------

/// Grids standing on the ground: `width` columns of `height` vertices, each joined to its
/// neighbours across and up, each vertex of the bottom row joined to the ground (vertex
/// 1): `2 * width * height - height` edges, every inner square a cycle. The shape is
/// fixed; with colours ([`Shape::coloured_position`]) the seed draws each edge's colour,
/// so `hackenbush gen` makes red-blue positions with many cycles, the hard case of the
/// partizan search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grid {
    /// Graphs per position.
    pub graphs: u32,
    /// Vertices across, at least 1.
    pub width: u32,
    /// Vertices up, at least 1.
    pub height: u32,
}

impl Default for Grid {
    /// One grid of 4 by 4 vertices (28 edges).
    fn default() -> Self {
        Grid {
            graphs: GRAPHS,
            width: 4,
            height: 4,
        }
    }
}

impl Grid {
    fn validate(&self) -> Result<(), String> {
        if self.width == 0 || self.height == 0 {
            return Err("a grid has at least 1 vertex across and up".into());
        }
        let vertices = u64::from(self.width) * u64::from(self.height);
        total_edges(u64::from(self.graphs), 2 * vertices)
    }

    /// Grid number `index` of a position. Vertex `1 + r * width + c` is the one in row
    /// `r` (0 at the bottom) and column `c`.
    ///
    /// ```
    /// use hackenbush::generate::shapes::Grid;
    ///
    /// let grid = Grid { graphs: 1, width: 5, height: 3 }.graph(0);
    /// assert_eq!(grid.edges.len(), 27);
    /// ```
    pub fn graph(&self, index: u32) -> GraphDecl {
        let (w, h) = (self.width, self.height);
        let mut b = Builder::with_capacity((2 * w * h) as usize);
        b.vertices = 1 + w * h;
        let at = |r: u32, c: u32| 1 + r * w + c;
        for r in 0..h {
            for c in 0..w {
                let below = if r == 0 { 0 } else { at(r - 1, c) };
                b.edge(below, at(r, c));
                if c > 0 {
                    b.edge(at(r, c - 1), at(r, c));
                }
            }
        }
        b.finish(format!("grid {}", index + 1), vec![0])
    }
}
