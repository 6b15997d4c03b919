//! The second core, where there is one: with the `parallel` feature, `rayon`'s `join`
//! and its pool's size; without it (the browser build, or a user who wants no threads),
//! the same calls run one after the other on the calling thread, with the same results.

#[cfg(feature = "parallel")]
pub(crate) use rayon::{current_num_threads, join};

/// Runs `a` then `b` and returns both results (rayon's `join`, on one thread).
#[cfg(not(feature = "parallel"))]
pub(crate) fn join<A, B, RA, RB>(a: A, b: B) -> (RA, RB)
where
    A: FnOnce() -> RA,
    B: FnOnce() -> RB,
{
    (a(), b())
}

/// One thread: the callers' choice of splitting work in two is then never taken.
#[cfg(not(feature = "parallel"))]
pub(crate) fn current_num_threads() -> usize {
    1
}
