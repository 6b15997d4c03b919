//! The value of a tree part after each of its cuts, from the one valuation of the tree
//! that gave its value: no tree is valued again per cut.
//!
//! # Method
//!
//! The ordinal-sum recursion ([`tree_value`](super::tree_value)) leaves every branch with
//! what hangs above it and its own value: a vertex `p` is worth `x(p)`, the sum of its
//! branches (and loops), and the branch of edge `e` standing on `p` is worth
//! `b(e) = game(e) : x(top)`. Cutting `e` takes `b(e)` out of `x(p)` and changes nothing
//! but the terms on the path from `p` down to the ground:
//!
//! - at `p`, what is left is `s(e)`, the sum of `e`'s siblings (the other branches and
//!   loops on `p`);
//! - one edge `f` lower, from `q` up to `p`, the vertex `q` is worth `s(f) + game(f) : y`,
//!   where `y` is what `p` is now worth;
//! - and so on to the ground, whose new worth is the part's value after the cut.
//!
//! Every `s(f)` is computed once, before the walks, from the sums of the siblings before
//! and after it (not as `x(p) - b(f)`: the difference of two canonical forms costs as
//! much as their sum, and a stalk of long forms would pay it on every edge). On a red-blue part everything is a
//! number and the walk runs on [`Dyadic`]s with Berlekamp's rule ([`Dyadic::under`]); a
//! part with green edges walks on canonical [`Game`]s within the [`Calculator`]'s work.
//!
//! # Cost
//!
//! Three sums per edge, then per cut one ordinal sum and one sum per edge between
//! it and the ground: `O(sum of the depths)` operations, `O(E log E)` on random trees,
//! quadratic on a path (where the values after the cuts alone have a quadratic number of
//! digits). No recursion: each walk is a loop down the parent links.
//!
//! Held against exhaustive play on small trees of every colouring and against
//! [`analyze`](super::analyze) run again on each cut of random trees, in the unit tests
//! below and in `tests/partizan.rs`.

use petgraph::graph::{EdgeIndex, NodeIndex};

use super::{Branch, edge_game};
use crate::game::{Calculator, Dyadic, Exceeded, Game, Side};
use crate::model::Graph;
use crate::syntax::Colour;

/// No parent: the ground.
const GROUND: u32 = u32::MAX;

/// A tree laid out for the walks: per branch, the branch below its bottom vertex
/// ([`GROUND`] at the ground) and its edge's colour.
struct Links {
    below: Vec<u32>,
    colour: Vec<Colour>,
}

impl Links {
    /// The links of `branches` (leaves first, as [`tree_value`](super::tree_value) gives
    /// them): a loop stands on its vertex, below which is that vertex's branch.
    fn of(graph: &Graph, branches: &[Branch]) -> Links {
        let mut branch_of_top: hashbrown::HashMap<NodeIndex, u32> =
            hashbrown::HashMap::with_capacity(branches.len());
        for (k, b) in branches.iter().enumerate() {
            if !is_loop(graph, b.edge) {
                branch_of_top.insert(b.top, k as u32);
            }
        }
        let below = (branches.iter())
            .map(|b| {
                let p = bottom(graph, b);
                if p == Graph::ground() {
                    GROUND
                } else {
                    branch_of_top[&p]
                }
            })
            .collect();
        let colour = branches.iter().map(|b| graph.colour(b.edge)).collect();
        Links { below, colour }
    }
}

fn is_loop(graph: &Graph, edge: EdgeIndex) -> bool {
    let (a, b) = graph
        .net
        .edge_endpoints(edge)
        .expect("an edge of the graph");
    a == b
}

/// The vertex a branch stands on: the end of its edge other than its top (a loop's own).
fn bottom(graph: &Graph, branch: &Branch) -> NodeIndex {
    let (a, b) = graph
        .net
        .edge_endpoints(branch.edge)
        .expect("an edge of the graph");
    if a == branch.top { b } else { a }
}

/// How much listing the cuts of the tree part `edges` takes, before it is valued: the
/// sum over its edges of their distance to the ground, plus one each (the sums and
/// ordinal sums of the walks), times the machine words of the numbers they handle (a
/// number in a red-blue tree of height `h` has a denominator of at most `2^h`). Linear,
/// on a breadth-first search from the ground.
pub(super) fn steps(graph: &Graph, edges: &[EdgeIndex]) -> u64 {
    let mut number: hashbrown::HashMap<NodeIndex, u32> =
        hashbrown::HashMap::with_capacity(edges.len() + 1);
    number.insert(Graph::ground(), 0);
    let mut ends = Vec::with_capacity(edges.len());
    for &e in edges {
        let (a, b) = graph.net.edge_endpoints(e).expect("an edge of the graph");
        let mut local = |n| {
            let next = number.len() as u32;
            *number.entry(n).or_insert(next)
        };
        ends.push((local(a), local(b)));
    }
    let n = number.len();
    let mut start = vec![0usize; n + 1];
    for &(a, b) in &ends {
        start[a as usize + 1] += 1;
        start[b as usize + 1] += 1;
    }
    for v in 0..n {
        start[v + 1] += start[v];
    }
    let mut fill = start.clone();
    let mut next = vec![0u32; start[n]];
    for &(a, b) in &ends {
        for (x, y) in [(a, b), (b, a)] {
            next[fill[x as usize]] = y;
            fill[x as usize] += 1;
        }
    }
    let mut depth = vec![u64::MAX; n];
    depth[0] = 0;
    let mut queue = std::collections::VecDeque::from([0u32]);
    while let Some(v) = queue.pop_front() {
        for &w in &next[start[v as usize]..start[v as usize + 1]] {
            if depth[w as usize] == u64::MAX {
                depth[w as usize] = depth[v as usize] + 1;
                queue.push_back(w);
            }
        }
    }
    let height = depth.iter().copied().max().unwrap_or(0);
    let words = 1 + height / 64;
    // An edge's walk starts at its lower end: one step there and one per edge below.
    (ends.iter())
        .map(|&(a, b)| depth[a as usize].min(depth[b as usize]) + 1)
        .fold(0u64, |sum, d| sum.saturating_add(d))
        .saturating_mul(words)
}

/// The arithmetic a walk needs: numbers for red-blue parts, games otherwise.
trait Arithmetic {
    type Value: Clone;
    fn of(&self, game: &Game) -> Self::Value;
    fn add(&mut self, a: &Self::Value, b: &Self::Value) -> Result<Self::Value, Exceeded>;
    /// The edge of `colour` under `above`.
    fn under(&mut self, colour: Colour, above: &Self::Value) -> Result<Self::Value, Exceeded>;
    fn game(value: Self::Value) -> Game;
}

struct Numbers;

impl Arithmetic for Numbers {
    type Value = Dyadic;
    fn of(&self, game: &Game) -> Dyadic {
        game.as_number()
            .expect("a red-blue value is a number")
            .clone()
    }
    fn add(&mut self, a: &Dyadic, b: &Dyadic) -> Result<Dyadic, Exceeded> {
        Ok(a + b)
    }
    fn under(&mut self, colour: Colour, above: &Dyadic) -> Result<Dyadic, Exceeded> {
        let side = match colour {
            Colour::Blue => Side::Left,
            _ => Side::Right,
        };
        // Only a value beyond 2^64 has no rule here; a tree's values are below its size.
        above.under(side).ok_or(Exceeded::Depth)
    }
    fn game(value: Dyadic) -> Game {
        Game::number(value)
    }
}

impl Arithmetic for &mut Calculator {
    type Value = Game;
    fn of(&self, game: &Game) -> Game {
        game.clone()
    }
    fn add(&mut self, a: &Game, b: &Game) -> Result<Game, Exceeded> {
        self.sum(a, b)
    }
    fn under(&mut self, colour: Colour, above: &Game) -> Result<Game, Exceeded> {
        self.ordinal_sum(&edge_game(colour), above)
    }
    fn game(value: Game) -> Game {
        value
    }
}

/// The part's value after each cut, by edge in the order of `edges` (the part's edges),
/// from `branches`, the tree recursion's branches of that part (leaves first), whose
/// value is `value`.
pub(super) fn tree_cuts(
    graph: &Graph,
    edges: &[EdgeIndex],
    value: &Game,
    branches: &[Branch],
    calc: &mut Calculator,
) -> Result<Vec<Game>, Exceeded> {
    let numbers = value.as_number().is_some()
        && (branches.iter()).all(|b| graph.colour(b.edge) != Colour::Green);
    let by_branch = if numbers {
        walks(graph, branches, Numbers)?
    } else {
        walks(graph, branches, calc)?
    };
    let mut branch_of_edge: hashbrown::HashMap<EdgeIndex, usize> =
        hashbrown::HashMap::with_capacity(branches.len());
    for (k, b) in branches.iter().enumerate() {
        branch_of_edge.insert(b.edge, k);
    }
    let mut slots: Vec<Option<Game>> = by_branch.into_iter().map(Some).collect();
    Ok((edges.iter())
        .map(|e| slots[branch_of_edge[e]].take().expect("each edge once"))
        .collect())
}

/// The part's value after each branch's cut, by branch.
fn walks<A: Arithmetic>(
    graph: &Graph,
    branches: &[Branch],
    mut arithmetic: A,
) -> Result<Vec<Game>, Exceeded> {
    let links = Links::of(graph, branches);
    let siblings = siblings(&links, branches, &mut arithmetic)?;
    let zero = arithmetic.of(&Game::zero());
    let mut after = Vec::with_capacity(branches.len());
    for k in 0..branches.len() {
        let mut worth = siblings[k].clone().unwrap_or_else(|| zero.clone());
        let mut j = links.below[k];
        while j != GROUND {
            worth = arithmetic.under(links.colour[j as usize], &worth)?;
            if let Some(others) = &siblings[j as usize] {
                worth = arithmetic.add(others, &worth)?;
            }
            j = links.below[j as usize];
        }
        after.push(A::game(worth));
    }
    Ok(after)
}

/// Per branch, the sum of the other branches on its bottom vertex (`None` when it has
/// none): from the sums of those before it and after it, three sums a branch, no
/// difference (the difference of two canonical forms costs as much as their sum, and a
/// stalk would pay it on every edge).
fn siblings<A: Arithmetic>(
    links: &Links,
    branches: &[Branch],
    arithmetic: &mut A,
) -> Result<Vec<Option<A::Value>>, Exceeded> {
    // The branches on each vertex, grouped by the branch below it (the ground last), by
    // a counting sort.
    let n = branches.len();
    let group = |k: usize| match links.below[k] {
        GROUND => n,
        j => j as usize,
    };
    let mut start = vec![0usize; n + 2];
    for k in 0..n {
        start[group(k) + 1] += 1;
    }
    for g in 0..=n {
        start[g + 1] += start[g];
    }
    let mut fill = start.clone();
    let mut members = vec![0usize; n];
    for k in 0..n {
        members[fill[group(k)]] = k;
        fill[group(k)] += 1;
    }
    let mut siblings: Vec<Option<A::Value>> = vec![None; n];
    let mut after: Vec<Option<A::Value>> = Vec::new();
    for g in 0..=n {
        let on = &members[start[g]..start[g + 1]];
        if on.len() < 2 {
            continue;
        }
        // The sums of the branches after each one, then of those before it.
        after.clear();
        after.push(None);
        for &k in on.iter().rev() {
            let sum = plus(arithmetic, after[after.len() - 1].as_ref(), &branches[k])?;
            after.push(Some(sum));
        }
        let mut before: Option<A::Value> = None;
        for (i, &k) in on.iter().enumerate() {
            let rest = &after[on.len() - 1 - i];
            siblings[k] = match (&before, rest) {
                (Some(a), Some(b)) => Some(arithmetic.add(a, b)?),
                (Some(a), None) => Some(a.clone()),
                (None, rest) => rest.clone(),
            };
            before = Some(plus(arithmetic, before.as_ref(), &branches[k])?);
        }
    }
    Ok(siblings)
}

/// `sum + branch`, with no sum for nothing.
fn plus<A: Arithmetic>(
    arithmetic: &mut A,
    sum: Option<&A::Value>,
    branch: &Branch,
) -> Result<A::Value, Exceeded> {
    let value = arithmetic.of(&branch.value);
    match sum {
        Some(sum) => arithmetic.add(sum, &value),
        None => Ok(value),
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Budget, analyze, tree_branches};
    use super::*;
    use crate::syntax::Colour::{Blue, Green, Red};

    /// The value after each cut, by analysing the graph again without the edge.
    fn again(edges: &[(u32, u32, Colour)]) -> Vec<Game> {
        (0..edges.len())
            .map(|i| {
                let mut without = edges.to_vec();
                without.remove(i);
                let graph = Graph::from_coloured_edges(&[0], &without);
                analyze(&graph, Budget::default()).unwrap().value
            })
            .collect()
    }

    /// The walks of a one-part tree, by edge.
    fn walked(edges: &[(u32, u32, Colour)]) -> Vec<Game> {
        let graph = Graph::from_coloured_edges(&[0], edges);
        let valued = analyze(&graph, Budget::default()).unwrap();
        assert_eq!(valued.parts.len(), 1);
        let part = &valued.parts[0];
        let branches = tree_branches(&graph, &part.edges, 1_000_000).unwrap();
        let mut calc = Calculator::new(1_000_000);
        tree_cuts(&graph, &part.edges, &part.value, &branches, &mut calc).unwrap()
    }

    /// Random trees on one edge at the ground (so that they are one part), with loops,
    /// in red and blue, then in all three colours: each cut's walk gives what analysing
    /// the tree again without the edge gives.
    #[test]
    fn walks_agree_with_analysing_again() {
        let mut rng = crate::rng::Rng::new(29);
        for palette in [&[Blue, Red][..], &[Blue, Red, Green][..]] {
            for _ in 0..300 {
                let n = 1 + rng.below(12) as u32;
                let pick =
                    |rng: &mut crate::rng::Rng| palette[rng.below(palette.len() as u64) as usize];
                let mut edges = vec![(0, 1, pick(&mut rng))];
                for v in 2..=n {
                    let below = 1 + rng.below(u64::from(v - 1)) as u32;
                    if rng.below(6) == 0 {
                        edges.push((below, below, pick(&mut rng)));
                    }
                    edges.push((below, v, pick(&mut rng)));
                }
                assert_eq!(walked(&edges), again(&edges), "{edges:?}");
            }
        }
    }

    #[test]
    fn a_stalk_leaves_its_prefixes() {
        // Blue, red, blue: cutting at each height leaves 0, 1, 1/2.
        let stalk = [(0, 1, Blue), (1, 2, Red), (2, 3, Blue)];
        let shown: Vec<String> = walked(&stalk).iter().map(|g| g.to_string()).collect();
        assert_eq!(shown, ["0", "1", "1/2"]);
    }
}
