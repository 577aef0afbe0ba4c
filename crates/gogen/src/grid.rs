//! A filled grid: every letter A..Y in one cell, with the word paths it gives
//! and the seed's highlighted-word view.

use std::fmt;

use crate::puzzle::{CELLS, Letter, SIDE, adjacent, letter_char, letter_index};

/// A filled 5x5 grid, row by row.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Grid {
    cells: [Letter; CELLS],
}

impl Grid {
    /// A grid from the letter of each cell, row by row. Returns `None` unless
    /// every letter A..Y appears exactly once.
    pub fn new(cells: [Letter; CELLS]) -> Option<Self> {
        let mut seen = 0u32;
        for &letter in &cells {
            if usize::from(letter) >= CELLS || seen & (1 << letter) != 0 {
                return None;
            }
            seen |= 1 << letter;
        }
        Some(Grid { cells })
    }

    /// A grid from its 25-letter line (as `to_line` writes it).
    pub fn from_line(line: &str) -> Option<Self> {
        let letters: Option<Vec<Letter>> = line.trim().chars().map(letter_index).collect();
        Grid::new(letters?.try_into().ok()?)
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

    /// The cell of `letter`.
    pub fn cell_of(&self, letter: Letter) -> usize {
        self.cells
            .iter()
            .position(|&held| held == letter)
            .expect("a grid holds every letter")
    }

    /// The `[row, column]` of each letter of `word` in turn, if every pair of
    /// consecutive letters sits in adjacent cells.
    pub fn word_path(&self, word: &str) -> Option<Vec<[usize; 2]>> {
        let cells: Option<Vec<usize>> = word
            .chars()
            .map(|c| letter_index(c).map(|letter| self.cell_of(letter)))
            .collect();
        let cells = cells?;
        if cells.windows(2).all(|pair| adjacent(pair[0], pair[1])) {
            Some(
                cells
                    .iter()
                    .map(|&cell| [cell / SIDE, cell % SIDE])
                    .collect(),
            )
        } else {
            None
        }
    }

    /// The seed's `show_word_on_grid`: the grid with only `word`'s letters
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
    /// Five rows of five letters separated by spaces.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in self.cells.chunks(SIDE) {
            let letters: Vec<String> = row
                .iter()
                .map(|&letter| letter_char(letter).to_string())
                .collect();
            writeln!(f, "{}", letters.join(" "))?;
        }
        Ok(())
    }
}
