//! The sliding-tiles view's solves: the query read into a board, a
//! searcher and a heuristic; the solve run and watched as the
//! `eight-puzzle` command runs and watches it, for its record and events.

use cli_kit::{Rendered, SearchWatch, Sinks};
use eight_puzzle::{Algo, Board, Heuristic, Move, Options, Outcome, Solver, Solvers, Status};
use serde_json::{Value, json};

use crate::api::ApiError;
use cli_kit::EventCapture;

use crate::capture::answer;
use crate::limits::Limits;

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

/// Solves the request as `eight-puzzle solve B --algo A --heuristic H
/// --events FILE --json` does, under the server's limits: the crate's own
/// planned solve (`Solvers::solve_observed`, the one the command line
/// watches) observed by cli-kit's `SearchWatch`, the events caught in
/// memory: `{"v": 1, "puzzle": "eight-puzzle", "record": ..., "events":
/// [...], "cut": bool}`. Each `generate` event also carries `h`, the
/// heuristic of the state generated, which the page needs to list the
/// frontier with g, h and f before a node is expanded (version 1 lets a
/// reader skip a field it does not know).
pub(crate) fn run(request: &Request, limits: &Limits) -> String {
    let solvers = Solvers::new(options(request, limits));
    let mut capture = EventCapture::new(request.events as u64);
    // The crate's own `run` event, as its command line writes it (the
    // query's options always plan: `parse` refuses those that do not).
    if solvers.options().plan(request.board.size()).is_ok() {
        let fields = cli_kit::app::Watchable::run_event(&request.board, solvers.options());
        capture.events.emit("run", &fields);
    }
    let render = |board: &Board| Rendered {
        view: board.to_string(),
        line: Some(board.to_line()),
    };
    let name_move = |mv: &Move| mv.name().to_owned();
    let solved = {
        let sinks = Sinks {
            events: Some(&mut capture.events),
            trace: None,
        };
        let mut watch = SearchWatch::new(sinks, &render, &name_move);
        solvers.solve_observed(&request.board, &mut watch)
    };
    let record = match solved {
        Ok(solved) => record(request, &solved.into_outcome()),
        Err(error) => json!({"status": "invalid", "error": error.to_string()}),
    };
    let (events, cut) = capture.finish();
    let events = with_estimates(&events, request);
    answer("eight-puzzle", &record.to_string(), &events, cut)
}

/// The events with `h` added to each `generate` event: the estimate of its
/// state by the request's heuristic (none, zero, for the searchers that
/// use none, as `eight-puzzle` plans them).
fn with_estimates(events: &str, request: &Request) -> String {
    let heuristic = request.heuristic.unwrap_or(Heuristic::Zero);
    let Ok(solver) = Solver::new(Board::goal(request.board.size()), heuristic, None) else {
        return events.to_owned();
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
        "num_tested": stats.counters.num_tested,
        "stats": {
            "nodes": stats.nodes,
            "micros": stats.elapsed.as_micros() as u64,
            "num_tested": stats.counters.num_tested,
            "expanded": stats.counters.expanded,
            "generated": stats.nodes,
            "max_frontier": stats.counters.max_frontier,
            "iterations": stats.counters.iterations,
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
