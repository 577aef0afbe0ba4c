//! The textbook formulation: depth-first search with look-ahead on
//! search-core. Fill the first empty cell (row by row) with each unused
//! letter, keep a successor only if every word can still be formed (the
//! look-ahead), search depth-first with a closed set.

use std::cell::{Cell, RefCell};
use std::time::Instant;

use search_core::{
    Config, CycleCheck, NoObserver, Observer, Problem, Status as SearchStatus, dfs_observed,
};

use crate::grid::Grid;
use crate::options::{Counters, DfsStats, Found, Limit, Options, Stats, Stop, keep};
use crate::puzzle::{CELLS, Letter, NEIGHBOURS, Puzzle, letter_index};

/// A partly filled grid. `EMPTY` marks a blank cell.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) struct Fill {
    cells: [Letter; CELLS],
    used: u32,
}

const EMPTY: Letter = u8::MAX;

/// A move of the depth-first search: a letter placed in a cell.
pub(crate) type Move = (usize, Letter);

impl Fill {
    /// The next available empty cell: the first in reading order.
    #[cfg(feature = "app")] // only the watch module uses it
    pub(crate) fn first_empty(&self) -> Option<usize> {
        self.cells.iter().position(|&held| held == EMPTY)
    }

    /// How many cells hold a letter.
    #[cfg(feature = "app")] // only the watch module uses it
    pub(crate) fn filled(&self) -> usize {
        self.cells.iter().filter(|&&held| held != EMPTY).count()
    }

    /// The compact form: the 25 cells row by row, a letter or `.`.
    #[cfg(feature = "app")] // only the watch module uses it
    pub(crate) fn to_line(&self) -> String {
        self.cells
            .iter()
            .map(|&held| {
                if held == EMPTY {
                    '.'
                } else {
                    crate::puzzle::letter_char(held)
                }
            })
            .collect()
    }

    /// The letters the look-ahead keeps for the first empty cell (each
    /// unused letter after which every word can still be formed), and how
    /// many it turns down; what the course formulation's `get_Successors` tries.
    #[cfg(feature = "app")] // only the watch module uses it
    pub(crate) fn look_ahead(&self, words: &[Vec<Letter>]) -> (Vec<Letter>, usize) {
        let Some(cell) = self.first_empty() else {
            return (Vec::new(), 0);
        };
        let (mut kept, mut refused) = (Vec::new(), 0);
        for letter in (0..CELLS as Letter).filter(|&letter| self.used & (1 << letter) == 0) {
            let mut next = self.clone();
            next.cells[cell] = letter;
            next.used |= 1 << letter;
            if words.iter().all(|word| can_form(&next, word)) {
                kept.push(letter);
            } else {
                refused += 1;
            }
        }
        (kept, refused)
    }
}

/// The words of `puzzle` as letter indices.
pub(crate) fn words_of(puzzle: &Puzzle) -> Vec<Vec<Letter>> {
    puzzle
        .words()
        .iter()
        .map(|word| word.chars().filter_map(letter_index).collect())
        .collect()
}

struct Gogen<'a> {
    words: Vec<Vec<Letter>>,
    solution_limit: u64,
    memory_limit: Option<usize>,
    found: &'a RefCell<Vec<Grid>>,
    /// Set when a solution could not be kept within the memory limit: the
    /// search is then told it reached its goal, to stop it.
    out_of_memory: &'a Cell<bool>,
}

/// The course formulation's `can_form_word` with `is_partial`: each letter may sit in
/// its cell if placed, or in any empty cell if still unused; is there a
/// choice of cells, the same cell for a repeated letter and different
/// cells for different letters, where consecutive letters touch?
fn can_form(fill: &Fill, word: &[Letter]) -> bool {
    let empty: u32 = (0..CELLS)
        .filter(|&cell| fill.cells[cell] == EMPTY)
        .fold(0, |mask, cell| mask | 1 << cell);
    let possible = |letter: Letter| -> u32 {
        match fill.cells.iter().position(|&held| held == letter) {
            Some(cell) => 1 << cell,
            None if fill.used & (1 << letter) == 0 => empty,
            None => 0,
        }
    };
    let mut chosen = [None::<usize>; CELLS];
    extend(word, 0, None, &mut chosen, 0, &possible)
}

/// Places `word[index..]` after `previous`, remembering each letter's cell
/// in `chosen` and the cells taken in `taken`.
fn extend(
    word: &[Letter],
    index: usize,
    previous: Option<usize>,
    chosen: &mut [Option<usize>; CELLS],
    taken: u32,
    possible: &impl Fn(Letter) -> u32,
) -> bool {
    let Some(&letter) = word.get(index) else {
        return true;
    };
    let reach = previous.map_or(u32::MAX, |cell| NEIGHBOURS[cell]);
    if let Some(cell) = chosen[usize::from(letter)] {
        return reach & (1 << cell) != 0
            && extend(word, index + 1, Some(cell), chosen, taken, possible);
    }
    let mut options = possible(letter) & reach & !taken;
    while options != 0 {
        let cell = options.trailing_zeros() as usize;
        options &= options - 1;
        chosen[usize::from(letter)] = Some(cell);
        if extend(
            word,
            index + 1,
            Some(cell),
            chosen,
            taken | 1 << cell,
            possible,
        ) {
            chosen[usize::from(letter)] = None;
            return true;
        }
        chosen[usize::from(letter)] = None;
    }
    false
}

impl Problem for Gogen<'_> {
    type State = Fill;
    type Move = Move;
    type Cost = u32;

    fn successors(&self, fill: &Fill, out: &mut Vec<(Move, Fill, u32)>) {
        let Some(cell) = fill.cells.iter().position(|&held| held == EMPTY) else {
            return;
        };
        for letter in (0..CELLS as Letter).filter(|&letter| fill.used & (1 << letter) == 0) {
            let mut next = fill.clone();
            next.cells[cell] = letter;
            next.used |= 1 << letter;
            if self.words.iter().all(|word| can_form(&next, word)) {
                out.push(((cell, letter), next, 1));
            }
        }
    }

    /// A full grid that traces every word is recorded; the search is told it
    /// reached its goal only once enough solutions are recorded, so it goes
    /// on looking for more when counting.
    fn is_goal(&self, fill: &Fill) -> bool {
        if fill.cells.contains(&EMPTY) || !self.words.iter().all(|word| can_form(fill, word)) {
            return false;
        }
        let mut found = self.found.borrow_mut();
        let grid = Grid::new(fill.cells).expect("a full fill uses each letter once");
        if !keep(&mut found, grid, self.memory_limit) {
            self.out_of_memory.set(true);
            return true;
        }
        found.len() as u64 >= self.solution_limit
    }
}

pub fn solve(puzzle: &Puzzle, options: &Options) -> Found {
    solve_observed(puzzle, options, &mut NoObserver)
}

/// [`solve`], telling `observer` every grid tested and generated.
pub(crate) fn solve_observed<O: Observer<Fill, Move, u32>>(
    puzzle: &Puzzle,
    options: &Options,
    observer: &mut O,
) -> Found {
    let start_time = Instant::now();
    let mut start = Fill {
        cells: [EMPTY; CELLS],
        used: 0,
    };
    for (cell, given) in puzzle.givens().iter().enumerate() {
        if let Some(letter) = *given {
            start.cells[cell] = letter;
            start.used |= 1 << letter;
        }
    }
    let blanks = start.cells.iter().filter(|&&held| held == EMPTY).count() as u64;
    let found = RefCell::new(Vec::new());
    let out_of_memory = Cell::new(false);
    let problem = Gogen {
        words: words_of(puzzle),
        solution_limit: options.limits.count_up_to.max(1),
        memory_limit: options.limits.memory_limit,
        found: &found,
        out_of_memory: &out_of_memory,
    };
    let config = Config::default()
        .cycle_check(CycleCheck::Closed)
        .within(&options.limits);
    let search = dfs_observed(&problem, start, &config, observer);
    let solutions = found.into_inner();
    let stop = match search.status {
        _ if out_of_memory.get() => Stop::Limit(Limit::Memory),
        SearchStatus::Unsolvable => Stop::Exhausted,
        SearchStatus::Solved => Stop::SolutionLimit,
        SearchStatus::Limit(limit) => Stop::Limit(limit),
    };
    // Each move fills one blank, so every solution path holds the empty
    // grid plus one state per blank; the rest were dead ends.
    let path_length = (!solutions.is_empty()).then_some(blanks + 1);
    let stats = Stats {
        // search-core's node count, the one its node limit bounds.
        nodes: search.stats.generated,
        elapsed: start_time.elapsed(),
        counters: Counters {
            backtracks: search
                .stats
                .num_tested
                .saturating_sub(path_length.unwrap_or(0)),
            dfs: Some(DfsStats {
                // The course formulation reports its closed set plus one as "nodes visited".
                nodes_visited: search.stats.num_tested + 1,
                path_length,
            }),
        },
    };
    Found {
        solutions,
        stop,
        stats,
    }
}
