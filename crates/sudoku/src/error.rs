//! Typed parse errors; every message names the line (and column where there
//! is one) and what was expected.

use thiserror::Error;

use crate::grid::Unit;

/// Why a puzzle could not be read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ParseError {
    /// A character that is neither a value of this grid size nor a blank.
    #[error("line {line}, column {column}: expected {expected}, found '{found}'")]
    Character {
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
        /// The character found.
        found: char,
        /// What would have been accepted.
        expected: String,
    },
    /// A line that is neither a one-line puzzle nor the start of a grid.
    #[error(
        "line {line}: {length} characters, expected 81 for a one-line puzzle \
         (16, 256 or 625 for other sizes) or a grid of 4, 9, 16 or 25 rows"
    )]
    Length {
        /// 1-based line.
        line: usize,
        /// Symbols found on the line.
        length: usize,
    },
    /// A line far longer than any puzzle (see [`crate::MAX_LINE_LEN`]).
    #[error("line {line}: {length} characters, longer than any puzzle (at most {max})")]
    TooLong {
        /// 1-based line.
        line: usize,
        /// Characters on the line.
        length: usize,
        /// The longest line read as a puzzle, in bytes.
        max: usize,
    },
    /// A grid row of the wrong length.
    #[error("line {line}: grid row has {length} cells, expected {side}")]
    Row {
        /// 1-based line.
        line: usize,
        /// Cells found.
        length: usize,
        /// Cells expected.
        side: usize,
    },
    /// A grid that ends before its last row.
    #[error("line {line}: grid of {side} columns ends after {rows} rows, expected {side}")]
    ShortGrid {
        /// 1-based line where the grid starts.
        line: usize,
        /// Rows read.
        rows: usize,
        /// Rows expected.
        side: usize,
    },
    /// A given that repeats another given of its row, column or box.
    #[error(
        "line {line}, column {column}: the given {value} at row {row}, column {col} \
         repeats the {value} at row {other_row}, column {other_col} (same {unit})"
    )]
    Conflict {
        /// 1-based line of the offending given.
        line: usize,
        /// 1-based column of the offending given in its line.
        column: usize,
        /// The repeated value.
        value: char,
        /// Grid row of the offending given (1-based).
        row: usize,
        /// Grid column of the offending given (1-based).
        col: usize,
        /// Grid row of the earlier given.
        other_row: usize,
        /// Grid column of the earlier given.
        other_col: usize,
        /// The unit they share.
        unit: Unit,
    },
    /// No puzzle in the text.
    #[error("line 1: no puzzle found, expected an 81-character line or a grid")]
    Empty,
    /// More than one puzzle where one was expected.
    #[error("line {line}: a second puzzle starts here, expected exactly one")]
    Several {
        /// 1-based line where the second puzzle starts.
        line: usize,
    },
}
