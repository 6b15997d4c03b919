//! `hackenbush explain`: the derivation of a position's value, step by step, the way a
//! student would do it by hand: fuse the ground, drop what hangs in the air, fuse every
//! cycle-block into loops (Fusion Principle), evaluate the tree of blocks from the leaves
//! down (Colon Principle), add the graphs (nim-sum), and name a winning move.
//!
//! Long graphs are summarised: at most [`MAX_LISTED`] blocks and Colon steps are listed
//! per graph, with a count of the rest.

use std::fmt::Write;

use crate::analysis::position::{Move, nim_sum, winning_moves_in};
use crate::analysis::{Analysis, BlockId, EdgeRole};
use crate::model::Graph;
use crate::source::Source;
use crate::style::Paint;

use super::text::{plural, printable, star};

/// How many blocks, or Colon steps, are listed per graph before the rest is counted.
pub const MAX_LISTED: usize = 40;

/// How many vertex names are listed per block.
const MAX_NAMES: usize = 8;

/// The explanation of one position (`label` names it), as text; `color` adds ANSI colours.
/// An [`Explanation`] with every graph at hand.
///
/// ```
/// use hackenbush::{report::explain, source::Source, syntax::{self, Format}};
///
/// let source = Source::from_str("t.hb", "ground: g\ng-a-b-g\ng-c\n");
/// let position = syntax::parse(Format::Hb, &source).next().unwrap().unwrap();
/// let graphs = hackenbush::analyze_position(position);
/// let text = explain::position("t.hb", &graphs, &source, false);
/// assert!(text.starts_with("t.hb\n\nGraph 1 of 1: graph 1\n"));
/// assert!(text.contains("Value: graph 1 = *0")); // a twig (*1) and a stalk (*1)
/// assert!(text.contains("The second player wins"));
/// ```
pub fn position(label: &str, graphs: &[(Graph, Analysis)], source: &Source, color: bool) -> String {
    let (mut explanation, mut out) = Explanation::new(label, graphs.len(), nim_sum(graphs), color);
    for (graph, analysis) in graphs {
        out.push_str(&explanation.graph(graph, analysis, source));
    }
    out.push_str(&explanation.finish());
    out
}

/// The explanation of a position told graph by graph, as each is read: what it needs of
/// the whole position (how many graphs, their nim-sum) is known beforehand, and what it
/// keeps is a value per graph and the winning move it names.
#[derive(Debug)]
pub struct Explanation {
    paint: Paint,
    graphs: usize,
    nim_sum: u64,
    values: Vec<u64>,
    winning_move: Option<String>,
}

impl Explanation {
    /// Begins the explanation of the position `label` of `graphs` graphs worth `nim_sum`
    /// in all; returns it with its first lines.
    pub fn new(label: &str, graphs: usize, nim_sum: u64, color: bool) -> (Self, String) {
        let paint = Paint(color);
        let explanation = Explanation {
            paint,
            graphs,
            nim_sum,
            values: Vec::new(),
            winning_move: None,
        };
        (explanation, format!("{}\n", paint.bold(&printable(label))))
    }

    /// How many graphs were explained: the 0-based index of the next.
    pub fn told(&self) -> usize {
        self.values.len()
    }

    /// The explanation of the next graph of the position, read from `source`.
    pub fn graph(&mut self, graph: &Graph, analysis: &Analysis, source: &Source) -> String {
        let paint = self.paint;
        let i = self.values.len();
        self.values.push(analysis.value);
        let mut out = String::new();
        let _ = writeln!(
            out,
            "\n{}",
            paint.bold(&format!(
                "Graph {} of {}: {}",
                i + 1,
                self.graphs,
                printable(&graph.name)
            ))
        );
        explain_graph(&mut out, graph, analysis, paint);
        // The move named is the first one, by graph then edge.
        if self.winning_move.is_none()
            && let Some(m) = winning_moves_in(i, graph, analysis, self.nim_sum).first()
        {
            let mut text = String::new();
            explain_move(&mut text, graph, analysis, source, m, self.nim_sum, paint);
            self.winning_move = Some(text);
        }
        out
    }

    /// The last lines: the nim-sum, who wins, and how.
    pub fn finish(self) -> String {
        let mut out = String::from("\n");
        explain_sum(
            &mut out,
            &self.values,
            self.winning_move.as_deref(),
            self.paint,
        );
        out
    }
}

fn explain_graph(out: &mut String, graph: &Graph, analysis: &Analysis, paint: Paint) {
    ground_step(out, graph, paint);
    attached_step(out, graph, analysis);
    fusion_step(out, graph, analysis, paint);
    colon_steps(out, graph, analysis, paint);
    let _ = writeln!(
        out,
        "  {}",
        paint.bold(&format!(
            "Value: {} = {}",
            printable(&graph.name),
            star(analysis.value)
        ))
    );
}

/// Step 1, the ground: none, one vertex, or several fused into one.
fn ground_step(out: &mut String, graph: &Graph, paint: Paint) {
    let ground: Vec<String> = graph
        .decl
        .ground
        .iter()
        .map(|&g| vertex(graph, g))
        .collect();
    let _ = match ground.len() {
        0 => writeln!(
            out,
            "  1. Ground: none is declared, so every edge falls at the first cut and the graph \
             is worth {}.",
            paint.value(&star(0))
        ),
        1 => writeln!(out, "  1. Ground: vertex {} is the ground.", ground[0]),
        _ => writeln!(
            out,
            "  1. Ground: {} are fused into one ground vertex (they are all \"the ground\").",
            names(&ground)
        ),
    };
}

/// Step 2, the edges that cannot reach the ground, dropped.
fn attached_step(out: &mut String, graph: &Graph, analysis: &Analysis) {
    let dropped: Vec<usize> = (0..analysis.edge_roles.len())
        .filter(|&j| analysis.edge_roles[j] == EdgeRole::Ignored)
        .collect();
    if dropped.is_empty() {
        let _ = writeln!(
            out,
            "  2. Attached: all {} edge{} reach the ground.",
            analysis.attached_edges,
            plural(analysis.attached_edges)
        );
        return;
    }
    let listed: Vec<String> = dropped
        .iter()
        .take(MAX_NAMES)
        .map(|&j| edge_text(graph, j))
        .collect();
    let more = dropped.len().saturating_sub(MAX_NAMES);
    let _ = writeln!(
        out,
        "  2. Dropped: {} edge{} cannot reach the ground ({}{}); they fall at the first cut \
         and are no moves.",
        dropped.len(),
        plural(dropped.len()),
        listed.join(", "),
        if more > 0 {
            format!(" and {more} more")
        } else {
            String::new()
        }
    );
}

/// Step 3, fusion: each block of edges on cycles becomes one vertex with loops.
fn fusion_step(out: &mut String, graph: &Graph, analysis: &Analysis, paint: Paint) {
    let v = |n: u64| paint.value(&star(n));
    let cyclic: Vec<BlockId> = (0..analysis.blocks.len() as BlockId)
        .filter(|&b| analysis.blocks[b as usize].edge_count > 0)
        .collect();
    if analysis.attached_edges == 0 {
        let _ = writeln!(
            out,
            "  3. Nothing is attached to the ground: nothing to fuse."
        );
        return;
    }
    if cyclic.is_empty() {
        let _ = writeln!(
            out,
            "  3. Fusion: no edge lies on a cycle; the attached part is a tree of {} edge{}.",
            analysis.bridge_count(),
            plural(analysis.bridge_count())
        );
        return;
    }
    let _ = writeln!(
        out,
        "  3. Fusion: {} block{} of edges on cycles, each fused into one vertex whose edges \
         become loops (a loop is a twig, *1, so only the parity counts):",
        cyclic.len(),
        plural(cyclic.len())
    );
    for &b in cyclic.iter().take(MAX_LISTED) {
        let block = &analysis.blocks[b as usize];
        let kind = if block.parity() == 1 {
            "odd: a twig"
        } else {
            "even: a point"
        };
        let _ = writeln!(
            out,
            "       {}: {} edges -> {} loops, {kind} ({})",
            block_name(graph, analysis, b),
            block.edge_count,
            block.edge_count,
            v(block.parity())
        );
    }
    if cyclic.len() > MAX_LISTED {
        let _ = writeln!(out, "       ... and {} more", cyclic.len() - MAX_LISTED);
    }
    let _ = match analysis.bridge_count() {
        0 => writeln!(out, "     No bridges: the ground's block is everything."),
        1 => writeln!(
            out,
            "     1 bridge (an edge on no cycle) joins the blocks into a tree."
        ),
        n => writeln!(
            out,
            "     {n} bridges (edges on no cycle) join the blocks into a tree."
        ),
    };
}

/// Step 4, the Colon Principle, from the leaves down: each block's value from its loops and
/// the branches above it.
fn colon_steps(out: &mut String, graph: &Graph, analysis: &Analysis, paint: Paint) {
    let v = |n: u64| paint.value(&star(n));
    let steps: Vec<BlockId> = (0..analysis.blocks.len() as BlockId)
        .rev()
        .filter(|&b| analysis.blocks[b as usize].edge_count > 0 || !analysis.children(b).is_empty())
        .collect();
    if steps.is_empty() {
        return;
    }
    let _ = writeln!(
        out,
        "  4. Colon Principle, from the leaves down: a branch worth x on an edge counts x+1 \
         at its foot; a vertex is worth the XOR of its loops and branches."
    );
    for &b in steps.iter().take(MAX_LISTED) {
        let block = &analysis.blocks[b as usize];
        let mut terms = Vec::new();
        if block.edge_count > 0 {
            terms.push(format!("loops {}", v(block.parity())));
        }
        for &c in analysis.children(b) {
            let child = &analysis.blocks[c as usize];
            let (bridge, _) = child.parent.expect("a child block hangs from a bridge");
            terms.push(format!(
                "{}+1 via edge {}",
                v(child.value),
                bridge.index() + 1
            ));
        }
        let _ = writeln!(
            out,
            "       {}: {} = {}",
            block_name(graph, analysis, b),
            terms.join(" XOR "),
            v(block.value)
        );
    }
    if steps.len() > MAX_LISTED {
        let _ = writeln!(out, "       ... and {} more", steps.len() - MAX_LISTED);
    }
}

fn explain_sum(out: &mut String, values: &[u64], winning_move: Option<&str>, paint: Paint) {
    let total = values.iter().fold(0, |acc, v| acc ^ v);
    // Written term by term: a position of millions of graphs has as many terms.
    let mut sum = String::new();
    for (i, &v) in values.iter().enumerate() {
        if i > 0 {
            sum.push_str(" XOR ");
        }
        sum.push_str(&star(v));
    }
    if values.is_empty() {
        sum.push_str("no graphs");
    }
    let _ = writeln!(
        out,
        "{}",
        paint.bold(&format!("Nim-sum: {sum} = {}", star(total)))
    );
    if total == 0 {
        let _ = writeln!(
            out,
            "The second player wins: every cut changes one graph's value, so the nim-sum \
             becomes nonzero, and the second player can always answer with a cut back to {} \
             (Sprague-Grundy theorem). Whoever faces {} runs out of moves first.",
            star(0),
            star(0)
        );
        return;
    }
    let _ = writeln!(
        out,
        "The first player wins: a cut that makes the nim-sum {} exists.",
        star(0)
    );
    if let Some(text) = winning_move {
        out.push_str(text);
    }
}

fn explain_move(
    out: &mut String,
    graph: &Graph,
    analysis: &Analysis,
    source: &Source,
    m: &Move,
    total: u64,
    paint: Paint,
) {
    let decl = graph.edge_decl(m.edge);
    let line = if decl.span == Default::default() {
        String::new()
    } else {
        format!(", line {}", source.line_number(decl.span.start as usize))
    };
    let _ = writeln!(
        out,
        "{} cut edge {} ({}{line}) of {}.",
        paint.bold("Winning move:"),
        m.edge.index() + 1,
        paint.error(&format!(
            "{}-{}",
            vertex(graph, decl.u),
            vertex(graph, decl.v)
        )),
        printable(&graph.name)
    );
    let how = match analysis.edge_roles[m.edge.index()] {
        EdgeRole::Bridge { child } => format!(
            "it is a bridge: the branch above it (worth {}) falls",
            star(analysis.blocks[child as usize].value)
        ),
        EdgeRole::Internal(b) => format!(
            "it lies on a cycle of {}: that block loses a loop and may split",
            block_name(graph, analysis, b)
        ),
        EdgeRole::Ignored => "it is not attached".to_string(),
    };
    let _ = writeln!(
        out,
        "  Why: {how}, leaving {} worth {} instead of {}; the nim-sum becomes {} XOR {} XOR {} = \
         {}, a second-player win for the opponent, who moves next.",
        printable(&graph.name),
        star(m.value_after),
        star(analysis.value),
        star(total),
        star(analysis.value),
        star(m.value_after),
        star(0)
    );
    let _ = writeln!(
        out,
        "  (`hackenbush analyze --moves` lists every winning move; `hackenbush verify` checks \
         them against the game tree.)"
    );
}

/// `block at a {a, b, c}` or `the ground's block {ground, x}`.
fn block_name(graph: &Graph, analysis: &Analysis, b: BlockId) -> String {
    let nodes = analysis.block_nodes(b);
    let mut listed: Vec<String> = nodes
        .iter()
        .take(MAX_NAMES)
        .map(|&n| printable(&graph.node_name(n)).into_owned())
        .collect();
    if nodes.len() > MAX_NAMES {
        listed.push(format!("... {} in all", nodes.len()));
    }
    let top = graph.node_name(analysis.blocks[b as usize].top);
    let top = printable(&top);
    if b == 0 {
        format!("the ground's block {{{}}}", listed.join(", "))
    } else {
        format!("block at {top} {{{}}}", listed.join(", "))
    }
}

/// `#3 p-q`.
fn edge_text(graph: &Graph, j: usize) -> String {
    let e = &graph.decl.edges[j];
    format!("#{} {}-{}", j + 1, vertex(graph, e.u), vertex(graph, e.v))
}

/// Vertex `id` as the input names it, [`printable`].
fn vertex(graph: &Graph, id: u32) -> String {
    printable(&graph.decl.vertices.name(id).to_string()).into_owned()
}

/// `a, b and c`.
fn names(list: &[String]) -> String {
    match list {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::analyze;

    fn explain(ground: &[u32], edges: &[(u32, u32)]) -> String {
        let g = Graph::from_edges(ground, edges);
        let a = analyze(&g);
        position("x", &[(g, a)], &Source::from_str("x", ""), false)
    }

    /// Asserts that `text` says each of `lines`.
    fn says(text: &str, lines: &[&str]) {
        for line in lines {
            assert!(text.contains(line), "{line:?} in {text}");
        }
    }

    #[test]
    fn a_triangle_on_a_stalk() {
        let text = explain(&[0], &[(0, 1), (1, 2), (2, 3), (3, 1)]);
        says(
            &text,
            &[
                "1. Ground: vertex 0 is the ground.",
                "all 4 edges reach the ground",
                "block at 1 {1, 2, 3}: 3 edges -> 3 loops, odd: a twig (*1)",
                "the ground's block {ground}: *1+1 via edge 1 = *2",
                "Value: graph 1 = *2",
                "Winning move: cut edge 1 (0-1) of graph 1.",
            ],
        );
        assert!(!text.contains('\x1b'));
    }

    #[test]
    fn a_lost_position_with_dropped_edges() {
        let text = explain(&[0, 5], &[(0, 1), (1, 5), (7, 8)]);
        says(
            &text,
            &[
                "0 and 5 are fused",
                "1 edge cannot reach the ground (#3 7-8)",
                "The second player wins",
            ],
        );
    }

    #[test]
    fn colour_only_when_asked() {
        let g = Graph::from_edges(&[0], &[(0, 1)]);
        let a = analyze(&g);
        let text = position("x", &[(g, a)], &Source::from_str("x", ""), true);
        assert!(text.contains('\x1b'));
    }
}
