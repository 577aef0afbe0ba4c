//! pzprjs files (`pzprv3`), as puzz.link saves an Akari: the lines
//! `pzprv3`, `lightup`, the number of rows, the number of columns, then
//! one line per row of cells separated by spaces: `0`-`4` a number, `-` a
//! black cell, `#` a bulb (the answer), `+` a cell marked as holding
//! none, `.` a white cell. What follows the rows (the marks of numbers
//! done, the undo history) is pzprjs's own and is not read. The one-line
//! form of pzprjs's tests, the lines joined by `/`, is read too.

use std::fmt::Write;

use crate::{Akari, Bulbs, Cell, ErrorKind, MAX_SIDE, ParseError};

/// A piece of the file: the text between line ends and `/`, with its line
/// and first column.
struct Piece<'a> {
    line: usize,
    column: usize,
    text: &'a str,
}

fn expected(line: usize, column: usize, what: &str, found: &str) -> ParseError {
    let found = if found.is_empty() {
        "nothing".to_owned()
    } else {
        format!("'{}'", super::shown(found))
    };
    ParseError::at(
        line,
        column,
        ErrorKind::Format(format!("expected {what}, found {found}")),
    )
}

/// The words of a piece with their columns.
fn words<'a>(piece: &Piece<'a>) -> Vec<(usize, &'a str)> {
    let mut out = Vec::new();
    let mut start = None;
    for (offset, (at, c)) in piece.text.char_indices().enumerate() {
        match (c.is_whitespace(), start) {
            (false, None) => start = Some((offset, at)),
            (true, Some((column, begin))) => {
                out.push((piece.column + column, &piece.text[begin..at]));
                start = None;
            }
            _ => {}
        }
    }
    if let Some((column, begin)) = start {
        out.push((piece.column + column, &piece.text[begin..]));
    }
    out
}

/// Reads a pzprv3 file: the puzzle, and its answer's bulbs when it has
/// any.
///
/// # Errors
///
/// A header that is not `pzprv3` and `lightup`, a side that is not a
/// number of 1 to [`MAX_SIDE`], a row of too few or too many cells, a
/// cell that is not one of pzprjs's.
pub fn read_pzprv3(text: &str) -> Result<(Akari, Option<Bulbs>), ParseError> {
    let mut pieces = Vec::new();
    for (index, content) in text.lines().enumerate() {
        let content = content.strip_prefix('\u{feff}').unwrap_or(content);
        // Comments only above the file: a row may start with a bulb, `# `.
        if pieces.is_empty() && (super::is_comment(content) || content.trim().is_empty()) {
            continue;
        }
        let mut column = 1;
        for piece in content.split('/') {
            pieces.push(Piece {
                line: index + 1,
                column,
                text: piece,
            });
            column += piece.chars().count() + 1;
        }
    }
    let first = pieces
        .iter()
        .position(|piece| !piece.text.trim().is_empty())
        .unwrap_or(pieces.len());
    let mut pieces = pieces.into_iter().skip(first);
    let end = end_of_text(text);
    let mut last = end;
    let mut next = |what: &str| -> Result<Piece<'_>, ParseError> {
        match pieces.next() {
            Some(piece) => {
                last = (piece.line, piece.column + piece.text.chars().count());
                Ok(piece)
            }
            None => Err(expected(last.0, last.1, what, "")),
        }
    };
    let single = |piece: &Piece<'_>, what: &str| -> Result<(usize, String), ParseError> {
        match words(piece).as_slice() {
            [(column, word)] => Ok((*column, (*word).to_owned())),
            _ => Err(expected(piece.line, piece.column, what, piece.text.trim())),
        }
    };
    let head = next("'pzprv3'")?;
    let (column, magic) = single(&head, "'pzprv3'")?;
    if !magic.starts_with("pzprv3") {
        return Err(expected(head.line, column, "'pzprv3'", &magic));
    }
    let kind = next("'lightup'")?;
    let (column, name) = single(&kind, "'lightup'")?;
    if name != "lightup" && name != "akari" {
        return Err(expected(
            kind.line,
            column,
            "'lightup' (the puzzle type)",
            &name,
        ));
    }
    let mut number = |what: &str| -> Result<usize, ParseError> {
        let piece = next(what)?;
        let (column, word) = single(&piece, what)?;
        match word.parse::<usize>() {
            Ok(value) if (1..=MAX_SIDE).contains(&value) => Ok(value),
            Ok(_) => Err(expected(
                piece.line,
                column,
                &format!("{what}, 1 to {MAX_SIDE}"),
                &word,
            )),
            Err(_) => Err(expected(piece.line, column, what, &word)),
        }
    };
    let rows = number("the number of rows")?;
    let cols = number("the number of columns")?;
    let mut cells = Vec::with_capacity(rows * cols);
    let mut bulbs = Vec::with_capacity(rows * cols);
    for row in 0..rows {
        let what = format!("row {} of {rows}: {cols} cells", row + 1);
        let piece = next(&what)?;
        let words = words(&piece);
        if words.len() != cols {
            let column = words.get(cols).map_or(
                piece.column + piece.text.trim_end().chars().count(),
                |word| word.0,
            );
            return Err(expected(
                piece.line,
                column,
                &format!("{cols} cells in row {}", row + 1),
                &format!("{} cells", words.len()),
            ));
        }
        for (column, word) in words {
            let (cell, bulb) = match word {
                "." | "+" => (Cell::White, false),
                "#" => (Cell::White, true),
                "-" => (Cell::Black, false),
                "0" | "1" | "2" | "3" | "4" => (Cell::Number(word.as_bytes()[0] - b'0'), false),
                _ => {
                    return Err(expected(
                        piece.line,
                        column,
                        "a cell: '.', '+' (white), '#' (a bulb), '-' (black) or a number 0-4",
                        word,
                    ));
                }
            };
            cells.push(cell);
            bulbs.push(bulb);
        }
    }
    let puzzle = Akari::new(rows, cols, cells).expect("checked sides and numbers");
    let any = bulbs.iter().any(|&on| on);
    let bulbs = any.then(|| Bulbs::new(rows, cols, bulbs).expect("one per cell"));
    Ok((puzzle, bulbs))
}

/// The line and column just past the end of `text`.
fn end_of_text(text: &str) -> (usize, usize) {
    let lines: Vec<&str> = text.lines().collect();
    match lines.last() {
        Some(last) => (lines.len(), last.chars().count() + 1),
        None => (1, 1),
    }
}

/// The puzzle as puzz.link saves it, with `bulbs` as its answer.
pub fn to_pzprv3(puzzle: &Akari, bulbs: Option<&Bulbs>) -> String {
    let (rows, cols) = (puzzle.rows(), puzzle.cols());
    let mut out = format!("pzprv3\nlightup\n{rows}\n{cols}\n");
    for row in 0..rows {
        for col in 0..cols {
            let bulb = bulbs.is_some_and(|bulbs| {
                (bulbs.rows(), bulbs.cols()) == (rows, cols) && bulbs.at(row, col)
            });
            let _ = match puzzle.cell(row, col) {
                Cell::White if bulb => write!(out, "# "),
                Cell::White => write!(out, ". "),
                Cell::Black => write!(out, "- "),
                Cell::Number(k) => write!(out, "{k} "),
            };
        }
        out.push('\n');
    }
    out
}
