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
//! - On puzzles that start open (see [`CAREFUL_FROM`]), when that is stuck:
//!   the stack twin of the band shrink for every digit at once, a digit's
//!   columns mapped onto its bands by a permutation ([`Board::shrink_stacks`],
//!   which covers column-to-box claiming and hidden singles in columns), and
//!   then triads, tdoku's mini-line rules ([`Board::triads`]): the three cells
//!   a row shares with a box (and those a column shares with a box) hold
//!   exactly three digits, so a mini-line only three digits can reach takes
//!   them, and one three digits must reach keeps only them.
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
//! Guessing on those puzzles follows tdoku's branch: in the band or stack
//! with the fewest row-to-box (column-to-band) configurations left over its
//! nine digits, a digit with the fewest, at least two, takes each in turn
//! (each but the last in a copy; the last goes on in place). With the stack
//! shrink and the triads this visits 43% fewer nodes than the busiest
//! bivalue cell did counting to 2 on the forum hardest 1106 set (110.8
//! guesses per puzzle against 193.8; tdoku 110.4) and 44% fewer on the 1905
//! set (61.7 against 109.7; tdoku 61.7); either part alone saves under a
//! sixth. On shallow puzzles a guess takes the first bivalue cell, lowest
//! digit first, or without one the first cell with the fewest candidates.
//! The board is 228 bytes, so a guess is a plain copy; on open puzzles
//! it copies too the 400 bytes that let the stack shrink and the triads
//! look again only at the digits whose words changed ([`Careful`]).
//!
//! The first-solution benchmark on the forum hardest 1106 set favours
//! solvers that, like JCZSolve and the `sudoku` crate, guess the top-left
//! bivalue cell lowest digit first: the file's solutions are labelled so
//! that the first rows read nearly 1-9 in order (mean digit 2.1, 3.0, ...
//! 7.7 along row 1). With each puzzle's digits relabelled at random that
//! crate needs 57% more nodes to its first solution and we 21% more guesses. We do
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

/// For each word `digit * 3 + band`: its band and the words of the digit's
/// two other bands, `band + 1` and `band + 2` (mod 3). Words rather than
/// bytes: three plain loads, where bytes took seven instructions to
/// extract.
static WORD_PEERS: [[u32; 3]; 27] = word_peers_table();

const fn word_peers_table() -> [[u32; 3]; 27] {
    let mut table = [[0u32; 3]; 27];
    let mut word = 0;
    while word < 27 {
        let band = word % 3;
        let base = word - band;
        table[word] = [
            band as u32,
            (base + (band + 1) % 3) as u32,
            (base + (band + 2) % 3) as u32,
        ];
        word += 1;
    }
    table
}

/// Bit `word` set for each word where `now` differs from `then`.
#[inline(always)]
fn differing_words(now: &[u32; 27], then: &[u32; 27]) -> u32 {
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
        // Words 0-23 four at a time, then 23-26 (23 twice). A mask per
        // compare: narrowing the compares to bytes first (two masks for
        // the 27 words) took fewer instructions but lengthened the path
        // to the pass's first shrink, and was 2% slower.
        let mut same = 0u32;
        for at in [0, 4, 8, 12, 16, 20, 23] {
            // SAFETY: SSE2 is part of the x86_64 baseline.
            let lanes = unsafe {
                let equal = _mm_cmpeq_epi32(load(now, at), load(then, at));
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
            changed |= u32::from(now[word] != then[word]) << word;
        }
        changed
    }
}

/// Blanks a puzzle needs at the start for the stack shrink, the triads and
/// the branch on configurations to run. Puzzles with 32 givens or more (the
/// serg set has 35) are shallow: on them plain guessing is faster. Measured
/// on the five benchmark sets.
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

/// The six row-to-box permutations of a band (row `r` in box
/// `PERMUTATIONS[p][r]`), the configurations a digit can take in it. A
/// stack's are the same with its columns for the rows and the bands for
/// the boxes.
const PERMUTATIONS: [[usize; 3]; 6] = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
];

/// The inverse of each of the [`PERMUTATIONS`]: for a stack's
/// configuration `p`, the column it takes in each band.
const INVERSE_PERMUTATIONS: [[usize; 3]; 6] = {
    let mut table = [[0; 3]; 6];
    let mut p = 0;
    while p < 6 {
        let mut line = 0;
        while line < 3 {
            table[p][PERMUTATIONS[p][line]] = line;
            line += 1;
        }
        p += 1;
    }
    table
};

/// The variable an observer is told of for keeping a digit to
/// configuration `p` of band `unit` (or of stack `unit`), a decision that
/// places it in no one cell: one past the 81 cells for each unit and
/// configuration, named by [`configuration_name`].
fn configuration_var(stack: bool, unit: usize, p: usize) -> usize {
    81 + (usize::from(stack) * 3 + unit) * 6 + p
}

/// The name of a variable of [`configuration_var`], `None` for a cell's:
/// `band1:231`, the digit's rows 1, 2 and 3 of band 1 in the band's boxes
/// 2, 3 and 1; `stack2:132`, its columns of stack 2 in bands 1, 2 and 3
/// the stack's columns 1, 3 and 2.
#[cfg(any(feature = "app", test))]
pub(crate) fn configuration_name(index: usize) -> Option<String> {
    let index = index.checked_sub(81).filter(|&index| index < 36)?;
    let (unit, p) = (index / 6, index % 6);
    let (kind, places) = if unit < 3 {
        ("band", PERMUTATIONS[p])
    } else {
        ("stack", INVERSE_PERMUTATIONS[p])
    };
    let places: String = places
        .iter()
        .map(|&place| char::from(b'1' + place as u8))
        .collect();
    Some(format!("{kind}{}:{places}", unit % 3 + 1))
}

/// For a 9-bit (row, box) occupancy pattern (see [`occupancy`]): which of
/// the six [`PERMUTATIONS`] it contains, bit `p` for permutation `p`.
static CONFIGURATIONS: [u8; 512] = configurations_table();

/// For a 9-bit (row, box) occupancy pattern: how many of the six
/// [`PERMUTATIONS`] it contains.
static CONFIGURATION_COUNT: [u8; 512] = configuration_count_table();

const fn configuration_count_table() -> [u8; 512] {
    let mut table = [0u8; 512];
    let mut pattern = 0;
    while pattern < 512 {
        table[pattern] = CONFIGURATIONS[pattern].count_ones() as u8;
        pattern += 1;
    }
    table
}

/// The (column, band) pattern of stack `stack` from three bands' 9-bit
/// column sets side by side (band `b` at bit `9 * b`): bit `band * 3 +
/// column`, the layout of [`CONFIGURATIONS`] with the columns for the rows
/// and the bands for the boxes.
#[inline(always)]
fn stack_pattern(columns: u32, stack: usize) -> usize {
    // One multiply brings the three 3-bit groups side by side at bit 12:
    // band 0's shifted by 12, band 1's by 6, band 2's as it is, the other
    // products landing on bits of their own.
    let groups = (columns >> (3 * stack)) & 0o007_007_007;
    ((groups.wrapping_mul(1 << 12 | 1 << 6 | 1) >> 12) & ROW) as usize
}

/// The band cells of each permutation's three mini-rows.
static CONFIGURATION_CELLS: [u32; 6] = configuration_cells_table();

/// For a 9-bit set of (row, box) pairs (bit `box * 3 + row`): the band cells
/// of those mini-rows.
static MINIROW_CELLS: [u32; 512] = minirow_cells_table();

/// For a 9-bit set of (row, box) pairs where a digit must go: the band cells
/// that may keep it, those of the pairs themselves and of the pairs that
/// share neither row nor box with any of them.
static FORCED_KEEP: [u32; 512] = forced_keep_table();

const fn configurations_table() -> [u8; 512] {
    let mut table = [0u8; 512];
    let mut pattern = 0;
    while pattern < 512 {
        let mut p = 0;
        while p < 6 {
            let mut fits = true;
            let mut row = 0;
            while row < 3 {
                if (pattern >> (PERMUTATIONS[p][row] * 3 + row)) & 1 == 0 {
                    fits = false;
                }
                row += 1;
            }
            if fits {
                table[pattern] |= 1 << p;
            }
            p += 1;
        }
        pattern += 1;
    }
    table
}

const fn configuration_cells_table() -> [u32; 6] {
    let mut table = [0u32; 6];
    let mut p = 0;
    while p < 6 {
        let mut row = 0;
        while row < 3 {
            table[p] |= 0b111 << (row * 9 + PERMUTATIONS[p][row] * 3);
            row += 1;
        }
        p += 1;
    }
    table
}

const fn minirow_cells_table() -> [u32; 512] {
    let mut table = [0u32; 512];
    let mut pairs = 0;
    while pairs < 512 {
        let mut bit = 0;
        while bit < 9 {
            if (pairs >> bit) & 1 == 1 {
                table[pairs] |= 0b111 << ((bit % 3) * 9 + (bit / 3) * 3);
            }
            bit += 1;
        }
        pairs += 1;
    }
    table
}

const fn forced_keep_table() -> [u32; 512] {
    let mut table = [0u32; 512];
    let mut pairs = 0;
    while pairs < 512 {
        let (mut rows, mut boxes) = (0u32, 0u32);
        let mut bit = 0;
        while bit < 9 {
            if (pairs >> bit) & 1 == 1 {
                boxes |= 1 << (bit / 3);
                rows |= 1 << (bit % 3);
            }
            bit += 1;
        }
        let mut bit = 0;
        while bit < 9 {
            let (segment, row) = (bit / 3, bit % 3);
            let free = (rows >> row) & 1 == 0 && (boxes >> segment) & 1 == 0;
            if (pairs >> bit) & 1 == 1 || free {
                table[pairs] |= 0b111 << (row * 9 + segment * 3);
            }
            bit += 1;
        }
        pairs += 1;
    }
    table
}

/// Within each stack's three columns of a 9-bit column set, column `c`
/// takes the value of column `c + 1` (mod 3).
#[inline(always)]
fn next_column(columns: u32) -> u32 {
    ((columns >> 1) & 0o333) | ((columns << 2) & 0o444)
}

/// Within each stack's three columns, column `c` takes the value of column
/// `c + 2` (mod 3).
#[inline(always)]
fn after_next_column(columns: u32) -> u32 {
    ((columns >> 2) & 0o111) | ((columns << 1) & 0o666)
}

/// The 9-bit set of columns of a band word holding a candidate.
#[inline(always)]
fn fold_columns(cells: u32) -> u32 {
    (cells | cells >> 9 | cells >> 18) & ROW
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
    // The same as `segments | segments >> 8 | segments >> 16`, shifted up
    // by 16 with one multiply: no two of the nine products meet.
    ((segments.wrapping_mul(1 << 16 | 1 << 8 | 1) >> 16) & 511) as usize
}

const fn permutation_mask_table() -> [u32; 512] {
    let mut table = [0u32; 512];
    let mut pattern = 0;
    while pattern < 512 {
        let mut p = 0;
        while p < 6 {
            if CONFIGURATIONS[pattern] >> p & 1 == 1 {
                table[pattern] |= CONFIGURATION_CELLS[p];
            }
            p += 1;
        }
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
    /// the stack shrink, the triads, the branch on configurations and the
    /// snapshot propagation passes to pay (see [`CAREFUL_FROM`] and
    /// [`Board::propagate`]).
    careful: bool,
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
    /// The candidates before a configuration was kept, for the round below
    /// it to tell what the configuration removed (only under `O::ACTIVE`).
    round_from: Option<[u16; 81]>,
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

/// What the stack shrink and the triads keep from one call to the next on
/// puzzles that start open, beside the [`Board`] of each node and copied
/// with it. Apart so that the shallow puzzles' guesses copy only the
/// board: there it is never read, and a branch shares its parent's.
#[derive(Clone, Copy)]
struct Careful {
    /// Each word as it was after the last stack shrink: a digit none of
    /// whose words differs has nothing to shrink there.
    stacked: [u32; 27],
    /// Per digit, lane `band`: the mini-lines it can reach there, as
    /// [`Board::line_counts`] last found them (see there).
    reach: Lines,
    /// Per digit, lane `band`: the mini-lines it must reach there.
    forced: Lines,
    /// The words changed since `reach` and `forced` were last brought up
    /// to date (bit `digit * 3 + band`).
    unlined: u32,
    /// Per digit, its configurations left in each unit, 8 bits a unit
    /// (bands 0-2, then stacks 0-2), from `reach`: see
    /// [`Board::unit_branch`].
    configurations: [u64; 9],
    /// The words whose digits' `configurations` are older than `reach`.
    uncounted: u32,
}

impl Careful {
    /// Nothing known yet: every word counts as changed.
    fn new() -> Self {
        Careful {
            stacked: [0; 27],
            reach: [[0; 4]; 9],
            forced: [[0; 4]; 9],
            unlined: BAND,
            configurations: [0; 9],
            uncounted: BAND,
        }
    }

    /// The state for a branch: a copy on puzzles that start open, else the
    /// parent's own (never read), so that nothing is copied.
    #[inline(always)]
    fn fork<'a>(
        &'a mut self,
        careful: bool,
        storage: &'a mut std::mem::MaybeUninit<Careful>,
    ) -> &'a mut Careful {
        if careful { storage.write(*self) } else { self }
    }
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
        differing_words(&self.cells, &self.shrunk)
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
        // The band and the digit's two other words from a table: the
        // modulo arithmetic and its bounds checks were a sixth of a shrink.
        let [band, first, second] = WORD_PEERS[word].map(|index| index as usize);
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
        debug_assert!(first < 27 && second < 27 && band < 3);
        // SAFETY: every entry of `WORD_PEERS` is a word index below 27 and
        // a band below 3 (`word_peers_are_the_digits_other_bands`).
        unsafe {
            *self.cells.get_unchecked_mut(first) &= claimed;
            *self.cells.get_unchecked_mut(second) &= claimed;
        }
        // Rows left with one cell place the digit there: the cell leaves the
        // band's other words. Placing again a row placed before changes
        // nothing, which is cheaper than a branch; so is clearing all nine
        // words and then restoring this one.
        // The three rows at once, as 9-bit fields: every row of a non-empty
        // shrunk word holds a cell (each permutation covers all three
        // rows), so subtracting one from each field borrows within it and
        // clears the row's lowest cell; a row is single when nothing is
        // left. Bit 8 of a field is left set when its low eight bits carry
        // into it or it was set; `lone` keeps bit 8 of the single rows, and
        // `lone - (lone >> 8)` fills their bits 0-7. Half the operations
        // of testing the rows one by one. (Wrapping keeps the non-empty
        // rows an assumption about the result, not a possible panic.)
        const LOW: u32 = 0o377_377_377;
        const HIGH: u32 = 0o400_400_400;
        let rest = shrunk & shrunk.wrapping_sub(0o001_001_001);
        let lone = !(((rest & LOW) + LOW) | rest) & HIGH;
        let placed = !(shrunk & (lone | lone.wrapping_sub(lone >> 8)));
        // SAFETY: as above, `band` is below 3.
        unsafe {
            *self.unsolved_cells.get_unchecked_mut(band) &= placed;
            for digit in 0..9 {
                *self.cells.get_unchecked_mut(digit * 3 + band) &= placed;
            }
        }
        self.cells[word] = shrunk;
        self.shrunk[word] = shrunk;
        true
    }

    /// Places every naked single; returns `Err(())` on a cell with no
    /// candidate, `Ok(true)` if something was placed, `Ok(false)` with the
    /// search otherwise stuck.
    ///
    /// One band at a time, skipping the bands already placed: counting the
    /// three bands at once in SSE2 lanes took a fifth fewer instructions
    /// but was 4% slower on the serg set and no faster on the forum hardest
    /// sets.
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

    /// The stack twin of the band shrink, for every digit: in a stack a
    /// digit's three columns map onto its three bands by a permutation, and
    /// a (column, band) pair on no permutation the candidates allow leaves.
    /// With three bands the test is bit-parallel over the three stacks:
    /// the pair stays when the other two columns can take the other two
    /// bands. This covers column-to-box claiming and hidden singles in
    /// columns. Returns whether anything was removed.
    ///
    /// The shrink of a digit depends on its words alone and a second one
    /// removes nothing, so only the digits with a word changed since the
    /// last stack shrink are shrunk: on the forum hardest sets about 3.6 of
    /// the nine.
    #[inline(always)]
    fn shrink_stacks(&mut self, extra: &mut Careful) -> bool {
        let changed = differing_words(&self.cells, &extra.stacked);
        // The triads always follow a stack shrink that removed nothing, and
        // a stack shrink changes only the digits it is given: the words
        // changed since the last line counts are the union of these.
        extra.unlined |= changed;
        #[cfg(target_arch = "x86_64")]
        // SAFETY: SSE2 is part of the x86_64 baseline.
        let removed = unsafe { shrink_stacks_sse2(&mut self.cells, &mut extra.stacked, changed) };
        #[cfg(not(target_arch = "x86_64"))]
        let removed = shrink_stacks_portable(&mut self.cells, &mut extra.stacked, changed);
        removed
    }

    /// Triads: each mini-row (the three cells a row shares with a box) and
    /// each mini-column holds exactly three digits. One that only three
    /// digits can reach takes all three, each leaving the rest of its row
    /// (column) and box; one that three digits must reach (their only place
    /// in its row of the band, or its column of the stack) keeps only those.
    /// Returns `Err(())` on a mini-line fewer than three digits can reach or
    /// more than three must, else whether anything was removed. Leaves in
    /// `reach` what [`Board::unit_branch`] reads (see [`Board::line_counts`]).
    ///
    /// Only mini-lines where a rule removes something are acted on: a
    /// mini-row of placed digits has three digits that can and must reach
    /// it, and asks for nothing.
    #[inline(always)]
    fn triads(&mut self, extra: &mut Careful) -> Result<bool, ()> {
        let (naked, hidden) = self.line_counts(extra)?;
        let any = |lanes: [u32; 4]| lanes[0] | lanes[1] | lanes[2];
        if any(naked) | any(hidden) == 0 {
            return Ok(false);
        }
        for band in 0..3 {
            let (naked, hidden) = (naked[band] & ROW, hidden[band] & ROW);
            if naked | hidden == 0 {
                continue;
            }
            for digit in 0..9 {
                let word = digit * 3 + band;
                let cells = self.cells[word];
                let pairs = occupancy(cells) as u32;
                let others = (pairs << 3 | pairs >> 3 | pairs << 6 | pairs >> 6) & ROW;
                let must = pairs & !others;
                self.cells[word] = cells
                    & FORCED_KEEP[(pairs & naked) as usize]
                    & !MINIROW_CELLS[(hidden & !must) as usize];
            }
        }
        for band in 0..3 {
            let (naked, hidden) = (naked[band] >> 16, hidden[band] >> 16);
            if naked | hidden == 0 {
                continue;
            }
            let (first, second) = ((band + 1) % 3, (band + 2) % 3);
            for digit in 0..9 {
                let word = digit * 3 + band;
                let cells = self.cells[word];
                let columns = fold_columns(cells);
                let must = columns & !(next_column(columns) | after_next_column(columns));
                let forced = columns & naked;
                let stacks = forced | next_column(forced) | after_next_column(forced);
                let keep = (forced | !stacks) & !(hidden & !must) & ROW;
                self.cells[word] = cells & (keep * 0o001_001_001);
                let away = !(forced * 0o001_001_001);
                self.cells[digit * 3 + first] &= away;
                self.cells[digit * 3 + second] &= away;
            }
        }
        Ok(true)
    }

    /// For each digit, lane `band` of `reach[digit]`: the mini-rows it can
    /// reach in the band (bits 0-8, `box * 3 + row` as in `occupancy`) and
    /// its mini-columns there (bits 16-24, by column); of `forced[digit]`,
    /// those it must reach (its only mini-row in a row of the band, its
    /// only mini-column in a column of the stack). Returns per band the
    /// naked and the hidden triads that remove something, in the same
    /// layout; `Err(())` when a mini-line is broken (see [`Board::triads`]).
    ///
    /// A digit's lines depend on its words alone, so only the digits with
    /// a word changed since the last count are looked at again: on the
    /// forum hardest sets 3.7 of the nine. The counts over the digits are
    /// taken afresh.
    #[inline(always)]
    fn line_counts(&self, extra: &mut Careful) -> Result<([u32; 4], [u32; 4]), ()> {
        let words = std::mem::take(&mut extra.unlined);
        extra.uncounted |= words;
        let (reach, forced) = (&mut extra.reach, &mut extra.forced);
        #[cfg(target_arch = "x86_64")]
        // SAFETY: SSE2 is part of the x86_64 baseline.
        let counts = unsafe { line_counts_sse2(&self.cells, reach, forced, words) };
        #[cfg(not(target_arch = "x86_64"))]
        let counts = line_counts_portable(&self.cells, reach, forced, words);
        counts
    }

    /// The branch of a position stuck after [`Board::triads`]: in the band
    /// or stack with the fewest configurations left over its nine digits
    /// (and not all fixed), the digit with the fewest (at least two), as
    /// `(stack, unit, digit, configurations)`, bit `p` of the last for
    /// permutation `p` of [`PERMUTATIONS`]. A configuration places the
    /// digit in a mini-line of each of the unit's three boxes, which
    /// settles more than one cell does.
    ///
    /// A digit's counts depend on its lines alone, so only those of the
    /// digits whose lines changed are taken again; with the six units'
    /// counts side by side in a word, the totals are one addition a digit
    /// (nine digits of six configurations fit in 8 bits).
    #[inline(always)]
    fn unit_branch(extra: &mut Careful) -> Option<(bool, usize, usize, u32)> {
        let mut words = std::mem::take(&mut extra.uncounted);
        while words != 0 {
            let digit = DIGIT_OF_WORD[words.trailing_zeros() as usize & 31] as usize;
            words &= !(7 << (3 * digit));
            let line = &extra.reach[digit];
            let columns = (line[0] >> 16) | (line[1] >> 16) << 9 | (line[2] >> 16) << 18;
            let mut counts = 0u64;
            for band in 0..3 {
                let bands = CONFIGURATION_COUNT[(line[band] & ROW) as usize];
                let stacks = CONFIGURATION_COUNT[stack_pattern(columns, band)];
                counts |= u64::from(bands) << (8 * band) | u64::from(stacks) << (8 * (3 + band));
            }
            extra.configurations[digit] = counts;
        }
        let totals: u64 = extra.configurations.iter().sum();
        // Fewest configurations above nine (one per digit: fixed), packed
        // with the unit so that the minimum needs no branch.
        let mut best = u32::MAX;
        for unit in 0..6 {
            let total = ((totals >> (8 * unit)) & 0xff) as u32;
            let key = if total > 9 {
                total << 3 | unit
            } else {
                u32::MAX
            };
            best = best.min(key);
        }
        if best == u32::MAX {
            return None;
        }
        let unit = (best & 7) as usize;
        let mut pick = u32::MAX;
        for (digit, &counts) in extra.configurations.iter().enumerate() {
            let count = ((counts >> (8 * unit)) & 0xff) as u32;
            let key = if count >= 2 {
                count << 4 | digit as u32
            } else {
                u32::MAX
            };
            pick = pick.min(key);
        }
        let digit = (pick & 15) as usize;
        let line = &extra.reach[digit];
        let pattern = if unit < 3 {
            (line[unit] & ROW) as usize
        } else {
            let columns = (line[0] >> 16) | (line[1] >> 16) << 9 | (line[2] >> 16) << 18;
            stack_pattern(columns, unit - 3)
        };
        let set = u32::from(CONFIGURATIONS[pattern]);
        Some((unit >= 3, unit % 3, digit, set))
    }

    /// Keeps `digit` to configuration `p` of band `unit` (or of stack
    /// `unit`).
    #[inline(always)]
    fn keep_configuration(&mut self, stack: bool, unit: usize, digit: usize, p: usize) {
        if stack {
            let stack_cells = (7u32 << (3 * unit)) * 0o001_001_001;
            for (band, &column) in INVERSE_PERMUTATIONS[p].iter().enumerate() {
                let allowed = (1u32 << (3 * unit + column)) * 0o001_001_001;
                self.cells[digit * 3 + band] &= !stack_cells | allowed;
            }
        } else {
            self.cells[digit * 3 + unit] &= CONFIGURATION_CELLS[p];
        }
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

    fn search<O: Observer>(&mut self, extra: &mut Careful, search: &mut Search<'_, O>) -> Flow {
        search.nodes += 1;
        if search.nodes > search.node_limit && search.out_of_budget() {
            return Flow::Stop;
        }
        let mut pairs = [0u32; 3];
        // What an observer is told: the decisions in force here, and the
        // candidates when the current propagation round began.
        let mut depth = search.depth;
        let mut before = if O::ACTIVE {
            let now = self.begin_round(search, depth);
            search.round_from.take().unwrap_or(now)
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
            // On puzzles that start open, the stack shrink and the triads
            // make each node settle what tdoku's band and stack constraints
            // settle, and the branch takes a digit's configuration in a band
            // or stack (see `unit_branch`): together a 43% smaller tree on
            // the forum hardest 1106 set counting to 2, where each alone
            // saves under a sixth.
            if search.careful {
                if self.shrink_stacks(extra) {
                    continue;
                }
                match self.triads(extra) {
                    Err(()) => {
                        if O::ACTIVE {
                            self.fail(search, &before);
                        }
                        return Flow::Continue;
                    }
                    Ok(true) => continue,
                    Ok(false) => {}
                }
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
            // A configuration in a copy for each but the last, which goes
            // on in place. An observer is told each as a variable of its
            // own ([`configuration_var`]): it places the digit in no one
            // cell.
            if let Some((stack, unit, digit, mut configurations)) =
                search.careful.then(|| Self::unit_branch(extra)).flatten()
            {
                while configurations & (configurations - 1) != 0 {
                    let p = configurations.trailing_zeros() as usize;
                    configurations &= configurations - 1;
                    search.guesses += 1;
                    let mut branch = self.fork();
                    branch.keep_configuration(stack, unit, digit, p);
                    let cell = configuration_var(stack, unit, p);
                    if O::ACTIVE {
                        Self::decide(search, cell, digit, depth);
                        // The round below tells what the configuration removed.
                        search.round_from = Some(self.all_candidates());
                    }
                    let mut storage = std::mem::MaybeUninit::uninit();
                    let branch_extra = extra.fork(search.careful, &mut storage);
                    if branch.search(branch_extra, search) == Flow::Stop {
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
                let last = configurations.trailing_zeros() as usize;
                let was = if O::ACTIVE {
                    self.all_candidates()
                } else {
                    [0; 81]
                };
                self.keep_configuration(stack, unit, digit, last);
                if O::ACTIVE {
                    Self::decide(search, configuration_var(stack, unit, last), digit, depth);
                    depth += 1;
                    self.begin_round(search, depth);
                    before = was;
                }
                continue;
            }
            // Otherwise (on shallow puzzles) the first bivalue cell, lowest
            // digit first, the first in a copy and the second in place.
            let pair = (0..3)
                .find(|&band| pairs[band] != 0)
                .map(|band| band * 27 + pairs[band].trailing_zeros() as usize);
            let cell = match pair {
                Some(cell) => cell,
                None => self.fewest_candidates_cell(),
            };
            let mut digits = self.candidates(cell);
            while digits & (digits - 1) != 0 {
                let digit = digits.trailing_zeros() as usize;
                digits &= digits - 1;
                search.guesses += 1;
                let mut branch = self.fork();
                branch.assign(digit, cell);
                if O::ACTIVE {
                    Self::decide(search, cell, digit, depth);
                }
                let mut storage = std::mem::MaybeUninit::uninit();
                let branch_extra = extra.fork(search.careful, &mut storage);
                if branch.search(branch_extra, search) == Flow::Stop {
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

/// [`Board::shrink_stacks`] with a digit's three bands side by side in
/// SSE2 lanes (the other two bands of each lane by a lane shuffle), for
/// the digits with a word in `words` (bit `digit * 3 + band`). Their words
/// go to `stacked` too, which then equals `cells` if it did for the other
/// digits (a copy of the whole board was a twentieth of the call).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "sse2")]
fn shrink_stacks_sse2(cells: &mut [u32; 27], stacked: &mut [u32; 27], mut words: u32) -> bool {
    use std::arch::x86_64::{
        __m128i, _mm_and_si128, _mm_cmpeq_epi32, _mm_loadu_si128, _mm_movemask_epi8, _mm_or_si128,
        _mm_set_epi32, _mm_set1_epi32, _mm_setzero_si128, _mm_shuffle_epi32, _mm_slli_epi32,
        _mm_srli_epi32, _mm_storeu_si128, _mm_xor_si128,
    };
    let splat = |value: u32| _mm_set1_epi32(value as i32);
    let next = |columns: __m128i| {
        _mm_or_si128(
            _mm_and_si128(_mm_srli_epi32(columns, 1), splat(0o333)),
            _mm_and_si128(_mm_slli_epi32(columns, 2), splat(0o444)),
        )
    };
    let after = |columns: __m128i| {
        _mm_or_si128(
            _mm_and_si128(_mm_srli_epi32(columns, 2), splat(0o111)),
            _mm_and_si128(_mm_slli_epi32(columns, 1), splat(0o666)),
        )
    };
    // A digit's bands in lanes 0-2; lane 3, another digit's word, is
    // written back as read and not counted as removed.
    let fourth = _mm_set_epi32(-1, 0, 0, 0);
    let mut removed = _mm_setzero_si128();
    let mut shrink = |words: __m128i| {
        let columns = _mm_and_si128(
            _mm_or_si128(
                words,
                _mm_or_si128(_mm_srli_epi32(words, 9), _mm_srli_epi32(words, 18)),
            ),
            splat(ROW),
        );
        // Lane `band` of these: bands `band + 1` and `band + 2` (mod 3).
        let second = _mm_shuffle_epi32::<0b11_00_10_01>(columns);
        let third = _mm_shuffle_epi32::<0b11_01_00_10>(columns);
        let matched = _mm_or_si128(
            _mm_or_si128(
                _mm_and_si128(next(second), after(third)),
                _mm_and_si128(after(second), next(third)),
            ),
            fourth,
        );
        let kept = _mm_and_si128(columns, matched);
        removed = _mm_or_si128(removed, _mm_xor_si128(kept, columns));
        let spread = _mm_or_si128(
            _mm_or_si128(kept, _mm_slli_epi32(kept, 9)),
            _mm_or_si128(_mm_slli_epi32(kept, 18), fourth),
        );
        _mm_and_si128(words, spread)
    };
    while words != 0 {
        let digit = DIGIT_OF_WORD[words.trailing_zeros() as usize & 31] as usize;
        words &= !(7 << (3 * digit));
        if digit < 8 {
            // SAFETY: for a digit below 8 the four words from `3 * digit`
            // end at word 24 at most, inside the array; the load and the
            // store are unaligned.
            unsafe {
                let at = cells.as_mut_ptr().add(3 * digit).cast::<__m128i>();
                let shrunk = shrink(_mm_loadu_si128(at));
                _mm_storeu_si128(at, shrunk);
                _mm_storeu_si128(
                    stacked.as_mut_ptr().add(3 * digit).cast::<__m128i>(),
                    shrunk,
                );
            }
        } else {
            // The last digit from word 23 (the previous digit's last band),
            // rotated so that its bands take lanes 0-2 and back.
            // SAFETY: words 23-26 are inside the array.
            unsafe {
                let at = cells.as_mut_ptr().add(23).cast::<__m128i>();
                let words = _mm_shuffle_epi32::<0b00_11_10_01>(_mm_loadu_si128(at));
                let shrunk = _mm_shuffle_epi32::<0b10_01_00_11>(shrink(words));
                _mm_storeu_si128(at, shrunk);
                _mm_storeu_si128(stacked.as_mut_ptr().add(23).cast::<__m128i>(), shrunk);
            }
        }
    }
    _mm_movemask_epi8(_mm_cmpeq_epi32(removed, _mm_setzero_si128())) != 0xffff
}

/// The digit of each word, `word / 3` (32 entries so that a bit index
/// of a 32-bit mask needs no bounds check).
static DIGIT_OF_WORD: [u8; 32] = {
    let mut table = [0u8; 32];
    let mut word = 0;
    while word < 32 {
        table[word] = (word / 3) as u8;
        word += 1;
    }
    table
};

/// [`Board::shrink_stacks`] one digit at a time: the three bands' column
/// sets side by side in 10-bit lanes.
#[cfg(any(test, not(target_arch = "x86_64")))]
fn shrink_stacks_portable(cells: &mut [u32; 27], stacked: &mut [u32; 27], words: u32) -> bool {
    // The masks of `next_column` and `after_next_column` per lane keep what
    // a shift brings in from a neighbouring lane out of the result.
    const LANES: u32 = 0o777 * 0x0010_0401;
    const NEXT_LOW: u32 = 0o333 * 0x0010_0401;
    const NEXT_HIGH: u32 = 0o444 * 0x0010_0401;
    const AFTER_LOW: u32 = 0o111 * 0x0010_0401;
    const AFTER_HIGH: u32 = 0o666 * 0x0010_0401;
    let next = |columns: u32| (columns >> 1) & NEXT_LOW | (columns << 2) & NEXT_HIGH;
    let after = |columns: u32| (columns >> 2) & AFTER_LOW | (columns << 1) & AFTER_HIGH;
    let mut removed = false;
    for digit in (0..9).filter(|digit| (words >> (3 * digit)) & 7 != 0) {
        let base = digit * 3;
        let [w0, w1, w2] = [cells[base], cells[base + 1], cells[base + 2]];
        let columns = fold_columns(w0) | fold_columns(w1) << 10 | fold_columns(w2) << 20;
        let second = (columns >> 10 | columns << 20) & LANES;
        let third = (columns >> 20 | columns << 10) & LANES;
        let kept = columns & (next(second) & after(third) | after(second) & next(third));
        removed |= kept != columns;
        cells[base] = w0 & ((kept & ROW) * 0o001_001_001);
        cells[base + 1] = w1 & (((kept >> 10) & ROW) * 0o001_001_001);
        cells[base + 2] = w2 & ((kept >> 20) * 0o001_001_001);
        stacked[base..base + 3].copy_from_slice(&cells[base..base + 3]);
    }
    removed
}

/// Per digit, a lane per band (the fourth unused): see
/// [`Board::line_counts`].
type Lines = [[u32; 4]; 9];

/// [`Board::line_counts`] with the bands of a digit side by side in SSE2
/// lanes: a third of the shifts and masks of one band at a time.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "sse2")]
fn line_counts_sse2(
    cells: &[u32; 27],
    reach: &mut Lines,
    forced: &mut Lines,
    mut words: u32,
) -> Result<([u32; 4], [u32; 4]), ()> {
    use std::arch::x86_64::{
        __m128i, _mm_and_si128, _mm_andnot_si128, _mm_cmpeq_epi32, _mm_loadu_si128,
        _mm_movemask_epi8, _mm_or_si128, _mm_set_epi32, _mm_set1_epi32, _mm_setzero_si128,
        _mm_shuffle_epi32, _mm_slli_epi32, _mm_srli_epi32, _mm_storeu_si128,
    };
    let splat = |value: u32| _mm_set1_epi32(value as i32);
    // The lines of the digits with a changed word.
    while words != 0 {
        let digit = DIGIT_OF_WORD[words.trailing_zeros() as usize & 31] as usize;
        words &= !(7 << (3 * digit));
        // Lanes 0-2 the digit's bands; lane 3 (another digit's word, or
        // for the last digit the word before its first) is not counted.
        // SAFETY: for a digit below 8 the four words from `3 * digit` end
        // at word 24 at most, and words 23-26 are the last four; the
        // loads are unaligned.
        let words = unsafe {
            if digit < 8 {
                _mm_loadu_si128(cells.as_ptr().add(3 * digit).cast::<__m128i>())
            } else {
                _mm_shuffle_epi32::<0b00_11_10_01>(_mm_loadu_si128(
                    cells.as_ptr().add(23).cast::<__m128i>(),
                ))
            }
        };
        let segments = _mm_and_si128(
            _mm_or_si128(
                words,
                _mm_or_si128(_mm_srli_epi32(words, 1), _mm_srli_epi32(words, 2)),
            ),
            splat(0o111_111_111),
        );
        let rows = _mm_and_si128(
            _mm_or_si128(
                segments,
                _mm_or_si128(_mm_srli_epi32(segments, 8), _mm_srli_epi32(segments, 16)),
            ),
            splat(ROW),
        );
        let columns = _mm_and_si128(
            _mm_or_si128(
                words,
                _mm_or_si128(_mm_srli_epi32(words, 9), _mm_srli_epi32(words, 18)),
            ),
            splat(ROW),
        );
        let others = _mm_or_si128(
            _mm_or_si128(
                _mm_and_si128(_mm_slli_epi32(rows, 3), splat(0o770)),
                _mm_and_si128(_mm_slli_epi32(rows, 6), splat(0o700)),
            ),
            _mm_or_si128(
                _mm_and_si128(_mm_srli_epi32(rows, 3), splat(0o077)),
                _mm_and_si128(_mm_srli_epi32(rows, 6), splat(0o007)),
            ),
        );
        let stack_others = _mm_or_si128(
            _mm_or_si128(
                _mm_and_si128(_mm_srli_epi32(columns, 1), splat(0o333)),
                _mm_and_si128(_mm_slli_epi32(columns, 2), splat(0o444)),
            ),
            _mm_or_si128(
                _mm_and_si128(_mm_srli_epi32(columns, 2), splat(0o111)),
                _mm_and_si128(_mm_slli_epi32(columns, 1), splat(0o666)),
            ),
        );
        let can = _mm_or_si128(rows, _mm_slli_epi32(columns, 16));
        let must = _mm_or_si128(
            _mm_andnot_si128(others, rows),
            _mm_slli_epi32(_mm_andnot_si128(stack_others, columns), 16),
        );
        // SAFETY: a line is four words.
        unsafe {
            _mm_storeu_si128(reach[digit].as_mut_ptr().cast::<__m128i>(), can);
            _mm_storeu_si128(forced[digit].as_mut_ptr().cast::<__m128i>(), must);
        }
    }
    let load = |lines: &Lines| {
        lines.map(|line| {
            // SAFETY: a line is four words; the load is unaligned.
            unsafe { _mm_loadu_si128(line.as_ptr().cast::<__m128i>()) }
        })
    };
    let (can, must) = (at_least_three(load(reach)), at_least_three(load(forced)));
    // The fourth lane holds another digit's word: not counted.
    // Bands with no open cell count nine placed digits, which breaks
    // nothing.
    let lanes = _mm_set_epi32(0, 0x01ff_01ff, 0x01ff_01ff, 0x01ff_01ff);
    let broken = _mm_and_si128(_mm_or_si128(_mm_andnot_si128(can.0, lanes), must.1), lanes);
    if _mm_movemask_epi8(_mm_cmpeq_epi32(broken, _mm_setzero_si128())) != 0xffff {
        return Err(());
    }
    let naked = _mm_and_si128(_mm_andnot_si128(_mm_or_si128(can.1, must.0), can.0), lanes);
    let hidden = _mm_and_si128(_mm_and_si128(must.0, can.1), lanes);
    let (mut naked_out, mut hidden_out) = ([0u32; 4], [0u32; 4]);
    // SAFETY: four words each.
    unsafe {
        _mm_storeu_si128(naked_out.as_mut_ptr().cast::<__m128i>(), naked);
        _mm_storeu_si128(hidden_out.as_mut_ptr().cast::<__m128i>(), hidden);
    }
    Ok((naked_out, hidden_out))
}

/// The bits set in at least three and in at least four of nine vectors:
/// their count in binary from a tree of full adders (carry-save), 33
/// operations against 63 for counters that saturate at four, and four
/// short chains instead of one long one.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "sse2")]
fn at_least_three(
    x: [std::arch::x86_64::__m128i; 9],
) -> (std::arch::x86_64::__m128i, std::arch::x86_64::__m128i) {
    use std::arch::x86_64::{__m128i, _mm_and_si128, _mm_or_si128, _mm_xor_si128};
    // Sum and carry of three bits.
    let add = |a: __m128i, b: __m128i, c: __m128i| {
        let half = _mm_xor_si128(a, b);
        (
            _mm_xor_si128(half, c),
            _mm_or_si128(_mm_and_si128(a, b), _mm_and_si128(half, c)),
        )
    };
    let (ones_a, twos_a) = add(x[0], x[1], x[2]);
    let (ones_b, twos_b) = add(x[3], x[4], x[5]);
    let (ones_c, twos_c) = add(x[6], x[7], x[8]);
    let (one, twos_d) = add(ones_a, ones_b, ones_c);
    let (twos_e, fours_a) = add(twos_a, twos_b, twos_c);
    // The count is one + 2 (twos_d + twos_e) + 4 fours_a: bit 1 of it is
    // twos_d ^ twos_e, and it reaches four when a four is there or both
    // twos are.
    let two = _mm_xor_si128(twos_d, twos_e);
    let four = _mm_or_si128(fours_a, _mm_and_si128(twos_d, twos_e));
    (_mm_or_si128(four, _mm_and_si128(two, one)), four)
}

/// [`Board::line_counts`] one band at a time.
#[cfg(any(test, not(target_arch = "x86_64")))]
fn line_counts_portable(
    cells: &[u32; 27],
    reach: &mut Lines,
    forced: &mut Lines,
    words: u32,
) -> Result<([u32; 4], [u32; 4]), ()> {
    for digit in (0..9).filter(|digit| (words >> (3 * digit)) & 7 != 0) {
        for band in 0..3 {
            let word = cells[digit * 3 + band];
            let rows = occupancy(word) as u32;
            let columns = fold_columns(word);
            let others = (rows << 3 | rows >> 3 | rows << 6 | rows >> 6) & ROW;
            let stack_others = next_column(columns) | after_next_column(columns);
            reach[digit][band] = rows | columns << 16;
            forced[digit][band] = (rows & !others) | (columns & !stack_others) << 16;
        }
    }
    let (mut naked, mut hidden) = ([0u32; 4], [0u32; 4]);
    for band in 0..3 {
        let (mut can, mut must) = ([0u32; 4], [0u32; 4]);
        for digit in 0..9 {
            for (counter, bits) in [
                (&mut can, reach[digit][band]),
                (&mut must, forced[digit][band]),
            ] {
                counter[3] |= counter[2] & bits;
                counter[2] |= counter[1] & bits;
                counter[1] |= counter[0] & bits;
                counter[0] |= bits;
            }
        }
        if (!can[2] | must[3]) & 0x01ff_01ff != 0 {
            return Err(());
        }
        naked[band] = can[2] & !can[3] & !must[2];
        hidden[band] = must[2] & can[3];
    }
    Ok((naked, hidden))
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
    let (result, _, failures) = run(grid, limit, node_limit, deadline, solution, false, observer);
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
    let (counted, first_at, _) = run(grid, 2, node_limit, deadline, solution, true, NoObserver);
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

fn run<O: Observer>(
    grid: &[u8; 81],
    limit: u64,
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
        observer,
        depth: 0,
        failures: 0,
        round_from: None,
    };
    board.search(&mut Careful::new(), &mut search);
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

    /// The shrink indexes without bounds checks on this table's promise.
    #[test]
    fn word_peers_are_the_digits_other_bands() {
        for (word, &[band, first, second]) in WORD_PEERS.iter().enumerate() {
            let (band, first, second) = (band as usize, first as usize, second as usize);
            assert_eq!(band, word % 3);
            for other in [first, second] {
                assert!(other < 27);
                assert_eq!(other / 3, word / 3, "same digit");
            }
            assert_eq!([first % 3, second % 3], [(band + 1) % 3, (band + 2) % 3]);
        }
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
        // Any word: the multiply agrees with folding the rows by shifts.
        for cells in random_boards(100).into_iter().flatten() {
            let segments = (cells | cells >> 1 | cells >> 2) & 0o111_111_111;
            let folded = (segments | segments >> 8 | segments >> 16) & 511;
            assert_eq!(occupancy(cells), folded as usize);
        }
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

    /// Random boards: every word a random subset of the band, some bands
    /// fully placed (nine digits in nine distinct cells per row).
    fn random_boards(count: usize) -> Vec<[u32; 27]> {
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        (0..count)
            .map(|round| {
                let mut cells = [0u32; 27];
                for word in &mut cells {
                    // Dense words on most rounds, sparse ones on some.
                    let bits = (next() & u64::from(BAND)) as u32;
                    *word = if round % 3 == 0 {
                        bits & (next() as u32)
                    } else {
                        bits | (next() as u32 & BAND)
                    };
                }
                cells
            })
            .collect()
    }

    #[test]
    fn stack_shrink_agrees_with_the_portable_loop() {
        for cells in random_boards(3000) {
            let (mut fast, mut slow) = (cells, cells);
            // All digits, and the digits of a few words.
            for words in [BAND, cells[0] & BAND & 0o7_070_707, 1 << 26 | 1 << 4] {
                // A snapshot equal to the board stays equal to it.
                let (mut fast_stacked, mut slow_stacked) = (fast, slow);
                assert_eq!(
                    shrink_stacks_sse2_checked(&mut fast, &mut fast_stacked, words),
                    shrink_stacks_portable(&mut slow, &mut slow_stacked, words)
                );
                assert_eq!(fast, slow);
                assert_eq!(fast_stacked, fast);
                assert_eq!(slow_stacked, slow);
            }
        }
    }

    /// Against the portable loop, from scratch and then brought up to date
    /// after a few words change, where it must also agree with a count
    /// from scratch.
    #[test]
    fn line_counts_agree_with_the_portable_loop() {
        let mut consistent = 0;
        let boards = random_boards(3000);
        for (round, cells) in boards.iter().enumerate() {
            let (mut fast, mut slow) = (Lines::default(), Lines::default());
            let (mut fast_forced, mut slow_forced) = (Lines::default(), Lines::default());
            let mut changed = *cells;
            // The words of digits 0, 4 and 8 (the last loads apart) from
            // another board, or of one digit.
            let words = if round % 2 == 0 { 0o700_070_007 } else { 0o070 };
            let other = &boards[(round + 1) % boards.len()];
            for word in (0..27).filter(|word| (words >> word) & 1 == 1) {
                changed[word] = other[word];
            }
            for (cells, words) in [(cells, BAND), (&changed, words)] {
                let got = line_counts_checked(cells, &mut fast, &mut fast_forced, words);
                let want = line_counts_portable(cells, &mut slow, &mut slow_forced, words);
                assert_eq!(got, want);
                let (mut fresh, mut fresh_forced) = (Lines::default(), Lines::default());
                let afresh = line_counts_portable(cells, &mut fresh, &mut fresh_forced, BAND);
                assert_eq!(got, afresh);
                consistent += usize::from(got.is_ok());
                for digit in 0..9 {
                    assert_eq!(fast[digit][..3], slow[digit][..3]);
                    assert_eq!(fast[digit][..3], fresh[digit][..3]);
                    assert_eq!(fast_forced[digit][..3], fresh_forced[digit][..3]);
                }
            }
        }
        assert!(
            consistent > 100,
            "{consistent} boards without a broken line"
        );
    }

    /// The branch against counting each digit's permutations in each unit
    /// one by one, with the counts kept from an earlier board for the
    /// digits whose words did not change.
    #[test]
    fn a_configuration_is_named_by_the_places_it_keeps() {
        assert_eq!(configuration_name(80), None);
        assert_eq!(
            configuration_name(configuration_var(false, 0, 0)).unwrap(),
            "band1:123"
        );
        assert_eq!(
            configuration_name(configuration_var(false, 2, 3)).unwrap(),
            "band3:231"
        );
        // Stack configuration 3 takes row 1 -> box 2 transposed: the
        // columns its bands keep are the inverse permutation's.
        assert_eq!(
            configuration_name(configuration_var(true, 1, 3)).unwrap(),
            "stack2:312"
        );
        assert_eq!(configuration_name(configuration_var(true, 2, 5) + 1), None);
        // What each band configuration keeps is what its name says.
        for (p, &cells) in CONFIGURATION_CELLS.iter().enumerate() {
            let name = configuration_name(configuration_var(false, 0, p)).unwrap();
            for (row, place) in name["band1:".len()..].chars().enumerate() {
                let box_ = place.to_digit(10).unwrap() as usize - 1;
                let kept = (cells >> (9 * row)) & ROW;
                assert_eq!(kept, 7 << (3 * box_), "{name} row {}", row + 1);
            }
        }
    }

    #[test]
    fn unit_branch_takes_the_fewest_configurations() {
        let mut branches = 0;
        let mut extra = Careful::new();
        // Each board the previous one with two digits' words from another.
        let mut cells = [0u32; 27];
        for (round, other) in random_boards(600).iter().enumerate() {
            for digit in [round % 9, (round * 5 + 3) % 9] {
                cells[digit * 3..digit * 3 + 3].copy_from_slice(&other[digit * 3..digit * 3 + 3]);
            }
            if round < 5 {
                cells = *other;
            }
            let cells = &cells;
            let mut forced = Lines::default();
            // Bring the lines and then the counts up to date for the words
            // that differ from the previous board (all of them at first).
            let mut words = BAND;
            if extra.unlined == 0 {
                words = (0..27)
                    .filter(|&word| extra.stacked[word] != cells[word])
                    .fold(0, |words, word| words | 1 << word);
            }
            extra.stacked = *cells;
            extra.unlined = 0;
            extra.uncounted |= words;
            let _ = line_counts_portable(cells, &mut extra.reach, &mut forced, words);
            // The configurations of digit `d` in unit `u`, permutation by
            // permutation, from the words.
            let count = |digit: usize, unit: usize| -> u32 {
                let mut fits = 0;
                for p in PERMUTATIONS {
                    let fit = (0..3).all(|line| {
                        if unit < 3 {
                            let word = cells[digit * 3 + unit];
                            (word >> (line * 9 + p[line] * 3)) & 0b111 != 0
                        } else {
                            let word = cells[digit * 3 + p[line]];
                            fold_columns(word) >> (3 * (unit - 3) + line) & 1 == 1
                        }
                    });
                    fits += u32::from(fit);
                }
                fits
            };
            let totals: Vec<u32> = (0..6)
                .map(|unit| (0..9).map(|d| count(d, unit)).sum())
                .collect();
            let got = Board::unit_branch(&mut extra);
            let best = (0..6)
                .filter(|&unit| totals[unit] > 9)
                .min_by_key(|&unit| totals[unit]);
            let Some(unit) = best else {
                assert_eq!(got, None);
                continue;
            };
            let digit = (0..9)
                .filter(|&digit| count(digit, unit) >= 2)
                .min_by_key(|&digit| count(digit, unit))
                .expect("a unit above nine has a digit with two");
            let (stack, index, got_digit, set) = got.expect("a branch");
            assert_eq!((stack, index, got_digit), (unit >= 3, unit % 3, digit));
            assert_eq!(set.count_ones(), count(digit, unit));
            branches += 1;
        }
        assert!(branches > 100, "{branches} boards with a branch");
    }

    /// The stack shrink keeps exactly the (column, band) pairs on some
    /// permutation: checked against all six for every digit and stack.
    #[test]
    fn stack_shrink_keeps_the_pairs_on_a_permutation() {
        for cells in random_boards(500) {
            let mut shrunk = cells;
            shrink_stacks_portable(&mut shrunk, &mut [0; 27], BAND);
            for digit in 0..9 {
                for stack in 0..3 {
                    let mut kept = [0u32; 3];
                    for p in PERMUTATIONS {
                        // Column `c` of the stack in band `p[c]`.
                        let fits = (0..3).all(|c| {
                            fold_columns(cells[digit * 3 + p[c]]) >> (3 * stack + c) & 1 == 1
                        });
                        if fits {
                            for c in 0..3 {
                                kept[p[c]] |= 1 << (3 * stack + c);
                            }
                        }
                    }
                    for band in 0..3 {
                        let stack_columns = 7u32 << (3 * stack);
                        assert_eq!(
                            fold_columns(shrunk[digit * 3 + band]) & stack_columns,
                            kept[band] & fold_columns(cells[digit * 3 + band]),
                        );
                    }
                }
            }
        }
    }

    fn shrink_stacks_sse2_checked(
        cells: &mut [u32; 27],
        stacked: &mut [u32; 27],
        words: u32,
    ) -> bool {
        #[cfg(target_arch = "x86_64")]
        {
            // SAFETY: SSE2 is part of the x86_64 baseline.
            unsafe { shrink_stacks_sse2(cells, stacked, words) }
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            shrink_stacks_portable(cells, stacked, words)
        }
    }

    fn line_counts_checked(
        cells: &[u32; 27],
        reach: &mut Lines,
        forced: &mut Lines,
        words: u32,
    ) -> Result<([u32; 4], [u32; 4]), ()> {
        #[cfg(target_arch = "x86_64")]
        {
            // SAFETY: SSE2 is part of the x86_64 baseline.
            unsafe { line_counts_sse2(cells, reach, forced, words) }
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            line_counts_portable(cells, reach, forced, words)
        }
    }

    #[test]
    fn stack_patterns_take_each_bands_three_columns() {
        for cells in random_boards(200) {
            let columns =
                fold_columns(cells[0]) | fold_columns(cells[1]) << 9 | fold_columns(cells[2]) << 18;
            for stack in 0..3 {
                let mut expected = 0;
                for band in 0..3 {
                    for column in 0..3 {
                        let bit = columns >> (9 * band + 3 * stack + column) & 1;
                        expected |= (bit as usize) << (band * 3 + column);
                    }
                }
                assert_eq!(stack_pattern(columns, stack), expected);
            }
        }
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
