//! The shared solving interface: options in, solutions and statistics out.

use std::time::Duration;

use serde_json::{Value, json};

use crate::grid::Grid;
use crate::puzzle::Puzzle;

/// Which solver to run.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Algorithm {
    /// Letters as variables over cells on csp-core, propagated to a fixpoint
    /// before each guess.
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
    /// Stop after this many search nodes.
    pub node_limit: Option<u64>,
}

impl Default for SolveOptions {
    fn default() -> Self {
        SolveOptions {
            algorithm: Algorithm::Csp,
            solution_limit: 1,
            node_limit: None,
        }
    }
}

/// How a run ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    /// At least one solution was found.
    Solved,
    /// The search finished and found none.
    Unsolvable,
    /// The node limit stopped the search before any solution.
    Limit,
}

/// Search effort of one run.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Stats {
    /// Search nodes: for `csp` the root plus one per guess (1 when
    /// propagation alone solves the puzzle); for `dfs` the nodes visited as
    /// the seed counts them (closed states plus one).
    pub nodes: u64,
    /// `csp`: guesses that were undone; `dfs`: states tested off the path
    /// to the first solution (dead ends).
    pub backtracks: u64,
    /// `dfs` only: states on the path from the empty grid to the first
    /// solution, the seed's "path length".
    pub path_length: Option<u64>,
    /// Wall-clock time of the search.
    pub elapsed: Duration,
}

impl Stats {
    /// The seed's efficiency figure: path length over nodes visited.
    pub fn efficiency(&self) -> Option<f64> {
        self.path_length
            .map(|length| length as f64 / self.nodes.max(1) as f64)
    }
}

/// The result of [`solve`].
#[derive(Debug, Clone)]
pub struct Outcome {
    /// The solutions found, at most `solution_limit` of them.
    pub solutions: Vec<Grid>,
    /// True when the search ran to its end, so `solutions` holds every
    /// solution (false when a solution or node limit stopped it).
    pub complete: bool,
    /// True when the node limit stopped the search.
    pub hit_node_limit: bool,
    /// Effort.
    pub stats: Stats,
}

impl Outcome {
    /// How the run ended.
    pub fn status(&self) -> Status {
        if !self.solutions.is_empty() {
            Status::Solved
        } else if self.hit_node_limit {
            Status::Limit
        } else {
            Status::Unsolvable
        }
    }

    /// The JSON object of the command line: `status`, `solution` (25 letters
    /// row by row), `paths` (word to its `[row, column]` cells), `count` when
    /// asked, `stats`.
    pub fn to_json(&self, puzzle: &Puzzle, with_count: bool) -> Value {
        let status = match self.status() {
            Status::Solved => "solved",
            Status::Unsolvable => "unsolvable",
            Status::Limit => "limit",
        };
        let mut object = json!({
            "status": status,
            "stats": {
                "nodes": self.stats.nodes,
                "backtracks": self.stats.backtracks,
                "micros": self.stats.elapsed.as_micros() as u64,
            },
        });
        if let Some(length) = self.stats.path_length {
            object["stats"]["path_length"] = json!(length);
            object["stats"]["efficiency"] = json!(self.stats.efficiency());
        }
        if let Some(grid) = self.solutions.first() {
            object["solution"] = json!(grid.to_line());
            let paths: serde_json::Map<String, Value> = puzzle
                .words()
                .iter()
                .map(|word| (word.clone(), json!(grid.word_path(word))))
                .collect();
            object["paths"] = Value::Object(paths);
        }
        if with_count {
            object["count"] = json!(self.solutions.len());
            object["count_complete"] = json!(self.complete);
        }
        object
    }
}

/// Solves `puzzle` with the options' algorithm.
pub fn solve(puzzle: &Puzzle, options: &SolveOptions) -> Outcome {
    match options.algorithm {
        Algorithm::Csp => crate::csp::solve(puzzle, options),
        Algorithm::Dfs => crate::dfs::solve(puzzle, options),
    }
}
