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

use crate::engine::{ArcRevision, Pruning};
use crate::model::Var;
use crate::search::{Stats, Status};

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

    /// Propagation failed: `var`'s domain was wiped out (`None` when a
    /// propagator failed without emptying a domain).
    fn wipeout(&mut self, var: Option<Var>) {
        let _ = var;
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

    fn propagate(&mut self, cause: Cause, depth: usize) {
        (**self).propagate(cause, depth);
    }

    fn arc_revised(&mut self, x: Var, y: Var, removed: &[i32], added: &[(Var, Var)]) {
        (**self).arc_revised(x, y, removed, added);
    }

    fn pruned(&mut self, propagator: &str, var: Var, removed: &[i32]) {
        (**self).pruned(propagator, var, removed);
    }

    fn wipeout(&mut self, var: Option<Var>) {
        (**self).wipeout(var);
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
