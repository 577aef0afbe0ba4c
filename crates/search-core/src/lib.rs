//! Generic state-space search with the statistics teaching needs.
//!
//! A problem is its states, the successors of a state (each with a move
//! label and a step cost), a goal test and optionally a heuristic: implement
//! [`Problem`], or build one from closures with [`from_fn`] in the style of
//! the `pathfinding` crate. Every searcher has the same signature,
//! `searcher(&problem, start, &config) -> Search`, and returns the
//! [`Status`] of the run, the [`Path`] of moves and states when a goal was
//! reached, and [`Stats`]: states tested (goal tests, the searcher
//! framework's `num_tested`), expanded, generated, the largest frontier, elapsed time.
//!
//! | searcher | order | optimal | memory |
//! | --- | --- | --- | --- |
//! | [`random`] | random pick from the untested list (seeded) | no | all generated |
//! | [`bfs`], [`bfs_tree`] | fewest moves first | fewest moves | all generated |
//! | [`dfs`], [`dfs_tree`] | newest first | no | current path |
//! | [`iddfs`] | DFS with depth limit 0, 1, 2, ... | fewest moves | current path |
//! | [`greedy`] | smallest heuristic first | no | all generated |
//! | [`astar`], [`astar_in`] | smallest cost + heuristic first | with admissible heuristic | all generated |
//! | [`idastar`], [`idastar_in_place`] | DFS bounded by cost + heuristic | with admissible heuristic | current path |
//!
//! [`Config`] chooses the [`CycleCheck`] (none, along the current path, or a
//! closed set), a depth limit, node, time and memory limits (a run that hits
//! one ends with [`Status::Limit`] and the [`Limit`] it hit, instead of
//! running on or failing to allocate), and the seed
//! of the random searcher. Nodes live in an arena with parent indices, so no
//! path is copied until a goal is found; the closed set is an
//! open-addressing table of arena indices (one probe per successor, with a
//! hash tag beside each index), and a problem that implements
//! [`Problem::for_each_successor`] hands each successor to it as it is made;
//! with integer costs A* and greedy search queue nodes in buckets by
//! priority instead of a heap. [`astar_in`] keeps all of that memory in a
//! [`Scratch`] from one run to the next (the table is emptied by starting a
//! new epoch, not by clearing it).
//! [`idastar_in_place`] runs over an [`InPlaceProblem`], which applies and
//! undoes moves on one state and can keep its heuristic incrementally: no
//! allocation, no table, no state clone per node.
//!
//! Every searcher has an `_observed` twin ([`astar_observed`],
//! [`Algorithm::run_observed`], ...) that tells an [`Observer`] what it does
//! as it runs: each node expanded (its number, parent, depth, g, h, f and
//! state), each state generated and what became of it (new, reopened,
//! dropped as a duplicate, by the cycle check or over the IDA* bound), each
//! iteration's bound, the goal, the end. The plain searchers are the twins
//! with [`NoObserver`], whose calls compile to nothing.
//!
//! ```
//! use search_core::{Algorithm, Config, Status, astar, from_fn};
//!
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! // A 4x4 grid walk from (0, 0) to (3, 3); moves are named by direction.
//! let grid = from_fn(
//!     |&(x, y): &(i32, i32)| {
//!         [("right", (x + 1, y)), ("down", (x, y + 1)), ("left", (x - 1, y)), ("up", (x, y - 1))]
//!             .into_iter()
//!             .filter(|(_, (x, y))| (0..4).contains(x) && (0..4).contains(y))
//!             .map(|(name, next)| (name, next, 1u32))
//!     },
//!     |&position: &(i32, i32)| position == (3, 3),
//! )
//! .with_heuristic(|&(x, y): &(i32, i32)| (6 - x - y) as u32);
//!
//! let search = astar(&grid, (0, 0), &Config::default());
//! assert_eq!(search.status, Status::Solved);
//! let path = search.path().ok_or("no path")?;
//! assert_eq!(path.cost, 6);
//! assert_eq!(path.states.first(), Some(&(0, 0)));
//!
//! // Every optimal searcher agrees on the cost.
//! for algorithm in [Algorithm::Bfs, Algorithm::Iddfs, Algorithm::IdaStar] {
//!     let search = algorithm.run(&grid, (0, 0), &Config::default());
//!     assert_eq!(search.path().ok_or("no path")?.cost, 6);
//! }
//! # Ok(())
//! # }
//! ```
#![deny(missing_docs)]

mod algorithm;
mod config;
mod dfs;
mod engine;
mod frontier;
mod idastar;
mod memory;
mod observe;
mod outcome;
mod problem;
mod table;

pub use algorithm::{Algorithm, UnknownAlgorithm};
pub use config::{Config, CycleCheck};
pub use dfs::{dfs, dfs_observed, dfs_tree, dfs_tree_observed, iddfs, iddfs_observed};
pub use frontier::{
    Scratch, ScratchOf, SearchOf, astar, astar_in, astar_in_observed, astar_observed, bfs,
    bfs_observed, bfs_tree, bfs_tree_observed, greedy, greedy_observed, random, random_observed,
};
pub use idastar::{idastar, idastar_in_place, idastar_in_place_observed, idastar_observed};
pub use observe::{Bound, Fate, Generated, NoObserver, NodeView, Observer};
pub use outcome::{Limit, Path, Search, Stats, Status};
pub use problem::{Cost, FromFn, InPlaceProblem, Problem, Successor, ZeroHeuristic, from_fn};
