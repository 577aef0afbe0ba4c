//! csp-core from Python, as a course's students would use it: a `Model` of
//! named variables with integer domains, all-different, binary constraints
//! (a table of allowed pairs, `!=`, or a Python predicate), solved with
//! forward checking, AC-3 then forward checking, or MAC under a variable
//! and a value order, and AC-3 alone with its revision trace.

use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::Duration;

use cli_kit::{CspWatch, DEFAULT_EVENTS_LIMIT, EventCapture, Rendered, Sinks};
use csp_core::{
    Config, Conflict, Context, Inference, Model as Core, Propagator, Solver, Status, ValueOrder,
    Var, VarOrder, Wake,
};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::errors::{Failure, guard};

/// A constraint problem: variables (by index, from `var`) with finite
/// integer domains and the constraints between them.
// `subclass`: `puzzle_solvers.csp.Model` is a Python subclass that adds
// `events` around `_event_lines` (the version check of `_events.stream`).
#[pyclass(module = "puzzle_solvers.csp", subclass)]
#[derive(Debug)]
pub struct Model {
    /// csp-core's model, which is `Send` but not `Sync` (its propagators):
    /// the lock makes the Python object shareable between threads.
    core: Mutex<Core>,
    /// Whether a Python predicate is among the constraints: the search then
    /// keeps the GIL, which each call needs.
    calls_python: bool,
    /// The first exception a Python predicate raised, raised again after
    /// the search.
    raised: Arc<Mutex<Option<PyErr>>>,
}

fn var(model: &Core, index: usize) -> PyResult<Var> {
    if index < model.num_vars() {
        Ok(Var::from_index(index))
    } else {
        Err(PyValueError::new_err(format!(
            "variable {index} does not exist: the model has {}",
            model.num_vars()
        )))
    }
}

fn vars(model: &Core, indices: &[usize]) -> PyResult<Vec<Var>> {
    indices.iter().map(|&index| var(model, index)).collect()
}

/// Variables whose domains hold only 0 and 1.
fn boolean_vars(model: &Core, indices: &[usize]) -> PyResult<Vec<Var>> {
    let found = vars(model, indices)?;
    for &var in &found {
        if model
            .domain(var)
            .iter()
            .any(|&value| value != 0 && value != 1)
        {
            return Err(PyValueError::new_err(format!(
                "variable {} ({}) has values other than 0 and 1: {:?}",
                var.index(),
                model.name(var),
                model.domain(var)
            )));
        }
    }
    Ok(found)
}

/// A simple graph: nodes below `num_nodes`, no loop, no edge twice.
fn check_graph(num_nodes: usize, edges: &[(usize, usize, usize)]) -> PyResult<()> {
    let mut seen = std::collections::BTreeSet::new();
    for &(u, v, _) in edges {
        if u >= num_nodes || v >= num_nodes {
            return Err(PyValueError::new_err(format!(
                "edge ({u}, {v}): the graph has {num_nodes} nodes"
            )));
        }
        if u == v {
            return Err(PyValueError::new_err(format!("edge ({u}, {v}) is a loop")));
        }
        if !seen.insert((u.min(v), u.max(v))) {
            return Err(PyValueError::new_err(format!(
                "edge ({u}, {v}) is given twice"
            )));
        }
    }
    Ok(())
}

/// `(u, v, variable index)` edges as csp-core takes them, checked.
fn graph_edges(
    model: &Core,
    num_nodes: usize,
    edges: &[(usize, usize, usize)],
) -> PyResult<Vec<(usize, usize, Var)>> {
    check_graph(num_nodes, edges)?;
    let indices: Vec<usize> = edges.iter().map(|e| e.2).collect();
    let found = boolean_vars(model, &indices)?;
    Ok(edges
        .iter()
        .zip(found)
        .map(|(&(u, v, _), x)| (u, v, x))
        .collect())
}

/// The search settings by name.
fn config(
    inference: &str,
    var_order: &str,
    value_order: &str,
    node_limit: Option<u64>,
    time_limit: Option<f64>,
) -> PyResult<Config> {
    let inference = match inference {
        "fc" | "forward-checking" => Inference::ForwardChecking,
        "ac3-fc" => Inference::Ac3ThenForwardChecking,
        "mac" => Inference::Mac,
        other => {
            return Err(PyValueError::new_err(format!(
                "unknown inference '{other}', expected fc, ac3-fc or mac"
            )));
        }
    };
    let var_order = match var_order {
        "input" => VarOrder::Input,
        "mrv" => VarOrder::Mrv,
        "mrv-degree" => VarOrder::MrvDegree,
        "dom-wdeg" => VarOrder::DomWdeg,
        other => {
            return Err(PyValueError::new_err(format!(
                "unknown var_order '{other}', expected input, mrv, mrv-degree or dom-wdeg"
            )));
        }
    };
    let value_order = match value_order {
        "ascending" => ValueOrder::Ascending,
        "descending" => ValueOrder::Descending,
        "lcv" => ValueOrder::LeastConstraining,
        other => {
            return Err(PyValueError::new_err(format!(
                "unknown value_order '{other}', expected ascending, descending or lcv"
            )));
        }
    };
    let mut config = Config::new()
        .inference(inference)
        .var_order(var_order)
        .value_order(value_order);
    if let Some(nodes) = node_limit {
        config = config.node_limit(nodes);
    }
    if let Some(seconds) = time_limit {
        let time = Duration::try_from_secs_f64(seconds).map_err(|_| {
            PyValueError::new_err(format!(
                "time_limit {seconds}: expected a finite number of seconds, 0 or more"
            ))
        })?;
        config = config.time_limit(time);
    }
    Ok(config)
}

fn stats_dict<'py>(py: Python<'py>, stats: &csp_core::Stats) -> PyResult<Bound<'py, PyDict>> {
    let dict = PyDict::new(py);
    dict.set_item("nodes", stats.nodes)?;
    dict.set_item(
        "micros",
        u64::try_from(stats.elapsed.as_micros()).unwrap_or(u64::MAX),
    )?;
    dict.set_item("backtracks", stats.backtracks)?;
    dict.set_item("arc_revisions", stats.arc_revisions)?;
    dict.set_item("propagations", stats.propagations)?;
    dict.set_item("prunings", stats.prunings)?;
    Ok(dict)
}

impl Model {
    fn core(&self) -> MutexGuard<'_, Core> {
        // A panic while the lock was held was caught by `guard` and left
        // the model as it was before the call that panicked.
        self.core.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Runs `work` on a fresh solver, with the GIL released unless a Python
    /// predicate needs it, then raises what a predicate raised.
    fn run<T: Send>(
        &self,
        py: Python<'_>,
        config: Config,
        work: impl FnOnce(&mut Solver) -> T + Send,
    ) -> PyResult<T> {
        let core = self.core().clone();
        let search = move || guard(|| Ok::<_, Failure>(work(&mut Solver::new(core, config))));
        let result = if self.calls_python {
            search()
        } else {
            py.detach(search)
        };
        if let Some(error) = self
            .raised
            .lock()
            .map_err(|_| Failure::Panic("a poisoned lock".into()))?
            .take()
        {
            return Err(error);
        }
        Ok(result?)
    }

    fn assignment<'py>(&self, py: Python<'py>, values: &[i32]) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(py);
        for (index, value) in values.iter().enumerate() {
            dict.set_item(self.core().name(Var::from_index(index)), value)?;
        }
        Ok(dict)
    }
}

#[pymethods]
impl Model {
    #[new]
    fn new() -> Self {
        Model {
            core: Mutex::new(Core::new()),
            calls_python: false,
            raised: Arc::new(Mutex::new(None)),
        }
    }

    /// Adds a variable with these values and returns its index; `name`
    /// (default `x<index>`) names it in solutions and traces.
    #[pyo3(signature = (values, name=None))]
    fn var(&mut self, values: Vec<i32>, name: Option<String>) -> PyResult<usize> {
        if values.is_empty() {
            return Err(PyValueError::new_err("a variable needs at least one value"));
        }
        let var = match name {
            Some(name) => self.core().new_named_var(name, values),
            None => self.core().new_var(values),
        };
        Ok(var.index())
    }

    /// The name of variable `index`.
    fn name(&self, index: usize) -> PyResult<String> {
        let core = self.core();
        Ok(core.name(var(&core, index)?))
    }

    /// The values left in variable `index`'s domain.
    fn domain(&self, index: usize) -> PyResult<Vec<i32>> {
        let core = self.core();
        Ok(core.domain(var(&core, index)?))
    }

    /// The number of variables.
    fn __len__(&self) -> usize {
        self.core().num_vars()
    }

    /// Fixes variable `index` to `value` (a given).
    fn assign(&mut self, index: usize, value: i32) -> PyResult<()> {
        let mut core = self.core();
        let var = var(&core, index)?;
        core.assign(var, value);
        Ok(())
    }

    /// Every variable of `indices` takes a different value.
    fn all_different(&mut self, indices: Vec<usize>) -> PyResult<()> {
        let mut core = self.core();
        let vars = vars(&core, &indices)?;
        core.all_different(&vars);
        Ok(())
    }

    /// `x != y`.
    fn not_equal(&mut self, x: usize, y: usize) -> PyResult<()> {
        let mut core = self.core();
        let (x, y) = (var(&core, x)?, var(&core, y)?);
        core.not_equal(x, y);
        Ok(())
    }

    /// A binary constraint given by its allowed `(x value, y value)` pairs.
    fn table(&mut self, x: usize, y: usize, allowed: Vec<(i32, i32)>) -> PyResult<()> {
        let mut core = self.core();
        let (x, y) = (var(&core, x)?, var(&core, y)?);
        core.table(x, y, &allowed);
        Ok(())
    }

    /// A binary constraint by a Python predicate `allowed(a, b) -> bool`:
    /// slower than a table (each check calls Python, and the search keeps
    /// the GIL), fine for teaching. An exception it raises is raised again
    /// when the search ends (the pair counts as not allowed meanwhile).
    fn binary(&mut self, x: usize, y: usize, allowed: Py<PyAny>) -> PyResult<()> {
        self.calls_python = true;
        let raised = Arc::clone(&self.raised);
        let mut core = self.core();
        let (x, y) = (var(&core, x)?, var(&core, y)?);
        core.binary(x, y, move |a, b| {
            Python::attach(|py| {
                match allowed
                    .call1(py, (a, b))
                    .and_then(|answer| answer.is_truthy(py))
                {
                    Ok(answer) => answer,
                    Err(error) => {
                        if let Ok(mut slot) = raised.lock() {
                            slot.get_or_insert(error);
                        }
                        false
                    }
                }
            })
        });
        Ok(())
    }

    /// A constraint over any number of variables given by its allowed
    /// tuples (one value per variable, in the order of `indices`),
    /// generalised arc consistent.
    fn table_nary(&mut self, indices: Vec<usize>, allowed: Vec<Vec<i32>>) -> PyResult<()> {
        let mut core = self.core();
        let vars = vars(&core, &indices)?;
        if let Some(tuple) = allowed.iter().find(|tuple| tuple.len() != vars.len()) {
            return Err(PyValueError::new_err(format!(
                "a tuple of {} values for {} variables: {tuple:?}",
                tuple.len(),
                vars.len()
            )));
        }
        core.table_nary(&vars, &allowed);
        Ok(())
    }

    /// A constraint over any number of variables by a Python predicate
    /// `allowed(*values) -> bool`, checked once all of them are assigned:
    /// the slow path (it prunes nothing before then, each check calls
    /// Python, and the search keeps the GIL). Prefer `table_nary`,
    /// `linear` and the other globals where they say the same. An
    /// exception it raises is raised again when the search ends.
    fn predicate(&mut self, indices: Vec<usize>, allowed: Py<PyAny>) -> PyResult<()> {
        self.calls_python = true;
        let mut core = self.core();
        let vars = vars(&core, &indices)?;
        core.add_propagator(Predicate {
            vars,
            allowed: Arc::new(allowed),
            raised: Arc::clone(&self.raised),
        });
        Ok(())
    }

    /// `lo <= sum(coeffs[i] * x[i]) <= hi` (bounds consistent; a bound
    /// left None is open). With one bound only it is domain consistent.
    #[pyo3(signature = (indices, coeffs, lo=None, hi=None))]
    fn linear(
        &mut self,
        indices: Vec<usize>,
        coeffs: Vec<i64>,
        lo: Option<i64>,
        hi: Option<i64>,
    ) -> PyResult<()> {
        let mut core = self.core();
        let vars = vars(&core, &indices)?;
        if coeffs.len() != vars.len() {
            return Err(PyValueError::new_err(format!(
                "{} coefficients for {} variables",
                coeffs.len(),
                vars.len()
            )));
        }
        // csp-core keeps every term below 2^61 so that sums cannot overflow.
        const LIMIT: i128 = 1 << 60;
        let mut reach: i128 = 0;
        for (&var, &coeff) in vars.iter().zip(&coeffs) {
            let domain = core.domain(var);
            let largest = domain
                .iter()
                .map(|&v| i128::from(v).abs())
                .max()
                .unwrap_or(0);
            reach += i128::from(coeff).abs() * largest;
        }
        if reach >= LIMIT {
            return Err(PyValueError::new_err(
                "the sum could reach 2^60 over the domains: scale the coefficients down",
            ));
        }
        let (lo, hi) = (lo.unwrap_or(i64::MIN / 4), hi.unwrap_or(i64::MAX / 4));
        core.linear(&vars, &coeffs, lo, hi);
        Ok(())
    }

    /// Between `lo` and `hi` of the 0/1 variables `indices` are 1 (domain
    /// consistent); `at_least`, `at_most` and `exactly` say the same with
    /// one number. (Not `count`, which counts a model's solutions.)
    #[pyo3(signature = (indices, lo=0, hi=None))]
    fn cardinality(&mut self, indices: Vec<usize>, lo: usize, hi: Option<usize>) -> PyResult<()> {
        let mut core = self.core();
        let vars = boolean_vars(&core, &indices)?;
        let hi = hi.unwrap_or(vars.len());
        core.cardinality(&vars, lo, hi);
        Ok(())
    }

    /// At least `k` of the 0/1 variables are 1.
    fn at_least(&mut self, indices: Vec<usize>, k: usize) -> PyResult<()> {
        self.cardinality(indices, k, None)
    }

    /// At most `k` of the 0/1 variables are 1.
    fn at_most(&mut self, indices: Vec<usize>, k: usize) -> PyResult<()> {
        self.cardinality(indices, 0, Some(k))
    }

    /// Exactly `k` of the 0/1 variables are 1.
    fn exactly(&mut self, indices: Vec<usize>, k: usize) -> PyResult<()> {
        self.cardinality(indices, k, Some(k))
    }

    /// The variables spell a word of a deterministic automaton (domain
    /// consistent, Pesant's layered graph): `states` states numbered from
    /// 0, `start`, the `accepting` states and the `transitions` as
    /// `(from, value, to)`.
    fn regular(
        &mut self,
        indices: Vec<usize>,
        states: usize,
        start: usize,
        accepting: Vec<usize>,
        transitions: Vec<(usize, i32, usize)>,
    ) -> PyResult<()> {
        let automaton = csp_core::Automaton::new(states, start, &accepting, &transitions)
            .map_err(|error| PyValueError::new_err(error.to_string()))?;
        let mut core = self.core();
        let vars = vars(&core, &indices)?;
        core.regular(&vars, &automaton);
        Ok(())
    }

    /// A nonogram line: the 0/1 variables, in order, hold runs of 1s of
    /// the lengths `clues`, separated by 0s (a `regular` constraint).
    fn nonogram_line(&mut self, indices: Vec<usize>, clues: Vec<usize>) -> PyResult<()> {
        let mut core = self.core();
        let vars = boolean_vars(&core, &indices)?;
        core.regular(&vars, &csp_core::Automaton::nonogram(&clues));
        Ok(())
    }

    /// The edges `(u, v, x)` whose 0/1 variable `x` is 1 form exactly one
    /// cycle over the nodes `0..num_nodes` (a Slitherlink loop): degree,
    /// bridge, connectivity and sub-cycle rules to a fixpoint.
    fn circuit(&mut self, num_nodes: usize, edges: Vec<(usize, usize, usize)>) -> PyResult<()> {
        let mut core = self.core();
        let edges = graph_edges(&core, num_nodes, &edges)?;
        core.single_cycle(num_nodes, &edges);
        Ok(())
    }

    /// The nodes whose 0/1 variable is 1 are connected through `edges`
    /// (pairs of positions in `indices`); domain consistent.
    fn connected(&mut self, indices: Vec<usize>, edges: Vec<(usize, usize)>) -> PyResult<()> {
        let mut core = self.core();
        let nodes = boolean_vars(&core, &indices)?;
        let named: Vec<(usize, usize, usize)> = edges.iter().map(|&(u, v)| (u, v, 0)).collect();
        check_graph(nodes.len(), &named)?;
        core.connected(&edges, &nodes);
        Ok(())
    }

    /// The event stream of one solve (docs/events.md, JSON lines): `run`,
    /// then csp-core's `propagate`, `prune`, `decide`, `refute`,
    /// `backtrack`, `solution` and `end`, at most `limit` of them and a
    /// `cut` event. With `count_up_to`, a count of that many solutions.
    /// `Model.events` wraps this into dicts.
    #[pyo3(signature = (*, limit=DEFAULT_EVENTS_LIMIT, count_up_to=None, inference="mac", var_order="mrv", value_order="ascending", node_limit=None))]
    #[allow(clippy::too_many_arguments)]
    fn _event_lines(
        &self,
        py: Python<'_>,
        limit: u64,
        count_up_to: Option<u64>,
        inference: &str,
        var_order: &str,
        value_order: &str,
        node_limit: Option<u64>,
    ) -> PyResult<Vec<String>> {
        let config = config(inference, var_order, value_order, node_limit, None)?;
        let core = self.core().clone();
        let inference = inference.to_owned();
        let text = self.run(py, config, move |solver| {
            let mut capture = EventCapture::new(limit);
            capture.events.emit(
                "run",
                &serde_json::json!({
                    "algorithm": "csp",
                    "inference": inference,
                    "puzzle": format!("{} variables, {} constraints", core.num_vars(), core.num_constraints()),
                }),
            );
            let name = |var: Var| core.name(var);
            let render = |values: &[i32]| Rendered {
                view: core
                    .vars()
                    .map(|var| format!("{} = {}", core.name(var), values[var.index()]))
                    .collect::<Vec<_>>()
                    .join("\n"),
                line: Some(values.iter().map(i32::to_string).collect::<Vec<_>>().join(" ")),
            };
            let sinks = Sinks {
                events: Some(&mut capture.events),
                trace: None,
            };
            {
                // The watch borrows the capture until the search ends.
                let mut watch = CspWatch::new(sinks, &name, &render);
                match count_up_to {
                    Some(max) => {
                        solver.count_observed(max, &mut watch);
                    }
                    None => {
                        solver.solve_observed(&mut watch);
                    }
                }
            }
            capture.finish().0
        })?;
        Ok(text.lines().map(str::to_owned).collect())
    }

    /// Solves; returns `{"status", "limit", "solution" (a dict of name to
    /// value, when solved), "stats"}`. `inference` is `fc`, `ac3-fc` or
    /// `mac`; `var_order` `input`, `mrv`, `mrv-degree` or `dom-wdeg`;
    /// `value_order` `ascending`, `descending` or `lcv`.
    #[pyo3(signature = (*, inference="mac", var_order="mrv", value_order="ascending", node_limit=None, time_limit=None))]
    fn solve<'py>(
        &self,
        py: Python<'py>,
        inference: &str,
        var_order: &str,
        value_order: &str,
        node_limit: Option<u64>,
        time_limit: Option<f64>,
    ) -> PyResult<Bound<'py, PyDict>> {
        let config = config(inference, var_order, value_order, node_limit, time_limit)?;
        let outcome = self.run(py, config, |solver| solver.solve())?;
        let result = PyDict::new(py);
        result.set_item("status", outcome.status.name())?;
        result.set_item("limit", outcome.status.limit().map(|limit| limit.name()))?;
        let solution = match (&outcome.status, &outcome.solution) {
            (Status::Solved, Some(solution)) => Some(self.assignment(py, solution.values())?),
            _ => None,
        };
        result.set_item("solution", solution)?;
        result.set_item("stats", stats_dict(py, &outcome.stats)?)?;
        Ok(result)
    }

    /// Every solution (up to `limit` of them), each a dict of name to value.
    #[pyo3(signature = (limit=None, *, inference="mac", var_order="mrv", value_order="ascending"))]
    fn solutions<'py>(
        &self,
        py: Python<'py>,
        limit: Option<u64>,
        inference: &str,
        var_order: &str,
        value_order: &str,
    ) -> PyResult<Vec<Bound<'py, PyDict>>> {
        let config = config(inference, var_order, value_order, None, None)?;
        let limit = limit.unwrap_or(u64::MAX);
        let found = self.run(py, config, |solver| {
            let mut found = Vec::new();
            solver.for_each_solution(|solution| {
                found.push(solution.values().to_vec());
                (found.len() as u64) < limit
            });
            found
        })?;
        found
            .iter()
            .map(|values| self.assignment(py, values))
            .collect()
    }

    /// The number of solutions, counted up to `limit`: `(count, complete)`,
    /// complete when the search was exhausted.
    #[pyo3(signature = (limit=None, *, inference="mac", var_order="mrv", value_order="ascending", node_limit=None))]
    fn count(
        &self,
        py: Python<'_>,
        limit: Option<u64>,
        inference: &str,
        var_order: &str,
        value_order: &str,
        node_limit: Option<u64>,
    ) -> PyResult<(u64, bool)> {
        let config = config(inference, var_order, value_order, node_limit, None)?;
        let count = self.run(py, config, |solver| solver.count(limit.unwrap_or(u64::MAX)))?;
        Ok((count.count, count.status == csp_core::CountStatus::Complete))
    }

    /// AC-3 alone: `{"consistent", "domains" (name to the values left),
    /// "trace", "stats"}`, the trace a list of the revisions that removed
    /// something, each `{"x", "y", "removed", "domain"}` (the revised
    /// variable, the other end of the arc, the values removed and the
    /// domain left), in order, as a textbook's AC-3 table shows them.
    fn ac3<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let core = self.core().clone();
        let (report, domains, trace) = self.run(py, Config::new(), move |solver| {
            let report = solver.ac3(true);
            let domains: Vec<(String, Vec<i32>)> = core
                .vars()
                .map(|var| (core.name(var), solver.domain(var)))
                .collect();
            let mut trace = Vec::new();
            report.replay(|revision, domain| {
                if let Some(domain) = domain {
                    trace.push((
                        core.name(revision.x),
                        core.name(revision.y),
                        revision.removed.clone(),
                        domain.to_vec(),
                    ));
                }
            });
            (report, domains, trace)
        })?;
        let result = PyDict::new(py);
        result.set_item("consistent", report.consistent)?;
        let left = PyDict::new(py);
        for (name, values) in domains {
            left.set_item(name, values)?;
        }
        result.set_item("domains", left)?;
        let rows = trace
            .into_iter()
            .map(|(x, y, removed, domain)| {
                let row = PyDict::new(py);
                row.set_item("x", x)?;
                row.set_item("y", y)?;
                row.set_item("removed", removed)?;
                row.set_item("domain", domain)?;
                Ok(row)
            })
            .collect::<PyResult<Vec<_>>>()?;
        result.set_item("trace", rows)?;
        result.set_item("stats", stats_dict(py, &report.stats)?)?;
        Ok(result)
    }

    fn __repr__(&self) -> String {
        let core = self.core();
        format!(
            "Model({} variables, {} constraints)",
            core.num_vars(),
            core.num_constraints()
        )
    }
}

/// The n-ary Python predicate behind `Model.predicate`: it waits until
/// every variable is fixed, then asks Python.
#[derive(Debug)]
struct Predicate {
    vars: Vec<Var>,
    allowed: Arc<Py<PyAny>>,
    raised: Arc<Mutex<Option<PyErr>>>,
}

impl Clone for Predicate {
    fn clone(&self) -> Self {
        Predicate {
            vars: self.vars.clone(),
            allowed: Arc::clone(&self.allowed),
            raised: Arc::clone(&self.raised),
        }
    }
}

impl Predicate {
    fn ask(&self, values: &[i32]) -> bool {
        Python::attach(|py| {
            let args = match pyo3::types::PyTuple::new(py, values) {
                Ok(args) => args,
                Err(error) => return self.keep(error),
            };
            match self
                .allowed
                .call1(py, args)
                .and_then(|answer| answer.is_truthy(py))
            {
                Ok(answer) => answer,
                Err(error) => self.keep(error),
            }
        })
    }

    /// Keeps the first exception to raise after the search; the values
    /// count as not allowed meanwhile.
    fn keep(&self, error: PyErr) -> bool {
        if let Ok(mut slot) = self.raised.lock() {
            slot.get_or_insert(error);
        }
        false
    }
}

impl Propagator for Predicate {
    fn variables(&self) -> Vec<Var> {
        self.vars.clone()
    }

    fn propagate(&mut self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        let values: Option<Vec<i32>> = self.vars.iter().map(|&var| ctx.value(var)).collect();
        match values {
            Some(values) if !self.ask(&values) => Err(Conflict),
            _ => Ok(()),
        }
    }

    fn is_satisfied(&self, values: &[i32]) -> bool {
        self.ask(values)
    }

    fn wakes_on(&self) -> Wake {
        Wake::Fixed
    }

    fn is_idempotent(&self) -> bool {
        true
    }

    fn name(&self) -> &str {
        "predicate"
    }
}

/// Adds the submodule `csp`.
pub fn register(parent: &Bound<'_, PyModule>) -> PyResult<()> {
    let module = PyModule::new(parent.py(), "csp")?;
    module.add_class::<Model>()?;
    parent.add_submodule(&module)
}
