//! The `sudoku` command line: `solve` puzzles (one per line or grids) with any
//! of the four algorithms, and `check` the JSON output of `solve` with the
//! independent checker. The argument definitions live here; what is read,
//! solved and written lives in the library (`sudoku::cli`) and cli-kit.

use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

mod explain_cmd;
mod watched;

use clap::{Parser, Subcommand};
use cli_kit::{Batch, Input};
use sudoku::cli::{View, check_record, claims, read_input, solve_parsed};
use sudoku::{Algo, DEFAULT_FRONTIER_LIMIT, Options, ParseError, parse_puzzles};

const EXIT_CODES: &str = "Exit codes: 0 every puzzle solved (or counted); 1 bad input or I/O error \
(the message names the line and column); 2 usage error; 3 at least one puzzle has no solution; \
4 a node, time, frontier or memory limit was reached before an answer (the record's \"limit\" \
says which). A batch exits with the first of 1, 4, 3 that any puzzle ended with.";

#[derive(Debug, Parser)]
#[command(name = "sudoku", version, about = "Solve and check sudoku puzzles", after_help = EXIT_CODES)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Solve every puzzle of FILE (or stdin), or the PUZZLE given as the
    /// argument: 81-character lines with '.' or '0' for blanks, or grids of
    /// rows; '#' comments and blank lines are skipped. Sizes 4x4, 16x16 (1-9, A-G) and 25x25 (1-9, A-P) go to the
    /// general solvers: `--algo fast` hands them to `csp`.
    #[command(after_help = EXIT_CODES)]
    Solve(SolveArgs),
    /// Check what `sudoku solve` wrote (on stdin or in FILE), its JSON lines
    /// or its human view: a solution must keep the `puzzle`'s givens and
    /// hold each value once in every row, column and box; an "unsolvable"
    /// claim is confirmed by a small exhaustive search of the checker's own
    /// (within a node budget); a count must fit its status. The human view
    /// shows no puzzle: its grids are checked against the rules alone, its
    /// "no solution" and limit lines have nothing to be checked against.
    /// Every failure is reported; exit 0 when all records pass, 1
    /// otherwise.
    Check(CheckArgs),
    /// Explain how a person solves PUZZLE, step by step, with the techniques
    /// and ratings of Sudoku Explainer 1.2.1, then ER/EP/ED. PUZZLE is 81
    /// characters, the 729-character pencil-mark form, or a file holding
    /// one. A puzzle without exactly one solution is not rated (exit 1).
    Explain(ExplainArgs),
    /// The next step only, revealed as far as --level asks.
    Hint(HintArgs),
    /// Rate every puzzle of FILE (or stdin) as serate does: `PUZZLE
    /// ED=ER/EP/ED` per line (ER 20.0: the techniques got stuck; 0.0: not
    /// exactly one solution, exit 1).
    Rate(RateArgs),
    /// Make unique, minimal puzzles whose ER lies in --rating, one line
    /// each (`PUZZLE ED=ER/EP/ED`); the same --seed gives the same puzzles.
    /// Exit 4 when --time-limit passes before a puzzle in the band is found.
    Generate(GenerateArgs),
}

#[derive(Debug, clap::Args)]
struct GenerateArgs {
    /// How many puzzles.
    #[arg(long, default_value_t = 1)]
    number: u64,
    /// The ER band, both ends included, such as 2.0..4.0.
    #[arg(long, default_value = "1.0..11.9", value_parser = explain_cmd::parse_band)]
    rating: (sudoku::explain::Rating, sudoku::explain::Rating),
    /// Cells that stay given or blank together.
    #[arg(long, value_enum, default_value = "none")]
    symmetry: sudoku::explain::Symmetry,
    /// Puzzle i is made from seed + i.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Give up on a puzzle after this many seconds.
    #[arg(long, value_name = "SECONDS", default_value = "60", value_parser = parse_seconds)]
    time_limit: Duration,
}

#[derive(Debug, clap::Args)]
struct ExplainArgs {
    /// The puzzle (81 or 729 characters) or a file holding it.
    puzzle: String,
    /// One JSON record per step, then the puzzle's record with er, ep, ed.
    #[arg(long)]
    json: bool,
    /// Write one SVG picture per step (step-001.svg, ...) into DIR.
    #[arg(long, value_name = "DIR")]
    svg_dir: Option<PathBuf>,
}

#[derive(Debug, clap::Args)]
struct HintArgs {
    /// The puzzle or a grid in progress (81 or 729 characters), or a file.
    puzzle: String,
    /// nudge: where to look; technique: which technique; step: all of it.
    #[arg(long, value_enum, default_value = "technique")]
    level: explain_cmd::Level,
}

#[derive(Debug, clap::Args)]
struct RateArgs {
    /// A file of puzzles; stdin when absent or '-'.
    file: Option<PathBuf>,
    /// Worker threads (default: one per core).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=1024))]
    threads: Option<u64>,
    /// One JSON record per puzzle with er, ep, ed, the hardest technique
    /// and the step count.
    #[arg(long)]
    json: bool,
}

#[derive(Debug, clap::Args)]
struct SolveArgs {
    /// A file of puzzles, or one puzzle itself (81 characters, '.' or '0'
    /// for blanks); stdin when absent or '-'.
    #[arg(value_name = "FILE|PUZZLE")]
    file: Option<PathBuf>,
    /// Which solver to run.
    #[arg(long, value_enum, default_value_t = Algo::Fast)]
    algo: Algo,
    /// Count solutions up to --limit (a uniqueness check with the default 2).
    #[arg(long)]
    count: bool,
    /// How many solutions --count looks for.
    #[arg(long, requires = "count", default_value_t = 2, value_parser = clap::value_parser!(u64).range(1..))]
    limit: u64,
    /// Worker threads for a batch (default: one per core).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=1024))]
    threads: Option<u64>,
    /// One JSON object per puzzle per line instead of the human view.
    #[arg(long, conflicts_with_all = ["pretty", "stats"])]
    json: bool,
    /// Draw grids with box-drawing characters.
    #[arg(long)]
    pretty: bool,
    /// Add search nodes and time to the human view.
    #[arg(long)]
    stats: bool,
    /// Give up on a puzzle before its search nodes (the root plus one per
    /// value tried) would pass this (status "limit").
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    node_limit: Option<u64>,
    /// Give up on a puzzle after this many seconds, such as 0.5 (status
    /// "limit", limit "time"); every algorithm.
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    time_limit: Option<Duration>,
    /// With --algo bfs: the most boards BFS may hold before giving up
    /// (status "limit") [default: 1000000].
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    frontier_limit: Option<u64>,
    /// With --algo bfs or csp: the most memory the search may hold (BFS's
    /// boards, csp's trail and stacks), such as 512M or 4G, before giving
    /// up (status "limit") [default: half the memory available].
    #[arg(long, value_name = "SIZE", value_parser = cli_kit::parse_bytes)]
    memory_limit: Option<usize>,
    /// Draw each puzzle as SVG: its solution, or its pencil marks when
    /// unsolved. FILE for one puzzle; for several, FILE is a folder
    /// (created) and the puzzle of input line N goes to N.svg.
    #[arg(long, value_name = "FILE")]
    svg: Option<PathBuf>,
    #[command(flatten)]
    watch: cli_kit::WatchArgs,
    /// With --algo dfs, bfs or csp and one puzzle: draw the search tree's
    /// first 500 nodes as SVG (each board with its depth; csp's
    /// domain-splitting tree), and Graphviz DOT beside it (FILE.dot).
    #[arg(long, value_name = "FILE")]
    tree_svg: Option<PathBuf>,
}

impl SolveArgs {
    /// The solver's options; flags that do not apply to `--algo` are a
    /// usage error.
    fn options(&self) -> Options {
        if self.frontier_limit.is_some() && self.algo != Algo::Bfs {
            cli_kit::usage_error::<Cli>(format!(
                "--frontier-limit applies to --algo bfs only, not to --algo {}",
                self.algo
            ));
        }
        if self.memory_limit.is_some() && !matches!(self.algo, Algo::Bfs | Algo::Csp) {
            cli_kit::usage_error::<Cli>(format!(
                "--memory-limit applies to --algo bfs and csp only, not to --algo {}",
                self.algo
            ));
        }
        let mut options = Options::new(self.algo)
            .count_up_to(if self.count { self.limit } else { 1 })
            .frontier_limit(
                self.frontier_limit
                    .map_or(DEFAULT_FRONTIER_LIMIT, |boards| boards as usize),
            )
            // Also for fast, which hands sizes other than 9x9 to csp.
            .memory_limit(
                self.memory_limit
                    .unwrap_or_else(cli_kit::default_memory_budget),
            );
        options.limits.node_limit = self.node_limit;
        options.limits.time_limit = self.time_limit;
        options
    }
}

/// A number of seconds (`--time-limit`).
fn parse_seconds(text: &str) -> Result<Duration, String> {
    let seconds: f64 = text
        .parse()
        .map_err(|_| format!("expected a number of seconds, found '{text}'"))?;
    Duration::try_from_secs_f64(seconds)
        .map_err(|_| format!("expected a finite, non-negative number of seconds, found '{text}'"))
}

#[derive(Debug, clap::Args)]
struct CheckArgs {
    /// JSON lines file; stdin when absent or '-'.
    file: Option<PathBuf>,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Solve(args) => solve(&args),
        Command::Check(args) => check(&args),
        Command::Explain(args) => {
            explain_cmd::explain_cmd(&args.puzzle, args.json, args.svg_dir.as_ref())
        }
        Command::Generate(args) => explain_cmd::generate_cmd(
            args.number,
            args.rating,
            args.symmetry,
            args.seed,
            args.time_limit,
        ),
        Command::Hint(args) => explain_cmd::hint_cmd(&args.puzzle, args.level),
        Command::Rate(args) => read_input(args.file.as_deref()).and_then(|input| {
            explain_cmd::rate_cmd(
                &input.name,
                &input.text,
                args.threads.map(|t| t as usize),
                args.json,
            )
        }),
    };
    cli_kit::finish("sudoku", result)
}

fn solve(args: &SolveArgs) -> anyhow::Result<ExitCode> {
    let options = args.options();
    if let Some(misfit) = args.watch.misfit(args.json, args.stats) {
        cli_kit::usage_error::<Cli>(misfit);
    }
    let watching = args.watch.trace || args.watch.events.is_some() || args.tree_svg.is_some();
    if args.tree_svg.is_some() && args.watch.compare {
        cli_kit::usage_error::<Cli>(
            "--compare runs every algorithm: draw one tree with --algo instead",
        );
    }
    let input = read_input(args.file.as_deref())?;
    let puzzles = parse_puzzles(&input.text);
    if puzzles.is_empty() {
        // A whole-input error: the file, where its text ends and what was
        // expected there.
        anyhow::bail!("{}: {}", input.name, ParseError::no_puzzle_in(&input.text));
    }
    if args.tree_svg.is_some() && puzzles.len() > 1 {
        cli_kit::usage_error::<Cli>("--tree-svg draws one search: give one puzzle");
    }
    if args.watch.compare {
        return watched::compare(&input.name, &puzzles, &options, args.json);
    }
    let mut view = View {
        json: args.json,
        pretty: args.pretty,
        stats: args.stats,
        count_limit: args.count.then_some(args.limit),
        several: puzzles.len() > 1,
        bold_givens: sudoku::cli::bold_givens(
            std::io::stdout().is_terminal(),
            std::env::var_os("NO_COLOR").as_deref(),
        ),
    };
    let pictures = args
        .svg
        .as_deref()
        .map(|target| svg_kit::PictureFiles::new(target, puzzles.len() > 1))
        .transpose()?;
    if watching {
        return watched::solve(
            &input.name,
            &puzzles,
            &options,
            &args.watch,
            args.tree_svg.as_deref(),
            !args.count,
            &mut view,
        );
    }
    Batch::new("sudoku", &input.name)
        .threads(args.threads.map(|threads| threads as usize))
        .run(
            &puzzles,
            |parsed| {
                let answer = solve_parsed(parsed, &options, !args.count)?;
                if let (Some(pictures), Ok(puzzle)) = (&pictures, &parsed.result) {
                    let svg = sudoku::svg::render_outcome(puzzle, &answer.outcome);
                    pictures
                        .write(parsed.line, &svg)
                        .map_err(|error| error.to_string())?;
                }
                Ok(answer)
            },
            &mut view,
        )
}

fn check(args: &CheckArgs) -> anyhow::Result<ExitCode> {
    if args
        .file
        .as_ref()
        .is_none_or(|file| file.as_os_str() == "-")
        && std::io::stdin().is_terminal()
    {
        eprintln!("sudoku: reading the output of sudoku solve from stdin; end with Ctrl-D");
    }
    let input = Input::read(args.file.as_deref())?;
    cli_kit::run_check("sudoku", claims(&input.text), check_record)
}
