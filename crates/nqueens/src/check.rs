//! The independent checker: the rules of the game, written again without
//! the solvers' code, so that a placement or an "unsolvable" claim can be
//! verified by someone who does not trust the solver (the `check`
//! subcommand, a test, a library user).
//!
//! A placement is valid when it has one queen per row (it is a list of
//! columns, row by row), as many rows as the board has, no column off the
//! board, no two queens in one column and no two on one diagonal. Columns
//! and both diagonal directions are marked in plain bit sets: one pass,
//! O(N), for boards of 10^8 rows.
//!
//! A claim that N queens cannot be placed is settled for every N: for N up
//! to [`EXHAUSTIVE_MAX`] by trying every placement (its own backtracking,
//! which finds a witness when the claim is false), and above that by the
//! theorem that every N >= 4 has a placement (Pauls, 1874; constructed by
//! N mod 6 in Hoffman, Loessi and Moore, 1969), so that 2 and 3 are the only
//! N >= 1 with none.
//!
//! ```
//! use nqueens::check::{self, FalseClaim, Violation};
//!
//! assert_eq!(check::check_placement(&[1u32, 3, 0, 2], 4), Ok(()));
//! assert!(matches!(
//!     check::check_placement(&[0u32, 1, 2, 3], 4),
//!     Err(Violation::SameDiagonal { .. })
//! ));
//! assert_eq!(check::check_unsolvable(3), Ok(()));
//! assert!(matches!(check::check_unsolvable(6), Err(FalseClaim::Witness { .. })));
//! assert_eq!(check::check_unsolvable(20), Err(FalseClaim::Theorem { n: 20 }));
//! ```

use crate::placement::column_line;

/// What is wrong with a claimed placement.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Violation {
    /// No queens at all.
    #[error("the placement is empty: there must be one queen per row")]
    Empty,
    /// A queen outside the board.
    #[error("row {row}: column {column} is off the board (columns are 0..{n})")]
    OffBoard {
        /// The row, 0-based.
        row: usize,
        /// The column given.
        column: u64,
        /// The board size.
        n: usize,
    },
    /// Two queens in one column.
    #[error("rows {first_row} and {second_row} both have their queen in column {column}")]
    SameColumn {
        /// The upper row, 0-based.
        first_row: usize,
        /// The lower row, 0-based.
        second_row: usize,
        /// The shared column.
        column: u64,
    },
    /// Two queens on one diagonal.
    #[error(
        "the queens of rows {first_row} and {second_row} (columns {first_column} and \
         {second_column}) share a diagonal"
    )]
    SameDiagonal {
        /// The upper row, 0-based.
        first_row: usize,
        /// Its queen's column.
        first_column: u64,
        /// The lower row, 0-based.
        second_row: usize,
        /// Its queen's column.
        second_column: u64,
    },
    /// Fewer or more rows than the board has.
    #[error("the board is {expected}x{expected} but the placement has {found} rows")]
    WrongLength {
        /// N as stated.
        expected: usize,
        /// Rows given.
        found: usize,
    },
}

/// The violation as every puzzle's checker gives it
/// ([`puzzle_kit::Puzzle::check`]): the message as it is, and the cell of
/// the queen at fault when two queens attack each other (the later of the
/// two, the lower row: the one the check reaches second), its row and
/// column from 1. A queen off the board is at no cell of the board, and an
/// empty placement or one of the wrong length at none either: no cell.
///
/// ```
/// use nqueens::check::check_placement;
/// use puzzle_kit::Cell;
///
/// let violation = puzzle_kit::Violation::from(check_placement(&[0u32, 2, 1], 3).unwrap_err());
/// assert_eq!(violation.cell, Some(Cell { row: 3, column: 2 }));
/// ```
impl From<Violation> for puzzle_kit::Violation {
    fn from(violation: Violation) -> Self {
        let message = violation.to_string();
        let at = |row: usize, column: u64| match usize::try_from(column) {
            Ok(column) => {
                puzzle_kit::Violation::at(puzzle_kit::Cell::at_index(row, column), message.clone())
            }
            Err(_) => puzzle_kit::Violation::new(message.clone()),
        };
        match violation {
            Violation::SameColumn {
                second_row, column, ..
            } => at(second_row, column),
            Violation::SameDiagonal {
                second_row,
                second_column,
                ..
            } => at(second_row, second_column),
            Violation::Empty | Violation::OffBoard { .. } | Violation::WrongLength { .. } => {
                puzzle_kit::Violation::new(message)
            }
        }
    }
}

/// Why a claim that N queens cannot be placed is false.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FalseClaim {
    /// N = 0: there is no board to speak of.
    #[error("N must be at least 1, found 0")]
    Empty,
    /// Exhaustive search found a placement.
    #[error("the output says N = {n} has no solution, but {} is one", column_line(.witness))]
    Witness {
        /// The board size.
        n: usize,
        /// The placement found, row `r`'s queen in column `witness[r]`.
        witness: Vec<u32>,
    },
    /// N is above [`EXHAUSTIVE_MAX`], and every N >= 4 has a placement.
    #[error(
        "the output says N = {n} has no solution, but every N >= 4 has one (only N = 2 and 3 \
         have none)"
    )]
    Theorem {
        /// The board size.
        n: usize,
    },
}

/// The largest N whose "no solution" claim is settled by trying every
/// placement; above it the theorem decides.
pub const EXHAUSTIVE_MAX: usize = 10;

/// Checks that `columns` (row `r`'s queen in column `columns[r]`) places
/// `columns.len()` queens on the square board of that size so that none
/// attacks another.
///
/// # Errors
///
/// The first [`Violation`], naming the rows involved.
///
/// ```
/// use nqueens::{Violation, check_columns};
///
/// assert_eq!(check_columns(&[1, 3, 0, 2]), Ok(()));
/// assert!(matches!(check_columns(&[0, 1, 2, 3]), Err(Violation::SameDiagonal { .. })));
/// ```
pub fn check_columns(columns: &[u32]) -> Result<(), Violation> {
    check_rules(columns)
}

/// Checks that `columns` is a valid placement on the `n`×`n` board: `n`
/// rows, one queen each, none attacked. Any unsigned column type is taken
/// (a record read back may hold numbers too large for `u32`).
///
/// # Errors
///
/// [`Violation::WrongLength`] when there are not `n` rows, else the first
/// other [`Violation`].
pub fn check_placement<C: Copy + Into<u64>>(columns: &[C], n: usize) -> Result<(), Violation> {
    if columns.len() != n && !columns.is_empty() {
        return Err(Violation::WrongLength {
            expected: n,
            found: columns.len(),
        });
    }
    check_rules(columns)
}

/// Checks the claim that `n` queens cannot be placed on the `n`×`n` board.
///
/// # Errors
///
/// [`FalseClaim`] when a placement exists: a witness found by exhaustive
/// search for `n <= EXHAUSTIVE_MAX`, the theorem above that (and
/// [`FalseClaim::Empty`] for 0).
pub fn check_unsolvable(n: usize) -> Result<(), FalseClaim> {
    if n == 0 {
        return Err(FalseClaim::Empty);
    }
    if n > EXHAUSTIVE_MAX {
        return Err(FalseClaim::Theorem { n });
    }
    match find_any(n) {
        Some(witness) => Err(FalseClaim::Witness { n, witness }),
        None => Ok(()),
    }
}

/// The rules on a list of columns of any length.
fn check_rules<C: Copy + Into<u64>>(columns: &[C]) -> Result<(), Violation> {
    let n = columns.len();
    if n == 0 {
        return Err(Violation::Empty);
    }
    let mut used_columns = BitSet::new(n);
    // Diagonal `row - column + n - 1` runs down-right, `row + column` down-left.
    let mut used_down_right = BitSet::new(2 * n - 1);
    let mut used_down_left = BitSet::new(2 * n - 1);
    for (row, &column) in columns.iter().enumerate() {
        let column: u64 = column.into();
        let column_index = match usize::try_from(column) {
            Ok(index) if index < n => index,
            _ => return Err(Violation::OffBoard { row, column, n }),
        };
        let down_right = row + n - 1 - column_index;
        let down_left = row + column_index;
        let column_clash = used_columns.insert(column_index);
        let diagonal_clash = used_down_right.insert(down_right) | used_down_left.insert(down_left);
        if column_clash || diagonal_clash {
            return Err(describe_clash(columns, row, column_clash));
        }
    }
    Ok(())
}

/// Finds the earlier row that the queen of `row` clashes with (a second,
/// linear pass: it runs once, on failure only).
fn describe_clash<C: Copy + Into<u64>>(columns: &[C], row: usize, column_clash: bool) -> Violation {
    let column: u64 = columns[row].into();
    for (earlier, &other) in columns[..row].iter().enumerate() {
        let other: u64 = other.into();
        if column_clash && other == column {
            return Violation::SameColumn {
                first_row: earlier,
                second_row: row,
                column,
            };
        }
        if !column_clash && other.abs_diff(column) == (row - earlier) as u64 {
            return Violation::SameDiagonal {
                first_row: earlier,
                first_column: other,
                second_row: row,
                second_column: column,
            };
        }
    }
    // Unreachable when the bit sets are right; name the row at least.
    Violation::SameColumn {
        first_row: row,
        second_row: row,
        column,
    }
}

/// A placement of `n` queens by plain backtracking in row order (only for
/// small `n`), or `None` when there is none.
fn find_any(n: usize) -> Option<Vec<u32>> {
    fn extend(n: usize, rows: &mut Vec<u32>) -> bool {
        if rows.len() == n {
            return true;
        }
        let row = rows.len();
        for column in 0..n as u32 {
            let safe = rows.iter().enumerate().all(|(earlier, &other)| {
                other != column && other.abs_diff(column) as usize != row - earlier
            });
            if safe {
                rows.push(column);
                if extend(n, rows) {
                    return true;
                }
                rows.pop();
            }
        }
        false
    }
    let mut rows = Vec::with_capacity(n);
    extend(n, &mut rows).then_some(rows)
}

/// A fixed-size set of small numbers, one bit each.
struct BitSet {
    words: Vec<u64>,
}

impl BitSet {
    fn new(size: usize) -> Self {
        BitSet {
            words: vec![0; size.div_ceil(64)],
        }
    }

    /// Adds `index`; true when it was already there.
    fn insert(&mut self, index: usize) -> bool {
        let word = &mut self.words[index / 64];
        let bit = 1u64 << (index % 64);
        let present = *word & bit != 0;
        *word |= bit;
        present
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(columns: &[u64], n: usize, expected: Result<(), &str>) {
        let got = check_placement(columns, n).map_err(|violation| violation.to_string());
        match expected {
            Ok(()) => assert_eq!(got, Ok(()), "{columns:?}"),
            Err(message) => {
                let error = got.expect_err("a violation");
                assert!(
                    error.contains(message),
                    "{error:?} should contain {message:?}"
                );
            }
        }
    }

    #[test]
    fn names_what_is_wrong() {
        check(&[1, 3, 0, 2], 4, Ok(()));
        check(&[0], 1, Ok(()));
        check(
            &[0, 2, 1],
            3,
            Err("rows 1 and 2 (columns 2 and 1) share a diagonal"),
        );
        check(
            &[1, 3, 0, 1],
            4,
            Err("rows 0 and 3 both have their queen in column 1"),
        );
        check(&[1, 3, 0, 4], 4, Err("row 3: column 4 is off the board"));
        check(
            &[1, 3, 0, u64::MAX],
            4,
            Err("row 3: column 18446744073709551615 is off the board"),
        );
        check(&[1, 3, 0, 2], 5, Err("5x5 but the placement has 4 rows"));
        check(&[], 4, Err("the placement is empty"));
    }

    /// The cell of the queen at fault, from 1: the later of two attacking
    /// queens; none for a queen off the board or a placement of the wrong
    /// length.
    #[test]
    fn a_violation_gives_the_cell_of_the_later_queen() {
        let cell = |columns: &[u64], n: usize| {
            let violation = check_placement(columns, n).expect_err("a violation");
            let message = violation.to_string();
            let violation = puzzle_kit::Violation::from(violation);
            assert_eq!(violation.message, message);
            violation.cell.map(|cell| (cell.row, cell.column))
        };
        // Rows 1 and 2 (0-based) on a diagonal: the queen of row 3, column 2.
        assert_eq!(cell(&[0, 2, 1], 3), Some((3, 2)));
        // Rows 0 and 3 in column 1: the queen of row 4, column 2.
        assert_eq!(cell(&[1, 3, 0, 1], 4), Some((4, 2)));
        // Down-left: the lower queen left of the upper one.
        assert_eq!(cell(&[2, 1, 0], 3), Some((2, 2)));
        // A clash found late: rows 1 and 3 (0-based), not the first rows.
        assert_eq!(cell(&[3, 0, 4, 2, 1], 5), Some((4, 3)));
        assert_eq!(cell(&[1, 3, 0, 4], 4), None);
        assert_eq!(cell(&[1, 3, 0, 2], 5), None);
        assert_eq!(cell(&[], 4), None);
    }

    #[test]
    fn only_two_and_three_are_unsolvable() {
        for n in 1..=EXHAUSTIVE_MAX {
            let claim = check_unsolvable(n);
            if n == 2 || n == 3 {
                assert_eq!(claim, Ok(()), "N = {n}");
            } else {
                let Err(FalseClaim::Witness { witness, .. }) = claim else {
                    panic!("N = {n}: expected a witness, got {claim:?}");
                };
                assert_eq!(check_placement(&witness, n), Ok(()), "N = {n}");
            }
        }
        assert_eq!(
            check_unsolvable(4).unwrap_err().to_string(),
            "the output says N = 4 has no solution, but 1 3 0 2 is one"
        );
        assert_eq!(check_unsolvable(11), Err(FalseClaim::Theorem { n: 11 }));
        assert_eq!(check_unsolvable(0), Err(FalseClaim::Empty));
    }
}
