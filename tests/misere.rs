//! Misère play (whoever cannot move wins) held against a player with no theory: every
//! position is played out edge by edge, and its outcome and each player's winning first
//! cuts compared with `analysis::misere`, whose rules (misère Nim on the ground blocks,
//! the red-blue count of ground edges, the sum of tame genera, and its own search) must
//! agree with it on every
//! small green multigraph, on random positions of all three colours, and on the bundled
//! examples small enough to play out.

use std::collections::HashMap;

use hackenbush::analysis::misere::{self, PositionEdge, Rule};
use hackenbush::analysis::partizan::Budget;
use hackenbush::game::Outcome;
use hackenbush::model::Graph;
use hackenbush::syntax::Colour;

use crate::common;

/// A position as the oracle sees it: one edge list over vertices of its own, the ground
/// being vertex 0 (the graphs' grounds are one: cutting in one graph never touches
/// another), each edge with its graph, its index there and its colour.
struct Played {
    edges: Vec<(u32, u32, Colour)>,
    origin: Vec<PositionEdge>,
}

impl Played {
    fn of(graphs: &[Graph]) -> Played {
        let mut played = Played {
            edges: Vec::new(),
            origin: Vec::new(),
        };
        let mut next = 1;
        for (g, graph) in graphs.iter().enumerate() {
            let base = next;
            for edge in graph.net.edge_indices() {
                let (a, b) = graph.net.edge_endpoints(edge).unwrap();
                let id = |n: hackenbush::petgraph::graph::NodeIndex| {
                    if n == Graph::ground() {
                        0
                    } else {
                        base + n.index() as u32
                    }
                };
                played.edges.push((id(a), id(b), graph.colour(edge)));
                played.origin.push(PositionEdge { graph: g, edge });
            }
            next = base + graph.net.node_count() as u32;
        }
        played
    }

    /// The edges of `alive` that some path of alive edges joins to the ground.
    fn standing(&self, alive: &[bool]) -> Vec<bool> {
        let mut reached = vec![0u32];
        let mut kept = vec![false; alive.len()];
        let mut grew = true;
        while grew {
            grew = false;
            for (i, &(a, b, _)) in self.edges.iter().enumerate() {
                if alive[i] && !kept[i] && (reached.contains(&a) || reached.contains(&b)) {
                    kept[i] = true;
                    grew = true;
                    for v in [a, b] {
                        if !reached.contains(&v) {
                            reached.push(v);
                        }
                    }
                }
            }
        }
        kept
    }

    fn may_cut(&self, left: bool, i: usize) -> bool {
        match self.edges[i].2 {
            Colour::Blue => left,
            Colour::Red => !left,
            _ => true,
        }
    }

    /// Whether the player to move (Left if `left`) wins on `alive` in misère play.
    fn wins(
        &self,
        alive: Vec<bool>,
        left: bool,
        memo: &mut HashMap<(Vec<bool>, bool), bool>,
    ) -> bool {
        if let Some(&known) = memo.get(&(alive.clone(), left)) {
            return known;
        }
        let mut moved = false;
        let mut wins = false;
        for i in 0..alive.len() {
            if alive[i] && self.may_cut(left, i) {
                moved = true;
                let mut after = alive.clone();
                after[i] = false;
                if !self.wins(self.standing(&after), !left, memo) {
                    wins = true;
                    break;
                }
            }
        }
        let wins = wins || !moved;
        memo.insert((alive, left), wins);
        wins
    }

    /// The outcome, and each player's winning first cuts.
    fn solve(&self) -> (Outcome, Vec<PositionEdge>, Vec<PositionEdge>) {
        let start = self.standing(&vec![true; self.edges.len()]);
        let mut memo = HashMap::new();
        let mut firsts = [Vec::new(), Vec::new()];
        for (k, left) in [true, false].into_iter().enumerate() {
            for i in 0..start.len() {
                if start[i] && self.may_cut(left, i) {
                    let mut after = start.clone();
                    after[i] = false;
                    if !self.wins(self.standing(&after), !left, &mut memo) {
                        firsts[k].push(self.origin[i]);
                    }
                }
            }
            firsts[k].sort();
        }
        let left = self.wins(start.clone(), true, &mut memo);
        let right = self.wins(start, false, &mut memo);
        let outcome = match (left, right) {
            (true, true) => Outcome::N,
            (true, false) => Outcome::L,
            (false, true) => Outcome::R,
            (false, false) => Outcome::P,
        };
        let [l, r] = firsts;
        (outcome, l, r)
    }
}

/// The analysis and the oracle agree on `graphs`, or the message says where not.
fn disagreement(graphs: &[Graph]) -> Option<String> {
    let found = match misere::analyze(graphs, &Budget::DEFAULT) {
        Ok(found) => found,
        Err(refusal) => return Some(format!("refused: {refusal}")),
    };
    let (outcome, left, right) = Played::of(graphs).solve();
    let got = (found.outcome, &found.left_wins, &found.right_wins);
    (got != (outcome, &left, &right)).then(|| {
        format!(
            "{:?}: analysis ({}) {:?} left {:?} right {:?}, played out {outcome:?} left {left:?} \
             right {right:?}",
            graphs.iter().map(|g| &g.decl.edges).collect::<Vec<_>>(),
            found.rule,
            found.outcome,
            found.left_wins,
            found.right_wins
        )
    })
}

#[test]
fn every_green_multigraph_up_to_5_edges_on_4_vertices() {
    // The 10 edges of 4 vertices, loops included; multisets of up to 5 of them.
    let pairs: Vec<(u32, u32)> = (0..4).flat_map(|a| (a..4).map(move |b| (a, b))).collect();
    let mut graphs = 0;
    let mut rules = HashMap::new();
    let mut stack: Vec<Vec<usize>> = vec![Vec::new()];
    while let Some(chosen) = stack.pop() {
        for ground in [&[0][..], &[0, 1]] {
            let edges: Vec<(u32, u32)> = chosen.iter().map(|&p| pairs[p]).collect();
            let graph = Graph::from_edges(ground, &edges);
            if let Some(message) = disagreement(std::slice::from_ref(&graph)) {
                panic!("{message}");
            }
            let rule = misere::analyze(&[graph], &Budget::DEFAULT).unwrap().rule;
            *rules.entry(rule).or_insert(0) += 1;
            graphs += 1;
        }
        if chosen.len() < 5 {
            let from = chosen.last().copied().unwrap_or(0);
            for p in from..pairs.len() {
                let mut more = chosen.clone();
                more.push(p);
                stack.push(more);
            }
        }
    }
    // Sum over k = 0..=5 of C(10 + k - 1, k), for 2 ground sets.
    assert_eq!(graphs, 3003 * 2);
    // Every green rule was exercised: misère Nim and the genus many times, and the
    // search of the whole position where some block's genus is not tame.
    assert!(
        rules[&Rule::MisereNim] > 1000 && rules[&Rule::Genus] > 1000 && rules[&Rule::Searched] > 10,
        "{rules:?}"
    );
}

/// xorshift64*: seeded, so a failure reproduces.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) % n
    }
}

/// A random position: 1 to 3 graphs, 12 edges at most in all, on a few vertices with one
/// or two ground vertices, each edge's colour drawn from `colours`.
fn random_position(rng: &mut Rng, colours: &[Colour]) -> Vec<Graph> {
    let graphs = 1 + rng.below(3) as usize;
    let mut left = 1 + rng.below(12) as usize;
    (0..graphs)
        .map(|g| {
            let edges = if g + 1 == graphs {
                left
            } else {
                rng.below(left as u64 + 1) as usize
            };
            left -= edges;
            let vertices = 2 + rng.below(4) as u32;
            let ground: Vec<u32> = if rng.below(3) == 0 {
                vec![0, 1]
            } else {
                vec![0]
            };
            let list: Vec<(u32, u32, Colour)> = (0..edges)
                .map(|_| {
                    let u = rng.below(u64::from(vertices)) as u32;
                    let v = rng.below(u64::from(vertices)) as u32;
                    (u, v, colours[rng.below(colours.len() as u64) as usize])
                })
                .collect();
            Graph::from_coloured_edges(&ground, &list)
        })
        .collect()
}

#[test]
fn random_positions_of_every_colour_mix_up_to_12_edges() {
    use Colour::{Blue, Green, Red};
    let mut rng = Rng(0x005e_ed0f_4d15);
    let mixes: [&[Colour]; 4] = [&[Green], &[Blue, Red], &[Green, Blue, Red], &[Green, Blue]];
    let mut rules = HashMap::new();
    for round in 0..1200 {
        let graphs = random_position(&mut rng, mixes[round % mixes.len()]);
        if let Some(message) = disagreement(&graphs) {
            panic!("round {round}: {message}");
        }
        let rule = misere::analyze(&graphs, &Budget::DEFAULT).unwrap().rule;
        *rules.entry(rule).or_insert(0) += 1;
    }
    // Sums of sprigs are rare here: they have a test of their own.
    let rules_used = [
        Rule::MisereNim,
        Rule::GroundEdges,
        Rule::Genus,
        Rule::Searched,
    ];
    assert!(
        rules_used
            .iter()
            .all(|r| rules.get(r).is_some_and(|&n| n > 100)),
        "{rules:?}"
    );
}

/// Random forests and graphs whose cycles miss the ground, larger than the oracle plays
/// in the sweep: misère Nim on their blocks, still every winning cut.
#[test]
fn random_trees_with_hanging_cycles_play_as_misere_nim() {
    let mut rng = Rng(0x7ee5);
    for round in 0..300 {
        let edges = 4 + rng.below(11) as u32;
        let mut list = Vec::new();
        for v in 1..=edges {
            let parent = rng.below(u64::from(v)) as u32;
            list.push((parent, v));
            // Now and then a cycle above the ground: an edge between two non-ground
            // vertices.
            if v > 2 && rng.below(5) == 0 && list.len() < 14 {
                list.push((1 + rng.below(u64::from(v - 1)) as u32, v));
            }
        }
        let graph = Graph::from_edges(&[0], &list);
        let found = misere::analyze(std::slice::from_ref(&graph), &Budget::DEFAULT).unwrap();
        if found.blocks.iter().all(|b| b.ground_edge_count() == 1) {
            assert_eq!(found.rule, Rule::MisereNim);
        }
        if let Some(message) = disagreement(&[graph]) {
            panic!("round {round}: {message}");
        }
    }
}

/// Every bundled example and valid fixture small enough to play out (at most 14 edges in
/// all), position by position.
#[test]
fn every_small_bundled_position() {
    let mut played = 0;
    for path in common::bundled_inputs() {
        let (source, format) = common::source_of(&path);
        for position in hackenbush::syntax::parse(format, &source) {
            let Ok(position) = position else { continue };
            let graphs: Vec<Graph> = position
                .graphs
                .into_iter()
                .enumerate()
                .map(|(i, decl)| Graph::build(decl, i))
                .collect();
            let edges: usize = graphs.iter().map(|g| g.net.edge_count()).sum();
            if edges > 14 {
                continue;
            }
            if let Some(message) = disagreement(&graphs) {
                panic!("{}: {message}", path.display());
            }
            played += 1;
        }
    }
    assert!(played >= 20, "only {played} positions played out");
}

/// HDU 3590's counterexample: one tree whose root carries two stalks of two edges. The
/// SJ theorem applied to whole trees says the first player wins; played out, they lose.
#[test]
fn two_stalks_on_one_root_lose_for_the_first_player() {
    let tree = Graph::from_edges(&[1], &[(1, 2), (2, 3), (1, 4), (4, 5)]);
    let found = misere::analyze(std::slice::from_ref(&tree), &Budget::DEFAULT).unwrap();
    assert_eq!((found.outcome, found.rule), (Outcome::P, Rule::MisereNim));
    assert_eq!(disagreement(&[tree]), None);
}

/// What `analyze --misere --moves` reports, through the library's pipeline: every
/// bundled position small enough to play out, its outcome and each player's winning
/// first cuts as the oracle finds them (edges and graphs from 1, as the report numbers
/// them), and its rule as the analysis names it.
#[test]
fn the_pipeline_reports_what_exhaustive_misere_play_finds() {
    use hackenbush::analysis::Play;
    use hackenbush::pipeline::{Compute, Input, Pipeline, Sink};
    use hackenbush::report::misere::{MisereMove, MisereReport};

    #[derive(Default)]
    struct Kept(Vec<MisereReport>);

    impl Sink for Kept {
        type Render = ();
        fn renderer(&mut self) {}
        fn misere(&mut self, position: MisereReport) -> std::io::Result<()> {
            self.0.push(position);
            Ok(())
        }
    }

    let numbered = |cuts: &[MisereMove]| -> Vec<(usize, usize)> {
        cuts.iter().map(|m| (m.graph, m.edge)).collect()
    };
    let mut compared = 0;
    for path in common::bundled_inputs() {
        let (source, format) = common::source_of(&path);
        let positions: Vec<_> = hackenbush::syntax::parse(format, &source).collect();
        let mut kept = Kept::default();
        let pipeline = Pipeline::new(Compute::Moves).play(Play::Misere);
        let input = Input::File(path.clone());
        pipeline.run([(input, Some(format))], &mut kept).unwrap();
        let reports = kept.0.into_iter();
        for (position, report) in positions.into_iter().flatten().zip(reports) {
            let graphs: Vec<Graph> = (position.graphs.into_iter().enumerate())
                .map(|(i, decl)| Graph::build(decl, i))
                .collect();
            if graphs.iter().map(|g| g.net.edge_count()).sum::<usize>() > 14 {
                continue;
            }
            let (outcome, left, right) = Played::of(&graphs).solve();
            let from_one = |cuts: Vec<PositionEdge>| -> Vec<(usize, usize)> {
                cuts.iter()
                    .map(|c| (c.graph + 1, c.edge.index() + 1))
                    .collect()
            };
            let moves = report.moves.as_ref().expect("asked for moves");
            let at = format!("{}: {}", path.display(), report.source);
            assert_eq!(report.outcome, outcome, "{at}");
            assert_eq!(numbered(&moves.left), from_one(left), "{at}");
            assert_eq!(numbered(&moves.right), from_one(right), "{at}");
            let found = misere::analyze(&graphs, &Budget::DEFAULT).unwrap();
            assert_eq!(report.rule, found.rule, "{at}");
            compared += 1;
        }
    }
    assert!(compared >= 20, "only {compared} positions compared");
}

/// `play --misere`: the opponent's winning cuts, for each side to move, are the oracle's,
/// on random positions of every colour mix, from the start and after a few cuts.
#[test]
fn the_misere_opponent_knows_every_winning_cut() {
    use Colour::{Blue, Green, Red};
    use hackenbush::analysis::Play;
    use hackenbush::game::Side;
    use hackenbush::play::{EdgeRef, Match};
    use hackenbush::source::Source;
    use hackenbush::syntax::Position;

    let source = Source::from_text("random", "").unwrap();
    let mut rng = Rng(0x91a7);
    let mixes: [&[Colour]; 3] = [&[Green], &[Blue, Red], &[Green, Blue, Red]];
    for round in 0..150 {
        let graphs = random_position(&mut rng, mixes[round % mixes.len()]);
        let position = Position {
            case: None,
            span: Default::default(),
            graphs: graphs.iter().map(|g| g.decl.clone()).collect(),
            warnings: Vec::new(),
        };
        let mut game = Match::new(&source, position).playing(Play::Misere);
        // A few cuts in, by whoever may make them.
        for _ in 0..round % 3 {
            let side = if round % 2 == 0 {
                Side::Left
            } else {
                Side::Right
            };
            if let Some(&cut) = game.moves(side).first() {
                game.cut(side, cut).unwrap();
            }
        }
        // The standing edges as a position of their own, played out.
        let (standing, numbers) = game.standing_position();
        let models: Vec<Graph> = (standing.into_iter().enumerate())
            .map(|(i, decl)| Graph::build(decl, i))
            .collect();
        let (_, left, right) = Played::of(&models).solve();
        for (side, wins) in [(Side::Left, left), (Side::Right, right)] {
            let expected: Vec<EdgeRef> = (wins.iter())
                .map(|w| EdgeRef {
                    graph: w.graph,
                    edge: numbers[w.graph][w.edge.index()],
                })
                .collect();
            assert_eq!(
                game.winning_moves(side).unwrap(),
                expected,
                "round {round}, {side:?}"
            );
            let choice = game.choose(side).unwrap();
            if let Some(choice) = choice {
                assert_eq!(choice.winning, !expected.is_empty(), "round {round}");
                assert!(!choice.winning || expected.contains(&choice.cut));
            }
        }
    }
}

/// `verify --misere`'s game tree plays as the oracle here: the same outcome and winning
/// cuts on random positions of every colour mix.
#[test]
fn the_binarys_misere_game_tree_is_the_oracle() {
    use Colour::{Blue, Green, Red};
    use hackenbush::game_tree::{Limits, misere as tree};

    let mut rng = Rng(0xb1a5);
    let mixes: [&[Colour]; 3] = [&[Green], &[Blue, Red], &[Green, Blue, Red]];
    for round in 0..300 {
        let graphs = random_position(&mut rng, mixes[round % mixes.len()]);
        let solved = tree::solve(&graphs, Limits::DEFAULT).unwrap();
        let (outcome, left, right) = Played::of(&graphs).solve();
        assert_eq!(
            (solved.outcome, solved.left_wins, solved.right_wins),
            (outcome, left, right),
            "round {round}"
        );
    }
}

/// `G⁻(X)`, the misère Grundy value of the position `graphs`, by play alone: the size `k`
/// of the stalk beside it that makes the whole a P-position.
fn misere_grundy_by_play(graphs: &[Graph]) -> u64 {
    (0..8)
        .find(|&k| {
            let stalk: Vec<(u32, u32)> = (0..k).map(|i| (i, i + 1)).collect();
            let mut all = graphs.to_vec();
            all.push(Graph::from_edges(&[0], &stalk));
            Played::of(&all).solve().0 == Outcome::P
        })
        .map(u64::from)
        .expect("a misère Grundy value below 8")
}

/// The genus the block search finds is the genus by play: `γₙ` is the misère Grundy
/// value of the block beside `n` stalks of two (`*2`), for blocks tame and wild, which
/// also holds the rows' rule `*1 + *1 = 0` to play.
#[test]
fn the_genus_found_is_the_genus_played_out() {
    let blocks: [&[(u32, u32)]; 6] = [
        &[(0, 1), (1, 2), (2, 3), (3, 0)],
        &[(0, 1), (0, 2), (1, 1), (1, 2), (2, 2)],
        &[(0, 1), (0, 1), (0, 2), (1, 3), (2, 3)],
        &[(0, 1), (0, 2), (0, 3), (1, 2), (1, 3)],
        &[(0, 1), (0, 2), (1, 2)],
        &[(0, 1), (1, 2), (2, 0), (2, 3), (3, 3)],
    ];
    let mut wild = 0;
    for edges in blocks {
        let block = Graph::from_edges(&[0], edges);
        let found = misere::analyze(std::slice::from_ref(&block), &Budget::DEFAULT).unwrap();
        let genus = found.blocks[0]
            .genus
            .clone()
            .expect("a block on two ground edges");
        wild += usize::from(!genus.tame);
        for n in 0..4 {
            let mut graphs = vec![block.clone()];
            graphs.extend((0..n).map(|_| Graph::from_edges(&[0], &[(0, 1), (1, 2)])));
            assert_eq!(
                genus.gamma(n),
                misere_grundy_by_play(&graphs),
                "{edges:?}: genus {genus}, n = {n}"
            );
        }
    }
    assert!(wild >= 2, "{wild} wild blocks");
}

/// Sums of green blocks on two or more ground edges, beside stalks and loops, larger
/// than the sweep's: the genus rule (or the whole search, where a block is wild) agrees
/// with play, outcome and every winning cut.
#[test]
fn random_green_sums_of_blocks_on_two_ground_edges() {
    let mut rng = Rng(0x9e05);
    let mut rules = HashMap::new();
    for round in 0..400 {
        let graphs: Vec<Graph> = (0..2 + rng.below(3))
            .map(|_| {
                let edges = 1 + rng.below(5) as usize;
                let vertices = 2 + rng.below(3) as u32;
                let list: Vec<(u32, u32)> = (0..edges)
                    .map(|_| {
                        let u = rng.below(u64::from(vertices)) as u32;
                        (u, rng.below(u64::from(vertices)) as u32)
                    })
                    .collect();
                Graph::from_edges(&[0, 1], &list)
            })
            .collect();
        if let Some(message) = disagreement(&graphs) {
            panic!("round {round}: {message}");
        }
        let rule = misere::analyze(&graphs, &Budget::DEFAULT).unwrap().rule;
        *rules.entry(rule).or_insert(0) += 1;
    }
    assert!(
        rules.get(&Rule::Genus).is_some_and(|&n| n > 150),
        "{rules:?}"
    );
}

/// Twenty ground squares (80 edges, beyond any search of the whole position): each is a
/// tame, firm `0^0`, so the sum is lost for the player to move; with a stalk of two
/// beside them, won by cutting the stalk at the ground, and only so.
#[test]
fn many_tame_blocks_beyond_a_whole_search_are_decided_by_the_genus() {
    let square = Graph::from_edges(&[0], &[(0, 1), (1, 2), (2, 3), (3, 0)]);
    let mut graphs = vec![square; 20];
    let found = misere::analyze(&graphs, &Budget::DEFAULT).unwrap();
    assert_eq!((found.outcome, found.rule), (Outcome::P, Rule::Genus));
    assert!(found.left_wins.is_empty());
    graphs.push(Graph::from_edges(&[0], &[(0, 1), (1, 2)]));
    let found = misere::analyze(&graphs, &Budget::DEFAULT).unwrap();
    assert_eq!((found.outcome, found.rule), (Outcome::N, Rule::Genus));
    let stalk = PositionEdge {
        graph: 20,
        edge: hackenbush::petgraph::graph::EdgeIndex::new(0),
    };
    assert_eq!(found.left_wins, [stalk]);
}

/// Sums of sprigs (strings whose ground edge alone is green, the others blue or red), in
/// one graph or several, with their vertices numbered in any order: the sprig rule
/// decides each, and agrees with play, outcome and every winning cut.
#[test]
fn random_sums_of_sprigs_follow_the_sprig_rule() {
    use Colour::{Blue, Green, Red};
    let mut rng = Rng(0x5b1d);
    for round in 0..400 {
        let mut left = 4 + rng.below(11) as usize;
        let mut graphs = Vec::new();
        while left > 0 {
            let mut list = Vec::new();
            let mut next = 1u32;
            for _ in 0..1 + rng.below(3) {
                let len = (1 + rng.below(5) as usize).min(left);
                left -= len;
                let mut below = 0;
                for k in 0..len {
                    let colour = match k {
                        0 => Green,
                        _ if rng.below(2) == 0 => Blue,
                        _ => Red,
                    };
                    // Now and then an edge written from its top end.
                    if rng.below(3) == 0 {
                        list.push((next, below, colour));
                    } else {
                        list.push((below, next, colour));
                    }
                    below = next;
                    next += 1;
                }
                if left == 0 {
                    break;
                }
            }
            // Shuffle the edges' order.
            for i in (1..list.len()).rev() {
                list.swap(i, rng.below(i as u64 + 1) as usize);
            }
            graphs.push(Graph::from_coloured_edges(&[0], &list));
        }
        let found = misere::analyze(&graphs, &Budget::DEFAULT).unwrap();
        let green_only = graphs.iter().all(|g| g.decl.is_green());
        if !green_only {
            assert_eq!(found.rule, Rule::Sprigs, "round {round}");
        }
        if let Some(message) = disagreement(&graphs) {
            panic!("round {round}: {message}");
        }
    }
}

/// Ten sprigs beside their negatives (80 edges, beyond any search of the whole
/// position): the sum is 0 in normal play, plus `*` an N-position, so the first player
/// wins in misère play.
#[test]
fn sprigs_beyond_a_whole_search_are_decided_by_the_sprig_rule() {
    use Colour::{Blue, Green, Red};
    let sprig = |colours: [Colour; 4]| {
        let list: Vec<(u32, u32, Colour)> =
            (0..4).map(|k| (k, k + 1, colours[k as usize])).collect();
        Graph::from_coloured_edges(&[0], &list)
    };
    let mut graphs = Vec::new();
    for _ in 0..10 {
        graphs.push(sprig([Green, Blue, Red, Blue]));
        graphs.push(sprig([Green, Red, Blue, Red]));
    }
    let found = misere::analyze(&graphs, &Budget::DEFAULT).unwrap();
    assert_eq!((found.outcome, found.rule), (Outcome::N, Rule::Sprigs));
    assert!(!found.left_wins.is_empty() && !found.right_wins.is_empty());
}

/// `verify --misere --json`: one document in the shape of `verify --json`, each
/// position's verdict with the outcome and winning cuts by both sides, read back into
/// the library's types; the analysis' side is what the library finds, the game tree's
/// what the oracle here plays out, and a position beyond `--max-edges` is not searched.
#[test]
fn verify_misere_json_holds_each_position_by_both_sides() {
    use hackenbush::report::verify::{Verdict, VerifiedMisere, VerifySummary};

    struct Document {
        version: u64,
        positions: Vec<VerifiedMisere>,
        summary: VerifySummary,
    }
    let read = |json: &str| {
        let value: serde_json::Value = serde_json::from_str(json).expect("one JSON document");
        Document {
            version: value["version"].as_u64().unwrap(),
            positions: serde_json::from_value(value["positions"].clone()).unwrap(),
            summary: serde_json::from_value(value["summary"].clone()).unwrap(),
        }
    };
    let files = [
        "tests/fixtures/valid/misere-two-stalks.in",
        "tests/fixtures/valid/misere-square-and-stalk.hb",
        "tests/fixtures/valid/misere-wild-block.hb",
        "tests/fixtures/valid/misere-sprigs.hb",
        "tests/fixtures/valid/misere-searched.hb",
    ];
    let mut args = vec!["verify", "--misere", "--json"];
    args.extend(files);
    let run = common::run(&common::root(), &args);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let document = read(&run.stdout);
    assert_eq!(document.version, 2);
    assert_eq!(document.positions.len(), 6);
    assert_eq!(
        (
            document.summary.disagreements,
            document.summary.not_searched
        ),
        (0, 0)
    );
    let mut positions = document.positions.iter();
    for path in files {
        let (source, format) = common::source_of(&common::root().join(path));
        for position in hackenbush::syntax::parse(format, &source) {
            let graphs: Vec<Graph> = (position.unwrap().graphs.into_iter().enumerate())
                .map(|(i, decl)| Graph::build(decl, i))
                .collect();
            let verified = positions.next().expect("a position per position read");
            assert_eq!(verified.verdict, Verdict::Agree, "{}", verified.source);
            let found = misere::analyze(&graphs, &Budget::DEFAULT).unwrap();
            let analysis = verified.analysis.as_ref().unwrap();
            assert_eq!(
                (analysis.outcome, analysis.rule),
                (found.outcome, Some(found.rule))
            );
            let (outcome, left, right) = Played::of(&graphs).solve();
            let tree = verified.game_tree.as_ref().unwrap();
            let cuts = |refs: &[hackenbush::report::verify::CutRef]| -> Vec<(usize, usize)> {
                refs.iter().map(|c| (c.graph - 1, c.edge - 1)).collect()
            };
            let ours = |edges: &[PositionEdge]| -> Vec<(usize, usize)> {
                edges.iter().map(|e| (e.graph, e.edge.index())).collect()
            };
            assert_eq!(
                (tree.outcome, cuts(&tree.left), cuts(&tree.right)),
                (outcome, ours(&left), ours(&right)),
                "{}",
                verified.source
            );
        }
    }
    let narrow = common::run(
        &common::root(),
        &["verify", "--misere", "--json", "--max-edges", "4", files[2]],
    );
    assert_eq!(narrow.code, 2);
    let document = read(&narrow.stdout);
    assert_eq!(document.positions[0].verdict, Verdict::NotSearched);
    assert_eq!(document.summary.not_searched, 1);
}

/// What a pipeline in misère play told: each report (its source and graph names left
/// out, for they name the input) as JSON, and each error as its message and place.
#[derive(Default)]
struct Told(Vec<String>);

impl hackenbush::pipeline::Sink for Told {
    type Render = ();

    fn renderer(&mut self) {}

    fn misere(
        &mut self,
        mut position: hackenbush::report::misere::MisereReport,
    ) -> std::io::Result<()> {
        position.source.clear();
        for graph in &mut position.graphs {
            graph.name.clear();
        }
        self.0.push(serde_json::to_string(&position).unwrap());
        Ok(())
    }

    fn error(&mut self, error: hackenbush::pipeline::Failure<'_>) -> std::io::Result<()> {
        let report = error.report;
        let at = (report.line.unwrap_or(0), report.column.unwrap_or(0));
        self.0.push(format!("{at:?}: {}", report.message));
        Ok(())
    }
}

/// What `analyze --misere` (with `case`, when given) tells of the christmas text `text`.
fn told_in_misere(name: &str, text: &[u8], case: Option<u64>) -> Vec<String> {
    use hackenbush::analysis::Play;
    use hackenbush::pipeline::{Compute, Input, Pipeline};
    let pipeline = Pipeline::new(Compute::Values).play(Play::Misere).case(case);
    let mut told = Told::default();
    let input = Input::text(name, text.to_vec());
    pipeline.run([(input, None)], &mut told).unwrap();
    told.0
}

/// `analyze --misere` reads a christmas input in batches, each test case decided from the
/// batch's own edge lists (misère Nim on the Green core's ground terms, or the models of
/// that test case alone for a polygon through the root), read once. Its reports must be
/// those of the same positions converted to hb, which are analyzed whole (the blocks by
/// union-find, the models): on generated POJ files (polygons through the root and not,
/// digons, trees of one vertex) and random trees, with a case refused over the budget in
/// the middle of a file (the cases around it reported, its message located at its first
/// edge), a malformed case at the end (what comes before it reported, then its error), and
/// with `--case`.
#[test]
fn christmas_misere_in_batches_reports_as_the_positions_in_hb() {
    use hackenbush::generate::{Poj, RandomTree, Shape};
    use hackenbush::source::Source;
    use hackenbush::syntax::{self, Format};
    let mut files: Vec<(String, Vec<u8>)> = Vec::new();
    for seed in 1..=3 {
        let (text, _) = common::judge_data(seed, 12, 3, 10);
        files.push((format!("poj{seed}.in"), text));
        let shape = Shape::Poj(Poj {
            trees: Some(2),
            vertices: Some(30),
            ..Poj::default()
        });
        let mut text = Vec::new();
        for position in shape.positions(seed, 8) {
            syntax::christmas::write(&mut text, &position).unwrap();
        }
        files.push((format!("polygons{seed}.in"), text));
        let shape = Shape::Tree(RandomTree {
            graphs: 2,
            edges: 40,
            scramble: true,
            ..RandomTree::default()
        });
        let mut text = Vec::new();
        for position in shape.positions(seed, 6) {
            syntax::christmas::write(&mut text, &position).unwrap();
        }
        files.push((format!("tree{seed}.in"), text));
    }
    // A 70-cycle through the root (beyond the search's 64 edges) between two cases, on a
    // line of its own after blanks; then a malformed case.
    let mut refused = files[0].1.clone();
    refused.extend_from_slice(b"1\n70 70\n   1 2\n");
    for i in 2..70 {
        refused.extend_from_slice(format!("{i} {}\n", i + 1).as_bytes());
    }
    refused.extend_from_slice(b"70 1\n");
    refused.extend_from_slice(&files[1].1);
    let refused_line = String::from_utf8_lossy(&files[0].1).lines().count() + 3;
    files.push(("refused.in".into(), refused.clone()));
    let mut malformed = files[2].1.clone();
    malformed.extend_from_slice(b"1\n3 2\n1 2\n2 x\n");
    files.push(("malformed.in".into(), malformed));
    let (mut by_nim, mut by_genus, mut refusals) = (0, 0, 0);
    for (name, text) in &files {
        // The positions one by one, converted to hb and analyzed whole.
        let source = Source::new(name.as_str(), text.clone()).unwrap();
        let mut expected = Vec::new();
        for (i, position) in syntax::parse(Format::Christmas, &source).enumerate() {
            let position = match position {
                Ok(position) => position,
                Err(error) => {
                    let at = source.locate(error.span.start as usize);
                    expected.push(format!("{:?}: {}", (at.line, at.column), error.message));
                    break;
                }
            };
            let mut hb = Vec::new();
            hackenbush::convert::write(&mut hb, Format::Hb, &position, "").unwrap();
            let mut told = told_in_misere(&format!("case{}.hb", i + 1), &hb, None);
            assert_eq!(told.len(), 1, "{name} case {}", i + 1);
            let report = told.pop().unwrap();
            // A refusal is located at the test case's first edge in the christmas text.
            if let Some((_, message)) = report.split_once(": ")
                && report.starts_with('(')
            {
                let first = position
                    .graphs
                    .iter()
                    .find_map(|g| g.edges.first())
                    .unwrap();
                let at = source.locate(first.span.start as usize);
                expected.push(format!("{:?}: {message}", (at.line, at.column)));
                refusals += 1;
                assert_eq!((at.line, at.column), (refused_line, 4), "{name}");
            } else {
                by_nim += usize::from(report.contains("\"misere-nim\""));
                by_genus += usize::from(report.contains("\"genus\""));
                expected.push(report);
            }
        }
        assert_eq!(told_in_misere(name, text, None), expected, "{name}");
        // One case: itself, or the error that ends the input before it.
        for case in [1, 5] {
            let picked = told_in_misere(name, text, Some(case));
            let wanted = expected.get(case as usize - 1);
            assert_eq!(picked.first(), wanted, "{name} --case {case}");
        }
    }
    assert!(
        by_nim > 10 && by_genus > 10 && refusals == 1,
        "{by_nim} {by_genus} {refusals}"
    );
}
