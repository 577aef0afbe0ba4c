//! Depth-first search and iterative deepening. Only the current path and the
//! untried siblings along it are kept, so memory grows with the depth, not
//! with the number of states visited.

use std::hash::Hash;

use crate::config::{Config, CycleCheck};
use crate::engine::{Closed, NoCheck, PathCheck, Visited, Watch};
use crate::frontier::{SearchOf, root};
use crate::memory::Growable;
use crate::observe::{Bound, Fate, Generated, NoObserver, NodeView, Observer, ended};
use crate::outcome::{Limit, Path, Status};
use crate::problem::{Cost, Problem, Successor};

/// One state on the current path and its successors not yet tried (stored
/// reversed, so `pop` gives them in the problem's order).
struct Frame<S, M, C> {
    state: S,
    mv: Option<M>,
    g: C,
    untried: Vec<(M, S, C)>,
}

/// How one depth-first pass ended.
enum Pass<S, M, C> {
    Found(Path<S, M, C>),
    /// Nothing found; `cut_off` tells whether the depth limit hid any state.
    Exhausted {
        cut_off: bool,
    },
    Limit(Limit),
}

/// One depth-first pass from `start`, counting into `watch`. With
/// `depth_limit`, states at that depth are tested but not expanded.
fn pass<P, V, O>(
    problem: &P,
    start: P::State,
    depth_limit: Option<u32>,
    mut visited: V,
    watch: &mut Watch,
    observer: &mut O,
) -> Pass<P::State, P::Move, P::Cost>
where
    P: Problem,
    V: Visited<P::State, u32>,
    O: Observer<P::State, P::Move, P::Cost>,
{
    let mut frames: Vec<Frame<P::State, P::Move, P::Cost>> = Vec::new();
    // The node numbers of the frames and of the state entering, kept for
    // an observer only.
    let mut ids: Vec<u64> = Vec::new();
    let mut entering_id = 0;
    let mut spare: Vec<Vec<Successor<P>>> = Vec::new();
    let mut waiting: usize = 0;
    let mut cut_off = false;
    // The budget counts a listed successor with the heap memory its state
    // owns; the frames' states are counted there, in their parents' lists.
    let per_successor = size_of::<Successor<P>>() + problem.state_heap_bytes();
    // Each pass of iterative deepening generates the start again.
    if !watch.start() {
        return Pass::Limit(Limit::Node);
    }
    if O::ACTIVE {
        entering_id = watch.new_id();
        observer.generated(&Generated {
            id: Some(entering_id),
            ..root(&start)
        });
    }
    visited.start(&start, 0);
    let mut entering = Some((start, None, P::Cost::default()));
    let ending = 'search: loop {
        if let Some((state, mv, g)) = entering.take() {
            watch.stats.num_tested += 1;
            let depth = frames.len() as u32;
            let view = |waiting| NodeView {
                id: entering_id,
                parent: ids.last().copied(),
                depth,
                g,
                h: problem.heuristic(&state),
                state: &state,
                frontier: waiting,
            };
            if problem.is_goal(&state) {
                if O::ACTIVE {
                    observer.goal(&view(waiting));
                    abandon(&frames, &ids, observer);
                }
                return Pass::Found(path_through(frames, state, mv, g));
            }
            if let Some(limit) = watch.exceeded() {
                break 'search Pass::Limit(limit);
            }
            let mut untried = spare.pop().unwrap_or_default();
            if depth_limit.is_some_and(|limit| depth >= limit) {
                if O::ACTIVE {
                    observer.depth_cut(&view(waiting));
                }
                cut_off = true;
            } else {
                if O::ACTIVE {
                    observer.expanded(&view(waiting));
                }
                watch.stats.expanded += 1;
                let before = untried.capacity();
                problem.successors(&state, &mut untried);
                if !watch.generate(untried.len() as u64) {
                    break 'search Pass::Limit(Limit::Node);
                }
                // The problem grew the list itself: counted after the fact,
                // one expansion's worth.
                if untried.capacity() != before {
                    let after = untried.capacity();
                    watch
                        .budget
                        .grew(before * per_successor, after * per_successor);
                    if let Some(limit) = watch.out_of_memory() {
                        break 'search Pass::Limit(limit);
                    }
                }
                untried.reverse();
                waiting += untried.len();
                watch.frontier(waiting);
            }
            if !frames.room_for_one(&mut watch.budget) {
                break 'search Pass::Limit(Limit::Memory);
            }
            if O::ACTIVE {
                ids.push(entering_id);
            }
            frames.push(Frame {
                state,
                mv,
                g,
                untried,
            });
        }
        let Some(top) = frames.last_mut() else {
            break 'search Pass::Exhausted { cut_off };
        };
        match top.untried.pop() {
            None => {
                let frame = frames.pop().expect("the top frame exists");
                if O::ACTIVE {
                    ids.pop();
                }
                if !spare.room_for_one(&mut watch.budget) {
                    break 'search Pass::Limit(Limit::Memory);
                }
                spare.push(frame.untried);
            }
            Some((mv, state, cost)) => {
                waiting -= 1;
                let g = top.g + cost;
                let depth = frames.len() as u32;
                let path = frames.iter().rev().map(|frame| &frame.state);
                let admitted = visited.admit(&state, depth, path, &mut watch.budget);
                if O::ACTIVE {
                    let id = admitted.then(|| watch.new_id());
                    if let Some(id) = id {
                        entering_id = id;
                    }
                    observer.generated(&Generated {
                        id,
                        parent: ids.last().copied(),
                        mv: Some(&mv),
                        depth,
                        g,
                        state: &state,
                        fate: if admitted { Fate::New } else { V::REFUSED },
                    });
                }
                if admitted {
                    entering = Some((state, Some(mv), g));
                } else if let Some(limit) = watch.out_of_memory() {
                    break 'search Pass::Limit(limit);
                }
            }
        }
    };
    // The successors never tried were generated and counted all the same.
    if O::ACTIVE {
        abandon(&frames, &ids, observer);
    }
    ending
}

/// Reports the successors left untried in `frames` (numbered `ids`) when
/// the search ends.
fn abandon<S, M, C, O>(frames: &[Frame<S, M, C>], ids: &[u64], observer: &mut O)
where
    C: Cost,
    O: Observer<S, M, C>,
{
    for (depth, (frame, &parent)) in frames.iter().zip(ids).enumerate() {
        for (mv, state, cost) in frame.untried.iter().rev() {
            observer.generated(&Generated {
                id: None,
                parent: Some(parent),
                mv: Some(mv),
                depth: depth as u32 + 1,
                g: frame.g + *cost,
                state,
                fate: Fate::Untried,
            });
        }
    }
}

fn path_through<S, M, C>(
    frames: Vec<Frame<S, M, C>>,
    last: S,
    mv: Option<M>,
    g: C,
) -> Path<S, M, C> {
    let mut states = Vec::with_capacity(frames.len() + 1);
    let mut moves = Vec::with_capacity(frames.len());
    for frame in frames {
        states.push(frame.state);
        moves.extend(frame.mv);
    }
    states.push(last);
    moves.extend(mv);
    Path {
        states,
        moves,
        cost: g,
    }
}

fn finish<P: Problem>(mut watch: Watch, pass: Pass<P::State, P::Move, P::Cost>) -> SearchOf<P> {
    match pass {
        Pass::Found(path) => watch.finish(Status::Solved, Some(path)),
        Pass::Exhausted { cut_off } => {
            watch.depth_cut = cut_off;
            watch.finish(Status::Unsolvable, None)
        }
        Pass::Limit(limit) => watch.finish(Status::Limit(limit), None),
    }
}

fn dispatch_pass<P, O>(
    problem: &P,
    start: P::State,
    depth_limit: Option<u32>,
    cycle_check: CycleCheck,
    watch: &mut Watch,
    observer: &mut O,
) -> Pass<P::State, P::Move, P::Cost>
where
    P: Problem,
    P::State: Eq + Hash,
    O: Observer<P::State, P::Move, P::Cost>,
{
    // With a depth limit, a state first met deep down must be allowed again
    // when met higher up, or the shallower path would be cut off wrongly.
    let reopen = depth_limit.is_some();
    match cycle_check {
        CycleCheck::None => pass(problem, start, depth_limit, NoCheck, watch, observer),
        CycleCheck::Path => pass(problem, start, depth_limit, PathCheck, watch, observer),
        CycleCheck::Closed => {
            let visited = Closed::new(reopen);
            pass(problem, start, depth_limit, visited, watch, observer)
        }
    }
}

/// Depth-first search, trying successors in the order the problem gives
/// them, with [`Config::depth_limit`] and the cycle check of `config`.
/// Not optimal; complete on finite spaces.
///
/// ```
/// use search_core::{Config, CycleCheck, dfs, from_fn};
///
/// // A ring of 6 states: without a cycle check DFS would run round forever.
/// let ring = from_fn(|&n: &u8| [("cw", (n + 1) % 6, 1), ("ccw", (n + 5) % 6, 1)], |&n: &u8| n == 4);
/// let search = dfs(&ring, 0, &Config::default().cycle_check(CycleCheck::Path));
/// assert_eq!(search.path().map(|path| path.len()), Some(4));
/// ```
pub fn dfs<P>(problem: &P, start: P::State, config: &Config) -> SearchOf<P>
where
    P: Problem,
    P::State: Eq + Hash,
{
    dfs_observed(problem, start, config, &mut NoObserver)
}

/// [`dfs`], telling `observer` what it does.
pub fn dfs_observed<P, O>(
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
    if O::ACTIVE {
        observer.start(&start);
    }
    let mut watch = Watch::new(config);
    let pass = dispatch_pass(
        problem,
        start,
        config.depth_limit,
        config.cycle_check,
        &mut watch,
        observer,
    );
    ended(observer, finish::<P>(watch, pass))
}

/// Depth-first search with no cycle check ([`Config::cycle_check`] is
/// ignored), for tree-shaped spaces such as filling a sudoku cell by cell:
/// states need only `Clone`, and nothing is stored but the current path.
///
/// ```
/// use search_core::{Config, dfs_tree, from_fn};
///
/// // Build a 3-letter word from 'a' and 'b' that reads "bab".
/// let words = from_fn(
///     |word: &String| {
///         let word = word.clone();
///         (word.len() < 3)
///             .then(|| ['a', 'b'].map(|letter| (letter, format!("{word}{letter}"), 1u32)))
///             .into_iter()
///             .flatten()
///     },
///     |word: &String| word == "bab",
/// );
/// let search = dfs_tree(&words, String::new(), &Config::default());
/// assert_eq!(search.path().map(|path| path.moves.clone()), Some(vec!['b', 'a', 'b']));
/// assert_eq!(search.stats.num_tested, 12);
/// ```
pub fn dfs_tree<P: Problem>(problem: &P, start: P::State, config: &Config) -> SearchOf<P> {
    dfs_tree_observed(problem, start, config, &mut NoObserver)
}

/// [`dfs_tree`], telling `observer` what it does.
pub fn dfs_tree_observed<P, O>(
    problem: &P,
    start: P::State,
    config: &Config,
    observer: &mut O,
) -> SearchOf<P>
where
    P: Problem,
    O: Observer<P::State, P::Move, P::Cost>,
{
    if O::ACTIVE {
        observer.start(&start);
    }
    let mut watch = Watch::new(config);
    let pass = pass(
        problem,
        start,
        config.depth_limit,
        NoCheck,
        &mut watch,
        observer,
    );
    ended(observer, finish::<P>(watch, pass))
}

/// Iterative deepening: depth-first passes with depth limit 0, 1, 2, ...
/// until a goal is found, no state was cut off by the limit (the space is
/// exhausted), or [`Config::depth_limit`] is passed. Finds a path with the
/// fewest moves using only depth-first memory. The statistics add up all
/// passes; [`crate::Stats::iterations`] counts them.
pub fn iddfs<P>(problem: &P, start: P::State, config: &Config) -> SearchOf<P>
where
    P: Problem,
    P::State: Eq + Hash,
{
    iddfs_observed(problem, start, config, &mut NoObserver)
}

/// [`iddfs`], telling `observer` what it does.
pub fn iddfs_observed<P, O>(
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
    if O::ACTIVE {
        observer.start(&start);
    }
    let mut watch = Watch::new(config);
    let mut limit = 0;
    // Each pass's memory is freed when it ends.
    let held = watch.budget.held();
    loop {
        watch.stats.iterations = limit + 1;
        watch.budget.release_to(held);
        if O::ACTIVE {
            observer.iteration(limit + 1, Bound::Depth(limit));
        }
        match dispatch_pass(
            problem,
            start.clone(),
            Some(limit),
            config.cycle_check,
            &mut watch,
            observer,
        ) {
            Pass::Exhausted { cut_off: true }
                if config.depth_limit.is_none_or(|max| limit < max) =>
            {
                limit += 1;
            }
            pass => return ended(observer, finish::<P>(watch, pass)),
        }
    }
}
