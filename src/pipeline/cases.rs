//! Christmas test cases held against the promises of the POJ 3710 statement, one test
//! case at a time through a window ([`Compute::Violations`](super::Compute::Violations)):
//! memory follows the largest test case, which the window holds while its violations are
//! shown.

use std::io;

use crate::check::{self, Options};
use crate::syntax::christmas::Cases;
use crate::syntax::window::Window;

use super::{ByteStream, Input, Run, Sink};

/// Checks every test case of `input`, read through `window`: the violations of each go
/// to the sink with the excerpt that holds the case, then the input's end, then the
/// error that ended it early, if one did.
pub(super) fn check<S: Sink + ?Sized>(
    run: &mut Run<'_, S>,
    input: &Input,
    window: Window<ByteStream>,
    options: Options,
) -> io::Result<()> {
    let mut cases = Cases::streaming(window);
    let mut read = 0;
    let mut error = None;
    while let Some(case) = cases.next_case() {
        let case = match case {
            Ok(case) => case,
            Err(diagnostic) => {
                error = Some(diagnostic);
                break;
            }
        };
        read += 1;
        let violations = check::check_case_with(&case, &options);
        if !violations.is_empty() {
            // The window holds the whole test case: every span of it shows.
            let source = cases.feed_mut().excerpt();
            run.sink.violations(&violations, &source)?;
        }
    }
    let malformed = error.is_some() || cases.feed().error().is_some();
    run.sink.ended(input, read, malformed)?;
    run.end(input, cases.feed_mut(), error, Some(true))
}
