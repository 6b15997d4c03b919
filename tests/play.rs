//! `hackenbush play` plays perfectly: fed through a pipe, from every position of every
//! bundled input that the computer can win (moving first when the position is a win for
//! the first player, second when it is a win for the second, and with colours whenever
//! its side wins), it wins, whatever the human types: the lowest-numbered standing edge
//! every turn, or edges in random order. And the library's opponent, playing both sides
//! from a position the first player wins, wins it for the first player.

use crate::common;

use std::io::Write;
use std::path::PathBuf;

use hackenbush::game::Side;
use hackenbush::generate::rng::Rng;
use hackenbush::play::{Match, Turn};
use hackenbush::syntax::{self, Position};
use hackenbush::{Options, analyze_source};

use common::{bundled_inputs, run_fed};

/// A position of a bundled input, with what the analysis says of it.
struct Game {
    file: PathBuf,
    /// Its place in the file, from 1.
    case: usize,
    /// Edges per graph.
    edges: Vec<usize>,
    /// `L`, `R`, `N` or `P`.
    outcome: String,
    coloured: bool,
}

fn games() -> Vec<Game> {
    let mut games = Vec::new();
    for file in bundled_inputs() {
        let (source, format) = common::source_of(&file);
        let reports =
            analyze_source(&source, format, Options::default()).unwrap_or_else(|e| panic!("{e:#}"));
        let positions: Vec<Position> = syntax::parse(format, &source)
            .map(|p| p.expect("a valid input"))
            .collect();
        for (i, (report, position)) in reports.iter().zip(&positions).enumerate() {
            games.push(Game {
                file: file.clone(),
                case: i + 1,
                edges: position.graphs.iter().map(|g| g.edges.len()).collect(),
                outcome: report.outcome.to_string(),
                coloured: position.graphs.iter().any(|g| !g.is_green()),
            });
        }
    }
    assert!(games.len() >= 40, "only {} positions", games.len());
    games
}

/// Every edge of the position as the player types it, in order.
fn every_edge(game: &Game) -> Vec<String> {
    (game.edges.iter().enumerate())
        .flat_map(|(g, &n)| (1..=n).map(move |e| format!("{}.{e}", g + 1)))
        .collect()
}

/// What the human types: for each of its turns, every edge in some order, so that the
/// first one standing and its to cut is played (the others are refused, one line each).
fn script(game: &Game, order: &mut dyn FnMut(&mut Vec<String>)) -> String {
    let all = every_edge(game);
    let mut text = String::new();
    for _ in 0..=all.len() {
        let mut turn = all.clone();
        order(&mut turn);
        for edge in turn {
            text.push_str(&edge);
            text.push('\n');
        }
    }
    text
}

/// Plays `game` through a pipe with the human typing `script`; the last line printed.
fn last_line(game: &Game, first: &str, side: &str, script: String) -> String {
    let case = game.case.to_string();
    let file = game.file.display().to_string();
    let args = [
        "play", "--first", first, "--side", side, "--case", &case, &file,
    ];
    let fed = run_fed(&args, move |mut stdin| {
        // The game may end before the script does: a failed write ends the feeding.
        let _ = stdin.write_all(script.as_bytes());
    });
    assert_eq!(fed.code, 0, "{file} #{case}: {}", fed.stderr);
    let stdout = String::from_utf8(fed.stdout).unwrap();
    stdout.lines().last().unwrap_or_default().to_string()
}

/// The games the computer can win: (who moves first, the human's side).
fn winnable(game: &Game) -> Vec<(&'static str, &'static str)> {
    let mut runs = Vec::new();
    // The human is Left (blue) or Right (red); the computer the other.
    let sides: &[(&str, &str)] = if game.coloured {
        &[("blue", "R"), ("red", "L")]
    } else {
        &[("blue", "R")]
    };
    for &(side, computer) in sides {
        let outcome = game.outcome.as_str();
        if outcome == "N" || outcome == computer {
            runs.push(("me", side));
        }
        if outcome == "P" || outcome == computer {
            runs.push(("you", side));
        }
    }
    runs
}

#[test]
fn the_computer_wins_every_game_it_can_win_whatever_the_human_types() {
    let mut played = 0;
    for game in games() {
        for (first, side) in winnable(&game) {
            let at = format!(
                "{} #{} --first {first} --side {side}",
                game.file.display(),
                game.case
            );
            let lowest = script(&game, &mut |_| {});
            assert_eq!(
                last_line(&game, first, side, lowest),
                "I win.",
                "{at}, lowest edges"
            );
            for seed in 0..2 {
                let mut rng = Rng::new(seed);
                let random = script(&game, &mut |turn| rng.shuffle(turn));
                let last = last_line(&game, first, side, random);
                assert_eq!(last, "I win.", "{at}, random edges (seed {seed})");
            }
            played += 1;
        }
    }
    assert!(played >= 40, "only {played} games played");
}

/// The opponent on both sides: from a position the first player wins, the first player
/// wins; from one the second player wins, the second does (both playing `choose`).
#[test]
fn perfect_play_on_both_sides_gives_the_outcome_the_analysis_says() {
    for game in games() {
        let (source, format) = common::source_of(&game.file);
        let position = syntax::parse(format, &source)
            .nth(game.case - 1)
            .unwrap()
            .unwrap();
        for first in [Side::Left, Side::Right] {
            let mut play = Match::new(&source, position.clone());
            let mut side = first;
            while play.turn(side) == Turn::CanMove {
                let choice = play.choose(side).unwrap().expect("a move");
                play.cut(side, choice.cut).unwrap();
                side = side.other();
            }
            let winner = side.other();
            let expected = match (game.outcome.as_str(), first) {
                ("L", _) => Side::Left,
                ("R", _) => Side::Right,
                ("N", first) => first,
                (_, first) => first.other(),
            };
            assert_eq!(winner, expected, "{} #{}", game.file.display(), game.case);
        }
    }
}

/// Whatever is typed, the game goes on: invalid UTF-8, a terminal escape (shown escaped,
/// never sent to the terminal), a line of a megabyte, and a long line that begins with a
/// move (no move: the line is refused whole).
#[test]
fn hostile_lines_are_refused_in_one_line_each() {
    let mut typed = b"\xff\n\x1b[31mred\n".to_vec();
    typed.extend(std::iter::repeat_n(b'x', 1 << 20));
    typed.extend_from_slice(b"\n1.1");
    typed.extend(std::iter::repeat_n(b' ', 2000));
    typed.extend_from_slice(b"\n2.2\n");
    let fed = run_fed(&["play", "examples/bowtie.hb"], move |mut stdin| {
        let _ = stdin.write_all(&typed);
    });
    assert_eq!(fed.code, 0, "{}", fed.stderr);
    let out = String::from_utf8(fed.stdout).unwrap();
    assert!(!out.contains('\x1b'), "{out}");
    let refused: Vec<&str> = (out.lines())
        .filter(|l| l.contains("is not a move") || l.contains("no command is"))
        .collect();
    assert_eq!(refused.len(), 4, "{out}");
    assert!(refused.iter().all(|l| l.len() < 200), "{out}");
    assert!(!out.contains("You cut 1.1"), "{out}");
    assert!(out.contains("You cut 2.2 (1-2)"), "{out}");
}

/// A program playing through pipes reads the board before each of its moves: every board
/// and answer reaches it before `play` waits for the next move (issue 33: the opening
/// board waited in a buffer for the first move, and each side waited for the other). The
/// bot plays the first standing edge of each board until the game ends; a run that
/// stalls is killed by a watchdog after two minutes and fails, rather than hanging the
/// tests.
#[test]
fn a_bot_that_reads_each_board_before_moving_is_not_kept_waiting() {
    for first in ["you", "me"] {
        let transcript = with_watchdog(&["play", "--first", first, "examples/bowtie.hb"], bot);
        assert!(
            transcript.ends_with("You win.\n") || transcript.ends_with("I win.\n"),
            "--first {first}:\n{transcript}"
        );
        assert!(
            transcript.contains("You cut 1.1"),
            "--first {first}:\n{transcript}"
        );
    }
}

/// Plays `examples/bowtie.hb` (two graphs) through `stdin` and `stdout`: reads each board
/// to its last line, then cuts its first standing edge, until the output ends. Returns
/// everything read.
fn bot(mut stdin: std::process::ChildStdin, stdout: std::process::ChildStdout) -> String {
    use std::io::BufRead;
    let mut transcript = String::new();
    let mut next = None;
    for line in std::io::BufReader::new(stdout).lines() {
        let line = line.expect("the output is text");
        transcript.push_str(&line);
        transcript.push('\n');
        if let Some(standing) = line.strip_prefix("  graph ") {
            let (graph, edges) = standing.split_once(" (").expect("graph N (name): ...");
            let edge = edges.split("): ").nth(1).expect("its edges");
            let edge = edge.split(' ').next().filter(|e| e.parse::<u32>().is_ok());
            next = next.or(edge.map(|e| format!("{graph}.{e}\n")));
            // The board is complete: move, if there is a move (a write to a game that
            // has ended fails, and the output ends).
            if graph == "2"
                && let Some(cut) = next.take()
            {
                let _ = stdin.write_all(cut.as_bytes());
                let _ = stdin.flush();
            }
        }
    }
    transcript
}

/// Runs `hackenbush ARGS` with `talk` on its standard input and output, in a thread of
/// its own; returns what `talk` returns. A run that has not ended after two minutes
/// (generous: it takes milliseconds) is taken to be stalled: the child is killed and the
/// test fails.
fn with_watchdog(
    args: &[&str],
    talk: fn(std::process::ChildStdin, std::process::ChildStdout) -> String,
) -> String {
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_hackenbush"))
        .args(args)
        .current_dir(common::root())
        .env("NO_COLOR", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the binary runs");
    let (stdin, stdout) = (child.stdin.take().unwrap(), child.stdout.take().unwrap());
    let (done, told) = std::sync::mpsc::channel();
    std::thread::spawn(move || done.send(talk(stdin, stdout)));
    match told.recv_timeout(std::time::Duration::from_secs(120)) {
        Ok(transcript) => {
            let status = child.wait().expect("the binary ends");
            assert!(status.success(), "{args:?}: {status}\n{transcript}");
            transcript
        }
        Err(_) => {
            let _ = child.kill();
            let _ = child.wait();
            panic!("{args:?}: stalled: the bot waited for a board that never came");
        }
    }
}

/// What play says of the edges to type is true of the position: its example is an edge
/// of it, and a position without edges is said to have none (issue 33: "like 1.2" for a
/// position without graphs).
#[test]
fn the_edge_play_shows_as_an_example_is_one_of_the_position() {
    let dir = tempfile::tempdir().unwrap();
    let cases = [
        ("none.json", r#"{"graphs":[]}"#, None),
        ("bare.hb", "graph: a\nground: g\n", None),
        (
            "one.hb",
            "graph: a\nground: g\ng-a\n",
            Some("(its number, like 1)"),
        ),
        (
            "second.hb",
            "graph: a\nground: g\ngraph: b\nground: g\ng-b\n",
            Some("(graph.edge, like 2.1)"),
        ),
        (
            "bowtie.hb",
            include_str!("../examples/bowtie.hb"),
            Some("(graph.edge, like 1.2)"),
        ),
    ];
    for (name, text, example) in cases {
        std::fs::write(dir.path().join(name), text).unwrap();
        let played = common::run(dir.path(), &["play", name]);
        assert_eq!(played.code, 0, "{name}: {}", played.stderr);
        let second = played.stdout.lines().nth(1).unwrap_or_default();
        match example {
            Some(example) => assert!(
                second.starts_with(&format!("Type an edge {example}, or hint")),
                "{name}: {second}"
            ),
            None => assert_eq!(
                second, "The position has no edge: there is nothing to cut.",
                "{name}"
            ),
        }
        assert!(
            !played.stdout.contains("like") || example.is_some(),
            "{name}"
        );
    }
}
