//! The independent checker: validates a claimed solution against its puzzle
//! using only the rules, confirms an "unsolvable" claim with a small
//! exhaustive search of its own, and tests that a claimed count agrees with
//! its status. It shares no code with any solver (`fast`, `csp`, `textbook`),
//! so a bug there cannot hide itself here.
//!
//! ```
//! use sudoku::Sudoku;
//! use sudoku::check::{Claim, Solvable, Verdict, check_claim, solvable};
//!
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! // Row 1 needs a 9 in its last cell, which column 9 already holds.
//! let line = "12345678.........9...............................................................";
//! let puzzle = Sudoku::from_line(line)?;
//! assert_eq!(solvable(&puzzle, 1_000), Solvable::No);
//! assert_eq!(check_claim(&Claim::unsolvable(&puzzle))?, Verdict::NoSolution);
//! # Ok(())
//! # }
//! ```

use thiserror::Error;

use puzzle_kit::{Cell, Status, Violation};

use crate::puzzle::Sudoku;

/// The nodes [`check_claim`] lets [`solvable`] examine to confirm an
/// "unsolvable" claim on a 9x9 grid before it gives up and confirms
/// nothing: far more than almost any 9x9 puzzle needs, and a bound on the
/// time a hostile record costs (about a third of a second). Larger grids
/// get a share in inverse proportion to their cells, since each node scans
/// them all.
pub const NODE_BUDGET: u64 = 2_000_000;

/// Why a claimed solution is wrong.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum CheckError {
    /// Puzzle and solution differ in size.
    #[error("solution has side {found}, the puzzle has side {expected}")]
    Size {
        /// The puzzle's side.
        expected: usize,
        /// The solution's side.
        found: usize,
    },
    /// A blank cell in the solution.
    #[error("row {row}, column {col} is blank")]
    Blank {
        /// 1-based row.
        row: usize,
        /// 1-based column.
        col: usize,
    },
    /// A given of the puzzle was changed.
    #[error("row {row}, column {col}: the given {given} was changed")]
    GivenChanged {
        /// 1-based row.
        row: usize,
        /// 1-based column.
        col: usize,
        /// The puzzle's value there.
        given: u8,
    },
    /// A row, column or box that does not hold every value once.
    #[error("{unit} {index} does not hold every value exactly once")]
    Unit {
        /// "row", "column" or "box".
        unit: &'static str,
        /// 1-based index of the unit.
        index: usize,
    },
}

/// The violation as puzzle-kit's shape, its message exactly the
/// [`CheckError`]'s: the cell is the one the error names, the solution's
/// cell at fault ([`CheckError::Blank`], [`CheckError::GivenChanged`]);
/// a whole row, column or box ([`CheckError::Unit`]) and a size that
/// differs ([`CheckError::Size`]) are at no one cell.
impl From<CheckError> for Violation {
    fn from(error: CheckError) -> Violation {
        let message = error.to_string();
        match error {
            CheckError::Blank { row, col } | CheckError::GivenChanged { row, col, .. } => {
                Violation::at(Cell { row, column: col }, message)
            }
            CheckError::Size { .. } | CheckError::Unit { .. } => Violation::new(message),
        }
    }
}

/// Checks that `solution` is a complete grid that keeps every given of
/// `puzzle` and holds each value once in every row, column and box.
pub fn check_solution(puzzle: &Sudoku, solution: &Sudoku) -> Result<(), CheckError> {
    let side = puzzle.side();
    if solution.side() != side {
        return Err(CheckError::Size {
            expected: side,
            found: solution.side(),
        });
    }
    for row in 0..side {
        for col in 0..side {
            let value = solution.get(row, col);
            if value == 0 {
                return Err(CheckError::Blank {
                    row: row + 1,
                    col: col + 1,
                });
            }
            let given = puzzle.get(row, col);
            if given != 0 && given != value {
                return Err(CheckError::GivenChanged {
                    row: row + 1,
                    col: col + 1,
                    given,
                });
            }
        }
    }
    let box_size = puzzle.box_size();
    let full: u32 = (1 << side) - 1;
    for index in 0..side {
        let (mut row_seen, mut col_seen, mut box_seen) = (0u32, 0u32, 0u32);
        for k in 0..side {
            row_seen |= 1 << (solution.get(index, k) - 1);
            col_seen |= 1 << (solution.get(k, index) - 1);
            let row = (index / box_size) * box_size + k / box_size;
            let col = (index % box_size) * box_size + k % box_size;
            box_seen |= 1 << (solution.get(row, col) - 1);
        }
        for (unit, seen) in [("row", row_seen), ("column", col_seen), ("box", box_seen)] {
            if seen != full {
                return Err(CheckError::Unit {
                    unit,
                    index: index + 1,
                });
            }
        }
    }
    Ok(())
}

/// What the independent search found out about a puzzle.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Solvable {
    /// It found a solution.
    Yes,
    /// It explored every branch and found none: the puzzle is unsolvable.
    No,
    /// It gave up at its node budget.
    Unknown,
}

/// Whether `puzzle` has a solution, by plain backtracking that examines at
/// most `node_budget` nodes (the root plus one per value tried): the empty
/// cell with the fewest candidates first, candidates as bitmasks per row,
/// column and box, no other deduction. Independent of every solver.
pub fn solvable(puzzle: &Sudoku, node_budget: u64) -> Solvable {
    let mut search = Backtrack::new(puzzle);
    search.nodes_left = node_budget;
    match search.run() {
        Some(true) => Solvable::Yes,
        Some(false) => Solvable::No,
        None => Solvable::Unknown,
    }
}

/// The state of [`solvable`]'s search: which values each row, column and
/// box already holds (bit `v - 1` for value `v`), and the empty cells.
struct Backtrack {
    side: usize,
    box_size: usize,
    rows: Vec<u32>,
    columns: Vec<u32>,
    boxes: Vec<u32>,
    empty: Vec<usize>,
    nodes_left: u64,
}

impl Backtrack {
    fn new(puzzle: &Sudoku) -> Self {
        let side = puzzle.side();
        let box_size = puzzle.box_size();
        let mut search = Backtrack {
            side,
            box_size,
            rows: vec![0; side],
            columns: vec![0; side],
            boxes: vec![0; side],
            empty: Vec::new(),
            nodes_left: 0,
        };
        for (cell, &value) in puzzle.values().iter().enumerate() {
            if value == 0 {
                search.empty.push(cell);
            } else {
                search.flip(cell, value);
            }
        }
        search
    }

    fn box_of(&self, cell: usize) -> usize {
        let (row, column) = (cell / self.side, cell % self.side);
        row / self.box_size * self.box_size + column / self.box_size
    }

    /// Places `value` in `cell`, or takes it out again.
    fn flip(&mut self, cell: usize, value: u8) {
        let bit = 1 << (value - 1);
        let box_index = self.box_of(cell);
        self.rows[cell / self.side] ^= bit;
        self.columns[cell % self.side] ^= bit;
        self.boxes[box_index] ^= bit;
    }

    fn candidates(&self, cell: usize) -> u32 {
        let full = (1u32 << self.side) - 1;
        let taken = self.rows[cell / self.side]
            | self.columns[cell % self.side]
            | self.boxes[self.box_of(cell)];
        full & !taken
    }

    /// `Some(true)` when a solution lies below, `Some(false)` when none
    /// does, `None` when the budget ran out first. `empty[..filled]` are
    /// filled, the rest still empty.
    fn run(&mut self) -> Option<bool> {
        self.below(0)
    }

    fn below(&mut self, filled: usize) -> Option<bool> {
        self.nodes_left = self.nodes_left.checked_sub(1)?;
        if filled == self.empty.len() {
            return Some(true);
        }
        // The empty cell with the fewest candidates, moved to `filled`.
        let mut best = filled;
        let mut fewest = u32::MAX;
        for index in filled..self.empty.len() {
            let count = self.candidates(self.empty[index]).count_ones();
            if count < fewest {
                (best, fewest) = (index, count);
                if count <= 1 {
                    break;
                }
            }
        }
        self.empty.swap(filled, best);
        let cell = self.empty[filled];
        let mut candidates = self.candidates(cell);
        while candidates != 0 {
            let value = candidates.trailing_zeros() as u8 + 1;
            candidates &= candidates - 1;
            self.flip(cell, value);
            let found = self.below(filled + 1);
            self.flip(cell, value);
            if found != Some(false) {
                return found;
            }
        }
        Some(false)
    }
}

/// A solve result as someone claims it (a `sudoku solve --json` record,
/// say), for [`check_claim`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Claim<'a> {
    /// The puzzle.
    pub puzzle: &'a Sudoku,
    /// How the search is said to have ended.
    pub status: Status,
    /// The solution claimed, present exactly when solved.
    pub solution: Option<&'a Sudoku>,
    /// When counted: the solutions found and whether that is all of them.
    pub count: Option<(u64, bool)>,
}

impl<'a> Claim<'a> {
    /// The claim that `puzzle` has no solution, without a count.
    pub fn unsolvable(puzzle: &'a Sudoku) -> Self {
        Claim {
            puzzle,
            status: Status::Unsolvable,
            solution: None,
            count: None,
        }
    }
}

/// What [`check_claim`] confirmed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// The solution keeps every rule and every given.
    Solution,
    /// The independent search found no solution, as claimed.
    NoSolution,
    /// Nothing to confirm: a limit, or an "unsolvable" claim that the
    /// search could not settle within [`NODE_BUDGET`].
    Nothing,
}

/// Why a claim is wrong.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ClaimError {
    /// The claimed solution breaks a rule or a given.
    #[error("solution is wrong: {0}")]
    Solution(#[from] CheckError),
    /// Solved, but no solution given.
    #[error("status \"solved\" but no solution")]
    NoSolution,
    /// A solution with a status other than solved.
    #[error("status \"{}\" with a solution", .0.name())]
    UnexpectedSolution(Status),
    /// Solved with a count of 0.
    #[error("solved with a count of 0")]
    SolvedWithoutCount,
    /// Unsolvable with solutions counted.
    #[error("unsolvable with a count of {0}")]
    UnsolvableWithCount(u64),
    /// A limit stopped the search, yet the count is said to be complete.
    #[error("status \"limit\" with a count said to be complete")]
    CompleteAtLimit,
    /// Unsolvable, yet the independent search found a solution.
    #[error("claimed unsolvable, but the puzzle has a solution")]
    Solvable,
}

/// [`NODE_BUDGET`] for a 9x9 grid, scaled down by the cells of a larger.
fn budget_for(puzzle: &Sudoku) -> u64 {
    let cells = puzzle.values().len().max(81) as u64;
    NODE_BUDGET * 81 / cells
}

/// Checks a claim with the rules alone: a solution must keep the givens
/// and hold each value once per row, column and box ([`check_solution`]);
/// an "unsolvable" claim is confirmed by [`solvable`] within
/// [`NODE_BUDGET`] nodes (scaled down for grids above 9x9;
/// [`Verdict::Nothing`] when that does not settle it); and a count must fit its status (at least 1 when solved, 0 when
/// unsolvable, never complete at a limit).
pub fn check_claim(claim: &Claim<'_>) -> Result<Verdict, ClaimError> {
    match (claim.status, claim.solution) {
        (Status::Solved, None) => return Err(ClaimError::NoSolution),
        (Status::Solved, Some(_)) | (_, None) => {}
        (status, Some(_)) => return Err(ClaimError::UnexpectedSolution(status)),
    }
    match (claim.status, claim.count) {
        (Status::Solved, Some((0, _))) => return Err(ClaimError::SolvedWithoutCount),
        (Status::Unsolvable, Some((count, _))) if count > 0 => {
            return Err(ClaimError::UnsolvableWithCount(count));
        }
        (Status::Limit(_), Some((_, true))) => return Err(ClaimError::CompleteAtLimit),
        _ => {}
    }
    match (claim.status, claim.solution) {
        (Status::Solved, Some(solution)) => {
            check_solution(claim.puzzle, solution)?;
            Ok(Verdict::Solution)
        }
        (Status::Unsolvable, _) => match solvable(claim.puzzle, budget_for(claim.puzzle)) {
            Solvable::No => Ok(Verdict::NoSolution),
            Solvable::Yes => Err(ClaimError::Solvable),
            Solvable::Unknown => Ok(Verdict::Nothing),
        },
        _ => Ok(Verdict::Nothing),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const WIKI: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    const WIKI_SOLUTION: &str =
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
    /// Row 1 needs a 9 in its last cell, which column 9 already holds.
    const STUCK: &str =
        "12345678.........9...............................................................";

    fn grid(line: &str) -> Sudoku {
        Sudoku::from_line(line).unwrap()
    }

    #[test]
    fn the_search_settles_small_cases_and_gives_up_at_its_budget() {
        assert_eq!(solvable(&grid(WIKI), NODE_BUDGET), Solvable::Yes);
        assert_eq!(solvable(&grid(STUCK), NODE_BUDGET), Solvable::No);
        assert_eq!(solvable(&grid(WIKI_SOLUTION), 1), Solvable::Yes);
        assert_eq!(solvable(&grid(WIKI), 0), Solvable::Unknown);
        assert_eq!(solvable(&grid(WIKI), 5), Solvable::Unknown);
        let empty25 = Sudoku::from_line(&".".repeat(625)).unwrap();
        assert_eq!(solvable(&empty25, NODE_BUDGET), Solvable::Yes);
        // Cell (1, 1) of this 4x4 sees 2 and 3 in its row, 1 in its column
        // and 4 in its box.
        assert_eq!(
            solvable(&grid(".23..4..1......."), NODE_BUDGET),
            Solvable::No
        );
    }

    fn claim<'a>(
        puzzle: &'a Sudoku,
        status: Status,
        solution: Option<&'a Sudoku>,
        count: Option<(u64, bool)>,
    ) -> Result<Verdict, ClaimError> {
        check_claim(&Claim {
            puzzle,
            status,
            solution,
            count,
        })
    }

    #[test]
    fn claims_are_checked_against_the_rules_and_their_counts() {
        use Status::*;
        const LIMIT: Status = Limit(puzzle_kit::Limit::Node);
        let (wiki, solution, stuck) = (grid(WIKI), grid(WIKI_SOLUTION), grid(STUCK));
        assert_eq!(
            claim(&wiki, Solved, Some(&solution), Some((1, true))),
            Ok(Verdict::Solution)
        );
        assert_eq!(
            claim(&wiki, Solved, Some(&solution), None),
            Ok(Verdict::Solution)
        );
        assert_eq!(
            claim(&wiki, Solved, Some(&solution), Some((0, true))),
            Err(ClaimError::SolvedWithoutCount)
        );
        assert_eq!(
            claim(&wiki, Solved, None, None),
            Err(ClaimError::NoSolution)
        );
        assert_eq!(
            claim(&wiki, LIMIT, None, Some((92, false))),
            Ok(Verdict::Nothing)
        );
        assert_eq!(
            claim(&wiki, LIMIT, None, Some((92, true))),
            Err(ClaimError::CompleteAtLimit)
        );
        assert_eq!(
            claim(&wiki, LIMIT, Some(&solution), None),
            Err(ClaimError::UnexpectedSolution(LIMIT))
        );
        assert_eq!(
            claim(&stuck, Unsolvable, None, Some((0, true))),
            Ok(Verdict::NoSolution)
        );
        assert_eq!(
            claim(&stuck, Unsolvable, None, Some((3, true))),
            Err(ClaimError::UnsolvableWithCount(3))
        );
        assert_eq!(
            claim(&wiki, Unsolvable, None, None),
            Err(ClaimError::Solvable)
        );
        let changed = grid(
            &WIKI_SOLUTION
                .replace('5', "x")
                .replace('3', "5")
                .replace('x', "3"),
        );
        assert!(matches!(
            claim(&wiki, Solved, Some(&changed), None),
            Err(ClaimError::Solution(CheckError::GivenChanged {
                row: 1,
                col: 1,
                given: 5
            }))
        ));
    }

    #[test]
    fn a_violation_names_the_cell_at_fault() {
        let (wiki, solution) = (grid(WIKI), grid(WIKI_SOLUTION));
        let violation = |solution: &Sudoku| {
            Violation::from(check_solution(&wiki, solution).expect_err("a wrong solution"))
        };
        // A blank at row 2, column 3 (0-based cell 11).
        let mut values = solution.values().to_vec();
        values[11] = 0;
        let blank = violation(&Sudoku::from_values(9, &values).unwrap());
        assert_eq!(blank.cell, Some(Cell { row: 2, column: 3 }));
        assert_eq!(blank.message, "row 2, column 3 is blank");
        // The given 7 at row 1, column 5 changed: swapping the digits 7
        // and 9 keeps every unit whole and breaks it first there.
        let swapped = grid(
            &WIKI_SOLUTION
                .replace('7', "x")
                .replace('9', "7")
                .replace('x', "9"),
        );
        let changed = violation(&swapped);
        assert_eq!(changed.cell, Some(Cell { row: 1, column: 5 }));
        // `Puzzle::check` gives the same violation.
        assert_eq!(
            puzzle_kit::Puzzle::check(&wiki, &swapped),
            Err(changed.clone())
        );
        assert_eq!(changed.message, "row 1, column 5: the given 7 was changed");
        // The last cell, a given 9, made blank: the blank is what it names.
        let mut values = solution.values().to_vec();
        values[80] = 0;
        let last = violation(&Sudoku::from_values(9, &values).unwrap());
        assert_eq!(last.cell, Some(Cell { row: 9, column: 9 }));
        // A size apart, and a whole unit: at no one cell.
        let small = Sudoku::from_line("1234341221434321").unwrap();
        let size = violation(&small);
        assert_eq!(size.cell, None);
        assert_eq!(size.message, "solution has side 4, the puzzle has side 9");
        let unit = Violation::from(CheckError::Unit {
            unit: "box",
            index: 4,
        });
        assert_eq!(unit.cell, None);
        assert_eq!(unit.message, "box 4 does not hold every value exactly once");
        // The message is the error's, whatever the cell.
        assert_eq!(
            Violation::from(CheckError::Blank { row: 4, col: 7 }).to_string(),
            CheckError::Blank { row: 4, col: 7 }.to_string()
        );
    }
}
