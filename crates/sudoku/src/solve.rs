//! One entry point over every algorithm: options, outcome and statistics.

use std::fmt;
use std::str::FromStr;
use std::time::Instant;

use serde::Serialize;

use crate::grid::Sudoku;
use crate::{csp, fast, seed};

/// Which solver to run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Algo {
    /// The dedicated 9x9 bitmask engine (other sizes fall back to [`Algo::Csp`]).
    #[default]
    Fast,
    /// Sudoku modelled on csp-core: one variable per cell, one all-different per unit.
    Csp,
    /// Seed 004's depth-first search over candidate-list boards.
    Dfs,
    /// Seed 004's breadth-first search over candidate-list boards.
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
    /// Give up after this many search nodes (`None`: no limit).
    pub node_limit: Option<u64>,
    /// Largest BFS frontier (boards held at once) before giving up.
    pub frontier_limit: usize,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            algo: Algo::Fast,
            solution_limit: 1,
            node_limit: None,
            frontier_limit: 1_000_000,
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

/// How a search ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    /// At least one solution was found.
    Solved,
    /// The search proved there is no solution.
    Unsolvable,
    /// A node or memory limit stopped the search before an answer.
    Limit,
}

impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Status::Solved => "solved",
            Status::Unsolvable => "unsolvable",
            Status::Limit => "limit",
        })
    }
}

/// Search statistics.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
pub struct Stats {
    /// Search nodes (the root plus one per branch tried).
    pub nodes: u64,
    /// Wall time in microseconds.
    pub micros: u64,
}

/// What a solve found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Outcome {
    /// How the search ended.
    pub status: Status,
    /// The first solution found.
    pub solution: Option<Sudoku>,
    /// Solutions found, at most the solution limit.
    pub count: u64,
    /// The algorithm that actually ran (fast hands other sizes to csp).
    pub algo: Algo,
    /// Statistics.
    pub stats: Stats,
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
    let (status, solution, count, nodes) = match algo {
        Algo::Fast => solve_fast(sudoku, options),
        Algo::Csp => csp::solve(sudoku, options),
        Algo::Dfs | Algo::Bfs => seed::solve(sudoku, options, algo),
    };
    let micros = u64::try_from(start.elapsed().as_micros()).unwrap_or(u64::MAX);
    Outcome {
        status,
        solution,
        count,
        algo,
        stats: Stats { nodes, micros },
    }
}

fn solve_fast(sudoku: &Sudoku, options: &Options) -> (Status, Option<Sudoku>, u64, u64) {
    let mut grid = [0u8; 81];
    grid.copy_from_slice(sudoku.values());
    let mut solution = [0u8; 81];
    let result = fast::solve_9x9(
        &grid,
        options.solution_limit,
        options.node_limit,
        &mut solution,
    );
    if result.found == 0 {
        let status = if result.limit_reached {
            Status::Limit
        } else {
            Status::Unsolvable
        };
        (status, None, 0, result.nodes)
    } else {
        (
            Status::Solved,
            Some(Sudoku::from_solution(9, solution.to_vec())),
            result.found,
            result.nodes,
        )
    }
}

/// Counts the solutions of a 9x9 grid (values 0-9 in reading order, 0 blank)
/// up to `limit` with the fast engine, without building any [`Sudoku`]: the
/// entry point for tight loops. The first solution is written to `solution`.
pub fn fast_solve_array(grid: &[u8; 81], limit: u64, solution: &mut [u8; 81]) -> u64 {
    fast::solve_9x9(grid, limit, None, solution).found
}
