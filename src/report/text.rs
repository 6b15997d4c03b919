//! The human report of `hackenbush analyze`:
//!
//! ```text
//! examples/bowtie.hb
//!   bowtie            *1   7 edges
//!   stalk of three    *3   3 edges
//!   nim-sum *2: first player wins
//! ```
//!
//! A value whose canonical form is too long to show is shortened ([`Game`](crate::game::Game)'s
//! `Display`), and a line under the position says how large it is whole.
//!
//! Every text taken from an input (file, graph and vertex names) goes through
//! [`printable`] before it is shown, here and in every other text the program prints.

use std::borrow::Cow;
use std::fmt::{self, Write};

/// The escaping and the plural that every room words its text with, kept here too for the
/// callers of `report::text` (they live on the ground floor, in the crate's `wording`).
pub use crate::wording::{plural, printable};

use super::misere::{MisereMove, MisereReport};
use super::{GraphReport, MoveReport, Moves, PositionReport, Readable, Shortened, Value, Winner};
use crate::analysis::misere::Rule;
use crate::analysis::partizan::{MAX_LISTED_EDGES, MAX_LISTED_STEPS, Method};
use crate::game::Outcome;

/// Renders one position, ending with a newline.
pub fn position(report: &PositionReport) -> String {
    let mut out = String::new();
    let _ = write_position(&mut out, report);
    out
}

/// The widest a column of names or values is padded to: 40 characters.
const COLUMN: usize = 40;

/// Writes one position to `out`, ending with a newline, line by line (a position of
/// millions of graphs is never held as one string). An all-green position is shown with
/// its Grundy values and nim-sum; any other with its values in CGSuite's notation and its
/// outcome class.
pub fn write_position(out: &mut impl Write, report: &PositionReport) -> fmt::Result {
    writeln!(out, "{}", printable(&report.source))?;
    let green = report.nim_sum.is_some();
    // A christmas file has thousands of small graphs: their lines are written piece by
    // piece, with no string made for a value that is a nimber.
    let nimber = |g: &GraphReport| g.grundy.filter(|_| green);
    let value_width = |g: &GraphReport| match nimber(g) {
        Some(n) => 1 + decimal_digits(n),
        None => g.value.to_string().chars().count(),
    };
    let width = |name: &str| {
        // Printable ASCII (every generated name) is as wide as it is long.
        if name.bytes().all(|b| (b' '..=b'~').contains(&b)) {
            name.len()
        } else {
            name.chars().count()
        }
    };
    // A column is as wide as its widest entry up to COLUMN: a longer name or value is
    // written whole, past the column, rather than pad every other row to its width.
    let names = (report.graphs.iter())
        .map(|g| width(&printable(&g.name)))
        .filter(|&w| w <= COLUMN)
        .max()
        .unwrap_or(0);
    let values = (report.graphs.iter())
        .map(value_width)
        .filter(|&w| w <= COLUMN)
        .max()
        .unwrap_or(0);
    for g in &report.graphs {
        out.write_str("  ")?;
        let name = printable(&g.name);
        out.write_str(&name)?;
        spaces(out, names.saturating_sub(width(&name)) + 2)?;
        match nimber(g) {
            Some(n) => {
                out.write_char('*')?;
                decimal(out, n)?;
            }
            None => write!(out, "{}", g.value)?,
        }
        spaces(out, values.saturating_sub(value_width(g)) + 2)?;
        decimal(out, u64::from(g.edges))?;
        out.write_str(if g.edges == 1 { " edge" } else { " edges" })?;
        if !green {
            write!(out, ", {}", method(g.method))?;
        }
        if g.ignored_edges > 0 {
            write!(
                out,
                ", {} not attached to the ground (ignored)",
                g.ignored_edges
            )?;
        }
        if g.ground_vertices == 0 {
            out.write_str(", no ground")?;
        }
        out.write_char('\n')?;
    }
    if report.graphs.is_empty() {
        out.write_str("  (no graphs)\n")?;
    }
    match (report.nim_sum, report.winner) {
        (Some(nim_sum), Some(w)) => writeln!(out, "  nim-sum {}: {}", star(nim_sum), winner(w))?,
        _ => writeln!(
            out,
            "  value {} ({}): {}",
            report.value,
            report.outcome,
            outcome(report.outcome)
        )?,
    }
    write_shortened(out, report)?;
    write_readable(out, report)?;
    match &report.moves {
        // All green: both players have the same winning moves.
        Some(moves) if report.nim_sum.is_some() => write_moves(out, report, &moves.left)?,
        Some(moves) => write_cuts(out, report, moves)?,
        None => {}
    }
    Ok(())
}

/// A line for each value above that is shown shortened (a graph's, or the position's
/// unless a graph is worth the same), with the size of its whole form.
fn write_shortened(out: &mut impl Write, report: &PositionReport) -> fmt::Result {
    let mut noted: Vec<&Value> = Vec::new();
    let graphs = (report.graphs.iter()).map(|g| (Some(g.name.as_str()), &g.value));
    for (name, value) in graphs.chain([(None, &report.value)]) {
        let Some(size) = Shortened::of(value).filter(|_| !noted.contains(&value)) else {
            continue;
        };
        noted.push(value);
        let whose = name.map_or(Cow::Borrowed("the position"), printable);
        writeln!(out, "  {whose}: {}", shortened(&size))?;
    }
    Ok(())
}

/// A line for each coloured value above that is not written as one word (a graph's, or
/// the position's unless a graph is worth the same): what it reads as, its number and
/// infinitesimal, stops, mean, reduced form and atomic weight ([`Readable`]).
fn write_readable(out: &mut impl Write, report: &PositionReport) -> fmt::Result {
    if report.nim_sum.is_some() {
        return Ok(());
    }
    let mut noted: Vec<&Value> = Vec::new();
    let graphs = (report.graphs.iter())
        .filter(|g| g.grundy.is_none())
        .map(|g| (Some(g.name.as_str()), &g.value));
    for (name, value) in graphs.chain([(None, &report.value)]) {
        let Value::Game(game) = value else {
            continue;
        };
        if game.is_uptimal() || noted.contains(&value) {
            continue;
        }
        let Some(readable) = Readable::of(value) else {
            continue;
        };
        noted.push(value);
        let whose = name.map_or(Cow::Borrowed("the position"), printable);
        writeln!(out, "  {whose} reads as {}", readable.words())?;
    }
    Ok(())
}

/// What is said of a value shown shortened: how large it is whole, and how to see it.
pub(crate) fn shortened(size: &Shortened) -> String {
    format!(
        "value shortened, a canonical form of {} subgames and {} characters; `--full` shows \
         it whole",
        grouped(&size.subgames.to_string()),
        grouped(&size.characters.to_string())
    )
}

/// Decimal digits grouped by three with commas: `607,823`.
fn grouped(digits: &str) -> String {
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, digit) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(digit);
    }
    out
}

/// The list of winning moves under a position.
fn write_moves(out: &mut impl Write, report: &PositionReport, moves: &[MoveReport]) -> fmt::Result {
    if report.winner == Some(Winner::Second) {
        return out.write_str(
            "  no winning move: whatever the player to move cuts, the nim-sum becomes nonzero\n",
        );
    }
    writeln!(
        out,
        "  {} winning move{}:",
        moves.len(),
        plural(moves.len())
    )?;
    for m in moves {
        writeln!(
            out,
            "    cut edge {} ({}-{}, line {}) of {}: leaves it {}",
            m.edge,
            printable(&m.u.to_string()),
            printable(&m.v.to_string()),
            m.line,
            graph_name(report, m),
            match m.value_after {
                Value::Nim(n) => star(n),
                ref value => value.to_string(),
            }
        )?;
    }
    Ok(())
}

/// The name of the graph a move cuts (from 1), printable; `graph N` if the report lacks it.
fn graph_name<'a>(report: &'a PositionReport, m: &MoveReport) -> Cow<'a, str> {
    match (m.graph.checked_sub(1)).and_then(|k| report.graphs.get(k)) {
        Some(graph) => printable(&graph.name),
        None => Cow::Owned(format!("graph {}", m.graph)),
    }
}

/// How a graph's value was found, in a word.
fn method(m: Method) -> &'static str {
    match m {
        Method::Green => "green",
        Method::Tree => "tree",
        Method::Search => "searched",
    }
}

/// "Left wins, whoever starts", ...: an outcome class in words.
pub fn outcome(o: Outcome) -> &'static str {
    match o {
        Outcome::L => "Left wins, whoever starts",
        Outcome::R => "Right wins, whoever starts",
        Outcome::N => "the first player wins",
        Outcome::P => "the second player wins",
    }
}

/// The winning cuts of each player under a position with coloured edges.
fn write_cuts(out: &mut impl Write, report: &PositionReport, moves: &Moves) -> fmt::Result {
    each_player(out, [&moves.left, &moves.right], |out, c| {
        writeln!(
            out,
            "    cut {} edge {} ({}-{}, line {}) of {}: leaves it {}, the position {}",
            c.colour.name(),
            c.edge,
            printable(&c.u.to_string()),
            printable(&c.v.to_string()),
            c.line,
            graph_name(report, c),
            c.value_after,
            c.position_after
        )
    })?;
    if moves.unlisted_edges > 0 {
        writeln!(
            out,
            "  ({} edge{} not listed: of all-green parts of more than {MAX_LISTED_EDGES} edges, trees whose cuts take more than {} million steps to value, or trees with green edges whose cuts outgrow --max-work; see `hackenbush docs values`)",
            moves.unlisted_edges,
            plural(moves.unlisted_edges),
            MAX_LISTED_STEPS / 1_000_000
        )?;
    }
    Ok(())
}

/// How many heaps the misère Nim line lists before it counts the rest.
const LISTED_HEAPS: usize = 16;

/// `, 0^0 *2`: each block's genus (searched) or heap (on one ground edge), the first
/// [`LISTED_HEAPS`] of them.
fn listed_genera(report: &MisereReport) -> String {
    let mut listed: Vec<String> = (report.blocks.iter().take(LISTED_HEAPS))
        .map(|b| match &b.genus {
            Some(genus) => genus.clone(),
            None => star(b.grundy.unwrap_or(0)),
        })
        .collect();
    if report.blocks.len() > LISTED_HEAPS {
        listed.push(format!("and {} more", report.blocks.len() - LISTED_HEAPS));
    }
    match listed.is_empty() {
        true => String::new(),
        false => format!(", {}", listed.join(" ")),
    }
}

/// Writes one position analyzed in misère play, ending with a newline:
///
/// ```text
/// two.in#1 (misère play: whoever cuts the last edge loses)
///   tree 1  4 edges
///   misère Nim on 2 ground blocks, *2 *2: a heap above *1 and nim-sum *0: second player wins
/// ```
pub fn write_misere(out: &mut impl Write, report: &MisereReport) -> fmt::Result {
    writeln!(
        out,
        "{} (misère play: whoever cuts the last edge loses)",
        printable(&report.source)
    )?;
    let names = (report.graphs.iter())
        .map(|g| printable(&g.name).chars().count())
        .filter(|&w| w <= COLUMN)
        .max()
        .unwrap_or(0);
    for g in &report.graphs {
        let name = printable(&g.name);
        out.write_str("  ")?;
        out.write_str(&name)?;
        spaces(out, names.saturating_sub(name.chars().count()) + 2)?;
        write!(out, "{} edge{}", g.edges, plural(g.edges))?;
        if g.ignored_edges > 0 {
            write!(
                out,
                ", {} not attached to the ground (ignored)",
                g.ignored_edges
            )?;
        }
        out.write_char('\n')?;
    }
    if report.graphs.is_empty() {
        out.write_str("  (no graphs)\n")?;
    }
    let blocks = report.blocks.len();
    let blocks = format!("{blocks} ground block{}", plural(blocks));
    let result = match report.winner {
        Some(w) => winner(w).to_string(),
        None => format!("{} ({})", outcome(report.outcome), report.outcome),
    };
    match report.rule {
        Rule::MisereNim => {
            let heaps: Vec<u64> = report.blocks.iter().filter_map(|b| b.grundy).collect();
            let nim_sum = heaps.iter().fold(0, |a, h| a ^ h);
            let case = if heaps.iter().any(|&h| h > 1) {
                "a heap above *1"
            } else {
                "every heap at most *1"
            };
            let mut listed: Vec<String> =
                heaps.iter().take(LISTED_HEAPS).map(|&h| star(h)).collect();
            if heaps.len() > LISTED_HEAPS {
                listed.push(format!("and {} more", heaps.len() - LISTED_HEAPS));
            }
            let listed = match listed.is_empty() {
                true => String::new(),
                false => format!(", {}", listed.join(" ")),
            };
            writeln!(
                out,
                "  misère Nim on {blocks}{listed}: {case} and nim-sum {}: {result}",
                star(nim_sum)
            )?;
        }
        Rule::GroundEdges => {
            let (blue, red) = ground_edges(report);
            writeln!(
                out,
                "  misère, by the edges at the ground, {blue} blue and {red} red: {result}"
            )?;
        }
        Rule::Sprigs => writeln!(
            out,
            "  misère, sprigs on {blocks}: the normal-play outcome of their sum plus *: {result}"
        )?,
        Rule::Genus => {
            let firm = report.blocks.iter().any(|b| match &b.genus {
                Some(genus) => genus != "0^120" && genus != "1^031",
                None => b.grundy.is_some_and(|g| g > 1),
            });
            let nim_sum = (report.blocks.iter()).fold(0, |a, b| a ^ b.grundy.unwrap_or(0));
            let case = if firm {
                "a firm block"
            } else {
                "every block fickle"
            };
            writeln!(
                out,
                "  misère, by the genus ({} positions searched) on {blocks}{}: tame, {case} and \
                 nim-sum {}: {result}",
                report.searched_positions.unwrap_or_default(),
                listed_genera(report),
                star(nim_sum)
            )?;
        }
        _ => {
            let searched: Vec<String> = (report.blocks.iter())
                .filter_map(|b| {
                    let genus = b.genus.as_ref()?;
                    let tame = if b.tame == Some(true) { "tame" } else { "wild" };
                    Some(format!("{genus} {tame}"))
                })
                .take(LISTED_HEAPS)
                .collect();
            let genera = match searched.is_empty() {
                true => String::new(),
                false => format!(", genus {}", searched.join(", ")),
            };
            writeln!(
                out,
                "  misère, searched ({} positions) on {blocks}{genera}: {result}",
                report.searched_positions.unwrap_or_default()
            )?
        }
    }
    let Some(moves) = &report.moves else {
        return Ok(());
    };
    if report.winner.is_some() {
        if moves.left.is_empty() {
            return out
                .write_str("  no winning move: whatever the player to move cuts, they lose\n");
        }
        writeln!(
            out,
            "  {} winning move{}:",
            moves.left.len(),
            plural(moves.left.len())
        )?;
        return moves
            .left
            .iter()
            .try_for_each(|m| misere_cut(out, report, m, false));
    }
    each_player(out, [&moves.left, &moves.right], |out, m| {
        misere_cut(out, report, m, true)
    })
}

/// The winning cuts of Left, then of Right (`cuts`), each under a line that counts them,
/// each cut written by `cut`.
fn each_player<W: Write, M>(
    out: &mut W,
    cuts: [&[M]; 2],
    mut cut: impl FnMut(&mut W, &M) -> fmt::Result,
) -> fmt::Result {
    for (player, cuts) in ["Left", "Right"].into_iter().zip(cuts) {
        if cuts.is_empty() {
            writeln!(out, "  {player} moving first: no winning cut")?;
            continue;
        }
        writeln!(
            out,
            "  {player} moving first: {} winning cut{}",
            cuts.len(),
            plural(cuts.len())
        )?;
        cuts.iter().try_for_each(|c| cut(out, c))?;
    }
    Ok(())
}

/// The blue and red edges at the ground of a position, over its blocks.
fn ground_edges(report: &MisereReport) -> (usize, usize) {
    (report.blocks.iter()).fold((0, 0), |(blue, red), b| {
        (blue + b.ground_edges.blue, red + b.ground_edges.red)
    })
}

/// `    cut edge 2 (a-b, line 3) of tree 1`, with its colour when `coloured`.
fn misere_cut(
    out: &mut impl Write,
    report: &MisereReport,
    m: &MisereMove,
    coloured: bool,
) -> fmt::Result {
    let graph = match (m.graph.checked_sub(1)).and_then(|k| report.graphs.get(k)) {
        Some(graph) => printable(&graph.name),
        None => Cow::Owned(format!("graph {}", m.graph)),
    };
    let colour = if coloured {
        format!("{} ", m.colour.name())
    } else {
        String::new()
    };
    writeln!(
        out,
        "    cut {colour}edge {} ({}-{}, line {}) of {graph}",
        m.edge,
        printable(&m.u.to_string()),
        printable(&m.v.to_string()),
        m.line,
    )
}

/// How many decimal digits `n` has.
fn decimal_digits(n: u64) -> usize {
    n.checked_ilog10().map_or(1, |d| d as usize + 1)
}

/// `n` in decimal, with no formatting machinery (a christmas file prints two numbers
/// for each of its thousands of graphs).
fn decimal(out: &mut impl Write, mut n: u64) -> fmt::Result {
    let mut digits = [0u8; 20];
    let mut at = digits.len();
    loop {
        at -= 1;
        digits[at] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    // Only ASCII digits were written.
    out.write_str(std::str::from_utf8(&digits[at..]).unwrap_or_default())
}

/// `n` spaces.
fn spaces(out: &mut impl Write, mut n: usize) -> fmt::Result {
    const SPACES: &str = "                                ";
    while n > 0 {
        let now = n.min(SPACES.len());
        out.write_str(&SPACES[..now])?;
        n -= now;
    }
    Ok(())
}

/// A nim value as `*n` (`*0` for zero).
pub fn star(n: u64) -> String {
    format!("*{n}")
}

/// "first player wins" / "second player wins".
pub fn winner(w: Winner) -> &'static str {
    match w {
        Winner::First => "first player wins",
        Winner::Second => "second player wins",
    }
}

/// `items` as a list in words, the last joined by `conjunction`: `a`, `a and b`,
/// `a, b and c`.
///
/// ```
/// use hackenbush::report::text::listed;
///
/// assert_eq!(listed(&["a".into(), "b".into(), "c".into()], "or"), "a, b or c");
/// ```
pub fn listed(items: &[String], conjunction: &str) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} {conjunction} {last}", init.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::summary::Summary;

    #[test]
    fn decimals_are_written_as_display_writes_them() {
        for n in [0, 1, 9, 10, 99, 100, 4_294_967_295, u64::MAX - 1, u64::MAX] {
            let mut out = String::new();
            decimal(&mut out, n).unwrap();
            assert_eq!(out, n.to_string());
        }
    }

    fn graph(name: &str, grundy: u64, edges: u32, ignored: u32) -> GraphReport {
        let summary = Summary {
            value: grundy,
            edges: edges as usize,
            attached_edges: (edges - ignored) as usize,
            ground_vertices: 1,
            ..Summary::default()
        };
        GraphReport::from_summary(name.into(), &summary)
    }

    #[test]
    fn digits_are_grouped_by_three() {
        for (digits, shown) in [
            ("7", "7"),
            ("607", "607"),
            ("1000", "1,000"),
            ("607823", "607,823"),
        ] {
            assert_eq!(grouped(digits), shown);
        }
    }

    #[test]
    fn aligns_names_and_values() {
        let r = PositionReport::new(
            "x.hb".into(),
            vec![graph("bowtie", 1, 7, 0), graph("stalk of three", 3, 3, 1)],
        );
        assert_eq!(
            position(&r),
            "x.hb\n  bowtie          *1  7 edges\n  stalk of three  *3  3 edges, 1 not attached to the ground (ignored)\n  nim-sum *2: first player wins\n"
        );
    }

    /// Issue 33: one long value padded every other row of its position to its width (a
    /// row of 151,990 characters for `l`); a name or value longer than the column is
    /// written past it.
    #[test]
    fn a_long_entry_does_not_widen_its_column() {
        let long = "g".repeat(COLUMN + 1);
        let r = PositionReport::new(
            "x.hb".into(),
            vec![graph("a", 1, 1, 0), graph(&long, 300, 300, 0)],
        );
        let shown = position(&r);
        let rows: Vec<&str> = shown.lines().collect();
        assert_eq!(rows[1], "  a  *1    1 edge");
        assert_eq!(rows[2], format!("  {long}  *300  300 edges"));
    }
}
