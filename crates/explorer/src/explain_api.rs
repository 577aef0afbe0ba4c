//! The sudoku view's human steps (its part of the generic route asked
//! with `view=own&algo=explain`): `sudoku explain`'s solving path (the
//! technique Sudoku Explainer would take at each point), each step sent as
//! the record `sudoku explain --json` writes (`sudoku::cli::StepRecord`)
//! with what the page highlights beside it (the candidates before the
//! step, its units, highlighted candidates and links), and the puzzle's
//! final record (ER, EP, ED), as the command line writes them.

use serde_json::{Value, json};
use sudoku::cli::{StepRecord, rate_grid, rate_record};
use sudoku::explain::Candidates;
use sudoku::explain::candidates::UNITS;

use crate::api::{ApiError, pick_algo};
use crate::puzzle_api::Prepared;

/// Reads `puzzle`: 81 digits or dots (or the 729-character candidate
/// form), as `sudoku explain PUZZLE` reads its argument; `algo` is
/// `explain`. The path is found on a heavy turn: the hardest puzzles'
/// chains take a while.
pub(crate) fn prepare(pairs: &[(String, String)]) -> Result<Prepared, ApiError> {
    let mut puzzle = None;
    for (key, value) in pairs {
        match key.as_str() {
            "puzzle" => puzzle = Some(value.clone()),
            "algo" => pick_algo(value, &["explain"], |name| name).map(drop)?,
            "step" => {}
            _ => return Err(ApiError::bad(key, format!("unknown parameter '{key}'"))),
        }
    }
    let puzzle = puzzle
        .ok_or_else(|| ApiError::bad("puzzle", "expected a puzzle: 81 digits or dots, one line"))?;
    // The first line that is not a comment, as the command line reads a file.
    let line = puzzle
        .lines()
        .map(str::trim)
        .find(|line| !line.is_empty() && !line.starts_with('#'))
        .unwrap_or("");
    let grid =
        Candidates::parse(line).map_err(|error| ApiError::bad("puzzle", error.to_string()))?;
    Ok(Prepared {
        job: Box::new(move || run(&grid)),
        heavy: true,
    })
}

/// The path as `sudoku explain PUZZLE --json` writes it: `{"v": 1,
/// "puzzle": "sudoku", "record": ..., "steps": [{"record": ..., "values",
/// "masks", "units", "highlighted", "links"}]}`; `values` (81 digits, 0
/// for an empty cell) and `masks` (bit d - 1 for candidate d) are the grid
/// before the step; cells are numbered 0 to 80, row by row.
fn run(puzzle: &Candidates) -> String {
    let start = std::time::Instant::now();
    let outcome = rate_grid(puzzle);
    let mut steps = Vec::new();
    if let Ok((path, _)) = &outcome {
        let mut grid = puzzle.clone();
        for (index, step) in path.steps.iter().enumerate() {
            let units: Vec<&[usize; 9]> = step.units.iter().map(|&unit| &UNITS[unit]).collect();
            steps.push(json!({
                "record": StepRecord::new(1, index + 1, step),
                "values": grid.values().to_vec(),
                "masks": (0..81).map(|cell| u32::from(grid.mask(cell))).collect::<Vec<_>>(),
                "units": units,
                "cells": step.cells,
                "highlighted": step.highlighted,
                "placements": step.placements,
                "eliminations": step.eliminations,
                "links": step
                    .links
                    .iter()
                    .map(|link| json!({"from": link.from, "to": link.to, "strong": link.strong}))
                    .collect::<Vec<Value>>(),
            }));
            step.apply(&mut grid);
        }
    }
    let mut record = Vec::new();
    // Writing to memory cannot fail.
    let _ = rate_record(&outcome, start)
        .at_line(Some(1))
        .write_line(&mut record);
    let record = String::from_utf8_lossy(&record);
    format!(
        "{{\"v\":{},\"puzzle\":\"sudoku\",\"record\":{},\"steps\":{}}}",
        cli_kit::EVENTS_VERSION,
        record.trim(),
        Value::Array(steps)
    )
}
