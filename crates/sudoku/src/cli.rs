//! What only the `sudoku` binary needs beside the application layer (the
//! `cli` feature): how `solve` reads its input ([`read_input`]: a file, a
//! puzzle given as the argument, or stdin), and the records of `rate` and
//! `explain` ([`Rated`], [`StepRecord`]). The record, the human view and
//! `check`'s verdict live in [`crate::app`], re-exported here for the
//! explorer and the Python package.

use std::io::IsTerminal;
use std::path::Path;

use cli_kit::{Input, Record};
use serde::Serialize;

use crate::error::ParseError;
use crate::explain::{Candidates, Invalid, Path as SolvingPath, Rating, explain, unique_solution};
use crate::puzzle::{Parsed, parse_puzzles};

pub use crate::app::{SudokuFields, SudokuRecord, check_record};

/// The name [`read_input`] gives a puzzle written as the argument, in
/// messages (as cli-kit names stdin `<stdin>`).
pub const ARGUMENT: &str = "<argument>";

/// What `solve` reads: the file `arg` names when it exists; else `arg`
/// itself when it reads as puzzles (`sudoku solve '4...3....'`), named
/// [`ARGUMENT`]; else an error saying that both were tried. Without `arg`
/// (or with `-`), stdin, and when stdin is a terminal a line on stderr
/// first says that puzzles are awaited there and how to end them.
pub fn read_input(arg: Option<&Path>) -> anyhow::Result<Input> {
    let Some(arg) = arg.filter(|arg| arg.as_os_str() != "-") else {
        if std::io::stdin().is_terminal() {
            eprintln!("{WAITING}");
        }
        return Input::stdin();
    };
    if arg.exists() {
        return Input::read(Some(arg));
    }
    let Some(text) = arg.to_str() else {
        return Input::read(Some(arg));
    };
    let puzzles = parse_puzzles(text);
    let why = match puzzles
        .iter()
        .find_map(|parsed| parsed.result.as_ref().err())
    {
        Some(error) => error.clone(),
        None if puzzles.is_empty() => ParseError::no_puzzle_in(text),
        None => {
            return Ok(Input {
                name: ARGUMENT.to_owned(),
                text: text.to_owned(),
            });
        }
    };
    anyhow::bail!("'{text}' is neither a file (there is none of that name) nor a puzzle ({why})")
}

/// What `solve` says on stderr when it waits for puzzles at a terminal.
pub const WAITING: &str = "sudoku: reading puzzles from stdin (one per line, or grids of rows); \
end with Ctrl-D, or give a FILE or a puzzle as the argument";

/// `sudoku rate`'s own fields of a record: serate's three ratings, the
/// hardest step's technique and the steps on the path (none when the
/// puzzle was not rated).
#[derive(Debug, Clone, Default, Serialize)]
pub struct Rated {
    #[serde(skip_serializing_if = "Option::is_none")]
    er: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    ep: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    ed: Option<f64>,
    /// The hardest step's technique.
    #[serde(skip_serializing_if = "Option::is_none")]
    hardest: Option<String>,
    /// Steps on the path.
    #[serde(skip_serializing_if = "Option::is_none")]
    steps: Option<usize>,
}

/// A puzzle of a batch as `sudoku rate` rates it: the record it writes
/// with `--json` (`line` unset), and for its human view the grid's line and
/// the ratings.
#[derive(Debug, Clone)]
pub struct RateOutcome {
    /// The puzzle's 81-character line.
    pub line_text: String,
    /// The JSON record.
    pub record: Record<Rated>,
    /// ER, EP and ED, when rated.
    pub ratings: Option<(Rating, Rating, Rating)>,
}

impl cli_kit::Outcome for RateOutcome {
    fn status(&self) -> cli_kit::Status {
        self.record.status
    }
}

/// One step of a solving path as `sudoku explain --json` writes it, one
/// JSON line: `{line, step, technique, rating, placements, eliminations,
/// cells, text}` (placements `r4c7=5`, eliminations `r4c7-5`). The
/// explorer and the command line write steps through it, so they agree.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct StepRecord {
    /// The puzzle's line in its input.
    pub line: usize,
    /// The step's number in the path, from 1.
    pub step: usize,
    /// The technique's name.
    pub technique: String,
    /// Its Sudoku Explainer rating.
    pub rating: f64,
    /// The digits it places.
    pub placements: Vec<String>,
    /// The candidates it removes.
    pub eliminations: Vec<String>,
    /// The cells that justify it.
    pub cells: Vec<String>,
    /// The sentence a person reads.
    pub text: String,
}

impl StepRecord {
    /// Step `number` (from 1) of the path of the puzzle on `line`.
    pub fn new(line: usize, number: usize, step: &crate::explain::Step) -> Self {
        use crate::explain::candidates::cell_name;
        StepRecord {
            line,
            step: number,
            technique: step.technique.name(),
            rating: step.rating.as_f64(),
            placements: step
                .placements
                .iter()
                .map(|&(cell, digit)| format!("{}={digit}", cell_name(cell)))
                .collect(),
            eliminations: step
                .eliminations
                .iter()
                .map(|&(cell, digit)| format!("{}-{digit}", cell_name(cell)))
                .collect(),
            cells: step.cells.iter().map(|&cell| cell_name(cell)).collect(),
            text: step.text.clone(),
        }
    }
}

/// The solving path of `grid` and its unique solution, or why it has none
/// to rate.
///
/// # Errors
///
/// [`Invalid`]: no solution, several, or givens that clash.
pub fn rate_grid(grid: &Candidates) -> Result<(SolvingPath, [u8; 81]), Invalid> {
    let solution = unique_solution(grid)?;
    Ok((explain(grid)?, solution))
}

/// Rates one puzzle of a batch, the `rate` of `sudoku rate`'s batch and of
/// the Python package (Dask's `sudoku-rate`): the record is `solved` with
/// the unique solution (ER 20.0 when the techniques got stuck, as serate),
/// or `invalid` with the reason; `stats.nodes` counts the steps.
///
/// # Errors
///
/// A puzzle that could not be read, or is not 9x9: the message of its
/// `invalid` record ([`rate_invalid`]).
pub fn rate_parsed(parsed: &Parsed) -> Result<RateOutcome, String> {
    let sudoku = parsed.result.as_ref().map_err(|e| e.to_string())?;
    if sudoku.side() != 9 {
        return Err(format!(
            "line {}: rating is for 9x9 puzzles only",
            parsed.line
        ));
    }
    let values: [u8; 81] = sudoku
        .values()
        .try_into()
        .map_err(|_| "not 81 cells".to_string())?;
    let grid = Candidates::from_values(&values);
    let start = std::time::Instant::now();
    let outcome = rate_grid(&grid);
    let ratings = outcome.as_ref().ok().map(|(p, _)| (p.er, p.ep, p.ed));
    let record = rate_record(&outcome, start);
    Ok(RateOutcome {
        line_text: grid.to_line(),
        record,
        ratings,
    })
}

/// The record of a rating (`rate` and `explain --json`): `solved` with the
/// unique solution (ER 20.0 when the techniques got stuck, as serate), or
/// `invalid` with the reason; `stats.nodes` counts the steps, `micros` the
/// time since `start`.
pub fn rate_record(
    outcome: &Result<(SolvingPath, [u8; 81]), Invalid>,
    start: std::time::Instant,
) -> Record<Rated> {
    match outcome {
        Ok((path, solution)) => {
            let fields = Rated {
                er: Some(path.er.as_f64()),
                ep: Some(path.ep.as_f64()),
                ed: Some(path.ed.as_f64()),
                hardest: path.hardest().map(|s| s.technique.name()),
                steps: Some(path.steps.len()),
            };
            let mut record = Record::new(cli_kit::Status::Solved, fields);
            record.solution = Some(solution.iter().map(|d| (b'0' + d) as char).collect());
            record.stats = cli_kit::Stats::new(path.steps.len() as u64, start.elapsed());
            record
        }
        Err(reason) => {
            let mut record = Record::invalid(reason, Rated::default());
            record.stats = cli_kit::Stats::new(0, start.elapsed());
            record
        }
    }
}

/// The record `sudoku rate --json` writes for a puzzle it could not read.
pub fn rate_invalid(message: &str) -> Record<Rated> {
    Record::invalid(message, Rated::default())
}
