//! N-Queens: place N queens on an N×N chessboard so that no two attack each
//! other (no shared row, column or diagonal). This crate counts every such
//! placement exactly, and finds one placement for boards of up to 10^8 rows.
//!
//! ```
//! use nqueens::{Algorithm, CountOptions, Counts, Outcome, count, solve};
//!
//! let (counts, _stats) = count(8, &CountOptions::default())?;
//! assert_eq!(counts, Counts { total: 92, unique: 12 });
//!
//! let (outcome, _stats) = solve(8, Algorithm::Construct)?;
//! let Outcome::Solved(placement) = outcome else { unreachable!("8 queens fit") };
//! assert_eq!(placement.columns(), [1, 3, 5, 7, 2, 0, 6, 4]);
//! print!("{placement}"); // the board, rows of `Q` and `.`
//! # Ok::<(), nqueens::SizeError>(())
//! ```
//!
//! # Counting: bitboards and the 8-fold symmetry method
//!
//! [`count`] places queens row by row. The columns and the two diagonal
//! directions already attacked are three bit masks (`down`, `left`,
//! `right`); moving to the next row shifts the diagonal masks one step, so
//! the free squares of a row are `!(left | down | right)` and each is taken
//! off with `free & -free`. This is the classic bitboard backtracking.
//!
//! Every solution has up to 8 images under the symmetries of the square
//! (4 rotations, each with or without a reflection). The common speed-up,
//! *mirror halving*, only tries the left half of the first row and doubles.
//! This crate goes further, in the manner of Takaken's method: it visits
//! only one board of each symmetry class, the *canonical* one, and weighs
//! it by the size of its class, 8, 4 or 2. The same search therefore gives
//! the total (OEIS A000170) and the number of distinct solutions up to
//! symmetry (A002562), in about 40% of the nodes mirror halving visits.
//! Canonical boards come in two families:
//!
//! - **A queen in a corner.** Only one queen can stand in a corner (two
//!   corners always share a row, a column or a diagonal), and a symmetry
//!   moves it to (0, 0). The diagonal reflection keeps it there and swaps
//!   "row 1's queen is in column b" with "column 1's queen is in row b";
//!   both cannot hold at once (those two squares share an anti-diagonal),
//!   so keeping the column-1 queen below row b picks exactly one board of
//!   each class of 8.
//! - **No queen in a corner.** Each edge of the board then holds exactly one
//!   queen. The top queen stands in column b1 of the left half, and every
//!   other edge queen must be at least b1 squares from the corner that the
//!   symmetry bringing it to the top would map to the top-left corner: the
//!   side queens stay within rows b1..=N-1-b1 and the bottom one within
//!   columns b1..=N-1-b1. These rules prune during the search. Reflections
//!   can never tie on the top row (the tie would put two queens on one
//!   diagonal), so a finished board is compared, rows read as numbers, only
//!   with its three rotations, and only when a rotation's top row ties. It
//!   is kept if no rotation is smaller; equal to its quarter turn means a
//!   class of 2, equal to its half turn a class of 4, else 8.
//!
//! The search is split after its first two or three rows into a few hundred
//! subtrees; worker threads ([`CountOptions::threads`], all cores by
//! default) take them from a shared counter, so they finish within one small
//! subtree of each other.
//!
//! # Placing: construction and local search
//!
//! [`solve`] with [`Algorithm::Construct`] (the default) writes down a
//! known solution in linear time: even columns first, then odd ones, with
//! two small repairs when N mod 6 is 2 or 3 (Hoffman, Loessi and Moore,
//! 1969). [`Algorithm::MinConflicts`] is a local search over permutations:
//! a greedy start that leaves only a few dozen queens attacked, then swaps
//! of an attacked queen's column with a random row's, kept when they do not
//! add attacks, with restarts for the small boards where it stalls (after
//! Sosič and Gu). Both answer N = 10^6 in well under a second.
//!
//! # The textbook formulations
//!
//! [`Algorithm::Search`] runs one of the [`Formulation`]s, kept for
//! teaching and cross-checked against [`count`] in the tests:
//! seed 004's extension, which solves N-Queens the way its sudoku is
//! solved (a board whose empty rows hold candidate lists; assign the most
//! constrained row, `update` strikes the attacked squares, `failure_test`
//! spots a row with no candidate, `goal_test` counts the queens placed),
//! depth first or breadth first on `search-core`; and a constraint model on
//! `csp-core` (one variable per row, all-different on the columns and on
//! both diagonal offsets). [`count_with`] counts and [`solve`] places with
//! any of them, for every N (1 to 3 included: no shortcut through the fast
//! counter); they take a node limit and a memory budget ([`Limits`]) and
//! stop with a [`Limit`] rather than run out of either. A count stopped so
//! is a lower bound ([`CountOutcome::limit`]).
//!
//! # Nodes
//!
//! [`Stats::nodes`] is the work a run did, in each algorithm's own unit:
//!
//! - the fast counter: queens placed on its bitboards;
//! - [`Formulation::Csp`]: search nodes of csp-core, the root included (1
//!   for the root's propagation, plus one per value tried);
//! - [`Formulation::Dfs`] and [`Formulation::Bfs`]: boards generated on
//!   search-core, the empty board included; [`Stats::num_tested`] keeps seed
//!   004's count of boards tested beside it;
//! - the construction: rows filled; min-conflicts: queens placed in greedy
//!   starts plus swaps tried.
//!
//! A formulation's node limit ([`Limits::node_limit`]) bounds exactly that
//! count: a run ends with `nodes <= node_limit`.
//!
//! # Checking
//!
//! The [`check`] module re-validates a placement against the rules (and an
//! "unsolvable" claim), sharing no code with the solvers.
//!
//! # Using the library alone
//!
//! The `cli` feature (on by default) holds what only the `nqueens` binary
//! needs: argument parsing, the JSON records, the `check` driver. Without it
//! the library is the counters, the placements, the formulations and the
//! checker, with few dependencies:
//!
//! ```toml
//! [dependencies]
//! nqueens = { version = "0.1", default-features = false }
//! ```
#![deny(missing_docs)]

pub mod check;
#[cfg(feature = "cli")]
pub mod cli;
mod construct;
mod count;
mod formulation;
mod min_conflicts;
mod placement;
mod solve;

pub use check::{Violation, check_columns};
pub use count::{CountAlgo, CountOptions, CountOutcome, Counts, MAX_COUNT_N, count, count_with};
pub use formulation::{
    Formulation, Limits, SearchResult, base_bytes, board_bytes, count_by, solve_by,
};
pub use placement::{BOARD_VIEW_MAX, Placement};
pub use solve::{Algorithm, DEFAULT_SEED, MAX_SOLVE_N, Outcome, SolveAlgo, solve};

use std::time::Duration;

/// The work a search did (see the crate docs, "Nodes", for each
/// algorithm's unit).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Stats {
    /// The fast counter: queens placed. csp: search nodes, the root
    /// included. dfs and bfs: boards generated, the empty board included.
    /// Construction: rows filled. Min-conflicts: queens placed in greedy
    /// starts plus swaps tried.
    pub nodes: u64,
    /// dfs and bfs only: seed 004's count of boards tested (taken from the
    /// frontier and given the goal test), the empty board included.
    pub num_tested: Option<u64>,
    /// Wall-clock time of the whole call.
    pub elapsed: Duration,
}

/// How a run ended and which limit stopped it, shared by every puzzle
/// crate: [`Limit::Node`] is a formulation's node limit
/// ([`Limits::node_limit`]) or min-conflicts' step budget (its steps are its
/// nodes, [`Stats::nodes`]); [`Limit::Memory`] a formulation's memory budget
/// ([`Limits::memory_limit`]).
pub use puzzle_kit::{Limit, Status};

/// A board size that [`count`] or [`solve`] does not take.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum SizeError {
    /// N = 0.
    #[error("N must be at least 1: a board needs a square to put a queen on")]
    Empty,
    /// N above what the function supports.
    #[error("N = {n} is larger than the largest supported board, {max}")]
    TooLarge {
        /// The N asked for.
        n: usize,
        /// The largest N supported.
        max: usize,
    },
}
