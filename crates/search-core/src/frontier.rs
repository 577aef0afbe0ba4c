//! The searchers that keep every generated node in an arena and differ only
//! in which waiting node they test next: random (seed 001), breadth-first,
//! greedy best-first and A*.

use std::cmp::{Ordering, Reverse};
use std::collections::{BinaryHeap, VecDeque};
use std::hash::Hash;

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

use crate::config::{Config, CycleCheck};
use crate::engine::{Arena, Closed, NoCheck, Node, PathCheck, Visited, Watch};
use crate::outcome::{Search, Status};
use crate::problem::{Cost, Problem};

/// The result type of every searcher over a problem `P`.
pub type SearchOf<P> = Search<<P as Problem>::State, <P as Problem>::Move, <P as Problem>::Cost>;

/// Which waiting node is tested next.
trait Frontier<C> {
    fn push(&mut self, index: u32, g: C, h: C);
    fn pop(&mut self) -> Option<u32>;
    fn len(&self) -> usize;
    /// Whether `push` needs the heuristic.
    const USES_HEURISTIC: bool;
}

/// Seed 001's `next_state`: a uniformly random pick from the untested list.
struct RandomPick {
    waiting: Vec<u32>,
    rng: SmallRng,
}

impl<C> Frontier<C> for RandomPick {
    const USES_HEURISTIC: bool = false;

    fn push(&mut self, index: u32, _: C, _: C) {
        self.waiting.push(index);
    }

    fn pop(&mut self) -> Option<u32> {
        if self.waiting.is_empty() {
            return None;
        }
        let pick = self.rng.random_range(0..self.waiting.len());
        Some(self.waiting.swap_remove(pick))
    }

    fn len(&self) -> usize {
        self.waiting.len()
    }
}

/// First in, first out.
struct Fifo(VecDeque<u32>);

impl<C> Frontier<C> for Fifo {
    const USES_HEURISTIC: bool = false;

    fn push(&mut self, index: u32, _: C, _: C) {
        self.0.push_back(index);
    }

    fn pop(&mut self) -> Option<u32> {
        self.0.pop_front()
    }

    fn len(&self) -> usize {
        self.0.len()
    }
}

/// A heap entry: smallest `priority` first, then largest `g` (deeper nodes
/// first, which finishes A* ties quickly), then oldest.
struct Entry<C> {
    priority: C,
    g: C,
    index: u32,
}

impl<C: Ord> Ord for Entry<C> {
    fn cmp(&self, other: &Self) -> Ordering {
        other
            .priority
            .cmp(&self.priority)
            .then_with(|| self.g.cmp(&other.g))
            .then_with(|| other.index.cmp(&self.index))
    }
}

impl<C: Ord> PartialOrd for Entry<C> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl<C: Ord> PartialEq for Entry<C> {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}

impl<C: Ord> Eq for Entry<C> {}

/// Greedy best-first: smallest heuristic first, oldest among equals.
struct Greedy<C>(BinaryHeap<(Reverse<C>, Reverse<u32>)>);

impl<C: Ord> Frontier<C> for Greedy<C> {
    const USES_HEURISTIC: bool = true;

    fn push(&mut self, index: u32, _: C, h: C) {
        self.0.push((Reverse(h), Reverse(index)));
    }

    fn pop(&mut self) -> Option<u32> {
        self.0.pop().map(|(_, Reverse(index))| index)
    }

    fn len(&self) -> usize {
        self.0.len()
    }
}

/// A*: smallest `g + h` first.
struct AStar<C>(BinaryHeap<Entry<C>>);

impl<C: Cost> Frontier<C> for AStar<C> {
    const USES_HEURISTIC: bool = true;

    fn push(&mut self, index: u32, g: C, h: C) {
        self.0.push(Entry {
            priority: g + h,
            g,
            index,
        });
    }

    fn pop(&mut self) -> Option<u32> {
        self.0.pop().map(|entry| entry.index)
    }

    fn len(&self) -> usize {
        self.0.len()
    }
}

/// The loop shared by the arena searchers: test the next waiting node, stop
/// at a goal, otherwise add its admitted successors.
fn run<P, V, F>(
    problem: &P,
    start: P::State,
    config: &Config,
    mut visited: V,
    mut frontier: F,
) -> SearchOf<P>
where
    P: Problem,
    V: Visited<P::State, P::Cost>,
    F: Frontier<P::Cost>,
{
    let zero = P::Cost::default();
    let mut watch = Watch::new(config);
    let start_h = if F::USES_HEURISTIC {
        problem.heuristic(&start)
    } else {
        zero
    };
    visited.start(&start, zero);
    let mut arena: Arena<P::State, P::Move, P::Cost> = Arena::new(start, zero);
    watch.stats.generated = 1;
    frontier.push(0, zero, start_h);
    watch.frontier(1);
    let mut successors = Vec::new();
    while let Some(index) = frontier.pop() {
        let node = &arena.nodes[index as usize];
        if visited.is_stale(&node.state, node.g) {
            continue;
        }
        watch.stats.num_tested += 1;
        if problem.is_goal(&node.state) {
            let path = arena.path_to(index);
            return watch.finish(Status::Found, Some(path));
        }
        if let Some(limit) = watch.exceeded() {
            return watch.finish(Status::LimitReached(limit), None);
        }
        let depth = node.depth + 1;
        if config.depth_limit.is_some_and(|limit| depth > limit) {
            continue;
        }
        let g = node.g;
        watch.stats.expanded += 1;
        problem.successors(&node.state, &mut successors);
        watch.stats.generated += successors.len() as u64;
        for (mv, state, cost) in successors.drain(..) {
            let child_g = g + cost;
            if !visited.admit(&state, child_g, arena.ancestors(index)) {
                continue;
            }
            let h = if F::USES_HEURISTIC {
                problem.heuristic(&state)
            } else {
                zero
            };
            let child = arena.push(Node {
                state,
                parent: index,
                mv: Some(mv),
                g: child_g,
                depth,
            });
            frontier.push(child, child_g, h);
        }
        watch.frontier(frontier.len());
    }
    watch.finish(Status::Exhausted, None)
}

/// Runs the arena loop with the cycle check `config` asks for.
fn dispatch<P, F>(
    problem: &P,
    start: P::State,
    config: &Config,
    frontier: F,
    reopen: bool,
) -> SearchOf<P>
where
    P: Problem,
    P::State: Eq + Hash,
    F: Frontier<P::Cost>,
{
    match config.cycle_check {
        CycleCheck::None => run(problem, start, config, NoCheck, frontier),
        CycleCheck::Path => run(problem, start, config, PathCheck, frontier),
        CycleCheck::Closed => run(problem, start, config, Closed::new(reopen), frontier),
    }
}

/// Random search as seed 001's `Searcher`: the untested list starts with the
/// start state; each step removes a uniformly random state from it, tests it,
/// and adds its successors that pass the depth limit and the cycle check.
/// The same [`Config::seed`] gives the same run. Complete on finite spaces,
/// not optimal.
pub fn random<P>(problem: &P, start: P::State, config: &Config) -> SearchOf<P>
where
    P: Problem,
    P::State: Eq + Hash,
{
    let frontier = RandomPick {
        waiting: Vec::new(),
        rng: SmallRng::seed_from_u64(config.seed),
    };
    dispatch(problem, start, config, frontier, false)
}

/// Breadth-first search: states are tested in order of their number of
/// moves from the start, so the first goal found has the fewest moves.
///
/// ```
/// use search_core::{Config, bfs, from_fn};
///
/// let problem = from_fn(|&n: &i32| [('-', n - 1, 1), ('+', n + 1, 1)], |&n: &i32| n == 3);
/// let search = bfs(&problem, 0, &Config::default());
/// assert_eq!(search.path().map(|path| path.moves.clone()), Some(vec!['+', '+', '+']));
/// ```
pub fn bfs<P>(problem: &P, start: P::State, config: &Config) -> SearchOf<P>
where
    P: Problem,
    P::State: Eq + Hash,
{
    dispatch(problem, start, config, Fifo(VecDeque::new()), false)
}

/// Breadth-first search with no cycle check at all ([`Config::cycle_check`]
/// is ignored), for tree-shaped spaces: states need only `Clone`.
pub fn bfs_tree<P: Problem>(problem: &P, start: P::State, config: &Config) -> SearchOf<P> {
    run(problem, start, config, NoCheck, Fifo(VecDeque::new()))
}

/// Greedy best-first search: the waiting state with the smallest heuristic
/// is tested next (oldest first among equals). Often fast, not optimal.
pub fn greedy<P>(problem: &P, start: P::State, config: &Config) -> SearchOf<P>
where
    P: Problem,
    P::State: Eq + Hash,
{
    dispatch(problem, start, config, Greedy(BinaryHeap::new()), false)
}

/// A*: the waiting state with the smallest `cost so far + heuristic` is
/// tested next. With an admissible heuristic (one that never overestimates)
/// the path found is optimal; with [`CycleCheck::Closed`] a state reached
/// again by a cheaper path is reopened, so this holds for inconsistent
/// heuristics too.
pub fn astar<P>(problem: &P, start: P::State, config: &Config) -> SearchOf<P>
where
    P: Problem,
    P::State: Eq + Hash,
{
    dispatch(problem, start, config, AStar(BinaryHeap::new()), true)
}
