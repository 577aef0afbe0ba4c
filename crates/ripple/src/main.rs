//! The `ripple` command line: argument definitions and calls into the
//! library's `cli` module and cli-kit; no output format or exit code is
//! decided here.

use std::io::{self, IsTerminal};
use std::path::Path;
use std::process::ExitCode;
use std::time::Duration;

use clap::{Args, Parser, Subcommand};
use cli_kit::{SolveFlags, SolveRun, parse_seconds};
use ripple::cli::{self, GenerateRun, RippleView};
use ripple::{Algo, Difficulty, Format, Puzzle};

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
    /// URL).
    Check,
    /// Generate unique puzzles with minimal givens, graded by what their solve needs.
    Generate(GenerateArgs),
    /// Write puzzles in another form.
    Convert(cli_kit::forms::ConvertArgs<Format>),
}

#[derive(Debug, Args)]
struct SolveArgs {
    /// A puzzle file, a URL, or '-' / nothing for stdin.
    input: Option<String>,
    /// Print each puzzle's canonical puzz.link URL above its drawing.
    #[arg(long, conflicts_with = "json")]
    to_url: bool,
    /// Threads for a batch (default: one per core).
    #[arg(long, value_name = "T")]
    threads: Option<usize>,
    #[command(flatten)]
    shared: SolveFlags<Algo>,
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

fn main() -> ExitCode {
    let cli = Cli::parse();
    cli_kit::finish(PROGRAM, run(cli))
}

fn run(cli: Cli) -> anyhow::Result<ExitCode> {
    match cli.command {
        Command::Solve(args) => {
            let shared = &args.shared;
            let input = cli::command_line(args.input.as_deref());
            let file = args.input.as_deref().filter(|_| input.is_none());
            cli_kit::driver::solve::<Puzzle, Cli>(SolveRun {
                flags: shared,
                file: file.map(Path::new),
                input,
                reading: (),
                view: RippleView {
                    algo: shared.algo,
                    to_url: args.to_url,
                    limit: shared.limit.unwrap_or(2),
                },
                threads: args.threads,
                options: None,
            })
        }
        Command::Check => cli_kit::driver::check::<Puzzle>(None),
        Command::Generate(args) => {
            let (rows, cols) = args.size;
            let run = GenerateRun {
                rows,
                cols,
                seed: args.seed.unwrap_or_else(cli::clock_seed),
                number: args.number,
                difficulty: args.difficulty,
                format: args.format,
                json: args.json,
                with_solution: args.solution,
                time_limit: Some(args.time_limit),
                progress: io::stderr().is_terminal(),
            };
            cli::run_generate(&run)
        }
        Command::Convert(args) => cli_kit::forms::run_convert::<Puzzle>(PROGRAM, &args),
    }
}
