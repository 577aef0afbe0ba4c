//! Watching a solver as it runs: the [`Observer`] a caller passes to
//! [`crate::Solver::solve_observed`] (and the other `_observed` methods),
//! told of each propagation, each arc revision and propagator pruning with
//! the values removed, each wipe-out, decision, refutation, backtrack,
//! solution and restart; [`NoObserver`], behind the plain methods, whose
//! calls and the work done to fill them in (copying a domain before a
//! revision to tell what it removed) compile to nothing.
//!
//! [`Recorder`] is the observer behind [`crate::Solver::ac3`]'s trace: the
//! AC-3 table is built from the same calls as any other observer gets.
//! [`KeepSolutions`] passes every call on to another observer and keeps
//! the solutions on the way, for a watched count that must also answer.

use crate::report::{ArcRevision, Pruning, Stats};
use crate::var::Var;
use puzzle_kit::Status;

/// Why propagation starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cause {
    /// At the root, before any decision (and [`crate::Solver::ac3`]).
    Root,
    /// After a decision.
    Decision,
    /// After a refutation.
    Refutation,
}

impl Cause {
    /// The name used in the events: `root`, `decision`, `refutation`.
    pub fn name(self) -> &'static str {
        match self {
            Cause::Root => "root",
            Cause::Decision => "decision",
            Cause::Refutation => "refutation",
        }
    }
}

/// Told by a [`crate::Solver`] what it does, as it does it. Every method
/// does nothing by default; implement those wanted. Depths count the
/// decisions in force: 0 at the root.
pub trait Observer {
    /// Whether the solver should gather what the calls report. Only
    /// [`NoObserver`] says no, which lets the plain methods skip that work.
    const ACTIVE: bool = true;

    /// Whether [`Observer::solution`] is wanted, even by an observer that
    /// is not [`ACTIVE`](Observer::ACTIVE): [`KeepSolutions`] over
    /// [`NoObserver`] keeps the solutions of a search that gathers nothing
    /// else, which runs as fast as an unobserved one. Defaults to `ACTIVE`.
    const SOLUTIONS: bool = Self::ACTIVE;

    /// Propagation starts, at `depth`, because of `cause` (a full fixpoint
    /// under MAC and at the root of AC-3, a forward check otherwise).
    fn propagate(&mut self, cause: Cause, depth: usize) {
        let _ = (cause, depth);
    }

    /// Arc `(x, y)` was revised: `removed` left `x` (ascending; empty when
    /// every value had a support), and the arcs `added` went back on the
    /// queue because `x` changed (empty in a forward check, which queues
    /// nothing).
    fn arc_revised(&mut self, x: Var, y: Var, removed: &[i32], added: &[(Var, Var)]) {
        let _ = (x, y, removed, added);
    }

    /// Propagator `propagator` (its name, as [`crate::Propagator::name`]
    /// gives it) removed `removed` (ascending) from `var`.
    fn pruned(&mut self, propagator: &str, var: Var, removed: &[i32]) {
        let _ = (propagator, var, removed);
    }

    /// [`Observer::pruned`] with the rule behind the removal, where the
    /// propagator names one ([`crate::Context::because`]): `single-cycle`
    /// says `degree`, `bridge`, `subtour`, ... The engine reports every
    /// propagator's pruning through this call; by default it forgets the
    /// reason and calls [`Observer::pruned`]. With several reasons for one
    /// variable in one call, `reason` is the first (a 0/1 variable loses
    /// its one value for one reason).
    fn pruned_because(
        &mut self,
        propagator: &str,
        reason: Option<&str>,
        var: Var,
        removed: &[i32],
    ) {
        let _ = reason;
        self.pruned(propagator, var, removed);
    }

    /// Propagation failed: `var`'s domain was wiped out (`None` when a
    /// propagator failed without emptying a domain).
    fn wipeout(&mut self, var: Option<Var>) {
        let _ = var;
    }

    /// Propagator `propagator` failed, wiping out `var` (or none), for
    /// `reason` where it names one ([`crate::Context::because`]). By
    /// default it calls [`Observer::wipeout`], as the engine did before
    /// reasons; a propagator's failure is reported through this call.
    fn propagator_failed(&mut self, propagator: &str, reason: Option<&str>, var: Option<Var>) {
        let _ = (propagator, reason);
        self.wipeout(var);
    }

    /// `var = value` was decided; `depth` counts it.
    fn decision(&mut self, var: Var, value: i32, depth: usize) {
        let _ = (var, value, depth);
    }

    /// `var = value` was refuted (removed at `depth`) after its subtree was
    /// searched or its propagation failed.
    fn refutation(&mut self, var: Var, value: i32, depth: usize) {
        let _ = (var, value, depth);
    }

    /// The search went back to `depth`, undoing the decision above it.
    fn backtrack(&mut self, depth: usize) {
        let _ = depth;
    }

    /// A solution was found: `values` by variable index.
    fn solution(&mut self, values: &[i32]) {
        let _ = values;
    }

    /// Run `run` (from 1) starts from the root again.
    fn restart(&mut self, run: u64) {
        let _ = run;
    }

    /// The search ended (or, counting or enumerating, stopped) with
    /// `status` and `stats`.
    fn end(&mut self, status: Status, stats: &Stats) {
        let _ = (status, stats);
    }
}

/// The observer of the plain methods: sees nothing, costs nothing.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoObserver;

impl Observer for NoObserver {
    const ACTIVE: bool = false;
}

/// An observer borrowed mutably observes as itself.
impl<O: Observer> Observer for &mut O {
    const ACTIVE: bool = O::ACTIVE;
    const SOLUTIONS: bool = O::SOLUTIONS;

    fn propagate(&mut self, cause: Cause, depth: usize) {
        (**self).propagate(cause, depth);
    }

    fn arc_revised(&mut self, x: Var, y: Var, removed: &[i32], added: &[(Var, Var)]) {
        (**self).arc_revised(x, y, removed, added);
    }

    fn pruned(&mut self, propagator: &str, var: Var, removed: &[i32]) {
        (**self).pruned(propagator, var, removed);
    }

    fn pruned_because(
        &mut self,
        propagator: &str,
        reason: Option<&str>,
        var: Var,
        removed: &[i32],
    ) {
        (**self).pruned_because(propagator, reason, var, removed);
    }

    fn wipeout(&mut self, var: Option<Var>) {
        (**self).wipeout(var);
    }

    fn propagator_failed(&mut self, propagator: &str, reason: Option<&str>, var: Option<Var>) {
        (**self).propagator_failed(propagator, reason, var);
    }

    fn decision(&mut self, var: Var, value: i32, depth: usize) {
        (**self).decision(var, value, depth);
    }

    fn refutation(&mut self, var: Var, value: i32, depth: usize) {
        (**self).refutation(var, value, depth);
    }

    fn backtrack(&mut self, depth: usize) {
        (**self).backtrack(depth);
    }

    fn solution(&mut self, values: &[i32]) {
        (**self).solution(values);
    }

    fn restart(&mut self, run: u64) {
        (**self).restart(run);
    }

    fn end(&mut self, status: Status, stats: &Stats) {
        (**self).end(status, stats);
    }
}

/// An observer that passes every call on to `observer` and keeps the
/// solutions it is told of: the first only ([`KeepSolutions::first`]) or
/// every one ([`KeepSolutions::all`]). A watched count returns only how
/// many it found; this is how its caller also gets what they were.
///
/// It is always [`Observer::ACTIVE`], whatever `observer` is: it must be
/// told the solutions.
///
/// ```
/// use csp_core::{Config, KeepSolutions, Model, NoObserver, Solver};
///
/// let mut model = Model::new();
/// let vars = model.new_vars(3, 0..3);
/// model.all_different(&vars);
/// let mut solver = Solver::new(model, Config::default());
/// let mut keep = KeepSolutions::all(NoObserver);
/// let counted = solver.count_observed(u64::MAX, &mut keep);
/// assert_eq!(counted.count, 6);
/// assert_eq!(keep.solutions().len(), 6);
/// assert_eq!(keep.solutions()[0], [0, 1, 2]);
/// ```
#[derive(Clone, Debug, Default)]
pub struct KeepSolutions<O> {
    observer: O,
    solutions: Vec<Vec<i32>>,
    keep_all: bool,
}

impl<O> KeepSolutions<O> {
    /// Keeps the first solution only.
    pub fn first(observer: O) -> Self {
        KeepSolutions {
            observer,
            solutions: Vec::new(),
            keep_all: false,
        }
    }

    /// Keeps every solution, in the order found.
    pub fn all(observer: O) -> Self {
        KeepSolutions {
            keep_all: true,
            ..KeepSolutions::first(observer)
        }
    }

    /// The solutions kept so far, values by variable index.
    pub fn solutions(&self) -> &[Vec<i32>] {
        &self.solutions
    }

    /// The solutions kept, values by variable index.
    pub fn into_solutions(self) -> Vec<Vec<i32>> {
        self.solutions
    }

    /// The first solution, if one was found.
    pub fn into_first(self) -> Option<Vec<i32>> {
        self.solutions.into_iter().next()
    }
}

/// Active as its inner observer is: keeping solutions needs nothing else.
impl<O: Observer> Observer for KeepSolutions<O> {
    const ACTIVE: bool = O::ACTIVE;
    const SOLUTIONS: bool = true;

    fn propagate(&mut self, cause: Cause, depth: usize) {
        self.observer.propagate(cause, depth);
    }

    fn arc_revised(&mut self, x: Var, y: Var, removed: &[i32], added: &[(Var, Var)]) {
        self.observer.arc_revised(x, y, removed, added);
    }

    fn pruned(&mut self, propagator: &str, var: Var, removed: &[i32]) {
        self.observer.pruned(propagator, var, removed);
    }

    fn pruned_because(
        &mut self,
        propagator: &str,
        reason: Option<&str>,
        var: Var,
        removed: &[i32],
    ) {
        self.observer
            .pruned_because(propagator, reason, var, removed);
    }

    fn wipeout(&mut self, var: Option<Var>) {
        self.observer.wipeout(var);
    }

    fn propagator_failed(&mut self, propagator: &str, reason: Option<&str>, var: Option<Var>) {
        self.observer.propagator_failed(propagator, reason, var);
    }

    fn decision(&mut self, var: Var, value: i32, depth: usize) {
        self.observer.decision(var, value, depth);
    }

    fn refutation(&mut self, var: Var, value: i32, depth: usize) {
        self.observer.refutation(var, value, depth);
    }

    fn backtrack(&mut self, depth: usize) {
        self.observer.backtrack(depth);
    }

    fn solution(&mut self, values: &[i32]) {
        if self.keep_all || self.solutions.is_empty() {
            self.solutions.push(values.to_vec());
        }
        self.observer.solution(values);
    }

    fn restart(&mut self, run: u64) {
        self.observer.restart(run);
    }

    fn end(&mut self, status: Status, stats: &Stats) {
        self.observer.end(status, stats);
    }
}

/// Records the arc revisions and prunings it is told of, in order: the
/// trace of [`crate::Solver::ac3`] ([`crate::Ac3Report::revisions`] and
/// [`crate::Ac3Report::prunings`]), available to any observed run.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Recorder {
    /// Every arc revision, in order.
    pub revisions: Vec<ArcRevision>,
    /// Every propagator pruning, in order, placed among the revisions.
    pub prunings: Vec<Pruning>,
}

impl Observer for Recorder {
    fn arc_revised(&mut self, x: Var, y: Var, removed: &[i32], added: &[(Var, Var)]) {
        self.revisions.push(ArcRevision {
            x,
            y,
            removed: removed.to_vec(),
            added: added.to_vec(),
        });
    }

    fn pruned(&mut self, _: &str, var: Var, removed: &[i32]) {
        self.prunings.push(Pruning {
            after: self.revisions.len(),
            var,
            removed: removed.to_vec(),
        });
    }
}
