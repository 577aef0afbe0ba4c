//! The shared types of a solve: the searchers ([`Algo`]), how to search
//! ([`Options`]), the work done ([`Stats`]), the answer ([`Moves`]) and the
//! end ([`Outcome`]). No engine here: the dispatch and the engines import
//! these.

use std::fmt;
use std::path::PathBuf;

use puzzle_kit::{Algorithm, Configure, Limits};
use search_core::CycleCheck;

use crate::heuristic::Heuristic;
use crate::puzzle::{Board, Move};

/// The searchers of `search-core`, by the names `--algo` takes. The
/// default is A*, the fastest exact one on the eight puzzle; [`Options`]
/// left without one ([`Options::default`]) picks A* up to 3x3 and IDA* on
/// larger boards, which keeps no states.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Algo {
    /// The searcher framework's random walk among unvisited successors, seeded.
    Random,
    /// Breadth-first search: shortest paths, every state kept.
    Bfs,
    /// Depth-first search.
    Dfs,
    /// Iterative deepening depth-first search: shortest paths, no states kept.
    Iddfs,
    /// Greedy best-first search on the heuristic: fast, paths not shortest.
    Greedy,
    /// A*: shortest paths with an admissible heuristic (the default).
    #[default]
    AStar,
    /// IDA*: A*'s paths in linear memory.
    IdaStar,
}

impl Algorithm for Algo {
    const ALL: &'static [Self] = &[
        Algo::Random,
        Algo::Bfs,
        Algo::Dfs,
        Algo::Iddfs,
        Algo::Greedy,
        Algo::AStar,
        Algo::IdaStar,
    ];

    fn name(self) -> &'static str {
        self.search().name()
    }
}

puzzle_kit::algorithm_names!(Algo);

impl Algo {
    /// The searcher of `search-core` this is.
    pub fn search(self) -> search_core::Algorithm {
        match self {
            Algo::Random => search_core::Algorithm::Random,
            Algo::Bfs => search_core::Algorithm::Bfs,
            Algo::Dfs => search_core::Algorithm::Dfs,
            Algo::Iddfs => search_core::Algorithm::Iddfs,
            Algo::Greedy => search_core::Algorithm::Greedy,
            Algo::AStar => search_core::Algorithm::AStar,
            Algo::IdaStar => search_core::Algorithm::IdaStar,
        }
    }

    /// Whether the searcher is guided by a heuristic (greedy, A*, IDA*).
    pub fn uses_heuristic(self) -> bool {
        self.search().uses_heuristic()
    }
}

/// How to solve boards: the searcher, the [`Limits`] every puzzle crate
/// shares, and what only sliding tiles have (the goal, the heuristic, a
/// depth limit, the cycle check, where pattern databases are cached).
/// Every `None` is left to this crate's default for the board's size
/// ([`Options::plan`]).
///
/// What the searches honour: `node_limit` (states generated, the start
/// included: the `nodes` of [`Stats`]; by default 20,000,000 for the searchers
/// that keep every state, none for IDDFS and IDA* up to 4x4), `time_limit`,
/// `memory_limit` (the states held), `seed` (the random searcher only,
/// default 0). `count_up_to` is not used: a search returns one path, and
/// a solved board counts 1 (never complete).
///
/// ```
/// use eight_puzzle::{Algo, Board, Heuristic, Options};
///
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// let options = Options::new(Algo::IdaStar)
///     .heuristic(Heuristic::LinearConflict)
///     .goal("123456780".parse::<Board>()?)
///     .node_limit(1_000_000);
/// assert_eq!(options.plan(3)?.options.node_limit, Some(1_000_000));
/// # Ok(())
/// # }
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// The searcher; `None`: A* up to 3x3, IDA* on larger boards.
    pub algo: Option<Algo>,
    /// The node, time and memory limits and the seed.
    pub limits: Limits,
    /// The goal (default: the blank first, [`Board::goal`]).
    pub goal: Option<Board>,
    /// The heuristic of greedy, A* and IDA* (default: Manhattan up to 3x3,
    /// the pattern databases on 4x4, linear conflicts on larger boards).
    pub heuristic: Option<Heuristic>,
    /// Moves beyond this depth are not explored (the searcher framework's `depth_limit`).
    pub depth_limit: Option<u32>,
    /// The cycle check of the chosen searcher (default: along the path for
    /// random, a closed set otherwise); IDA* has none to choose.
    pub cycle_check: Option<CycleCheck>,
    /// Where the pattern databases are cached
    /// ([`cache_folder`](crate::cache_folder)).
    pub pdb_cache: Option<PathBuf>,
}

impl Configure for Options {
    type Algo = Algo;

    fn new(algo: Algo) -> Self {
        Options {
            algo: Some(algo),
            ..Options::default()
        }
    }

    /// The searcher chosen, else [`Algo::default`] (the searcher of a
    /// board left to its size is [`Options::plan`]'s).
    fn algo(&self) -> Algo {
        self.algo.unwrap_or_default()
    }

    fn limits(&self) -> &Limits {
        &self.limits
    }

    fn limits_mut(&mut self) -> &mut Limits {
        &mut self.limits
    }
}

puzzle_kit::common_options!(Options, Algo, seed);

impl Options {
    /// The goal board.
    pub fn goal(mut self, goal: Board) -> Self {
        self.goal = Some(goal);
        self
    }

    /// The heuristic of greedy, A* and IDA*.
    pub fn heuristic(mut self, heuristic: Heuristic) -> Self {
        self.heuristic = Some(heuristic);
        self
    }

    /// Moves beyond `depth` are not explored: a search that finds no path
    /// within it ends with status `limit` (`depth`).
    pub fn depth_limit(mut self, depth: u32) -> Self {
        self.depth_limit = Some(depth);
        self
    }

    /// The cycle check of the chosen searcher (not IDA*).
    pub fn cycle_check(mut self, check: CycleCheck) -> Self {
        self.cycle_check = Some(check);
        self
    }

    /// The folder where pattern databases are cached.
    pub fn pdb_cache(mut self, folder: impl Into<PathBuf>) -> Self {
        self.pdb_cache = Some(folder.into());
        self
    }
}

/// The work of one solve, `search-core`'s counters, all zero for a board
/// found unsolvable by parity: `nodes` are the states generated, the start
/// included (`generated` in the JSON record, the node limit bounds them),
/// `elapsed` the wall-clock time of the search, and the [`Counters`].
pub type Stats = puzzle_kit::Stats<Counters>;

/// The counters of one solve beside the states generated and the time.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counters {
    /// States tested against the goal (the searcher framework's `num_tested`).
    pub num_tested: u64,
    /// States whose successors were generated.
    pub expanded: u64,
    /// The largest number of states waiting to be tested at one time.
    pub max_frontier: u64,
    /// Iterations of IDDFS and IDA*; 1 for the others.
    pub iterations: u32,
}

/// The counters as the JSON record's `stats` has them after `nodes` and
/// `micros`: `num_tested`, `expanded`, `generated` (the nodes again, by
/// the searcher framework's name), `max_frontier`, `iterations`.
impl puzzle_kit::Counters for Counters {
    fn named(&self) -> Vec<(&'static str, u64)> {
        vec![
            ("num_tested", self.num_tested),
            ("expanded", self.expanded),
            ("max_frontier", self.max_frontier),
            ("iterations", u64::from(self.iterations)),
        ]
    }

    fn named_with(&self, nodes: u64) -> Vec<(&'static str, u64)> {
        let mut named = self.named();
        named.insert(2, ("generated", nodes));
        named
    }
}

/// `search-core`'s counters: its `generated` are the nodes.
pub(crate) fn stats_of(stats: search_core::Stats) -> Stats {
    Stats {
        nodes: stats.generated,
        elapsed: stats.elapsed,
        counters: Counters {
            num_tested: stats.num_tested,
            expanded: stats.expanded,
            max_frontier: stats.max_frontier,
            iterations: stats.iterations,
        },
    }
}

/// A solution: the moves of the blank from the board to the goal, shown
/// (`Display`) by the searcher framework's names separated by spaces (`up left`), the
/// `solution` of a JSON record.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Moves(pub Vec<Move>);

impl Moves {
    /// The moves.
    pub fn moves(&self) -> &[Move] {
        &self.0
    }

    /// How many moves.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether there are none (the board is the goal).
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl fmt::Display for Moves {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<&str> = self.0.iter().map(|mv| mv.name()).collect();
        f.write_str(&names.join(" "))
    }
}

/// The end of a [`solve`](crate::solve): the status (solved, unsolvable by
/// parity, or which limit stopped the search, `depth` included), the
/// moves, the count (1 when solved) and the [`Stats`].
pub type Outcome = puzzle_kit::Outcome<Moves, Stats>;

#[cfg(test)]
mod tests {
    use super::*;
    use puzzle_kit::Effort;

    /// The counters of a solve in the JSON record's order, `generated`
    /// being the nodes.
    #[test]
    fn the_counters_are_named_as_in_the_record() {
        let stats = stats_of(search_core::Stats {
            num_tested: 6,
            expanded: 5,
            generated: 13,
            max_frontier: 8,
            iterations: 1,
            ..search_core::Stats::default()
        });
        assert_eq!(stats.nodes(), 13);
        assert_eq!(
            stats.counters(),
            [
                ("num_tested", 6),
                ("expanded", 5),
                ("generated", 13),
                ("max_frontier", 8),
                ("iterations", 1),
            ]
        );
    }
}
