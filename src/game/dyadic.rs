//! Exact dyadic rationals `m / 2^k` of any size: the numbers of short games.
//!
//! Every number a finite game is worth is dyadic, and red-blue Hackenbush reaches them all:
//! a stalk of 10^5 alternating edges is worth a fraction whose denominator has 10^5 bits,
//! which no floating point holds. A [`Dyadic`] is a big integer numerator over a power of
//! two, kept in lowest terms (odd numerator, or exponent 0), so that equal numbers are
//! equal values and hash alike.

use std::cmp::Ordering;
use std::fmt;
use std::ops::{Add, Neg, Sub};

use num_bigint::BigInt;
use num_traits::{One, Signed, ToPrimitive, Zero};

use super::Side;

/// The dyadic rational `numerator / 2^exponent`, in lowest terms. Written and read as
/// CGSuite writes numbers (`3`, `-5/8`); added, subtracted and negated with `+`, `-`, by
/// value or by reference.
///
/// ```
/// use hackenbush::game::Dyadic;
///
/// let half = Dyadic::from_parts(1, 1); // 1 / 2^1
/// assert_eq!((&half + &Dyadic::from_parts(1, 2)).to_string(), "3/4");
/// assert_eq!(half.clone() + half.clone(), Dyadic::from(1));
/// assert_eq!(-&half - half, "-1".parse()?);
/// assert!(Dyadic::from(-1) < Dyadic::zero());
/// # Ok::<(), hackenbush::game::ParseError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Dyadic {
    numerator: BigInt,
    exponent: u64,
}

impl Dyadic {
    /// `numerator / 2^exponent`, reduced: `from_parts(3, 2)` is `3/4`.
    ///
    /// ```
    /// use hackenbush::game::{BigInt, Dyadic};
    ///
    /// assert_eq!(Dyadic::from_parts(3, 2).to_string(), "3/4");
    /// assert_eq!(Dyadic::from_parts(6, 3).to_string(), "3/4");
    /// let tiny = Dyadic::from_parts(BigInt::from(1), 100);
    /// assert_eq!(tiny.exponent(), 100);
    /// ```
    pub fn from_parts(numerator: impl Into<BigInt>, exponent: u64) -> Dyadic {
        Dyadic::reduced(numerator.into(), exponent)
    }

    /// `numerator / 2^exponent`, reduced: `new(3, 2)` is `3/4`, not `3/2`.
    #[deprecated(
        note = "`new(3, 2)` is 3/4, which reads as 3/2: use `Dyadic::from_parts(numerator, \
                exponent)`, the same number `numerator / 2^exponent` under a name that says so"
    )]
    pub fn new(numerator: impl Into<BigInt>, exponent: u64) -> Dyadic {
        Dyadic::from_parts(numerator, exponent)
    }

    /// Zero.
    pub fn zero() -> Dyadic {
        Dyadic::from(0)
    }

    fn reduced(mut numerator: BigInt, mut exponent: u64) -> Dyadic {
        if numerator.is_zero() {
            exponent = 0;
        } else if exponent > 0 {
            let shift = numerator.trailing_zeros().unwrap_or(0).min(exponent);
            numerator >>= shift;
            exponent -= shift;
        }
        Dyadic {
            numerator,
            exponent,
        }
    }

    /// The numerator in lowest terms (odd unless the number is an integer).
    pub fn numerator(&self) -> &BigInt {
        &self.numerator
    }

    /// `k` of the denominator `2^k` in lowest terms: 0 for an integer.
    pub fn exponent(&self) -> u64 {
        self.exponent
    }

    /// Whether it is an integer.
    pub fn is_integer(&self) -> bool {
        self.exponent == 0
    }

    /// Whether it is zero.
    pub fn is_zero(&self) -> bool {
        self.numerator.is_zero()
    }

    /// Its sign: -1, 0 or 1.
    pub fn signum(&self) -> i32 {
        match self.numerator.sign() {
            num_bigint::Sign::Minus => -1,
            num_bigint::Sign::NoSign => 0,
            num_bigint::Sign::Plus => 1,
        }
    }

    /// The largest integer not above it.
    pub fn floor(&self) -> BigInt {
        // An arithmetic shift rounds toward minus infinity.
        &self.numerator >> self.exponent
    }

    /// The numerator over `2^exponent`, for an `exponent` at least its own.
    fn scaled(&self, exponent: u64) -> BigInt {
        &self.numerator << (exponent - self.exponent)
    }

    /// Both numbers over the common denominator `2^k`, as machine integers, when they fit:
    /// numerators of 64 bits shifted by at most 62 (the sum of two stays below 2^127).
    /// Most numbers a search meets are this small, and big integers allocate.
    fn small_pair(&self, other: &Dyadic, k: u64) -> Option<(i128, i128)> {
        let (a, b) = (self.numerator.to_i64()?, other.numerator.to_i64()?);
        let (sa, sb) = (k - self.exponent, k - other.exponent);
        (sa <= 62 && sb <= 62).then(|| (i128::from(a) << sa, i128::from(b) << sb))
    }

    /// It divided by `2^n`.
    pub fn halved(&self, n: u64) -> Dyadic {
        Dyadic::reduced(self.numerator.clone(), self.exponent + n)
    }

    /// Its two options in canonical form, Left's and Right's (Winning Ways ch. 2): an
    /// integer `n > 0` is `{n-1 | }`, `-n` is `{ | -n+1}`, 0 is `{ | }`, and `m/2^k`
    /// (`m` odd, `k > 0`) is `{(m-1)/2^k | (m+1)/2^k}`.
    pub fn options(&self) -> (Option<Dyadic>, Option<Dyadic>) {
        if self.exponent > 0 {
            let left = Dyadic::reduced(&self.numerator - 1, self.exponent);
            let right = Dyadic::reduced(&self.numerator + 1, self.exponent);
            return (Some(left), Some(right));
        }
        match self.signum() {
            1 => (Some(Dyadic::reduced(&self.numerator - 1, 0)), None),
            -1 => (None, Some(Dyadic::reduced(&self.numerator + 1, 0))),
            _ => (None, None),
        }
    }

    /// The edge of `side`'s colour (Left's blue, Right's red) under a red-blue position
    /// worth `self`: the ordinal sum `1 : x` or `-1 : x` (Berlekamp's rule, Winning Ways
    /// ch. 2). `1 : x` is `x + 1` for `x >= 0`, and for `x < 0`, with `n = -floor(x)`,
    /// `(1 + x + n) / 2^n`: Left's move keeps 0, Right's are `1 : x^R`, and that is the
    /// simplest number between. `-1 : x` is `-(1 : -x)`. `None` for an `x` beyond
    /// `-2^64` (`2^64` for red), whose result has no exponent. A few big-integer
    /// operations, linear in the size of `x`.
    ///
    /// ```
    /// use hackenbush::game::{Dyadic, Side};
    ///
    /// // A blue edge under a red one is 1/2; under 1/2, 3/2.
    /// let half = Dyadic::from(-1).under(Side::Left).unwrap();
    /// assert_eq!(half.to_string(), "1/2");
    /// assert_eq!(half.under(Side::Left).unwrap().to_string(), "3/2");
    /// assert_eq!(half.under(Side::Right).unwrap().to_string(), "-3/4");
    /// ```
    pub fn under(&self, side: Side) -> Option<Dyadic> {
        match side {
            Side::Left => self.blue_under(),
            Side::Right => (-self).blue_under().map(|v| -v),
        }
    }

    fn blue_under(&self) -> Option<Dyadic> {
        if self.signum() >= 0 {
            return Some(self + &Dyadic::from(1));
        }
        let floor = self.floor();
        let n = u64::try_from(-&floor).ok()?;
        let shifted = self + &Dyadic::from_parts(-floor + 1, 0);
        Some(shifted.halved(n))
    }

    /// Its birthday: the day it is born on, the number of edges of the red-blue stalk
    /// worth it (an integer `n` is born on day `|n|`, `m/2^k` on day `floor|x| + 1 + k`).
    /// Saturates at `u64::MAX`.
    pub fn birthday(&self) -> u64 {
        let whole = self.numerator.abs() >> self.exponent;
        let whole = u64::try_from(whole).unwrap_or(u64::MAX);
        if self.exponent == 0 {
            whole
        } else {
            whole.saturating_add(1).saturating_add(self.exponent)
        }
    }

    /// The simplest number (the one born first) strictly above `low` and strictly below
    /// `high`, where `None` is no bound and a bound marked `true` is itself allowed; `None`
    /// if there is none. The simplicity rule of Winning Ways ch. 2: an integer if one fits
    /// (the one nearest zero), else the fraction with the smallest denominator.
    pub fn simplest_between(
        low: Option<(&Dyadic, bool)>,
        high: Option<(&Dyadic, bool)>,
    ) -> Option<Dyadic> {
        if let (Some((l, l_in)), Some((h, h_in))) = (low, high) {
            match l.cmp(h) {
                Ordering::Greater => return None,
                Ordering::Equal if !(l_in && h_in) => return None,
                _ => {}
            }
        }
        let above_low = |x: &Dyadic| low.is_none_or(|(l, inc)| x > l || (inc && x == l));
        let below_high = |x: &Dyadic| high.is_none_or(|(h, inc)| x < h || (inc && x == h));
        let zero = Dyadic::zero();
        if above_low(&zero) && below_high(&zero) {
            return Some(zero);
        }
        // The interval is on one side of zero: mirror it to the positive side.
        if high.is_some_and(|(h, inc)| h.signum() < 0 || (h.is_zero() && !inc)) {
            let neg = |b: Option<(&Dyadic, bool)>| b.map(|(x, inc)| (-x.clone(), inc));
            let (nl, nh) = (neg(high), neg(low));
            let mirrored = Dyadic::simplest_between(
                nl.as_ref().map(|(x, i)| (x, *i)),
                nh.as_ref().map(|(x, i)| (x, *i)),
            )?;
            return Some(-mirrored);
        }
        let (l, l_in) = low.expect("an interval missing zero on its positive side has a low end");
        // The smallest integer in the interval, if any, is the simplest.
        let floor = l.floor();
        let first = if l_in && l.is_integer() {
            floor
        } else {
            floor + 1
        };
        let first = Dyadic::from_parts(first, 0);
        if below_high(&first) {
            return Some(first);
        }
        // No integer fits: within one unit interval, scale both ends to integers over
        // 2^k, with k one more than either end needs (the midpoint then fits), and take
        // the integer with the most trailing zeros between them.
        let (h, h_in) = high.expect("a bounded interval without integers");
        let k = l.exponent.max(h.exponent) + 1;
        let lo = l.scaled(k) + u8::from(!l_in);
        let hi = h.scaled(k) - u8::from(!h_in);
        // Above the highest bit `p` where the ends differ they agree: the low end if it is
        // zero from bit `p` down, else the high end with the bits below `p` cleared.
        let differing = (&lo ^ &hi).bits();
        let best = if differing == 0 || lo.trailing_zeros().is_none_or(|z| z >= differing) {
            lo
        } else {
            (hi >> (differing - 1)) << (differing - 1)
        };
        Some(Dyadic::reduced(best, k))
    }
}

impl From<i64> for Dyadic {
    fn from(n: i64) -> Dyadic {
        Dyadic {
            numerator: BigInt::from(n),
            exponent: 0,
        }
    }
}

impl Ord for Dyadic {
    fn cmp(&self, other: &Dyadic) -> Ordering {
        let k = self.exponent.max(other.exponent);
        if self.exponent == other.exponent {
            return self.numerator.cmp(&other.numerator);
        }
        if let Some((a, b)) = self.small_pair(other, k) {
            return a.cmp(&b);
        }
        self.scaled(k).cmp(&other.scaled(k))
    }
}

impl PartialOrd for Dyadic {
    fn partial_cmp(&self, other: &Dyadic) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Add for &Dyadic {
    type Output = Dyadic;
    fn add(self, other: &Dyadic) -> Dyadic {
        let k = self.exponent.max(other.exponent);
        if let Some((a, b)) = self.small_pair(other, k) {
            let sum = a + b;
            if sum == 0 {
                return Dyadic::zero();
            }
            let shift = u64::from(sum.trailing_zeros()).min(k);
            return Dyadic {
                numerator: BigInt::from(sum >> shift),
                exponent: k - shift,
            };
        }
        Dyadic::reduced(self.scaled(k) + other.scaled(k), k)
    }
}

impl Sub for &Dyadic {
    type Output = Dyadic;
    fn sub(self, other: &Dyadic) -> Dyadic {
        self + &-other
    }
}

/// `+` and `-` by value, and with one side by reference, through the by-reference impl.
macro_rules! by_value {
    ($($trait:ident $method:ident),*) => {$(
        impl $trait for Dyadic {
            type Output = Dyadic;
            fn $method(self, other: Dyadic) -> Dyadic {
                (&self).$method(&other)
            }
        }

        impl $trait<&Dyadic> for Dyadic {
            type Output = Dyadic;
            fn $method(self, other: &Dyadic) -> Dyadic {
                (&self).$method(other)
            }
        }

        impl $trait<Dyadic> for &Dyadic {
            type Output = Dyadic;
            fn $method(self, other: Dyadic) -> Dyadic {
                self.$method(&other)
            }
        }
    )*};
}

by_value!(Add add, Sub sub);

impl Neg for Dyadic {
    type Output = Dyadic;
    fn neg(self) -> Dyadic {
        Dyadic {
            numerator: -self.numerator,
            exponent: self.exponent,
        }
    }
}

impl Neg for &Dyadic {
    type Output = Dyadic;
    fn neg(self) -> Dyadic {
        Dyadic {
            numerator: -&self.numerator,
            exponent: self.exponent,
        }
    }
}

/// `n` for an integer, `p/q` in lowest terms otherwise, as CGSuite writes numbers.
impl fmt::Display for Dyadic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.exponent == 0 {
            write!(f, "{}", self.numerator)
        } else {
            write!(f, "{}/{}", self.numerator, BigInt::one() << self.exponent)
        }
    }
}

impl Dyadic {
    /// Whether it is odd, as an integer (for tests of the reduction).
    #[cfg(test)]
    fn numerator_is_odd(&self) -> bool {
        self.numerator.bit(0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The machine-integer path of `+` and `cmp` gives what big integers give, at the
    /// edges of where it applies (64-bit numerators, shifts around 62).
    #[test]
    fn small_numbers_add_and_compare_as_big_ones() {
        let numerators = [
            0i64,
            1,
            -1,
            3,
            -7,
            i64::MAX,
            i64::MIN,
            i64::MAX - 1,
            1 << 40,
        ];
        let exponents = [0u64, 1, 5, 61, 62, 63, 64, 100];
        for &a in &numerators {
            for &b in &numerators {
                for &ea in &exponents {
                    for &eb in &exponents {
                        let (x, y) = (Dyadic::from_parts(a, ea), Dyadic::from_parts(b, eb));
                        let k = x.exponent.max(y.exponent);
                        let big = Dyadic::reduced(x.scaled(k) + y.scaled(k), k);
                        assert_eq!(&x + &y, big, "{x} + {y}");
                        assert_eq!(x.cmp(&y), x.scaled(k).cmp(&y.scaled(k)), "{x} vs {y}");
                    }
                }
            }
        }
    }

    fn d(n: i64, k: u64) -> Dyadic {
        Dyadic::from_parts(n, k)
    }

    #[test]
    fn numbers_are_kept_in_lowest_terms() {
        assert_eq!(d(6, 2), d(3, 1));
        assert_eq!(d(8, 3), Dyadic::from(1));
        assert_eq!(d(0, 5), Dyadic::zero());
        assert!(d(6, 2).numerator_is_odd());
        assert_eq!(d(-6, 2).to_string(), "-3/2");
        assert_eq!(d(5, 70).halved(2).exponent(), 72);
    }

    #[test]
    fn arithmetic_and_order_are_exact() {
        assert_eq!(d(1, 1) + d(1, 1), Dyadic::from(1));
        assert_eq!(&d(3, 2) - &d(1, 3), d(5, 3));
        assert!(d(1, 100) > Dyadic::zero());
        assert!(d(-1, 100) < Dyadic::zero());
        assert!(d(3, 2) < d(7, 3) + d(0, 0) + d(1, 100));
        assert_eq!(d(-3, 1).floor(), BigInt::from(-2));
        assert_eq!(d(3, 1).floor(), BigInt::from(1));
    }

    #[test]
    fn options_are_the_canonical_ones() {
        assert_eq!(Dyadic::from(2).options(), (Some(Dyadic::from(1)), None));
        assert_eq!(Dyadic::from(-2).options(), (None, Some(Dyadic::from(-1))));
        assert_eq!(Dyadic::zero().options(), (None, None));
        assert_eq!(d(3, 2).options(), (Some(d(1, 1)), Some(Dyadic::from(1))));
        assert_eq!(
            d(-1, 1).options(),
            (Some(Dyadic::from(-1)), Some(Dyadic::zero()))
        );
        assert_eq!(d(3, 2).birthday(), 3);
        assert_eq!(Dyadic::from(-4).birthday(), 4);
        assert_eq!(d(5, 2).birthday(), 4);
    }

    /// The numbers with denominator at most 32 in [-8, 8], in order of birth.
    fn by_birth() -> Vec<Dyadic> {
        let mut all: Vec<Dyadic> = (-256..=256i64).map(|n| d(n, 5)).collect();
        all.sort_by(|a, b| (a.birthday(), a).cmp(&(b.birthday(), b)));
        all
    }

    /// The simplest number between two others, by brute force: the first of `by_birth`
    /// that lies between.
    fn simplest_by_birth(
        all: &[Dyadic],
        low: Option<(&Dyadic, bool)>,
        high: Option<(&Dyadic, bool)>,
    ) -> Option<Dyadic> {
        all.iter()
            .find(|&x| {
                low.is_none_or(|(l, inc)| x > l || (inc && x == l))
                    && high.is_none_or(|(h, inc)| x < h || (inc && x == h))
            })
            .cloned()
    }

    #[test]
    fn simplest_between_agrees_with_the_order_of_birth() {
        let all = by_birth();
        let points: Vec<Dyadic> = (-24..=24).map(|n| d(n, 3)).collect();
        for a in &points {
            for b in &points {
                for (ai, bi) in [(false, false), (true, false), (false, true), (true, true)] {
                    let got = Dyadic::simplest_between(Some((a, ai)), Some((b, bi)));
                    let want = simplest_by_birth(&all, Some((a, ai)), Some((b, bi)));
                    assert_eq!(got, want, "between {a} ({ai}) and {b} ({bi})");
                }
            }
            for inc in [false, true] {
                assert_eq!(
                    Dyadic::simplest_between(Some((a, inc)), None),
                    simplest_by_birth(&all, Some((a, inc)), None),
                    "above {a}"
                );
                assert_eq!(
                    Dyadic::simplest_between(None, Some((a, inc))),
                    simplest_by_birth(&all, None, Some((a, inc))),
                    "below {a}"
                );
            }
        }
    }

    #[test]
    fn huge_numbers_stay_exact() {
        let tiny = Dyadic::from_parts(1, 100_000);
        assert_eq!(tiny.birthday(), 100_001);
        assert!(tiny > Dyadic::zero());
        assert_eq!(&(&tiny + &tiny) - &tiny, tiny);
        assert_eq!(
            Dyadic::simplest_between(Some((&Dyadic::zero(), false)), Some((&tiny, false))),
            Some(Dyadic::from_parts(1, 100_001))
        );
    }
}
