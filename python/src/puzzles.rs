//! One submodule per puzzle, written once: [`register`] makes the module
//! of any [`Puzzle`] (`solve`, `solve_many`, `parse`, `algorithms`) around
//! a [`Solver`] that holds the puzzle type behind the object-safe [`Kind`].

use std::marker::PhantomData;
use std::time::Duration;

use cli_kit::{CheckSolution, SolveRecord, Verified};
use puzzle_kit::{Algorithm, Configure, Effort, Puzzle, Status};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};
use rayon::prelude::*;

use crate::errors::{Failure, guard};

/// The keyword arguments every `solve` takes: the algorithm by name and
/// the limits of [`puzzle_kit::Limits`].
#[derive(Debug, Clone, Default)]
pub struct Settings {
    pub algo: Option<String>,
    pub count_up_to: Option<u64>,
    pub node_limit: Option<u64>,
    pub time_limit: Option<f64>,
    pub memory_limit: Option<usize>,
    pub seed: Option<u64>,
}

impl Settings {
    /// The options of `P` these settings ask for.
    pub fn options<P: Puzzle>(&self) -> Result<P::Options, Failure> {
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

/// One puzzle's result. The attributes are the same for every puzzle:
/// `status` (`solved`, `unsolvable`, `limit`, or in a batch `invalid`),
/// `limit` (which limit, when one stopped it), `solution` (its one-line
/// form, only when solved), `error` (only when invalid), `puzzle` (the
/// canonical line), `algo`, `count`, `count_complete`, `stats` and, in a
/// batch, `line`. `to_json()` and `to_dict()` are the record the crate's
/// binary writes with `--json` for the same puzzle and options, with the
/// crate's own fields (built by the crate's [`SolveRecord`], the binary's
/// own function).
#[pyclass(module = "puzzle_solvers", frozen)]
#[derive(Debug, Clone)]
pub struct Record {
    /// The 1-based position in the batch (`solve_many`), else None.
    #[pyo3(get)]
    pub line: Option<usize>,
    /// `solved`, `unsolvable`, `limit` or `invalid`.
    #[pyo3(get)]
    pub status: &'static str,
    /// `node`, `time`, `memory`, `frontier` or `depth` when the status is `limit`.
    #[pyo3(get)]
    pub limit: Option<&'static str>,
    /// The solution's one-line form, when solved.
    #[pyo3(get)]
    pub solution: Option<String>,
    /// Why the text is not a puzzle, when invalid.
    #[pyo3(get)]
    pub error: Option<String>,
    /// The puzzle's canonical line (the text as given when invalid).
    #[pyo3(get)]
    pub puzzle: String,
    /// The algorithm that ran (empty when invalid).
    #[pyo3(get)]
    pub algo: &'static str,
    /// Solutions counted, at most `count_up_to`.
    #[pyo3(get)]
    pub count: u64,
    /// Whether `count` is every solution there is.
    #[pyo3(get)]
    pub count_complete: bool,
    /// Search states or assignments examined, the root included.
    #[pyo3(get)]
    pub nodes: u64,
    /// Wall-clock microseconds.
    #[pyo3(get)]
    pub micros: u64,
    /// The crate's own counters (a seed's `num_tested`, `backtracks`), as
    /// in the JSON record's `stats`.
    #[pyo3(get)]
    pub counters: Vec<(&'static str, u64)>,
    /// The binary's JSON record, as one line.
    json: String,
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

    /// The record as a dict, keys in the order of the binary's JSON
    /// record (`json.loads(record.to_json())`).
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        py.import("json")?.call_method1("loads", (&self.json,))
    }

    /// The record as the binary's `--json` writes it, one line without the
    /// newline.
    fn to_json(&self) -> String {
        self.json.clone()
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
    /// Solves `text`; options that do not fit it are a usage failure.
    fn solve(&self, text: &str, settings: &Settings) -> Result<Record, Failure>;
    /// Checks `solution` (what the binary's `check` reads) against the
    /// puzzle of `text`: what was verified of each record.
    fn check(&self, text: &str, solution: &str) -> Result<Vec<&'static str>, Failure>;
    /// Solves every text, each line's failure kept in its record (status
    /// `invalid`), on the current rayon pool.
    fn solve_many(&self, texts: &[String], settings: &Settings) -> Result<Vec<Record>, Failure>;
}

/// [`Kind`] for the puzzle type `P`.
struct Typed<P>(PhantomData<fn() -> P>);

/// A record as one JSON line.
fn json_line(record: &impl serde::Serialize) -> Result<String, Failure> {
    serde_json::to_string(record).map_err(|error| Failure::Panic(error.to_string()))
}

impl<P: SolveRecord + CheckSolution> Typed<P> {
    /// Solves `text` as the binary does (`counting`: with its count flag).
    fn solve_with(
        text: &str,
        options: &P::Options,
        counting: bool,
        line: Option<usize>,
    ) -> Result<Record, Failure> {
        let puzzle: P = text
            .parse()
            .map_err(|error: P::Error| Failure::Parse(error.to_string()))?;
        let (outcome, record) = puzzle
            .solve_record(options, counting)
            .map_err(Failure::Usage)?;
        let json = json_line(&record.at_line(line))?;
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
            json,
        })
    }
}

impl<P: SolveRecord + CheckSolution> Kind for Typed<P> {
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
        guard(|| {
            let counting = settings.count_up_to.is_some();
            Self::solve_with(text, &settings.options::<P>()?, counting, None)
        })
    }

    fn check(&self, text: &str, solution: &str) -> Result<Vec<&'static str>, Failure> {
        guard(|| {
            let puzzle: P = text
                .parse()
                .map_err(|error: P::Error| Failure::Parse(error.to_string()))?;
            let verified = puzzle
                .check_text(solution)
                .map_err(|(line, message)| Failure::Check(line, message))?;
            Ok(verified
                .into_iter()
                .map(|verdict| match verdict {
                    Verified::Solution => "solution",
                    Verified::NoSolution => "no-solution",
                    Verified::Nothing => "nothing",
                })
                .collect())
        })
    }

    fn solve_many(&self, texts: &[String], settings: &Settings) -> Result<Vec<Record>, Failure> {
        let options = settings.options::<P>()?;
        let counting = settings.count_up_to.is_some();
        texts
            .par_iter()
            .enumerate()
            .map(|(index, text)| {
                let line = Some(index + 1);
                match guard(|| Self::solve_with(text, &options, counting, line)) {
                    Ok(record) => Ok(record),
                    // As the binary's batches: a text that is not a puzzle,
                    // or options that do not fit it, is an invalid record.
                    Err(Failure::Parse(message) | Failure::Usage(message)) => Ok(Record {
                        json: json_line(&P::invalid_record(text, &message).at_line(line))?,
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

    /// Checks `solution` (what the binary's `check` reads: its `--json`
    /// records or its human view) against the puzzle of `text` with the
    /// crate's independent checker: for each record "solution" (every rule
    /// kept), "no-solution" (an "unsolvable" claim confirmed) or "nothing"
    /// (a limit: nothing to check). Raises CheckError (a ValueError with
    /// `line`) naming the rule broken and where, ParseError when `text` is
    /// not a puzzle.
    fn check(&self, py: Python<'_>, text: String, solution: String) -> PyResult<Vec<&'static str>> {
        Ok(py.detach(|| self.kind.check(&text, &solution))?)
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
/// `solve_many`, `parse`, `check`, `algorithms` (the default first) and
/// `NAME`.
pub fn register<'py, P: SolveRecord + CheckSolution + 'static>(
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
    for function in ["solve", "solve_many", "parse", "check"] {
        module.add(function, solver.getattr(function)?)?;
    }
    module.add("algorithms", algorithms)?;
    module.add("NAME", P::NAME)?;
    module.add("_solver", solver)?;
    parent.add_submodule(&module)?;
    Ok(module)
}
