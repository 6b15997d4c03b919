//! The search of a part with cycles, block by block: only the block at the ground is
//! played out; whatever hangs from it counts by its value alone.
//!
//! # The theorem
//!
//! **Colon Principle** (Winning Ways ch. 2 and 7; Siegel, *Combinatorial Game Theory*,
//! ch. II.6): if a piece `G` hangs from the rest `B` of a position at a single vertex `v`
//! (a move in `B` that separates `v` from the ground removes `G`), then replacing `G` by
//! any `H = G` does not change the value. The usual proof (`B[G] - B[H]`: mirror every
//! move in `B`, answer moves in `G` or `H` by a winning strategy of `G - H`) never uses
//! that `G` and `H` are Hackenbush pictures, so `B[v <- g]` is well defined for an
//! abstract value `g`: its moves are the cuts of `B` (dropping `g` if `v` falls) and the
//! moves of `g` in canonical form. Pieces at one vertex add up (`B[v <- g + h]`).
//!
//! # Method
//!
//! A position is a set of edges standing (one bit each) with a value hanging at each
//! vertex. To value it from a root (the ground, or the vertex a piece hangs from):
//! 1. its *layout*: one depth-first search from the root with low links (Tarjan) finds
//!    its blocks (biconnected components; a loop is one of its own), each with the vertex
//!    it hangs from, listed so that every block comes after the blocks hanging from it.
//!    Layouts are cached by the position's edges and root, since they do not depend on
//!    the values;
//! 2. the blocks are valued in that order: each with, at each of its vertices, the value
//!    hanging there plus the blocks already valued that hang there; the blocks hanging
//!    from the root add up to the position's value;
//! 3. a block of one edge is that edge `:` the value at its top (an ordinal sum, the tree
//!    rule); a larger block is *searched*: its options are its cuts (a block less one
//!    edge is still connected; valued from step 1, the hanging values carried along) and
//!    the canonical options of the value hanging at each vertex; memoized exactly by the
//!    block's shape up to relabelling ([`shape`](super::shape): blocks that are the same
//!    coloured graph from their root share an entry, whichever edges they are) and the
//!    values hanging at its other vertices, listed in the order of that shape. On the
//!    Moderately Hard Bed this takes the blocks searched from about 650,000 to under
//!    200,000;
//! 4. on games, a block is first split by its red-blue core from its root
//!    ([`mixed`](super::mixed)): a red-blue block with numbers hanging is searched on
//!    numbers (a search of its own, [`Small`]), with other values hanging it is its
//!    value with their numbers hanging plus their infinitesimals, and a block with green
//!    edges and a core leaves its core's cuts out (dominated by its green cuts).
//!
//! Values are a [`Value`]: canonical [`Game`]s, for the rests of parts with green edges
//! (what stands above their green edges, [`mixed`](super::mixed)) and red-blue parts whose
//! numbers outgrow a word; [`Small`] numbers (the **simplicity theorem** gives each
//! block's value from its best option on each side, no option lists, see
//! [`small`](super::small)) for the red-blue blocks a search on games meets with numbers
//! hanging (step 4), and in the tests, where the block search on numbers is the oracle of
//! the search by comparisons ([`bounds`](super::bounds)) that values red-blue parts.
//!
//! # Cost
//!
//! Exponential in the worst case, bounded by the budget's positions (blocks searched)
//! and work. Each block searched costs, per cut, a lookup per block of what is left
//! (after one layout per distinct set of edges), and a search per option of a hanging
//! value. The recursion is one frame per cut or value option, at most 64 deep for each of
//! the two kinds (a value hanging from a piece of `k` edges is born by day `k`). The memo
//! is one hash table of fixed-size entries (32 bytes on numbers: the class, which of the
//! values hanging are not zero as a bit set, where those values start, the value) and
//! one array of the values that are not zero, both dropped at once when the part is
//! valued. Most values hanging are zero: on the bed a lookup compares 2.6 values where
//! the whole list was 10.5, and a search takes 115 to 250 bytes per position counted
//! with everything else it keeps (measured at refusals; it was 205 to 300).
//!
//! Cross-checked against the plain search over edge sets (`Search`, kept for tests)
//! and exhaustive play ([`game_tree::partizan`](crate::game_tree::partizan)) in this
//! file's tests.

use crate::game::{Calculator, Exceeded, Game, Side};
use crate::syntax::Colour;

use super::memo::{Hanging, Key, Memo};
use super::mixed;
use super::shape::Shapes;
use super::small::{Overflow, Small};
use super::{Board, LowLinks, NODES, NONE, PROGRESS_EVERY, colour_bits, edge_game};

/// Why a search stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Failure {
    /// It visited more blocks than the budget allows.
    Positions,
    /// A canonical form took too much work or depth.
    Exceeded(Exceeded),
    /// A number needed more than a machine word (only for [`Small`]).
    Overflow,
}

/// What the search needs of a value: sums, an edge under a value, canonical options, and
/// the value of a game from its options.
pub(super) trait Value: Hanging + Sized {
    /// What its operations share (the [`Calculator`] of games).
    type Context;
    /// The options offered so far to a position.
    type Options: Default;
    fn zero() -> Self;
    fn add(&self, other: &Self, cx: &mut Self::Context) -> Result<Self, Failure>;
    /// An edge of `colour` under `self`: `edge : self`.
    fn under(&self, colour: Colour, cx: &mut Self::Context) -> Result<Self, Failure>;
    /// Its canonical options for `side`, pushed on `out`.
    fn options(&self, side: Side, out: &mut Vec<Self>);
    /// Offers `value` as an option of `side`.
    fn offer(options: &mut Self::Options, side: Side, value: Self);
    /// The value of the game with `options`.
    fn finish(options: Self::Options, cx: &mut Self::Context) -> Result<Self, Failure>;
    /// An order of values, to choose one of the lists a symmetry of a block makes of the
    /// values hanging on it (the least in this order, element by element; `None`: the
    /// first list).
    const ORDER: Option<fn(&Self, &Self) -> std::cmp::Ordering>;
    /// Its number and the infinitesimal rest, or `None` for a number: every value of a
    /// position is a number plus an infinitesimal ([`mixed`](super::mixed)).
    fn split(&self, cx: &mut Self::Context) -> Result<Option<(Self, Self)>, Failure>;
    /// For games: the number it is, in a word, if it is one that fits (a red-blue block
    /// with such numbers hanging is searched on numbers). `None` for numbers already.
    fn small(&self) -> Option<Small>;
    fn from_small(x: Small) -> Self;
}

impl Value for Small {
    type Context = ();
    /// The best option of each side: a number is known from them alone.
    type Options = (Option<Small>, Option<Small>);

    fn zero() -> Small {
        Small::ZERO
    }
    fn add(&self, other: &Small, _: &mut ()) -> Result<Small, Failure> {
        Small::add(*self, *other).map_err(|Overflow| Failure::Overflow)
    }
    fn under(&self, colour: Colour, _: &mut ()) -> Result<Small, Failure> {
        Small::under(*self, colour).map_err(|Overflow| Failure::Overflow)
    }
    fn options(&self, side: Side, out: &mut Vec<Small>) {
        out.extend(self.option(side));
    }
    fn offer(options: &mut Self::Options, side: Side, value: Small) {
        match side {
            Side::Left => options.0 = Some(options.0.map_or(value, |l| l.max(value))),
            Side::Right => options.1 = Some(options.1.map_or(value, |r| r.min(value))),
        }
    }
    fn finish((low, high): Self::Options, _: &mut ()) -> Result<Small, Failure> {
        // In a red-blue position every Left option is below every Right option; should
        // it not be so, the part is valued again as games, which need no such promise.
        if let (Some(l), Some(h)) = (low, high)
            && l >= h
        {
            return Err(Failure::Overflow);
        }
        Small::simplest_between(low, high).map_err(|Overflow| Failure::Overflow)
    }
    // Any total order chooses one listing: the structural one is cheaper than the
    // numeric one (on the bed, 7% of the instructions).
    const ORDER: Option<fn(&Small, &Small) -> std::cmp::Ordering> = Some(Small::structural_cmp);
    fn split(&self, _: &mut ()) -> Result<Option<(Small, Small)>, Failure> {
        Ok(None)
    }
    fn small(&self) -> Option<Small> {
        None
    }
    fn from_small(x: Small) -> Small {
        x
    }
}

impl Hanging for Small {
    fn is_zero(&self) -> bool {
        Small::is_zero(*self)
    }
}

impl Hanging for Game {
    fn is_zero(&self) -> bool {
        *self == Game::zero()
    }
}

impl Value for Game {
    type Context = Calculator;
    type Options = (Vec<Game>, Vec<Game>);

    fn zero() -> Game {
        Game::zero()
    }
    fn add(&self, other: &Game, calc: &mut Calculator) -> Result<Game, Failure> {
        calc.sum(self, other).map_err(Failure::Exceeded)
    }
    fn under(&self, colour: Colour, calc: &mut Calculator) -> Result<Game, Failure> {
        calc.ordinal_sum(&edge_game(colour), self)
            .map_err(Failure::Exceeded)
    }
    fn options(&self, side: Side, out: &mut Vec<Game>) {
        out.extend(Game::options(self, side));
    }
    fn offer(options: &mut Self::Options, side: Side, value: Game) {
        match side {
            Side::Left => options.0.push(value),
            Side::Right => options.1.push(value),
        }
    }
    fn finish((left, right): Self::Options, calc: &mut Calculator) -> Result<Game, Failure> {
        calc.from_options(left, right).map_err(Failure::Exceeded)
    }
    const ORDER: Option<fn(&Game, &Game) -> std::cmp::Ordering> = None;
    fn split(&self, calc: &mut Calculator) -> Result<Option<(Game, Game)>, Failure> {
        if self.as_number().is_some() {
            return Ok(None);
        }
        let x = mixed::number_part(self);
        let rest = calc
            .sum(self, &Game::number(-&x))
            .map_err(Failure::Exceeded)?;
        Ok(Some((Game::number(x), rest)))
    }
    fn small(&self) -> Option<Small> {
        self.as_number().and_then(Small::from_dyadic)
    }
    fn from_small(x: Small) -> Game {
        Game::number(x.to_dyadic())
    }
}

/// A block of a position, or a loop (no `vertices`): its edges, the vertex it hangs
/// from, its other vertices, and its [`Shape`](super::shape::Shape) once known ([`NONE`] before).
#[derive(Clone, Copy)]
struct Piece {
    edges: u64,
    from: u32,
    vertices: u128,
    shape: u32,
}

/// The search of one part.
pub(super) struct Blocks<'a, V: Value> {
    pub(super) board: Board,
    colours: Vec<Colour>,
    /// The green edges, as bits.
    green: u64,
    pub(super) cx: V::Context,
    /// The value of each block searched, by class and values hanging.
    memo: Memo<V, V>,
    /// The blocks of each position met, by its edges and root: runs of `pieces`.
    layouts: hashbrown::HashMap<(u64, u32), (u32, u32)>,
    pieces: Vec<Piece>,
    /// Each block and root met, labelled.
    shapes: Shapes,
    /// Per shape, where the layouts after its cuts are in `cut_layouts` ([`NONE`] until
    /// searched).
    cuts: Vec<u32>,
    /// The layouts (runs of `pieces`) of each shape less each of its edges.
    cut_layouts: Vec<(u32, u32)>,
    /// Buffers of values returned after use, for [`Blocks::buffer`].
    pool: Vec<Vec<V>>,
    /// The search on numbers of the red-blue blocks with numbers hanging, for a search on
    /// games: made when first needed.
    numbers: Option<Box<Blocks<'a, Small>>>,
    pub(super) limit: usize,
    pub(super) progress: Option<&'a mut dyn FnMut(usize)>,
}

impl<'a, V: Value> Blocks<'a, V> {
    /// The search of a part of `nodes` vertices (0 the ground) and edges `ends` of
    /// `colours`, visiting at most `limit` blocks.
    pub(super) fn new(
        nodes: usize,
        ends: Vec<(u32, u32)>,
        colours: Vec<Colour>,
        cx: V::Context,
        limit: usize,
    ) -> Blocks<'a, V> {
        debug_assert!(nodes <= NODES && ends.len() <= 64);
        let green = colour_bits(&colours, Colour::Green);
        Blocks {
            board: Board::new(nodes, ends),
            colours,
            green,
            cx,
            memo: Memo::new(),
            layouts: hashbrown::HashMap::new(),
            pieces: Vec::new(),
            shapes: Shapes::default(),
            cuts: Vec::new(),
            cut_layouts: Vec::new(),
            pool: Vec::new(),
            numbers: None,
            limit,
            progress: None,
        }
    }

    /// How many blocks were searched (blocks of one shape with the same values hanging
    /// once).
    pub(super) fn positions(&self) -> usize {
        self.memo.len()
            + self
                .numbers
                .as_ref()
                .map_or(0, |numbers| numbers.positions())
    }

    /// How many positions count against the budget: blocks searched and shapes met.
    pub(super) fn counted(&self) -> usize {
        self.memo.len()
            + self.shapes.len()
            + self.numbers.as_ref().map_or(0, |numbers| numbers.counted())
    }

    /// The value of the attached position `mask` with nothing hanging.
    pub(super) fn value(&mut self, mask: u64) -> Result<V, Failure> {
        let hanging = vec![V::zero(); self.board.at.len()];
        self.value_from(mask, 0, &hanging)
    }

    /// The value of `mask` (every edge connected to `root`) seen from `root`, with
    /// `hanging[v]` hanging at each vertex `v` it touches other than `root`.
    fn value_from(&mut self, mask: u64, root: u32, hanging: &[V]) -> Result<V, Failure> {
        if mask == 0 {
            return Ok(V::zero());
        }
        let (start, len) = self.layout_of(mask, root);
        self.value_of_pieces(start, len, root, hanging)
    }

    /// The run of `pieces` that lays out `mask` seen from `root`, laid out the first time.
    fn layout_of(&mut self, mask: u64, root: u32) -> (u32, u32) {
        match self.layouts.get(&(mask, root)) {
            Some(&known) => known,
            None => {
                let start = self.pieces.len() as u32;
                self.layout(mask, root);
                let len = self.pieces.len() as u32 - start;
                self.layouts.insert((mask, root), (start, len));
                (start, len)
            }
        }
    }

    /// The value of the position laid out as `pieces[start..start + len]` from `root`,
    /// with `hanging[v]` hanging at each vertex `v` other than `root`.
    fn value_of_pieces(
        &mut self,
        start: u32,
        len: u32,
        root: u32,
        hanging: &[V],
    ) -> Result<V, Failure> {
        let mut above = self.buffer(self.board.at.len());
        let mut values = self.buffer(0);
        let mut total = V::zero();
        for k in start..start + len {
            let Piece {
                edges,
                from,
                vertices,
                shape,
            } = self.pieces[k as usize];
            let value = if vertices == 0 {
                // A loop.
                let i = edges.trailing_zeros() as usize;
                V::zero().under(self.colours[i], &mut self.cx)?
            } else {
                values.clear();
                let mut left = vertices;
                while left != 0 {
                    let v = left.trailing_zeros() as usize;
                    left &= left - 1;
                    values.push(hanging[v].add(&above[v], &mut self.cx)?);
                }
                if edges.count_ones() == 1 {
                    let i = edges.trailing_zeros() as usize;
                    values[0].under(self.colours[i], &mut self.cx)?
                } else {
                    let shape = if shape == NONE {
                        let shape =
                            self.shapes
                                .index(&self.board, &self.colours, edges, from, vertices);
                        self.pieces[k as usize].shape = shape;
                        shape
                    } else {
                        shape
                    };
                    self.block_value(shape, edges, from, vertices, &values)?
                }
            };
            if from == root {
                total = total.add(&value, &mut self.cx)?;
            } else {
                above[from as usize] = above[from as usize].add(&value, &mut self.cx)?;
            }
        }
        self.pool.extend([above, values]);
        Ok(total)
    }

    /// The blocks of `mask` seen from `root`, pushed on `pieces` in the order to value
    /// them: loops first, then blocks from the deepest, each before the block it hangs
    /// from. One depth-first search with low links (Tarjan), on fixed arrays.
    fn layout(&mut self, mask: u64, root: u32) {
        let ends = &self.board.ends;
        let LowLinks {
            pre,
            low,
            parent,
            parent_edge,
            order,
            count,
        } = self.board.low_links(mask, root);
        // The block of each vertex's edge to its parent, named by the vertex that starts
        // it: a child of the root starts one, and so does a vertex below which nothing
        // reaches above its parent (the parent is a cut vertex it hangs from).
        let mut block = [NONE; NODES];
        for &w in &order[1..count] {
            let (w, p) = (w as usize, parent[w as usize] as usize);
            block[w] = if p != root as usize && low[w] < pre[p] {
                block[p]
            } else {
                w as u32
            };
        }
        // The edges and vertices of each block; loops hang at their vertex.
        let mut edges = [0u64; NODES];
        let mut vertices = [0u128; NODES];
        let mut rest = mask;
        while rest != 0 {
            let i = rest.trailing_zeros();
            rest &= rest - 1;
            let (a, b) = ends[i as usize];
            if a == b {
                self.pieces.push(Piece {
                    edges: 1 << i,
                    from: a,
                    vertices: 0,
                    shape: NONE,
                });
                continue;
            }
            // A tree edge is in its lower end's block, and so is an edge back up.
            let lower = if parent_edge[b as usize] == i || pre[b as usize] > pre[a as usize] {
                b
            } else {
                a
            };
            let head = block[lower as usize] as usize;
            edges[head] |= 1 << i;
            vertices[head] |= 1 << lower;
        }
        for &head in order[1..count].iter().rev() {
            let head = head as usize;
            if block[head] == head as u32 {
                self.pieces.push(Piece {
                    edges: edges[head],
                    from: parent[head],
                    vertices: vertices[head],
                    shape: NONE,
                });
            }
        }
    }

    /// Where the layouts of `mask` less each of its edges (ascending) start in
    /// `cut_layouts`: found once per shape.
    fn cuts(&mut self, shape: u32, mask: u64, root: u32) -> usize {
        if self.cuts.len() <= shape as usize {
            self.cuts.resize(shape as usize + 1, NONE);
        }
        let known = self.cuts[shape as usize];
        if known != NONE {
            return known as usize;
        }
        let start = self.cut_layouts.len();
        let mut rest = mask;
        while rest != 0 {
            let i = rest.trailing_zeros();
            rest &= rest - 1;
            let layout = self.layout_of(mask & !(1 << i), root);
            self.cut_layouts.push(layout);
        }
        self.cuts[shape as usize] = start as u32;
        start
    }

    /// The value of the biconnected block `mask` at `root` (its [`Shape`](super::shape::Shape) `shape`), with
    /// `values[k]` hanging at its `k`-th vertex of `vertices` (ascending, `root` aside):
    /// searched, memoized by its class and the values as the class lists them.
    fn block_value(
        &mut self,
        shape: u32,
        mask: u64,
        root: u32,
        vertices: u128,
        values: &[V],
    ) -> Result<V, Failure> {
        let mut listed = self.buffer(0);
        let form = self.shapes.get(shape);
        let nonzero = self.shapes.key_values(form, values, V::ORDER, &mut listed);
        let key = Key {
            class: form.class,
            nonzero,
            values: &listed,
        };
        let hash = self.memo.hash(key);
        if let Some(known) = self.memo.get(hash, key) {
            let known = known.clone();
            self.pool.push(listed);
            return Ok(known);
        }
        let mut copy = self.buffer(0);
        copy.extend_from_slice(values);
        let values = copy;
        // The block's red-blue core from its root ([`mixed`]): with green edges beside
        // it, its cuts are dominated by the green cuts; without, the block is worth its
        // number with the numbers of the values hanging, plus their infinitesimals.
        let core = mixed::core(&self.board, self.green, mask, root);
        let found = if core == mask {
            match self.red_blue_block(shape, mask, root, vertices, &values)? {
                Some(value) => Some(value),
                None => self.on_numbers(mask, root, vertices, &values)?,
            }
        } else {
            None
        };
        let value = match found {
            Some(value) => value,
            None => {
                let dominated = if core == mask { 0 } else { core };
                self.by_options(shape, mask, root, vertices, &values, dominated)?
            }
        };
        let key = Key {
            class: form.class,
            nonzero,
            values: &listed,
        };
        self.remember(hash, key, value.clone())?;
        self.pool.extend([values, listed]);
        Ok(value)
    }

    /// The value of the block `mask` at `root` with `values` hanging at `vertices` from
    /// its options: its cuts but the `dominated` ones, and the canonical options of each
    /// value hanging.
    fn by_options(
        &mut self,
        shape: u32,
        mask: u64,
        root: u32,
        vertices: u128,
        values: &[V],
        dominated: u64,
    ) -> Result<V, Failure> {
        let mut options = V::Options::default();
        // The cuts of the block's edges, the hanging values carried along.
        let mut hanging = self.buffer(self.board.at.len());
        let mut left = vertices;
        for value in values {
            hanging[left.trailing_zeros() as usize] = value.clone();
            left &= left - 1;
        }
        let cuts = self.cuts(shape, mask, root);
        let mut rest = mask;
        for j in cuts.. {
            if rest == 0 {
                break;
            }
            let i = rest.trailing_zeros();
            rest &= rest - 1;
            if dominated & (1 << i) != 0 {
                continue;
            }
            // A block of two edges or more, less one, is still connected: laid out once
            // per block and root, not per value hanging.
            let (start, len) = self.cut_layouts[j];
            let value = self.value_of_pieces(start, len, root, &hanging)?;
            match self.colours[i as usize] {
                Colour::Blue => V::offer(&mut options, Side::Left, value),
                Colour::Red => V::offer(&mut options, Side::Right, value),
                Colour::Green => {
                    V::offer(&mut options, Side::Left, value.clone());
                    V::offer(&mut options, Side::Right, value);
                }
            }
        }
        self.pool.push(hanging);
        // The moves in what hangs at each vertex, by its canonical options.
        let mut moves: Vec<V> = Vec::new();
        for k in 0..values.len() {
            if values[k].is_zero() {
                continue;
            }
            for side in [Side::Left, Side::Right] {
                moves.clear();
                values[k].options(side, &mut moves);
                for option in moves.drain(..) {
                    let mut after = self.buffer(0);
                    after.extend_from_slice(values);
                    after[k] = option;
                    let value = self.block_value(shape, mask, root, vertices, &after)?;
                    self.pool.push(after);
                    V::offer(&mut options, side, value);
                }
            }
        }
        V::finish(options, &mut self.cx)
    }

    /// The value of the red-blue block `mask` at `root` (its shape `shape`, its other
    /// vertices `vertices`) with `values` hanging, some of them not numbers: the block
    /// with their numbers hanging, plus the infinitesimals they have beyond them
    /// ([`mixed`]). `None` when every value is a number.
    fn red_blue_block(
        &mut self,
        shape: u32,
        mask: u64,
        root: u32,
        vertices: u128,
        values: &[V],
    ) -> Result<Option<V>, Failure> {
        let mut numbers = self.buffer(0);
        let mut rests: Option<V> = None;
        for value in values {
            match value.split(&mut self.cx)? {
                None => numbers.push(value.clone()),
                Some((number, rest)) => {
                    numbers.push(number);
                    rests = Some(match rests {
                        None => rest,
                        Some(sum) => sum.add(&rest, &mut self.cx)?,
                    });
                }
            }
        }
        let Some(rests) = rests else {
            self.pool.push(numbers);
            return Ok(None);
        };
        let number = self.block_value(shape, mask, root, vertices, &numbers)?;
        self.pool.push(numbers);
        Ok(Some(number.add(&rests, &mut self.cx)?))
    }

    /// The value of the red-blue block `mask` at `root` with the numbers `values`
    /// hanging at `vertices`, by the search on numbers: `None` when a value is not a
    /// number in a word (or the values are numbers already), or a number outgrows one.
    fn on_numbers(
        &mut self,
        mask: u64,
        root: u32,
        vertices: u128,
        values: &[V],
    ) -> Result<Option<V>, Failure> {
        let mut hanging = vec![Small::ZERO; self.board.at.len()];
        let mut left = vertices;
        for value in values {
            let Some(x) = value.small() else {
                return Ok(None);
            };
            hanging[left.trailing_zeros() as usize] = x;
            left &= left - 1;
        }
        let limit = self
            .limit
            .saturating_sub(self.memo.len() + self.shapes.len());
        let numbers = self.numbers.get_or_insert_with(|| {
            let (ends, colours) = (self.board.ends.clone(), self.colours.clone());
            Box::new(Blocks::new(self.board.at.len(), ends, colours, (), 0))
        });
        numbers.limit = limit;
        match numbers.value_from(mask, root, &hanging) {
            Ok(x) => Ok(Some(V::from_small(x))),
            Err(Failure::Overflow) => Ok(None),
            Err(failure) => Err(failure),
        }
    }

    /// A buffer of `len` zeros, from the pool of buffers returned (no allocation per
    /// position once the pool holds one per level of the recursion).
    fn buffer(&mut self, len: usize) -> Vec<V> {
        let mut buffer = self.pool.pop().unwrap_or_default();
        buffer.clear();
        buffer.resize(len, V::zero());
        buffer
    }

    /// Keeps the value of a position, within the budget of positions.
    fn remember(&mut self, hash: u64, key: Key<'_, V>, value: V) -> Result<(), Failure> {
        // A shape met (laid out after each cut, labelled) costs memory as an entry does:
        // both count, so that a refusal costs about the same memory on every kind of
        // graph (dense ones meet many shapes with few values each).
        if self.counted() >= self.limit {
            return Err(Failure::Positions);
        }
        self.memo
            .insert(hash, key, value)
            .map_err(|_| Failure::Positions)?;
        if self.memo.len().is_multiple_of(PROGRESS_EVERY)
            && let Some(progress) = self.progress.as_deref_mut()
        {
            progress(self.memo.len());
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{
        self, Edges, by_blocks_on_games, by_blocks_on_numbers, by_plain_search, played,
    };
    use super::*;
    use crate::syntax::Colour::{Blue, Green, Red};

    /// The block search on games gives what exhaustive play and the plain search give;
    /// on numbers too when the graph is red-blue.
    fn assert_agree(edges: &[(u32, u32, Colour)]) {
        let played = played(edges);
        assert_eq!(by_blocks_on_games(edges), played, "{edges:?}");
        assert_eq!(by_plain_search(edges), played, "{edges:?}");
        if !edges.iter().any(|&(_, _, c)| c == Green) {
            assert_eq!(by_blocks_on_numbers(edges), Ok(played), "{edges:?}");
        }
    }

    /// Every multigraph of up to 5 edges on the ground and 3 more vertices (loops and
    /// parallel edges included, one of each relabelling of the 3), in every colouring:
    /// the block search, on numbers and on games, gives what exhaustive play and the plain
    /// search give.
    #[test]
    fn every_coloured_multigraph_up_to_five_edges_agrees_with_play_and_the_plain_search() {
        let graphs = tests::every_multigraph(5, &[Blue, Red, Green]);
        assert!(graphs.len() > 40_000, "{} graphs", graphs.len());
        for edges in &graphs {
            assert_agree(edges);
        }
    }

    /// Random graphs with cycles of up to 14 edges, seeded: the block search gives the
    /// value exhaustive play gives (no theory), and the plain search's.
    #[test]
    fn random_graphs_with_cycles_agree_with_exhaustive_play() {
        let mut rng = crate::rng::Rng::new(29);
        for round in 0..120 {
            let count = 6 + round % 9;
            let colours = tests::palette(round % 2 != 0);
            assert_agree(&tests::random_graph(&mut rng, count, colours));
        }
    }

    /// Symmetric graphs, where blocks of different edges are the same coloured graph and
    /// symmetries exchange the values hanging on a block (so the search shares entries
    /// between them), up to 13 edges, against exhaustive play.
    #[test]
    fn symmetric_graphs_share_entries_and_agree_with_exhaustive_play() {
        let mut rng = crate::rng::Rng::new(31);
        let mut shared = 0;
        for round in 0..80 {
            let count = 3 + round % 4;
            let colours = tests::palette(round % 3 == 2);
            let edges = tests::symmetric_graph(&mut rng, count, colours);
            assert_agree(&edges);
            let (_, _, local, mask) = tests::part(&edges);
            let calc = Calculator::new(u64::MAX);
            let mut search: Blocks<'_, Game> =
                Blocks::new(local.nodes, local.ends, local.colours, calc, usize::MAX);
            search.value(mask).unwrap();
            if search.shapes.classes() < search.shapes.len() {
                shared += 1;
            }
        }
        assert!(shared > 10, "{shared} searches shared a class");
    }

    /// Random graphs hanging above green edges at the ground (a green edge, or a green
    /// triangle), so that the block search on games meets red-blue blocks with numbers
    /// and with infinitesimals hanging (searched on numbers, and split into their number
    /// and infinitesimals) and mixed blocks with a red-blue core above their root (whose
    /// core cuts are dominated): up to 13 edges, against exhaustive play and the plain
    /// search (whose canonical forms of 14 pass the default work).
    #[test]
    fn graphs_above_green_edges_agree_with_exhaustive_play() {
        let mut rng = crate::rng::Rng::new(37);
        for round in 0..120 {
            let count = 3 + round % 8;
            let colours = tests::palette(round % 3 != 0);
            let above = tests::random_graph(&mut rng, count, colours);
            let mut edges: tests::Edges = if round % 2 == 0 {
                vec![(0, 1, Green)]
            } else {
                vec![(0, 1, Green), (1, 2, Green), (2, 0, Green)]
            };
            let lift = |v: u32| if v == 0 { 1 } else { v + 2 };
            edges.extend(above.iter().map(|&(a, b, c)| (lift(a), lift(b), c)));
            assert_agree(&edges);
        }
    }

    /// Blocks hang on blocks: two triangles joined at a vertex, a triangle on a stalk, a
    /// stalk on a triangle, values hanging at both non-ground corners.
    #[test]
    fn blocks_on_blocks_agree_with_exhaustive_play() {
        let cases: [Edges; 3] = [
            vec![
                (0, 1, Blue),
                (1, 2, Red),
                (2, 0, Blue),
                (2, 3, Red),
                (3, 4, Blue),
                (4, 2, Red),
                (4, 5, Blue),
            ],
            vec![
                (0, 1, Red),
                (1, 2, Blue),
                (2, 3, Red),
                (3, 1, Blue),
                (3, 4, Green),
            ],
            vec![
                (0, 1, Blue),
                (1, 2, Red),
                (2, 0, Red),
                (1, 3, Blue),
                (3, 4, Red),
                (2, 5, Blue),
                (2, 2, Red),
                (1, 1, Green),
            ],
        ];
        for edges in cases {
            assert_agree(&edges);
        }
    }
}
