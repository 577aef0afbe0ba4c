//! The textbook formulations: brute force and MRV with forward checking
//! on search-core, with their counter of recursive calls. Brute force
//! fills the cells in reading order (a given is passed through when it
//! breaks no rule), trying each digit of the cell's room that breaks no
//! rule with the digits already on the board. The intelligent solver
//! keeps a candidate set per cell, fills givens and rooms of one cell
//! first with forward checking (each placed digit leaves its room and the
//! cells within its distance in its row and column), then assigns the
//! cell with the minimum remaining values (first in reading order on
//! ties), trying its candidates in ascending order.
//!
//! The course formulation counts one call per visit of its recursive solver, including
//! the visit that finds the board full: here every state search-core tests
//! is one such call (`num_tested`). The MRV solver also counts each room of
//! one cell filled before the search, as the course formulation does. It keeps
//! candidate lists and puts a value back at the end of a list when it
//! backtracks, so after a backtrack it can try values in another order
//! than the ascending order used here; its counts can then differ a little.

use std::cell::{Cell, RefCell};
use std::time::Instant;

use search_core::{
    Config, NoObserver, Observer, Problem, Status as SearchStatus, dfs_tree_observed,
};

use crate::options::{Counters, Options, Outcome, Stats, counted};
use crate::puzzle::{Grid, Puzzle, full_mask, keeps_distance, within};

/// The board shape both formulations share.
struct Board<'p> {
    puzzle: &'p Puzzle,
    rows: usize,
    cols: usize,
    options: Options,
    started: Instant,
    found: Cell<u64>,
    dead_ends: Cell<u64>,
    first: RefCell<Option<Vec<u8>>>,
}

impl<'p> Board<'p> {
    fn new(puzzle: &'p Puzzle, options: &Options) -> Self {
        Board {
            puzzle,
            rows: puzzle.rows(),
            cols: puzzle.cols(),
            options: *options,
            started: Instant::now(),
            found: Cell::new(0),
            dead_ends: Cell::new(0),
            first: RefCell::new(None),
        }
    }

    /// Counts a full board; says "stop" once the solution limit is reached.
    fn goal(&self, values: &[u8]) -> bool {
        let found = self.found.get() + 1;
        self.found.set(found);
        if found == 1 {
            *self.first.borrow_mut() = Some(values.to_vec());
        }
        found >= self.options.solution_limit()
    }

    /// The outcome of a search that ended with `status` and `stats`,
    /// `extra_calls` made before it.
    fn outcome(
        &self,
        status: SearchStatus,
        stats: &search_core::Stats,
        extra_calls: u64,
    ) -> Outcome {
        let first = self.first.borrow_mut().take();
        counted(
            first.map(|values| Grid::new(self.cols, values)),
            self.found.get(),
            status == SearchStatus::Unsolvable,
            status.limit(),
            &self.options,
            Stats {
                nodes: stats.generated,
                elapsed: self.started.elapsed(),
                counters: Counters {
                    backtracks: self.dead_ends.get(),
                    recursive_calls: Some(stats.num_tested + extra_calls),
                },
            },
        )
    }
}

/// The course formulation's `isPlacementLegal` for `puzzle`: `value` at `cell` repeats no
/// digit of its room and no equal digit lies within `value` cells in its
/// row or column of `values` (0: empty).
pub(crate) fn legal(puzzle: &Puzzle, values: &[u8], cell: usize, value: u8) -> bool {
    let room = &puzzle.rooms()[puzzle.room_of()[cell] as usize];
    usize::from(value) <= room.len()
        && room
            .iter()
            .all(|&other| other as usize == cell || values[other as usize] != value)
        && keeps_distance(values, (puzzle.rows(), puzzle.cols()), cell, value)
}

/// Brute force: the cell to fill next and the board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Filling {
    /// The cell filled next, in reading order.
    pub(crate) position: usize,
    /// The digits (0: empty).
    pub(crate) values: Vec<u8>,
}

struct Brute<'p>(Board<'p>);

impl Problem for Brute<'_> {
    type State = Filling;
    type Move = u8;
    type Cost = u32;

    fn successors(&self, state: &Filling, out: &mut Vec<(u8, Filling, u32)>) {
        let board = &self.0;
        let cell = state.position;
        if cell >= state.values.len() {
            return;
        }
        let given = board.puzzle.givens()[cell];
        if given != 0 {
            if legal(board.puzzle, &state.values, cell, given) {
                let next = Filling {
                    position: cell + 1,
                    values: state.values.clone(),
                };
                out.push((given, next, 1));
            } else {
                board.dead_ends.set(board.dead_ends.get() + 1);
            }
            return;
        }
        for value in 1..=board.puzzle.room_size(cell) as u8 {
            if legal(board.puzzle, &state.values, cell, value) {
                let mut values = state.values.clone();
                values[cell] = value;
                out.push((
                    value,
                    Filling {
                        position: cell + 1,
                        values,
                    },
                    1,
                ));
            }
        }
        if out.is_empty() {
            board.dead_ends.set(board.dead_ends.get() + 1);
        }
    }

    fn is_goal(&self, state: &Filling) -> bool {
        state.position == state.values.len() && self.0.goal(&state.values)
    }
}

/// The intelligent solver's board: digits placed (0: open) and each cell's
/// remaining values, bit `v - 1` for `v`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Candidates {
    /// The digits (0: open).
    pub(crate) values: Vec<u8>,
    /// Each cell's remaining values, bit `v - 1` for `v`.
    pub(crate) remaining: Vec<u64>,
    /// Cells still open.
    pub(crate) open: usize,
}

struct Mrv<'p>(Board<'p>);

impl Mrv<'_> {
    /// The course formulation's `forwardCheck`: `value` leaves the room of `cell` and the
    /// cells within `value` of it in its row and column.
    fn forward_check(&self, state: &mut Candidates, cell: usize, value: u8) {
        let board = &self.0;
        let bit = !(1u64 << (value - 1));
        for &other in &board.puzzle.rooms()[board.puzzle.room_of()[cell] as usize] {
            if other as usize != cell {
                state.remaining[other as usize] &= bit;
            }
        }
        for other in within(board.rows, board.cols, cell, usize::from(value)) {
            state.remaining[other] &= bit;
        }
    }
}

/// The course formulation's `findMinMRV`: the open cell of `state` with the fewest remaining
/// values, the first in reading order on ties.
pub(crate) fn find_min_mrv(state: &Candidates) -> Option<usize> {
    let mut best: Option<(u32, usize)> = None;
    for (cell, &value) in state.values.iter().enumerate() {
        if value != 0 {
            continue;
        }
        let count = state.remaining[cell].count_ones();
        if best.is_none_or(|(fewest, _)| count < fewest) {
            best = Some((count, cell));
        }
    }
    best.map(|(_, cell)| cell)
}

impl Problem for Mrv<'_> {
    type State = Candidates;
    type Move = (usize, u8);
    type Cost = u32;

    fn successors(&self, state: &Candidates, out: &mut Vec<((usize, u8), Candidates, u32)>) {
        let Some(cell) = find_min_mrv(state) else {
            return;
        };
        let mut remaining = state.remaining[cell];
        while remaining != 0 {
            let value = remaining.trailing_zeros() as u8 + 1;
            remaining &= remaining - 1;
            let mut next = state.clone();
            next.values[cell] = value;
            next.remaining[cell] &= !(1 << (value - 1));
            next.open -= 1;
            self.forward_check(&mut next, cell, value);
            out.push(((cell, value), next, 1));
        }
        if out.is_empty() {
            self.0.dead_ends.set(self.0.dead_ends.get() + 1);
        }
    }

    fn is_goal(&self, state: &Candidates) -> bool {
        state.open == 0 && self.0.goal(&state.values)
    }
}

/// What the MRV solver did before its search: the state after the givens'
/// forward checks and the rooms of one cell, the calls those rooms made,
/// and whether a rule is already broken (no search follows).
#[cfg_attr(
    not(feature = "app"),
    expect(dead_code, reason = "read by the watch module of the app feature")
)]
pub(crate) struct Prepared<'s> {
    /// The state the search starts from.
    pub(crate) state: &'s Candidates,
    /// The rooms of one cell filled, one call each.
    pub(crate) singles: u64,
    /// A placed digit was taken out of its own cell: no solution.
    pub(crate) broken: bool,
}

/// Runs search-core's depth-first search of `problem` (over `board`)
/// from `start` within the board's limits; `extra_calls` were made before it.
fn run<P, O>(
    problem: &P,
    board: &Board<'_>,
    start: P::State,
    observer: &mut O,
    extra_calls: u64,
) -> Outcome
where
    P: Problem,
    O: Observer<P::State, P::Move, P::Cost>,
{
    let config = Config::default().within(&board.options.limits);
    let search = dfs_tree_observed(problem, start, &config, observer);
    board.outcome(search.status, &search.stats, extra_calls)
}

/// Brute force.
pub(crate) fn brute(puzzle: &Puzzle, options: &Options) -> Outcome {
    brute_observed(puzzle, options, &mut NoObserver)
}

/// [`brute`], telling `observer` what search-core's depth-first search
/// does: each call is a state tested (`expanded`, or `goal` for a full
/// board), each digit that fits is a state `generated` (its move the digit
/// put in the cell `position - 1` of the new state).
pub(crate) fn brute_observed<O: Observer<Filling, u8, u32>>(
    puzzle: &Puzzle,
    options: &Options,
    observer: &mut O,
) -> Outcome {
    let problem = Brute(Board::new(puzzle, options));
    let start = Filling {
        position: 0,
        values: puzzle.givens().to_vec(),
    };
    run(&problem, &problem.0, start, observer, 0)
}

/// MRV with forward checking.
pub(crate) fn mrv(puzzle: &Puzzle, options: &Options) -> Outcome {
    mrv_observed(puzzle, options, &mut NoObserver, |_, _| {})
}

/// [`mrv`], telling `observer` what search-core's depth-first search does
/// (each call a state tested, each candidate tried a state generated,
/// its move the cell and the digit), and `prepared` the state the search
/// starts from with the calls made before it (the rooms of one cell).
pub(crate) fn mrv_observed<O: Observer<Candidates, (usize, u8), u32>>(
    puzzle: &Puzzle,
    options: &Options,
    observer: &mut O,
    prepared: impl FnOnce(&mut O, &Prepared<'_>),
) -> Outcome {
    let problem = Mrv(Board::new(puzzle, options));
    let mut state = Candidates {
        values: puzzle.givens().to_vec(),
        remaining: (0..puzzle.len())
            .map(|cell| full_mask(puzzle.room_size(cell)))
            .collect(),
        open: puzzle.givens().iter().filter(|&&given| given == 0).count(),
    };
    // The course formulation's `fixedValueMRVAdjust`, then `solveOneValMRV` (one call each).
    for (cell, &given) in puzzle.givens().iter().enumerate() {
        if given != 0 {
            problem.forward_check(&mut state, cell, given);
        }
    }
    let mut singles = 0;
    for room in puzzle.rooms() {
        if let [cell] = room[..] {
            let cell = cell as usize;
            singles += 1;
            if state.values[cell] == 0 {
                state.open -= 1;
            }
            state.values[cell] = 1;
            problem.forward_check(&mut state, cell, 1);
        }
    }
    // The course formulation trusts the digits placed so far; a digit that another one
    // took out of its own cell's values breaks a rule: no solution.
    let broken = state
        .values
        .iter()
        .enumerate()
        .any(|(cell, &value)| value != 0 && state.remaining[cell] & (1 << (value - 1)) == 0);
    prepared(
        observer,
        &Prepared {
            state: &state,
            singles,
            broken,
        },
    );
    if broken {
        // The search never starts: the watcher sees the start state, the
        // one node, and the end.
        let stats = search_core::Stats {
            generated: 1,
            elapsed: problem.0.started.elapsed(),
            ..search_core::Stats::default()
        };
        if O::ACTIVE {
            observer.start(&state);
            observer.end(SearchStatus::Unsolvable, &stats);
        }
        return problem.0.outcome(SearchStatus::Unsolvable, &stats, singles);
    }
    run(&problem, &problem.0, state, observer, singles)
}
