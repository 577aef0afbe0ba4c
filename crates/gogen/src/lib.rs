//! Gogen: place the letters A..Y (no Z) once each on a 5x5 grid so that every
//! word of a list can be traced through cells that touch horizontally,
//! vertically or diagonally.
//!
//! Two solvers share one interface, [`solve`]:
//!
//! - [`Algorithm::Csp`] (the default) models the puzzle on `csp-core` with
//!   the *letters* as variables and the 25 *cells* as their domain: the
//!   letters are all different, and every pair of consecutive letters in a
//!   word must sit in adjacent cells. Propagation to a fixpoint solves every
//!   real puzzle before any guess.
//! - [`Algorithm::Dfs`] is seed 000's formulation on `search-core`: fill the
//!   first empty cell with each unused letter in turn, keep a successor only
//!   if every word can still be formed (the look-ahead), depth-first with a
//!   closed set. Its statistics are the seed's: nodes visited and efficiency
//!   (path length over nodes visited).
//!
//! ```
//! use gogen::{Puzzle, SolveOptions, check, solve};
//!
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! let puzzle: Puzzle = "M.G.D\n.....\nW.L.Y\n.....\nS.J.B\n\n\
//!     ACQUIRE AXLE CUT DERV FIR JUST KEG MAN PILE PRY ROB WHAM".parse()?;
//! let outcome = solve(&puzzle, &SolveOptions::default());
//! let grid = outcome.solutions.first().ok_or("no solution")?;
//! assert_eq!(grid.to_line(), "MNGKDHAXEVWCLRYQUIPOSTJFB");
//! check(&puzzle, grid)?;
//! # Ok(())
//! # }
//! ```
#![deny(missing_docs)]

mod check;
mod csp;
mod dfs;
mod grid;
mod outcome;
mod puzzle;

pub use check::{Violation, check};
pub use grid::Grid;
pub use outcome::{Algorithm, Outcome, SolveOptions, Stats, Status, solve};
pub use puzzle::{
    CELLS, Letter, ParseError, Puzzle, SIDE, STANDARD_GIVEN_CELLS, adjacent, letter_char,
    letter_index,
};
