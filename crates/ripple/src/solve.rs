//! The dispatch: [`solve`] runs the engine of the chosen [`Algo`], and the
//! puzzle type's [`puzzle_kit::Puzzle`] implementation calls it.

use puzzle_kit::Limit;

use crate::options::{Algo, Options, Outcome, Stats};
use crate::puzzle::{Grid, Puzzle};
use crate::{csp, fast, textbook};

/// Solves `puzzle` with `options` (the algorithm, the count, the limits).
///
/// ```
/// use ripple::{Algo, Options, Status};
///
/// let puzzle: ripple::Puzzle = "https://puzz.link/p?ripple/5/4/ld8g2sug4g3u1".parse()?;
/// for &algo in Algo::ALL {
///     let outcome = ripple::solve(&puzzle, &Options::new(algo).count_up_to(2));
///     assert_eq!(outcome.status, Status::Solved);
///     assert_eq!((outcome.count, outcome.count_complete), (1, true)); // unique
/// }
/// # Ok::<(), ripple::ParseError>(())
/// ```
pub fn solve(puzzle: &Puzzle, options: &Options) -> Outcome {
    match options.algo {
        Algo::Fast => fast::solve(puzzle, options),
        Algo::Csp => csp::solve(puzzle, options),
        Algo::Mrv => textbook::mrv(puzzle, options),
        Algo::Brute => textbook::brute(puzzle, options),
    }
}

/// Counts the solutions of `puzzle` up to `limit` with the fast engine:
/// `(count, complete)`.
pub fn count_solutions(puzzle: &Puzzle, limit: u64) -> (u64, bool) {
    let outcome = fast::solve(puzzle, &Options::new(Algo::Fast).count_up_to(limit));
    (outcome.count, outcome.count_complete)
}

/// Whether `puzzle` has exactly one solution, by a count to 2 of the fast
/// engine within the limits of `limits` (its algorithm and count are not
/// used): `Err` with the limit that stopped the count first. The command
/// line's `solve` runs it after the chosen algorithm, whose outcome and
/// stats it leaves alone.
///
/// ```
/// use ripple::{Algo, Options};
///
/// let puzzle: ripple::Puzzle = "https://puzz.link/p?ripple/5/4/ld8g2sug4g3u1".parse()?;
/// assert_eq!(ripple::is_unique(&puzzle, &Options::new(Algo::Brute)), Ok(true));
/// # Ok::<(), ripple::ParseError>(())
/// ```
pub fn is_unique(puzzle: &Puzzle, limits: &Options) -> Result<bool, Limit> {
    let options = Options {
        algo: Algo::Fast,
        ..*limits
    }
    .count_up_to(2);
    fast::solve(puzzle, &options).uniqueness()
}

impl puzzle_kit::Puzzle for Puzzle {
    const NAME: &'static str = "ripple";
    const EXAMPLE: &'static str = "https://puzz.link/p?ripple/5/4/ld8g2sug4g3u1";
    type Error = crate::ParseError;
    type Algo = Algo;
    type Options = Options;
    type Solution = Grid;
    type Stats = Stats;

    /// The canonical puzz.link URL.
    fn to_line(&self) -> String {
        crate::to_url(self)
    }

    /// The rows of digits as the JSON `solution` holds them:
    /// `[[1,4,2],[2,3,1]]`.
    fn solution_line(&self, solution: &Grid) -> String {
        solution.to_json()
    }

    fn solve(&self, options: &Options) -> Outcome {
        solve(self, options)
    }

    fn check(&self, solution: &Grid) -> Result<(), puzzle_kit::Violation> {
        if (solution.rows(), solution.cols()) != (self.rows(), self.cols())
            || solution.values().len() != self.len()
        {
            return Err(puzzle_kit::Violation::new(format!(
                "a {}x{} solution of a {}x{} puzzle",
                solution.rows(),
                solution.cols(),
                self.rows(),
                self.cols()
            )));
        }
        crate::check::check(self, solution.values()).map_err(puzzle_kit::Violation::from)
    }
}

/// What generic code over [`puzzle_kit::Configure`] sees is what the
/// inherent methods set.
#[cfg(test)]
mod tests {
    use super::*;
    use puzzle_kit::Configure;
    use std::time::Duration;

    #[test]
    fn the_trait_and_the_inherent_builders_agree() {
        let options = Options::new(Algo::Csp)
            .count_up_to(3)
            .node_limit(9)
            .time_limit(Duration::from_secs(2))
            .memory_limit(1 << 20);
        assert_eq!(Configure::algo(&options), Algo::Csp);
        assert_eq!(options.limits().count_up_to, 3);
        assert_eq!(options.limits().node_limit, Some(9));
        assert_eq!(options.limits().time_limit, Some(Duration::from_secs(2)));
        assert_eq!(options.limits().memory_limit, Some(1 << 20));
        assert_eq!(options.limits().seed, None);
        assert_eq!("mrv".parse::<Algo>(), Ok(Algo::Mrv));
        assert_eq!(
            "quick".parse::<Algo>().unwrap_err().to_string(),
            "unknown algorithm 'quick', expected fast, csp, mrv, brute"
        );
    }
}
