//! What the `gogen` binary does beyond the shared driver (the `cli`
//! feature): the `check` subcommand's reading of records (JSON lines or
//! the human grid) and its verdict on each, on the contract of `cli-kit`,
//! and the entry points the explorer and the Python package call.

use std::io::Write;

use cli_kit::app::{Show, ViewFlags};
use cli_kit::{Claims, Record, Report, Status as RecordStatus, Verified};

pub use crate::app::{
    GogenCounters, GogenFields, GogenRecord, GogenView, Solved, marked_grid, nine_letters,
    read_puzzle, unique_line, with_hint,
};
pub use cli_kit::app::mark_givens;

use crate::app::{BOLD, NORMAL};
use crate::check::{self, Exhaustive};
use crate::options::{Limit, Options, Outcome};
use crate::puzzle::Puzzle;

/// The record of a solve; `counting` adds `count` and `count_complete`.
pub fn record(solved: &Solved, counting: bool) -> GogenRecord {
    <Puzzle as Show>::record(solved, counting)
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
            (Ok(solved), false) => {
                let flags = ViewFlags {
                    count: self.count,
                    stats: self.stats,
                    bold_givens: self.bold_givens,
                };
                let own = GogenView {
                    show_words: self.show_words,
                };
                Ok(<Puzzle as Show>::write_human(out, solved, &flags, &own)?)
            }
            // The driver has put the message on stderr.
            (Err(_), false) => Ok(()),
        }
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
