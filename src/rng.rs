//! The random numbers behind the generators (`hackenbush gen`, re-exported as
//! `generate::rng`) and the labels of the winning-move search: SplitMix64 (Steele, Lea and
//! Flood, 2014), a 64-bit state stepped by a constant and mixed by two multiply-xorshift
//! rounds.
//!
//! Everything is integer arithmetic on `u64` (and one `u128` product), so a seed gives
//! the same numbers on every platform and with every compiler. The algorithms here are
//! part of the seed guarantee of `hackenbush gen` (`docs/gen.md`): changing them changes
//! every generated file, and the pinned checksums in `tests/generate.rs` say so.

/// A seeded SplitMix64 generator.
///
/// ```
/// use hackenbush::generate::rng::Rng;
///
/// let mut a = Rng::new(7);
/// let mut b = Rng::new(7);
/// assert_eq!(a.next_u64(), b.next_u64());
/// assert!(a.below(10) < 10);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rng {
    state: u64,
}

/// The SplitMix64 increment (the golden ratio in 64 bits).
const GAMMA: u64 = 0x9e37_79b9_7f4a_7c15;

/// The SplitMix64 output function.
pub(crate) fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

impl Rng {
    /// The generator seeded with `seed` (the reference SplitMix64 sequence).
    pub fn new(seed: u64) -> Rng {
        Rng { state: seed }
    }

    /// Stream number `stream` of `seed`: a generator independent of the other streams of
    /// the same seed. `hackenbush gen` uses stream `i` for position `i` (0-based), so a
    /// position does not depend on how many were generated before it.
    pub fn stream(seed: u64, stream: u64) -> Rng {
        Rng {
            state: mix(seed ^ mix(stream.wrapping_add(1).wrapping_mul(GAMMA))),
        }
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(GAMMA);
        mix(self.state)
    }

    /// A uniform number in `0..n`, without bias (Lemire's multiply-and-reject). `n` must
    /// not be zero.
    pub fn below(&mut self, n: u64) -> u64 {
        assert!(n > 0, "Rng::below(0)");
        let mut product = u128::from(self.next_u64()) * u128::from(n);
        if (product as u64) < n {
            let threshold = n.wrapping_neg() % n;
            while (product as u64) < threshold {
                product = u128::from(self.next_u64()) * u128::from(n);
            }
        }
        (product >> 64) as u64
    }

    /// A uniform `u32` in `0..n`; `n` must not be zero.
    pub fn below_u32(&mut self, n: u32) -> u32 {
        self.below(u64::from(n)) as u32
    }

    /// A uniform number in `lo..=hi`; `lo <= hi`.
    pub fn range(&mut self, lo: u32, hi: u32) -> u32 {
        debug_assert!(lo <= hi);
        lo + self.below(u64::from(hi - lo) + 1) as u32
    }

    /// True with probability `num / den`.
    pub fn chance(&mut self, num: u64, den: u64) -> bool {
        self.below(den) < num
    }

    /// Shuffles `items` uniformly (Fisher-Yates, from the back).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i as u64 + 1) as usize;
            items.swap(i, j);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reference_splitmix64_sequence() {
        // The published SplitMix64 outputs for seed 1234567.
        let mut rng = Rng::new(1_234_567);
        let got: Vec<u64> = (0..5).map(|_| rng.next_u64()).collect();
        assert_eq!(
            got,
            [
                6_457_827_717_110_365_317,
                3_203_168_211_198_807_973,
                9_817_491_932_198_370_423,
                4_593_380_528_125_082_431,
                16_408_922_859_458_223_821,
            ]
        );
    }

    #[test]
    fn below_is_in_range_and_pinned() {
        let mut rng = Rng::new(42);
        let got: Vec<u64> = (0..8).map(|_| rng.below(10)).collect();
        assert!(got.iter().all(|&x| x < 10));
        let mut again = Rng::new(42);
        assert_eq!(got, (0..8).map(|_| again.below(10)).collect::<Vec<_>>());
        let mut rng = Rng::new(1);
        assert_eq!(rng.below(1), 0);
        assert!(rng.below(u64::MAX) < u64::MAX);
    }

    #[test]
    fn streams_differ() {
        let a = Rng::stream(5, 0).next_u64();
        let b = Rng::stream(5, 1).next_u64();
        let c = Rng::stream(6, 0).next_u64();
        assert_ne!(a, b);
        assert_ne!(a, c);
        assert_eq!(a, Rng::stream(5, 0).next_u64());
    }

    #[test]
    fn shuffle_is_a_permutation() {
        let mut rng = Rng::new(3);
        let mut items: Vec<u32> = (0..100).collect();
        rng.shuffle(&mut items);
        assert_ne!(items, (0..100).collect::<Vec<_>>());
        items.sort_unstable();
        assert_eq!(items, (0..100).collect::<Vec<_>>());
    }

    #[test]
    fn range_covers_both_ends() {
        let mut rng = Rng::new(9);
        let mut seen = [false; 4];
        for _ in 0..200 {
            seen[(rng.range(3, 6) - 3) as usize] = true;
        }
        assert_eq!(seen, [true; 4]);
    }
}
