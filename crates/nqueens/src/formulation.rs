//! The textbook formulations, which search where [`crate::count`] and the
//! construction compute: seed 004's chessboard of candidate lists on
//! search-core (depth-first or breadth-first on the most constrained row),
//! and a constraint model on csp-core. They exist to be read and compared,
//! and are cross-checked against the fast counter.

use std::cell::Cell;
use std::time::Instant;

use csp_core::{
    Config as CspConfig, CountStatus, Inference, Model, Solver, Status as CspStatus, VarOrder,
};
use search_core::{Config as SearchConfig, Problem, Status as SearchStatus, bfs_tree, dfs_tree};

use crate::Stats;

/// A formulation that finds placements by search.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Formulation {
    /// One variable per row holding its column, on csp-core: all-different
    /// on `q[r]`, `q[r] + r` and `q[r] - r`, maintained arc consistency,
    /// smallest domain first.
    Csp,
    /// Seed 004's extension on search-core: a board whose empty rows hold
    /// their candidate columns; assign the most constrained row, remove the
    /// attacked squares from the other rows, fail when a row has none left;
    /// depth first.
    Dfs,
    /// The same board, breadth first (the whole frontier is kept, so give it
    /// a node limit).
    Bfs,
}

impl Formulation {
    /// The name used on the command line and in JSON.
    pub fn name(self) -> &'static str {
        match self {
            Formulation::Csp => "csp",
            Formulation::Dfs => "dfs",
            Formulation::Bfs => "bfs",
        }
    }
}

/// How a formulation's search ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SearchResult {
    /// The search ran to its end: for a solve, whether a placement was found
    /// (`Some(columns)`) or proved impossible (`None`); for a count, all of
    /// them were counted.
    Complete(Option<Vec<u32>>),
    /// The node limit stopped the search first.
    LimitReached,
}

/// About how many bytes one of seed 004's boards takes for `n` queens (a
/// column per row, a candidate bitset per row, the vectors' own upkeep).
/// Breadth-first search keeps every board it generates, so this times the
/// node limit is its memory.
pub fn board_bytes(n: usize) -> u64 {
    (n * size_of::<Option<u32>>() + n * n.div_ceil(64) * 8 + 64) as u64
}

/// The node limit breadth-first search gets when none is given: 1,000,000
/// boards, or fewer when that many would take more than 1 GiB (N = 200
/// boards take about 8 KB: 130,000 of them).
pub fn bfs_default_node_limit(n: usize) -> u64 {
    (1u64 << 30).div_euclid(board_bytes(n)).clamp(1, 1_000_000)
}

/// Seed 004's board: the column of each placed row, the candidate columns
/// of each other row (a bitset of `words` u64 per row), and how many queens
/// are placed.
#[derive(Debug, Clone)]
struct ChessBoard {
    queens: Vec<Option<u32>>,
    candidates: Vec<u64>,
    num_placed: usize,
}

struct Queens {
    n: usize,
    words: usize,
    /// When counting, goals are tallied here and the goal test says "no" so
    /// the search goes on to the next one.
    counted: Option<Cell<u64>>,
}

impl Queens {
    fn new(n: usize, counting: bool) -> Self {
        Queens {
            n,
            words: n.div_ceil(64),
            counted: counting.then(|| Cell::new(0)),
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

    /// The seed's `find_most_constrained_cell`: the empty row with the fewest
    /// candidates, the first one on a tie.
    fn most_constrained_row(&self, board: &ChessBoard) -> Option<usize> {
        (0..self.n)
            .filter(|&row| board.queens[row].is_none())
            .min_by_key(|&row| self.candidate_count(board, row))
    }

    /// The seed's `failure_test`: some empty row has no candidate left.
    fn failure_test(&self, board: &ChessBoard) -> bool {
        (0..self.n).any(|row| board.queens[row].is_none() && self.candidate_count(board, row) == 0)
    }

    /// The seed's `update`: place the queen, then strike its column and
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

impl Problem for Queens {
    type State = ChessBoard;
    type Move = (usize, usize);
    type Cost = u32;

    fn successors(&self, board: &ChessBoard, out: &mut Vec<((usize, usize), ChessBoard, u32)>) {
        if self.failure_test(board) {
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

    /// The seed's `goal_test`: every queen placed (the updates keep the
    /// placement legal).
    fn is_goal(&self, board: &ChessBoard) -> bool {
        let complete = board.num_placed == self.n;
        match &self.counted {
            Some(counted) => {
                counted.set(counted.get() + u64::from(complete));
                false
            }
            None => complete,
        }
    }
}

fn search(
    n: usize,
    formulation: Formulation,
    counting: bool,
    node_limit: Option<u64>,
) -> (SearchResult, u64, Stats) {
    let start = Instant::now();
    if formulation == Formulation::Csp {
        return csp(n, counting, node_limit, start);
    }
    let queens = Queens::new(n, counting);
    let mut config = SearchConfig::default();
    if let Some(limit) = node_limit {
        config = config.node_limit(limit);
    }
    let board = queens.empty_board();
    let run = match formulation {
        Formulation::Bfs => bfs_tree(&queens, board, &config),
        _ => dfs_tree(&queens, board, &config),
    };
    let stats = Stats {
        nodes: run.stats.num_tested,
        elapsed: start.elapsed(),
    };
    let count = queens
        .counted
        .as_ref()
        .map_or(u64::from(run.path.is_some()), Cell::get);
    let result = match run.status {
        SearchStatus::LimitReached(_) => SearchResult::LimitReached,
        _ => SearchResult::Complete(run.path.map(|path| {
            path.goal()
                .queens
                .iter()
                .map(|col| col.expect("a goal has every queen"))
                .collect()
        })),
    };
    (result, count, stats)
}

fn csp(
    n: usize,
    counting: bool,
    node_limit: Option<u64>,
    start: Instant,
) -> (SearchResult, u64, Stats) {
    let mut model = Model::new();
    let rows = model.new_vars(n, 0..n as i32);
    let shifted = |sign: i32| -> Vec<_> {
        rows.iter()
            .enumerate()
            .map(|(r, &q)| (q, sign * r as i32))
            .collect()
    };
    model.all_different(&rows);
    model.all_different_offset(&shifted(1));
    model.all_different_offset(&shifted(-1));
    // Counting explores every branch, where forward checking's cheaper nodes
    // win; a single solution is found fastest with full propagation.
    let inference = if counting {
        Inference::ForwardChecking
    } else {
        Inference::Mac
    };
    let mut config = CspConfig::default()
        .inference(inference)
        .var_order(VarOrder::Mrv);
    if let Some(limit) = node_limit {
        config = config.node_limit(limit);
    }
    let mut solver = Solver::new(model, config);
    if counting {
        let count = solver.count(u64::MAX);
        let stats = Stats {
            nodes: count.stats.nodes,
            elapsed: start.elapsed(),
        };
        let result = match count.status {
            CountStatus::LimitReached => SearchResult::LimitReached,
            _ => SearchResult::Complete(None),
        };
        return (result, count.count, stats);
    }
    let outcome = solver.solve();
    let stats = Stats {
        nodes: outcome.stats.nodes,
        elapsed: start.elapsed(),
    };
    let result = match outcome.status {
        CspStatus::LimitReached => SearchResult::LimitReached,
        _ => SearchResult::Complete(
            outcome
                .solution
                .map(|solution| solution.values().iter().map(|&col| col as u32).collect()),
        ),
    };
    let found = u64::from(matches!(result, SearchResult::Complete(Some(_))));
    (result, found, stats)
}

/// Finds one placement of `n` queens with `formulation`.
pub fn solve_by(
    n: usize,
    formulation: Formulation,
    node_limit: Option<u64>,
) -> (SearchResult, Stats) {
    let (result, _, stats) = search(n, formulation, false, node_limit);
    (result, stats)
}

/// Counts every placement of `n` queens with `formulation`: the answer is
/// exact when the result is [`SearchResult::Complete`].
pub fn count_by(
    n: usize,
    formulation: Formulation,
    node_limit: Option<u64>,
) -> (SearchResult, u64, Stats) {
    search(n, formulation, true, node_limit)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bfs_default_keeps_its_boards_within_a_gibibyte() {
        assert_eq!(bfs_default_node_limit(8), 1_000_000);
        for n in [200, 1_000, 10_000] {
            let limit = bfs_default_node_limit(n);
            assert!(limit < 1_000_000, "N = {n}");
            assert!(limit * board_bytes(n) <= 1 << 30, "N = {n}");
            assert!((limit + 1) * board_bytes(n) > 1 << 30, "N = {n}");
        }
        // A single board past a gibibyte: still one, so the search can start.
        assert_eq!(bfs_default_node_limit(100_000), 1);
    }
}
