//! Min-conflicts local search over permutations, with a greedy start, seeded
//! and deterministic.
//!
//! The queens always form a permutation (one per row and one per column),
//! so only diagonals can clash, and a move swaps the columns of two rows.
//! The greedy start places row after row in a random free column whose two
//! diagonals are still empty, trying a few random columns before settling
//! for a clash; on a large board only a few dozen queens end up attacked.
//! The repair then picks an attacked queen and swaps it with random rows
//! until a swap does not increase the number of attacking pairs. Small
//! boards can stall in a local minimum; the search then starts over from a
//! new greedy start.

/// The outcome of one search: the columns, or `None` when the step budget
/// ran out; and the steps taken (queens placed plus swaps tried), never
/// more than `max_steps`.
#[cfg(test)]
pub(crate) fn min_conflicts(n: usize, seed: u64, max_steps: u64) -> (Option<Vec<u32>>, u64) {
    min_conflicts_observed(n, seed, max_steps, &mut NoRepairs)
}

/// Told by min-conflicts what it does: each greedy start and each repair
/// with the conflicts (attacking pairs) left. Both do nothing by default.
pub(crate) trait RepairObserver {
    /// Whether min-conflicts should make the calls; only [`NoRepairs`] says
    /// no, so that the plain run pays nothing.
    const ACTIVE: bool = true;

    /// Start `run` (from 1) placed the queens greedily: `columns` by row,
    /// `conflicts` attacking pairs, after `steps` steps in all.
    fn start(&mut self, run: u64, columns: &[u32], conflicts: u64, steps: u64) {
        let _ = (run, columns, conflicts, steps);
    }

    /// The queens of rows `row` and `other` swapped columns (`columns` is
    /// the board after), leaving `conflicts` attacking pairs, at `step`.
    fn repair(&mut self, step: u64, row: usize, other: usize, columns: &[u32], conflicts: u64) {
        let _ = (step, row, other, columns, conflicts);
    }
}

/// The observer of the plain run: sees nothing, costs nothing.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct NoRepairs;

impl RepairObserver for NoRepairs {
    const ACTIVE: bool = false;
}

/// Min-conflicts (see the module), telling `observer` each start and repair.
pub(crate) fn min_conflicts_observed<O: RepairObserver>(
    n: usize,
    seed: u64,
    max_steps: u64,
    observer: &mut O,
) -> (Option<Vec<u32>>, u64) {
    let mut run = 0;
    debug_assert!(n == 1 || n >= 4, "2 and 3 have no placement");
    let mut random = SplitMix64::new(seed);
    let mut board = Board::new(n);
    let mut steps = 0u64;
    // A restart after this many swap attempts without a new best.
    let patience = 64 * n as u64 + 1_000;
    while steps < max_steps {
        match board.greedy_start(&mut random, max_steps - steps) {
            Some(tries) => steps += tries,
            None => return (None, max_steps),
        }
        if O::ACTIVE {
            run += 1;
            observer.start(run, &board.columns, board.attacking_pairs, steps);
        }
        let mut attacked: Vec<u32> = board.attacked_rows().collect();
        let mut best = board.attacking_pairs;
        let mut since_best = 0u64;
        while board.attacking_pairs > 0 && since_best < patience && steps < max_steps {
            if attacked.is_empty() {
                attacked.extend(board.attacked_rows());
            }
            let row = attacked.swap_remove(random.below(attacked.len() as u32) as usize) as usize;
            if !board.is_attacked(row) {
                continue;
            }
            // A handful of tries per attacked queen; sideways moves (no change)
            // are taken too, which lets the search drift across plateaus.
            let mut moved = false;
            for _ in 0..(max_steps - steps).min(8) {
                steps += 1;
                since_best += 1;
                let other = random.below(n as u32) as usize;
                if other != row && board.swap_if_not_worse(row, other) {
                    moved = true;
                    if O::ACTIVE {
                        observer.repair(steps, row, other, &board.columns, board.attacking_pairs);
                    }
                    if board.is_attacked(other) {
                        attacked.push(other as u32);
                    }
                    break;
                }
            }
            if !moved || board.is_attacked(row) {
                attacked.push(row as u32);
            }
            if board.attacking_pairs < best {
                best = board.attacking_pairs;
                since_best = 0;
            }
        }
        if board.attacking_pairs == 0 {
            return (Some(board.columns), steps);
        }
    }
    (None, steps)
}

/// A permutation of columns with the number of queens on every diagonal.
struct Board {
    n: usize,
    columns: Vec<u32>,
    /// Queens on diagonal `row + column`.
    down_left: Vec<u32>,
    /// Queens on diagonal `row + n - 1 - column`.
    down_right: Vec<u32>,
    /// Pairs of queens sharing a diagonal: the sum of k(k-1)/2 over diagonals.
    attacking_pairs: u64,
}

impl Board {
    fn new(n: usize) -> Self {
        Board {
            n,
            columns: Vec::new(),
            down_left: vec![0; 2 * n - 1],
            down_right: vec![0; 2 * n - 1],
            attacking_pairs: 0,
        }
    }

    fn diagonals(&self, row: usize, column: u32) -> (usize, usize) {
        let column = column as usize;
        (row + column, row + self.n - 1 - column)
    }

    fn add(&mut self, row: usize, column: u32) {
        let (left, right) = self.diagonals(row, column);
        self.attacking_pairs += u64::from(self.down_left[left] + self.down_right[right]);
        self.down_left[left] += 1;
        self.down_right[right] += 1;
    }

    fn remove(&mut self, row: usize, column: u32) {
        let (left, right) = self.diagonals(row, column);
        self.down_left[left] -= 1;
        self.down_right[right] -= 1;
        self.attacking_pairs -= u64::from(self.down_left[left] + self.down_right[right]);
    }

    fn is_attacked(&self, row: usize) -> bool {
        let (left, right) = self.diagonals(row, self.columns[row]);
        self.down_left[left] > 1 || self.down_right[right] > 1
    }

    fn attacked_rows(&self) -> impl Iterator<Item = u32> + '_ {
        (0..self.n)
            .filter(|&row| self.is_attacked(row))
            .map(|row| row as u32)
    }

    /// A fresh random permutation built row by row, each row taking a random
    /// remaining column with both diagonals empty if one turns up within a
    /// few tries. Returns the tries made, or `None` when `budget` tries ran
    /// out first.
    fn greedy_start(&mut self, random: &mut SplitMix64, budget: u64) -> Option<u64> {
        const TRIES: u32 = 16;
        let n = self.n;
        self.columns.clear();
        self.columns.extend(0..n as u32);
        self.down_left.fill(0);
        self.down_right.fill(0);
        self.attacking_pairs = 0;
        let mut tries = 0u64;
        for row in 0..n {
            let remaining = (n - row) as u32;
            let mut pick = row + random.below(remaining) as usize;
            // The budget is compared once per row: a row it cuts short
            // ends the start.
            let allowed = (budget - tries).min(u64::from(TRIES)) as u32;
            let mut free = false;
            for _ in 0..allowed {
                tries += 1;
                let (left, right) = self.diagonals(row, self.columns[pick]);
                if self.down_left[left] == 0 && self.down_right[right] == 0 {
                    free = true;
                    break;
                }
                pick = row + random.below(remaining) as usize;
            }
            if !free && allowed < TRIES {
                return None;
            }
            self.columns.swap(row, pick);
            self.add(row, self.columns[row]);
        }
        Some(tries)
    }

    /// Swaps the columns of rows `a` and `b` if that leaves no more attacking
    /// pairs than before; otherwise leaves the board as it was.
    fn swap_if_not_worse(&mut self, a: usize, b: usize) -> bool {
        let before = self.attacking_pairs;
        let (column_a, column_b) = (self.columns[a], self.columns[b]);
        self.move_pair((a, column_a), (b, column_b));
        if self.attacking_pairs <= before {
            self.columns.swap(a, b);
            return true;
        }
        self.move_pair((a, column_b), (b, column_a));
        false
    }

    /// Moves the queens of rows `a` and `b` from their columns to each
    /// other's on the diagonal counts (not on `columns`).
    fn move_pair(&mut self, (a, column_a): (usize, u32), (b, column_b): (usize, u32)) {
        self.remove(a, column_a);
        self.remove(b, column_b);
        self.add(a, column_b);
        self.add(b, column_a);
    }
}

/// SplitMix64 (Steele, Lea and Flood): a tiny, fast generator whose stream
/// is fixed by its seed on every platform and every version of this crate.
struct SplitMix64 {
    state: u64,
}

impl SplitMix64 {
    fn new(seed: u64) -> Self {
        SplitMix64 { state: seed }
    }

    fn next(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `0..bound` (`bound` > 0), by the multiply-shift mapping;
    /// its bias is below 2^-32 and does not matter for a local search.
    fn below(&mut self, bound: u32) -> u32 {
        (((self.next() >> 32) * u64::from(bound)) >> 32) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_seed_gives_the_same_placement() {
        let first = min_conflicts(200, 7, u64::MAX).0;
        assert_eq!(first, min_conflicts(200, 7, u64::MAX).0);
        assert!(first.is_some());
    }

    #[test]
    fn a_tiny_budget_reports_the_limit_without_passing_it() {
        assert_eq!(min_conflicts(1000, 1, 10), (None, 10));
        for budget in [1, 999, 1000, 1001, 1500, 5000] {
            let (columns, steps) = min_conflicts(1000, 1, budget);
            assert!(steps <= budget, "budget {budget}: {steps} steps");
            assert_eq!(columns.is_none(), steps == budget, "budget {budget}");
        }
    }

    #[test]
    fn swaps_keep_the_pair_count_exact() {
        let mut board = Board::new(30);
        let mut random = SplitMix64::new(3);
        board.greedy_start(&mut random, u64::MAX);
        for step in 0..500 {
            let (a, b) = (random.below(30) as usize, random.below(30) as usize);
            if a != b {
                board.swap_if_not_worse(a, b);
            }
            let mut recount = Board::new(30);
            for (row, &column) in board.columns.iter().enumerate() {
                recount.add(row, column);
            }
            assert_eq!(
                board.attacking_pairs, recount.attacking_pairs,
                "step {step}"
            );
        }
    }
}
