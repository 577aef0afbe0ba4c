//! The dispatch: [`solve`] runs the algorithm [`Options`] name (its engine
//! in `fast`, `csp` or `textbook`) and makes its [`Outcome`]; [`unique`] is the
//! separate uniqueness count; [`Sudoku`] implements [`puzzle_kit::Puzzle`]
//! here.

use std::time::{Duration, Instant};

use puzzle_kit::Limits;

use crate::check::check_solution;
use crate::error::ParseError;
use crate::options::{Algo, Counters, End, Found, Options, Outcome, Stats, Status};
use crate::puzzle::Sudoku;
use crate::{csp, fast, textbook};

/// Solves `sudoku` as `options` says.
///
/// The fast engine handles 9x9 grids; for other sizes [`Algo::Fast`] falls
/// back to [`Algo::Csp`] (recorded in [`Counters::algo`](crate::Counters::algo)). A limit outranks
/// the solutions found before it: the outcome is then [`Status::Limit`],
/// with [`Outcome::count_complete`] false.
pub fn solve(sudoku: &Sudoku, options: &Options) -> Outcome {
    let start = Instant::now();
    let algo = match options.algo {
        Algo::Fast if sudoku.side() != 9 => Algo::Csp,
        algo => algo,
    };
    let found = match algo {
        Algo::Fast => solve_fast(sudoku, options, start),
        Algo::Csp => csp::solve(sudoku, options),
        Algo::Dfs | Algo::Bfs => textbook::solve(sudoku, options, algo),
    };
    outcome_of(found, algo, start)
}

/// The [`Outcome`] of an engine's run begun at `start`.
pub(crate) fn outcome_of(found: Found, algo: Algo, start: Instant) -> Outcome {
    outcome_after(found, algo, start.elapsed())
}

/// The [`Outcome`] of an engine's run that took `elapsed`.
fn outcome_after(found: Found, algo: Algo, elapsed: Duration) -> Outcome {
    let limit = match found.end {
        End::Limit(limit) => Some(limit),
        End::Exhausted | End::SolutionLimit => None,
    };
    Outcome::counted(
        found.solution,
        found.count,
        found.end == End::Exhausted,
        limit,
        Stats {
            nodes: found.nodes,
            elapsed,
            counters: Counters { algo },
        },
    )
}

fn solve_fast(sudoku: &Sudoku, options: &Options, start: Instant) -> Found {
    solve_fast_observed(sudoku, options, start, csp_core::NoObserver).0
}

/// The fast engine's run on a 9x9 `sudoku` begun at `start`, telling
/// `observer` what it does (see `fast::solve_9x9_observed`), and the
/// decisions whose propagation failed.
pub(crate) fn solve_fast_observed<O: csp_core::Observer>(
    sudoku: &Sudoku,
    options: &Options,
    start: Instant,
    observer: O,
) -> (Found, u64) {
    let mut grid = [0u8; 81];
    grid.copy_from_slice(sudoku.values());
    let mut solution = [0u8; 81];
    let limits = &options.limits;
    let count_up_to = limits.count_up_to.max(1);
    let deadline = limits.time_limit.map(|time| start + time);
    let (result, failures) = fast::solve_9x9_observed(
        &grid,
        count_up_to,
        limits.node_limit,
        deadline,
        &mut solution,
        observer,
    );
    let found = found_fast(&result, count_up_to, limits.node_limit, &solution);
    (found, failures)
}

/// The [`Found`] of a fast engine's run.
fn found_fast(
    result: &fast::FastResult,
    count_up_to: u64,
    node_limit: Option<u64>,
    solution: &[u8; 81],
) -> Found {
    let end = match result.limit {
        Some(limit) => End::Limit(limit),
        None if result.found >= count_up_to => End::SolutionLimit,
        None => End::Exhausted,
    };
    Found {
        solution: (result.found > 0).then(|| Sudoku::from_solution(9, solution.to_vec())),
        count: result.found,
        // The engine counts no node when its setup already finds the
        // givens contradictory; the root was examined all the same.
        nodes: if node_limit == Some(0) {
            result.nodes
        } else {
            result.nodes.max(1)
        },
        end,
    }
}

/// The most nodes the uniqueness count of [`solve_and_tell_unique`] may
/// take on a grid other than 9x9 (csp-core's nodes), whatever the node
/// limit: past it the count says nothing.
pub const UNIQUE_NODE_BUDGET: u64 = 100_000;

/// [`solve`], and whether the solution is unique, as `sudoku solve` tells
/// it: the outcome (its status, solution, count and [`Stats`]) is exactly
/// what [`solve`] gives, and the uniqueness is `None` unless solved (and
/// when a limit stopped its count).
///
/// With [`Options::count_up_to`] of 2 or more the count tells. Else, with
/// [`Algo::Fast`] on a 9x9 grid, the fast engine's search goes on past the
/// first solution to a second one (the path to the first is the same as a
/// first-solution run's, so nodes and time are those up to it): the
/// answer costs what lies past the first solution. Else [`unique`] counts
/// apart after the solve, on grids other than 9x9 within
/// [`UNIQUE_NODE_BUDGET`] nodes too.
pub fn solve_and_tell_unique(sudoku: &Sudoku, options: &Options) -> (Outcome, Option<bool>) {
    let limits = &options.limits;
    if limits.count_up_to > 1 {
        let outcome = solve(sudoku, options);
        let unique = match (outcome.status, outcome.count) {
            (Status::Solved, 1) => outcome.count_complete.then_some(true),
            (Status::Solved, _) => Some(false),
            _ => None,
        };
        return (outcome, unique);
    }
    if options.algo != Algo::Fast || sudoku.side() != 9 {
        let outcome = solve(sudoku, options);
        if outcome.status != Status::Solved {
            return (outcome, None);
        }
        return (outcome, unique_within_budget(sudoku, options));
    }
    let start = Instant::now();
    let mut grid = [0u8; 81];
    grid.copy_from_slice(sudoku.values());
    let mut solution = [0u8; 81];
    let deadline = limits.time_limit.map(|time| start + time);
    let told = fast::solve_and_tell_unique(&grid, limits.node_limit, deadline, &mut solution);
    let found = found_fast(&told.first, 1, limits.node_limit, &solution);
    let elapsed = told.first_found_at.unwrap_or_else(Instant::now) - start;
    (outcome_after(found, Algo::Fast, elapsed), told.unique)
}

/// [`unique`], on grids other than 9x9 within [`UNIQUE_NODE_BUDGET`] nodes
/// too.
pub(crate) fn unique_within_budget(sudoku: &Sudoku, options: &Options) -> Option<bool> {
    let mut counting = *options;
    if sudoku.side() != 9 {
        let budget = options.limits.node_limit.unwrap_or(UNIQUE_NODE_BUDGET);
        counting.limits.node_limit = Some(budget.min(UNIQUE_NODE_BUDGET));
    }
    unique(sudoku, &counting)
}

/// Whether `sudoku` has exactly one solution: a count up to 2, separate
/// from any solve, by the fast engine for 9x9 grids and by [`Algo::Csp`]
/// for the other sizes, within the node, time and memory limits of
/// `options` (its algorithm and count are not used). `None` when a limit
/// stopped the count before it could tell; `Some(false)` also when there
/// is no solution at all.
///
/// On 9x9 grids this costs about one more solve with the fast engine (tens
/// of microseconds on the hardest known puzzles); on larger grids a count
/// must search everything the first solution left, which may take far
/// longer than the solve: give a node or time limit.
pub fn unique(sudoku: &Sudoku, options: &Options) -> Option<bool> {
    let counting = Options {
        algo: if sudoku.side() == 9 {
            Algo::Fast
        } else {
            Algo::Csp
        },
        limits: Limits {
            count_up_to: 2,
            ..options.limits
        },
        ..*options
    };
    solve(sudoku, &counting).uniqueness().ok()
}

/// Counts the solutions of a 9x9 grid (values 0-9 in reading order, 0 blank)
/// up to `limit` with the fast engine, without building any [`Sudoku`]: the
/// entry point for tight loops. The first solution is written to `solution`.
pub fn fast_solve_array(grid: &[u8; 81], limit: u64, solution: &mut [u8; 81]) -> u64 {
    fast::solve_9x9(grid, limit, None, None, solution).found
}

/// [`fast_solve_array`], also returning how many guesses the search made:
/// the branches it tried on a copy of the board, one for each digit of a
/// branching cell but the last (which goes on in place), the way tdoku
/// counts its guesses. The benchmark's guesses per puzzle.
///
/// ```
/// let line = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
/// let mut grid = [0u8; 81];
/// for (cell, byte) in grid.iter_mut().zip(line.bytes()) {
///     *cell = byte.checked_sub(b'0').filter(|&d| d <= 9).unwrap_or(0);
/// }
/// let mut solution = [0u8; 81];
/// let (count, guesses) = sudoku::fast_solve_array_guesses(&grid, 2, &mut solution);
/// assert_eq!((count, guesses), (1, 0)); // singles alone solve it
/// ```
pub fn fast_solve_array_guesses(
    grid: &[u8; 81],
    limit: u64,
    solution: &mut [u8; 81],
) -> (u64, u64) {
    let result = fast::solve_9x9(grid, limit, None, None, solution);
    (result.found, result.guesses)
}

impl puzzle_kit::Puzzle for Sudoku {
    const NAME: &'static str = "sudoku";
    const EXAMPLE: &'static str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    type Error = ParseError;
    type Algo = Algo;
    type Options = Options;
    type Solution = Sudoku;
    type Stats = Stats;

    fn to_line(&self) -> String {
        Sudoku::to_line(self)
    }

    fn solution_line(&self, solution: &Sudoku) -> String {
        solution.to_line()
    }

    fn solve(&self, options: &Options) -> Outcome {
        solve(self, options)
    }

    fn check(&self, solution: &Sudoku) -> Result<(), puzzle_kit::Violation> {
        check_solution(self, solution).map_err(puzzle_kit::Violation::from)
    }
}
