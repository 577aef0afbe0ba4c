//! Watching a search as it runs: the [`Observer`] a caller attaches to a
//! searcher (`astar_observed(&problem, start, &config, &mut observer)`),
//! told of every node tested, expanded and generated, and [`NoObserver`],
//! the unit type behind the plain searchers, whose methods do nothing and
//! whose [`Observer::ACTIVE`] is false, so that monomorphisation removes
//! every call and the work done only to fill them in (the heuristic of an
//! expanded node, the frontier's size).

use crate::outcome::{Stats, Status};

/// A node the searcher took up: tested against the goal, then expanded,
/// found to be the goal, or cut off by the depth limit.
#[derive(Debug)]
pub struct NodeView<'a, S, C> {
    /// The node's number in the run: the start is 0, each state taken in
    /// after it gets the next number (a state reopened by A* keeps its
    /// own; each iteration of IDDFS and IDA* numbers its nodes anew after
    /// the last one of the iteration before).
    pub id: u64,
    /// The number of the node it was generated from; `None` for the start.
    pub parent: Option<u64>,
    /// Moves from the start.
    pub depth: u32,
    /// Path cost from the start.
    pub g: C,
    /// The problem's heuristic of the state (whatever the searcher uses).
    pub h: C,
    /// The state.
    pub state: &'a S,
    /// States waiting to be tested when this one was taken up (0 for
    /// [`crate::idastar_in_place`], which keeps no count).
    pub frontier: usize,
}

impl<S, C: crate::Cost> NodeView<'_, S, C> {
    /// `g + h`.
    pub fn f(&self) -> C {
        self.g + self.h
    }
}

/// What became of a generated state.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Fate {
    /// Taken in as a new node (the start included).
    New,
    /// Known already, reached more cheaply: its node takes the new path and
    /// is queued again (A* with a closed set).
    Reopened,
    /// Known already and dropped (closed set).
    Duplicate,
    /// Already on the path leading to it, dropped (path cycle check).
    Cycle,
    /// Its `g + h` passes the IDA* bound: dropped in this iteration.
    OverBound,
    /// Listed by a depth-first searcher (DFS, IDDFS, IDA*) to be tried
    /// later, and never tried: the run ended first. Reported as it ends.
    Untried,
}

impl Fate {
    /// The name used in the events: `new`, `reopened`, `duplicate`,
    /// `cycle`, `over_bound`, `untried`.
    pub fn name(self) -> &'static str {
        match self {
            Fate::New => "new",
            Fate::Reopened => "reopened",
            Fate::Duplicate => "duplicate",
            Fate::Cycle => "cycle",
            Fate::OverBound => "over_bound",
            Fate::Untried => "untried",
        }
    }
}

/// One state generated: counted by [`Stats::generated`], one call each.
#[derive(Debug)]
pub struct Generated<'a, S, M, C> {
    /// Its node number when it was taken in (new or reopened).
    pub id: Option<u64>,
    /// The node it was generated from; `None` for the start.
    pub parent: Option<u64>,
    /// The move that led to it; `None` for the start.
    pub mv: Option<&'a M>,
    /// Moves from the start.
    pub depth: u32,
    /// Path cost from the start.
    pub g: C,
    /// The state.
    pub state: &'a S,
    /// What became of it.
    pub fate: Fate,
}

/// The bound of one iteration of an iterative searcher.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Bound<C> {
    /// IDDFS: states deeper than this many moves are not expanded.
    Depth(u32),
    /// IDA*: states whose `g + h` passes this are not tested.
    Cost(C),
}

/// Told by a searcher what it does, as it does it. Every method does
/// nothing by default; implement those wanted. For one run the calls come
/// in this order: [`Observer::start`]; then, per iteration of IDDFS and
/// IDA*, [`Observer::iteration`]; the start's [`Observer::generated`];
/// then for each node taken up, exactly one of [`Observer::expanded`],
/// [`Observer::goal`] or [`Observer::depth_cut`]; last [`Observer::end`].
/// The successors of an expanded node are reported as they are taken in:
/// at once by the searchers with a frontier (random, BFS, greedy, A*) and
/// IDA* in place, one by one as each is tried by the depth-first ones (DFS,
/// IDDFS, IDA*), which report those never tried as [`Fate::Untried`] when
/// the run ends.
///
/// Counting the calls gives the run's [`Stats`]: `expanded` calls equal
/// [`Stats::expanded`], `generated` calls [`Stats::generated`] (except in a
/// run a node limit ended, whose last expansion is not reported, or the
/// memory budget refused a state), and `expanded + goal + depth_cut` calls
/// [`Stats::num_tested`] (a time limit may stop a run between a test and
/// its expansion).
pub trait Observer<S, M, C> {
    /// Whether the searcher should gather what the calls report. Only
    /// [`NoObserver`] says no, which lets the plain searchers skip that work.
    const ACTIVE: bool = true;

    /// The run begins from `state`.
    fn start(&mut self, state: &S) {
        let _ = state;
    }

    /// Iteration `number` (from 1) of IDDFS or IDA* begins with `bound`.
    fn iteration(&mut self, number: u32, bound: Bound<C>) {
        let _ = (number, bound);
    }

    /// A node was tested, is not a goal, and its successors are generated
    /// next.
    fn expanded(&mut self, node: &NodeView<'_, S, C>) {
        let _ = node;
    }

    /// A state was generated (the start, or a successor of the node last
    /// expanded).
    fn generated(&mut self, child: &Generated<'_, S, M, C>) {
        let _ = child;
    }

    /// A node was tested and is a goal: the run ends solved.
    fn goal(&mut self, node: &NodeView<'_, S, C>) {
        let _ = node;
    }

    /// A node was tested, is not a goal, and lies at the depth limit: it is
    /// not expanded.
    fn depth_cut(&mut self, node: &NodeView<'_, S, C>) {
        let _ = node;
    }

    /// The run ended with `status` (a limit names itself there) and `stats`.
    fn end(&mut self, status: Status, stats: &Stats) {
        let _ = (status, stats);
    }
}

/// The observer of the plain searchers: sees nothing, costs nothing.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoObserver;

impl<S, M, C> Observer<S, M, C> for NoObserver {
    const ACTIVE: bool = false;
}

/// An observer borrowed mutably observes as itself.
impl<S, M, C, O: Observer<S, M, C>> Observer<S, M, C> for &mut O {
    const ACTIVE: bool = O::ACTIVE;

    fn start(&mut self, state: &S) {
        (**self).start(state);
    }

    fn iteration(&mut self, number: u32, bound: Bound<C>) {
        (**self).iteration(number, bound);
    }

    fn expanded(&mut self, node: &NodeView<'_, S, C>) {
        (**self).expanded(node);
    }

    fn generated(&mut self, child: &Generated<'_, S, M, C>) {
        (**self).generated(child);
    }

    fn goal(&mut self, node: &NodeView<'_, S, C>) {
        (**self).goal(node);
    }

    fn depth_cut(&mut self, node: &NodeView<'_, S, C>) {
        (**self).depth_cut(node);
    }

    fn end(&mut self, status: Status, stats: &Stats) {
        (**self).end(status, stats);
    }
}

/// Two observers told the same, the first then the second (the events of
/// a watched run and the tree drawn beside them).
impl<S, M, C: Copy, A: Observer<S, M, C>, B: Observer<S, M, C>> Observer<S, M, C> for (A, B) {
    const ACTIVE: bool = A::ACTIVE || B::ACTIVE;

    fn start(&mut self, state: &S) {
        self.0.start(state);
        self.1.start(state);
    }

    fn iteration(&mut self, number: u32, bound: Bound<C>) {
        self.0.iteration(number, bound);
        self.1.iteration(number, bound);
    }

    fn expanded(&mut self, node: &NodeView<'_, S, C>) {
        self.0.expanded(node);
        self.1.expanded(node);
    }

    fn generated(&mut self, child: &Generated<'_, S, M, C>) {
        self.0.generated(child);
        self.1.generated(child);
    }

    fn goal(&mut self, node: &NodeView<'_, S, C>) {
        self.0.goal(node);
        self.1.goal(node);
    }

    fn depth_cut(&mut self, node: &NodeView<'_, S, C>) {
        self.0.depth_cut(node);
        self.1.depth_cut(node);
    }

    fn end(&mut self, status: Status, stats: &Stats) {
        self.0.end(status, stats);
        self.1.end(status, stats);
    }
}

/// Reports the end of a run and hands the search back.
pub(crate) fn ended<S, M, C, O: Observer<S, M, C>>(
    observer: &mut O,
    search: crate::Search<S, M, C>,
) -> crate::Search<S, M, C> {
    if O::ACTIVE {
        observer.end(search.status, &search.stats);
    }
    search
}
