//! The shared types of a run: the algorithms ([`Algo`]), how to run them
//! ([`Options`]), the work done ([`Stats`]) and the end ([`Outcome`]). No
//! engine here: the engines and the dispatch (`solve`) import these.

use std::num::NonZeroUsize;

use puzzle_kit::{Algorithm, Limits};

use crate::Placement;

/// The seed of min-conflicts when none is given.
pub const DEFAULT_SEED: u64 = 1;

/// How [`solve`](crate::solve) places queens: the names `--algo` takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum Algo {
    /// Closed-form construction by N mod 6, linear time (the default)
    #[default]
    Construct,
    /// Min-conflicts local search from a greedy start, seeded
    MinConflicts,
    /// One variable per row on csp-core, all-different on columns and diagonals
    Csp,
    /// A board of candidate lists, most constrained row, depth first
    Dfs,
    /// The same board, breadth first (it keeps every board it generates)
    Bfs,
}

impl Algorithm for Algo {
    const ALL: &'static [Self] = &[
        Algo::Construct,
        Algo::MinConflicts,
        Algo::Csp,
        Algo::Dfs,
        Algo::Bfs,
    ];

    fn name(self) -> &'static str {
        match self {
            Algo::Construct => "construct",
            Algo::MinConflicts => "min-conflicts",
            Algo::Csp => "csp",
            Algo::Dfs => "dfs",
            Algo::Bfs => "bfs",
        }
    }
}

puzzle_kit::algorithm_names!(Algo);

impl Algo {
    /// Whether this is a textbook formulation that searches (csp, dfs,
    /// bfs): the algorithms that take the node, time and memory limits and
    /// count every placement.
    pub fn searches(self) -> bool {
        matches!(self, Algo::Csp | Algo::Dfs | Algo::Bfs)
    }
}

/// How to solve: the algorithm, the [`Limits`] shared by every puzzle
/// crate, and min-conflicts' step budget.
///
/// What each algorithm honours:
///
/// - `count_up_to(k)`: csp, dfs and bfs count placements up to `k`
///   (`u64::MAX`: all of them; the fast counter of every placement is
///   [`count`](crate::count)); construct and min-conflicts find one and
///   stop (`count` 1, `count_complete` false).
/// - `node_limit`: csp, dfs and bfs (their nodes, [`Stats::nodes`]), and
///   min-conflicts, whose steps are its nodes (with
///   [`Options::max_steps`], the smaller budget holds). Construct fills
///   its `n` rows and needs none.
/// - `time_limit`: csp, dfs and bfs. Construct and min-conflicts do not
///   look at the clock: construct is linear, min-conflicts is bounded by
///   its step budget.
/// - `memory_limit`: csp, dfs and bfs, which hold boards or domains; the
///   construction and min-conflicts hold one placement.
/// - `seed`: min-conflicts ([`DEFAULT_SEED`] when not given).
///
/// ```
/// use nqueens::{Algo, Options};
///
/// let options = Options::new(Algo::MinConflicts).seed(42).max_steps(1_000_000);
/// assert_eq!(options.limits.seed, Some(42));
/// let options = Options::new(Algo::Dfs).count_up_to(u64::MAX).node_limit(10_000);
/// assert_eq!(options.limits.node_limit, Some(10_000));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Options {
    /// The algorithm.
    pub algo: Algo,
    /// The count, the limits and the seed.
    pub limits: Limits,
    /// Min-conflicts' step budget; `None`: about 500·N + 10^6, enough for a
    /// board of [`MAX_SOLVE_N`](crate::MAX_SOLVE_N) rows.
    pub max_steps: Option<u64>,
}

puzzle_kit::configure_fields!(Options, Algo);

puzzle_kit::common_options!(Options, Algo, seed);

impl Options {
    /// Min-conflicts' step budget: queens placed in greedy starts plus
    /// swaps tried, its nodes. It ends with status `limit` (`node`) when
    /// the budget runs out.
    pub fn max_steps(mut self, steps: u64) -> Self {
        self.max_steps = Some(steps);
        self
    }

    /// Min-conflicts' seed: the one given, else [`DEFAULT_SEED`].
    pub fn seed_or_default(&self) -> u64 {
        self.limits.seed.unwrap_or(DEFAULT_SEED)
    }

    /// Min-conflicts' budget for a board of `n` rows: the smaller of
    /// [`Options::max_steps`] (default about 500·N + 10^6) and the node
    /// limit.
    pub fn step_budget(&self, n: usize) -> u64 {
        let steps = self.max_steps.unwrap_or_else(|| 500 * n as u64 + 1_000_000);
        self.limits
            .node_limit
            .map_or(steps, |nodes| steps.min(nodes))
    }
}

/// How [`count`](crate::count), the fast counter of every placement, runs.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct CountOptions {
    /// Worker threads; `None` uses every core the system reports.
    pub threads: Option<NonZeroUsize>,
}

/// The work a run did: `nodes` in each algorithm's own unit (the crate
/// docs, "Nodes", list them), the wall-clock time of the whole call, and
/// nqueens' own [`Counters`].
pub type Stats = puzzle_kit::Stats<Counters>;

/// nqueens' own counters, beside the nodes and the time: the `stats` of a
/// record after `nodes` and `micros`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
#[cfg_attr(feature = "app", derive(serde::Serialize, serde::Deserialize))]
pub struct Counters {
    /// dfs and bfs only: the count of boards tested (taken from the
    /// frontier and given the goal test), the empty board included.
    #[cfg_attr(
        feature = "app",
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    pub num_tested: Option<u64>,
}

impl puzzle_kit::Counters for Counters {
    /// `num_tested`, where there is one (dfs and bfs).
    fn named(&self) -> Vec<(&'static str, u64)> {
        self.num_tested
            .map(|tested| ("num_tested", tested))
            .into_iter()
            .collect()
    }
}

/// The end of a [`solve`](crate::solve): the status (solved, unsolvable,
/// or which limit stopped it), the first placement, how many were counted
/// and whether that is all, and the [`Stats`].
pub type Outcome = puzzle_kit::Outcome<Placement, Stats>;
