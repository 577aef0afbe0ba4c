//! What a search reports, apart from the search: its [`Stats`], and the
//! changes a traced AC-3 pass records ([`ArcRevision`], [`Pruning`]). A leaf
//! module, so that the engine, the search and the observers all name them
//! without depending on each other.

use std::time::Duration;

use crate::var::Var;

/// Search statistics.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Stats {
    /// Search nodes examined, the root included: 1 for the root (its
    /// propagation) plus one per decision tried (a value assigned to a
    /// branching variable, whether its propagation succeeds or fails). 0
    /// only when a node limit of 0 stopped the search before the root, and
    /// after [`Solver::ac3`](crate::Solver::ac3) alone, which is no search.
    pub nodes: u64,
    /// Decisions or refutations whose propagation failed.
    pub backtracks: u64,
    /// Propagator calls (all-different and custom constraints).
    pub propagations: u64,
    /// Arc revisions of binary constraints.
    pub arc_revisions: u64,
    /// Values removed by inference.
    pub prunings: u64,
    /// Solutions reported.
    pub solutions: u64,
    /// Deepest decision level reached.
    pub max_depth: u64,
    /// Restarts made ([`Config::restarts`](crate::Config::restarts)).
    pub restarts: u64,
    /// Wall time spent in search (and root propagation).
    pub elapsed: Duration,
}

/// One revision of an arc `(x, y)` by AC-3: the values removed from `x`
/// because no value of `y` supports them and the arcs this revision put back
/// on the queue. Only what changed is kept, never a copy of `x`'s domain, so a
/// traced pass over a large model holds at most each initial value once;
/// [`Ac3Report::replay`](crate::Ac3Report::replay) rebuilds the domain after
/// each change for a table that prints it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ArcRevision {
    /// The revised variable.
    pub x: Var,
    /// The variable whose values must support `x`'s.
    pub y: Var,
    /// Values removed from `x`, ascending (empty: the revision changed nothing).
    pub removed: Vec<i32>,
    /// Arcs `(k, x)` added to the queue because `x` changed.
    pub added: Vec<(Var, Var)>,
}

impl ArcRevision {
    /// Whether the revision removed anything from `x`.
    pub fn changed(&self) -> bool {
        !self.removed.is_empty()
    }
}

/// Values a propagator (an n-ary constraint such as all-different, not an
/// arc) removed from one variable during a traced AC-3 pass. Kept so that the
/// domains rebuilt from the trace are exactly the store's.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pruning {
    /// How many arc revisions came before it: its place in the trace.
    pub after: usize,
    /// The variable pruned.
    pub var: Var,
    /// Values removed, ascending.
    pub removed: Vec<i32>,
}
