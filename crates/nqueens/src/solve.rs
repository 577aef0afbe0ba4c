//! The dispatch: [`solve`] runs the engine of the chosen [`Algo`].

use std::time::Instant;

use crate::construct::construct;
use crate::min_conflicts::{NoRepairs, RepairObserver, min_conflicts_observed};
use crate::textbook::{ChessBoard, Formulation, Move, search_observed};
use crate::{Algo, Limit, Options, Outcome, Placement, Queens, Stats, Status};

/// The largest board [`solve`] accepts: 10^8 rows take 400 MB as columns
/// and about 900 MB as printed text, which is as far as a sane run goes.
pub const MAX_SOLVE_N: usize = 100_000_000;

/// Places `queens.n()` non-attacking queens, one per row, with
/// `options.algo` (the crate docs say what each does), or with csp, dfs
/// and bfs counts placements up to `options.limits.count_up_to`.
///
/// Every algorithm answers every N: the formulations search N = 2 and 3
/// exhaustively, the construction and min-conflicts know from the theorem
/// behind the construction that they have no placement (nodes 0).
///
/// ```
/// use nqueens::{Algo, Options, Queens, Status, solve};
///
/// let outcome = solve(&Queens::new(1_000)?, &Options::new(Algo::Construct));
/// assert_eq!(outcome.solution.map(|placement| placement.n()), Some(1_000));
/// let three = Queens::new(3)?;
/// assert_eq!(solve(&three, &Options::new(Algo::MinConflicts).seed(7)).status, Status::Unsolvable);
/// let outcome = solve(&Queens::new(8)?, &Options::new(Algo::Dfs).count_up_to(u64::MAX));
/// assert_eq!((outcome.count, outcome.count_complete), (92, true));
/// # Ok::<(), nqueens::SizeError>(())
/// ```
pub fn solve(queens: &Queens, options: &Options) -> Outcome {
    solve_observed(
        queens,
        options,
        &mut search_core::NoObserver,
        &mut csp_core::NoObserver,
        &mut NoRepairs,
    )
}

/// [`solve`], telling `search` (dfs, bfs), `csp` or `repairs`
/// (min-conflicts) what the search does.
pub(crate) fn solve_observed<S, C, R>(
    queens: &Queens,
    options: &Options,
    search: &mut S,
    csp: &mut C,
    repairs: &mut R,
) -> Outcome
where
    S: search_core::Observer<ChessBoard, Move, u32>,
    C: csp_core::Observer,
    R: RepairObserver,
{
    let n = queens.n();
    let start = Instant::now();
    let stats = |nodes| Stats {
        nodes,
        num_tested: None,
        elapsed: start.elapsed(),
    };
    let one = |columns: Option<Vec<u32>>, limit: Option<Limit>, nodes| {
        let solution = columns.map(Placement::from_solver);
        let status = match (&solution, limit) {
            (Some(_), _) => Status::Solved,
            (None, Some(limit)) => Status::Limit(limit),
            (None, None) => Status::Unsolvable,
        };
        Outcome {
            status,
            count: u64::from(solution.is_some()),
            // One placement found is not a count of them all; none found
            // by the theorem is.
            count_complete: solution.is_none() && limit.is_none(),
            solution,
            stats: stats(nodes),
        }
    };
    match Formulation::of(options.algo) {
        // The construction and local search only place queens: that 2 and
        // 3 have no placement is the theorem they rest on, not a search.
        None if matches!(n, 2 | 3) => one(None, None, 0),
        None if options.algo == Algo::Construct => one(Some(construct(n)), None, n as u64),
        None => {
            let (columns, steps) = min_conflicts_observed(
                n,
                options.seed_or_default(),
                options.step_budget(n),
                repairs,
            );
            let limit = columns.is_none().then_some(Limit::Node);
            one(columns, limit, steps)
        }
        Some(formulation) => {
            let run = search_observed(n, formulation, &options.limits, search, csp);
            let stats = Stats {
                elapsed: start.elapsed(),
                ..run.stats
            };
            Outcome::counted(
                run.first.map(Placement::from_solver),
                run.count,
                run.exhausted,
                run.limit,
                stats,
            )
        }
    }
}
