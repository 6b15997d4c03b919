//! Graphviz's own reading of DOT files, by its `gvpr` (which parses as `dot` does), and
//! the comparison of ours with it: shared by the `dot_graphviz` fuzz target and
//! `tests/dot_input.rs`.
//!
//! Graphviz builds the nodes and edges a file draws; `grammars/dot.md` says how they
//! become a position. Whatever Graphviz reads, we must read (unless a rule of ours refuses
//! it, with a message that is no syntax error), with the same visible edges (unless it
//! has a `cluster_legend`, whose edges are none of ours) and, in a file without clusters,
//! the same ground nodes; what it refuses, we refuse.

#![allow(dead_code)]

use std::collections::HashMap;
use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};

use hackenbush::diagnostic::Diagnostic;
use hackenbush::syntax::Position;

/// What Graphviz reads of a file: its visible edges (each a sorted pair of node names)
/// and its ground nodes, both sorted.
pub type Read = (Vec<(String, String)>, Vec<String>);

/// `gvpr`'s program: a line per graph, node and edge, with length-prefixed fields
/// (`5:a b c`), since names may hold blanks and line breaks.
const PROGRAM: &str = r#"BEG_G { printf("G %d:%s\n", length($F), $F) }
N { printf("N %d:%s %d:%s\n", length($.name), $.name, length(aget($, "ground")), aget($, "ground")) }
E { printf("E %d:%s %d:%s %d:%s\n", length($.tail.name), $.tail.name, length($.head.name), $.head.name, length(aget($, "style")), aget($, "style")) }"#;

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
                let invisible = style
                    .split(',')
                    .any(|s| s.trim().eq_ignore_ascii_case("invis"));
                if let Some(file) = current.as_ref().filter(|_| !invisible) {
                    let pair = if a <= b { (a, b) } else { (b, a) };
                    read.get_mut(file).unwrap().0.push(pair);
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

/// The edges of every graph of a position, each a sorted pair of vertex names, sorted.
pub fn edge_pairs(position: &Position) -> Vec<(String, String)> {
    let mut pairs: Vec<(String, String)> = position
        .graphs
        .iter()
        .flat_map(|g| {
            g.edges.iter().map(|e| {
                let (a, b) = (
                    g.vertices.name(e.u).to_string(),
                    g.vertices.name(e.v).to_string(),
                );
                if a <= b { (a, b) } else { (b, a) }
            })
        })
        .collect();
    pairs.sort();
    pairs
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
            // file is read is compared.
            if shown.contains("cluster_legend") {
                return Ok(false);
            }
            if &edge_pairs(ours) != edges {
                return Err(format!(
                    "{shown:?}: edges {:?}, Graphviz {edges:?}",
                    edge_pairs(ours)
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
