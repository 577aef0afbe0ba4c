//! The puzzle, its solution and the plain text drawing: a grid of white
//! cells (`.`), black cells (`#`) and numbered black cells (`0` to `4`),
//! one row per line or rows separated by `/` on one line (the canonical
//! line). A solution is the same drawing with `*` for each bulb.
//!
//! The other formats puzzlers hold (puzz.link URLs, pzprv3 files, Simon
//! Tatham's game IDs) are in [`crate::formats`]; each reads into the same
//! [`Akari`].

use std::fmt;
use std::str::FromStr;

/// The largest number of rows or columns.
pub const MAX_SIDE: usize = 255;

/// One cell of the grid.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Cell {
    /// A white cell: a bulb may go here, and it must be lit.
    White,
    /// A black cell without a number.
    Black,
    /// A black cell numbered 0 to 4: exactly that many bulbs on its four
    /// sides.
    Number(u8),
}

impl Cell {
    /// Whether the cell is black (numbered or not): it stops light.
    pub fn is_black(self) -> bool {
        self != Cell::White
    }

    /// The cell's character in the drawing.
    pub fn symbol(self) -> char {
        match self {
            Cell::White => '.',
            Cell::Black => '#',
            Cell::Number(k) => char::from(b'0' + k),
        }
    }
}

/// A puzzle: `rows` × `cols` cells, row by row. Numbers that cannot be met
/// (a 4 beside an edge) are allowed: a reader says what the text is, the
/// solver what it means.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Akari {
    rows: usize,
    cols: usize,
    cells: Vec<Cell>,
}

/// A solution: whether each cell (row by row) holds a bulb.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Bulbs {
    rows: usize,
    cols: usize,
    on: Vec<bool>,
}

/// Why a text is not a grid: where, and what was expected there.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}, column {column}: {kind}")]
pub struct ParseError {
    /// 1-based line of the text.
    pub line: usize,
    /// 1-based column (in characters) of that line.
    pub column: usize,
    /// What is wrong there.
    pub kind: ErrorKind,
}

/// What a [`ParseError`] found.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ErrorKind {
    /// A character that is not a cell.
    #[error("expected '.', '#' or a number 0-4{}, found {found:?}", or_bulb(.bulb))]
    Cell {
        /// The character found.
        found: char,
        /// Whether a bulb was allowed there (in a solution).
        bulb: bool,
    },
    /// A row longer than [`MAX_SIDE`], or more rows than that.
    #[error("expected at most {MAX_SIDE} {what}, found {found}")]
    TooLarge {
        /// "cells in a row" or "rows".
        what: &'static str,
        /// How many there are.
        found: usize,
    },
    /// A row whose length is not the first row's.
    #[error("expected {expected} cells in this row, as in the first, found {found}")]
    RowLength {
        /// The first row's length.
        expected: usize,
        /// This row's.
        found: usize,
    },
    /// No row at all.
    #[error("expected rows of '.', '#' and numbers 0-4, found the end of the input")]
    NoRows,
    /// Something another format found wrong (its own words).
    #[error("{0}")]
    Format(String),
}

/// The bulb a solution's cell may also be.
fn or_bulb(bulb: &bool) -> &'static str {
    if *bulb { " or '*' (a bulb)" } else { "" }
}

impl ParseError {
    /// The error `kind` at `line`, `column`.
    pub fn at(line: usize, column: usize, kind: ErrorKind) -> Self {
        ParseError { line, column, kind }
    }
}

/// A drawing read: its cells and bulbs.
struct Drawing {
    rows: usize,
    cols: usize,
    cells: Vec<Cell>,
    bulbs: Vec<bool>,
}

/// Reads the rows of `text`, with `*` allowed when `bulbs`: blank lines
/// and lines starting with `# ` (a fixture's comment; a row never holds a
/// space) are skipped, and `/` ends a row inside a line.
fn read(text: &str, bulbs: bool) -> Result<Drawing, ParseError> {
    let mut drawing = Drawing {
        rows: 0,
        cols: 0,
        cells: Vec::new(),
        bulbs: Vec::new(),
    };
    let mut last_line = 0;
    for (index, line) in text.lines().enumerate() {
        let number = index + 1;
        last_line = number;
        let line = line.trim_end();
        let line = line.strip_prefix('\u{feff}').unwrap_or(line);
        if line.trim_start().is_empty() || line.starts_with("# ") {
            continue;
        }
        let mut start = 1;
        let mut row = 0;
        for (at, c) in line.chars().chain(std::iter::once('/')).enumerate() {
            let column = at + 1;
            if c != '/' {
                let (cell, bulb) = match c {
                    '.' => (Cell::White, false),
                    '*' if bulbs => (Cell::White, true),
                    '#' => (Cell::Black, false),
                    '0'..='4' => (Cell::Number(c as u8 - b'0'), false),
                    _ => {
                        let kind = ErrorKind::Cell {
                            found: c,
                            bulb: bulbs,
                        };
                        return Err(ParseError::at(number, column, kind));
                    }
                };
                row += 1;
                let limit = if drawing.rows == 0 {
                    MAX_SIDE
                } else {
                    drawing.cols
                };
                if row > limit {
                    let kind = if drawing.rows == 0 {
                        ErrorKind::TooLarge {
                            what: "cells in a row",
                            found: row,
                        }
                    } else {
                        ErrorKind::RowLength {
                            expected: drawing.cols,
                            found: row,
                        }
                    };
                    return Err(ParseError::at(number, column, kind));
                }
                drawing.cells.push(cell);
                drawing.bulbs.push(bulb);
                continue;
            }
            // The end of a row: a `/` or the end of the line.
            if drawing.rows == 0 {
                drawing.cols = row;
            }
            if row == 0 || row != drawing.cols {
                let kind = match row {
                    0 if drawing.rows == 0 => ErrorKind::Cell {
                        found: '/',
                        bulb: bulbs,
                    },
                    _ => ErrorKind::RowLength {
                        expected: drawing.cols,
                        found: row,
                    },
                };
                let column = if row == 0 { start } else { column };
                return Err(ParseError::at(number, column, kind));
            }
            drawing.rows += 1;
            if drawing.rows > MAX_SIDE {
                let kind = ErrorKind::TooLarge {
                    what: "rows",
                    found: drawing.rows,
                };
                return Err(ParseError::at(number, start, kind));
            }
            start = column + 1;
            row = 0;
        }
    }
    if drawing.rows == 0 {
        return Err(ParseError::at(last_line + 1, 1, ErrorKind::NoRows));
    }
    Ok(drawing)
}

/// The rows of a grid, `between` them (`/` or a new line), with `*` where
/// `bulbs` has one.
fn draw(cols: usize, cells: &[Cell], bulbs: Option<&[bool]>, between: char) -> String {
    let mut text = String::with_capacity(cells.len() + cells.len() / cols.max(1));
    for (index, &cell) in cells.iter().enumerate() {
        if index > 0 && index % cols == 0 {
            text.push(between);
        }
        let bulb = bulbs.is_some_and(|bulbs| bulbs[index]);
        text.push(if bulb { '*' } else { cell.symbol() });
    }
    text
}

impl Akari {
    /// The puzzle of `cells` (row by row), if there are `rows * cols` of
    /// them and both sides are 1 to [`MAX_SIDE`], and every number is 0-4.
    pub fn new(rows: usize, cols: usize, cells: Vec<Cell>) -> Option<Akari> {
        let sides = (1..=MAX_SIDE).contains(&rows) && (1..=MAX_SIDE).contains(&cols);
        let numbers = cells
            .iter()
            .all(|&cell| !matches!(cell, Cell::Number(k) if k > 4));
        (sides && numbers && cells.len() == rows * cols).then_some(Akari { rows, cols, cells })
    }

    /// The number of rows.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// The number of columns.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// The cells row by row: cell `row * cols + col`.
    pub fn cells(&self) -> &[Cell] {
        &self.cells
    }

    /// The cell at `row`, `col` (0-based).
    pub fn cell(&self, row: usize, col: usize) -> Cell {
        self.cells[row * self.cols + col]
    }

    /// The canonical one-line form: the rows joined by `/`.
    pub fn to_line(&self) -> String {
        draw(self.cols, &self.cells, None, '/')
    }

    /// The drawing of `bulbs` in this grid, the rows joined by `between`
    /// (`'/'` for a solution's line, `'\n'` to show it).
    pub fn draw(&self, bulbs: &Bulbs, between: char) -> String {
        draw(self.cols, &self.cells, Some(&bulbs.on), between)
    }
}

impl FromStr for Akari {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Self, ParseError> {
        let drawing = read(text, false)?;
        Ok(Akari {
            rows: drawing.rows,
            cols: drawing.cols,
            cells: drawing.cells,
        })
    }
}

/// One row per line.
impl fmt::Display for Akari {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&draw(self.cols, &self.cells, None, '\n'))
    }
}

impl Bulbs {
    /// The bulbs of `on` (row by row), if there are `rows * cols`.
    pub fn new(rows: usize, cols: usize, on: Vec<bool>) -> Option<Bulbs> {
        (on.len() == rows * cols).then_some(Bulbs { rows, cols, on })
    }

    /// The number of rows.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// The number of columns.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// Whether each cell (row by row) holds a bulb.
    pub fn on(&self) -> &[bool] {
        &self.on
    }

    /// Whether the cell at `row`, `col` holds a bulb.
    pub fn at(&self, row: usize, col: usize) -> bool {
        self.on[row * self.cols + col]
    }
}

/// The bulbs alone, one row per line: `*` a bulb, `.` any other cell.
impl fmt::Display for Bulbs {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let cells = vec![Cell::White; self.on.len()];
        f.write_str(&draw(self.cols, &cells, Some(&self.on), '\n'))
    }
}

/// A solution read from its drawing: `*` a bulb, any other cell none (the
/// drawing's walls are not the bulbs': [`crate::check`] compares them
/// with the puzzle's).
impl FromStr for Bulbs {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Self, ParseError> {
        let drawing = read(text, true)?;
        Ok(Bulbs {
            rows: drawing.rows,
            cols: drawing.cols,
            on: drawing.bulbs,
        })
    }
}

/// Reads a solution's drawing with its walls: the grid and the bulbs.
///
/// # Errors
///
/// Where the text is not a drawing, as [`Akari`]'s reader says it.
pub fn read_solved(text: &str) -> Result<(Akari, Bulbs), ParseError> {
    let drawing = read(text, true)?;
    let (rows, cols) = (drawing.rows, drawing.cols);
    let grid = Akari {
        rows,
        cols,
        cells: drawing.cells,
    };
    Ok((
        grid,
        Bulbs {
            rows,
            cols,
            on: drawing.bulbs,
        },
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Reads `text`; the grid's line, or the error's message.
    fn check(text: &str, expected: &str) {
        let read = match text.parse::<Akari>() {
            Ok(puzzle) => puzzle.to_line(),
            Err(error) => error.to_string(),
        };
        assert_eq!(read, expected, "{text:?}");
    }

    #[test]
    fn grids_read_in_either_form_and_print_their_canonical_line() {
        check("..1\n#..\n..4\n", "..1/#../..4");
        check("# a comment\n\n.#./2..", ".#./2..");
        check("#\n", "#");
        check("#.\r\n.#\r\n", "#./.#");
        check(
            "..\n.x\n",
            "line 2, column 2: expected '.', '#' or a number 0-4, found 'x'",
        );
        check(
            "..\n.5\n",
            "line 2, column 2: expected '.', '#' or a number 0-4, found '5'",
        );
        check(
            "...\n..\n...\n",
            "line 2, column 3: expected 3 cells in this row, as in the first, found 2",
        );
        check(
            "../....",
            "line 1, column 6: expected 2 cells in this row, as in the first, found 3",
        );
        check(
            "..//..",
            "line 1, column 4: expected 2 cells in this row, as in the first, found 0",
        );
        check(
            "",
            "line 1, column 1: expected rows of '.', '#' and numbers 0-4, found the end of the input",
        );
        check(
            "/.",
            "line 1, column 1: expected '.', '#' or a number 0-4, found '/'",
        );
        check(
            &".".repeat(MAX_SIDE + 1),
            "line 1, column 256: expected at most 255 cells in a row, found 256",
        );
        check(
            &"./".repeat(MAX_SIDE + 1),
            "line 1, column 511: expected at most 255 rows, found 256",
        );
        check(
            "*.",
            "line 1, column 1: expected '.', '#' or a number 0-4, found '*'",
        );
    }

    #[test]
    fn a_solution_is_the_drawing_with_its_bulbs() {
        let (grid, bulbs) = read_solved("*.1/#.*").expect("a solution");
        assert_eq!(grid.to_line(), "..1/#..");
        assert_eq!(bulbs.on(), [true, false, false, false, false, true]);
        assert_eq!(grid.draw(&bulbs, '/'), "*.1/#.*");
        assert_eq!("*.1/#.*".parse::<Bulbs>(), Ok(bulbs));
        let error = "*x".parse::<Bulbs>().unwrap_err();
        assert_eq!(
            error.to_string(),
            "line 1, column 2: expected '.', '#' or a number 0-4 or '*' (a bulb), found 'x'"
        );
        assert_eq!(Bulbs::new(2, 2, vec![true]), None);
        assert_eq!(Akari::new(1, 2, vec![Cell::White, Cell::Number(5)]), None);
        assert_eq!(Akari::new(0, 0, Vec::new()), None);
    }

    /// The property test of the reader: random bytes and random mutations
    /// of real grids never panic, every error names a place inside the
    /// text (a found character is the one there), and every grid read
    /// prints back to a text that reads the same.
    #[test]
    fn the_reader_never_panics_and_locates_every_error() {
        let mut rng = fuzz_kit::Rng::new(0xa4a1);
        let seeds: [&[u8]; 3] = [b"..1\n#..\n..4\n", b".#../2.../...0/#..3", b"*./.#"];
        for round in 0..20_000 {
            let bytes = match round % 2 {
                0 => fuzz_kit::random_bytes(&mut rng, 40, b"012345#./*\n x"),
                _ => fuzz_kit::mutate(&mut rng, seeds[round % 3], b"01234#./*\n"),
            };
            let text = String::from_utf8_lossy(&bytes);
            for bulbs in [false, true] {
                match read(&text, bulbs) {
                    Ok(drawing) => {
                        let line = draw(drawing.cols, &drawing.cells, Some(&drawing.bulbs), '/');
                        let again = read(&line, bulbs).expect("a drawing reads back");
                        assert_eq!(
                            (again.rows, again.cols, &again.cells, &again.bulbs),
                            (drawing.rows, drawing.cols, &drawing.cells, &drawing.bulbs),
                            "{text:?}"
                        );
                    }
                    Err(error) => {
                        let message = error.to_string();
                        let (chars, column) = fuzz_kit::assert_located(&text, &message);
                        if let ErrorKind::Cell { found, .. } = error.kind {
                            assert_eq!(chars.get(column - 1), Some(&found), "{text:?}: {message}");
                        }
                    }
                }
            }
        }
    }
}
