//! The shared types of a solve: which algorithm ([`Algo`]), how to run it
//! ([`Options`]), its effort ([`Stats`], [`Counters`], [`DfsStats`]) and its end
//! ([`Outcome`]). The engines import these; this module imports no engine.

use puzzle_kit::{Algorithm, Limits};

pub use puzzle_kit::{Limit, Status};

use crate::grid::Grid;

/// Which solver to run.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum Algo {
    /// Letters as variables over cells on csp-core, propagated to a fixpoint
    /// before any guess.
    #[default]
    Csp,
    /// Depth-first search with look-ahead on search-core.
    Dfs,
}

impl Algorithm for Algo {
    const ALL: &'static [Self] = &[Algo::Csp, Algo::Dfs];

    fn name(self) -> &'static str {
        match self {
            Algo::Csp => "csp",
            Algo::Dfs => "dfs",
        }
    }
}

puzzle_kit::algorithm_names!(Algo);

/// How to solve: the algorithm and the [`Limits`] every puzzle shares
/// (`Options::new(Algo::Csp).count_up_to(2).node_limit(1000)`). Gogen
/// honours the count, the node limit (see [`Stats::nodes`]), the time
/// limit and the memory limit (the cores' trail, stacks, closed set and
/// frontier, and the solutions kept) with both algorithms; it has no seed.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Options {
    /// The solver.
    pub algo: Algo,
    /// The count to look for and the limits.
    pub limits: Limits,
}

puzzle_kit::configure_fields!(Options, Algo);

puzzle_kit::common_options!(Options, Algo);

/// Search effort of one run: `nodes` (search nodes examined, the root
/// included, never more than the node limit: for `csp` the root plus one
/// per guess, 1 when propagation alone solves the puzzle; for `dfs` the
/// states generated, the empty grid included), the wall-clock time of the
/// search, and gogen's own [`Counters`].
pub type Stats = puzzle_kit::Stats<Counters>;

/// Gogen's own counters, beside the nodes and the time.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Counters {
    /// `csp`: guesses that were undone; `dfs`: states tested off the path
    /// to the first solution (dead ends).
    pub backtracks: u64,
    /// `dfs` only: the depth-first search's own counters.
    pub dfs: Option<DfsStats>,
}

impl puzzle_kit::Counters for Counters {
    /// `backtracks`, then for `dfs` `nodes_visited` and, when solved,
    /// `path_length`: the record's order.
    fn named(&self) -> Vec<(&'static str, u64)> {
        let mut counters = vec![("backtracks", self.backtracks)];
        if let Some(dfs) = &self.dfs {
            counters.push(("nodes_visited", dfs.nodes_visited));
            counters.extend(dfs.path_length.map(|length| ("path_length", length)));
        }
        counters
    }
}

/// The depth-first search's own counters of a `dfs` run.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct DfsStats {
    /// "Nodes visited": the states tested plus one, as the course
    /// formulation counts its closed set.
    pub nodes_visited: u64,
    /// States on the path from the start to the first solution, the
    /// "path length"; `None` when no solution was found.
    pub path_length: Option<u64>,
}

impl DfsStats {
    /// The efficiency figure: path length over nodes visited.
    pub fn efficiency(&self) -> Option<f64> {
        self.path_length
            .map(|length| length as f64 / self.nodes_visited.max(1) as f64)
    }
}

/// The end of a solve: [`Outcome::status`](puzzle_kit::Outcome::status)
/// ([`Status::Limit`] names the limit that stopped it), the first
/// solution, the count of solutions found (at most
/// [`Limits::count_up_to`]) and whether it is every one, and the
/// [`Stats`]. Every solution found is returned by
/// [`solve_all`](crate::solve_all).
pub type Outcome = puzzle_kit::Outcome<Grid, Stats>;

/// Why an engine stopped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Stop {
    /// The search space was exhausted: every solution was found.
    Exhausted,
    /// The count asked for was reached.
    SolutionLimit,
    /// A node, time or memory limit was reached: which one.
    Limit(Limit),
}

/// What an engine hands the dispatcher: every solution it kept, why it
/// stopped, its effort.
#[derive(Debug, Clone)]
pub(crate) struct Found {
    pub solutions: Vec<Grid>,
    pub stop: Stop,
    pub stats: Stats,
}

impl Found {
    /// The outcome of the run (its first solution kept) and every solution.
    pub fn into_outcome(self) -> (Outcome, Vec<Grid>) {
        let Found {
            solutions,
            stop,
            stats,
        } = self;
        let limit = match stop {
            Stop::Limit(limit) => Some(limit),
            Stop::Exhausted | Stop::SolutionLimit => None,
        };
        let outcome = Outcome::counted(
            solutions.first().copied(),
            solutions.len() as u64,
            stop == Stop::Exhausted,
            limit,
            stats,
        );
        (outcome, solutions)
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
            (vec![], Stop::Exhausted, Status::Unsolvable, true),
            (vec![grid], Stop::Exhausted, Status::Solved, true),
            (vec![grid], Stop::SolutionLimit, Status::Solved, false),
            (
                vec![grid],
                Stop::Limit(Limit::Node),
                Status::Limit(Limit::Node),
                false,
            ),
            (
                vec![],
                Stop::Limit(Limit::Memory),
                Status::Limit(Limit::Memory),
                false,
            ),
        ];
        for (solutions, stop, status, complete) in cases {
            let found = Found {
                solutions,
                stop,
                stats: Stats::default(),
            };
            let (outcome, all) = found.into_outcome();
            assert_eq!(
                (
                    outcome.status,
                    outcome.count_complete,
                    outcome.status.limit()
                ),
                (status, complete, stop_limit(stop)),
                "{stop:?}"
            );
            assert_eq!(outcome.count, all.len() as u64);
            assert_eq!(outcome.solution, all.first().copied());
        }
    }

    fn stop_limit(stop: Stop) -> Option<Limit> {
        match stop {
            Stop::Limit(limit) => Some(limit),
            _ => None,
        }
    }

    #[test]
    fn algorithms_are_named_and_found_by_name() {
        assert_eq!(Algo::default(), Algo::Csp);
        for &algo in Algo::ALL {
            assert_eq!(algo.to_string().parse::<Algo>(), Ok(algo));
        }
        assert_eq!(
            "magic".parse::<Algo>().unwrap_err().to_string(),
            "unknown algorithm 'magic', expected csp, dfs"
        );
        let options = Options::new(Algo::Dfs).count_up_to(2).node_limit(7);
        assert_eq!(options.limits.count_up_to, 2);
        assert_eq!(options.limits.node_limit, Some(7));
    }
}
