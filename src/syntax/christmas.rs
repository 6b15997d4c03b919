//! The POJ 3710 "Christmas Game" judge format (`grammars/christmas.ebnf`).
//!
//! Test cases follow each other until end of input; each is one [`Position`](super::Position). A case is a
//! count `N` of trees, then per tree `m k` (vertices `1..=m`, `k` edges) and `k` edges
//! `u v`. Vertex 1 of each tree is its ground. Tokens are separated by whitespace of any
//! kind; line breaks carry no meaning.
//!
//! [`Cases`] reads one case at a time, so a judge can answer the cases before a malformed
//! one. No allocation is sized by a count the input claims: vectors grow with what is
//! actually read.
//!
//! ```
//! use hackenbush::syntax::christmas::Cases;
//!
//! // Two test cases; the second names vertex 3 of a tree of 2 vertices.
//! let mut cases = Cases::new(b"1\n2 1\n1 2\n1\n2 1\n1 3\n");
//! let first = cases.next_case().unwrap()?;
//! assert_eq!(first.trees.len(), 1);
//! let error = cases.next_case().unwrap().unwrap_err();
//! assert_eq!(error.message, "vertex 3 is out of range 1..2");
//! # Ok::<(), hackenbush::diagnostic::Diagnostic>(())
//! ```

use std::collections::HashMap;

use crate::diagnostic::Diagnostic;
use crate::source::{Origin, Span};
use crate::wording::plural;

use super::lex::{self, found, integer, token_span};
use super::window::{Feed, MAX_TOKEN, Window};
use super::{GraphBuilder, GraphDecl, GraphKind, GraphSink, PositionRead, Reader};

mod write;

pub(crate) use write::refusal;
pub use write::write;

/// The test cases of a christmas-format input, parsed lazily, from a whole input in
/// memory (`F = &[u8]`, [`Cases::new`]) or through a [`Window`] over a reader
/// ([`Cases::streaming`]): the same grammar, errors and spans either way, spans being
/// offsets into what the feed shows ([`Window::excerpt`] turns them into a message).
pub struct Cases<F> {
    feed: F,
    /// The next byte to read in `feed.bytes()`.
    pos: usize,
    case: usize,
    failed: bool,
    /// Nothing has been read yet: a byte order mark may come first.
    at_start: bool,
    /// Line breaks before an offset, when lines are counted ([`Cases::counting_lines`]).
    lines: Option<LineCursor>,
    /// Every tree is read on two cores, however small, the far part starting this far
    /// into it, in percent ([`Cases::splitting_every_tree`]).
    split_every: Option<u64>,
    /// For [`EdgeLists::locating`]: the input offset of the last first edge located, and
    /// where it is, to count on from there.
    located: Option<(u64, Origin)>,
    /// Scratch space for the line of a first edge.
    line: Vec<u8>,
}

/// Bytes that must show past an edge's start for the quick path: blanks, two numbers of
/// up to 7 digits and the blank after each, read 8 bytes at a time.
const QUICK_AHEAD: usize = 64;

/// Bytes left in the input from which a tree that fills it is read on two cores: below
/// that, a few milliseconds of work, not worth a second reader.
const SPLIT_FROM: u64 = 1 << 22;

/// A tree is taken to fill the input when its edges would need more than this many
/// bytes each to reach the end (two numbers of 15 digits): in a file of many small test
/// cases, no tree is read on two cores.
const MOST_BYTES_PER_EDGE: u64 = 32;

/// Where the far reader of a split tree starts, in percent of the bytes left: the near
/// one also appends the far one's edges to its own.
const NEAR_PERCENT: u64 = 52;

/// How many line breaks come before `at` in what the feed shows: moved on as the parser
/// asks for the line of a later offset, and left with the feed's bytes when they move.
#[derive(Clone, Copy, Debug, Default)]
struct LineCursor {
    at: usize,
    breaks: u64,
}

impl<'a> Cases<&'a [u8]> {
    /// Cases of `input`.
    pub fn new(input: &'a [u8]) -> Self {
        Cases::with_feed(input)
    }
}

impl<R: std::io::Read + Send> Cases<Window<R>> {
    /// Cases read through `window`: memory stays within the window and the current test
    /// case's edge lists, whatever the size of the input. Only
    /// [`Cases::next_edge_lists`] reads this way (syntax trees need the whole input).
    pub fn streaming(window: Window<R>) -> Self {
        Cases::with_feed(window)
    }
}

impl<F: Feed> Cases<F> {
    fn with_feed(feed: F) -> Self {
        Cases {
            feed,
            pos: 0,
            case: 0,
            failed: false,
            at_start: true,
            lines: None,
            split_every: None,
            located: None,
            line: Vec::new(),
        }
    }

    /// The cases, counting lines as they are read, so that [`EdgeLists::with_lines`] get
    /// the line of each edge. Lines are counted from the first byte read: call it first.
    pub fn counting_lines(mut self) -> Self {
        self.lines = Some(LineCursor::default());
        self
    }

    /// Reads every tree on two cores when the feed can be split, not only one that fills
    /// a large input, the far part starting about `percent` of the way into the tree: a
    /// way to try the two-core reading on small inputs (the tests split them
    /// everywhere), never faster.
    pub fn splitting_every_tree(mut self, percent: u64) -> Self {
        self.split_every = Some(percent);
        self
    }

    /// The 1-based line of offset `at`, which is not before an offset asked for before
    /// (0 when lines are not counted).
    fn line_of(&mut self, at: usize) -> u64 {
        let Some(cursor) = &mut self.lines else {
            return 0;
        };
        let bytes = &self.feed.bytes()[cursor.at.min(at)..at];
        cursor.breaks += crate::source::line_breaks(bytes) as u64;
        cursor.at = at;
        cursor.breaks + 1
    }

    /// Before the feed drops what is before the parser's position: the lines counted to
    /// there.
    fn lines_to_here(&mut self) {
        if self.lines.is_some() {
            self.line_of(self.pos);
        }
    }

    /// Every offset moved left by `shift`.
    fn shifted(&mut self, shift: usize) {
        if let Some(cursor) = &mut self.lines {
            cursor.at -= shift;
        }
    }

    /// What the cases are read from (after an error: where its span points).
    pub fn feed(&self) -> &F {
        &self.feed
    }

    /// See [`Cases::feed`].
    pub fn feed_mut(&mut self) -> &mut F {
        &mut self.feed
    }

    /// Whether reading the next test case would wait for input that has not come yet
    /// ([`Feed::waits`]): then whoever feeds the input may be waiting for the answers
    /// to the cases read so far.
    pub fn waits(&self) -> bool {
        self.feed.waits(self.pos)
    }

    fn rest(&self) -> &[u8] {
        &self.feed.bytes()[self.pos..]
    }

    /// Skips whitespace, reading on when the feed shows no more.
    fn skip_space(&mut self) {
        loop {
            let bytes = self.feed.bytes();
            if self.at_start && self.pos < bytes.len() {
                // The first bytes the feed shows are the input's first bytes.
                self.at_start = false;
                self.pos += lex::bom_len(&bytes[self.pos..]);
                continue;
            }
            self.pos += bytes[self.pos..]
                .iter()
                .take_while(|&&b| lex::is_space(b))
                .count();
            if self.pos < bytes.len() {
                return;
            }
            self.lines_to_here();
            match self.feed.more(self.pos) {
                Some(shift) => {
                    self.pos -= shift;
                    self.shifted(shift);
                }
                None => return,
            }
        }
    }

    /// Where "found end of input" points: just after the last token, so the caret sits
    /// on a line with content rather than on an empty last line. (A window that no longer
    /// shows the last token, after a megabyte of blanks, points at the end itself.)
    fn end_of_content(&self) -> Span {
        let bytes = self.feed.bytes();
        let blanks = bytes
            .iter()
            .rev()
            .take_while(|&&b| lex::is_space(b))
            .count();
        match bytes.len() - blanks {
            0 => Span::at(bytes.len()),
            end => Span::at(end),
        }
    }

    /// `number = integer`: the next token, which must be a number; `what` names it for
    /// the message ("the number of trees N").
    ///
    /// The common case (blanks, then at most 19 digits, then a blank or the end) is
    /// scanned here in one tight loop: this runs twice per edge of judge data. Anything
    /// else goes through the nom parsers of [`lex`], which also make the messages.
    #[inline]
    fn expect_number(&mut self, what: &str) -> Result<(u64, Span), Diagnostic> {
        match self.quick_number() {
            Some(found) => Ok(found),
            None => self.number_slowly(what),
        }
    }

    /// The common case of [`Self::expect_number`], or `None` to take the slow road (which
    /// also reads on when the feed shows no more).
    #[inline(always)]
    fn quick_number(&mut self) -> Option<(u64, Span)> {
        let (value, start, end) = lex::quick_number(&self.feed.bytes()[self.pos..])?;
        let offset = self.pos;
        self.pos += end;
        Some((value, Span::new(offset + start, offset + end)))
    }

    /// [`Self::expect_number`] for the uncommon cases: long numbers, errors, and the end
    /// of what the feed shows.
    #[cold]
    fn number_slowly(&mut self, what: &str) -> Result<(u64, Span), Diagnostic> {
        self.skip_space();
        let rest = self.rest();
        match integer(rest) {
            Ok((after, (value, digits))) => {
                let span = Span::new(self.pos, self.pos + digits.len());
                // A number glued to other characters (`3x`) is not a number.
                if after.first().is_some_and(|&b| !lex::is_space(b)) {
                    return Err(self.unexpected(what));
                }
                self.pos += digits.len();
                // Longer than any token a window waits for (leading zeros included).
                let value = value.filter(|_| span.end - span.start <= MAX_TOKEN as u32);
                let value = value.ok_or_else(|| {
                    Diagnostic::new(
                        span,
                        "number too large",
                        format!("expected {what}, at most {}", u64::MAX),
                    )
                })?;
                Ok((value, span))
            }
            Err(_) => Err(self.unexpected(what)),
        }
    }

    /// "expected WHAT, found X" about the token at the current position.
    fn unexpected(&self, what: &str) -> Diagnostic {
        let bytes = self.feed.bytes();
        let at = &bytes[self.pos..];
        let span = if at.is_empty() {
            self.end_of_content()
        } else {
            token_span(bytes, at)
        };
        Diagnostic::expected(span, what, &found(at))
    }

    /// "expected 3 more edges, found end of input", at the end of the last token.
    #[cold]
    fn missing(&self, left: u64, what: &str, declared: String) -> Diagnostic {
        Diagnostic::new(
            self.end_of_content(),
            format!(
                "expected {left} more {what}{}, found end of input",
                plural(left)
            ),
            declared,
        )
    }

    /// `test_case = trees, { tree }`, into `sink`: the number of trees `N` as written,
    /// with its span, and the test case's span.
    fn parse_case<S: Sink>(&mut self, sink: &mut S) -> Result<((u64, Span), Span), Diagnostic> {
        let (trees, n_span) = self.expect_number("the number of trees N")?;
        for t in 0..trees {
            if self.at_end() {
                let declared = format!("test case {} declares {trees} trees", self.case);
                return Err(self.missing(trees - t, "tree", declared));
            }
            self.parse_tree(sink)?;
        }
        Ok(((trees, n_span), n_span.to(Span::at(self.pos))))
    }

    /// `tree = vertex_count, edge_count, { edge }`, into `sink`.
    fn parse_tree<S: Sink>(&mut self, sink: &mut S) -> Result<(), Diagnostic> {
        let (m, m_span) = self.expect_number("the number of vertices m")?;
        let (k, k_span) = self.expect_number("the number of edges k")?;
        // At least 4 bytes per edge (`1 2\n`): a bound by what is there, not by what k claims.
        let room = (k as usize).min(self.feed.bytes_left(self.pos) / 4);
        let declared = Declared {
            m,
            m_span,
            k,
            k_span,
        };
        sink.start_tree(declared, room);
        if k > 0 && sink.locates() {
            self.locate_edge(sink);
        }
        let mut read = 0;
        if self.lines.is_none()
            && let Some(lists) = sink.bare()
        {
            read = self.edges_in_halves(m, k, lists)?;
        }
        self.tree_edges(m, k, &mut read, u64::MAX, sink)?;
        sink.end_tree();
        Ok(())
    }

    /// The edges of a tree with `m` vertices and `k` edges, `read` of them read already,
    /// into `sink`, until all are read or the next one would start at input offset
    /// `fence` or beyond.
    fn tree_edges<S: Sink>(
        &mut self,
        m: u64,
        k: u64,
        read: &mut u64,
        fence: u64,
        sink: &mut S,
    ) -> Result<(), Diagnostic> {
        while *read < k {
            // The fence as an offset into what the feed shows (which moves as it reads).
            let stop =
                usize::try_from(fence.saturating_sub(self.feed.offset())).unwrap_or(usize::MAX);
            if self.pos >= stop {
                break;
            }
            if let Some(ends) = sink.dense_ends() {
                *read += self.quick_edges(m, k - *read, stop, ends);
                if *read == k || self.pos >= stop {
                    break;
                }
            }
            // The quick path first; the end of input is checked only when it fails.
            let (u, u_span) = match self.quick_number() {
                Some((x, span)) => in_range(x, m, span)?,
                None => {
                    if self.at_end() {
                        let declared = format!("the tree declares {k} edges");
                        return Err(self.missing(k - *read, "edge", declared));
                    }
                    self.slow_vertex(m)?
                }
            };
            // Handed over before reading on: reading may move the window under `u_span`.
            let u = sink.vertex(u, u_span)?;
            if S::LINES {
                let line = self.line_of(u_span.start as usize);
                sink.line(line);
            }
            let (v, v_span) = match self.quick_number() {
                Some((x, span)) => in_range(x, m, span)?,
                None => self.slow_vertex(m)?,
            };
            let v = sink.vertex(v, v_span)?;
            // The edge's span is exact for whole inputs, the only ones with syntax trees.
            sink.edge(u, v, u_span.to(v_span));
            *read += 1;
        }
        Ok(())
    }

    /// The first edges of a tree of `k` edges read here while another core reads the
    /// rest from the far part of the input, when the feed can be read twice, the tree
    /// looks to fill most of a large input, and there are two cores: returns how many
    /// were read (0 if the input was not split, or all that were read here).
    ///
    /// The far reader starts at a line past the middle ([`Feed::split`]) and takes what
    /// the quick path reads there, up to `k` edges; this core reads as always, stopping
    /// before that line. Its edges are appended when this core stopped at that line's
    /// break and the two together are no more than `k`: then every token up to where the
    /// far reader stopped is an end of this tree, in the order it reads them, and the
    /// far reader's feed is read on from ([`Feed::take_over`]). Otherwise (a line
    /// that splits an edge, or a tree that ends in the far part) its work is dropped and
    /// this core reads on from the line as if nothing happened: errors and edges are the
    /// same either way.
    fn edges_in_halves(
        &mut self,
        m: u64,
        k: u64,
        lists: &mut EdgeLists,
    ) -> Result<u64, Diagnostic> {
        let left = self.feed.bytes_left(self.pos) as u64;
        // The bytes the tree may take: all that is left, when it fills the input.
        let most = left.min(k.saturating_mul(MOST_BYTES_PER_EDGE));
        let percent = match self.split_every {
            Some(percent) => percent,
            None if left >= SPLIT_FROM && most == left => NEAR_PERCENT,
            None => return Ok(0),
        };
        if crate::threads::current_num_threads() < 2 {
            return Ok(0);
        }
        let here = self.feed.offset() + self.pos as u64;
        let Some(far) = self.feed.split(here + most * percent / 100) else {
            return Ok(0);
        };
        let fence = far.offset() - 1;
        let mut far = Cases {
            at_start: false,
            ..Cases::with_feed(far)
        };
        let mut read = 0;
        let (near, tail) = crate::threads::join(
            || self.tree_edges(m, k, &mut read, fence, lists),
            || far.far_edges(m, k),
        );
        near?;
        let far_read = (tail.len() / 2) as u64;
        let here = self.feed.offset() + self.pos as u64;
        if here == fence && far_read > 0 && read + far_read <= k {
            lists.ends.extend_from_slice(&tail);
            read += far_read;
            // The far feed starts just after the line break this core stopped at.
            self.feed.take_over(far.feed, self.pos + 1);
            self.pos = far.pos;
        }
        Ok(read)
    }

    /// The edges of a tree with `m` vertices that the quick path reads from where the
    /// feed starts, up to `most` of them: the far part of [`Cases::edges_in_halves`].
    fn far_edges(&mut self, m: u64, most: u64) -> Vec<u32> {
        let room = (most as usize).min(self.feed.bytes_left(0) / 4);
        let mut ends = Vec::with_capacity(room.saturating_mul(2));
        let mut read = 0;
        while read < most {
            read += self.quick_edges(m, most - read, usize::MAX, &mut ends);
            // Stopped short of the end of what shows: at something else than an edge.
            if read == most || self.pos + QUICK_AHEAD <= self.feed.bytes().len() {
                break;
            }
            match self.feed.more(self.pos) {
                Some(shift) => self.pos -= shift,
                None => break,
            }
        }
        ends
    }

    /// Up to `left` edges of a tree with `m` vertices whose ids are dense (`x - 1`),
    /// appended to `ends`: the innermost loop of reading judge data, with no spans and
    /// no messages. It reads only what it is sure of (a vertex in range, of at most 7
    /// digits, after blanks and before a blank, well inside what the feed shows) and
    /// stops at anything else, which the general path then reads, or reports, exactly
    /// as before, and after an edge that ends at offset `stop` or beyond. Returns how
    /// many edges it read.
    #[inline]
    fn quick_edges(&mut self, m: u64, left: u64, stop: usize, ends: &mut Vec<u32>) -> u64 {
        let bytes = self.feed.bytes();
        let mut pos = self.pos;
        let mut read = 0;
        while read < left && pos < stop && pos + QUICK_AHEAD <= bytes.len() {
            let Some((u, after)) = quick_vertex(bytes, pos, m) else {
                break;
            };
            let Some((v, after)) = quick_vertex(bytes, after, m) else {
                break;
            };
            ends.extend_from_slice(&[u, v]);
            pos = after;
            read += 1;
        }
        self.pos = pos;
        read
    }

    /// `vertex = integer` in `1..=m`, when the quick path declined the token (a long
    /// number, or not a number at all).
    #[cold]
    fn slow_vertex(&mut self, m: u64) -> Result<(u64, Span), Diagnostic> {
        let (x, span) = self.number_slowly("a vertex number")?;
        in_range(x, m, span)
    }

    fn at_end(&mut self) -> bool {
        self.skip_space();
        self.rest().is_empty()
    }

    /// Tells `sink` where the next edge is written ([`Sink::located`]): the line it is
    /// on as a message shows it, where that line starts in the input, and the edge's span
    /// in it (to the end of its second number, or of the line when that number is on
    /// another). Nothing when the input ends first (the tree is then malformed).
    #[cold]
    fn locate_edge<S: Sink>(&mut self, sink: &mut S) {
        self.skip_space();
        let at = self.pos;
        if at >= self.feed.bytes().len() {
            return;
        }
        let origin = self.origin_of(at);
        let mut line = std::mem::take(&mut self.line);
        line.clear();
        let start = self.feed.line_around(at, &mut line);
        // Where the line starts: as many lines before it as before `at`, and the
        // characters of the line before `at`, less those between its start and `at`.
        let from = at - start;
        let before = Origin {
            columns: origin.columns - crate::source::chars(&line[..from]),
            ..origin
        };
        let digits = |i: usize| line[i..].iter().take_while(|b| b.is_ascii_digit()).count();
        let mut end = from + digits(from);
        let blanks = line[end..]
            .iter()
            .take_while(|&&b| lex::is_space(b))
            .count();
        end = match digits(end + blanks) {
            0 => line.len(),
            n => end + blanks + n,
        };
        sink.located(before, &line, Span::new(from, end));
        self.line = line;
    }

    /// Where offset `at` of what the feed shows is in the input: counted on from the
    /// offset asked for last, when the feed still shows it (so that locating each test
    /// case's first edge costs one pass over the input), else from what the feed shows
    /// first.
    fn origin_of(&mut self, at: usize) -> Origin {
        let offset = self.feed.offset();
        let here = offset + at as u64;
        let (from, mut origin) = match self.located {
            Some((last, origin)) if last >= offset && last <= here => {
                ((last - offset) as usize, origin)
            }
            _ => (0, self.feed.origin()),
        };
        origin.advance(&self.feed.bytes()[from..at]);
        self.located = Some((here, origin));
        origin
    }
}

/// What a tree's first line declares: `m` vertices and `k` edges, with their spans.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Declared {
    /// The number of vertices `m`.
    pub m: u64,
    /// Where `m` is written.
    pub m_span: Span,
    /// The number of edges `k`.
    pub k: u64,
    /// Where `k` is written.
    pub k_span: Span,
}

/// Whether the vertices of a tree with `m` vertices get the dense ids `x - 1` (when every
/// vertex number fits); otherwise the numbers actually used are interned, so that nothing
/// is sized by `m`.
fn dense(m: u64) -> bool {
    m < u64::from(u32::MAX)
}

/// Where a test case's trees go as they are read.
pub(crate) trait Sink {
    /// A tree starts, with room for about `room` edges (`k`, at most the bytes left / 4:
    /// a bound by what the input holds, not by what `k` claims).
    fn start_tree(&mut self, declared: Declared, room: usize);
    /// The id of vertex `x` (in `1..=m`, written at `span`).
    fn vertex(&mut self, x: u64, span: Span) -> Result<u32, Diagnostic>;
    /// Whether the sink wants the line of each edge ([`Sink::line`]).
    const LINES: bool = false;
    /// The line of the next edge (where its first end is written), before the edge.
    fn line(&mut self, _line: u64) {}
    /// One edge between vertex ids `u` and `v`, written at `span`.
    fn edge(&mut self, u: u32, v: u32, span: Span);
    /// The tree ends.
    fn end_tree(&mut self);
    /// Where the current tree's edges go as bare ends (`x - 1`, two per edge), if that is
    /// all the sink does with them: then they may be read without spans, in bulk.
    #[inline(always)]
    fn dense_ends(&mut self) -> Option<&mut Vec<u32>> {
        None
    }
    /// The edge lists themselves, when that is all the sink is and the current tree's
    /// ends are dense: then the tree may be read on two cores.
    fn bare(&mut self) -> Option<&mut EdgeLists> {
        None
    }
    /// Whether the sink wants to know where the next edge, the first of its tree, is
    /// written ([`Sink::located`]).
    #[inline(always)]
    fn locates(&self) -> bool {
        false
    }
    /// The next edge is written at `span` of `line`, a line of the input (or the part a
    /// message shows of a long one) that starts at `origin`.
    fn located(&mut self, _origin: Origin, _line: &[u8], _span: Span) {}
}

/// The trees of a test case built with [`GraphBuilder`]s (vertex 1 is the ground), each
/// handed to `done` with its first line when it is complete.
pub(crate) struct Trees<D> {
    done: D,
    tree: Option<(Declared, GraphBuilder)>,
}

impl<D: FnMut(Declared, GraphDecl)> Trees<D> {
    /// Trees for `done`.
    pub(crate) fn new(done: D) -> Self {
        Trees { done, tree: None }
    }
}

impl<D: FnMut(Declared, GraphDecl)> Sink for Trees<D> {
    fn start_tree(&mut self, declared: Declared, room: usize) {
        let mut tree = if dense(declared.m) {
            GraphBuilder::numbered(declared.m as u32, declared.m_span)
        } else {
            let mut tree = GraphBuilder::named(declared.m_span);
            tree.set_kind(GraphKind::Tree);
            tree
        };
        tree.reserve_edges(room);
        if declared.m > 0 {
            // Vertex 1 (id 0 either way: dense, or interned first) is the ground.
            let ground = if dense(declared.m) {
                Ok(0)
            } else {
                tree.number(1, declared.m_span)
            };
            if let Ok(id) = ground {
                tree.ground(id, declared.m_span);
            }
        }
        self.tree = Some((declared, tree));
    }

    fn vertex(&mut self, x: u64, span: Span) -> Result<u32, Diagnostic> {
        match &mut self.tree {
            Some((declared, _)) if dense(declared.m) => Ok((x - 1) as u32),
            Some((_, tree)) => tree.number(x, span).map_err(|_| too_many_vertices(span)),
            None => unreachable!("vertices come inside trees"),
        }
    }

    fn edge(&mut self, u: u32, v: u32, span: Span) {
        if let Some((_, tree)) = &mut self.tree {
            tree.edge(u, v, span);
        }
    }

    fn end_tree(&mut self) {
        if let Some((declared, tree)) = self.tree.take() {
            (self.done)(declared, tree.finish().graph);
        }
    }
}

/// A test case as written, for `hackenbush check`: every count with its span, and every
/// tree with what its first line declares.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TestCase {
    /// Its 1-based number in the input.
    pub case: usize,
    /// Where it is written, from `N` to the end of its last edge.
    pub span: Span,
    /// The number of trees `N`, and where it is written.
    pub trees_declared: (u64, Span),
    /// The trees, in input order.
    pub trees: Vec<Tree>,
}

/// One tree of a [`TestCase`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tree {
    /// Its first line, `m k`.
    pub declared: Declared,
    /// The tree as a graph: vertex `i + 1` of the input is id `i` (or, when `m` does not
    /// fit 32 bits, the numbers used are interned, vertex 1 first), vertex 1 the ground.
    pub graph: GraphDecl,
}

fn too_many_vertices(span: Span) -> Diagnostic {
    Diagnostic::new(span, "too many vertices in one tree", "")
}

/// A test case as bare edge lists, for values alone ([`Cases::next_edge_lists`], the
/// [pipeline](crate::pipeline)'s judge and christmas path): no names, no spans, one flat
/// buffer reused from case to case. Tree `t` has `trees[t].0` vertex ids (vertex 1 of the input
/// is id 0, the ground) and its edges are the pairs `ends[trees[t].1]` (u, v, u, v, ...).
///
/// Made [`EdgeLists::with_lines`] (for winning moves, read by [`Cases`] that count
/// lines), they also hold the line of each edge and the vertex numbers behind the ids.
#[derive(Clone, Debug, Default)]
pub struct EdgeLists {
    /// Per tree: vertex-id count and the range of its ends in `ends`.
    pub trees: Vec<(u32, std::ops::Range<usize>)>,
    /// Edge ends, two per edge.
    pub ends: Vec<u32>,
    /// With lines: the 1-based line of each edge (where its first end is written).
    pub lines: Vec<u64>,
    /// With lines: per tree, the range in `numbers` of its vertex numbers by id, when they
    /// were interned (an empty range: id `i` is vertex `i + 1`).
    pub named: Vec<std::ops::Range<usize>>,
    /// The vertex numbers of the interned trees, by id.
    pub numbers: Vec<u64>,
    /// Made [`EdgeLists::locating`]: per test case, where its first edge is written, if
    /// it has one.
    pub first_edges: Vec<Option<FirstEdge>>,
    /// The lines of the first edges ([`FirstEdge::line`]).
    pub first_lines: Vec<u8>,
    with_lines: bool,
    locating: bool,
    start: usize,
    /// The current tree's vertex count, when its ids are dense.
    dense: Option<u32>,
    /// The current tree's vertex numbers, when they are not.
    ids: HashMap<u64, u32>,
}

impl EdgeLists {
    /// Lists that also hold the line of each edge and the vertex numbers of interned
    /// trees (see the type's docs).
    pub fn with_lines() -> Self {
        EdgeLists {
            with_lines: true,
            ..EdgeLists::default()
        }
    }

    /// Lists that also hold, per test case, where its first edge is written
    /// ([`EdgeLists::first_edges`]): what a message about the whole test case points at
    /// (as the [misère analysis](crate::analysis::misere)'s refusal does), at the cost of
    /// a pass over the input's line breaks, without the line of every edge.
    pub fn locating() -> Self {
        EdgeLists {
            locating: true,
            ..EdgeLists::default()
        }
    }

    /// Empties the lists, keeping their memory.
    pub fn clear(&mut self) {
        self.trees.clear();
        self.ends.clear();
        self.lines.clear();
        self.named.clear();
        self.numbers.clear();
        self.first_edges.clear();
        self.first_lines.clear();
    }

    /// Drops what was appended after the lists held `trees` trees and `ends` ends (and
    /// `cases` first edges, when locating).
    fn truncate(&mut self, trees: usize, ends: usize, cases: usize) {
        self.trees.truncate(trees);
        self.ends.truncate(ends);
        if self.locating {
            self.first_edges.truncate(cases);
            let end = (self.first_edges.iter().rev())
                .find_map(|first| first.as_ref().map(|f| f.line.end));
            self.first_lines.truncate(end.unwrap_or(0));
        }
        if self.with_lines {
            self.lines.truncate(ends / 2);
            self.named.truncate(trees);
            self.numbers
                .truncate(self.named.last().map_or(0, |r| r.end));
        }
    }
}

/// Where the first edge of a test case is written, kept by [`EdgeLists::locating`]: the
/// line it is on (as much as a message shows of a long one), where that line starts in
/// the input, and the edge's span in it; [`FirstEdge::excerpt`] makes a message about it
/// read as with the whole input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FirstEdge {
    /// The lines and columns before the line's first byte kept.
    pub origin: Origin,
    /// The line, in [`EdgeLists::first_lines`].
    pub line: std::ops::Range<usize>,
    /// The edge, in the line.
    pub span: Span,
}

impl FirstEdge {
    /// The line as a [`Source`](crate::source::Source) named `name`, in which
    /// [`FirstEdge::span`] points at the edge, from the lists that hold it.
    pub fn excerpt(&self, name: &str, lists: &EdgeLists) -> crate::source::Source {
        let text = lists.first_lines[self.line.clone()].to_vec();
        // A line is at most twice the context a window keeps: never too large.
        crate::source::Source::excerpt(name, text, self.origin)
            .expect("a line of a few hundred bytes")
    }
}

/// [`EdgeLists`] that hold lines and numbers too.
struct Lined<'a>(&'a mut EdgeLists);

impl Sink for Lined<'_> {
    const LINES: bool = true;

    fn start_tree(&mut self, declared: Declared, room: usize) {
        let lists = &mut *self.0;
        lists.start_tree(declared, room);
        lists.lines.reserve(room);
        let start = lists.numbers.len();
        if lists.dense.is_none() {
            lists.numbers.push(1);
        }
        lists.named.push(start..start);
    }

    #[inline(always)]
    fn vertex(&mut self, x: u64, span: Span) -> Result<u32, Diagnostic> {
        let lists = &mut *self.0;
        let interned = lists.ids.len();
        let id = lists.vertex(x, span)?;
        if lists.ids.len() > interned {
            lists.numbers.push(x);
        }
        Ok(id)
    }

    #[inline(always)]
    fn line(&mut self, line: u64) {
        self.0.lines.push(line);
    }

    #[inline(always)]
    fn edge(&mut self, u: u32, v: u32, span: Span) {
        self.0.edge(u, v, span);
    }

    fn end_tree(&mut self) {
        let lists = &mut *self.0;
        lists.end_tree();
        let end = lists.numbers.len();
        if let Some(named) = lists.named.last_mut() {
            named.end = end;
        }
    }
}

impl Sink for EdgeLists {
    fn start_tree(&mut self, declared: Declared, room: usize) {
        self.start = self.ends.len();
        self.ends.reserve(room.saturating_mul(2));
        self.dense = dense(declared.m).then_some(declared.m as u32);
        self.ids.clear();
        if self.dense.is_none() {
            self.ids.insert(1, 0);
        }
    }

    #[inline(always)]
    fn vertex(&mut self, x: u64, span: Span) -> Result<u32, Diagnostic> {
        if self.dense.is_some() {
            return Ok((x - 1) as u32);
        }
        let next = self.ids.len();
        let next = u32::try_from(next)
            .ok()
            .filter(|&id| id < u32::MAX)
            .ok_or_else(|| too_many_vertices(span))?;
        Ok(*self.ids.entry(x).or_insert(next))
    }

    #[inline(always)]
    fn edge(&mut self, u: u32, v: u32, _span: Span) {
        self.ends.push(u);
        self.ends.push(v);
    }

    #[inline(always)]
    fn dense_ends(&mut self) -> Option<&mut Vec<u32>> {
        self.dense.is_some().then_some(&mut self.ends)
    }

    fn bare(&mut self) -> Option<&mut EdgeLists> {
        self.dense.is_some().then_some(self)
    }

    #[inline(always)]
    fn locates(&self) -> bool {
        self.locating && self.first_edges.last().is_some_and(Option::is_none)
    }

    fn located(&mut self, origin: Origin, line: &[u8], span: Span) {
        let start = self.first_lines.len();
        self.first_lines.extend_from_slice(line);
        if let Some(first) = self.first_edges.last_mut() {
            *first = Some(FirstEdge {
                origin,
                line: start..self.first_lines.len(),
                span,
            });
        }
    }

    fn end_tree(&mut self) {
        let n = match self.dense {
            Some(m) => m,
            None => u32::try_from(self.ids.len()).unwrap_or(u32::MAX),
        };
        self.trees.push((n, self.start..self.ends.len()));
    }
}

impl<F: Feed> Cases<F> {
    /// The next test case as bare edge lists (see [`EdgeLists`]), for callers that need
    /// only the values: the same grammar and errors as the iterator, without building a
    /// syntax tree. Its trees are APPENDED to `lists` (clear it to start afresh), so a
    /// batch of cases can share one buffer; a malformed case appends nothing. Returns
    /// `None` at the end of the input or after an error.
    pub fn next_edge_lists(&mut self, lists: &mut EdgeLists) -> Option<Result<(), Diagnostic>> {
        if self.failed || self.at_end() {
            return None;
        }
        self.case += 1;
        let (trees, ends) = (lists.trees.len(), lists.ends.len());
        let cases = lists.first_edges.len();
        if lists.locating {
            lists.first_edges.push(None);
        }
        let result = if lists.with_lines {
            self.parse_case(&mut Lined(lists)).map(|_| ())
        } else {
            self.parse_case(lists).map(|_| ())
        };
        if result.is_err() {
            lists.truncate(trees, ends, cases);
        }
        self.failed = result.is_err();
        Some(result)
    }

    /// The declared size `(m, k)` of the first tree of the next test case, without
    /// consuming a token (it may read the first window); `k` is capped by the bytes known
    /// to be left (4 per edge at least). `None` if what shows does not start that way. A
    /// hint for preparing buffers, not a promise.
    pub fn peek_first_tree(&mut self) -> Option<(u64, u64)> {
        self.skip_space();
        let mut ahead = Cases::new(self.rest());
        let (trees, _) = ahead.quick_number()?;
        if trees == 0 {
            return None;
        }
        let (m, _) = ahead.quick_number()?;
        let (k, _) = ahead.quick_number()?;
        let left = self.feed.bytes_left(self.pos + ahead.pos);
        Some((m, k.min(left as u64 / 4)))
    }

    /// The next test case as written ([`TestCase`]), `None` at the end of the input or
    /// after an error. Read through a [`Window`], the window holds the whole test case
    /// (and the line it starts on) until the next call, so that every span of it can be
    /// shown with [`Window::excerpt`]: memory follows the largest test case.
    pub fn next_case(&mut self) -> Option<Result<TestCase, Diagnostic>> {
        if self.failed || self.at_end() {
            return None;
        }
        self.lines_to_here();
        let shift = self.feed.hold(self.pos);
        self.pos -= shift;
        self.shifted(shift);
        self.case += 1;
        let mut trees = Vec::new();
        let mut sink = Trees::new(|declared, graph| trees.push(Tree { declared, graph }));
        let result = self.parse_case(&mut sink);
        self.failed = result.is_err();
        Some(result.map(|(trees_declared, span)| TestCase {
            case: self.case,
            span,
            trees_declared,
            trees,
        }))
    }
}

/// The vertex id (`x - 1`) written after the blanks at `pos`, and where it ends, if it
/// is in `1..=m` and read in one step ([`lex::short_number`]; else `None`: the caller
/// reads it the general way).
#[inline(always)]
fn quick_vertex(bytes: &[u8], pos: usize, m: u64) -> Option<(u32, usize)> {
    let (x, end) = lex::short_number(bytes, pos, false)?;
    if x == 0 || x as u64 > m {
        return None;
    }
    Some(((x - 1) as u32, end))
}

/// `x` if it is a vertex of a tree with `m` vertices.
#[inline(always)]
fn in_range(x: u64, m: u64, span: Span) -> Result<(u64, Span), Diagnostic> {
    if x != 0 && x <= m {
        Ok((x, span))
    } else {
        Err(out_of_range(x, m, span))
    }
}

/// "vertex 7 is out of range 1..5".
#[cold]
fn out_of_range(x: u64, m: u64, span: Span) -> Diagnostic {
    let range = if m == 0 {
        "the tree has no vertices (m = 0)".to_string()
    } else {
        format!("expected a vertex in 1..{m}")
    };
    Diagnostic::new(span, format!("vertex {x} is out of range 1..{m}"), range)
}

impl Reader for Cases<&[u8]> {
    /// `input = space, { test_case, space }`: the next test case, its trees handed to
    /// `sink` one by one.
    fn next_position(
        &mut self,
        sink: &mut dyn GraphSink,
    ) -> Option<Result<PositionRead, Diagnostic>> {
        if self.failed || self.at_end() {
            return None;
        }
        self.case += 1;
        let mut trees = Trees::new(|_, graph| sink.graph(graph));
        let result = self.parse_case(&mut trees).map(|(_, span)| PositionRead {
            case: Some(self.case),
            span,
        });
        self.failed = result.is_err();
        Some(result)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax::{Position, Vertices};

    fn cases(text: &str) -> Vec<Result<Position, Diagnostic>> {
        crate::syntax::positions(Cases::new(text.as_bytes())).collect()
    }

    #[test]
    fn poj_sample() {
        let got = cases("1\n4 4\n1 2\n2 3\n2 4\n3 4\n");
        assert_eq!(got.len(), 1);
        let p = got[0].as_ref().unwrap();
        assert_eq!(p.case, Some(1));
        assert_eq!(p.graphs.len(), 1);
        let g = &p.graphs[0];
        assert_eq!(g.vertices, Vertices::Numbered(4));
        assert_eq!(g.ground, vec![0]);
        assert_eq!(g.edges.len(), 4);
        assert_eq!((g.edges[3].u, g.edges[3].v), (2, 3));
        assert_eq!(g.edges[3].span, Span::new(18, 21));
    }

    #[test]
    fn several_cases_any_whitespace_no_final_newline() {
        let got = cases("2\r\n1 0\t3 1 1 3\r\n0\n\x0b1 2 1\n1 2");
        assert_eq!(got.len(), 3);
        assert_eq!(got[0].as_ref().unwrap().graphs.len(), 2);
        assert!(got[1].as_ref().unwrap().graphs.is_empty());
        assert_eq!(got[2].as_ref().unwrap().case, Some(3));
    }

    #[test]
    fn empty_input_has_no_cases() {
        assert!(cases("").is_empty());
        assert!(cases(" \r\n ").is_empty());
    }

    /// The error that ends the first test case of `text`.
    fn error(text: &str) -> Diagnostic {
        cases(text).swap_remove(0).unwrap_err()
    }

    #[test]
    fn malformed_cases() {
        for (text, message) in [
            ("1\n3 1\n1 7\n", "vertex 7 is out of range 1..3"),
            ("1\n3 4\n1 2\n", "expected 3 more edges, found end of input"),
            ("2\n3 1\n1 2\n", "expected 1 more tree, found end of input"),
            ("99999999999999999999\n", "number too large"),
            ("1\n3 x\n", "expected the number of edges k, found `x`"),
            ("1\n3 2x\n", "expected the number of edges k, found `2x`"),
            // Claimed sizes are not allocated.
            (
                "1000000000000\n1000000000000 1000000000000\n1 1000000000000\n",
                "expected 999999999999 more edges, found end of input",
            ),
        ] {
            assert_eq!(error(text).message, message, "{text:?}");
        }
        assert_eq!(error("1\n3 1\n1 7\n").span, Span::new(8, 9));
    }

    #[test]
    fn huge_m_is_interned() {
        let got = cases("1\n1000000000000 1\n1 1000000000000\n");
        let g = &got[0].as_ref().unwrap().graphs[0];
        assert_eq!(g.vertices.len(), 2);
        assert_eq!(g.edges[0].v, 1);
    }

    /// The bulk reading of dense edges ([`Cases::quick_edges`]) against the general
    /// path (the syntax trees of [`Cases::next_case`]): the same ends and the same error,
    /// span and message, on random test cases written with blanks of every kind and
    /// length, leading zeros, numbers of 6 to 9 digits, vertices at and beyond `m`, and
    /// stray characters.
    #[test]
    fn bulk_edges_read_as_the_general_path_does() {
        let mut rng = crate::rng::Rng::new(11);
        let blanks = [" ", "  ", "\n", "\r\n", "\t", " \x0b ", "         \n"];
        for _ in 0..3_000 {
            let m = [3, 9, 999_999, 1_000_000, 9_999_999, 10_000_001][rng.below_u32(6) as usize];
            let k = rng.below_u32(60);
            let mut text = format!("1\n{m} {k}\n");
            for _ in 0..2 * k {
                let x = match rng.below_u32(40) {
                    0 => m + 1,
                    1 => 0,
                    2 => m,
                    _ => 1 + u64::from(rng.below_u32(m.min(1 << 30) as u32)),
                };
                match rng.below_u32(60) {
                    0 => text += &format!("00{x}"),
                    1 => text += &format!("{x}x"),
                    _ => text += &x.to_string(),
                }
                text += blanks[rng.below_u32(blanks.len() as u32) as usize];
            }
            let bytes = text.as_bytes();
            let mut lists = EdgeLists::default();
            let bulk = Cases::new(bytes).next_edge_lists(&mut lists).unwrap();
            let general = Cases::new(bytes).next_case().unwrap();
            match (bulk, general) {
                (Ok(()), Ok(case)) => {
                    let tree = &case.trees[0].graph;
                    let ends: Vec<u32> = tree.edges.iter().flat_map(|e| [e.u, e.v]).collect();
                    assert_eq!(lists.ends, ends, "{text:?}");
                }
                (Err(a), Err(b)) => assert_eq!(a, b, "{text:?}"),
                (a, b) => panic!("{text:?}: {a:?} against {:?}", b.map(|_| ())),
            }
        }
    }

    #[test]
    fn stops_after_first_error_keeping_earlier_cases() {
        let got = cases("0\n0\nz\n0\n");
        assert_eq!(got.len(), 3);
        assert!(got[0].is_ok() && got[1].is_ok() && got[2].is_err());
    }
}
