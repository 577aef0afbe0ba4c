//! The textbook formulations, which search where [`crate::count`] and the
//! construction compute: a chessboard of candidate lists on
//! search-core (depth-first or breadth-first on the most constrained row),
//! and a constraint model on csp-core. They exist to be read and compared,
//! and are cross-checked against the fast counter.

use std::cell::{Cell, RefCell};
use std::time::Instant;

use csp_core::{
    Config as CspConfig, CountStatus, Inference, KeepSolutions, Model, Observer as CspObserver,
    Solver, Status as CspStatus, VarOrder,
};
use search_core::{
    Config as SearchConfig, Observer as SearchObserver, Problem, Status as SearchStatus,
    bfs_tree_observed, dfs_tree_observed,
};

use puzzle_kit::Limits;

use crate::{Algo, Limit, Stats};

/// A formulation that finds placements by search.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum Formulation {
    /// One variable per row holding its column, on csp-core: all-different
    /// on `q[r]`, `q[r] + r` and `q[r] - r`, maintained arc consistency,
    /// smallest domain first.
    Csp,
    /// DFS on the most constrained row, on search-core: a board whose empty rows hold
    /// their candidate columns; assign the most constrained row, remove the
    /// attacked squares from the other rows, fail when a row has none left;
    /// depth first.
    Dfs,
    /// The same board, breadth first (every board generated is kept: give
    /// it a memory budget, [`Limits::memory_limit`]).
    Bfs,
}

impl Formulation {
    /// The formulation `algo` runs, if it is one.
    pub(crate) fn of(algo: Algo) -> Option<Formulation> {
        match algo {
            Algo::Csp => Some(Formulation::Csp),
            Algo::Dfs => Some(Formulation::Dfs),
            Algo::Bfs => Some(Formulation::Bfs),
            Algo::Construct | Algo::MinConflicts => None,
        }
    }
}

/// How a formulation's search ended: the first placement found, how
/// many were counted (1 at most unless counting), whether the search ran
/// to its end, and the limit that stopped it, if one did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Run {
    pub first: Option<Vec<u32>>,
    pub count: u64,
    pub exhausted: bool,
    pub limit: Option<Limit>,
    pub stats: Stats,
}

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

    pub(crate) fn candidate_count(&self, board: &ChessBoard, row: usize) -> u32 {
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

    /// The course formulation's `failure_test`: some empty row has no candidate left.
    pub(crate) fn failure_test(&self, board: &ChessBoard) -> bool {
        (0..self.n).any(|row| board.queens[row].is_none() && self.candidate_count(board, row) == 0)
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

impl ChessBoard {
    /// The board's rows (its side).
    #[cfg(feature = "app")] // only the watch module uses it
    pub(crate) fn n(&self) -> usize {
        self.queens.len()
    }

    /// Whether `row` holds a queen.
    #[cfg(feature = "app")] // only the watch module uses it
    pub(crate) fn has_queen(&self, row: usize) -> bool {
        self.queens[row].is_some()
    }

    /// Queens placed.
    #[cfg(feature = "app")] // only the watch module uses it
    pub(crate) fn placed(&self) -> usize {
        self.num_placed
    }

    /// The compact form: each row's queen column from 1, `.` for a row
    /// without a queen yet, separated by spaces.
    #[cfg(feature = "app")] // only the watch module uses it
    pub(crate) fn to_line(&self) -> String {
        let cells: Vec<String> = self
            .queens
            .iter()
            .map(|col| col.map_or_else(|| ".".to_owned(), |col| (col + 1).to_string()))
            .collect();
        cells.join(" ")
    }
}

impl Queens {
    /// The columns still open in `row`, ascending.
    #[cfg(feature = "app")] // only the watch module uses it
    pub(crate) fn candidates_of(&self, board: &ChessBoard, row: usize) -> Vec<usize> {
        (0..self.n)
            .filter(|&col| board.candidates[row * self.words + col / 64] & (1 << (col % 64)) != 0)
            .collect()
    }

    /// The board for a person, one row a line: `Q` a queen, `.` a square
    /// still open to the row's queen, `x` an attacked square.
    #[cfg(feature = "app")] // only the watch module uses it
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

/// Runs `formulation` on `n` queens within `limits`: finds one placement
/// (`count_up_to` 1) or counts up to `count_up_to`.
#[cfg(test)]
pub(crate) fn search(n: usize, formulation: Formulation, limits: &Limits) -> Run {
    search_observed(
        n,
        formulation,
        limits,
        &mut search_core::NoObserver,
        &mut csp_core::NoObserver,
    )
}

/// Runs a formulation, telling `search` (dfs, bfs) or `csp` what the search does.
pub(crate) fn search_observed<S, C>(
    n: usize,
    formulation: Formulation,
    limits: &Limits,
    search: &mut S,
    csp: &mut C,
) -> Run
where
    S: SearchObserver<ChessBoard, Move, u32>,
    C: CspObserver,
{
    let start = Instant::now();
    let algo = match formulation {
        Formulation::Csp => Algo::Csp,
        Formulation::Dfs => Algo::Dfs,
        Formulation::Bfs => Algo::Bfs,
    };
    // What the cores do not count must fit before anything is allocated.
    if limits
        .memory_limit
        .is_some_and(|bytes| base_bytes(n, algo) > bytes as u64)
    {
        let stats = Stats {
            nodes: 0,
            num_tested: (formulation != Formulation::Csp).then_some(0),
            elapsed: start.elapsed(),
        };
        return Run {
            first: None,
            count: 0,
            exhausted: false,
            limit: Some(Limit::Memory),
            stats,
        };
    }
    if formulation == Formulation::Csp {
        return csp_run(n, limits, start, csp);
    }
    let queens = Queens::new(n, limits.count_up_to);
    let mut config = SearchConfig::default();
    if let Some(limit) = limits.node_limit {
        config = config.node_limit(limit);
    }
    if let Some(limit) = limits.time_limit {
        config = config.time_limit(limit);
    }
    if let Some(bytes) = limits.memory_limit {
        config = config.memory_limit(bytes);
    }
    let board = queens.empty_board();
    let run = match formulation {
        Formulation::Bfs => bfs_tree_observed(&queens, board, &config, search),
        _ => dfs_tree_observed(&queens, board, &config, search),
    };
    let stats = Stats {
        nodes: run.stats.generated,
        num_tested: Some(run.stats.num_tested),
        elapsed: start.elapsed(),
    };
    let limit = match run.status {
        SearchStatus::Limit(limit) => Some(limit),
        _ => None,
    };
    let found = run.path.map(|path| columns(path.goal()));
    match queens.counted {
        Some(counted) => Run {
            first: queens.first.into_inner(),
            count: counted.get(),
            // A goal accepted means the count reached its target.
            exhausted: limit.is_none() && found.is_none(),
            limit,
            stats,
        },
        None => Run {
            count: u64::from(found.is_some()),
            exhausted: limit.is_none() && found.is_none(),
            first: found,
            limit,
            stats,
        },
    }
}

fn csp_run<C: CspObserver>(n: usize, limits: &Limits, start: Instant, observer: &mut C) -> Run {
    let counting = limits.count_up_to > 1;
    let mut model = Model::new();
    // Columns from 1, as the trace and the events name them.
    let rows = model.new_vars(n, 1..=n as i32);
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
    if let Some(limit) = limits.node_limit {
        config = config.node_limit(limit);
    }
    if let Some(limit) = limits.time_limit {
        config = config.time_limit(limit);
    }
    if let Some(bytes) = limits.memory_limit {
        config = config.memory_limit(bytes);
    }
    let mut solver = Solver::new(model, config);
    let stats = |nodes| Stats {
        nodes,
        num_tested: None,
        elapsed: start.elapsed(),
    };
    if counting {
        let (count, first) = if C::ACTIVE {
            // The observer is told the solutions; the first is kept on the way.
            let mut first = KeepSolutions::first(observer);
            let count = solver.count_observed(limits.count_up_to, &mut first);
            let first = first
                .into_first()
                .map(|values| values.iter().map(|&col| col as u32 - 1).collect());
            (count, first)
        } else {
            let (mut first, mut seen) = (None, 0);
            let count = solver.for_each_solution(|solution| {
                if first.is_none() {
                    first = Some(
                        solution
                            .values()
                            .iter()
                            .map(|&col| col as u32 - 1)
                            .collect(),
                    );
                }
                seen += 1;
                seen < limits.count_up_to
            });
            (count, first)
        };
        let limit = match count.status {
            CountStatus::Limit(limit) => Some(limit),
            _ => None,
        };
        return Run {
            first,
            count: count.count,
            exhausted: count.status == CountStatus::Complete,
            limit,
            stats: stats(count.stats.nodes),
        };
    }
    let outcome = solver.solve_observed(observer);
    let limit = match outcome.status {
        CspStatus::Limit(limit) => Some(limit),
        _ => None,
    };
    let first = outcome.solution.map(|solution| {
        solution
            .values()
            .iter()
            .map(|&col| col as u32 - 1)
            .collect::<Vec<_>>()
    });
    Run {
        count: u64::from(first.is_some()),
        exhausted: limit.is_none() && first.is_none(),
        first,
        limit,
        stats: stats(outcome.stats.nodes),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn within(node_limit: Option<u64>, memory_limit: usize) -> Limits {
        Limits {
            node_limit,
            memory_limit: Some(memory_limit),
            ..Limits::default()
        }
    }

    fn counting(limits: Limits) -> Limits {
        Limits {
            count_up_to: u64::MAX,
            ..limits
        }
    }

    const ALL: [(Formulation, Algo); 3] = [
        (Formulation::Csp, Algo::Csp),
        (Formulation::Dfs, Algo::Dfs),
        (Formulation::Bfs, Algo::Bfs),
    ];

    #[test]
    fn a_memory_budget_stops_every_formulation_and_says_so() {
        for (formulation, algo) in ALL {
            // Too little for what the cores do not count: stopped at once.
            let tiny = within(None, base_bytes(12, algo) as usize - 1);
            let run = search(12, formulation, &tiny);
            assert_eq!(run.limit, Some(Limit::Memory));
            assert_eq!(run.stats.nodes, 0, "{formulation:?}");
            // Enough for that, and little more.
            let small = within(None, base_bytes(12, algo) as usize + 4096);
            let run = search(12, formulation, &counting(small));
            assert_eq!(run.limit, Some(Limit::Memory), "{formulation:?}");
        }
        // The node limit, when it comes first, is the one named.
        let run = search(40, Formulation::Bfs, &within(Some(50), 1 << 30));
        assert_eq!(run.limit, Some(Limit::Node));
        assert_eq!(run.stats.nodes, 50);
    }

    /// A budget that refuses a board is a limit, never a proof (issue 17):
    /// under every memory limit from what the cores do not count to one
    /// that fits, 8 queens are found or the memory is named, and a count
    /// is all 92 or stopped by the memory limit.
    #[test]
    fn a_memory_refusal_is_never_read_as_no_placement() {
        for (formulation, algo) in ALL {
            let base = base_bytes(8, algo) as usize;
            for extra in [0, 1, 64, 512, 1 << 10, 4 << 10, 16 << 10, 64 << 10, 1 << 20] {
                let limits = within(None, base + extra);
                let what = format!("{formulation:?} within {extra} more bytes");
                let run = search(8, formulation, &limits);
                assert!(
                    run.first.is_some() || run.limit == Some(Limit::Memory),
                    "{what}: {run:?}"
                );
                let run = search(8, formulation, &counting(limits));
                match run.limit {
                    None => assert_eq!((run.count, run.exhausted), (92, true), "{what}"),
                    Some(limit) => {
                        assert_eq!(limit, Limit::Memory, "{what}");
                        assert!(run.count < 92 && !run.exhausted, "{what}");
                    }
                }
            }
        }
    }

    #[test]
    fn a_count_stops_at_count_up_to_with_its_first_placement() {
        for (formulation, _) in ALL {
            let limits = Limits {
                count_up_to: 5,
                ..Limits::default()
            };
            let run = search(8, formulation, &limits);
            assert_eq!((run.count, run.exhausted, run.limit), (5, false, None));
            assert_eq!(run.first.map(|first| first.len()), Some(8));
            let run = search(6, formulation, &limits);
            assert_eq!((run.count, run.exhausted), (4, true), "{formulation:?}");
        }
    }

    #[test]
    fn an_expansion_beyond_the_budget_is_refused_before_it_is_made() {
        // N = 5000: one expansion of the candidate-list board is 5001 boards of
        // 3 MB, 16 GB; a 1 GiB budget refuses it without allocating.
        let run = search(5_000, Formulation::Dfs, &within(None, 1 << 30));
        assert_eq!(run.limit, Some(Limit::Memory));
        assert_eq!(run.stats.nodes, 0);
    }
}
