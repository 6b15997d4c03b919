//! `hackenbush gen`: seeded, reproducible positions of every shape, written in hb,
//! christmas, json, dot or cgsuite. The shapes and writers are in [`hackenbush::generate`]; this
//! module maps the flags onto them and picks the output.

use std::io::Write;

use hackenbush::convert::{self, WriteError};
use hackenbush::generate::{
    Cactus, Cycle, Grid, Heights, Multigraph, Path, Poj, RandomTree, Shape, Stalks,
};
use hackenbush::syntax::{Colour, Format};

use hackenbush::generate::problems;
use hackenbush::pipeline::{Compute, Input, Pipeline, Sink};
use hackenbush::problem::Problem;

use super::args::{CommonArgs, GenArgs, ProblemGenArgs, ShapeArgs};
use super::file::{self, Destination};
use super::output::{self, Stop};

impl ShapeArgs {
    /// The library's shape and the common flags; `None` for a problem's data.
    fn shape(&self) -> Option<(Shape, &CommonArgs)> {
        Some(match self {
            ShapeArgs::Stalks(a) => {
                let heights = if a.heights.is_empty() {
                    Heights::Random {
                        graphs: a.graphs,
                        max_height: a.max_height,
                    }
                } else {
                    Heights::Given(a.heights.clone())
                };
                (Shape::Stalks(Stalks { heights }), &a.common)
            }
            ShapeArgs::Tree(a) => (
                Shape::Tree(RandomTree {
                    graphs: a.per_position.graphs,
                    edges: a.edges,
                    max_depth: a.max_depth,
                    max_children: a.max_children,
                    scramble: a.scramble,
                }),
                &a.common,
            ),
            ShapeArgs::Poj(a) => (
                Shape::Poj(Poj {
                    trees: a.trees,
                    vertices: a.vertices,
                    max_polygon: a.max_polygon,
                    digons: a.digons,
                }),
                &a.common,
            ),
            ShapeArgs::Cactus(a) => (
                Shape::Cactus(Cactus {
                    graphs: a.per_position.graphs,
                    edges: a.edges,
                    max_polygon: a.max_polygon,
                    digons: a.digons,
                }),
                &a.common,
            ),
            ShapeArgs::Multigraph(a) => (
                Shape::Multigraph(Multigraph {
                    graphs: a.per_position.graphs,
                    vertices: a.vertices,
                    edges: a.edges,
                    grounds: a.grounds,
                    detached: a.detached,
                    simple: a.simple,
                }),
                &a.common,
            ),
            ShapeArgs::Path(a) => (
                Shape::Path(Path {
                    graphs: a.per_position.graphs,
                    edges: a.edges,
                }),
                &a.common,
            ),
            ShapeArgs::Cycle(a) => (
                Shape::Cycle(Cycle {
                    graphs: a.per_position.graphs,
                    edges: a.edges,
                    trees: a.trees,
                }),
                &a.common,
            ),
            ShapeArgs::Grid(a) => (
                Shape::Grid(Grid {
                    graphs: a.per_position.graphs,
                    width: a.width,
                    height: a.height,
                }),
                &a.common,
            ),
            ShapeArgs::Problem(_) => return None,
        })
    }
}

/// The output format: `--format`, else the extension of `-o`, else the shape's default.
fn format(shape: &Shape, common: &CommonArgs) -> Result<Format, String> {
    if let Some(format) = common.format {
        return Ok(format.into());
    }
    if let Some(path) = &common.output
        && path.as_os_str() != "-"
        && let Some(format) = Format::from_path(path)
    {
        if !Format::ALL.contains(&format) {
            return Err(format!(
                "gen cannot write the {format} format that {} implies; use --format hb, \
                 christmas, json, dot or cgsuite",
                path.display()
            ));
        }
        return Ok(format);
    }
    Ok(match shape {
        Shape::Poj(_) => Format::Christmas,
        _ => Format::Hb,
    })
}

/// Whether a position of `shape` in `format` fits in `max_memory` MiB, and the memory it
/// may need can be had now: a shape beyond either is refused before anything is allocated,
/// where the allocation would have failed, and aborted the run, halfway through.
fn room(shape: &Shape, format: Format, max_memory: u64) -> Result<(), String> {
    const MIB: u64 = 1 << 20;
    let needed = shape.memory_needed(format);
    let mib = needed.div_ceil(MIB);
    let edges = shape.most_edges();
    if mib > max_memory {
        return Err(format!(
            "a position of up to {edges} edges in {format} needs about {mib} MiB, more than \
             --max-memory {max_memory}; ask for fewer edges or vertices, or raise --max-memory"
        ));
    }
    // Ask for the memory once, and give it back: what the system cannot give is a message
    // now, not an abort once the position is half built.
    let mut probe: Vec<u8> = Vec::new();
    let fits = usize::try_from(needed).is_ok_and(|bytes| probe.try_reserve_exact(bytes).is_ok());
    drop(probe);
    if !fits {
        return Err(format!(
            "a position of up to {edges} edges in {format} needs about {mib} MiB, which this \
             system cannot give now; ask for fewer edges or vertices"
        ));
    }
    Ok(())
}

/// Runs the command: checks the flags, then writes; `Ok(false)` when the flags are
/// refused or the output cannot be written.
pub fn run(args: &GenArgs) -> Result<bool, Stop> {
    let (shape, common) = match (args.shape.shape(), &args.shape) {
        (Some(shape), _) => shape,
        (None, ShapeArgs::Problem(problem)) => return problem_data(problem),
        (None, _) => unreachable!("every shape but a problem's data is a Shape"),
    };
    let checked = shape.validate().map_err(|e| e.to_string()).and_then(|()| {
        let format = format(&shape, common)?;
        if format == Format::Christmas
            && let Some(c) = common.colours.iter().find(|&&c| c != Colour::Green)
        {
            return Err(format!(
                "christmas is green only: --colours asks for {} edges; write hb, json, dot \
                 or cgsuite",
                c.name()
            ));
        }
        if common.count > 1 && !format.holds_several() {
            return Err(format!(
                "a{} {format} file holds one position, and --count asks for {}: write \
                 christmas (one test case per position) or cgsuite (one position per \
                 line), or put several graphs in one position with --graphs",
                if format == Format::Hb { "n" } else { "" },
                common.count
            ));
        }
        room(&shape, format, common.max_memory)?;
        Ok((format, Destination::new(common.output.as_deref(), &[])?))
    });
    let Some((format, destination)) = output::or_report(checked) else {
        return Ok(false);
    };
    match destination {
        Destination::Stdout => {
            let mut out = output::stdout();
            match write_all(&mut out, &shape, common, format) {
                Ok(()) => {}
                Err(WriteError::Io(e)) => return Err(e.into()),
                Err(unwritable) => {
                    out.flush()?;
                    output::report_error(&unwritable.to_string());
                    return Ok(false);
                }
            }
            out.flush()?;
            Ok(true)
        }
        Destination::File(path) => {
            // Written beside the file and renamed over it at the end: a failure leaves
            // the file as it was.
            let written = file::create(&path).and_then(|mut file| {
                write_all(&mut file, &shape, common, format).map_err(|e| match e {
                    WriteError::Io(e) => file.cannot(&e),
                    unwritable => unwritable.to_string(),
                })?;
                file.commit()
            });
            Ok(output::or_report(written).is_some())
        }
    }
}

/// Generates and writes the positions one at a time.
fn write_all<W: Write>(
    out: &mut W,
    shape: &Shape,
    common: &CommonArgs,
    format: Format,
) -> Result<(), WriteError> {
    let title = format!("{} (seed {})", shape.name(), common.seed);
    for i in 0..common.count {
        let position = shape.coloured_position(common.seed, i, &common.colours);
        convert::write_game(out, format, &position, &title)?;
    }
    Ok(())
}

/// Test cases of a problem's data without --count, where its input holds several.
const DEFAULT_CASES: u64 = 5;

/// `gen problem`: a problem's test data, and with `--expect` its answers beside it.
fn problem_data(args: &ProblemGenArgs) -> Result<bool, Stop> {
    if args.problem == Problem::Poj3710 {
        output::report_error("POJ 3710's test data is written by `hackenbush gen poj`");
        return Ok(false);
    }
    let most = problems::most_cases(args.problem);
    let count = args.count.unwrap_or(DEFAULT_CASES.min(most));
    if let Some(refusal) = problems::too_many_cases(args.problem, count) {
        output::report_error(&refusal);
        return Ok(false);
    }
    let destination = Destination::new(args.output.as_deref(), &[]);
    let Some(destination) = output::or_report(destination) else {
        return Ok(false);
    };
    let write = |mut out: &mut dyn Write| problems::write(&mut out, args.problem, args.seed, count);
    match destination {
        Destination::Stdout => {
            let mut out = output::stdout();
            write(&mut out)?;
            out.flush()?;
            Ok(true)
        }
        Destination::File(path) => {
            let written = file::create(&path).and_then(|mut file| {
                write(&mut file).map_err(|e| file.cannot(&e))?;
                file.commit()
            });
            if output::or_report(written).is_none() {
                return Ok(false);
            }
            if !args.expect {
                return Ok(true);
            }
            let answers = path.with_extension("ans");
            let written = file::create(&answers).and_then(|mut file| {
                let mut judged = Answers(Vec::new());
                let inputs = [(Input::File(path.clone()), None)];
                let compute = Compute::Answers(args.problem);
                let clean = Pipeline::new(compute).run(inputs, &mut judged);
                match clean {
                    Ok(true) => {}
                    Ok(false) => return Err(format!("{} cannot be judged", path.display())),
                    Err(e) => return Err(file.cannot(&e)),
                }
                file.write_all(&judged.0).map_err(|e| file.cannot(&e))?;
                file.commit()
            });
            Ok(output::or_report(written).is_some())
        }
    }
}

/// The answer lines of a judged input, kept.
struct Answers(Vec<u8>);

impl Sink for Answers {
    type Render = ();

    fn renderer(&mut self) {}

    fn rendered(&mut self, bytes: &[u8]) -> std::io::Result<()> {
        self.0.extend_from_slice(bytes);
        Ok(())
    }
}
