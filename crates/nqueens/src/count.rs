//! Exact counting of every placement: bitboard backtracking that meets each
//! class of symmetric solutions once (the 8-fold symmetry method), with the
//! work split over threads.
//!
//! The method is explained in the crate documentation; the comments here say
//! why each pruning rule keeps exactly one board of every class.

use std::num::NonZeroUsize;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

use csp_core::{NoObserver, Observer, Var};

use crate::{CountOptions, SizeError, Stats};

/// The largest board [`count`] accepts: rows are `u32` bit masks. (Counting
/// anything near this size would take centuries; the bound is about the
/// representation, not about patience.)
pub const MAX_COUNT_N: usize = 32;

/// The result of [`count`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Counts {
    /// Every placement of `n` non-attacking queens (OEIS A000170).
    pub total: u64,
    /// Placements that differ under rotation and reflection (OEIS A002562).
    pub unique: u64,
}

/// The count of N = 1: one queen on one square is its own mirror image in
/// every direction, the only class of size 1, which the class weights
/// 2/4/8 cannot express.
const ONE_BOARD: Counts = Counts {
    total: 1,
    unique: 1,
};

/// Refuses a board the counter does not take: empty, or past [`MAX_COUNT_N`].
pub(crate) fn check_size(n: usize) -> Result<(), SizeError> {
    SizeError::check(n, MAX_COUNT_N)
}

/// Counts the placements of `n` non-attacking queens on an `n`×`n` board,
/// all of them and up to symmetry, in one search.
///
/// # Errors
///
/// [`SizeError`] when `n` is 0 or above [`MAX_COUNT_N`].
///
/// ```
/// use nqueens::{count, CountOptions, Counts};
///
/// let (counts, _stats) = count(8, &CountOptions::default())?;
/// assert_eq!(counts, Counts { total: 92, unique: 12 });
/// # Ok::<(), nqueens::SizeError>(())
/// ```
pub fn count(n: usize, options: &CountOptions) -> Result<(Counts, Stats), SizeError> {
    let threads = options
        .threads
        .or_else(|| std::thread::available_parallelism().ok())
        .map_or(1, NonZeroUsize::get);
    count_with(n, threads, NoObserver)
}

/// The largest board whose fast count is watched (`nqueens count --trace`,
/// `--events`, `--tree-svg`): N = 12 places about 10^5 queens, each one or
/// two events; past it the stream would be cut long before the end anyway
/// (N = 16 places about 10^9), and the count would pay for each call.
pub const WATCH_MAX_N: usize = 12;

/// [`count`] on `threads` threads, or on one telling `observer` (when it
/// is not [`NoObserver`]: the watch module's) with csp-core's calls each
/// queen placed (`decision`: row `r`, the variable of index `r`, gets
/// column `c` from 1, at depth `r + 1`), each return to a row
/// (`backtrack`) and each canonical placement met (`solution`, the columns
/// by row from 1): one per class of symmetric placements, so the solutions
/// number [`Counts::unique`] and the decisions `stats.nodes`. Each subtree
/// of the split (see `split`) is searched from the root again, its first
/// rows decided again (the nodes count them again too). `end` is left to
/// the caller.
///
/// # Errors
///
/// [`SizeError`] when `n` is 0 or above [`MAX_COUNT_N`].
pub(crate) fn count_with<O: Observer>(
    n: usize,
    threads: usize,
    mut observer: O,
) -> Result<(Counts, Stats), SizeError> {
    check_size(n)?;
    let start = Instant::now();
    let (counts, nodes) = match n {
        1 => {
            if O::ACTIVE {
                observer.decision(Var::from_index(0), 1, 1);
                observer.solution(&[1]);
            }
            (ONE_BOARD, 1)
        }
        _ if O::ACTIVE => {
            let tally = count_classes_observed(n, observer);
            (tally.counts(), tally.nodes)
        }
        _ => {
            let tally = count_classes(n, threads);
            (tally.counts(), tally.nodes)
        }
    };
    Ok((counts, Stats::new(nodes, start.elapsed())))
}

/// Canonical solutions found, by the size of their symmetry class.
#[derive(Debug, Clone, Copy, Default)]
struct Tally {
    /// Classes of 2 boards: symmetric under a quarter turn.
    two: u64,
    /// Classes of 4 boards: symmetric under a half turn only.
    four: u64,
    /// Classes of 8 boards: no symmetry.
    eight: u64,
    /// Queens placed.
    nodes: u64,
}

impl Tally {
    fn add(&mut self, other: &Tally) {
        self.two += other.two;
        self.four += other.four;
        self.eight += other.eight;
        self.nodes += other.nodes;
    }

    fn counts(&self) -> Counts {
        Counts {
            total: 2 * self.two + 4 * self.four + 8 * self.eight,
            unique: self.two + self.four + self.eight,
        }
    }
}

/// Which of the two searches a subtree belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Family {
    /// The first row's queen stands in the corner (column 0).
    Corner,
    /// No queen in any corner; the first row's queen is in column `bound1`,
    /// in the left half.
    Edge,
}

/// A node of the class search: the first `row` rows placed, and what they
/// settle of the family and `bound1`. The threads' tasks and the
/// subproblems of a split are such nodes, and counting one resumes the
/// search at it ([`Search::resume`]). The default node is the empty
/// board, the root.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Node {
    /// `None` at the root, and for the only board of N = 1.
    family: Option<Family>,
    /// Corner: the second row's queen's column (0 until row 1 is placed).
    /// Edge: the first row's queen's column.
    bound1: usize,
    /// The next row to fill.
    row: usize,
    left: u32,
    down: u32,
    right: u32,
    /// The queens of rows `0..row`, as one-bit masks.
    board: [u32; MAX_COUNT_N],
}

impl Node {
    /// Whether the family and `bound1` are known, so that the search's own
    /// recursion can take over: not at the root, nor at a corner queen
    /// alone (its second row chooses `bound1`).
    fn settled(&self) -> bool {
        match self.family {
            Some(Family::Edge) => true,
            Some(Family::Corner) => self.row >= 2,
            None => false,
        }
    }

    /// The node below this one with the queen `bit` in the next row.
    fn child(&self, n: usize, bit: u32) -> Node {
        let mut child = *self;
        child.board[self.row] = bit;
        child.row += 1;
        child.left = (self.left | bit) << 1;
        child.down = self.down | bit;
        child.right = (self.right | bit) >> 1;
        let column = bit.trailing_zeros() as usize;
        match (self.family, self.row) {
            (None, 0) if n > 1 => {
                if column == 0 {
                    child.family = Some(Family::Corner);
                } else {
                    child.family = Some(Family::Edge);
                    child.bound1 = column;
                }
            }
            (Some(Family::Corner), 1) => child.bound1 = column,
            _ => {}
        }
        child
    }

    /// The columns of the rows placed, from row 0.
    pub(crate) fn columns(&self) -> Vec<usize> {
        self.board[..self.row]
            .iter()
            .map(|bit| bit.trailing_zeros() as usize)
            .collect()
    }
}

/// Why the class search never places a queen where a subproblem's prefix
/// puts one: each rule keeps one board of every symmetry class (see the
/// crate documentation), so the boards it leaves out are counted as images
/// of others.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum Unvisited {
    /// N = 2 or 3: no placement exists, and the search places no queen.
    #[error("no placement of 2 or 3 queens exists, so the search places none")]
    NoPlacement,
    /// The first row's queen right of the left half: an image of the
    /// board, counted instead, has it in the left half.
    #[error("the first row's queen stands in columns 0 to {max}, the left half")]
    FirstRow {
        /// The rightmost column the first row's queen takes.
        max: usize,
    },
    /// With a queen in the corner, the second row's queen in the last column.
    #[error("with a queen in the corner, the second row's queen stands in columns 2 to {max}")]
    CornerSecondRow {
        /// The rightmost column it takes.
        max: usize,
    },
    /// With a queen in the corner, the column-1 queen above row `bound1`:
    /// the reflection in the main diagonal gives the board counted instead.
    #[error(
        "with a queen in the corner and the second row's in column {bound1}, the column-1 queen stands below row {bound1}"
    )]
    CornerColumnOne {
        /// The second row's queen's column.
        bound1: usize,
    },
    /// No queen in a corner, and a side column's queen out of rows
    /// `bound1..=bound2` (or no room left there for both side queens).
    #[error(
        "with the first row's queen in column {bound1}, the queens of the first and last columns stand in rows {bound1} to {bound2}"
    )]
    EdgeSide {
        /// The first row's queen's column.
        bound1: usize,
        /// `n - 1 - bound1`.
        bound2: usize,
    },
    /// No queen in a corner, and the last row's queen out of columns
    /// `bound1..=bound2`.
    #[error(
        "with the first row's queen in column {bound1}, the last row's queen stands in columns {bound1} to {bound2}"
    )]
    EdgeLastRow {
        /// The first row's queen's column.
        bound1: usize,
        /// `n - 1 - bound1`.
        bound2: usize,
    },
}

/// Calls `found` with each node of the class search at `depth` (at most
/// `n`), in lexicographic order of their columns: exactly the prefixes the
/// search places (a prefix whose subtree ends above `depth` has no
/// completion and is left out).
///
/// # Errors
///
/// [`SizeError`] when `n` is 0 or above [`MAX_COUNT_N`].
pub(crate) fn class_nodes(
    n: usize,
    depth: usize,
    mut found: impl FnMut(&Node),
) -> Result<(), SizeError> {
    check_size(n)?;
    let depth = depth.min(n);
    visit(n, &mut |node| {
        if node.row == depth {
            found(node);
            true
        } else {
            false
        }
    });
    Ok(())
}

/// Walks the class search of `n` queens from the root, depth first,
/// lowest column first, not below a node where `stop` says so.
fn visit(n: usize, stop: &mut impl FnMut(&Node) -> bool) {
    fn walk(
        n: usize,
        node: &Node,
        search: &mut Search<NoObserver>,
        stop: &mut impl FnMut(&Node) -> bool,
    ) {
        if stop(node) {
            return;
        }
        let mut free = search.candidates(node);
        while free != 0 {
            let bit = free & free.wrapping_neg();
            free ^= bit;
            walk(n, &node.child(n, bit), search, stop);
        }
    }
    walk(n, &Node::default(), &mut Search::new(n, NoObserver), stop);
}

/// The node of the class search that `columns` (each on the board, no two
/// queens attacking) place, or the first row whose queen the search never
/// places there, and why.
pub(crate) fn class_node(n: usize, columns: &[usize]) -> Result<Node, (usize, Unvisited)> {
    let mut search = Search::new(n, NoObserver);
    let mut node = Node::default();
    for (row, &column) in columns.iter().enumerate() {
        let bit = 1u32 << column;
        if search.candidates(&node) & bit == 0 {
            return Err((row, search.refusal(&node)));
        }
        node = node.child(n, bit);
    }
    Ok(node)
}

/// Counts the completions of `node` on this thread: the placements it
/// stands for, all of them and up to symmetry, and the queens placed (its
/// prefix's included).
pub(crate) fn count_node(n: usize, node: &Node) -> (Counts, u64) {
    if n == 1 {
        return (ONE_BOARD, 1);
    }
    let mut search = Search::new(n, NoObserver);
    search.resume(node);
    (search.tally.counts(), search.tally.nodes)
}

/// [`count_classes`] on one thread, the search told to `observer`.
fn count_classes_observed<O: Observer>(n: usize, observer: O) -> Tally {
    let mut search = Search::new(n, observer);
    for (number, task) in tasks(n).iter().enumerate() {
        if number > 0 {
            // The next subtree starts again from the empty board.
            search.observer.backtrack(0);
        }
        search.resume(task);
    }
    search.tally
}

fn count_classes(n: usize, threads: usize) -> Tally {
    let tasks = tasks(n);
    let next_task = AtomicUsize::new(0);
    let work = || {
        let mut search = Search::new(n, NoObserver);
        while let Some(task) = tasks.get(next_task.fetch_add(1, Ordering::Relaxed)) {
            search.resume(task);
        }
        search.tally
    };
    // Below a dozen rows the whole count takes microseconds: threads would
    // only add the cost of starting them.
    let workers = if n <= 11 {
        1
    } else {
        threads.clamp(1, tasks.len().max(1))
    };
    if workers == 1 {
        return work();
    }
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..workers).map(|_| scope.spawn(work)).collect();
        let mut total = Tally::default();
        for handle in handles {
            match handle.join() {
                Ok(tally) => total.add(&tally),
                Err(panic) => std::panic::resume_unwind(panic),
            }
        }
        total
    })
}

/// The search split into subtrees after the first two (edge) or three
/// (corner) rows, a few hundred tasks for N = 16, so that threads taking
/// tasks from a shared counter finish within a small task of each other.
fn tasks(n: usize) -> Vec<Node> {
    let mut tasks = Vec::new();
    visit(n, &mut |node| {
        let task_row = match node.family {
            Some(Family::Corner) => 3,
            Some(Family::Edge) => 2,
            None => n,
        };
        let stop = node.row >= task_row.min(n);
        if stop && node.family.is_some() {
            tasks.push(*node);
        }
        stop
    });
    tasks
}

/// One worker's search state: the board so far and the pruning masks of the
/// current family and `bound1`, and who watches (csp-core's calls; with
/// [`NoObserver`] every call and what it needs compiles away).
#[derive(Debug, Clone)]
struct Search<O: Observer> {
    last_row: usize,
    /// The columns of the board, one bit each (bit `c` is column `c`).
    full: u32,
    /// Column `n - 1`.
    top_bit: u32,
    bound1: usize,
    /// `n - 1 - bound1`: the mirror image of `bound1`.
    bound2: usize,
    /// Columns 0 and `n - 1`.
    side_mask: u32,
    /// Columns the last row must avoid: nearer than `bound1` to a corner.
    last_mask: u32,
    /// Column `n - 1 - bound1`, the bottom queen's column when the half turn
    /// maps the board's top row onto itself.
    end_bit: u32,
    /// The queen of each row placed so far, as a one-bit mask.
    board: [u32; MAX_COUNT_N],
    tally: Tally,
    observer: O,
}

impl<O: Observer> Search<O> {
    fn new(n: usize, observer: O) -> Self {
        let full = if n == 32 { u32::MAX } else { (1u32 << n) - 1 };
        let top_bit = 1u32 << (n - 1);
        Search {
            last_row: n - 1,
            full,
            top_bit,
            bound1: 0,
            bound2: 0,
            side_mask: top_bit | 1,
            last_mask: 0,
            end_bit: 0,
            board: [0; MAX_COUNT_N],
            tally: Tally::default(),
            observer,
        }
    }

    /// Tells the observer the queen `bit` placed in `row` (under
    /// `O::ACTIVE` only) and keeps it on the board for a solution.
    #[inline(always)]
    fn decide(&mut self, row: usize, bit: u32) {
        if O::ACTIVE {
            self.board[row % MAX_COUNT_N] = bit;
            let column = bit.trailing_zeros() as i32 + 1;
            self.observer
                .decision(Var::from_index(row), column, row + 1);
        }
    }

    /// Tells the observer the search is back in `row`, the queens of the
    /// rows above it in force.
    #[inline(always)]
    fn back_to(&mut self, row: usize) {
        if O::ACTIVE {
            self.observer.backtrack(row);
        }
    }

    /// Tells the observer the board is a canonical placement.
    #[inline(always)]
    fn found(&mut self) {
        if O::ACTIVE {
            let columns: Vec<i32> = self.board[..=self.last_row]
                .iter()
                .map(|bit| bit.trailing_zeros() as i32 + 1)
                .collect();
            self.observer.solution(&columns);
        }
    }

    fn configure(&mut self, family: Family, bound1: usize) {
        self.bound1 = bound1;
        self.bound2 = self.last_row - bound1;
        if family == Family::Edge {
            // Columns 0..bound1 and n-bound1..n: a bottom queen there would
            // be nearer a corner than the top queen is.
            let low = (1u32 << bound1) - 1;
            self.last_mask = low | low.reverse_bits() >> (32 - (self.last_row + 1));
            self.end_bit = self.top_bit >> bound1;
        }
    }

    /// Counts the completions of `node`: the search's own recursion once
    /// the family and `bound1` are settled, else each child in turn.
    fn resume(&mut self, node: &Node) {
        let Some(family) = node.family.filter(|_| node.settled()) else {
            let mut free = self.candidates(node);
            while free != 0 {
                let bit = free & free.wrapping_neg();
                free ^= bit;
                self.resume(&node.child(self.last_row + 1, bit));
            }
            return;
        };
        let row = node.row;
        self.configure(family, node.bound1);
        self.board[..row].copy_from_slice(&node.board[..row]);
        self.tally.nodes += row as u64;
        for (placed, &bit) in node.board[..row].iter().enumerate() {
            self.decide(placed, bit);
        }
        let (left, down, right) = (node.left, node.down, node.right);
        match family {
            Family::Corner if row > self.last_row => {
                // A whole board the corner rules let through: a class of 8.
                self.tally.eight += 1;
                self.found();
            }
            Family::Corner => self.corner(row, left, down, right),
            _ if row > self.last_row => self.settle(),
            _ if row == self.last_row => {
                let last = self.candidates(node);
                if last != 0 {
                    self.edge_last(last);
                }
            }
            _ => self.edge(row, left, down, right),
        }
    }

    /// The columns the search tries in the row below `node`, as bits.
    fn candidates(&mut self, node: &Node) -> u32 {
        let n = self.last_row + 1;
        if node.row == n {
            return 0;
        }
        match node.family {
            None if n == 1 => 1,
            None if n < 4 => 0,
            // The corner, and each bound1 with 2 * bound1 + 1 < n: the
            // left half.
            None => (1u32 << ((n - 2) / 2 + 1)) - 1,
            // Columns 2..=n-2: column 1 is attacked, and from column n-1
            // the column-1 queen could not stand below row bound1.
            Some(Family::Corner) if node.row == 1 => ((1u32 << (n - 1)) - 1) & !3,
            Some(family) => {
                self.configure(family, node.bound1);
                let (left, down, right) = (node.left, node.down, node.right);
                match family {
                    Family::Corner => self.corner_candidates(node.row, left, down, right),
                    Family::Edge if node.row == self.last_row => {
                        self.full & !(left | down | right) & !self.last_mask
                    }
                    Family::Edge => self
                        .edge_candidates(node.row, left, down, right)
                        .unwrap_or(0),
                }
            }
        }
    }

    /// Why the search places no queen in a column of the row below `node`
    /// that no queen above attacks but [`Search::candidates`] leaves out.
    fn refusal(&mut self, node: &Node) -> Unvisited {
        let n = self.last_row + 1;
        match node.family {
            None if n < 4 => Unvisited::NoPlacement,
            None => Unvisited::FirstRow { max: (n - 2) / 2 },
            Some(Family::Corner) if node.row == 1 => Unvisited::CornerSecondRow { max: n - 2 },
            Some(Family::Corner) => Unvisited::CornerColumnOne {
                bound1: node.bound1,
            },
            Some(Family::Edge) if node.row == self.last_row => Unvisited::EdgeLastRow {
                bound1: node.bound1,
                bound2: self.last_row - node.bound1,
            },
            Some(Family::Edge) => Unvisited::EdgeSide {
                bound1: node.bound1,
                bound2: self.last_row - node.bound1,
            },
        }
    }

    /// Free columns of `row` in the corner family. With the corner queen at
    /// (0, 0), the only other symmetry that keeps it there is the reflection
    /// in the main diagonal, which sends the queen of row 1 (column bound1)
    /// to column 1 (row bound1) and back. Keeping the column-1 queen below
    /// row bound1 picks exactly one of each such pair; the pair never
    /// coincides, as (1, c) and (c, 1) share an anti-diagonal. So every
    /// corner solution found stands for a class of 8.
    #[inline(always)]
    fn corner_candidates(&self, row: usize, left: u32, down: u32, right: u32) -> u32 {
        let free = self.full & !(left | down | right);
        if row < self.bound1 { free & !2 } else { free }
    }

    fn corner(&mut self, row: usize, left: u32, down: u32, right: u32) {
        if row == self.last_row {
            let last = self.full & !(left | down | right);
            if last != 0 {
                self.tally.eight += 1;
                self.tally.nodes += 1;
                self.decide(row, last);
                self.found();
                self.back_to(row);
            }
            return;
        }
        let mut free = self.corner_candidates(row, left, down, right);
        while free != 0 {
            let bit = free & free.wrapping_neg();
            free ^= bit;
            self.tally.nodes += 1;
            self.decide(row, bit);
            self.corner(row + 1, (left | bit) << 1, down | bit, (right | bit) >> 1);
            self.back_to(row);
        }
    }

    /// Free columns of `row` in the edge family, or `None` when the subtree
    /// can hold no canonical board. Each edge of the board holds exactly one
    /// queen. In a canonical board the top queen, `bound1` squares from the
    /// top-left corner, is no nearer a corner than any other edge queen is
    /// to either corner of its edge (otherwise the symmetry bringing that
    /// queen to the top would give a smaller top row): so the side queens
    /// keep out of rows above `bound1` and below `bound2`.
    #[inline(always)]
    fn edge_candidates(&self, row: usize, left: u32, down: u32, right: u32) -> Option<u32> {
        let free = self.full & !(left | down | right);
        if row < self.bound1 {
            Some(free & !self.side_mask)
        } else if row == self.bound2 {
            let sides = down & self.side_mask;
            if sides == 0 {
                // Both side queens would have to sit below bound2.
                None
            } else if sides != self.side_mask {
                // This row is the last chance for the missing side queen.
                Some(free & self.side_mask)
            } else {
                Some(free)
            }
        } else {
            Some(free)
        }
    }

    fn edge(&mut self, row: usize, left: u32, down: u32, right: u32) {
        debug_assert!(row < self.last_row, "edge tasks start above the last row");
        let Some(mut free) = self.edge_candidates(row, left, down, right) else {
            return;
        };
        if row + 1 == self.last_row {
            // The last row is checked here rather than in a call per queen.
            while free != 0 {
                let bit = free & free.wrapping_neg();
                free ^= bit;
                self.tally.nodes += 1;
                self.decide(row, bit);
                let last = self.full & !(((left | bit) << 1) | down | bit | ((right | bit) >> 1));
                if last != 0 && last & self.last_mask == 0 {
                    self.board[row % MAX_COUNT_N] = bit;
                    self.edge_last(last);
                }
                self.back_to(row);
            }
            return;
        }
        while free != 0 {
            let bit = free & free.wrapping_neg();
            free ^= bit;
            self.tally.nodes += 1;
            self.board[row % MAX_COUNT_N] = bit;
            self.decide(row, bit);
            self.edge(row + 1, (left | bit) << 1, down | bit, (right | bit) >> 1);
            self.back_to(row);
        }
    }

    /// Places the last row's queen `last` of an edge-family board (the
    /// rows above on `board`) and classifies the board.
    #[inline(always)]
    fn edge_last(&mut self, last: u32) {
        let row = self.last_row;
        self.tally.nodes += 1;
        self.board[row % MAX_COUNT_N] = last;
        self.decide(row, last);
        self.settle();
        self.back_to(row);
    }

    /// [`Search::classify`], telling the observer when the board is kept.
    #[inline(always)]
    fn settle(&mut self) {
        if O::ACTIVE {
            let classes = self.tally.counts().unique;
            self.classify();
            if self.tally.counts().unique > classes {
                self.found();
            }
        } else {
            self.classify();
        }
    }

    /// A complete edge-family board that passed the corner-distance rules:
    /// the four reflections now map it to boards with a strictly larger top
    /// row, so only the three rotations can tie or beat it. Reading the rows
    /// as numbers top to bottom, the board is kept only when no rotation is
    /// smaller, and its symmetry decides the weight of its class.
    fn classify(&mut self) {
        let board = &self.board[..=self.last_row];
        let last = self.last_row;
        // A quarter turn clockwise moves (r, c) to (c, last - r). Its top row
        // equals ours only when the left-column queen sits in row bound2.
        if board[self.bound2] == 1 {
            match compare_rows(board, |i| {
                let column_bit = 1u32 << i;
                let from_row = board.iter().rposition(|&b| b == column_bit).unwrap_or(0);
                1u32 << (last - from_row)
            }) {
                std::cmp::Ordering::Greater => return,
                std::cmp::Ordering::Equal => {
                    self.tally.two += 1;
                    return;
                }
                std::cmp::Ordering::Less => {}
            }
        }
        // A half turn moves (r, c) to (last - r, last - c); the top rows tie
        // only when the bottom queen mirrors the top one.
        if board[last] == self.end_bit {
            match compare_rows(board, |i| board[last - i].reverse_bits() >> (31 - last)) {
                std::cmp::Ordering::Greater => return,
                std::cmp::Ordering::Equal => {
                    // Symmetric under the half turn, so the three-quarter
                    // turn equals the quarter turn, already compared.
                    self.tally.four += 1;
                    return;
                }
                std::cmp::Ordering::Less => {}
            }
        }
        // A three-quarter turn moves (r, c) to (last - c, r); the top rows tie
        // only when the right-column queen sits in row bound1.
        if board[self.bound1] == self.top_bit {
            let compared = compare_rows(board, |i| {
                let column_bit = self.top_bit >> i;
                let from_row = board.iter().position(|&b| b == column_bit).unwrap_or(0);
                1u32 << from_row
            });
            if compared == std::cmp::Ordering::Greater {
                return;
            }
        }
        self.tally.eight += 1;
    }
}

/// Our board against a transformed one, row by row from row 1 (row 0 is
/// known to tie), each row read as its queen's bit mask.
#[inline(always)]
fn compare_rows(board: &[u32], transformed_row: impl Fn(usize) -> u32) -> std::cmp::Ordering {
    for (i, &own) in board.iter().enumerate().skip(1) {
        let other = transformed_row(i);
        if own != other {
            return own.cmp(&other);
        }
    }
    std::cmp::Ordering::Equal
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// Every placement by plain backtracking, for small boards.
    pub(crate) fn all_placements(n: usize) -> Vec<Vec<usize>> {
        fn place(n: usize, row: usize, columns: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
            if row == n {
                out.push(columns.clone());
                return;
            }
            for column in 0..n {
                let safe = columns
                    .iter()
                    .enumerate()
                    .all(|(r, &c)| c != column && row - r != column.abs_diff(c));
                if safe {
                    columns.push(column);
                    place(n, row + 1, columns, out);
                    columns.pop();
                }
            }
        }
        let mut out = Vec::new();
        place(n, 0, &mut Vec::new(), &mut out);
        out
    }

    /// Distinct placements under the 8 symmetries, by canonical form.
    fn brute_force_unique(n: usize) -> u64 {
        let mut seen = std::collections::BTreeSet::new();
        for columns in all_placements(n) {
            let cells: Vec<(usize, usize)> = columns.iter().copied().enumerate().collect();
            let canonical = (0..8)
                .map(|symmetry| {
                    let mut image: Vec<(usize, usize)> = cells
                        .iter()
                        .map(|&(r, c)| {
                            let (r, c) = if symmetry & 4 != 0 { (c, r) } else { (r, c) };
                            let r = if symmetry & 2 != 0 { n - 1 - r } else { r };
                            let c = if symmetry & 1 != 0 { n - 1 - c } else { c };
                            (r, c)
                        })
                        .collect();
                    image.sort_unstable();
                    image
                })
                .min();
            seen.insert(canonical);
        }
        seen.len() as u64
    }

    #[test]
    fn class_counts_agree_with_brute_force() {
        for n in 1..=9 {
            let (counts, _) = count(n, &CountOptions::default()).unwrap();
            assert_eq!(
                counts.total,
                all_placements(n).len() as u64,
                "total for n = {n}"
            );
            assert_eq!(counts.unique, brute_force_unique(n), "unique for n = {n}");
        }
    }

    #[test]
    fn last_mask_keeps_the_bottom_queen_away_from_corners() {
        let mut search = Search::new(10, NoObserver);
        search.configure(Family::Edge, 2);
        assert_eq!(search.last_mask, 0b11_0000_0011);
        assert_eq!(search.end_bit, 1 << 7);
    }
}
