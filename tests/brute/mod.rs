//! The oracle: Green Hackenbush solved by brute force, with no theory at all.
//!
//! The library computes Grundy values by the Fusion and Colon Principles; this module
//! plays the game itself, so the tests can check the theory against the rules. It uses
//! nothing from the library and nothing but the definition of the game:
//!
//! - a state is the set of remaining edges, as a bitmask over the input edge list;
//! - after every move the state is *pruned*: an edge survives only if it is connected to
//!   a ground vertex through surviving edges (a loop at an attached vertex survives);
//! - a move deletes one surviving edge, then prunes;
//! - the Grundy value of a state is the mex (least non-negative integer not present) of
//!   the values of the states one move away; a state with no edges is worth 0.
//!
//! Values are memoized in a `HashMap` keyed by the pruned mask. The recursion is as deep
//! as the number of edges, so this is for small graphs only (at most 32 edges, and in
//! practice at most about 20: the state space is exponential).

use std::collections::HashMap;

/// The Grundy value of the graph with ground vertices `ground` and edges `edges` (vertex
/// ids are arbitrary; loops and parallel edges are allowed).
pub fn grundy(ground: &[u32], edges: &[(u32, u32)]) -> u64 {
    let game = Game::new(ground, edges);
    game.value(game.prune(game.all()), &mut HashMap::new())
}

/// How many edges of the graph are connected to the ground.
// Not every test file that includes this module needs it.
#[allow(dead_code)]
pub fn attached_count(ground: &[u32], edges: &[(u32, u32)]) -> usize {
    let game = Game::new(ground, edges);
    game.prune(game.all()).count_ones() as usize
}

/// The 0-based indices (into `edges`) of the attached edges whose deletion, followed by
/// pruning, leaves a position of value `target`. With `target == 0` these are the
/// winning moves.
// Not every test file that includes this module needs it.
#[allow(dead_code)]
pub fn winning_cuts(ground: &[u32], edges: &[(u32, u32)], target: u64) -> Vec<usize> {
    let game = Game::new(ground, edges);
    let start = game.prune(game.all());
    let mut memo = HashMap::new();
    (0..edges.len())
        .filter(|&e| start & (1 << e) != 0)
        .filter(|&e| game.value(game.prune(start & !(1 << e)), &mut memo) == target)
        .collect()
}

/// A graph as the brute force sees it: edge ends and which vertices are ground.
struct Game {
    /// Ends of each edge, vertices renumbered `0..n`.
    ends: Vec<(usize, usize)>,
    /// Per renumbered vertex: whether it is a ground vertex.
    is_ground: Vec<bool>,
}

type Mask = u32;

impl Game {
    fn new(ground: &[u32], edges: &[(u32, u32)]) -> Game {
        assert!(
            edges.len() <= Mask::BITS as usize,
            "brute force: too many edges"
        );
        let mut ids: HashMap<u32, usize> = HashMap::new();
        let mut id = |v: u32| {
            let next = ids.len();
            *ids.entry(v).or_insert(next)
        };
        let ends: Vec<(usize, usize)> = edges.iter().map(|&(u, v)| (id(u), id(v))).collect();
        let ground: Vec<usize> = ground.iter().map(|&g| id(g)).collect();
        let mut is_ground = vec![false; ids.len()];
        for g in ground {
            is_ground[g] = true;
        }
        Game { ends, is_ground }
    }

    /// Every edge.
    fn all(&self) -> Mask {
        if self.ends.len() == Mask::BITS as usize {
            Mask::MAX
        } else {
            (1 << self.ends.len()) - 1
        }
    }

    /// The edges of `state` that are connected to the ground through edges of `state`.
    /// Grows the set of reached vertices from the ground until nothing changes.
    fn prune(&self, state: Mask) -> Mask {
        let mut reached = self.is_ground.clone();
        let mut changed = true;
        while changed {
            changed = false;
            for (e, &(u, v)) in self.ends.iter().enumerate() {
                if state & (1 << e) != 0 && reached[u] != reached[v] {
                    reached[u] = true;
                    reached[v] = true;
                    changed = true;
                }
            }
        }
        (0..self.ends.len())
            .filter(|&e| state & (1 << e) != 0 && reached[self.ends[e].0])
            .fold(0, |mask, e| mask | (1 << e))
    }

    /// The Grundy value of the pruned state `state`.
    fn value(&self, state: Mask, memo: &mut HashMap<Mask, u64>) -> u64 {
        if let Some(&v) = memo.get(&state) {
            return v;
        }
        let options: Vec<u64> = (0..self.ends.len())
            .filter(|&e| state & (1 << e) != 0)
            .map(|e| self.value(self.prune(state & !(1 << e)), memo))
            .collect();
        let v = mex(&options);
        memo.insert(state, v);
        v
    }
}

/// The least non-negative integer not in `values`.
fn mex(values: &[u64]) -> u64 {
    (0..).find(|v| !values.contains(v)).unwrap()
}
