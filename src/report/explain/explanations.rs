//! The explanations of a run, written one position after another into any
//! [`io::Write`]: a blank line between positions, each position's heading, its graphs as
//! they are read, its end, or the refusal that stands in for it. What `hackenbush explain`
//! prints on its standard output and the web page's explain prints into a buffer, written
//! once, here; each only forwards what the pipeline reads (and where messages go).

use std::io::{self, Write};

use crate::analysis::partizan::Budget;
use crate::analysis::{self, SearchProgress};
use crate::diagnostic::Diagnostic;
use crate::source::Source;
use crate::syntax::GraphDecl;

use super::{Explanation, misere};

/// Explanations written into `W`, a position at a time: in normal play graph by graph as
/// each is read ([`Explanations::start`], [`Explanations::graph`],
/// [`Explanations::finish`]), in misère play whole ([`Explanations::misere`]).
///
/// ```
/// use hackenbush::analysis::partizan::Budget;
/// use hackenbush::report::explain::Explanations;
/// use hackenbush::source::Source;
/// use hackenbush::syntax::{self, Format};
///
/// let source = Source::from_text("t.hb", "ground: g\ng-a\n\nground: g\ng-b-c\n").unwrap();
/// let position = syntax::parse(Format::Hb, &source).next().unwrap().unwrap();
/// let mut explanations = Explanations::new(Vec::new(), Budget::DEFAULT, false);
/// explanations.start("t.hb", 2, Some(1 ^ 2), None).unwrap();
/// for graph in position.graphs {
///     explanations.graph(graph, &source).unwrap();
/// }
/// explanations.finish().unwrap().unwrap();
/// let text = String::from_utf8(explanations.into_inner()).unwrap();
/// assert!(text.starts_with("t.hb\n"), "{text}");
/// assert!(text.contains("*3"), "{text}");
/// ```
pub struct Explanations<W> {
    out: W,
    budget: Budget,
    color: bool,
    /// No position was written yet.
    first: bool,
    /// The position being explained.
    current: Option<Explanation>,
}

impl<W: Write> Explanations<W> {
    /// Explanations written into `out`, coloured searches within `budget`, with ANSI
    /// colours if `color`.
    pub fn new(out: W, budget: Budget, color: bool) -> Self {
        Explanations {
            out,
            budget,
            color,
            first: true,
            current: None,
        }
    }

    /// A position begins: `label` names it, it has `graphs` graphs, worth `nim_sum` in
    /// all when every edge is green (`None` when some edge is blue or red); `progress`
    /// is told how its searches go. Writes a blank line after the position before, and
    /// the heading.
    pub fn start(
        &mut self,
        label: &str,
        graphs: usize,
        nim_sum: Option<u64>,
        progress: Option<SearchProgress>,
    ) -> io::Result<()> {
        self.separate()?;
        let (explanation, text) = Explanation::new(label, graphs, nim_sum, self.color);
        let explanation = explanation.within(self.budget);
        self.current = Some(match progress {
            Some(progress) => explanation.observed(progress),
            None => explanation,
        });
        self.out.write_all(text.as_bytes())
    }

    /// The next graph of the position begun, modelled, analyzed and explained; nothing
    /// without a position begun.
    pub fn graph(&mut self, decl: GraphDecl, source: &Source) -> io::Result<()> {
        let Some(explanation) = &mut self.current else {
            return Ok(());
        };
        let (graph, analysis) = analysis::modelled(decl, explanation.told());
        self.out
            .write_all(explanation.graph(&graph, &analysis, source).as_bytes())
    }

    /// The position begun has had all its graphs: writes its end, or returns why it
    /// cannot be valued (its search was refused), to be reported as its error.
    pub fn finish(&mut self) -> io::Result<Result<(), Diagnostic>> {
        let Some(mut explanation) = self.current.take() else {
            return Ok(Ok(()));
        };
        if let Some(refused) = explanation.refused() {
            return Ok(Err(refused));
        }
        self.out.write_all(explanation.finish().as_bytes())?;
        Ok(Ok(()))
    }

    /// A whole position explained in misère play ([`misere::explain_position`]), after a
    /// blank line if another came before; or why it cannot be, written nowhere.
    pub fn misere(
        &mut self,
        source: &Source,
        graphs: Vec<GraphDecl>,
        label: &str,
    ) -> io::Result<Result<(), Diagnostic>> {
        let text = misere::explain_position(source, graphs, label, self.budget, self.color);
        let text = match text {
            Ok(text) => text,
            Err(refused) => return Ok(Err(refused)),
        };
        self.separate()?;
        self.out.write_all(text.as_bytes())?;
        Ok(Ok(()))
    }

    /// Where the explanations go, to write more (`explain --cut`) or flush.
    pub fn out(&mut self) -> &mut W {
        &mut self.out
    }

    /// The writer, once every position is written.
    pub fn into_inner(self) -> W {
        self.out
    }

    /// A blank line between two positions.
    fn separate(&mut self) -> io::Result<()> {
        if !std::mem::take(&mut self.first) {
            self.out.write_all(b"\n")?;
        }
        Ok(())
    }
}
