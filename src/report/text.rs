//! The human report of `hackenbush analyze`:
//!
//! ```text
//! examples/bowtie.hb
//!   bowtie            *1   7 edges
//!   stalk of three    *3   3 edges
//!   nim-sum *2: first player wins
//! ```

use std::fmt::{self, Write};

use super::{MoveReport, PositionReport, Winner};

/// Renders one position, ending with a newline.
pub fn position(report: &PositionReport) -> String {
    let mut out = String::new();
    let _ = write_position(&mut out, report);
    out
}

/// Writes one position to `out`, ending with a newline, line by line (a position of
/// millions of graphs is never held as one string).
pub fn write_position(out: &mut impl Write, report: &PositionReport) -> fmt::Result {
    writeln!(out, "{}", report.source)?;
    let name_width = report
        .graphs
        .iter()
        .map(|g| g.name.chars().count())
        .max()
        .unwrap_or(0);
    let value_width = report
        .graphs
        .iter()
        .map(|g| star(g.grundy).len())
        .max()
        .unwrap_or(0);
    for g in &report.graphs {
        let pad = name_width - g.name.chars().count();
        write!(
            out,
            "  {}{:pad$}  {:<value_width$}  {} edge{}",
            g.name,
            "",
            star(g.grundy),
            g.edges,
            plural(g.edges as usize)
        )?;
        if g.ignored_edges > 0 {
            write!(
                out,
                ", {} not attached to the ground (ignored)",
                g.ignored_edges
            )?;
        }
        if g.ground_vertices == 0 {
            out.write_str(", no ground")?;
        }
        out.write_char('\n')?;
    }
    if report.graphs.is_empty() {
        out.write_str("  (no graphs)\n")?;
    }
    writeln!(
        out,
        "  nim-sum {}: {}",
        star(report.nim_sum),
        winner(report.winner)
    )?;
    if let Some(moves) = &report.winning_moves {
        write_moves(out, report, moves)?;
    }
    Ok(())
}

/// The list of winning moves under a position.
fn write_moves(out: &mut impl Write, report: &PositionReport, moves: &[MoveReport]) -> fmt::Result {
    if report.winner == Winner::Second {
        return out.write_str(
            "  no winning move: whatever the player to move cuts, the nim-sum becomes nonzero\n",
        );
    }
    writeln!(
        out,
        "  {} winning move{}:",
        moves.len(),
        plural(moves.len())
    )?;
    for m in moves {
        writeln!(
            out,
            "    cut edge {} ({}-{}, line {}) of {}: leaves it {}",
            m.edge,
            m.u,
            m.v,
            m.line,
            report.graphs[m.graph].name,
            star(m.value_after)
        )?;
    }
    Ok(())
}

/// A nim value as `*n` (`*0` for zero).
pub fn star(n: u64) -> String {
    format!("*{n}")
}

/// "first player wins" / "second player wins".
pub fn winner(w: Winner) -> &'static str {
    match w {
        Winner::First => "first player wins",
        Winner::Second => "second player wins",
    }
}

fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::GraphReport;

    fn graph(name: &str, grundy: u64, edges: u32, ignored: u32) -> GraphReport {
        GraphReport {
            name: name.into(),
            grundy,
            vertices: 0,
            edges,
            ignored_edges: ignored,
            ground_vertices: 1,
            blocks: 1,
            bridges: 0,
        }
    }

    #[test]
    fn aligns_names_and_values() {
        let r = PositionReport::new(
            "x.hb".into(),
            vec![graph("bowtie", 1, 7, 0), graph("stalk of three", 3, 3, 1)],
        );
        assert_eq!(
            position(&r),
            "x.hb\n  bowtie          *1  7 edges\n  stalk of three  *3  3 edges, 1 not attached to the ground (ignored)\n  nim-sum *2: first player wins\n"
        );
    }
}
