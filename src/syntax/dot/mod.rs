//! Graphviz DOT input (`grammars/dot.md`): positions drawn in a graph editor, or written
//! by `hackenbush dot`, read back.
//!
//! ```text
//! graph position {
//!   subgraph cluster_stalk { label="stalk"; g1 [ground=true]; g1 -- a -- b }
//!   subgraph cluster_loop  { label="loop";  ground -- c; c -- c }
//! }
//! ```
//!
//! A file is one position. When the graph has clusters (`subgraph cluster_…`), each
//! outermost cluster is one Hackenbush graph (`cluster_legend` excepted: it is the legend
//! `hackenbush dot` draws); otherwise the whole file is one graph. Ground vertices are the
//! nodes with `ground=true` and the node named `ground`. Edges keep DOT semantics: chains,
//! parallel edges, loops, subgraph operands; `strict` merges parallel edges, invisible
//! edges (`style=invis`) are layout aids and no part of the position, and a `digraph` is
//! read as undirected.
//!
//! The text is read in one pass by a parser of our own, written to DOT's grammar as
//! Graphviz reads it:
//!
//! - `token`: the words (ids, keywords, edge operators, blanks and comments), each a
//!   `nom` parser;
//! - `grammar`: the productions, one method each, which never go back more than a
//!   token and nest at most [`MAX_DEPTH`] levels, with exact spans from the parse;
//! - `drawing`: what the productions read, as Graphviz builds it (nodes, subgraphs,
//!   edges), and at the end the graphs of the position, each built by a
//!   [`GraphBuilder`](super::GraphBuilder).

mod drawing;
mod grammar;
mod token;

#[cfg(feature = "graphviz")]
pub(crate) use drawing::title_name;

use crate::diagnostic::Diagnostic;
use crate::source::Span;

use super::lex;
use super::{GraphSink, Position, PositionRead, Start};

/// Deepest nesting of `{` accepted; the graph's own body is level 1.
pub const MAX_DEPTH: usize = 64;

/// Most edges a file may create through subgraph operands and node lists (`a -- subgraph
/// {b c}` makes one edge per node of the subgraph, so a short file could ask for
/// billions).
pub const MAX_OPERAND_EDGES: u64 = 1 << 22;

/// The id of the legend cluster `hackenbush dot` draws: not a graph of the position.
const LEGEND: &str = "cluster_legend";

/// Parses a DOT file into one position.
pub fn parse(input: &[u8]) -> Result<Position, Diagnostic> {
    super::collect_one(|sink| read(input, sink))
}

/// Whether `text`, the first bytes of an input, can begin a DOT file: after a byte order
/// mark, blanks and comments (`/* */`, `//` and `#` to the end of the line), a file
/// starts with the keyword `strict`, `graph` or `digraph`, in any case. Anything else is
/// refused by [`read`] where it is.
pub fn start(text: &[u8]) -> Start {
    let mut at = lex::bom_len(text);
    loop {
        let Some(&b) = text.get(at) else {
            return Start::Undecided;
        };
        let rest = &text[at..];
        match b {
            b' ' | b'\t' | b'\r' | b'\n' => at += 1,
            b'#' => match memchr::memchr(b'\n', rest) {
                Some(len) => at += len + 1,
                None => return Start::Undecided,
            },
            b'/' => match rest.get(1) {
                Some(b'/') => match memchr::memchr(b'\n', rest) {
                    Some(len) => at += len + 1,
                    None => return Start::Undecided,
                },
                Some(b'*') => match memchr::memmem::find(&rest[2..], b"*/") {
                    Some(len) => at += 2 + len + 2,
                    None => return Start::Undecided,
                },
                Some(_) => return Start::Cannot(at),
                None => return Start::Undecided,
            },
            // A byte order mark between tokens is a blank, unless a name goes on after it
            // (it is made of letters, to Graphviz's scanner): then it starts that name.
            0xEF if rest.starts_with(lex::BOM) => match rest.get(3) {
                Some(&next) if token::is_letter(next) || next.is_ascii_digit() => {
                    return Start::Cannot(at);
                }
                Some(_) => at += lex::BOM.len(),
                None => return Start::Undecided,
            },
            0xEF if lex::BOM.starts_with(rest) => return Start::Undecided,
            b's' | b'S' | b'g' | b'G' | b'd' | b'D' => return Start::Can(at),
            _ => return Start::Cannot(at),
        }
    }
}

/// Reads a DOT file as one position, handing its graphs to `sink` once the whole file is
/// read (which graph a statement belongs to may depend on what comes after it).
pub fn read(input: &[u8], sink: &mut dyn GraphSink) -> Result<PositionRead, Diagnostic> {
    let text = super::lex::utf8(input, 0, "a dot file")?;
    // Graphviz reads strings as C does: a NUL byte ends one there, or the whole input.
    if let Some(at) = memchr::memchr(0, input) {
        return Err(Diagnostic::new(
            Span::new(at, at + 1),
            "NUL byte in a dot file",
            "Graphviz would cut the text here: a dot file is text without NUL bytes",
        ));
    }
    let mut parser = grammar::Parser::new(text);
    parser.file(text)?;
    let drawing = parser.drawing.expect("a file that parses has a graph");
    drawing.finish(parser.warnings, sink)?;
    Ok(PositionRead {
        case: None,
        span: Span::new(0, text.len()),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax::{Colour, GraphDecl, VertexName};

    fn position(text: &str) -> Position {
        parse(text.as_bytes()).unwrap_or_else(|e| panic!("{text}: {e:?}"))
    }

    fn graph(text: &str) -> GraphDecl {
        let mut p = position(text);
        assert_eq!(p.graphs.len(), 1, "{text}");
        p.graphs.remove(0)
    }

    fn error(text: &str) -> Diagnostic {
        parse(text.as_bytes()).expect_err(text)
    }

    fn name(g: &GraphDecl, v: u32) -> String {
        g.vertices.name(v).to_string()
    }

    /// The edges of a graph, `a-b` each, in order.
    fn pairs(g: &GraphDecl) -> String {
        let pair = |e: &crate::syntax::EdgeDecl| format!("{}-{}", name(g, e.u), name(g, e.v));
        g.edges.iter().map(pair).collect::<Vec<_>>().join(" ")
    }

    /// The edges of the one graph of `text`.
    fn edges(text: &str) -> String {
        pairs(&graph(text))
    }

    fn ground(g: &GraphDecl) -> Vec<String> {
        g.ground.iter().map(|&v| name(g, v)).collect()
    }

    fn at(text: &str, span: Span) -> &str {
        &text[span.range()]
    }

    #[test]
    fn whole_file_is_one_graph() {
        let text = "graph bowtie {\n  g [ground=true]\n  g -- a -- b -- a\n}\n";
        let g = graph(text);
        assert_eq!(g.name.as_deref(), Some("bowtie"));
        assert_eq!(pairs(&g), "g-a a-b b-a");
        assert_eq!(ground(&g), ["g"]);
        assert_eq!(at(text, g.span), "graph bowtie");
        let spans: Vec<&str> = g.edges.iter().map(|e| at(text, e.span)).collect();
        assert_eq!(spans, ["g -- a", "a -- b", "b -- a"]);
    }

    #[test]
    fn chains_parallel_edges_and_loops_are_kept() {
        let text = "graph { ground -- a; a -- a; a -- a; ground -- a -- ground }";
        assert_eq!(edges(text), "ground-a a-a a-a ground-a a-ground");
    }

    #[test]
    fn ground_by_attribute_or_by_name() {
        let text = r#"graph { x [ground=1]; y [ground="yes"]; z [ground=TRUE]; w [ground=false];
            ground -- a; x -- a; y -- a; z -- a; w -- a }"#;
        assert_eq!(ground(&graph(text)), ["x", "y", "z", "ground"]);
        // Ground vertices without edges still count; later statements win.
        let g = graph("graph { g [ground=true]; g [ground=no]; h [ground=true] }");
        assert_eq!(ground(&g), ["h"]);
        assert!(g.edges.is_empty());
        // No ground at all is a graph worth 0, not an error.
        assert!(graph("graph { a -- b }").ground.is_empty());
    }

    #[test]
    fn node_defaults_mark_ground_vertices() {
        let text = "graph { subgraph { node [ground=true]; g1; g2 } g1 -- a; a -- g2; node [ground=true] }";
        assert_eq!(ground(&graph(text)), ["g1", "g2"]);
        // Defaults apply to nodes created after them, in their subgraph.
        let text = "graph { a; subgraph { node [ground=true]; a -- b } b -- c }";
        assert_eq!(ground(&graph(text)), ["b"]);
    }

    #[test]
    fn bad_ground_values() {
        let cases = [
            (
                "graph {\n  g [ground=maybe]\n}",
                "invalid value `maybe` for `ground`",
                "maybe",
            ),
            (
                "graph { node [ground=\"\"] }",
                "invalid value `` for `ground`",
                "\"\"",
            ),
            (
                "graph { a -- b [ground=true] }",
                "`ground` is a node attribute, not an edge attribute",
                "ground",
            ),
            (
                "graph { ground=true; a -- b }",
                "`ground` is a node attribute, not a graph attribute",
                "ground",
            ),
            (
                "graph { ground [ground=false] }",
                "the node named `ground` is always a ground vertex",
                "false",
            ),
        ];
        for (text, message, culprit) in cases {
            let e = error(text);
            assert_eq!((e.message.as_str(), at(text, e.span)), (message, culprit));
        }
        let e = error(cases[0].0);
        assert_eq!(
            e.label,
            "expected `true` or `false` (or `yes`/`no`, `1`/`0`)"
        );
    }

    #[test]
    fn clusters_are_graphs() {
        let text = "graph {
            subgraph cluster_left { label=\"left tree\"; g [ground=true]; g -- a }
            subgraph cluster_2 { ground -- b -- c }
            subgraph cluster_right { ground -- d }
            x [ground=true]
        }";
        let pos = position(text);
        let names: Vec<_> = pos.graphs.iter().map(|g| g.name.as_deref()).collect();
        assert_eq!(names, [Some("left tree"), None, Some("right")]);
        assert_eq!(pairs(&pos.graphs[1]), "ground-b b-c");
        assert_eq!(ground(&pos.graphs[0]), ["g"]);
        assert_eq!(at(text, pos.graphs[0].span), "subgraph cluster_left");
    }

    #[test]
    fn nested_clusters_belong_to_the_outermost() {
        let text = "graph { subgraph outer { subgraph cluster_a { ground -- a; subgraph cluster_b { a -- b } } } }";
        let g = graph(text);
        assert_eq!((g.edges.len(), g.name.as_deref()), (2, Some("a")));
    }

    #[test]
    fn clusters_by_attribute_and_reopened_clusters() {
        let pos = position(
            "graph { subgraph s { cluster=true; ground -- a } subgraph CLUSTER_x { ground -- b } subgraph CLUSTER_x { b -- c } }",
        );
        assert_eq!(pos.graphs.len(), 2);
        assert_eq!(pos.graphs[0].name.as_deref(), Some("s"));
        assert_eq!(pos.graphs[1].edges.len(), 2);
        // `cluster=true` may come last: what came before it is in the cluster too.
        let pos = position(
            "graph { subgraph s { ground -- a; a -- b; graph [cluster=true] } subgraph t { ground -- c; cluster=yes } }",
        );
        assert_eq!(pos.graphs.len(), 2);
        assert_eq!(pairs(&pos.graphs[0]), "ground-a a-b");
    }

    #[test]
    fn ground_vertices_may_be_shared_by_clusters() {
        let pos = position(
            "graph { subgraph cluster_a { ground -- a } subgraph cluster_b { ground -- b; g -- b } g [ground=true] }",
        );
        assert_eq!(ground(&pos.graphs[0]), ["ground"]);
        assert_eq!(ground(&pos.graphs[1]), ["ground", "g"]);
    }

    #[test]
    fn other_vertices_may_not() {
        let text =
            "graph { subgraph cluster_a { ground -- a } subgraph cluster_b { ground -- a } }";
        let e = error(text);
        assert_eq!(
            e.message,
            "node `a` is in two graphs, `cluster_a` and `cluster_b`"
        );
        assert_eq!(
            e.span.start as usize,
            text.rfind("ground -- a").unwrap() + 10
        );
        assert_eq!(at(text, e.span), "a");
    }

    #[test]
    fn edges_outside_clusters() {
        let text = "graph { subgraph cluster_a { ground -- a } a -- b }";
        let e = error(text);
        assert_eq!(
            (e.message.as_str(), at(text, e.span)),
            ("edge outside every cluster", "a -- b")
        );
        // Invisible edges are layout aids: fine anywhere, and never edges of a graph.
        let text = "graph { subgraph cluster_a { ground -- a; a -- b [style=invis] } a -- x [style=\"dashed,invis\"] }";
        assert_eq!(edges(text), "ground-a");
        assert_eq!(
            edges("graph { edge [style=invis]; ground -- a; a -- b [style=solid] }"),
            "a-b"
        );
    }

    #[test]
    fn the_legend_cluster_is_not_a_graph() {
        let text = "graph { subgraph cluster_1 { ground -- a } subgraph cluster_legend { legend [label=\"x\"] } a -- legend [style=invis] }";
        assert_eq!(position(text).graphs.len(), 1);
        // A file with only the legend (what `hackenbush dot` draws for no graphs).
        let text =
            "graph \"t\" { subgraph cluster_legend { legend } empty [label=\"(no graphs)\"] }";
        assert!(position(text).graphs.is_empty());
    }

    #[test]
    fn names_from_labels_and_ids() {
        let names = |text: &str| -> Vec<Option<String>> {
            position(text).graphs.into_iter().map(|g| g.name).collect()
        };
        let some = |s: &str| Some(s.to_string());
        let cases = [
            (
                r#"graph { subgraph cluster_1 { label="bowtie = *1" } subgraph cluster_2 { label="a \"q\" &amp; b = *12\n(no ground: nothing is attached)" } }"#,
                vec![some("bowtie"), some("a \"q\" & b")],
            ),
            (
                r#"graph { subgraph cluster_x { graph [label="x = *y"] } subgraph cluster_3 { label=<<b>html</b>> } }"#,
                vec![some("x = *y"), None],
            ),
            ("graph \"my \\\"pos\\\"\" { }", vec![some("my \"pos\"")]),
            ("graph { label=\"top\\nmore\"; a }", vec![some("top")]),
            (
                r#"graph { subgraph cluster_1 { label="a = *1\nb = *2 = *3\n(note)" } }"#,
                vec![some("a = *1\nb = *2")],
            ),
            ("graph { }", vec![None]),
            // Strings joined with `+` and continued lines are one label.
            ("graph { label=\"tw\" + \"o = *\\\n2\" }", vec![some("two")]),
        ];
        for (text, want) in cases {
            assert_eq!(names(text), want, "{text}");
        }
    }

    /// A graph's `name` is its name exactly, read as a label is (`\n`, `\\`, `&amp;`,
    /// `&#9;`), over its label and its id, even empty; what `hackenbush dot` writes where
    /// a title would not give the name back.
    #[test]
    fn names_given_by_name_are_exact() {
        let names = |text: &str| -> Vec<Option<String>> {
            position(text).graphs.into_iter().map(|g| g.name).collect()
        };
        let some = |s: &str| Some(s.to_string());
        let cases = [
            (
                r#"graph { subgraph cluster_1 { label="x = *2\nvalue 1"; name="x = *2" } }"#,
                vec![some("x = *2")],
            ),
            (
                r#"graph { subgraph cluster_1 { label="two\nlines\nvalue 1"; name="two\nlines" } }"#,
                vec![some("two\nlines")],
            ),
            (
                r#"graph { subgraph cluster_1 { name="tab&#9;q\"b\\s&amp;amp;&#8238;" } }"#,
                vec![some("tab\tq\"b\\s&amp;\u{202e}")],
            ),
            (
                r#"graph { subgraph cluster_1 { label=" = *1"; name="" } }"#,
                vec![some("")],
            ),
            // An HTML `name` names nothing, as an HTML label; the last `name` wins, in
            // any opening; the whole file's graph is named so too.
            (
                r#"graph { subgraph cluster_1 { name=<x>; label="y" } }"#,
                vec![some("y")],
            ),
            (
                r#"graph { subgraph cluster_a { name="x" } subgraph cluster_a { name="z" } }"#,
                vec![some("z")],
            ),
            (r#"graph g { label="l"; name="n" }"#, vec![some("n")]),
            // An HTML title names nothing: a numbered cluster is then unnamed.
            (
                "graph { subgraph cluster_2 { label=<graph 2 = *1> } }",
                vec![None],
            ),
        ];
        for (text, want) in cases {
            assert_eq!(names(text), want, "{text}");
        }
    }

    #[test]
    fn node_names_are_ids() {
        let g = graph(r#"graph { "7" -- 7; 07 -- "07"; "a b" -- <<i>x</i>>; n1 [label="shown"] }"#);
        assert_eq!(g.vertices.name(0), VertexName::Number(7));
        // `07` is one id, as Graphviz reads it, but not in canonical decimal: a name.
        assert_eq!(g.vertices.name(1), VertexName::Name("07".into()));
        let names: Vec<String> = (0..g.vertices.len() as u32).map(|v| name(&g, v)).collect();
        assert_eq!(names, ["7", "07", "a b", "<i>x</i>"]);
        assert_eq!(pairs(&g), "7-7 07-07 a b-<i>x</i>");
    }

    #[test]
    fn ports_are_ignored() {
        let text = "graph { ground:s -- a:p:n; a:ne -- b }";
        let g = graph(text);
        assert_eq!(pairs(&g), "ground-a a-b");
        assert_eq!(at(text, g.edges[0].span), "ground:s -- a:p:n");
    }

    /// Every form of a port on both ends of an edge, with and without a port name, for
    /// every compass point: the port never changes which node the edge touches (as
    /// Graphviz reads it; `tests/dot_input.rs` holds the same against `dot -Tcanon`).
    #[test]
    fn ports_and_compass_points_never_change_the_node() {
        let mut ends = vec![String::new(), ":p".into(), ":\"p q\"".into(), ":n".into()];
        for c in ["n", "ne", "e", "se", "s", "sw", "w", "nw", "c", "_"] {
            ends.extend([format!(":{c}"), format!(":p:{c}"), format!(" : p : {c}")]);
        }
        for tail in &ends {
            for head in &ends {
                let text = format!("graph {{ g [ground=true]; g{tail} -- a{head} -- b{tail} }}");
                let g = graph(&text);
                assert_eq!(pairs(&g), "g-a a-b", "{text}");
                assert_eq!(at(&text, g.edges[0].span), format!("g{tail} -- a{head}"));
            }
        }
        // The bug this replaces: `g:n:sw` made a node `w`, leaving `a` unattached.
        assert_eq!(edges("graph p { g [ground=true]; g:n:sw -- a }"), "g-a");
        assert_eq!(edges("graph { g -- a:p:ne -- b }"), "g-a a-b");
        // Node ids that are compass words are nodes like any other.
        assert_eq!(edges("graph { n:s -- s:n:n; sw -- c:c }"), "n-s sw-c");
    }

    #[test]
    fn subgraph_operands_expand() {
        let text = "graph { ground -- subgraph { a b } -- c }";
        let g = graph(text);
        assert_eq!(pairs(&g), "ground-a ground-b a-c b-c");
        assert_eq!(at(text, g.edges[0].span), "ground -- subgraph { a b }");
        // Edges inside an operand come first, and operand nodes go in creation order.
        let text = "graph { b; ground -- subgraph { a -- b } -- subgraph { c b } }";
        assert_eq!(edges(text), "a-b ground-b ground-a b-b b-c a-b a-c");
    }

    #[test]
    fn anonymous_subgraphs_and_subgraphs_first() {
        let text = "graph { {ground h} -- {a b}; {c} -- a -- { d } }";
        let g = graph(text);
        assert_eq!(pairs(&g), "ground-a ground-b h-a h-b c-a a-d");
        assert_eq!(at(text, g.edges[0].span), "{ground h} -- {a b}");
        // A subgraph alone is a statement, with attributes or not.
        assert_eq!(
            edges("graph { { a -- b } subgraph s { b -- c } [color=red] }"),
            "a-b b-c"
        );
    }

    #[test]
    fn node_lists_join_every_node() {
        let text = "graph { ground, g [ground=true]; ground, g -- a, b; a, a -- c }";
        let g = graph(text);
        assert_eq!(ground(&g), ["ground", "g"]);
        assert_eq!(pairs(&g), "ground-a ground-b g-a g-b a-c a-c");
        assert_eq!(at(text, g.edges[1].span), "ground, g -- a, b");
        assert_eq!(at(text, g.edges[2].span), "g -- a");
    }

    /// Graphviz finds a subgraph by name among its parent's: an operand that opens one
    /// again stands for all its nodes, those of earlier openings too.
    #[test]
    fn a_subgraph_opened_again_as_an_operand_has_all_its_nodes() {
        let text = "graph { subgraph s { a b } c -- subgraph s { d } }";
        assert_eq!(edges(text), "c-a c-b c-d");
        // Another parent's `s` is another subgraph; names are case-sensitive.
        let text = "graph { subgraph s { a } subgraph t { subgraph s { x } } subgraph S { y } c -- subgraph s { } }";
        assert_eq!(edges(text), "c-a");
    }

    /// Graphviz lists an operand's nodes when its edge statement ends: an operand that
    /// opens a subgraph again later in the same statement adds to the earlier one too.
    #[test]
    fn a_subgraph_opened_again_later_in_a_statement_adds_to_both_operands() {
        let text = "graph { subgraph s { a } -- ground -- subgraph s { b } }";
        assert_eq!(edges(text), "a-ground b-ground ground-a ground-b");
        let text = "graph { subgraph s { a } -- ground -- { subgraph s { b } } }";
        assert_eq!(edges(text), "a-ground ground-b");
    }

    /// A subgraph opened again is the same subgraph to Graphviz, with the defaults its
    /// earlier bodies set; a default it does not set is its parent's as it stands when
    /// the node or edge is made (Graphviz looks it up through the parents).
    #[test]
    fn a_subgraph_opened_again_keeps_its_defaults() {
        let colours = |text: &str| -> Vec<Colour> {
            let g = graph(text);
            g.edges.iter().map(|e| e.colour).collect()
        };
        let red = "graph { subgraph s { edge [color=red] } subgraph s { ground -- a } }";
        assert_eq!(colours(red), [Colour::Red]);
        let invisible = "graph { subgraph s { edge [style=invis] } subgraph s { ground -- a } }";
        assert_eq!(edges(invisible), "");
        let text = "graph { subgraph s { node [ground=true] } subgraph s { g -- a } }";
        assert_eq!(ground(&graph(text)), ["g", "a"]);
        // The parent's defaults as they stand at the reopening, under the subgraph's own.
        let text = "graph { subgraph s { } edge [color=red]; subgraph s { ground -- a } }";
        assert_eq!(colours(text), [Colour::Red]);
        let text = "graph { subgraph s { edge [color=blue] } edge [color=red]; subgraph s { ground -- a } ground -- b }";
        assert_eq!(colours(text), [Colour::Blue, Colour::Red]);
        // Nested subgraphs opened again, each with its own.
        let text = "graph { subgraph s { subgraph t { edge [color=blue] } } edge [color=red];
            subgraph s { subgraph t { ground -- a } ground -- b } }";
        assert_eq!(colours(text), [Colour::Blue, Colour::Red]);
        // Another parent's `s` is another subgraph, with its own defaults.
        let text = "graph { subgraph s { edge [color=red] } { subgraph s { ground -- a } } }";
        assert_eq!(colours(text), [Colour::Green]);
        // A later default of the subgraph itself wins over an earlier one.
        let text = "graph { subgraph s { edge [color=blue] } subgraph s { edge [color=red]; ground -- a } subgraph s { ground -- b } }";
        assert_eq!(colours(text), [Colour::Red, Colour::Red]);
    }

    /// A cluster opened again is one graph with the defaults of its earlier bodies, and a
    /// subgraph said `cluster=true` in any of its openings is a cluster in all of them.
    #[test]
    fn a_cluster_opened_again_keeps_its_defaults_and_its_clusterhood() {
        let text = "graph { subgraph cluster_a { edge [color=blue]; node [ground=true] } subgraph cluster_a { g -- a } }";
        let g = graph(text);
        assert_eq!(g.edges[0].colour, Colour::Blue);
        assert_eq!(ground(&g), ["g", "a"]);
        for text in [
            "graph { subgraph s { ground -- a } subgraph s { cluster=true } }",
            "graph { subgraph s { cluster=true } subgraph s { ground -- a } }",
        ] {
            let g = graph(text);
            assert_eq!(
                (g.name.as_deref(), pairs(&g).as_str()),
                (Some("s"), "ground-a")
            );
        }
    }

    #[test]
    fn operand_explosions_are_refused() {
        let side = |p: &str, sep: &str| {
            (0..2100)
                .map(|i| format!("{p}{i}"))
                .collect::<Vec<_>>()
                .join(sep)
        };
        let mut again = format!("graph {{ subgraph s {{ {} }}", side("a", " "));
        again.push_str(&" {} -- subgraph s {}".repeat(2100));
        again.push('}');
        for text in [
            format!(
                "graph {{ x -- subgraph {{ {} }} -- {{ {} }} }}",
                side("a", " "),
                side("b", " ")
            ),
            format!("graph {{ {} -- {} }}", side("a", ","), side("b", ",")),
            // Opening a large subgraph again and again as an operand is work too.
            again,
        ] {
            let e = error(&text);
            assert!(
                e.message
                    .starts_with("too many edges from subgraph operands"),
                "{}",
                e.message
            );
        }
    }

    #[test]
    fn strict_graphs_merge_parallel_edges() {
        let text = "strict graph { ground -- a; a -- ground; a -- a; a -- a; a -- b }";
        assert_eq!(edges(text), "ground-a a-a a-b");
        // A later copy can make the merged edge invisible.
        assert_eq!(
            edges("strict graph { ground -- a; a -- ground [style=invis] }"),
            ""
        );
        // In a strict digraph, a->b and b->a are two edges.
        assert_eq!(
            edges("strict digraph { ground -> a; a -> ground; ground -> a }"),
            "ground-a a-ground"
        );
    }

    /// Edges between the same nodes with the same `key` are one edge, as in Graphviz
    /// (`agedge`), and so are those of a strict graph, with one quirk kept: a keyed edge
    /// the other way round is a second edge there.
    #[test]
    fn edges_with_the_same_key_are_one() {
        let cases = [
            (
                "graph { ground -- a [key=1]; a -- ground [key=1]; ground -- a [key=2]; ground -- a; edge [key=1]; ground -- a }",
                "ground-a ground-a ground-a ground-a",
            ),
            (
                "digraph { ground -> a [key=k]; a -> ground [key=k]; ground -> a [key=k] }",
                "ground-a a-ground",
            ),
            (
                "strict graph { ground -- a [key=1]; a -- ground [key=1]; ground -- a [key=2] }",
                "ground-a",
            ),
            (
                "strict graph { ground -- a [key=1]; a -- ground [key=2]; ground -- a [key=3 style=invis]; a -- ground }",
                "ground-a a-ground",
            ),
            (
                "strict graph { ground -- a; a -- ground [key=2]; a -- ground [key=2 style=invis] }",
                "ground-a",
            ),
        ];
        for (text, want) in cases {
            assert_eq!(edges(text), want, "{text}");
        }
    }

    /// Graphviz's `ok_to_make_edge` looks for an edge from `a` to `b` in the subgraph
    /// whose statement makes a keyed edge, not in the whole graph: one made or merged in
    /// it (any of its openings, or a subgraph inside it) counts, one elsewhere or the
    /// other way round does not.
    #[test]
    fn a_keyed_edge_in_a_strict_graph_looks_in_its_own_subgraph() {
        let cases = [
            (
                "strict graph { ground -- a; subgraph s { ground -- a [key=1] } }",
                "ground-a ground-a",
            ),
            (
                "strict graph { subgraph t { ground -- a } subgraph s { ground -- a [key=1] } }",
                "ground-a ground-a",
            ),
            (
                "strict graph { subgraph s { ground -- a } subgraph s { ground -- a [key=1] } }",
                "ground-a",
            ),
            (
                "strict graph { ground -- a; subgraph s { ground -- a; ground -- a [key=1] } }",
                "ground-a",
            ),
            (
                "strict graph { subgraph s { subgraph t { ground -- a } ground -- a [key=1] } }",
                "ground-a",
            ),
            (
                "strict graph { subgraph s { a -- ground; ground -- a [key=1] } }",
                "a-ground ground-a",
            ),
            // Kept up to date after the first keyed edge: `t` puts another in `s`.
            (
                "strict graph { subgraph s { ground -- a [key=1]; subgraph t { ground -- b } ground -- b [key=2] } }",
                "ground-a ground-b",
            ),
            (
                "strict graph { subgraph s { ground -- a [key=1] } ground -- b; subgraph s { ground -- b [key=2] } }",
                "ground-a ground-b ground-b",
            ),
        ];
        for (text, want) in cases {
            assert_eq!(edges(text), want, "{text}");
        }
    }

    /// Found by the generated files of `tests/dot_input.rs`: with keyed edges made in
    /// subgraphs, a strict graph may hold several edges from one node to another, and a
    /// statement without a key then changes one of them, which one depending on where
    /// Graphviz's node names lie in memory. The last one made or changed is taken, with a
    /// warning at the first such statement.
    #[test]
    fn a_statement_that_may_change_either_of_two_strict_edges_is_warned_about() {
        // On the ground, so that no warning of a graph without ground stands beside it.
        let text = "strict graph { a [ground=true]; a -- b; subgraph s { a -- b [key=1] } a -- b [color=red]; b -- a [color=blue] }";
        let pos = position(text);
        let colours: Vec<Colour> = pos.graphs[0].edges.iter().map(|e| e.colour).collect();
        assert_eq!(colours, [Colour::Green, Colour::Blue]);
        let w = &pos.warnings[..];
        assert_eq!(w.len(), 1);
        assert_eq!(
            w[0].message,
            "this changes one of 2 edges between these nodes in a strict graph"
        );
        assert_eq!(at(text, w[0].span), "a -- b");
        assert_eq!(w[0].span.start as usize, text.rfind("a -- b").unwrap());
        // One edge each way is no choice.
        let text = "strict graph { a [ground=true]; a -- b; b -- a [key=1]; a -- b [color=red]; \
                    b -- a [color=blue] }";
        let pos = position(text);
        let colours: Vec<Colour> = pos.graphs[0].edges.iter().map(|e| e.colour).collect();
        assert_eq!(colours, [Colour::Red, Colour::Blue]);
        assert!(pos.warnings.is_empty());
    }

    #[test]
    fn digraphs_are_read_undirected() {
        assert_eq!(
            edges("digraph { ground -> a -> b; b -> a }"),
            "ground-a a-b b-a"
        );
    }

    #[test]
    fn arrows_must_match_the_graph() {
        for (text, message, culprit) in [
            ("graph { a -- b -> c }", "`->` in an undirected graph", "->"),
            (
                "digraph { a -> b; b -- c }",
                "`--` in a directed graph",
                "--",
            ),
        ] {
            let e = error(text);
            assert_eq!((e.message.as_str(), at(text, e.span)), (message, culprit));
        }
    }

    #[test]
    fn edges_are_numbered_by_their_labels() {
        let text =
            r#"graph { b -- ground [label=" 2"]; c -- b [xlabel="3"]; a -- ground [label=" 1"] }"#;
        assert_eq!(edges(text), "a-ground b-ground c-b");
        // Not a numbering of every edge: the order written.
        for text in [
            r#"graph { b -- ground [label="2"]; a -- ground }"#,
            r#"graph { b -- ground [label="2"]; a -- ground [label="2"] }"#,
            r#"graph { b -- ground [label="3"]; a -- ground [label="1"] }"#,
            r#"graph { b -- ground [label="x"]; a -- ground [label="1"] }"#,
            r#"graph { b -- ground [label="4294967298"]; a -- ground [label="1"] }"#,
        ] {
            assert_eq!(edges(text), "b-ground a-ground", "{text}");
        }
    }

    #[test]
    fn comments_bom_and_crlf() {
        let text =
            "\u{feff}// drawn\r\ngraph {\r\n  # a comment\r\n  /* another */ ground -- a\r\n}\r\n";
        assert_eq!(at(text, graph(text).edges[0].span), "ground -- a");
        assert_eq!(
            edges("# 1 \"file.gv\"\ngraph { a -- b # c -- d\n c -- e }"),
            "a-b c-e"
        );
    }

    /// Graphviz reads keywords in any case, and only whole: `subgraphX` is a node.
    #[test]
    fn keywords_in_any_case_and_only_whole() {
        let text =
            "Strict DiGraph { SUBGRAPH Cluster_x { Node [shape=box] g [ground=TRUE]; g -> a } }";
        let g = graph(text);
        assert_eq!(
            (g.name.as_deref(), ground(&g)),
            (Some("x"), vec!["g".to_string()])
        );
        let text = "graph { subgraphcluster_x { ground -- a } }";
        let g = graph(text);
        assert_eq!((g.name.as_deref(), pairs(&g).as_str()), (None, "ground-a"));
        assert_eq!(at(text, g.edges[0].span), "ground -- a");
    }

    #[test]
    fn names_may_be_any_unicode_text() {
        let text = "graph { sol [ground=true]; sol -- étoile -- 字 -- \"é\" }";
        assert_eq!(edges(text), "sol-étoile étoile-字 字-é");
    }

    #[test]
    fn glued_numbers_split_with_a_warning() {
        let text = "graph { 1a -- b }";
        let pos = position(text);
        assert_eq!(pairs(&pos.graphs[0]), "a-b");
        let w = &pos.warnings[..];
        assert_eq!(w.len(), 2);
        assert_eq!(
            w[0].message,
            "badly delimited number `1a`: read as two ids, `1` and `a`"
        );
        // The graph has no ground, which is warned of, whatever the format.
        assert_eq!(
            w[1].message,
            "graph 1 has 1 edge and no ground: it is worth 0"
        );
        assert_eq!(at(text, w[0].span), "1");
        assert_eq!(edges("graph { a -- 1.2.3 }"), "a-1.2");
    }

    #[test]
    fn syntax_errors_are_located() {
        let cases = [
            ("", "expected `graph` or `digraph`, found end of input", ""),
            (
                "grph {}",
                "expected `graph` or `digraph`, found `grph`",
                "grph",
            ),
            (
                "graph { a -- }",
                "expected a node id or `subgraph`, found `}`",
                "}",
            ),
            (
                "graph {\n a [x=] }",
                "expected an id (a name, a number or a quoted string), found `]`",
                "]",
            ),
            (
                "graph { a -- b ",
                "unclosed `{`: expected `}` before the end of input",
                "{",
            ),
            (
                "graph { a -- b; ) }",
                "expected a statement or `}`, found `)`",
                ")",
            ),
            (
                "graph { a -- b ) }",
                "expected `[`, `--`, a statement or `}`, found `)`",
                ")",
            ),
            (
                "graph {} graph {}",
                "expected end of input, found a second graph `graph`",
                "graph",
            ),
            ("graph { a } x", "expected end of input, found `x`", "x"),
            ("graph G", "expected `{`, found end of input", ""),
            (
                "graph { a [x] }",
                "expected `=` after the attribute name, found `]`",
                "]",
            ),
            (
                "graph { a -- b;; }",
                "expected a statement or `}`, found `;`",
                ";",
            ),
            (
                "graph { a: -- b }",
                "expected a port name or a compass point, found `--`",
                "--",
            ),
            (
                "graph { a -- node }",
                "expected a node id or `subgraph`, found the keyword `node`",
                "node",
            ),
            ("graph { node -- a }", "expected `[`, found `--`", "--"),
            (
                "graph { a -- \"x\" + }",
                "expected `[`, `--`, a statement or `}`, found `+`",
                "+",
            ),
            // Columns count characters, not bytes.
            (
                "graph {\n \"é\" -- ; }",
                "expected a node id or `subgraph`, found `;`",
                ";",
            ),
        ];
        for (text, message, culprit) in cases {
            let e = error(text);
            assert_eq!(
                (e.message.as_str(), at(text, e.span)),
                (message, culprit),
                "{text:?}"
            );
        }
    }

    #[test]
    fn syntax_error_labels() {
        let cases = [
            (
                "graph { a } x",
                "the graph ends at its closing `}`: only comments may follow",
            ),
            (
                "字 { }",
                "a DOT file starts with `graph {`, `strict graph {` or `digraph {`",
            ),
            (
                "graph { a -- Node }",
                "quote it to use it as an id: \"Node\"",
            ),
            (
                "graph { edge -- a }",
                "`edge` is a keyword: write `edge [name=value]`, or quote it to use it as an id",
            ),
            (
                "graph { a [label=<<b>x</b>] }",
                "expected `>` to close the HTML string opened here",
            ),
        ];
        for (text, label) in cases {
            assert_eq!(error(text).label, label, "{text}");
        }
        for (text, message, culprit) in [
            ("graph {\n a [label=\"x]\n}\n", "unterminated string", "\""),
            ("graph { a /* b }", "unterminated comment", "/*"),
            (
                "graph { a [label=<<b>x</b>] }",
                "unterminated HTML string",
                "<",
            ),
        ] {
            let e = error(text);
            assert_eq!((e.message.as_str(), at(text, e.span)), (message, culprit));
        }
    }

    /// Found by fuzzing against Graphviz: it cuts strings at a NUL byte (`<a\0b>` is `a`
    /// to it), so a file with one is refused rather than read another way.
    #[test]
    fn nul_bytes_are_refused() {
        for text in [
            &b"graph { a -- <b\0c> }"[..],
            b"graph { a -- b /* \0 */ }",
            b"\0",
        ] {
            let e = parse(text).unwrap_err();
            assert_eq!(e.message, "NUL byte in a dot file");
            assert_eq!(text[e.span.range()], b"\0"[..]);
        }
    }

    /// Found by fuzzing against Graphviz: its scanner skips a byte order mark between
    /// tokens, but takes one followed by letters or digits for the start of a name.
    #[test]
    fn byte_order_marks_between_tokens_are_blanks() {
        let text = "/* c */\u{feff}\ndigraph { root -> { a 1\u{feff}} \u{feff}\u{feff}b -> c }";
        assert_eq!(edges(text), "root-a root-1 \u{feff}\u{feff}b-c");
    }

    #[test]
    fn invalid_utf8() {
        let e = parse(b"graph { a -- \xff }").unwrap_err();
        assert_eq!(
            (e.span, e.message.as_str()),
            (Span::new(13, 14), "invalid UTF-8 in a dot file")
        );
    }

    #[test]
    fn deep_nesting_is_refused_at_the_first_brace_too_deep() {
        let depth = 100_000;
        let e = error(&format!("graph {}{}", "{".repeat(depth), "}".repeat(depth)));
        assert_eq!(e.message, "nesting too deep (more than 64 levels)");
        assert_eq!(e.span, Span::new(6 + 64, 6 + 65));
        // Braces in strings and comments do not count.
        let braces = "{".repeat(100);
        position(&format!(
            "graph {{ a [label=\"{braces}\"] /* {braces} */ }}"
        ));
    }

    #[test]
    fn the_deepest_nesting_allowed_parses() {
        // 64 levels (the graph's body and 63 subgraphs), on a small stack (a spawned thread
        // has 2 MiB, the main thread 8 MiB; a debug build takes up to 16 KiB a level),
        // and one more is refused there too.
        let nested = |opening: &str, levels: usize| {
            let text = format!(
                "graph {{ {} ground -- a {} }}",
                opening.repeat(levels),
                "} ".repeat(levels)
            );
            let read = move || parse(text.as_bytes()).map(|mut p| p.graphs.remove(0).edges.len());
            std::thread::Builder::new()
                .stack_size(1 << 20)
                .spawn(read)
                .unwrap()
                .join()
                .unwrap()
        };
        assert_eq!(nested("subgraph { ", MAX_DEPTH - 1), Ok(1));
        // Subgraphs as edge operands recurse through more productions per level.
        assert_eq!(
            nested("a -- subgraph { ", MAX_DEPTH - 1),
            Ok(1 + 2 * (MAX_DEPTH - 1))
        );
        assert_eq!(
            nested("{a} -- { ", MAX_DEPTH - 1),
            Ok(1 + 2 * (MAX_DEPTH - 1))
        );
        let e = nested("a -- { ", MAX_DEPTH).unwrap_err();
        assert_eq!(e.message, "nesting too deep (more than 64 levels)");
    }

    /// Inputs that made earlier parsers backtrack or rescan take linear time: each would
    /// take minutes if a production went back over more than a token.
    #[test]
    fn hostile_inputs_take_linear_time() {
        let n = 200_000;
        let cases = [
            (
                format!("graph {{ a [label={}] }}", "<".repeat(n)),
                "unterminated HTML string",
            ),
            (
                format!("graph {{ {} }}", "subgraph { ".repeat(56)),
                "unclosed `{`: expected `}` before the end of input",
            ),
            (
                format!("graph {{ a -- {} }}", "\"x\" + ".repeat(n)),
                "expected `[`, `--`, a statement or `}`, found `+`",
            ),
            (
                format!("graph {{ a {} }}", "[".repeat(n)),
                "expected an attribute name or `]`, found `[`",
            ),
            (
                format!("graph {{ {} }}", "a -- ".repeat(n)),
                "expected a node id or `subgraph`, found `}`",
            ),
            (
                format!("graph {{ {}/*", "/* */ ".repeat(n)),
                "unterminated comment",
            ),
            (
                format!("graph {{ {} }}", "\"\\".repeat(n)),
                "unterminated string",
            ),
            (
                format!("graph {{ {} }}", "a:".repeat(n)),
                "expected `[`, `--`, a statement or `}`, found `:`",
            ),
        ];
        for (text, message) in &cases {
            assert_eq!(&error(text).message, message);
        }
        let g = graph(&format!("graph {{ ground {} }}", "-- a ".repeat(n)));
        assert_eq!(g.edges.len(), n);
    }

    #[test]
    fn our_own_output_reads_back() {
        // The shape of `hackenbush dot` output: ground nodes marked, edges in their
        // Hackenbush colours (the roles in fills, dashes and widths), the ground row, the
        // legend, an invisible edge to it, the title last.
        let text = r##"graph "x.hb" {
  newrank=true
  node[fontname="Helvetica" fontsize=11]
  edge[fontsize=10 penwidth=1.5 colorscheme=svg]
  subgraph cluster_1 {
    label="bowtie = *1"
    n1_0[ground=true shape=box style="filled,rounded" fillcolor="#3a3a3a" label="g"]
    n1_1[label="a\n*0" style=filled fillcolor="#e4e4e4"]
    n1_2[label="b"]
    n1_3[label="c" color="#9a9a9a" fontcolor="#9a9a9a"]
    n1_1 -- n1_0 [label=" 1" color=green penwidth=4 style=bold]
    n1_2 -- n1_1 [label=" 2" color=green]
    n1_1 -- n1_1 [label=" 3, 4" color=green]
    n1_1 -- n1_1 [color=green]
    n1_3 -- n1_2 [label=" 5" color=green style=dashed fontcolor="#9a9a9a"]
  }
  subgraph cluster_2 {
    label="coloured\nvalue 1/2\n(no ground: nothing is attached)"
    n2_1 -- n2_0 [label=" 1" color=blue]
    n2_2 -- n2_1 [label=" 2" color=red]
  }
  subgraph cluster_3 {
    label="empty = *0\n(no ground: nothing is attached)"
  }
  subgraph ground {
    rank=same
    n1_0
  }
  subgraph cluster_legend {
    label="legend"
    legend[shape=plaintext label=<<table><tr><td color="#008000">x</td></tr></table>>]
  }
  n1_0 -- legend [style=invis]
  label="x.hb\n*1 + 1/2 + 0 = 1/2*: Left wins"
}
"##;
        let pos = position(text);
        let names: Vec<_> = pos.graphs.iter().map(|g| g.name.as_deref()).collect();
        assert_eq!(names, [Some("bowtie"), Some("coloured"), Some("empty")]);
        assert_eq!(ground(&pos.graphs[0]), ["n1_0"]);
        let colours = |g: &GraphDecl| g.edges.iter().map(|e| e.colour).collect::<Vec<_>>();
        assert_eq!(colours(&pos.graphs[0]), [Colour::Green; 5]);
        assert_eq!(colours(&pos.graphs[1]), [Colour::Blue, Colour::Red]);
        assert!(pos.graphs[2].edges.is_empty());
    }
}
