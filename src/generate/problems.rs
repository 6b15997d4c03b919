//! Seeded test data for the judged problems ([`Problem`]), at their statements' limits,
//! in each problem's own input layout (`grammars/problems.ebnf`): `hackenbush gen
//! problem NAME`.
//!
//! The trees cycle through the shapes that break the usual wrong solutions ([`TreeKind`]):
//! a path of 10^5 vertices (recursion overflows), a star, a random tree, twin subtrees on
//! the root (worth 0: the second player wins), a deep random tree. Vertex labels are
//! shuffled (the root stays 1), so the smallest winning node of Jutge P61396 is rarely
//! the first one found, and edges are written either way round where the statement
//! allows it. Test case `i` is drawn from stream `i` of the seed.
//!
//! Red-blue trees (Kattis Purplehearts, CodeChef GERALD08) alternate their colours up
//! paths, so that values need denominators as large as the depth allows (2^-999 within
//! Purplehearts' depth of 1000, 2^-99999 on GERALD08's paths), and their twins are the
//! first tree beside its mirror image (colours swapped): worth 0, the second player wins,
//! or, every other seed, the last edge of the mirror flipped, worth a power of 2 as small
//! as the depth allows.

use std::io::{self, Write};

use crate::problem::Problem;
use crate::rng::Rng;
use crate::syntax::Colour;

/// The shapes of the generated trees, in the order test cases cycle through them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum TreeKind {
    /// A path from the root: 10^5 deep.
    Path,
    /// Every vertex on the root.
    Star,
    /// Each vertex on a random earlier one.
    Random,
    /// Two copies of one random tree, each on its own edge from the root: worth 0.
    Twins,
    /// Each vertex on the one before it, or now and then on a random earlier one.
    Deep,
}

impl TreeKind {
    /// Every kind, in the order test cases cycle through them.
    pub const ALL: [TreeKind; 5] = [
        TreeKind::Path,
        TreeKind::Star,
        TreeKind::Random,
        TreeKind::Twins,
        TreeKind::Deep,
    ];
}

/// The largest trees and forests the statements allow.
const TREE_VERTICES: u32 = 100_000;
const STALKS: u32 = 1_000;
const HEIGHT: u64 = 1_000_000_000;
const HDU3590_TREES: u32 = 99;
const HDU3590_VERTICES: u32 = 99;
const PURPLEHEARTS_DEPTH: u32 = 1_000;

/// The most test cases written of a problem whose statement sets no bound on them (its
/// input holds test cases until the end: Jutge P61396, HDU 3590): each is as large as the
/// statement allows (10^5 vertices, or 99 trees of up to 99 nodes).
pub const UNBOUNDED_CASES: u64 = 100;

/// The most test cases [`write()`] may be asked for of `problem`: 1 for an input of one test
/// case, its statement's bound on `T` where it sets one
/// ([`promises::most_cases`](crate::problem::promises::most_cases): HDU 3094's 100,
/// GERALD08's 1,000), else [`UNBOUNDED_CASES`].
///
/// ```
/// use hackenbush::generate::problems::most_cases;
/// use hackenbush::problem::Problem;
///
/// assert_eq!(most_cases(Problem::CodechefGerald08), 1_000);
/// assert_eq!(most_cases(Problem::Agc017d), 1);
/// ```
pub fn most_cases(problem: Problem) -> u64 {
    match problem.layout() {
        Some(layout) if layout.holds_several() => {
            crate::problem::promises::most_cases(problem).unwrap_or(UNBOUNDED_CASES)
        }
        _ => 1,
    }
}

/// Why `cases` test cases of `problem` are not written, if they are not: more than
/// [`most_cases`], in words that say where the bound comes from.
///
/// ```
/// use hackenbush::generate::problems::too_many_cases;
/// use hackenbush::problem::Problem;
///
/// assert!(too_many_cases(Problem::Hdu3094, 100).is_none());
/// assert_eq!(
///     too_many_cases(Problem::Hdu3094, 101).unwrap(),
///     "hdu3094's statement promises at most 100 test cases (T <= 100): --count 101 is more"
/// );
/// ```
pub fn too_many_cases(problem: Problem, cases: u64) -> Option<String> {
    let most = most_cases(problem);
    if cases <= most {
        return None;
    }
    let name = problem.name();
    Some(match crate::problem::promises::most_cases(problem) {
        Some(most) => format!(
            "{name}'s statement promises at most {most} test cases (T <= {most}): --count \
             {cases} is more"
        ),
        None if most == 1 => {
            format!("{name}'s input is one test case: --count {cases} is more")
        }
        None => format!(
            "{name}'s statement sets no bound on the test cases, and each is as large as it \
             allows: gen writes at most {most}, and --count {cases} is more"
        ),
    })
}

/// Writes `cases` test cases of `problem` drawn from `seed` (one for the problems whose
/// input is one test case), at the statement's limits, to `out`. POJ 3710 is written by
/// `gen poj`, not here.
///
/// ```
/// use hackenbush::generate::problems::write;
/// use hackenbush::problem::Problem;
///
/// let mut text = Vec::new();
/// write(&mut text, Problem::KattisHackenbushBamboo, 7, 1)?;
/// assert!(text.starts_with(b"1000\n"));
/// # Ok::<(), std::io::Error>(())
/// ```
pub fn write(out: &mut impl Write, problem: Problem, seed: u64, cases: u64) -> io::Result<()> {
    let mut text = String::new();
    match problem {
        Problem::Poj3710 => {}
        Problem::Agc017d => tree_case(&mut text, &mut Rng::stream(seed, 0), seed, false),
        Problem::Hdu3094 => {
            text += &format!("{cases}\n");
            for case in 0..cases {
                out.write_all(text.as_bytes())?;
                text.clear();
                tree_case(&mut text, &mut Rng::stream(seed, case), case, false);
            }
        }
        Problem::JutgeP61396 => {
            for case in 0..cases {
                out.write_all(text.as_bytes())?;
                text.clear();
                tree_case(&mut text, &mut Rng::stream(seed, case), case, true);
            }
        }
        Problem::KattisHackenbushBamboo => {
            let mut rng = Rng::stream(seed, 0);
            let mut heights: Vec<u64> = (0..STALKS / 2).map(|_| 1 + rng.below(HEIGHT)).collect();
            // Odd seeds: every height twice, worth 0.
            let twins = seed % 2 == 1;
            let more: Vec<u64> = if twins {
                heights.clone()
            } else {
                (0..STALKS / 2).map(|_| 1 + rng.below(HEIGHT)).collect()
            };
            heights.extend(more);
            rng.shuffle(&mut heights);
            text += &format!("{}\n", heights.len());
            text += &join(heights.iter());
        }
        Problem::KattisHackenbushShrubbery => {
            let mut rng = Rng::stream(seed, 0);
            let kind = TreeKind::ALL[(seed % 5) as usize];
            // Vertex 1 is the ground; edge i is vertex i + 1 on its parent: 10^5 edges.
            let parents = tree(&mut rng, TREE_VERTICES + 1, kind);
            let written: Vec<i64> = (parents.iter().skip(1))
                .map(|&p| if p == 0 { -1 } else { i64::from(p) })
                .collect();
            text += &format!("{}\n", written.len());
            text += &join(written.iter());
        }
        Problem::Hdu3590 => {
            for case in 0..cases {
                out.write_all(text.as_bytes())?;
                text.clear();
                let mut rng = Rng::stream(seed, case);
                text += &format!("{HDU3590_TREES}\n");
                for t in 0..HDU3590_TREES {
                    let n = 1 + rng.below_u32(HDU3590_VERTICES);
                    let kind = TreeKind::ALL[(t % 5) as usize];
                    let parents = tree(&mut rng, n, kind);
                    write_tree(&mut text, &mut rng, &parents, false);
                }
            }
        }
        Problem::KattisHackenbushPurplehearts => {
            let mut rng = Rng::stream(seed, 0);
            let kind = TreeKind::ALL[(seed % 5) as usize];
            let (parents, colours) =
                red_blue_tree(&mut rng, TREE_VERTICES + 1, kind, seed, PURPLEHEARTS_DEPTH);
            let written: Vec<i64> = (parents.iter().skip(1))
                .map(|&p| if p == 0 { -1 } else { i64::from(p) })
                .collect();
            text += &format!("{}\n", written.len());
            text += &join(written.iter());
            text.extend(colours.iter().skip(1).map(|&c| colour_letter(c)));
            text.push('\n');
        }
        Problem::CodechefGerald08 => {
            text += &format!("{cases}\n");
            // The sum of N is at most 10^5.
            let n = (u64::from(TREE_VERTICES) / cases.max(1)).max(1) as u32;
            for case in 0..cases {
                out.write_all(text.as_bytes())?;
                text.clear();
                let mut rng = Rng::stream(seed, case);
                let kind = TreeKind::ALL[(case % 5) as usize];
                // Twins are worth 0 only without a vertex left over: an odd count.
                let n = if kind == TreeKind::Twins && n.is_multiple_of(2) {
                    n - 1
                } else {
                    n
                };
                let (parents, colours) = red_blue_tree(&mut rng, n, kind, seed + case, u32::MAX);
                write_coloured_tree(&mut text, &mut rng, &parents, &colours);
            }
        }
    }
    out.write_all(text.as_bytes())
}

/// A red-blue tree of `n` vertex ids of `kind` ([`tree`]), no vertex deeper than
/// `depth` (one that would be stands on the root instead), and the colour of the edge
/// under each vertex (the root's is blue, unused): alternating up paths, now and then
/// random; twins mirror each other, and for an even `seed` the last edge of the mirror
/// is flipped.
fn red_blue_tree(
    rng: &mut Rng,
    n: u32,
    kind: TreeKind,
    seed: u64,
    depth: u32,
) -> (Vec<u32>, Vec<Colour>) {
    let mut parents = tree(rng, n, kind);
    let mut depths = vec![0u32; n as usize];
    for v in 1..n as usize {
        if depths[parents[v] as usize] >= depth {
            parents[v] = 0;
        }
        depths[v] = depths[parents[v] as usize] + 1;
    }
    let swap = |c: Colour| match c {
        Colour::Blue => Colour::Red,
        _ => Colour::Blue,
    };
    let mut colours = vec![Colour::Blue; n as usize];
    for v in 1..n as usize {
        let up = swap(colours[parents[v] as usize]);
        colours[v] = match kind {
            TreeKind::Path => up,
            TreeKind::Random | TreeKind::Star => {
                if rng.chance(1, 2) {
                    Colour::Blue
                } else {
                    Colour::Red
                }
            }
            _ if rng.chance(9, 10) => up,
            _ => colours[parents[v] as usize],
        };
    }
    if kind == TreeKind::Twins && n >= 3 {
        let half = (n as usize - 1) / 2;
        for i in 1..=half {
            colours[half + i] = swap(colours[i]);
        }
        if seed.is_multiple_of(2) {
            colours[2 * half] = swap(colours[2 * half]);
        }
    }
    (parents, colours)
}

/// `B` or `R`.
fn colour_letter(c: Colour) -> char {
    if c == Colour::Blue { 'B' } else { 'R' }
}

/// `n`, then the edges `u v c` of the red-blue tree `parents` (`c` 0 for blue, 1 for
/// red): labels shuffled (id 0 stays 1), edges shuffled, each either way round.
fn write_coloured_tree(text: &mut String, rng: &mut Rng, parents: &[u32], colours: &[Colour]) {
    let n = parents.len() as u32;
    let mut labels: Vec<u32> = (2..=n).collect();
    rng.shuffle(&mut labels);
    let label = |id: u32| if id == 0 { 1 } else { labels[id as usize - 1] };
    let mut edges: Vec<(u32, u32, u8)> = (1..n)
        .map(|v| {
            let code = u8::from(colours[v as usize] != Colour::Blue);
            (label(parents[v as usize]), label(v), code)
        })
        .collect();
    rng.shuffle(&mut edges);
    text.push_str(&format!("{n}\n"));
    for (u, v, c) in edges {
        let (a, b) = if rng.chance(1, 2) { (u, v) } else { (v, u) };
        text.push_str(&format!("{a} {b} {c}\n"));
    }
}

/// One tree of [`TREE_VERTICES`] vertices, of the kind test case `case` takes.
fn tree_case(text: &mut String, rng: &mut Rng, case: u64, parent_first: bool) {
    let kind = TreeKind::ALL[(case % 5) as usize];
    // Twins are worth 0 only without a vertex left over: an odd count.
    let n = if kind == TreeKind::Twins {
        TREE_VERTICES - 1
    } else {
        TREE_VERTICES
    };
    let parents = tree(rng, n, kind);
    write_tree(text, rng, &parents, parent_first);
}

/// A tree of `n` vertices of `kind`, as the parent of each vertex id (the root, id 0, is
/// its own), each parent before its children.
pub fn tree(rng: &mut Rng, n: u32, kind: TreeKind) -> Vec<u32> {
    let mut parents = vec![0u32; n as usize];
    match kind {
        TreeKind::Twins if n >= 3 => {
            let half = (n - 1) / 2;
            let twin = tree(rng, half, TreeKind::Deep);
            for (i, &p) in twin.iter().enumerate() {
                let i = i as u32;
                // Copy A: ids 1..=half; copy B: ids half + 1..=2 half.
                parents[(1 + i) as usize] = if i == 0 { 0 } else { 1 + p };
                parents[(1 + half + i) as usize] = if i == 0 { 0 } else { 1 + half + p };
            }
            // A vertex left over (n even) hangs from the root.
        }
        _ => {
            for v in 1..n {
                parents[v as usize] = match kind {
                    TreeKind::Path => v - 1,
                    TreeKind::Star => 0,
                    TreeKind::Deep if rng.chance(9, 10) => v - 1,
                    _ => rng.below_u32(v),
                };
            }
        }
    }
    parents
}

/// `n`, then the edges of the tree `parents`: labels shuffled (id 0 stays 1), edges
/// shuffled, each written either way round unless `parent_first`.
fn write_tree(text: &mut String, rng: &mut Rng, parents: &[u32], parent_first: bool) {
    let n = parents.len() as u32;
    let mut labels: Vec<u32> = (2..=n).collect();
    rng.shuffle(&mut labels);
    let label = |id: u32| if id == 0 { 1 } else { labels[id as usize - 1] };
    let mut edges: Vec<(u32, u32)> = (1..n)
        .map(|v| (label(parents[v as usize]), label(v)))
        .collect();
    rng.shuffle(&mut edges);
    text.push_str(&format!("{n}\n"));
    for (u, v) in edges {
        let (a, b) = if parent_first || rng.chance(1, 2) {
            (u, v)
        } else {
            (v, u)
        };
        text.push_str(&format!("{a} {b}\n"));
    }
}

/// Numbers on one line.
fn join<T: ToString>(items: impl Iterator<Item = T>) -> String {
    let mut line = items.map(|x| x.to_string()).collect::<Vec<_>>().join(" ");
    line.push('\n');
    line
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn trees_are_trees_with_parents_first() {
        let mut rng = Rng::new(1);
        for kind in TreeKind::ALL {
            for n in [1, 2, 3, 10, 11] {
                let parents = tree(&mut rng, n, kind);
                assert_eq!(parents.len(), n as usize);
                assert!(
                    (1..n as usize).all(|v| (parents[v] as usize) < v),
                    "{kind:?} {n}"
                );
            }
        }
    }

    #[test]
    fn twins_are_worth_zero() {
        for (problem, seed, zero) in [
            (Problem::Agc017d, 3, "Bob\n"),
            (Problem::KattisHackenbushShrubbery, 3, "*0\n"),
            (Problem::KattisHackenbushBamboo, 1, "*0\n"),
            (Problem::KattisHackenbushPurplehearts, 3, "0\n"),
        ] {
            assert_eq!(answers(problem, seed, 1), zero, "{problem}");
        }
        // GERALD08's fourth case is twins: worth 0 for an odd seed + case, a power of 2
        // for an even one (the mirror's last edge flipped).
        assert!(answers(Problem::CodechefGerald08, 0, 4).ends_with("\nKsen Chef\n"));
        let flipped = answers(Problem::CodechefGerald08, 1, 4);
        assert!(!flipped.ends_with("\nKsen Chef\n"), "{flipped}");
    }

    /// The answers to `cases` test cases of `problem` drawn from `seed`.
    fn answers(problem: Problem, seed: u64, cases: u64) -> String {
        use crate::syntax::problems::{CaseLists, ProblemCases};
        let mut text = Vec::new();
        write(&mut text, problem, seed, cases).unwrap();
        let mut read = ProblemCases::new(&text[..], problem.layout().unwrap());
        let mut lists = CaseLists::default();
        while let Some(case) = read.next_case(&mut lists) {
            case.unwrap();
        }
        let mut out = Vec::new();
        let mut scratch = crate::problem::Scratch::default();
        for case in lists.iter() {
            problem.answer(case, &mut scratch, &mut out).unwrap();
        }
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn the_same_seed_gives_the_same_bytes() {
        for problem in Problem::ALL {
            let (mut a, mut b) = (Vec::new(), Vec::new());
            write(&mut a, problem, 3, 2).unwrap();
            write(&mut b, problem, 3, 2).unwrap();
            assert_eq!(a, b, "{problem}");
        }
    }
}
