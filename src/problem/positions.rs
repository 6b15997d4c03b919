//! A test case of a judged problem as a [`Position`], so that it can be written in the
//! other formats (`hackenbush convert --problem NAME`) and then explained, drawn and
//! played: the test case read by [`syntax::problems`](crate::syntax::problems), with
//! spans kept ([`ProblemCases::keep_spans`](crate::syntax::problems::ProblemCases::keep_spans)),
//! made into graphs with every edge at its place in the input.
//!
//! - A tree rooted at vertex 1 (AGC017 D, HDU 3094, Jutge P61396, HDU 3590's forests,
//!   GERALD08) is a graph `tree K` whose vertices keep their numbers and whose ground is
//!   vertex 1; its edges are in input order.
//! - A parent array (Kattis Shrubbery, Purplehearts) is one graph whose ground is
//!   `ground` and whose edge `i` joins its parent's top (or the ground) to vertex `i`.
//! - Stalks (Kattis Bamboo) are graphs `stalk K` of their heights: a height is made
//!   edges, so the stalks of a test case may have [`MAX_BUILT_EDGES`] edges in all; more
//!   is refused at the stalk that passes it, before anything is allocated.
//!
//! Colours are the problem's: Kattis's `B` and CodeChef's 0 blue (Left's), `R` and 1
//! red; the other problems are green.
//!
//! ```
//! use hackenbush::problem::positions::position;
//! use hackenbush::syntax::problems::{CaseLists, Layout, ProblemCases};
//!
//! let text = b"3\n-1 1 -1\nBRB\n";
//! let mut cases = ProblemCases::new(&text[..], Layout::ColouredParents).keep_spans();
//! let mut lists = CaseLists::default();
//! cases.next_case(&mut lists).unwrap()?;
//! let position = position(Layout::ColouredParents, &lists, None)?;
//! assert_eq!(position.graphs[0].edge_ends(1), "1-2");
//! # Ok::<(), hackenbush::diagnostic::Diagnostic>(())
//! ```

use crate::diagnostic::Diagnostic;
use crate::position::MAX_BUILT_EDGES;
use crate::source::Span;
use crate::syntax::problems::{CaseLists, Layout};
use crate::syntax::{Colour, EdgeDecl, GraphDecl, GraphKind, Position, VertexName, Vertices};

/// The test case `lists` holds (exactly one, read as `layout`) as a position numbered
/// `case` (`None` for a layout of one test case); or, for stalks taller than
/// [`MAX_BUILT_EDGES`] edges in all, why not, at the stalk that passes it.
pub fn position(
    layout: Layout,
    lists: &CaseLists,
    case: Option<usize>,
) -> Result<Position, Diagnostic> {
    let span_of = |i: usize| lists.spans.get(i).copied().unwrap_or_default();
    let count_span = |i: usize| {
        lists
            .counts
            .get(i)
            .map(|&(_, span)| span)
            .unwrap_or_default()
    };
    let graphs = match layout {
        Layout::Stalks => stalks(lists, span_of)?,
        Layout::Parents | Layout::ColouredParents => {
            let (n, range) = lists.trees.first().cloned().unwrap_or((1, 0..0));
            let mut names = Vec::with_capacity(n as usize);
            names.push(VertexName::Name("ground".into()));
            names.extend((1..u64::from(n)).map(VertexName::Number));
            vec![GraphDecl {
                name: None,
                span: count_span(0),
                kind: GraphKind::Graph,
                vertices: Vertices::Named(names),
                ground: vec![0],
                edges: edges(lists, range, span_of),
            }]
        }
        _ => {
            // A forest's count comes before its trees' counts.
            let first = usize::from(layout == Layout::Forests);
            (lists.trees.iter().enumerate())
                .map(|(t, (n, range))| GraphDecl {
                    name: None,
                    span: count_span(first + t),
                    kind: GraphKind::Tree,
                    vertices: Vertices::Numbered(*n),
                    ground: vec![0],
                    edges: edges(lists, range.clone(), span_of),
                })
                .collect()
        }
    };
    Ok(Position {
        case,
        span: count_span(0),
        graphs,
        warnings: Vec::new(),
    })
}

/// The edges whose ends are `lists.ends[range]`, with their colours (green when the
/// layout has none) and spans.
fn edges(
    lists: &CaseLists,
    range: std::ops::Range<usize>,
    span_of: impl Fn(usize) -> Span,
) -> Vec<EdgeDecl> {
    (range.step_by(2))
        .map(|at| {
            let i = at / 2;
            let mut edge = EdgeDecl::new(lists.ends[at], lists.ends[at + 1], span_of(i));
            edge.colour = lists.colours.get(i).copied().unwrap_or(Colour::Green);
            edge
        })
        .collect()
}

/// The stalks of `lists.heights`, or why they are too tall to be made edges.
fn stalks(
    lists: &CaseLists,
    span_of: impl Fn(usize) -> Span,
) -> Result<Vec<GraphDecl>, Diagnostic> {
    let mut total = 0u64;
    for (i, &height) in lists.heights.iter().enumerate() {
        total = total.saturating_add(height);
        if total > MAX_BUILT_EDGES {
            let all: u64 = (lists.heights.iter()).fold(0, |sum, &h| sum.saturating_add(h));
            return Err(Diagnostic::new(
                span_of(i),
                format!(
                    "the stalks are {all} edges high in all: at most {MAX_BUILT_EDGES} can \
                     be made edges"
                ),
                format!("the stalks pass {MAX_BUILT_EDGES} edges here"),
            )
            .with_help(
                "`hackenbush judge --problem kattis-hackenbushbamboo` values stalks of any \
                 height without making them edges (a stalk of height h is *h)",
            ));
        }
    }
    Ok((lists.heights.iter().enumerate())
        .map(|(i, &height)| {
            // At most MAX_BUILT_EDGES, so within a u32.
            GraphDecl::stalk(format!("stalk {}", i + 1), height as u32, span_of(i))
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax::problems::ProblemCases;

    fn read(layout: Layout, text: &str) -> CaseLists {
        let mut cases = ProblemCases::new(text.as_bytes(), layout).keep_spans();
        let mut lists = CaseLists::default();
        cases.next_case(&mut lists).unwrap().unwrap();
        lists
    }

    #[test]
    fn edges_keep_their_numbers_colours_and_spans() {
        let text = "1\n3\n3 1 1\n1 2 0\n";
        let lists = read(Layout::ColouredTrees, text);
        let position = position(Layout::ColouredTrees, &lists, Some(1)).unwrap();
        let tree = &position.graphs[0];
        assert_eq!(
            (tree.edge_ends(0), tree.edge_ends(1)),
            ("3-1".into(), "1-2".into())
        );
        assert_eq!(tree.edges[0].colour, Colour::Red);
        assert_eq!(&text[tree.edges[1].span.range()], "1 2 0");
        assert_eq!(&text[tree.span.range()], "3");
        assert_eq!(tree.display_name(0), "tree 1");
    }

    #[test]
    fn a_forest_is_a_graph_per_tree() {
        let lists = read(Layout::Forests, "2\n3\n1 2\n1 3\n1\n");
        let position = position(Layout::Forests, &lists, Some(1)).unwrap();
        assert_eq!(position.graphs.len(), 2);
        assert_eq!(position.graphs[1].edges, []);
        assert_eq!(position.graphs[1].vertices, Vertices::Numbered(1));
    }

    #[test]
    fn stalks_too_tall_are_refused_at_the_stalk_that_passes_the_limit() {
        let text = "3\n99999999 2 5\n";
        let lists = read(Layout::Stalks, text);
        let refused = position(Layout::Stalks, &lists, None).unwrap_err();
        assert_eq!(&text[refused.span.range()], "2");
        assert!(
            refused.message.contains("100000006 edges high"),
            "{}",
            refused.message
        );
        // Heights that would overflow a sum, far beyond what can be allocated.
        let lists = read(
            Layout::Stalks,
            "2\n18446744073709551615 18446744073709551615\n",
        );
        assert!(position(Layout::Stalks, &lists, None).is_err());
        let lists = read(Layout::Stalks, "2\n2 0\n");
        let stalks = position(Layout::Stalks, &lists, None).unwrap().graphs;
        assert_eq!((stalks[0].edges.len(), stalks[1].edges.len()), (2, 0));
    }
}
