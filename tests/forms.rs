//! Stops, means, reduced canonical forms and atomic weights against their definitions.
//!
//! `game` computes each from the canonical form by a rule (the stops' recurrence, the
//! thermograph, Inf-domination and Inf-reversibility, the atomic weight calculus). Here
//! each is held to what it means, with nothing but comparisons and sums, on every game
//! born by day 2, their pairwise sums, and all-small games born by day 3:
//!
//! - stops: every number above the Left stop is above `G`, every number below it is not
//!   `<= G`... (Siegel ch. II.3), and the same for the Right stop;
//! - means: they add, and `n.G` stays within the temperature of `n.m(G)` (Mean Value
//!   Theorem);
//! - reduced forms: `G - rcf(G)` is infinitesimal (between `-2^-12` and `2^-12`), games
//!   infinitesimally close have the same reduced form, and none is born earlier;
//! - atomic weights: they add, and a game of integer weight `n` has the outcome of `n.^`
//!   beside every small all-small game and a far star.

use hackenbush::game::{Calculator, Dyadic, Game, Outcome, Side};

fn g(text: &str) -> Game {
    text.parse().unwrap()
}

fn number(x: &Dyadic) -> Game {
    Game::number(x.clone())
}

/// Every canonical game born by day `days`, made from the subsets of the day before.
fn born_by(days: u32, options: impl Fn(&Game) -> bool) -> Vec<Game> {
    let mut games = vec![Game::zero()];
    for _ in 0..days {
        let before: Vec<Game> = games.iter().filter(|g| options(g)).cloned().collect();
        let subsets = 1u32 << before.len();
        let pick = |mask: u32| -> Vec<Game> {
            (0..before.len())
                .filter(|i| mask >> i & 1 == 1)
                .map(|i| before[i].clone())
                .collect()
        };
        let mut next = Vec::new();
        for l in 0..subsets {
            for r in 0..subsets {
                let made = Game::from_options(pick(l), pick(r)).unwrap();
                if !next.contains(&made) {
                    next.push(made);
                }
            }
        }
        games = next;
    }
    games
}

fn day2() -> Vec<Game> {
    born_by(2, |_| true)
}

/// The day-2 games and their pairwise sums, once each.
fn day2_and_sums() -> Vec<Game> {
    let base = day2();
    let mut all = base.clone();
    for (i, a) in base.iter().enumerate() {
        for b in &base[i..] {
            let sum = a.sum(b).unwrap();
            if !all.contains(&sum) {
                all.push(sum);
            }
        }
    }
    all
}

/// Numbers from -4 to 4 in steps of 1/8.
fn grid() -> Vec<Dyadic> {
    (-32..=32).map(|k| Dyadic::from_parts(k, 3)).collect()
}

#[test]
fn day_two_has_twenty_two_games() {
    assert_eq!(day2().len(), 22);
}

#[test]
fn stops_are_where_numbers_stop_comparing() {
    for game in day2_and_sums() {
        let (left, right) = game.stops();
        assert!(game.as_number().is_some() || left >= right, "{game}");
        for x in grid() {
            let xg = number(&x);
            // x > L(G) implies x > G; x < L(G) implies G |> x (not G <= x).
            if x > left {
                assert!(game < xg, "{x} above the Left stop {left} of {game}");
            }
            if x < left {
                assert!(!game.le(&xg), "{x} below the Left stop {left} of {game}");
            }
            if x < right {
                assert!(xg < game, "{x} below the Right stop {right} of {game}");
            }
            if x > right {
                assert!(!xg.le(&game), "{x} above the Right stop {right} of {game}");
            }
        }
        assert_eq!(game.left_stop(), left);
        assert_eq!(game.right_stop(), right);
    }
}

#[test]
fn means_add_and_bound_the_stops_of_multiples() {
    let base = day2();
    for a in &base {
        let mean = a.mean().unwrap();
        let (left, right) = a.stops();
        assert!(right <= mean && mean <= left, "{a}: {mean}");
        for b in &base {
            let sum = a.sum(b).unwrap();
            assert_eq!(sum.mean().unwrap(), &mean + &b.mean().unwrap(), "{a} + {b}");
        }
        // n.m - t <= R(nG) <= L(nG) <= n.m + t, every temperature by day 2 at most 1.
        let mut multiple = Game::zero();
        for n in 1..=6i64 {
            multiple = multiple.sum(a).unwrap();
            let (l, r) = multiple.stops();
            let centre = Dyadic::from_parts(mean.numerator() * n, mean.exponent());
            let one = Dyadic::from(1);
            assert!(l <= &centre + &one && r >= &centre - &one, "{n}.({a})");
        }
    }
}

#[test]
fn numbers_plus_infinitesimals_split() {
    for game in day2_and_sums() {
        let (left, right) = game.stops();
        match game.number_part() {
            Some((x, rest)) => {
                assert_eq!((&left, &right), (&x, &x), "{game}");
                assert_eq!(number(&x).sum(&rest).unwrap(), game);
                assert!(rest.is_infinitesimal(), "{rest}");
            }
            None => assert_ne!(left, right, "{game}"),
        }
    }
}

/// Whether `d` lies strictly between `-2^-12` and `2^-12`: infinitesimal, for a game
/// born this early.
fn tiny(d: &Game) -> bool {
    let eps = Game::number(Dyadic::from_parts(1, 12));
    *d < eps && eps.negate() < *d
}

#[test]
fn reduced_forms_are_the_simplest_infinitesimally_close_games() {
    let games = day2_and_sums();
    let mut calc = Calculator::new(100_000_000);
    let reduced: Vec<Game> = games.iter().map(|g| calc.reduced(g).unwrap()).collect();
    for (game, r) in games.iter().zip(&reduced) {
        let difference = game.sum(&r.negate()).unwrap();
        assert!(tiny(&difference), "{game} - {r}");
        assert_eq!(calc.reduced(r).unwrap(), *r, "rcf({r})");
    }
    for (i, a) in games.iter().enumerate() {
        for (j, b) in games.iter().enumerate() {
            if tiny(&a.sum(&b.negate()).unwrap()) {
                assert_eq!(reduced[i], reduced[j], "{a} and {b} are close");
                assert!(
                    reduced[i].depth() <= b.depth(),
                    "rcf({a}) = {} vs {b}",
                    reduced[i]
                );
            }
        }
    }
    assert_eq!(calc.reduced(&g("{1^*|0}")).unwrap(), g("{1|0}"));
}

/// Whether `g <=Inf h` by its definition: `g <= h + x` for the positive numbers `x` (a
/// small one suffices for games born this early).
fn inf_le(g: &Game, h: &Game) -> bool {
    let eps = Game::number(Dyadic::from_parts(1, 12));
    g.le(&h.sum(&eps).unwrap())
}

/// Games `{A | x}` and `{x | A}` for `A` a day-2 game or a sum of two, `x` an integer
/// from -1 to 1: forms with options far apart, where reduction removes and bypasses.
fn lopsided() -> Vec<Game> {
    // And one whose option {2|0} is Inf-reversible but not reversible.
    let mut games = vec![g("{1,{2|0}|v}"), g("{^|-1,{0|-2}}")];
    for a in day2_and_sums() {
        for x in -1..=1 {
            for made in [
                Game::from_options(vec![a.clone()], vec![Game::integer(x)]),
                Game::from_options(vec![Game::integer(x)], vec![a.clone()]),
            ] {
                let made = made.unwrap();
                if !games.contains(&made) {
                    games.push(made);
                }
            }
        }
    }
    games
}

/// Each reduced form is close to its game and reduced by the definition: no option
/// Inf-dominated by another, none Inf-reversible through the game, each option reduced.
#[test]
fn reduced_forms_have_no_inf_dominated_or_inf_reversible_option() {
    let mut calc = Calculator::new(100_000_000);
    let mut hot = 0;
    for game in lopsided() {
        let r = calc.reduced(&game).unwrap();
        assert!(tiny(&game.sum(&r.negate()).unwrap()), "{game} - {r}");
        if r.as_number().is_some() {
            continue;
        }
        hot += 1;
        for (side, other) in [(Side::Left, Side::Right), (Side::Right, Side::Left)] {
            let options = r.options(side);
            for (i, a) in options.iter().enumerate() {
                assert_eq!(calc.reduced(a).unwrap(), *a, "{a} of rcf({game}) = {r}");
                for (j, b) in options.iter().enumerate() {
                    let dominated = match side {
                        Side::Left => inf_le(a, b),
                        Side::Right => inf_le(b, a),
                    };
                    assert!(i == j || !dominated, "{a} and {b} in rcf({game}) = {r}");
                }
                for reply in a.options(other) {
                    let reverses = match side {
                        Side::Left => inf_le(&reply, &game),
                        Side::Right => inf_le(&game, &reply),
                    };
                    assert!(
                        !reverses,
                        "{a} reverses through {reply} in rcf({game}) = {r}"
                    );
                }
            }
        }
    }
    assert!(hot > 100, "only {hot} hot games");
}

/// All-small games born by day 3 with at most two options a side.
fn all_small() -> Vec<Game> {
    let day2: Vec<Game> = born_by(2, |g| g.is_all_small())
        .into_iter()
        .filter(Game::is_all_small)
        .collect();
    let mut sides = vec![vec![]];
    for (i, a) in day2.iter().enumerate() {
        sides.push(vec![a.clone()]);
        for b in &day2[i + 1..] {
            sides.push(vec![a.clone(), b.clone()]);
        }
    }
    let mut games = day2.clone();
    for l in &sides {
        for r in &sides {
            if l.is_empty() != r.is_empty() {
                continue;
            }
            let made = Game::from_options(l.clone(), r.clone()).unwrap();
            if !games.contains(&made) {
                games.push(made);
            }
        }
    }
    games
}

#[test]
fn atomic_weights_add_and_mean_multiples_of_up() {
    let games = all_small();
    assert!(games.iter().all(Game::is_all_small));
    let mut calc = Calculator::new(100_000_000);
    let mut weigh = |g: &Game| calc.atomic_weight(g).unwrap().expect("all-small");
    let weights: Vec<Game> = games.iter().map(&mut weigh).collect();
    let up = g("^");
    let few = &games[..12];
    for (i, a) in games.iter().enumerate().step_by(7) {
        for (j, b) in games.iter().enumerate().step_by(5) {
            let sum = a.sum(b).unwrap();
            assert_eq!(
                weigh(&sum),
                weights[i].sum(&weights[j]).unwrap(),
                "aw({a} + {b})"
            );
        }
        // An integer weight n: G plays as n.^ beside X and a far star.
        let Some(n) = weights[i].as_number().filter(|n| n.is_integer()) else {
            continue;
        };
        let n = i64::try_from(n.numerator()).unwrap();
        let step = if n > 0 { up.clone() } else { up.negate() };
        let mut ups = Game::zero();
        for _ in 0..n.abs() {
            ups = ups.sum(&step).unwrap();
        }
        for x in few {
            let far = Game::nimber(a.depth() + x.depth() + n.unsigned_abs() as u32 + 4);
            let with = |h: &Game| h.sum(x).unwrap().sum(&far).unwrap().outcome();
            assert_eq!(with(a), with(&ups), "{a} (weight {n}) beside {x}");
        }
        // The two-ahead rule.
        if n >= 2 {
            assert_eq!(a.outcome(), Outcome::L, "{a}");
        }
    }
}
