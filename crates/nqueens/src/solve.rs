//! Finding one placement: the algorithms on offer and what a search returns.

use std::num::NonZeroUsize;
use std::time::Instant;

use crate::construct::construct;
use crate::formulation::{Formulation, SearchResult, solve_by};
use crate::min_conflicts::min_conflicts;
use crate::{CountOptions, Placement, SizeError, Stats, count};

/// The largest board [`solve`] accepts: 10^8 rows take 400 MB as columns
/// and about 900 MB as printed text, which is as far as a sane run goes.
pub const MAX_SOLVE_N: usize = 100_000_000;

/// How [`solve`] finds a placement.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Algorithm {
    /// The closed-form construction by N mod 6: linear time, no search
    /// (10^7 queens in well under a second). The default.
    Construct,
    /// Min-conflicts local search from a greedy start, reproducible for a
    /// given `seed`. Gives up with [`Outcome::LimitReached`] after
    /// `max_steps` queens placed or swaps tried.
    MinConflicts {
        /// Seed of the random choices.
        seed: u64,
        /// Step budget; [`Algorithm::min_conflicts`] picks one that large
        /// boards never exhaust.
        max_steps: u64,
    },
    /// A textbook formulation that searches: seed 004's most-constrained-row
    /// board on search-core (depth or breadth first) or the csp-core model.
    /// Meant for teaching and cross-checking, not for huge boards.
    Search {
        /// Which formulation.
        formulation: Formulation,
        /// Stop with [`Outcome::LimitReached`] after this many nodes.
        node_limit: Option<u64>,
    },
}

impl Algorithm {
    /// Min-conflicts with `seed` and the default budget, enough for a board
    /// of [`MAX_SOLVE_N`] rows (about 500·N + 10^6 steps; a board of a
    /// million rows typically needs about 1.1·N).
    pub fn min_conflicts(seed: u64, n: usize) -> Self {
        Algorithm::MinConflicts {
            seed,
            max_steps: 500 * n as u64 + 1_000_000,
        }
    }

    /// The name used on the command line and in JSON.
    pub fn name(&self) -> &'static str {
        match self {
            Algorithm::Construct => "construct",
            Algorithm::MinConflicts { .. } => "min-conflicts",
            Algorithm::Search { formulation, .. } => formulation.name(),
        }
    }
}

/// What a search found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// A placement.
    Solved(Placement),
    /// Proven: no placement exists (N = 2 and 3, by exhaustive search).
    Unsolvable,
    /// The step budget ran out first.
    LimitReached,
}

/// Places `n` non-attacking queens on an `n`×`n` board, one per row.
///
/// Boards of 3 rows or fewer are settled by exhaustive search whatever the
/// algorithm, so that 2 and 3 come back as a proof of
/// [`Outcome::Unsolvable`].
///
/// # Errors
///
/// [`SizeError`] when `n` is 0 or above [`MAX_SOLVE_N`].
///
/// ```
/// use nqueens::{Algorithm, Outcome, solve};
///
/// let (outcome, stats) = solve(1_000, Algorithm::Construct)?;
/// let Outcome::Solved(placement) = outcome else { unreachable!("N >= 4 is solvable") };
/// assert_eq!(placement.n(), 1_000);
/// assert!(stats.nodes >= 1_000);
/// assert_eq!(solve(3, Algorithm::min_conflicts(7, 3))?.0, Outcome::Unsolvable);
/// # Ok::<(), nqueens::SizeError>(())
/// ```
pub fn solve(n: usize, algorithm: Algorithm) -> Result<(Outcome, Stats), SizeError> {
    if n == 0 {
        return Err(SizeError::Empty);
    }
    if n > MAX_SOLVE_N {
        return Err(SizeError::TooLarge {
            n,
            max: MAX_SOLVE_N,
        });
    }
    let start = Instant::now();
    if n <= 3 {
        let (counts, stats) = count(
            n,
            &CountOptions {
                threads: Some(NonZeroUsize::MIN),
            },
        )?;
        let outcome = if counts.total == 0 {
            Outcome::Unsolvable
        } else {
            Outcome::Solved(Placement::from_solver(vec![0]))
        };
        return Ok((outcome, stats));
    }
    let (columns, nodes) = match algorithm {
        Algorithm::Construct => (Some(construct(n)), n as u64),
        Algorithm::MinConflicts { seed, max_steps } => min_conflicts(n, seed, max_steps),
        Algorithm::Search {
            formulation,
            node_limit,
        } => {
            let (result, stats) = solve_by(n, formulation, node_limit);
            let outcome = match result {
                SearchResult::Complete(Some(columns)) => {
                    Outcome::Solved(Placement::from_solver(columns))
                }
                SearchResult::Complete(None) => Outcome::Unsolvable,
                SearchResult::LimitReached => Outcome::LimitReached,
            };
            return Ok((
                outcome,
                Stats {
                    nodes: stats.nodes,
                    elapsed: start.elapsed(),
                },
            ));
        }
    };
    let outcome = match columns {
        Some(columns) => Outcome::Solved(Placement::from_solver(columns)),
        None => Outcome::LimitReached,
    };
    Ok((
        outcome,
        Stats {
            nodes,
            elapsed: start.elapsed(),
        },
    ))
}
