//! The `fast` engine: a band-oriented bitmask solver for 9x9 sudoku.
//!
//! The idea (published by zhouyundong_2012 as JCZSolve and refined by
//! champagne, JasonLion and tdoku's author) is to store candidates *by digit
//! and band*: for each of the 9 digits and each of the 3 horizontal bands, one
//! 27-bit word says in which of the band's 27 cells that digit may still go.
//! That layout makes the strongest cheap deductions a handful of word
//! operations:
//!
//! - In a band a digit fills exactly one cell in each of the three rows and
//!   in each of the three boxes, so its rows map onto its boxes by a
//!   permutation. Keeping only the (row, box) pairs that lie on some
//!   permutation consistent with the word is box-line interaction (locked
//!   candidates, pointing and claiming) and hidden singles in rows and boxes,
//!   done by a few shifts ([`occupancy`]) and one table look-up
//!   ([`PERMUTATION_MASK`]).
//! - After each shrink, a box whose candidates for the digit sit in one
//!   column claims that column in the digit's two other bands
//!   ([`LOCKED_COLUMNS`]), which also keeps placed digits unique in columns.
//! - A row of the word left with one cell places the digit there: the cell is
//!   cleared from the other eight digits.
//! - Naked singles and bivalue cells come from counting, bit-parallel, how many
//!   digit words cover each cell of a band.
//! - When stuck on an open grid, column-to-box claiming (the vertical twin of
//!   the band shrink, which JCZSolve's horizontal layout lacks) runs over all
//!   digits at once ([`COLUMN_KEEP`]).
//!
//! A word is shrunk again when it differs from its value at its last shrink.
//! On puzzles that start open, each pass takes the set of such words with
//! one vector compare and walks it without a branch per word; on shallow
//! puzzles the words are visited in a fixed, unrolled order and skipped by
//! the comparison (see [`Board::propagate`]). A worklist of dirty bits, set
//! by each shrink, was measurably slower: each step then waits on the
//! previous word's look-ups. Shrinks of one band wait on each other, so the
//! shrink avoids table look-ups on that path.
//!
//! Guessing takes a bivalue cell (two branches; the second continues in place
//! without a copy). On an open grid it takes the bivalue cell with the most
//! unsolved cells in its row, column and box, which cuts the search tree by a
//! third on the hardest sets compared with the first bivalue cell; without a
//! bivalue cell it takes the first cell with the fewest candidates. On such
//! puzzles the digit tried first is the one with more candidates left in the
//! cell's box (fewer nodes to the first solution; see `search`). The state
//! is 228 bytes, so a guess is a plain copy.
//!
//! The first-solution benchmark on the forum hardest 1106 set favours
//! solvers that, like JCZSolve and the `sudoku` crate, guess the top-left
//! bivalue cell lowest digit first: the file's solutions are labelled so
//! that the first rows read nearly 1-9 in order (mean digit 2.1, 3.0, ...
//! 7.7 along row 1). With each puzzle's digits relabelled at random that
//! crate needs 57% more nodes to its first solution and we 13% more. We do
//! not tune for that labelling.
//!
//! This file is our own implementation of those published ideas; it does not
//! reuse code from any of those solvers.

use std::time::Instant;

use csp_core::{Cause, NoObserver, Observer, Var};

use crate::options::Limit;

/// Bits of one row (9 cells) of a band word.
const ROW: u32 = 0o777;
/// All 27 cells of a band.
const BAND: u32 = 0o777_777_777;

/// For a 9-bit row of a band word: 3 bits saying which of the row's three box
/// segments hold a candidate (for the rule check of the givens).
static BOX_PATTERN: [u8; 512] = box_pattern_table();

/// For a 9-bit (row, box) occupancy pattern (bit `box * 3 + row`, see
/// [`occupancy`]): the cells of a band word lying on the (row, box) pairs
/// that belong to at least one row-to-box permutation contained in the
/// pattern. Zero when no permutation fits, which means the digit cannot be
/// placed in the band.
static PERMUTATION_MASK: [u32; 512] = permutation_mask_table();

/// For the 9-bit column occupancy of a band word: the cells of the columns
/// that are the only column left to their box, repeated on all three rows.
static LOCKED_COLUMNS: [u32; 512] = locked_columns_table();

/// The cells of the rows in a 3-bit row set.
static ROW_CELLS: [u32; 8] = [
    0,
    ROW,
    ROW << 9,
    ROW | ROW << 9,
    ROW << 18,
    ROW | ROW << 18,
    ROW << 9 | ROW << 18,
    BAND,
];

/// Unsolved cells from which a position counts as open: column claiming and
/// the busiest bivalue cell run only there. Near the end of a search the
/// first bivalue cell is as good and the extra work does not pay.
const OPEN_GRID: u32 = 40;

/// [`OPEN_GRID`] when only the first solution is wanted: the careful steps
/// pay deeper there (2% faster on the 17-clue and forum hardest 1106 sets,
/// 4-8% fewer nodes on the hard sets, measured against 40).
const OPEN_GRID_FIRST: u32 = 30;

/// Blanks a puzzle needs at the start for [`OPEN_GRID`] to apply at all.
/// Puzzles with 32 givens or more (the serg set has 35) are shallow: on them
/// the careful guess saves no nodes and plain guessing is faster. Measured on
/// the five benchmark sets.
const CAREFUL_FROM: u32 = 50;

/// The cells of the boxes in a 3-bit box set of a band.
static BOX_CELLS: [u32; 8] = [
    0,
    0o007_007_007,
    0o070_070_070,
    0o077_077_077,
    0o700_700_700,
    0o707_707_707,
    0o770_770_770,
    BAND,
];

/// Number of set bits of a 9-bit value.
static COUNT9: [u8; 512] = count9_table();

const fn count9_table() -> [u8; 512] {
    let mut table = [0u8; 512];
    let mut value = 0;
    while value < 512 {
        table[value] = (value as u32).count_ones() as u8;
        value += 1;
    }
    table
}

/// For the 9-bit set of columns whose digit lies only in this band: the
/// cells that may keep the digit, i.e. in each box segment holding such a
/// column only those columns, elsewhere everything.
static COLUMN_KEEP: [u32; 512] = column_keep_table();

const fn column_keep_table() -> [u32; 512] {
    let mut table = [0u32; 512];
    let mut columns = 0;
    while columns < 512 {
        let mut keep = 0u32;
        let mut segment = 0;
        while segment < 3 {
            let bits = (columns >> (segment * 3)) & 0b111;
            let allowed = if bits == 0 { 0b111 } else { bits };
            keep |= (allowed << (segment * 3)) as u32 * 0o001_001_001;
            segment += 1;
        }
        table[columns] = keep;
        columns += 1;
    }
    table
}

const fn locked_columns_table() -> [u32; 512] {
    let mut table = [0u32; 512];
    let mut columns = 0;
    while columns < 512 {
        let mut claimed = 0u32;
        let mut segment = 0;
        while segment < 3 {
            let bits = (columns >> (segment * 3)) & 0b111;
            if bits != 0 && bits & (bits - 1) == 0 {
                claimed |= (bits << (segment * 3)) as u32 * 0o001_001_001;
            }
            segment += 1;
        }
        table[columns] = claimed;
        columns += 1;
    }
    table
}

const fn box_pattern_table() -> [u8; 512] {
    let mut table = [0u8; 512];
    let mut row = 0;
    while row < 512 {
        let mut pattern = 0u8;
        let mut segment = 0;
        while segment < 3 {
            if (row >> (segment * 3)) & 0b111 != 0 {
                pattern |= 1 << segment;
            }
            segment += 1;
        }
        table[row] = pattern;
        row += 1;
    }
    table
}

/// The (row, box) occupancy of a band word, bit `box * 3 + row`: each box
/// segment folded onto its first column (row `r`, box `b` at bit
/// `9r + 3b`), then shifting by 8 and 16 brings rows 1 and 2 to bits
/// `3b + 1` and `3b + 2` beside row 0. Shorter than three [`BOX_PATTERN`]
/// look-ups on the path from one shrink to the next.
#[inline(always)]
fn occupancy(cells: u32) -> usize {
    let segments = (cells | cells >> 1 | cells >> 2) & 0o111_111_111;
    ((segments | segments >> 8 | segments >> 16) & 511) as usize
}

const fn permutation_mask_table() -> [u32; 512] {
    const PERMUTATIONS: [[usize; 3]; 6] = [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ];
    let mut table = [0u32; 512];
    let mut pattern = 0;
    while pattern < 512 {
        let mut allowed = 0u32;
        let mut p = 0;
        while p < 6 {
            let boxes = PERMUTATIONS[p];
            let mut fits = true;
            let mut row = 0;
            while row < 3 {
                if (pattern >> (boxes[row] * 3 + row)) & 1 == 0 {
                    fits = false;
                }
                row += 1;
            }
            if fits {
                let mut row = 0;
                while row < 3 {
                    allowed |= 0b111 << (row * 9 + boxes[row] * 3);
                    row += 1;
                }
            }
            p += 1;
        }
        table[pattern] = allowed;
        pattern += 1;
    }
    table
}

/// Which solutions the caller wants and what was found so far, and who
/// watches.
struct Search<'a, O: Observer> {
    limit: u64,
    found: u64,
    nodes: u64,
    /// Branches tried off a decision point, each a copy of the board (the
    /// last digit of a cell goes on in place and is no guess): what tdoku
    /// counts as its guesses.
    guesses: u64,
    /// The node count at which to look at the budget again: the node
    /// limit, or sooner with a deadline (so that the hot path compares one
    /// counter whether or not there is a time limit).
    node_limit: u64,
    /// Nodes allowed before giving up (`u64::MAX`: no limit).
    max_nodes: u64,
    /// When to give up, if ever.
    deadline: Option<Instant>,
    /// Whether the deadline stopped the search.
    timed_out: bool,
    /// Whether to note when the first solution was found.
    note_first: bool,
    /// The nodes examined and the time when the first solution was found
    /// (when `note_first`).
    first_at: Option<(u64, u64, Instant)>,
    first: Option<&'a mut [u8; 81]>,
    /// Whether the puzzle started open enough for the costlier deductions,
    /// the careful guess and the snapshot propagation passes to pay (see
    /// [`OPEN_GRID`] and [`Board::propagate`]).
    careful: bool,
    /// Unsolved cells from which a position counts as open.
    open_from: u32,
    /// Told each propagation round (what it removed or placed), decision,
    /// failure, backtrack and solution, with csp-core's calls: a cell is
    /// the variable of its index in reading order. Everything it needs is
    /// computed under `O::ACTIVE`, so [`NoObserver`] costs nothing.
    observer: O,
    /// The decisions in force at the node being searched (kept only under
    /// `O::ACTIVE`).
    depth: usize,
    /// Decisions whose propagation failed (kept only under `O::ACTIVE`).
    failures: u64,
}

/// Nodes between two looks at the clock under a time limit.
const CLOCK_EVERY: u64 = 1024;

impl<O: Observer> Search<'_, O> {
    /// Called when `nodes` passed `node_limit`: whether to stop, at the
    /// node limit or at the deadline; else the next node count at which to
    /// look again.
    #[cold]
    fn out_of_budget(&mut self) -> bool {
        if self.nodes > self.max_nodes {
            return true;
        }
        if self
            .deadline
            .is_some_and(|deadline| Instant::now() >= deadline)
        {
            self.timed_out = true;
            return true;
        }
        self.node_limit = self.max_nodes.min(self.nodes + CLOCK_EVERY);
        false
    }
}

/// The candidate state of a 9x9 grid, laid out by digit and band.
#[derive(Clone, Copy)]
struct Board {
    /// `cells[digit * 3 + band]`: where `digit` can still go in `band`.
    cells: [u32; 27],
    /// Cells of each band not yet placed.
    unsolved_cells: [u32; 3],
    /// Each word as it was after its last shrink: a word that differs has
    /// lost candidates since and must be shrunk again.
    shrunk: [u32; 27],
}

/// Result of running one branch of the search.
#[derive(PartialEq, Eq)]
enum Flow {
    /// Keep searching other branches.
    Continue,
    /// The solution limit was reached: unwind.
    Stop,
}

impl Board {
    fn empty() -> Self {
        Board {
            cells: [BAND; 27],
            unsolved_cells: [BAND; 3],
            shrunk: [0; 27],
        }
    }

    /// The board of a grid's givens, every given's row, column and box
    /// cleared of its digit; `None` when the givens break the rules or a value
    /// is out of range.
    fn from_givens(grid: &[u8; 81]) -> Option<Self> {
        // Without a branch per cell: blanks and givens mix unpredictably,
        // and on shallow sets (the serg set's 35 givens) the mispredictions
        // of a per-cell `if` were a tenth of the whole solve.
        // `own[value][band]` holds the band's cells with that value; slot 0
        // the blanks.
        let (own, out_of_range) = value_masks(grid);
        if out_of_range {
            return None;
        }
        let blanks = own[0];
        let mut board = Board::empty();
        // Rule check on the words: a digit twice in a row, a column or a box.
        let mut clash = 0u32;
        let fold = |cells: u32| (cells | cells >> 9 | cells >> 18) & ROW;
        for digit in 0..9 {
            let mine = own[digit + 1];
            let columns = [fold(mine[0]), fold(mine[1]), fold(mine[2])];
            clash |= columns[0] & columns[1] | columns[0] & columns[2] | columns[1] & columns[2];
            for band in 0..3 {
                let cells = mine[band];
                let rows = [cells & ROW, (cells >> 9) & ROW, cells >> 18];
                let boxes = rows.map(|row| u32::from(BOX_PATTERN[row as usize]));
                // Two in one row, or two rows in one box (which covers two in
                // one column of the band).
                clash |= rows[0] & rows[0].wrapping_sub(1)
                    | rows[1] & rows[1].wrapping_sub(1)
                    | rows[2] & rows[2].wrapping_sub(1)
                    | boxes[0] & boxes[1]
                    | boxes[0] & boxes[2]
                    | boxes[1] & boxes[2];
                let row_set = u32::from(rows[0] != 0)
                    | u32::from(rows[1] != 0) << 1
                    | u32::from(rows[2] != 0) << 2;
                let other_columns =
                    (columns[(band + 1) % 3] | columns[(band + 2) % 3]) * 0o001_001_001;
                let peers = ROW_CELLS[row_set as usize]
                    | BOX_CELLS[(boxes[0] | boxes[1] | boxes[2]) as usize]
                    | other_columns;
                board.cells[digit * 3 + band] = (blanks[band] & !peers) | cells;
            }
        }
        if clash != 0 {
            return None;
        }
        board.unsolved_cells = blanks;
        Some(board)
    }

    /// Restricts `digit` to `cell` within its row of the band; the shrink of
    /// that word then places it and clears it everywhere else.
    #[inline(always)]
    fn assign(&mut self, digit: usize, cell: usize) {
        let band = cell / 27;
        let bit = 1u32 << (cell % 27);
        let row = (cell % 27) / 9;
        let word = digit * 3 + band;
        self.cells[word] &= !(ROW << (row * 9)) | bit;
    }

    /// Shrinks every changed word until nothing changes. Returns false on a
    /// contradiction.
    ///
    /// Each pass takes the set of changed words at once (one vector compare
    /// of the words with their value at their last shrink) and shrinks those,
    /// lowest first; words changed meanwhile wait for the next pass. A shrink
    /// clears its band's eight other words and its digit's two other bands,
    /// so consecutive shrinks mostly wait on each other anyway, and the
    /// branch-free walk through the set saves the mispredicted test per
    /// changed word of [`Board::propagate_in_order`]. It needs a third more
    /// passes, which pays on open grids (forum hardest 1106 first solution
    /// 16.3 ms against 17.2, 17-clue and top1465 6-8% faster) but not on the
    /// shallow serg set (20% slower), so the search uses it only on puzzles
    /// that start open.
    #[inline(always)]
    fn propagate(&mut self) -> bool {
        loop {
            let mut changed = self.changed_words();
            if changed == 0 {
                return true;
            }
            while changed != 0 {
                let word = changed.trailing_zeros() as usize;
                changed &= changed - 1;
                if !self.shrink(word) {
                    return false;
                }
            }
        }
    }

    /// [`Board::propagate`] visiting the words in a fixed, unrolled order,
    /// each skipped by a comparison with its value at its last shrink; words
    /// changed by an earlier one are shrunk in the same pass.
    #[inline(always)]
    fn propagate_in_order(&mut self) -> bool {
        macro_rules! visit {
            ($changed:ident; $($word:literal)*) => {
                $(
                    if self.cells[$word] != self.shrunk[$word] {
                        $changed = true;
                        if !self.shrink($word) {
                            return false;
                        }
                    }
                )*
            };
        }
        loop {
            let mut changed = false;
            visit!(changed; 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26);
            if !changed {
                return true;
            }
        }
    }

    /// Bit `word` set for each word that differs from its value at its last
    /// shrink.
    #[inline(always)]
    fn changed_words(&self) -> u32 {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{
                __m128i, _mm_castsi128_ps, _mm_cmpeq_epi32, _mm_loadu_si128, _mm_movemask_ps,
            };
            let load = |words: &[u32; 27], at: usize| {
                debug_assert!(at + 4 <= words.len());
                // SAFETY: SSE2 is part of the x86_64 baseline; `at` is at
                // most 23, so the four words are inside the array, and the
                // load is unaligned.
                unsafe { _mm_loadu_si128(words.as_ptr().add(at).cast::<__m128i>()) }
            };
            // Words 0-23 four at a time, then 23-26 (23 twice).
            let mut same = 0u32;
            for at in [0, 4, 8, 12, 16, 20, 23] {
                // SAFETY: SSE2 is part of the x86_64 baseline.
                let lanes = unsafe {
                    let equal = _mm_cmpeq_epi32(load(&self.cells, at), load(&self.shrunk, at));
                    _mm_movemask_ps(_mm_castsi128_ps(equal))
                };
                same |= (lanes as u32) << at;
            }
            !same & BAND
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            let mut changed = 0u32;
            for word in 0..27 {
                changed |= u32::from(self.cells[word] != self.shrunk[word]) << word;
            }
            changed
        }
    }

    /// Shrinks one word (box-line interactions, hidden singles in its rows and
    /// boxes), claims locked columns in the digit's other bands and places the
    /// rows left with one cell.
    ///
    /// Consecutive shrinks of a band wait on each other (each clears the
    /// band's words), so the path from the word to what it clears is kept
    /// short: the occupancy and the placed rows are computed with shifts and
    /// masks rather than table look-ups (forum hardest 1106 first solution
    /// 15.3 ms against 16.3).
    #[inline(always)]
    fn shrink(&mut self, word: usize) -> bool {
        let band = word % 3;
        let first = word - band + (band + 1) % 3;
        let second = word - band + (band + 2) % 3;
        let cells = self.cells[word];
        let shrunk = cells & PERMUTATION_MASK[occupancy(cells)];
        if shrunk == 0 {
            return false;
        }
        // A box whose candidates sit in one column claims that column in the
        // other two bands (this also keeps placed digits unique in their
        // columns).
        let columns = (shrunk | shrunk >> 9 | shrunk >> 18) & ROW;
        let claimed = !LOCKED_COLUMNS[columns as usize & 511];
        self.cells[first] &= claimed;
        self.cells[second] &= claimed;
        // Rows left with one cell place the digit there: the cell leaves the
        // band's other words. Placing again a row placed before changes
        // nothing, which is cheaper than a branch; so is clearing all nine
        // words and then restoring this one.
        // (Every row of a non-empty shrunk word holds a cell, as each
        // permutation covers all three rows; wrapping keeps that an
        // assumption about the result, not a possible panic.)
        let single = |row: u32| row & 0u32.wrapping_sub(u32::from(row & row.wrapping_sub(1) == 0));
        let placed =
            !(single(shrunk & ROW) | single((shrunk >> 9) & ROW) << 9 | single(shrunk >> 18) << 18);
        self.unsolved_cells[band] &= placed;
        for digit in 0..9 {
            self.cells[digit * 3 + band] &= placed;
        }
        self.cells[word] = shrunk;
        self.shrunk[word] = shrunk;
        true
    }

    /// Places every naked single; returns `Err(())` on a cell with no
    /// candidate, `Ok(true)` if something was placed, `Ok(false)` with the
    /// search otherwise stuck.
    #[inline(always)]
    #[expect(
        clippy::needless_range_loop,
        reason = "a band indexes three arrays and the words"
    )]
    fn naked_singles(&mut self, pairs_out: &mut [u32; 3]) -> Result<bool, ()> {
        let mut any = false;
        for band in 0..3 {
            let unsolved = self.unsolved_cells[band];
            if unsolved == 0 {
                pairs_out[band] = 0;
                continue;
            }
            let (mut one, mut two, mut three) = (0u32, 0u32, 0u32);
            for digit in 0..9 {
                let cells = self.cells[digit * 3 + band];
                three |= two & cells;
                two |= one & cells;
                one |= cells;
            }
            if unsolved & !one != 0 {
                return Err(());
            }
            pairs_out[band] = two & !three & unsolved;
            let mut singles = unsolved & !two;
            while singles != 0 {
                let bit = singles & singles.wrapping_neg();
                singles ^= bit;
                let position = bit.trailing_zeros() as usize;
                // Branch-free: which digit still covers the cell (an earlier
                // single of this pass may have taken its only one).
                let (mut digit, mut hits) = (0, 0);
                for candidate in 0..9 {
                    let hit = usize::from(self.cells[candidate * 3 + band] & bit != 0);
                    digit += hit * candidate;
                    hits += hit;
                }
                if hits == 0 {
                    return Err(());
                }
                self.assign(digit, band * 27 + position);
                any = true;
            }
        }
        Ok(any)
    }

    /// Column-to-box claiming, the vertical twin of what the band shrink does
    /// for rows: when a digit's candidates in a column all lie in one band,
    /// the digit leaves the other columns of that box. Returns whether
    /// anything was removed.
    #[inline(always)]
    fn column_claims(&mut self) -> bool {
        let mut removed = 0u32;
        for digit in 0..9 {
            let base = digit * 3;
            let [w0, w1, w2] = [self.cells[base], self.cells[base + 1], self.cells[base + 2]];
            let c0 = (w0 | w0 >> 9 | w0 >> 18) & ROW;
            let c1 = (w1 | w1 >> 9 | w1 >> 18) & ROW;
            let c2 = (w2 | w2 >> 9 | w2 >> 18) & ROW;
            let n0 = w0 & COLUMN_KEEP[(c0 & !c1 & !c2) as usize & 511];
            let n1 = w1 & COLUMN_KEEP[(c1 & !c0 & !c2) as usize & 511];
            let n2 = w2 & COLUMN_KEEP[(c2 & !c0 & !c1) as usize & 511];
            removed |= (w0 ^ n0) | (w1 ^ n1) | (w2 ^ n2);
            self.cells[base] = n0;
            self.cells[base + 1] = n1;
            self.cells[base + 2] = n2;
        }
        removed != 0
    }

    /// The digits still possible in `cell`, as a 9-bit mask; branch-free
    /// (a test per digit mispredicts).
    #[inline(always)]
    fn candidates(&self, cell: usize) -> u16 {
        let band = cell / 27;
        let position = cell % 27;
        let mut mask = 0u32;
        for digit in 0..9 {
            mask |= ((self.cells[digit * 3 + band] >> position) & 1) << digit;
        }
        mask as u16
    }

    fn write_solution(&self, grid: &mut [u8; 81]) {
        for digit in 0..9 {
            for band in 0..3 {
                let mut cells = self.cells[digit * 3 + band];
                while cells != 0 {
                    let position = cells.trailing_zeros() as usize;
                    cells &= cells - 1;
                    grid[band * 27 + position] = digit as u8 + 1;
                }
            }
        }
    }

    fn search<O: Observer>(&mut self, search: &mut Search<'_, O>) -> Flow {
        search.nodes += 1;
        if search.nodes > search.node_limit && search.out_of_budget() {
            return Flow::Stop;
        }
        let mut pairs = [0u32; 3];
        // What an observer is told: the decisions in force here, and the
        // candidates when the current propagation round began.
        let mut depth = search.depth;
        let mut before = if O::ACTIVE {
            self.begin_round(search, depth)
        } else {
            [0; 81]
        };
        loop {
            // The snapshot passes pay only on open puzzles (see `propagate`).
            let consistent = if search.careful {
                self.propagate()
            } else {
                self.propagate_in_order()
            };
            if !consistent {
                if O::ACTIVE {
                    self.fail(search, &before);
                }
                return Flow::Continue;
            }
            match self.naked_singles(&mut pairs) {
                Err(()) => {
                    if O::ACTIVE {
                        self.fail(search, &before);
                    }
                    return Flow::Continue;
                }
                Ok(true) => continue,
                Ok(false) => {}
            }
            // The costlier deductions and the careful choice of a guess pay
            // off only while much of the grid is open; near the end (and on
            // puzzles that start nearly full) the first bivalue cell is as
            // good.
            let open = search.careful && self.unsolved_count() >= search.open_from;
            if open && self.column_claims() {
                continue;
            }
            if O::ACTIVE {
                self.tell_pruned(&mut search.observer, &before);
            }
            if self.unsolved_cells == [0; 3] {
                if O::ACTIVE {
                    let mut grid = [0u8; 81];
                    self.write_solution(&mut grid);
                    search.observer.solution(&grid.map(i32::from));
                }
                if search.found == 0 {
                    if let Some(grid) = search.first.as_deref_mut() {
                        self.write_solution(grid);
                    }
                    if search.note_first {
                        search.first_at = Some((search.nodes, search.guesses, Instant::now()));
                    }
                }
                search.found += 1;
                return if search.found >= search.limit {
                    Flow::Stop
                } else {
                    Flow::Continue
                };
            }
            // Branch on a bivalue cell when there is one: the first digit in a
            // copy, the second in place.
            let pair = if open {
                self.busiest_pair(&pairs)
            } else {
                (0..3)
                    .find(|&band| pairs[band] != 0)
                    .map(|band| band * 27 + pairs[band].trailing_zeros() as usize)
            };
            let cell = match pair {
                Some(cell) => cell,
                None => self.fewest_candidates_cell(),
            };
            let mut digits = self.candidates(cell);
            // On a bivalue cell, first the digit with more candidates left in
            // the cell's box: placing it removes more, so a wrong branch dies
            // sooner and a right one gets further. Against lowest digit first
            // this visits 8.5% fewer nodes on the forum hardest 1106 set and
            // 3% fewer on the 17-clue and 1905 sets (first solution). Only on
            // open puzzles: on the shallow serg set the comparison (an
            // unpredictable branch per guess) cost more than it saved.
            if search.careful && pair.is_some() {
                let low = digits.trailing_zeros() as usize;
                let high = 15 - digits.leading_zeros() as usize;
                let first = if self.box_places(high, cell) > self.box_places(low, cell) {
                    high
                } else {
                    low
                };
                digits ^= 1 << first;
                search.guesses += 1;
                let mut branch = self.fork();
                branch.assign(first, cell);
                if O::ACTIVE {
                    Self::decide(search, cell, first, depth);
                }
                if branch.search(search) == Flow::Stop {
                    return Flow::Stop;
                }
                if O::ACTIVE {
                    Self::refute(search, cell, first, depth);
                }
            }
            while digits & (digits - 1) != 0 {
                let digit = digits.trailing_zeros() as usize;
                digits &= digits - 1;
                search.guesses += 1;
                let mut branch = self.fork();
                branch.assign(digit, cell);
                if O::ACTIVE {
                    Self::decide(search, cell, digit, depth);
                }
                if branch.search(search) == Flow::Stop {
                    return Flow::Stop;
                }
                if O::ACTIVE {
                    Self::refute(search, cell, digit, depth);
                }
            }
            search.nodes += 1;
            if search.nodes > search.node_limit && search.out_of_budget() {
                return Flow::Stop;
            }
            // The last digit left goes on in place, one decision deeper.
            let last = digits.trailing_zeros() as usize;
            self.assign(last, cell);
            if O::ACTIVE {
                Self::decide(search, cell, last, depth);
                depth += 1;
                before = self.begin_round(search, depth);
            }
        }
    }

    /// Tells the observer a propagation round begins at `depth` and
    /// returns the candidates it starts from.
    fn begin_round<O: Observer>(&self, search: &mut Search<'_, O>, depth: usize) -> [u16; 81] {
        search.depth = depth;
        let cause = if depth == 0 {
            Cause::Root
        } else {
            Cause::Decision
        };
        search.observer.propagate(cause, depth);
        self.all_candidates()
    }

    /// Tells the observer `cell = digit` is tried below `depth`.
    fn decide<O: Observer>(search: &mut Search<'_, O>, cell: usize, digit: usize, depth: usize) {
        search.depth = depth + 1;
        search
            .observer
            .decision(Var::from_index(cell), digit as i32 + 1, depth + 1);
    }

    /// Tells the observer the search is back at `depth` and `cell = digit`
    /// is ruled out there.
    fn refute<O: Observer>(search: &mut Search<'_, O>, cell: usize, digit: usize, depth: usize) {
        search.depth = depth;
        search.observer.backtrack(depth);
        search
            .observer
            .refutation(Var::from_index(cell), digit as i32 + 1, depth);
    }

    /// Tells the observer what the failed round removed and the cell left
    /// without a candidate (none when a digit found no place in a band).
    fn fail<O: Observer>(&self, search: &mut Search<'_, O>, before: &[u16; 81]) {
        search.failures += 1;
        self.tell_pruned(&mut search.observer, before);
        let empty = (0..81).find(|&cell| {
            before[cell] != 0 && self.is_unsolved(cell) && self.candidates(cell) == 0
        });
        search.observer.wipeout(empty.map(Var::from_index));
    }

    /// Tells the observer, cell by cell, the candidates that left the
    /// cells open before the round: `placed D` for a cell that took digit
    /// `D` (its removed values possibly none), `bands` for one still open.
    fn tell_pruned<O: Observer>(&self, observer: &mut O, before: &[u16; 81]) {
        for (cell, &was) in before.iter().enumerate() {
            if was == 0 {
                continue;
            }
            let now = self.candidates(cell);
            let gone = was & !now;
            // A cell placed is told even when its last candidate was its
            // only one before the round (nothing removed).
            let placed = !self.is_unsolved(cell) && now.count_ones() == 1;
            if gone == 0 && !placed {
                continue;
            }
            let removed: Vec<i32> = (0..9)
                .filter(|digit| gone >> digit & 1 == 1)
                .map(|digit| digit + 1)
                .collect();
            let var = Var::from_index(cell);
            if placed {
                let placed = format!("placed {}", now.trailing_zeros() + 1);
                observer.pruned(&placed, var, &removed);
            } else {
                observer.pruned("bands", var, &removed);
            }
        }
    }

    /// The candidates of every cell still open (0 for a placed one).
    fn all_candidates(&self) -> [u16; 81] {
        std::array::from_fn(|cell| {
            if self.is_unsolved(cell) {
                self.candidates(cell)
            } else {
                0
            }
        })
    }

    fn is_unsolved(&self, cell: usize) -> bool {
        self.unsolved_cells[cell / 27] >> (cell % 27) & 1 == 1
    }

    /// A copy for a branch, field by field: each field is small enough for
    /// the compiler to copy inline instead of calling `memcpy` for the
    /// whole board.
    #[inline(always)]
    fn fork(&self) -> Board {
        Board {
            cells: self.cells,
            unsolved_cells: self.unsolved_cells,
            shrunk: self.shrunk,
        }
    }

    /// How many cells of `cell`'s box may still take `digit`.
    #[inline(always)]
    fn box_places(&self, digit: usize, cell: usize) -> u32 {
        let band = cell / 27;
        let segment = cell % 9 / 3;
        let cells = (self.cells[digit * 3 + band] >> (segment * 3)) & 0o007_007_007;
        u32::from(COUNT9[((cells | cells >> 6 | cells >> 12) & ROW) as usize])
    }

    /// Number of unsolved cells.
    #[inline(always)]
    fn unsolved_count(&self) -> u32 {
        let count27 = |cells: u32| {
            u32::from(COUNT9[(cells & ROW) as usize])
                + u32::from(COUNT9[((cells >> 9) & ROW) as usize])
                + u32::from(COUNT9[((cells >> 18) & ROW) as usize])
        };
        let [u0, u1, u2] = self.unsolved_cells;
        count27(u0) + count27(u1) + count27(u2)
    }

    /// The bivalue cell with the most unsolved cells in its row, column and
    /// box: its guess reaches furthest, which on hard puzzles prunes the tree
    /// most (a third fewer nodes than taking the first bivalue cell).
    #[inline(always)]
    #[expect(
        clippy::needless_range_loop,
        reason = "a band indexes two arrays and the cell"
    )]
    fn busiest_pair(&self, pairs: &[u32; 3]) -> Option<usize> {
        if pairs[0] | pairs[1] | pairs[2] == 0 {
            return None;
        }
        let [u0, u1, u2] = self.unsolved_cells;
        // Unsolved cells per column: the three bands' columns added as
        // 9-bit lanes, then each band's three rows summed by a multiply.
        let mut column_counts = [0u32; 9];
        for (col, count) in column_counts.iter_mut().enumerate() {
            let column = ((u0 >> col) & 0o001_001_001)
                + ((u1 >> col) & 0o001_001_001)
                + ((u2 >> col) & 0o001_001_001);
            *count = (column.wrapping_mul(0o001_001_001) >> 18) & 0b1111;
        }
        // Best (score, cell) packed in one key so that taking the maximum
        // needs no unpredictable branch; on a tie the later cell wins.
        let mut best = 0u32;
        for band in 0..3 {
            let unsolved = self.unsolved_cells[band];
            let mut candidates = pairs[band];
            if candidates == 0 {
                continue;
            }
            let row_counts = [
                u32::from(COUNT9[(unsolved & ROW) as usize]),
                u32::from(COUNT9[((unsolved >> 9) & ROW) as usize]),
                u32::from(COUNT9[((unsolved >> 18) & ROW) as usize]),
            ];
            let mut box_counts = [0u32; 3];
            for (segment, count) in box_counts.iter_mut().enumerate() {
                let cells = (unsolved >> (segment * 3)) & 0o007_007_007;
                *count = u32::from(COUNT9[((cells | cells >> 6 | cells >> 12) & ROW) as usize]);
            }
            while candidates != 0 {
                let position = candidates.trailing_zeros() as usize;
                candidates &= candidates - 1;
                let (row, col) = (position / 9, position % 9);
                let score = row_counts[row] + box_counts[col / 3] + column_counts[col];
                let key = score << 7 | (band * 27 + position) as u32;
                best = best.max(key);
            }
        }
        Some((best & 127) as usize)
    }

    /// The first cell with the fewest candidates, for the rare positions
    /// without a bivalue cell. Candidates are counted bit-parallel per band:
    /// `at_least[k]` holds the cells with more than `k` candidates.
    fn fewest_candidates_cell(&self) -> usize {
        let mut best = (usize::MAX, 0);
        for band in 0..3 {
            let unsolved = self.unsolved_cells[band];
            if unsolved == 0 {
                continue;
            }
            let mut at_least = [0u32; 9];
            for digit in 0..9 {
                let cells = self.cells[digit * 3 + band];
                for k in (1..9).rev() {
                    at_least[k] |= at_least[k - 1] & cells;
                }
                at_least[0] |= cells;
            }
            // Cells with exactly k + 1 candidates, for the smallest such k.
            for k in 1..best.0.min(9) {
                let exact = unsolved & at_least[k] & !at_least.get(k + 1).copied().unwrap_or(0);
                if exact != 0 {
                    best = (k, band * 27 + exact.trailing_zeros() as usize);
                    break;
                }
            }
        }
        best.1
    }
}

/// For each value 0-9, the cells of each band holding it, and whether any
/// value is above 9: SSE2 byte compares, 16 cells at a time (3% of the serg
/// count against the one-cell-at-a-time loop, whose read-modify-writes of
/// the same slot wait on each other).
#[cfg(target_arch = "x86_64")]
fn value_masks(grid: &[u8; 81]) -> ([[u32; 3]; 10], bool) {
    // SAFETY: SSE2 is part of the x86_64 baseline, every x86_64 processor
    // has it.
    unsafe { value_masks_sse2(grid) }
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "sse2")]
fn value_masks_sse2(grid: &[u8; 81]) -> ([[u32; 3]; 10], bool) {
    use std::arch::x86_64::{
        _mm_cmpeq_epi8, _mm_movemask_epi8, _mm_set_epi64x, _mm_set1_epi8, _mm_setzero_si128,
        _mm_subs_epu8,
    };
    let mut padded = [0u8; 96];
    padded[..81].copy_from_slice(grid);
    let chunks: [_; 6] = std::array::from_fn(|k| {
        let word = |at: usize| i64::from_le_bytes(padded[at..at + 8].try_into().expect("8 bytes"));
        _mm_set_epi64x(word(16 * k + 8), word(16 * k))
    });
    let gather = |value: i8| {
        let wanted = _mm_set1_epi8(value);
        let mut bits = 0u128;
        for (k, &chunk) in chunks.iter().enumerate() {
            let mask = _mm_movemask_epi8(_mm_cmpeq_epi8(chunk, wanted)) as u32 & 0xffff;
            bits |= u128::from(mask) << (16 * k);
        }
        bits
    };
    let mut own = [[0u32; 3]; 10];
    for (value, own) in own.iter_mut().enumerate() {
        let bits = gather(value as i8);
        *own = [0, 1, 2].map(|band| (bits >> (27 * band)) as u32 & BAND);
    }
    let mut above = 0u32;
    for &chunk in &chunks {
        let excess = _mm_subs_epu8(chunk, _mm_set1_epi8(9));
        above |= !(_mm_movemask_epi8(_mm_cmpeq_epi8(excess, _mm_setzero_si128())) as u32) & 0xffff;
    }
    (own, above != 0)
}

#[cfg(not(target_arch = "x86_64"))]
fn value_masks(grid: &[u8; 81]) -> ([[u32; 3]; 10], bool) {
    value_masks_portable(grid)
}

/// [`value_masks`] one cell at a time (slots 10-15 collect out-of-range
/// values, which a flag reports).
#[cfg(any(test, not(target_arch = "x86_64")))]
fn value_masks_portable(grid: &[u8; 81]) -> ([[u32; 3]; 10], bool) {
    let mut own = [[0u32; 16]; 3];
    let mut out_of_range = false;
    for band in 0..3 {
        for position in 0..27 {
            let value = grid[band * 27 + position];
            out_of_range |= value > 9;
            own[band][usize::from(value & 15)] |= 1 << position;
        }
    }
    (
        std::array::from_fn(|value| [own[0][value], own[1][value], own[2][value]]),
        out_of_range,
    )
}

/// What one run of the fast engine found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct FastResult {
    /// Solutions found, at most the limit.
    pub found: u64,
    /// Search nodes visited (the root plus one per guess).
    pub nodes: u64,
    /// Branches tried on a copy of the board (see `Search::guesses`).
    pub guesses: u64,
    /// The limit that stopped the search before it was complete, if one
    /// did: the node or the time limit.
    pub limit: Option<Limit>,
}

/// Solves a 9x9 grid given as 81 values (0 for blank, 1-9 for givens), writing
/// the first solution into `solution` when one exists and counting solutions
/// up to `limit` (at least 1), visiting at most `node_limit` nodes and
/// stopping at `deadline`.
pub(crate) fn solve_9x9(
    grid: &[u8; 81],
    limit: u64,
    node_limit: Option<u64>,
    deadline: Option<Instant>,
    solution: &mut [u8; 81],
) -> FastResult {
    solve_9x9_observed(grid, limit, node_limit, deadline, solution, NoObserver).0
}

/// [`solve_9x9`], telling `observer` each propagation round (its `prune`
/// calls name `bands` or `placed D`), decision, refutation, backtrack,
/// wipeout and solution, a cell being the variable of its index in reading
/// order. Also returns the decisions whose propagation failed. `end` is
/// left to the caller, which knows the outcome.
pub(crate) fn solve_9x9_observed<O: Observer>(
    grid: &[u8; 81],
    limit: u64,
    node_limit: Option<u64>,
    deadline: Option<Instant>,
    solution: &mut [u8; 81],
    observer: O,
) -> (FastResult, u64) {
    let open_from = if limit <= 1 {
        OPEN_GRID_FIRST
    } else {
        OPEN_GRID
    };
    let (result, _, failures) = run(
        grid, limit, open_from, node_limit, deadline, solution, false, observer,
    );
    (result, failures)
}

/// What [`solve_and_tell_unique`] found: the run to the first solution,
/// when that solution was found, and whether it is unique.
pub(crate) struct Told {
    /// The search as a first-solution run ([`solve_9x9`] with a limit of
    /// 1) would have ended: the same solution, nodes and limit.
    pub first: FastResult,
    /// When the first solution was found, if it was.
    pub first_found_at: Option<Instant>,
    /// Whether the solution is unique: `None` when there is none or a limit
    /// stopped the count.
    pub unique: Option<bool>,
}

/// [`solve_9x9`] for the first solution, then on in the same search to a
/// second one, which tells whether the first is unique: the path to the
/// first solution is that of a first-solution run (same strategy), so its
/// nodes are those such a run counts, and the count costs only what lies
/// past it. The limits bound the whole search.
pub(crate) fn solve_and_tell_unique(
    grid: &[u8; 81],
    node_limit: Option<u64>,
    deadline: Option<Instant>,
    solution: &mut [u8; 81],
) -> Told {
    let (counted, first_at, _) = run(
        grid,
        2,
        OPEN_GRID_FIRST,
        node_limit,
        deadline,
        solution,
        true,
        NoObserver,
    );
    match first_at {
        Some((nodes, guesses, at)) => Told {
            first: FastResult {
                found: 1,
                nodes,
                guesses,
                limit: None,
            },
            first_found_at: Some(at),
            unique: match counted.limit {
                Some(_) => None,
                None => Some(counted.found == 1),
            },
        },
        None => Told {
            first: counted,
            first_found_at: None,
            unique: None,
        },
    }
}

#[expect(
    clippy::too_many_arguments,
    reason = "the two public entry points name each setting they pass"
)]
fn run<O: Observer>(
    grid: &[u8; 81],
    limit: u64,
    open_from: u32,
    node_limit: Option<u64>,
    deadline: Option<Instant>,
    solution: &mut [u8; 81],
    note_first: bool,
    mut observer: O,
) -> (FastResult, Option<(u64, u64, Instant)>, u64) {
    let Some(mut board) = Board::from_givens(grid) else {
        let result = FastResult {
            found: 0,
            nodes: 0,
            guesses: 0,
            limit: None,
        };
        if O::ACTIVE {
            // The givens break the rules: the root fails before any round.
            observer.propagate(Cause::Root, 0);
            observer.wipeout(None);
        }
        return (result, None, 0);
    };
    let max_nodes = node_limit.unwrap_or(u64::MAX);
    let mut search = Search {
        limit: limit.max(1),
        found: 0,
        nodes: 0,
        guesses: 0,
        node_limit: match deadline {
            Some(_) => max_nodes.min(CLOCK_EVERY),
            None => max_nodes,
        },
        max_nodes,
        deadline,
        timed_out: false,
        note_first,
        first_at: None,
        first: Some(solution),
        careful: board.unsolved_count() >= CAREFUL_FROM,
        open_from,
        observer,
        depth: 0,
        failures: 0,
    };
    board.search(&mut search);
    let limit = if search.timed_out {
        Some(Limit::Time)
    } else if search.nodes > search.max_nodes {
        Some(Limit::Node)
    } else {
        None
    };
    let result = FastResult {
        found: search.found,
        // The node that crossed a limit was not searched.
        nodes: if limit.is_some() {
            search.nodes - 1
        } else {
            search.nodes
        },
        guesses: search.guesses,
        limit,
    };
    (result, search.first_at, search.failures)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn permutation_table_keeps_only_consistent_pairs() {
        // Pattern: every row can use every box -> everything allowed.
        assert_eq!(PERMUTATION_MASK[0o777], BAND);
        // Row 0 only in box 0 -> rows 1 and 2 lose box 0.
        let cells = 0o007 | 0o777 << 9 | 0o777 << 18;
        let mask = PERMUTATION_MASK[occupancy(cells)];
        assert_eq!(mask & 0o777, 0o007);
        assert_eq!((mask >> 9) & 0o777, 0o770);
        // Two rows confined to the same single box: impossible.
        assert_eq!(
            PERMUTATION_MASK[occupancy(0o001 | 0o004 << 9 | 0o777 << 18)],
            0
        );
    }

    #[test]
    fn occupancy_has_a_bit_per_row_and_box() {
        for row in 0..3 {
            for segment in 0..3 {
                for column in 0..3 {
                    let cell = 1u32 << (row * 9 + segment * 3 + column);
                    assert_eq!(occupancy(cell), 1 << (segment * 3 + row));
                }
            }
        }
        assert_eq!(occupancy(BAND), 511);
    }

    #[test]
    fn value_masks_agree_with_the_portable_loop() {
        let mut state = 0x2545_f491_4f6c_dd1du64;
        for round in 0..2000 {
            let mut grid = [0u8; 81];
            for value in &mut grid {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                // Mostly 0-9, a few grids with a value out of range.
                *value = if round % 7 == 0 && state.is_multiple_of(23) {
                    (state >> 8) as u8
                } else {
                    (state % 10) as u8
                };
            }
            let (fast, fast_out) = value_masks(&grid);
            let (slow, slow_out) = value_masks_portable(&grid);
            assert_eq!(fast_out, slow_out);
            // Out of range, the masks are not used.
            if !fast_out {
                assert_eq!(fast, slow);
            }
        }
    }

    /// Both propagation loops shrink until nothing changes, so they must
    /// reach the same board, also after a first guess that opens more work.
    #[test]
    fn both_propagation_loops_reach_the_same_board() {
        let mut boards = 0;
        for name in ["forum_hardest_1106_sample.txt", "clue17_sample.txt"] {
            let path = format!(
                "{}/../../fixtures/sudoku/{name}",
                env!("CARGO_MANIFEST_DIR")
            );
            let text = std::fs::read_to_string(&path).expect("fixture");
            for line in text.lines().filter(|line| line.len() == 81) {
                let mut grid = [0u8; 81];
                for (cell, c) in grid.iter_mut().zip(line.bytes()) {
                    *cell = c.checked_sub(b'0').filter(|&d| d <= 9).unwrap_or(0);
                }
                let Some(start) = Board::from_givens(&grid) else {
                    continue;
                };
                // The start, and the start with one candidate removed from
                // every band word of digit 1 (a shallow "guess").
                let mut guessed = start;
                for word in 0..3 {
                    let cells = guessed.cells[word];
                    guessed.cells[word] = cells & cells.wrapping_sub(1);
                }
                for board in [start, guessed] {
                    let (mut snapshot, mut in_order) = (board, board);
                    let consistent = snapshot.propagate();
                    assert_eq!(consistent, in_order.propagate_in_order(), "{line}");
                    if consistent {
                        assert_eq!(snapshot.cells, in_order.cells, "{line}");
                        assert_eq!(snapshot.unsolved_cells, in_order.unsolved_cells, "{line}");
                    }
                    boards += 1;
                }
            }
        }
        assert!(boards > 20, "the fixtures hold puzzles ({boards} boards)");
    }

    #[test]
    fn givens_that_break_the_rules_are_rejected() {
        let with = |cells: &[(usize, u8)]| {
            let mut grid = [0u8; 81];
            for &(cell, value) in cells {
                grid[cell] = value;
            }
            Board::from_givens(&grid).is_some()
        };
        assert!(with(&[]));
        assert!(with(&[(0, 5), (10, 6), (30, 5), (80, 9)]));
        // Same row, across boxes and bands' edges.
        assert!(!with(&[(0, 5), (8, 5)]));
        assert!(!with(&[(72, 9), (80, 9)]));
        // Same column, within a band and across bands.
        assert!(!with(&[(4, 3), (13, 3)]));
        assert!(!with(&[(4, 3), (76, 3)]));
        // Same box, different rows and columns.
        assert!(!with(&[(30, 7), (50, 7)]));
        // Out of range, including values that wrap to a digit modulo 16.
        assert!(!with(&[(40, 10)]));
        assert!(!with(&[(40, 17)]));
    }
}
