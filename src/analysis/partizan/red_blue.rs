//! The value of a red-blue tree on bare edge lists, for inputs where nothing but the value
//! is wanted (the judged problems of red-blue forests): linear in the edges, no
//! recursion, exact at any depth.
//!
//! # Method
//!
//! The ordinal-sum recursion of the tree parts ([`Method::Tree`](super::Method::Tree)),
//! on numbers only: a vertex is worth the sum of its branches, and a branch is its edge
//! `:` the value above it, which for a blue edge is Berlekamp's rule `1 : x` (`x + 1` for
//! `x >= 0`, else `(1 + x + n) / 2^n` with `n = -floor(x)`; Winning Ways ch. 2, see
//! [`Dyadic::under`]) and for a red edge its mirror image. A loop is a twig of its colour
//! (`1` or `-1`). The vertices are laid out once (adjacency in one array, a preorder from
//! the ground by an explicit stack), then valued from the last in the order to the first.
//!
//! Values are machine words while they fit ([`Small`], the search's numbers). When one
//! does not, the recursion goes on where it stopped with each vertex's value a machine
//! word until it outgrows one, then a [`Wide`]: words changed in place, so that an edge
//! under a big value costs O(1) word operations and a sum at a branch vertex costs the
//! size of the smaller value, added into the larger one's buffer.
//!
//! # Cost
//!
//! `O(V + E)` steps, each a machine-word operation, but the sums of big values, each
//! linear in the smaller value's words (at most the tree's height in bits over 64); an
//! alternating path of `d` edges, whose value has `d` bits, costs `O(d)`. Memory: about
//! 90 bytes per vertex (its place in the order, its loops' worth, its value as a word and
//! as words that grow, whose bits come on top) and 16 per edge (the adjacency, two
//! entries), reused from tree to tree. A parent array with parents first (Kattis's
//! forests) needs neither the adjacency nor the search.
//!
//! Held against the game played out on every small red-blue tree in `tests/partizan.rs`.

use crate::game::Dyadic;
use crate::syntax::Colour;

use super::small::{Overflow, Small};
use super::wide::Wide;

/// A tree laid out from the ground, and its values: buffers reused from tree to tree.
#[derive(Debug, Default)]
pub struct RedBlueTree {
    /// Where each vertex's neighbours start in `next` (one more entry than vertices).
    start: Vec<u32>,
    /// Each vertex's neighbours, with the edge to each.
    next: Vec<(u32, u32)>,
    /// The preorder from the ground: each vertex with its parent and the edge between.
    order: Vec<(u32, u32, u32)>,
    stack: Vec<(u32, u32, u32)>,
    seen: Vec<bool>,
    /// What each vertex's loops are worth.
    twigs: Vec<i64>,
    small: Vec<Small>,
    values: Vec<Value>,
}

/// A vertex's value in the recursion on big numbers: a machine word while it fits.
#[derive(Debug)]
enum Value {
    Small(Small),
    Wide(Wide),
}

impl Value {
    const ZERO: Value = Value::Small(Small::ZERO);

    fn into_wide(self) -> Wide {
        match self {
            Value::Small(small) => small.to_wide(),
            Value::Wide(wide) => wide,
        }
    }

    /// The edge of `colour` under it.
    fn under(self, colour: Colour) -> Value {
        if let Value::Small(small) = self
            && let Ok(under) = small.under(colour)
        {
            return Value::Small(under);
        }
        let mut wide = self.into_wide();
        wide.under(colour);
        Value::Wide(wide)
    }

    /// The sum.
    fn add(self, other: Value) -> Value {
        // A vertex's value is 0 before its first branch, most often: no work.
        if matches!(self, Value::Small(Small::ZERO)) {
            return other;
        }
        if let (Value::Small(a), Value::Small(b)) = (&self, &other)
            && let Ok(sum) = a.add(*b)
        {
            return Value::Small(sum);
        }
        let mut wide = self.into_wide();
        wide.add(other.into_wide());
        Value::Wide(wide)
    }
}

/// Why a graph was not valued as a tree.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum NotATree {
    /// A cycle stands on the ground (two edges between the same vertices included).
    Cycle,
    /// An edge standing on the ground is green.
    Green,
}

impl RedBlueTree {
    /// The value of the red-blue graph of `vertices` vertex ids (0 the ground), edges
    /// `ends[2i]`–`ends[2i + 1]` of colour `colours[i]` (blue positive): the sum of the
    /// branches on the ground. What does not reach the ground falls and counts for
    /// nothing. An error when what stands on the ground is not a red-blue tree (the
    /// partizan search of [`analyze`](super::analyze) values those).
    ///
    /// ```
    /// use hackenbush::analysis::partizan::RedBlueTree;
    /// use hackenbush::syntax::Colour::{Blue, Red};
    ///
    /// // A blue edge with a red one on top is 1/2; a red edge on the ground beside it,
    /// // -1; and an edge apart from the ground falls.
    /// let ends = [0, 1, 1, 2, 0, 3, 4, 5];
    /// let value = RedBlueTree::default().value(6, &ends, &[Blue, Red, Red, Blue]);
    /// assert_eq!(value.unwrap().to_string(), "-1/2");
    /// ```
    pub fn value(
        &mut self,
        vertices: u32,
        ends: &[u32],
        colours: &[Colour],
    ) -> Result<Dyadic, NotATree> {
        self.lay_out(vertices, ends, colours)?;
        Ok(match self.small_value(colours) {
            Ok(value) => value.to_dyadic(),
            Err(left) => self.big_value(colours, left),
        })
    }

    /// The adjacency and the preorder from the ground; the loops' worth per vertex.
    fn lay_out(&mut self, vertices: u32, ends: &[u32], colours: &[Colour]) -> Result<(), NotATree> {
        if self.parents_first(vertices, ends, colours) {
            return Ok(());
        }
        let n = vertices as usize;
        self.start.clear();
        self.start.resize(n + 1, 0);
        self.twigs.clear();
        self.twigs.resize(n, 0);
        for e in ends.chunks_exact(2) {
            if e[0] != e[1] {
                self.start[e[0] as usize + 1] += 1;
                self.start[e[1] as usize + 1] += 1;
            }
        }
        for v in 1..=n {
            self.start[v] += self.start[v - 1];
        }
        self.next.clear();
        self.next.resize(self.start[n] as usize, (0, 0));
        // `start[v]` runs ahead while filling; `start[v + 1]` is then where `v` begins.
        for (i, e) in ends.chunks_exact(2).enumerate() {
            let (a, b) = (e[0], e[1]);
            if a == b {
                self.twigs[a as usize] += match colours[i] {
                    Colour::Blue => 1,
                    Colour::Red => -1,
                    _ => 0,
                };
                continue;
            }
            for (x, y) in [(a, b), (b, a)] {
                let slot = &mut self.start[x as usize];
                self.next[*slot as usize] = (y, i as u32);
                *slot += 1;
            }
        }
        // Now `start[v]` is where `v + 1` begins: shift back by one.
        self.start.rotate_right(1);
        self.start[0] = 0;
        self.order.clear();
        self.seen.clear();
        self.seen.resize(n, false);
        self.stack.clear();
        if n == 0 {
            return Ok(());
        }
        self.seen[0] = true;
        self.stack.push((0, u32::MAX, u32::MAX));
        while let Some((v, parent, edge)) = self.stack.pop() {
            self.order.push((v, parent, edge));
            let (from, to) = (self.start[v as usize], self.start[v as usize + 1]);
            for &(w, e) in &self.next[from as usize..to as usize] {
                if e == edge {
                    continue;
                }
                if self.seen[w as usize] {
                    return Err(NotATree::Cycle);
                }
                if !matches!(colours[e as usize], Colour::Blue | Colour::Red) {
                    return Err(NotATree::Green);
                }
                self.seen[w as usize] = true;
                self.stack.push((w, v, e));
            }
        }
        // A green loop at a vertex that stands is a green edge standing.
        for (i, e) in ends.chunks_exact(2).enumerate() {
            if e[0] == e[1] && self.seen[e[0] as usize] && colours[i] == Colour::Green {
                return Err(NotATree::Green);
            }
        }
        Ok(())
    }

    /// A parent array with parents first (edge `i` joins an earlier vertex to vertex
    /// `i + 1`, as Kattis writes its forests) is laid out as it stands: its order is the
    /// vertices' own, with no adjacency and no search. Whether it was one.
    fn parents_first(&mut self, vertices: u32, ends: &[u32], colours: &[Colour]) -> bool {
        let n = vertices as usize;
        let edges = ends.len() / 2;
        let laid_out = n == edges + 1
            && (ends.chunks_exact(2).enumerate())
                .all(|(i, e)| e[1] as usize == i + 1 && (e[0] as usize) <= i)
            && colours[..edges]
                .iter()
                .all(|&c| matches!(c, Colour::Blue | Colour::Red));
        if !laid_out {
            return false;
        }
        self.twigs.clear();
        self.twigs.resize(n, 0);
        self.order.clear();
        self.order.push((0, u32::MAX, u32::MAX));
        (self.order)
            .extend((ends.chunks_exact(2).enumerate()).map(|(i, e)| (e[1], e[0], i as u32)));
        true
    }

    /// The recursion on machine words; or, when a value outgrows one, how many entries
    /// of the order (from the first) are still to be valued, `self.small` holding the
    /// values of the others.
    fn small_value(&mut self, colours: &[Colour]) -> Result<Small, usize> {
        if self.order.is_empty() {
            return Ok(Small::ZERO);
        }
        self.small.clear();
        self.small
            .extend(self.twigs.iter().map(|&t| Small::integer(t)));
        for (i, &(v, parent, edge)) in self.order.iter().enumerate().skip(1).rev() {
            let step = |small: &mut [Small]| -> Result<(), Overflow> {
                let branch = small[v as usize].under(colours[edge as usize])?;
                small[parent as usize] = small[parent as usize].add(branch)?;
                Ok(())
            };
            // Neither operation writes before it succeeds: entry `i` is not valued.
            step(&mut self.small).map_err(|Overflow| i + 1)?;
        }
        Ok(self.small[0])
    }

    /// The recursion on values that grow past a machine word where they must, from the
    /// values `small_value` left, for the first `left` entries of the order.
    fn big_value(&mut self, colours: &[Colour], left: usize) -> Dyadic {
        self.values.clear();
        (self.values).extend(self.small.iter().map(|&small| Value::Small(small)));
        for &(v, parent, edge) in self.order[1..left].iter().rev() {
            let above = std::mem::replace(&mut self.values[v as usize], Value::ZERO);
            let branch = above.under(colours[edge as usize]);
            let here = std::mem::replace(&mut self.values[parent as usize], Value::ZERO);
            self.values[parent as usize] = here.add(branch);
        }
        match std::mem::replace(&mut self.values[0], Value::ZERO) {
            Value::Small(small) => small.to_dyadic(),
            Value::Wide(wide) => wide.to_dyadic(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Colour::{Blue, Red};

    fn value(vertices: u32, edges: &[(u32, u32, Colour)]) -> Result<String, NotATree> {
        let ends: Vec<u32> = edges.iter().flat_map(|&(a, b, _)| [a, b]).collect();
        let colours: Vec<Colour> = edges.iter().map(|&(_, _, c)| c).collect();
        RedBlueTree::default()
            .value(vertices, &ends, &colours)
            .map(|v| v.to_string())
    }

    #[test]
    fn stalks_follow_berlekamps_rule_beyond_a_machine_word() {
        // Blue then alternating: 1 - 1/2 + 1/4 - ... over 200 edges, exact.
        let stalk: Vec<_> = (0..200)
            .map(|i| (i, i + 1, if i % 2 == 0 { Blue } else { Red }))
            .collect();
        let got: Dyadic = value(201, &stalk).unwrap().parse().unwrap();
        // The sum of (-1/2)^i for i < 200 is (1 - 2^-200) * 2/3: (2^200 - 1) / (3 * 2^199).
        assert_eq!(got.exponent(), 199);
        assert_eq!(
            got.numerator() * 3,
            (crate::game::BigInt::from(1) << 200) - 1
        );
    }

    /// The recursion on [`Dyadic`]s with a search of the tree's own: the rule as the
    /// numbers of the game state it (`Dyadic::under` and sums), with nothing in place.
    fn dyadic_value(vertices: u32, edges: &[(u32, u32, Colour)]) -> Dyadic {
        use crate::game::Side;
        let n = vertices as usize;
        let mut children = vec![Vec::new(); n];
        for &(parent, child, colour) in edges {
            children[parent as usize].push((child, colour));
        }
        // Children are numbered after their parents: from the last vertex down.
        let mut value = vec![Dyadic::zero(); n];
        for v in (0..n).rev() {
            let mut sum = Dyadic::zero();
            for &(child, colour) in &children[v] {
                let side = if colour == Blue {
                    Side::Left
                } else {
                    Side::Right
                };
                sum = &sum + &value[child as usize].under(side).unwrap();
            }
            value[v] = sum;
        }
        value[0].clone()
    }

    /// Random trees with long alternating paths, so that values pass a machine word in
    /// some branches and not in others, with branches worth their mirror images beside
    /// them now and then: the values that grow in place are the [`Dyadic`] recursion's.
    #[test]
    fn values_beyond_a_word_are_the_dyadic_recursions() {
        let mut rng = crate::rng::Rng::stream(8, 0);
        for round in 0..300 {
            let n = 2 + rng.below(400) as u32;
            let mut edges = Vec::new();
            for child in 1..n {
                // Mostly on the vertex just before (deep paths), else anywhere below.
                let parent = if rng.below(10) < 8 {
                    child - 1
                } else {
                    rng.below(u64::from(child)) as u32
                };
                let colour = if (child + rng.below(8) as u32 / 7).is_multiple_of(2) {
                    Blue
                } else {
                    Red
                };
                edges.push((parent, child, colour));
            }
            let want = dyadic_value(n, &edges);
            // Listed parents first, and shuffled so that the search lays them out.
            let got: Dyadic = value(n, &edges).unwrap().parse().unwrap();
            assert_eq!(got, want, "round {round}");
            let mut shuffled = edges.clone();
            rng.shuffle(&mut shuffled);
            let got: Dyadic = value(n, &shuffled).unwrap().parse().unwrap();
            assert_eq!(got, want, "round {round}, shuffled");
        }
    }

    #[test]
    fn cycles_and_green_edges_are_refused_loops_are_twigs() {
        assert_eq!(value(2, &[(0, 1, Blue), (1, 0, Red)]), Err(NotATree::Cycle));
        assert_eq!(
            value(2, &[(0, 1, Blue), (1, 1, Colour::Green)]),
            Err(NotATree::Green)
        );
        assert_eq!(value(2, &[(0, 1, Red), (1, 1, Blue)]).unwrap(), "-1/2");
        // A cycle apart from the ground falls.
        assert_eq!(
            value(4, &[(0, 1, Blue), (2, 3, Red), (3, 2, Red)]).unwrap(),
            "1"
        );
        assert_eq!(value(0, &[]).unwrap(), "0");
    }
}
