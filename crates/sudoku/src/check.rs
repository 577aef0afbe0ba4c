//! The independent checker: validates a claimed solution against its puzzle
//! using only the rules, sharing no code with any solver.

use thiserror::Error;

use crate::grid::Sudoku;

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
