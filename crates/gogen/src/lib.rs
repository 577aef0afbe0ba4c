//! Gogen: place the letters A..Y (no Z) once each on a 5x5 grid so that every
//! word of a list can be traced through cells that touch horizontally,
//! vertically or diagonally.
//!
//! Two solvers share one interface, [`solve`]`(&puzzle, &options)`, which
//! returns an [`Outcome`] (status, first solution, count, stats):
//!
//! - [`Algo::Csp`] (the default) models the puzzle on `csp-core` with
//!   the *letters* as variables and the 25 *cells* as their domain: the
//!   letters are all different, and every pair of consecutive letters in a
//!   word must sit in adjacent cells. Propagation to a fixpoint solves every
//!   real puzzle before any guess.
//! - [`Algo::Dfs`] is depth-first search with look-ahead on `search-core`: fill the
//!   first empty cell with each unused letter in turn, keep a successor only
//!   if every word can still be formed (the look-ahead), depth-first with a
//!   closed set. Beside the search's node count it keeps its own
//!   statistics ([`DfsStats`]): nodes visited and efficiency (path length
//!   over nodes visited).
//!
//! The [`check`] module is the independent rule checker: it re-validates a
//! solution (and claimed word paths) without calling solver code, and
//! confirms "no solution" by an exhaustive search of its own.
//!
//! [`Options`] carry the algorithm and the limits every puzzle crate
//! shares (`.count_up_to(k)`, `.node_limit(n)`, `.time_limit(d)`,
//! `.memory_limit(bytes)`); [`Puzzle`] also implements
//! [`puzzle_kit::Puzzle`], so tools over every puzzle take it as it is.
//! Whether a puzzle's solution is unique is [`is_unique`]: a count to 2
//! by `csp`, a run apart from the solve.
//!
//! ```
//! use gogen::{Algo, Options, Puzzle, Status, check, solve};
//!
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! let puzzle: Puzzle = "M.G.D\n.....\nW.L.Y\n.....\nS.J.B\n\n\
//!     ACQUIRE AXLE CUT DERV FIR JUST KEG MAN PILE PRY ROB WHAM".parse()?;
//! let outcome = solve(&puzzle, &Options::new(Algo::Csp).node_limit(1_000));
//! assert_eq!(outcome.status, Status::Solved);
//! let grid = outcome.solution.ok_or("no solution")?;
//! assert_eq!(grid.to_line(), "MNGKDHAXEVWCLRYQUIPOSTJFB");
//! check::check(&puzzle, &grid)?;
//! assert_eq!(
//!     puzzle.to_line(),
//!     "M.G.D.....W.L.Y.....S.J.B ACQUIRE AXLE CUT DERV FIR JUST KEG MAN PILE PRY ROB WHAM"
//! );
//! assert_eq!(puzzle.to_line().parse::<Puzzle>()?, puzzle);
//! # Ok(())
//! # }
//! ```
//!
//! The default `cli` feature adds what the `gogen` binary needs (the
//! [`cli`] module, clap, the JSON records); a program that only solves
//! or checks puzzles leaves it out:
//!
//! ```toml
//! [dependencies]
//! gogen = { path = "crates/gogen", default-features = false }
//! ```
#![deny(missing_docs)]

#[cfg(feature = "app")]
pub mod app;
pub mod check;
#[cfg(feature = "cli")]
pub mod cli;
mod csp;
mod grid;
mod options;
mod puzzle;
mod solve;
pub mod svg;
mod textbook;
#[cfg(feature = "app")]
pub mod watch;

pub use check::Violation;
pub use grid::{Grid, GridError};
pub use options::{Algo, Counters, DfsStats, Limit, Options, Outcome, Stats, Status};
pub use puzzle::{
    CELLS, Letter, MAX_LINE_BYTES, ParseError, Puzzle, SIDE, STANDARD_GIVEN_CELLS, adjacent,
    letter_char, letter_index,
};
pub use solve::{is_unique, solve, solve_all};
