//! The dispatch: [`solve`] runs the engine of the chosen [`Algo`]; and
//! the [`puzzle_kit::Puzzle`] implementation of [`Queens`].

use std::time::Instant;

use puzzle_kit::Limits;

use crate::construct::construct;
use crate::min_conflicts::{NoRepairs, RepairObserver, min_conflicts_observed};
use crate::textbook::{ChessBoard, Move, base_bytes};
use crate::{Algo, Limit, Options, Outcome, Placement, Queens, Stats};

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
    let stats = |nodes| Stats::new(nodes, start.elapsed());
    // A limit comes only without a placement. One placement found is not a
    // count of them all; none found (by the theorem) is.
    let one = |columns: Option<Vec<u32>>, limit: Option<Limit>, nodes| {
        let (count, exhausted) = (u64::from(columns.is_some()), columns.is_none());
        let solution = columns.map(Placement::from_solver);
        Outcome::counted(solution, count, exhausted, limit, stats(nodes))
    };
    match options.algo {
        algo if algo.searches() => {
            let mut outcome = search_observed(n, algo, &options.limits, search, csp);
            outcome.stats.elapsed = start.elapsed();
            outcome
        }
        // The construction and local search only place queens: that 2 and
        // 3 have no placement is the theorem they rest on, not a search.
        _ if matches!(n, 2 | 3) => one(None, None, 0),
        Algo::Construct => one(Some(construct(n)), None, n as u64),
        _ => {
            let (columns, steps) = min_conflicts_observed(
                n,
                options.seed_or_default(),
                options.step_budget(n),
                repairs,
            );
            let limit = columns.is_none().then_some(Limit::Node);
            one(columns, limit, steps)
        }
    }
}

/// Runs the formulation `algo` on `n` queens within `limits`: finds one
/// placement (`count_up_to` 1) or counts up to `count_up_to`.
#[cfg(test)]
pub(crate) fn search(n: usize, algo: Algo, limits: &Limits) -> Outcome {
    search_observed(
        n,
        algo,
        limits,
        &mut search_core::NoObserver,
        &mut csp_core::NoObserver,
    )
}

/// Runs the formulation `algo` (csp, dfs, bfs), telling `search` (dfs,
/// bfs) or `csp` what the search does.
pub(crate) fn search_observed<S, C>(
    n: usize,
    algo: Algo,
    limits: &Limits,
    search: &mut S,
    csp: &mut C,
) -> Outcome
where
    S: search_core::Observer<ChessBoard, Move, u32>,
    C: csp_core::Observer,
{
    let start = Instant::now();
    // What the cores do not count must fit before anything is allocated.
    if limits
        .memory_limit
        .is_some_and(|bytes| base_bytes(n, algo) > bytes as u64)
    {
        let mut stats = Stats::new(0, start.elapsed());
        stats.counters.num_tested = (algo != Algo::Csp).then_some(0);
        return Outcome::counted(None, 0, false, Some(Limit::Memory), stats);
    }
    if algo == Algo::Csp {
        return crate::csp::run(n, limits, start, csp);
    }
    crate::textbook::run(n, algo, limits, start, search)
}

impl puzzle_kit::Puzzle for Queens {
    const NAME: &'static str = "nqueens";
    const EXAMPLE: &'static str = "8";
    type Error = crate::ParseError;
    type Algo = Algo;
    type Options = Options;
    type Solution = Placement;
    type Stats = Stats;

    /// The canonical one-line form: the size in decimal.
    fn to_line(&self) -> String {
        self.n().to_string()
    }

    fn solution_line(&self, solution: &Placement) -> String {
        solution.to_line()
    }

    fn solve(&self, options: &Options) -> Outcome {
        solve(self, options)
    }

    fn check(&self, solution: &Placement) -> Result<(), puzzle_kit::Violation> {
        if solution.n() != self.n() {
            return Err(puzzle_kit::Violation::new(format!(
                "the placement has {} rows, the board {}",
                solution.n(),
                self.n()
            )));
        }
        crate::check::check_columns(solution.columns()).map_err(puzzle_kit::Violation::from)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Status;

    fn within(node_limit: Option<u64>, memory_limit: usize) -> Limits {
        Limits {
            node_limit,
            memory_limit: Some(memory_limit),
            ..Limits::default()
        }
    }

    fn counting(limits: Limits) -> Limits {
        Limits {
            count_up_to: u64::MAX,
            ..limits
        }
    }

    const ALL: [Algo; 3] = [Algo::Csp, Algo::Dfs, Algo::Bfs];

    #[test]
    fn a_memory_budget_stops_every_formulation_and_says_so() {
        for algo in ALL {
            // Too little for what the cores do not count: stopped at once.
            let tiny = within(None, base_bytes(12, algo) as usize - 1);
            let run = search(12, algo, &tiny);
            assert_eq!(run.status, Status::Limit(Limit::Memory));
            assert_eq!(run.stats.nodes, 0, "{algo:?}");
            // Enough for that, and little more.
            let small = within(None, base_bytes(12, algo) as usize + 4096);
            let run = search(12, algo, &counting(small));
            assert_eq!(run.status, Status::Limit(Limit::Memory), "{algo:?}");
        }
        // The node limit, when it comes first, is the one named.
        let run = search(40, Algo::Bfs, &within(Some(50), 1 << 30));
        assert_eq!(run.status, Status::Limit(Limit::Node));
        assert_eq!(run.stats.nodes, 50);
    }

    /// A budget that refuses a board is a limit, never a proof (issue 17):
    /// under every memory limit from what the cores do not count to one
    /// that fits, 8 queens are found or the memory is named, and a count
    /// is all 92 or stopped by the memory limit.
    #[test]
    fn a_memory_refusal_is_never_read_as_no_placement() {
        for algo in ALL {
            let base = base_bytes(8, algo) as usize;
            for extra in [0, 1, 64, 512, 1 << 10, 4 << 10, 16 << 10, 64 << 10, 1 << 20] {
                let limits = within(None, base + extra);
                let what = format!("{algo:?} within {extra} more bytes");
                let run = search(8, algo, &limits);
                assert!(
                    run.solution.is_some() || run.status == Status::Limit(Limit::Memory),
                    "{what}: {run:?}"
                );
                let run = search(8, algo, &counting(limits));
                match run.status.limit() {
                    None => assert_eq!((run.count, run.count_complete), (92, true), "{what}"),
                    Some(limit) => {
                        assert_eq!(limit, Limit::Memory, "{what}");
                        assert!(run.count < 92 && !run.count_complete, "{what}");
                    }
                }
            }
        }
    }

    #[test]
    fn a_count_stops_at_count_up_to_with_its_first_placement() {
        for algo in ALL {
            let limits = Limits {
                count_up_to: 5,
                ..Limits::default()
            };
            let run = search(8, algo, &limits);
            let stopped = (run.count, run.count_complete, run.status.limit());
            assert_eq!(stopped, (5, false, None));
            assert_eq!(run.solution.map(|first| first.n()), Some(8));
            let run = search(6, algo, &limits);
            assert_eq!((run.count, run.count_complete), (4, true), "{algo:?}");
        }
    }

    #[test]
    fn an_expansion_beyond_the_budget_is_refused_before_it_is_made() {
        // N = 5000: one expansion of the candidate-list board is 5001 boards of
        // 3 MB, 16 GB; a 1 GiB budget refuses it without allocating.
        let run = search(5_000, Algo::Dfs, &within(None, 1 << 30));
        assert_eq!(run.status, Status::Limit(Limit::Memory));
        assert_eq!(run.stats.nodes, 0);
    }
}
