//! Typed parse errors; every message names the line and column of the
//! character at fault (for a puzzle cut short, where the missing part was
//! expected; for no puzzle at all, the end of the text) and what was
//! expected.

use std::fmt;

use thiserror::Error;

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
    /// The column is that of the first cell beyond the nearest puzzle size
    /// when the line is longer than it, else the column after its last
    /// cell.
    #[error(
        "line {line}, column {column}: {length} cells, expected 81 for a one-line puzzle \
         (16, 256 or 625 for other sizes) or a grid row of 4, 9, 16 or 25"
    )]
    Length {
        /// 1-based line.
        line: usize,
        /// 1-based column (see above).
        column: usize,
        /// Cells found on the line.
        length: usize,
    },
    /// A line far longer than any puzzle (see [`crate::MAX_LINE_LEN`]).
    #[error(
        "line {line}, column {column}: {length} characters, longer than any puzzle \
         (at most {max} bytes)"
    )]
    TooLong {
        /// 1-based line.
        line: usize,
        /// 1-based column of the first character past the limit.
        column: usize,
        /// Characters on the line.
        length: usize,
        /// The longest line read as a puzzle, in bytes.
        max: usize,
    },
    /// A grid row of the wrong length. The column is that of the first
    /// cell too many, or the column after the last cell of a short row.
    #[error("line {line}, column {column}: grid row has {length} cells, expected {side}")]
    Row {
        /// 1-based line.
        line: usize,
        /// 1-based column (see above).
        column: usize,
        /// Cells found.
        length: usize,
        /// Cells expected.
        side: usize,
    },
    /// A grid that ends before its last row: the line and column are where
    /// the next row was expected (a blank line, a line that is not a row,
    /// or the end of the text).
    #[error(
        "line {line}, column {column}: the grid that starts on line {start} ends after \
         {rows} of its {side} rows"
    )]
    ShortGrid {
        /// 1-based line where the next row was expected.
        line: usize,
        /// 1-based column there.
        column: usize,
        /// 1-based line where the grid starts.
        start: usize,
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
    /// No puzzle in the text: the line and column are its end.
    #[error(
        "line {line}, column {column}: no puzzle found before the end of the text, expected \
         a one-line puzzle (16, 81, 256 or 625 cells) or a grid of 4, 9, 16 or 25 rows"
    )]
    Empty {
        /// 1-based line of the end of the text.
        line: usize,
        /// 1-based column of the end of the text.
        column: usize,
    },
    /// More than one puzzle where one was expected.
    #[error("line {line}, column {column}: a second puzzle starts here, expected exactly one")]
    Several {
        /// 1-based line where the second puzzle starts.
        line: usize,
        /// 1-based column of its first character.
        column: usize,
    },
}

impl ParseError {
    /// The error of a text that holds no puzzle (only blank lines, `#`
    /// comments and box separators): [`ParseError::Empty`] at its end.
    pub fn no_puzzle_in(text: &str) -> Self {
        let line = 1 + text.matches('\n').count();
        let last = text.rsplit('\n').next().unwrap_or_default();
        ParseError::Empty {
            line,
            column: 1 + last.trim_end_matches('\r').chars().count(),
        }
    }
}

/// Which unit two clashing givens share.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unit {
    /// The same row.
    Row,
    /// The same column.
    Column,
    /// The same box.
    Box,
}

impl fmt::Display for Unit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Unit::Row => "row",
            Unit::Column => "column",
            Unit::Box => "box",
        })
    }
}
