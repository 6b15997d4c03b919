//! `hackenbush verify`: the fast analysis held against an exhaustive game-tree search.

use std::io::Write;

use hackenbush::game_tree::{self, Verification};
use hackenbush::report::text::{printable, star};
use hackenbush::source::Source;
use hackenbush::syntax::GraphDecl;

use super::args::VerifyArgs;
use super::input::{self, Streamed};
use super::output::{self, BAD_INPUT, DISAGREE, SUCCESS, Stop};
use super::progress::{self, Progress};

/// Runs the command. Returns the exit status: [`BAD_INPUT`] when an input was malformed or
/// a graph too large to search, else [`DISAGREE`] when the analysis and the game tree
/// disagree on some graph, else [`SUCCESS`].
pub fn run(args: &VerifyArgs) -> Result<u8, Stop> {
    let mut out = output::stdout();
    let mut disagreements = 0;
    let mut refused = 0;
    let limit = usize::from(args.max_edges);
    let clean = input::each_position_streamed(
        &args.input,
        &mut out,
        |out, source, foreseen| {
            let label = printable(&foreseen.label(source)).into_owned();
            writeln!(out, "{label}")?;
            if foreseen.graphs == 0 {
                writeln!(out, "  (no graphs)")?;
            }
            Ok(Verifying {
                label,
                limit,
                graphs: 0,
                disagreements: 0,
                refused: 0,
            })
        },
        |_, _, _, verifying| {
            disagreements += verifying.disagreements;
            refused += verifying.refused;
            Ok(())
        },
        |_| {},
    )?;
    if refused > 0 {
        out.flush()?;
        output::report_error(&format!(
            "{refused} graph{} too large for the game-tree search (raise --max-edges, at most 64, \
             at the cost of exponential time)",
            if refused == 1 { " was" } else { "s were" }
        ));
    }
    if disagreements > 0 {
        out.flush()?;
        output::report_error(&format!(
            "the analysis and the game tree disagree on {disagreements} graph{}: this is a bug \
             in hackenbush, please report it with this input",
            if disagreements == 1 { "" } else { "s" }
        ));
    }
    out.flush()?;
    Ok(if !clean || refused > 0 {
        BAD_INPUT
    } else if disagreements > 0 {
        DISAGREE
    } else {
        SUCCESS
    })
}

/// A position being verified, each graph as soon as it is read.
struct Verifying {
    label: String,
    limit: usize,
    graphs: usize,
    disagreements: usize,
    refused: usize,
}

impl<W: Write> Streamed<W> for Verifying {
    fn graph(&mut self, out: &mut W, _: &Source, decl: GraphDecl) -> Result<(), Stop> {
        let (graph, analysis) = hackenbush::analyze_graph(decl, self.graphs);
        self.graphs += 1;
        // A person watching sees the results so far while a search runs.
        if progress::wanted() {
            out.flush()?;
        }
        let mut progress = Progress::new(format!(
            "verify: game tree of {} in {}, {} edges",
            printable(&graph.name),
            self.label,
            analysis.attached_edges
        ));
        let searched = game_tree::verify_observed(&graph, &analysis, self.limit, &mut |n| {
            progress.update(|| format!("{} positions searched", progress::thousands(n as u64)))
        });
        drop(progress);
        match searched {
            Ok(v) => {
                self.disagreements += usize::from(!v.agrees());
                write_verification(out, &graph.name, &v)?;
            }
            Err(too_large) => {
                self.refused += 1;
                let name = printable(&graph.name);
                writeln!(out, "  {name}: not searched: {too_large}")?;
            }
        }
        Ok(())
    }
}

fn write_verification(out: &mut impl Write, name: &str, v: &Verification) -> Result<(), Stop> {
    let name = printable(name);
    if v.agrees() {
        let moves = match v.moves_compared {
            0 => "no moves".to_string(),
            1 => "its 1 move agrees".to_string(),
            n => format!("all {n} moves agree"),
        };
        writeln!(
            out,
            "  {name}: {} by both; {moves} ({} positions searched)",
            star(v.analysis_value),
            v.positions_solved
        )?;
        return Ok(());
    }
    writeln!(
        out,
        "  {name}: DISAGREE: analysis {}, game tree {}",
        star(v.analysis_value),
        star(v.game_tree_value)
    )?;
    for (target, fast, slow) in &v.cut_mismatches {
        let list = |edges: &[petgraph::graph::EdgeIndex]| {
            edges
                .iter()
                .map(|e| (e.index() + 1).to_string())
                .collect::<Vec<_>>()
                .join(", ")
        };
        writeln!(
            out,
            "    cuts to {}: analysis [{}], game tree [{}]",
            star(*target),
            list(fast),
            list(slow)
        )?;
    }
    Ok(())
}
