//! What the `gogen` binary does beyond reading its arguments (the `cli`
//! feature): the fields of its JSON records, the human and JSON views of a
//! solve, the `check` subcommand's reading of records (JSON lines or the
//! human grid) and its verdict on each, on the contract of `cli-kit`.

use std::collections::BTreeMap;
use std::io::Write;

use cli_kit::{
    Claims, Count, Record, Report, Stats as RecordStats, Status as RecordStatus, Verified,
};
use serde::{Deserialize, Serialize};

use crate::check::{self, Exhaustive, Paths};
use crate::grid::Grid;
use crate::options::{Limit, Options, Outcome, Status};
use crate::puzzle::{ParseError, Puzzle, SIDE, letter_char};

/// The fields a gogen record adds to the envelope: each word's path on the
/// solution, and the count under `--count`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct GogenFields {
    /// Each word's `[row, column]` cells (from 0), when solved.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub paths: Option<Paths>,
    /// When solved without `--count`: whether the solution is the only
    /// one, by a count to 2 of its own ([`crate::is_unique`]); absent
    /// when a limit stopped that count first.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unique: Option<bool>,
    /// `count` and `count_complete`, when counting.
    #[serde(flatten, default, skip_serializing_if = "Option::is_none")]
    pub count: Option<Count>,
}

/// The counters a gogen record adds to `stats` beside `nodes` and `micros`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize, Deserialize)]
pub struct GogenCounters {
    /// Guesses undone (`csp`) or dead ends tested (`dfs`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub backtracks: Option<u64>,
    /// `dfs`: its nodes visited (states tested plus one).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub nodes_visited: Option<u64>,
    /// `dfs`, when solved: its path length.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub path_length: Option<u64>,
    /// `dfs`, when solved: path length over nodes visited.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub efficiency: Option<f64>,
}

/// One JSON line of `gogen solve --json`, as `gogen check` reads it back.
pub type GogenRecord = Record<GogenFields, String, GogenCounters>;

/// A puzzle and how solving it ended: what the batch driver hands the
/// report.
#[derive(Debug, Clone)]
pub struct Solved {
    /// The puzzle.
    pub puzzle: Puzzle,
    /// The solver's outcome.
    pub outcome: Outcome,
    /// When solved and asked for: whether the solution is unique, or the
    /// limit that stopped the count that tells.
    pub unique: Option<Result<bool, Limit>>,
}

impl Solved {
    /// The solution a record or the human view shows: the first one, when
    /// solved (a count cut short by a limit shows none).
    pub fn solution(&self) -> Option<&Grid> {
        self.outcome
            .solution
            .as_ref()
            .filter(|_| self.outcome.status.is_solved())
    }
}

impl cli_kit::Outcome for Solved {
    fn status(&self) -> RecordStatus {
        self.outcome.status.into()
    }
}

/// `--letters`: nine distinct letters A-Y (either case), checked when the
/// command line is read so that a bad value is a usage error (exit 2).
pub fn nine_letters(text: &str) -> Result<String, String> {
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

/// The puzzle of an input: a puzzle file, or with `letters` a words file
/// (the count, then the words).
pub fn read_puzzle(text: &str, letters: Option<&str>) -> Result<Puzzle, ParseError> {
    match letters {
        Some(letters) => Puzzle::from_words_file(text, letters),
        None => text.parse(),
    }
}

/// The message of `error`, with a hint when `text` looks like a words
/// file (its first line a number, the word count) read without
/// `--letters`, which makes it a puzzle file whose first grid row is
/// that number.
pub fn with_hint(error: ParseError, text: &str, letters: Option<&str>) -> String {
    let first = text
        .lines()
        .map(str::trim)
        .find(|line| !line.is_empty() && !line.starts_with('#'));
    let words_file = first.is_some_and(|line| line.parse::<usize>().is_ok());
    if letters.is_none() && words_file {
        format!(
            "{error} (this looks like a words file, the word count then the words: \
             give the nine given letters with --letters)"
        )
    } else {
        error.to_string()
    }
}

/// Reads and solves the puzzle of `text`: the `solve` of the batch driver
/// (whose one item is the whole input). With `uniqueness`, a solved
/// puzzle is then counted to 2 by [`crate::is_unique`], within the same
/// limits, to tell whether its solution is unique; the outcome's stats stay
/// the chosen algorithm's.
pub fn solve(
    text: &str,
    letters: Option<&str>,
    options: &Options,
    uniqueness: bool,
) -> Result<Solved, String> {
    let puzzle = read_puzzle(text, letters).map_err(|error| with_hint(error, text, letters))?;
    let outcome = crate::solve(&puzzle, options);
    let unique =
        (uniqueness && outcome.status.is_solved()).then(|| crate::is_unique(&puzzle, options));
    Ok(Solved {
        puzzle,
        outcome,
        unique,
    })
}

/// [`solve`], with the depth-first search watched (`--trace`, `--events`,
/// `--tree-svg`) by [`crate::watch::solve_watched`].
pub fn solve_watched(
    text: &str,
    letters: Option<&str>,
    options: &Options,
    uniqueness: bool,
    watch: crate::watch::Watch<'_, '_>,
) -> Result<Solved, String> {
    let puzzle = read_puzzle(text, letters).map_err(|error| with_hint(error, text, letters))?;
    let mut watch = watch;
    if let Some(events) = watch.sinks.events.as_deref_mut() {
        events.emit(
            "run",
            &serde_json::json!({ "algorithm": options.algo.name(), "puzzle": puzzle.to_line() }),
        );
    }
    let outcome = crate::watch::solve_watched(&puzzle, options, watch);
    let unique =
        (uniqueness && outcome.status.is_solved()).then(|| crate::is_unique(&puzzle, options));
    Ok(Solved {
        puzzle,
        outcome,
        unique,
    })
}

/// The node limit of each `--compare` run unless `--node-limit` says.
pub const COMPARE_NODE_LIMIT: u64 = 1_000_000;
/// The time limit of each `--compare` run.
pub const COMPARE_TIME_LIMIT: std::time::Duration = std::time::Duration::from_secs(10);

/// `--compare`: both solvers on the puzzle of `text`, a table (or JSON
/// rows) of status, nodes, backtracks, dfs's nodes visited, time and
/// solutions, each run under the node and time limits shown.
///
/// # Errors
///
/// A puzzle that cannot be read (its line and column), a failed write.
pub fn run_compare(
    text: &str,
    letters: Option<&str>,
    options: &Options,
    json: bool,
) -> anyhow::Result<std::process::ExitCode> {
    let puzzle = read_puzzle(text, letters)
        .map_err(|error| anyhow::Error::msg(with_hint(error, text, letters)))?;
    let mut limits = options.limits;
    let nodes = *limits.node_limit.get_or_insert(COMPARE_NODE_LIMIT);
    let time = *limits.time_limit.get_or_insert(COMPARE_TIME_LIMIT);
    let heading = format!(
        "{}\nlimits per run: {} nodes, {} s",
        puzzle.to_line(),
        cli_kit::thousands(nodes),
        time.as_secs_f64()
    );
    let mut table = cli_kit::Comparison::new(heading, "solutions");
    for &algo in <crate::Algo as puzzle_kit::Algorithm>::ALL {
        let mut run = options.clone();
        run.algo = algo;
        run.limits = limits;
        let outcome = crate::solve(&puzzle, &run);
        let visited = outcome
            .stats
            .dfs
            .as_ref()
            .map_or(0, |dfs| dfs.nodes_visited);
        table.push(cli_kit::Row {
            algorithm: algo.name().to_owned(),
            status: outcome.status.into(),
            limit: outcome.status.limit(),
            nodes: outcome.stats.nodes,
            counters: vec![
                ("backtracks", outcome.stats.backtracks),
                ("nodes_visited", visited),
            ],
            elapsed: outcome.stats.elapsed,
            length: Some(outcome.count),
        });
    }
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    if json {
        table.write_json(&mut out)?;
    } else {
        out.write_all(table.to_text().as_bytes())?;
    }
    out.flush()?;
    Ok(std::process::ExitCode::SUCCESS)
}

/// The record of a solve; `counting` adds `count` and `count_complete`.
pub fn record(solved: &Solved, counting: bool) -> GogenRecord {
    let Solved {
        puzzle,
        outcome,
        unique,
    } = solved;
    let solution = solved.solution();
    let paths = solution.map(|grid| {
        puzzle
            .words()
            .iter()
            .filter_map(|word| Some((word.clone(), grid.word_path(word)?)))
            .collect::<BTreeMap<_, _>>()
    });
    let count = counting.then_some(Count {
        count: outcome.count,
        complete: outcome.count_complete,
    });
    let stats = &outcome.stats;
    let dfs = stats.dfs;
    let counters = GogenCounters {
        backtracks: Some(stats.backtracks),
        nodes_visited: dfs.map(|dfs| dfs.nodes_visited),
        path_length: dfs.and_then(|dfs| dfs.path_length),
        efficiency: dfs.and_then(|dfs| dfs.efficiency()),
    };
    Record {
        solution: solution.map(|grid| grid.to_line()),
        stats: RecordStats::with(stats.nodes, stats.elapsed, counters),
        ..Record::ended(
            outcome.status,
            GogenFields {
                paths,
                unique: unique.and_then(Result::ok),
                count,
            },
        )
    }
}

/// The record of `gogen solve --json` for a front end other than the
/// binary (the Python package): the same solve, uniqueness count and
/// [`record`] as [`solve`]'s.
impl cli_kit::SolveRecord for Puzzle {
    type Fields = GogenFields;
    type Json = String;
    type Counters = GogenCounters;

    fn solve_record(
        &self,
        options: &Options,
        counting: bool,
    ) -> Result<(Outcome, GogenRecord), String> {
        let outcome = crate::solve(self, options);
        let unique =
            (!counting && outcome.status.is_solved()).then(|| crate::is_unique(self, options));
        let solved = Solved {
            puzzle: self.clone(),
            outcome,
            unique,
        };
        let record = record(&solved, counting);
        Ok((solved.outcome, record))
    }

    fn invalid_record(_text: &str, error: &str) -> GogenRecord {
        Record::invalid(error, GogenFields::default())
    }
}

/// `gogen check` for a front end other than the binary: its reading
/// ([`claims`]) and [`check_record`] against this puzzle.
impl cli_kit::CheckSolution for Puzzle {
    fn check_text(&self, text: &str) -> Result<Vec<Verified>, (usize, String)> {
        cli_kit::verify_claims(claims(text), |record| check_record(self, &record))
    }
}

/// How `solve` shows its result: the command line's view flags.
#[derive(Debug, Clone, Copy, Default)]
pub struct View {
    /// One JSON record instead of the human view.
    pub json: bool,
    /// The count of solutions (`--count`).
    pub count: bool,
    /// Every word highlighted on its own grid (`--show-words`).
    pub show_words: bool,
    /// The `--stats` line.
    pub stats: bool,
    /// Mark the givens of the solved grid in bold (ANSI): on a terminal
    /// only, unless `NO_COLOR` is set (see [`mark_givens`]).
    pub bold_givens: bool,
}

/// The human view's line under a solved grid saying whether the solution
/// is unique; `check` reads it back ([`claims`]).
pub fn unique_line(unique: Result<bool, Limit>) -> String {
    match unique {
        Ok(true) => "unique: yes".to_owned(),
        Ok(false) => "unique: no, the puzzle has another solution".to_owned(),
        Err(limit) => format!("unique: unknown, the {limit} limit stopped the count to 2"),
    }
}

/// What a `unique:` line of the human view claims: `Some(Some(unique))`,
/// `Some(None)` for an unknown, `None` for any other line.
fn read_unique_line(line: &str) -> Option<Option<bool>> {
    let claim = line.strip_prefix("unique:")?.trim_start();
    Some(if claim == "yes" {
        Some(true)
    } else if claim.starts_with("no,") || claim == "no" {
        Some(false)
    } else {
        None
    })
}

/// Bold on, and back to normal: the ANSI escapes around a given letter.
const BOLD: &str = "\x1b[1m";
const NORMAL: &str = "\x1b[0m";

/// Whether the human view marks the givens: only when stdout is a
/// terminal, and `NO_COLOR` (its value as read from the environment) is
/// absent or empty (<https://no-color.org>: any non-empty value disables
/// colour and other escapes).
pub fn mark_givens(stdout_is_terminal: bool, no_color: Option<&std::ffi::OsStr>) -> bool {
    stdout_is_terminal && no_color.is_none_or(|value| value.is_empty())
}

/// `grid` as [`Grid`]'s `Display` shows it, each letter the puzzle gives
/// in bold.
pub fn marked_grid(puzzle: &Puzzle, grid: &Grid) -> String {
    let mut out = String::new();
    for (cell, &letter) in grid.cells().iter().enumerate() {
        if cell > 0 {
            out.push(if cell % SIDE == 0 { '\n' } else { ' ' });
        }
        let c = letter_char(letter);
        if puzzle.givens()[cell].is_some() {
            out.push_str(&format!("{BOLD}{c}{NORMAL}"));
        } else {
            out.push(c);
        }
    }
    out
}

impl Report<String, Solved> for View {
    fn write(
        &mut self,
        out: &mut dyn Write,
        _text: &String,
        result: Result<&Solved, &str>,
    ) -> anyhow::Result<()> {
        match (result, self.json) {
            (Ok(solved), true) => record(solved, self.count).write_line(out),
            (Err(message), true) => {
                let invalid: GogenRecord = Record::invalid(message, GogenFields::default());
                invalid.write_line(out)
            }
            (Ok(solved), false) => self.write_human(out, solved),
            // The driver has put the message on stderr.
            (Err(_), false) => Ok(()),
        }
    }
}

impl View {
    /// Under `--show-words`, every word highlighted on its own grid.
    fn write_words(&self, out: &mut dyn Write, puzzle: &Puzzle, grid: &Grid) -> anyhow::Result<()> {
        if self.show_words {
            for word in puzzle.words() {
                writeln!(out)?;
                write!(out, "{}", grid.highlight(word))?;
            }
        }
        Ok(())
    }

    fn write_human(&self, out: &mut dyn Write, solved: &Solved) -> anyhow::Result<()> {
        let Solved {
            puzzle,
            outcome,
            unique,
        } = solved;
        let found = outcome.count;
        match (solved.solution(), outcome.status) {
            (Some(grid), _) => {
                if self.bold_givens {
                    writeln!(out, "{}", marked_grid(puzzle, grid))?;
                } else {
                    writeln!(out, "{grid}")?;
                }
                if let Some(unique) = unique {
                    writeln!(out, "{}", unique_line(*unique))?;
                }
                self.write_words(out, puzzle, grid)?;
            }
            (None, Status::Limit(limit)) if found > 0 => {
                writeln!(out, "{limit} limit reached before the count was finished")?
            }
            (None, Status::Limit(limit)) => {
                writeln!(out, "{limit} limit reached before a solution was found")?
            }
            (None, _) => writeln!(out, "no solution: the words cannot all be traced")?,
        }
        if self.count {
            let more = match (outcome.count_complete, outcome.status.limit()) {
                (true, _) => String::new(),
                (false, Some(limit)) => format!(" or more (found before the {limit} limit)"),
                // Stopped at --limit solutions.
                (false, None) => " or more (limit reached)".to_owned(),
            };
            writeln!(out, "solutions: {found}{more}")?;
        }
        if self.stats {
            let stats = &outcome.stats;
            let mut counters = vec![
                ("nodes", stats.nodes.to_string()),
                ("backtracks", stats.backtracks.to_string()),
            ];
            if let Some(dfs) = stats.dfs {
                match (dfs.path_length, dfs.efficiency()) {
                    (Some(length), Some(efficiency)) => counters.push((
                        "efficiency",
                        format!(
                            "{efficiency:.2} (path length {length} / nodes visited {})",
                            dfs.nodes_visited
                        ),
                    )),
                    _ => counters.push(("nodes visited", dfs.nodes_visited.to_string())),
                }
            }
            writeln!(out, "{}", cli_kit::stats_line(&counters, stats.elapsed))?;
        }
        Ok(())
    }
}

/// The records on `check`'s input: JSON lines as `solve --json` writes
/// them, or else the human view of one solve (its grid, or its "no
/// solution" or "node limit reached" line), taken as the record it stands
/// for. A "limit reached" line that names no limit stands for a record
/// without its `limit`, which the envelope check rejects.
pub fn claims(text: &str) -> Claims<GogenFields, String, GogenCounters> {
    if text.lines().any(|line| line.trim_start().starts_with('{')) {
        return cli_kit::json_records(text);
    }
    let mut claims = Vec::new();
    let mut grid: Option<(usize, String)> = None;
    let mut unique = None;
    for (index, line) in text.lines().enumerate() {
        // A terminal's view marks the givens in bold: read the letters.
        let plain = line.replace(BOLD, "").replace(NORMAL, "");
        let line = plain.trim();
        if let Some(claimed) = read_unique_line(line) {
            unique = claimed;
            continue;
        }
        let claim = if line.starts_with("no solution") {
            Record::new(RecordStatus::Unsolvable, GogenFields::default())
        } else if let Some(named) = limit_line(line) {
            Record {
                limit: named,
                ..Record::new(RecordStatus::Limit, GogenFields::default())
            }
        } else {
            // Grid rows are upper-case letters and spaces; the rest of the
            // view (highlighted words, counts, stats) is not.
            if !line.is_empty() && line.chars().all(|c| c.is_ascii_uppercase() || c == ' ') {
                let (_, letters) = grid.get_or_insert_with(|| (index + 1, String::new()));
                if letters.len() < 25 {
                    letters.extend(line.chars().filter(|&c| c != ' '));
                }
            }
            continue;
        };
        claims.push((index + 1, Ok(claim)));
    }
    if let Some((line, letters)) = grid {
        let record = Record {
            solution: Some(letters),
            ..Record::new(
                RecordStatus::Solved,
                GogenFields {
                    unique,
                    ..GogenFields::default()
                },
            )
        };
        claims.push((line, Ok(record)));
        claims.sort_by_key(|(line, _)| *line);
    }
    claims
}

/// The limit named by a human view's "node limit reached ..." line:
/// `Some(None)` for a "limit reached" line naming none (or naming no limit
/// there is), `None` for any other line.
fn limit_line(line: &str) -> Option<Option<Limit>> {
    if line.starts_with("limit reached") {
        return Some(None);
    }
    let (name, rest) = line.split_once(' ')?;
    rest.starts_with("limit reached").then(|| name.parse().ok())
}

/// Whether gogen can stop at `limit`: it has a node and a memory limit,
/// no time, frontier or depth limit.
fn limit_applies(limit: Limit) -> Result<(), String> {
    match limit {
        Limit::Node | Limit::Memory => Ok(()),
        Limit::Time | Limit::Frontier | Limit::Depth => Err(format!(
            "status \"limit\" with a {limit} limit, which gogen does not have"
        )),
    }
}

/// `check`'s verdict on one record for `puzzle`: a solution must keep the
/// rules (and its paths, when given, spell the words); an "unsolvable"
/// claim is confirmed by [`check::exhaustive`] (nothing is verified when
/// that runs out of budget); a count must fit its status.
pub fn check_record(puzzle: &Puzzle, record: &GogenRecord) -> Result<Verified, String> {
    let count = record.fields.count;
    if record.fields.unique.is_some() && record.status != RecordStatus::Solved {
        return Err(format!(
            "status \"{}\" with \"unique\"",
            record.status.name()
        ));
    }
    if record.fields.unique.is_some() && count.is_some() {
        return Err("\"unique\" beside a count, which tells it".into());
    }
    match record.status {
        RecordStatus::Solved => {
            let solution = record.solution.as_deref().unwrap_or_default();
            if count.is_some_and(|count| count.count == 0) {
                return Err("status \"solved\" with a count of 0".into());
            }
            check::check_solution(puzzle, solution, record.fields.paths.as_ref())
                .map_err(|violation| format!("solution {solution}: {violation}"))?;
            Ok(Verified::Solution)
        }
        RecordStatus::Unsolvable => {
            if let Some(count) = count
                && (count.count != 0 || !count.complete)
            {
                return Err(format!(
                    "status \"unsolvable\" with a count of {} (complete: {})",
                    count.count, count.complete
                ));
            }
            if record.fields.paths.is_some() {
                return Err("status \"unsolvable\" with paths".into());
            }
            match check::exhaustive(puzzle, check::NODE_BUDGET) {
                Exhaustive::NoSolution => Ok(Verified::NoSolution),
                Exhaustive::Solution(grid) => Err(format!(
                    "status \"unsolvable\", but {} solves the puzzle",
                    grid.to_line()
                )),
                Exhaustive::OverBudget => Ok(Verified::Nothing),
            }
        }
        RecordStatus::Limit if count.is_some_and(|count| count.complete) => {
            Err("status \"limit\" with a complete count".into())
        }
        RecordStatus::Limit => {
            record.limit.map_or(Ok(()), limit_applies)?;
            Ok(Verified::Nothing)
        }
        RecordStatus::Invalid => Ok(Verified::Nothing),
    }
}
