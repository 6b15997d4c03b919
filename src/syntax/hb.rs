//! The native `hb` format (`grammars/hb.ebnf`): positions written by hand.
//!
//! ```text
//! # two triangles hanging from one vertex, on a stalk
//! graph: bowtie
//! ground: g
//! g-a  a-b-c-a  a-d-e-a
//!
//! # red-blue-green: a line of edges may start with its colour (green by default)
//! graph: a blue stalk with a red triangle on top
//! ground: g
//! blue: g-a a-b
//! red: b-c-d-b
//! ```
//!
//! The file is read line by line; each line is one `statement` parsed with `nom`, and
//! fed to the graph's [`GraphBuilder`]. Each graph goes to the sink when the next
//! `graph:` line, or the end of the file, ends it; a ground vertex that no edge of a graph
//! with edges touches is legal, but gets a warning (in a file written by hand, it is more
//! likely a typo).

use nom::branch::alt;
use nom::bytes::complete::{tag, take_while, take_while1};
use nom::character::complete::{char, digit1};
use nom::combinator::{cut, opt, recognize};
use nom::sequence::{pair, preceded, terminated};
use nom::{IResult, Parser};

use crate::diagnostic::Diagnostic;
use crate::source::Span;

use super::lex::{bom_len, first_char, vertex_number};
use super::{
    Colour, GraphBuilder, GraphSink, Position, PositionRead, Start, after_blanks_and_comments,
};

mod write;

pub(crate) use write::refusal;
pub use write::write;

/// Parses a whole hb file into one position.
pub fn parse(input: &[u8]) -> Result<Position, Diagnostic> {
    super::collect_one(|sink| read(input, sink))
}

/// Reads a whole hb file as one position, handing each graph to `sink` as soon as the
/// next `graph:` line (or the end of the file) ends it.
pub fn read(input: &[u8], sink: &mut dyn GraphSink) -> Result<PositionRead, Diagnostic> {
    let text = super::lex::utf8(input, 0, "an hb file")?;
    let mut parser = FileParser {
        whole: text,
        sink,
        current: GraphBuilder::named(Span::at(0)),
        has_header: false,
        graphs: 0,
        ids: Vec::new(),
    };
    let mut start = bom_len(input);
    for line in text[start..].split_inclusive('\n') {
        let body = line.strip_suffix('\n').unwrap_or(line);
        let body = body.strip_suffix('\r').unwrap_or(body);
        parser.line(body, start)?;
        start += line.len();
    }
    parser.finish_graph();
    Ok(PositionRead {
        case: None,
        span: Span::new(0, text.len()),
    })
}

/// Whether `text`, the first bytes of an input, can begin an hb file: after a byte order
/// mark, blank lines and comments, a statement starts with a vertex (an integer or an
/// identifier: a digit, a letter or `_`), or the keyword of a `graph:`, `ground:` or
/// colour line, all letters. Anything else is refused by [`read`] where it is.
pub fn start(text: &[u8]) -> Start {
    let at = match after_blanks_and_comments(text) {
        Ok(at) => at,
        Err(start) => return start,
    };
    match first_char(&text[at..]) {
        None => Start::Undecided,
        Some(Some(c)) if c.is_ascii_digit() || c.is_alphabetic() || c == '_' => Start::Can(at),
        Some(_) => Start::Cannot(at),
    }
}

/// One statement of a line, as nom produced it.
enum Statement<'a> {
    Graph(&'a str),
    Ground(Vec<&'a str>),
    Edges(Colour, Chains<'a>),
}

/// The chains of a line of edges: their vertices one after another, and where each chain
/// ends. One list for the whole line, not one for each chain: a file of short chains
/// (`1-2 1-3 2-4`) would otherwise allocate twice for every edge.
#[derive(Default)]
struct Chains<'a> {
    vertices: Vec<&'a str>,
    ends: Vec<usize>,
}

impl<'a> Chains<'a> {
    /// Each chain's vertices, in order.
    fn iter(&self) -> impl Iterator<Item = &[&'a str]> {
        let mut start = 0;
        self.ends.iter().map(move |&end| {
            let chain = &self.vertices[start..end];
            start = end;
            chain
        })
    }
}

struct FileParser<'a, 's> {
    whole: &'a str,
    sink: &'s mut dyn GraphSink,
    /// The graph being read.
    current: GraphBuilder,
    /// Whether it started with a `graph:` line (else it is the implicit graph before the
    /// first one, which exists only if it has content).
    has_header: bool,
    /// How many graphs were handed to the sink.
    graphs: usize,
    /// The ids of a chain's vertices, kept from chain to chain.
    ids: Vec<u32>,
}

impl<'a> FileParser<'a, '_> {
    fn span(&self, part: &str) -> Span {
        let start = part.as_ptr() as usize - self.whole.as_ptr() as usize;
        Span::new(start, start + part.len())
    }

    /// `line = { blank }, [ statement, { blank } ], [ comment ], newline`
    fn line(&mut self, body: &'a str, start: usize) -> Result<(), Diagnostic> {
        let content = match body.find('#') {
            Some(i) => &body[..i],
            None => body,
        };
        let trimmed = content.trim_matches(is_blank);
        if trimmed.is_empty() {
            return Ok(());
        }
        match statement(trimmed) {
            Ok(("", statement)) => self.apply(statement),
            Ok((rest, _))
            | Err(
                nom::Err::Error(nom::error::Error { input: rest, .. })
                | nom::Err::Failure(nom::error::Error { input: rest, .. }),
            ) => Err(self.unexpected(rest, trimmed)),
            Err(nom::Err::Incomplete(_)) => Err(Diagnostic::new(
                Span::at(start),
                "could not read this line",
                "expected an edge, `ground:` or `graph:`",
            )),
        }
    }

    fn apply(&mut self, statement: Statement<'a>) -> Result<(), Diagnostic> {
        match statement {
            Statement::Graph(name) => {
                self.finish_graph();
                let name = name.trim_matches(is_blank);
                self.current = GraphBuilder::named(self.span(name));
                self.current
                    .set_name((!name.is_empty()).then(|| name.to_string()));
                self.has_header = true;
            }
            Statement::Ground(vertices) => {
                for v in vertices {
                    let span = self.span(v);
                    let id = self.vertex(v)?;
                    self.current.ground(id, span);
                }
            }
            Statement::Edges(colour, chains) => {
                let mut ids = std::mem::take(&mut self.ids);
                for chain in chains.iter() {
                    ids.clear();
                    for v in chain {
                        ids.push(self.vertex(v)?);
                    }
                    for (i, pair) in ids.windows(2).enumerate() {
                        let span = self.span(chain[i]).to(self.span(chain[i + 1]));
                        if !self.has_header && self.current.edge_count() == 0 {
                            self.current.set_span(span);
                        }
                        self.current.edge(pair[0], pair[1], span).colour = colour;
                    }
                }
                self.ids = ids;
            }
        }
        Ok(())
    }

    /// `vertex = integer | identifier`, interned in the current graph.
    fn vertex(&mut self, token: &str) -> Result<u32, Diagnostic> {
        let span = self.span(token);
        if token.as_bytes()[0].is_ascii_digit() {
            let n = vertex_number(token.as_bytes(), span)?;
            self.current.number(n, span)
        } else {
            self.current.name_str(token, span)
        }
    }

    /// The error for a statement that stopped at `rest`.
    fn unexpected(&self, rest: &str, statement: &str) -> Diagnostic {
        let rest = rest.trim_start_matches(is_blank);
        let token_len = rest
            .char_indices()
            .find(|&(_, c)| is_blank(c) || c == ',' || c == '-')
            .map_or(rest.len(), |(i, _)| i)
            .max(rest.chars().next().map_or(0, char::len_utf8));
        let token = &rest[..token_len];
        let span = self.span(token);
        let found = if token.is_empty() {
            "end of line".to_string()
        } else {
            format!(
                "`{}`",
                token.chars().take(16).collect::<String>().escape_debug()
            )
        };
        let before = statement[..statement.len() - rest.len()].trim_end_matches(is_blank);
        let last = before
            .rsplit(|c: char| is_blank(c) || c == ',')
            .next()
            .unwrap_or("");
        let in_ground = keyword("ground")(statement).is_ok();
        let (expected, label) = if before.ends_with('-') {
            (
                "a vertex after `-`",
                "expected a vertex (an integer or an identifier)",
            )
        } else if before.ends_with(':') || before.ends_with(',') {
            (
                "a vertex",
                "expected a vertex (an integer or an identifier)",
            )
        } else if before.is_empty() {
            (
                "an edge like `a-b`, `ground:` or `graph:`",
                "expected an edge, `ground:` or `graph:`",
            )
        } else if in_ground {
            (
                "a vertex, `,` or the end of the line",
                "ground vertices are integers or identifiers",
            )
        } else if !last.contains('-') {
            ("`-` and a second vertex", "an edge has two ends: `a-b`")
        } else {
            (
                "`-`, another edge or the end of the line",
                "expected `-`, a blank, `,` or `#`",
            )
        };
        Diagnostic::new(span, format!("expected {expected}, found {found}"), label)
    }

    /// Hands the graph being read to the sink (unless it is an empty implicit graph),
    /// with a warning for each ground vertex that no edge touches: legal, but in a file
    /// written by hand more likely a typo.
    fn finish_graph(&mut self) {
        let builder = std::mem::replace(&mut self.current, GraphBuilder::named(Span::at(0)));
        let has_header = std::mem::take(&mut self.has_header);
        if !has_header && builder.is_empty() {
            return;
        }
        let built = builder.finish();
        let index = self.graphs;
        self.graphs += 1;
        if !built.graph.edges.is_empty() {
            for &(g, span) in &built.lone_ground {
                let name = built.graph.vertices.name(g);
                self.sink.warning(Diagnostic::warning(
                    span,
                    format!("no edge touches the ground vertex `{name}`"),
                    "a ground vertex without edges changes nothing: is it a typo?",
                ));
            }
        }
        built.hand_to(&mut *self.sink, index);
    }
}

fn is_blank(c: char) -> bool {
    c == ' ' || c == '\t'
}

/// `blank = " " | "\t"`, any number of them.
fn blanks(input: &str) -> IResult<&str, &str> {
    take_while(is_blank).parse(input)
}

/// `statement = graph header | ground decl | coloured edges | edges`
fn statement(input: &str) -> IResult<&str, Statement<'_>> {
    alt((graph_header, ground_decl, coloured_edges, edges)).parse(input)
}

/// `coloured edges = colour, { blank }, ":", { blank }, edges`, where
/// `colour = "blue" | "red" | "green"`
fn coloured_edges(input: &str) -> IResult<&str, Statement<'_>> {
    let (rest, colour) = alt((
        keyword("blue").map(|_| Colour::Blue),
        keyword("red").map(|_| Colour::Red),
        keyword("green").map(|_| Colour::Green),
    ))
    .parse(input)?;
    let (rest, chains) = cut(chains).parse(rest)?;
    Ok((rest, Statement::Edges(colour, chains)))
}

/// `graph header = "graph", { blank }, ":", { blank }, [ name ]`
fn graph_header(input: &str) -> IResult<&str, Statement<'_>> {
    let (rest, _) = keyword("graph")(input)?;
    Ok(("", Statement::Graph(rest)))
}

/// `word, { blank }, ":", { blank }`: a keyword is a keyword only when a colon follows.
fn keyword(word: &'static str) -> impl Fn(&str) -> IResult<&str, ()> {
    move |input| {
        let (rest, _) = (tag(word), blanks, char(':'), blanks).parse(input)?;
        Ok((rest, ()))
    }
}

/// `ground decl = "ground", { blank }, ":", { blank }, vertex, { separator, vertex }`
fn ground_decl(input: &str) -> IResult<&str, Statement<'_>> {
    let (rest, _) = keyword("ground")(input)?;
    let (rest, first) = cut(vertex).parse(rest)?;
    let mut vertices = vec![first];
    let mut rest = rest;
    while let Ok((after, v)) = preceded(separator, vertex).parse(rest) {
        vertices.push(v);
        rest = after;
    }
    Ok((rest, Statement::Ground(vertices)))
}

/// `edges = chain, { separator, chain }`, green.
fn edges(input: &str) -> IResult<&str, Statement<'_>> {
    let (rest, chains) = chains(input)?;
    Ok((rest, Statement::Edges(Colour::Green, chains)))
}

/// The chains of `edges`.
fn chains(input: &str) -> IResult<&str, Chains<'_>> {
    let mut chains = Chains::default();
    let mut rest = chain(input, &mut chains)?.0;
    loop {
        let read = chains.vertices.len();
        match separator(rest).and_then(|(after, _)| chain(after, &mut chains)) {
            Ok((after, ())) => rest = after,
            // A separator followed by something that is not a chain: report it there.
            Err(nom::Err::Error(e))
                if separator(rest).is_ok() && !rest.trim_matches(is_blank).is_empty() =>
            {
                return Err(nom::Err::Error(e));
            }
            Err(_) => {
                chains.vertices.truncate(read);
                return Ok((rest, chains));
            }
        }
    }
}

/// `chain = vertex, dash, vertex, { dash, vertex }`, its vertices added to `chains`.
fn chain<'a>(input: &'a str, chains: &mut Chains<'a>) -> IResult<&'a str, ()> {
    let (mut rest, first) = vertex(input)?;
    let (after, second) = preceded(dash, vertex).parse(rest)?;
    chains.vertices.extend([first, second]);
    rest = after;
    loop {
        match dash(rest) {
            Ok((after_dash, _)) => {
                let (after, v) = vertex(after_dash)?;
                chains.vertices.push(v);
                rest = after;
            }
            Err(_) => {
                chains.ends.push(chains.vertices.len());
                return Ok((rest, ()));
            }
        }
    }
}

/// `dash = { blank }, "-", { blank }`
fn dash(input: &str) -> IResult<&str, char> {
    terminated(preceded(blanks, char('-')), blanks).parse(input)
}

/// `separator = { blank }, ",", { blank } | blank, { blank }`
fn separator(input: &str) -> IResult<&str, &str> {
    alt((
        recognize((blanks, char(','), blanks)),
        take_while1(is_blank),
    ))
    .parse(input)
}

/// `vertex = integer | identifier`; a vertex must end at a boundary (`1a` is an error).
fn vertex(input: &str) -> IResult<&str, &str> {
    let (rest, v) = alt((digit1, identifier)).parse(input)?;
    if rest.starts_with(is_name_char) {
        return Err(nom::Err::Error(nom::error::Error::new(
            input,
            nom::error::ErrorKind::AlphaNumeric,
        )));
    }
    Ok((rest, v))
}

/// `identifier = ( letter | "_" ), { letter | digit | "_" | "'" | "." }`
fn identifier(input: &str) -> IResult<&str, &str> {
    recognize(pair(
        take_while1(|c: char| c.is_alphabetic() || c == '_').map(|_| ()),
        opt(take_while1(is_name_char)),
    ))
    .parse(input)
}

fn is_name_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_' || c == '\'' || c == '.'
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax::Vertices;
    use crate::syntax::{GraphDecl, VertexName};

    fn parse_str(text: &str) -> Result<Position, Diagnostic> {
        parse(text.as_bytes())
    }

    fn names(g: &GraphDecl) -> Vec<String> {
        g.vertices.shown()
    }

    #[test]
    fn implicit_graph_with_chains_and_comments() {
        let p = parse_str("# hi\nground: g\ng-a-b  a-c, c-c # loop\r\n").unwrap();
        assert_eq!(p.graphs.len(), 1);
        let g = &p.graphs[0];
        assert_eq!(g.name, None);
        assert_eq!(names(g), ["g", "a", "b", "c"]);
        assert_eq!(g.ground, vec![0]);
        let pairs: Vec<_> = g.edges.iter().map(|e| (e.u, e.v)).collect();
        assert_eq!(pairs, [(0, 1), (1, 2), (1, 3), (3, 3)]);
        assert_eq!(g.edges[1].span, Span::new(17, 20));
    }

    #[test]
    fn colour_lines_colour_their_edges() {
        let p =
            parse_str("ground: g\nblue: g-a a-b\nred : b-c\ngreen:c-d\nd-e\nblue-red\n").unwrap();
        let colours: Vec<_> = p.graphs[0].edges.iter().map(|e| e.colour).collect();
        use Colour::*;
        assert_eq!(colours, [Blue, Blue, Red, Green, Green, Green]);
        // Without a colon, `blue` and `red` are vertices.
        assert_eq!(names(&p.graphs[0]).last().map(String::as_str), Some("red"));
        let err = parse_str("blue: \n").unwrap_err();
        assert_eq!(err.message, "expected a vertex, found end of line");
    }

    #[test]
    fn several_named_graphs() {
        let p = parse_str(
            "graph: one\nground: 0\n0-1\n\ngraph:two words # c\nground:0 1\n0 - 2 - 1\ngraph:\n",
        )
        .unwrap();
        assert_eq!(p.graphs.len(), 3);
        assert_eq!(p.graphs[0].name.as_deref(), Some("one"));
        assert_eq!(p.graphs[1].name.as_deref(), Some("two words"));
        assert_eq!(p.graphs[1].ground, vec![0, 1]);
        assert_eq!(p.graphs[2].name, None);
        assert!(p.graphs[2].edges.is_empty());
    }

    #[test]
    fn integers_compare_by_value() {
        let p = parse_str("ground: 0\n00-7 07-8\n").unwrap();
        assert_eq!(
            p.graphs[0].vertices,
            Vertices::Named(vec![
                VertexName::Number(0),
                VertexName::Number(7),
                VertexName::Number(8)
            ])
        );
    }

    #[test]
    fn keywords_need_a_colon() {
        let p = parse_str("ground: graph\ngraph-ground\n").unwrap();
        assert_eq!(p.graphs[0].edges.len(), 1);
    }

    /// A ground vertex that no edge touches is the position left after the last edge at
    /// the ground is cut: legal, worth what is attached, with a warning (probably a typo
    /// in a file written by hand).
    #[test]
    fn lone_ground_vertex_is_legal_with_a_warning() {
        let p = parse_str("ground: g, x\ng-a\n").unwrap();
        assert_eq!(p.graphs[0].ground, vec![0, 1]);
        assert_eq!(p.warnings.len(), 1);
        let w = &p.warnings[0];
        assert_eq!(w.level, crate::diagnostic::Level::Warning);
        assert_eq!(w.message, "no edge touches the ground vertex `x`");
        assert_eq!(w.span, Span::new(11, 12));
        // Without edges there is nothing to touch, and nothing to warn about.
        let p = parse_str("graph: empty\nground: g\n").unwrap();
        assert!(p.warnings.is_empty());
    }

    #[test]
    fn many_ground_vertices_read_in_linear_time() {
        let text: String = (0..400_000).map(|i| format!("ground: {i}\n")).collect();
        let p = parse_str(&text).unwrap();
        assert_eq!(p.graphs[0].ground.len(), 400_000);
    }

    #[test]
    fn byte_order_mark_is_skipped() {
        let p = parse(b"\xef\xbb\xbfground: g\ng-a\n").unwrap();
        assert_eq!(p.graphs[0].edges.len(), 1);
        assert_eq!(p.graphs[0].edges[0].span, Span::new(13, 16));
    }

    #[test]
    fn lone_vertex() {
        let err = parse_str("ground: g\ng\n").unwrap_err();
        assert_eq!(
            err.message,
            "expected `-` and a second vertex, found end of line"
        );
        assert_eq!(err.span, Span::at(11));
    }

    #[test]
    fn dangling_dash() {
        let err = parse_str("g-a-\n").unwrap_err();
        assert_eq!(
            err.message,
            "expected a vertex after `-`, found end of line"
        );
    }

    #[test]
    fn garbage() {
        let err = parse_str("ground: g\ng-a %\n").unwrap_err();
        assert_eq!(
            err.message,
            "expected `-`, another edge or the end of the line, found `%`"
        );
        assert_eq!(err.span, Span::new(14, 15));
        let err = parse_str("= x\n").unwrap_err();
        assert!(
            err.message.starts_with("expected an edge like `a-b`"),
            "{}",
            err.message
        );
        let err = parse_str("a-1b\n").unwrap_err();
        assert_eq!(err.span, Span::new(2, 4), "{}", err.message);
        assert_eq!(err.message, "expected a vertex after `-`, found `1b`");
        let err = parse_str("g-a b\n").unwrap_err();
        assert_eq!(
            err.message,
            "expected `-` and a second vertex, found end of line"
        );
        let err = parse_str("ground: a b %\n").unwrap_err();
        assert_eq!(
            err.message,
            "expected a vertex, `,` or the end of the line, found `%`"
        );
        let err = parse_str("ground:\n").unwrap_err();
        assert_eq!(err.message, "expected a vertex, found end of line");
    }

    #[test]
    fn number_too_large() {
        let err = parse_str("0-99999999999999999999\n").unwrap_err();
        assert_eq!(err.message, "number too large");
        assert_eq!(err.span, Span::new(2, 22));
    }

    #[test]
    fn invalid_utf8() {
        let err = parse(b"a-b\n\xff-c\n").unwrap_err();
        assert_eq!(err.span, Span::new(4, 5));
    }

    #[test]
    fn unicode_identifiers() {
        let p = parse_str("ground: sol\nsol-étoile\n").unwrap();
        assert_eq!(names(&p.graphs[0]), ["sol", "étoile"]);
    }
}
