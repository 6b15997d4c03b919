//! Dyadic numbers of any size for the red-blue tree recursion
//! ([`RedBlueTree`](super::RedBlueTree)), changed in place so that an edge costs O(1)
//! word operations along a path however long its value has grown.
//!
//! A value is `M / 2^exp`, `M` a two's-complement integer in little-endian 64-bit words
//! whose last word is all sign (0 or all ones), not reduced. Berlekamp's rule for a blue
//! edge under `x` ([`Dyadic::under`](crate::game::Dyadic::under)) is `x + 1` for `x >= 0`,
//! else `(x + n + 1) / 2^n` with `n = -floor(x)`: both add a small integer at bit `exp`
//! of `M` (the integer part, in the last words) and the second raises `exp` by `n`, which
//! moves no bit of `M`. Only the last few words change, so an edge costs O(1) word
//! operations (and a word pushed now and then as the value grows), where a reduced big
//! number costs O(its size): an alternating path of `d` edges is `O(d)` here, `O(d^2)`
//! there. A red edge is the mirror image, `x - 1` for `x <= 0`, else `(x - n - 1) / 2^n`
//! with `n = ceil(x)`; whether `x` has a fraction is read off the lowest set bit of `M`,
//! kept up to date by every operation (the bits below the ones an operation writes do not
//! change).
//!
//! A sum adds the number with the smaller `exp` (shifted up to the other's) into the one
//! with the larger, whose buffer is kept: its words above the other's are those of the
//! integer part, so the cost is linear in the smaller number (plus a carry through the
//! last words). Values of a tree of `E` edges are below `E` in absolute value, so the
//! integer part is a few words at most and `floor` reads one machine word.
//!
//! Held against [`Dyadic::under`](crate::game::Dyadic::under) and the sums of
//! [`Dyadic`] in the tests below, on random values and on every stalk of up to 12 edges.

use crate::game::{BigInt, Dyadic};
use crate::syntax::Colour;

/// `M / 2^exp`: see the [module](self). Zero has no words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Wide {
    /// `M`, little-endian, the last word all sign; empty for zero.
    words: Vec<u64>,
    exp: u64,
    /// The lowest set bit of `M`; `u64::MAX` for zero.
    lowest: u64,
}

impl Default for Wide {
    fn default() -> Self {
        Wide::ZERO
    }
}

impl Wide {
    pub(super) const ZERO: Wide = Wide {
        words: Vec::new(),
        exp: 0,
        lowest: u64::MAX,
    };

    /// `numerator / 2^exp`.
    pub(super) fn new(numerator: i64, exp: u64) -> Wide {
        if numerator == 0 {
            return Wide::ZERO;
        }
        let sign = if numerator < 0 { u64::MAX } else { 0 };
        Wide {
            words: vec![numerator as u64, sign],
            exp,
            lowest: u64::from(numerator.trailing_zeros()),
        }
    }

    /// The last word: all sign.
    fn sign(&self) -> u64 {
        self.words.last().copied().unwrap_or(0)
    }

    /// Whether it has a fraction: some bit of `M` below `exp` is set.
    fn has_fraction(&self) -> bool {
        self.lowest < self.exp
    }

    /// The words of `M` from word `exp / 64` up, as one `i128`: they are the integer part
    /// and the fraction's highest bits, two words and the sign above them (values are
    /// below 2^62). Makes sure the two words and a sign word are there.
    #[inline(always)]
    fn top(&mut self) -> i128 {
        let at = (self.exp / 64) as usize;
        if self.words.len() < at + 3 {
            let own = self.sign();
            self.words.resize(at + 3, own);
        }
        (u128::from(self.words[at]) | u128::from(self.words[at + 1]) << 64) as i128
    }

    /// `M += k * 2^exp`, given `top` as [`Wide::top`] read it: one `i128` addition on
    /// the two words. (Inlined: it is most of an edge under a big value.)
    #[inline(always)]
    fn add_integer(&mut self, top: i128, k: i64) {
        let (at, bit) = ((self.exp / 64) as usize, (self.exp % 64) as u32);
        let sum = top + (i128::from(k) << bit);
        self.words[at] = sum as u64;
        self.words[at + 1] = (sum >> 64) as u64;
        // The words above are all sign: one is enough.
        self.words.truncate(at + 3);
        self.words[at + 2] = (sum >> 127) as u64;
        // The bits below word `at` did not change.
        if self.lowest >= 64 * at as u64 {
            if sum == 0 {
                *self = Wide::ZERO;
            } else {
                self.lowest = 64 * at as u64 + u64::from(sum.trailing_zeros());
            }
        }
    }

    /// Adds to `M` the number whose words are `source` (sign-extended by `sign`) times
    /// `2^(64 at)`; both numbers must fit their words with a sign word to spare.
    fn add_at(&mut self, at: usize, source: impl ExactSizeIterator<Item = u64>, sign: u64) {
        let need = at + source.len() + 1;
        if self.words.len() < need {
            let own = self.sign();
            self.words.resize(need, own);
        }
        let mut carry = false;
        let mut i = at;
        for s in source {
            (self.words[i], carry) = add_with_carry(self.words[i], s, carry);
            i += 1;
        }
        // Above the source: its sign plus the carry, until they change nothing more
        // (0 without a carry, or all ones with one, leave every word as it is).
        while i < self.words.len() && !(sign == 0 && !carry || sign == u64::MAX && carry) {
            (self.words[i], carry) = add_with_carry(self.words[i], sign, carry);
            i += 1;
        }
        let top = self.sign();
        if top != 0 && top != u64::MAX {
            self.words.push(if (top as i64) < 0 { u64::MAX } else { 0 });
        }
        // The bits below word `at` did not change.
        if self.lowest >= 64 * at as u64 {
            self.lowest = match self.words[at..].iter().position(|&w| w != 0) {
                Some(i) => 64 * (at + i) as u64 + u64::from(self.words[at + i].trailing_zeros()),
                None => u64::MAX,
            };
            if self.lowest == u64::MAX {
                *self = Wide::ZERO;
            }
        }
    }

    /// The edge of `colour` (blue or red) under it: Berlekamp's rule, in place.
    pub(super) fn under(&mut self, colour: Colour) {
        let top = self.top();
        // floor(M / 2^exp): the two words' integer part (an arithmetic shift floors).
        let floor = (top >> (self.exp % 64)) as i64;
        match colour {
            Colour::Blue => {
                if floor >= 0 {
                    self.add_integer(top, 1);
                } else {
                    self.add_integer(top, 1 - floor);
                    self.exp += floor.unsigned_abs();
                }
            }
            Colour::Red => {
                let ceil = floor + i64::from(self.has_fraction());
                if ceil <= 0 {
                    self.add_integer(top, -1);
                } else {
                    self.add_integer(top, -1 - ceil);
                    self.exp += ceil.unsigned_abs();
                }
            }
            Colour::Green => unreachable!("a green edge is not a number"),
        }
    }

    /// Adds `other` in: into whichever buffer has the larger `exp`, the other shifted up.
    pub(super) fn add(&mut self, mut other: Wide) {
        if other.words.is_empty() {
            return;
        }
        if self.words.is_empty() {
            *self = other;
            return;
        }
        if (other.exp, other.words.len()) > (self.exp, self.words.len()) {
            std::mem::swap(self, &mut other);
        }
        self.add_below(&other.words, other.exp);
    }

    /// Adds `numerator / 2^exp` in; with no buffer of its own when `exp` is at most
    /// this number's (a value in a machine word added into one past it).
    pub(super) fn add_fraction(&mut self, numerator: i64, exp: u64) {
        if numerator == 0 {
            return;
        }
        if self.words.is_empty() || exp > self.exp {
            self.add(Wide::new(numerator, exp));
            return;
        }
        let sign = if numerator < 0 { u64::MAX } else { 0 };
        self.add_below(&[numerator as u64, sign], exp);
    }

    /// Adds the number `words` (as `M`, the last word all sign) over `2^exp`, for `exp`
    /// at most this number's: shifted up to this one's `exp`.
    fn add_below(&mut self, words: &[u64], exp: u64) {
        let shift = self.exp - exp;
        let (at, bit) = ((shift / 64) as usize, (shift % 64) as u32);
        let sign = words.last().copied().unwrap_or(0);
        let word = |i: usize| words.get(i).copied().unwrap_or(sign);
        let shifted = (0..words.len() + 1).map(|i| {
            let low = word(i) << bit;
            let carried = if bit == 0 || i == 0 {
                0
            } else {
                word(i - 1) >> (64 - bit)
            };
            low | carried
        });
        self.add_at(at, shifted, sign);
    }

    /// The same number as a reduced [`Dyadic`].
    pub(super) fn to_dyadic(&self) -> Dyadic {
        let bytes: Vec<u8> = self.words.iter().flat_map(|w| w.to_le_bytes()).collect();
        Dyadic::from_parts(BigInt::from_signed_bytes_le(&bytes), self.exp)
    }
}

/// `a + b + carry` on words, and the carry out.
fn add_with_carry(a: u64, b: u64, carry: bool) -> (u64, bool) {
    let (sum, first) = a.overflowing_add(b);
    let (sum, second) = sum.overflowing_add(u64::from(carry));
    (sum, first || second)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Side;
    use crate::rng::Rng;
    use Colour::{Blue, Red};

    fn side(colour: Colour) -> Side {
        match colour {
            Blue => Side::Left,
            _ => Side::Right,
        }
    }

    /// Every stalk of up to 12 edges, each colouring, valued from the top down in place,
    /// is the value of `Dyadic::under` applied as often: the rule at every step.
    #[test]
    fn every_small_stalk_is_berlekamps_rule() {
        for len in 0..=12u32 {
            for bits in 0..1u32 << len {
                let mut wide = Wide::ZERO;
                let mut dyadic = Dyadic::zero();
                for i in 0..len {
                    let colour = if bits >> i & 1 == 1 { Blue } else { Red };
                    wide.under(colour);
                    dyadic = dyadic.under(side(colour)).unwrap();
                    assert_eq!(wide.to_dyadic(), dyadic, "{len} edges, colours {bits:b}");
                }
            }
        }
    }

    /// A random value: a random stalk above an integer, and its mirror image (the
    /// colours swapped, the integer negated), worth its negative.
    fn random(rng: &mut Rng) -> (Wide, Wide, Dyadic) {
        let start = rng.below(9) as i64 - 4;
        let (mut wide, mut mirror) = (Wide::new(start, 0), Wide::new(-start, 0));
        let mut dyadic = Dyadic::from(start);
        for _ in 0..rng.below(300) {
            let (colour, swapped) = if rng.below(2) == 0 {
                (Blue, Red)
            } else {
                (Red, Blue)
            };
            wide.under(colour);
            mirror.under(swapped);
            dyadic = dyadic.under(side(colour)).unwrap();
        }
        (wide, mirror, dyadic)
    }

    /// Random values, far beyond a machine word, added in either order and then stood
    /// on by edges again, are the sums of the same [`Dyadic`]s; a value and its mirror
    /// image add up to zero.
    #[test]
    fn sums_of_random_values_are_the_dyadic_sums() {
        let mut rng = Rng::stream(31, 0);
        for round in 0..400 {
            let (a, mirror, x) = random(&mut rng);
            let (b, _, y) = random(&mut rng);
            for (mut sum, other) in [(a.clone(), b.clone()), (b.clone(), a.clone())] {
                sum.add(other);
                let want = &x + &y;
                assert_eq!(sum.to_dyadic(), want, "round {round}");
                sum.under(Red);
                sum.under(Blue);
                let want = want.under(Side::Right).unwrap().under(Side::Left).unwrap();
                assert_eq!(sum.to_dyadic(), want, "round {round}, above the sum");
            }
            let mut zero = a.clone();
            zero.add(mirror);
            assert_eq!(zero, Wide::ZERO, "round {round}");
        }
    }

    #[test]
    fn integers_and_halves() {
        let mut x = Wide::new(-3, 0);
        x.under(Blue); // (-3 + 3 + 1) / 2^3
        assert_eq!(x.to_dyadic(), Dyadic::from_parts(1, 3));
        x.under(Red); // (1/8 - 1 - 1) / 2
        assert_eq!(x.to_dyadic(), Dyadic::from_parts(-15, 4));
        let mut y = Wide::new(15, 4);
        y.add(x);
        assert_eq!(y, Wide::ZERO);
    }
}
