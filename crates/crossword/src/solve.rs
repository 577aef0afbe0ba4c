//! Choosing an algorithm and its options, and running it on a problem.

use std::time::Duration;

use crate::csp::{self, Ac3Result};
use crate::fast;
use crate::problem::{Outcome, Problem};

/// Which solver fills the grid.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum Algo {
    /// Bitset domains with a position-letter index, arc consistency during
    /// search, dom/wdeg, best words first, seeded restarts.
    #[default]
    Fast,
    /// csp-core's MAC search on the slot model (for teaching and cross-checking).
    Mac,
    /// Seed 002: AC-3 alone on csp-core, with its trace.
    Ac3,
}

impl Algo {
    /// The name on the command line and in JSON.
    pub fn name(self) -> &'static str {
        match self {
            Algo::Fast => "fast",
            Algo::Mac => "mac",
            Algo::Ac3 => "ac3",
        }
    }
}

impl std::str::FromStr for Algo {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        match text {
            "fast" => Ok(Algo::Fast),
            "mac" => Ok(Algo::Mac),
            "ac3" => Ok(Algo::Ac3),
            other => Err(format!(
                "unknown algorithm '{other}', expected fast, mac or ac3"
            )),
        }
    }
}

/// Options of a solve.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Options {
    /// Seed of the random tie-breaking of `fast` (the same seed, the same fill).
    pub seed: u64,
    /// Count fills up to this many instead of stopping at the first.
    pub count_limit: Option<u64>,
    /// Let a word fill more than one entry.
    pub allow_repeats: bool,
    /// Stop before the search passes this many nodes.
    pub node_limit: Option<u64>,
    /// Stop after this much time.
    pub time_limit: Option<Duration>,
    /// Record AC-3's revisions (`ac3`).
    pub trace: bool,
}

impl Options {
    /// Counting fills up to `limit`.
    pub fn count(limit: u64) -> Options {
        Options {
            count_limit: Some(limit),
            ..Options::default()
        }
    }
}

/// Solves `problem` with `algo`; for `ac3` also the domains before and
/// after and the trace.
pub fn solve(problem: &Problem, algo: Algo, options: &Options) -> (Outcome, Option<Ac3Result>) {
    match algo {
        Algo::Fast => (fast::solve(problem, options), None),
        Algo::Mac => (csp::mac(problem, options), None),
        Algo::Ac3 => {
            let (outcome, result) = csp::ac3(problem, options);
            (outcome, Some(result))
        }
    }
}
