//! `hackenbush explain`: the step-by-step derivation of every position's value, each
//! graph explained as soon as it is read.

use std::io::Write;

use hackenbush::report::explain::Explanation;
use hackenbush::source::Source;
use hackenbush::syntax::GraphDecl;

use super::args::ExplainArgs;
use super::input::{self, Streamed};
use super::output::{self, Stop};
use super::progress;

/// Runs the command; whether every input was clean.
pub fn run(args: &ExplainArgs) -> Result<bool, Stop> {
    let mut out = output::stdout();
    let color = output::stdout_color();
    let mut first = true;
    let clean = input::each_position_streamed(
        &args.input,
        &mut out,
        |out, source, foreseen| {
            if !std::mem::take(&mut first) {
                out.write_all(b"\n")?;
            }
            let label = foreseen.label(source);
            let nim_sum = (!foreseen.coloured).then_some(foreseen.nim_sum);
            let (explanation, text) = Explanation::new(&label, foreseen.graphs, nim_sum, color);
            let explanation = explanation
                .within(args.budget.budget())
                .observed(progress::searches("explain"));
            out.write_all(text.as_bytes())?;
            Ok(Explaining(explanation))
        },
        |out, _, _, explaining| {
            out.write_all(explaining.0.finish().as_bytes())?;
            Ok(())
        },
        |_| {},
    )?;
    out.flush()?;
    Ok(clean)
}

/// A position being explained: each graph is modelled, analyzed and explained as it is
/// read, then dropped.
struct Explaining(Explanation);

impl<W: Write> Streamed<W> for Explaining {
    fn graph(&mut self, out: &mut W, source: &Source, decl: GraphDecl) -> Result<(), Stop> {
        let (graph, analysis) = hackenbush::analyze_graph(decl, self.0.told());
        out.write_all(self.0.graph(&graph, &analysis, source).as_bytes())?;
        Ok(())
    }

    fn refused(&mut self) -> Option<hackenbush::diagnostic::Diagnostic> {
        self.0.refused()
    }
}
