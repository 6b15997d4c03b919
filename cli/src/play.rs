//! `hackenbush play`: a game against a perfect opponent ([`hackenbush::play`]), one
//! command per line on standard input, so that a game can be played at a terminal or
//! scripted through a pipe.

use std::io::{self, BufRead, IsTerminal, Write};

use hackenbush::analysis::Play;
use hackenbush::diagnostic::Diagnostic;
use hackenbush::game::Side;
use hackenbush::pipeline::{self, Input};
use hackenbush::play::{EdgeRef, Illegal, Match, Move, Turn};
use hackenbush::report::text::listed;
use hackenbush::source::Source;
use hackenbush::syntax::{self, Colour, Format, GraphDecl, Position};
use hackenbush::wording::printable;

use super::args::{First, PlayArgs, SideArg};
use super::output::{self, Stop};

/// The position played without FILE.
const BUILT_IN: (&str, &str) = ("bowtie", include_str!("../../examples/bowtie.hb"));

/// Runs the game; whether the position could be read.
pub fn run(args: &PlayArgs) -> Result<bool, Stop> {
    let Some((source, position)) = read(args) else {
        return Ok(false);
    };
    let mut out = output::stdout();
    let you = match args.side {
        SideArg::Blue => Side::Left,
        SideArg::Red => Side::Right,
    };
    let play = if args.misere {
        Play::Misere
    } else {
        Play::Normal
    };
    let game = Match::new(&source, position).playing(play);
    // Sides matter only when a standing edge is blue or red (not a detached one).
    let coloured = (0..game.graphs().len())
        .flat_map(|g| game.standing(g))
        .any(|e| game.colour(e) != Colour::Green);
    let mut table = Table {
        game,
        you,
        me: you.other(),
        coloured,
        interactive: io::stdin().is_terminal(),
    };
    table.introduce(&mut out, args.first)?;
    let over = match args.first {
        First::Me => table.reply(&mut out)?,
        First::You => table.ended(&mut out, table.you)?,
    };
    let read = over || table.converse(&mut out)?;
    out.flush()?;
    Ok(read)
}

/// Reads the position to play, or reports why it cannot be read.
fn read(args: &PlayArgs) -> Option<(Source, Position)> {
    let opened = match &args.file {
        None => Source::from_text(BUILT_IN.0, BUILT_IN.1)
            .map(|source| (source, Format::Hb))
            .map_err(|e| e.to_string()),
        // Standard input carries the moves.
        Some(path) if path.as_os_str() == "-" => Err("play reads your moves from standard \
             input: give the position as a FILE"
            .to_string()),
        // --format, else the file's extension, as for every command.
        Some(path) => (args.format.map(Into::into))
            .or(Format::from_path(path))
            .ok_or_else(|| pipeline::unknown_extension(path))
            .and_then(|format| Ok((Input::File(path.clone()).read()?, format))),
    };
    let (source, format) = output::or_report(opened)?;
    let found = pick(syntax::parse(format, &source), args.case, source.name());
    match found {
        Ok(position) => {
            for warning in &position.warnings {
                output::report_diagnostic(warning, &source);
            }
            Some((source, position))
        }
        Err(Some(diagnostic)) => {
            output::report_diagnostic(&diagnostic, &source);
            None
        }
        Err(None) => None,
    }
}

/// Position `case` (from 1) of `positions`; the error that comes first, or `None` when
/// there are fewer positions (reported here).
fn pick(
    positions: syntax::Positions<'_>,
    case: u64,
    name: &str,
) -> Result<Position, Option<Diagnostic>> {
    let mut read = 0;
    for position in positions {
        let position = position.map_err(Some)?;
        read += 1;
        if read == case {
            return Ok(position);
        }
    }
    output::report_error(&pipeline::no_such_case(name, read, case));
    Err(None)
}

/// The game and who plays what.
struct Table<'s> {
    game: Match<'s>,
    you: Side,
    me: Side,
    coloured: bool,
    interactive: bool,
}

/// What a line of input asks.
enum Request {
    Cut(EdgeRef),
    Hint,
    Undo,
    Show,
    Quit,
    Help,
    Nothing,
}

impl Table<'_> {
    /// Says what is played, by whom, and shows the position.
    fn introduce(&self, out: &mut impl Write, first: First) -> Result<(), Stop> {
        let name = printable(self.game_name()).into_owned();
        let who = match first {
            First::You => "you cut first",
            First::Me => "I cut first",
        };
        writeln!(out, "Playing {name}: {who}.")?;
        if self.game.play() == Play::Misere {
            writeln!(
                out,
                "Misère play: whoever cuts the last edge loses (whoever cannot cut wins), and \
                 I play it perfectly."
            )?;
        }
        if self.coloured {
            writeln!(
                out,
                "You are {}: you cut {} and green edges; I cut {} and green ones.",
                side_name(self.you),
                colour_of(self.you),
                colour_of(self.me)
            )?;
        }
        match self.edge_form() {
            Some(_) => writeln!(out, "Type {}", self.commands())?,
            None => writeln!(out, "The position has no edge: there is nothing to cut.")?,
        }
        self.show(out)
    }

    /// The position's name: its file's, or the built-in example's.
    fn game_name(&self) -> &str {
        self.game.source().name()
    }

    /// Every graph with its standing edges.
    fn show(&self, out: &mut impl Write) -> Result<(), Stop> {
        for (g, decl) in self.game.graphs().iter().enumerate() {
            let edges: Vec<String> = (self.game.standing(g))
                .map(|e| self.edge_text(decl, e))
                .collect();
            let shown = if edges.is_empty() {
                "nothing standing".to_string()
            } else {
                edges.join(", ")
            };
            let name = printable(&decl.display_name(g)).into_owned();
            writeln!(out, "  graph {} ({name}): {shown}", g + 1)?;
        }
        Ok(())
    }

    /// `3 a-b`, with its colour when the position has colours: `3 a-b blue`.
    fn edge_text(&self, decl: &GraphDecl, e: EdgeRef) -> String {
        let edge = decl.edges[e.edge - 1];
        let ends = format!(
            "{}-{}",
            decl.vertices.name(edge.u),
            decl.vertices.name(edge.v)
        );
        let ends = printable(&ends).into_owned();
        if self.coloured {
            format!("{} {ends} {}", e.edge, edge.colour.name())
        } else {
            format!("{} {ends}", e.edge)
        }
    }

    /// `1.3`, or `3` when there is one graph: as the player types it.
    fn label(&self, e: EdgeRef) -> String {
        if self.game.graphs().len() == 1 {
            e.edge.to_string()
        } else {
            e.to_string()
        }
    }

    /// `1.3 (a-b)`.
    fn named(&self, e: EdgeRef) -> String {
        let decl = &self.game.graphs()[e.graph];
        let edge = decl.edges[e.edge - 1];
        let ends = format!(
            "{}-{}",
            decl.vertices.name(edge.u),
            decl.vertices.name(edge.v)
        );
        format!("{} ({})", self.label(e), printable(&ends))
    }

    /// Why a cut is not allowed, naming the edge as the player does.
    fn refusal(&self, illegal: &Illegal) -> String {
        match illegal {
            Illegal::NoSuchEdge(e) => format!("There is no edge {}.", self.label(*e)),
            Illegal::Gone(e) => format!("Edge {} is not there any more.", self.label(*e)),
            Illegal::NotYours(e, colour) => format!(
                "Edge {} is {}: you cut {} and green edges.",
                self.label(*e),
                colour.name(),
                colour_of(self.you)
            ),
            other => format!("{other}."),
        }
    }

    /// `You cut 1.3 (a-b); 1.4 and 1.5 fell.`
    fn tell(&self, out: &mut impl Write, who: &str, cut: &Move) -> Result<(), Stop> {
        write!(out, "{who} cut {}", self.named(cut.edge))?;
        let fell: Vec<String> = cut.fell.iter().map(|&e| self.label(e)).collect();
        match fell.len() {
            0 => writeln!(out, ".")?,
            1 => writeln!(out, "; {} fell.", fell[0])?,
            _ => writeln!(out, "; {} fell.", listed(&fell, "and"))?,
        }
        Ok(())
    }

    /// Reads commands until the game is over, input ends or the player quits; whether
    /// standard input could be read.
    fn converse(&mut self, out: &mut impl Write) -> Result<bool, Stop> {
        let stdin = io::stdin();
        let mut input = stdin.lock();
        loop {
            if self.interactive {
                write!(out, "> ")?;
            }
            // A program playing through a pipe reads the board before it moves: whatever
            // was said reaches it before the next command is waited for.
            out.flush()?;
            let line = match read_line(&mut input) {
                Ok(Some(Line::Text(line))) => line,
                Ok(Some(Line::TooLong)) => {
                    writeln!(
                        out,
                        "That line is longer than {MAX_LINE} bytes: no command is. Type {}",
                        self.commands()
                    )?;
                    continue;
                }
                Ok(None) => return Ok(true),
                Err(e) => {
                    out.flush()?;
                    output::report_error(&format!(
                        "cannot read standard input: {}",
                        output::io_reason(&e)
                    ));
                    return Ok(false);
                }
            };
            match self.command(&line) {
                Ok(Request::Nothing) => {}
                Ok(Request::Quit) => return Ok(true),
                Ok(Request::Help) => {
                    writeln!(out, "Commands: {}", self.commands())?;
                }
                Ok(Request::Show) => self.show(out)?,
                Ok(Request::Hint) => self.hint(out)?,
                Ok(Request::Undo) => self.undo(out)?,
                Ok(Request::Cut(edge)) => match self.game.cut(self.you, edge) {
                    Err(illegal) => writeln!(out, "{}", self.refusal(&illegal))?,
                    Ok(cut) => {
                        let cut = cut.clone();
                        self.tell(out, "You", &cut)?;
                        if self.reply(out)? {
                            return Ok(true);
                        }
                    }
                },
                Err(message) => writeln!(out, "{message}")?,
            }
        }
    }

    /// What may be typed: `an edge (graph.edge, like 1.2), or hint, undo, show, quit.`;
    /// without edges, the commands alone.
    fn commands(&self) -> String {
        match self.edge_form() {
            Some(form) => format!("an edge ({form}), or hint, undo, show, quit."),
            None => "hint, undo, show or quit.".to_string(),
        }
    }

    /// `graph.edge, like 1.2` or `its number, like 2`, the example an edge of the
    /// position: the second of the first graph, else the first edge of the first graph
    /// that has one; `None` when no graph has an edge.
    fn edge_form(&self) -> Option<String> {
        let graphs = self.game.graphs();
        let (graph, edge) = match graphs.first() {
            Some(first) if first.edges.len() >= 2 => (0, 2),
            _ => (graphs.iter().position(|g| !g.edges.is_empty())?, 1),
        };
        Some(match graphs.len() {
            1 => format!("its number, like {edge}"),
            _ => format!("graph.edge, like {}.{edge}", graph + 1),
        })
    }

    /// What `line` asks, or why it is not understood.
    fn command(&self, line: &str) -> Result<Request, String> {
        let word = line.trim();
        Ok(match word.to_ascii_lowercase().as_str() {
            "" => Request::Nothing,
            "hint" => Request::Hint,
            "undo" => Request::Undo,
            "show" => Request::Show,
            "quit" | "exit" | "q" => Request::Quit,
            "help" | "?" => Request::Help,
            _ => Request::Cut(self.edge(word).ok_or_else(|| {
                // A long line is shown by its beginning.
                let shown: String = word.chars().take(40).collect();
                let more = if shown.len() < word.len() { "..." } else { "" };
                format!(
                    "`{}{more}` is not a move: type {}",
                    printable(&shown),
                    self.commands()
                )
            })?),
        })
    }

    /// The edge `word` names: `G.E`, or `E` when there is one graph.
    fn edge(&self, word: &str) -> Option<EdgeRef> {
        EdgeRef::parse(word, self.game.graphs().len())
    }

    /// The computer's move, then whether the game is over.
    fn reply(&mut self, out: &mut impl Write) -> Result<bool, Stop> {
        if self.ended(out, self.me)? {
            return Ok(true);
        }
        let choice = match self.game.choose(self.me) {
            Ok(choice) => choice.map(|c| c.cut),
            Err(refused) => {
                writeln!(
                    out,
                    "(I cannot see through this position: {}; I cut what keeps the most \
                     play.)",
                    printable(&refused.to_string())
                )?;
                let moves = self.game.moves(self.me);
                self.game.most_play(self.me, moves)
            }
        };
        let edge = choice.expect("the computer can move: the game is not over");
        let cut = self.game.cut(self.me, edge).expect("a legal move").clone();
        self.tell(out, "I", &cut)?;
        self.show(out)?;
        self.ended(out, self.you)
    }

    /// Whether the game is over with `side` to move, who cannot: then says so, and who
    /// won (in misère play, `side`).
    fn ended(&self, out: &mut impl Write, side: Side) -> Result<bool, Stop> {
        let won = match self.game.turn(side) {
            Turn::CanMove => return Ok(false),
            Turn::Won => true,
            _ => false,
        };
        let yours = side == self.you;
        let (stuck, winner) = match (yours, won) {
            (true, false) => ("You have", "I win."),
            (true, true) => ("You have", "You win."),
            (false, false) => ("I have", "You win."),
            (false, true) => ("I have", "I win."),
        };
        writeln!(out, "{stuck} no edge to cut.")?;
        writeln!(out, "{winner}")?;
        Ok(true)
    }

    /// A winning move for the player, if there is one: the one the computer would make
    /// in its place.
    fn hint(&mut self, out: &mut impl Write) -> Result<(), Stop> {
        match self.game.choose(self.you) {
            Err(refused) => writeln!(
                out,
                "No hint: the position is beyond the analysis ({}).",
                printable(&refused.to_string())
            )?,
            Ok(Some(choice)) if choice.winning => {
                writeln!(out, "Hint: cut {}; it wins.", self.named(choice.cut))?
            }
            Ok(Some(choice)) => writeln!(
                out,
                "Hint: no cut wins against perfect play; {} keeps the most play.",
                self.named(choice.cut)
            )?,
            Ok(None) => writeln!(out, "Hint: you have no edge to cut.")?,
        }
        Ok(())
    }

    /// Takes back the player's last move and the reply.
    fn undo(&mut self, out: &mut impl Write) -> Result<(), Stop> {
        let yours = self.game.history().iter().any(|c| c.side == self.you)
            && (self.game.history().len() > 1 || self.game.history()[0].side == self.you);
        if !yours {
            writeln!(out, "Nothing to undo.")?;
            return Ok(());
        }
        let mut taken = Vec::new();
        while let Some(cut) = self.game.undo() {
            let mine = cut.side == self.you;
            taken.push(self.label(cut.edge));
            if mine {
                break;
            }
        }
        taken.reverse();
        writeln!(out, "Took back {}.", listed(&taken, "and"))?;
        self.show(out)
    }
}

/// The longest command line: a longer one is read and dropped.
const MAX_LINE: usize = 1 << 10;

/// A line of input as [`read_line`] reads it.
enum Line {
    /// The line, without its line break, invalid UTF-8 shown as U+FFFD.
    Text(String),
    /// A line longer than [`MAX_LINE`] bytes: no command.
    TooLong,
}

/// The next line of `input`, or `None` at the end of input. Of a line longer than
/// [`MAX_LINE`] bytes, nothing is kept.
fn read_line(input: &mut impl BufRead) -> io::Result<Option<Line>> {
    let mut line = Vec::new();
    let mut read_any = false;
    let mut too_long = false;
    loop {
        let buf = input.fill_buf()?;
        if buf.is_empty() {
            break;
        }
        read_any = true;
        let (chunk, done) = match memchr::memchr(b'\n', buf) {
            Some(i) => (&buf[..i], i + 1),
            None => (buf, buf.len()),
        };
        if line.len() + chunk.len() > MAX_LINE {
            too_long = true;
            line.clear();
        } else if !too_long {
            line.extend_from_slice(chunk);
        }
        let ended = done > chunk.len();
        input.consume(done);
        if ended {
            break;
        }
    }
    Ok(read_any.then(|| match too_long {
        true => Line::TooLong,
        false => Line::Text(
            String::from_utf8_lossy(&line)
                .trim_end_matches('\r')
                .to_string(),
        ),
    }))
}

fn side_name(side: Side) -> &'static str {
    match side {
        Side::Left => "Left",
        Side::Right => "Right",
    }
}

/// The colour only `side` cuts.
fn colour_of(side: Side) -> &'static str {
    match side {
        Side::Left => Colour::Blue.name(),
        Side::Right => Colour::Red.name(),
    }
}
