//! Simon Tatham's game IDs (his Portable Puzzle Collection's Light Up,
//! `lightup.c`): `COLSxROWS:DESCRIPTION`, the parameters optionally in
//! full (`7x7b20s2d2:...`, black percentage, symmetry and difficulty,
//! which say how the puzzle was made, not what it is). The description
//! runs row by row: `a` to `z` are 1 to 26 white cells, `B` a black cell,
//! `0` to `4` a numbered one.

use super::{error, leading_number, shown};
use crate::{Akari, Cell, MAX_SIDE, ParseError};

/// Whether `line` looks like a game ID: a width, then parameters (digits
/// and lower-case letters), then `:`.
pub fn is_game_id(line: &str) -> bool {
    let line = line.trim();
    match line.split_once(':') {
        Some((params, _)) => {
            params.starts_with(|c: char| c.is_ascii_digit())
                && params
                    .chars()
                    .all(|c| c.is_ascii_digit() || c.is_ascii_lowercase())
        }
        None => false,
    }
}

/// Reads one side (`what`: "width" or "height") at byte `at` of `id`.
fn side(id: &str, at: usize, what: &str) -> Result<(usize, usize), ParseError> {
    let column = id[..at].chars().count() + 1;
    let (value, length) = leading_number(&id[at..]).ok_or_else(|| {
        error(
            column,
            format!("expected the {what}, a number, found {}", found(&id[at..])),
        )
    })?;
    if !(1..=MAX_SIDE).contains(&value) {
        return Err(error(
            column,
            format!(
                "expected a {what} of 1 to {MAX_SIDE}, found {}",
                &id[at..at + length]
            ),
        ));
    }
    Ok((value, at + length))
}

/// What starts `rest`, for a message: its first character, or the end.
fn found(rest: &str) -> String {
    match rest.chars().next() {
        Some(c) => format!("{:?}", c),
        None => "the end of the ID".to_owned(),
    }
}

/// Reads a game ID such as `7x7:b1g0i1a2cBa3i2g2b` (or `7x7b20s2d2:...`,
/// or `7:...` for a square): errors on line 1, at the column of the
/// character that is wrong.
///
/// # Errors
///
/// A side that is not a number of 1 to [`MAX_SIDE`], a parameter or a
/// character of the description that is not Tatham's, a description
/// shorter or longer than the grid.
pub fn read_game_id(id: &str) -> Result<Akari, ParseError> {
    let (cols, mut at) = side(id, 0, "width")?;
    let mut rows = cols;
    if id[at..].starts_with('x') {
        (rows, at) = side(id, at + 1, "height")?;
    }
    // The generator's parameters: b (black %), s (symmetry), d
    // (difficulty) with a number, r (old "hard") alone.
    while let Some(letter) = id[at..].chars().next().filter(|&c| c != ':') {
        let column = id[..at].chars().count() + 1;
        match letter {
            'b' | 's' | 'd' => {
                let (_, length) = leading_number(&id[at + 1..]).ok_or_else(|| {
                    error(
                        column + 1,
                        format!(
                            "expected a number after '{letter}', found {}",
                            found(&id[at + 1..])
                        ),
                    )
                })?;
                at += 1 + length;
            }
            'r' => at += 1,
            _ => {
                return Err(error(
                    column,
                    format!(
                        "expected ':' or a parameter 'b', 's', 'd' or 'r' (as in 7x7b20s2d2:...), found {letter:?}"
                    ),
                ));
            }
        }
    }
    if !id[at..].starts_with(':') {
        let column = id[..at].chars().count() + 1;
        return Err(error(
            column,
            format!(
                "expected ':' before the description, found {}",
                found(&id[at..])
            ),
        ));
    }
    at += 1;
    let total = rows * cols;
    let mut cells = Vec::with_capacity(total);
    let first = id[..at].chars().count() + 1;
    for (offset, c) in id[at..].chars().enumerate() {
        let column = first + offset;
        let (cell, run) = match c {
            'a'..='z' => (Cell::White, usize::from(c as u8 - b'a') + 1),
            'B' => (Cell::Black, 1),
            '0'..='4' => (Cell::Number(c as u8 - b'0'), 1),
            _ => {
                return Err(error(
                    column,
                    format!(
                        "expected 'a'-'z' (1 to 26 white cells), 'B' (a black cell) or a number 0-4, found {c:?}"
                    ),
                ));
            }
        };
        if cells.len() + run > total {
            return Err(error(
                column,
                format!(
                    "the description is longer than its {cols}x{rows} grid of {total} cells: {:?} starts cell {} of it",
                    c,
                    cells.len() + 1
                ),
            ));
        }
        cells.extend(std::iter::repeat_n(cell, run));
    }
    if cells.len() < total {
        let column = id.chars().count() + 1;
        return Err(error(
            column,
            format!(
                "expected {} more cell{} of the {cols}x{rows} grid, found the end of the description{}",
                total - cells.len(),
                if total - cells.len() == 1 { "" } else { "s" },
                if id[at..].is_empty() {
                    String::new()
                } else {
                    format!(" '{}'", shown(&id[at..]))
                }
            ),
        ));
    }
    Ok(Akari::new(rows, cols, cells).expect("the sides and the numbers were checked"))
}

/// The puzzle's game ID, as `sgt-lightup --generate` prints one:
/// `COLSxROWS:` and the description, runs of white cells as long as 26.
pub fn to_game_id(puzzle: &Akari) -> String {
    let mut id = format!("{}x{}:", puzzle.cols(), puzzle.rows());
    let mut run = 0u8;
    let flush = |id: &mut String, run: &mut u8| {
        if *run > 0 {
            id.push(char::from(b'a' + *run - 1));
            *run = 0;
        }
    };
    for &cell in puzzle.cells() {
        match cell {
            Cell::White => {
                if run == 26 {
                    flush(&mut id, &mut run);
                }
                run += 1;
            }
            Cell::Black => {
                flush(&mut id, &mut run);
                id.push('B');
            }
            Cell::Number(k) => {
                flush(&mut id, &mut run);
                id.push(char::from(b'0' + k));
            }
        }
    }
    flush(&mut id, &mut run);
    id
}
