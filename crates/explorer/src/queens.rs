//! The N-Queens view's part of the generic route (`view=own`): the
//! algorithms it replays, the boards it draws (N to 16 for the searches
//! that show every board, to 1,000 for min-conflicts, whose boards over
//! 16 are sent as their columns only), and its heavy solves. The solve,
//! its record and its events are the generic route's, as `nqueens solve N
//! --algo A --events -` runs them.

use cli_kit::front::Own;
use nqueens::{Algo, Options, Queens};
use puzzle_kit::Configure;

use crate::api::ApiError;
use crate::puzzle_api::Extension;

/// The largest board the searches that show every board take.
const MAX_N: usize = 16;
/// The largest board min-conflicts takes.
const MAX_N_REPAIR: usize = 1000;

/// The N-Queens view.
pub(crate) struct QueensView;

impl Extension<Queens> for QueensView {
    /// No board, givens or picture: the page draws its boards from the events.
    const FIELDS: bool = false;
    const ALGOS: Option<&'static [Algo]> =
        Some(&[Algo::Dfs, Algo::Bfs, Algo::Csp, Algo::MinConflicts]);

    fn admit(queens: &Queens, options: &mut Options, _page: Own<'_>) -> Result<(), ApiError> {
        let algo = options.algo();
        let largest = match algo {
            Algo::MinConflicts => MAX_N_REPAIR,
            _ => MAX_N,
        };
        let n = queens.n();
        if !(1..=largest).contains(&n) {
            return Err(ApiError::bad(
                "puzzle",
                format!(
                    "line 1, column 1: expected a board size from 1 to {largest} for {}, found '{n}'",
                    algo.name()
                ),
            ));
        }
        Ok(())
    }

    /// Breadth first keeps every board, and large boards search long.
    fn heavy(queens: &Queens, options: &Options) -> bool {
        options.algo() == Algo::Bfs || queens.n() > 10
    }
}
