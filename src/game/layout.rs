//! What writing a canonical form needs to know of each of its subgames, found once per
//! distinct subgame.
//!
//! A canonical form is a DAG: a subgame is an option of many others. The value of the
//! 19-edge stalk `elrelrelrelrlrlrelr` in three colours has 20 distinct subgames and
//! takes 607,823 characters written out, about twice as many with each edge added; a walk
//! of it as a tree, as the notation's facts were once found, took 4 times longer with each
//! edge (minutes at 19). So every fact the notation needs is computed here once per
//! distinct subgame, from the facts of its options:
//!
//! - whether it is `x + u.^ + *m` (an [`Uptimal`], written as one word), recognised from
//!   its options' shapes (Siegel, *Combinatorial Game Theory*, ch. II.5);
//! - whether it is a switch `±G` (Right's options the negatives of Left's), by the
//!   number of each option's negative;
//! - the order its options are listed in ([`Layout::listing`]);
//! - how many slashes separate its sides when it is written without braces, how many
//!   characters it takes written whole, and how many levels of braces it nests.
//!
//! Subgames are numbered by their shape (a number by its value, any other game by the
//! numbers of its options), so equal subgames held apart are one entry, and the facts are
//! found leaves first with an explicit stack: a nimber `*n` is `n` levels deep, and `n`
//! is not bounded.
//!
//! # Cost
//!
//! For `S` distinct subgames with `E` options in all: `O(S + E)` hash look-ups, the sort
//! of each list of options (a comparison descends along the first options that differ,
//! at most the depth of the form), and one addition of big integers per option for the
//! lengths, which can have as many digits as the form is deep.

use std::cell::RefCell;
use std::cmp::Ordering;
use std::collections::HashMap;
use std::convert::Infallible;

use num_bigint::BigUint;

use super::Dyadic;
use super::canonical::Game;

/// CGSuite's nesting limit: a form whose sides would be separated by four slashes or
/// more is written in braces (with four).
pub(super) const MAX_SLASHES: usize = 4;

/// Number + up multiple + nimber: `x + u.^ + *m`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Uptimal {
    pub(super) number: Dyadic,
    pub(super) ups: i64,
    pub(super) nimber: u64,
}

impl Uptimal {
    /// Whether it is written without parentheses as the only option of a switch: a
    /// number, or `^n` or `*m` alone.
    pub(super) fn compact(&self) -> bool {
        (self.ups == 0 && self.nimber == 0)
            || (self.number.is_zero() && (self.ups == 0 || self.nimber == 0))
    }
}

/// How the notation writes a subgame.
#[derive(Clone, Debug)]
pub(super) enum Kind {
    /// As one word: `3/4`, `^*`, `1v3*2`.
    Uptimal(Uptimal),
    /// `±G`, or `±{G,H}` for several options.
    Switch,
    /// `{L|R}`, or `L|R` (with more slashes for deeper levels) where braces are not
    /// needed.
    Options,
}

/// What writing one distinct subgame needs.
#[derive(Clone, Debug)]
pub(super) struct Facts {
    pub(super) kind: Kind,
    /// Its options, in the order they are listed (none for an uptimal).
    pub(super) left: Box<[u32]>,
    pub(super) right: Box<[u32]>,
    /// For [`Kind::Options`]: the slashes between its sides when written without braces
    /// (it is written in braces anyway from [`MAX_SLASHES`] up); 0 for the others.
    pub(super) slashes: usize,
    /// The characters it takes written whole, without braces or parentheses of its own.
    pub(super) length: BigUint,
    /// How many levels of options are written inside it: 0 for an uptimal.
    pub(super) height: u32,
    /// The number of its negative.
    negative: u32,
}

/// A subgame's shape: what its number is keyed by.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Shape {
    Number(Dyadic),
    /// The numbers of its Left and Right options, each list ascending.
    Options(Box<[u32]>, Box<[u32]>),
}

/// Every distinct subgame of one game, numbered, with its [`Facts`].
pub(super) struct Layout {
    /// By number; `None` for a shape met only as the negative of a subgame.
    facts: Vec<Option<Facts>>,
    shapes: HashMap<Shape, u32>,
    root: u32,
    subgames: usize,
}

impl Layout {
    /// The layout of `game`, leaves first, each subgame held in memory looked at once
    /// ([`bottom_up`](super::stops::bottom_up)).
    pub(super) fn of(game: &Game) -> Layout {
        let layout = RefCell::new(Layout {
            facts: Vec::new(),
            shapes: HashMap::new(),
            root: 0,
            subgames: 0,
        });
        let ids = |options: &[&u32]| options.iter().map(|&&id| id).collect();
        let root = super::stops::bottom_up(
            game,
            |x| Ok::<_, Infallible>(layout.borrow_mut().number(x)),
            |_, left, right| Ok(layout.borrow_mut().options(ids(left), ids(right))),
        );
        let Ok(root) = root;
        let mut layout = layout.into_inner();
        layout.root = root;
        layout
    }

    /// The number of the game laid out.
    pub(super) fn root(&self) -> u32 {
        self.root
    }

    /// How many distinct subgames it has, itself included.
    pub(super) fn subgames(&self) -> usize {
        self.subgames
    }

    /// The facts of subgame `id`.
    pub(super) fn facts(&self, id: u32) -> &Facts {
        self.facts[id as usize]
            .as_ref()
            .expect("only subgames of the game are asked about")
    }

    /// The uptimal subgame `id` is, if it is one.
    pub(super) fn uptimal(&self, id: u32) -> Option<&Uptimal> {
        match &self.facts(id).kind {
            Kind::Uptimal(u) => Some(u),
            _ => None,
        }
    }

    /// The characters subgame `id` takes written whole, with braces if `brackets` and in
    /// parentheses if `parens` (where the notation puts them).
    pub(super) fn written_length(&self, id: u32, brackets: bool, parens: bool) -> BigUint {
        let facts = self.facts(id);
        &facts.length + self.extra(id, brackets, parens)
    }

    /// The characters braces or parentheses add to subgame `id` written with `brackets`
    /// and `parens`.
    fn extra(&self, id: u32, brackets: bool, parens: bool) -> u8 {
        let facts = self.facts(id);
        match &facts.kind {
            Kind::Uptimal(u) if parens && !u.compact() => 2,
            Kind::Options if brackets && facts.slashes < MAX_SLASHES => 2,
            _ => 0,
        }
    }

    /// The number of `shape`, made if new.
    fn intern(&mut self, shape: Shape) -> u32 {
        if let Some(&id) = self.shapes.get(&shape) {
            return id;
        }
        let id = u32::try_from(self.facts.len()).expect("fewer than 2^32 subgames");
        self.facts.push(None);
        self.shapes.insert(shape, id);
        id
    }

    /// Records `facts` for `id` unless it has them already: a subgame of the game.
    fn record(&mut self, id: u32, facts: impl FnOnce(&mut Layout) -> Facts) -> u32 {
        if self.facts[id as usize].is_none() {
            let made = facts(self);
            self.facts[id as usize] = Some(made);
            self.subgames += 1;
        }
        id
    }

    /// The number of the number `x`, with its facts.
    fn number(&mut self, x: &Dyadic) -> u32 {
        let id = self.intern(Shape::Number(x.clone()));
        self.record(id, |layout| Facts {
            negative: layout.intern(Shape::Number(-x.clone())),
            length: BigUint::from(x.to_string().len()),
            kind: Kind::Uptimal(Uptimal {
                number: x.clone(),
                ups: 0,
                nimber: 0,
            }),
            left: Box::new([]),
            right: Box::new([]),
            slashes: 0,
            height: 0,
        })
    }

    /// The number of the game with these options (numbers already laid out), with its
    /// facts.
    fn options(&mut self, left: Vec<u32>, right: Vec<u32>) -> u32 {
        let id = self.intern(Shape::Options(ascending(&left), ascending(&right)));
        self.record(id, |layout| layout.facts_of(left, right))
    }

    fn facts_of(&mut self, mut left: Vec<u32>, mut right: Vec<u32>) -> Facts {
        let negatives = |side: &[u32], layout: &Layout| -> Vec<u32> {
            side.iter().map(|&o| layout.facts(o).negative).collect()
        };
        let (neg_left, neg_right) = (negatives(&left, self), negatives(&right, self));
        let negative = self.intern(Shape::Options(ascending(&neg_right), ascending(&neg_left)));
        let height = 1
            + (left.iter().chain(&right))
                .map(|&o| self.facts(o).height)
                .max()
                .unwrap_or(0);
        if let Some(u) = self.recognise(&left, &right) {
            return Facts {
                length: BigUint::from(u.to_string().len()),
                kind: Kind::Uptimal(u),
                left: Box::new([]),
                right: Box::new([]),
                slashes: 0,
                height: 0,
                negative,
            };
        }
        left.sort_by(|&a, &b| self.listing(a, b));
        right.sort_by(|&a, &b| self.listing(a, b));
        let switch = !left.is_empty() && ascending(&neg_left) == ascending(&right);
        let (kind, slashes, length) = if switch {
            let k = left.len();
            // `±`, and `{`, `}` and the commas between several options.
            let mut length = BigUint::from(1 + if k > 1 { 2 + (k - 1) } else { 0 });
            for &o in &left {
                length += self.written_length(o, true, k == 1);
            }
            (Kind::Switch, 0, length)
        } else {
            let mut slashes = 1;
            let mut length = BigUint::from(0u8);
            for side in [&left, &right] {
                length += side.len().saturating_sub(1);
                for &o in side.iter() {
                    let brackets = side.len() > 1;
                    length += self.written_length(o, brackets, false);
                    slashes = slashes.max(self.bare_slashes(o, brackets) + 1);
                }
            }
            length += slashes.min(MAX_SLASHES) + if slashes >= MAX_SLASHES { 2 } else { 0 };
            (Kind::Options, slashes, length)
        };
        Facts {
            kind,
            left: left.into(),
            right: right.into(),
            slashes,
            length,
            height,
            negative,
        }
    }

    /// The slashes subgame `id` shows outside braces when written as an option with
    /// `brackets`: its own, if it is written without braces; otherwise none.
    fn bare_slashes(&self, id: u32, brackets: bool) -> usize {
        let facts = self.facts(id);
        match facts.kind {
            Kind::Options if !brackets && facts.slashes < MAX_SLASHES => facts.slashes,
            _ => 0,
        }
    }

    /// The uptimal `{left | right}` is, if it is one, from its options' shapes: `{x, x* |
    /// x}` is `x^*` and `{x | x, x*}` is `xv*`; `{x | G}` with `G = x + u.^ + *m`, `u >=
    /// 0`, not a number, is `x + (u+1).^ + *(m^1)` (and the mirror image); and `{x, x*,
    /// .., x*(m-1) | the same}` is `x*m`.
    fn recognise(&self, left: &[u32], right: &[u32]) -> Option<Uptimal> {
        let up = |id: u32| self.uptimal(id);
        let number = |id: u32| up(id).filter(|u| u.ups == 0 && u.nimber == 0);
        for (ups, two, one) in [(1, left, right), (-1, right, left)] {
            if let ([a, b], [c]) = (two, one)
                && let Some(x) = number(*c)
            {
                let star = |id: u32| {
                    up(id).is_some_and(|u| u.number == x.number && u.ups == 0 && u.nimber == 1)
                };
                let is_x = |id: u32| number(id).is_some_and(|u| u.number == x.number);
                if (is_x(*a) && star(*b)) || (is_x(*b) && star(*a)) {
                    return Some(Uptimal {
                        number: x.number.clone(),
                        ups,
                        nimber: 1,
                    });
                }
            }
        }
        if let ([l], [r]) = (left, right) {
            for (sign, x, g) in [(1, *l, *r), (-1, *r, *l)] {
                if let Some(x) = number(x)
                    && number(g).is_none()
                    && let Some(u) = up(g).filter(|u| u.number == x.number && u.ups * sign >= 0)
                {
                    return Some(Uptimal {
                        number: x.number.clone(),
                        ups: u.ups + sign,
                        nimber: u.nimber ^ 1,
                    });
                }
            }
        }
        if !left.is_empty() && ascending(left) == ascending(right) {
            let first = up(left[0])?;
            let mut heaps = Vec::with_capacity(left.len());
            for &option in left {
                let u = up(option).filter(|u| u.number == first.number && u.ups == 0)?;
                heaps.push(u.nimber);
            }
            heaps.sort_unstable();
            if heaps.iter().enumerate().all(|(i, &h)| h == i as u64) {
                return Some(Uptimal {
                    number: first.number.clone(),
                    ups: 0,
                    nimber: left.len() as u64,
                });
            }
        }
        None
    }

    /// The order options are listed in: numbers by value, then the other uptimals by
    /// number, ups and nimber, then the rest by their own options (Left's, then Right's,
    /// first difference first). Two different subgames are never equal in it, so a
    /// comparison descends along the first options that differ, without recursion.
    pub(super) fn listing(&self, mut a: u32, mut b: u32) -> Ordering {
        loop {
            if a == b {
                return Ordering::Equal;
            }
            let (fa, fb) = (self.facts(a), self.facts(b));
            match (&fa.kind, &fb.kind) {
                (Kind::Uptimal(x), Kind::Uptimal(y)) => {
                    let number = |u: &Uptimal| u.ups == 0 && u.nimber == 0;
                    return number(y)
                        .cmp(&number(x))
                        .then_with(|| x.number.cmp(&y.number))
                        .then_with(|| x.ups.cmp(&y.ups))
                        .then_with(|| x.nimber.cmp(&y.nimber))
                        .then(a.cmp(&b));
                }
                (Kind::Uptimal(_), _) => return Ordering::Less,
                (_, Kind::Uptimal(_)) => return Ordering::Greater,
                _ => {}
            }
            let differing = [(&fa.left, &fb.left), (&fa.right, &fb.right)]
                .into_iter()
                .find_map(
                    |(x, y)| match x.iter().zip(y.iter()).find(|(p, q)| p != q) {
                        Some((&p, &q)) => Some(Err((p, q))),
                        None if x.len() != y.len() => Some(Ok(x.len().cmp(&y.len()))),
                        None => None,
                    },
                );
            match differing {
                Some(Err((p, q))) => (a, b) = (p, q),
                Some(Ok(order)) => return order,
                None => return a.cmp(&b),
            }
        }
    }
}

/// `ids` in ascending order: the key of a list of options, whatever order it is held in.
fn ascending(ids: &[u32]) -> Box<[u32]> {
    let mut sorted = ids.to_vec();
    sorted.sort_unstable();
    sorted.into()
}
