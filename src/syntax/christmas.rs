//! The POJ 3710 "Christmas Game" judge format (`grammars/christmas.ebnf`).
//!
//! Test cases follow each other until end of input; each is one [`Position`]. A case is a
//! count `N` of trees, then per tree `m k` (vertices `1..=m`, `k` edges) and `k` edges
//! `u v`. Vertex 1 of each tree is its ground. Tokens are separated by whitespace of any
//! kind; line breaks carry no meaning.
//!
//! [`Cases`] reads one case at a time, so a judge can answer the cases before a malformed
//! one. No allocation is sized by a count the input claims: vectors grow with what is
//! actually read.

use crate::diagnostic::Diagnostic;
use crate::source::Span;

use super::lex::{self, found, integer, token_span};
use super::window::{Feed, MAX_TOKEN, Window};
use super::{EdgeDecl, GraphDecl, Interner, Position, VertexName, Vertices};

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
}

impl<'a> Cases<&'a [u8]> {
    /// Cases of `input`.
    pub fn new(input: &'a [u8]) -> Self {
        Cases::with_feed(input)
    }
}

impl<R: std::io::Read> Cases<Window<R>> {
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

    fn rest(&self) -> &[u8] {
        &self.feed.bytes()[self.pos..]
    }

    /// Skips whitespace, reading on when the feed shows no more.
    fn skip_space(&mut self) {
        loop {
            let bytes = self.feed.bytes();
            self.pos += bytes[self.pos..]
                .iter()
                .take_while(|&&b| lex::is_space(b))
                .count();
            if self.pos < bytes.len() {
                return;
            }
            match self.feed.more(self.pos) {
                Some(shift) => self.pos -= shift,
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
        let bytes = &self.feed.bytes()[self.pos..];
        let start = bytes.iter().position(|&b| !lex::is_space(b))?;
        let (value, len) = match lex::digits8(&bytes[start..]) {
            Some((value, len)) if len < 8 => (value, len),
            _ => {
                // Eight digits or more, or near the end of the input: one at a time.
                let mut value: u64 = 0;
                let mut len = 0;
                for &b in &bytes[start..] {
                    let d = b.wrapping_sub(b'0');
                    if d > 9 {
                        break;
                    }
                    value = value.wrapping_mul(10).wrapping_add(u64::from(d));
                    len += 1;
                }
                (value, len)
            }
        };
        let i = start + len;
        if len == 0 || len > 19 || bytes.get(i).is_some_and(|&b| !lex::is_space(b)) {
            return None;
        }
        let offset = self.pos;
        self.pos += i;
        Some((value, Span::new(offset + start, offset + i)))
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

    /// `test_case = trees, { tree }`, into `sink`.
    fn parse_case<S: Sink>(&mut self, sink: &mut S) -> Result<Span, Diagnostic> {
        let (trees, n_span) = self.expect_number("the number of trees N")?;
        for t in 0..trees {
            if self.at_end() {
                let declared = format!("test case {} declares {trees} trees", self.case);
                return Err(self.missing(trees - t, "tree", declared));
            }
            self.parse_tree(sink)?;
        }
        Ok(n_span.to(Span::at(self.pos)))
    }

    /// `tree = vertex_count, edge_count, { edge }`, into `sink`.
    fn parse_tree<S: Sink>(&mut self, sink: &mut S) -> Result<(), Diagnostic> {
        let (m, m_span) = self.expect_number("the number of vertices m")?;
        let (k, _) = self.expect_number("the number of edges k")?;
        // Dense ids `x - 1` when every vertex number fits; otherwise (m beyond 32 bits)
        // intern the numbers actually used, so nothing is sized by m.
        let dense = m < u64::from(u32::MAX);
        let mut interner = Interner::default();
        if !dense {
            interner.intern(VertexName::Number(1));
        }
        // At least 4 bytes per edge (`1 2\n`): a bound by what is there, not by what k claims.
        sink.start_tree(m_span, (k as usize).min(self.feed.bytes_left(self.pos) / 4));
        for read in 0..k {
            // The quick path first; the end of input is checked only when it fails.
            let (u, u_span) = match self.quick_number() {
                Some((x, span)) => in_range(x, m, span)?,
                None => {
                    if self.at_end() {
                        let declared = format!("the tree declares {k} edges");
                        return Err(self.missing(k - read, "edge", declared));
                    }
                    self.slow_vertex(m)?
                }
            };
            // Interned before reading on: reading may move the window under `u_span`.
            let too_many = |span| Diagnostic::new(span, "too many vertices in one tree", "");
            let u = if dense {
                (u - 1) as u32
            } else {
                let id = interner.intern(VertexName::Number(u));
                id.ok_or_else(|| too_many(u_span))?
            };
            let (v, v_span) = match self.quick_number() {
                Some((x, span)) => in_range(x, m, span)?,
                None => self.slow_vertex(m)?,
            };
            let v = if dense {
                (v - 1) as u32
            } else {
                let id = interner.intern(VertexName::Number(v));
                id.ok_or_else(|| too_many(v_span))?
            };
            // The edge's span is exact for whole inputs, the only ones with syntax trees.
            sink.edge(u, v, u_span.to(v_span));
        }
        let vertices = if dense {
            Vertices::Numbered(m as u32)
        } else {
            interner.into_vertices()
        };
        sink.end_tree(vertices);
        Ok(())
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
}

/// Where a test case's trees go as they are read.
trait Sink {
    /// A tree starts at `span` (its `m`); about `edges` edges follow.
    fn start_tree(&mut self, span: Span, edges: usize);
    /// One edge between vertex ids `u` and `v`, written at `span`.
    fn edge(&mut self, u: u32, v: u32, span: Span);
    /// The tree ends; its vertex table.
    fn end_tree(&mut self, vertices: Vertices);
}

/// The syntax tree of a test case: one [`GraphDecl`] per tree, with spans.
#[derive(Default)]
struct Trees {
    graphs: Vec<GraphDecl>,
}

impl Sink for Trees {
    fn start_tree(&mut self, span: Span, edges: usize) {
        self.graphs.push(GraphDecl {
            name: None,
            span,
            vertices: Vertices::Numbered(0),
            ground: Vec::new(),
            edges: Vec::with_capacity(edges),
        });
    }

    fn edge(&mut self, u: u32, v: u32, span: Span) {
        if let Some(g) = self.graphs.last_mut() {
            g.edges.push(EdgeDecl { u, v, span });
        }
    }

    fn end_tree(&mut self, vertices: Vertices) {
        if let Some(g) = self.graphs.last_mut() {
            // Vertex 1 (id 0 either way: dense, or interned first) is the ground.
            if !vertices.is_empty() {
                g.ground.push(0);
            }
            g.vertices = vertices;
        }
    }
}

/// A test case as bare edge lists, for the judge: no names, no spans, one flat buffer
/// reused from case to case. Tree `t` has `trees[t].0` vertex ids (vertex 1 of the input
/// is id 0, the ground) and its edges are the pairs `ends[trees[t].1]` (u, v, u, v, ...).
#[derive(Clone, Debug, Default)]
pub struct EdgeLists {
    /// Per tree: vertex-id count and the range of its ends in `ends`.
    pub trees: Vec<(u32, std::ops::Range<usize>)>,
    /// Edge ends, two per edge.
    pub ends: Vec<u32>,
    start: usize,
}

impl EdgeLists {
    /// Empties the lists, keeping their memory.
    pub fn clear(&mut self) {
        self.trees.clear();
        self.ends.clear();
    }
}

impl Sink for EdgeLists {
    fn start_tree(&mut self, _span: Span, edges: usize) {
        self.start = self.ends.len();
        self.ends.reserve(edges.saturating_mul(2));
    }

    fn edge(&mut self, u: u32, v: u32, _span: Span) {
        self.ends.push(u);
        self.ends.push(v);
    }

    fn end_tree(&mut self, vertices: Vertices) {
        let n = u32::try_from(vertices.len()).unwrap_or(u32::MAX);
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
        let result = self.parse_case(lists).map(|_| ());
        if result.is_err() {
            lists.trees.truncate(trees);
            lists.ends.truncate(ends);
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

    /// How many test cases have been started so far.
    pub fn cases_read(&self) -> usize {
        self.case
    }
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

fn plural(n: u64) -> &'static str {
    if n == 1 { "" } else { "s" }
}

impl Iterator for Cases<&[u8]> {
    type Item = Result<Position, Diagnostic>;

    /// `input = space, { test_case, space }`
    fn next(&mut self) -> Option<Self::Item> {
        if self.failed || self.at_end() {
            return None;
        }
        self.case += 1;
        let mut sink = Trees::default();
        let result = self.parse_case(&mut sink).map(|span| Position {
            case: Some(self.case),
            span,
            graphs: sink.graphs,
        });
        self.failed = result.is_err();
        Some(result)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cases(text: &str) -> Vec<Result<Position, Diagnostic>> {
        Cases::new(text.as_bytes()).collect()
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

    #[test]
    fn out_of_range_vertex() {
        let got = cases("1\n3 1\n1 7\n");
        let err = got[0].as_ref().unwrap_err();
        assert_eq!(err.message, "vertex 7 is out of range 1..3");
        assert_eq!(err.span, Span::new(8, 9));
    }

    #[test]
    fn missing_edges() {
        let got = cases("1\n3 4\n1 2\n");
        let err = got[0].as_ref().unwrap_err();
        assert_eq!(err.message, "expected 3 more edges, found end of input");
    }

    #[test]
    fn missing_trees() {
        let got = cases("2\n3 1\n1 2\n");
        let err = got[0].as_ref().unwrap_err();
        assert_eq!(err.message, "expected 1 more tree, found end of input");
    }

    #[test]
    fn too_large() {
        let got = cases("99999999999999999999\n");
        assert_eq!(got[0].as_ref().unwrap_err().message, "number too large");
    }

    #[test]
    fn claimed_sizes_are_not_allocated() {
        let got = cases("1000000000000\n1000000000000 1000000000000\n1 1000000000000\n");
        let err = got[0].as_ref().unwrap_err();
        assert_eq!(
            err.message,
            "expected 999999999999 more edges, found end of input"
        );
    }

    #[test]
    fn huge_m_is_interned() {
        let got = cases("1\n1000000000000 1\n1 1000000000000\n");
        let g = &got[0].as_ref().unwrap().graphs[0];
        assert_eq!(g.vertices.len(), 2);
        assert_eq!(g.edges[0].v, 1);
    }

    #[test]
    fn garbage_token() {
        let got = cases("1\n3 x\n");
        let err = got[0].as_ref().unwrap_err();
        assert_eq!(err.message, "expected the number of edges k, found `x`");
        let got = cases("1\n3 2x\n");
        assert!(got[0].as_ref().unwrap_err().message.contains("found `2x`"));
    }

    #[test]
    fn stops_after_first_error_keeping_earlier_cases() {
        let got = cases("0\n0\nz\n0\n");
        assert_eq!(got.len(), 3);
        assert!(got[0].is_ok() && got[1].is_ok() && got[2].is_err());
    }
}
