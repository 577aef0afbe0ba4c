//! Gogen on csp-core: the 25 letters are the variables, the 25 cells their
//! domain. The letters are all different (a permutation of the cells), and
//! every pair of consecutive letters of a word must sit in touching cells.

use std::time::Instant;

use csp_core::{
    Config, Conflict, Context, Count, CountStatus, Inference, Model, Propagator, Solver, Var,
    VarOrder,
};

use crate::grid::Grid;
use crate::options::Limit;
use crate::options::{Counters, Found, Options, Stats, Stop, keep};
use crate::puzzle::{CELLS, Letter, NEIGHBOURS, Puzzle};

/// The cells touching any cell of `cells`.
fn reach(mut cells: u64) -> u64 {
    let mut out = 0;
    while cells != 0 {
        out |= u64::from(NEIGHBOURS[cells.trailing_zeros() as usize]);
        cells &= cells - 1;
    }
    out
}

/// Letters `a` and `b` sit in touching cells: each keeps only the cells that
/// touch a cell the other can still take.
#[derive(Debug, Clone)]
struct Touching {
    a: Var,
    b: Var,
}

impl Propagator for Touching {
    fn variables(&self) -> Vec<Var> {
        vec![self.a, self.b]
    }

    fn propagate(&mut self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        let cells = |ctx: &Context<'_>, var| ctx.mask(var).map_or(0, |(_, mask)| mask);
        ctx.intersect_mask(self.b, reach(cells(ctx, self.a)))?;
        ctx.intersect_mask(self.a, reach(cells(ctx, self.b)))?;
        Ok(())
    }

    fn is_satisfied(&self, values: &[i32]) -> bool {
        NEIGHBOURS[values[0] as usize] & (1 << values[1]) != 0
    }

    /// One pass each way reaches the fixpoint: a cell removed from `a` in
    /// the second step touched no cell of `b`, so no cell of `b` loses its
    /// support.
    fn is_idempotent(&self) -> bool {
        true
    }

    fn name(&self) -> &str {
        "touching"
    }
}

/// The model: one variable per letter over the cells 0..25.
fn model(puzzle: &Puzzle) -> (Model, Vec<Var>) {
    let mut model = Model::new();
    let letters: Vec<Var> = (0..CELLS)
        .map(|letter| {
            model.new_named_var(
                crate::puzzle::letter_char(letter as Letter).to_string(),
                0..CELLS as i32,
            )
        })
        .collect();
    for (cell, given) in puzzle.givens().iter().enumerate() {
        if let Some(letter) = *given {
            model.assign(letters[usize::from(letter)], cell as i32);
        }
    }
    model.all_different(&letters);
    for (a, b) in puzzle.adjacent_pairs() {
        model.add_propagator(Touching {
            a: letters[usize::from(a)],
            b: letters[usize::from(b)],
        });
    }
    (model, letters)
}

/// The grid of a solution: each letter's value is its cell.
fn grid_of(values: &[i32]) -> Grid {
    let mut cells = [0 as Letter; CELLS];
    for (letter, &cell) in values.iter().enumerate() {
        cells[cell as usize] = letter as Letter;
    }
    Grid::new(cells).expect("all-different letters fill every cell once")
}

/// The solver's settings: MAC with MRV, under the options' limits.
fn config(options: &Options) -> Config {
    // csp-core's nodes are the contract's: the root plus one per guess.
    Config::default()
        .inference(Inference::Mac)
        .var_order(VarOrder::Mrv)
        .within(&options.limits)
}

pub fn solve(puzzle: &Puzzle, options: &Options) -> Found {
    let start = Instant::now();
    let (model, _) = model(puzzle);
    let limits = &options.limits;
    let mut solver = Solver::new(model, config(options));
    let mut solutions = Vec::new();
    let limit = limits.count_up_to.max(1);
    let mut kept_all = true;
    let count = solver.for_each_solution(|solution| {
        kept_all = keep(
            &mut solutions,
            grid_of(solution.values()),
            limits.memory_limit,
        );
        kept_all && (solutions.len() as u64) < limit
    });
    found(solutions, kept_all, &count, start)
}

/// What a count that began at `start` hands the dispatcher: the
/// solutions kept (a memory limit when not all of them could be), how
/// the count stopped, and its nodes and backtracks.
fn found(solutions: Vec<Grid>, kept_all: bool, count: &Count, start: Instant) -> Found {
    let stop = match count.status {
        _ if !kept_all => Stop::Limit(Limit::Memory),
        CountStatus::Complete => Stop::Exhausted,
        CountStatus::SolutionLimit => Stop::SolutionLimit,
        CountStatus::Limit(limit) => Stop::Limit(limit),
    };
    let stats = Stats {
        nodes: count.stats.nodes,
        elapsed: start.elapsed(),
        counters: Counters {
            backtracks: count.stats.backtracks,
            dfs: None,
        },
    };
    Found {
        solutions,
        stop,
        stats,
    }
}

/// [`solve`], telling `observer` what csp-core's search does: a count
/// to the solution limit, each solution kept as [`solve`] keeps it. The
/// outcome is [`solve`]'s, but that a memory limit on the kept solutions
/// is found only when the count ends (a watched run is a small one).
#[cfg(feature = "app")] // only the watch module uses it
pub(crate) fn solve_observed<O: csp_core::Observer>(
    puzzle: &Puzzle,
    options: &Options,
    observer: &mut O,
) -> Found {
    let start = Instant::now();
    let (model, _) = model(puzzle);
    let limits = &options.limits;
    let mut solver = Solver::new(model, config(options));
    let mut keeping = csp_core::KeepSolutions::all(observer);
    let count = solver.count_observed(limits.count_up_to.max(1), &mut keeping);
    // Kept as `solve` keeps them, up to the memory limit.
    let mut solutions = Vec::new();
    let mut kept_all = true;
    for values in keeping.into_solutions() {
        kept_all = keep(&mut solutions, grid_of(&values), limits.memory_limit);
        if !kept_all {
            break;
        }
    }
    found(solutions, kept_all, &count, start)
}
