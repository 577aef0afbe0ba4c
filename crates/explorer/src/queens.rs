//! The N-Queens view's solves: `nqueens::watch::solve_watched` (the
//! search on the most constrained row, depth first or breadth first;
//! the csp model; min-conflicts' repairs) with the crate's own events
//! caught in memory, and the record `nqueens solve N --algo A --json`
//! prints.

use nqueens::watch::{Watch, solve_watched};
use nqueens::{Algo, Options, Outcome, Queens};
use serde_json::{Value, json};

use crate::api::ApiError;
use cli_kit::EventCapture;

use crate::capture::answer;
use crate::limits::Limits;

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
            "events" => events = crate::tiles::parse_events(value, limits)?,
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
/// does, under the server's limits: `{"v": 1, "puzzle": "nqueens",
/// "record": ..., "events": [...], "cut": bool}`.
pub(crate) fn run(request: &Request, limits: &Limits) -> String {
    let options = Options::new(request.algo)
        .node_limit(limits.nodes)
        .time_limit(limits.time)
        .memory_limit(limits.memory_bytes);
    let mut capture = EventCapture::new(request.events as u64);
    let record = match Queens::new(request.n) {
        Ok(queens) => {
            // What the command line's watched solve writes before the search.
            capture.events.emit(
                "run",
                &json!({ "algorithm": request.algo.name(), "puzzle": request.n.to_string() }),
            );
            let watch = Watch {
                sinks: cli_kit::Sinks {
                    events: Some(&mut capture.events),
                    trace: None,
                },
                tree: None,
            };
            record(request, &solve_watched(&queens, &options, watch))
        }
        Err(error) => json!({"status": "invalid", "error": error.to_string()}),
    };
    let (events, cut) = capture.finish();
    answer("nqueens", &record.to_string(), &events, cut)
}

/// The record `nqueens solve N --algo A --json` prints.
fn record(request: &Request, outcome: &Outcome) -> Value {
    let stats = &outcome.stats;
    let mut counters = json!({
        "nodes": stats.nodes,
        "micros": stats.elapsed.as_micros() as u64,
    });
    if let Some(tested) = stats.counters.num_tested {
        counters["num_tested"] = json!(tested);
    }
    let mut record = json!({
        "status": outcome.status.name(),
        "n": request.n,
        "algo": request.algo.name(),
        "stats": counters,
    });
    if let (Some(placement), nqueens::Status::Solved) = (&outcome.solution, outcome.status) {
        record["solution"] = json!(placement.columns());
    }
    if let Some(limit) = outcome.status.limit() {
        record["limit"] = json!(limit.name());
    }
    record
}
