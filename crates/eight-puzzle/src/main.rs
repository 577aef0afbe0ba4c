//! The `eight-puzzle` command: solve one board, a file of boards, or check
//! a reported solution.

use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Duration;

use anyhow::{Context, Result, bail};
use clap::{Args, Parser, Subcommand, ValueEnum};
use eight_puzzle::{
    Board, BuildProgress, Heuristic, Origin, Outcome, PatternDatabases, Solution, SolveOptions,
    Solver, check_report, moves_view,
};
use hashbrown::HashMap;
use indicatif::{ProgressBar, ProgressStyle};
use search_core::{Algorithm, CycleCheck, Limit, Stats};
use serde_json::{Value, json};

/// Sliding-tile puzzles of any size (3x3 eight puzzle, 4x4 fifteen puzzle,
/// ...). Moves are named by where the blank goes. The goal is the blank
/// first (012345678) unless --goal says otherwise.
///
/// Exit codes: 0 solved, 1 bad input, 2 usage error, 3 unsolvable (wrong
/// parity, found without searching), 4 a limit (node, time or depth) was
/// reached first.
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
    /// from stdin.
    Solve {
        /// The board; several arguments are joined with spaces.
        board: Vec<String>,
        #[command(flatten)]
        options: SearchArgs,
    },
    /// Solve every board of a file, one per line (text after # is a
    /// comment; blank lines are skipped), then print how many were solved and
    /// the average moves and states tested, as seed's process_file; lines
    /// that fail are reported and counted.
    Batch {
        /// The file of boards, `-` for stdin.
        file: PathBuf,
        #[command(flatten)]
        options: SearchArgs,
    },
    /// Read JSON lines printed by `solve --json` or `batch --json` on stdin
    /// and verify each independently: for "solved", the moves are legal,
    /// num_moves counts them, and they lead from `board` to `goal` (blank
    /// first when absent); for "unsolvable", the inversion-count rule
    /// agrees. Exit 0 when every line passes, 1 otherwise.
    Check,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum AlgoArg {
    Random,
    Bfs,
    Dfs,
    Iddfs,
    Greedy,
    Astar,
    Idastar,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum HeuristicArg {
    Zero,
    Misplaced,
    Manhattan,
    LinearConflict,
    Pdb,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum CycleArg {
    None,
    Path,
    Closed,
}

#[derive(Args, Debug, Clone)]
struct SearchArgs {
    /// The goal board (default: blank first, 0 1 2 ... for the board's size).
    #[arg(long)]
    goal: Option<String>,
    /// The searcher. Default: astar for 3x3 and smaller, idastar for larger.
    #[arg(long, value_enum)]
    algo: Option<AlgoArg>,
    /// The heuristic of greedy, astar and idastar. Default: pdb for 4x4
    /// (additive 6-6-3 pattern databases, built once and cached), manhattan
    /// for 3x3, linear-conflict for 5x5 and larger.
    #[arg(long, value_enum)]
    heuristic: Option<HeuristicArg>,
    /// Do not look deeper than this many moves (seed's depth_limit).
    #[arg(long)]
    depth_limit: Option<u32>,
    /// Stop after generating this many states (exit 4). Default 20000000
    /// for the searchers that keep every state (random, bfs, dfs, greedy,
    /// astar); for iddfs and idastar none up to 4x4 and 50000000 on 5x5
    /// and larger boards, where an optimal search rarely ends (greedy finds
    /// a long path there at once).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    node_limit: Option<u64>,
    /// Stop after this many seconds (exit 4).
    #[arg(long, value_parser = parse_seconds)]
    time_limit: Option<Duration>,
    /// Seed of the random searcher.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Cycle check: path (seed's creates_cycle; default for random), closed
    /// (a table of states seen; default otherwise) or none. idastar always
    /// refuses just the move undoing the previous one.
    #[arg(long, value_enum)]
    cycle_check: Option<CycleArg>,
    /// Where pattern databases are cached (default: $EIGHT_PUZZLE_CACHE,
    /// else $XDG_CACHE_HOME/eight-puzzle, else ~/.cache/eight-puzzle).
    #[arg(long)]
    pdb_cache: Option<PathBuf>,
    /// One JSON object per puzzle (JSON Lines) instead of the human view.
    #[arg(long)]
    json: bool,
    /// Add expanded and generated states, largest frontier and time to the
    /// human view.
    #[arg(long)]
    stats: bool,
}

const DEFAULT_NODE_LIMIT: u64 = 20_000_000;
/// The node limit of iddfs and idastar on 5x5 and larger boards: about ten
/// seconds of search on 6x6 with linear conflicts.
const DEFAULT_DEEPENING_NODE_LIMIT: u64 = 50_000_000;

/// A `--time-limit`: a finite, non-negative number of seconds that fits a
/// Duration (clap turns the error into exit code 2).
fn parse_seconds(text: &str) -> Result<Duration, String> {
    let seconds: f64 = text
        .parse()
        .map_err(|_| format!("expected a number of seconds, found '{text}'"))?;
    Duration::try_from_secs_f64(seconds)
        .map_err(|_| format!("expected a finite, non-negative number of seconds, found '{text}'"))
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Solve { board, options } => solve(&board, &options),
        Command::Batch { file, options } => batch(&file, &options),
        Command::Check => check(),
    };
    cli_kit::finish("eight-puzzle", result)
}

fn algorithm_of(arg: AlgoArg) -> Algorithm {
    match arg {
        AlgoArg::Random => Algorithm::Random,
        AlgoArg::Bfs => Algorithm::Bfs,
        AlgoArg::Dfs => Algorithm::Dfs,
        AlgoArg::Iddfs => Algorithm::Iddfs,
        AlgoArg::Greedy => Algorithm::Greedy,
        AlgoArg::Astar => Algorithm::AStar,
        AlgoArg::Idastar => Algorithm::IdaStar,
    }
}

fn heuristic_of(arg: HeuristicArg) -> Heuristic {
    match arg {
        HeuristicArg::Zero => Heuristic::Zero,
        HeuristicArg::Misplaced => Heuristic::Misplaced,
        HeuristicArg::Manhattan => Heuristic::Manhattan,
        HeuristicArg::LinearConflict => Heuristic::LinearConflict,
        HeuristicArg::Pdb => Heuristic::Pdb,
    }
}

/// Solvers by board size, built on first use (the batch may mix sizes).
struct Solvers<'a> {
    args: &'a SearchArgs,
    goal: Option<Board>,
    plans: HashMap<usize, Plan>,
    solvers: HashMap<usize, Solver>,
}

/// What to do with boards of one size: the goal, the heuristic (zero for
/// searchers that use none) and the search options.
struct Plan {
    goal: Board,
    heuristic: Heuristic,
    options: SolveOptions,
}

impl<'a> Solvers<'a> {
    fn new(args: &'a SearchArgs) -> Result<Self> {
        let goal = match &args.goal {
            Some(text) => Some(
                text.parse::<Board>()
                    .with_context(|| format!("--goal '{text}'"))?,
            ),
            None => None,
        };
        Ok(Solvers {
            args,
            goal,
            plans: HashMap::new(),
            solvers: HashMap::new(),
        })
    }

    /// Solves `board` with the plan for its size. An unsolvable board is
    /// reported before any solver is built, so no pattern database is
    /// loaded or built for it.
    fn solve(&mut self, board: &Board) -> Result<(&Plan, Solution)> {
        let size = board.size();
        if let Some(goal) = &self.goal
            && goal.size() != size
        {
            bail!(
                "the board is {size}x{size} but the goal is {0}x{0}",
                goal.size()
            );
        }
        if !self.plans.contains_key(&size) {
            let plan = self.plan(size)?;
            self.plans.insert(size, plan);
        }
        let plan = &self.plans[&size];
        if !board.can_reach(&plan.goal) {
            let solution = Solution {
                outcome: Outcome::Unsolvable,
                stats: Stats::default(),
            };
            return Ok((plan, solution));
        }
        if !self.solvers.contains_key(&size) {
            let pdb = if plan.heuristic == Heuristic::Pdb {
                let cache = self.args.pdb_cache.clone();
                Some(Arc::new(pattern_databases(&plan.goal, cache)?))
            } else {
                None
            };
            let solver = Solver::new(plan.goal.clone(), plan.heuristic, pdb)?;
            self.solvers.insert(size, solver);
        }
        let solution = self.solvers[&size].solve(board, &plan.options)?;
        Ok((plan, solution))
    }

    fn plan(&self, size: usize) -> Result<Plan> {
        let args = self.args;
        let goal = self.goal.clone().unwrap_or_else(|| Board::goal(size));
        let algorithm = args.algo.map(algorithm_of).unwrap_or(if size <= 3 {
            Algorithm::AStar
        } else {
            Algorithm::IdaStar
        });
        let heuristic = match args.heuristic.map(heuristic_of) {
            Some(heuristic) => heuristic,
            None if size == 4 => Heuristic::Pdb,
            None if size <= 3 => Heuristic::Manhattan,
            None => Heuristic::LinearConflict,
        };
        let heuristic = if algorithm.uses_heuristic() {
            heuristic
        } else {
            Heuristic::Zero
        };
        if heuristic == Heuristic::Pdb && size != 4 {
            bail!(
                "the pdb heuristic is available for 4x4 boards only, this board is {size}x{size}"
            );
        }
        let deepening = matches!(algorithm, Algorithm::Iddfs | Algorithm::IdaStar);
        let default_node_limit = match (deepening, size) {
            (false, _) => Some(DEFAULT_NODE_LIMIT),
            (true, 0..=4) => None,
            (true, _) => Some(DEFAULT_DEEPENING_NODE_LIMIT),
        };
        let options = SolveOptions {
            algorithm,
            depth_limit: args.depth_limit,
            node_limit: args.node_limit.or(default_node_limit),
            time_limit: args.time_limit,
            seed: args.seed,
            cycle_check: args.cycle_check.map(|arg| match arg {
                CycleArg::None => CycleCheck::None,
                CycleArg::Path => CycleCheck::Path,
                CycleArg::Closed => CycleCheck::Closed,
            }),
        };
        Ok(Plan {
            goal,
            heuristic,
            options,
        })
    }
}

fn cache_folder(explicit: Option<PathBuf>) -> Option<PathBuf> {
    explicit
        .or_else(|| std::env::var_os("EIGHT_PUZZLE_CACHE").map(PathBuf::from))
        .or_else(|| {
            std::env::var_os("XDG_CACHE_HOME").map(|dir| PathBuf::from(dir).join("eight-puzzle"))
        })
        .or_else(|| {
            std::env::var_os("HOME").map(|home| PathBuf::from(home).join(".cache/eight-puzzle"))
        })
}

/// Loads the pattern databases, or builds them with a progress bar on
/// stderr and says how long that took.
fn pattern_databases(goal: &Board, folder: Option<PathBuf>) -> Result<PatternDatabases> {
    let folder = cache_folder(folder);
    let bar = ProgressBar::hidden();
    let mut started = false;
    let progress = |step: BuildProgress| {
        if !started {
            started = true;
            if std::io::stderr().is_terminal() {
                bar.set_draw_target(indicatif::ProgressDrawTarget::stderr());
            }
            bar.set_length(step.total);
            bar.set_style(
                ProgressStyle::with_template(
                    "building pattern databases (once) {bar:40} {percent}% {elapsed}",
                )
                .unwrap_or_else(|_| ProgressStyle::default_bar()),
            );
        }
        bar.set_position(step.done);
    };
    let (databases, origin) = PatternDatabases::load_or_build(goal, folder.as_deref(), progress)?;
    bar.finish_and_clear();
    if let Origin::Built { took, saved } = origin {
        let megabytes = databases.size_bytes() as f64 / 1e6;
        let place = match saved {
            Some(path) => format!("cached in {}", path.display()),
            None => "not cached (folder not writable)".to_owned(),
        };
        eprintln!(
            "eight-puzzle: built pattern databases in {:.1} s ({megabytes:.1} MB), {place}",
            took.as_secs_f64()
        );
    }
    Ok(databases)
}

/// The board's text, and how many lines of stdin it came from.
fn read_board(words: &[String]) -> Result<(String, usize)> {
    if words.is_empty() || words == ["-"] {
        let text = cli_kit::read_all(std::io::stdin()).context("reading the board from stdin")?;
        // A larger board may come as a grid of rows: every line counts, text
        // after # is a comment.
        let rows: Vec<&str> = text
            .lines()
            .map(|line| line.split('#').next().unwrap_or("").trim())
            .filter(|row| !row.is_empty())
            .collect();
        Ok((rows.join(" "), rows.len()))
    } else {
        Ok((words.join(" "), 1))
    }
}

fn solve(words: &[String], args: &SearchArgs) -> Result<ExitCode> {
    let (text, lines) = read_board(words)?;
    let mut out = std::io::stdout().lock();
    let board = match text.parse::<Board>() {
        Ok(board) => board,
        Err(error) => {
            if args.json {
                writeln!(out, "{}", invalid_json(error.to_string(), None))?;
            }
            let hint = if lines > 1 {
                " (the lines of stdin make one board; `eight-puzzle batch -` reads one per line)"
            } else {
                ""
            };
            bail!("invalid board '{}': {error}{hint}", shorten(text.trim()));
        }
    };
    if args.heuristic == Some(HeuristicArg::Pdb) && board.size() != 4 {
        // The flags do not fit the board: a usage error (exit 2).
        let size = board.size();
        cli_kit::usage_error::<Cli>(format!(
            "the pdb heuristic is available for 4x4 boards only, this board is {size}x{size}"
        ));
    }
    let mut solvers = Solvers::new(args)?;
    let (plan, solution) = solvers.solve(&board)?;
    if args.json {
        writeln!(out, "{}", report(&board, plan, &solution))?;
    } else {
        write!(out, "{}", human(&board, plan, &solution, args.stats))?;
    }
    Ok(exit_code(&solution.outcome))
}

fn exit_code(outcome: &Outcome) -> ExitCode {
    ExitCode::from(match outcome {
        Outcome::Solved(_) => 0,
        Outcome::Unsolvable => 3,
        Outcome::NotFound | Outcome::LimitReached(_) => 4,
    })
}

fn status_of(outcome: &Outcome) -> &'static str {
    match outcome {
        Outcome::Solved(_) => "solved",
        Outcome::Unsolvable => "unsolvable",
        Outcome::NotFound | Outcome::LimitReached(_) => "limit",
    }
}

fn stats_json(stats: &Stats) -> Value {
    json!({
        "nodes": stats.generated,
        "micros": stats.elapsed.as_micros() as u64,
        "num_tested": stats.num_tested,
        "expanded": stats.expanded,
        "generated": stats.generated,
        "max_frontier": stats.max_frontier,
        "iterations": stats.iterations,
    })
}

fn report(board: &Board, plan: &Plan, solution: &Solution) -> Value {
    let options = &plan.options;
    let heuristic = options
        .algorithm
        .uses_heuristic()
        .then(|| plan.heuristic.name());
    let mut object = json!({
        "status": status_of(&solution.outcome),
        "board": board.to_line(),
        "goal": plan.goal.to_line(),
        "algo": options.algorithm.name(),
        "heuristic": heuristic,
        "num_tested": solution.stats.num_tested,
        "stats": stats_json(&solution.stats),
    });
    if let Some(moves) = solution.moves() {
        let names: Vec<&str> = moves.iter().map(|mv| mv.name()).collect();
        object["solution"] = json!(names.join(" "));
        object["moves"] = json!(names);
        object["num_moves"] = json!(moves.len());
    }
    if solution.outcome == Outcome::NotFound {
        object["error"] = json!("no solution within the depth limit");
    }
    object
}

fn stats_line(stats: &Stats) -> String {
    let counters = [
        ("expanded", stats.expanded.to_string()),
        ("generated", stats.generated.to_string()),
        ("largest frontier", stats.max_frontier.to_string()),
        ("iterations", stats.iterations.to_string()),
    ];
    cli_kit::stats_line(&counters, stats.elapsed)
}

fn human(board: &Board, plan: &Plan, solution: &Solution, stats: bool) -> String {
    let tested = solution.stats.num_tested;
    let mut text = match &solution.outcome {
        Outcome::Solved(moves) => {
            format!(
                "{}{}, {} tested\n",
                moves_view(board, moves),
                counted(moves.len() as u64, "move"),
                counted(tested, "state"),
            )
        }
        Outcome::Unsolvable => format!(
            "{} cannot reach {}: unsolvable (the parity of the tiles differs), no search made\n",
            board.to_line(),
            plan.goal.to_line()
        ),
        Outcome::NotFound => format!(
            "no solution within the depth limit of {}, {} tested\n",
            counted(u64::from(plan.options.depth_limit.unwrap_or(0)), "move"),
            counted(tested, "state"),
        ),
        Outcome::LimitReached(limit) => {
            let greedy = match plan.options.algorithm {
                Algorithm::Greedy => "",
                _ => ", or try --algo greedy for a path that need not be shortest",
            };
            let kind = limit_kind(*limit);
            format!(
                "{kind} limit reached before a solution, {} tested (raise --{kind}-limit{greedy})\n",
                counted(tested, "state"),
            )
        }
    };
    if stats && solution.outcome != Outcome::Unsolvable {
        text.push_str(&stats_line(&solution.stats));
        text.push('\n');
    }
    text
}

/// `node` or `time`, as in the flag that sets the limit.
fn limit_kind(limit: Limit) -> &'static str {
    match limit {
        Limit::Nodes => "node",
        Limit::Time => "time",
    }
}

/// How messages name a batch's input: its path, or `<stdin>` for `-`.
fn input_name(file: &std::path::Path) -> String {
    if file.as_os_str() == "-" {
        "<stdin>".to_owned()
    } else {
        file.display().to_string()
    }
}

/// `1 move`, `5 moves`.
fn counted(count: u64, noun: &str) -> String {
    let plural = if count == 1 { "" } else { "s" };
    format!("{count} {noun}{plural}")
}

/// Failure counts of a batch.
#[derive(Default)]
struct Tally {
    solved: u64,
    moves: u64,
    tested: u64,
    invalid: u64,
    unsolvable: u64,
    limit: u64,
}

fn batch(file: &std::path::Path, args: &SearchArgs) -> Result<ExitCode> {
    let text = if file.as_os_str() == "-" {
        cli_kit::read_all(std::io::stdin()).context("reading boards from stdin")?
    } else {
        let bytes = std::fs::read(file).with_context(|| format!("reading {}", file.display()))?;
        cli_kit::decode(bytes)
    };
    let mut solvers = Solvers::new(args)?;
    let mut tally = Tally::default();
    let mut out = std::io::stdout().lock();
    let mut boards = 0;
    for (index, line) in text.lines().enumerate() {
        let number = index + 1;
        let content = line.split('#').next().unwrap_or("").trim();
        if content.is_empty() {
            continue;
        }
        boards += 1;
        let board = match content.parse::<Board>() {
            Ok(board) => board,
            Err(error) => {
                tally.invalid += 1;
                invalid(&mut out, args.json, file, number, &error.to_string())?;
                continue;
            }
        };
        let (plan, solution) = match solvers.solve(&board) {
            Ok(solved) => solved,
            Err(error) => {
                tally.invalid += 1;
                invalid(&mut out, args.json, file, number, &format!("{error:#}"))?;
                continue;
            }
        };
        match &solution.outcome {
            Outcome::Solved(moves) => {
                tally.solved += 1;
                tally.moves += moves.len() as u64;
                tally.tested += solution.stats.num_tested;
            }
            Outcome::Unsolvable => tally.unsolvable += 1,
            Outcome::NotFound | Outcome::LimitReached(_) => tally.limit += 1,
        }
        if args.json {
            let mut object = report(&board, plan, &solution);
            object["line"] = json!(number);
            writeln!(out, "{object}")?;
        } else {
            writeln!(out, "{}", batch_line(&board, &solution, args.stats))?;
        }
    }
    if boards == 0 {
        bail!(
            "{}: no board found, expected one board per line",
            input_name(file)
        );
    }
    if !args.json {
        writeln!(out, "solved {}", counted(tally.solved, "puzzle"))?;
        if tally.solved > 0 {
            let average = |total: u64| total as f64 / tally.solved as f64;
            writeln!(
                out,
                "averages: {:.1} moves, {:.1} states tested",
                average(tally.moves),
                average(tally.tested)
            )?;
        }
        let failed = tally.invalid + tally.unsolvable + tally.limit;
        if failed > 0 {
            writeln!(
                out,
                "{failed} not solved: {} invalid, {} unsolvable, {} limit reached",
                tally.invalid, tally.unsolvable, tally.limit
            )?;
        }
    }
    let code = if tally.invalid > 0 {
        1
    } else if tally.limit > 0 {
        4
    } else if tally.unsolvable > 0 {
        3
    } else {
        0
    };
    Ok(ExitCode::from(code))
}

/// Reports a batch line that could not be solved at all: a JSON record on
/// stdout under --json (so no line goes missing from the output), else
/// `file:line: message` on stderr.
fn invalid(
    out: &mut impl Write,
    json: bool,
    file: &std::path::Path,
    number: usize,
    message: &str,
) -> Result<()> {
    if json {
        writeln!(out, "{}", invalid_json(message.to_owned(), Some(number)))?;
    } else {
        eprintln!("eight-puzzle: {}:{number}: {message}", input_name(file));
    }
    Ok(())
}

/// The record of a board that could not be read, with the same `stats`
/// object as every other record.
fn invalid_json(error: String, line: Option<usize>) -> Value {
    let mut object = json!({
        "status": "invalid",
        "error": error,
        "stats": stats_json(&Stats::default()),
    });
    if let Some(line) = line {
        object["line"] = json!(line);
    }
    object
}

/// `text` cut to its first 60 characters, so an error about a huge line
/// stays readable.
fn shorten(text: &str) -> String {
    match text.char_indices().nth(60) {
        Some((end, _)) => format!("{}...", &text[..end]),
        None => text.to_owned(),
    }
}

/// Seed's process_file line: `142358607: 5 moves, 26 states tested`.
fn batch_line(board: &Board, solution: &Solution, stats: bool) -> String {
    let tested = solution.stats.num_tested;
    let mut line = match &solution.outcome {
        Outcome::Solved(moves) => format!(
            "{}: {}, {} tested",
            board.to_line(),
            counted(moves.len() as u64, "move"),
            counted(tested, "state"),
        ),
        Outcome::Unsolvable => format!("{}: unsolvable", board.to_line()),
        Outcome::NotFound => {
            format!(
                "{}: no solution within the depth limit, {} tested",
                board.to_line(),
                counted(tested, "state"),
            )
        }
        Outcome::LimitReached(limit) => format!(
            "{}: {} limit reached, {} tested",
            board.to_line(),
            limit_kind(*limit),
            counted(tested, "state"),
        ),
    };
    if stats && solution.outcome != Outcome::Unsolvable {
        line.push_str(&format!(" ({})", stats_line(&solution.stats)));
    }
    line
}

fn check() -> Result<ExitCode> {
    let mut out = std::io::stdout().lock();
    let mut failures = 0;
    let mut checked = 0;
    let mut unverified = 0;
    for (index, line) in cli_kit::lines(std::io::stdin().lock()).enumerate() {
        let line = line.context("reading stdin")?;
        if line.trim().is_empty() {
            continue;
        }
        checked += 1;
        let verdict = serde_json::from_str::<Value>(&line)
            .map_err(|error| format!("not JSON: {error}"))
            .and_then(|report| {
                let status = report.get("status").and_then(Value::as_str);
                if matches!(status, Some("limit" | "invalid")) {
                    unverified += 1;
                }
                check_report(&report)
            });
        if let Err(message) = verdict {
            failures += 1;
            writeln!(out, "line {}: {}", index + 1, shorten(&message))?;
        }
    }
    if checked == 0 {
        writeln!(out, "nothing to check: no JSON lines on stdin")?;
        return Ok(ExitCode::from(1));
    }
    if failures > 0 {
        writeln!(out, "{failures} of {checked} lines failed")?;
        Ok(ExitCode::from(1))
    } else {
        let note = match unverified {
            0 => String::new(),
            n => format!(" ({n} limit or invalid, with no answer to verify)"),
        };
        writeln!(out, "ok: {checked} lines checked{note}")?;
        Ok(ExitCode::SUCCESS)
    }
}
