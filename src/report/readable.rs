//! A coloured value told the way a student reads it, beside its canonical form: the number
//! it is close to and the infinitesimal left over (`1/2 + {0,{0|0,v*}|0,v*}`), its Left and
//! Right stops and mean, its reduced canonical form (infinitesimals dropped) and, when
//! what is left over is all-small, that rest's atomic weight (how many `^` it is worth).
//! The definitions are in [`game`](crate::game): [`Game::stops`], [`Game::mean`],
//! [`Game::number_part`], [`Calculator::reduced`], [`Calculator::atomic_weight`].
//!
//! The reduced form and the atomic weight need comparisons of sums, which can grow with
//! the canonical form: each value gets [`READABLE_WORK`] steps for both, and a field whose
//! computation passes them is left out (deterministically: steps are counted, no clock).

use std::fmt::{self, Write};

use serde::{Serialize, Serializer};

use super::Value;
use crate::game::{Calculator, Dyadic, Game};

/// The steps ([`Calculator`]) a value's reduced form and atomic weight may take together.
pub const READABLE_WORK: u64 = 100_000;

/// What a coloured value reads as: the number it is close to and the infinitesimal left
/// over, its stops and mean, its reduced canonical form and the atomic weight of what is
/// left over when that is all-small. Serialized as the fields
/// `number`, `rest`, `left_stop`, `right_stop`, `mean`, `reduced` and `atomic_weight` of
/// the JSON graph and position objects, each a string in CGSuite's notation, those that
/// are `None` left out.
///
/// ```
/// use hackenbush::report::{Readable, Value};
///
/// let value = Value::Game("{1*|0}".parse()?);
/// let readable = Readable::of(&value).unwrap();
/// assert_eq!(readable.left_stop.to_string(), "1");
/// assert_eq!(readable.mean.to_string(), "1/2");
/// assert_eq!(readable.reduced.unwrap().to_string(), "{1|0}");
/// assert!(readable.number.is_none()); // hot: no number part
/// # Ok::<(), hackenbush::game::ParseError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Readable {
    /// The number `x` when the value is `x` plus an infinitesimal (both stops `x`).
    pub number: Option<Dyadic>,
    /// The infinitesimal `value - x`, with `number`.
    pub rest: Option<Game>,
    /// Where play stops at a number with Left moving first.
    pub left_stop: Dyadic,
    /// Where play stops at a number with Right moving first.
    pub right_stop: Dyadic,
    /// The mean, from the thermograph.
    pub mean: Dyadic,
    /// The reduced canonical form; `None` beyond [`READABLE_WORK`].
    pub reduced: Option<Game>,
    /// The rest's atomic weight, when the rest is all-small (and within
    /// [`READABLE_WORK`]).
    pub atomic_weight: Option<Game>,
}

impl Readable {
    /// What `value` reads as; `None` for a nimber too deep to hold as a game and for a
    /// mean the thermograph cannot give. (Reports give it for coloured values only: an
    /// all-green one is a nimber, and its report is unchanged.)
    pub fn of(value: &Value) -> Option<Readable> {
        let game = value.game().ok()?;
        let game = &game;
        let (left_stop, right_stop) = game.stops();
        let mean = game.mean().ok()?;
        let (number, rest) = match game.number_part() {
            Some((x, rest)) => (Some(x), Some(rest)),
            None => (None, None),
        };
        let mut calc = Calculator::new(READABLE_WORK);
        let reduced = calc.reduced(game).ok();
        let atomic_weight = rest
            .as_ref()
            .and_then(|rest| calc.atomic_weight(rest).ok().flatten());
        Some(Readable {
            number,
            rest,
            left_stop,
            right_stop,
            mean,
            reduced,
            atomic_weight,
        })
    }

    /// The readable form in words, for a value not written as one word (a number, or a
    /// number with ups and a nimber, already is readable). A number `x` plus an
    /// infinitesimal has `x` for stops, mean and reduced form, so it reads as `x +` the
    /// infinitesimal (written out when it takes at most [`SHORT_REST`] characters, and
    /// not at all when `x` is 0: it is the value) and its atomic weight: `an
    /// infinitesimal of atomic weight -1 (stops, mean and reduced form 0)`; any other value as its stops, mean and reduced form: `Left stop 2,
    /// Right stop 1, mean 5/4, reduced form {2||1|0}`.
    ///
    /// ```
    /// use hackenbush::report::{Readable, Value};
    ///
    /// let readable = |v: &str| Readable::of(&Value::Game(v.parse().unwrap())).unwrap().words();
    /// assert_eq!(
    ///     readable("{1/2,{1/2|1/2,1/2v*}|1/2,1/2v*}"),
    ///     "1/2 + {0,{0|0,v*}|0,v*}, an infinitesimal of atomic weight -1 (stops, mean and \
    ///      reduced form 1/2)"
    /// );
    /// assert_eq!(readable("{2||1|0}"), "Left stop 2, Right stop 1, mean 5/4, reduced form {2||1|0}");
    /// ```
    pub fn words(&self) -> String {
        let mut out = String::new();
        if let (Some(x), Some(rest)) = (&self.number, &self.rest) {
            let shown = rest.to_string();
            let short = rest.shortened().is_none() && shown.chars().count() <= SHORT_REST;
            if x.is_zero() {
                out.push_str("an infinitesimal");
            } else if short {
                let _ = write!(out, "{x} + {shown}, an infinitesimal");
            } else {
                let _ = write!(out, "{x} + an infinitesimal");
            }
            if let Some(w) = &self.atomic_weight {
                let _ = write!(out, " of atomic weight {w}");
            }
            let _ = write!(out, " (stops, mean and reduced form {x})");
            return out;
        }
        let _ = write!(
            out,
            "Left stop {}, Right stop {}, mean {}",
            self.left_stop, self.right_stop, self.mean
        );
        if let Some(reduced) = &self.reduced {
            let _ = write!(out, ", reduced form {reduced}");
        }
        out
    }
}

/// The most characters of an infinitesimal written out in [`Readable::words`].
pub const SHORT_REST: usize = 40;

impl Serialize for Readable {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        /// The wire format, field by field in order (docs/json.md).
        #[derive(Serialize)]
        struct Wire<'a> {
            #[serde(skip_serializing_if = "Option::is_none")]
            number: Option<Shown<'a, Dyadic>>,
            #[serde(skip_serializing_if = "Option::is_none")]
            rest: Option<Shown<'a, Game>>,
            left_stop: Shown<'a, Dyadic>,
            right_stop: Shown<'a, Dyadic>,
            mean: Shown<'a, Dyadic>,
            #[serde(skip_serializing_if = "Option::is_none")]
            reduced: Option<Shown<'a, Game>>,
            #[serde(skip_serializing_if = "Option::is_none")]
            atomic_weight: Option<Shown<'a, Game>>,
        }
        Wire {
            number: self.number.as_ref().map(Shown),
            rest: self.rest.as_ref().map(Shown),
            left_stop: Shown(&self.left_stop),
            right_stop: Shown(&self.right_stop),
            mean: Shown(&self.mean),
            reduced: self.reduced.as_ref().map(Shown),
            atomic_weight: self.atomic_weight.as_ref().map(Shown),
        }
        .serialize(serializer)
    }
}

/// A value serialized as it is displayed.
struct Shown<'a, T>(&'a T);

impl<T: fmt::Display> Serialize for Shown<'_, T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self.0)
    }
}
