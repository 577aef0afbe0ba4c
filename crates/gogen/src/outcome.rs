//! The shared solving interface: options in, solutions and statistics out.

use std::time::Duration;

pub(crate) use puzzle_kit::{Limit, Status};

use crate::grid::Grid;
use crate::puzzle::Puzzle;

/// Which solver to run.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum Algorithm {
    /// Letters as variables over cells on csp-core, propagated to a fixpoint
    /// before any guess.
    #[default]
    Csp,
    /// Seed 000's depth-first search with look-ahead on search-core.
    Dfs,
}

/// What to look for.
#[derive(Debug, Clone)]
pub struct SolveOptions {
    /// The solver.
    pub algorithm: Algorithm,
    /// Stop after this many solutions: 1 to solve, 2 to check uniqueness.
    pub solution_limit: u64,
    /// The most search nodes ([`Stats::nodes`]) a run may examine, never
    /// passed: a run that would pass it ends with [`Status::Limit`]
    /// ([`Limit::Node`]).
    pub node_limit: Option<u64>,
    /// The most bytes the search's growing buffers (the cores' trail,
    /// stacks, closed set and frontier, and the solutions kept) may hold:
    /// a run that would pass it ends with [`Status::Limit`]
    /// ([`Limit::Memory`]) before the allocation is made.
    pub memory_limit: Option<usize>,
}

impl Default for SolveOptions {
    fn default() -> Self {
        SolveOptions {
            algorithm: Algorithm::Csp,
            solution_limit: 1,
            node_limit: None,
            memory_limit: None,
        }
    }
}

/// Search effort of one run.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Stats {
    /// Search nodes examined, the root included, never more than the node
    /// limit: for `csp` the root plus one per guess (1 when propagation
    /// alone solves the puzzle); for `dfs` the states generated, the empty
    /// grid included.
    pub nodes: u64,
    /// `csp`: guesses that were undone; `dfs`: states tested off the path
    /// to the first solution (dead ends).
    pub backtracks: u64,
    /// `dfs` only: the counters seed 000 reports.
    pub seed: Option<SeedStats>,
    /// Wall-clock time of the search.
    pub elapsed: Duration,
}

/// Seed 000's own counters of a `dfs` run.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SeedStats {
    /// The seed's "nodes visited": the states tested plus one, as the seed
    /// counts its closed set.
    pub nodes_visited: u64,
    /// States on the path from the start to the first solution, the seed's
    /// "path length"; `None` when no solution was found.
    pub path_length: Option<u64>,
}

impl SeedStats {
    /// The seed's efficiency figure: path length over nodes visited.
    pub fn efficiency(&self) -> Option<f64> {
        self.path_length
            .map(|length| length as f64 / self.nodes_visited.max(1) as f64)
    }
}

/// Why a solver stopped, as it reports it to [`Outcome::new`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Stop {
    /// The search space was exhausted: every solution was found.
    Exhausted,
    /// The solution limit was reached.
    SolutionLimit,
    /// A node or memory limit was reached: which one.
    Limit(Limit),
}

/// The result of [`solve`]: the status, the solutions found and whether
/// they are all there are. The fields are read through methods, so that
/// they cannot disagree: a solved run has a solution, an unsolvable one
/// has none and a complete count, a run stopped by a limit an incomplete
/// one.
#[derive(Debug, Clone)]
pub struct Outcome {
    status: Status,
    solutions: Vec<Grid>,
    count_complete: bool,
    /// Effort.
    pub stats: Stats,
}

impl Outcome {
    /// The outcome of a search that found `solutions` and stopped for
    /// `stop`.
    pub(crate) fn new(solutions: Vec<Grid>, stop: Stop, stats: Stats) -> Self {
        let status = match stop {
            Stop::Limit(limit) => Status::Limit(limit),
            Stop::Exhausted | Stop::SolutionLimit if solutions.is_empty() => Status::Unsolvable,
            Stop::Exhausted | Stop::SolutionLimit => Status::Solved,
        };
        Outcome {
            status,
            count_complete: stop == Stop::Exhausted || status == Status::Unsolvable,
            solutions,
            stats,
        }
    }

    /// How the run ended ([`Status::Limit`] names the limit that stopped
    /// it).
    pub fn status(&self) -> Status {
        self.status
    }

    /// Which limit stopped the run, exactly when the status is
    /// [`Status::Limit`].
    pub fn limit(&self) -> Option<Limit> {
        self.status.limit()
    }

    /// The first solution found, when the status is [`Status::Solved`].
    pub fn solution(&self) -> Option<&Grid> {
        match self.status {
            Status::Solved => self.solutions.first(),
            Status::Unsolvable | Status::Limit(_) => None,
        }
    }

    /// Every solution found, at most the solution limit: all of them when
    /// [`Outcome::count_complete`], else a lower bound (a limit stopped the
    /// search; under [`Status::Limit`] these were found before it).
    pub fn solutions(&self) -> &[Grid] {
        &self.solutions
    }

    /// Whether the search ran to its end, so that [`Outcome::solutions`]
    /// holds every solution: false when the solution, node or memory limit
    /// stopped it (always false under [`Status::Limit`], always true under
    /// [`Status::Unsolvable`]).
    pub fn count_complete(&self) -> bool {
        self.count_complete
    }
}

/// Keeps `grid` in `solutions` if the vector can hold it within
/// `memory_limit` bytes (the old and the new buffer both counted while it
/// grows); false, keeping nothing, when it cannot.
pub(crate) fn keep(solutions: &mut Vec<Grid>, grid: Grid, memory_limit: Option<usize>) -> bool {
    if solutions.len() == solutions.capacity() {
        let capacity = solutions.capacity();
        let grown = (capacity * 2).max(4);
        let bytes = (capacity + grown).saturating_mul(size_of::<Grid>());
        if memory_limit.is_some_and(|limit| bytes > limit) {
            return false;
        }
        solutions.reserve_exact(grown - capacity);
    }
    solutions.push(grid);
    true
}

/// Solves `puzzle` with the options' algorithm.
pub fn solve(puzzle: &Puzzle, options: &SolveOptions) -> Outcome {
    match options.algorithm {
        Algorithm::Csp => crate::csp::solve(puzzle, options),
        Algorithm::Dfs => crate::dfs::solve(puzzle, options),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_solution_is_kept_only_while_the_vector_fits_the_memory_limit() {
        let grid = Grid::new(std::array::from_fn(|cell| cell as u8)).unwrap();
        let grid_bytes = size_of::<Grid>();
        let mut kept = Vec::new();
        // Room for the first four (the vector's first buffer), not for the
        // eight it grows to beside them.
        for _ in 0..4 {
            assert!(keep(&mut kept, grid, Some(4 * grid_bytes)));
        }
        assert!(!keep(&mut kept, grid, Some(4 * grid_bytes)));
        assert_eq!(kept.len(), 4);
        assert!(keep(&mut kept, grid, Some(12 * grid_bytes)));
        assert!(keep(&mut kept, grid, None));
        assert_eq!(kept.len(), 6);
    }

    #[test]
    fn the_status_follows_the_stop_and_the_solutions() {
        let grid = Grid::new(std::array::from_fn(|cell| cell as u8)).unwrap();
        let cases = [
            (vec![], Stop::Exhausted, Status::Unsolvable, true, None),
            (vec![grid], Stop::Exhausted, Status::Solved, true, None),
            (vec![grid], Stop::SolutionLimit, Status::Solved, false, None),
            (
                vec![grid],
                Stop::Limit(Limit::Node),
                Status::Limit(Limit::Node),
                false,
                Some(Limit::Node),
            ),
            (
                vec![],
                Stop::Limit(Limit::Memory),
                Status::Limit(Limit::Memory),
                false,
                Some(Limit::Memory),
            ),
        ];
        for (solutions, stop, status, complete, limit) in cases {
            let outcome = Outcome::new(solutions, stop, Stats::default());
            assert_eq!(
                (outcome.status(), outcome.count_complete(), outcome.limit()),
                (status, complete, limit),
                "{stop:?}"
            );
            assert_eq!(outcome.solution().is_some(), status == Status::Solved);
        }
    }
}
