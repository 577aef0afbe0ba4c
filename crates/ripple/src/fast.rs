//! The fast engine: one bitset of candidate digits per cell, and before
//! every guess the cheap deductions to a fixpoint: naked singles, hidden
//! singles per room, distance eliminations from every placed digit, the
//! pointing argument (a cell that sees every place left for a digit in a
//! room cannot hold it) and naked pairs in a room. Only the rooms whose
//! cells lost a candidate are looked at again, so the fixpoint is cheap
//! enough to reach after every guess. The search branches in two (a digit
//! in a cell, or not), counting solutions up to a limit so that the same
//! search proves uniqueness; a guess copies the candidates aside (one word
//! a cell) and backtracking copies them back. Before the first guess of a
//! `solve`, a capacity argument counts, per digit and band of rows or
//! columns, the d's the rooms inside need against the most the lines can
//! hold (see [`Engine::capacity_pass`]): clue-free tiled grids that no
//! propagation touches die there.

use std::time::Instant;

use csp_core::{Cause, NoObserver, Observer, Stats as CspStats, Status, Var};
use puzzle_kit::{Budget, Limit};

use crate::options::{Options, Outcome, Stats, counted as counted_outcome};
use crate::puzzle::{Grid, Puzzle, digits_of, full_mask};

/// How much a propagation pass may use; the generator grades puzzles by it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Level {
    /// Singles, hidden singles and distance eliminations.
    Basic,
    /// And the pointing and naked-pair arguments.
    Full,
}

/// The most places a digit may have left in a room for the pointing
/// argument to look for a cell that sees them all. Grading depends on it
/// (what `medium` means), so it stays what the generator was built with.
const POINTING_PLACES: usize = 4;

/// The most passes of the capacity argument at the root of a search.
const CAPACITY_PASSES: usize = 64;

/// The `propagator` an observer of the fast engine is told for a cell that
/// a propagation round left with one digit (placed), and for one that kept
/// several. The engine reports a round's outcome per cell, not which of
/// its deductions (singles, distance, pointing, pairs) took each digit.
pub const PLACED: &str = "placed";
/// See [`PLACED`].
pub const REMOVED: &str = "removed";

/// The digit of a single candidate bit.
fn digit_of(bit: u64) -> i32 {
    bit.trailing_zeros() as i32 + 1
}

/// The contradiction that ends a branch.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Dead;

/// The candidates of every cell before a search.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct State {
    candidates: Vec<u64>,
}

/// A puzzle prepared for the engine, with the scratch of its propagation.
#[derive(Debug, Clone)]
pub(crate) struct Engine {
    rows: usize,
    cols: usize,
    room_of: Vec<u32>,
    /// The cells of room `r` are `room_cells[room_start[r]..room_start[r + 1]]`.
    room_start: Vec<u32>,
    room_cells: Vec<u32>,
    /// The candidates of the state being propagated.
    candidates: Vec<u64>,
    /// Cells that became single and whose digit is still to be propagated.
    /// A cell's candidates only shrink along a branch, so each cell
    /// becomes single (and is queued) once: no flag needs to say which
    /// cells were placed.
    queue: Vec<u32>,
    /// Cells whose digit has not been propagated yet: at zero the grid is
    /// a solution, and what is left on the room lists can only agree.
    open: usize,
    /// Rooms where some cell lost a candidate since their hidden singles
    /// were last looked at, and per room the digits that lost a place
    /// (zero exactly when the room is not listed): only those can have
    /// become hidden singles or lost their last place.
    singles_dirty: Vec<u32>,
    singles_changed: Vec<u64>,
    /// The same for the pointing and pair arguments, which run only once
    /// the cheap deductions are exhausted: pointing looks again only at
    /// the digits whose places shrank.
    arguments_dirty: Vec<u32>,
    arguments_changed: Vec<u64>,
    /// Copies of the candidates at each open guess, one frame a guess.
    saved: Vec<u64>,
    /// Propagation rounds and digits removed, counted only for an observer
    /// (its `end` event's `propagations` and `prunings`).
    observed_rounds: u64,
    observed_removed: u64,
    /// Whether the root of a search also runs the capacity argument (see
    /// [`Engine::capacity`]); off for the generator, whose grades count
    /// what the propagation levels alone settle.
    capacity: bool,
}

/// How a count ended, and its counters.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct Counted {
    pub count: u64,
    pub first: Option<Vec<u8>>,
    pub complete: bool,
    /// The limit that stopped the count, if one did.
    pub limit: Option<Limit>,
    /// Search nodes: the root plus one per branch taken (a digit put in
    /// a cell, or taken out of it once every solution with it is counted).
    pub nodes: u64,
    /// Branches whose propagation failed.
    pub backtracks: u64,
}

impl Engine {
    pub(crate) fn new(puzzle: &Puzzle) -> Self {
        let mut room_start = Vec::with_capacity(puzzle.rooms().len() + 1);
        let mut room_cells = Vec::with_capacity(puzzle.len());
        for room in puzzle.rooms() {
            room_start.push(room_cells.len() as u32);
            room_cells.extend_from_slice(room);
        }
        room_start.push(room_cells.len() as u32);
        let rooms = puzzle.rooms().len();
        Engine {
            rows: puzzle.rows(),
            cols: puzzle.cols(),
            room_of: puzzle.room_of().to_vec(),
            room_start,
            room_cells,
            // Filled by `count` or `solves_without_guessing` from a `State`.
            candidates: Vec::new(),
            // Each cell is queued at most once a propagation.
            queue: Vec::with_capacity(puzzle.len()),
            open: 0,
            singles_dirty: Vec::with_capacity(rooms),
            singles_changed: vec![0; rooms],
            arguments_dirty: Vec::with_capacity(rooms),
            arguments_changed: vec![0; rooms],
            saved: Vec::new(),
            observed_rounds: 0,
            observed_removed: 0,
            capacity: false,
        }
    }

    /// The same engine, with the capacity argument at the root of a search.
    pub(crate) fn with_capacity(mut self) -> Self {
        self.capacity = true;
        self
    }

    fn rooms(&self) -> usize {
        self.room_start.len() - 1
    }

    /// The cells of `room` (a range into `room_cells`, so that the
    /// candidates can change while it is walked).
    fn room_range(&self, room: usize) -> std::ops::Range<usize> {
        self.room_start[room] as usize..self.room_start[room + 1] as usize
    }

    /// The state of `givens` before any propagation: every digit of its
    /// room possible in each cell, a given alone in its cell.
    pub(crate) fn start(&self, givens: &[u8]) -> State {
        let candidates = givens
            .iter()
            .enumerate()
            .map(|(cell, &given)| {
                if given != 0 {
                    1 << (given - 1)
                } else {
                    let room = self.room_of[cell] as usize;
                    full_mask(self.room_range(room).len())
                }
            })
            .collect();
        State { candidates }
    }

    /// Notes that `cell` lost the digits `removed`, for the hidden
    /// singles of its room (which pass them on to the room arguments).
    #[inline]
    fn touch(&mut self, cell: usize, removed: u64) {
        let room = self.room_of[cell] as usize;
        if self.singles_changed[room] == 0 {
            self.singles_dirty.push(room as u32);
        }
        self.singles_changed[room] |= removed;
    }

    /// Removes `bit` from `cell`; a cell left with one candidate is queued.
    #[inline]
    fn remove(&mut self, cell: usize, bit: u64) -> Result<bool, Dead> {
        let candidates = self.candidates[cell];
        if candidates & bit == 0 {
            return Ok(false);
        }
        let left = candidates & !bit;
        if left == 0 {
            return Err(Dead);
        }
        self.candidates[cell] = left;
        if left & (left - 1) == 0 {
            self.queue.push(cell as u32);
        }
        self.touch(cell, bit);
        Ok(true)
    }

    /// Narrows `cell` to the single digit `bit` (which it holds) and queues it.
    #[inline]
    fn fix(&mut self, cell: usize, bit: u64) {
        let candidates = self.candidates[cell];
        if candidates != bit {
            self.candidates[cell] = bit;
            self.queue.push(cell as u32);
            self.touch(cell, candidates & !bit);
        }
    }

    /// Propagates the digit of a cell with one candidate: out of its room
    /// and out of the cells within its distance in its row and column.
    fn place(&mut self, cell: usize) -> Result<(), Dead> {
        self.open -= 1;
        let bit = self.candidates[cell];
        let digit = bit.trailing_zeros() as usize + 1;
        let room = self.room_of[cell] as usize;
        // The room's mates lose the digit: the room is noted once, not per mate.
        let mut taken = false;
        for index in self.room_range(room) {
            let other = self.room_cells[index] as usize;
            let candidates = self.candidates[other];
            if other == cell || candidates & bit == 0 {
                continue;
            }
            let left = candidates & !bit;
            if left == 0 {
                return Err(Dead);
            }
            self.candidates[other] = left;
            if left & (left - 1) == 0 {
                self.queue.push(other as u32);
            }
            taken = true;
        }
        if taken {
            self.touch(cell, bit);
        }
        let (r, c) = (cell / self.cols, cell % self.cols);
        let cols = self.cols;
        for step in 1..=digit.min(c) {
            self.remove(cell - step, bit)?;
        }
        for step in 1..=digit.min(cols - 1 - c) {
            self.remove(cell + step, bit)?;
        }
        for step in 1..=digit.min(r) {
            self.remove(cell - step * cols, bit)?;
        }
        for step in 1..=digit.min(self.rows - 1 - r) {
            self.remove(cell + step * cols, bit)?;
        }
        Ok(())
    }

    /// Empties the work lists (after a contradiction they hold leftovers).
    fn clear_work(&mut self) {
        self.queue.clear();
        for &room in &self.singles_dirty {
            self.singles_changed[room as usize] = 0;
        }
        self.singles_dirty.clear();
        for &room in &self.arguments_dirty {
            self.arguments_changed[room as usize] = 0;
        }
        self.arguments_dirty.clear();
    }

    /// Queues every single and marks every room, for a fresh state.
    fn seed_everything(&mut self) {
        self.clear_work();
        self.open = self.candidates.len();
        for cell in 0..self.candidates.len() {
            let candidates = self.candidates[cell];
            if candidates & (candidates - 1) == 0 {
                self.queue.push(cell as u32);
            }
        }
        // The hidden singles pass every digit on to the room arguments.
        for room in 0..self.rooms() {
            self.singles_changed[room] = full_mask(self.room_range(room).len());
            self.singles_dirty.push(room as u32);
        }
    }

    /// Every deduction of `level` to a fixpoint, from the work lists: the
    /// singles first, then the hidden singles of the rooms that changed,
    /// and only when both are exhausted the dearer room arguments.
    fn propagate(&mut self, level: Level) -> Result<(), Dead> {
        let result = self.propagate_lists(level);
        if result.is_err() {
            self.clear_work();
        }
        result
    }

    fn propagate_lists(&mut self, level: Level) -> Result<(), Dead> {
        loop {
            if let Some(cell) = self.queue.pop() {
                self.place(cell as usize)?;
                continue;
            }
            if self.open == 0 {
                // Every digit placed without a clash: the rooms hold
                // their digits once each and the distances are kept.
                self.clear_work();
                return Ok(());
            }
            if let Some(room) = self.singles_dirty.pop() {
                let room = room as usize;
                let changed = std::mem::take(&mut self.singles_changed[room]);
                self.hidden_singles(room, changed)?;
                if level == Level::Full {
                    if self.arguments_changed[room] == 0 {
                        self.arguments_dirty.push(room as u32);
                    }
                    self.arguments_changed[room] |= changed;
                }
                continue;
            }
            match self.arguments_dirty.pop() {
                Some(room) => {
                    let room = room as usize;
                    let changed = std::mem::take(&mut self.arguments_changed[room]);
                    self.room_arguments(room, changed)?;
                }
                None => return Ok(()),
            }
        }
    }

    /// A digit with one place left in its room goes there; a digit with
    /// none left is a contradiction. Only the digits `changed` (that lost
    /// a place since the last look) can be either.
    fn hidden_singles(&mut self, room: usize, changed: u64) -> Result<(), Dead> {
        let range = self.room_range(room);
        let (mut once, mut twice, mut fixed) = (0u64, 0u64, 0u64);
        for &cell in &self.room_cells[range.clone()] {
            let candidates = self.candidates[cell as usize];
            twice |= once & candidates;
            once |= candidates;
            if candidates & (candidates - 1) == 0 {
                fixed |= candidates;
            }
        }
        if once & changed != changed {
            return Err(Dead);
        }
        let mut hidden = once & !twice & !fixed & changed;
        while hidden != 0 {
            let bit = hidden & hidden.wrapping_neg();
            hidden &= hidden - 1;
            // Two digits whose one place is the same cell: the second
            // finds it taken, and has no place.
            let place = self.room_cells[range.clone()]
                .iter()
                .map(|&cell| cell as usize)
                .find(|&cell| self.candidates[cell] & bit != 0)
                .ok_or(Dead)?;
            self.fix(place, bit);
        }
        Ok(())
    }

    /// Pointing: when every place left for digit d in a room is seen (same
    /// row or column, within d cells) by a cell outside the room, that cell
    /// cannot hold d. Naked pairs: two cells of a room left with the same
    /// two digits take them from the rest of the room. Pointing looks only
    /// at the digits `changed` (whose places shrank since the last look);
    /// a new pair needs a cell that changed, so a change of any digit.
    fn room_arguments(&mut self, room: usize, changed: u64) -> Result<(), Dead> {
        let range = self.room_range(room);
        let size = range.len();
        if size == 1 {
            return Ok(());
        }
        let mut open_digits = 0u64;
        for &cell in &self.room_cells[range.clone()] {
            let candidates = self.candidates[cell as usize];
            if candidates & (candidates - 1) != 0 {
                open_digits |= candidates;
            }
        }
        open_digits &= changed;
        let mut places = [0usize; POINTING_PLACES];
        while open_digits != 0 {
            let bit = open_digits & open_digits.wrapping_neg();
            open_digits &= open_digits - 1;
            let digit = bit.trailing_zeros() as usize + 1;
            let mut count = 0;
            for index in range.clone() {
                let cell = self.room_cells[index] as usize;
                if self.candidates[cell] & bit != 0 {
                    if count < places.len() {
                        places[count] = cell;
                    }
                    count += 1;
                }
            }
            if count < 2 || count > places.len() {
                continue;
            }
            self.point(room, bit, digit, &places[..count])?;
        }
        if size > 2 {
            self.naked_pairs(range)?;
        }
        Ok(())
    }

    /// Takes `bit` from every cell outside `room` that sees all `places`
    /// (same row or column, within `digit` cells). Where those cells can
    /// be follows from where the places are: all in one row, then in that
    /// row between the last place less d and the first plus d (a cell of
    /// another row could only see them down its column, which holds one);
    /// all in one column, likewise; else two places that share neither
    /// leave only the two corners of their rectangle, and places that
    /// each share a line with the first but not one line leave none.
    fn point(&mut self, room: usize, bit: u64, digit: usize, places: &[usize]) -> Result<(), Dead> {
        let cols = self.cols;
        let at = |cell: usize| (cell / cols, cell % cols);
        let (r0, c0) = at(places[0]);
        let (mut lo_r, mut hi_r, mut lo_c, mut hi_c) = (r0, r0, c0, c0);
        let mut corner = None;
        for &place in &places[1..] {
            let (r, c) = at(place);
            (lo_r, hi_r, lo_c, hi_c) = (lo_r.min(r), hi_r.max(r), lo_c.min(c), hi_c.max(c));
            if r != r0 && c != c0 {
                corner = Some((r, c));
            }
        }
        if lo_r == hi_r {
            let row = r0 * cols;
            for c in hi_c.saturating_sub(digit)..=(lo_c + digit).min(cols - 1) {
                self.point_at(room, bit, row + c)?;
            }
        } else if lo_c == hi_c {
            for r in hi_r.saturating_sub(digit)..=(lo_r + digit).min(self.rows - 1) {
                self.point_at(room, bit, r * cols + c0)?;
            }
        } else if let Some((r1, c1)) = corner {
            for target in [r0 * cols + c1, r1 * cols + c0] {
                let (tr, tc) = at(target);
                let sees_all = places.iter().all(|&place| {
                    let (r, c) = at(place);
                    (r == tr && c.abs_diff(tc) <= digit) || (c == tc && r.abs_diff(tr) <= digit)
                });
                if sees_all {
                    self.point_at(room, bit, target)?;
                }
            }
        }
        Ok(())
    }

    /// Takes `bit` from `target`, a cell that sees every place of the
    /// digit in `room`, unless it is in the room itself.
    #[inline]
    fn point_at(&mut self, room: usize, bit: u64, target: usize) -> Result<(), Dead> {
        if self.room_of[target] as usize != room {
            self.remove(target, bit)?;
        }
        Ok(())
    }

    /// Two cells of a room left with the same two digits take them from
    /// the rest of the room.
    fn naked_pairs(&mut self, range: std::ops::Range<usize>) -> Result<(), Dead> {
        for i in range.clone() {
            let a = self.room_cells[i] as usize;
            let pair = self.candidates[a];
            if pair.count_ones() != 2 {
                continue;
            }
            for j in i + 1..range.end {
                let b = self.room_cells[j] as usize;
                if self.candidates[b] != pair {
                    continue;
                }
                for k in range.clone() {
                    let other = self.room_cells[k] as usize;
                    if other != a && other != b {
                        self.remove(other, pair)?;
                    }
                }
            }
        }
        Ok(())
    }

    /// The capacity argument to a fixpoint with the propagation, at the
    /// root of a search when [`Engine::with_capacity`] asked for it (at most
    /// [`CAPACITY_PASSES`] passes: stopping early only leaves candidates).
    fn root_capacity(&mut self, level: Level) -> Result<(), Dead> {
        if !self.capacity {
            return Ok(());
        }
        for _ in 0..CAPACITY_PASSES {
            if self.open == 0 || !self.capacity_pass()? {
                break;
            }
            self.propagate(level)?;
        }
        Ok(())
    }

    /// One pass of the capacity argument over bands of rows, then of
    /// columns; whether it took a candidate out.
    ///
    /// A room of n cells holds each digit 1..=n once, so every room of at
    /// least d cells holds one d. Take a band of consecutive lines (rows,
    /// or columns) and a digit d. The rooms of at least d cells that lie
    /// wholly inside the band each put one d in it, in cells of their own:
    /// the band holds at least `need` d's, their number. A line of the
    /// band holds at most `cap` d's, the most that fit in the cells still
    /// allowing d with d cells between two of them, which the greedy
    /// placement from the left reaches (a first d no earlier than the
    /// first free cell, each next one no earlier than d + 1 cells after the
    /// last: any placement has its i-th d at or after the greedy's i-th).
    /// So the band holds at most the sum of its lines' caps, `have`.
    ///
    /// - `have < need`: no solution extends this state.
    /// - `have == need`: need <= d's in the band <= have = need, so every
    ///   line holds exactly its cap, and every d of the band is one of the
    ///   `need` rooms' d's. A cell of the band whose room reaches outside
    ///   the band loses d; and in a line holding exactly k = cap d's, its
    ///   i-th d lies between the greedy's i-th from the left and the i-th
    ///   of the greedy placement of k from the right, so a cell in none
    ///   of those k windows loses d.
    ///
    /// Both only read the rules (rooms hold 1..=n once, equal digits d
    /// keep d cells apart in a line) and the candidates, which hold every
    /// solution of the state: no solution is lost. A 30x30 grid of 3x3
    /// rooms dies at once (a band of three rows needs ten 9s and holds
    /// nine), a 64x64 grid of 4x4 rooms in two passes (each row's four 16s
    /// fall in windows that leave columns 13 to 16 without a 16; the band
    /// of columns 12 to 15 then holds four of the sixteen it needs).
    fn capacity_pass(&mut self) -> Result<bool, Dead> {
        let mut changed = false;
        for transpose in [false, true] {
            changed |= self.capacity_lines(transpose)?;
        }
        Ok(changed)
    }

    /// [`Engine::capacity_pass`] over bands of rows (`transpose` false) or of columns.
    fn capacity_lines(&mut self, transpose: bool) -> Result<bool, Dead> {
        let (lines, len) = if transpose {
            (self.cols, self.rows)
        } else {
            (self.rows, self.cols)
        };
        let cols = self.cols;
        let line_of = |cell: usize| if transpose { cell % cols } else { cell / cols };
        let at = |line: usize, i: usize| {
            if transpose {
                i * cols + line
            } else {
                line * cols + i
            }
        };
        // Each room's first and last line and its size, largest first.
        let mut spans: Vec<(usize, usize, usize)> = (0..self.rooms())
            .map(|room| {
                let range = self.room_range(room);
                let (mut lo, mut hi) = (usize::MAX, 0);
                for &cell in &self.room_cells[range.clone()] {
                    let line = line_of(cell as usize);
                    (lo, hi) = (lo.min(line), hi.max(line));
                }
                (lo, hi, range.len())
            })
            .collect();
        let room_span: Vec<(usize, usize)> = spans.iter().map(|&(lo, hi, _)| (lo, hi)).collect();
        spans.sort_unstable_by_key(|&(_, _, size)| std::cmp::Reverse(size));
        let largest = spans.first().map_or(0, |span| span.2).min(64);
        // by_span[lo * lines + hi]: rooms of at least d cells from line lo to hi.
        let mut by_span = vec![0u32; lines * lines];
        let mut added = 0;
        let mut caps = vec![0u32; lines];
        let mut prefix = vec![0u32; lines + 1];
        let mut inside = vec![0u32; lines];
        // Per line, the band of the tight bands through it all contain
        // (from, to); `to < from` when none.
        let mut band = vec![(0usize, 0usize); lines];
        let mut changed = false;
        for digit in (1..=largest).rev() {
            while added < spans.len() && spans[added].2 >= digit {
                let (lo, hi, _) = spans[added];
                by_span[lo * lines + hi] += 1;
                added += 1;
            }
            let bit = 1u64 << (digit - 1);
            for line in 0..lines {
                caps[line] = self.line_capacity(len, digit, bit, |i| at(line, i)).0;
                prefix[line + 1] = prefix[line] + caps[line];
            }
            // inside[b], at band start a: rooms from a line >= a to one <= b.
            inside.fill(0);
            let mut widest_from = vec![None::<usize>; lines];
            let mut narrowest_to = vec![None::<usize>; lines];
            let mut any_tight = false;
            for a in (0..lines).rev() {
                let mut run = 0;
                for b in a..lines {
                    run += by_span[a * lines + b];
                    inside[b] += run;
                    let need = inside[b];
                    if need == 0 {
                        continue;
                    }
                    let have = prefix[b + 1] - prefix[a];
                    if have < need {
                        return Err(Dead);
                    }
                    if have == need {
                        any_tight = true;
                        widest_from[a] = Some(b);
                        narrowest_to[b] = Some(narrowest_to[b].map_or(a, |from| from.min(a)));
                    }
                }
            }
            if !any_tight {
                continue;
            }
            // A line's tight bands all contain [largest start, smallest end].
            band.fill((1, 0));
            for a in 0..lines {
                if let Some(b) = widest_from[a] {
                    for entry in &mut band[a..=b] {
                        entry.0 = a;
                    }
                }
            }
            let mut ends = vec![usize::MAX; lines];
            for b in (0..lines).rev() {
                if let Some(a) = narrowest_to[b] {
                    for end in &mut ends[a..=b] {
                        *end = b;
                    }
                }
            }
            for line in 0..lines {
                if ends[line] == usize::MAX {
                    continue;
                }
                let (from, to) = (band[line].0, ends[line]);
                // Rooms reaching outside the band lose d here.
                for i in 0..len {
                    let cell = at(line, i);
                    if self.candidates[cell] & bit == 0 {
                        continue;
                    }
                    let (lo, hi) = room_span[self.room_of[cell] as usize];
                    if lo < from || hi > to {
                        changed |= self.remove(cell, bit)?;
                    }
                }
                // The line's d's within their windows.
                let (count, lefts) = self.line_capacity(len, digit, bit, |i| at(line, i));
                let mut rights = Vec::with_capacity(count as usize);
                let mut next = len as isize - 1;
                for i in (0..len).rev() {
                    if rights.len() == count as usize {
                        break;
                    }
                    if i as isize <= next && self.candidates[at(line, i)] & bit != 0 {
                        rights.push(i);
                        next = i as isize - digit as isize - 1;
                    }
                }
                rights.reverse();
                let mut window = 0;
                for i in 0..len {
                    while window < rights.len() && rights[window] < i {
                        window += 1;
                    }
                    let covered = window < lefts.len() && lefts[window] <= i;
                    let cell = at(line, i);
                    if !covered && self.candidates[cell] & bit != 0 {
                        changed |= self.remove(cell, bit)?;
                    }
                }
            }
        }
        Ok(changed)
    }

    /// The most d's (`bit`) a line of `len` cells (`at(i)` the i-th) can
    /// hold with `digit` cells between two, and the greedy placement from
    /// the left that reaches it.
    fn line_capacity(
        &self,
        len: usize,
        digit: usize,
        bit: u64,
        at: impl Fn(usize) -> usize,
    ) -> (u32, Vec<usize>) {
        let mut placed = Vec::new();
        let mut next = 0;
        for i in 0..len {
            if i >= next && self.candidates[at(i)] & bit != 0 {
                placed.push(i);
                next = i + digit + 1;
            }
        }
        (placed.len() as u32, placed)
    }

    /// The guess: the open cell with the fewest candidates, on ties the
    /// one in the smallest room, then the one whose largest candidate is
    /// largest, then the first in reading order; it tries its smallest
    /// candidate. A small room's cells see few others, so what its guess
    /// settles is settled close by, where the room and distance rules
    /// meet; a large digit, placed, clears more of its row and column.
    /// (The room tie-break takes the uniqueness proof of
    /// penpa-ripple1-10x10, which has no givens, from 179 nodes to 79, and
    /// of 45 generated hard puzzles, 10x10 to 15x15, from 46,693 to 6,189.)
    fn branch_literal(&self) -> Option<(usize, u64)> {
        let mut best: Option<(u32, u32, u32, usize)> = None;
        for (cell, &candidates) in self.candidates.iter().enumerate() {
            if candidates & (candidates - 1) == 0 {
                continue;
            }
            let count = candidates.count_ones();
            let room = self.room_of[cell] as usize;
            let size = self.room_start[room + 1] - self.room_start[room];
            let reach = 64 - candidates.leading_zeros();
            let better = best.is_none_or(|(fewest, smallest, farthest, _)| {
                (count, size, std::cmp::Reverse(reach))
                    < (fewest, smallest, std::cmp::Reverse(farthest))
            });
            if better {
                best = Some((count, size, reach, cell));
            }
        }
        best.map(|(_, _, _, cell)| {
            let candidates = self.candidates[cell];
            (cell, candidates & candidates.wrapping_neg())
        })
    }

    /// Copies the current candidates aside, for the branch that follows a guess.
    fn save(&mut self) {
        self.saved.extend_from_slice(&self.candidates);
    }

    /// Copies back the candidates saved last.
    fn restore(&mut self) {
        let cells = self.candidates.len();
        let top = self.saved.len() - cells;
        self.candidates.copy_from_slice(&self.saved[top..]);
        self.saved.truncate(top);
    }

    /// Counts solutions from `state` up to `max` (at least 1), within
    /// `budget`.
    ///
    /// The search branches in two: the chosen cell takes its smallest
    /// candidate, and once every solution below is counted, the same
    /// state without it (which the propagation then uses too, unlike a
    /// guess of the next digit on its own).
    pub(crate) fn count(
        &mut self,
        state: State,
        max: u64,
        budget: &Budget,
        level: Level,
    ) -> Counted {
        self.count_observed(state, max, budget, level, &mut NoObserver)
    }

    /// [`Engine::count`], telling `observer` what the search does (see
    /// [`solve_observed`]). With [`NoObserver`] every call and the copies
    /// made only to report a round compile away.
    pub(crate) fn count_observed<O: Observer>(
        &mut self,
        state: State,
        max: u64,
        budget: &Budget,
        level: Level,
        observer: &mut O,
    ) -> Counted {
        let started = O::ACTIVE.then(Instant::now);
        if O::ACTIVE {
            self.observed_rounds = 0;
            self.observed_removed = 0;
        }
        let counted = self.count_inner(state, max, budget, level, observer);
        if O::ACTIVE {
            let status = match counted.limit {
                Some(limit) => Status::Limit(limit),
                None if counted.count == 0 => Status::Unsolvable,
                None => Status::Solved,
            };
            let stats = CspStats {
                nodes: counted.nodes,
                backtracks: counted.backtracks,
                solutions: counted.count,
                propagations: self.observed_rounds,
                prunings: self.observed_removed,
                elapsed: started.map(|started| started.elapsed()).unwrap_or_default(),
                ..CspStats::default()
            };
            observer.end(status, &stats);
        }
        counted
    }

    /// Propagates at `level` after `cause` at `depth` (at the root, with
    /// the capacity argument after it); an active observer is told the
    /// round: what each cell lost since `before` (the candidates before
    /// the decision or refutation, so the decided cell shows too), and the
    /// failure if any.
    fn observed_propagation<O: Observer>(
        &mut self,
        level: Level,
        cause: Cause,
        depth: usize,
        before: Option<Vec<u64>>,
        observer: &mut O,
    ) -> Result<(), Dead> {
        if O::ACTIVE {
            observer.propagate(cause, depth);
            self.observed_rounds += 1;
        }
        let mut result = self.propagate(level);
        if cause == Cause::Root {
            result = result.and_then(|()| self.root_capacity(level));
        }
        if !O::ACTIVE {
            return result;
        }
        let before = before.unwrap_or_default();
        let mut removed = Vec::new();
        for (cell, (&was, &now)) in before.iter().zip(&self.candidates).enumerate() {
            let lost = was & !now;
            if lost == 0 {
                continue;
            }
            removed.clear();
            removed.extend(digits_of(lost).map(i32::from));
            self.observed_removed += u64::from(lost.count_ones());
            let name = if now != 0 && now & (now - 1) == 0 {
                PLACED
            } else {
                REMOVED
            };
            observer.pruned(name, Var::from_index(cell), &removed);
        }
        if result.is_err() {
            observer.wipeout(None);
        }
        result
    }

    fn count_inner<O: Observer>(
        &mut self,
        state: State,
        max: u64,
        budget: &Budget,
        level: Level,
        observer: &mut O,
    ) -> Counted {
        let mut counted = Counted::default();
        // A node limit of 0, or a deadline already passed.
        if let Some(limit) = budget.refuses(0, 0) {
            counted.limit = Some(limit);
            return counted;
        }
        let state_bytes = size_of_val(&state.candidates[..]);
        counted.nodes = 1;
        let max = max.max(1);
        self.candidates = state.candidates;
        self.saved.clear();
        self.seed_everything();
        let before = O::ACTIVE.then(|| self.candidates.clone());
        if self
            .observed_propagation(level, Cause::Root, 0, before, observer)
            .is_err()
        {
            counted.complete = true;
            return counted;
        }
        // The guesses open on the path to the current state: (cell, digit's
        // bit, cells open before it).
        let mut guesses: Vec<(usize, u64, usize)> = Vec::new();
        loop {
            // Here the current state is propagated without contradiction.
            match self.branch_literal() {
                None => {
                    counted.count += 1;
                    if O::ACTIVE {
                        let values: Vec<i32> =
                            self.candidates.iter().map(|&bit| digit_of(bit)).collect();
                        observer.solution(&values);
                    }
                    if counted.first.is_none() {
                        let digits = self.candidates.iter().map(|&bit| digit_of(bit) as u8);
                        counted.first = Some(digits.collect());
                    }
                    if counted.count >= max {
                        return counted;
                    }
                }
                Some((cell, bit)) => {
                    let saved = size_of_val(&self.saved[..]);
                    if let Some(limit) = budget.refuses(counted.nodes, saved + state_bytes) {
                        counted.limit = Some(limit);
                        return counted;
                    }
                    counted.nodes += 1;
                    self.save();
                    guesses.push((cell, bit, self.open));
                    let depth = guesses.len();
                    let before = O::ACTIVE.then(|| self.candidates.clone());
                    if O::ACTIVE {
                        observer.decision(Var::from_index(cell), digit_of(bit), depth);
                    }
                    self.fix(cell, bit);
                    if self
                        .observed_propagation(level, Cause::Decision, depth, before, observer)
                        .is_ok()
                    {
                        continue;
                    }
                    counted.backtracks += 1;
                }
            }
            // Backtrack: the latest guess is exhausted; its cell loses the
            // digit in the state saved before it, which is propagated in
            // turn (a failure there exhausts the guess before it).
            loop {
                let Some((cell, bit, open)) = guesses.pop() else {
                    counted.complete = true;
                    return counted;
                };
                self.restore();
                self.open = open;
                let depth = guesses.len();
                if O::ACTIVE {
                    observer.backtrack(depth);
                }
                if let Some(limit) = budget.refuses(counted.nodes, 0) {
                    counted.limit = Some(limit);
                    return counted;
                }
                counted.nodes += 1;
                if O::ACTIVE {
                    observer.refutation(Var::from_index(cell), digit_of(bit), depth);
                }
                // The cell had two candidates or more, so one is left.
                let before = O::ACTIVE.then(|| self.candidates.clone());
                if self.remove(cell, bit).is_ok()
                    && self
                        .observed_propagation(level, Cause::Refutation, depth, before, observer)
                        .is_ok()
                {
                    break;
                }
                counted.backtracks += 1;
            }
        }
    }

    /// Whether propagation at `level` alone fills the grid from `givens`
    /// (without contradiction).
    pub(crate) fn solves_without_guessing(&mut self, givens: &[u8], level: Level) -> bool {
        self.candidates = self.start(givens).candidates;
        self.seed_everything();
        self.propagate(level).is_ok()
            && self
                .candidates
                .iter()
                .all(|&candidates| candidates & (candidates - 1) == 0)
    }
}

/// Solves with the fast engine (see the module docs): the first solution,
/// or the count up to [`Options::count_up_to`], within its limits.
pub(crate) fn solve(puzzle: &Puzzle, options: &Options) -> Outcome {
    solve_observed(puzzle, options, &mut NoObserver)
}

/// [`solve`], telling `observer` (csp-core's observer; cell `r * cols + c`
/// is variable `r * cols + c`) what the search does: each propagation
/// round (`propagate` with its cause and depth, then per cell what it lost,
/// as `pruned` by [`PLACED`] when the cell is left with one digit, else by
/// [`REMOVED`], and `wipeout` when the round failed), each guess
/// (`decision`), each return from one (`backtrack`, then `refutation`:
/// the digit taken out of the cell, which is a node too), each solution,
/// and the end. The decisions and refutations number `nodes - 1`.
pub(crate) fn solve_observed<O: Observer>(
    puzzle: &Puzzle,
    options: &Options,
    observer: &mut O,
) -> Outcome {
    let started = Instant::now();
    let mut engine = Engine::new(puzzle).with_capacity();
    let state = engine.start(puzzle.givens());
    let budget = Budget::new(&options.limits, started);
    let counted = engine.count_observed(
        state,
        options.solution_limit(),
        &budget,
        Level::Full,
        observer,
    );
    counted_outcome(
        counted.first.map(|values| Grid::new(puzzle.cols(), values)),
        counted.count,
        counted.complete,
        counted.limit,
        options,
        Stats {
            nodes: counted.nodes,
            elapsed: started.elapsed(),
            counters: crate::Counters {
                backtracks: counted.backtracks,
                recursive_calls: None,
            },
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::options::{Algo, Options};

    /// A small xorshift, seeded: the same grids on every run.
    struct Rng(u64);

    impl Rng {
        fn below(&mut self, bound: usize) -> usize {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            (self.0 % bound as u64) as usize
        }
    }

    /// Every solution of `puzzle` up to `max`, by plain backtracking over
    /// the cells in reading order (the rules checked against the cells
    /// before), sharing nothing with the engine; `None` past 20,000 steps.
    fn brute_solutions(puzzle: &Puzzle, max: usize) -> Option<Vec<Vec<u8>>> {
        struct Walk<'a> {
            puzzle: &'a Puzzle,
            values: Vec<u8>,
            out: Vec<Vec<u8>>,
            max: usize,
            steps: usize,
        }
        fn go(walk: &mut Walk<'_>, cell: usize) {
            walk.steps += 1;
            if walk.out.len() >= walk.max || walk.steps > 20_000 {
                return;
            }
            if cell == walk.values.len() {
                walk.out.push(walk.values.clone());
                return;
            }
            let puzzle = walk.puzzle;
            let cols = puzzle.cols();
            let (r, c) = (cell / cols, cell % cols);
            let room = puzzle.room_of()[cell];
            let given = puzzle.givens()[cell];
            for digit in 1..=puzzle.room_size(cell) as u8 {
                if given != 0 && digit != given {
                    continue;
                }
                let d = usize::from(digit);
                let values = &walk.values;
                let clash = (0..cell)
                    .any(|other| puzzle.room_of()[other] == room && values[other] == digit)
                    || (1..=d.min(c)).any(|step| values[cell - step] == digit)
                    || (1..=d.min(r)).any(|step| values[cell - step * cols] == digit);
                if !clash {
                    walk.values[cell] = digit;
                    go(walk, cell + 1);
                    walk.values[cell] = 0;
                }
            }
        }
        let mut walk = Walk {
            puzzle,
            values: vec![0; puzzle.len()],
            out: Vec::new(),
            max,
            steps: 0,
        };
        go(&mut walk, 0);
        (walk.steps <= 20_000).then_some(walk.out)
    }

    /// A random grid of at most 20 cells: rooms grown by random merges (or
    /// tiled, cut at the edges), some without givens, some with a few.
    fn random_puzzle(rng: &mut Rng) -> Puzzle {
        let rows = 1 + rng.below(5);
        let cols = 1 + rng.below(20 / rows).min(7);
        let cells = rows * cols;
        let mut labels: Vec<u32> = (0..cells as u32).collect();
        if rng.below(3) == 0 {
            let (h, w) = (1 + rng.below(3), 1 + rng.below(4));
            for (cell, label) in labels.iter_mut().enumerate() {
                *label = ((cell / cols / h) * 100 + cell % cols / w) as u32;
            }
        } else {
            let largest = 1 + rng.below(7);
            for _ in 0..cells * 2 {
                let a = rng.below(cells);
                let b = if rng.below(2) == 0 { a + 1 } else { a + cols };
                if b >= cells || (b == a + 1 && b % cols == 0) {
                    continue;
                }
                let (la, lb) = (labels[a], labels[b]);
                let size = labels.iter().filter(|&&l| l == la || l == lb).count();
                if la != lb && size <= largest {
                    for label in &mut labels {
                        if *label == lb {
                            *label = la;
                        }
                    }
                }
            }
        }
        let shape = Puzzle::new(rows, cols, &labels, &vec![0; cells]).unwrap();
        let mut givens = vec![0u8; cells];
        for _ in 0..rng.below(4).saturating_sub(1) {
            let cell = rng.below(cells);
            givens[cell] = 1 + rng.below(shape.room_size(cell)) as u8;
        }
        shape.with_givens(&givens).unwrap()
    }

    /// The capacity argument never takes out a digit that a solution has,
    /// and never kills a state that has a solution: thousands of random
    /// small grids against plain backtracking, and the whole search's
    /// count against it too.
    #[test]
    fn the_capacity_argument_keeps_every_solution() {
        let mut rng = Rng(0x5eed_cafe);
        let (mut dead, mut narrowed, mut checked) = (0, 0, 0);
        for round in 0..3000 {
            let puzzle = random_puzzle(&mut rng);
            let Some(solutions) = brute_solutions(&puzzle, 300) else {
                continue;
            };
            checked += 1;
            let mut engine = Engine::new(&puzzle).with_capacity();
            engine.candidates = engine.start(puzzle.givens()).candidates;
            engine.seed_everything();
            let before = engine
                .propagate(Level::Full)
                .map(|()| engine.candidates.clone());
            let after = before
                .clone()
                .and_then(|_| engine.root_capacity(Level::Full))
                .map(|()| engine.candidates.clone());
            match &after {
                Err(Dead) => {
                    assert!(
                        solutions.is_empty(),
                        "round {round}: {}",
                        crate::to_url(&puzzle)
                    );
                    dead += usize::from(before.is_ok());
                }
                Ok(candidates) => {
                    for solution in &solutions {
                        for (cell, &digit) in solution.iter().enumerate() {
                            assert!(
                                candidates[cell] & 1 << (digit - 1) != 0,
                                "round {round}: {} cell {cell} lost {digit}",
                                crate::to_url(&puzzle)
                            );
                        }
                    }
                    narrowed += usize::from(before.as_ref().ok() != Some(candidates));
                }
            }
            let outcome = solve(&puzzle, &Options::new(Algo::Fast).count_up_to(300));
            let (count, complete) = (outcome.count, outcome.count_complete);
            assert_eq!(
                count as usize,
                solutions.len(),
                "round {round}: {}",
                crate::to_url(&puzzle)
            );
            assert_eq!(complete, solutions.len() < 300, "round {round}");
        }
        // The argument did something in some of them.
        assert!(checked > 2000, "{checked} grids checked");
        assert!(
            dead > 0 && narrowed > 0,
            "{dead} killed, {narrowed} narrowed"
        );
    }
}
