//! The fast engine: one bitset of candidate digits per cell, and before
//! every guess the cheap deductions to a fixpoint: naked singles, hidden
//! singles per room, distance eliminations from every placed digit, the
//! pointing argument (a cell that sees every place left for a digit in a
//! room cannot hold it) and naked pairs in a room. Then the cell with the
//! fewest candidates is guessed, depth-first, counting solutions up to a
//! limit so that the same search proves uniqueness.

use std::time::Instant;

use crate::puzzle::{Grid, Puzzle};
use crate::random::SplitMix;
use crate::solve::{Options, Outcome, Stats};

/// How much a propagation pass may use; the generator grades puzzles by it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Level {
    /// Singles, hidden singles and distance eliminations.
    Basic,
    /// And the pointing and naked-pair arguments.
    Full,
}

/// Rounds of the room arguments in the propagation after a guess (the
/// root and grading take them to a fixpoint): each is a pass over every
/// room, dearer than all the singles, and the first round finds most of
/// what they will; a weaker fixpoint costs a few more guesses, not
/// correctness.
const ROOM_ROUNDS: u32 = 1;

/// The contradiction that ends a branch.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Dead;

/// The candidates of every cell; `placed` marks cells whose digit has been
/// propagated.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct State {
    candidates: Vec<u64>,
    placed: Vec<bool>,
    open: usize,
}

/// A puzzle prepared for the engine.
#[derive(Debug, Clone)]
pub(crate) struct Engine {
    rows: usize,
    cols: usize,
    room_of: Vec<u32>,
    rooms: Vec<Vec<u32>>,
    queue: Vec<u32>,
}

/// Counters of one run.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Counters {
    /// Search nodes: the root plus one per guess.
    pub nodes: u64,
    /// Guesses whose branch failed.
    pub backtracks: u64,
}

/// How a count ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Counted {
    pub count: u64,
    pub first: Option<Vec<u8>>,
    pub complete: bool,
    pub limit_hit: bool,
    pub counters: Counters,
}

impl Engine {
    pub(crate) fn new(puzzle: &Puzzle) -> Self {
        Engine {
            rows: puzzle.rows(),
            cols: puzzle.cols(),
            room_of: puzzle.room_of().to_vec(),
            rooms: puzzle.rooms().to_vec(),
            queue: Vec::new(),
        }
    }

    /// The state of `givens` before any propagation: every digit of its
    /// room possible in each cell, a given alone in its cell.
    pub(crate) fn start(&mut self, givens: &[u8]) -> State {
        let mut state = State {
            candidates: vec![0; givens.len()],
            placed: vec![false; givens.len()],
            open: givens.len(),
        };
        for (cell, &given) in givens.iter().enumerate() {
            let size = self.rooms[self.room_of[cell] as usize].len();
            state.candidates[cell] = if given != 0 {
                1 << (given - 1)
            } else if size == 64 {
                u64::MAX
            } else {
                (1u64 << size) - 1
            };
        }
        state
    }

    /// Removes `digit`'s bit from `cell`; a cell left with one candidate is queued.
    #[inline]
    fn remove(&mut self, state: &mut State, cell: usize, bit: u64) -> Result<bool, Dead> {
        let candidates = state.candidates[cell];
        if candidates & bit == 0 {
            return Ok(false);
        }
        let left = candidates & !bit;
        if left == 0 {
            return Err(Dead);
        }
        state.candidates[cell] = left;
        if left & (left - 1) == 0 {
            self.queue.push(cell as u32);
        }
        Ok(true)
    }

    /// Propagates the digit of a cell with one candidate: out of its room
    /// and out of the cells within its distance in its row and column.
    fn place(&mut self, state: &mut State, cell: usize) -> Result<(), Dead> {
        if state.placed[cell] {
            return Ok(());
        }
        state.placed[cell] = true;
        state.open -= 1;
        let bit = state.candidates[cell];
        let digit = bit.trailing_zeros() as usize + 1;
        let room = self.room_of[cell] as usize;
        for index in 0..self.rooms[room].len() {
            let other = self.rooms[room][index] as usize;
            if other != cell {
                self.remove(state, other, bit)?;
            }
        }
        let (r, c) = (cell / self.cols, cell % self.cols);
        for step in 1..=digit {
            if c >= step {
                self.remove(state, cell - step, bit)?;
            }
            if c + step < self.cols {
                self.remove(state, cell + step, bit)?;
            }
            if r >= step {
                self.remove(state, cell - step * self.cols, bit)?;
            }
            if r + step < self.rows {
                self.remove(state, cell + step * self.cols, bit)?;
            }
        }
        Ok(())
    }

    /// Every deduction of `level` to a fixpoint, the room arguments for at most `max_rounds` passes.
    fn propagate(&mut self, state: &mut State, level: Level, max_rounds: u32) -> Result<(), Dead> {
        self.queue.clear();
        for cell in 0..state.candidates.len() {
            let candidates = state.candidates[cell];
            if !state.placed[cell] && candidates & (candidates - 1) == 0 {
                self.queue.push(cell as u32);
            }
        }
        let mut room_rounds = 0;
        loop {
            while let Some(cell) = self.queue.pop() {
                self.place(state, cell as usize)?;
            }
            if state.open == 0 {
                return Ok(());
            }
            let mut changed = self.hidden_singles(state)?;
            if !changed && level == Level::Full && room_rounds < max_rounds {
                room_rounds += 1;
                changed = self.room_arguments(state)?;
            }
            if !changed && self.queue.is_empty() {
                return Ok(());
            }
        }
    }

    /// A digit with one place left in its room goes there; a digit with
    /// none left is a contradiction.
    fn hidden_singles(&mut self, state: &mut State) -> Result<bool, Dead> {
        let mut changed = false;
        for room in 0..self.rooms.len() {
            let size = self.rooms[room].len();
            let full = if size == 64 {
                u64::MAX
            } else {
                (1u64 << size) - 1
            };
            let (mut once, mut twice, mut fixed) = (0u64, 0u64, 0u64);
            for &cell in &self.rooms[room] {
                let candidates = state.candidates[cell as usize];
                twice |= once & candidates;
                once |= candidates;
                if candidates & (candidates - 1) == 0 {
                    fixed |= candidates;
                }
            }
            if once != full {
                return Err(Dead);
            }
            let mut hidden = once & !twice & !fixed;
            while hidden != 0 {
                let bit = hidden & hidden.wrapping_neg();
                hidden &= hidden - 1;
                for index in 0..size {
                    let cell = self.rooms[room][index] as usize;
                    if state.candidates[cell] & bit != 0 {
                        state.candidates[cell] = bit;
                        self.queue.push(cell as u32);
                        changed = true;
                        break;
                    }
                }
            }
        }
        Ok(changed)
    }

    /// Pointing: when every place left for digit d in a room is seen (same
    /// row or column, within d cells) by a cell outside the room, that cell
    /// cannot hold d. Naked pairs: two cells of a room left with the same
    /// two digits take them from the rest of the room.
    fn room_arguments(&mut self, state: &mut State) -> Result<bool, Dead> {
        let mut changed = false;
        let mut places = [0usize; 4];
        for room in 0..self.rooms.len() {
            let size = self.rooms[room].len();
            if size == 1 {
                continue;
            }
            let mut open_digits = 0u64;
            for &cell in &self.rooms[room] {
                if !state.placed[cell as usize] {
                    open_digits |= state.candidates[cell as usize];
                }
            }
            while open_digits != 0 {
                let bit = open_digits & open_digits.wrapping_neg();
                open_digits &= open_digits - 1;
                let digit = bit.trailing_zeros() as usize + 1;
                let mut count = 0;
                for &cell in &self.rooms[room] {
                    if state.candidates[cell as usize] & bit != 0 {
                        if count < places.len() {
                            places[count] = cell as usize;
                        }
                        count += 1;
                    }
                }
                if count < 2 || count > places.len() {
                    continue;
                }
                let first = places[0];
                let (r0, c0) = (first / self.cols, first % self.cols);
                // Cells seeing the first place: its row and column within d.
                let lo_c = c0.saturating_sub(digit);
                let hi_c = (c0 + digit).min(self.cols - 1);
                let lo_r = r0.saturating_sub(digit);
                let hi_r = (r0 + digit).min(self.rows - 1);
                let cols = self.cols;
                let row_cells = (lo_c..=hi_c).map(move |c| r0 * cols + c);
                let col_cells = (lo_r..=hi_r).map(move |r| r * cols + c0);
                for target in row_cells.chain(col_cells) {
                    if target == first
                        || self.room_of[target] as usize == room
                        || state.candidates[target] & bit == 0
                    {
                        continue;
                    }
                    let sees_all = places[1..count].iter().all(|&place| {
                        let (r, c) = (place / self.cols, place % self.cols);
                        let (tr, tc) = (target / self.cols, target % self.cols);
                        (r == tr && c.abs_diff(tc) <= digit) || (c == tc && r.abs_diff(tr) <= digit)
                    });
                    if sees_all && self.remove(state, target, bit)? {
                        changed = true;
                    }
                }
            }
            // Naked pairs.
            if size > 2 {
                for i in 0..size {
                    let a = self.rooms[room][i] as usize;
                    let pair = state.candidates[a];
                    if pair.count_ones() != 2 {
                        continue;
                    }
                    for j in i + 1..size {
                        let b = self.rooms[room][j] as usize;
                        if state.candidates[b] != pair {
                            continue;
                        }
                        for k in 0..size {
                            let other = self.rooms[room][k] as usize;
                            if other != a && other != b && state.candidates[other] & pair != 0 {
                                let left = state.candidates[other] & !pair;
                                if left == 0 {
                                    return Err(Dead);
                                }
                                state.candidates[other] = left;
                                if left & (left - 1) == 0 {
                                    self.queue.push(other as u32);
                                }
                                changed = true;
                            }
                        }
                    }
                }
            }
        }
        Ok(changed)
    }

    /// The open cell with the fewest candidates; on ties the one whose
    /// largest candidate is largest (a large digit, placed, clears more
    /// of its row and column), then the first in reading order.
    fn branch_cell(state: &State) -> Option<usize> {
        let mut best: Option<(u32, u32, usize)> = None;
        for (cell, &candidates) in state.candidates.iter().enumerate() {
            if state.placed[cell] {
                continue;
            }
            let count = candidates.count_ones();
            let reach = 64 - candidates.leading_zeros();
            if best
                .is_none_or(|(fewest, far, _)| count < fewest || (count == fewest && reach > far))
            {
                best = Some((count, reach, cell));
            }
        }
        best.map(|(_, _, cell)| cell)
    }

    /// Counts solutions from `state` up to `max` (at least 1), within
    /// `node_limit` nodes; with `rng`, guesses try digits in random order.
    pub(crate) fn count(
        &mut self,
        state: State,
        max: u64,
        node_limit: Option<u64>,
        level: Level,
        mut rng: Option<&mut SplitMix>,
    ) -> Counted {
        let mut counted = Counted {
            count: 0,
            first: None,
            complete: false,
            limit_hit: false,
            counters: Counters::default(),
        };
        if node_limit == Some(0) {
            counted.limit_hit = true;
            return counted;
        }
        counted.counters.nodes = 1;
        let max = max.max(1);
        // Depth-first with an explicit stack of (state, digits left to try, cell).
        let mut root = state;
        if self.propagate(&mut root, level, u32::MAX).is_err() {
            counted.complete = true;
            return counted;
        }
        let mut stack: Vec<(State, u64, usize)> = Vec::new();
        let mut current = Some(root);
        loop {
            if let Some(state) = current.take() {
                match Self::branch_cell(&state) {
                    None => {
                        counted.count += 1;
                        if counted.first.is_none() {
                            counted.first = Some(
                                state
                                    .candidates
                                    .iter()
                                    .map(|&bit| bit.trailing_zeros() as u8 + 1)
                                    .collect(),
                            );
                        }
                        if counted.count >= max {
                            return counted;
                        }
                    }
                    Some(cell) => {
                        let digits = state.candidates[cell];
                        stack.push((state, digits, cell));
                    }
                }
            }
            let Some((parent, digits, cell)) = stack.last_mut() else {
                counted.complete = true;
                return counted;
            };
            if *digits == 0 {
                stack.pop();
                continue;
            }
            let bit = match rng.as_deref_mut() {
                Some(rng) => {
                    let pick = rng.below(u64::from(digits.count_ones()));
                    let mut rest = *digits;
                    for _ in 0..pick {
                        rest &= rest - 1;
                    }
                    rest & rest.wrapping_neg()
                }
                None => *digits & digits.wrapping_neg(),
            };
            *digits &= !bit;
            if node_limit.is_some_and(|limit| counted.counters.nodes >= limit) {
                counted.limit_hit = true;
                return counted;
            }
            counted.counters.nodes += 1;
            let mut child = parent.clone();
            let cell = *cell;
            child.candidates[cell] = bit;
            // Once the last digit of a cell is being tried, the parent is done.
            if *digits == 0 {
                stack.pop();
            }
            if self.propagate(&mut child, level, ROOM_ROUNDS).is_ok() {
                current = Some(child);
            } else {
                counted.counters.backtracks += 1;
            }
        }
    }

    /// Whether propagation at `level` alone fills the grid from `givens`
    /// (without contradiction).
    pub(crate) fn solves_without_guessing(&mut self, givens: &[u8], level: Level) -> bool {
        let mut state = self.start(givens);
        self.propagate(&mut state, level, u32::MAX).is_ok() && state.open == 0
    }
}

/// Solves with the fast engine (see the module docs): the first solution,
/// or the count up to `options.count_limit` when counting.
pub(crate) fn solve(puzzle: &Puzzle, options: &Options) -> Outcome {
    let started = Instant::now();
    let mut engine = Engine::new(puzzle);
    let state = engine.start(puzzle.givens());
    let counted = engine.count(
        state,
        options.solution_limit(),
        options.node_limit,
        Level::Full,
        None,
    );
    Outcome::from_count(
        counted.count,
        counted.first.map(|values| Grid::new(puzzle.cols(), values)),
        counted.complete,
        counted.limit_hit,
        options,
        Stats {
            nodes: counted.counters.nodes,
            backtracks: counted.counters.backtracks,
            recursive_calls: None,
            elapsed: started.elapsed(),
        },
    )
}
