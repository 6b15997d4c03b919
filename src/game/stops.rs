//! What a game is worth to a player who wants a number: its Left and Right stops, its
//! mean, and its split into a number and an infinitesimal (Siegel, *Combinatorial Game
//! Theory*, ch. II.3 and II.5; Winning Ways ch. 6).
//!
//! - **Stops.** The Left stop `L(G)` is the number play reaches when Left starts and both
//!   players stop as soon as a number is reached; the Right stop `R(G)` likewise with Right
//!   starting: `L(x) = R(x) = x` for a number `x`, otherwise `L(G) = max R(G^L)` and
//!   `R(G) = min L(G^R)`. For a game that is not a number `L(G) >= R(G)`.
//! - **Number and rest.** `G - x` is infinitesimal (between every negative and every
//!   positive number) exactly when both stops of `G` are `x`; then `G = x + (G - x)`,
//!   the number part and the rest ([`Game::number_part`]).
//! - **Mean.** The thermograph of `G` (Siegel ch. II.5): for `t >= 0`, the walls of a
//!   number `x` are `x`; otherwise the Left wall is `max (R_t(G^L) - t)` and the Right wall
//!   `min (L_t(G^R) + t)` up to the temperature, the least `t` where they meet, and above
//!   it both are the mast, at the mean. Walls are broken lines with slopes 0 and 1, so
//!   every corner is a dyadic number, and the mean is computed exactly. The mean is
//!   additive, lies between the stops, and `n.m(G)` stays within the temperature of the
//!   stops of `n.G` (the Mean Value Theorem).
//!
//! Every walk here goes over the distinct subgames of the canonical form, leaves first,
//! from an explicit stack ([`bottom_up`]): no recursion, each subgame looked at once.

use std::collections::HashMap;

use super::Dyadic;
use super::canonical::{Exceeded, Game};

/// Folds `game` over its distinct subgames (by where they are held), leaves first, with
/// no recursion: `leaf` values a number, `node` a game that is not one from its Left and
/// Right options' results. The first error stops the walk.
///
/// Linear in the subgames and their options.
pub(super) fn bottom_up<T, E>(
    game: &Game,
    mut leaf: impl FnMut(&Dyadic) -> Result<T, E>,
    mut node: impl FnMut(&Game, &[&T], &[&T]) -> Result<T, E>,
) -> Result<T, E> {
    let mut done: HashMap<usize, T> = HashMap::new();
    let mut stack: Vec<(&Game, bool)> = vec![(game, false)];
    while let Some((g, expanded)) = stack.pop() {
        if done.contains_key(&g.address()) {
            continue;
        }
        let value = match (g.stored(), g.as_number()) {
            (Some((left, right)), _) => {
                if !expanded {
                    stack.push((g, true));
                    let pending = left.iter().chain(right);
                    stack.extend(
                        pending
                            .filter(|o| !done.contains_key(&o.address()))
                            .map(|o| (o, false)),
                    );
                    continue;
                }
                let lefts: Vec<&T> = left.iter().map(|o| &done[&o.address()]).collect();
                let rights: Vec<&T> = right.iter().map(|o| &done[&o.address()]).collect();
                node(g, &lefts, &rights)?
            }
            (None, Some(x)) => leaf(x)?,
            (None, None) => unreachable!("a game is a number or has stored options"),
        };
        done.insert(g.address(), value);
    }
    Ok(done
        .remove(&game.address())
        .expect("the game itself is walked"))
}

impl Game {
    /// Its Left stop and Right stop, `(L(G), R(G))` (Siegel ch. II.3): where play stops at
    /// a number with Left, or Right, moving first. Linear in its distinct subgames.
    ///
    /// ```
    /// use hackenbush::game::{Dyadic, Game};
    ///
    /// let hot: Game = "{2||1|0}".parse()?;
    /// assert_eq!(hot.stops(), (Dyadic::from(2), Dyadic::from(1)));
    /// let up: Game = "^".parse()?;
    /// assert_eq!(up.stops(), (Dyadic::zero(), Dyadic::zero()));
    /// # Ok::<(), hackenbush::game::ParseError>(())
    /// ```
    pub fn stops(&self) -> (Dyadic, Dyadic) {
        let walked: Result<_, std::convert::Infallible> = bottom_up(
            self,
            |x| Ok((x.clone(), x.clone())),
            |_, left: &[&(Dyadic, Dyadic)], right: &[&(Dyadic, Dyadic)]| {
                let left_stop = left.iter().map(|s| &s.1).max().cloned();
                let right_stop = right.iter().map(|s| &s.0).min().cloned();
                Ok((
                    left_stop.expect("a game that is not a number has Left options"),
                    right_stop.expect("a game that is not a number has Right options"),
                ))
            },
        );
        match walked {
            Ok(stops) => stops,
            Err(never) => match never {},
        }
    }

    /// Its Left stop `L(G)`: see [`Game::stops`].
    pub fn left_stop(&self) -> Dyadic {
        self.stops().0
    }

    /// Its Right stop `R(G)`: see [`Game::stops`].
    pub fn right_stop(&self) -> Dyadic {
        self.stops().1
    }

    /// The number `x` and the rest `G - x`, when `G` is a number plus an infinitesimal
    /// (both stops are `x`); `None` otherwise (a hot game such as `{1|0}`). The rest of a
    /// number is `0`.
    ///
    /// ```
    /// use hackenbush::game::{Dyadic, Game};
    ///
    /// let g: Game = "1/2^*".parse()?;
    /// let (x, rest) = g.number_part().unwrap();
    /// assert_eq!((x.to_string(), rest.to_string()), ("1/2".into(), "^*".into()));
    /// assert_eq!("{1|0}".parse::<Game>()?.number_part(), None);
    /// # Ok::<(), hackenbush::game::ParseError>(())
    /// ```
    pub fn number_part(&self) -> Option<(Dyadic, Game)> {
        if let Some(x) = self.as_number() {
            return Some((x.clone(), Game::zero()));
        }
        let (left, right) = self.stops();
        if left != right {
            return None;
        }
        // Number Translation: G - x is G's form shifted, as deep as G.
        let rest = self.sum(&Game::number(-&left)).ok()?;
        Some((left, rest))
    }

    /// Whether it is infinitesimal: between every negative and every positive number
    /// (both stops 0), as `^`, `*` and `{0|{0|-1}}` are.
    pub fn is_infinitesimal(&self) -> bool {
        self.stops() == (Dyadic::zero(), Dyadic::zero())
    }

    /// Its mean `m(G)`, exactly, from its thermograph (Siegel ch. II.5): the mast's
    /// position, where the walls meet. A number plus an infinitesimal has the number as
    /// mean, a switch `{a|b}` of numbers `(a+b)/2`, `{2||1|0}` has `5/4`. `Err` only if
    /// its form is deeper than the walk allows, which no canonical form is.
    ///
    /// Time: the walls of each distinct subgame, each a broken line with as many corners
    /// as its options' walls together, plus one.
    ///
    /// ```
    /// use hackenbush::game::{Dyadic, Game};
    ///
    /// let g: Game = "{2||1|0}".parse()?;
    /// assert_eq!(g.mean(), Ok(Dyadic::from_parts(5, 2)));
    /// # Ok::<(), hackenbush::game::ParseError>(())
    /// ```
    pub fn mean(&self) -> Result<Dyadic, Exceeded> {
        let thermograph = bottom_up(
            self,
            |x| Ok(Thermograph::mast(x.clone())),
            |_, left, right| Thermograph::of(left, right).ok_or(Exceeded::Depth),
        )?;
        Ok(thermograph.mean)
    }
}

/// A wall of a thermograph for `t >= 0`, a broken line: segments `(t, x, slope)` by
/// increasing `t`, the first at `t = 0`, each running from value `x` at `t` at `slope`
/// (value per unit of temperature) up to the next, the last for ever.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Wall {
    segments: Vec<(Dyadic, Dyadic, i64)>,
}

/// `k x`.
fn times(x: &Dyadic, k: i64) -> Dyadic {
    Dyadic::from_parts(x.numerator() * k, x.exponent())
}

/// `x / k` for `k` a power of two, up to sign; `None` for any other `k`.
fn divided(x: &Dyadic, k: i64) -> Option<Dyadic> {
    let magnitude = k.unsigned_abs();
    if !magnitude.is_power_of_two() {
        return None;
    }
    let q = x.halved(u64::from(magnitude.trailing_zeros()));
    Some(if k < 0 { -q } else { q })
}

impl Wall {
    fn constant(x: Dyadic) -> Wall {
        Wall {
            segments: vec![(Dyadic::zero(), x, 0)],
        }
    }

    /// Its value at `t` (`t >= 0`) and its slope just after `t`.
    fn at(&self, t: &Dyadic) -> (Dyadic, i64) {
        let after = self.segments.partition_point(|(s, _, _)| s <= t);
        let (t0, x0, slope) = &self.segments[after.max(1) - 1];
        (x0 + &times(&(t - t0), *slope), *slope)
    }

    /// The temperatures where its slope may change.
    fn corners(&self) -> impl Iterator<Item = &Dyadic> {
        self.segments.iter().map(|(t, _, _)| t)
    }

    /// It plus `k t`.
    fn tilted(&self, k: i64) -> Wall {
        Wall {
            segments: (self.segments.iter())
                .map(|(t, x, s)| (t.clone(), x + &times(t, k), s + k))
                .collect(),
        }
    }

    /// Pointwise the larger (`larger`) or the smaller of two walls, with a corner where
    /// they cross; `None` if a crossing is not dyadic (walls of short games never do that).
    fn combined(&self, other: &Wall, larger: bool) -> Option<Wall> {
        let ts = union(self.corners(), other.corners());
        let mut segments = Vec::new();
        for (i, t) in ts.iter().enumerate() {
            let (a, sa) = self.at(t);
            let (b, sb) = other.at(t);
            // Which is kept from `t` on: the larger value, or on a tie the one that grows
            // faster (for the smaller: the opposite).
            let first = match a.cmp(&b) {
                std::cmp::Ordering::Equal => (sa >= sb) == larger,
                order => (order == std::cmp::Ordering::Greater) == larger,
            };
            let (x, s, y, r) = if first {
                (a, sa, b, sb)
            } else {
                (b, sb, a, sa)
            };
            segments.push((t.clone(), x.clone(), s));
            // Where the other one overtakes it before the next corner, if it does.
            let gap = if larger { &x - &y } else { &y - &x };
            let closing = if larger { r - s } else { s - r };
            if gap.is_zero() || closing <= 0 {
                continue;
            }
            let cross = t + &divided(&gap, closing)?;
            if ts.get(i + 1).is_none_or(|next| cross < *next) {
                let value = &y + &times(&(&cross - t), r);
                segments.push((cross, value, r));
            }
        }
        Some(Wall { segments }.simplified())
    }

    /// Without corners where the slope does not change.
    fn simplified(self) -> Wall {
        let mut kept: Vec<(Dyadic, Dyadic, i64)> = Vec::with_capacity(self.segments.len());
        for segment in self.segments {
            if kept.last().is_some_and(|last| last.2 == segment.2) {
                continue;
            }
            kept.push(segment);
        }
        Wall { segments: kept }
    }

    /// It up to `t`, then constant.
    fn until(&self, t: &Dyadic) -> Wall {
        let mut segments: Vec<_> = (self.segments.iter())
            .filter(|(s, _, _)| s < t)
            .cloned()
            .collect();
        segments.push((t.clone(), self.at(t).0, 0));
        Wall { segments }.simplified()
    }
}

/// The corners of two walls, in order, once each.
fn union<'a>(
    a: impl Iterator<Item = &'a Dyadic>,
    b: impl Iterator<Item = &'a Dyadic>,
) -> Vec<Dyadic> {
    let mut ts: Vec<Dyadic> = a.chain(b).cloned().collect();
    ts.sort();
    ts.dedup();
    ts
}

/// The thermograph of a game for `t >= 0`: its walls and its mean.
#[derive(Clone, Debug)]
struct Thermograph {
    left: Wall,
    right: Wall,
    mean: Dyadic,
}

impl Thermograph {
    /// A number's: a mast from `t = 0`.
    fn mast(x: Dyadic) -> Thermograph {
        Thermograph {
            left: Wall::constant(x.clone()),
            right: Wall::constant(x.clone()),
            mean: x,
        }
    }

    /// The thermograph of a game that is not a number, from its options'. `None` if
    /// the scaffolds do not meet as a short game's do.
    fn of(left: &[&Thermograph], right: &[&Thermograph]) -> Option<Thermograph> {
        let scaffold = |side: &[&Thermograph], larger: bool| -> Option<Wall> {
            let mut walls = side.iter().map(|o| {
                if larger {
                    o.right.tilted(-1)
                } else {
                    o.left.tilted(1)
                }
            });
            let first = walls.next()?;
            walls.try_fold(first, |acc, w| acc.combined(&w, larger))
        };
        let lambda = scaffold(left, true)?;
        let rho = scaffold(right, false)?;
        let zero = Dyadic::zero();
        let (l0, _) = lambda.at(&zero);
        let (r0, _) = rho.at(&zero);
        let temperature = match l0.cmp(&r0) {
            std::cmp::Ordering::Less => return None,
            std::cmp::Ordering::Equal => zero,
            std::cmp::Ordering::Greater => first_meeting(&lambda, &rho)?,
        };
        let mean = lambda.at(&temperature).0;
        Some(Thermograph {
            left: lambda.until(&temperature),
            right: rho.until(&temperature),
            mean,
        })
    }
}

/// The least `t > 0` where `lambda(t) = rho(t)`, `lambda` starting above `rho`.
fn first_meeting(lambda: &Wall, rho: &Wall) -> Option<Dyadic> {
    let ts = union(lambda.corners(), rho.corners());
    for (i, t) in ts.iter().enumerate() {
        let (a, sa) = lambda.at(t);
        let (b, sb) = rho.at(t);
        let gap = &a - &b;
        if gap.signum() <= 0 {
            return Some(t.clone());
        }
        let closing = sb - sa;
        if closing <= 0 {
            continue;
        }
        let meet = t + &divided(&gap, closing)?;
        if ts.get(i + 1).is_none_or(|next| meet <= *next) {
            return Some(meet);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn g(text: &str) -> Game {
        text.parse().unwrap()
    }

    fn d(text: &str) -> Dyadic {
        text.parse().unwrap()
    }

    #[test]
    fn stops_of_known_values() {
        for (game, left, right) in [
            ("0", "0", "0"),
            ("3/4", "3/4", "3/4"),
            ("*", "0", "0"),
            ("^", "0", "0"),
            ("1/2^*", "1/2", "1/2"),
            ("{1|0}", "1", "0"),
            ("±1", "1", "-1"),
            ("{2||1|0}", "2", "1"),
            ("{2|1}", "2", "1"),
            ("{1*|0}", "1", "0"),
        ] {
            assert_eq!(g(game).stops(), (d(left), d(right)), "{game}");
        }
    }

    #[test]
    fn means_of_known_thermographs() {
        for (game, mean) in [
            ("3/4", "3/4"),
            ("^*", "0"),
            ("1*", "1"),
            ("{1|0}", "1/2"),
            ("{2|1}", "3/2"),
            ("±1", "0"),
            ("{2||1|0}", "5/4"),
            ("{3||2|0}", "2"),
        ] {
            assert_eq!(g(game).mean(), Ok(d(mean)), "{game}");
        }
        // Means add: {1|0} + {2||1|0} has 1/2 + 5/4.
        let sum = g("{1|0}").sum(&g("{2||1|0}")).unwrap();
        assert_eq!(sum.mean(), Ok(d("7/4")));
    }

    #[test]
    fn a_number_and_what_is_left() {
        let (x, rest) = g("1/2^").number_part().unwrap();
        assert_eq!((x, rest), (d("1/2"), g("^")));
        assert_eq!(g("-3/4").number_part(), Some((d("-3/4"), Game::zero())));
        assert_eq!(g("±1").number_part(), None);
        assert!(g("{0|{0|-1}}").is_infinitesimal());
        assert!(!g("{1|0}").is_infinitesimal());
    }
}
