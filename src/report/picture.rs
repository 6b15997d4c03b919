//! Analysis -> picture: a position as a Graphviz graph, built with `graphviz-rust`'s graph
//! model ([`dot_structures`](graphviz_rust::dot_structures)) and printed as DOT text.
//!
//! [`position`] draws the graphs of a position side by side, each in its own cluster
//! titled with its name and value, under a title with the position's value and the
//! winner, above a small legend. Two pictures are available ([`Options::reduced`]):
//!
//! - **as written** (the default): every vertex of the input, the ground vertices of all
//!   graphs as one row of dark boxes at the bottom, every edge labelled with its 1-based
//!   input index.
//! - **reduced**: the Colon Principle tree. Each block is one vertex (its edges fused into
//!   loops), carrying one twig when it has an odd number of edges; the blocks are joined
//!   by the bridges, labelled with their input index. One reads the computation
//!   bottom-up: a vertex is worth its twig XOR the XOR of `value + 1` over the bridges
//!   above it. Winning cuts inside a block are listed in it. Only an all-green graph is
//!   reduced (the Fusion and Colon Principles are Green Hackenbush theorems): a graph with
//!   blue or red edges is drawn as written, with a note.
//!
//! **Colour is the game.** An edge's `color` is its Hackenbush colour and nothing else:
//! `green`, `blue` or `red` (Left cuts blue, Right cuts red, either cuts green), written on
//! every edge, so that the picture reads back (`--format dot`) as the same position. The
//! edges take Graphviz's SVG colour scheme, in which `green` is a dark green that shows on
//! white. What the analysis found is drawn in other channels, the same for green and
//! coloured pictures (one legend):
//!
//! - **blocks** (2-edge-connected pieces: the cycles that the Fusion Principle turns into
//!   loops): their vertices filled grey, alike within a block, in two shades alternating
//!   up the tree of blocks so that blocks joined by a bridge differ; an edge between
//!   vertices not filled alike is a bridge. In the reduction, the block's vertex is filled;
//! - **edges not attached to the ground**: dashed, their vertices' names grey;
//! - **winning moves** (all-green positions only): thick bold lines; in the reduction a
//!   block with a winning cut inside has a thick outline and lists it;
//! - **values**: in an all-green graph, under a vertex's name, `*n` is the value of what
//!   hangs above it: for the lowest vertex of a block, the block's value (its loops and
//!   everything above it); for any other vertex, the nim-sum of `value + 1` over the
//!   branches hanging from it by bridges. A vertex from which nothing hangs shows no value
//!   (rather than `*0` on every leaf). A graph with blue or red edges shows no `*n`
//!   (Grundy values are not its values): its title has its partizan value
//!   ([`partizan::analyze`]) in CGSuite notation, and no moves are marked in its position.
//!   A picture is not worth a long search: a value beyond [`PICTURE_BUDGET`] is left out
//!   (`hackenbush analyze` computes it within the full budget).
//!
//! Layout: each edge is written from its end farther from the ground (breadth-first) to
//! the nearer one, so Graphviz draws it downwards; edges between vertices at the same
//! distance lie flat when they pair up (the top of a triangle), otherwise one end goes up
//! a row (K4 comes out planar). Several loops at one vertex carry one label listing all
//! their numbers, on the outermost.
//!
//! Node ids never contain vertex names (`n<graph>_<vertex id>`, `b<graph>_<block>`), so
//! they are unique across graphs and safe whatever the names are (a vertex `7` and a
//! vertex `"7"` stay two nodes); names only appear in labels, quoted so that Graphviz
//! shows them literally (quotes, backslashes, `&`, control characters, any Unicode).
//! A graph's name reads back from its cluster's title as the dot reader reads titles; a
//! name the title does not give back (one with a tab, or a line break in a coloured
//! graph's title, or empty) is written exactly in the cluster's `name` too
//! (`cluster_header`); an unnamed graph reads back named as the reports call it.
//!
//! [`Picture`] prints the model as DOT, a graph at a time; [`render`] runs Graphviz `dot`
//! on the text, within a time
//! limit ([`render_within`] chooses it and watches the wait).

use std::collections::{HashMap, VecDeque};
use std::fmt;
use std::time::Duration;

use graphviz_rust::dot_structures::{
    Attribute, Edge, EdgeTy, Graph as DotGraph, GraphAttributes, Id, Node, NodeId, Stmt, Subgraph,
    Vertex,
};
use graphviz_rust::printer::{DotPrinter, PrinterContext};
use petgraph::graph::{EdgeIndex, NodeIndex};

use super::Winner;
use super::graphviz::{self, Failure};
use super::text::{plural, star, winner};
use crate::analysis::misere::Rule;
use crate::analysis::partizan::{self, Budget};
use crate::analysis::{Analysis, BlockId, EdgeRole};
use crate::game::{Calculator, Game, Outcome};
use crate::model::{Graph, Node as ModelNode};
use crate::report::Value;
use crate::syntax::Colour;
use crate::syntax::dot::title_name;

/// What to draw.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// Draw the reduction (each block fused to one vertex with its twig, joined by the
    /// bridges) instead of the graph as written.
    pub reduced: bool,
    /// Leave out every value (a picture for a quiz): the vertices' `*n`, the graphs'
    /// values in their titles, the position's sum and winner, and what the legend says of
    /// them.
    pub no_values: bool,
    /// Leave out the edges' input numbers.
    pub no_numbers: bool,
    /// Leave out the legend.
    pub no_legend: bool,
    /// The title over the picture, when not the one [`Picture::begin`] is given (which
    /// names the graph in the DOT text either way).
    pub title: Option<String>,
}

/// An output format of [`render`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum RenderFormat {
    /// Scalable vector graphics (`dot -Tsvg`).
    Svg,
    /// A bitmap (`dot -Tpng`).
    Png,
    /// A PDF document (`dot -Tpdf`).
    Pdf,
}

/// Why [`render`] failed.
#[derive(Debug)]
pub struct RenderError(Failure);

impl RenderError {
    /// Whether the error is that Graphviz `dot` is not installed (not on the `PATH`).
    pub fn is_not_installed(&self) -> bool {
        matches!(&self.0, Failure::Spawn(e) if e.kind() == std::io::ErrorKind::NotFound)
    }

    /// Whether Graphviz `dot` ran out of time (and was stopped).
    pub fn is_timed_out(&self) -> bool {
        matches!(self.0, Failure::TimedOut(_))
    }
}

impl fmt::Display for RenderError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_not_installed() {
            return f.write_str(
                "Graphviz `dot` was not found on the PATH; install Graphviz to render \
                 (apt-get install graphviz, brew install graphviz, or see \
                 https://graphviz.org/download/), or write the DOT text and render it elsewhere",
            );
        }
        match &self.0 {
            Failure::Spawn(e) | Failure::Io(e) => write!(f, "Graphviz `dot` failed: {e}"),
            // What `dot` said, its trailing line break trimmed, or its exit status.
            Failure::Failed(said) => write!(f, "Graphviz `dot` failed: {said}"),
            Failure::TimedOut(limit) => write!(
                f,
                "Graphviz `dot` did not finish within {} s, and was stopped",
                limit.as_secs_f64()
            ),
        }
    }
}

impl std::error::Error for RenderError {}

/// One position (its title, e.g. the file name or `file#3`) as DOT text, ending with a
/// newline: a [`Picture`] with every graph at hand.
///
/// `graphs` are the position's graphs with their analyses, in input order. `winning[i]`
/// lists the winning moves of graph `i` as model edges (input edge indices); it may be
/// shorter than `graphs`, or empty when moves are not wanted, and the winning-move legend
/// entry only appears when some move is given. Moves are the nim-sum's, so they are not
/// drawn in a position with a blue or red edge.
///
/// ```
/// use hackenbush::{source::Source, syntax::{self, Format}, report::picture};
///
/// let source = Source::from_text("triangle.hb", "ground: g\ng-a-b-g\n").unwrap();
/// let position = syntax::parse(Format::Hb, &source).next().unwrap().unwrap();
/// let graphs = hackenbush::analyze_position(position);
/// let text = picture::position("triangle.hb", &graphs, &[], &picture::Options::default());
/// assert!(text.starts_with("graph \"triangle.hb\" {"));
/// assert!(text.contains("label=\"graph 1 = *1\""));
/// ```
pub fn position(
    title: &str,
    graphs: &[(Graph, Analysis)],
    winning: &[Vec<EdgeIndex>],
    options: &Options,
) -> String {
    let mut text = String::new();
    let mut drawing = Picture::begin(&mut text, title, options);
    let coloured = graphs.iter().any(|(graph, _)| !graph.decl.is_green());
    for (i, (graph, analysis)) in graphs.iter().enumerate() {
        let moves = match winning.get(i) {
            Some(moves) if !coloured => moves.as_slice(),
            _ => &[],
        };
        drawing.graph(&mut text, graph, analysis, moves);
    }
    drawing.finish(&mut text);
    text
}

/// A picture of one position written graph by graph as each is read: the text of a
/// graph's cluster is handed over as soon as it is drawn, and what the picture keeps for
/// its end (the row of ground nodes, the first values for the title) is a few bytes a
/// graph.
///
/// The text is what graphviz-rust prints for the whole graph model, each statement
/// printed by it in turn.
///
/// The caller gives the winning moves: it must give none in a position with a blue or
/// red edge (a graph with one gets none drawn anyway).
pub struct Picture {
    title: String,
    options: Options,
    /// The printer, at the indentation of the graph's body.
    printer: PrinterContext,
    /// How many graphs were drawn, the nim-sum of the all-green ones, and the values of
    /// the first few (a title adds up at most [`TITLE_TERMS`] of them).
    graphs: usize,
    nim_sum: u64,
    values: Vec<Term>,
    /// Once a graph with blue or red edges is drawn: the sum of the values of those
    /// graphs, `None` when one of them (or the sum) was beyond the budget.
    partizan: Option<Option<Game>>,
    /// What the legend explains: which colours and kinds of graph were drawn.
    seen: Seen,
    any_winning: bool,
    /// The ids of the ground nodes of all graphs, for the row at the bottom, each after
    /// a line break.
    ground_row: String,
    /// In misère play: who wins, and by which rule, for the title.
    misere: Option<(Outcome, Rule)>,
}

/// The most graphs whose values a picture's title adds up one by one.
const TITLE_TERMS: usize = 8;

impl fmt::Debug for Picture {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Picture")
            .field("title", &self.title)
            .field("graphs", &self.graphs)
            .finish_non_exhaustive()
    }
}

impl Picture {
    /// Begins the picture of the position `title`: appends its opening and settings to
    /// `text`.
    pub fn begin(text: &mut String, title: &str, options: &Options) -> Self {
        let mut printer = PrinterContext::default();
        // The printer prints a graph as `graph ID {`, its statements one a line, `}`.
        let empty = DotGraph::Graph {
            id: quoted(title),
            strict: false,
            stmts: Vec::new(),
        };
        let frame = empty.print(&mut printer);
        text.push_str(frame.strip_suffix("\n\n}").unwrap_or(&frame));
        let mut drawing = Picture {
            title: title.to_string(),
            options: options.clone(),
            printer,
            graphs: 0,
            nim_sum: 0,
            values: Vec::new(),
            partizan: None,
            seen: Seen::default(),
            any_winning: false,
            ground_row: String::new(),
            misere: None,
        };
        let settings = [
            Stmt::Attribute(attr("newrank", plain("true"))),
            Stmt::Attribute(attr("nodesep", plain("0.3"))),
            Stmt::Attribute(attr("ranksep", plain("0.4"))),
            Stmt::Attribute(attr("fontname", quoted(FONT))),
            Stmt::GAttribute(GraphAttributes::Node(vec![
                attr("fontname", quoted(FONT)),
                attr("fontsize", plain("11")),
                attr("margin", quoted("0.06,0.03")),
                attr("height", plain("0.3")),
            ])),
            Stmt::GAttribute(GraphAttributes::Edge(vec![
                attr("fontname", quoted(FONT)),
                attr("fontsize", plain("10")),
                attr("penwidth", plain("1.5")),
                // The edges' `color` is their Hackenbush colour, by name; in this scheme
                // `green` is a green that shows on white.
                attr("colorscheme", plain("svg")),
            ])),
        ];
        for stmt in &settings {
            push_statement(text, &mut drawing.printer, stmt);
        }
        drawing
    }

    /// How many graphs were drawn: the 0-based index of the next.
    pub fn drawn(&self) -> usize {
        self.graphs
    }

    /// Draws the next graph of the position, with its winning moves `winning` (model
    /// edges), as its own cluster appended to `text`.
    pub fn graph(
        &mut self,
        text: &mut String,
        graph: &Graph,
        analysis: &Analysis,
        winning: &[EdgeIndex],
    ) {
        self.graphs += 1;
        let number = self.graphs;
        let coloured = !graph.decl.is_green();
        let term = if coloured {
            let value = partizan::analyze(graph, PICTURE_BUDGET)
                .ok()
                .map(|p| p.value);
            self.partizan = Some(match (self.partizan.take(), &value) {
                (None, Some(value)) => Some(value.clone()),
                (Some(Some(sum)), Some(value)) => game_sum(&sum, value),
                _ => None,
            });
            Term::Game(value)
        } else {
            self.nim_sum ^= analysis.value;
            Term::Nim(analysis.value)
        };
        let winning = if coloured { &[] } else { winning };
        self.seen.note(graph, coloured);
        let reduced = self.options.reduced && !coloured;
        let cluster_title = cluster_title(graph, analysis, &term, &self.options);
        if self.values.len() <= TITLE_TERMS {
            self.values.push(term);
        }
        self.any_winning |= !winning.is_empty();
        let mut cluster = Statements::open(text, &format!("cluster_{number}"));
        for stmt in cluster_header(graph.decl.name.as_deref(), &cluster_title) {
            cluster.push(stmt);
        }
        // The ground nodes of all graphs go in one row at the bottom (every other attached
        // vertex is drawn above the ground, see `vertex_nodes`).
        if reduced {
            self.ground_node(format!("b{number}_0"));
            reduced_cluster(
                &mut cluster,
                number,
                graph,
                analysis,
                winning,
                &self.options,
            );
        } else {
            for &g in &graph.decl.ground {
                self.ground_node(format!("n{number}_{g}"));
            }
            let vid = |v: u32| format!("n{number}_{v}");
            let values = !coloured && !self.options.no_values;
            vertex_nodes(&mut cluster, graph, analysis, values, &vid);
            let numbers = !self.options.no_numbers;
            edge_lines(&mut cluster, graph, analysis, winning, numbers, &vid);
        }
        cluster.close();
    }

    fn ground_node(&mut self, id: String) {
        self.ground_row.push('\n');
        self.ground_row.push_str(&id);
    }

    /// The position is played misère: its title says so, with who wins (`outcome`) and
    /// by which `rule`, in place of the sum of the values, which does not decide misère
    /// play. Before [`Picture::finish`].
    pub fn misere(&mut self, outcome: Outcome, rule: Rule) {
        self.misere = Some((outcome, rule));
    }

    /// Ends the picture, appending to `text` the ground row, the legend and the title.
    pub fn finish(mut self, text: &mut String) {
        let ground_row = std::mem::take(&mut self.ground_row);
        let ground_ids = || ground_row.lines().skip(1);
        if !ground_row.is_empty() {
            let mut row = Statements::open(text, "ground");
            row.push(Stmt::Attribute(attr("rank", plain("same"))));
            for id in ground_ids() {
                row.push(Stmt::Node(node(id, Vec::new())));
            }
            row.close();
        }
        if self.graphs == 0 {
            let empty = Stmt::Node(node(
                "empty",
                vec![
                    attr("shape", plain("plaintext")),
                    attr("label", quoted("(no graphs)")),
                ],
            ));
            self.statement(text, &empty);
        }
        // The legend goes under the pictures: a row of its own, so that its height does
        // not stretch the rows of the graphs.
        if !self.options.no_legend {
            let legend = Stmt::Subgraph(legend(&self.options, self.seen, self.any_winning));
            self.statement(text, &legend);
        }
        if let Some(ground) = ground_ids().last().filter(|_| !self.options.no_legend) {
            let invisible = edge_stmt(ground, LEGEND, vec![attr("style", plain("invis"))]);
            self.statement(text, &Stmt::Edge(invisible));
        }
        // Set last: subgraphs would inherit these (a cluster without a label of its own
        // would show the title again).
        let title = self.options.title.as_deref().unwrap_or(&self.title);
        let label = match (self.options.no_values, self.misere) {
            (false, Some((outcome, rule))) => misere_label(title, outcome, rule),
            (true, Some(_)) => quoted(&format!("{title}\nmisère play")),
            (true, None) => quoted(title),
            (false, None) => position_label(
                title,
                self.graphs,
                self.nim_sum,
                &self.values,
                self.partizan.as_ref(),
            ),
        };
        self.statement(text, &Stmt::Attribute(attr("label", label)));
        self.statement(text, &Stmt::Attribute(attr("labelloc", plain("t"))));
        self.statement(text, &Stmt::Attribute(attr("fontsize", plain("16"))));
        text.push_str("\n}\n");
    }

    /// One statement of the graph's body, on a line of its own.
    fn statement(&mut self, text: &mut String, stmt: &Stmt) {
        push_statement(text, &mut self.printer, stmt);
    }
}

/// `stmt` on a line of its own, as `printer` prints it.
fn push_statement(text: &mut String, printer: &mut PrinterContext, stmt: &Stmt) {
    text.push('\n');
    text.push_str(&stmt.print(printer));
}

/// A subgraph of the picture's body, printed a statement at a time as its statements are
/// made (a large graph's cluster is never held as a model), exactly as graphviz-rust
/// prints the `Subgraph` holding them.
struct Statements<'a> {
    text: &'a mut String,
    printer: PrinterContext,
}

impl<'a> Statements<'a> {
    /// Opens the subgraph `id` (a plain id) of the picture's body.
    fn open(text: &'a mut String, id: &str) -> Self {
        text.push_str(&format!("\n  subgraph {id} {{"));
        // The printer indents by two as it enters a graph, and has no other way to set
        // its indentation: entering two empty graphs puts it at a subgraph's statements.
        let mut printer = PrinterContext::default();
        let empty = DotGraph::Graph {
            id: plain("_"),
            strict: false,
            stmts: Vec::new(),
        };
        empty.print(&mut printer);
        empty.print(&mut printer);
        Statements { text, printer }
    }

    /// The next statement of the subgraph.
    fn push(&mut self, stmt: Stmt) {
        push_statement(self.text, &mut self.printer, &stmt);
    }

    fn close(self) {
        self.text.push_str("\n  }");
    }
}

/// How long [`render`] lets Graphviz work.
pub const RENDER_TIMEOUT: Duration = Duration::from_secs(60);

/// Runs Graphviz `dot` to render the DOT `text` in `format`, and returns the output file's bytes;
/// a `dot` still working after [`RENDER_TIMEOUT`] is stopped.
///
/// Fails with an error saying how to install Graphviz when `dot` is missing, with `dot`'s
/// message when it fails, and with the time limit when it runs out of time. Warnings
/// `dot` prints while succeeding are not reported.
pub fn render(text: &str, format: RenderFormat) -> Result<Vec<u8>, RenderError> {
    render_within(text, format, Some(RENDER_TIMEOUT), &mut |_| {})
}

/// [`render`] with a time limit of `timeout` (`None`: none), after which `dot` is killed;
/// `waiting` is told the time spent, four times a second while `dot` works (for a
/// progress display: the library prints nothing).
pub fn render_within(
    text: &str,
    format: RenderFormat,
    timeout: Option<Duration>,
    waiting: &mut dyn FnMut(Duration),
) -> Result<Vec<u8>, RenderError> {
    let flag = match format {
        RenderFormat::Svg => "-Tsvg",
        RenderFormat::Png => "-Tpng",
        RenderFormat::Pdf => "-Tpdf",
    };
    graphviz::run(&[flag], text.to_string(), timeout, waiting).map_err(RenderError)
}

// ---------------------------------------------------------------------------------------
// Styles

const FONT: &str = "Helvetica,Arial,sans-serif";

/// The fills of the vertices of the blocks with edges, alternating up the tree of blocks
/// (blocks joined by a bridge differ). Greys: hues are the edges' colours.
const BLOCK_FILLS: [&str; 2] = ["#e4e4e4", "#c4c4c4"];
const GROUND_FILL: &str = "#3a3a3a";
/// The names of vertices not attached to the ground, and the numbers of their edges.
const DROPPED: &str = "#9a9a9a";
/// The width of a winning move's line, and of the outline of a block with one inside.
const WINNING_WIDTH: &str = "4";
const MUTED: &str = "#555555";

/// How Graphviz draws `colour` in the edges' colour scheme (SVG's), for the legend's
/// samples (HTML-like labels take no scheme).
fn shown(colour: Colour) -> &'static str {
    match colour {
        Colour::Green => "#008000",
        Colour::Blue => "#0000ff",
        Colour::Red => "#ff0000",
    }
}

/// The label of edge `j`: its 1-based input index, after a space that keeps it clear of
/// the line (Graphviz puts an edge's label just right of it).
fn edge_label(j: usize) -> Attribute {
    attr("label", quoted(&format!(" {}", j + 1)))
}

/// The attributes of an edge of `colour` with `role`: its colour by name, read back by
/// `--format dot`, and the role in its line.
fn edge_style(colour: Colour, role: Role) -> Vec<Attribute> {
    let mut attrs = vec![attr("color", plain(colour.name()))];
    match role {
        Role::Bridge | Role::Block => {}
        Role::Dropped => {
            attrs.push(attr("style", plain("dashed")));
            attrs.push(attr("fontcolor", quoted(DROPPED)));
        }
        Role::Winning => {
            attrs.extend([
                attr("penwidth", plain(WINNING_WIDTH)),
                attr("style", plain("bold")),
            ]);
        }
    }
    attrs
}

/// What an edge is to the analysis, as its line shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Role {
    Bridge,
    /// Inside a block (its ends are filled alike).
    Block,
    Dropped,
    Winning,
}

/// The fill of every block with edges, by the parity of the number of blocks with edges
/// below it (the lowest get the lighter grey); blocks without edges (single vertices) get
/// none.
fn block_fills(analysis: &Analysis) -> Vec<Option<&'static str>> {
    // Parents come before children.
    let mut depth = vec![0usize; analysis.blocks.len()];
    for (b, block) in analysis.blocks.iter().enumerate() {
        if let Some((_, parent)) = block.parent {
            let filled = analysis.blocks[parent as usize].edge_count > 0;
            depth[b] = depth[parent as usize] + usize::from(filled);
        }
    }
    analysis
        .blocks
        .iter()
        .zip(&depth)
        .map(|(b, &d)| (b.edge_count > 0).then_some(BLOCK_FILLS[d % 2]))
        .collect()
}

/// A node filled with `fill`.
fn filled(fill: &str) -> [Attribute; 2] {
    [
        attr("style", plain("filled")),
        attr("fillcolor", quoted(fill)),
    ]
}

fn ground_node_attrs(label: &str) -> Vec<Attribute> {
    vec![
        // Read back by `--format dot`: the picture is also an input.
        attr("ground", plain("true")),
        attr("shape", plain("box")),
        attr("style", quoted("filled,rounded")),
        attr("fillcolor", quoted(GROUND_FILL)),
        attr("color", quoted(GROUND_FILL)),
        attr("fontcolor", plain("white")),
        attr("label", quoted(label)),
    ]
}

// ---------------------------------------------------------------------------------------
// The graph as written

/// The vertices of the plain picture: the ground vertices as dark boxes (put in the bottom
/// row by [`position`]), then the others in order of first appearance, filled by their
/// block, and with `values` (an all-green graph) labelled with the value of what hangs
/// above them.
fn vertex_nodes(
    stmts: &mut Statements,
    graph: &Graph,
    analysis: &Analysis,
    values: bool,
    vid: &impl Fn(u32) -> String,
) {
    let net = &graph.net;
    for &g in &graph.decl.ground {
        let name = graph.decl.vertices.name(g).to_string();
        stmts.push(Stmt::Node(node(&vid(g), ground_node_attrs(&name))));
    }

    // What hangs from each node by bridges: XOR of (value + 1) over the child blocks whose
    // bridge has its lower end there.
    let mut hanging: Vec<Option<u64>> = vec![None; net.node_count()];
    for block in analysis.blocks.iter().skip(1) {
        if let Some((bridge, _)) = block.parent {
            let (a, b) = net.edge_endpoints(bridge).expect("bridge of the graph");
            let foot = if a == block.top { b } else { a };
            let slot = &mut hanging[foot.index()];
            *slot = Some(slot.unwrap_or(0) ^ (block.value + 1));
        }
    }

    // The other vertices, in order of first appearance.
    let fills = block_fills(analysis);
    for n in net.node_indices().skip(1) {
        let ModelNode::Vertex(v) = net[n] else {
            continue;
        };
        let name = graph.decl.vertices.name(v).to_string();
        let mut attrs = Vec::new();
        let value = match analysis.block_of(n) {
            None => {
                attrs.extend([
                    attr("color", quoted(DROPPED)),
                    attr("fontcolor", quoted(DROPPED)),
                ]);
                None
            }
            Some(b) => {
                if let Some(fill) = fills[b as usize] {
                    attrs.extend(filled(fill));
                }
                let block = &analysis.blocks[b as usize];
                if b != 0 && block.top == n {
                    // The block and all above it; a bare leaf holds nothing.
                    let holds = block.edge_count > 0 || !analysis.children(b).is_empty();
                    holds.then_some(block.value)
                } else {
                    hanging[n.index()]
                }
            }
        };
        let label = match value {
            Some(value) if values => format!("{name}\n{}", star(value)),
            _ => name,
        };
        attrs.insert(0, attr("label", quoted(&label)));
        stmts.push(Stmt::Node(node(&vid(v), attrs)));
    }
}

/// The edges of the plain picture, in input order, each drawn from its upper end down, in
/// its colour, its line styled by its role: winning cut, dropped, bridge or in a block.
fn edge_lines(
    stmts: &mut Statements,
    graph: &Graph,
    analysis: &Analysis,
    winning: &[EdgeIndex],
    numbers: bool,
    vid: &impl Fn(u32) -> String,
) {
    let net = &graph.net;
    let height = heights(graph);
    let flat = flat_edges(graph, &height);
    // Loops at one vertex nest, their labels over each other: the outermost (the last)
    // carries the numbers of all (cutting any of them is the same move).
    let mut loops: HashMap<u32, Vec<usize>> = HashMap::new();
    for (j, e) in graph.decl.edges.iter().enumerate() {
        if e.u == e.v {
            loops.entry(e.u).or_default().push(j);
        }
    }
    for (j, e) in graph.decl.edges.iter().enumerate() {
        let edge = EdgeIndex::new(j);
        // The ends of model edge j are the nodes of e.u and e.v, in this order.
        let (a, b) = net.edge_endpoints(edge).expect("edge of the graph");
        let (upper, lower) = if height[a.index()] >= height[b.index()] {
            (e.u, e.v)
        } else {
            (e.v, e.u)
        };
        let role = if winning.contains(&edge) {
            Role::Winning
        } else {
            match analysis.edge_roles[j] {
                EdgeRole::Ignored => Role::Dropped,
                EdgeRole::Bridge { .. } => Role::Bridge,
                EdgeRole::Internal(_) => Role::Block,
            }
        };
        // An edge between two ground vertices lies in the ground row: flat too.
        let flat = flat[j] || (a == b && e.u != e.v);
        // Flat edges carry their number as an external label: Graphviz 2.43 corrupts its
        // memory laying out labelled flat edges in the top row of a graph with clusters
        // (and crashes on the next graph of the same input).
        let mut attrs = if !numbers {
            Vec::new()
        } else if flat {
            vec![attr("xlabel", quoted(&(j + 1).to_string()))]
        } else if e.u == e.v {
            let all = &loops[&e.u];
            if all.len() == 1 {
                vec![edge_label(j)]
            } else if all.last() == Some(&j) {
                let numbers: Vec<String> = all.iter().map(|j| (j + 1).to_string()).collect();
                vec![attr("label", quoted(&format!(" {}", numbers.join(", "))))]
            } else {
                Vec::new()
            }
        } else {
            vec![edge_label(j)]
        };
        attrs.extend(edge_style(e.colour, role));
        if flat {
            attrs.push(attr("constraint", plain("false")));
        }
        stmts.push(Stmt::Edge(edge_stmt(&vid(upper), &vid(lower), attrs)));
    }
}

/// Distance of every node from the ground (breadth first); a part not attached to the
/// ground is measured from its first node.
fn heights(graph: &Graph) -> Vec<usize> {
    let net = &graph.net;
    let mut height = vec![usize::MAX; net.node_count()];
    let mut queue = VecDeque::new();
    for start in net.node_indices() {
        if height[start.index()] != usize::MAX {
            continue;
        }
        height[start.index()] = 0;
        queue.push_back(start);
        while let Some(n) = queue.pop_front() {
            for m in net.neighbors(n) {
                if height[m.index()] == usize::MAX {
                    height[m.index()] = height[n.index()] + 1;
                    queue.push_back(m);
                }
            }
        }
    }
    height
}

/// The edges to draw flat (`constraint=false`): between two vertices at the same height
/// (the top of an odd cycle, a chord), as long as no vertex has two flat neighbours.
/// A pair lies side by side on its row; longer runs get other vertices put between them
/// by Graphviz and arch over the row (out of the cluster at the top), so any other edge
/// pushes one end a row up instead (K4 then comes out planar).
fn flat_edges(graph: &Graph, height: &[usize]) -> Vec<bool> {
    let net = &graph.net;
    let mut partner: Vec<Option<NodeIndex>> = vec![None; net.node_count()];
    net.edge_indices()
        .map(|e| {
            let (a, b) = net.edge_endpoints(e).expect("edge of the graph");
            if a == b || height[a.index()] != height[b.index()] {
                return false;
            }
            match (partner[a.index()], partner[b.index()]) {
                (None, None) => {
                    partner[a.index()] = Some(b);
                    partner[b.index()] = Some(a);
                    true
                }
                (Some(p), _) => p == b, // parallel to a flat edge
                _ => false,
            }
        })
        .collect()
}

// ---------------------------------------------------------------------------------------
// The reduction

/// The reduced picture of graph `number` (all green), in its cluster: a node per block,
/// joined by the bridges.
fn reduced_cluster(
    stmts: &mut Statements,
    number: usize,
    graph: &Graph,
    analysis: &Analysis,
    winning: &[EdgeIndex],
    options: &Options,
) {
    let bid = |b: BlockId| format!("b{number}_{b}");

    // Winning cuts inside each block (they are not bridges, so the picture has no edge
    // for them: the block says so).
    let mut winning_inside: Vec<Vec<usize>> = vec![Vec::new(); analysis.blocks.len()];
    for &e in winning {
        if let Some(EdgeRole::Internal(b)) = analysis.edge_roles.get(e.index()) {
            winning_inside[*b as usize].push(e.index() + 1);
        }
    }

    let fills = block_fills(analysis);
    for b in 0..analysis.blocks.len() as BlockId {
        let inside = &winning_inside[b as usize];
        let values = !options.no_values;
        block_node(stmts, number, graph, analysis, b, inside, &fills, values);
    }

    for (c, block) in analysis.blocks.iter().enumerate().skip(1) {
        let Some((bridge, parent)) = block.parent else {
            continue;
        };
        let role = if winning.contains(&bridge) {
            Role::Winning
        } else {
            Role::Bridge
        };
        let mut attrs = match options.no_numbers {
            true => Vec::new(),
            false => vec![edge_label(bridge.index())],
        };
        attrs.extend(edge_style(graph.colour(bridge), role));
        stmts.push(Stmt::Edge(edge_stmt(
            &bid(c as BlockId),
            &bid(parent),
            attrs,
        )));
    }
}

/// Block `b` of the reduced picture, fused to one node: the vertices it holds, its loops,
/// its value, the winning cuts `inside` it; and its twig when its loops are odd. `fills`
/// are the blocks' ([`block_fills`]); without `values`, the values are left out.
#[allow(clippy::too_many_arguments)] // A room of the reduced picture: each says what it draws.
fn block_node(
    stmts: &mut Statements,
    number: usize,
    graph: &Graph,
    analysis: &Analysis,
    b: BlockId,
    inside: &[usize],
    fills: &[Option<&'static str>],
    values: bool,
) {
    let bid = |b: BlockId| format!("b{number}_{b}");
    let block = &analysis.blocks[b as usize];
    let nodes = analysis.block_nodes(b);
    let mut lines = Vec::new();
    if b == 0 {
        // The ground, and the vertices fused into it.
        let mut line = ground_names(graph);
        let others = &nodes[1..];
        if !others.is_empty() {
            line = format!("{line} + {}", name_list(graph, others));
        }
        lines.push(line);
    } else {
        lines.push(names_of(graph, nodes));
    }
    if block.edge_count > 0 {
        let fused = format!(
            "{} edge{} fused",
            block.edge_count,
            plural(block.edge_count)
        );
        lines.push(match values {
            true => format!("{fused}: {}", star(block.parity())),
            false => fused,
        });
    }
    // As in the plain picture, a bare leaf shows no value.
    let holds = block.edge_count > 0 || !analysis.children(b).is_empty();
    if holds && values {
        let what = if b == 0 { "graph" } else { "value" };
        lines.push(format!("{what} {}", star(block.value)));
    }
    if !inside.is_empty() {
        let list: Vec<String> = inside.iter().map(usize::to_string).collect();
        lines.push(format!(
            "winning cut{}: {}",
            plural(inside.len()),
            list.join(", ")
        ));
    }
    let label = lines.join("\n");
    let mut attrs = if b == 0 {
        ground_node_attrs(&label)
    } else {
        let mut attrs = vec![attr("label", quoted(&label))];
        if let Some(fill) = fills[b as usize] {
            attrs.extend(filled(fill));
        }
        attrs
    };
    // A thick black outline around a block with a winning cut inside.
    if !inside.is_empty() {
        attrs.retain(|Attribute(key, _)| *key != plain("color"));
        attrs.push(attr("color", plain("black")));
        attrs.push(attr("penwidth", plain(WINNING_WIDTH)));
    }
    stmts.push(Stmt::Node(node(&bid(b), attrs)));
    if block.parity() == 1 {
        // Its loops, all green, are worth one green twig.
        let twig = format!("t{number}_{b}");
        stmts.push(Stmt::Node(node(
            &twig,
            vec![
                attr("shape", plain("point")),
                attr("width", plain("0.08")),
                attr("colorscheme", plain("svg")),
                attr("color", plain(Colour::Green.name())),
            ],
        )));
        let mut attrs = edge_style(Colour::Green, Role::Block);
        attrs.push(attr(
            "tooltip",
            quoted("twig: the block's odd number of loops"),
        ));
        stmts.push(Stmt::Edge(edge_stmt(&twig, &bid(b), attrs)));
    }
}

/// "ground" or "ground: a, b" for several ground vertices (fused into one).
fn ground_names(graph: &Graph) -> String {
    let ground = &graph.decl.ground;
    if ground.len() <= 1 {
        return "ground".to_string();
    }
    let list = short_list(ground.len(), |k| {
        graph.decl.vertices.name(ground[k]).to_string()
    });
    format!("ground: {list}")
}

/// The names of a block's nodes, its top first: "a" or "{a, b, c}".
fn names_of(graph: &Graph, nodes: &[NodeIndex]) -> String {
    if nodes.len() == 1 {
        graph.node_name(nodes[0])
    } else {
        format!("{{{}}}", name_list(graph, nodes))
    }
}

/// The names of `nodes`, see [`short_list`].
fn name_list(graph: &Graph, nodes: &[NodeIndex]) -> String {
    short_list(nodes.len(), |k| graph.node_name(nodes[k]))
}

/// "a, b, c, d, e" or "a, b, c, d +2 more": at most 5 of `count` names.
fn short_list(count: usize, name: impl Fn(usize) -> String) -> String {
    let shown = if count <= 5 { count } else { 4 };
    let names: Vec<String> = (0..shown).map(name).collect();
    let mut list = names.join(", ");
    if shown < count {
        list.push_str(&format!(" +{} more", count - shown));
    }
    list
}

// ---------------------------------------------------------------------------------------
// Titles and legend

/// A cluster's title and frame, and what names its graph `name` when the dot reader reads
/// the cluster back (`grammars/dot.md`, section 6): the title, when the name is what it
/// titles the graph ([`title_name`], the reader's rule); otherwise a `name` attribute
/// with the name exactly, beside the title. An unnamed graph reads back named as its
/// title shows it (`graph 2`, `tree 2`), as the reports call it.
fn cluster_header(name: Option<&str>, title: &str) -> Vec<Stmt> {
    let mut stmts = vec![
        Stmt::Attribute(attr("label", quoted(title))),
        Stmt::Attribute(attr("labelloc", plain("t"))),
        Stmt::Attribute(attr("fontsize", plain("13"))),
        Stmt::Attribute(attr("style", quoted("rounded"))),
        Stmt::Attribute(attr("color", quoted("#bbbbbb"))),
        Stmt::Attribute(attr("margin", plain("12"))),
    ];
    let titled = |name: &str| !name.is_empty() && title_name(&shown_text(title)) == name;
    if let Some(name) = name.filter(|&name| !titled(name)) {
        stmts.push(Stmt::Attribute(attr("name", exactly(name))));
    }
    stmts
}

/// The value of one graph, for the titles.
#[derive(Clone, Debug)]
enum Term {
    /// An all-green graph: its Grundy value.
    Nim(u64),
    /// A graph with blue or red edges: its value, `None` when beyond the budget.
    Game(Option<Game>),
}

/// A cluster's title: `name = *v` for an all-green graph; for a graph with blue or red
/// edges its name, then `value 3/4` unless the value is beyond the budget. A line follows
/// about dropped edges or a missing ground, and for a coloured graph in a `reduced`
/// picture, that it is drawn as written. With `no_values`, no value. (How `--format dot`
/// reads the name back: see [`cluster_header`].)
fn cluster_title(graph: &Graph, analysis: &Analysis, term: &Term, options: &Options) -> String {
    let mut lines = match term {
        _ if options.no_values => vec![graph.name.clone()],
        Term::Nim(value) => vec![format!("{} = {}", graph.name, star(*value))],
        Term::Game(value) => {
            let mut lines = vec![graph.name.clone()];
            lines.extend(
                value
                    .iter()
                    .map(|value| match shown_value(value, MAX_SHOWN) {
                        Some(text) => format!("value {text}"),
                        None => format!(
                            "(value {} characters long: not shown)",
                            value.to_string().len()
                        ),
                    }),
            );
            lines
        }
    };
    if graph.decl.ground.is_empty() {
        lines.push("(no ground: nothing is attached)".to_string());
    } else if analysis.ignored_edges > 0 {
        lines.push(format!(
            "({} edge{} not attached to the ground: dropped)",
            analysis.ignored_edges,
            plural(analysis.ignored_edges)
        ));
    }
    if options.reduced && matches!(term, Term::Game(_)) {
        lines.push("(as written: only green edges reduce)".to_string());
    }
    lines.join("\n")
}

/// How much a picture may spend on a graph's value in its title: a hundredth of
/// [`Budget::default`]'s positions and a tenth of its work, so that drawing stays quick
/// (a search of 20,000 positions takes about 0.1 s).
pub const PICTURE_BUDGET: Budget = Budget {
    edges: 64,
    positions: 20_000,
    work: 100_000,
};

/// `a + b` within the default budget of [`partizan::analyze`].
fn game_sum(a: &Game, b: &Game) -> Option<Game> {
    Calculator::new(Budget::default().work).sum(a, b).ok()
}

/// The title, then `misère play: second player wins (misère Nim)`.
fn misere_label(title: &str, outcome: Outcome, rule: Rule) -> Id {
    let who = match outcome {
        Outcome::L => "Left wins",
        Outcome::R => "Right wins",
        Outcome::N => "first player wins",
        Outcome::P => "second player wins",
    };
    let how = match rule {
        Rule::MisereNim => "misère Nim",
        Rule::GroundEdges => "by the edges at the ground",
        Rule::Genus => "by the genus",
        Rule::Sprigs => "sprigs",
        _ => "searched",
    };
    quoted(&format!("{title}\nmisère play: {who} ({how})"))
}

/// The title, then `*1 + *3 = *2: first player wins`: the values of `graphs` graphs, of
/// which `values` are the first, worth `nim_sum` in all. With a graph with blue or red
/// edges (`partizan`: the sum of their values), the sum and its winner are those of the
/// partizan values, in CGSuite notation (`* + 1/2 = 1/2*: Left wins`), and left out when
/// a value is beyond the budget.
fn position_label(
    title: &str,
    graphs: usize,
    nim_sum: u64,
    values: &[Term],
    partizan: Option<&Option<Game>>,
) -> Id {
    let Some(partizan) = partizan else {
        let sum = if graphs > 1 && graphs <= TITLE_TERMS {
            let terms: Vec<String> = values
                .iter()
                .map(|term| match term {
                    Term::Nim(v) => star(*v),
                    Term::Game(_) => unreachable!("an all-green position"),
                })
                .collect();
            format!("{} = {}", terms.join(" + "), star(nim_sum))
        } else {
            format!("nim-sum {}", star(nim_sum))
        };
        return quoted(&format!("{title}\n{sum}: {}", winner(Winner::of(nim_sum))));
    };
    // The green graphs add up to the nimber of their nim-sum.
    let total = match (partizan, Value::Nim(nim_sum).game()) {
        (Some(coloured), Ok(green)) => game_sum(coloured, &green),
        _ => None,
    };
    let Some(total) = total else {
        return quoted(title);
    };
    let mut calc = Calculator::new(Budget::default().work);
    let Ok(outcome) = calc.outcome(&total) else {
        return quoted(title);
    };
    let who = match outcome {
        Outcome::L => "Left wins",
        Outcome::R => "Right wins",
        Outcome::N => "first player wins",
        Outcome::P => "second player wins",
    };
    let Some(total) = shown_value(&total, 2 * MAX_SHOWN) else {
        return quoted(&format!("{title}\n{who}"));
    };
    let terms: Vec<String> = values
        .iter()
        .map(|term| match term {
            Term::Nim(v) => Value::Nim(*v).to_string(),
            Term::Game(value) => value.as_ref().map_or("?".to_string(), Game::to_string),
        })
        .collect();
    let sum = format!("{} = {total}", terms.join(" + "));
    let sum = if graphs > 1 && graphs <= TITLE_TERMS && sum.len() <= 2 * MAX_SHOWN {
        sum
    } else {
        format!("value {total}")
    };
    quoted(&format!("{title}\n{sum}: {who}"))
}

/// The longest value a graph's title shows (the position's: twice as long): canonical
/// forms can run to pages.
const MAX_SHOWN: usize = 64;

/// `value` in CGSuite notation, if at most `max` characters long.
fn shown_value(value: &Game, max: usize) -> Option<String> {
    Some(value.to_string()).filter(|text| text.len() <= max)
}

/// What the legend explains.
#[derive(Clone, Copy, Debug, Default)]
struct Seen {
    blue: bool,
    red: bool,
    /// An all-green graph (its vertices show `*n`).
    green_graph: bool,
    /// A graph with blue or red edges.
    coloured_graph: bool,
}

impl Seen {
    fn note(&mut self, graph: &Graph, coloured: bool) {
        for e in &graph.decl.edges {
            self.blue |= e.colour == Colour::Blue;
            self.red |= e.colour == Colour::Red;
        }
        self.green_graph |= !coloured;
        self.coloured_graph |= coloured;
    }
}

/// The legend: a cluster holding one node, a table of samples of the styles with what
/// they mean (an HTML-like label). The same for green and coloured pictures: colour is
/// the edges' Hackenbush colour, the analysis is in fills, dashes and widths.
fn legend(options: &Options, seen: Seen, any_winning: bool) -> Subgraph {
    let mut rows = vec![line_row(
        shown(Colour::Green),
        Line::Plain,
        "green edge: either player may cut it",
    )];
    if seen.blue {
        rows.push(line_row(
            shown(Colour::Blue),
            Line::Plain,
            "blue edge: only Left may cut it",
        ));
    }
    if seen.red {
        rows.push(line_row(
            shown(Colour::Red),
            Line::Plain,
            "red edge: only Right may cut it",
        ));
    }
    // Reduced, an all-green graph is a tree of blocks; a coloured one is drawn as written.
    let as_written = !options.reduced || seen.coloured_graph;
    if options.reduced && seen.green_graph {
        rows.push(fill_row(
            BLOCK_FILLS[0],
            "a block: its cycles fused into one vertex",
        ));
        rows.push(line_row(
            shown(Colour::Green),
            Line::Plain,
            "twig: a block's edges, fused into loops, when they are odd (*1)",
        ));
    }
    if as_written {
        rows.push(fill_row(
            BLOCK_FILLS[0],
            "a block (its edges lie on cycles): its vertices filled alike",
        ));
        rows.push(text_row("", "other edges are bridges"));
        rows.push(line_row(
            MUTED,
            Line::Dashed,
            "not attached to the ground: dropped",
        ));
    }
    if any_winning {
        rows.push(line_row(
            MUTED,
            Line::Thick,
            if options.reduced {
                "winning move (thick outline: a winning cut inside)"
            } else {
                "winning move"
            },
        ));
    }
    rows.push(format!(
        r##"<tr><td bgcolor="{GROUND_FILL}" style="rounded"><font color="white">g</font></td><td align="left">{}</td></tr>"##,
        if options.reduced && !seen.coloured_graph {
            "the ground, its vertices fused"
        } else {
            "ground vertex"
        }
    ));
    if !options.no_numbers {
        rows.push(text_row(" 3", "input edge number"));
    }
    let mut notes: Vec<&str> = Vec::new();
    if options.no_values {
        // Nothing to say of values that are not shown.
    } else if seen.green_graph || !seen.coloured_graph {
        if options.reduced {
            rows.push(text_row("value *n", "of the vertex and all above it"));
            notes.extend([
                "A block of cycles is fused into one vertex, its edges",
                "into loops: worth a twig when their number is odd.",
                "Colon Principle: a vertex is worth its twig XOR the",
                "XOR over its bridges of (value above + 1).",
            ]);
        } else {
            rows.push(text_row("*n", "value of what hangs above the vertex"));
            notes.extend([
                "For the lowest vertex of a block: the block and all",
                "above it; for any other: XOR over the bridges hanging",
                "from it of (value above + 1). No *n: nothing hangs.",
            ]);
        }
    }
    if seen.coloured_graph && !options.no_values {
        notes.extend([
            "A graph with blue or red edges: its value under its",
            "name, in CGSuite notation; no *n (Grundy values are",
            "for green edges only), no winning moves marked.",
        ]);
    }
    for note in notes {
        rows.push(format!(
            r#"<tr><td colspan="2" align="left"><font point-size="9" color="{MUTED}">{}</font></td></tr>"#,
            html_escape(note)
        ));
    }
    let table = format!(
        r#"<<table border="0" cellspacing="3" cellpadding="1">{}</table>>"#,
        rows.join("\n")
    );
    Subgraph {
        id: plain("cluster_legend"),
        stmts: vec![
            Stmt::Attribute(attr("label", quoted("legend"))),
            Stmt::Attribute(attr("labelloc", plain("t"))),
            Stmt::Attribute(attr("fontsize", plain("11"))),
            Stmt::Attribute(attr("fontcolor", quoted(MUTED))),
            Stmt::Attribute(attr("style", quoted("rounded,dashed"))),
            Stmt::Attribute(attr("color", quoted("#bbbbbb"))),
            Stmt::Node(node(
                LEGEND,
                vec![
                    attr("shape", plain("plaintext")),
                    attr("fontsize", plain("10")),
                    attr("label", Id::Html(table)),
                ],
            )),
        ],
    }
}

/// The legend's node.
const LEGEND: &str = "legend";

/// A sample line of the legend.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Line {
    Plain,
    Dashed,
    Thick,
}

/// A legend row: a short line in `color` drawn as `line`, and `text`.
fn line_row(color: &str, line: Line, text: &str) -> String {
    let (width, dashed) = match line {
        Line::Plain => (2, ""),
        Line::Dashed => (2, r#" style="dashed""#),
        Line::Thick => (4, ""),
    };
    format!(
        r#"<tr><td width="34" height="6" sides="b" border="{width}" color="{color}"{dashed}></td><td align="left">{}</td></tr>"#,
        html_escape(text)
    )
}

/// A legend row: a vertex filled with `fill`, and `text`.
fn fill_row(fill: &str, text: &str) -> String {
    format!(
        r#"<tr><td bgcolor="{fill}" style="rounded" border="1">v</td><td align="left">{}</td></tr>"#,
        html_escape(text)
    )
}

/// A legend row: a sample label, and `text`.
fn text_row(sample: &str, text: &str) -> String {
    format!(
        r#"<tr><td>{}</td><td align="left">{}</td></tr>"#,
        html_escape(sample),
        html_escape(text)
    )
}

/// Text for an HTML-like label.
fn html_escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

// ---------------------------------------------------------------------------------------
// Building blocks of the model

fn plain(text: impl Into<String>) -> Id {
    Id::Plain(text.into())
}

/// A quoted DOT string showing `text` literally in a label: `"` and `\` are escaped,
/// `&` is written `&amp;` (Graphviz reads entities in labels), a line break becomes `\n`
/// (a centred line break, which the dot reader reads back as one) and the other
/// characters that act rather than show ([`printable`](super::text::printable): control characters,
/// bidirectional overrides) are shown as Rust escapes.
fn quoted(text: &str) -> Id {
    Id::Escaped(format!("\"{}\"", escape(text)))
}

/// `text` as a [`quoted`] label shows it: line breaks kept, the other characters that act
/// shown as their Rust escapes.
fn shown_text(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if c != '\n' && crate::wording::acts(c) {
            out.extend(c.escape_debug());
        } else {
            out.push(c);
        }
    }
    out
}

/// A quoted DOT string that a label or a `name` read back by the dot reader gives as
/// `text` exactly, every character (unlike [`quoted`], which shows them): `"` and `\`
/// escaped, a line break written `\n`, `&` written `&amp;`, and the other characters
/// that act written as numeric entities (`&#9;` for a tab), which the reader decodes.
fn exactly(text: &str) -> Id {
    let inside = escaped(text, |c, out| out.push_str(&format!("&#{};", u32::from(c))));
    Id::Escaped(format!("\"{inside}\""))
}

/// The inside of a quoted DOT string showing `text` literally (see [`quoted`]).
fn escape(text: &str) -> String {
    // The Rust escape, its backslash escaped in turn.
    escaped(text, |c, out| {
        out.push_str(&c.escape_debug().to_string().replace('\\', "\\\\"));
    })
}

/// The inside of a quoted DOT string for `text`: `"`, `\`, `&` and line breaks written as
/// the dot reader and Graphviz read them back, and each other character that acts rather
/// than shows written by `acting`.
fn escaped(text: &str, acting: fn(char, &mut String)) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '&' => out.push_str("&amp;"),
            '\n' => out.push_str("\\n"),
            c if crate::wording::acts(c) => acting(c, &mut out),
            c => out.push(c),
        }
    }
    out
}

fn attr(key: &str, value: Id) -> Attribute {
    Attribute(plain(key), value)
}

fn node(id: &str, attributes: Vec<Attribute>) -> Node {
    Node::new(NodeId(plain(id), None), attributes)
}

fn edge_stmt(from: &str, to: &str, attributes: Vec<Attribute>) -> Edge {
    Edge {
        ty: EdgeTy::Pair(
            Vertex::N(NodeId(plain(from), None)),
            Vertex::N(NodeId(plain(to), None)),
        ),
        attributes,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::breakdown;

    fn analyzed(ground: &[u32], edges: &[(u32, u32)]) -> (Graph, Analysis) {
        let graph = Graph::from_edges(ground, edges);
        let analysis = breakdown(&graph);
        (graph, analysis)
    }

    /// The picture of `graphs` as graphviz-rust reads it back.
    fn picture(
        title: &str,
        graphs: &[(Graph, Analysis)],
        winning: &[Vec<EdgeIndex>],
        options: &Options,
    ) -> DotGraph {
        let text = position(title, graphs, winning, options);
        graphviz_rust::parse(&text).unwrap_or_else(|e| panic!("{e}\n{text}"))
    }

    fn stmts(graph: &DotGraph) -> &[Stmt] {
        match graph {
            DotGraph::Graph { stmts, .. } | DotGraph::DiGraph { stmts, .. } => stmts,
        }
    }

    fn cluster<'a>(graph: &'a DotGraph, id: &str) -> &'a Subgraph {
        stmts(graph)
            .iter()
            .find_map(|s| match s {
                Stmt::Subgraph(sub) if sub.id == plain(id) => Some(sub),
                _ => None,
            })
            .unwrap_or_else(|| panic!("no {id}"))
    }

    fn get<'a>(attrs: &'a [Attribute], key: &str) -> Option<&'a str> {
        attrs.iter().find_map(|Attribute(k, v)| match (k, v) {
            (Id::Plain(k), Id::Plain(v) | Id::Escaped(v)) if k == key => Some(v.as_str()),
            _ => None,
        })
    }

    /// The attributes of the edge labelled with input number `number`.
    fn edge(cluster: &Subgraph, number: usize) -> &[Attribute] {
        let plain_label = format!("\" {number}\"");
        let flat_label = format!("\"{number}\"");
        cluster
            .stmts
            .iter()
            .find_map(|s| match s {
                Stmt::Edge(e)
                    if get(&e.attributes, "label") == Some(&plain_label)
                        || get(&e.attributes, "xlabel") == Some(&flat_label) =>
                {
                    Some(e.attributes.as_slice())
                }
                _ => None,
            })
            .unwrap_or_else(|| panic!("no edge {number}"))
    }

    fn node_attrs<'a>(cluster: &'a Subgraph, id: &str) -> &'a [Attribute] {
        cluster
            .stmts
            .iter()
            .find_map(|s| match s {
                Stmt::Node(n) if n.id.0 == plain(id) => Some(n.attributes.as_slice()),
                _ => None,
            })
            .unwrap_or_else(|| panic!("no node {id}"))
    }

    #[test]
    fn escaping_shows_text_literally() {
        let cases = [
            ("plain", r#""plain""#),
            (r#"say "hi""#, r#""say \"hi\"""#),
            (r"back\slash\", r#""back\\slash\\""#),
            ("a&amp;b", r#""a&amp;amp;b""#),
            ("two\nlines", r#""two\nlines""#),
            ("bell\u{7}", r#""bell\\u{7}""#),
            ("é ü 字 <b>", r#""é ü 字 <b>""#),
        ];
        for (text, dot) in cases {
            assert_eq!(quoted(text), Id::Escaped(dot.to_string()), "{text:?}");
        }
    }

    /// The title names the graph as the dot reader reads titles; where it would not, the
    /// cluster says `name` exactly.
    #[test]
    fn clusters_are_named_where_their_titles_do_not_name_them() {
        let header = |name: Option<&str>, title: &str| -> (Id, Option<String>) {
            let attrs: Vec<Attribute> = cluster_header(name, title)
                .into_iter()
                .filter_map(|s| match s {
                    Stmt::Attribute(a) => Some(a),
                    _ => None,
                })
                .collect();
            let label = attrs.iter().find(|a| a.0 == plain("label")).unwrap();
            (label.1.clone(), get(&attrs, "name").map(str::to_string))
        };
        let cases = [
            (Some("bowtie"), "bowtie = *1", None),
            (Some("a = *1\n(b)"), "a = *1\n(b) = *2\n(note)", None),
            (Some("blue"), "blue\nvalue 1/2", None),
            (Some("x = *2"), "x = *2\nvalue 1", Some(r#""x = *2""#)),
            (
                Some("two\nlines"),
                "two\nlines\nvalue 1",
                Some(r#""two\nlines""#),
            ),
            (
                Some("tab\tq\"\\&"),
                "tab\tq\"\\& = *1",
                Some(r#""tab&#9;q\"\\&amp;""#),
            ),
            (Some(""), " = *1", Some(r#""""#)),
        ];
        for (name, title, written) in cases {
            let (label, got) = header(name, title);
            assert_eq!(label, quoted(title), "{title:?}");
            assert_eq!(got.as_deref(), written, "{title:?}");
        }
        // An unnamed graph reads back as its title names it, as the reports call it.
        let title = "graph 2 = *1\n(no ground: nothing is attached)";
        assert_eq!(header(None, title), (quoted(title), None));
    }

    #[test]
    fn escaped_ids_parse_back() {
        let names = [
            r#"q"uote"#,
            r"trailing\",
            r#"\"mixed\\"#,
            "new\nline",
            "ünï ✓",
        ];
        for name in names {
            let graph = DotGraph::Graph {
                id: quoted(name),
                strict: false,
                stmts: vec![Stmt::Node(node("n", vec![attr("label", quoted(name))]))],
            };
            let parsed =
                graphviz_rust::parse(&graph.print(&mut PrinterContext::default())).unwrap();
            assert_eq!(parsed, graph, "{name:?}");
        }
    }

    #[test]
    fn edge_styles_follow_roles_and_moves() {
        // 1 bridge, 2-4 a triangle, 5 not attached, 6 a bridge that is a winning move.
        let g = analyzed(&[0], &[(0, 1), (1, 2), (2, 3), (3, 1), (4, 5), (1, 6)]);
        let winning = vec![vec![EdgeIndex::new(5)]];
        let picture = picture("t", std::slice::from_ref(&g), &winning, &Options::default());
        let c = cluster(&picture, "cluster_1");

        // Colour is the edge's Hackenbush colour only; roles are in the line.
        let bridge = edge(c, 1);
        assert_eq!(get(bridge, "color"), Some("green"));
        assert_eq!(get(bridge, "style"), None);
        assert_eq!(get(bridge, "penwidth"), None);

        for j in 2..=4 {
            let internal = edge(c, j);
            assert_eq!(get(internal, "color"), Some("green"));
            assert_eq!(get(internal, "style"), None);
        }

        let dropped = edge(c, 5);
        assert_eq!(get(dropped, "style"), Some("dashed"));
        assert_eq!(get(dropped, "color"), Some("green"));

        let winning = edge(c, 6);
        assert_eq!(get(winning, "color"), Some("green"));
        assert_eq!(get(winning, "penwidth"), Some(WINNING_WIDTH));
        assert_eq!(get(winning, "style"), Some("bold"));

        // The legend mentions winning moves only when there are some.
        let text = graphviz_rust::print(picture, &mut PrinterContext::default());
        assert!(text.contains("winning move"));
        let none = position("t", std::slice::from_ref(&g), &[], &Options::default());
        assert!(!none.contains("winning move"));
    }

    #[test]
    fn blocks_are_filled_in_alternating_greys() {
        // Two triangles joined by a bridge: the blocks' vertices are filled in two
        // greys; the bridge's ends differ, and a vertex of no cycle is not filled.
        let g = analyzed(
            &[0],
            &[
                (0, 1),
                (1, 2),
                (2, 0),
                (1, 3),
                (3, 4),
                (4, 5),
                (5, 3),
                (5, 6),
            ],
        );
        let triangles = picture("t", &[g], &[], &Options::default());
        let c = cluster(&triangles, "cluster_1");
        let fill = |v: u32| get(node_attrs(c, &format!("n1_{v}")), "fillcolor");
        let [low, high] = BLOCK_FILLS.map(|f| format!("\"{f}\""));
        assert_eq!(fill(1), Some(low.as_str()));
        assert_eq!(fill(2), Some(low.as_str()));
        assert_eq!(fill(3), Some(high.as_str()));
        assert_eq!(fill(5), Some(high.as_str()));
        assert_eq!(fill(6), None);
        for j in 1..=8 {
            assert_eq!(get(edge(c, j), "color"), Some("green"), "edge {j}");
        }
        // Above a stalk, the lowest block with edges is the lighter.
        let g = analyzed(&[0], &[(0, 1), (1, 2), (2, 3), (3, 1)]);
        let stalk = picture("t", &[g], &[], &Options::default());
        let c = cluster(&stalk, "cluster_1");
        assert_eq!(get(node_attrs(c, "n1_1"), "fillcolor"), Some(low.as_str()));
    }

    #[test]
    fn edges_are_drawn_in_their_colours() {
        use Colour::*;
        // A blue bridge, a red loop, a green edge on a triangle with a blue and a red one,
        // and a red edge not attached to the ground.
        let graph = Graph::from_coloured_edges(
            &[0],
            &[
                (0, 1, Blue),
                (1, 1, Red),
                (1, 2, Green),
                (2, 3, Blue),
                (3, 1, Red),
                (4, 5, Red),
            ],
        );
        let analysis = breakdown(&graph);
        // Moves given for a coloured position are not drawn: they are the nim-sum's.
        let winning = vec![vec![EdgeIndex::new(0)]];
        for options in [
            Options::default(),
            Options {
                reduced: true,
                ..Options::default()
            },
        ] {
            let g = (graph.clone(), analysis.clone());
            let picture = picture("t", &[g], &winning, &options);
            let c = cluster(&picture, "cluster_1");
            let colours = ["blue", "red", "green", "blue", "red", "red"];
            for (j, colour) in colours.into_iter().enumerate() {
                let attrs = edge(c, j + 1);
                assert_eq!(get(attrs, "color"), Some(colour), "edge {}", j + 1);
                assert_eq!(get(attrs, "penwidth"), None, "edge {}", j + 1);
            }
            assert_eq!(get(edge(c, 6), "style"), Some("dashed"));
            // No Grundy values: the partizan value, under the name.
            assert_eq!(get(node_attrs(c, "n1_1"), "label"), Some(r#""1""#));
            let text = graphviz_rust::print(picture, &mut PrinterContext::default());
            assert!(!text.contains("*n1"), "{text}");
            assert!(!text.contains(">winning move"), "{text}");
            assert!(text.contains("blue edge: only Left may cut it"), "{text}");
            assert!(text.contains("red edge: only Right may cut it"), "{text}");
            let value = partizan::analyze(&graph, Budget::default()).unwrap().value;
            let label = format!("label=\"graph 1\\nvalue {value}\\n(1 edge not");
            assert!(text.contains(&label), "{label}\n{text}");
            assert!(!text.contains("nim-sum"), "{text}");
            assert_eq!(
                text.contains("(as written: only green edges reduce)"),
                options.reduced,
                "{text}"
            );
        }
    }

    #[test]
    fn a_coloured_position_is_titled_with_its_partizan_value() {
        use Colour::*;
        // A blue edge with a red one on top (1/2), a green stalk of two (*2).
        let half = Graph::from_coloured_edges(&[0], &[(0, 1, Blue), (1, 2, Red)]);
        let stalk = analyzed(&[0], &[(0, 1), (1, 2)]);
        let graphs = [(half.clone(), breakdown(&half)), stalk];
        let text = position("t", &graphs, &[], &Options::default());
        assert!(
            text.contains(r#"label="t\n1/2 + *2 = 1/2*2: Left wins""#),
            "{text}"
        );
        // The green graph keeps its Grundy values.
        assert!(text.contains("graph 1 = *2"), "{text}");
        assert!(text.contains(r#"label="1\n*1""#), "{text}");
    }

    #[test]
    fn vertices_show_what_hangs_above_them() {
        // Stalk 0-1-2 with a loop on 2, and a triangle 1-3-4 on 1.
        let g = analyzed(&[0], &[(0, 1), (1, 2), (2, 2), (1, 3), (3, 4), (4, 1)]);
        let picture = picture("t", &[g], &[], &Options::default());
        let c = cluster(&picture, "cluster_1");
        // 2 is the top of the loop's block: *1; 1 is the top of the triangle's block,
        // which holds the branch of 2: 1 XOR (1 + 1) = *3; 3 and 4 hold nothing.
        assert_eq!(get(node_attrs(c, "n1_2"), "label"), Some(r#""2\n*1""#));
        assert_eq!(get(node_attrs(c, "n1_1"), "label"), Some(r#""1\n*3""#));
        assert_eq!(get(node_attrs(c, "n1_3"), "label"), Some(r#""3""#));
        // The ground is a dark box with its name only.
        let ground = node_attrs(c, "n1_0");
        assert_eq!(get(ground, "label"), Some(r#""0""#));
        assert_eq!(get(ground, "shape"), Some("box"));
    }

    #[test]
    fn node_ids_are_unique_across_graphs() {
        let a = analyzed(&[0], &[(0, 1)]);
        let b = analyzed(&[0], &[(0, 1)]);
        let picture = picture("t", &[a, b], &[], &Options::default());
        node_attrs(cluster(&picture, "cluster_1"), "n1_1");
        node_attrs(cluster(&picture, "cluster_2"), "n2_1");
        let text = graphviz_rust::print(picture, &mut PrinterContext::default());
        assert!(text.contains("label=\"graph 1 = *1\""), "{text}");
        assert!(text.contains("*1 + *1 = *0: second player wins"), "{text}");
    }

    #[test]
    fn reduction_is_the_colon_principle_tree() {
        // Ground - bridge 1 - triangle (edges 2-4) - bridge 5 - leaf.
        let g = analyzed(&[0], &[(0, 1), (1, 2), (2, 3), (3, 1), (3, 4)]);
        let winning = vec![vec![EdgeIndex::new(2), EdgeIndex::new(4)]];
        let options = Options {
            reduced: true,
            ..Options::default()
        };
        let picture = picture("t", &[g], &winning, &options);
        let c = cluster(&picture, "cluster_1");
        let block = node_attrs(c, "b1_1");
        assert_eq!(
            get(block, "label"),
            Some(r#""{1, 2, 3}\n3 edges fused: *1\nvalue *0\nwinning cut: 3""#)
        );
        assert_eq!(get(block, "color"), Some("black"));
        assert_eq!(get(block, "penwidth"), Some(WINNING_WIDTH));
        // An odd block has a twig.
        assert_eq!(get(node_attrs(c, "t1_1"), "shape"), Some("point"));
        // Bridges join the blocks, labelled with their input number; 5 is winning.
        assert_eq!(get(edge(c, 1), "color"), Some("green"));
        assert_eq!(get(edge(c, 1), "penwidth"), None);
        assert_eq!(get(edge(c, 5), "color"), Some("green"));
        assert_eq!(get(edge(c, 5), "penwidth"), Some(WINNING_WIDTH));
        // Internal edges are not drawn.
        let text = graphviz_rust::print(picture, &mut PrinterContext::default());
        assert!(!text.contains("label=\" 2\""), "{text}");
        assert!(text.contains("ground\\ngraph *1"), "{text}");
    }

    #[test]
    fn missing_graphviz_says_how_to_install_it() {
        let e = RenderError(Failure::Spawn(std::io::ErrorKind::NotFound.into()));
        assert!(e.is_not_installed());
        let message = e.to_string();
        for hint in [
            "apt-get install graphviz",
            "brew install graphviz",
            "https://graphviz.org/download/",
        ] {
            assert!(message.contains(hint), "{message}");
        }
    }
}
