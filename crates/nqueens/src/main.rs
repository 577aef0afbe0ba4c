//! The `nqueens` command line: count placements, find one, or check one.
//! Argument definitions only: `solve` and `check` are cli-kit's driver
//! over the library's traits (`nqueens::app`), `count` the library's
//! (`nqueens::cli`).

use std::process::ExitCode;

use clap::{Parser, Subcommand};
use cli_kit::{Input, SolveFlags, SolveRun};
use nqueens::cli::{self, Flag};
use nqueens::{Algo, MAX_SOLVE_N, Options, Queens};
use puzzle_kit::Puzzle;

#[derive(Debug, Parser)]
#[command(
    name = "nqueens",
    version,
    about = "Count or place N non-attacking queens on an NxN board",
    after_help = cli::EXIT_CODES
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Count every placement of N queens (bitboards, 8-fold symmetry, all cores)
    #[command(after_help = cli::COUNT_HELP)]
    Count(cli::CountArgs),
    /// Find one placement of N queens (N up to 100,000,000)
    #[command(after_help = cli::SOLVE_HELP)]
    Solve(SolveArgs),
    /// Check the output of `nqueens solve` (read from stdin) independently
    #[command(after_help = cli::CHECK_HELP)]
    Check(CheckArgs),
}

#[derive(Debug, clap::Args)]
struct SolveArgs {
    /// Board size, 1 to 100,000,000
    #[arg(value_parser = clap::value_parser!(i64).range(1..=MAX_SOLVE_N as i64),
          allow_negative_numbers = true)]
    n: i64,
    /// Seed of min-conflicts' random choices (the same seed, the same answer) [default: 1]
    #[arg(long)]
    seed: Option<u64>,
    /// Step budget of min-conflicts [default: 500*N + 1,000,000]
    #[arg(long)]
    max_steps: Option<u64>,
    #[command(flatten)]
    shared: SolveFlags<Algo>,
}

#[derive(Debug, clap::Args)]
struct CheckArgs {
    /// The board size every placement must have
    #[arg(long = "n", value_name = "N")]
    n: Option<usize>,
}

fn main() -> ExitCode {
    let result = match parse().command {
        Command::Count(args) => cli::run_count_args::<Cli>(&args),
        Command::Solve(args) => solve(&args),
        Command::Check(args) => check(args.n),
    };
    cli_kit::finish(Queens::NAME, result)
}

/// The command line, where a flag of another subcommand (`count 8 --seed
/// 3`) is a usage error that says whose flag it is, instead of clap's tip
/// to pass it as a value.
fn parse() -> Cli {
    use clap::error::{ContextKind, ContextValue, ErrorKind};
    Cli::try_parse().unwrap_or_else(|error| {
        if error.kind() == ErrorKind::UnknownArgument
            && let Some(ContextValue::String(flag)) = error.get(ContextKind::InvalidArg)
            && let Some(message) = cli::elsewhere(flag, std::env::args().skip(1))
        {
            cli_kit::usage_error::<Cli>(message);
        }
        error.exit()
    })
}

fn solve(args: &SolveArgs) -> anyhow::Result<ExitCode> {
    let shared = &args.shared;
    cli::refuse_misfits::<Cli>(
        shared.algo.name(),
        &[
            (Flag::SEED, args.seed.is_some()),
            (Flag::MAX_STEPS, args.max_steps.is_some()),
        ],
    );
    let n = cli::size(args.n);
    if shared.svg.is_some() && !shared.watch.compare && n > nqueens::svg::PIXELS_MAX {
        cli_kit::usage_error::<Cli>(format!("--svg: {}", nqueens::svg::TooLarge { n }));
    }
    let mut options: Options = shared.options();
    options.max_steps = args.max_steps;
    options.limits.seed = args.seed;
    cli_kit::driver::solve::<Queens, Cli>(SolveRun {
        flags: shared,
        file: None,
        input: Some(Input {
            name: cli::INPUT_NAME.to_owned(),
            text: n.to_string(),
        }),
        reading: (),
        view: options,
        threads: Some(1),
        options: Some(options),
    })
}

/// `check`: the JSON records on stdin, of a board of `n` when given.
fn check(n: Option<usize>) -> anyhow::Result<ExitCode> {
    let queens = n.map(Queens::new).transpose()?;
    cli_kit::driver::check(queens.as_ref())
}
