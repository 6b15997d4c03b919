//! Graphviz's own reading of DOT files, by its `gvpr` (which parses as `dot` does), the
//! comparison of ours with it, and a generator of files built to test it where it is
//! subtle: shared by the `dot_graphviz` fuzz target and `tests/dot_input.rs`.
//!
//! Graphviz builds the nodes and edges a file draws; `grammars/dot.md` says how they
//! become a position. Whatever Graphviz reads, we must read (unless a rule of ours refuses
//! it, with a message that is no syntax error), with the same visible edges in the same
//! colours (unless it has a `cluster_legend`, whose edges are none of ours) and, in a
//! file without clusters, the same ground nodes; what it refuses, we refuse.
//!
//! [`generate`] writes files of subgraphs opened again (in statements of their own and
//! as operands of one edge statement), defaults set in them, nested subgraphs, clusters,
//! `strict` graphs and keyed edges: what a file of random tokens seldom builds.

#![allow(dead_code)]

use std::collections::HashMap;
use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};

use hackenbush::diagnostic::Diagnostic;
use hackenbush::syntax::Position;

/// What Graphviz reads of a file: its visible edges (each a sorted pair of node names and
/// its colour: `green`, `blue` or `red`) and its ground nodes, both sorted.
pub type Read = (Vec<Drawn>, Vec<String>);

/// A visible edge: its two nodes, sorted, and its colour.
pub type Drawn = (String, String, String);

/// `gvpr`'s program: a line per graph, node and edge, with length-prefixed fields
/// (`5:a b c`), since names may hold blanks and line breaks.
const PROGRAM: &str = r#"BEG_G { printf("G %d:%s\n", length($F), $F) }
N { printf("N %d:%s %d:%s\n", length($.name), $.name, length(aget($, "ground")), aget($, "ground")) }
E { printf("E %d:%s %d:%s %d:%s %d:%s\n", length($.tail.name), $.tail.name, length($.head.name), $.head.name, length(aget($, "style")), aget($, "style"), length(aget($, "color")), aget($, "color")) }"#;

/// Whether Graphviz is installed.
pub fn installed() -> bool {
    Command::new("gvpr")
        .arg("-V")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

/// Graphviz's reading of the first graph of each file it parses, by path.
pub fn read_files(files: &[PathBuf]) -> HashMap<String, Read> {
    let out = Command::new("gvpr")
        .arg(PROGRAM)
        .args(files)
        .stderr(Stdio::null())
        .output()
        .expect("gvpr, which comes with Graphviz, runs");
    parse_output(&out.stdout)
}

/// Graphviz's reading of one file: `None` if it does not parse it, `Err` if Graphviz
/// failed otherwise (killed by a signal).
pub fn read_one(text: &[u8]) -> Result<Option<Read>, ()> {
    let mut child = Command::new("gvpr")
        .arg(PROGRAM)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("gvpr runs");
    // A write error means gvpr stopped reading early: its output still says what it read.
    let _ = child.stdin.take().expect("piped").write_all(text);
    let out = child.wait_with_output().expect("gvpr ends");
    if out.status.code().is_none() {
        return Err(());
    }
    let mut read = parse_output(&out.stdout);
    Ok(read.remove("<stdin>"))
}

fn parse_output(bytes: &[u8]) -> HashMap<String, Read> {
    let mut at = 0;
    let field = |at: &mut usize| -> String {
        let colon = *at + bytes[*at..].iter().position(|&b| b == b':').unwrap();
        let len: usize = std::str::from_utf8(&bytes[*at..colon])
            .unwrap()
            .trim()
            .parse()
            .unwrap();
        let text = String::from_utf8_lossy(&bytes[colon + 1..colon + 1 + len]).into_owned();
        *at = colon + 1 + len + 1;
        text
    };
    let boolean = |v: &str| {
        ["true", "yes", "1"]
            .iter()
            .any(|w| w.eq_ignore_ascii_case(v))
    };
    let mut read: HashMap<String, Read> = HashMap::new();
    // The file whose first graph is being read; `None` in a later graph of a file.
    let mut current = None;
    while at < bytes.len() {
        let tag = bytes[at];
        at += 2;
        match tag {
            b'G' => {
                let file = field(&mut at);
                current = (!read.contains_key(&file)).then(|| file.clone());
                read.entry(file).or_default();
            }
            b'N' => {
                let (name, ground) = (field(&mut at), field(&mut at));
                if (boolean(&ground) || (ground.is_empty() && name == "ground"))
                    && let Some(file) = &current
                {
                    read.get_mut(file).unwrap().1.push(name);
                }
            }
            _ => {
                let (a, b, style) = (field(&mut at), field(&mut at), field(&mut at));
                // No colour is green; any other value than the three makes our reading
                // an error, and no comparison.
                let colour = match field(&mut at).trim().to_ascii_lowercase() {
                    empty if empty.is_empty() => "green".to_string(),
                    colour => colour,
                };
                let invisible = style
                    .split(',')
                    .any(|s| s.trim().eq_ignore_ascii_case("invis"));
                if let Some(file) = current.as_ref().filter(|_| !invisible) {
                    let (a, b) = if a <= b { (a, b) } else { (b, a) };
                    read.get_mut(file).unwrap().0.push((a, b, colour));
                }
            }
        }
    }
    for (edges, ground) in read.values_mut() {
        edges.sort();
        ground.sort();
    }
    read
}

/// The edges of every graph of a position, each a sorted pair of vertex names, sorted:
/// [`drawn_edges`] without the colours.
pub fn edge_pairs(position: &Position) -> Vec<(String, String)> {
    let mut pairs: Vec<(String, String)> = (drawn_edges(position).into_iter())
        .map(|(a, b, _)| (a, b))
        .collect();
    pairs.sort();
    pairs
}

/// The edges of every graph of a position, each a sorted pair of vertex names with its
/// colour, sorted.
pub fn drawn_edges(position: &Position) -> Vec<Drawn> {
    let mut drawn: Vec<Drawn> = position
        .graphs
        .iter()
        .flat_map(|g| {
            g.edges.iter().map(|e| {
                let (a, b) = (
                    g.vertices.name(e.u).to_string(),
                    g.vertices.name(e.v).to_string(),
                );
                let (a, b) = if a <= b { (a, b) } else { (b, a) };
                (a, b, e.colour.name().to_string())
            })
        })
        .collect();
    drawn.sort();
    drawn
}

/// Compares our reading of `text` with Graphviz's: `Ok(true)` if both read it and agree,
/// `Ok(false)` if there is nothing to compare, `Err` with what differs.
pub fn compare(
    text: &[u8],
    ours: &Result<Position, Diagnostic>,
    theirs: Option<&Read>,
) -> Result<bool, String> {
    let shown = String::from_utf8_lossy(text);
    match (ours, theirs) {
        (Ok(ours), Some((edges, ground))) => {
            // The legend cluster's edges are no edges of ours: with one, only whether the
            // file is read is compared. Nor is a strict graph where a statement changes one
            // of several edges between two nodes: which one Graphviz changes depends on
            // where its node names lie in memory (we warn).
            let unpredictable = |w: &Diagnostic| w.message.ends_with("in a strict graph");
            if shown.contains("cluster_legend") || ours.warnings.iter().any(unpredictable) {
                return Ok(false);
            }
            if &drawn_edges(ours) != edges {
                return Err(format!(
                    "{shown:?}: edges {:?}, Graphviz {edges:?}",
                    drawn_edges(ours)
                ));
            }
            // With clusters, only the ground nodes in a cluster are in the position.
            let clusters = shown.to_ascii_lowercase().contains("cluster");
            if !clusters {
                let mut names: Vec<String> = ours
                    .graphs
                    .iter()
                    .flat_map(|g| g.ground.iter().map(|&v| g.vertices.name(v).to_string()))
                    .collect();
                names.sort();
                if &names != ground {
                    return Err(format!("{shown:?}: ground {names:?}, Graphviz {ground:?}"));
                }
            }
            Ok(true)
        }
        (Err(e), Some(_)) => {
            // Graphviz reads the graphs of a file one after the other, and stops, quietly
            // at times, at what it cannot read after the first; a file of ours is one
            // graph, followed by nothing but blanks and comments. When the error is in
            // what follows a whole graph, that graph is what is compared.
            let syntax = |e: &Diagnostic| {
                ["expected", "unclosed", "unterminated"]
                    .iter()
                    .any(|w| e.message.starts_with(w))
            };
            let before = &text[..e.span.start as usize];
            let graph = hackenbush::syntax::dot::parse(before);
            match &graph {
                Ok(_) => return compare(before, &graph, theirs),
                Err(e) if !syntax(e) => return Ok(false),
                Err(_) => {}
            }
            if syntax(e) {
                return Err(format!(
                    "{shown:?}: Graphviz reads it, we say {}",
                    e.message
                ));
            }
            Ok(false)
        }
        (Ok(_), None) => Err(format!("{shown:?}: Graphviz refuses it, we read it")),
        (Err(_), None) => Ok(false),
    }
}

/// A DOT file built by the choices `choose(n)` makes (each a number below `n`; 0 when
/// there are no more to make, which ends every list, so that the file is finite): a
/// `graph`, `digraph` or `strict` one, of node, edge and attribute statements and
/// subgraphs nested at most three deep, whose few ids (`s`, `t`, `cluster_c`) open the
/// same subgraphs again, in statements of their own and as operands of edge statements,
/// with `node [ground=…]`, `edge [color=…]` and `edge [style=invis]` defaults,
/// `cluster=true`, and edges with a `key`.
pub fn generate(choose: &mut dyn FnMut(usize) -> usize) -> String {
    let directed = choose(3) == 1;
    let mut text = String::new();
    if choose(2) == 1 {
        text.push_str("strict ");
    }
    text.push_str(if directed { "digraph { " } else { "graph { " });
    Generator { choose, directed }.statements(&mut text, 0);
    text.push('}');
    text
}

struct Generator<'c> {
    choose: &'c mut dyn FnMut(usize) -> usize,
    directed: bool,
}

impl Generator<'_> {
    /// Up to 4 statements of a body at nesting `depth` (0: the graph's own).
    fn statements(&mut self, text: &mut String, depth: usize) {
        for _ in 0..(self.choose)(5) {
            match (self.choose)(6) {
                0 => {
                    self.node(text);
                    self.attributes(text, &["[ground=true]", "[ground=false]"]);
                }
                1 | 2 => self.edge(text, depth),
                3 => {
                    let defaults = [
                        "node [ground=true]",
                        "node [ground=false]",
                        "edge [color=red]",
                        "edge [color=blue]",
                        "edge [color=green]",
                        "edge [style=invis]",
                        "edge [style=solid]",
                        "edge [key=1]",
                    ];
                    text.push_str(defaults[(self.choose)(defaults.len())]);
                }
                4 if depth > 0 => {
                    text.push_str(["cluster=true", "cluster=false"][(self.choose)(2)])
                }
                _ => self.subgraph(text, depth),
            }
            text.push_str(["; ", " ", "\n"][(self.choose)(3)]);
        }
    }

    fn node(&mut self, text: &mut String) {
        text.push_str(["ground", "a", "b", "g"][(self.choose)(4)]);
    }

    /// `[...]` after a statement, or nothing.
    fn attributes(&mut self, text: &mut String, lists: &[&str]) {
        let k = (self.choose)(lists.len() + 1);
        if k > 0 {
            text.push(' ');
            text.push_str(lists[k - 1]);
        }
    }

    /// An edge statement of 2 or 3 operands, each a node, a node list or a subgraph.
    fn edge(&mut self, text: &mut String, depth: usize) {
        for i in 0..2 + (self.choose)(2) {
            if i > 0 {
                text.push_str(if self.directed { " -> " } else { " -- " });
            }
            match (self.choose)(4) {
                0 | 1 => self.node(text),
                2 => {
                    self.node(text);
                    text.push_str(", ");
                    self.node(text);
                }
                _ if depth < 3 => self.subgraph(text, depth),
                _ => self.node(text),
            }
        }
        let lists = [
            "[key=1]",
            "[key=2]",
            "[color=red]",
            "[color=blue, key=1]",
            "[style=invis]",
            "[key=1 style=invis]",
        ];
        self.attributes(text, &lists);
    }

    /// `subgraph s { … }` (or `t`, `cluster_c`), or an anonymous `{ … }`.
    fn subgraph(&mut self, text: &mut String, depth: usize) {
        let heads = [
            "subgraph s { ",
            "subgraph t { ",
            "subgraph cluster_c { ",
            "{ ",
        ];
        text.push_str(heads[(self.choose)(heads.len())]);
        if depth < 3 {
            self.statements(text, depth + 1);
        }
        text.push_str("} ");
    }
}
