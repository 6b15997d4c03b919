//! `hackenbush verify`: the fast analysis held against an exhaustive game-tree search.

use std::io::Write;
use std::process::ExitCode;

use hackenbush::Analyzed;
use hackenbush::game_tree::{self, Verification};
use hackenbush::report::text::{printable, star};
use indicatif::HumanCount;

use super::args::VerifyArgs;
use super::input::{self, Input};
use super::output::{self, BAD_INPUT, DISAGREE, SUCCESS, Stop};
use super::progress::{self, Progress};

/// Runs the command.
pub fn run(args: &VerifyArgs) -> ExitCode {
    match verify(args) {
        Ok(Outcome { clean: false, .. }) => ExitCode::from(BAD_INPUT),
        Ok(Outcome {
            disagreements: 0, ..
        }) => ExitCode::from(SUCCESS),
        Ok(_) => ExitCode::from(DISAGREE),
        Err(stop) => stop.exit_code(),
    }
}

struct Outcome {
    clean: bool,
    disagreements: usize,
}

fn verify(args: &VerifyArgs) -> Result<Outcome, Stop> {
    let mut out = output::stdout();
    let mut disagreements = 0;
    let mut refused = 0;
    let limit = usize::from(args.max_edges);
    let clean = input::each_position(
        Input::list(&args.input.files),
        args.input.format(),
        &mut out,
        Analyzed::default,
        |out, source, read, Analyzed { graphs }| {
            let label = input::position_label(source, &read);
            let label = printable(&label);
            writeln!(out, "{label}")?;
            if graphs.is_empty() {
                writeln!(out, "  (no graphs)")?;
            }
            for (graph, analysis) in graphs {
                // A person watching sees the results so far while a search runs.
                if progress::wanted() {
                    out.flush()?;
                }
                let mut progress = Progress::new(format!(
                    "verify: game tree of {} in {label}, {} edges",
                    printable(&graph.name),
                    analysis.attached_edges
                ));
                let searched = game_tree::verify_observed(&graph, &analysis, limit, &mut |n| {
                    progress.update(|| format!("{} positions searched", HumanCount(n as u64)))
                });
                drop(progress);
                match searched {
                    Ok(v) => {
                        disagreements += usize::from(!v.agrees());
                        write_verification(out, &graph.name, &v)?;
                    }
                    Err(too_large) => {
                        refused += 1;
                        let name = printable(&graph.name);
                        writeln!(out, "  {name}: not searched: {too_large}")?;
                    }
                }
            }
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
    Ok(Outcome {
        clean: clean && refused == 0,
        disagreements,
    })
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
