//! The native `hb` format (`grammars/hb.ebnf`): positions written by hand.
//!
//! ```text
//! # two triangles hanging from one vertex, on a stalk
//! graph: bowtie
//! ground: g
//! g-a  a-b-c-a  a-d-e-a
//! ```
//!
//! The file is read line by line; each line is one `statement` parsed with `nom`. Vertex
//! names are interned per graph; the check that every ground vertex is used happens when
//! the graph ends.

use nom::branch::alt;
use nom::bytes::complete::{tag, take_while, take_while1};
use nom::character::complete::{char, digit1};
use nom::combinator::{cut, opt, recognize};
use nom::sequence::{pair, preceded, terminated};
use nom::{IResult, Parser};

use crate::diagnostic::Diagnostic;
use crate::source::Span;

use super::lex::digits_value;
use super::{EdgeDecl, GraphDecl, Interner, Position, VertexName};

/// Parses a whole hb file into one position.
pub fn parse(input: &[u8]) -> Result<Position, Diagnostic> {
    let text = std::str::from_utf8(input).map_err(|e| {
        let at = e.valid_up_to();
        Diagnostic::new(
            Span::new(at, at + e.error_len().unwrap_or(1).min(input.len() - at)),
            "invalid UTF-8 in an hb file",
            "expected UTF-8 text",
        )
    })?;
    let mut parser = FileParser {
        whole: text,
        graphs: Vec::new(),
        current: GraphBuilder::new(None, Span::at(0)),
    };
    let mut start = 0;
    for line in text.split_inclusive('\n') {
        let body = line.strip_suffix('\n').unwrap_or(line);
        let body = body.strip_suffix('\r').unwrap_or(body);
        parser.line(body, start)?;
        start += line.len();
    }
    parser.finish_graph()?;
    Ok(Position {
        case: None,
        span: Span::new(0, text.len()),
        graphs: parser.graphs,
    })
}

/// One statement of a line, as nom produced it.
enum Statement<'a> {
    Graph(&'a str),
    Ground(Vec<&'a str>),
    Edges(Vec<Vec<&'a str>>),
}

struct FileParser<'a> {
    whole: &'a str,
    graphs: Vec<GraphDecl>,
    current: GraphBuilder,
}

impl<'a> FileParser<'a> {
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
                self.finish_graph()?;
                let name = name.trim_matches(is_blank);
                let span = self.span(name);
                self.current =
                    GraphBuilder::new((!name.is_empty()).then(|| name.to_string()), span);
            }
            Statement::Ground(vertices) => {
                for v in vertices {
                    let name = self.vertex_name(v)?;
                    let span = self.span(v);
                    self.current.add_ground(name, span)?;
                }
            }
            Statement::Edges(chains) => {
                for chain in chains {
                    let mut names = Vec::with_capacity(chain.len());
                    for v in &chain {
                        names.push(self.vertex_name(v)?);
                    }
                    for (i, pair) in names.windows(2).enumerate() {
                        let span = self.span(chain[i]).to(self.span(chain[i + 1]));
                        self.current
                            .add_edge(pair[0].clone(), pair[1].clone(), span)?;
                    }
                }
            }
        }
        Ok(())
    }

    fn vertex_name(&self, token: &str) -> Result<VertexName, Diagnostic> {
        if token.as_bytes()[0].is_ascii_digit() {
            digits_value(token.as_bytes())
                .map(VertexName::Number)
                .ok_or_else(|| {
                    Diagnostic::new(
                        self.span(token),
                        "number too large",
                        format!("vertex numbers are at most {}", u64::MAX),
                    )
                })
        } else {
            Ok(VertexName::Name(token.into()))
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

    fn finish_graph(&mut self) -> Result<(), Diagnostic> {
        let builder = std::mem::replace(&mut self.current, GraphBuilder::new(None, Span::at(0)));
        if let Some(graph) = builder.finish()? {
            self.graphs.push(graph);
        }
        Ok(())
    }
}

/// A graph being read.
struct GraphBuilder {
    name: Option<String>,
    span: Span,
    has_header: bool,
    interner: Interner,
    ground: Vec<(u32, Span)>,
    edges: Vec<EdgeDecl>,
    used: Vec<bool>,
}

impl GraphBuilder {
    fn new(name: Option<String>, span: Span) -> Self {
        GraphBuilder {
            has_header: name.is_some() || span != Span::at(0),
            name,
            span,
            interner: Interner::default(),
            ground: Vec::new(),
            edges: Vec::new(),
            used: Vec::new(),
        }
    }

    fn intern(&mut self, name: VertexName, span: Span) -> Result<u32, Diagnostic> {
        let id = self
            .interner
            .intern(name)
            .ok_or_else(|| Diagnostic::new(span, "too many vertices in one graph", ""))?;
        if id as usize >= self.used.len() {
            self.used.push(false);
        }
        Ok(id)
    }

    fn add_ground(&mut self, name: VertexName, span: Span) -> Result<(), Diagnostic> {
        let id = self.intern(name, span)?;
        if !self.ground.iter().any(|&(g, _)| g == id) {
            self.ground.push((id, span));
        }
        Ok(())
    }

    fn add_edge(&mut self, u: VertexName, v: VertexName, span: Span) -> Result<(), Diagnostic> {
        if self.edges.is_empty() && !self.has_header {
            self.span = span;
        }
        let u = self.intern(u, span)?;
        let v = self.intern(v, span)?;
        self.used[u as usize] = true;
        self.used[v as usize] = true;
        self.edges.push(EdgeDecl { u, v, span });
        Ok(())
    }

    /// The finished graph; `None` for the empty implicit graph before the first header.
    fn finish(self) -> Result<Option<GraphDecl>, Diagnostic> {
        if !self.has_header && self.edges.is_empty() && self.ground.is_empty() {
            return Ok(None);
        }
        if !self.edges.is_empty()
            && let Some(&(g, span)) = self.ground.iter().find(|&&(g, _)| !self.used[g as usize])
        {
            let vertices = self.interner.into_vertices();
            let name = vertices.name(g);
            return Err(Diagnostic::new(
                span,
                format!("unknown vertex `{name}` in ground list"),
                format!("no edge of this graph touches `{name}`"),
            ));
        }
        Ok(Some(GraphDecl {
            name: self.name,
            span: self.span,
            vertices: self.interner.into_vertices(),
            ground: self.ground.into_iter().map(|(g, _)| g).collect(),
            edges: self.edges,
        }))
    }
}

fn is_blank(c: char) -> bool {
    c == ' ' || c == '\t'
}

/// `blank = " " | "\t"`, any number of them.
fn blanks(input: &str) -> IResult<&str, &str> {
    take_while(is_blank).parse(input)
}

/// `statement = graph header | ground decl | edges`
fn statement(input: &str) -> IResult<&str, Statement<'_>> {
    alt((graph_header, ground_decl, edges)).parse(input)
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

/// `edges = chain, { separator, chain }`
fn edges(input: &str) -> IResult<&str, Statement<'_>> {
    let (mut rest, first) = chain(input)?;
    let mut chains = vec![first];
    loop {
        match preceded(separator, chain).parse(rest) {
            Ok((after, c)) => {
                chains.push(c);
                rest = after;
            }
            // A separator followed by something that is not a chain: report it there.
            Err(nom::Err::Error(e))
                if separator(rest).is_ok() && !rest.trim_matches(is_blank).is_empty() =>
            {
                return Err(nom::Err::Error(e));
            }
            Err(_) => return Ok((rest, Statement::Edges(chains))),
        }
    }
}

/// `chain = vertex, dash, vertex, { dash, vertex }`
fn chain(input: &str) -> IResult<&str, Vec<&str>> {
    let (mut rest, first) = vertex(input)?;
    let (after, second) = preceded(dash, vertex).parse(rest)?;
    let mut chain = vec![first, second];
    rest = after;
    loop {
        match dash(rest) {
            Ok((after_dash, _)) => {
                let (after, v) = vertex(after_dash)?;
                chain.push(v);
                rest = after;
            }
            Err(_) => return Ok((rest, chain)),
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

    fn parse_str(text: &str) -> Result<Position, Diagnostic> {
        parse(text.as_bytes())
    }

    fn names(g: &GraphDecl) -> Vec<String> {
        (0..g.vertices.len() as u32)
            .map(|i| g.vertices.name(i).to_string())
            .collect()
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

    #[test]
    fn unknown_ground_vertex() {
        let err = parse_str("ground: g, x\ng-a\n").unwrap_err();
        assert_eq!(err.message, "unknown vertex `x` in ground list");
        assert_eq!(err.span, Span::new(11, 12));
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
