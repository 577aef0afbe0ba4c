//! The csp-core model: one variable per cell over 1..=its room's size,
//! the givens assigned, an all-different per room, and the distance rule
//! as a propagator per row and per column; solved by MAC with MRV.

use std::time::Instant;

use csp_core::{
    Config, Conflict, Context, Count, CountStatus, KeepSolutions, Model, NoObserver, Observer,
    Propagator, Solver, Var, Wake,
};

use crate::options::{Options, Outcome, Stats, counted as counted_outcome};
use crate::puzzle::{Grid, Puzzle};

/// Two equal digits d in this line (a row or a column, in order) have more
/// than d cells' distance: a fixed d takes d out of the d cells on each side.
#[derive(Debug, Clone)]
struct Distance {
    line: Vec<Var>,
}

impl Propagator for Distance {
    fn variables(&self) -> Vec<Var> {
        self.line.clone()
    }

    fn propagate(&mut self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        for (index, &var) in self.line.iter().enumerate() {
            let Some(value) = ctx.value(var) else {
                continue;
            };
            let reach = value as usize;
            let low = index.saturating_sub(reach);
            let high = (index + reach).min(self.line.len() - 1);
            for other in low..=high {
                if other != index {
                    ctx.remove(self.line[other], value)?;
                }
            }
        }
        Ok(())
    }

    fn is_satisfied(&self, values: &[i32]) -> bool {
        values.iter().enumerate().all(|(index, &value)| {
            let reach = value.max(0) as usize;
            values[index + 1..]
                .iter()
                .take(reach)
                .all(|&other| other != value)
        })
    }

    fn wakes_on(&self) -> Wake {
        Wake::Fixed
    }

    fn name(&self) -> &str {
        "distance"
    }
}

/// The model of `puzzle` and its cell variables (row-major).
pub fn model(puzzle: &Puzzle) -> (Model, Vec<Var>) {
    let mut model = Model::new();
    let (rows, cols) = (puzzle.rows(), puzzle.cols());
    let vars: Vec<Var> = (0..puzzle.len())
        .map(|cell| model.new_var(1..=puzzle.room_size(cell) as i32))
        .collect();
    for (cell, &given) in puzzle.givens().iter().enumerate() {
        if given != 0 {
            model.assign(vars[cell], i32::from(given));
        }
    }
    for room in puzzle.rooms() {
        if room.len() > 1 {
            let terms: Vec<Var> = room.iter().map(|&cell| vars[cell as usize]).collect();
            model.all_different(&terms);
        }
    }
    if cols > 1 {
        for r in 0..rows {
            let line = (0..cols).map(|c| vars[r * cols + c]).collect();
            model.add_propagator(Distance { line });
        }
    }
    if rows > 1 {
        for c in 0..cols {
            let line = (0..rows).map(|r| vars[r * cols + c]).collect();
            model.add_propagator(Distance { line });
        }
    }
    (model, vars)
}

/// Solves with the csp-core model (MAC, MRV).
pub(crate) fn solve(puzzle: &Puzzle, options: &Options) -> Outcome {
    solve_observed(puzzle, options, &mut NoObserver)
}

/// The outcome of csp-core's count: the first grid, the count and how it
/// stopped, csp-core's counters.
fn outcome(first: Option<Grid>, counted: &Count, options: &Options, started: Instant) -> Outcome {
    counted_outcome(
        first,
        counted.count,
        counted.status == CountStatus::Complete,
        match counted.status {
            CountStatus::Limit(limit) => Some(limit),
            CountStatus::Complete | CountStatus::SolutionLimit => None,
        },
        options,
        Stats {
            nodes: counted.stats.nodes,
            elapsed: started.elapsed(),
            counters: crate::Counters {
                backtracks: counted.stats.backtracks,
                recursive_calls: None,
            },
        },
    )
}

/// [`solve`], telling `observer` what csp-core's search does (the cell
/// variables are the cells in reading order).
pub(crate) fn solve_observed<O: Observer>(
    puzzle: &Puzzle,
    options: &Options,
    observer: &mut O,
) -> Outcome {
    let started = Instant::now();
    let (model, _) = model(puzzle);
    let mut solver = Solver::new(model, Config::default().within(&options.limits));
    let mut keep = KeepSolutions::first(observer);
    let counted = solver.count_observed(options.solution_limit(), &mut keep);
    let first = keep.into_first().map(|values| {
        let digits = values.iter().map(|&value| value as u8).collect();
        Grid::new(puzzle.cols(), digits)
    });
    outcome(first, &counted, options, started)
}
