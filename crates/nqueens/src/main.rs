//! The `nqueens` command line: count placements, find one, or check one.
//! Thin by design: parse the arguments, call the library, print.

use std::io::{self, BufWriter, Write};
use std::num::NonZeroUsize;
use std::process::ExitCode;

use anyhow::Context;
use clap::{Parser, Subcommand, ValueEnum};
use nqueens::{
    Algorithm, CountOptions, Formulation, MAX_SOLVE_N, Outcome, SearchResult, Stats, Verdict,
};
use serde::Serialize;

const EXIT_CODES: &str = "\
Exit codes:
  0  solved, counted at least one placement, or (check) the placement is valid
  1  bad input or I/O error; (check) the placement is invalid
  2  usage error: unknown flag, N not a number or out of range
  3  proven unsolvable: N = 2 or 3 has no placement (count prints 0)
  4  a limit was reached first (min-conflicts --max-steps, or --node-limit)";

#[derive(Debug, Parser)]
#[command(
    name = "nqueens",
    version,
    about = "Count or place N non-attacking queens on an NxN board",
    after_help = EXIT_CODES
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Count every placement of N queens (bitboards, 8-fold symmetry, all cores)
    #[command(after_help = concat!(
        "Prints the number of placements (with --unique, the number of distinct ones\n",
        "under rotation and reflection).\n\n",
        "JSON (--json), one line:\n",
        "  status   \"solved\", or \"unsolvable\" when the count is 0\n",
        "  n        the board size\n",
        "  count    every placement (OEIS A000170)\n",
        "  unique   placements distinct under the 8 symmetries (A002562), with --unique\n",
        "  algo     \"fast\" (the default), or a textbook formulation: \"csp\", \"dfs\", \"bfs\"\n",
        "  threads  worker threads allowed (--threads, or all cores; fast only)\n",
        "  stats    {\"nodes\": queens placed, \"micros\": wall-clock microseconds}\n\n",
        "Examples:\n",
        "  nqueens count 14                   365596\n",
        "  nqueens count 8 --unique           12\n",
        "  nqueens count 16 --threads 1 --json\n",
        "  nqueens count 8 --algo dfs         92 (seed 004's formulation agrees)"
    ))]
    Count(CountArgs),
    /// Find one placement of N queens (N up to 100,000,000)
    #[command(after_help = concat!(
        "Human view: the board (rows of Q and . separated by spaces) for N <= 32,\n",
        "beyond that the columns of rows 0, 1, 2, ... on one line.\n\n",
        "JSON (--json), one line:\n",
        "  status    \"solved\", \"unsolvable\" (N = 2, 3) or \"limit\" (step or node budget)\n",
        "  n         the board size\n",
        "  algo      \"construct\", \"min-conflicts\", \"csp\", \"dfs\" or \"bfs\"\n",
        "  solution  when solved: the queen's 0-based column in each row, top to bottom\n",
        "  stats     {\"nodes\": rows filled, or queens placed plus swaps tried,\n",
        "             \"micros\": wall-clock microseconds}\n\n",
        "Examples:\n",
        "  nqueens solve 8\n",
        "  nqueens solve 1000000 --json | nqueens check\n",
        "  nqueens solve 5000 --algo min-conflicts --seed 42\n",
        "  nqueens solve 8 --algo dfs         (seed 004: most constrained row first)"
    ))]
    Solve(SolveArgs),
    /// Check the output of `nqueens solve` (read from stdin) independently
    #[command(after_help = concat!(
        "Accepts what solve prints: JSON lines (each \"solution\" checked, its length\n",
        "against \"n\"; an \"unsolvable\" claim is confirmed by exhaustive search for\n",
        "N <= 10; a \"limit\" record has nothing to check), a board of Q and . cells,\n",
        "a column list on one line, or the unsolvable and limit lines. Lines\n",
        "starting with \"stats:\" are skipped. Checks one queen per row, distinct\n",
        "columns, no shared diagonal, and the size. Exit 0 when valid, 1 with a message\n",
        "naming the rows at fault otherwise.\n\n",
        "Example:\n",
        "  nqueens solve 100 | nqueens check --n 100"
    ))]
    Check(CheckArgs),
}

#[derive(Debug, clap::Args)]
struct CountArgs {
    /// Board size, 1 to 32 (each step up costs about 6x; N = 17 takes seconds)
    #[arg(value_parser = clap::value_parser!(i64).range(1..=nqueens::MAX_COUNT_N as i64),
          allow_negative_numbers = true)]
    n: i64,
    /// Worker threads [default: all cores]
    #[arg(long, short = 't', value_parser = clap::value_parser!(u32).range(1..=1024))]
    threads: Option<u32>,
    /// Print the number of placements distinct under rotation and reflection (fast only)
    #[arg(long)]
    unique: bool,
    /// Counter to use: the fast bitboard counter, or a textbook formulation
    #[arg(long, value_enum, default_value_t = CountAlgo::Fast)]
    algo: CountAlgo,
    /// Stop a formulation's search after this many nodes (status "limit", exit 4)
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    node_limit: Option<u64>,
    #[command(flatten)]
    output: OutputArgs,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum CountAlgo {
    /// Bitboards with 8-fold symmetry on all cores (the default)
    Fast,
    /// One variable per row on csp-core, all-different on columns and diagonals
    Csp,
    /// Seed 004's board of candidate lists, most constrained row, depth first
    Dfs,
    /// The same board, breadth first
    Bfs,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum AlgoName {
    /// Closed-form construction by N mod 6, linear time (the default)
    Construct,
    /// Min-conflicts local search from a greedy start, seeded
    MinConflicts,
    /// One variable per row on csp-core, all-different on columns and diagonals
    Csp,
    /// Seed 004's board of candidate lists, most constrained row, depth first
    Dfs,
    /// The same board, breadth first (give it a --node-limit on big boards)
    Bfs,
}

#[derive(Debug, clap::Args)]
struct SolveArgs {
    /// Board size, 1 to 100,000,000
    #[arg(value_parser = clap::value_parser!(i64).range(1..=MAX_SOLVE_N as i64),
          allow_negative_numbers = true)]
    n: i64,
    /// Solver to use
    #[arg(long, value_enum, default_value_t = AlgoName::Construct)]
    algo: AlgoName,
    /// Seed of min-conflicts' random choices (the same seed, the same answer)
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Step budget of min-conflicts [default: 500*N + 1,000,000]
    #[arg(long)]
    max_steps: Option<u64>,
    /// Node budget of csp, dfs and bfs (status "limit", exit 4) [default: none;
    /// for bfs, which keeps every board it generates, 1,000,000 boards or as
    /// many as fit in 1 GiB]
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    node_limit: Option<u64>,
    #[command(flatten)]
    output: OutputArgs,
}

#[derive(Debug, clap::Args)]
struct OutputArgs {
    /// One JSON object on one line instead of the human view
    #[arg(long)]
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

#[derive(Serialize)]
struct StatsJson {
    nodes: u64,
    micros: u64,
}

impl From<&Stats> for StatsJson {
    fn from(stats: &Stats) -> Self {
        StatsJson {
            nodes: stats.nodes,
            micros: u64::try_from(stats.elapsed.as_micros()).unwrap_or(u64::MAX),
        }
    }
}

#[derive(Serialize)]
struct CountJson {
    status: &'static str,
    n: usize,
    algo: &'static str,
    count: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    unique: Option<u64>,
    threads: usize,
    stats: StatsJson,
}

#[derive(Serialize)]
struct SolveJson<'a> {
    status: &'static str,
    n: usize,
    algo: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    solution: Option<&'a [u32]>,
    stats: StatsJson,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Count(args) => count(&args),
        Command::Solve(args) => solve(&args),
        Command::Check(args) => check(&args),
    };
    cli_kit::finish("nqueens", result.map(ExitCode::from))
}

fn size(n: i64) -> usize {
    // clap's range has already made `n` positive and small.
    usize::try_from(n).unwrap_or(usize::MAX)
}

fn count(args: &CountArgs) -> anyhow::Result<u8> {
    if args.algo == CountAlgo::Fast && args.node_limit.is_some() {
        // The fast counter has no node budget: refuse rather than ignore it.
        cli_kit::usage_error::<Cli>(
            "--node-limit applies to the formulations (--algo csp, dfs or bfs), \
             not to the fast counter",
        );
    }
    let formulation = match args.algo {
        CountAlgo::Fast => return count_fast(args),
        CountAlgo::Csp => Formulation::Csp,
        CountAlgo::Dfs => Formulation::Dfs,
        CountAlgo::Bfs => Formulation::Bfs,
    };
    if args.unique {
        cli_kit::usage_error::<Cli>(
            "--unique needs the fast counter (--algo fast), which counts symmetry classes",
        );
    }
    let n = size(args.n);
    let (result, total, stats) = nqueens::count_by(n, formulation, args.node_limit);
    let (status, code) = match result {
        SearchResult::LimitReached => ("limit", 4),
        SearchResult::Complete(_) if total == 0 => ("unsolvable", 3),
        SearchResult::Complete(_) => ("solved", 0),
    };
    let mut out = BufWriter::new(io::stdout().lock());
    if args.output.json {
        let json = CountJson {
            status,
            n,
            algo: formulation.name(),
            count: total,
            unique: None,
            threads: 1,
            stats: StatsJson::from(&stats),
        };
        serde_json::to_writer(&mut out, &json)?;
        writeln!(out)?;
    } else {
        match result {
            SearchResult::LimitReached => writeln!(
                out,
                "limit: {total} placements counted before the node limit"
            )?,
            SearchResult::Complete(_) => writeln!(out, "{total}")?,
        }
        if args.output.stats {
            writeln!(out, "{}", stats_line(&stats))?;
        }
    }
    out.flush()?;
    Ok(code)
}

fn count_fast(args: &CountArgs) -> anyhow::Result<u8> {
    let n = size(args.n);
    let threads = args
        .threads
        .and_then(|threads| NonZeroUsize::new(threads as usize))
        .or_else(|| std::thread::available_parallelism().ok())
        .unwrap_or(NonZeroUsize::MIN);
    let (counts, stats) = nqueens::count(
        n,
        &CountOptions {
            threads: Some(threads),
        },
    )?;
    let status = if counts.total == 0 {
        "unsolvable"
    } else {
        "solved"
    };
    let mut out = BufWriter::new(io::stdout().lock());
    if args.output.json {
        let json = CountJson {
            status,
            n,
            algo: "fast",
            count: counts.total,
            unique: args.unique.then_some(counts.unique),
            threads: threads.get(),
            stats: StatsJson::from(&stats),
        };
        serde_json::to_writer(&mut out, &json)?;
        writeln!(out)?;
    } else {
        writeln!(
            out,
            "{}",
            if args.unique {
                counts.unique
            } else {
                counts.total
            }
        )?;
        if args.output.stats {
            let counters = [
                ("nodes", stats.nodes.to_string()),
                ("threads", threads.to_string()),
            ];
            writeln!(out, "{}", cli_kit::stats_line(&counters, stats.elapsed))?;
        }
    }
    out.flush()?;
    Ok(if counts.total == 0 { 3 } else { 0 })
}

fn solve(args: &SolveArgs) -> anyhow::Result<u8> {
    let n = size(args.n);
    let search = |formulation| Algorithm::Search {
        formulation,
        // Breadth first keeps every board it generates in memory.
        node_limit: args
            .node_limit
            .or((formulation == Formulation::Bfs).then(|| nqueens::bfs_default_node_limit(n))),
    };
    let algorithm = match args.algo {
        AlgoName::Construct => Algorithm::Construct,
        AlgoName::MinConflicts => match (Algorithm::min_conflicts(args.seed, n), args.max_steps) {
            (Algorithm::MinConflicts { seed, .. }, Some(max_steps)) => {
                Algorithm::MinConflicts { seed, max_steps }
            }
            (algorithm, _) => algorithm,
        },
        AlgoName::Csp => search(Formulation::Csp),
        AlgoName::Dfs => search(Formulation::Dfs),
        AlgoName::Bfs => search(Formulation::Bfs),
    };
    let (outcome, stats) = nqueens::solve(n, algorithm)?;
    let (status, code) = match outcome {
        Outcome::Solved(_) => ("solved", 0),
        Outcome::Unsolvable => ("unsolvable", 3),
        Outcome::LimitReached => ("limit", 4),
    };
    let mut out = BufWriter::with_capacity(1 << 16, io::stdout().lock());
    if args.output.json {
        let solution = match &outcome {
            Outcome::Solved(placement) => Some(placement.columns()),
            _ => None,
        };
        let json = SolveJson {
            status,
            n,
            algo: algorithm.name(),
            solution,
            stats: StatsJson::from(&stats),
        };
        serde_json::to_writer(&mut out, &json).context("writing the JSON output")?;
        writeln!(out)?;
    } else {
        match &outcome {
            Outcome::Solved(placement) if placement.n() > nqueens::BOARD_VIEW_MAX => {
                placement.write_line(&mut out)?;
            }
            Outcome::Solved(placement) => write!(out, "{placement}")?,
            Outcome::Unsolvable => writeln!(
                out,
                "unsolvable: {n} queens cannot be placed on a {n}x{n} board without attacking \
                 each other"
            )?,
            Outcome::LimitReached => writeln!(out, "{}", limit_line(&algorithm, n, &stats))?,
        }
        if args.output.stats {
            writeln!(out, "{}", stats_line(&stats))?;
        }
    }
    out.flush()?;
    Ok(code)
}

fn check(args: &CheckArgs) -> anyhow::Result<u8> {
    let text = cli_kit::read_all(io::stdin()).context("reading standard input")?;
    match nqueens::check_output(&text, args.n) {
        Ok(verdicts) => {
            let mut out = io::stdout().lock();
            for verdict in verdicts {
                match verdict {
                    Verdict::Valid { n } => writeln!(out, "valid: {n} queens, none attacked")?,
                    Verdict::Unsolvable { n } => {
                        writeln!(
                            out,
                            "confirmed: N = {n} has no placement (exhaustive search)"
                        )?;
                    }
                    Verdict::NothingToCheck => {
                        writeln!(out, "nothing to check: the search stopped at a limit")?;
                    }
                }
            }
            Ok(0)
        }
        Err(error) => {
            eprintln!("invalid: {error}");
            Ok(1)
        }
    }
}

/// What the human view says when a limit stopped `algorithm`: the limit
/// (dfs and bfs count the boards they generate, the nodes shown are the
/// boards tested), and how to go further.
fn limit_line(algorithm: &Algorithm, n: usize, stats: &Stats) -> String {
    let name = algorithm.name();
    match *algorithm {
        Algorithm::Search {
            formulation: Formulation::Csp,
            node_limit,
        } => format!(
            "limit: {name} stopped at its limit of {} nodes without a placement \
             (raise --node-limit)",
            node_limit.unwrap_or(stats.nodes)
        ),
        Algorithm::Search {
            formulation,
            node_limit,
        } => {
            let memory = if formulation == Formulation::Bfs {
                format!(
                    "; bfs keeps every board it generates, about {:.1} KB each for N = {n}",
                    nqueens::board_bytes(n) as f64 / 1024.0
                )
            } else {
                String::new()
            };
            format!(
                "limit: {name} stopped at its limit of {} boards generated, {} tested, \
                 without a placement (raise --node-limit{memory})",
                node_limit.unwrap_or(0),
                stats.nodes
            )
        }
        _ => format!(
            "limit: {name} gave up after {} steps without a placement \
             (raise --max-steps or try another --seed)",
            stats.nodes
        ),
    }
}

fn stats_line(stats: &Stats) -> String {
    cli_kit::stats_line(&[("nodes", stats.nodes.to_string())], stats.elapsed)
}
