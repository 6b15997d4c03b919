//! Misère play explained (`explain --misere`), step by step: the ground blocks, the rule
//! that applies and why, its case split, who wins, and every winning first cut with why
//! it wins. The reports themselves are [`report::misere`](crate::report::misere)'s.

use std::fmt::Write;

use petgraph::graph::EdgeIndex;

use crate::analysis::misere::{Misere, PositionEdge, Rule};
use crate::analysis::partizan::Budget;
use crate::diagnostic::Diagnostic;
use crate::game::Outcome;
use crate::model::Graph;
use crate::report::misere::analysis;
use crate::report::text::{outcome, plural, printable, star};
use crate::source::Source;
use crate::style::Paint;
use crate::syntax::GraphDecl;

/// The most blocks, and winning cuts, an explanation lists before it counts the rest.
pub const MAX_LISTED: usize = 40;

/// The explanation of a position in misère play (`explain --misere`), step by step: the
/// ground blocks, the rule that applies and why, its case split (misère Nim: some heap
/// above `*1` or not; red-blue: the edges at the ground; otherwise the search), who wins,
/// and every winning first cut with why it wins. `found` is
/// [`misere::analyze`](crate::analysis::misere::analyze) of `graphs`, the position
/// `label` read from `source`; `color` adds ANSI colours.
///
/// ```
/// use hackenbush::analysis::{misere, partizan::Budget};
/// use hackenbush::{model::Graph, report, source::Source, syntax::{self, Format}};
///
/// let source = Source::from_text("two.in", "1\n5 4\n1 2\n2 3\n1 4\n4 5\n")?;
/// let position = syntax::parse(Format::Christmas, &source).next().unwrap()?;
/// let graphs: Vec<Graph> = position.graphs.into_iter().enumerate()
///     .map(|(i, decl)| Graph::build(decl, i)).collect();
/// let found = misere::analyze(&graphs, &Budget::DEFAULT)?;
/// let text = report::explain::misere::explain("two.in#1", &graphs, &found, &source, false);
/// assert!(text.contains("misère Nim"));
/// assert!(text.contains("so the second player wins"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn explain(
    label: &str,
    graphs: &[Graph],
    found: &Misere,
    source: &Source,
    color: bool,
) -> String {
    let paint = Paint(color);
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{}\n\nIn misère play whoever cuts the last edge loses: whoever cannot move wins.",
        paint.bold(&printable(label))
    );
    blocks_step(&mut out, graphs, found, paint);
    let _ = writeln!(out, "\n{}", paint.bold("Step 2, the rule."));
    match found.rule {
        Rule::MisereNim => misere_nim_steps(&mut out, found, paint),
        Rule::GroundEdges => ground_edge_steps(&mut out, found, paint),
        Rule::Genus => genus_steps(&mut out, found, paint),
        Rule::Sprigs => sprig_steps(&mut out, found, paint),
        _ => searched_steps(&mut out, graphs, found, paint),
    }
    cuts_step(&mut out, graphs, found, source, paint);
    out
}

/// [`explain`] of the position of `graphs`, read from `source` and named `label`,
/// analyzed within `budget`; or why it was refused (a search beyond the budget), located
/// at its first edge.
pub fn explain_position(
    source: &Source,
    graphs: Vec<GraphDecl>,
    label: &str,
    budget: Budget,
    color: bool,
) -> Result<String, Diagnostic> {
    let first = graphs.first().map(|g| g.span).unwrap_or_default();
    let models: Vec<Graph> = (graphs.into_iter().enumerate())
        .map(|(i, decl)| Graph::build(decl, i))
        .collect();
    let found = analysis(&models, first, budget)?;
    Ok(explain(label, &models, &found, source, color))
}

/// Step 1: the ground blocks.
fn blocks_step(out: &mut String, graphs: &[Graph], found: &Misere, paint: Paint) {
    let n = found.blocks.len();
    let _ = writeln!(
        out,
        "\n{}\n  A ground block is a component of a graph without its ground, with its edges \
         at the ground.\n  The position has {n} ground block{}{}",
        paint.bold("Step 1, the ground blocks."),
        plural(n),
        if n == 0 { "." } else { ":" }
    );
    for (k, block) in found.blocks.iter().enumerate().take(MAX_LISTED) {
        let graph = &graphs[block.graph];
        let edges: Vec<String> = (block.edges.iter().take(4))
            .map(|&e| edge_text(graph, e))
            .collect();
        let more = block.edges.len().saturating_sub(4);
        let more = if more > 0 {
            format!(" and {more} more")
        } else {
            String::new()
        };
        let at_ground = block.ground_edge_count();
        let value = match (&block.genus, block.value) {
            (Some(genus), _) => format!(
                ", genus {} ({})",
                paint.value(&genus.to_string()),
                if genus.tame { "tame" } else { "wild" }
            ),
            (None, Some(v)) => format!(", worth {} in normal play", paint.value(&star(v))),
            (None, None) => String::new(),
        };
        let _ = writeln!(
            out,
            "    block {} in {}: {} edge{} ({}{more}), {at_ground} at the ground{value}",
            k + 1,
            printable(&graph.name),
            block.edges.len(),
            plural(block.edges.len()),
            edges.join(", "),
        );
    }
    if n > MAX_LISTED {
        let _ = writeln!(out, "    ... and {} more blocks", n - MAX_LISTED);
    }
}

/// Step 2 and 3 under misère Nim.
fn misere_nim_steps(out: &mut String, found: &Misere, paint: Paint) {
    let heaps: Vec<u64> = found.blocks.iter().filter_map(|b| b.value).collect();
    let nim_sum = heaps.iter().fold(0, |a, h| a ^ h);
    let _ = writeln!(
        out,
        "  Every edge is green and every block stands on one edge at the ground. Such a \
         block is worth at\n  least *1 in normal play until its edge at the ground is cut, \
         which removes all of it, so the\n  position plays as {} on the blocks' values \
         (the SJ theorem; Bouton): each block is a\n  heap, its Grundy value found as in \
         normal play (Fusion and Colon Principles).",
        paint.bold("misère Nim")
    );
    let _ = writeln!(out, "\n{}", paint.bold("Step 3, misère Nim."));
    let large = heaps.iter().filter(|&&h| h > 1).count();
    let verdict = if found.outcome == Outcome::N {
        "the first player wins"
    } else {
        "the second player wins"
    };
    if large > 0 {
        let _ = writeln!(
            out,
            "  {large} heap{} above *1: play as in Nim, and the player to move wins \
             exactly when the nim-sum is\n  not *0. The nim-sum is {}, so {}.",
            if large == 1 { " is" } else { "s are" },
            paint.value(&star(nim_sum)),
            paint.bold(verdict)
        );
    } else {
        let _ = writeln!(
            out,
            "  Every heap is at most *1: {} heap{} of *1. Each cut takes one, and whoever \
             takes the last loses,\n  so the player to move wins exactly when the nim-sum \
             is *0 (an even number of them). The nim-sum is\n  {}, so {}.",
            heaps.iter().filter(|&&h| h == 1).count(),
            plural(heaps.iter().filter(|&&h| h == 1).count()),
            paint.value(&star(nim_sum)),
            paint.bold(verdict)
        );
    }
}

/// Step 2 and 3 for blue and red edges only.
fn ground_edge_steps(out: &mut String, found: &Misere, paint: Paint) {
    let (blue, red) = (found.blocks.iter()).fold((0, 0), |(b, r), block| {
        (b + block.ground_edges[1], r + block.ground_edges[2])
    });
    let _ = writeln!(
        out,
        "  Only blue and red edges: a cut never removes an edge at the ground other than \
         itself, so a player\n  can move as long as one of their edges at the ground \
         stands, and whoever runs out first wins.\n  The player to move wins exactly when \
         they have at most as many edges at the ground as the other\n  (Stewart: Red-Blue \
         misère Hackenbush is in P)."
    );
    let _ = writeln!(out, "\n{}", paint.bold("Step 3, the edges at the ground."));
    let _ = writeln!(
        out,
        "  Left has {blue} blue edge{} at the ground, Right {red} red: {} ({}).",
        plural(blue),
        paint.bold(outcome(found.outcome)),
        found.outcome
    );
}

/// What the genus is and when a block is tame: the rule's first paragraph.
const GENUS_RULE: &str = "  Every edge is green, but a block stands on two or more edges at the ground, \
     where the Fusion\n  Principle fails in misère play. Such a block's genus g^γ₀γ₁… \
     (Conway) was found by a search of\n  that block alone: g is its normal-play value, γₙ \
     the misère Grundy value of the block beside\n  n heaps *2. A block is tame when it \
     and every position it can reach have a nim position's\n  genus: 0^120 or 1^031 \
     (fickle, as *0 or *1), or g^g (firm). A block on one edge at the ground\n  worth *g \
     is tame with the genus of *g.";

/// Step 2 and 3 by the genus: every block tame.
fn genus_steps(out: &mut String, found: &Misere, paint: Paint) {
    let _ = writeln!(out, "{GENUS_RULE}");
    let _ = writeln!(out, "\n{}", paint.bold("Step 3, the sum of tame blocks."));
    let fickle = |b: &crate::analysis::misere::GroundBlock| match &b.genus {
        Some(genus) => genus.fickle(),
        None => b.value.unwrap_or(0) <= 1,
    };
    let firm = found.blocks.iter().filter(|b| !fickle(b)).count();
    let nim_sum = (found.blocks.iter()).fold(0, |a, b| a ^ b.value.unwrap_or(0));
    let verdict = if found.outcome == Outcome::N {
        "the first player wins"
    } else {
        "the second player wins"
    };
    let case = if firm > 0 {
        format!(
            "{firm} block{} firm,\n  so the player to move wins exactly when the nim-sum is \
             not *0",
            if firm == 1 { " is" } else { "s are" }
        )
    } else {
        "every block is fickle,\n  so the player to move wins exactly when the nim-sum is \
         not *1"
            .to_string()
    };
    let _ = writeln!(
        out,
        "  Every block is tame, and tame games add as nim heaps do (Conway): {case}.\n  The \
         nim-sum of the blocks' values is {}, so {}.",
        paint.value(&star(nim_sum)),
        paint.bold(verdict)
    );
}

/// Step 2 and 3 for a sum of sprigs.
fn sprig_steps(out: &mut String, found: &Misere, paint: Paint) {
    let _ = writeln!(
        out,
        "  Every block is a sprig: a string from the ground whose ground edge alone is green, \
         the others\n  blue or red. The misère outcome of a sum of sprigs is the normal-play \
         outcome of that sum plus *\n  (McKay, Milley and Nowakowski, \"Misère-play Hackenbush \
         Sprigs\")."
    );
    let _ = writeln!(out, "\n{}", paint.bold("Step 3, the sum plus *."));
    let _ = writeln!(
        out,
        "  Each sprig's normal-play value is the ordinal sum of its edges from the ground up. \
         In normal play\n  their sum plus * is {1}, so in misère play {0} ({1}).",
        paint.bold(outcome(found.outcome)),
        found.outcome
    );
}

/// Step 2 and 3 when the position is searched.
fn searched_steps(out: &mut String, graphs: &[Graph], found: &Misere, paint: Paint) {
    let green = graphs.iter().all(|g| g.decl.is_green());
    let why = if green {
        let wild: Vec<String> = (found.blocks.iter().enumerate())
            .filter(|(_, b)| b.genus.as_ref().is_some_and(|g| !g.tame))
            .map(|(k, b)| {
                let genus = b.genus.as_ref().map_or(String::new(), |g| g.to_string());
                format!("block {} (genus {genus})", k + 1)
            })
            .collect();
        let _ = writeln!(out, "{GENUS_RULE}");
        &format!(
            "Not every block is tame: {} {} wild. No rule adds a wild block to others, so\n  \
             the whole position is searched.",
            wild.join(", "),
            if wild.len() == 1 { "is" } else { "are" }
        )
    } else {
        "The position mixes green edges with blue or red ones: no rule short of playing it \
         out is known\n  (Stewart: Red-Blue-Green misère Hackenbush is NP-hard)."
    };
    let _ = writeln!(out, "  {why}");
    let _ = writeln!(out, "\n{}", paint.bold("Step 3, the search."));
    let _ = writeln!(
        out,
        "  Played out, each set of standing edges once for each player to move: {} \
         position{} solved,\n  and {} ({}).",
        found.positions,
        plural(found.positions),
        paint.bold(outcome(found.outcome)),
        found.outcome
    );
}

/// The winning first cuts.
fn cuts_step(out: &mut String, graphs: &[Graph], found: &Misere, source: &Source, paint: Paint) {
    let green = found.left_wins == found.right_wins && graphs.iter().all(|g| g.decl.is_green());
    let lists: Vec<(&str, &[PositionEdge])> = if green {
        vec![("the player to move", &found.left_wins)]
    } else {
        vec![("Left", &found.left_wins), ("Right", &found.right_wins)]
    };
    let _ = writeln!(out, "\n{}", paint.bold("Winning cuts."));
    for (who, cuts) in lists {
        if cuts.is_empty() {
            let _ = writeln!(out, "  None for {who}: whatever {who} cuts first loses.");
            continue;
        }
        let _ = writeln!(out, "  For {who}, moving first:");
        for cut in cuts.iter().take(MAX_LISTED) {
            let graph = &graphs[cut.graph];
            let decl = graph.edge_decl(cut.edge);
            let why = match found.rule {
                Rule::MisereNim => nim_reason(found, cut),
                Rule::GroundEdges => {
                    ": it leaves the other player more edges at the ground".to_string()
                }
                Rule::Genus => {
                    ": the tame sum left is lost for the other player, by the genus".to_string()
                }
                Rule::Sprigs => ": the sprigs left, plus *, are lost in normal play for the \
                                 other player moving first"
                    .to_string(),
                _ => ": what is left is lost for the other player, by the search".to_string(),
            };
            let _ = writeln!(
                out,
                "    cut {} of {} (line {}){why}",
                paint.error(&edge_text(graph, cut.edge)),
                printable(&graph.name),
                source.line_number(decl.span.start as usize)
            );
        }
        if cuts.len() > MAX_LISTED {
            let _ = writeln!(out, "    ... and {} more", cuts.len() - MAX_LISTED);
        }
    }
}

/// Why a cut wins in misère Nim: the value it leaves its block, and the heaps' case.
fn nim_reason(found: &Misere, cut: &PositionEdge) -> String {
    let Some(k) =
        (found.blocks.iter()).position(|b| b.graph == cut.graph && b.edges.contains(&cut.edge))
    else {
        return String::new();
    };
    let heaps: Vec<u64> = found.blocks.iter().filter_map(|b| b.value).collect();
    let nim_sum = heaps.iter().fold(0, |a, h| a ^ h);
    let others = nim_sum ^ heaps[k];
    let another_large = (heaps.iter().enumerate()).any(|(j, &h)| j != k && h > 1);
    let (target, case) = if another_large {
        (others, "a heap above *1 is left and the nim-sum becomes *0")
    } else {
        (
            others ^ 1,
            "every heap is then at most *1, an odd number of them *1",
        )
    };
    format!(": block {} becomes {}, so {case}", k + 1, star(target))
}

/// `#3 p-q`: edge `e` of `graph`, as the input names its ends.
fn edge_text(graph: &Graph, e: EdgeIndex) -> String {
    format!(
        "#{} {}",
        e.index() + 1,
        printable(&graph.decl.edge_ends(e.index()))
    )
}
