//! N-Queens: place N queens on an N×N chessboard so that no two attack each
//! other (no shared row, column or diagonal). This crate counts every such
//! placement exactly, and finds one placement for boards of up to 10^8 rows.
//!
//! The puzzle is its board size, [`Queens`]; [`solve`] places queens with
//! one of the [`Algo`]s under [`Options`], and [`count`] counts every
//! placement with the fast counter:
//!
//! ```
//! use nqueens::{Algo, CountOptions, Counts, Options, Queens, Status, check, count, solve};
//!
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! let queens: Queens = "8".parse()?;
//! let outcome = solve(&queens, &Options::new(Algo::Construct));
//! assert_eq!(outcome.status, Status::Solved);
//! let placement = outcome.solution.ok_or("8 queens fit")?;
//! assert_eq!(placement.columns(), [1, 3, 5, 7, 2, 0, 6, 4]);
//! check::check_columns(placement.columns())?;
//! println!("{placement}"); // the board, rows of `Q` and `.`
//!
//! let (counts, _stats) = count(8, &CountOptions::default())?;
//! assert_eq!(counts, Counts { total: 92, unique: 12 });
//! // A textbook formulation counts too, up to a bound or all of them.
//! let outcome = solve(&queens, &Options::new(Algo::Dfs).count_up_to(10));
//! assert_eq!((outcome.count, outcome.count_complete), (10, false));
//! # Ok(())
//! # }
//! ```
//!
//! Counting: [`count`] is the fast exact counter (every placement, and the
//! placements distinct under symmetry, on all cores). The
//! [`puzzle_kit::Puzzle`] way, `solve` with
//! [`Options::count_up_to`]`(k)`, counts up to `k` with the chosen
//! algorithm where it can: csp, dfs and bfs enumerate placements (stopping
//! at `k`, or at a limit, when the count is a lower bound); construct and
//! min-conflicts find one placement and report `count` 1, not complete.
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
//! The same subtrees, at any depth, are the subproblems of [`split`], for
//! counts shared out over machines: counting one ([`count_subproblem`])
//! resumes the search at its node, so the subproblems together do the work
//! of one count and give both numbers. [`split_mirror`] gives mirror-halving
//! subproblems instead, which take any prefix but visit every completion.
//!
//! # Placing: construction and local search
//!
//! [`solve`] with [`Algo::Construct`] (the default) writes down a
//! known solution in linear time: even columns first, then odd ones, with
//! two small repairs when N mod 6 is 2 or 3 (Hoffman, Loessi and Moore,
//! 1969). [`Algo::MinConflicts`] is a local search over permutations:
//! a greedy start that leaves only a few dozen queens attacked, then swaps
//! of an attacked queen's column with a random row's, kept when they do not
//! add attacks, with restarts for the small boards where it stalls (after
//! Sosič and Gu). Both answer N = 10^6 in well under a second.
//!
//! # The textbook formulations
//!
//! [`Algo::Csp`], [`Algo::Dfs`] and [`Algo::Bfs`] run the textbook
//! formulations, kept for teaching and cross-checked against [`count`] in
//! the tests:
//! DFS and BFS on the most constrained row, which solve N-Queens the way
//! the sudoku crate's DFS and BFS solve sudoku (a board whose empty rows
//! hold candidate lists; assign the most constrained row, `update` strikes
//! the attacked squares, `failure_test` spots a row with no candidate,
//! `goal_test` counts the queens placed),
//! depth first or breadth first on `search-core`; and a constraint model on
//! `csp-core` (one variable per row, all-different on the columns and on
//! both diagonal offsets). [`solve`] places and counts
//! ([`Options::count_up_to`]) with any of them, for every N (1 to 3
//! included: no shortcut through the fast counter); they take a node
//! limit, a time limit and a memory budget ([`Limits`]) and stop with a
//! [`Limit`] rather than run out of any. A count stopped so is a lower
//! bound (`count_complete` false).
//!
//! # Nodes
//!
//! [`Stats::nodes`] is the work a run did, in each algorithm's own unit:
//!
//! - the fast counter: queens placed on its bitboards;
//! - [`Algo::Csp`]: search nodes of csp-core, the root included (1
//!   for the root's propagation, plus one per value tried);
//! - [`Algo::Dfs`] and [`Algo::Bfs`]: boards generated on
//!   search-core, the empty board included; [`Counters::num_tested`] keeps the
//!   course formulation's count of boards tested beside it;
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
//! The `app` feature holds cli-kit's application traits as nqueens
//! implements them (the record, the human view, the SVG, `--compare`, the
//! watched solves, `check`'s verdict), for the binary, the explorer and
//! Python alike; the `cli` feature (on by default) adds what only the
//! `nqueens` binary needs: argument parsing and `count`. Without them
//! the library is the counters, the placements, the formulations and the
//! checker, with few dependencies:
//!
//! ```toml
//! [dependencies]
//! nqueens = { path = "crates/nqueens", default-features = false }
//! ```
#![deny(missing_docs)]

#[cfg(feature = "app")]
pub mod app;
pub mod check;
#[cfg(feature = "cli")]
pub mod cli;
mod construct;
mod count;
mod csp;
mod min_conflicts;
mod options;
mod placement;
mod puzzle;
mod solve;
mod subproblem;
pub mod svg;
mod textbook;
#[cfg(feature = "app")]
pub mod watch;

pub use check::{Violation, check_columns};
pub use count::{Counts, MAX_COUNT_N, Unvisited, WATCH_MAX_N, count};
pub use options::{Algo, CountOptions, Counters, DEFAULT_SEED, Options, Outcome, Stats};
pub use placement::{BOARD_VIEW_MAX, Placement};
pub use puzzle::{ParseError, Queens, SizeError};
/// How a run ended and which limit stopped it, shared by every puzzle
/// crate: [`Limit::Node`] is a formulation's node limit or min-conflicts'
/// step budget (its steps are its nodes, [`Stats::nodes`]), [`Limit::Time`]
/// a formulation's time limit, [`Limit::Memory`] a formulation's memory
/// budget. The trait a tool over every puzzle uses: [`puzzle_kit::Puzzle`].
pub use puzzle_kit::{Algorithm, Configure, Limit, Limits, Status};
pub use solve::{MAX_SOLVE_N, solve};
pub use subproblem::{
    Share, Subproblem, SubproblemError, Symmetry, count_subproblem, split, split_mirror,
};
pub use textbook::{base_bytes, board_bytes};
