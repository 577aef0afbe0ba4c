//! The vocabulary every puzzle crate and both cores share, in a crate with
//! no dependencies of its own so that a library built without its command
//! line can still afford it:
//!
//! - [`Status`]: how a run ended, solved, unsolvable, or stopped by a
//!   [`Limit`] that says which one;
//! - [`Limit`]: the node, time, memory, frontier or depth limit, named as
//!   the command-line flag that sets it and as the `limit` field of a JSON
//!   record;
//! - [`Puzzle`]: what every puzzle type offers (parsing, its canonical
//!   line, [`Puzzle::solve`] with [`Configure`]d options into an
//!   [`Outcome`], and its independent [`Puzzle::check`], whose
//!   [`Violation`] names the rule and the [`Cell`]), so that a tool
//!   over every puzzle (the command line's drivers, the explorer, the
//!   Python package) is written once and registers each puzzle in a line;
//! - [`Stats`]: the effort of a solve in one shape (nodes, time, the
//!   crate's own [`Counters`]);
//! - [`Limits`] and the [`common_options!`] macro, which give each crate's
//!   `Options` the same `Options::new(algo)`, `.count_up_to(k)`,
//!   `.node_limit(n)`, `.time_limit(d)`, `.memory_limit(bytes)` (and
//!   `.seed(s)` where the crate has randomness) as inherent methods;
//! - the [`algorithm_names!`] macro, which gives each crate's [`Algorithm`]
//!   enum the same inherent `ALL` and `name`, `Display` and `FromStr`;
//! - the [`configure_fields!`] macro, which writes [`Configure`] for options
//!   that hold their algorithm and [`Limits`] in fields `algo` and `limits`.
//!
//! A limit is never a proof: a search whose budget refused a state reports
//! [`Status::Limit`], never [`Status::Unsolvable`], whatever it had left to
//! search.
//!
//! ```
//! use puzzle_kit::{Limit, Status};
//!
//! let stopped = Status::Limit(Limit::Memory);
//! assert_eq!(stopped.name(), "limit");
//! assert_eq!(stopped.limit(), Some(Limit::Memory));
//! assert_eq!(Limit::Memory.name(), "memory");
//! assert_eq!("frontier".parse::<Limit>(), Ok(Limit::Frontier));
//! ```

#![deny(missing_docs)]

use std::fmt;
use std::str::FromStr;

mod budget;
mod puzzle;
mod report;

pub use budget::{Budget, deadline};
pub use puzzle::{Algorithm, Configure, Effort, Limits, Outcome, Puzzle, UnknownName};
pub use report::{Cell, Counters, Exhaustive, NoCounters, Stats, Violation};

/// Which limit stopped a search before it could answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Limit {
    /// The node limit (`--node-limit`): the search examined as many states,
    /// assignments or steps as it was allowed.
    Node,
    /// The time limit (`--time-limit`).
    Time,
    /// The memory budget (`--memory-limit`): a state, frontier or table the
    /// search holds would not have fitted.
    Memory,
    /// A cap on the number of states a frontier holds (`--frontier-limit`).
    Frontier,
    /// A depth limit (`--depth-limit`): every state within it was searched,
    /// so a solution may still lie deeper.
    Depth,
}

impl Limit {
    /// Every limit, in the order the JSON contract lists them.
    pub const ALL: [Limit; 5] = [
        Limit::Node,
        Limit::Time,
        Limit::Memory,
        Limit::Frontier,
        Limit::Depth,
    ];

    /// The name of the `limit` field and of the flag (`--{name}-limit`):
    /// `node`, `time`, `memory`, `frontier` or `depth`.
    pub fn name(self) -> &'static str {
        match self {
            Limit::Node => "node",
            Limit::Time => "time",
            Limit::Memory => "memory",
            Limit::Frontier => "frontier",
            Limit::Depth => "depth",
        }
    }
}

impl fmt::Display for Limit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is not one of [`Limit::ALL`]'s.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownLimit(pub String);

impl fmt::Display for UnknownLimit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown limit '{}', expected node, time, memory, frontier or depth",
            self.0
        )
    }
}

impl std::error::Error for UnknownLimit {}

impl FromStr for Limit {
    type Err = UnknownLimit;

    fn from_str(name: &str) -> Result<Self, Self::Err> {
        Limit::ALL
            .into_iter()
            .find(|limit| limit.name() == name)
            .ok_or_else(|| UnknownLimit(name.to_owned()))
    }
}

/// How a search ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Status {
    /// A solution was found (when counting: at least one, and the count
    /// ended because the search was exhausted or reached the count asked
    /// for).
    Solved,
    /// The search was exhausted and proved there is no solution.
    Unsolvable,
    /// A limit stopped the search before it could answer: before a first
    /// solution, or before a count was complete (the count is then a lower
    /// bound).
    Limit(Limit),
}

impl Status {
    /// The `status` of a JSON record: `solved`, `unsolvable` or `limit`.
    pub fn name(self) -> &'static str {
        match self {
            Status::Solved => "solved",
            Status::Unsolvable => "unsolvable",
            Status::Limit(_) => "limit",
        }
    }

    /// The limit that stopped the search, if one did.
    pub fn limit(self) -> Option<Limit> {
        match self {
            Status::Limit(limit) => Some(limit),
            Status::Solved | Status::Unsolvable => None,
        }
    }

    /// Whether a solution was found.
    pub fn is_solved(self) -> bool {
        self == Status::Solved
    }
}

impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Status::Limit(limit) => write!(f, "{limit} limit reached"),
            status => f.write_str(status.name()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn limit_names_round_trip_and_unknown_names_are_refused() {
        for limit in Limit::ALL {
            assert_eq!(limit.name().parse::<Limit>(), Ok(limit));
            assert_eq!(limit.to_string(), limit.name());
        }
        let error = "nodes".parse::<Limit>().unwrap_err();
        assert_eq!(
            error.to_string(),
            "unknown limit 'nodes', expected node, time, memory, frontier or depth"
        );
    }

    #[test]
    fn a_status_names_its_limit_only_when_stopped_by_one() {
        assert_eq!(Status::Solved.limit(), None);
        assert_eq!(Status::Unsolvable.limit(), None);
        assert_eq!(Status::Limit(Limit::Depth).limit(), Some(Limit::Depth));
        assert_eq!(Status::Limit(Limit::Time).name(), "limit");
        assert_eq!(Status::Limit(Limit::Time).to_string(), "time limit reached");
        assert_eq!(Status::Unsolvable.to_string(), "unsolvable");
        assert!(Status::Solved.is_solved() && !Status::Unsolvable.is_solved());
    }
}
