//! The `eight-puzzle` command: solve one board, a file of boards, or check
//! reported solutions. Argument definitions only; the work is in the
//! library (`eight_puzzle::cli` for what only the command needs).

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use clap::{Args, Parser, Subcommand};
use eight_puzzle::cli::{self, Boards, View};
use eight_puzzle::{Algo, Board, CycleCheck, Heuristic, Limits, Options, Solvers};

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
    /// The searcher. Default: astar for 3x3 and smaller, idastar for larger.
    #[arg(long, value_parser = cli::algorithm_parser())]
    algo: Option<Algo>,
    /// The heuristic of greedy, astar and idastar. Default: pdb for 4x4
    /// (additive 6-6-3 pattern databases, built once and cached), manhattan
    /// for 3x3, linear-conflict for 5x5 and larger.
    #[arg(long, value_enum)]
    heuristic: Option<Heuristic>,
    /// Do not look deeper than this many moves (the searcher framework's depth_limit).
    #[arg(long)]
    depth_limit: Option<u32>,
    /// Stop before generating more than this many states, the start
    /// included (exit 4). Default 20000000 for the searchers that keep
    /// every state (random, bfs, dfs, greedy, astar); for iddfs and idastar
    /// none up to 4x4 and 50000000 on 5x5 and larger boards, where an
    /// optimal search rarely ends (greedy finds a long path there at once).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    node_limit: Option<u64>,
    /// Stop after this many seconds (exit 4).
    #[arg(long, value_parser = cli_kit::parse_seconds)]
    time_limit: Option<Duration>,
    /// Stop before the states held take more memory than this, such as
    /// 512M or 4G (exit 4). Default: half the memory available.
    #[arg(long, value_name = "SIZE", value_parser = cli_kit::parse_bytes)]
    memory_limit: Option<usize>,
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
    /// One JSON object per puzzle (JSON Lines) instead of the human view
    /// (its "stats" hold the counters: --stats does not go with it).
    #[arg(long, conflicts_with = "stats")]
    json: bool,
    /// Add a stats line to the human view: nodes (states generated, the
    /// start included), states expanded, the largest frontier, iterations
    /// and time.
    #[arg(long)]
    stats: bool,
    /// Draw each board as SVG: the start, the goal and the solution as a
    /// strip of small boards. FILE for `solve`; for `batch`, FILE is a
    /// folder (created) and the board of line N goes to N.svg.
    #[arg(long, value_name = "FILE")]
    svg: Option<PathBuf>,
    #[command(flatten)]
    watch: cli_kit::WatchArgs,
    /// Draw the search tree as SVG: the first 500 nodes in expansion
    /// order, each with its board and g, h and f, the path to the goal
    /// marked. FILE for `solve`; for `batch`, a folder of N.svg by line.
    #[arg(long, value_name = "FILE", conflicts_with = "compare")]
    tree_svg: Option<PathBuf>,
}

impl SearchArgs {
    /// The solvers of these flags; flags that do not apply are a usage
    /// error (exit 2).
    fn solvers(self) -> (Solvers, View) {
        if let Some(misfit) = self.watch.misfit(self.json, self.stats) {
            cli_kit::usage_error::<Cli>(misfit);
        }
        if self.watch.compare && (self.algo.is_some() || self.heuristic.is_some()) {
            cli_kit::usage_error::<Cli>(
                "--compare runs every searcher with every heuristic: leave out --algo and --heuristic",
            );
        }
        let options = Options {
            algo: self.algo,
            limits: Limits {
                node_limit: self.node_limit,
                time_limit: self.time_limit,
                memory_limit: Some(
                    self.memory_limit
                        .unwrap_or_else(cli_kit::default_memory_budget),
                ),
                seed: self.seed,
                ..Limits::default()
            },
            goal: self.goal,
            heuristic: self.heuristic,
            depth_limit: self.depth_limit,
            cycle_check: self.cycle_check,
            pdb_cache: self.pdb_cache,
        };
        // The searchers of --compare are checked one by one.
        if !self.watch.compare
            && let Err(misfit) = options.check()
        {
            cli_kit::usage_error::<Cli>(misfit);
        }
        let view = View {
            json: self.json,
            events_only: self.watch.events_to_stdout(),
            stats: self.stats,
            summary: false,
        };
        (Solvers::new(options).with_loader(cli::load_databases), view)
    }
}

fn main() -> ExitCode {
    let run = || match Cli::parse().command {
        Command::Solve {
            board,
            summary,
            search,
        } => {
            let svg = search.svg.clone();
            let watch = search.watch.clone();
            let tree_svg = search.tree_svg.clone();
            let (solvers, view) = search.solvers();
            let view = View { summary, ..view };
            let boards = Boards::one(&board)?;
            if watch.compare {
                return cli::compare(&boards, solvers.options(), view.json);
            }
            if let Some(misfit) = boards.misfit(solvers.options()) {
                cli_kit::usage_error::<Cli>(misfit);
            }
            cli::run(
                &boards,
                &solvers,
                view,
                Some(1),
                svg.as_deref(),
                &watch,
                tree_svg.as_deref(),
            )
        }
        Command::Batch {
            file,
            threads,
            search,
        } => {
            let svg = search.svg.clone();
            let watch = search.watch.clone();
            let tree_svg = search.tree_svg.clone();
            let (solvers, view) = search.solvers();
            let boards = Boards::per_line(&file)?;
            if watch.compare {
                return cli::compare(&boards, solvers.options(), view.json);
            }
            cli::run(
                &boards,
                &solvers,
                view,
                threads.map(usize::from),
                svg.as_deref(),
                &watch,
                tree_svg.as_deref(),
            )
        }
        Command::Check => cli_kit::driver::check::<Board>(None),
    };
    cli_kit::finish(cli::PROGRAM, run())
}
