//! A position's report built graph by graph, as a reader hands the graphs over: memory
//! follows the largest graph, not the position. [`Summarized`] gives values and outcomes
//! (what `hackenbush analyze` shows), [`WithMoves`] the winning moves too (`analyze
//! --moves`).

use crate::analysis::Play;
use crate::analysis::green::{self, Workspace};
use crate::analysis::misere::{self, EdgeEnds, Misere, PositionEdge};
use crate::analysis::partizan::{self, Budget};
use crate::analysis::position::winning_moves_in;
use crate::analysis::summary;
use crate::analysis::{self, Analysis, SearchProgress};
use crate::diagnostic::Diagnostic;
use crate::game::{Calculator, Outcome};
use crate::model::Graph;
use crate::report::misere::{
    BlockReport, GroundEdges, MisereGraph, MisereMove, MisereMoves, MisereReport,
};
use crate::report::{
    self, GraphReport, MoveReport, Moves, PositionCuts, PositionReport, Value, Winner,
};
use crate::source::{self, Source, Span};
use crate::syntax::{Colour, EdgeDecl, GraphDecl, GraphKind, GraphSink, VertexName, Vertices};

/// A [`GraphSink`] that values each graph as a reader hands it over and keeps only its
/// report: what `hackenbush analyze` shows. An all-green graph is summarized by the
/// [Green core](analysis::green) (its value and counts, no model: a few dozen bytes a
/// graph); a graph with blue
/// or red edges is modelled and valued by [`partizan::analyze`], then dropped. The sum of
/// the values is kept as they come; the first graph that cannot be valued stops the
/// position, located in the input.
pub struct Summarized {
    /// Each graph's report, in input order.
    pub graphs: Vec<report::GraphReport>,
    value: report::Value,
    /// Where the first graph starts.
    first: Option<source::Span>,
    refused: Option<Diagnostic>,
    calc: Calculator,
    budget: Budget,
    scratch: Workspace,
    progress: Option<SearchProgress>,
}

impl Default for Summarized {
    fn default() -> Self {
        Summarized::new(Budget::default())
    }
}

impl Summarized {
    /// A sink whose searches and sums stay within `budget`.
    pub fn new(budget: Budget) -> Self {
        Summarized {
            graphs: Vec::new(),
            value: report::Value::Nim(0),
            first: None,
            refused: None,
            calc: Calculator::new(budget.work),
            budget,
            scratch: Default::default(),
            progress: None,
        }
    }

    /// The sink, telling `progress` how its searches go.
    pub fn observed(self, progress: SearchProgress) -> Self {
        Summarized {
            progress: Some(progress),
            ..self
        }
    }

    /// The position's report, named `source`, or why it could not be valued.
    pub fn report(mut self, source: String) -> Result<report::PositionReport, Diagnostic> {
        if let Some(refused) = self.refused {
            return Err(refused);
        }
        let span = self.first.unwrap_or_default();
        report::PositionReport::valued(source, self.graphs, self.value, &mut self.calc)
            .map_err(|exceeded| report::sum_refused(span, None, exceeded))
    }
}

impl GraphSink for Summarized {
    fn graph(&mut self, decl: GraphDecl) {
        if self.refused.is_some() {
            return;
        }
        let index = self.graphs.len();
        let span = decl.span;
        self.first.get_or_insert(span);
        let report = if decl.is_green() {
            let name = decl.display_name(index);
            let summary = analysis::summary::summarize(decl, &mut self.scratch);
            report::GraphReport::from_summary(name, &summary)
        } else {
            let (graph, analysis) = analysis::modelled(decl, index);
            let progress = &mut self.progress;
            let mut tell = |n| {
                if let Some(progress) = progress {
                    progress(&graph.name, n);
                }
            };
            match partizan::analyze_observed(&graph, self.budget, &mut tell) {
                Ok(valued) => report::GraphReport::partizan(&graph, &analysis, &valued),
                Err(refusal) => {
                    self.refused = Some(report::refusal(&graph, &refusal));
                    return;
                }
            }
        };
        match self.value.sum(&report.value, &mut self.calc) {
            Ok(value) => self.value = value,
            Err(exceeded) => {
                self.refused = Some(report::sum_refused(span, Some(&report.name), exceeded));
                return;
            }
        }
        self.graphs.push(report);
    }
}

/// The report of a position of green graphs given as edge lists, named `label`, its
/// graphs called `tree 1`, `tree 2`, ...: each graph's vertex-id count and edge ends, the
/// [Green core](analysis::green)'s representation. A christmas test case as `hackenbush
/// analyze` reports it, at the judge's cost: no declaration, no names, no spans.
///
/// ```
/// use hackenbush::analysis::green::Workspace;
///
/// let sample = [(4, &[0, 1, 1, 2, 1, 3, 2, 3][..])];
/// let report = hackenbush::edge_list_position("poj#1".into(), sample, &mut Workspace::default());
/// assert_eq!((report.graphs[0].name.as_ref(), report.value.to_string().as_str()), ("tree 1", "*2"));
/// ```
pub fn edge_list_position<'a>(
    label: String,
    graphs: impl IntoIterator<Item = (u32, &'a [u32])>,
    workspace: &mut Workspace,
) -> PositionReport {
    let (graphs, nim_sum) = edge_list_reports(graphs, workspace, |_| {});
    let outcome = if nim_sum == 0 { Outcome::P } else { Outcome::N };
    PositionReport::with_outcome(label, graphs, Value::Nim(nim_sum), outcome)
}

/// Each graph's report by the Green core, named `tree 1`, `tree 2`, ..., and the nim-sum
/// of their values; each graph's summary is handed to `keep` too.
fn edge_list_reports<'a>(
    graphs: impl IntoIterator<Item = (u32, &'a [u32])>,
    workspace: &mut Workspace,
    mut keep: impl FnMut(summary::Summary),
) -> (Vec<GraphReport>, u64) {
    let mut nim_sum = 0;
    let graphs = (graphs.into_iter().enumerate())
        .map(|(i, (vertices, ends))| {
            let summary = summary::summarize_ends(vertices, ends, workspace);
            nim_sum ^= summary.value;
            keep(summary);
            GraphReport::from_summary(GraphKind::Tree.name(i), &summary)
        })
        .collect();
    (graphs, nim_sum)
}

/// A green graph as an edge list, with what a winning move's report needs: a christmas
/// tree as [`edge_list_position_with_moves`] takes it.
#[derive(Clone, Copy, Debug)]
pub struct EdgeList<'a> {
    /// How many vertex ids it has; id 0 is the ground.
    pub vertices: u32,
    /// Its edges, two ends each, as the [Green core](analysis::green) takes them.
    pub ends: &'a [u32],
    /// The 1-based line of each edge.
    pub lines: &'a [u64],
    /// The vertex number of each id, or nothing when id `i` is vertex `i + 1`.
    pub numbers: &'a [u64],
}

impl EdgeList<'_> {
    /// The name of vertex id `id`, as the input writes it.
    fn name(&self, id: u32) -> VertexName {
        match self.numbers.get(id as usize) {
            Some(&number) => VertexName::Number(number),
            None => VertexName::Number(u64::from(id) + 1),
        }
    }

    /// The report of cutting edge `e` (from 0), in tree `graph` of its position (from 0),
    /// which leaves the tree worth `value_after` and the position 0.
    fn move_report(&self, graph: usize, e: u32, value_after: u64) -> MoveReport {
        let e = e as usize;
        MoveReport {
            graph: graph + 1,
            edge: e + 1,
            u: self.name(self.ends[2 * e]),
            v: self.name(self.ends[2 * e + 1]),
            line: self.lines[e] as usize,
            colour: Colour::Green,
            value_after: Value::Nim(value_after),
            position_after: Value::Nim(0),
        }
    }
}

/// [`edge_list_position`] with the winning moves, as [`WithMoves`] reports them: each
/// tree's value and counts by the [Green core](analysis::green), then, with the nim-sum
/// known, the cuts that win in each tree ([`green::cuts_to`]), each reported with its
/// ends and line. A position of one tree is searched once, for its value, counts and cuts
/// alike ([`Workspace::search`]). A christmas test case as `hackenbush analyze --moves`
/// reports it, without declarations, names or spans.
///
/// ```
/// use hackenbush::{EdgeList, edge_list_position_with_moves};
/// use hackenbush::analysis::green::Workspace;
///
/// let ends = [0, 1, 1, 2, 1, 3, 2, 3];
/// let sample = EdgeList { vertices: 4, ends: &ends, lines: &[3, 4, 5, 6], numbers: &[] };
/// let mut workspace = Workspace::default();
/// let report = edge_list_position_with_moves("poj#1".into(), [sample], &mut workspace);
/// // Worth *2: cutting the stalk's edge leaves nothing.
/// let moves = report.moves.unwrap().left;
/// assert_eq!((moves[0].edge, moves[0].line, moves[0].u.to_string()), (1, 3, "1".into()));
/// ```
pub fn edge_list_position_with_moves<'a>(
    label: String,
    trees: impl IntoIterator<Item = EdgeList<'a>> + Clone,
    workspace: &mut Workspace,
) -> PositionReport {
    let mut moves = Vec::new();
    let mut one = trees.clone().into_iter();
    let mut wins = std::mem::take(&mut workspace.wins);
    let graphs = if let (Some(tree), None) = (one.next(), one.next()) {
        // One tree: one search gives its value and, left in the workspace, its cuts.
        let counts = workspace.search(tree.vertices, tree.ends);
        let summary = summary::Summary::of_ends(tree.vertices, tree.ends, counts);
        if summary.value != 0 {
            wins.clear();
            workspace.cuts(0, &mut wins);
            moves.extend(wins.iter().map(|&e| tree.move_report(0, e, 0)));
        }
        vec![GraphReport::from_summary(GraphKind::Tree.name(0), &summary)]
    } else {
        let mut values = std::mem::take(&mut workspace.values);
        values.clear();
        let lists = (trees.clone().into_iter()).map(|tree| (tree.vertices, tree.ends));
        let (graphs, nim_sum) = edge_list_reports(lists, workspace, |s| {
            values.push((s.value, s.attached_edges))
        });
        for ((i, tree), &(value, attached)) in trees.into_iter().enumerate().zip(&values) {
            let target = value ^ nim_sum;
            if nim_sum == 0 || target > attached as u64 {
                continue;
            }
            wins.clear();
            green::cuts_to(tree.vertices, tree.ends, target, workspace, &mut wins);
            moves.extend(wins.iter().map(|&e| tree.move_report(i, e, target)));
        }
        workspace.values = values;
        graphs
    };
    workspace.wins = wins;
    let mut position = PositionReport::new(label, graphs);
    position.moves = Some(Moves::impartial(moves));
    position
}

/// The old name of [`edge_list_position`].
#[deprecated(note = "renamed `edge_list_position`, with an `analysis::green::Workspace`")]
pub fn bare_position<'a>(
    label: String,
    graphs: impl IntoIterator<Item = (u32, &'a [u32])>,
    scratch: &mut Workspace,
) -> PositionReport {
    edge_list_position(label, graphs, scratch)
}

/// The old name of [`EdgeList`].
#[deprecated(note = "renamed `EdgeList`")]
pub type BareTree<'a> = EdgeList<'a>;

/// The old buffers of [`bare_position_with_moves`], now all in one
/// [`Workspace`](analysis::green::Workspace).
#[deprecated(note = "one `analysis::green::Workspace` holds every buffer")]
pub type BareScratch = Workspace;

/// The old name of [`edge_list_position_with_moves`], which takes one workspace.
#[deprecated(note = "renamed `edge_list_position_with_moves`, which takes one workspace")]
pub fn bare_position_with_moves<'a>(
    label: String,
    trees: impl IntoIterator<Item = EdgeList<'a>> + Clone,
    _lean: &mut Workspace,
    scratch: &mut Workspace,
) -> PositionReport {
    edge_list_position_with_moves(label, trees, scratch)
}

/// The report of the position of `graphs`, named `label`, without moves ([`Summarized`]),
/// valued within `budget`.
pub(crate) fn summarized(
    graphs: Vec<GraphDecl>,
    label: String,
    budget: Budget,
) -> Result<PositionReport, Diagnostic> {
    let mut summarized = Summarized::new(budget);
    for graph in graphs {
        summarized.graph(graph);
    }
    summarized.report(label)
}

/// The report of the position of `graphs`, read from `source` and named `label`, with its
/// winning moves ([`WithMoves`]), valued within `budget`: the graphs at hand, so the
/// nim-sum a green position's moves need is found first, by the Green core.
pub(crate) fn with_moves(
    source: &Source,
    graphs: Vec<GraphDecl>,
    label: String,
    budget: Budget,
) -> Result<PositionReport, Diagnostic> {
    let coloured = graphs.iter().any(|g| !g.is_green());
    let mut scratch = Workspace::default();
    let nim_sum = if coloured {
        0
    } else {
        (graphs.iter())
            .map(|g| analysis::summary::summarize(g.clone(), &mut scratch).value)
            .fold(0, |a, b| a ^ b)
    };
    let mut moves = WithMoves::new(nim_sum, coloured, budget);
    for graph in graphs {
        moves.add(source, graph);
    }
    moves.report(label)
}

/// The graphs of a position and every winning move: each graph analyzed as it is added,
/// its report and winning moves kept, its model dropped. In an all-green position a
/// graph's winning moves follow from the position's nim-sum, which must be known before
/// the first graph (a first reading finds it by the Green core: [`analysis::summary`]); in any other,
/// every cut of every graph is valued as the graph is added, and the winning ones are
/// chosen once the whole position's value is known.
///
/// ```
/// use hackenbush::{WithMoves, source::Source, syntax::{self, Format}};
/// use hackenbush::analysis::partizan::Budget;
///
/// let source = Source::from_text("flag.hb", "ground: g\nblue: g-a\nred: a-b\n")?;
/// let position = syntax::parse(Format::Hb, &source).next().unwrap()?;
/// let mut moves = WithMoves::new(0, true, Budget::DEFAULT);
/// for graph in position.graphs {
///     moves.add(&source, graph);
/// }
/// let report = moves.report("flag.hb".into())?;
/// assert_eq!(report.value.to_string(), "1/2");
/// // Left moving first wins by cutting the blue edge: nothing is left for Right.
/// let moves = report.moves.unwrap();
/// assert_eq!(moves.left[0].edge, 1);
/// assert!(moves.right.is_empty()); // Right moving first loses
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct WithMoves {
    budget: Budget,
    nim_sum: u64,
    coloured: bool,
    graphs: Vec<GraphReport>,
    moves: Vec<MoveReport>,
    cuts: PositionCuts,
    /// The sum, its outcome and the winning cuts of a coloured position, once its graphs
    /// are in.
    valued: Option<(Value, Outcome, Moves)>,
    calc: Calculator,
    /// Where the first graph starts, to point at when the sum is refused.
    first: Option<Span>,
    refused: Option<Diagnostic>,
    progress: Option<SearchProgress>,
}

impl WithMoves {
    /// A position worth `nim_sum` when every edge is green (`coloured` false), or one with
    /// some blue or red edge, whose searches and sums stay within `budget`.
    pub fn new(nim_sum: u64, coloured: bool, budget: Budget) -> Self {
        WithMoves {
            budget,
            nim_sum,
            coloured,
            graphs: Vec::new(),
            moves: Vec::new(),
            cuts: PositionCuts::default(),
            valued: None,
            calc: Calculator::new(budget.work),
            first: None,
            refused: None,
            progress: None,
        }
    }

    /// The same, telling `progress` how its searches go.
    pub fn observed(self, progress: SearchProgress) -> Self {
        WithMoves {
            progress: Some(progress),
            ..self
        }
    }

    /// The next graph of the position, read from `source`.
    pub fn add(&mut self, source: &Source, decl: GraphDecl) {
        if self.refused.is_some() {
            return;
        }
        let index = self.graphs.len();
        let span = decl.span;
        let (graph, analysis) = analysis::modelled(decl, index);
        if self.coloured {
            if let Err(refused) = self.value(source, &graph, &analysis) {
                self.refused = Some(refused);
            }
            self.first.get_or_insert(span);
            return;
        }
        let moves = winning_moves_in(index, &graph, &analysis, self.nim_sum);
        self.moves
            .extend(moves.iter().map(|m| MoveReport::new(m, &graph, source)));
        self.graphs.push(GraphReport::new(&graph, &analysis));
    }

    /// Why the position cannot be reported, once every graph is added: a graph or the sum
    /// beyond the budget. `None`: [`WithMoves::report`] gives the report.
    pub fn refusal(&mut self) -> Option<&Diagnostic> {
        if self.refused.is_none() && self.coloured && self.valued.is_none() {
            match self.cuts.settle(&mut self.calc) {
                Ok(valued) => self.valued = Some(valued),
                Err(exceeded) => {
                    let span = self.first.unwrap_or_default();
                    self.refused = Some(report::sum_refused(span, None, exceeded));
                }
            }
        }
        self.refused.as_ref()
    }

    /// The position's report, named `label`, or why it could not be valued.
    pub fn report(mut self, label: String) -> Result<PositionReport, Diagnostic> {
        if self.refusal().is_some() {
            return Err(self.refused.take().expect("a refusal"));
        }
        let Some((value, outcome, moves)) = self.valued else {
            let mut position = PositionReport::new(label, self.graphs);
            position.moves = Some(Moves::impartial(self.moves));
            return Ok(position);
        };
        let mut position = PositionReport::with_outcome(label, self.graphs, value, outcome);
        position.moves = Some(moves);
        Ok(position)
    }

    /// A graph of a coloured position: its value and the value of each of its cuts.
    fn value(
        &mut self,
        source: &Source,
        graph: &Graph,
        analysis: &Analysis,
    ) -> Result<(), Diagnostic> {
        let progress = &mut self.progress;
        let mut tell = |n| {
            if let Some(progress) = progress {
                progress(&graph.name, n);
            }
        };
        let valued = (self.cuts.add(graph, source, self.budget, &mut tell))
            .map_err(|refusal| report::refusal(graph, &refusal))?;
        self.graphs
            .push(GraphReport::partizan(graph, analysis, &valued));
        Ok(())
    }
}

/// The report of the position of `graphs`, read from `source` and named `label`, in
/// misère play (whoever cuts the last edge loses): its outcome by [`misere::analyze`](crate::analysis::misere::analyze),
/// the rule and the ground blocks, and with `moves` every winning first cut of each
/// player; a search beyond `budget` is refused, located at the position's first edge.
///
/// Memory: the models of the position's graphs, held together (the rules look at the
/// whole position), and what the rule needs beside them.
///
/// ```
/// use hackenbush::{misere_position, source::Source, syntax::{self, Format}};
/// use hackenbush::analysis::partizan::Budget;
///
/// // One tree whose root carries two stalks of two edges: in misère play, the first
/// // player loses (two heaps of *2, misère Nim).
/// let source = Source::from_text("two.in", "1\n5 4\n1 2\n2 3\n1 4\n4 5\n")?;
/// let position = syntax::parse(Format::Christmas, &source).next().unwrap()?;
/// let report = misere_position(&source, position.graphs, "two.in#1".into(), Budget::DEFAULT, true)?;
/// assert_eq!(report.outcome.to_string(), "P");
/// assert!(report.moves.unwrap().left.is_empty());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn misere_position(
    source: &Source,
    graphs: Vec<GraphDecl>,
    label: String,
    budget: Budget,
    moves: bool,
) -> Result<MisereReport, Diagnostic> {
    let first = graphs.first().map(|g| g.span).unwrap_or_default();
    // All green and every block on one ground edge: misère Nim on the edge lists, with no
    // model (as `analyze` values a green graph): without the winning cuts, on the Green
    // core's ground terms, as a christmas test case in batches; with them (or where the
    // core cannot tell), on the blocks found by union-find, their cuts searched.
    if graphs.iter().all(|g| g.is_green()) {
        let lists: Vec<EdgeEnds> = graphs.iter().map(EdgeEnds::of_decl).collect();
        let ends = lists.iter().map(|list| (list.vertices, &list.ends[..]));
        if !moves && let Some(heaps) = misere::misere_nim_heaps(ends, &mut Workspace::default()) {
            let names = (graphs.iter().enumerate()).map(|(i, decl)| decl.display_name(i));
            return Ok(heaps_report(label, names, &heaps));
        }
        if let Some(found) = misere::misere_nim_of_edge_lists(&lists, moves) {
            drop(lists);
            let names = (graphs.iter().enumerate())
                .map(|(i, decl)| decl.display_name(i))
                .collect();
            let decls: Vec<&GraphDecl> = graphs.iter().collect();
            return Ok(misere_report(source, &decls, names, &found, label, moves));
        }
    }
    let models: Vec<Graph> = (graphs.into_iter().enumerate())
        .map(|(i, decl)| Graph::build(decl, i))
        .collect();
    let found = crate::report::misere::analysis(&models, first, budget)?;
    let decls: Vec<&GraphDecl> = models.iter().map(|g| &g.decl).collect();
    let names = models.iter().map(|g| g.name.clone()).collect();
    Ok(misere_report(source, &decls, names, &found, label, moves))
}

/// The report of a christmas test case in misère play, named `label`, from the edge
/// lists of its trees (`tree 1`, `tree 2`, ...) alone, as [`misere_position`] reports it
/// without `moves`: misère Nim on the ground blocks, their values found by the Green
/// core's own passes ([`misere::misere_nim_heaps`]). `None` when those cannot tell every
/// block (a polygon through the root): then the case needs [`misere_position`].
///
/// ```
/// use hackenbush::misere_edge_list_position;
/// use hackenbush::analysis::green::Workspace;
///
/// // One tree whose root carries two stalks of two edges: the first player loses.
/// let ends = [0, 1, 1, 2, 0, 3, 3, 4];
/// let mut w = Workspace::default();
/// let report = misere_edge_list_position("two.in#1".into(), [(5, &ends[..])], &mut w).unwrap();
/// assert_eq!(report.outcome.to_string(), "P");
/// // A triangle through the root is a block on two ground edges.
/// let square = [0, 1, 1, 2, 2, 0];
/// assert!(misere_edge_list_position("t#1".into(), [(3, &square[..])], &mut w).is_none());
/// ```
///
/// Complexity: O(V + E) per tree, in the memory of its value ([`green::ground_terms`]).
pub fn misere_edge_list_position<'a>(
    label: String,
    trees: impl IntoIterator<Item = (u32, &'a [u32])>,
    workspace: &mut Workspace,
) -> Option<MisereReport> {
    let heaps = misere::misere_nim_heaps(trees, workspace)?;
    let names = (0..heaps.graphs.len()).map(|i| GraphKind::Tree.name(i));
    Some(heaps_report(label, names, &heaps))
}

/// The report named `label` of misère Nim on `heaps`, its graphs named `names`.
fn heaps_report(
    label: String,
    names: impl Iterator<Item = String>,
    heaps: &misere::NimHeaps,
) -> MisereReport {
    let graphs = (heaps.graphs.iter().zip(names))
        .map(|(&(edges, attached), name)| MisereGraph {
            name,
            edges,
            ignored_edges: edges - attached,
        })
        .collect();
    let blocks = (heaps.blocks.iter())
        .map(|&(graph, term)| BlockReport {
            graph: graph + 1,
            first_edge: term.first_edge as usize + 1,
            edges: term.edges as usize,
            ground_edges: GroundEdges::new([1, 0, 0]),
            grundy: Some(term.value),
            genus: None,
            tame: None,
        })
        .collect();
    let (outcome, winner) = if heaps.first_wins {
        (Outcome::N, Winner::First)
    } else {
        (Outcome::P, Winner::Second)
    };
    MisereReport {
        source: label,
        play: Play::Misere,
        graphs,
        blocks,
        rule: misere::Rule::MisereNim,
        winner: Some(winner),
        outcome,
        searched_positions: None,
        moves: None,
    }
}

/// The report of a christmas test case in misère play where
/// [`misere_edge_list_position`] cannot tell (a polygon through the root): its trees'
/// models, built from the same edge lists, analyzed by [`misere_position`] (the genus,
/// the search) on that test case alone. A refusal is located at `first`, the span of
/// the test case's first edge in `source` (a
/// [`FirstEdge`](crate::syntax::christmas::FirstEdge) excerpt), as [`misere_position`]
/// locates it in the whole input.
///
/// ```
/// use hackenbush::misere_edge_list_models;
/// use hackenbush::analysis::partizan::Budget;
/// use hackenbush::source::{Source, Span};
///
/// // A 4-cycle through the root: a block on two ground edges, its genus searched.
/// let ends = [0, 1, 1, 2, 2, 3, 3, 0];
/// let source = Source::from_text("c.in", "1 2\n")?;
/// let first = (&source, Span::new(0, 3));
/// let report = misere_edge_list_models("c.in#1".into(), [(4, &ends[..])], first, Budget::DEFAULT)?;
/// assert_eq!((report.outcome.to_string(), report.rule.to_string()), ("P".into(), "genus".into()));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// Memory: the models of the test case's trees, as [`misere_position`].
pub fn misere_edge_list_models<'a>(
    label: String,
    trees: impl IntoIterator<Item = (u32, &'a [u32])>,
    (source, first): (&Source, Span),
    budget: Budget,
) -> Result<MisereReport, Diagnostic> {
    let mut located = false;
    let graphs = (trees.into_iter())
        .map(|(vertices, ends)| {
            let mut edges: Vec<EdgeDecl> = (ends.chunks_exact(2))
                .map(|pair| EdgeDecl::new(pair[0], pair[1], Span::default()))
                .collect();
            // The first edge of the test case is where a refusal points.
            if let Some(edge) = edges.first_mut().filter(|_| !located) {
                edge.span = first;
                located = true;
            }
            GraphDecl {
                name: None,
                span: first,
                kind: GraphKind::Tree,
                vertices: Vertices::Numbered(vertices),
                ground: if vertices > 0 { vec![0] } else { Vec::new() },
                edges,
            }
        })
        .collect();
    misere_position(source, graphs, label, budget, false)
}

/// The report of `found`, the misère analysis of the position of `models`.
fn misere_report(
    source: &Source,
    decls: &[&GraphDecl],
    names: Vec<String>,
    found: &Misere,
    label: String,
    moves: bool,
) -> MisereReport {
    let mut attached = vec![0usize; decls.len()];
    for block in &found.blocks {
        attached[block.graph] += block.edges.len();
    }
    let graphs = (decls.iter().zip(names).zip(&attached))
        .map(|((decl, name), &attached)| MisereGraph {
            name,
            edges: decl.edges.len(),
            ignored_edges: decl.edges.len() - attached,
        })
        .collect();
    let blocks = (found.blocks.iter())
        .map(|block| BlockReport {
            graph: block.graph + 1,
            first_edge: block.edges.first().map_or(0, |e| e.index() + 1),
            edges: block.edges.len(),
            ground_edges: GroundEdges::new(block.ground_edges),
            grundy: block.value,
            genus: block.genus.as_ref().map(ToString::to_string),
            tame: block.genus.as_ref().map(|g| g.tame),
        })
        .collect();
    let cut = |at: &PositionEdge| {
        let graph = decls[at.graph];
        let edge = graph.edges[at.edge.index()];
        MisereMove {
            graph: at.graph + 1,
            edge: at.edge.index() + 1,
            u: graph.vertices.name(edge.u),
            v: graph.vertices.name(edge.v),
            line: source.line_number(edge.span.start as usize),
            colour: edge.colour,
        }
    };
    let green = decls.iter().all(|g| g.is_green());
    MisereReport {
        source: label,
        play: Play::Misere,
        graphs,
        blocks,
        rule: found.rule,
        winner: green.then_some(match found.outcome {
            Outcome::N => Winner::First,
            _ => Winner::Second,
        }),
        outcome: found.outcome,
        searched_positions: (found.positions > 0).then_some(found.positions),
        moves: moves.then(|| MisereMoves {
            left: found.left_wins.iter().map(cut).collect(),
            right: found.right_wins.iter().map(cut).collect(),
        }),
    }
}
