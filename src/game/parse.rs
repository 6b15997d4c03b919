//! Text -> game: CGSuite's notation read back, everything [`Display`](std::fmt::Display)
//! writes (the notation of `docs/values.md`) and a little more (blanks between tokens, `+-` for
//! `±`, `^^^` for `^3`, parentheses around any game).
//!
//! The grammar (ISO 14977 EBNF; a blank is a space, tab or line break):
//!
//! ```text
//! game     = blanks , term , blanks ;
//! term     = braces | switch | "(" , game , ")" | word ;
//! braces   = "{" , sides , "}" ;
//! sides    = list , { bars , list } ;        (* the most bars part first: *)
//! bars     = "|" , { "|" } ;                 (* {2||1|0} is {2 | {1|0}}   *)
//! list     = blanks | game , { "," , game } ;
//! switch   = ( "±" | "+-" ) , blanks , ( "{" , game , { "," , game } , "}" | term ) ;
//! word     = number , [ ups ] , [ nimber ] | ups , [ nimber ] | nimber ;
//! number   = [ "-" ] , digits , [ "/" , digits ] ;   (* a power of two below *)
//! ups      = "^" , ( digits | { "^" } ) | "v" , ( digits | { "v" } ) ;
//! nimber   = "*" , [ digits ] ;
//! ```
//!
//! Between one level of braces, the run of bars with the most bars parts the sides, and
//! a side holding bars is one game: `{a|b||c}` is `{{a|b} | c}`. Two runs of the most
//! bars at one level are ambiguous (`{1|0|-1}`), an error. `{L | R}` is brought to
//! canonical form, so any form of a game reads as its value (`{0|0}` is `*`). The
//! shortened form `Display` writes of a large game (`{...}`) is refused: it is not the
//! game.
//!
//! The reader keeps its own stack of open braces, parentheses and switches, so text
//! nested a million deep needs no call stack; games deeper than
//! [`MAX_DEPTH`] are refused, as every operation on games refuses them.
//! Values are computed by a [`Calculator`], so that adversarial text (`^900*900`) stops at
//! its limit.

use std::collections::HashMap;
use std::fmt;
use std::ops::Range;
use std::str::FromStr;

use num_bigint::{BigInt, BigUint};
use num_traits::Zero;

use super::canonical::{Calculator, Exceeded, Game, MAX_DEPTH};
use super::dyadic::Dyadic;

/// The work [`Game::from_str`] may take: 10,000,000 steps of a [`Calculator`].
///
/// ```
/// use hackenbush::game::{Calculator, Game, PARSE_WORK};
///
/// // The same as `str::parse`, sharing the calculator's memory for more texts.
/// let mut calc = Calculator::new(PARSE_WORK);
/// assert_eq!(calc.parse("^*")?, "^*".parse::<Game>()?);
/// # Ok::<(), hackenbush::game::ParseError>(())
/// ```
pub const PARSE_WORK: u64 = 10_000_000;

/// Why a text is not a game, or not a number, in CGSuite's notation, and where (a byte
/// range of the text).
///
/// ```
/// use hackenbush::game::{Game, ParseErrorKind};
///
/// let error = "{1|0".parse::<Game>().unwrap_err();
/// assert_eq!(error.span(), 0..1);
/// assert_eq!(*error.kind(), ParseErrorKind::Unclosed { bracket: '{' });
/// assert_eq!(error.to_string(), "`{` is never closed (at byte 0)");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    kind: ParseErrorKind,
    span: Range<usize>,
}

impl ParseError {
    fn new(kind: ParseErrorKind, span: Range<usize>) -> ParseError {
        ParseError { kind, span }
    }

    /// What is wrong.
    ///
    /// ```
    /// use hackenbush::game::{Game, ParseErrorKind};
    ///
    /// let error = "1/3".parse::<Game>().unwrap_err();
    /// assert_eq!(*error.kind(), ParseErrorKind::NotDyadic);
    /// ```
    pub fn kind(&self) -> &ParseErrorKind {
        &self.kind
    }

    /// Where, in bytes of the text.
    ///
    /// ```
    /// use hackenbush::game::Game;
    ///
    /// let error = "{1|0|-1}".parse::<Game>().unwrap_err();
    /// assert_eq!(error.span(), 4..5); // the second `|`
    /// ```
    pub fn span(&self) -> Range<usize> {
        self.span.clone()
    }
}

/// What is wrong with a text read as a game or a number.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ParseErrorKind {
    /// Something else was expected here: `{1,|0}` (a game after `,`), `1 2` (the end after
    /// `1`), `` (a game).
    Expected {
        /// What would have been read.
        expected: &'static str,
        /// What was there: a character, or `None` at the end of the text.
        found: Option<char>,
    },
    /// A `{` or `(` that is never closed: `{1|0`.
    Unclosed {
        /// Which: `{` or `(`.
        bracket: char,
    },
    /// A fraction whose denominator is not a power of two: `1/3`.
    NotDyadic,
    /// Two runs of bars of the same length at one level of braces: `{1|0|-1}`.
    Ambiguous,
    /// The shortened form of a large game, as `Display` writes it: `{0|{...}}`.
    Shortened,
    /// A count beyond 64 bits: `^99999999999999999999`.
    TooLarge,
    /// The game is deeper than [`MAX_DEPTH`] (`*5000`), or its value
    /// took more than the calculator's limit of work.
    Exceeded(Exceeded),
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            ParseErrorKind::Expected { expected, found } => match found {
                Some(c) => write!(f, "expected {expected}, found `{c}`")?,
                None => write!(f, "expected {expected}, found the end of the text")?,
            },
            ParseErrorKind::Unclosed { bracket } => write!(f, "`{bracket}` is never closed")?,
            ParseErrorKind::NotDyadic => {
                f.write_str("the denominator is not a power of two (values are dyadic)")?
            }
            ParseErrorKind::Ambiguous => f.write_str(
                "two runs of as many bars at one level of braces: write braces, or more bars",
            )?,
            ParseErrorKind::Shortened => f.write_str(
                "`{...}` stands for a part of a long form that was not written: read the form \
                 written whole",
            )?,
            ParseErrorKind::TooLarge => f.write_str("the count does not fit in 64 bits")?,
            ParseErrorKind::Exceeded(exceeded) => write!(f, "{exceeded}")?,
        }
        write!(f, " (at byte {})", self.span.start)
    }
}

impl std::error::Error for ParseError {}

/// Reads a game in CGSuite's notation ([module docs](self)) within [`PARSE_WORK`] steps
/// of work; [`Calculator::parse`] takes a limit of its own.
///
/// ```
/// use hackenbush::game::{Dyadic, Game};
///
/// let hot: Game = "{1|0}".parse()?;
/// assert_eq!(hot.to_string(), "{1|0}");
/// assert_eq!("{0,*|0}".parse::<Game>()?, "^*".parse()?);
/// assert_eq!("3/4".parse::<Game>()?, Game::number(Dyadic::from_parts(3, 2)));
/// assert_eq!("{0|0}".parse::<Game>()?.to_string(), "*"); // brought to canonical form
/// assert_eq!("±1".parse::<Game>()?, "{1|-1}".parse()?);
/// assert_eq!("^3".parse::<Game>()?, "{0|^^*}".parse()?);
/// # Ok::<(), hackenbush::game::ParseError>(())
/// ```
impl FromStr for Game {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Game, ParseError> {
        Calculator::new(PARSE_WORK).parse(text)
    }
}

/// Reads a number as CGSuite writes it: `3`, `-5/8` (surrounding blanks allowed; the
/// fraction need not be in lowest terms, its denominator must be a power of two).
///
/// ```
/// use hackenbush::game::{Dyadic, ParseErrorKind};
///
/// assert_eq!("-5/8".parse::<Dyadic>()?, Dyadic::from_parts(-5, 3));
/// assert_eq!("6/4".parse::<Dyadic>()?.to_string(), "3/2");
/// assert_eq!(*"1/3".parse::<Dyadic>().unwrap_err().kind(), ParseErrorKind::NotDyadic);
/// # Ok::<(), hackenbush::game::ParseError>(())
/// ```
impl FromStr for Dyadic {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Dyadic, ParseError> {
        let mut reader = Cursor::new(text);
        reader.blanks();
        let start = reader.at;
        if !reader
            .peek()
            .is_some_and(|c| c == '-' || c.is_ascii_digit())
        {
            return Err(reader.expected("a number"));
        }
        let number = reader.number(start)?;
        reader.blanks();
        match reader.peek() {
            None => Ok(number),
            Some(_) => Err(reader.expected("the end of the number")),
        }
    }
}

impl Calculator {
    /// Reads a game in CGSuite's notation (as [`Game`]'s `FromStr` reads it) within this
    /// calculator's limit of work, sharing what it computed before.
    ///
    /// ```
    /// use hackenbush::game::{Calculator, Exceeded, ParseErrorKind};
    ///
    /// let mut calc = Calculator::new(1_000);
    /// assert_eq!(calc.parse("{1|0}")?.to_string(), "{1|0}");
    /// let mut tiny = Calculator::new(10);
    /// let refused = tiny.parse("^5*3").unwrap_err();
    /// assert_eq!(*refused.kind(), ParseErrorKind::Exceeded(Exceeded::Work));
    /// # Ok::<(), hackenbush::game::ParseError>(())
    /// ```
    pub fn parse(&mut self, text: &str) -> Result<Game, ParseError> {
        Parser {
            reader: Cursor::new(text),
            calc: self,
            frames: Vec::new(),
            games: Vec::new(),
            bars: Vec::new(),
            result: None,
            ups: HashMap::new(),
            nimbers: HashMap::new(),
        }
        .game()
    }
}

/// The characters of the text, with where the reader is.
struct Cursor<'t> {
    text: &'t str,
    at: usize,
}

impl<'t> Cursor<'t> {
    fn new(text: &'t str) -> Self {
        Cursor { text, at: 0 }
    }

    fn peek(&self) -> Option<char> {
        self.text[self.at..].chars().next()
    }

    fn rest(&self) -> &'t str {
        &self.text[self.at..]
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.at += c.len_utf8();
        Some(c)
    }

    fn blanks(&mut self) {
        while self.peek().is_some_and(|c| c.is_whitespace()) {
            self.bump();
        }
    }

    /// The error of `expected` where the reader is.
    fn expected(&self, expected: &'static str) -> ParseError {
        let found = self.peek();
        let end = self.at + found.map_or(0, char::len_utf8);
        ParseError::new(ParseErrorKind::Expected { expected, found }, self.at..end)
    }

    /// `digits`: the digits where the reader is, at least one.
    fn digits(&mut self) -> Result<&'t str, ParseError> {
        let start = self.at;
        while self.peek().is_some_and(|c| c.is_ascii_digit()) {
            self.bump();
        }
        if self.at == start {
            return Err(self.expected("a digit"));
        }
        Ok(&self.text[start..self.at])
    }

    /// A count: `digits` that fit in 64 bits.
    fn count(&mut self) -> Result<u64, ParseError> {
        let start = self.at;
        let digits = self.digits()?;
        digits
            .parse()
            .map_err(|_| ParseError::new(ParseErrorKind::TooLarge, start..self.at))
    }

    /// `number`, from `start`.
    fn number(&mut self, start: usize) -> Result<Dyadic, ParseError> {
        let negative = self.peek() == Some('-');
        if negative {
            self.bump();
        }
        let whole: BigInt = self.digits()?.parse().expect("digits are a number");
        let numerator = if negative { -whole } else { whole };
        if self.peek() != Some('/') {
            return Ok(Dyadic::from_parts(numerator, 0));
        }
        self.bump();
        let denominator: BigUint = self.digits()?.parse().expect("digits are a number");
        let exponent = denominator.trailing_zeros().unwrap_or(0);
        if denominator.is_zero() || denominator != BigUint::from(1u8) << exponent {
            return Err(ParseError::new(ParseErrorKind::NotDyadic, start..self.at));
        }
        Ok(Dyadic::from_parts(numerator, exponent))
    }

    /// `word`: number, ups and nimber, each optional but not all.
    fn word(&mut self) -> Result<(Dyadic, i64, u64), ParseError> {
        let start = self.at;
        let number = match self.peek() {
            Some(c) if c == '-' || c.is_ascii_digit() => self.number(start)?,
            _ => Dyadic::zero(),
        };
        let mut ups = 0i64;
        if let Some(arrow @ ('^' | 'v')) = self.peek() {
            let from = self.at;
            self.bump();
            let count = if self.peek().is_some_and(|c| c.is_ascii_digit()) {
                self.count()?
            } else {
                let mut count = 1;
                while self.peek() == Some(arrow) {
                    self.bump();
                    count += 1;
                }
                count
            };
            let count = i64::try_from(count)
                .map_err(|_| ParseError::new(ParseErrorKind::TooLarge, from..self.at))?;
            ups = if arrow == '^' { count } else { -count };
        }
        let mut nimber = 0;
        if self.peek() == Some('*') {
            self.bump();
            nimber = match self.peek() {
                Some(c) if c.is_ascii_digit() => self.count()?,
                _ => 1,
            };
        }
        if self.at == start {
            return Err(self.expected("a game"));
        }
        Ok((number, ups, nimber))
    }
}

/// What came last inside a pair of braces: what may come next depends on it.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Last {
    /// `{` or bars: a game, a bar or `}`.
    Open,
    /// `,`: a game.
    Comma,
    /// A game: `,`, a bar or `}`.
    Game,
}

/// An open construct, innermost last on the parser's stack.
enum Frame {
    /// `{`, at `open`: its options and runs of bars are the parser's from `games` and
    /// `bars` on (kept there, so that a frame is small and makes nothing).
    Braces {
        open: usize,
        games: usize,
        bars: usize,
        last: Last,
        /// Whether it is the operand of a switch: then a list without bars is the
        /// switch's options.
        switched: bool,
    },
    /// `(`, at `open`, and the game inside once read.
    Parens { open: usize, inner: Option<Game> },
    /// `±` at `at`, waiting for its operand.
    Switch { at: Range<usize> },
}

/// A run of bars in braces: the options before it (in the parser's `games`), how many
/// bars, and where.
struct Bars {
    after: usize,
    count: usize,
    span: Range<usize>,
}

/// Reads a game with a stack of open constructs: each token opens one, adds to the
/// innermost, or closes it and hands the game it makes to the one around it.
struct Parser<'t, 'c> {
    reader: Cursor<'t>,
    calc: &'c mut Calculator,
    frames: Vec<Frame>,
    /// The options read in the open braces, innermost last.
    games: Vec<Game>,
    /// The runs of bars read in the open braces, innermost last: how many options of
    /// `games` come before each, its length and where it is.
    bars: Vec<Bars>,
    result: Option<Game>,
    /// `^n` and `*n` made so far, by `n`.
    ups: HashMap<i64, Game>,
    nimbers: HashMap<u64, Game>,
}

impl Parser<'_, '_> {
    /// `game`: the whole text.
    fn game(mut self) -> Result<Game, ParseError> {
        loop {
            self.reader.blanks();
            let start = self.reader.at;
            let Some(c) = self.reader.peek() else {
                break;
            };
            if self.reader.rest().starts_with("...") {
                return Err(ParseError::new(ParseErrorKind::Shortened, start..start + 3));
            }
            match c {
                '{' => {
                    self.reader.bump();
                    self.expect_game(start)?;
                    let switched = matches!(self.frames.last(), Some(Frame::Switch { .. }));
                    self.frames.push(Frame::Braces {
                        open: start,
                        games: self.games.len(),
                        bars: self.bars.len(),
                        last: Last::Open,
                        switched,
                    });
                }
                '(' => {
                    self.reader.bump();
                    self.expect_game(start)?;
                    self.frames.push(Frame::Parens {
                        open: start,
                        inner: None,
                    });
                }
                '±' | '+' => {
                    if c == '+' && !self.reader.rest().starts_with("+-") {
                        return Err(self.reader.expected("a game"));
                    }
                    self.expect_game(start)?;
                    self.reader.bump();
                    if c == '+' {
                        self.reader.bump();
                    }
                    self.frames.push(Frame::Switch {
                        at: start..self.reader.at,
                    });
                }
                ',' => self.comma()?,
                '|' => self.bars()?,
                '}' => self.close_braces()?,
                ')' => self.close_parens()?,
                _ => {
                    self.expect_game(start)?;
                    let (number, ups, nimber) = self.reader.word()?;
                    let span = start..self.reader.at;
                    let game = self
                        .uptimal(number, ups, nimber)
                        .map_err(|e| exceeded(e, span))?;
                    self.deliver(game, start)?;
                }
            }
        }
        match self.frames.pop() {
            None => self.result.ok_or_else(|| self.reader.expected("a game")),
            Some(Frame::Switch { .. }) => Err(self.reader.expected("a game after `±`")),
            Some(Frame::Braces { open, .. }) => Err(unclosed('{', open)),
            Some(Frame::Parens { open, .. }) => Err(unclosed('(', open)),
        }
    }

    /// Fails unless a game may start at `start`.
    fn expect_game(&self, start: usize) -> Result<(), ParseError> {
        let may = match self.frames.last() {
            None => self.result.is_none(),
            Some(Frame::Braces { last, .. }) => *last != Last::Game,
            Some(Frame::Parens { inner, .. }) => inner.is_none(),
            Some(Frame::Switch { .. }) => true,
        };
        if may {
            return Ok(());
        }
        let expected = match self.frames.last() {
            None => "the end of the text",
            Some(Frame::Braces { .. }) => "`,`, `|` or `}`",
            _ => "`)`",
        };
        let mut at = Cursor::new(self.reader.text);
        at.at = start;
        Err(at.expected(expected))
    }

    /// Hands `game`, which starts at `start`, to the innermost open construct.
    fn deliver(&mut self, mut game: Game, start: usize) -> Result<(), ParseError> {
        loop {
            self.expect_game(start)?;
            match self.frames.last_mut() {
                None => self.result = Some(game),
                Some(Frame::Braces { last, .. }) => {
                    self.games.push(game);
                    *last = Last::Game;
                }
                Some(Frame::Parens { inner, .. }) => *inner = Some(game),
                Some(Frame::Switch { at }) => {
                    let at = at.clone();
                    self.frames.pop();
                    game = self.switch(vec![game]).map_err(|e| exceeded(e, at))?;
                    continue;
                }
            }
            return Ok(());
        }
    }

    /// `,` inside braces, after a game.
    fn comma(&mut self) -> Result<(), ParseError> {
        match self.frames.last_mut() {
            Some(Frame::Braces { last, .. }) if *last == Last::Game => {
                *last = Last::Comma;
                self.reader.bump();
                Ok(())
            }
            Some(Frame::Braces { .. }) => Err(self.reader.expected("a game")),
            _ => Err(self.reader.expected("a game, or the end")),
        }
    }

    /// A run of bars inside braces, after a game or another run of bars.
    fn bars(&mut self) -> Result<(), ParseError> {
        let start = self.reader.at;
        match self.frames.last() {
            Some(Frame::Braces { last, .. }) if *last != Last::Comma => {}
            Some(Frame::Braces { .. }) => return Err(self.reader.expected("a game")),
            _ => return Err(self.reader.expected("a game, or the end")),
        }
        while self.reader.peek() == Some('|') {
            self.reader.bump();
        }
        let span = start..self.reader.at;
        self.bars.push(Bars {
            after: self.games.len(),
            count: span.len(),
            span,
        });
        if let Some(Frame::Braces { last, .. }) = self.frames.last_mut() {
            *last = Last::Open;
        }
        Ok(())
    }

    /// `}`: the game of the innermost braces, or the options of a switch.
    fn close_braces(&mut self) -> Result<(), ParseError> {
        let at = self.reader.at;
        let Some(Frame::Braces {
            open,
            games,
            bars,
            last,
            switched,
        }) = self.frames.pop()
        else {
            return Err(self.reader.expected(self.closer()));
        };
        if last == Last::Comma {
            return Err(self.reader.expected("a game"));
        }
        self.reader.bump();
        let from = games;
        let bars = self.bars.split_off(bars);
        let games = self.games.split_off(from);
        if bars.is_empty() {
            if !switched {
                let mut here = Cursor::new(self.reader.text);
                here.at = at;
                return Err(here.expected("`|` between the options of Left and Right"));
            }
            let switch = match self.frames.pop() {
                Some(Frame::Switch { at }) => at,
                _ => unreachable!("a switch's braces lie on it"),
            };
            let options = games;
            if options.is_empty() {
                let mut here = Cursor::new(self.reader.text);
                here.at = at;
                return Err(here.expected("a game"));
            }
            let game = self.switch(options).map_err(|e| exceeded(e, switch))?;
            return self.deliver(game, open);
        }
        let game = self.sides(games, bars, from)?;
        self.deliver(game, open)
    }

    /// What closes the innermost construct, for an error.
    fn closer(&self) -> &'static str {
        match self.frames.last() {
            None => "a game, or the end",
            Some(Frame::Braces { .. }) => "a game, `,`, `|` or `}`",
            Some(Frame::Parens { .. }) => "a game or `)`",
            Some(Frame::Switch { .. }) => "a game after `±`",
        }
    }

    /// `)`: the game in the innermost parentheses.
    fn close_parens(&mut self) -> Result<(), ParseError> {
        match self.frames.last() {
            Some(Frame::Parens { inner: Some(_), .. }) => {}
            Some(Frame::Parens { inner: None, .. }) => return Err(self.reader.expected("a game")),
            _ => return Err(self.reader.expected(self.closer())),
        }
        self.reader.bump();
        let Some(Frame::Parens {
            open,
            inner: Some(game),
        }) = self.frames.pop()
        else {
            unreachable!("checked above")
        };
        self.deliver(game, open)
    }

    /// `sides`: the lists between runs of bars, parted at the longest run first (by
    /// precedence: a run of more bars binds less), each part with bars one game.
    /// `games` are the options of the braces, which start at `from` in the parser's.
    fn sides(
        &mut self,
        mut games: Vec<Game>,
        bars: Vec<Bars>,
        from: usize,
    ) -> Result<Game, ParseError> {
        // The lists between the bars, split off last first.
        let mut lists: Vec<Vec<Game>> = Vec::with_capacity(bars.len() + 1);
        for b in bars.iter().rev() {
            lists.push(games.split_off(b.after - from));
        }
        lists.push(games);
        lists.reverse();
        let mut operands: Vec<Vec<Game>> = Vec::new();
        let mut operators: Vec<(usize, Range<usize>)> = Vec::new();
        let mut lists = lists.into_iter();
        operands.push(lists.next().expect("a list after `{`"));
        for (Bars { count, span, .. }, list) in bars.into_iter().zip(lists) {
            while let Some((top, top_span)) = operators.last() {
                if *top > count {
                    break;
                }
                if *top == count {
                    return Err(ParseError::new(ParseErrorKind::Ambiguous, span));
                }
                let top_span = top_span.clone();
                operators.pop();
                self.reduce(&mut operands, top_span)?;
            }
            operators.push((count, span));
            operands.push(list);
        }
        while let Some((_, span)) = operators.pop() {
            self.reduce(&mut operands, span)?;
        }
        let mut game = operands.pop().expect("the sides made one game");
        Ok(game.pop().expect("a game"))
    }

    /// Replaces the last two operands by the game with those options.
    fn reduce(
        &mut self,
        operands: &mut Vec<Vec<Game>>,
        bars: Range<usize>,
    ) -> Result<(), ParseError> {
        let right = operands.pop().expect("an operand after bars");
        let left = operands.pop().expect("an operand before bars");
        let game = self
            .calc
            .from_options(left, right)
            .map_err(|e| exceeded(e, bars))?;
        operands.push(vec![game]);
        Ok(())
    }

    /// `±{G, H, ..}`: `{G, H, .. | -G, -H, ..}`.
    fn switch(&mut self, options: Vec<Game>) -> Result<Game, Exceeded> {
        let negatives = options.iter().map(Game::negate).collect();
        self.calc.from_options(options, negatives)
    }

    /// `x + u.^ + *m`.
    fn uptimal(&mut self, number: Dyadic, ups: i64, nimber: u64) -> Result<Game, Exceeded> {
        let x = Game::number(number);
        if ups == 0 && nimber == 0 {
            return Ok(x);
        }
        let ups = self.ups(ups)?;
        let nimber = self.nimber(nimber)?;
        let infinitesimal = self.calc.sum(&ups, &nimber)?;
        self.calc.sum(&x, &infinitesimal)
    }

    /// `u.^`, each count made once, from the largest made before.
    fn ups(&mut self, ups: i64) -> Result<Game, Exceeded> {
        // `^n` is `n + 1` levels deep.
        if ups.unsigned_abs() >= u64::from(MAX_DEPTH) {
            return Err(Exceeded::Depth);
        }
        if ups < 0 {
            return Ok(self.ups(-ups)?.negate());
        }
        let made = (0..=ups).rev().find(|k| self.ups.contains_key(k));
        let (mut k, mut game) = match made {
            Some(k) => (k, self.ups[&k].clone()),
            None => (0, Game::zero()),
        };
        if k < ups {
            let up = self
                .calc
                .from_options(vec![Game::zero()], vec![Game::nimber(1)])?;
            while k < ups {
                game = self.calc.sum(&game, &up)?;
                k += 1;
                self.ups.insert(k, game.clone());
            }
        }
        Ok(game)
    }

    /// `*n`, each made once.
    fn nimber(&mut self, n: u64) -> Result<Game, Exceeded> {
        let n = u32::try_from(n)
            .ok()
            .filter(|&n| n < MAX_DEPTH)
            .ok_or(Exceeded::Depth)?;
        Ok(self
            .nimbers
            .entry(u64::from(n))
            .or_insert_with(|| Game::nimber(n))
            .clone())
    }
}

/// The error of a bracket opened at `open` and never closed.
fn unclosed(bracket: char, open: usize) -> ParseError {
    ParseError::new(ParseErrorKind::Unclosed { bracket }, open..open + 1)
}

/// The error of a value beyond a limit, made from the text at `span`.
fn exceeded(exceeded: Exceeded, span: Range<usize>) -> ParseError {
    ParseError::new(ParseErrorKind::Exceeded(exceeded), span)
}

#[cfg(test)]
mod tests {
    use super::super::display::tests::stalk;
    use super::*;

    fn read(text: &str) -> Game {
        text.parse()
            .unwrap_or_else(|e: ParseError| panic!("{text}: {e}"))
    }

    fn refused(text: &str) -> (ParseErrorKind, Range<usize>) {
        let error = text.parse::<Game>().expect_err(text);
        (error.kind().clone(), error.span())
    }

    fn number(n: i64, k: u64) -> Game {
        Game::number(Dyadic::from_parts(n, k))
    }

    #[test]
    fn word_reads_numbers_ups_and_nimbers() {
        for (text, shown) in [
            ("0", "0"),
            ("-0", "0"),
            ("3", "3"),
            ("-5/8", "-5/8"),
            ("6/4", "3/2"),
            ("*", "*"),
            ("*0", "0"),
            ("*3", "*3"),
            ("^", "^"),
            ("v", "v"),
            ("^^", "^^"),
            ("^^^", "^3"),
            ("vvv*", "v3*"),
            ("^3", "^3"),
            ("^1", "^"),
            ("v3*2", "v3*2"),
            ("^*3", "^*3"),
            ("1/2^*", "1/2^*"),
            ("-1v*2", "-1v*2"),
            ("1*", "1*"),
            ("2^0", "2"),
        ] {
            assert_eq!(read(text).to_string(), shown, "{text}");
        }
        assert_eq!(read("3/4"), number(3, 2));
    }

    #[test]
    fn braces_read_options_and_slashes() {
        assert_eq!(read("{|}"), number(0, 0));
        assert_eq!(read("{0|}"), number(1, 0));
        assert_eq!(read("{|0}"), number(-1, 0));
        assert_eq!(read("{0|1}"), number(1, 1));
        assert_eq!(read("{0|0}"), Game::nimber(1));
        assert_eq!(read("{0,*|0}"), read("^*"));
        assert_eq!(read("{ 1 | 0 }").to_string(), "{1|0}");
        let hot = read("{1|0}");
        assert_eq!(
            read("{2||1|0}"),
            Game::from_options(vec![number(2, 0)], vec![hot.clone()]).unwrap()
        );
        let cold = read("{2|1}");
        assert_eq!(
            read("{2|1||0}"),
            Game::from_options(vec![cold.clone()], vec![number(0, 0)]).unwrap()
        );
        assert_eq!(read("{2|1|||0||-1|-2}").to_string(), "{2|1|||0||-1|-2}");
        assert_eq!(read("{2|1|||0||-1|-2}"), read("{{2|1}|{0||-1|-2}}"));
        assert_eq!(read("{{2|1}|0}"), read("{2|1||0}"));
        assert_eq!(read("{2||{1|0}}"), read("{2||1|0}"));
        // A side with bars is one game, commas and all.
        assert_eq!(
            read("{3||2,1|0}"),
            Game::from_options(vec![number(3, 0)], vec![read("{2,1|0}")]).unwrap()
        );
    }

    #[test]
    fn switches_and_parentheses() {
        assert_eq!(read("±1"), read("{1|-1}"));
        assert_eq!(read("+-1"), read("±1"));
        assert_eq!(read("± 1").to_string(), "±1");
        assert_eq!(read("±{2,1}"), read("{2,1|-1,-2}"));
        assert_eq!(read("±(1*)").to_string(), "±(1*)");
        assert_eq!(read("±{2|1}"), read("{{2|1}|{-1|-2}}"));
        assert_eq!(read("±{3}"), read("±3"));
        assert_eq!(read("(((1*)))"), read("1*"));
        // `{±1 | ±1}` is 0: each option reverses through the other player's reply.
        assert_eq!(read("±±1"), number(0, 0));
    }

    #[test]
    fn errors_say_what_was_expected_and_where() {
        let expected = |expected, found| ParseErrorKind::Expected { expected, found };
        assert_eq!(refused(""), (expected("a game", None), 0..0));
        assert_eq!(refused("  "), (expected("a game", None), 2..2));
        assert_eq!(
            refused("{1|0"),
            (ParseErrorKind::Unclosed { bracket: '{' }, 0..1)
        );
        assert_eq!(
            refused("(1"),
            (ParseErrorKind::Unclosed { bracket: '(' }, 0..1)
        );
        assert_eq!(refused("{1|0|-1}"), (ParseErrorKind::Ambiguous, 4..5));
        assert_eq!(
            refused("{a||b|c||d}".replace(['a', 'b', 'c', 'd'], "0").as_str()).0,
            ParseErrorKind::Ambiguous
        );
        assert_eq!(refused("1/3"), (ParseErrorKind::NotDyadic, 0..3));
        assert_eq!(refused("1/0"), (ParseErrorKind::NotDyadic, 0..3));
        assert_eq!(refused("{0|{...}}"), (ParseErrorKind::Shortened, 4..7));
        assert_eq!(refused("{1,|0}"), (expected("a game", Some('|')), 3..4));
        assert_eq!(refused("{,1|0}"), (expected("a game", Some(',')), 1..2));
        assert_eq!(refused("{1,}"), (expected("a game", Some('}')), 3..4));
        assert_eq!(
            refused("1 2"),
            (expected("the end of the text", Some('2')), 2..3)
        );
        assert_eq!(
            refused("{1 2|}"),
            (expected("`,`, `|` or `}`", Some('2')), 3..4)
        );
        assert_eq!(
            refused("{1}"),
            (
                expected("`|` between the options of Left and Right", Some('}')),
                2..3
            )
        );
        assert_eq!(
            refused(")"),
            (expected("a game, or the end", Some(')')), 0..1)
        );
        assert_eq!(refused("()"), (expected("a game", Some(')')), 1..2));
        assert_eq!(refused("+1"), (expected("a game", Some('+')), 0..1));
        assert_eq!(refused("±"), (expected("a game after `±`", None), 2..2));
        assert_eq!(refused("±{}"), (expected("a game", Some('}')), 3..4));
        assert_eq!(refused("x"), (expected("a game", Some('x')), 0..1));
        assert_eq!(refused("-"), (expected("a digit", None), 1..1));
        assert_eq!(refused("1/"), (expected("a digit", None), 2..2));
        assert_eq!(refused("^99999999999999999999").0, ParseErrorKind::TooLarge);
        assert_eq!(refused("*99999999999999999999").0, ParseErrorKind::TooLarge);
        assert_eq!(
            refused("*5000"),
            (ParseErrorKind::Exceeded(Exceeded::Depth), 0..5)
        );
        assert_eq!(
            refused("^5000").0,
            ParseErrorKind::Exceeded(Exceeded::Depth)
        );
        let error = "{1|0|-1}".parse::<Game>().unwrap_err();
        assert_eq!(
            error.to_string(),
            "two runs of as many bars at one level of braces: write braces, or more bars (at byte 4)"
        );
        assert_eq!(
            "{1,|0}".parse::<Game>().unwrap_err().to_string(),
            "expected a game, found `|` (at byte 3)"
        );
    }

    #[test]
    fn numbers_read_alone() {
        assert_eq!(" -5/8 ".parse::<Dyadic>(), Ok(Dyadic::from_parts(-5, 3)));
        assert_eq!("12".parse::<Dyadic>(), Ok(Dyadic::from(12)));
        let big = format!("1/{}", num_bigint::BigUint::from(1u8) << 200u32);
        assert_eq!(big.parse::<Dyadic>(), Ok(Dyadic::from_parts(1, 200)));
        assert_eq!(
            "1/6".parse::<Dyadic>().unwrap_err().kind(),
            &ParseErrorKind::NotDyadic
        );
        let error = "1*".parse::<Dyadic>().unwrap_err();
        assert_eq!(error.span(), 1..2);
        assert_eq!("".parse::<Dyadic>().unwrap_err().span(), 0..0);
        assert_eq!("^".parse::<Dyadic>().unwrap_err().span(), 0..1);
    }

    /// A million levels of braces or parentheses need no call stack.
    #[test]
    fn deep_nesting_needs_no_stack() {
        let n = 1_000_000;
        let open = "{".repeat(n);
        assert_eq!(
            refused(&open),
            (ParseErrorKind::Unclosed { bracket: '{' }, n - 1..n)
        );
        // `{|}` is 0, `{0|}` is 1, and so on (each level a canonical form: a tenth as
        // many, for the time of a debug build).
        let m = n / 10;
        let integer = format!("{}{}", "{".repeat(m), "|}".repeat(m));
        assert_eq!(read(&integer), Game::integer(m as i64 - 1));
        let parens = format!("{}1*{}", "(".repeat(n), ")".repeat(n));
        assert_eq!(read(&parens), read("1*"));
        // A form deeper than MAX_DEPTH is refused by its depth (`{0|{0|0}}` is `^`, and
        // each level adds an up).
        let m = MAX_DEPTH as usize + 10;
        let deep = format!("{}0{}", "{0|".repeat(m), "}".repeat(m));
        assert_eq!(refused(&deep).0, ParseErrorKind::Exceeded(Exceeded::Depth));
    }

    /// Whatever `Display` writes reads back as the same game: every stalk of up to 6
    /// edges in three colours, written whole and as shown.
    #[test]
    fn what_display_writes_reads_back() {
        let mut stalks = vec![String::new()];
        for _ in 0..6 {
            stalks = stalks
                .iter()
                .flat_map(|s| ["e", "l", "r"].map(|c| format!("{s}{c}")))
                .collect();
            for edges in &stalks {
                let value = stalk(edges);
                assert_eq!(read(&value.whole().to_string()), value, "{edges}");
                assert_eq!(read(&value.to_string()), value, "{edges}");
            }
        }
        // A switch of several options, and deep slashes.
        for text in ["±{2,1}", "±(1^)", "{5|||4||3|2}", "{{5|4}||||3|||2||1|0}"] {
            let game = read(text);
            assert_eq!(read(&game.to_string()), game, "{text}");
        }
    }
}
