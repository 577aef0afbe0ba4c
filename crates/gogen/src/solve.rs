//! The dispatch: [`solve`] and [`solve_all`] run the options' engine.

use crate::grid::Grid;
use crate::options::{Algo, Limit, Options, Outcome};
use crate::puzzle::Puzzle;

/// Solves `puzzle` with the options' algorithm, looking for
/// [`count_up_to`](puzzle_kit::Limits::count_up_to) solutions within its
/// limits.
///
/// ```
/// use gogen::{Algo, Options, Puzzle, Status, solve};
///
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// let puzzle: Puzzle = "M.G.D\n.....\nW.L.Y\n.....\nS.J.B\n\n\
///     ACQUIRE AXLE CUT DERV FIR JUST KEG MAN PILE PRY ROB WHAM".parse()?;
/// let outcome = solve(&puzzle, &Options::new(Algo::Dfs).count_up_to(2));
/// assert_eq!(outcome.status, Status::Solved);
/// assert_eq!((outcome.count, outcome.count_complete), (1, true));
/// # Ok(())
/// # }
/// ```
pub fn solve(puzzle: &Puzzle, options: &Options) -> Outcome {
    solve_all(puzzle, options).0
}

/// [`solve`], and every solution found (at most
/// [`count_up_to`](puzzle_kit::Limits::count_up_to), in the order found):
/// all there are when the outcome's count is complete, else those found
/// before the count or a limit stopped the search.
pub fn solve_all(puzzle: &Puzzle, options: &Options) -> (Outcome, Vec<Grid>) {
    let found = match options.algo {
        Algo::Csp => crate::csp::solve(puzzle, options),
        Algo::Dfs => crate::textbook::solve(puzzle, options),
    };
    found.into_outcome()
}

/// Whether `puzzle` has exactly one solution, by a count to 2 with `csp`
/// (whatever the options' algorithm and count) within the options' node,
/// time and memory limits: a run of its own, apart from any solve, so a
/// solve's statistics stay its own. `Ok(false)` when the puzzle has two
/// solutions or more, or none; `Err` with the limit that stopped the count
/// before it could tell.
///
/// ```
/// use gogen::{Options, Puzzle, is_unique};
///
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// let sample: Puzzle = "M.G.D.....W.L.Y.....S.J.B \
///     ACQUIRE AXLE CUT DERV FIR JUST KEG MAN PILE PRY ROB WHAM".parse()?;
/// assert_eq!(is_unique(&sample, &Options::default()), Ok(true));
/// let loose: Puzzle = "M.G.D.....W.L.Y.....S.J.B AXLE".parse()?;
/// assert_eq!(is_unique(&loose, &Options::default()), Ok(false));
/// # Ok(())
/// # }
/// ```
pub fn is_unique(puzzle: &Puzzle, options: &Options) -> Result<bool, Limit> {
    let mut count = options.clone();
    count.algo = Algo::Csp;
    count.limits.count_up_to = 2;
    solve(puzzle, &count).uniqueness()
}

impl puzzle_kit::Puzzle for Puzzle {
    const NAME: &'static str = "gogen";
    const EXAMPLE: &'static str = "M.G.D\n.....\nW.L.Y\n.....\nS.J.B\n\nACQUIRE AXLE CUT DERV FIR JUST KEG\nMAN PILE PRY ROB WHAM\n";
    type Error = crate::puzzle::ParseError;
    type Algo = Algo;
    type Options = Options;
    type Solution = Grid;
    type Stats = crate::options::Stats;

    fn to_line(&self) -> String {
        Puzzle::to_line(self)
    }

    fn solution_line(&self, solution: &Grid) -> String {
        solution.to_line()
    }

    fn solve(&self, options: &Options) -> Outcome {
        solve(self, options)
    }

    fn check(&self, solution: &Grid) -> Result<(), puzzle_kit::Violation> {
        crate::check::check(self, solution).map_err(puzzle_kit::Violation::from)
    }
}
