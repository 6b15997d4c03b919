//! Text -> text: a position written in any format, by the writer each format owns
//! ([`syntax::hb::write`](crate::syntax::hb::write()) and its kin) or, for dot, as the
//! picture of [`report::picture`](crate::report::picture) (which analyses the position to colour
//! its blocks). The library behind `hackenbush convert` and `hackenbush gen`.
//!
//! Two promises, two entry points:
//!
//! - [`write()`] (`convert`) keeps every graph and every edge where it was: edge `j` of
//!   graph `i` of what is written is edge `j` of graph `i` of what was read, so the
//!   values, the winning moves and everything a report says about an edge by its number
//!   stay the same. Ground vertices may be fused (christmas makes them vertex 1) and names
//!   may change (christmas numbers the vertices, dot reads back node ids): neither changes
//!   the game nor the numbering. cgsuite keeps the input order of the edges or refuses
//!   ([`cgsuite::write_kept`]).
//! - [`write_game`] (`gen`) writes the same game, and every position can be written that
//!   way: cgsuite lists a graph's edges along a depth-first search from the ground and
//!   leaves out the edges not attached to it ([`cgsuite::write`]).
//!
//! What a format cannot write at all (a name hb cannot spell, a blue edge in christmas) is
//! refused before anything is written, with the reason and a place in the input
//! ([`refusal`], [`refusal_game`]).

use std::io::Write;

use crate::diagnostic::Diagnostic;
#[cfg(feature = "graphviz")]
use crate::report::picture;
pub use crate::syntax::write::WriteError;
use crate::syntax::{Format, Position, cgsuite, christmas, hb, json};

/// What `format` cannot write in `position` with every edge kept where it is, if
/// anything: a diagnostic at the first edge (or graph) it cannot write, with the reason
/// and what to write instead. [`write()`] refuses exactly this.
///
/// ```
/// use hackenbush::convert;
/// use hackenbush::source::Source;
/// use hackenbush::syntax::{self, Format};
///
/// // A stalk listed from the top down: a CGSuite string starts at the ground.
/// let source = Source::from_text("stalk.hb", "ground: g\na-b\ng-a\n")?;
/// let position = syntax::parse(Format::Hb, &source).next().unwrap()?;
/// let refusal = convert::refusal(Format::Cgsuite, &position).unwrap();
/// assert_eq!(&source.bytes()[refusal.span.range()], b"a-b");
/// assert!(convert::refusal(Format::Christmas, &position).is_none());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn refusal(format: Format, position: &Position) -> Option<Diagnostic> {
    match format {
        Format::Cgsuite => {
            refusal_game(format, position).or_else(|| cgsuite::refusal_kept(position))
        }
        _ => refusal_game(format, position),
    }
}

/// What `format` cannot write in `position` as the same game ([`write_game`]), if anything: a diagnostic at the first
/// edge (or graph) it cannot write, with the reason and what to write instead. The
/// writers refuse exactly this, before they write anything, as [`WriteError::Unwritable`]
/// (the message, then the advice).
///
/// - hb: a graph name with `#`, a line break or another character that would act on a
///   terminal (hb has no escapes), or blanks around it; a vertex name that is neither an
///   identifier nor a number (only the vertices hb writes: ends of edges, and the ground);
/// - christmas: a blue or red edge (the format is green only);
/// - json: a vertex with an empty name;
/// - cgsuite: a graph of 2^32 - 1 edges or more;
/// - dot: nothing.
///
/// ```
/// use hackenbush::convert;
/// use hackenbush::source::Source;
/// use hackenbush::syntax::{self, Format};
///
/// let source = Source::from_text("flag.hb", "ground: g\ng-a\nblue: a-b\n")?;
/// let position = syntax::parse(Format::Hb, &source).next().unwrap()?;
/// let refusal = convert::refusal_game(Format::Christmas, &position).unwrap();
/// assert_eq!(refusal.message, "christmas is green only: it cannot write a blue edge");
/// assert_eq!(&source.bytes()[refusal.span.range()], b"a-b");
/// assert!(convert::refusal_game(Format::Json, &position).is_none());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn refusal_game(format: Format, position: &Position) -> Option<Diagnostic> {
    let graphs = &position.graphs;
    match format {
        Format::Hb => graphs.iter().find_map(hb::refusal),
        Format::Christmas => christmas::refusal(position),
        Format::Json => graphs.iter().find_map(json::refusal),
        Format::Dot => None,
        Format::Cgsuite => graphs.iter().find_map(cgsuite::refusal),
    }
}

/// Writes `position` in `format` with every graph and every edge where it is (see the
/// module documentation); `title` names the position in a dot picture. Refuses, before
/// writing anything, what [`refusal`] finds, as [`WriteError::Unwritable`].
///
/// ```
/// use hackenbush::convert;
/// use hackenbush::source::Source;
/// use hackenbush::syntax::{self, Format};
///
/// // The POJ 3710 sample: a triangle on a stalk.
/// let source = Source::from_text("sample.in", "1\n4 4\n1 2\n2 3\n2 4\n3 4\n")?;
/// let position = syntax::parse(Format::Christmas, &source).next().unwrap()?;
/// let mut text = Vec::new();
/// convert::write(&mut text, Format::Cgsuite, &position, "")?;
/// assert_eq!(text, b"e(e:{v1};ee:{v1})\n");
/// // The hb and json writers keep the edge order as it is, and the name reports show.
/// let mut text = Vec::new();
/// convert::write(&mut text, Format::Hb, &position, "")?;
/// assert_eq!(text, b"graph: tree 1\nground: 1\n1-2-3  2-4  3-4\n");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn write<W: Write>(
    out: &mut W,
    format: Format,
    position: &Position,
    title: &str,
) -> Result<(), WriteError> {
    match format {
        Format::Cgsuite => cgsuite::write_kept(out, position),
        _ => write_game(out, format, position, title),
    }
}

/// Writes `position` to `out` in `format` as the same game, which is what `hackenbush gen`
/// writes: as [`write()`], except that cgsuite lists each graph's edges along a walk from the
/// ground and leaves out the edges not attached to it ([`cgsuite::write`]), so that every
/// position can be written. `title` names the position in a dot picture and is not used
/// by the other formats.
///
/// ```
/// use hackenbush::convert;
/// use hackenbush::generate::{Shape, Stalks};
/// use hackenbush::syntax::Format;
///
/// let position = Shape::Stalks(Stalks::heights(vec![2, 1])).position(0, 0);
/// let mut text = Vec::new();
/// convert::write_game(&mut text, Format::Hb, &position, "stalks").unwrap();
/// assert_eq!(
///     String::from_utf8(text).unwrap(),
///     "graph: stalk 1\nground: g\ng-1-2\n\ngraph: stalk 2\nground: g\ng-1\n"
/// );
/// let mut text = Vec::new();
/// convert::write_game(&mut text, Format::Christmas, &position, "").unwrap();
/// assert_eq!(text, b"2\n3 2\n1 2\n2 3\n2 1\n1 2\n");
/// ```
pub fn write_game<W: Write>(
    out: &mut W,
    format: Format,
    position: &Position,
    title: &str,
) -> Result<(), WriteError> {
    match format {
        Format::Hb => hb::write(out, position),
        Format::Christmas => christmas::write(out, position),
        Format::Json => json::write(out, position),
        #[cfg(feature = "graphviz")]
        Format::Dot => dot(out, position, title),
        #[cfg(not(feature = "graphviz"))]
        Format::Dot => {
            let _ = title;
            Err(WriteError::Unwritable(
                "this build writes no DOT (the library's `graphviz` feature is off)".into(),
            ))
        }
        Format::Cgsuite => cgsuite::write(out, position),
    }
}

/// Writes the Graphviz picture of `position` titled `title` ([`report::picture`] as written:
/// no moves, not reduced; its ground nodes carry `ground=true`, so the dot reader reads
/// it back). The position is analysed to colour its blocks.
///
/// [`report::picture`]: crate::report::picture
#[cfg(feature = "graphviz")]
fn dot<W: Write>(out: &mut W, position: &Position, title: &str) -> Result<(), WriteError> {
    let mut text = String::new();
    let mut drawing = picture::Picture::begin(&mut text, title, &picture::Options::default());
    for (i, decl) in position.graphs.iter().enumerate() {
        let graph = crate::model::Graph::build(decl.clone(), i);
        let analysis = crate::analysis::breakdown(&graph);
        drawing.graph(&mut text, &graph, &analysis, &[]);
        out.write_all(text.as_bytes())?;
        text.clear();
    }
    drawing.finish(&mut text);
    out.write_all(text.as_bytes())?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::source::Span;
    use crate::syntax::cgsuite::fused_ends;
    use crate::syntax::{EdgeDecl, GraphDecl, VertexName, Vertices};

    fn graph(vertices: Vertices, ground: Vec<u32>, edges: &[(u32, u32)]) -> GraphDecl {
        GraphDecl {
            name: Some("g".into()),
            span: Span::default(),
            kind: crate::syntax::GraphKind::Graph,
            vertices,
            ground,
            edges: edges
                .iter()
                .map(|&(u, v)| EdgeDecl::new(u, v, Span::default()))
                .collect(),
        }
    }

    fn text(format: Format, graphs: Vec<GraphDecl>) -> String {
        let position = Position {
            case: None,
            span: Span::default(),
            graphs,
            warnings: Vec::new(),
        };
        let mut out = Vec::new();
        write_game(&mut out, format, &position, "t").unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn christmas_fuses_the_ground_and_numbers_the_rest() {
        // Ground ids 1 and 3 become vertex 1; ids 0, 2, 4 become 2, 3, 4.
        let g = graph(Vertices::Numbered(5), vec![3, 1], &[(0, 1), (2, 3), (4, 4)]);
        assert_eq!(text(Format::Christmas, vec![g]), "1\n4 3\n2 1\n3 1\n4 4\n");
        // No ground: a vertex 1 of its own.
        let g = graph(Vertices::Numbered(2), vec![], &[(0, 1)]);
        assert_eq!(text(Format::Christmas, vec![g]), "1\n3 1\n2 3\n");
        let g = graph(Vertices::Numbered(0), vec![], &[]);
        assert_eq!(text(Format::Christmas, vec![g]), "1\n1 0\n");
    }

    #[test]
    fn hb_chains_and_ground() {
        let names = Vertices::Named(vec![
            VertexName::Name("g".into()),
            VertexName::Number(7),
            VertexName::Name("x'".into()),
            VertexName::Name("h".into()),
        ]);
        // Ground `h` has no edge: left out.
        let g = graph(names, vec![0, 3], &[(0, 1), (1, 2), (0, 0), (2, 1)]);
        assert_eq!(
            text(Format::Hb, vec![g]),
            "graph: g\nground: g\ng-7-x'  g-g  x'-7\n"
        );
        let bad = graph(
            Vertices::Named(vec![VertexName::Name("a b".into())]),
            vec![0],
            &[],
        );
        let position = Position {
            case: None,
            span: Span::default(),
            graphs: vec![bad],
            warnings: Vec::new(),
        };
        let err = write_game(&mut Vec::new(), Format::Hb, &position, "").unwrap_err();
        assert!(err.to_string().contains("not an identifier"), "{err}");
    }

    #[test]
    fn json_escapes_and_layout() {
        let names = Vertices::Named(vec![
            VertexName::Name("a\"\\\n\u{1}é".into()),
            VertexName::Number(2),
        ]);
        let g = graph(names, vec![0], &[(0, 1)]);
        assert_eq!(
            text(Format::Json, vec![g]),
            "{\"graphs\": [\n  {\"name\": \"g\", \"ground\": [\"a\\\"\\\\\\n\\u0001é\"], \
             \"edges\": [\n    [\"a\\\"\\\\\\n\\u0001é\", 2]\n  ]}\n]}\n"
        );
        assert_eq!(text(Format::Json, vec![]), "{\"graphs\": []}\n");
    }

    fn parsed(format: Format, text: &str) -> (crate::source::Source, Position) {
        let source = crate::source::Source::from_text("t", text).unwrap();
        let position = crate::syntax::parse(format, &source)
            .next()
            .unwrap()
            .unwrap();
        (source, position)
    }

    #[test]
    fn refusals_point_at_the_first_thing_not_written() {
        // A cgsuite label is written as it is: hb takes identifiers and numbers only.
        let (source, position) = parsed(Format::Cgsuite, "e:7e:{x'}e:{a b}e:7\n");
        let named = refusal(Format::Hb, &position).unwrap();
        assert_eq!(
            named.message,
            "hb cannot write the vertex name \"a b\": it is not an identifier"
        );
        // The edge up to it, the third `e`.
        assert_eq!(
            &source.bytes()[named.span.start as usize..],
            b"e:{a b}e:7\n"
        );
        let err = write_game(&mut Vec::new(), Format::Hb, &position, "").unwrap_err();
        assert!(err.to_string().contains("; an hb vertex is"), "{err}");
        // hb has no escapes: a graph name that would act on a terminal is refused.
        let (_, position) = parsed(Format::Json, r#"{"graphs": [{"name": "x\u001b[2J"}]}"#);
        let acting = refusal(Format::Hb, &position).unwrap();
        assert!(
            acting.message.contains("would act on a terminal"),
            "{}",
            acting.message
        );
        assert_eq!(
            text(Format::Json, position.graphs),
            "{\"graphs\": [\n  {\"name\": \"x\\u001b[2J\", \"ground\": [], \"edges\": []}\n]}\n"
        );
        // A vertex hb does not write (no edge, not ground) may have any name.
        let (_, position) = parsed(Format::Dot, "graph { ground -- a; \"x y\" }");
        assert!(refusal(Format::Hb, &position).is_none());
        assert_eq!(
            text(Format::Hb, position.graphs),
            "graph:\nground: ground\nground-a\n"
        );
        let (source, position) = parsed(Format::Dot, "graph { ground -- a -- \"\" }");
        let empty = refusal(Format::Json, &position).unwrap();
        assert_eq!(&source.bytes()[empty.span.range()], b"a -- \"\"");
    }

    #[test]
    fn fused_ends_are_not_sized_by_a_claimed_vertex_count() {
        // A christmas tree claiming 2^32 - 2 vertices, of which two are used.
        let g = graph(
            Vertices::Numbered(u32::MAX - 1),
            vec![0],
            &[(0, u32::MAX - 2)],
        );
        assert_eq!(fused_ends(&g), (vec![(0, 1)], 2));
        assert_eq!(text(Format::Cgsuite, vec![g]), "e\n");
        // Every ground vertex is node 0; the others in order of first appearance.
        let g = graph(Vertices::Numbered(5), vec![3, 1], &[(4, 3), (2, 1), (2, 4)]);
        assert_eq!(fused_ends(&g), (vec![(1, 0), (2, 0), (2, 1)], 3));
    }
}
