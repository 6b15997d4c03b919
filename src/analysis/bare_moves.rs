//! Winning cuts from a bare edge list: the method of [`moves`](super::moves), on compact
//! arrays in the order of the search, for `analyze --moves` on christmas input (no model,
//! no names, no spans).
//!
//! # Method
//!
//! The same four steps as [`moves`](super::moves) (read its module docs for why they are
//! right), laid out for the memory:
//!
//! 1. The edges at each vertex as one flat array (compressed sparse rows, loops left out,
//!    each arc holding the other end beside the edge), and an iterative depth-first
//!    search from the ground (vertex 0) that numbers the vertices it reaches in preorder.
//!    From then on every per-vertex array is indexed by that number: the passes below
//!    walk the vertices in preorder or its reverse, so they read memory in order, and a
//!    vertex's parent comes before it.
//! 2. On the way, each back edge (seen from its lower end) gets its random label (a hash
//!    of its index: no table of labels is kept) and gives its own bit to its lower end;
//!    it is listed with that end, so no later pass looks at the edge list. Then one pass
//!    in reverse preorder gives every tree edge its label, the XOR over the subtree, and
//!    sub(v). A tree edge is a bridge when its label is 0: no non-tree edge covers it.
//!    (Tarjan's rule gives the same bridges; the labels make the low-links unnecessary,
//!    and are wrong only where [`moves`](super::moves) could already be.)
//! 3. One pass in preorder gives the top of each vertex's block and the requirement of
//!    each block, with the winning bridges.
//! 4. The edges inside blocks with a requirement are grouped by label: a sort of 16-byte
//!    keys (64 bits of label, then the tree edges top-down by preorder, then the non-tree
//!    edge), the full 128-bit labels compared within a group. Loops are classes of their
//!    own and need no sort. Each class is valued as in [`moves`](super::moves).
//!
//! # Complexity
//!
//! O(V + E) for the search and the passes, O(E log E) for the sort and the chains; no
//! recursion. Memory: about 64 bytes per vertex and 40 per edge, in a [`Scratch`] reused
//! from graph to graph.
//!
//! The tests hold it against [`moves::cuts_to`](super::moves::cuts_to) and against the
//! game tree on many small multigraphs (`tests/moves.rs`).

use std::collections::HashMap;

use super::moves::{ChainTrie, ClassBuffers};
use crate::dfs::NONE;

/// Buffers reused from graph to graph.
#[derive(Debug, Default)]
pub struct Scratch {
    /// Per vertex id: where its arcs start in `arcs` (`n + 1` of them).
    start: Vec<u32>,
    /// Per vertex id: its next arc to follow and one past its last, side by side.
    cursor: Vec<[u32; 2]>,
    /// The edges at each vertex, two arcs per edge that is not a loop: the other end and
    /// the edge, side by side (no look-up of the edge's ends in the search).
    arcs: Vec<[u32; 2]>,
    /// Per vertex id: its preorder number, [`NONE`] if not attached.
    pre: Vec<u32>,
    /// The search's stack: vertex id, preorder number, tree edge above.
    stack: Vec<[u32; 3]>,
    /// The attached non-tree edges that are not loops, and the loops: each edge with the
    /// preorder number of its lower end.
    non_tree: Vec<[u32; 2]>,
    loops: Vec<[u32; 2]>,
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
    classes: Classes,
}

/// "No requirement": no cut in the block can reach the target.
const NO_REQ: u64 = u64::MAX;

/// A member key's bit 63 for a non-tree edge: after the tree edges of its class.
const NON_TREE: u64 = 1 << 63;

/// Appends to `wins` the edges (0-based, in input order, increasing) whose cut leaves the
/// graph on vertex ids `0..vertices`, with edges `ends[0]-ends[1]`, `ends[2]-ends[3]`,
/// ..., and vertex 0 the (fused) ground, worth exactly `target`: [`cuts_to`] on a bare
/// edge list. Ids at or beyond `vertices` are not allowed (the parser guarantees it).
///
/// [`cuts_to`]: super::moves::cuts_to
///
/// ```
/// use hackenbush::analysis::bare_moves::{cuts_to, Scratch};
///
/// // A stalk of 3 edges (*3) and a triangle (*1) on the ground: leaving *0 cuts the
/// // stalk's middle edge.
/// let ends = [0, 1, 1, 2, 2, 3, 0, 4, 4, 5, 5, 0];
/// let mut wins = Vec::new();
/// cuts_to(6, &ends, 0, &mut Scratch::default(), &mut wins);
/// assert_eq!(wins, [1]);
/// ```
///
/// Complexity: O(E log E) time, O(V + E) memory, no recursion (see the module docs).
pub fn cuts_to(vertices: u32, ends: &[u32], target: u64, s: &mut Scratch, wins: &mut Vec<u32>) {
    let first = wins.len();
    let edges = ends.len() / 2;
    if vertices == 0 || edges == 0 {
        return;
    }
    if vertices as usize > 2 * edges + 16 {
        // A claimed vertex count: ids in order of first use, the ground first.
        let mut ids: HashMap<u32, u32> = HashMap::with_capacity(ends.len().min(1 << 20));
        ids.insert(0, 0);
        let mut renumbered = std::mem::take(&mut s.renumbered);
        renumbered.clear();
        for &x in &ends[..2 * edges] {
            let next = ids.len() as u32;
            renumbered.push(*ids.entry(x).or_insert(next));
        }
        cuts_dense(ids.len(), &renumbered, target, s, wins);
        s.renumbered = renumbered;
    } else {
        cuts_dense(vertices as usize, &ends[..2 * edges], target, s, wins);
    }
    wins[first..].sort_unstable();
}

fn cuts_dense(n: usize, ends: &[u32], target: u64, s: &mut Scratch, wins: &mut Vec<u32>) {
    let attached = search(n, ends, s);
    let edge_count = (ends.len() / 2) as u64;
    let reachable = |value: u64| if value <= edge_count { value } else { NO_REQ };
    label_and_sum(attached, s);

    // Tops and requirements, in preorder (step 2 of `moves`).
    let Scratch {
        parent,
        parent_edge,
        label,
        sub,
        top,
        req,
        ..
    } = s;
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
    class_cuts(attached, edge_count, s, wins);
}

/// Steps 1 and 2 (first half): the adjacency, the search, and on the way the labels of
/// the non-tree edges and their own bits. Returns how many vertices are attached; fills
/// `pre`, `parent`, `parent_edge`, `non_tree`, `loops`, and `label` and `sub` with X and
/// own(v) by preorder number.
fn search(n: usize, ends: &[u32], s: &mut Scratch) -> usize {
    let Scratch {
        start,
        cursor,
        arcs,
        pre,
        stack,
        parent,
        parent_edge,
        label,
        sub,
        non_tree,
        loops,
        ..
    } = s;
    start.clear();
    start.resize(n + 1, 0);
    for pair in ends.chunks_exact(2) {
        if pair[0] != pair[1] {
            start[pair[0] as usize] += 1;
            start[pair[1] as usize] += 1;
        }
    }
    let mut sum = 0;
    for d in start.iter_mut() {
        sum += *d;
        *d = sum;
    }
    arcs.clear();
    arcs.resize(sum as usize, [0; 2]);
    // Filled backwards from each vertex's end, so `start` ends at each list's start.
    for (e, pair) in ends.chunks_exact(2).enumerate().rev() {
        let (u, v) = (pair[0], pair[1]);
        if u != v {
            start[u as usize] -= 1;
            arcs[start[u as usize] as usize] = [v, e as u32];
            start[v as usize] -= 1;
            arcs[start[v as usize] as usize] = [u, e as u32];
        }
    }
    cursor.clear();
    cursor.extend(start.windows(2).map(|w| [w[0], w[1]]));
    pre.clear();
    pre.resize(n, NONE);
    parent.clear();
    parent_edge.clear();
    label.clear();
    label.resize(n, 0);
    sub.clear();
    sub.resize(n, 0);
    non_tree.clear();
    stack.clear();
    pre[0] = 0;
    parent.push(NONE);
    parent_edge.push(NONE);
    stack.push([0, 0, NONE]);
    while let Some(&[v, pv, pe]) = stack.last() {
        let [next, end] = &mut cursor[v as usize];
        if *next == *end {
            stack.pop();
            continue;
        }
        let [w, e] = arcs[*next as usize];
        *next += 1;
        let pw = pre[w as usize];
        if pw == NONE {
            let pw = parent.len() as u32;
            pre[w as usize] = pw;
            parent.push(pv);
            parent_edge.push(e);
            stack.push([w, pw, e]);
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
    loops.clear();
    for (e, pair) in ends.chunks_exact(2).enumerate() {
        if pair[0] == pair[1] && pre[pair[0] as usize] != NONE {
            let v = pre[pair[0] as usize];
            // A loop's label cancels itself; only its own bit counts.
            sub[v as usize] ^= 1;
            loops.push([e as u32, v]);
        }
    }
    let attached = parent.len();
    label.truncate(attached);
    sub.truncate(attached);
    attached
}

/// The label of non-tree edge `e`: a hash of its index, never 0.
fn edge_label(e: u32) -> u128 {
    let hi = crate::rng::mix(SEED ^ u64::from(e).wrapping_mul(0x9e37_79b9_7f4a_7c15));
    let lo = crate::rng::mix(hi ^ SEED.rotate_left(32));
    (u128::from(hi) << 64 | u128::from(lo)).max(1)
}

/// A fixed seed (any value would do; fixed, so results are reproducible).
const SEED: u64 = 0x6861_636b_656e_6275; // "hackenbu"

/// Step 2 (second half): the labels of the tree edges and sub(v), in reverse preorder.
fn label_and_sum(attached: usize, s: &mut Scratch) {
    let Scratch {
        parent, label, sub, ..
    } = s;
    for v in (1..attached).rev() {
        let p = parent[v] as usize;
        let x = label[v];
        if x == 0 {
            sub[p] ^= sub[v] + 1;
        } else {
            sub[v] ^= 1;
            label[p] ^= x;
            sub[p] ^= sub[v];
        }
    }
}

/// Step 4: the winning cuts inside blocks.
fn class_cuts(attached: usize, edge_count: u64, s: &mut Scratch, wins: &mut Vec<u32>) {
    let Scratch {
        parent_edge,
        label,
        sub,
        top,
        req,
        members,
        classes,
        class,
        non_tree,
        loops,
        ..
    } = s;
    members.clear();
    let key = |label: u128, order: u64| (label >> 64) << 64 | u128::from(order);
    for v in 1..attached {
        if label[v] != 0 && req[top[v] as usize] != NO_REQ {
            members.push(key(label[v], v as u64));
        }
    }
    for &[e, low] in loops.iter() {
        // A loop is a class of its own: the block keeps its shape, one edge less.
        let t = top[low as usize] as usize;
        if req[t] != NO_REQ && sub[t] ^ 1 == req[t] {
            wins.push(e);
        }
    }
    for (i, &[e, low]) in non_tree.iter().enumerate() {
        if req[top[low as usize] as usize] != NO_REQ {
            members.push(key(edge_label(e), NON_TREE | i as u64));
        }
    }
    members.sort_unstable();
    classes.trie.resize(edge_count);
    for group in members.chunk_by(|a, b| a >> 64 == b >> 64) {
        class.clear();
        class.extend(group.iter().map(|&m| {
            let order = m as u64;
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
            classes.buffers.subs.clear();
            (classes.buffers.subs).extend(tree_edges.iter().map(|m| sub[m.1 as usize]));
            let after = classes
                .buffers
                .values_after(sub[a], with_g, &mut classes.trie);
            for (member, &value) in run.iter().zip(after) {
                if value == req[a] {
                    wins.push(member.2);
                }
            }
        }
    }
}

/// The trie and buffers that value the classes.
#[derive(Debug)]
struct Classes {
    trie: ChainTrie,
    buffers: ClassBuffers,
}

impl Default for Classes {
    fn default() -> Self {
        Classes {
            trie: ChainTrie::new(0),
            buffers: ClassBuffers::default(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cuts(vertices: u32, ends: &[u32], target: u64) -> Vec<u32> {
        let mut wins = Vec::new();
        cuts_to(vertices, ends, target, &mut Scratch::default(), &mut wins);
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

    /// One scratch from graph to graph, larger then smaller, gives what fresh ones give.
    #[test]
    fn scratch_is_reused_cleanly() {
        let graphs: [&[u32]; 3] = [&[0, 1, 1, 2, 2, 0, 2, 3], &[0, 0, 0, 1], &[0, 1, 1, 1]];
        let mut scratch = Scratch::default();
        for ends in graphs.iter().cycle().take(9) {
            for target in 0..4 {
                let mut wins = Vec::new();
                cuts_to(4, ends, target, &mut scratch, &mut wins);
                assert_eq!(wins, cuts(4, ends, target));
            }
        }
    }
}
