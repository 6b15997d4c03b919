//! Position -> cgsuite text with every edge in its input order, for `hackenbush convert`:
//! read back, edge `j` of a graph is edge `j`. [`write`](super::write()) lists a graph's edges along a depth-first
//! search from the ground, which keeps the values and the winning moves but not the edge
//! numbers, and leaves out the edges not attached to the ground. Here a graph is written
//! as a string that lists its edges **in input order** ([`write_kept`]), and refused when no
//! string can:
//!
//! - a string is read from the ground up: an edge not attached to the ground (never a
//!   move) cannot be in it;
//! - the string is a walk: after an edge comes an edge from its top, or from a vertex on
//!   the way back down to the ground (the vertices where a group `(a;b)` is open). An
//!   input order that leaves that way cannot be kept.
//!
//! Any string read from a cgsuite file lists its edges in an order a string can keep, so
//! cgsuite converts to cgsuite always; a tree or a cactus listed from the ground up (hb
//! files mostly are, POJ judge data often) converts too; a shuffled order does not.
//!
//! Whether a string can keep the order is decided greedily, edge by edge: the edge starts
//! at the deepest vertex of the walk that is one of its ends. That is never a wrong
//! choice: the walk it leaves holds, in order, every vertex the walk of any other choice
//! holds, so whatever edges could follow the other choice can follow this one.
//!
//! Complexity: O(V + E) time; about 20 bytes per edge besides the position.

use std::io::Write;

use crate::dfs::{self, Adjacency};
use crate::diagnostic::Diagnostic;
use crate::syntax::write::{Out, Put, WriteError};
use crate::syntax::{GraphDecl, Position};

/// Writes `position` as one line of the cgsuite format, each graph a CGSuite string that
/// lists its edges in input order: read back, edge `j` is edge `j`. Labels are made up as
/// [`write`](super::write()) makes them (`:{ground}`, `:{v1}`, ... for the vertices met more than
/// once), graph names are dropped, a graph without edges is `.`, and so is a position
/// without graphs (one graph worth 0: the format has no empty position). Refuses a graph
/// whose edge order no string keeps (see the module documentation), before writing
/// anything.
pub fn write_kept<W: Write>(out: &mut W, position: &Position) -> Result<(), WriteError> {
    if let Some(refusal) = refusal_kept(position) {
        return Err(refusal.into());
    }
    super::write::line(out, position, |o, graph| {
        let (ends, nodes) = super::write::fused_ends(graph);
        match Walk::plan(&ends, nodes) {
            Ok(walk) => Ok(walk.write(o, graph)?),
            // Checked above: never here.
            Err(_) => Err(WriteError::Unwritable(
                "cgsuite cannot keep the edge order".into(),
            )),
        }
    })
}

/// The first graph of `position` whose edge order no CGSuite string keeps: a diagnostic
/// at the edge that cannot be placed.
pub fn refusal_kept(position: &Position) -> Option<Diagnostic> {
    position.graphs.iter().enumerate().find_map(|(i, graph)| {
        let (ends, nodes) = super::write::fused_ends(graph);
        let stuck = Walk::plan(&ends, nodes).err()?;
        Some(stuck.diagnostic(graph, i, &ends, nodes))
    })
}

/// "No path position", "no node".
const NONE: u32 = u32::MAX;

/// A graph's edges as a string lists them, in input order: the string's vertices
/// (occurrences: 0 is the ground it starts at, `k + 1` the top of edge `k`) form a tree in
/// which edge `k` hangs from occurrence `from[k]`; the string is that tree in preorder.
struct Walk {
    /// Per edge: the occurrence it hangs from.
    from: Vec<u32>,
    /// Per occurrence: its node (of [`write::fused_ends`]; 0 is the ground).
    node: Vec<u32>,
    /// Per occurrence: how many edges hang from it, up to 2 (2 or more make a group).
    children: Vec<u8>,
    /// Per node: whether it occurs more than once, hence is labelled.
    labelled: Vec<bool>,
}

/// Why an edge order cannot be kept.
struct Stuck {
    /// The edge that cannot be placed (0-based).
    edge: usize,
    /// The walk before it, as nodes from the ground up.
    walk: Vec<u32>,
}

impl Walk {
    /// Places every edge (`ends`, on `nodes` nodes), in order, at the deepest vertex of
    /// the walk that is one of its ends (see the module documentation); the first edge
    /// with neither end on the walk is the error.
    fn plan(ends: &[(u32, u32)], nodes: usize) -> Result<Walk, Stuck> {
        // The walk from the ground to the last edge's top: per step its occurrence, and
        // the step below it with the same node. Per node, its highest step.
        let mut path: Vec<(u32, u32)> = vec![(0, NONE)];
        let mut top = vec![NONE; nodes];
        top[0] = 0;
        let mut occurs = vec![0u8; nodes];
        occurs[0] = 1;
        let mut walk = Walk {
            from: Vec::with_capacity(ends.len()),
            node: Vec::with_capacity(ends.len() + 1),
            children: Vec::with_capacity(ends.len() + 1),
            labelled: Vec::new(),
        };
        walk.node.push(0);
        walk.children.push(0);
        for (k, &(a, b)) in ends.iter().enumerate() {
            let (at_a, at_b) = (top[a as usize], top[b as usize]);
            let (step, new) = match (at_a, at_b) {
                (NONE, NONE) => {
                    let walk = path.iter().map(|&(occ, _)| walk.node[occ as usize]);
                    return Err(Stuck {
                        edge: k,
                        walk: walk.collect(),
                    });
                }
                (NONE, _) => (at_b, a),
                (_, NONE) => (at_a, b),
                _ if at_a >= at_b => (at_a, b),
                _ => (at_b, a),
            };
            while path.len() > step as usize + 1 {
                let (occ, below) = path.pop().expect("deeper than the step");
                top[walk.node[occ as usize] as usize] = below;
            }
            let parent = path[step as usize].0;
            walk.from.push(parent);
            let count = &mut walk.children[parent as usize];
            *count = (*count + 1).min(2);
            let occ = k as u32 + 1;
            walk.node.push(new);
            walk.children.push(0);
            occurs[new as usize] = (occurs[new as usize] + 1).min(2);
            path.push((occ, top[new as usize]));
            top[new as usize] = step + 1;
        }
        walk.labelled = occurs.iter().map(|&n| n >= 2).collect();
        Ok(walk)
    }

    /// Writes the string: the tree of occurrences in preorder, each edge its letter, a
    /// node met more than once labelled at each occurrence, the edges hanging from an
    /// occurrence in a group `(a;b;...)` when there are two or more.
    fn write<W: Write>(&self, o: &mut Out<'_, W>, graph: &GraphDecl) -> std::io::Result<()> {
        if self.labelled[0] {
            o.bytes(b":{ground}")?;
        } else if self.children[0] == 0 {
            o.byte(b'.')?;
        }
        if self.children[0] >= 2 {
            o.byte(b'(')?;
        }
        // Per node its label number (0 until it is written); per occurrence whether an
        // edge hanging from it is written (the next one follows a `;`); the occurrences
        // from the ground to the last edge's top.
        let mut label = vec![0u32; self.labelled.len()];
        let mut labels = 0;
        let mut started = vec![false; self.node.len()];
        let mut open = vec![0u32];
        let close = |o: &mut Out<'_, W>, occ: u32| {
            if self.children[occ as usize] >= 2 {
                o.byte(b')')?;
            }
            Ok::<_, std::io::Error>(())
        };
        for (k, &parent) in self.from.iter().enumerate() {
            while let Some(&last) = open.last()
                && last != parent
            {
                open.pop();
                close(o, last)?;
            }
            if std::mem::replace(&mut started[parent as usize], true) {
                o.byte(b';')?;
            }
            o.byte(super::write::letter(graph.edges[k].colour))?;
            let occ = k as u32 + 1;
            let node = self.node[occ as usize] as usize;
            if node == 0 && self.labelled[0] {
                o.bytes(b":{ground}")?;
            } else if self.labelled[node] {
                if label[node] == 0 {
                    labels += 1;
                    label[node] = labels;
                }
                super::write::write_label(o, label[node])?;
            }
            if self.children[occ as usize] >= 2 {
                o.byte(b'(')?;
            }
            open.push(occ);
        }
        while let Some(occ) = open.pop() {
            close(o, occ)?;
        }
        Ok(())
    }
}

impl Stuck {
    /// The refusal, at the edge that cannot be placed in graph `index` (its nodes `ends`,
    /// on `nodes` nodes): not attached to the ground, or not on the walk so far.
    fn diagnostic(
        &self,
        graph: &GraphDecl,
        index: usize,
        ends: &[(u32, u32)],
        nodes: usize,
    ) -> Diagnostic {
        let e = &graph.edges[self.edge];
        let name = |v: u32| graph.vertices.name(v).to_string();
        let what = format!(
            "edge {} ({}-{}) of {}",
            self.edge + 1,
            name(e.u),
            name(e.v),
            graph.display_name(index)
        );
        let (a, _) = ends[self.edge];
        let adjacency = Adjacency::new(nodes, ends.to_vec(), true);
        let reached = dfs::walk(&adjacency, nodes, 0, |_| {
            Ok::<_, std::convert::Infallible>(())
        });
        let attached = reached.is_ok_and(|visited| visited.pre[a as usize] != dfs::NONE);
        if !attached {
            return Diagnostic::new(
                e.span,
                format!("cgsuite cannot write {what}: it is not attached to the ground"),
                "not attached to the ground",
            )
            .with_help(
                "a CGSuite string is read from the ground up, and this edge is never a \
                 move; hb, json, dot and christmas hold every edge",
            );
        }
        Diagnostic::new(
            e.span,
            format!("cgsuite cannot write {what} in its place"),
            format!(
                "neither end is on the walk {}",
                self.shown_walk(graph, ends)
            ),
        )
        .with_help(
            "a CGSuite string lists the edges along a walk up from the ground, each from \
             the top of the edge before it or from a vertex on the way back down; hb, \
             json, dot and christmas keep any order",
        )
    }

    /// The walk so far, by vertex names from the ground up (`g-a-b`), its middle left out
    /// when it is long.
    fn shown_walk(&self, graph: &GraphDecl, ends: &[(u32, u32)]) -> String {
        const SHOWN: usize = 6;
        // A vertex of each node, for its name: the ground is called `ground` when there
        // are several ground vertices.
        let mut vertex = vec![NONE; self.walk.iter().max().map_or(0, |&n| n as usize + 1)];
        for (e, &(a, b)) in graph.edges.iter().zip(ends) {
            for (node, v) in [(a, e.u), (b, e.v)] {
                if let Some(slot) = vertex.get_mut(node as usize) {
                    *slot = v;
                }
            }
        }
        let name = |node: u32| match (node, &graph.ground[..]) {
            (0, [g]) => graph.vertices.name(*g).to_string(),
            (0, _) => "ground".to_string(),
            _ => graph.vertices.name(vertex[node as usize]).to_string(),
        };
        let steps = self.walk.len();
        let mut shown: Vec<String> = Vec::new();
        for (i, &node) in self.walk.iter().enumerate() {
            if steps > SHOWN && i == 1 {
                shown.push("...".to_string());
            }
            if steps <= SHOWN || i == 0 || i >= steps - (SHOWN - 1) {
                shown.push(name(node));
            }
        }
        shown.join("-")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::source::Source;
    use crate::syntax::{self, Format};

    fn parsed(format: Format, text: &str) -> Position {
        let source = Source::from_text("t", text).unwrap();
        syntax::parse(format, &source).next().unwrap().unwrap()
    }

    fn cgsuite_text(position: &Position) -> Result<String, String> {
        let mut out = Vec::new();
        write_kept(&mut out, position).map_err(|e| e.to_string())?;
        Ok(String::from_utf8(out).unwrap())
    }

    #[test]
    fn strings_keep_the_input_order() {
        for (hb, string) in [
            ("ground: g\ng-a-b-c\n", "eee\n"),
            // A triangle through the ground, then a flag below its top.
            ("ground: g\ng-a-b-g  a-c\n", ":{ground}e(ee:{ground};e)\n"),
            // Back to the ground for the third edge, which the fourth closes a cycle from.
            ("ground: g\ng-a-b  g-c  c-a\n", "(e:{v1}e;ee:{v1})\n"),
            // A loop, and a second ground vertex fused with the first.
            (
                "ground: g h\ng-a-a  a-h\n",
                ":{ground}e:{v1}e:{v1}e:{ground}\n",
            ),
            ("ground: g\n", ".\n"),
        ] {
            let position = parsed(Format::Hb, hb);
            assert_eq!(cgsuite_text(&position).unwrap(), string, "{hb}");
            let back = parsed(Format::Cgsuite, string);
            let edges = |p: &Position| p.graphs[0].edges.len();
            assert_eq!(edges(&back), edges(&position), "{hb}");
        }
    }

    #[test]
    fn an_order_no_string_keeps_is_refused_at_its_edge() {
        let refusal = |hb: &str| {
            let diagnostic = refusal_kept(&parsed(Format::Hb, hb)).unwrap();
            let error = cgsuite_text(&parsed(Format::Hb, hb)).unwrap_err();
            assert!(error.starts_with(&diagnostic.message), "{error}");
            (diagnostic.message, diagnostic.label)
        };
        let (message, _) = refusal("ground: g\ng-a  b-c\n");
        assert_eq!(
            message,
            "cgsuite cannot write edge 2 (b-c) of graph 1: it is not attached to the ground"
        );
        let (message, label) = refusal("graph: x\nground: g\ng-a-b  g-c  b-d\n");
        assert_eq!(
            message,
            "cgsuite cannot write edge 4 (b-d) of x in its place"
        );
        assert_eq!(label, "neither end is on the walk g-c");
        // The first edge must start at the ground.
        let (_, label) = refusal("ground: g\na-b  g-a\n");
        assert_eq!(label, "neither end is on the walk g");
        // A long walk is shown by its ends.
        let (_, label) = refusal("ground: g\ng-a-b-c-d-e-f-h-i  y-z  g-y\n");
        assert_eq!(label, "neither end is on the walk g-...-d-e-f-h-i");
    }
}
