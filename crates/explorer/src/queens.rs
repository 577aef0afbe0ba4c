//! The N-Queens view's solves: the crate's watched search (on the most
//! constrained row, depth first or breadth first; the csp model;
//! min-conflicts' repairs) with its events caught in memory, and the
//! record `nqueens solve N --algo A --json` prints, the crate's own.

use cli_kit::app::Show;
use nqueens::{Algo, Options, Queens};
use serde_json::json;

use crate::api::ApiError;
use cli_kit::EventCapture;

use crate::capture::answer;
use crate::limits::Limits;
use crate::puzzle_api::{bound, solve_as_command_line};

/// The largest board the searches that show every board take.
pub(crate) const MAX_N: usize = 16;
/// The largest board min-conflicts takes (its boards over 16 are sent as
/// their columns only, as the crate writes them).
pub(crate) const MAX_N_REPAIR: usize = 1000;

/// The algorithms the view watches, by the command line's names.
const ALGOS: [Algo; 4] = [Algo::Dfs, Algo::Bfs, Algo::Csp, Algo::MinConflicts];

/// One solve asked for.
#[derive(Debug)]
pub(crate) struct Request {
    pub(crate) n: usize,
    pub(crate) algo: Algo,
    pub(crate) events: usize,
}

impl Request {
    /// Whether the search may run to the node limit: breadth first keeps
    /// every board, and large boards search long.
    pub(crate) fn is_heavy(&self) -> bool {
        self.algo == Algo::Bfs || self.n > 10
    }

    fn largest(algo: Algo) -> usize {
        if algo == Algo::MinConflicts {
            MAX_N_REPAIR
        } else {
            MAX_N
        }
    }
}

/// Reads `n` (1 to 16; to 1,000 for min-conflicts), `algo` (`dfs`, the
/// default, `bfs`, `csp` or `min-conflicts`) and `events`.
pub(crate) fn parse(pairs: &[(String, String)], limits: &Limits) -> Result<Request, ApiError> {
    let mut n = None;
    let mut algo = Algo::Dfs;
    let mut events = limits.events;
    for (key, value) in pairs {
        match key.as_str() {
            "n" => n = Some(value.clone()),
            "algo" => {
                algo = crate::api::pick_algo(value, &ALGOS, |algo| algo.name())?;
            }
            "events" => events = crate::puzzle_api::parse_events(value, limits)?,
            "step" => {}
            _ => return Err(ApiError::bad(key, format!("unknown parameter '{key}'"))),
        }
    }
    let value = n.ok_or_else(|| ApiError::bad("n", "expected a board size, such as 8"))?;
    let largest = Request::largest(algo);
    let n = value
        .parse::<usize>()
        .ok()
        .filter(|n| (1..=largest).contains(n))
        .ok_or_else(|| {
            ApiError::bad(
                "n",
                format!(
                    "line 1, column 1: expected a board size from 1 to {largest} for {}, found '{value}'",
                    algo.name()
                ),
            )
        })?;
    Ok(Request { n, algo, events })
}

/// Solves the request as `nqueens solve N --algo A --events FILE --json`
/// does, under the server's limits, as the generic route solves (the
/// crate's watched search), the record the crate's own: `{"v": 1,
/// "puzzle": "nqueens", "record": ..., "events": [...], "cut": bool}`.
pub(crate) fn run(request: &Request, limits: &Limits) -> String {
    let mut options = Options::new(request.algo);
    bound(&mut options, limits);
    let mut capture = EventCapture::new(request.events as u64);
    let record = match Queens::new(request.n) {
        Ok(queens) => {
            let solved = solve_as_command_line(queens, &options, Some(&mut capture), None);
            // The record names the algorithm from the view of the options,
            // as the command line's does.
            let view = <Queens as cli_kit::Front>::view(&[], &options);
            serde_json::to_string(&Queens::record_viewed(&solved, false, &view)).unwrap_or_default()
        }
        Err(error) => json!({"status": "invalid", "error": error.to_string()}).to_string(),
    };
    let (events, cut) = capture.finish();
    answer("nqueens", &record, &events, cut)
}
