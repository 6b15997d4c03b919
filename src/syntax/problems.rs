//! The inputs of the judge problems other than POJ 3710 (`grammars/problems.ebnf`), read
//! into bare edge lists and heights ([`CaseLists`]) one test case at a time, through the
//! same [`Window`](super::window::Window) and with the same located messages as the
//! christmas reader.
//!
//! Each [`Layout`] is a production of the grammar; the problems that share one are named
//! in [`crate::problem`]. No allocation is sized by a count the input claims: lists grow
//! with what is read, and room is reserved for at most what the bytes left can hold.
//!
//! ```
//! use hackenbush::syntax::problems::{CaseLists, Layout, ProblemCases};
//!
//! // AtCoder AGC017 D's first sample: one tree, rooted at vertex 1 (id 0).
//! let mut cases = ProblemCases::new(&b"5\n1 2\n2 3\n2 4\n4 5\n"[..], Layout::OneTree);
//! let mut lists = CaseLists::default();
//! cases.next_case(&mut lists).unwrap()?;
//! assert_eq!(lists.ends, [0, 1, 1, 2, 1, 3, 3, 4]);
//! assert!(cases.next_case(&mut lists).is_none());
//! # Ok::<(), hackenbush::diagnostic::Diagnostic>(())
//! ```

use std::ops::Range;

use crate::diagnostic::Diagnostic;
use crate::source::Span;

use super::Colour;

use super::tokens::Tokens;
use super::window::Feed;

/// How a problem's input is laid out: one production of `grammars/problems.ebnf` each.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Layout {
    /// `N`, then `N - 1` edges `x y`: one tree, rooted at vertex 1; nothing after it.
    OneTree,
    /// `T`, then `T` trees as in [`Layout::OneTree`]; nothing after them.
    CountedTrees,
    /// Trees as in [`Layout::OneTree`], one test case each, until the end of the input.
    TreesToEnd,
    /// `n`, then `n` stalk heights; nothing after them.
    Stalks,
    /// `n`, then `n` parents: edge `i` stands on edge `e_i`, or on the ground for -1.
    Parents,
    /// Until the end of the input: `N`, then `N` trees, each `m` and `m - 1` edges `a b`
    /// rooted at vertex 1.
    Forests,
    /// [`Layout::Parents`], then the colour of each edge, `B` (blue) or `R` (red), one
    /// word; nothing after it.
    ColouredParents,
    /// `T`, then `T` trees as in [`Layout::OneTree`] whose edges are `u v c`, colour `c`
    /// 0 (blue: Left's, black in CodeChef's words) or 1 (red: white); nothing after
    /// them.
    ColouredTrees,
}

impl Layout {
    /// Whether an input laid out so holds several test cases (`T`, or cases to the end),
    /// not one.
    pub fn holds_several(self) -> bool {
        matches!(
            self,
            Layout::CountedTrees | Layout::TreesToEnd | Layout::Forests | Layout::ColouredTrees
        )
    }
}

/// Test cases as bare lists, for the answers alone: a batch of cases shares one buffer,
/// reused from batch to batch. Tree `t` has `trees[t].0` vertex ids (vertex 1 of the
/// input, or the ground of a parent array, is id 0) and its edges are the pairs
/// `ends[trees[t].1]`; stalks are heights.
#[derive(Clone, Debug, Default)]
pub struct CaseLists {
    /// Per tree: its vertex-id count and the range of its ends in `ends`.
    pub trees: Vec<(u32, Range<usize>)>,
    /// Edge ends, two per edge.
    pub ends: Vec<u32>,
    /// Stalk heights ([`Layout::Stalks`]).
    pub heights: Vec<u64>,
    /// The colour of each edge, `colours[i]` of the edge `ends[2i]`, `ends[2i + 1]`,
    /// for the layouts of red-blue trees ([`Layout::ColouredParents`],
    /// [`Layout::ColouredTrees`]); empty for the others.
    pub colours: Vec<Colour>,
    /// Per test case: one past its last tree in `trees`, one past its last height.
    pub cases: Vec<(usize, usize)>,
    /// Where each edge was read (from its first number to its last: `x y`, a parent),
    /// or each height for [`Layout::Stalks`], in the order of `ends` or `heights`; kept
    /// only when the reader is told to ([`ProblemCases::keep_spans`]).
    pub spans: Vec<Span>,
    /// The counts read, each with where: per tree its `N` (`n`, `m`), per forest its `N`
    /// before its trees' counts, and for [`Layout::Stalks`] its `n`; kept as `spans` are.
    pub counts: Vec<(u64, Span)>,
}

/// One test case of [`CaseLists`].
#[derive(Clone, Debug)]
pub struct CaseRef<'a> {
    lists: &'a CaseLists,
    trees: Range<usize>,
    heights: Range<usize>,
}

impl<'a> CaseRef<'a> {
    /// Its trees, each as its vertex-id count and its edge ends.
    pub fn trees(&self) -> impl Iterator<Item = (u32, &'a [u32])> + 'a {
        let lists = self.lists;
        (lists.trees[self.trees.clone()].iter()).map(move |(n, r)| (*n, &lists.ends[r.clone()]))
    }

    /// Its trees with the colour of each edge, for the layouts of red-blue trees
    /// ([`CaseLists::colours`]).
    pub fn coloured_trees(&self) -> impl Iterator<Item = (u32, &'a [u32], &'a [Colour])> + 'a {
        let lists = self.lists;
        (lists.trees[self.trees.clone()].iter()).map(move |(n, r)| {
            let colours = &lists.colours[r.start / 2..r.end / 2];
            (*n, &lists.ends[r.clone()], colours)
        })
    }

    /// Its stalk heights.
    pub fn heights(&self) -> &'a [u64] {
        &self.lists.heights[self.heights.clone()]
    }
}

impl CaseLists {
    /// Empties the lists, keeping their memory.
    pub fn clear(&mut self) {
        self.trees.clear();
        self.ends.clear();
        self.heights.clear();
        self.colours.clear();
        self.cases.clear();
        self.spans.clear();
        self.counts.clear();
    }

    /// The test cases held, in input order.
    pub fn iter(&self) -> impl Iterator<Item = CaseRef<'_>> {
        let starts = std::iter::once((0, 0)).chain(self.cases.iter().copied());
        (self.cases.iter().zip(starts)).map(|(&(trees, heights), (t0, h0))| CaseRef {
            lists: self,
            trees: t0..trees,
            heights: h0..heights,
        })
    }

    /// Drops what was appended after the lists held `trees` trees, `ends` ends,
    /// `heights` heights, `spans` spans and `counts` counts.
    fn truncate(&mut self, (trees, ends, heights, spans, counts): Lengths) {
        self.spans.truncate(spans);
        self.counts.truncate(counts);
        self.trees.truncate(trees);
        self.ends.truncate(ends);
        self.colours.truncate(ends / 2);
        self.heights.truncate(heights);
    }

    fn lengths(&self) -> Lengths {
        let (trees, ends, heights) = (self.trees.len(), self.ends.len(), self.heights.len());
        (trees, ends, heights, self.spans.len(), self.counts.len())
    }
}

/// The lengths of the lists of [`CaseLists`]: trees, ends, heights, spans, counts.
type Lengths = (usize, usize, usize, usize, usize);

/// The test cases of a problem's input, read lazily from a [`Feed`].
pub struct ProblemCases<F> {
    tokens: Tokens<F>,
    layout: Layout,
    /// Test cases read.
    read: u64,
    /// [`Layout::CountedTrees`]: `T` as written.
    declared: Option<(u64, Span)>,
    /// An error or the end of the input was met: nothing more comes.
    done: bool,
    /// Whether [`CaseLists::spans`] and [`CaseLists::counts`] are kept.
    spans: bool,
}

impl<F: Feed> ProblemCases<F> {
    /// The cases of `feed`, laid out as `layout`.
    pub fn new(feed: F, layout: Layout) -> Self {
        ProblemCases {
            tokens: Tokens::new(feed),
            layout,
            read: 0,
            declared: None,
            done: false,
            spans: false,
        }
    }

    /// Also keeps where each edge, height and count was read ([`CaseLists::spans`],
    /// [`CaseLists::counts`]): for `check`, which holds each test case whole
    /// ([`ProblemCases::hold`]) so that its spans stay true.
    pub fn keep_spans(mut self) -> Self {
        self.spans = true;
        self
    }

    /// `T` as written, once read ([`Layout::CountedTrees`], [`Layout::ColouredTrees`]).
    pub fn declared(&self) -> Option<(u64, Span)> {
        self.declared
    }

    /// Whether reading the next test case would wait for input that has not come yet
    /// ([`Feed::waits`]): whoever feeds the input may be waiting for the answers so far.
    pub fn waits(&self) -> bool {
        !self.done && self.tokens.waits()
    }

    /// What the cases are read from (after an error: where its span points).
    pub fn feed(&self) -> &F {
        self.tokens.feed()
    }

    /// See [`ProblemCases::feed`].
    pub fn feed_mut(&mut self) -> &mut F {
        self.tokens.feed_mut()
    }

    /// Keeps every byte of the next test case in the feed until the next call, so that
    /// every span of it can be shown (`check`).
    pub fn hold(&mut self) {
        self.tokens.hold();
    }

    /// The next test case, APPENDED to `lists` (a malformed one appends nothing); `None`
    /// at the end of the input or after an error.
    pub fn next_case(&mut self, lists: &mut CaseLists) -> Option<Result<(), Diagnostic>> {
        if self.done {
            return None;
        }
        let before = lists.lengths();
        let result = match self.next_production(lists) {
            Ok(false) => {
                self.done = true;
                return None;
            }
            Ok(true) => Ok(()),
            Err(e) => Err(e),
        };
        match &result {
            Ok(()) => {
                self.read += 1;
                lists.cases.push((lists.trees.len(), lists.heights.len()));
            }
            Err(_) => {
                self.done = true;
                lists.truncate(before);
            }
        }
        Some(result)
    }

    /// Reads the next test case into `lists`: whether there was one.
    fn next_production(&mut self, lists: &mut CaseLists) -> Result<bool, Diagnostic> {
        match self.layout {
            Layout::OneTree | Layout::Stalks | Layout::Parents | Layout::ColouredParents
                if self.read > 0 =>
            {
                self.tokens.expect_end("the test case").map(|()| false)
            }
            Layout::OneTree => self
                .tree("the number of vertices N", false, lists)
                .map(|()| true),
            Layout::Stalks => self.stalks(lists).map(|()| true),
            Layout::Parents => self.parents(lists).map(|_| true),
            Layout::ColouredParents => {
                let count = self.parents(lists)?;
                self.colour_word(count, lists).map(|()| true)
            }
            Layout::CountedTrees | Layout::ColouredTrees => {
                let (count, span) = match self.declared {
                    Some(declared) => declared,
                    None => {
                        let declared = self.tokens.expect_number("the number of test cases T")?;
                        *self.declared.insert(declared)
                    }
                };
                if self.read == count {
                    let after = format!("the {count} test cases declared");
                    return self.tokens.expect_end(&after).map(|()| false);
                }
                if self.tokens.at_end() {
                    let mut error =
                        self.tokens
                            .missing(count - self.read, "test case", String::new());
                    error.label = format!("{count} test cases are declared here");
                    error.span = span;
                    return Err(error);
                }
                let coloured = self.layout == Layout::ColouredTrees;
                self.tree("the number of vertices N", coloured, lists)
                    .map(|()| true)
            }
            Layout::TreesToEnd => {
                if self.tokens.at_end() {
                    return Ok(false);
                }
                self.tree("the number of nodes n", false, lists)
                    .map(|()| true)
            }
            Layout::Forests => {
                if self.tokens.at_end() {
                    return Ok(false);
                }
                self.forest(lists).map(|()| true)
            }
        }
    }

    /// `tree = vertex_count, { edge }`: a count `n` (named `what`) and `n - 1` edges of
    /// vertices in `1..=n`; `coloured_tree = vertex_count, { edge, colour_code }` when
    /// `coloured`.
    fn tree(
        &mut self,
        what: &str,
        coloured: bool,
        lists: &mut CaseLists,
    ) -> Result<(), Diagnostic> {
        let (n, span) = self.tokens.expect_number(what)?;
        if self.spans {
            lists.counts.push((n, span));
        }
        if n >= u64::from(u32::MAX) {
            return Err(Diagnostic::new(
                span,
                "too many vertices in one tree",
                format!("expected {what}, below {}", u32::MAX),
            ));
        }
        let edges = n.saturating_sub(1);
        let start = lists.ends.len();
        let room = (edges as usize).min(self.tokens.feed().bytes_left(0) / 4);
        lists.ends.reserve(room.saturating_mul(2));
        let mut read = 0;
        while read < edges {
            if !self.spans {
                let (n, ends, colours) = (n as i64, &mut lists.ends, &mut lists.colours);
                let vertex = |x: i64| (x >= 1 && x <= n).then(|| (x - 1) as u32);
                read += if coloured {
                    self.tokens.quick_rows(edges - read, false, |[u, v, c]| {
                        match (vertex(u), vertex(v), c) {
                            (Some(u), Some(v), 0 | 1) => {
                                ends.extend_from_slice(&[u, v]);
                                colours.push([Colour::Blue, Colour::Red][c as usize]);
                                true
                            }
                            _ => false,
                        }
                    })
                } else {
                    self.tokens.quick_rows(edges - read, false, |[u, v]| {
                        match (vertex(u), vertex(v)) {
                            (Some(u), Some(v)) => {
                                ends.extend_from_slice(&[u, v]);
                                true
                            }
                            _ => false,
                        }
                    })
                };
                if read == edges {
                    break;
                }
            }
            let missing = |tokens: &mut Tokens<F>, error| {
                if tokens.at_end() {
                    let declared = format!("a tree of {n} vertices has {edges} edges");
                    tokens.missing(edges - read, "edge", declared)
                } else {
                    error
                }
            };
            let (u, first) = match self.tokens.expect_vertex_at(n) {
                Ok(u) => u,
                Err(e) => return Err(missing(&mut self.tokens, e)),
            };
            let v = match self.tokens.expect_vertex(n) {
                Ok(v) => v,
                Err(e) => return Err(missing(&mut self.tokens, e)),
            };
            lists.ends.extend_from_slice(&[u, v]);
            if coloured {
                match self.colour_code() {
                    Ok(Ok(colour)) => lists.colours.push(colour),
                    Ok(Err(out_of_range)) => return Err(out_of_range),
                    Err(e) => return Err(missing(&mut self.tokens, e)),
                }
            }
            if self.spans {
                lists
                    .spans
                    .push(Span::new(first.start as usize, self.tokens.last_end()));
            }
            read += 1;
        }
        lists.trees.push((n.max(1) as u32, start..lists.ends.len()));
        Ok(())
    }

    /// `colour_code = "0" | "1"`: 0 blue (Left's), 1 red; inside, a number read that is
    /// neither.
    fn colour_code(&mut self) -> Result<Result<Colour, Diagnostic>, Diagnostic> {
        let (c, span) = self.tokens.expect_number("an edge colour C")?;
        Ok(match c {
            0 => Ok(Colour::Blue),
            1 => Ok(Colour::Red),
            c => Err(Diagnostic::new(
                span,
                format!("colour {c} is out of range"),
                "expected 0 (black, Chef's) or 1 (white, Ksen's)",
            )),
        })
    }

    /// `colour_word = { "B" | "R" }`: the colours of the `count` edges just read, `B`
    /// blue and `R` red (blanks between letters are skipped).
    fn colour_word(&mut self, count: u64, lists: &mut CaseLists) -> Result<(), Diagnostic> {
        let mut read = 0;
        while read < count {
            let run = self.tokens.letter_run(b"BR", count - read);
            (lists.colours).extend(run.iter().map(|&b| match b {
                b'B' => Colour::Blue,
                _ => Colour::Red,
            }));
            read += run.len() as u64;
            if read == count {
                break;
            }
            let colour = match self.tokens.next_letter(b"BR", "an edge colour B or R") {
                Some(Ok(b'B')) => Colour::Blue,
                Some(Ok(_)) => Colour::Red,
                Some(Err(e)) => return Err(e),
                None => {
                    let declared = format!("{count} edges are declared");
                    return Err(self.tokens.missing(count - read, "edge colour", declared));
                }
            };
            lists.colours.push(colour);
            read += 1;
        }
        Ok(())
    }

    /// `forest = tree_count, { tree }`.
    fn forest(&mut self, lists: &mut CaseLists) -> Result<(), Diagnostic> {
        let (count, span) = self.tokens.expect_number("the number of trees N")?;
        if self.spans {
            lists.counts.push((count, span));
        }
        for read in 0..count {
            if self.tokens.at_end() {
                let declared = format!("test case {} declares {count} trees", self.read + 1);
                return Err(self.tokens.missing(count - read, "tree", declared));
            }
            self.tree("the number of nodes m", false, lists)?;
        }
        Ok(())
    }

    /// `stalks = stalk_count, { height }`.
    fn stalks(&mut self, lists: &mut CaseLists) -> Result<(), Diagnostic> {
        let (count, span) = self.tokens.expect_number("the number of stalks n")?;
        if self.spans {
            lists.counts.push((count, span));
        }
        for read in 0..count {
            match self.tokens.expect_number("a stalk height") {
                Ok((height, span)) => {
                    lists.heights.push(height);
                    if self.spans {
                        lists.spans.push(span);
                    }
                }
                Err(e) if self.tokens.at_end() => {
                    let _ = e;
                    let declared = format!("{count} stalks are declared");
                    return Err(self.tokens.missing(count - read, "stalk height", declared));
                }
                Err(e) => return Err(e),
            }
        }
        Ok(())
    }

    /// `parents = edge_count, { parent }`: edge `i` joins vertex `e_i` (0, the ground, for
    /// -1) to vertex `i`. Returns the count.
    fn parents(&mut self, lists: &mut CaseLists) -> Result<u64, Diagnostic> {
        let (count, span) = self.tokens.expect_number("the number of edges n")?;
        if self.spans {
            lists.counts.push((count, span));
        }
        if count >= u64::from(u32::MAX) {
            return Err(Diagnostic::new(
                span,
                "too many edges",
                format!("expected the number of edges n, below {}", u32::MAX),
            ));
        }
        let start = lists.ends.len();
        let room = (count as usize).min(self.tokens.feed().bytes_left(0) / 2);
        lists.ends.reserve(room.saturating_mul(2));
        let mut edge = 1;
        while edge <= count {
            if !self.spans {
                let ends = &mut lists.ends;
                let mut next = edge;
                edge += self.tokens.quick_rows(count - edge + 1, true, |[p]| {
                    let below = match p {
                        -1 => 0,
                        p if p >= 1 && p as u64 <= count => p as u32,
                        _ => return false,
                    };
                    ends.extend_from_slice(&[below, next as u32]);
                    next += 1;
                    true
                });
                if edge > count {
                    break;
                }
            }
            let (parent, span) = match self.tokens.expect_integer("a parent edge") {
                Ok(read) => read,
                Err(e) => {
                    if self.tokens.at_end() {
                        let declared = format!("{count} edges are declared");
                        return Err(self.tokens.missing(count - edge + 1, "parent", declared));
                    }
                    return Err(e);
                }
            };
            let below = match parent {
                -1 => 0,
                p if p >= 1 && p as u64 <= count => p as u32,
                p => {
                    return Err(Diagnostic::new(
                        span,
                        format!("parent {p} is out of range"),
                        format!("expected -1 (the ground) or an edge in 1..{count}"),
                    ));
                }
            };
            lists.ends.extend_from_slice(&[below, edge as u32]);
            if self.spans {
                lists.spans.push(span);
            }
            edge += 1;
        }
        lists
            .trees
            .push((count as u32 + 1, start..lists.ends.len()));
        Ok(count)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax::window::Window;

    /// Every case of `text` read as `layout` through windows of every small size: the
    /// lists, or the first error's message; the same for every window.
    fn read(layout: Layout, text: &str) -> Result<CaseLists, String> {
        let mut first: Option<Result<CaseLists, String>> = None;
        for chunk in [1, 2, 3, 5, 8, 64, 1 << 15] {
            let window = Window::with_chunk("t", text.as_bytes(), chunk);
            let mut cases = ProblemCases::new(window, layout);
            let mut lists = CaseLists::default();
            let mut got = Ok(());
            while let Some(case) = cases.next_case(&mut lists) {
                if let Err(e) = case {
                    got = Err(e.message);
                    break;
                }
            }
            let got = got.map(|()| lists);
            match &first {
                None => first = Some(got),
                Some(first) => assert_eq!(
                    format!("{first:?}"),
                    format!("{got:?}"),
                    "{text:?}, chunk {chunk}"
                ),
            }
        }
        first.expect("one reading at least")
    }

    #[test]
    fn counted_trees_read_by_tokens_with_blank_lines() {
        let lists = read(Layout::CountedTrees, "2\n3\n1 2\n2 3\n\n1\n").unwrap();
        assert_eq!(lists.trees, [(3, 0..4), (1, 4..4)]);
        assert_eq!(lists.cases, [(1, 0), (2, 0)]);
    }

    #[test]
    fn parents_stand_on_the_ground_or_an_edge() {
        let lists = read(Layout::Parents, "3\n-1 1 -1\n").unwrap();
        assert_eq!(lists.ends, [0, 1, 1, 2, 0, 3]);
        assert_eq!(lists.trees, [(4, 0..6)]);
        assert_eq!(read(Layout::Parents, "0\n").unwrap().cases, [(1, 0)]);
    }

    #[test]
    fn colour_words_of_any_length_are_read_letter_by_letter() {
        use Colour::{Blue, Red};
        let lists = read(Layout::ColouredParents, "3\n-1 1 -1\nBRR\n").unwrap();
        assert_eq!(lists.ends, [0, 1, 1, 2, 0, 3]);
        assert_eq!(lists.colours, [Blue, Red, Red]);
        // A word longer than any token a window waits for, through every small window.
        let n = 1000;
        let parents: Vec<String> = (0..n)
            .map(|i| if i == 0 { -1 } else { i }.to_string())
            .collect();
        let word: String = (0..n).map(|i| if i % 3 == 0 { 'R' } else { 'B' }).collect();
        let text = format!("{n}\n{}\n{word}\n", parents.join(" "));
        let lists = read(Layout::ColouredParents, &text).unwrap();
        assert_eq!(lists.colours.len(), n as usize);
        assert!((lists.colours.iter().enumerate()).all(|(i, &c)| (c == Red) == (i % 3 == 0)));
        assert_eq!(
            read(Layout::ColouredParents, "0\n").unwrap().cases,
            [(1, 0)]
        );
    }

    #[test]
    fn coloured_trees_carry_a_colour_per_edge() {
        use Colour::{Blue, Red};
        let lists = read(Layout::ColouredTrees, "2\n1\n3\n1 2 0\n3 1 1\n").unwrap();
        assert_eq!(lists.trees, [(1, 0..0), (3, 0..4)]);
        assert_eq!(lists.ends, [0, 1, 2, 0]);
        assert_eq!(lists.colours, [Blue, Red]);
    }

    #[test]
    fn stalks_are_heights_never_edges() {
        let lists = read(Layout::Stalks, "2\n1000000000 3\n").unwrap();
        assert_eq!(
            (lists.heights, lists.ends.len()),
            (vec![1_000_000_000, 3], 0)
        );
    }

    #[test]
    fn malformed_inputs() {
        for (layout, text, message) in [
            (
                Layout::OneTree,
                "",
                "expected the number of vertices N, found end of input",
            ),
            (
                Layout::OneTree,
                "3\n1 2\n",
                "expected 1 more edge, found end of input",
            ),
            (Layout::OneTree, "2\n1 3\n", "vertex 3 is out of range 1..2"),
            (
                Layout::OneTree,
                "2\n1 2\n2\n",
                "expected end of input, found `2`",
            ),
            (
                Layout::CountedTrees,
                "2\n1\n",
                "expected 1 more test case, found end of input",
            ),
            (
                Layout::CountedTrees,
                "1\n1\n1\n",
                "expected end of input, found `1`",
            ),
            (
                Layout::Stalks,
                "3\n1 2",
                "expected 1 more stalk height, found end of input",
            ),
            (Layout::Parents, "2\n-1 0\n", "parent 0 is out of range"),
            (Layout::Parents, "2\n-1 3\n", "parent 3 is out of range"),
            (Layout::Parents, "2\n-2 1\n", "parent -2 is out of range"),
            (
                Layout::Parents,
                "2\n-1\n",
                "expected 1 more parent, found end of input",
            ),
            (
                Layout::Forests,
                "2\n2\n1 2\n",
                "expected 1 more tree, found end of input",
            ),
            (
                Layout::TreesToEnd,
                "2 1 2 3 1 2",
                "expected 1 more edge, found end of input",
            ),
            (
                Layout::TreesToEnd,
                "5000000000\n",
                "too many vertices in one tree",
            ),
            (
                Layout::ColouredParents,
                "2\n-1 1\nB",
                "expected 1 more edge colour, found end of input",
            ),
            (
                Layout::ColouredParents,
                "2\n-1 1\nBG",
                "expected an edge colour B or R, found `G`",
            ),
            (
                Layout::ColouredParents,
                "2\n-1 1\nBRB",
                "expected end of input, found `B`",
            ),
            (
                Layout::ColouredTrees,
                "1\n2\n1 2 2\n",
                "colour 2 is out of range",
            ),
            (
                Layout::ColouredTrees,
                "1\n2\n1 2\n",
                "expected 1 more edge, found end of input",
            ),
        ] {
            assert_eq!(
                read(layout, text).unwrap_err(),
                message,
                "{layout:?} {text:?}"
            );
        }
    }

    /// The cases of `text` read as `layout` through a window of `chunk` bytes: the
    /// lists, and the first error as it is shown. `slow` keeps spans, so every number is
    /// read the general way (each case held, as `check` holds it); otherwise the quick
    /// rows come first.
    fn rendered(layout: Layout, text: &str, chunk: usize, slow: bool) -> String {
        let window = Window::with_chunk("t", text.as_bytes(), chunk);
        let mut cases = ProblemCases::new(window, layout);
        if slow {
            cases = cases.keep_spans();
        }
        let mut lists = CaseLists::default();
        let mut error = String::new();
        loop {
            if slow {
                // As `check` does, so that the spans kept stay true.
                cases.hold();
            }
            let Some(case) = cases.next_case(&mut lists) else {
                break;
            };
            if let Err(e) = case {
                error = e.render(&cases.feed_mut().excerpt(), false);
            }
        }
        let CaseLists {
            trees,
            ends,
            colours,
            cases,
            ..
        } = lists;
        format!("{trees:?} {ends:?} {colours:?} {cases:?}\n{error}")
    }

    #[test]
    fn quick_rows_read_and_refuse_as_the_general_path() {
        // Valid inputs of 600 rows, then each with one token replaced by something the
        // quick path must refuse or read as the general path does, at a row near a
        // window's end and one in the middle.
        let n = 600;
        let edges: Vec<String> = (2..=n).map(|v| format!("{} {v}", v / 2)).collect();
        let coloured: Vec<String> = (2..=n)
            .map(|v| format!("{} {v} {}", v / 2, v % 2))
            .collect();
        let parents: Vec<String> = (1..=n as i64)
            .map(|e: i64| if e % 7 == 1 { -1 } else { e - 1 }.to_string())
            .collect();
        let word: String = (0..n).map(|e| if e % 3 == 0 { 'R' } else { 'B' }).collect();
        let inputs = [
            (
                Layout::CountedTrees,
                format!("1\n{n}\n{}\n", edges.join("\n")),
            ),
            (
                Layout::ColouredTrees,
                format!("1\n{n}\n{}\n", coloured.join("\n")),
            ),
            (Layout::Parents, format!("{n}\n{}\n", parents.join(" "))),
            (
                Layout::ColouredParents,
                format!("{n}\n{}\n{word}\n", parents.join(" ")),
            ),
        ];
        let odd = [
            "0",
            "601",
            "-1",
            "-2",
            "2",
            "1x",
            "x",
            "0000007",
            "00000007",
            "12345678",
            "99999999999999999999",
            "-",
            "1\t\t\t\t\t\t\t\t\t\t",
            "3\u{feff}",
        ];
        for (layout, text) in &inputs {
            let tokens: Vec<(usize, &str)> = text
                .split_ascii_whitespace()
                .map(|t| (t.as_ptr() as usize - text.as_ptr() as usize, t))
                .collect();
            let mut variants = vec![text.clone()];
            for &(at, token) in [tokens.len() / 2, 1200, tokens.len() - n / 2 - 1]
                .iter()
                .filter_map(|&i| tokens.get(i))
            {
                for bad in odd {
                    let mut variant = text.clone();
                    variant.replace_range(at..at + token.len(), bad);
                    variants.push(variant);
                }
            }
            for variant in &variants {
                let want = rendered(*layout, variant, 1 << 15, true);
                for chunk in [1 << 15, 4096, 1000, 64] {
                    for slow in [false, true] {
                        assert_eq!(
                            rendered(*layout, variant, chunk, slow),
                            want,
                            "{layout:?}, chunk {chunk}, slow {slow}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn claimed_counts_allocate_nothing() {
        let lists = read(Layout::TreesToEnd, "4000000000 1 2").unwrap_err();
        assert_eq!(lists, "expected 3999999998 more edges, found end of input");
        let mut lists = CaseLists::default();
        let text = b"4000000000 1 2";
        let mut cases = ProblemCases::new(&text[..], Layout::TreesToEnd);
        assert!(cases.next_case(&mut lists).unwrap().is_err());
        assert!(lists.ends.capacity() <= text.len());
    }
}
