//! Christmas test cases held against the promises of the POJ 3710 statement, one test
//! case at a time through a window ([`Compute::Violations`](super::Compute::Violations)),
//! and the test cases of another judge problem against its statement's
//! ([`Compute::Promises`](super::Compute::Promises)), or made positions
//! ([`Compute::Cases`](super::Compute::Cases)): memory follows the largest test case,
//! which the window holds while its violations are shown or its position is told.

use std::io;

use crate::check::{self, Options};
use crate::problem::promises::Promises;
use crate::problem::{Problem, positions};
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
    let mut promises = Promises::new(problem);
    each_case(run, input, window, layout, |run, cases, lists, _| {
        let violations = promises.check_case(lists, cases.declared());
        if !violations.is_empty() {
            let source = cases.feed_mut().excerpt();
            run.sink.violations(&violations, &source)?;
        }
        Ok(())
    })
}

/// Reads every test case of `input` through `window` as a problem's (`layout`), each as
/// a position ([`positions::position`]) told to the sink with the excerpt that holds the
/// case; a position that cannot be made, or that the sink refuses, is reported as its
/// error and the reading goes on. Then the input's end, and the error that ended it early,
/// if one did.
pub(super) fn positions<S: Sink + ?Sized>(
    run: &mut Run<'_, S>,
    input: &Input,
    window: Window<ByteStream>,
    layout: Layout,
) -> io::Result<()> {
    each_case(run, input, window, layout, |run, cases, lists, read| {
        let number = layout.holds_several().then_some(read);
        let source = cases.feed_mut().excerpt();
        let told = match positions::position(layout, lists, number) {
            Ok(position) => run.sink.position(&source, position)?,
            Err(refused) => Err(refused),
        };
        if let Err(refused) = told {
            run.malformed(&refused, &source, &mut None)?;
        }
        Ok(())
    })
}

/// Reads every test case of `input` through `window` as a problem's (`layout`), with
/// their spans, and hands each to `each` (with its number, from 1) while the window
/// holds the whole of it, so that every span of it shows; then the input's end, and the
/// error that ended it early, if one did.
fn each_case<S: Sink + ?Sized>(
    run: &mut Run<'_, S>,
    input: &Input,
    window: Window<ByteStream>,
    layout: Layout,
    mut each: impl FnMut(
        &mut Run<'_, S>,
        &mut ProblemCases<Window<ByteStream>>,
        &CaseLists,
        usize,
    ) -> io::Result<()>,
) -> io::Result<()> {
    let mut cases = ProblemCases::new(window, layout).keep_spans();
    let mut lists = CaseLists::default();
    let mut read = 0;
    let mut error = None;
    loop {
        lists.clear();
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
        each(run, &mut cases, &lists, read)?;
    }
    let malformed = error.is_some() || cases.feed().error().is_some();
    run.sink.ended(input, read as u64, malformed)?;
    run.end(input, cases.feed_mut(), error, None)
}
