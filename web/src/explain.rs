//! What `hackenbush explain [--misere] [--case N] < input` prints (without colour): the
//! library's explanation of each position, graph by graph, as the command line glues it.

use std::io::{self, Write};

use hackenbush::analysis::partizan::Budget;
use hackenbush::diagnostic::Diagnostic;
use hackenbush::pipeline::{Compute, Failure, Foreseen, Pipeline, Reported, Sink};
use hackenbush::report::explain::{self, Explanation};
use hackenbush::source::Source;
use hackenbush::syntax::{Format, GraphDecl, Position};

use crate::{Printed, Reporting, text};

/// The explanations of a run in normal play, each position's written as its graphs are
/// read.
struct Explaining {
    out: Vec<u8>,
    first: bool,
    explanation: Option<Explanation>,
    reporting: Reporting,
}

impl Sink for Explaining {
    type Render = ();

    fn renderer(&mut self) {}

    fn start(&mut self, source: &Source, foreseen: &Foreseen) -> io::Result<()> {
        if !std::mem::take(&mut self.first) {
            self.out.write_all(b"\n")?;
        }
        let label = foreseen.label(source);
        let nim_sum = (!foreseen.coloured).then_some(foreseen.nim_sum);
        let (explanation, text) = Explanation::new(&label, foreseen.graphs, nim_sum, false);
        self.out.write_all(text.as_bytes())?;
        self.explanation = Some(explanation.within(Budget::DEFAULT));
        Ok(())
    }

    fn graph(&mut self, source: &Source, decl: GraphDecl) -> io::Result<()> {
        let Some(explanation) = &mut self.explanation else {
            return Ok(());
        };
        let (graph, analysis) = hackenbush::analyze_graph(decl, explanation.told());
        self.out
            .write_all(explanation.graph(&graph, &analysis, source).as_bytes())
    }

    fn finish(&mut self, _: &Source, _: &Foreseen) -> io::Result<Reported> {
        let Some(mut explanation) = self.explanation.take() else {
            return Ok(Ok(()));
        };
        if let Some(refused) = explanation.refused() {
            return Ok(Err(refused));
        }
        self.out.write_all(explanation.finish().as_bytes())?;
        Ok(Ok(()))
    }

    fn warning(&mut self, warning: &Diagnostic, source: &Source) -> io::Result<()> {
        self.reporting.diagnostic(warning, source);
        Ok(())
    }

    fn error(&mut self, error: Failure<'_>) -> io::Result<()> {
        self.reporting.failure(&error);
        Ok(())
    }
}

/// The misère explanations of a run: each position read whole.
struct Misere {
    out: Vec<u8>,
    first: bool,
    reporting: Reporting,
}

impl Sink for Misere {
    type Render = ();

    fn renderer(&mut self) {}

    fn position(&mut self, source: &Source, position: Position) -> io::Result<Reported> {
        let label = source.label(position.case);
        let text = explain::misere::explain_position(
            source,
            position.graphs,
            &label,
            Budget::DEFAULT,
            false,
        );
        let text = match text {
            Ok(text) => text,
            Err(refused) => return Ok(Err(refused)),
        };
        if !std::mem::take(&mut self.first) {
            self.out.write_all(b"\n")?;
        }
        self.out.write_all(text.as_bytes())?;
        Ok(Ok(()))
    }

    fn warning(&mut self, warning: &Diagnostic, source: &Source) -> io::Result<()> {
        self.reporting.diagnostic(warning, source);
        Ok(())
    }

    fn error(&mut self, error: Failure<'_>) -> io::Result<()> {
        self.reporting.failure(&error);
        Ok(())
    }
}

/// What `hackenbush explain [--misere] [--case N] [--format F] < input` prints.
pub fn explain(input: &[u8], format: Option<Format>, misere: bool, case: Option<u64>) -> Printed {
    let input = [(text(input), format)];
    if misere {
        let mut sink = Misere {
            out: Vec::new(),
            first: true,
            reporting: Reporting::default(),
        };
        let clean = (Pipeline::new(Compute::Positions).case(case))
            .run(input, &mut sink)
            .expect("a Vec takes every write");
        return sink.reporting.printed(sink.out, clean);
    }
    let mut sink = Explaining {
        out: Vec::new(),
        first: true,
        explanation: None,
        reporting: Reporting::default(),
    };
    let clean = (Pipeline::new(Compute::Graphs).case(case))
        .run(input, &mut sink)
        .expect("a Vec takes every write");
    sink.reporting.printed(sink.out, clean)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stalk_is_explained_to_its_nim_sum() {
        let printed = explain(b"ground: g\ng-a-b\n", Some(Format::Hb), false, None);
        assert_eq!(printed.status, crate::SUCCESS);
        let out = String::from_utf8(printed.out).unwrap();
        assert!(out.starts_with("<stdin>\n"), "{out}");
        assert!(out.contains("Graph 1 of 1"), "{out}");
        assert!(out.contains("*2"), "{out}");
    }
}
