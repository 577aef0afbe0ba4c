//! The sudoku view's solves: the puzzle read as `sudoku solve` reads it,
//! solved as the generic route solves (the crate's watched search:
//! depth-first or breadth-first search on the most constrained cell, the
//! csp model, or the fast engine) with the crate's own events caught in
//! memory, and the record written by the crate's own report (the batch's
//! line, and where an unsolvable grid fails), as `sudoku solve --algo A
//! --json` writes it.

use std::sync::{Mutex, PoisonError};

use serde_json::json;
use sudoku::cli::{Answer, View};
use sudoku::{Algo, Options, Parsed, Status, Sudoku, dead_end, parse_puzzles};

use crate::api::ApiError;
use cli_kit::EventCapture;

use crate::capture::{answer, record_of};
use crate::limits::Limits;
use crate::puzzle_api::solve_as_command_line;

/// The algorithms the view watches: DFS and BFS on the most constrained cell, the csp model
/// and the fast engine (its propagation rounds, guesses and backtracks).
const ALGOS: [Algo; 4] = [Algo::Dfs, Algo::Bfs, Algo::Csp, Algo::Fast];

/// One solve asked for.
#[derive(Debug)]
pub(crate) struct Request {
    pub(crate) puzzle: Parsed,
    pub(crate) algo: Algo,
    pub(crate) events: usize,
}

impl Request {
    /// Whether the search may run to its limits: breadth first keeps every
    /// board of a level, and grids over 9x9 search long.
    pub(crate) fn is_heavy(&self) -> bool {
        self.algo == Algo::Bfs || self.sudoku().is_some_and(|sudoku| sudoku.side() > 9)
    }

    fn sudoku(&self) -> Option<&Sudoku> {
        self.puzzle.result.as_ref().ok()
    }
}

/// Reads `puzzle` (one line of 16, 81, 256 or 625 symbols, or a grid of
/// rows, as `sudoku solve` reads a file), `algo` (`dfs`, the default,
/// `bfs`, `csp` or `fast`) and `events`.
pub(crate) fn parse(pairs: &[(String, String)], limits: &Limits) -> Result<Request, ApiError> {
    let mut puzzle = None;
    let mut algo = Algo::Dfs;
    let mut events = limits.events;
    for (key, value) in pairs {
        match key.as_str() {
            "puzzle" => puzzle = Some(parse_puzzle(value)?),
            "algo" => {
                algo = crate::api::pick_algo(value, &ALGOS, |algo| algo.name())?;
            }
            "events" => events = crate::puzzle_api::parse_events(value, limits)?,
            "step" => {}
            _ => return Err(ApiError::bad(key, format!("unknown parameter '{key}'"))),
        }
    }
    let puzzle = puzzle.ok_or_else(|| {
        ApiError::bad(
            "puzzle",
            "expected a puzzle: 81 digits or dots, one line, or nine rows",
        )
    })?;
    Ok(Request {
        puzzle,
        algo,
        events,
    })
}

/// The one puzzle of `text`, or the parser's message (line and column).
fn parse_puzzle(text: &str) -> Result<Parsed, ApiError> {
    let mut puzzles = parse_puzzles(text);
    if puzzles.len() != 1 {
        let found = puzzles.len();
        return Err(ApiError::bad(
            "puzzle",
            format!("expected one puzzle, found {found}"),
        ));
    }
    let puzzle = puzzles.remove(0);
    if let Err(error) = &puzzle.result {
        return Err(ApiError::bad("puzzle", error.to_string()));
    }
    Ok(puzzle)
}

/// Solves the request as `sudoku solve --algo A --events FILE --json`
/// does, under the server's limits: `{"v": 1, "puzzle": "sudoku",
/// "record": ..., "events": [...], "cut": bool}`.
pub(crate) fn run(request: &Request, limits: &Limits) -> String {
    let mut options = Options {
        algo: request.algo,
        ..Options::default()
    };
    options.limits.node_limit = Some(limits.nodes);
    options.limits.time_limit = Some(limits.time);
    options.limits.memory_limit = Some(limits.memory_bytes);
    // The batch driver wants a solve it may share between threads.
    let capture = Mutex::new(EventCapture::new(request.events as u64));
    let solve = |parsed: &Parsed| -> Result<Answer, String> {
        let sudoku = parsed.result.as_ref().map_err(ToString::to_string)?;
        let mut capture = capture.lock().unwrap_or_else(PoisonError::into_inner);
        // The batch's line, as the command line writes it on every event.
        capture.events.set_run(&json!({ "line": parsed.line }));
        let solved = solve_as_command_line(sudoku.clone(), &options, Some(&mut capture), None);
        let dead_end = match solved.outcome.status {
            Status::Unsolvable => dead_end(sudoku),
            _ => None,
        };
        Ok(Answer {
            outcome: solved.outcome,
            unique: solved.unique.and_then(Result::ok),
            dead_end,
        })
    };
    let mut view = View {
        json: true,
        ..View::default()
    };
    let record = record_of(&request.puzzle, solve, &mut view);
    let capture = capture.into_inner().unwrap_or_else(PoisonError::into_inner);
    let (events, cut) = capture.finish();
    answer("sudoku", &record, &events, cut)
}
