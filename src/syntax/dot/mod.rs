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
//! - [`token`]: the words (ids, keywords, edge operators, blanks and comments), each a
//!   `nom` parser;
//! - [`grammar`]: the productions, one method each, which never go back more than a
//!   token and nest at most [`MAX_DEPTH`] levels, with exact spans from the parse;
//! - [`drawing`]: what the productions read, as Graphviz builds it (nodes, subgraphs,
//!   edges), and at the end the graphs of the position, each built by a
//!   [`GraphBuilder`](super::GraphBuilder).

mod drawing;
mod grammar;
mod token;

use crate::diagnostic::Diagnostic;
use crate::source::Span;

use super::{GraphSink, Position, PositionRead};

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

/// Reads a DOT file as one position, handing its graphs to `sink` once the whole file is
/// read (which graph a statement belongs to may depend on what comes after it).
pub fn read(input: &[u8], sink: &mut dyn GraphSink) -> Result<PositionRead, Diagnostic> {
    let text = std::str::from_utf8(input).map_err(|e| {
        let at = e.valid_up_to();
        Diagnostic::new(
            Span::new(at, at + e.error_len().unwrap_or(input.len() - at)),
            "invalid UTF-8 in a dot file",
            "expected UTF-8 text",
        )
    })?;
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
    use crate::syntax::{GraphDecl, VertexName};

    fn position(text: &str) -> Position {
        parse(text.as_bytes()).unwrap_or_else(|e| panic!("{text}: {e:?}"))
    }

    fn graph(text: &str) -> GraphDecl {
        let mut p = position(text);
        assert_eq!(p.graphs.len(), 1, "{text}");
        p.graphs.remove(0)
    }

    fn error(text: &str) -> Diagnostic {
        match parse(text.as_bytes()) {
            Err(e) => e,
            Ok(p) => panic!("{text}: expected an error, got {p:?}"),
        }
    }

    /// The edges as pairs of vertex names.
    fn pairs(g: &GraphDecl) -> Vec<(String, String)> {
        g.edges
            .iter()
            .map(|e| {
                (
                    g.vertices.name(e.u).to_string(),
                    g.vertices.name(e.v).to_string(),
                )
            })
            .collect()
    }

    fn pairs_of(text: &str) -> Vec<(String, String)> {
        pairs(&graph(text))
    }

    fn p(list: &[(&str, &str)]) -> Vec<(String, String)> {
        list.iter()
            .map(|(a, b)| (a.to_string(), b.to_string()))
            .collect()
    }

    fn ground(g: &GraphDecl) -> Vec<String> {
        g.ground
            .iter()
            .map(|&v| g.vertices.name(v).to_string())
            .collect()
    }

    fn at(text: &str, span: Span) -> &str {
        &text[span.range()]
    }

    #[test]
    fn whole_file_is_one_graph() {
        let text = "graph bowtie {\n  g [ground=true]\n  g -- a -- b -- a\n}\n";
        let g = graph(text);
        assert_eq!(g.name.as_deref(), Some("bowtie"));
        assert_eq!(pairs(&g), p(&[("g", "a"), ("a", "b"), ("b", "a")]));
        assert_eq!(ground(&g), ["g"]);
        assert_eq!(at(text, g.span), "graph bowtie");
        assert_eq!(at(text, g.edges[0].span), "g -- a");
        assert_eq!(at(text, g.edges[1].span), "a -- b");
        assert_eq!(at(text, g.edges[2].span), "b -- a");
    }

    #[test]
    fn chains_parallel_edges_and_loops_are_kept() {
        let g = pairs_of("graph { ground -- a; a -- a; a -- a; ground -- a -- ground }");
        assert_eq!(
            g,
            p(&[
                ("ground", "a"),
                ("a", "a"),
                ("a", "a"),
                ("ground", "a"),
                ("a", "ground")
            ])
        );
    }

    #[test]
    fn ground_by_attribute_or_by_name() {
        let text = r#"graph { x [ground=1]; y [ground="yes"]; z [ground=TRUE]; w [ground=false];
            ground -- a; x -- a; y -- a; z -- a; w -- a }"#;
        let g = graph(text);
        assert_eq!(ground(&g), ["x", "y", "z", "ground"]);
        // Ground vertices without edges still count; later statements win.
        let g = graph("graph { g [ground=true]; g [ground=no]; h [ground=true] }");
        assert_eq!(ground(&g), ["h"]);
        assert!(g.edges.is_empty());
        // No ground at all is a graph worth 0, not an error.
        let g = graph("graph { a -- b }");
        assert!(g.ground.is_empty());
    }

    #[test]
    fn node_defaults_mark_ground_vertices() {
        let g = graph(
            "graph { subgraph { node [ground=true]; g1; g2 } g1 -- a; a -- g2; node [ground=true] }",
        );
        assert_eq!(ground(&g), ["g1", "g2"]);
        // Defaults apply to nodes created after them, in their subgraph.
        let g = graph("graph { a; subgraph { node [ground=true]; a -- b } b -- c }");
        assert_eq!(ground(&g), ["b"]);
    }

    #[test]
    fn bad_ground_values() {
        let text = "graph {\n  g [ground=maybe]\n}";
        let e = error(text);
        assert_eq!(e.message, "invalid value `maybe` for `ground`");
        assert_eq!(at(text, e.span), "maybe");
        assert_eq!(
            e.label,
            "expected `true` or `false` (or `yes`/`no`, `1`/`0`)"
        );
        let text = "graph { node [ground=\"\"] }";
        let e = error(text);
        assert_eq!(at(text, e.span), "\"\"");
        let text = "graph { a -- b [ground=true] }";
        let e = error(text);
        assert_eq!(
            e.message,
            "`ground` is a node attribute, not an edge attribute"
        );
        assert_eq!(at(text, e.span), "ground");
        let e = error("graph { ground=true; a -- b }");
        assert_eq!(
            e.message,
            "`ground` is a node attribute, not a graph attribute"
        );
        let text = "graph { ground [ground=false] }";
        let e = error(text);
        assert_eq!(
            e.message,
            "the node named `ground` is always a ground vertex"
        );
        assert_eq!(at(text, e.span), "false");
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
        assert_eq!(pos.graphs.len(), 3);
        let names: Vec<_> = pos.graphs.iter().map(|g| g.name.as_deref()).collect();
        assert_eq!(names, [Some("left tree"), None, Some("right")]);
        assert_eq!(pairs(&pos.graphs[1]), p(&[("ground", "b"), ("b", "c")]));
        assert_eq!(ground(&pos.graphs[0]), ["g"]);
        assert_eq!(at(text, pos.graphs[0].span), "subgraph cluster_left");
    }

    #[test]
    fn nested_clusters_belong_to_the_outermost() {
        let pos = position(
            "graph { subgraph outer { subgraph cluster_a { ground -- a; subgraph cluster_b { a -- b } } } }",
        );
        assert_eq!(pos.graphs.len(), 1);
        assert_eq!(pos.graphs[0].edges.len(), 2);
        assert_eq!(pos.graphs[0].name.as_deref(), Some("a"));
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
        assert_eq!(pairs(&pos.graphs[0]), p(&[("ground", "a"), ("a", "b")]));
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
        assert_eq!(e.message, "edge outside every cluster");
        assert_eq!(at(text, e.span), "a -- b");
        // Invisible edges are layout aids: fine anywhere, and never edges of a graph.
        let pos = position(
            "graph { subgraph cluster_a { ground -- a; a -- b [style=invis] } a -- x [style=\"dashed,invis\"] }",
        );
        assert_eq!(pos.graphs[0].edges.len(), 1);
        let g = graph("graph { edge [style=invis]; ground -- a; a -- b [style=solid] }");
        assert_eq!(pairs(&g), p(&[("a", "b")]));
    }

    #[test]
    fn the_legend_cluster_is_not_a_graph() {
        let pos = position(
            "graph { subgraph cluster_1 { ground -- a } subgraph cluster_legend { legend [label=\"x\"] } a -- legend [style=invis] }",
        );
        assert_eq!(pos.graphs.len(), 1);
        // A file with only the legend (what `hackenbush dot` draws for no graphs).
        let pos = position(
            "graph \"t\" { subgraph cluster_legend { legend } empty [label=\"(no graphs)\"] }",
        );
        assert!(pos.graphs.is_empty());
    }

    #[test]
    fn names_from_labels_and_ids() {
        let names = |text: &str| -> Vec<Option<String>> {
            position(text).graphs.into_iter().map(|g| g.name).collect()
        };
        assert_eq!(
            names(
                r#"graph { subgraph cluster_1 { label="bowtie = *1" } subgraph cluster_2 { label="a \"q\" &amp; b = *12\n(no ground: nothing is attached)" } }"#
            ),
            [Some("bowtie".into()), Some("a \"q\" & b".into())]
        );
        assert_eq!(
            names(
                r#"graph { subgraph cluster_x { graph [label="x = *y"] } subgraph cluster_3 { label=<<b>html</b>> } }"#
            ),
            [Some("x = *y".into()), None]
        );
        assert_eq!(
            names("graph \"my \\\"pos\\\"\" { }"),
            [Some("my \"pos\"".into())]
        );
        assert_eq!(
            names("graph { label=\"top\\nmore\"; a }"),
            [Some("top".into())]
        );
        assert_eq!(
            names(r#"graph { subgraph cluster_1 { label="a = *1\nb = *2 = *3\n(note)" } }"#),
            [Some("a = *1\nb = *2".into())]
        );
        assert_eq!(names("graph { }"), [None]);
        // Strings joined with `+` and continued lines are one label.
        assert_eq!(
            names("graph { label=\"tw\" + \"o = *\\\n2\" }"),
            [Some("two".into())]
        );
    }

    #[test]
    fn node_names_are_ids() {
        let g = graph(r#"graph { "7" -- 7; 07 -- "07"; "a b" -- <<i>x</i>>; n1 [label="shown"] }"#);
        assert_eq!(g.vertices.name(0), VertexName::Number(7));
        let names: Vec<String> = (0..g.vertices.len() as u32)
            .map(|i| g.vertices.name(i).to_string())
            .collect();
        // `07` is one id, as Graphviz reads it, but not in canonical decimal: a name.
        assert_eq!(names, ["7", "07", "a b", "<i>x</i>"]);
        assert_eq!(g.vertices.name(1), VertexName::Name("07".into()));
        assert_eq!(pairs(&g)[1], ("07".into(), "07".into()));
    }

    #[test]
    fn ports_are_ignored() {
        let text = "graph { ground:s -- a:p:n; a:ne -- b }";
        let g = graph(text);
        assert_eq!(pairs(&g), p(&[("ground", "a"), ("a", "b")]));
        assert_eq!(at(text, g.edges[0].span), "ground:s -- a:p:n");
    }

    /// Every form of a port on both ends of an edge, with and without a port name, for
    /// every compass point: the port never changes which node the edge touches (as
    /// Graphviz reads it; `tests/dot_input.rs` holds the same against `dot -Tcanon`).
    #[test]
    fn ports_and_compass_points_never_change_the_node() {
        let compass = ["n", "ne", "e", "se", "s", "sw", "w", "nw", "c", "_"];
        let mut ends = vec![String::new(), ":p".into(), ":\"p q\"".into(), ":n".into()];
        for c in compass {
            ends.push(format!(":{c}"));
            ends.push(format!(":p:{c}"));
            ends.push(format!(" : p : {c}"));
        }
        for tail in &ends {
            for head in &ends {
                let text = format!("graph {{ g [ground=true]; g{tail} -- a{head} -- b{tail} }}");
                let g = graph(&text);
                assert_eq!(pairs(&g), p(&[("g", "a"), ("a", "b")]), "{text}");
                assert_eq!(at(&text, g.edges[0].span), format!("g{tail} -- a{head}"));
            }
        }
        // The bug this replaces: `g:n:sw` made a node `w`, leaving `a` unattached.
        let g = graph("graph p { g [ground=true]; g:n:sw -- a }");
        assert_eq!(pairs(&g), p(&[("g", "a")]));
        let g = graph("graph { g -- a:p:ne -- b }");
        assert_eq!(pairs(&g), p(&[("g", "a"), ("a", "b")]));
        // Node ids that are compass words are nodes like any other.
        let g = graph("graph { n:s -- s:n:n; sw -- c:c }");
        assert_eq!(pairs(&g), p(&[("n", "s"), ("sw", "c")]));
    }

    #[test]
    fn subgraph_operands_expand() {
        let text = "graph { ground -- subgraph { a b } -- c }";
        let g = graph(text);
        assert_eq!(
            pairs(&g),
            p(&[("ground", "a"), ("ground", "b"), ("a", "c"), ("b", "c")])
        );
        assert_eq!(at(text, g.edges[0].span), "ground -- subgraph { a b }");
        // Edges inside an operand come first, and operand nodes go in creation order.
        let g = graph("graph { b; ground -- subgraph { a -- b } -- subgraph { c b } }");
        assert_eq!(
            pairs(&g),
            p(&[
                ("a", "b"),
                ("ground", "b"),
                ("ground", "a"),
                ("b", "b"),
                ("b", "c"),
                ("a", "b"),
                ("a", "c")
            ])
        );
    }

    #[test]
    fn anonymous_subgraphs_and_subgraphs_first() {
        let text = "graph { {ground h} -- {a b}; {c} -- a -- { d } }";
        let g = graph(text);
        assert_eq!(
            pairs(&g),
            p(&[
                ("ground", "a"),
                ("ground", "b"),
                ("h", "a"),
                ("h", "b"),
                ("c", "a"),
                ("a", "d")
            ])
        );
        assert_eq!(at(text, g.edges[0].span), "{ground h} -- {a b}");
        // A subgraph alone is a statement, with attributes or not.
        let g = graph("graph { { a -- b } subgraph s { b -- c } [color=red] }");
        assert_eq!(g.edges.len(), 2);
    }

    #[test]
    fn node_lists_join_every_node() {
        let text = "graph { ground, g [ground=true]; ground, g -- a, b; a, a -- c }";
        let g = graph(text);
        assert_eq!(ground(&g), ["ground", "g"]);
        assert_eq!(
            pairs(&g),
            p(&[
                ("ground", "a"),
                ("ground", "b"),
                ("g", "a"),
                ("g", "b"),
                ("a", "c"),
                ("a", "c")
            ])
        );
        assert_eq!(at(text, g.edges[1].span), "ground, g -- a, b");
        assert_eq!(at(text, g.edges[2].span), "g -- a");
    }

    /// Graphviz finds a subgraph by name among its parent's: an operand that opens one
    /// again stands for all its nodes, those of earlier openings too.
    #[test]
    fn a_subgraph_opened_again_as_an_operand_has_all_its_nodes() {
        let g = graph("graph { subgraph s { a b } c -- subgraph s { d } }");
        assert_eq!(pairs(&g), p(&[("c", "a"), ("c", "b"), ("c", "d")]));
        // Another parent's `s` is another subgraph; names are case-sensitive.
        let g = graph(
            "graph { subgraph s { a } subgraph t { subgraph s { x } } subgraph S { y } c -- subgraph s { } }",
        );
        assert_eq!(pairs(&g), p(&[("c", "a")]));
    }

    #[test]
    fn operand_explosions_are_refused() {
        let side = |p: &str| {
            (0..2100)
                .map(|i| format!("{p}{i}"))
                .collect::<Vec<_>>()
                .join(" ")
        };
        let text = format!(
            "graph {{ x -- subgraph {{ {} }} -- subgraph {{ {} }} }}",
            side("a"),
            side("b")
        );
        let e = error(&text);
        assert!(
            e.message
                .starts_with("too many edges from subgraph operands"),
            "{}",
            e.message
        );
        let lists = |p: &str| {
            (0..2100)
                .map(|i| format!("{p}{i}"))
                .collect::<Vec<_>>()
                .join(",")
        };
        let e = error(&format!("graph {{ {} -- {} }}", lists("a"), lists("b")));
        assert!(e.message.starts_with("too many edges"), "{}", e.message);
        // Opening a large subgraph again and again as an operand is work too.
        let mut text = format!("graph {{ subgraph s {{ {} }}", side("a"));
        for _ in 0..2100 {
            text.push_str(" {} -- subgraph s {}");
        }
        text.push('}');
        let e = error(&text);
        assert!(e.message.starts_with("too many edges"), "{}", e.message);
    }

    #[test]
    fn strict_graphs_merge_parallel_edges() {
        let g = graph("strict graph { ground -- a; a -- ground; a -- a; a -- a; a -- b }");
        assert_eq!(pairs(&g), p(&[("ground", "a"), ("a", "a"), ("a", "b")]));
        // A later copy can make the merged edge invisible.
        let g = graph("strict graph { ground -- a; a -- ground [style=invis] }");
        assert!(g.edges.is_empty());
        // In a strict digraph, a->b and b->a are two edges.
        let g = graph("strict digraph { ground -> a; a -> ground; ground -> a }");
        assert_eq!(g.edges.len(), 2);
    }

    /// Edges between the same nodes with the same `key` are one edge, as in Graphviz
    /// (`agedge`), and so are those of a strict graph, with one quirk kept: a keyed edge
    /// the other way round is a second edge there.
    #[test]
    fn edges_with_the_same_key_are_one() {
        let g = graph(
            "graph { ground -- a [key=1]; a -- ground [key=1 label=2]; ground -- a [key=2]; ground -- a; edge [key=1]; ground -- a }",
        );
        assert_eq!(g.edges.len(), 4);
        let g = graph("digraph { ground -> a [key=k]; a -> ground [key=k]; ground -> a [key=k] }");
        assert_eq!(g.edges.len(), 2);
        let g =
            graph("strict graph { ground -- a [key=1]; a -- ground [key=1]; ground -- a [key=2] }");
        assert_eq!(g.edges.len(), 1);
        let g = graph(
            "strict graph { ground -- a [key=1]; a -- ground [key=2]; ground -- a [key=3 style=invis]; a -- ground }",
        );
        assert_eq!(pairs(&g), p(&[("ground", "a"), ("a", "ground")]));
        let g = graph(
            "strict graph { ground -- a; a -- ground [key=2]; a -- ground [key=2 style=invis] }",
        );
        assert_eq!(pairs(&g), p(&[("ground", "a")]));
    }

    #[test]
    fn digraphs_are_read_undirected() {
        let g = graph("digraph { ground -> a -> b; b -> a }");
        assert_eq!(pairs(&g), p(&[("ground", "a"), ("a", "b"), ("b", "a")]));
    }

    #[test]
    fn arrows_must_match_the_graph() {
        let text = "graph { a -- b -> c }";
        let e = error(text);
        assert_eq!(e.message, "`->` in an undirected graph");
        assert_eq!(at(text, e.span), "->");
        let text = "digraph { a -> b; b -- c }";
        let e = error(text);
        assert_eq!(e.message, "`--` in a directed graph");
        assert_eq!(at(text, e.span), "--");
    }

    #[test]
    fn edges_are_numbered_by_their_labels() {
        let g = graph(
            r#"graph { b -- ground [label=" 2"]; c -- b [xlabel="3"]; a -- ground [label=" 1"] }"#,
        );
        assert_eq!(
            pairs(&g),
            p(&[("a", "ground"), ("b", "ground"), ("c", "b")])
        );
        // Not a numbering of every edge: the order written.
        for text in [
            r#"graph { b -- ground [label="2"]; a -- ground }"#,
            r#"graph { b -- ground [label="2"]; a -- ground [label="2"] }"#,
            r#"graph { b -- ground [label="3"]; a -- ground [label="1"] }"#,
            r#"graph { b -- ground [label="x"]; a -- ground [label="1"] }"#,
            r#"graph { b -- ground [label="4294967298"]; a -- ground [label="1"] }"#,
        ] {
            assert_eq!(pairs_of(text)[0], ("b".into(), "ground".into()), "{text}");
        }
    }

    #[test]
    fn comments_bom_and_crlf() {
        let text =
            "\u{feff}// drawn\r\ngraph {\r\n  # a comment\r\n  /* another */ ground -- a\r\n}\r\n";
        let g = graph(text);
        assert_eq!(at(text, g.edges[0].span), "ground -- a");
        let text = "# 1 \"file.gv\"\ngraph { a -- b # c -- d\n c -- e }";
        assert_eq!(pairs_of(text), p(&[("a", "b"), ("c", "e")]));
    }

    /// Graphviz reads keywords in any case, and only whole: `subgraphX` is a node.
    #[test]
    fn keywords_in_any_case_and_only_whole() {
        let pos = position(
            "Strict DiGraph { SUBGRAPH Cluster_x { Node [shape=box] g [ground=TRUE]; g -> a } }",
        );
        assert_eq!(pos.graphs[0].name.as_deref(), Some("x"));
        assert_eq!(ground(&pos.graphs[0]), ["g"]);
        let text = "graph { subgraphcluster_x { ground -- a } }";
        let g = graph(text);
        assert_eq!(g.name, None);
        assert_eq!(at(text, g.edges[0].span), "ground -- a");
        assert_eq!(pairs(&g), p(&[("ground", "a")]));
    }

    #[test]
    fn names_may_be_any_unicode_text() {
        let g = graph("graph { sol [ground=true]; sol -- étoile -- 字 -- \"é\" }");
        assert_eq!(
            pairs(&g),
            p(&[("sol", "étoile"), ("étoile", "字"), ("字", "é")])
        );
    }

    #[test]
    fn glued_numbers_split_with_a_warning() {
        let text = "graph { 1a -- b }";
        let pos = position(text);
        assert_eq!(pairs(&pos.graphs[0]), p(&[("a", "b")]));
        assert_eq!(pos.warnings.len(), 1);
        let w = &pos.warnings[0];
        assert_eq!(
            w.message,
            "badly delimited number `1a`: read as two ids, `1` and `a`"
        );
        assert_eq!(at(text, w.span), "1");
        let pos = position("graph { a -- 1.2.3 }");
        assert_eq!(pairs(&pos.graphs[0]), p(&[("a", "1.2")]));
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
        ];
        for (text, message, culprit) in cases {
            let e = error(text);
            assert_eq!(e.message, message, "{text:?}");
            assert_eq!(at(text, e.span), culprit, "{text:?}");
        }
    }

    #[test]
    fn syntax_error_labels() {
        let e = error("graph { a } x");
        assert_eq!(
            e.label,
            "the graph ends at its closing `}`: only comments may follow"
        );
        let e = error("字 { }");
        assert_eq!(
            e.label,
            "a DOT file starts with `graph {`, `strict graph {` or `digraph {`"
        );
        let e = error("graph { a -- Node }");
        assert_eq!(e.label, "quote it to use it as an id: \"Node\"");
        let e = error("graph { edge -- a }");
        assert_eq!(
            e.label,
            "`edge` is a keyword: write `edge [name=value]`, or quote it to use it as an id"
        );
        let text = "graph {\n a [label=\"x]\n}\n";
        let e = error(text);
        assert_eq!(e.message, "unterminated string");
        assert_eq!(
            e.span,
            Span::new(text.find('"').unwrap(), text.find('"').unwrap() + 1)
        );
        let text = "graph { a /* b }";
        let e = error(text);
        assert_eq!(e.message, "unterminated comment");
        assert_eq!(at(text, e.span), "/*");
        let text = "graph { a [label=<<b>x</b>] }";
        let e = error(text);
        assert_eq!(e.message, "unterminated HTML string");
        assert_eq!(e.label, "expected `>` to close the HTML string opened here");
        assert_eq!(at(text, e.span), "<");
    }

    #[test]
    fn columns_count_characters() {
        let text = "graph {\n \"é\" -- ; }";
        let e = error(text);
        assert_eq!(at(text, e.span), ";");
    }

    #[test]
    fn invalid_utf8() {
        let e = parse(b"graph { a -- \xff }").unwrap_err();
        assert_eq!(e.span, Span::new(13, 14));
        assert_eq!(e.message, "invalid UTF-8 in a dot file");
    }

    #[test]
    fn deep_nesting_is_refused_at_the_first_brace_too_deep() {
        let depth = 100_000;
        let text = format!("graph {}{}", "{".repeat(depth), "}".repeat(depth));
        let e = error(&text);
        assert_eq!(e.message, "nesting too deep (more than 64 levels)");
        assert_eq!(e.span, Span::new(6 + 64, 6 + 65));
        // Braces in strings and comments do not count.
        let text = format!(
            "graph {{ a [label=\"{}\"] /* {} */ }}",
            "{".repeat(100),
            "{".repeat(100)
        );
        position(&text);
    }

    #[test]
    fn the_deepest_nesting_allowed_parses() {
        // 64 levels (the graph's body and 63 subgraphs), on a small stack (a spawned thread
        // has 2 MiB, the main thread 8 MiB; a debug build takes up to 16 KiB a level),
        // and one more is refused there too.
        const STACK: usize = 1 << 20;
        let nested = |opening: &str, levels: usize| {
            let text = format!(
                "graph {{ {} ground -- a {} }}",
                opening.repeat(levels),
                "} ".repeat(levels)
            );
            std::thread::Builder::new()
                .stack_size(STACK)
                .spawn(move || parse(text.as_bytes()))
                .unwrap()
                .join()
                .unwrap()
        };
        let graph = |r: Result<Position, Diagnostic>| r.unwrap().graphs.remove(0);
        assert_eq!(graph(nested("subgraph { ", MAX_DEPTH - 1)).edges.len(), 1);
        // Subgraphs as edge operands recurse through more productions per level.
        assert_eq!(
            graph(nested("a -- subgraph { ", MAX_DEPTH - 1)).edges.len(),
            1 + 2 * (MAX_DEPTH - 1)
        );
        assert_eq!(
            graph(nested("{a} -- { ", MAX_DEPTH - 1)).edges.len(),
            1 + 2 * (MAX_DEPTH - 1)
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
            format!("graph {{ a [label={}] }}", "<".repeat(n)),
            format!("graph {{ {} }}", "subgraph { ".repeat(56)),
            format!("graph {{ a -- {} }}", "\"x\" + ".repeat(n)),
            format!("graph {{ a {} }}", "[".repeat(n)),
            format!("graph {{ {} }}", "a -- ".repeat(n)),
            format!("graph {{ {} }}", "/* */ ".repeat(n) + "/*"),
            format!("graph {{ {} }}", "\"\\".repeat(n)),
            format!("graph {{ {} }}", "a:".repeat(n)),
        ];
        let start = std::time::Instant::now();
        for text in &cases {
            let _ = parse(text.as_bytes());
        }
        assert!(start.elapsed().as_secs() < 10, "{:?}", start.elapsed());
        let e = error(&cases[0]);
        assert_eq!(e.message, "unterminated HTML string");
        let e = error(&cases[1]);
        assert_eq!(
            e.message,
            "unclosed `{`: expected `}` before the end of input"
        );
        let g = graph(&format!("graph {{ ground {} }}", "-- a ".repeat(n)));
        assert_eq!(g.edges.len(), n);
    }

    #[test]
    fn our_own_output_reads_back() {
        // The shape of `hackenbush dot` output: ground nodes marked, the ground row, the
        // legend, an invisible edge to it, the title last.
        let text = r##"graph "x.hb" {
  newrank=true
  node[fontname="Helvetica" fontsize=11]
  subgraph cluster_1 {
    label="bowtie = *1"
    n1_0[ground=true shape=box label="g"]
    n1_1[label="a\n*0"]
    n1_2[label="b"]
    n1_1 -- n1_0 [label=" 1"]
    n1_2 -- n1_1 [label=" 2" color="#1f77b4"]
    n1_1 -- n1_1 [label=" 3, 4"]
    n1_2 -- n1_2
  }
  subgraph cluster_2 {
    label="empty = *0\n(no ground: nothing is attached)"
  }
  subgraph ground {
    rank=same
    n1_0
  }
  subgraph cluster_legend {
    label="legend"
    legend[shape=plaintext label=<<table><tr><td>x</td></tr></table>>]
  }
  n1_0 -- legend [style=invis]
  label="x.hb\n*1 + *0 = *1: first player wins"
}
"##;
        let pos = position(text);
        assert_eq!(pos.graphs.len(), 2);
        let g = &pos.graphs[0];
        assert_eq!(g.name.as_deref(), Some("bowtie"));
        assert_eq!(ground(g), ["n1_0"]);
        assert_eq!(g.edges.len(), 4);
        assert_eq!(pos.graphs[1].name.as_deref(), Some("empty"));
        assert!(pos.graphs[1].edges.is_empty());
    }
}
