//! The `ripple` command line: argument definitions and calls into the
//! library's `cli` module and cli-kit; no output format or exit code is
//! decided here.

use std::io::{self, IsTerminal};
use std::path::Path;
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand};
use cli_kit::{SolveFlags, SolveRun};
use ripple::cli::{self, GenerateRun, RippleView};
use ripple::{Algo, Format, Puzzle};

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
    Generate(GenerateRun),
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

fn main() -> ExitCode {
    let cli = Cli::parse();
    cli_kit::finish(PROGRAM, run(cli))
}

fn run(cli: Cli) -> anyhow::Result<ExitCode> {
    match cli.command {
        Command::Solve(args) => {
            let shared = &args.shared;
            // A URL given on the command line (and not a file's name) is the input.
            let input = cli_kit::command_line(args.input.as_deref(), ripple::is_url);
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
        Command::Generate(mut run) => {
            run.progress = io::stderr().is_terminal();
            cli::run_generate(&run)
        }
        Command::Convert(args) => cli_kit::forms::run_convert::<Puzzle>(PROGRAM, &args),
    }
}
