//! DFS and BFS on the most constrained cell, on search-core, for teaching: a board whose empty
//! cells hold candidate lists, the most constrained cell (first minimum) as
//! the only cell to branch on, `update` removing the placed value from its
//! row, column and box, `failure_test` spotting an empty candidate list and
//! `goal_test` counting placed numbers. DFS and BFS differ only in the
//! searcher.

use std::cell::{Cell, RefCell};

use search_core::{
    Config, NoObserver, Observer, Problem, Status as SearchStatus, bfs_tree_observed,
    dfs_tree_observed,
};

use crate::options::{Algo, End, Found, Limit, Options};
use crate::puzzle::Sudoku;

/// A candidate-list board: placed values, and for each empty cell the set of
/// values still possible (a bitmask standing in for the course formulation's list).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Board {
    side: usize,
    box_size: usize,
    /// 0 for an empty cell, else the placed value.
    values: Vec<u8>,
    /// Candidates of each empty cell, bit `v - 1` for value `v`.
    candidates: Vec<u32>,
    num_nums_placed: usize,
}

/// A move of the search on the most constrained cell: (row, column, value), from 0, 0 and 1.
pub(crate) type Move = (usize, usize, u8);

impl Board {
    /// An empty board with every value possible everywhere, then the givens
    /// placed by `update`.
    fn new(sudoku: &Sudoku) -> Self {
        let side = sudoku.side();
        let mut board = Board {
            side,
            box_size: sudoku.box_size(),
            values: vec![0; side * side],
            candidates: vec![(1u32 << side) - 1; side * side],
            num_nums_placed: 0,
        };
        for (cell, &value) in sudoku.values().iter().enumerate() {
            if value != 0 {
                board.update(cell / side, cell % side, value);
            }
        }
        board
    }

    /// The unplaced cell with the fewest candidates; the first such cell in
    /// reading order on ties.
    pub(crate) fn find_most_constrained_cell(&self) -> Option<(usize, usize)> {
        let mut best: Option<(u32, usize)> = None;
        for (cell, &candidates) in self.candidates.iter().enumerate() {
            if self.values[cell] != 0 {
                continue;
            }
            let count = candidates.count_ones();
            if best.is_none_or(|(fewest, _)| count < fewest) {
                best = Some((count, cell));
            }
        }
        best.map(|(_, cell)| (cell / self.side, cell % self.side))
    }

    /// True when some empty cell has no candidate left: no solution below.
    pub(crate) fn failure_test(&self) -> bool {
        self.values
            .iter()
            .zip(&self.candidates)
            .any(|(&value, &candidates)| value == 0 && candidates == 0)
    }

    /// True when every cell holds a number (placement and `update` are
    /// trusted to keep the board valid, as in the course formulation).
    pub(crate) fn goal_test(&self) -> bool {
        self.num_nums_placed == self.side * self.side
    }

    /// Places `assignment` at (`row`, `column`) and removes it from the
    /// candidates of the cell's row, column and box.
    fn update(&mut self, row: usize, column: usize, assignment: u8) {
        let side = self.side;
        let bit = !(1u32 << (assignment - 1));
        for k in 0..side {
            self.candidates[row * side + k] &= bit;
            self.candidates[k * side + column] &= bit;
        }
        let top = row / self.box_size * self.box_size;
        let left = column / self.box_size * self.box_size;
        for r in top..top + self.box_size {
            for c in left..left + self.box_size {
                self.candidates[r * side + c] &= bit;
            }
        }
        let cell = row * side + column;
        if self.values[cell] == 0 {
            self.num_nums_placed += 1;
        }
        self.values[cell] = assignment;
        self.candidates[cell] = 0;
    }

    /// How many numbers are placed (the givens included).
    #[cfg(feature = "app")] // only the watch module uses it
    pub(crate) fn placed(&self) -> usize {
        self.num_nums_placed
    }

    /// The candidates of the cell at (`row`, `column`), ascending.
    #[cfg(feature = "app")] // only the watch module uses it
    pub(crate) fn candidates_of(&self, row: usize, column: usize) -> Vec<u8> {
        let mask = self.candidates[row * self.side + column];
        (1..=self.side as u8)
            .filter(|&value| mask & (1 << (value - 1)) != 0)
            .collect()
    }

    /// The first empty cell without a candidate, the one `failure_test`
    /// trips on.
    #[cfg(feature = "app")] // only the watch module uses it
    pub(crate) fn first_failed_cell(&self) -> Option<(usize, usize)> {
        (0..self.values.len())
            .find(|&cell| self.values[cell] == 0 && self.candidates[cell] == 0)
            .map(|cell| (cell / self.side, cell % self.side))
    }

    /// The compact form: one symbol a cell, `.` for an empty one.
    #[cfg(feature = "app")] // only the watch module uses it
    pub(crate) fn to_line(&self) -> String {
        self.values
            .iter()
            .map(|&value| crate::puzzle::symbol(value))
            .collect()
    }

    /// The board for a person, one row a line: placed numbers, and the
    /// candidates of each empty cell in braces (`{}` for none), as the
    /// course formulation's lists of remaining possibilities.
    #[cfg(feature = "app")] // only the watch module uses it
    pub(crate) fn to_view(&self) -> String {
        let mut rows = Vec::with_capacity(self.side);
        for row in 0..self.side {
            let cells: Vec<String> = (0..self.side)
                .map(|column| match self.values[row * self.side + column] {
                    0 => {
                        let list: String = self
                            .candidates_of(row, column)
                            .into_iter()
                            .map(crate::puzzle::symbol)
                            .collect();
                        format!("{{{list}}}")
                    }
                    value => crate::puzzle::symbol(value).to_string(),
                })
                .collect();
            rows.push(cells.join(" "));
        }
        rows.join("\n")
    }

    /// The placed numbers only, one row a line (`.` for an empty cell).
    #[cfg(feature = "app")] // only the watch module uses it
    pub(crate) fn rows(&self) -> Vec<String> {
        crate::watch::rows_of(&self.to_line(), self.side)
    }
}

/// The search problem: successors fill the most constrained cell with each of
/// its candidates; a failing board has none. Solutions are counted here so a
/// search can go on past the first one: the goal test only says "stop" when
/// the solution limit is reached.
struct SudokuSearch {
    /// Cells of the grid, for the memory a board owns.
    cells: usize,
    limit: u64,
    found: Cell<u64>,
    first: RefCell<Option<Board>>,
}

impl Problem for SudokuSearch {
    type State = Board;
    type Move = Move;
    type Cost = u32;

    fn successors(&self, board: &Board, out: &mut Vec<(Move, Board, u32)>) {
        if board.failure_test() || board.goal_test() {
            return;
        }
        let Some((row, column)) = board.find_most_constrained_cell() else {
            return;
        };
        let mut candidates = board.candidates[row * board.side + column];
        while candidates != 0 {
            let value = candidates.trailing_zeros() as u8 + 1;
            candidates &= candidates - 1;
            let mut next = board.clone();
            next.update(row, column, value);
            out.push(((row, column, value), next, 1));
        }
    }

    /// The two cell buffers of a board, each with the allocator's
    /// overhead, for BFS's memory limit.
    fn state_heap_bytes(&self) -> usize {
        const ALLOCATION: usize = 16;
        self.cells * (size_of::<u8>() + size_of::<u32>()) + 2 * ALLOCATION
    }

    fn is_goal(&self, board: &Board) -> bool {
        if !board.goal_test() {
            return false;
        }
        let found = self.found.get() + 1;
        self.found.set(found);
        if found == 1 {
            *self.first.borrow_mut() = Some(board.clone());
        }
        found >= self.limit
    }
}

/// Solves with DFS or BFS on the most constrained cell: the first solution, or a count up to
/// the solution limit. Nodes are search-core's boards generated (the start
/// included), which its node limit never passes.
pub(crate) fn solve(sudoku: &Sudoku, options: &Options, algo: Algo) -> Found {
    solve_observed(sudoku, options, algo, &mut NoObserver)
}

/// [`solve`], telling `observer` every board tested and generated.
pub(crate) fn solve_observed<O: Observer<Board, Move, u32>>(
    sudoku: &Sudoku,
    options: &Options,
    algo: Algo,
    observer: &mut O,
) -> Found {
    let problem = SudokuSearch {
        cells: sudoku.values().len(),
        limit: options.limits.count_up_to.max(1),
        found: Cell::new(0),
        first: RefCell::new(None),
    };
    let start = Board::new(sudoku);
    let mut config = Config::default();
    // BFS keeps every board it makes (the path to each is kept), so its
    // frontier limit is a limit on the boards made, search-core's node
    // count; its memory is search-core's to watch. When the frontier limit
    // is the tighter of the two, a node limit reached is the frontier's.
    let (node_limit, frontier_binds) = match algo {
        Algo::Bfs => {
            if let Some(bytes) = options.limits.memory_limit {
                config = config.memory_limit(bytes);
            }
            let frontier = options.frontier_limit as u64;
            match options.limits.node_limit {
                Some(nodes) if nodes <= frontier => (Some(nodes), false),
                _ => (Some(frontier), true),
            }
        }
        _ => (options.limits.node_limit, false),
    };
    if let Some(time) = options.limits.time_limit {
        config = config.time_limit(time);
    }
    if let Some(nodes) = node_limit {
        config = config.node_limit(nodes);
    }
    let search = match algo {
        Algo::Bfs => bfs_tree_observed(&problem, start, &config, observer),
        _ => dfs_tree_observed(&problem, start, &config, observer),
    };
    let end = match search.status {
        SearchStatus::Solved => End::SolutionLimit,
        SearchStatus::Unsolvable => End::Exhausted,
        SearchStatus::Limit(Limit::Node) if frontier_binds => End::Limit(Limit::Frontier),
        SearchStatus::Limit(limit) => End::Limit(limit),
    };
    Found {
        count: problem.found.get(),
        solution: problem
            .first
            .into_inner()
            .map(|board| Sudoku::from_solution(board.side, board.values)),
        nodes: search.stats.generated,
        end,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn most_constrained_cell_is_the_first_minimum() {
        // Solution 1234 / 3412 / 2143 / 4321 with some cells blanked.
        let sudoku = Sudoku::from_line("1.3...122....3.1").unwrap();
        let board = Board::new(&sudoku);
        let (row, column) = board.find_most_constrained_cell().unwrap();
        let count = |r: usize, c: usize| board.candidates[r * 4 + c].count_ones();
        let fewest = (0..16)
            .filter(|&cell| board.values[cell] == 0)
            .map(|cell| count(cell / 4, cell % 4))
            .min()
            .unwrap();
        assert_eq!(count(row, column), fewest);
        let first =
            (0..16).find(|&cell| board.values[cell] == 0 && count(cell / 4, cell % 4) == fewest);
        assert_eq!(first, Some(row * 4 + column));
        assert!(!board.failure_test());
        assert!(!board.goal_test());
        assert_eq!(board.num_nums_placed, 7);
    }

    #[test]
    pub(crate) fn failure_test_spots_an_empty_candidate_list() {
        // Cell (0, 1) sees 1 and 3 in its row, 4 in its box, 2 in its column.
        let sudoku = Sudoku::from_line("1.3..4.......2..").unwrap();
        assert!(Board::new(&sudoku).failure_test());
    }
}
