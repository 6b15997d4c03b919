//! Syntax -> model: each graph as a `petgraph` undirected multigraph in which all ground
//! vertices are one node.
//!
//! Fusing the ground vertices does not change the game: cutting an edge never separates
//! two ground vertices from "the ground", so they behave as one vertex. Node
//! [`Graph::ground`] is that fused node (it exists even when the graph declares no ground,
//! in which case nothing is attached to it and the graph is worth 0). Edge `j` of the
//! petgraph graph is edge `j` of the input, so input order and edge indices agree.
//!
//! Only vertices that are used (the ground, and the ends of edges) become nodes.
//!
//! ```
//! use hackenbush::{model::Graph, source::Source, syntax::{self, Format}};
//!
//! let source = Source::from_text("two.hb", "ground: g h\ng-a-h\n")?;
//! let position = syntax::parse(Format::Hb, &source).next().unwrap()?;
//! let graph = Graph::build(position.graphs[0].clone(), 0);
//! // g and h are one node: the two edges are a cycle through the ground.
//! assert_eq!(graph.net.node_count(), 2);
//! assert_eq!(graph.vertex_count, 3);
//! assert_eq!(graph.name, "graph 1");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use petgraph::graph::{EdgeIndex, NodeIndex, UnGraph};

use crate::syntax::{Colour, EdgeDecl, GraphDecl, VertexName};

mod numbering;

pub use numbering::Numbering;

/// What a node of the model stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Node {
    /// All ground vertices, fused.
    Ground,
    /// One non-ground vertex of the input (its vertex id).
    Vertex(u32),
}

/// One graph of a position, ready for analysis.
#[derive(Clone, Debug)]
pub struct Graph {
    /// The name to show: the input's, or `graph N` / `tree N` (1-based) if it gave none.
    pub name: String,
    /// The graph as written: vertex names, ground list, edges with their spans.
    pub decl: GraphDecl,
    /// The multigraph: node weights say which vertex a node is; the weight of edge `j` is
    /// `j`, its index in [`GraphDecl::edges`].
    pub net: UnGraph<Node, u32>,
    /// How many distinct vertices of the input are used (ground vertices counted one by
    /// one, before fusion).
    pub vertex_count: usize,
}

impl Graph {
    /// The fused ground node: always node 0.
    pub fn ground() -> NodeIndex {
        NodeIndex::new(0)
    }

    /// Builds the model of `decl`. `index` is the graph's 0-based position in its
    /// [`Position`](crate::syntax::Position), used for the default name.
    ///
    /// Time and memory are linear in the number of edges and ground vertices; the size
    /// of the vertex table is never used to size an allocation beyond that.
    pub fn build(decl: GraphDecl, index: usize) -> Graph {
        let name = decl.display_name(index);
        let edge_count = decl.edges.len();
        let mut net = UnGraph::with_capacity(edge_count.saturating_add(1), edge_count);
        net.add_node(Node::Ground);
        let mut nodes = Numbering::new(decl.vertices.len(), edge_count + decl.ground.len());
        let mut vertex_count = 0;
        for &g in &decl.ground {
            vertex_count += usize::from(nodes.ground(g));
        }
        for &EdgeDecl { u, v, .. } in &decl.edges {
            let mut node = |id: u32| {
                let (number, new) = nodes.number(id);
                if new {
                    vertex_count += 1;
                    net.add_node(Node::Vertex(id));
                }
                NodeIndex::new(number as usize)
            };
            let (a, b) = (node(u), node(v));
            let j = net.edge_count() as u32;
            net.add_edge(a, b, j);
        }
        Graph {
            name,
            decl,
            net,
            vertex_count,
        }
    }

    /// A graph from plain numbers, for library users and tests: vertices `0..n` where `n`
    /// is one more than the largest id used, `ground` the ground ids, `edges` the edges,
    /// all green.
    pub fn from_edges(ground: &[u32], edges: &[(u32, u32)]) -> Graph {
        let edges: Vec<_> = edges.iter().map(|&(u, v)| (u, v, Colour::Green)).collect();
        Graph::from_coloured_edges(ground, &edges)
    }

    /// [`Graph::from_edges`] with a colour per edge.
    pub fn from_coloured_edges(ground: &[u32], edges: &[(u32, u32, Colour)]) -> Graph {
        let n = edges
            .iter()
            .flat_map(|&(u, v, _)| [u, v])
            .chain(ground.iter().copied())
            .max()
            .map_or(0, |m| m + 1);
        let mut seen = Vec::new();
        for &g in ground {
            if !seen.contains(&g) {
                seen.push(g);
            }
        }
        let decl = GraphDecl {
            name: None,
            span: Default::default(),
            kind: crate::syntax::GraphKind::Graph,
            vertices: crate::syntax::Vertices::Named(
                (0..n).map(|i| VertexName::Number(u64::from(i))).collect(),
            ),
            ground: seen,
            edges: edges
                .iter()
                .map(|&(u, v, colour)| EdgeDecl {
                    colour,
                    ..EdgeDecl::new(u, v, Default::default())
                })
                .collect(),
        };
        Graph::build(decl, 0)
    }

    /// The colour of model edge `edge`.
    pub fn colour(&self, edge: EdgeIndex) -> Colour {
        self.edge_decl(edge).colour
    }

    /// The name of `node` as the input wrote it (`ground` for the fused ground).
    pub fn node_name(&self, node: NodeIndex) -> String {
        match self.net[node] {
            Node::Ground => "ground".to_string(),
            Node::Vertex(v) => self.decl.vertices.name(v).to_string(),
        }
    }

    /// The input edge behind model edge `edge`.
    pub fn edge_decl(&self, edge: EdgeIndex) -> &EdgeDecl {
        &self.decl.edges[self.net[edge] as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ground_vertices_fuse() {
        let g = Graph::from_edges(&[0, 1], &[(0, 2), (2, 1), (3, 4)]);
        assert_eq!(g.net.node_count(), 4); // ground, 2, 3, 4
        assert_eq!(g.vertex_count, 5);
        let (a, b) = g.net.edge_endpoints(EdgeIndex::new(1)).unwrap();
        assert_eq!(b, Graph::ground());
        assert_eq!(g.node_name(a), "2");
        assert_eq!(g.name, "graph 1");
    }

    #[test]
    fn no_ground_means_lone_ground_node() {
        let g = Graph::from_edges(&[], &[(0, 1)]);
        assert_eq!(g.net.node_count(), 3);
        assert_eq!(g.net.edges(Graph::ground()).count(), 0);
    }
}
