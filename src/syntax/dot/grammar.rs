//! The productions of DOT (`grammars/dot.md`, section 1.1), one method each, named after
//! it and carrying it in its doc. They read tokens with the `nom` parsers of
//! [`token`] and tell the [`Drawing`] what they read as they read it.
//!
//! Every production decides by the token in front of it and never goes back: after an id,
//! a `=` makes it an attribute statement, anything else a node id; after a statement, a
//! `;` is skipped. Each token parser is followed by the blanks and comments after it, so
//! each byte is looked at a bounded number of times and reading is linear. Spans come
//! from where each token lies in the text. Subgraphs nest by recursion, at most
//! [`MAX_DEPTH`] levels of `{`, checked before each level is entered.

use nom::IResult;

use crate::diagnostic::Diagnostic;
use crate::source::Span;

use super::MAX_DEPTH;
use super::drawing::{Attr, Drawing, Operand, Scope, shorten};
use super::token::{self, Id};

/// What a production returns: the rest of the input after the production and the blanks
/// and comments that follow it, and its value; or the first error.
type Parsed<'a, T> = Result<(&'a str, T), Diagnostic>;

/// The parser: the whole text (to turn slices into spans), the drawing it feeds, and the
/// buffers of the statements being read.
pub(super) struct Parser<'a> {
    whole: &'a str,
    pub drawing: Option<Drawing<'a>>,
    /// What is legal but looks like a mistake (`1a`).
    pub warnings: Vec<Diagnostic>,
    /// The nodes of the operands of the edge statements being read: a statement inside a
    /// subgraph operand puts its own above its parent's, and takes them away when done.
    nodes: Vec<(u32, Span)>,
    /// Their operands, in the same way.
    operands: Vec<Operand>,
    /// The attributes of the statement being read.
    attrs: Vec<Attr<'a>>,
}

/// What can follow a statement: after a node or edge statement, more of it.
const AFTER_STATEMENT: &str = "a statement or `}`";
const AFTER_NODE: &str = "`[`, `--`, a statement or `}`";
const AFTER_NODE_DIRECTED: &str = "`[`, `->`, a statement or `}`";

impl<'a> Parser<'a> {
    pub fn new(whole: &'a str) -> Self {
        Parser {
            whole,
            drawing: None,
            warnings: Vec::new(),
            nodes: Vec::new(),
            operands: Vec::new(),
            attrs: Vec::new(),
        }
    }

    fn drawing(&mut self) -> &mut Drawing<'a> {
        self.drawing.as_mut().expect("the header comes first")
    }

    /// The span of `part`, a slice of the text.
    fn span(&self, part: &str) -> Span {
        let start = part.as_ptr() as usize - self.whole.as_ptr() as usize;
        Span::new(start, start + part.len())
    }

    /// Runs the token parser `p` at `input`: `None` if no such token starts there;
    /// otherwise the rest after it and the trivia that follows, its value and its span.
    fn token<T>(
        &self,
        input: &'a str,
        p: impl FnOnce(&'a str) -> IResult<&'a str, T>,
    ) -> Result<Option<(&'a str, T, Span)>, Diagnostic> {
        match p(input) {
            Ok((rest, value)) => {
                let span = self.span(&input[..input.len() - rest.len()]);
                Ok(Some((self.trivia(rest)?, value, span)))
            }
            Err(nom::Err::Error(_)) => Ok(None),
            Err(nom::Err::Failure(e)) => Err(self.unterminated(e.input)),
            Err(nom::Err::Incomplete(_)) => unreachable!("complete parsers"),
        }
    }

    /// `trivia`, any blanks and comments.
    fn trivia(&self, input: &'a str) -> Result<&'a str, Diagnostic> {
        match token::trivia(input) {
            Ok((rest, ())) => Ok(rest),
            Err(nom::Err::Failure(e) | nom::Err::Error(e)) => Err(self.unterminated(e.input)),
            Err(nom::Err::Incomplete(_)) => unreachable!("complete parsers"),
        }
    }

    /// One punctuation byte `c`, if it comes next.
    fn punct(&self, input: &'a str, c: u8) -> Result<Option<(&'a str, Span)>, Diagnostic> {
        if input.as_bytes().first() != Some(&c) {
            return Ok(None);
        }
        Ok(Some((self.trivia(&input[1..])?, self.span(&input[..1]))))
    }

    /// An id, which must come next: `expected` says what was expected if not.
    fn id(&mut self, input: &'a str, expected: &str) -> Parsed<'a, (Id<'a>, Span)> {
        let Some((rest, id, span)) = self.token(input, token::id)? else {
            return Err(self.expected(input, expected));
        };
        if id.glued {
            let next = &rest[..token::token_len(rest)];
            self.warnings.push(Diagnostic::warning(
                span,
                format!(
                    "badly delimited number `{}{}`: read as two ids, `{}` and `{}`",
                    id.raw, next, id.raw, next
                ),
                "Graphviz splits it there too: put a blank between them, or quote the name",
            ));
        }
        Ok((rest, (id, span)))
    }

    /// "expected X, found Y" for the token at `input`.
    fn expected(&self, input: &'a str, expected: &str) -> Diagnostic {
        let len = token::token_len(input);
        let span = self.span(&input[..len]);
        if len == 0 {
            return Diagnostic::expected(span, expected, "end of input");
        }
        let text = &input[..len];
        let found = format!("`{}`", shorten(text));
        match token::keyword(text) {
            Ok(("", _)) if expected.contains("id") || expected.contains("name") => Diagnostic::new(
                span,
                format!("expected {expected}, found the keyword {found}"),
                format!("quote it to use it as an id: \"{text}\""),
            ),
            _ => Diagnostic::expected(span, expected, &found),
        }
    }

    /// The error for a string or comment that never ends, at its start.
    fn unterminated(&self, at: &'a str) -> Diagnostic {
        let (message, close, len) = match at.as_bytes().first() {
            Some(b'"') => ("unterminated string", "`\"` to close the string", 1),
            Some(b'<') => (
                "unterminated HTML string",
                "`>` to close the HTML string",
                1,
            ),
            _ => ("unterminated comment", "`*/` to close the comment", 2),
        };
        Diagnostic::new(
            self.span(&at[..len]),
            message,
            format!("expected {close} opened here"),
        )
    }

    /// `file = [ bom ] , trivia , graph`, then the end of the input.
    pub fn file(&mut self, input: &'a str) -> Result<(), Diagnostic> {
        let rest = self.trivia(input.strip_prefix('\u{feff}').unwrap_or(input))?;
        let rest = self.graph(rest)?;
        if rest.is_empty() {
            return Ok(());
        }
        let mut e = self.expected(rest, "end of input");
        let second = matches!(
            token::keyword(rest),
            Ok((_, "graph" | "digraph" | "strict"))
        );
        if second {
            e.message = format!(
                "expected end of input, found a second graph `{}`",
                &self.whole[e.span.range()]
            );
            e.label = "a file is one position: draw each of its graphs as a `subgraph cluster_…` of one graph".into();
        } else {
            e.label = "the graph ends at its closing `}`: only comments may follow".into();
        }
        Err(e)
    }

    /// `graph = [ "strict" ] , ( "graph" | "digraph" ) , [ id ] , body`
    fn graph(&mut self, input: &'a str) -> Result<&'a str, Diagnostic> {
        let first = self.token(input, token::keyword)?;
        let (rest, strict, start) = match first {
            Some((rest, "strict", span)) => (rest, true, Some(span)),
            _ => (input, false, None),
        };
        let (rest, directed, mut header) = match self.token(rest, token::keyword)? {
            Some((rest, "graph", span)) => (rest, false, span),
            Some((rest, "digraph", span)) => (rest, true, span),
            _ => {
                let mut e = self.expected(rest, "`graph` or `digraph`");
                e.label =
                    "a DOT file starts with `graph {`, `strict graph {` or `digraph {`".into();
                return Err(e);
            }
        };
        header = start.map_or(header, |s| s.to(header));
        let (rest, id) = if rest.starts_with('{') {
            (rest, None)
        } else {
            let (rest, (id, span)) = self.id(rest, "`{`")?;
            header = header.to(span);
            (rest, Some(id.text()))
        };
        self.drawing = Some(Drawing::new(header, id, directed, strict));
        let (rest, _) = self.body(rest, Scope::default(), 1)?;
        Ok(rest)
    }

    /// `body = "{" , { statement , [ ";" ] } , "}"`, at nesting level `depth` (the
    /// graph's own body is level 1): the rest, and the span of the `}`.
    fn body(&mut self, input: &'a str, mut scope: Scope, depth: usize) -> Parsed<'a, Span> {
        let Some((mut rest, open)) = self.punct(input, b'{')? else {
            return Err(self.expected(input, "`{`"));
        };
        if depth > MAX_DEPTH {
            return Err(Diagnostic::new(
                open,
                format!("nesting too deep (more than {MAX_DEPTH} levels)"),
                format!("at most {MAX_DEPTH} nested `{{`, the graph's own included"),
            ));
        }
        let mut expected = AFTER_STATEMENT;
        loop {
            if let Some((after, close)) = self.punct(rest, b'}')? {
                return Ok((after, close));
            }
            if rest.is_empty() {
                return Err(Diagnostic::new(
                    open,
                    "unclosed `{`: expected `}` before the end of input",
                    "this `{` is never closed",
                ));
            }
            let (after, node) = self.statement(rest, &mut scope, depth, expected)?;
            rest = after;
            expected = match self.punct(rest, b';')? {
                Some((after, _)) => {
                    rest = after;
                    AFTER_STATEMENT
                }
                None if node && self.drawing().directed() => AFTER_NODE_DIRECTED,
                None if node => AFTER_NODE,
                None => AFTER_STATEMENT,
            };
        }
    }

    /// `statement = attr stmt | assignment | edge stmt`; whether it was a node or edge
    /// statement (which could have gone on). `expected` is what the body expects if no
    /// statement starts here.
    fn statement(
        &mut self,
        input: &'a str,
        scope: &mut Scope,
        depth: usize,
        expected: &str,
    ) -> Parsed<'a, bool> {
        if let Some((rest, keyword, span)) = self.token(input, token::keyword)? {
            return match keyword {
                "graph" | "node" | "edge" => {
                    let rest = self.attr_stmt(rest, keyword, span, scope)?;
                    Ok((rest, false))
                }
                "subgraph" => self.edge_stmt(input, scope, depth, None),
                _ => Err(self.expected(input, expected)),
            };
        }
        if input.starts_with('{') {
            return self.edge_stmt(input, scope, depth, None);
        }
        let (rest, first) = self.id(input, expected)?;
        match self.punct(rest, b'=')? {
            Some((rest, _)) => {
                let rest = self.assignment(rest, first, scope)?;
                Ok((rest, false))
            }
            None => self.edge_stmt(rest, scope, depth, Some(first)),
        }
    }

    /// `assignment = id , "=" , id`: a graph attribute (`label="…"`), after the `=`.
    fn assignment(
        &mut self,
        input: &'a str,
        key: (Id<'a>, Span),
        scope: &Scope,
    ) -> Result<&'a str, Diagnostic> {
        let (rest, (value, value_span)) =
            self.id(input, "an id (a name, a number or a quoted string)")?;
        let attr = Attr {
            key: key.0,
            key_span: key.1,
            value,
            value_span,
        };
        self.drawing().graph_attr(scope.opening, &attr)?;
        Ok(rest)
    }

    /// `attr stmt = ( "graph" | "node" | "edge" ) , attr list`, after the keyword (at
    /// `span`).
    fn attr_stmt(
        &mut self,
        input: &'a str,
        keyword: &str,
        span: Span,
        scope: &mut Scope,
    ) -> Result<&'a str, Diagnostic> {
        if !input.starts_with('[') {
            let mut e = self.expected(input, "`[`");
            e.label = format!(
                "`{}` is a keyword: write `{} [name=value]`, or quote it to use it as an id",
                &self.whole[span.range()],
                keyword
            );
            return Err(e);
        }
        let rest = self.attr_list(input)?;
        let drawing = self.drawing.as_mut().expect("the header comes first");
        match keyword {
            "node" | "edge" => drawing.defaults(keyword == "node", scope, &self.attrs)?,
            _ => {
                for attr in &self.attrs {
                    drawing.graph_attr(scope.opening, attr)?;
                }
            }
        }
        Ok(rest)
    }

    /// `attr list = "[" , { attribute , [ ";" | "," ] } , "]" , { "[" , … , "]" }`:
    /// the attributes, in `self.attrs`.
    fn attr_list(&mut self, input: &'a str) -> Result<&'a str, Diagnostic> {
        self.attrs.clear();
        let mut rest = input;
        while let Some((mut inside, _)) = self.punct(rest, b'[')? {
            loop {
                if let Some((after, _)) = self.punct(inside, b']')? {
                    rest = after;
                    break;
                }
                let (after, attr) = self.attribute(inside)?;
                self.attrs.push(attr);
                inside = match self.punct(after, b';')? {
                    Some((after, _)) => after,
                    None => self.punct(after, b',')?.map_or(after, |(after, _)| after),
                };
            }
        }
        Ok(rest)
    }

    /// `attribute = id , "=" , id`
    fn attribute(&mut self, input: &'a str) -> Parsed<'a, Attr<'a>> {
        let (rest, (key, key_span)) = self.id(input, "an attribute name or `]`")?;
        let Some((rest, _)) = self.punct(rest, b'=')? else {
            return Err(self.expected(rest, "`=` after the attribute name"));
        };
        let (rest, (value, value_span)) =
            self.id(rest, "an id (a name, a number or a quoted string)")?;
        Ok((
            rest,
            Attr {
                key,
                key_span,
                value,
                value_span,
            },
        ))
    }

    /// `edge stmt = operand , { edge op , operand } , [ attr list ]`; with one operand a
    /// node statement (`a [ground=true]`, `a, b`) or a subgraph. `first` is its first id,
    /// when the statement read it already.
    fn edge_stmt(
        &mut self,
        input: &'a str,
        scope: &Scope,
        depth: usize,
        first: Option<(Id<'a>, Span)>,
    ) -> Parsed<'a, bool> {
        let (nodes, operands) = (self.nodes.len(), self.operands.len());
        let (mut rest, (operand, start)) = self.operand(input, scope, depth, first)?;
        self.operands.push(operand);
        let mut end = start;
        while let Some((after, directed, op)) = self.token(rest, token::edge_op)? {
            if directed != self.drawing().directed() {
                return Err(if directed {
                    Diagnostic::new(
                        op,
                        "`->` in an undirected graph",
                        "edges of a `graph` are written `--`",
                    )
                } else {
                    Diagnostic::new(
                        op,
                        "`--` in a directed graph",
                        "edges of a `digraph` are written `->` (hackenbush ignores their direction)",
                    )
                });
            }
            let (after, (operand, span)) = self.operand(after, scope, depth, None)?;
            self.operands.push(operand);
            end = span;
            rest = after;
        }
        let rest = self.attr_list(rest)?;
        let drawing = self.drawing.as_mut().expect("the header comes first");
        let done = match &self.operands[operands..] {
            [Operand::Nodes(from, to)] => {
                drawing.node_attrs(&self.nodes[*from as usize..*to as usize], &self.attrs)
            }
            [Operand::Subgraph(..)] => drawing.node_attrs(&[], &self.attrs),
            several => drawing.edges(several, &self.nodes, &self.attrs, scope, start.to(end)),
        };
        self.nodes.truncate(nodes);
        self.operands.truncate(operands);
        done?;
        Ok((rest, true))
    }

    /// `operand = node list | subgraph`, and its span.
    fn operand(
        &mut self,
        input: &'a str,
        scope: &Scope,
        depth: usize,
        first: Option<(Id<'a>, Span)>,
    ) -> Parsed<'a, (Operand, Span)> {
        let subgraph = first.is_none()
            && (input.starts_with('{') || matches!(token::keyword(input), Ok((_, "subgraph"))));
        if subgraph {
            let (rest, (opening, span)) = self.subgraph(input, scope, depth)?;
            return Ok((rest, (Operand::Subgraph(opening, span), span)));
        }
        self.node_list(input, scope, first)
    }

    /// `node list = node id , { "," , node id }`
    fn node_list(
        &mut self,
        input: &'a str,
        scope: &Scope,
        mut first: Option<(Id<'a>, Span)>,
    ) -> Parsed<'a, (Operand, Span)> {
        let start = self.nodes.len() as u32;
        let mut rest = input;
        let mut expected = "a node id or `subgraph`";
        loop {
            let (after, node) = self.node_id(rest, scope, first.take(), expected)?;
            self.nodes.push(node);
            match self.punct(after, b',')? {
                Some((after, _)) => rest = after,
                None => {
                    rest = after;
                    break;
                }
            }
            expected = "a node id";
        }
        let end = self.nodes.len() as u32;
        let span = self.nodes[start as usize]
            .1
            .to(self.nodes[end as usize - 1].1);
        Ok((rest, (Operand::Nodes(start, end), span)))
    }

    /// `node id = id , [ port ]`: the node mentioned, and the span of the id and port.
    fn node_id(
        &mut self,
        input: &'a str,
        scope: &Scope,
        first: Option<(Id<'a>, Span)>,
        expected: &str,
    ) -> Parsed<'a, (u32, Span)> {
        let (rest, (id, span)) = match first {
            Some(first) => (input, first),
            None => self.id(input, expected)?,
        };
        let (rest, port) = self.port(rest)?;
        let span = port.map_or(span, |port| span.to(port));
        let n = self.drawing().mention(&id.text(), span, scope)?;
        Ok((rest, (n, span)))
    }

    /// `port = ":" , id , [ ":" , compass point ]`, where
    /// `compass point = "n" | "ne" | "e" | "se" | "s" | "sw" | "w" | "nw" | "c" | "_"`
    /// (Graphviz's parser takes any id there, and so does this one): where an edge
    /// meets the node (`a:p`, `a:p:sw`, or `a:sw` for a compass point alone). A port never
    /// changes which node an edge touches.
    fn port(&mut self, input: &'a str) -> Parsed<'a, Option<Span>> {
        let Some((rest, colon)) = self.punct(input, b':')? else {
            return Ok((input, None));
        };
        let (mut rest, (_, mut span)) = self.id(rest, "a port name or a compass point")?;
        span = colon.to(span);
        if let Some((after, _)) = self.punct(rest, b':')? {
            let (after, (_, compass)) = self.id(after, COMPASS)?;
            span = span.to(compass);
            rest = after;
        }
        Ok((rest, Some(span)))
    }

    /// `subgraph = [ "subgraph" , [ id ] ] , body`: its opening, and its span from the
    /// header to the closing `}`.
    fn subgraph(&mut self, input: &'a str, scope: &Scope, depth: usize) -> Parsed<'a, (u32, Span)> {
        let (rest, header, id) = match self.token(input, token::keyword)? {
            Some((rest, "subgraph", span)) if !rest.starts_with('{') => {
                let (rest, (id, id_span)) = self.id(rest, "`{`")?;
                (rest, span.to(id_span), Some(id.text()))
            }
            Some((rest, _, span)) => (rest, span, None),
            None => (input, self.span(&input[..1]), None),
        };
        if !rest.starts_with('{') {
            return Err(self.expected(rest, "`{`"));
        }
        let inner = self.drawing().open(scope, id, header);
        let opening = inner.opening;
        let (rest, close) = self.body(rest, inner, depth + 1)?;
        self.drawing().close(opening);
        Ok((rest, (opening, header.to(close))))
    }
}

const COMPASS: &str = "a compass point (`n`, `ne`, `e`, `se`, `s`, `sw`, `w`, `nw`, `c` or `_`)";

#[cfg(test)]
mod tests {
    use super::*;

    /// A parser inside the body of `graph { … }`, for productions read there.
    fn parser(text: &str) -> Parser<'_> {
        let mut p = Parser::new(text);
        p.drawing = Some(Drawing::new(Span::default(), None, false, false));
        p
    }

    fn at(text: &str, span: Span) -> &str {
        &text[span.range()]
    }

    fn rest_of<T>(r: Parsed<'_, T>) -> &str {
        r.unwrap_or_else(|e| panic!("{e:?}")).0
    }

    fn message<T: std::fmt::Debug>(r: Result<T, Diagnostic>) -> String {
        r.unwrap_err().message
    }

    #[test]
    fn file_is_one_graph_then_the_end() {
        assert!(Parser::new("graph{}").file("graph{}").is_ok());
        let text = "\u{feff}/* c */ graph {} // c\n";
        assert!(Parser::new(text).file(text).is_ok());
        let text = "graph {} digraph {}";
        assert_eq!(
            message(Parser::new(text).file(text)),
            "expected end of input, found a second graph `digraph`"
        );
    }

    #[test]
    fn graph_header_spans_strict_keyword_and_id() {
        for (text, header) in [
            ("strict graph \"a b\" { }", "strict graph \"a b\""),
            ("digraph{}", "digraph"),
            ("GRAPH g {}", "GRAPH g"),
        ] {
            let mut p = Parser::new(text);
            assert_eq!(p.graph(text).unwrap(), "", "{text}");
            let d = p.drawing.unwrap();
            assert_eq!(d.directed(), text.contains("digraph"));
            let mut graphs = crate::syntax::Collected::default();
            d.finish(Vec::new(), &mut graphs).unwrap();
            assert_eq!(at(text, graphs.graphs[0].span), header, "{text}");
        }
        let text = "strict strict graph {}";
        assert_eq!(
            message(Parser::new(text).graph(text)),
            "expected `graph` or `digraph`, found `strict`"
        );
        let text = "graph a b {}";
        assert_eq!(
            message(Parser::new(text).graph(text)),
            "expected `{`, found `b`"
        );
    }

    #[test]
    fn body_statements_with_or_without_semicolons() {
        let text = "{ a; b c -- d; e [x=1] f } rest";
        let (rest, close) = parser(text).body(text, Scope::default(), 1).unwrap();
        assert_eq!((rest, at(text, close)), ("rest", "}"));
        let text = "{ a; ; }";
        assert_eq!(
            message(parser(text).body(text, Scope::default(), 1)),
            "expected a statement or `}`, found `;`"
        );
        let text = "{ a { b }";
        let e = parser(text).body(text, Scope::default(), 1).unwrap_err();
        assert_eq!(
            (e.span.start, e.label.as_str()),
            (0, "this `{` is never closed")
        );
        let text = "{ }";
        let e = parser(text)
            .body(text, Scope::default(), MAX_DEPTH + 1)
            .unwrap_err();
        assert_eq!(e.message, "nesting too deep (more than 64 levels)");
    }

    #[test]
    fn statements_by_their_first_token() {
        let mut scope = Scope::default();
        for text in [
            "node [a=b] x",
            "edge [a=b] x",
            "graph [a=b] x",
            "a = b x",
            "a:p -- b x",
            "subgraph { } x",
            "{ } -- a x",
            "\"q\" x",
        ] {
            let r = parser(text).statement(text, &mut scope, 1, AFTER_STATEMENT);
            assert_eq!(rest_of(r), "x", "{text}");
        }
        let text = "digraph";
        assert_eq!(
            message(parser(text).statement(text, &mut scope, 1, AFTER_STATEMENT)),
            "expected a statement or `}`, found `digraph`"
        );
    }

    #[test]
    fn attribute_statements_need_a_list() {
        let mut scope = Scope::default();
        let text = "node [shape=box][ground=yes] x";
        let (rest, _) = parser(text)
            .statement(text, &mut scope, 1, AFTER_STATEMENT)
            .unwrap();
        assert_eq!(rest, "x");
        let text = "graph x";
        let e = parser(text)
            .statement(text, &mut scope, 1, AFTER_STATEMENT)
            .unwrap_err();
        assert_eq!(e.message, "expected `[`, found `x`");
    }

    #[test]
    fn assignments_take_an_id() {
        let text = "label = \"a\" + \"b\" x";
        let r = parser(text).statement(text, &mut Scope::default(), 1, AFTER_STATEMENT);
        assert_eq!(rest_of(r), "x");
        let text = "label = ]";
        assert_eq!(
            message(parser(text).statement(text, &mut Scope::default(), 1, AFTER_STATEMENT)),
            "expected an id (a name, a number or a quoted string), found `]`"
        );
    }

    #[test]
    fn attribute_lists_and_their_separators() {
        let text = "[a=1, b=\"2\"; c=<3>][][d=4 e=5] x";
        let mut p = parser(text);
        assert_eq!(p.attr_list(text).unwrap(), "x");
        let keys: Vec<String> = p.attrs.iter().map(|a| a.key.text().into_owned()).collect();
        assert_eq!(keys, ["a", "b", "c", "d", "e"]);
        assert_eq!(at(text, p.attrs[1].value_span), "\"2\"");
        assert_eq!(at(text, p.attrs[2].value_span), "<3>");
        assert_eq!(p.attrs[2].value.text(), "3");
        // No list at all is an empty one.
        let mut p = parser("x");
        assert_eq!(p.attr_list("x").unwrap(), "x");
        assert!(p.attrs.is_empty());
        for (text, error) in [
            ("[a]", "expected `=` after the attribute name, found `]`"),
            (
                "[a=]",
                "expected an id (a name, a number or a quoted string), found `]`",
            ),
            ("[=b]", "expected an attribute name or `]`, found `=`"),
            (
                "[a=b",
                "expected an attribute name or `]`, found end of input",
            ),
            ("[a=b,,c=d]", "expected an attribute name or `]`, found `,`"),
        ] {
            assert_eq!(message(parser(text).attr_list(text)), error, "{text}");
        }
    }

    #[test]
    fn attributes_span_key_and_value() {
        let text = "label = \"x\\\"y\" ]";
        let (rest, attr) = parser(text).attribute(text).unwrap();
        assert_eq!(rest, "]");
        assert_eq!(at(text, attr.key_span), "label");
        assert_eq!(at(text, attr.value_span), "\"x\\\"y\"");
        assert_eq!(attr.value.text(), "x\"y");
    }

    #[test]
    fn edge_statements_and_their_operands() {
        let text = "a -- b:n -- {c d} -- e [label=x] ;";
        let mut p = parser(text);
        let r = p.edge_stmt(text, &Scope::default(), 1, None);
        assert_eq!(rest_of(r), ";");
        // The buffers are left as they were found.
        assert!(p.nodes.is_empty() && p.operands.is_empty());
        let text = "a -- ";
        assert_eq!(
            message(parser(text).edge_stmt(text, &Scope::default(), 1, None)),
            "expected a node id or `subgraph`, found end of input"
        );
    }

    #[test]
    fn operands_are_node_lists_or_subgraphs() {
        let text = "subgraph s { a } -- b";
        let (rest, (operand, span)) = parser(text)
            .operand(text, &Scope::default(), 1, None)
            .unwrap();
        assert_eq!(rest, "-- b");
        assert!(matches!(operand, Operand::Subgraph(1, _)));
        assert_eq!(at(text, span), "subgraph s { a }");
        let text = "a:p , b , c -- d";
        let (rest, (operand, span)) = parser(text)
            .operand(text, &Scope::default(), 1, None)
            .unwrap();
        assert_eq!(rest, "-- d");
        assert!(matches!(operand, Operand::Nodes(0, 3)));
        assert_eq!(at(text, span), "a:p , b , c");
        let text = "a, -- d";
        assert_eq!(
            message(parser(text).operand(text, &Scope::default(), 1, None)),
            "expected a node id, found `--`"
        );
    }

    #[test]
    fn node_ids_span_their_port() {
        for (text, span) in [
            ("a x", "a"),
            ("a:p x", "a:p"),
            ("\"a\" : \"p\" : sw x", "\"a\" : \"p\" : sw"),
            ("a:sw x", "a:sw"),
            ("a:<p>:_ x", "a:<p>:_"),
        ] {
            let (rest, (_, s)) = parser(text)
                .node_id(text, &Scope::default(), None, "")
                .unwrap();
            assert_eq!((rest, at(text, s)), ("x", span), "{text}");
        }
    }

    #[test]
    fn ports_have_at_most_two_parts() {
        let text = ":p:sw:x";
        let (rest, span) = parser(text).port(text).unwrap();
        assert_eq!((rest, at(text, span.unwrap())), (":x", ":p:sw"));
        let text = "x";
        assert_eq!(parser(text).port(text).unwrap(), ("x", None));
        let text = ":p:";
        assert_eq!(
            message(parser(text).port(text)),
            "expected a compass point (`n`, `ne`, `e`, `se`, `s`, `sw`, `w`, `nw`, `c` or `_`), found end of input"
        );
    }

    #[test]
    fn subgraphs_with_or_without_keyword_and_id() {
        for (text, span) in [
            ("subgraph s { a } x", "subgraph s { a }"),
            ("SubGraph { } x", "SubGraph { }"),
            ("{ a -- b } x", "{ a -- b }"),
            ("subgraph \"s t\" {} x", "subgraph \"s t\" {}"),
        ] {
            let (rest, (_, s)) = parser(text).subgraph(text, &Scope::default(), 1).unwrap();
            assert_eq!((rest, at(text, s)), ("x", span), "{text}");
        }
        let text = "subgraph s -- a";
        assert_eq!(
            message(parser(text).subgraph(text, &Scope::default(), 1)),
            "expected `{`, found `--`"
        );
    }
}
