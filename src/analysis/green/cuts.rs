//! Winning cuts: every edge whose cut leaves a graph worth a given value, for any
//! multigraph (cycles, loops and parallel edges included), in O(E log E) time.
//!
//! In a position of nim-sum `N`, a cut in a graph of value `v` wins exactly when it leaves
//! that graph worth `v XOR N` (then the nim-sum becomes 0). So the winning moves in a graph
//! are its cuts to `v ^ N` ([`cuts_to`](super::cuts_to)). For trees this is easy: the value after a cut
//! changes only along one root path. With cycles a cut inside a block changes the block's
//! structure, and the obvious method recomputes the value once per edge, O(E^2). To our
//! knowledge no published tool or paper finds all winning cuts of a graph with cycles in
//! near-linear time; the method below is this project's own, checked against a
//! brute-force player in `tests/moves.rs`.
//!
//! # Method
//!
//! Notation: the ground is one node r (the [model](crate::model) fuses it, and it is vertex 0 of
//! the [core's representation](super)); one iterative DFS from r; T(v) is the DFS subtree of
//! v, p(v) its parent. Every non-tree edge joins a vertex to one of its ancestors (to
//! itself for a loop); its lower end *owns* it. A tree edge p(v)-v inside a block (not a
//! bridge) is owned by v. The *top* of a block is its vertex nearest the ground: r, or the
//! upper end of the bridge it hangs from.
//!
//! **1. Values of subtrees** (bottom-up, reverse preorder):
//!
//! ```text
//! sub(v) = own(v) XOR (XOR of sub(c), c a child of v across a block edge)
//!                 XOR (XOR of sub(c) + 1, c a child of v across a bridge)
//! ```
//!
//! where own(v) is the parity of the edges v owns. Inside one block the XOR of the own
//! bits counts the block's edges (each owned once, by a vertex of the block), and a bridge
//! child contributes value + 1 by the Colon Principle. So for a block with top a, sub(a) is
//! the block's value as a branch (parity XOR its children + 1, as in
//! [`analyze`](crate::analysis::analyze)), and the graph is worth sub(r).
//!
//! **2. Requirements across bridges** (top-down, preorder). req(B) is what the branch of
//! block B must be worth after the cut for the graph to be worth `target`; req of the
//! ground's block is `target`. Let the bridge p(v)-v hang the block with top v below a
//! block B with top a. A cut above the bridge changes only the term sub(v) + 1 of sub(a);
//! with `c = req(B) XOR sub(a) XOR (sub(v) + 1)`:
//!
//! - cutting the bridge removes the term, so it is a winning cut iff c = 0;
//! - a cut above it must leave v's branch worth y with y + 1 = c: req = c - 1 if c >= 1,
//!   and no requirement (no winning cut anywhere above) if c = 0.
//!
//! **3. Cuts inside a block: 2-edge cuts.** Let e be an edge of block B (2-edge-connected).
//! The bridges of B - e are exactly the edges f with {e, f} a 2-edge cut of B. The
//! relation "e = f or {e, f} is a 2-edge cut" is an equivalence; its classes are found
//! with random *circulation labels* (Pritchard and Thurimella): each non-tree edge gets a
//! random label, X(v) is the XOR of the labels of the non-tree edges at v (a loop cancels
//! itself), and the tree edge p(v)-v gets lab(v) = XOR of X over T(v), the XOR of the
//! labels of the non-tree edges *covering* it (one end in T(v), the other outside). In a
//! 2-edge-connected block, {e, f} is a cut iff every cycle holds both or neither, iff
//! every fundamental cycle does, iff e and f are covered by the same non-tree edges
//! (a non-tree edge covers only itself), iff (with high probability) their labels are equal.
//!
//! - A class of size 1 (every loop is one): B - e is still 2-edge-connected and has one
//!   edge less, so it is worth sub(a) XOR 1.
//! - A class of size k >= 2. Its tree edges e_i = p(x_i)-x_i lie on one root path
//!   (if neither is below the other, their subtrees are disjoint and each has a non-tree
//!   edge to an ancestor outside both, so cutting both disconnects nothing); take them
//!   top-down, x_1 .. x_t. It
//!   has at most one non-tree edge g (distinct non-tree edges cover different sets).
//!   Because every non-tree edge covers all of the e_i or none of them, removing the class
//!   leaves the pieces U_0 = T(a) - T(x_1), U_i = T(x_i) - T(x_{i+1}), U_t = T(x_t), and
//!   the edges leaving U_t are those covering e_t: just g if g is in the class, otherwise
//!   at least two edges into U_0, which then joins U_t into one piece. So the class
//!   edges join k pieces Z_0 .. Z_{k-1} in a cycle, and cutting the j-th class edge (the
//!   one joining Z_j and Z_{j+1}, indices mod k) leaves Z_0 (which holds a) with two
//!   chains of pieces hanging from it by bridges: Z_1 .. Z_j and Z_{k-1} .. Z_{j+1}. Each
//!   piece is a block of B - e, worth W(Z) (the parity of its edges XOR its hanging
//!   branches + 1). By the Colon Principle a chain of pieces worth w_1, .., w_j, hanging
//!   by a bridge below w_1, adds `chains(w)[j] = g_{w_1}(g_{w_2}(.. g_{w_j}(0)))` to its
//!   foot, with `g_w(y) = (y XOR w) + 1` and `chains(w)[0] = 0`. So the block is worth
//!
//!   ```text
//!   W(Z_0) XOR P[j] XOR Q[k-1-j],   P = chains(W(Z_1), .., W(Z_{k-1})),  Q = chains(reversed)
//!   ```
//!
//!   The values of the pieces come from step 1 (the XOR of the own bits of a piece's
//!   vertices counts its edges, class edges excepted): W(U_0) = sub(a) ^ sub(x_1),
//!   W(U_i) = sub(x_i) ^ sub(x_{i+1}) ^ 1 (x_i owns e_i), W(U_t) = sub(x_t) ^ 1, and ^ 1
//!   again if g is in the class (its lower end is in U_t). With g, Z_i = U_i and k = t + 1,
//!   g being the last cut; without g, Z_0 = U_0 + U_t, worth sub(a) ^ sub(x_1) ^ sub(x_t)
//!   ^ 1, Z_i = U_i for 0 < i < t, and k = t.
//!
//! **4. All chains of a class** in O(k log E), by a trie swept once for each direction:
//! see [`chains`](super::chains).
//!
//! # Layout
//!
//! The four steps, laid out for the memory on the core's arrays (one pass gives the value
//! and the counts of [`Counts`] too, so a test case of one graph is searched once:
//! [`Workspace::search`](super::Workspace::search), then
//! [`Workspace::cuts`](super::Workspace::cuts)):
//!
//! 1. The [peeling](super::search) takes off the pendant trees leaf by leaf and folds every
//!    cycle hanging from a single vertex p into p, keeping (here) the order it took them
//!    off in: every peeled edge is a bridge and every peeled vertex the top of its own
//!    block (itself and its loops). A folded cycle is kept in order around it: its edges
//!    are one class of p's block (any two of them are a 2-edge cut), whose pieces are its
//!    vertices and Z_0, the rest of the block, worth the block's value without the
//!    cycle's term. So its cuts need neither labels nor a sort, only the chains of step 4.
//! 2. What is left (the core: on judge data the polygons, on a cycle with hanging trees
//!    the cycle alone) gets its adjacency as one flat array (compressed sparse rows, each
//!    arc holding the other end beside the edge), and an iterative depth-first search from
//!    the ground (vertex 0) numbers the vertices it reaches in preorder. From then on every
//!    per-vertex array of the core is indexed by that number: the passes below walk it in
//!    preorder or its reverse, so they read memory in order, and a vertex's parent comes
//!    before it. On the way, each back edge (seen from its lower end) gets its random
//!    label (a hash of its index: no table of labels is kept) and gives its own bit to its
//!    lower end. Then one pass in reverse preorder gives every tree edge its label, the
//!    XOR over the subtree, and sub(v), which for the ground is the graph's value. A tree
//!    edge is a bridge when its label is 0: no non-tree edge covers it.
//! 3. With the target known, one pass in preorder gives the top of each core vertex's
//!    block and the requirement of each block, with the winning bridges; then one pass
//!    over the peeled vertices and folded cycles, in the reverse of the order they were
//!    taken off, does the same for the pendant trees and finds the cuts of each folded
//!    cycle from its block's requirement.
//! 4. The edges inside core blocks with a requirement are grouped by label: a sort of
//!    16-byte keys (64 bits of label, then the tree edges top-down by preorder, then the
//!    non-tree edge), the full 128-bit labels compared within a group. Loops are classes
//!    of their own and need no sort. Each class is valued by its [chains](super::chains).
//!
//! # Complexity
//!
//! O(V + E) for the peeling, the search and the passes, O(E log E) for the sort and the
//! chains; no recursion. Memory: 20 bytes per vertex (its record and, if peeled or
//! folded, its place in the order) and a bit (walked or not); for a folded cycle 4 bytes
//! per edge, and 8 per vertex while it is walked and 4 while its chains are valued; and
//! for the core about 60 bytes per vertex and 32 per edge (its two arcs and its sort
//! key); all in a [`Workspace`](super::Workspace) reused from graph to graph.
//!
//! # Certainty
//!
//! The classes and the bridges of the core rest on the labels: 128 bits each, a hash of
//! the edge's index under a fixed seed, so results are reproducible. The labels of two
//! edges with different covers are equal with probability 2^-128, and a tree edge covered
//! by some non-tree edge has label 0 with the same probability, so over all pairs the
//! chance of any wrong class or bridge is below E^2 / 2^128 (below 2^-66 for E < 2^31); the
//! bound holds for inputs that were not built against the hash. Bridges taken off by the
//! peeling are exact.
//!
//! # References
//!
//! - E. R. Berlekamp, J. H. Conway, R. K. Guy, *Winning Ways for your Mathematical Plays*,
//!   ch. 7 (Colon and Fusion Principles).
//! - D. Pritchard, R. Thurimella, "Fast computation of small cuts via cycle space
//!   sampling", *ACM Transactions on Algorithms* 7(4) (2011): random circulations, cut
//!   pairs as equal labels.
//! - R. E. Tarjan, "A note on finding the bridges of a graph", *Information Processing
//!   Letters* 2 (1974) 160-161.

use super::chains::{ClassBuffers, PARALLEL_CHAINS};
use super::search::{self, Counts};
use crate::dfs::NONE;

/// What peeling keeps of one vertex, by vertex id, and then what the search of the core
/// needs of it (one cache line to wait for when the search reaches it, not three).
#[derive(Clone, Copy, Debug, Default)]
struct Rec {
    /// Its degree without loops, while it is not peeled; [`PEELED`] once it is. For the
    /// search, how many arcs it has in the core.
    degree: u32,
    /// The XOR of its neighbours: once it is peeled, its parent (the one left). For the
    /// search, where its arcs start.
    other: u32,
    /// The XOR of its edges: once it is peeled, the edge to its parent, and from the
    /// top-down pass of step 3 on, the requirement of its block. For the search, its
    /// preorder number ([`NONE`] if the search has not reached it).
    edge: u32,
    /// Its loops' parity XOR the terms of the trees peeled into it: once it is peeled,
    /// the value of its block as a branch.
    sub: u32,
}

impl search::Counted for Rec {
    #[inline(always)]
    fn edge(&mut self, other: u32, e: u32) {
        self.degree += 1;
        self.other ^= other;
        self.edge ^= e;
    }

    #[inline(always)]
    fn looped(&mut self) {
        self.sub ^= 1;
    }
}

/// [`Rec::degree`] of a peeled vertex (or of one folded into the vertex its cycle hangs
/// from).
const PEELED: u32 = u32::MAX;

/// A cycle folded into the one vertex it hangs from.
#[derive(Clone, Copy, Debug)]
struct Folded {
    /// The vertex it hangs from.
    at: u32,
    /// How many vertices were peeled before it was folded.
    after: u32,
    /// Where its vertices start in [`CutBuffers::cycle_vertices`] (and, plus its index
    /// among the cycles, its edges in [`CutBuffers::cycle_edges`]).
    start: u32,
    /// What it added to the value of the vertex it hangs from
    /// ([`Cycle::term`](search::Cycle::term)): that vertex's block without it is the
    /// piece Z_0 of its class.
    term: u32,
}

/// The cut search's buffers, reused from graph to graph (in a
/// [`Workspace`](super::Workspace)), and the state [`CutBuffers::search`] leaves for
/// [`CutBuffers::cuts`].
#[derive(Debug, Default)]
pub(super) struct CutBuffers {
    /// Per vertex id: see [`Rec`].
    rec: Vec<Rec>,
    /// The peeled vertices, in the order they were peeled (children first).
    peeled: Vec<u32>,
    /// Neighbours of leaves that [`CutBuffers::peel`] passed, to be looked at in a batch.
    behind: Vec<u32>,
    /// The cycles folded into the vertex they hang from, in the order they were folded.
    cycles: Vec<Folded>,
    /// Their vertices other than the one they hang from, cycle after cycle, each in order
    /// around its cycle.
    cycle_vertices: Vec<u32>,
    /// Their edges, cycle after cycle, in order around each: one more per cycle than its
    /// vertices, the first and the last at the vertex it hangs from.
    cycle_edges: Vec<u32>,
    /// One bit per vertex id: a chain through it was walked by [`CutBuffers::fold`].
    walked: Vec<u64>,
    /// A chain's vertices and edges as [`search::fold_pendant_cycles`] walks it.
    chain: Vec<[u32; 2]>,
    /// The cuts of the cycles folded into vertices of the core.
    hung: CoreCycles,
    /// The loops: each loop with its vertex id.
    loops: Vec<[u32; 2]>,
    /// The core's edges at each vertex, two arcs per edge: the other end and the edge,
    /// side by side (no look-up of the edge's ends in the search).
    arcs: Vec<[u32; 2]>,
    /// The search's stack: preorder number, tree edge above, next arc to follow, one past
    /// its last arc.
    stack: Vec<[u32; 4]>,
    /// The core's non-tree edges: each edge with the preorder number of its lower end.
    non_tree: Vec<[u32; 2]>,
    /// By preorder number: the parent's number, the tree edge to it.
    parent: Vec<u32>,
    parent_edge: Vec<u32>,
    /// By preorder number: X, then the label of the tree edge above (0: a bridge).
    label: Vec<u128>,
    /// By preorder number: sub(v).
    sub: Vec<u64>,
    /// By preorder number: the top of its block.
    top: Vec<u32>,
    /// By preorder number, for tops: the requirement of the block.
    req: Vec<u64>,
    /// The edges inside blocks with a requirement, to be sorted into classes.
    members: Vec<u128>,
    /// The ids of a graph whose vertex count is a claim far beyond its edges.
    renumbered: Vec<u32>,
    /// One group of members: per edge its full label, the preorder number of its lower
    /// end (a tree edge) or [`NONE`], the edge, and the top of its block.
    class: Vec<(u128, u32, u32, u32)>,
    classes: ClassBuffers,
    /// Edges of the graph last searched.
    edge_count: u64,
}

/// The cycles folded into vertices of the core (the ground among them): their blocks are
/// known as soon as the core's are, so their chains (all of a cycle with trees, one long
/// class) are found beside the pass over the peeled vertices, on the other core.
#[derive(Debug, Default)]
struct CoreCycles {
    /// Each cycle whose block has a requirement: where its edges start in
    /// [`CutBuffers::cycle_edges`], where its pieces start in `pieces`, the rest of its block
    /// (Z_0) and the block's requirement.
    cycles: Vec<(u32, u32, u64, u64)>,
    /// The values of the cycles' vertices, cycle after cycle, in order around each.
    pieces: Vec<u32>,
    classes: ClassBuffers,
    /// The winning cuts, as places in [`CutBuffers::cycle_edges`].
    wins: Vec<u32>,
}

impl CoreCycles {
    /// Sets `wins` to the places of the winning cuts of `cycles`.
    fn cuts(&mut self) {
        self.wins.clear();
        for (i, &(edges, start, rest, req)) in self.cycles.iter().enumerate() {
            let end = (self.cycles.get(i + 1)).map_or(self.pieces.len(), |next| next.1 as usize);
            let pieces = self.pieces[start as usize..end].iter();
            let after = (self.classes).values_after_cycle(rest, pieces.map(|&w| u64::from(w)));
            for (j, &value) in after.iter().enumerate() {
                if value == req {
                    self.wins.push(edges + j as u32);
                }
            }
        }
    }
}

/// The cut search's records as the fold of pendant cycles sees them, with where each
/// cycle is kept.
struct Fold<'a> {
    rec: &'a mut [Rec],
    peeled: &'a mut Vec<u32>,
    cycles: &'a mut Vec<Folded>,
    cycle_vertices: &'a mut Vec<u32>,
    cycle_edges: &'a mut Vec<u32>,
    walked: &'a mut [u64],
}

impl search::Folding for Fold<'_> {
    #[inline(always)]
    fn is_inner(&self, v: usize) -> bool {
        self.rec[v].degree == 2
    }

    #[inline(always)]
    fn is_peeled(&self, v: usize) -> bool {
        self.rec[v].degree == PEELED
    }

    #[inline(always)]
    fn walked(&self, v: usize) -> bool {
        self.walked[v / 64] >> (v % 64) & 1 != 0
    }

    #[inline(always)]
    fn mark_walked(&mut self, v: usize) {
        self.walked[v / 64] |= 1 << (v % 64);
    }

    /// The edges of an inner vertex XOR to the one it was entered by and the one it is
    /// left by.
    #[inline(always)]
    fn next(&self, at: usize, from: usize, came: u32) -> (usize, u32) {
        let r = &self.rec[at];
        (r.other as usize ^ from, came ^ r.edge)
    }

    fn fold(&mut self, cycle: &search::Cycle<'_>) {
        let Fold { rec, peeled, .. } = self;
        let term = cycle.term(|v| {
            rec[v].degree = PEELED;
            rec[v].sub
        });
        self.cycles.push(Folded {
            at: cycle.at as u32,
            after: peeled.len() as u32,
            start: self.cycle_vertices.len() as u32,
            term,
        });
        let edges_before = self.cycle_edges.len();
        self.cycle_edges.extend(cycle.edges());
        self.cycle_vertices.extend(cycle.vertices());
        let p = cycle.at;
        let top = &mut rec[p];
        top.sub ^= term;
        top.other ^= (cycle.neighbours[0] ^ cycle.neighbours[1]) as u32;
        top.edge ^= self.cycle_edges[edges_before] ^ self.cycle_edges[self.cycle_edges.len() - 1];
        top.degree -= 2;
        search::peel_upwards(&mut Peeling { rec, peeled }, p);
    }
}

/// "No requirement": no cut in the block can reach the target.
const NO_REQ: u64 = u64::MAX;

/// A member key's bit 63 for a non-tree edge: after the tree edges of its class.
const NON_TREE: u64 = 1 << 63;

/// A member key's bit 62 when the member's cut wins if its class has no other edge.
const WINS_ALONE: u64 = 1 << 62;

impl CutBuffers {
    /// Makes room for a graph of about `vertices` vertices and `edges` edges ahead of
    /// time, touching the memory, so that a second thread can pay for the page faults
    /// while the first one is still reading the graph. Sizes are capped by `edges`, so a
    /// claimed vertex count costs nothing.
    pub(super) fn prepare(&mut self, vertices: usize, edges: usize) {
        let n = vertices.min(2 * edges + 16);
        self.rec.clear();
        self.rec.resize(n, Rec::default());
    }

    /// Steps 1 and 2 on the graph `vertices`, `ends` of [`cuts_to`](super::cuts_to): its
    /// value and counts when every edge is attached to the ground (`None` otherwise: the
    /// [value search](search::counts) counts what is), and what [`CutBuffers::cuts`] needs
    /// next.
    pub(super) fn search(&mut self, vertices: u32, ends: &[u32]) -> Option<Counts> {
        let edges = ends.len() / 2;
        self.edge_count = edges as u64;
        self.rec.clear();
        self.peeled.clear();
        self.cycles.clear();
        self.cycle_vertices.clear();
        self.cycle_edges.clear();
        self.loops.clear();
        self.parent.clear();
        self.sub.clear();
        if vertices == 0 {
            return Some(Counts::default());
        }
        let ends = &ends[..2 * edges];
        if vertices as usize > 2 * edges + 16 {
            let (n, renumbered) = super::renumber(vertices, ends, &mut self.renumbered);
            let searched = self.search_dense(n, &renumbered);
            self.renumbered = renumbered;
            searched
        } else {
            self.search_dense(vertices as usize, ends)
        }
    }

    /// Step 3 and 4 after [`CutBuffers::search`]: appends to `wins` the edges (increasing)
    /// whose cut leaves the graph searched worth `target`.
    pub(super) fn cuts(&mut self, target: u64, wins: &mut Vec<u32>) {
        if self.parent.is_empty() {
            return;
        }
        let first = wins.len();
        self.classes.resize(self.edge_count);
        self.hung.classes.resize(self.edge_count);
        self.core_requirements(target, wins);
        self.hang_core_cycles();
        let mut hung = std::mem::take(&mut self.hung);
        if hung.pieces.len() > PARALLEL_CHAINS {
            crate::threads::join(|| hung.cuts(), || self.peeled_requirements(wins));
        } else {
            hung.cuts();
            self.peeled_requirements(wins);
        }
        wins.extend(hung.wins.iter().map(|&i| self.cycle_edges[i as usize]));
        self.hung = hung;
        self.loop_cuts(wins);
        class_cuts(self.parent.len(), self, wins);
        wins[first..].sort_unstable();
    }

    /// Steps 1 and 2 on ids `0..n`, and the summary when every edge is attached (every
    /// vertex with an edge was peeled or searched), or nothing.
    fn search_dense(&mut self, n: usize, ends: &[u32]) -> Option<Counts> {
        let rec = &mut self.rec;
        rec.resize(n, Rec::default());
        if search::count(rec, ends) > 0 {
            let pairs = ends.chunks_exact(2).enumerate();
            (self.loops).extend(
                pairs
                    .filter(|(_, p)| p[0] == p[1])
                    .map(|(e, p)| [e as u32, p[0]]),
            );
        }
        let mut used = rec[1..].iter().filter(|r| r.degree > 0).count() as u64;
        let mut lonely: Vec<u32> = (self.loops.iter())
            .filter(|&&[_, v]| v != 0 && rec[v as usize].degree == 0)
            .map(|&[_, v]| v)
            .collect();
        lonely.sort_unstable();
        lonely.dedup();
        used += lonely.len() as u64;
        self.peel();
        // Folding cycles costs a pass over the edges; it pays when most vertices left lie
        // on chains (cycles with trees, cacti), not on a random multigraph where few
        // cycles hang alone (as in the value search).
        let (left, on_chains) = (self.rec.iter().skip(1)).fold((0, 0), |(left, on), r| {
            let live = r.degree != PEELED && r.degree > 0;
            (left + usize::from(live), on + usize::from(r.degree == 2))
        });
        if 2 * on_chains >= left && left > 0 {
            self.fold(ends);
        }
        let attached = self.search_core(ends);
        let bridges = self.label_and_sum(attached);
        let searched =
            (attached - 1) as u64 + self.peeled.len() as u64 + self.cycle_vertices.len() as u64;
        (searched == used).then(|| Counts {
            value: self.sub[0],
            used_vertices: used,
            attached_edges: (ends.len() / 2) as u64,
            bridges: bridges + self.peeled.len() as u64,
        })
    }

    /// Step 1: peels every pendant tree, leaf by leaf (never the ground), in the value
    /// search's order ([`search::peel_leaves`]), recording the order in `peeled`.
    fn peel(&mut self) {
        let CutBuffers {
            rec,
            peeled,
            behind,
            ..
        } = self;
        search::peel_leaves(&mut Peeling { rec, peeled }, behind);
    }

    /// Folds every cycle that hangs from a single vertex into it, by the
    /// [walk](search::fold_pendant_cycles) the value search folds them with, and peels
    /// what that leaves as a leaf. Each cycle is kept, in order around it, for
    /// [`CutBuffers::cycle_cuts`]: its edges are one class of the block of the vertex it
    /// hangs from, the rest of that block the piece Z_0 of the class.
    fn fold(&mut self, ends: &[u32]) {
        let CutBuffers {
            rec,
            peeled,
            cycles,
            cycle_vertices,
            cycle_edges,
            walked,
            chain,
            ..
        } = self;
        walked.clear();
        walked.resize(rec.len().div_ceil(64), 0);
        let mut fold = Fold {
            rec,
            peeled,
            cycles,
            cycle_vertices,
            cycle_edges,
            walked,
        };
        search::fold_pendant_cycles(&mut fold, ends, chain);
    }

    /// Step 2 (first half): the core's adjacency and search, and on the way the labels
    /// of the non-tree edges and their own bits. Returns how many vertices the search
    /// reached (the ground included); fills `pre`, `parent`, `parent_edge`, `non_tree`,
    /// and `label` and `sub` with X and own(v) by preorder number.
    fn search_core(&mut self, ends: &[u32]) -> usize {
        let CutBuffers {
            rec,
            arcs,
            stack,
            parent,
            parent_edge,
            label,
            sub,
            non_tree,
            ..
        } = self;
        // Each vertex left gets its list of arcs: `other` holds where it ends, then (filled
        // backwards) where it starts; `edge` becomes its preorder number.
        let mut total = 0;
        for r in rec.iter_mut().filter(|r| r.degree != PEELED) {
            total += r.degree;
            r.other = total;
            r.edge = NONE;
        }
        arcs.clear();
        arcs.resize(total as usize, [0; 2]);
        // Nothing left once the trees are peeled and the cycles folded (a cycle with trees,
        // a cactus): no pass over the edges.
        let edges = if total == 0 { &[][..] } else { ends };
        for (e, pair) in edges.chunks_exact(2).enumerate().rev() {
            let (u, v) = (pair[0] as usize, pair[1] as usize);
            if u != v && rec[u].degree != PEELED && rec[v].degree != PEELED {
                rec[u].other -= 1;
                arcs[rec[u].other as usize] = [v as u32, e as u32];
                rec[v].other -= 1;
                arcs[rec[v].other as usize] = [u as u32, e as u32];
            }
        }
        parent_edge.clear();
        label.clear();
        non_tree.clear();
        stack.clear();
        let ground = &mut rec[0];
        ground.edge = 0;
        parent.push(NONE);
        parent_edge.push(NONE);
        label.push(0);
        sub.push(u64::from(ground.sub));
        stack.push([0, NONE, ground.other, ground.other + ground.degree]);
        while let Some(&mut [pv, pe, ref mut next, end]) = stack.last_mut() {
            if *next == end {
                stack.pop();
                continue;
            }
            let [w, e] = arcs[*next as usize];
            *next += 1;
            let r = &mut rec[w as usize];
            let pw = r.edge;
            if pw == NONE {
                let pw = parent.len() as u32;
                r.edge = pw;
                let (first, last, own) = (r.other, r.other + r.degree, r.sub);
                parent.push(pv);
                parent_edge.push(e);
                label.push(0);
                sub.push(u64::from(own));
                // Ask for the neighbours' numbers now, all at once, rather than one cache
                // miss after another as the search reaches each arc.
                let ahead = arcs[first as usize..last as usize]
                    .iter()
                    .fold(0, |x, &[u, _]| x ^ rec[u as usize].edge);
                std::hint::black_box(ahead);
                stack.push([pw, e, first, last]);
            } else if pw < pv && e != pe {
                // A back edge to an ancestor, seen from its lower end (the other sighting,
                // from the ancestor, finds a higher number and passes).
                let l = edge_label(e);
                label[pv as usize] ^= l;
                label[pw as usize] ^= l;
                sub[pv as usize] ^= 1;
                non_tree.push([e, pv]);
            }
        }
        parent.len()
    }

    /// Step 2 (second half): the labels of the tree edges and sub(v), in reverse
    /// preorder. Returns how many tree edges are bridges.
    fn label_and_sum(&mut self, attached: usize) -> u64 {
        let CutBuffers {
            parent, label, sub, ..
        } = self;
        let mut bridges = 0;
        for v in (1..attached).rev() {
            let p = parent[v] as usize;
            let x = label[v];
            if x == 0 {
                bridges += 1;
                sub[p] ^= sub[v] + 1;
            } else {
                sub[v] ^= 1;
                label[p] ^= x;
                sub[p] ^= sub[v];
            }
        }
        bridges
    }

    /// Step 3 in the core: tops and requirements, in preorder, and the winning bridges.
    fn core_requirements(&mut self, target: u64, wins: &mut Vec<u32>) {
        let edge_count = self.edge_count;
        let reachable = |value: u64| if value <= edge_count { value } else { NO_REQ };
        let CutBuffers {
            parent,
            parent_edge,
            label,
            sub,
            top,
            req,
            ..
        } = self;
        let attached = parent.len();
        top.clear();
        top.resize(attached, 0);
        req.clear();
        req.resize(attached, NO_REQ);
        req[0] = reachable(target);
        for v in 1..attached {
            if label[v] != 0 {
                top[v] = top[parent[v] as usize];
                continue;
            }
            top[v] = v as u32;
            let a = top[parent[v] as usize] as usize;
            if req[a] == NO_REQ {
                continue;
            }
            let c = req[a] ^ sub[a] ^ (sub[v] + 1);
            if c == 0 {
                wins.push(parent_edge[v]);
            } else {
                req[v] = reachable(c - 1);
            }
        }
    }

    /// The block of vertex id `x` after [`CutBuffers::core_requirements`]: its value as a
    /// branch and its requirement ([`NO_REQ`] if it has none or is not attached). A
    /// peeled vertex's block is itself and its loops; its requirement is set by
    /// [`CutBuffers::peeled_requirements`] before its children ask.
    fn block(&self, x: usize) -> (u64, u64) {
        let r = self.rec[x];
        if r.degree == PEELED {
            let req = if r.edge == NO_REQ32 {
                NO_REQ
            } else {
                u64::from(r.edge)
            };
            return (u64::from(r.sub), req);
        }
        match r.edge {
            NONE => (0, NO_REQ),
            v => {
                let a = self.top[v as usize] as usize;
                (self.sub[a], self.req[a])
            }
        }
    }

    /// Step 3 in the pendant trees and the folded cycles, in the reverse of the order
    /// they were taken off (a vertex's block is known before what hangs from it): each
    /// peeled vertex's edge to its parent is a bridge below the parent's block, each
    /// folded cycle a class of the block of the vertex it hangs from.
    fn peeled_requirements(&mut self, wins: &mut Vec<u32>) {
        let mut cycle = self.cycles.len();
        for i in (0..=self.peeled.len()).rev() {
            if i < self.peeled.len() {
                self.peeled_requirement(i, wins);
            }
            while cycle > 0 && self.cycles[cycle - 1].after as usize == i {
                cycle -= 1;
                self.cycle_cuts(cycle, wins);
            }
        }
    }

    /// Whether folded cycle number `c` hangs from a vertex of the core (the ground among
    /// them), not from one peeled or folded later: then its block is known once the
    /// core's are, and [`CoreCycles`] values it.
    fn hangs_from_core(&self, c: usize) -> bool {
        self.rec[self.cycles[c].at as usize].degree != PEELED
    }

    /// The vertices of folded cycle number `c`, as places in [`CutBuffers::cycle_vertices`].
    fn cycle_places(&self, c: usize) -> std::ops::Range<usize> {
        let start = self.cycles[c].start as usize;
        start..(self.cycles.get(c + 1)).map_or(self.cycle_vertices.len(), |n| n.start as usize)
    }

    /// Gives each vertex of a cycle folded into a vertex of the core the block of that
    /// vertex, and gathers what [`CoreCycles::cuts`] needs of the cycles.
    fn hang_core_cycles(&mut self) {
        self.hung.cycles.clear();
        self.hung.pieces.clear();
        for c in 0..self.cycles.len() {
            if !self.hangs_from_core(c) {
                continue;
            }
            let Folded { at, term, .. } = self.cycles[c];
            let places = self.cycle_places(c);
            let (sub_a, req_a) = self.block(at as usize);
            let CutBuffers {
                rec,
                cycle_vertices,
                hung,
                ..
            } = self;
            let req = req32(req_a);
            let first = hung.pieces.len() as u32;
            for &v in &cycle_vertices[places.clone()] {
                let r = &mut rec[v as usize];
                if req_a != NO_REQ {
                    hung.pieces.push(r.sub);
                }
                r.sub = sub_a as u32;
                r.edge = req;
            }
            if req_a != NO_REQ {
                let edges = (places.start + c) as u32;
                hung.cycles
                    .push((edges, first, sub_a ^ u64::from(term), req_a));
            }
        }
    }

    /// The cuts of folded cycle number `c` if it hangs from a peeled vertex (the others
    /// are [`CoreCycles`]), and the block of each of its vertices (that of the vertex it
    /// hangs from) for what hangs from them.
    fn cycle_cuts(&mut self, c: usize, wins: &mut Vec<u32>) {
        if self.hangs_from_core(c) {
            return;
        }
        let Folded { at, term, .. } = self.cycles[c];
        let vertices = self.cycle_places(c);
        let edges = vertices.start + c..vertices.end + c + 1;
        let (sub_a, req_a) = self.block(at as usize);
        if req_a != NO_REQ {
            let CutBuffers {
                rec,
                cycle_vertices,
                cycle_edges,
                classes,
                ..
            } = self;
            let pieces = cycle_vertices[vertices.clone()]
                .iter()
                .map(|&v| u64::from(rec[v as usize].sub));
            let after = classes.values_after_cycle(sub_a ^ u64::from(term), pieces);
            for (&value, &e) in after.iter().zip(&cycle_edges[edges]) {
                if value == req_a {
                    wins.push(e);
                }
            }
        }
        let (sub, req) = (sub_a as u32, req32(req_a));
        for &v in &self.cycle_vertices[vertices] {
            let r = &mut self.rec[v as usize];
            r.sub = sub;
            r.edge = req;
        }
    }

    /// [`CutBuffers::peeled_requirements`] for the `i`-th vertex peeled.
    fn peeled_requirement(&mut self, i: usize, wins: &mut Vec<u32>) {
        let x = self.peeled[i] as usize;
        let Rec {
            other, edge, sub, ..
        } = self.rec[x];
        let (sub_a, req_a) = self.block(other as usize);
        let mut req = NO_REQ32;
        if req_a != NO_REQ {
            let c = req_a ^ sub_a ^ (u64::from(sub) + 1);
            if c == 0 {
                wins.push(edge);
            } else if c - 1 <= self.edge_count {
                req = (c - 1) as u32;
            }
        }
        self.rec[x].edge = req;
    }

    /// The loops that win: a loop is a class of its own, its block keeping its shape
    /// with one edge less.
    fn loop_cuts(&self, wins: &mut Vec<u32>) {
        for &[e, x] in &self.loops {
            let (sub_a, req_a) = self.block(x as usize);
            if req_a != NO_REQ && sub_a ^ 1 == req_a {
                wins.push(e);
            }
        }
    }
}

/// [`Rec::edge`] of a peeled vertex whose block has no requirement.
const NO_REQ32: u32 = u32::MAX;

/// A requirement as a peeled or folded vertex keeps it in [`Rec::edge`] (one that can be
/// met is at most the edge count, below 2^32).
fn req32(req: u64) -> u32 {
    if req == NO_REQ { NO_REQ32 } else { req as u32 }
}

/// The cut search's records as [`search::Leaves`], with the order they were peeled in.
struct Peeling<'a> {
    rec: &'a mut [Rec],
    peeled: &'a mut Vec<u32>,
}

impl search::Leaves for Peeling<'_> {
    #[inline(always)]
    fn len(&self) -> usize {
        self.rec.len()
    }

    #[inline(always)]
    fn is_leaf(&self, x: usize) -> bool {
        self.rec[x].degree == 1
    }

    #[inline(always)]
    fn ahead(&self, x: usize) {
        prefetch_index::prefetch_index(&*self.rec, self.rec[x].other as usize);
    }

    /// A leaf keeps its parent and the edge to it; its value plus one goes to the parent.
    #[inline(always)]
    fn peel(&mut self, x: usize) -> usize {
        let leaf = &mut self.rec[x];
        leaf.degree = PEELED;
        let (up, edge, term) = (leaf.other as usize, leaf.edge, leaf.sub + 1);
        self.peeled.push(x as u32);
        let parent = &mut self.rec[up];
        parent.degree -= 1;
        parent.other ^= x as u32;
        parent.edge ^= edge;
        parent.sub ^= term;
        up
    }
}

/// The label of non-tree edge `e`: a hash of its index, never 0.
fn edge_label(e: u32) -> u128 {
    let hi = crate::rng::mix(SEED ^ u64::from(e).wrapping_mul(0x9e37_79b9_7f4a_7c15));
    let lo = crate::rng::mix(hi ^ SEED.rotate_left(32));
    (u128::from(hi) << 64 | u128::from(lo)).max(1)
}

/// A fixed seed (any value would do; fixed, so results are reproducible).
const SEED: u64 = 0x6861_636b_656e_6275; // "hackenbu"

/// Step 4: the winning cuts inside blocks.
fn class_cuts(attached: usize, s: &mut CutBuffers, wins: &mut Vec<u32>) {
    let CutBuffers {
        parent_edge,
        label,
        sub,
        top,
        req,
        members,
        classes,
        class,
        non_tree,
        ..
    } = s;
    members.clear();
    // A member's key: the top 64 bits of its label, then whether it would win as a class
    // of its own (so that most classes, of one edge, need nothing else), then its order.
    let key = |label: u128, a: usize, order: u64| {
        let alone = if sub[a] ^ 1 == req[a] { WINS_ALONE } else { 0 };
        (label >> 64) << 64 | u128::from(alone | order)
    };
    for v in 1..attached {
        let a = top[v] as usize;
        if label[v] != 0 && req[a] != NO_REQ {
            members.push(key(label[v], a, v as u64));
        }
    }
    for (i, &[e, low]) in non_tree.iter().enumerate() {
        let a = top[low as usize] as usize;
        if req[a] != NO_REQ {
            members.push(key(edge_label(e), a, NON_TREE | i as u64));
        }
    }
    members.sort_unstable();
    for group in members.chunk_by(|a, b| a >> 64 == b >> 64) {
        if let [alone] = group {
            // A class of one edge: the block keeps its shape, one edge less.
            let order = *alone as u64;
            if order & WINS_ALONE != 0 {
                let order = order & !WINS_ALONE;
                wins.push(if order & NON_TREE != 0 {
                    non_tree[(order & !NON_TREE) as usize][0]
                } else {
                    parent_edge[order as usize]
                });
            }
            continue;
        }
        class.clear();
        class.extend(group.iter().map(|&m| {
            let order = m as u64 & !WINS_ALONE;
            if order & NON_TREE != 0 {
                let [e, low] = non_tree[(order & !NON_TREE) as usize];
                (edge_label(e), NONE, e, top[low as usize])
            } else {
                let v = order as usize;
                (label[v], v as u32, parent_edge[v], top[v])
            }
        }));
        if class.windows(2).any(|w| w[0].0 != w[1].0) {
            // Two labels alike in 64 bits (rare): the full labels part the group, each
            // class keeping its order.
            class.sort_by_key(|m| m.0);
        }
        for run in class.chunk_by(|a, b| a.0 == b.0) {
            let a = run[0].3 as usize;
            debug_assert!(
                run.iter().all(|m| m.3 as usize == a),
                "a class lies in one block"
            );
            if run.len() == 1 {
                if sub[a] ^ 1 == req[a] {
                    wins.push(run[0].2);
                }
                continue;
            }
            let with_g = run[run.len() - 1].1 == NONE;
            let tree_edges = &run[..run.len() - usize::from(with_g)];
            if tree_edges.last().is_none_or(|m| m.1 == NONE) {
                // Two non-tree edges with one label: only a label collision does that.
                debug_assert!(false, "a 128-bit label collision");
                continue;
            }
            classes.subs.clear();
            (classes.subs).extend(tree_edges.iter().map(|m| sub[m.1 as usize]));
            let after = classes.values_after(sub[a], with_g);
            for (member, &value) in run.iter().zip(after) {
                if value == req[a] {
                    wins.push(member.2);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Workspace, cuts_to};
    use super::*;

    fn cuts(vertices: u32, ends: &[u32], target: u64) -> Vec<u32> {
        let mut wins = Vec::new();
        cuts_to(vertices, ends, target, &mut Workspace::default(), &mut wins);
        wins
    }

    /// A vertex count far beyond the edges (a claimed `m`) renumbers the ids and finds the
    /// same cuts; ids need not be used in order.
    #[test]
    fn claimed_vertex_counts_change_nothing() {
        let ends = [0, 7, 7, 3, 3, 0, 7, 9, 9, 9, 3, 12];
        let far = [
            0,
            4_000_000_000,
            4_000_000_000,
            5,
            5,
            0,
            4_000_000_000,
            9,
            9,
            9,
            5,
            12,
        ];
        for target in 0..=6 {
            assert_eq!(
                cuts(13, &ends, target),
                cuts(u32::MAX - 1, &far, target),
                "{target}"
            );
        }
    }

    /// Cycles hanging from cycles fold whole, leaving no core to search, when each is
    /// listed after the one it hangs from (as `gen cactus` writes them); the other order
    /// leaves some to the search, and the cuts are the same.
    #[test]
    fn nested_cycles_fold_whole() {
        // A triangle at the ground, one on its vertex 1, one on that one's vertex 3, and an
        // edge on vertex 5. Edge i of one order is edge 9 - i of the other.
        let parent_first = [0, 1, 1, 2, 2, 0, 1, 3, 3, 4, 4, 1, 3, 5, 5, 6, 6, 3, 5, 7];
        let child_first: Vec<u32> = parent_first.chunks(2).rev().flatten().copied().collect();
        let mut s = CutBuffers::default();
        let value = s.search(8, &parent_first).expect("attached").value;
        assert_eq!((s.parent.len(), s.cycles.len(), s.peeled.len()), (1, 3, 1));
        let mut other = CutBuffers::default();
        assert_eq!(
            other.search(8, &child_first).expect("attached").value,
            value
        );
        assert!(other.parent.len() > 1, "a core is left");
        for target in 0..8 {
            let mut mirrored: Vec<u32> = (cuts(8, &child_first, target).iter())
                .map(|e| 9 - e)
                .collect();
            mirrored.sort_unstable();
            assert_eq!(cuts(8, &parent_first, target), mirrored, "target {target}");
        }
        // A position worth 0 has no move to 0; any other has one.
        assert_eq!(cuts(8, &parent_first, 0).is_empty(), value == 0);
    }

    /// One workspace from graph to graph, larger then smaller, gives what fresh ones give.
    #[test]
    fn workspace_is_reused_cleanly() {
        let graphs: [&[u32]; 3] = [&[0, 1, 1, 2, 2, 0, 2, 3], &[0, 0, 0, 1], &[0, 1, 1, 1]];
        let mut scratch = Workspace::default();
        for ends in graphs.iter().cycle().take(9) {
            for target in 0..4 {
                let mut wins = Vec::new();
                cuts_to(4, ends, target, &mut scratch, &mut wins);
                assert_eq!(wins, cuts(4, ends, target));
            }
        }
    }

    /// The labels are a hash of the edge's index: the same from run to run, never 0 (0
    /// marks a bridge), and all different on the first edges.
    #[test]
    fn labels_are_reproducible_and_non_zero() {
        let labels: Vec<u128> = (0..1000).map(edge_label).collect();
        assert!(labels.iter().all(|&label| label != 0));
        assert_eq!(labels, (0..1000).map(edge_label).collect::<Vec<_>>());
        let distinct: std::collections::BTreeSet<u128> = labels.iter().copied().collect();
        assert_eq!(distinct.len(), labels.len());
    }
}
