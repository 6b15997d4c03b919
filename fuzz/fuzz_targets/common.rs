//! What every parser target checks on any input: no panic, no hang; errors render; and
//! positions that parse are analysed (values, winning moves) without panicking.

use hackenbush::source::Source;
use hackenbush::syntax::{self, Format};

/// Largest graph whose winning moves are computed in a fuzz run (keeps runs fast).
const MAX_EDGES_FOR_MOVES: usize = 4096;

/// Parses `data` in `format` and analyses what parses; returns the source it read, for
/// the checks of a target's own, or `None` when `data` is too large to be a source.
pub fn parse_and_analyze(format: Format, data: &[u8]) -> Option<Source> {
    let source = Source::new("fuzz", data.to_vec()).ok()?;
    for position in syntax::parse(format, &source) {
        match position {
            Ok(position) => {
                let graphs = hackenbush::analyze_position(position);
                let total = hackenbush::analysis::position::nim_sum(&graphs);
                if graphs
                    .iter()
                    .all(|(g, _)| g.net.edge_count() <= MAX_EDGES_FOR_MOVES)
                {
                    for m in hackenbush::analysis::position::winning_moves(&graphs) {
                        assert!(m.value_after == graphs[m.graph].1.value ^ total);
                    }
                }
            }
            Err(diagnostic) => {
                let text = diagnostic.render(&source, false);
                assert!(text.starts_with("error: "));
                assert!((diagnostic.span.end as usize) <= data.len());
                assert!(diagnostic.span.start <= diagnostic.span.end);
            }
        }
    }
    Some(source)
}
