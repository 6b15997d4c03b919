//! Analysis -> picture: a position as a Graphviz graph, built with `graphviz-rust`'s graph
//! model ([`dot_structures`](graphviz_rust::dot_structures)) and printed as DOT text.
//!
//! [`position`] draws the graphs of a position side by side, each in its own cluster
//! titled `name = *value`, under a title with the nim-sum and the winner, above a small
//! legend. Two pictures are available ([`Options::reduced`]):
//!
//! - **as written** (the default): every vertex of the input, the ground vertices of all
//!   graphs as one row of dark boxes at the bottom, every edge labelled with its 1-based
//!   input index. Bridges are black, the edges of each 2-edge-connected block (the cycles
//!   that the Fusion Principle turns into loops) share a colour, edges not attached to
//!   the ground are dashed grey, winning moves are bold red. Under a vertex's name, `*n`
//!   is the value of what hangs above it: for the lowest vertex of a block, the block's
//!   value (its loops and everything above it); for any other vertex, the nim-sum of
//!   `value + 1` over the branches hanging from it by bridges. A vertex from which
//!   nothing hangs shows no value (rather than `*0` on every leaf).
//! - **reduced**: the Colon Principle tree. Each block is one vertex (its edges fused into
//!   loops), carrying one twig when it has an odd number of edges; the blocks are joined
//!   by the bridges, labelled with their input index. One reads the computation
//!   bottom-up: a vertex is worth its twig XOR the XOR of `value + 1` over the bridges
//!   above it. Winning cuts inside a block are listed in it, and outline it in red.
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
//!
//! [`Drawing`] prints the model as DOT, a graph at a time; [`render`] runs Graphviz `dot`
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
use crate::analysis::{Analysis, BlockId, EdgeRole};
use crate::model::{Graph, Node as ModelNode};
use crate::syntax::Colour;

/// What to draw.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// Draw the reduction (each block fused to one vertex with its twig, joined by the
    /// bridges) instead of the graph as written.
    pub reduced: bool,
}

/// An output format of [`render`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
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
/// newline: a [`Drawing`] with every graph at hand.
///
/// `graphs` are the position's graphs with their analyses, in input order. `winning[i]`
/// lists the winning moves of graph `i` as model edges (input edge indices); it may be
/// shorter than `graphs`, or empty when moves are not wanted, and the winning-move legend
/// entry only appears when some move is given.
///
/// ```
/// use hackenbush::{source::Source, syntax::{self, Format}, report::dot};
///
/// let source = Source::from_str("triangle.hb", "ground: g\ng-a-b-g\n");
/// let position = syntax::parse(Format::Hb, &source).next().unwrap().unwrap();
/// let graphs = hackenbush::analyze_position(position);
/// let text = dot::position("triangle.hb", &graphs, &[], &dot::Options::default());
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
    let mut drawing = Drawing::begin(&mut text, title, options);
    for (i, (graph, analysis)) in graphs.iter().enumerate() {
        let moves = winning.get(i).map_or(&[][..], Vec::as_slice);
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
pub struct Drawing {
    title: String,
    options: Options,
    /// The printer, at the indentation of the graph's body.
    printer: PrinterContext,
    /// How many graphs were drawn, the nim-sum of their values, and the values of the
    /// first few (a title adds up at most [`TITLE_TERMS`] of them).
    graphs: usize,
    nim_sum: u64,
    values: Vec<u64>,
    any_winning: bool,
    /// The ids of the ground nodes of all graphs, for the row at the bottom, each after
    /// a line break.
    ground_row: String,
}

/// The most graphs whose values a picture's title adds up one by one.
const TITLE_TERMS: usize = 8;

impl fmt::Debug for Drawing {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Drawing")
            .field("title", &self.title)
            .field("graphs", &self.graphs)
            .finish_non_exhaustive()
    }
}

impl Drawing {
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
        let mut drawing = Drawing {
            title: title.to_string(),
            options: *options,
            printer,
            graphs: 0,
            nim_sum: 0,
            values: Vec::new(),
            any_winning: false,
            ground_row: String::new(),
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
        self.nim_sum ^= analysis.value;
        if self.values.len() <= TITLE_TERMS {
            self.values.push(analysis.value);
        }
        self.any_winning |= !winning.is_empty();
        let mut cluster = Block::open(text, &format!("cluster_{number}"));
        for stmt in cluster_header(graph, analysis) {
            cluster.push(stmt);
        }
        // The ground nodes of all graphs go in one row at the bottom (every other attached
        // vertex is drawn above the ground, see `vertex_nodes`).
        if self.options.reduced {
            self.ground_node(format!("b{number}_0"));
            reduced_cluster(&mut cluster, number, graph, analysis, winning);
        } else {
            for &g in &graph.decl.ground {
                self.ground_node(format!("n{number}_{g}"));
            }
            let vid = |v: u32| format!("n{number}_{v}");
            vertex_nodes(&mut cluster, graph, analysis, &vid);
            edge_lines(&mut cluster, graph, analysis, winning, &vid);
        }
        cluster.close();
    }

    fn ground_node(&mut self, id: String) {
        self.ground_row.push('\n');
        self.ground_row.push_str(&id);
    }

    /// Ends the picture, appending to `text` the ground row, the legend and the title.
    pub fn finish(mut self, text: &mut String) {
        let ground_row = std::mem::take(&mut self.ground_row);
        let ground_ids = || ground_row.lines().skip(1);
        if !ground_row.is_empty() {
            let mut row = Block::open(text, "ground");
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
        let legend = Stmt::Subgraph(legend(&self.options, self.any_winning));
        self.statement(text, &legend);
        if let Some(ground) = ground_ids().last() {
            let invisible = edge_stmt(ground, LEGEND, vec![attr("style", plain("invis"))]);
            self.statement(text, &Stmt::Edge(invisible));
        }
        // Set last: subgraphs would inherit these (a cluster without a label of its own
        // would show the title again).
        let label = position_label(&self.title, self.graphs, self.nim_sum, &self.values);
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
struct Block<'a> {
    text: &'a mut String,
    printer: PrinterContext,
}

impl<'a> Block<'a> {
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
        Block { text, printer }
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

/// Block colours, cycling. No red (winning moves) and no grey (dropped edges).
const PALETTE: [&str; 7] = [
    "#1f77b4", // blue
    "#2ca02c", // green
    "#9467bd", // purple
    "#ff7f0e", // orange
    "#17becf", // cyan
    "#8c564b", // brown
    "#bcbd22", // olive
];
const GROUND_FILL: &str = "#3a3a3a";
const DROPPED: &str = "#9a9a9a";
const WINNING: &str = "#d62728";
const MUTED: &str = "#555555";

/// The label of edge `j`: its 1-based input index, after a space that keeps it clear of
/// the line (Graphviz puts an edge's label just right of it).
fn edge_label(j: usize) -> Attribute {
    attr("label", quoted(&format!(" {}", j + 1)))
}

/// The attributes of an edge drawn with `style`.
fn edge_style(style: EdgeStyle) -> Vec<Attribute> {
    let mut attrs = Vec::new();
    match style {
        EdgeStyle::Bridge => {}
        EdgeStyle::Block(color) => attrs.extend(colored(color)),
        EdgeStyle::Dropped => {
            attrs.push(attr("style", plain("dashed")));
            attrs.extend(colored(DROPPED));
        }
        EdgeStyle::Winning => {
            attrs.extend(colored(WINNING));
            attrs.extend([attr("penwidth", plain("3")), attr("style", plain("bold"))]);
        }
    }
    attrs
}

/// A line or an outline, and the text with it, in `color`.
fn colored(color: &str) -> [Attribute; 2] {
    [
        attr("color", quoted(color)),
        attr("fontcolor", quoted(color)),
    ]
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum EdgeStyle {
    Bridge,
    Block(&'static str),
    Dropped,
    Winning,
}

/// The colour of every block with edges, cycling through the palette in block order;
/// blocks without edges (single vertices) get none.
fn block_colors(analysis: &Analysis) -> Vec<Option<&'static str>> {
    let mut next = 0;
    analysis
        .blocks
        .iter()
        .map(|b| {
            (b.edge_count > 0).then(|| {
                let color = PALETTE[next % PALETTE.len()];
                next += 1;
                color
            })
        })
        .collect()
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
/// row by [`position`]), then the others in order of first appearance, each labelled with
/// the value of what hangs above it.
fn vertex_nodes(
    stmts: &mut Block,
    graph: &Graph,
    analysis: &Analysis,
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
    for n in net.node_indices().skip(1) {
        let ModelNode::Vertex(v) = net[n] else {
            continue;
        };
        let name = graph.decl.vertices.name(v).to_string();
        let mut attrs = Vec::new();
        let value = match analysis.block_of(n) {
            None => {
                attrs.extend(colored(DROPPED));
                None
            }
            Some(b) => {
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
            Some(value) => format!("{name}\n{}", star(value)),
            None => name,
        };
        attrs.insert(0, attr("label", quoted(&label)));
        stmts.push(Stmt::Node(node(&vid(v), attrs)));
    }
}

/// The edges of the plain picture, in input order, each drawn from its upper end down and
/// styled by its role: winning cut, dropped, bridge, or in a block (the block's colour).
fn edge_lines(
    stmts: &mut Block,
    graph: &Graph,
    analysis: &Analysis,
    winning: &[EdgeIndex],
    vid: &impl Fn(u32) -> String,
) {
    let colors = block_colors(analysis);
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
        let style = if winning.contains(&edge) {
            EdgeStyle::Winning
        } else {
            match analysis.edge_roles[j] {
                EdgeRole::Ignored => EdgeStyle::Dropped,
                EdgeRole::Bridge { .. } => EdgeStyle::Bridge,
                EdgeRole::Internal(block) => {
                    EdgeStyle::Block(colors[block as usize].unwrap_or(PALETTE[0]))
                }
            }
        };
        // An edge between two ground vertices lies in the ground row: flat too.
        let flat = flat[j] || (a == b && e.u != e.v);
        // Flat edges carry their number as an external label: Graphviz 2.43 corrupts its
        // memory laying out labelled flat edges in the top row of a graph with clusters
        // (and crashes on the next graph of the same input).
        let mut attrs = if flat {
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
        attrs.extend(edge_style(style));
        // A blue or red edge is drawn in its own colour, which the dot reader reads back
        // as the player who may cut it.
        let colour = graph.colour(edge);
        if colour != Colour::Green {
            attrs.retain(|Attribute(key, _)| *key != plain("color"));
            attrs.push(attr("color", plain(colour.name())));
        }
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

/// The reduced picture of graph `number`, in its cluster: a node per block, joined by the
/// bridges.
fn reduced_cluster(
    stmts: &mut Block,
    number: usize,
    graph: &Graph,
    analysis: &Analysis,
    winning: &[EdgeIndex],
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

    let colors = block_colors(analysis);
    for b in 0..analysis.blocks.len() as BlockId {
        let inside = &winning_inside[b as usize];
        block_node(stmts, number, graph, analysis, b, inside, &colors);
    }

    for (c, block) in analysis.blocks.iter().enumerate().skip(1) {
        let Some((bridge, parent)) = block.parent else {
            continue;
        };
        let style = if winning.contains(&bridge) {
            EdgeStyle::Winning
        } else {
            EdgeStyle::Bridge
        };
        let mut attrs = vec![edge_label(bridge.index())];
        attrs.extend(edge_style(style));
        stmts.push(Stmt::Edge(edge_stmt(
            &bid(c as BlockId),
            &bid(parent),
            attrs,
        )));
    }
}

/// Block `b` of the reduced picture, fused to one node: the vertices it holds, its loops,
/// its value, the winning cuts `inside` it; and its twig when its loops are odd. `colors`
/// are the blocks' ([`block_colors`]).
fn block_node(
    stmts: &mut Block,
    number: usize,
    graph: &Graph,
    analysis: &Analysis,
    b: BlockId,
    inside: &[usize],
    colors: &[Option<&'static str>],
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
        lines.push(format!(
            "{} edge{} fused: {}",
            block.edge_count,
            plural(block.edge_count),
            star(block.parity())
        ));
    }
    // As in the plain picture, a bare leaf shows no value.
    let holds = block.edge_count > 0 || !analysis.children(b).is_empty();
    if holds {
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
    // The outline: red around a block with a winning cut inside, else its colour.
    let outline = if !inside.is_empty() {
        Some((WINNING, "3"))
    } else if b != 0 {
        colors[b as usize].map(|color| (color, "2"))
    } else {
        None
    };
    let mut attrs = if b == 0 {
        ground_node_attrs(&label)
    } else {
        vec![attr("label", quoted(&label))]
    };
    if let Some((color, width)) = outline {
        attrs.retain(|Attribute(key, _)| *key != plain("color"));
        attrs.push(attr("color", quoted(color)));
        attrs.push(attr("penwidth", plain(width)));
    }
    stmts.push(Stmt::Node(node(&bid(b), attrs)));
    if block.parity() == 1 {
        let color = colors[b as usize].unwrap_or(PALETTE[0]);
        let twig = format!("t{number}_{b}");
        stmts.push(Stmt::Node(node(
            &twig,
            vec![
                attr("shape", plain("point")),
                attr("width", plain("0.08")),
                attr("color", quoted(color)),
            ],
        )));
        let mut attrs = edge_style(EdgeStyle::Block(color));
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

/// A cluster's title (its value) and frame.
fn cluster_header(graph: &Graph, analysis: &Analysis) -> Vec<Stmt> {
    vec![
        Stmt::Attribute(attr("label", cluster_label(graph, analysis))),
        Stmt::Attribute(attr("labelloc", plain("t"))),
        Stmt::Attribute(attr("fontsize", plain("13"))),
        Stmt::Attribute(attr("style", quoted("rounded"))),
        Stmt::Attribute(attr("color", quoted("#bbbbbb"))),
        Stmt::Attribute(attr("margin", plain("12"))),
    ]
}

/// `name = *v`, with a second line about dropped edges or a missing ground.
fn cluster_label(graph: &Graph, analysis: &Analysis) -> Id {
    let mut lines = vec![format!("{} = {}", graph.name, star(analysis.value))];
    if graph.decl.ground.is_empty() {
        lines.push("(no ground: nothing is attached)".to_string());
    } else if analysis.ignored_edges > 0 {
        lines.push(format!(
            "({} edge{} not attached to the ground: dropped)",
            analysis.ignored_edges,
            plural(analysis.ignored_edges)
        ));
    }
    quoted(&lines.join("\n"))
}

/// The title, then `*1 + *3 = *2: first player wins`: the values of `graphs` graphs, of
/// which `values` are the first, worth `nim_sum` in all.
fn position_label(title: &str, graphs: usize, nim_sum: u64, values: &[u64]) -> Id {
    let sum = if graphs > 1 && graphs <= TITLE_TERMS {
        let terms: Vec<String> = values.iter().map(|&v| star(v)).collect();
        format!("{} = {}", terms.join(" + "), star(nim_sum))
    } else {
        format!("nim-sum {}", star(nim_sum))
    };
    quoted(&format!("{title}\n{sum}: {}", winner(Winner::of(nim_sum))))
}

/// The legend: a cluster holding one node, a table of samples of the styles with what
/// they mean (an HTML-like label).
fn legend(options: &Options, any_winning: bool) -> Subgraph {
    let mut rows = vec![line_row(EdgeStyle::Bridge, "bridge")];
    if options.reduced {
        rows.push(line_row(
            EdgeStyle::Block(PALETTE[0]),
            "twig: a block's edges, fused into loops, when they are odd (*1)",
        ));
    } else {
        rows.push(line_row(
            EdgeStyle::Block(PALETTE[0]),
            "edge on a cycle (one colour per block)",
        ));
        rows.push(line_row(
            EdgeStyle::Dropped,
            "not attached to the ground: dropped",
        ));
    }
    if any_winning {
        rows.push(line_row(
            EdgeStyle::Winning,
            if options.reduced {
                "winning move (red outline: a winning cut inside)"
            } else {
                "winning move"
            },
        ));
    }
    rows.push(format!(
        r##"<tr><td bgcolor="{GROUND_FILL}" style="rounded"><font color="white">g</font></td><td align="left">{}</td></tr>"##,
        if options.reduced {
            "the ground, its vertices fused"
        } else {
            "ground vertex"
        }
    ));
    rows.push(text_row(" 3", "input edge number"));
    let notes: &[&str] = if options.reduced {
        rows.push(text_row("value *n", "of the vertex and all above it"));
        &[
            "A block of cycles is fused into one vertex, its edges",
            "into loops: worth a twig when their number is odd.",
            "Colon Principle: a vertex is worth its twig XOR the",
            "XOR over its bridges of (value above + 1).",
        ]
    } else {
        rows.push(text_row("*n", "value of what hangs above the vertex"));
        &[
            "For the lowest vertex of a block: the block and all",
            "above it; for any other: XOR over the bridges hanging",
            "from it of (value above + 1). No *n: nothing hangs.",
        ]
    };
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

/// A legend row: a short line drawn in `style`, and `text`.
fn line_row(style: EdgeStyle, text: &str) -> String {
    let (color, width, dashed) = match style {
        EdgeStyle::Bridge => ("black", 2, false),
        EdgeStyle::Block(color) => (color, 2, false),
        EdgeStyle::Dropped => (DROPPED, 2, true),
        EdgeStyle::Winning => (WINNING, 3, false),
    };
    let dashed = if dashed { r#" style="dashed""# } else { "" };
    format!(
        r#"<tr><td width="34" height="6" sides="b" border="{width}" color="{color}"{dashed}></td><td align="left">{}</td></tr>"#,
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

/// The inside of a quoted DOT string showing `text` literally (see [`quoted`]).
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '&' => out.push_str("&amp;"),
            '\n' => out.push_str("\\n"),
            // The Rust escape, its backslash escaped in turn.
            c if super::text::acts(c) => {
                out.push_str(&c.escape_debug().to_string().replace('\\', "\\\\"));
            }
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
    use crate::analysis::analyze;

    fn analyzed(ground: &[u32], edges: &[(u32, u32)]) -> (Graph, Analysis) {
        let graph = Graph::from_edges(ground, edges);
        let analysis = analyze(&graph);
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

        let bridge = edge(c, 1);
        assert_eq!(get(bridge, "color"), None);
        assert_eq!(get(bridge, "style"), None);
        assert_eq!(get(bridge, "penwidth"), None);

        for j in 2..=4 {
            let internal = edge(c, j);
            assert_eq!(get(internal, "color"), Some("\"#1f77b4\""));
            assert_eq!(get(internal, "style"), None);
        }

        let dropped = edge(c, 5);
        assert_eq!(get(dropped, "style"), Some("dashed"));
        assert_eq!(get(dropped, "color"), Some("\"#9a9a9a\""));

        let winning = edge(c, 6);
        assert_eq!(get(winning, "color"), Some("\"#d62728\""));
        assert_eq!(get(winning, "penwidth"), Some("3"));

        // The legend mentions winning moves only when there are some.
        let text = graphviz_rust::print(picture, &mut PrinterContext::default());
        assert!(text.contains("winning move"));
        let none = position("t", std::slice::from_ref(&g), &[], &Options::default());
        assert!(!none.contains("winning move"));
    }

    #[test]
    fn blocks_get_their_own_colours() {
        // Two triangles joined by a bridge: two blocks, two colours.
        let g = analyzed(
            &[0],
            &[(0, 1), (1, 2), (2, 0), (1, 3), (3, 4), (4, 5), (5, 3)],
        );
        let picture = picture("t", &[g], &[], &Options::default());
        let c = cluster(&picture, "cluster_1");
        assert_eq!(get(edge(c, 1), "color"), Some("\"#1f77b4\""));
        assert_eq!(get(edge(c, 4), "color"), None);
        assert_eq!(get(edge(c, 5), "color"), Some("\"#2ca02c\""));
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
        let options = Options { reduced: true };
        let picture = picture("t", &[g], &winning, &options);
        let c = cluster(&picture, "cluster_1");
        let block = node_attrs(c, "b1_1");
        assert_eq!(
            get(block, "label"),
            Some(r#""{1, 2, 3}\n3 edges fused: *1\nvalue *0\nwinning cut: 3""#)
        );
        assert_eq!(get(block, "color"), Some("\"#d62728\""));
        // An odd block has a twig.
        assert_eq!(get(node_attrs(c, "t1_1"), "shape"), Some("point"));
        // Bridges join the blocks, labelled with their input number; 5 is winning.
        assert_eq!(get(edge(c, 1), "color"), None);
        assert_eq!(get(edge(c, 5), "color"), Some("\"#d62728\""));
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
