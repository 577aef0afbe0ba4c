//! The shared types of every algorithm: [`Algo`], [`Options`], [`Stats`]
//! and [`Outcome`], and what an engine reports to the dispatch ([`Found`],
//! [`End`]). This module imports no engine: the engines import it, and the
//! dispatch (`solve`) imports both.

use puzzle_kit::{Algorithm, Limits};

pub(crate) use puzzle_kit::{Limit, Status};

use crate::puzzle::Sudoku;

/// Which solver to run. (The doc comment of each is its `--algo` help.)
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "lowercase")
)]
pub enum Algo {
    /// The dedicated 9x9 bitmask engine (default); other sizes go to csp.
    #[default]
    Fast,
    /// The csp-core model: one variable per cell, 27 all-different, MAC + MRV.
    Csp,
    /// Depth-first over candidate-list boards, on the most constrained cell (search-core).
    Dfs,
    /// Breadth-first over candidate-list boards, on the most constrained cell, memory-limited.
    Bfs,
}

impl Algorithm for Algo {
    const ALL: &'static [Algo] = &[Algo::Fast, Algo::Csp, Algo::Dfs, Algo::Bfs];

    fn name(self) -> &'static str {
        match self {
            Algo::Fast => "fast",
            Algo::Csp => "csp",
            Algo::Dfs => "dfs",
            Algo::Bfs => "bfs",
        }
    }
}

puzzle_kit::algorithm_names!(Algo);

/// [`Options::frontier_limit`] unless set: about 0.6 GB of 9x9 boards.
pub const DEFAULT_FRONTIER_LIMIT: usize = 1_000_000;

/// How to solve: the algorithm, how many solutions to look for, the limits
/// ([`Options::count_up_to`], [`Options::node_limit`],
/// [`Options::time_limit`], [`Options::memory_limit`]) and BFS's
/// [`Options::frontier_limit`].
///
/// Every algorithm honours the node and time limits. The memory limit
/// bounds what a search holds that can grow: BFS's boards (search-core
/// counts each node and the cell buffers of its board) and csp-core's trail
/// and search stacks (also for the sizes [`Algo::Fast`] hands to csp); the
/// fast engine on 9x9 and DFS, whose memory the grid bounds, ignore it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Options {
    /// The solver.
    pub algo: Algo,
    /// The count and the limits shared by every puzzle crate.
    pub limits: Limits,
    /// The most boards BFS may hold before giving up ([`Status::Limit`],
    /// [`Limit::Frontier`]). BFS keeps every board it makes (the path to
    /// each is kept), so this caps its memory; the other algorithms ignore
    /// it.
    pub frontier_limit: usize,
}

/// The default algorithm, no limit, BFS's default frontier limit.
impl Default for Options {
    fn default() -> Self {
        Options {
            algo: Algo::default(),
            limits: Limits::default(),
            frontier_limit: DEFAULT_FRONTIER_LIMIT,
        }
    }
}

puzzle_kit::configure_fields!(Options, Algo);

puzzle_kit::common_options!(Options, Algo);

impl Options {
    /// With [`Algo::Bfs`]: the most boards it may hold before giving up
    /// ([`Limit::Frontier`]); at least 1.
    pub fn frontier_limit(mut self, boards: usize) -> Self {
        self.frontier_limit = boards.max(1);
        self
    }
}

/// Search statistics: puzzle-kit's one shape, the search nodes, the wall
/// time and sudoku's [`Counters`] (the algorithm that ran).
///
/// `nodes` counts the search nodes examined, the root included: the root
/// (the givens and what propagation makes of them) plus one per branch
/// tried, a value placed in a cell, whether it leads anywhere or not. Each
/// algorithm counts its own kind of branch:
///
/// - [`Algo::Fast`]: the root plus one per guess (each digit tried in the
///   cell it branches on); deductions are not nodes.
/// - [`Algo::Csp`]: csp-core's `nodes`, the root plus one per decision (a
///   value assigned to the branching variable).
/// - [`Algo::Dfs`], [`Algo::Bfs`]: search-core's `generated`, the starting
///   board plus every board made by filling the most constrained cell. BFS
///   holds all of them, so this is also the number of boards in memory.
///
/// [`Options::node_limit`] is never passed: a search stops before the next
/// node would take `nodes` over it.
pub type Stats = puzzle_kit::Stats<Counters>;

/// What only sudoku reports beside the nodes and the time: the algorithm
/// that actually ran. It has no numeric counter, so the `stats` of a JSON
/// record are `nodes` and `micros` alone (the algorithm is the record's
/// `algo`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Counters {
    /// The algorithm that actually ran ([`Algo::Fast`] hands sizes other
    /// than 9x9 to [`Algo::Csp`]).
    pub algo: Algo,
}

impl puzzle_kit::Counters for Counters {}

/// What a solve found: [`Outcome::status`], the first solution, the count
/// (at most [`Options::count_up_to`]) and whether it is complete, and the
/// [`Stats`] (with the algorithm that ran).
pub type Outcome = puzzle_kit::Outcome<Sudoku, Stats>;

/// What one algorithm's run found, before it becomes an [`Outcome`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Found {
    /// The first solution.
    pub solution: Option<Sudoku>,
    /// Solutions found.
    pub count: u64,
    /// Nodes examined (see [`Stats`]).
    pub nodes: u64,
    /// Why the search stopped.
    pub end: End,
}

/// Why a search stopped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum End {
    /// Every branch was explored: the count is complete.
    Exhausted,
    /// The solution limit was reached: there may be more.
    SolutionLimit,
    /// A node, time, frontier or memory limit stopped it: which one.
    Limit(Limit),
}
