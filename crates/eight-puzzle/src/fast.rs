//! The dedicated fast engine: IDA* in place, on one working state that
//! each move changes and each undo restores, keeping the heuristic's running
//! parts (the misplaced or Manhattan sum, the linear conflicts, the
//! pattern-database lookup) up to date move by move, with the move tables
//! it shares with the packed-state problem ([`Tables`]).

use search_core::{
    Config, InPlaceProblem, Observer, Search, Stats as SearchStats, Status as SearchStatus,
};

use crate::heuristic::{Estimator, Heuristic};
use crate::pdb::{Lookup, PatternDatabases};
use crate::puzzle::{Board, Move};

/// No cell in that direction.
const OFF_BOARD: u8 = u8::MAX;

/// The move tables of one board size and heuristic, built once per solver.
#[derive(Debug)]
pub(crate) struct Tables {
    /// `targets[cell][move]`: where the blank goes, or [`OFF_BOARD`].
    pub(crate) targets: Box<[[u8; 4]; 256]>,
    /// `tile_costs[tile][cell]`: the tile's misplaced or Manhattan
    /// contribution on that cell.
    pub(crate) tile_costs: Box<[[u8; 256]; 256]>,
    /// `allowed[cell][previous]`: the moves from a blank on `cell` as a
    /// bit set, without the one undoing `previous` (column 0: no previous
    /// move, column 1 + m: previous move m).
    pub(crate) allowed: Box<[[u8; 5]; 256]>,
}

impl Tables {
    /// The tables of boards of side `size` under `estimator`.
    pub(crate) fn new(size: usize, estimator: &Estimator) -> Self {
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
        let mut tile_costs = Box::new([[0u8; 256]; 256]);
        for tile in 1..size * size {
            for cell in 0..size * size {
                tile_costs[tile][cell] = estimator.tile_cost(tile as u8, cell) as u8;
            }
        }
        Tables {
            targets,
            tile_costs,
            allowed,
        }
    }

    /// The moves from a blank on `cell` after the move of column
    /// `previous` of [`Tables::allowed`].
    pub(crate) fn moves(&self, cell: usize, previous: usize) -> MoveSet {
        MoveSet(self.allowed[cell][previous])
    }
}

/// IDA* in place from `board` to `goal`, with the heuristic's running
/// parts chosen at compile time.
pub(crate) fn idastar<O: Observer<FastState, Move, u16>>(
    tables: &Tables,
    estimator: &Estimator,
    goal: &Board,
    board: &Board,
    config: &Config,
    observer: &mut O,
) -> (SearchStatus, Option<Vec<Move>>, SearchStats) {
    let start = fast_state(estimator, board);
    macro_rules! run {
        ($keep:expr) => {
            search_core::idastar_in_place_observed(
                &in_place_with::<{ $keep }>(tables, estimator, goal),
                start,
                config,
                observer,
            )
        };
    }
    parts(match estimator.kind {
        Heuristic::Zero => run!(KEEP_NOTHING),
        Heuristic::Misplaced | Heuristic::Manhattan => run!(KEEP_SUM),
        Heuristic::LinearConflict => run!(KEEP_CONFLICTS),
        Heuristic::Pdb => run!(KEEP_PDB),
    })
}

/// The status, the moves and the counters of a search, whatever its states.
pub(crate) fn parts<S, C>(
    search: Search<S, Move, C>,
) -> (SearchStatus, Option<Vec<Move>>, SearchStats) {
    (
        search.status,
        search.path.map(|path| path.moves),
        search.stats,
    )
}

fn in_place_with<'s, const KEEP: u8>(
    tables: &'s Tables,
    estimator: &'s Estimator,
    goal: &Board,
) -> InPlace<'s, KEEP> {
    let mut cells = [0u8; 256];
    cells[..goal.tiles().len()].copy_from_slice(goal.tiles());
    InPlace {
        tables,
        estimator,
        pdb: estimator.pdb.as_deref(),
        goal: cells,
        cells: goal.tiles().len(),
    }
}

/// The start state of the in-place IDA* problem for `board`.
fn fast_state(estimator: &Estimator, board: &Board) -> FastState {
    let tiles = board.tiles();
    let mut cells = [0u8; 256];
    cells[..tiles.len()].copy_from_slice(tiles);
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

impl FastState {
    /// The cells, the first of them the board's.
    pub(crate) fn cells(&self) -> &[u8] {
        &self.cells
    }
}

/// The board of tiles taken from a state, which holds a valid board.
pub(crate) fn board_of(tiles: &[u8]) -> Board {
    let tiles: Vec<usize> = tiles.iter().map(|&tile| usize::from(tile)).collect();
    Board::from_tiles(&tiles).expect("a searched state is a valid board")
}

/// The moves of one expansion as a bit set (bit i: `Move::ALL[i]`), so
/// listing them allocates nothing.
#[derive(Clone, Copy, Debug)]
pub(crate) struct MoveSet(u8);

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

/// Which running parts the in-place problem keeps, fixed at compile time so
/// the inner loop has no branch on the heuristic.
const KEEP_NOTHING: u8 = 0;
const KEEP_SUM: u8 = 1;
const KEEP_CONFLICTS: u8 = 2;
const KEEP_PDB: u8 = 3;

struct InPlace<'s, const KEEP: u8> {
    tables: &'s Tables,
    estimator: &'s Estimator,
    pdb: Option<&'s PatternDatabases>,
    goal: [u8; 256],
    cells: usize,
}

impl<const KEEP: u8> InPlace<'_, KEEP> {
    /// Linear conflicts of the two lines a move changes: the rows for a
    /// vertical move (the tile changes row), the columns for a horizontal one.
    fn lines(&self, cells: &[u8], mv: Move, a: usize, b: usize) -> u16 {
        let estimator = self.estimator;
        let size = estimator.size;
        let row = matches!(mv, Move::Up | Move::Down);
        let line = |cell: usize| if row { cell / size } else { cell % size };
        estimator.line_conflicts(cells, line(a), row)
            + estimator.line_conflicts(cells, line(b), row)
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
        MoveSet(self.tables.allowed[state.blank as usize][column])
    }

    #[inline]
    fn apply(&self, state: &mut FastState, mv: Move) -> u16 {
        let blank = state.blank;
        let target = self.tables.targets[blank as usize][mv as usize];
        let tile = state.cells[target as usize];
        if KEEP == KEEP_SUM || KEEP == KEEP_CONFLICTS {
            let costs = &self.tables.tile_costs[tile as usize];
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
