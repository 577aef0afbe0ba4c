//! The `nqueens` command line: count placements, find one, or check one.
//! Argument definitions only: `solve` and `check` are cli-kit's driver
//! over the library's traits (`nqueens::app`), `count` the library's
//! (`nqueens::cli`).

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use cli_kit::{Input, SolveFlags, SolveRun};
use nqueens::cli::{self, CountAlgo, Flag, QueensView, View};
use nqueens::{Algo, Limits, MAX_COUNT_N, MAX_SOLVE_N, Options, Queens};

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
    Count(CountArgs),
    /// Find one placement of N queens (N up to 100,000,000)
    #[command(after_help = cli::SOLVE_HELP)]
    Solve(SolveArgs),
    /// Check the output of `nqueens solve` (read from stdin) independently
    #[command(after_help = cli::CHECK_HELP)]
    Check(CheckArgs),
}

#[derive(Debug, clap::Args)]
struct CountArgs {
    /// Board size, 1 to 32 (each step up costs about 6x; N = 17 takes seconds)
    #[arg(value_parser = clap::value_parser!(i64).range(1..=MAX_COUNT_N as i64),
          allow_negative_numbers = true, required_unless_present = "subproblem")]
    n: Option<i64>,
    /// Print the count split into independent subproblems, the first DEPTH
    /// rows placed, one JSON line each ({"n", "columns", "symmetry"}), for
    /// any scheduler to share out (fast only)
    #[arg(long, value_name = "DEPTH", conflicts_with_all = ["unique", "threads"])]
    split: Option<usize>,
    /// How --split weighs its subproblems: the fast counter's own search by
    /// symmetry classes, or mirror halving (lines with a "weight")
    #[arg(long, value_enum, requires = "split")]
    symmetry: Option<cli::SplitSymmetry>,
    /// Count one line of --split on this thread and print its share of the
    /// total (with --unique, of the distinct placements; classes only): the
    /// shares of a split sum to the count
    #[arg(long, value_name = "JSON", conflicts_with_all = ["n", "split", "threads"])]
    subproblem: Option<String>,
    /// Worker threads of the fast counter [default: all cores]
    #[arg(long, short = 't', value_parser = clap::value_parser!(u32).range(1..=1024))]
    threads: Option<u32>,
    /// Print the number of placements distinct under rotation and reflection (fast only)
    #[arg(long)]
    unique: bool,
    /// Counter to use: the fast bitboard counter, or a textbook formulation
    #[arg(long, value_enum, default_value_t)]
    algo: CountAlgo,
    #[command(flatten)]
    limits: LimitArgs,
    #[command(flatten)]
    output: OutputArgs,
    #[command(flatten)]
    watch: cli_kit::WatchArgs,
    /// Draw the search tree's first 500 nodes as SVG in FILE (dfs, bfs:
    /// each board with its depth; csp and fast, up to N = 12: the
    /// domain-splitting tree of its decisions), Graphviz DOT beside it
    /// (FILE.dot)
    #[arg(long, value_name = "FILE")]
    tree_svg: Option<PathBuf>,
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
struct LimitArgs {
    /// Node budget of csp, dfs and bfs: the search ends with nodes <= K
    /// (status "limit", exit 4) [default: none]
    #[arg(long, value_name = "K", value_parser = clap::value_parser!(u64).range(1..))]
    node_limit: Option<u64>,
    /// Memory budget of csp, dfs and bfs, such as 512M or 4G (status "limit",
    /// exit 4) [default: half the memory available]
    #[arg(long, value_name = "SIZE", value_parser = cli_kit::parse_bytes)]
    memory_limit: Option<usize>,
}

impl LimitArgs {
    fn flags(&self) -> [(Flag, bool); 2] {
        [
            (Flag::NodeLimit, self.node_limit.is_some()),
            (Flag::MemoryLimit, self.memory_limit.is_some()),
        ]
    }

    fn limits(&self) -> Limits {
        Limits {
            node_limit: self.node_limit,
            memory_limit: Some(
                self.memory_limit
                    .unwrap_or_else(cli_kit::default_memory_budget),
            ),
            ..Limits::default()
        }
    }
}

#[derive(Debug, clap::Args)]
struct OutputArgs {
    /// One JSON object on one line instead of the human view (its "stats"
    /// hold the counters: --stats does not go with it)
    #[arg(long, conflicts_with = "stats")]
    json: bool,
    /// Add a line with the nodes visited and the time taken
    #[arg(long)]
    stats: bool,
}

#[derive(Debug, clap::Args)]
struct CheckArgs {
    /// The board size every placement must have
    #[arg(long = "n", value_name = "N")]
    n: Option<usize>,
}

fn main() -> ExitCode {
    let result = match parse().command {
        Command::Count(args) => count(&args),
        Command::Solve(args) => solve(&args),
        Command::Check(args) => check(args.n),
    };
    cli_kit::finish(cli::PROGRAM, result)
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

/// The board size: clap's range has already made `n` positive and small.
fn size(n: i64) -> usize {
    usize::try_from(n).unwrap_or(usize::MAX)
}

/// Ends the program with a usage error (exit 2) when a flag given does not
/// apply to the chosen algorithm.
fn refuse_misfits(algo: &str, given: &[(Flag, bool)]) {
    if let Some(message) = cli::misfit(algo, given) {
        cli_kit::usage_error::<Cli>(message);
    }
}

fn count(args: &CountArgs) -> anyhow::Result<ExitCode> {
    let [node_limit, memory_limit] = args.limits.flags();
    refuse_misfits(
        args.algo.name(),
        &[
            (Flag::Threads, args.threads.is_some()),
            (Flag::Unique, args.unique),
            node_limit,
            memory_limit,
        ],
    );
    let threads = args
        .threads
        .and_then(|threads| std::num::NonZeroUsize::new(threads as usize));
    let view = View {
        json: args.output.json,
        stats: args.output.stats,
        unique: args.unique,
    };
    if (args.split.is_some() || args.subproblem.is_some()) && args.algo != CountAlgo::Fast {
        cli_kit::usage_error::<Cli>("--split and --subproblem belong to the fast counter");
    }
    let watching = watching(&args.watch, args.tree_svg.as_deref(), &args.output);
    let asked = watching.args.is_some() || args.watch.compare;
    if asked && (args.split.is_some() || args.subproblem.is_some()) {
        cli_kit::usage_error::<Cli>(
            "--split and --subproblem are not watched: leave out --trace, --events, --tree-svg and --compare",
        );
    }
    if watching.args.is_some()
        && args.algo == CountAlgo::Fast
        && args.n.is_some_and(|n| n > nqueens::WATCH_MAX_N as i64)
    {
        cli_kit::usage_error::<Cli>(format!(
            "--trace, --events and --tree-svg watch the fast counter up to N = {}: use a smaller N, or --algo csp, dfs or bfs with --node-limit",
            nqueens::WATCH_MAX_N
        ));
    }
    if let Some(json) = &args.subproblem {
        return cli::run_subproblem(json, view);
    }
    // clap requires N unless --subproblem is given.
    let n = size(args.n.unwrap_or(1));
    if let Some(depth) = args.split {
        return cli::run_split(n, depth, args.symmetry.unwrap_or_default());
    }
    if args.watch.compare {
        return cli::run_compare(n, args.limits.limits(), args.output.json);
    }
    cli::run_count(n, args.algo, threads, args.limits.limits(), view, watching)
}

fn solve(args: &SolveArgs) -> anyhow::Result<ExitCode> {
    let shared = &args.shared;
    refuse_misfits(
        shared.algo.name(),
        &[
            (Flag::Seed, args.seed.is_some()),
            (Flag::MaxSteps, args.max_steps.is_some()),
        ],
    );
    let n = size(args.n);
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
        view: QueensView { options },
        threads: Some(1),
        options: Some(options),
    })
}

/// `check`: the JSON records on stdin, of a board of `n` when given.
fn check(n: Option<usize>) -> anyhow::Result<ExitCode> {
    let queens = n.map(Queens::new).transpose()?;
    cli_kit::driver::check(queens.as_ref())
}

/// What the watch flags ask, after refusing the ones that do not go
/// together; `args` is `None` when nothing is watched.
fn watching<'a>(
    args: &'a cli_kit::WatchArgs,
    tree_svg: Option<&'a std::path::Path>,
    output: &OutputArgs,
) -> cli::Watching<'a> {
    if let Some(misfit) = args.misfit(output.json, output.stats) {
        cli_kit::usage_error::<Cli>(misfit);
    }
    if args.compare && tree_svg.is_some() {
        cli_kit::usage_error::<Cli>(
            "--compare runs every algorithm: draw one tree with --algo instead",
        );
    }
    let watched = args.trace || args.events.is_some() || tree_svg.is_some();
    cli::Watching {
        args: watched.then_some(args),
        tree_svg,
    }
}
