//! One entry point over every algorithm: options, outcome and statistics.

use std::fmt;
use std::str::FromStr;
use std::time::Instant;

pub(crate) use puzzle_kit::{Limit, Status};

use crate::grid::Sudoku;
use crate::{csp, fast, seed};

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
    /// Seed 004: depth-first over candidate-list boards (search-core).
    Dfs,
    /// Seed 004: breadth-first over candidate-list boards, memory-limited.
    Bfs,
}

impl Algo {
    /// Every algorithm, in the order the CLI lists them.
    pub const ALL: [Algo; 4] = [Algo::Fast, Algo::Csp, Algo::Dfs, Algo::Bfs];

    /// The name used on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Algo::Fast => "fast",
            Algo::Csp => "csp",
            Algo::Dfs => "dfs",
            Algo::Bfs => "bfs",
        }
    }
}

impl fmt::Display for Algo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Algo {
    type Err = String;

    fn from_str(name: &str) -> Result<Self, Self::Err> {
        Algo::ALL
            .into_iter()
            .find(|algo| algo.name() == name)
            .ok_or_else(|| format!("unknown algorithm '{name}', expected fast, csp, dfs or bfs"))
    }
}

/// How to solve: the algorithm, how many solutions to look for and the limits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Options {
    /// The solver.
    pub algo: Algo,
    /// Stop after this many solutions (1: first solution; 2: uniqueness check).
    pub solution_limit: u64,
    /// Give up before [`Stats::nodes`] would pass this (`None`: no limit);
    /// the outcome is then [`Status::Limit`] ([`Limit::Node`]).
    pub node_limit: Option<u64>,
    /// The most boards BFS may hold before giving up ([`Status::Limit`],
    /// [`Limit::Frontier`]). BFS keeps every board it makes (the path to
    /// each is kept), so this caps its memory; the other algorithms ignore
    /// it.
    pub frontier_limit: usize,
    /// The most bytes a search that holds states may use before giving up
    /// ([`Status::Limit`], [`Limit::Memory`]), checked before its buffers
    /// grow so that no allocation can fail: BFS's boards (search-core counts each node and
    /// the cell buffers of its board), csp-core's trail and search stacks
    /// (also for the sizes [`Algo::Fast`] hands to csp). `None`: no limit
    /// but [`Options::frontier_limit`]. The fast engine on 9x9 and DFS,
    /// whose memory the grid bounds, ignore it.
    pub memory_limit: Option<usize>,
}

/// [`Options::frontier_limit`] unless set: about 0.6 GB of 9x9 boards.
pub const DEFAULT_FRONTIER_LIMIT: usize = 1_000_000;

impl Default for Options {
    fn default() -> Self {
        Options {
            algo: Algo::Fast,
            solution_limit: 1,
            node_limit: None,
            frontier_limit: DEFAULT_FRONTIER_LIMIT,
            memory_limit: None,
        }
    }
}

impl Options {
    /// Options for `algo`, first solution, default limits.
    pub fn new(algo: Algo) -> Self {
        Options {
            algo,
            ..Options::default()
        }
    }

    /// Counts solutions up to `limit` instead of stopping at the first.
    pub fn count_up_to(mut self, limit: u64) -> Self {
        self.solution_limit = limit.max(1);
        self
    }
}

/// Search statistics.
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
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Stats {
    /// Search nodes examined, the root included (see [`Stats`]).
    pub nodes: u64,
    /// Wall time in microseconds.
    pub micros: u64,
}

/// What a solve found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Outcome {
    /// How the search ended.
    pub status: Status,
    /// The first solution found. Present whenever `count` is above 0, so
    /// also with [`Status::Limit`] when a count stopped at a limit after
    /// finding some.
    pub solution: Option<Sudoku>,
    /// Solutions found, at most the solution limit.
    pub count: u64,
    /// Whether `count` is every solution: the search was exhausted. False
    /// when it stopped at the solution limit (there may be more) or at a
    /// node or memory limit ([`Status::Limit`]; `count` is a lower bound).
    pub count_complete: bool,
    /// The algorithm that actually ran (fast hands other sizes to csp).
    pub algo: Algo,
    /// Statistics.
    pub stats: Stats,
}

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
    /// A node, frontier or memory limit stopped it: which one.
    Limit(Limit),
}

/// Solves `sudoku` as `options` says.
///
/// The fast engine handles 9x9 grids; for other sizes [`Algo::Fast`] falls back
/// to [`Algo::Csp`] (recorded in [`Outcome::algo`]).
pub fn solve(sudoku: &Sudoku, options: &Options) -> Outcome {
    let start = Instant::now();
    let algo = match options.algo {
        Algo::Fast if sudoku.side() != 9 => Algo::Csp,
        algo => algo,
    };
    let found = match algo {
        Algo::Fast => solve_fast(sudoku, options),
        Algo::Csp => csp::solve(sudoku, options),
        Algo::Dfs | Algo::Bfs => seed::solve(sudoku, options, algo),
    };
    let micros = u64::try_from(start.elapsed().as_micros()).unwrap_or(u64::MAX);
    // One rule for every algorithm: a limit outranks the solutions found
    // before it, because the count they make is not the answer asked for.
    let status = match found.end {
        End::Limit(limit) => Status::Limit(limit),
        _ if found.count > 0 => Status::Solved,
        _ => Status::Unsolvable,
    };
    Outcome {
        status,
        solution: found.solution,
        count: found.count,
        count_complete: found.end == End::Exhausted,
        algo,
        stats: Stats {
            nodes: found.nodes,
            micros,
        },
    }
}

fn solve_fast(sudoku: &Sudoku, options: &Options) -> Found {
    let mut grid = [0u8; 81];
    grid.copy_from_slice(sudoku.values());
    let mut solution = [0u8; 81];
    let limit = options.solution_limit.max(1);
    let result = fast::solve_9x9(&grid, limit, options.node_limit, &mut solution);
    let end = if result.limit_reached {
        End::Limit(Limit::Node)
    } else if result.found >= limit {
        End::SolutionLimit
    } else {
        End::Exhausted
    };
    Found {
        solution: (result.found > 0).then(|| Sudoku::from_solution(9, solution.to_vec())),
        count: result.found,
        // The engine counts no node when its setup already finds the
        // givens contradictory; the root was examined all the same.
        nodes: if options.node_limit == Some(0) {
            result.nodes
        } else {
            result.nodes.max(1)
        },
        end,
    }
}

/// Counts the solutions of a 9x9 grid (values 0-9 in reading order, 0 blank)
/// up to `limit` with the fast engine, without building any [`Sudoku`]: the
/// entry point for tight loops. The first solution is written to `solution`.
pub fn fast_solve_array(grid: &[u8; 81], limit: u64, solution: &mut [u8; 81]) -> u64 {
    fast::solve_9x9(grid, limit, None, solution).found
}
