//! What the `sudoku` binary writes and reads, on cli-kit's contract (the
//! `cli` feature): the JSON record of each puzzle ([`SudokuRecord`], the
//! envelope with [`SudokuFields`] flattened in), the human views of
//! `solve` ([`View`]), and the mapping of a record read back by `check`
//! onto the independent checker ([`check_record`]).

use std::io::Write;
use std::time::Duration;

use cli_kit::{Count, Record, Report, Verified};
use serde::{Deserialize, Serialize};

use crate::check::{Claim, Verdict, check_claim};
use crate::grid::{Parsed, Sudoku};
use crate::solve::{Algo, Options, Outcome, Status, solve};

/// The fields of a sudoku record beside cli-kit's envelope (`line`,
/// `status`, `solution`, `error`, `stats`).
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct SudokuFields {
    /// The puzzle in one-line form (as written, when it could not be read).
    pub puzzle: String,
    /// `count` and `count_complete`, when counting was asked for.
    #[serde(flatten, default, skip_serializing_if = "Option::is_none")]
    pub count: Option<Count>,
    /// The algorithm that ran (absent when the puzzle could not be read).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub algo: Option<Algo>,
}

/// One puzzle's JSON line: the solution is the 81-character line form.
pub type SudokuRecord = Record<SudokuFields, String>;

impl From<Status> for cli_kit::Status {
    fn from(status: Status) -> Self {
        match status {
            Status::Solved => cli_kit::Status::Solved,
            Status::Unsolvable => cli_kit::Status::Unsolvable,
            Status::Limit => cli_kit::Status::Limit,
        }
    }
}

impl cli_kit::Outcome for Outcome {
    fn status(&self) -> cli_kit::Status {
        self.status.into()
    }
}

/// Solves a puzzle of a batch, or says why it could not be read: the
/// `solve` of [`cli_kit::Batch::run`].
pub fn solve_parsed(parsed: &Parsed, options: &Options) -> Result<Outcome, String> {
    match &parsed.result {
        Ok(sudoku) => Ok(solve(sudoku, options)),
        Err(error) => Err(error.to_string()),
    }
}

/// The record of a puzzle of a batch: its outcome, or why it could not be
/// read. `counting` adds `count` and `count_complete`. A solution is
/// written only with status `solved`: a count stopped at a limit keeps the
/// first solution to itself.
pub fn record(parsed: &Parsed, result: Result<&Outcome, &str>, counting: bool) -> SudokuRecord {
    let record = match result {
        Ok(outcome) => {
            let fields = SudokuFields {
                puzzle: match &parsed.result {
                    Ok(sudoku) => sudoku.to_line(),
                    Err(_) => parsed.text.clone(),
                },
                count: counting.then_some(Count {
                    count: outcome.count,
                    complete: outcome.count_complete,
                }),
                algo: Some(outcome.algo),
            };
            let mut record = Record::new(outcome.status.into(), fields);
            if outcome.status == Status::Solved {
                record.solution = outcome.solution.as_ref().map(Sudoku::to_line);
            }
            record.stats = cli_kit::Stats {
                nodes: outcome.stats.nodes,
                micros: outcome.stats.micros,
                extra: cli_kit::NoFields {},
            };
            record
        }
        Err(message) => Record::invalid(
            message,
            SudokuFields {
                puzzle: parsed.text.clone(),
                ..SudokuFields::default()
            },
        ),
    };
    record.at_line(Some(parsed.line))
}

/// How `solve` shows its results: JSON lines, or the human view (a grid,
/// `no solution` or `limit reached before an answer`, then the `--count`
/// and `--stats` lines; in a batch each puzzle under `# line N: status`
/// and followed by a blank line).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct View {
    /// JSON lines instead of the human view.
    pub json: bool,
    /// Grids drawn with box-drawing characters.
    pub pretty: bool,
    /// The `--stats` line.
    pub stats: bool,
    /// The solution limit when counting (`--count --limit N`).
    pub count_limit: Option<u64>,
    /// Whether the input holds more than one puzzle (the `# line` headers).
    pub several: bool,
}

impl Report<Parsed, Outcome> for View {
    fn write(
        &mut self,
        out: &mut dyn Write,
        parsed: &Parsed,
        result: Result<&Outcome, &str>,
    ) -> anyhow::Result<()> {
        if self.json {
            return record(parsed, result, self.count_limit.is_some()).write_line(out);
        }
        let Ok(outcome) = result else {
            if self.several {
                writeln!(out, "# line {}: invalid (see stderr)\n", parsed.line)?;
            }
            return Ok(());
        };
        if self.several {
            writeln!(out, "# line {}: {}", parsed.line, outcome.status)?;
        }
        match (&outcome.solution, outcome.status) {
            (Some(solution), Status::Solved) if self.pretty => {
                write!(out, "{}", solution.pretty())?;
            }
            (Some(solution), Status::Solved) => write!(out, "{solution}")?,
            (_, Status::Unsolvable) => writeln!(out, "no solution")?,
            _ => writeln!(out, "limit reached before an answer")?,
        }
        if let Some(limit) = self.count_limit {
            writeln!(out, "{}", count_line(outcome, limit))?;
        }
        if self.stats {
            let counters = [
                ("nodes", outcome.stats.nodes.to_string()),
                ("algo", outcome.algo.to_string()),
            ];
            let time = Duration::from_micros(outcome.stats.micros);
            writeln!(out, "{}", cli_kit::stats_line(&counters, time))?;
        }
        if self.several {
            writeln!(out)?;
        }
        Ok(())
    }
}

/// The human line of `--count`: `solutions: 1 (unique)`, `solutions: 2 or
/// more (limit 2)`, `solutions: 92 found before the limit` (a node or
/// memory limit: a lower bound), else `solutions: N`.
pub fn count_line(outcome: &Outcome, limit: u64) -> String {
    let count = outcome.count;
    match outcome.status {
        Status::Limit => format!("solutions: {count} found before the limit"),
        _ if count == 1 && limit > 1 => "solutions: 1 (unique)".to_owned(),
        _ if count >= limit && limit > 1 => format!("solutions: {count} or more (limit {limit})"),
        _ => format!("solutions: {count}"),
    }
}

/// The `check` of one record, for [`cli_kit::run_check`]: the puzzle and
/// solution read back, then [`check_claim`] (the rules, an independent
/// search for an "unsolvable" claim, the count against the status). A
/// failure names the input line of the puzzle when the record has one.
pub fn check_record(record: &SudokuRecord) -> Result<Verified, String> {
    let status = match record.status {
        cli_kit::Status::Invalid => return Ok(Verified::Nothing),
        cli_kit::Status::Solved => Status::Solved,
        cli_kit::Status::Unsolvable => Status::Unsolvable,
        cli_kit::Status::Limit => Status::Limit,
    };
    let at = match record.line {
        Some(line) => format!("(puzzle of input line {line}) "),
        None => String::new(),
    };
    let puzzle = Sudoku::from_line(&record.fields.puzzle)
        .map_err(|error| format!("{at}puzzle is not valid: {error}"))?;
    let solution = record
        .solution
        .as_deref()
        .map(Sudoku::from_line)
        .transpose()
        .map_err(|error| format!("{at}solution is not valid: {error}"))?;
    let claim = Claim {
        puzzle: &puzzle,
        status,
        solution: solution.as_ref(),
        count: record
            .fields
            .count
            .map(|count| (count.count, count.complete)),
    };
    match check_claim(&claim) {
        Ok(Verdict::Solution) => Ok(Verified::Solution),
        Ok(Verdict::NoSolution) => Ok(Verified::NoSolution),
        Ok(Verdict::Nothing) => Ok(Verified::Nothing),
        Err(error) => Err(format!("{at}{error}")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::Stats;

    fn outcome(status: Status, count: u64) -> Outcome {
        Outcome {
            status,
            solution: None,
            count,
            count_complete: status != Status::Limit,
            algo: Algo::Fast,
            stats: Stats::default(),
        }
    }

    #[test]
    fn count_lines() {
        let line = |status, count, limit| count_line(&outcome(status, count), limit);
        assert_eq!(line(Status::Solved, 1, 2), "solutions: 1 (unique)");
        assert_eq!(line(Status::Solved, 2, 2), "solutions: 2 or more (limit 2)");
        assert_eq!(line(Status::Unsolvable, 0, 2), "solutions: 0");
        assert_eq!(line(Status::Solved, 3, 10), "solutions: 3");
        assert_eq!(
            line(Status::Limit, 92, 100_000),
            "solutions: 92 found before the limit"
        );
    }
}
