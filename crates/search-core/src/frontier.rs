//! The searchers that keep every generated node in an arena and differ only
//! in which waiting node they test next: random (the searcher framework's), breadth-first,
//! greedy best-first and A*.

use std::cmp::Ordering;
use std::collections::{BinaryHeap, VecDeque};
use std::hash::Hash;

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

use crate::config::{Config, CycleCheck};
use hashbrown::DefaultHashBuilder;
use std::hash::BuildHasher;

use crate::engine::{Arena, NoCheck, Node, PathCheck, ROOT, Visited, Watch};
use crate::memory::{Budget, Growable};
use crate::observe::{Fate, Generated, NoObserver, NodeView, Observer, ended};
use crate::outcome::{Limit, Search, Status};
use crate::problem::{Cost, Problem};
use crate::table::Table;

/// The result type of every searcher over a problem `P`.
pub type SearchOf<P> = Search<<P as Problem>::State, <P as Problem>::Move, <P as Problem>::Cost>;

/// Which waiting node is tested next. `pop` gives the node's index and, for
/// the searchers that may reach a state again more cheaply (A*), the path
/// cost it was queued with, so a superseded entry can be recognised.
trait Frontier<C> {
    /// Queues a node, unless the frontier must grow and `budget` refuses
    /// (the budget is then exhausted and the run ends after this expansion).
    fn push(&mut self, index: u32, g: C, h: C, budget: &mut Budget);
    fn pop(&mut self) -> Option<(u32, Option<C>)>;
    fn len(&self) -> usize;
    /// The bytes held, by capacity.
    fn bytes(&self) -> usize;
    /// Whether `push` needs the heuristic.
    const USES_HEURISTIC: bool;
    /// Where a node pushed now with `g` and `h` would come out, if it would
    /// come out before every node already waiting: a rank, smaller first.
    /// `None` when it would not, or the frontier cannot tell cheaply.
    fn rank_if_next(&self, g: C, h: C) -> Option<usize> {
        let _ = (g, h);
        None
    }
    /// The node `pop` would give next, when the frontier can tell cheaply.
    fn peek(&mut self) -> Option<u32> {
        None
    }
    /// Hands the frontier's memory back for the next run.
    fn recycle(self, buckets: &mut Buckets<C>)
    where
        Self: Sized,
    {
        let _ = buckets;
    }
}

/// The memory of the bucket frontier: one stack of `(node, g)` per bucket.
type Buckets<C> = Vec<Vec<(u32, C)>>;

/// The searcher framework's `next_state`: a uniformly random pick from the untested list.
struct RandomPick {
    waiting: Vec<u32>,
    rng: SmallRng,
}

impl<C> Frontier<C> for RandomPick {
    const USES_HEURISTIC: bool = false;

    fn push(&mut self, index: u32, _: C, _: C, budget: &mut Budget) {
        if self.waiting.room_for_one(budget) {
            self.waiting.push(index);
        }
    }

    fn bytes(&self) -> usize {
        self.waiting.bytes()
    }

    fn pop(&mut self) -> Option<(u32, Option<C>)> {
        if self.waiting.is_empty() {
            return None;
        }
        let pick = self.rng.random_range(0..self.waiting.len());
        Some((self.waiting.swap_remove(pick), None))
    }

    fn len(&self) -> usize {
        self.waiting.len()
    }
}

/// First in, first out.
struct Fifo(VecDeque<u32>);

impl<C> Frontier<C> for Fifo {
    const USES_HEURISTIC: bool = false;

    #[inline(always)]
    fn push(&mut self, index: u32, _: C, _: C, budget: &mut Budget) {
        if self.0.room_for_one(budget) {
            self.0.push_back(index);
        }
    }

    fn bytes(&self) -> usize {
        self.0.bytes()
    }

    fn pop(&mut self) -> Option<(u32, Option<C>)> {
        self.0.pop_front().map(|index| (index, None))
    }

    fn len(&self) -> usize {
        self.0.len()
    }
}

/// A heap entry: smallest `priority` first, then largest `g` (deeper nodes
/// first, which finishes A* ties quickly), then newest.
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
            .then_with(|| self.index.cmp(&other.index))
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

/// Bucket numbers this small are used; larger (or non-integer) priorities
/// go to the heap.
const BUCKETS: usize = 1 << 18;

/// Smallest priority first: a bucket per integer priority, each a stack
/// (last in, first out; its memory kept from run to run), and a binary heap
/// for priorities that are not small integers. Priority is `g + h` with
/// `ADD_G` (A*; buckets also ordered by larger `g` first among equal
/// `g + h`) and `h` without (greedy search).
struct BestFirst<C, const ADD_G: bool> {
    /// `buckets[b]`: the nodes queued with bucket number `b`, newest last
    /// (so the next one popped was pushed recently and is still in cache).
    buckets: Buckets<C>,
    /// No bucket below this one holds anything.
    lowest: usize,
    in_buckets: usize,
    heap: BinaryHeap<Entry<C>>,
}

impl<C: Cost, const ADD_G: bool> BestFirst<C, ADD_G> {
    fn new() -> Self {
        BestFirst::reuse(Vec::new())
    }

    fn reuse(mut buckets: Buckets<C>) -> Self {
        for bucket in &mut buckets {
            bucket.clear();
        }
        BestFirst {
            buckets,
            lowest: 0,
            in_buckets: 0,
            heap: BinaryHeap::new(),
        }
    }
}

impl<C: Cost, const ADD_G: bool> BestFirst<C, ADD_G> {
    /// The bucket of a node queued with `g` and `h`, when its priority is a
    /// small enough integer. For A*, equal `g + h` goes deeper first: the
    /// bucket of (f, g) is f * 64 + 63 - g (g capped at 63, where ties stop
    /// being broken).
    #[inline(always)]
    fn bucket(&self, g: C, h: C) -> Option<usize> {
        let priority = if ADD_G { g + h } else { h };
        priority
            .as_index()
            .and_then(|f| match ADD_G {
                true => g.as_index().map(|g| f * 64 + 63 - g.min(63)),
                false => Some(f),
            })
            .filter(|&bucket| bucket < BUCKETS)
    }
}

impl<C: Cost, const ADD_G: bool> Frontier<C> for BestFirst<C, ADD_G> {
    const USES_HEURISTIC: bool = true;

    #[inline(always)]
    fn push(&mut self, index: u32, g: C, h: C, budget: &mut Budget) {
        match self.bucket(g, h) {
            Some(bucket) => {
                if bucket >= self.buckets.len() {
                    let more = bucket + 1 - self.buckets.len();
                    if !self.buckets.room_for(more, budget) {
                        return;
                    }
                    self.buckets.resize_with(bucket + 1, Vec::new);
                }
                let stack = &mut self.buckets[bucket];
                if !stack.room_for_one(budget) {
                    return;
                }
                stack.push((index, g));
                self.lowest = self.lowest.min(bucket);
                self.in_buckets += 1;
            }
            None => {
                if !self.heap.room_for_one(budget) {
                    return;
                }
                let priority = if ADD_G { g + h } else { h };
                self.heap.push(Entry { priority, g, index });
            }
        }
    }

    fn bytes(&self) -> usize {
        let stacks: usize = self.buckets.iter().map(Growable::bytes).sum();
        self.buckets.bytes() + stacks + self.heap.bytes()
    }

    #[inline]
    fn peek(&mut self) -> Option<u32> {
        if self.in_buckets == 0 || !self.heap.is_empty() {
            return None;
        }
        while self.buckets[self.lowest].is_empty() {
            self.lowest += 1;
        }
        self.buckets[self.lowest].last().map(|&(index, _)| index)
    }

    #[inline]
    fn rank_if_next(&self, g: C, h: C) -> Option<usize> {
        // Buckets below `lowest` are empty; the heap only ever holds
        // priorities outside the buckets, so an empty heap means none.
        self.bucket(g, h)
            .filter(|&bucket| bucket <= self.lowest && self.heap.is_empty())
    }

    #[inline]
    fn pop(&mut self) -> Option<(u32, Option<C>)> {
        if self.in_buckets == 0 {
            return self.heap.pop().map(|entry| (entry.index, Some(entry.g)));
        }
        // An integer priority outside the buckets is either negative (it
        // comes before every bucket) or huge (after every bucket).
        if self
            .heap
            .peek()
            .is_some_and(|top| top.priority < C::default())
        {
            return self.heap.pop().map(|entry| (entry.index, Some(entry.g)));
        }
        while self.buckets[self.lowest].is_empty() {
            self.lowest += 1;
        }
        let (index, g) = self.buckets[self.lowest].pop()?;
        self.in_buckets -= 1;
        Some((index, Some(g)))
    }

    fn len(&self) -> usize {
        self.in_buckets + self.heap.len()
    }

    fn recycle(self, buckets: &mut Buckets<C>) {
        *buckets = self.buckets;
    }
}

/// The loop shared by the arena searchers without a table (cycle check
/// none or along the path): test the next waiting node, stop at a goal,
/// otherwise add its admitted successors.
fn run<P, V, F, O>(
    problem: &P,
    start: P::State,
    config: &Config,
    mut visited: V,
    mut frontier: F,
    observer: &mut O,
) -> SearchOf<P>
where
    P: Problem,
    V: Visited<P::State, P::Cost>,
    F: Frontier<P::Cost>,
    O: Observer<P::State, P::Move, P::Cost>,
{
    let zero = P::Cost::default();
    let mut watch = Watch::new(config);
    if O::ACTIVE {
        observer.start(&start);
    }
    if !watch.start() {
        return watch.finish(Status::Limit(Limit::Node), None);
    }
    if O::ACTIVE {
        observer.generated(&root(&start));
    }
    let start_h = if F::USES_HEURISTIC {
        problem.heuristic(&start)
    } else {
        zero
    };
    visited.start(&start, zero);
    let mut arena: Arena<P::State, P::Move, P::Cost> =
        Arena::new(start, zero, problem.state_heap_bytes());
    watch.budget.hold(arena.bytes());
    frontier.push(0, zero, start_h, &mut watch.budget);
    // A budget too small to queue the start ends the run here: the empty
    // frontier would otherwise read as a searched space.
    if let Some(limit) = watch.out_of_memory() {
        return watch.finish(Status::Limit(limit), None);
    }
    watch.frontier(1);
    let mut successors = Vec::new();
    while let Some((index, _)) = frontier.pop() {
        let node = &arena.nodes[index as usize];
        watch.stats.num_tested += 1;
        if problem.is_goal(&node.state) {
            if O::ACTIVE {
                observer.goal(&view(problem, &arena, index, frontier.len()));
            }
            let path = arena.path_to(index);
            return watch.finish(Status::Solved, Some(path));
        }
        if let Some(limit) = watch.exceeded() {
            return watch.finish(Status::Limit(limit), None);
        }
        let depth = node.depth + 1;
        if config.depth_limit.is_some_and(|limit| depth > limit) {
            if O::ACTIVE {
                observer.depth_cut(&view(problem, &arena, index, frontier.len()));
            }
            watch.depth_cut = true;
            continue;
        }
        if O::ACTIVE {
            observer.expanded(&view(problem, &arena, index, frontier.len()));
        }
        let g = node.g;
        watch.stats.expanded += 1;
        problem.successors(&node.state, &mut successors);
        if !watch.generate(successors.len() as u64) {
            return watch.finish(Status::Limit(Limit::Node), None);
        }
        for (mv, state, cost) in successors.drain(..) {
            let child_g = g + cost;
            let budget = &mut watch.budget;
            if !visited.admit(&state, child_g, arena.ancestors(index), budget) {
                if O::ACTIVE {
                    observer.generated(&Generated {
                        id: None,
                        parent: Some(u64::from(index)),
                        mv: Some(&mv),
                        depth,
                        g: child_g,
                        state: &state,
                        fate: V::REFUSED,
                    });
                }
                continue;
            }
            if !arena.room_for_one(budget) {
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
            if O::ACTIVE {
                observer.generated(&generated(&arena, child, Fate::New));
            }
            frontier.push(child, child_g, h, budget);
        }
        if let Some(limit) = watch.out_of_memory() {
            return watch.finish(Status::Limit(limit), None);
        }
        watch.frontier(frontier.len());
    }
    watch.finish(Status::Unsolvable, None)
}

/// The start as a generated state.
pub(crate) fn root<S, M, C: Default>(state: &S) -> Generated<'_, S, M, C> {
    Generated {
        id: Some(0),
        parent: None,
        mv: None,
        depth: 0,
        g: C::default(),
        state,
        fate: Fate::New,
    }
}

/// Node `index` of the arena as an observer sees it.
fn view<'a, P: Problem>(
    problem: &P,
    arena: &'a Arena<P::State, P::Move, P::Cost>,
    index: u32,
    frontier: usize,
) -> NodeView<'a, P::State, P::Cost> {
    let node = &arena.nodes[index as usize];
    NodeView {
        id: u64::from(index),
        parent: (node.parent != ROOT).then_some(u64::from(node.parent)),
        depth: node.depth,
        g: node.g,
        h: problem.heuristic(&node.state),
        state: &node.state,
        frontier,
    }
}

/// Node `index` of the arena, just taken in, as a generated state.
fn generated<S, M, C: Copy>(
    arena: &Arena<S, M, C>,
    index: u32,
    fate: Fate,
) -> Generated<'_, S, M, C> {
    let node = &arena.nodes[index as usize];
    Generated {
        id: Some(u64::from(index)),
        parent: (node.parent != ROOT).then_some(u64::from(node.parent)),
        mv: node.mv.as_ref(),
        depth: node.depth,
        g: node.g,
        state: &node.state,
        fate,
    }
}

/// The arena loop with a closed set: one node per state, found through a
/// table of arena indices (one hash probe per successor, the state stored
/// once). With `reopen` (A*), a state reached again more cheaply has its
/// node updated in place and queued again; the older queue entry, carrying
/// the older cost, is skipped when it comes out.
fn run_closed<P, F, O>(
    problem: &P,
    start: P::State,
    config: &Config,
    mut frontier: F,
    reopen: bool,
    scratch: &mut ScratchOf<P>,
    observer: &mut O,
) -> SearchOf<P>
where
    P: Problem,
    P::State: Eq + Hash,
    F: Frontier<P::Cost>,
    O: Observer<P::State, P::Move, P::Cost>,
{
    let zero = P::Cost::default();
    let mut watch = Watch::new(config);
    if O::ACTIVE {
        observer.start(&start);
    }
    if !watch.start() {
        return watch.finish(Status::Limit(Limit::Node), None);
    }
    if O::ACTIVE {
        observer.generated(&root(&start));
    }
    let hasher = DefaultHashBuilder::default();
    let start_h = if F::USES_HEURISTIC {
        problem.heuristic(&start)
    } else {
        zero
    };
    let mut table = std::mem::take(&mut scratch.table);
    table.clear();
    let start_hash = hasher.hash_one(&start);
    let expanding = start.clone();
    let arena = Arena::reuse(
        std::mem::take(&mut scratch.nodes),
        start,
        zero,
        problem.state_heap_bytes(),
    );
    if let Err(at) = table.find(start_hash, |_| false) {
        table.insert(at, start_hash, 0);
    }
    let mut successors = std::mem::take(&mut scratch.successors);
    successors.clear();
    // What is kept from earlier runs is held from the start.
    watch
        .budget
        .hold(arena.bytes() + table.bytes() + frontier.bytes() + successors.bytes());
    // A budget too small to queue the start leaves the frontier empty: the
    // loop ends at once and `finish` names the memory (the scratch is still
    // handed back).
    frontier.push(0, zero, start_h, &mut watch.budget);
    watch.frontier(1);
    let mut run = ClosedRun {
        problem,
        config,
        frontier,
        reopen,
        watch,
        closed: Closed {
            hasher,
            table,
            arena,
        },
        expanding,
        successors,
        hashes: Vec::new(),
        ahead: LookAhead::default(),
        observer,
    };
    // One copy of the loop while the table fits in the caches, another once
    // it does not (prefetching, look-ahead): each is then free of the other's
    // branches and bookkeeping.
    let (status, goal) = match run.expand::<false>() {
        Some(ending) => ending,
        None => run
            .expand::<true>()
            .expect("on a large table, the loop runs to the end"),
    };
    let ClosedRun {
        watch,
        closed: Closed {
            mut table,
            mut arena,
            ..
        },
        frontier,
        successors,
        ..
    } = run;
    let path = goal.map(|index| arena.path_to(index));
    // Keep the memory for the next run, unless it is too large to hoard.
    if arena.nodes.capacity() <= KEEP_AT_MOST {
        arena.nodes.clear();
        table.clear();
        scratch.nodes = arena.nodes;
        // A table grown out of the caches would send every later run to the
        // large-table loop from its start: the next run grows its own.
        scratch.table = if table.is_large() {
            Table::new()
        } else {
            table
        };
        scratch.successors = successors;
        frontier.recycle(&mut scratch.buckets);
    }
    watch.finish(status, path)
}

/// How a run ended: its status and, when found, the goal's node.
type Ending = (Status, Option<u32>);

/// The state of a [`run_closed`] search between expansions.
struct ClosedRun<'p, P: Problem, F, O> {
    problem: &'p P,
    observer: &'p mut O,
    config: &'p Config,
    frontier: F,
    reopen: bool,
    watch: Watch,
    closed: Closed<P::State, P::Move, P::Cost>,
    /// A copy of the state being expanded, made in place (`clone_from`), so
    /// its successors can enter the arena while they are made.
    expanding: P::State,
    successors: Vec<(P::Move, P::State, P::Cost)>,
    hashes: Vec<u64>,
    ahead: LookAhead<P::State, P::Move, P::Cost>,
}

/// Every node of a run, and the table finding the node of a state.
struct Closed<S, M, C> {
    hasher: DefaultHashBuilder,
    table: Table,
    arena: Arena<S, M, C>,
}

impl<S: Clone + Eq + Hash, M: Clone, C: Cost> Closed<S, M, C> {
    /// Takes in a successor, `step` (the node it would be), whose state
    /// hashes to `hash`: a new state gets that node and is queued; a known
    /// one reached more cheaply, with `reopen`, takes the new path in its
    /// node and is queued again; any other is dropped. `estimate` gives the
    /// heuristic, only when a node is queued. Returns what became of it.
    /// A new state that needs the arena or the table to grow, when `budget`
    /// refuses, is dropped (the budget is then exhausted).
    #[inline(always)]
    fn admit<F: Frontier<C>>(
        &mut self,
        frontier: &mut F,
        reopen: bool,
        hash: u64,
        step: Node<S, M, C>,
        estimate: impl FnOnce(&S) -> C,
        budget: &mut Budget,
    ) -> Admitted<S, M, C> {
        let Closed {
            hasher,
            table,
            arena,
        } = self;
        let nodes = &arena.nodes;
        match table.find(hash, |known| nodes[known as usize].state == step.state) {
            Ok(known) => {
                let node = &mut arena.nodes[known as usize];
                if reopen && step.g < node.g {
                    // The new copy of the state, which may carry what
                    // belongs to its path (the eight-puzzle's last move).
                    node.state = step.state;
                    node.g = step.g;
                    node.parent = step.parent;
                    node.mv = step.mv;
                    node.depth = step.depth;
                    frontier.push(known, step.g, estimate(&node.state), budget);
                    return Admitted::Reopened(known);
                }
                Admitted::Duplicate(step)
            }
            Err(mut at) => {
                if !arena.room_for_one(budget) {
                    return Admitted::Refused;
                }
                // The table grows before it takes the entry that would fill
                // it, so that the budget can refuse; the slot is then found
                // again in the new table.
                if table.is_full() {
                    let nodes = &arena.nodes;
                    if !table.grow(budget, |index| {
                        hasher.hash_one(&nodes[index as usize].state)
                    }) {
                        return Admitted::Refused;
                    }
                    at = table
                        .find(hash, |_| false)
                        .expect_err("a find that accepts no node ends on an empty slot");
                }
                let (g, h) = (step.g, estimate(&step.state));
                let child = arena.push(step);
                table.insert(at, hash, child);
                frontier.push(child, g, h, budget);
                Admitted::New(child)
            }
        }
    }
}

/// What [`Closed::admit`] made of a successor.
enum Admitted<S, M, C> {
    /// A new node.
    New(u32),
    /// A known node reached more cheaply, queued again.
    Reopened(u32),
    /// A known state, not reached more cheaply: the successor, dropped.
    Duplicate(Node<S, M, C>),
    /// A new state the memory budget had no room for.
    Refused,
}

impl<S, M, C: Copy> Admitted<S, M, C> {
    /// Tells `observer` what became of the successor.
    fn report<O: Observer<S, M, C>>(&self, arena: &Arena<S, M, C>, observer: &mut O) {
        match self {
            Admitted::New(index) => observer.generated(&generated(arena, *index, Fate::New)),
            Admitted::Reopened(index) => {
                observer.generated(&generated(arena, *index, Fate::Reopened));
            }
            Admitted::Duplicate(step) => observer.generated(&Generated {
                id: None,
                parent: Some(u64::from(step.parent)),
                mv: step.mv.as_ref(),
                depth: step.depth,
                g: step.g,
                state: &step.state,
                fate: Fate::Duplicate,
            }),
            Admitted::Refused => {}
        }
    }
}

/// On a large table, the successors of the node that comes out of the
/// frontier next (in A*, usually a child keeping its parent's f, taken next
/// as it is deeper), listed and their slots loading one expansion early, so
/// those misses overlap with this expansion's instead of stalling the next
/// one. Listing a state's successors twice is far cheaper than a miss; on a
/// table that fits in the caches it is not (20% slower on the 3x3 puzzle),
/// hence the limit.
struct LookAhead<S, M, C> {
    /// The node whose successors are listed, if any.
    node: Option<u32>,
    successors: Vec<(M, S, C)>,
    hashes: Vec<u64>,
    /// The heuristic of each successor of the node being expanded.
    estimates: Vec<C>,
}

impl<S, M, C> Default for LookAhead<S, M, C> {
    fn default() -> Self {
        LookAhead {
            node: None,
            successors: Vec::new(),
            hashes: Vec::new(),
            estimates: Vec::new(),
        }
    }
}

impl<P, F, O> ClosedRun<'_, P, F, O>
where
    P: Problem,
    P::State: Eq + Hash,
    F: Frontier<P::Cost>,
    O: Observer<P::State, P::Move, P::Cost>,
{
    /// Tests and expands nodes until the search ends, or, unless
    /// `LARGE_TABLE`, until the table outgrows the caches (`None`: go on
    /// with `LARGE_TABLE`, which prefetches the successors' slots and, in a
    /// best-first search, looks ahead). Each copy is a function of its own,
    /// so its registers are allocated for its loop alone (3x3 A* 1.5% faster
    /// than inlined into the caller).
    #[inline(never)]
    fn expand<const LARGE_TABLE: bool>(&mut self) -> Option<Ending> {
        let ClosedRun {
            problem,
            config,
            frontier,
            reopen,
            watch,
            closed,
            expanding,
            successors,
            hashes,
            ahead,
            observer,
        } = self;
        let (problem, reopen) = (*problem, *reopen);
        let look_ahead = LARGE_TABLE && F::USES_HEURISTIC;
        let zero = P::Cost::default();
        let heuristic = |state: &P::State| {
            if F::USES_HEURISTIC {
                problem.heuristic(state)
            } else {
                zero
            }
        };
        loop {
            if !LARGE_TABLE && closed.table.is_large() {
                return None;
            }
            let Some((index, queued_g)) = frontier.pop() else {
                return Some((Status::Unsolvable, None));
            };
            let node = &closed.arena.nodes[index as usize];
            if queued_g.is_some_and(|queued| node.g < queued) {
                continue;
            }
            watch.stats.num_tested += 1;
            if problem.is_goal(&node.state) {
                if O::ACTIVE {
                    observer.goal(&view(problem, &closed.arena, index, frontier.len()));
                }
                return Some((Status::Solved, Some(index)));
            }
            if let Some(limit) = watch.exceeded() {
                return Some((Status::Limit(limit), None));
            }
            let depth = node.depth + 1;
            if config.depth_limit.is_some_and(|limit| depth > limit) {
                if O::ACTIVE {
                    observer.depth_cut(&view(problem, &closed.arena, index, frontier.len()));
                }
                watch.depth_cut = true;
                continue;
            }
            if O::ACTIVE {
                observer.expanded(&view(problem, &closed.arena, index, frontier.len()));
            }
            let g = node.g;
            watch.stats.expanded += 1;
            let step = |parent, mv, state, cost| Node {
                state,
                parent,
                mv: Some(mv),
                g: g + cost,
                depth,
            };
            if !LARGE_TABLE {
                // On a table that fits in the caches, each successor enters
                // the table as it is made, with no list in between: the loop
                // over the successors, whose exit is often mispredicted (its
                // count varies from node to node), is then run once, not
                // twice (3x3 A* 6% faster). A streaming problem gets a copy
                // of the expanded state, so that its successors can enter the
                // arena meanwhile; any other lists them before `take` borrows
                // the arena.
                if P::STREAMS_SUCCESSORS {
                    expanding.clone_from(&node.state);
                } else {
                    problem.successors(&node.state, successors);
                }
                // The node limit is compared with once per successor here, as
                // they are not counted before they come (a compare with a
                // register, against a hash and a probe per successor).
                let room = watch.room();
                let mut made = 0;
                let mut take = |mv, state, cost| {
                    made += 1;
                    if made > room {
                        return;
                    }
                    let hash = closed.hasher.hash_one(&state);
                    let step = step(index, mv, state, cost);
                    let budget = &mut watch.budget;
                    let admitted = closed.admit(frontier, reopen, hash, step, heuristic, budget);
                    if O::ACTIVE {
                        admitted.report(&closed.arena, &mut **observer);
                    }
                };
                if P::STREAMS_SUCCESSORS {
                    problem.for_each_successor(expanding, successors, take);
                } else {
                    for (mv, state, cost) in successors.drain(..) {
                        take(mv, state, cost);
                    }
                }
                // A successor beyond the limit was made and dropped: this
                // expansion is incomplete, so the run cannot go on.
                if !watch.generate(made) {
                    return Some((Status::Limit(Limit::Node), None));
                }
                // A buffer refused to grow: a successor was dropped.
                if let Some(limit) = watch.out_of_memory() {
                    return Some((Status::Limit(limit), None));
                }
                watch.frontier(frontier.len());
                continue;
            }
            if look_ahead && ahead.node.take() == Some(index) {
                std::mem::swap(successors, &mut ahead.successors);
                std::mem::swap(hashes, &mut ahead.hashes);
            } else {
                problem.successors(&node.state, successors);
                // Hash every successor first and start loading their slots,
                // so the cache misses overlap instead of coming one after
                // another.
                hash_all(closed, successors, hashes);
            }
            if !watch.generate(successors.len() as u64) {
                successors.clear();
                return Some((Status::Limit(Limit::Node), None));
            }
            // The successor that will come out next, if one will: the
            // smallest rank, the last of equals (buckets are last in, first
            // out).
            let mut next: Option<usize> = None;
            if look_ahead {
                ahead.estimates.clear();
                ahead.estimates.extend(
                    successors
                        .iter()
                        .map(|(_, state, _)| problem.heuristic(state)),
                );
                let mut best: Option<(usize, usize)> = None;
                for (position, &h) in ahead.estimates.iter().enumerate() {
                    if let Some(rank) = frontier.rank_if_next(g + successors[position].2, h)
                        && best.is_none_or(|(best, _)| rank <= best)
                    {
                        best = Some((rank, position));
                    }
                }
                next = best.map(|(_, position)| position);
                // Without such a child, every child goes after the node now
                // first in the frontier, which then comes out next.
                let queued = next.is_none().then(|| frontier.peek()).flatten();
                let state = match (next, queued) {
                    (Some(position), _) => Some(&successors[position].1),
                    (None, Some(queued)) => Some(&closed.arena.nodes[queued as usize].state),
                    (None, None) => None,
                };
                if let Some(state) = state {
                    ahead.successors.clear();
                    problem.successors(state, &mut ahead.successors);
                    hash_all(closed, &ahead.successors, &mut ahead.hashes);
                    ahead.node = queued;
                }
            }
            for (position, (mv, state, cost)) in successors.drain(..).enumerate() {
                let estimate = |state: &P::State| {
                    if look_ahead {
                        ahead.estimates[position]
                    } else {
                        heuristic(state)
                    }
                };
                let step = step(index, mv, state, cost);
                let budget = &mut watch.budget;
                let admitted =
                    closed.admit(frontier, reopen, hashes[position], step, estimate, budget);
                // A reopened node (rare) is simply not looked ahead of.
                if look_ahead
                    && next == Some(position)
                    && let Admitted::New(child) = admitted
                {
                    ahead.node = Some(child);
                }
                if O::ACTIVE {
                    admitted.report(&closed.arena, &mut **observer);
                }
            }
            if let Some(limit) = watch.out_of_memory() {
                return Some((Status::Limit(limit), None));
            }
            watch.frontier(frontier.len());
        }
    }
}

/// Lists the hash of every successor in `hashes` and asks for its table
/// slot to be loaded.
#[inline(always)]
fn hash_all<S: Hash, M, C>(
    closed: &Closed<S, M, C>,
    successors: &[(M, S, C)],
    hashes: &mut Vec<u64>,
) {
    hashes.clear();
    for (_, state, _) in successors {
        let hash = closed.hasher.hash_one(state);
        closed.table.prefetch(hash);
        hashes.push(hash);
    }
}

/// Scratch memory above this many nodes is given back after a run.
const KEEP_AT_MOST: usize = 1 << 22;

/// Memory kept from one run to the next by [`astar_in`]: the node arena,
/// the closed-set table, the frontier's buckets. Repeated searches (a batch
/// of puzzles) then allocate and fault in no new pages once it has grown.
/// Memory above about four million nodes is not kept.
pub struct Scratch<S, M, C> {
    nodes: Vec<Node<S, M, C>>,
    table: Table,
    buckets: Buckets<C>,
    successors: Vec<(M, S, C)>,
}

/// The [`Scratch`] of a problem `P`.
pub type ScratchOf<P> = Scratch<<P as Problem>::State, <P as Problem>::Move, <P as Problem>::Cost>;

impl<S, M, C> Default for Scratch<S, M, C> {
    fn default() -> Self {
        Scratch {
            nodes: Vec::new(),
            table: Table::new(),
            buckets: Vec::new(),
            successors: Vec::new(),
        }
    }
}

impl<S, M, C> std::fmt::Debug for Scratch<S, M, C> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Scratch")
            .field("nodes", &self.nodes.capacity())
            .finish_non_exhaustive()
    }
}

/// Runs the arena loop with the cycle check `config` asks for.
fn dispatch<P, F, O>(
    problem: &P,
    start: P::State,
    config: &Config,
    frontier: F,
    reopen: bool,
    observer: &mut O,
) -> SearchOf<P>
where
    P: Problem,
    P::State: Eq + Hash,
    F: Frontier<P::Cost>,
    O: Observer<P::State, P::Move, P::Cost>,
{
    let search = match config.cycle_check {
        CycleCheck::None => run(problem, start, config, NoCheck, frontier, observer),
        CycleCheck::Path => run(problem, start, config, PathCheck, frontier, observer),
        CycleCheck::Closed => run_closed(
            problem,
            start,
            config,
            frontier,
            reopen,
            &mut Scratch::default(),
            observer,
        ),
    };
    ended(observer, search)
}

/// Random search as the searcher framework's `Searcher`: the untested list starts with the
/// start state; each step removes a uniformly random state from it, tests it,
/// and adds its successors that pass the depth limit and the cycle check.
/// The same [`Config::seed`] gives the same run. Complete on finite spaces,
/// not optimal.
pub fn random<P>(problem: &P, start: P::State, config: &Config) -> SearchOf<P>
where
    P: Problem,
    P::State: Eq + Hash,
{
    random_observed(problem, start, config, &mut NoObserver)
}

/// [`random`], telling `observer` what it does.
pub fn random_observed<P, O>(
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
    let frontier = RandomPick {
        waiting: Vec::new(),
        rng: SmallRng::seed_from_u64(config.seed),
    };
    dispatch(problem, start, config, frontier, false, observer)
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
    bfs_observed(problem, start, config, &mut NoObserver)
}

/// [`bfs`], telling `observer` what it does.
pub fn bfs_observed<P, O>(
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
    dispatch(
        problem,
        start,
        config,
        Fifo(VecDeque::new()),
        false,
        observer,
    )
}

/// Breadth-first search with no cycle check at all ([`Config::cycle_check`]
/// is ignored), for tree-shaped spaces: states need only `Clone`.
pub fn bfs_tree<P: Problem>(problem: &P, start: P::State, config: &Config) -> SearchOf<P> {
    bfs_tree_observed(problem, start, config, &mut NoObserver)
}

/// [`bfs_tree`], telling `observer` what it does.
pub fn bfs_tree_observed<P, O>(
    problem: &P,
    start: P::State,
    config: &Config,
    observer: &mut O,
) -> SearchOf<P>
where
    P: Problem,
    O: Observer<P::State, P::Move, P::Cost>,
{
    let search = run(
        problem,
        start,
        config,
        NoCheck,
        Fifo(VecDeque::new()),
        observer,
    );
    ended(observer, search)
}

/// Greedy best-first search: the waiting state with the smallest heuristic
/// is tested next (newest first among equals). Often fast, not optimal.
pub fn greedy<P>(problem: &P, start: P::State, config: &Config) -> SearchOf<P>
where
    P: Problem,
    P::State: Eq + Hash,
{
    greedy_observed(problem, start, config, &mut NoObserver)
}

/// [`greedy`], telling `observer` what it does.
pub fn greedy_observed<P, O>(
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
    let frontier = BestFirst::<_, false>::new();
    dispatch(problem, start, config, frontier, false, observer)
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
    astar_observed(problem, start, config, &mut NoObserver)
}

/// [`astar`], telling `observer` what it does.
///
/// ```
/// use search_core::{Config, NodeView, Observer, astar_observed, from_fn};
///
/// /// Collects the f of every node expanded.
/// struct Fs(Vec<u32>);
/// impl Observer<i32, char, u32> for Fs {
///     fn expanded(&mut self, node: &NodeView<'_, i32, u32>) {
///         self.0.push(node.f());
///     }
/// }
///
/// let line = from_fn(|&n: &i32| [('-', n - 1, 1u32), ('+', n + 1, 1)], |&n: &i32| n == 3)
///     .with_heuristic(|&n: &i32| (3 - n).unsigned_abs());
/// let mut fs = Fs(Vec::new());
/// let search = astar_observed(&line, 0, &Config::default(), &mut fs);
/// assert_eq!(fs.0, vec![3, 3, 3]);
/// assert_eq!(search.stats.expanded, 3);
/// ```
pub fn astar_observed<P, O>(
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
    let frontier = BestFirst::<_, true>::new();
    dispatch(problem, start, config, frontier, true, observer)
}

/// [`astar`] reusing the memory of earlier runs kept in `scratch`: the same
/// search, without allocating once the scratch has grown to the size of the
/// searches made. Worth it when solving many instances in a row.
///
/// ```
/// use search_core::{Config, Scratch, astar_in, from_fn};
///
/// let line = from_fn(|&n: &i32| [('-', n - 1, 1u32), ('+', n + 1, 1)], |&n: &i32| n == 7)
///     .with_heuristic(|&n: &i32| (7 - n).unsigned_abs());
/// let mut scratch = Scratch::default();
/// for start in 0..5 {
///     let search = astar_in(&line, start, &Config::default(), &mut scratch);
///     assert_eq!(search.path().map(|path| path.cost), Some(7 - start as u32));
/// }
/// ```
pub fn astar_in<P>(
    problem: &P,
    start: P::State,
    config: &Config,
    scratch: &mut ScratchOf<P>,
) -> SearchOf<P>
where
    P: Problem,
    P::State: Eq + Hash,
{
    astar_in_observed(problem, start, config, scratch, &mut NoObserver)
}

/// [`astar_in`], telling `observer` what it does.
pub fn astar_in_observed<P, O>(
    problem: &P,
    start: P::State,
    config: &Config,
    scratch: &mut ScratchOf<P>,
    observer: &mut O,
) -> SearchOf<P>
where
    P: Problem,
    P::State: Eq + Hash,
    O: Observer<P::State, P::Move, P::Cost>,
{
    if config.cycle_check != CycleCheck::Closed {
        return astar_observed(problem, start, config, observer);
    }
    let buckets = std::mem::take(&mut scratch.buckets);
    let search = run_closed(
        problem,
        start,
        config,
        BestFirst::<_, true>::reuse(buckets),
        true,
        scratch,
        observer,
    );
    ended(observer, search)
}
