//! The independent checker: the rules of Gogen written a second time, with
//! no code shared with the solvers, so that a solver's answer (or a record
//! read back from `gogen solve --json`) can be re-validated: a solution
//! keeps the givens and traces every word, a claimed set of word paths
//! spells each word through touching cells, and a claim that a puzzle has
//! no solution is confirmed by a small exhaustive search of its own.
//!
//! ```
//! use gogen::{Puzzle, check};
//!
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! let puzzle: Puzzle = "M.G.D\n.....\nW.L.Y\n.....\nS.J.B\n\n\
//!     ACQUIRE AXLE CUT DERV FIR JUST KEG MAN PILE PRY ROB WHAM".parse()?;
//! let grid = check::check_solution(&puzzle, "MNGKDHAXEVWCLRYQUIPOSTJFB", None)?;
//! assert_eq!(grid.cells()[0], 12); // M
//! let wrong = check::check_solution(&puzzle, "MKGNDHAXEVWCLRYQUIPOSTJFB", None);
//! assert_eq!(
//!     wrong.unwrap_err().to_string(),
//!     "word KEG: K and E are not in adjacent cells"
//! );
//! let doubled: Puzzle = "M.G.D\n.....\nW.L.Y\n.....\nS.J.B\n\nBOOK".parse()?;
//! assert_eq!(check::exhaustive(&doubled, check::NODE_BUDGET), check::Exhaustive::NoSolution);
//! # Ok(())
//! # }
//! ```

use std::collections::BTreeMap;

use thiserror::Error;

use crate::grid::{Grid, GridError};
use crate::puzzle::Puzzle;

/// Side of the grid, and its cells: the checker's own constants.
const SIDE: usize = 5;
const CELLS: usize = SIDE * SIDE;

/// The cells each word passes through, as `[row, column]` from 0, keyed by
/// the word: the `paths` of a `gogen solve --json` record.
pub type Paths = BTreeMap<String, Vec<[usize; 2]>>;

/// The most letters [`exhaustive`] places before it gives up: generous
/// for a 5x5 grid (the unsolvable fixtures take at most 16), and a
/// fraction of a second at worst.
pub const NODE_BUDGET: u64 = 5_000_000;

/// The first rule a solution breaks.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum Violation {
    /// The solution text is not 25 distinct letters A..Y.
    #[error("{0}")]
    Grid(#[from] GridError),
    /// A given letter is not where the puzzle put it.
    #[error("row {row}, column {column}: the puzzle gives {given} but the grid has {found}")]
    GivenChanged {
        /// Row (1-based).
        row: usize,
        /// Column (1-based).
        column: usize,
        /// The given letter.
        given: char,
        /// The grid's letter.
        found: char,
    },
    /// Two consecutive letters of a word are not in touching cells.
    #[error("word {word}: {first} and {second} are not in adjacent cells")]
    WordBroken {
        /// The word.
        word: String,
        /// The first letter of the broken pair.
        first: char,
        /// The second letter of the broken pair.
        second: char,
        /// Where the rule is seen: of the two letters' cells, the later in
        /// reading order, `[row, column]` from 0 (`None` for a letter no
        /// grid holds).
        cell: Option<[usize; 2]>,
    },
    /// A word of the puzzle has no path.
    #[error("paths: word {word} has no path")]
    PathMissing {
        /// The word.
        word: String,
    },
    /// A path is given for something that is not a word of the puzzle.
    #[error("paths: {word} is not a word of the puzzle")]
    PathForNoWord {
        /// The key of the path.
        word: String,
    },
    /// A path has a cell per letter too few or too many.
    #[error("paths: word {word} has {cells} cells for {letters} letters")]
    PathLength {
        /// The word.
        word: String,
        /// Cells in its path.
        cells: usize,
        /// Letters in the word.
        letters: usize,
    },
    /// A cell of a path (0-based `[row, column]`) does not hold the word's
    /// letter, or is off the grid.
    #[error("paths: word {word}: cell [{row}, {column}] does not hold {letter}")]
    PathCell {
        /// The word.
        word: String,
        /// Row from 0.
        row: usize,
        /// Column from 0.
        column: usize,
        /// The letter the word needs there.
        letter: char,
    },
    /// Two consecutive cells of a path do not touch.
    #[error("paths: word {word}: cells {from:?} and {to:?} do not touch")]
    PathApart {
        /// The word.
        word: String,
        /// The first cell, `[row, column]` from 0.
        from: [usize; 2],
        /// The next cell.
        to: [usize; 2],
    },
}

/// The violation as every puzzle's checker gives it
/// ([`puzzle_kit::Puzzle::check`]): the message as it is, and the cell
/// where the rule is broken when it is broken at one. A given changed: its
/// cell. A word broken, or a path's two cells apart: of the two cells, the
/// later in reading order (row by row). A path's cell that does not hold
/// its letter: that cell, when it is on the grid. A solution text that is
/// not a grid, a path missing, too long or for no word: no cell.
///
/// ```
/// use gogen::{Grid, Puzzle, check};
/// use puzzle_kit::Cell;
///
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// let puzzle: Puzzle = "M.G.D\n.....\nW.L.Y\n.....\nS.J.B\n\nAXLE".parse()?;
/// let grid = Grid::from_line("MNGKDHAXEVWCLRYQUIPOSTJFB")?;
/// assert_eq!(check::check(&puzzle, &grid), Ok(()));
/// let moved = Grid::from_line("NMGKDHAXEVWCLRYQUIPOSTJFB")?;
/// let violation = puzzle_kit::Violation::from(check::check(&puzzle, &moved).unwrap_err());
/// assert_eq!(violation.cell, Some(Cell { row: 1, column: 1 }));
/// assert_eq!(violation.message, "row 1, column 1: the puzzle gives M but the grid has N");
/// # Ok(())
/// # }
/// ```
impl From<Violation> for puzzle_kit::Violation {
    fn from(violation: Violation) -> Self {
        let on_grid = |[row, column]: [usize; 2]| {
            (row < SIDE && column < SIDE).then(|| puzzle_kit::Cell::at_index(row, column))
        };
        let cell = match &violation {
            Violation::GivenChanged { row, column, .. } => Some(puzzle_kit::Cell {
                row: *row,
                column: *column,
            }),
            Violation::WordBroken { cell, .. } => cell.and_then(on_grid),
            Violation::PathCell { row, column, .. } => on_grid([*row, *column]),
            Violation::PathApart { from, to, .. } => on_grid(*from.max(to)),
            Violation::Grid(_)
            | Violation::PathMissing { .. }
            | Violation::PathForNoWord { .. }
            | Violation::PathLength { .. } => None,
        };
        puzzle_kit::Violation {
            cell,
            message: violation.to_string(),
        }
    }
}

/// Whether cells `a` and `b` (row by row from 0) are distinct and touch
/// horizontally, vertically or diagonally.
const fn touch(a: usize, b: usize) -> bool {
    a != b && (a / SIDE).abs_diff(b / SIDE) <= 1 && (a % SIDE).abs_diff(b % SIDE) <= 1
}

/// For each cell, the cells it touches, as a bitmask: [`touch`] tabled
/// for the exhaustive search.
const NEAR: [u32; CELLS] = {
    let mut masks = [0u32; CELLS];
    let mut cell = 0;
    while cell < CELLS {
        let mut other = 0;
        while other < CELLS {
            if touch(cell, other) {
                masks[cell] |= 1 << other;
            }
            other += 1;
        }
        cell += 1;
    }
    masks
};

/// The index 0..25 of an upper-case letter A..Y (a puzzle's words hold
/// nothing else), or `None`.
fn index_of(letter: char) -> Option<usize> {
    ('A'..='Y')
        .contains(&letter)
        .then(|| usize::from(letter as u8 - b'A'))
}

/// Checks that `grid` keeps every given of `puzzle` and that every word can
/// be traced through touching cells. (`Grid` itself guarantees that each
/// letter A..Y appears exactly once.)
pub fn check(puzzle: &Puzzle, grid: &Grid) -> Result<(), Violation> {
    let letter = |cell: usize| char::from(b'A' + grid.cells()[cell]);
    for (cell, given) in puzzle.givens().iter().enumerate() {
        if let Some(given) = *given
            && grid.cells()[cell] != given
        {
            return Err(Violation::GivenChanged {
                row: cell / SIDE + 1,
                column: cell % SIDE + 1,
                given: char::from(b'A' + given),
                found: letter(cell),
            });
        }
    }
    let mut cell_of = [usize::MAX; CELLS];
    for cell in 0..CELLS {
        if let Some(index) = index_of(letter(cell)) {
            cell_of[index] = cell;
        }
    }
    for word in puzzle.words() {
        let letters: Vec<char> = word.chars().collect();
        for pair in letters.windows(2) {
            let (first, second) = (pair[0], pair[1]);
            let cells = match (index_of(first), index_of(second)) {
                (Some(a), Some(b)) => Some((cell_of[a], cell_of[b])),
                _ => None,
            };
            if !cells.is_some_and(|(a, b)| touch(a, b)) {
                let later = cells
                    .map(|(a, b)| a.max(b))
                    .filter(|&cell| cell < CELLS)
                    .map(|cell| [cell / SIDE, cell % SIDE]);
                return Err(Violation::WordBroken {
                    word: word.clone(),
                    first,
                    second,
                    cell: later,
                });
            }
        }
    }
    Ok(())
}

/// Checks claimed word `paths` on `grid`: exactly one path per word of
/// `puzzle`, a cell per letter, each cell holding the word's next letter,
/// consecutive cells touching.
pub fn check_paths(puzzle: &Puzzle, grid: &Grid, paths: &Paths) -> Result<(), Violation> {
    for word in puzzle.words() {
        let cells = paths
            .get(word)
            .ok_or_else(|| Violation::PathMissing { word: word.clone() })?;
        let letters = word.chars().count();
        if cells.len() != letters {
            return Err(Violation::PathLength {
                word: word.clone(),
                cells: cells.len(),
                letters,
            });
        }
        for (letter, &[row, column]) in word.chars().zip(cells) {
            let held = (row < SIDE && column < SIDE)
                .then(|| char::from(b'A' + grid.cells()[row * SIDE + column]));
            if held != Some(letter) {
                return Err(Violation::PathCell {
                    word: word.clone(),
                    row,
                    column,
                    letter,
                });
            }
        }
        for pair in cells.windows(2) {
            let ([r1, c1], [r2, c2]) = (pair[0], pair[1]);
            if !touch(r1 * SIDE + c1, r2 * SIDE + c2) {
                return Err(Violation::PathApart {
                    word: word.clone(),
                    from: pair[0],
                    to: pair[1],
                });
            }
        }
    }
    match paths.keys().find(|key| !puzzle.words().contains(key)) {
        Some(word) => Err(Violation::PathForNoWord { word: word.clone() }),
        None => Ok(()),
    }
}

/// Checks a solution given as its 25-letter line (and, if given, the word
/// paths claimed with it): 25 distinct letters A..Y, the givens kept,
/// every word traced. Returns the grid.
pub fn check_solution(
    puzzle: &Puzzle,
    line: &str,
    paths: Option<&Paths>,
) -> Result<Grid, Violation> {
    let grid = Grid::from_line(line)?;
    check(puzzle, &grid)?;
    if let Some(paths) = paths {
        check_paths(puzzle, &grid, paths)?;
    }
    Ok(grid)
}

/// What [`exhaustive`] found (in a solution, the letters in no word fill
/// the cells left over in alphabetical order).
pub type Exhaustive = puzzle_kit::Exhaustive<Grid>;

/// Searches for any solution of `puzzle` by plain backtracking, placing
/// the letters of the words one at a time beside the letters they must
/// touch, and gives up after `node_budget` placements. Only the letters
/// of the words matter: once they sit in touching cells, the others fill
/// the cells left over in any order. Independent of the solvers: its own
/// adjacency, its own order, no propagation beyond checking that every
/// letter still has a cell.
pub fn exhaustive(puzzle: &Puzzle, node_budget: u64) -> Exhaustive {
    let mut must_touch = [0u32; CELLS];
    for word in puzzle.words() {
        let letters: Option<Vec<usize>> = word.chars().map(index_of).collect();
        let Some(letters) = letters else {
            // A word no grid can hold (the parser refuses it).
            return Exhaustive::NoSolution;
        };
        for pair in letters.windows(2) {
            let (a, b) = (pair[0], pair[1]);
            if a == b {
                // A letter cannot touch its own cell.
                return Exhaustive::NoSolution;
            }
            must_touch[a] |= 1 << b;
            must_touch[b] |= 1 << a;
        }
    }
    let mut search = Backtrack {
        must_touch,
        cell_of: [None; CELLS],
        free: (1 << CELLS) - 1,
        order: Vec::new(),
        nodes: 0,
        budget: node_budget,
    };
    let mut placed = 0u32;
    for (cell, given) in puzzle.givens().iter().enumerate() {
        if let Some(letter) = *given {
            search.cell_of[usize::from(letter)] = Some(cell);
            search.free &= !(1 << cell);
            placed |= 1 << letter;
        }
    }
    // Two given letters that must touch but do not.
    let given_apart = |(letter, cell): (usize, &Option<usize>)| {
        cell.is_some_and(|cell| {
            bits(must_touch[letter] & placed)
                .any(|other| search.cell_of[other].is_some_and(|other| !touch(cell, other)))
        })
    };
    if search.cell_of.iter().enumerate().any(given_apart) {
        return Exhaustive::NoSolution;
    }
    // The letters to place, each next the one with the most neighbours
    // already placed, so that most are placed beside another.
    let mut to_place: u32 = (0..CELLS)
        .filter(|&letter| must_touch[letter] != 0 && placed & (1 << letter) == 0)
        .fold(0, |mask, letter| mask | 1 << letter);
    while to_place != 0 {
        let next = bits(to_place)
            .max_by_key(|&letter| {
                (
                    (must_touch[letter] & placed).count_ones(),
                    must_touch[letter].count_ones(),
                    CELLS - letter,
                )
            })
            .unwrap_or_default();
        search.order.push(next);
        placed |= 1 << next;
        to_place &= !(1 << next);
    }
    match search.place(0) {
        Some(true) => search
            .grid()
            .map_or(Exhaustive::OverBudget, Exhaustive::Solution),
        Some(false) => Exhaustive::NoSolution,
        None => Exhaustive::OverBudget,
    }
}

/// The indices of the set bits of `mask`, lowest first.
fn bits(mut mask: u32) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let bit = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            bit
        })
    })
}

/// The state of [`exhaustive`]'s backtracking.
struct Backtrack {
    /// For each letter, the letters it must touch.
    must_touch: [u32; CELLS],
    /// Where each letter sits so far.
    cell_of: [Option<usize>; CELLS],
    /// The cells still empty.
    free: u32,
    /// The letters to place, in order.
    order: Vec<usize>,
    /// Placements tried.
    nodes: u64,
    budget: u64,
}

impl Backtrack {
    /// The empty cells where `letter` would touch every placed letter it
    /// must touch.
    fn cells_for(&self, letter: usize) -> u32 {
        bits(self.must_touch[letter])
            .filter_map(|other| self.cell_of[other])
            .fold(self.free, |mask, cell| mask & NEAR[cell])
    }

    /// Places `order[depth..]`: `Some(true)` when all are placed, `Some(false)`
    /// when no placement works, `None` when the budget ran out.
    fn place(&mut self, depth: usize) -> Option<bool> {
        let Some(&letter) = self.order.get(depth) else {
            return Some(true);
        };
        for cell in bits(self.cells_for(letter)) {
            self.nodes += 1;
            if self.nodes > self.budget {
                return None;
            }
            self.cell_of[letter] = Some(cell);
            self.free &= !(1 << cell);
            // Every letter still to place beside this one keeps a cell.
            let fits = bits(self.must_touch[letter])
                .filter(|&other| self.cell_of[other].is_none())
                .all(|other| self.cells_for(other) != 0);
            if fits && self.place(depth + 1)? {
                return Some(true);
            }
            self.cell_of[letter] = None;
            self.free |= 1 << cell;
        }
        Some(false)
    }

    /// The grid of a complete placement, the other letters in the cells
    /// left over.
    fn grid(&self) -> Option<Grid> {
        let mut cells = [0u8; CELLS];
        let mut empty = bits(self.free);
        for letter in 0..CELLS {
            let cell = match self.cell_of[letter] {
                Some(cell) => cell,
                None => empty.next()?,
            };
            cells[cell] = u8::try_from(letter).ok()?;
        }
        Grid::new(cells).ok()
    }
}
