//! Seeded, reproducible positions for benchmarks, tests and judge data: the library
//! behind `hackenbush gen` (`docs/gen.md`).
//!
//! - [`rng`]: SplitMix64, a tiny generator whose numbers are the same on every platform;
//! - [`shapes`]: the families of positions ([`Shape`]): Nim stalks, random trees, POJ
//!   3710 test cases, cacti, general multigraphs, long paths and cycles through the
//!   ground; each builds [`syntax::Position`](crate::syntax::Position)s directly, as if
//!   they had been read;
//! - [`problems`]: test data of the judged problems, in their own inputs;
//! - written in any format by [`convert::write_game`](crate::convert::write_game), with
//!   the writer each format owns, fast enough for files of 10^7 edges.
//!
//! A shape, a seed and a position number determine the position, and so the bytes
//! written: [`Shape::position`] draws position `i` from stream `i` of the seed.
//!
//! ```
//! use hackenbush::convert;
//! use hackenbush::generate::{Cactus, Shape};
//! use hackenbush::source::Source;
//! use hackenbush::syntax::{self, Format};
//!
//! let shape = Shape::Cactus(Cactus { edges: 12, ..Cactus::default() });
//! let position = shape.position(42, 0);
//! assert_eq!(position, shape.position(42, 0));
//!
//! let mut text = Vec::new();
//! convert::write_game(&mut text, Format::Christmas, &position, "cactus").unwrap();
//! let source = Source::new("cactus.in", text).unwrap();
//! let read = syntax::parse(Format::Christmas, &source).next().unwrap().unwrap();
//! let value = |p| hackenbush::analyze_position(p)[0].1.value;
//! assert_eq!(value(read), value(position));
//! ```

pub use crate::rng;
pub mod problems;
pub mod shapes;
#[deprecated(
    note = "each format owns its writer: `syntax::hb::write` and its kin, and `convert::write_game`"
)]
pub mod write;

pub use shapes::{
    Cactus, Cycle, Grid, Heights, Multigraph, Path, Poj, RandomTree, Shape, Stalks, colour_edges,
};
