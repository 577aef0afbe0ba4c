//! [`Algorithm`]: every searcher behind one name, for programs that let the
//! user choose (`--algo bfs`).

use std::fmt;
use std::hash::Hash;
use std::str::FromStr;

use crate::config::Config;
use crate::dfs::{dfs_observed, iddfs_observed};
use crate::frontier::{SearchOf, astar_observed, bfs_observed, greedy_observed, random_observed};
use crate::idastar::idastar_observed;
use crate::observe::{NoObserver, Observer};
use crate::problem::Problem;

/// One of the searchers, chosen at run time.
///
/// ```
/// use search_core::{Algorithm, Config, from_fn};
///
/// let line = from_fn(|&n: &i32| [('-', n - 1, 1u32), ('+', n + 1, 1)], |&n: &i32| n == 4)
///     .with_heuristic(|&n: &i32| (4 - n).unsigned_abs());
/// for algorithm in Algorithm::ALL {
///     let search = algorithm.run(&line, 0, &Config::default().depth_limit(10));
///     let path = search.path().expect("4 is reachable");
///     if algorithm.is_optimal() {
///         assert_eq!(path.cost, 4, "{algorithm}");
///     }
/// }
/// assert_eq!("idastar".parse::<Algorithm>(), Ok(Algorithm::IdaStar));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Algorithm {
    /// [`random`]: the searcher framework's random searcher.
    Random,
    /// [`bfs`].
    Bfs,
    /// [`dfs`].
    Dfs,
    /// [`iddfs`].
    Iddfs,
    /// [`greedy`].
    Greedy,
    /// [`astar`].
    AStar,
    /// [`idastar`].
    IdaStar,
}

impl Algorithm {
    /// Every searcher, in the order of their names' introduction in class.
    pub const ALL: [Algorithm; 7] = [
        Algorithm::Random,
        Algorithm::Bfs,
        Algorithm::Dfs,
        Algorithm::Iddfs,
        Algorithm::Greedy,
        Algorithm::AStar,
        Algorithm::IdaStar,
    ];

    /// The name used on command lines: `random`, `bfs`, `dfs`, `iddfs`,
    /// `greedy`, `astar`, `idastar`.
    pub fn name(self) -> &'static str {
        match self {
            Algorithm::Random => "random",
            Algorithm::Bfs => "bfs",
            Algorithm::Dfs => "dfs",
            Algorithm::Iddfs => "iddfs",
            Algorithm::Greedy => "greedy",
            Algorithm::AStar => "astar",
            Algorithm::IdaStar => "idastar",
        }
    }

    /// Whether the path found is guaranteed optimal: cheapest for A* and
    /// IDA* with an admissible heuristic, fewest moves for BFS and iterative
    /// deepening (the same thing when every move costs the same).
    pub fn is_optimal(self) -> bool {
        matches!(
            self,
            Algorithm::Bfs | Algorithm::Iddfs | Algorithm::AStar | Algorithm::IdaStar
        )
    }

    /// Whether the searcher uses the problem's heuristic.
    pub fn uses_heuristic(self) -> bool {
        matches!(
            self,
            Algorithm::Greedy | Algorithm::AStar | Algorithm::IdaStar
        )
    }

    /// Runs this searcher.
    pub fn run<P>(self, problem: &P, start: P::State, config: &Config) -> SearchOf<P>
    where
        P: Problem,
        P::State: Eq + Hash,
    {
        self.run_observed(problem, start, config, &mut NoObserver)
    }

    /// Runs this searcher, telling `observer` what it does.
    pub fn run_observed<P, O>(
        self,
        problem: &P,
        start: P::State,
        config: &Config,
        observer: &mut O,
    ) -> SearchOf<P>
    where
        P: Problem,
        P::State: Eq + Hash,
        O: Observer<P::State, P::Move, P::Cost>,
    {
        match self {
            Algorithm::Random => random_observed(problem, start, config, observer),
            Algorithm::Bfs => bfs_observed(problem, start, config, observer),
            Algorithm::Dfs => dfs_observed(problem, start, config, observer),
            Algorithm::Iddfs => iddfs_observed(problem, start, config, observer),
            Algorithm::Greedy => greedy_observed(problem, start, config, observer),
            Algorithm::AStar => astar_observed(problem, start, config, observer),
            Algorithm::IdaStar => idastar_observed(problem, start, config, observer),
        }
    }
}

impl fmt::Display for Algorithm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The error of parsing an unknown algorithm name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownAlgorithm(pub String);

impl fmt::Display for UnknownAlgorithm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown algorithm '{}', expected one of: random, bfs, dfs, iddfs, greedy, astar, idastar",
            self.0
        )
    }
}

impl std::error::Error for UnknownAlgorithm {}

impl FromStr for Algorithm {
    type Err = UnknownAlgorithm;

    fn from_str(name: &str) -> Result<Self, Self::Err> {
        Algorithm::ALL
            .into_iter()
            .find(|algorithm| algorithm.name() == name)
            .ok_or_else(|| UnknownAlgorithm(name.to_owned()))
    }
}
