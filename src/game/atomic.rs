//! Atomic weights of all-small games (Siegel, *Combinatorial Game Theory*, ch. II.7;
//! Winning Ways ch. 8; Conway, *On Numbers and Games*, ch. 16).
//!
//! A game is *all-small* when in every position either both players have a move or
//! neither does; its canonical form then holds no number but 0. Such a game is a
//! multiple of `^` to a first approximation: its atomic weight `aw(G)` is the game `W`
//! with `G` and `W.^` alike in every sum with a far star, and `aw(^) = 1`, `aw(*n) = 0`,
//! `aw(^^*) = 2`; atomic weights add. It is computed by the atomic weight calculus, leaves
//! first: with `A = {aw(G^L) - 2 | aw(G^R) + 2}`,
//!
//! - if `A` is not an integer, `aw(G) = A`;
//! - if it is one, compare `G` with a far star `*N` (`N` beyond `G`'s birthday): when
//!   `G` equals it or is confused with it, `aw(G) = 0`; when `G > *N`, `aw(G)` is the
//!   largest integer `n` with `n <| aw(G^R) + 2` for every `G^R`; when `G < *N`, the
//!   least `n` with `n |> aw(G^L) - 2` for every `G^L`.
//!
//! (Winning Ways calls the games of the second case, where `A` alone would not give the
//! weight, eccentric; the far star settles them.) The two-ahead rule follows: a game of
//! atomic weight at least 2 is positive.

use num_bigint::BigInt;

use super::Dyadic;
use super::canonical::{Calculator, Exceeded, Game, MAX_DEPTH};
use super::stops::bottom_up;

impl Game {
    /// Whether it is all-small: no number but 0 among its canonical form's subgames
    /// (`*`, `^`, `{0|^}`; not `1*` or `{0|{0|-1}}`).
    ///
    /// ```
    /// use hackenbush::game::Game;
    ///
    /// assert!("^*".parse::<Game>()?.is_all_small());
    /// assert!(!"{0|{0|-1}}".parse::<Game>()?.is_all_small());
    /// # Ok::<(), hackenbush::game::ParseError>(())
    /// ```
    pub fn is_all_small(&self) -> bool {
        let walked: Result<bool, std::convert::Infallible> = bottom_up(
            self,
            |x| Ok(x.is_zero()),
            |_, left, right| Ok(left.iter().chain(right).all(|&&small| small)),
        );
        walked.unwrap_or_else(|never| match never {})
    }
}

impl Calculator {
    /// The atomic weight of `g` when `g` is all-small ([`Game::is_all_small`]), `None`
    /// otherwise (Siegel, *Combinatorial Game Theory*, ch. II.7; Winning Ways ch. 8): the
    /// game `W` with `g` and `W.^` alike in every sum with a far star. By the atomic
    /// weight calculus, with `A = {aw(g^L) - 2 | aw(g^R) + 2}`: `A` when it is not an
    /// integer; otherwise 0 when `g` equals or is confused with a far star `*N`, the
    /// largest integer `n <| aw(g^R) + 2` for every `g^R` when `g > *N`, the least
    /// `n |> aw(g^L) - 2` for every `g^L` when `g < *N`. Returns [`Exceeded`] when the comparisons pass the calculator's limit, or a far
    /// star beyond `g` would be deeper than [`MAX_DEPTH`]. Each distinct subgame is
    /// weighed once, leaves first, with no recursion over `g`.
    ///
    /// ```
    /// use hackenbush::game::{Calculator, Game};
    ///
    /// let mut calc = Calculator::new(1_000_000);
    /// for (game, weight) in [("^", "1"), ("^*", "1"), ("*2", "0"), ("^^*", "2"), ("v3", "-3")] {
    ///     let weight: Game = weight.parse()?;
    ///     assert_eq!(calc.atomic_weight(&game.parse()?)?, Some(weight));
    /// }
    /// assert_eq!(calc.atomic_weight(&"1/2^".parse()?)?, None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn atomic_weight(&mut self, g: &Game) -> Result<Option<Game>, Exceeded> {
        if !g.is_all_small() {
            return Ok(None);
        }
        let n = g.depth().saturating_add(2);
        if n > MAX_DEPTH {
            return Err(Exceeded::Depth);
        }
        let far = Game::nimber(n);
        let weight = bottom_up(
            g,
            |_| Ok(Game::zero()),
            |node, left, right| self.weigh(node, left, right, &far),
        )?;
        Ok(Some(weight))
    }

    /// The atomic weight of `g`, all-small and not 0, from its options' weights.
    fn weigh(
        &mut self,
        g: &Game,
        left: &[&Game],
        right: &[&Game],
        far: &Game,
    ) -> Result<Game, Exceeded> {
        let shifted = |calc: &mut Calculator, side: &[&Game], by: i64| {
            (side.iter())
                .map(|w| calc.sum(w, &Game::integer(by)))
                .collect::<Result<Vec<_>, _>>()
        };
        let lefts = shifted(self, left, -2)?;
        let rights = shifted(self, right, 2)?;
        let candidate = self.from_options(lefts.clone(), rights.clone())?;
        if !candidate.as_number().is_some_and(Dyadic::is_integer) {
            return Ok(candidate);
        }
        let above = self.le(far, g)?;
        let below = self.le(g, far)?;
        let n = match (above, below) {
            (true, false) => {
                // The largest n with n <| every A^R: one less than the least n with
                // some A^R <= n.
                let mut least: Option<BigInt> = None;
                for x in &rights {
                    let n = self.least_at_least(x)?;
                    least = Some(least.map_or(n.clone(), |l| l.min(n)));
                }
                least.expect("an all-small game that is not 0 has Right options") - 1
            }
            (false, true) => {
                let mut greatest: Option<BigInt> = None;
                for y in &lefts {
                    let n = self.greatest_at_most(y)?;
                    greatest = Some(greatest.map_or(n.clone(), |l| l.max(n)));
                }
                greatest.expect("an all-small game that is not 0 has Left options") + 1
            }
            _ => BigInt::from(0),
        };
        Ok(Game::number(Dyadic::from_parts(n, 0)))
    }

    /// The least integer `n` with `x <= n`: above `x`'s Left stop, or at it.
    fn least_at_least(&mut self, x: &Game) -> Result<BigInt, Exceeded> {
        let stop = x.left_stop();
        let ceiling = -(-&stop).floor();
        if stop.is_integer() && !self.le(x, &Game::number(stop.clone()))? {
            return Ok(ceiling + 1);
        }
        Ok(ceiling)
    }

    /// The greatest integer `n` with `n <= y`: below `y`'s Right stop, or at it.
    fn greatest_at_most(&mut self, y: &Game) -> Result<BigInt, Exceeded> {
        let stop = y.right_stop();
        let floor = stop.floor();
        if stop.is_integer() && !self.le(&Game::number(stop.clone()), y)? {
            return Ok(floor - 1);
        }
        Ok(floor)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn weight(text: &str) -> Option<Game> {
        let g: Game = text.parse().unwrap();
        Calculator::new(10_000_000).atomic_weight(&g).unwrap()
    }

    #[test]
    fn weights_of_known_values() {
        for (game, w) in [
            ("0", "0"),
            ("*", "0"),
            ("*2", "0"),
            ("^", "1"),
            ("v", "-1"),
            ("^*", "1"),
            ("^^", "2"),
            ("^^*", "2"),
            ("{0|^}", "2"),
            ("^3*5", "3"),
        ] {
            assert_eq!(weight(game), Some(w.parse().unwrap()), "aw({game})");
        }
        assert_eq!(weight("1*"), None);
        assert_eq!(weight("{0|{0|-1}}"), None);
    }
}
