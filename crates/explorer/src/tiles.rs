//! The sliding-tiles view's solves: the query read into a board, a
//! searcher and a heuristic; the solve run as the `eight-puzzle` command
//! runs it, for its record; and the same search watched, for its events.

use eight_puzzle::{Algo, Board, Heuristic, Options, Outcome, Status};
use serde_json::{Map, Value, json};

use crate::api::ApiError;
use crate::limits::Limits;
use crate::slide::{self, Slide};
use crate::watch::Watch;

/// The sizes the view offers: the eight and fifteen puzzles.
const SIDES: [usize; 2] = [3, 4];

/// One solve asked for.
#[derive(Debug)]
pub(crate) struct Request {
    pub(crate) board: Board,
    pub(crate) algo: Algo,
    /// `None` for the searchers that use none.
    pub(crate) heuristic: Option<Heuristic>,
    /// Events to send at most.
    pub(crate) events: usize,
}

impl Request {
    /// Whether the search may run to the node limit: a 4x4 board (a 3x3
    /// board has at most 181,440 states).
    pub(crate) fn is_heavy(&self) -> bool {
        self.board.size() > 3
    }
}

/// Reads `board`, `algo`, `heuristic` (greedy, A*, IDA*; Manhattan when
/// absent) and `events` from the query; any other key is refused, so a
/// misspelt one is not silently ignored.
pub(crate) fn parse(pairs: &[(String, String)], limits: &Limits) -> Result<Request, ApiError> {
    let mut board = None;
    let mut algo = Algo::AStar;
    let mut heuristic = None;
    let mut events = limits.events;
    for (key, value) in pairs {
        match key.as_str() {
            "board" => board = Some(parse_board(value)?),
            "algo" => {
                algo = value.parse().map_err(|_| {
                    let names: Vec<&str> = Algo::ALL.iter().map(|algo| algo.name()).collect();
                    ApiError::bad(
                        "algo",
                        format!(
                            "unknown searcher '{value}', expected one of {}",
                            names.join(", ")
                        ),
                    )
                })?;
            }
            "heuristic" => heuristic = Some(parse_heuristic(value)?),
            "events" => events = parse_events(value, limits)?,
            // The page's own state, which the API has no use for.
            "step" | "algo2" | "heuristic2" => {}
            _ => return Err(ApiError::bad(key, format!("unknown parameter '{key}'"))),
        }
    }
    let board =
        board.ok_or_else(|| ApiError::bad("board", "expected a board, such as 142358607"))?;
    let heuristic = match (algo.uses_heuristic(), heuristic) {
        (true, heuristic) => Some(heuristic.unwrap_or(Heuristic::Manhattan)),
        (false, None) => None,
        (false, Some(_)) => {
            return Err(ApiError::bad(
                "heuristic",
                format!("{algo} uses no heuristic"),
            ));
        }
    };
    Ok(Request {
        board,
        algo,
        heuristic,
        events,
    })
}

/// The `events` parameter: how many events to send at most.
pub(crate) fn parse_events(value: &str, limits: &Limits) -> Result<usize, ApiError> {
    value
        .parse::<usize>()
        .ok()
        .filter(|count| *count <= limits.max_events)
        .ok_or_else(|| {
            ApiError::bad(
                "events",
                format!(
                    "expected a number of events from 0 to {}, found '{value}'",
                    limits.max_events
                ),
            )
        })
}

fn parse_board(text: &str) -> Result<Board, ApiError> {
    let board: Board = text.parse().map_err(|error: eight_puzzle::BoardError| {
        // A board is one line: its parser counts columns only.
        let message = error.to_string();
        let message = if message.starts_with("column") {
            format!("line 1, {message}")
        } else {
            message
        };
        ApiError::bad("board", message)
    })?;
    if !SIDES.contains(&board.size()) {
        let side = board.size();
        return Err(ApiError::bad(
            "board",
            format!("a {side}x{side} board: the explorer shows 3x3 and 4x4 boards"),
        ));
    }
    Ok(board)
}

fn parse_heuristic(text: &str) -> Result<Heuristic, ApiError> {
    // The pattern databases take 20 s to build the first time: not for a
    // shared server.
    const OFFERED: [Heuristic; 4] = [
        Heuristic::Zero,
        Heuristic::Misplaced,
        Heuristic::Manhattan,
        Heuristic::LinearConflict,
    ];
    OFFERED
        .into_iter()
        .find(|heuristic| heuristic.name() == text)
        .ok_or_else(|| {
            let names: Vec<&str> = OFFERED.iter().map(|heuristic| heuristic.name()).collect();
            ApiError::bad(
                "heuristic",
                format!(
                    "unknown heuristic '{text}', expected one of {}",
                    names.join(", ")
                ),
            )
        })
}

/// The options the command line builds for the same flags, with the
/// server's limits.
fn options(request: &Request, limits: &Limits) -> Options {
    let mut options = Options::new(request.algo)
        .node_limit(limits.nodes)
        .time_limit(limits.time)
        .memory_limit(limits.memory_bytes);
    if let Some(heuristic) = request.heuristic {
        options = options.heuristic(heuristic);
    }
    options
}

/// Solves the request: `{"v": 1, "puzzle": "eight-puzzle", "record": ...,
/// "events": [...], "cut": bool}`. The record is what `eight-puzzle solve
/// --json` prints for the same flags (the library the command runs, with
/// the server's limits); the events are the same search watched, from
/// `run` to `end` (whose status and stats are the record's), or up to the
/// events limit and a `cut` event.
pub(crate) fn run(request: &Request, limits: &Limits) -> String {
    let outcome = eight_puzzle::solve(&request.board, &options(request, limits));
    let record = record(request, &outcome);
    let (events, cut) = watch(request, limits, &record);
    // Written out by hand around the events, which are JSON text already.
    format!(
        "{{\"v\":{},\"puzzle\":\"eight-puzzle\",\"record\":{record},\"events\":{events},\"cut\":{cut}}}",
        crate::watch::EVENTS_VERSION
    )
}

/// The events of the request's search.
fn watch(request: &Request, limits: &Limits, record: &Value) -> (String, bool) {
    let Some(solver) = slide::solver(&request.board, request.heuristic) else {
        return ("[]".to_owned(), false);
    };
    let mut watch = Watch::new(&solver, request.events);
    let mut run = Map::new();
    run.insert("algorithm".into(), request.algo.name().into());
    if let Some(heuristic) = request.heuristic {
        run.insert("heuristic".into(), heuristic.name().into());
    }
    run.insert("puzzle".into(), request.board.to_line().into());
    watch.stream.emit("run", run);
    // A board of the other parity is answered without a search, as the
    // command line answers it.
    if request.board.can_reach(solver.goal()) {
        let algorithm = request.algo.search();
        let config = slide::config(algorithm, limits);
        let problem = Slide { solver: &solver };
        if request.algo == Algo::IdaStar {
            search_core::idastar_in_place_observed(
                &problem,
                request.board.clone(),
                &config,
                &mut watch,
            );
        } else {
            algorithm.run_observed(&problem, problem.start(&request.board), &config, &mut watch);
        }
    }
    let mut end = Map::new();
    for field in ["status", "limit", "stats"] {
        if let Some(value) = record.get(field) {
            end.insert(field.into(), value.clone());
        }
    }
    watch.stream.emit("end", end);
    watch.stream.finish()
}

/// The record `eight-puzzle solve --json` prints for the same board and
/// flags.
fn record(request: &Request, outcome: &Outcome) -> Value {
    let stats = &outcome.stats;
    let moves: Option<Vec<&str>> = outcome
        .solution
        .as_ref()
        .map(|moves| moves.moves().iter().map(|mv| mv.name()).collect());
    let mut record = json!({
        "status": outcome.status.name(),
        "board": request.board.to_line(),
        "goal": Board::goal(request.board.size()).to_line(),
        "algo": request.algo.name(),
        "heuristic": request.heuristic.map(Heuristic::name),
        "num_tested": stats.num_tested,
        "stats": {
            "nodes": stats.generated,
            "micros": stats.elapsed.as_micros() as u64,
            "num_tested": stats.num_tested,
            "expanded": stats.expanded,
            "generated": stats.generated,
            "max_frontier": stats.max_frontier,
            "iterations": stats.iterations,
        },
    });
    if let Some(moves) = moves {
        record["solution"] = json!(moves.join(" "));
        record["num_moves"] = json!(moves.len());
        record["moves"] = json!(moves);
    }
    if let Status::Limit(limit) = outcome.status {
        record["limit"] = json!(limit.name());
    }
    record
}
