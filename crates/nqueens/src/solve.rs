//! Finding one placement: the algorithms on offer and what a search returns.

use std::time::Instant;

use crate::construct::construct;
use crate::formulation::{Formulation, Limits, SearchResult, solve_by};
use crate::min_conflicts::min_conflicts;
use crate::{Limit, Placement, SizeError, Stats, Status};

/// The largest board [`solve`] accepts: 10^8 rows take 400 MB as columns
/// and about 900 MB as printed text, which is as far as a sane run goes.
pub const MAX_SOLVE_N: usize = 100_000_000;

/// The seed of min-conflicts when none is given.
pub const DEFAULT_SEED: u64 = 1;

/// Which solver, without its settings: the names `--algo` takes. See
/// [`Algorithm`] for what each does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum SolveAlgo {
    /// Closed-form construction by N mod 6, linear time (the default)
    #[default]
    Construct,
    /// Min-conflicts local search from a greedy start, seeded
    MinConflicts,
    /// One variable per row on csp-core, all-different on columns and diagonals
    Csp,
    /// Seed 004's board of candidate lists, most constrained row, depth first
    Dfs,
    /// The same board, breadth first (it keeps every board it generates)
    Bfs,
}

impl SolveAlgo {
    /// The name used on the command line and in JSON.
    pub fn name(self) -> &'static str {
        match self {
            SolveAlgo::Construct => "construct",
            SolveAlgo::MinConflicts => "min-conflicts",
            SolveAlgo::Csp => "csp",
            SolveAlgo::Dfs => "dfs",
            SolveAlgo::Bfs => "bfs",
        }
    }

    /// The textbook formulation this solver runs, if it is one.
    pub fn formulation(self) -> Option<Formulation> {
        match self {
            SolveAlgo::Csp => Some(Formulation::Csp),
            SolveAlgo::Dfs => Some(Formulation::Dfs),
            SolveAlgo::Bfs => Some(Formulation::Bfs),
            SolveAlgo::Construct | SolveAlgo::MinConflicts => None,
        }
    }
}

/// How [`solve`] finds a placement.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Algorithm {
    /// The closed-form construction by N mod 6: linear time, no search
    /// (10^7 queens in well under a second). The default. It knows from
    /// the same theorem that N = 2 and 3 have no placement.
    Construct,
    /// Min-conflicts local search from a greedy start, reproducible for a
    /// given `seed`. Gives up with [`Outcome::LimitReached`] after
    /// `max_steps` queens placed or swaps tried ([`Limit::Node`]: its steps are
    /// its nodes). A local search cannot
    /// prove that there is no placement: N = 2 and 3 are answered by the
    /// theorem, as the construction answers them.
    MinConflicts {
        /// Seed of the random choices.
        seed: u64,
        /// Step budget; [`Algorithm::min_conflicts`] picks one that large
        /// boards never exhaust.
        max_steps: u64,
    },
    /// A textbook formulation that searches: seed 004's most-constrained-row
    /// board on search-core (depth or breadth first) or the csp-core model.
    /// Meant for teaching and cross-checking, not for huge boards. It runs
    /// for every N, 1 to 3 included.
    Search {
        /// Which formulation.
        formulation: Formulation,
        /// Its node limit and memory budget.
        limits: Limits,
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

    /// The algorithm named `algo` with its settings for a board of `n`
    /// rows: `seed` (default [`DEFAULT_SEED`]) and `max_steps` (default as
    /// [`Algorithm::min_conflicts`]) for min-conflicts, `limits` for the
    /// formulations. Settings that do not apply to `algo` are not used.
    pub fn new(
        algo: SolveAlgo,
        n: usize,
        seed: Option<u64>,
        max_steps: Option<u64>,
        limits: Limits,
    ) -> Self {
        match (algo, algo.formulation()) {
            (_, Some(formulation)) => Algorithm::Search {
                formulation,
                limits,
            },
            (SolveAlgo::MinConflicts, None) => {
                let seed = seed.unwrap_or(DEFAULT_SEED);
                match (Algorithm::min_conflicts(seed, n), max_steps) {
                    (Algorithm::MinConflicts { seed, .. }, Some(max_steps)) => {
                        Algorithm::MinConflicts { seed, max_steps }
                    }
                    (algorithm, _) => algorithm,
                }
            }
            _ => Algorithm::Construct,
        }
    }

    /// Which solver this is.
    pub fn algo(&self) -> SolveAlgo {
        match self {
            Algorithm::Construct => SolveAlgo::Construct,
            Algorithm::MinConflicts { .. } => SolveAlgo::MinConflicts,
            Algorithm::Search { formulation, .. } => match formulation {
                Formulation::Csp => SolveAlgo::Csp,
                Formulation::Dfs => SolveAlgo::Dfs,
                Formulation::Bfs => SolveAlgo::Bfs,
            },
        }
    }

    /// The name used on the command line and in JSON.
    pub fn name(&self) -> &'static str {
        self.algo().name()
    }
}

/// What a search found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// A placement.
    Solved(Placement),
    /// Proven: no placement exists (N = 2 and 3: by exhaustive search in
    /// the formulations, by the theorem in the construction and
    /// min-conflicts).
    Unsolvable,
    /// A limit ran out first.
    LimitReached(Limit),
}

impl Outcome {
    /// The shared status: solved, unsolvable, or which limit stopped it.
    pub fn status(&self) -> Status {
        match self {
            Outcome::Solved(_) => Status::Solved,
            Outcome::Unsolvable => Status::Unsolvable,
            Outcome::LimitReached(limit) => Status::Limit(*limit),
        }
    }
}

/// Places `n` non-attacking queens on an `n`×`n` board, one per row, with
/// `algorithm` (whatever `n`: the answer is labelled with the algorithm
/// that gave it).
///
/// # Errors
///
/// [`SizeError`] when `n` is 0 or above [`MAX_SOLVE_N`].
///
/// ```
/// use nqueens::{Algorithm, Formulation, Limits, Outcome, solve};
///
/// let (outcome, stats) = solve(1_000, Algorithm::Construct)?;
/// let Outcome::Solved(placement) = outcome else { unreachable!("N >= 4 is solvable") };
/// assert_eq!(placement.n(), 1_000);
/// assert!(stats.nodes >= 1_000);
/// assert_eq!(solve(3, Algorithm::min_conflicts(7, 3))?.0, Outcome::Unsolvable);
/// let dfs = Algorithm::Search { formulation: Formulation::Dfs, limits: Limits::default() };
/// assert_eq!(solve(3, dfs)?.0, Outcome::Unsolvable);
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
    let stats = |nodes| Stats {
        nodes,
        num_tested: None,
        elapsed: start.elapsed(),
    };
    match algorithm {
        // The construction and local search only place queens: that 2 and
        // 3 have no placement is the theorem they rest on, not a search.
        Algorithm::Construct | Algorithm::MinConflicts { .. } if matches!(n, 2 | 3) => {
            Ok((Outcome::Unsolvable, stats(0)))
        }
        Algorithm::Construct => {
            let placement = Placement::from_solver(construct(n));
            Ok((Outcome::Solved(placement), stats(n as u64)))
        }
        Algorithm::MinConflicts { seed, max_steps } => {
            let (columns, steps) = min_conflicts(n, seed, max_steps);
            let outcome = match columns {
                Some(columns) => Outcome::Solved(Placement::from_solver(columns)),
                None => Outcome::LimitReached(Limit::Node),
            };
            Ok((outcome, stats(steps)))
        }
        Algorithm::Search {
            formulation,
            limits,
        } => {
            let (result, search_stats) = solve_by(n, formulation, &limits);
            let outcome = match result {
                SearchResult::Complete(Some(columns)) => {
                    Outcome::Solved(Placement::from_solver(columns))
                }
                SearchResult::Complete(None) => Outcome::Unsolvable,
                SearchResult::LimitReached(limit) => Outcome::LimitReached(limit),
            };
            let stats = Stats {
                elapsed: start.elapsed(),
                ..search_stats
            };
            Ok((outcome, stats))
        }
    }
}
