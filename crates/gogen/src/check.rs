//! The independent checker: re-validates a filled grid against the rules,
//! sharing no code with the solvers.

use thiserror::Error;

use crate::grid::Grid;
use crate::puzzle::{Puzzle, SIDE, letter_char};

/// The first rule a grid breaks.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum Violation {
    /// A given letter is not where the puzzle put it.
    #[error("row {row}, column {column}: the puzzle gives {given} but the grid has {found}")]
    GivenChanged {
        /// Row (1-based).
        row: usize,
        /// Column (1-based).
        column: usize,
        /// The given letter.
        given: char,
        /// The grid's letter.
        found: char,
    },
    /// Two consecutive letters of a word are not in touching cells.
    #[error("word {word}: {first} and {second} are not in adjacent cells")]
    WordBroken {
        /// The word.
        word: String,
        /// The first letter of the broken pair.
        first: char,
        /// The second letter of the broken pair.
        second: char,
    },
}

/// Checks that `grid` keeps every given of `puzzle` and that every word can
/// be traced through touching cells. (`Grid` itself guarantees each letter
/// A..Y appears exactly once.)
pub fn check(puzzle: &Puzzle, grid: &Grid) -> Result<(), Violation> {
    for (cell, given) in puzzle.givens().iter().enumerate() {
        if let Some(given) = *given
            && grid.cells()[cell] != given
        {
            return Err(Violation::GivenChanged {
                row: cell / SIDE + 1,
                column: cell % SIDE + 1,
                given: letter_char(given),
                found: letter_char(grid.cells()[cell]),
            });
        }
    }
    for word in puzzle.words() {
        let letters: Vec<char> = word.chars().collect();
        for pair in letters.windows(2) {
            let (first, second) = (pair[0], pair[1]);
            let cell_of = |c: char| grid.to_line().find(c);
            let touching = match (cell_of(first), cell_of(second)) {
                (Some(a), Some(b)) => {
                    a != b
                        && (a / SIDE).abs_diff(b / SIDE) <= 1
                        && (a % SIDE).abs_diff(b % SIDE) <= 1
                }
                _ => false,
            };
            if !touching {
                return Err(Violation::WordBroken {
                    word: word.clone(),
                    first,
                    second,
                });
            }
        }
    }
    Ok(())
}
