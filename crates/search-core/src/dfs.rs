//! Depth-first search and iterative deepening. Only the current path and the
//! untried siblings along it are kept, so memory grows with the depth, not
//! with the number of states visited.

use std::hash::Hash;

use crate::config::{Config, CycleCheck};
use crate::engine::{Closed, NoCheck, PathCheck, Visited, Watch};
use crate::frontier::SearchOf;
use crate::memory::Growable;
use crate::outcome::{Limit, Path, Status};
use crate::problem::{Problem, Successor};

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
fn pass<P, V>(
    problem: &P,
    start: P::State,
    depth_limit: Option<u32>,
    mut visited: V,
    watch: &mut Watch,
) -> Pass<P::State, P::Move, P::Cost>
where
    P: Problem,
    V: Visited<P::State, u32>,
{
    let mut frames: Vec<Frame<P::State, P::Move, P::Cost>> = Vec::new();
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
    visited.start(&start, 0);
    let mut entering = Some((start, None, P::Cost::default()));
    loop {
        if let Some((state, mv, g)) = entering.take() {
            watch.stats.num_tested += 1;
            if problem.is_goal(&state) {
                return Pass::Found(path_through(frames, state, mv, g));
            }
            if let Some(limit) = watch.exceeded() {
                return Pass::Limit(limit);
            }
            let depth = frames.len() as u32;
            let mut untried = spare.pop().unwrap_or_default();
            if depth_limit.is_some_and(|limit| depth >= limit) {
                cut_off = true;
            } else {
                watch.stats.expanded += 1;
                let before = untried.capacity();
                problem.successors(&state, &mut untried);
                if !watch.generate(untried.len() as u64) {
                    return Pass::Limit(Limit::Node);
                }
                // The problem grew the list itself: counted after the fact,
                // one expansion's worth.
                if untried.capacity() != before {
                    let after = untried.capacity();
                    watch
                        .budget
                        .grew(before * per_successor, after * per_successor);
                    if let Some(limit) = watch.out_of_memory() {
                        return Pass::Limit(limit);
                    }
                }
                untried.reverse();
                waiting += untried.len();
                watch.frontier(waiting);
            }
            if !frames.room_for_one(&mut watch.budget) {
                return Pass::Limit(Limit::Memory);
            }
            frames.push(Frame {
                state,
                mv,
                g,
                untried,
            });
        }
        let Some(top) = frames.last_mut() else {
            return Pass::Exhausted { cut_off };
        };
        match top.untried.pop() {
            None => {
                let frame = frames.pop().expect("the top frame exists");
                if !spare.room_for_one(&mut watch.budget) {
                    return Pass::Limit(Limit::Memory);
                }
                spare.push(frame.untried);
            }
            Some((mv, state, cost)) => {
                waiting -= 1;
                let g = top.g + cost;
                let depth = frames.len() as u32;
                let path = frames.iter().rev().map(|frame| &frame.state);
                if visited.admit(&state, depth, path, &mut watch.budget) {
                    entering = Some((state, Some(mv), g));
                } else if let Some(limit) = watch.out_of_memory() {
                    return Pass::Limit(limit);
                }
            }
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

fn dispatch_pass<P>(
    problem: &P,
    start: P::State,
    depth_limit: Option<u32>,
    cycle_check: CycleCheck,
    watch: &mut Watch,
) -> Pass<P::State, P::Move, P::Cost>
where
    P: Problem,
    P::State: Eq + Hash,
{
    // With a depth limit, a state first met deep down must be allowed again
    // when met higher up, or the shallower path would be cut off wrongly.
    let reopen = depth_limit.is_some();
    match cycle_check {
        CycleCheck::None => pass(problem, start, depth_limit, NoCheck, watch),
        CycleCheck::Path => pass(problem, start, depth_limit, PathCheck, watch),
        CycleCheck::Closed => pass(problem, start, depth_limit, Closed::new(reopen), watch),
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
    let mut watch = Watch::new(config);
    let pass = dispatch_pass(
        problem,
        start,
        config.depth_limit,
        config.cycle_check,
        &mut watch,
    );
    finish::<P>(watch, pass)
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
    let mut watch = Watch::new(config);
    let pass = pass(problem, start, config.depth_limit, NoCheck, &mut watch);
    finish::<P>(watch, pass)
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
    let mut watch = Watch::new(config);
    let mut limit = 0;
    // Each pass's memory is freed when it ends.
    let held = watch.budget.held();
    loop {
        watch.stats.iterations = limit + 1;
        watch.budget.release_to(held);
        match dispatch_pass(
            problem,
            start.clone(),
            Some(limit),
            config.cycle_check,
            &mut watch,
        ) {
            Pass::Exhausted { cut_off: true }
                if config.depth_limit.is_none_or(|max| limit < max) =>
            {
                limit += 1;
            }
            pass => return finish::<P>(watch, pass),
        }
    }
}
