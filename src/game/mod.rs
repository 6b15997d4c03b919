//! Values of partizan games: exact [dyadic numbers](Dyadic) of any size and short games
//! in [canonical form](Game), with sum, negation, comparison, ordinal sum and the four
//! [outcome classes](Outcome), written in CGSuite's notation (a long form shortened, see
//! [`Game::whole`]) and read back from it (`str::parse`, [`ParseError`]).
//!
//! Green Hackenbush needs none of this (every position is a nimber, see
//! [`analysis`](crate::analysis)); red and blue edges make positions whose values are
//! numbers (`3/4`), infinitesimals (`^`, `*`), switches (`±1`) and everything between.
//!
//! ```
//! use hackenbush::game::{Game, Outcome};
//!
//! // A blue edge with a green edge on top: Left's edge under a nimber.
//! let blue = Game::integer(1);
//! let green = Game::nimber(1);
//! let value = blue.ordinal_sum(&green).unwrap();
//! assert_eq!(value.to_string(), "1*");
//! assert_eq!(value.outcome(), Outcome::L);
//! assert_eq!("1*".parse::<Game>(), Ok(value));
//! ```

mod atomic;
mod canonical;
mod display;
mod dyadic;
mod layout;
pub mod parse;
mod reduced;
mod stops;

pub use canonical::{Calculator, Exceeded, Game, MAX_DEPTH, Outcome, Side};
pub use display::{FormSize, SHORTENED_CHARACTERS, SHOWN_CHARACTERS, Whole, WholeForms};
pub use dyadic::Dyadic;
pub use parse::{PARSE_WORK, ParseError, ParseErrorKind};

/// The big integers of [`Dyadic`]'s numerators and of [`FormSize`], re-exported so that
/// they need no dependency of their own.
///
/// ```
/// use hackenbush::game::{BigInt, Dyadic};
///
/// let huge = Dyadic::from_parts(BigInt::from(3) << 200u32, 200);
/// assert_eq!(huge, Dyadic::from(3));
/// ```
pub use num_bigint::{BigInt, BigUint};
