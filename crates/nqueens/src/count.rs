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

fn check_size(n: usize) -> Result<(), SizeError> {
    if n == 0 {
        return Err(SizeError::Empty);
    }
    if n > MAX_COUNT_N {
        return Err(SizeError::TooLarge {
            n,
            max: MAX_COUNT_N,
        });
    }
    Ok(())
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

/// [`count`] on one thread, telling `observer` with csp-core's calls each
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
#[cfg(feature = "cli")] // only the watch module uses it
pub(crate) fn count_observed<O: Observer>(
    n: usize,
    observer: O,
) -> Result<(Counts, Stats), SizeError> {
    count_with(n, 1, observer)
}

fn count_with<O: Observer>(
    n: usize,
    threads: usize,
    mut observer: O,
) -> Result<(Counts, Stats), SizeError> {
    check_size(n)?;
    let start = Instant::now();
    let (counts, nodes) = match n {
        // One queen on one square is its own mirror image in every direction:
        // the only class of size 1, which the class weights 2/4/8 cannot express.
        1 => {
            if O::ACTIVE {
                observer.decision(Var::from_index(0), 1, 1);
                observer.solution(&[1]);
            }
            (
                Counts {
                    total: 1,
                    unique: 1,
                },
                1,
            )
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
    Ok((
        counts,
        Stats {
            nodes,
            num_tested: None,
            elapsed: start.elapsed(),
        },
    ))
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

    /// Canonical placements so far: one per class.
    fn unique(&self) -> u64 {
        self.two + self.four + self.eight
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

/// A subtree of the search: the first rows already placed, ready for one worker.
#[derive(Debug, Clone, Copy)]
struct Task {
    family: Family,
    /// Corner: the second row's queen's column. Edge: the first row's queen's column.
    bound1: usize,
    /// The next row to fill.
    row: usize,
    left: u32,
    down: u32,
    right: u32,
    /// The queens of rows `0..row`, as one-bit masks.
    prefix: [u32; 3],
}

/// [`count_classes`] on one thread, the search told to `observer`.
fn count_classes_observed<O: Observer>(n: usize, observer: O) -> Tally {
    let mut search = Search::new(n, observer);
    for (number, task) in split(n).iter().enumerate() {
        if number > 0 {
            // The next subtree starts again from the empty board.
            search.observer.backtrack(0);
        }
        search.run(task);
    }
    search.tally
}

fn count_classes(n: usize, threads: usize) -> Tally {
    let tasks = split(n);
    let next_task = AtomicUsize::new(0);
    let work = || {
        let mut search = Search::new(n, NoObserver);
        while let Some(task) = tasks.get(next_task.fetch_add(1, Ordering::Relaxed)) {
            search.run(task);
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
fn split(n: usize) -> Vec<Task> {
    let mut tasks = Vec::new();
    let mut search = Search::new(n, NoObserver);
    // Corner family: row 0 holds column 0, row 1 holds column bound1 in
    // 2..=n-2 (column 1 is attacked; column n-1 would leave no room for the
    // column-1 queen below it, see `Search::corner`).
    for bound1 in 2..n.saturating_sub(1) {
        search.configure(Family::Corner, bound1);
        let bit = 1u32 << bound1;
        let (left, down, right) = ((2 | bit) << 1, 1 | bit, bit >> 1);
        let mut free = search.corner_candidates(2, left, down, right);
        while free != 0 {
            let third = free & free.wrapping_neg();
            free ^= third;
            tasks.push(Task {
                family: Family::Corner,
                bound1,
                row: 3,
                left: (left | third) << 1,
                down: down | third,
                right: (right | third) >> 1,
                prefix: [1, bit, third],
            });
        }
    }
    // Edge family: row 0 holds column bound1 in the left half.
    let mut bound1 = 1;
    while bound1 + 1 + bound1 < n {
        search.configure(Family::Edge, bound1);
        let bit = 1u32 << bound1;
        let (left, down, right) = (bit << 1, bit, bit >> 1);
        if let Some(mut free) = search.edge_candidates(1, left, down, right) {
            while free != 0 {
                let second = free & free.wrapping_neg();
                free ^= second;
                tasks.push(Task {
                    family: Family::Edge,
                    bound1,
                    row: 2,
                    left: (left | second) << 1,
                    down: down | second,
                    right: (right | second) >> 1,
                    prefix: [bit, second, 0],
                });
            }
        }
        bound1 += 1;
    }
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

    fn run(&mut self, task: &Task) {
        self.configure(task.family, task.bound1);
        self.board[..3].copy_from_slice(&task.prefix);
        self.tally.nodes += task.row as u64;
        for row in 0..task.row {
            self.decide(row, task.prefix[row]);
        }
        match task.family {
            Family::Corner => self.corner(task.row, task.left, task.down, task.right),
            Family::Edge => self.edge(task.row, task.left, task.down, task.right),
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
                    self.tally.nodes += 1;
                    self.board[row % MAX_COUNT_N] = bit;
                    self.board[(row + 1) % MAX_COUNT_N] = last;
                    self.decide(row + 1, last);
                    if O::ACTIVE {
                        let classes = self.tally.unique();
                        self.classify();
                        if self.tally.unique() > classes {
                            self.found();
                        }
                    } else {
                        self.classify();
                    }
                    self.back_to(row + 1);
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
mod tests {
    use super::*;

    /// Every placement by plain backtracking, for small boards.
    fn all_placements(n: usize) -> Vec<Vec<usize>> {
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
