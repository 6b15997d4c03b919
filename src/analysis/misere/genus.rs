//! The **genus** of a green ground block in misère play (Conway, *On Numbers and Games*,
//! ch. 12; Berlekamp, Conway and Guy, *Winning Ways*, ch. 13), found by a memoized search
//! of that block alone, and whether the block is **tame**.
//!
//! # The genus
//!
//! Write `G⁻(X)` for the misère Grundy value of a game `X`: 1 when `X` has no move, else
//! the least value no option of `X` has. The genus of `G` is `g^γ₀γ₁γ₂…` where `g` is its
//! normal-play Grundy value and `γₙ = G⁻(G + n·*2)`: `γ₀` is its misère Grundy value, and
//! `G` is a misère P-position exactly when `γ₀ = 0`. A nim heap `*0` has genus `0^120`
//! (the sequence 1, 2, 0, 2, 0, …), `*1` has `1^031`, `*a` for `a ≥ 2` has `a^a` (a, a⊕2,
//! a, …), and `*2 + *2` has `0^0`. The sequence ends alternating, `γₙ₊₂ = γₙ`; it is
//! written up to the first even index from which it is `g, g⊕2, g, …` (the tail of
//! normal play), or, where the tail is another pair, up to its first alternating pair.
//!
//! To find `γₙ` of a position the search also needs `G + n·*2 + *1` (a `*2` reduced to
//! `*1`), so each position gets a row of two misère values per `n`: `G + n·*2` and
//! `G + n·*2 + *1`; a second `*1` cancels the first (`*1 + *1 = 0` in misère play,
//! checked against exhaustive play in the tests). Rows are computed for `n = 0, 1, …`
//! until they alternate: once every option's rows alternate from `n = K`, a position's
//! row `n > K` is a function of its row `n − 1` and of the parity of `n`, so two equal
//! rows `t` and `t + 2` with `t ≥ K` alternate for ever after. A position whose rows do
//! not settle within [`MAX_ROWS`] is not called tame (never met on the blocks tried).
//!
//! # Tame blocks and their sums
//!
//! A position is **tame** when every option of it is tame and its genus is a nim
//! position's: `0^120` or `1^031` (**fickle**: in sums it plays as `*0` or `*1`), or
//! `g^g` (**firm**: `*g` for `g ≥ 2`, `0^0` and `1^1` as `*2 + *2` and `*2 + *3`). A sum
//! of tame games is tame and adds as nim heaps do (Conway, ONAG ch. 12): its normal value
//! is the nim-sum `X` of the parts', it is fickle when every part is, and the player to
//! move **loses** exactly when the sum is fickle and `X = 1`, or firm and `X = 0`. A green
//! block on one ground edge worth `*g` is tame with the genus of `*g` (fickle when
//! `g ≤ 1`): it is a nim heap in misère play ([`Rule::MisereNim`](super::Rule)).
//!
//! # Complexity
//!
//! Each position of the block met once: its options pruned (O(E) each), and at most
//! [`MAX_ROWS`] rows of two values, each the least value missing from its options' (at
//! most 64 options). Up to 2^E positions of an E-edge block, refused beyond the budget.

use std::collections::HashMap;
use std::fmt;

use serde::{Deserialize, Serialize};

use super::{Refusal, Search};

/// The most rows (`n` copies of `*2`) a position's genus is followed to before it is
/// given up as unsettled.
pub const MAX_ROWS: usize = 48;

/// The genus of a ground block (or of any position of one).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Genus {
    /// Its normal-play Grundy value `g`.
    pub normal: u64,
    /// `γ₀, γ₁, …` as written: up to the first even index from which the sequence is
    /// `g, g⊕2, g, …`, or up to its first alternating pair when its tail is another one.
    pub misere: Vec<u64>,
    /// Whether it and every position it can reach have a nim position's genus.
    pub tame: bool,
    /// Whether its rows settled within [`MAX_ROWS`]; when not, `misere` is the rows
    /// found, and the genus is not known beyond them.
    pub settled: bool,
    /// `γₙ` past those written: `tail[n % 2]` (for a settled genus).
    pub tail: [u64; 2],
}

impl Genus {
    /// `γₙ = G⁻(G + n·*2)`, the misère Grundy value of the block with `n` heaps `*2`
    /// beside it (for a settled genus).
    pub fn gamma(&self, n: usize) -> u64 {
        self.misere.get(n).copied().unwrap_or(self.tail[n % 2])
    }

    /// Whether it plays as `*0` or `*1` among tame games (genus `0^120` or `1^031`).
    pub fn fickle(&self) -> bool {
        self.normal <= 1 && self.misere.first() == Some(&(self.normal ^ 1))
    }
}

/// Conway's notation, `0^120`, with the exponent's values run together when each is one
/// digit and separated by commas otherwise (`10^10,8`); `…` after a genus not settled.
impl fmt::Display for Genus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let digits = self.misere.iter().all(|&v| v < 10);
        let parts: Vec<String> = self.misere.iter().map(u64::to_string).collect();
        let tail = if self.settled { "" } else { "…" };
        write!(
            f,
            "{}^{}{tail}",
            self.normal,
            parts.join(if digits { "" } else { "," })
        )
    }
}

/// One position of a block: its normal value, its rows of misère values (`G + n·*2` and
/// `G + n·*2 + *1`, for `n` up to one past where they alternate), and whether it is tame.
struct Entry {
    normal: u8,
    rows: Box<[[u8; 2]]>,
    /// The row from which the rows alternate; `None` when they did not within
    /// [`MAX_ROWS`].
    settled: Option<usize>,
    tame: bool,
}

impl Entry {
    /// Its row `n`, continued by alternation past the rows kept.
    fn row(&self, n: usize) -> [u8; 2] {
        match self.settled {
            Some(t) if n >= self.rows.len() => self.rows[t + (n - t) % 2],
            _ => self.rows[n.min(self.rows.len() - 1)],
        }
    }

    /// Whether a tame position plays as `*0` or `*1`.
    fn fickle(&self) -> bool {
        self.normal <= 1 && self.rows[0][0] == self.normal ^ 1
    }

    /// Whether its genus (rows `γₙ`) is the genus of a nim position.
    fn nim_genus(&self) -> bool {
        let Some(t) = self.settled else { return false };
        let g = self.normal;
        let fickle = self.fickle();
        if g > 1 && fickle {
            return false;
        }
        (0..t + 2).all(|n| {
            let expected = if n == 0 && fickle {
                g ^ 1
            } else {
                g ^ (2 * (n % 2) as u8)
            };
            self.rows[n][0] == expected
        })
    }

    /// The genus, written as [`Genus`] says.
    fn genus(&self) -> Genus {
        let g = self.normal;
        let gammas: Vec<u64> = self.rows.iter().map(|r| u64::from(r[0])).collect();
        let Some(t) = self.settled else {
            return Genus {
                normal: u64::from(g),
                misere: gammas,
                tame: false,
                settled: false,
                tail: [0; 2],
            };
        };
        let normal_at = |n: usize| u64::from(g ^ (2 * (n % 2) as u8));
        // The first even index from which every γ is normal play's, if the tail is.
        let normal_tail = (t..t + 2).all(|n| gammas[n] == normal_at(n));
        let upto = if normal_tail {
            let mut k = t + 1;
            while k > 0 && gammas[k - 1] == normal_at(k - 1) {
                k -= 1;
            }
            k + k % 2
        } else {
            t + 1
        };
        let mut tail = [0; 2];
        tail[t % 2] = gammas[t];
        tail[(t + 1) % 2] = gammas[t + 1];
        Genus {
            normal: u64::from(g),
            misere: gammas[..=upto.min(gammas.len() - 1)].to_vec(),
            tame: self.tame,
            settled: true,
            tail,
        }
    }
}

/// The genus search over the positions of one block.
pub(super) struct BlockGenus {
    pub(super) search: Search,
    index: HashMap<u64, u32>,
    entries: Vec<Entry>,
    limit: usize,
}

impl BlockGenus {
    /// A search over `search`'s edges, solving at most `limit` positions.
    pub(super) fn new(search: Search, limit: usize) -> Self {
        BlockGenus {
            search,
            index: HashMap::new(),
            entries: Vec::new(),
            limit,
        }
    }

    /// Positions solved.
    pub(super) fn positions(&self) -> usize {
        self.entries.len()
    }

    /// The genus of the position `edges` (pruned to the ground).
    pub(super) fn genus(&mut self, edges: u64) -> Result<Genus, Refusal> {
        let i = self.solve(edges)?;
        Ok(self.entries[i as usize].genus())
    }

    /// Whether the position `edges` is tame, and if so its normal value and whether it is
    /// fickle.
    pub(super) fn tame(&mut self, edges: u64) -> Result<Option<(u64, bool)>, Refusal> {
        let i = self.solve(edges)?;
        let entry = &self.entries[i as usize];
        Ok(entry
            .tame
            .then(|| (u64::from(entry.normal), entry.fickle())))
    }

    /// The entry of `edges`, solved once. The recursion is over cuts (at most 64 deep),
    /// never over the graph's shape.
    fn solve(&mut self, edges: u64) -> Result<u32, Refusal> {
        if let Some(&i) = self.index.get(&edges) {
            return Ok(i);
        }
        let mut options = Vec::new();
        let mut movable = edges;
        while movable != 0 {
            let bit = movable.trailing_zeros();
            movable &= movable - 1;
            let after = self.search.prune(edges & !(1u64 << bit));
            options.push(self.solve(after)?);
        }
        if self.entries.len() >= self.limit {
            return Err(Refusal::TooManyPositions {
                edges: self.search.ends.len(),
                limit: self.limit,
            });
        }
        let entry = self.entry(edges == 0, &options);
        self.index.insert(edges, self.entries.len() as u32);
        self.entries.push(entry);
        Ok(self.entries.len() as u32 - 1)
    }

    /// A position's entry from its options' (`terminal` when it has none).
    fn entry(&self, terminal: bool, options: &[u32]) -> Entry {
        let options: Vec<&Entry> = options.iter().map(|&i| &self.entries[i as usize]).collect();
        let normal = mex(options.iter().map(|o| o.normal));
        // Options alternate from row `start` on (all of them when they all settled).
        let start = options
            .iter()
            .try_fold(0, |most, o| o.settled.map(|t| most.max(t)));
        let mut rows: Vec<[u8; 2]> = Vec::new();
        let mut settled = None;
        for n in 0..MAX_ROWS {
            let mut row = [0u8; 2];
            for j in 0..2 {
                let mut seen: Vec<u8> = options.iter().map(|o| o.row(n)[j]).collect();
                if n > 0 {
                    // A *2 cut to *1 (with a *1 already there, the two cancel) or taken.
                    seen.extend([rows[n - 1][j ^ 1], rows[n - 1][j]]);
                }
                if j == 1 {
                    // The *1 taken.
                    seen.push(row[0]);
                }
                row[j] = if terminal && n == 0 && j == 0 {
                    1
                } else {
                    mex(seen.into_iter())
                };
            }
            rows.push(row);
            if let Some(start) = start
                && n >= start + 2
                && rows[n] == rows[n - 2]
            {
                settled = Some(n - 2);
                break;
            }
        }
        let mut entry = Entry {
            normal,
            rows: rows.into_boxed_slice(),
            settled,
            tame: false,
        };
        entry.tame = options.iter().all(|o| o.tame) && entry.nim_genus();
        entry
    }
}

/// The least value not among `values`.
fn mex(values: impl Iterator<Item = u8>) -> u8 {
    let mut seen = [0u64; 4];
    for v in values {
        seen[usize::from(v) / 64] |= 1 << (v % 64);
    }
    (0..=255u8)
        .find(|&v| seen[usize::from(v) / 64] & (1 << (v % 64)) == 0)
        .unwrap_or(u8::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::misere::PositionEdge;
    use crate::model::Graph;
    use petgraph::graph::EdgeIndex;

    /// The genus of the one-graph position `edges` (ground 0), searched whole.
    fn genus_of(edges: &[(u32, u32)]) -> Genus {
        let graph = Graph::from_edges(&[0], edges);
        let cuts: Vec<PositionEdge> = (0..edges.len())
            .map(|e| PositionEdge {
                graph: 0,
                edge: EdgeIndex::new(e),
            })
            .collect();
        let search = Search::new(std::slice::from_ref(&graph), &cuts, 0);
        let all = search.prune(if edges.len() == 64 {
            u64::MAX
        } else {
            (1 << edges.len()) - 1
        });
        BlockGenus::new(search, 100_000).genus(all).unwrap()
    }

    #[test]
    fn nim_heaps_have_conways_genera() {
        // No edge: *0. A loop at the ground: *1. Stalks of 2 and 3: *2, *3.
        assert_eq!(genus_of(&[]).to_string(), "0^120");
        assert_eq!(genus_of(&[(0, 0)]).to_string(), "1^031");
        assert_eq!(genus_of(&[(0, 1), (1, 2)]).to_string(), "2^2");
        assert_eq!(genus_of(&[(0, 1), (1, 2), (2, 3)]).to_string(), "3^3");
        // Two stalks of 2 (*2 + *2) and loops (*1 + *1): firm 0^0 and fickle 0^120.
        let twice = genus_of(&[(0, 1), (1, 2), (0, 3), (3, 4)]);
        assert_eq!((twice.to_string(), twice.tame), ("0^0".into(), true));
        assert!(!twice.fickle());
        let loops = genus_of(&[(0, 0), (0, 0)]);
        assert_eq!((loops.to_string(), loops.fickle()), ("0^120".into(), true));
    }

    #[test]
    fn a_genus_is_written_with_commas_when_a_value_has_two_digits() {
        let genus = Genus {
            normal: 10,
            misere: vec![10, 8],
            tame: false,
            settled: true,
            tail: [10, 8],
        };
        assert_eq!(genus.to_string(), "10^10,8");
    }

    #[test]
    fn the_ground_square_is_a_tame_firm_zero() {
        // Its options are *3 (a stalk) and *1 + *2: firm; so it is 0^0, P in misère play.
        let square = genus_of(&[(0, 1), (1, 2), (2, 3), (3, 0)]);
        assert_eq!((square.to_string(), square.tame), ("0^0".into(), true));
    }
}
