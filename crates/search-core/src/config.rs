//! Run options shared by every searcher: cycle handling, depth, node, time
//! and memory limits, and the random seed.

use std::time::Duration;

/// How a searcher avoids going round in circles.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum CycleCheck {
    /// No check: a plain tree search. Right for spaces without cycles (such
    /// as assigning sudoku cells one by one) and the cheapest; on a graph
    /// with cycles, pair it with a depth or node limit.
    None,
    /// Refuse a state that already appears on the path leading to it (the
    /// searcher framework's `creates_cycle`). Needs only `PartialEq`; costs a walk along the
    /// path per generated state, keeps no table.
    Path,
    /// Remember every state reached in a hash table and never add one twice
    /// (A* re-adds a state when it finds a cheaper path to it). The fastest
    /// on graphs with many transpositions; memory grows with the states seen.
    /// IDA* never keeps a table and treats this as [`CycleCheck::Path`].
    #[default]
    Closed,
}

/// Options for one run of a searcher. `Config::default()` means: closed-set
/// cycle check, no depth, node, time or memory limit, seed 0.
///
/// ```
/// use search_core::{Config, CycleCheck};
/// use std::time::Duration;
///
/// let config = Config::default()
///     .cycle_check(CycleCheck::Path)
///     .depth_limit(20)
///     .node_limit(1_000_000)
///     .time_limit(Duration::from_secs(5))
///     .memory_limit(512 << 20)
///     .seed(7);
/// assert_eq!(config.depth_limit, Some(20));
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Config {
    /// How cycles are avoided.
    pub cycle_check: CycleCheck,
    /// States more than this many moves from the start are not added (the
    /// searcher framework's `depth_limit`; `None` is its `-1`).
    pub depth_limit: Option<u32>,
    /// The most states a run may generate ([`crate::Stats::generated`], the
    /// start included), never passed: when taking in one more successor
    /// would pass it, the run ends with [`crate::Status::Limit`]
    /// ([`crate::Limit::Node`]) with `generated` equal to the limit, the
    /// rest of that expansion dropped. A node that generates nothing (a dead
    /// end, or one at the depth limit) is still tested once the limit is
    /// reached. 0 ends a run before its start is generated or tested. A
    /// searcher that starts over (IDDFS, IDA*) counts the start again each
    /// time, except [`crate::idastar_in_place`] (see there).
    pub node_limit: Option<u64>,
    /// The run stops with [`crate::Status::Limit`] after this long.
    pub time_limit: Option<Duration>,
    /// The most bytes the run's growing buffers may hold: the node arena
    /// (with [`crate::Problem::state_heap_bytes`] per node), the closed
    /// set, the frontier, a depth-first search's path. They are counted by
    /// capacity and checked where one is about to grow, with the old and the
    /// new buffer both held during the move, so the run ends with
    /// [`crate::Status::Limit`] ([`crate::Limit::Memory`]) before an
    /// allocation that would pass the limit is made; not per node, so it
    /// costs nothing in the inner loops. The buffers of one expansion (its
    /// successor list) and [`crate::idastar_in_place`], which holds only
    /// its path, are not counted. Memory kept in a [`crate::Scratch`] from
    /// earlier runs counts from the start.
    pub memory_limit: Option<usize>,
    /// Seed of the random searcher; the same seed gives the same run.
    pub seed: u64,
}

impl Config {
    /// Sets [`Config::cycle_check`].
    pub fn cycle_check(mut self, cycle_check: CycleCheck) -> Self {
        self.cycle_check = cycle_check;
        self
    }

    /// Sets [`Config::depth_limit`].
    pub fn depth_limit(mut self, depth_limit: u32) -> Self {
        self.depth_limit = Some(depth_limit);
        self
    }

    /// Sets [`Config::node_limit`].
    pub fn node_limit(mut self, node_limit: u64) -> Self {
        self.node_limit = Some(node_limit);
        self
    }

    /// Sets [`Config::time_limit`].
    pub fn time_limit(mut self, time_limit: Duration) -> Self {
        self.time_limit = Some(time_limit);
        self
    }

    /// Sets [`Config::memory_limit`], in bytes.
    pub fn memory_limit(mut self, bytes: usize) -> Self {
        self.memory_limit = Some(bytes);
        self
    }

    /// Sets the node, time and memory limits a puzzle's options carry
    /// (`puzzle_kit::Limits`), each one that is set; the rest stays.
    ///
    /// ```
    /// use search_core::Config;
    /// use std::time::Duration;
    ///
    /// let limits = puzzle_kit::Limits { node_limit: Some(500), ..Default::default() };
    /// let config = Config::default().time_limit(Duration::from_secs(1)).within(&limits);
    /// assert_eq!(config.node_limit, Some(500));
    /// assert_eq!(config.time_limit, Some(Duration::from_secs(1)));
    /// assert_eq!(config.memory_limit, None);
    /// ```
    pub fn within(mut self, limits: &puzzle_kit::Limits) -> Self {
        self.node_limit = limits.node_limit.or(self.node_limit);
        self.time_limit = limits.time_limit.or(self.time_limit);
        self.memory_limit = limits.memory_limit.or(self.memory_limit);
        self
    }

    /// Sets [`Config::seed`].
    pub fn seed(mut self, seed: u64) -> Self {
        self.seed = seed;
        self
    }
}
