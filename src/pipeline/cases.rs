//! Christmas test cases held against the promises of the POJ 3710 statement, one test
//! case at a time through a window ([`Compute::Violations`](super::Compute::Violations)),
//! and the test cases of another judge problem against its statement's
//! ([`Compute::Promises`](super::Compute::Promises)): memory follows the largest test
//! case, which the window holds while its violations are shown.

use std::io;

use crate::check::{self, Options};
use crate::problem::Problem;
use crate::problem::promises::Promises;
use crate::syntax::christmas::Cases;
use crate::syntax::problems::{CaseLists, Layout, ProblemCases};
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

/// Checks every test case of `input`, read through `window` as `problem`'s (`layout`),
/// as [`check`] does christmas ones.
pub(super) fn promises<S: Sink + ?Sized>(
    run: &mut Run<'_, S>,
    input: &Input,
    window: Window<ByteStream>,
    problem: Problem,
    layout: Layout,
) -> io::Result<()> {
    let mut cases = ProblemCases::new(window, layout).keep_spans();
    let mut promises = Promises::new(problem);
    let mut lists = CaseLists::default();
    let mut read = 0;
    let mut error = None;
    loop {
        lists.clear();
        // The window holds the whole test case from here: every span of it shows.
        cases.hold();
        match cases.next_case(&mut lists) {
            None => break,
            Some(Err(diagnostic)) => {
                error = Some(diagnostic);
                break;
            }
            Some(Ok(())) => {}
        }
        read += 1;
        let violations = promises.check_case(&lists, cases.declared());
        if !violations.is_empty() {
            let source = cases.feed_mut().excerpt();
            run.sink.violations(&violations, &source)?;
        }
    }
    let malformed = error.is_some() || cases.feed().error().is_some();
    run.sink.ended(input, read, malformed)?;
    run.end(input, cases.feed_mut(), error, None)
}
