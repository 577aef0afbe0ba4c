//! The solving path: at each point the first step of the first producer,
//! in Sudoku Explainer's producer order, and the ER/EP/ED that follow.

use thiserror::Error;

use super::chains::{self, ChainStage};
use super::techniques as t;
use super::{Candidates, Rating, Step};
use crate::fast_solve_array;

/// Every step of a path, and its ratings as serate defines them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Path {
    /// The steps, in order.
    pub steps: Vec<Step>,
    /// The hardest step (SE's ER); 20.0 when the techniques got stuck.
    pub er: Rating,
    /// The hardest step up to and including the first that places a digit
    /// (EP); 0.0 when no step placed one.
    pub ep: Rating,
    /// The rating of the first step (ED).
    pub ed: Rating,
    /// Whether the steps filled the grid (false: no technique applied).
    pub solved: bool,
}

impl Path {
    /// The hardest step (the first of the highest rating), if any.
    pub fn hardest(&self) -> Option<&Step> {
        self.steps.iter().rev().max_by_key(|s| s.rating)
    }
}

/// SE's rating when its techniques cannot go on.
pub const STUCK: Rating = Rating(200);

/// The next step SE would take: the first step of the first producer that
/// finds one, producers in SE 1.2.1's order. `None` when the grid is
/// solved or no technique applies.
pub fn next_step(grid: &Candidates) -> Option<Step> {
    if grid.is_solved() {
        return None;
    }
    // The grid keeps its table of digit places up to date.
    let table = grid.position_table();
    // The first producer, hidden singles, gives most steps: asked for its
    // first step alone, without the vector of the others.
    if let Some(step) = t::first_hidden_single(grid, table) {
        return Some(step);
    }
    let first = |steps: Vec<Step>| steps.into_iter().next();
    t::BEFORE_CHAINS[1..]
        .iter()
        .find_map(|producer| first(producer(grid, table, 1)))
        .or_else(|| first(chains::find_steps(grid, ChainStage::CyclesAndForcing)))
        .or_else(|| first(t::aligned_triplet_exclusion_up_to(grid, 1)))
        .or_else(|| {
            ChainStage::ALL[1..]
                .iter()
                .find_map(|&stage| first(chains::find_steps(grid, stage)))
        })
}

/// Walks the grid to the end (or until no technique applies) and rates
/// the path as serate does: ER the running maximum, ED its value after the
/// first step, EP its value after the first step that places a digit.
pub fn solve_path(grid: &Candidates) -> Path {
    let mut grid = grid.clone();
    let mut path = Path {
        // A step per empty cell, and a few that only eliminate: one
        // allocation for most paths.
        steps: Vec::with_capacity(grid.empty_cells() + 16),
        er: Rating(0),
        ep: Rating(0),
        ed: Rating(0),
        solved: false,
    };
    while !grid.is_solved() {
        let Some(step) = next_step(&grid) else {
            path.er = STUCK;
            return path;
        };
        path.er = path.er.max(step.rating);
        let before = grid.clone();
        step.apply(&mut grid);
        if grid == before {
            // A step that changes nothing would repeat forever.
            path.er = STUCK;
            return path;
        }
        if path.steps.is_empty() {
            path.ed = path.er;
        }
        if path.ep == Rating(0) && step.places() {
            path.ep = path.er;
        }
        path.steps.push(step);
    }
    path.solved = true;
    path
}

/// Why a grid is not rated: it has not exactly one solution, or its pencil
/// marks rule out the solution.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum Invalid {
    /// No way to fill the grid.
    #[error("the puzzle has no solution")]
    NoSolution,
    /// At least two ways to fill it.
    #[error("the puzzle has more than one solution")]
    Multiple,
    /// The pencil marks removed a digit the only solution needs.
    #[error("the pencil marks rule out {digit} at {cell}, which the only solution needs")]
    MarksExcludeSolution {
        /// The cell, as `r4c7`.
        cell: String,
        /// The digit the solution has there.
        digit: u8,
    },
}

/// The grid's only solution (the fast engine counts up to two).
pub fn unique_solution(grid: &Candidates) -> Result<[u8; 81], Invalid> {
    let mut solution = [0u8; 81];
    match fast_solve_array(grid.values(), 2, &mut solution) {
        0 => Err(Invalid::NoSolution),
        1 => {
            for (cell, &digit) in solution.iter().enumerate() {
                if grid.value(cell) == 0 && !grid.has(cell, digit) {
                    let cell = super::candidates::cell_name(cell);
                    return Err(Invalid::MarksExcludeSolution { cell, digit });
                }
            }
            Ok(solution)
        }
        _ => Err(Invalid::Multiple),
    }
}

/// The whole path of a grid with exactly one solution.
pub fn explain(grid: &Candidates) -> Result<Path, Invalid> {
    unique_solution(grid)?;
    Ok(solve_path(grid))
}
