//! One submodule per registered puzzle, written once: [`register`] makes
//! the module of any [`Front`] (`solve`, `solve_many`, `parse`, `check`,
//! `algorithms`, `NAME`, `TITLE`, `EXAMPLE`, `SETTINGS`) around a
//! [`Solver`] that holds the puzzle type behind the object-safe [`Kind`].
//! A solve is the binary's: [`Front::prepare`], [`cli_kit::App::solve_telling`],
//! and the record [`cli_kit::app::Show::write_record`] writes with the view
//! [`Front::view`] gives.

use std::marker::PhantomData;
use std::sync::Arc;
use std::time::Duration;

use cli_kit::app::{Flag, Solved};
use cli_kit::front::refuse_misfit;
use cli_kit::{Front, Refusal, Verified};
use puzzle_kit::{Algorithm, Configure, Effort, Puzzle};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyInt, PyString, PyTuple};
use rayon::prelude::*;

use crate::errors::{Failure, guard};

/// The keyword arguments of a `solve`: the algorithm by name, the limits
/// of [`puzzle_kit::Limits`], and the crate's own settings
/// ([`Front::SETTINGS`]) by name, each value as text.
#[derive(Debug, Clone, Default)]
pub struct Settings {
    pub algo: Option<String>,
    pub count_up_to: Option<u64>,
    pub node_limit: Option<u64>,
    pub time_limit: Option<f64>,
    pub memory_limit: Option<usize>,
    pub seed: Option<u64>,
    pub own: Vec<(String, String)>,
}

impl Settings {
    /// Whether the solve counts (the binary's `--count`).
    pub fn counting(&self) -> bool {
        self.count_up_to.is_some()
    }

    /// The options of `P` the shared settings ask for, refused as the
    /// command line refuses them: an unknown algorithm, a time that is no
    /// time, and a shared option given with an algorithm it does not apply
    /// to ([`refuse_misfit`], the command line's table and message);
    /// `watched` adds `--events` to what is given. A name that is none of
    /// the crate's own settings is refused first, as clap refuses an
    /// unknown flag before anything; their values are
    /// [`Front::prepare`]'s.
    pub fn options<P: Front>(&self, watched: bool) -> Result<P::Options, Failure> {
        cli_kit::front::refuse_unknown::<P>(&self.own)?;
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
        let given = [
            ("events", Flag::Events, watched),
            ("count_up_to", Flag::Count, self.count_up_to.is_some()),
            ("node_limit", Flag::NodeLimit, self.node_limit.is_some()),
            ("time_limit", Flag::TimeLimit, self.time_limit.is_some()),
            (
                "memory_limit",
                Flag::MemoryLimit,
                self.memory_limit.is_some(),
            ),
        ];
        let given: Vec<(&str, Flag)> = given
            .into_iter()
            .filter(|&(_, _, on)| on)
            .map(|(name, flag, _)| (name, flag))
            .collect();
        refuse_misfit::<P>(&options, &given).map_err(Failure::from)?;
        Ok(options)
    }

    /// The puzzle of `text` with the crate's own settings applied to it and
    /// to `options` (a copy of `base`).
    pub fn prepare<P: Front>(
        &self,
        text: &str,
        base: &P::Options,
    ) -> Result<(P, P::Options), Failure> {
        let mut options = base.clone();
        let puzzle = P::prepare(text, &self.own, &mut options).map_err(Failure::from)?;
        Ok((puzzle, options))
    }
}

impl From<Refusal> for Failure {
    fn from(refusal: Refusal) -> Failure {
        match refusal {
            Refusal::Puzzle(message) => Failure::Parse(message),
            Refusal::Setting { message, .. } => Failure::Usage(message),
        }
    }
}

/// The crate's own settings of a call, from its keyword arguments: a bool
/// is `true` or `false`, an int its decimal digits, a str itself, and
/// None not given (the stubs' default); what each name means (and whether
/// it is one) is [`Front::prepare`]'s.
pub fn own_settings(keywords: Option<&Bound<'_, PyDict>>) -> PyResult<Vec<(String, String)>> {
    let Some(keywords) = keywords else {
        return Ok(Vec::new());
    };
    keywords
        .iter()
        .filter(|(_, value)| !value.is_none())
        .map(|(name, value)| {
            let name: String = name.extract()?;
            // A bool is an int to Python: it is asked first.
            let text = if value.is_instance_of::<PyBool>() {
                value.extract::<bool>()?.to_string()
            } else if value.is_instance_of::<PyInt>() || value.is_instance_of::<PyString>() {
                value.str()?.to_string()
            } else {
                return Err(PyValueError::new_err(format!(
                    "{name}: expected a str, an int or a bool, found {}",
                    value.get_type().name()?
                )));
            };
            Ok((name, text))
        })
        .collect()
}

/// One puzzle's result. The attributes are the same for every puzzle:
/// `status` (`solved`, `unsolvable`, `limit`, or in a batch `invalid`),
/// `limit` (which limit, when one stopped it), `solution` (its one-line
/// form, only when solved), `error` (only when invalid), `puzzle` (the
/// canonical line), `algo`, `count`, `count_complete`, `stats` and, in a
/// batch, `line`. `to_json()` and `to_dict()` are the record the crate's
/// binary writes with `--json` for the same puzzle and options, with the
/// crate's own fields (written by the crate's [`cli_kit::app::Show::write_record`], the
/// binary's own function).
///
/// A record is a view of one entry of its solve's or batch's [`Results`],
/// which stay in Rust: it holds the numbers and names, while the texts
/// (solution, puzzle, error, counters) and the JSON are made when read. Building every text of every record of a batch up
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

/// One puzzle's result as the solve left it.
enum Entry<P: Puzzle> {
    /// A search ran (whatever its status), with these options.
    Ran {
        solved: Solved<P>,
        options: P::Options,
    },
    /// The text is not a puzzle, or the settings do not fit it: the
    /// text and why.
    Invalid { text: String, error: String },
}

/// [`Results`] of the puzzle type `P`, solved with the crate's own
/// settings `own`.
struct Batch<P: Front> {
    /// Whether the solve counted (the record's `count` fields).
    counting: bool,
    /// Whether the entries are a batch's, each with its 1-based `line`.
    numbered: bool,
    own: Vec<(String, String)>,
    entries: Vec<Entry<P>>,
}

impl<P: Front> Batch<P> {
    fn line(&self, index: usize) -> Option<usize> {
        self.numbered.then_some(index + 1)
    }
}

impl<P: Front> Results for Batch<P> {
    fn summary(&self, index: usize) -> Summary {
        let line = self.line(index);
        match &self.entries[index] {
            Entry::Ran { solved, options } => {
                let outcome = &solved.outcome;
                Summary {
                    line,
                    status: outcome.status.name(),
                    limit: outcome.status.limit().map(|limit| limit.name()),
                    algo: options.algo().name(),
                    count: outcome.count,
                    count_complete: outcome.count_complete,
                    nodes: outcome.stats.nodes(),
                    micros: u64::try_from(outcome.stats.elapsed().as_micros()).unwrap_or(u64::MAX),
                }
            }
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
            Entry::Ran { solved, .. } => solved
                .solution()
                .map(|solution| solved.puzzle.solution_line(solution)),
            Entry::Invalid { .. } => None,
        }
    }

    fn error(&self, index: usize) -> Option<&str> {
        match &self.entries[index] {
            Entry::Ran { .. } => None,
            Entry::Invalid { error, .. } => Some(error),
        }
    }

    fn puzzle(&self, index: usize) -> String {
        match &self.entries[index] {
            Entry::Ran { solved, .. } => solved.puzzle.to_line(),
            Entry::Invalid { text, .. } => text.clone(),
        }
    }

    fn counters(&self, index: usize) -> Vec<(&'static str, u64)> {
        match &self.entries[index] {
            Entry::Ran { solved, .. } => solved.outcome.stats.counters(),
            Entry::Invalid { .. } => Vec::new(),
        }
    }

    /// What the binary's driver writes under `--json` for the entry, by
    /// the same functions: [`cli_kit::app::Show::write_record`] with the view of its
    /// options ([`Front::view`]), and the invalid record with
    /// [`cli_kit::app::Show::invalid_fields`].
    fn json(&self, index: usize) -> Result<String, Failure> {
        let line = self.line(index);
        let mut out = Vec::new();
        let written = match &self.entries[index] {
            Entry::Ran { solved, options } => {
                let view = P::view(&self.own, options);
                P::write_record(&mut out, solved, self.counting, line, &view)
            }
            Entry::Invalid { text, error } => {
                let record: cli_kit::app::RecordOf<P> =
                    cli_kit::Record::invalid(error, P::invalid_fields(text));
                record.at_line(line).write_line(&mut out)
            }
        };
        written.map_err(|error| Failure::Panic(format!("writing the record: {error:#}")))?;
        // One line, without its newline.
        if out.last() == Some(&b'\n') {
            out.pop();
        }
        String::from_utf8(out).map_err(|error| Failure::Panic(error.to_string()))
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
    /// Solves `text` (the one entry of the results); settings that do not
    /// fit it are a usage failure.
    fn solve(&self, text: &str, settings: &Settings) -> Result<Arc<dyn Results>, Failure>;
    /// Checks `solution` (what the binary's `check` reads) against the
    /// puzzle of `text`: what was verified of each record.
    fn check(
        &self,
        text: &str,
        solution: &str,
        own: &[(String, String)],
    ) -> Result<Vec<&'static str>, Failure>;
    /// Solves every text (an entry each, in order), each line's failure
    /// kept in its entry (status `invalid`), on the current rayon pool;
    /// settings that fit no text (an unknown one, an algorithm a shared
    /// option does not apply to) fail the call.
    fn solve_many(
        &self,
        texts: &[String],
        settings: &Settings,
    ) -> Result<Arc<dyn Results>, Failure>;
}

/// [`Kind`] for the puzzle type `P`.
struct Typed<P>(PhantomData<fn() -> P>);

impl<P: Front> Typed<P> {
    /// Solves `text` as the binary's `solve` does: the puzzle prepared,
    /// solved, and (not counting) its uniqueness told.
    fn solve_with(text: &str, base: &P::Options, settings: &Settings) -> Result<Entry<P>, Failure> {
        let (puzzle, options) = settings.prepare::<P>(text, base)?;
        let (outcome, unique) = puzzle.solve_telling(&options, !settings.counting());
        Ok(Entry::Ran {
            solved: Solved {
                puzzle,
                outcome,
                unique,
            },
            options,
        })
    }

    /// The results of `entries`, solved with these settings.
    fn batch(entries: Vec<Entry<P>>, settings: &Settings, numbered: bool) -> Arc<dyn Results> {
        Arc::new(Batch {
            counting: settings.counting(),
            numbered,
            own: settings.own.clone(),
            entries,
        })
    }
}

impl<P: Front> Kind for Typed<P> {
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
            let mut options = P::Options::new(P::Algo::default());
            Ok(P::prepare(text, &[], &mut options)?.to_line())
        })
    }

    fn solve(&self, text: &str, settings: &Settings) -> Result<Arc<dyn Results>, Failure> {
        guard(|| {
            let base = settings.options::<P>(false)?;
            let entry = Self::solve_with(text, &base, settings)?;
            Ok(Self::batch(vec![entry], settings, false))
        })
    }

    fn check(
        &self,
        text: &str,
        solution: &str,
        own: &[(String, String)],
    ) -> Result<Vec<&'static str>, Failure> {
        guard(|| {
            let mut options = P::Options::new(P::Algo::default());
            let puzzle = P::prepare(text, own, &mut options)?;
            let verified = puzzle
                .check_with(own, solution)
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
        let base = guard(|| settings.options::<P>(false))?;
        let entries = texts
            .par_iter()
            .map(
                |text| match guard(|| Self::solve_with(text, &base, settings)) {
                    Ok(entry) => Ok(entry),
                    // As the binary's batches: a text that is not a puzzle,
                    // or settings that do not fit it, is an invalid record.
                    Err(Failure::Parse(error) | Failure::Usage(error)) => Ok(Entry::Invalid {
                        text: text.clone(),
                        error,
                    }),
                    Err(failure) => Err(failure),
                },
            )
            .collect::<Result<Vec<_>, Failure>>()?;
        Ok(Self::batch(entries, settings, true))
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
    /// ValueError for an unknown algorithm or setting, or a shared option
    /// the algorithm does not take (as the binary refuses it). The crate's
    /// own settings are keyword arguments (the module's SETTINGS). A limit
    /// is a status.
    #[pyo3(signature = (text, *, algo=None, count_up_to=None, node_limit=None, time_limit=None, memory_limit=None, seed=None, **settings))]
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
        settings: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<Record> {
        let settings = Settings {
            algo,
            count_up_to,
            node_limit,
            time_limit,
            memory_limit,
            seed,
            own: own_settings(settings)?,
        };
        let results = py.detach(|| self.kind.solve(&text, &settings))?;
        Ok(Record::view(&results, 0))
    }

    /// Solves every text on rayon's threads (`threads` of them, or one per
    /// core) with the GIL released; a text that is not a puzzle gives a
    /// record with status "invalid" and its error, as the command line's
    /// batches do. Records come in input order, `line` numbered from 1.
    #[pyo3(signature = (texts, threads=None, *, algo=None, count_up_to=None, node_limit=None, time_limit=None, memory_limit=None, seed=None, **settings))]
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
        settings: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<Vec<Record>> {
        let settings = Settings {
            algo,
            count_up_to,
            node_limit,
            time_limit,
            memory_limit,
            seed,
            own: own_settings(settings)?,
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
    /// not a puzzle. The crate's own settings are those the records were
    /// solved with (crossword's `words`, checked against).
    #[pyo3(signature = (text, solution, **settings))]
    fn check(
        &self,
        py: Python<'_>,
        text: String,
        solution: String,
        settings: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<Vec<&'static str>> {
        let own = own_settings(settings)?;
        Ok(py.detach(|| self.kind.check(&text, &solution, &own))?)
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

/// The docstring of the module of `P`: its title, its text form by
/// example, and its own settings with what each takes.
fn module_doc<P: Front>() -> String {
    let mut doc = format!(
        "{}: the `{}` crate's solvers, as its binary takes and writes them.\n\n\
         A puzzle in the text form `solve` reads, its EXAMPLE:\n\n{}\n",
        P::TITLE,
        P::NAME,
        P::EXAMPLE
            .lines()
            .map(|line| format!("    {line}"))
            .collect::<Vec<_>>()
            .join("\n"),
    );
    if P::SETTINGS.is_empty() {
        doc.push_str("\nIt takes no setting of its own.\n");
    } else {
        doc.push_str("\nIts own settings, keyword arguments of solve, solve_many and events:\n\n");
        for setting in P::SETTINGS {
            doc.push_str(&format!(
                "- {} ({}): {}\n",
                setting.name, setting.flag, setting.takes
            ));
        }
    }
    doc
}

/// Makes the module `puzzle_solvers.<name>` of the puzzle type `P`:
/// `solve`, `solve_many`, `parse`, `check`, `_watch` (the events),
/// `algorithms` (the default first), `NAME`, `TITLE`, `EXAMPLE` and
/// `SETTINGS` (each own setting's name and what it takes). Attributes are
/// set, not added, so that the module has no `__all__` of its own:
/// `puzzle_solvers` adds `events`, and stubtest reads the public names.
pub fn register<'py, P: Front>(py: Python<'py>, name: &str) -> PyResult<Bound<'py, PyModule>> {
    let kind = Typed::<P>(PhantomData);
    let algorithms = PyTuple::new(py, kind.algorithms())?;
    let solver = Bound::new(
        py,
        Solver {
            kind: Box::new(kind),
        },
    )?;
    let module = PyModule::new(py, &format!("puzzle_solvers.{name}"))?;
    module.setattr("__doc__", module_doc::<P>())?;
    for function in ["solve", "solve_many", "parse", "check"] {
        module.setattr(function, solver.getattr(function)?)?;
    }
    let settings = PyDict::new(py);
    for setting in P::SETTINGS {
        settings.set_item(setting.name, setting.takes)?;
    }
    module.setattr("algorithms", algorithms)?;
    module.setattr("NAME", P::NAME)?;
    module.setattr("TITLE", P::TITLE)?;
    module.setattr("EXAMPLE", P::EXAMPLE)?;
    module.setattr("SETTINGS", settings)?;
    module.setattr("_solver", solver)?;
    crate::watch::register::<P>(&module)?;
    Ok(module)
}
