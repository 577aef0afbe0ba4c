//! The `eight-puzzle` command: solve one board, a file of boards, or check
//! reported solutions. Argument definitions only; the work is in the
//! library (`eight_puzzle::cli` for what only the command needs).

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, CommandFactory, FromArgMatches, Parser, Subcommand};
use cli_kit::SolveFlags;
use eight_puzzle::cli::{self, Boards};
use eight_puzzle::{Algo, Board, CycleCheck, Heuristic, Options};

/// Sliding-tile puzzles of any size (3x3 eight puzzle, 4x4 fifteen puzzle,
/// ...). Moves are named by where the blank goes. The goal is the blank
/// first (012345678) unless --goal says otherwise.
///
/// Exit codes: 0 solved, 1 bad input, 2 usage error, 3 unsolvable (wrong
/// parity, found without searching), 4 a limit (node, time, memory or
/// depth) was reached first. In a batch: 1 if any line was invalid, else 4
/// if any hit a limit, else 3 if any was unsolvable.
#[derive(Parser, Debug)]
#[command(name = "eight-puzzle", version)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Solve one board: nine digits (142358607, 0 the blank) or tiles
    /// separated by commas or spaces for any size; `-` or nothing reads it
    /// from stdin (rows of a grid are joined).
    Solve {
        /// The board; several arguments are joined with spaces.
        board: Vec<String>,
        /// Print only the last line of the view, the moves on one line
        /// ("5 moves: up left ..."), not the board after every move.
        #[arg(long, conflicts_with = "json")]
        summary: bool,
        #[command(flatten)]
        search: SearchArgs,
    },
    /// Solve every board of a file, one per line (text after # is a
    /// comment; blank lines are skipped), then print how many were solved and
    /// the average moves and states tested, as the searcher framework's process_file; lines
    /// that fail are reported and counted.
    Batch {
        /// The file of boards, `-` for stdin.
        file: PathBuf,
        /// Solve on this many threads (default: one per core).
        #[arg(long, value_parser = clap::value_parser!(u16).range(1..))]
        threads: Option<u16>,
        #[command(flatten)]
        search: SearchArgs,
    },
    /// Read the JSON lines of `solve --json` or `batch --json` on stdin and
    /// verify each independently: for "solved", the moves are legal,
    /// num_moves counts them, and they lead from `board` to `goal` (blank
    /// first when absent); for "unsolvable", the inversion rule agrees.
    /// Failures go to stderr; exit 0 when every line passes, 1 otherwise.
    Check,
}

#[derive(Args, Debug, Clone)]
struct SearchArgs {
    /// The goal board (default: blank first, 0 1 2 ... for the board's size).
    #[arg(long)]
    goal: Option<Board>,
    /// The heuristic of greedy, astar and idastar. Default: pdb for 4x4
    /// (additive 6-6-3 pattern databases, built once and cached), manhattan
    /// for 3x3, linear-conflict for 5x5 and larger.
    #[arg(long, value_enum)]
    heuristic: Option<Heuristic>,
    /// Do not look deeper than this many moves (the searcher framework's depth_limit).
    #[arg(long)]
    depth_limit: Option<u32>,
    /// Seed of the random searcher (default 0; --algo random only).
    #[arg(long)]
    seed: Option<u64>,
    /// Cycle check of the chosen --algo (not idastar, which always just
    /// refuses the move undoing the previous one): path (the searcher framework's
    /// creates_cycle; default for random), closed (a table of states seen;
    /// default otherwise) or none.
    #[arg(long, value_parser = cli::cycle_check_parser())]
    cycle_check: Option<CycleCheck>,
    /// Where pattern databases are cached (default: $EIGHT_PUZZLE_CACHE,
    /// else the platform's cache folder: $XDG_CACHE_HOME/eight-puzzle,
    /// else ~/.cache/eight-puzzle on Linux).
    #[arg(long, value_name = "DIR")]
    pdb_cache: Option<PathBuf>,
    /// The shared flags (their help for sliding tiles: `cli::own_help`).
    #[command(flatten)]
    shared: SolveFlags<Algo>,
}

impl SearchArgs {
    /// `solve` or `batch` of `boards` on cli-kit's driver, `batch`'s view
    /// or `solve`'s (with `--summary`); a flag that does not apply, or
    /// options that do not fit the one board of `solve`, are a usage error.
    fn solve(
        self,
        given: bool,
        boards: impl FnOnce() -> anyhow::Result<Boards>,
        (batch, summary): (bool, bool),
        threads: Option<usize>,
    ) -> anyhow::Result<ExitCode> {
        let own = Options {
            goal: self.goal,
            heuristic: self.heuristic,
            depth_limit: self.depth_limit,
            cycle_check: self.cycle_check,
            pdb_cache: self.pdb_cache,
            ..Options::default()
        };
        let usage = |misfit: String| -> ! { cli_kit::usage_error::<Cli>(misfit) };
        let options =
            cli::options(&self.shared, given, own, self.seed).unwrap_or_else(|m| usage(m));
        let run = cli::solve_run(&self.shared, boards()?, options, (batch, summary), threads);
        cli_kit::driver::solve::<Board, Cli>(run.unwrap_or_else(|m| usage(m)))
    }
}

fn main() -> ExitCode {
    let matches = cli::own_help(Cli::command()).get_matches();
    let given = cli::algo_given(&matches);
    let cli = Cli::from_arg_matches(&matches).unwrap_or_else(|error| error.exit());
    let run = || match cli.command {
        Command::Solve {
            board,
            summary,
            search,
        } => search.solve(given, || Boards::one(&board), (false, summary), None),
        Command::Batch {
            file,
            threads,
            search,
        } => {
            let threads = threads.map(usize::from);
            search.solve(given, || Boards::per_line(&file), (true, false), threads)
        }
        Command::Check => cli_kit::driver::check::<Board>(None),
    };
    cli_kit::finish(cli::PROGRAM, run())
}
