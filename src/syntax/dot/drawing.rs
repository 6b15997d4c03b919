//! What a DOT file draws, as Graphviz builds it while it reads (`grammars/dot.md`,
//! sections 2-7), and the position that is: the grammar's productions call in here as they
//! read, and [`Drawing::finish`] hands the graphs to the sink.
//!
//! While reading, only what Graphviz decides at that moment is decided: a node is created
//! at its first mention, with the `node [...]` defaults in force then; an edge statement
//! makes its edges when it ends, merging them in a strict graph or by `key`; attributes are
//! checked (`ground` values) where they are written. What depends on the rest of the file
//! waits for the end: whether a subgraph is a cluster (`cluster=true` may come last in its
//! body, or in a later one), hence which graph each mention and edge lands in, and whether
//! the file has clusters at all. Every mention and edge keeps the subgraph opening it was
//! written in, and `finish` resolves the subgraphs to graphs in one pass, parents first.
//!
//! A subgraph is every opening of one name in one parent, as Graphviz finds it by name:
//! it keeps the defaults its bodies set (which a body sees over its parent's as they stand
//! then, as Graphviz looks a default up through the parents), whether it is said to be a
//! cluster, and its latest opening, so that an operand `subgraph s {…}` stands for the
//! nodes of every opening of `s` when its statement ends. In a strict graph, the edges
//! the statements of subgraphs make or merge are logged, so that a keyed edge can ask
//! whether its own subgraph holds an edge between its nodes (Graphviz's
//! `ok_to_make_edge`).
//!
//! Memory is linear in the input: per node its id and `ground` value, per mention
//! (`a` in `a -- b`) 16 bytes, per edge 40, per subgraph opening its id, label and name,
//! per subgraph 48 bytes; in a strict graph 8 bytes per edge made or merged in a
//! subgraph, and for each subgraph where a keyed edge is written the edges in it (an edge
//! is in at most [`MAX_DEPTH`](super::MAX_DEPTH) subgraphs).

use std::borrow::Cow;
use std::collections::HashMap;

use crate::diagnostic::Diagnostic;
use crate::source::Span;

use super::super::{Colour, GraphBuilder, GraphSink, VertexName, Vertices};
use super::token::Id;
use super::{LEGEND, MAX_OPERAND_EDGES};

/// The attributes of an edge that matter, each `None` until given.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct EdgeAttrs {
    /// Whether its `style` includes `invis`.
    invisible: Option<bool>,
    /// Its `label` and `xlabel` as edge numbers: 0 when not a number from 1 to 2^32 - 1.
    label: Option<u32>,
    xlabel: Option<u32>,
    /// Its `color`: who may cut it.
    colour: Option<Colour>,
}

impl EdgeAttrs {
    /// These attributes with `later` given over them.
    fn overlay(&mut self, later: EdgeAttrs) {
        self.invisible = later.invisible.or(self.invisible);
        self.label = later.label.or(self.label);
        self.xlabel = later.xlabel.or(self.xlabel);
        self.colour = later.colour.or(self.colour);
    }

    /// `style=invis` (among other styles or not): drawn by no one, a layout aid.
    fn invisible(self) -> bool {
        self.invisible == Some(true)
    }

    /// The edge's number: its `label` (or without one, its `xlabel`) as a decimal integer.
    fn number(self) -> Option<u32> {
        self.label.or(self.xlabel).filter(|&n| n != 0)
    }
}

/// The `node [...]` and `edge [...]` defaults: those a subgraph sets in its own bodies, or
/// those in force in a body.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Defaults {
    /// `node [ground=…]`.
    ground: Option<bool>,
    /// `edge [...]`.
    edge: EdgeAttrs,
}

impl Defaults {
    /// These defaults with `later` given over them.
    fn overlay(&mut self, later: Defaults) {
        self.ground = later.ground.or(self.ground);
        self.edge.overlay(later.edge);
    }
}

/// What the statements of a body are written in (opening 0: the graph's own body), and
/// the defaults in force there.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Scope {
    /// The subgraph opening (0: the graph's own body).
    pub opening: u32,
    /// The defaults of the subgraph over those of its parent, as they stand.
    defaults: Defaults,
}

/// An operand of an edge statement, as the grammar read it.
#[derive(Clone, Copy, Debug)]
pub(super) enum Operand {
    /// A list of nodes: `nodes[start..end]` of the statement's buffer.
    Nodes(u32, u32),
    /// A subgraph: its opening and span.
    Subgraph(u32, Span),
}

/// An attribute `key=value`.
#[derive(Debug)]
pub(super) struct Attr<'a> {
    pub key: Id<'a>,
    pub key_span: Span,
    pub value: Id<'a>,
    pub value_span: Span,
}

/// A graph's `label`, and whether it is HTML.
type Label<'a> = (Cow<'a, str>, bool);

/// One mention of a node (`a` in `a -- b` or `a [ground=true]`).
struct Mention {
    node: u32,
    opening: u32,
    span: Span,
}

/// One `{ … }` of the file, the graph's own body first: a subgraph opened (or opened
/// again, under the same name in the same parent).
struct Body<'a> {
    /// The subgraph it opens.
    subgraph: u32,
    /// The opening of the same subgraph before this one.
    previous: Option<u32>,
    id: Option<Cow<'a, str>>,
    header: Span,
    /// The last `label` given in it.
    label: Option<Label<'a>>,
    /// The last `name` given in it.
    name: Option<Label<'a>>,
    /// Its mentions are `mentions[start..end]`.
    start: u32,
    end: u32,
    /// Strict graphs: the edges put in it are `installs[from..to]` (`to` is `u32::MAX`
    /// while it is open).
    installs: (u32, u32),
}

/// A subgraph: every opening of one name in one parent (subgraph 0: the graph itself),
/// and what Graphviz keeps of it from one opening to the next.
struct Subgraph {
    /// The subgraph it is in (0 for the graph itself).
    parent: u32,
    /// Its first opening, and its latest.
    first: u32,
    latest: u32,
    /// Named `cluster…` (in any case).
    cluster_named: bool,
    /// Its last `cluster=…`.
    cluster_said: bool,
    /// The defaults set in its bodies, which its statements see over its parent's (the
    /// parent's as they stand then, as Graphviz looks a default up through the parents).
    defaults: Defaults,
    /// Strict graphs, once a keyed edge is written in it: its set of edges in `held`.
    held: Option<u32>,
}

impl Subgraph {
    fn cluster(&self) -> bool {
        self.cluster_named || self.cluster_said
    }
}

/// Strict graphs: the edges from a node to another, as written (several when keyed edges
/// were made in subgraphs without one).
#[derive(Clone, Copy, Debug)]
struct Pair {
    /// The last made, or changed by a statement.
    last: u32,
    /// How many.
    edges: u32,
}

/// One edge Graphviz makes.
struct Edge {
    a: u32,
    b: u32,
    span: Span,
    opening: u32,
    attrs: EdgeAttrs,
}

/// Where an opening's statements land.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Place {
    /// In graph `i` (0: the whole file, when it has no clusters).
    Graph(u32),
    /// In the legend cluster: ignored.
    Legend,
}

/// The drawing being read. See the [module documentation](self).
pub(super) struct Drawing<'a> {
    directed: bool,
    strict: bool,
    /// The file's nodes, interned by a builder of their own: node `n` is its vertex `n`.
    nodes: GraphBuilder,
    /// Per node, its `ground` attribute as given.
    ground: Vec<Option<bool>>,
    /// The node named `ground`, once mentioned.
    ground_node: Option<u32>,
    mentions: Vec<Mention>,
    openings: Vec<Body<'a>>,
    subgraphs: Vec<Subgraph>,
    /// Each named subgraph, by parent subgraph and name.
    named: HashMap<(u32, Cow<'a, str>), u32>,
    edges: Vec<Edge>,
    /// Strict graphs: the edges from a node to another, as written.
    pairs: HashMap<(u32, u32), Pair>,
    /// The edge from a node to another with a `key`, as written.
    keyed: HashMap<(u32, u32, Cow<'a, str>), u32>,
    /// Strict graphs: each edge (its two nodes, as written) made or merged by a
    /// statement in a subgraph, in order, so that the edges in a subgraph are those its
    /// openings' spans of it hold.
    installs: Vec<(u32, u32)>,
    /// Strict graphs: the edges in each subgraph where a keyed edge was written, kept
    /// from then on (a keyed edge is not made where an edge between its nodes is); see
    /// [`Subgraph::held`]. hashbrown's default hasher (foldhash): an edge may go into as
    /// many sets as there are subgraphs around it, and SipHash took most of the time.
    held: Vec<hashbrown::HashSet<(u32, u32)>>,
    /// The first statement in a strict graph that changes one of several edges from a
    /// node to another, which Graphviz chooses unpredictably.
    ambiguous: Option<Diagnostic>,
    /// Edges (and nodes gathered) for subgraph operands and node lists so far.
    operand_edges: u64,
}

impl<'a> Drawing<'a> {
    /// A drawing whose header (`strict graph name`) is at `header`.
    pub fn new(header: Span, id: Option<Cow<'a, str>>, directed: bool, strict: bool) -> Self {
        let mut drawing = Drawing {
            directed,
            strict,
            nodes: GraphBuilder::named(header),
            ground: Vec::new(),
            ground_node: None,
            mentions: Vec::new(),
            openings: Vec::new(),
            subgraphs: Vec::new(),
            named: HashMap::new(),
            edges: Vec::new(),
            pairs: HashMap::new(),
            ambiguous: None,
            keyed: HashMap::new(),
            installs: Vec::new(),
            held: Vec::new(),
            operand_edges: 0,
        };
        drawing.open(&Scope::default(), id, header);
        drawing
    }

    /// Whether it is a `digraph`.
    pub fn directed(&self) -> bool {
        self.directed
    }

    /// A subgraph opened (or opened again) in the body of `outer`, with its header
    /// (`subgraph id`, or `{`): the scope of its body. Graphviz finds a subgraph by name
    /// among its parent's, so a name opened again in the same parent is the same
    /// subgraph, with the defaults its earlier bodies set.
    pub fn open(&mut self, outer: &Scope, id: Option<Cow<'a, str>>, header: Span) -> Scope {
        let index = self.openings.len() as u32;
        let parent = self.subgraph_of(outer.opening);
        let mut previous = None;
        let known = id
            .as_ref()
            .filter(|_| index > 0)
            .and_then(|id| self.named.get(&(parent, id.clone())).copied());
        let subgraph = match known {
            Some(s) => {
                previous = Some(self.subgraphs[s as usize].latest);
                self.subgraphs[s as usize].latest = index;
                s
            }
            None => {
                let s = self.subgraphs.len() as u32;
                if let Some(id) = id.as_ref().filter(|_| index > 0) {
                    self.named.insert((parent, id.clone()), s);
                }
                let cluster_named = index > 0
                    && id
                        .as_deref()
                        .and_then(|id| id.get(..7))
                        .is_some_and(|p| p.eq_ignore_ascii_case("cluster"));
                self.subgraphs.push(Subgraph {
                    parent,
                    first: index,
                    latest: index,
                    cluster_named,
                    cluster_said: false,
                    defaults: Defaults::default(),
                    held: None,
                });
                s
            }
        };
        let start = self.mentions.len() as u32;
        self.openings.push(Body {
            subgraph,
            previous,
            id,
            header,
            label: None,
            name: None,
            start,
            end: start,
            installs: (self.installs.len() as u32, u32::MAX),
        });
        let mut defaults = outer.defaults;
        defaults.overlay(self.subgraphs[subgraph as usize].defaults);
        Scope {
            opening: index,
            defaults,
        }
    }

    /// The end of `opening`'s body.
    pub fn close(&mut self, opening: u32) {
        let o = &mut self.openings[opening as usize];
        o.end = self.mentions.len() as u32;
        o.installs.1 = self.installs.len() as u32;
    }

    fn subgraph_of(&self, opening: u32) -> u32 {
        self.openings
            .get(opening as usize)
            .map_or(0, |o| o.subgraph)
    }

    /// A mention of the node `name` at `span`: its index, new if it was not seen before.
    pub fn mention(&mut self, name: &str, span: Span, scope: &Scope) -> Result<u32, Diagnostic> {
        // A node id in canonical decimal (`7`, not `07`) is a numbered vertex, as in the
        // other formats; any other is a named one.
        let n = match super::super::lex::canonical_number(name.as_bytes()) {
            Some(number) => self.nodes.number(number, span)?,
            None => self.nodes.name_str(name, span)?,
        };
        if n as usize == self.ground.len() {
            self.ground.push(scope.defaults.ground);
            if name == "ground" {
                self.ground_node = Some(n);
            }
        }
        self.mentions.push(Mention {
            node: n,
            opening: scope.opening,
            span,
        });
        Ok(n)
    }

    /// A node statement's attributes, given to each of its nodes.
    pub fn node_attrs(
        &mut self,
        nodes: &[(u32, Span)],
        attrs: &[Attr<'a>],
    ) -> Result<(), Diagnostic> {
        for attr in attrs.iter().filter(|a| a.key.text() == "ground") {
            let ground = ground_value(attr)?;
            for &(n, _) in nodes {
                if !ground && Some(n) == self.ground_node {
                    return Err(Diagnostic::new(
                        attr.value_span,
                        "the node named `ground` is always a ground vertex",
                        "rename the node to make it an ordinary vertex",
                    ));
                }
                self.ground[n as usize] = Some(ground);
            }
        }
        Ok(())
    }

    /// `node [...]` or `edge [...]`: the defaults of the nodes created, or the edges
    /// made, after it in its subgraph (in this body and in those that open it again),
    /// and in the subgraphs inside it that do not set their own.
    pub fn defaults(
        &mut self,
        nodes: bool,
        scope: &mut Scope,
        attrs: &[Attr<'a>],
    ) -> Result<(), Diagnostic> {
        let mut given = Defaults::default();
        if nodes {
            for attr in attrs.iter().filter(|a| a.key.text() == "ground") {
                given.ground = Some(ground_value(attr)?);
            }
        } else {
            given.edge = edge_attrs(attrs)?.0;
        }
        scope.defaults.overlay(given);
        let subgraph = self.subgraph_of(scope.opening);
        self.subgraphs[subgraph as usize].defaults.overlay(given);
        Ok(())
    }

    /// A graph attribute (`label="…"`, `graph [...]`) of `opening`.
    pub fn graph_attr(&mut self, opening: u32, attr: &Attr<'a>) -> Result<(), Diagnostic> {
        let o = &mut self.openings[opening as usize];
        match &*attr.key.text() {
            "label" => o.label = Some((attr.value.text(), attr.value.html)),
            "name" => o.name = Some((attr.value.text(), attr.value.html)),
            "cluster" => {
                let said = boolean(&attr.value.text()) == Some(true);
                self.subgraphs[o.subgraph as usize].cluster_said = said;
            }
            "ground" => {
                return Err(Diagnostic::new(
                    attr.key_span,
                    "`ground` is a node attribute, not a graph attribute",
                    "write `node [ground=true]` to make the nodes that follow ground vertices",
                ));
            }
            _ => {}
        }
        Ok(())
    }

    /// The edges of an edge statement spanning `span`: each operand joined to the next,
    /// an operand standing for all its nodes.
    pub fn edges(
        &mut self,
        operands: &[Operand],
        nodes: &[(u32, Span)],
        attrs: &[Attr<'a>],
        scope: &Scope,
        span: Span,
    ) -> Result<(), Diagnostic> {
        let (given, key) = edge_attrs(attrs)?;
        let key = key.as_ref();
        let several = |op: &Operand| match *op {
            Operand::Nodes(start, end) => end - start > 1,
            Operand::Subgraph(..) => true,
        };
        if !operands.iter().any(several) {
            // A chain of single nodes, the common case: one edge per pair.
            let node = |op: Operand| match op {
                Operand::Nodes(start, _) => nodes[start as usize],
                Operand::Subgraph(..) => unreachable!("no subgraph operand here"),
            };
            for pair in operands.windows(2) {
                let ((a, a_span), (b, b_span)) = (node(pair[0]), node(pair[1]));
                self.edge((a, b), a_span.to(b_span), scope, given, key);
            }
            return Ok(());
        }
        let mut gathered = 0;
        let sides: Vec<Cow<'_, [(u32, Span)]>> = operands
            .iter()
            .map(|&op| match op {
                Operand::Nodes(start, end) => Cow::Borrowed(&nodes[start as usize..end as usize]),
                Operand::Subgraph(opening, span) => {
                    let (side, work) = self.subgraph_nodes(opening, span);
                    gathered += work;
                    Cow::Owned(side)
                }
            })
            .collect();
        let count = sides
            .windows(2)
            .map(|pair| (pair[0].len() as u64).saturating_mul(pair[1].len() as u64))
            .fold(0, u64::saturating_add);
        self.operand_edges = self
            .operand_edges
            .saturating_add(count)
            .saturating_add(gathered);
        if self.operand_edges > MAX_OPERAND_EDGES {
            return Err(Diagnostic::new(
                span,
                format!("too many edges from subgraph operands: this statement makes {count}"),
                format!(
                    "an operand `subgraph {{…}}` joins each of its nodes; at most {MAX_OPERAND_EDGES} edges are made that way"
                ),
            ));
        }
        for pair in sides.windows(2) {
            for &(a, a_span) in pair[0].iter() {
                for &(b, b_span) in pair[1].iter() {
                    self.edge((a, b), a_span.to(b_span), scope, given, key);
                }
            }
        }
        Ok(())
    }

    /// The nodes of the subgraph `opening` opens, as the statement that ends now finds
    /// them (Graphviz lists an operand's nodes when its edge statement ends, so a later
    /// operand opening it again adds to an earlier one): those of all its openings so far,
    /// in the order they were created, each with `span`; and how many mentions of
    /// openings other than `opening` that took.
    fn subgraph_nodes(&self, opening: u32, span: Span) -> (Vec<(u32, Span)>, u64) {
        let mut nodes = Vec::new();
        let subgraph = self.subgraph_of(opening);
        let mut next = Some(self.subgraphs[subgraph as usize].latest);
        while let Some(o) = next {
            let o = &self.openings[o as usize];
            nodes.extend(
                self.mentions[o.start as usize..o.end as usize]
                    .iter()
                    .map(|m| m.node),
            );
            next = o.previous;
        }
        let own = &self.openings[opening as usize];
        let others = (nodes.len() - (own.end - own.start) as usize) as u64;
        nodes.sort_unstable();
        nodes.dedup();
        (nodes.into_iter().map(|n| (n, span)).collect(), others)
    }

    /// One edge `a`-`b` of a statement, as Graphviz's `agedge` makes it: the edge with
    /// the same `key` between the same nodes (either way round, unless directed) is the
    /// same edge again, whose attributes the statement's change; so in a strict graph is
    /// any edge between them for a statement without a key. Either way the edge is then
    /// in the statement's subgraph too. In a strict graph a keyed edge is not made at all
    /// (`ok_to_make_edge`) when the statement's subgraph holds an edge from `a` to `b` as
    /// written, which an edge the other way round, or one elsewhere, is not.
    fn edge(
        &mut self,
        (a, b): (u32, u32),
        span: Span,
        scope: &Scope,
        given: EdgeAttrs,
        key: Option<&Cow<'a, str>>,
    ) {
        let undirected = !self.directed;
        let same = match key {
            Some(k) => (self.keyed.get(&(a, b, k.clone())))
                .or_else(|| {
                    undirected
                        .then(|| self.keyed.get(&(b, a, k.clone())))
                        .flatten()
                })
                .copied(),
            None if self.strict => {
                let pair = (self.pairs.get(&(a, b)))
                    .or_else(|| undirected.then(|| self.pairs.get(&(b, a))).flatten())
                    .copied();
                if let Some(pair) = pair.filter(|p| p.edges > 1) {
                    self.ambiguous(span, pair.edges);
                }
                pair.map(|p| p.last)
            }
            None => None,
        };
        let subgraph = self.subgraph_of(scope.opening);
        if let Some(e) = same {
            let edge = &mut self.edges[e as usize];
            edge.attrs.overlay(given);
            let ends = (edge.a, edge.b);
            if let Some(pair) = self.pairs.get_mut(&ends) {
                pair.last = e;
            }
            self.install(subgraph, ends);
            return;
        }
        if self.strict && key.is_some() && self.holds(subgraph, (a, b)) {
            return;
        }
        let index = self.edges.len() as u32;
        if self.strict {
            let pair = self
                .pairs
                .entry((a, b))
                .or_insert(Pair { last: 0, edges: 0 });
            pair.last = index;
            pair.edges += 1;
        }
        if let Some(k) = key {
            self.keyed.insert((a, b, k.clone()), index);
        }
        self.install(subgraph, (a, b));
        let mut attrs = scope.defaults.edge;
        attrs.overlay(given);
        self.edges.push(Edge {
            a,
            b,
            span,
            opening: scope.opening,
            attrs,
        });
    }

    /// A statement without a key, in a strict graph, that changes one of `edges` edges
    /// between its two nodes (made with keys in subgraphs that had none): Graphviz's
    /// `agedge` takes the first its search tree finds, which depends on the order of
    /// node names in memory; the last one made or changed is taken here. The first such
    /// statement is warned about.
    fn ambiguous(&mut self, span: Span, edges: u32) {
        if self.ambiguous.is_none() {
            self.ambiguous = Some(Diagnostic::warning(
                span,
                format!("this changes one of {edges} edges between these nodes in a strict graph"),
                "the last one made is taken; Graphviz may take another: give the statement the `key` of the one it means",
            ));
        }
    }

    /// Strict graphs: the edge from `a` to `b` is in `subgraph` now (and so in every
    /// subgraph around it).
    fn install(&mut self, subgraph: u32, ends: (u32, u32)) {
        if !self.strict || subgraph == 0 {
            return;
        }
        self.installs.push(ends);
        if self.held.is_empty() {
            return;
        }
        let mut s = subgraph;
        while s != 0 {
            let sub = &self.subgraphs[s as usize];
            if let Some(held) = sub.held {
                self.held[held as usize].insert(ends);
            }
            s = sub.parent;
        }
    }

    /// Strict graphs: whether `subgraph` holds an edge from `a` to `b` as written. The
    /// graph holds every edge; a subgraph, those made or merged by the statements of its
    /// openings, nested ones included: `installs` over their spans, gathered once, at
    /// the first keyed edge written in it, and kept up to date from then on by
    /// [`Drawing::install`]. Each subgraph gathers once, and an edge is kept by at most
    /// [`MAX_DEPTH`](super::MAX_DEPTH) subgraphs around it.
    fn holds(&mut self, subgraph: u32, ends: (u32, u32)) -> bool {
        if subgraph == 0 {
            return self.pairs.contains_key(&ends);
        }
        let held = match self.subgraphs[subgraph as usize].held {
            Some(held) => held,
            None => {
                let mut held = hashbrown::HashSet::new();
                let mut next = Some(self.subgraphs[subgraph as usize].latest);
                while let Some(o) = next {
                    let o = &self.openings[o as usize];
                    let (from, to) = o.installs;
                    let to = (to as usize).min(self.installs.len());
                    held.extend(self.installs[from as usize..to].iter().copied());
                    next = o.previous;
                }
                self.held.push(held);
                let index = self.held.len() as u32 - 1;
                self.subgraphs[subgraph as usize].held = Some(index);
                index
            }
        };
        self.held[held as usize].contains(&ends)
    }

    /// The position: decides which graph each opening is in, checks what only the whole
    /// file tells, and hands `warnings` and each graph to `sink`.
    pub fn finish(
        mut self,
        mut warnings: Vec<Diagnostic>,
        sink: &mut dyn GraphSink,
    ) -> Result<(), Diagnostic> {
        if let Some(ambiguous) = self.ambiguous.take() {
            let at = warnings.partition_point(|w| w.span.start <= ambiguous.span.start);
            warnings.insert(at, ambiguous);
        }
        let nodes = std::mem::replace(&mut self.nodes, GraphBuilder::named(Span::default()));
        let Vertices::Named(names) = nodes.finish().graph.vertices else {
            unreachable!("the nodes are named")
        };
        let layout = self.layout();
        if layout.clusters {
            let outside = self.edges.iter().find(|e| {
                layout.places[e.opening as usize] == Place::Graph(0) && !e.attrs.invisible()
            });
            if let Some(e) = outside {
                return Err(Diagnostic::new(
                    e.span,
                    "edge outside every cluster",
                    "in a file with clusters, each cluster is a graph: put the edge in one (or make it `style=invis`)",
                ));
            }
        }
        let members = self.members(&layout, &names)?;
        for warning in warnings {
            sink.warning(warning);
        }
        let edges = Buckets::new(
            layout.graphs.len(),
            self.edges.iter().enumerate().filter_map(|(i, e)| {
                let g = layout
                    .graph_of(e.opening)
                    .filter(|_| !e.attrs.invisible())?;
                Some((g, i as u32))
            }),
        );
        // Per node: 1 + the last graph whose edges touch it, and its vertex id there.
        let mut used = vec![0u32; self.ground.len()];
        let mut local = vec![0u32; self.ground.len()];
        let (mut order, mut seen): (Vec<&Edge>, _) = (Vec::new(), Vec::new());
        for (g, titles) in layout
            .graphs
            .iter()
            .enumerate()
            .skip(usize::from(layout.clusters))
        {
            let opening = &self.openings[titles.first as usize];
            order.clear();
            order.extend(edges.of(g).iter().map(|&e| &self.edges[e as usize]));
            number_order(&mut order, &mut seen);
            let stamp = g as u32 + 1;
            for e in &order {
                used[e.a as usize] = stamp;
                used[e.b as usize] = stamp;
            }
            let mut graph = GraphBuilder::named(opening.header);
            graph.set_name(graph_name(titles, opening.id.as_deref()));
            for &(n, span) in members.of(g) {
                let is_ground = self.is_ground(n);
                if !is_ground && used[n as usize] != stamp {
                    continue;
                }
                let id = graph.vertex(&names[n as usize], span)?;
                local[n as usize] = id;
                if is_ground {
                    graph.ground(id, span);
                }
            }
            graph.reserve_edges(order.len());
            for e in &order {
                graph
                    .edge(local[e.a as usize], local[e.b as usize], e.span)
                    .colour = e.attrs.colour.unwrap_or_default();
            }
            graph
                .finish()
                .hand_to(sink, g - usize::from(layout.clusters));
        }
        Ok(())
    }

    fn is_ground(&self, n: u32) -> bool {
        self.ground[n as usize].unwrap_or(Some(n) == self.ground_node)
    }

    /// Which graph each opening's statements land in: the outermost cluster around it
    /// (a subgraph, in all its openings; a cluster id opened again, the same graph), or
    /// graph 0, the whole file, outside every cluster. Subgraphs come in the order of
    /// their first opening, each after its parent: one pass over them, one over the
    /// openings.
    fn layout(&self) -> Layout<'_, 'a> {
        let root = &self.openings[0];
        let mut graphs = vec![Titles {
            first: 0,
            label: root.label.as_ref(),
            name: root.name.as_ref(),
        }];
        let mut by_id: HashMap<&str, u32> = HashMap::new();
        // Per subgraph: where its statements land, and whether it is a graph's cluster.
        let mut at: Vec<(Place, bool)> = Vec::with_capacity(self.subgraphs.len());
        for (s, sub) in self.subgraphs.iter().enumerate() {
            let place = match at.get(sub.parent as usize) {
                Some(&(Place::Graph(0), _)) if s > 0 && sub.cluster() => {
                    match self.openings[sub.first as usize].id.as_deref() {
                        Some(LEGEND) => (Place::Legend, false),
                        id => {
                            let g = match id.and_then(|id| by_id.get(id)) {
                                Some(&g) => g,
                                None => {
                                    graphs.push(Titles {
                                        first: sub.first,
                                        label: None,
                                        name: None,
                                    });
                                    let g = graphs.len() as u32 - 1;
                                    if let Some(id) = id {
                                        by_id.insert(id, g);
                                    }
                                    g
                                }
                            };
                            (Place::Graph(g), true)
                        }
                    }
                }
                Some(&(place, _)) if s > 0 => (place, false),
                _ => (Place::Graph(0), false),
            };
            at.push(place);
        }
        let mut places: Vec<Place> = Vec::with_capacity(self.openings.len());
        for o in &self.openings {
            let (place, cluster) = at[o.subgraph as usize];
            if let (Place::Graph(g), true) = (place, cluster) {
                let titles = &mut graphs[g as usize];
                titles.label = o.label.as_ref().or(titles.label);
                titles.name = o.name.as_ref().or(titles.name);
            }
            places.push(place);
        }
        let clusters = places.iter().any(|&p| p != Place::Graph(0));
        Layout {
            places,
            graphs,
            clusters,
        }
    }

    /// The nodes of each graph, each with its first mention there, in the order of their
    /// first mention: mentions in the order written, then the ends of edges. A node
    /// other than a ground vertex in two graphs is an error, at its first mention in the
    /// second (the earliest such mention of all).
    fn members(
        &self,
        layout: &Layout<'_, 'a>,
        names: &[VertexName],
    ) -> Result<Buckets<(u32, Span)>, Diagnostic> {
        let node_count = self.ground.len();
        let mut home = vec![u32::MAX; node_count];
        let mut last = vec![u32::MAX; node_count];
        let mut strayed = vec![false; node_count];
        let mut stray: Option<(u32, u32, Span)> = None;
        let mut joined = Vec::with_capacity(self.mentions.len());
        let ends = self
            .edges
            .iter()
            .flat_map(|e| [(e.a, e.opening, e.span), (e.b, e.opening, e.span)]);
        let joins = self
            .mentions
            .iter()
            .map(|m| (m.node, m.opening, m.span))
            .chain(ends);
        for (n, opening, span) in joins {
            let Some(g) = layout.graph_of(opening) else {
                continue;
            };
            let i = n as usize;
            if home[i] == u32::MAX {
                home[i] = g;
            } else if home[i] != g && !strayed[i] && !self.is_ground(n) {
                strayed[i] = true;
                if stray.is_none_or(|(_, _, s)| span.start < s.start) {
                    stray = Some((n, g, span));
                }
            }
            if last[i] != g {
                last[i] = g;
                joined.push((g, (n, span)));
            }
        }
        if let Some((n, g, span)) = stray {
            let describe =
                |g: u32| match &self.openings[layout.graphs[g as usize].first as usize].id {
                    Some(id) => format!("`{}`", shorten(id)),
                    None => format!("cluster {g}"),
                };
            return Err(Diagnostic::new(
                span,
                format!(
                    "node `{}` is in two graphs, {} and {}",
                    shorten(&names[n as usize].to_string()),
                    describe(home[n as usize]),
                    describe(g)
                ),
                "each cluster is a graph: only ground vertices may be in several",
            ));
        }
        Ok(Buckets::new(layout.graphs.len(), joined.into_iter()))
    }
}

/// Where each opening's statements land, and the graphs of the position.
struct Layout<'d, 'a> {
    /// Per opening.
    places: Vec<Place>,
    /// Per graph (0: the whole file), its first opening and what names it.
    graphs: Vec<Titles<'d, 'a>>,
    /// Whether the file has clusters: graph 0 is then no graph of the position.
    clusters: bool,
}

/// A graph's first opening, and the last `label` and `name` given in its openings.
struct Titles<'d, 'a> {
    first: u32,
    label: Option<&'d Label<'a>>,
    name: Option<&'d Label<'a>>,
}

impl Layout<'_, '_> {
    /// The graph of the position statements in `opening` belong to, if any.
    fn graph_of(&self, opening: u32) -> Option<u32> {
        match self.places[opening as usize] {
            Place::Graph(0) if self.clusters => None,
            Place::Graph(g) => Some(g),
            Place::Legend => None,
        }
    }
}

/// Items grouped by graph, in their order within each: two allocations in all, however
/// many graphs (a file may hold 10^5 tiny clusters).
struct Buckets<T> {
    items: Vec<T>,
    /// Graph `g`'s items are `items[starts[g]..starts[g + 1]]`.
    starts: Vec<usize>,
}

impl<T: Copy + Default> Buckets<T> {
    fn new(graphs: usize, tagged: impl Iterator<Item = (u32, T)>) -> Self {
        let tagged: Vec<(u32, T)> = tagged.collect();
        let mut starts = vec![0; graphs + 1];
        for &(g, _) in &tagged {
            starts[g as usize + 1] += 1;
        }
        for g in 0..graphs {
            starts[g + 1] += starts[g];
        }
        let mut next = starts.clone();
        let mut items = vec![T::default(); tagged.len()];
        for (g, item) in tagged {
            items[next[g as usize]] = item;
            next[g as usize] += 1;
        }
        Buckets { items, starts }
    }

    fn of(&self, g: usize) -> &[T] {
        &self.items[self.starts[g]..self.starts[g + 1]]
    }
}

/// Puts a graph's edges in the order of their numbers when every edge carries one and
/// they are exactly `1..=n` (as `hackenbush dot` labels them); otherwise leaves them in
/// the order they were made.
/// `seen` is a buffer to reuse.
fn number_order(edges: &mut [&Edge], seen: &mut Vec<bool>) {
    let n = edges.len();
    seen.clear();
    seen.resize(n, false);
    for e in edges.iter() {
        match e.attrs.number() {
            Some(k) if (1..=n).contains(&(k as usize)) && !seen[k as usize - 1] => {
                seen[k as usize - 1] = true;
            }
            _ => return,
        }
    }
    edges.sort_by_key(|e| e.attrs.number());
}

/// The attributes of an edge statement that matter, and its `key`.
fn edge_attrs<'a>(attrs: &[Attr<'a>]) -> Result<(EdgeAttrs, Option<Cow<'a, str>>), Diagnostic> {
    let mut given = EdgeAttrs::default();
    let mut key = None;
    for attr in attrs {
        let value = attr.value.text();
        match &*attr.key.text() {
            "style" => {
                given.invisible = Some(
                    value
                        .split(',')
                        .any(|part| part.trim().eq_ignore_ascii_case("invis")),
                );
            }
            "label" => given.label = Some(edge_number(&value)),
            "color" => given.colour = Some(edge_colour(&value, attr.value_span)?),
            "xlabel" => given.xlabel = Some(edge_number(&value)),
            "key" => key = Some(value),
            "ground" => {
                return Err(Diagnostic::new(
                    attr.key_span,
                    "`ground` is a node attribute, not an edge attribute",
                    "mark the ground vertex itself: `g [ground=true]`",
                ));
            }
            _ => {}
        }
    }
    Ok((given, key))
}

/// `color=blue|red|green` (in any case): who may cut the edge. Any other colour is an
/// error, since a picture's colours are the game here.
fn edge_colour(value: &str, span: Span) -> Result<Colour, Diagnostic> {
    let colour = [Colour::Blue, Colour::Red, Colour::Green]
        .into_iter()
        .find(|c| c.name().eq_ignore_ascii_case(value.trim()));
    colour.ok_or_else(|| {
        Diagnostic::new(
            span,
            format!("unknown edge colour `{}`", shorten(value)),
            "an edge is `color=blue` (Left cuts it), `red` (Right) or `green` (either)",
        )
    })
}

/// A label as an edge number: a decimal integer, blanks around it allowed; 0 if not.
fn edge_number(label: &str) -> u32 {
    let text = label.trim();
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return 0;
    }
    text.parse().unwrap_or(0)
}

/// A Graphviz boolean as `ground` takes it: `true`, `yes`, `1` or `false`, `no`, `0`, in
/// any case.
fn boolean(value: &str) -> Option<bool> {
    let is = |words: [&str; 3]| words.iter().any(|w| w.eq_ignore_ascii_case(value));
    if is(["true", "yes", "1"]) {
        Some(true)
    } else if is(["false", "no", "0"]) {
        Some(false)
    } else {
        None
    }
}

fn ground_value(attr: &Attr<'_>) -> Result<bool, Diagnostic> {
    let value = attr.value.text();
    boolean(&value).ok_or_else(|| {
        Diagnostic::new(
            attr.value_span,
            format!("invalid value `{}` for `ground`", shorten(&value)),
            "expected `true` or `false` (or `yes`/`no`, `1`/`0`)",
        )
    })
}

/// A graph's name: its `name`, read as a label is and taken whole (even empty); or else
/// what its `label` titles it ([`title_name`]); or else its id, without a `cluster`
/// prefix, and none if only a number is left. An HTML `name` or `label` names nothing.
fn graph_name(titles: &Titles<'_, '_>, id: Option<&str>) -> Option<String> {
    if let Some((name, false)) = titles.name {
        return Some(label_text(name));
    }
    if let Some((label, false)) = titles.label {
        let name = title_name(&label_text(label)).to_string();
        if !name.is_empty() {
            return Some(name);
        }
    }
    let id = id?;
    let id = match id.get(..7) {
        Some(prefix) if prefix.eq_ignore_ascii_case("cluster") => {
            id[7..].trim_start_matches(['_', '-', ' '])
        }
        _ => id,
    };
    (!id.is_empty() && !id.bytes().all(|b| b.is_ascii_digit())).then(|| id.to_string())
}

/// The name a graph's title gives it, the title as shown: all before the last ` = *n` that
/// ends a line (`hackenbush dot` titles a graph `name = *value`, and may add a note), or
/// else its first line (its title of a graph with blue or red edges is the name, then
/// `value 3/4`). `hackenbush dot` names a graph with `name` when this does not give its
/// name back.
pub(crate) fn title_name(title: &str) -> &str {
    let value_at = title
        .match_indices(" = *")
        .filter(|&(i, _)| {
            let rest = &title[i + 4..];
            let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
            digits > 0 && matches!(rest.as_bytes().get(digits), None | Some(b'\n'))
        })
        .last()
        .map(|(i, _)| i);
    match value_at {
        Some(i) => &title[..i],
        None => title.split('\n').next().unwrap_or(""),
    }
}

/// A label as shown: `\n`, `\l`, `\r` are line breaks, `\\` a backslash, `&amp;` and the
/// other basic entities their characters.
fn label_text(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => match chars.next() {
                Some('n' | 'l' | 'r') => out.push('\n'),
                Some(other) => out.push(other),
                None => {}
            },
            c => out.push(c),
        }
    }
    decode_entities(&out)
}

/// `&amp;`, `&lt;`, `&gt;`, `&quot;`, `&apos;`, `&#NN;` and `&#xHH;` as characters.
fn decode_entities(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(i) = rest.find('&') {
        out.push_str(&rest[..i]);
        rest = &rest[i..];
        // Entities are short: looking further for the `;` would make `&&&…` quadratic.
        let entity = rest.as_bytes()[1..]
            .iter()
            .take(10)
            .position(|&b| b == b';')
            .map(|j| &rest[1..=j]);
        let decoded = entity.and_then(|e| match e {
            "amp" => Some('&'),
            "lt" => Some('<'),
            "gt" => Some('>'),
            "quot" => Some('"'),
            "apos" => Some('\''),
            _ => {
                let number = e.strip_prefix('#')?;
                let code = match number.strip_prefix(['x', 'X']) {
                    Some(hex) => u32::from_str_radix(hex, 16).ok()?,
                    None => number.parse().ok()?,
                };
                char::from_u32(code)
            }
        });
        match (entity, decoded) {
            (Some(e), Some(c)) => {
                out.push(c);
                rest = &rest[e.len() + 2..];
            }
            _ => {
                out.push('&');
                rest = &rest[1..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// At most 20 characters of `text`, control characters escaped, `...` if cut.
pub(super) fn shorten(text: &str) -> String {
    let mut out: String = text
        .chars()
        .take(20)
        .flat_map(|c| {
            let escaped: Vec<char> = if c.is_control() {
                c.escape_default().collect()
            } else {
                vec![c]
            };
            escaped
        })
        .collect();
    if text.chars().nth(20).is_some() {
        out.push_str("...");
    }
    out
}
