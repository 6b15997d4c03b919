//! What `hackenbush explain [--misere] [--case N] < input` prints (without colour): the
//! library's explanation of each position, graph by graph, as the command line glues it.

use std::io;

use hackenbush::analysis::partizan::Budget;
use hackenbush::diagnostic::Diagnostic;
use hackenbush::pipeline::{Compute, Failure, Foreseen, Pipeline, Reported, Sink};
use hackenbush::report::explain::Explanations;
use hackenbush::source::Source;
use hackenbush::syntax::{Format, GraphDecl, Position};

use crate::{Printed, Reporting, text};

/// The explanations of a run, written by the library's [`Explanations`]: in normal play
/// each position's as its graphs are read, in misère play each position read whole.
struct Explaining {
    explanations: Explanations<Vec<u8>>,
    reporting: Reporting,
}

impl Sink for Explaining {
    type Render = ();

    fn renderer(&mut self) {}

    fn start(&mut self, source: &Source, foreseen: &Foreseen) -> io::Result<()> {
        let nim_sum = (!foreseen.coloured).then_some(foreseen.nim_sum);
        let label = foreseen.label(source);
        (self.explanations).start(&label, foreseen.graphs, nim_sum, None)
    }

    fn graph(&mut self, source: &Source, decl: GraphDecl) -> io::Result<()> {
        self.explanations.graph(decl, source)
    }

    fn finish(&mut self, _: &Source, _: &Foreseen) -> io::Result<Reported> {
        self.explanations.finish()
    }

    fn position(&mut self, source: &Source, position: Position) -> io::Result<Reported> {
        let label = source.label(position.case);
        self.explanations.misere(source, position.graphs, &label)
    }

    fn warning(&mut self, warning: &Diagnostic, source: &Source) -> io::Result<()> {
        self.reporting.warning(warning, source)
    }

    fn error(&mut self, error: Failure<'_>) -> io::Result<()> {
        self.reporting.error(&error)
    }
}

/// What `hackenbush explain [--misere] [--case N] [--format F] < input` prints.
pub fn explain(input: &[u8], format: Option<Format>, misere: bool, case: Option<u64>) -> Printed {
    let mut sink = Explaining {
        explanations: Explanations::new(Vec::new(), Budget::DEFAULT, false),
        reporting: Reporting::default(),
    };
    // Misère play explains each position whole, normal play graph by graph.
    let compute = if misere {
        Compute::Positions
    } else {
        Compute::Graphs
    };
    let clean = (Pipeline::new(compute).case(case))
        .run([(text(input), format)], &mut sink)
        .expect("a Vec takes every write");
    let out = sink.explanations.into_inner();
    sink.reporting.printed(out, clean)
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
