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

/// Whether `values` solves `puzzle` (see [`check`]).
pub fn is_solution(puzzle: &Puzzle, values: &[u8]) -> bool {
    check(puzzle, values).is_ok()
}

/// The first rule the givens alone break (two equal givens in a room, or
/// too close in a row or column), if any: then the puzzle has no solution.
pub fn givens_conflict(puzzle: &Puzzle) -> Option<Violation> {
    let (rows, cols) = (puzzle.rows(), puzzle.cols());
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
    let _ = rows;
    None
}
