//! Analysis -> picture: a position as a Graphviz graph, built with `graphviz-rust`'s graph
//! model ([`dot_structures`](graphviz_rust::dot_structures)) and printed as DOT text.
//!
//! [`position`] draws every graph of a position side by side, each in its own cluster
//! titled `name = *value`, under a title with the nim-sum and the winner, next to a small
//! legend. Two pictures are available ([`Options::reduced`]):
//!
//! - **as written** (the default): every vertex of the input, the ground vertices as a row
//!   of dark boxes at the bottom, every edge labelled with its 1-based input index.
//!   Bridges are black, the edges of each 2-edge-connected block (the cycles that the
//!   Fusion Principle turns into loops) share a colour, edges not attached to the ground are
//!   dashed grey, winning moves are bold red. Under a vertex's name, `*n` is the value of
//!   what hangs above it: for the lowest vertex of a block, the block's value (its loops and
//!   everything above it); for any other vertex, the nim-sum of `value + 1` over the
//!   branches hanging from it by bridges. A vertex from which nothing hangs by a bridge
//!   shows no value.
//! - **reduced**: the Colon Principle tree. Each block is one vertex (its edges fused into
//!   loops), carrying one twig when it has an odd number of edges; the blocks are joined
//!   by the bridges. Every vertex shows its value, so one reads the computation bottom-up:
//!   a vertex is worth its twig XOR the sum of `child + 1` over its bridges.
//!
//! Node ids never contain vertex names (`n<graph>_<vertex id>`, `b<graph>_<block>`), so
//! they are unique across graphs and safe whatever the names are; names only appear in
//! labels, quoted so that Graphviz shows them literally (quotes, backslashes, `&`,
//! control characters, any Unicode).
//!
//! [`to_text`] prints the model as DOT; [`render`] runs Graphviz `dot` on it.

use std::collections::{HashSet, VecDeque};
use std::fmt;

use graphviz_rust::cmd::{CommandArg, Format};
use graphviz_rust::dot_structures::{
    Attribute, Edge, EdgeTy, Graph as DotGraph, Id, Node, NodeId, Stmt, Subgraph, Vertex,
};
use graphviz_rust::printer::{DotPrinter, PrinterContext};
use petgraph::graph::{EdgeIndex, NodeIndex};
use petgraph::unionfind::UnionFind;

use super::Winner;
use super::text::{star, winner};
use crate::analysis::{Analysis, BlockId, EdgeRole};
use crate::model::{Graph, Node as ModelNode};

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
pub struct RenderError {
    kind: RenderErrorKind,
}

#[derive(Debug)]
enum RenderErrorKind {
    /// The `dot` executable is not on the `PATH`.
    NotInstalled,
    /// `dot` ran and failed, or could not be run: what it or the system said.
    Failed(String),
}

impl RenderError {
    /// Whether the error is that Graphviz `dot` is not installed (not on the `PATH`).
    pub fn is_not_installed(&self) -> bool {
        matches!(self.kind, RenderErrorKind::NotInstalled)
    }
}

impl fmt::Display for RenderError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            RenderErrorKind::NotInstalled => f.write_str(
                "Graphviz `dot` was not found on the PATH; install Graphviz to render \
                 (apt-get install graphviz, brew install graphviz, or see \
                 https://graphviz.org/download/), or write the DOT text and render it elsewhere",
            ),
            RenderErrorKind::Failed(message) => {
                write!(f, "Graphviz `dot` failed: {}", message.trim_end())
            }
        }
    }
}

impl std::error::Error for RenderError {}

/// One position (its title, e.g. the file name or `file#3`) as a graphviz-rust graph
/// model.
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
/// let picture = dot::position("triangle.hb", &graphs, &[], &dot::Options::default());
/// let text = dot::to_text(&picture);
/// assert!(text.starts_with("graph \"triangle.hb\" {"));
/// assert!(text.contains("rank=sink"));
/// ```
pub fn position(
    title: &str,
    graphs: &[(Graph, Analysis)],
    winning: &[Vec<EdgeIndex>],
    options: &Options,
) -> DotGraph {
    let any_winning = winning.iter().any(|w| !w.is_empty());
    let mut stmts = vec![
        Stmt::Attribute(attr("newrank", plain("true"))),
        Stmt::Attribute(attr("nodesep", plain("0.3"))),
        Stmt::Attribute(attr("ranksep", plain("0.4"))),
        Stmt::Attribute(attr("fontname", quoted(FONT))),
        Stmt::GAttribute(graphviz_rust::dot_structures::GraphAttributes::Node(vec![
            attr("fontname", quoted(FONT)),
            attr("fontsize", plain("11")),
            attr("margin", quoted("0.06,0.03")),
            attr("height", plain("0.3")),
        ])),
        Stmt::GAttribute(graphviz_rust::dot_structures::GraphAttributes::Edge(vec![
            attr("fontname", quoted(FONT)),
            attr("fontsize", plain("10")),
            attr("penwidth", plain("1.5")),
        ])),
    ];
    // The ground nodes of all graphs, in one row at the bottom.
    let mut ground_row = vec![Stmt::Attribute(attr("rank", plain("sink")))];
    for (i, (graph, analysis)) in graphs.iter().enumerate() {
        let number = i + 1;
        let moves = winning.get(i).map_or(&[][..], Vec::as_slice);
        let cluster = if options.reduced {
            ground_row.push(Stmt::Node(node(&format!("b{number}_0"), Vec::new())));
            reduced_cluster(number, graph, analysis, moves)
        } else {
            for &g in &graph.decl.ground {
                ground_row.push(Stmt::Node(node(&format!("n{number}_{g}"), Vec::new())));
            }
            plain_cluster(number, graph, analysis, moves)
        };
        stmts.push(Stmt::Subgraph(cluster));
    }
    if ground_row.len() > 1 {
        stmts.push(Stmt::Subgraph(Subgraph {
            id: plain("ground"),
            stmts: ground_row,
        }));
    }
    if graphs.is_empty() {
        stmts.push(Stmt::Node(node(
            "empty",
            vec![
                attr("shape", plain("plaintext")),
                attr("label", quoted("(no graphs)")),
            ],
        )));
    }
    stmts.push(Stmt::Subgraph(legend(options, any_winning)));
    // Set last: subgraphs would inherit these (a cluster without a label of its own
    // would show the title again).
    stmts.push(Stmt::Attribute(attr(
        "label",
        position_label(title, graphs),
    )));
    stmts.push(Stmt::Attribute(attr("labelloc", plain("t"))));
    stmts.push(Stmt::Attribute(attr("fontsize", plain("16"))));
    DotGraph::Graph {
        id: quoted(title),
        strict: false,
        stmts,
    }
}

/// The DOT text of a graph model (graphviz-rust's printer), ending with a newline.
pub fn to_text(graph: &DotGraph) -> String {
    let mut text = graph.print(&mut PrinterContext::default());
    text.push('\n');
    text
}

/// Runs Graphviz `dot` (through graphviz-rust's `exec`) to render `graph` in `format`,
/// and returns the output file's bytes.
///
/// Fails with an error saying how to install Graphviz when `dot` is missing, and with
/// `dot`'s message when it fails. Warnings `dot` prints while succeeding are not
/// reported.
pub fn render(graph: &DotGraph, format: RenderFormat) -> Result<Vec<u8>, RenderError> {
    let format = match format {
        RenderFormat::Svg => Format::Svg,
        RenderFormat::Png => Format::Png,
        RenderFormat::Pdf => Format::Pdf,
    };
    graphviz_rust::exec(
        graph.clone(),
        &mut PrinterContext::default(),
        vec![CommandArg::Format(format)],
    )
    .map_err(|e| RenderError {
        kind: if e.kind() == std::io::ErrorKind::NotFound {
            RenderErrorKind::NotInstalled
        } else {
            RenderErrorKind::Failed(e.to_string())
        },
    })
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
        EdgeStyle::Block(color) => {
            attrs.push(attr("color", quoted(color)));
            attrs.push(attr("fontcolor", quoted(color)));
        }
        EdgeStyle::Dropped => {
            attrs.push(attr("style", plain("dashed")));
            attrs.push(attr("color", quoted(DROPPED)));
            attrs.push(attr("fontcolor", quoted(DROPPED)));
        }
        EdgeStyle::Winning => {
            attrs.push(attr("color", quoted(WINNING)));
            attrs.push(attr("fontcolor", quoted(WINNING)));
            attrs.push(attr("penwidth", plain("3")));
            attrs.push(attr("style", plain("bold")));
        }
    }
    attrs
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

fn plain_cluster(
    number: usize,
    graph: &Graph,
    analysis: &Analysis,
    winning: &[EdgeIndex],
) -> Subgraph {
    let colors = block_colors(analysis);
    let net = &graph.net;
    let vid = |v: u32| format!("n{number}_{v}");
    let mut stmts = vec![Stmt::Attribute(attr(
        "label",
        cluster_label(graph, analysis),
    ))];
    stmts.extend(cluster_style());

    // Ground vertices: dark boxes, put in the bottom row by `position`.
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
                attrs.push(attr("color", quoted(DROPPED)));
                attrs.push(attr("fontcolor", quoted(DROPPED)));
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

    // The edges, in input order, each drawn from its upper end down.
    let height = heights(graph);
    let flat = flat_edges(graph, &height);
    for (j, e) in graph.decl.edges.iter().enumerate() {
        let edge = EdgeIndex::new(j);
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
        let mut attrs = vec![if flat {
            attr("xlabel", quoted(&(j + 1).to_string()))
        } else {
            edge_label(j)
        }];
        attrs.extend(edge_style(style));
        if flat {
            attrs.push(attr("constraint", plain("false")));
        }
        stmts.push(Stmt::Edge(edge_stmt(&vid(upper), &vid(lower), attrs)));
    }

    Subgraph {
        id: plain(format!("cluster_{number}")),
        stmts,
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
/// (the top of an odd cycle, a chord), as long as the flat edges of a height form paths,
/// which can lie side by side on one row; any other edge pushes one end a row up, rather
/// than arching around the row.
fn flat_edges(graph: &Graph, height: &[usize]) -> Vec<bool> {
    let net = &graph.net;
    let mut degree = vec![0u8; net.node_count()];
    let mut paths = UnionFind::<usize>::new(net.node_count());
    let mut pairs = HashSet::new();
    net.edge_indices()
        .map(|e| {
            let (a, b) = net.edge_endpoints(e).expect("edge of the graph");
            if a == b || height[a.index()] != height[b.index()] {
                return false;
            }
            let pair = (a.min(b), a.max(b));
            if pairs.contains(&pair) {
                return true; // parallel to a flat edge
            }
            if degree[a.index()] >= 2 || degree[b.index()] >= 2 {
                return false;
            }
            if !paths.union(a.index(), b.index()) {
                return false; // would close a cycle
            }
            degree[a.index()] += 1;
            degree[b.index()] += 1;
            pairs.insert(pair);
            true
        })
        .collect()
}

// ---------------------------------------------------------------------------------------
// The reduction

fn reduced_cluster(
    number: usize,
    graph: &Graph,
    analysis: &Analysis,
    winning: &[EdgeIndex],
) -> Subgraph {
    let colors = block_colors(analysis);
    let bid = |b: BlockId| format!("b{number}_{b}");
    let mut stmts = vec![Stmt::Attribute(attr(
        "label",
        cluster_label(graph, analysis),
    ))];
    stmts.extend(cluster_style());

    // Winning cuts inside each block (they are not bridges, so the picture has no edge
    // for them: the block says so).
    let mut winning_inside: Vec<Vec<usize>> = vec![Vec::new(); analysis.blocks.len()];
    for &e in winning {
        if let Some(EdgeRole::Internal(b)) = analysis.edge_roles.get(e.index()) {
            winning_inside[*b as usize].push(e.index() + 1);
        }
    }

    for (b, block) in analysis.blocks.iter().enumerate() {
        let b = b as BlockId;
        let nodes = analysis.block_nodes(b);
        let mut lines = Vec::new();
        if b == 0 {
            lines.push(ground_names(graph));
        } else {
            lines.push(names_of(graph, nodes));
        }
        if block.edge_count > 0 {
            lines.push(format!(
                "{} edge{} → {} loop{} ({})",
                block.edge_count,
                plural(block.edge_count),
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
        let inside = &winning_inside[b as usize];
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
            if let Some(color) = colors[b as usize] {
                attrs.push(attr("color", quoted(color)));
                attrs.push(attr("penwidth", plain("2")));
            }
            attrs
        };
        if !inside.is_empty() {
            attrs.push(attr("color", quoted(WINNING)));
            attrs.push(attr("penwidth", plain("3")));
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
    Subgraph {
        id: plain(format!("cluster_{number}")),
        stmts,
    }
}

/// "ground" or "ground: a, b" for several ground vertices (fused into one).
fn ground_names(graph: &Graph) -> String {
    let ground = &graph.decl.ground;
    if ground.len() <= 1 {
        return "ground".to_string();
    }
    let names: Vec<String> = ground
        .iter()
        .take(4)
        .map(|&g| graph.decl.vertices.name(g).to_string())
        .collect();
    let more = if ground.len() > 4 {
        format!(" +{} more", ground.len() - 4)
    } else {
        String::new()
    };
    format!("ground: {}{more}", names.join(", "))
}

/// The names of a block's nodes, its top first: "a" or "{a, b, c}" (at most 4 names).
fn names_of(graph: &Graph, nodes: &[NodeIndex]) -> String {
    let names: Vec<String> = nodes.iter().take(4).map(|&n| graph.node_name(n)).collect();
    if nodes.len() == 1 {
        return names[0].clone();
    }
    let more = if nodes.len() > 4 {
        format!(" +{} more", nodes.len() - 4)
    } else {
        String::new()
    };
    format!("{{{}{more}}}", names.join(", "))
}

// ---------------------------------------------------------------------------------------
// Titles and legend

fn cluster_style() -> Vec<Stmt> {
    vec![
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

/// The title, then `*1 + *3 = *2: first player wins`.
fn position_label(title: &str, graphs: &[(Graph, Analysis)]) -> Id {
    let nim_sum = graphs.iter().fold(0, |acc, (_, a)| acc ^ a.value);
    let sum = if graphs.len() > 1 && graphs.len() <= 8 {
        let terms: Vec<String> = graphs.iter().map(|(_, a)| star(a.value)).collect();
        format!("{} = {}", terms.join(" + "), star(nim_sum))
    } else {
        format!("nim-sum {}", star(nim_sum))
    };
    quoted(&format!("{title}\n{sum}: {}", winner(Winner::of(nim_sum))))
}

/// A cluster of short sticks, one per edge style, and a note on the labels.
fn legend(options: &Options, any_winning: bool) -> Subgraph {
    let mut stmts = vec![
        Stmt::Attribute(attr("label", quoted("legend"))),
        Stmt::Attribute(attr("labelloc", plain("t"))),
        Stmt::Attribute(attr("fontsize", plain("11"))),
        Stmt::Attribute(attr("style", quoted("rounded,dashed"))),
        Stmt::Attribute(attr("color", quoted("#bbbbbb"))),
        Stmt::Attribute(attr("fontcolor", quoted(MUTED))),
        Stmt::Attribute(attr("margin", plain("10"))),
    ];
    let mut entries = vec![("bridge", EdgeStyle::Bridge)];
    if options.reduced {
        entries.push(("twig: odd loops", EdgeStyle::Block(PALETTE[0])));
    } else {
        entries.push(("cycle block", EdgeStyle::Block(PALETTE[0])));
        entries.push(("dropped", EdgeStyle::Dropped));
    }
    if any_winning {
        entries.push(("winning move", EdgeStyle::Winning));
    }
    // One row per entry: a point, a short line in the style, the text. Rows are stacked
    // by invisible edges between their points.
    for (k, (text, style)) in entries.iter().enumerate() {
        let point = format!("legend_{k}");
        let label = format!("legend_{k}_text");
        stmts.push(Stmt::Subgraph(Subgraph {
            id: plain(format!("legend_row_{k}")),
            stmts: vec![
                Stmt::Attribute(attr("rank", plain("same"))),
                Stmt::Node(node(
                    &point,
                    vec![
                        attr("shape", plain("point")),
                        attr("width", plain("0.06")),
                        attr("color", quoted(MUTED)),
                    ],
                )),
                Stmt::Node(node(
                    &label,
                    vec![
                        attr("shape", plain("plaintext")),
                        attr("fontsize", plain("10")),
                        attr("label", quoted(text)),
                    ],
                )),
            ],
        }));
        let attrs = edge_style(*style);
        stmts.push(Stmt::Edge(edge_stmt(&point, &label, attrs)));
        if k > 0 {
            stmts.push(Stmt::Edge(edge_stmt(
                &format!("legend_{}", k - 1),
                &point,
                vec![attr("style", plain("invis"))],
            )));
        }
    }
    let note: &[&str] = if options.reduced {
        &[
            "each block of cycles is one vertex;",
            "its edges are loops: a twig if odd",
            "value = twig + sum of (branch + 1)",
            "over the bridges above (+ is XOR)",
        ]
    } else {
        &[
            "n = input edge number",
            "*n under a name: value of what hangs",
            "above it (lowest vertex of a block:",
            "the block and all above; otherwise",
            "XOR of (branch + 1) over its bridges)",
        ]
    };
    stmts.push(Stmt::Node(node(
        "legend_note",
        vec![
            attr("shape", plain("plaintext")),
            attr("fontsize", plain("9")),
            attr("fontcolor", quoted(MUTED)),
            attr("label", left_justified(note)),
        ],
    )));
    stmts.push(Stmt::Edge(edge_stmt(
        &format!("legend_{}", entries.len() - 1),
        "legend_note",
        vec![attr("style", plain("invis"))],
    )));
    Subgraph {
        id: plain("cluster_legend"),
        stmts,
    }
}

// ---------------------------------------------------------------------------------------
// Building blocks of the model

fn plain(text: impl Into<String>) -> Id {
    Id::Plain(text.into())
}

/// A quoted DOT string showing `text` literally in a label: `"` and `\` are escaped,
/// `&` is written `&amp;` (Graphviz reads entities in labels), a line break becomes `\n`
/// (a centred line break) and other control characters are shown as Rust escapes.
fn quoted(text: &str) -> Id {
    Id::Escaped(format!("\"{}\"", escape(text)))
}

/// A quoted DOT string showing `lines` left-justified (each ends with `\l`).
fn left_justified(lines: &[&str]) -> Id {
    let mut out = String::from("\"");
    for line in lines {
        out.push_str(&escape(line));
        out.push_str("\\l");
    }
    out.push('"');
    Id::Escaped(out)
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
            c if c.is_control() => {
                for e in c.escape_default() {
                    if e == '\\' {
                        out.push_str("\\\\");
                    } else {
                        out.push(e);
                    }
                }
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

fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}
