//! Backtracking search with a trail: configuration, heuristics, limits,
//! statistics, and the resumable depth-first loop behind `solve`, `count`
//! and the solution iterator.

use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::domain::{Store, bytes, reserve_within};
use crate::engine::Engine;
use crate::model::{Model, Solution};
use crate::observe::{Cause, NoObserver, Observer, Recorder};
pub use crate::report::Stats;
use crate::report::{ArcRevision, Pruning};
use crate::var::Var;

/// Which inference runs during search.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Inference {
    /// Forward checking: after each assignment, prune the unassigned
    /// neighbours of the assigned variable; nothing cascades.
    ForwardChecking,
    /// AC-3 (and every propagator) to a fixpoint once at the root, then
    /// forward checking during search.
    Ac3ThenForwardChecking,
    /// Maintaining arc consistency: a full fixpoint at the root and after
    /// every decision and refutation.
    #[default]
    Mac,
}

/// Which variable to branch on next.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum VarOrder {
    /// The first unassigned variable in creation order.
    Input,
    /// Minimum remaining values (smallest domain; ties by creation order).
    #[default]
    Mrv,
    /// MRV, ties broken by the largest number of constraints shared with
    /// other unassigned variables (the degree heuristic).
    MrvDegree,
    /// Smallest domain size divided by the weighted degree; a constraint's
    /// weight starts at 1 and grows each time it causes a failure (dom/wdeg).
    /// The degree sums the weights of all constraints on the variable, not
    /// only those with another unassigned variable: cheaper, and the same
    /// choice whenever constraints are spread evenly (sudoku, queens).
    DomWdeg,
}

/// In which order a variable's values are tried.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum ValueOrder {
    /// Ascending values (the input order of the domain).
    #[default]
    Ascending,
    /// Descending values.
    Descending,
    /// Least-constraining value: the value whose forward check removes the
    /// fewest values from the other variables comes first.
    LeastConstraining,
}

/// When [`Solver::solve`] gives up the current branch and starts again from
/// the root (keeping the dom/wdeg weights learnt so far and the values
/// refuted at the root). The limits grow without bound, so a search with
/// restarts stays complete: an unsatisfiable problem is still proved so.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Restarts {
    /// The i-th run may fail `scale * luby(i)` times, with the Luby sequence
    /// 1, 1, 2, 1, 1, 2, 4, 1, 1, 2, ... (optimal, up to a constant, when
    /// nothing is known of the run-time distribution).
    Luby {
        /// Failures of a unit run (0 is taken as 1).
        scale: u64,
    },
    /// The first run may fail `first` times, each later one `percent`% as
    /// many as the one before (rounded up, and at least one more).
    Geometric {
        /// Failures of the first run (0 is taken as 1).
        first: u64,
        /// Growth per restart in percent, e.g. 150 for 1.5 times.
        percent: u32,
    },
}

impl Restarts {
    /// Failures allowed in run `run` (0-based) before the next restart.
    pub fn failures(self, run: u64) -> u64 {
        match self {
            Restarts::Luby { scale } => scale.max(1).saturating_mul(luby(run + 1)),
            Restarts::Geometric { first, percent } => {
                let mut limit = first.max(1);
                for _ in 0..run {
                    let grown = (limit as u128 * percent as u128).div_ceil(100);
                    limit = u64::try_from(grown)
                        .unwrap_or(u64::MAX)
                        .max(limit.saturating_add(1));
                    if limit == u64::MAX {
                        break;
                    }
                }
                limit
            }
        }
    }
}

/// The `i`-th term (1-based) of the Luby sequence 1, 1, 2, 1, 1, 2, 4, ...
fn luby(mut i: u64) -> u64 {
    loop {
        // The smallest k with i <= 2^k - 1.
        let k = 64 - i.leading_zeros() as u64;
        if k >= 64 {
            return 1 << 62;
        }
        if i == (1 << k) - 1 {
            return 1 << (k - 1);
        }
        i -= (1 << (k - 1)) - 1;
    }
}

/// A caller's value order ([`Config::value_order_fn`]): given a variable and
/// its current domain (ascending), the values in the order to try them.
/// Values outside the domain and repeats are skipped; domain values left
/// out are tried afterwards in ascending order, so the search stays
/// complete whatever the function returns.
#[derive(Clone)]
pub struct ValueOrderFn(pub Arc<ValueOrderDyn>);

/// The function behind a [`ValueOrderFn`].
pub type ValueOrderDyn = dyn Fn(Var, &[i32]) -> Vec<i32> + Send + Sync;

impl ValueOrderFn {
    /// Wraps `order`.
    pub fn new(order: impl Fn(Var, &[i32]) -> Vec<i32> + Send + Sync + 'static) -> Self {
        ValueOrderFn(Arc::new(order))
    }
}

impl std::fmt::Debug for ValueOrderFn {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("ValueOrderFn(..)")
    }
}

/// Two hooks are equal when they are the same function object (closures
/// cannot be compared otherwise), which keeps `Config` comparable.
impl PartialEq for ValueOrderFn {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

impl Eq for ValueOrderFn {}

/// Search settings: inference, heuristics and limits.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Config {
    /// Inference during search.
    pub inference: Inference,
    /// Variable ordering.
    pub var_order: VarOrder,
    /// Value ordering.
    pub value_order: ValueOrder,
    /// Stop with [`Status::Limit`] before [`Stats::nodes`] would pass
    /// this: the check comes before every decision, so a search ends with
    /// `nodes <= limit`. 1 allows the root (its propagation) and no
    /// decision; 0 stops before the root is propagated.
    pub node_limit: Option<u64>,
    /// Stop with [`Status::Limit`] after this much time. The clock
    /// is read before the first decision and then every 64 nodes, and
    /// within a fixpoint every 256 steps, so that one long propagation (a
    /// large model's root) stops there too: a zero limit stops at the
    /// root, before any decision. [`Solver::ac3`] alone runs to its end.
    pub time_limit: Option<Duration>,
    /// Stop with [`Status::Limit`] ([`Limit::Memory`]) before the
    /// buffers that grow with the search (the trail, the stack of frames and
    /// of values to try) would hold more than this many bytes. They are
    /// counted by capacity, and before every decision made room for the
    /// most that decision can add (one trail entry per domain word, per
    /// variable and per propagator state), the old and the new buffer both
    /// counted during a move, so no allocation of theirs can pass the limit. The model, the root
    /// domains and the propagation queues, whose size the model fixes, are
    /// not counted; nor are solutions, which the caller keeps.
    pub memory_limit: Option<usize>,
    /// Restarts of [`Solver::solve`] (none by default). Only `solve`
    /// restarts: counting and enumeration ([`Solver::count`],
    /// [`Solver::for_each_solution`], [`Solver::solutions`]) ignore this
    /// setting, because a restart forgets which solutions were already
    /// reported and would report them again.
    pub restarts: Option<Restarts>,
    /// Breaks ties among equally ranked variables under
    /// [`VarOrder::DomWdeg`] at random, from this seed (the same seed gives
    /// the same search); `None`, the default, takes the first in creation
    /// order. Worth setting with [`Config::restarts`], so that each run
    /// explores differently even before the weights have grown.
    pub seed: Option<u64>,
    /// A caller's value order; when set it replaces
    /// [`Config::value_order`] (see [`ValueOrderFn`]). Called once per
    /// branching variable, so it may be as clever as a model needs (a
    /// crossword prefers high-scoring words, say).
    pub value_order_fn: Option<ValueOrderFn>,
}

impl Config {
    /// The default: MAC, MRV, ascending values, no limits.
    pub fn new() -> Self {
        Config::default()
    }

    /// Sets the inference.
    pub fn inference(mut self, inference: Inference) -> Self {
        self.inference = inference;
        self
    }

    /// Sets the variable ordering.
    pub fn var_order(mut self, var_order: VarOrder) -> Self {
        self.var_order = var_order;
        self
    }

    /// Sets the value ordering.
    pub fn value_order(mut self, value_order: ValueOrder) -> Self {
        self.value_order = value_order;
        self
    }

    /// Sets a node limit (see [`Config::node_limit`]: `nodes <= limit`).
    pub fn node_limit(mut self, nodes: u64) -> Self {
        self.node_limit = Some(nodes);
        self
    }

    /// Sets a time limit.
    pub fn time_limit(mut self, limit: Duration) -> Self {
        self.time_limit = Some(limit);
        self
    }

    /// Sets a memory limit in bytes (see [`Config::memory_limit`]).
    pub fn memory_limit(mut self, bytes: usize) -> Self {
        self.memory_limit = Some(bytes);
        self
    }

    /// Sets the node, time and memory limits a puzzle's options carry
    /// ([`puzzle_kit::Limits`]), each one that is set; the rest stays.
    pub fn within(mut self, limits: &puzzle_kit::Limits) -> Self {
        self.node_limit = limits.node_limit.or(self.node_limit);
        self.time_limit = limits.time_limit.or(self.time_limit);
        self.memory_limit = limits.memory_limit.or(self.memory_limit);
        self
    }

    /// Sets the restart schedule of [`Solver::solve`] (see [`Config::restarts`]).
    pub fn restarts(mut self, restarts: Restarts) -> Self {
        self.restarts = Some(restarts);
        self
    }

    /// Sets a caller's value order (see [`Config::value_order_fn`]).
    pub fn value_order_fn(
        mut self,
        order: impl Fn(Var, &[i32]) -> Vec<i32> + Send + Sync + 'static,
    ) -> Self {
        self.value_order_fn = Some(ValueOrderFn::new(order));
        self
    }

    /// Sets the seed of random tie-breaking (see [`Config::seed`]).
    pub fn seed(mut self, seed: u64) -> Self {
        self.seed = Some(seed);
        self
    }
}

/// Which limit stopped a search ([`Solver::limit`]): [`Limit::Node`]
/// ([`Config::node_limit`]), [`Limit::Time`] ([`Config::time_limit`]) or
/// [`Limit::Memory`] ([`Config::memory_limit`]); the words every puzzle
/// crate uses, from puzzle-kit.
pub use puzzle_kit::Limit;

/// How a search ended, in the words every puzzle crate uses (puzzle-kit's):
/// [`Status::Solved`] when a solution was found, [`Status::Unsolvable`] when
/// the search space was exhausted (no further solution exists) and
/// [`Status::Limit`] with the node, time or memory limit that stopped it
/// first.
pub use puzzle_kit::Status;

/// The result of [`Solver::solve`].
#[derive(Debug, Clone)]
pub struct Outcome {
    /// How the search ended.
    pub status: Status,
    /// The first solution, when `status` is `Solved`.
    pub solution: Option<Solution>,
    /// Statistics of the search.
    pub stats: Stats,
}

/// How a count ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CountStatus {
    /// Every solution was counted.
    Complete,
    /// The count reached the requested maximum; there may be more.
    SolutionLimit,
    /// A node, time or memory limit stopped the count; there may be more.
    Limit(Limit),
}

/// The result of [`Solver::count`].
#[derive(Debug, Clone)]
pub struct Count {
    /// Solutions found.
    pub count: u64,
    /// Whether that is all of them.
    pub status: CountStatus,
    /// Statistics of the search.
    pub stats: Stats,
}

/// An arc a student asked to revise out of turn ([`Solver::ac3_clicked`]):
/// revise `x` against `y` once `after` revisions of the pass are done.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ArcClick {
    /// The variable revised.
    pub x: Var,
    /// The variable whose values must support `x`'s.
    pub y: Var,
    /// How many revisions of the pass come before it (clicks keep their
    /// order: a click is revised after the ones before it, never sooner).
    pub after: u64,
}

/// The result of [`Solver::ac3`]: whether the problem is arc consistent
/// after the pass, and what it removed, step by step (when a trace was asked
/// for). The trace keeps only removals (each initial value at most once) and
/// the domains at the start as bitsets, so it grows with the model, not with
/// the number of revisions times the domain size; [`Ac3Report::replay`]
/// rebuilds the domain after each change when a table needs it.
#[derive(Debug, Clone)]
pub struct Ac3Report {
    /// `false` if some domain became empty.
    pub consistent: bool,
    /// Every arc revision in order, if traced.
    pub revisions: Vec<ArcRevision>,
    /// Removals made by propagators (all-different and other n-ary
    /// constraints) between the arc revisions, in order, if traced.
    pub prunings: Vec<Pruning>,
    /// Statistics of the pass.
    pub stats: Stats,
    /// The domains the pass started from (traced passes only).
    start: Option<Store>,
}

impl Ac3Report {
    /// Walks the trace in order, calling `visit` with each arc revision and,
    /// when it removed something, the revised variable's domain just after it
    /// (ascending; empty if the revision wiped it out). The domains are
    /// rebuilt from the start and the recorded removals, including the
    /// propagators' ([`Ac3Report::prunings`]), so they are exactly what the
    /// pass saw. Does nothing for an untraced pass.
    pub fn replay(&self, mut visit: impl FnMut(&ArcRevision, Option<&[i32]>)) {
        let Some(start) = &self.start else {
            return;
        };
        let mut store = start.clone();
        let mut domain = Vec::new();
        let mut prunings = self.prunings.iter().peekable();
        for (i, revision) in self.revisions.iter().enumerate() {
            while let Some(pruning) = prunings.next_if(|p| p.after <= i) {
                for &value in &pruning.removed {
                    store.remove(pruning.var.index(), value);
                }
            }
            let x = revision.x.index();
            for &value in &revision.removed {
                store.remove(x, value);
            }
            if revision.changed() {
                domain.clear();
                domain.extend(store.iter(x));
                visit(revision, Some(&domain));
            } else {
                visit(revision, None);
            }
        }
    }
}

#[derive(Debug, Clone, Copy)]
struct Frame {
    var: u32,
    start: u32,
    next: u32,
    end: u32,
    current: i32,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Phase {
    Fresh,
    AfterSolution,
    Done(Status),
}

/// How trying a frame's values ended.
enum Tried {
    /// A value propagated: the search goes one level deeper.
    Propagated,
    /// No value is left: the frame is undone.
    Exhausted,
    /// A limit was reached before the next decision.
    Limit(Limit),
    /// The restart schedule's failures are used up: back to the root.
    Restart,
}

enum Event {
    Solution,
    Exhausted,
    Limit(Limit),
}

/// Complete backtracking search over a [`Model`].
#[derive(Debug)]
pub struct Solver {
    model: Model,
    engine: Engine,
    config: Config,
    root: Store,
    store: Store,
    frames: Vec<Frame>,
    values: Vec<i32>,
    assigned: Vec<bool>,
    scores: Vec<(u64, i32)>,
    phase: Phase,
    stats: Stats,
    start: Instant,
    next_time_check: u64,
    /// The limit that stopped the current or last search.
    limit: Option<Limit>,
    /// The most values a variable's domain holds: what one frame may add
    /// to the stack of values.
    max_domain: usize,
    /// Whether the running search may restart (only `solve`'s).
    restarting: bool,
    /// Restarts made so far in this search (the run number).
    runs: u64,
    /// `stats.backtracks` when the current run began.
    run_start: u64,
    /// Failures the current run may make.
    run_limit: u64,
    /// Random state for tie-breaking ([`Config::seed`]).
    rng: u64,
}

impl Solver {
    /// A solver for `model` with `config`.
    pub fn new(mut model: Model, config: Config) -> Self {
        let engine = Engine::new(&mut model);
        let root = model.store.clone();
        let n = model.num_vars();
        let max_domain = (0..n).map(|v| root.size(v) as usize).max().unwrap_or(0);
        Solver {
            store: root.clone(),
            root,
            model,
            engine,
            config,
            frames: Vec::new(),
            values: Vec::new(),
            assigned: vec![false; n],
            scores: Vec::new(),
            phase: Phase::Fresh,
            stats: Stats::default(),
            start: Instant::now(),
            next_time_check: 0,
            limit: None,
            max_domain,
            restarting: false,
            runs: 0,
            run_start: 0,
            run_limit: u64::MAX,
            rng: 0,
        }
    }

    /// The configuration in use.
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// Replaces the configuration (takes effect at the next search).
    pub fn set_config(&mut self, config: Config) {
        self.config = config;
        self.reset();
    }

    /// The model (its custom propagators now live in the solver).
    pub fn model(&self) -> &Model {
        &self.model
    }

    /// Values currently in `var`'s domain (at the root between searches).
    pub fn domain(&self, var: Var) -> Vec<i32> {
        self.store.iter(var.index()).collect()
    }

    /// Statistics of the current or last search.
    pub fn stats(&self) -> Stats {
        let mut stats = self.stats;
        stats.elapsed = self.start.elapsed();
        stats.propagations = self.engine.counters.propagations;
        stats.arc_revisions = self.engine.counters.arc_revisions;
        stats.prunings = self.engine.counters.prunings;
        stats
    }

    /// Whether `values` (by variable index) satisfies every domain and constraint.
    pub fn is_solution(&self, values: &[i32]) -> bool {
        values.len() == self.model.num_vars()
            && values
                .iter()
                .enumerate()
                .all(|(v, &value)| self.root.contains(v, value))
            && self.engine.count_violations(values) == 0
    }

    /// Runs AC-3 over the binary constraints (and every propagator) at the
    /// root, recording each arc revision when `trace` is true. The reduced
    /// domains stay as the starting point of later searches.
    pub fn ac3(&mut self, trace: bool) -> Ac3Report {
        if !trace {
            return self.ac3_observed(&mut NoObserver);
        }
        let start = self.root.clone();
        let mut recorder = Recorder::default();
        let report = self.ac3_observed(&mut recorder);
        Ac3Report {
            revisions: recorder.revisions,
            prunings: recorder.prunings,
            start: Some(start),
            ..report
        }
    }

    /// [`Solver::ac3`] untraced, telling `observer` of the propagation, each
    /// revision and pruning, and a wipe-out.
    pub fn ac3_observed<O: Observer>(&mut self, observer: &mut O) -> Ac3Report {
        self.reset();
        self.engine.schedule_all();
        if O::ACTIVE {
            observer.propagate(Cause::Root, 0);
        }
        let consistent = self.engine.fixpoint(&mut self.root, observer).is_ok()
            && (0..self.root.num_vars()).all(|v| self.root.size(v) > 0);
        self.store.clone_from(&self.root);
        Ac3Report {
            consistent,
            revisions: Vec::new(),
            prunings: Vec::new(),
            stats: self.stats(),
            start: None,
        }
    }

    /// [`Solver::ac3_observed`] with arcs revised out of turn, as a student
    /// clicking arcs in a teaching view asks: each click `(x, y)` is
    /// revised as soon as [`ArcClick::after`] revisions of the pass are
    /// done (or nothing is left on the queues) and the clicks before it
    /// were revised, and taken off the queue if it was waiting there; then
    /// the queue goes on as usual. Without clicks it is
    /// [`Solver::ac3_observed`], revision for revision. The fixpoint
    /// reached is the same whatever the clicks (AC-3's closure does not
    /// depend on the order); only the revisions on the way change.
    ///
    /// # Errors
    ///
    /// The first click whose `(x, y)` is no arc of a binary constraint.
    pub fn ac3_clicked<O: Observer>(
        &mut self,
        clicks: &[ArcClick],
        observer: &mut O,
    ) -> Result<Ac3Report, ArcClick> {
        let arcs = clicks
            .iter()
            .map(|click| {
                self.engine
                    .arc_index(click.x, click.y)
                    .map(|arc| (click.after, arc))
                    .ok_or(*click)
            })
            .collect::<Result<Vec<_>, _>>()?;
        self.reset();
        self.engine.schedule_all();
        if O::ACTIVE {
            observer.propagate(Cause::Root, 0);
        }
        let consistent = self
            .engine
            .fixpoint_clicked(&mut self.root, &arcs, observer)
            .is_ok()
            && (0..self.root.num_vars()).all(|v| self.root.size(v) > 0);
        self.store.clone_from(&self.root);
        Ok(Ac3Report {
            consistent,
            revisions: Vec::new(),
            prunings: Vec::new(),
            stats: self.stats(),
            start: None,
        })
    }

    /// Fixes `var` to `value` at the root for the following searches (a
    /// given on a reused solver: building the model once and fixing the givens
    /// per puzzle skips the model construction). A value outside the domain
    /// makes the problem unsatisfiable.
    pub fn fix(&mut self, var: Var, value: i32) {
        self.root.assign(var.index(), value);
        if self.store.depth() == 0 {
            self.store.assign(var.index(), value);
        }
    }

    /// Removes `value` from `var` at the root for the following searches.
    pub fn remove_value(&mut self, var: Var, value: i32) {
        self.root.remove(var.index(), value);
        if self.store.depth() == 0 {
            self.store.remove(var.index(), value);
        }
    }

    /// Restores the model's domains at the root, undoing [`Solver::fix`],
    /// [`Solver::remove_value`] and [`Solver::ac3`].
    pub fn restore_domains(&mut self) {
        self.root.clone_from(&self.model.store);
        self.reset();
    }

    /// Forgets any search in progress; the next search starts at the root.
    pub fn reset(&mut self) {
        self.store.clone_from(&self.root);
        self.frames.clear();
        self.values.clear();
        self.assigned.iter_mut().for_each(|a| *a = false);
        self.phase = Phase::Fresh;
        self.stats = Stats::default();
        self.engine.counters = Default::default();
        self.engine.weights.iter_mut().for_each(|w| *w = 1);
        self.start = Instant::now();
        self.next_time_check = 0;
        self.limit = None;
        self.restarting = false;
        self.runs = 0;
        self.run_start = 0;
        self.run_limit = u64::MAX;
        self.rng = self.config.seed.unwrap_or(0);
        self.engine.set_deadline(None);
    }

    /// The dom/wdeg weight of every constraint (binary constraints first, in
    /// the order they were added, then the other constraints): 1 plus the
    /// failures it caused in the current or last search, restarts included.
    pub fn weights(&self) -> &[u64] {
        &self.engine.weights
    }

    /// Finds the first solution.
    pub fn solve(&mut self) -> Outcome {
        self.solve_observed(&mut NoObserver)
    }

    /// [`Solver::solve`], telling `observer` what the search does.
    pub fn solve_observed<O: Observer>(&mut self, observer: &mut O) -> Outcome {
        self.reset();
        if let Some(restarts) = self.config.restarts {
            self.restarting = true;
            self.run_limit = restarts.failures(0);
        }
        let event = self.advance(observer);
        let stats = self.stats();
        if O::ACTIVE {
            let status = match event {
                Event::Solution => Status::Solved,
                Event::Exhausted => Status::Unsolvable,
                Event::Limit(limit) => Status::Limit(limit),
            };
            observer.end(status, &stats);
        }
        match event {
            Event::Solution => Outcome {
                status: Status::Solved,
                solution: Some(self.current_solution()),
                stats,
            },
            Event::Exhausted => Outcome {
                status: Status::Unsolvable,
                solution: None,
                stats,
            },
            Event::Limit(limit) => Outcome {
                status: Status::Limit(limit),
                solution: None,
                stats,
            },
        }
    }

    /// Counts solutions, stopping at `max` (use `u64::MAX` for all).
    pub fn count(&mut self, max: u64) -> Count {
        self.count_observed(max, &mut NoObserver)
    }

    /// [`Solver::count`], telling `observer` what the search does; its
    /// [`Observer::end`] says `Solved` when the count stopped at `max`.
    pub fn count_observed<O: Observer>(&mut self, max: u64, observer: &mut O) -> Count {
        self.reset();
        let mut count = 0;
        let status = loop {
            if count >= max {
                break CountStatus::SolutionLimit;
            }
            match self.advance(observer) {
                Event::Solution => count += 1,
                Event::Exhausted => break CountStatus::Complete,
                Event::Limit(limit) => break CountStatus::Limit(limit),
            }
        };
        let stats = self.stats();
        if O::ACTIVE {
            let status = match status {
                CountStatus::Complete if count == 0 => Status::Unsolvable,
                CountStatus::Complete | CountStatus::SolutionLimit => Status::Solved,
                CountStatus::Limit(limit) => Status::Limit(limit),
            };
            observer.end(status, &stats);
        }
        Count {
            count,
            status,
            stats,
        }
    }

    /// Calls `visit` with each solution until it returns `false`; returns the
    /// number of solutions visited and how the enumeration ended.
    pub fn for_each_solution(&mut self, mut visit: impl FnMut(&Solution) -> bool) -> Count {
        self.reset();
        let mut count = 0;
        let status = loop {
            match self.advance(&mut NoObserver) {
                Event::Solution => {
                    count += 1;
                    if !visit(&self.current_solution()) {
                        break CountStatus::SolutionLimit;
                    }
                }
                Event::Exhausted => break CountStatus::Complete,
                Event::Limit(limit) => break CountStatus::Limit(limit),
            }
        };
        Count {
            count,
            status,
            stats: self.stats(),
        }
    }

    /// An iterator over all solutions (restarting the search); after it ends,
    /// [`Solver::status`] says whether it was exhausted or stopped by a limit.
    pub fn solutions(&mut self) -> Solutions<'_> {
        self.reset();
        Solutions { solver: self }
    }

    /// Which limit stopped the current or last search, if one did.
    pub fn limit(&self) -> Option<Limit> {
        self.limit
    }

    /// `Unsolvable` once a search is exhausted, `Limit` if a limit
    /// stopped it, `Solved` while solutions may still follow.
    pub fn status(&self) -> Status {
        match self.phase {
            Phase::Done(status) => status,
            _ => Status::Solved,
        }
    }

    fn current_solution(&self) -> Solution {
        Solution {
            values: (0..self.store.num_vars())
                .map(|v| self.store.min(v).unwrap_or(0))
                .collect(),
        }
    }

    /// The end of a search that found no more to try: exhausted, unless
    /// the deadline interrupted the fixpoint that seemed to fail.
    fn exhausted(&mut self) -> Event {
        if self.engine.interrupted {
            self.limit = Some(Limit::Time);
            self.phase = Phase::Done(Status::Limit(Limit::Time));
            return Event::Limit(Limit::Time);
        }
        self.phase = Phase::Done(Status::Unsolvable);
        Event::Exhausted
    }

    /// Which limit, if any, stops the search before the next decision,
    /// which would make `nodes` one larger and may fill a new trail level.
    fn limit_hit(&mut self) -> Option<Limit> {
        if self.engine.interrupted {
            return Some(Limit::Time);
        }
        if self
            .config
            .node_limit
            .is_some_and(|limit| self.stats.nodes >= limit)
        {
            return Some(Limit::Node);
        }
        if let Some(limit) = self.config.time_limit
            && self.stats.nodes >= self.next_time_check
        {
            self.next_time_check = self.stats.nodes + 64;
            if self.start.elapsed() >= limit {
                return Some(Limit::Time);
            }
        }
        if let Some(limit) = self.config.memory_limit
            && !self.reserve_level(limit)
        {
            return Some(Limit::Memory);
        }
        None
    }

    /// Makes room, within `limit` bytes, for everything one more decision
    /// can add to the growing buffers: a trail level, a frame, a variable's
    /// values (and, for least-constraining order, their scores and the
    /// level below, where each value's forward check is tried). False,
    /// with nothing allocated, when that room would pass the limit.
    fn reserve_level(&mut self, limit: usize) -> bool {
        let mut held = self.store.trail_bytes()
            + bytes(&self.frames)
            + bytes(&self.values)
            + bytes(&self.scores);
        // The old buffer is freed only once its contents have moved.
        let mut allow = |old: usize, new: usize| {
            if held.saturating_add(new) > limit {
                return false;
            }
            held = held - old.min(held) + new;
            true
        };
        let lcv = self.config.value_order == ValueOrder::LeastConstraining;
        self.store.reserve_levels(1 + usize::from(lcv), &mut allow)
            && reserve_within(&mut self.frames, 1, &mut allow)
            && reserve_within(&mut self.values, self.max_domain, &mut allow)
            && (!lcv || reserve_within(&mut self.scores, self.max_domain, &mut allow))
    }

    /// Runs the search until the next solution, exhaustion or a limit.
    fn advance<O: Observer>(&mut self, observer: &mut O) -> Event {
        let mut select_next = true;
        match self.phase {
            Phase::Done(Status::Limit(limit)) => return Event::Limit(limit),
            Phase::Done(_) => return Event::Exhausted,
            Phase::Fresh => {
                // The root is the first node: a limit of 0 stops before it,
                // as does a memory limit without room for its first frame.
                let stop = if self.config.node_limit == Some(0) {
                    Some(Limit::Node)
                } else {
                    self.config
                        .memory_limit
                        .filter(|&limit| !self.reserve_level(limit))
                        .map(|_| Limit::Memory)
                };
                if let Some(limit) = stop {
                    self.limit = Some(limit);
                    self.phase = Phase::Done(Status::Limit(limit));
                    return Event::Limit(limit);
                }
                self.stats.nodes = 1;
                self.phase = Phase::AfterSolution;
                // Only a search's fixpoints look at the clock: AC-3 alone
                // (`ac3`) runs to its end.
                let deadline = self
                    .config
                    .time_limit
                    .and_then(|l| self.start.checked_add(l));
                self.engine.set_deadline(deadline);
                if !self.root_propagate(observer) {
                    return self.exhausted();
                }
            }
            Phase::AfterSolution => {
                if !self.backtrack(observer) {
                    return self.exhausted();
                }
                select_next = false;
            }
        }
        loop {
            if select_next {
                let Some(var) = self.select_var() else {
                    self.stats.solutions += 1;
                    if O::SOLUTIONS {
                        observer.solution(&self.current_solution().values);
                    }
                    return Event::Solution;
                };
                self.push_frame(var);
            }
            loop {
                match self.try_next_value(observer) {
                    Tried::Propagated => break,
                    Tried::Restart => {
                        self.restart();
                        if O::ACTIVE {
                            observer.restart(self.runs + 1);
                        }
                        break;
                    }
                    Tried::Limit(limit) => {
                        self.phase = Phase::Done(Status::Limit(limit));
                        return Event::Limit(limit);
                    }
                    Tried::Exhausted => {}
                }
                // The top frame has no value left: undo its parent's decision.
                let frame = self.frames.pop().expect("a frame is being tried");
                self.values.truncate(frame.start as usize);
                self.assigned[frame.var as usize] = false;
                if !self.backtrack(observer) {
                    return self.exhausted();
                }
            }
            select_next = true;
        }
    }

    /// Undoes every decision, back to the root as refuted so far, and
    /// starts the next run; the weights are kept, which is what makes the
    /// next run choose differently.
    fn restart(&mut self) {
        while self.store.depth() > 0 {
            self.store.pop();
        }
        self.frames.clear();
        self.values.clear();
        self.assigned.iter_mut().for_each(|a| *a = false);
        self.runs += 1;
        self.stats.restarts += 1;
        self.run_start = self.stats.backtracks;
        if let Some(restarts) = self.config.restarts {
            self.run_limit = restarts.failures(self.runs);
        }
    }

    /// Whether the current run has used up its failures.
    fn restart_due(&self) -> bool {
        self.restarting
            && !self.frames.is_empty()
            && self.stats.backtracks - self.run_start >= self.run_limit
    }

    /// The next pseudo-random number (splitmix64: small, and the same on
    /// every platform, so a seed reproduces a run anywhere).
    fn next_random(&mut self) -> u64 {
        self.rng = self.rng.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.rng;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn root_propagate<O: Observer>(&mut self, observer: &mut O) -> bool {
        if let Some(empty) = (0..self.store.num_vars()).find(|&v| self.store.size(v) == 0) {
            if O::ACTIVE {
                observer.wipeout(Some(Var::from_index(empty)));
            }
            return false;
        }
        match self.config.inference {
            // A constraint over no variable (an empty sum, "at least 1 of
            // none") is a constant that no assignment wakes: checked here.
            Inference::ForwardChecking => {
                self.engine.schedule_unscoped();
                self.engine.fixpoint(&mut self.store, observer).is_ok()
            }
            Inference::Ac3ThenForwardChecking | Inference::Mac => {
                if O::ACTIVE {
                    observer.propagate(Cause::Root, 0);
                }
                self.engine.schedule_all();
                self.engine.fixpoint(&mut self.store, observer).is_ok()
            }
        }
    }

    /// Undoes the top frame's current decision and refutes it (removes the
    /// value at the frame's level); pops frames whose refutation fails.
    /// Returns `false` when no frame is left.
    fn backtrack<O: Observer>(&mut self, observer: &mut O) -> bool {
        loop {
            let Some(&frame) = self.frames.last() else {
                return false;
            };
            self.store.pop();
            if O::ACTIVE {
                observer.backtrack(self.store.depth());
            }
            if self.refute(frame.var as usize, frame.current, observer) {
                return true;
            }
            if self.engine.interrupted {
                return false;
            }
            self.stats.backtracks += 1;
            self.frames.pop();
            self.values.truncate(frame.start as usize);
            self.assigned[frame.var as usize] = false;
        }
    }

    /// Removes `value` from `var` after its subtree was explored.
    fn refute<O: Observer>(&mut self, var: usize, value: i32, observer: &mut O) -> bool {
        if O::ACTIVE {
            observer.refutation(Var::from_index(var), value, self.store.depth());
        }
        if !self.store.remove(var, value) {
            return self.store.size(var) > 0;
        }
        if self.store.size(var) == 0 {
            if O::ACTIVE {
                observer.wipeout(Some(Var::from_index(var)));
            }
            return false;
        }
        match self.config.inference {
            Inference::Mac => {
                if O::ACTIVE {
                    observer.propagate(Cause::Refutation, self.store.depth());
                }
                self.engine.schedule_var(var, self.store.size(var) == 1);
                self.engine.fixpoint(&mut self.store, observer).is_ok()
            }
            _ => true,
        }
    }

    /// Tries the top frame's remaining values until one propagates without
    /// conflict (the store is then one level deeper), none is left, or a
    /// limit is reached (checked before every decision, so the node limit
    /// is never passed).
    fn try_next_value<O: Observer>(&mut self, observer: &mut O) -> Tried {
        let top = self.frames.len() - 1;
        loop {
            let frame = self.frames[top];
            if frame.next >= frame.end {
                return Tried::Exhausted;
            }
            if self.restart_due() {
                return Tried::Restart;
            }
            if let Some(limit) = self.limit_hit() {
                self.limit = Some(limit);
                return Tried::Limit(limit);
            }
            self.frames[top].next += 1;
            let var = frame.var as usize;
            let value = self.values[frame.next as usize];
            if !self.store.contains(var, value) {
                continue;
            }
            self.stats.nodes += 1;
            self.frames[top].current = value;
            self.store.push();
            self.stats.max_depth = self.stats.max_depth.max(self.store.depth() as u64);
            let narrowed = self.store.assign(var, value);
            if O::ACTIVE {
                let depth = self.store.depth();
                observer.decision(Var::from_index(var), value, depth);
                observer.propagate(Cause::Decision, depth);
            }
            let ok = match self.config.inference {
                // The value left alone by refuting the others (a boolean's
                // second branch): the refutation's fixpoint holds already.
                Inference::Mac if !narrowed => true,
                Inference::Mac => {
                    self.engine.schedule_var(var, true);
                    self.engine.fixpoint(&mut self.store, observer).is_ok()
                }
                _ => self
                    .engine
                    .forward(&mut self.store, var, &self.assigned, observer)
                    .is_ok(),
            };
            if ok {
                return Tried::Propagated;
            }
            if self.engine.interrupted {
                self.store.pop();
                self.limit = Some(Limit::Time);
                return Tried::Limit(Limit::Time);
            }
            self.stats.backtracks += 1;
            self.store.pop();
            if O::ACTIVE {
                observer.backtrack(self.store.depth());
            }
            if !self.refute(var, value, observer) {
                return Tried::Exhausted;
            }
        }
    }

    fn push_frame(&mut self, var: usize) {
        let start = self.values.len() as u32;
        if let Some(order) = self.config.value_order_fn.clone() {
            self.order_custom(var, &order);
        } else {
            match self.config.value_order {
                ValueOrder::Ascending => self.values.extend(self.store.iter(var)),
                ValueOrder::Descending => {
                    self.values.extend(self.store.iter(var));
                    self.values[start as usize..].reverse();
                }
                ValueOrder::LeastConstraining => self.order_least_constraining(var),
            }
        }
        let end = self.values.len() as u32;
        self.assigned[var] = true;
        self.frames.push(Frame {
            var: var as u32,
            start,
            next: start,
            end,
            current: 0,
        });
    }

    /// Appends the caller's order of `var`'s values, keeping only domain
    /// values, each once, then the values it left out, so that the values
    /// of a frame are always exactly its domain (the memory reservation and
    /// completeness both rely on that).
    fn order_custom(&mut self, var: usize, order: &ValueOrderFn) {
        let domain: Vec<i32> = self.store.iter(var).collect();
        let mut taken = vec![false; domain.len()];
        for value in (order.0)(Var::from_index(var), &domain) {
            if let Ok(i) = domain.binary_search(&value)
                && !taken[i]
            {
                taken[i] = true;
                self.values.push(value);
            }
        }
        self.values.extend(
            domain
                .iter()
                .zip(&taken)
                .filter(|&(_, &t)| !t)
                .map(|(&value, _)| value),
        );
    }

    /// Scores each value by the prunings its forward check causes (failures last).
    fn order_least_constraining(&mut self, var: usize) {
        self.scores.clear();
        self.scores
            .extend(self.store.iter(var).map(|value| (0, value)));
        for i in 0..self.scores.len() {
            let value = self.scores[i].1;
            let before = self.engine.counters.prunings;
            self.store.push();
            self.store.assign(var, value);
            let ok = self
                .engine
                .forward(&mut self.store, var, &self.assigned, &mut NoObserver)
                .is_ok();
            self.store.pop();
            self.scores[i].0 = if ok {
                self.engine.counters.prunings - before
            } else {
                u64::MAX
            };
        }
        self.scores.sort_by_key(|&(cost, value)| (cost, value));
        self.values
            .extend(self.scores.iter().map(|&(_, value)| value));
    }

    fn is_open(&self, var: usize) -> bool {
        !self.assigned[var] && (self.config.inference != Inference::Mac || self.store.size(var) > 1)
    }

    fn select_var(&mut self) -> Option<usize> {
        let n = self.store.num_vars();
        match self.config.var_order {
            VarOrder::Input => (0..n).find(|&v| self.is_open(v)),
            VarOrder::Mrv => {
                let mut best = None;
                let mut best_size = u32::MAX;
                for v in 0..n {
                    if self.is_open(v) {
                        let size = self.store.size(v);
                        if size < best_size {
                            best_size = size;
                            best = Some(v);
                            if size <= 1 {
                                break;
                            }
                        }
                    }
                }
                best
            }
            VarOrder::MrvDegree => {
                let mut best = None;
                let mut best_key = (u32::MAX, 0);
                for v in 0..n {
                    if self.is_open(v) {
                        let size = self.store.size(v);
                        if size > best_key.0 {
                            continue;
                        }
                        let key = (size, self.dynamic_degree(v));
                        if key.0 < best_key.0 || key.1 > best_key.1 {
                            best_key = key;
                            best = Some(v);
                        }
                    }
                }
                best
            }
            VarOrder::DomWdeg => {
                let random = self.config.seed.is_some();
                let mut best = None;
                let mut best_score = (u64::MAX, 1u64);
                // Variables tied with the best so far (reservoir sampling:
                // the k-th tie replaces the choice with probability 1/k,
                // so each tie is equally likely, in one pass).
                let mut ties = 0u64;
                for v in 0..n {
                    if self.is_open(v) {
                        let size = self.store.size(v) as u64;
                        let wdeg = self.weighted_degree(v).max(1);
                        // size / wdeg against best.0 / best.1, without division.
                        let lhs = (size as u128) * (best_score.1 as u128);
                        let rhs = (best_score.0 as u128) * (wdeg as u128);
                        if lhs < rhs {
                            best_score = (size, wdeg);
                            best = Some(v);
                            ties = 1;
                        } else if random && lhs == rhs && best.is_some() {
                            ties += 1;
                            if self.next_random().is_multiple_of(ties) {
                                best = Some(v);
                            }
                        }
                    }
                }
                best
            }
        }
    }

    /// Constraints of `var` with at least one other open variable.
    fn dynamic_degree(&self, var: usize) -> u32 {
        self.engine
            .var_constraints
            .get(var)
            .iter()
            .filter(|&&c| {
                self.engine
                    .constraint_vars
                    .get(c as usize)
                    .iter()
                    .any(|&w| w as usize != var && self.is_open(w as usize))
            })
            .count() as u32
    }

    fn weighted_degree(&self, var: usize) -> u64 {
        self.engine
            .var_constraints
            .get(var)
            .iter()
            .map(|&c| self.engine.weights[c as usize])
            .sum()
    }
}

/// Iterator over a solver's solutions, from [`Solver::solutions`].
#[derive(Debug)]
pub struct Solutions<'a> {
    solver: &'a mut Solver,
}

impl Iterator for Solutions<'_> {
    type Item = Solution;

    fn next(&mut self) -> Option<Solution> {
        match self.solver.advance(&mut NoObserver) {
            Event::Solution => Some(self.solver.current_solution()),
            Event::Exhausted | Event::Limit(_) => None,
        }
    }
}
