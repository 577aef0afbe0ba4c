//! The textbook formulation: the sliding puzzle as a search problem for
//! every searcher of `search-core`, a packed-state [`Problem`] (boards up to
//! 4x4 in one `u64`), and the [`Solver`] that runs them on it, IDA* on the
//! in-place engine of [`crate::fast`].

use std::hash::{Hash, Hasher};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use search_core::{
    Algorithm, Bound, Config, CycleCheck, Generated, NoObserver, NodeView, Observer, Problem,
    Scratch, Stats as SearchStats, Status as SearchStatus,
};

use crate::{Limit, Moves, Outcome, Stats, Status};
use thiserror::Error;

use crate::fast::{self, FastState, Tables, board_of};
use crate::heuristic::{Estimator, Heuristic};
use crate::pdb::PatternDatabases;
use crate::puzzle::{Board, Move};

/// Why a board cannot be solved by a [`Solver`] (as opposed to having no
/// solution).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SolverError {
    /// The board and the goal have different sizes.
    #[error("the board is {board}x{board} but the goal is {goal}x{goal}")]
    SizeMismatch {
        /// The board's side.
        board: usize,
        /// The goal's side.
        goal: usize,
    },
    /// The `pdb` heuristic was asked for without pattern databases.
    #[error("the pdb heuristic needs pattern databases for a 4x4 goal")]
    NoPatternDatabases,
}

/// How to search: the searcher, its limits and seed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SolveOptions {
    /// The searcher.
    pub algorithm: Algorithm,
    /// Moves beyond this depth are not explored (the searcher framework's `depth_limit`).
    pub depth_limit: Option<u32>,
    /// Stop before generating more than this many states (the start
    /// included): the `nodes` of [`Stats`], of the command line.
    pub node_limit: Option<u64>,
    /// Stop after this long.
    pub time_limit: Option<Duration>,
    /// Stop before the states held (frontier, closed set, the path) would
    /// take more than this many bytes.
    pub memory_limit: Option<usize>,
    /// Seed of the random searcher.
    pub seed: u64,
    /// The cycle check; `None` picks the searcher's usual one (along the
    /// path for random, as the searcher framework; a closed set for the others). IDA*
    /// always just refuses the move that undoes the previous one.
    pub cycle_check: Option<CycleCheck>,
}

impl SolveOptions {
    /// The searcher with no limits, seed 0 and its usual cycle check.
    pub fn new(algorithm: Algorithm) -> Self {
        SolveOptions {
            algorithm,
            depth_limit: None,
            node_limit: None,
            time_limit: None,
            memory_limit: None,
            seed: 0,
            cycle_check: None,
        }
    }

    fn config(&self) -> Config {
        let usual = match self.algorithm {
            Algorithm::Random => CycleCheck::Path,
            _ => CycleCheck::Closed,
        };
        Config {
            cycle_check: self.cycle_check.unwrap_or(usual),
            depth_limit: self.depth_limit,
            node_limit: self.node_limit,
            time_limit: self.time_limit,
            memory_limit: self.memory_limit,
            seed: self.seed,
        }
    }
}

/// The result of one search by a [`Solver`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Search {
    /// How it ended: solved, unsolvable (the board's parity differs from
    /// the goal's: no search was made), or the limit that stopped it
    /// ([`Limit::Depth`] when every state within the depth limit was
    /// searched without reaching the goal).
    pub status: Status,
    /// The moves from the board to the goal, when solved.
    pub moves: Option<Vec<Move>>,
    /// The searcher's counters (all zero for an unsolvable board).
    pub stats: Stats,
}

impl Search {
    /// The answer for a board whose parity differs from the goal's: no
    /// search, all counters zero, `observer` told only the end.
    pub fn unsolvable<O: Observer<Board, Move, u32>>(observer: &mut O) -> Self {
        if O::ACTIVE {
            observer.end(SearchStatus::Unsolvable, &SearchStats::default());
        }
        Search {
            status: Status::Unsolvable,
            moves: None,
            stats: Stats::default(),
        }
    }

    /// The moves, when solved.
    pub fn moves(&self) -> Option<&[Move]> {
        self.moves.as_deref()
    }

    /// The shared outcome: the status, the moves, the count (1 when
    /// solved; a search returns one path, so never complete) and the
    /// stats.
    pub fn into_outcome(self) -> Outcome {
        Outcome {
            status: self.status,
            count: u64::from(self.moves.is_some()),
            count_complete: self.status == Status::Unsolvable,
            solution: self.moves.map(Moves),
            stats: self.stats,
        }
    }
}

/// Solves boards towards one goal with one heuristic; reusable across
/// boards (the batch mode builds one).
///
/// ```
/// use eight_puzzle::{Board, Heuristic, SearchAlgorithm, Solver, SolveOptions};
///
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// let solver = Solver::new(Board::goal(3), Heuristic::Manhattan, None)?;
/// let board: Board = "142358607".parse()?;
/// let search = solver.solve(&board, &SolveOptions::new(SearchAlgorithm::AStar))?;
/// assert_eq!(search.moves().map(<[_]>::len), Some(5));
/// # Ok(())
/// # }
/// ```
#[derive(Debug)]
pub struct Solver {
    goal: Board,
    estimator: Estimator,
    /// The move tables, shared with the in-place IDA* ([`crate::fast`]).
    tables: Tables,
    /// `plans[cell][previous]`: the same moves with their targets, for the
    /// packed problem. A successor's move and target are then a shift away
    /// from one load, where the bit set needs three dependent look-ups, on
    /// the path from one expansion to the next (3x3 A* 9% faster).
    plans: Box<[[Plan; 5]; 256]>,
    /// A*'s memory, reused from one board to the next: one per thread
    /// solving at the same time (a parallel batch shares the solver), each
    /// taken out while a search runs and put back after it.
    scratches: Mutex<Vec<Scratch<PackedState, Move, u32>>>,
}

impl Solver {
    /// A solver for `goal` guided by `heuristic`; [`Heuristic::Pdb`] needs
    /// `pdb` built for the same goal.
    pub fn new(
        goal: Board,
        heuristic: Heuristic,
        pdb: Option<Arc<PatternDatabases>>,
    ) -> Result<Self, SolverError> {
        if heuristic == Heuristic::Pdb && pdb.as_ref().is_none_or(|pdb| pdb.goal() != &goal) {
            return Err(SolverError::NoPatternDatabases);
        }
        let size = goal.size();
        let estimator = Estimator::new(heuristic, &goal, pdb);
        let tables = Tables::new(size, &estimator);
        let mut plans = Box::new([[Plan(0); 5]; 256]);
        for cell in 0..size * size {
            for (previous, plan) in plans[cell].iter_mut().enumerate() {
                let moves = tables.moves(cell, previous);
                for (lane, mv) in moves.enumerate() {
                    let target = u64::from(tables.targets[cell][mv as usize]);
                    plan.0 |= ((mv as u64 + 1) | (target << 8)) << (16 * lane);
                }
            }
        }
        Ok(Solver {
            goal,
            estimator,
            tables,
            plans,
            scratches: Mutex::default(),
        })
    }

    /// The goal.
    pub fn goal(&self) -> &Board {
        &self.goal
    }

    /// The heuristic.
    pub fn heuristic(&self) -> Heuristic {
        self.estimator.kind
    }

    /// The estimate of the moves left from `board`.
    pub fn estimate(&self, board: &Board) -> u16 {
        self.estimator.evaluate(board.tiles())
    }

    /// Searches from `board` to the goal. An unsolvable board is reported
    /// at once, without searching.
    pub fn solve(&self, board: &Board, options: &SolveOptions) -> Result<Search, SolverError> {
        self.solve_observed(board, options, &mut NoObserver)
    }

    /// [`Solver::solve`], telling `observer` what the search does, each
    /// state shown as a [`Board`] whichever form the solver searches (an
    /// unsolvable board: only the end, with no search made).
    pub fn solve_observed<O: Observer<Board, Move, u32>>(
        &self,
        board: &Board,
        options: &SolveOptions,
        observer: &mut O,
    ) -> Result<Search, SolverError> {
        if board.size() != self.goal.size() {
            return Err(SolverError::SizeMismatch {
                board: board.size(),
                goal: self.goal.size(),
            });
        }
        if !board.can_reach(&self.goal) {
            return Ok(Search::unsolvable(observer));
        }
        let config = options.config();
        let mut observer = Translate {
            observer,
            cells: board.tiles().len(),
        };
        let observer = &mut observer;
        let (status, moves, stats) = if options.algorithm == Algorithm::IdaStar {
            fast::idastar(
                &self.tables,
                &self.estimator,
                &self.goal,
                board,
                &config,
                observer,
            )
        } else if board.tiles().len() <= 16 && options.algorithm == Algorithm::AStar {
            // A* keeps its memory between boards (a batch allocates once
            // per thread).
            let mut scratch = self.scratches().pop().unwrap_or_default();
            let start = self.state(board);
            // The default 3x3 method: its loop is compiled with the running
            // sum as the only estimate (3x3 A* 3% faster).
            let sum = matches!(
                self.estimator.kind,
                Heuristic::Misplaced | Heuristic::Manhattan
            );
            macro_rules! run {
                ($sum:expr) => {
                    search_core::astar_in_observed(
                        &self.packed::<u64, { $sum }>(),
                        start,
                        &config,
                        &mut scratch,
                        observer,
                    )
                };
            }
            let search = if sum { run!(true) } else { run!(false) };
            self.scratches().push(scratch);
            fast::parts(search)
        } else if board.tiles().len() <= 16 {
            fast::parts(options.algorithm.run_observed(
                &self.packed::<u64, false>(),
                self.state(board),
                &config,
                observer,
            ))
        } else {
            fast::parts(options.algorithm.run_observed(
                &self.packed::<Box<[u8]>, false>(),
                self.state(board),
                &config,
                observer,
            ))
        };
        let status = match (status, &moves) {
            (SearchStatus::Solved, Some(_)) => Status::Solved,
            (SearchStatus::Limit(limit), _) => Status::Limit(limit),
            // A solvable board is always reached without a depth limit: an
            // exhausted search can only be one a depth limit cut short.
            _ => Status::Limit(Limit::Depth),
        };
        Ok(Search {
            moves: moves.filter(|_| status == Status::Solved),
            status,
            stats: crate::options::stats_of(stats),
        })
    }

    /// The spare A* memories (a panic while one was held cannot leave the
    /// list in a bad state, so a poisoned lock is taken over).
    fn scratches(&self) -> std::sync::MutexGuard<'_, Vec<Scratch<PackedState, Move, u32>>> {
        self.scratches
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    fn packed<C: Cells, const SUM: bool>(&self) -> Packed<'_, C, SUM> {
        Packed {
            solver: self,
            goal: C::pack(self.goal.tiles()),
        }
    }

    fn state<C: Cells>(&self, board: &Board) -> Tiles<C> {
        Tiles {
            cells: C::pack(board.tiles()),
            blank: board.blank() as u8,
            h: self.estimator.evaluate(board.tiles()),
            came_by: 0,
        }
    }

    /// The packed-state problem over `u64` cells (boards up to 4x4), for
    /// benchmarks and tests that drive `search-core` directly.
    pub fn problem(&self) -> impl Problem<State = PackedState, Move = Move, Cost = u32> + '_ {
        self.packed::<u64, false>()
    }

    /// The start state of [`Solver::problem`] for `board` (up to 4x4).
    pub fn packed_state(&self, board: &Board) -> PackedState {
        self.state(board)
    }
}

/// How a search state stores its cells.
pub(crate) trait Cells: Clone + Eq + Hash {
    /// The heap bytes a state's cells own, for the memory limit.
    const HEAP_BYTES_PER_CELL: usize;
    fn pack(tiles: &[u8]) -> Self;
    fn get(&self, cell: usize) -> u8;
    /// Slides the tile on `from` into the blank on `to`.
    fn slide(&mut self, from: usize, to: usize);
    fn unpack(&self, cells: usize, out: &mut [u8]);
}

/// Up to 16 cells, 4 bits each.
impl Cells for u64 {
    const HEAP_BYTES_PER_CELL: usize = 0;

    fn pack(tiles: &[u8]) -> Self {
        tiles
            .iter()
            .enumerate()
            .map(|(cell, &tile)| u64::from(tile) << (4 * cell))
            .sum()
    }

    #[inline]
    fn get(&self, cell: usize) -> u8 {
        (self >> (4 * cell) & 15) as u8
    }

    #[inline]
    fn slide(&mut self, from: usize, to: usize) {
        let tile = *self >> (4 * from) & 15;
        *self = *self & !(15 << (4 * from)) | tile << (4 * to);
    }

    fn unpack(&self, cells: usize, out: &mut [u8]) {
        for (cell, slot) in out.iter_mut().enumerate().take(cells) {
            *slot = self.get(cell);
        }
    }
}

/// Any size.
impl Cells for Box<[u8]> {
    const HEAP_BYTES_PER_CELL: usize = 1;

    fn pack(tiles: &[u8]) -> Self {
        tiles.into()
    }

    fn get(&self, cell: usize) -> u8 {
        self[cell]
    }

    fn slide(&mut self, from: usize, to: usize) {
        self.swap(from, to);
    }

    fn unpack(&self, cells: usize, out: &mut [u8]) {
        out[..cells].copy_from_slice(&self[..cells]);
    }
}

/// A search state: the cells, the blank's cell and the state's heuristic
/// (kept with it so a successor's estimate is an update, not a recount).
/// Equality and hashing look at the cells only.
#[derive(Debug)]
pub struct Tiles<C> {
    cells: C,
    blank: u8,
    h: u16,
    /// 0 for the start, else 1 + the move that made this state.
    came_by: u8,
}

/// The state of [`Solver::problem`].
pub type PackedState = Tiles<u64>;

impl<C: Clone> Clone for Tiles<C> {
    fn clone(&self) -> Self {
        Tiles {
            cells: self.cells.clone(),
            ..*self
        }
    }

    /// Reuses the cells' memory: the searchers copy each state they expand
    /// this way (a boxed board is then not allocated again).
    fn clone_from(&mut self, source: &Self) {
        self.cells.clone_from(&source.cells);
        self.blank = source.blank;
        self.h = source.h;
        self.came_by = source.came_by;
    }
}

impl<C: PartialEq> PartialEq for Tiles<C> {
    fn eq(&self, other: &Self) -> bool {
        self.cells == other.cells
    }
}

impl<C: Eq> Eq for Tiles<C> {}

impl<C: Hash> Hash for Tiles<C> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.cells.hash(state);
    }
}

/// The problem over states that keep their estimate. With `SUM`, the
/// heuristic is known to be a running sum (misplaced tiles or Manhattan) and
/// the successor loop has no branch on it.
struct Packed<'s, C, const SUM: bool> {
    solver: &'s Solver,
    goal: C,
}

impl<C: Cells, const SUM: bool> Problem for Packed<'_, C, SUM> {
    type State = Tiles<C>;
    type Move = Move;
    type Cost = u32;

    const STREAMS_SUCCESSORS: bool = true;

    #[inline(always)]
    fn successors(&self, state: &Tiles<C>, out: &mut Vec<(Move, Tiles<C>, u32)>) {
        self.for_each_successor(state, &mut Vec::new(), |mv, next, cost| {
            out.push((mv, next, cost));
        });
    }

    /// Makes each successor and hands it over at once (the list is unused).
    #[inline(always)]
    fn for_each_successor<V: FnMut(Move, Tiles<C>, u32)>(
        &self,
        state: &Tiles<C>,
        _: &mut Vec<(Move, Tiles<C>, u32)>,
        mut visit: V,
    ) {
        let estimator = &self.solver.estimator;
        let blank = state.blank as usize;
        // The move undoing the one that made this state only leads back to
        // the parent, which every cycle check refuses anyway: it is left out.
        for (mv, target, came_by) in self.solver.plans[blank][state.came_by as usize] {
            let tile = state.cells.get(target);
            let mut cells = state.cells.clone();
            cells.slide(target, blank);
            let kind = if SUM {
                Heuristic::Manhattan
            } else {
                estimator.kind
            };
            let h = match kind {
                Heuristic::Zero => 0,
                Heuristic::Misplaced | Heuristic::Manhattan => {
                    let costs = &self.solver.tables.tile_costs[tile as usize];
                    state.h + u16::from(costs[blank]) - u16::from(costs[target])
                }
                Heuristic::LinearConflict | Heuristic::Pdb => {
                    let mut unpacked = [0u8; crate::puzzle::MAX_SIZE * crate::puzzle::MAX_SIZE];
                    let count = estimator.size * estimator.size;
                    cells.unpack(count, &mut unpacked);
                    estimator.evaluate(&unpacked[..count])
                }
            };
            visit(
                mv,
                Tiles {
                    cells,
                    blank: target as u8,
                    h,
                    came_by,
                },
                1,
            );
        }
    }

    #[inline]
    fn is_goal(&self, state: &Tiles<C>) -> bool {
        state.cells == self.goal
    }

    fn state_heap_bytes(&self) -> usize {
        let cells = self.solver.goal.tiles().len();
        // A boxed board's allocation is rounded up to the allocator's
        // 16-byte granule.
        (C::HEAP_BYTES_PER_CELL * cells).next_multiple_of(16)
    }

    #[inline]
    fn heuristic(&self, state: &Tiles<C>) -> u32 {
        u32::from(state.h)
    }
}

/// The moves of one expansion with the cell the blank goes to, one 16-bit
/// lane each from the low end (1 + the move's index, then the cell), zero
/// after the last. It lists `(move, target, came_by)`, the last being the
/// successor's `came_by` (1 + the move's index), read from the lane rather
/// than from the move (one look-up less on the way to the next expansion).
#[derive(Clone, Copy, Debug)]
struct Plan(u64);

impl Iterator for Plan {
    type Item = (Move, usize, u8);

    #[inline]
    fn next(&mut self) -> Option<(Move, usize, u8)> {
        if self.0 == 0 {
            return None;
        }
        let (came_by, target) = (self.0 as u8, (self.0 >> 8) as u8);
        self.0 >>= 16;
        let mv = Move::ALL[usize::from(came_by.wrapping_sub(1) & 3)];
        Some((mv, usize::from(target), came_by))
    }
}

/// An observer of boards, seen through the solver's own states: the
/// packed and in-place states shown as [`Board`]s, so a caller's
/// `search_core::Observer<Board, Move, u32>` sees every searcher the same
/// way, whichever state the solver chose for the board's size and
/// algorithm.
struct Translate<'o, O> {
    observer: &'o mut O,
    /// The number of cells of the boards searched.
    cells: usize,
}

/// A state the solver searches, as the board of `cells` cells it stands
/// for (a searched state holds a valid board).
trait AsBoard {
    fn board(&self, cells: usize) -> Board;
}

impl<C: Cells> AsBoard for Tiles<C> {
    fn board(&self, cells: usize) -> Board {
        let mut tiles = vec![0u8; cells];
        self.cells.unpack(cells, &mut tiles);
        board_of(&tiles)
    }
}

impl AsBoard for FastState {
    fn board(&self, cells: usize) -> Board {
        board_of(&self.cells()[..cells])
    }
}

impl<O: Observer<Board, Move, u32>> Translate<'_, O> {
    fn node<C: Copy + Into<u32>>(
        &mut self,
        node: &NodeView<'_, impl AsBoard, C>,
        tell: impl FnOnce(&mut O, &NodeView<'_, Board, u32>),
    ) {
        let board = node.state.board(self.cells);
        let view = NodeView {
            id: node.id,
            parent: node.parent,
            depth: node.depth,
            g: node.g.into(),
            h: node.h.into(),
            state: &board,
            frontier: node.frontier,
        };
        tell(self.observer, &view);
    }
}

impl<S, C, O> Observer<S, Move, C> for Translate<'_, O>
where
    S: AsBoard,
    C: Copy + Into<u32>,
    O: Observer<Board, Move, u32>,
{
    const ACTIVE: bool = O::ACTIVE;

    fn start(&mut self, state: &S) {
        self.observer.start(&state.board(self.cells));
    }

    fn iteration(&mut self, number: u32, bound: Bound<C>) {
        let bound = match bound {
            Bound::Depth(depth) => Bound::Depth(depth),
            Bound::Cost(cost) => Bound::Cost(cost.into()),
        };
        self.observer.iteration(number, bound);
    }

    fn expanded(&mut self, node: &NodeView<'_, S, C>) {
        self.node(node, O::expanded);
    }

    fn generated(&mut self, child: &Generated<'_, S, Move, C>) {
        let board = child.state.board(self.cells);
        self.observer.generated(&Generated {
            id: child.id,
            parent: child.parent,
            mv: child.mv,
            depth: child.depth,
            g: child.g.into(),
            state: &board,
            fate: child.fate,
        });
    }

    fn goal(&mut self, node: &NodeView<'_, S, C>) {
        self.node(node, O::goal);
    }

    fn depth_cut(&mut self, node: &NodeView<'_, S, C>) {
        self.node(node, O::depth_cut);
    }

    fn end(&mut self, status: SearchStatus, stats: &SearchStats) {
        self.observer.end(status, stats);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The plans decode to exactly the moves of the bit sets, in the same
    /// order, with the same targets, for every cell and previous move.
    #[test]
    fn plans_spell_out_the_allowed_moves() {
        for size in 2..=crate::puzzle::MAX_SIZE {
            let solver =
                Solver::new(Board::goal(size), Heuristic::Manhattan, None).expect("no pdb");
            for cell in 0..size * size {
                for previous in 0..5 {
                    let expected: Vec<(Move, usize, u8)> = solver
                        .tables
                        .moves(cell, previous)
                        .map(|mv| {
                            let target = usize::from(solver.tables.targets[cell][mv as usize]);
                            (mv, target, mv as u8 + 1)
                        })
                        .collect();
                    let decoded: Vec<(Move, usize, u8)> = solver.plans[cell][previous].collect();
                    assert_eq!(
                        decoded, expected,
                        "size {size}, cell {cell}, previous {previous}"
                    );
                    assert!(!expected.is_empty(), "every cell has a move left");
                }
            }
        }
    }
}
