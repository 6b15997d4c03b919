//! Model -> analysis: the exact Grundy value of a Green Hackenbush graph, with the
//! breakdown that explains it.
//!
//! # Method
//!
//! 1. The ground vertices are one node (done by the [model](crate::model)); edges that
//!    cannot reach it are dropped (they fall at the first cut anyway and are no moves).
//! 2. **Fusion Principle** (Winning Ways, ch. 7): the vertices of a cycle may be fused
//!    without changing the value. Fusing every 2-edge-connected block into one vertex turns
//!    its edges into loops, and a loop is worth a twig (*1), so a block contributes the
//!    parity of its edge count: an odd cycle is a twig, an even one a point.
//! 3. What is left is a tree of blocks joined by bridges. **Colon Principle**: a vertex's
//!    value depends only on the values of what hangs above it, and a branch of value `x`
//!    hanging from an edge is worth `x + 1` at the edge's foot. So
//!    `value(B) = parity(B) XOR (XOR over child blocks C of (value(C) + 1))`.
//! 4. By the Sprague-Grundy theorem the position's value is the XOR (nim-sum) of its
//!    graphs' values, and the player to move wins exactly when it is not zero.
//!
//! # Complexity
//!
//! O(V + E) time and memory: the one iterative depth-first search (`src/dfs.rs`) finds the bridges, one pass over
//! the preorder assigns blocks, one pass over the edges counts them, one pass in reverse
//! preorder applies the Colon Principle. No recursion anywhere.
//!
//! Values are `u64`: a graph's value never exceeds its number of edges.
//!
//! # Colours
//!
//! Only a green graph is worth a nim heap: [`analyze`] refuses a graph with a blue or red
//! edge ([`NotGreen`]), whose value is a partizan game ([`partizan::analyze`]). The blocks
//! and bridges do not depend on colours, and the crate reads them for coloured graphs too
//! (`breakdown`, whose Grundy values are then those of the graph taken all green).

mod bridges;
pub mod green;
pub mod misere;
pub mod moves;
pub mod partizan;
pub mod position;
pub mod summary;

pub use misere::Play;

use petgraph::graph::{EdgeIndex, NodeIndex};

use crate::model::Graph;
use crate::syntax::{Colour, GraphDecl};

/// Told, while a search values a graph, the graph's name and how many positions it has
/// valued so far (every [`partizan::PROGRESS_EVERY`]): for a person watching.
pub type SearchProgress = Box<dyn FnMut(&str, usize)>;

/// Index of a block in [`Analysis::blocks`].
pub type BlockId = u32;

/// A 2-edge-connected block of the attached part, fused to one vertex.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Block {
    /// Its vertex nearest the ground: the ground for block 0, otherwise the upper end of
    /// the bridge it hangs from.
    pub top: NodeIndex,
    /// The bridge it hangs from and the block below it; `None` for the ground's block.
    pub parent: Option<(EdgeIndex, BlockId)>,
    /// How many edges lie inside it (each becomes a loop when it is fused).
    pub edge_count: usize,
    /// Its Grundy value as a branch rooted at `top`: `parity XOR (XOR of (child + 1))`.
    pub value: u64,
}

impl Block {
    /// The parity of its edge count: what its loops are worth together (*1 or *0).
    pub fn parity(&self) -> u64 {
        (self.edge_count & 1) as u64
    }
}

/// What an edge turned out to be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EdgeRole {
    /// Not connected to the ground: dropped, not a move.
    Ignored,
    /// A bridge; its removal detaches the block `child` and everything above it.
    Bridge {
        /// The block hanging from it.
        child: BlockId,
    },
    /// Inside the block; a loop after fusion.
    Internal(BlockId),
}

/// The analysis of one graph.
#[derive(Clone, Debug)]
pub struct Analysis {
    /// The Grundy value of the graph: `blocks[0].value`.
    pub value: u64,
    /// The blocks, parents before children (block 0 holds the ground).
    pub blocks: Vec<Block>,
    /// The role of every edge of the model, by edge index.
    pub edge_roles: Vec<EdgeRole>,
    /// How many edges are attached to the ground.
    pub attached_edges: usize,
    /// How many edges are not, and were dropped.
    pub ignored_edges: usize,
    /// The block of every node (`None` if unattached), by node index.
    node_block: Vec<BlockId>,
    /// Children of each block: `children[child_start[b]..child_start[b + 1]]`.
    child_start: Vec<u32>,
    children: Vec<BlockId>,
    /// Nodes of each block in preorder: `block_nodes[node_start[b]..node_start[b + 1]]`.
    node_start: Vec<u32>,
    block_nodes: Vec<NodeIndex>,
}

const NO_BLOCK: BlockId = bridges::NONE;

impl Analysis {
    /// The block `node` was fused into, or `None` if it is not attached to the ground.
    pub fn block_of(&self, node: NodeIndex) -> Option<BlockId> {
        self.node_block
            .get(node.index())
            .copied()
            .filter(|&b| b != NO_BLOCK)
    }

    /// The blocks hanging from block `b` by a bridge.
    pub fn children(&self, b: BlockId) -> &[BlockId] {
        let b = b as usize;
        &self.children[self.child_start[b] as usize..self.child_start[b + 1] as usize]
    }

    /// The nodes fused into block `b`, its top first.
    pub fn block_nodes(&self, b: BlockId) -> &[NodeIndex] {
        let b = b as usize;
        &self.block_nodes[self.node_start[b] as usize..self.node_start[b + 1] as usize]
    }

    /// How many nodes are attached to the ground (the fused ground counts as one).
    pub fn attached_nodes(&self) -> usize {
        self.block_nodes.len()
    }

    /// Number of bridges.
    pub fn bridge_count(&self) -> usize {
        self.blocks.len() - 1
    }
}

/// Why [`analyze`] refused a graph: it has a blue or red edge, so it is worth a partizan
/// game, not a nim heap; [`partizan::analyze`] values it.
///
/// ```
/// use hackenbush::analysis::{NotGreen, analyze};
/// use hackenbush::{model::Graph, source::Source, syntax::{self, Colour, Format}};
///
/// let source = Source::from_text("t.hb", "ground: g\ng-a\nblue: a-b\n")?;
/// let position = syntax::parse(Format::Hb, &source).next().unwrap()?;
/// let graph = Graph::build(position.graphs[0].clone(), 0);
/// let refused: NotGreen = analyze(&graph).unwrap_err();
/// assert_eq!((refused.edge.index(), refused.colour), (1, Colour::Blue));
/// assert_eq!(refused.to_string(), "edge 2 is blue: a graph with blue or red edges is worth a partizan game, not a nim heap (see analysis::partizan::analyze)");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NotGreen {
    /// Its first blue or red edge, in input order.
    pub edge: EdgeIndex,
    /// That edge's colour.
    pub colour: Colour,
}

impl std::fmt::Display for NotGreen {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "edge {} is {}: a graph with blue or red edges is worth a partizan game, not a nim \
             heap (see analysis::partizan::analyze)",
            self.edge.index() + 1,
            self.colour.name()
        )
    }
}

impl std::error::Error for NotGreen {}

/// Analyzes `graph`, a Green Hackenbush graph: its Grundy value and its blocks. See the
/// [module docs](self).
///
/// # Errors
///
/// [`NotGreen`] if an edge of `graph` is blue or red: its value is not a nim heap.
///
/// # Complexity
///
/// O(V + E) time and memory.
///
/// # Example
///
/// ```
/// use hackenbush::{model::Graph, analysis::analyze};
///
/// // Two triangles hanging from one vertex above a stalk of one edge.
/// let g = Graph::from_edges(&[0], &[(0, 1), (1, 2), (2, 3), (3, 1), (1, 4), (4, 5), (5, 1)]);
/// let a = analyze(&g)?;
/// // Each triangle fuses to a twig (*1); two twigs on one vertex are *0; the stalk adds 1.
/// assert_eq!(a.value, 1);
/// assert_eq!(a.blocks.len(), 2);
/// # Ok::<(), hackenbush::analysis::NotGreen>(())
/// ```
pub fn analyze(graph: &Graph) -> Result<Analysis, NotGreen> {
    let coloured = (graph.net.edge_indices())
        .map(|edge| (edge, graph.colour(edge)))
        .find(|&(_, colour)| colour != Colour::Green);
    match coloured {
        Some((edge, colour)) => Err(NotGreen { edge, colour }),
        None => Ok(breakdown(graph)),
    }
}

/// The model of graph `index` (0-based in its position) and its [`breakdown`].
pub(crate) fn modelled(decl: GraphDecl, index: usize) -> (Graph, Analysis) {
    let graph = Graph::build(decl, index);
    let analysis = breakdown(&graph);
    (graph, analysis)
}

/// The blocks, bridges and edge roles of `graph`, whatever its colours (they depend on
/// its edges only), with the Grundy values of the graph taken all green: its value when
/// it is green, and nothing it is worth otherwise. For the crate, where it knows the graph
/// is green or needs only its blocks; [`analyze`] checks.
pub(crate) fn breakdown(graph: &Graph) -> Analysis {
    let net = &graph.net;
    let bridges = bridges::find(net, Graph::ground());
    let node_count = net.node_count();
    let edge_count = net.edge_count();

    // Blocks: in preorder, a node starts a new block when its parent edge is a bridge.
    let mut node_block = vec![NO_BLOCK; node_count];
    // One block for the ground and one above each bridge: sized once (a tree of 10^7
    // edges has 10^7 blocks, and doubling would hold up to twice that).
    let bridge_count = bridges.bridge.iter().filter(|&&b| b).count();
    let mut blocks: Vec<Block> = Vec::with_capacity(bridge_count + 1);
    for &v in &bridges.order {
        let v = v as usize;
        let pe = bridges.parent_edge[v];
        if pe == bridges::NONE {
            node_block[v] = blocks.len() as BlockId;
            blocks.push(Block {
                top: NodeIndex::new(v),
                parent: None,
                edge_count: 0,
                value: 0,
            });
            continue;
        }
        let e = EdgeIndex::new(pe as usize);
        let parent_block = node_block[bridges::other_end(net, e, v)];
        if bridges.bridge[pe as usize] {
            node_block[v] = blocks.len() as BlockId;
            blocks.push(Block {
                top: NodeIndex::new(v),
                parent: Some((e, parent_block)),
                edge_count: 0,
                value: 0,
            });
        } else {
            node_block[v] = parent_block;
        }
    }

    // Edge roles and block sizes.
    let mut edge_roles = Vec::with_capacity(edge_count);
    let mut attached_edges = 0;
    for (e, raw) in net.raw_edges().iter().enumerate() {
        let (a, b) = (raw.source().index(), raw.target().index());
        let role = if !bridges.attached[a] {
            EdgeRole::Ignored
        } else if bridges.bridge[e] {
            let child = if bridges.parent_edge[a] == e as u32 {
                a
            } else {
                b
            };
            EdgeRole::Bridge {
                child: node_block[child],
            }
        } else {
            let block = node_block[a];
            blocks[block as usize].edge_count += 1;
            EdgeRole::Internal(block)
        };
        attached_edges += usize::from(role != EdgeRole::Ignored);
        edge_roles.push(role);
    }

    // Colon Principle, leaves first: children have larger ids than their parents.
    let mut above = vec![0u64; blocks.len()];
    for b in (0..blocks.len()).rev() {
        let value = blocks[b].parity() ^ above[b];
        blocks[b].value = value;
        if let Some((_, parent)) = blocks[b].parent {
            above[parent as usize] ^= value + 1;
        }
    }

    let (child_start, children) = group(
        blocks.len(),
        blocks
            .iter()
            .enumerate()
            .filter_map(|(b, block)| block.parent.map(|(_, p)| (p, b as BlockId))),
    );
    let (node_start, block_nodes) = group(
        blocks.len(),
        bridges
            .order
            .iter()
            .map(|&v| (node_block[v as usize], NodeIndex::new(v as usize))),
    );

    Analysis {
        value: blocks.first().map_or(0, |b| b.value),
        blocks,
        ignored_edges: edge_count - attached_edges,
        attached_edges,
        edge_roles,
        node_block,
        child_start,
        children,
        node_start,
        block_nodes,
    }
}

/// Groups `(key, item)` pairs by key `0..keys`, keeping their order within a key
/// (a counting sort): returns the start of each key's run and the items.
fn group<T: Copy + Default>(
    keys: usize,
    pairs: impl Iterator<Item = (BlockId, T)> + Clone,
) -> (Vec<u32>, Vec<T>) {
    let mut start = vec![0u32; keys + 1];
    for (k, _) in pairs.clone() {
        start[k as usize + 1] += 1;
    }
    for k in 0..keys {
        start[k + 1] += start[k];
    }
    let mut fill = start.clone();
    let mut items = vec![T::default(); start[keys] as usize];
    for (k, item) in pairs {
        items[fill[k as usize] as usize] = item;
        fill[k as usize] += 1;
    }
    (start, items)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn value(ground: &[u32], edges: &[(u32, u32)]) -> u64 {
        green(&Graph::from_edges(ground, edges)).value
    }

    /// The analysis of a graph built green.
    fn green(graph: &Graph) -> Analysis {
        analyze(graph).expect("built green")
    }

    /// Issue 33: `analyze` read every edge as green. On a triangle of a green, a blue and
    /// a red edge, worth `-1/2*`, it said `*1`; it refuses it now.
    #[test]
    fn a_coloured_graph_is_refused_not_valued_as_green() {
        use crate::source::Source;
        use crate::syntax::{self, Format};

        let text = "ground: g\ng-a\nblue: a-b\nred: b-g\n";
        let source = Source::from_text("t.hb", text).unwrap();
        let position = syntax::parse(Format::Hb, &source).next().unwrap().unwrap();
        let graph = Graph::build(position.graphs[0].clone(), 0);
        let refused = analyze(&graph).unwrap_err();
        assert_eq!(refused.edge.index(), 1);
        assert_eq!(refused.colour, Colour::Blue);
        let valued = partizan::analyze(&graph, partizan::Budget::default()).unwrap();
        assert_eq!(valued.value.to_string(), "-1/2*");
        // Its blocks are still there for the crate: one triangle.
        assert_eq!(breakdown(&graph).blocks.len(), 1);
        // The same triangle all green is analyzed.
        let green_text = "ground: g\ng-a-b-g\n";
        let source = Source::from_text("t.hb", green_text).unwrap();
        let position = syntax::parse(Format::Hb, &source).next().unwrap().unwrap();
        let graph = Graph::build(position.graphs[0].clone(), 0);
        assert_eq!(analyze(&graph).unwrap().value, 1);
    }

    #[test]
    fn stalks_are_nim_heaps() {
        let stalk: Vec<(u32, u32)> = (0..7).map(|i| (i, i + 1)).collect();
        assert_eq!(value(&[0], &stalk), 7);
        assert_eq!(value(&[0], &[]), 0);
    }

    #[test]
    fn loops_and_parallel_edges() {
        assert_eq!(value(&[0], &[(0, 0)]), 1);
        assert_eq!(value(&[0], &[(0, 1), (0, 1)]), 0);
        assert_eq!(value(&[0], &[(0, 1), (0, 1), (0, 1)]), 1);
        assert_eq!(value(&[0], &[(0, 1), (1, 1)]), 2);
    }

    #[test]
    fn poj_sample_is_a_first_player_win() {
        // Stalk 1-2 with a triangle 2-3-4 on top: *1 below a twig -> 1 + 1 = 2.
        assert_eq!(value(&[0], &[(0, 1), (1, 2), (1, 3), (2, 3)]), 2);
    }

    #[test]
    fn theta_and_k4() {
        // Theta: three paths of length 2 between ground and top: 6 edges, even -> 0.
        assert_eq!(
            value(&[0], &[(0, 1), (1, 4), (0, 2), (2, 4), (0, 3), (3, 4)]),
            0
        );
        // K4: 6 edges, one block -> 0.
        let k4 = [(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)];
        assert_eq!(value(&[0], &k4), 0);
    }

    #[test]
    fn two_grounds_and_detached_parts() {
        // Path ground0 - 2 - ground1 is a cycle through the fused ground: 2 edges -> 0.
        let a = green(&Graph::from_edges(&[0, 1], &[(0, 2), (2, 1), (3, 4)]));
        assert_eq!(a.value, 0);
        assert_eq!(a.ignored_edges, 1);
        assert_eq!(a.attached_edges, 2);
        assert_eq!(a.edge_roles[2], EdgeRole::Ignored);
    }

    #[test]
    fn breakdown_is_kept() {
        let g = Graph::from_edges(&[0], &[(0, 1), (1, 2), (2, 3), (3, 1), (1, 4)]);
        let a = green(&g);
        assert_eq!(a.blocks.len(), 3);
        assert_eq!(a.children(0), &[1]);
        let b1 = a.blocks[1];
        assert_eq!(b1.edge_count, 3);
        assert_eq!(a.block_nodes(1).len(), 3);
        // Triangle (*1) and twig (*1... as branch 0+1) on vertex 1: 1 ^ (0 + 1) = 0; +1 below.
        assert_eq!(a.value, 1);
        assert_eq!(a.bridge_count(), 2);
    }

    #[test]
    fn deep_path_and_big_cycle_need_no_stack() {
        let n = 1_000_000u32;
        let path: Vec<(u32, u32)> = (0..n).map(|i| (i, i + 1)).collect();
        assert_eq!(value(&[0], &path), u64::from(n));
        let cycle: Vec<(u32, u32)> = (0..n).map(|i| (i, (i + 1) % n)).collect();
        assert_eq!(value(&[0], &cycle), 0);
    }
}
