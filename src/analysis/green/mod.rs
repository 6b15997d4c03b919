//! The Green core: a green graph's Grundy value, its counts and its winning cuts, each
//! computed once, on one representation.
//!
//! # The representation
//!
//! A graph is `(vertices, ends)`: vertex ids `0..vertices`, vertex 0 the (fused) ground,
//! and edge `i` joining `ends[2 * i]` and `ends[2 * i + 1]` (loops and parallel edges
//! allowed; ids at or beyond `vertices` are not). It is what the judge reads from a
//! christmas file with no model at all, and what the [model](crate::model) already is:
//! its node 0 is the fused ground and its edge `j` is input edge `j`
//! ([`ends_of`]). A vertex count far beyond the ids used (a judge file may claim
//! `m = 4000000000`) is renumbered first (by the one [`Numbering`]), so memory follows the edges.
//!
//! # The passes
//!
//! - **The peeling** ([`search`]): pendant trees are taken off leaf by leaf, each
//!   vertex knowing its one neighbour by the XOR of its neighbours' ids (no adjacency
//!   lists), and every cycle hanging from a single vertex (a Christmas Game polygon) is
//!   folded into it (Fusion Principle); a leaf hands its value plus one to its neighbour
//!   (Colon Principle). On judge data (trees with polygons) nothing is left.
//! - **The value** ([`value`], [`counts`]; [`search`]): one iterative depth-first search on what the
//!   peeling left, by the recurrence of the breakdown ([`analyze`](super::analyze)) folded
//!   into the search, bridges by Tarjan's low-link rule.
//! - **The winning cuts** ([`cuts_to`], [`Workspace::search`] and [`Workspace::cuts`]):
//!   the same peeling, keeping the order it took things off in, then requirements across
//!   bridges and 2-edge-cut classes by random circulation labels
//!   ([`cuts`] for the method and why it is right), the chains of each class
//!   by a trie ([`chains`]).
//!
//! The breakdown of [`analysis`](super) (blocks, bridges and edge roles, for explanations
//! and pictures) is built on the model beside these passes, not instead of them: the
//! tests hold its values against [`value`], and both, with the cuts, against the game
//! played out ([`game_tree`](crate::game_tree), `tests/crosscheck.rs`, `tests/moves.rs`).
//!
//! # Complexity
//!
//! O(V + E) time for the value and the counts, O(E log E) for the cuts; no recursion (a
//! path of 10^7 vertices needs no stack). Memory per vertex and per edge is given in each
//! module; all of it lives in a [`Workspace`] reused from graph to graph.
//!
//! # References
//!
//! - E. R. Berlekamp, J. H. Conway, R. K. Guy, *Winning Ways for your Mathematical Plays*,
//!   ch. 7 (Colon and Fusion Principles).
//! - D. Pritchard, R. Thurimella, "Fast computation of small cuts via cycle space
//!   sampling", *ACM Transactions on Algorithms* 7(4) (2011).
//! - R. E. Tarjan, "A note on finding the bridges of a graph", *Information Processing
//!   Letters* 2 (1974) 160-161.

pub mod chains;
pub mod cuts;
pub mod search;

pub use search::{Counts, GroundTerm};

use crate::model::{Graph, Numbering};

/// The buffers of the Green core, reused from graph to graph, so that a stream of test
/// cases allocates only when a graph is larger than every one before it; and the state
/// [`Workspace::search`] leaves for [`Workspace::cuts`].
#[derive(Debug, Default)]
pub struct Workspace {
    value: search::ValueBuffers,
    cuts: cuts::CutBuffers,
    /// The core's number of each vertex id of a declaration, and its edge list, for
    /// [`summarize`](super::summary::summarize).
    pub(super) ids: Vec<u32>,
    pub(super) ends: Vec<u32>,
    /// For the report builders: the cuts of one graph, and per graph of a position its
    /// value and its attached edges.
    pub(crate) wins: Vec<u32>,
    pub(crate) values: Vec<(u64, usize)>,
}

impl Workspace {
    /// Makes room for the value of a graph of about `vertices` vertices and `edges` edges
    /// ahead of time, touching the memory, so that a second thread can pay for the page
    /// faults while the first one is still reading the graph. Sizes are capped by
    /// `edges`, so a claimed vertex count costs nothing. (Only the vertices' counts,
    /// zeroed so that the search need not zero them again: the records and the adjacency
    /// lists are built for what is left after the pendant trees, often nothing.)
    pub fn prepare(&mut self, vertices: usize, edges: usize) {
        self.value.prepare(vertices, edges);
    }

    /// [`Workspace::prepare`] for the cut search ([`Workspace::search`], [`cuts_to`]).
    pub fn prepare_cuts(&mut self, vertices: usize, edges: usize) {
        self.cuts.prepare(vertices, edges);
    }

    /// The counts of the graph `vertices`, `ends` (as [`counts`] gives them), searched for
    /// its cuts: [`Workspace::cuts`] then finds them without searching again, so that a
    /// test case of one graph is searched once.
    ///
    /// ```
    /// use hackenbush::analysis::green::Workspace;
    ///
    /// // The POJ sample: a stalk with a triangle on top is worth *2; leaving *0 cuts the
    /// // stalk.
    /// let mut w = Workspace::default();
    /// assert_eq!(w.search(4, &[0, 1, 1, 2, 1, 3, 2, 3]).value, 2);
    /// let mut wins = Vec::new();
    /// w.cuts(0, &mut wins);
    /// assert_eq!(wins, [0]);
    /// ```
    pub fn search(&mut self, vertices: u32, ends: &[u32]) -> Counts {
        match self.cuts.search(vertices, ends) {
            Some(counts) => counts,
            // Some edge hangs in the air: the value search counts what is attached.
            None => search::counts(vertices, ends, &mut self.value),
        }
    }

    /// Appends to `wins` the edges (0-based, increasing) whose cut leaves the graph last
    /// given to [`Workspace::search`] worth exactly `target`.
    pub fn cuts(&mut self, target: u64, wins: &mut Vec<u32>) {
        self.cuts.cuts(target, wins);
    }
}

/// The Grundy value of the graph `vertices`, `ends` (see [the representation](self)).
///
/// ```
/// use hackenbush::analysis::green::{Workspace, value};
///
/// let mut workspace = Workspace::default();
/// // The POJ sample: a stalk with a triangle on top is worth *2.
/// assert_eq!(value(4, &[0, 1, 1, 2, 1, 3, 2, 3], &mut workspace), 2);
/// ```
///
/// Complexity: O(V + E) time; 12 bytes per vertex when peeling leaves nothing (see
/// [`search`]).
pub fn value(vertices: u32, ends: &[u32], workspace: &mut Workspace) -> u64 {
    search::value(vertices, ends, &mut workspace.value)
}

/// [`value`] with the [`Counts`]: the vertices used and the edges and bridges attached
/// to the ground, at the cost of the value alone when every edge is attached.
///
/// ```
/// use hackenbush::analysis::green::{Counts, Workspace, counts};
///
/// // A stalk with a triangle on top, and an edge 4-5 not attached to the ground.
/// let got = counts(6, &[0, 1, 1, 2, 1, 3, 2, 3, 4, 5], &mut Workspace::default());
/// assert_eq!(got, Counts { value: 2, used_vertices: 5, attached_edges: 4, bridges: 1 });
/// ```
pub fn counts(vertices: u32, ends: &[u32], workspace: &mut Workspace) -> Counts {
    search::counts(vertices, ends, &mut workspace.value)
}

/// Appends to `wins` the edges (0-based, in input order, increasing) whose cut leaves the
/// graph `vertices`, `ends` worth exactly `target`. With `target = value XOR nim_sum`
/// these are the winning moves in this graph. Edges not attached to the ground are never
/// cuts; a target above the number of edges is never reached.
///
/// ```
/// use hackenbush::analysis::green::{Workspace, cuts_to};
///
/// // A stalk of 3 edges (*3) and a triangle (*1) on the ground: leaving *0 cuts the
/// // stalk's middle edge.
/// let ends = [0, 1, 1, 2, 2, 3, 0, 4, 4, 5, 5, 0];
/// let mut wins = Vec::new();
/// cuts_to(6, &ends, 0, &mut Workspace::default(), &mut wins);
/// assert_eq!(wins, [1]);
/// ```
///
/// Complexity: O(E log E) time, O(V + E) memory, no recursion; exact except with
/// probability below E^2 / 2^128 (see [`cuts`]).
pub fn cuts_to(
    vertices: u32,
    ends: &[u32],
    target: u64,
    workspace: &mut Workspace,
    wins: &mut Vec<u32>,
) {
    // The counts of a graph with parts not attached to the ground are not needed here.
    workspace.cuts.search(vertices, ends);
    workspace.cuts(target, wins);
}

/// The ground blocks of the graph `vertices`, `ends` and their values, in the order of
/// their first edges, when every one stands on one ground edge and the value's own passes
/// show it (the peeling of pendant trees and the folding of pendant cycles take apart
/// everything attached, no cycle through the ground): a christmas tree and its polygons,
/// any forest. Returns false otherwise (some block may stand on two ground edges, or the
/// value needed the search), `terms` then unspecified. Misère play decides such a
/// position by misère Nim on these values ([`misere`](super::misere)).
///
/// ```
/// use hackenbush::analysis::green::{GroundTerm, Workspace, ground_terms};
///
/// // Two stalks of two edges on the ground, the second written first-edge-last.
/// let ends = [0, 1, 1, 2, 3, 4, 0, 3];
/// let mut terms = Vec::new();
/// assert!(ground_terms(5, &ends, &mut Workspace::default(), &mut terms));
/// let found: Vec<_> = terms.iter().map(|t| (t.first_edge, t.edges, t.value)).collect();
/// assert_eq!(found, [(0, 2, 2), (2, 2, 2)]);
/// // A triangle through the ground stands on two ground edges.
/// assert!(!ground_terms(3, &[0, 1, 1, 2, 2, 0], &mut Workspace::default(), &mut terms));
/// ```
///
/// Complexity: the value's, O(V + E), and one more pass over the edges (each finds its
/// block along the vertices its ends were peeled into, shortening the way as it goes);
/// no memory beyond the value's and one [`GroundTerm`] per block.
pub fn ground_terms(
    vertices: u32,
    ends: &[u32],
    workspace: &mut Workspace,
    terms: &mut Vec<GroundTerm>,
) -> bool {
    search::ground_terms(vertices, ends, &mut workspace.value, terms)
}

/// The model `graph` in the core's representation: its node count and the ends of its
/// edges, edge `j` of the model being edge `j` of the list (node 0 is the ground in both).
pub fn ends_of(graph: &Graph) -> (u32, Vec<u32>) {
    let ends = (graph.net.raw_edges().iter())
        .flat_map(|edge| [edge.source().index() as u32, edge.target().index() as u32])
        .collect();
    (graph.net.node_count() as u32, ends)
}

/// The graph `vertices`, `ends` with its ids renumbered by the one
/// [`Numbering`] (id 0 the ground, the others in order of first use), for a vertex count
/// far beyond the edges: the id count and the new ends, in the memory of `out`.
fn renumber(vertices: u32, ends: &[u32], out: &mut Vec<u32>) -> (usize, Vec<u32>) {
    let mut ids = Numbering::new(vertices as usize, ends.len() / 2);
    ids.ground(0);
    let mut renumbered = std::mem::take(out);
    renumbered.clear();
    renumbered.extend(ends.iter().map(|&x| ids.number(x).0));
    (ids.count() as usize, renumbered)
}
