//! The `ripple` command line: argument definitions and calls into the
//! library's `cli` module and cli-kit; no output format or exit code is
//! decided here.

use std::io::{self, BufWriter, IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use clap::{Args, Parser, Subcommand};
use ripple::cli::{self, GenerateRun, SolveReport};
use ripple::{Algo, Difficulty, Format, Options};

mod watched;

const PROGRAM: &str = "ripple";

/// Ripple Effect (Nikoli): solve, check, generate and convert puzzles.
///
/// Input is detected by content: a puzz.link / pzv.jp URL (on the command
/// line, or a file of URLs one per line: a batch), a pzprv3 file, the
/// normalised form (size / regions / clues) or an ASCII wall drawing (a
/// "ROWS COLS" line, then '|' and '-' walls, '.' empty cells). Exit codes:
/// 0 solved, 1 bad input, 2 usage, 3 no solution, 4 limit reached.
#[derive(Debug, Parser)]
#[command(name = "ripple", version)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Solve puzzles: draw each solution in its room walls, or JSON lines.
    Solve(SolveArgs),
    /// Re-check `solve --json` or `generate --json` records from stdin with
    /// the independent rule checker (each solution against its "puzzle"
    /// URL), or `solve`'s drawings (against the URL line `--to-url` puts
    /// above them, else against the rooms they draw).
    Check,
    /// Generate unique puzzles with minimal givens, graded by what their solve needs.
    Generate(GenerateArgs),
    /// Write puzzles in another form.
    Convert(ConvertArgs),
}

#[derive(Debug, Args)]
struct SolveArgs {
    /// A puzzle file, a URL, or '-' / nothing for stdin.
    input: Option<String>,
    /// The solver.
    #[arg(long, value_enum, default_value_t = Algo::Fast)]
    algo: Algo,
    /// Count solutions up to --limit (default 2: proves uniqueness).
    #[arg(long)]
    count: bool,
    /// With --count: how many solutions to count at most.
    #[arg(long, requires = "count", value_name = "K", value_parser = clap::value_parser!(u64).range(1..))]
    limit: Option<u64>,
    /// Stop with status "limit" (exit 4) before the search passes N nodes.
    #[arg(long, value_name = "N")]
    node_limit: Option<u64>,
    /// Give up on a puzzle after this many seconds, such as 0.5 (status
    /// "limit", limit "time", exit 4).
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    time_limit: Option<Duration>,
    /// One JSON object per puzzle per line.
    #[arg(long)]
    json: bool,
    /// Add a line with nodes, backtracks, recursive calls and time.
    #[arg(long, conflicts_with = "json")]
    stats: bool,
    /// Print each puzzle's canonical puzz.link URL above its drawing.
    #[arg(long, conflicts_with = "json")]
    to_url: bool,
    /// Threads for a batch (default: one per core).
    #[arg(long, value_name = "T")]
    threads: Option<usize>,
    /// Draw each puzzle as SVG: thick room walls, the givens bold, the
    /// solution in a second colour. FILE for one puzzle; for several, FILE
    /// is a folder (created) and the puzzle of input line N goes to N.svg.
    #[arg(long, value_name = "FILE")]
    svg: Option<PathBuf>,
    #[command(flatten)]
    watch: cli_kit::WatchArgs,
    /// With one puzzle: draw the search tree's first 500 nodes as SVG
    /// (mrv and brute: each recursive call with the cell = digit that led
    /// to it; fast and csp: each decision and refutation), and Graphviz
    /// DOT beside it (FILE.dot).
    #[arg(long, value_name = "FILE")]
    tree_svg: Option<PathBuf>,
}

#[derive(Debug, Args)]
struct GenerateArgs {
    /// Rows x columns, e.g. 10x10 (or one number for a square).
    #[arg(long, value_parser = cli::parse_size, value_name = "RxC")]
    size: (usize, usize),
    /// Seed of the generator: the same seed gives the same puzzle (default: from the clock).
    #[arg(long, value_name = "S")]
    seed: Option<u64>,
    /// What the solve may need: easy (singles and distance), medium (also
    /// pointing and pairs), hard (guesses).
    #[arg(long, value_enum, default_value_t = Difficulty::Medium)]
    difficulty: Difficulty,
    /// Output form.
    #[arg(long, value_enum, default_value_t = Format::Ascii, conflicts_with = "json")]
    format: Format,
    /// How many puzzles (seeds S, S+1, ...).
    #[arg(long, default_value_t = 1, value_name = "N")]
    number: u64,
    /// Add the solution.
    #[arg(long, conflicts_with = "json")]
    solution: bool,
    /// One JSON record per puzzle (puzzle URL, solution, difficulty, givens, seed).
    #[arg(long)]
    json: bool,
    /// Give up on a puzzle after this many seconds, such as 0.5 (status
    /// "limit", limit "time", exit 4): the time grows fast with the size
    /// (see the crate's README).
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds, default_value = "60")]
    time_limit: Duration,
}

#[derive(Debug, Args)]
struct ConvertArgs {
    /// A puzzle file, a URL, or '-' / nothing for stdin.
    input: Option<String>,
    /// Output form.
    #[arg(long, value_enum, default_value_t = Format::Url)]
    format: Format,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    cli_kit::finish(PROGRAM, run(cli))
}

fn run(cli: Cli) -> anyhow::Result<ExitCode> {
    match cli.command {
        Command::Solve(args) => solve(args),
        Command::Check => {
            let input = cli_kit::Input::stdin()?;
            cli_kit::run_check(PROGRAM, cli::claims(&input.text), cli::check_record)
        }
        Command::Generate(args) => {
            let (rows, cols) = args.size;
            let seed = args.seed.unwrap_or_else(clock_seed);
            let run = GenerateRun {
                rows,
                cols,
                seed,
                number: args.number,
                difficulty: args.difficulty,
                format: args.format,
                json: args.json,
                with_solution: args.solution,
                time_limit: Some(args.time_limit),
                progress: io::stderr().is_terminal(),
            };
            let mut out = BufWriter::new(io::stdout().lock());
            let status = cli::generate(&run, &mut out)?;
            out.flush()?;
            Ok(ExitCode::from(status.exit_code()))
        }
        Command::Convert(args) => {
            let (name, items) = cli::read_items(args.input.as_deref())?;
            anyhow::ensure!(!items.is_empty(), "{name}: no puzzle found");
            let mut out = BufWriter::new(io::stdout().lock());
            let tally = cli::convert(PROGRAM, &name, &items, args.format, &mut out)?;
            out.flush()?;
            Ok(tally.exit())
        }
    }
}

fn solve(args: SolveArgs) -> anyhow::Result<ExitCode> {
    if let Some(misfit) = args.watch.misfit(args.json, args.stats) {
        cli_kit::usage_error::<Cli>(misfit);
    }
    if args.tree_svg.is_some() && args.watch.compare {
        cli_kit::usage_error::<Cli>(
            "--compare runs every algorithm: draw one tree with --algo instead",
        );
    }
    let (name, items) = cli::read_items(args.input.as_deref())?;
    if args.tree_svg.is_some() && items.len() > 1 {
        cli_kit::usage_error::<Cli>("--tree-svg draws one search: give one puzzle");
    }
    let count_limit = args.count.then(|| args.limit.unwrap_or(2));
    let mut options = Options::new(args.algo).count_up_to(count_limit.unwrap_or(1));
    if let Some(nodes) = args.node_limit {
        options = options.node_limit(nodes);
    }
    if let Some(time) = args.time_limit {
        options = options.time_limit(time);
    }
    let mut report = SolveReport {
        program: PROGRAM.to_owned(),
        input: name.clone(),
        algo: args.algo,
        json: args.json,
        stats: args.stats,
        count_limit,
        to_url: args.to_url,
        written: 0,
        bold_givens: cli::bold_givens(
            io::stdout().is_terminal(),
            std::env::var_os("NO_COLOR").as_deref(),
        ),
    };
    if args.watch.compare {
        anyhow::ensure!(!items.is_empty(), "{name}: no puzzle found");
        return watched::compare(PROGRAM, &name, &items, &options, args.json);
    }
    let pictures = args
        .svg
        .as_deref()
        .map(|target| svg_kit::PictureFiles::new(target, items.len() > 1))
        .transpose()?;
    let watching = args.watch.trace || args.watch.events.is_some() || args.tree_svg.is_some();
    if watching {
        anyhow::ensure!(!items.is_empty(), "{name}: no puzzle found");
        let watching = watched::Watching {
            args: &args.watch,
            tree_svg: args.tree_svg.as_deref(),
            pictures: pictures.as_ref(),
            tell_unique: !args.count,
        };
        return watched::solve(PROGRAM, &name, &items, &options, &watching, &mut report);
    }
    let solve = |item: &cli::Item| {
        let solved = cli::solve_item(item, &options, !args.count)?;
        if let Some(pictures) = &pictures {
            let picture = ripple::svg::render_outcome(&solved.puzzle, &solved.outcome);
            pictures
                .write(item.line.unwrap_or(1), &picture)
                .map_err(|error| error.to_string())?;
        }
        Ok(solved)
    };
    cli_kit::Batch::new(PROGRAM, &name)
        .threads(args.threads)
        .run(&items, solve, &mut report)
}

/// A number of seconds (`--time-limit`).
fn parse_seconds(text: &str) -> Result<Duration, String> {
    let seconds: f64 = text
        .parse()
        .map_err(|_| format!("expected a number of seconds, found '{text}'"))?;
    Duration::try_from_secs_f64(seconds)
        .map_err(|_| format!("expected a finite, non-negative number of seconds, found '{text}'"))
}

/// A seed from the clock, for `generate` without `--seed` (printed with the puzzle).
fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |elapsed| elapsed.as_nanos() as u64 % 1_000_000)
}
