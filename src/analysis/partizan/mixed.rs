//! A part mixing green edges with red and blue ones, split into a number and an
//! infinitesimal: its red-blue core, valued as a number, and the rest with the core made
//! ground, a smaller position. No search over the positions of the whole part.
//!
//! # The theorem
//!
//! Let `P` be a red-blue-green position, its **core** `C` the edges still standing when
//! every green edge is cut (a red-blue position, so a number `x`; Winning Ways ch. 2), and
//! its **rest** `N` the other edges, each held up only through green edges. Let `H` be the
//! position of the edges `N` alone whose ground is the ground and every vertex of `C`.
//! Then
//!
//! ```text
//! P = x + H,   and H is infinitesimal.
//! ```
//!
//! So `1/8*` for the Moderately Hard Bed with four edges green (its core is worth `1/8`,
//! its rest three green edges between vertices of the core, `*` together), and every
//! Hackenbush position is a number plus an infinitesimal: its Left and Right stops are
//! both the value of its core (`docs/values.md` had observed it, not proved it). The proof
//! needs three facts, each checked against exhaustive play in this file's tests:
//!
//! 1. **A green cut changes a position by an infinitesimal.** For a green edge `e` of `Q`,
//!    `Q - e <= Q + d` for every number `d > 0`: in `Q + d - (Q - e)`, Right moving
//!    first, Left copies each of Right's cuts in the other graph (every edge standing in
//!    `Q - e` stands in `Q`, and the two stay `Q` and `Q - e` less the same cuts), and
//!    when Right cuts what stands only in the first graph, or moves in `d`, Left cuts `e`
//!    there: what is left is `X - X + d' > 0` with `d' >= d`, which Left wins. By symmetry
//!    `Q - e >= Q - d`. Cutting every green edge in turn, `Q` is infinitesimally close to
//!    its core: both its stops are `x`.
//! 2. **Cuts of the core are dominated once a green edge stands.** A blue edge `c` of the
//!    core leaves a position whose core is the core less `c`, a Left option of the number
//!    `x`, so below `x`; a green cut leaves the core as it is. A number plus an
//!    infinitesimal below another's number is below it (both stops of the difference are
//!    negative; Siegel, *Combinatorial Game Theory*, ch. II.3), so the cut of `c` is
//!    dominated by the green cut, and removing dominated options keeps the value (Siegel
//!    ch. II.2). Likewise for Right. A cut of the rest leaves the core as it is, so the
//!    positions played after are the core with some of the rest, and in each the edges
//!    of the rest fall exactly as in `H`: the core holds every vertex of it up.
//! 3. **Number Translation.** So `P = {x + H^L | x + H^R}` (by induction on the rest, each
//!    option `x` plus its `H`). When `H` is not a number, that is `x + H` (Siegel ch.
//!    II.3). When it is one, it is 0 (`H`'s own core is empty, so its stops are 0 by fact
//!    1), both sides have an option (a green edge of the rest stands), every `H^L <| 0 <|
//!    H^R`, and each option is infinitesimal: `x` is the only number strictly between
//!    the options, so the form is `x` (the Simplicity Theorem).
//!
//! # Method
//!
//! For a position of a part: [`core`] finds the core (one search from the ground over the
//! edges that are not green), the search by comparisons with numbers
//! ([`Bounds`](super::bounds::Bounds)) values it, and the rest is valued by the block
//! search on games ([`blocks`](super::blocks)) on the part's edges with the core's
//! vertices made ground ([`grounded`]), one search per core met (the positions after the
//! cuts of the rest have the same core, so listing the cuts finds them in that search's
//! memory). The rest's own core is empty; the block search uses the theorem for each
//! block from its root, with the values hanging on it (the values of the pieces they
//! stand for, so numbers plus infinitesimals, [`number_part`]):
//! - a red-blue block with numbers hanging is a red-blue position: searched on numbers;
//! - a red-blue block with other values hanging is worth the same block with their
//!   numbers hanging, plus their infinitesimals (the theorem for the block and its pieces:
//!   the core is the block with the pieces' cores, the rest each piece's rest, grounded);
//! - a block with green edges and a core is searched without the cuts of its core
//!   (fact 2: dominated by its green cuts).
//!
//! # Cost
//!
//! One search from the ground, the core's search on numbers, and the rest's valuation,
//! whose parts have fewer edges than the part. The rest of a random colouring is small:
//! 3 to 11 edges of 23 to 30 on the mixed inputs of `benches/searched/`, valued in
//! hundredths of a second where the block search on games took 50 to 217 s or refused
//! them (docs/performance.md). What the theorem leaves is the rest: a position whose
//! green edges stand at the ground has no core, and the block search on games values its
//! infinitesimals as before, only its red-blue blocks faster.

use crate::game::{Dyadic, Game, Side};

use super::{Board, NONE};

/// The number a position's value `g` is infinitesimally close to (both its stops): the
/// number reached by following the first Left option of each game down from `g`. Every
/// canonical Left option of a position's value that is not a number is (the value of) a
/// later position, so a number plus an infinitesimal, and they all have `g`'s stops: an
/// option with a smaller number would be dominated by one with the largest, and the
/// largest is `g`'s Left stop (Siegel ch. II.3). Linear in the depth of `g`.
pub(super) fn number_part(g: &Game) -> Dyadic {
    let mut at = g.clone();
    let x = loop {
        if let Some(x) = at.as_number() {
            break x.clone();
        }
        let first = at.options(Side::Left).into_iter().next();
        at = first.expect("a game that is not a number has Left options");
    };
    debug_assert_eq!(
        g.stops(),
        (x.clone(), x.clone()),
        "{g} is a number plus an infinitesimal"
    );
    x
}

/// The core of the position `mask` from `root` (the ground, 0, or the vertex a block
/// hangs from): the edges still standing when the `green` edges are cut.
pub(super) fn core(board: &Board, green: u64, mask: u64, root: u32) -> u64 {
    board.reach_from(mask & !green, root, NONE)
}

/// The ends of the part's edges with the ground and every vertex of `core` made one
/// vertex, the ground (node 0): the board of the rests of the positions with that core.
/// Edges between two vertices of the core become loops at the ground (a rest's green
/// edges between them, and the core's own edges, which no rest has).
pub(super) fn grounded(board: &Board, core: u64) -> Vec<(u32, u32)> {
    let mut grounded = 1u128;
    let mut left = core;
    while left != 0 {
        let (a, b) = board.ends[left.trailing_zeros() as usize];
        left &= left - 1;
        grounded |= (1 << a) | (1 << b);
    }
    let local = |v: u32| if grounded & (1 << v) != 0 { 0 } else { v };
    (board.ends.iter())
        .map(|&(a, b)| (local(a), local(b)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Calculator;
    use crate::game_tree::partizan::ColouredTree;
    use crate::model::Graph;
    use crate::syntax::Colour::{self, Blue, Green, Red};

    use super::super::tests::{Edges, played};

    /// A seeded random graph with cycles in all three colours, loops and parallel edges
    /// too.
    fn random_graph(rng: &mut crate::rng::Rng, count: usize) -> Edges {
        super::super::tests::random_graph(rng, count, &[Blue, Red, Green])
    }

    /// The board of `edges`, its green edges as bits, and every edge attached.
    fn board(edges: &[(u32, u32, Colour)]) -> (Board, u64, u64) {
        let nodes = edges
            .iter()
            .map(|&(a, b, _)| a.max(b) + 1)
            .max()
            .unwrap_or(1);
        let board = Board::new(
            nodes as usize,
            edges.iter().map(|&(a, b, _)| (a, b)).collect(),
        );
        let colours: Vec<Colour> = edges.iter().map(|&(_, _, c)| c).collect();
        let green = super::super::colour_bits(&colours, Green);
        let all = board.attached((1u64 << edges.len()) - 1);
        (board, green, all)
    }

    /// The edges of `mask`.
    fn edges_of(edges: &[(u32, u32, Colour)], mask: u64) -> Edges {
        (0..edges.len())
            .filter(|&i| mask & (1 << i) != 0)
            .map(|i| edges[i])
            .collect()
    }

    /// Fact 1, played out: cutting a green edge changes a position by an infinitesimal,
    /// on random graphs with cycles of up to 12 edges in all three colours, every green
    /// edge of each.
    #[test]
    fn a_green_cut_changes_a_position_by_an_infinitesimal() {
        let mut rng = crate::rng::Rng::new(53);
        let mut calc = Calculator::new(u64::MAX);
        let mut cuts = 0;
        for round in 0..150 {
            let edges = random_graph(&mut rng, 3 + round % 10);
            let (_, green, all) = board(&edges);
            let whole = played(&edges);
            let mut left = green & all;
            while left != 0 {
                let i = left.trailing_zeros() as usize;
                left &= left - 1;
                let cut = played(&edges_of(&edges, all & !(1 << i)));
                let change = calc.sum(&cut, &whole.negate()).unwrap();
                assert!(
                    change.is_infinitesimal(),
                    "{edges:?} less edge {i}: {change}"
                );
                cuts += 1;
            }
        }
        assert!(cuts > 200, "{cuts} green cuts");
    }

    /// The theorem, played out: a position is the number of its red-blue core plus the
    /// value of its rest with the core made ground, that rest is infinitesimal, and both
    /// stops of the position are the core's number; on random graphs with cycles of up to
    /// 14 edges in all three colours, and on each of their positions after one cut.
    #[test]
    fn a_position_is_its_cores_number_plus_its_rest_made_ground() {
        let mut rng = crate::rng::Rng::new(59);
        let mut calc = Calculator::new(u64::MAX);
        let mut split = 0;
        for round in 0..160 {
            let edges = random_graph(&mut rng, 3 + round % 12);
            let (board, green, all) = board(&edges);
            let mut positions = vec![all];
            let mut left = all;
            while left != 0 && round % 4 == 0 {
                let i = left.trailing_zeros();
                left &= left - 1;
                positions.push(board.attached(all & !(1 << i)));
            }
            for mask in positions {
                let whole = played(&edges_of(&edges, mask));
                let core = core(&board, green, mask, 0);
                let x = played(&edges_of(&edges, core));
                let number = x.as_number().expect("a red-blue position is a number");
                assert_eq!(whole.stops(), (number.clone(), number.clone()), "{edges:?}");
                let rest = rest_graph(&edges, &board, mask & !core, core);
                let rest = ColouredTree::solve(&rest, 20, &mut |_| {}).unwrap();
                assert!(rest.value().is_infinitesimal(), "{edges:?}");
                let sum = calc.sum(&x, rest.value()).unwrap();
                assert_eq!(sum, whole, "{edges:?}, mask {mask:b}");
                if core != 0 && core != mask {
                    split += 1;
                }
            }
        }
        assert!(split > 100, "{split} positions with a core and a rest");
    }

    /// The edges `rest` of a position with core `core` as a graph of their own, the core's
    /// vertices made ground.
    fn rest_graph(edges: &[(u32, u32, Colour)], board: &Board, rest: u64, core: u64) -> Graph {
        let ends = grounded(board, core);
        let rest: Edges = (0..edges.len())
            .filter(|&i| rest & (1 << i) != 0)
            .map(|i| (ends[i].0, ends[i].1, edges[i].2))
            .collect();
        Graph::from_coloured_edges(&[0], &rest)
    }

    /// The analysis of `edges` (its value, and its value after every cut) is the game
    /// tree's.
    fn assert_plays_out(edges: &[(u32, u32, Colour)]) {
        let graph = Graph::from_coloured_edges(&[0], edges);
        let verified = crate::game_tree::partizan::verify(&graph, Default::default(), &mut |_| {})
            .expect("small enough to play");
        assert!(verified.agrees(), "{edges:?}: {verified:?}");
    }

    /// Whether the whole of `edges` has both a core and a rest: the split the theorem
    /// makes is met.
    fn has_core_and_rest(edges: &[(u32, u32, Colour)]) -> bool {
        let (board, green, all) = board(edges);
        let core = core(&board, green, all, 0);
        core != 0 && core != all
    }

    /// The value of a part and its values after each cut (read from the searches of its
    /// cores and of its rests, one per core) are those of the game tree: random graphs
    /// with cycles of up to 12 edges in all three colours.
    #[test]
    fn every_cut_of_a_mixed_part_leaves_the_played_value() {
        let mut rng = crate::rng::Rng::new(61);
        for round in 0..100 {
            assert_plays_out(&random_graph(&mut rng, 3 + round % 10));
        }
    }

    /// Every multigraph of up to 5 edges on the ground and 3 more vertices (loops and
    /// parallel edges included) with a green edge and a red or blue one: the analysis's
    /// value and its value after every cut are those of the game tree.
    #[test]
    fn every_mixed_multigraph_up_to_five_edges_agrees_with_exhaustive_play() {
        let mut split = 0;
        for edges in super::super::tests::every_multigraph(5, &[Blue, Red, Green]) {
            let green = edges.iter().filter(|&&(_, _, c)| c == Green).count();
            if green == 0 || green == edges.len() {
                continue;
            }
            assert_plays_out(&edges);
            split += usize::from(has_core_and_rest(&edges));
        }
        assert!(split > 10_000, "{split} graphs with a core and a rest");
    }

    /// Larger random graphs, of 15 to 18 edges in all three colours, beyond exhaustive
    /// play: the analysis (core and rest) gives what the plain search over edge sets
    /// gives, which knows nothing of cores and plays every position.
    #[test]
    fn larger_mixed_graphs_agree_with_the_plain_search() {
        use crate::analysis::partizan::{Budget, Search, analyze};
        let mut rng = crate::rng::Rng::new(1731);
        let mut split = 0;
        for round in 0..16 {
            let edges = random_graph(&mut rng, 15 + round % 4);
            let graph = Graph::from_coloured_edges(&[0], &edges);
            let all: Vec<_> = graph.net.edge_indices().collect();
            let budget = Budget {
                positions: usize::MAX,
                work: u64::MAX / 2,
                ..Budget::default()
            };
            let valued = analyze(&graph, budget).unwrap_or_else(|r| panic!("{edges:?}: {r:?}"));
            let mut plain = Search::of(&graph, &all, budget).expect("a part");
            let (_, _, every) = board(&edges);
            assert_eq!(plain.value(every), Ok(valued.value), "{edges:?}");
            split += usize::from(has_core_and_rest(&edges));
        }
        assert!(split > 8, "{split} graphs with a core and a rest");
    }

    /// Edges between two vertices of the core become loops at the ground, the others keep
    /// their ends.
    #[test]
    fn the_rest_hangs_from_the_core_made_ground() {
        // A blue stalk 0-1-2, a green edge 1-2 beside it, a green edge 2-3 and a red 3-4.
        let edges = [
            (0, 1, Blue),
            (1, 2, Blue),
            (1, 2, Green),
            (2, 3, Green),
            (3, 4, Red),
        ];
        let (board, green, all) = board(&edges);
        let core = core(&board, green, all, 0);
        assert_eq!(core, 0b11);
        assert_eq!(
            grounded(&board, core),
            [(0, 0), (0, 0), (0, 0), (0, 3), (3, 4)]
        );
    }
}
