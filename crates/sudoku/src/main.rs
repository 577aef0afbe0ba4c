//! The `sudoku` command line: `solve` puzzles (one per line or grids) with any
//! of the four algorithms, and `check` the JSON output of `solve` with the
//! independent checker.

use std::fs;
use std::io::{self, BufRead, BufWriter, IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use anyhow::{Context, Result};
use clap::{Parser, Subcommand, ValueEnum};
use indicatif::{ProgressBar, ProgressStyle};
use sudoku::{
    Algo, Options, Outcome, Parsed, Record, Status, Sudoku, check_solution, parse_puzzles,
    solve_all,
};

const EXIT_CODES: &str = "Exit codes: 0 every puzzle solved (or counted); 1 bad input or I/O error \
(the message names the line and column); 2 usage error; 3 at least one puzzle has no solution; \
4 a node or memory limit was reached before an answer.";

#[derive(Debug, Parser)]
#[command(name = "sudoku", version, about = "Solve and check sudoku puzzles", after_help = EXIT_CODES)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Solve every puzzle of FILE (or stdin): 81-character lines with '.' or
    /// '0' for blanks, or grids of rows; '#' comments and blank lines are
    /// skipped. Sizes 4x4, 16x16 (1-9, A-G) and 25x25 (1-9, A-P) go to the
    /// general solvers: `--algo fast` hands them to `csp`.
    #[command(after_help = EXIT_CODES)]
    Solve(SolveArgs),
    /// Check the JSON lines written by `sudoku solve --json` (on stdin or in
    /// FILE): every record with status "solved" must have a `solution` that
    /// keeps the `puzzle`'s givens and holds each value once in every row,
    /// column and box. Exit 0 when all are valid, 1 otherwise.
    Check(CheckArgs),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum AlgoArg {
    /// The dedicated 9x9 bitmask engine (default).
    Fast,
    /// The csp-core model: one variable per cell, 27 all-different, MAC + MRV.
    Csp,
    /// Seed 004: depth-first over candidate-list boards (search-core).
    Dfs,
    /// Seed 004: breadth-first over candidate-list boards, memory-limited.
    Bfs,
}

impl From<AlgoArg> for Algo {
    fn from(algo: AlgoArg) -> Self {
        match algo {
            AlgoArg::Fast => Algo::Fast,
            AlgoArg::Csp => Algo::Csp,
            AlgoArg::Dfs => Algo::Dfs,
            AlgoArg::Bfs => Algo::Bfs,
        }
    }
}

#[derive(Debug, clap::Args)]
struct SolveArgs {
    /// Input file; stdin when absent or '-'.
    file: Option<PathBuf>,
    /// Which solver to run.
    #[arg(long, value_enum, default_value_t = AlgoArg::Fast)]
    algo: AlgoArg,
    /// Count solutions up to --limit (a uniqueness check with the default 2).
    #[arg(long)]
    count: bool,
    /// How many solutions --count looks for.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u64).range(1..))]
    limit: u64,
    /// Worker threads for a batch (default: one per core).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=1024))]
    threads: Option<u64>,
    /// One JSON object per puzzle per line instead of the human view.
    #[arg(long)]
    json: bool,
    /// Draw grids with box-drawing characters.
    #[arg(long)]
    pretty: bool,
    /// Add search nodes and time to the human view.
    #[arg(long)]
    stats: bool,
    /// Give up on a puzzle after this many search nodes (status "limit").
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    node_limit: Option<u64>,
    /// Largest number of boards BFS may hold before giving up (status "limit").
    #[arg(long, default_value_t = 1_000_000)]
    frontier_limit: usize,
}

#[derive(Debug, clap::Args)]
struct CheckArgs {
    /// JSON lines file; stdin when absent or '-'.
    file: Option<PathBuf>,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Solve(args) => run_solve(&args),
        Command::Check(args) => run_check(&args),
    };
    cli_kit::finish("sudoku", result)
}

/// Reads FILE, or stdin when it is absent or '-'; returns the text and the
/// name to use in messages.
fn read_input(file: Option<&PathBuf>) -> Result<(String, String)> {
    match file {
        Some(path) if path.as_os_str() != "-" => {
            let name = path.display().to_string();
            let bytes = fs::read(path).with_context(|| format!("cannot read {name}"))?;
            Ok((cli_kit::decode(bytes), name))
        }
        _ => {
            let text = cli_kit::read_all(io::stdin()).context("cannot read stdin")?;
            Ok((text, "<stdin>".to_owned()))
        }
    }
}

/// Batches at least this long get a progress bar (when stderr is a terminal).
const PROGRESS_FROM: usize = 2_000;

fn run_solve(args: &SolveArgs) -> Result<ExitCode> {
    let (text, name) = read_input(args.file.as_ref())?;
    let puzzles = parse_puzzles(&text);
    let mut options = Options::new(args.algo.into());
    options.solution_limit = if args.count { args.limit } else { 1 };
    options.node_limit = args.node_limit;
    options.frontier_limit = args.frontier_limit;

    let threads = args.threads.map_or(0, |threads| threads as usize);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .context("cannot start the worker threads")?;
    let progress = (io::stderr().is_terminal() && puzzles.len() >= PROGRESS_FROM).then(|| {
        let bar = ProgressBar::new(puzzles.len() as u64);
        if let Ok(style) =
            ProgressStyle::with_template("{bar:40} {pos}/{len} puzzles {per_sec} eta {eta}")
        {
            bar.set_style(style);
        }
        bar
    });
    let on_done = || {
        if let Some(bar) = &progress {
            bar.inc(1);
        }
    };
    let outcomes = pool.install(|| solve_all(&puzzles, &options, &on_done));
    if let Some(bar) = &progress {
        bar.finish_and_clear();
    }

    let mut out = BufWriter::new(io::stdout().lock());
    let (mut invalid, mut unsolvable, mut limited) = (false, false, false);
    let several = puzzles.len() > 1;
    for (parsed, outcome) in puzzles.iter().zip(&outcomes) {
        if let Err(error) = &parsed.result {
            invalid = true;
            eprintln!("sudoku: {name}: {error}");
        }
        if let Some(outcome) = outcome {
            unsolvable |= outcome.status == Status::Unsolvable;
            limited |= outcome.status == Status::Limit;
        }
        if args.json {
            let record = Record::new(parsed, outcome.as_ref(), args.count);
            serde_json::to_writer(&mut out, &record).context("cannot write JSON")?;
            writeln!(out).context("cannot write output")?;
        } else {
            write_human(&mut out, parsed, outcome.as_ref(), args, several)
                .context("cannot write output")?;
        }
    }
    out.flush().context("cannot write output")?;
    if puzzles.is_empty() {
        eprintln!("sudoku: {name}: no puzzle found");
        return Ok(ExitCode::from(1));
    }
    Ok(ExitCode::from(if invalid {
        1
    } else if unsolvable {
        3
    } else if limited {
        4
    } else {
        0
    }))
}

fn write_human(
    out: &mut impl Write,
    parsed: &Parsed,
    outcome: Option<&Outcome>,
    args: &SolveArgs,
    several: bool,
) -> io::Result<()> {
    let Some(outcome) = outcome else {
        if several {
            writeln!(out, "# line {}: invalid (see stderr)\n", parsed.line)?;
        }
        return Ok(());
    };
    if several {
        writeln!(out, "# line {}: {}", parsed.line, outcome.status)?;
    }
    match (&outcome.solution, outcome.status) {
        (Some(solution), _) => write_grid(out, solution, args.pretty)?,
        (None, Status::Unsolvable) => writeln!(out, "no solution")?,
        (None, _) => writeln!(out, "limit reached before an answer")?,
    }
    if args.count {
        writeln!(
            out,
            "{}",
            count_line(outcome.count, args.limit, outcome.status)
        )?;
    }
    if args.stats {
        let counters = [
            ("nodes", outcome.stats.nodes.to_string()),
            ("algo", outcome.algo.to_string()),
        ];
        let time = Duration::from_micros(outcome.stats.micros);
        writeln!(out, "{}", cli_kit::stats_line(&counters, time))?;
    }
    if several {
        writeln!(out)?;
    }
    Ok(())
}

fn write_grid(out: &mut impl Write, grid: &Sudoku, pretty: bool) -> io::Result<()> {
    if pretty {
        write!(out, "{}", grid.pretty())
    } else {
        write!(out, "{grid}")
    }
}

/// The human line for `--count`.
fn count_line(count: u64, limit: u64, status: Status) -> String {
    match (count, status) {
        (_, Status::Limit) => format!("solutions: {count} found before the limit"),
        (1, _) if limit > 1 => "solutions: 1 (unique)".to_owned(),
        (count, _) if count >= limit && limit > 1 => {
            format!("solutions: {count} or more (limit {limit})")
        }
        (count, _) => format!("solutions: {count}"),
    }
}

fn run_check(args: &CheckArgs) -> Result<ExitCode> {
    let reader: Box<dyn BufRead> = match &args.file {
        Some(path) if path.as_os_str() != "-" => Box::new(io::BufReader::new(
            fs::File::open(path).with_context(|| format!("cannot read {}", path.display()))?,
        )),
        _ => Box::new(io::stdin().lock()),
    };
    let (mut records, mut checked, mut problems) = (0usize, 0usize, 0usize);
    for (index, line) in cli_kit::lines(reader).enumerate() {
        let line = line.context("cannot read input")?;
        if line.trim().is_empty() {
            continue;
        }
        records += 1;
        let number = index + 1;
        match check_record(&line) {
            Ok(true) => checked += 1,
            Ok(false) => {}
            Err(message) => {
                problems += 1;
                eprintln!("sudoku check: line {number}: {message}");
            }
        }
    }
    if records == 0 {
        eprintln!("sudoku check: no records on the input");
        return Ok(ExitCode::from(1));
    }
    if problems > 0 {
        eprintln!("sudoku check: {problems} of {records} records are wrong");
        return Ok(ExitCode::from(1));
    }
    let unchecked = match records - checked {
        0 => String::new(),
        n => format!(" ({n} not solved, with no solution to check)"),
    };
    println!("checked {checked} solutions in {records} records{unchecked}: all valid");
    Ok(ExitCode::SUCCESS)
}

/// Checks one JSON record; `Ok(true)` when it held a solution that is valid,
/// `Ok(false)` when there was nothing to check (not solved).
fn check_record(line: &str) -> Result<bool, String> {
    let record: Record =
        serde_json::from_str(line).map_err(|error| format!("not a solve record: {error}"))?;
    let at = format!("(puzzle of input line {})", record.line);
    match record.status.as_str() {
        "solved" => {}
        "unsolvable" | "limit" | "invalid" if record.solution.is_some() => {
            return Err(format!("{at} status \"{}\" with a solution", record.status));
        }
        "unsolvable" | "limit" | "invalid" => return Ok(false),
        other => {
            return Err(format!(
                "{at} unknown status \"{other}\" (expected solved, unsolvable, limit or invalid)"
            ));
        }
    }
    let puzzle =
        Sudoku::from_line(&record.puzzle).map_err(|error| format!("{at} puzzle: {error}"))?;
    let text = record
        .solution
        .as_deref()
        .ok_or(format!("{at} solved but no solution"))?;
    let solution =
        Sudoku::from_line(text).map_err(|error| format!("{at} solution is not valid: {error}"))?;
    check_solution(&puzzle, &solution)
        .map_err(|error| format!("{at} solution is wrong: {error}"))?;
    if record.count == Some(0) {
        return Err(format!("{at} solved with a count of 0"));
    }
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn count_lines() {
        assert_eq!(count_line(1, 2, Status::Solved), "solutions: 1 (unique)");
        assert_eq!(
            count_line(2, 2, Status::Solved),
            "solutions: 2 or more (limit 2)"
        );
        assert_eq!(count_line(0, 2, Status::Unsolvable), "solutions: 0");
        assert_eq!(count_line(3, 10, Status::Solved), "solutions: 3");
    }
}
