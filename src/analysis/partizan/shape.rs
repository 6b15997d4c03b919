//! The shape of a block, up to relabelling its vertices: so that blocks which are the same
//! coloured graph hanging from their root share one entry of the search's memory
//! ([`blocks`](super::blocks)), and so do the values hanging on a block that a symmetry
//! of the block exchanges.
//!
//! # Method
//!
//! A block is its root and its other vertices (in ascending order, the order of the
//! values hanging on them), and its edges with their colours. Its *encoding* under an
//! ordering of its vertices (the root first) is the sorted list of its edges, each written
//! as the positions of its ends and its colour: two blocks with the same encoding under
//! their orderings are the same coloured graph, the orderings mapping one onto the other,
//! whichever orderings were chosen. So a memo keyed by the encoding and the hanging values
//! listed in the ordering is exact by construction; the orderings only decide how much is
//! shared.
//!
//! To share as much as possible, the ordering is made canonical by individualization and
//! refinement (McKay, "Practical graph isomorphism", 1981, in its simplest form): the
//! vertices are split into cells by colour refinement (the root alone; then, round by
//! round, by their cell and the multiset of the colours and cells of their edges' other
//! ends), and while a cell has several vertices, each of them in turn is put first in its
//! cell and the refinement goes on; of the discrete orderings reached, the least encoding
//! is kept, with every ordering that gives it (they differ by symmetries of the block).
//! The search tree is cut after [`MAX_LEAVES`] orderings: then the least encoding found so
//! far is used, still exact, perhaps shared less.
//!
//! # Cost
//!
//! Once per distinct block and root met by a search: a refinement is at most `n` rounds of
//! sorting the `2m` ends of the block's `m` edges, times the orderings tried (one for most
//! blocks of random colours, at most [`MAX_LEAVES`]). Stack-based, no recursion.
//!
//! Held against relabelled copies of random blocks in this file's tests; the search that
//! uses it, against exhaustive play in [`blocks`](super::blocks).

use crate::syntax::Colour;

use super::memo::Hanging;
use super::{Board, NODES};

/// The most discrete orderings tried for one block.
const MAX_LEAVES: usize = 64;

/// A piece and root met by a search: its class, and the orderings of its vertices that
/// list the values hanging on them as the class does (runs of [`Shapes`]' orders).
#[derive(Clone, Copy)]
pub(super) struct Shape {
    pub(super) class: u32,
    start: u32,
    count: u32,
}

/// The shapes met by one search, by edges and root, each labelled once, and their
/// classes by encoding.
#[derive(Default)]
pub(super) struct Shapes {
    of: hashbrown::HashMap<(u64, u32), u32>,
    shapes: Vec<Shape>,
    classes: hashbrown::HashMap<Vec<u16>, u32>,
    /// The orderings of the shapes, each a run of its vertex count.
    orders: Vec<u8>,
}

impl Shapes {
    /// The index of the shape of the piece `mask` at `root` with other vertices
    /// `vertices`, labelled the first time it is met.
    pub(super) fn index(
        &mut self,
        board: &Board,
        colours: &[Colour],
        mask: u64,
        root: u32,
        vertices: u128,
    ) -> u32 {
        if let Some(&known) = self.of.get(&(mask, root)) {
            return known;
        }
        let Labelling { encoding, orders } = label(board, colours, mask, root, vertices);
        let next = self.classes.len() as u32;
        let class = *self.classes.entry(encoding).or_insert(next);
        let n = vertices.count_ones() as usize;
        let shape = Shape {
            class,
            start: self.orders.len() as u32,
            count: (orders.len() / n.max(1)) as u32,
        };
        self.orders.extend(orders);
        let index = self.shapes.len() as u32;
        self.shapes.push(shape);
        self.of.insert((mask, root), index);
        index
    }

    /// The shape of index `index`.
    pub(super) fn get(&self, index: u32) -> Shape {
        self.shapes[index as usize]
    }

    /// How many shapes (pieces and roots) were met.
    pub(super) fn len(&self) -> usize {
        self.shapes.len()
    }

    /// How many classes (shapes up to relabelling) were met.
    #[cfg(test)]
    pub(super) fn classes(&self) -> usize {
        self.classes.len()
    }

    /// The ordering of `shape` that lists `values` (by vertex, ascending, the root
    /// aside) least element by element in `order` (the first ordering when `order` is
    /// `None`): for each position of the class, the index of the value there. The lists
    /// are compared where they stand, none is written.
    pub(super) fn least_ordering<V>(
        &self,
        shape: Shape,
        values: &[V],
        order: Option<fn(&V, &V) -> std::cmp::Ordering>,
    ) -> &[u8] {
        let n = values.len();
        let orders = &self.orders[shape.start as usize..][..n * shape.count as usize];
        let mut best = 0;
        if let Some(order) = order {
            for j in 1..shape.count as usize {
                let (this, least) = (&orders[j * n..][..n], &orders[best * n..][..n]);
                let first_difference = this
                    .iter()
                    .zip(least)
                    .map(|(&a, &b)| order(&values[a as usize], &values[b as usize]))
                    .find(|o| o.is_ne());
                if first_difference == Some(std::cmp::Ordering::Less) {
                    best = j;
                }
            }
        }
        &orders[best * n..][..n]
    }

    /// The values of a memo key ([`Key`](super::memo::Key)) of `values` (by vertex,
    /// ascending, the root aside) hanging on `shape`: listed as its class lists them by
    /// [`least_ordering`](Shapes::least_ordering) in `order`, the zeros left out, into
    /// `out`; returns which places of the listing are not zero (the key's `nonzero`).
    pub(super) fn key_values<V: Hanging>(
        &self,
        shape: Shape,
        values: &[V],
        order: Option<fn(&V, &V) -> std::cmp::Ordering>,
        out: &mut Vec<V>,
    ) -> u64 {
        debug_assert!(values.len() <= 64);
        out.clear();
        if values.iter().all(Hanging::is_zero) {
            // Most pieces have nothing hanging: every ordering lists the same zeros.
            return 0;
        }
        let mut nonzero = 0u64;
        let ordering = self.least_ordering(shape, values, order);
        for (place, &k) in ordering.iter().enumerate() {
            let value = &values[k as usize];
            if !value.is_zero() {
                nonzero |= 1 << place;
                out.push(value.clone());
            }
        }
        nonzero
    }
}

/// A block's encoding and the orderings of its non-root vertices that give it.
pub(super) struct Labelling {
    /// The block's edges as `first << 9 | second << 2 | colour`, `first <= second` the
    /// positions of its ends in the ordering (the root at 0), sorted.
    pub(super) encoding: Vec<u16>,
    /// Each ordering as, for each position `1..=n` in turn, the index of its vertex among
    /// the non-root vertices in ascending order: `orders.len()` is a multiple of `n`.
    pub(super) orders: Vec<u8>,
}

/// The colour of an edge as two bits of an encoding.
fn code(colour: Colour) -> u16 {
    match colour {
        Colour::Blue => 0,
        Colour::Red => 1,
        Colour::Green => 2,
    }
}

/// The labelling of the block `mask` of `board` (edges coloured by `colours`) hanging from
/// `root`, its other vertices `vertices`.
pub(super) fn label(
    board: &Board,
    colours: &[Colour],
    mask: u64,
    root: u32,
    vertices: u128,
) -> Labelling {
    // Local numbers: the root 0, the other vertices 1..=n in ascending order.
    let mut local = [u8::MAX; NODES];
    local[root as usize] = 0;
    let mut n = 0usize;
    let mut left = vertices;
    while left != 0 {
        n += 1;
        local[left.trailing_zeros() as usize] = n as u8;
        left &= left - 1;
    }
    let mut edges: Vec<(u8, u8, u16)> = Vec::with_capacity(mask.count_ones() as usize);
    let mut rest = mask;
    while rest != 0 {
        let i = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        let (a, b) = board.ends[i];
        edges.push((local[a as usize], local[b as usize], code(colours[i])));
    }
    let size = n + 1;
    let mut best: Option<Vec<u16>> = None;
    let mut orders: Vec<u8> = Vec::new();
    let mut leaves = 0;
    let mut start = vec![1u32; size];
    start[0] = 0;
    let mut stack = vec![start];
    let mut scratch = Refiner::default();
    while let Some(mut cells) = stack.pop() {
        scratch.refine(&mut cells, &edges);
        // The first cell (least colour) of several vertices, if any.
        let mut count = vec![0u32; size];
        for &c in &cells {
            count[c as usize] += 1;
        }
        match (0..size).find(|&c| count[c] > 1) {
            None => {
                leaves += 1;
                let encoding = encode(&cells, &edges);
                let order = ordering(&cells);
                match &best {
                    Some(b) if encoding > *b => {}
                    Some(b) if encoding == *b => orders.extend(order),
                    _ => {
                        best = Some(encoding);
                        orders.clear();
                        orders.extend(order);
                    }
                }
                if leaves >= MAX_LEAVES {
                    break;
                }
            }
            Some(cell) => {
                // Each vertex of the cell first in turn, pushed last-first so that the
                // lowest-numbered is tried first.
                for v in (0..size).rev().filter(|&v| cells[v] as usize == cell) {
                    let mut child: Vec<u32> = cells.iter().map(|&c| 2 * c + 1).collect();
                    child[v] = 2 * cell as u32;
                    stack.push(child);
                }
            }
        }
    }
    Labelling {
        encoding: best.expect("at least one ordering"),
        orders,
    }
}

/// The encoding of the edges under the discrete colouring `cells` (a permutation of
/// `0..size`, the root's 0).
fn encode(cells: &[u32], edges: &[(u8, u8, u16)]) -> Vec<u16> {
    let mut encoding: Vec<u16> = edges
        .iter()
        .map(|&(a, b, colour)| {
            let (a, b) = (cells[a as usize] as u16, cells[b as usize] as u16);
            (a.min(b) << 9) | (a.max(b) << 2) | colour
        })
        .collect();
    encoding.sort_unstable();
    encoding
}

/// For each position `1..size` of the discrete colouring `cells`, the index among the
/// non-root vertices (local number less one) of the vertex there.
fn ordering(cells: &[u32]) -> Vec<u8> {
    let mut order = vec![0u8; cells.len() - 1];
    for (v, &c) in cells.iter().enumerate().skip(1) {
        order[c as usize - 1] = (v - 1) as u8;
    }
    order
}

/// A vertex in a round of refinement: its cell, then the (edge colour, other end's cell)
/// of its edges, sorted.
#[derive(Default)]
struct Signature {
    cell: u32,
    ends: Vec<(u16, u32)>,
    vertex: usize,
}

impl Signature {
    fn key(&self) -> (u32, &[(u16, u32)]) {
        (self.cell, &self.ends)
    }
}

/// Buffers of colour refinement, one [`Signature`] per vertex.
#[derive(Default)]
struct Refiner {
    signatures: Vec<Signature>,
}

impl Refiner {
    /// Colour refinement of `cells` (any colours; the result numbers the cells `0..k` in
    /// the order of the colours given, then of their signatures): until no cell splits.
    fn refine(&mut self, cells: &mut [u32], edges: &[(u8, u8, u16)]) {
        let mut classes = usize::MAX;
        self.signatures.resize_with(cells.len(), Signature::default);
        loop {
            for (v, signature) in self.signatures.iter_mut().enumerate() {
                signature.cell = cells[v];
                signature.ends.clear();
                signature.vertex = v;
            }
            for &(a, b, colour) in edges {
                let (a, b) = (a as usize, b as usize);
                let (ca, cb) = (cells[a], cells[b]);
                self.signatures[a].ends.push((colour, cb));
                self.signatures[b].ends.push((colour, ca));
            }
            for signature in &mut self.signatures {
                signature.ends.sort_unstable();
            }
            self.signatures
                .sort_unstable_by(|x, y| x.key().cmp(&y.key()));
            let mut rank = 0u32;
            for k in 0..self.signatures.len() {
                if k > 0 && self.signatures[k - 1].key() != self.signatures[k].key() {
                    rank += 1;
                }
                cells[self.signatures[k].vertex] = rank;
            }
            let now = rank as usize + 1;
            if now == classes {
                return;
            }
            classes = now;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax::Colour::{Blue, Green, Red};

    /// The labelling of all of `ends` as a block from node 0.
    fn labelled(ends: &[(u32, u32)], colours: &[Colour]) -> (Labelling, u128) {
        let nodes = ends.iter().map(|&(a, b)| a.max(b)).max().unwrap_or(0) as usize + 1;
        let board = Board::new(nodes, ends.to_vec());
        let mask = (1u64 << ends.len()) - 1;
        let mut vertices = 0u128;
        for &(a, b) in ends {
            vertices |= (1 << a) | (1 << b);
        }
        vertices &= !1;
        (label(&board, colours, mask, 0, vertices), vertices)
    }

    /// The values `values` (by non-root vertex, ascending) in each ordering's order.
    fn listed(labelling: &Labelling, values: &[u32]) -> Vec<Vec<u32>> {
        let n = values.len();
        labelling
            .orders
            .chunks_exact(n.max(1))
            .map(|order| order.iter().map(|&k| values[k as usize]).collect())
            .collect()
    }

    /// A random block relabelled at random has the same encoding, and the values carried
    /// with its vertices are listed the same by some ordering of each; distinct
    /// orderings of one block map it onto itself.
    #[test]
    fn relabelled_blocks_share_their_encoding() {
        let mut rng = crate::rng::Rng::new(4);
        for round in 0..400 {
            let nodes = 3 + rng.below(6) as u32;
            // A cycle through every vertex and some chords: biconnected.
            let mut ends: Vec<(u32, u32)> = (0..nodes).map(|v| (v, (v + 1) % nodes)).collect();
            for _ in 0..rng.below(5) {
                ends.push((rng.below_u32(nodes), rng.below_u32(nodes)));
            }
            ends.retain(|&(a, b)| a != b);
            let palette = if round % 3 == 0 {
                &[Blue, Red, Green][..]
            } else if round % 3 == 1 {
                &[Blue][..]
            } else {
                &[Blue, Red][..]
            };
            let colours: Vec<Colour> = (0..ends.len())
                .map(|_| palette[rng.below(palette.len() as u64) as usize])
                .collect();
            let values: Vec<u32> = (1..nodes).map(|_| rng.below_u32(3)).collect();
            // A relabelling fixing the root.
            let mut perm: Vec<u32> = (1..nodes).collect();
            rng.shuffle(&mut perm);
            perm.insert(0, 0);
            let moved: Vec<(u32, u32)> = ends
                .iter()
                .map(|&(a, b)| (perm[a as usize], perm[b as usize]))
                .collect();
            let mut moved_values = vec![0; values.len()];
            for v in 1..nodes as usize {
                moved_values[perm[v] as usize - 1] = values[v - 1];
            }
            let (one, _) = labelled(&ends, &colours);
            let (two, _) = labelled(&moved, &colours);
            assert_eq!(one.encoding, two.encoding, "{ends:?} {colours:?} {perm:?}");
            let (a, b) = (listed(&one, &values), listed(&two, &moved_values));
            assert_eq!(a.iter().min(), b.iter().min(), "{ends:?} {perm:?}");
            // Every ordering that gives the least encoding gives it exactly.
            for order in one.orders.chunks_exact(values.len()) {
                let mut cells = vec![0u32; nodes as usize];
                for (position, &k) in order.iter().enumerate() {
                    cells[k as usize + 1] = position as u32 + 1;
                }
                let edges: Vec<(u8, u8, u16)> = ends
                    .iter()
                    .zip(&colours)
                    .map(|(&(a, b), &c)| (a as u8, b as u8, code(c)))
                    .collect();
                assert_eq!(encode(&cells, &edges), one.encoding);
            }
        }
    }

    /// Blocks that are not the same coloured graph get different encodings: a path of a
    /// blue and a red edge closed by blue, from either end of the red edge.
    #[test]
    fn different_blocks_differ() {
        let triangle = [(0, 1), (1, 2), (2, 0)];
        let (a, _) = labelled(&triangle, &[Blue, Red, Blue]);
        let (b, _) = labelled(&triangle, &[Blue, Blue, Red]);
        let (c, _) = labelled(&triangle, &[Red, Blue, Blue]);
        assert_ne!(a.encoding, b.encoding);
        assert_eq!(b.encoding, c.encoding);
        // A symmetric block lists both orderings.
        let (d, vertices) = labelled(&triangle, &[Blue, Red, Blue]);
        assert_eq!(vertices.count_ones(), 2);
        assert_eq!(d.orders.len(), 4);
    }
}
