//! `hackenbush explain`: the derivation of a position's value, step by step, the way a
//! student would do it by hand: fuse the ground, drop what hangs in the air, fuse every
//! cycle-block into loops (Fusion Principle), evaluate the tree of blocks from the leaves
//! down (Colon Principle), add the graphs (nim-sum), and name a winning move.
//!
//! Long graphs are summarised: at most [`MAX_LISTED`] blocks and Colon steps are listed
//! per graph, with a count of the rest; a value too long to show is shortened, with its
//! size under it.

mod explanations;
pub mod misere;

pub use explanations::Explanations;

use std::fmt::Write;

use petgraph::graph::EdgeIndex;

use crate::analysis::SearchProgress;
use crate::analysis::partizan::{self, Budget, Method, Partizan};
use crate::analysis::position::{WinningMove, nim_sum, winning_moves_in};
use crate::analysis::{Analysis, BlockId, EdgeRole};
use crate::diagnostic::{Diagnostic, Level};
use crate::game::{BigUint, Calculator, Dyadic, Game, Outcome, SHORTENED_CHARACTERS, Side};
use crate::model::Graph;
use crate::play::{EdgeRef, Match};
use crate::source::{Source, Span};
use crate::style::Paint;
use crate::syntax::Colour;

use super::text::{listed, outcome, plural, printable, star};
use super::{MoveReport, Moves, PositionCuts, Readable, Shortened, Value};

/// How many blocks, or Colon steps, are listed per graph before the rest is counted.
pub const MAX_LISTED: usize = 40;

/// The nim-sum is written out in binary for positions of up to this many graphs.
pub const MAX_COLUMNS: usize = 16;

/// Graphs of up to this many attached edges get their option table (the limit of
/// `hackenbush verify`'s search by default); a coloured graph only when its value takes
/// at most [`SHORTENED_CHARACTERS`] written whole, since its options' forms are listed.
pub const OPTION_TABLE_EDGES: usize = 20;

/// How many vertex names are listed per block.
const MAX_NAMES: usize = 8;

/// The explanation of one position (`label` names it), as text; `color` adds ANSI colours.
/// An [`Explanation`] with every graph at hand.
///
/// ```
/// use hackenbush::{report::explain, source::Source, syntax::{self, Format}};
///
/// let source = Source::from_text("t.hb", "ground: g\ng-a-b-g\ng-c\n").unwrap();
/// let position = syntax::parse(Format::Hb, &source).next().unwrap().unwrap();
/// let graphs = hackenbush::analyze_position(position);
/// let text = explain::position("t.hb", &graphs, &source, false);
/// assert!(text.starts_with("t.hb\n\nGraph 1 of 1: graph 1\n"));
/// assert!(text.contains("Value: graph 1 = *0")); // a twig (*1) and a stalk (*1)
/// assert!(text.contains("The second player wins"));
///
/// // Blue and red edges: a partizan value, not a nim-sum.
/// let source = Source::from_text("flag.hb", "ground: g\nblue: g-a\nred: a-b\n").unwrap();
/// let position = syntax::parse(Format::Hb, &source).next().unwrap().unwrap();
/// let graphs = hackenbush::analyze_position(position);
/// let text = explain::position("flag.hb", &graphs, &source, false);
/// assert!(text.contains("1/2"), "{text}");
/// assert!(!text.contains("nim-sum"), "{text}");
/// ```
pub fn position(label: &str, graphs: &[(Graph, Analysis)], source: &Source, color: bool) -> String {
    // A nim-sum means something only when every edge is green.
    let green = (graphs.iter())
        .all(|(graph, _)| (graph.net.edge_indices()).all(|e| graph.colour(e) == Colour::Green));
    let nim_sum = green.then(|| nim_sum(graphs));
    let (mut explanation, mut out) = Explanation::new(label, graphs.len(), nim_sum, color);
    for (graph, analysis) in graphs {
        out.push_str(&explanation.graph(graph, analysis, source));
    }
    out.push_str(&explanation.finish());
    out
}

/// The explanation of a position told graph by graph, as each is read: what it needs of
/// the whole position (how many graphs, their nim-sum) is known beforehand, and what it
/// keeps is a value per graph and the winning move it names. A position with blue or red
/// edges keeps every graph's value and cuts instead, to name each player's winning cut
/// once the sum is known.
#[derive(Debug)]
pub struct Explanation {
    paint: Paint,
    graphs: usize,
    nim_sum: u64,
    values: Vec<u64>,
    /// The names of the first [`MAX_COLUMNS`] graphs, for the nim-sum in binary.
    names: Vec<String>,
    winning_move: Option<String>,
    /// `Some` for a position with blue or red edges.
    coloured: Option<Coloured>,
}

/// What the explanation of a position with blue or red edges keeps.
#[derive(Default)]
struct Coloured {
    names: Vec<String>,
    cuts: PositionCuts,
    /// The sum and the winning cuts, once every graph is told.
    settled: Option<(Value, Outcome, Moves)>,
    refused: Option<Diagnostic>,
    progress: Option<SearchProgress>,
    budget: Budget,
}

impl std::fmt::Debug for Coloured {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Coloured")
            .field("names", &self.names)
            .field("cuts", &self.cuts)
            .finish_non_exhaustive()
    }
}

impl Explanation {
    /// Begins the explanation of the position `label` of `graphs` graphs, worth
    /// `nim_sum` in all when every edge is green (`None` when some edge is blue or red);
    /// returns it with its first lines.
    pub fn new(label: &str, graphs: usize, nim_sum: Option<u64>, color: bool) -> (Self, String) {
        let paint = Paint(color);
        let explanation = Explanation {
            paint,
            graphs,
            nim_sum: nim_sum.unwrap_or_default(),
            values: Vec::new(),
            names: Vec::new(),
            winning_move: None,
            coloured: nim_sum.is_none().then(Coloured::default),
        };
        (explanation, format!("{}\n", paint.bold(&printable(label))))
    }

    /// The explanation, valuing graphs with blue or red edges within `budget` (by default
    /// [`Budget::DEFAULT`]).
    pub fn within(mut self, budget: Budget) -> Self {
        if let Some(coloured) = &mut self.coloured {
            coloured.budget = budget;
        }
        self
    }

    /// The explanation, telling `progress` how its searches go (positions with blue or
    /// red edges only: a green one never searches).
    pub fn observed(mut self, progress: SearchProgress) -> Self {
        if let Some(coloured) = &mut self.coloured {
            coloured.progress = Some(progress);
        }
        self
    }

    /// How many graphs were explained: the 0-based index of the next.
    pub fn told(&self) -> usize {
        match &self.coloured {
            Some(coloured) => coloured.names.len(),
            None => self.values.len(),
        }
    }

    /// The explanation of the next graph of the position, read from `source`.
    pub fn graph(&mut self, graph: &Graph, analysis: &Analysis, source: &Source) -> String {
        let paint = self.paint;
        let i = self.told();
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
        if let Some(coloured) = &mut self.coloured {
            coloured.graph(&mut out, graph, analysis, source, paint);
            return out;
        }
        self.values.push(analysis.value);
        if self.names.len() < MAX_COLUMNS {
            self.names.push(printable(&graph.name).into_owned());
        }
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

    /// Why the position cannot be finished, once every graph is told: a graph or the sum
    /// beyond the [budget](crate::analysis::partizan::Budget), located in the input.
    /// Always `None` for an all-green position.
    pub fn refused(&mut self) -> Option<Diagnostic> {
        let coloured = self.coloured.as_mut()?;
        if coloured.refused.is_none() && coloured.settled.is_none() {
            match coloured
                .cuts
                .settle(&mut Calculator::new(coloured.budget.work))
            {
                Ok(settled) => coloured.settled = Some(settled),
                Err(exceeded) => {
                    coloured.refused = Some(super::sum_refused(Span::default(), None, exceeded))
                }
            }
        }
        coloured.refused.take()
    }

    /// The last lines: the nim-sum (or the sum), who wins, and how.
    pub fn finish(mut self) -> String {
        let mut out = String::from("\n");
        if self.coloured.is_some() {
            if self.refused().is_none()
                && let Some(coloured) = self.coloured
            {
                coloured.finish(&mut out, self.paint);
            }
            return out;
        }
        explain_sum(
            &mut out,
            &self.values,
            &self.names,
            self.winning_move.as_deref(),
            self.paint,
        );
        out
    }
}

impl Coloured {
    /// Values graph `graph`, explaining how, and keeps its value and cuts.
    fn graph(
        &mut self,
        out: &mut String,
        graph: &Graph,
        analysis: &Analysis,
        source: &Source,
        paint: Paint,
    ) {
        ground_step(out, graph, paint);
        attached_step(out, graph, analysis);
        let budget = self.budget;
        let progress = &mut self.progress;
        let mut tell = |n| {
            if let Some(progress) = progress {
                progress(&graph.name, n);
            }
        };
        let valued = match self.cuts.add(graph, source, budget, &mut tell) {
            Ok(valued) => valued,
            Err(refusal) => {
                self.names.push(graph.name.clone());
                return self.refuse(out, super::refusal(graph, &refusal));
            }
        };
        split_step(out, graph, &valued, paint);
        for (k, part) in valued.parts.iter().enumerate() {
            if part.method == Method::Tree {
                ordinal_steps(out, graph, &valued, k, budget.work, paint);
            }
        }
        let parts: Vec<String> = valued.parts.iter().map(|p| p.value.to_string()).collect();
        let sum = if parts.len() > 1 && parts.len() <= MAX_LISTED {
            format!("{} = ", parts.join(" + "))
        } else {
            String::new()
        };
        let _ = writeln!(
            out,
            "  {}",
            paint.bold(&format!(
                "Value: {} = {sum}{} ({}: {})",
                printable(&graph.name),
                valued.value,
                valued.outcome,
                outcome(valued.outcome)
            ))
        );
        note_shortened(out, &Value::Game(valued.value.clone()));
        note_readable(out, &Value::Game(valued.value.clone()));
        let short = valued.value.form_size().characters <= BigUint::from(SHORTENED_CHARACTERS);
        if (1..=OPTION_TABLE_EDGES).contains(&analysis.attached_edges) && short {
            // The graph just valued is the last of the values, numbered from 1.
            let index = self.cuts.values().len();
            let cuts: Vec<&MoveReport> = (self.cuts.cuts.iter())
                .filter(|c| c.graph == index)
                .collect();
            coloured_option_table(out, graph, &cuts, &valued.value, budget.work);
        }
        self.names.push(graph.name.clone());
    }

    /// Records why the graph is not valued: the position's error.
    fn refuse(&mut self, out: &mut String, refused: Diagnostic) {
        let _ = writeln!(out, "  Value: not computed (see the error below).");
        self.refused.get_or_insert(refused);
    }

    /// The sum, who wins, and each player's first winning cut.
    fn finish(self, out: &mut String, paint: Paint) {
        let Some((value, class, moves)) = self.settled else {
            return;
        };
        let mut sum = String::new();
        for (i, v) in self.cuts.values().iter().enumerate() {
            if i > 0 {
                sum.push_str(" + ");
            }
            let _ = write!(sum, "{v}");
        }
        if self.cuts.values().is_empty() {
            sum.push_str("no graphs");
        }
        let _ = writeln!(out, "{}", paint.bold(&format!("Sum: {sum} = {value}")));
        note_shortened(out, &value);
        note_readable(out, &value);
        let _ = writeln!(
            out,
            "Outcome {class}: {}. Left wins moving first exactly when Left has a cut to a \
             position worth >= 0, Right when Right has one to a position worth <= 0.",
            outcome(class)
        );
        for (player, other, cuts, goal) in [
            ("Left", "Right", &moves.left, ">= 0"),
            ("Right", "Left", &moves.right, "<= 0"),
        ] {
            match cuts.first() {
                Some(c) => {
                    let _ = writeln!(
                        out,
                        "{} cut {} edge {} ({}, line {}) of {}: it leaves the position worth \
                         {} ({goal}), so {other}, moving next, loses.",
                        paint.bold(&format!("{player} moving first:")),
                        c.colour.name(),
                        c.edge,
                        paint.error(&format!(
                            "{}-{}",
                            printable(&c.u.to_string()),
                            printable(&c.v.to_string())
                        )),
                        c.line,
                        printable(&self.names[c.graph - 1]),
                        c.position_after,
                    );
                }
                None => {
                    let _ = writeln!(
                        out,
                        "{} no cut leaves the position worth {goal}: {player} loses.",
                        paint.bold(&format!("{player} moving first:")),
                    );
                }
            }
        }
        let _ = writeln!(
            out,
            "  (`hackenbush analyze --moves` lists every winning cut; `hackenbush verify` \
             checks the values against the game tree.)"
        );
    }
}

/// Step 3 for coloured edges: the split at the ground into independent summands, each
/// with the method that values it.
fn split_step(out: &mut String, graph: &Graph, valued: &Partizan, paint: Paint) {
    let parts = &valued.parts;
    if parts.is_empty() {
        let _ = writeln!(
            out,
            "  3. Nothing is attached to the ground: the graph is worth 0."
        );
        return;
    }
    if parts.len() == 1 {
        let _ = writeln!(out, "  3. Parts: the attached edges form one part:");
    } else {
        let _ = writeln!(
            out,
            "  3. Split at the ground: {} parts meeting only at the ground, each a summand \
             (a move in one never changes another), so the graph is their sum:",
            parts.len()
        );
    }
    for (k, part) in parts.iter().enumerate().take(MAX_LISTED) {
        let how = match part.method {
            Method::Green => format!(
                "all green: {} by the Green Hackenbush algorithm",
                paint.value(&part.value.to_string())
            ),
            Method::Tree => "a tree: ordinal sums from the leaves down (step 4)".to_string(),
            Method::Search if part.edges.iter().any(|&e| graph.colour(e) == Colour::Green) => {
                format!(
                    "a cycle mixing green with blue or red edges: the number of its red-blue \
                     core (the edges left standing when every green edge is cut, found by \
                     comparisons with numbers) plus an infinitesimal, the value of what \
                     stands on its green edges with the core's vertices made ground \
                     (searched block by block); {} positions searched, gives {}",
                    part.positions,
                    paint.value(&part.value.to_string())
                )
            }
            Method::Search => format!(
                "a cycle with blue and red edges, so a number: found by comparisons with \
                 numbers, trees hanging folded into numbers; {} positions searched, gives {}",
                part.positions,
                paint.value(&part.value.to_string())
            ),
        };
        let _ = writeln!(
            out,
            "       part {} ({}): {how}",
            k + 1,
            edge_list(graph, &part.edges)
        );
    }
    if parts.len() > MAX_LISTED {
        let _ = writeln!(out, "       ... and {} more", parts.len() - MAX_LISTED);
    }
}

/// Step 4 for a tree part: its branches valued from the leaves down.
fn ordinal_steps(
    out: &mut String,
    graph: &Graph,
    valued: &Partizan,
    k: usize,
    work: u64,
    paint: Paint,
) {
    let part = &valued.parts[k];
    let Ok(branches) = partizan::tree_branches(graph, &part.edges, work) else {
        return;
    };
    let _ = writeln!(
        out,
        "  4. Ordinal sums, part {}, from the leaves down: a vertex is worth the sum of the \
         branches above it; a branch is its edge (1 blue, -1 red, * green) `:` what the \
         vertex above it is worth.",
        k + 1
    );
    for b in branches.iter().take(MAX_LISTED) {
        let edge = b.edge.index();
        let game = partizan::edge_game(graph.colour(b.edge));
        let _ = writeln!(
            out,
            "       {} ({}): {game} : {} = {}",
            edge_text(graph, edge),
            graph.colour(b.edge).name(),
            b.above,
            paint.value(&b.value.to_string())
        );
    }
    if branches.len() > MAX_LISTED {
        let _ = writeln!(out, "       ... and {} more", branches.len() - MAX_LISTED);
    }
}

/// `#1 g-a, #2 a-b and 3 more`.
fn edge_list(graph: &Graph, edges: &[EdgeIndex]) -> String {
    let mut listed: Vec<String> = edges
        .iter()
        .take(MAX_NAMES)
        .map(|e| edge_text(graph, e.index()))
        .collect();
    if edges.len() > MAX_NAMES {
        listed.push(format!("{} more", edges.len() - MAX_NAMES));
    }
    names(&listed)
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
    if (1..=OPTION_TABLE_EDGES).contains(&analysis.attached_edges) {
        option_table(out, graph, analysis);
    }
}

/// The definition beside the shortcut: every cut, the value it leaves (each by the same
/// analysis of what is left), and their mex, which must be the value found.
fn option_table(out: &mut String, graph: &Graph, analysis: &Analysis) {
    let _ = writeln!(
        out,
        "  By the definition: a graph is worth the mex (the least value missing) of the \
         values its cuts leave:"
    );
    let mut options = Vec::new();
    for (j, role) in analysis.edge_roles.iter().enumerate() {
        if *role == EdgeRole::Ignored {
            continue;
        }
        let mut decl = graph.decl.clone();
        decl.edges.remove(j);
        let left = crate::analysis::breakdown(&Graph::build(decl, 0)).value;
        options.push(left);
        let _ = writeln!(out, "       cut {} -> {}", edge_text(graph, j), star(left));
    }
    options.sort_unstable();
    options.dedup();
    let mex = (0..)
        .find(|v| options.binary_search(v).is_err())
        .unwrap_or(0);
    let set: Vec<String> = options.iter().map(|&v| star(v)).collect();
    let agrees = if mex == analysis.value {
        "the value found above"
    } else {
        "NOT the value found above: a bug in hackenbush, please report it"
    };
    let _ = writeln!(
        out,
        "     options {{{}}}: mex = {}, {agrees}",
        set.join(", "),
        star(mex)
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

/// The nim-sum of `values` (the graphs' values; `names` the names of the first of them),
/// written out in binary for a few graphs, who wins, and the winning move's explanation.
fn explain_sum(
    out: &mut String,
    values: &[u64],
    names: &[String],
    winning_move: Option<&str>,
    paint: Paint,
) {
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
    if values.len() > 1 && values.len() <= MAX_COLUMNS {
        binary_columns(out, names, values);
    }
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

/// The nim-sum written out in binary, one row per graph, as on paper, and which graph
/// must change when it is not 0.
fn binary_columns(out: &mut String, names: &[String], values: &[u64]) {
    let total = values.iter().fold(0, |acc, v| acc ^ v);
    let width = (64 - values.iter().fold(total, |a, &v| a | v).leading_zeros()).max(1) as usize;
    let stars: Vec<String> = values.iter().map(|&v| star(v)).collect();
    let name_width = names
        .iter()
        .map(|n| n.chars().count())
        .max()
        .unwrap_or(0)
        .max(7);
    let star_width = stars
        .iter()
        .map(String::len)
        .max()
        .unwrap_or(0)
        .max(star(total).len());
    let _ = writeln!(
        out,
        "  In binary, as on paper: a column of the nim-sum is 1 when it holds an odd number \
         of 1s."
    );
    let row = |out: &mut String, name: &str, shown: &str, v: u64| {
        let pad = name_width - name.chars().count();
        let _ = writeln!(
            out,
            "    {name}{}  {shown:>star_width$} = {v:0width$b}",
            " ".repeat(pad)
        );
    };
    for ((name, shown), &v) in names.iter().zip(&stars).zip(values) {
        row(out, name, shown, v);
    }
    let _ = writeln!(
        out,
        "    {}  {}",
        " ".repeat(name_width),
        "-".repeat(star_width + 3 + width)
    );
    row(out, "nim-sum", &star(total), total);
    if total == 0 {
        return;
    }
    let column = 1u64 << (63 - total.leading_zeros());
    let must: Vec<String> = (names.iter().zip(values))
        .filter(|&(_, &v)| v & column != 0)
        .map(|(name, &v)| {
            format!(
                "{name} ({} -> {} XOR {} = {})",
                star(v),
                star(v),
                star(total),
                star(v ^ total)
            )
        })
        .collect();
    let _ = writeln!(
        out,
        "  The nim-sum's leftmost 1 is in the {column}s column: a graph with a 1 there can be \
         cut down to its value XOR the nim-sum, which is smaller (a graph worth *n has a cut \
         to every smaller value), and that makes every column even: {}.",
        listed(&must, "or")
    );
}

/// What cutting `edge` of the position `game` stands at does (`explain --cut`): what falls
/// with it, which graphs change value and how, the position's value before and after, and
/// whether the cut wins for the player who makes it, and why; when it does not, the
/// opponent's winning reply. `edge` must be standing. The game is left as it was.
///
/// ```
/// use hackenbush::play::{EdgeRef, Match};
/// use hackenbush::{report::explain, source::Source, syntax::{self, Format}};
///
/// let source = Source::from_text("two.hb", "graph: a\nground: g\ng-a\ngraph: b\nground: g\ng-b-c\n")?;
/// let position = syntax::parse(Format::Hb, &source).next().unwrap()?;
/// let mut game = Match::new(&source, position);
/// let text = explain::what_if(&mut game, EdgeRef { graph: 1, edge: 2 }, false)?;
/// assert!(text.contains("b: *2 -> *1"));
/// assert!(text.contains("A winning move"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn what_if(game: &mut Match<'_>, edge: EdgeRef, color: bool) -> Result<String, Diagnostic> {
    let paint = Paint(color);
    // What stands, valued as `analyze` values it (without moves).
    let report = |game: &Match<'_>| {
        let (graphs, _) = game.standing_position();
        let label = game.source().name().to_string();
        super::valuing::summarized(graphs, label, Budget::DEFAULT)
    };
    let before = report(game)?;
    // Green Hackenbush when every edge was green before the cut (after it, a coloured
    // position may have only green edges left, or none).
    let green = before.nim_sum.is_some();
    // Values as the rest of the explanation writes them: nimbers as `*n` in a green
    // position, CGSuite's notation in a coloured one.
    let shown = |value: &Value| match value {
        Value::Nim(n) if green => star(*n),
        other => other.to_string(),
    };
    let colour = game.colour(edge);
    let decl = &game.graphs()[edge.graph];
    let e = decl.edges[edge.edge - 1];
    let ends = decl.edge_ends(edge.edge - 1);
    let line = game.source().line_number(e.span.start as usize);
    let names: Vec<String> = (game.graphs().iter().enumerate())
        .map(|(g, d)| printable(&d.display_name(g)).into_owned())
        .collect();
    let graph_name = |g: usize| names[g].clone();
    let mut out = String::new();
    let _ = writeln!(
        out,
        "\n{}",
        paint.bold(&format!(
            "What if edge {} of {} ({}, line {line}) is cut?",
            edge.edge,
            graph_name(edge.graph),
            printable(&ends)
        ))
    );
    // Who may cut it: a green edge either player (Left is asked first), told once in
    // Green Hackenbush, where both players' cuts leave the same.
    let sides: &[Side] = match colour.players() {
        _ if green => &[Side::Left],
        (true, true) => &[Side::Left, Side::Right],
        (true, false) => &[Side::Left],
        _ => &[Side::Right],
    };
    let cut = game
        .cut(sides[0], edge)
        .expect("a standing edge its player may cut")
        .clone();
    let after = report(game);
    // The opponent's winning answer, as `play` would choose it.
    let reply = |game: &Match<'_>, side: Side| {
        (game.choose(side)).map(|choice| choice.filter(|c| c.winning).map(|c| c.cut))
    };
    let replies: Vec<_> = sides.iter().map(|&s| reply(game, s.other())).collect();
    game.undo();
    let after = after?;
    if !cut.fell.is_empty() {
        let fell: Vec<String> = (cut.fell.iter())
            .map(|f| {
                format!(
                    "{} ({})",
                    f.edge,
                    game.graphs()[f.graph].edge_ends(f.edge - 1)
                )
            })
            .collect();
        let _ = writeln!(
            out,
            "  Falling with it, no longer connected to the ground: {} {}.",
            if fell.len() == 1 { "edge" } else { "edges" },
            printable(&fell.join(", "))
        );
    }
    let mut changed = Vec::new();
    let mut same = Vec::new();
    for (g, (was, is)) in before.graphs.iter().zip(&after.graphs).enumerate() {
        if was.value == is.value {
            same.push(format!("{} stays {}", graph_name(g), shown(&is.value)));
        } else {
            changed.push(format!(
                "{}: {} -> {}",
                graph_name(g),
                shown(&was.value),
                shown(&is.value)
            ));
        }
    }
    let mut parts = changed;
    if parts.is_empty() {
        parts.push(format!(
            "{}: its value does not change",
            graph_name(edge.graph)
        ));
    }
    parts.extend(same);
    let _ = writeln!(out, "  {}.", parts.join("; "));
    let sum = match after.nim_sum.filter(|_| green) {
        Some(_) => {
            let terms: Vec<String> = after.graphs.iter().map(|g| shown(&g.value)).collect();
            format!(
                " (the nim-sum {} = {})",
                terms.join(" XOR "),
                shown(&after.value)
            )
        }
        None => String::new(),
    };
    let _ = writeln!(
        out,
        "  The position: {} -> {}{sum}.",
        shown(&before.value),
        shown(&after.value)
    );
    for (&side, reply) in sides.iter().zip(replies) {
        let reply = reply.map_err(|unfound| {
            Diagnostic::new(
                Span::default(),
                format!("the position is beyond the analysis: {unfound}"),
                "",
            )
            .at_level(Level::Refused)
        });
        let answer = reply?.map(|r| {
            let ends = game.graphs()[r.graph].edge_ends(r.edge - 1);
            format!(
                "edge {} of {} ({})",
                r.edge,
                graph_name(r.graph),
                printable(&ends)
            )
        });
        let verdict = match (green, side) {
            (true, _) if after.value == Value::Nim(0) => format!(
                "{}: the nim-sum becomes *0, so the opponent, who moves next, faces a \
                 second-player win.",
                paint.bold("A winning move")
            ),
            (true, _) => format!(
                "{}: the nim-sum becomes {}, not *0{}.",
                paint.bold("Not a winning move"),
                shown(&after.value),
                answer.map_or(String::new(), |a| format!(
                    "; the opponent answers by cutting {a}, back to *0"
                ))
            ),
            (false, side) => {
                let (who, opponent, needs, wins) = match side {
                    Side::Left => (
                        "Left",
                        "Right",
                        "0 or more",
                        matches!(after.outcome, Outcome::L | Outcome::P),
                    ),
                    Side::Right => (
                        "Right",
                        "Left",
                        "0 or less",
                        matches!(after.outcome, Outcome::R | Outcome::P),
                    ),
                };
                if wins {
                    format!(
                        "Cut by {who}, {}: what is left is worth {} (outcome {}), so \
                         {opponent}, who moves next, loses.",
                        paint.bold("a winning move"),
                        after.value,
                        after.outcome
                    )
                } else {
                    format!(
                        "Cut by {who}, {}: {who} needs what is left worth {needs}, and it is \
                         worth {} (outcome {}){}.",
                        paint.bold("not a winning move"),
                        after.value,
                        after.outcome,
                        answer.map_or(String::new(), |a| format!(
                            "; {opponent} answers by cutting {a}"
                        ))
                    )
                }
            }
        };
        let _ = writeln!(out, "  {verdict}");
    }
    Ok(out)
}

fn explain_move(
    out: &mut String,
    graph: &Graph,
    analysis: &Analysis,
    source: &Source,
    m: &WinningMove,
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

/// Under a coloured value not written as one word, what it reads as: its number and
/// infinitesimal, stops, mean, reduced form and atomic weight.
fn note_readable(out: &mut String, value: &Value) {
    if let Value::Game(game) = value
        && !game.is_uptimal()
        && let Some(readable) = Readable::of(value)
    {
        let _ = writeln!(out, "  It reads as {}.", readable.words());
    }
}

/// The definition beside the search or the ordinal sums, for a small coloured graph:
/// every cut with the value it leaves, Left's cuts (blue and green edges) and Right's
/// (red and green), and the game `{ Left's options | Right's options }` they make, which
/// must be the value found. A red-blue graph's options are numbers, and its value is the
/// simplest number strictly between Left's best option and Right's best option; any
/// other is the canonical form of its options.
fn coloured_option_table(
    out: &mut String,
    graph: &Graph,
    cuts: &[&MoveReport],
    value: &Game,
    work: u64,
) {
    let _ = writeln!(
        out,
        "  By the definition: a graph is worth {{ Left's options | Right's options }}, the \
         values its cuts leave (Left cuts blue and green edges, Right red and green ones):"
    );
    let mut sides: [Vec<Game>; 2] = [Vec::new(), Vec::new()];
    for c in cuts {
        let _ = writeln!(
            out,
            "       cut {} ({}) -> {}",
            edge_text(graph, c.edge - 1),
            c.colour.name(),
            c.value_after
        );
        let (left, right) = c.colour.players();
        let Ok(after) = c.value_after.game() else {
            return;
        };
        for (k, plays) in [left, right].into_iter().enumerate() {
            if plays && !sides[k].contains(&after) {
                sides[k].push(after.clone());
            }
        }
    }
    let listed = |side: &[Game]| {
        let shown: Vec<String> = side.iter().map(Game::to_string).collect();
        shown.join(", ")
    };
    let form = format!("{{ {} | {} }}", listed(&sides[0]), listed(&sides[1]));
    let agrees = |found: &Game| {
        if found == value {
            "the value found above"
        } else {
            "NOT the value found above: a bug in hackenbush, please report it"
        }
    };
    let numbers = |side: &[Game]| -> Option<Vec<Dyadic>> {
        side.iter().map(|g| g.as_number().cloned()).collect()
    };
    let red_blue = graph.decl.edges.iter().all(|e| e.colour != Colour::Green);
    if let (true, Some(left), Some(right)) = (red_blue, numbers(&sides[0]), numbers(&sides[1])) {
        let best_left = left.iter().max();
        let best_right = right.iter().min();
        let Some(x) = Dyadic::simplest_between(
            best_left.map(|l| (l, false)),
            best_right.map(|r| (r, false)),
        ) else {
            let _ = writeln!(out, "     {form}: no number lies between its best options");
            return;
        };
        let bound = |best: Option<&Dyadic>, whose: &str| match best {
            Some(b) => format!("{whose} best option {b}"),
            None => format!("nothing ({whose} has no option)"),
        };
        let _ = writeln!(
            out,
            "     {form}: the simplest number strictly above {} and below {} is {x}, {}",
            bound(best_left, "Left's"),
            bound(best_right, "Right's"),
            agrees(&Game::number(x.clone()))
        );
        return;
    }
    let [left, right] = sides;
    match Calculator::new(work).from_options(left, right) {
        Ok(found) => {
            let _ = writeln!(
                out,
                "     {form} = {found} in canonical form (dominated options removed, \
                 reversible ones bypassed), {}",
                agrees(&found)
            );
        }
        Err(exceeded) => {
            let _ = writeln!(
                out,
                "     {form}: not brought to canonical form ({exceeded})"
            );
        }
    }
}

/// Under a value shown shortened, how large it is whole.
fn note_shortened(out: &mut String, value: &Value) {
    if let Some(size) = Shortened::of(value) {
        let _ = writeln!(out, "  ({})", super::text::shortened(&size));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::analyze;

    fn explain(ground: &[u32], edges: &[(u32, u32)]) -> String {
        let g = Graph::from_edges(ground, edges);
        let a = analyze(&g).unwrap();
        position("x", &[(g, a)], &Source::from_text("x", "").unwrap(), false)
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
        let a = analyze(&g).unwrap();
        let text = position("x", &[(g, a)], &Source::from_text("x", "").unwrap(), true);
        assert!(text.contains('\x1b'));
    }
}
