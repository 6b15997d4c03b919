//! `hackenbush dot`: pictures of positions as Graphviz DOT, or rendered through Graphviz.

use std::io::{self, BufWriter, IsTerminal, Stdout, Write};
use std::path::Path;
use std::time::Duration;

use hackenbush::analysis::partizan::Budget;
use hackenbush::analysis::position::winning_moves_in;
use hackenbush::diagnostic::Diagnostic;
use hackenbush::misere_position;
use hackenbush::petgraph::graph::EdgeIndex;
use hackenbush::pipeline::{Compute, Failure, Foreseen, Input, Pipeline, Reported, Sink};
use hackenbush::report::picture::{self, Options, Picture, RenderFormat};
use hackenbush::source::Source;
use hackenbush::syntax::GraphDecl;

use super::args::{DotArgs, RenderArg};
use super::file::{self, Destination, FileWriter};
use super::input;
use super::output::{self, Stop};
use super::progress::Progress;

/// Runs the command: draws every position (or `--case N`), each written as soon as it is
/// drawn, so that memory follows the largest position; `--render` keeps the one picture
/// it draws. Returns whether everything was drawn and written.
pub fn run(args: &DotArgs) -> Result<bool, Stop> {
    let options = Options {
        reduced: args.reduced,
        no_values: args.no_values,
        no_numbers: args.no_numbers,
        no_legend: args.no_legend,
        title: None,
    };
    let inputs = input::list(&args.input);
    let Some(destination) = output::or_report(Destination::new(args.output.as_deref(), &inputs))
    else {
        return Ok(false);
    };
    let out = match (&destination, args.render) {
        (_, Some(_)) => Ok(Out::Nowhere(std::io::sink())),
        (Destination::Stdout, None) => Ok(Out::Stdout(output::stdout())),
        (Destination::File(path), None) => file::create(path).map(Out::File),
    };
    let Some(out) = output::or_report(out) else {
        return Ok(false);
    };
    let mut pictures = Pictures {
        args,
        options,
        out,
        rendered: None,
        drawn: 0,
        position: None,
    };
    // With --case, only that position of each input is started (an input without it is
    // an error).
    let pipeline = Pipeline::new(Compute::Graphs).case(args.case);
    let result = pipeline.run(input::stated(&args.input), &mut pictures);
    let Pictures {
        out,
        rendered,
        drawn,
        ..
    } = pictures;
    let clean = match result.map_err(Stop::from) {
        Ok(clean) => clean,
        Err(Stop::Io(e)) if matches!(out, Out::File(_)) => {
            if let Out::File(file) = &out {
                output::report_error(&file.cannot(&e));
            }
            return Ok(false);
        }
        Err(stop) => return Err(stop),
    };
    match (args.render, out) {
        (None, Out::File(file)) => {
            if !complete(file.path(), clean) || output::or_report(file.commit()).is_none() {
                return Ok(false);
            }
        }
        (None, mut out) => out.flush()?,
        (Some(format), _) => {
            let Some((label, text)) = rendered.filter(|_| drawn == 1) else {
                // An input that failed has said so; a count of what was drawn would not
                // be the reason.
                if drawn > 1 || clean {
                    output::report_error(&not_one(args, &inputs, drawn));
                }
                return Ok(false);
            };
            if !render(args, format, &destination, &label, &text, clean)? {
                return Ok(false);
            }
        }
    }
    Ok(clean)
}

/// The title over the picture of position `case` of `source`: `--title`, else the file's
/// name without its folder, and `#N` for position N of a file of several.
fn title(args: &DotArgs, source: &Source, case: Option<usize>) -> String {
    if let Some(title) = &args.title {
        return title.clone();
    }
    let name = Path::new(source.name())
        .file_name()
        .map_or_else(|| source.name().into(), |name| name.to_string_lossy());
    hackenbush::source::label(&name, case)
}

/// Why `--render` draws nothing when the `inputs` gave `drawn` positions, not one.
fn not_one(args: &DotArgs, inputs: &[Input], drawn: usize) -> String {
    let one = "--render draws one position";
    match (inputs, args.case) {
        (_, _) if drawn == 0 => format!("{one}, and there is none to draw"),
        ([input], _) => format!(
            "{one}, and {} holds {drawn}: choose one with --case N",
            input.name()
        ),
        (_, None) => format!(
            "{one}, and the {} inputs hold {drawn}: render one input at a time (with \
             --case N for one position of an input of several)",
            inputs.len()
        ),
        (_, Some(case)) => format!(
            "{one}, and --case {case} picks {drawn}, one in each input: render one input \
             at a time"
        ),
    }
}

/// Renders `picture` with Graphviz to `destination`; whether it was written.
fn render(
    args: &DotArgs,
    format: RenderArg,
    destination: &Destination,
    label: &str,
    text: &str,
    clean: bool,
) -> Result<bool, Stop> {
    if destination.is_stdout() && format != RenderArg::Svg && std::io::stdout().is_terminal() {
        output::report_error("a PNG or PDF is not for a terminal: add -o FILE");
        return Ok(false);
    }
    let timeout = (args.timeout > 0).then(|| Duration::from_secs(args.timeout));
    let mut progress = Progress::new(format!(
        "dot: Graphviz is drawing {}",
        hackenbush::wording::printable(label)
    ));
    let limit = match timeout {
        Some(_) => format!("time limit {} s", args.timeout),
        None => "no time limit".to_string(),
    };
    let rendered = picture::render_within(text, format.into(), timeout, &mut |_| {
        progress.update(|| limit.clone())
    });
    drop(progress);
    let rendered = rendered.map_err(|e| {
        if e.is_timed_out() {
            format!("{e}; allow it more time with --timeout SECONDS (0: no limit)")
        } else {
            e.to_string()
        }
    });
    let Some(bytes) = output::or_report(rendered) else {
        return Ok(false);
    };
    match destination {
        Destination::File(path) => {
            if !complete(path, clean) {
                return Ok(false);
            }
            let written = file::create(path).and_then(|mut file| {
                file.write_all(&bytes).map_err(|e| file.cannot(&e))?;
                file.commit()
            });
            Ok(output::or_report(written).is_some())
        }
        Destination::Stdout => {
            let mut out = output::stdout();
            out.write_all(&bytes)?;
            out.flush()?;
            Ok(true)
        }
    }
}

/// Whether a file may be written: it gets complete content or none, and the pictures of
/// some inputs are not the picture of all of them. Says so when an input was not `clean`.
fn complete(path: &Path, clean: bool) -> bool {
    if !clean {
        output::report_error(&format!(
            "nothing written to {}: an input could not be drawn",
            path.display()
        ));
    }
    clean
}

/// A position being drawn, each graph as soon as it is read (its model dropped once its
/// cluster is written), or one that is not drawn (no `drawing`).
struct Drawn {
    drawing: Option<Picture>,
    /// What is drawn and not yet written; with `kept`, the whole picture, for Graphviz.
    text: String,
    /// With `--moves`, the position's nim-sum: which cuts win.
    nim_sum: Option<u64>,
    kept: bool,
    /// With `--misere`, the graphs drawn: the misère analysis needs the whole position.
    graphs: Option<Vec<GraphDecl>>,
}

impl Drawn {
    /// Writes out what is drawn, unless the picture is kept whole.
    fn write(&mut self, out: &mut impl Write) -> io::Result<()> {
        if !self.kept {
            out.write_all(self.text.as_bytes())?;
            self.text.clear();
        }
        Ok(())
    }
}

impl Drawn {
    /// The next graph of the position, drawn and written out.
    fn graph(&mut self, out: &mut impl Write, decl: GraphDecl) -> io::Result<()> {
        let Some(drawing) = &mut self.drawing else {
            return Ok(());
        };
        let i = drawing.drawn();
        if let Some(graphs) = &mut self.graphs {
            graphs.push(decl.clone());
        }
        let (graph, analysis) = hackenbush::analyze_graph(decl, i);
        let winning: Vec<EdgeIndex> = match self.nim_sum {
            Some(total) => winning_moves_in(i, &graph, &analysis, total)
                .iter()
                .map(|m| m.edge)
                .collect(),
            None => Vec::new(),
        };
        drawing.graph(&mut self.text, &graph, &analysis, &winning);
        self.write(out)
    }
}

/// The pictures of a run, each position's written as its graphs are read.
struct Pictures<'a> {
    args: &'a DotArgs,
    options: Options,
    out: Out,
    /// For --render: the label and text of the first picture drawn.
    rendered: Option<(String, String)>,
    /// How many positions were started.
    drawn: usize,
    /// The position being drawn.
    position: Option<Drawn>,
}

impl Sink for Pictures<'_> {
    type Render = ();

    fn renderer(&mut self) {}

    fn start(&mut self, source: &Source, foreseen: &Foreseen) -> io::Result<()> {
        let args = self.args;
        self.drawn += 1;
        // --render draws one picture, and refuses when there are more.
        let mut text = String::new();
        let skipped = args.render.is_some() && self.drawn > 1;
        let options = Options {
            title: Some(title(args, source, foreseen.case)),
            ..self.options.clone()
        };
        let drawing =
            (!skipped).then(|| Picture::begin(&mut text, &foreseen.label(source), &options));
        let mut drawn = Drawn {
            drawing,
            text,
            // The nim-sum's winning moves are Green Hackenbush's.
            nim_sum: (args.moves && !foreseen.coloured).then_some(foreseen.nim_sum),
            kept: args.render.is_some(),
            graphs: args.misere.then(Vec::new),
        };
        drawn.write(&mut self.out)?;
        self.position = Some(drawn);
        Ok(())
    }

    fn graph(&mut self, _: &Source, decl: GraphDecl) -> io::Result<()> {
        match &mut self.position {
            Some(drawn) => drawn.graph(&mut self.out, decl),
            None => Ok(()),
        }
    }

    fn finish(&mut self, source: &Source, foreseen: &Foreseen) -> io::Result<Reported> {
        let Some(mut drawn) = self.position.take() else {
            return Ok(Ok(()));
        };
        if let Some(mut drawing) = drawn.drawing.take() {
            if let Some(graphs) = drawn.graphs.take() {
                let label = foreseen.label(source);
                match misere_position(source, graphs, label, Budget::DEFAULT, false) {
                    Ok(found) => drawing.misere(found.outcome, found.rule),
                    Err(refused) => return Ok(Err(refused)),
                }
            }
            drawing.finish(&mut drawn.text);
            if drawn.kept {
                self.rendered = Some((foreseen.label(source), drawn.text));
            } else {
                self.out.write_all(drawn.text.as_bytes())?;
            }
        }
        Ok(Ok(()))
    }

    fn warning(&mut self, warning: &Diagnostic, source: &Source) -> io::Result<()> {
        output::report_warning(&mut self.out, warning, source)
    }

    fn error(&mut self, error: Failure<'_>) -> io::Result<()> {
        output::report_failure(&mut self.out, &error)
    }
}

/// Where DOT text goes as it is drawn.
enum Out {
    Stdout(BufWriter<Stdout>),
    File(FileWriter),
    /// `--render` writes after Graphviz has drawn.
    Nowhere(io::Sink),
}

impl Write for Out {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match self {
            Out::Stdout(w) => w.write(buf),
            Out::File(w) => w.write(buf),
            Out::Nowhere(w) => w.write(buf),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match self {
            Out::Stdout(w) => w.flush(),
            Out::File(w) => w.flush(),
            Out::Nowhere(w) => w.flush(),
        }
    }
}

impl From<RenderArg> for RenderFormat {
    fn from(r: RenderArg) -> RenderFormat {
        match r {
            RenderArg::Svg => RenderFormat::Svg,
            RenderArg::Png => RenderFormat::Png,
            RenderArg::Pdf => RenderFormat::Pdf,
        }
    }
}
