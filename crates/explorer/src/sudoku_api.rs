//! The sudoku view's part of the generic route (`view=own`): the
//! algorithms it replays (depth-first and breadth-first search on the
//! most constrained cell, the csp model, the fast engine's propagation
//! rounds), its heavy solves, and the batch's line that `sudoku solve
//! --json` names when it reads the puzzle from stdin. The solve, its
//! record and its events are the generic route's, as `sudoku solve --algo
//! A --events -` runs them. `sudoku explain`'s human steps
//! (`algo=explain`) are `explain_api`'s.

use puzzle_kit::Configure;
use sudoku::{Algo, Options, Sudoku};

use crate::api::ApiError;
use crate::explain_api;
use crate::puzzle_api::{Extension, Prepared};

/// The sudoku view.
pub(crate) struct SudokuView;

impl Extension<Sudoku> for SudokuView {
    /// No board, givens or picture: the page draws its grid from the record and the events.
    const FIELDS: bool = false;
    /// The view's puzzle is the one line of a batch, as the command line
    /// reads stdin.
    const LINE: Option<usize> = Some(1);
    const ALGOS: Option<&'static [Algo]> = Some(&[Algo::Dfs, Algo::Bfs, Algo::Csp, Algo::Fast]);

    /// `sudoku explain`'s human steps, which no algorithm of `solve` takes.
    fn own_solve(pairs: &[(String, String)]) -> Option<Result<Prepared, ApiError>> {
        let explain = pairs
            .iter()
            .any(|(key, value)| key == "algo" && value == "explain");
        explain.then(|| explain_api::prepare(pairs))
    }

    /// Breadth first keeps every board of a level, and grids over 9x9
    /// search long.
    fn heavy(sudoku: &Sudoku, options: &Options) -> bool {
        options.algo() == Algo::Bfs || sudoku.side() > 9
    }
}
