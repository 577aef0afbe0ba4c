//! One submodule per puzzle, written once: [`register`] makes the module
//! of any [`Puzzle`] (`solve`, `solve_many`, `parse`, `algorithms`) around
//! a [`Solver`] that holds the puzzle type behind the object-safe [`Kind`].

use std::marker::PhantomData;
use std::sync::Arc;
use std::time::Duration;

use cli_kit::{CheckSolution, SolveRecord, Verified};
use puzzle_kit::{Algorithm, Configure, Effort, Outcome, Puzzle, Status};
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
///
/// A record is a view of one entry of its solve's or batch's [`Results`],
/// which stay in Rust: it holds the numbers and names, while the texts
/// (solution, puzzle, error, counters) are made when read and the JSON
/// when asked for. Building every text of every record of a batch up
/// front, and freeing them, cost about 0.8 µs a 17-clue sudoku, a fifth
/// of the solve, for fields that most batches never read.
#[pyclass(module = "puzzle_solvers", frozen)]
pub struct Record {
    results: Arc<dyn Results>,
    index: usize,
    /// The 1-based position in the batch (`solve_many`), else None.
    #[pyo3(get)]
    line: Option<usize>,
    /// `solved`, `unsolvable`, `limit` or `invalid`.
    #[pyo3(get)]
    status: &'static str,
    /// `node`, `time`, `memory`, `frontier` or `depth` when the status is `limit`.
    #[pyo3(get)]
    limit: Option<&'static str>,
    /// The algorithm that ran (empty when invalid).
    #[pyo3(get)]
    algo: &'static str,
    /// Solutions counted, at most `count_up_to`.
    #[pyo3(get)]
    count: u64,
    /// Whether `count` is every solution there is.
    #[pyo3(get)]
    count_complete: bool,
    /// Search states or assignments examined, the root included.
    #[pyo3(get)]
    nodes: u64,
    /// Wall-clock microseconds.
    #[pyo3(get)]
    micros: u64,
}

impl std::fmt::Debug for Record {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Record({}, {})", self.index, self.status)
    }
}

impl Record {
    /// The view of entry `index` of `results`, its numbers and names (a
    /// few words) copied in, its text left in `results` until read.
    fn view(results: &Arc<dyn Results>, index: usize) -> Record {
        let summary = results.summary(index);
        Record {
            results: Arc::clone(results),
            index,
            line: summary.line,
            status: summary.status,
            limit: summary.limit,
            algo: summary.algo,
            count: summary.count,
            count_complete: summary.count_complete,
            nodes: summary.nodes,
            micros: summary.micros,
        }
    }

    /// `read` of this record's entry, a panic in it caught at the boundary.
    fn read<T>(&self, read: impl FnOnce(&dyn Results, usize) -> T) -> PyResult<T> {
        Ok(guard(|| Ok(read(&*self.results, self.index)))?)
    }
}

#[pymethods]
impl Record {
    /// The solution's one-line form, when solved.
    #[getter]
    fn solution(&self) -> PyResult<Option<String>> {
        self.read(|results, index| results.solution(index))
    }

    /// Why the text is not a puzzle, when invalid.
    #[getter]
    fn error(&self) -> PyResult<Option<String>> {
        self.read(|results, index| results.error(index).map(str::to_owned))
    }

    /// The puzzle's canonical line (the text as given when invalid).
    #[getter]
    fn puzzle(&self) -> PyResult<String> {
        self.read(|results, index| results.puzzle(index))
    }

    /// The crate's own counters (a course formulation's `num_tested`, `backtracks`), as
    /// in the JSON record's `stats`.
    #[getter]
    fn counters(&self) -> PyResult<Vec<(&'static str, u64)>> {
        self.read(|results, index| results.counters(index))
    }

    /// `{"nodes": ..., "micros": ..., and the crate's own counters}`, as
    /// the JSON record's `stats`.
    #[getter]
    fn stats<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let stats = PyDict::new(py);
        stats.set_item("nodes", self.nodes)?;
        stats.set_item("micros", self.micros)?;
        for (name, value) in self.counters()? {
            stats.set_item(name, value)?;
        }
        Ok(stats)
    }

    /// The record as a dict, keys in the order of the binary's JSON
    /// record (`json.loads(record.to_json())`).
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        py.import("json")?.call_method1("loads", (self.to_json()?,))
    }

    /// The record as the binary's `--json` writes it, one line without the
    /// newline.
    fn to_json(&self) -> PyResult<String> {
        Ok(self.read(|results, index| results.json(index))??)
    }

    fn __repr__(&self) -> PyResult<String> {
        let mut text = format!("Record(status={:?}", self.status);
        if let Some(limit) = self.limit {
            text += &format!(", limit={limit:?}");
        }
        if let Some(solution) = self.solution()? {
            text += &format!(", solution={solution:?}");
        }
        if let Some(error) = self.error()? {
            text += &format!(", error={error:?}");
        }
        let complete = if self.count_complete { "True" } else { "False" };
        text += &format!(
            ", count={}, count_complete={complete}, nodes={}, micros={})",
            self.count, self.nodes, self.micros
        );
        Ok(text)
    }
}

/// A record's fields that are numbers and names, which [`Record::view`]
/// copies.
#[derive(Debug, Clone, Copy)]
pub struct Summary {
    line: Option<usize>,
    status: &'static str,
    limit: Option<&'static str>,
    algo: &'static str,
    count: u64,
    count_complete: bool,
    nodes: u64,
    micros: u64,
}

/// The results of one solve or one batch, the puzzle type erased, read by
/// the [`Record`]s that view them: entry `index` of each.
pub trait Results: Send + Sync {
    /// The fields that are numbers and names.
    fn summary(&self, index: usize) -> Summary;
    /// The solution's one-line form, when solved.
    fn solution(&self, index: usize) -> Option<String>;
    /// Why the text is not a puzzle, when invalid.
    fn error(&self, index: usize) -> Option<&str>;
    /// The canonical line, or the text as given when invalid.
    fn puzzle(&self, index: usize) -> String;
    /// The crate's own counters.
    fn counters(&self, index: usize) -> Vec<(&'static str, u64)>;
    /// The binary's JSON record, as one line.
    fn json(&self, index: usize) -> Result<String, Failure>;
}

/// A puzzle the package binds: its binary's records, checker and watched
/// solve, with record fields that results shared between threads can keep.
pub trait Bindable:
    SolveRecord<Fields: Send + Sync, Json: Send + Sync, Counters: Send + Sync>
    + CheckSolution
    + cli_kit::app::Watchable
    + 'static
{
}

impl<P> Bindable for P where
    P: SolveRecord<Fields: Send + Sync, Json: Send + Sync, Counters: Send + Sync>
        + CheckSolution
        + cli_kit::app::Watchable
        + 'static
{
}

/// The binary's JSON record of `P`.
type JsonRecord<P> = cli_kit::Record<
    <P as SolveRecord>::Fields,
    <P as SolveRecord>::Json,
    <P as SolveRecord>::Counters,
>;

/// One puzzle's result as the solve left it.
enum Entry<P: SolveRecord> {
    /// A search ran (whatever its status).
    Ran {
        puzzle: P,
        outcome: Outcome<P::Solution, P::Stats>,
        record: JsonRecord<P>,
    },
    /// The text is not a puzzle, or the options do not fit it.
    Invalid { text: String, record: JsonRecord<P> },
}

impl<P: SolveRecord> Entry<P> {
    fn record(&self) -> &JsonRecord<P> {
        match self {
            Entry::Ran { record, .. } | Entry::Invalid { record, .. } => record,
        }
    }
}

/// [`Results`] of the puzzle type `P`, solved with the algorithm `algo`.
struct Batch<P: SolveRecord> {
    algo: &'static str,
    entries: Vec<Entry<P>>,
}

impl<P: Bindable> Results for Batch<P> {
    fn summary(&self, index: usize) -> Summary {
        let entry = &self.entries[index];
        let line = entry.record().line;
        match entry {
            Entry::Ran { outcome, .. } => Summary {
                line,
                status: outcome.status.name(),
                limit: outcome.status.limit().map(|limit| limit.name()),
                algo: self.algo,
                count: outcome.count,
                count_complete: outcome.count_complete,
                nodes: outcome.stats.nodes(),
                micros: u64::try_from(outcome.stats.elapsed().as_micros()).unwrap_or(u64::MAX),
            },
            Entry::Invalid { .. } => Summary {
                line,
                status: "invalid",
                limit: None,
                algo: "",
                count: 0,
                count_complete: false,
                nodes: 0,
                micros: 0,
            },
        }
    }

    fn solution(&self, index: usize) -> Option<String> {
        match &self.entries[index] {
            Entry::Ran {
                puzzle, outcome, ..
            } => match (outcome.status, &outcome.solution) {
                (Status::Solved, Some(solution)) => Some(puzzle.solution_line(solution)),
                _ => None,
            },
            Entry::Invalid { .. } => None,
        }
    }

    fn error(&self, index: usize) -> Option<&str> {
        self.entries[index].record().error.as_deref()
    }

    fn puzzle(&self, index: usize) -> String {
        match &self.entries[index] {
            Entry::Ran { puzzle, .. } => puzzle.to_line(),
            Entry::Invalid { text, .. } => text.clone(),
        }
    }

    fn counters(&self, index: usize) -> Vec<(&'static str, u64)> {
        match &self.entries[index] {
            Entry::Ran { outcome, .. } => outcome.stats.counters(),
            Entry::Invalid { .. } => Vec::new(),
        }
    }

    fn json(&self, index: usize) -> Result<String, Failure> {
        serde_json::to_string(self.entries[index].record())
            .map_err(|error| Failure::Panic(error.to_string()))
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
    /// Solves `text` (the one entry of the results); options that do not
    /// fit it are a usage failure.
    fn solve(&self, text: &str, settings: &Settings) -> Result<Arc<dyn Results>, Failure>;
    /// Checks `solution` (what the binary's `check` reads) against the
    /// puzzle of `text`: what was verified of each record.
    fn check(&self, text: &str, solution: &str) -> Result<Vec<&'static str>, Failure>;
    /// Solves every text (an entry each, in order), each line's failure
    /// kept in its entry (status `invalid`), on the current rayon pool.
    fn solve_many(
        &self,
        texts: &[String],
        settings: &Settings,
    ) -> Result<Arc<dyn Results>, Failure>;
}

/// [`Kind`] for the puzzle type `P`.
struct Typed<P>(PhantomData<fn() -> P>);

impl<P: Bindable> Typed<P> {
    /// Solves `text` as the binary does (`counting`: with its count flag).
    fn solve_with(
        text: &str,
        options: &P::Options,
        counting: bool,
        line: Option<usize>,
    ) -> Result<Entry<P>, Failure> {
        let puzzle: P = text
            .parse()
            .map_err(|error: P::Error| Failure::Parse(error.to_string()))?;
        let (outcome, record) = puzzle
            .solve_record(options, counting)
            .map_err(Failure::Usage)?;
        Ok(Entry::Ran {
            puzzle,
            outcome,
            record: record.at_line(line),
        })
    }
}

impl<P: Bindable> Kind for Typed<P> {
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

    fn solve(&self, text: &str, settings: &Settings) -> Result<Arc<dyn Results>, Failure> {
        guard(|| {
            let counting = settings.count_up_to.is_some();
            let options = settings.options::<P>()?;
            let entry = Self::solve_with(text, &options, counting, None)?;
            Ok(Arc::new(Batch {
                algo: options.algo().name(),
                entries: vec![entry],
            }) as Arc<dyn Results>)
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

    fn solve_many(
        &self,
        texts: &[String],
        settings: &Settings,
    ) -> Result<Arc<dyn Results>, Failure> {
        let options = settings.options::<P>()?;
        let counting = settings.count_up_to.is_some();
        let entries = texts
            .par_iter()
            .enumerate()
            .map(|(index, text)| {
                let line = Some(index + 1);
                match guard(|| Self::solve_with(text, &options, counting, line)) {
                    Ok(entry) => Ok(entry),
                    // As the binary's batches: a text that is not a puzzle,
                    // or options that do not fit it, is an invalid record.
                    Err(Failure::Parse(message) | Failure::Usage(message)) => Ok(Entry::Invalid {
                        record: P::invalid_record(text, &message).at_line(line),
                        text: text.clone(),
                    }),
                    Err(failure) => Err(failure),
                }
            })
            .collect::<Result<Vec<_>, Failure>>()?;
        Ok(Arc::new(Batch {
            algo: options.algo().name(),
            entries,
        }))
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
        let results = py.detach(|| self.kind.solve(&text, &settings))?;
        Ok(Record::view(&results, 0))
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
        let results = py.detach(|| on_pool(threads, || self.kind.solve_many(&texts, &settings)))?;
        // One small view per puzzle; the texts stay in Rust until read.
        Ok((0..texts.len())
            .map(|index| Record::view(&results, index))
            .collect())
    }

    /// Checks `solution` (what the binary's `check` reads: the JSON
    /// records of `solve --json`) against the puzzle of `text` with the
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
/// `solve_many`, `parse`, `check`, `_watch` (the events), `algorithms`
/// (the default first) and `NAME`.
pub fn register<'py, P: Bindable>(
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
    crate::watch::register::<P>(&module)?;
    parent.add_submodule(&module)?;
    Ok(module)
}
