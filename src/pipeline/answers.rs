//! The test cases of a judge problem ([`Compute::Answers`](super::Compute::Answers))
//! streamed in batches of bare lists, as christmas verdicts are ([`batches`](super::batches)):
//! one batch is answered on one core while the next is read on the other, each answer
//! line rendered where it is found, handed to [`Sink::rendered`] in input order. Memory
//! holds one batch being read and one being answered, whatever the size of the input.

use std::io;

use crate::diagnostic::Diagnostic;
use crate::problem::{Problem, Scratch};
use crate::syntax::problems::{CaseLists, Layout, ProblemCases};
use crate::syntax::window::Window;
use crate::threads;

use super::{ByteStream, Input, Run, Sink};

/// A batch ends after this many edge ends and heights (or at the end of the test case
/// that passes it), or after this many test cases: as christmas batches
/// ([`batches`](super::batches)).
const BATCH_ITEMS: usize = 1 << 16;
const BATCH_CASES: usize = 1 << 12;

/// Test cases read but not yet answered.
#[derive(Default)]
struct Batch {
    lists: CaseLists,
    /// The error that ended the input, after the cases above.
    error: Option<Diagnostic>,
    /// The input ended with this batch (cleanly or not).
    last: bool,
    /// The batch ended early because the next case has not come yet
    /// ([`ProblemCases::waits`]): its answers go out before the reader waits for more.
    paused: bool,
}

impl Batch {
    /// Reads the next cases into the batch, up to the batch size.
    fn fill(&mut self, cases: &mut ProblemCases<Window<ByteStream>>) {
        self.lists.clear();
        self.paused = false;
        while self.lists.ends.len() + self.lists.heights.len() < BATCH_ITEMS
            && self.lists.cases.len() < BATCH_CASES
        {
            if !self.lists.cases.is_empty() && cases.waits() {
                self.paused = true;
                break;
            }
            match cases.next_case(&mut self.lists) {
                None => {
                    self.last = true;
                    break;
                }
                Some(Ok(())) => {}
                Some(Err(e)) => {
                    self.error = Some(e);
                    self.last = true;
                    break;
                }
            }
        }
    }
}

/// What a batch became: its answer lines, and the refusal that stopped it, if one did.
#[derive(Default)]
struct Answers {
    bytes: Vec<u8>,
    refusal: Option<(u64, String)>,
}

/// Answers every case of `batch` (the first numbered `first`) into `answers`; stops at
/// a case that cannot be answered.
fn answer(
    problem: Problem,
    batch: &Batch,
    first: u64,
    scratch: &mut Scratch,
    answers: &mut Answers,
) {
    answers.bytes.clear();
    for (i, case) in batch.lists.iter().enumerate() {
        if let Err(refusal) = problem.answer(case, scratch, &mut answers.bytes) {
            answers.refusal = Some((first + i as u64, refusal.to_string()));
            return;
        }
    }
}

/// Reads `input` through `window` as `problem`'s test cases (`layout`), batch by batch,
/// and hands the answer lines to the sink in input order; then the error that ended the
/// input early, if one did.
pub(super) fn read<S: Sink + ?Sized>(
    run: &mut Run<'_, S>,
    input: &Input,
    window: Window<ByteStream>,
    problem: Problem,
    layout: Layout,
) -> io::Result<()> {
    let mut cases = ProblemCases::new(window, layout);
    let mut scratch = Scratch::default();
    let (mut current, mut next) = (Batch::default(), Batch::default());
    let mut answers = Answers::default();
    current.fill(&mut cases);
    let parallel = !current.last && threads::current_num_threads() > 1;
    let mut read = 0;
    loop {
        let first = read + 1;
        read += current.lists.cases.len() as u64;
        let mut answer =
            |answers: &mut Answers| answer(problem, &current, first, &mut scratch, answers);
        // A paused batch's answers go out before the next batch is read, which may wait
        // for input (whoever writes it may be waiting for them).
        let overlap = parallel && !current.last && !current.paused;
        if overlap {
            threads::join(|| answer(&mut answers), || next.fill(&mut cases));
        } else {
            answer(&mut answers);
        }
        run.sink.rendered(&answers.bytes)?;
        if let Some((case, refusal)) = answers.refusal.take() {
            let message = format!("{} test case {case}: {refusal}", input.name());
            run.sink.ended(input, case - 1, true)?;
            return run.unlocated(input.name(), message);
        }
        if !overlap && !current.last {
            if current.paused {
                run.sink.waiting()?;
            }
            next.fill(&mut cases);
        }
        if current.last {
            let error = current.error.take();
            let malformed = error.is_some() || cases.feed().error().is_some();
            run.sink.ended(input, read, malformed)?;
            return run.end(input, cases.feed_mut(), error, None);
        }
        std::mem::swap(&mut current, &mut next);
    }
}
