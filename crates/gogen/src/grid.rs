//! A filled grid: every letter A..Y in one cell, with the word paths it gives
//! and the highlighted-word view of the course formulation.

use std::fmt;

use thiserror::Error;

use crate::puzzle::{CELLS, Letter, SIDE, adjacent, letter_char, letter_index};

/// A filled 5x5 grid, row by row.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Grid {
    cells: [Letter; CELLS],
}

/// Why a text or a list of letters is not a filled grid. Columns count
/// characters of the line as written, from 1 (for [`Grid::new`], the cell
/// row by row).
#[derive(Debug, Error, PartialEq, Eq)]
pub enum GridError {
    /// The line does not hold 25 characters (besides surrounding spaces):
    /// the column of the 26th, or just past the last when there are fewer.
    #[error("column {column}: expected 25 letters A-Y, found {found} characters")]
    Length {
        /// Where the 26th character is, or the 25 end.
        column: usize,
        /// Characters found.
        found: usize,
    },
    /// A character is not one of the letters A..Y.
    #[error("column {column}: expected a letter A-Y, found '{found}'")]
    NotALetter {
        /// Where it is.
        column: usize,
        /// What was there.
        found: char,
    },
    /// A letter appears a second time.
    #[error("column {column}: letter {letter} appears twice (first in column {first})")]
    Repeated {
        /// The second occurrence.
        column: usize,
        /// The first occurrence.
        first: usize,
        /// The letter.
        letter: char,
    },
}

impl Grid {
    /// A grid from the letter of each cell, row by row: every letter A..Y
    /// exactly once.
    pub fn new(cells: [Letter; CELLS]) -> Result<Self, GridError> {
        let mut first = [0usize; CELLS];
        for (cell, &letter) in cells.iter().enumerate() {
            let column = cell + 1;
            let Some(seen) = first.get_mut(usize::from(letter)) else {
                return Err(GridError::NotALetter {
                    column,
                    found: char::from_u32(u32::from(b'A') + u32::from(letter)).unwrap_or('?'),
                });
            };
            if *seen != 0 {
                return Err(GridError::Repeated {
                    column,
                    first: *seen,
                    letter: letter_char(letter),
                });
            }
            *seen = column;
        }
        Ok(Grid { cells })
    }

    /// A grid from its 25-letter line (as `to_line` writes it; either case,
    /// spaces around it allowed). A line of any length is looked at without
    /// being copied.
    pub fn from_line(line: &str) -> Result<Self, GridError> {
        let indent = line.chars().take_while(|c| c.is_whitespace()).count();
        let letters = line.trim();
        let mut cells = [0 as Letter; CELLS];
        let mut found = 0;
        for (offset, c) in letters.chars().enumerate() {
            if offset >= CELLS {
                return Err(GridError::Length {
                    column: indent + offset + 1,
                    found: letters.chars().count(),
                });
            }
            cells[offset] = letter_index(c).ok_or(GridError::NotALetter {
                column: indent + offset + 1,
                found: c,
            })?;
            found += 1;
        }
        if found < CELLS {
            return Err(GridError::Length {
                column: indent + found + 1,
                found,
            });
        }
        Grid::new(cells).map_err(|error| match error {
            GridError::Repeated {
                column,
                first,
                letter,
            } => GridError::Repeated {
                column: column + indent,
                first: first + indent,
                letter,
            },
            other => other,
        })
    }

    /// The letter of each cell, row by row.
    pub fn cells(&self) -> &[Letter; CELLS] {
        &self.cells
    }

    /// The 25 letters, row by row: the canonical one-line form.
    pub fn to_line(&self) -> String {
        self.cells
            .iter()
            .map(|&letter| letter_char(letter))
            .collect()
    }

    /// The cell of `letter` (0..25), or `None` for an index beyond Y.
    pub fn cell_of(&self, letter: Letter) -> Option<usize> {
        self.cells.iter().position(|&held| held == letter)
    }

    /// The `[row, column]` (0-based) of each letter of `word` in turn, if
    /// every pair of consecutive letters sits in adjacent cells.
    pub fn word_path(&self, word: &str) -> Option<Vec<[usize; 2]>> {
        let cells: Vec<usize> = word
            .chars()
            .map(|c| letter_index(c).and_then(|letter| self.cell_of(letter)))
            .collect::<Option<_>>()?;
        let path = cells.iter().map(|&cell| [cell / SIDE, cell % SIDE]);
        cells
            .windows(2)
            .all(|pair| adjacent(pair[0], pair[1]))
            .then(|| path.collect())
    }

    /// The course formulation's `show_word_on_grid`: the grid with only `word`'s letters
    /// shown, framed by separators.
    pub fn highlight(&self, word: &str) -> String {
        let shown: Vec<Letter> = word.chars().filter_map(letter_index).collect();
        let rule = format!("+{}\n", "---+".repeat(SIDE));
        let mut out = format!("Word: {word}\n{rule}");
        for row in self.cells.chunks(SIDE) {
            out.push('|');
            for &letter in row {
                let c = if shown.contains(&letter) {
                    letter_char(letter)
                } else {
                    ' '
                };
                out.push_str(&format!(" {c} |"));
            }
            out.push('\n');
            out.push_str(&rule);
        }
        out
    }
}

impl fmt::Display for Grid {
    /// Five rows of five letters separated by spaces, with no newline after
    /// the last row.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (index, row) in self.cells.chunks(SIDE).enumerate() {
            if index > 0 {
                writeln!(f)?;
            }
            let letters: Vec<String> = row.iter().map(|&l| letter_char(l).to_string()).collect();
            write!(f, "{}", letters.join(" "))?;
        }
        Ok(())
    }
}
