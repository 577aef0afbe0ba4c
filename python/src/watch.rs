//! The search's event stream (docs/events.md) from Python: each puzzle
//! whose crate watches its searches (all six) gets `_watch(text, ...)`,
//! which runs the crate's own watched solve (the entry point its command
//! line's `--events` and the explorer run) into cli-kit's
//! [`EventCapture`] (an event stream over memory) and returns the JSON
//! Lines; `puzzle_solvers._events` turns them into an iterator of dicts,
//! the version checked.

use std::marker::PhantomData;

use cli_kit::{DEFAULT_EVENTS_LIMIT, EventCapture, Events, Sinks};
use puzzle_kit::{Algorithm, Configure, Puzzle};
use pyo3::prelude::*;

use crate::errors::{Failure, guard};
use crate::puzzles::Settings;

/// A puzzle whose crate watches its searches.
pub trait Watched: Puzzle {
    /// Whether `algo` reports events.
    fn watchable(algo: Self::Algo) -> bool;
    /// The crate's own watched solve, writing to `events` what its command
    /// line's `--events -` writes for this one puzzle: the `run` event
    /// first, then the search's.
    fn solve_watched(&self, options: &Self::Options, events: &mut Events);
}

/// The `run` event most crates write first: the algorithm and the
/// puzzle's line.
fn emit_run<P: Puzzle>(puzzle: &P, options: &P::Options, events: &mut Events) {
    events.emit(
        "run",
        &serde_json::json!({ "algorithm": options.algo().name(), "puzzle": puzzle.to_line() }),
    );
}

/// [`Sinks`] with the events only.
fn events_only(events: &mut Events) -> Sinks<'_, '_> {
    Sinks {
        events: Some(events),
        trace: None,
    }
}

impl Watched for sudoku::Sudoku {
    fn watchable(algo: sudoku::Algo) -> bool {
        sudoku::watch::watchable(algo)
    }

    fn solve_watched(&self, options: &sudoku::Options, events: &mut Events) {
        emit_run(self, options, events);
        let sinks = events_only(events);
        sudoku::watch::solve_watched(self, options, sudoku::watch::Watch { sinks, tree: None });
    }
}

impl Watched for nqueens::Queens {
    fn watchable(algo: nqueens::Algo) -> bool {
        nqueens::watch::watchable(algo)
    }

    fn solve_watched(&self, options: &nqueens::Options, events: &mut Events) {
        emit_run(self, options, events);
        let sinks = events_only(events);
        nqueens::watch::solve_watched(self, options, nqueens::watch::Watch { sinks, tree: None });
    }
}

impl Watched for gogen::Puzzle {
    fn watchable(algo: gogen::Algo) -> bool {
        gogen::watch::watchable(algo)
    }

    fn solve_watched(&self, options: &gogen::Options, events: &mut Events) {
        emit_run(self, options, events);
        let sinks = events_only(events);
        gogen::watch::solve_watched(self, options, gogen::watch::Watch { sinks, tree: None });
    }
}

impl Watched for ripple::Puzzle {
    /// Every algorithm reports events (ripple's `watch` module).
    fn watchable(_algo: ripple::Algo) -> bool {
        true
    }

    fn solve_watched(&self, options: &ripple::Options, events: &mut Events) {
        emit_run(self, options, events);
        let sinks = events_only(events);
        ripple::watch::solve_watched(self, options, ripple::watch::Watch { sinks, tree: None });
    }
}

impl Watched for eight_puzzle::Board {
    /// Every searcher reports events (cli-kit's `SearchWatch`).
    fn watchable(_algo: eight_puzzle::Algo) -> bool {
        true
    }

    /// The board's own `run` event (the goal, the heuristic) comes from
    /// the crate; a board its options cannot solve has no event after it.
    fn solve_watched(&self, options: &eight_puzzle::Options, events: &mut Events) {
        let solvers = eight_puzzle::Solvers::new(options.clone());
        let _answer = eight_puzzle::cli::solve_watched(&solvers, self, events);
    }
}

impl Watched for crossword::Grid {
    /// `ac3`, `mac` and `fast` all report events.
    fn watchable(_algo: crossword::Algo) -> bool {
        true
    }

    /// `fill_watched` writes the `run` event itself.
    fn solve_watched(&self, options: &crossword::Options, events: &mut Events) {
        let problem = crossword::Problem::new(self.clone(), &options.word_list());
        let sinks = events_only(events);
        crossword::watch::fill_watched(
            &problem,
            options,
            crossword::watch::Watch { sinks, tree: None },
        );
    }
}

/// The event stream of one watched solve of `text` as the command line
/// writes it with `--events -`, at most `limit` events and a `cut` event.
fn watch<P: Watched>(text: &str, settings: &Settings, limit: u64) -> Result<Vec<String>, Failure> {
    let puzzle: P = text
        .parse()
        .map_err(|error: P::Error| Failure::Parse(error.to_string()))?;
    let options = settings.options::<P>()?;
    let algo = options.algo();
    if !P::watchable(algo) {
        let watched: Vec<&str> = P::Algo::ALL
            .iter()
            .copied()
            .filter(|&algo| P::watchable(algo))
            .map(Algorithm::name)
            .collect();
        return Err(Failure::Usage(format!(
            "{} reports no events: watch {}",
            algo.name(),
            watched.join(", ")
        )));
    }
    let mut capture = EventCapture::new(limit);
    puzzle.solve_watched(&options, &mut capture.events);
    let (text, _cut) = capture.finish();
    Ok(text.lines().map(str::to_owned).collect())
}

/// What [`Watcher`] needs, the puzzle type erased.
trait WatchKind: Send + Sync {
    fn events(&self, text: &str, settings: &Settings, limit: u64) -> Result<Vec<String>, Failure>;
}

struct Typed<P>(PhantomData<fn() -> P>);

impl<P: Watched> WatchKind for Typed<P> {
    fn events(&self, text: &str, settings: &Settings, limit: u64) -> Result<Vec<String>, Failure> {
        guard(|| watch::<P>(text, settings, limit))
    }
}

/// The watcher behind one puzzle module's `_watch`.
#[pyclass(module = "puzzle_solvers", frozen)]
pub struct Watcher {
    kind: Box<dyn WatchKind>,
}

#[pymethods]
impl Watcher {
    /// The JSON lines of docs/events.md for one watched solve of `text`
    /// (at most `limit` events, then a `cut` event; by default the
    /// binary's `--events` limit, cli-kit's).
    #[pyo3(signature = (text, *, algo=None, limit=DEFAULT_EVENTS_LIMIT, count_up_to=None, node_limit=None, time_limit=None, memory_limit=None, seed=None))]
    #[allow(clippy::too_many_arguments)]
    fn events(
        &self,
        py: Python<'_>,
        text: String,
        algo: Option<String>,
        limit: u64,
        count_up_to: Option<u64>,
        node_limit: Option<u64>,
        time_limit: Option<f64>,
        memory_limit: Option<usize>,
        seed: Option<u64>,
    ) -> PyResult<Vec<String>> {
        let settings = Settings {
            algo,
            count_up_to,
            node_limit,
            time_limit,
            memory_limit,
            seed,
        };
        Ok(py.detach(|| self.kind.events(&text, &settings, limit))?)
    }
}

impl std::fmt::Debug for Watcher {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Watcher")
    }
}

/// Adds `DEFAULT_EVENTS_LIMIT` (the binary's `--events` limit) to the
/// package's module: the default of every `events`.
pub fn register_limit(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add("DEFAULT_EVENTS_LIMIT", DEFAULT_EVENTS_LIMIT)
}

/// Adds `_watch` (a [`Watcher`]'s `events`) to the module of `P`.
pub fn register<P: Watched + 'static>(module: &Bound<'_, PyModule>) -> PyResult<()> {
    let watcher = Bound::new(
        module.py(),
        Watcher {
            kind: Box::new(Typed::<P>(PhantomData)),
        },
    )?;
    module.add("_watch", watcher.getattr("events")?)
}
