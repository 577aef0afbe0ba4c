//! The `akari` command: argument definitions, and calls into cli-kit's
//! driver, which reads, solves, shows and checks through the library's
//! application traits; no output format or exit code is decided here.

use std::path::PathBuf;
use std::process::ExitCode;

use akari::{Akari, Algo};
use clap::{Parser, Subcommand};
use cli_kit::{SolveFlags, SolveRun};

const EXIT_CODES: &str = "Exit codes: 0 solved (or counted); 1 bad input or I/O error (the \
message names the file, line and column), or for check a record that fails; 2 usage error; 3 the \
puzzle has no solution; 4 a limit was reached before an answer.";

#[derive(Parser)]
#[command(name = "akari", version, about = "Akari: solve, count and check puzzles", after_help = EXIT_CODES)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Solve a puzzle: N rows of N cells (a digit 1-N or '.'), by lines or with '/' between.
    #[command(after_help = EXIT_CODES)]
    Solve(SolveArgs),
    /// Check `solve --json` records on stdin by the independent checker (each solution against
    /// its "puzzle", "unsolvable" by a search of its own); exit 0 when all pass.
    #[command(after_help = EXIT_CODES)]
    Check,
}

#[derive(clap::Args)]
struct SolveArgs {
    /// Puzzle file, or `-` / nothing for stdin.
    file: Option<PathBuf>,
    #[command(flatten)]
    shared: SolveFlags<Algo>,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    cli_kit::finish("akari", run(cli.command))
}

fn run(command: Command) -> anyhow::Result<ExitCode> {
    match command {
        Command::Solve(args) => cli_kit::driver::solve::<Akari, Cli>(SolveRun {
            flags: &args.shared,
            file: args.file.as_deref(),
            input: None,
            reading: (),
            view: (),
            // One puzzle per input.
            threads: Some(1),
            options: None,
        }),
        Command::Check => cli_kit::driver::check::<Akari>(None),
    }
}
