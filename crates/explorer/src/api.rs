//! The routes: the pages, their assets, and the JSON API that runs solves.
//! Every request is bounded by the [`Limits`]; bad input is a 400 whose
//! `error` names the field (and the line and column the puzzle's parser
//! gives), unknown paths a 404, a full house a 503.

use std::sync::Arc;

use axum::Router;
use axum::extract::{Path, Query, State};
use axum::http::{StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use serde_json::{Value, json};
use tokio::sync::Semaphore;

use crate::assets;
use crate::limits::Limits;
use crate::puzzle_api::{Prepare, prepare};
use crate::{crossword_api, puzzle_api, queens, ripple_api, sudoku_api, tiles};

/// A crate's own view, on top of the generic page every registered
/// puzzle has: its path (the crate's name) and what it shows. Its title is
/// the puzzle's `Front::TITLE`.
pub(crate) struct View {
    pub(crate) path: &'static str,
    pub(crate) what: &'static str,
    /// Its part of the generic route (`view=own`), where it has one.
    pub(crate) prepare: Option<Prepare>,
    /// The query keys of its old route (`/api/eight-puzzle?board=...`)
    /// that the generic route names otherwise (`puzzle`).
    pub(crate) aliases: &'static [(&'static str, &'static str)],
}

/// The crates' own views, in the order.
pub(crate) const VIEWS: &[View] = &[
    View {
        path: "eight-puzzle",
        what: "BFS, DFS, IDDFS, greedy, A*, IDA* on 3x3 and 4x4 boards: the node expanded, the frontier with g, h, f, the tree, the path",
        prepare: Some(prepare::<eight_puzzle::Board, tiles::Tiles>),
        aliases: &[("board", "puzzle")],
    },
    View {
        path: "crossword",
        what: "AC-3 with its revision table on the constraint graph: arcs coloured as queued, being revised or consistent, the queue in order, the words each revision removes struck through, a click on an arc revises it next; then MAC search with its domain-splitting history",
        prepare: Some(prepare::<crossword::Grid, crossword_api::CrosswordView>),
        aliases: &[("grid", "puzzle")],
    },
    View {
        path: "sudoku",
        what: "depth-first and breadth-first search on the most constrained cell with the candidates as pencil marks, and the csp model's propagation and decisions",
        prepare: Some(prepare::<sudoku::Sudoku, sudoku_api::SudokuView>),
        aliases: &[],
    },
    View {
        path: "nqueens",
        what: "depth-first and breadth-first search on the most constrained row (N up to 16), candidates and attacked squares shaded; the csp model; min-conflicts (N up to 1,000) as the conflict count falling",
        prepare: Some(prepare::<nqueens::Queens, queens::QueensView>),
        aliases: &[("n", "puzzle")],
    },
    View {
        path: "ripple",
        what: "brute force beside MRV with forward checking on one puzzle, the recursive calls counting up on each side",
        prepare: Some(prepare::<ripple::Puzzle, ripple_api::RippleView>),
        aliases: &[],
    },
    View {
        path: "gogen",
        what: "depth-first search with look-ahead, the word paths drawn on the solution",
        prepare: None,
        aliases: &[],
    },
];

/// The own view of the puzzle `name`, if its crate has one.
pub(crate) fn own_view(name: &str) -> Option<&'static View> {
    VIEWS.iter().find(|view| view.path == name)
}

/// What every handler shares.
struct Shared {
    limits: Limits,
    /// One permit per solve allowed to run at once.
    turns: Arc<Semaphore>,
    /// One permit per heavy solve allowed to run at once, taken before a
    /// turn: heavy solves never hold every turn.
    heavy_turns: Arc<Semaphore>,
}

/// The server: pages, assets and API, bounded by `limits`.
pub fn app(limits: Limits) -> Router {
    let shared = Arc::new(Shared {
        limits,
        turns: Arc::new(Semaphore::new(limits.concurrent_solves.max(1))),
        heavy_turns: Arc::new(Semaphore::new(
            limits
                .heavy_solves
                .clamp(1, limits.concurrent_solves.saturating_sub(1).max(1)),
        )),
    });
    Router::new()
        .route("/", get(index))
        .route("/assets/{file}", get(asset))
        .route("/api/views", get(views))
        .route("/api/limits", get(limits_json))
        .route("/api/eight-puzzle", get(old_route))
        .route("/api/nqueens", get(old_route))
        .route("/api/sudoku", get(old_route))
        .route("/api/ripple", get(old_route))
        .route("/api/sudoku-explain", get(old_route))
        .route("/api/crossword", get(old_route))
        .route("/api/crossword/examples", get(crossword_examples))
        .route("/api/puzzles", get(puzzles))
        .route("/api/puzzle/{name}", get(puzzle))
        .route("/puzzle/{name}", get(puzzle_page))
        .route("/{view}", get(view_page))
        .fallback(not_found)
        .with_state(shared)
}

/// The algorithm of `algos` that `value` (the `algo` parameter) names, or
/// a 400 listing the names taken ("expected dfs, bfs or csp").
pub(crate) fn pick_algo<A: Copy>(
    value: &str,
    algos: &[A],
    name: impl Fn(A) -> &'static str,
) -> Result<A, ApiError> {
    algos
        .iter()
        .copied()
        .find(|&algo| name(algo) == value)
        .ok_or_else(|| {
            let names: Vec<&str> = algos.iter().map(|&algo| name(algo)).collect();
            let expected = match names.split_last() {
                Some((last, [])) => (*last).to_owned(),
                Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
                None => String::new(),
            };
            ApiError::bad(
                "algo",
                format!("unknown algorithm '{value}', expected {expected}"),
            )
        })
}

/// An answer other than 200, as JSON: `{"error": "...", "field": "board"}`.
#[derive(Debug)]
pub(crate) struct ApiError {
    pub(crate) status: StatusCode,
    /// The query parameter at fault, so the page can show the message
    /// beside that input.
    pub(crate) field: Option<String>,
    pub(crate) message: String,
}

impl ApiError {
    /// A 400 about `field`.
    pub(crate) fn bad(field: &str, message: impl Into<String>) -> Self {
        ApiError {
            status: StatusCode::BAD_REQUEST,
            field: Some(field.to_owned()),
            message: message.into(),
        }
    }

    fn other(status: StatusCode, message: impl Into<String>) -> Self {
        ApiError {
            status,
            field: None,
            message: message.into(),
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = json!({"error": self.message, "field": self.field});
        (self.status, axum::Json(body)).into_response()
    }
}

async fn index() -> Response {
    html(assets::index_page())
}

/// `/NAME`: the crate's own view, or the generic page of a registered
/// puzzle that has none.
async fn view_page(Path(view): Path<String>) -> Response {
    let Some(entry) = puzzle_api::entry(&view) else {
        return not_found().await;
    };
    match own_view(&view) {
        Some(known) => html(assets::view_page(known, entry.title)),
        None => html(assets::puzzle_page(entry)),
    }
}

/// `/puzzle/NAME`: the generic page of any registered puzzle.
async fn puzzle_page(Path(name): Path<String>) -> Response {
    match puzzle_api::entry(&name) {
        Some(entry) => html(assets::puzzle_page(entry)),
        None => not_found().await,
    }
}

async fn asset(Path(file): Path<String>) -> Response {
    match assets::file(&file) {
        Some((content_type, body)) => (
            [
                (header::CONTENT_TYPE, content_type),
                (header::CACHE_CONTROL, "no-cache"),
            ],
            body,
        )
            .into_response(),
        None => not_found().await,
    }
}

/// Every registered puzzle: `path` (its name), `title`, `page` (its
/// generic page) and `view` (its crate's own view, or null).
async fn views() -> axum::Json<Value> {
    let list: Vec<Value> = puzzle_api::CATALOGUE
        .iter()
        .map(|entry| {
            json!({
                "path": entry.name,
                "title": entry.title,
                "ready": true,
                "page": format!("/puzzle/{}", entry.name),
                "view": own_view(entry.name).map(|view| format!("/{}", view.path)),
            })
        })
        .collect();
    axum::Json(json!({ "views": list }))
}

async fn puzzles() -> axum::Json<Value> {
    axum::Json(puzzle_api::catalogue_json())
}

async fn limits_json(State(shared): State<Arc<Shared>>) -> axum::Json<Value> {
    let limits = shared.limits;
    axum::Json(json!({
        "nodes": limits.nodes,
        "seconds": limits.time.as_secs_f64(),
        "events": limits.events,
        "max_events": limits.max_events,
        "query_bytes": limits.query_bytes,
        "concurrent_solves": limits.concurrent_solves,
        "heavy_solves": limits.heavy_solves,
    }))
}

async fn not_found() -> Response {
    let page = assets::not_found_page();
    (StatusCode::NOT_FOUND, [(header::CONTENT_TYPE, HTML)], page).into_response()
}

const HTML: &str = "text/html; charset=utf-8";

fn html(page: String) -> Response {
    ([(header::CONTENT_TYPE, HTML)], page).into_response()
}

/// The query's pairs, refused when longer than the limit.
fn pairs(uri: &Uri, limits: &Limits) -> Result<Vec<(String, String)>, ApiError> {
    let length = uri.query().map_or(0, str::len);
    if length > limits.query_bytes {
        return Err(ApiError::other(
            StatusCode::URI_TOO_LONG,
            format!(
                "the query has {length} bytes, more than the {} this server takes",
                limits.query_bytes
            ),
        ));
    }
    Query::<Vec<(String, String)>>::try_from_uri(uri)
        .map(|Query(pairs)| pairs)
        .map_err(|error| ApiError::bad("query", format!("unreadable query: {error}")))
}

/// The generic route: the puzzle `name` read and prepared at once (a 400
/// before any wait), then solved; with `view=own`, as its crate's own
/// view asks (its [`View::prepare`]), else on a heavy turn, since
/// nothing generic tells a small solve from one that runs to the limits.
async fn puzzle(
    State(shared): State<Arc<Shared>>,
    Path(name): Path<String>,
    uri: Uri,
) -> Result<Response, ApiError> {
    let pairs = pairs(&uri, &shared.limits)?;
    solve_puzzle(&shared, &name, pairs).await
}

/// The old routes named otherwise than their puzzle, each with the pair
/// that asks its view for them: sudoku's human steps.
const RENAMED: &[(&str, &str, (&str, &str))] = &[("sudoku-explain", "sudoku", ("algo", "explain"))];

/// A view's old route, `/api/NAME?...` (documented, and kept): the
/// generic route with `view=own`, its old keys read as the generic
/// route's and a refusal naming the old key.
async fn old_route(State(shared): State<Arc<Shared>>, uri: Uri) -> Result<Response, ApiError> {
    let path = uri.path().trim_start_matches("/api/");
    let renamed = RENAMED.iter().find(|(old, _, _)| *old == path);
    let name = renamed.map_or(path, |(_, name, _)| name).to_owned();
    let aliases = own_view(&name).map_or(&[][..], |view| view.aliases);
    let mut pairs = pairs(&uri, &shared.limits)?;
    // First, so that a different value the query gives is the one read.
    if let Some((_, _, (key, value))) = renamed {
        pairs.insert(0, ((*key).to_owned(), (*value).to_owned()));
    }
    for (key, _) in &mut pairs {
        if let Some((_, new)) = aliases.iter().find(|(old, _)| old == key) {
            *key = (*new).to_owned();
        }
    }
    pairs.push(("view".to_owned(), "own".to_owned()));
    solve_puzzle(&shared, &name, pairs)
        .await
        .map_err(|mut error| {
            // The refusal names the key the query used.
            let field = error.field.as_deref();
            if let Some((old, _)) = aliases.iter().find(|(_, new)| field == Some(*new)) {
                error.field = Some((*old).to_owned());
            }
            error
        })
}

/// The puzzle `name` solved from the query's `pairs`, through its own
/// view's part of the generic route when they hold `view=own`.
async fn solve_puzzle(
    shared: &Shared,
    name: &str,
    mut pairs: Vec<(String, String)>,
) -> Result<Response, ApiError> {
    let Some(entry) = puzzle_api::entry(name) else {
        return Err(ApiError::other(
            StatusCode::NOT_FOUND,
            format!(
                "no puzzle '{name}': expected one of {}",
                registry::NAMES.join(", ")
            ),
        ));
    };
    let asked = pairs.len();
    pairs.retain(|(key, value)| !(key == "view" && value == "own"));
    let prepare = match pairs.len() < asked {
        true => own_view(name).and_then(|view| view.prepare),
        false => None,
    };
    let prepared = prepare.unwrap_or(entry.prepare)(&pairs, &shared.limits)?;
    solve(shared, prepared.heavy, prepared.job).await
}

async fn crossword_examples() -> axum::Json<Value> {
    axum::Json(crossword_api::examples())
}

/// Runs `work` on the blocking pool once a turn is free, and for a heavy
/// solve a heavy turn first (503 when none frees within the wait); `work`
/// answers JSON text.
async fn solve(
    shared: &Shared,
    heavy: bool,
    work: impl FnOnce() -> String + Send + 'static,
) -> Result<Response, ApiError> {
    let wait = tokio::time::Instant::now() + shared.limits.queue_wait;
    let heavy_turn = match heavy {
        true => Some(take_turn(&shared.heavy_turns, wait).await?),
        false => None,
    };
    let turn = take_turn(&shared.turns, wait).await?;
    let answer = tokio::task::spawn_blocking(move || {
        let answer = work();
        drop((turn, heavy_turn));
        answer
    })
    .await
    .map_err(|_| ApiError::other(StatusCode::INTERNAL_SERVER_ERROR, "the solve failed"))?;
    Ok(([(header::CONTENT_TYPE, "application/json")], answer).into_response())
}

/// A permit of `turns`, waited for until `deadline`.
async fn take_turn(
    turns: &Arc<Semaphore>,
    deadline: tokio::time::Instant,
) -> Result<tokio::sync::OwnedSemaphorePermit, ApiError> {
    tokio::time::timeout_at(deadline, turns.clone().acquire_owned())
        .await
        .map_err(|_| {
            ApiError::other(
                StatusCode::SERVICE_UNAVAILABLE,
                "every solver is busy: try again in a moment",
            )
        })?
        .map_err(|_| ApiError::other(StatusCode::SERVICE_UNAVAILABLE, "the server is stopping"))
}
