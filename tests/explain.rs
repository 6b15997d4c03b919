//! `explain`'s additions hold to the analysis: each graph's option table has the mex the
//! analysis found (a coloured graph's, the game `{ L | R }` the game tree gives), and `--cut` calls a cut winning exactly when `analyze --moves` lists it
//! (for each player who may make it).

use crate::common;

use hackenbush::game::{Game, Side};
use hackenbush::game_tree::GameTree;
use hackenbush::game_tree::partizan::ColouredTree;
use hackenbush::model::Graph;
use hackenbush::play::Match;
use hackenbush::report::explain;
use hackenbush::syntax;

use common::bundled_inputs;
use hackenbush::petgraph::graph::EdgeIndex;

/// Each option table, read back from the text, against the game tree: every cut leaves
/// the value the game tree gives what is left, and the mex of the options is the value
/// the game tree gives the graph.
#[test]
fn option_tables_agree_with_the_game_tree() {
    let mut tables = 0;
    for file in bundled_inputs() {
        let (source, format) = common::source_of(&file);
        for position in syntax::parse(format, &source) {
            for (graph, analysis) in hackenbush::analyze_position(position.unwrap()) {
                if !graph.decl.is_green() || analysis.attached_edges > explain::OPTION_TABLE_EDGES {
                    continue;
                }
                let pair = [(graph, analysis)];
                let text = explain::position("x", &pair, &source, false);
                let graph = &pair[0].0;
                let game_tree = |decl| GameTree::new(&Graph::build(decl, 0), 64).unwrap().value();
                let mut options = Vec::new();
                for line in text.lines().filter(|l| l.trim_start().starts_with("cut #")) {
                    // `cut #3 a-b -> *2`
                    let (cut, left) = line.trim_start()["cut #".len()..].split_once(' ').unwrap();
                    let j: usize = cut.parse().unwrap();
                    let value: u64 = left.rsplit_once("-> *").unwrap().1.parse().unwrap();
                    let mut decl = graph.decl.clone();
                    decl.edges.remove(j - 1);
                    assert_eq!(value, game_tree(decl), "{}: {line}", file.display());
                    options.push(value);
                }
                if pair[0].1.attached_edges == 0 {
                    continue;
                }
                assert_eq!(options.len(), pair[0].1.attached_edges, "{text}");
                let mex = (0..).find(|v| !options.contains(v)).unwrap();
                assert_eq!(
                    mex,
                    game_tree(graph.decl.clone()),
                    "{}:\n{text}",
                    file.display()
                );
                assert!(
                    text.contains(&format!("mex = *{mex}, the value found above")),
                    "{text}"
                );
                tables += 1;
            }
        }
    }
    assert!(tables >= 30, "only {tables} option tables");
}

/// Issue 29: each coloured graph's option table, read back from the text, against the
/// game tree: every cut leaves what the game tree gives what is left, and the game
/// `{ Left's options | Right's options }` of the table, brought to canonical form here,
/// is the game tree's value of the graph.
#[test]
fn coloured_option_tables_agree_with_the_game_tree() {
    let mut tables = 0;
    for file in bundled_inputs() {
        let (source, format) = common::source_of(&file);
        for position in syntax::parse(format, &source) {
            for (graph, analysis) in hackenbush::analyze_position(position.unwrap()) {
                if graph.decl.is_green() || analysis.attached_edges > 12 {
                    continue;
                }
                let Ok(tree) = ColouredTree::solve(&graph, 12, &mut |_| {}) else {
                    continue;
                };
                // A position with blue or red edges: no nim-sum.
                let (mut explanation, mut text) = explain::Explanation::new("x", 1, None, false);
                text.push_str(&explanation.graph(&graph, &analysis, &source));
                text.push_str(&explanation.finish());
                let (mut left, mut right) = (Vec::new(), Vec::new());
                for line in text.lines().filter(|l| l.trim_start().starts_with("cut #")) {
                    // `cut #3 a-b (red) -> 1v*`
                    let row = &line.trim_start()["cut #".len()..];
                    let (cut, row) = row.split_once(' ').unwrap();
                    let j: usize = cut.parse().unwrap();
                    let Some((colour, value)) = row.rsplit_once(") -> ") else {
                        panic!("{}: {line}", file.display());
                    };
                    let colour = colour.rsplit_once('(').unwrap().1;
                    let value: Game = value.parse().unwrap();
                    let after = tree.value_after(EdgeIndex::new(j - 1));
                    assert_eq!(after, Some(&value), "{}: {line}", file.display());
                    if colour != "red" {
                        left.push(value.clone());
                    }
                    if colour != "blue" {
                        right.push(value);
                    }
                }
                if left.is_empty() && right.is_empty() {
                    continue;
                }
                let table = Game::from_options(left, right).unwrap();
                assert_eq!(&table, tree.value(), "{}:\n{text}", file.display());
                assert!(text.contains("the value found above"), "{text}");
                assert!(!text.contains("NOT the value"), "{text}");
                tables += 1;
            }
        }
    }
    assert!(tables >= 10, "only {tables} coloured option tables");
}

#[test]
fn a_cut_is_called_winning_exactly_when_it_is_a_winning_move() {
    let mut cuts = 0;
    for file in bundled_inputs() {
        let (source, format) = common::source_of(&file);
        for position in syntax::parse(format, &source) {
            let position = position.unwrap();
            let green = position.graphs.iter().all(|g| g.is_green());
            let mut game = Match::new(&source, position);
            let edges: Vec<_> = (0..game.graphs().len())
                .flat_map(|g| game.standing(g).collect::<Vec<_>>())
                .collect();
            for edge in edges {
                let text = explain::what_if(&mut game, edge, false).unwrap();
                let (left, right) = game.colour(edge).players();
                for (side, may, who) in [(Side::Left, left, "Left"), (Side::Right, right, "Right")]
                {
                    if !may || (green && side == Side::Right) {
                        continue;
                    }
                    let wins = game.winning_moves(side).unwrap().contains(&edge);
                    let said = if green {
                        text.contains("A winning move")
                    } else {
                        text.contains(&format!("Cut by {who}, a winning move"))
                    };
                    assert_eq!(said, wins, "{} edge {edge}:\n{text}", file.display());
                    cuts += 1;
                }
            }
        }
    }
    assert!(cuts >= 200, "only {cuts} cuts");
}
