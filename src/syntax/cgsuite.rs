//! CGSuite Hackenbush strings, in red, blue and green (`grammars/cgsuite.ebnf`).
//!
//! ```text
//! # the Green Girl of Winning Ways, chapter 7: *2
//! e(ee:{waist};ee:{waist}e(ee;e(e:{head};e:{head}e)))
//! eeeeeee + e(ee;e)          # a position of two graphs
//! ```
//!
//! Each non-empty line is one [`Position`](super::Position); `+` separates its graphs. A graph is a string
//! read from the ground upward: every `e` (green), `l` (blue) or `r` (red) is an edge from
//! the current vertex to a new one, `(a;b;...)` hangs several branches from the current vertex, and `:A` or `:{name}`
//! after a vertex names it, every vertex of a graph with the same name being one vertex.
//!
//! Branches nest without limit: the parser keeps the open brackets on an explicit stack,
//! so a line of a million `(` costs linear time and memory, never the call stack. Lines
//! are read (and checked to be UTF-8) one at a time, so the positions before a malformed
//! line are reported.

use nom::bytes::complete::{take_till, take_while};
use nom::character::complete::{char, satisfy};
use nom::combinator::recognize;
use nom::sequence::delimited;
use nom::{IResult, Parser};

use crate::diagnostic::Diagnostic;
use crate::source::Span;

use super::lex::{bom_len, first_char};
use super::{
    Colour, GraphBuilder, GraphDecl, GraphSink, PositionRead, Reader, Start,
    after_blanks_and_comments,
};

mod kept;
mod write;

pub use kept::{refusal_kept, write_kept};
#[cfg(test)]
pub(crate) use write::fused_ends;
pub(crate) use write::refusal;
pub use write::write;

/// Longest summand (in characters) used as its graph's name; longer ones are `graph N`.
const NAME_CHARS: usize = 40;

/// The positions of a CGSuite file, one per non-empty line, read lazily.
pub struct Lines<'a> {
    whole: &'a [u8],
    /// Offset of the next unread line.
    at: usize,
    /// How many positions were read.
    case: usize,
    failed: bool,
}

impl<'a> Lines<'a> {
    /// The lines of `input` (after a byte order mark, if it starts with one).
    pub fn new(input: &'a [u8]) -> Self {
        Lines {
            whole: input,
            at: bom_len(input),
            case: 0,
            failed: false,
        }
    }

    /// The lines of `input`, a part of a larger input that starts at a line and follows
    /// `before` positions: its positions are numbered on from there, and a byte order
    /// mark at its start is no longer at the start of the input.
    pub fn continuing(input: &'a [u8], before: usize) -> Self {
        Lines {
            whole: input,
            at: 0,
            case: before,
            failed: false,
        }
    }
}

impl Reader for Lines<'_> {
    /// `file = { line }`: the next line that holds a position, its graphs handed to
    /// `sink` one by one.
    fn next_position(
        &mut self,
        sink: &mut dyn GraphSink,
    ) -> Option<Result<PositionRead, Diagnostic>> {
        while !self.failed && self.at < self.whole.len() {
            let start = self.at;
            let rest = &self.whole[start..];
            let len = memchr::memchr(b'\n', rest);
            self.at = len.map_or(self.whole.len(), |n| start + n + 1);
            let body = &rest[..len.unwrap_or(rest.len())];
            let body = body.strip_suffix(b"\r").unwrap_or(body);
            let result = super::lex::utf8(body, start, "a cgsuite file").and_then(|text| {
                LineParser {
                    line: text,
                    base: start,
                    case: self.case + 1,
                }
                .parse(sink)
            });
            match result {
                Ok(None) => continue,
                Ok(Some(read)) => {
                    self.case += 1;
                    return Some(Ok(read));
                }
                Err(diagnostic) => {
                    self.failed = true;
                    return Some(Err(diagnostic));
                }
            }
        }
        None
    }
}

/// Whether `text`, the first bytes of an input or of a line of it, can begin a cgsuite
/// file: after a byte order mark (at the start of the input), blank lines and comment
/// lines, a position starts with an edge (`e`, `l`, `r`), a group `(` or the marks of
/// its ground (`.`, `:`). Anything else is refused by [`Lines`] where it is.
pub fn start(text: &[u8]) -> Start {
    let at = match after_blanks_and_comments(text) {
        Ok(at) => at,
        Err(start) => return start,
    };
    match text[at] {
        b'e' | b'l' | b'r' | b'(' | b'.' | b':' => Start::Can(at),
        // A character cut short could be anything the parser refuses, but it is refused
        // as a whole character: wait for it.
        _ => match first_char(&text[at..]) {
            None => Start::Undecided,
            Some(_) => Start::Cannot(at),
        },
    }
}

/// What may come next in a graph.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    /// After the ground or an edge (and its vertex marks): an edge, a group, a `;` or
    /// `)` closing the branch, or the end of the graph.
    Path,
    /// After `(` or `;`: a branch, which starts with an edge or a group.
    BranchStart,
    /// After `)`: a group ends its branch, so only `;`, `)` or the end of the graph.
    AfterGroup,
}

/// One line of the file.
struct LineParser<'a> {
    line: &'a str,
    /// Offset of the line in the file.
    base: usize,
    /// The case number the position gets.
    case: usize,
}

impl<'a> LineParser<'a> {
    /// The span of `line[from..to]` in the file.
    fn span(&self, from: usize, to: usize) -> Span {
        Span::new(self.base + from, self.base + to)
    }

    /// Offset of `rest`, a suffix of the line, within the line.
    fn offset(&self, rest: &str) -> usize {
        self.line.len() - rest.len()
    }

    /// `line = blanks , [ position , blanks ] , [ comment ]`, and
    /// `position = graph , { blanks , "+" , blanks , graph }`, each graph handed to `sink`
    /// as soon as it is read. `None` for a line with no position (blank, or only a
    /// comment).
    fn parse(&self, sink: &mut dyn GraphSink) -> Result<Option<PositionRead>, Diagnostic> {
        let first = self.offset(skip_blanks(self.line));
        if first == self.line.len() || self.line[first..].starts_with('#') {
            return Ok(None);
        }
        let mut at = first;
        let mut plus: Option<usize> = None;
        let end = loop {
            let graph = GraphParser::new(self, at).run()?;
            let stop = self.offset(skip_blanks(&self.line[graph.end..]));
            match graph.decl {
                Some(decl) => sink.graph(decl),
                None => {
                    return Err(match (self.line[stop..].starts_with('+'), plus) {
                        (true, _) => Diagnostic::new(
                            self.span(stop, stop + 1),
                            "empty summand: expected a graph before `+`",
                            "`+` adds a graph to the position",
                        ),
                        (false, Some(p)) => Diagnostic::new(
                            self.span(p, p + 1),
                            "empty summand: expected a graph after `+`",
                            "`+` adds a graph to the position",
                        ),
                        (false, None) => unreachable!("a non-empty line has a token"),
                    });
                }
            }
            if self.line[stop..].starts_with('+') {
                plus = Some(stop);
                at = self.offset(skip_blanks(&self.line[stop + 1..]));
            } else {
                break graph.end;
            }
        };
        Ok(Some(PositionRead {
            case: Some(self.case),
            span: self.span(first, end),
        }))
    }

    /// The error for the unexpected character starting `rest`, in `state`, `depth`
    /// brackets deep; `after_mark` says whether a vertex mark precedes it.
    fn unexpected(&self, rest: &str, state: State, depth: usize, after_mark: bool) -> Diagnostic {
        let at = self.offset(rest);
        let c = rest.chars().next().expect("not at the end");
        let span = self.span(at, at + c.len_utf8());
        let found = format!("`{}`", c.escape_debug());
        let expected = match state {
            State::Path if depth > 0 => "an edge (`e`, `l` or `r`), `(`, `;` or `)`",
            State::Path => "an edge (`e`, `l` or `r`), `(`, `+` or the end of the line",
            State::BranchStart => "an edge (`e`, `l` or `r`) or `(`",
            State::AfterGroup if depth > 0 => "`;` or `)`",
            State::AfterGroup => "`+` or the end of the line",
        };
        let message = format!("expected {expected}, found {found}");
        // `:waist`: a one-character label `w`, then letters that are no edges.
        let before = &self.line[..at];
        let mut tail = before.chars().rev();
        if c.is_ascii_alphanumeric()
            && let (Some(short), Some(':')) = (tail.next(), tail.next())
            && short.is_ascii_alphanumeric()
        {
            let word = &self.line[at - 1..];
            let len = word
                .find(|c: char| !c.is_ascii_alphanumeric())
                .unwrap_or(word.len());
            return Diagnostic::new(
                span,
                message,
                format!(
                    "a label longer than one character goes in braces: `:{{{}}}`",
                    &word[..len]
                ),
            );
        }
        match c {
            c if c.is_ascii_alphabetic() && state != State::AfterGroup => {
                let label = match c {
                    'E' | 'L' | 'R' => "edge letters are lowercase: `e` green, `l` blue, `r` red",
                    'b' | 'B' => "a blue edge is `l` (bLue, for Left); a red one `r`",
                    'g' | 'G' => "a green edge is `e` (grEen)",
                    _ => "an edge is `e` (green), `l` (blue) or `r` (red)",
                };
                return Diagnostic::new(span, format!("unknown edge letter {found}"), label);
            }
            _ => {}
        }
        let label = match state {
            State::Path if after_mark && matches!(c, ':' | '.') => {
                "a vertex takes one `.` and one label, in that order"
            }
            State::Path if c == '-' => {
                "Hackenbush edges have a colour: `e` green, `l` blue, `r` red"
            }
            State::Path if c == '{' => "a name in braces follows `:`, as in `:{waist}`",
            State::Path => "expected an edge: `e` green, `l` blue, `r` red",
            State::BranchStart if matches!(c, ':' | '.') => {
                "a branch starts with an edge; name the vertex it hangs from before `(`"
            }
            State::BranchStart => "a branch starts with an edge (`e`, `l` or `r`)",
            State::AfterGroup => "a group `( )` ends its branch",
        };
        Diagnostic::new(span, message, label)
    }
}

/// A graph read from one summand.
struct ParsedGraph {
    /// `None` when the summand is empty.
    decl: Option<GraphDecl>,
    /// Offset (in the line) just after its last token.
    end: usize,
}

/// An open `(`: the vertex its branches hang from and where it was written.
#[derive(Clone, Copy)]
struct Open {
    vertex: u32,
    at: usize,
}

/// The reader of one summand, with its graph.
struct GraphParser<'p, 'a> {
    line: &'p LineParser<'a>,
    /// Offset of the first token of the summand.
    start: usize,
    /// The graph; vertex 0 is the ground.
    graph: GraphBuilder,
}

impl<'p, 'a> GraphParser<'p, 'a> {
    fn new(line: &'p LineParser<'a>, start: usize) -> Self {
        GraphParser {
            line,
            start,
            graph: GraphBuilder::labelled(line.span(start, start)),
        }
    }

    /// `graph = vertex marks , [ blanks , branch ] | branch`, up to the `+`, comment or end
    /// of line that ends it. The nesting of `branch` and `group` is followed with an
    /// explicit stack of open brackets.
    fn run(mut self) -> Result<ParsedGraph, Diagnostic> {
        let whole = self.line.line;
        let mut rest = &whole[self.start..];
        let mut end = self.start;
        // The ground: the vertex where the string starts.
        let (after, marked, name) = self.vertex_marks(rest)?;
        let ground_span = self.line.span(self.start, self.start);
        let ground = self.graph.fresh(ground_span)?;
        self.graph.ground(ground, ground_span);
        if let Some(name) = name {
            self.graph.set_label(ground, name);
        }
        if marked {
            end = self.line.offset(after);
        }
        rest = after;
        let mut state = State::Path;
        let mut after_mark = marked;
        let mut current = 0u32;
        let mut stack: Vec<Open> = Vec::new();
        // Where the current branch began: its `(` or `;`.
        let mut delimiter = 0usize;
        loop {
            rest = skip_blanks(rest);
            let at = self.line.offset(rest);
            match rest.chars().next() {
                None | Some('+' | '#') => {
                    if let Some(open) = stack.last() {
                        let before = match rest.chars().next() {
                            None => "the end of the line",
                            Some('+') => "`+`",
                            _ => "the comment",
                        };
                        return Err(Diagnostic::new(
                            self.line.span(open.at, open.at + 1),
                            format!("unclosed `(`: expected `)` before {before}"),
                            "this `(` is not closed",
                        ));
                    }
                    break;
                }
                Some(letter @ ('e' | 'l' | 'r')) if state != State::AfterGroup => {
                    let colour = match letter {
                        'l' => Colour::Blue,
                        'r' => Colour::Red,
                        _ => Colour::Green,
                    };
                    let (after, marked, name) = self.vertex_marks(&rest[1..])?;
                    let top = self.top_vertex(name, at)?;
                    self.graph
                        .edge(current, top, self.line.span(at, at + 1))
                        .colour = colour;
                    current = top;
                    after_mark = marked;
                    rest = after;
                    state = State::Path;
                }
                Some('(') if state != State::AfterGroup => {
                    stack.push(Open {
                        vertex: current,
                        at,
                    });
                    delimiter = at;
                    rest = &rest[1..];
                    state = State::BranchStart;
                }
                Some(c @ (';' | ')')) => {
                    let Some(&open) = stack.last() else {
                        return Err(if c == ';' {
                            Diagnostic::new(
                                self.line.span(at, at + 1),
                                "`;` outside brackets",
                                "`;` separates branches inside `( )`; `+` adds another graph",
                            )
                        } else {
                            Diagnostic::new(
                                self.line.span(at, at + 1),
                                "unmatched `)`",
                                "no `(` is open here",
                            )
                        });
                    };
                    if state == State::BranchStart {
                        return Err(Diagnostic::new(
                            self.line.span(delimiter, at + 1),
                            format!(
                                "empty branch: expected an edge (`e`, `l` or `r`) or `(` before `{c}`"
                            ),
                            "a branch needs at least one edge",
                        ));
                    }
                    if c == ';' {
                        current = open.vertex;
                        delimiter = at;
                        state = State::BranchStart;
                    } else {
                        stack.pop();
                        state = State::AfterGroup;
                    }
                    rest = &rest[1..];
                }
                Some(_) => {
                    return Err(self.line.unexpected(rest, state, stack.len(), after_mark));
                }
            }
            end = self.line.offset(rest);
            if !matches!(state, State::Path) {
                after_mark = false;
            }
        }
        // The graph's text ends at its last token, not at blanks after it.
        end = self.start + whole[self.start..end].trim_end_matches([' ', '\t']).len();
        if end == self.start {
            return Ok(ParsedGraph { decl: None, end });
        }
        let text = &whole[self.start..end];
        let name = text
            .chars()
            .nth(NAME_CHARS)
            .is_none()
            .then(|| text.to_string());
        self.graph.set_name(name);
        self.graph.set_span(self.line.span(self.start, end));
        Ok(ParsedGraph {
            decl: Some(self.graph.finish().graph),
            end,
        })
    }

    /// `vertex marks = "." , [ blanks , label ] | label`, possibly after blanks: the rest,
    /// whether there was a mark, and the label's name. Without a mark, the rest is
    /// `input` itself.
    fn vertex_marks(&self, input: &'a str) -> Result<(&'a str, bool, Option<&'a str>), Diagnostic> {
        let mut rest = skip_blanks(input);
        let mut marked = false;
        if let Some(after) = rest.strip_prefix('.') {
            marked = true;
            rest = skip_blanks(after);
        }
        if rest.starts_with(':') {
            let (after, name) = self.label(rest)?;
            return Ok((after, true, Some(name)));
        }
        Ok((if marked { rest } else { input }, marked, None))
    }

    /// The vertex at the top of the edge written at `at`, labelled `name`: the vertex
    /// the label names if it names one already, a new vertex otherwise.
    fn top_vertex(&mut self, name: Option<&'a str>, at: usize) -> Result<u32, Diagnostic> {
        if let Some(id) = name.and_then(|n| self.graph.find_label(n)) {
            return Ok(id);
        }
        let id = self.graph.fresh(self.line.span(at, at + 1))?;
        if let Some(name) = name {
            self.graph.set_label(id, name);
        }
        Ok(id)
    }

    /// `label = ":" , ( short name | "{" , long name , "}" )` at `input` (which starts
    /// with `:`): the rest and the name.
    fn label(&self, input: &'a str) -> Result<(&'a str, &'a str), Diagnostic> {
        let after_colon = &input[1..];
        let at = self.line.offset(after_colon);
        if let Ok((rest, name)) = braced_name(after_colon) {
            if name.is_empty() {
                return Err(Diagnostic::new(
                    self.line.span(at, at + 2),
                    "empty vertex label `{}`",
                    "write a name between the braces",
                ));
            }
            return Ok((rest, name));
        }
        if let Ok(ok) = short_name(after_colon) {
            return Ok(ok);
        }
        match after_colon.chars().next() {
            Some('{') => Err(Diagnostic::new(
                self.line.span(
                    at,
                    after_colon[1..]
                        .find(is_brace)
                        .map_or(self.line.line.len(), |i| at + 1 + i),
                ),
                "unterminated `{`: expected `}` to end the vertex label",
                "this label is not closed",
            )),
            found => {
                let (span, found) = match found {
                    None => (self.line.span(at, at), "end of line".to_string()),
                    Some(c) if is_blank(c) => (self.line.span(at, at + 1), "a blank".to_string()),
                    Some(c) => (
                        self.line.span(at, at + c.len_utf8()),
                        format!("`{}`", c.escape_debug()),
                    ),
                };
                Err(Diagnostic::new(
                    span,
                    format!("expected a vertex label after `:`, found {found}"),
                    "a label is one letter or digit (`:A`) or a name in braces (`:{waist}`)",
                ))
            }
        }
    }
}

fn is_blank(c: char) -> bool {
    c == ' ' || c == '\t'
}

/// `blanks = { " " | "\t" }`
fn blanks(input: &str) -> IResult<&str, &str> {
    take_while(is_blank).parse(input)
}

fn skip_blanks(input: &str) -> &str {
    blanks(input).map_or(input, |(rest, _)| rest)
}

/// `"{" , long name , "}"`, where a name holds any character but `{` and `}` (line breaks
/// are not in the line; emptiness is checked by the caller).
fn braced_name(input: &str) -> IResult<&str, &str> {
    delimited(char('{'), take_till(is_brace), char('}')).parse(input)
}

fn is_brace(c: char) -> bool {
    c == '{' || c == '}'
}

/// `short name = letter | digit`: one ASCII letter or digit.
fn short_name(input: &str) -> IResult<&str, &str> {
    recognize(satisfy(|c| c.is_ascii_alphanumeric())).parse(input)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax::Position;

    fn positions(input: &[u8]) -> crate::syntax::Positions<'_> {
        crate::syntax::positions(Lines::new(input))
    }

    fn all(text: &str) -> Vec<Result<Position, Diagnostic>> {
        positions(text.as_bytes()).collect()
    }

    fn one(text: &str) -> Position {
        let mut got = all(text);
        assert_eq!(got.len(), 1, "{text:?}");
        got.remove(0).unwrap_or_else(|e| panic!("{text:?}: {e:?}"))
    }

    fn graph(text: &str) -> GraphDecl {
        let mut p = one(text);
        assert_eq!(p.graphs.len(), 1);
        p.graphs.remove(0)
    }

    fn error(text: &str) -> Diagnostic {
        let got = all(text);
        match got.last() {
            Some(Err(e)) => e.clone(),
            other => panic!("{text:?}: expected an error, got {other:?}"),
        }
    }

    fn pairs(g: &GraphDecl) -> Vec<(u32, u32)> {
        g.edges.iter().map(|e| (e.u, e.v)).collect()
    }

    fn names(g: &GraphDecl) -> Vec<String> {
        g.vertices.shown()
    }

    #[test]
    fn stalk() {
        let g = graph("eee\n");
        assert_eq!(pairs(&g), [(0, 1), (1, 2), (2, 3)]);
        assert_eq!(names(&g), ["ground", "v1", "v2", "v3"]);
        assert_eq!(g.ground, vec![0]);
        assert_eq!(g.name.as_deref(), Some("eee"));
        assert_eq!(g.span, Span::new(0, 3));
        assert_eq!(g.edges[2].span, Span::new(2, 3));
    }

    #[test]
    fn branches() {
        let g = graph("e(ee;e)");
        assert_eq!(pairs(&g), [(0, 1), (1, 2), (2, 3), (1, 4)]);
    }

    #[test]
    fn nested_branches() {
        let g = graph("e(e(e;e);e)");
        assert_eq!(pairs(&g), [(0, 1), (1, 2), (2, 3), (2, 4), (1, 5)]);
    }

    #[test]
    fn branches_from_the_ground_and_groups_as_branches() {
        let g = graph("(e;ee)");
        assert_eq!(pairs(&g), [(0, 1), (0, 2), (2, 3)]);
        // A branch may itself be a group: `((e;e);e)` is `(e;e;e)`.
        let g = graph("((e;e);e)");
        assert_eq!(pairs(&g), [(0, 1), (0, 2), (0, 3)]);
    }

    #[test]
    fn labels_identify_vertices() {
        // A triangle on a stalk: the second branch closes on the first's top vertex.
        let g = graph("e(e:A;ee:A)");
        assert_eq!(pairs(&g), [(0, 1), (1, 2), (1, 3), (3, 2)]);
        assert_eq!(names(&g), ["ground", "v1", "A", "v2"]);
        let g = graph("e:{top}e:{top}");
        assert_eq!(pairs(&g), [(0, 1), (1, 1)]);
        assert_eq!(names(&g), ["ground", "top"]);
    }

    #[test]
    fn short_and_braced_labels_are_the_same_name() {
        let g = graph("e:Ae:{A}");
        assert_eq!(pairs(&g), [(0, 1), (1, 1)]);
    }

    #[test]
    fn labelled_ground_makes_cycles_through_it() {
        let g = graph(":{root}eee:{root}");
        assert_eq!(pairs(&g), [(0, 1), (1, 2), (2, 0)]);
        assert_eq!(names(&g), ["root", "v1", "v2"]);
        let g = graph(":Ge:G");
        assert_eq!(pairs(&g), [(0, 0)]);
    }

    #[test]
    fn dots_and_blanks() {
        let g = graph(" . :A e . e . :A ");
        assert_eq!(pairs(&g), [(0, 1), (1, 0)]);
        assert_eq!(g.name.as_deref(), Some(". :A e . e . :A"));
        assert_eq!(g.span, Span::new(1, 16));
        let g = graph("e (e ;\te )");
        assert_eq!(pairs(&g), [(0, 1), (1, 2), (1, 3)]);
    }

    #[test]
    fn lone_ground() {
        let g = graph(".");
        assert!(g.edges.is_empty());
        assert_eq!(names(&g), ["ground"]);
        let g = graph(":{x}");
        assert_eq!(names(&g), ["x"]);
    }

    #[test]
    fn generated_names_avoid_labels() {
        let g = graph("e(e:{v1};e:{ground})");
        assert_eq!(names(&g), ["ground'", "v1'", "v1", "ground"]);
    }

    #[test]
    fn labels_are_per_graph() {
        let p = one("e:A + e:Ae:A");
        assert_eq!(pairs(&p.graphs[0]), [(0, 1)]);
        assert_eq!(pairs(&p.graphs[1]), [(0, 1), (1, 1)]);
    }

    #[test]
    fn sums_comments_and_cases() {
        let got = all("# header\n\neee + e(e;e)  # two graphs\r\n  \n\t.\ne");
        assert_eq!(got.len(), 3);
        let p = got[0].as_ref().unwrap();
        assert_eq!(p.case, Some(1));
        assert_eq!(p.graphs.len(), 2);
        assert_eq!(p.graphs[1].name.as_deref(), Some("e(e;e)"));
        assert_eq!(p.span, Span::new(10, 22));
        assert_eq!(p.graphs[1].span, Span::new(16, 22));
        assert_eq!(got[1].as_ref().unwrap().case, Some(2));
        let last = got[2].as_ref().unwrap();
        assert_eq!(last.case, Some(3));
        assert_eq!(last.span, Span::new(44, 45));
    }

    #[test]
    fn empty_input_has_no_positions() {
        assert!(all("").is_empty());
        assert!(all("\n  # nothing\r\n\t\n").is_empty());
    }

    #[test]
    fn hash_inside_braces_is_part_of_the_label() {
        let g = graph("e:{a#b}e:{a#b} # comment");
        assert_eq!(pairs(&g), [(0, 1), (1, 1)]);
        assert_eq!(names(&g), ["ground", "a#b"]);
    }

    #[test]
    fn long_summands_are_unnamed() {
        let text = "e".repeat(41);
        assert_eq!(graph(&text).name, None);
        assert_eq!(graph(&text[1..]).name.as_deref(), Some(&text[1..]));
    }

    #[test]
    fn winning_ways_vectors() {
        assert_eq!(graph("eeeeeee").edges.len(), 7);
        let tree = graph("e(ee(e;e);e(eee;ee);e(ee;e))");
        assert_eq!(tree.edges.len(), 15);
        assert_eq!(tree.vertices.len(), 16);
        let girl = graph("e(ee:{waist};ee:{waist}e(ee;e(e:{head};e:{head}e)))");
        assert_eq!(girl.edges.len(), 12);
        assert_eq!(
            names(&girl),
            [
                "ground", "v1", "v2", "waist", "v3", "v4", "v5", "v6", "v7", "head", "v8"
            ]
        );
    }

    #[test]
    fn deep_nesting_uses_no_recursion() {
        let depth = 1_000_000;
        let text = format!("{}{}", "e(".repeat(depth), ")".repeat(depth));
        // Every `(` here opens a branch that is empty: the innermost one is reported.
        let err = error(&text);
        assert_eq!(err.span, Span::new(2 * depth - 1, 2 * depth + 1));
        let text = format!("{}e{}", "e(".repeat(depth), ")".repeat(depth));
        let g = graph(&text);
        assert_eq!(g.edges.len(), depth + 1);
        assert_eq!(g.name, None);
        let err = error(&"(".repeat(depth));
        assert_eq!(
            err.message,
            "unclosed `(`: expected `)` before the end of the line"
        );
        assert_eq!(err.span, Span::new(depth - 1, depth));
    }

    #[test]
    fn coloured_edges_and_their_look_alikes() {
        let colours: Vec<Colour> = graph("lre(l;e)").edges.iter().map(|e| e.colour).collect();
        use Colour::*;
        assert_eq!(colours, [Blue, Red, Green, Blue, Green]);
        for (text, at, label) in [
            (
                "eeb",
                2,
                "a blue edge is `l` (bLue, for Left); a red one `r`",
            ),
            (
                "eR",
                1,
                "edge letters are lowercase: `e` green, `l` blue, `r` red",
            ),
            ("(g)", 1, "a green edge is `e` (grEen)"),
            ("x", 0, "an edge is `e` (green), `l` (blue) or `r` (red)"),
        ] {
            let err = error(text);
            assert!(
                err.message.starts_with("unknown edge letter"),
                "{text}: {}",
                err.message
            );
            assert_eq!(err.span, Span::new(at, at + 1), "{text}");
            assert_eq!(err.label, label);
        }
    }

    /// What an error says about a line: its message, its label (under the caret) and its
    /// span, each when asserted.
    struct Expected {
        text: &'static str,
        message: Option<&'static str>,
        label: Option<&'static str>,
        span: Option<(usize, usize)>,
    }

    const fn at(text: &'static str, span: (usize, usize)) -> Expected {
        Expected {
            text,
            message: None,
            label: None,
            span: Some(span),
        }
    }

    const fn says(text: &'static str, message: &'static str) -> Expected {
        Expected {
            text,
            message: Some(message),
            label: None,
            span: None,
        }
    }

    impl Expected {
        const fn at(self, span: (usize, usize)) -> Expected {
            Expected {
                span: Some(span),
                ..self
            }
        }

        const fn label(self, label: &'static str) -> Expected {
            Expected {
                label: Some(label),
                ..self
            }
        }
    }

    const UNTERMINATED: &str = "unterminated `{`: expected `}` to end the vertex label";

    /// Malformed lines, by the rule they break.
    const ERRORS: &[Expected] = &[
        // Unknown letters and characters.
        says("eex", "unknown edge letter `x`").at((2, 3)),
        Expected {
            label: Some("edge letters are lowercase: `e` green, `l` blue, `r` red"),
            ..says("E", "unknown edge letter `E`")
        },
        says(
            "e-e",
            "expected an edge (`e`, `l` or `r`), `(`, `+` or the end of the line, found `-`",
        )
        .label("Hackenbush edges have a colour: `e` green, `l` blue, `r` red"),
        says(
            "e(e%)",
            "expected an edge (`e`, `l` or `r`), `(`, `;` or `)`, found `%`",
        )
        .at((3, 4)),
        says(
            "eé",
            "expected an edge (`e`, `l` or `r`), `(`, `+` or the end of the line, found `é`",
        )
        .at((1, 3)),
        // Nothing follows a group in its branch.
        says("e(e;e)e", "expected `+` or the end of the line, found `e`")
            .label("a group `( )` ends its branch")
            .at((6, 7)),
        says("(e(e)(e))", "expected `;` or `)`, found `(`"),
        says("e(e):A", "expected `+` or the end of the line, found `:`"),
        // Unbalanced brackets.
        says(
            "e(e(e;e)",
            "unclosed `(`: expected `)` before the end of the line",
        )
        .at((1, 2)),
        says("e(e + e", "unclosed `(`: expected `)` before `+`"),
        says("e(e # c", "unclosed `(`: expected `)` before the comment"),
        says("e(e))", "unmatched `)`").at((4, 5)),
        says(")", "unmatched `)`"),
        // `;` outside brackets.
        says("ee;e", "`;` outside brackets").at((2, 3)),
        says("e(e);e", "`;` outside brackets"),
        // Empty branches.
        says(
            "e()",
            "empty branch: expected an edge (`e`, `l` or `r`) or `(` before `)`",
        )
        .at((1, 3)),
        says(
            "e(e; ;e)",
            "empty branch: expected an edge (`e`, `l` or `r`) or `(` before `;`",
        )
        .at((3, 6)),
        at("e(;)", (1, 3)),
        at("e(e;)", (3, 5)),
        // A branch starts with an edge.
        says(
            "e(:Ae)",
            "expected an edge (`e`, `l` or `r`) or `(`, found `:`",
        )
        .at((2, 3)),
        // Long labels need braces (`:All` is the label `A` and a blue edge, but more
        // likely a longer label).
        says(
            "e(e:waist;e)",
            "expected an edge (`e`, `l` or `r`), `(`, `;` or `)`, found `a`",
        )
        .label("a label longer than one character goes in braces: `:{waist}`")
        .at((5, 6)),
        Expected {
            label: Some("a label longer than one character goes in braces: `:{v1}`"),
            ..at("e:v1", (3, 4))
        },
        Expected {
            label: Some("a label longer than one character goes in braces: `:{Axe}`"),
            ..at("e:Axe", (3, 4))
        },
        // One label per vertex.
        says(
            "e:A:B",
            "expected an edge (`e`, `l` or `r`), `(`, `+` or the end of the line, found `:`",
        )
        .label("a vertex takes one `.` and one label, in that order")
        .at((3, 4)),
        at("e:A.", (3, 4)),
        at("e..", (2, 3)),
        // A colon without a label.
        says("e:", "expected a vertex label after `:`, found end of line").at((2, 2)),
        says("e: A", "expected a vertex label after `:`, found a blank").at((2, 3)),
        says("e:(e)", "expected a vertex label after `:`, found `(`").at((2, 3)),
        says("e:é", "expected a vertex label after `:`, found `é`").at((2, 4)),
        says(":", "expected a vertex label after `:`, found end of line").at((1, 1)),
        // Braced labels; a `{` inside a name is taken for a missing `}`.
        says("e:{waist", UNTERMINATED).at((2, 8)),
        says("e(e:{waist;e:{waist})", UNTERMINATED).at((4, 13)),
        says("e:{}", "empty vertex label `{}`").at((2, 4)),
        Expected {
            label: Some("a name in braces follows `:`, as in `:{waist}`"),
            ..at("e{a}", (1, 2))
        },
        // Empty summands.
        says("+ e", "empty summand: expected a graph before `+`").at((0, 1)),
        at("e + + e", (4, 5)),
        says("e +  # c", "empty summand: expected a graph after `+`").at((2, 3)),
    ];

    #[test]
    fn errors_say_what_and_where() {
        for expected in ERRORS {
            let err = error(expected.text);
            let text = expected.text;
            if let Some(message) = expected.message {
                assert_eq!(err.message, message, "{text}");
            }
            if let Some(label) = expected.label {
                assert_eq!(err.label, label, "{text}");
            }
            if let Some((start, end)) = expected.span {
                assert_eq!(err.span, Span::new(start, end), "{text}");
            }
        }
    }

    #[test]
    fn braced_labels_hold_any_character_but_braces() {
        // Blanks included, and not trimmed.
        let g = graph("e:{a b}e:{ a b}");
        assert_eq!(names(&g), ["ground", "a b", " a b"]);
    }

    /// Found by the cross-format test: `. ` kept its blank in the graph's name.
    #[test]
    fn names_end_at_the_last_token() {
        let p = one("e + . ");
        assert_eq!(p.graphs[1].name.as_deref(), Some("."));
    }

    #[test]
    fn invalid_utf8_stops_after_the_good_lines() {
        let got: Vec<_> = positions(b"e\nee\xff\ne\n").collect();
        assert_eq!(got.len(), 2);
        assert!(got[0].is_ok());
        assert_eq!(got[1].as_ref().unwrap_err().span, Span::new(4, 5));
        assert_eq!(
            got[1].as_ref().unwrap_err().message,
            "invalid UTF-8 in a cgsuite file"
        );
        // A truncated sequence at the end of a line.
        let got: Vec<_> = positions(b"e\xc3\r\n").collect();
        assert_eq!(got[0].as_ref().unwrap_err().span, Span::new(1, 2));
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig {
            cases: 512,
            failure_persistence: None,
            ..Default::default()
        })]

        /// Whatever the text: no panic, errors point into it on character boundaries
        /// and render, and accepted graphs are well formed.
        #[test]
        fn any_text_parses_or_fails_cleanly(text in "[e();:{}A1+ .#xlé\t\r\n-]{0,40}") {
            let source = crate::source::Source::from_text("t.cgs", &text).unwrap();
            for result in positions(text.as_bytes()) {
                match result {
                    Ok(p) => {
                        for g in &p.graphs {
                            proptest::prop_assert_eq!(&g.ground, &vec![0]);
                            let n = g.vertices.len() as u32;
                            proptest::prop_assert!(g.edges.iter().all(|e| e.u < n && e.v < n));
                            let es = text.matches(['e', 'l', 'r']).count();
                            proptest::prop_assert!(g.edges.len() <= es);
                        }
                    }
                    Err(e) => {
                        let range = e.span.range();
                        proptest::prop_assert!(range.end <= text.len());
                        proptest::prop_assert!(text.is_char_boundary(range.start));
                        proptest::prop_assert!(text.is_char_boundary(range.end));
                        let _ = e.render(&source, false);
                    }
                }
            }
        }
    }

    #[test]
    fn parsing_stops_at_the_first_error() {
        let got = all("e\nx\ne\n");
        assert_eq!(got.len(), 2);
        assert!(got[0].is_ok() && got[1].is_err());
    }
}
