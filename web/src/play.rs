//! A game against the perfect opponent of `hackenbush play` ([`hackenbush::play`]), for a
//! page that holds no game logic: each request names the position (text, format, case),
//! the play convention and the cuts made so far, and asks one thing of the game as it
//! stands: its state, the opponent's move, or what a cut would take down. The game is
//! replayed from its start at every request (a cut is linear in the graph's size).
//!
//! A request is a JSON object:
//! `{"text": "...", "format": 1 (0 to recognise it), "case": 1, "misere": false,
//!   "cuts": [["L", "1.2"], ["R", "1.5"]], "ask": "state" | "choose" | "falls",
//!   "side": "L" | "R", "edge": "1.3"}`
//! (`side` for `choose`, `edge` for `falls`; edges named `GRAPH.EDGE` from 1, as
//! `analyze --moves` numbers them). The answer is a JSON object:
//! `{"standing": ["1.1", ...], "fell": [[...], ...], "left": T, "right": T, ...}` where
//! `fell` lists what fell with each cut made, `T` is `"can"` (that side can move),
//! `"lost"` or `"won"` (it cannot, and so loses in normal play, wins in misère play);
//! with `"choice": {"edge": "1.2", "winning": true}` (`null` when the side cannot move)
//! for `choose` and `"falls": [...]` (the edge itself first) for `falls`. An illegal
//! cut or a malformed request is a message on "stderr" and status 2.

use hackenbush::analysis::Play;
use hackenbush::game::Side;
use hackenbush::play::{EdgeRef, Match, Turn};
use hackenbush::source::Source;
use hackenbush::syntax::{self, Position};
use serde_json::{Value, json};

use crate::{BAD_INPUT, NAME, Printed, SUCCESS};

/// Answers `request` (see the module's page).
pub fn play(request: &[u8]) -> Printed {
    match answer(request) {
        Ok(out) => Printed {
            out: out.to_string().into_bytes(),
            err: Vec::new(),
            status: SUCCESS,
        },
        Err(message) => Printed {
            out: Vec::new(),
            err: format!("error: {message}\n").into_bytes(),
            status: BAD_INPUT,
        },
    }
}

/// The answer to `request`, or why there is none.
fn answer(request: &[u8]) -> Result<Value, String> {
    let request: Value =
        serde_json::from_slice(request).map_err(|e| format!("malformed request: {e}"))?;
    let text = request["text"].as_str().ok_or("the request has no text")?;
    // Format 0: recognised from the first bytes, as `analyze` reads standard input.
    let format = crate::format(request["format"].as_u64().unwrap_or(1) as u32)
        .or_else(|| syntax::detect::detect(text.as_bytes()))
        .ok_or("cannot tell the format of the position: choose one")?;
    let case = request["case"].as_u64().unwrap_or(1).max(1);
    let source = Source::from_text(NAME, text).map_err(|e| e.to_string())?;
    let position = pick(&source, format, case)?;
    let play = match request["misere"].as_bool() {
        Some(true) => Play::Misere,
        _ => Play::Normal,
    };
    let mut game = Match::new(&source, position).playing(play);
    let count = game.graphs().len();
    let mut fell = Vec::new();
    for cut in request["cuts"].as_array().into_iter().flatten() {
        let side = side(&cut[0])?;
        let edge = edge(&cut[1], count)?;
        let made = game.cut(side, edge).map_err(|e| e.to_string())?;
        fell.push(names(&made.fell));
    }
    let standing: Vec<EdgeRef> = (0..count).flat_map(|g| game.standing(g)).collect();
    let mut out = json!({
        "standing": names(&standing),
        "fell": fell,
        "left": turn(game.turn(Side::Left)),
        "right": turn(game.turn(Side::Right)),
    });
    match request["ask"].as_str().unwrap_or("state") {
        "state" => {}
        "choose" => {
            let side = side(&request["side"])?;
            let choice = match game.choose(side) {
                Ok(choice) => {
                    choice.map(|c| json!({"edge": c.cut.to_string(), "winning": c.winning}))
                }
                // Beyond the analysis: the cut that keeps the most play, as `play` does.
                Err(refused) => {
                    let moves = game.moves(side);
                    out["refused"] = json!(refused.to_string());
                    (game.most_play(side, moves))
                        .map(|cut| json!({"edge": cut.to_string(), "winning": false}))
                }
            };
            out["choice"] = choice.unwrap_or(Value::Null);
        }
        "falls" => {
            let edge = edge(&request["edge"], count)?;
            // Either player may ask about any edge: the colour does not matter here.
            let side = match game.check(Side::Left, edge) {
                Ok(()) => Side::Left,
                Err(_) => Side::Right,
            };
            let made = game.cut(side, edge).map_err(|e| e.to_string())?;
            let falls: Vec<EdgeRef> = [made.edge].into_iter().chain(made.fell.clone()).collect();
            out["falls"] = json!(names(&falls));
        }
        other => return Err(format!("no such question: {other}")),
    }
    Ok(out)
}

/// Position `case` (from 1) of `source` read in `format`, or the first error.
fn pick(source: &Source, format: syntax::Format, case: u64) -> Result<Position, String> {
    let mut read = 0;
    for position in syntax::parse(format, source) {
        let position = position.map_err(|d| d.render(source, false))?;
        read += 1;
        if read == case {
            return Ok(position);
        }
    }
    Err(format!(
        "there is no position {case}: the input holds {read}"
    ))
}

/// The side named `"L"` or `"R"`.
fn side(name: &Value) -> Result<Side, String> {
    match name.as_str() {
        Some("L") => Ok(Side::Left),
        Some("R") => Ok(Side::Right),
        _ => Err(format!("no such side: {name}")),
    }
}

/// The edge named `GRAPH.EDGE`, in a position of `graphs` graphs.
fn edge(name: &Value, graphs: usize) -> Result<EdgeRef, String> {
    (name.as_str())
        .and_then(|text| EdgeRef::parse(text, graphs))
        .ok_or_else(|| format!("no such edge: {name}"))
}

/// The names `GRAPH.EDGE` of `edges`.
fn names(edges: &[EdgeRef]) -> Vec<String> {
    edges.iter().map(ToString::to_string).collect()
}

/// A side's turn, as the answer names it.
fn turn(turn: Turn) -> &'static str {
    match turn {
        Turn::CanMove => "can",
        Turn::Lost => "lost",
        Turn::Won => "won",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ask(request: Value) -> Value {
        let printed = play(request.to_string().as_bytes());
        let err = String::from_utf8(printed.err).unwrap();
        assert_eq!(printed.status, SUCCESS, "{err}");
        serde_json::from_slice(&printed.out).unwrap()
    }

    const TWO: &str = "ground: g\ng-a\ng-b-c-d\n";

    #[test]
    fn the_opponent_cuts_the_stalk_down_to_one_edge() {
        // *1 + *3: cutting b-c (edge 3) leaves *1 + *1 = 0, as in hackenbush::play's page.
        let answer = ask(json!({"text": TWO, "cuts": [], "ask": "choose", "side": "L"}));
        assert_eq!(answer["choice"], json!({"edge": "1.3", "winning": true}));
    }

    #[test]
    fn cuts_are_replayed_and_what_fell_is_told() {
        let answer = ask(json!({"text": TWO, "cuts": [["L", "1.2"]], "ask": "state"}));
        assert_eq!(answer["standing"], json!(["1.1"]));
        assert_eq!(answer["fell"], json!([["1.3", "1.4"]]));
        assert_eq!(answer["right"], json!("can"));
        let answer = ask(json!({"text": TWO, "cuts": [["L", "1.2"], ["R", "1.1"]]}));
        assert_eq!(answer["left"], json!("lost"));
        let misere = json!({"text": TWO, "misere": true, "cuts": [["L", "1.2"], ["R", "1.1"]]});
        assert_eq!(ask(misere)["left"], json!("won"));
    }

    #[test]
    fn what_falls_is_the_edge_then_what_it_held() {
        let answer = ask(json!({"text": TWO, "ask": "falls", "edge": "1.3"}));
        assert_eq!(answer["falls"], json!(["1.3", "1.4"]));
        // Asking does not cut.
        assert_eq!(answer["standing"].as_array().unwrap().len(), 4);
    }

    #[test]
    fn an_illegal_cut_is_a_message() {
        let text = "ground: g\nred: g-a\n";
        let printed = play(
            json!({"text": text, "cuts": [["L", "1.1"]]})
                .to_string()
                .as_bytes(),
        );
        assert_eq!(printed.status, BAD_INPUT);
        let err = String::from_utf8(printed.err).unwrap();
        assert_eq!(err, "error: edge 1.1 is red: it is not yours to cut\n");
        let printed = play(b"{\"text\": \"ground: g\\ng-\"}");
        assert_eq!(printed.status, BAD_INPUT);
        assert!(
            String::from_utf8(printed.err)
                .unwrap()
                .contains("<stdin>:2:")
        );
    }
}
