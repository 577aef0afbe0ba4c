//! The sliding-tiles view's part of the generic route (`view=own`): the
//! boards it draws (3x3 and 4x4), the heuristics a shared server builds
//! at once (not the pattern databases), its defaults, its heavy solves
//! (4x4), and each `generate` event's `h`, which the page needs to list
//! the frontier with g, h and f. The solve, its record and its events
//! are the generic route's: the crate's watched solve, as `eight-puzzle
//! solve --events -` runs it.

use cli_kit::front::Own;
use eight_puzzle::{Board, Heuristic, Options, Solver};
use serde_json::Value;

use crate::api::ApiError;
use crate::puzzle_api::Extension;

/// The sizes the view offers: the eight and fifteen puzzles.
const SIDES: [usize; 2] = [3, 4];

/// The pattern databases take 20 s to build the first time: not for a
/// shared server.
const OFFERED: [Heuristic; 4] = [
    Heuristic::Zero,
    Heuristic::Misplaced,
    Heuristic::Manhattan,
    Heuristic::LinearConflict,
];

/// The sliding-tiles view.
pub(crate) struct Tiles;

impl Extension<Board> for Tiles {
    /// No board, givens or picture: the page draws its boards from the events.
    const FIELDS: bool = false;
    /// The second searcher beside the first, which the page asks for in
    /// its own call.
    const PAGE_KEYS: &'static [&'static str] = &["algo2", "heuristic2"];

    /// 3x3 and 4x4 boards, the offered heuristics, Manhattan distances
    /// by default (the crate's default on 4x4 is the pattern databases).
    fn admit(board: &Board, options: &mut Options, _page: Own<'_>) -> Result<(), ApiError> {
        let side = board.size();
        if !SIDES.contains(&side) {
            return Err(ApiError::bad(
                "puzzle",
                format!("a {side}x{side} board: the explorer shows 3x3 and 4x4 boards"),
            ));
        }
        let informed = options.algo.is_none_or(|algo| algo.uses_heuristic());
        match options.heuristic {
            Some(_) if !informed => {
                let algo = options.algo.map_or("", |algo| algo.name());
                return Err(ApiError::bad(
                    "heuristic",
                    format!("{algo} uses no heuristic"),
                ));
            }
            Some(heuristic) if !OFFERED.contains(&heuristic) => {
                let names: Vec<&str> = OFFERED.iter().map(|heuristic| heuristic.name()).collect();
                return Err(ApiError::bad(
                    "heuristic",
                    format!(
                        "unknown heuristic '{}' here (its tables take long to build), expected one of {}",
                        heuristic.name(),
                        names.join(", ")
                    ),
                ));
            }
            None if informed => options.heuristic = Some(Heuristic::Manhattan),
            _ => {}
        }
        Ok(())
    }

    /// A 4x4 board may run to the node limit (a 3x3 board has at most
    /// 181,440 states).
    fn heavy(board: &Board, _options: &Options) -> bool {
        board.size() > 3
    }

    /// Each `generate` event with `h`, the estimate of its state by the
    /// solve's heuristic (zero for the searchers that use none) towards
    /// its goal (version 1 lets a reader skip a field it does not know).
    fn events(board: &Board, options: &Options, events: String) -> String {
        let Ok(plan) = options.plan(board.size()) else {
            return events;
        };
        let Ok(solver) = Solver::new(plan.goal, plan.heuristic, None) else {
            return events;
        };
        let mut out = String::with_capacity(events.len() + events.len() / 16);
        for line in events.lines() {
            let estimate = line
                .contains("\"kind\":\"generate\"")
                .then(|| serde_json::from_str::<Value>(line).ok())
                .flatten()
                .and_then(|event| event["state_line"].as_str()?.parse::<Board>().ok())
                .map(|board| solver.estimate(&board));
            match (estimate, line.strip_suffix('}')) {
                (Some(h), Some(open)) => {
                    out.push_str(open);
                    out.push_str(&format!(",\"h\":{h}}}"));
                }
                _ => out.push_str(line),
            }
            out.push('\n');
        }
        out
    }
}
