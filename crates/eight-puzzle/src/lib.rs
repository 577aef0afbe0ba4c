//! Sliding-tile puzzles of any square size (the eight puzzle, the
//! fifteen puzzle, ...), solved by every searcher of `search-core`.
//!
//! The puzzle is a [`Board`]: nine digits (`142358607`, 0 the blank) or
//! tiles separated by commas or spaces; it prints the way the searcher framework does
//! (`_` for the blank). [`solve`] searches from it to the goal of the
//! [`Options`] (blank first by default) with one of the [`Algo`]s and
//! returns an [`Outcome`]: its status, the [`Moves`] (named by where the
//! blank goes) and the [`Stats`]. Unsolvable boards are recognised by
//! parity before any search. Left to the board's size, a 3x3 board is
//! solved by A* with Manhattan distances and a 4x4 board by IDA* with
//! additive [`PatternDatabases`] (a 6-6-3 split with a reflected lookup,
//! built once and cached), which solve Korf's 100 random instances
//! optimally in seconds. [`Solvers`] applies the same plan to boards of any
//! mix of sizes and shares one [`Solver`] per size between threads;
//! [`check`] verifies a reported answer without the solver.
//!
//! ```
//! use eight_puzzle::{Algo, Board, Heuristic, Options, Status, check, moves_view, solve};
//!
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! let board: Board = "142305678".parse()?;
//! let options = Options::new(Algo::AStar).heuristic(Heuristic::Manhattan);
//! let outcome = solve(&board, &options);
//! assert_eq!(outcome.status, Status::Solved);
//! let moves = outcome.solution.ok_or("solvable")?;
//! assert_eq!(moves.to_string(), "up left");
//! check::solution(&board, &Board::goal(3), moves.moves())?;
//! assert!(moves_view(&board, moves.moves()).starts_with("initial state:\n1 4 2\n3 _ 5\n6 7 8\n"));
//! # Ok(())
//! # }
//! ```
//!
//! The engine beneath, for programs that drive one goal and heuristic
//! themselves: [`Solver`] with [`SolveOptions`] (a [`SearchAlgorithm`] of
//! `search-core`), returning a [`Search`].
//!
//! The `app` feature adds cli-kit's application traits (the [`app`]
//! module: the JSON records, the human views, `check`'s verdict, the
//! watched solves); the default `cli` feature adds to it what only the
//! binary needs (the [`cli`] module, clap, the progress bar). Without
//! either:
//!
//! ```toml
//! eight-puzzle = { path = "crates/eight-puzzle", default-features = false }
//! ```
#![deny(missing_docs)]

#[cfg(feature = "app")]
pub mod app;
#[cfg(feature = "app")]
mod boards;
pub mod check;
#[cfg(feature = "cli")]
pub mod cli;
mod fast;
mod heuristic;
mod options;
mod pdb;
mod plan;
mod puzzle;
mod solve;
pub mod svg;
mod textbook;
mod watch;

pub use check::CheckError;
pub use fast::FastState;
pub use heuristic::{Heuristic, UnknownHeuristic};
pub use options::{Algo, Counters, Moves, Options, Outcome, Stats};
pub use pdb::{BuildProgress, Origin, PatternDatabases, PdbError};
pub use plan::{
    Answer, DEFAULT_DEEPENING_NODE_LIMIT, DEFAULT_NODE_LIMIT, OptionsError, Plan, SolveError,
    Solvers, cache_folder, default_algorithm, default_heuristic, default_node_limit,
    set_default_loader,
};
pub use puzzle::{Board, BoardError, MAX_SIZE, Move, UnknownMove, moves_view};
/// How a solve ended and which limit stopped it (`depth` when every state
/// within the depth limit was searched), shared by every puzzle crate,
/// with the trait a tool over every puzzle uses, [`puzzle_kit::Puzzle`].
pub use puzzle_kit::{Algorithm, Configure, Limit, Limits, Status};
pub use search_core::{Algorithm as SearchAlgorithm, CycleCheck, Problem, UnknownAlgorithm};
pub use solve::{solve, try_solve};
pub use textbook::{PackedState, Search, SolveOptions, Solver, SolverError, Tiles};
pub use watch::TreeWatch;
