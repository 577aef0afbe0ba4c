//! One submodule per puzzle, written once: [`register`] makes the module
//! of any [`Puzzle`] (`solve`, `solve_many`, `parse`, `algorithms`) around
//! a [`Solver`] that holds the puzzle type behind the object-safe [`Kind`].

use std::marker::PhantomData;
use std::time::Duration;

use puzzle_kit::{Algorithm, Configure, Effort, Puzzle, Status};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};
use rayon::prelude::*;

use crate::errors::{Failure, guard};

/// The keyword arguments every `solve` takes: the algorithm by name and
/// the limits of [`puzzle_kit::Limits`].
#[derive(Debug, Clone, Default)]
pub struct Settings {
    algo: Option<String>,
    count_up_to: Option<u64>,
    node_limit: Option<u64>,
    time_limit: Option<f64>,
    memory_limit: Option<usize>,
    seed: Option<u64>,
}

impl Settings {
    fn options<P: Puzzle>(&self) -> Result<P::Options, Failure> {
        let algo = match &self.algo {
            None => P::Algo::default(),
            Some(name) => {
                P::Algo::from_name(name).map_err(|error| Failure::Usage(error.to_string()))?
            }
        };
        let mut options = P::Options::new(algo);
        let limits = options.limits_mut();
        if let Some(count) = self.count_up_to {
            limits.count_up_to = count.max(1);
        }
        limits.node_limit = self.node_limit;
        limits.memory_limit = self.memory_limit;
        limits.seed = self.seed;
        if let Some(seconds) = self.time_limit {
            let time = Duration::try_from_secs_f64(seconds).map_err(|_| {
                Failure::Usage(format!(
                    "time_limit {seconds}: expected a finite number of seconds, 0 or more"
                ))
            })?;
            limits.time_limit = Some(time);
        }
        Ok(options)
    }
}

/// One puzzle's result, with the fields of its JSON record: `status`
/// (`solved`, `unsolvable`, `limit`, or in a batch `invalid`), `limit`
/// (which limit, when one stopped it), `solution` (its one-line form, only
/// when solved), `error` (only when invalid), `puzzle` (the canonical
/// line), `algo`, `count`, `count_complete`, `stats` and, in a batch,
/// `line`.
#[pyclass(module = "puzzle_solvers", frozen, get_all)]
#[derive(Debug, Clone)]
pub struct Record {
    /// The 1-based position in the batch (`solve_many`), else None.
    pub line: Option<usize>,
    /// `solved`, `unsolvable`, `limit` or `invalid`.
    pub status: &'static str,
    /// `node`, `time`, `memory`, `frontier` or `depth` when the status is `limit`.
    pub limit: Option<&'static str>,
    /// The solution's one-line form, when solved.
    pub solution: Option<String>,
    /// Why the text is not a puzzle, when invalid.
    pub error: Option<String>,
    /// The puzzle's canonical line (the text as given when invalid).
    pub puzzle: String,
    /// The algorithm that ran (empty when invalid).
    pub algo: &'static str,
    /// Solutions counted, at most `count_up_to`.
    pub count: u64,
    /// Whether `count` is every solution there is.
    pub count_complete: bool,
    /// Search states or assignments examined, the root included.
    pub nodes: u64,
    /// Wall-clock microseconds.
    pub micros: u64,
    /// The crate's own counters (a seed's `num_tested`, `backtracks`), as
    /// in the JSON record's `stats`.
    pub counters: Vec<(&'static str, u64)>,
}

#[pymethods]
impl Record {
    /// `{"nodes": ..., "micros": ..., and the crate's own counters}`, as
    /// the JSON record's `stats`.
    #[getter]
    fn stats<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let stats = PyDict::new(py);
        stats.set_item("nodes", self.nodes)?;
        stats.set_item("micros", self.micros)?;
        for (name, value) in &self.counters {
            stats.set_item(name, value)?;
        }
        Ok(stats)
    }

    /// The record as a dict, keys in the JSON record's order, absent
    /// fields left out as the record leaves them out.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(py);
        if let Some(line) = self.line {
            dict.set_item("line", line)?;
        }
        dict.set_item("status", self.status)?;
        if let Some(solution) = &self.solution {
            dict.set_item("solution", solution)?;
        }
        if let Some(error) = &self.error {
            dict.set_item("error", error)?;
        }
        if let Some(limit) = self.limit {
            dict.set_item("limit", limit)?;
        }
        dict.set_item("puzzle", &self.puzzle)?;
        if self.error.is_none() {
            dict.set_item("algo", self.algo)?;
            dict.set_item("count", self.count)?;
            dict.set_item("count_complete", self.count_complete)?;
        }
        dict.set_item("stats", self.stats(py)?)?;
        Ok(dict)
    }

    /// The record as one JSON line (without the newline), fields as
    /// [`Record::to_dict`].
    fn to_json(&self) -> String {
        let mut fields: Vec<(&str, serde_json::Value)> = Vec::new();
        if let Some(line) = self.line {
            fields.push(("line", line.into()));
        }
        fields.push(("status", self.status.into()));
        if let Some(solution) = &self.solution {
            fields.push(("solution", solution.as_str().into()));
        }
        if let Some(error) = &self.error {
            fields.push(("error", error.as_str().into()));
        }
        if let Some(limit) = self.limit {
            fields.push(("limit", limit.into()));
        }
        fields.push(("puzzle", self.puzzle.as_str().into()));
        if self.error.is_none() {
            fields.push(("algo", self.algo.into()));
            fields.push(("count", self.count.into()));
            fields.push(("count_complete", self.count_complete.into()));
        }
        let mut body: Vec<String> = fields
            .iter()
            .map(|(key, value)| format!("\"{key}\":{value}"))
            .collect();
        let counters: String = self
            .counters
            .iter()
            .map(|(name, value)| format!(",\"{name}\":{value}"))
            .collect();
        body.push(format!(
            "\"stats\":{{\"nodes\":{},\"micros\":{}{counters}}}",
            self.nodes, self.micros
        ));
        format!("{{{}}}", body.join(","))
    }

    fn __repr__(&self) -> String {
        let mut text = format!("Record(status={:?}", self.status);
        if let Some(limit) = self.limit {
            text += &format!(", limit={limit:?}");
        }
        if let Some(solution) = &self.solution {
            text += &format!(", solution={solution:?}");
        }
        if let Some(error) = &self.error {
            text += &format!(", error={error:?}");
        }
        text += &format!(
            ", count={}, count_complete={}, nodes={}, micros={})",
            self.count,
            if self.count_complete { "True" } else { "False" },
            self.nodes,
            self.micros
        );
        text
    }
}

/// What the module of one puzzle needs, with the puzzle type erased so
/// that one `#[pyclass]` serves every puzzle.
pub trait Kind: Send + Sync {
    /// The crate's name.
    fn name(&self) -> &'static str;
    /// Every algorithm's name, the default first.
    fn algorithms(&self) -> Vec<&'static str>;
    /// The canonical line of `text`.
    fn parse(&self, text: &str) -> Result<String, Failure>;
    /// Solves `text`.
    fn solve(&self, text: &str, settings: &Settings) -> Result<Record, Failure>;
    /// Solves every text, each line's failure kept in its record (status
    /// `invalid`), on the current rayon pool.
    fn solve_many(&self, texts: &[String], settings: &Settings) -> Result<Vec<Record>, Failure>;
}

/// [`Kind`] for the puzzle type `P`.
struct Typed<P>(PhantomData<fn() -> P>);

impl<P: Puzzle> Typed<P> {
    fn solve_with(
        text: &str,
        options: &P::Options,
        line: Option<usize>,
    ) -> Result<Record, Failure> {
        let puzzle: P = text
            .parse()
            .map_err(|error: P::Error| Failure::Parse(error.to_string()))?;
        let outcome = puzzle.solve(options);
        let solution = match (outcome.status, &outcome.solution) {
            (Status::Solved, Some(solution)) => Some(puzzle.solution_line(solution)),
            _ => None,
        };
        Ok(Record {
            line,
            status: outcome.status.name(),
            limit: outcome.status.limit().map(|limit| limit.name()),
            solution,
            error: None,
            puzzle: puzzle.to_line(),
            algo: options.algo().name(),
            count: outcome.count,
            count_complete: outcome.count_complete,
            nodes: outcome.stats.nodes(),
            micros: u64::try_from(outcome.stats.elapsed().as_micros()).unwrap_or(u64::MAX),
            counters: outcome.stats.counters(),
        })
    }
}

impl<P: Puzzle> Kind for Typed<P> {
    fn name(&self) -> &'static str {
        P::NAME
    }

    fn algorithms(&self) -> Vec<&'static str> {
        let default = P::Algo::default();
        std::iter::once(default)
            .chain(P::Algo::ALL.iter().copied().filter(|algo| *algo != default))
            .map(Algorithm::name)
            .collect()
    }

    fn parse(&self, text: &str) -> Result<String, Failure> {
        guard(|| {
            let puzzle: P = text
                .parse()
                .map_err(|error: P::Error| Failure::Parse(error.to_string()))?;
            Ok(puzzle.to_line())
        })
    }

    fn solve(&self, text: &str, settings: &Settings) -> Result<Record, Failure> {
        guard(|| Self::solve_with(text, &settings.options::<P>()?, None))
    }

    fn solve_many(&self, texts: &[String], settings: &Settings) -> Result<Vec<Record>, Failure> {
        let options = settings.options::<P>()?;
        texts
            .par_iter()
            .enumerate()
            .map(|(index, text)| {
                let line = Some(index + 1);
                match guard(|| Self::solve_with(text, &options, line)) {
                    Ok(record) => Ok(record),
                    Err(Failure::Parse(message)) => Ok(Record {
                        line,
                        status: "invalid",
                        limit: None,
                        solution: None,
                        error: Some(message),
                        puzzle: text.clone(),
                        algo: "",
                        count: 0,
                        count_complete: false,
                        nodes: 0,
                        micros: 0,
                        counters: Vec::new(),
                    }),
                    Err(failure) => Err(failure),
                }
            })
            .collect()
    }
}

/// The solver behind one puzzle's module; its bound methods are the
/// module's functions.
#[pyclass(module = "puzzle_solvers", frozen)]
pub struct Solver {
    kind: Box<dyn Kind>,
}

impl std::fmt::Debug for Solver {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Solver({})", self.kind.name())
    }
}

/// Runs `work` on a pool of `threads` workers, or on rayon's global pool.
pub fn on_pool<T: Send>(
    threads: Option<usize>,
    work: impl FnOnce() -> Result<T, Failure> + Send,
) -> Result<T, Failure> {
    match threads {
        None => work(),
        Some(0) => Err(Failure::Usage("threads must be at least 1".to_owned())),
        Some(threads) => rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .map_err(|error| Failure::Usage(format!("cannot start {threads} threads: {error}")))?
            .install(work),
    }
}

#[pymethods]
impl Solver {
    /// Solves one puzzle given in the command line's text form; raises
    /// ParseError (a ValueError with line and column) when it is not one,
    /// ValueError for an unknown algorithm. A limit is a status.
    #[pyo3(signature = (text, *, algo=None, count_up_to=None, node_limit=None, time_limit=None, memory_limit=None, seed=None))]
    #[allow(clippy::too_many_arguments)]
    fn solve(
        &self,
        py: Python<'_>,
        text: String,
        algo: Option<String>,
        count_up_to: Option<u64>,
        node_limit: Option<u64>,
        time_limit: Option<f64>,
        memory_limit: Option<usize>,
        seed: Option<u64>,
    ) -> PyResult<Record> {
        let settings = Settings {
            algo,
            count_up_to,
            node_limit,
            time_limit,
            memory_limit,
            seed,
        };
        Ok(py.detach(|| self.kind.solve(&text, &settings))?)
    }

    /// Solves every text on rayon's threads (`threads` of them, or one per
    /// core) with the GIL released; a text that is not a puzzle gives a
    /// record with status "invalid" and its error, as the command line's
    /// batches do. Records come in input order, `line` numbered from 1.
    #[pyo3(signature = (texts, threads=None, *, algo=None, count_up_to=None, node_limit=None, time_limit=None, memory_limit=None, seed=None))]
    #[allow(clippy::too_many_arguments)]
    fn solve_many(
        &self,
        py: Python<'_>,
        texts: Vec<String>,
        threads: Option<usize>,
        algo: Option<String>,
        count_up_to: Option<u64>,
        node_limit: Option<u64>,
        time_limit: Option<f64>,
        memory_limit: Option<usize>,
        seed: Option<u64>,
    ) -> PyResult<Vec<Record>> {
        let settings = Settings {
            algo,
            count_up_to,
            node_limit,
            time_limit,
            memory_limit,
            seed,
        };
        Ok(py.detach(|| on_pool(threads, || self.kind.solve_many(&texts, &settings)))?)
    }

    /// The canonical one-line form of `text` (raises ParseError).
    fn parse(&self, py: Python<'_>, text: String) -> PyResult<String> {
        Ok(py.detach(|| self.kind.parse(&text))?)
    }

    fn __repr__(&self) -> String {
        format!("<puzzle_solvers solver for {}>", self.kind.name())
    }
}

/// Adds the classes every puzzle module returns.
pub fn register_classes(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_class::<Record>()?;
    module.add_class::<Solver>()?;
    Ok(())
}

/// Adds the submodule `name` for the puzzle type `P`: `solve`,
/// `solve_many`, `parse`, `algorithms` (the default first) and `NAME`.
pub fn register<'py, P: Puzzle + 'static>(
    parent: &Bound<'py, PyModule>,
    name: &str,
) -> PyResult<Bound<'py, PyModule>> {
    let py = parent.py();
    let kind = Typed::<P>(PhantomData);
    let algorithms = PyTuple::new(py, kind.algorithms())?;
    let solver = Bound::new(
        py,
        Solver {
            kind: Box::new(kind),
        },
    )?;
    let module = PyModule::new(py, name)?;
    for function in ["solve", "solve_many", "parse"] {
        module.add(function, solver.getattr(function)?)?;
    }
    module.add("algorithms", algorithms)?;
    module.add("NAME", P::NAME)?;
    module.add("_solver", solver)?;
    parent.add_submodule(&module)?;
    Ok(module)
}
