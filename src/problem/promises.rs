//! Judge data of the problems other than POJ 3710 held against their statements'
//! promises: what `hackenbush check --problem NAME` reports (POJ 3710's are
//! [`crate::check`]'s).
//!
//! What the grammar already refuses is a parse error, not a violation: a vertex outside
//! `1..N`, a parent outside `-1, 1..n`, a colour that is not `B`/`R` or `0`/`1`, a
//! count of items that the input does not hold. What is checked here:
//!
//! | `--problem` | bounds | shape |
//! |---|---|---|
//! | `agc017d` | `2 <= N <= 10^5` | a tree |
//! | `hdu3094` | `T <= 100`, `1 <= N <= 10^5` | a tree per case |
//! | `jutge-p61396` | `1 <= n <= 10^5` | a tree per case |
//! | `kattis-hackenbushbamboo` | `n <= 1000` stalks, heights `1 <= h <= 10^9` | |
//! | `kattis-hackenbushshrubbery` | `n <= 10^5` edges | parents come first |
//! | `kattis-hackenbushpurplehearts` | `n <= 10^5` edges, depth `<= 1000` | parents come first |
//! | `codechef-gerald08` | `T <= 1000`, `N >= 1`, the sum of `N` `<= 10^5` | a tree per case |
//! | `hdu3590` | `N < 100` trees, `1 <= m < 100` | each a tree |
//!
//! A tree: no edge from a vertex to itself ([`SelfLoop`](ViolationKind::SelfLoop)), no
//! edge given twice either way round ([`RepeatedEdge`](ViolationKind::RepeatedEdge)), no
//! edge joining two vertices already joined ([`Cycle`](ViolationKind::Cycle)); with `N -
//! 1` edges that is also connected, and when it is not, the vertices not connected to
//! vertex 1 are reported once ([`Detached`](ViolationKind::Detached)). A parent array
//! lists each edge's parent before it ([`ParentAfterChild`](ViolationKind::ParentAfterChild),
//! or [`SelfLoop`](ViolationKind::SelfLoop) for an edge on itself); the depth of an edge
//! is the number of edges from it down to the ground, itself included.
//!
//! O(E log E) per test case, no recursion, nothing sized by a count the input claims
//! (a tree's `N` is at most one more than the edges read).
//!
//! ```
//! use hackenbush::problem::{Problem, promises::Promises};
//! use hackenbush::syntax::problems::{CaseLists, ProblemCases};
//!
//! // AGC017 D: a triangle 1-2-3 and vertex 4 left out.
//! let text = b"4\n1 2\n2 3\n3 1\n";
//! let problem = Problem::Agc017d;
//! let mut cases = ProblemCases::new(&text[..], problem.layout().unwrap()).keep_spans();
//! let mut lists = CaseLists::default();
//! cases.next_case(&mut lists).unwrap()?;
//! let mut promises = Promises::new(problem);
//! let found = promises.check_case(&lists, cases.declared());
//! let headlines: Vec<String> = found.iter().map(|v| v.headline()).collect();
//! assert_eq!(
//!     headlines,
//!     [
//!         "test case 1: vertex 4 is not connected to vertex 1, so the edges are not one tree",
//!         "test case 1: the edge 3-1 closes a cycle: vertices 3 and 1 are joined already",
//!     ]
//! );
//! # Ok::<(), hackenbush::diagnostic::Diagnostic>(())
//! ```

use petgraph::unionfind::UnionFind;

use crate::check::{Violation, ViolationKind};
use crate::source::Span;
use crate::syntax::problems::{CaseLists, Layout};

use super::Problem;

/// How many vertices a message lists before it says "...".
const LISTED: usize = 8;

/// A statement's bounds (inclusive); `None` where it sets none.
#[derive(Clone, Copy, Debug, Default)]
struct Bounds {
    /// Test cases `T`.
    cases: Option<u64>,
    /// Vertices of a tree: at least, at most.
    vertices: (u64, Option<u64>),
    /// The sum of the vertices of every test case.
    in_all: Option<u64>,
    /// Trees of a forest, or stalks.
    trees: Option<u64>,
    /// Edges of a parent array.
    edges: Option<u64>,
    /// Height of a stalk: at least, at most.
    height: (u64, Option<u64>),
    /// Depth of a parent array's edge.
    depth: Option<u64>,
}

impl Bounds {
    fn of(problem: Problem) -> Bounds {
        let none = Bounds::default();
        match problem {
            Problem::Poj3710 => none,
            Problem::Agc017d => Bounds {
                vertices: (2, Some(100_000)),
                ..none
            },
            Problem::Hdu3094 => Bounds {
                cases: Some(100),
                vertices: (1, Some(100_000)),
                ..none
            },
            Problem::JutgeP61396 => Bounds {
                vertices: (1, Some(100_000)),
                ..none
            },
            Problem::KattisHackenbushBamboo => Bounds {
                trees: Some(1_000),
                height: (1, Some(1_000_000_000)),
                ..none
            },
            Problem::KattisHackenbushShrubbery => Bounds {
                edges: Some(100_000),
                ..none
            },
            Problem::KattisHackenbushPurplehearts => Bounds {
                edges: Some(100_000),
                depth: Some(1_000),
                ..none
            },
            Problem::CodechefGerald08 => Bounds {
                cases: Some(1_000),
                vertices: (1, None),
                in_all: Some(100_000),
                ..none
            },
            Problem::Hdu3590 => Bounds {
                trees: Some(99),
                vertices: (1, Some(99)),
                ..none
            },
        }
    }
}

/// The bound its statement sets on the number of test cases `T` (HDU 3094: 100,
/// CodeChef GERALD08: 1,000); `None` where it sets none: an input of one test case, or of
/// test cases until the end (Jutge P61396, HDU 3590), or POJ 3710's, which [`crate::check`]
/// holds.
pub fn most_cases(problem: Problem) -> Option<u64> {
    Bounds::of(problem).cases
}

/// The promises of one problem, checked test case after test case (the bounds on `T`
/// and on sums of `N` look across them).
#[derive(Debug)]
pub struct Promises {
    problem: Problem,
    bounds: Bounds,
    /// Test cases checked.
    cases: usize,
    /// The vertices of every test case checked.
    vertices: u64,
}

impl Promises {
    /// Before the first test case of an input.
    pub fn new(problem: Problem) -> Promises {
        Promises {
            problem,
            bounds: Bounds::of(problem),
            cases: 0,
            vertices: 0,
        }
    }

    /// Every promise the next test case breaks, in input order. `lists` holds that one
    /// test case, read with its spans kept
    /// ([`ProblemCases::keep_spans`](crate::syntax::problems::ProblemCases::keep_spans)),
    /// and `declared` is the input's `T` as written, if it has one.
    pub fn check_case(
        &mut self,
        lists: &CaseLists,
        declared: Option<(u64, Span)>,
    ) -> Vec<Violation> {
        self.cases += 1;
        let mut check = CaseCheck {
            case: self.cases,
            found: Vec::new(),
        };
        let bounds = self.bounds;
        if let (1, Some(most), Some((t, span))) = (self.cases, bounds.cases, declared)
            && t > most
        {
            check.report(
                ViolationKind::TooManyCases,
                None,
                span,
                format!("{t} test cases, but the statement promises T <= {most}"),
                format!("T = {t}"),
            );
        }
        let Some(layout) = self.problem.layout() else {
            return check.found;
        };
        match layout {
            Layout::Stalks => check.stalks(lists, bounds),
            Layout::Parents | Layout::ColouredParents => check.parents(lists, bounds),
            Layout::OneTree
            | Layout::CountedTrees
            | Layout::TreesToEnd
            | Layout::ColouredTrees
            | Layout::Forests => {
                let forest = layout == Layout::Forests;
                let counts = if forest {
                    if let (Some(&(n, span)), Some(most)) = (lists.counts.first(), bounds.trees)
                        && n > most
                    {
                        check.report(
                            ViolationKind::TooManyTrees,
                            None,
                            span,
                            format!("{n} trees, but the statement promises N < {}", most + 1),
                            format!("N = {n}"),
                        );
                    }
                    lists.counts.get(1..).unwrap_or_default()
                } else {
                    &lists.counts[..]
                };
                for (t, (&(n, count_span), (_, range))) in
                    counts.iter().zip(&lists.trees).enumerate()
                {
                    let tree = forest.then_some(t + 1);
                    let before = self.vertices;
                    self.vertices = self.vertices.saturating_add(n);
                    if let Some(most) = bounds.in_all
                        && before <= most
                        && self.vertices > most
                    {
                        check.report(
                            ViolationKind::TooManyInAll,
                            tree,
                            count_span,
                            format!(
                                "the sum of N reaches {} here, but the statement promises at \
                                 most {most} over all test cases",
                                self.vertices
                            ),
                            format!("N = {n}"),
                        );
                    }
                    check.vertex_count(tree, n, count_span, bounds);
                    let ends = &lists.ends[range.clone()];
                    let spans = &lists.spans[range.start / 2..range.end / 2];
                    check.tree(tree, n, ends, spans, count_span);
                }
            }
        }
        check.found.sort_by_key(|v| v.span.start);
        check.found
    }
}

/// The violations of one test case.
struct CaseCheck {
    case: usize,
    found: Vec<Violation>,
}

impl CaseCheck {
    fn report(
        &mut self,
        kind: ViolationKind,
        tree: Option<usize>,
        span: Span,
        message: String,
        label: String,
    ) {
        self.found.push(Violation {
            kind,
            case: Some(self.case),
            tree,
            span,
            message,
            label,
        });
    }

    /// `N` against its bounds.
    fn vertex_count(&mut self, tree: Option<usize>, n: u64, span: Span, bounds: Bounds) {
        let (least, most) = bounds.vertices;
        let name = if tree.is_some() { "m" } else { "N" };
        if n < least {
            self.report(
                ViolationKind::TooFewVertices,
                tree,
                span,
                format!(
                    "{n} vert{}, but the statement promises {name} >= {least}",
                    if n == 1 { "ex" } else { "ices" }
                ),
                format!("{name} = {n}"),
            );
        }
        if let Some(most) = most
            && n > most
        {
            self.report(
                ViolationKind::TooManyVertices,
                tree,
                span,
                format!("{n} vertices, but the statement promises {name} <= {most}"),
                format!("{name} = {n}"),
            );
        }
    }

    /// The `N - 1` edges `ends` (ids `0..n`, read at `spans`) of a tree rooted at id 0.
    fn tree(&mut self, tree: Option<usize>, n: u64, ends: &[u32], spans: &[Span], at: Span) {
        let name = |id: u32| u64::from(id) + 1;
        let edges: Vec<(u32, u32)> = ends.chunks_exact(2).map(|e| (e[0], e[1])).collect();
        // Each edge given before, either way round: the later ones are repeats.
        let mut sorted: Vec<(u32, u32, usize)> = (edges.iter().enumerate())
            .map(|(i, &(u, v))| (u.min(v), u.max(v), i))
            .collect();
        sorted.sort_unstable();
        let mut repeat = vec![false; edges.len()];
        for pair in sorted.windows(2) {
            if (pair[0].0, pair[0].1) == (pair[1].0, pair[1].1) {
                repeat[pair[1].2] = true;
            }
        }
        let vertices = (n as usize).max(1);
        let mut joined = UnionFind::<u32>::new(vertices);
        let mut broken = false;
        for (i, &(u, v)) in edges.iter().enumerate() {
            let span = spans.get(i).copied().unwrap_or(at);
            let (x, y) = (name(u), name(v));
            if u == v {
                broken = true;
                self.report(
                    ViolationKind::SelfLoop,
                    tree,
                    span,
                    format!("a loop at vertex {x}: a tree has no edge from a vertex to itself"),
                    format!("loop {x}-{x}"),
                );
            } else if repeat[i] {
                broken = true;
                self.report(
                    ViolationKind::RepeatedEdge,
                    tree,
                    span,
                    format!(
                        "the edge {x}-{y} is given twice: a tree has one edge between two vertices"
                    ),
                    format!("{x}-{y} again"),
                );
            } else if !joined.union(u, v) {
                broken = true;
                self.report(
                    ViolationKind::Cycle,
                    tree,
                    span,
                    format!(
                        "the edge {x}-{y} closes a cycle: vertices {x} and {y} are joined already"
                    ),
                    "closes a cycle".to_string(),
                );
            }
        }
        if !broken {
            return;
        }
        let root = joined.find_mut(0);
        let apart: Vec<u32> = (1..vertices as u32)
            .filter(|&x| joined.find_mut(x) != root)
            .collect();
        if apart.is_empty() {
            return;
        }
        let mut listed: Vec<String> = apart
            .iter()
            .take(LISTED)
            .map(|&x| name(x).to_string())
            .collect();
        let list = if apart.len() > LISTED {
            listed.push("...".to_string());
            format!("{} vertices {} are", apart.len(), listed.join(", "))
        } else if listed.len() >= 2 {
            let last = listed.pop().unwrap_or_default();
            format!("vertices {} and {last} are", listed.join(", "))
        } else {
            format!("vertex {} is", listed.join(""))
        };
        self.report(
            ViolationKind::Detached,
            tree,
            at,
            format!("{list} not connected to vertex 1, so the edges are not one tree"),
            format!("{} of {n} vertices not connected to vertex 1", apart.len()),
        );
    }

    /// Stalks: their count and heights.
    fn stalks(&mut self, lists: &CaseLists, bounds: Bounds) {
        if let (Some(&(n, span)), Some(most)) = (lists.counts.first(), bounds.trees)
            && n > most
        {
            self.report(
                ViolationKind::TooManyTrees,
                None,
                span,
                format!("{n} stalks, but the statement promises n <= {most}"),
                format!("n = {n}"),
            );
        }
        let (least, most) = bounds.height;
        for (&h, &span) in lists.heights.iter().zip(&lists.spans) {
            if h < least {
                self.report(
                    ViolationKind::TooLow,
                    None,
                    span,
                    format!("a stalk of height {h}, but the statement promises heights >= {least}"),
                    format!("height {h}"),
                );
            }
            if let Some(most) = most
                && h > most
            {
                self.report(
                    ViolationKind::TooHigh,
                    None,
                    span,
                    format!("a stalk of height {h}, but the statement promises heights <= {most}"),
                    format!("height {h}"),
                );
            }
        }
    }

    /// A parent array: its count, the order of parents, the depth.
    fn parents(&mut self, lists: &CaseLists, bounds: Bounds) {
        if let (Some(&(n, span)), Some(most)) = (lists.counts.first(), bounds.edges)
            && n > most
        {
            self.report(
                ViolationKind::TooManyEdges,
                None,
                span,
                format!("{n} edges, but the statement promises n <= {most}"),
                format!("n = {n}"),
            );
        }
        // Depth of each edge read so far (edge i is vertex i; 0 the ground).
        let mut depth: Vec<u64> = vec![0];
        let mut too_deep = false;
        for (pair, &span) in lists.ends.chunks_exact(2).zip(&lists.spans) {
            let (parent, edge) = (pair[0], pair[1]);
            let d = if parent == edge {
                self.report(
                    ViolationKind::SelfLoop,
                    None,
                    span,
                    format!("edge {edge} stands on itself: a forest has no loop"),
                    format!("the parent of edge {edge}"),
                );
                0
            } else if parent > edge {
                self.report(
                    ViolationKind::ParentAfterChild,
                    None,
                    span,
                    format!(
                        "edge {edge} stands on edge {parent}, which comes after it, but the \
                         statement promises that parents come first"
                    ),
                    format!("the parent of edge {edge}"),
                );
                0
            } else {
                depth[parent as usize] + 1
            };
            depth.push(d);
            if let Some(most) = bounds.depth
                && d > most
                && !too_deep
            {
                too_deep = true;
                self.report(
                    ViolationKind::TooDeep,
                    None,
                    span,
                    format!(
                        "edge {edge} is {d} edges above the ground, but the statement promises \
                         a depth of at most {most}"
                    ),
                    format!("depth {d}"),
                );
            }
        }
    }
}
