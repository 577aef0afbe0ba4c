//! Shared machinery of the searchers: the node arena with parent indices,
//! the cycle-check strategies, and the limit watch (nodes, time, memory).

use std::hash::Hash;
use std::time::Instant;

use hashbrown::HashMap;

use crate::config::Config;
use crate::memory::Budget;
use crate::observe::Fate;
use crate::outcome::{Limit, Path, Search, Stats, Status};

/// No parent: the start node.
pub(crate) const ROOT: u32 = u32::MAX;

/// One generated state, linked to its parent by index, so a path is never
/// copied until a goal is found.
pub(crate) struct Node<S, M, C> {
    pub state: S,
    pub parent: u32,
    pub mv: Option<M>,
    pub g: C,
    pub depth: u32,
}

/// Every node of a run, in generation order.
pub(crate) struct Arena<S, M, C> {
    pub nodes: Vec<Node<S, M, C>>,
    /// The heap memory one state owns, for the budget
    /// ([`crate::Problem::state_heap_bytes`]).
    heap_per_state: usize,
}

/// The first capacity of an arena, in nodes.
const FIRST_NODES: usize = 64;

impl<S: Clone, M: Clone, C: Copy> Arena<S, M, C> {
    pub fn new(start: S, zero: C, heap_per_state: usize) -> Self {
        Arena::reuse(Vec::new(), start, zero, heap_per_state)
    }

    /// An arena in the memory of `nodes` (emptied first).
    pub fn reuse(mut nodes: Vec<Node<S, M, C>>, start: S, zero: C, heap_per_state: usize) -> Self {
        nodes.clear();
        nodes.push(Node {
            state: start,
            parent: ROOT,
            mv: None,
            g: zero,
            depth: 0,
        });
        Arena {
            nodes,
            heap_per_state,
        }
    }

    /// The bytes the arena holds by the budget's count.
    pub fn bytes(&self) -> usize {
        self.nodes
            .capacity()
            .saturating_mul(size_of::<Node<S, M, C>>() + self.heap_per_state)
    }

    /// Makes room for one more node, if the budget allows it when the arena
    /// must grow (the only per-node cost: the comparison a push makes anyway).
    #[inline(always)]
    pub fn room_for_one(&mut self, budget: &mut Budget) -> bool {
        self.nodes.len() < self.nodes.capacity() || self.grow(budget)
    }

    /// Doubles the arena within the budget, and asks for large pages.
    #[cold]
    #[inline(never)]
    fn grow(&mut self, budget: &mut Budget) -> bool {
        let per_node = size_of::<Node<S, M, C>>() + self.heap_per_state;
        let new = (self.nodes.capacity() * 2).max(FIRST_NODES);
        if !budget.grow(self.bytes(), new.saturating_mul(per_node)) {
            return false;
        }
        self.nodes.reserve_exact(new - self.nodes.len());
        crate::table::huge_pages(&self.nodes);
        true
    }

    /// Appends a node; [`Arena::room_for_one`] has made room for it.
    #[inline(always)]
    pub fn push(&mut self, node: Node<S, M, C>) -> u32 {
        let index = u32::try_from(self.nodes.len()).expect("arena index fits in u32");
        self.nodes.push(node);
        index
    }

    /// The states from `index` up to the start, `index` first.
    pub fn ancestors(&self, index: u32) -> Ancestors<'_, S, M, C> {
        Ancestors {
            arena: self,
            next: index,
        }
    }

    /// The path from the start to node `index`.
    pub fn path_to(&self, index: u32) -> Path<S, M, C> {
        let cost = self.nodes[index as usize].g;
        let mut states = Vec::new();
        let mut moves = Vec::new();
        let mut at = index;
        while at != ROOT {
            let node = &self.nodes[at as usize];
            states.push(node.state.clone());
            if let Some(mv) = &node.mv {
                moves.push(mv.clone());
            }
            at = node.parent;
        }
        states.reverse();
        moves.reverse();
        Path {
            states,
            moves,
            cost,
        }
    }
}

pub(crate) struct Ancestors<'a, S, M, C> {
    arena: &'a Arena<S, M, C>,
    next: u32,
}

impl<'a, S, M, C> Iterator for Ancestors<'a, S, M, C> {
    type Item = &'a S;

    fn next(&mut self) -> Option<&'a S> {
        if self.next == ROOT {
            return None;
        }
        let node = &self.arena.nodes[self.next as usize];
        self.next = node.parent;
        Some(&node.state)
    }
}

/// A cycle-check strategy. `K` is what "better" means when a state comes
/// back: the path cost for A*, the depth for depth-limited DFS.
pub(crate) trait Visited<S, K> {
    /// What a refused state is to an observer.
    const REFUSED: Fate;
    /// Records the start state.
    fn start(&mut self, state: &S, key: K);
    /// Whether a newly generated `state` reached with `key` should be kept;
    /// `path` yields the states from its parent back to the start. A
    /// strategy that stores states asks `budget` before its table grows, and
    /// refuses the state when it may not (the budget is then exhausted).
    fn admit<'a>(
        &mut self,
        state: &S,
        key: K,
        path: impl Iterator<Item = &'a S>,
        budget: &mut Budget,
    ) -> bool
    where
        S: 'a;
}

/// [`crate::CycleCheck::None`].
pub(crate) struct NoCheck;

impl<S, K> Visited<S, K> for NoCheck {
    const REFUSED: Fate = Fate::Cycle;

    fn start(&mut self, _: &S, _: K) {}

    fn admit<'a>(&mut self, _: &S, _: K, _: impl Iterator<Item = &'a S>, _: &mut Budget) -> bool
    where
        S: 'a,
    {
        true
    }
}

/// [`crate::CycleCheck::Path`].
pub(crate) struct PathCheck;

impl<S: PartialEq, K> Visited<S, K> for PathCheck {
    const REFUSED: Fate = Fate::Cycle;

    fn start(&mut self, _: &S, _: K) {}

    fn admit<'a>(
        &mut self,
        state: &S,
        _: K,
        mut path: impl Iterator<Item = &'a S>,
        _: &mut Budget,
    ) -> bool
    where
        S: 'a,
    {
        !path.any(|on_path| on_path == state)
    }
}

/// [`crate::CycleCheck::Closed`]: a table of the best key each state was
/// reached with. With `reopen`, a state reached again with a smaller key is
/// admitted again (A*, depth-limited DFS); without, never.
pub(crate) struct Closed<S, K> {
    best: HashMap<S, K>,
    reopen: bool,
}

impl<S, K> Closed<S, K> {
    pub fn new(reopen: bool) -> Self {
        Closed {
            best: HashMap::new(),
            reopen,
        }
    }

    /// Bytes of a hash table with room for `capacity` entries: its buckets
    /// (a power of two, at most 7/8 full) of one entry and one control byte.
    fn bytes(capacity: usize) -> usize {
        let buckets = match capacity {
            0 => 0,
            1..=7 => capacity + 1,
            _ => (capacity / 7 * 8).next_power_of_two(),
        };
        buckets.saturating_mul(size_of::<(S, K)>() + 1)
    }

    /// Doubles the table within the budget.
    #[cold]
    #[inline(never)]
    fn grow(&mut self, budget: &mut Budget) -> bool
    where
        S: Eq + Hash,
    {
        let capacity = self.best.capacity();
        let new = (capacity * 2).max(3);
        if !budget.grow(Self::bytes(capacity), Self::bytes(new)) {
            return false;
        }
        self.best.reserve(new - self.best.len());
        true
    }
}

impl<S: Clone + Eq + Hash, K: Copy + Ord> Visited<S, K> for Closed<S, K> {
    const REFUSED: Fate = Fate::Duplicate;

    fn start(&mut self, state: &S, key: K) {
        self.best.insert(state.clone(), key);
    }

    fn admit<'a>(
        &mut self,
        state: &S,
        key: K,
        _: impl Iterator<Item = &'a S>,
        budget: &mut Budget,
    ) -> bool
    where
        S: 'a,
    {
        match self.best.get_mut(state) {
            None => {
                if self.best.len() == self.best.capacity() && !self.grow(budget) {
                    return false;
                }
                self.best.insert(state.clone(), key);
                true
            }
            Some(best) if self.reopen && key < *best => {
                *best = key;
                true
            }
            Some(_) => false,
        }
    }
}

/// Watches the node, time and memory limits and keeps the counters of a run.
pub(crate) struct Watch {
    pub stats: Stats,
    /// What the run's growing buffers hold, asked before each grows.
    pub budget: Budget,
    /// Whether the depth limit kept a state from being expanded: a run
    /// that then finds nothing has not searched its whole space.
    pub depth_cut: bool,
    /// The number the next node taken in gets, for an observer of a
    /// searcher without an arena (whose index would be the number).
    pub next_id: u64,
    started: Instant,
    deadline: Option<Instant>,
    node_limit: u64,
}

impl Watch {
    pub fn new(config: &Config) -> Self {
        let started = Instant::now();
        Watch {
            stats: Stats {
                iterations: 1,
                ..Stats::default()
            },
            budget: Budget::new(config.memory_limit),
            depth_cut: false,
            next_id: 0,
            started,
            deadline: config.time_limit.map(|limit| started + limit),
            node_limit: config.node_limit.unwrap_or(u64::MAX),
        }
    }

    /// Takes in the start (again, in a searcher that starts over): false,
    /// and the run must end with [`Limit::Node`], when a node limit of 0
    /// leaves no room for it.
    #[inline]
    pub fn start(&mut self) -> bool {
        self.generate_one()
    }

    /// Takes in one successor (a searcher that counts them as they come):
    /// false, and the run must end with [`Limit::Node`], when it would pass
    /// the node limit.
    #[inline(always)]
    pub fn generate_one(&mut self) -> bool {
        if self.stats.generated == self.node_limit {
            return false;
        }
        self.stats.generated += 1;
        true
    }

    /// Takes in `count` successors of one expansion, listed before they are
    /// admitted. When they would take `generated` past the node limit it is
    /// set to the limit (the successors that fit) and the answer is false:
    /// the run must end with [`Limit::Node`], dropping the expansion, which
    /// can no longer be complete. One comparison per expansion.
    #[inline(always)]
    pub fn generate(&mut self, count: u64) -> bool {
        // `generated <= node_limit` always holds, so this cannot wrap.
        let room = self.node_limit - self.stats.generated;
        if count > room {
            self.stats.generated = self.node_limit;
            return false;
        }
        self.stats.generated += count;
        true
    }

    /// How many more states may be generated before the node limit would be
    /// passed: for a searcher that takes successors in one at a time, which
    /// compares its own count with this once per successor.
    #[inline(always)]
    pub fn room(&self) -> u64 {
        self.node_limit - self.stats.generated
    }

    /// Says whether the time limit has been reached; called once per goal
    /// test, after the test, so a goal found on the last allowed step still
    /// counts. (The node limit is watched where states are generated, by
    /// [`Watch::generate`], so that it is never passed.)
    #[inline]
    pub fn exceeded(&self) -> Option<Limit> {
        // The clock is read on the first test and every 1024th after, so a
        // limit of zero stops every searcher at once.
        if self.stats.num_tested & 1023 == 1
            && let Some(deadline) = self.deadline
            && Instant::now() >= deadline
        {
            return Some(Limit::Time);
        }
        None
    }

    /// [`Limit::Memory`] if a buffer was refused its growth: checked once
    /// per expansion, after it.
    #[inline(always)]
    pub fn out_of_memory(&self) -> Option<Limit> {
        self.budget.exhausted().then_some(Limit::Memory)
    }

    /// A number for a node taken in (see [`Watch::next_id`]).
    #[inline]
    pub fn new_id(&mut self) -> u64 {
        self.next_id += 1;
        self.next_id - 1
    }

    #[inline]
    pub fn frontier(&mut self, size: usize) {
        self.stats.max_frontier = self.stats.max_frontier.max(size as u64);
    }

    /// Ends the run. A run the budget refused a state cannot have searched
    /// its space: an `Unsolvable` then says [`Limit::Memory`] (every searcher
    /// ends at the refusal itself; this keeps any path that would not); one
    /// whose depth limit cut a state off says [`Limit::Depth`].
    pub fn finish<S, M, C>(
        mut self,
        mut status: Status,
        path: Option<Path<S, M, C>>,
    ) -> Search<S, M, C> {
        if status == Status::Unsolvable && self.budget.exhausted() {
            status = Status::Limit(Limit::Memory);
        } else if status == Status::Unsolvable && self.depth_cut {
            status = Status::Limit(Limit::Depth);
        }
        self.stats.elapsed = self.started.elapsed();
        Search {
            status,
            path,
            stats: self.stats,
        }
    }
}
