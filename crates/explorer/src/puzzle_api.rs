//! The generic route and its catalogue: every puzzle of the registry
//! through the traits its library implements (`cli_kit::Front` and the
//! command line's `App`), with no code of its own here. A new puzzle gets
//! `GET /api/puzzle/NAME`, its entry in `GET /api/puzzles` and the generic
//! page by its registry entry alone.
//!
//! A request is read and its puzzle prepared before it waits for a turn,
//! so a bad one is a 400 at once; the solve then runs on the blocking pool
//! as the command line's `solve --json` (or, for an algorithm that reports
//! its search, `solve --events -`) runs it, under the server's limits.

use std::sync::LazyLock;

use cli_kit::app::{Flag, Solved, Watch};
use cli_kit::front::{Own, refuse_misfit};
use cli_kit::{EventCapture, Front, Refusal, Setting, Sinks, Trace};
use puzzle_kit::{Algorithm, Configure};
use serde_json::{Value, json};

use crate::api::{ApiError, pick_algo};
use crate::capture::answer;
use crate::limits::Limits;

/// The most cells a board may have: the generic page draws every cell,
/// and the answer carries two boards (the givens and the solution). Past
/// this (a 64 x 64 board) the request is refused before the solve, with
/// the command line named for bigger ones.
pub(crate) const MAX_CELLS: usize = 4096;

/// A solve, read and prepared, waiting for its turn; it answers JSON text.
pub(crate) type Job = Box<dyn FnOnce() -> String + Send>;

/// A solve read and prepared: the job, and whether it takes a heavy turn.
pub(crate) struct Prepared {
    pub(crate) job: Job,
    pub(crate) heavy: bool,
}

/// How an [`Entry`] (or a crate's own view, [`Extension`]) reads a
/// request's pairs, under the server's limits, into the solve of its
/// puzzle (or the 400 of a field).
pub(crate) type Prepare = fn(&[(String, String)], &Limits) -> Result<Prepared, ApiError>;

/// A crate's own view's part of the generic route, for its puzzle `P`:
/// what its page needs beyond the generic answer, asked for with
/// `view=own`. Each hook is the generic route's behaviour by default
/// ([`Generic`]), so a view writes only what is its own.
pub(crate) trait Extension<P: Front> {
    /// Keys of the view's links (its page's state) that the crate's solve
    /// does not read; [`Extension::admit`] is given them.
    const PAGE_KEYS: &'static [&'static str] = &[];

    /// The line of the batch the record and every event name, as the
    /// command line's do where it reads its puzzle as a batch from stdin
    /// (sudoku: `line` 1): by default none.
    const LINE: Option<usize> = None;

    /// The algorithms the view replays, its default first: by default
    /// every one of the crate's, the crate's default first.
    const ALGOS: Option<&'static [P::Algo]> = None;

    /// Whether the answer carries the generic fields (the board, the
    /// givens, the picture) where the view writes no [`Extension::fields`]
    /// of its own: by default it does.
    const FIELDS: bool = true;

    /// Whether the answer carries the trace lines `--trace` writes (for
    /// [`Extension::fields`]), cut after as many lines as the events: by
    /// default not.
    const TRACE: bool = false;

    /// A request the view answers itself, with none of the crate's solves
    /// (sudoku's human steps, `algo=explain`): by default none.
    fn own_solve(pairs: &[(String, String)]) -> Option<Result<Prepared, ApiError>> {
        let _ = pairs;
        None
    }

    /// Refuses, before the solve, what the view does not show, and sets
    /// the view's defaults on `options`, reading its `page` keys
    /// ([`Extension::PAGE_KEYS`]): by default a board past [`MAX_CELLS`].
    fn admit(puzzle: &P, options: &mut P::Options, page: Own<'_>) -> Result<(), ApiError> {
        let _ = (options, page);
        let cells = puzzle.cells();
        if cells > MAX_CELLS {
            return Err(ApiError::bad(
                "puzzle",
                format!(
                    "a board of {cells} cells: this page shows at most {MAX_CELLS} (64 x 64); `{} solve` takes bigger ones",
                    P::NAME
                ),
            ));
        }
        Ok(())
    }

    /// Whether the solve may run to the limits (a heavy turn): by default
    /// yes, since nothing generic tells a small solve from a long one.
    fn heavy(puzzle: &P, options: &P::Options) -> bool {
        let _ = (puzzle, options);
        true
    }

    /// The events as sent, from the JSON Lines the watched solve wrote:
    /// by default unchanged.
    fn events(puzzle: &P, options: &P::Options, events: String) -> String {
        let _ = (puzzle, options);
        events
    }

    /// The answer's fields after `cut`, each `(name, JSON text)`: by
    /// default the board as data, the givens and the crate's picture
    /// (none where [`Extension::FIELDS`] is false).
    /// `trace` holds the trace's lines where [`Extension::TRACE`] asks.
    fn fields(
        solved: &Solved<P>,
        options: &P::Options,
        view: &P::View,
        trace: &[&str],
    ) -> Vec<(&'static str, String)> {
        let _ = (options, trace);
        if !Self::FIELDS {
            return Vec::new();
        }
        let board =
            serde_json::to_string(&solved.puzzle.board(solved.solution())).unwrap_or_default();
        let givens = serde_json::to_string(&solved.puzzle.board(None)).unwrap_or_default();
        let svg = Value::from(solved.puzzle.svg_viewed(&solved.outcome, view)).to_string();
        vec![("board", board), ("givens", givens), ("svg", svg)]
    }
}

/// The generic route itself: every hook its default.
pub(crate) struct Generic;

impl<P: Front> Extension<P> for Generic {}

/// One registered puzzle, as the explorer offers it.
pub(crate) struct Entry {
    pub(crate) name: &'static str,
    pub(crate) title: &'static str,
    pub(crate) example: &'static str,
    /// The default algorithm first, then the others in the crate's order.
    pub(crate) algorithms: Vec<Algo>,
    pub(crate) settings: &'static [Setting],
    /// The request's pairs read into a solve of this puzzle.
    pub(crate) prepare: Prepare,
}

/// An algorithm of a puzzle: its name and whether it reports its search
/// (the page's player then has events to step through).
pub(crate) struct Algo {
    pub(crate) name: &'static str,
    pub(crate) watchable: bool,
}

/// Every registered puzzle, in the registry's order, read once.
pub(crate) static CATALOGUE: LazyLock<Vec<Entry>> = LazyLock::new(|| {
    struct Collect(Vec<Entry>);
    impl registry::Visitor for Collect {
        fn visit<P: Front>(&mut self) {
            let default = P::Algo::default();
            let algorithms = std::iter::once(default)
                .chain(P::Algo::ALL.iter().copied().filter(|&algo| algo != default))
                .map(|algo| Algo {
                    name: algo.name(),
                    watchable: P::watchable(algo),
                })
                .collect();
            self.0.push(Entry {
                name: P::NAME,
                title: P::TITLE,
                example: P::EXAMPLE,
                algorithms,
                settings: P::SETTINGS,
                prepare: prepare::<P, Generic>,
            });
        }
    }
    let mut collect = Collect(Vec::new());
    registry::visit(&mut collect);
    collect.0
});

/// The registered puzzle `name`.
pub(crate) fn entry(name: &str) -> Option<&'static Entry> {
    CATALOGUE.iter().find(|entry| entry.name == name)
}

/// `GET /api/puzzles`: what the generic page needs to build its form.
pub(crate) fn catalogue_json() -> Value {
    let puzzles: Vec<Value> = CATALOGUE
        .iter()
        .map(|entry| {
            let algorithms: Vec<Value> = entry
                .algorithms
                .iter()
                .map(|algo| json!({"name": algo.name, "watchable": algo.watchable}))
                .collect();
            let settings: Vec<Value> = entry
                .settings
                .iter()
                .map(|setting| json!({"name": setting.name, "takes": setting.takes}))
                .collect();
            json!({
                "name": entry.name,
                "title": entry.title,
                "example": entry.example,
                "algorithms": algorithms,
                "settings": settings,
                "page": format!("/puzzle/{}", entry.name),
                "view": crate::api::own_view(entry.name).map(|view| format!("/{}", view.path)),
            })
        })
        .collect();
    json!({ "puzzles": puzzles })
}

/// The 400 of a refusal, naming its field: `puzzle` for the text, else
/// the setting's name (`algo`, `events`, `min_score`).
pub(crate) fn refused(refusal: Refusal) -> ApiError {
    match refusal {
        Refusal::Puzzle(message) => ApiError::bad("puzzle", message),
        Refusal::Setting { name, message } => ApiError::bad(&name, message),
    }
}

/// Reads `puzzle`, `algo` (the crate's default when absent), `events`
/// (how many to send, only for an algorithm that reports its search) and
/// the crate's own settings (every other key, which `Front::prepare`
/// refuses by name when it is not one of them); `step` and the view's
/// `PAGE_KEYS` are the page's.
pub(crate) fn prepare<P: Front, X: Extension<P>>(
    pairs: &[(String, String)],
    limits: &Limits,
) -> Result<Prepared, ApiError> {
    if let Some(prepared) = X::own_solve(pairs) {
        return prepared;
    }
    let mut text = None;
    let offers = X::ALGOS.unwrap_or(P::Algo::ALL);
    let mut algo = X::ALGOS.map_or_else(P::Algo::default, |algos| algos[0]);
    let mut events = None;
    let mut own = Vec::new();
    let mut page = Vec::new();
    for (key, value) in pairs {
        match key.as_str() {
            "puzzle" => text = Some(value.as_str()),
            "algo" => algo = pick_algo(value, offers, Algorithm::name)?,
            "events" => events = Some(parse_events(value, limits)?),
            "step" => {}
            key if X::PAGE_KEYS.contains(&key) => page.push((key.to_owned(), value.clone())),
            _ => own.push((key.clone(), value.clone())),
        }
    }
    let text = text.ok_or_else(|| {
        ApiError::bad(
            "puzzle",
            format!("expected a puzzle, such as {:?}", P::EXAMPLE),
        )
    })?;
    let mut options = P::Options::new(algo);
    let puzzle = P::prepare(text, &own, &mut options).map_err(refused)?;
    // Asking for events is `--events`: refused, with the command line's
    // message, where the algorithm reports none.
    if events.is_some() {
        refuse_misfit::<P>(&options, &[("events", Flag::Events)]).map_err(refused)?;
    }
    X::admit(&puzzle, &mut options, &page)?;
    bound(&mut options, limits);
    let events = P::watchable(algo).then(|| events.unwrap_or(limits.events));
    let heavy = X::heavy(&puzzle, &options);
    let job = Box::new(move || run::<P, X>(puzzle, &own, &options, events));
    Ok(Prepared { job, heavy })
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

/// Sets the server's node, time and memory limits on `options`, whatever
/// the crate's defaults; a limit that does not apply to the algorithm is
/// one its solver does not read.
pub(crate) fn bound(options: &mut impl Configure, limits: &Limits) {
    let bounds = options.limits_mut();
    bounds.node_limit = Some(limits.nodes);
    bounds.time_limit = Some(limits.time);
    bounds.memory_limit = Some(limits.memory_bytes);
}

/// Solves as the command line's `solve` does: with `capture`, watched as
/// `--events` watches (the `run` event first, then the crate's own watched
/// search), else by the crate's `solve_telling`; either way uniqueness
/// told, as without `--count`; with `trace` too, the trace lines
/// `--trace` writes.
pub(crate) fn solve_as_command_line<P: Front>(
    puzzle: P,
    options: &P::Options,
    capture: Option<&mut EventCapture>,
    trace: Option<&mut Trace<'_>>,
) -> Solved<P> {
    let (outcome, unique) = match capture {
        Some(capture) => {
            capture.events.emit("run", &puzzle.run_event(options));
            let watch = Watch {
                sinks: Sinks {
                    events: Some(&mut capture.events),
                    trace,
                },
                tree: None,
            };
            let outcome = puzzle.solve_watched(options, watch);
            let unique = match outcome.status.is_solved() {
                true => puzzle.unique_after(options, &outcome),
                false => None,
            };
            (outcome, unique)
        }
        None => puzzle.solve_telling(options, true),
    };
    Solved {
        puzzle,
        outcome,
        unique,
    }
}

/// Solves as `NAME solve --json` does (with `events`, as with `--events
/// -` too, the stream cut after that many) and answers `{"v", "puzzle",
/// "record", "events", "cut"}` and the extension's fields (by default
/// `board`, `givens`, `svg`): the record as the crate's
/// `Show::record_viewed` gives it with its view of the options
/// (`Front::view`).
fn run<P: Front, X: Extension<P>>(
    puzzle: P,
    own: Own<'_>,
    options: &P::Options,
    events: Option<usize>,
) -> String {
    let mut capture = events.map(|limit| EventCapture::new(limit as u64));
    if let (Some(capture), Some(line)) = (capture.as_mut(), X::LINE) {
        capture.events.set_run(&json!({ "line": line }));
    }
    let mut trace_text = Vec::new();
    let solved = match (X::TRACE, events) {
        (true, Some(limit)) => {
            let mut trace = Trace::new(&mut trace_text, limit as u64);
            solve_as_command_line(puzzle, options, capture.as_mut(), Some(&mut trace))
        }
        _ => solve_as_command_line(puzzle, options, capture.as_mut(), None),
    };
    let trace_text = String::from_utf8_lossy(&trace_text);
    let trace: Vec<&str> = trace_text.lines().collect();
    let (events, cut) = capture.map(EventCapture::finish).unwrap_or_default();
    let events = X::events(&solved.puzzle, options, events);
    // The record and picture as the command line's view of the same
    // options shows them (eight-puzzle's names its searcher and goal).
    let view = P::view(own, options);
    let record = P::record_viewed(&solved, false, &view).at_line(X::LINE);
    let record = serde_json::to_string(&record).unwrap_or_default();
    let fields = X::fields(&solved, options, &view, &trace);
    let more: Vec<(&str, &str)> = fields
        .iter()
        .map(|(name, value)| (*name, value.as_str()))
        .collect();
    answer(P::NAME, &record, &events, cut, &more)
}
