//! What most puzzles' front ends write alike, for a puzzle whose record
//! names it by its one-line form ([`Puzzle::to_line`]) and its solution by
//! [`Puzzle::solution_line`]: the record ([`LineFields`], [`line_record`]),
//! the puzzle `check` verifies it against ([`record_puzzle`]) and its
//! verdict ([`verify_line_record`]), and the human view's closing lines
//! ([`write_tail`]). A crate whose record or
//! view says more (sudoku's `algo`, gogen's word paths) writes its own.

use std::io::{self, Write};

use puzzle_kit::{Effort, Exhaustive, Outcome, Puzzle};
use serde::{Deserialize, Serialize};

use crate::app::{Solved, ViewFlags};
use crate::{Count, Record, Stats as RecordStats, Status as RecordStatus, Verified};

/// The fields a record adds to the envelope.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct LineFields {
    /// The puzzle's canonical line, which `check` verifies the record against.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub puzzle: Option<String>,
    /// Solved without `--count`: whether the solution is unique.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unique: Option<bool>,
    /// `count` and `count_complete`, with `--count`.
    #[serde(flatten, default, skip_serializing_if = "Option::is_none")]
    pub count: Option<Count>,
}

/// A record of [`LineFields`], the solution's line and the counters `C`.
pub type LineRecord<C> = Record<LineFields, String, C>;

/// The record of a solve: the puzzle's line, the solution's line,
/// `unique` when told, `count` and `count_complete` when `counting`, and
/// the nodes, time and crate's counters.
pub fn line_record<P, C>(solved: &Solved<P>, counting: bool) -> LineRecord<C>
where
    P: Puzzle<Stats = puzzle_kit::Stats<C>>,
    C: Clone + Default,
{
    let outcome = &solved.outcome;
    let fields = LineFields {
        puzzle: Some(solved.puzzle.to_line()),
        unique: solved.unique.and_then(Result::ok),
        count: counting.then_some(Count {
            count: outcome.count,
            complete: outcome.count_complete,
        }),
    };
    let stats = &outcome.stats;
    Record {
        solution: solved
            .solution()
            .map(|solution| solved.puzzle.solution_line(solution)),
        stats: RecordStats::with(stats.nodes, stats.elapsed, stats.counters.clone()),
        ..Record::ended(outcome.status, fields)
    }
}

/// The puzzle `check` verifies `record` against: `given` (named beside
/// the records), else the record's `puzzle` read back; `None` for a
/// record with nothing to check (`invalid`, `limit`).
///
/// # Errors
///
/// A record without its puzzle, or whose puzzle does not read.
pub fn record_puzzle<P: Puzzle, C>(
    given: Option<&P>,
    record: &LineRecord<C>,
) -> Result<Option<P>, String> {
    if matches!(record.status, RecordStatus::Invalid | RecordStatus::Limit) {
        return Ok(None);
    }
    match (given, record.fields.puzzle.as_deref()) {
        (Some(given), _) => Ok(Some(given.clone())),
        (None, Some(line)) => line
            .parse()
            .map(Some)
            .map_err(|error| format!("puzzle {line:?}: {error}")),
        (None, None) => Err("a record without its \"puzzle\"".to_owned()),
    }
}

/// `check`'s verdict on `record`: against its puzzle ([`record_puzzle`]),
/// "unsolvable" confirmed or refuted by the checker's own search
/// (`exhaustive`, [`Verified::of_unsolvable`]), else the solution `read`
/// from the record's line kept to every rule ([`Puzzle::check`]).
///
/// # Errors
///
/// What is wrong with the record, in a sentence.
pub fn verify_line_record<P: Puzzle, C>(
    given: Option<&P>,
    record: &LineRecord<C>,
    exhaustive: impl FnOnce(&P) -> Exhaustive<P::Solution>,
    read: impl FnOnce(&P, &str) -> Result<P::Solution, String>,
) -> Result<Verified, String> {
    let Some(puzzle) = record_puzzle(given, record)? else {
        return Ok(Verified::Nothing);
    };
    if record.status == RecordStatus::Unsolvable {
        let found = exhaustive(&puzzle);
        return Verified::of_unsolvable(found, |solution| puzzle.solution_line(solution));
    }
    let line = record.solution.as_deref().unwrap_or_default();
    let solution = read(&puzzle, line)?;
    puzzle
        .check(&solution)
        .map_err(|broken| format!("solution {line}: {broken}"))?;
    Ok(Verified::Solution)
}

/// The human view's closing lines: `solutions: N` (`N or more` when the
/// count stopped early) with `--count`, and the `--stats` line (the
/// nodes, the crate's counters and the time).
///
/// # Errors
///
/// A failed write.
pub fn write_tail<S, E: Effort>(
    out: &mut dyn Write,
    outcome: &Outcome<S, E>,
    flags: &ViewFlags,
) -> io::Result<()> {
    if flags.count {
        let more = if outcome.count_complete {
            ""
        } else {
            " or more"
        };
        writeln!(out, "solutions: {}{more}", outcome.count)?;
    }
    if flags.stats {
        let stats = &outcome.stats;
        let counters: Vec<_> = std::iter::once(("nodes", stats.nodes()))
            .chain(stats.counters())
            .map(|(name, value)| (name, value.to_string()))
            .collect();
        writeln!(out, "{}", crate::stats_line(&counters, stats.elapsed()))?;
    }
    Ok(())
}
