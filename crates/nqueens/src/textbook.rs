//! The textbook formulations on search-core, which search where
//! [`crate::count`] and the construction compute: a chessboard of
//! candidate lists, depth-first or breadth-first on the most constrained
//! row. They exist to be read and compared, and are cross-checked against
//! the fast counter (the csp-core model is in `csp.rs`).

use std::cell::{Cell, RefCell};
use std::time::Instant;

use search_core::{
    Config as SearchConfig, Observer as SearchObserver, Problem, bfs_tree_observed,
    dfs_tree_observed,
};

use puzzle_kit::Limits;

use crate::{Algo, Outcome, Placement, Stats};

/// About how many bytes one of the candidate-list boards takes for `n` queens (a
/// column per row, a candidate bitset per row, the vectors' own upkeep).
/// Breadth-first search keeps every board it generates, so this times the
/// boards generated is its memory.
pub fn board_bytes(n: usize) -> u64 {
    (n * size_of::<Option<u32>>() + n * n.div_ceil(64) * 8 + 64) as u64
}

/// The bytes a formulation needs before its search holds anything, which
/// the cores do not count: for csp its domain store (a bitset and its
/// stamps per row, [`board_bytes`] twice over), for dfs and bfs the empty
/// board and the boards of one expansion (up to one per column).
/// 0 for construct and min-conflicts, which hold one placement.
pub fn base_bytes(n: usize, algo: Algo) -> u64 {
    let boards = match algo {
        Algo::Construct | Algo::MinConflicts => return 0,
        Algo::Csp => 2,
        Algo::Dfs | Algo::Bfs => n as u64 + 1,
    };
    board_bytes(n).saturating_mul(boards)
}

/// The candidate-list board: the column of each placed row, the candidate columns
/// of each other row (a bitset of `words` u64 per row), and how many queens
/// are placed.
#[derive(Debug, Clone)]
pub(crate) struct ChessBoard {
    queens: Vec<Option<u32>>,
    candidates: Vec<u64>,
    num_placed: usize,
}

pub(crate) struct Queens {
    n: usize,
    words: usize,
    /// When counting, goals are tallied here and the goal test says "no" so
    /// the search goes on to the next one, until the count reaches
    /// `target`.
    counted: Option<Cell<u64>>,
    target: u64,
    /// When counting, the first placement counted.
    first: RefCell<Option<Vec<u32>>>,
}

impl Queens {
    pub(crate) fn new(n: usize, count_up_to: u64) -> Self {
        Queens {
            n,
            words: n.div_ceil(64),
            counted: (count_up_to > 1).then(|| Cell::new(0)),
            target: count_up_to,
            first: RefCell::new(None),
        }
    }

    fn empty_board(&self) -> ChessBoard {
        let mut candidates = vec![0u64; self.n * self.words];
        for row in 0..self.n {
            for col in 0..self.n {
                candidates[row * self.words + col / 64] |= 1 << (col % 64);
            }
        }
        ChessBoard {
            queens: vec![None; self.n],
            candidates,
            num_placed: 0,
        }
    }

    fn row_candidates<'b>(&self, board: &'b ChessBoard, row: usize) -> &'b [u64] {
        &board.candidates[row * self.words..(row + 1) * self.words]
    }

    fn candidate_count(&self, board: &ChessBoard, row: usize) -> u32 {
        self.row_candidates(board, row)
            .iter()
            .map(|word| word.count_ones())
            .sum()
    }

    /// The course formulation's `find_most_constrained_cell`: the empty row with the fewest
    /// candidates, the first one on a tie.
    pub(crate) fn most_constrained_row(&self, board: &ChessBoard) -> Option<usize> {
        (0..self.n)
            .filter(|&row| board.queens[row].is_none())
            .min_by_key(|&row| self.candidate_count(board, row))
    }

    /// The course formulation's `failure_test`: the first empty row with no
    /// candidate left, if there is one.
    pub(crate) fn failure_test(&self, board: &ChessBoard) -> Option<usize> {
        (0..self.n)
            .find(|&row| board.queens[row].is_none() && self.candidate_count(board, row) == 0)
    }

    /// The course formulation's `update`: place the queen, then strike its column and
    /// diagonals from every other empty row's candidates.
    fn update(&self, board: &mut ChessBoard, row: usize, col: usize) {
        board.queens[row] = Some(col as u32);
        board.num_placed += 1;
        for other in (0..self.n).filter(|&other| board.queens[other].is_none()) {
            let distance = other.abs_diff(row);
            for attacked in [Some(col), col.checked_sub(distance), Some(col + distance)]
                .into_iter()
                .flatten()
            {
                if attacked < self.n {
                    board.candidates[other * self.words + attacked / 64] &= !(1 << (attacked % 64));
                }
            }
        }
    }
}

/// A move of the search on the most constrained row: a queen at (row, column), from 0.
pub(crate) type Move = (usize, usize);

/// What the watch module reads of a board (the `app` feature).
#[cfg(feature = "app")]
impl ChessBoard {
    /// The board's rows (its side).
    pub(crate) fn n(&self) -> usize {
        self.queens.len()
    }

    /// Queens placed.
    pub(crate) fn placed(&self) -> usize {
        self.num_placed
    }

    /// The compact form: each row's queen column from 1, `.` for a row
    /// without a queen yet, separated by spaces.
    pub(crate) fn to_line(&self) -> String {
        let cells: Vec<String> = self
            .queens
            .iter()
            .map(|col| col.map_or_else(|| ".".to_owned(), |col| (col + 1).to_string()))
            .collect();
        cells.join(" ")
    }
}

/// What the watch module reads of the formulation (the `app` feature).
#[cfg(feature = "app")]
impl Queens {
    /// The columns still open in `row`, ascending.
    pub(crate) fn candidates_of(&self, board: &ChessBoard, row: usize) -> Vec<usize> {
        (0..self.n)
            .filter(|&col| board.candidates[row * self.words + col / 64] & (1 << (col % 64)) != 0)
            .collect()
    }

    /// The board for a person, one row a line: `Q` a queen, `.` a square
    /// still open to the row's queen, `x` an attacked square.
    pub(crate) fn view(&self, board: &ChessBoard) -> String {
        let mut rows = Vec::with_capacity(self.n);
        for row in 0..self.n {
            let open = self.candidates_of(board, row);
            let cells: Vec<&str> = (0..self.n)
                .map(|col| match board.queens[row] {
                    Some(queen) if queen as usize == col => "Q",
                    Some(_) => ".",
                    None if open.binary_search(&col).is_ok() => ".",
                    None => "x",
                })
                .collect();
            rows.push(cells.join(" "));
        }
        rows.join("\n")
    }
}

impl Problem for Queens {
    type State = ChessBoard;
    type Move = Move;
    type Cost = u32;

    fn successors(&self, board: &ChessBoard, out: &mut Vec<(Move, ChessBoard, u32)>) {
        if self.failure_test(board).is_some() {
            return;
        }
        let Some(row) = self.most_constrained_row(board) else {
            return;
        };
        for (index, &word) in self.row_candidates(board, row).iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                let col = index * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let mut next = board.clone();
                self.update(&mut next, row, col);
                out.push(((row, col), next, 1));
            }
        }
    }

    /// A board's candidate lists and columns, for search-core's memory
    /// budget (its `size_of` is only the vectors' headers).
    fn state_heap_bytes(&self) -> usize {
        self.n * size_of::<Option<u32>>() + self.n * self.words * size_of::<u64>()
    }

    /// The course formulation's `goal_test`: every queen placed (the updates keep the
    /// placement legal).
    fn is_goal(&self, board: &ChessBoard) -> bool {
        let complete = board.num_placed == self.n;
        match &self.counted {
            Some(counted) if complete => {
                counted.set(counted.get() + 1);
                let mut first = self.first.borrow_mut();
                if first.is_none() {
                    *first = Some(columns(board));
                }
                // The goal ends the search once the count is reached.
                counted.get() >= self.target
            }
            Some(_) => false,
            None => complete,
        }
    }
}

/// A board's columns, once every queen is placed.
fn columns(board: &ChessBoard) -> Vec<u32> {
    board
        .queens
        .iter()
        .map(|col| col.unwrap_or_default())
        .collect()
}

/// Runs dfs or bfs (`algo`) on `n` queens within `limits`, from `start`,
/// telling `search` what the search does: finds one placement
/// (`count_up_to` 1) or counts up to `count_up_to`.
pub(crate) fn run<S>(
    n: usize,
    algo: Algo,
    limits: &Limits,
    start: Instant,
    search: &mut S,
) -> Outcome
where
    S: SearchObserver<ChessBoard, Move, u32>,
{
    let queens = Queens::new(n, limits.count_up_to);
    let config = SearchConfig::default().within(limits);
    let board = queens.empty_board();
    let run = match algo {
        Algo::Bfs => bfs_tree_observed(&queens, board, &config, search),
        _ => dfs_tree_observed(&queens, board, &config, search),
    };
    let mut stats = Stats::new(run.stats.generated, start.elapsed());
    stats.counters.num_tested = Some(run.stats.num_tested);
    let limit = run.status.limit();
    let found = run.path.map(|path| columns(path.goal()));
    // A goal accepted means the count reached its target.
    let exhausted = limit.is_none() && found.is_none();
    let (count, first) = match queens.counted {
        Some(counted) => (counted.get(), queens.first.into_inner()),
        None => (u64::from(found.is_some()), found),
    };
    let first = first.map(Placement::from_solver);
    Outcome::counted(first, count, exhausted, limit, stats)
}
