//! `hackenbush verify`: the fast analysis held against an exhaustive game-tree search.

use std::io::{self, Write};

use hackenbush::analysis::misere;
use hackenbush::analysis::partizan::Budget;
use hackenbush::diagnostic::Diagnostic;
use hackenbush::game::{Game, Outcome};
use hackenbush::game_tree::partizan::{ColouredVerification, PositionSum, Valued};
use hackenbush::game_tree::{self, Limits, Unverified, Verification};
use hackenbush::model::Graph;
use hackenbush::pipeline::{Compute, Failure, Foreseen, Pipeline, Reported, Sink};
use hackenbush::report::ErrorReport;
use hackenbush::report::json::JsonDocument;
use hackenbush::report::text::star;
use hackenbush::report::verify::{
    MisereJudged, Verdict, VerifiedGraph, VerifiedMisere, VerifiedPosition, VerifiedSum,
    VerifySummary,
};
use hackenbush::source::Source;
use hackenbush::syntax::{GraphDecl, Position};
use hackenbush::wording::printable;

use super::args::VerifyArgs;
use super::input;
use super::output::{self, BAD_INPUT, DISAGREE, REFUSED, SUCCESS, Stop};
use super::progress::{self, Progress};

/// Runs the command. Returns the exit status: [`BAD_INPUT`] when an input was malformed or
/// a graph too large to search, else [`DISAGREE`] when the analysis and the game tree
/// disagree on some graph, else [`REFUSED`] when a search needed more positions than
/// `--max-positions`, else [`SUCCESS`].
pub fn run(args: &VerifyArgs) -> Result<u8, Stop> {
    if args.misere {
        return misere(args);
    }
    let mut run = Run {
        out: output::stdout(),
        json: args.json.then(|| JsonDocument::new("positions")),
        limits: args.limits(),
        errors: Vec::new(),
        disagreements: 0,
        refused: 0,
        over_budget: 0,
        graphs: 0,
        position: None,
    };
    let pipeline = Pipeline::new(Compute::Graphs).case(args.case);
    let clean = pipeline.run(input::stated(&args.input), &mut run)?;
    let Run {
        out,
        json,
        errors,
        disagreements,
        refused,
        over_budget,
        graphs,
        limits,
        ..
    } = run;
    let json = json.map(|mut json| {
        for error in errors {
            json.error(error);
        }
        json
    });
    let tally = Tally {
        checked: graphs,
        disagreements,
        too_large: refused,
        over_budget,
    };
    tally.finish(out, json, clean, limits.positions, &NORMAL)
}

/// A run of `verify`: where its results go, and what the positions so far gave.
struct Run {
    out: io::BufWriter<io::Stdout>,
    /// With `--json`: the document, whose errors come last.
    json: Option<JsonDocument>,
    /// `--max-edges` and `--max-positions`.
    limits: Limits,
    errors: Vec<ErrorReport>,
    disagreements: usize,
    /// Graphs with more edges than `--max-edges`.
    refused: usize,
    /// Graphs whose search needed more positions than `--max-positions`.
    over_budget: usize,
    graphs: usize,
    /// The position being verified.
    position: Option<Verifying>,
}

impl Sink for Run {
    type Render = ();

    fn renderer(&mut self) {}

    fn start(&mut self, source: &Source, foreseen: &Foreseen) -> io::Result<()> {
        let label = foreseen.label(source);
        let position = self
            .json
            .is_some()
            .then(|| VerifiedPosition::new(label.clone()));
        let label = printable(&label).into_owned();
        if position.is_none() {
            writeln!(self.out, "{label}")?;
            if foreseen.graphs == 0 {
                writeln!(self.out, "  (no graphs)")?;
            }
        }
        self.position = Some(Verifying {
            label,
            limits: self.limits,
            graphs: 0,
            disagreements: 0,
            refused: 0,
            over_budget: 0,
            coloured: false,
            sum: Some(PositionSum::default()),
            json: position,
        });
        Ok(())
    }

    fn graph(&mut self, _: &Source, decl: GraphDecl) -> io::Result<()> {
        match &mut self.position {
            Some(verifying) => verifying.graph(&mut self.out, decl),
            None => Ok(()),
        }
    }

    fn finish(&mut self, _: &Source, _: &Foreseen) -> io::Result<Reported> {
        let Some(mut verifying) = self.position.take() else {
            return Ok(Ok(()));
        };
        if verifying.coloured {
            let sum = verifying.sum.take().and_then(|sum| sum.finish().ok());
            // A disagreeing sum with agreeing graphs is a disagreement of its own.
            if let Some((analysis, game_tree)) = &sum
                && analysis != game_tree
                && verifying.disagreements == 0
            {
                verifying.disagreements += 1;
            }
            match &mut verifying.json {
                Some(position) => position.sum = Some(VerifiedSum::new(sum)),
                None => write_position_sum(&mut self.out, sum)?,
            }
        }
        self.disagreements += verifying.disagreements;
        self.refused += verifying.refused;
        self.over_budget += verifying.over_budget;
        self.graphs += verifying.graphs;
        if let (Some(json), Some(position)) = (&mut self.json, &verifying.json) {
            json.item(&mut self.out, position)?;
        }
        Ok(Ok(()))
    }

    fn warning(&mut self, warning: &Diagnostic, source: &Source) -> io::Result<()> {
        output::report_warning(&mut self.out, warning, source)
    }

    fn error(&mut self, error: Failure<'_>) -> io::Result<()> {
        output::report_failure(&mut self.out, &error)?;
        self.errors.push(error.report);
        Ok(())
    }
}

/// A position being verified, each graph as soon as it is read.
struct Verifying {
    label: String,
    limits: Limits,
    graphs: usize,
    disagreements: usize,
    /// Graphs with more edges than `--max-edges`.
    refused: usize,
    /// Graphs whose search needed more positions than `--max-positions`.
    over_budget: usize,
    /// Whether some graph has a blue or red edge: then the position's sum is verified too.
    coloured: bool,
    /// The sum of the graphs' values so far; `None` once a graph was not verified.
    sum: Option<PositionSum>,
    /// With `--json`: the position's report, which the graphs join (and nothing is
    /// written until the position ends).
    json: Option<VerifiedPosition>,
}

impl Verifying {
    /// The next graph of the position.
    fn graph(&mut self, out: &mut impl Write, decl: GraphDecl) -> io::Result<()> {
        if !decl.is_green() {
            self.coloured = true;
            return self.coloured_graph(out, Graph::build(decl, self.graphs));
        }
        let (graph, analysis) = hackenbush::analyze_graph(decl, self.graphs);
        self.graphs += 1;
        let what = format!(
            "verify: game tree of {} in {}, {} edges",
            printable(&graph.name),
            self.label,
            analysis.attached_edges
        );
        let searched = watched(out, what, |progress| {
            game_tree::verify_observed(&graph, &analysis, self.limits, progress)
        })?;
        match searched {
            Ok(v) => {
                self.disagreements += usize::from(!v.agrees());
                // The sum of a coloured position counts a Green graph as its nimber.
                let nimbers = [v.analysis_value, v.game_tree_value].map(nimber);
                self.add_to_sum(nimbers[0].as_ref(), nimbers[1].as_ref());
                match &mut self.json {
                    Some(json) => json.graphs.push(VerifiedGraph::green(&graph.name, &v)),
                    None => write_verification(out, &graph.name, &v)?,
                }
            }
            Err(unverified) => self.not_searched(out, &graph.name, &unverified)?,
        }
        Ok(())
    }

    /// A graph with a blue or red edge, against its coloured game tree.
    fn coloured_graph(&mut self, out: &mut impl Write, graph: Graph) -> io::Result<()> {
        self.graphs += 1;
        let what = format!(
            "verify: game tree of {} in {}",
            printable(&graph.name),
            self.label
        );
        let searched = watched(out, what, |progress| {
            game_tree::partizan::verify(&graph, self.limits, progress)
        })?;
        match searched {
            Ok(v) => {
                self.disagreements += usize::from(!v.agrees());
                self.add_to_sum(Some(&v.analysis.value), Some(&v.game_tree.value));
                match &mut self.json {
                    Some(json) => json.graphs.push(VerifiedGraph::coloured(&graph.name, &v)),
                    None => write_coloured_verification(out, &graph.name, &v)?,
                }
            }
            Err(unverified) => self.not_searched(out, &graph.name, &unverified)?,
        }
        Ok(())
    }

    /// A graph not searched, and `why`: the position's sum is dropped.
    fn not_searched(
        &mut self,
        out: &mut impl Write,
        name: &str,
        why: &Unverified,
    ) -> io::Result<()> {
        match why {
            Unverified::TooManyPositions { .. } => self.over_budget += 1,
            _ => self.refused += 1,
        }
        self.sum = None;
        let why = why.to_string();
        match &mut self.json {
            Some(json) => json.graphs.push(VerifiedGraph::not_searched(name, why)),
            None => writeln!(out, "  {}: not searched: {why}", printable(name))?,
        }
        Ok(())
    }

    /// Adds a graph's two values to the position's sums (`None`: a value too large to
    /// add, and the sums are dropped).
    fn add_to_sum(&mut self, analysis: Option<&Game>, game_tree: Option<&Game>) {
        self.sum = match (self.sum.take(), analysis, game_tree) {
            (Some(mut sum), Some(a), Some(t)) => sum.add(a, t).is_ok().then_some(sum),
            _ => None,
        };
    }
}

/// `*n` as a game, when it is small enough to be one.
fn nimber(n: u64) -> Option<Game> {
    u32::try_from(n)
        .ok()
        .filter(|&n| n < hackenbush::game::MAX_DEPTH)
        .map(Game::nimber)
}

/// Who wins, in words.
fn wins(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::L => "Left wins",
        Outcome::R => "Right wins",
        Outcome::N => "first player wins",
        Outcome::P => "second player wins",
    }
}

/// `1/2 (Left wins)`.
fn valued(v: &Valued) -> String {
    format!("{} ({})", v.value, wins(v.outcome))
}

/// `its 1 move agrees`, `all 3 moves agree`.
fn moves_agree(compared: usize) -> String {
    match compared {
        0 => "no moves".to_string(),
        1 => "its 1 move agrees".to_string(),
        n => format!("all {n} moves agree"),
    }
}

fn write_coloured_verification(
    out: &mut impl Write,
    name: &str,
    v: &ColouredVerification,
) -> io::Result<()> {
    let name = printable(name);
    if v.agrees() {
        writeln!(
            out,
            "  {name}: {} by both; {} ({} positions searched)",
            valued(&v.analysis),
            moves_agree(v.moves_compared),
            v.positions_solved
        )?;
        return Ok(());
    }
    write!(
        out,
        "  {name}: DISAGREE: analysis {}, game tree {}",
        valued(&v.analysis),
        valued(&v.game_tree),
    )?;
    if v.game_tree_value_outcome != v.game_tree.outcome {
        write!(
            out,
            " by play, though its value says {}",
            wins(v.game_tree_value_outcome)
        )?;
    }
    writeln!(out)?;
    let shown = |value: &Option<Game>, absent: &str| {
        value
            .as_ref()
            .map_or_else(|| absent.to_string(), Game::to_string)
    };
    for cut in &v.cut_mismatches {
        writeln!(
            out,
            "    after cut {} ({}): analysis {}, game tree {}",
            cut.edge.index() + 1,
            cut.colour.name(),
            shown(&cut.analysis, "not listed"),
            shown(&cut.game_tree, "not a move"),
        )?;
    }
    Ok(())
}

/// The position of a coloured input: the sum of its graphs' values and who wins it, by
/// both sides (`None`: not summed).
fn write_position_sum(out: &mut impl Write, sum: Option<(Valued, Valued)>) -> io::Result<()> {
    let Some((analysis, game_tree)) = sum else {
        writeln!(
            out,
            "  position: not summed, since a graph was not verified"
        )?;
        return Ok(());
    };
    if analysis == game_tree {
        writeln!(out, "  position: {} by both", valued(&analysis))?;
    } else {
        writeln!(
            out,
            "  position: DISAGREE: analysis {}, game tree {}",
            valued(&analysis),
            valued(&game_tree)
        )?;
    }
    Ok(())
}

fn write_verification(out: &mut impl Write, name: &str, v: &Verification) -> io::Result<()> {
    let name = printable(name);
    if v.agrees() {
        writeln!(
            out,
            "  {name}: {} by both; {} ({} positions searched)",
            star(v.analysis_value),
            moves_agree(v.moves_compared),
            v.positions_solved
        )?;
        return Ok(());
    }
    writeln!(
        out,
        "  {name}: DISAGREE: analysis {}, game tree {}",
        star(v.analysis_value),
        star(v.game_tree_value)
    )?;
    for (target, fast, slow) in &v.cut_mismatches {
        let list = |edges: &[hackenbush::petgraph::graph::EdgeIndex]| {
            edges
                .iter()
                .map(|e| (e.index() + 1).to_string())
                .collect::<Vec<_>>()
                .join(", ")
        };
        writeln!(
            out,
            "    cuts to {}: analysis [{}], game tree [{}]",
            star(*target),
            list(fast),
            list(slow)
        )?;
    }
    Ok(())
}

/// Runs `search`, which tells how many positions it has searched, with a spinner saying
/// `what` it searches; what `out` holds is shown first, so that a person watching sees
/// the results so far while the search runs.
fn watched<W: Write, T>(
    out: &mut W,
    what: String,
    search: impl FnOnce(&mut dyn FnMut(usize)) -> T,
) -> io::Result<T> {
    if progress::wanted() {
        out.flush()?;
    }
    let mut spinner = Progress::new(what);
    Ok(search(&mut |n| {
        spinner.update(|| format!("{} positions searched", progress::thousands(n as u64)))
    }))
}

/// `verify --misere`: each position read whole, analyzed in misère play and played out by
/// the game tree ([`game_tree::misere`]), outcome and winning cuts compared. The exit
/// status as without `--misere`, by position: [`BAD_INPUT`] when an input was malformed
/// or a position has more attached edges than `--max-edges`, else [`DISAGREE`], else
/// [`REFUSED`] when a search needed more positions than allowed.
fn misere(args: &VerifyArgs) -> Result<u8, Stop> {
    let mut run = Misere {
        out: output::stdout(),
        json: args.json.then(|| JsonDocument::new("positions")),
        limits: args.limits(),
        graphs: 0,
        disagreements: 0,
        too_large: 0,
        over_budget: 0,
    };
    let pipeline = Pipeline::new(Compute::Positions).case(args.case);
    let clean = pipeline.run(input::stated(&args.input), &mut run)?;
    let Misere {
        out,
        json,
        graphs,
        disagreements,
        too_large,
        over_budget,
        limits,
    } = run;
    let tally = Tally {
        checked: graphs,
        disagreements,
        too_large,
        over_budget,
    };
    tally.finish(out, json, clean, limits.positions, &MISERE)
}

/// How the end of a run names what it checked: graphs in normal play, positions in
/// misère play.
struct Words {
    /// What is counted: "graph" or "position".
    unit: &'static str,
    /// The search a part too large was refused by.
    search: &'static str,
    /// Whose limit of positions a search ran into.
    limit: &'static str,
    /// What `--max-positions` costs, if said.
    cost: &'static str,
    /// What disagreed with the game tree.
    analysis: &'static str,
}

const NORMAL: Words = Words {
    unit: "graph",
    search: "game-tree search",
    limit: "the game-tree search's",
    cost: "; a position takes up to about 150 bytes",
    analysis: "analysis",
};

const MISERE: Words = Words {
    unit: "position",
    search: "misère game-tree search",
    limit: "the search's",
    cost: "",
    analysis: "misère analysis",
};

/// What a run of `verify` found, in either play.
struct Tally {
    /// Graphs (or positions) checked.
    checked: usize,
    disagreements: usize,
    /// Beyond `--max-edges`.
    too_large: usize,
    /// Beyond `--max-positions`.
    over_budget: usize,
}

impl Tally {
    /// Ends the run: the JSON document's summary, the output flushed, a message for what
    /// was not checked or disagreed, and the exit status (see [`run`]); `clean` when every
    /// input was well formed.
    fn finish(
        self,
        mut out: impl Write,
        json: Option<JsonDocument>,
        clean: bool,
        max_positions: usize,
        words: &Words,
    ) -> Result<u8, Stop> {
        let Tally {
            checked,
            disagreements,
            too_large,
            over_budget,
        } = self;
        if let Some(json) = json {
            let mut summary = VerifySummary::default();
            summary.graphs = checked;
            summary.disagreements = disagreements;
            summary.not_searched = too_large + over_budget;
            json.finish_with(&mut out, Some(("summary", &summary)))?;
        }
        out.flush()?;
        let Words {
            unit,
            search,
            limit,
            cost,
            analysis,
        } = words;
        if too_large > 0 {
            output::report_error(&format!(
                "{too_large} {unit}{} too large for the {search} (raise --max-edges, at most \
                 64, at the cost of exponential time)",
                if too_large == 1 { " was" } else { "s were" }
            ));
        }
        if over_budget > 0 {
            output::report_refused(&format!(
                "{over_budget} {unit}{} more positions than {limit} limit of {max_positions} \
                 (raise --max-positions N{cost})",
                if over_budget == 1 {
                    " needed"
                } else {
                    "s needed"
                },
            ));
        }
        if disagreements > 0 {
            output::report_error(&format!(
                "the {analysis} and the game tree disagree on {disagreements} {unit}{}: this \
                 is a bug in hackenbush, please report it with this input",
                if disagreements == 1 { "" } else { "s" }
            ));
        }
        Ok(if !clean || too_large > 0 {
            BAD_INPUT
        } else if disagreements > 0 {
            DISAGREE
        } else if over_budget > 0 {
            REFUSED
        } else {
            SUCCESS
        })
    }
}

/// A run of `verify --misere`.
struct Misere {
    out: io::BufWriter<io::Stdout>,
    /// With `--json`: the document, whose errors come last.
    json: Option<JsonDocument>,
    limits: Limits,
    graphs: usize,
    disagreements: usize,
    too_large: usize,
    over_budget: usize,
}

impl Misere {
    /// The position `graphs`, labelled `label`, held by the analysis and the game tree;
    /// the run's counts updated.
    fn verify(&mut self, label: String, graphs: &[Graph]) -> VerifiedMisere {
        let budget = Budget {
            positions: self.limits.positions,
            ..Budget::DEFAULT
        };
        let found = match misere::analyze(graphs, &budget) {
            Ok(found) => found,
            Err(refusal) => {
                self.over_budget += 1;
                let reason = format!("the analysis refused it: {refusal}");
                return VerifiedMisere::not_searched(label, reason);
            }
        };
        let solved = match game_tree::misere::solve(graphs, self.limits) {
            Ok(solved) => solved,
            Err(unverified) => {
                match unverified {
                    Unverified::TooLarge(_) => self.too_large += 1,
                    _ => self.over_budget += 1,
                }
                return VerifiedMisere::not_searched(label, unverified.to_string());
            }
        };
        let verified = VerifiedMisere::searched(
            label,
            MisereJudged::new(
                found.outcome,
                Some(found.rule),
                &found.left_wins,
                &found.right_wins,
            ),
            MisereJudged::new(solved.outcome, None, &solved.left_wins, &solved.right_wins),
            solved.positions_solved,
        );
        if verified.verdict == Verdict::Disagree {
            self.disagreements += 1;
        }
        verified
    }
}

/// `verify --misere`'s lines for one position.
fn write_misere(out: &mut impl Write, verified: &VerifiedMisere) -> io::Result<()> {
    writeln!(out, "{} (misère play)", printable(&verified.source))?;
    let (Some(analysis), Some(game_tree)) = (&verified.analysis, &verified.game_tree) else {
        let reason = verified.reason.as_deref().unwrap_or_default();
        return writeln!(out, "  not verified: {reason}");
    };
    let cuts = |judged: &MisereJudged| {
        format!(
            "{} winning cut{} for Left, {} for Right",
            judged.left.len(),
            if judged.left.len() == 1 { "" } else { "s" },
            judged.right.len()
        )
    };
    let rule = analysis.rule.map(|r| r.to_string()).unwrap_or_default();
    if verified.verdict == Verdict::Agree {
        writeln!(
            out,
            "  agrees: outcome {} by the analysis ({rule}) and by the game tree ({} positions), {}",
            analysis.outcome,
            verified.positions_searched.unwrap_or_default(),
            cuts(analysis)
        )
    } else {
        writeln!(
            out,
            "  DISAGREES: outcome {} by the analysis ({rule}), {}; outcome {} by the game tree, {}",
            analysis.outcome,
            cuts(analysis),
            game_tree.outcome,
            cuts(game_tree)
        )
    }
}

impl Sink for Misere {
    type Render = ();

    fn renderer(&mut self) {}

    fn position(&mut self, source: &Source, position: Position) -> io::Result<Reported> {
        let label = source.label(position.case);
        self.graphs += position.graphs.len();
        let graphs: Vec<Graph> = (position.graphs.into_iter().enumerate())
            .map(|(i, decl)| Graph::build(decl, i))
            .collect();
        let verified = self.verify(label, &graphs);
        match &mut self.json {
            Some(json) => json.item(&mut self.out, &verified)?,
            None => write_misere(&mut self.out, &verified)?,
        }
        Ok(Ok(()))
    }

    fn warning(&mut self, warning: &Diagnostic, source: &Source) -> io::Result<()> {
        output::report_warning(&mut self.out, warning, source)
    }

    fn error(&mut self, error: Failure<'_>) -> io::Result<()> {
        output::report_failure(&mut self.out, &error)?;
        if let Some(json) = &mut self.json {
            json.error(error.report);
        }
        Ok(())
    }
}
