//! Analysis -> report: what the command line shows, as plain serde types.
//!
//! The JSON wire format of `hackenbush analyze --json` is exactly the serialization of
//! [`Report`]; `docs/json.md` documents it field by field. Field names and meanings
//! marked *fixed* there never change; fields may be added.
//!
//! [`text`] renders the same types for people.
//!
//! ```
//! use hackenbush::{analyze_text, report::text, syntax::Format};
//!
//! let positions = analyze_text("ground: g\ng-a-b-g\n", Format::Hb)?;
//! let json = serde_json::to_value(&positions[0]).unwrap();
//! assert_eq!(json["value"], "*");
//! assert_eq!(json["winner"], "first");
//! let mut shown = String::new();
//! text::write_position(&mut shown, &positions[0]).unwrap();
//! assert!(shown.starts_with("<text>\n  graph 1  *1"));
//! # Ok::<(), hackenbush::Error>(())
//! ```

/// The picture, under its former name.
#[cfg(feature = "graphviz")]
#[deprecated(note = "renamed `report::picture`")]
pub mod dot {
    pub use super::picture::*;
}
pub mod explain;
#[cfg(feature = "graphviz")]
mod graphviz;
pub mod json;
pub mod misere;
#[cfg(feature = "graphviz")]
pub mod picture;
mod readable;
pub mod text;
pub(crate) mod valuing;
pub mod verify;

pub use readable::{READABLE_WORK, Readable, SHORT_REST};

use compact_str::CompactString;
use serde::{Deserialize, Serialize};

use crate::analysis::Analysis;
use crate::analysis::partizan::{self, Budget, Cut, Method, Partizan, Refusal};
use crate::analysis::position::{self, WinningMove};
use crate::analysis::summary::Summary;
use crate::diagnostic::{Diagnostic, Level};
use crate::game::{BigUint, Calculator, Exceeded, Game, MAX_DEPTH, Outcome};
use crate::model::Graph;
use crate::source::Source;
use crate::source::Span;
use crate::syntax::{Colour, VertexName};

/// Everything `analyze --json` prints: one document per run. It reads back from that
/// JSON too, except a value shown shortened (`{...}`: see [`Value`]).
///
/// ```
/// use hackenbush::report::Report;
///
/// let json = r#"{"version": 2, "positions": [{"source": "a.hb", "graphs": [],
///     "value": "0", "outcome": "P", "a field of a later version": 1}]}"#;
/// let report: Report = serde_json::from_str(json).unwrap();
/// assert_eq!(report.positions[0].value.to_string(), "0");
/// assert!(report.errors.is_empty());
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[non_exhaustive]
pub struct Report {
    /// The schema version, [`json::VERSION`].
    pub version: u32,
    /// Every position read, in input order (files in command-line order, then test
    /// cases in file order).
    pub positions: Vec<PositionReport>,
    /// Inputs that could not be read or parsed; absent when there were none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub errors: Vec<ErrorReport>,
}

impl Default for Report {
    fn default() -> Self {
        Report {
            version: json::VERSION,
            positions: Vec::new(),
            errors: Vec::new(),
        }
    }
}

/// Who wins a position with best play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Winner {
    /// The player to move (nim-sum not zero).
    First,
    /// The other player (nim-sum zero).
    Second,
}

impl Winner {
    /// The winner of a position worth `nim_sum`.
    pub fn of(nim_sum: u64) -> Winner {
        if nim_sum == 0 {
            Winner::Second
        } else {
            Winner::First
        }
    }
}

/// What a graph or a position is worth: a nimber while every edge is green (cheap to
/// hold for millions of graphs), otherwise a game in canonical form. Shown, and
/// serialized, in CGSuite's notation: `0`, `*`, `*2`, `3/4`, `^*`, `{1|0}` (a long form
/// shortened, as [`Game`]'s `Display` does). Two values are equal when they are the same
/// game, however each is held.
///
/// ```
/// use hackenbush::game::Game;
/// use hackenbush::report::Value;
///
/// assert_eq!(Value::Nim(1), Value::Game(Game::nimber(1)));
/// assert_eq!(Value::Nim(0), Value::Game(Game::zero()));
/// assert_ne!(Value::Nim(1), Value::Game("^*".parse()?));
/// # Ok::<(), hackenbush::game::ParseError>(())
/// ```
#[derive(Clone, Debug)]
#[non_exhaustive]
pub enum Value {
    /// The nim heap `*n`.
    Nim(u64),
    /// Any other value.
    Game(Game),
}

impl Value {
    /// The sum of two values: a nim-sum while both are nimbers.
    pub fn sum(&self, other: &Value, calc: &mut Calculator) -> Result<Value, Exceeded> {
        match (self, other) {
            (Value::Nim(a), Value::Nim(b)) => Ok(Value::Nim(a ^ b)),
            _ => Ok(Value::Game(calc.sum(&self.game()?, &other.game()?)?)),
        }
    }

    /// The value as a game: a nimber deeper than [`MAX_DEPTH`] is refused.
    pub fn game(&self) -> Result<Game, Exceeded> {
        match self {
            Value::Nim(n) => u32::try_from(*n)
                .ok()
                .filter(|&n| n < MAX_DEPTH)
                .map(Game::nimber)
                .ok_or(Exceeded::Depth),
            Value::Game(g) => Ok(g.clone()),
        }
    }

    /// Who wins it.
    pub fn outcome(&self, calc: &mut Calculator) -> Result<Outcome, Exceeded> {
        match self {
            Value::Nim(0) => Ok(Outcome::P),
            Value::Nim(_) => Ok(Outcome::N),
            Value::Game(g) => calc.outcome(g),
        }
    }
}

/// Equality of games: `Nim(n)` is the game `*n`.
impl PartialEq for Value {
    fn eq(&self, other: &Value) -> bool {
        match (self, other) {
            (Value::Nim(a), Value::Nim(b)) => a == b,
            (Value::Game(g), Value::Game(h)) => g == h,
            (Value::Nim(n), Value::Game(g)) | (Value::Game(g), Value::Nim(n)) => g.is_nimber(*n),
        }
    }
}

impl Eq for Value {}

impl std::fmt::Display for Value {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Value::Nim(0) => f.write_str("0"),
            Value::Nim(1) => f.write_str("*"),
            Value::Nim(n) => write!(f, "*{n}"),
            Value::Game(g) => g.fmt(f),
        }
    }
}

impl Serialize for Value {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

/// Read from CGSuite's notation, as it is serialized: `0`, `*` and `*n` as a nimber
/// ([`Value::Nim`]), any other form as a [`Game`] (brought to canonical form, within
/// [`PARSE_WORK`](crate::game::PARSE_WORK) steps). A value shown shortened (holding
/// `{...}`) is an error: it is not the whole value (`analyze --json --full` writes every
/// value whole).
///
/// ```
/// use hackenbush::report::Value;
///
/// let read: Vec<Value> = serde_json::from_str(r#"["*2", "0", "{1|0}"]"#).unwrap();
/// assert_eq!(read[0], Value::Nim(2));
/// assert_eq!(read[2].to_string(), "{1|0}");
/// assert!(serde_json::from_str::<Value>(r#""{0,{...}|0}""#).is_err());
/// ```
impl<'de> Deserialize<'de> for Value {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = std::borrow::Cow::<str>::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

impl std::str::FromStr for Value {
    type Err = crate::game::ParseError;

    /// A value in CGSuite's notation: `*n` as a nimber, anything else as a game.
    fn from_str(text: &str) -> Result<Value, Self::Err> {
        let nimber = match text.strip_prefix('*') {
            Some("") => Some(1),
            Some(digits)
                if digits.bytes().all(|b| b.is_ascii_digit()) && !digits.starts_with('0') =>
            {
                digits.parse().ok()
            }
            _ => (text == "0").then_some(0),
        };
        match nimber {
            Some(n) => Ok(Value::Nim(n)),
            None => text.parse().map(Value::Game),
        }
    }
}

/// A value shown shortened (see [`Game::shortened`]): how large its form is written
/// whole. Serialized as `{"subgames": 20, "characters": "607823"}`, the characters as a
/// decimal string since they can outgrow any integer type.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[non_exhaustive]
pub struct Shortened {
    /// The distinct subgames of its canonical form, itself included.
    pub subgames: usize,
    /// The characters of its form written whole.
    #[serde(
        serialize_with = "serialize_decimal",
        deserialize_with = "deserialize_decimal"
    )]
    pub characters: BigUint,
}

impl Shortened {
    /// The size of `value`'s form when it is shown shortened (here and now: see
    /// [`WholeForms`](crate::game::WholeForms)), `None` when it is shown whole.
    ///
    /// ```
    /// use hackenbush::report::{Shortened, Value};
    ///
    /// assert_eq!(Shortened::of(&Value::Nim(3)), None);
    /// assert_eq!(Shortened::of(&Value::Game("{1|0}".parse()?)), None);
    /// # Ok::<(), hackenbush::game::ParseError>(())
    /// ```
    pub fn of(value: &Value) -> Option<Shortened> {
        match value {
            Value::Nim(_) => None,
            Value::Game(g) => g.shortened().map(|size| Shortened {
                subgames: size.subgames,
                characters: size.characters,
            }),
        }
    }
}

fn serialize_decimal<S: serde::Serializer>(n: &BigUint, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.collect_str(n)
}

fn deserialize_decimal<'de, D: serde::Deserializer<'de>>(
    deserializer: D,
) -> Result<BigUint, D::Error> {
    let text = std::borrow::Cow::<str>::deserialize(deserializer)?;
    text.parse().map_err(serde::de::Error::custom)
}

/// One position: a file, or one test case of a christmas file. Serialized with
/// `value_shortened` ([`Shortened`]) after `value` when the value is shown shortened,
/// and, when it is not all green, the value's [`Readable`] fields after that (all read
/// back without them: they follow from the value).
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[non_exhaustive]
pub struct PositionReport {
    /// `<file>` or `<file>#<case>` (1-based case number); stdin is `<stdin>`.
    pub source: String,
    /// Its graphs, in input order.
    pub graphs: Vec<GraphReport>,
    /// XOR of the graphs' Grundy values, when every edge is green.
    pub nim_sum: Option<u64>,
    /// Who wins, when every edge is green.
    pub winner: Option<Winner>,
    /// The sum of the graphs' values.
    pub value: Value,
    /// Who wins it.
    pub outcome: Outcome,
    /// Every winning move of each player moving first (only with `--moves`). When every
    /// edge is green, both players have the same: the cuts that leave the nim-sum 0.
    pub moves: Option<Moves>,
}

impl Serialize for PositionReport {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        /// The wire format, field by field in order (docs/json.md).
        #[derive(Serialize)]
        struct Wire<'a> {
            source: &'a str,
            graphs: &'a [GraphReport],
            #[serde(skip_serializing_if = "Option::is_none")]
            nim_sum: Option<u64>,
            #[serde(skip_serializing_if = "Option::is_none")]
            winner: Option<Winner>,
            value: &'a Value,
            #[serde(skip_serializing_if = "Option::is_none")]
            value_shortened: Option<Shortened>,
            #[serde(flatten)]
            readable: Option<Readable>,
            outcome: Outcome,
            #[serde(skip_serializing_if = "Option::is_none")]
            moves: Option<&'a Moves>,
        }
        Wire {
            source: &self.source,
            graphs: &self.graphs,
            nim_sum: self.nim_sum,
            winner: self.winner,
            value: &self.value,
            value_shortened: Shortened::of(&self.value),
            readable: self
                .nim_sum
                .is_none()
                .then(|| Readable::of(&self.value))
                .flatten(),
            outcome: self.outcome,
            moves: self.moves.as_ref(),
        }
        .serialize(serializer)
    }
}

/// The winning moves of a position, for each player moving first: one shape for every
/// position. Left's moves cut a blue or green edge and leave the position worth `>= 0`
/// (Left wins it with Right to move), Right's cut a red or green edge and leave it `<= 0`.
/// When every edge is green both lists are the same: the cuts that leave the nim-sum 0.
///
/// ```
/// use hackenbush::{analyze_text, syntax::Format};
///
/// // A stalk of two green edges: *2, the player to move cuts the lower one.
/// let positions = analyze_text("ground: g\ng-a-b\n", Format::Hb)?;
/// let moves = positions[0].moves.as_ref().unwrap();
/// assert_eq!(moves.left, moves.right);
/// let first = &moves.left[0];
/// assert_eq!((first.graph, first.edge), (1, 1)); // graphs and edges from 1
/// assert_eq!(first.position_after.to_string(), "0");
/// # Ok::<(), hackenbush::Error>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[non_exhaustive]
pub struct Moves {
    /// Left's winning moves, with Left to move: by graph, then edge.
    pub left: Vec<MoveReport>,
    /// Right's winning moves, with Right to move.
    pub right: Vec<MoveReport>,
    /// Edges whose cuts are not valued: of all-green parts of more than
    /// [`MAX_LISTED_EDGES`](crate::analysis::partizan::MAX_LISTED_EDGES) edges, of trees
    /// whose cuts take more than
    /// [`MAX_LISTED_STEPS`](crate::analysis::partizan::MAX_LISTED_STEPS) steps to value,
    /// and of trees with green edges whose cuts outgrow the budget's work.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub unlisted_edges: usize,
}

impl Moves {
    /// The winning moves of an all-green position, `wins`: the same for both players.
    pub fn impartial(wins: Vec<MoveReport>) -> Moves {
        Moves {
            left: wins.clone(),
            right: wins,
            unlisted_edges: 0,
        }
    }
}

fn is_zero(n: &usize) -> bool {
    *n == 0
}

/// One move: the edge cut, as the user wrote it, and what it leaves. Graphs and edges are
/// numbered from 1, as `play`, `explain --cut` and the text report number them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[non_exhaustive]
pub struct MoveReport {
    /// The graph, from 1 in its position.
    pub graph: usize,
    /// The edge, from 1 in its graph's input order.
    pub edge: usize,
    /// One end of the edge, as written (a number or a name).
    pub u: VertexName,
    /// The other end.
    pub v: VertexName,
    /// The line of the input where the edge is written (from 1).
    pub line: usize,
    /// The edge's colour.
    pub colour: Colour,
    /// What the graph is worth after the cut.
    pub value_after: Value,
    /// What the whole position is worth after the cut.
    pub position_after: Value,
}

impl MoveReport {
    /// The report of `m`, a winning move of an all-green position in `graph`, read from
    /// `source`: it leaves the position worth 0.
    pub fn new(m: &WinningMove, graph: &Graph, source: &Source) -> Self {
        let decl = graph.edge_decl(m.edge);
        MoveReport {
            graph: m.graph + 1,
            edge: m.edge.index() + 1,
            u: graph.decl.vertices.name(decl.u),
            v: graph.decl.vertices.name(decl.v),
            line: source.line_number(decl.span.start as usize),
            colour: Colour::Green,
            value_after: Value::Nim(m.value_after),
            position_after: Value::Nim(0),
        }
    }

    /// The report of `cut`, a cut of `graph` (graph `index` of its position, from 0, read
    /// from `source`); the position's value after it is filled in by [`Moves::of`].
    pub fn cut(index: usize, graph: &Graph, cut: &Cut, source: &Source) -> Self {
        let decl = graph.edge_decl(cut.edge);
        MoveReport {
            graph: index + 1,
            edge: cut.edge.index() + 1,
            u: graph.decl.vertices.name(decl.u),
            v: graph.decl.vertices.name(decl.v),
            line: source.line_number(decl.span.start as usize),
            colour: cut.colour,
            value_after: Value::Game(cut.value_after.clone()),
            position_after: Value::Game(cut.value_after.clone()),
        }
    }
}

/// The graphs of a position with blue or red edges, valued one by one with every cut of
/// each: what the position's sum, outcome and winning cuts need once all are in.
#[derive(Clone, Debug, Default)]
pub struct PositionCuts {
    values: Vec<Value>,
    cuts: Vec<MoveReport>,
    unlisted: usize,
}

impl PositionCuts {
    /// Values `graph`, the next graph of the position (read from `source`), and each of
    /// its cuts, within `budget`, telling `progress` how a search goes; returns its value.
    pub fn add(
        &mut self,
        graph: &Graph,
        source: &Source,
        budget: Budget,
        progress: &mut dyn FnMut(usize),
    ) -> Result<Partizan, Refusal> {
        let (valued, cuts, unlisted) = partizan::analyze_with_cuts(graph, budget, progress)?;
        let index = self.values.len();
        self.cuts.extend(
            cuts.iter()
                .map(|cut| MoveReport::cut(index, graph, cut, source)),
        );
        self.unlisted += unlisted.len();
        self.values.push(Value::Game(valued.value.clone()));
        Ok(valued)
    }

    /// The graphs' values, in order.
    pub fn values(&self) -> &[Value] {
        &self.values
    }

    /// The position's value (the sum), its outcome and each player's winning cuts; the
    /// cuts are handed over.
    pub fn settle(&mut self, calc: &mut Calculator) -> Result<(Value, Outcome, Moves), Exceeded> {
        let value = (self.values.iter()).try_fold(Value::Nim(0), |sum, v| sum.sum(v, calc))?;
        let outcome = value.outcome(calc)?;
        let cuts = std::mem::take(&mut self.cuts);
        let moves = Moves::of(&self.values, cuts, self.unlisted, calc)?;
        Ok((value, outcome, moves))
    }
}

impl Moves {
    /// The winning cuts among `cuts` in a position whose graphs are worth `values`: each
    /// cut's position value is the graph's value after it plus the other graphs' values.
    /// A cut of a graph `values` does not have is no move.
    pub fn of(
        values: &[Value],
        cuts: Vec<MoveReport>,
        unlisted_edges: usize,
        calc: &mut Calculator,
    ) -> Result<Moves, Exceeded> {
        let games = (values.iter())
            .map(Value::game)
            .collect::<Result<Vec<_>, _>>()?;
        let after: Vec<Game> = (cuts.iter())
            .map(|cut| cut.value_after.game())
            .collect::<Result<_, _>>()?;
        let graphs = cuts.iter().map(|cut| cut.graph.wrapping_sub(1));
        let positions = position::cut_values(&games, graphs.zip(&after), calc)?;
        let mut moves = Moves {
            unlisted_edges,
            ..Moves::default()
        };
        for (mut cut, position_after) in cuts.into_iter().zip(positions) {
            let Some(position_after) = position_after else {
                continue;
            };
            let outcome = calc.outcome(&position_after)?;
            cut.position_after = Value::Game(position_after);
            let (left, right) = position::cut_wins(cut.colour, outcome);
            if right {
                moves.right.push(cut.clone());
            }
            if left {
                moves.left.push(cut);
            }
        }
        Ok(moves)
    }
}

/// One graph of a position. Counts are 32-bit, which every graph fits (a graph has fewer
/// than 2^32 vertices, and fewer than 2^32 edges since an input is under 4 GiB), and a
/// name of up to 24 bytes is held inline, so that a position of millions of small graphs
/// costs 56 bytes a graph here. Serialized with `value_shortened` ([`Shortened`]) after
/// `value` when the value is shown shortened, then, when it is not all green, the value's
/// [`Readable`] fields (read back without them).
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[non_exhaustive]
pub struct GraphReport {
    /// The input's name for it, or `graph N` / `tree N` (1-based).
    pub name: CompactString,
    /// Its Grundy value, when every edge is green.
    pub grundy: Option<u64>,
    /// Its value.
    pub value: Value,
    /// Who wins it.
    pub outcome: Outcome,
    /// How its value was found: the most costly method any of its parts needed.
    pub method: Method,
    /// Distinct vertices used by the input (ground vertices counted one by one).
    pub vertices: u32,
    /// All edges of the input.
    pub edges: u32,
    /// Edges not connected to the ground, dropped before the analysis.
    pub ignored_edges: u32,
    /// Ground vertices declared.
    pub ground_vertices: u32,
    /// 2-edge-connected blocks of the attached part (the ground's block included).
    pub blocks: u32,
    /// Bridges of the attached part.
    pub bridges: u32,
}

impl Serialize for GraphReport {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        /// The wire format, field by field in order (docs/json.md).
        #[derive(Serialize)]
        struct Wire<'a> {
            name: &'a str,
            #[serde(skip_serializing_if = "Option::is_none")]
            grundy: Option<u64>,
            value: &'a Value,
            #[serde(skip_serializing_if = "Option::is_none")]
            value_shortened: Option<Shortened>,
            #[serde(flatten)]
            readable: Option<Readable>,
            outcome: Outcome,
            method: Method,
            vertices: u32,
            edges: u32,
            ignored_edges: u32,
            ground_vertices: u32,
            blocks: u32,
            bridges: u32,
        }
        Wire {
            name: &self.name,
            grundy: self.grundy,
            value: &self.value,
            value_shortened: Shortened::of(&self.value),
            readable: self
                .grundy
                .is_none()
                .then(|| Readable::of(&self.value))
                .flatten(),
            outcome: self.outcome,
            method: self.method,
            vertices: self.vertices,
            edges: self.edges,
            ignored_edges: self.ignored_edges,
            ground_vertices: self.ground_vertices,
            blocks: self.blocks,
            bridges: self.bridges,
        }
        .serialize(serializer)
    }
}

impl GraphReport {
    /// The report of one analyzed graph.
    pub fn new(graph: &Graph, analysis: &Analysis) -> Self {
        GraphReport::from_summary(graph.name.clone(), &Summary::of(graph, analysis))
    }

    /// The report of the graph called `name`, from its summary.
    pub fn from_summary(name: String, summary: &Summary) -> Self {
        let count = |n: usize| u32::try_from(n).unwrap_or(u32::MAX);
        let value = summary.value;
        GraphReport {
            name: name.into(),
            value: Value::Nim(value),
            outcome: if value == 0 { Outcome::P } else { Outcome::N },
            method: Method::Green,
            grundy: Some(value),
            vertices: count(summary.vertices),
            edges: count(summary.edges),
            ignored_edges: count(summary.ignored_edges()),
            ground_vertices: count(summary.ground_vertices),
            blocks: count(summary.blocks()),
            bridges: count(summary.bridges),
        }
    }

    /// The report of a graph valued by `valued` (in a position with blue or red edges).
    pub fn partizan(graph: &Graph, analysis: &Analysis, valued: &Partizan) -> Self {
        let method = valued.parts.iter().map(|p| p.method).max();
        GraphReport {
            value: Value::Game(valued.value.clone()),
            outcome: valued.outcome,
            method: method.unwrap_or(Method::Green),
            grundy: graph.decl.is_green().then_some(analysis.value),
            ..GraphReport::new(graph, analysis)
        }
    }
}

impl PositionReport {
    /// The report of an all-green position from its graphs' reports.
    pub fn new(source: String, graphs: Vec<GraphReport>) -> Self {
        let nim_sum = graphs
            .iter()
            .fold(0, |acc, g| acc ^ g.grundy.unwrap_or_default());
        let mut no_work = Calculator::new(0);
        PositionReport::valued(source, graphs, Value::Nim(nim_sum), &mut no_work)
            .expect("a nimber's outcome needs no work")
    }

    /// The report of a position worth `value` (the sum of its graphs' values), with
    /// `calc` to tell its outcome; the fields of Green Hackenbush are filled in when the
    /// value is a nimber and every graph is green.
    pub fn valued(
        source: String,
        graphs: Vec<GraphReport>,
        value: Value,
        calc: &mut Calculator,
    ) -> Result<Self, Exceeded> {
        let outcome = value.outcome(calc)?;
        Ok(PositionReport::with_outcome(source, graphs, value, outcome))
    }

    /// The report of a position worth `value`, whose `outcome` is known.
    pub fn with_outcome(
        source: String,
        graphs: Vec<GraphReport>,
        value: Value,
        outcome: Outcome,
    ) -> Self {
        let green = match value {
            Value::Nim(n) if graphs.iter().all(|g| g.grundy.is_some()) => Some(n),
            _ => None,
        };
        PositionReport {
            source,
            graphs,
            value,
            outcome,
            nim_sum: green,
            winner: green.map(Winner::of),
            moves: None,
        }
    }
}

/// An input that failed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[non_exhaustive]
pub struct ErrorReport {
    /// The file (`<stdin>` for standard input).
    pub source: String,
    /// 1-based line of the error, when it is about the input's content.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub line: Option<usize>,
    /// 1-based column (in characters), with `line`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub column: Option<usize>,
    /// What went wrong.
    pub message: String,
}

impl ErrorReport {
    /// An input `source` (its name) that failed as a whole: unreadable, unknown format.
    pub fn unlocated(source: String, message: String) -> Self {
        ErrorReport {
            source,
            line: None,
            column: None,
            message,
        }
    }

    /// `diagnostic`, a problem in `source`, at its line and column.
    pub fn located(source: &Source, diagnostic: &Diagnostic) -> Self {
        let at = source.locate(diagnostic.span.start as usize);
        ErrorReport {
            source: source.name().to_string(),
            line: Some(at.line),
            column: Some(at.column),
            message: diagnostic.message.clone(),
        }
    }
}

/// Why a graph's value was not computed, located at the first edge of the part refused.
pub fn refusal(graph: &Graph, refusal: &Refusal) -> Diagnostic {
    let span = (refusal.edges().first()).map_or(graph.decl.span, |&e| graph.edge_decl(e).span);
    Diagnostic::new(
        span,
        format!(
            "graph `{}` is not valued: {refusal} (see `hackenbush docs values`)",
            text::printable(&graph.name)
        ),
        "the part's first edge",
    )
    .at_level(Level::Refused)
    .with_help(budget_help(refusal))
}

/// What the command line allows more of, for a refusal: the flag and the part's size.
fn budget_help(refusal: &Refusal) -> String {
    let n = refusal.edges().len();
    match refusal {
        Refusal::TooManyEdges { limit, .. } => format!(
            "a search takes parts of at most {limit} edges, and this one has {n}: no flag \
             raises that"
        ),
        Refusal::TooManyPositions { .. } => format!(
            "allow its part of {n} edges more positions with --max-positions N (each takes \
             about 200 bytes; with green edges, more steps with --max-work N too)"
        ),
        Refusal::TooComplex {
            exceeded: Exceeded::Depth,
            ..
        } => format!("its part of {n} edges has a value too deep to compute: no flag raises that"),
        Refusal::TooComplex { .. } => format!(
            "allow its part of {n} edges more steps with --max-work N (a search counts a \
             step per position too, within --max-positions N)"
        ),
    }
}

/// The sum of a position's values, or its outcome, was refused: when graph `name` (at
/// `span`) was added to the sum, or (`None`) when the sum was compared with zero.
pub fn sum_refused(span: Span, name: Option<&str>, exceeded: Exceeded) -> Diagnostic {
    let when = match name {
        Some(name) => format!("adding graph `{}` to the sum", text::printable(name)),
        None => "comparing the sum with zero".to_string(),
    };
    let help = match exceeded {
        Exceeded::Depth => "the sum is too deep to compute: no flag raises that".to_string(),
        _ => "allow the sum more steps with --max-work N".to_string(),
    };
    Diagnostic::new(
        span,
        format!("the position is not valued: {when}: {exceeded} (see `hackenbush docs values`)"),
        "this graph",
    )
    .at_level(Level::Refused)
    .with_help(help)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 33: `Value::Nim(1) != Value::Game(Game::nimber(1))`, equality was of how a
    /// value is held, not of the game.
    #[test]
    fn a_nimber_equals_the_same_game_however_held() {
        for n in 0..8u32 {
            let game = Value::Game(Game::nimber(n));
            assert_eq!(Value::Nim(u64::from(n)), game);
            assert_eq!(game, Value::Nim(u64::from(n)));
            assert_ne!(Value::Nim(u64::from(n) + 1), game);
        }
        // As deep as `*2`, and not it.
        let up_star: Game = "^*".parse().unwrap();
        assert_ne!(Value::Nim(2), Value::Game(up_star.clone()));
        assert_ne!(Value::Nim(0), Value::Game(Game::integer(1)));
        // A nim-sum and the same sum of games are equal values.
        let mut calc = Calculator::new(1_000_000);
        let nim = Value::Nim(3).sum(&Value::Nim(5), &mut calc).unwrap();
        let game = Value::Game(Game::nimber(3))
            .sum(&Value::Nim(5), &mut calc)
            .unwrap();
        assert_eq!(nim, game);
        assert_eq!(Value::Game(up_star.clone()), Value::Game(up_star));
    }
}
