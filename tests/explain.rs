//! `explain`'s additions hold to the analysis: each graph's option table has the mex the
//! analysis found, and `--cut` calls a cut winning exactly when `analyze --moves` lists it
//! (for each player who may make it).

mod common;

use hackenbush::game::Side;
use hackenbush::play::Match;
use hackenbush::report::explain;
use hackenbush::source::Source;
use hackenbush::syntax::{self, Format};

use common::bundled_inputs;

#[test]
fn option_tables_agree_with_the_values() {
    let mut tables = 0;
    for file in bundled_inputs() {
        let format = Format::from_path(&file).unwrap();
        let source =
            Source::new(file.display().to_string(), std::fs::read(&file).unwrap()).unwrap();
        for position in syntax::parse(format, &source) {
            let graphs = hackenbush::analyze_position(position.unwrap());
            if graphs.iter().any(|(g, _)| !g.decl.is_green()) {
                continue;
            }
            let text = explain::position("x", &graphs, &source, false);
            assert!(
                !text.contains("NOT the value"),
                "{}:\n{text}",
                file.display()
            );
            tables += text.matches(", the value found above").count();
        }
    }
    assert!(tables >= 30, "only {tables} option tables");
}

#[test]
fn a_cut_is_called_winning_exactly_when_it_is_a_winning_move() {
    let mut cuts = 0;
    for file in bundled_inputs() {
        let format = Format::from_path(&file).unwrap();
        let source =
            Source::new(file.display().to_string(), std::fs::read(&file).unwrap()).unwrap();
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
