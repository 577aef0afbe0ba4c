//! The `Sudoku` grid type: parsing (one-line and multi-line forms, sizes 4, 9,
//! 16 and 25), rule checking of the givens, the compact line form and the
//! human renderings.

use std::fmt;
use std::str::FromStr;

use crate::error::{ParseError, Unit};

/// A sudoku grid of side 4, 9, 16 or 25 whose givens obey the rules (no value
/// repeated in a row, column or box). Blank cells hold 0.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Sudoku {
    side: usize,
    cells: Vec<u8>,
}

/// The sides a grid may have: squares of the box sizes 2 to 5.
const SIDES: [usize; 4] = [4, 9, 16, 25];

/// The longest line read as (part of) a puzzle, in bytes: the longest
/// one-line puzzle has 625 cells (25x25), and this leaves room for a space
/// and a `|` between every two of them and more. A longer line is reported
/// as [`ParseError::TooLong`] before anything of it is copied.
pub const MAX_LINE_LEN: usize = 10_000;

/// How much of a line too long to be a puzzle is kept in [`Parsed::text`].
const PREVIEW_CHARS: usize = 100;

/// Symbols used for the values 1..=25 in text.
const SYMBOLS: &[u8; 25] = b"123456789ABCDEFGHIJKLMNOP";

/// The symbol of `value` (1-based) in text: `1`-`9`, then `A`-`P`.
pub(crate) fn symbol(value: u8) -> char {
    match value {
        0 => '.',
        v => char::from(SYMBOLS[usize::from(v) - 1]),
    }
}

/// Reads one cell character for a grid of `side`: `Some(0)` for a blank.
fn value_of(c: char, side: usize) -> Option<u8> {
    let value = match c {
        '.' | '0' | '_' => return Some(0),
        '1'..='9' => c as u8 - b'0',
        'A'..='P' => c as u8 - b'A' + 10,
        'a'..='p' => c as u8 - b'a' + 10,
        _ => return None,
    };
    (usize::from(value) <= side).then_some(value)
}

fn expected_symbols(side: usize) -> String {
    match side {
        4 => "a digit 1-4 or '.'".to_owned(),
        9 => "a digit 1-9 or '.' or '0'".to_owned(),
        _ => format!("a digit 1-9, a letter A-{} or '.'", symbol(side as u8)),
    }
}

/// Where a cell's character came from, for error messages.
#[derive(Debug, Clone, Copy)]
struct Origin {
    line: usize,
    column: usize,
}

impl Sudoku {
    /// A grid of the given side from its values (0 for blank), checking the
    /// side, the value range and the rules.
    pub fn from_values(side: usize, values: &[u8]) -> Result<Self, ParseError> {
        if !SIDES.contains(&side) || values.len() != side * side {
            let length = values.len();
            return Err(ParseError::Length {
                line: 1,
                column: 1 + length.min(nearest_size(length)),
                length,
            });
        }
        let origins: Vec<Origin> = (0..values.len())
            .map(|index| Origin {
                line: 1,
                column: index + 1,
            })
            .collect();
        if let Some(index) = values.iter().position(|&v| usize::from(v) > side) {
            return Err(ParseError::Character {
                line: 1,
                column: index + 1,
                found: char::from(b'0' + values[index].min(9)),
                expected: expected_symbols(side),
            });
        }
        Self::checked(side, values.to_vec(), &origins)
    }

    /// Parses one puzzle (an 81-character line, or a grid of rows) from text;
    /// `#` comment lines and blank lines are skipped. Text holding more than
    /// one puzzle is an error; use [`parse_puzzles`] for batches.
    pub fn parse(text: &str) -> Result<Self, ParseError> {
        let mut puzzles = parse_puzzles(text);
        match puzzles.len() {
            0 => Err(ParseError::no_puzzle_in(text)),
            1 => puzzles.remove(0).result,
            _ => {
                let line = puzzles[1].line;
                let written = text.lines().nth(line - 1).unwrap_or_default();
                Err(ParseError::Several {
                    line,
                    column: 1 + indent(written),
                })
            }
        }
    }

    /// Parses a single one-line puzzle: exactly 16, 81, 256 or 625 cell
    /// characters, nothing else (no space, `|` or line break), as `solve`
    /// reads a one-line puzzle and writes the `puzzle` and `solution` of a
    /// record.
    pub fn from_line(line: &str) -> Result<Self, ParseError> {
        parse_line(line, 1, 1)
    }

    fn checked(side: usize, cells: Vec<u8>, origins: &[Origin]) -> Result<Self, ParseError> {
        let sudoku = Sudoku { side, cells };
        if let Some((cell, other, unit)) = sudoku.first_conflict() {
            let origin = origins[cell];
            return Err(ParseError::Conflict {
                line: origin.line,
                column: origin.column,
                value: symbol(sudoku.cells[cell]),
                row: cell / side + 1,
                col: cell % side + 1,
                other_row: other / side + 1,
                other_col: other % side + 1,
                unit,
            });
        }
        Ok(sudoku)
    }

    /// The first given (in reading order) that repeats an earlier given of its
    /// row, column or box, with that earlier cell.
    fn first_conflict(&self) -> Option<(usize, usize, Unit)> {
        let side = self.side;
        let box_size = self.box_size();
        // One pass with a bit per digit and unit says whether any given
        // repeats; only then is the pair looked for cell by cell (quadratic,
        // which cost a fifth of a batch solve when it ran on every puzzle).
        let mut seen = [[0u32; 25]; 3];
        let mut repeats = false;
        for (cell, &value) in self.cells.iter().enumerate() {
            if value == 0 {
                continue;
            }
            let (row, col) = (cell / side, cell % side);
            let units = [row, col, row / box_size * box_size + col / box_size];
            let bit = 1u32 << (value - 1);
            for (kind, &unit) in units.iter().enumerate() {
                repeats |= seen[kind][unit] & bit != 0;
                seen[kind][unit] |= bit;
            }
        }
        if !repeats {
            return None;
        }
        for cell in 0..self.cells.len() {
            let value = self.cells[cell];
            if value == 0 {
                continue;
            }
            let (row, col) = (cell / side, cell % side);
            for earlier in 0..cell {
                if self.cells[earlier] != value {
                    continue;
                }
                let (r, c) = (earlier / side, earlier % side);
                let unit = if r == row {
                    Unit::Row
                } else if c == col {
                    Unit::Column
                } else if r / box_size == row / box_size && c / box_size == col / box_size {
                    Unit::Box
                } else {
                    continue;
                };
                return Some((cell, earlier, unit));
            }
        }
        None
    }

    /// Side of the grid (9 for a classic sudoku).
    pub fn side(&self) -> usize {
        self.side
    }

    /// Side of a box (3 for a classic sudoku).
    pub fn box_size(&self) -> usize {
        match self.side {
            4 => 2,
            9 => 3,
            16 => 4,
            _ => 5,
        }
    }

    /// The cell values in reading order, 0 for blank.
    pub fn values(&self) -> &[u8] {
        &self.cells
    }

    /// The value at (`row`, `col`), 0-based; 0 for blank.
    pub fn get(&self, row: usize, col: usize) -> u8 {
        self.cells[row * self.side + col]
    }

    /// Number of givens.
    pub fn givens(&self) -> usize {
        self.cells.iter().filter(|&&v| v != 0).count()
    }

    /// Whether every cell holds a value.
    pub fn is_complete(&self) -> bool {
        self.cells.iter().all(|&v| v != 0)
    }

    /// The compact one-line form: one symbol per cell, `.` for blanks. It
    /// parses back to the same grid.
    pub fn to_line(&self) -> String {
        self.cells.iter().map(|&v| symbol(v)).collect()
    }

    /// This grid (a solution) with the givens of `puzzle` in bold, by ANSI
    /// escapes, as `solve` shows it at a terminal; `pretty` frames it as
    /// [`Sudoku::pretty`] does.
    pub fn marked<'a>(&'a self, puzzle: &'a Sudoku, pretty: bool) -> Marked<'a> {
        Marked {
            solution: self,
            givens: puzzle,
            pretty,
        }
    }

    /// The grid drawn with box-drawing characters (the `--pretty` view).
    pub fn pretty(&self) -> Pretty<'_> {
        Pretty(self)
    }

    pub(crate) fn from_solution(side: usize, cells: Vec<u8>) -> Self {
        Sudoku { side, cells }
    }
}

impl FromStr for Sudoku {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        Sudoku::parse(text)
    }
}

/// The human grid: rows of space-separated symbols with `|` and `-` between
/// boxes, with no newline after the last row (so that `println!` leaves no
/// blank line).
impl fmt::Display for Sudoku {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_plain(f, self, None)
    }
}

/// The opening and closing ANSI sequences of a given marked in bold.
const BOLD: (&str, &str) = ("\x1b[1m", "\x1b[0m");

/// The symbol of `row`, `col` of `sudoku`, in bold when `givens` has a
/// given there.
fn cell(sudoku: &Sudoku, givens: Option<&Sudoku>, row: usize, col: usize, blank: char) -> String {
    let text = match sudoku.get(row, col) {
        0 => blank,
        value => symbol(value),
    };
    match givens {
        Some(givens) if givens.get(row, col) != 0 => format!("{}{text}{}", BOLD.0, BOLD.1),
        _ => text.to_string(),
    }
}

fn write_plain(
    f: &mut fmt::Formatter<'_>,
    sudoku: &Sudoku,
    givens: Option<&Sudoku>,
) -> fmt::Result {
    let (side, box_size) = (sudoku.side, sudoku.box_size());
    for row in 0..side {
        if row > 0 {
            f.write_str("\n")?;
        }
        if row > 0 && row % box_size == 0 {
            let segment = "-".repeat(box_size * 2 - 1);
            let line = vec![segment; box_size].join("-+-");
            writeln!(f, "{line}")?;
        }
        let mut text = String::new();
        for col in 0..side {
            if col > 0 {
                text.push_str(if col % box_size == 0 { " | " } else { " " });
            }
            text.push_str(&cell(sudoku, givens, row, col, '.'));
        }
        f.write_str(&text)?;
    }
    Ok(())
}

fn write_pretty(
    f: &mut fmt::Formatter<'_>,
    sudoku: &Sudoku,
    givens: Option<&Sudoku>,
) -> fmt::Result {
    let (side, box_size) = (sudoku.side, sudoku.box_size());
    let segment = "─".repeat(box_size * 2 + 1);
    let rule = |left: &str, middle: &str, right: &str| {
        format!(
            "{left}{}{right}",
            vec![segment.as_str(); box_size].join(middle)
        )
    };
    writeln!(f, "{}", rule("┌", "┬", "┐"))?;
    for row in 0..side {
        if row > 0 && row % box_size == 0 {
            writeln!(f, "{}", rule("├", "┼", "┤"))?;
        }
        let mut text = String::from("│");
        for col in 0..side {
            text.push(' ');
            text.push_str(&cell(sudoku, givens, row, col, '·'));
            if (col + 1) % box_size == 0 {
                text.push_str(" │");
            }
        }
        writeln!(f, "{text}")?;
    }
    write!(f, "{}", rule("└", "┴", "┘"))
}

/// The grid framed with box-drawing characters, with no newline after its
/// bottom edge; see [`Sudoku::pretty`].
#[derive(Debug, Clone, Copy)]
pub struct Pretty<'a>(&'a Sudoku);

impl fmt::Display for Pretty<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_pretty(f, self.0, None)
    }
}

/// A solution with the givens of its puzzle in bold (ANSI escapes), drawn
/// plain or framed; see [`Sudoku::marked`].
#[derive(Debug, Clone, Copy)]
pub struct Marked<'a> {
    solution: &'a Sudoku,
    givens: &'a Sudoku,
    pretty: bool,
}

impl fmt::Display for Marked<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let givens = Some(self.givens).filter(|givens| givens.side == self.solution.side);
        if self.pretty {
            write_pretty(f, self.solution, givens)
        } else {
            write_plain(f, self.solution, givens)
        }
    }
}

/// One puzzle found in a batch text, with the line it starts on.
#[derive(Debug, Clone)]
pub struct Parsed {
    /// 1-based line number where the puzzle starts.
    pub line: usize,
    /// The puzzle as written (one line, or the grid rows joined), for
    /// reports; only the start of a line longer than [`MAX_LINE_LEN`].
    pub text: String,
    /// The grid, or why it could not be read.
    pub result: Result<Sudoku, ParseError>,
}

/// Whether a line only separates boxes in a drawn grid (`---+---`).
fn is_separator(line: &str) -> bool {
    !line.is_empty()
        && line
            .chars()
            .all(|c| matches!(c, '-' | '+' | '|' | '=' | ' ' | '*'))
}

/// A grid row with its layout characters (spaces, `|`) removed, keeping the
/// 1-based column of each remaining character.
fn row_symbols(line: &str) -> Vec<(usize, char)> {
    line.chars()
        .enumerate()
        .filter(|&(_, c)| !c.is_whitespace() && c != '|')
        .map(|(index, c)| (index + 1, c))
        .collect()
}

/// How many cells a line holds ([`row_symbols`] without building it).
fn symbol_count(line: &str) -> usize {
    line.chars()
        .filter(|&c| !c.is_whitespace() && c != '|')
        .count()
}

/// The error of a line longer than [`MAX_LINE_LEN`], if `line` is one: it
/// names the length in characters and copies nothing.
fn too_long(line: &str, number: usize) -> Option<ParseError> {
    (line.len() > MAX_LINE_LEN).then(|| {
        // The first character that does not end within the limit.
        let column = 1 + line
            .char_indices()
            .take_while(|&(at, c)| at + c.len_utf8() <= MAX_LINE_LEN)
            .count();
        ParseError::TooLong {
            line: number,
            column,
            length: line.chars().count(),
            max: MAX_LINE_LEN,
        }
    })
}

/// The one-line puzzle size (16, 81, 256 or 625 cells) nearest to
/// `length`, the smaller on a tie.
fn nearest_size(length: usize) -> usize {
    SIDES
        .iter()
        .map(|side| side * side)
        .min_by_key(|size| size.abs_diff(length))
        .unwrap_or(81)
}

/// The column to blame when a line of `cells` (each with its column)
/// should have held `expected`: the first cell too many, else the column
/// just past `line`, where the next cell was expected.
fn length_column(
    cells: impl IntoIterator<Item = usize>,
    expected: usize,
    line_end: usize,
) -> usize {
    cells.into_iter().nth(expected).unwrap_or(line_end)
}

/// The characters `trim` takes off the front of `line`.
fn indent(line: &str) -> usize {
    line.chars().take_while(|c| c.is_whitespace()).count()
}

/// The start of a line too long to be a puzzle, for [`Parsed::text`].
fn preview(line: &str) -> String {
    match line.char_indices().nth(PREVIEW_CHARS) {
        Some((end, _)) => format!("{}...", &line[..end]),
        None => line.to_owned(),
    }
}

/// Reads a one-line puzzle: exactly its cells, 16, 81, 256 or 625 of them,
/// nothing between them (spaces and `|` belong to the rows of a drawn
/// grid, not to a one-line puzzle). `first_column` is the column of the
/// line's first character in the text (after any indent trimmed off).
fn parse_line(line: &str, number: usize, first_column: usize) -> Result<Sudoku, ParseError> {
    if let Some(error) = too_long(line, number) {
        return Err(error);
    }
    let side = match symbol_count(line) {
        16 => 4,
        81 => 9,
        256 => 16,
        625 => 25,
        length => {
            let cells = row_symbols(line)
                .into_iter()
                .map(|(column, _)| first_column + column - 1);
            let line_end = first_column + line.chars().count();
            return Err(ParseError::Length {
                line: number,
                column: length_column(cells, nearest_size(length), line_end),
                length,
            });
        }
    };
    let mut cells = Vec::with_capacity(side * side);
    let mut origins = Vec::with_capacity(side * side);
    for (index, c) in line.chars().enumerate() {
        let column = first_column + index;
        let value = value_of(c, side).ok_or_else(|| ParseError::Character {
            line: number,
            column,
            found: c,
            expected: expected_symbols(side),
        })?;
        cells.push(value);
        origins.push(Origin {
            line: number,
            column,
        });
    }
    Sudoku::checked(side, cells, &origins)
}

/// Splits a text into puzzles: one-line puzzles (16, 81, 256 or 625
/// symbols) and grids of 4, 9, 16 or 25 rows (spaces, `|` and separator lines
/// allowed). `#` comments and blank lines are skipped; a line that fits neither
/// form is reported as an invalid puzzle of its own and reading goes on.
pub fn parse_puzzles(text: &str) -> Vec<Parsed> {
    let lines: Vec<(usize, &str)> = text
        .lines()
        .enumerate()
        .map(|(index, line)| (index + 1, line.trim_end_matches('\r')))
        .collect();
    let mut puzzles = Vec::new();
    let mut index = 0;
    while index < lines.len() {
        let (number, line) = lines[index];
        let trimmed = line.trim();
        index += 1;
        if trimmed.is_empty() || trimmed.starts_with('#') || is_separator(trimmed) {
            continue;
        }
        if let Some(error) = too_long(line, number) {
            puzzles.push(Parsed {
                line: number,
                text: preview(trimmed),
                result: Err(error),
            });
            continue;
        }
        let length = symbol_count(trimmed);
        // A 16-symbol line starts a 16x16 grid only when at least 15 more
        // lines of 16 symbols follow it without a blank line; otherwise it is
        // a one-line 4x4 puzzle.
        let starts_grid = matches!(length, 4 | 9 | 25)
            || (length == 16 && rows_of_16_ahead(&lines[index..]) >= 15);
        if !starts_grid {
            puzzles.push(Parsed {
                line: number,
                text: trimmed.to_owned(),
                result: parse_line(trimmed, number, indent(line) + 1),
            });
            continue;
        }
        let (result, text, consumed) = parse_grid(&lines[index - 1..], length);
        index += consumed - 1;
        puzzles.push(Parsed {
            line: number,
            text,
            result,
        });
    }
    puzzles
}

fn rows_of_16_ahead(lines: &[(usize, &str)]) -> usize {
    lines
        .iter()
        .map(|(_, line)| line.trim())
        .take_while(|line| !line.is_empty())
        .filter(|line| !line.starts_with('#') && !is_separator(line))
        .take_while(|line| line.len() <= MAX_LINE_LEN && symbol_count(line) == 16)
        .take(15)
        .count()
}

/// Reads a grid of `side` rows from the start of `lines`; returns the result,
/// the rows joined as one line and how many lines were consumed.
fn parse_grid(lines: &[(usize, &str)], side: usize) -> (Result<Sudoku, ParseError>, String, usize) {
    let mut cells = Vec::with_capacity(side * side);
    let mut origins = Vec::with_capacity(side * side);
    let mut text = String::new();
    let mut rows = 0;
    let mut consumed = 0;
    let mut error = None;
    // Where the grid stopped short: the line that is not its next row.
    let mut stopped_at = None;
    for &(number, line) in lines {
        if rows == side {
            break;
        }
        stopped_at = Some(number);
        let trimmed = line.trim();
        if trimmed.is_empty() {
            break;
        }
        consumed += 1;
        if trimmed.starts_with('#') || is_separator(trimmed) {
            stopped_at = None;
            continue;
        }
        // A line too long to be a row is reported on its own (see
        // `parse_puzzles`), after this grid, cut short by it.
        if line.len() > MAX_LINE_LEN {
            consumed -= 1;
            break;
        }
        let symbols = row_symbols(line);
        // A one-line puzzle after a short grid belongs to the batch, not to
        // the grid.
        if symbols.len() != side && matches!(symbols.len(), 16 | 81 | 256 | 625) {
            consumed -= 1;
            break;
        }
        rows += 1;
        stopped_at = None;
        if error.is_some() {
            continue;
        }
        if symbols.len() != side {
            let line_end = 1 + line.trim_end().chars().count();
            error = Some(ParseError::Row {
                line: number,
                column: length_column(symbols.iter().map(|&(column, _)| column), side, line_end),
                length: symbols.len(),
                side,
            });
            continue;
        }
        for &(column, c) in &symbols {
            text.push(c);
            match value_of(c, side) {
                Some(value) => {
                    cells.push(value);
                    origins.push(Origin {
                        line: number,
                        column,
                    });
                }
                None if error.is_none() => {
                    error = Some(ParseError::Character {
                        line: number,
                        column,
                        found: c,
                        expected: expected_symbols(side),
                    });
                }
                None => {}
            }
        }
    }
    let first_line = lines[0].0;
    if let Some(error) = error {
        return (Err(error), text, consumed);
    }
    if rows < side {
        // A grid cut short by the end of the text misses its next row on the
        // line after its last.
        let next = stopped_at.unwrap_or_else(|| lines.last().map_or(first_line, |&(n, _)| n + 1));
        return (
            Err(ParseError::ShortGrid {
                line: next,
                column: 1,
                start: first_line,
                rows,
                side,
            }),
            text,
            consumed,
        );
    }
    (Sudoku::checked(side, cells, &origins), text, consumed)
}

#[cfg(test)]
mod tests {
    use super::*;

    const LINE: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

    #[test]
    fn a_repeated_given_is_found_in_every_size() {
        // Random givens, often clashing: the one-pass check must say "a
        // clash" exactly when some pair of equal givens shares a row, a
        // column or a box (told here pair by pair, independently).
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = |bound: usize| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state % bound as u64) as usize
        };
        for (side, box_size) in [(4, 2), (9, 3), (16, 4), (25, 5)] {
            for _ in 0..300 {
                let mut cells = vec![0u8; side * side];
                for _ in 0..next(side * 2) + 1 {
                    cells[next(side * side)] = next(side) as u8 + 1;
                }
                let clash = (0..cells.len()).any(|a| {
                    (0..a).any(|b| {
                        let (ra, ca, rb, cb) = (a / side, a % side, b / side, b % side);
                        cells[a] != 0
                            && cells[a] == cells[b]
                            && (ra == rb
                                || ca == cb
                                || (ra / box_size == rb / box_size
                                    && ca / box_size == cb / box_size))
                    })
                });
                let sudoku = Sudoku { side, cells };
                assert_eq!(sudoku.first_conflict().is_some(), clash, "{sudoku:?}");
            }
        }
    }

    #[test]
    fn line_round_trips() {
        let sudoku = Sudoku::from_line(LINE).unwrap();
        assert_eq!(sudoku.to_line(), LINE);
        assert_eq!(sudoku.givens(), 30);
        let with_zeros = LINE.replace('.', "0");
        assert_eq!(Sudoku::from_line(&with_zeros).unwrap(), sudoku);
    }

    #[test]
    fn the_views_end_without_a_newline() {
        let sudoku = Sudoku::from_line(LINE).unwrap();
        let grid = sudoku.to_string();
        assert!(
            grid.starts_with("5 3 . | . 7 . | . . .\n6 . . | 1 9 5"),
            "{grid}"
        );
        assert!(grid.ends_with(". . . | . 8 . | . 7 9"), "{grid:?}");
        assert_eq!(grid.lines().count(), 11);
        let pretty = sudoku.pretty().to_string();
        assert!(pretty.ends_with('┘'), "{pretty:?}");
        assert_eq!(pretty.lines().count(), 13);
    }

    #[test]
    fn marked_givens_are_bold_and_the_rest_as_plain() {
        let puzzle = Sudoku::from_line(LINE).unwrap();
        let marked = puzzle.marked(&puzzle, false).to_string();
        assert!(marked.starts_with("\x1b[1m5\x1b[0m \x1b[1m3\x1b[0m . | . \x1b[1m7\x1b[0m"));
        let unmarked = marked.replace("\x1b[1m", "").replace("\x1b[0m", "");
        assert_eq!(unmarked, puzzle.to_string());
        let framed = puzzle.marked(&puzzle, true).to_string();
        assert!(
            framed.contains("│ \x1b[1m5\x1b[0m \x1b[1m3\x1b[0m · │"),
            "{framed}"
        );
        let unframed = framed.replace("\x1b[1m", "").replace("\x1b[0m", "");
        assert_eq!(unframed, puzzle.pretty().to_string());
    }

    #[test]
    fn grid_form_equals_line_form() {
        let grid = Sudoku::from_line(LINE).unwrap().to_string();
        assert_eq!(Sudoku::parse(&grid).unwrap().to_line(), LINE);
        let plain: String = LINE
            .as_bytes()
            .chunks(9)
            .map(|row| format!("{}\n", std::str::from_utf8(row).unwrap()))
            .collect();
        assert_eq!(Sudoku::parse(&plain).unwrap().to_line(), LINE);
    }

    #[test]
    fn errors_name_line_and_column() {
        let text = format!("# comment\n\n{}x\n", &LINE[..80]);
        let error = Sudoku::parse(&text).unwrap_err();
        assert_eq!(
            error.to_string(),
            "line 3, column 81: expected a digit 1-9 or '.' or '0', found 'x'"
        );
        let error = Sudoku::parse(&LINE[..80]).unwrap_err();
        assert!(
            error.to_string().starts_with("line 1, column 81: 80 cells"),
            "{error}"
        );
        let duplicate = format!("55{}", &LINE[2..]);
        let error = Sudoku::parse(&duplicate).unwrap_err();
        assert_eq!(
            error.to_string(),
            "line 1, column 2: the given 5 at row 1, column 2 repeats the 5 at row 1, column 1 (same row)"
        );
    }

    #[test]
    fn other_sizes_parse() {
        let four = Sudoku::from_line("1.3..4.......2..").unwrap();
        assert_eq!(four.side(), 4);
        let sixteen = "1".to_owned() + &".".repeat(254) + "G";
        assert_eq!(Sudoku::from_line(&sixteen).unwrap().side(), 16);
        let grid16: String = (0..16)
            .map(|r| {
                format!(
                    "{}\n",
                    if r == 0 { "A" } else { "." }.to_owned() + &".".repeat(15)
                )
            })
            .collect();
        let parsed = Sudoku::parse(&grid16).unwrap();
        assert_eq!((parsed.side(), parsed.get(0, 0)), (16, 10));
    }

    #[test]
    fn a_line_far_longer_than_any_puzzle_is_reported_by_its_length() {
        let long = "1".repeat(MAX_LINE_LEN + 1);
        let text = format!("{long}\n{LINE}\n");
        let puzzles = parse_puzzles(&text);
        assert_eq!(puzzles.len(), 2);
        assert_eq!(
            puzzles[0].result,
            Err(ParseError::TooLong {
                line: 1,
                column: MAX_LINE_LEN + 1,
                length: MAX_LINE_LEN + 1,
                max: MAX_LINE_LEN
            })
        );
        assert_eq!(puzzles[0].text.len(), PREVIEW_CHARS + 3);
        assert!(puzzles[1].result.is_ok());
        // A long comment is still a comment; a long line cuts a grid short
        // and is reported on its own.
        let comment = format!("#{long}\n{LINE}\n");
        assert_eq!(parse_puzzles(&comment).len(), 1);
        let grid: String = LINE
            .as_bytes()
            .chunks(9)
            .take(4)
            .map(|row| format!("{}\n", std::str::from_utf8(row).unwrap()))
            .collect();
        let cut = parse_puzzles(&format!("{grid}{long}\n"));
        assert_eq!(cut.len(), 2);
        assert!(matches!(
            cut[0].result,
            Err(ParseError::ShortGrid { rows: 4, .. })
        ));
        assert!(matches!(
            cut[1].result,
            Err(ParseError::TooLong { line: 5, .. })
        ));
        assert!(matches!(
            Sudoku::from_line(&long),
            Err(ParseError::TooLong { line: 1, .. })
        ));
    }

    /// Every message names the line and the column of the character at
    /// fault, or where the missing part was expected.
    #[test]
    fn length_and_shape_errors_name_the_column() {
        let first_error = |text: &str| {
            parse_puzzles(text)[0]
                .result
                .clone()
                .unwrap_err()
                .to_string()
        };
        let row = |cells: &str| cells.chars().flat_map(|c| [c, ' ']).collect::<String>();
        let cases = [
            // A cell too many: the 82nd; one too few: just past the 80th.
            (
                format!("{LINE}1\n"),
                "line 1, column 82: 82 cells, expected 81",
            ),
            (
                format!("{}\n", &LINE[..80]),
                "line 1, column 81: 80 cells, expected 81",
            ),
            (
                format!("{}\n", &LINE[..20]),
                "line 1, column 17: 20 cells, expected 81",
            ),
            // A drawn row with a cell too many, and one too short.
            (
                format!("{}\n{}\n", row("53..7...."), row("6..195...1")),
                "line 2, column 19: grid row has 10 cells, expected 9",
            ),
            (
                format!("{}\n{}\n", row("53..7...."), row("6..195..")),
                "line 2, column 16: grid row has 8 cells, expected 9",
            ),
            // A grid cut short: where its next row was expected.
            (
                "53..7....\n6..195...\n\n".to_owned(),
                "line 3, column 1: the grid that starts on line 1 ends after 2 of its 9 rows",
            ),
            (
                "\n53..7....\n# a comment\n".to_owned(),
                "line 4, column 1: the grid that starts on line 2 ends after 1 of its 9 rows",
            ),
        ];
        for (text, expected) in cases {
            let message = first_error(&text);
            assert!(message.starts_with(expected), "{text:?}: {message}");
        }
        assert_eq!(
            Sudoku::parse("# nothing\n\n").unwrap_err(),
            ParseError::Empty { line: 3, column: 1 }
        );
        assert_eq!(
            Sudoku::parse("# nothing").unwrap_err(),
            ParseError::Empty {
                line: 1,
                column: 10
            }
        );
        assert_eq!(
            Sudoku::parse(&format!("{LINE}\n  {LINE}\n")).unwrap_err(),
            ParseError::Several { line: 2, column: 3 }
        );
        let long = format!("{}{}", "é".repeat(MAX_LINE_LEN / 2), "1");
        assert!(
            matches!(
                Sudoku::from_line(&long),
                Err(ParseError::TooLong { column, .. }) if column == MAX_LINE_LEN / 2 + 1
            ),
            "{:?}",
            Sudoku::from_line(&long)
        );
    }

    #[test]
    fn a_one_line_puzzle_is_its_cells_and_nothing_between_them() {
        let spaced = format!("{} {}", &LINE[..40], &LINE[40..]);
        for line in [spaced.as_str(), &format!("{LINE} "), &format!(" {LINE}")] {
            assert!(
                matches!(
                    Sudoku::from_line(line),
                    Err(ParseError::Character { found: ' ', .. })
                ),
                "{line:?}"
            );
        }
        let barred = format!("{}|{}", &LINE[..27], &LINE[27..]);
        assert_eq!(
            Sudoku::from_line(&barred).unwrap_err().to_string(),
            "line 1, column 28: expected a digit 1-9 or '.' or '0', found '|'"
        );
        // solve reads the same: a space inside is an error at its column,
        // counted in the line as written (indent included).
        let puzzles = parse_puzzles(&format!("  {spaced}\n"));
        assert_eq!(
            puzzles[0].result.as_ref().unwrap_err().to_string(),
            "line 1, column 43: expected a digit 1-9 or '.' or '0', found ' '"
        );
        let indented = parse_puzzles(&format!("  {}x\n", &LINE[..80]));
        assert_eq!(
            indented[0].result.as_ref().unwrap_err().to_string(),
            "line 1, column 83: expected a digit 1-9 or '.' or '0', found 'x'"
        );
        // Drawn rows keep their spaces and bars.
        assert!(Sudoku::parse(&Sudoku::from_line(LINE).unwrap().to_string()).is_ok());
    }

    #[test]
    fn batch_keeps_going_after_a_bad_line() {
        let text = format!("{LINE}\n12345\n{LINE}\n");
        let puzzles = parse_puzzles(&text);
        assert_eq!(puzzles.len(), 3);
        assert!(puzzles[0].result.is_ok() && puzzles[2].result.is_ok());
        assert_eq!(puzzles[1].line, 2);
        assert!(puzzles[1].result.is_err());
    }
}
