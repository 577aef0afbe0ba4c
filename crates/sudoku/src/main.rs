//! The `sudoku` command line: `solve` puzzles (one per line or grids) with any
//! of the four algorithms, and `check` the JSON output of `solve` with the
//! independent checker, through cli-kit's driver (the shared flags, the
//! batch, the watched solve, `--compare`) over the library's application
//! traits (`sudoku::app`); `explain`, `hint`, `rate` and `generate` are in
//! `explain_cmd`.

use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;

mod explain_cmd;

use clap::{Parser, Subcommand};
use cli_kit::{Input, SolveFlags, SolveRun};
use sudoku::app::{SudokuBatch, SudokuView};
use sudoku::cli::read_input;
use sudoku::{Algo, Options, ParseError, Sudoku, parse_puzzles};

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
    /// Check the JSON records `sudoku solve --json` wrote (on stdin or in
    /// FILE): a solution must keep the `puzzle`'s givens and hold each value
    /// once in every row, column and box; an "unsolvable" claim is confirmed
    /// by a small exhaustive search of the checker's own (within a node
    /// budget); a count must fit its status. Every failure is reported;
    /// exit 0 when all records pass, 1 otherwise.
    Check(CheckArgs),
    /// Explain how a person solves PUZZLE, step by step, with the techniques
    /// and ratings of Sudoku Explainer 1.2.1, then ER/EP/ED. PUZZLE is 81
    /// characters, the 729-character pencil-mark form, or a file holding
    /// one. A puzzle without exactly one solution is not rated (exit 1).
    Explain(explain_cmd::ExplainArgs),
    /// The next step only, revealed as far as --level asks.
    Hint(explain_cmd::HintArgs),
    /// Rate every puzzle of FILE (or stdin) as serate does: `PUZZLE
    /// ED=ER/EP/ED` per line (ER 20.0: the techniques got stuck; 0.0: not
    /// exactly one solution, exit 1).
    Rate(explain_cmd::RateArgs),
    /// Make unique, minimal puzzles whose ER lies in --rating, one line
    /// each (`PUZZLE ED=ER/EP/ED`); the same --seed gives the same puzzles.
    /// Exit 4 when --time-limit passes before a puzzle in the band is found.
    Generate(explain_cmd::GenerateArgs),
}

#[derive(Debug, clap::Args)]
struct SolveArgs {
    /// A file of puzzles, or one puzzle itself (81 characters, '.' or '0'
    /// for blanks); stdin when absent or '-'.
    #[arg(value_name = "FILE|PUZZLE")]
    file: Option<PathBuf>,
    /// Worker threads for a batch (default: one per core).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=1024))]
    threads: Option<u64>,
    /// Draw grids with box-drawing characters.
    #[arg(long, conflicts_with = "json")]
    pretty: bool,
    /// With --algo bfs: the most boards BFS may hold before giving up
    /// (status "limit") [default: 1000000].
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    frontier_limit: Option<u64>,
    #[command(flatten)]
    shared: SolveFlags<Algo>,
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
        Command::Explain(args) => args.run(),
        Command::Generate(args) => args.run(),
        Command::Hint(args) => args.run(),
        Command::Rate(args) => args.run(),
    };
    cli_kit::finish("sudoku", result)
}

fn solve(args: &SolveArgs) -> anyhow::Result<ExitCode> {
    let algo = args.shared.algo;
    if args.frontier_limit.is_some() && algo != Algo::Bfs {
        cli_kit::usage_error::<Cli>(format!(
            "--frontier-limit applies to --algo bfs only, not to --algo {algo}"
        ));
    }
    // The driver checks this too: here before stdin is read.
    if let Some(misfit) = args.shared.misfit::<Sudoku>() {
        cli_kit::usage_error::<Cli>(misfit);
    }
    let input = read_input(args.file.as_deref())?;
    let puzzles = parse_puzzles(&input.text);
    if puzzles.is_empty() {
        // A whole-input error: the file, where its text ends, what was expected.
        anyhow::bail!("{}: {}", input.name, ParseError::no_puzzle_in(&input.text));
    }
    let mut options: Options = args.shared.options();
    if let Some(boards) = args.frontier_limit {
        options = options.frontier_limit(boards as usize);
    }
    cli_kit::driver::solve::<Sudoku, Cli>(SolveRun {
        flags: &args.shared,
        file: None,
        view: SudokuView {
            pretty: args.pretty,
            several: puzzles.len() > 1,
            limit: args.shared.limit.unwrap_or(2),
        },
        reading: SudokuBatch { puzzles },
        threads: args.threads.map(|threads| threads as usize),
        input: Some(input),
        options: Some(options),
    })
}

fn check(args: &CheckArgs) -> anyhow::Result<ExitCode> {
    let file = args.file.as_ref().filter(|file| file.as_os_str() != "-");
    if file.is_none() && std::io::stdin().is_terminal() {
        eprintln!("sudoku: reading the output of sudoku solve --json from stdin; end with Ctrl-D");
    }
    match file {
        None => cli_kit::driver::check::<Sudoku>(None),
        Some(file) => cli_kit::driver::check_input::<Sudoku>(&Input::read(Some(file))?, None),
    }
}
