//! Games written as CGSuite writes them, as far as its notation goes: numbers (`3`,
//! `-5/8`), number + ups + nimber (`*`, `*3`, `^`, `v`, `^^`, `^3`, `1/2^*`, `-1v*2`),
//! switches (`±1`, `±{2,1}`), and `{L | R}` for the rest, nested with CGSuite's slashes
//! (`{2||1|0}` is `{2 | {1 | 0}}`). Options are listed in a fixed order: numbers, then
//! number + ups + nimber, then the rest.

use std::cmp::Ordering;
use std::fmt;

use super::Dyadic;
use super::canonical::{Game, Side, lexicographic};

/// Number + up multiple + nimber: `x + u.^ + *m`.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Uptimal {
    number: Dyadic,
    ups: i64,
    nimber: u64,
}

/// The game as `x + u.^ + *m`, if it is one: recognised from its canonical options, whose
/// shapes are (Siegel ch. II.5): `{x, x* | x}` is `x^*`, `{x | x, x*}` is `xv*`,
/// `{x | G}` with `G = x + u.^ + *m`, `u >= 0`, not a number, is `x + (u+1).^ + *(m^1)`
/// (and the mirror image), and `{x, x*, .., x*(m-1) | the same}` is `x*m`.
fn uptimal(g: &Game) -> Option<Uptimal> {
    if let Some(x) = g.as_number() {
        return Some(Uptimal {
            number: x.clone(),
            ups: 0,
            nimber: 0,
        });
    }
    if g.depth() > 64 {
        return None;
    }
    let left = g.options(Side::Left);
    let right = g.options(Side::Right);
    let (ln, rn) = (left.len(), right.len());
    let number = |h: &Game| h.as_number().cloned();
    let star_of =
        |h: &Game, x: &Dyadic| uptimal(h).filter(|u| u.number == *x && u.ups == 0 && u.nimber == 1);
    // `{x, x* | x}` is `x^*`, and the mirror image `{x | x, x*}` is `xv*`.
    for (ups, two, one) in [(1, &left, &right), (-1, &right, &left)] {
        if two.len() == 2
            && one.len() == 1
            && let (Some(x), Some(y)) = (number(&two[0]), number(&one[0]))
            && x == y
            && star_of(&two[1], &x).is_some()
        {
            return Some(Uptimal {
                number: x,
                ups,
                nimber: 1,
            });
        }
    }
    if ln == 1 && rn == 1 {
        if let Some(x) = number(&left[0])
            && right[0].as_number().is_none()
            && let Some(u) = uptimal(&right[0]).filter(|u| u.number == x && u.ups >= 0)
        {
            return Some(Uptimal {
                number: x,
                ups: u.ups + 1,
                nimber: u.nimber ^ 1,
            });
        }
        if let Some(x) = number(&right[0])
            && left[0].as_number().is_none()
            && let Some(u) = uptimal(&left[0]).filter(|u| u.number == x && u.ups <= 0)
        {
            return Some(Uptimal {
                number: x,
                ups: u.ups - 1,
                nimber: u.nimber ^ 1,
            });
        }
    }
    if ln == rn && ln > 0 && left == right {
        let x = number(&left[0])?;
        let mut heaps: Vec<u64> = Vec::with_capacity(ln);
        for option in &left {
            let u = uptimal(option).filter(|u| u.number == x && u.ups == 0)?;
            heaps.push(u.nimber);
        }
        heaps.sort_unstable();
        if heaps.iter().enumerate().all(|(i, &h)| h == i as u64) {
            return Some(Uptimal {
                number: x,
                ups: 0,
                nimber: ln as u64,
            });
        }
    }
    None
}

impl fmt::Display for Uptimal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if !self.number.is_zero() || (self.ups == 0 && self.nimber == 0) {
            write!(f, "{}", self.number)?;
        }
        let arrow = if self.ups > 0 { "^" } else { "v" };
        match self.ups.unsigned_abs() {
            0 => {}
            1 => f.write_str(arrow)?,
            2 => write!(f, "{arrow}{arrow}")?,
            n => write!(f, "{arrow}{n}")?,
        }
        match self.nimber {
            0 => Ok(()),
            1 => f.write_str("*"),
            m => write!(f, "*{m}"),
        }
    }
}

/// The order options are listed in: numbers by value, then `x + u.^ + *m` by number, ups
/// and nimber, then the rest by their own options.
fn listing(a: &Game, b: &Game) -> Ordering {
    match (uptimal(a), uptimal(b)) {
        (Some(x), Some(y)) => {
            let number = |u: &Uptimal| u.ups == 0 && u.nimber == 0;
            number(&y)
                .cmp(&number(&x))
                .then_with(|| x.number.cmp(&y.number))
                .then_with(|| x.ups.cmp(&y.ups))
                .then_with(|| x.nimber.cmp(&y.nimber))
        }
        (Some(_), None) => Ordering::Less,
        (None, Some(_)) => Ordering::Greater,
        (None, None) => {
            let (al, bl) = (sorted(a, Side::Left), sorted(b, Side::Left));
            let (ar, br) = (sorted(a, Side::Right), sorted(b, Side::Right));
            lexicographic(&al, &bl, listing).then_with(|| lexicographic(&ar, &br, listing))
        }
    }
}

fn sorted(g: &Game, side: Side) -> Vec<Game> {
    let mut options = g.options(side);
    options.sort_by(listing);
    options
}

/// CGSuite's nesting limit: a fourth slash is written as braces instead.
const MAX_SLASHES: usize = 4;

/// Writes `g`, braces around it if `brackets`, parentheses around a sum if `parens`;
/// returns how many slashes separate its sides when written without braces (0 if it
/// needed none).
fn write_game(out: &mut String, g: &Game, brackets: bool, parens: bool) -> usize {
    if let Some(u) = uptimal(g) {
        let compact =
            (u.ups == 0 && u.nimber == 0) || (u.number.is_zero() && (u.ups == 0 || u.nimber == 0));
        let wrap = parens && !compact;
        if wrap {
            out.push('(');
        }
        out.push_str(&u.to_string());
        if wrap {
            out.push(')');
        }
        return 0;
    }
    let left = sorted(g, Side::Left);
    let right = sorted(g, Side::Right);
    if !left.is_empty() && left.len() == right.len() && is_switch(&left, &right) {
        out.push('±');
        if left.len() > 1 {
            out.push('{');
        }
        for (i, option) in left.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            write_game(out, option, true, left.len() == 1);
        }
        if left.len() > 1 {
            out.push('}');
        }
        return 0;
    }
    let mut sides = [String::new(), String::new()];
    let mut slashes = 1;
    for (text, options) in sides.iter_mut().zip([&left, &right]) {
        for (i, option) in options.iter().enumerate() {
            if i > 0 {
                text.push(',');
            }
            slashes = slashes.max(write_game(text, option, options.len() > 1, false) + 1);
        }
    }
    let braces = brackets || slashes >= MAX_SLASHES;
    if braces {
        out.push('{');
    }
    out.push_str(&sides[0]);
    out.push_str(&"|".repeat(slashes.min(MAX_SLASHES)));
    out.push_str(&sides[1]);
    if braces {
        out.push('}');
        0
    } else {
        slashes
    }
}

/// Whether `{left | right}` is `±G`: Right's options are exactly the negatives of Left's.
fn is_switch(left: &[Game], right: &[Game]) -> bool {
    let mut negated: Vec<Game> = left.iter().map(Game::negate).collect();
    negated.sort_by(listing);
    negated == right
}

impl fmt::Display for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut out = String::new();
        write_game(&mut out, self, true, false);
        f.write_str(&out)
    }
}

#[cfg(test)]
mod tests {
    use super::super::canonical::tests::{game, n};
    use super::*;

    #[test]
    fn cgsuite_notation() {
        let star = Game::nimber(1);
        let up = game(vec![n(0)], vec![star.clone()]);
        let half = Game::number(Dyadic::from_parts(1, 1));
        let shown = |g: &Game| g.to_string();
        assert_eq!(shown(&n(0)), "0");
        assert_eq!(shown(&Game::number(Dyadic::from_parts(-5, 3))), "-5/8");
        assert_eq!(shown(&star), "*");
        assert_eq!(shown(&Game::nimber(3)), "*3");
        assert_eq!(shown(&up), "^");
        assert_eq!(shown(&up.negate()), "v");
        assert_eq!(shown(&up.sum(&star).unwrap()), "^*");
        assert_eq!(shown(&up.sum(&up).unwrap()), "^^");
        let three_up = up.sum(&up).unwrap().sum(&up).unwrap();
        assert_eq!(shown(&three_up), "^3");
        assert_eq!(
            shown(&three_up.negate().sum(&Game::nimber(2)).unwrap()),
            "v3*2"
        );
        assert_eq!(shown(&half.sum(&up).unwrap().sum(&star).unwrap()), "1/2^*");
        assert_eq!(shown(&n(1).sum(&star).unwrap()), "1*");
        assert_eq!(shown(&game(vec![n(1)], vec![n(-1)])), "±1");
        assert_eq!(shown(&game(vec![n(2)], vec![n(1)])), "{2|1}");
        let hot = game(vec![n(1)], vec![n(0)]);
        assert_eq!(shown(&game(vec![n(2)], vec![hot])), "{2||1|0}");
    }
}
