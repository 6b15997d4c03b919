//! `hackenbush check`: judge data against the POJ 3710 promises.
//!
//! - `tests/fixtures/check/NAME.in`: `NAME.check.toml` runs `hackenbush check NAME.in`
//!   (with more arguments, if any), which must print `NAME.check.stdout` and
//!   `NAME.check.stderr` and exit with the case's `status.code` (0 when it has none).
//!   These are trycmd cases of `tests/cli.rs`; `TRYCMD=overwrite cargo test --test suite -- cli::`
//!   rewrites the expected files. Here: every fixture has its case, the fixtures exit 0, 1
//!   and 2 between them, and every kind of violation is shown by one.
//! - The bounds `N < 100`, `m < 100`, `k < 500` are checked on inputs written here, at
//!   the bound and one below, rather than committed as large files.
//! - Random POJ-valid trees with polygons (seeded) must pass clean, and each with one
//!   defect added must show exactly that defect.

use std::fs;
use std::path::{Path, PathBuf};

use crate::common;

use common::Run;
use hackenbush::check::{self, Options, ViolationKind};
use hackenbush::syntax::christmas::Cases;

/// `hackenbush check ARGS` in `dir`.
fn run(dir: &Path, args: &[&str]) -> Run {
    let mut all = vec!["check"];
    all.extend_from_slice(args);
    common::run(dir, &all)
}

/// The exit status a case expects: its `status.code`, or 0 (trycmd's default, success).
fn expected_code(case: &str) -> usize {
    case.lines()
        .find_map(|line| line.strip_prefix("status.code = "))
        .map_or(0, |code| code.trim().parse().expect("a status code"))
}

#[test]
fn fixtures_cover_every_status_and_every_kind() {
    let dir = common::root().join("tests/fixtures/check");
    let mut inputs: Vec<PathBuf> = fs::read_dir(&dir)
        .expect("fixture folder exists")
        .map(|e| e.expect("readable entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "in"))
        .collect();
    inputs.sort();
    let mut failures = Vec::new();
    let mut seen_kinds = String::new();
    let mut codes = [0; 3];
    for path in &inputs {
        let name = path.file_name().unwrap().to_str().unwrap();
        let stem = path.file_stem().unwrap().to_str().unwrap();
        let case = dir.join(format!("{stem}.check.toml"));
        let Ok(text) = fs::read_to_string(&case) else {
            failures.push(format!("{name} has no case {}", case.display()));
            continue;
        };
        if !text.contains("args = [\"check\"") || !text.contains(&format!("\"{name}\"]")) {
            failures.push(format!("{} does not check {name}:\n{text}", case.display()));
        }
        match codes.get_mut(expected_code(&text)) {
            Some(slot) => *slot += 1,
            None => failures.push(format!("{}: status not 0, 1 or 2", case.display())),
        }
        let stdout = fs::read_to_string(dir.join(format!("{stem}.check.stdout")))
            .unwrap_or_else(|e| panic!("{stem}.check.stdout: {e}"));
        seen_kinds.push_str(stdout.lines().last().unwrap_or(""));
    }
    assert!(inputs.len() >= 15, "only {} check fixtures", inputs.len());
    assert!(
        codes.iter().all(|&n| n > 0),
        "fixtures should exit 0, 1 and 2: {codes:?}"
    );
    // Every kind is shown by some fixture, except the bounds, written by `bounds` below.
    for kind in ViolationKind::ALL {
        if !kind.name().starts_with("too-many") && !seen_kinds.contains(kind.name()) {
            failures.push(format!("no fixture shows a {kind} violation"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// A scratch folder for inputs written by a test.
fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    fs::create_dir_all(&dir).expect("scratch folder");
    dir
}

#[test]
fn bounds() {
    let dir = scratch("check-bounds");
    let write = |name: &str, text: String| fs::write(dir.join(name), text).unwrap();

    // N: 100 trees of one vertex each, and 99.
    write("n100.in", format!("100\n{}", "1 0\n".repeat(100)));
    write("n99.in", format!("99\n{}", "1 0\n".repeat(99)));
    // m: a path on 100 vertices, and on 99.
    let path = |m: u32| {
        let edges: String = (1..m).map(|i| format!("{i} {}\n", i + 1)).collect();
        format!("1\n{m} {}\n{edges}", m - 1)
    };
    write("m100.in", path(100));
    write("m99.in", path(99));
    // k: 500 edges (a root with 499 loops on a stalk), and 499.
    let loops = |k: usize| format!("1\n2 {k}\n1 2\n{}", "2 2\n".repeat(k - 1));
    write("k500.in", loops(500));
    write("k499.in", loops(499));

    let short = |name: &str| run(&dir, &["--short", name]);
    let got = short("n100.in");
    assert_eq!(got.code, 1, "{}", got.stdout);
    assert_eq!(
        got.stdout,
        "n100.in:1:1: violation: test case 1: 100 trees, but the statement promises N < 100\n\
         1 violation in 1 of 1 test case (too-many-trees 1)\n"
    );
    let got = short("n99.in");
    assert_eq!(
        (got.code, got.stdout.as_str()),
        (0, "clean: 1 test case meets the POJ 3710 guarantees\n")
    );
    let got = short("m100.in");
    assert_eq!(got.code, 1);
    assert!(
        got.stdout.starts_with(
            "m100.in:2:1: violation: test case 1, tree 1: 100 vertices, but the statement \
             promises m < 100\n1 violation"
        ),
        "{}",
        got.stdout
    );
    assert_eq!(short("m99.in").code, 0);
    let got = short("k500.in");
    assert_eq!(got.code, 1);
    assert!(
        got.stdout.starts_with(
            "k500.in:2:3: violation: test case 1, tree 1: 500 edges, but the statement \
             promises k < 500\n"
        ),
        "{}",
        got.stdout
    );
    assert!(
        got.stdout.ends_with("(too-many-edges 1, self-loop 499)\n"),
        "{}",
        got.stdout
    );
    let got = short("k499.in");
    assert!(!got.stdout.contains("too-many-edges"), "{}", got.stdout);
    assert!(got.stdout.ends_with("(self-loop 498)\n"), "{}", got.stdout);

    // The full rendering puts the caret under the whole count.
    let got = run(&dir, &["n100.in"]);
    assert!(
        got.stdout.contains("1 | 100\n  | ^^^ N = 100\n"),
        "{}",
        got.stdout
    );
}

#[test]
fn many_violations_on_one_line_stay_linear() {
    // 200,000 loops on one line: every violation is located, in one pass (locating each
    // from the start of the line, as it once did, would take hours here rather than
    // seconds; no clock is read).
    let dir = scratch("check-one-line");
    let k = 200_000;
    let mut text = format!("1 2 {} 1 2", k + 1);
    text.push_str(&" 2 2".repeat(k));
    fs::write(dir.join("line.in"), text).unwrap();
    let got = run(&dir, &["line.in"]);
    assert_eq!(got.code, 1);
    assert_eq!(got.stdout.lines().count(), 20 * 6 + (k + 1 - 20) + 1);
    assert!(
        got.stdout
            .contains("\nline.in:1:800012: violation: test case 1, tree 1: a loop at vertex 2"),
        "{}",
        &got.stdout[got.stdout.len() - 500..]
    );
}

/// xorshift64*: a small seeded generator, so failures reproduce.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }

    fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            items.swap(i, self.below(i + 1));
        }
    }
}

/// A POJ-valid tree with polygons, vertices `0..n` (0 is the root), with the polygons
/// remembered (attachment vertex first) so that defects can be added on purpose.
struct Shape {
    n: u32,
    edges: Vec<(u32, u32)>,
    polygons: Vec<Vec<u32>>,
}

impl Shape {
    /// Grows a tree of at most `max` vertices: stalks and polygons (2 to 12 edges) hung
    /// from vertices of the tree proper, never from a polygon's other vertices.
    fn random(rng: &mut Rng, max: u32) -> Shape {
        let target = 1 + rng.below(max as usize) as u32;
        let mut shape = Shape {
            n: 1,
            edges: Vec::new(),
            polygons: Vec::new(),
        };
        let mut free = vec![0u32];
        loop {
            let at = free[rng.below(free.len())];
            if rng.chance(50) {
                if shape.n + 1 > target {
                    break;
                }
                shape.edges.push((at, shape.n));
                free.push(shape.n);
                shape.n += 1;
            } else {
                let len = [2, 3, 3, 4, 5, 6, 8, 12][rng.below(8)];
                if shape.n + len - 1 > target {
                    break;
                }
                let cycle: Vec<u32> = std::iter::once(at)
                    .chain(shape.n..shape.n + len - 1)
                    .collect();
                shape.n += len - 1;
                for i in 0..cycle.len() {
                    shape.edges.push((cycle[i], cycle[(i + 1) % cycle.len()]));
                }
                shape.polygons.push(cycle);
            }
        }
        shape
    }

    /// The tree in the christmas format, vertices renumbered at random (the root stays
    /// 1), edges shuffled and turned around at random. `m` may exceed the vertices used.
    fn write(&self, rng: &mut Rng, m: u32, out: &mut String) {
        let mut label: Vec<u32> = (2..=m).collect();
        rng.shuffle(&mut label);
        label.insert(0, 1);
        let mut edges: Vec<(u32, u32)> = self
            .edges
            .iter()
            .map(|&(u, v)| {
                let (a, b) = (label[u as usize], label[v as usize]);
                if rng.chance(50) { (b, a) } else { (a, b) }
            })
            .collect();
        rng.shuffle(&mut edges);
        out.push_str(&format!("{m} {}\n", edges.len()));
        for (u, v) in edges {
            out.push_str(&format!("{u} {v}\n"));
        }
    }
}

fn kinds_of(text: &str) -> Vec<Vec<ViolationKind>> {
    let options = Options { allow_digons: true };
    let mut cases = Cases::new(text.as_bytes());
    std::iter::from_fn(|| cases.next_case())
        .map(|case| {
            check::check_case_with(&case.expect("generated data parses"), &options)
                .iter()
                .map(|v| v.kind)
                .collect()
        })
        .collect()
}

#[test]
fn random_poj_valid_trees_are_clean() {
    let mut rng = Rng(0x3710_c0de);
    let mut text = String::new();
    let mut cases = 0;
    for _ in 0..400 {
        let most = if rng.chance(10) { 99 } else { 6 };
        let trees = 1 + rng.below(most);
        text.push_str(&format!("{trees}\n"));
        for _ in 0..trees {
            let shape = Shape::random(&mut rng, 99);
            shape.write(&mut rng, shape.n, &mut text);
        }
        cases += 1;
    }
    let found = kinds_of(&text);
    assert_eq!(found.len(), cases);
    for (i, kinds) in found.iter().enumerate() {
        assert!(kinds.is_empty(), "test case {}: {kinds:?}", i + 1);
    }
    let dir = scratch("check-random");
    fs::write(dir.join("valid.in"), &text).unwrap();
    let got = run(&dir, &["valid.in"]);
    assert_eq!(got.code, 0, "{}", got.stdout);
    assert_eq!(
        got.stdout,
        format!("clean: {cases} test cases meet the POJ 3710 guarantees\n")
    );
}

#[test]
fn one_defect_shows_as_exactly_that_violation() {
    let mut rng = Rng(0x5a11_7ba2);
    let mut tried = [0usize; 5];
    for _ in 0..600 {
        let mut shape = Shape::random(&mut rng, 90);
        let defect = rng.below(5);
        let mut m = shape.n;
        let want = match defect {
            // A branch on a polygon vertex other than its attachment vertex.
            0 => {
                let Some(cycle) = shape.polygons.get(rng.below(shape.polygons.len().max(1))) else {
                    continue;
                };
                let at = cycle[1 + rng.below(cycle.len() - 1)];
                shape.edges.push((at, shape.n));
                m += 1;
                ViolationKind::PolygonBranch
            }
            // A chord: a polygon vertex joined again to its attachment vertex.
            1 => {
                let Some(cycle) = shape.polygons.iter().find(|c| c.len() >= 3) else {
                    continue;
                };
                let far = cycle[1 + rng.below(cycle.len() - 1)];
                // Next to the attachment vertex, this doubles a polygon edge: still edges
                // on two cycles.
                shape.edges.push((cycle[0], far));
                ViolationKind::OverlappingCycles
            }
            2 => {
                let at = rng.below(shape.n as usize) as u32;
                shape.edges.push((at, at));
                ViolationKind::SelfLoop
            }
            3 => {
                m += 1;
                ViolationKind::UnusedVertices
            }
            _ => {
                shape.edges.push((shape.n, shape.n + 1));
                m += 2;
                ViolationKind::Detached
            }
        };
        tried[defect] += 1;
        let mut text = String::from("1\n");
        shape.write(&mut rng, m, &mut text);
        let found = kinds_of(&text);
        assert_eq!(found, vec![vec![want]], "{text}");
    }
    assert!(tried.iter().all(|&n| n > 50), "{tried:?}");
}

/// `--problem NAME`: the problem a fixture of `tests/fixtures/problems` is the input of.
fn problem_of(stem: &str) -> &str {
    hackenbush::problem::Problem::ALL
        .iter()
        .map(|p| p.name())
        .filter(|name| stem.starts_with(name))
        .max_by_key(|name| name.len())
        .expect("a fixture named after its problem")
}

/// Every valid sample of a judged problem, and seeded data at its limits, keeps its
/// statement's promises.
#[test]
fn problem_samples_and_generated_data_are_clean() {
    let dir = common::root().join("tests/fixtures/problems");
    let mut samples: Vec<PathBuf> = fs::read_dir(&dir)
        .expect("fixture folder exists")
        .map(|e| e.expect("readable entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "in"))
        .collect();
    samples.sort();
    assert!(samples.len() >= 14, "{samples:?}");
    for path in &samples {
        let stem = path.file_stem().unwrap().to_str().unwrap();
        let name = path.file_name().unwrap().to_str().unwrap();
        let got = run(&dir, &["--problem", problem_of(stem), name]);
        assert_eq!(got.code, 0, "{name}: {}{}", got.stdout, got.stderr);
        assert!(got.stdout.starts_with("clean: "), "{name}: {}", got.stdout);
    }
    let scratch = scratch("check-problems-generated");
    for problem in hackenbush::problem::Problem::ALL {
        if problem == hackenbush::problem::Problem::Poj3710 {
            continue;
        }
        for seed in ["1", "2"] {
            let name = format!("{}-{seed}.in", problem.name());
            let args = [
                "gen",
                "problem",
                problem.name(),
                "--seed",
                seed,
                "-o",
                &name,
            ];
            let made = common::run(&scratch, &args);
            assert_eq!(made.code, 0, "{}", made.stderr);
            let got = run(&scratch, &["--short", "--problem", problem.name(), &name]);
            assert_eq!(got.code, 0, "{name}: {}{}", got.stdout, got.stderr);
        }
    }
}

/// The bounds of the judged problems' statements that need large inputs, at the bound
/// and one past it.
#[test]
fn problem_bounds() {
    let dir = scratch("check-problem-bounds");
    let write = |name: &str, text: String| fs::write(dir.join(name), text).unwrap();
    let path = |n: u32| -> String { (1..n).map(|i| format!("{i} {}\n", i + 1)).collect() };
    let short = |problem: &str, name: &str| run(&dir, &["--short", "--problem", problem, name]);

    // AGC017 D and Jutge: N <= 10^5.
    write("agc-ok.in", format!("100000\n{}", path(100_000)));
    write("agc-over.in", format!("100001\n{}", path(100_001)));
    assert_eq!(short("agc017d", "agc-ok.in").code, 0);
    let got = short("agc017d", "agc-over.in");
    assert_eq!(
        (got.code, got.stdout.as_str()),
        (
            1,
            "agc-over.in:1:1: violation: test case 1: 100001 vertices, but the statement \
             promises N <= 100000\n\
             1 violation in 1 of 1 test case (too-many-vertices 1)\n"
        )
    );
    assert_eq!(short("jutge-p61396", "agc-ok.in").code, 0);
    assert_eq!(short("jutge-p61396", "agc-over.in").code, 1);
    // HDU 3094: 1 <= N <= 10^5 too, per test case.
    write("hdu3094-ok.in", format!("2\n1\n100000\n{}", path(100_000)));
    write(
        "hdu3094-over.in",
        format!("2\n1\n100001\n{}", path(100_001)),
    );
    assert_eq!(short("hdu3094", "hdu3094-ok.in").code, 0);
    let got = short("hdu3094", "hdu3094-over.in");
    assert_eq!(
        (got.code, got.stdout.as_str()),
        (
            1,
            "hdu3094-over.in:3:1: violation: test case 2: 100001 vertices, but the \
             statement promises N <= 100000\n\
             1 violation in 1 of 2 test cases (too-many-vertices 1)\n"
        )
    );

    // Shrubbery and purplehearts: n <= 10^5 edges; purplehearts: depth <= 1000.
    let stars = |n: u32| format!("{n}\n{}\n", vec!["-1"; n as usize].join(" "));
    write("shrub-ok.in", stars(100_000));
    write("shrub-over.in", stars(100_001));
    assert_eq!(short("kattis-hackenbushshrubbery", "shrub-ok.in").code, 0);
    let got = short("kattis-hackenbushshrubbery", "shrub-over.in");
    assert!(
        got.stdout.ends_with("(too-many-edges 1)\n") && got.code == 1,
        "{}",
        got.stdout
    );
    let deep = |n: u32| {
        let parents: Vec<String> = (0..n)
            .map(|i| if i == 0 { -1 } else { i as i64 }.to_string())
            .collect();
        format!("{n}\n{}\n{}\n", parents.join(" "), "R".repeat(n as usize))
    };
    write("deep-ok.in", deep(1000));
    assert_eq!(short("kattis-hackenbushpurplehearts", "deep-ok.in").code, 0);

    // GERALD08: the sum of N <= 10^5, over T <= 1000 test cases.
    let cases = |last: u32| {
        let mut text = format!("2\n50000\n{}", path(50_000).replace('\n', " 0\n"));
        text.push_str(&format!("{last}\n{}", path(last).replace('\n', " 1\n")));
        text
    };
    write("gerald-ok.in", cases(50_000));
    write("gerald-over.in", cases(50_001));
    assert_eq!(short("codechef-gerald08", "gerald-ok.in").code, 0);
    let got = short("codechef-gerald08", "gerald-over.in");
    assert_eq!(
        (got.code, got.stdout.as_str()),
        (
            1,
            "gerald-over.in:50002:1: violation: test case 2: the sum of N reaches 100001 \
             here, but the statement promises at most 100000 over all test cases\n\
             1 violation in 1 of 2 test cases (too-many-in-all 1)\n"
        )
    );
    write("gerald-t.in", format!("1000\n{}", "1\n".repeat(1000)));
    assert_eq!(short("codechef-gerald08", "gerald-t.in").code, 0);

    // HDU 3590: N < 100 trees of m < 100 nodes.
    write(
        "hdu3590-ok.in",
        format!("99\n{}", format!("99\n{}", path(99)).repeat(99)),
    );
    assert_eq!(short("hdu3590", "hdu3590-ok.in").code, 0);
}

/// A random tree keeps the promises; with one edge changed into a loop, a repeat of
/// another edge or an edge between two vertices of one side, it shows exactly that
/// violation and the vertices the change cut off, found here by a search of their own.
#[test]
fn problem_trees_with_one_defect() {
    use hackenbush::problem::{Problem, promises::Promises};
    use hackenbush::syntax::problems::{CaseLists, ProblemCases};

    let check = |n: u32, edges: &[(u32, u32)]| -> Vec<ViolationKind> {
        let mut text = format!("{n}\n");
        for (u, v) in edges {
            text.push_str(&format!("{u} {v}\n"));
        }
        let layout = Problem::Agc017d.layout().unwrap();
        let mut cases = ProblemCases::new(text.as_bytes(), layout).keep_spans();
        let mut lists = CaseLists::default();
        cases.next_case(&mut lists).unwrap().unwrap();
        let mut kinds: Vec<ViolationKind> = Promises::new(Problem::Agc017d)
            .check_case(&lists, None)
            .iter()
            .map(|v| v.kind)
            .collect();
        kinds.sort();
        kinds
    };
    // Whether every vertex is reached from 1 by the edges: a plain search.
    let connected = |n: u32, edges: &[(u32, u32)]| {
        let mut seen = vec![false; n as usize + 1];
        seen[1] = true;
        let mut stack = vec![1];
        while let Some(x) = stack.pop() {
            for &(u, v) in edges {
                for (a, b) in [(u, v), (v, u)] {
                    if a == x && !seen[b as usize] {
                        seen[b as usize] = true;
                        stack.push(b);
                    }
                }
            }
        }
        seen[1..].iter().all(|&s| s)
    };
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = |below: u32| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % u64::from(below)) as u32
    };
    for _ in 0..300 {
        let n = 3 + next(20);
        let mut edges: Vec<(u32, u32)> = (2..=n).map(|y| (1 + next(y - 1), y)).collect();
        for e in edges.iter_mut() {
            if next(2) == 0 {
                *e = (e.1, e.0);
            }
        }
        assert!(check(n, &edges).is_empty(), "{edges:?}");
        let i = next(edges.len() as u32) as usize;
        let j = (i + 1 + next(edges.len() as u32 - 1) as usize) % edges.len();
        for defect in 0..3 {
            let mut changed = edges.clone();
            let expect = match defect {
                0 => {
                    changed[i] = (changed[i].0, changed[i].0);
                    ViolationKind::SelfLoop
                }
                1 => {
                    changed[i] = (changed[j].1, changed[j].0);
                    ViolationKind::RepeatedEdge
                }
                _ => {
                    // Two vertices still joined once edge i is gone, and not edge i.
                    let rest: Vec<(u32, u32)> = (edges.iter().enumerate())
                        .filter(|&(k, _)| k != i)
                        .map(|(_, &e)| e)
                        .collect();
                    let joined = |a: u32, b: u32| {
                        let mut seen = vec![false; n as usize + 1];
                        seen[a as usize] = true;
                        let mut stack = vec![a];
                        while let Some(x) = stack.pop() {
                            for &(u, v) in &rest {
                                for (p, q) in [(u, v), (v, u)] {
                                    if p == x && !seen[q as usize] {
                                        seen[q as usize] = true;
                                        stack.push(q);
                                    }
                                }
                            }
                        }
                        seen[b as usize]
                    };
                    let Some(pair) =
                        (1..=n)
                            .flat_map(|a| (a + 1..=n).map(move |b| (a, b)))
                            .find(|&(a, b)| {
                                joined(a, b) && !edges.contains(&(a, b)) && !edges.contains(&(b, a))
                            })
                    else {
                        continue;
                    };
                    changed[i] = pair;
                    ViolationKind::Cycle
                }
            };
            let mut want = vec![expect];
            if !connected(n, &changed) {
                want.push(ViolationKind::Detached);
            }
            want.sort();
            assert_eq!(check(n, &changed), want, "{changed:?}");
        }
    }
}
