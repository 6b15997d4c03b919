//! Short partizan games in canonical form: the values of red-blue-green positions.
//!
//! A [`Game`] is held in its canonical form (Siegel, *Combinatorial Game Theory*, ch. II.2):
//! no dominated option, no reversible one, every option canonical. Two games are equal
//! exactly when their canonical forms are the same tree, so `==` and `Hash` are structural.
//! Numbers are atoms ([`Dyadic`]): a number is never spelled out as the tree of its
//! options, so a red-blue value with a 10^5-bit denominator costs its bits, not a tree of
//! 10^5 nodes; the options of a number are made on demand ([`Dyadic::options`]).
//!
//! The rules the operations rest on:
//!
//! - **Order.** `G <= H` unless some `G^L >= H` or some `H^R <= G`. By the Number
//!   Avoidance Theorem, when `H` is a number and `G` is not, only `G`'s Left options need
//!   checking (and symmetrically), so numbers are compared as numbers and never opened.
//! - **Numbers.** A form `{L | R}` equals a number exactly when some number `x` has every
//!   `G^L <| x <| G^R`, and then it equals the simplest such `x` (the Simplicity Theorem).
//!   The numbers `x <= A` for a canonical `A` form a ray `(-inf, s]` or `(-inf, s)` whose end
//!   is `A`'s Left stop; [`Ray`] computes it from the options, so the test needs no search.
//! - **Canonical form.** Once a form is known not to be a number, dominated options are
//!   removed and reversible ones bypassed (`G^L` with some `G^LR <= G` is replaced by the
//!   Left options of that `G^LR`) until neither applies.
//! - **Sum.** `G + H = {G^L + H, G + H^L | G^R + H, G + H^R}`; a number `x` plus a game
//!   `G` that is not one is `{G^L + x | G^R + x}`, already canonical (Number Translation).
//! - **Ordinal sum.** `G : H = {G^L, G : H^L | G^R, G : H^R}`; its value depends on the
//!   form of `G` and only the value of `H`, so `H` is taken canonical.
//!
//! Each operation recurses over the games' structure, at most [`MAX_DEPTH`] levels deep
//! (numbers count as leaves); an operation whose result would be deeper returns
//! [`Exceeded::Depth`] instead, so nothing overflows the stack. Canonical forms can be
//! huge (a sum of a few dozen hot games has more options than anyone can list), so a
//! [`Calculator`] also counts its work and stops with [`Exceeded::Work`] at its limit, and
//! keeps what it computed for the operations after (a whole analysis shares one).

use std::cmp::Ordering;
use std::collections::HashMap;
use std::convert::Infallible;
use std::hash::{DefaultHasher, Hash, Hasher};
use std::sync::Arc;

use super::Dyadic;

/// How deep a game's tree of options may be, numbers counted as leaves.
pub const MAX_DEPTH: u32 = 1_000;

/// Why an operation on games stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Exceeded {
    /// The result would be deeper than [`MAX_DEPTH`].
    Depth,
    /// The [`Calculator`]'s limit of work was reached.
    Work,
}

impl std::fmt::Display for Exceeded {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Exceeded::Depth => write!(f, "the value is more than {MAX_DEPTH} levels deep"),
            Exceeded::Work => f.write_str("the value's canonical form is too large to compute"),
        }
    }
}

impl std::error::Error for Exceeded {}

/// Games computed with a memory of what was computed before and a limit of work: one
/// calculator serves a whole analysis. Each comparison or sum of two games that are not
/// both numbers counts one step; once the limit is reached every operation fails with
/// [`Exceeded::Work`].
///
/// ```
/// use hackenbush::game::{Calculator, Exceeded, Game};
///
/// let mut calc = Calculator::new(1_000_000);
/// let star = Game::nimber(1);
/// assert_eq!(calc.sum(&star, &star), Ok(Game::zero()));
/// let mut tiny = Calculator::new(1);
/// assert_eq!(tiny.sum(&Game::nimber(3), &Game::nimber(5)), Err(Exceeded::Work));
/// ```
pub struct Calculator {
    ops: Ops,
}

impl Calculator {
    /// A calculator that stops after `limit` steps.
    pub fn new(limit: u64) -> Calculator {
        Calculator {
            ops: Ops {
                limit,
                ..Ops::default()
            },
        }
    }

    /// The steps taken so far.
    pub fn work(&self) -> u64 {
        self.ops.work
    }

    fn checked(&self, result: Result<Game, Exceeded>) -> Result<Game, Exceeded> {
        if self.ops.exhausted {
            Err(Exceeded::Work)
        } else {
            result
        }
    }

    /// `g + h`.
    pub fn sum(&mut self, g: &Game, h: &Game) -> Result<Game, Exceeded> {
        let result = self.ops.sum(g, h);
        self.checked(result)
    }

    /// The sum of `values` after each of `replaced`, each an index (0-based) into `values`
    /// and the value that takes its place: that value plus the others' (each sum of the
    /// others found once, from the sums before and after each). An index beyond `values`
    /// gives `None`.
    pub fn sums_with_one_replaced<'a>(
        &mut self,
        values: &[Game],
        replaced: impl IntoIterator<Item = (usize, &'a Game)>,
    ) -> Result<Vec<Option<Game>>, Exceeded> {
        let mut before = vec![Game::zero()];
        for v in values {
            let next = self.sum(&before[before.len() - 1], v)?;
            before.push(next);
        }
        let mut after = vec![Game::zero(); values.len() + 1];
        for k in (0..values.len()).rev() {
            after[k] = self.sum(&after[k + 1], &values[k])?;
        }
        let mut rests: Vec<Option<Game>> = vec![None; values.len()];
        let mut found = Vec::new();
        for (k, value_after) in replaced {
            if k >= values.len() {
                found.push(None);
                continue;
            }
            let rest = match &rests[k] {
                Some(rest) => rest.clone(),
                None => {
                    let rest = self.sum(&before[k], &after[k + 1])?;
                    rests[k] = Some(rest.clone());
                    rest
                }
            };
            found.push(Some(self.sum(&rest, value_after)?));
        }
        Ok(found)
    }

    /// The ordinal sum `base : above`.
    pub fn ordinal_sum(&mut self, base: &Game, above: &Game) -> Result<Game, Exceeded> {
        let result = self.ops.ordinal(base, above);
        self.checked(result)
    }

    /// The canonical form of `{left | right}`.
    pub fn from_options(&mut self, left: Vec<Game>, right: Vec<Game>) -> Result<Game, Exceeded> {
        let result = self.ops.canonical(left, right);
        self.checked(result)
    }

    /// Whether `g <= h`.
    pub fn le(&mut self, g: &Game, h: &Game) -> Result<bool, Exceeded> {
        let le = self.ops.le(g, h);
        if self.ops.exhausted {
            Err(Exceeded::Work)
        } else {
            Ok(le)
        }
    }

    /// Who wins `g`.
    pub fn outcome(&mut self, g: &Game) -> Result<Outcome, Exceeded> {
        let outcome = self.ops.outcome(g);
        if self.ops.exhausted {
            Err(Exceeded::Work)
        } else {
            Ok(outcome)
        }
    }
}

/// A short partizan game in canonical form. Cloning is cheap (a reference count).
///
/// ```
/// use hackenbush::game::{Dyadic, Game};
///
/// let star = Game::nimber(1);
/// let up = Game::from_options(vec![Game::zero()], vec![star.clone()]).unwrap();
/// assert_eq!(up.to_string(), "^");
/// assert_eq!(star.sum(&star).unwrap(), Game::zero());
/// assert!(up > Game::zero());
/// assert!(Game::number(Dyadic::from_parts(1, 2)) > up);
/// assert_eq!(up.sum(&up.negate()).unwrap(), Game::zero());
/// ```
#[derive(Clone)]
pub struct Game(Arc<Form>);

enum Form {
    Number(Dyadic),
    Options {
        left: Box<[Game]>,
        right: Box<[Game]>,
        /// 1 + the deepest option's depth (numbers are 0 deep).
        depth: u32,
        hash: u64,
    },
}

/// The side of a player: Left (blue) or Right (red).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    /// Left, who cuts blue edges.
    Left,
    /// Right, who cuts red edges.
    Right,
}

impl Side {
    /// The other player.
    ///
    /// ```
    /// use hackenbush::game::Side;
    ///
    /// assert_eq!(Side::Left.other(), Side::Right);
    /// ```
    pub fn other(self) -> Side {
        match self {
            Side::Left => Side::Right,
            Side::Right => Side::Left,
        }
    }
}

impl Game {
    /// The number `x`.
    pub fn number(x: Dyadic) -> Game {
        Game(Arc::new(Form::Number(x)))
    }

    /// Zero, the game with no moves.
    pub fn zero() -> Game {
        Game::number(Dyadic::zero())
    }

    /// The integer `n`.
    pub fn integer(n: i64) -> Game {
        Game::number(Dyadic::from(n))
    }

    /// The nimber `*n`: `{0, *, ..., *(n-1) | 0, *, ..., *(n-1)}`.
    pub fn nimber(n: u32) -> Game {
        let mut heaps: Vec<Game> = vec![Game::zero()];
        for _ in 0..n {
            let next = Game::options_node(heaps.clone(), heaps.clone());
            heaps.push(next);
        }
        heaps.pop().expect("at least zero")
    }

    /// The canonical form of `{left | right}`, whose options are games (each already
    /// canonical, as every `Game` is).
    pub fn from_options(left: Vec<Game>, right: Vec<Game>) -> Result<Game, Exceeded> {
        Ops::default().canonical(left, right)
    }

    /// The number it is, if it is one.
    pub fn as_number(&self) -> Option<&Dyadic> {
        match &*self.0 {
            Form::Number(x) => Some(x),
            Form::Options { .. } => None,
        }
    }

    /// Its options for `side` in canonical form (those of a number made on demand).
    pub fn options(&self, side: Side) -> Vec<Game> {
        match &*self.0 {
            Form::Number(x) => {
                let (l, r) = x.options();
                let option = if side == Side::Left { l } else { r };
                option.into_iter().map(Game::number).collect()
            }
            Form::Options { left, right, .. } => match side {
                Side::Left => left.to_vec(),
                Side::Right => right.to_vec(),
            },
        }
    }

    /// Its options for `side`, borrowed where they are stored (those of a number are made).
    fn side(&self, side: Side) -> std::borrow::Cow<'_, [Game]> {
        match &*self.0 {
            Form::Options { left, right, .. } => std::borrow::Cow::Borrowed(match side {
                Side::Left => left,
                Side::Right => right,
            }),
            Form::Number(_) => std::borrow::Cow::Owned(self.options(side)),
        }
    }

    /// Its stored options, Left's and Right's (each sorted by [`structural`]); `None`
    /// for a number, whose options are made on demand.
    pub(super) fn stored(&self) -> Option<(&[Game], &[Game])> {
        match &*self.0 {
            Form::Options { left, right, .. } => Some((left, right)),
            Form::Number(_) => None,
        }
    }

    /// Where it is held: the same for every clone of one game, so a memo of a walk over
    /// shared subgames can key on it.
    pub(super) fn address(&self) -> usize {
        Arc::as_ptr(&self.0) as usize
    }

    /// How many options it has for both players together.
    fn breadth(&self) -> u64 {
        match &*self.0 {
            Form::Options { left, right, .. } => (left.len() + right.len()) as u64,
            Form::Number(_) => 2,
        }
    }

    /// How deep its tree of options is, numbers counted as leaves.
    pub fn depth(&self) -> u32 {
        match &*self.0 {
            Form::Number(_) => 0,
            Form::Options { depth, .. } => *depth,
        }
    }

    /// `self + other`.
    pub fn sum(&self, other: &Game) -> Result<Game, Exceeded> {
        Ops::default().sum(self, other)
    }

    /// `-self`: the game with the players' roles exchanged.
    pub fn negate(&self) -> Game {
        Ops::default().negate(self)
    }

    /// The ordinal sum `self : above`: `above` played on top of `self`, a move in `self`
    /// removing all of `above` (a Hackenbush edge under what hangs from it).
    pub fn ordinal_sum(&self, above: &Game) -> Result<Game, Exceeded> {
        Ops::default().ordinal(self, above)
    }

    /// Whether `self <= other`: Left wins `other - self` whenever Right moves first in it.
    pub fn le(&self, other: &Game) -> bool {
        Ops::default().le(self, other)
    }

    /// Who wins: see [`Outcome`].
    pub fn outcome(&self) -> Outcome {
        Ops::default().outcome(self)
    }

    fn is_number(&self) -> bool {
        matches!(&*self.0, Form::Number(_))
    }

    /// A node from options already canonical, sorted, with no dominated or reversible
    /// option, and not equal to a number.
    fn options_node(mut left: Vec<Game>, mut right: Vec<Game>) -> Game {
        left.sort_by(structural);
        right.sort_by(structural);
        let depth = 1 + left
            .iter()
            .chain(&right)
            .map(Game::depth)
            .max()
            .unwrap_or(0);
        let mut hasher = DefaultHasher::new();
        left.len().hash(&mut hasher);
        for g in left.iter().chain(&right) {
            g.hash(&mut hasher);
        }
        Game(Arc::new(Form::Options {
            left: left.into(),
            right: right.into(),
            depth,
            hash: hasher.finish(),
        }))
    }
}

/// Who wins a game, with best play: the four outcome classes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Outcome {
    /// Left wins, whoever starts (the game is > 0).
    L,
    /// Right wins, whoever starts (< 0).
    R,
    /// The player who starts wins (confused with 0).
    N,
    /// The player who starts loses (= 0).
    P,
}

impl std::fmt::Display for Outcome {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Outcome::L => "L",
            Outcome::R => "R",
            Outcome::N => "N",
            Outcome::P => "P",
        })
    }
}

impl PartialEq for Game {
    fn eq(&self, other: &Game) -> bool {
        Arc::ptr_eq(&self.0, &other.0) || structural(self, other) == Ordering::Equal
    }
}

impl Eq for Game {}

impl Hash for Game {
    fn hash<H: Hasher>(&self, state: &mut H) {
        match &*self.0 {
            Form::Number(x) => x.hash(state),
            Form::Options { hash, .. } => hash.hash(state),
        }
    }
}

/// `g + h`, by value or by reference: [`Game::sum`], which refuses a sum deeper than
/// [`MAX_DEPTH`]. `-g` ([`Game::negate`]) always succeeds; `g - h` is `g + (-h)`.
///
/// ```
/// use hackenbush::game::Game;
///
/// let up: Game = "^".parse()?;
/// let star: Game = "*".parse()?;
/// assert_eq!((&up + &star)?.to_string(), "^*");
/// assert_eq!((&up - &up)?, Game::zero());
/// assert_eq!(-up.clone(), "v".parse()?);
/// assert_eq!((up + star)?, "{0,*|0}".parse()?);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl std::ops::Add for &Game {
    type Output = Result<Game, Exceeded>;
    fn add(self, other: &Game) -> Result<Game, Exceeded> {
        self.sum(other)
    }
}

impl std::ops::Sub for &Game {
    type Output = Result<Game, Exceeded>;
    fn sub(self, other: &Game) -> Result<Game, Exceeded> {
        self.sum(&other.negate())
    }
}

/// `+` and `-` with either side by value, through the impls by reference.
macro_rules! by_value {
    ($($trait:ident $method:ident),*) => {$(
        impl std::ops::$trait for Game {
            type Output = Result<Game, Exceeded>;
            fn $method(self, other: Game) -> Result<Game, Exceeded> {
                (&self).$method(&other)
            }
        }

        impl std::ops::$trait<&Game> for Game {
            type Output = Result<Game, Exceeded>;
            fn $method(self, other: &Game) -> Result<Game, Exceeded> {
                (&self).$method(other)
            }
        }

        impl std::ops::$trait<Game> for &Game {
            type Output = Result<Game, Exceeded>;
            fn $method(self, other: Game) -> Result<Game, Exceeded> {
                self.$method(&other)
            }
        }
    )*};
}

by_value!(Add add, Sub sub);

impl std::ops::Neg for &Game {
    type Output = Game;
    fn neg(self) -> Game {
        self.negate()
    }
}

impl std::ops::Neg for Game {
    type Output = Game;
    fn neg(self) -> Game {
        self.negate()
    }
}

/// Games are partially ordered: `partial_cmp` is `None` when they are confused.
impl PartialOrd for Game {
    fn partial_cmp(&self, other: &Game) -> Option<Ordering> {
        let mut ops = Ops::default();
        match (ops.le(self, other), ops.le(other, self)) {
            (true, true) => Some(Ordering::Equal),
            (true, false) => Some(Ordering::Less),
            (false, true) => Some(Ordering::Greater),
            (false, false) => None,
        }
    }
}

impl std::fmt::Debug for Game {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Game({self})")
    }
}

/// A total order on canonical forms, to keep options sorted: numbers first by value, then
/// the others by hash and, should hashes collide, by their options.
fn structural(a: &Game, b: &Game) -> Ordering {
    match (&*a.0, &*b.0) {
        (Form::Number(x), Form::Number(y)) => x.cmp(y),
        (Form::Number(_), _) => Ordering::Less,
        (_, Form::Number(_)) => Ordering::Greater,
        (
            Form::Options {
                left: l1,
                right: r1,
                hash: h1,
                ..
            },
            Form::Options {
                left: l2,
                right: r2,
                hash: h2,
                ..
            },
        ) => h1
            .cmp(h2)
            .then_with(|| lexicographic(l1, l2, structural))
            .then_with(|| lexicographic(r1, r2, structural)),
    }
}

/// Two lists of games in the order `by` gives their elements, first difference first.
pub(super) fn lexicographic(a: &[Game], b: &[Game], by: fn(&Game, &Game) -> Ordering) -> Ordering {
    for (x, y) in a.iter().zip(b) {
        if Arc::ptr_eq(&x.0, &y.0) {
            continue;
        }
        let order = by(x, y);
        if order != Ordering::Equal {
            return order;
        }
    }
    a.len().cmp(&b.len())
}

/// The numbers `x <= A` (or `x <| A`) for a game `A`: all up to `end`, and `end` itself
/// when `closed`. Its end is a stop of `A` (Siegel ch. II.3).
#[derive(Clone, Debug, PartialEq, Eq)]
struct Ray {
    end: Dyadic,
    closed: bool,
}

impl Ray {
    /// The smaller of two rays (their intersection).
    fn min(self, other: Ray) -> Ray {
        match self.end.cmp(&other.end) {
            Ordering::Less => self,
            Ordering::Greater => other,
            Ordering::Equal => Ray {
                end: self.end,
                closed: self.closed && other.closed,
            },
        }
    }

    /// The larger of two rays (their union).
    fn max(self, other: Ray) -> Ray {
        match self.end.cmp(&other.end) {
            Ordering::Less => other,
            Ordering::Greater => self,
            Ordering::Equal => Ray {
                end: self.end,
                closed: self.closed || other.closed,
            },
        }
    }
}

/// What has been computed, so that shared subgames are worked out once, and the work
/// done.
struct Ops {
    /// Steps taken, their limit, and whether it was reached (results computed after that
    /// are garbage, and never leave a [`Calculator`]).
    work: u64,
    limit: u64,
    exhausted: bool,
    le: HashMap<(Game, Game), bool>,
    sums: HashMap<(Game, Game), Game>,
    negations: HashMap<Game, Game>,
    ordinals: HashMap<(Game, Game), Game>,
    /// `{x : x <= A}` per game `A`.
    at_most: HashMap<Game, Ray>,
    /// `{x : x <| B}` per game `B`.
    below: HashMap<Game, Ray>,
    /// One copy of every game made, so that equal games are one allocation and compare
    /// by pointer: equal games built apart would otherwise be compared option by option,
    /// their shared subgames again and again.
    interned: std::collections::HashSet<Game>,
}

impl Default for Ops {
    fn default() -> Ops {
        Ops {
            work: 0,
            limit: u64::MAX,
            exhausted: false,
            le: HashMap::new(),
            sums: HashMap::new(),
            negations: HashMap::new(),
            ordinals: HashMap::new(),
            at_most: HashMap::new(),
            below: HashMap::new(),
            interned: std::collections::HashSet::new(),
        }
    }
}

impl Ops {
    /// The one copy of `g`.
    fn intern(&mut self, g: Game) -> Game {
        if let Some(known) = self.interned.get(&g) {
            return known.clone();
        }
        self.interned.insert(g.clone());
        g
    }

    /// Counts `weight` steps; whether the limit is reached.
    fn step(&mut self, weight: u64) -> bool {
        self.work = self.work.saturating_add(weight);
        if self.work > self.limit {
            self.exhausted = true;
        }
        self.exhausted
    }

    fn outcome(&mut self, g: &Game) -> Outcome {
        let zero = Game::zero();
        match (self.le(&zero, g), self.le(g, &zero)) {
            (true, true) => Outcome::P,
            (true, false) => Outcome::L,
            (false, true) => Outcome::R,
            (false, false) => Outcome::N,
        }
    }

    fn le(&mut self, g: &Game, h: &Game) -> bool {
        if Arc::ptr_eq(&g.0, &h.0) {
            return true;
        }
        if let (Form::Number(a), Form::Number(b)) = (&*g.0, &*h.0) {
            return a <= b;
        }
        let key = (g.clone(), h.clone());
        if let Some(&known) = self.le.get(&key) {
            return known;
        }
        if self.step(1 + g.breadth() + h.breadth()) {
            return true;
        }
        // By Number Avoidance, a number's own options never need looking at.
        let mut le = true;
        if !g.is_number() {
            le = !g.side(Side::Left).iter().any(|gl| self.le(h, gl));
        }
        if le && !h.is_number() {
            le = !h.side(Side::Right).iter().any(|hr| self.le(hr, g));
        }
        self.le.insert(key, le);
        le
    }

    /// `{x : x <= a}` when `at_most`, else `{x : x <| a}`. For a number, `(-inf, a]` or
    /// `(-inf, a)`. Otherwise, by Number Avoidance, `x <= A` iff no `A^R <= x`, so the
    /// numbers `<|` every Right option; and `x <| A` iff some `A^L >= x`, so the numbers
    /// at most some Left option.
    fn ray(&mut self, a: &Game, at_most: bool) -> Ray {
        if let Some(x) = a.as_number() {
            return Ray {
                end: x.clone(),
                closed: at_most,
            };
        }
        let known = if at_most { &self.at_most } else { &self.below };
        if let Some(ray) = known.get(a) {
            return ray.clone();
        }
        self.step(a.breadth());
        let (side, combine): (Side, fn(Ray, Ray) -> Ray) = if at_most {
            (Side::Right, Ray::min)
        } else {
            (Side::Left, Ray::max)
        };
        let ray = a
            .side(side)
            .iter()
            .map(|option| self.ray(option, !at_most))
            .reduce(combine)
            .expect("a game that is not a number has options on both sides");
        let known = if at_most {
            &mut self.at_most
        } else {
            &mut self.below
        };
        known.insert(a.clone(), ray.clone());
        ray
    }

    /// The number `{left | right}` equals, if it equals one: the simplest `x` with every
    /// `G^L <| x <| G^R`.
    fn number_between(&mut self, left: &[Game], right: &[Game]) -> Option<Dyadic> {
        // x must lie above every ray {x <= G^L} and inside every ray {x <| G^R}.
        let low = left.iter().map(|gl| self.ray(gl, true)).reduce(Ray::max);
        let high = right.iter().map(|gr| self.ray(gr, false)).reduce(Ray::min);
        Dyadic::simplest_between(
            low.as_ref().map(|r| (&r.end, !r.closed)),
            high.as_ref().map(|r| (&r.end, r.closed)),
        )
    }

    fn canonical(&mut self, mut left: Vec<Game>, mut right: Vec<Game>) -> Result<Game, Exceeded> {
        if self.step(1) {
            return Err(Exceeded::Work);
        }
        if let Some(x) = self.number_between(&left, &right) {
            return Ok(Game::number(x));
        }
        if left.iter().chain(&right).any(|g| g.depth() >= MAX_DEPTH) {
            return Err(Exceeded::Depth);
        }
        // Not a number: the form compares by its options (Number Avoidance holds for it).
        loop {
            let n = (left.len() + right.len()) as u64;
            if self.step(n * n) {
                return Err(Exceeded::Work);
            }
            self.undominated(&mut left, Side::Left);
            self.undominated(&mut right, Side::Right);
            let form = Game::options_node(left.clone(), right.clone());
            let bypassed_left = self.bypass(&mut left, &form, Side::Left);
            let bypassed_right = self.bypass(&mut right, &form, Side::Right);
            if !bypassed_left && !bypassed_right {
                return Ok(self.intern(form));
            }
            if self.exhausted {
                return Err(Exceeded::Work);
            }
        }
    }

    /// Removes repeated and dominated options of `side`: a Left option at most another,
    /// a Right option at least another.
    fn undominated(&mut self, options: &mut Vec<Game>, side: Side) {
        options.sort_by(structural);
        options.dedup();
        let kept = keep_undominated(options, side, |g, h| Ok::<_, Infallible>(self.le(g, h)));
        let Ok(()) = kept;
    }

    /// Bypasses the first reversible option of `side` of `form`, if any: a Left option
    /// `A` with some `A^R <= G` is replaced by the Left options of that `A^R` (and
    /// symmetrically). Returns whether it changed anything.
    fn bypass(&mut self, options: &mut Vec<Game>, form: &Game, side: Side) -> bool {
        let other = match side {
            Side::Left => Side::Right,
            Side::Right => Side::Left,
        };
        for i in 0..options.len() {
            for reply in options[i].side(other).iter() {
                let reverses = match side {
                    Side::Left => self.le(reply, form),
                    Side::Right => self.le(form, reply),
                };
                if reverses {
                    let replacement = reply.options(side);
                    options.swap_remove(i);
                    options.extend(replacement);
                    return true;
                }
            }
        }
        false
    }

    fn sum(&mut self, g: &Game, h: &Game) -> Result<Game, Exceeded> {
        if let (Some(a), Some(b)) = (g.as_number(), h.as_number()) {
            return Ok(Game::number(a + b));
        }
        if g.depth().saturating_add(h.depth()) > MAX_DEPTH {
            return Err(Exceeded::Depth);
        }
        let key = (g.clone(), h.clone());
        if let Some(known) = self.sums.get(&key) {
            return Ok(known.clone());
        }
        if self.step(1 + g.breadth() + h.breadth()) {
            return Err(Exceeded::Work);
        }
        let mut sides = [Vec::new(), Vec::new()];
        for (k, side) in [Side::Left, Side::Right].into_iter().enumerate() {
            // Number Translation: a number's own moves are never needed beside a game
            // that is not a number.
            if !g.is_number() || h.is_number() {
                for option in g.options(side) {
                    sides[k].push(self.sum(&option, h)?);
                }
            }
            if !h.is_number() || g.is_number() {
                for option in h.options(side) {
                    sides[k].push(self.sum(g, &option)?);
                }
            }
        }
        let [left, right] = sides;
        let result = if g.is_number() || h.is_number() {
            // Already canonical, and not a number.
            self.intern(Game::options_node(left, right))
        } else {
            self.canonical(left, right)?
        };
        self.sums.insert(key, result.clone());
        Ok(result)
    }

    fn negate(&mut self, g: &Game) -> Game {
        if let Some(x) = g.as_number() {
            return Game::number(-x.clone());
        }
        if let Some(known) = self.negations.get(g) {
            return known.clone();
        }
        let left = g
            .options(Side::Right)
            .iter()
            .map(|r| self.negate(r))
            .collect();
        let right = g
            .options(Side::Left)
            .iter()
            .map(|l| self.negate(l))
            .collect();
        let result = self.intern(Game::options_node(left, right));
        self.negations.insert(g.clone(), result.clone());
        result
    }

    fn ordinal(&mut self, base: &Game, above: &Game) -> Result<Game, Exceeded> {
        if let (Some(b), Some(x)) = (base.as_number(), above.as_number())
            && let Some(value) = number_ordinal(b, x)
        {
            return Ok(Game::number(value));
        }
        if above
            .as_number()
            .is_some_and(|x| x.birthday() >= u64::from(MAX_DEPTH))
            || above.depth() >= MAX_DEPTH
        {
            return Err(Exceeded::Depth);
        }
        let key = (base.clone(), above.clone());
        if let Some(known) = self.ordinals.get(&key) {
            return Ok(known.clone());
        }
        let mut sides = [Vec::new(), Vec::new()];
        for (k, side) in [Side::Left, Side::Right].into_iter().enumerate() {
            sides[k].extend(base.options(side));
            for option in above.options(side) {
                sides[k].push(self.ordinal(base, &option)?);
            }
        }
        let [left, right] = sides;
        let result = self.canonical(left, right)?;
        self.ordinals.insert(key, result.clone());
        Ok(result)
    }
}

/// `b : x` for numbers where a rule gives it at once: an integer base `±1` under a number
/// (the blue or red edge under a red-blue position). `1 : x` is `x + 1` for `x >= 0`, and
/// for `x < 0`, with `n = -floor(x)`, it is `(1 + x + n) / 2^n`: Left's move keeps `0`,
/// Right's are `1 : x^R`, and the simplest number between is that one (Berlekamp's rule,
/// Winning Ways ch. 2). `-1 : x` is `-(1 : -x)`.
/// `None` for any other base, and for an `x` below `-2^64`, whose result has no
/// exponent (the general ordinal sum then refuses it by its birthday).
fn number_ordinal(base: &Dyadic, x: &Dyadic) -> Option<Dyadic> {
    let one = Dyadic::from(1);
    if *base == one {
        x.under(Side::Left)
    } else if *base == -one {
        x.under(Side::Right)
    } else {
        None
    }
}

/// Keeps the options of `side` that no other dominates by `le` (for a Left option, `g` is
/// dominated when `le(g, h)` for another option `h` still kept; for a Right option, when
/// `le(h, g)`), in their order; of options dominating each other, the last is kept. The
/// first error of `le` stops it.
pub(super) fn keep_undominated<E>(
    options: &mut Vec<Game>,
    side: Side,
    mut le: impl FnMut(&Game, &Game) -> Result<bool, E>,
) -> Result<(), E> {
    let mut keep = vec![true; options.len()];
    for i in 0..options.len() {
        for j in 0..options.len() {
            if i == j || !keep[j] {
                continue;
            }
            let dominated = match side {
                Side::Left => le(&options[i], &options[j])?,
                Side::Right => le(&options[j], &options[i])?,
            };
            if dominated {
                keep[i] = false;
                break;
            }
        }
    }
    let mut flags = keep.into_iter();
    options.retain(|_| flags.next().expect("one flag per option"));
    Ok(())
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;

    /// The integer `k`.
    pub(in crate::game) fn n(k: i64) -> Game {
        Game::integer(k)
    }

    /// The canonical form of `{left | right}`.
    pub(in crate::game) fn game(left: Vec<Game>, right: Vec<Game>) -> Game {
        Game::from_options(left, right).unwrap()
    }

    #[test]
    fn numbers_come_out_of_their_forms() {
        assert_eq!(game(vec![], vec![]), n(0));
        assert_eq!(game(vec![n(0)], vec![]), n(1));
        assert_eq!(
            game(vec![n(0)], vec![n(1)]),
            Game::number(Dyadic::from_parts(1, 1))
        );
        assert_eq!(game(vec![n(-3)], vec![n(5)]), n(0));
        assert_eq!(game(vec![n(2)], vec![n(7)]), n(3));
        let one_star = game(vec![n(1)], vec![n(1)]);
        assert!(one_star.as_number().is_none());
        // {1* | 2} = 1: Left's 1* reverses through 1.
        assert_eq!(game(vec![one_star], vec![n(2)]), n(1));
    }

    #[test]
    fn nimbers_and_ups_behave() {
        let star = Game::nimber(1);
        let star2 = Game::nimber(2);
        assert_eq!(star.sum(&star).unwrap(), n(0));
        assert_eq!(star.sum(&star2).unwrap(), Game::nimber(3));
        assert_eq!(star.outcome(), Outcome::N);
        let up = game(vec![n(0)], vec![star.clone()]);
        assert_eq!(up.outcome(), Outcome::L);
        assert_eq!(up.negate().outcome(), Outcome::R);
        assert_eq!(up.sum(&up.negate()).unwrap(), n(0));
        // ^* = {0, * | 0} is confused with zero.
        assert_eq!(
            up.sum(&star).unwrap(),
            game(vec![n(0), star.clone()], vec![n(0)])
        );
        assert_eq!(up.sum(&star).unwrap().outcome(), Outcome::N);
        // {0 | ^*} is double up; not {0 | ^} + 0.
        let up_star = up.sum(&star).unwrap();
        assert_eq!(up.sum(&up).unwrap(), game(vec![n(0)], vec![up_star]));
        assert!(up < Game::number(Dyadic::from_parts(1, 64)));
    }

    #[test]
    fn ordinal_sums_of_hackenbush_edges() {
        let blue = n(1);
        let red = n(-1);
        let green = Game::nimber(1);
        // A blue edge with a green one on top is 1*.
        let one_star = blue.ordinal_sum(&green).unwrap();
        assert_eq!(one_star, game(vec![n(1)], vec![n(1)]));
        // Green stalks are nimbers: the Colon Principle.
        let mut stalk = n(0);
        for k in 1..=5 {
            stalk = green.ordinal_sum(&stalk).unwrap();
            assert_eq!(stalk, Game::nimber(k));
        }
        // Red-blue stalks by the rule agree with the general ordinal sum.
        let mut ops = Ops::default();
        for k in -24..=24 {
            let x = Game::number(Dyadic::from_parts(k, 3));
            for base in [&blue, &red] {
                let fast = base.ordinal_sum(&x).unwrap();
                let mut sides = [base.options(Side::Left), base.options(Side::Right)];
                for (s, side) in [Side::Left, Side::Right].into_iter().enumerate() {
                    for option in x.options(side) {
                        sides[s].push(ops.ordinal(base, &option).unwrap());
                    }
                }
                let [l, r] = sides;
                assert_eq!(fast, game(l, r), "{base:?} : {x:?}");
            }
        }
    }

    #[test]
    fn deep_games_are_refused_not_overflowed() {
        let green = Game::nimber(1);
        let far = Game::number(Dyadic::from(i64::from(MAX_DEPTH) + 5));
        assert_eq!(green.ordinal_sum(&far), Err(Exceeded::Depth));
        // A blue edge under a number below -2^64: no exponent holds the result.
        let abyss = Game::number(Dyadic::from_parts(num_bigint::BigInt::from(-1) << 70u32, 0));
        assert_eq!(n(1).ordinal_sum(&abyss), Err(Exceeded::Depth));
        assert_eq!(n(-1).ordinal_sum(&abyss.negate()), Err(Exceeded::Depth));
    }
}
