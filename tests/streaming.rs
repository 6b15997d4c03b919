//! The judge reads christmas data through a small window (`syntax::window`): whatever the
//! window's size and wherever it cuts, it must see the same test cases and stop at the same
//! error, shown with the same message, as a parse of the whole input held in memory.

use crate::common;

use std::fs;
use std::io::Cursor;
use std::sync::Arc;

use hackenbush::analysis::partizan::Budget;
use hackenbush::generate::rng::Rng;
use hackenbush::report::PositionReport;
use hackenbush::source::Source;
use hackenbush::syntax::Format;
use hackenbush::syntax::GraphSink;
use hackenbush::syntax::christmas::{Cases, EdgeLists};
use hackenbush::syntax::window::{Feed, Reopen, Window};
use hackenbush::{Summarized, WithMoves};

use common::{inputs_in, root, run};

/// Per test case its trees as (vertex count, ends), then the rendered error if any.
type Outcome = (Vec<Vec<(u32, Vec<u32>)>>, Option<String>);

fn read_all<F: Feed>(
    cases: &mut Cases<F>,
    render: impl FnOnce(&mut Cases<F>, &hackenbush::diagnostic::Diagnostic) -> String,
) -> Outcome {
    let mut seen = Vec::new();
    let mut lists = EdgeLists::default();
    loop {
        lists.clear();
        match cases.next_edge_lists(&mut lists) {
            None => return (seen, None),
            Some(Ok(())) => seen.push(
                lists
                    .trees
                    .iter()
                    .map(|(n, range)| (*n, lists.ends[range.clone()].to_vec()))
                    .collect(),
            ),
            Some(Err(e)) => {
                let message = render(cases, &e);
                return (seen, Some(message));
            }
        }
    }
}

fn whole(text: &[u8]) -> Outcome {
    let source = Source::new("case.in", text.to_vec()).unwrap();
    read_all(&mut Cases::new(text), |_, e| e.render(&source, false))
}

fn streamed(text: &[u8], chunk: usize) -> Outcome {
    let window = Window::with_chunk("case.in", text, chunk);
    read_all(&mut Cases::streaming(window), |cases, e| {
        e.render(&cases.feed_mut().excerpt(), false)
    })
}

/// [`streamed`], with every tree read on two cores: the far part of the input through a
/// second window opened at a line about `percent` of the way into the tree (as far as
/// the tree's edge count tells).
fn split(text: &[u8], chunk: usize, percent: u64) -> Outcome {
    let bytes: Arc<[u8]> = text.into();
    let reopen: Reopen<Cursor<Arc<[u8]>>> = Arc::new(move |at| {
        let mut far = Cursor::new(Arc::clone(&bytes));
        far.set_position(at);
        Ok(far)
    });
    let window = Window::with_chunk("case.in", Cursor::new(text.into()), chunk)
        .with_size(Some(text.len() as u64))
        .with_reopen(reopen);
    let pool = rayon::ThreadPoolBuilder::new().num_threads(2).build();
    pool.unwrap().install(|| {
        let mut cases = Cases::streaming(window).splitting_every_tree(percent);
        read_all(&mut cases, |cases, e| {
            e.render(&cases.feed_mut().excerpt(), false)
        })
    })
}

/// Every chunk size in `chunks` gives what the whole input gives, with every tree read
/// on one core and on two.
fn assert_same(name: &str, text: &[u8], chunks: &[usize]) {
    let expected = whole(text);
    for &chunk in chunks {
        let split = |percent| {
            (
                format!(", split at {percent}%"),
                split(text, chunk, percent),
            )
        };
        let ways = [
            (String::new(), streamed(text, chunk)),
            split(3),
            split(20),
            split(52),
        ];
        for (how, got) in ways {
            assert!(
                got.0 == expected.0,
                "{name}, chunk {chunk}{how}: different test cases"
            );
            assert_eq!(
                got.1, expected.1,
                "{name}, chunk {chunk}{how}: different error"
            );
        }
    }
}

const SMALL_CHUNKS: &[usize] = &[1, 2, 3, 5, 8, 13, 64, 1000, 1 << 15];

#[test]
fn every_christmas_fixture_reads_the_same_through_any_window() {
    let mut checked = 0;
    for dir in [
        "examples",
        "tests/fixtures/valid",
        "tests/fixtures/invalid",
        "tests/fixtures/check",
    ] {
        for path in inputs_in(&root().join(dir)) {
            if path.extension().is_some_and(|e| e == "in" || e == "txt") {
                let text = fs::read(&path).unwrap();
                assert_same(&path.display().to_string(), &text, SMALL_CHUNKS);
                checked += 1;
            }
        }
    }
    assert!(checked >= 20, "found only {checked} christmas inputs");
}

/// One test case: a stalk of `n` edges written one a line, `insert` put in after its
/// first `at` edges (in place of the rest when `at == n`).
fn stalk(n: usize, insert: &str, at: usize) -> String {
    let edges: Vec<String> = (1..=n).map(|v| format!("{v} {}\n", v + 1)).collect();
    let (before, after) = edges.split_at(at);
    format!(
        "1\n{} {n}\n{}{insert}{}",
        n + 1,
        before.concat(),
        after.concat()
    )
}

/// Errors where a window is most likely to lose context: far along a very long line, after
/// many-byte characters, after long runs of blanks, at the very end.
#[test]
fn errors_keep_their_line_column_and_context() {
    let long_line = "1 2 ".repeat(5_000);
    let inputs: Vec<(&str, String)> = vec![
        ("far along one line", format!("1 5001 5000 {long_line}1 x9")),
        (
            "one line, out of range",
            format!("1 5001 5001 {long_line}1 9999 2"),
        ),
        (
            "after wide characters",
            format!("1\n3 2\n1 2 ééé {}\n", "é".repeat(400)),
        ),
        (
            "a long run of blanks on one line",
            format!("0 {} 1 3 1 1 7", " ".repeat(3000)),
        ),
        (
            "blank lines, then missing edges",
            format!("1\n3 2\n1 2{}", "\n".repeat(3000)),
        ),
        (
            "blanks, then missing edges",
            format!("1\n3 2\n1 2{}", " ".repeat(3000)),
        ),
        (
            "tabs and CR",
            "1\r\n3\t2\r\n1\t2\r\n\t\t2 0\r\n".to_string(),
        ),
        (
            "many cases, then an error",
            format!("{}1 2 1 1 2 z", "1 2 1 1 2\n".repeat(3_000)),
        ),
        (
            "a token longer than the window",
            format!("1 2 1 1 {}", "9".repeat(5000)),
        ),
        (
            "garbage token longer than the window",
            format!("1 2 1 1 2 {}", "x".repeat(5000)),
        ),
        ("no final newline", "2 2 1 1 2 3 2 1 2".to_string()),
        // Large trees, one edge a line, read on two cores: errors near and far.
        ("a long tree, out of range", stalk(600, "1 700\n", 590)),
        ("a long tree, not a number", stalk(600, "1 x\n", 400)),
        (
            "a long tree, cut short",
            stalk(600, "", 600).replacen("601 600", "601 650", 1),
        ),
        ("a long tree, then a case", stalk(600, "1\n2 1\n1 3\n", 600)),
        ("a long tree, one edge split", stalk(600, "1\n2\n", 300)),
        (
            "a long tree, numbers too long",
            stalk(600, "00000001 2\n", 500),
        ),
    ];
    for (name, text) in &inputs {
        let expected = whole(text.as_bytes());
        assert!(expected.1.is_some(), "{name}: meant to be an error");
        assert_same(
            name,
            text.as_bytes(),
            &[1, 7, 100, 255, 256, 257, 1000, 4096],
        );
    }
}

/// Judge data with random damage: a byte deleted, inserted or changed, or the input cut.
#[test]
fn damaged_judge_data_reads_the_same_through_any_window() {
    let (text, _) = common::judge_data(3, 40, 3, 12);
    let alphabet = b"0123456789 \n\t\rx-\xc3\xa9";
    let mut rng = Rng::new(17);
    for trial in 0..300 {
        let mut damaged = text.clone();
        let at = rng.below(damaged.len() as u64) as usize;
        let byte = alphabet[rng.below(alphabet.len() as u64) as usize];
        match rng.below(4) {
            0 => {
                damaged.remove(at);
            }
            1 => damaged.insert(at, byte),
            2 => damaged[at] = byte,
            _ => damaged.truncate(at),
        }
        assert_same(&format!("trial {trial}"), &damaged, &[1, 9, 100, 4096]);
    }
}

/// End to end: a file much larger than the judge's window, with an error far in on a long
/// line. The judge prints every verdict before it and the same message as `analyze` and
/// `analyze --moves` (which stream christmas as the judge does).
#[test]
fn the_judge_streams_files_and_reports_errors_like_analyze() {
    let dir = std::env::temp_dir().join(format!("hackenbush-streaming-{}", std::process::id()));
    fs::create_dir_all(&dir).unwrap();
    let cases = 60_000;
    // Two parallel edges: worth 0 each.
    let mut text = "1\n3 2\n1 2 1 2\n".repeat(cases);
    text.push_str("1 3 2001 ");
    text.push_str(&"1 2 ".repeat(2_000));
    text.push_str("4 1\n");
    let path = dir.join("big.in");
    fs::write(&path, &text).unwrap();
    let judged = run(&dir, &["judge", "big.in"]);
    let analyzed = run(&dir, &["analyze", "big.in"]);
    let with_moves = run(&dir, &["analyze", "--moves", "big.in"]);
    fs::remove_dir_all(&dir).unwrap();
    assert_eq!(judged.code, 2);
    assert_eq!(judged.stdout, "Harry\n".repeat(cases));
    assert_eq!(judged.stderr, analyzed.stderr);
    assert_eq!(judged.stderr, with_moves.stderr);
    assert_eq!(analyzed.stdout.matches("second player wins").count(), cases);
    assert!(
        judged
            .stderr
            .contains(&format!("big.in:{}:", 3 * cases + 1)),
        "{}",
        judged.stderr
    );
}

/// End to end: a tree that fills a file of several MiB is read on two cores (the far half
/// through a second handle on the file), and gives what the same bytes give read on one
/// core from standard input: the verdict, an error far into the tree (with the line that
/// `analyze --moves`, which reads lines and never splits, gives), and a test case after
/// the tree.
#[test]
fn a_large_tree_reads_the_same_on_two_cores() {
    let dir = std::env::temp_dir().join(format!("hackenbush-split-{}", std::process::id()));
    fs::create_dir_all(&dir).unwrap();
    let n = 400_000u64;
    let mut rng = Rng::new(5);
    let edges: Vec<String> = (2..=n + 1)
        .map(|v| format!("{} {v}\n", 1 + rng.below(v - 1)))
        .collect();
    let tree = |edges: &[String]| format!("1\n{} {n}\n{}", n + 1, edges.concat());
    let mut wrong = edges.clone();
    wrong[390_000] = format!("1 {}\n", n + 7);
    let texts = [
        ("clean", tree(&edges)),
        ("out of range far in", tree(&wrong)),
        ("another case after", tree(&edges) + "1\n2 1\n1 2\n"),
        ("cut short", tree(&edges[..399_000])),
    ];
    for (name, text) in texts {
        assert!(
            text.len() > 9 << 19,
            "{name}: the file is to be read on two cores"
        );
        let path = dir.join("big.in");
        fs::write(&path, &text).unwrap();
        let judged = run(&dir, &["judge", "big.in"]);
        let with_moves = run(&dir, &["analyze", "--moves", "big.in"]);
        let piped = common::run_fed(&["judge"], move |mut stdin| {
            std::io::Write::write_all(&mut stdin, text.as_bytes())
        });
        assert_eq!(judged.stdout.as_bytes(), piped.stdout, "{name}");
        assert_eq!(judged.code, piped.code, "{name}");
        assert_eq!(judged.stderr, with_moves.stderr, "{name}");
        assert_eq!(
            judged.stderr,
            piped.stderr.replace("<stdin>", "big.in"),
            "{name}"
        );
    }
    fs::remove_dir_all(&dir).unwrap();
}

/// After more blanks than a window keeps (`window::MAX_BLANKS`), "found end of input"
/// points at the end of the input rather than after the last token: memory stays bounded
/// whatever the input, and the line number is still right.
#[test]
fn endless_blanks_point_at_the_end_of_input() {
    let blank_lines = hackenbush::syntax::window::MAX_BLANKS + 10;
    let text = format!("1\n3 2\n1 2{}", "\n".repeat(blank_lines));
    let (cases, error) = streamed(text.as_bytes(), 1 << 15);
    assert!(cases.is_empty());
    let error = error.expect("an edge is missing");
    assert!(
        error.contains(&format!("case.in:{}:1", 3 + blank_lines)),
        "{error}"
    );
}

/// `hackenbush check` reads test cases through a window too, which holds each test case
/// while its violations are shown: whatever the window's size, the violations and their
/// rendering (line, column, the line itself, the caret) are those of the whole input.
#[test]
fn check_reads_test_cases_through_any_window() {
    let (mut text, _) = common::judge_data(5, 30, 3, 12);
    // Broken promises: a loop, a theta, a vertex out of use, on one long line, and a
    // tree of more than 500 edges far into its line.
    text.extend_from_slice(b"2 4 4 1 2 2 2 2 3 3 4 5 5 1 2 2 3 3 4 4 2 2 4\n");
    text.extend_from_slice(format!("1 3 600 {}\n", "1 2 ".repeat(600)).as_bytes());
    text.extend_from_slice(b"1\n2 1\n1 1\n");
    let whole = {
        let source = Source::new("case.in", text.clone()).unwrap();
        let mut cases = Cases::new(&text[..]);
        let mut shown = Vec::new();
        while let Some(case) = cases.next_case() {
            for v in hackenbush::check::check_case(&case.unwrap()) {
                shown.push(v.diagnostic().render(&source, false));
            }
        }
        shown
    };
    assert!(whole.len() >= 4, "{whole:#?}");
    for chunk in [1, 7, 64, 255, 1000, 1 << 15] {
        let mut cases = Cases::streaming(Window::with_chunk("case.in", &text[..], chunk));
        let mut shown = Vec::new();
        while let Some(case) = cases.next_case() {
            let violations = hackenbush::check::check_case(&case.unwrap());
            if violations.is_empty() {
                continue;
            }
            let source = cases.feed_mut().excerpt();
            for v in violations {
                shown.push(v.diagnostic().render(&source, false));
            }
        }
        assert_eq!(shown, whole, "chunk {chunk}");
    }
}

/// Showing a violation reads on to the end of its line, which may be the end of the input:
/// the test cases after it on that line are still read.
#[test]
fn showing_a_violation_hides_no_test_case_after_it() {
    let text = b"1 2 1 1 1 1 2 1 1 2 1 3 2 1 2 2 3";
    for chunk in [1, 2, 5, 64, 1 << 15] {
        let mut cases = Cases::streaming(Window::with_chunk("case.in", &text[..], chunk));
        let mut read = 0;
        while let Some(case) = cases.next_case() {
            let case = case.unwrap();
            read += 1;
            if !hackenbush::check::check_case(&case).is_empty() {
                let _ = cases.feed_mut().excerpt();
            }
        }
        assert_eq!(read, 3, "chunk {chunk}");
    }
}

/// `judge --json` streams too: one line per test case, numbered (and named by its
/// source) on across batches (and across the two cores), the same verdicts as the text,
/// and the error as a last line.
#[test]
fn the_judge_streams_json_lines_numbered_across_batches() {
    let dir = std::env::temp_dir().join(format!("hackenbush-json-lines-{}", std::process::id()));
    fs::create_dir_all(&dir).unwrap();
    let (mut text, verdicts) = common::judge_data(7, 10_000, 3, 6);
    text.extend_from_slice(b"1\n3 1\n1 9\n");
    fs::write(dir.join("many.in"), &text).unwrap();
    let judged = run(&dir, &["judge", "--json", "many.in"]);
    fs::remove_dir_all(&dir).unwrap();
    assert_eq!(judged.code, 2, "{}", judged.stderr);
    let lines: Vec<serde_json::Value> = (judged.stdout.lines())
        .map(|line| serde_json::from_str(line).expect("each line is a JSON document"))
        .collect();
    let (error, cases) = lines.split_last().unwrap();
    assert_eq!(cases.len(), 10_000);
    for ((i, line), verdict) in cases.iter().enumerate().zip(verdicts.lines()) {
        assert_eq!(line["version"], hackenbush::report::json::VERSION);
        assert_eq!(line["case"], i + 1);
        assert_eq!(line["source"], format!("many.in#{}", i + 1));
        assert_eq!(line["verdict"], verdict);
        let first = line["nim_sum"] != 0;
        assert_eq!(line["winner"], if first { "first" } else { "second" });
    }
    assert_eq!(error["version"], hackenbush::report::json::VERSION);
    assert_eq!(error["error"]["source"], "many.in");
    assert_eq!(error["error"]["message"], "vertex 9 is out of range 1..3");
}

/// `analyze` and `analyze --moves` read christmas as the judge does (bare edge lists in
/// batches, the lean searches), not position by position: each must report what the
/// library reports from the whole text, graph by graph from the declarations (every
/// position before the first error, every graph's value and counts, every winning move
/// with its ends and line, in JSON), and stop at the library's error with its message
/// and status 2. Read from a file, and from standard input recognised by its first bytes.
#[test]
fn analyze_streams_christmas_as_the_library_reads_it_whole() {
    let dir = std::env::temp_dir().join(format!("hackenbush-analyze-{}", std::process::id()));
    fs::create_dir_all(&dir).unwrap();
    let mut inputs: Vec<(String, Vec<u8>)> = ["tests/fixtures/valid", "tests/fixtures/invalid"]
        .iter()
        .flat_map(|folder| inputs_in(&root().join(folder)))
        .filter(|path| path.extension().is_some_and(|e| e == "in"))
        .map(|path| {
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            (name, fs::read(&path).unwrap())
        })
        .collect();
    for seed in 0..4 {
        inputs.push((
            format!("poj-{seed}.in"),
            common::judge_data(seed, 300, 4, 12).0,
        ));
    }
    // Loops, parallel edges, parts not attached to the ground (a loop alone, a ring, a
    // tree), no edges, no vertices at all, a vertex number beyond 32 bits, and more test
    // cases than a batch holds.
    let mut shapes = String::from("3\n6 6\n1 2 2 2 2 3 3 2 4 4 5 6\n0 0\n1 0\n");
    shapes += "2\n7 5\n1 2 3 4 4 5 5 3 6 7\n9000000000 2\n1 9000000000 9000000000 9000000000\n";
    shapes += &"1\n3 3\n1 2 2 3 3 1\n".repeat(5_000);
    // Edges over several windows, on lines of their own, several to a line, split across
    // blank lines and CRLF: every winning move's line counted through the window's moves.
    shapes += &"1\n4 3\n1 2\n\n 2\n3 \r\n3 4\n2\n2 1 1 2\n3 1\r\n3 2\n".repeat(3_000);
    inputs.push(("shapes.in".to_string(), shapes.into_bytes()));
    for (name, text) in &inputs {
        fs::write(dir.join(name), text).unwrap();
        let source = Source::new(name.clone(), text.clone()).unwrap();
        let (positions, error) = read_whole(&source);
        for moves in [false, true] {
            let args = if moves {
                &["analyze", "--moves", "--json"][..]
            } else {
                &["analyze", "--json"]
            };
            let what = format!("{name}{}", if moves { " with moves" } else { "" });
            let from_file = run(&dir, &[args, &[name.as_str()]].concat());
            let got: serde_json::Value = serde_json::from_str(&from_file.stdout).unwrap();
            let expected = positions.iter().map(
                |(values, with_moves)| {
                    if moves { with_moves } else { values }
                },
            );
            let expected = serde_json::to_value(expected.collect::<Vec<_>>()).unwrap();
            assert_eq!(got["positions"], expected, "{what}");
            match &error {
                Some(message) => {
                    assert!(from_file.stderr.contains(message), "{what}: {message}");
                    assert_eq!(from_file.code, 2, "{what}");
                }
                None => assert_eq!(from_file.code, 0, "{what}: {}", from_file.stderr),
            }
            let fed = text.clone();
            let piped = common::run_fed(args, move |mut stdin| {
                // The binary may stop reading at an error.
                let _ = std::io::Write::write_all(&mut stdin, &fed);
            });
            let renamed = from_file.stdout.replace(&format!("\"{name}"), "\"<stdin>");
            assert_eq!(
                (piped.code, String::from_utf8_lossy(&piped.stdout)),
                (from_file.code, renamed.into()),
                "{what} on stdin"
            );
        }
    }
    fs::remove_dir_all(&dir).unwrap();
}

/// The library's reading of the whole of `source` (christmas), position by position from
/// its declarations: each position's report without and with its moves, up to the first
/// error, and that error's message.
fn read_whole(source: &Source) -> (Vec<(PositionReport, PositionReport)>, Option<String>) {
    let mut reports = Vec::new();
    for position in hackenbush::syntax::parse(Format::Christmas, source) {
        let position = match position {
            Ok(position) => position,
            Err(error) => return (reports, Some(error.message)),
        };
        let label = source.label(position.case);
        let mut values = Summarized::default();
        for graph in position.graphs.iter().cloned() {
            values.graph(graph);
        }
        let values = values.report(label.clone()).unwrap();
        let nim_sum = values.nim_sum.expect("christmas is green");
        let mut moves = WithMoves::new(nim_sum, false, Budget::DEFAULT);
        for graph in position.graphs {
            moves.add(source, graph);
        }
        reports.push((values, moves.report(label).unwrap()));
    }
    (reports, None)
}

/// A test case of more graphs than `analyze` writes as text beside the valuing (4,096) is
/// written from its report instead: the text must come out the same, and in input order
/// between the small cases around it.
#[test]
fn analyze_writes_large_and_small_cases_in_order() {
    let dir = std::env::temp_dir().join(format!("hackenbush-order-{}", std::process::id()));
    fs::create_dir_all(&dir).unwrap();
    let small = "1\n4 4\n1 2 2 3 2 4 3 4\n";
    let large = format!("5000\n{}", "2 1\n1 2\n".repeat(5_000));
    let text = [small, &large, small, &large, small].concat();
    fs::write(dir.join("mixed.in"), &text).unwrap();
    let got = run(&dir, &["analyze", "mixed.in"]);
    fs::remove_dir_all(&dir).unwrap();
    let source = Source::new("mixed.in", text.into_bytes()).unwrap();
    let positions =
        hackenbush::analyze_source(&source, Format::Christmas, Default::default()).unwrap();
    let mut expected = String::new();
    for position in &positions {
        hackenbush::report::text::write_position(&mut expected, position).unwrap();
    }
    assert_eq!(got.code, 0, "{}", got.stderr);
    assert_eq!(got.stdout, expected);
}

/// A program that writes one test case and waits for its answer before it writes the
/// next (an interactive checker, a contestant's harness) gets each answer in turn: the
/// reader answers the cases it has, and flushes them, before it waits for more input. It
/// once read on until a batch was full or the input ended, and both sides waited for
/// each other.
#[test]
fn a_writer_waiting_for_each_answer_gets_it_before_writing_the_next() {
    use std::io::{BufRead, BufReader, Write};
    use std::process::{Command, Stdio};
    use std::sync::atomic::{AtomicBool, Ordering};
    // (arguments, the test cases as the writer sends them, the answer to each)
    let runs: [(&[&str], &[&str], &[&str]); 5] = [
        (
            &["judge"],
            &[
                "1\n2 1\n1 2\n",
                "2\n2 1\n1 2\n2 1\n1 2\n",
                "1\n4 4\n1 2\n2 3\n3 4\n4 1\n",
            ],
            &["Sally", "Harry", "Harry"],
        ),
        (
            &["judge", "--problem", "jutge-p61396"],
            &["3\n1 2\n1 3\n", "2\n1 2\n", "1\n"],
            &["L", "2", "L"],
        ),
        (
            &["judge", "--problem", "hdu3094"],
            &["3\n", "2\n1 2\n", "3\n1 2\n1 3\n", "1\n"],
            &["Alice", "Bob", "Bob"],
        ),
        (
            &["analyze", "--format", "christmas"],
            &["1\n2 1\n1 2\n", "1\n2 1\n1 2\n"],
            &["<stdin>#1", "<stdin>#2"],
        ),
        (
            &["analyze", "--format", "cgsuite"],
            &["l\n", "r\n"],
            &["<stdin>#1", "<stdin>#2"],
        ),
    ];
    for (args, cases, answers) in runs {
        let mut child = Command::new(env!("CARGO_BIN_EXE_hackenbush"))
            .args(args)
            .env("NO_COLOR", "1")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let pid = child.id();
        // A hang guard, not a measure: if an answer never comes, the child is killed
        // after a minute, its output ends, and the test fails on the missing line.
        let done = Arc::new(AtomicBool::new(false));
        let guard = {
            let done = Arc::clone(&done);
            std::thread::spawn(move || {
                for _ in 0..600 {
                    if done.load(Ordering::Relaxed) {
                        return;
                    }
                    std::thread::sleep(std::time::Duration::from_millis(100));
                }
                let _ = Command::new("kill").arg(pid.to_string()).status();
            })
        };
        let mut stdin = child.stdin.take().unwrap();
        let mut stdout = BufReader::new(child.stdout.take().unwrap());
        let mut sent = cases.iter();
        // A counted problem's count comes first, on its own.
        if cases.len() > answers.len() {
            stdin.write_all(sent.next().unwrap().as_bytes()).unwrap();
        }
        for (case, answer) in sent.zip(answers) {
            stdin.write_all(case.as_bytes()).unwrap();
            stdin.flush().unwrap();
            let mut line = String::new();
            // `analyze` parts positions by a blank line, written before the next one.
            while line.trim_end().is_empty() {
                line.clear();
                if stdout.read_line(&mut line).unwrap() == 0 {
                    break;
                }
            }
            assert_eq!(line.trim_end(), *answer, "{args:?}: the answer to {case:?}");
            // ... and ends each with its nim-sum, or a coloured one with its value.
            if args[0] == "analyze" {
                while !line.trim_start().starts_with("nim-sum")
                    && !line.trim_start().starts_with("value")
                {
                    line.clear();
                    let read = stdout.read_line(&mut line).unwrap();
                    assert!(read > 0, "{args:?}: the report of {case:?} ended early");
                }
            }
        }
        drop(stdin);
        let status = child.wait().unwrap();
        done.store(true, Ordering::Relaxed);
        guard.join().unwrap();
        assert!(status.success(), "{args:?}: {status}");
    }
}
