//! The dispatch: [`solve`] plans a board's search by its size and runs it
//! on a [`Solvers`]; [`Board`] as a [`puzzle_kit::Puzzle`].

use crate::options::{Algo, Moves, Options, Outcome, Stats};
use crate::plan::{Answer, OptionsError, SolveError, Solvers};
use crate::puzzle::{Board, BoardError};
use crate::textbook::Search;

/// Solves `board` with `options`: the searcher, heuristic and node limit
/// of its size unless chosen ([`Options::plan`]), towards the goal of the
/// options (blank first by default). An unsolvable board (the parity of
/// the tiles differs from the goal's) is answered without a search.
///
/// The solver of a goal and heuristic is built by the first call that
/// needs it and kept for the rest of the process (for 4x4 boards with the
/// pattern databases, they are loaded from the cache folder, or built the
/// first time, about 20 s, once per process), so later calls reuse it with
/// its A* memory; to solve many boards, [`Solvers::solve`] also saves the
/// planning of each call.
///
/// Options that do not fit the board are answered as well as they can
/// be, where [`try_solve`] returns the error: a goal of another size
/// cannot be reached (status `unsolvable`), and the pdb heuristic on a
/// board other than 4x4 is replaced by the size's default heuristic.
///
/// ```
/// use eight_puzzle::{Algo, Board, Options, Status, solve};
///
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// let board: Board = "142358607".parse()?;
/// let outcome = solve(&board, &Options::default());
/// assert_eq!(outcome.status, Status::Solved);
/// assert_eq!(outcome.solution.map(|moves| moves.to_string()).as_deref(),
///            Some("right up left up left"));
/// let outcome = solve(&board, &Options::new(Algo::Bfs).depth_limit(3));
/// assert_eq!(outcome.status, Status::Limit(eight_puzzle::Limit::Depth));
/// # Ok(())
/// # }
/// ```
pub fn solve(board: &Board, options: &Options) -> Outcome {
    with_fallback(options, |options| {
        Solvers::new(options.clone()).solve(board)
    })
}

/// The outcome of `attempt` with `options`, tried again without the
/// heuristic when that does not fit the board (pdb off 4x4) or its pattern
/// databases could not be had; any other error (a goal of another size)
/// is status `unsolvable`: [`solve`]'s answer to options that do not fit.
pub(crate) fn with_fallback(
    options: &Options,
    mut attempt: impl FnMut(&Options) -> Result<Answer, SolveError>,
) -> Outcome {
    let answer = match attempt(options) {
        Err(SolveError::Options(OptionsError::PdbSize(_)) | SolveError::Pdb(_)) => {
            attempt(&Options {
                heuristic: None,
                ..options.clone()
            })
        }
        answer => answer,
    };
    answer.map_or_else(
        |_| Search::unsolvable(&mut search_core::NoObserver).into_outcome(),
        Answer::into_outcome,
    )
}

/// [`solve`], with the options that do not fit the board as an error: a
/// goal of another size, the pdb heuristic on a board other than 4x4, or
/// pattern databases that could not be had.
///
/// # Errors
///
/// [`SolveError`], as above.
pub fn try_solve(board: &Board, options: &Options) -> Result<Outcome, SolveError> {
    Ok(Solvers::new(options.clone()).solve(board)?.into_outcome())
}

impl puzzle_kit::Puzzle for Board {
    const NAME: &'static str = "eight-puzzle";
    const EXAMPLE: &'static str = "7 2 4 5 0 6 8 3 1";
    type Error = BoardError;
    type Algo = Algo;
    type Options = Options;
    type Solution = Moves;
    type Stats = Stats;

    fn to_line(&self) -> String {
        Board::to_line(self)
    }

    fn solution_line(&self, solution: &Moves) -> String {
        solution.to_string()
    }

    fn solve(&self, options: &Options) -> Outcome {
        solve(self, options)
    }

    /// Checks `solution` against the default goal, the blank first (for
    /// another goal: [`crate::check::solution`]).
    fn check(&self, solution: &Moves) -> Result<(), puzzle_kit::Violation> {
        crate::check::solution(self, &Board::goal(self.size()), solution.moves())
            .map_err(puzzle_kit::Violation::from)
    }
}
