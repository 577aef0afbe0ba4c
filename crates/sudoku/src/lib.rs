//! Sudoku solvers: a record-class bitmask engine for 9x9 grids (`fast`), the
//! classic formulations on the workspace's cores (`csp`, `dfs`, `bfs`),
//! parsing of the common text forms and an independent checker.
//!
//! | algorithm | sizes | how |
//! | --- | --- | --- |
//! | [`Algo::Fast`] (default) | 9x9; other sizes go to `csp` | candidates by digit and band (JCZSolve's layout), box-line interactions both ways, hidden and naked singles, busiest bivalue guess |
//! | [`Algo::Csp`] | 4, 9, 16, 25 | csp-core: one variable per cell, one all-different per row, column and box, MAC + MRV |
//! | [`Algo::Dfs`] | 4, 9, 16, 25 | DFS on search-core: candidate-list boards, most constrained cell (first minimum), `update`, `failure_test`, `goal_test` |
//! | [`Algo::Bfs`] | 4, 9, 16, 25 | the same boards breadth-first; [`Options::frontier_limit`] and [`Options::memory_limit`] cap the boards held ([`Limit::Frontier`], [`Limit::Memory`]) |
//!
//! Every algorithm counts solutions up to [`Options::count_up_to`] (2 is a
//! uniqueness check; [`unique`] is that count on its own, with the fastest
//! engine for the size) and honours [`Options::node_limit`] and
//! [`Options::time_limit`]; a count that a node, time, frontier or memory limit
//! stopped is [`Status::Limit`], naming the [`Limit`], with
//! [`Outcome::count_complete`] false: a budget that refused a board is
//! never [`Status::Unsolvable`]. What
//! [`Stats::nodes`] counts is the same for all: the root plus one per
//! branch tried. [`parse_puzzles`] reads a batch (one-line puzzles and drawn
//! grids, `#` comments) and keeps going past bad lines. The [`check`]
//! module re-validates answers with the rules alone. [`solve_and_tell_unique`]
//! solves and says whether the solution is the only one, as `sudoku solve`
//! does; [`dead_end`] says where an unsolvable puzzle fails when
//! propagation shows it. [`Sudoku`] implements [`puzzle_kit::Puzzle`], the
//! shape every puzzle crate shares. [`fast_solve_array`] is the
//! allocation-free entry for tight loops ([`fast_solve_array_guesses`] also
//! counts the guesses). The [`svg`] module draws a grid
//! (givens, solution, pencil marks, the highlights of an explained step).
//!
//! The library alone, without the command line's dependencies (clap,
//! cli-kit, anyhow, serde), is
//!
//! ```toml
//! sudoku = { path = "crates/sudoku", default-features = false }
//! ```
//!
//! (the workspace is not published: the path is the crate's folder in it),
//! with the feature `serde` for Serialize/Deserialize on the public types;
//! the feature `app` adds cli-kit's application traits as sudoku implements
//! them (the [`app`] and [`watch`] modules: the record, the human view, the
//! SVG, `--compare`, `check`'s verdict, the watched solve), and the default
//! feature `cli` adds what only the `sudoku` binary needs beside them (clap,
//! the `cli` module).
//!
//! ```
//! use sudoku::{Algo, Options, Status, Sudoku, check_solution, solve};
//! use std::time::Duration;
//!
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! let line = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
//! let puzzle: Sudoku = line.parse()?;
//! let options = Options::new(Algo::Fast)
//!     .count_up_to(2)
//!     .time_limit(Duration::from_secs(1));
//! let outcome = solve(&puzzle, &options);
//! assert_eq!(outcome.status, Status::Solved);
//! assert_eq!((outcome.count, outcome.count_complete), (1, true)); // unique
//! let solution = outcome.solution.expect("solved");
//! check_solution(&puzzle, &solution)?;
//! assert!(solution.to_line().starts_with("534678912"));
//! assert!(outcome.stats.nodes >= 1 && outcome.stats.counters.algo == Algo::Fast);
//! # Ok(())
//! # }
//! ```
#![deny(missing_docs)]

#[cfg(feature = "app")]
pub mod app;
pub mod check;
#[cfg(feature = "cli")]
pub mod cli;
mod csp;
mod dead_end;
mod error;
pub mod explain;
mod fast;
mod options;
mod puzzle;
mod solve;
pub mod svg;
mod textbook;
#[cfg(feature = "app")]
pub mod watch;

pub use check::{CheckError, check_solution};
pub use dead_end::{DeadEnd, dead_end};
pub use error::{ParseError, Unit};
pub use options::{Algo, Counters, DEFAULT_FRONTIER_LIMIT, Options, Outcome, Stats};
pub use puzzle::{MAX_LINE_LEN, Marked, Parsed, Pretty, Sudoku, parse_puzzles};
pub use puzzle_kit::{Limit, Status};
pub use solve::{
    UNIQUE_NODE_BUDGET, fast_solve_array, fast_solve_array_guesses, solve, solve_and_tell_unique,
    unique,
};
