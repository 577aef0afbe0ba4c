//! What bounds every request, so that a class sharing one server cannot
//! stall it: the search's node and time limits, the events sent, the input
//! size and the solves running at once.

use std::time::Duration;

/// The bounds of every request.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// States a search may generate (the command line's `--node-limit`).
    pub nodes: u64,
    /// Wall-clock time of one search (`--time-limit`).
    pub time: Duration,
    /// Events sent by default; a request may ask for fewer or more, up to
    /// [`Limits::max_events`].
    pub events: usize,
    /// The most events one answer carries (the command line's default
    /// `--events-limit`).
    pub max_events: usize,
    /// Bytes the states of one search may hold (`--memory-limit`).
    pub memory_bytes: usize,
    /// Bytes of a request's query string.
    pub query_bytes: usize,
    /// Solves running at once; more wait for a turn, up to
    /// [`Limits::queue_wait`].
    pub concurrent_solves: usize,
    /// Of those, the heavy ones (4x4 boards, whose searches run to the
    /// node limit): fewer than [`Limits::concurrent_solves`] where there
    /// are two cores or more, so that a class's small solves (3x3 boards,
    /// at most 181,440 states) always find a free turn.
    pub heavy_solves: usize,
    /// How long a request waits for a turn before it is answered 503.
    pub queue_wait: Duration,
}

impl Default for Limits {
    /// 500,000 nodes and 10 s a search, 20,000 events by default and
    /// 100,000 at most, 256 MiB of states, 4 KiB of query, one solve per core at once, half of them
    /// heavy.
    fn default() -> Self {
        let cores = std::thread::available_parallelism().map_or(2, usize::from);
        Limits {
            nodes: 500_000,
            time: Duration::from_secs(10),
            events: 20_000,
            max_events: 100_000,
            memory_bytes: 256 << 20,
            query_bytes: 4096,
            concurrent_solves: cores,
            heavy_solves: (cores / 2).max(1),
            queue_wait: Duration::from_secs(30),
        }
    }
}
