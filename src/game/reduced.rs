//! The reduced canonical form: the simplest game infinitesimally close to a game, its
//! value with every infinitesimal dropped (Siegel, *Combinatorial Game Theory*, ch. II.6;
//! Calistrat; Grossman and Siegel, "Reductions of partizan games", 2009).
//!
//! `G` and `H` are infinitesimally close, `G ≡ H`, when `G - H` is infinitesimal (both
//! its stops 0). `G <=Inf H` when `G <= H + x` for every number `x > 0`, which holds
//! exactly when the Right stop of `H - G` is at least 0. The reduced canonical form
//! `rcf(G)` is the one game of its class with no Inf-dominated and no Inf-reversible
//! option and reduced options; it is computed leaves first:
//!
//! - a game whose stops are both `x` is infinitesimally close to the number `x`:
//!   `rcf(G) = x`;
//! - otherwise `G ≡ {rcf(G^L) | rcf(G^R)}`, and from that form a Left option `A` is
//!   removed when `A <=Inf B` for another Left option `B` (and a Right option when it is
//!   `>=Inf` another), and a Left option `A` with some `A^R <=Inf G` is replaced by the
//!   Left options of that `A^R` (and symmetrically), until neither applies.
//!
//! So `rcf(^) = rcf(*) = 0`, `rcf(1/2 + ^*) = 1/2`, `rcf({1*|0}) = {1|0}`, and a hot
//! game's long canonical form often reduces to a switch of numbers.

use super::Dyadic;
use super::canonical::{Calculator, Exceeded, Game, Side, keep_undominated};
use super::stops::bottom_up;

/// A subgame's reduced form beside its own stops.
struct Reduced {
    game: Game,
    stops: (Dyadic, Dyadic),
}

impl Calculator {
    /// The reduced canonical form of `g` (Siegel, *Combinatorial Game Theory*, ch. II.6):
    /// the simplest game whose difference from `g` is infinitesimal, with no option
    /// Inf-dominated or Inf-reversible (`G <=Inf H` when `G <= H + x` for every number
    /// `x > 0`, that is when the Right stop of `H - G` is at least 0). Returns it, or
    /// [`Exceeded`] when
    /// the comparisons it needs pass the calculator's limit. Each distinct subgame of
    /// `g` is reduced once, leaves first, with no recursion over `g`; each reduction
    /// compares its options by sums and their stops.
    ///
    /// ```
    /// use hackenbush::game::{Calculator, Game};
    ///
    /// let mut calc = Calculator::new(1_000_000);
    /// let g: Game = "{1*|0}".parse()?;
    /// assert_eq!(calc.reduced(&g)?.to_string(), "{1|0}");
    /// assert_eq!(calc.reduced(&"1/2^*".parse()?)?.to_string(), "1/2");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn reduced(&mut self, g: &Game) -> Result<Game, Exceeded> {
        // A number plus an infinitesimal reduces to the number: no subgame is needed.
        let (left, right) = g.stops();
        if left == right {
            return Ok(Game::number(left));
        }
        let reduced = bottom_up(
            g,
            |x| {
                Ok(Reduced {
                    game: Game::number(x.clone()),
                    stops: (x.clone(), x.clone()),
                })
            },
            |node, left, right| self.reduce(node, left, right),
        )?;
        Ok(reduced.game)
    }

    /// The reduced form of `g`, a game that is not a number, from its options' reduced
    /// forms.
    fn reduce(
        &mut self,
        g: &Game,
        left: &[&Reduced],
        right: &[&Reduced],
    ) -> Result<Reduced, Exceeded> {
        let left_stop = (left.iter()).map(|o| &o.stops.1).max();
        let right_stop = (right.iter()).map(|o| &o.stops.0).min();
        let (Some(left_stop), Some(right_stop)) = (left_stop, right_stop) else {
            unreachable!("a game that is not a number has options on both sides")
        };
        let stops = (left_stop.clone(), right_stop.clone());
        if left_stop == right_stop {
            return Ok(Reduced {
                game: Game::number(left_stop.clone()),
                stops,
            });
        }
        let mut lefts: Vec<Game> = left.iter().map(|o| o.game.clone()).collect();
        let mut rights: Vec<Game> = right.iter().map(|o| o.game.clone()).collect();
        loop {
            self.inf_undominated(&mut lefts, Side::Left)?;
            self.inf_undominated(&mut rights, Side::Right)?;
            let bypassed = self.inf_bypass(&mut lefts, g, Side::Left)?
                || self.inf_bypass(&mut rights, g, Side::Right)?;
            if !bypassed {
                break;
            }
        }
        Ok(Reduced {
            game: self.from_options(lefts, rights)?,
            stops,
        })
    }

    /// Whether `g <=Inf h`: the Right stop of `h - g` is at least 0.
    fn inf_le(&mut self, g: &Game, h: &Game) -> Result<bool, Exceeded> {
        if let (Some(a), Some(b)) = (g.as_number(), h.as_number()) {
            return Ok(a <= b);
        }
        let difference = self.sum(h, &g.negate())?;
        Ok(difference.right_stop().signum() >= 0)
    }

    /// Removes the options of `side` Inf-dominated by another (one of each class of
    /// infinitesimally close options is kept).
    fn inf_undominated(&mut self, options: &mut Vec<Game>, side: Side) -> Result<(), Exceeded> {
        options.dedup();
        keep_undominated(options, side, |g, h| self.inf_le(g, h))
    }

    /// Bypasses the first Inf-reversible option of `side`: a Left option `A` with some
    /// `A^R <=Inf g` is replaced by that `A^R`'s Left options (and symmetrically).
    /// Returns whether it changed anything.
    fn inf_bypass(
        &mut self,
        options: &mut Vec<Game>,
        g: &Game,
        side: Side,
    ) -> Result<bool, Exceeded> {
        for i in 0..options.len() {
            for reply in options[i].options(side.other()) {
                let reverses = match side {
                    Side::Left => self.inf_le(&reply, g)?,
                    Side::Right => self.inf_le(g, &reply)?,
                };
                if reverses {
                    options.swap_remove(i);
                    options.extend(reply.options(side));
                    return Ok(true);
                }
            }
        }
        Ok(false)
    }
}

impl Game {
    /// Its reduced canonical form, with no limit of work: see [`Calculator::reduced`].
    ///
    /// ```
    /// use hackenbush::game::Game;
    ///
    /// let g: Game = "{1^|-1}".parse()?;
    /// assert_eq!(g.reduced_canonical_form()?.to_string(), "±1");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn reduced_canonical_form(&self) -> Result<Game, Exceeded> {
        Calculator::new(u64::MAX).reduced(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn g(text: &str) -> Game {
        text.parse().unwrap()
    }

    #[test]
    fn infinitesimals_are_dropped() {
        for (game, reduced) in [
            ("^", "0"),
            ("^*", "0"),
            ("*2", "0"),
            ("1/2^", "1/2"),
            ("-3v*4", "-3"),
            ("{1|0}", "{1|0}"),
            ("{1*|0}", "{1|0}"),
            ("{1^|-1}", "±1"),
            ("{2||1|0}", "{2||1|0}"),
            ("{2||1*|0}", "{2||1|0}"),
            // {2|0} is Inf-reversible through 0, since the Right stop of G is 0 (but
            // 0 <= G fails: Right wins moving to v), and v is close to 0.
            ("{1,{2|0}|v}", "{1|0}"),
            ("{^|-1,{0|-2}}", "{0|-1}"),
        ] {
            let found = g(game).reduced_canonical_form().unwrap();
            assert_eq!(found, g(reduced), "rcf({game}) = {found}");
        }
    }
}
