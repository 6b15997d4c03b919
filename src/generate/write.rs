//! The writers of every format, as `hackenbush gen` used them: now each format owns its
//! writer ([`syntax::hb::write`](crate::syntax::hb::write()) and its kin) and
//! [`convert`](crate::convert) picks one by format. What was here points there.

#![allow(deprecated)]

use std::io::Write;

use crate::diagnostic::Diagnostic;
use crate::syntax::{Format, Position};

pub use crate::syntax::write::WriteError;

/// The formats the writers produce: all of them.
#[deprecated(note = "use `syntax::Format::ALL`")]
pub const FORMATS: [Format; 5] = Format::ALL;

/// Whether a file of `format` may hold several positions one after another.
#[deprecated(note = "use `syntax::Format::holds_several`")]
pub fn holds_several(format: Format) -> bool {
    format.holds_several()
}

/// Writes `position` to `out` in `format`, as `hackenbush gen` does.
#[deprecated(note = "use `convert::write_game`")]
pub fn position<W: Write>(
    out: &mut W,
    format: Format,
    position: &Position,
    title: &str,
) -> Result<(), WriteError> {
    crate::convert::write_game(out, format, position, title)
}

/// What `format` cannot write in `position`, if anything.
#[deprecated(note = "use `convert::refusal_game`")]
pub fn refusal(format: Format, position: &Position) -> Option<Diagnostic> {
    crate::convert::refusal_game(format, position)
}

/// Writes `position` in the hb format.
#[deprecated(note = "use `syntax::hb::write`")]
pub fn hb<W: Write>(out: &mut W, position: &Position) -> Result<(), WriteError> {
    crate::syntax::hb::write(out, position)
}

/// Writes `position` as one christmas test case.
#[deprecated(note = "use `syntax::christmas::write`")]
pub fn christmas<W: Write>(out: &mut W, position: &Position) -> Result<(), WriteError> {
    crate::syntax::christmas::write(out, position)
}

/// Writes `position` in the JSON format.
#[deprecated(note = "use `syntax::json::write`")]
pub fn json<W: Write>(out: &mut W, position: &Position) -> Result<(), WriteError> {
    crate::syntax::json::write(out, position)
}

/// Writes `position` as one line of the cgsuite format, edges along a walk from the ground.
#[deprecated(note = "use `syntax::cgsuite::write`")]
pub fn cgsuite<W: Write>(out: &mut W, position: &Position) -> Result<(), WriteError> {
    crate::syntax::cgsuite::write(out, position)
}
