//! The sliding puzzle as a search problem for every searcher of
//! `search-core`: a packed-state [`Problem`] (boards up to 4x4 in one `u64`)
//! and an in-place problem for IDA* that keeps its heuristic up to date
//! move by move.

use std::hash::{Hash, Hasher};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use search_core::{
    Algorithm, Config, CycleCheck, InPlaceProblem, NoObserver, Observer, Problem, Scratch,
    Stats as SearchStats, Status as SearchStatus,
};

use crate::{Limit, Moves, Outcome, Stats, Status};
use thiserror::Error;

use crate::board::{Board, Move};
use crate::heuristic::{Estimator, Heuristic};
use crate::pdb::{Lookup, PatternDatabases};
use crate::watch::Translate;

/// No cell in that direction.
const OFF_BOARD: u8 = u8::MAX;

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
    /// included): [`Stats::generated`], the `nodes` of the command line.
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
    /// search, all counters zero.
    pub fn unsolvable() -> Self {
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
    /// `targets[cell][move]`: where the blank goes, or [`OFF_BOARD`].
    targets: Box<[[u8; 4]; 256]>,
    /// `tile_costs[tile][cell]`: the tile's misplaced or Manhattan
    /// contribution on that cell.
    tile_costs: Box<[[u8; 256]; 256]>,
    /// `allowed[cell][previous]`: the moves from a blank on `cell` as a
    /// bit set, without the one undoing `previous` (column 0: no previous
    /// move, column 1 + m: previous move m).
    allowed: Box<[[u8; 5]; 256]>,
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
        let mut targets = Box::new([[OFF_BOARD; 4]; 256]);
        let mut allowed = Box::new([[0u8; 5]; 256]);
        for cell in 0..size * size {
            for (index, mv) in Move::ALL.into_iter().enumerate() {
                if let Some(target) = mv.target(cell, size) {
                    targets[cell][index] = target as u8;
                    for (column, slot) in allowed[cell].iter_mut().enumerate() {
                        let undoes = column > 0 && Move::ALL[column - 1].inverse() == mv;
                        if !undoes {
                            *slot |= 1 << index;
                        }
                    }
                }
            }
        }
        let mut plans = Box::new([[Plan(0); 5]; 256]);
        for cell in 0..size * size {
            for (previous, plan) in plans[cell].iter_mut().enumerate() {
                let moves = MoveSet(allowed[cell][previous]);
                for (lane, mv) in moves.enumerate() {
                    let target = u64::from(targets[cell][mv as usize]);
                    plan.0 |= ((mv as u64 + 1) | (target << 8)) << (16 * lane);
                }
            }
        }
        let estimator = Estimator::new(heuristic, &goal, pdb);
        let mut tile_costs = Box::new([[0u8; 256]; 256]);
        for tile in 1..size * size {
            for cell in 0..size * size {
                tile_costs[tile][cell] = estimator.tile_cost(tile as u8, cell) as u8;
            }
        }
        Ok(Solver {
            goal,
            estimator,
            targets,
            tile_costs,
            allowed,
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
            if O::ACTIVE {
                observer.end(SearchStatus::Unsolvable, &SearchStats::default());
            }
            return Ok(Search::unsolvable());
        }
        let config = options.config();
        let mut observer = Translate {
            observer,
            cells: board.tiles().len(),
        };
        let observer = &mut observer;
        let (status, moves, stats) = if options.algorithm == Algorithm::IdaStar {
            self.idastar_in_place(board, &config, observer)
        } else if board.tiles().len() <= 16 && options.algorithm == Algorithm::AStar {
            // A* keeps its memory between boards (a batch allocates once
            // per thread).
            let mut scratch = self.scratches().pop().unwrap_or_default();
            let start = self.state(board);
            // The default 3x3 method: its loop is compiled with the running
            // sum as the only estimate (3x3 A* 3% faster).
            let search = match self.estimator.kind {
                Heuristic::Misplaced | Heuristic::Manhattan => search_core::astar_in_observed(
                    &self.packed::<u64, true>(),
                    start,
                    &config,
                    &mut scratch,
                    observer,
                ),
                _ => search_core::astar_in_observed(
                    &self.packed::<u64, false>(),
                    start,
                    &config,
                    &mut scratch,
                    observer,
                ),
            };
            self.scratches().push(scratch);
            (
                search.status,
                search.path.map(|path| path.moves),
                search.stats,
            )
        } else if board.tiles().len() <= 16 {
            let search = options.algorithm.run_observed(
                &self.packed::<u64, false>(),
                self.state(board),
                &config,
                observer,
            );
            (
                search.status,
                search.path.map(|path| path.moves),
                search.stats,
            )
        } else {
            let search = options.algorithm.run_observed(
                &self.packed::<Box<[u8]>, false>(),
                self.state(board),
                &config,
                observer,
            );
            (
                search.status,
                search.path.map(|path| path.moves),
                search.stats,
            )
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
            stats: stats.into(),
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

    fn in_place_with<const KEEP: u8>(&self) -> InPlace<'_, KEEP> {
        let mut goal = [0u8; 256];
        goal[..self.goal.tiles().len()].copy_from_slice(self.goal.tiles());
        InPlace {
            solver: self,
            pdb: self.estimator.pdb.as_deref(),
            goal,
            cells: self.goal.tiles().len(),
        }
    }

    /// IDA* in place with the heuristic's running parts chosen at compile
    /// time.
    fn idastar_in_place<O: Observer<FastState, Move, u16>>(
        &self,
        board: &Board,
        config: &Config,
        observer: &mut O,
    ) -> (SearchStatus, Option<Vec<Move>>, SearchStats) {
        let start = self.fast_state(board);
        let search = match self.estimator.kind {
            Heuristic::Zero => search_core::idastar_in_place_observed(
                &self.in_place_with::<KEEP_NOTHING>(),
                start,
                config,
                observer,
            ),
            Heuristic::Misplaced | Heuristic::Manhattan => search_core::idastar_in_place_observed(
                &self.in_place_with::<KEEP_SUM>(),
                start,
                config,
                observer,
            ),
            Heuristic::LinearConflict => search_core::idastar_in_place_observed(
                &self.in_place_with::<KEEP_CONFLICTS>(),
                start,
                config,
                observer,
            ),
            Heuristic::Pdb => search_core::idastar_in_place_observed(
                &self.in_place_with::<KEEP_PDB>(),
                start,
                config,
                observer,
            ),
        };
        (
            search.status,
            search.path.map(|path| path.moves),
            search.stats,
        )
    }

    /// The start state of the in-place IDA* problem for `board`.
    fn fast_state(&self, board: &Board) -> FastState {
        let tiles = board.tiles();
        let mut cells = [0u8; 256];
        cells[..tiles.len()].copy_from_slice(tiles);
        let estimator = &self.estimator;
        FastState {
            sum: estimator.tile_sum(tiles),
            conflicts: if estimator.kind == Heuristic::LinearConflict {
                estimator.conflicts(tiles)
            } else {
                0
            },
            lookup: estimator
                .pdb
                .as_ref()
                .map_or_else(Lookup::default, |pdb| pdb.lookup(tiles)),
            blank: board.blank() as u8,
            cells,
        }
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

/// The board of `cells` cells that `state` stands for.
pub(crate) fn tiles_board<C: Cells>(state: &Tiles<C>, cells: usize) -> Board {
    let mut tiles = vec![0u8; cells];
    state.cells.unpack(cells, &mut tiles);
    board_of(&tiles)
}

impl FastState {
    /// The board of `cells` cells this state stands for.
    pub(crate) fn board(&self, cells: usize) -> Board {
        board_of(&self.cells[..cells])
    }
}

/// The board of tiles taken from a state, which holds a valid board.
fn board_of(tiles: &[u8]) -> Board {
    let tiles: Vec<usize> = tiles.iter().map(|&tile| usize::from(tile)).collect();
    Board::from_tiles(&tiles).expect("a searched state is a valid board")
}

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
                    let costs = &self.solver.tile_costs[tile as usize];
                    state.h + u16::from(costs[blank]) - u16::from(costs[target])
                }
                Heuristic::LinearConflict | Heuristic::Pdb => {
                    let mut unpacked = [0u8; crate::board::MAX_SIZE * crate::board::MAX_SIZE];
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

/// The working state of IDA*: the cells (a fixed 256-byte array, so a
/// cell number held in a byte needs no bounds check), the blank, and the
/// heuristic's running parts (the misplaced or Manhattan sum, the linear
/// conflicts, the pattern-database lookup).
#[derive(Clone, Debug)]
pub struct FastState {
    cells: [u8; 256],
    blank: u8,
    sum: u16,
    conflicts: u16,
    lookup: Lookup,
}

/// The moves of one expansion as a bit set (bit i: `Move::ALL[i]`), so
/// listing them allocates nothing.
#[derive(Clone, Copy, Debug)]
struct MoveSet(u8);

impl Iterator for MoveSet {
    type Item = Move;

    #[inline]
    fn next(&mut self) -> Option<Move> {
        if self.0 == 0 {
            return None;
        }
        let index = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Some(Move::ALL[index])
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

/// Which running parts the in-place problem keeps, fixed at compile time so
/// the inner loop has no branch on the heuristic.
const KEEP_NOTHING: u8 = 0;
const KEEP_SUM: u8 = 1;
const KEEP_CONFLICTS: u8 = 2;
const KEEP_PDB: u8 = 3;

struct InPlace<'s, const KEEP: u8> {
    solver: &'s Solver,
    pdb: Option<&'s PatternDatabases>,
    goal: [u8; 256],
    cells: usize,
}

impl<const KEEP: u8> InPlace<'_, KEEP> {
    /// Linear conflicts of the two lines a move changes: the rows for a
    /// vertical move (the tile changes row), the columns for a horizontal one.
    fn lines(&self, cells: &[u8], mv: Move, a: usize, b: usize) -> u16 {
        let estimator = &self.solver.estimator;
        let size = estimator.size;
        match mv {
            Move::Up | Move::Down => {
                estimator.row_conflicts(cells, a / size) + estimator.row_conflicts(cells, b / size)
            }
            Move::Left | Move::Right => {
                estimator.column_conflicts(cells, a % size)
                    + estimator.column_conflicts(cells, b % size)
            }
        }
    }
}

impl<const KEEP: u8> InPlaceProblem for InPlace<'_, KEEP> {
    type State = FastState;
    type Move = Move;
    type Cost = u16;
    type Moves = MoveSet;

    #[inline]
    fn moves(&self, state: &FastState, previous: Option<Move>) -> MoveSet {
        let column = previous.map_or(0, |mv| mv as usize + 1);
        MoveSet(self.solver.allowed[state.blank as usize][column])
    }

    #[inline]
    fn apply(&self, state: &mut FastState, mv: Move) -> u16 {
        let blank = state.blank;
        let target = self.solver.targets[blank as usize][mv as usize];
        let tile = state.cells[target as usize];
        if KEEP == KEEP_SUM || KEEP == KEEP_CONFLICTS {
            let costs = &self.solver.tile_costs[tile as usize];
            state.sum =
                state.sum + u16::from(costs[blank as usize]) - u16::from(costs[target as usize]);
        }
        if KEEP == KEEP_CONFLICTS {
            let (from, to) = (blank as usize, target as usize);
            let before = self.lines(&state.cells[..self.cells], mv, from, to);
            state.cells.swap(from, to);
            let after = self.lines(&state.cells[..self.cells], mv, from, to);
            state.cells.swap(from, to);
            state.conflicts = state.conflicts + after - before;
        }
        if KEEP == KEEP_PDB
            && let Some(pdb) = self.pdb
        {
            pdb.slide(&mut state.lookup, tile, target as usize, blank as usize);
        }
        state.cells[blank as usize] = tile;
        state.cells[target as usize] = 0;
        state.blank = target;
        1
    }

    #[inline]
    fn undo(&self, state: &mut FastState, mv: Move) {
        self.apply(state, mv.inverse());
    }

    #[inline]
    fn heuristic(&self, state: &FastState) -> u16 {
        match KEEP {
            KEEP_SUM => state.sum,
            KEEP_CONFLICTS => state.sum + 2 * state.conflicts,
            KEEP_PDB => PatternDatabases::value(&state.lookup),
            _ => 0,
        }
    }

    #[inline]
    fn is_goal(&self, state: &FastState) -> bool {
        // Every heuristic but zero is 0 exactly at the goal: a cheap reject.
        (KEEP == KEEP_NOTHING || self.heuristic(state) == 0)
            && state.cells[..self.cells] == self.goal[..self.cells]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The plans decode to exactly the moves of the bit sets, in the same
    /// order, with the same targets, for every cell and previous move.
    #[test]
    fn plans_spell_out_the_allowed_moves() {
        for size in 2..=crate::board::MAX_SIZE {
            let solver =
                Solver::new(Board::goal(size), Heuristic::Manhattan, None).expect("no pdb");
            for cell in 0..size * size {
                for previous in 0..5 {
                    let expected: Vec<(Move, usize, u8)> = MoveSet(solver.allowed[cell][previous])
                        .map(|mv| {
                            let target = usize::from(solver.targets[cell][mv as usize]);
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
