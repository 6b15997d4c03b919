//! The judged problems about Hackenbush: for each, where its statement is, how its input
//! is laid out ([`Layout`], read by [`syntax::problems`](crate::syntax::problems)) and the
//! rule from a test case to its answer line ([`Problem::answer`]). `judge --problem NAME`
//! streams them through the [pipeline](crate::pipeline)
//! ([`Compute::Answers`](crate::pipeline::Compute::Answers)).
//!
//! | `--problem` | game | answer |
//! |---|---|---|
//! | `poj3710` | Green Hackenbush on trees with polygons (the christmas format) | `Sally` / `Harry` |
//! | `agc017d` | a green tree rooted at vertex 1 | `Alice` / `Bob` |
//! | `hdu3094` | the same, `T` test cases | `Alice` / `Bob` |
//! | `jutge-p61396` | the same, test cases to the end, edges parent first | `L`, or the smallest winning node |
//! | `kattis-hackenbushbamboo` | green stalks | `*k` |
//! | `kattis-hackenbushshrubbery` | a green forest as a parent array | `*k` |
//! | `hdu3590` | misère green forests | `PP` / `QQ` |
//! | `kattis-hackenbushpurplehearts` | a red-blue forest as a parent array and a colour word | the value, `p/2^q` or an integer |
//! | `codechef-gerald08` | red-blue trees rooted at vertex 1 | `Chef Chef`, `Ksen Ksen` or `Ksen Chef` |
//!
//! # The rules
//!
//! - A green tree rooted at the ground is worth the XOR over the root's children `c` of
//!   `value(c) + 1` (Colon Principle; Winning Ways ch. 7), computed by the
//!   [Green core](crate::analysis::green), which needs no recursion; the first player
//!   wins iff it is not 0 (Sprague-Grundy).
//! - A winning move of Jutge P61396 removes the subtree of `y` whose edge `x y` leaves
//!   the tree worth 0 ([`green::cuts_to`]); the answer is the smallest such `y`.
//! - A green stalk of height `h` is worth `*h`, so stalks are never made edges: Kattis's
//!   heights up to 10^9 are XORed as numbers.
//! - Misère forests (HDU 3590): each tree is split at its root into blocks, each on one
//!   ground edge; such a block plays in misère as the nim heap of its normal-play value,
//!   and the forest as misère Nim on the heaps
//!   ([`misere_nim_first_wins`](misere::misere_nim_first_wins)). Not the SJ theorem on
//!   whole trees: a tree `1-2-3, 1-4-5` is worth 0 but is two heaps of 2, a loss for the
//!   player to move. Input that breaks the promise of trees (a cycle through the root)
//!   is played out by the misère search of [`misere::analyze`], within its budget.
//! - A red-blue tree is worth the sum of its branches, each its edge `:` the value above
//!   it by Berlekamp's rule, computed exactly on big dyadics by
//!   [`RedBlueTree`] with no recursion: the values of 10^5-deep
//!   alternating paths have 10^5-bit denominators. Blue (Kattis's `B`, CodeChef's colour
//!   0, Chef's) is Left's, positive. A red-blue position is a number, never fuzzy: above
//!   0 Left wins whoever starts, below 0 Right does, and at 0 the second player wins.
//!   Input that breaks the promise of trees (a cycle on the ground) is valued by the
//!   partizan search of [`partizan::analyze`], within its budget.
//!
//! Every rule is held against a game-tree search with no theory in the tests
//! (`tests/judges.rs`), and against an independent evaluator on data at the limits.

pub mod positions;
pub mod promises;

use std::fmt;
use std::io::Write as _;

use crate::analysis::green::{self, Workspace, cuts_to};
use crate::analysis::misere;
use crate::analysis::partizan::{self, Budget, RedBlueTree};
use crate::game::{Dyadic, Outcome};
use crate::model::Graph;
use crate::syntax::problems::{CaseRef, Layout};

/// A judged problem (`--problem NAME`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Problem {
    /// POJ 3710 "Christmas Game": the christmas format, `Sally` or `Harry`.
    Poj3710,
    /// AtCoder AGC017 D "Game on Tree": one tree, `Alice` or `Bob`.
    Agc017d,
    /// HDU 3094 "A tree game": `T` trees, `Alice` or `Bob` each.
    Hdu3094,
    /// Jutge P61396 "A tree game": trees to the end, `L` or the smallest winning node.
    JutgeP61396,
    /// Kattis "Hackenbush Bamboo": green stalks, `*k`.
    KattisHackenbushBamboo,
    /// Kattis "Hackenbush Shrubbery": a green forest as a parent array, `*k`.
    KattisHackenbushShrubbery,
    /// HDU 3590 "PP and QQ": misère green forests, `PP` or `QQ`.
    Hdu3590,
    /// Kattis "Hackenbush Purplehearts": a red-blue forest as a parent array and a colour
    /// word, its value `p/2^q`.
    KattisHackenbushPurplehearts,
    /// CodeChef GERALD08 "Chef and Tree Game": `T` red-blue trees, the winner with Chef
    /// first, then second.
    CodechefGerald08,
}

impl Problem {
    /// Every problem, in the order help texts list them.
    pub const ALL: [Problem; 9] = [
        Problem::Poj3710,
        Problem::Agc017d,
        Problem::Hdu3094,
        Problem::JutgeP61396,
        Problem::KattisHackenbushBamboo,
        Problem::KattisHackenbushShrubbery,
        Problem::Hdu3590,
        Problem::KattisHackenbushPurplehearts,
        Problem::CodechefGerald08,
    ];

    /// The name `--problem` takes.
    pub fn name(self) -> &'static str {
        match self {
            Problem::Poj3710 => "poj3710",
            Problem::Agc017d => "agc017d",
            Problem::Hdu3094 => "hdu3094",
            Problem::JutgeP61396 => "jutge-p61396",
            Problem::KattisHackenbushBamboo => "kattis-hackenbushbamboo",
            Problem::KattisHackenbushShrubbery => "kattis-hackenbushshrubbery",
            Problem::Hdu3590 => "hdu3590",
            Problem::KattisHackenbushPurplehearts => "kattis-hackenbushpurplehearts",
            Problem::CodechefGerald08 => "codechef-gerald08",
        }
    }

    /// The judge and title of its statement.
    pub fn title(self) -> &'static str {
        match self {
            Problem::Poj3710 => "POJ 3710 \"Christmas Game\"",
            Problem::Agc017d => "AtCoder AGC017 D \"Game on Tree\"",
            Problem::Hdu3094 => "HDU 3094 \"A tree game\"",
            Problem::JutgeP61396 => "Jutge P61396 \"A tree game\"",
            Problem::KattisHackenbushBamboo => "Kattis \"Hackenbush Bamboo\"",
            Problem::KattisHackenbushShrubbery => "Kattis \"Hackenbush Shrubbery\"",
            Problem::Hdu3590 => "HDU 3590 \"PP and QQ\"",
            Problem::KattisHackenbushPurplehearts => "Kattis \"Hackenbush Purplehearts\"",
            Problem::CodechefGerald08 => "CodeChef GERALD08 \"Chef and Tree Game\"",
        }
    }

    /// Where its statement is.
    pub fn statement(self) -> &'static str {
        match self {
            Problem::Poj3710 => "http://poj.org/problem?id=3710",
            Problem::Agc017d => "https://atcoder.jp/contests/agc017/tasks/agc017_d",
            Problem::Hdu3094 => "https://acm.hdu.edu.cn/showproblem.php?pid=3094",
            Problem::JutgeP61396 => "https://jutge.org/problems/P61396_en",
            Problem::KattisHackenbushBamboo => "https://open.kattis.com/problems/hackenbushbamboo",
            Problem::KattisHackenbushShrubbery => {
                "https://open.kattis.com/problems/hackenbushshrubbery"
            }
            Problem::Hdu3590 => "https://acm.hdu.edu.cn/showproblem.php?pid=3590",
            Problem::KattisHackenbushPurplehearts => {
                "https://open.kattis.com/problems/hackenbushpurplehearts"
            }
            Problem::CodechefGerald08 => "https://www.codechef.com/problems/GERALD08",
        }
    }

    /// How its input is laid out; `None` for POJ 3710, read as christmas
    /// ([`syntax::christmas`](crate::syntax::christmas)).
    pub fn layout(self) -> Option<Layout> {
        match self {
            Problem::Poj3710 => None,
            Problem::Agc017d => Some(Layout::OneTree),
            Problem::Hdu3094 => Some(Layout::CountedTrees),
            Problem::JutgeP61396 => Some(Layout::TreesToEnd),
            Problem::KattisHackenbushBamboo => Some(Layout::Stalks),
            Problem::KattisHackenbushShrubbery => Some(Layout::Parents),
            Problem::Hdu3590 => Some(Layout::Forests),
            Problem::KattisHackenbushPurplehearts => Some(Layout::ColouredParents),
            Problem::CodechefGerald08 => Some(Layout::ColouredTrees),
        }
    }

    /// Appends the answer line of `case` (a test case read as [`Problem::layout`] says)
    /// to `out`, with `scratch` for its buffers; or why it has none: a forest whose
    /// trees are not trees and whose search is beyond the budget.
    ///
    /// ```
    /// use hackenbush::problem::{Problem, Scratch};
    /// use hackenbush::syntax::problems::{CaseLists, ProblemCases};
    ///
    /// let text = b"7  1 7  5 3  1 5  7 4  7 6  5 2\n";
    /// let problem = Problem::JutgeP61396;
    /// let mut cases = ProblemCases::new(&text[..], problem.layout().unwrap());
    /// let mut lists = CaseLists::default();
    /// cases.next_case(&mut lists).unwrap()?;
    /// let mut out = Vec::new();
    /// for case in lists.iter() {
    ///     problem.answer(case, &mut Scratch::default(), &mut out).unwrap();
    /// }
    /// assert_eq!(out, b"L\n");
    /// # Ok::<(), hackenbush::diagnostic::Diagnostic>(())
    /// ```
    pub fn answer(self, case: CaseRef<'_>, scratch: &mut Scratch, out: &mut Vec<u8>) -> Answered {
        let value = |scratch: &mut Scratch| {
            (case.trees()).fold(0, |acc, (n, ends)| {
                acc ^ green::value(n, ends, &mut scratch.green)
            })
        };
        match self {
            Problem::Poj3710 => {
                let line: &[u8] = if value(scratch) != 0 {
                    b"Sally\n"
                } else {
                    b"Harry\n"
                };
                out.extend_from_slice(line);
            }
            Problem::KattisHackenbushShrubbery => write_nimber(out, value(scratch)),
            Problem::Agc017d | Problem::Hdu3094 => {
                let line: &[u8] = if value(scratch) != 0 {
                    b"Alice\n"
                } else {
                    b"Bob\n"
                };
                out.extend_from_slice(line);
            }
            Problem::JutgeP61396 => jutge_answer(case, scratch, out),
            Problem::KattisHackenbushBamboo => {
                write_nimber(out, case.heights().iter().fold(0, |acc, h| acc ^ h));
            }
            Problem::Hdu3590 => {
                let line: &[u8] = if misere_first_wins(case, scratch).map_err(Refusal::Misere)? {
                    b"PP\n"
                } else {
                    b"QQ\n"
                };
                out.extend_from_slice(line);
            }
            Problem::KattisHackenbushPurplehearts => {
                write_power_fraction(out, &red_blue_value(case, scratch)?);
            }
            Problem::CodechefGerald08 => {
                let line: &[u8] = match red_blue_value(case, scratch)?.signum() {
                    1 => b"Chef Chef\n",
                    -1 => b"Ksen Ksen\n",
                    _ => b"Ksen Chef\n",
                };
                out.extend_from_slice(line);
            }
        }
        Ok(())
    }
}

/// Whether a test case was answered, or why not (a search beyond the budget).
pub type Answered = Result<(), Refusal>;

/// Why a test case has no answer: its trees are not trees, and the search that values
/// such graphs is beyond its budget.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Refusal {
    /// The misère search (HDU 3590).
    Misere(misere::Refusal),
    /// The partizan search (the red-blue problems).
    Partizan(partizan::Refusal),
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::Misere(refusal) => refusal.fmt(f),
            Refusal::Partizan(refusal) => refusal.fmt(f),
        }
    }
}

impl std::error::Error for Refusal {}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for Problem {
    type Err = String;

    /// The problem named as `--problem` names it, in any case.
    fn from_str(name: &str) -> Result<Problem, String> {
        (Problem::ALL.into_iter())
            .find(|p| p.name().eq_ignore_ascii_case(name))
            .ok_or_else(|| {
                let names: Vec<&str> = Problem::ALL.iter().map(|p| p.name()).collect();
                format!("no problem `{name}`; the problems are {}", names.join(", "))
            })
    }
}

/// The buffers of [`Problem::answer`], reused from case to case.
#[derive(Debug, Default)]
pub struct Scratch {
    green: Workspace,
    wins: Vec<u32>,
    blocks: Blocks,
    heaps: Vec<u64>,
    red_blue: RedBlueTree,
}

/// `*k`, a line.
fn write_nimber(out: &mut Vec<u8>, k: u64) {
    writeln!(out, "*{k}").expect("a Vec takes every write");
}

/// `p/2^q` in lowest terms, or `p` for an integer (Kattis's form), a line.
fn write_power_fraction(out: &mut Vec<u8>, x: &Dyadic) {
    if x.is_integer() {
        writeln!(out, "{}", x.numerator())
    } else {
        writeln!(out, "{}/2^{}", x.numerator(), x.exponent())
    }
    .expect("a Vec takes every write");
}

/// The value of a red-blue case: the sum of its trees' values, each by the ordinal-sum
/// recursion, or by the partizan search when it is no tree.
fn red_blue_value(case: CaseRef<'_>, scratch: &mut Scratch) -> Result<Dyadic, Refusal> {
    let mut sum = Dyadic::zero();
    for (n, ends, colours) in case.coloured_trees() {
        let value = match scratch.red_blue.value(n, ends, colours) {
            Ok(value) => value,
            Err(_) => {
                let edges: Vec<_> = (ends.chunks_exact(2).zip(colours))
                    .map(|(e, &c)| (e[0], e[1], c))
                    .collect();
                let graph = Graph::from_coloured_edges(&[0], &edges);
                let found =
                    partizan::analyze(&graph, Budget::DEFAULT).map_err(Refusal::Partizan)?;
                found
                    .value
                    .as_number()
                    .expect("a red-blue position is a number")
                    .clone()
            }
        };
        sum = sum + value;
    }
    Ok(sum)
}

/// Jutge P61396: `L` when the tree is worth 0, else the smallest `y` whose edge `x y`
/// (`x` the parent) leaves it worth 0 when cut.
fn jutge_answer(case: CaseRef<'_>, scratch: &mut Scratch, out: &mut Vec<u8>) {
    let Some((n, ends)) = case.trees().next() else {
        return;
    };
    // A tree worth 0 has no cut to 0, and one worth more has one (its value is the
    // least value its cuts do not reach): one search of the cuts tells both.
    scratch.wins.clear();
    cuts_to(n, ends, 0, &mut scratch.green, &mut scratch.wins);
    let smallest = (scratch.wins.iter())
        .map(|&edge| ends[2 * edge as usize + 1] + 1)
        .min();
    match smallest {
        None => out.extend_from_slice(b"L\n"),
        Some(node) => writeln!(out, "{node}").expect("a Vec takes every write"),
    }
}

/// HDU 3590: whether the player to move wins the misère forest `case`: misère Nim on the
/// values of its ground blocks when each stands on one ground edge (every tree), else
/// the misère search.
fn misere_first_wins(case: CaseRef<'_>, scratch: &mut Scratch) -> Result<bool, misere::Refusal> {
    scratch.heaps.clear();
    let mut one_ground_edge = true;
    for (n, ends) in case.trees() {
        one_ground_edge &= scratch
            .blocks
            .heaps(n, ends, &mut scratch.green, &mut scratch.heaps);
    }
    if one_ground_edge {
        return Ok(misere::misere_nim_first_wins(&scratch.heaps));
    }
    let graphs: Vec<Graph> = (case.trees())
        .map(|(_, ends)| {
            let edges: Vec<(u32, u32)> = ends.chunks_exact(2).map(|e| (e[0], e[1])).collect();
            Graph::from_edges(&[0], &edges)
        })
        .collect();
    let found = misere::analyze(&graphs, &Budget::DEFAULT)?;
    Ok(found.outcome == Outcome::N)
}

/// The ground blocks of a green graph on edge arrays: the components left when vertex 0
/// (the ground) is taken away, each with its edges, by union-find (no recursion). Buffers
/// of one `u32` per vertex (four of them) and three per edge, reused.
#[derive(Debug, Default)]
struct Blocks {
    parent: Vec<u32>,
    /// Per root: its edges, then where its edges start in `order`.
    count: Vec<u32>,
    /// Per root: its ground edges.
    grounded: Vec<u32>,
    /// Block-local ids, `u32::MAX` when unset.
    ids: Vec<u32>,
    /// Per edge: the root of its block (`u32::MAX` for a loop at the ground).
    roots: Vec<u32>,
    order: Vec<u32>,
    ends: Vec<u32>,
}

impl Blocks {
    /// Appends to `heaps` the Grundy value of each block of the graph `vertices`, `ends`
    /// that stands on the ground; returns whether each stands on one ground edge (only
    /// then are the heaps the whole story).
    fn heaps(
        &mut self,
        vertices: u32,
        ends: &[u32],
        green: &mut Workspace,
        heaps: &mut Vec<u64>,
    ) -> bool {
        let n = vertices as usize;
        self.parent.clear();
        self.parent.extend(0..vertices);
        for e in ends.chunks_exact(2) {
            if e[0] != 0 && e[1] != 0 {
                let (a, b) = (find(&mut self.parent, e[0]), find(&mut self.parent, e[1]));
                self.parent[a.max(b) as usize] = a.min(b);
            }
        }
        self.count.clear();
        self.count.resize(n + 1, 0);
        self.grounded.clear();
        self.grounded.resize(n, 0);
        // The block of each edge, by its root, found once (a loop at the ground is a
        // heap of 1, in no block).
        self.roots.clear();
        let mut one_ground_edge = true;
        for e in ends.chunks_exact(2) {
            if e[0] == 0 && e[1] == 0 {
                heaps.push(1);
                self.roots.push(u32::MAX);
                continue;
            }
            let root = find(&mut self.parent, e[0].max(e[1]));
            self.roots.push(root);
            self.count[root as usize + 1] += 1;
            if e[0] == 0 || e[1] == 0 {
                self.grounded[root as usize] += 1;
                one_ground_edge &= self.grounded[root as usize] == 1;
            }
        }
        if !one_ground_edge {
            return false;
        }
        for i in 1..=n {
            self.count[i] += self.count[i - 1];
        }
        self.order.clear();
        self.order.resize(self.count[n] as usize, 0);
        for (i, &root) in self.roots.iter().enumerate() {
            if root != u32::MAX {
                self.order[self.count[root as usize] as usize] = i as u32;
                self.count[root as usize] += 1;
            }
        }
        // `count[r]` is now where block r ends; blocks are consecutive runs of `order`.
        self.ids.clear();
        self.ids.resize(n, u32::MAX);
        let mut start = 0;
        for root in 0..n {
            let end = self.count[root] as usize;
            if self.grounded[root] > 0 && end - start == 1 {
                // A lone ground edge: *1.
                heaps.push(1);
            } else if self.grounded[root] > 0 {
                self.ends.clear();
                self.ids[0] = 0;
                let mut next = 1;
                for &edge in &self.order[start..end] {
                    for &x in &ends[2 * edge as usize..2 * edge as usize + 2] {
                        if self.ids[x as usize] == u32::MAX {
                            self.ids[x as usize] = next;
                            next += 1;
                        }
                        self.ends.push(self.ids[x as usize]);
                    }
                }
                heaps.push(green::value(next, &self.ends, green));
                for &edge in &self.order[start..end] {
                    self.ids[ends[2 * edge as usize] as usize] = u32::MAX;
                    self.ids[ends[2 * edge as usize + 1] as usize] = u32::MAX;
                }
            }
            start = end;
        }
        true
    }
}

/// The root of `x`'s set, halving the path on the way.
fn find(parent: &mut [u32], mut x: u32) -> u32 {
    while parent[x as usize] != x {
        let up = parent[parent[x as usize] as usize];
        parent[x as usize] = up;
        x = up;
    }
    x
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The heaps of one tree given as edges between ids (0 the ground).
    fn heaps(vertices: u32, edges: &[(u32, u32)]) -> (Vec<u64>, bool) {
        let ends: Vec<u32> = edges.iter().flat_map(|&(u, v)| [u, v]).collect();
        let mut heaps = Vec::new();
        let one = Blocks::default().heaps(vertices, &ends, &mut Workspace::default(), &mut heaps);
        (heaps, one)
    }

    #[test]
    fn a_tree_is_a_heap_per_child_of_its_root() {
        // HDU 3590's counterexample: two stalks of two on the root.
        assert_eq!(
            heaps(5, &[(0, 1), (1, 2), (0, 3), (3, 4)]),
            (vec![2, 2], true)
        );
        // A root child with two leaves: one heap of 1 (*1 on a stalk: 0 + 1).
        assert_eq!(heaps(4, &[(0, 1), (1, 2), (1, 3)]), (vec![1], true));
        // A cycle through the root: one block on two ground edges.
        assert!(!heaps(3, &[(0, 1), (1, 2), (2, 0)]).1);
        // A part that fell: no heap.
        assert_eq!(heaps(4, &[(0, 1), (2, 3)]), (vec![1], true));
    }

    /// The answers of `problem` to `text`.
    fn answers(problem: Problem, text: &str) -> String {
        use crate::syntax::problems::{CaseLists, ProblemCases};
        let mut cases = ProblemCases::new(text.as_bytes(), problem.layout().unwrap());
        let mut lists = CaseLists::default();
        while let Some(case) = cases.next_case(&mut lists) {
            case.unwrap();
        }
        let mut out = Vec::new();
        let mut scratch = Scratch::default();
        for case in lists.iter() {
            problem.answer(case, &mut scratch, &mut out).unwrap();
        }
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn a_misere_forest_that_is_no_forest_is_searched() {
        // A tree of one vertex, and "a tree" of 4 vertices whose 3 edges are two parallel
        // edges on the root and an edge apart: whoever cuts one of the pair leaves the
        // other to the opponent, who must cut the last edge and loses.
        assert_eq!(
            answers(Problem::Hdu3590, "2\n1\n4\n1 2\n2 1\n3 4\n"),
            "PP\n"
        );
        // One edge: whoever moves cuts the last edge and loses.
        assert_eq!(answers(Problem::Hdu3590, "1\n2\n2 1\n"), "QQ\n");
    }

    #[test]
    fn names_are_read_back() {
        for problem in Problem::ALL {
            assert_eq!(problem.name().parse(), Ok(problem));
        }
        assert!("poj".parse::<Problem>().unwrap_err().contains("agc017d"));
    }
}
