//! The search of a red-blue part with cycles by comparisons with numbers: a position's
//! value is narrowed by asking whether it is above or below a number, and each answer
//! needs one winning move, not the value of every option.
//!
//! # The theorems
//!
//! - Every red-blue position is a number (Winning Ways ch. 2), so comparing a position
//!   `G` with a number `t` is a game: `G > t` exactly when Left, moving first, wins
//!   `G - t`, and `G < t` exactly when Right does. Left's moves in `G - t` are her cuts
//!   of `G` and her move in `-t`, which turns `t` into `t`'s canonical Right option
//!   (Siegel, *Combinatorial Game Theory*, ch. II.3): so `G > t` if some blue cut leaves
//!   at least `t`, or `G >= t^R`. Right's side is the mirror image. A search of these
//!   games stops at the first winning move of the player to move.
//! - **Colon Principle** (as in [`blocks`](super::blocks)): a tree hanging from the rest
//!   at one vertex counts by its value alone. Every tree hanging is folded into the
//!   number at its vertex by the tree rule (Berlekamp's, [`Small::under`]), and loops
//!   into their `±1`, so a position is its *core* (every vertex but the ground on a
//!   cycle, or on a path between cycles) with numbers hanging from it; the moves in a
//!   number hanging are its canonical options.
//! - What meets the rest only at the ground is a summand: the core splits into *parts*
//!   there, and a sum compared with `t` is its largest part compared with `t` less the
//!   others' exact values.
//!
//! # Method
//!
//! A part is remembered by its shape up to relabelling ([`shape`](super::shape), with
//! the ground as its root) and the numbers hanging on it ([`memo`](super::memo)), with
//! what the comparisons so far proved of its value: a lower and an upper bound, each
//! strict or not. A comparison the bounds decide is not searched. Otherwise every option
//! of the player to move is looked up first: one known to win ends the search (an
//! enhanced transposition cut-off), one known to lose is not tried. The others are tried
//! in order of promise: those whose bounds are known, by how far the middle of their
//! bounds is on the good side of the number compared with; then the moves in the numbers
//! hanging (they change the value least); then the cuts by how often that edge's cut won
//! before, weighted by the size of the part it won in (a history of cut-offs, so that
//! answers repeat and positions recur), and by the edges they leave standing. The move in
//! `-t` comes last. A part's exact value is found by comparisons with the simplest number
//! strictly between the bounds found so far, which walks down the value's sign expansion.
//!
//! Each set of edges met is laid out once ([`Form`]): what still stands, the trees to
//! fold in the order of folding, and the parts of the core; each part's options after
//! each of its cuts are laid out once per part.
//!
//! # Cost
//!
//! Exponential in the worst case, bounded by the budget's positions (parts remembered and
//! shapes met). A search visits a fraction of the positions an exact search values: on a
//! dense graph of 23 edges, 150,000 parts and shapes against the block search's 4.2
//! million blocks (docs/performance.md). The recursion is one frame per move tried and
//! its reply, bounded by the edges, the birthdays of the numbers hanging and of the
//! number compared with (each at most 64 bits), not by the size of the input.
//!
//! Cross-checked against the block search, the plain search over edge sets and
//! exhaustive play in this file's tests.

use std::cmp::Reverse;

use crate::game::Side;
use crate::syntax::Colour;

use super::blocks::{Failure, Value};
use super::memo::{Key, Memo};
use super::shape::Shapes;
use super::small::{Overflow, Small};
use super::{Board, NODES, NONE, PROGRESS_EVERY, colour_bits};

impl From<Overflow> for Failure {
    fn from(_: Overflow) -> Failure {
        Failure::Overflow
    }
}

/// What the comparisons so far proved of a part's value: bounds, each strict or not.
/// Its numbers are kept as their numerators and exponents side by side (24 bytes, where
/// two [`Small`]s and the flags take 40, each `Small` padded to 16): there is one per
/// part remembered.
#[derive(Clone, Copy, Debug)]
struct Known {
    numerators: [i64; 2],
    exponents: [u8; 2],
    flags: u8,
}

/// A lower bound is known.
const LOW: u8 = 1;
/// The lower bound is strict (the value is above it).
const LOW_STRICT: u8 = 2;
/// An upper bound is known.
const HIGH: u8 = 4;
/// The upper bound is strict (the value is below it).
const HIGH_STRICT: u8 = 8;

impl Known {
    const NOTHING: Known = Known {
        numerators: [0; 2],
        exponents: [0; 2],
        flags: 0,
    };

    fn has(self, flag: u8) -> bool {
        self.flags & flag != 0
    }

    fn low(self) -> Small {
        Small::from_parts((self.numerators[0], self.exponents[0]))
    }

    fn high(self) -> Small {
        Small::from_parts((self.numerators[1], self.exponents[1]))
    }

    /// Keeps `t` as the lower (0) or upper (1) bound.
    fn set(&mut self, bound: usize, t: Small) {
        (self.numerators[bound], self.exponents[bound]) = t.to_parts();
    }

    /// Whether `side` moving first wins the value less `t` (for Left, whether the value is
    /// above `t`; for Right, below), if the bounds tell.
    fn decides(self, side: Side, t: Small) -> Option<bool> {
        let low = self.has(LOW).then(|| (self.low(), self.has(LOW_STRICT)));
        let high = self.has(HIGH).then(|| (self.high(), self.has(HIGH_STRICT)));
        let (near, far) = match side {
            Side::Left => (low, high),
            Side::Right => (high, low),
        };
        // Beyond `t` on the mover's side: the mover wins. At or behind it: she loses.
        let beyond = |(bound, strict): (Small, bool)| match side {
            Side::Left => bound > t || (bound == t && strict),
            Side::Right => bound < t || (bound == t && strict),
        };
        let behind = |(bound, _): (Small, bool)| match side {
            Side::Left => bound <= t,
            Side::Right => bound >= t,
        };
        if near.is_some_and(beyond) {
            Some(true)
        } else if far.is_some_and(behind) {
            Some(false)
        } else {
            None
        }
    }

    /// Learns whether `side` moving first wins the value less `t`.
    fn learn(&mut self, side: Side, t: Small, wins: bool) {
        match (side, wins) {
            (Side::Left, true) => self.raise(t, true),
            (Side::Left, false) => self.lower(t, false),
            (Side::Right, true) => self.lower(t, true),
            (Side::Right, false) => self.raise(t, false),
        }
    }

    /// The value is above `t` (`strict`) or at least `t`.
    fn raise(&mut self, t: Small, strict: bool) {
        let better = !self.has(LOW)
            || t > self.low()
            || (t == self.low() && strict && !self.has(LOW_STRICT));
        if better {
            self.set(0, t);
            self.flags = (self.flags & !LOW_STRICT) | LOW | if strict { LOW_STRICT } else { 0 };
        }
    }

    /// The value is below `t` (`strict`) or at most `t`.
    fn lower(&mut self, t: Small, strict: bool) {
        let better = !self.has(HIGH)
            || t < self.high()
            || (t == self.high() && strict && !self.has(HIGH_STRICT));
        if better {
            self.set(1, t);
            self.flags = (self.flags & !HIGH_STRICT) | HIGH | if strict { HIGH_STRICT } else { 0 };
        }
    }

    /// The value, when the bounds meet.
    fn exact(self) -> Option<Small> {
        let closed = self.flags == LOW | HIGH;
        (closed && self.low() == self.high()).then(|| self.low())
    }

    /// A guess of the value from its bounds, to order moves by (never to decide): the
    /// middle of both, or the one known.
    fn guess(self) -> Option<f64> {
        match (self.has(LOW), self.has(HIGH)) {
            (true, true) => Some((self.low().approx() + self.high().approx()) / 2.0),
            (true, false) => Some(self.low().approx()),
            (false, true) => Some(self.high().approx()),
            (false, false) => None,
        }
    }
}

/// A tree edge folded into the number at its lower end: the number at its top, under
/// the edge, added at its bottom. A loop has its top and bottom the same vertex, and adds
/// its colour's `±1` there.
#[derive(Clone, Copy)]
struct Fold {
    edge: u8,
    top: u8,
    bottom: u8,
}

/// A part of a core: edges that meet the rest only at the ground, every vertex on a cycle
/// or a path between cycles.
#[derive(Clone, Copy)]
struct Part {
    edges: u64,
    /// Its vertices, the ground aside, vertex `v` as bit `v - 1` (64 vertices besides
    /// the ground at most): a part is 24 bytes, and there is one per set of edges met.
    above: u64,
    /// Its shape's index in [`Shapes`].
    shape: u32,
    /// Where the forms after each of its cuts (edges ascending) start in `cut_forms`
    /// ([`NONE`] until laid out).
    cuts: u32,
}

impl Part {
    /// Its vertices, the ground aside, as bits by vertex.
    fn vertices(self) -> u128 {
        u128::from(self.above) << 1
    }
}

/// How a set of edges stands: its folds (a run of `folds`), its core's parts (a run of
/// `form_parts`), and how many edges stand. Laid out once per part and cut, not kept by
/// edges: a map of the sets met took more memory than laying out the few met twice.
/// 12 bytes: a part searched keeps one per edge.
#[derive(Clone, Copy)]
struct Form {
    folds: u32,
    parts: u32,
    fold_count: u8,
    part_count: u8,
    standing: u8,
}

impl Form {
    /// Its folds, as a range of `folds`.
    fn folds(self) -> std::ops::Range<usize> {
        self.folds as usize..self.folds as usize + usize::from(self.fold_count)
    }

    /// Its parts, as a range of `form_parts`.
    fn parts(self) -> std::ops::Range<usize> {
        self.parts as usize..self.parts as usize + usize::from(self.part_count)
    }
}

/// The most comparisons that find one exact value ([`Bounds::exact`]).
const MAX_STEPS: u32 = 130;

/// A move not in an edge: in a number hanging.
const NO_EDGE: u8 = u8::MAX;

/// One option of a search: a number at the ground and parts (a run of the options'
/// `parts`), the edge cut ([`NO_EDGE`] for a move in a number hanging) and how many edges
/// stand after it.
#[derive(Clone, Copy)]
struct Option_ {
    constant: Small,
    parts: (u32, u32),
    edge: u8,
    standing: u32,
}

/// A part of an option: its index in the search's `parts`, its numbers hanging (a run of
/// the options' `values`) and its memo key (a run of `keys`, and the key's class, set
/// and hash).
#[derive(Clone, Copy)]
struct OptionPart {
    part: u32,
    values: (u32, u32),
    keys: (u32, u32),
    class: u32,
    nonzero: u64,
    hash: u64,
}

/// The options of one search, reused from search to search.
#[derive(Default)]
struct Options {
    options: Vec<Option_>,
    parts: Vec<OptionPart>,
    values: Vec<Small>,
    keys: Vec<Small>,
    /// The order to try them in: per option, how promising its known bounds make it
    /// (lower first) and its index.
    order: Vec<(u8, f64, usize)>,
}

impl Options {
    fn clear(&mut self) {
        self.options.clear();
        self.parts.clear();
        self.values.clear();
        self.keys.clear();
        self.order.clear();
    }

    /// The parts of option `k`.
    fn parts_of(&self, k: usize) -> &[OptionPart] {
        let (start, len) = self.options[k].parts;
        &self.parts[start as usize..(start + len) as usize]
    }

    fn values_of(&self, part: &OptionPart) -> &[Small] {
        &self.values[part.values.0 as usize..(part.values.0 + part.values.1) as usize]
    }

    fn key_of(&self, part: &OptionPart) -> Key<'_, Small> {
        Key {
            class: part.class,
            nonzero: part.nonzero,
            values: &self.keys[part.keys.0 as usize..(part.keys.0 + part.keys.1) as usize],
        }
    }

    /// Which of option `k`'s parts is compared (its largest), the others being valued.
    fn main_of(&self, k: usize, parts: &[Part]) -> usize {
        let of = self.parts_of(k);
        (0..of.len())
            .max_by_key(|&j| parts[of[j].part as usize].edges.count_ones())
            .expect("an option with parts")
    }
}

/// What the memo tells of an option before it is searched.
enum Look {
    /// It is known to hold: the search is won.
    Holds,
    /// It is known to fail: it is not tried.
    Fails,
    /// Not known; how far the middle of its bounds is on the mover's side (if known).
    Open(Option<f64>),
}

/// The search of one red-blue part.
pub(super) struct Bounds<'a> {
    pub(super) board: Board,
    colours: Vec<Colour>,
    /// What is known of each part met, by class and numbers hanging.
    memo: Memo<Small, Known>,
    folds: Vec<Fold>,
    form_parts: Vec<u32>,
    /// Each part met once, by its edges.
    parts: Vec<Part>,
    part_of: hashbrown::HashMap<u64, u32>,
    cut_forms: Vec<Form>,
    shapes: Shapes,
    /// How often each edge's cut won, each win weighted by the size of its part.
    history: [u64; 64],
    /// Buffers returned after use.
    pool: Vec<Vec<Small>>,
    options: Vec<Options>,
    /// What a fold changed, to put back ([`Bounds::fold`]).
    undo: Vec<(u8, Small)>,
    pub(super) limit: usize,
    pub(super) progress: Option<&'a mut dyn FnMut(usize)>,
}

impl<'a> Bounds<'a> {
    /// The search of a red-blue part of `nodes` vertices (0 the ground) and edges `ends`
    /// of `colours`, remembering at most `limit` parts and shapes. The part may have green
    /// edges if no position valued has one standing: the red-blue cores of the positions
    /// of a part with green edges ([`mixed`](super::mixed)).
    pub(super) fn new(
        nodes: usize,
        ends: Vec<(u32, u32)>,
        colours: Vec<Colour>,
        limit: usize,
    ) -> Bounds<'a> {
        debug_assert!(ends.len() <= 64);
        Bounds {
            board: Board::new(nodes, ends),
            colours,
            memo: Memo::new(),
            folds: Vec::new(),
            form_parts: Vec::new(),
            parts: Vec::new(),
            part_of: hashbrown::HashMap::new(),
            cut_forms: Vec::new(),
            shapes: Shapes::default(),
            history: [0; 64],
            pool: Vec::new(),
            options: Vec::new(),
            undo: Vec::new(),
            limit,
            progress: None,
        }
    }

    /// How many parts were remembered.
    pub(super) fn positions(&self) -> usize {
        self.memo.len()
    }

    /// What counts against the limit: the parts remembered and the sets of edges met
    /// as parts (each takes memory as an entry does, and dense graphs meet many that they
    /// never search).
    pub(super) fn counted(&self) -> usize {
        self.memo.len() + self.parts.len()
    }

    /// How many shapes were met.
    #[cfg(test)]
    pub(super) fn shapes(&self) -> &Shapes {
        &self.shapes
    }

    /// The value of the position `mask` (edges not attached are ignored).
    pub(super) fn value(&mut self, mask: u64) -> Result<Small, Failure> {
        debug_assert!(self.no_green_stands(mask), "a red-blue position");
        let mut hanging = self.buffer(self.board.at.len());
        let form = self.lay_out(mask);
        let mut total = self.fold(form, &mut hanging, &mut Vec::new())?;
        let mut values = self.buffer(0);
        for k in form.parts() {
            let p = self.form_parts[k];
            self.numbers_of(p, &hanging, &mut values);
            let value = self.exact(p, &values)?;
            total = total.add(value)?;
        }
        self.pool.extend([hanging, values]);
        Ok(total)
    }

    /// Whether no green edge of `mask` stands.
    fn no_green_stands(&self, mask: u64) -> bool {
        self.board.attached(mask) & colour_bits(&self.colours, Colour::Green) == 0
    }

    /// Lays out `mask`: what stands, its trees and loops to fold leaves first, its core's
    /// parts.
    fn lay_out(&mut self, mask: u64) -> Form {
        let standing = self.board.attached(mask);
        let mut core = standing;
        let mut degree = [0u8; NODES];
        let folds = self.folds.len() as u32;
        let mut rest = standing;
        while rest != 0 {
            let i = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let (a, b) = self.board.ends[i];
            if a == b {
                // A loop is a twig of its colour, folded first.
                self.folds.push(Fold {
                    edge: i as u8,
                    top: a as u8,
                    bottom: a as u8,
                });
                core &= !(1 << i);
            } else {
                degree[a as usize] += 1;
                degree[b as usize] += 1;
            }
        }
        // Leaves (but the ground) folded one by one into the vertex below them.
        let mut leaves = [0u8; NODES];
        let mut count = 0;
        for (v, &d) in degree.iter().enumerate().skip(1) {
            if d == 1 {
                leaves[count] = v as u8;
                count += 1;
            }
        }
        while count > 0 {
            count -= 1;
            let v = leaves[count] as usize;
            let i = (self.board.at[v] & core).trailing_zeros() as usize;
            let (a, b) = self.board.ends[i];
            let w = if a as usize == v { b } else { a } as usize;
            self.folds.push(Fold {
                edge: i as u8,
                top: v as u8,
                bottom: w as u8,
            });
            core &= !(1 << i);
            degree[w] -= 1;
            if w != 0 && degree[w] == 1 {
                leaves[count] = w as u8;
                count += 1;
            }
        }
        // The core's parts at the ground.
        let parts = self.form_parts.len() as u32;
        let mut rest = core;
        while rest != 0 {
            let (a, b) = self.board.ends[rest.trailing_zeros() as usize];
            let edges = self.board.reach_from(rest, if a == 0 { b } else { a }, 0);
            rest &= !edges;
            let p = self.part(edges);
            self.form_parts.push(p);
        }
        // At most 64 edges: at most 64 folds, 32 parts, 64 standing.
        Form {
            folds,
            parts,
            fold_count: (self.folds.len() as u32 - folds) as u8,
            part_count: (self.form_parts.len() as u32 - parts) as u8,
            standing: standing.count_ones() as u8,
        }
    }

    /// The index of the part of `edges`, labelled the first time it is met.
    fn part(&mut self, edges: u64) -> u32 {
        if let Some(&known) = self.part_of.get(&edges) {
            return known;
        }
        let mut vertices = 0u128;
        let mut left = edges;
        while left != 0 {
            let (a, b) = self.board.ends[left.trailing_zeros() as usize];
            left &= left - 1;
            vertices |= (1 << a) | (1 << b);
        }
        let above = (vertices >> 1) as u64;
        let index = self.parts.len() as u32;
        self.parts.push(Part {
            edges,
            above,
            shape: NONE,
            cuts: NONE,
        });
        self.part_of.insert(edges, index);
        index
    }

    /// Where the forms of part `p` less each of its edges start in `cut_forms`: laid out
    /// once per part.
    fn cuts(&mut self, p: u32) -> usize {
        let part = self.parts[p as usize];
        if part.cuts != NONE {
            return part.cuts as usize;
        }
        let start = self.cut_forms.len();
        let mut rest = part.edges;
        while rest != 0 {
            let i = rest.trailing_zeros();
            rest &= rest - 1;
            let form = self.lay_out(part.edges & !(1 << i));
            self.cut_forms.push(form);
        }
        self.parts[p as usize].cuts = start as u32;
        start
    }

    /// Folds the trees and loops of `form` into the numbers `hanging` (by vertex):
    /// returns the number that reaches the ground.
    /// Each number it changes is pushed on `undo` (the vertex and the number before),
    /// so that the caller can put them back.
    fn fold(
        &self,
        form: Form,
        hanging: &mut [Small],
        undo: &mut Vec<(u8, Small)>,
    ) -> Result<Small, Failure> {
        undo.push((0, hanging[0]));
        hanging[0] = Small::ZERO;
        for &Fold { edge, top, bottom } in &self.folds[form.folds()] {
            let colour = self.colours[edge as usize];
            let value = if top == bottom {
                Small::ZERO.under(colour)?
            } else {
                hanging[top as usize].under(colour)?
            };
            undo.push((bottom, hanging[bottom as usize]));
            hanging[bottom as usize] = hanging[bottom as usize].add(value)?;
        }
        Ok(hanging[0])
    }

    /// The numbers hanging at the vertices of part `p` (ascending), from `hanging` (by
    /// vertex), into `out`.
    fn numbers_of(&self, p: u32, hanging: &[Small], out: &mut Vec<Small>) {
        out.clear();
        let mut left = self.parts[p as usize].vertices();
        while left != 0 {
            out.push(hanging[left.trailing_zeros() as usize]);
            left &= left - 1;
        }
    }

    /// The shape of part `p`, labelled the first time it is searched or valued.
    fn shape_of(&mut self, p: u32) -> u32 {
        let part = self.parts[p as usize];
        if part.shape != NONE {
            return part.shape;
        }
        let shape = self
            .shapes
            .index(&self.board, &self.colours, part.edges, 0, part.vertices());
        self.parts[p as usize].shape = shape;
        shape
    }

    /// The memo's key of part `p` with `values` hanging (by vertex, ascending): its
    /// values that are not zero into `out` (as the class lists them), and its class, set
    /// and hash.
    fn key(&mut self, p: u32, values: &[Small], out: &mut Vec<Small>) -> (u32, u64, u64) {
        let shape = self.shape_of(p);
        let shape = self.shapes.get(shape);
        let nonzero = self
            .shapes
            .key_values(shape, values, <Small as Value>::ORDER, out);
        let hash = self.memo.hash(Key {
            class: shape.class,
            nonzero,
            values: out,
        });
        (shape.class, nonzero, hash)
    }

    /// The exact value of part `p` with `values` hanging: by comparisons with the simplest
    /// number strictly between the bounds found, until it is neither above nor below.
    fn exact(&mut self, p: u32, values: &[Small]) -> Result<Small, Failure> {
        let mut listed = self.buffer(0);
        let (class, nonzero, hash) = self.key(p, values, &mut listed);
        let key = Key {
            class,
            nonzero,
            values: &listed,
        };
        let (mut low, mut high) = (None, None);
        let mut steps = 0;
        let value = loop {
            if let Some(value) = self.memo.get(hash, key).and_then(|k| k.exact()) {
                break value;
            }
            // A part of at most 64 edges is worth at most 64 in size, with at most 62
            // binary places: born within 128 steps of the walk. Beyond, the part is
            // valued again as games, which need no such promise.
            steps += 1;
            if steps > MAX_STEPS {
                return Err(Failure::Overflow);
            }
            let x = Small::simplest_between(low, high)?;
            if self.wins(Side::Left, p, values, key, hash, x)? {
                low = Some(x);
            } else if self.wins(Side::Right, p, values, key, hash, x)? {
                high = Some(x);
            } else {
                break x;
            }
        };
        self.pool.push(listed);
        Ok(value)
    }

    /// Whether `side` moving first wins part `p` (with `values` hanging, `key` of hash
    /// `hash`) less `t`: for Left whether it is worth more than `t`, for Right less.
    /// Decided by the bounds known, else searched and remembered.
    fn wins(
        &mut self,
        side: Side,
        p: u32,
        values: &[Small],
        key: Key<'_, Small>,
        hash: u64,
        t: Small,
    ) -> Result<bool, Failure> {
        let known = self.memo.get(hash, key).copied();
        if let Some(decided) = known.and_then(|k| k.decides(side, t)) {
            return Ok(decided);
        }
        let wins = self.search(side, p, values, key, hash, t)?;
        match self.memo.get_mut(hash, key) {
            Some(known) => known.learn(side, t, wins),
            None => {
                if self.counted() >= self.limit {
                    return Err(Failure::Positions);
                }
                let mut known = Known::NOTHING;
                known.learn(side, t, wins);
                self.memo
                    .insert(hash, key, known)
                    .map_err(|_| Failure::Positions)?;
                if self.memo.len().is_multiple_of(PROGRESS_EVERY)
                    && let Some(progress) = self.progress.as_deref_mut()
                {
                    progress(self.memo.len());
                }
            }
        }
        Ok(wins)
    }

    /// [`Bounds::wins`] searched: whether one of `side`'s moves leaves a position at least
    /// `t` for Left (at most `t` for Right), or her move in `-t` does.
    fn search(
        &mut self,
        side: Side,
        p: u32,
        values: &[Small],
        key: Key<'_, Small>,
        hash: u64,
        t: Small,
    ) -> Result<bool, Failure> {
        let mut options = self.options.pop().unwrap_or_default();
        self.options_of(side, p, values, &mut options)?;
        let other = side.other();
        let mut won = false;
        for k in 0..options.options.len() {
            match self.look(other, &options, k, t)? {
                Look::Holds => {
                    won = true;
                    break;
                }
                Look::Fails => {}
                Look::Open(None) => options.order.push((1, 0.0, k)),
                Look::Open(Some(ahead)) => options.order.push((0, -ahead, k)),
            }
        }
        if !won {
            options
                .order
                .sort_by(|a, b| a.0.cmp(&b.0).then(a.1.total_cmp(&b.1)).then(a.2.cmp(&b.2)));
            for j in 0..options.order.len() {
                let k = options.order[j].2;
                if self.holds(other, &options, k, t)? {
                    let edge = options.options[k].edge;
                    if edge != NO_EDGE {
                        let size = self.parts[p as usize].edges.count_ones();
                        let weight = 1u64 << (size / 2);
                        self.history[edge as usize] =
                            self.history[edge as usize].saturating_add(weight);
                    }
                    won = true;
                    break;
                }
            }
        }
        if !won && let Some(next) = t.option(other) {
            // The move in `-t`: it turns `t` into its option for the other side.
            won = !self.wins(other, p, values, key, hash, next)?;
        }
        options.clear();
        self.options.push(options);
        Ok(won)
    }

    /// What the memo tells of option `k` against `t` for a mover whose opponent is
    /// `other`: whether `other` moving first is known to lose it less `t` (it holds), to
    /// win it (it fails), or neither, with how far the middle of its bounds is from `t`
    /// toward the mover.
    fn look(
        &mut self,
        other: Side,
        options: &Options,
        k: usize,
        t: Small,
    ) -> Result<Look, Failure> {
        let parts = options.parts_of(k);
        let constant = options.options[k].constant;
        if parts.is_empty() {
            let wins = match other {
                Side::Left => constant > t,
                Side::Right => constant < t,
            };
            return Ok(if wins { Look::Fails } else { Look::Holds });
        }
        if parts.iter().any(|part| part.class == NONE) {
            return Ok(Look::Open(None));
        }
        let main = options.main_of(k, &self.parts);
        let mut rest = constant;
        for (j, part) in parts.iter().enumerate() {
            if j == main {
                continue;
            }
            let key = options.key_of(part);
            match self.memo.get(part.hash, key).and_then(|k| k.exact()) {
                Some(value) => rest = rest.add(value)?,
                None => return Ok(Look::Open(None)),
            }
        }
        let t = t.add(rest.neg()?)?;
        let part = &parts[main];
        let Some(&known) = self.memo.get(part.hash, options.key_of(part)) else {
            return Ok(Look::Open(None));
        };
        Ok(match known.decides(other, t) {
            Some(true) => Look::Fails,
            Some(false) => Look::Holds,
            None => Look::Open(known.guess().map(|guess| {
                let ahead = guess - t.approx();
                match other {
                    Side::Left => -ahead,
                    Side::Right => ahead,
                }
            })),
        })
    }

    /// Whether option `k` holds against `t`: `other` moving first does not win it less
    /// `t`. Its parts but the largest are valued, and the largest compared with the rest.
    fn holds(
        &mut self,
        other: Side,
        options: &Options,
        k: usize,
        t: Small,
    ) -> Result<bool, Failure> {
        let parts = options.parts_of(k);
        let mut rest = options.options[k].constant;
        if parts.is_empty() {
            return Ok(match other {
                Side::Left => rest <= t,
                Side::Right => rest >= t,
            });
        }
        let main = options.main_of(k, &self.parts);
        for (j, part) in parts.iter().enumerate() {
            if j != main {
                let value = self.exact(part.part, options.values_of(part))?;
                rest = rest.add(value)?;
            }
        }
        let t = t.add(rest.neg()?)?;
        let part = &parts[main];
        let values = options.values_of(part);
        let wins = if part.class == NONE {
            let mut listed = self.buffer(0);
            let (class, nonzero, hash) = self.key(part.part, values, &mut listed);
            let key = Key {
                class,
                nonzero,
                values: &listed,
            };
            let wins = self.wins(other, part.part, values, key, hash, t);
            self.pool.push(listed);
            wins?
        } else {
            let key = options.key_of(part);
            self.wins(other, part.part, values, key, part.hash, t)?
        };
        Ok(!wins)
    }

    /// `side`'s options of part `p` with `values` hanging, into `options`, with the keys
    /// of their parts: the moves in the numbers hanging first, then the cuts by their
    /// history of wins and the edges they leave standing.
    fn options_of(
        &mut self,
        side: Side,
        p: u32,
        values: &[Small],
        options: &mut Options,
    ) -> Result<(), Failure> {
        let part = self.parts[p as usize];
        let all = part.edges.count_ones();
        for (k, value) in values.iter().enumerate() {
            if let Some(option) = value.option(side) {
                let start = options.values.len() as u32;
                options.values.extend_from_slice(values);
                options.values[start as usize + k] = option;
                self.push_part(options, p, start);
                let first = options.parts.len() as u32 - 1;
                options.options.push(Option_ {
                    constant: Small::ZERO,
                    parts: (first, 1),
                    edge: NO_EDGE,
                    standing: all,
                });
            }
        }
        let mut hanging = self.buffer(self.board.at.len());
        let mut left = part.vertices();
        for value in values {
            hanging[left.trailing_zeros() as usize] = *value;
            left &= left - 1;
        }
        let mut undo = std::mem::take(&mut self.undo);
        let ours = match side {
            Side::Left => Colour::Blue,
            Side::Right => Colour::Red,
        };
        let moves = options.options.len();
        let cuts = self.cuts(p);
        let mut rest = part.edges;
        for j in cuts.. {
            if rest == 0 {
                break;
            }
            let i = rest.trailing_zeros();
            rest &= rest - 1;
            if self.colours[i as usize] != ours {
                continue;
            }
            let form = self.cut_forms[j];
            let constant = self.fold(form, &mut hanging, &mut undo)?;
            let first = options.parts.len() as u32;
            for f in form.parts() {
                let q = self.form_parts[f];
                let start = options.values.len() as u32;
                let mut left = self.parts[q as usize].vertices();
                while left != 0 {
                    options.values.push(hanging[left.trailing_zeros() as usize]);
                    left &= left - 1;
                }
                self.push_part(options, q, start);
            }
            options.options.push(Option_ {
                constant,
                parts: (first, u32::from(form.part_count)),
                edge: i as u8,
                standing: u32::from(form.standing),
            });
            // The numbers as they were, for the next cut.
            for (v, value) in undo.drain(..).rev() {
                hanging[v as usize] = value;
            }
        }
        self.undo = undo;
        let history = &self.history;
        options.options[moves..]
            .sort_by_key(|o| (Reverse(history[o.edge as usize]), Reverse(o.standing)));
        self.pool.push(hanging);
        Ok(())
    }

    /// Adds part `q`, whose numbers start at `start` in the options' values, to the
    /// options' parts with its key.
    fn push_part(&mut self, options: &mut Options, q: u32, start: u32) {
        let len = self.parts[q as usize].above.count_ones();
        if self.parts[q as usize].shape == NONE {
            let keys = options.keys.len() as u32;
            options.parts.push(OptionPart {
                part: q,
                values: (start, len),
                keys: (keys, 0),
                class: NONE,
                nonzero: 0,
                hash: 0,
            });
            return;
        }
        let mut listed = self.buffer(0);
        let values = &options.values[start as usize..(start + len) as usize];
        let (class, nonzero, hash) = self.key(q, values, &mut listed);
        let keys = options.keys.len() as u32;
        options.keys.extend_from_slice(&listed);
        self.pool.push(listed);
        options.parts.push(OptionPart {
            part: q,
            values: (start, len),
            keys: (keys, options.keys.len() as u32 - keys),
            class,
            nonzero,
            hash,
        });
    }

    /// A buffer of `len` zeros, from the pool of buffers returned.
    fn buffer(&mut self, len: usize) -> Vec<Small> {
        let mut buffer = self.pool.pop().unwrap_or_default();
        buffer.clear();
        buffer.resize(len, Small::ZERO);
        buffer
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{self, Edges, by_blocks_on_numbers, by_bounds, played};
    use super::*;
    use crate::rng::Rng;
    use crate::syntax::Colour::{Blue, Red};

    /// What the search keeps per part remembered, per part met and per cut laid out is
    /// the size its documentation and its budget's count of bytes take it to be.
    #[test]
    fn kept_records_are_their_stated_sizes() {
        assert_eq!(std::mem::size_of::<Known>(), 24);
        assert_eq!(std::mem::size_of::<Part>(), 24);
        assert_eq!(std::mem::size_of::<Form>(), 12);
    }

    /// Every pair of a grid of dyadics, as [`Small`]s.
    fn grid() -> Vec<Small> {
        let mut all = Vec::new();
        for numerator in -12..=12 {
            let x = Small::integer(numerator);
            all.push(x);
            // And the halves and quarters beside it.
            let half = Small::simplest_between(Some(x), Some(Small::integer(numerator + 1)));
            all.push(half.unwrap());
        }
        let quarters: Vec<Small> = all
            .windows(2)
            .map(|w| Small::simplest_between(Some(w[0]), Some(w[1])).unwrap())
            .collect();
        all.extend(quarters);
        all.sort();
        all
    }

    /// Whatever the answers learned of a value, what the bounds decide is what the value
    /// says, and they give the value only when it is the value: every value of a grid,
    /// random answers about it learned in random order.
    #[test]
    fn bounds_decide_only_what_the_value_says() {
        let grid = grid();
        let mut rng = Rng::new(17);
        for &value in &grid {
            for _ in 0..20 {
                let mut known = Known::NOTHING;
                for _ in 0..rng.below(12) {
                    let t = grid[rng.below(grid.len() as u64) as usize];
                    let side = if rng.below(2) == 0 {
                        Side::Left
                    } else {
                        Side::Right
                    };
                    let wins = match side {
                        Side::Left => value > t,
                        Side::Right => value < t,
                    };
                    known.learn(side, t, wins);
                }
                for &t in &grid {
                    for side in [Side::Left, Side::Right] {
                        let wins = match side {
                            Side::Left => value > t,
                            Side::Right => value < t,
                        };
                        if let Some(decided) = known.decides(side, t) {
                            assert_eq!(decided, wins, "{value:?} {t:?} {known:?}");
                        }
                    }
                }
                if let Some(exact) = known.exact() {
                    assert_eq!(exact, value);
                }
            }
        }
    }

    /// The search by comparisons gives what exhaustive play and the block search give.
    fn assert_agree(edges: &[(u32, u32, Colour)]) {
        let (value, _, _) = by_bounds(edges, usize::MAX).expect("no limit, small numbers");
        assert_eq!(value, played(edges), "{edges:?}");
        assert_eq!(by_blocks_on_numbers(edges), Ok(value), "{edges:?}");
    }

    /// Every red-blue multigraph of up to 5 edges on the ground and 3 more vertices (loops
    /// and parallel edges included, one of each relabelling of the 3).
    #[test]
    fn every_red_blue_multigraph_up_to_five_edges_agrees_with_play_and_the_block_search() {
        let graphs = tests::every_multigraph(5, &[Blue, Red]);
        assert!(graphs.len() > 5_000, "{} graphs", graphs.len());
        for edges in &graphs {
            assert_agree(edges);
        }
    }

    /// Random red-blue graphs with cycles of 6 to 14 edges (trees hanging, loops, parallel
    /// edges, parts at the ground), seeded, against exhaustive play.
    #[test]
    fn random_graphs_with_cycles_agree_with_exhaustive_play() {
        let mut rng = Rng::new(2029);
        for round in 0..200 {
            let count = 6 + round % 9;
            assert_agree(&tests::random_graph(&mut rng, count, &[Blue, Red]));
        }
    }

    /// Larger random graphs, of 15 to 20 edges, beyond exhaustive play: against the block
    /// search on numbers, which values every block.
    #[test]
    fn larger_random_graphs_agree_with_the_block_search() {
        let mut rng = Rng::new(1729);
        for round in 0..24 {
            let count = 15 + round % 6;
            let edges = tests::random_graph(&mut rng, count, &[Blue, Red]);
            let (value, _, _) = by_bounds(&edges, usize::MAX).expect("small numbers");
            assert_eq!(by_blocks_on_numbers(&edges), Ok(value), "{edges:?}");
        }
    }

    /// Symmetric graphs (a graph and its copy joined by an edge) share classes of parts,
    /// and their values are exhaustive play's.
    #[test]
    fn symmetric_graphs_share_classes_and_agree_with_exhaustive_play() {
        let mut rng = Rng::new(31);
        let mut shared = 0;
        for round in 0..60 {
            let edges: Edges = tests::symmetric_graph(&mut rng, 3 + round % 4, &[Blue, Red]);
            assert_agree(&edges);
            let (_, shapes, classes) = by_bounds(&edges, usize::MAX).unwrap();
            if classes < shapes {
                shared += 1;
            }
        }
        assert!(shared > 10, "{shared} searches shared a class");
    }

    /// Long stalks hanging from cycles: numbers of up to 60 bits walked option by option,
    /// one frame per move, against the block search.
    #[test]
    fn long_stalks_on_cycles_agree_with_the_block_search() {
        let stalk = |from: u32, first: u32, length: u32, start: Colour| -> Edges {
            (0..length)
                .map(|k| {
                    let below = if k == 0 { from } else { first + k - 1 };
                    let colour = match (k % 2 == 0, start) {
                        (true, c) => c,
                        (false, Blue) => Red,
                        (false, _) => Blue,
                    };
                    (below, first + k, colour)
                })
                .collect()
        };
        let mut one: Edges = vec![(0, 1, Blue), (1, 2, Red), (2, 0, Blue)];
        one.extend(stalk(1, 3, 58, Blue));
        let mut two: Edges = vec![(0, 1, Blue), (1, 2, Red), (2, 3, Blue), (3, 0, Red)];
        two.extend(stalk(1, 4, 29, Red));
        two.extend(stalk(2, 33, 29, Blue));
        for edges in [one, two] {
            let (value, _, _) = by_bounds(&edges, usize::MAX).expect("fits a word");
            assert_eq!(by_blocks_on_numbers(&edges), Ok(value), "{edges:?}");
        }
    }

    /// A search that meets more parts and shapes than its limit stops with a refusal.
    #[test]
    fn the_limit_refuses() {
        let edges = tests::random_graph(&mut Rng::new(5), 14, &[Blue, Red]);
        let (_, shapes, _) = by_bounds(&edges, usize::MAX).unwrap();
        assert!(shapes > 2);
        assert_eq!(by_bounds(&edges, 2).err(), Some(Failure::Positions));
    }
}
