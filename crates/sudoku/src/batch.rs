//! Batches: solving every puzzle of a parsed text in parallel (rayon, in the
//! caller's thread pool) with results in input order, and the JSON record of
//! each puzzle.

use rayon::prelude::*;
use serde::{Deserialize, Serialize};

use crate::grid::Parsed;
use crate::solve::{Options, Outcome, solve};

/// One puzzle's result as written on a JSON line.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Record {
    /// 1-based line of the input where the puzzle starts.
    pub line: usize,
    /// The puzzle in one-line form (as written, when it could not be read).
    pub puzzle: String,
    /// "solved", "unsolvable", "limit" or "invalid".
    pub status: String,
    /// The first solution, one line.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub solution: Option<String>,
    /// Solutions found up to the limit, when counting was asked for.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub count: Option<u64>,
    /// Why the puzzle could not be read.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// The algorithm that ran.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub algo: Option<String>,
    /// Search statistics.
    pub stats: RecordStats,
}

/// The `stats` object of a [`Record`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct RecordStats {
    /// Search nodes.
    pub nodes: u64,
    /// Wall time in microseconds.
    pub micros: u64,
}

impl Record {
    /// The record of a parsed puzzle and, when it could be read, its outcome.
    pub fn new(parsed: &Parsed, outcome: Option<&Outcome>, counting: bool) -> Self {
        match (&parsed.result, outcome) {
            (Ok(sudoku), Some(outcome)) => Record {
                line: parsed.line,
                puzzle: sudoku.to_line(),
                status: outcome.status.to_string(),
                solution: outcome.solution.as_ref().map(|solution| solution.to_line()),
                count: counting.then_some(outcome.count),
                error: None,
                algo: Some(outcome.algo.to_string()),
                stats: RecordStats {
                    nodes: outcome.stats.nodes,
                    micros: outcome.stats.micros,
                },
            },
            (result, _) => Record {
                line: parsed.line,
                puzzle: parsed.text.clone(),
                status: "invalid".to_owned(),
                solution: None,
                count: None,
                error: result.as_ref().err().map(ToString::to_string),
                algo: None,
                stats: RecordStats::default(),
            },
        }
    }
}

/// Solves every readable puzzle of `puzzles` in parallel (in the current
/// rayon pool); the outcomes come back in input order, `None` for puzzles that
/// could not be read. `on_done` is called once per puzzle as it finishes (for
/// a progress bar).
pub fn solve_all(
    puzzles: &[Parsed],
    options: &Options,
    on_done: &(dyn Fn() + Sync),
) -> Vec<Option<Outcome>> {
    puzzles
        .par_iter()
        .map(|parsed| {
            let outcome = parsed
                .result
                .as_ref()
                .ok()
                .map(|sudoku| solve(sudoku, options));
            on_done();
            outcome
        })
        .collect()
}
