//! The value and the peeling: a graph's Grundy value on the core's arrays, in as little
//! memory and time as the judge needs, and the peeling of pendant trees that the
//! [cut search](super::cuts) shares.
//!
//! It is the method of the breakdown ([`analyze`](crate::analysis::analyze)), folded into
//! one depth-first search: every 2-edge-connected block is a connected piece of the DFS tree, so with
//!
//! ```text
//! acc(v) = (loops at v) + (back edges from v up to an ancestor)        (mod 2)
//!          XOR over DFS children c:  acc(c) + 1   if v-c is a bridge   (Colon Principle)
//!                                    acc(c) ^ 1   otherwise            (one more loop)
//! ```
//!
//! the top vertex of a block carries the block's value, and the graph is worth acc(root)
//! (Fusion Principle: a block's edges are loops, only their parity counts). Bridges are
//! found on the way by Tarjan's low-link rule.
//!
//! Before the search, pendant trees are peeled off leaf by leaf (a leaf's neighbour is the
//! XOR of its neighbours' ids, so no adjacency lists are needed): a leaf is a bridge with
//! nothing below it but its own terms, so it adds `acc(leaf) + 1` to its neighbour, as the
//! search would. Then every cycle hanging from a single vertex (a Christmas Game polygon)
//! is fused into that vertex, and whatever that leaves as a leaf is peeled in turn. The
//! search runs on what is left, which for judge data (trees, and trees with polygons) is
//! nothing or little.
//!
//! # Complexity
//!
//! O(V + E) time. Memory: 12 bytes per vertex while degrees are counted and pendant trees
//! peeled (degree, XOR of the neighbours, accumulator), which is all a tree needs; when
//! something is left, 20 bytes per vertex in the same place (cursor, list end, preorder,
//! low-link and accumulator side by side), plus 8 bytes per edge left after peeling (the
//! adjacency) and 4 per vertex on the search's stack, all kept in the [`Workspace`](super::Workspace)
//! reused from graph to graph. No recursion: a path of 10^7 vertices needs no stack.
//!
//! The breakdown ([`analyze`](crate::analysis::analyze)) keeps the blocks that explanations
//! and pictures need; the tests hold its values against this one and both against the
//! game tree.

use crate::dfs::NONE;

/// The value search's buffers, reused from graph to graph (in a
/// [`Workspace`](super::Workspace)), so a stream of test cases allocates only when a graph
/// is larger than every one before it.
#[derive(Debug, Default)]
pub(super) struct ValueBuffers {
    /// The vertices' [`Count`]s, then (when something is left after peeling) their
    /// [`Record`]s, in the same words.
    words: crate::huge_pages::Words,
    /// How many of the first `words` [`ValueBuffers::prepare`] left at zero, untouched since.
    zeroed: usize,
    adjacency: Vec<u32>,
    stack: Vec<u32>,
    /// A chain as [`fold_pendant_cycles`] walks it.
    chain: Vec<[u32; 2]>,
    renumbered: Vec<u32>,
    /// Per vertex, for [`counts`] when some edge is not attached: what hangs below it.
    below: Vec<Below>,
    /// For [`counts`]: the vertices with loops (other than the ground).
    loops: Vec<u32>,
}

impl ValueBuffers {
    /// Makes room for a graph of about `vertices` vertices and `edges` edges ahead of
    /// time, touching the memory, so that a second thread can pay for the page faults
    /// while the first one is still reading the graph. Sizes are capped by `edges`, so a
    /// claimed vertex count costs nothing. (Only the vertices' counts, zeroed so that the
    /// search need not zero them again: the records and the adjacency lists are built
    /// for what is left after the pendant trees, often nothing.)
    pub(super) fn prepare(&mut self, vertices: usize, edges: usize) {
        let n = vertices.min(2 * edges + 16);
        self.words.clear();
        self.words.reserve(RECORD * n);
        self.words.resize(COUNT * n, 0);
        self.zeroed = COUNT * n;
    }
}

/// What counting degrees and peeling pendant trees need of a vertex, and no more: on a
/// tree of millions of vertices every step is a read-modify-write at a random place, and
/// the fewer bytes they are spread over, the more of them hit the cache (with 20-byte
/// records for every step, the judge took about 15% longer on a tree of 5*10^6 edges).
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, bytemuck::Pod, bytemuck::Zeroable)]
struct Count {
    /// The XOR of the ids of the vertex's neighbours (without loops).
    xor: u32,
    /// The edges left (without loops), or [`PEELED`].
    degree: u32,
    /// acc(v): the parity of v's loops, XOR the terms of the trees peeled into it.
    acc: u32,
}

/// Words of a [`Count`] and of a [`Record`].
const COUNT: usize = size_of::<Count>() / 4;
const RECORD: usize = size_of::<Record>() / 4;

/// Everything the search reads about one vertex, side by side: one cache line per visit
/// rather than one per array.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, bytemuck::Pod, bytemuck::Zeroable)]
struct Record {
    /// Next unread entry of the adjacency list (its start before the search).
    cursor: u32,
    /// One past the last entry of the adjacency list.
    end: u32,
    /// Preorder number, NONE while unvisited.
    pre: u32,
    /// Low-link, with [`SKIPPED`] marking the arc to the parent already passed.
    low: u32,
    /// acc(v): loops and back edges (mod 2), XOR the terms of v's children.
    acc: u32,
}

/// The Grundy value of the graph `vertices`, `ends` (see [`green::value`](super::value)).
pub(super) fn value(vertices: u32, ends: &[u32], scratch: &mut ValueBuffers) -> u64 {
    evaluate(vertices, ends, scratch, &mut NoTally)
}

/// The value of a graph of the core, and what [`value`](super::value) does not need: how
/// many vertices and edges are attached to the ground and how many of the edges are
/// bridges.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// The Grundy value.
    pub value: u64,
    /// Vertices other than the ground (id 0) that some edge touches.
    pub used_vertices: u64,
    /// Edges connected to the ground (the others fall at the first cut).
    pub attached_edges: u64,
    /// Bridges among them: the 2-edge-connected blocks of the attached part are one more
    /// (the ground's block included).
    pub bridges: u64,
}

/// [`value`], with the [`Counts`], at the cost of [`value`] when every edge is attached
/// to the ground: the counts are then totals, kept on the way (every bridge is found
/// once, by a peel or by the search), and what is attached is told by whether every
/// vertex with an edge ended in the ground. Otherwise (some edge hangs in the air) the
/// search runs again with per-vertex counts that ride along with the values: each vertex
/// carries the edges and bridges hanging below it, handed to its neighbour as its term
/// is (8 more bytes per vertex), and the ground's are the attached ones.
pub(super) fn counts(vertices: u32, ends: &[u32], scratch: &mut ValueBuffers) -> Counts {
    let mut totals = Totals {
        loops: std::mem::take(&mut scratch.loops),
        ..Totals::default()
    };
    let value = evaluate(vertices, ends, scratch, &mut totals);
    scratch.loops = std::mem::take(&mut totals.loops);
    let mut summary = Counts {
        value,
        used_vertices: totals.used,
        attached_edges: (ends.len() / 2) as u64,
        bridges: totals.bridges,
    };
    if totals.detached {
        let mut below = std::mem::take(&mut scratch.below);
        below.clear();
        evaluate(vertices, ends, scratch, &mut Counting(&mut below));
        let ground = below.first().copied().unwrap_or_default();
        scratch.below = below;
        summary.attached_edges = u64::from(ground.edges);
        summary.bridges = u64::from(ground.bridges);
        let mut used: Vec<u32> = ends.iter().copied().filter(|&v| v != 0).collect();
        used.sort_unstable();
        used.dedup();
        summary.used_vertices = used.len() as u64;
    }
    summary
}

/// A ground block of a graph (a component once the ground is taken away, with its
/// edges to the ground) that stands on one ground edge, as `ground_terms` finds it:
/// in normal play, the term it adds to the value at the ground.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GroundTerm {
    /// Its first edge (0-based, in input order).
    pub first_edge: u32,
    /// Its edges, its ground edge included.
    pub edges: u32,
    /// Its Grundy value: the value of what hangs from its ground edge, plus one.
    pub value: u64,
}

/// The ground blocks of the graph `vertices`, `ends`, into `terms` in the order of their
/// first edges, when the peeling and the folding of pendant cycles take apart everything
/// attached to the ground (a christmas tree, and its polygons) and no cycle through the
/// ground was folded: then every block stands on one ground edge (a loop at the ground
/// is a block of its own, worth `*1`), and returns true. Otherwise returns false, with
/// `terms` unspecified: some block may stand on two ground edges, and the caller finds
/// the blocks another way. Edges not attached to the ground are in no block.
///
/// The terms are those the value sums at the ground: a block's top (the end of its
/// ground edge) hands its value plus one to the ground when it is peeled. Each peeled
/// vertex keeps the neighbour it was peeled into, and each folded one the vertex it was
/// folded into, so the peeling leaves a forest hung from the ground; a pass over the
/// edges finds each edge's top along it (shortening the way as it goes, no recursion)
/// and counts the edges of each block, in the workspace's own records: no memory beyond
/// the value's, and the blocks.
pub(super) fn ground_terms(
    vertices: u32,
    ends: &[u32],
    scratch: &mut ValueBuffers,
    terms: &mut Vec<GroundTerm>,
) -> bool {
    terms.clear();
    if vertices == 0 {
        return ends.is_empty();
    }
    let edges = ends.len() / 2;
    if vertices as usize > 2 * edges + 16 {
        let (n, renumbered) = super::renumber(vertices, ends, &mut scratch.renumbered);
        let mut inner = std::mem::take(scratch);
        let found = terms_dense(n, &renumbered, &mut inner, terms);
        *scratch = inner;
        scratch.renumbered = renumbered;
        return found;
    }
    terms_dense(vertices as usize, ends, scratch, terms)
}

fn terms_dense(n: usize, ends: &[u32], s: &mut ValueBuffers, terms: &mut Vec<GroundTerm>) -> bool {
    let mut tally = AtGround::default();
    value_dense(n, ends, s, &mut tally);
    if tally.folded || tally.searched {
        return false;
    }
    let ValueBuffers { words, stack, .. } = s;
    // The peeling alone leaves the counts; the folds, the records.
    if words.len() == COUNT * n {
        hung_terms(
            bytemuck::cast_slice_mut::<u32, Count>(&mut words[..]),
            ends,
            stack,
            terms,
        )
    } else {
        hung_terms(
            bytemuck::cast_slice_mut::<u32, Record>(&mut words[..]),
            ends,
            stack,
            terms,
        )
    }
}

/// What [`ground_terms`] needs to know of the value's way: whether a cycle was folded
/// into the ground, and whether the search ran.
#[derive(Default)]
struct AtGround {
    folded: bool,
    searched: bool,
}

impl Tally for AtGround {
    #[inline(always)]
    fn folded(&mut self, at: usize, _n: usize) {
        self.folded |= at == 0;
    }

    fn finish(&mut self, _nodes: &[impl Fated], searched: bool) {
        self.searched = searched;
    }
}

/// A vertex's record once the value is found without the search: a [`Count`] or a
/// [`Record`], each keeping where a peeled or folded vertex went.
trait Hung {
    /// The vertex it was peeled or folded into, if it was.
    fn hung_from(&self) -> Option<u32>;
    /// Makes it hang from `v` (a vertex above it).
    fn hang_from(&mut self, v: u32);
    /// acc(v).
    fn acc(&mut self) -> &mut u32;
}

impl Hung for Count {
    #[inline(always)]
    fn hung_from(&self) -> Option<u32> {
        (self.degree == PEELED).then_some(self.xor)
    }

    #[inline(always)]
    fn hang_from(&mut self, v: u32) {
        self.xor = v;
    }

    #[inline(always)]
    fn acc(&mut self) -> &mut u32 {
        &mut self.acc
    }
}

impl Hung for Record {
    #[inline(always)]
    fn hung_from(&self) -> Option<u32> {
        (self.pre == PEELED).then_some(self.cursor)
    }

    #[inline(always)]
    fn hang_from(&mut self, v: u32) {
        self.cursor = v;
    }

    #[inline(always)]
    fn acc(&mut self) -> &mut u32 {
        &mut self.acc
    }
}

/// [`ground_terms`] on the records of a graph whose value was found by peeling and
/// folding alone, with no cycle folded into the ground.
fn hung_terms<N: Hung>(
    nodes: &mut [N],
    ends: &[u32],
    path: &mut Vec<u32>,
    terms: &mut Vec<GroundTerm>,
) -> bool {
    // Each block's top (the other end of its one ground edge) hangs from the ground:
    // its term is its acc plus one; its acc then holds the block's slot in `terms`.
    for pair in ends.chunks_exact(2) {
        let (u, v) = (pair[0], pair[1]);
        if (u == 0) != (v == 0) {
            let top = &mut nodes[(u | v) as usize];
            if top.hung_from() != Some(0) {
                return false;
            }
            let acc = top.acc();
            terms.push(GroundTerm {
                first_edge: u32::MAX,
                edges: 0,
                value: u64::from(*acc) + 1,
            });
            *acc = (terms.len() - 1) as u32;
        }
    }
    // Every step reads a vertex at a random place, and the one it hangs from: the scan
    // asks for the first [`AHEAD`] edges on, and for the second half as far on, so that
    // both are there when it comes (as the counting and the peeling do).
    let end = |e: usize| -> usize {
        let (u, v) = (ends[2 * e], ends[2 * e + 1]);
        (if u != 0 { u } else { v }) as usize
    };
    let edges = ends.len() / 2;
    for (e, pair) in ends.chunks_exact(2).enumerate() {
        if e + 2 * AHEAD < edges {
            prefetch_index::prefetch_index(&*nodes, end(e + 2 * AHEAD));
        }
        if e + AHEAD < edges
            && let Some(up) = nodes[end(e + AHEAD)].hung_from()
        {
            prefetch_index::prefetch_index(&*nodes, up as usize);
        }
        let x = if pair[0] != 0 { pair[0] } else { pair[1] };
        if x == 0 {
            terms.push(GroundTerm {
                first_edge: e as u32,
                edges: 1,
                value: 1,
            });
            continue;
        }
        let Some(top) = top_of(nodes, x, path) else {
            continue;
        };
        let term = &mut terms[*nodes[top].acc() as usize];
        term.edges += 1;
        if term.first_edge == u32::MAX {
            term.first_edge = e as u32;
        }
    }
    terms.sort_unstable_by_key(|term| term.first_edge);
    true
}

/// The top of the block of vertex `x` (not the ground): the vertex hung from the ground
/// that `x` hangs below; `None` when `x` hangs from nothing (it is not attached). Every
/// vertex on the way is made to hang from where the way ended, so that the next one
/// that passes there takes one step. `path` is scratch space.
#[inline]
fn top_of<N: Hung>(nodes: &mut [N], x: u32, path: &mut Vec<u32>) -> Option<usize> {
    let mut at = x;
    let top = loop {
        match nodes[at as usize].hung_from() {
            Some(0) => break Some(at as usize),
            Some(up) => {
                path.push(at);
                at = up;
            }
            None => break None,
        }
    };
    // The path ends at the top (or at where it stops); its last vertex hangs there.
    if path.len() > 1 {
        for &v in &path[..path.len() - 1] {
            nodes[v as usize].hang_from(at);
        }
    }
    path.clear();
    top
}

fn evaluate<T: Tally>(
    vertices: u32,
    ends: &[u32],
    scratch: &mut ValueBuffers,
    tally: &mut T,
) -> u64 {
    if vertices == 0 {
        return 0;
    }
    let edges = ends.len() / 2;
    if vertices as usize > 2 * edges + 16 {
        let (n, renumbered) = super::renumber(vertices, ends, &mut scratch.renumbered);
        let mut inner = std::mem::take(scratch);
        let v = value_dense(n, &renumbered, &mut inner, tally);
        *scratch = inner;
        scratch.renumbered = renumbered;
        return v;
    }
    value_dense(vertices as usize, ends, scratch, tally)
}

/// Edges and bridges hanging below a vertex (itself included: its loops and back edges).
#[derive(Clone, Copy, Debug, Default)]
struct Below {
    edges: u32,
    bridges: u32,
}

/// What is counted besides the values, at each step where a vertex hands its term on:
/// nothing for the judge ([`NoTally`], compiled away), totals for [`Counts`]
/// ([`Totals`]), or edges and bridges per vertex when some edge is not attached
/// ([`Counting`]).
trait Tally {
    /// Whether [`Tally::edge`] and [`Tally::looped`] are told of loops.
    const LOOPS: bool = false;
    /// Room for `n` vertices, all at zero.
    fn reset(&mut self, _n: usize) {}
    /// A loop at `v` (told once the degrees are counted, when [`Tally::LOOPS`]).
    #[inline(always)]
    fn looped(&mut self, _v: usize) {}
    /// One edge (a loop, or a back edge) counted at `v`.
    #[inline(always)]
    fn edge(&mut self, _v: usize) {}
    /// Vertex `from` and what hangs below it go to `to` through one more edge, a bridge
    /// or not; `from` has no edge left.
    #[inline(always)]
    fn hand_on(&mut self, _from: usize, _to: usize, _bridge: bool) {}
    /// [`Tally::hand_on`], by the search (not by a peel or a fold).
    #[inline(always)]
    fn popped(&mut self, from: usize, to: usize, bridge: bool) {
        self.hand_on(from, to, bridge);
    }
    /// `n` vertices of a cycle were folded into vertex `at`, which it hangs from.
    #[inline(always)]
    fn folded(&mut self, _at: usize, _n: usize) {}
    /// Vertex `v` has no edge left, and was not handed on: if it is not the ground, what
    /// hangs below it is not attached.
    #[inline(always)]
    fn emptied(&mut self, _v: usize) {}
    /// The value is found, by the search or before it (`searched`: the records hold
    /// adjacency lists, `cursor..end`, rather than the degrees left, `end`).
    fn finish(&mut self, _nodes: &[impl Fated], _searched: bool) {}
}

/// What became of a vertex other than the ground, told at the end.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Fate {
    /// Peeled with a pendant tree, or folded with a cycle.
    Peeled,
    /// Reached by the search.
    Reached,
    /// Neither, with edges left: not attached to the ground.
    Stranded,
    /// Neither, with no edge left.
    Unreached,
}

/// [`Count`]s and [`Record`]s, read by [`Tally::finish`].
trait Fated {
    /// `searched`: the records hold adjacency lists rather than degrees.
    fn fate(&self, searched: bool) -> Fate;
}

impl Fated for Count {
    fn fate(&self, _searched: bool) -> Fate {
        match self.degree {
            PEELED => Fate::Peeled,
            0 => Fate::Unreached,
            _ => Fate::Stranded,
        }
    }
}

impl Fated for Record {
    fn fate(&self, searched: bool) -> Fate {
        let start = if searched { self.cursor } else { 0 };
        match self.pre {
            PEELED => Fate::Peeled,
            NONE if self.end > start => Fate::Stranded,
            NONE => Fate::Unreached,
            _ => Fate::Reached,
        }
    }
}

struct NoTally;

impl Tally for NoTally {}

/// The totals of [`Counts`], right when every edge is attached to the ground, and
/// whether one is not (`detached`).
///
/// Nothing is counted where the search and the peeling wait for memory (more work there
/// leaves fewer cache misses in flight: counting at each step cost a third more time on a
/// tree of millions of edges). The totals are read from the records at the end instead,
/// in one pass in memory order: when every edge is attached, every vertex with an edge was
/// peeled, folded or reached by the search, and each peel is a bridge.
#[derive(Default)]
struct Totals {
    /// Vertices other than the ground with an edge.
    used: u64,
    bridges: u64,
    /// Vertices folded into the vertex their cycle hangs from (marked as peeled).
    folded: u64,
    /// Vertices other than the ground with loops, with repetitions.
    loops: Vec<u32>,
    /// Some edge is not attached to the ground.
    detached: bool,
}

impl Tally for Totals {
    const LOOPS: bool = true;

    fn reset(&mut self, _n: usize) {
        self.loops.clear();
    }

    #[inline(always)]
    fn looped(&mut self, v: usize) {
        if v != 0 {
            self.loops.push(v as u32);
        }
    }

    #[inline(always)]
    fn popped(&mut self, _from: usize, _to: usize, bridge: bool) {
        self.bridges += u64::from(bridge);
    }

    #[inline(always)]
    fn folded(&mut self, _at: usize, n: usize) {
        self.folded += n as u64;
    }

    #[inline(always)]
    fn emptied(&mut self, v: usize) {
        if v != 0 {
            self.detached = true;
        }
    }

    fn finish(&mut self, nodes: &[impl Fated], searched: bool) {
        let (mut peeled, mut reached, mut stranded) = (0u64, 0u64, false);
        for node in nodes.iter().skip(1) {
            let fate = node.fate(searched);
            peeled += u64::from(fate == Fate::Peeled);
            reached += u64::from(matches!(fate, Fate::Peeled | Fate::Reached));
            stranded |= fate == Fate::Stranded;
        }
        // A vertex with edges left that the search did not reach, or with loops and
        // neither peeled nor reached, is not attached.
        self.detached |= stranded;
        let unreached = |v: u32| {
            matches!(
                nodes[v as usize].fate(searched),
                Fate::Stranded | Fate::Unreached
            )
        };
        self.detached |= self.loops.iter().any(|&v| unreached(v));
        self.used = reached;
        self.bridges += peeled - self.folded;
    }
}

struct Counting<'a>(&'a mut Vec<Below>);

impl Tally for Counting<'_> {
    const LOOPS: bool = true;

    fn reset(&mut self, n: usize) {
        self.0.clear();
        self.0.resize(n, Below::default());
    }

    fn edge(&mut self, v: usize) {
        self.0[v].edges += 1;
    }

    fn hand_on(&mut self, from: usize, to: usize, bridge: bool) {
        let below = self.0[from];
        let to = &mut self.0[to];
        to.edges += below.edges + 1;
        to.bridges += below.bridges + u32::from(bridge);
    }
}

fn value_dense<T: Tally>(n: usize, ends: &[u32], s: &mut ValueBuffers, tally: &mut T) -> u64 {
    let ValueBuffers {
        words,
        zeroed,
        adjacency,
        stack,
        chain,
        ..
    } = s;
    tally.reset(n);
    // Per vertex, its count: the degree without loops, the XOR of its neighbours, and the
    // parity of its loops. Room for the records too, should they be needed, but not
    // touched (nor counted in the peak memory) unless they are.
    if std::mem::take(zeroed) >= COUNT * n {
        words.truncate(COUNT * n);
    } else {
        words.clear();
        words.reserve(RECORD * n);
        words.resize(COUNT * n, 0);
    }
    let counts: &mut [Count] = bytemuck::cast_slice_mut(&mut words[..]);
    count(counts, ends);
    if T::LOOPS {
        for pair in ends.chunks_exact(2).filter(|pair| pair[0] == pair[1]) {
            tally.edge(pair[0] as usize);
            tally.looped(pair[0] as usize);
        }
    }
    peel_leaves(
        &mut Peeling {
            nodes: counts,
            tally,
        },
        stack,
    );
    if counts[0].degree == 0 {
        tally.finish(&*counts, false);
        return u64::from(counts[0].acc);
    }
    // Something is left: the records, in the same words (each written after the counts
    // it overlaps were read, from the last vertex down), then the folds and the search.
    words.resize(RECORD * n, 0);
    for v in (0..n).rev() {
        let c: Count = bytemuck::cast_slice(&words[COUNT * v..COUNT * (v + 1)])[0];
        let peeled = c.degree == PEELED;
        bytemuck::cast_slice_mut(&mut words[RECORD * v..RECORD * (v + 1)])[0] = Record {
            cursor: c.xor,
            end: if peeled { 0 } else { c.degree },
            pre: if peeled { PEELED } else { NONE },
            low: 0,
            acc: c.acc,
        };
    }
    let nodes: &mut [Record] = bytemuck::cast_slice_mut(&mut words[..]);
    // Folding cycles costs a pass over the edges; it pays when most vertices left lie on
    // chains (polygons, cacti), not on a random multigraph where few cycles hang alone.
    let (left, on_chains) = nodes.iter().skip(1).fold((0, 0), |(left, on), v| {
        (left + usize::from(v.end > 0), on + usize::from(v.end == 2))
    });
    if 2 * on_chains >= left {
        fold_pendant_cycles(&mut Fold { nodes, tally }, ends, chain);
        if nodes[0].end == 0 {
            tally.finish(&*nodes, false);
            return u64::from(nodes[0].acc);
        }
    }
    // What is left: CSR adjacency of the edges between vertices not peeled. `end` holds
    // the degrees left; turn them into list starts in `cursor`, then fill (moving `end`
    // from start to end).
    let mut total = 0u32;
    for node in nodes.iter_mut() {
        let degree = node.end;
        node.cursor = total;
        node.end = total;
        total += degree;
    }
    adjacency.clear();
    adjacency.resize(total as usize, 0);
    for pair in ends.chunks_exact(2) {
        let (u, v) = (pair[0], pair[1]);
        if u != v && nodes[u as usize].pre != PEELED && nodes[v as usize].pre != PEELED {
            let nu = &mut nodes[u as usize];
            adjacency[nu.end as usize] = v;
            nu.end += 1;
            let nv = &mut nodes[v as usize];
            adjacency[nv.end as usize] = u;
            nv.end += 1;
        }
    }
    let value = search(nodes, adjacency, stack, tally);
    tally.finish(&*nodes, true);
    value
}

/// What counting the edges keeps of a vertex: the value search's [`Count`], the cut
/// search's record (which also XORs the edges' indices), the red-blue tree's
/// ([`RedBlueTree`](crate::analysis::partizan::RedBlueTree)).
pub(crate) trait Counted: Send {
    /// Edge `e`, not a loop, from this vertex to `other`.
    fn edge(&mut self, other: u32, e: u32);
    /// A loop at this vertex.
    fn looped(&mut self);
}

impl Counted for Count {
    #[inline(always)]
    fn edge(&mut self, other: u32, _e: u32) {
        self.degree += 1;
        self.xor ^= other;
    }

    #[inline(always)]
    fn looped(&mut self) {
        self.acc ^= 1;
    }
}

/// Fills each vertex's counts from the edges, on both cores when there are many
/// vertices: each core takes half of them, and reads every edge. Every step is a
/// read-modify-write at a random place, waiting for memory, so two cores wait about half
/// as long. Returns how many loops there are.
pub(crate) fn count(counts: &mut [impl Counted], ends: &[u32]) -> usize {
    if counts.len() < COUNT_IN_HALVES_FROM || crate::threads::current_num_threads() < 2 {
        count_range(counts, 0, ends)
    } else {
        count_in_halves(counts, ends)
    }
}

/// Vertices from which [`count`] takes two cores.
const COUNT_IN_HALVES_FROM: usize = 1 << 18;

fn count_in_halves(counts: &mut [impl Counted], ends: &[u32]) -> usize {
    let mid = counts.len() / 2;
    let (low, high) = counts.split_at_mut(mid);
    let (a, b) = crate::threads::join(
        || count_range(low, 0, ends),
        || count_range(high, mid, ends),
    );
    a + b
}

/// How many steps ahead the scans of the counts ask for memory they will need (the
/// processor's own look-ahead stops at a few steps: on a tree of 5*10^6 edges, counting
/// and peeling took about 0.7 times as long with the hints).
const AHEAD: usize = 48;

/// Counts the edges at vertices `first..first + counts.len()`, asking for the memory of
/// the vertices [`AHEAD`] edges on (a hint; ids outside the range are never read).
/// Returns how many loops it counted.
#[inline(always)]
fn count_range(counts: &mut [impl Counted], first: usize, ends: &[u32]) -> usize {
    let mut loops = 0;
    for (i, pair) in ends.chunks_exact(2).enumerate() {
        if let Some(ahead) = ends.get(2 * (i + AHEAD)..2 * (i + AHEAD) + 2) {
            prefetch_index::prefetch_index(&*counts, (ahead[0] as usize).wrapping_sub(first));
            prefetch_index::prefetch_index(&*counts, (ahead[1] as usize).wrapping_sub(first));
        }
        let (u, v) = (pair[0], pair[1]);
        if let Some(c) = counts.get_mut((u as usize).wrapping_sub(first)) {
            if u == v {
                c.looped();
                loops += 1;
                continue;
            }
            c.edge(v, i as u32);
        }
        // (A loop's v is in the range only if its u is, which went on to the next edge.)
        if let Some(c) = counts.get_mut((v as usize).wrapping_sub(first)) {
            c.edge(u, i as u32);
        }
    }
    loops
}

/// `pre` of a vertex removed with its pendant tree.
const PEELED: u32 = NONE - 1;

/// What [`peel_leaves`] needs of a graph's records: which vertex is a leaf, and how one
/// is peeled. The value search, the cut search and the red-blue tree's values
/// ([`RedBlueTree`](crate::analysis::partizan::RedBlueTree)) keep different records and
/// hand different things on, and peel in the same order.
pub(crate) trait Leaves {
    /// How many vertex ids there are; 0 is the ground, never peeled.
    fn len(&self) -> usize;
    /// Whether `x` has exactly one edge left.
    fn is_leaf(&self, x: usize) -> bool;
    /// Asks for the memory of `x`'s neighbour, should `x` be a leaf by the time the scan
    /// reaches it.
    #[inline(always)]
    fn ahead(&self, _x: usize) {}
    /// Removes leaf `x` (not the ground), handing what it holds to its one neighbour,
    /// which is returned.
    fn peel(&mut self, x: usize) -> usize;
}

/// Peels every pendant tree of `graph`, leaf by leaf (never the ground).
///
/// The scan goes down from the highest id and never waits for a neighbour: it updates
/// the neighbour of each leaf it meets without reading it back, so the memory accesses
/// overlap instead of queueing behind each other, and it asks for the neighbour of the
/// vertex [`AHEAD`] ids on before it gets there. A neighbour the scan has yet to reach
/// is left to it (judge data usually number a child after its parent, and then that is
/// all); one it has passed goes into `behind` (4,096 at most), to be looked at in a batch
/// and peeled, with its own neighbours in turn, if it has become a leaf. `behind` is
/// scratch space. A vertex is peeled only after everything that hangs from it.
#[inline(always)]
pub(crate) fn peel_leaves(graph: &mut impl Leaves, behind: &mut Vec<u32>) {
    behind.clear();
    for first in (1..graph.len()).rev() {
        if first > AHEAD {
            graph.ahead(first - AHEAD);
        }
        if graph.is_leaf(first) {
            let up = graph.peel(first);
            if up > first {
                behind.push(up as u32);
                if behind.len() == BEHIND {
                    peel_behind(graph, behind);
                }
            }
        }
    }
    peel_behind(graph, behind);
}

/// Vertices [`peel_leaves`] gathers before looking at them.
const BEHIND: usize = 1 << 12;

/// Peels the vertices of `behind` that are leaves, and their neighbours in turn.
fn peel_behind(graph: &mut impl Leaves, behind: &mut Vec<u32>) {
    for &x in behind.iter() {
        peel_upwards(graph, x as usize);
    }
    behind.clear();
}

/// Peels `x` if it is a leaf (and not the ground), then its neighbour if that became
/// one, and so on.
pub(super) fn peel_upwards(graph: &mut impl Leaves, mut x: usize) {
    while x != 0 && graph.is_leaf(x) {
        x = graph.peel(x);
    }
}

/// A vertex as [`Peeling`] sees it: a [`Count`] or a [`Record`], which keep the same
/// three things under different names and mark a peeled vertex differently.
trait Peelable {
    /// The XOR of the neighbours left, the number of edges left, and acc(v).
    fn parts(&mut self) -> (&mut u32, &mut u32, &mut u32);
    /// The edges left (a peeled vertex has none, or [`PEELED`]).
    fn degree(&self) -> u32;
    /// The one neighbour, if this is a leaf (or nonsense).
    fn up(&self) -> usize;
    /// Marks the vertex peeled.
    fn mark_peeled(&mut self);

    #[inline(always)]
    fn is_leaf(&self) -> bool {
        self.degree() == 1
    }

    /// Marks a leaf peeled, and returns its term (its value so far, plus one: Colon
    /// Principle) and its one neighbour.
    #[inline(always)]
    fn peel(&mut self) -> (u32, usize) {
        let (xor, _, acc) = self.parts();
        let taken = (*acc + 1, *xor as usize);
        self.mark_peeled();
        taken
    }

    /// Takes the term of neighbour `x`, peeled; returns whether no edge is left.
    #[inline(always)]
    fn take(&mut self, x: usize, term: u32) -> bool {
        let (xor, degree, acc) = self.parts();
        *acc ^= term;
        *xor ^= x as u32;
        *degree -= 1;
        *degree == 0
    }
}

impl Peelable for Count {
    #[inline(always)]
    fn parts(&mut self) -> (&mut u32, &mut u32, &mut u32) {
        (&mut self.xor, &mut self.degree, &mut self.acc)
    }

    #[inline(always)]
    fn degree(&self) -> u32 {
        self.degree
    }

    #[inline(always)]
    fn up(&self) -> usize {
        self.xor as usize
    }

    #[inline(always)]
    fn mark_peeled(&mut self) {
        self.degree = PEELED;
    }
}

impl Peelable for Record {
    #[inline(always)]
    fn parts(&mut self) -> (&mut u32, &mut u32, &mut u32) {
        (&mut self.cursor, &mut self.end, &mut self.acc)
    }

    #[inline(always)]
    fn degree(&self) -> u32 {
        self.end
    }

    #[inline(always)]
    fn up(&self) -> usize {
        self.cursor as usize
    }

    #[inline(always)]
    fn mark_peeled(&mut self) {
        self.end = 0;
        self.pre = PEELED;
    }
}

/// The value search's counts or records as [`Leaves`], with what is counted on the way.
/// A judge's tree goes entirely this way, with no search and no adjacency lists.
struct Peeling<'a, N, T> {
    nodes: &'a mut [N],
    tally: &'a mut T,
}

impl<N: Peelable, T: Tally> Leaves for Peeling<'_, N, T> {
    #[inline(always)]
    fn len(&self) -> usize {
        self.nodes.len()
    }

    #[inline(always)]
    fn is_leaf(&self, x: usize) -> bool {
        self.nodes[x].is_leaf()
    }

    #[inline(always)]
    fn ahead(&self, x: usize) {
        prefetch_index::prefetch_index(&*self.nodes, self.nodes[x].up());
    }

    /// A leaf's value plus one goes to its neighbour.
    #[inline(always)]
    fn peel(&mut self, x: usize) -> usize {
        let (term, up) = self.nodes[x].peel();
        if self.nodes[up].take(x, term) {
            self.tally.emptied(up);
        }
        self.tally.hand_on(x, up, true);
        up
    }
}

/// A graph as [`fold_pendant_cycles`] sees it: the value search's records, or the cut
/// search's, which keep the edges of each cycle as well.
pub(super) trait Folding {
    /// Whether vertex `v` has exactly two edges left (loops aside) and was not peeled.
    fn is_inner(&self, v: usize) -> bool;
    /// Whether vertex `v` was peeled, or folded into a cycle's vertex.
    fn is_peeled(&self, v: usize) -> bool;
    /// Whether a walk along a chain passed inner vertex `v` already.
    fn walked(&self, v: usize) -> bool;
    /// Marks inner vertex `v` walked.
    fn mark_walked(&mut self, v: usize);
    /// The walk leaves inner vertex `at`, entered from `from` by edge `came`: the next
    /// vertex, and the edge to it (where edges are kept; anything where they are not).
    fn next(&self, at: usize, from: usize, came: u32) -> (usize, u32);
    /// Folds `cycle` into the vertex it hangs from, then peels that vertex if it became a
    /// leaf ([`peel_upwards`]).
    fn fold(&mut self, cycle: &Cycle<'_>);
}

/// A cycle hanging from a single vertex, as [`fold_pendant_cycles`] found it.
pub(super) struct Cycle<'a> {
    /// The vertex it hangs from.
    pub(super) at: usize,
    /// The walk from the edge found towards `at`: each vertex with the edge by which
    /// the walk left it (towards `at`).
    first: &'a [[u32; 2]],
    /// The edge found.
    entry: u32,
    /// The walk from the edge found the other way, alike.
    second: &'a [[u32; 2]],
    /// The two neighbours of `at` on the cycle (the same vertex for a digon).
    pub(super) neighbours: [usize; 2],
}

impl Cycle<'_> {
    /// Its vertices other than `at`, in order around it from `at`.
    pub(super) fn vertices(&self) -> impl Iterator<Item = u32> + '_ {
        let first = self.first.iter().rev();
        first.chain(self.second).map(|&[v, _]| v)
    }

    /// Its edges in order around it from `at`: one more than its vertices, the first and
    /// the last at `at`.
    pub(super) fn edges(&self) -> impl Iterator<Item = u32> + '_ {
        let first = self.first.iter().rev().map(|&[_, e]| e);
        let second = self.second.iter().map(|&[_, e]| e);
        first.chain(std::iter::once(self.entry)).chain(second)
    }

    /// How many vertices it has besides `at`.
    pub(super) fn len(&self) -> usize {
        self.first.len() + self.second.len()
    }

    /// What it adds to the value of `at` (Fusion Principle: its vertices fuse into `at`,
    /// its edges become loops, of which only the parity counts): the parity of its edges
    /// XOR acc of each of its vertices, the terms of what was peeled into them, which
    /// `fuse` gives for each vertex (in no particular order) as it fuses it.
    pub(super) fn term(&self, mut fuse: impl FnMut(usize) -> u32) -> u32 {
        let parity = ((self.len() + 1) & 1) as u32;
        let vertices = self.first.iter().chain(self.second);
        vertices.fold(parity, |term, &[v, _]| term ^ fuse(v as usize))
    }
}

/// Folds every cycle that hangs from a single vertex into it ([`Folding::fold`]), and
/// peels whatever becomes a leaf. A Christmas Game polygon is such a cycle, so judge data
/// usually goes entirely this way, with no search. One walk, for the value search and
/// for the cut search alike. `chain` is scratch space.
///
/// A chain is a maximal path through vertices with two edges left (never the ground).
/// Its vertices are found from any edge into it by the XOR of their neighbours: entered
/// from one neighbour, the other is that XOR with the first. When both ends of a chain
/// are the same vertex `p`, the chain and `p` form a cycle touching the rest only at
/// `p`. Chains between two different vertices are left to the search (they may be
/// bridges). One pass over the edges; each chain is walked once.
///
/// The pass goes from the last edge to the first. A cycle with cycles hanging from its
/// vertices is a chain only once they are folded, and is never walked again after a walk
/// found it was not one; data usually list a cycle after the one it hangs from (as
/// `gen cactus` does), so going backwards folds a cactus whole, where going forwards left
/// a third of a random one to the search (analyze on `gen cactus --edges 1000000`:
/// 109 -> 71 ms).
pub(super) fn fold_pendant_cycles(
    graph: &mut impl Folding,
    ends: &[u32],
    chain: &mut Vec<[u32; 2]>,
) {
    for (e, pair) in ends.chunks_exact(2).enumerate().rev() {
        let (u, w) = (pair[0] as usize, pair[1] as usize);
        if u == w || graph.is_peeled(u) || graph.is_peeled(w) {
            continue;
        }
        let (start, other) = if inner(&*graph, u) {
            (u, w)
        } else if inner(&*graph, w) {
            (w, u)
        } else {
            continue;
        };
        if graph.walked(start) {
            continue;
        }
        // Walk away from `other`, then from `start` through `other`; each walk stops at
        // the first vertex that is not inside the chain, or at one walked already: a ring
        // of its own, not attached to the ground, which the search will never reach, or
        // a chain through a vertex left with two edges by an earlier fold.
        chain.clear();
        let mut split = 0;
        let mut ends_of_chain = [(0usize, 0usize); 2];
        let mut ring = false;
        for (side, (mut from, mut at)) in [(other, start), (start, other)].into_iter().enumerate() {
            let mut came = e as u32;
            while inner(&*graph, at) && !graph.walked(at) {
                graph.mark_walked(at);
                let (next, left) = graph.next(at, from, came);
                chain.push([at as u32, left]);
                came = left;
                (from, at) = (at, next);
            }
            if inner(&*graph, at) {
                ring = true;
                break;
            }
            ends_of_chain[side] = (at, from);
            if side == 0 {
                split = chain.len();
            }
        }
        let [(p, last_a), (q, last_b)] = ends_of_chain;
        if ring || p != q {
            continue;
        }
        let (first, second) = chain.split_at(split);
        graph.fold(&Cycle {
            at: p,
            first,
            entry: e as u32,
            second,
            neighbours: [last_a, last_b],
        });
    }
}

/// Whether `v` lies inside a chain: not the ground, with two edges left.
#[inline(always)]
fn inner(graph: &impl Folding, v: usize) -> bool {
    v != 0 && graph.is_inner(v)
}

/// `low` of a vertex whose chain [`fold_pendant_cycles`] has walked (`low` is not read
/// before the search sets it).
const WALKED: u32 = NONE;

/// The value search's records as [`Folding`] sees them, with what is counted on the way.
struct Fold<'a, T> {
    nodes: &'a mut [Record],
    tally: &'a mut T,
}

impl<T: Tally> Folding for Fold<'_, T> {
    #[inline(always)]
    fn is_inner(&self, v: usize) -> bool {
        let node = &self.nodes[v];
        node.end == 2 && node.pre != PEELED
    }

    #[inline(always)]
    fn is_peeled(&self, v: usize) -> bool {
        self.nodes[v].pre == PEELED
    }

    #[inline(always)]
    fn walked(&self, v: usize) -> bool {
        self.nodes[v].low == WALKED
    }

    #[inline(always)]
    fn mark_walked(&mut self, v: usize) {
        self.nodes[v].low = WALKED;
    }

    #[inline(always)]
    fn next(&self, at: usize, from: usize, _came: u32) -> (usize, u32) {
        ((self.nodes[at].cursor as usize) ^ from, 0)
    }

    fn fold(&mut self, cycle: &Cycle<'_>) {
        let Fold { nodes, tally } = self;
        let p = cycle.at;
        // A folded vertex keeps the vertex it was folded into where a peeled one keeps
        // the neighbour it was peeled into ([`ground_terms`] reads them).
        let term = cycle.term(|v| {
            let v = &mut nodes[v];
            v.end = 0;
            v.pre = PEELED;
            v.cursor = p as u32;
            v.acc
        });
        let top = &mut nodes[p];
        top.acc ^= term;
        top.cursor ^= (cycle.neighbours[0] ^ cycle.neighbours[1]) as u32;
        top.end -= 2;
        if top.end == 0 {
            tally.emptied(p);
        }
        // The cycle's edges: one from each of its vertices towards p, and one more.
        for v in cycle.vertices() {
            tally.hand_on(v as usize, p, false);
        }
        tally.folded(p, cycle.len());
        tally.edge(p);
        let (nodes, tally) = (&mut **nodes, &mut **tally);
        peel_upwards(&mut Peeling { nodes, tally }, p);
    }
}

/// Bit of `low` marking that the arc back to the parent was passed once (the tree edge
/// itself); a second arc to the parent is a parallel edge, a back edge.
const SKIPPED: u32 = 1 << 31;

/// The iterative DFS from vertex 0. The DFS path is the stack, so a vertex's parent is
/// the entry below it.
fn search<T: Tally>(
    nodes: &mut [Record],
    adjacency: &[u32],
    stack: &mut Vec<u32>,
    tally: &mut T,
) -> u64 {
    stack.clear();
    nodes[0].pre = 0;
    nodes[0].low = 0;
    stack.push(0);
    let mut timer = 1u32;
    let mut parent = NONE;
    while let Some(&top) = stack.last() {
        let v = top as usize;
        let node = nodes[v];
        if node.cursor < node.end {
            nodes[v].cursor = node.cursor + 1;
            let w = adjacency[node.cursor as usize];
            if w == parent && node.low & SKIPPED == 0 {
                nodes[v].low |= SKIPPED;
                continue;
            }
            let pre_w = nodes[w as usize].pre;
            if pre_w == NONE {
                let child = &mut nodes[w as usize];
                child.pre = timer;
                child.low = timer;
                timer += 1;
                parent = top;
                stack.push(w);
            } else if pre_w < node.pre {
                // A back edge up (or a parallel edge to the parent): one more loop of
                // v's block, and maybe a lower low-link.
                let x = &mut nodes[v];
                if pre_w < x.low & !SKIPPED {
                    x.low = pre_w | (x.low & SKIPPED);
                }
                x.acc ^= 1;
                tally.edge(v);
            }
            // Otherwise w is a finished descendant whose edge here was counted at w.
        } else {
            stack.pop();
            let len = stack.len();
            if len >= 1 {
                let p = stack[len - 1] as usize;
                parent = if len >= 2 { stack[len - 2] } else { NONE };
                let lv = node.low & !SKIPPED;
                tally.popped(v, p, lv == node.pre);
                let up = &mut nodes[p];
                if lv == node.pre {
                    up.acc ^= node.acc + 1; // a bridge: Colon Principle
                } else {
                    up.acc ^= node.acc ^ 1; // the tree edge is one more loop of p's block
                    if lv < up.low & !SKIPPED {
                        up.low = lv | (up.low & SKIPPED);
                    }
                }
            }
        }
    }
    u64::from(nodes[0].acc)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::analyze;
    use crate::model::Graph;

    fn core(ground_is_zero: &[(u32, u32)]) -> u64 {
        let n = ground_is_zero
            .iter()
            .flat_map(|&(u, v)| [u, v])
            .max()
            .map_or(1, |m| m + 1);
        let ends: Vec<u32> = ground_is_zero.iter().flat_map(|&(u, v)| [u, v]).collect();
        value(n, &ends, &mut ValueBuffers::default())
    }

    fn full(edges: &[(u32, u32)]) -> u64 {
        analyze(&Graph::from_edges(&[0], edges)).unwrap().value
    }

    #[test]
    fn agrees_with_the_full_analysis_on_small_shapes() {
        let shapes: &[&[(u32, u32)]] = &[
            &[],
            &[(0, 0)],
            &[(0, 1), (0, 1)],
            &[(0, 1), (0, 1), (0, 1)],
            &[(0, 1), (1, 2), (1, 3), (2, 3)],
            &[(0, 1), (1, 4), (0, 2), (2, 4), (0, 3), (3, 4)],
            &[(0, 1), (1, 2), (2, 3), (3, 1), (1, 4), (4, 5), (5, 1)],
            &[(0, 1), (1, 1), (1, 2), (2, 2), (2, 2)],
            &[(3, 4), (0, 1)],
        ];
        for edges in shapes {
            assert_eq!(core(edges), full(edges), "{edges:?}");
        }
    }

    /// Shapes that exercise the fold of cycles hanging from one vertex: polygons on a
    /// tree (the Christmas Game), two at one vertex, nested behind each other, a digon,
    /// a chain between two different vertices (left to the search), a ring not attached
    /// to the ground, a cycle through the ground, and a polygon carrying a pendant tree.
    #[test]
    fn folded_cycles_agree_with_the_full_analysis() {
        let shapes: &[&[(u32, u32)]] = &[
            &[(0, 1), (1, 2), (2, 3), (3, 1)],
            &[
                (0, 1),
                (1, 2),
                (2, 3),
                (3, 1),
                (1, 4),
                (4, 5),
                (5, 6),
                (6, 1),
            ],
            &[
                (0, 1),
                (1, 2),
                (2, 1),
                (1, 3),
                (3, 4),
                (4, 5),
                (5, 3),
                (3, 6),
            ],
            &[(0, 1), (1, 2), (2, 1)],
            &[(0, 1), (1, 2), (2, 3), (3, 4), (4, 1), (2, 5), (5, 4)],
            &[(0, 1), (2, 3), (3, 4), (4, 2)],
            &[(0, 1), (1, 2), (2, 0), (0, 3)],
            &[(0, 1), (1, 2), (2, 3), (3, 1), (2, 4), (4, 5), (3, 3)],
            &[
                (0, 1),
                (1, 2),
                (2, 3),
                (3, 4),
                (4, 2),
                (4, 5),
                (5, 6),
                (6, 4),
                (1, 7),
            ],
        ];
        for edges in shapes {
            assert_eq!(core(edges), full(edges), "{edges:?}");
        }
    }

    /// The totals of [`Counts`] against the per-vertex counts: equal when every edge
    /// is attached, and the detached ones told apart (so that only they pay for the
    /// second search).
    #[test]
    fn totals_agree_with_per_vertex_counts_and_tell_detached_parts() {
        let shapes: &[(&[(u32, u32)], bool)] = &[
            (&[], false),
            (&[(0, 0)], false),
            (&[(0, 1), (1, 2), (1, 3), (2, 3)], false),
            (
                &[(0, 1), (1, 2), (2, 3), (3, 1), (1, 4), (4, 5), (5, 1)],
                false,
            ),
            (&[(0, 1), (1, 1), (1, 2), (2, 2), (2, 2)], false),
            (
                &[(0, 1), (1, 2), (2, 3), (3, 4), (4, 1), (2, 5), (5, 4)],
                false,
            ),
            (
                &[(0, 1), (0, 1), (1, 2), (2, 0), (2, 3), (3, 4), (4, 2)],
                false,
            ),
            // Detached: an edge, a loop alone, a peeled tree, a ring, a cycle with a
            // chord, a polygon behind a detached stalk.
            (&[(3, 4), (0, 1)], true),
            (&[(0, 1), (2, 2)], true),
            (&[(0, 1), (2, 3), (3, 4), (3, 5)], true),
            (&[(0, 1), (2, 3), (3, 4), (4, 2)], true),
            (&[(0, 1), (2, 3), (3, 4), (4, 2), (2, 4)], true),
            (&[(2, 3), (3, 4), (4, 5), (5, 3)], true),
            (&[(0, 1), (1, 2), (2, 0), (3, 3), (3, 4)], true),
        ];
        for &(edges, detached) in shapes {
            let ends: Vec<u32> = edges.iter().flat_map(|&(u, v)| [u, v]).collect();
            let n = ends.iter().copied().max().map_or(1, |m| m + 1);
            let mut scratch = ValueBuffers::default();
            let mut totals = Totals::default();
            let value = evaluate(n, &ends, &mut scratch, &mut totals);
            assert_eq!(totals.detached, detached, "{edges:?}");
            let mut below = Vec::new();
            assert_eq!(
                evaluate(n, &ends, &mut scratch, &mut Counting(&mut below)),
                value
            );
            let got = counts(n, &ends, &mut scratch);
            assert_eq!(got.value, value, "{edges:?}");
            assert_eq!(
                (got.attached_edges, got.bridges),
                (u64::from(below[0].edges), u64::from(below[0].bridges)),
                "{edges:?}"
            );
            let used = (ends.iter().copied().filter(|&v| v != 0))
                .collect::<std::collections::BTreeSet<_>>()
                .len();
            assert_eq!(got.used_vertices, used as u64, "{edges:?}");
        }
    }

    /// On random small multigraphs (loops, parallel edges, detached parts): the totals
    /// call a graph detached exactly when some edge is not attached, and are right when
    /// they do not.
    #[test]
    fn totals_tell_detached_parts_exactly() {
        let mut rng = crate::rng::Rng::new(7);
        let mut scratch = ValueBuffers::default();
        for _ in 0..20_000 {
            let n = rng.range(1, 8);
            let edges = rng.below_u32(10) as usize;
            let ends: Vec<u32> = (0..2 * edges).map(|_| rng.below_u32(n)).collect();
            let mut totals = Totals::default();
            let value = evaluate(n, &ends, &mut scratch, &mut totals);
            let mut below = Vec::new();
            evaluate(n, &ends, &mut scratch, &mut Counting(&mut below));
            let attached = u64::from(below[0].edges);
            assert_eq!(totals.detached, attached < edges as u64, "{ends:?}");
            let got = counts(n, &ends, &mut scratch);
            assert_eq!(got.value, value);
            assert_eq!(got.attached_edges, attached, "{ends:?}");
            assert_eq!(got.bridges, u64::from(below[0].bridges), "{ends:?}");
            let used = (ends.iter().copied().filter(|&v| v != 0))
                .collect::<std::collections::BTreeSet<_>>()
                .len();
            assert_eq!(got.used_vertices, used as u64, "{ends:?}");
        }
    }

    #[test]
    fn huge_claimed_vertex_counts_are_renumbered() {
        let mut scratch = ValueBuffers::default();
        assert_eq!(
            value(
                u32::MAX - 1,
                &[0, 4_000_000_000, 0, 4_000_000_000],
                &mut scratch
            ),
            0
        );
        assert_eq!(
            value(u32::MAX - 1, &[0, 7, 7, 3_000_000_000], &mut scratch),
            2
        );
        // The scratch is reusable after renumbering.
        assert_eq!(value(2, &[0, 1], &mut scratch), 1);
    }

    #[test]
    fn deep_paths_need_no_stack() {
        let n = 1_000_000u32;
        let ends: Vec<u32> = (0..n).flat_map(|i| [i, i + 1]).collect();
        assert_eq!(
            value(n + 1, &ends, &mut ValueBuffers::default()),
            u64::from(n)
        );
    }

    /// Ends of `edges` pseudo-random edges (a few of them loops) on `n` vertices.
    fn scattered(n: u32, edges: usize) -> Vec<u32> {
        let mut x = 0x2545_f491_4f6c_dd1du64;
        let mut next = move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            (x % u64::from(n)) as u32
        };
        (0..edges)
            .flat_map(|i| {
                let u = next();
                [u, if i % 97 == 0 { u } else { next() }]
            })
            .collect()
    }

    #[test]
    fn counting_in_halves_agrees_with_one_pass() {
        let n = COUNT_IN_HALVES_FROM as u32 + 3;
        let ends = scattered(n, 2 * n as usize);
        let mut one = vec![Count::default(); n as usize];
        let loops = count_range(&mut one, 0, &ends);
        let mut halves = vec![Count::default(); n as usize];
        assert_eq!(count_in_halves(&mut halves, &ends), loops);
        let fields = |c: &Count| (c.xor, c.degree, c.acc);
        assert!(one.iter().map(fields).eq(halves.iter().map(fields)));
        assert!(one.iter().any(|c| c.acc == 1));
        let written = ends.chunks_exact(2).filter(|p| p[0] == p[1]).count();
        assert!(loops > 0 && loops == written);
    }

    #[test]
    fn large_graphs_agree_with_the_full_analysis() {
        // Past the size where counting takes two cores; a sparse random graph leaves
        // both pendant trees and cycles, so the records are laid over the counts.
        let n = COUNT_IN_HALVES_FROM as u32 + 3;
        let ends = scattered(n, n as usize + n as usize / 8);
        let edges: Vec<(u32, u32)> = ends.chunks_exact(2).map(|p| (p[0], p[1])).collect();
        assert_eq!(core(&edges), full(&edges));
        let got = counts(n, &ends, &mut ValueBuffers::default());
        assert!(got.bridges > 0 && got.bridges + 1000 < got.attached_edges);
    }
}
