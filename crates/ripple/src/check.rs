//! The independent rule checker: whether a filled grid solves a puzzle,
//! written from the rules alone and sharing no code with the solvers (it
//! does not even use the puzzle's room lists: it walks the walls itself).

use crate::puzzle::Puzzle;

/// Why a grid does not solve a puzzle: the first broken rule found, with
/// rows and columns 1-based.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Violation {
    /// The grid has another shape than the puzzle.
    #[error("the grid is {found_rows}x{found_cols}, the puzzle {rows}x{cols}")]
    Shape {
        /// Puzzle rows.
        rows: usize,
        /// Puzzle columns.
        cols: usize,
        /// Grid rows.
        found_rows: usize,
        /// Grid columns.
        found_cols: usize,
    },
    /// A given was changed.
    #[error("row {row}, column {col}: the given {given} was changed to {found}")]
    GivenChanged {
        /// Row.
        row: usize,
        /// Column.
        col: usize,
        /// The given.
        given: u8,
        /// What the grid holds.
        found: u8,
    },
    /// A digit outside 1..=room size.
    #[error(
        "row {row}, column {col}: {found} is not a digit 1 to {size} of its room of {size} cells"
    )]
    OutOfRange {
        /// Row.
        row: usize,
        /// Column.
        col: usize,
        /// What the grid holds.
        found: u8,
        /// Cells in the room.
        size: usize,
    },
    /// A digit twice in one room.
    #[error(
        "row {row}, column {col}: the digit {digit} is already in its room at row {other_row}, column {other_col}"
    )]
    RepeatedInRoom {
        /// Row.
        row: usize,
        /// Column.
        col: usize,
        /// The digit.
        digit: u8,
        /// Row of the other one.
        other_row: usize,
        /// Column of the other one.
        other_col: usize,
    },
    /// Two equal digits d too close in a row or column.
    #[error(
        "row {row}, column {col}: the {digit} at row {other_row}, column {other_col} is only {gap} cells away (a {digit} needs at least {digit} cells between)"
    )]
    TooClose {
        /// Row.
        row: usize,
        /// Column.
        col: usize,
        /// The digit.
        digit: u8,
        /// Row of the other one.
        other_row: usize,
        /// Column of the other one.
        other_col: usize,
        /// Cells strictly between the two.
        gap: usize,
    },
}

/// The violation as every puzzle's checker gives it
/// ([`puzzle_kit::Puzzle::check`]): the message as it is, and the cell the
/// message begins with (`row R, column C:`), where the rule is broken. For
/// a rule between two cells that is the one the message names first: for
/// a digit repeated in its room the later of the two in reading order,
/// for two equal digits too close the earlier one, whose distance rule
/// the other breaks. A grid of the wrong shape is at no cell.
///
/// ```
/// use puzzle_kit::Cell;
///
/// let puzzle: ripple::Puzzle = "https://puzz.link/p?ripple/4/4/9n8rigk14h32k".parse()?;
/// let mut wrong = [1, 2, 3, 1, 2, 1, 4, 2, 4, 3, 2, 1, 1, 2, 1, 3];
/// wrong[15] = 9;
/// let violation = puzzle_kit::Violation::from(ripple::check::check(&puzzle, &wrong).unwrap_err());
/// assert_eq!(violation.cell, Some(Cell { row: 4, column: 4 }));
/// assert!(violation.message.starts_with("row 4, column 4: 9 is not a digit"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl From<Violation> for puzzle_kit::Violation {
    fn from(violation: Violation) -> Self {
        let cell = match violation {
            Violation::Shape { .. } => None,
            Violation::GivenChanged { row, col, .. }
            | Violation::OutOfRange { row, col, .. }
            | Violation::RepeatedInRoom { row, col, .. }
            | Violation::TooClose { row, col, .. } => Some(puzzle_kit::Cell { row, column: col }),
        };
        puzzle_kit::Violation {
            cell,
            message: violation.to_string(),
        }
    }
}

/// Checks `values` (row-major, `rows` x `cols` of the puzzle) against
/// every rule: the givens kept, each room of n cells holding 1..=n once
/// each, and two equal digits d in a row or column with at least d cells
/// between them.
///
/// ```
/// let puzzle: ripple::Puzzle = "https://puzz.link/p?ripple/4/4/9n8rigk14h32k".parse()?;
/// let solution = [1, 2, 3, 1, 2, 1, 4, 2, 4, 3, 2, 1, 1, 2, 1, 3];
/// assert_eq!(ripple::check::check(&puzzle, &solution), Ok(()));
/// let mut wrong = solution;
/// wrong.swap(0, 1);
/// assert!(ripple::check::check(&puzzle, &wrong).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn check(puzzle: &Puzzle, values: &[u8]) -> Result<(), Violation> {
    let (rows, cols) = (puzzle.rows(), puzzle.cols());
    if values.len() != rows * cols {
        return Err(Violation::Shape {
            rows,
            cols,
            found_rows: values.len() / cols,
            found_cols: cols,
        });
    }
    let at = |cell: usize| (cell / cols + 1, cell % cols + 1);
    for (cell, (&given, &found)) in puzzle.givens().iter().zip(values).enumerate() {
        if given != 0 && given != found {
            let (row, col) = at(cell);
            return Err(Violation::GivenChanged {
                row,
                col,
                given,
                found,
            });
        }
    }
    // Rooms found again by flood fill over the walls as drawn.
    let mut room = vec![usize::MAX; rows * cols];
    let mut members: Vec<Vec<usize>> = Vec::new();
    for start in 0..rows * cols {
        if room[start] != usize::MAX {
            continue;
        }
        let id = members.len();
        let mut queue = vec![start];
        room[start] = id;
        let mut index = 0;
        while index < queue.len() {
            let cell = queue[index];
            index += 1;
            let (r, c) = (cell / cols, cell % cols);
            let mut open = Vec::with_capacity(4);
            if c + 1 < cols && !puzzle.wall_right(r, c) {
                open.push(cell + 1);
            }
            if c > 0 && !puzzle.wall_right(r, c - 1) {
                open.push(cell - 1);
            }
            if r + 1 < rows && !puzzle.wall_below(r, c) {
                open.push(cell + cols);
            }
            if r > 0 && !puzzle.wall_below(r - 1, c) {
                open.push(cell - cols);
            }
            for next in open {
                if room[next] == usize::MAX {
                    room[next] = id;
                    queue.push(next);
                }
            }
        }
        queue.sort_unstable();
        members.push(queue);
    }
    for cells in &members {
        let size = cells.len();
        let mut seen: Vec<Option<usize>> = vec![None; size + 1];
        for &cell in cells {
            let digit = values[cell];
            let (row, col) = at(cell);
            if digit == 0 || usize::from(digit) > size {
                return Err(Violation::OutOfRange {
                    row,
                    col,
                    found: digit,
                    size,
                });
            }
            if let Some(other) = seen[usize::from(digit)] {
                let (other_row, other_col) = at(other);
                return Err(Violation::RepeatedInRoom {
                    row,
                    col,
                    digit,
                    other_row,
                    other_col,
                });
            }
            seen[usize::from(digit)] = Some(cell);
        }
    }
    for cell in 0..rows * cols {
        let digit = values[cell];
        let (r, c) = (cell / cols, cell % cols);
        let reach = usize::from(digit);
        // Look right and down only: each pair is met once.
        for step in 1..=reach {
            for (other_r, other_c) in [(r, c + step), (r + step, c)] {
                if other_r < rows && other_c < cols && values[other_r * cols + other_c] == digit {
                    let (row, col) = at(cell);
                    return Err(Violation::TooClose {
                        row,
                        col,
                        digit,
                        other_row: other_r + 1,
                        other_col: other_c + 1,
                        gap: step - 1,
                    });
                }
            }
        }
    }
    Ok(())
}

/// The first rule the givens alone break (two equal givens in a room, or
/// too close in a row or column), if any: then the puzzle has no solution.
pub fn givens_conflict(puzzle: &Puzzle) -> Option<Violation> {
    let cols = puzzle.cols();
    let givens = puzzle.givens();
    let at = |cell: usize| (cell / cols + 1, cell % cols + 1);
    for a in 0..givens.len() {
        if givens[a] == 0 {
            continue;
        }
        for b in a + 1..givens.len() {
            if givens[b] != givens[a] {
                continue;
            }
            let digit = givens[a];
            let ((row, col), (other_row, other_col)) = (at(a), at(b));
            if puzzle.room_of()[a] == puzzle.room_of()[b] {
                return Some(Violation::RepeatedInRoom {
                    row: other_row,
                    col: other_col,
                    digit,
                    other_row: row,
                    other_col: col,
                });
            }
            let gap = if row == other_row {
                other_col.abs_diff(col)
            } else if col == other_col {
                other_row.abs_diff(row)
            } else {
                usize::MAX
            };
            if gap <= usize::from(digit) {
                return Some(Violation::TooClose {
                    row,
                    col,
                    digit,
                    other_row,
                    other_col,
                    gap: gap - 1,
                });
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use puzzle_kit::Cell;

    /// The cell of a violation is the one its message begins with.
    #[test]
    fn a_violation_gives_the_cell_its_message_names_first() {
        let puzzle: Puzzle = "https://puzz.link/p?ripple/4/4/9n8rigk14h32k"
            .parse()
            .unwrap();
        let solution = [1u8, 2, 3, 1, 2, 1, 4, 2, 4, 3, 2, 1, 1, 2, 1, 3];
        assert_eq!(check(&puzzle, &solution), Ok(()));
        // 1 2 3 1 / 2 1 4 2 / 4 3 2 1 / 1 2 1 3, the givens 1 and 4 in
        // row 2, 3 and 2 in row 3; rooms of 2 cells top left and in row 2.
        let cell = |changes: &[(usize, u8)]| {
            let mut values = solution;
            for &(cell, digit) in changes {
                values[cell] = digit;
            }
            let violation = check(&puzzle, &values).unwrap_err();
            let message = violation.to_string();
            let violation = puzzle_kit::Violation::from(violation);
            assert_eq!(violation.message, message);
            if let Some(cell) = violation.cell {
                assert!(message.starts_with(&format!("{cell}:")), "{message}");
            }
            violation.cell
        };
        let at = |row, column| Some(Cell { row, column });
        // The given 4 at row 2, column 3 changed.
        assert_eq!(cell(&[(6, 3)]), at(2, 3));
        // A 3 in a room of two cells.
        assert_eq!(cell(&[(0, 3)]), at(1, 1));
        // 1 twice in the top-left room: the later of the two.
        assert_eq!(cell(&[(1, 1)]), at(1, 2));
        // The top-left room swapped: the 2s of column 1 touch; the upper
        // one, whose distance the lower breaks.
        assert_eq!(cell(&[(0, 2), (1, 1)]), at(1, 1));
        // The right-hand room reordered: the 1s of column 4 touch.
        assert_eq!(cell(&[(7, 1), (11, 2)]), at(1, 4));
        let shape = puzzle_kit::Violation::from(check(&puzzle, &solution[..12]).unwrap_err());
        assert_eq!(shape.cell, None);
    }
}
