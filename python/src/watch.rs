//! The search's event stream (docs/events.md) from Python: each puzzle
//! whose crate watches its searches gets `_watch(text, ...)`, which runs the
//! crate's own `watch::solve_watched` (the entry point its command line's
//! `--events` and the explorer run) into cli-kit's [`EventCapture`] (an event stream over memory)
//! and returns the JSON Lines; `puzzle_solvers._events` turns them into an
//! iterator of dicts, the version checked.

use std::marker::PhantomData;

use cli_kit::{EventCapture, Sinks};
use puzzle_kit::{Algorithm, Configure, Outcome, Puzzle};
use pyo3::prelude::*;

use crate::errors::{Failure, guard};
use crate::puzzles::Settings;

/// A puzzle whose crate watches its searches.
pub trait Watched: Puzzle {
    /// Whether `algo` reports events.
    fn watchable(algo: Self::Algo) -> bool;
    /// The crate's `watch::solve_watched`, events only.
    fn solve_watched(
        &self,
        options: &Self::Options,
        sinks: Sinks<'_, '_>,
    ) -> Outcome<Self::Solution, Self::Stats>;
}

impl Watched for sudoku::Sudoku {
    fn watchable(algo: sudoku::Algo) -> bool {
        sudoku::watch::watchable(algo)
    }

    fn solve_watched(&self, options: &sudoku::Options, sinks: Sinks<'_, '_>) -> sudoku::Outcome {
        sudoku::watch::solve_watched(self, options, sudoku::watch::Watch { sinks, tree: None })
    }
}

impl Watched for nqueens::Queens {
    fn watchable(algo: nqueens::Algo) -> bool {
        nqueens::watch::watchable(algo)
    }

    fn solve_watched(&self, options: &nqueens::Options, sinks: Sinks<'_, '_>) -> nqueens::Outcome {
        nqueens::watch::solve_watched(self, options, nqueens::watch::Watch { sinks, tree: None })
    }
}

impl Watched for gogen::Puzzle {
    fn watchable(algo: gogen::Algo) -> bool {
        gogen::watch::watchable(algo)
    }

    fn solve_watched(&self, options: &gogen::Options, sinks: Sinks<'_, '_>) -> gogen::Outcome {
        gogen::watch::solve_watched(self, options, gogen::watch::Watch { sinks, tree: None })
    }
}

/// The event stream of one watched solve of `text`: the `run` event (the
/// algorithm, the puzzle's line) as the command line writes it first, then
/// the crate's events, at most `limit` of them and a `cut` event.
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
    capture.events.emit(
        "run",
        &serde_json::json!({ "algorithm": algo.name(), "puzzle": puzzle.to_line() }),
    );
    puzzle.solve_watched(
        &options,
        Sinks {
            events: Some(&mut capture.events),
            trace: None,
        },
    );
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
    /// (at most `limit` events, then a `cut` event).
    #[pyo3(signature = (text, *, algo=None, limit=10_000, count_up_to=None, node_limit=None, time_limit=None, memory_limit=None, seed=None))]
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
