//! What a search needs to know about a problem: the [`Problem`] trait, the
//! [`Cost`] bound on step costs, and [`from_fn`], which builds a problem from
//! closures in the style of the `pathfinding` crate.

use std::fmt::Debug;
use std::marker::PhantomData;
use std::ops::Add;

/// A step or path cost: an ordered number whose `Default` is zero.
/// Implemented for the primitive integers; another type joins with
/// `impl Cost for MyCost {}`.
pub trait Cost: Copy + Ord + Add<Output = Self> + Default + Debug {
    /// This cost as a small array index, if it is one. Integer costs say
    /// yes, which lets A* and greedy search keep their frontier in buckets
    /// indexed by priority (constant time) instead of a binary heap.
    fn as_index(self) -> Option<usize> {
        None
    }
}

macro_rules! integer_costs {
    ($($integer:ty),*) => {
        $(
            impl Cost for $integer {
                #[inline]
                fn as_index(self) -> Option<usize> {
                    usize::try_from(self).ok()
                }
            }
        )*
    };
}

integer_costs!(
    u8, u16, u32, u64, u128, usize, i8, i16, i32, i64, i128, isize
);

/// A state-space search problem.
///
/// The searchers only ever clone states; whether a state must also be
/// `Eq + Hash` depends on the cycle check chosen (see [`crate::CycleCheck`]):
/// [`crate::dfs_tree`] and [`crate::bfs_tree`] need nothing more than `Clone`.
///
/// A *failure test* (a state that cannot lead to a goal, such as a sudoku
/// cell left with no candidate) is expressed by giving that state no
/// successors: it is tested once and then dropped.
pub trait Problem {
    /// A state of the search space.
    type State: Clone;
    /// The label of the move leading from one state to the next.
    type Move: Clone;
    /// The cost of a move; a path's cost is the sum of its moves' costs.
    type Cost: Cost;

    /// Appends every successor of `state` to `out` as `(move, next state,
    /// step cost)`, in the order the searchers should try them. `out` is
    /// empty on entry and is reused between calls, so no allocation is
    /// needed per expansion.
    fn successors(&self, state: &Self::State, out: &mut Vec<(Self::Move, Self::State, Self::Cost)>);

    /// Whether the searchers should call [`Problem::for_each_successor`]
    /// rather than [`Problem::successors`] where they can: set it when
    /// overriding that method. (They then copy the expanded state with
    /// `clone_from` first, which a default implementation would not need.)
    const STREAMS_SUCCESSORS: bool = false;

    /// Calls `visit` with each successor of `state`: exactly those
    /// [`Problem::successors`] lists, in the same order. By default it lists
    /// them with `successors` in `buffer` (empty on entry, reused between
    /// calls) and hands them over, leaving `buffer` empty. A problem that
    /// makes its successors one at a time can hand each over as it is made
    /// instead, with no list in between, and set
    /// [`Problem::STREAMS_SUCCESSORS`]: the searchers with a closed set (BFS,
    /// A*, greedy, random with [`crate::CycleCheck::Closed`]) then call this
    /// while their table fits in the caches, and spend less per successor.
    #[inline]
    fn for_each_successor<V>(
        &self,
        state: &Self::State,
        buffer: &mut Vec<Successor<Self>>,
        mut visit: V,
    ) where
        V: FnMut(Self::Move, Self::State, Self::Cost),
        Self: Sized,
    {
        self.successors(state, buffer);
        for (mv, next, cost) in buffer.drain(..) {
            visit(mv, next, cost);
        }
    }

    /// Whether `state` is a goal (each call counts as one state tested).
    fn is_goal(&self, state: &Self::State) -> bool;

    /// About how many bytes of heap memory one state owns besides its
    /// `size_of` (the candidate lists of a board held in `Vec`s), for
    /// [`crate::Config::memory_limit`]: each node of the arena is counted
    /// as `size_of` its node plus this. Asked once per run; 0 by default,
    /// right for states that own no heap memory.
    fn state_heap_bytes(&self) -> usize {
        0
    }

    /// An estimate of the remaining cost from `state` to the nearest goal.
    /// A* and IDA* return optimal paths when it never overestimates; the
    /// default, zero, turns A* into Dijkstra's algorithm.
    fn heuristic(&self, state: &Self::State) -> Self::Cost {
        let _ = state;
        Self::Cost::default()
    }
}

/// One successor of a state of problem `P`: `(move, next state, step cost)`.
pub type Successor<P> = (
    <P as Problem>::Move,
    <P as Problem>::State,
    <P as Problem>::Cost,
);

/// The heuristic of a [`from_fn`] problem until one is given: zero.
pub type ZeroHeuristic<S, C> = fn(&S) -> C;

type Signature<S, M, C> = PhantomData<fn(&S) -> (M, C)>;

/// A [`Problem`] made of closures; built by [`from_fn`].
pub struct FromFn<S, M, C, FS, FG, FH> {
    successors: FS,
    is_goal: FG,
    heuristic: FH,
    types: Signature<S, M, C>,
}

impl<S, M, C, FS, FG, FH> Debug for FromFn<S, M, C, FS, FG, FH> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("FromFn").finish_non_exhaustive()
    }
}

/// Builds a [`Problem`] from a successor closure and a goal test, the
/// closure style of the `pathfinding` crate. The successor closure returns
/// `(move, next state, step cost)` triples; add an estimate with
/// [`FromFn::with_heuristic`].
///
/// ```
/// use search_core::{Config, astar, from_fn};
///
/// // Walk along the integers; +1 costs 1, *2 costs 1; from 1 reach 10.
/// let problem = from_fn(
///     |&n: &u32| [("+1", n + 1, 1u32), ("*2", n * 2, 1)],
///     |&n: &u32| n == 10,
/// );
/// let search = astar(&problem, 1, &Config::default());
/// let path = search.path().expect("10 is reachable");
/// assert_eq!(path.cost, 4);
/// assert_eq!(path.states, [1, 2, 4, 5, 10]);
/// ```
pub fn from_fn<S, M, C, I, FS, FG>(
    successors: FS,
    is_goal: FG,
) -> FromFn<S, M, C, FS, FG, ZeroHeuristic<S, C>>
where
    S: Clone,
    M: Clone,
    C: Cost,
    I: IntoIterator<Item = (M, S, C)>,
    FS: Fn(&S) -> I,
    FG: Fn(&S) -> bool,
{
    FromFn {
        successors,
        is_goal,
        heuristic: zero_heuristic::<S, C>,
        types: PhantomData,
    }
}

fn zero_heuristic<S, C: Default>(_: &S) -> C {
    C::default()
}

impl<S, M, C, FS, FG, FH> FromFn<S, M, C, FS, FG, FH> {
    /// The same problem with `heuristic` as its remaining-cost estimate.
    pub fn with_heuristic<FH2: Fn(&S) -> C>(self, heuristic: FH2) -> FromFn<S, M, C, FS, FG, FH2> {
        FromFn {
            successors: self.successors,
            is_goal: self.is_goal,
            heuristic,
            types: PhantomData,
        }
    }
}

impl<S, M, C, I, FS, FG, FH> Problem for FromFn<S, M, C, FS, FG, FH>
where
    S: Clone,
    M: Clone,
    C: Cost,
    I: IntoIterator<Item = (M, S, C)>,
    FS: Fn(&S) -> I,
    FG: Fn(&S) -> bool,
    FH: Fn(&S) -> C,
{
    type State = S;
    type Move = M;
    type Cost = C;

    fn successors(&self, state: &S, out: &mut Vec<(M, S, C)>) {
        out.extend((self.successors)(state));
    }

    fn is_goal(&self, state: &S) -> bool {
        (self.is_goal)(state)
    }

    fn heuristic(&self, state: &S) -> C {
        (self.heuristic)(state)
    }
}

/// A problem whose state is changed in place by applying and undoing moves,
/// for [`crate::idastar_in_place`]: no state is cloned or stored during the
/// search, and the state may carry an incrementally updated heuristic.
///
/// `undo(apply(s, m))` must restore `s` exactly.
pub trait InPlaceProblem {
    /// The working state, changed in place.
    type State: Clone;
    /// A move; small and `Copy` (a direction, an index).
    type Move: Copy;
    /// The cost of a move.
    type Cost: Cost;

    /// The moves legal in `state`, in the order to try them, as an owned
    /// iterator (it must not borrow `state`, which the search changes while
    /// iterating): a small array's `into_iter()`, a bit set, a `Vec`.
    type Moves: Iterator<Item = Self::Move>;

    /// The moves legal in `state`. `previous` is the move that led to
    /// `state`, so a problem can leave out the move that merely undoes it.
    fn moves(&self, state: &Self::State, previous: Option<Self::Move>) -> Self::Moves;

    /// Applies `mv` to `state` and returns its cost.
    fn apply(&self, state: &mut Self::State, mv: Self::Move) -> Self::Cost;

    /// Reverts `mv`, the last move applied to `state`.
    fn undo(&self, state: &mut Self::State, mv: Self::Move);

    /// An admissible estimate of the remaining cost (usually read from the
    /// state, where `apply` keeps it up to date).
    fn heuristic(&self, state: &Self::State) -> Self::Cost;

    /// Whether `state` is a goal.
    fn is_goal(&self, state: &Self::State) -> bool;
}
