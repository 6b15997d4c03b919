//! Misère play: whoever cannot move **wins** (whoever cuts the last edge loses). The
//! outcome of a whole position, and every winning first move of each player, exact where
//! theory allows and by a budgeted search elsewhere; nothing is guessed.
//!
//! # Method
//!
//! A position is split at the ground into **ground blocks**: the components of its graphs
//! once the ground is taken away, each with the edges that join it to the ground (a loop
//! at the ground is a block of its own). Edges that reach no ground have fallen and are
//! no moves. Then the first rule that applies decides ([`Rule`]):
//!
//! 1. **All green, every block on one ground edge** ([`Rule::MisereNim`]): such a block is
//!    worth at least `*1` in normal play until its ground edge is cut, which removes all
//!    of it; so no component of the sum is worth `*0` unless it is gone, which is the
//!    condition of the SJ theorem (the anti-SG game; Lo, "Misère Hackenbush Flowers",
//!    arXiv:1212.5937, for Hackenbush), and the position plays as misère Nim on the
//!    blocks' normal-play Grundy values (Bouton): the player to move wins iff some heap
//!    exceeds 1 and the nim-sum is not 0, or every heap is at most 1 and the nim-sum is
//!    0. A cut keeps its block on one ground edge (or removes it), so a winning move is a
//!    cut to a target value in one block, found by [`green::cuts_to`]: to the
//!    nim-sum of the others while another heap exceeds 1, else to that nim-sum XOR 1.
//!    Linear time.
//! 2. **Only blue and red edges** ([`Rule::GroundEdges`]): a cut never removes a ground
//!    edge other than itself, so a player can move as long as one of their ground edges
//!    stands. The player to move wins iff they have at most as many ground edges of their
//!    colour as the opponent has of theirs (Stewart, "Misère Hackenbush is NP-hard",
//!    arXiv:1202.4658, shows red-blue misère Hackenbush is in P): fewer blue ground edges
//!    is L, fewer red is R, as many is N, and P never happens. With fewer, every cut wins;
//!    with as many, the cuts of one's own ground edges. Linear time.
//! 3. **All green, some block on two or more ground edges, every one tame**
//!    ([`Rule::Genus`]): each such block's misère genus is found by a memoized search of
//!    that block alone ([`genus`]); a block on one ground edge worth `*g` is the nim heap
//!    `*g`. Tame games add as nim heaps do (Conway, *On Numbers and Games*, ch. 12): the
//!    player to move loses exactly when every block is fickle (`0^120`, `1^031`) and the
//!    nim-sum of the blocks' values is 1, or some block is firm and the nim-sum is 0.
//!    Exponential in the largest searched block only.
//! 4. **Green with blue or red, every block a sprig** ([`Rule::Sprigs`]): a sprig is a
//!    string whose ground edge alone is green. The misère outcome of a sum of sprigs is
//!    the normal-play outcome of that sum plus `*` (McKay, Milley and Nowakowski,
//!    arXiv:1202.5654), found in canonical form within [`Budget::work`] ([`sprigs`]).
//! 5. **Otherwise** ([`Rule::Searched`]): a green block whose genus is not tame (where
//!    the Fusion Principle fails too: a 4-cycle through the ground is a misère
//!    P-position, its fusion into two loops an N-position), and positions mixing green
//!    with blue or red. The position is played out, every reachable set of edges once
//!    (memoized), for each player to move, within [`Budget::edges`] and
//!    [`Budget::positions`].
//!
//! Every rule is held against exhaustive misère play with no theory in the tests, on every
//! small green multigraph and on random positions of all three colours.
//!
//! # Complexity
//!
//! Rules 1 and 2: O(V + E). Rule 3: O(V + E) beside the searches of the blocks on two
//! or more ground edges, each up to 2^B sets of its B edges. Rule 4: exponential, up to
//! 2^E sets of E edges each (rule 5). A search beyond the budget is refused. Rule 4: a canonical
//! sum per sprig and per first cut, within the budget's work. The search recurses once per cut, so its depth is at most the edge
//! count (at most 64), whatever the graph's shape.

use std::collections::HashMap;
use std::fmt;

use petgraph::graph::{EdgeIndex, NodeIndex};
use serde::{Deserialize, Serialize};

pub mod genus;
pub mod sprigs;

use genus::BlockGenus;
pub use genus::Genus;

use super::green::{self, Workspace};
use super::partizan::Budget;
use crate::game::Outcome;
use crate::model::{Graph, Node, Numbering};
use crate::syntax::{Colour, GraphDecl};

/// The play convention: who wins when a player cannot move.
///
/// In JSON a position played misère carries `"play": "misere"`; a position in normal
/// play has no `play` field (docs/json.md).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Play {
    /// Normal play: whoever cannot move loses (whoever cuts the last edge wins).
    #[default]
    Normal,
    /// Misère play: whoever cannot move wins (whoever cuts the last edge loses).
    Misere,
}

/// How a misère outcome was found. In JSON: `"misere-nim"`, `"ground-edges"`,
/// `"searched"`, as it is displayed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum Rule {
    /// All green, every ground block on one ground edge: misère Nim on the blocks'
    /// Grundy values (the SJ theorem).
    MisereNim,
    /// Only blue and red edges: the count of each player's ground edges.
    GroundEdges,
    /// All green, with blocks on two or more ground edges, each tame: the sum of their
    /// genera (Conway), each searched block's genus found by a search of that block alone.
    Genus,
    /// Green and blue or red, every block a sprig (a string whose ground edge alone is
    /// green): the normal-play outcome of the sum plus `*` (McKay, Milley, Nowakowski).
    Sprigs,
    /// Played out by a memoized search of the whole position.
    Searched,
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Rule::MisereNim => "misere-nim",
            Rule::GroundEdges => "ground-edges",
            Rule::Genus => "genus",
            Rule::Sprigs => "sprigs",
            Rule::Searched => "searched",
        })
    }
}

/// One ground block: a component of a graph without its ground, with its ground edges.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GroundBlock {
    /// The graph it is in (0-based, in the position's order).
    pub graph: usize,
    /// Its edges, in input order.
    pub edges: Vec<EdgeIndex>,
    /// How many of them touch the ground, by colour: green, blue, red.
    pub ground_edges: [usize; 3],
    /// Its normal-play Grundy value, for an all-green block ([`Rule::MisereNim`] plays
    /// and [`Rule::Genus`] on these); `None` otherwise.
    pub value: Option<u64>,
    /// Its genus, for a green block on two or more ground edges, found by a search of
    /// that block alone ([`genus`]); `None` otherwise.
    pub genus: Option<Genus>,
}

impl GroundBlock {
    /// Its ground edges of every colour.
    pub fn ground_edge_count(&self) -> usize {
        self.ground_edges.iter().sum()
    }
}

/// An edge of a position: the graph it is in (0-based) and its index there (input order,
/// 0-based, as the model numbers it).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct PositionEdge {
    /// The graph, 0-based.
    pub graph: usize,
    /// The edge of that graph, by input order.
    pub edge: EdgeIndex,
}

/// The misère analysis of a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Misere {
    /// Who wins: L (Left whoever starts), R, N (whoever moves first), P (whoever moves
    /// second). An all-green position is N or P.
    pub outcome: Outcome,
    /// The rule that decided it.
    pub rule: Rule,
    /// The position's ground blocks, graph by graph.
    pub blocks: Vec<GroundBlock>,
    /// The cuts with which Left, moving first, wins (every one; empty when Left moving
    /// first loses). For an all-green position, the same as `right_wins`.
    pub left_wins: Vec<PositionEdge>,
    /// The cuts with which Right, moving first, wins.
    pub right_wins: Vec<PositionEdge>,
    /// How many positions the search solved ([`Rule::Searched`]; 0 otherwise).
    pub positions: usize,
}

/// Why a misère outcome was not found: the search it needs is beyond the budget.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Refusal {
    /// The position needs the search and has more attached edges than the budget allows.
    TooManyEdges {
        /// Its attached edges.
        edges: usize,
        /// The budget's limit ([`Budget::edges`], never above 64).
        limit: usize,
    },
    /// The search met more positions than the budget allows.
    TooManyPositions {
        /// The position's attached edges.
        edges: usize,
        /// The budget's limit ([`Budget::positions`]).
        limit: usize,
    },
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Refusal::TooManyEdges { edges, limit } => write!(
                f,
                "its misère outcome needs a search over its {edges} attached edges, which is \
                 limited to {limit} edges"
            ),
            Refusal::TooManyPositions { edges, limit } => write!(
                f,
                "the misère search of its {edges} attached edges met more positions than the \
                 limit of {limit}"
            ),
        }
    }
}

impl std::error::Error for Refusal {}

/// The misère outcome of the position made of `graphs`, with every winning first move,
/// by the first [`Rule`] that applies; a search beyond `budget` is refused.
///
/// ```
/// use hackenbush::analysis::misere::{self, Rule};
/// use hackenbush::analysis::partizan::Budget;
/// use hackenbush::game::Outcome;
/// use hackenbush::model::Graph;
///
/// // One tree whose root carries two stalks of two edges (HDU 3590's counterexample to
/// // the SJ theorem applied to whole trees): two blocks worth *2 each, misère Nim with a
/// // heap above 1 and nim-sum 0, so whoever moves first loses.
/// let tree = Graph::from_edges(&[0], &[(0, 1), (1, 2), (0, 3), (3, 4)]);
/// let found = misere::analyze(&[tree], &Budget::DEFAULT)?;
/// assert_eq!((found.outcome, found.rule), (Outcome::P, Rule::MisereNim));
///
/// // A 4-cycle through the ground: a block on two ground edges, its genus searched:
/// // 0^0, tame and firm, with nim-sum 0, so a P-position too.
/// let cycle = Graph::from_edges(&[0], &[(0, 1), (1, 2), (2, 3), (3, 0)]);
/// let found = misere::analyze(&[cycle], &Budget::DEFAULT)?;
/// assert_eq!((found.outcome, found.rule), (Outcome::P, Rule::Genus));
/// # Ok::<(), hackenbush::analysis::misere::Refusal>(())
/// ```
pub fn analyze(graphs: &[Graph], budget: &Budget) -> Result<Misere, Refusal> {
    let lists: Vec<EdgeEnds> = graphs.iter().map(EdgeEnds::of).collect();
    let blocks = ground_blocks(graphs, &lists);
    let colours = blocks.iter().fold([0; 3], |mut seen, block| {
        for (graph, edge) in block.edges.iter().map(|&e| (&graphs[block.graph], e)) {
            seen[colour_slot(graph.colour(edge))] += 1;
        }
        seen
    });
    if colours[1] == 0 && colours[2] == 0 {
        if blocks.iter().all(|b| b.ground_edge_count() == 1) {
            return Ok(misere_nim(&lists, blocks, true));
        }
        return by_genus(graphs, &lists, blocks, budget);
    } else if colours[0] == 0 {
        return Ok(ground_edges(graphs, blocks));
    }
    if let Some(found) = sprigs::decide(graphs, &blocks, budget.work) {
        return Ok(Misere {
            outcome: found.outcome,
            rule: Rule::Sprigs,
            blocks,
            left_wins: found.left_wins,
            right_wins: found.right_wins,
            positions: 0,
        });
    }
    searched(graphs, blocks, budget)
}

/// All green, some block on two or more ground edges: each such block's genus by a
/// search of that block alone ([`genus`]); when every one is tame, the tame sum decides
/// ([`Rule::Genus`]), else the whole position is searched ([`Rule::Searched`]), its
/// blocks carrying the genus found.
fn by_genus(
    graphs: &[Graph],
    lists: &[EdgeEnds],
    mut blocks: Vec<GroundBlock>,
    budget: &Budget,
) -> Result<Misere, Refusal> {
    let limit = budget.edges.min(64);
    let mut genera: Vec<(usize, BlockGenus)> = Vec::new();
    let mut positions = 0;
    for (k, block) in blocks.iter_mut().enumerate() {
        if block.ground_edge_count() < 2 {
            continue;
        }
        if block.edges.len() > limit {
            return Err(Refusal::TooManyEdges {
                edges: block.edges.len(),
                limit,
            });
        }
        let cuts: Vec<PositionEdge> = (block.edges.iter())
            .map(|&edge| PositionEdge {
                graph: block.graph,
                edge,
            })
            .collect();
        let search = Search::new(graphs, &cuts, 0);
        let all = search.prune(search.left);
        let mut genus = BlockGenus::new(search, budget.positions.saturating_sub(positions));
        block.genus = Some(genus.genus(all)?);
        positions += genus.positions();
        genera.push((k, genus));
    }
    if blocks
        .iter()
        .all(|b| b.genus.as_ref().is_none_or(|g| g.tame))
    {
        let mut workspace = Workspace::default();
        let graph_values = block_values(lists, &mut blocks, &mut workspace);
        let parts = Parts {
            lists,
            graph_values: &graph_values,
            cuts: true,
        };
        return Ok(tame_sum(parts, blocks, &mut genera, &mut workspace));
    }
    searched(graphs, blocks, budget)
}

/// The slot of a colour in [`GroundBlock::ground_edges`].
fn colour_slot(colour: Colour) -> usize {
    match colour {
        Colour::Green => 0,
        Colour::Blue => 1,
        Colour::Red => 2,
    }
}

/// A graph as the [Green core](super::green) sees it: its node count and the two ends of
/// each edge, edge `j` of the list being edge `j` of the graph, node 0 the ground.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EdgeEnds {
    /// Its node count, the ground (node 0) included.
    pub vertices: u32,
    /// The ends of edge `j` at `2j` and `2j + 1`.
    pub ends: Vec<u32>,
}

impl EdgeEnds {
    /// The model `graph`'s edge list ([`green::ends_of`]).
    pub fn of(graph: &Graph) -> EdgeEnds {
        let (vertices, ends) = green::ends_of(graph);
        EdgeEnds { vertices, ends }
    }

    /// The declared graph `decl`'s edge list, with no model: its ground ids are node 0,
    /// the others numbered in order of first use (as [`summary::summarize`] numbers them).
    ///
    /// [`summary::summarize`]: super::summary::summarize
    pub fn of_decl(decl: &GraphDecl) -> EdgeEnds {
        let read = decl.edges.len() * 2 + decl.ground.len();
        let mut ids = Numbering::new(decl.vertices.len(), read);
        for &g in &decl.ground {
            ids.ground(g);
        }
        let mut ends = Vec::with_capacity(2 * decl.edges.len());
        for e in &decl.edges {
            ends.push(ids.number(e.u).0);
            ends.push(ids.number(e.v).0);
        }
        EdgeEnds {
            vertices: ids.count(),
            ends,
        }
    }

    /// Its edges.
    fn edge_count(&self) -> usize {
        self.ends.len() / 2
    }
}

/// The ground blocks of every graph, graph by graph, each block's edges in input order.
fn ground_blocks(graphs: &[Graph], lists: &[EdgeEnds]) -> Vec<GroundBlock> {
    let mut blocks = Vec::new();
    for (i, (graph, list)) in graphs.iter().zip(lists).enumerate() {
        blocks.extend(blocks_of(i, list, |e| {
            graph.colour(EdgeIndex::new(e as usize))
        }));
    }
    blocks
}

/// The ground blocks of graph `i`, the edge list `list` whose edge `e` has colour
/// `colour(e)`: components of its non-ground nodes joined by union-find (no recursion),
/// each with the edges that touch it; only those with a ground edge, in the order of
/// their first edge (a ground loop a block of its own).
fn blocks_of(i: usize, list: &EdgeEnds, colour: impl Fn(u32) -> Colour) -> Vec<GroundBlock> {
    let ends = &list.ends;
    let mut parent: Vec<u32> = (0..list.vertices).collect();
    for pair in ends.chunks_exact(2) {
        let (a, b) = (pair[0] as usize, pair[1] as usize);
        if a != 0 && b != 0 {
            let (ra, rb) = (find(&mut parent, a), find(&mut parent, b));
            parent[ra.max(rb)] = ra.min(rb) as u32;
        }
    }
    // Each component's block slot, by its root.
    let mut slot_of_root: Vec<u32> = vec![u32::MAX; list.vertices as usize];
    let mut found: Vec<GroundBlock> = Vec::new();
    for (e, pair) in ends.chunks_exact(2).enumerate() {
        let (a, b) = (pair[0] as usize, pair[1] as usize);
        let touches_ground = a == 0 || b == 0;
        let slot = if a == 0 && b == 0 {
            found.len()
        } else {
            let root = find(&mut parent, if a == 0 { b } else { a });
            if slot_of_root[root] == u32::MAX {
                slot_of_root[root] = found.len() as u32;
            }
            slot_of_root[root] as usize
        };
        if slot == found.len() {
            found.push(GroundBlock {
                graph: i,
                edges: Vec::new(),
                ground_edges: [0; 3],
                value: None,
                genus: None,
            });
        }
        found[slot].edges.push(EdgeIndex::new(e));
        if touches_ground {
            found[slot].ground_edges[colour_slot(colour(e as u32))] += 1;
        }
    }
    found.retain(|block| block.ground_edge_count() > 0);
    found
}

/// The root of `x`'s set, halving the path on the way.
fn find(parent: &mut [u32], mut x: usize) -> usize {
    while parent[x] as usize != x {
        let up = parent[parent[x] as usize];
        parent[x] = up;
        x = up as usize;
    }
    x
}

/// Rule 1: misère Nim on the blocks' Grundy values, with every winning cut.
fn misere_nim(lists: &[EdgeEnds], mut blocks: Vec<GroundBlock>, cuts: bool) -> Misere {
    let mut workspace = Workspace::default();
    let graph_values = block_values(lists, &mut blocks, &mut workspace);
    let mut searched = Vec::new();
    let parts = Parts {
        lists,
        graph_values: &graph_values,
        cuts,
    };
    tame_sum(parts, blocks, &mut searched, &mut workspace)
}

/// What [`tame_sum`] plays on: each graph's edge list, value and attached edges, and
/// whether the winning cuts are wanted.
struct Parts<'a> {
    lists: &'a [EdgeEnds],
    graph_values: &'a [(u64, usize)],
    cuts: bool,
}

/// Rule 1 on the all-green position of `lists` ([`EdgeEnds`]), without a model: the
/// [`Misere`] of misère Nim when every ground block stands on one ground edge; `None`
/// when some block stands on two or more (then [`analyze`] the models). Without `cuts`
/// the winning cuts are not searched for, and `left_wins` and `right_wins` are empty.
///
/// ```
/// use hackenbush::analysis::misere::{self, EdgeEnds, Rule};
/// use hackenbush::game::Outcome;
///
/// // Two stalks of two on one root (node 1 on the ground, node 0).
/// let tree = EdgeEnds { vertices: 5, ends: vec![0, 1, 1, 2, 0, 3, 3, 4] };
/// let found = misere::misere_nim_of_edge_lists(&[tree], true).unwrap();
/// assert_eq!((found.outcome, found.rule), (Outcome::P, Rule::MisereNim));
/// let square = EdgeEnds { vertices: 4, ends: vec![0, 1, 1, 2, 2, 3, 3, 0] };
/// assert!(misere::misere_nim_of_edge_lists(&[square], true).is_none());
/// ```
///
/// Complexity: O(V + E).
pub fn misere_nim_of_edge_lists(lists: &[EdgeEnds], cuts: bool) -> Option<Misere> {
    let mut blocks = Vec::new();
    for (i, list) in lists.iter().enumerate() {
        blocks.extend(blocks_of(i, list, |_| Colour::Green));
    }
    if blocks.iter().any(|b| b.ground_edge_count() != 1) {
        return None;
    }
    Some(misere_nim(lists, blocks, cuts))
}

/// Rule 1 on the Green core's own passes: the heaps of misère Nim, one per ground block,
/// when [`green::ground_terms`] finds every block of every graph of `lists` (each as its
/// vertex count and edge ends) standing on one ground edge; `None` when it cannot say
/// for some graph (a cycle through the ground, or a graph whose value needs the search):
/// then [`misere_nim_of_edge_lists`] or [`analyze`] decides. No winning cuts: the blocks'
/// edges are counted, not listed.
///
/// ```
/// use hackenbush::analysis::green::Workspace;
/// use hackenbush::analysis::misere;
///
/// // HDU 3590's tree: two stalks of two on one root (node 0, the ground).
/// let ends = [0, 1, 1, 2, 0, 3, 3, 4];
/// let heaps = misere::misere_nim_heaps([(5, &ends[..])], &mut Workspace::default()).unwrap();
/// assert!(!heaps.first_wins);
/// assert_eq!(heaps.blocks.len(), 2);
/// ```
///
/// Complexity: O(V + E), in the memory of the value ([`green::ground_terms`]).
pub fn misere_nim_heaps<'a>(
    lists: impl IntoIterator<Item = (u32, &'a [u32])>,
    workspace: &mut Workspace,
) -> Option<NimHeaps> {
    let mut heaps = NimHeaps::default();
    let mut terms = Vec::new();
    for (graph, (vertices, ends)) in lists.into_iter().enumerate() {
        if !green::ground_terms(vertices, ends, workspace, &mut terms) {
            return None;
        }
        heaps.graphs.push((ends.len() / 2, 0));
        for &term in &terms {
            heaps.graphs[graph].1 += term.edges as usize;
            heaps.blocks.push((graph, term));
        }
    }
    let values: Vec<u64> = heaps.blocks.iter().map(|(_, term)| term.value).collect();
    heaps.first_wins = misere_nim_first_wins(&values);
    Some(heaps)
}

/// The ground blocks of a position that rule 1 plays on, as [`misere_nim_heaps`] finds
/// them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct NimHeaps {
    /// Each block: its graph (0-based) and its first edge, edges and value.
    pub blocks: Vec<(usize, green::GroundTerm)>,
    /// Per graph: its edges, and those attached to the ground (in its blocks).
    pub graphs: Vec<(usize, usize)>,
    /// Whether the player to move wins.
    pub first_wins: bool,
}

/// Each block's normal-play value, found by the [Green core](super::green) on its own
/// edge list (the graph's ids renumbered, the ground kept as 0); per graph, the nim-sum
/// of its blocks' values and its attached edges.
fn block_values(
    lists: &[EdgeEnds],
    blocks: &mut [GroundBlock],
    workspace: &mut Workspace,
) -> Vec<(u64, usize)> {
    let mut ends: Vec<u32> = Vec::new();
    let mut graph_values = vec![(0u64, 0usize); lists.len()];
    let mut local: Vec<u32> = Vec::new();
    let mut current = usize::MAX;
    for block in blocks.iter_mut() {
        let list = &lists[block.graph];
        if block.graph != current {
            current = block.graph;
            local.clear();
            local.resize(list.vertices as usize, u32::MAX);
        }
        // The block's ends, renumbered from 1 (0 is the ground); the labels are reset
        // after, so that the next block starts afresh.
        ends.clear();
        let mut count = 1u32;
        for &e in &block.edges {
            for node in [list.ends[2 * e.index()], list.ends[2 * e.index() + 1]] {
                let id = if node == 0 {
                    0
                } else {
                    let slot = &mut local[node as usize];
                    if *slot == u32::MAX {
                        *slot = count;
                        count += 1;
                    }
                    *slot
                };
                ends.push(id);
            }
        }
        for &e in &block.edges {
            local[list.ends[2 * e.index()] as usize] = u32::MAX;
            local[list.ends[2 * e.index() + 1] as usize] = u32::MAX;
        }
        let value = green::value(count, &ends, workspace);
        block.value = Some(value);
        let (total, attached) = &mut graph_values[block.graph];
        *total ^= value;
        *attached += block.edges.len();
    }
    graph_values
}

/// A sum of tame blocks (rules 1 and 2 of the genus), with every winning cut: blocks on
/// one ground edge play as the nim heaps of their values (fickle when at most `*1`);
/// each block in `searched` (by block index) as its genus says. The player to move loses
/// exactly when every block is fickle and the nim-sum is 1, or some block is firm and the
/// nim-sum is 0 ([`genus`]'s page).
///
/// A cut in a block on one ground edge keeps it so (or removes it). Leaving it worth `t`
/// loses for the opponent when `t` is the nim-sum `o` of the others while another block
/// is firm, else `o XOR 1` (the others all fickle). A graph is the sum of its blocks,
/// worth the nim-sum `G` of their values, so such a cut leaves its graph worth `G XOR X`
/// or that XOR 1 (`X` the nim-sum of all blocks), the same for every block of the graph
/// under each case: at most two cut searches per graph ([`green::cuts_to`]) find every
/// winning cut of these blocks, each kept when its block's case is the one searched for.
/// A searched block's cuts are tried one by one on its genus search.
fn tame_sum(
    parts_of: Parts<'_>,
    blocks: Vec<GroundBlock>,
    searched: &mut [(usize, BlockGenus)],
    workspace: &mut Workspace,
) -> Misere {
    let Parts {
        lists,
        graph_values,
        cuts: wanted_cuts,
    } = parts_of;
    // Per block, its value and whether it is fickle.
    let mut parts: Vec<(u64, bool)> = (blocks.iter())
        .map(|b| {
            let v = b.value.unwrap_or(0);
            (v, v <= 1)
        })
        .collect();
    for (k, _) in searched.iter() {
        let genus = blocks[*k].genus.as_ref().expect("a searched block's genus");
        parts[*k] = (genus.normal, genus.fickle());
    }
    let nim_sum = parts.iter().fold(0, |acc, &(v, _)| acc ^ v);
    let firm = parts.iter().filter(|&&(_, fickle)| !fickle).count();
    let loses = |nim_sum: u64, firm: bool| nim_sum == u64::from(!firm);
    let first_wins = !loses(nim_sum, firm > 0);
    let another_firm = |k: usize| firm > usize::from(!parts[k].1);
    let mut wins = Vec::new();
    if first_wins && wanted_cuts {
        // Per graph, the block of each edge, and whether each block's target is the
        // nim-sum of the others (another block is firm) or that XOR 1.
        let mut block_of: Vec<Vec<u32>> = lists
            .iter()
            .map(|list| vec![u32::MAX; list.edge_count()])
            .collect();
        for (k, block) in blocks.iter().enumerate() {
            if block.ground_edge_count() == 1 {
                for &e in &block.edges {
                    block_of[block.graph][e.index()] = k as u32;
                }
            }
        }
        // Per graph, whether some block has each case: 0, another block is firm.
        let mut cases = vec![[false; 2]; lists.len()];
        for (k, block) in blocks.iter().enumerate() {
            if block.ground_edge_count() == 1 {
                cases[block.graph][usize::from(!another_firm(k))] = true;
            }
        }
        let mut cuts = Vec::new();
        for (g, list) in lists.iter().enumerate() {
            let (value, attached) = graph_values[g];
            for flip in [0, 1] {
                let wanted = |k: usize| another_firm(k) == (flip == 0);
                let target = value ^ nim_sum ^ flip;
                if !cases[g][flip as usize] || target > attached as u64 {
                    continue;
                }
                cuts.clear();
                green::cuts_to(list.vertices, &list.ends, target, workspace, &mut cuts);
                for &cut in &cuts {
                    let k = block_of[g][cut as usize];
                    if k != u32::MAX && wanted(k as usize) {
                        wins.push(PositionEdge {
                            graph: g,
                            edge: EdgeIndex::new(cut as usize),
                        });
                    }
                }
            }
        }
        for (k, genus) in searched.iter_mut() {
            let (value, fickle) = parts[*k];
            let others_firm = firm - usize::from(!fickle) > 0;
            let all = genus.search.prune(genus.search.left);
            for (bit, &edge) in blocks[*k].edges.iter().enumerate() {
                let after = genus.search.prune(all & !(1u64 << bit));
                // A tame block's options are tame, and already solved.
                let Ok(Some((t, fickle_after))) = genus.tame(after) else {
                    continue;
                };
                if loses(nim_sum ^ value ^ t, others_firm || !fickle_after) {
                    wins.push(PositionEdge {
                        graph: blocks[*k].graph,
                        edge,
                    });
                }
            }
        }
        wins.sort_unstable();
    }
    let positions = searched.iter().map(|(_, g)| g.positions()).sum();
    Misere {
        outcome: if first_wins { Outcome::N } else { Outcome::P },
        rule: if searched.is_empty() {
            Rule::MisereNim
        } else {
            Rule::Genus
        },
        blocks,
        right_wins: wins.clone(),
        left_wins: wins,
        positions,
    }
}

/// Misère Nim (Bouton): whether the player to move wins the sum of the nim heaps
/// `heaps` when whoever takes the last object loses. As in Nim unless every heap is at
/// most 1: then the player to move wins iff the nim-sum is 0 (an even number of heaps of
/// 1). Rule 1 plays it on the blocks' Grundy values ([`Rule::MisereNim`]).
///
/// ```
/// use hackenbush::analysis::misere::misere_nim_first_wins;
///
/// assert!(misere_nim_first_wins(&[1, 1]));
/// assert!(!misere_nim_first_wins(&[1]));
/// assert!(!misere_nim_first_wins(&[2, 2]));
/// assert!(misere_nim_first_wins(&[2]));
/// assert!(misere_nim_first_wins(&[]));
/// ```
///
/// Complexity: O(heaps).
pub fn misere_nim_first_wins(heaps: &[u64]) -> bool {
    let nim_sum = heaps.iter().fold(0, |acc, &h| acc ^ h);
    if heaps.iter().any(|&h| h > 1) {
        nim_sum != 0
    } else {
        nim_sum == 0
    }
}

/// Rule 2: blue and red only, decided by the counts of ground edges.
fn ground_edges(graphs: &[Graph], blocks: Vec<GroundBlock>) -> Misere {
    let (blue, red) = blocks.iter().fold((0, 0), |(b, r), block| {
        (b + block.ground_edges[1], r + block.ground_edges[2])
    });
    let outcome = match blue.cmp(&red) {
        std::cmp::Ordering::Less => Outcome::L,
        std::cmp::Ordering::Greater => Outcome::R,
        std::cmp::Ordering::Equal => Outcome::N,
    };
    // A player wins moving first iff they have at most as many ground edges; with fewer
    // every cut of theirs wins, with as many only the cuts of their ground edges.
    let wins = |colour: Colour, mine: usize, theirs: usize| -> Vec<PositionEdge> {
        let mut cuts = Vec::new();
        if mine > theirs {
            return cuts;
        }
        for block in &blocks {
            let graph = &graphs[block.graph];
            for &edge in &block.edges {
                let on_ground = graph
                    .net
                    .edge_endpoints(edge)
                    .is_some_and(|(a, b)| a == Graph::ground() || b == Graph::ground());
                if graph.colour(edge) == colour && (mine < theirs || on_ground) {
                    cuts.push(PositionEdge {
                        graph: block.graph,
                        edge,
                    });
                }
            }
        }
        cuts.sort_unstable();
        cuts
    };
    Misere {
        outcome,
        rule: Rule::GroundEdges,
        left_wins: wins(Colour::Blue, blue, red),
        right_wins: wins(Colour::Red, red, blue),
        blocks,
        positions: 0,
    }
}

/// Rule 3: the whole position played out, every set of edges once.
fn searched(
    graphs: &[Graph],
    blocks: Vec<GroundBlock>,
    budget: &Budget,
) -> Result<Misere, Refusal> {
    let cuts: Vec<PositionEdge> = blocks
        .iter()
        .flat_map(|b| {
            b.edges.iter().map(|&edge| PositionEdge {
                graph: b.graph,
                edge,
            })
        })
        .collect();
    let limit = budget.edges.min(64);
    if cuts.len() > limit {
        return Err(Refusal::TooManyEdges {
            edges: cuts.len(),
            limit,
        });
    }
    let mut search = Search::new(graphs, &cuts, budget.positions);
    let all = if cuts.len() == 64 {
        u64::MAX
    } else {
        (1 << cuts.len()) - 1
    };
    let mut left_wins = Vec::new();
    let mut right_wins = Vec::new();
    for (player, wins) in [
        (Player::Left, &mut left_wins),
        (Player::Right, &mut right_wins),
    ] {
        for (bit, &cut) in cuts.iter().enumerate() {
            if !search.may_cut(player, bit) {
                continue;
            }
            let after = search.prune(all & !(1 << bit));
            if !search.wins(after, player.other())? {
                wins.push(cut);
            }
        }
    }
    let left = search.wins(all, Player::Left)?;
    let right = search.wins(all, Player::Right)?;
    left_wins.sort_unstable();
    right_wins.sort_unstable();
    Ok(Misere {
        outcome: match (left, right) {
            (true, true) => Outcome::N,
            (true, false) => Outcome::L,
            (false, true) => Outcome::R,
            (false, false) => Outcome::P,
        },
        rule: Rule::Searched,
        blocks,
        left_wins,
        right_wins,
        positions: search.memo.len(),
    })
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Player {
    Left,
    Right,
}

impl Player {
    fn other(self) -> Player {
        match self {
            Player::Left => Player::Right,
            Player::Right => Player::Left,
        }
    }
}

/// The misère game tree of one set of edges: edge `i` is bit `i`; node 0 is the ground.
struct Search {
    /// Each edge's ends, as dense node ids.
    ends: Vec<(u32, u32)>,
    /// The edges Left may cut, and those Right may cut.
    left: u64,
    right: u64,
    /// Each node's edges: (neighbour, bit).
    adjacent: Vec<Vec<(u32, u32)>>,
    /// For each set of edges met, whether Left wins moving first, and Right (two bits
    /// each: known, wins).
    memo: HashMap<u64, u8>,
    limit: usize,
}

impl Search {
    fn new(graphs: &[Graph], cuts: &[PositionEdge], limit: usize) -> Search {
        let mut ids: HashMap<(usize, NodeIndex), u32> = HashMap::new();
        let mut id = |graph: usize, node: NodeIndex| -> u32 {
            if graphs[graph].net[node] == Node::Ground {
                return 0;
            }
            let next = ids.len() as u32 + 1;
            *ids.entry((graph, node)).or_insert(next)
        };
        let mut search = Search {
            ends: Vec::with_capacity(cuts.len()),
            left: 0,
            right: 0,
            adjacent: vec![Vec::new()],
            memo: HashMap::new(),
            limit,
        };
        for (bit, cut) in cuts.iter().enumerate() {
            let graph = &graphs[cut.graph];
            let (a, b) = graph
                .net
                .edge_endpoints(cut.edge)
                .expect("an edge of the graph");
            let (a, b) = (id(cut.graph, a), id(cut.graph, b));
            let top = a.max(b) as usize;
            if search.adjacent.len() <= top {
                search.adjacent.resize(top + 1, Vec::new());
            }
            search.adjacent[a as usize].push((b, bit as u32));
            search.adjacent[b as usize].push((a, bit as u32));
            search.ends.push((a, b));
            match graph.colour(cut.edge) {
                Colour::Green => {
                    search.left |= 1 << bit;
                    search.right |= 1 << bit;
                }
                Colour::Blue => search.left |= 1 << bit,
                Colour::Red => search.right |= 1 << bit,
            }
        }
        search
    }

    fn may_cut(&self, player: Player, bit: usize) -> bool {
        self.cuts_of(player) & (1 << bit) != 0
    }

    fn cuts_of(&self, player: Player) -> u64 {
        match player {
            Player::Left => self.left,
            Player::Right => self.right,
        }
    }

    /// The edges of `edges` still joined to the ground (a breadth-first walk).
    fn prune(&self, edges: u64) -> u64 {
        let mut kept = 0u64;
        let mut seen = vec![false; self.adjacent.len()];
        let mut queue = vec![0u32];
        seen[0] = true;
        while let Some(node) = queue.pop() {
            for &(next, bit) in &self.adjacent[node as usize] {
                if edges & (1 << bit) == 0 {
                    continue;
                }
                kept |= 1 << bit;
                if !seen[next as usize] {
                    seen[next as usize] = true;
                    queue.push(next);
                }
            }
        }
        kept
    }

    /// Whether `player`, to move on `edges` (all joined to the ground), wins in misère
    /// play. The depth of the recursion is at most the number of edges (64).
    fn wins(&mut self, edges: u64, player: Player) -> Result<bool, Refusal> {
        let shift = if player == Player::Left { 0 } else { 2 };
        let known = self.memo.get(&edges).copied().unwrap_or(0);
        if known & (1 << shift) != 0 {
            return Ok(known & (2 << shift) != 0);
        }
        let mut movable = edges & self.cuts_of(player);
        // No move: whoever cannot move wins.
        let mut wins = movable == 0;
        while movable != 0 && !wins {
            let bit = movable.trailing_zeros();
            movable &= movable - 1;
            let after = self.prune(edges & !(1 << bit));
            wins = !self.wins(after, player.other())?;
        }
        if !self.memo.contains_key(&edges) && self.memo.len() >= self.limit {
            return Err(Refusal::TooManyPositions {
                edges: self.ends.len(),
                limit: self.limit,
            });
        }
        let entry = self.memo.entry(edges).or_insert(0);
        *entry |= (1 | u8::from(wins) << 1) << shift;
        Ok(wins)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax::Colour::{Blue, Green, Red};

    fn analyze_one(ground: &[u32], edges: &[(u32, u32, Colour)]) -> Misere {
        let graph = Graph::from_coloured_edges(ground, edges);
        analyze(&[graph], &Budget::DEFAULT).expect("within the budget")
    }

    #[test]
    fn an_empty_position_is_won_by_the_player_who_cannot_move() {
        let found = analyze(&[], &Budget::DEFAULT).unwrap();
        assert_eq!(found.outcome, Outcome::N);
        assert!(found.left_wins.is_empty());
    }

    #[test]
    fn one_edge_loses_for_whoever_must_cut_it() {
        let found = analyze_one(&[0], &[(0, 1, Green)]);
        assert_eq!((found.outcome, found.rule), (Outcome::P, Rule::MisereNim));
        assert!(found.left_wins.is_empty());
    }

    #[test]
    fn a_stalk_of_two_is_won_by_cutting_its_top() {
        let found = analyze_one(&[0], &[(0, 1, Green), (1, 2, Green)]);
        assert_eq!(found.outcome, Outcome::N);
        let edges: Vec<usize> = found.left_wins.iter().map(|c| c.edge.index()).collect();
        assert_eq!(edges, [1]);
    }

    #[test]
    fn fusion_fails_in_misere_play() {
        // The 4-cycle through the ground is P; its fusion, two loops at the ground, is N.
        let cycle = analyze_one(
            &[0],
            &[(0, 1, Green), (1, 2, Green), (2, 3, Green), (3, 0, Green)],
        );
        assert_eq!((cycle.outcome, cycle.rule), (Outcome::P, Rule::Genus));
        let genus = cycle.blocks[0].genus.as_ref().expect("searched alone");
        assert_eq!((genus.to_string(), genus.tame), ("0^0".into(), true));
        let loops = analyze_one(&[0], &[(0, 0, Green), (0, 0, Green)]);
        assert_eq!(loops.outcome, Outcome::N);
    }

    #[test]
    fn red_blue_is_decided_by_the_ground_edges() {
        // Blue: one ground edge carrying two more; red: two ground edges.
        let found = analyze_one(
            &[0],
            &[
                (0, 1, Blue),
                (1, 2, Blue),
                (2, 3, Blue),
                (0, 4, Red),
                (0, 5, Red),
            ],
        );
        assert_eq!((found.outcome, found.rule), (Outcome::L, Rule::GroundEdges));
        assert_eq!(found.left_wins.len(), 3);
        assert!(found.right_wins.is_empty());
        let even = analyze_one(&[0], &[(0, 1, Blue), (1, 2, Blue), (0, 3, Red)]);
        assert_eq!(even.outcome, Outcome::N);
        let left: Vec<usize> = even.left_wins.iter().map(|c| c.edge.index()).collect();
        assert_eq!(left, [0]);
    }

    #[test]
    fn blocks_are_split_at_the_ground_and_detached_edges_left_out() {
        let graph = Graph::from_edges(&[0], &[(0, 1), (1, 2), (0, 2), (0, 0), (3, 4), (0, 5)]);
        let blocks = ground_blocks(std::slice::from_ref(&graph), &[EdgeEnds::of(&graph)]);
        let shapes: Vec<(Vec<usize>, usize)> = blocks
            .iter()
            .map(|b| {
                (
                    b.edges.iter().map(|e| e.index()).collect(),
                    b.ground_edge_count(),
                )
            })
            .collect();
        assert_eq!(shapes, [(vec![0, 1, 2], 2), (vec![3], 1), (vec![5], 1)]);
    }

    /// The Green core's ground terms ([`misere_nim_heaps`]) against the blocks found by
    /// union-find and valued one by one ([`misere_nim_of_edge_lists`]): on random trees
    /// with polygons hung anywhere (through the root too), pendant trees, loops,
    /// parallel edges and parts not attached, and vertex ids numbered in any order, the
    /// core either declines or finds the same blocks, edges and values; and it declines
    /// only where some block stands on two ground edges or the value needs the search.
    #[test]
    fn ground_terms_are_the_blocks_of_the_union_find() {
        let mut rng = crate::rng::Rng::new(30);
        let mut workspace = Workspace::default();
        let (mut decided, mut declined) = (0, 0);
        for _ in 0..4000 {
            let n = rng.range(1, 12);
            let mut ends: Vec<u32> = Vec::new();
            // A random tree on 0..n (0 the ground), with extra edges: polygons
            // (back to an ancestor-ish vertex), loops, parallel edges.
            for v in 1..n {
                if rng.chance(1, 10) {
                    continue; // not attached through its parent
                }
                ends.extend([rng.below_u32(v), v]);
            }
            let mut forest = true;
            for _ in 0..rng.below(4) {
                let a = rng.below_u32(n);
                let b = if rng.chance(1, 3) {
                    a
                } else {
                    rng.below_u32(n)
                };
                forest &= a == b;
                ends.extend([a, b]);
            }
            // Shuffle the edges and the ends of each.
            let mut pairs: Vec<[u32; 2]> = ends.chunks_exact(2).map(|p| [p[0], p[1]]).collect();
            rng.shuffle(&mut pairs);
            for pair in &mut pairs {
                if rng.chance(1, 2) {
                    pair.swap(0, 1);
                }
            }
            let ends: Vec<u32> = pairs.concat();
            let list = EdgeEnds {
                vertices: n,
                ends: ends.clone(),
            };
            let whole = misere_nim_of_edge_lists(std::slice::from_ref(&list), false);
            match misere_nim_heaps([(n, &ends[..])], &mut workspace) {
                Some(heaps) => {
                    decided += 1;
                    let whole = whole.expect("every block on one ground edge");
                    let expected: Vec<(u32, u32, u64)> = (whole.blocks.iter())
                        .map(|b| {
                            (
                                b.edges[0].index() as u32,
                                b.edges.len() as u32,
                                b.value.unwrap(),
                            )
                        })
                        .collect();
                    let found: Vec<(u32, u32, u64)> = (heaps.blocks.iter())
                        .map(|(_, t)| (t.first_edge, t.edges, t.value))
                        .collect();
                    assert_eq!(found, expected, "{ends:?}");
                    assert_eq!(heaps.first_wins, whole.outcome == Outcome::N, "{ends:?}");
                    let attached: usize = whole.blocks.iter().map(|b| b.edges.len()).sum();
                    assert_eq!(heaps.graphs, [(ends.len() / 2, attached)], "{ends:?}");
                }
                None => {
                    declined += 1;
                    // A forest (loops aside) always peels apart.
                    assert!(!forest, "{ends:?}");
                }
            }
        }
        assert!(decided > 1000 && declined > 100, "{decided} {declined}");
    }

    #[test]
    fn a_search_beyond_the_budget_is_refused() {
        let edges: Vec<(u32, u32, Colour)> = (0..12)
            .map(|i| (0, i + 1, if i % 2 == 0 { Green } else { Blue }))
            .collect();
        let graph = Graph::from_coloured_edges(&[0], &edges);
        let budget = Budget {
            positions: 10,
            ..Budget::DEFAULT
        };
        assert!(matches!(
            analyze(std::slice::from_ref(&graph), &budget),
            Err(Refusal::TooManyPositions {
                edges: 12,
                limit: 10
            })
        ));
        let budget = Budget {
            edges: 8,
            ..Budget::DEFAULT
        };
        assert!(matches!(
            analyze(&[graph], &budget),
            Err(Refusal::TooManyEdges {
                edges: 12,
                limit: 8
            })
        ));
    }
}
