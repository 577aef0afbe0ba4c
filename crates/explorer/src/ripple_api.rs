//! The Ripple Effect view's solves: the two course solvers (brute force in
//! reading order, MRV with forward checking) run by
//! `ripple::watch::solve_watched` with the crate's own events and trace
//! caught in memory, and the record written by the crate's own report, as
//! `ripple solve --algo A --json` writes it. The page asks for each side
//! of its comparison in turn.

use std::sync::{Mutex, PoisonError};

use cli_kit::{EventCapture, Sinks, Trace};
use ripple::cli::{self, Item, SolveReport, Solved};
use ripple::watch::{Watch, solve_watched};
use ripple::{Algo, Options, Puzzle};
use serde_json::json;

use crate::api::ApiError;
use crate::capture::{answer, record_of};
use crate::limits::Limits;

/// Brute force and MRV with forward checking, the two the view compares.
const ALGOS: [Algo; 2] = [Algo::Brute, Algo::Mrv];

/// Cells over which an MRV search counts as heavy (brute force always is:
/// the course's Python one ran 41,901,288 calls on its competition puzzle).
const LIGHT_CELLS: usize = 100;

/// One solve asked for.
#[derive(Debug)]
pub(crate) struct Request {
    item: Item,
    puzzle: Puzzle,
    algo: Algo,
    events: usize,
}

impl Request {
    /// Whether the search may run to the node limit.
    pub(crate) fn is_heavy(&self) -> bool {
        self.algo == Algo::Brute || self.puzzle.len() > LIGHT_CELLS
    }
}

/// Reads `puzzle` (a puzz.link URL as `ripple solve` takes it, or a
/// puzzle file's text: pzprv3, the normalised form or an ASCII wall drawing),
/// `algo` (`brute`, the default, or `mrv`) and `events`.
pub(crate) fn parse(pairs: &[(String, String)], limits: &Limits) -> Result<Request, ApiError> {
    let mut text = None;
    let mut algo = Algo::Brute;
    let mut events = limits.events;
    for (key, value) in pairs {
        match key.as_str() {
            "puzzle" => text = Some(value.clone()),
            "algo" => {
                algo = crate::api::pick_algo(value, &ALGOS, |algo| algo.name())?;
            }
            "events" => events = crate::puzzle_api::parse_events(value, limits)?,
            // The page's own state, shared in its links.
            "step" | "algo2" => {}
            _ => return Err(ApiError::bad(key, format!("unknown parameter '{key}'"))),
        }
    }
    let text = text.ok_or_else(|| {
        ApiError::bad(
            "puzzle",
            "expected a puzzle: a puzz.link URL, or a puzzle file's text",
        )
    })?;
    let item = item_of(&text)?;
    let (puzzle, _, _) = cli::read_puzzle(&item).map_err(|error| ApiError::bad("puzzle", error))?;
    Ok(Request {
        item,
        puzzle,
        algo,
        events,
    })
}

/// The one puzzle of `text`: a URL alone is read as `ripple solve URL`
/// reads its argument, anything else as the text of a file.
fn item_of(text: &str) -> Result<Item, ApiError> {
    let trimmed = text.trim();
    if ripple::is_url(trimmed) {
        return Ok(Item {
            line: None,
            text: trimmed.to_owned(),
            too_long: None,
        });
    }
    let mut items = cli::items(text);
    if items.len() != 1 {
        let found = items.len();
        return Err(ApiError::bad(
            "puzzle",
            format!("expected one puzzle, found {found}"),
        ));
    }
    Ok(items.remove(0))
}

/// Solves the request as `ripple solve --algo A --events FILE --trace
/// --json` does, under the server's limits: `{"v": 1, "puzzle": "ripple",
/// "record": ..., "events": [...], "cut": bool, "trace": [lines], "grid":
/// {"rows", "cols", "rooms", "givens"}}`; `rooms` gives each cell's room
/// (row by row), `givens` each cell's given digit (0 for none).
pub(crate) fn run(request: &Request, limits: &Limits) -> String {
    let options = Options::new(request.algo)
        .node_limit(limits.nodes)
        .time_limit(limits.time)
        .memory_limit(limits.memory_bytes);
    let capture = Mutex::new(EventCapture::new(request.events as u64));
    let trace_text = Mutex::new(Vec::new());
    let solve = |item: &Item| -> Result<Solved, String> {
        let (puzzle, _, warnings) = cli::read_puzzle(item)?;
        let mut capture = capture.lock().unwrap_or_else(PoisonError::into_inner);
        let mut text = trace_text.lock().unwrap_or_else(PoisonError::into_inner);
        // What the command line's watched solve writes before the search.
        capture.events.emit(
            "run",
            &json!({ "algorithm": options.algo.name(), "puzzle": ripple::to_url(&puzzle) }),
        );
        let mut trace = Trace::new(&mut *text, request.events as u64);
        let outcome = solve_watched(
            &puzzle,
            &options,
            Watch {
                sinks: Sinks {
                    events: Some(&mut capture.events),
                    trace: Some(&mut trace),
                },
                tree: None,
            },
        );
        // Writing to memory cannot fail.
        let _ = trace.finish();
        let unique = outcome
            .status
            .is_solved()
            .then(|| ripple::is_unique(&puzzle, &options));
        Ok(Solved {
            puzzle,
            outcome,
            warnings,
            unique,
        })
    };
    let mut report = SolveReport {
        program: "explorer".to_owned(),
        input: "the query".to_owned(),
        algo: request.algo,
        json: true,
        stats: false,
        count_limit: None,
        to_url: false,
        written: 0,
        bold_givens: false,
    };
    let record = record_of(&request.item, solve, &mut report);
    let capture = capture.into_inner().unwrap_or_else(PoisonError::into_inner);
    let (events, cut) = capture.finish();
    let trace = trace_text
        .into_inner()
        .unwrap_or_else(PoisonError::into_inner);
    let trace: Vec<&str> = std::str::from_utf8(&trace)
        .unwrap_or_default()
        .lines()
        .collect();
    let puzzle = &request.puzzle;
    let extra = json!({
        "trace": trace,
        "grid": {
            "rows": puzzle.rows(),
            "cols": puzzle.cols(),
            "rooms": puzzle.room_of(),
            "givens": puzzle.givens(),
        },
    });
    let mut text = answer("ripple", &record, &events, cut);
    // The answer is a JSON object: the trace and the grid join its fields.
    text.pop();
    let extra = extra.to_string();
    text.push(',');
    text.push_str(&extra[1..]);
    text
}
