//! Chains of pieces, for the cuts inside a block: what a block is worth after each cut of
//! one class of its edges (step 4 of the [cut search](super::cuts)), all of them at once in
//! O(k log E) for a class of k edges.
//!
//! A chain of pieces worth w_1, .., w_j, hanging by a bridge below w_1, adds
//! `chains(w)[j] = g_{w_1}(g_{w_2}(.. g_{w_j}(0)))` to its foot, with
//! `g_w(y) = (y XOR w) + 1` (Colon Principle, Winning Ways ch. 7). Sweep i = n .. 1:
//! insert 0 tagged i, then apply g_{w_i} to every element; at the end the element tagged j
//! is `chains[j]`. The elements live in a binary trie keyed by their low bit first,
//! storing value XOR G for one global mask G: "XOR w into all" is `G ^= w`, and "+1 to
//! all" flips the lowest bit of all (swap the root's children) and then carries into the
//! child whose real bit is now 0, one node per level, until no value carries. Values never
//! exceed the sum of w + 1 over the class (nor E), so log2 of that many levels are enough.
//! An insertion of 0 follows the path the last carry took (both lead to the values whose
//! real low bits are all 0) and then nodes no value has reached, so it needs no walk of
//! its own. The tags are read at the end from their leaves. When every w of the class is
//! below 2^K with K well under that many levels (the vertices of a cycle with small trees
//! hanging from it), the trie holds only the low K bits: the bits above them are never
//! XORed, and a carry past bit K adds 1 to the high part of every value under the same
//! node at level K, so each such node keeps a count of those carries and each value the
//! count it was inserted under. The trie is kept as bits and replayed a level at a time
//! (`ChainTrie`), so that its memory accesses overlap; the two directions of a long
//! class are swept side by side.
//!
//! # Complexity
//!
//! O(k log B) a class of k pieces whose values stay below B (B <= E), no recursion; the
//! trie's bits (2^levels / 4 bytes) are reused from class to class and cleared along the
//! paths used.

/// Buffers reused across classes.
#[derive(Debug)]
pub(super) struct ClassBuffers {
    /// The caller's input: sub(x_1), .., sub(x_t) of the class's tree edges, top-down.
    pub(super) subs: Vec<u64>,
    /// W(Z_1) .. W(Z_{k-1}), the values of the class's pieces other than Z_0.
    weights: Vec<u64>,
    /// P, the chains one way round; then, in their place, what the block is worth after
    /// each cut (what [`ClassBuffers::values_after`] returns).
    forward: Vec<u64>,
    /// Q, the chains the other way round.
    backward: Vec<u64>,
    /// One trie for each direction, so that a long class sweeps both at once.
    tries: [ChainTrie; 2],
}

/// Classes of more pieces than this sweep their two directions side by side (on two
/// threads when rayon has them).
pub(super) const PARALLEL_CHAINS: usize = 1 << 14;

impl Default for ClassBuffers {
    fn default() -> Self {
        ClassBuffers::new(0)
    }
}

impl ClassBuffers {
    /// Buffers for the classes of a graph of `edges` edges (no value exceeds it).
    pub(super) fn new(edges: u64) -> ClassBuffers {
        ClassBuffers {
            subs: Vec::new(),
            weights: Vec::new(),
            forward: Vec::new(),
            backward: Vec::new(),
            tries: [ChainTrie::new(edges), ChainTrie::new(edges)],
        }
    }

    /// Makes the buffers fit a graph of `edges` edges, as [`ClassBuffers::new`].
    pub(super) fn resize(&mut self, edges: u64) {
        for trie in &mut self.tries {
            trie.resize(edges);
        }
    }

    /// What the block with top a is worth after each cut of a class of `k >= 2` edges
    /// (step 3 of the [cut search](super::cuts)), in the class's order (tree edges top-down,
    /// then the non-tree edge g if `with_g`): `sub_a` is sub(a), [`ClassBuffers::subs`]
    /// the sub values of the tree edges' lower ends.
    pub(super) fn values_after(&mut self, sub_a: u64, with_g: bool) -> &[u64] {
        let subs = &self.subs;
        let (first, last) = (subs[0], subs[subs.len() - 1]);
        let rest = if with_g {
            sub_a ^ first
        } else {
            sub_a ^ first ^ last ^ 1
        };
        self.weights.clear();
        (self.weights).extend(subs.windows(2).map(|pair| pair[0] ^ pair[1] ^ 1));
        if with_g {
            self.weights.push(last);
        }
        let weights = std::mem::take(&mut self.weights);
        self.values_after_cycle(rest, weights.iter().copied());
        self.weights = weights;
        &self.forward
    }

    /// What a block is worth after each cut of a class of `k >= 2` edges whose pieces
    /// are Z_0, worth `rest`, and Z_1 .. Z_{k-1}, worth `pieces` in order around the
    /// class (read where they are); the j-th cut is that of the edge joining Z_j and
    /// Z_{j+1}. A cycle of `k` edges hanging from one of its vertices p alone (every other
    /// vertex on it with two edges) is such a class: Z_0 is the rest of p's block, worth
    /// the block's value as a branch without the cycle, and the other pieces are the
    /// cycle's vertices.
    pub(super) fn values_after_cycle<I>(&mut self, rest: u64, pieces: I) -> &[u64]
    where
        I: DoubleEndedIterator<Item = u64> + ExactSizeIterator + Clone + Send,
    {
        let k = pieces.len() + 1;
        let [ahead, behind] = &mut self.tries;
        let (forward, backward) = (&mut self.forward, &mut self.backward);
        let long = pieces.len() > PARALLEL_CHAINS;
        let (reversed, pieces) = (pieces.clone().rev(), pieces);
        let forward_chains = || ahead.chains(reversed, forward);
        let backward_chains = || behind.chains(pieces, backward);
        if long {
            crate::threads::join(forward_chains, backward_chains);
        } else {
            forward_chains();
            backward_chains();
        }
        // What the block is worth after each cut, in place of the forward chains.
        for (after, &behind) in self.forward.iter_mut().zip(self.backward.iter().rev()) {
            *after ^= rest ^ behind;
        }
        debug_assert_eq!(self.forward.len(), k);
        &self.forward
    }
}

/// Chains of at most this many pieces are evaluated directly, not in the trie.
const DIRECT_CHAINS: usize = 16;

/// A binary trie over values, low bit first, storing `value XOR mask` (step 4 of the
/// [module docs](self)), kept as bits and replayed a level at a time.
///
/// The nodes are numbered in heap order (the root is 1, the children of node x are 2x and
/// 2x + 1, so level L holds the nodes `2^L .. 2^(L+1)`), and each node is two bits:
/// "children swapped" and "holds a value". The stored bit of the physical child c of x is
/// `c XOR swapped(x)`. A value is its leaf, the physical path its insertion took; its
/// stored bits are read at the end, from the final swaps along that path.
///
/// Each "+1 to all" walks from the root down, one dependent memory access per level,
/// about log2(k) of them: for a class of half a million edges that was two thirds of
/// `analyze --moves`. But what a step does at level L depends only on the levels above
/// it and on the steps before it, so the steps are replayed in blocks of [`BLOCK`], a
/// level at a time: for each step, the node its carry entered the level at (from the
/// block's pass of the level above), which node it goes on to, and whether that node
/// holds a value yet. The steps of a block do not wait for each other at a level, so
/// their memory accesses overlap, and a level's bits stay in cache through the block.
///
/// Insertions need no walk of their own. The carry of a step follows the values whose
/// real low bits have just become all 0, and the next step inserts 0 under the same
/// mask: its path is the carry's, node for node, down to where the carry stopped, and
/// below that no value has been yet, so nothing is swapped and the path is the stored
/// bits themselves. Its nodes there are marked as holding a value at once; no earlier
/// step's carry can reach them, since it would have had to enter the first of them,
/// which held nothing until now.
///
/// Its levels are the low bits of the values: all of them (below the bound of the sweep),
/// or, when every weight has fewer bits (K), only the low K. Then the bits above are
/// never XORed, so they only ever change by a carry past level K, and a carry into a node
/// of level K (a leaf) adds 1 to the high bits of every value below it at once: the leaf
/// counts those carries ([`ChainTrie::overflow`]) and each step notes the count its value
/// was inserted under; the difference at the end is its high bits. On the cycle with
/// trees of `scripts/bench.sh` (500,000 pieces, weights below 16) that is 4 levels a step
/// instead of 20.
///
/// The leaves are kept where the values will be, in the caller's buffer, and read in
/// place: a sweep touches no memory of its own in proportion to its length, which on a
/// fresh process is a page fault per 512 steps.
///
/// The bits cover 2^levels nodes for values below 2^levels (2^levels / 4 bytes, 256 KiB
/// for values up to 10^6) and are set only along the paths used. After a sweep they are
/// cleared all at once, or when that is more words than the paths have nodes, node by
/// node from the root down the nodes that hold values: a class costs O(k log B) whatever
/// the size of the bits.
#[derive(Debug)]
pub(super) struct ChainTrie {
    /// At most this many levels: every value handled is below `2^depth`.
    depth: u32,
    /// One bit per node: "children swapped".
    swapped: Vec<u64>,
    /// One bit per node: "holds a value" (the leaves only when `counted`).
    holds: Vec<u64>,
    /// Per step of the block: the mask after its weight, which is the mask the next step
    /// inserts under.
    after: Vec<u64>,
    /// Per step of the block: the node its carry reached at the current level (0: none).
    /// After a sparse sweep, the nodes still to clear.
    carried: Vec<u64>,
    /// Whether the sweep's levels are only the weights' bits (see above): then the leaves
    /// hold values too, and count the carries past them.
    counted: bool,
    /// Per leaf, when `counted`: how many carries went past it.
    overflow: Vec<u32>,
    /// The stored low bits of every node of one level, for reading the leaves.
    stored: Vec<u32>,
}

/// Steps replayed together, level by level (see [`ChainTrie`]).
const BLOCK: usize = 1024;

/// How many leaves ahead [`ChainTrie::read`] asks for the table's line.
const READ_AHEAD: usize = 32;

/// The deepest level [`ChainTrie::read`] tabulates: 2^18 nodes, 1 MiB, near the size of a
/// core's own cache. Reading the 500,000 leaves of the cycle with trees of
/// `scripts/bench.sh` took 2.8 ms with it, 3.8 ms with 2^19 nodes, 4.0 ms with 2^16
/// (before the leaves of that sweep were counted: it now has 4 levels).
const TABLE_LEVELS: u32 = 18;

/// A counted sweep's leaf slot: the leaf's place among the leaves in the low half, the
/// count it was inserted under in the high half.
const PLACE: u64 = u32::MAX as u64;

fn bit(bits: &[u64], x: u64) -> u64 {
    bits[(x / 64) as usize] >> (x % 64) & 1
}

/// Where a step's insertion leaves the nodes that hold values: a node no value has
/// reached yet, and its level.
type Fresh = (u64, u32);

/// Inserts the stored value `stored` from `fresh` down: marks its nodes above the leaves
/// (and its leaf, if `counted`) as holding a value, and returns its leaf's place among
/// the leaves (the leaf less `2^levels`).
fn insert(holds: &mut [u64], fresh: Fresh, stored: u64, levels: u32, counted: bool) -> u64 {
    let (mut x, level) = fresh;
    for l in level..levels {
        holds[(x / 64) as usize] |= 1 << (x % 64);
        x = 2 * x + (stored >> l & 1);
    }
    if counted {
        holds[(x / 64) as usize] |= 1 << (x % 64);
    }
    x - (1 << levels)
}

impl ChainTrie {
    /// A trie for values up to `max_value` (one spare level).
    pub(super) fn new(max_value: u64) -> ChainTrie {
        ChainTrie {
            depth: Self::depth_for(max_value),
            swapped: Vec::new(),
            holds: Vec::new(),
            after: Vec::new(),
            carried: Vec::new(),
            counted: false,
            overflow: Vec::new(),
            stored: Vec::new(),
        }
    }

    fn depth_for(max_value: u64) -> u32 {
        (u64::BITS - max_value.leading_zeros() + 1).min(u64::BITS)
    }

    /// Sets `out` to chains(w_1, .., w_n): `out[j] = g_{w_1}(g_{w_2}(.. g_{w_j}(0)))`
    /// with `g_w(y) = (y XOR w) + 1`, for j = 0..=n. `innermost_first` yields w_n first.
    fn chains(
        &mut self,
        innermost_first: impl ExactSizeIterator<Item = u64> + Clone,
        out: &mut Vec<u64>,
    ) {
        let n = innermost_first.len();
        if n <= DIRECT_CHAINS {
            // Short chains directly, O(n^2): cheaper than a walk of the trie's levels.
            let mut w = [0u64; DIRECT_CHAINS];
            for (i, x) in innermost_first.enumerate() {
                w[n - 1 - i] = x;
            }
            out.clear();
            out.push(0);
            for j in 1..=n {
                out.push(w[..j].iter().rev().fold(0, |y, &w| (y ^ w) + 1));
            }
            return;
        }
        self.chains_in_trie(innermost_first, out);
    }

    /// [`ChainTrie::chains`] by the trie, whatever the length. Step t (from 0) inserts 0
    /// tagged n - t, XORs w into the mask and adds 1 to all.
    fn chains_in_trie(
        &mut self,
        innermost_first: impl ExactSizeIterator<Item = u64> + Clone,
        out: &mut Vec<u64>,
    ) {
        let n = innermost_first.len();
        // Every value of the sweep is g_{w_i}(.. g_{w_j}(0)) <= the sum of w + 1 over
        // the chain, as (y XOR w) + 1 <= y + w + 1.
        let (bound, weight_bits) = (innermost_first.clone())
            .fold((0u64, 0u64), |(sum, bits), w| {
                (sum.saturating_add(w).saturating_add(1), bits | w)
            });
        let full = (u64::BITS - bound.leading_zeros()).min(self.depth).max(1);
        // The weights' bits alone, with a count per leaf, when they are fewer (and their
        // leaves no more than the steps, so that the counts cost no more than the values).
        let low = (u64::BITS - weight_bits.leading_zeros()).max(1);
        self.counted = low < full && 1 << low <= n;
        let levels = if self.counted { low } else { full };
        // Nodes below 2^levels, and the leaves too when they hold values.
        let words = ((1u64 << levels) / 64 + 1) as usize;
        let holds_words = if self.counted { 2 * words } else { words };
        for (bits, words) in [(&mut self.swapped, words), (&mut self.holds, holds_words)] {
            if bits.len() < words {
                bits.resize(words, 0);
            }
        }
        if self.counted && self.overflow.len() < 1 << levels {
            self.overflow.resize(1 << levels, 0);
        }
        // Step t's leaf goes where its value will be, at n - t; chains[0] = 0 is first.
        out.clear();
        out.resize(n + 1, 0);
        // The first value is inserted into an empty trie, from the root.
        let mut fresh = (1, 0);
        let mut mask = 0;
        let mut weights = innermost_first;
        let mut first = 0;
        while first < n {
            let before = mask;
            self.after.clear();
            for w in weights.by_ref().take(BLOCK) {
                mask ^= w;
                self.after.push(mask);
            }
            let steps = self.after.len();
            let block = &mut out[n + 1 - first - steps..=n - first];
            fresh = self.replay(levels, block, before, fresh);
            first += steps;
        }
        self.read(levels, mask, &mut out[1..]);
        self.clear(levels, words, holds_words, n);
    }

    /// Replays the block of steps whose masks after their weights are in `after`, level
    /// by level, and sets each step's leaf slot (the last step's first in `block`):
    /// `before` is the mask before the block, `fresh` where its first step's insertion
    /// leaves the nodes that hold values. Returns the same for the step after the block.
    fn replay(&mut self, levels: u32, block: &mut [u64], before: u64, fresh: Fresh) -> Fresh {
        let ChainTrie {
            swapped,
            holds,
            after,
            carried,
            counted,
            overflow,
            ..
        } = self;
        let counted = *counted;
        let steps = after.len();
        block[steps - 1] = insert(holds, fresh, before, levels, counted);
        let first_leaf = 1u64 << levels;
        carried.clear();
        carried.resize(steps, 1);
        let mut next = fresh;
        for level in 0..levels {
            let last = level + 1 == levels;
            // The first six levels are the nodes of the first word: through their passes
            // it stays in a register, where each step's swap waits for the last one's.
            let first_word = level < 6;
            let mut register = swapped[0];
            for (t, (carry, &mask)) in carried.iter_mut().zip(after.iter()).enumerate() {
                let slot = steps - 1 - t;
                if last && counted {
                    // Step t's value was inserted before its own carry, after those of
                    // the steps before it (at this level, the only one that counts).
                    block[slot] |= u64::from(overflow[block[slot] as usize]) << 32;
                }
                // "+1 to all": swap the children of the node the carry reached, and carry
                // on into the child whose real bit is now 0, if it holds a value.
                let y = *carry;
                if y == 0 {
                    continue;
                }
                let shift = y % 64;
                let word = if first_word {
                    &mut register
                } else {
                    &mut swapped[(y / 64) as usize]
                };
                *word ^= 1 << shift;
                let child = 2 * y + (mask >> level & 1 ^ *word >> shift & 1);
                if (!last || counted) && bit(holds, child) == 1 {
                    if !last {
                        *carry = child;
                        continue;
                    }
                    // Past the last level: the high bits of every value below this leaf.
                    overflow[(child - first_leaf) as usize] += 1;
                }
                *carry = 0;
                // The next step inserts 0 under the mask `after[t]`: down this carry's
                // path, then from `child` on, where no value is yet.
                let fresh = (child, level + 1);
                match slot.checked_sub(1) {
                    Some(next_slot) => {
                        block[next_slot] = insert(holds, fresh, mask, levels, counted);
                    }
                    None => next = fresh,
                }
            }
            if first_word {
                swapped[0] = register;
            }
        }
        next
    }

    /// Turns each leaf slot of `slots` into its value, given the final `mask`: the stored
    /// bit at each level is the physical child taken XOR the swap of its parent (and, if
    /// counted, the bits above are the carries past the leaf since the value came). The
    /// bits of the levels above some level K are read from a table of that level's nodes,
    /// built top-down in 2^K steps (2^K is at most twice the number of leaves), so that a
    /// dense trie is not walked leaf by leaf from the root.
    fn read(&mut self, levels: u32, mask: u64, slots: &mut [u64]) {
        let n = slots.len();
        let top = levels.min(n.max(1).ilog2() + 1).min(TABLE_LEVELS);
        let stored = &mut self.stored;
        stored.clear();
        stored.push(0);
        for level in 0..top {
            let base = 1u64 << level;
            stored.resize(2 << level, 0);
            for i in (0..base as usize).rev() {
                let swap = bit(&self.swapped, base + i as u64) as u32;
                let above = stored[i];
                stored[2 * i] = above | swap << level;
                stored[2 * i + 1] = above | (swap ^ 1) << level;
            }
        }
        let place = if self.counted { PLACE } else { u64::MAX };
        let shift = levels - top;
        for i in 0..n {
            // The table is read at random: ask for its line some leaves ahead.
            if let Some(&ahead) = slots.get(i + READ_AHEAD) {
                prefetch_index::prefetch_index(&*stored, ((ahead & place) >> shift) as usize);
            }
            let slot = slots[i];
            let leaf = (1 << levels) + (slot & place);
            let mut value = u64::from(stored[((slot & place) >> shift) as usize]);
            for level in top..levels {
                let x = leaf >> (levels - level);
                let child = leaf >> (levels - level - 1) & 1;
                value |= (child ^ bit(&self.swapped, x)) << level;
            }
            if self.counted {
                let carries = u64::from(self.overflow[(slot & PLACE) as usize]) - (slot >> 32);
                value |= carries << levels;
            }
            slots[i] = value ^ mask;
        }
    }

    /// Clears the bits and counts a sweep of `n` steps set: all `words` (`holds_words`
    /// of `holds`) if that is fewer than the paths have nodes (always when counted, with
    /// no more leaves than steps), else the nodes that hold values, from the root down.
    fn clear(&mut self, levels: u32, words: usize, holds_words: usize, n: usize) {
        if self.counted {
            self.overflow[..1 << levels].fill(0);
        }
        if self.counted || words <= n.saturating_mul(levels as usize) {
            self.swapped[..words].fill(0);
            self.holds[..holds_words].fill(0);
            return;
        }
        // Depth first, so the stack holds at most one node a level and one more.
        let below = &mut self.carried;
        below.clear();
        below.push(1);
        while let Some(x) = below.pop() {
            if bit(&self.holds, x) == 0 {
                continue;
            }
            let (word, shift) = ((x / 64) as usize, x % 64);
            self.holds[word] &= !(1 << shift);
            self.swapped[word] &= !(1 << shift);
            if 2 * x < 1 << levels {
                below.extend([2 * x, 2 * x + 1]);
            }
        }
    }

    /// Makes the trie hold values up to `max_value` (one spare level), as [`ChainTrie::new`].
    pub(super) fn resize(&mut self, max_value: u64) {
        self.depth = Self::depth_for(max_value);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;

    /// chains(w) by direct evaluation, O(n^2).
    fn chains_slow(w: &[u64]) -> Vec<u64> {
        (0..=w.len())
            .map(|j| w[..j].iter().rev().fold(0, |y, &w| (y ^ w) + 1))
            .collect()
    }

    /// The largest value the sweep over `w` meets: every g_{w_i}(.. g_{w_j}(0)), and w.
    fn largest_value(w: &[u64]) -> u64 {
        let mut max = w.iter().copied().max().unwrap_or(0);
        for i in 0..w.len() {
            for j in i..w.len() {
                max = max.max(w[i..=j].iter().rev().fold(0, |y, &w| (y ^ w) + 1));
            }
        }
        max
    }

    fn chains_fast(trie: &mut ChainTrie, w: &[u64]) -> Vec<u64> {
        let mut out = Vec::new();
        trie.chains(w.iter().rev().copied(), &mut out);
        let mut in_trie = Vec::new();
        trie.chains_in_trie(w.iter().rev().copied(), &mut in_trie);
        assert_eq!(out, in_trie, "direct and trie chains of {w:?}");
        out
    }

    #[test]
    fn chains_of_a_stalk_count_up() {
        // Pieces worth 0 are single vertices: a chain of j bridges is a stalk of j.
        let mut trie = ChainTrie::new(10);
        assert_eq!(chains_fast(&mut trie, &[0; 5]), vec![0, 1, 2, 3, 4, 5]);
        assert_eq!(chains_fast(&mut trie, &[]), vec![0]);
        assert_eq!(chains_fast(&mut trie, &[1, 0, 3]), chains_slow(&[1, 0, 3]));
    }

    #[test]
    fn trie_chains_match_direct_evaluation() {
        let mut rng = Rng::new(7);
        let mut trie = ChainTrie::new(0);
        for round in 0..3000 {
            let n = (rng.next_u64() % 40) as usize;
            let bits = 1 + rng.next_u64() % 7;
            let w: Vec<u64> = (0..n).map(|_| rng.next_u64() % (1 << bits)).collect();
            let slow = chains_slow(&w);
            // Reuse one trie, sized for the largest value of this sweep, with no spare level.
            trie.depth = u64::BITS - largest_value(&w).leading_zeros();
            assert_eq!(
                chains_fast(&mut trie, &w),
                slow,
                "round {round}, weights {w:?}"
            );
        }
    }

    /// Sweeps of more than one block of steps, one trie reused from long to short and
    /// back (its bits must be left clear after each), and both directions of a class
    /// side by side.
    #[test]
    fn long_chains_cross_blocks_and_leave_the_trie_clear() {
        let mut rng = Rng::new(11);
        let mut trie = ChainTrie::new(1 << 20);
        for n in [BLOCK - 1, BLOCK, BLOCK + 1, 17, 2 * BLOCK + 5, 40, 3000] {
            let bits = 1 + rng.next_u64() % 5;
            let w: Vec<u64> = (0..n).map(|_| rng.next_u64() % (1 << bits)).collect();
            assert_eq!(chains_fast(&mut trie, &w), chains_slow(&w), "{n} weights");
        }
        assert!(is_clear(&trie));
        let mut buffers = ClassBuffers::new(1 << 20);
        let subs: Vec<u64> = (0..PARALLEL_CHAINS as u64 + 50).map(|i| i % 7).collect();
        buffers.subs = subs.clone();
        let both = buffers.values_after(3, true).to_vec();
        // The pieces of a class with its non-tree edge (step 3 of the cut search).
        let rest = 3 ^ subs[0];
        let mut w: Vec<u64> = subs.windows(2).map(|pair| pair[0] ^ pair[1] ^ 1).collect();
        w.push(subs[subs.len() - 1]);
        let mut forward = Vec::new();
        let mut backward = Vec::new();
        ChainTrie::new(1 << 20).chains(w.iter().rev().copied(), &mut forward);
        ChainTrie::new(1 << 20).chains(w.iter().copied(), &mut backward);
        let k = w.len() + 1;
        let one_by_one: Vec<u64> = (0..k)
            .map(|j| rest ^ forward[j] ^ backward[k - 1 - j])
            .collect();
        assert_eq!(both, one_by_one);
    }

    /// Large pieces on short chains: a trie of many levels and few paths, cleared node
    /// by node rather than word by word, and read mostly below its table.
    #[test]
    fn sparse_tries_clear_their_paths() {
        let mut rng = Rng::new(13);
        let mut trie = ChainTrie::new(1 << 40);
        for n in [17, 40, 200, 17] {
            let w: Vec<u64> = (0..n).map(|_| rng.next_u64() % (1 << 24)).collect();
            let bound: u64 = w.iter().map(|&w| w + 1).sum();
            let levels = u64::BITS - bound.leading_zeros();
            assert!(
                1 << levels > 64 * n * levels as usize,
                "{n} pieces clear by paths"
            );
            assert_eq!(chains_fast(&mut trie, &w), chains_slow(&w), "{n} weights");
            assert!(!trie.counted, "{n} weights of 24 bits take every level");
            assert!(is_clear(&trie));
        }
    }

    /// Whether no bit of the trie is set, as a sweep must leave it.
    fn is_clear(trie: &ChainTrie) -> bool {
        (trie.swapped.iter().chain(&trie.holds)).all(|&bits| bits == 0)
            && trie.overflow.iter().all(|&count| count == 0)
    }

    /// Long chains of small weights keep only the weights' bits in the trie and count the
    /// carries past them: values far above the trie's leaves, a stalk among them (no
    /// weight bits at all), each sweep leaving the counts clear.
    #[test]
    fn small_weights_count_their_carries() {
        let mut rng = Rng::new(17);
        let mut trie = ChainTrie::new(1 << 20);
        let stalk = vec![0; 5000];
        assert_eq!(
            chains_fast(&mut trie, &stalk),
            (0..=5000).collect::<Vec<u64>>()
        );
        assert!(trie.counted && is_clear(&trie));
        for (n, bits) in [(17, 4), (5000, 1), (BLOCK + 3, 3), (3 * BLOCK, 10), (64, 6)] {
            let w: Vec<u64> = (0..n).map(|_| rng.next_u64() % (1 << bits)).collect();
            assert_eq!(chains_fast(&mut trie, &w), chains_slow(&w), "{n} weights");
            let top = w.iter().fold(0, |bits, &w| bits | w);
            assert!(trie.counted, "{n} weights below {top}");
            assert!(is_clear(&trie));
        }
    }
}
