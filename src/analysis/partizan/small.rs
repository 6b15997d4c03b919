//! Dyadic numbers in a machine word, for the search of red-blue parts: every red-blue
//! position is a number (Winning Ways ch. 1), and a part of at most 64 edges is worth
//! `m / 2^k` with `k` below its edge count, so its values fit an `i64` over a power of two
//! in all but extreme cases. Each operation checks for overflow and says so
//! ([`Overflow`]); the search then starts the part again on big numbers
//! ([`Game`](crate::game::Game) over [`Dyadic`]).
//!
//! The rules are those of numbers as games (Winning Ways ch. 2; Siegel, *Combinatorial
//! Game Theory*, ch. II.3):
//! - the canonical options of `m/2^k` (`m` odd, `k > 0`) are `(m-1)/2^k` and `(m+1)/2^k`;
//!   of an integer `n > 0` only `n-1` (Left's), of `-n` only `-n+1` (Right's);
//! - the **simplicity theorem**: a game whose options are numbers, every Left option below
//!   every Right option, is the simplest number strictly between the best of each side
//!   (an integer nearest zero if one fits, else the one with the smallest denominator);
//! - a blue edge under `x` (the ordinal sum `1 : x`, Berlekamp's sign-expansion rule) is
//!   `x + 1` for `x >= 0`, and `(x + a + 1) / 2^a` for `x < 0`, where `a` is the number of
//!   `-` signs that open `x`'s sign expansion (`-x` for an integer, `floor(-x) + 1`
//!   otherwise); a red edge is its mirror image.
//!
//! Every operation is O(1) but the simplest number between two bounds, which tries at
//! most 63 denominators.

use std::cmp::Ordering;

use crate::game::{Dyadic, Side};
use crate::syntax::Colour;

/// The largest exponent kept: `i64 << 62` still fits an `i128` for comparisons.
const MAX_EXPONENT: u32 = 62;

/// A number does not fit a machine word.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Overflow;

/// `numerator / 2^exponent`, reduced (the numerator odd unless the exponent is 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) struct Small {
    numerator: i64,
    exponent: u8,
}

impl Small {
    pub(super) const ZERO: Small = Small {
        numerator: 0,
        exponent: 0,
    };

    /// `numerator / 2^exponent` reduced, if it fits.
    fn reduced(numerator: i128, exponent: u32) -> Result<Small, Overflow> {
        let shift = if numerator == 0 {
            exponent
        } else {
            numerator.trailing_zeros().min(exponent)
        };
        let (numerator, exponent) = (numerator >> shift, exponent - shift);
        if exponent > MAX_EXPONENT {
            return Err(Overflow);
        }
        Ok(Small {
            numerator: i64::try_from(numerator).map_err(|_| Overflow)?,
            exponent: exponent as u8,
        })
    }

    /// `numerator / 2^exponent` reduced, for an exponent that fits (at most 62).
    fn reduced_word(numerator: i64, exponent: u8) -> Small {
        if numerator == 0 {
            return Small::ZERO;
        }
        let shift = (numerator.trailing_zeros() as u8).min(exponent);
        Small {
            numerator: numerator >> shift,
            exponent: exponent - shift,
        }
    }

    /// An integer.
    pub(super) fn integer(n: i64) -> Small {
        Small {
            numerator: n,
            exponent: 0,
        }
    }

    /// The numerator over `2^k`, for `k >= exponent` (`k <= 63`).
    fn scaled(self, k: u32) -> i128 {
        i128::from(self.numerator) << (k - u32::from(self.exponent))
    }

    /// Its numerator and exponent, to keep in less room than a `Small` takes.
    pub(super) fn to_parts(self) -> (i64, u8) {
        (self.numerator, self.exponent)
    }

    /// The number of [`Small::to_parts`].
    pub(super) fn from_parts((numerator, exponent): (i64, u8)) -> Small {
        Small {
            numerator,
            exponent,
        }
    }

    /// A total order cheaper than the numeric one (numerator, then exponent: a `Small`
    /// is reduced, so equal numbers are equal here), to choose among listings, never to
    /// compare values.
    pub(super) fn structural_cmp(&self, other: &Small) -> std::cmp::Ordering {
        self.to_parts().cmp(&other.to_parts())
    }

    /// Nearly the number, as a float: to order options by, never to decide.
    pub(super) fn approx(self) -> f64 {
        self.numerator as f64 / (1u64 << self.exponent) as f64
    }

    pub(super) fn is_zero(self) -> bool {
        self.numerator == 0
    }

    /// The same number on words that grow ([`Wide`](super::wide::Wide)).
    pub(super) fn to_wide(self) -> super::wide::Wide {
        super::wide::Wide::new(self.numerator, u64::from(self.exponent))
    }

    /// Adds it into `wide`.
    pub(super) fn add_to(self, wide: &mut super::wide::Wide) {
        wide.add_fraction(self.numerator, u64::from(self.exponent));
    }

    /// The number `x`, if it fits.
    pub(super) fn from_dyadic(x: &Dyadic) -> Option<Small> {
        let numerator = i64::try_from(x.numerator()).ok()?;
        let exponent = u32::try_from(x.exponent()).ok()?;
        Small::reduced(i128::from(numerator), exponent).ok()
    }

    pub(super) fn to_dyadic(self) -> Dyadic {
        Dyadic::from_parts(self.numerator, u64::from(self.exponent))
    }

    pub(super) fn neg(self) -> Result<Small, Overflow> {
        Small::reduced(-i128::from(self.numerator), u32::from(self.exponent))
    }

    pub(super) fn add(self, other: Small) -> Result<Small, Overflow> {
        // Most values hanging at a vertex meet nothing else there.
        if other.numerator == 0 {
            return Ok(self);
        }
        if self.numerator == 0 {
            return Ok(other);
        }
        let k = self.exponent.max(other.exponent);
        // On one machine word when both numerators over 2^k, and their sum, fit one (most
        // often: they have a denominator in common).
        let scaled = |x: Small| {
            let shift = u32::from(k - x.exponent);
            let y = x.numerator << shift;
            (y >> shift == x.numerator).then_some(y)
        };
        if let (Some(a), Some(b)) = (scaled(self), scaled(other))
            && let Some(sum) = a.checked_add(b)
        {
            return Ok(Small::reduced_word(sum, k));
        }
        let k = u32::from(k);
        Small::reduced(self.scaled(k) + other.scaled(k), k)
    }

    /// Its canonical option for `side`, if it has one.
    pub(super) fn option(self, side: Side) -> Option<Small> {
        let step = match side {
            Side::Left => -1,
            Side::Right => 1,
        };
        let has = self.exponent > 0
            || match side {
                Side::Left => self.numerator > 0,
                Side::Right => self.numerator < 0,
            };
        // A neighbour of an odd numerator is even: reducing never overflows.
        has.then(|| {
            Small::reduced(i128::from(self.numerator) + step, u32::from(self.exponent))
                .expect("a neighbour is no larger")
        })
    }

    /// The edge of `colour` (blue or red) under `self`: Berlekamp's rule.
    pub(super) fn under(self, colour: Colour) -> Result<Small, Overflow> {
        match colour {
            Colour::Blue => self.under_edge(1),
            Colour::Red => self.under_edge(-1),
            Colour::Green => unreachable!("a green edge is not a number"),
        }
    }

    /// `self` on top of a blue edge (`sign` 1) or a red one (`sign` -1), the red case the
    /// blue one's mirror image, without negating twice. For blue: `x + 1` for `x >= 0`,
    /// else `(x + a + 1) / 2^a` with `a` the number of `-` signs that open `x`'s sign
    /// expansion (`-x` for an integer, `floor(-x) + 1` otherwise).
    fn under_edge(self, sign: i64) -> Result<Small, Overflow> {
        // `x * sign`, the number as Left sees it on her edge; `i64::MIN` has no mirror.
        let toward = self.numerator.checked_mul(sign).ok_or(Overflow)?;
        if toward >= 0 {
            return self.add(Small::integer(sign));
        }
        let e = u32::from(self.exponent);
        let away = toward.checked_neg().ok_or(Overflow)?;
        let a = if e == 0 { away } else { (away >> e) + 1 };
        let a = u32::try_from(a)
            .ok()
            .filter(|&a| a <= MAX_EXPONENT - e)
            .ok_or(Overflow)?;
        // (x + sign (a + 1)) / 2^a; (a + 1) * 2^e is at most 2^62 (a >= 1, a + e <= 62),
        // and x is of the other sign.
        let numerator = self.numerator + sign * (i64::from(a + 1) << e);
        Ok(Small::reduced_word(numerator, (e + a) as u8))
    }

    /// The simplest number strictly between `low` and `high` (`None`: no bound), which
    /// must have `low < high`; Overflow when it needs a denominator beyond 2^62.
    ///
    /// **Lemma** (what a windowed search of red-blue blocks relies on, tried in
    /// `c066949` and measured in `docs/performance.md`): `s(a, b)` is
    /// non-decreasing in `a` and in `b` (`None` as `-inf` for `a`, `+inf` for `b`).
    /// *Proof.* Let `a <= a' < b`, `x = s(a, b)`, `x' = s(a', b)`. If `x > a'`, then `x`
    /// is in `(a', b)`, a part of `(a, b)`, and the simplest number of the larger
    /// interval is the simplest of any part of it that holds it: `x' = x`. Otherwise
    /// `x <= a' < x'`. The other end is the mirror image (`s(a, b) = -s(-b, -a)`).
    /// Tested on every pair of a grid of dyadics (`simplest_between_is_monotone`).
    pub(super) fn simplest_between(
        low: Option<Small>,
        high: Option<Small>,
    ) -> Result<Small, Overflow> {
        let below_zero = low.is_none_or(|l| l.numerator < 0);
        let above_zero = high.is_none_or(|h| h.numerator > 0);
        if below_zero && above_zero {
            return Ok(Small::ZERO);
        }
        if !above_zero {
            // All of it below zero: mirror it.
            let mirror = |x: Option<Small>| x.map(Small::neg).transpose();
            return Small::simplest_between(mirror(high)?, mirror(low)?)?.neg();
        }
        let l = low.expect("a low end at or above zero");
        let below_high = |x: Small| high.is_none_or(|h| x < h);
        let first = Small::integer((l.numerator >> l.exponent) + 1);
        if below_high(first) {
            return Ok(first);
        }
        // The multiple of 2^-k just above `low`, for k = 1, 2, ...: the first below
        // `high` has the smallest denominator.
        let e = u32::from(l.exponent);
        for k in 1..=MAX_EXPONENT + 1 {
            let floor = if k < e {
                i128::from(l.numerator) >> (e - k)
            } else {
                l.scaled(k)
            };
            let x = Small::reduced(floor + 1, k)?;
            if below_high(x) {
                return Ok(x);
            }
        }
        Err(Overflow)
    }
}

impl Ord for Small {
    fn cmp(&self, other: &Small) -> Ordering {
        let k = u32::from(self.exponent.max(other.exponent));
        self.scaled(k).cmp(&other.scaled(k))
    }
}

impl PartialOrd for Small {
    fn partial_cmp(&self, other: &Small) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Calculator, Game};

    /// `got` is `want`, or overflowed because `want` does not fit a machine word.
    fn assert_same(got: Result<Small, Overflow>, want: Dyadic) {
        match got {
            Ok(got) => assert_eq!(got.to_dyadic(), want),
            Err(Overflow) => {
                let fits = i64::try_from(want.numerator()).is_ok();
                assert!(want.exponent() > 62 || !fits, "{want}");
            }
        }
    }

    fn all_small() -> Vec<Small> {
        let mut all = Vec::new();
        for exponent in 0..5u32 {
            for numerator in -40i128..=40 {
                all.push(Small::reduced(numerator, exponent).unwrap());
            }
        }
        all.push(Small::reduced(i128::from(i64::MAX), 62).unwrap());
        all.push(Small::reduced(-3, 62).unwrap());
        all.push(Small::integer(1 << 40));
        all
    }

    /// The lemma of [`Small::simplest_between`], by brute force: for every `a <= a'`
    /// and `b <= b'` (ends infinite included) with `a' < b`, the simplest number in
    /// `(a, b)` is at most the simplest in `(a', b)` and in `(a, b')`.
    #[test]
    fn simplest_between_is_monotone() {
        let mut ends: Vec<Option<Small>> = vec![None];
        for exponent in 0..4u32 {
            for numerator in -20i128..=20 {
                ends.push(Some(Small::reduced(numerator, exponent).unwrap()));
            }
        }
        let below = |a: Option<Small>, b: Option<Small>| match (a, b) {
            (Some(a), Some(b)) => a < b,
            _ => true,
        };
        // `None` as a low end is -inf, as a high end +inf.
        let low_le = |a: Option<Small>, b: Option<Small>| match (a, b) {
            (None, _) => true,
            (Some(_), None) => false,
            (Some(a), Some(b)) => a <= b,
        };
        let high_le = |a: Option<Small>, b: Option<Small>| match (a, b) {
            (_, None) => true,
            (None, Some(_)) => false,
            (Some(a), Some(b)) => a <= b,
        };
        let mut checked = 0;
        for &a in &ends {
            for &b in &ends {
                if !below(a, b) {
                    continue;
                }
                let x = Small::simplest_between(a, b).unwrap();
                assert!(a.is_none_or(|a| a < x) && b.is_none_or(|b| x < b));
                for &other in &ends {
                    if low_le(a, other) && below(other, b) {
                        let y = Small::simplest_between(other, b).unwrap();
                        assert!(x <= y, "s({a:?}, {b:?}) > s({other:?}, {b:?})");
                        checked += 1;
                    }
                    if high_le(b, other) && below(a, other) {
                        let y = Small::simplest_between(a, other).unwrap();
                        assert!(x <= y, "s({a:?}, {b:?}) > s({a:?}, {other:?})");
                        checked += 1;
                    }
                }
            }
        }
        assert!(checked > 1_000_000, "{checked} pairs");
    }

    /// Sums, comparisons, options, edges under a number and the simplest number between
    /// two give what big dyadics and canonical games give.
    #[test]
    fn small_numbers_follow_big_ones() {
        let mut calc = Calculator::new(u64::MAX);
        let all = all_small();
        for &x in &all {
            let big = x.to_dyadic();
            let (l, r) = big.options();
            assert_eq!(x.option(Side::Left).map(Small::to_dyadic), l, "{x:?}");
            assert_eq!(x.option(Side::Right).map(Small::to_dyadic), r, "{x:?}");
            for colour in [Colour::Blue, Colour::Red] {
                let edge = super::super::edge_game(colour);
                let want = calc.ordinal_sum(&edge, &Game::number(big.clone())).unwrap();
                match x.under(colour) {
                    Ok(got) => assert_eq!(Game::number(got.to_dyadic()), want, "{x:?}"),
                    Err(Overflow) => assert_same(Err(Overflow), want.as_number().unwrap().clone()),
                }
            }
            for &y in &all {
                assert_eq!(x.cmp(&y), big.cmp(&y.to_dyadic()), "{x:?} {y:?}");
                if let Ok(s) = x.add(y) {
                    assert_eq!(s.to_dyadic(), &big + &y.to_dyadic());
                }
                if x < y {
                    let (bx, by) = (big.clone(), y.to_dyadic());
                    let want = Dyadic::simplest_between(Some((&bx, false)), Some((&by, false)));
                    let got = Small::simplest_between(Some(x), Some(y));
                    assert_same(got, want.unwrap());
                }
            }
            let want = Dyadic::simplest_between(Some((&big, false)), None);
            assert_same(Small::simplest_between(Some(x), None), want.unwrap());
            let want = Dyadic::simplest_between(None, Some((&big, false)));
            assert_same(Small::simplest_between(None, Some(x)), want.unwrap());
        }
    }
}
