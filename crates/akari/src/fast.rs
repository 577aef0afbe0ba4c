//! The fast engine: flat arrays over the cells, each white cell's row and
//! column segment (the white cells between two black cells) precomputed,
//! and an incremental state (each white cell open, a bulb or empty; per
//! segment its open cells and whether it holds a bulb; per number its
//! bulbs and open sides) that an undo trail of the cells decided takes
//! back, so a node costs what it changes and nothing is cloned.
//!
//! Before every guess the deductions run to a fixpoint, each triggered by
//! what changed:
//!
//! - a bulb makes every other cell of its two segments empty;
//! - a number whose bulbs reach it makes its open sides empty, one whose
//!   open sides are exactly what it still needs makes them bulbs, and one
//!   that can leave only one open side empty forbids the white cell
//!   diagonal to two open sides (a bulb there would empty both);
//! - an unlit cell without a possible lighter (an open cell in its row or
//!   column segment, itself included) is a contradiction, one with a
//!   single lighter makes it a bulb, and an empty unlit cell with one
//!   lighter in its row and one in its column forbids the cell that sees
//!   them both (the corner of the three).
//!
//! Then the search branches in two on the unlit cell with the fewest
//! lighters: a bulb at one of them (the one that empties the most open
//! cells), or not. It counts solutions up to
//! [`Options::count_up_to`], so that a count to 2 proves uniqueness, and
//! stops at the node, time and memory limits with [`Status::Limit`] (the
//! bytes held are the tables, the trail and the open guesses).
//!
//! [`Status::Limit`]: puzzle_kit::Status::Limit

use std::time::Instant;

use puzzle_kit::{Budget, Limit};

use crate::options::{Counters, Options, Outcome, Stats};
use crate::puzzle::{Akari, Bulbs, Cell};

/// A white cell nothing is known of yet.
const OPEN: u8 = 0;
/// A white cell holding a bulb.
const BULB: u8 = 1;
/// A white cell without a bulb.
const EMPTY: u8 = 2;
/// A black cell, numbered or not.
const BLACK: u8 = 3;

/// The segment of a black cell.
const NO_SEGMENT: u32 = u32::MAX;

/// The contradiction that ends a branch.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Dead;

/// A white cell diagonal to a number, with the number's two sides it sees
/// (one in its row, one in its column).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Corner {
    sides: [u32; 2],
    corner: u32,
}

/// A guess open on the path to the current state: the trail's length
/// before it, and the cell that got a bulb.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Guess {
    trail: u32,
    cell: u32,
}

/// A puzzle prepared for the search, with its state.
#[derive(Debug, Clone)]
struct Engine {
    /// The grid's width: cell `row * cols + col`.
    cols: usize,
    /// The state of each cell (row by row): [`OPEN`], [`BULB`], [`EMPTY`]
    /// or [`BLACK`].
    state: Vec<u8>,
    /// Each cell's row and column segment ([`NO_SEGMENT`] for a black cell).
    segments_of: Vec<[u32; 2]>,
    /// The cells of segment `s` are `segment_cells[segment_start[s]..segment_start[s + 1]]`.
    segment_start: Vec<u32>,
    segment_cells: Vec<u32>,
    /// Per segment: its open cells, and whether it holds a bulb.
    segment_open: Vec<u32>,
    segment_bulb: Vec<bool>,
    /// Segments whose open cells changed since their unlit cells were
    /// last looked at.
    segment_queued: Vec<bool>,
    segment_queue: Vec<u32>,
    /// The numbers beside cell `c` are `beside[beside_start[c]..beside_start[c + 1]]`.
    beside_start: Vec<u32>,
    beside: Vec<u32>,
    /// Per number: its value, its bulbs and its open sides so far.
    number_value: Vec<u8>,
    number_bulbs: Vec<u8>,
    number_open: Vec<u8>,
    /// The white sides of number `n`, and its corners, by the same layout.
    side_start: Vec<u32>,
    sides: Vec<u32>,
    corner_start: Vec<u32>,
    corners: Vec<Corner>,
    /// Numbers whose counts changed since they were last looked at.
    number_queued: Vec<bool>,
    number_queue: Vec<u32>,
    /// The cells decided, in order: undoing them restores every count.
    trail: Vec<u32>,
    /// Per cell, the bulbs that light it (its own counted once).
    lit_by: Vec<u8>,
    /// The white cells no bulb lights, in no order, and each one's place
    /// there: the search looks only at these for its next guess.
    unlit: Vec<u32>,
    unlit_at: Vec<u32>,
    /// Cells the deductions decided (not the guesses).
    deductions: u64,
}

impl Engine {
    /// The tables of `puzzle` and its state before any deduction.
    fn new(puzzle: &Akari) -> Engine {
        let (rows, cols) = (puzzle.rows(), puzzle.cols());
        let cells = puzzle.cells();
        let size = rows * cols;
        let mut state = vec![BLACK; size];
        let mut numbers = Vec::with_capacity(size);
        let mut white_count = 0;
        for ((cell, &kind), state) in cells.iter().enumerate().zip(&mut state) {
            match kind {
                Cell::White => {
                    *state = OPEN;
                    white_count += 1;
                }
                Cell::Number(k) => numbers.push((cell, k)),
                Cell::Black => {}
            }
        }
        // Segments: runs of white cells along each row, then down each
        // column, each run's cells contiguous in `segment_cells`. The row
        // runs list every white cell once, row by row: the unlit list to
        // start from. Written by index, not pushed: this is most of what
        // preparing a large grid costs.
        let mut segments_of = vec![[NO_SEGMENT; 2]; size];
        let mut unlit_at = vec![u32::MAX; size];
        let mut segment_start = Vec::with_capacity(white_count + 1);
        let mut segment_cells = vec![0u32; 2 * white_count];
        let mut filled = 0;
        for (row, line) in state.chunks_exact(cols).enumerate() {
            let mut open_before = false;
            for (col, &here) in line.iter().enumerate() {
                let open = here == OPEN;
                if open {
                    let cell = row * cols + col;
                    if !open_before {
                        segment_start.push(filled as u32);
                    }
                    segments_of[cell][0] = segment_start.len() as u32 - 1;
                    unlit_at[cell] = filled as u32;
                    segment_cells[filled] = cell as u32;
                    filled += 1;
                }
                open_before = open;
            }
        }
        let whites = segment_cells[..white_count].to_vec();
        for col in 0..cols {
            let mut open_before = false;
            for cell in (col..size).step_by(cols) {
                let open = state[cell] == OPEN;
                if open {
                    if !open_before {
                        segment_start.push(filled as u32);
                    }
                    segments_of[cell][1] = segment_start.len() as u32 - 1;
                    segment_cells[filled] = cell as u32;
                    filled += 1;
                }
                open_before = open;
            }
        }
        segment_start.push(filled as u32);
        let segments = segment_start.len() - 1;
        let segment_open = segment_start
            .windows(2)
            .map(|bounds| bounds[1] - bounds[0])
            .collect();
        // The numbers beside each white cell, counted from the numbers'
        // side (a few per grid) rather than from every cell's four
        // neighbours: this is most of what preparing a large grid costs.
        let neighbours = |cell: usize| {
            let (row, col) = (cell / cols, cell % cols);
            [
                (row > 0).then(|| cell - cols),
                (col + 1 < cols).then(|| cell + 1),
                (row + 1 < rows).then(|| cell + cols),
                (col > 0).then(|| cell - 1),
            ]
        };
        // Each cell's count, summed so that `beside_start[c]` is where its
        // numbers end; filling them backwards (the last number first, so
        // that each cell lists its numbers in order) then leaves it where
        // they begin, with no second array of places.
        let mut beside_start = vec![0u32; size + 1];
        for &(cell, _) in &numbers {
            for side in neighbours(cell).into_iter().flatten() {
                if state[side] == OPEN {
                    beside_start[side] += 1;
                }
            }
        }
        for cell in 1..size {
            beside_start[cell] += beside_start[cell - 1];
        }
        let total = if size > 0 { beside_start[size - 1] } else { 0 };
        beside_start[size] = total;
        let mut beside = vec![0u32; total as usize];
        for (number, &(cell, _)) in numbers.iter().enumerate().rev() {
            for side in neighbours(cell).into_iter().flatten() {
                if state[side] == OPEN {
                    beside_start[side] -= 1;
                    beside[beside_start[side] as usize] = number as u32;
                }
            }
        }
        let mut side_start = Vec::with_capacity(numbers.len() + 1);
        let mut corner_start = Vec::with_capacity(numbers.len() + 1);
        side_start.push(0);
        corner_start.push(0);
        let mut sides = Vec::with_capacity(4 * numbers.len());
        let mut corners = Vec::with_capacity(4 * numbers.len());
        let mut number_value = Vec::with_capacity(numbers.len());
        let mut number_open = Vec::with_capacity(numbers.len());
        for &(cell, k) in &numbers {
            let (row, col) = (cell / cols, cell % cols);
            let white = |side: Option<usize>| side.filter(|&side| state[side] == OPEN);
            // Up, right, down, left, then the cell between each two.
            let around = [
                white((row > 0).then(|| cell - cols)),
                white((col + 1 < cols).then(|| cell + 1)),
                white((row + 1 < rows).then(|| cell + cols)),
                white((col > 0).then(|| cell - 1)),
            ];
            let before = sides.len();
            sides.extend(around.iter().flatten().map(|&side| side as u32));
            side_start.push(sides.len() as u32);
            number_value.push(k);
            number_open.push((sides.len() - before) as u8);
            // Two white sides at right angles, and the white cell diagonal
            // to both: it shares a row segment with one, a column segment
            // with the other.
            for (a, b) in [(0, 1), (1, 2), (2, 3), (3, 0)] {
                let (Some(a), Some(b)) = (around[a], around[b]) else {
                    continue;
                };
                // One side is up or down, the other right or left: the
                // corner is both steps from the number.
                let corner = a + b - cell;
                if state[corner] == OPEN {
                    corners.push(Corner {
                        sides: [a as u32, b as u32],
                        corner: corner as u32,
                    });
                }
            }
            corner_start.push(corners.len() as u32);
        }
        let count = numbers.len();
        Engine {
            lit_by: vec![0; size],
            trail: Vec::with_capacity(whites.len()),
            unlit: whites,
            unlit_at,
            cols,
            state,
            segments_of,
            segment_start,
            segment_cells,
            segment_open,
            segment_bulb: vec![false; segments],
            segment_queued: vec![false; segments],
            segment_queue: Vec::with_capacity(segments),
            beside_start,
            beside,
            number_value,
            number_bulbs: vec![0; count],
            number_open,
            side_start,
            sides,
            corner_start,
            corners,
            number_queued: vec![false; count],
            number_queue: Vec::with_capacity(count),
            deductions: 0,
        }
    }

    /// The bytes of the tables, which a search holds whatever it does.
    fn table_bytes(&self) -> usize {
        size_of_val(&self.state[..])
            + size_of_val(&self.segments_of[..])
            + size_of_val(&self.segment_start[..])
            + size_of_val(&self.segment_cells[..])
            + size_of_val(&self.segment_open[..])
            + size_of_val(&self.segment_bulb[..])
            + size_of_val(&self.segment_queued[..])
            + size_of_val(&self.beside_start[..])
            + size_of_val(&self.beside[..])
            + size_of_val(&self.side_start[..])
            + size_of_val(&self.sides[..])
            + size_of_val(&self.corner_start[..])
            + size_of_val(&self.corners[..])
            + size_of_val(&self.lit_by[..])
            + size_of_val(&self.unlit[..])
            + size_of_val(&self.unlit_at[..])
            + 4 * self.number_value.len()
    }

    /// Where the cells of `segment` are in `segment_cells`.
    fn segment(&self, segment: u32) -> std::ops::Range<usize> {
        let segment = segment as usize;
        self.segment_start[segment] as usize..self.segment_start[segment + 1] as usize
    }

    /// Where the numbers beside `cell` are in `beside`.
    fn numbers_beside(&self, cell: usize) -> std::ops::Range<usize> {
        self.beside_start[cell] as usize..self.beside_start[cell + 1] as usize
    }

    /// Queues `segment` for [`Engine::segment_rule`], unless it is lit or
    /// has three open cells or more: then each of its unlit cells has two
    /// lighters or more in it alone (an open one itself and two others),
    /// so that no rule can fire for them until it drops to two (and a
    /// change in a cell's other segment queues that one).
    #[inline]
    fn queue_segment(&mut self, segment: u32) {
        let s = segment as usize;
        if !self.segment_queued[s] && !self.segment_bulb[s] && self.segment_open[s] <= 2 {
            self.segment_queued[s] = true;
            self.segment_queue.push(segment);
        }
    }

    /// Queues `number` for [`Engine::number_rule`].
    #[inline]
    fn queue_number(&mut self, number: u32) {
        if !self.number_queued[number as usize] {
            self.number_queued[number as usize] = true;
            self.number_queue.push(number);
        }
    }

    /// Decides that `cell` holds no bulb.
    fn set_empty(&mut self, cell: usize) -> Result<(), Dead> {
        match self.state[cell] {
            OPEN => {}
            EMPTY => return Ok(()),
            _ => return Err(Dead),
        }
        self.empty_open(cell);
        Ok(())
    }

    /// Decides that the open `cell` holds no bulb.
    fn empty_open(&mut self, cell: usize) {
        self.state[cell] = EMPTY;
        self.trail.push(cell as u32);
        let [row, col] = self.segments_of[cell];
        self.segment_open[row as usize] -= 1;
        self.segment_open[col as usize] -= 1;
        self.queue_segment(row);
        self.queue_segment(col);
        for index in self.numbers_beside(cell) {
            let number = self.beside[index];
            self.number_open[number as usize] -= 1;
            self.queue_number(number);
        }
    }

    /// One more bulb lights `cell`.
    #[inline]
    fn light(&mut self, cell: usize) {
        self.lit_by[cell] += 1;
        if self.lit_by[cell] == 1 {
            let at = self.unlit_at[cell] as usize;
            let last = self.unlit.pop().expect("an unlit cell is listed");
            if last as usize != cell {
                self.unlit[at] = last;
                self.unlit_at[last as usize] = at as u32;
            }
        }
    }

    /// One bulb fewer lights `cell`.
    #[inline]
    fn unlight(&mut self, cell: usize) {
        self.lit_by[cell] -= 1;
        if self.lit_by[cell] == 0 {
            self.unlit_at[cell] = self.unlit.len() as u32;
            self.unlit.push(cell as u32);
        }
    }

    /// Puts a bulb at `cell`: the other cells of its segments are emptied.
    fn set_bulb(&mut self, cell: usize) -> Result<(), Dead> {
        match self.state[cell] {
            OPEN => {}
            BULB => return Ok(()),
            _ => return Err(Dead),
        }
        self.state[cell] = BULB;
        self.trail.push(cell as u32);
        let [row, col] = self.segments_of[cell];
        for segment in [row, col] {
            self.segment_open[segment as usize] -= 1;
            self.segment_bulb[segment as usize] = true;
        }
        for index in self.numbers_beside(cell) {
            let number = self.beside[index] as usize;
            self.number_open[number] -= 1;
            self.number_bulbs[number] += 1;
            self.queue_number(number as u32);
        }
        // The cell itself is in both segments, and lit once.
        for (axis, segment) in [row, col].into_iter().enumerate() {
            for index in self.segment(segment) {
                let other = self.segment_cells[index] as usize;
                if other == cell {
                    if axis == 0 {
                        self.light(other);
                    }
                    continue;
                }
                self.light(other);
                if self.state[other] == OPEN {
                    self.deductions += 1;
                    self.empty_seen(other, 1 - axis);
                }
            }
        }
        Ok(())
    }

    /// Decides that the open `cell`, which a new bulb in one of its
    /// segments sees, holds no bulb: [`Engine::empty_open`] without
    /// queueing the lit segment (`axis` is the other one's: 0 its row
    /// segment, 1 its column segment).
    #[inline(always)]
    fn empty_seen(&mut self, cell: usize, axis: usize) {
        self.state[cell] = EMPTY;
        self.trail.push(cell as u32);
        let segments = self.segments_of[cell];
        self.segment_open[segments[1 - axis] as usize] -= 1;
        let other = segments[axis];
        self.segment_open[other as usize] -= 1;
        self.queue_segment(other);
        for index in self.numbers_beside(cell) {
            let number = self.beside[index];
            self.number_open[number as usize] -= 1;
            self.queue_number(number);
        }
    }

    /// Undoes the decisions after the first `length` of the trail.
    fn undo_to(&mut self, length: usize) {
        while self.trail.len() > length {
            let cell = self.trail.pop().expect("the trail is longer") as usize;
            let bulb = self.state[cell] == BULB;
            self.state[cell] = OPEN;
            let [row, col] = self.segments_of[cell];
            if bulb {
                for (segment, itself) in [(col, false), (row, true)] {
                    for index in self.segment(segment) {
                        let other = self.segment_cells[index] as usize;
                        if other != cell || itself {
                            self.unlight(other);
                        }
                    }
                }
            }
            for segment in [row as usize, col as usize] {
                self.segment_open[segment] += 1;
                if bulb {
                    self.segment_bulb[segment] = false;
                }
            }
            for index in self.numbers_beside(cell) {
                let number = self.beside[index] as usize;
                self.number_open[number] += 1;
                if bulb {
                    self.number_bulbs[number] -= 1;
                }
            }
        }
    }

    /// What number `number` decides about its sides.
    fn number_rule(&mut self, number: usize) -> Result<(), Dead> {
        let bulbs = self.number_bulbs[number];
        let open = self.number_open[number];
        let value = self.number_value[number];
        if bulbs > value || bulbs + open < value {
            return Err(Dead);
        }
        if open == 0 {
            return Ok(());
        }
        let need = value - bulbs;
        let sides = self.side_start[number] as usize..self.side_start[number + 1] as usize;
        if need == 0 || need == open {
            for index in sides {
                let side = self.sides[index] as usize;
                if self.state[side] == OPEN {
                    self.deductions += 1;
                    if need == 0 {
                        self.set_empty(side)?;
                    } else {
                        self.set_bulb(side)?;
                    }
                }
            }
        } else if need + 1 == open {
            let corners =
                self.corner_start[number] as usize..self.corner_start[number + 1] as usize;
            for index in corners {
                let Corner { sides, corner } = self.corners[index];
                let corner = corner as usize;
                if self.state[corner] == OPEN
                    && sides.iter().all(|&side| self.state[side as usize] == OPEN)
                {
                    self.deductions += 1;
                    self.set_empty(corner)?;
                }
            }
        }
        Ok(())
    }

    /// The first open cell of `segment`.
    fn open_in(&self, segment: u32) -> Option<usize> {
        self.segment(segment)
            .map(|index| self.segment_cells[index] as usize)
            .find(|&cell| self.state[cell] == OPEN)
    }

    /// What the unlit cells of `segment` decide.
    fn segment_rule(&mut self, segment: u32) -> Result<(), Dead> {
        for index in self.segment(segment) {
            if self.segment_bulb[segment as usize] {
                return Ok(());
            }
            let cell = self.segment_cells[index] as usize;
            let [row, col] = self.segments_of[cell];
            if self.segment_bulb[col as usize] || self.segment_bulb[row as usize] {
                continue;
            }
            let here = u32::from(self.state[cell] == OPEN);
            let (in_row, in_col) = (
                self.segment_open[row as usize],
                self.segment_open[col as usize],
            );
            match in_row + in_col - here {
                0 => return Err(Dead),
                1 => {
                    let lighter = if here == 1 {
                        Some(cell)
                    } else {
                        self.open_in(row).or_else(|| self.open_in(col))
                    };
                    self.deductions += 1;
                    self.set_bulb(lighter.expect("one lighter is open"))?;
                }
                2 if here == 0 && in_row == 1 => {
                    // One lighter in the row, one in the column: a bulb
                    // where the column of the one meets the row of the
                    // other would empty both.
                    let (Some(a), Some(b)) = (self.open_in(row), self.open_in(col)) else {
                        continue;
                    };
                    let cols = self.cols;
                    let corner = b - b % cols + a % cols;
                    if self.state[corner] == OPEN
                        && self.segments_of[corner][1] == self.segments_of[a][1]
                        && self.segments_of[corner][0] == self.segments_of[b][0]
                    {
                        self.deductions += 1;
                        self.set_empty(corner)?;
                    }
                }
                _ => {}
            }
        }
        Ok(())
    }

    /// Decides `cell` (a bulb or empty, by `bulb`) and runs the
    /// deductions to a fixpoint; `bulb: None` only runs them.
    fn decide(&mut self, cell: usize, bulb: Option<bool>) -> Result<(), Dead> {
        let decided = match bulb {
            Some(true) => self.set_bulb(cell),
            Some(false) => self.set_empty(cell),
            None => Ok(()),
        };
        let result = decided.and_then(|()| self.propagate());
        if result.is_err() {
            // The queues hold leftovers of the branch that died.
            for &number in &self.number_queue {
                self.number_queued[number as usize] = false;
            }
            self.number_queue.clear();
            for &segment in &self.segment_queue {
                self.segment_queued[segment as usize] = false;
            }
            self.segment_queue.clear();
        }
        #[cfg(debug_assertions)]
        debug_assert!(result.is_err() || self.at_fixpoint(), "a fixpoint");
        result
    }

    /// The deductions to a fixpoint from the queues.
    fn propagate(&mut self) -> Result<(), Dead> {
        loop {
            if let Some(number) = self.number_queue.pop() {
                self.number_queued[number as usize] = false;
                self.number_rule(number as usize)?;
            } else if let Some(segment) = self.segment_queue.pop() {
                self.segment_queued[segment as usize] = false;
                self.segment_rule(segment)?;
            } else {
                return Ok(());
            }
        }
    }

    /// Queues every number and segment, for the root.
    fn queue_everything(&mut self) {
        for number in 0..self.number_value.len() as u32 {
            self.queue_number(number);
        }
        for segment in 0..self.segment_open.len() as u32 {
            self.queue_segment(segment);
        }
    }

    /// The cell to put a bulb in next: of the lighters of the unlit cell
    /// with the fewest, the one whose bulb would empty the most open
    /// cells; `None` when every cell is lit (a solution: an open cell is
    /// always unlit, since a bulb empties its segments). On Tatham's
    /// hardest 25x25 grids the most-emptying lighter takes a fifth fewer
    /// guesses than the first one found, and a third fewer at worst.
    fn choose(&self) -> Option<usize> {
        let mut best = None;
        let mut fewest = u32::MAX;
        for &cell in &self.unlit {
            let cell = cell as usize;
            let [row, col] = self.segments_of[cell];
            let here = u32::from(self.state[cell] == OPEN);
            let lighters = self.segment_open[row as usize] + self.segment_open[col as usize] - here;
            if lighters < fewest {
                fewest = lighters;
                best = Some(cell);
                if lighters <= 2 {
                    break;
                }
            }
        }
        let cell = best?;
        let weight = |lighter: usize| {
            self.segment_open[self.segments_of[lighter][0] as usize]
                + self.segment_open[self.segments_of[lighter][1] as usize]
        };
        let mut chosen = None;
        let mut most = 0;
        for segment in self.segments_of[cell] {
            for index in self.segment(segment) {
                let lighter = self.segment_cells[index] as usize;
                if self.state[lighter] == OPEN && weight(lighter) > most {
                    most = weight(lighter);
                    chosen = Some(lighter);
                }
            }
        }
        chosen
    }
}

/// The from-scratch checks of debug builds: every count the engine keeps
/// recomputed from the cells' states alone, and the deductions' fixpoint
/// checked after each propagation that succeeds.
#[cfg(debug_assertions)]
impl Engine {
    /// Whether every kept count is what the states say.
    fn counts_agree(&self) -> bool {
        let segments = self.segment_open.len();
        let segments_agree = (0..segments as u32).all(|segment| {
            let states = || {
                self.segment(segment)
                    .map(|index| self.state[self.segment_cells[index] as usize])
            };
            let open = states().filter(|&state| state == OPEN).count() as u32;
            let bulb = states().any(|state| state == BULB);
            let s = segment as usize;
            open == self.segment_open[s] && bulb == self.segment_bulb[s]
        });
        let numbers_agree = (0..self.number_value.len()).all(|number| {
            let sides = self.side_start[number] as usize..self.side_start[number + 1] as usize;
            let states = || {
                sides
                    .clone()
                    .map(|index| self.state[self.sides[index] as usize])
            };
            let open = states().filter(|&state| state == OPEN).count() as u8;
            let bulbs = states().filter(|&state| state == BULB).count() as u8;
            (open, bulbs) == (self.number_open[number], self.number_bulbs[number])
        });
        let lit_agrees = (0..self.state.len()).all(|cell| {
            if self.state[cell] == BLACK {
                return true;
            }
            let [row, col] = self.segments_of[cell];
            let lit = self.segment_bulb[row as usize] || self.segment_bulb[col as usize];
            let listed = self.unlit.get(self.unlit_at[cell] as usize) == Some(&(cell as u32));
            lit == (self.lit_by[cell] > 0) && lit != listed
        });
        segments_agree && numbers_agree && lit_agrees
    }

    /// Whether no deduction is left to make: the counts agree, no open
    /// cell is lit, no unlit cell has fewer than two lighters, and no
    /// number forces or forbids an open side.
    fn at_fixpoint(&self) -> bool {
        let lighters_left = self.unlit.iter().all(|&cell| {
            let cell = cell as usize;
            let [row, col] = self.segments_of[cell];
            let here = u32::from(self.state[cell] == OPEN);
            self.segment_open[row as usize] + self.segment_open[col as usize] - here >= 2
        });
        let open_unlit = (0..self.state.len())
            .filter(|&cell| self.state[cell] == OPEN)
            .all(|cell| self.lit_by[cell] == 0);
        let numbers_settled = (0..self.number_value.len()).all(|number| {
            let (bulbs, open) = (self.number_bulbs[number], self.number_open[number]);
            let value = self.number_value[number];
            open == 0 || (bulbs < value && bulbs + open > value)
        });
        self.counts_agree() && lighters_left && open_unlit && numbers_settled
    }
}

/// How a count ended.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
struct Counted {
    count: u64,
    /// The first solution: a flag per cell, whether it holds a bulb.
    first: Option<Vec<bool>>,
    /// Whether every branch was searched.
    complete: bool,
    limit: Option<Limit>,
    /// The root plus one per branch taken: a bulb put at a lighter, or
    /// taken out of it once every solution with it is counted.
    nodes: u64,
    /// Branches whose deductions failed.
    backtracks: u64,
    /// Bulbs guessed.
    guesses: u64,
}

impl Engine {
    /// The bytes the search holds with `guesses` open.
    fn held(&self, tables: usize, guesses: &[Guess]) -> usize {
        tables + size_of_val(&self.trail[..]) + size_of_val(guesses)
    }

    /// Counts solutions up to `max` (at least 1) within `budget`.
    fn count(&mut self, max: u64, budget: &Budget) -> Counted {
        let mut counted = Counted::default();
        let tables = self.table_bytes();
        let refused = match budget.nodes {
            Some(0) => Some(Limit::Node),
            _ => budget.refuses(0, tables),
        };
        if let Some(limit) = refused {
            counted.limit = Some(limit);
            return counted;
        }
        counted.nodes = 1;
        let max = max.max(1);
        self.queue_everything();
        if self.decide(0, None).is_err() {
            counted.complete = true;
            return counted;
        }
        let mut guesses: Vec<Guess> = Vec::with_capacity(self.unlit.len());
        loop {
            match self.choose() {
                None => {
                    counted.count += 1;
                    if counted.first.is_none() {
                        counted.first = Some(self.state.iter().map(|&cell| cell == BULB).collect());
                    }
                    if counted.count >= max {
                        return counted;
                    }
                }
                Some(cell) => {
                    let held = self.held(tables, &guesses) + size_of::<Guess>();
                    if let Some(limit) = budget.refuses(counted.nodes, held) {
                        counted.limit = Some(limit);
                        return counted;
                    }
                    counted.nodes += 1;
                    counted.guesses += 1;
                    guesses.push(Guess {
                        trail: self.trail.len() as u32,
                        cell: cell as u32,
                    });
                    if self.decide(cell, Some(true)).is_ok() {
                        continue;
                    }
                    counted.backtracks += 1;
                }
            }
            // Backtrack: the latest guess is exhausted; its cell is
            // emptied in the state before it, and that propagated in turn
            // (a failure there exhausts the guess before it).
            loop {
                let Some(Guess { trail, cell }) = guesses.pop() else {
                    counted.complete = true;
                    return counted;
                };
                self.undo_to(trail as usize);
                #[cfg(debug_assertions)]
                debug_assert!(self.counts_agree(), "the undone counts");
                if let Some(limit) = budget.refuses(counted.nodes, self.held(tables, &guesses)) {
                    counted.limit = Some(limit);
                    return counted;
                }
                counted.nodes += 1;
                if self.decide(cell as usize, Some(false)).is_ok() {
                    break;
                }
                counted.backtracks += 1;
            }
        }
    }
}

/// Solves `puzzle` with the fast engine (see the module docs): the first
/// solution, or the count up to [`Options::count_up_to`], within its
/// limits.
pub(crate) fn solve(puzzle: &Akari, options: &Options) -> Outcome {
    let started = Instant::now();
    let mut engine = Engine::new(puzzle);
    let budget = Budget::new(&options.limits, started);
    let counted = engine.count(options.limits.count_up_to, &budget);
    let first = counted
        .first
        .map(|on| Bulbs::new(puzzle.rows(), puzzle.cols(), on).expect("a flag per cell"));
    let stats = Stats {
        nodes: counted.nodes,
        elapsed: started.elapsed(),
        counters: Counters {
            backtracks: counted.backtracks,
            guesses: Some(counted.guesses),
            deductions: Some(engine.deductions),
        },
    };
    Outcome::counted(first, counted.count, counted.complete, counted.limit, stats)
}

#[cfg(test)]
mod tests {
    use puzzle_kit::Status;

    use super::*;
    use crate::options::Algo;

    /// Counts `text`'s solutions to 2 with the engine: the status, the
    /// count, the nodes and the first solution's line.
    fn check(text: &str, expected: (Status, u64, u64, Option<&str>)) {
        let puzzle: Akari = text.parse().expect("a grid");
        let outcome = solve(&puzzle, &Options::new(Algo::Fast).count_up_to(2));
        let line = outcome
            .solution
            .as_ref()
            .map(|bulbs| puzzle.draw(bulbs, '/'));
        assert_eq!(
            (
                outcome.status,
                outcome.count,
                outcome.stats.nodes,
                line.as_deref()
            ),
            expected,
            "{text}"
        );
        if let Some(bulbs) = &outcome.solution {
            crate::check::check(&puzzle, bulbs).expect("the checker agrees");
        }
    }

    #[test]
    fn the_deductions_settle_what_they_can_before_a_guess() {
        // Tatham's 5x5: two guesses, each with its refutation.
        check(
            "...../..#../0...3/..1../.....",
            (Status::Solved, 1, 5, Some("*..../..#.*/0..*3/.*1.*/*....")),
        );
        // A 0 empties its sides; nothing else can light them.
        check(".0/0.", (Status::Unsolvable, 0, 1, None));
        // A 4 makes its four sides bulbs, which light one another here.
        check(".4./...", (Status::Unsolvable, 0, 1, None));
        // A 3 at an edge: its three sides are bulbs.
        check(".3./#.#", (Status::Solved, 1, 1, Some("*3*/#*#")));
        // A 1 with two open sides at right angles forbids the corner
        // between them (a bulb there would empty both); what is left
        // has two solutions, one for each side of the 1.
        check("1../.../...", (Status::Solved, 2, 5, Some("1.*/*../.*.")));
        // No white cell: nothing to light, nothing to guess.
        check("#", (Status::Solved, 1, 1, Some("#")));
        check("2", (Status::Unsolvable, 0, 1, None));
    }
}
