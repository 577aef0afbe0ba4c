//! The `csp` formulation: sudoku on csp-core, one variable per cell with
//! domain 1..=side, one all-different per row, column and box, solved by MAC
//! with MRV (Régin's matching on each unit finds naked and hidden subsets).

use csp_core::{
    Config, CountStatus, KeepSolutions, Model, NoObserver, Observer, Solver, Status as CspStatus,
    Var,
};

use crate::options::{End, Found, Options};
use crate::puzzle::Sudoku;

/// The model of a grid: its variables in reading order and the model.
fn model(sudoku: &Sudoku) -> (Model, Vec<Var>) {
    let side = sudoku.side();
    let box_size = sudoku.box_size();
    let mut model = Model::new();
    let cells = model.new_vars(side * side, 1..=side as i32);
    for (cell, &value) in sudoku.values().iter().enumerate() {
        if value != 0 {
            model.assign(cells[cell], i32::from(value));
        }
    }
    for index in 0..side {
        let row: Vec<Var> = (0..side).map(|col| cells[index * side + col]).collect();
        let column: Vec<Var> = (0..side).map(|row| cells[row * side + index]).collect();
        let top = index / box_size * box_size;
        let left = index % box_size * box_size;
        let block: Vec<Var> = (0..side)
            .map(|k| cells[(top + k / box_size) * side + left + k % box_size])
            .collect();
        model.all_different(&row);
        model.all_different(&column);
        model.all_different(&block);
    }
    (model, cells)
}

/// Solves with csp-core: the first solution, or a count up to the solution
/// limit. Nodes are csp-core's (the root plus one per decision), and its
/// node limit is never passed, its time limit is checked beside it; its memory limit bounds the trail and the
/// search stacks.
pub(crate) fn solve(sudoku: &Sudoku, options: &Options) -> Found {
    solve_observed(sudoku, options, &mut NoObserver)
}

/// The variable of each cell is its index in reading order: the cell of
/// variable `index` is row `index / side`, column `index % side`.
#[cfg(feature = "app")] // only the watch module uses it
pub(crate) fn cell_of(var: Var, side: usize) -> (usize, usize) {
    (var.index() / side, var.index() % side)
}

/// [`solve`], telling `observer` every propagation, pruning, decision,
/// backtrack and solution.
pub(crate) fn solve_observed<O: Observer>(
    sudoku: &Sudoku,
    options: &Options,
    observer: &mut O,
) -> Found {
    let (model, cells) = model(sudoku);
    debug_assert!(cells.iter().enumerate().all(|(i, var)| var.index() == i));
    let limits = &options.limits;
    let mut solver = Solver::new(model, Config::new().within(limits));
    let to_grid = |values: &[i32]| {
        let cells: Vec<u8> = cells.iter().map(|var| values[var.index()] as u8).collect();
        Sudoku::from_solution(sudoku.side(), cells)
    };
    if limits.count_up_to <= 1 {
        let outcome = solver.solve_observed(observer);
        let end = match outcome.status {
            CspStatus::Solved => End::SolutionLimit,
            CspStatus::Unsolvable => End::Exhausted,
            CspStatus::Limit(limit) => End::Limit(limit),
        };
        let solution = outcome.solution.map(|solution| to_grid(solution.values()));
        return Found {
            count: u64::from(solution.is_some()),
            solution,
            nodes: outcome.stats.nodes,
            end,
        };
    }
    let limit = limits.count_up_to;
    let (counted, first) = if O::ACTIVE {
        // The observer is told the solutions; the first is kept on the way.
        let mut first = KeepSolutions::first(observer);
        let counted = solver.count_observed(limit, &mut first);
        (counted, first.into_first().map(|values| to_grid(&values)))
    } else {
        let mut first = None;
        let mut found = 0;
        let counted = solver.for_each_solution(|solution| {
            if first.is_none() {
                first = Some(to_grid(solution.values()));
            }
            found += 1;
            found < limit
        });
        (counted, first)
    };
    let end = match counted.status {
        CountStatus::Complete => End::Exhausted,
        CountStatus::SolutionLimit => End::SolutionLimit,
        CountStatus::Limit(limit) => End::Limit(limit),
    };
    Found {
        solution: first,
        count: counted.count,
        nodes: counted.stats.nodes,
        end,
    }
}
