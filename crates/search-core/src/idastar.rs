//! IDA*: depth-first passes bounded by `cost so far + heuristic`, the bound
//! raised each pass to the smallest value that exceeded it. No table of any
//! kind; memory is the current path. Two forms: over a [`Problem`] (states
//! cloned along the path), and over an [`InPlaceProblem`] (one state changed
//! by apply/undo, heuristic kept incrementally), the fast one.

use crate::config::{Config, CycleCheck};
use crate::engine::{NoCheck, PathCheck, Visited, Watch};
use crate::frontier::{SearchOf, root};
use crate::memory::Growable;
use crate::observe::{Bound, Fate, Generated, NoObserver, NodeView, Observer, ended};
use crate::outcome::{Limit, Path, Search, Status};
use crate::problem::{InPlaceProblem, Problem, Successor};

/// A node of a [`Problem`] as an observer sees it.
type View<'a, P> = NodeView<'a, <P as Problem>::State, <P as Problem>::Cost>;

/// A node of an [`InPlaceProblem`] as an observer sees it.
type InPlaceView<'a, P> = NodeView<'a, <P as InPlaceProblem>::State, <P as InPlaceProblem>::Cost>;

/// How a bounded pass (or part of it) ended.
enum Flow {
    Found,
    Continue,
    Limit(Limit),
}

/// The state of an IDA* run over a [`Problem`].
struct Ida<'p, P: Problem, V, O> {
    problem: &'p P,
    observer: &'p mut O,
    /// The node numbers of `states`, kept for an observer only.
    ids: Vec<u64>,
    visited: V,
    watch: Watch,
    depth_limit: Option<u32>,
    states: Vec<P::State>,
    moves: Vec<P::Move>,
    spare: Vec<Vec<Successor<P>>>,
    next_bound: Option<P::Cost>,
    waiting: usize,
    found_cost: P::Cost,
    /// The budget's count of one listed successor (with its state's heap).
    per_successor: usize,
}

impl<P, V, O> Ida<'_, P, V, O>
where
    P: Problem,
    V: Visited<P::State, P::Cost>,
    O: Observer<P::State, P::Move, P::Cost>,
{
    /// Shows the current node to the observer through `tell`.
    fn tell(&mut self, g: P::Cost, h: P::Cost, tell: impl FnOnce(&mut O, &View<'_, P>)) {
        let view = NodeView {
            id: self.ids[self.ids.len() - 1],
            parent: self.ids.len().checked_sub(2).map(|at| self.ids[at]),
            depth: self.moves.len() as u32,
            g,
            h,
            state: self
                .states
                .last()
                .expect("the path holds the current state"),
            frontier: self.waiting,
        };
        tell(self.observer, &view);
    }

    fn search(&mut self, g: P::Cost, bound: P::Cost) -> Flow {
        let state = self
            .states
            .last()
            .expect("the path holds the current state");
        let h = self.problem.heuristic(state);
        let f = g + h;
        if f > bound {
            self.next_bound = Some(self.next_bound.map_or(f, |next| next.min(f)));
            return Flow::Continue;
        }
        self.watch.stats.num_tested += 1;
        if self.problem.is_goal(state) {
            if O::ACTIVE {
                self.tell(g, h, O::goal);
            }
            self.found_cost = g;
            return Flow::Found;
        }
        if let Some(limit) = self.watch.exceeded() {
            return Flow::Limit(limit);
        }
        let depth = self.moves.len() as u32;
        if self.depth_limit.is_some_and(|limit| depth >= limit) {
            if O::ACTIVE {
                self.tell(g, h, O::depth_cut);
            }
            self.watch.depth_cut = true;
            return Flow::Continue;
        }
        if O::ACTIVE {
            self.tell(g, h, O::expanded);
        }
        let state = self
            .states
            .last()
            .expect("the path holds the current state");
        self.watch.stats.expanded += 1;
        let mut children = self.spare.pop().unwrap_or_default();
        let before = children.capacity();
        self.problem.successors(state, &mut children);
        if !self.watch.generate(children.len() as u64) {
            return Flow::Limit(Limit::Node);
        }
        // The problem grew the list itself: counted after the fact, one
        // expansion's worth.
        if children.capacity() != before {
            let per = self.per_successor;
            let after = children.capacity();
            self.watch.budget.grew(before * per, after * per);
            if let Some(limit) = self.watch.out_of_memory() {
                return Flow::Limit(limit);
            }
        }
        self.waiting += children.len();
        self.watch.frontier(self.waiting);
        let mut flow = Flow::Continue;
        let mut children_left = children.len();
        let mut drain = children.drain(..);
        for (mv, child, cost) in drain.by_ref() {
            children_left -= 1;
            self.waiting -= 1;
            let budget = &mut self.watch.budget;
            let admitted = self
                .visited
                .admit(&child, g + cost, self.states.iter().rev(), budget);
            if O::ACTIVE {
                let over = g + cost + self.problem.heuristic(&child) > bound;
                let fate = match (admitted, over) {
                    (false, _) => V::REFUSED,
                    (true, true) => Fate::OverBound,
                    (true, false) => Fate::New,
                };
                let id = (fate == Fate::New).then(|| {
                    self.watch.next_id += 1;
                    self.watch.next_id - 1
                });
                self.observer.generated(&Generated {
                    id,
                    parent: self.ids.last().copied(),
                    mv: Some(&mv),
                    depth: depth + 1,
                    g: g + cost,
                    state: &child,
                    fate,
                });
                // A child over the bound is pushed and popped at once,
                // under a number it never shows.
                if admitted {
                    self.ids.push(id.unwrap_or(u64::MAX));
                }
            }
            if !admitted {
                continue;
            }
            if !self.states.room_for_one(budget) || !self.moves.room_for_one(budget) {
                flow = Flow::Limit(Limit::Memory);
                break;
            }
            self.states.push(child);
            self.moves.push(mv);
            match self.search(g + cost, bound) {
                Flow::Continue => {
                    self.states.pop();
                    self.moves.pop();
                    if O::ACTIVE {
                        self.ids.pop();
                    }
                }
                other => {
                    flow = other;
                    break;
                }
            }
        }
        // The children never tried were generated and counted all the same.
        if O::ACTIVE {
            for (mv, child, cost) in drain {
                self.observer.generated(&Generated {
                    id: None,
                    parent: self.ids.last().copied(),
                    mv: Some(&mv),
                    depth: depth + 1,
                    g: g + cost,
                    state: &child,
                    fate: Fate::Untried,
                });
            }
        } else {
            drop(drain);
        }
        self.waiting -= children_left;
        children.clear();
        if !self.spare.room_for_one(&mut self.watch.budget) {
            return Flow::Limit(Limit::Memory);
        }
        self.spare.push(children);
        flow
    }
}

fn run<P, V, O>(
    problem: &P,
    start: P::State,
    config: &Config,
    visited: V,
    observer: &mut O,
) -> SearchOf<P>
where
    P: Problem,
    V: Visited<P::State, P::Cost>,
    O: Observer<P::State, P::Move, P::Cost>,
{
    if O::ACTIVE {
        observer.start(&start);
    }
    let mut bound = problem.heuristic(&start);
    let mut ida = Ida {
        problem,
        observer,
        ids: Vec::new(),
        visited,
        watch: Watch::new(config),
        depth_limit: config.depth_limit,
        states: vec![start],
        moves: Vec::new(),
        spare: Vec::new(),
        next_bound: None,
        waiting: 0,
        found_cost: P::Cost::default(),
        per_successor: size_of::<Successor<P>>() + problem.state_heap_bytes(),
    };
    loop {
        // Each iteration generates the start again.
        if O::ACTIVE {
            ida.observer
                .iteration(ida.watch.stats.iterations, Bound::Cost(bound));
        }
        if !ida.watch.start() {
            return ida.watch.finish(Status::Limit(Limit::Node), None);
        }
        if O::ACTIVE {
            let id = ida.watch.new_id();
            ida.ids.clear();
            ida.ids.push(id);
            let start = &ida.states[0];
            ida.observer.generated(&Generated {
                id: Some(id),
                ..root(start)
            });
        }
        ida.next_bound = None;
        match ida.search(P::Cost::default(), bound) {
            Flow::Found => {
                let path = Path {
                    states: ida.states,
                    moves: ida.moves,
                    cost: ida.found_cost,
                };
                return ida.watch.finish(Status::Solved, Some(path));
            }
            Flow::Limit(limit) => return ida.watch.finish(Status::Limit(limit), None),
            Flow::Continue => match ida.next_bound {
                Some(next) => {
                    bound = next;
                    ida.watch.stats.iterations += 1;
                }
                None => return ida.watch.finish(Status::Unsolvable, None),
            },
        }
    }
}

/// IDA* over a [`Problem`]: optimal with an admissible heuristic, memory
/// only for the current path. [`CycleCheck::Closed`] is treated as
/// [`CycleCheck::Path`] (IDA* keeps no table, so states need `PartialEq`
/// only); with [`CycleCheck::None`] the path may revisit states (bounded by
/// the cost bound, so the search still ends when step costs are positive).
///
/// ```
/// use search_core::{Config, idastar, from_fn};
///
/// let problem = from_fn(|&n: &i32| [('-', n - 1, 1u32), ('+', n + 1, 1)], |&n: &i32| n == 5)
///     .with_heuristic(|&n: &i32| (5 - n).unsigned_abs());
/// let search = idastar(&problem, 0, &Config::default());
/// assert_eq!(search.path().map(|path| path.cost), Some(5));
/// assert_eq!(search.stats.num_tested, 6);
/// ```
pub fn idastar<P>(problem: &P, start: P::State, config: &Config) -> SearchOf<P>
where
    P: Problem,
    P::State: PartialEq,
{
    idastar_observed(problem, start, config, &mut NoObserver)
}

/// [`idastar`], telling `observer` what it does.
pub fn idastar_observed<P, O>(
    problem: &P,
    start: P::State,
    config: &Config,
    observer: &mut O,
) -> SearchOf<P>
where
    P: Problem,
    P::State: PartialEq,
    O: Observer<P::State, P::Move, P::Cost>,
{
    let search = match config.cycle_check {
        CycleCheck::None => run(problem, start, config, NoCheck, observer),
        CycleCheck::Path | CycleCheck::Closed => run(problem, start, config, PathCheck, observer),
    };
    ended(observer, search)
}

/// The state of an IDA* run over an [`InPlaceProblem`].
struct InPlace<'p, P: InPlaceProblem, O> {
    problem: &'p P,
    observer: &'p mut O,
    /// The node numbers along the path, kept for an observer only.
    ids: Vec<u64>,
    state: P::State,
    watch: Watch,
    depth_limit: usize,
    moves: Vec<P::Move>,
    next_bound: Option<P::Cost>,
}

impl<P, O> InPlace<'_, P, O>
where
    P: InPlaceProblem,
    O: Observer<P::State, P::Move, P::Cost>,
{
    /// Shows the current node to the observer through `tell`.
    fn tell(&mut self, g: P::Cost, tell: impl FnOnce(&mut O, &InPlaceView<'_, P>)) {
        let view = NodeView {
            id: self.ids[self.ids.len() - 1],
            parent: self.ids.len().checked_sub(2).map(|at| self.ids[at]),
            depth: self.moves.len() as u32,
            g,
            h: self.problem.heuristic(&self.state),
            state: &self.state,
            frontier: 0,
        };
        tell(self.observer, &view);
    }

    /// Searches below the current state, whose `g + h` is within `bound`.
    /// A child over the bound is undone at once, without a call.
    fn search(&mut self, g: P::Cost, bound: P::Cost, previous: Option<P::Move>) -> Flow {
        self.watch.stats.num_tested += 1;
        if self.problem.is_goal(&self.state) {
            if O::ACTIVE {
                self.tell(g, O::goal);
            }
            return Flow::Found;
        }
        if let Some(limit) = self.watch.exceeded() {
            return Flow::Limit(limit);
        }
        if self.moves.len() >= self.depth_limit {
            if O::ACTIVE {
                self.tell(g, O::depth_cut);
            }
            self.watch.depth_cut = true;
            return Flow::Continue;
        }
        if O::ACTIVE {
            self.tell(g, O::expanded);
        }
        self.watch.stats.expanded += 1;
        for mv in self.problem.moves(&self.state, previous) {
            // A move counts as generated when applied (Korf's count), so the
            // limit is compared with per move; the moves are not counted
            // before they come.
            if !self.watch.generate_one() {
                return Flow::Limit(Limit::Node);
            }
            let child_g = g + self.problem.apply(&mut self.state, mv);
            let f = child_g + self.problem.heuristic(&self.state);
            if O::ACTIVE {
                let id = (f <= bound).then(|| self.watch.new_id());
                self.observer.generated(&Generated {
                    id,
                    parent: self.ids.last().copied(),
                    mv: Some(&mv),
                    depth: self.moves.len() as u32 + 1,
                    g: child_g,
                    state: &self.state,
                    fate: if id.is_some() {
                        Fate::New
                    } else {
                        Fate::OverBound
                    },
                });
                if let Some(id) = id {
                    self.ids.push(id);
                }
            }
            if f > bound {
                if self.next_bound.is_none_or(|next| f < next) {
                    self.next_bound = Some(f);
                }
                self.problem.undo(&mut self.state, mv);
                continue;
            }
            self.moves.push(mv);
            match self.search(child_g, bound, Some(mv)) {
                Flow::Continue => {
                    self.moves.pop();
                    if O::ACTIVE {
                        self.ids.pop();
                    }
                    self.problem.undo(&mut self.state, mv);
                }
                other => return other,
            }
        }
        Flow::Continue
    }
}

/// IDA* over an [`InPlaceProblem`]: the same search as [`idastar`] with no
/// state cloned or stored while searching. Cycles are avoided only as far as
/// the problem's [`InPlaceProblem::moves`] leaves out the inverse of the
/// previous move. The returned path's states are rebuilt from the moves once
/// a goal is found. [`crate::Stats::max_frontier`] is left at 0, and
/// [`crate::Stats::generated`] follows Korf (1985): a move counts when it is
/// applied, the start once for all iterations, so the counts of his table
/// for the 15-puzzle with Manhattan distance are reproduced exactly.
///
/// ```
/// use search_core::{Config, InPlaceProblem, idastar_in_place};
///
/// /// A counter that must reach `target` by steps of +1 or +3.
/// struct Counter { target: u32 }
///
/// impl InPlaceProblem for Counter {
///     type State = u32;
///     type Move = u32;
///     type Cost = u32;
///     type Moves = std::array::IntoIter<u32, 2>;
///     fn moves(&self, _: &u32, _: Option<u32>) -> Self::Moves {
///         [3, 1].into_iter()
///     }
///     fn apply(&self, state: &mut u32, step: u32) -> u32 {
///         *state += step;
///         1
///     }
///     fn undo(&self, state: &mut u32, step: u32) {
///         *state -= step;
///     }
///     fn heuristic(&self, &state: &u32) -> u32 {
///         self.target.saturating_sub(state).div_ceil(3)
///     }
///     fn is_goal(&self, &state: &u32) -> bool {
///         state == self.target
///     }
/// }
///
/// let search = idastar_in_place(&Counter { target: 8 }, 0, &Config::default());
/// assert_eq!(search.path().map(|path| path.moves.clone()), Some(vec![3, 3, 1, 1]));
/// ```
pub fn idastar_in_place<P: InPlaceProblem>(
    problem: &P,
    start: P::State,
    config: &Config,
) -> Search<P::State, P::Move, P::Cost> {
    idastar_in_place_observed(problem, start, config, &mut NoObserver)
}

/// [`idastar_in_place`], telling `observer` what it does. The start is
/// generated once for all iterations, as it is counted (in the first);
/// each iteration's nodes are numbered after the last one of the iteration
/// before, the start keeping 0.
pub fn idastar_in_place_observed<P, O>(
    problem: &P,
    start: P::State,
    config: &Config,
    observer: &mut O,
) -> Search<P::State, P::Move, P::Cost>
where
    P: InPlaceProblem,
    O: Observer<P::State, P::Move, P::Cost>,
{
    if O::ACTIVE {
        observer.start(&start);
    }
    let mut bound = problem.heuristic(&start);
    let mut ida = InPlace {
        problem,
        observer,
        ids: Vec::new(),
        state: start.clone(),
        watch: Watch::new(config),
        depth_limit: config
            .depth_limit
            .map_or(usize::MAX, |limit| limit as usize),
        moves: Vec::new(),
        next_bound: None,
    };
    let search = 'run: {
        if !ida.watch.start() {
            break 'run ida.watch.finish(Status::Limit(Limit::Node), None);
        }
        loop {
            if O::ACTIVE {
                let iteration = ida.watch.stats.iterations;
                ida.observer.iteration(iteration, Bound::Cost(bound));
                if iteration == 1 {
                    ida.observer.generated(&Generated {
                        id: Some(ida.watch.new_id()),
                        ..root(&ida.state)
                    });
                }
                ida.ids.clear();
                ida.ids.push(0);
            }
            ida.next_bound = None;
            match ida.search(P::Cost::default(), bound, None) {
                Flow::Found => {
                    let path = replay(problem, start, ida.moves);
                    break 'run ida.watch.finish(Status::Solved, Some(path));
                }
                Flow::Limit(limit) => break 'run ida.watch.finish(Status::Limit(limit), None),
                Flow::Continue => match ida.next_bound {
                    Some(next) => {
                        bound = next;
                        ida.watch.stats.iterations += 1;
                    }
                    None => break 'run ida.watch.finish(Status::Unsolvable, None),
                },
            }
        }
    };
    ended(observer, search)
}

fn replay<P: InPlaceProblem>(
    problem: &P,
    start: P::State,
    moves: Vec<P::Move>,
) -> Path<P::State, P::Move, P::Cost> {
    let mut state = start;
    let mut states = Vec::with_capacity(moves.len() + 1);
    let mut cost = P::Cost::default();
    states.push(state.clone());
    for &mv in &moves {
        cost = cost + problem.apply(&mut state, mv);
        states.push(state.clone());
    }
    Path {
        states,
        moves,
        cost,
    }
}
