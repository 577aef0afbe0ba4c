//! The `gogen` command: solve Gogen grids, count their solutions, check a
//! solution. Exit codes: 0 solved, 1 bad input, 2 usage, 3 no solution,
//! 4 limit reached.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, Result, bail};
use clap::{Parser, Subcommand, ValueEnum};
use gogen::{Algorithm, Grid, Puzzle, SolveOptions, Status, check, solve};

#[derive(Parser)]
#[command(name = "gogen", version, about = "Solve Gogen letter grids")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Solve a puzzle: a puzzle file (five grid lines, a blank line, the
    /// words), or with --letters the seed's words file (the count, then one
    /// word per line).
    Solve(SolveArgs),
    /// Check a solution against the rules: reads `gogen solve` output (JSON
    /// lines or the human grid) on stdin; exit 0 when every solution is valid.
    /// A record's status must be one `gogen solve` writes, with a solution
    /// exactly when it is `solved`; the others have nothing to check.
    Check {
        /// The puzzle file the solution is for.
        puzzle: PathBuf,
        /// The nine standard given letters, when the file is a seed words file.
        #[arg(long, value_parser = nine_letters)]
        letters: Option<String>,
    },
}

#[derive(clap::Args)]
struct SolveArgs {
    /// Puzzle file, or `-` / nothing for stdin.
    file: Option<PathBuf>,
    /// The nine letters of the standard given cells (corners, edge middles,
    /// centre, row by row); the file is then the seed's words file.
    #[arg(long, value_parser = nine_letters)]
    letters: Option<String>,
    /// `csp`: letters as variables over cells on csp-core, propagated before
    /// any guess; `dfs`: seed 000's depth-first search on search-core.
    #[arg(long, value_enum, default_value_t = AlgoArg::Csp)]
    algo: AlgoArg,
    /// Count the solutions, up to --limit.
    #[arg(long)]
    count: bool,
    /// The most solutions to count (with --count).
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u64).range(1..))]
    limit: u64,
    /// Stop after this many search nodes (status `limit`, exit 4): for csp
    /// the root and one per guess, for dfs the states generated (the nodes
    /// shown are the seed's: states tested plus one).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    node_limit: Option<u64>,
    /// Print every word highlighted on its own grid, as seed 000 does.
    #[arg(long)]
    show_words: bool,
    /// Add node counts and time to the human view.
    #[arg(long)]
    stats: bool,
    /// One JSON object: status, solution, paths, count when asked, stats.
    #[arg(long)]
    json: bool,
}

#[derive(Clone, Copy, ValueEnum)]
enum AlgoArg {
    Csp,
    Dfs,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let json = matches!(&cli.command, Command::Solve(args) if args.json);
    let result = match cli.command {
        Command::Solve(args) => run_solve(&args),
        Command::Check { puzzle, letters } => run_check(&puzzle, letters.as_deref()),
    };
    match result {
        // Under --json a failure is also a JSON object, so a pipeline
        // reading stdout sees it.
        Err(error) if json && !cli_kit::is_broken_pipe(&error) => {
            eprintln!("gogen: {error:#}");
            let invalid = serde_json::json!({
                "status": "invalid",
                "error": format!("{error:#}"),
                "stats": {"nodes": 0, "micros": 0},
            });
            println!("{invalid}");
            ExitCode::from(1)
        }
        result => cli_kit::finish("gogen", result),
    }
}

/// `--letters`: nine distinct letters A-Y (either case), checked when the
/// command line is read so that a bad value is a usage error (exit 2).
fn nine_letters(text: &str) -> Result<String, String> {
    let letters = text.trim().to_ascii_uppercase();
    let mut seen = [false; 25];
    let valid = letters.len() == 9
        && letters.bytes().all(|letter| {
            let index = usize::from(letter.wrapping_sub(b'A'));
            index < 25 && !std::mem::replace(&mut seen[index], true)
        });
    if valid {
        Ok(letters)
    } else {
        Err(format!(
            "expected 9 distinct letters A-Y for the standard given cells, found {text:?}"
        ))
    }
}

fn read_input(file: Option<&PathBuf>) -> Result<(String, String)> {
    match file {
        Some(path) if path.as_os_str() != "-" => {
            let bytes =
                std::fs::read(path).with_context(|| format!("reading {}", path.display()))?;
            Ok((path.display().to_string(), cli_kit::decode(bytes)))
        }
        _ => {
            let text = cli_kit::read_all(std::io::stdin()).context("reading stdin")?;
            Ok(("<stdin>".to_owned(), text))
        }
    }
}

fn read_puzzle(file: Option<&PathBuf>, letters: Option<&str>) -> Result<Puzzle> {
    let (name, text) = read_input(file)?;
    let parsed = match letters {
        Some(letters) => Puzzle::from_seed_files(&text, letters),
        None => text.parse(),
    };
    parsed.with_context(|| name)
}

fn run_solve(args: &SolveArgs) -> Result<ExitCode> {
    let puzzle = read_puzzle(args.file.as_ref(), args.letters.as_deref())?;
    let options = SolveOptions {
        algorithm: match args.algo {
            AlgoArg::Csp => Algorithm::Csp,
            AlgoArg::Dfs => Algorithm::Dfs,
        },
        solution_limit: if args.count { args.limit } else { 1 },
        node_limit: args.node_limit,
    };
    let outcome = solve(&puzzle, &options);
    let mut out = std::io::stdout().lock();
    if args.json {
        writeln!(
            out,
            "{}",
            serde_json::to_string(&outcome.to_json(&puzzle, args.count))?
        )?;
    } else {
        write_human(&mut out, &puzzle, &outcome, args)?;
    }
    Ok(ExitCode::from(match outcome.status() {
        Status::Solved => 0,
        Status::Unsolvable => 3,
        Status::Limit => 4,
    }))
}

fn write_human(
    out: &mut impl Write,
    puzzle: &Puzzle,
    outcome: &gogen::Outcome,
    args: &SolveArgs,
) -> Result<()> {
    match outcome.solutions.first() {
        Some(grid) => {
            write!(out, "{grid}")?;
            if args.show_words {
                for word in puzzle.words() {
                    writeln!(out)?;
                    write!(out, "{}", grid.highlight(word))?;
                }
            }
        }
        None if outcome.status() == Status::Limit => {
            writeln!(out, "limit reached before a solution was found")?
        }
        None => writeln!(out, "no solution: the words cannot all be traced")?,
    }
    if args.count {
        let more = if outcome.complete {
            ""
        } else {
            " or more (limit reached)"
        };
        writeln!(out, "solutions: {}{more}", outcome.solutions.len())?;
    }
    if args.stats {
        let stats = &outcome.stats;
        let mut counters = vec![
            ("nodes", stats.nodes.to_string()),
            ("backtracks", stats.backtracks.to_string()),
        ];
        if let (Some(length), Some(efficiency)) = (stats.path_length, stats.efficiency()) {
            counters.push((
                "efficiency",
                format!(
                    "{efficiency:.2} (path length {length} / nodes visited {})",
                    stats.nodes
                ),
            ));
        }
        writeln!(out, "{}", cli_kit::stats_line(&counters, stats.elapsed))?;
    }
    Ok(())
}

/// What one record of the output being checked claims.
enum Claim {
    /// This grid solves the puzzle (with the `paths` a JSON record gives).
    Solved(Grid, Option<serde_json::Value>),
    /// No solution (unsolvable, limit, invalid): nothing to check.
    NotSolved,
}

/// Every record in `text` with its line: each JSON line (a hand-written
/// `{"solution": ...}` without a status counts as solved), or else the
/// human view: its first 25 letters, or its "no solution" or "limit" line.
fn claims_in(text: &str) -> Result<Vec<(usize, Claim)>> {
    let mut claims = Vec::new();
    let mut letters = String::new();
    let mut human_start = None;
    for (index, line) in text.lines().enumerate() {
        let number = index + 1;
        let line = line.trim();
        if line.starts_with('{') {
            let value: serde_json::Value =
                serde_json::from_str(line).with_context(|| format!("line {number}: not JSON"))?;
            claims.push((
                number,
                json_claim(&value).with_context(|| format!("line {number}"))?,
            ));
        } else if line.starts_with("no solution:") || line.starts_with("limit reached") {
            claims.push((number, Claim::NotSolved));
        } else if letters.len() < 25 && line.chars().all(|c| c.is_ascii_uppercase() || c == ' ') {
            human_start.get_or_insert(number);
            letters.extend(line.chars().filter(|c| !c.is_whitespace()));
        }
    }
    if claims.is_empty() && letters.len() >= 25 {
        let number = human_start.unwrap_or(1);
        let line = &letters[..25];
        let grid = Grid::from_line(line).with_context(|| {
            format!("line {number}: grid {line:?} is not 25 distinct letters A-Y")
        })?;
        claims.push((number, Claim::Solved(grid, None)));
    }
    Ok(claims)
}

/// What a JSON record claims; its status must be one `gogen solve` writes,
/// and agree with whether a solution is given.
fn json_claim(value: &serde_json::Value) -> Result<Claim> {
    let solution = value.get("solution");
    let status = match value.get("status") {
        None => "solved",
        Some(status) => status
            .as_str()
            .with_context(|| format!("status {status} is not a string"))?,
    };
    match (status, solution) {
        ("solved", Some(solution)) => {
            let text = solution
                .as_str()
                .with_context(|| format!("solution {solution} is not a string"))?;
            let grid = Grid::from_line(text)
                .with_context(|| format!("solution {text:?} is not 25 distinct letters A-Y"))?;
            Ok(Claim::Solved(grid, value.get("paths").cloned()))
        }
        ("solved", None) => bail!("status solved but no solution"),
        ("unsolvable" | "limit" | "invalid", None) => Ok(Claim::NotSolved),
        ("unsolvable" | "limit" | "invalid", Some(_)) => {
            bail!("status {status} but a solution is given")
        }
        (other, _) => bail!("unknown status '{other}'"),
    }
}

/// The `paths` a solution claims: one per word, each cell holding the word's
/// next letter, consecutive cells touching.
fn check_paths(puzzle: &Puzzle, grid: &Grid, paths: &serde_json::Value) -> Result<()> {
    let letters = grid.to_line().into_bytes();
    for word in puzzle.words() {
        let cells: Vec<(u64, u64)> = paths[word.as_str()]
            .as_array()
            .with_context(|| format!("paths: word {word} has no path"))?
            .iter()
            .map(|cell| Some((cell[0].as_u64()?, cell[1].as_u64()?)))
            .collect::<Option<_>>()
            .with_context(|| format!("paths: word {word}: expected [row, column] pairs"))?;
        if cells.len() != word.len() {
            bail!(
                "paths: word {word} has {} cells for {} letters",
                cells.len(),
                word.len()
            );
        }
        for (letter, &(row, col)) in word.chars().zip(&cells) {
            let held = (row < 5 && col < 5).then(|| char::from(letters[(row * 5 + col) as usize]));
            if held != Some(letter) {
                bail!("paths: word {word}: cell [{row}, {col}] does not hold {letter}");
            }
        }
        let apart =
            |a: (u64, u64), b: (u64, u64)| a == b || a.0.abs_diff(b.0) > 1 || a.1.abs_diff(b.1) > 1;
        if let Some(pair) = cells.windows(2).find(|pair| apart(pair[0], pair[1])) {
            bail!(
                "paths: word {word}: cells {:?} and {:?} do not touch",
                pair[0],
                pair[1]
            );
        }
    }
    Ok(())
}

fn run_check(puzzle_file: &PathBuf, letters: Option<&str>) -> Result<ExitCode> {
    let puzzle = read_puzzle(Some(puzzle_file), letters)?;
    let (_, text) = read_input(None)?;
    let claims = claims_in(&text)?;
    if claims.is_empty() {
        bail!("no solution found on stdin");
    }
    let mut checked = 0;
    for (number, claim) in &claims {
        let Claim::Solved(grid, paths) = claim else {
            continue;
        };
        let solution = || format!("line {number}: solution {}", grid.to_line());
        check(&puzzle, grid).with_context(solution)?;
        if let Some(paths) = paths {
            check_paths(&puzzle, grid, paths).with_context(solution)?;
        }
        checked += 1;
    }
    let unchecked = claims.len() - checked;
    let mut summary = format!("valid: {checked} solution(s) checked");
    if unchecked > 0 {
        summary.push_str(&format!(
            ", {unchecked} record(s) without a solution (nothing to check)"
        ));
    }
    println!("{summary}");
    Ok(ExitCode::SUCCESS)
}
