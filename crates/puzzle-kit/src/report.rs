//! What a solve reports beyond its answer, one shape for every puzzle: its
//! effort ([`Stats`], with the crate's own [`Counters`]) and, from the
//! checker, the rule a solution breaks and where ([`Violation`], [`Cell`])
//! and what its own search found of a puzzle said to have no solution
//! ([`Exhaustive`]).

use std::fmt;
use std::time::Duration;

use crate::Effort;

/// The effort of one solve: the search nodes, the wall time and the
/// crate's own part, the same shape in every puzzle crate (a crate names
/// it `pub type Stats = puzzle_kit::Stats<Counters>`), as the `stats` of a
/// JSON record are: `nodes`, `micros`, then the crate's named counters.
///
/// ```
/// use puzzle_kit::{Counters, Effort, Stats};
/// use std::time::Duration;
///
/// #[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
/// struct Backtracks(u64);
///
/// impl Counters for Backtracks {
///     fn named(&self) -> Vec<(&'static str, u64)> {
///         vec![("backtracks", self.0)]
///     }
/// }
///
/// let stats = Stats { nodes: 7, elapsed: Duration::from_micros(40), counters: Backtracks(2) };
/// assert_eq!(stats.nodes(), 7);
/// assert_eq!(stats.counters(), [("backtracks", 2)]);
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Stats<C = NoCounters> {
    /// Search states or assignments examined, the root included (each
    /// crate's docs say what one node is for each algorithm); the node
    /// limit bounds it.
    pub nodes: u64,
    /// Wall-clock time of the run.
    pub elapsed: Duration,
    /// What only this crate counts or reports (a textbook formulation's
    /// `num_tested`, `backtracks`, the algorithm that actually ran).
    pub counters: C,
}

impl<C: Default> Stats<C> {
    /// Stats of `nodes` in `elapsed`, the crate's counters at their
    /// defaults.
    pub fn new(nodes: u64, elapsed: Duration) -> Self {
        Stats {
            nodes,
            elapsed,
            counters: C::default(),
        }
    }
}

/// The crate's own part of [`Stats`]: its counters by the names the JSON
/// record's `stats` gives them.
pub trait Counters: fmt::Debug + Clone + Default + Send + Sync {
    /// The counters beside `nodes` and the time, named as in the JSON
    /// record, in the record's order; none by default.
    fn named(&self) -> Vec<(&'static str, u64)> {
        Vec::new()
    }

    /// The counters as the JSON record's `stats` has them, given the
    /// [`Stats::nodes`] beside them: [`Counters::named`] by default; a
    /// crate whose record repeats the nodes among its counters under a name
    /// of its own (eight-puzzle's `generated`) puts them in here.
    fn named_with(&self, nodes: u64) -> Vec<(&'static str, u64)> {
        let _ = nodes;
        self.named()
    }
}

/// The [`Counters`] of a crate that counts nothing beyond the nodes.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct NoCounters;

impl Counters for NoCounters {}

impl<C: Counters> Effort for Stats<C> {
    fn nodes(&self) -> u64 {
        self.nodes
    }

    fn elapsed(&self) -> Duration {
        self.elapsed
    }

    fn counters(&self) -> Vec<(&'static str, u64)> {
        self.counters.named_with(self.nodes)
    }
}

/// A cell of a board: its 1-based row (the line of the drawing) and
/// column, as messages name it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell {
    /// 1-based row, top first.
    pub row: usize,
    /// 1-based column, left first.
    pub column: usize,
}

impl Cell {
    /// The cell at 0-based `(row, column)` indices, as solvers count.
    pub fn at_index(row: usize, column: usize) -> Cell {
        Cell {
            row: row + 1,
            column: column + 1,
        }
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "row {}, column {}", self.row, self.column)
    }
}

/// Why a solution is not one, from a crate's independent checker
/// ([`crate::Puzzle::check`]): the rule it breaks in a sentence (which
/// names the place in words, as the command line prints it), and the cell
/// where, when the rule is broken at one, as data (so that a page
/// highlights it and a program reads it without parsing the sentence).
///
/// ```
/// use puzzle_kit::{Cell, Violation};
///
/// let broken = Violation::at(
///     Cell::at_index(0, 2),
///     "the 4 at row 1, column 3 repeats the 4 at row 1, column 1 (same row)",
/// );
/// assert_eq!(broken.cell, Some(Cell { row: 1, column: 3 }));
/// assert!(broken.to_string().starts_with("the 4 at row 1, column 3 repeats"));
/// assert_eq!(Violation::new("2 queens, expected 4").to_string(), "2 queens, expected 4");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Violation {
    /// The cell the broken rule is seen at, if it is seen at one.
    pub cell: Option<Cell>,
    /// The rule broken, in a sentence.
    pub message: String,
}

impl Violation {
    /// A rule broken nowhere in particular (a count, a word left out).
    pub fn new(message: impl Into<String>) -> Violation {
        Violation {
            cell: None,
            message: message.into(),
        }
    }

    /// A rule broken at `cell`.
    pub fn at(cell: Cell, message: impl Into<String>) -> Violation {
        Violation {
            cell: Some(cell),
            message: message.into(),
        }
    }
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Violation {}

/// The sentence alone, for callers that report errors as text.
impl From<Violation> for String {
    fn from(broken: Violation) -> String {
        broken.message
    }
}

/// What a checker's own exhaustive search (sharing no code with the
/// solvers) found, to confirm or refute a claim that a puzzle has no
/// solution.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Exhaustive<S> {
    /// Every candidate was tried: there is no solution.
    NoSolution,
    /// A solution, found by this search.
    Solution(S),
    /// The budget ran out first: nothing is known.
    OverBudget,
}
