//! The search's event stream (docs/events.md) from Python: each puzzle
//! gets `_watch(text, ...)`, which runs its crate's
//! [`cli_kit::app::Watchable`] (the `run` event, then the watched solve:
//! what the binary's driver runs for `--events`) into cli-kit's
//! [`EventCapture`] (an event stream over memory) and returns the JSON
//! Lines; `puzzle_solvers._events` turns them into an iterator of dicts,
//! the version checked. Generic over [`Front`]: every registered puzzle
//! has it.

use std::marker::PhantomData;

use cli_kit::app::Watch;
use cli_kit::{DEFAULT_EVENTS_LIMIT, EventCapture, Front, Sinks};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::errors::{Failure, guard};
use crate::puzzles::{Settings, own_settings};

/// The event stream of one watched solve of `text` as the command line
/// writes it with `--events -`, at most `limit` events and a `cut` event.
/// An algorithm that reports no events is refused as the binary refuses
/// `--events` with it.
fn watch<P: Front>(text: &str, settings: &Settings, limit: u64) -> Result<Vec<String>, Failure> {
    let base = settings.options::<P>(true)?;
    let (puzzle, options) = settings.prepare::<P>(text, &base)?;
    // What the binary's driver does for one puzzle under `--events -`:
    // the crate's `run` event, then its watched solve.
    let mut capture = EventCapture::new(limit);
    capture.events.emit("run", &puzzle.run_event(&options));
    let sinks = Sinks {
        events: Some(&mut capture.events),
        trace: None,
    };
    puzzle.solve_watched(&options, Watch { sinks, tree: None });
    let (text, _cut) = capture.finish();
    Ok(text.lines().map(str::to_owned).collect())
}

/// What [`Watcher`] needs, the puzzle type erased.
trait WatchKind: Send + Sync {
    fn events(&self, text: &str, settings: &Settings, limit: u64) -> Result<Vec<String>, Failure>;
}

struct Typed<P>(PhantomData<fn() -> P>);

impl<P: Front> WatchKind for Typed<P> {
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
    /// binary's `--events` limit, cli-kit's); the crate's own settings are
    /// keyword arguments, as `solve` takes them.
    #[pyo3(signature = (text, *, algo=None, limit=DEFAULT_EVENTS_LIMIT, count_up_to=None, node_limit=None, time_limit=None, memory_limit=None, seed=None, **settings))]
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
        settings: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<Vec<String>> {
        let settings = Settings {
            algo,
            count_up_to,
            node_limit,
            time_limit,
            memory_limit,
            seed,
            own: own_settings(settings)?,
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

/// Sets `_watch` (a [`Watcher`]'s `events`) on the module of `P`.
pub fn register<P: Front>(module: &Bound<'_, PyModule>) -> PyResult<()> {
    let watcher = Bound::new(
        module.py(),
        Watcher {
            kind: Box::new(Typed::<P>(PhantomData)),
        },
    )?;
    module.setattr("_watch", watcher.getattr("events")?)
}
