//! When a dedicated engine's count stops: the most nodes, a deadline and
//! the most bytes held, read from the [`Limits`] every puzzle shares, so
//! that each engine checks them the same way on its hot path.

use std::time::{Duration, Instant};

use crate::{Limit, Limits};

/// The limits of one count, as an engine checks them before each node: the
/// clock is read only every [`Budget::CLOCK_EVERY`] nodes, so the hot path
/// compares counters.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Budget {
    /// The most nodes.
    pub nodes: Option<u64>,
    /// When the time runs out.
    pub deadline: Option<Instant>,
    /// The most bytes the search may hold.
    pub memory: Option<usize>,
}

/// When `time_limit`, counted from `started`, runs out (a limit too far to
/// add to the clock is a thousand centuries).
pub fn deadline(started: Instant, time_limit: Option<Duration>) -> Option<Instant> {
    time_limit.map(|limit| {
        started
            .checked_add(limit)
            .unwrap_or(started + Duration::from_secs(1 << 40))
    })
}

impl Budget {
    /// Nodes between two looks at the clock.
    pub const CLOCK_EVERY: u64 = 256;

    /// The budget of `limits` for a count that started at `started`.
    pub fn new(limits: &Limits, started: Instant) -> Budget {
        Budget {
            nodes: limits.node_limit,
            deadline: deadline(started, limits.time_limit),
            memory: limits.memory_limit,
        }
    }

    /// The limit that refuses one more node after `nodes`, the search then
    /// holding `held` bytes.
    pub fn refuses(&self, nodes: u64, held: usize) -> Option<Limit> {
        if self.nodes.is_some_and(|limit| nodes >= limit) {
            return Some(Limit::Node);
        }
        if self.memory.is_some_and(|limit| held > limit) {
            return Some(Limit::Memory);
        }
        if nodes.is_multiple_of(Self::CLOCK_EVERY)
            && self
                .deadline
                .is_some_and(|deadline| Instant::now() >= deadline)
        {
            return Some(Limit::Time);
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_limit_refuses_in_turn() {
        let started = Instant::now();
        let limits = Limits {
            node_limit: Some(10),
            memory_limit: Some(100),
            time_limit: Some(Duration::ZERO),
            ..Limits::default()
        };
        let budget = Budget::new(&limits, started);
        assert_eq!(budget.refuses(10, 0), Some(Limit::Node));
        assert_eq!(budget.refuses(1, 101), Some(Limit::Memory));
        assert_eq!(
            budget.refuses(1, 100),
            None,
            "the clock is read every 256 nodes"
        );
        assert_eq!(budget.refuses(0, 100), Some(Limit::Time));
        assert_eq!(
            Budget::new(&Limits::default(), started).refuses(256, usize::MAX),
            None
        );
        assert!(deadline(started, Some(Duration::MAX)).is_some());
    }
}
