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
use cli_kit::{EventCapture, Front, Refusal, Setting, Sinks};
use puzzle_kit::{Algorithm, Configure};
use serde_json::{Value, json};

use crate::api::{ApiError, pick_algo};
use crate::capture::answer_with;
use crate::limits::Limits;

/// The most cells a board may have: the generic page draws every cell,
/// and the answer carries two boards (the givens and the solution). Past
/// this (a 64 x 64 board) the request is refused before the solve, with
/// the command line named for bigger ones.
pub(crate) const MAX_CELLS: usize = 4096;

/// A solve, read and prepared, waiting for its turn; it answers JSON text.
pub(crate) type Job = Box<dyn FnOnce() -> String + Send>;

/// How an [`Entry`] reads a request's pairs, under the server's limits,
/// into the solve of its puzzle (or the 400 of a field).
pub(crate) type Prepare = fn(&[(String, String)], &Limits) -> Result<Job, ApiError>;

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
                prepare: prepare::<P>,
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
/// refuses by name when it is not one of them); `step` is the page's.
fn prepare<P: Front>(pairs: &[(String, String)], limits: &Limits) -> Result<Job, ApiError> {
    let mut text = None;
    let mut algo = P::Algo::default();
    let mut events = None;
    let mut own = Vec::new();
    for (key, value) in pairs {
        match key.as_str() {
            "puzzle" => text = Some(value.as_str()),
            "algo" => algo = pick_algo(value, P::Algo::ALL, Algorithm::name)?,
            "events" => events = Some(crate::tiles::parse_events(value, limits)?),
            "step" => {}
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
    bound(&mut options, limits);
    let events = P::watchable(algo).then(|| events.unwrap_or(limits.events));
    Ok(Box::new(move || run(puzzle, &own, &options, events)))
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
/// told, as without `--count`. The sudoku and gogen views' solves come
/// here too.
pub(crate) fn solve_as_command_line<P: Front>(
    puzzle: P,
    options: &P::Options,
    capture: Option<&mut EventCapture>,
) -> Solved<P> {
    let (outcome, unique) = match capture {
        Some(capture) => {
            capture.events.emit("run", &puzzle.run_event(options));
            let watch = Watch {
                sinks: Sinks {
                    events: Some(&mut capture.events),
                    trace: None,
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
/// "record", "events", "cut", "board", "givens", "svg"}`: the record and
/// the picture the crate's `Show::record_viewed` and `svg_viewed` give
/// with its view of the options (`Front::view`).
fn run<P: Front>(puzzle: P, own: Own<'_>, options: &P::Options, events: Option<usize>) -> String {
    let mut capture = events.map(|limit| EventCapture::new(limit as u64));
    let solved = solve_as_command_line(puzzle, options, capture.as_mut());
    let (events, cut) = capture.map(EventCapture::finish).unwrap_or_default();
    // The record and picture as the command line's view of the same
    // options shows them (eight-puzzle's names its searcher and goal).
    let view = P::view(own, options);
    let record =
        serde_json::to_string(&P::record_viewed(&solved, false, &view)).unwrap_or_default();
    let board = serde_json::to_string(&solved.puzzle.board(solved.solution())).unwrap_or_default();
    let givens = serde_json::to_string(&solved.puzzle.board(None)).unwrap_or_default();
    let svg = Value::from(solved.puzzle.svg_viewed(&solved.outcome, &view)).to_string();
    answer_with(
        P::NAME,
        &record,
        &events,
        cut,
        &[("board", &board), ("givens", &givens), ("svg", &svg)],
    )
}
