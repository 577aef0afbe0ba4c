//! The Ripple Effect view's part of the generic route (`view=own`): the
//! two course solvers it compares (brute force in reading order, MRV with
//! forward checking), its heavy solves, and beside the generic answer the
//! trace `ripple solve --trace` writes (each recursive call in the course
//! formulation's words) and the grid (each cell's room and given). The
//! solve, its record and its events are the generic route's, as `ripple
//! solve --algo A --events - --trace` runs them; the page asks for each
//! side of its comparison in turn.

use cli_kit::app::{Show, Solved};
use puzzle_kit::Configure;
use ripple::{Algo, Options, Puzzle};
use serde_json::json;

use crate::puzzle_api::Extension;

/// Cells over which an MRV search counts as heavy (brute force always is:
/// the course's Python one ran 41,901,288 calls on its competition puzzle).
const LIGHT_CELLS: usize = 100;

/// The Ripple Effect view.
pub(crate) struct RippleView;

impl Extension<Puzzle> for RippleView {
    /// The solver on the other side, which the page asks for in its own call.
    const PAGE_KEYS: &'static [&'static str] = &["algo2"];
    /// Brute force and MRV with forward checking, the two the view
    /// compares.
    const ALGOS: Option<&'static [Algo]> = Some(&[Algo::Brute, Algo::Mrv]);
    const TRACE: bool = true;

    fn heavy(puzzle: &Puzzle, options: &Options) -> bool {
        options.algo() == Algo::Brute || puzzle.len() > LIGHT_CELLS
    }

    /// `trace`, the lines `--trace` writes, and `grid`, `{"rows", "cols",
    /// "rooms", "givens"}`: each cell's room and given digit (0 for none),
    /// row by row.
    fn fields(
        solved: &Solved<Puzzle>,
        _options: &Options,
        _view: &<Puzzle as Show>::View,
        trace: &[&str],
    ) -> Vec<(&'static str, String)> {
        let puzzle = &solved.puzzle;
        let grid = json!({
            "rows": puzzle.rows(),
            "cols": puzzle.cols(),
            "rooms": puzzle.room_of(),
            "givens": puzzle.givens(),
        });
        vec![
            ("trace", json!(trace).to_string()),
            ("grid", grid.to_string()),
        ]
    }
}
