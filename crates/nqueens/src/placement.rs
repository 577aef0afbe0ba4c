//! A placement of queens, one per row, and its two human views: the board
//! for small N and the column list beyond.

use std::fmt;
use std::io;

use crate::check::{Violation, check_columns};

/// The largest N drawn as a board of `Q` and `.`; larger placements are
/// shown as their column list.
pub const BOARD_VIEW_MAX: usize = 32;

/// `n` non-attacking queens on an `n`×`n` board, one per row: row `r` holds
/// its queen in column `columns()[r]` (0-based). A `Placement` can only be
/// built valid.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Placement {
    columns: Vec<u32>,
}

impl Placement {
    /// The placement with row `r`'s queen in column `columns[r]`, after
    /// checking that no two queens attack each other.
    ///
    /// # Errors
    ///
    /// The first [`Violation`] found.
    pub fn new(columns: Vec<u32>) -> Result<Self, Violation> {
        check_columns(&columns)?;
        Ok(Placement { columns })
    }

    /// Wraps a solver's answer. Solvers are trusted; debug builds recheck.
    pub(crate) fn from_solver(columns: Vec<u32>) -> Self {
        debug_assert_eq!(check_columns(&columns), Ok(()));
        Placement { columns }
    }

    /// The size of the board.
    pub fn n(&self) -> usize {
        self.columns.len()
    }

    /// The queen's column in each row, top to bottom, 0-based.
    pub fn columns(&self) -> &[u32] {
        &self.columns
    }

    /// The compact form: the columns separated by single spaces, no newline
    /// (`"1 3 0 2"` for the first 4-queens solution).
    pub fn to_line(&self) -> String {
        column_line(&self.columns)
    }

    /// Writes the compact form and a newline, fast enough for a hundred
    /// million columns: digits are formatted by `itoa` into 64 KiB chunks.
    ///
    /// # Errors
    ///
    /// Whatever `out` reports.
    pub fn write_line(&self, out: &mut impl io::Write) -> io::Result<()> {
        const CHUNK: usize = 1 << 16;
        let mut buffer = Vec::with_capacity(CHUNK + 16);
        for (index, piece) in self.columns.chunks(CHUNK / 11).enumerate() {
            if index > 0 {
                buffer.push(b' ');
            }
            push_column_list(&mut buffer, piece);
            out.write_all(&buffer)?;
            buffer.clear();
        }
        out.write_all(b"\n")
    }
}

/// The human view: for `n` up to [`BOARD_VIEW_MAX`] the board, one row per
/// line, cells `Q` or `.` separated by spaces; above that the column list;
/// no newline after the last line (`println!` adds it).
///
/// ```
/// let placement = nqueens::Placement::new(vec![1, 3, 0, 2])?;
/// assert_eq!(placement.to_string(), ". Q . .\n. . . Q\nQ . . .\n. . Q .");
/// # Ok::<(), nqueens::Violation>(())
/// ```
impl fmt::Display for Placement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.columns.len() > BOARD_VIEW_MAX {
            return write!(f, "{}", self.to_line());
        }
        f.write_str(&board_text(&self.columns))
    }
}

/// The board of `columns` (row `r`'s queen in column `columns[r]`) for a
/// person: one row a line, cells `Q` or `.` separated by spaces, no
/// newline after the last line.
pub(crate) fn board_text(columns: &[u32]) -> String {
    let n = columns.len();
    let rows: Vec<String> = columns
        .iter()
        .map(|&column| {
            let cells: Vec<&str> = (0..n)
                .map(|cell| if cell == column as usize { "Q" } else { "." })
                .collect();
            cells.join(" ")
        })
        .collect();
    rows.join("\n")
}

/// The columns as decimal numbers separated by single spaces.
pub(crate) fn column_line(columns: &[u32]) -> String {
    let mut line = Vec::with_capacity(columns.len() * 8);
    push_column_list(&mut line, columns);
    String::from_utf8(line).unwrap_or_default()
}

/// Appends the columns as decimal numbers separated by spaces.
fn push_column_list(out: &mut Vec<u8>, columns: &[u32]) {
    let mut digits = itoa::Buffer::new();
    for (index, &column) in columns.iter().enumerate() {
        if index > 0 {
            out.push(b' ');
        }
        out.extend_from_slice(digits.format(column).as_bytes());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decimal_digits_match_std_formatting() {
        let values = [0, 7, 10, 99, 100, 12345, 999_999, 1_000_000, u32::MAX];
        let mut out = Vec::new();
        push_column_list(&mut out, &values);
        let expected: Vec<String> = values.iter().map(u32::to_string).collect();
        assert_eq!(String::from_utf8(out).unwrap(), expected.join(" "));
    }

    #[test]
    fn write_line_matches_to_line_across_chunks() {
        let queens = crate::Queens::new(50_000).unwrap();
        let outcome = crate::solve(&queens, &crate::Options::new(crate::Algo::Construct));
        let placement = outcome.solution.expect("50000 is solvable");
        let mut written = Vec::new();
        placement.write_line(&mut written).unwrap();
        assert_eq!(
            String::from_utf8(written).unwrap(),
            placement.to_line() + "\n"
        );
    }
}
