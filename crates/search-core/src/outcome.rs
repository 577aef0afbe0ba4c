//! What a run returns: its [`Status`], the [`Path`] found, and [`Stats`].

use std::time::Duration;

/// How a run ended, in the words every puzzle crate uses: [`Status::Solved`]
/// when a goal was reached (the search holds its path);
/// [`Status::Unsolvable`] when every state the searcher could reach (through
/// its cycle check) was tested and none is a goal, which with a complete
/// searcher proves there is no path; [`Status::Limit`] when a limit stopped
/// it first: [`Limit::Node`], [`Limit::Time`], [`Limit::Memory`] (a buffer
/// would have grown past [`crate::Config::memory_limit`]) or
/// [`Limit::Depth`] (every state within [`crate::Config::depth_limit`] was
/// tested and the limit cut some off, so a goal may lie deeper).
pub use puzzle_kit::{Limit, Status};

/// The moves from the start to a goal and the states they pass through.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Path<S, M, C> {
    /// The states from the start to the goal, both included:
    /// `states.len() == moves.len() + 1`.
    pub states: Vec<S>,
    /// The moves in order; `moves[i]` leads from `states[i]` to `states[i + 1]`.
    pub moves: Vec<M>,
    /// The sum of the moves' costs.
    pub cost: C,
}

impl<S, M, C> Path<S, M, C> {
    /// The number of moves.
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// Whether the start is already a goal.
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// The goal reached.
    pub fn goal(&self) -> &S {
        self.states.last().expect("a path holds at least its start")
    }
}

/// Counters of one run.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// States tested against the goal (the searcher framework's `num_tested`).
    pub num_tested: u64,
    /// States whose successors were generated.
    pub expanded: u64,
    /// States generated, the search's node count: the start plus every
    /// successor taken in from the problem, including those then refused by
    /// the cycle check or depth limit. Never more than
    /// [`crate::Config::node_limit`]; successors made past it are dropped
    /// uncounted as the run ends.
    pub generated: u64,
    /// The largest number of states waiting to be tested at one time.
    pub max_frontier: u64,
    /// Iterations of an iterative searcher (IDDFS, IDA*); 1 for the others.
    pub iterations: u32,
    /// Wall-clock time of the run.
    pub elapsed: Duration,
}

/// The result of one run: how it ended, the path if one was found, counters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Search<S, M, C> {
    /// How the run ended.
    pub status: Status,
    /// The path found, present exactly when `status` is [`Status::Solved`].
    pub path: Option<Path<S, M, C>>,
    /// Counters of the run.
    pub stats: Stats,
}

impl<S, M, C> Search<S, M, C> {
    /// The path found, if any.
    pub fn path(&self) -> Option<&Path<S, M, C>> {
        self.path.as_ref()
    }

    /// The path found, if any, by value.
    pub fn into_path(self) -> Option<Path<S, M, C>> {
        self.path
    }

    /// Whether a goal was reached.
    pub fn is_solved(&self) -> bool {
        self.status == Status::Solved
    }
}
