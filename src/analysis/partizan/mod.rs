//! Model -> analysis for red, blue and green edges: the exact value of a graph as a short
//! partizan game in canonical form ([`Game`]), and its outcome class.
//!
//! # Method
//!
//! 1. **Split at the ground.** Removing the (fused) ground node leaves connected parts;
//!    each, with its edges to the ground, is an independent summand (a move in one never
//!    changes another), and so is each loop at the ground. Parts that never touch the
//!    ground fall at once and are no moves. The graph is worth the sum of its parts.
//! 2. Each part gets the best method the theory offers ([`Method`]):
//!    - **all green:** the linear Green Hackenbush algorithm (the [Green core](super::green)), the
//!      value `*n`;
//!    - **a tree** (no cycle among its edges; a loop is a twig of its colour): the
//!      ordinal-sum recursion from the leaves down, in reverse depth-first order with no
//!      recursion: a vertex is worth the sum of its branches, and a branch is its edge's
//!      game (`1` blue, `-1` red, `*` green) `:` the value above it (Winning Ways ch. 2 and
//!      7). Red-blue trees stay numbers throughout, a few big-dyadic operations per edge
//!      (`1 : x` is `x + 1` for `x >= 0`, Berlekamp's rule below);
//!    - **red-blue, anything else** (a cycle): a search by comparisons with numbers
//!      (`bounds.rs`): every red-blue position is a number, and whether it is above or
//!      below a number is a game in which the player to move needs one winning move;
//!      trees hanging are folded into numbers at their vertex (the Colon Principle), and
//!      what is left is remembered by its shape up to relabelling (`shape.rs`), the
//!      numbers hanging and the bounds proved (`memo.rs`), on machine-word numbers
//!      (`small.rs`);
//!    - **green with red or blue, anything else**: a position is its red-blue core's
//!      number (the edges still standing when every green edge is cut, valued by the
//!      search by comparisons) plus its rest with the core's vertices made ground, an
//!      infinitesimal (`mixed.rs`, a theorem proved there);
//!    - **what has no core** (the rest, whose green edges stand at the ground, or a
//!      red-blue part whose numbers outgrow a word): a search of the block at the ground
//!      only, with what hangs from each of its vertices counted by its value (the Colon
//!      Principle), memoized by the block's shape up to relabelling and those values
//!      (`blocks.rs`), on canonical games; its red-blue blocks on numbers.
//!
//!    A search takes parts of at most [`Budget::edges`] edges and meets at most
//!    [`Budget::positions`] positions; beyond that, a [`Refusal`] naming the part.
//!
//!    Every part's values are computed within [`Budget::work`] steps of the game
//!    [`Calculator`]: canonical forms mixing green with red and blue grow fast.
//! 3. The outcome class follows from comparing the value with zero.
//!
//! # Cost
//!
//! Splitting is linear. Green parts are linear. A tree part costs one ordinal sum per
//! edge: for red-blue trees a dyadic operation on numbers whose size is at most the
//! tree's height in bits; with green edges, operations on canonical forms at most
//! [`MAX_DEPTH`](crate::game::MAX_DEPTH) deep. The search is exponential in the worst
//! case, bounded by the budget.
//!
//! Inputs that are known to be red-blue trees and whose value alone is wanted (the
//! judged problems) are valued on bare edge lists by [`RedBlueTree`], the same recursion
//! on numbers without graphs or canonical forms.
//!
//! Every method is cross-checked against exhaustive play in `tests/partizan.rs`.

use petgraph::graph::{EdgeIndex, NodeIndex};
use petgraph::unionfind::UnionFind;
use petgraph::visit::EdgeRef;

use crate::game::{Calculator, Exceeded, Game, Outcome};
use crate::model::{Graph, Numbering};
use crate::syntax::Colour;

use super::green;

mod blocks;
mod bounds;
mod memo;
mod mixed;
mod red_blue;
mod shape;
mod small;
#[cfg(test)]
mod tests;
mod tree_cuts;
mod wide;

pub use red_blue::{NotATree, RedBlueTree};

use blocks::{Blocks, Failure};
use bounds::Bounds;

/// How a part's value was found.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "lowercase")]
#[non_exhaustive]
pub enum Method {
    /// All green: the linear Green Hackenbush algorithm.
    Green,
    /// A tree: ordinal sums from the leaves down.
    Tree,
    /// A search over the positions of the part.
    Search,
}

/// One summand of a graph: a part that meets the rest only at the ground.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Part {
    /// Its edges, in input order.
    pub edges: Vec<EdgeIndex>,
    /// How its value was found.
    pub method: Method,
    /// Its value.
    pub value: Game,
    /// How many positions the search valued (0 for the other methods).
    pub positions: usize,
}

/// The value of a graph with coloured edges.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Partizan {
    /// The graph's value: the sum of its parts'.
    pub value: Game,
    /// Who wins it.
    pub outcome: Outcome,
    /// Its summands, ordered by their first edge.
    pub parts: Vec<Part>,
}

/// How much searching is allowed for one part.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// The most edges a part may have to be searched (at most 64).
    pub edges: usize,
    /// The most distinct positions a search may visit: for a red-blue part, the parts
    /// it remembers (each with the numbers hanging from its vertices) and the sets of edges
    /// it meets; with green edges, blocks, each with the values hanging from its
    /// vertices, and the shapes of blocks met (see the module page).
    pub positions: usize,
    /// The most steps (comparisons and sums of games) the values may take, beyond one
    /// per position searched: canonical forms of positions with green edges among red
    /// and blue ones can be huge.
    pub work: u64,
}

impl Budget {
    /// 64 edges, 1,250,000 positions, 1,000,000 steps: seconds, not minutes (a
    /// million steps took 65 ms on a random 300-edge tree in all three colours before
    /// it was refused). A red-blue part's search takes 125 to 150 bytes a position with
    /// everything it keeps (measured at refusals), so a refusal costs 160 to 185 MB, about
    /// the 85 to 195 MB that 750,000 blocks of the block search cost before it; the
    /// Moderately Hard Bed needs about 90,000, and listing the winning cuts of the
    /// 27-edge grids of the benchmarks about 1,050,000 (docs/performance.md). With green
    /// edges the block search takes about 200 bytes a block.
    pub const DEFAULT: Budget = Budget {
        edges: 64,
        positions: 1_250_000,
        work: 1_000_000,
    };
}

impl Default for Budget {
    /// [`Budget::DEFAULT`].
    fn default() -> Budget {
        Budget::DEFAULT
    }
}

/// Why a graph's value was not computed.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Refusal {
    /// A part needs the search and has more edges than the budget allows.
    TooManyEdges {
        /// The part's edges, in input order.
        edges: Vec<EdgeIndex>,
        /// The budget's limit.
        limit: usize,
    },
    /// The search of a part visited more positions than the budget allows.
    TooManyPositions {
        /// The part's edges, in input order.
        edges: Vec<EdgeIndex>,
        /// The budget's limit.
        limit: usize,
    },
    /// A value is deeper than [`MAX_DEPTH`](crate::game::MAX_DEPTH), or its canonical
    /// form takes more than [`Budget::work`] steps to compute.
    TooComplex {
        /// The part's edges, in input order.
        edges: Vec<EdgeIndex>,
        /// Which limit it reached.
        exceeded: Exceeded,
    },
}

impl Refusal {
    /// The part refused, its edges in input order.
    pub fn edges(&self) -> &[EdgeIndex] {
        match self {
            Refusal::TooManyEdges { edges, .. }
            | Refusal::TooManyPositions { edges, .. }
            | Refusal::TooComplex { edges, .. } => edges,
        }
    }
}

/// `its part of 66 edges needs a search over its positions, which is limited to parts of
/// 64 edges`: what was refused and which limit it reached.
impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let n = self.edges().len();
        let s = if n == 1 { "" } else { "s" };
        write!(f, "its part of {n} edge{s} ")?;
        match self {
            Refusal::TooManyEdges { limit, .. } => write!(
                f,
                "needs a search over its positions, which is limited to parts of {limit} edges"
            ),
            Refusal::TooManyPositions { limit, .. } => {
                write!(f, "has more positions than the search's limit of {limit}")
            }
            Refusal::TooComplex {
                exceeded: Exceeded::Depth,
                ..
            } => write!(
                f,
                "has a value more than {} levels deep, beyond what is computed",
                crate::game::MAX_DEPTH
            ),
            Refusal::TooComplex {
                exceeded: Exceeded::Work,
                ..
            } => f.write_str(
                "has a value whose canonical form is too large to compute within the work limit",
            ),
        }
    }
}

impl std::error::Error for Refusal {}

/// The game of one edge: `1` for blue, `-1` for red, `*` for green.
pub fn edge_game(colour: Colour) -> Game {
    match colour {
        Colour::Blue => Game::integer(1),
        Colour::Red => Game::integer(-1),
        Colour::Green => Game::nimber(1),
    }
}

/// The value of `graph`, its outcome and its parts, each by the best method that applies.
///
/// ```
/// use hackenbush::{analysis::partizan, model::Graph, syntax::Colour::*};
///
/// // A blue edge with a red one on top, and a red edge beside them: 1/2 - 1 = -1/2.
/// let graph = Graph::from_coloured_edges(&[0], &[(0, 1, Blue), (1, 2, Red), (0, 3, Red)]);
/// let valued = partizan::analyze(&graph, partizan::Budget::default()).unwrap();
/// assert_eq!(valued.value.to_string(), "-1/2");
/// assert_eq!(valued.outcome.to_string(), "R");
/// ```
pub fn analyze(graph: &Graph, budget: Budget) -> Result<Partizan, Refusal> {
    analyze_observed(graph, budget, &mut |_| {})
}

/// How often a search reports its progress: every this many positions.
pub const PROGRESS_EVERY: usize = 1 << 14;

/// [`analyze`], telling `progress` how many positions a search has valued so far, every
/// [`PROGRESS_EVERY`] positions: for a person watching a long search.
pub fn analyze_observed(
    graph: &Graph,
    budget: Budget,
    progress: &mut dyn FnMut(usize),
) -> Result<Partizan, Refusal> {
    Ok(value_parts(graph, budget, progress, false)?.0)
}

/// [`analyze`] and [`cuts`] at once, telling `progress` how a search goes: each part's
/// cuts are read from the valuation that gave its value (a tree's branches, a search's
/// memo) instead of valuing the part again. Returns the value, the cuts listed and the
/// edges left unlisted, as [`cuts`] does.
///
/// ```
/// use hackenbush::{analysis::partizan, model::Graph, syntax::Colour::*};
///
/// // A blue edge under a red one: 1/2; Left's cut leaves 0, Right's leaves 1.
/// let graph = Graph::from_coloured_edges(&[0], &[(0, 1, Blue), (1, 2, Red)]);
/// let budget = partizan::Budget::default();
/// let (valued, cuts, unlisted) = partizan::analyze_with_cuts(&graph, budget, &mut |_| {})?;
/// assert_eq!(valued.value.to_string(), "1/2");
/// let shown: Vec<String> = cuts.iter().map(|c| c.value_after.to_string()).collect();
/// assert_eq!(shown, ["0", "1"]);
/// assert!(unlisted.is_empty());
/// # Ok::<(), partizan::Refusal>(())
/// ```
pub fn analyze_with_cuts(
    graph: &Graph,
    budget: Budget,
    progress: &mut dyn FnMut(usize),
) -> Result<(Partizan, Vec<Cut>, Vec<EdgeIndex>), Refusal> {
    let (valued, afters) = value_parts(graph, budget, progress, true)?;
    let (listed, unlisted) = with_the_rest(graph, &valued, afters, budget)?;
    Ok((valued, listed, unlisted))
}

/// A part's value after each of its cuts, by edge; `None` for a part left unlisted.
type Afters = Option<Vec<Game>>;

/// What a part's valuation leaves for listing its cuts.
enum Valuation<'a> {
    /// An all-green part: nothing kept.
    Green,
    /// A tree: its branches, leaves first.
    Tree(Vec<Branch>),
    /// A tree too large to list ([`tree_listed`]): nothing kept.
    Unlisted,
    /// A part with cycles: its search, whose memo holds the positions valued.
    Search(Box<PartSearch<'a>>),
}

/// The parts of `graph` valued, and when `listing`, each part's value after each of its
/// cuts by edge (`None` for a part left unlisted).
fn value_parts(
    graph: &Graph,
    budget: Budget,
    progress: &mut dyn FnMut(usize),
    listing: bool,
) -> Result<(Partizan, Vec<Afters>), Refusal> {
    let mut parts = Vec::new();
    let mut afters = Vec::new();
    let mut value = Game::zero();
    let mut calc = Calculator::new(budget.work);
    let mut scratch = PartBuffers::default();
    for edges in split(graph) {
        let complex = |exceeded| Refusal::TooComplex {
            edges: edges.clone(),
            exceeded,
        };
        let mut positions = 0;
        let (method, part_value, valuation) =
            if edges.iter().all(|&e| graph.colour(e) == Colour::Green) {
                let nimber = green_value(graph, &edges, &mut scratch);
                let nimber = u32::try_from(nimber)
                    .ok()
                    .filter(|&n| n < crate::game::MAX_DEPTH)
                    .ok_or_else(|| complex(Exceeded::Depth))?;
                (Method::Green, Game::nimber(nimber), Valuation::Green)
            } else if is_tree(graph, &edges) {
                let listed = listing && tree_listed(graph, &edges);
                let mut branches = Vec::new();
                let kept = listed.then_some(&mut branches);
                let tree =
                    tree_value(graph, &edges, &mut scratch, &mut calc, kept).map_err(complex)?;
                let valuation = match listed {
                    true => Valuation::Tree(branches),
                    false => Valuation::Unlisted,
                };
                (Method::Tree, tree, valuation)
            } else {
                let mut search = PartSearch::of(graph, &edges, budget)?;
                search.set_progress(&mut *progress);
                let all = search.all();
                let value = search
                    .value(all)
                    .map_err(|failure| search_refusal(failure, &edges, budget))?;
                positions = search.positions();
                (Method::Search, value, Valuation::Search(Box::new(search)))
            };
        value = calc.sum(&value, &part_value).map_err(complex)?;
        let part = Part {
            edges,
            method,
            value: part_value,
            positions,
        };
        if listing {
            afters.push(part_cuts(graph, &part, valuation, budget)?);
        }
        parts.push(part);
    }
    let outcome = calc
        .outcome(&value)
        .map_err(|exceeded| Refusal::TooComplex {
            edges: graph.net.edge_indices().collect(),
            exceeded,
        })?;
    let valued = Partizan {
        outcome,
        value,
        parts,
    };
    Ok((valued, afters))
}

/// The most edges an all-green part (in a position with blue or red edges) may have for
/// [`cuts`] to list its moves: its cuts are valued by analysing it again, which is
/// quadratic in its size. Searched parts are listed at any size, trees within
/// [`MAX_LISTED_STEPS`] (and, with green edges, within the [`Budget::work`] of valuing up
/// to this many cuts anew).
pub const MAX_LISTED_EDGES: usize = 1_000;

/// The most steps listing the cuts of a tree may take: the sum over its edges of their
/// distance to the ground, plus one (each a sum and an ordinal sum), times the machine
/// words of the numbers involved (one per 64 levels of the tree's height). A
/// random tree of 10^5 edges takes about a million; a path of 10^4 edges 8 billion (a first
/// build listed it in 39 s: the values after its cuts are 30 MB of digits).
pub const MAX_LISTED_STEPS: u64 = 500_000_000;

/// One cut of a graph: the edge, who may make it, and what the graph is worth after it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cut {
    /// The edge cut.
    pub edge: EdgeIndex,
    /// Its colour: blue for Left, red for Right, green for either.
    pub colour: Colour,
    /// The graph's value after the cut (what falls with the edge is gone).
    pub value_after: Game,
}

/// Every cut of `graph` with the value it leaves, by edge, for the parts of `valued` (the
/// graph's [`analyze`]) that can be listed: searched parts, trees within
/// [`MAX_LISTED_STEPS`] (and, with green edges, whose walks stay within the work of
/// valuing up to [`MAX_LISTED_EDGES`] cuts anew),
/// and all-green parts of at most [`MAX_LISTED_EDGES`] edges; the edges of the others
/// are returned apart, unlisted. A searched part's cuts are read from a
/// search, a tree's from one valuation of it ([`analyze_with_cuts`] reuses those of the
/// value instead).
///
/// ```
/// use hackenbush::{analysis::partizan, model::Graph, syntax::Colour::*};
///
/// // A blue edge under a red one: Left's cut leaves 0, Right's leaves 1.
/// let graph = Graph::from_coloured_edges(&[0], &[(0, 1, Blue), (1, 2, Red)]);
/// let valued = partizan::analyze(&graph, partizan::Budget::default()).unwrap();
/// let (cuts, unlisted) = partizan::cuts(&graph, &valued, partizan::Budget::default()).unwrap();
/// let shown: Vec<String> = cuts.iter().map(|c| c.value_after.to_string()).collect();
/// assert_eq!(shown, ["0", "1"]);
/// assert!(unlisted.is_empty());
/// ```
pub fn cuts(
    graph: &Graph,
    valued: &Partizan,
    budget: Budget,
) -> Result<(Vec<Cut>, Vec<EdgeIndex>), Refusal> {
    cuts_observed(graph, valued, budget, &mut |_| {})
}

/// [`cuts`], telling `progress` how many positions a search has valued so far, as
/// [`analyze_observed`] does.
pub fn cuts_observed(
    graph: &Graph,
    valued: &Partizan,
    budget: Budget,
    progress: &mut dyn FnMut(usize),
) -> Result<(Vec<Cut>, Vec<EdgeIndex>), Refusal> {
    let mut afters = Vec::with_capacity(valued.parts.len());
    for part in &valued.parts {
        let complex = |exceeded| Refusal::TooComplex {
            edges: part.edges.clone(),
            exceeded,
        };
        let valuation = match part.method {
            Method::Green => Valuation::Green,
            Method::Tree if tree_listed(graph, &part.edges) => {
                Valuation::Tree(tree_branches(graph, &part.edges, budget.work).map_err(complex)?)
            }
            Method::Tree => Valuation::Unlisted,
            Method::Search => {
                let mut search = PartSearch::of(graph, &part.edges, budget)?;
                search.set_progress(&mut *progress);
                Valuation::Search(Box::new(search))
            }
        };
        afters.push(part_cuts(graph, part, valuation, budget)?);
    }
    with_the_rest(graph, valued, afters, budget)
}

/// The part's value after each of its cuts, by edge, from its valuation; `None` when the
/// part is too large to list (see [`cuts`]).
fn part_cuts(
    graph: &Graph,
    part: &Part,
    valuation: Valuation<'_>,
    budget: Budget,
) -> Result<Afters, Refusal> {
    let small = part.edges.len() <= MAX_LISTED_EDGES;
    match valuation {
        Valuation::Search(mut search) => searched_cuts(&mut search, &part.edges, budget).map(Some),
        Valuation::Green if small => reanalysed_cuts(graph, &part.edges, budget).map(Some),
        Valuation::Green => Ok(None),
        Valuation::Unlisted => Ok(None),
        Valuation::Tree(branches) => {
            // Canonical forms with green edges can grow without end, and the value is
            // known all the same: the walks get the work that valuing each of up to
            // MAX_LISTED_EDGES cuts anew within the budget took before them.
            let cuts = part.edges.len().min(MAX_LISTED_EDGES) as u64;
            let mut calc = Calculator::new(budget.work.saturating_mul(cuts));
            Ok(tree_cuts::tree_cuts(graph, &part.edges, &part.value, &branches, &mut calc).ok())
        }
    }
}

/// Whether the cuts of the tree part `edges` are listed: within [`MAX_LISTED_STEPS`].
fn tree_listed(graph: &Graph, edges: &[EdgeIndex]) -> bool {
    tree_cuts::steps(graph, edges) <= MAX_LISTED_STEPS
}

/// The cuts of the parts, each part's values after its cuts (`afters`, by part; `None`
/// unlisted) made the graph's by adding the other parts' values, found once from the
/// sums of the parts before and after each.
fn with_the_rest(
    graph: &Graph,
    valued: &Partizan,
    afters: Vec<Afters>,
    budget: Budget,
) -> Result<(Vec<Cut>, Vec<EdgeIndex>), Refusal> {
    let mut calc = Calculator::new(budget.work);
    let values: Vec<Game> = valued.parts.iter().map(|p| p.value.clone()).collect();
    let mut listed = Vec::new();
    let mut unlisted = Vec::new();
    let mut cuts: Vec<(usize, &Game)> = Vec::new();
    for (k, (part, after)) in valued.parts.iter().zip(&afters).enumerate() {
        match after {
            Some(after) => {
                for (&edge, value) in part.edges.iter().zip(after) {
                    listed.push(Cut {
                        edge,
                        colour: graph.colour(edge),
                        value_after: Game::zero(),
                    });
                    cuts.push((k, value));
                }
            }
            None => unlisted.extend(&part.edges),
        }
    }
    let whole = calc
        .sums_with_one_replaced(&values, cuts)
        .map_err(|exceeded| Refusal::TooComplex {
            edges: graph.net.edge_indices().collect(),
            exceeded,
        })?;
    for (cut, value) in listed.iter_mut().zip(whole) {
        cut.value_after = value.expect("a cut of one of the parts");
    }
    listed.sort_by_key(|cut| cut.edge);
    unlisted.sort();
    Ok((listed, unlisted))
}

/// The part's value after each of its cuts, by analysing it again without the edge.
fn reanalysed_cuts(
    graph: &Graph,
    edges: &[EdgeIndex],
    budget: Budget,
) -> Result<Vec<Game>, Refusal> {
    let all: Vec<(u32, u32, Colour)> = edges
        .iter()
        .map(|&e| {
            let (a, b) = graph.net.edge_endpoints(e).expect("an edge of the graph");
            (a.index() as u32, b.index() as u32, graph.colour(e))
        })
        .collect();
    let mut values = Vec::with_capacity(all.len());
    for i in 0..all.len() {
        let mut without = all.clone();
        without.remove(i);
        // Node 0 is the fused ground, so the node indices serve as vertex ids.
        let rest = Graph::from_coloured_edges(&[0], &without);
        values.push(analyze(&rest, budget)?.value);
    }
    Ok(values)
}

/// The part's value after each of its cuts, read from its search (the memo of the
/// value's search, when it is the one that valued the part).
fn searched_cuts(
    search: &mut PartSearch<'_>,
    edges: &[EdgeIndex],
    budget: Budget,
) -> Result<Vec<Game>, Refusal> {
    let all = search.all();
    let failed = |failure| search_refusal(failure, edges, budget);
    let mut values = Vec::with_capacity(edges.len());
    for i in 0..edges.len() {
        let after = search.board().attached(all & !(1 << i));
        values.push(search.value(after).map_err(failed)?);
    }
    Ok(values)
}

/// Buffers reused from part to part, sized by the graph's nodes once.
#[derive(Default)]
struct PartBuffers {
    /// The memory of the [`Numbering`] of the current part's nodes.
    local: Vec<u32>,
    green: green::Workspace,
    ends: Vec<u32>,
}

/// The parts of `graph` that touch the ground, each as its edges in input order.
fn split(graph: &Graph) -> Vec<Vec<EdgeIndex>> {
    let net = &graph.net;
    let ground = Graph::ground();
    let inner = |e: &petgraph::graph::EdgeReference<'_, u32>| {
        [e.source(), e.target()].into_iter().find(|&n| n != ground)
    };
    // The nodes joined by the edges that avoid the ground.
    let mut joined = UnionFind::<usize>::new(net.node_count());
    for e in net.edge_references() {
        if e.source() != ground && e.target() != ground {
            joined.union(e.source().index(), e.target().index());
        }
    }
    // Which sets an edge at the ground reaches: the others fall at once.
    let mut touches = vec![false; net.node_count()];
    for e in net.edge_references() {
        if (e.source() == ground || e.target() == ground)
            && let Some(n) = inner(&e)
        {
            touches[joined.find(n.index())] = true;
        }
    }
    // A part per set that touches the ground, and one per loop at the ground.
    let mut part_of = vec![usize::MAX; net.node_count()];
    let mut parts: Vec<Vec<EdgeIndex>> = Vec::new();
    for e in net.edge_references() {
        let Some(n) = inner(&e) else {
            parts.push(vec![e.id()]);
            continue;
        };
        let root = joined.find(n.index());
        if !touches[root] {
            continue;
        }
        if part_of[root] == usize::MAX {
            part_of[root] = parts.len();
            parts.push(Vec::new());
        }
        parts[part_of[root]].push(e.id());
    }
    parts
}

/// Numbers the nodes of a part by the one [`Numbering`] (the ground 0, the others in
/// order of first mention by its edges), leaving the local ends of its edges, two per
/// edge in order, in `scratch.ends`; returns the nodes by number.
fn number_nodes(graph: &Graph, edges: &[EdgeIndex], scratch: &mut PartBuffers) -> Vec<NodeIndex> {
    let table = std::mem::take(&mut scratch.local);
    let mut numbering = Numbering::reusing(table, graph.net.node_count(), 2 * edges.len());
    numbering.ground(Graph::ground().index() as u32);
    let mut nodes = vec![Graph::ground()];
    scratch.ends.clear();
    for &e in edges {
        let (a, b) = graph.net.edge_endpoints(e).expect("an edge of the graph");
        for n in [a, b] {
            let (number, new) = numbering.number(n.index() as u32);
            if new {
                nodes.push(n);
            }
            scratch.ends.push(number);
        }
    }
    scratch.local = numbering.into_table();
    nodes
}

fn green_value(graph: &Graph, edges: &[EdgeIndex], scratch: &mut PartBuffers) -> u64 {
    let nodes = number_nodes(graph, edges, scratch);
    green::value(nodes.len() as u32, &scratch.ends, &mut scratch.green)
}

/// Whether the part's edges other than loops form a tree with the ground (a connected
/// part with one edge fewer than vertices).
fn is_tree(graph: &Graph, edges: &[EdgeIndex]) -> bool {
    let mut nodes: Vec<NodeIndex> = Vec::new();
    let mut links = 0;
    for &e in edges {
        let (a, b) = graph.net.edge_endpoints(e).expect("an edge of the graph");
        if a != b {
            links += 1;
            nodes.extend([a, b]);
        }
    }
    nodes.push(Graph::ground());
    nodes.sort_unstable();
    nodes.dedup();
    links + 1 == nodes.len()
}

/// One branch of a tree part, as the ordinal-sum recursion valued it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Branch {
    /// The branch's edge (a loop is a twig of its colour).
    pub edge: EdgeIndex,
    /// The end of the edge away from the ground.
    pub top: NodeIndex,
    /// What the vertex `top` is worth: the sum of the branches above it (0 for a loop).
    pub above: Game,
    /// The branch's value: the edge's game `:` `above`.
    pub value: Game,
}

/// The branches of a tree part (a [`Part`] whose method is [`Method::Tree`]) in the
/// order the recursion values them, from the leaves down: each vertex's branches come
/// before the branch below it. Within `work` steps of the [`Calculator`].
pub fn tree_branches(
    graph: &Graph,
    edges: &[EdgeIndex],
    work: u64,
) -> Result<Vec<Branch>, Exceeded> {
    let mut branches = Vec::new();
    tree_value(
        graph,
        edges,
        &mut PartBuffers::default(),
        &mut Calculator::new(work),
        Some(&mut branches),
    )?;
    Ok(branches)
}

/// The ordinal-sum recursion on a tree part, with no recursion in the code: a
/// depth-first order from the ground, then each vertex's value from the last visited to
/// the first, each adding its branch to its parent's. Each branch goes to `branches`
/// when it is given.
fn tree_value(
    graph: &Graph,
    edges: &[EdgeIndex],
    scratch: &mut PartBuffers,
    calc: &mut Calculator,
    mut branches: Option<&mut Vec<Branch>>,
) -> Result<Game, Exceeded> {
    let nodes = number_nodes(graph, edges, scratch);
    let n = nodes.len();
    // Adjacency of the local nodes, loops kept apart as twigs of their vertex.
    let mut value: Vec<Game> = vec![Game::zero(); n];
    let mut adjacent: Vec<Vec<(u32, EdgeIndex)>> = vec![Vec::new(); n];
    for (&e, ends) in edges.iter().zip(scratch.ends.chunks_exact(2)) {
        let (a, b) = (ends[0], ends[1]);
        let twig = edge_game(graph.colour(e));
        if a == b {
            value[a as usize] = calc.sum(&value[a as usize], &twig)?;
            if let Some(branches) = branches.as_deref_mut() {
                branches.push(Branch {
                    edge: e,
                    top: nodes[a as usize],
                    above: Game::zero(),
                    value: twig,
                });
            }
        } else {
            adjacent[a as usize].push((b, e));
            adjacent[b as usize].push((a, e));
        }
    }
    // Preorder from the ground, each vertex with its parent and the edge between.
    let mut order: Vec<(u32, u32, EdgeIndex)> = Vec::with_capacity(n);
    let mut seen = vec![false; n];
    let mut stack = vec![(0u32, u32::MAX, EdgeIndex::end())];
    seen[0] = true;
    while let Some((v, parent, edge)) = stack.pop() {
        order.push((v, parent, edge));
        for &(w, e) in &adjacent[v as usize] {
            if !seen[w as usize] {
                seen[w as usize] = true;
                stack.push((w, v, e));
            }
        }
    }
    let colour = |e| graph.colour(e);
    fold_branches(
        &order,
        &mut value,
        colour,
        calc,
        |v, edge, above, branch| {
            if let Some(branches) = branches.as_deref_mut() {
                branches.push(Branch {
                    edge,
                    top: nodes[v as usize],
                    above,
                    value: branch.clone(),
                });
            }
        },
    )
}

/// The ordinal-sum recursion once a tree is laid out, shared by whole parts and by the
/// search's positions: `value[v]` holds what vertex `v`'s loops are worth, and `order` is
/// a preorder from the ground (vertex 0, first) of each vertex with its parent and the
/// edge between. From the last vertex to the first, each vertex's value (the sum of its
/// branches) becomes a branch, its edge's game `:` that value, added to its parent's.
/// Each branch goes to `on_branch` (the vertex above the edge, the edge, what the vertex
/// is worth, the branch's value). Returns the ground's value.
fn fold_branches<E: Copy>(
    order: &[(u32, u32, E)],
    value: &mut [Game],
    colour: impl Fn(E) -> Colour,
    calc: &mut Calculator,
    mut on_branch: impl FnMut(u32, E, Game, &Game),
) -> Result<Game, Exceeded> {
    for &(v, parent, edge) in order.iter().skip(1).rev() {
        let above = std::mem::replace(&mut value[v as usize], Game::zero());
        let branch = calc.ordinal_sum(&edge_game(colour(edge)), &above)?;
        value[parent as usize] = calc.sum(&value[parent as usize], &branch)?;
        on_branch(v, edge, above, &branch);
    }
    Ok(std::mem::replace(&mut value[0], Game::zero()))
}

/// The search of one part: on machine-word numbers while the part is red-blue and its
/// values fit, on canonical games otherwise (from the start again, if a number
/// overflowed).
struct PartSearch<'a> {
    nodes: usize,
    ends: Vec<(u32, u32)>,
    colours: Vec<Colour>,
    budget: Budget,
    kind: Kind<'a>,
    /// Blocks searched by searches no longer kept: on numbers before the search moved to
    /// games, and of the rests of cores left.
    earlier: usize,
    /// The green edges, as bits.
    green: u64,
    /// For a part with green edges: the search of the red-blue cores of its positions
    /// ([`mixed`]), made when first needed.
    core: Option<Box<Bounds<'a>>>,
    /// For a part with green edges: the searches of the rests of its positions, by core:
    /// that of the first core met (the value's, which most cuts keep) and that of the
    /// last other one (a cut of the core makes a core met once), so that at most two
    /// memories are kept.
    rests: Vec<(u64, Blocks<'a, Game>)>,
}

/// A part as both searches take it: its nodes numbered from 0 (the ground), each edge's
/// ends in that numbering and its colour, in the part's edge order.
struct Local {
    nodes: usize,
    ends: Vec<(u32, u32)>,
    colours: Vec<Colour>,
}

impl Local {
    /// The part `edges` of `graph`, or a refusal if it has more edges than the budget
    /// allows a search.
    fn of(graph: &Graph, edges: &[EdgeIndex], budget: Budget) -> Result<Local, Refusal> {
        let limit = budget.edges.min(64);
        if edges.len() > limit {
            return Err(Refusal::TooManyEdges {
                edges: edges.to_vec(),
                limit,
            });
        }
        let mut scratch = PartBuffers::default();
        let nodes = number_nodes(graph, edges, &mut scratch).len();
        let ends = (scratch.ends.chunks_exact(2))
            .map(|ends| (ends[0], ends[1]))
            .collect();
        let colours = edges.iter().map(|&e| graph.colour(e)).collect();
        Ok(Local {
            nodes,
            ends,
            colours,
        })
    }
}

/// One search lives per part, so the two sizes cost nothing worth a box.
#[allow(clippy::large_enum_variant)]
enum Kind<'a> {
    Numbers(Bounds<'a>),
    Games(Blocks<'a, Game>),
}

impl<'a> PartSearch<'a> {
    /// The search of a part, or a refusal if it has more edges than the budget allows.
    fn of(graph: &Graph, edges: &[EdgeIndex], budget: Budget) -> Result<PartSearch<'a>, Refusal> {
        let Local {
            nodes,
            ends,
            colours,
        } = Local::of(graph, edges, budget)?;
        let mut search = PartSearch {
            nodes,
            ends,
            colours,
            budget,
            kind: Kind::Numbers(Bounds::new(0, Vec::new(), Vec::new(), 0)),
            earlier: 0,
            green: 0,
            core: None,
            rests: Vec::new(),
        };
        search.green = colour_bits(&search.colours, Colour::Green);
        search.kind = if search.green != 0 {
            Kind::Games(search.games())
        } else {
            Kind::Numbers(Bounds::new(
                nodes,
                search.ends.clone(),
                search.colours.clone(),
                budget.positions,
            ))
        };
        Ok(search)
    }

    fn games(&self) -> Blocks<'a, Game> {
        // Every block searched is a step of its own: the positions have their own limit,
        // and the work limit is for what comes on top of them.
        let work = self
            .budget
            .work
            .saturating_add(self.budget.positions as u64);
        Blocks::new(
            self.nodes,
            self.ends.clone(),
            self.colours.clone(),
            Calculator::new(work),
            self.budget.positions,
        )
    }

    fn set_progress(&mut self, progress: &'a mut dyn FnMut(usize)) {
        match &mut self.kind {
            Kind::Numbers(search) => search.progress = Some(progress),
            Kind::Games(search) => search.progress = Some(progress),
        }
    }

    /// Every edge standing.
    fn all(&self) -> u64 {
        match self.colours.len() {
            64 => u64::MAX,
            n => (1u64 << n) - 1,
        }
    }

    fn board(&self) -> &Board {
        match &self.kind {
            Kind::Numbers(search) => &search.board,
            Kind::Games(search) => &search.board,
        }
    }

    /// How many blocks were searched.
    fn positions(&self) -> usize {
        self.earlier
            + self
                .rests
                .iter()
                .map(|(_, rest)| rest.positions())
                .sum::<usize>()
            + self.core.as_ref().map_or(0, |core| core.positions())
            + match &self.kind {
                Kind::Numbers(search) => search.positions(),
                Kind::Games(search) => search.positions(),
            }
    }

    /// What its searches kept count against its budget, together: each search may
    /// count what the others have not ([`PartSearch::share`]).
    fn counted(&self) -> usize {
        self.core.as_ref().map_or(0, |core| core.counted())
            + self.rests.iter().map(|(_, r)| r.counted()).sum::<usize>()
            + self.kind_counted()
    }

    /// What the part's main search counts against its budget.
    fn kind_counted(&self) -> usize {
        match &self.kind {
            Kind::Numbers(search) => search.counted(),
            Kind::Games(search) => search.counted(),
        }
    }

    /// The limit of a search of the part that counts `own` now: the budget less what the
    /// others count.
    fn share(&self, own: usize) -> usize {
        (self.budget.positions).saturating_sub(self.counted() - own)
    }

    /// The value of the attached position `mask`.
    fn value(&mut self, mask: u64) -> Result<Game, Failure> {
        if let Kind::Numbers(search) = &mut self.kind {
            match search.value(mask) {
                Ok(x) => return Ok(Game::number(x.to_dyadic())),
                Err(Failure::Overflow) => {
                    let progress = search.progress.take();
                    self.earlier += search.positions();
                    let mut games = self.games();
                    games.progress = progress;
                    self.kind = Kind::Games(games);
                }
                Err(failure) => return Err(failure),
            }
        }
        if let Some(value) = self.by_core(mask)? {
            return Ok(value);
        }
        let limit = self.share(self.kind_counted());
        match &mut self.kind {
            Kind::Games(games) => {
                games.limit = limit;
                games.value(mask)
            }
            Kind::Numbers(_) => unreachable!("numbers give way to games above"),
        }
    }

    /// The value of the attached position `mask` of a part with green edges as its core's
    /// number plus the value of its rest with the core made ground ([`mixed`]); `None`
    /// when it has no core, no rest, or a core whose numbers outgrow a word. The rests of
    /// the positions with one core are searched by one block search, on the part's edges
    /// with that core's vertices made ground, so that the cuts listed after the value
    /// find the rests valued with it. The searches share the part's budget: one
    /// calculator counts their work, and each may count what the others have not.
    fn by_core(&mut self, mask: u64) -> Result<Option<Game>, Failure> {
        let Kind::Games(games) = &self.kind else {
            return Ok(None);
        };
        let standing = games.board.attached(mask);
        let core = mixed::core(&games.board, self.green, standing, 0);
        let rest = standing & !core;
        if core == 0 || rest == 0 {
            return Ok(None);
        }
        if self.core.is_none() {
            let (ends, colours) = (self.ends.clone(), self.colours.clone());
            self.core = Some(Box::new(Bounds::new(self.nodes, ends, colours, 0)));
        }
        let limit = self.share(self.core.as_ref().map_or(0, |c| c.counted()));
        let numbers = self.core.as_mut().expect("made above");
        numbers.limit = limit;
        let x = match numbers.value(core) {
            Ok(x) => Game::number(x.to_dyadic()),
            Err(Failure::Overflow) => return Ok(None),
            Err(failure) => return Err(failure),
        };
        let slot = match self.rests.iter().position(|&(known, _)| known == core) {
            Some(slot) => slot,
            None => {
                let ends = mixed::grounded(self.board(), core);
                // Its calculator is the part's, lent for each valuation.
                let calc = Calculator::new(0);
                let colours = self.colours.clone();
                let search = Blocks::new(self.nodes, ends, colours, calc, 0);
                self.earlier += self.rests.get(1).map_or(0, |(_, rest)| rest.positions());
                self.rests.truncate(1);
                self.rests.push((core, search));
                self.rests.len() - 1
            }
        };
        let limit = self.share(self.rests[slot].1.counted());
        let Kind::Games(games) = &mut self.kind else {
            unreachable!("a part with green edges is searched on games");
        };
        let rests = &mut self.rests[slot].1;
        rests.limit = limit;
        rests.progress = games.progress.take();
        std::mem::swap(&mut rests.cx, &mut games.cx);
        let value = rests.value(rest);
        std::mem::swap(&mut rests.cx, &mut games.cx);
        games.progress = rests.progress.take();
        let value = games.cx.sum(&x, &value?).map_err(Failure::Exceeded)?;
        Ok(Some(value))
    }
}

fn search_refusal(failure: Failure, edges: &[EdgeIndex], budget: Budget) -> Refusal {
    match failure {
        Failure::Positions => Refusal::TooManyPositions {
            edges: edges.to_vec(),
            limit: budget.positions,
        },
        Failure::Exceeded(exceeded) => Refusal::TooComplex {
            edges: edges.to_vec(),
            exceeded,
        },
        Failure::Overflow => unreachable!("a search on numbers gives way to games"),
    }
}

/// The edges of a part as bits, and what stays attached to the ground after a cut.
pub(crate) struct Board {
    ends: Vec<(u32, u32)>,
    /// Per node, the bits of the edges at it.
    at: Vec<u64>,
}

/// Nodes a [`Board`] may have: 64 edges touch at most 65 nodes, the ground among them.
const NODES: usize = 65;

/// "None" in the arrays of [`LowLinks`].
const NONE: u32 = u32::MAX;

/// The edges of `colour` among `colours` (at most 64), as bits.
fn colour_bits(colours: &[Colour], colour: Colour) -> u64 {
    (colours.iter().enumerate())
        .filter(|&(_, &c)| c == colour)
        .fold(0, |bits, (i, _)| bits | 1 << i)
}

/// What [`Board::low_links`] finds: per node (by index) its preorder number ([`NONE`]
/// if not reached), its low link, its parent and the edge to it ([`NONE`] for the root
/// and for nodes not reached); and the nodes reached, in preorder, `order[..count]`.
pub(crate) struct LowLinks {
    pub(crate) pre: [u32; NODES],
    pub(crate) low: [u32; NODES],
    pub(crate) parent: [u32; NODES],
    pub(crate) parent_edge: [u32; NODES],
    pub(crate) order: [u32; NODES],
    pub(crate) count: usize,
}

impl Board {
    pub(crate) fn new(nodes: usize, ends: Vec<(u32, u32)>) -> Board {
        let mut at = vec![0u64; nodes];
        for (i, &(a, b)) in ends.iter().enumerate() {
            at[a as usize] |= 1 << i;
            at[b as usize] |= 1 << i;
        }
        Board { ends, at }
    }

    /// A depth-first search with low links (Tarjan) over the edges of `mask` from `root`,
    /// on fixed arrays: no recursion, no allocation.
    pub(crate) fn low_links(&self, mask: u64, root: u32) -> LowLinks {
        let mut dfs = LowLinks {
            pre: [NONE; NODES],
            low: [0; NODES],
            parent: [NONE; NODES],
            parent_edge: [NONE; NODES],
            order: [0; NODES],
            count: 1,
        };
        let mut stack = [(0u32, 0u64); NODES];
        dfs.pre[root as usize] = 0;
        dfs.order[0] = root;
        stack[0] = (root, self.at[root as usize] & mask);
        let mut len = 1;
        while len > 0 {
            let (v, rest) = stack[len - 1];
            if rest == 0 {
                len -= 1;
                if len > 0 {
                    let p = stack[len - 1].0 as usize;
                    dfs.low[p] = dfs.low[p].min(dfs.low[v as usize]);
                }
                continue;
            }
            let i = rest.trailing_zeros();
            stack[len - 1].1 = rest & (rest - 1);
            let (a, b) = self.ends[i as usize];
            if a == b || i == dfs.parent_edge[v as usize] {
                continue;
            }
            let w = if a == v { b } else { a };
            if dfs.pre[w as usize] == NONE {
                let count = dfs.count as u32;
                dfs.pre[w as usize] = count;
                dfs.low[w as usize] = count;
                dfs.order[dfs.count] = w;
                dfs.count += 1;
                dfs.parent[w as usize] = v;
                dfs.parent_edge[w as usize] = i;
                stack[len] = (w, self.at[w as usize] & mask);
                len += 1;
            } else {
                dfs.low[v as usize] = dfs.low[v as usize].min(dfs.pre[w as usize]);
            }
        }
        dfs
    }

    /// The edges of `mask` reachable from `from` without passing through the ground
    /// (node 0), or from the ground itself when `from` is 0.
    #[cfg(test)]
    fn reach(&self, mask: u64, from: u32) -> u64 {
        self.reach_from(mask, from, 0)
    }

    /// The edges of `mask` reachable from `from` without passing through `barrier` (a
    /// node, or `u32::MAX` for none).
    pub(super) fn reach_from(&self, mask: u64, from: u32, barrier: u32) -> u64 {
        let mut reached = 0u64;
        let mut visited = 1u128 << from;
        // At most 65 nodes, each pushed once: a stack of fixed size, no allocation (this
        // runs for every cut of every position searched).
        let mut stack = [0u32; 66];
        stack[0] = from;
        let mut len = 1;
        while len > 0 {
            len -= 1;
            let v = stack[len];
            let mut edges = self.at[v as usize] & mask & !reached;
            while edges != 0 {
                let i = edges.trailing_zeros();
                edges &= edges - 1;
                reached |= 1 << i;
                let (a, b) = self.ends[i as usize];
                let w = if a == v { b } else { a };
                if w != barrier && visited & (1 << w) == 0 {
                    visited |= 1 << w;
                    stack[len] = w;
                    len += 1;
                }
            }
        }
        reached
    }

    /// What is left standing of `mask`: the edges still connected to the ground.
    pub(crate) fn attached(&self, mask: u64) -> u64 {
        self.reach_from(mask, 0, u32::MAX)
    }

    #[cfg(test)]
    /// What stays attached after each cut of an attached `mask`, by edge index: cutting
    /// an edge on a cycle (or a loop) removes only that edge, cutting a bridge removes
    /// everything above it too. One depth-first search with low links (Tarjan's bridges),
    /// on fixed arrays, instead of a search from the ground per cut.
    fn afters(&self, mask: u64, after: &mut [u64; 64]) {
        let LowLinks {
            pre,
            low,
            parent,
            parent_edge,
            order,
            count,
        } = self.low_links(mask, 0);
        // The nodes above each node (its subtree), leaves first.
        let mut above = [0u128; NODES];
        for &v in order[1..count].iter().rev() {
            let v = v as usize;
            above[v] |= 1 << v;
            above[parent[v] as usize] |= above[v];
        }
        let mut edges = mask;
        while edges != 0 {
            let i = edges.trailing_zeros() as usize;
            edges &= edges - 1;
            let (a, b) = self.ends[i];
            // A tree edge whose upper end reaches no higher than itself is a bridge.
            let child = [a, b]
                .into_iter()
                .find(|&c| c != 0 && parent_edge[c as usize] == i as u32);
            after[i] = match child {
                Some(c) if low[c as usize] == pre[c as usize] => {
                    let mut fallen = 0u64;
                    let mut nodes = above[c as usize];
                    while nodes != 0 {
                        fallen |= self.at[nodes.trailing_zeros() as usize];
                        nodes &= nodes - 1;
                    }
                    mask & !fallen & !(1 << i)
                }
                _ => mask & !(1 << i),
            };
        }
    }

    #[cfg(test)]
    /// Whether the edges of an attached, connected `mask`, loops aside, form a tree with
    /// the ground: one edge fewer than the vertices they touch.
    fn is_tree(&self, mask: u64) -> bool {
        let mut nodes = 1u128;
        let mut links = 0;
        let mut edges = mask;
        while edges != 0 {
            let (a, b) = self.ends[edges.trailing_zeros() as usize];
            edges &= edges - 1;
            if a != b {
                links += 1;
                nodes |= (1 << a) | (1 << b);
            }
        }
        links + 1 == nodes.count_ones()
    }

    #[cfg(test)]
    /// The value of a tree `mask` ([`Board::is_tree`]) by ordinal sums from the leaves
    /// down ([`fold_branches`], as for a whole part).
    fn tree_value(
        &self,
        mask: u64,
        colours: &[Colour],
        calc: &mut Calculator,
    ) -> Result<Game, Exceeded> {
        // Preorder from the ground: each vertex with its parent and the edge between.
        let mut order: Vec<(u32, u32, u32)> = Vec::new();
        let mut value: Vec<Game> = vec![Game::zero(); self.at.len()];
        let mut stack = vec![(0u32, u32::MAX, u32::MAX)];
        let mut seen = 1u128;
        while let Some((v, parent, edge)) = stack.pop() {
            order.push((v, parent, edge));
            let mut edges = self.at[v as usize] & mask;
            while edges != 0 {
                let i = edges.trailing_zeros();
                edges &= edges - 1;
                let (a, b) = self.ends[i as usize];
                if a == b {
                    let twig = edge_game(colours[i as usize]);
                    value[v as usize] = calc.sum(&value[v as usize], &twig)?;
                    continue;
                }
                let w = if a == v { b } else { a };
                if seen & (1 << w) == 0 {
                    seen |= 1 << w;
                    stack.push((w, v, i));
                }
            }
        }
        let colour = |i: u32| colours[i as usize];
        fold_branches(&order, &mut value, colour, calc, |_, _, _, _| {})
    }

    #[cfg(test)]
    /// The summand of an attached, non-empty `mask` that holds its lowest edge: its part
    /// that meets the rest only at the ground.
    fn summand_of_lowest(&self, mask: u64) -> u64 {
        let i = mask.trailing_zeros();
        let (a, b) = self.ends[i as usize];
        if a == 0 && b == 0 {
            1 << i
        } else {
            self.reach(mask, if a == 0 { b } else { a })
        }
    }
}

/// The plain search over edge sets that [`blocks`] replaced, kept as the tests' oracle:
/// every position keyed by its edges, every option valued as a game.
#[cfg(test)]
struct Search<'a> {
    /// Told how many positions are valued, every [`PROGRESS_EVERY`].
    progress: Option<&'a mut dyn FnMut(usize)>,
    calc: Calculator,
    board: Board,
    colours: Vec<Colour>,
    /// hashbrown's default hasher (foldhash): the standard library's SipHash took a
    /// tenth of a search's time on its 64-bit keys.
    memo: hashbrown::HashMap<u64, Game>,
    limit: usize,
}

#[cfg(test)]
impl<'a> Search<'a> {
    /// The search of a part, or a refusal if it has more edges than the budget allows.
    fn of(graph: &Graph, edges: &[EdgeIndex], budget: Budget) -> Result<Search<'a>, Refusal> {
        let Local {
            nodes,
            ends,
            colours,
        } = Local::of(graph, edges, budget)?;
        Ok(Search {
            progress: None,
            // Every position valued is a step of its own: the positions have their own
            // limit, and the work limit is for what comes on top of them.
            calc: Calculator::new(budget.work.saturating_add(budget.positions as u64)),
            board: Board::new(nodes, ends),
            colours,
            memo: hashbrown::HashMap::new(),
            limit: budget.positions,
        })
    }

    /// The value of the attached position `mask`. Recursion here is bounded by the
    /// number of edges (at most 64), not by the shape of the input.
    fn value(&mut self, mask: u64) -> Result<Game, Failure> {
        if mask == 0 {
            return Ok(Game::zero());
        }
        if let Some(known) = self.memo.get(&mask) {
            return Ok(known.clone());
        }
        // The summands one by one, the first found before knowing whether there are more.
        let first = self.board.summand_of_lowest(mask);
        let value = if first != mask {
            let mut total = self.value(first)?;
            let mut left = mask & !first;
            while left != 0 {
                let part = self.board.summand_of_lowest(left);
                left &= !part;
                let part = self.value(part)?;
                total = self.calc.sum(&total, &part).map_err(Failure::Exceeded)?;
            }
            total
        } else if self.board.is_tree(mask) {
            // No cycle is left: the tree rule values it without its positions.
            self.board
                .tree_value(mask, &self.colours, &mut self.calc)
                .map_err(Failure::Exceeded)?
        } else {
            let (mut left, mut right) = (Vec::new(), Vec::new());
            let mut afters = [0u64; 64];
            self.board.afters(mask, &mut afters);
            let mut edges = mask;
            while edges != 0 {
                let i = edges.trailing_zeros();
                edges &= edges - 1;
                let after = self.value(afters[i as usize])?;
                match self.colours[i as usize] {
                    Colour::Blue => left.push(after),
                    Colour::Red => right.push(after),
                    Colour::Green => {
                        left.push(after.clone());
                        right.push(after);
                    }
                }
            }
            self.calc
                .from_options(left, right)
                .map_err(Failure::Exceeded)?
        };
        if self.memo.len() >= self.limit {
            return Err(Failure::Positions);
        }
        self.memo.insert(mask, value.clone());
        if self.memo.len().is_multiple_of(PROGRESS_EVERY)
            && let Some(progress) = self.progress.as_deref_mut()
        {
            progress(self.memo.len());
        }
        Ok(value)
    }
}
