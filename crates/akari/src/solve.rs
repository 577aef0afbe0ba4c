//! The puzzle as every tool over puzzles takes it ([`puzzle_kit::Puzzle`]:
//! the command line's drivers, the explorer, the Python package), and
//! whether a solution is unique.

use crate::options::{Algo, Options, Outcome, Stats};
use crate::puzzle::{Akari, Bulbs, ParseError};
use crate::{Limit, check, fast, textbook};

/// Solves `puzzle` with `options`: [`Algo::Fast`] the engine, the others
/// the textbook model on csp-core.
pub fn solve(puzzle: &Akari, options: &Options) -> Outcome {
    match options.algo {
        Algo::Fast => fast::solve(puzzle, options),
        Algo::Mac | Algo::Fc => textbook::solve(puzzle, options),
    }
}

/// Whether `puzzle` has exactly one solution: a count to 2 within
/// `options`' limits, or the limit that stopped it first.
///
/// # Errors
///
/// The limit that stopped the count before it could tell.
pub fn is_unique(puzzle: &Akari, options: &Options) -> Result<bool, Limit> {
    solve(puzzle, &options.clone().count_up_to(2)).uniqueness()
}

impl puzzle_kit::Puzzle for Akari {
    const NAME: &'static str = "akari";
    const EXAMPLE: &'static str = "...../..#../0...3/..1../.....";
    type Error = ParseError;
    type Algo = Algo;
    type Options = Options;
    type Solution = Bulbs;
    type Stats = Stats;

    fn to_line(&self) -> String {
        Akari::to_line(self)
    }

    fn solution_line(&self, solution: &Bulbs) -> String {
        self.draw(solution, '/')
    }

    fn solve(&self, options: &Options) -> Outcome {
        solve(self, options)
    }

    fn check(&self, solution: &Bulbs) -> Result<(), puzzle_kit::Violation> {
        check::check(self, solution)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uniqueness_is_a_count_to_two() {
        let unique =
            |text: &str, options: &Options| is_unique(&text.parse().expect("a puzzle"), options);
        assert_eq!(
            unique("...../..#../0...3/..1../.....", &Options::default()),
            Ok(true)
        );
        assert_eq!(unique("./.", &Options::default()), Ok(false));
        let tight = Options::new(Algo::Fc).node_limit(1);
        assert_eq!(unique(&["......"; 6].join("/"), &tight), Err(Limit::Node));
    }
}
