//! `hackenbush gen`'s flags: the shapes, each a subcommand with its own flags, and the
//! flags every shape has.

use std::path::PathBuf;

use clap::{Args, Subcommand, ValueEnum};

use hackenbush::generate::{
    Cactus, Cycle, Grid, Multigraph, Path, Poj, RandomTree, Stalks, shapes,
};
use hackenbush::syntax::{Colour, Format};

// The description goes after the list of shapes: the one-line doc comment of the `gen`
// variant in `args/mod.rs` sets the command's about texts.
const AFTER_HELP: &str = "\
Generates positions of a chosen shape: Nim stalks, random trees, POJ 3710 Christmas Game \
test cases, cacti, general multigraphs, long paths, cycles through the ground. The output \
depends only on the flags: the same --seed and flags give the same bytes, on every \
platform.

Every shape writes every format: hb (the default), christmas (the default for poj; one \
test case per position, vertex 1 the ground, several ground vertices fused into it), json, \
dot (the picture `hackenbush dot` draws) and cgsuite (CGSuite Hackenbush strings, one \
position per line; edges not attached to the ground are left out). An hb, JSON or dot \
file is one position, so --count above 1 needs christmas or cgsuite; --graphs puts \
several graphs in one position. --colours blue,red colours each edge at random from the \
list, from the seed too (christmas is green only).

Run `hackenbush gen SHAPE --help` for the flags of a shape, and
`hackenbush docs gen` for the shapes and the seed guarantee.

Examples:
  hackenbush gen stalks --heights 3,5,7
  hackenbush gen poj --seed 7 --count 20 -o cases.in
  hackenbush gen tree --edges 12 --seed 3 | hackenbush analyze --format hb
  hackenbush gen path --edges 10000000 --format christmas -o path.in
  hackenbush gen multigraph --grounds 2 --detached 1 --format json
  hackenbush gen cactus --edges 20 --count 5 -o cacti.cgs
  hackenbush gen tree --edges 8 --colours blue,red,green | hackenbush verify --format hb";

/// `hackenbush gen`.
#[derive(Debug, Args)]
#[command(after_help = AFTER_HELP)]
pub struct GenArgs {
    /// The shape to generate.
    #[command(subcommand)]
    pub shape: ShapeArgs,
}

/// Largest `--edges`, `--vertices`, heights and sizes: [`shapes::MAX_EDGES`].
const MAX: i64 = shapes::MAX_EDGES as i64;
/// Largest `--graphs` and `--count`.
const MAX_GRAPHS: i64 = shapes::MAX_GRAPHS as i64;

/// The shapes, each with its own flags.
#[derive(Debug, Subcommand)]
pub enum ShapeArgs {
    /// Nim stalks: one path from the ground per graph, worth its height
    #[command(
        long_about = "\
Nim stalks: each graph is a path of edges standing on the ground `g` (vertices g, 1, 2, \
...), worth *height. The heights are given with --heights, or drawn at random in \
1..=--max-height for --graphs stalks.",
        after_help = "\
Examples:
  hackenbush gen stalks --heights 3,5,7        # the classic Nim position 3, 5, 7
  hackenbush gen stalks --graphs 5 --max-height 20 --seed 2
  hackenbush gen stalks --count 100 --format christmas -o nim.in"
    )]
    Stalks(StalksArgs),

    /// Random rooted trees: each vertex hangs from a random earlier vertex
    #[command(
        long_about = "\
Random rooted trees of --edges edges, rooted at the ground (vertex 1): every new vertex \
hangs from a random earlier vertex, chosen among those still below --max-depth and \
--max-children.",
        after_help = "\
Examples:
  hackenbush gen tree --edges 12 --seed 3
  hackenbush gen tree --graphs 4 --edges 100 --max-depth 5
  hackenbush gen tree --edges 1000000 --max-children 2 --format christmas -o tree.in"
    )]
    Tree(TreeArgs),

    /// POJ 3710 Christmas Game test cases: trees with polygons hanging from them
    #[command(
        long_about = "\
POJ 3710 Christmas Game test cases, in the christmas format by default: each tree is \
rooted at vertex 1 (the ground) and has simple polygons hanging from it, each attached to \
the tree at exactly one vertex, no edge in two polygons, no loops, no parallel edges \
(unless --digons). Vertex numbers and edge order are shuffled.

Within the POJ bounds unless overridden: N < 100 trees per test case (random 1..=99, or \
--trees), m < 100 vertices per tree (random 1..=99, or --vertices), hence k < 500 edges.",
        after_help = "\
Examples:
  hackenbush gen poj --seed 7 --count 20 -o cases.in
  hackenbush gen poj --count 1000 --digons | hackenbush judge
  hackenbush gen poj --trees 3 --vertices 12 --format hb"
    )]
    Poj(PojArgs),

    /// Random cacti: polygons sharing vertices but not edges
    #[command(
        long_about = "\
Random cacti of exactly --edges edges: starting from the ground, a random vertex gets \
either a pendant edge or a polygon of 3 to --max-polygon edges through it, again and \
again. Polygons may share vertices (one may hang from a vertex of another), never edges.",
        after_help = "\
Examples:
  hackenbush gen cactus --edges 40 --seed 1
  hackenbush gen cactus --edges 5000000 --max-polygon 50 --format christmas -o cactus.in
  hackenbush gen cactus --digons --max-polygon 4 --format dot | dot -Tsvg > cactus.svg"
    )]
    Cactus(CactusArgs),

    /// General multigraphs: loops, parallel edges, overlapping cycles, detached parts
    #[command(
        long_about = "\
General multigraphs of --vertices vertices and --edges edges: a random spanning tree of \
each part, and the other edges between random vertices of a part, loops and parallel \
edges included, so that cycles overlap. The first --grounds vertices are ground (0 makes \
a graph without ground, worth 0); --detached parts never touch the ground. --simple makes \
simple graphs instead: no loops and no parallel edges, the other edges chosen among the \
pairs of distinct vertices of a part not yet joined, and more edges than the parts can \
hold (v(v-1)/2 in a part of v vertices) refused.",
        after_help = "\
Examples:
  hackenbush gen multigraph --vertices 6 --edges 12 --seed 5
  hackenbush gen multigraph --simple --vertices 20 --edges 28 --colours blue,red --seed 1
  hackenbush gen multigraph --grounds 3 --detached 2 --vertices 20 --edges 40
  hackenbush gen multigraph --vertices 500000 --edges 1000000 --format christmas -o m.in"
    )]
    Multigraph(MultigraphArgs),

    /// Long paths from the ground (nothing random)
    #[command(
        long_about = "\
Paths of --edges edges from the ground: vertices 1 (the ground), 2, ..., worth *edges. \
Nothing is random: --seed changes nothing. Paths of 10^7 edges and more are written in \
seconds.",
        after_help = "\
Examples:
  hackenbush gen path --edges 20
  hackenbush gen path --edges 10000000 --format christmas -o path.in"
    )]
    Path(PathArgs),

    /// Cycles through the ground, optionally with trees hanging off them
    #[command(
        long_about = "\
Cycles of --edges edges through the ground (1 edge is a loop, 2 a pair of parallel \
edges). With --trees, half the edges make the cycle and the other half random trees \
hanging from it: every new vertex joins a random earlier vertex.",
        after_help = "\
Examples:
  hackenbush gen cycle --edges 7
  hackenbush gen cycle --edges 1000000 --trees --format christmas -o cycle.in"
    )]
    Cycle(CycleArgs),

    /// Grids standing on the ground, every inner square a cycle (nothing random but colours)
    #[command(
        long_about = "\
Grids of --width by --height vertices standing on the ground: each vertex is joined to its \
neighbours across and up, and each vertex of the bottom row to the ground (vertex 1), so a \
grid has 2 * width * height - height edges and every inner square is a cycle. The shape \
is fixed; with --colours the seed draws each edge's colour: red-blue grids are the hard \
case of the partizan search.",
        after_help = "\
Examples:
  hackenbush gen grid --width 5 --height 3 --colours blue,red --seed 1
  hackenbush gen grid --colours blue,red,green --format dot | dot -Tsvg > grid.svg"
    )]
    Grid(GridArgs),

    /// Test data of a judged problem, in its own input, at its statement's limits
    #[command(
        long_about = "\
Test data of a judged problem (hackenbush docs judges), in the problem's own input, at \
its statement's limits: trees of 10^5 vertices cycling through a path (10^5 deep), a \
star, a random tree, twin subtrees on the root (worth 0) and a deep random tree; vertex \
labels shuffled (the root stays 1), edges shuffled and written either way round where \
the statement allows it; 1,000 stalks up to 10^9 (odd seeds: every height twice, worth \
0); 99 trees of up to 99 nodes per HDU 3590 test case; red-blue trees with colours \
alternating up paths (values over 2^999 within Purplehearts' depth of 1,000, over \
2^99998 on a GERALD08 path) and twins beside their mirror image (worth 0, or a tiny \
power of 2 for even seeds). --count sets the test cases of the problems whose input \
holds several, up to the statement's bound on T (GERALD08's share 10^5 vertices). --expect writes the answers, judged exactly, \
beside the file (FILE.ans). POJ 3710's data is `hackenbush gen poj`.",
        after_help = "\
Examples:
  hackenbush gen problem agc017d --seed 3 -o tree.in --expect
  hackenbush gen problem jutge-p61396 --count 10 | hackenbush judge --problem jutge-p61396"
    )]
    Problem(ProblemGenArgs),
}

/// `gen problem`.
#[derive(Debug, Args)]
pub struct ProblemGenArgs {
    /// The problem (hackenbush docs judges); not poj3710, which `gen poj` writes
    #[arg(value_name = "NAME", value_parser = super::judge::problem_parser())]
    pub problem: hackenbush::problem::Problem,

    /// Seed of the random choices: the same seed and flags give the same output
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub seed: u64,

    /// Test cases, for the problems whose input holds several, up to the statement's
    /// bound on T: hdu3094 100, codechef-gerald08 1000; jutge-p61396 and hdu3590 set none,
    /// and gen writes at most 100 [default: 5 for those, 1 for the others]
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub count: Option<u64>,

    /// Write to FILE instead of stdout (`-` is stdout). FILE is replaced only once it is
    /// complete
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,

    /// Also write the answers, one line per test case as `judge --problem` gives them,
    /// to FILE.ans beside -o FILE
    #[arg(long, requires = "output")]
    pub expect: bool,
}

/// The flags every shape has.
#[derive(Debug, Args)]
pub struct CommonArgs {
    /// Seed of the random choices: the same seed and flags give the same output
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub seed: u64,

    /// Positions to write, as christmas test cases or cgsuite lines (hb, json and dot files
    /// hold one)
    #[arg(long, value_name = "N", default_value_t = 1,
          value_parser = clap::value_parser!(u64).range(1..=shapes::MAX_GRAPHS))]
    pub count: u64,

    /// Output format [default: from the extension of -o, else hb; christmas for poj]
    #[arg(short, long, value_enum)]
    pub format: Option<GenFormat>,

    /// Write to FILE instead of stdout (`-` is stdout). FILE is replaced only once it is
    /// complete
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,

    /// Colour each edge at random from LIST (blue, red, green; e.g. `blue,red`), drawn
    /// from the seed too [default: all green]. Christmas is green only
    #[arg(long, visible_alias = "colors", value_name = "LIST", value_delimiter = ',',
          value_parser = colour)]
    pub colours: Vec<Colour>,

    /// The most memory, in MiB, that generating a position may take: a shape whose
    /// largest position needs more (about 48 bytes an edge in hb, json and christmas, 96
    /// in cgsuite, 320 in dot, and 16 a vertex) is refused before anything is allocated
    #[arg(long, value_name = "MIB", default_value_t = 2048)]
    pub max_memory: u64,
}

/// A colour of `--colours`.
fn colour(name: &str) -> Result<Colour, String> {
    [Colour::Blue, Colour::Red, Colour::Green]
        .into_iter()
        .find(|c| c.name() == name)
        .ok_or_else(|| "a colour is blue (Left's), red (Right's) or green (either's)".into())
}

/// Output formats of `gen`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum GenFormat {
    /// Native format for people (.hb)
    Hb,
    /// POJ 3710 Christmas Game judge format (.in, .txt)
    Christmas,
    /// JSON input format (.json)
    Json,
    /// Graphviz DOT picture, as `hackenbush dot` draws it (.dot, .gv)
    Dot,
    /// CGSuite Hackenbush strings, one position per line (.cgs)
    Cgsuite,
}

impl From<GenFormat> for Format {
    fn from(f: GenFormat) -> Format {
        match f {
            GenFormat::Hb => Format::Hb,
            GenFormat::Christmas => Format::Christmas,
            GenFormat::Json => Format::Json,
            GenFormat::Dot => Format::Dot,
            GenFormat::Cgsuite => Format::Cgsuite,
        }
    }
}

/// `--graphs`, of the shapes that make one graph per position unless told otherwise.
#[derive(Debug, Args)]
pub struct GraphsArg {
    /// Graphs per position
    #[arg(long, value_name = "N", default_value_t = shapes::GRAPHS,
          value_parser = clap::value_parser!(u32).range(0..=MAX_GRAPHS))]
    pub graphs: u32,
}

/// `gen stalks`.
#[derive(Debug, Args)]
pub struct StalksArgs {
    /// Heights of the stalks, one graph each (0 is an empty graph)
    #[arg(long, value_name = "H,H,...", value_delimiter = ',',
          conflicts_with_all = ["graphs", "max_height"],
          value_parser = clap::value_parser!(u32).range(0..=MAX))]
    pub heights: Vec<u32>,

    /// Number of stalks, of random heights
    #[arg(long, value_name = "N", default_value_t = Stalks::GRAPHS,
          value_parser = clap::value_parser!(u32).range(0..=MAX_GRAPHS))]
    pub graphs: u32,

    /// Largest random height (heights are drawn in 1..=H)
    #[arg(long, value_name = "H", default_value_t = Stalks::MAX_HEIGHT,
          value_parser = clap::value_parser!(u32).range(1..=MAX))]
    pub max_height: u32,

    /// Common flags.
    #[command(flatten)]
    pub common: CommonArgs,
}

/// `gen tree`.
#[derive(Debug, Args)]
pub struct TreeArgs {
    /// `--graphs`.
    #[command(flatten)]
    pub per_position: GraphsArg,

    /// Edges per tree
    #[arg(long, value_name = "N", default_value_t = RandomTree::default().edges,
          value_parser = clap::value_parser!(u32).range(0..=MAX))]
    pub edges: u32,

    /// Largest depth (edges from the root down to a leaf) [default: no limit]
    #[arg(long, value_name = "D", value_parser = clap::value_parser!(u32).range(1..))]
    pub max_depth: Option<u32>,

    /// Largest number of children of a vertex [default: no limit]
    #[arg(long, value_name = "B", value_parser = clap::value_parser!(u32).range(1..))]
    pub max_children: Option<u32>,

    /// Number the vertices at random (the root stays 1) and shuffle the edges; by default
    /// children come after their parents, in order
    #[arg(long)]
    pub scramble: bool,

    /// Common flags.
    #[command(flatten)]
    pub common: CommonArgs,
}

/// `gen poj`.
#[derive(Debug, Args)]
pub struct PojArgs {
    /// Trees per test case [default: random in 1..=99]
    #[arg(long, visible_alias = "graphs", value_name = "N",
          value_parser = clap::value_parser!(u32).range(0..=MAX_GRAPHS))]
    pub trees: Option<u32>,

    /// Vertices per tree [default: random in 1..=99 for each tree]
    #[arg(long, value_name = "M", value_parser = clap::value_parser!(u32).range(1..=MAX))]
    pub vertices: Option<u32>,

    /// Largest polygon, in edges
    #[arg(long, value_name = "S", default_value_t = Poj::default().max_polygon,
          value_parser = clap::value_parser!(u32).range(2..=MAX))]
    pub max_polygon: u32,

    /// Allow polygons of 2 edges (pairs of parallel edges)
    #[arg(long)]
    pub digons: bool,

    /// Common flags.
    #[command(flatten)]
    pub common: CommonArgs,
}

/// `gen cactus`.
#[derive(Debug, Args)]
pub struct CactusArgs {
    /// `--graphs`.
    #[command(flatten)]
    pub per_position: GraphsArg,

    /// Edges per cactus
    #[arg(long, value_name = "N", default_value_t = Cactus::default().edges,
          value_parser = clap::value_parser!(u32).range(0..=MAX))]
    pub edges: u32,

    /// Largest polygon, in edges
    #[arg(long, value_name = "S", default_value_t = Cactus::default().max_polygon,
          value_parser = clap::value_parser!(u32).range(2..=MAX))]
    pub max_polygon: u32,

    /// Allow polygons of 2 edges (pairs of parallel edges)
    #[arg(long)]
    pub digons: bool,

    /// Common flags.
    #[command(flatten)]
    pub common: CommonArgs,
}

/// `gen multigraph`.
#[derive(Debug, Args)]
pub struct MultigraphArgs {
    /// `--graphs`.
    #[command(flatten)]
    pub per_position: GraphsArg,

    /// Vertices per graph (at least --grounds + --detached, and 1)
    #[arg(long, value_name = "N", default_value_t = Multigraph::default().vertices,
          value_parser = clap::value_parser!(u32).range(1..=MAX))]
    pub vertices: u32,

    /// Edges per graph (at least --vertices - 1)
    #[arg(long, value_name = "N", default_value_t = Multigraph::default().edges,
          value_parser = clap::value_parser!(u32).range(0..=MAX))]
    pub edges: u32,

    /// Ground vertices per graph (0: no ground, the graph is worth 0)
    #[arg(long, value_name = "N", default_value_t = Multigraph::default().grounds,
          value_parser = clap::value_parser!(u32).range(0..=MAX))]
    pub grounds: u32,

    /// Parts per graph not attached to the ground
    #[arg(long, value_name = "N", default_value_t = Multigraph::default().detached,
          value_parser = clap::value_parser!(u32).range(0..=MAX))]
    pub detached: u32,

    /// Simple graphs: no loops, no parallel edges (at most v(v-1)/2 edges in a part of v
    /// vertices)
    #[arg(long)]
    pub simple: bool,

    /// Common flags.
    #[command(flatten)]
    pub common: CommonArgs,
}

/// `gen path`.
#[derive(Debug, Args)]
pub struct PathArgs {
    /// `--graphs`.
    #[command(flatten)]
    pub per_position: GraphsArg,

    /// Edges per path
    #[arg(long, value_name = "N", default_value_t = Path::default().edges,
          value_parser = clap::value_parser!(u32).range(0..=MAX))]
    pub edges: u32,

    /// Common flags.
    #[command(flatten)]
    pub common: CommonArgs,
}

/// `gen grid`.
#[derive(Debug, Args)]
pub struct GridArgs {
    /// `--graphs`.
    #[command(flatten)]
    pub per_position: GraphsArg,

    /// Vertices across
    #[arg(long, value_name = "N", default_value_t = Grid::default().width,
          value_parser = clap::value_parser!(u32).range(1..=MAX))]
    pub width: u32,

    /// Vertices up
    #[arg(long, value_name = "N", default_value_t = Grid::default().height,
          value_parser = clap::value_parser!(u32).range(1..=MAX))]
    pub height: u32,

    /// Common flags.
    #[command(flatten)]
    pub common: CommonArgs,
}

/// `gen cycle`.
#[derive(Debug, Args)]
pub struct CycleArgs {
    /// `--graphs`.
    #[command(flatten)]
    pub per_position: GraphsArg,

    /// Edges per graph, cycle and trees together
    #[arg(long, value_name = "N", default_value_t = Cycle::default().edges,
          value_parser = clap::value_parser!(u32).range(1..=MAX))]
    pub edges: u32,

    /// Half the edges make the cycle, the other half random trees hanging from it
    #[arg(long)]
    pub trees: bool,

    /// Common flags.
    #[command(flatten)]
    pub common: CommonArgs,
}
