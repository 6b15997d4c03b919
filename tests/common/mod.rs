//! What several test files share: running the binary, the list of bundled inputs, small
//! graphs and the proptest setup. Not every file uses every piece. (Golden outputs are
//! compared by trycmd, in `tests/cli.rs`.)
#![allow(dead_code)]

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{ChildStdin, Command, Stdio};

use hackenbush::analysis::Analysis;
use hackenbush::generate::{Cactus, Cycle, Multigraph, Poj, RandomTree, Shape};
use hackenbush::model::Graph;
use hackenbush::source::Source;
use hackenbush::syntax::{self, Format, Position};

/// What a run of the binary gave.
pub struct Run {
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
}

/// Runs `hackenbush ARGS` in `dir`, without colour.
pub fn run(dir: &Path, args: &[&str]) -> Run {
    let out = Command::new(env!("CARGO_BIN_EXE_hackenbush"))
        .args(args)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .output()
        .expect("the binary runs");
    Run {
        code: out.status.code().expect("exited normally, not by a signal"),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

/// What a run of the binary fed on standard input gave: status, stdout, stderr and what
/// the feeding thread returned.
pub struct Fed<T> {
    pub code: i32,
    pub stdout: Vec<u8>,
    pub stderr: String,
    pub fed: T,
}

/// Runs `hackenbush ARGS` without colour, its standard input written by `feed` on a
/// thread of its own (a write fails once the binary stops reading, so an endless feed
/// ends too).
pub fn run_fed<T: Send + 'static>(
    args: &[&str],
    feed: impl FnOnce(ChildStdin) -> T + Send + 'static,
) -> Fed<T> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_hackenbush"))
        .args(args)
        .current_dir(root())
        .env("NO_COLOR", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let input = child.stdin.take().expect("stdin is piped");
    let writer = std::thread::spawn(move || feed(input));
    let out = child.wait_with_output().expect("the binary ends");
    Fed {
        code: out.status.code().expect("exited normally, not by a signal"),
        stdout: out.stdout,
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        fed: writer.join().expect("the feeding thread ends"),
    }
}

/// The repository's root folder (the library's crate; these tests are targets of the
/// command line's crate in `cli/`), made the working folder of this process on the first
/// call, so that the paths the tests and the documentation write (`examples/x.hb`,
/// `tests/cmd/*.md`) name the same files for the binary as for a reader. A test that
/// names a relative path, or runs a command that does, calls this first.
pub fn root() -> PathBuf {
    static AT_ROOT: std::sync::Once = std::sync::Once::new();
    let root = Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("cli/ has a parent")
        .to_path_buf();
    AT_ROOT.call_once(|| std::env::set_current_dir(&root).expect("the root exists"));
    root
}

/// The files of `dir` whose extension names an input format, sorted.
pub fn inputs_in(dir: &Path) -> Vec<PathBuf> {
    let mut found: Vec<PathBuf> = fs::read_dir(dir)
        .expect("the folder exists")
        .map(|e| e.expect("readable entry").path())
        .filter(|p| Format::from_path(p).is_some())
        .collect();
    found.sort();
    found
}

/// Every input in `examples/` and `tests/fixtures/valid/`, sorted per folder.
pub fn bundled_inputs() -> Vec<PathBuf> {
    ["examples", "tests/fixtures/valid"]
        .iter()
        .flat_map(|dir| inputs_in(&root().join(dir)))
        .collect()
}

/// A bundled input's path from the crate's root, as the tests name it (`examples/x.hb`).
pub fn relative_name(path: &Path) -> String {
    let relative = path
        .strip_prefix(root())
        .expect("bundled inputs are in the crate");
    relative.to_str().expect("UTF-8 path").to_string()
}

/// A bundled input read whole: its source, named by its path, and the format its
/// extension names.
pub fn source_of(path: &Path) -> (Source, Format) {
    let format = Format::from_path(path).expect("a known extension");
    let text = fs::read(path).expect("readable input");
    (
        Source::new(path.display().to_string(), text).unwrap(),
        format,
    )
}

/// Positions of every random shape small enough for the brute-force oracle (about a dozen
/// edges a graph), eight seeds each, each named `SHAPE seed N`.
pub fn small_generated() -> Vec<(String, Position)> {
    let shapes = [
        Shape::Tree(RandomTree {
            edges: 10,
            ..RandomTree::default()
        }),
        Shape::Poj(Poj {
            trees: Some(2),
            vertices: Some(8),
            max_polygon: 5,
            digons: true,
        }),
        Shape::Cactus(Cactus {
            edges: 11,
            max_polygon: 5,
            ..Cactus::default()
        }),
        Shape::Cactus(Cactus {
            edges: 11,
            max_polygon: 4,
            digons: true,
            ..Cactus::default()
        }),
        Shape::Multigraph(Multigraph {
            graphs: 1,
            vertices: 5,
            edges: 11,
            grounds: 2,
            detached: 1,
            simple: false,
        }),
        Shape::Multigraph(Multigraph {
            graphs: 1,
            vertices: 6,
            edges: 11,
            grounds: 2,
            detached: 1,
            simple: false,
        }),
        Shape::Cycle(Cycle {
            graphs: 1,
            edges: 11,
            trees: true,
        }),
    ];
    shapes
        .iter()
        .flat_map(|shape| {
            (0..8).map(move |seed| {
                (
                    format!("{} seed {seed}", shape.name()),
                    shape.position(seed, 0),
                )
            })
        })
        .collect()
}

/// The graphs of the one position of `text` in `format`, read from a file called `name`,
/// analysed; panics if it does not parse.
pub fn analyzed(name: &str, format: Format, text: &str) -> Vec<(Graph, Analysis)> {
    let source = Source::from_text(name, text).unwrap();
    let position = syntax::parse(format, &source).next().expect("a position");
    hackenbush::analyze_position(position.unwrap_or_else(|d| panic!("{name}: {d}")))
}

/// `count` POJ test cases of `trees` trees of `vertices` vertices each, digons allowed,
/// drawn from `seed`: their christmas text, and the verdicts of the full analysis, one
/// `Sally` or `Harry` line per test case.
pub fn judge_data(seed: u64, count: u64, trees: u32, vertices: u32) -> (Vec<u8>, String) {
    let shape = Shape::Poj(Poj {
        trees: Some(trees),
        vertices: Some(vertices),
        digons: true,
        ..Poj::default()
    });
    let mut text = Vec::new();
    let mut verdicts = String::new();
    for position in shape.positions(seed, count) {
        syntax::christmas::write(&mut text, &position).unwrap();
        let nim_sum =
            hackenbush::analysis::position::nim_sum(&hackenbush::analyze_position(position));
        verdicts.push_str(if nim_sum != 0 { "Sally\n" } else { "Harry\n" });
    }
    (text, verdicts)
}

/// A graph stated as data: edges between vertex ids.
pub type Edges = Vec<(u32, u32)>;

/// A path of `n` edges from vertex 0.
pub fn stalk(n: u32) -> Edges {
    (0..n).map(|i| (i, i + 1)).collect()
}

/// Runs `f` in a thread with a 2 MiB stack (a test thread's default; the main thread has
/// 8 MiB), so that a recursion over graph shape would overflow on large inputs.
pub fn with_small_stack(f: impl FnOnce() + Send + 'static) {
    std::thread::Builder::new()
        .stack_size(2 << 20)
        .spawn(f)
        .expect("a thread")
        .join()
        .expect("no panic on the small stack");
}

/// `cases` random cases; failures are saved next to the test file
/// (`NAME.proptest-regressions`: proptest's default looks for a `lib.rs` beside it and
/// warns when there is none).
pub fn proptest_config(cases: u32) -> proptest::test_runner::Config {
    proptest::test_runner::Config {
        cases,
        failure_persistence: Some(Box::new(
            proptest::test_runner::FileFailurePersistence::WithSource("proptest-regressions"),
        )),
        ..proptest::test_runner::Config::default()
    }
}

/// A random multigraph for property tests: `(ground, edges)` on vertices `0..n`, `n <= 8`,
/// up to `max_edges` edges (loops and parallel edges likely), 0 to 3 ground vertices (0 now
/// and then).
pub fn multigraph(
    max_edges: usize,
) -> impl proptest::strategy::Strategy<Value = (Vec<u32>, Edges)> {
    use proptest::prelude::*;
    (1..=8u32).prop_flat_map(move |n| {
        (
            prop_oneof![
                1 => Just(Vec::new()),
                9 => prop::collection::vec(0..n, 1..=3),
            ],
            prop::collection::vec((0..n, 0..n), 0..=max_edges),
        )
    })
}
