//! Sliding-tile puzzles of any square size (the eight puzzle, the
//! fifteen puzzle, ...), solved by every searcher of `search-core`.
//!
//! Boards parse from nine digits (`142358607`, 0 the blank) or from tiles
//! separated by commas or spaces; they print the way seed 001 does (`_` for
//! the blank). Moves are named by where the blank goes. A [`Solver`] holds a
//! goal (blank first by default) and a [`Heuristic`]; unsolvable boards are
//! recognised by parity before any search. For the 15-puzzle, additive
//! [`PatternDatabases`] (a 6-6-3 split with a reflected lookup) make IDA*
//! solve Korf's 100 random instances optimally in seconds. [`Solvers`]
//! applies this crate's defaults by board size ([`Settings::plan`]) and
//! shares one solver per size between threads; [`check`] verifies a
//! reported answer without the solver.
//!
//! The search types of `search-core` that this API uses are re-exported
//! ([`Algorithm`], [`Stats`], ...), with the [`Status`] and [`Limit`] every
//! puzzle crate shares (`puzzle-kit`), so a program needs no other
//! dependency than this one; without the command line (clap, the JSON
//! records, the progress bar):
//!
//! ```toml
//! eight-puzzle = { version = "0.1", default-features = false }
//! ```
//!
//! ```
//! use eight_puzzle::{Algorithm, Board, Heuristic, Solver, SolveOptions, check, moves_view};
//!
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! let board: Board = "142305678".parse()?;
//! let solver = Solver::new(Board::goal(3), Heuristic::Manhattan, None)?;
//! let solution = solver.solve(&board, &SolveOptions::new(Algorithm::AStar))?;
//! let moves = solution.moves().ok_or("solvable")?;
//! assert_eq!(moves.len(), 2);
//! check::solution(&board, solver.goal(), moves)?;
//! assert!(moves_view(&board, moves).starts_with("initial state:\n1 4 2\n3 _ 5\n6 7 8\n"));
//! # Ok(())
//! # }
//! ```
#![deny(missing_docs)]

mod board;
pub mod check;
#[cfg(feature = "cli")]
pub mod cli;
mod heuristic;
mod pdb;
mod plan;
mod solver;
mod view;

pub use board::{Board, BoardError, MAX_SIZE, Move, UnknownMove};
pub use check::CheckError;
pub use heuristic::{Heuristic, UnknownHeuristic};
pub use pdb::{BuildProgress, Origin, PatternDatabases, PdbError};
pub use plan::{
    Answer, DEFAULT_DEEPENING_NODE_LIMIT, DEFAULT_NODE_LIMIT, Plan, Settings, SettingsError,
    SolveError, Solvers, cache_folder, default_algorithm, default_heuristic, default_node_limit,
};
pub use puzzle_kit::{Limit, Status};
pub use search_core::{Algorithm, CycleCheck, Problem, Stats, UnknownAlgorithm};
pub use solver::{
    FastState, Outcome, PackedState, Solution, SolveOptions, Solver, SolverError, Tiles,
};
pub use view::moves_view;
