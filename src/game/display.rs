//! Games written as CGSuite writes them, as far as its notation goes: numbers (`3`,
//! `-5/8`), number + ups + nimber (`*`, `*3`, `^`, `v`, `^^`, `^3`, `^64`, `1/2^*`,
//! `-1v*2`), switches (`±1`, `±{2,1}`, `±(1*)`), and `{L | R}` for the rest, nested with
//! CGSuite's slashes (`{2||1|0}` is `{2 | {1 | 0}}`). Options are listed in a fixed order:
//! numbers, then number + ups + nimber, then the rest. [`parse`](super::parse) reads all
//! of it back.
//!
//! # Bounded
//!
//! A canonical form shares its subgames, and written out it can take exponentially more
//! characters than it has subgames (each edge added to a tree in three colours can
//! double them). So `Display` writes a form whole only when it takes at most
//! [`SHOWN_CHARACTERS`], or when it is a number plus ups plus a nimber (one word, which
//! grows only with the position). A longer form is written to the deepest level at which
//! it takes at most [`SHORTENED_CHARACTERS`], each subgame below that level as `{...}`:
//! `{0,{...}|{...}}`, a glimpse that does not pass for the whole form.
//! [`Game::shortened`] tells when that happens and [`Game::form_size`] how large the
//! whole form is; [`Game::whole`], or `Display` while a [`WholeForms`] lives, writes it
//! whole.
//!
//! # Cost
//!
//! Writing is linear in what is written: the facts of each distinct subgame are found
//! once ([`Layout`]), then the form is written from an explicit stack, with no string made
//! for a part of it. Choosing where to shorten a form writes each candidate level into a
//! counter that stops after [`SHORTENED_CHARACTERS`].

use std::cell::Cell;
use std::collections::HashMap;
use std::fmt;
use std::marker::PhantomData;

use num_bigint::BigUint;

use super::canonical::Game;
use super::layout::{Kind, Layout, MAX_SLASHES, Uptimal};

/// The most characters `Display` writes of a game's form before it shortens it (numbers
/// plus ups plus a nimber are never shortened).
///
/// ```
/// use hackenbush::game::{Game, SHOWN_CHARACTERS};
///
/// let v = Game::nimber(1);
/// let mut stalk = Game::zero();
/// for edge in "elrelrelrelrlrlrelr".chars().rev() {
///     let base = match edge { 'e' => v.clone(), 'l' => Game::integer(1), _ => Game::integer(-1) };
///     stalk = base.ordinal_sum(&stalk)?;
/// }
/// assert!(stalk.to_string().len() <= SHOWN_CHARACTERS);
/// # Ok::<(), hackenbush::game::Exceeded>(())
/// ```
pub const SHOWN_CHARACTERS: usize = 1_000;

/// The most characters `Display` writes of a form it shortens.
///
/// ```
/// use hackenbush::game::{Game, SHORTENED_CHARACTERS};
///
/// let v = Game::nimber(1);
/// let mut stalk = Game::zero();
/// for edge in "elrelrelrelrlrlrelr".chars().rev() {
///     let base = match edge { 'e' => v.clone(), 'l' => Game::integer(1), _ => Game::integer(-1) };
///     stalk = base.ordinal_sum(&stalk)?;
/// }
/// let shown = stalk.to_string();
/// assert!(shown.len() <= SHORTENED_CHARACTERS && shown.contains("{...}"));
/// # Ok::<(), hackenbush::game::Exceeded>(())
/// ```
pub const SHORTENED_CHARACTERS: usize = 200;

impl fmt::Display for Uptimal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if !self.number.is_zero() || (self.ups == 0 && self.nimber == 0) {
            write!(f, "{}", self.number)?;
        }
        let arrow = if self.ups > 0 { "^" } else { "v" };
        match self.ups.unsigned_abs() {
            0 => {}
            1 => f.write_str(arrow)?,
            2 => write!(f, "{arrow}{arrow}")?,
            n => write!(f, "{arrow}{n}")?,
        }
        match self.nimber {
            0 => Ok(()),
            1 => f.write_str("*"),
            m => write!(f, "*{m}"),
        }
    }
}

/// How large a canonical form is: its distinct subgames, and the characters it takes
/// written whole (which can be exponentially more).
///
/// ```
/// use hackenbush::game::Game;
///
/// let switch: Game = "{1|0}".parse()?;
/// let size = switch.form_size();
/// assert_eq!(size.subgames, 3); // {1|0}, 1 and 0
/// assert_eq!(size.characters, 5u8.into());
/// # Ok::<(), hackenbush::game::ParseError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct FormSize {
    /// Its distinct subgames, itself included.
    pub subgames: usize,
    /// The characters of the whole form in CGSuite's notation.
    pub characters: BigUint,
}

impl Game {
    /// The game written whole, however long its form: [`Display`](fmt::Display) shortens
    /// forms beyond [`SHOWN_CHARACTERS`], this does not. Linear in what it writes.
    ///
    /// ```
    /// use hackenbush::game::Game;
    ///
    /// let g: Game = "{2||1|0}".parse()?;
    /// assert_eq!(g.whole().to_string(), "{2||1|0}");
    /// # Ok::<(), hackenbush::game::ParseError>(())
    /// ```
    pub fn whole(&self) -> Whole<'_> {
        Whole(self)
    }

    /// How large its form is written whole, found without writing it: linear in its
    /// distinct subgames.
    ///
    /// ```
    /// use hackenbush::game::{BigUint, Game};
    ///
    /// let g: Game = "{2||1|0}".parse()?;
    /// assert_eq!(g.form_size().subgames, 5); // {2||1|0}, 2, {1|0}, 1 and 0
    /// assert_eq!(g.form_size().characters, BigUint::from(8u8));
    /// # Ok::<(), hackenbush::game::ParseError>(())
    /// ```
    pub fn form_size(&self) -> FormSize {
        size(&Layout::of(self))
    }

    /// The size of its whole form when [`Display`](fmt::Display) shortens it here (on
    /// this thread, now: not while a [`WholeForms`] lives); `None` when it is written
    /// whole.
    ///
    /// ```
    /// use hackenbush::game::Game;
    ///
    /// assert_eq!("{1|0}".parse::<Game>()?.shortened(), None);
    /// # Ok::<(), hackenbush::game::ParseError>(())
    /// ```
    pub fn shortened(&self) -> Option<FormSize> {
        if self.as_number().is_some() {
            return None;
        }
        let layout = Layout::of(self);
        match shown_depth(&layout) {
            Depth::Whole => None,
            Depth::At(_) => Some(size(&layout)),
        }
    }

    /// Whether it is written as one word, `x + u.^ + *m` (a number plus a multiple of
    /// up plus a nimber: `3/4`, `^*`, `1v3*2`), rather than by its options.
    ///
    /// ```
    /// use hackenbush::game::Game;
    ///
    /// assert!("1/2^*".parse::<Game>()?.is_uptimal());
    /// assert!(!"{1|0}".parse::<Game>()?.is_uptimal());
    /// # Ok::<(), hackenbush::game::ParseError>(())
    /// ```
    pub fn is_uptimal(&self) -> bool {
        if self.as_number().is_some() {
            return true;
        }
        let layout = Layout::of(self);
        layout.uptimal(layout.root()).is_some()
    }

    /// Whether it is the nimber `*n`.
    pub(crate) fn is_nimber(&self, n: u64) -> bool {
        if let Some(x) = self.as_number() {
            return n == 0 && x.is_zero();
        }
        // `*n` is `n` levels deep.
        if u64::from(self.depth()) != n {
            return false;
        }
        let layout = Layout::of(self);
        layout
            .uptimal(layout.root())
            .is_some_and(|u| u.number.is_zero() && u.ups == 0 && u.nimber == n)
    }
}

fn size(layout: &Layout) -> FormSize {
    FormSize {
        subgames: layout.subgames(),
        characters: layout.written_length(layout.root(), true, false),
    }
}

/// A game written whole: see [`Game::whole`].
///
/// ```
/// use hackenbush::game::Game;
///
/// let star: Game = "*".parse()?;
/// assert_eq!(format!("{}", star.whole()), "*");
/// # Ok::<(), hackenbush::game::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Whole<'a>(&'a Game);

impl fmt::Display for Whole<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(x) = self.0.as_number() {
            return write!(f, "{x}");
        }
        Writer::new(&Layout::of(self.0), Depth::Whole).write(f)
    }
}

/// Writes the form whole if it takes at most [`SHOWN_CHARACTERS`], shortened otherwise:
/// past a depth each subgame is `{...}` ([`Game::whole`] writes it whole).
impl fmt::Display for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(x) = self.as_number() {
            return write!(f, "{x}");
        }
        let layout = Layout::of(self);
        let depth = shown_depth(&layout);
        Writer::new(&layout, depth).write(f)
    }
}

thread_local! {
    static WHOLE: Cell<bool> = const { Cell::new(false) };
}

/// While it lives, every game shown on this thread by `Display` is written whole, as
/// [`Game::whole`] writes it: for a program that prints reports made elsewhere (the
/// command line's `--full`). Dropping it restores what was before.
///
/// ```
/// use hackenbush::game::{Game, WholeForms};
///
/// let g: Game = "{1|0}".parse()?;
/// let whole = WholeForms::begin();
/// assert_eq!(g.to_string(), "{1|0}");
/// drop(whole);
/// # Ok::<(), hackenbush::game::ParseError>(())
/// ```
#[derive(Debug)]
#[must_use = "games are written whole only while it lives"]
pub struct WholeForms {
    previous: bool,
    /// It sets a setting of its thread, so it stays on it.
    _thread: PhantomData<*const ()>,
}

impl WholeForms {
    /// Games are written whole on this thread until it is dropped.
    ///
    /// ```
    /// use hackenbush::game::WholeForms;
    ///
    /// let _whole = WholeForms::begin(); // until the end of the scope
    /// ```
    pub fn begin() -> WholeForms {
        WholeForms {
            previous: WHOLE.replace(true),
            _thread: PhantomData,
        }
    }
}

impl Drop for WholeForms {
    fn drop(&mut self) {
        WHOLE.set(self.previous);
    }
}

/// How much of a form is written: all of it, or its subgames down to a level (the game
/// itself is level 0), those at that level as `{...}` unless they are uptimals.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Depth {
    Whole,
    At(u32),
}

/// How `Display` writes the game laid out: whole when it may, otherwise cut at the
/// deepest level at which it takes at most [`SHORTENED_CHARACTERS`] (a level taking more
/// means the levels below are not tried).
fn shown_depth(layout: &Layout) -> Depth {
    let root = layout.root();
    let fits = || {
        WHOLE.get()
            || layout.uptimal(root).is_some()
            || layout.written_length(root, true, false) <= BigUint::from(SHOWN_CHARACTERS)
    };
    if fits() {
        return Depth::Whole;
    }
    let mut best = 0;
    for level in 1..layout.facts(root).height {
        let mut counted = Counter { characters: 0 };
        match Writer::new(layout, Depth::At(level)).write(&mut counted) {
            Ok(()) => best = level,
            Err(fmt::Error) => break,
        }
    }
    Depth::At(best)
}

/// Counts what is written, and fails past [`SHORTENED_CHARACTERS`].
struct Counter {
    characters: usize,
}

impl fmt::Write for Counter {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        self.characters += s.chars().count();
        if self.characters > SHORTENED_CHARACTERS {
            Err(fmt::Error)
        } else {
            Ok(())
        }
    }
}

/// One thing to write: some text, or a subgame at a `level` with `brackets` (braces
/// around a form of options) and `parens` (parentheses around an uptimal that is not one
/// symbol), as an option of a side of several options, or of a switch of one.
enum Step {
    Text(&'static str),
    Game {
        id: u32,
        brackets: bool,
        parens: bool,
        level: u32,
    },
}

/// Writes a laid-out game, whole or cut.
struct Writer<'l> {
    layout: &'l Layout,
    depth: Depth,
    /// The slashes of a subgame at a level, when cut below it (keyed by subgame and
    /// level).
    slashes: HashMap<(u32, u32), usize>,
}

impl<'l> Writer<'l> {
    fn new(layout: &'l Layout, depth: Depth) -> Self {
        Writer {
            layout,
            depth,
            slashes: HashMap::new(),
        }
    }

    /// Whether a subgame at `level` that is not an uptimal is written `{...}`.
    fn elided(&self, level: u32) -> bool {
        self.depth == Depth::At(level)
    }

    /// Writes the game, from an explicit stack: each step writes at least one
    /// character, so the work is linear in what is written.
    fn write(&mut self, out: &mut impl fmt::Write) -> fmt::Result {
        let mut stack = vec![Step::Game {
            id: self.layout.root(),
            brackets: true,
            parens: false,
            level: 0,
        }];
        while let Some(step) = stack.pop() {
            let (id, brackets, parens, level) = match step {
                Step::Text(text) => {
                    out.write_str(text)?;
                    continue;
                }
                Step::Game {
                    id,
                    brackets,
                    parens,
                    level,
                } => (id, brackets, parens, level),
            };
            let facts = self.layout.facts(id);
            match &facts.kind {
                Kind::Uptimal(u) if parens && !u.compact() => write!(out, "({u})")?,
                Kind::Uptimal(u) => write!(out, "{u}")?,
                _ if self.elided(level) => out.write_str("{...}")?,
                Kind::Switch => {
                    let several = facts.left.len() > 1;
                    out.write_str(if several { "±{" } else { "±" })?;
                    if several {
                        stack.push(Step::Text("}"));
                    }
                    push_side(&mut stack, &facts.left, true, !several, level + 1);
                }
                Kind::Options => {
                    let slashes = self.slashes(id, level);
                    if brackets || slashes >= MAX_SLASHES {
                        out.write_str("{")?;
                        stack.push(Step::Text("}"));
                    }
                    let (left, right) = (&facts.left, &facts.right);
                    push_side(&mut stack, right, right.len() > 1, false, level + 1);
                    stack.push(Step::Text(BARS[slashes.min(MAX_SLASHES)]));
                    push_side(&mut stack, left, left.len() > 1, false, level + 1);
                }
            }
        }
        Ok(())
    }

    /// The slashes between the sides of subgame `id` written at `level`: its own when
    /// nothing below it is cut, otherwise counted again with the subgames at the cut
    /// written `{...}` (recursion as deep as the levels written, which fit in
    /// [`SHORTENED_CHARACTERS`]).
    fn slashes(&mut self, id: u32, level: u32) -> usize {
        let facts = self.layout.facts(id);
        let Depth::At(cut) = self.depth else {
            return facts.slashes;
        };
        // Its options of options reach `height - 1` levels below it.
        if level + facts.height <= cut {
            return facts.slashes;
        }
        if let Some(&known) = self.slashes.get(&(id, level)) {
            return known;
        }
        let mut slashes = 1;
        for side in [&facts.left, &facts.right] {
            let brackets = side.len() > 1;
            for &option in side.iter() {
                let shown = match self.layout.facts(option).kind {
                    Kind::Options if !brackets && !self.elided(level + 1) => {
                        let own = self.slashes(option, level + 1);
                        if own < MAX_SLASHES { own } else { 0 }
                    }
                    _ => 0,
                };
                slashes = slashes.max(shown + 1);
            }
        }
        self.slashes.insert((id, level), slashes);
        slashes
    }
}

/// The slashes between two sides, by how many (four at most, the rest in braces).
const BARS: [&str; MAX_SLASHES + 1] = ["", "|", "||", "|||", "||||"];

/// Pushes the options of one side, comma-separated, to be written in order.
fn push_side(stack: &mut Vec<Step>, side: &[u32], brackets: bool, parens: bool, level: u32) {
    for (i, &id) in side.iter().enumerate().rev() {
        stack.push(Step::Game {
            id,
            brackets,
            parens,
            level,
        });
        if i > 0 {
            stack.push(Step::Text(","));
        }
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::super::Dyadic;
    use super::super::canonical::tests::{game, n};
    use super::*;

    #[test]
    fn cgsuite_notation() {
        let star = Game::nimber(1);
        let up = game(vec![n(0)], vec![star.clone()]);
        let half = Game::number(Dyadic::from_parts(1, 1));
        let shown = |g: &Game| g.to_string();
        assert_eq!(shown(&n(0)), "0");
        assert_eq!(shown(&Game::number(Dyadic::from_parts(-5, 3))), "-5/8");
        assert_eq!(shown(&star), "*");
        assert_eq!(shown(&Game::nimber(3)), "*3");
        assert_eq!(shown(&up), "^");
        assert_eq!(shown(&up.negate()), "v");
        assert_eq!(shown(&up.sum(&star).unwrap()), "^*");
        assert_eq!(shown(&up.sum(&up).unwrap()), "^^");
        let three_up = up.sum(&up).unwrap().sum(&up).unwrap();
        assert_eq!(shown(&three_up), "^3");
        assert_eq!(
            shown(&three_up.negate().sum(&Game::nimber(2)).unwrap()),
            "v3*2"
        );
        assert_eq!(shown(&half.sum(&up).unwrap().sum(&star).unwrap()), "1/2^*");
        assert_eq!(shown(&n(1).sum(&star).unwrap()), "1*");
        assert_eq!(shown(&game(vec![n(1)], vec![n(-1)])), "±1");
        assert_eq!(shown(&game(vec![n(2)], vec![n(1)])), "{2|1}");
        let hot = game(vec![n(1)], vec![n(0)]);
        assert_eq!(shown(&game(vec![n(2)], vec![hot])), "{2||1|0}");
    }

    /// The value of a Hackenbush stalk, its edges (`e` green, `l` blue, `r` red) read
    /// from the ground up: each edge `:` what stands on it.
    pub(in crate::game) fn stalk(edges: &str) -> Game {
        edges.chars().rev().fold(Game::zero(), |above, edge| {
            let base = match edge {
                'e' => Game::nimber(1),
                'l' => n(1),
                _ => n(-1),
            };
            base.ordinal_sum(&above).unwrap()
        })
    }

    /// Issue 33: the 19 edges of `elrelrelrelrlrlrelr` are worth a form of 20 subgames
    /// that takes 607,823 characters written out; recognising its uptimals walked it as a
    /// tree, for minutes. It is shortened, and measured without being written.
    #[test]
    fn a_form_exponential_in_its_subgames_is_written_shortened() {
        let value = stalk("elrelrelrelrlrlrelr");
        let size = value.form_size();
        assert_eq!(size.subgames, 20);
        assert_eq!(size.characters, BigUint::from(607_823u32));
        let shown = value.to_string();
        assert!(shown.chars().count() <= SHORTENED_CHARACTERS, "{shown}");
        assert!(shown.starts_with('{') && shown.contains("{...}"), "{shown}");
        assert_eq!(value.shortened(), Some(size));
        // Twice as many edges: a form of more characters than any memory holds.
        let value = stalk(&"elrelrelrelrlrlrelr".repeat(4));
        let size = value.form_size();
        assert!(size.subgames < 200, "{size:?}");
        assert!(size.characters > BigUint::from(u64::MAX), "{size:?}");
        assert!(value.to_string().chars().count() <= SHORTENED_CHARACTERS);
    }

    /// A form a little too long to show: shortened to the deepest level that fits, and
    /// whole when asked.
    #[test]
    fn a_long_form_is_cut_at_the_deepest_level_that_fits() {
        let value = stalk("elrelrelrelrl");
        let whole = value.whole().to_string();
        let characters = value.form_size().characters;
        assert_eq!(BigUint::from(whole.chars().count()), characters);
        assert!(whole.chars().count() > SHOWN_CHARACTERS, "{whole}");
        let shown = value.to_string();
        assert!(shown.chars().count() <= SHORTENED_CHARACTERS);
        assert!(shown.contains("{...}"));
        {
            let _whole = WholeForms::begin();
            assert_eq!(value.to_string(), whole);
            assert_eq!(value.shortened(), None);
        }
        assert_eq!(value.to_string(), shown);
        // One level deeper does not fit.
        let layout = Layout::of(&value);
        let Depth::At(level) = shown_depth(&layout) else {
            panic!("{whole} is not cut")
        };
        assert!(level >= 1, "{shown}");
        let length = |cut| {
            let mut text = String::new();
            Writer::new(&layout, cut).write(&mut text).unwrap();
            text.chars().count()
        };
        assert_eq!(length(Depth::At(level)), shown.chars().count());
        assert!(length(Depth::At(level + 1)) > SHORTENED_CHARACTERS);
    }

    /// The length a layout computes is the length written, form by form.
    #[test]
    fn the_measured_length_is_the_written_length() {
        for edges in [
            "e", "le", "el", "ere", "lerl", "errl", "elrer", "relel", "eelre",
        ] {
            let value = stalk(edges);
            let written = value.whole().to_string();
            let size = value.form_size();
            assert_eq!(
                size.characters,
                BigUint::from(written.chars().count()),
                "{edges}: {written}"
            );
        }
    }

    /// Issue 33: `^n` stopped at `^63` (64 `el` stalks were `{0|^63*}`).
    #[test]
    fn ups_are_counted_past_64() {
        let up_star = stalk("el");
        let mut sum = Game::zero();
        for k in 1..=130i64 {
            sum = sum.sum(&up_star).unwrap();
            let star = if k % 2 == 1 { "*" } else { "" };
            let ups = match k {
                1 => "^".to_string(),
                2 => "^^".to_string(),
                _ => format!("^{k}"),
            };
            assert_eq!(sum.to_string(), format!("{ups}{star}"));
            assert_eq!(
                sum.negate().to_string(),
                format!("{}{star}", ups.replace('^', "v"))
            );
        }
    }

    #[test]
    fn nimbers_are_recognised() {
        assert!(Game::zero().is_nimber(0));
        assert!(Game::nimber(5).is_nimber(5));
        assert!(!Game::nimber(5).is_nimber(4));
        assert!(!stalk("el").is_nimber(1));
        assert!(!n(1).is_nimber(1));
    }
}
