//! Grid templates: blocks, open cells and pre-filled letters, read from the
//! text format of the fixtures (`.` open, `#` block, a letter pre-filled),
//! Across Lite `.puz` files and ipuz JSON, and written back as text.

use std::fmt;

use crate::error::{Location, ParseError, end_of, line_column};

/// The largest number of rows or columns read: far above any published
/// crossword (21x21 Sunday grids, 25x25 specials), small enough that a
/// stray file is refused before anything is allocated for it.
pub const MAX_SIDE: usize = 255;

/// One cell of a template or a fill.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Cell {
    /// A black square.
    Block,
    /// A white square to fill.
    Open,
    /// A white square holding a letter (`0` = a ... `25` = z).
    Letter(u8),
}

impl Cell {
    /// The cell's character in the text format: `#`, `.` or an uppercase
    /// letter (as crosswords are printed).
    pub fn to_char(self) -> char {
        match self {
            Cell::Block => '#',
            Cell::Open => '.',
            Cell::Letter(letter) => (b'A' + letter) as char,
        }
    }

    /// Whether the cell is white (open or lettered).
    pub fn is_white(self) -> bool {
        !matches!(self, Cell::Block)
    }
}

/// A rectangular grid of cells: a template to fill, or a fill.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Grid {
    rows: usize,
    cols: usize,
    cells: Vec<Cell>,
}

/// The input forms a grid is read from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GridFormat {
    /// Rows of `.`, `#` and letters.
    Text,
    /// Across Lite binary.
    Puz,
    /// ipuz JSON.
    Ipuz,
}

impl Grid {
    /// A grid of `rows` x `cols` cells, row by row. `None` when the sizes
    /// do not agree or a side is 0 or above [`MAX_SIDE`].
    pub fn new(rows: usize, cols: usize, cells: Vec<Cell>) -> Option<Grid> {
        let fits = (1..=MAX_SIDE).contains(&rows) && (1..=MAX_SIDE).contains(&cols);
        (fits && cells.len() == rows * cols).then_some(Grid { rows, cols, cells })
    }

    /// Rows.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Columns.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// The cells, row by row.
    pub fn cells(&self) -> &[Cell] {
        &self.cells
    }

    /// The cell at `row`, `col`.
    pub fn cell(&self, row: usize, col: usize) -> Cell {
        self.cells[row * self.cols + col]
    }

    /// Sets the cell at `index` (row-major).
    pub fn set(&mut self, index: usize, cell: Cell) {
        self.cells[index] = cell;
    }

    /// The rows as text lines (`#`, `.`, uppercase letters).
    pub fn to_rows(&self) -> Vec<String> {
        self.cells
            .chunks(self.cols)
            .map(|row| row.iter().map(|cell| cell.to_char()).collect())
            .collect()
    }

    /// Reads rows of text (see [`Grid::parse_text`]) from the JSON `grid`
    /// form: one string per row.
    pub fn from_rows<S: AsRef<str>>(rows: &[S]) -> Result<Grid, ParseError> {
        let text: Vec<&str> = rows.iter().map(AsRef::as_ref).collect();
        Grid::parse_text(&text.join("\n"))
    }

    /// Reads the text format: one row per line, `.` (or `_`, `?`, a space)
    /// an open cell, `#` (or `*`) a block, a letter a pre-filled cell (any
    /// case). Blank lines before and after the grid and trailing spaces
    /// are ignored; rows must all have the same length. Rows with a space
    /// between cells (every second character a space, and no other: the
    /// command line's view and [`Display`](fmt::Display)'s) are read
    /// without those spaces, and a single line of rows separated by `/`
    /// (the JSON `puzzle`, [`Puzzle::to_line`](puzzle_kit::Puzzle::to_line))
    /// is read as those rows.
    pub fn parse_text(text: &str) -> Result<Grid, ParseError> {
        // (line, characters before the row on its line, the row)
        let lines: Vec<(usize, usize, &str)> =
            if text.contains('/') && text.trim_end().lines().count() == 1 {
                // The one-line form (`to_line`): rows separated by '/'.
                let line = text.trim();
                let indent = text.len() - text.trim_start().len();
                let mut before = text[..indent].chars().count();
                line.split('/')
                    .map(|row| {
                        let at = before;
                        before += row.chars().count() + 1;
                        (1 + text[..indent].matches('\n').count(), at, row)
                    })
                    .collect()
            } else {
                text.lines()
                    .enumerate()
                    .map(|(index, line)| (index + 1, 0, line.trim_end()))
                    .collect()
            };
        let first = lines.iter().position(|(_, _, line)| !line.is_empty());
        let last = lines.iter().rposition(|(_, _, line)| !line.is_empty());
        let (Some(first), Some(last)) = (first, last) else {
            // Nothing but blank lines: the error is where the input ends.
            let (line, column) = end_of(text);
            return Err(ParseError::new(
                Location::LineColumn(line, column),
                "empty grid: the input ends before any row, expected rows of '.' (open), '#' (block) and letters",
            ));
        };
        let rows = &lines[first..=last];
        if rows.len() > MAX_SIDE {
            return Err(ParseError::new(
                Location::LineColumn(rows[MAX_SIDE].0, rows[MAX_SIDE].1 + 1),
                format!("more than {MAX_SIDE} rows: expected the grid to end by this row"),
            ));
        }
        let mut cells = Vec::new();
        // The command line's view (and `Display`) puts a space between
        // cells: rows whose every second character is a space, and no
        // other, are read as that form.
        let spaced = rows.iter().any(|(_, _, row)| row.chars().count() >= 3)
            && rows.iter().all(|(_, _, row)| {
                row.chars()
                    .enumerate()
                    .all(|(at, ch)| (ch == ' ') == (at % 2 == 1))
            });
        let step = if spaced { 2 } else { 1 };
        let mut cols = None;
        for &(number, offset, line) in rows {
            let mut width = 0;
            for (at, ch) in line.chars().enumerate().step_by(step) {
                let column = offset + at;
                if width >= MAX_SIDE {
                    return Err(ParseError::new(
                        Location::LineColumn(number, column + 1),
                        format!("more than {MAX_SIDE} columns"),
                    ));
                }
                let cell = match ch {
                    '.' | '_' | '?' | ' ' => Cell::Open,
                    '#' | '*' => Cell::Block,
                    'a'..='z' | 'A'..='Z' => Cell::Letter(ch.to_ascii_lowercase() as u8 - b'a'),
                    other => {
                        return Err(ParseError::new(
                            Location::LineColumn(number, column + 1),
                            format!(
                                "expected '.' (open), '#' (block) or a letter, found {other:?}"
                            ),
                        ));
                    }
                };
                cells.push(cell);
                width += 1;
            }
            if width == 0 {
                return Err(ParseError::new(
                    Location::LineColumn(number, offset + 1),
                    "empty row inside the grid: expected a row of cells (blank lines only before and after the grid)",
                ));
            }
            match cols {
                None => cols = Some(width),
                Some(cols) if cols != width => {
                    // The first column where the row and the first row
                    // disagree: the cell too many, or the one missing.
                    let (first_line, _, _) = rows[0];
                    let (column, what) = if width > cols {
                        (offset + cols * step + 1, "a cell beyond the last column")
                    } else {
                        (
                            offset + line.chars().count() + 1,
                            "the row ends before the last column",
                        )
                    };
                    return Err(ParseError::new(
                        Location::LineColumn(number, column),
                        format!(
                            "ragged row: {width} cells where line {first_line} has {cols} ({what})"
                        ),
                    ));
                }
                Some(_) => {}
            }
        }
        let cols = cols.unwrap_or(0);
        Grid::new(rows.len(), cols, cells).ok_or_else(|| {
            ParseError::new(
                Location::LineColumn(rows[0].0, rows[0].1 + 1),
                "the grid has no cell: expected rows of '.' (open), '#' (block) and letters",
            )
        })
    }

    /// Reads an Across Lite `.puz` file: the block pattern from its
    /// solution (`.` is a block) and the letters already filled in its
    /// player grid as pre-filled cells. Scrambled, rebus and diagramless
    /// files are read the same way (the extra sections are skipped).
    pub fn parse_puz(bytes: &[u8]) -> Result<Grid, ParseError> {
        const MAGIC: &[u8] = b"ACROSS&DOWN\0";
        let start = find(bytes, MAGIC).ok_or_else(|| {
            ParseError::new(
                Location::Byte(2.min(bytes.len())),
                "not an Across Lite file: expected the 'ACROSS&DOWN' signature at byte 2 of the header",
            )
        })?;
        // The signature sits at offset 2 of the header; a file may carry
        // junk before it.
        let base = start.checked_sub(2).ok_or_else(|| {
            ParseError::new(
                Location::Byte(start),
                "the 'ACROSS&DOWN' signature: expected the header's 2-byte checksum before it",
            )
        })?;
        let byte = |offset: usize, field: &str| -> Result<u8, ParseError> {
            bytes.get(base + offset).copied().ok_or_else(|| {
                ParseError::new(
                    Location::Byte(bytes.len()),
                    format!(
                        "the file ends inside its 52-byte header: expected the {field} at byte {}",
                        base + offset
                    ),
                )
            })
        };
        let cols = usize::from(byte(0x2c, "width")?);
        let rows = usize::from(byte(0x2d, "height")?);
        for (value, offset, field) in [(cols, 0x2c, "width"), (rows, 0x2d, "height")] {
            if value == 0 {
                return Err(ParseError::new(
                    Location::Byte(base + offset),
                    format!("the header's {field} is 0: expected 1 to {MAX_SIDE}"),
                ));
            }
        }
        // The header is 52 bytes: a file that ends before its grids says
        // which of them it cut.
        if bytes.len() < base + 0x34 {
            return Err(ParseError::new(
                Location::Byte(bytes.len()),
                format!(
                    "the file ends inside its 52-byte header: expected the rest of it up to byte {}",
                    base + 0x34
                ),
            ));
        }
        let len = rows * cols;
        let solution_at = base + 0x34;
        let state_at = solution_at + len;
        for (at, grid) in [(solution_at, "solution grid"), (state_at, "player grid")] {
            if bytes.len() < at + len {
                return Err(ParseError::new(
                    Location::Byte(bytes.len()),
                    format!(
                        "the file ends inside its {grid}: expected {cols} x {rows} = {len} bytes from byte {at}"
                    ),
                ));
            }
        }
        let solution = &bytes[solution_at..solution_at + len];
        let state = &bytes[state_at..state_at + len];
        let mut cells = Vec::with_capacity(len);
        for (index, (&answer, &filled)) in solution.iter().zip(state).enumerate() {
            // Diagramless files mark their blocks ':' in the solution.
            let cell = if answer == b'.' || answer == b':' {
                Cell::Block
            } else if filled.is_ascii_alphabetic() {
                Cell::Letter(filled.to_ascii_lowercase() - b'a')
            } else if filled == b'-' || filled == b'.' || filled == b':' || filled == 0 {
                Cell::Open
            } else if answer.is_ascii_alphabetic() || answer == b'-' {
                // A player grid with marks other than letters (numbers of a
                // rebus in progress): the cell is open.
                Cell::Open
            } else {
                return Err(ParseError::new(
                    Location::Byte(solution_at + index),
                    format!(
                        "the solution grid's cell at row {}, column {}: expected a letter, '-', '.' or ':', found byte {answer}",
                        index / cols + 1,
                        index % cols + 1
                    ),
                ));
            };
            cells.push(cell);
        }
        Grid::new(rows, cols, cells).ok_or_else(|| {
            ParseError::new(
                Location::Byte(base + 0x2c),
                format!("the header's size: expected 1 to {MAX_SIDE} columns and rows"),
            )
        })
    }

    /// Reads an ipuz crossword: `dimensions`, and `puzzle` rows whose cells
    /// are numbers, `0`, the block character (`#` unless `block` says
    /// otherwise), `null` (no cell: taken as a block) or objects with a
    /// `cell` and an optional `value`; a letter given in `puzzle` (a
    /// `value`, or a letter as the cell) or in `saved` is pre-filled.
    pub fn parse_ipuz(text: &str) -> Result<Grid, ParseError> {
        use serde_json::Value;
        let json: Value = serde_json::from_str(text).map_err(|error| {
            // serde_json counts the bytes read on the line (0 when none
            // was): the column of the last one, in characters.
            let line = text
                .split('\n')
                .nth(error.line().max(1) - 1)
                .unwrap_or_default();
            let column = line
                .char_indices()
                .take_while(|&(at, _)| at < error.column())
                .count()
                .max(1);
            let message = error.to_string();
            let message = message
                .rsplit_once(" at line ")
                .map_or(message.as_str(), |(what, _)| what);
            ParseError::new(
                Location::LineColumn(error.line().max(1), column),
                format!("not ipuz JSON: {message}"),
            )
        })?;
        // An error names the line and column of the value at fault (its
        // nearest enclosing value that is there).
        let bad = |path: &[Step<'_>], message: String| {
            let (line, column) = (0..=path.len())
                .rev()
                .find_map(|depth| json_position(text, &path[..depth]))
                .unwrap_or((1, 1));
            ParseError::new(Location::LineColumn(line, column), message)
        };
        let dimension = |name: &str| -> Result<usize, ParseError> {
            let value = json.get("dimensions").and_then(|d| d.get(name));
            value
                .and_then(Value::as_u64)
                .and_then(|n| usize::try_from(n).ok())
                .filter(|n| (1..=MAX_SIDE).contains(n))
                .ok_or_else(|| {
                    let found = value.map_or_else(|| "none".to_owned(), short);
                    bad(
                        &[Step::Key("dimensions"), Step::Key(name)],
                        format!(
                            "ipuz: expected \"dimensions\": {{\"{name}\": 1 to {MAX_SIDE}}}, found {found}"
                        ),
                    )
                })
        };
        let (cols, rows) = (dimension("width")?, dimension("height")?);
        let block = json
            .get("block")
            .and_then(Value::as_str)
            .unwrap_or("#")
            .to_owned();
        let puzzle = json
            .get("puzzle")
            .and_then(Value::as_array)
            .ok_or_else(|| {
                let found = json.get("puzzle").map_or_else(|| "none".to_owned(), short);
                bad(
                    &[Step::Key("puzzle")],
                    format!("ipuz: expected a \"puzzle\" array of rows, found {found}"),
                )
            })?;
        if puzzle.len() != rows {
            let at = [Step::Key("puzzle"), Step::Index(rows.min(puzzle.len()))];
            return Err(bad(
                &at[..if puzzle.len() > rows { 2 } else { 1 }],
                format!(
                    "ipuz: \"puzzle\" has {} rows where \"dimensions\" says {rows}",
                    puzzle.len()
                ),
            ));
        }
        let saved = json.get("saved").and_then(Value::as_array);
        let letter_of = |value: &Value| -> Option<u8> {
            let text = value.as_str()?;
            let mut chars = text.chars();
            match (chars.next(), chars.next()) {
                (Some(ch), None) if ch.is_ascii_alphabetic() => {
                    Some(ch.to_ascii_lowercase() as u8 - b'a')
                }
                _ => None,
            }
        };
        let mut cells = Vec::with_capacity(rows * cols);
        for (r, row) in puzzle.iter().enumerate() {
            let row = row
                .as_array()
                .filter(|row| row.len() == cols)
                .ok_or_else(|| {
                    let found = match row.as_array() {
                        Some(cells) => format!("{} cells", cells.len()),
                        None => short(row),
                    };
                    bad(
                        &[Step::Key("puzzle"), Step::Index(r)],
                        format!(
                            "ipuz: \"puzzle\" row {}: expected an array of {cols} cells, found {found}",
                            r + 1
                        ),
                    )
                })?;
            for (c, value) in row.iter().enumerate() {
                let (cell, given) = match value {
                    Value::Object(map) => (
                        map.get("cell").unwrap_or(&Value::Null),
                        map.get("value").and_then(letter_of),
                    ),
                    other => (other, None),
                };
                let is_block = match cell {
                    Value::Null => !value.is_object(),
                    Value::String(text) => *text == block,
                    Value::Number(_) => false,
                    other => {
                        return Err(bad(
                            &[Step::Key("puzzle"), Step::Index(r), Step::Index(c)],
                            format!(
                                "ipuz: \"puzzle\" row {}, cell {}: expected a number, a string, null or an object, found {}",
                                r + 1,
                                c + 1,
                                short(other)
                            ),
                        ));
                    }
                };
                let saved_letter = saved
                    .and_then(|rows| rows.get(r))
                    .and_then(|row| row.get(c))
                    .and_then(letter_of);
                cells.push(if is_block {
                    Cell::Block
                } else if let Some(letter) = given.or_else(|| letter_of(cell)).or(saved_letter) {
                    Cell::Letter(letter)
                } else {
                    Cell::Open
                });
            }
        }
        Grid::new(rows, cols, cells).ok_or_else(|| {
            bad(
                &[Step::Key("dimensions")],
                format!("ipuz: expected 1 to {MAX_SIDE} rows and columns"),
            )
        })
    }

    /// Reads a grid in the form its content shows: a `.puz` signature, a
    /// JSON object, else the text format.
    pub fn parse_bytes(bytes: &[u8]) -> Result<(Grid, GridFormat), ParseError> {
        if find(bytes, b"ACROSS&DOWN\0").is_some() {
            return Grid::parse_puz(bytes).map(|grid| (grid, GridFormat::Puz));
        }
        if let Some(offset) = bytes.iter().position(|&b| b == 0) {
            let (line, column) = end_of(&String::from_utf8_lossy(&bytes[..offset]));
            return Err(ParseError::new(
                Location::LineColumn(line, column),
                format!(
                    "a NUL byte (byte {offset}): expected a text grid, ipuz JSON or an Across Lite .puz file (with 'ACROSS&DOWN' at byte 2)"
                ),
            ));
        }
        let text = String::from_utf8_lossy(bytes);
        let text = text.strip_prefix('\u{feff}').unwrap_or(&text);
        if text.trim_start().starts_with('{') {
            return Grid::parse_ipuz(text).map(|grid| (grid, GridFormat::Ipuz));
        }
        Grid::parse_text(text).map(|grid| (grid, GridFormat::Text))
    }
}

impl std::str::FromStr for Grid {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        Grid::parse_text(text)
    }
}

impl fmt::Display for Grid {
    /// The command line's view: one row per line, a space between cells
    /// (uppercase letters, `#` blocks, `.` open cells), no newline at the
    /// end; [`Grid::parse_text`] reads it back.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (index, row) in self.cells.chunks(self.cols).enumerate() {
            if index > 0 {
                f.write_str("\n")?;
            }
            for (at, cell) in row.iter().enumerate() {
                if at > 0 {
                    f.write_str(" ")?;
                }
                write!(f, "{}", cell.to_char())?;
            }
        }
        Ok(())
    }
}

/// A JSON value shortened for a message.
fn short(value: &serde_json::Value) -> String {
    let text = value.to_string();
    match text.char_indices().nth(40) {
        Some((end, _)) => format!("{}...", &text[..end]),
        None => text,
    }
}

/// One step of a path into a JSON text: a member of an object or an
/// element of an array.
#[derive(Debug, Clone, Copy)]
enum Step<'a> {
    Key(&'a str),
    Index(usize),
}

/// Where the grid of a template's `bytes` starts: the first character of
/// a text grid that is not blank, the value of an ipuz file's `puzzle`;
/// `None` for a `.puz` file (or bytes that are no template). Only the
/// command line names a place so.
#[cfg(feature = "app")]
pub(crate) fn grid_start(bytes: &[u8]) -> Option<(usize, usize)> {
    let (_, format) = Grid::parse_bytes(bytes).ok()?;
    let text = String::from_utf8_lossy(bytes);
    let text = text.strip_prefix('\u{feff}').unwrap_or(&text);
    match format {
        GridFormat::Text => text.lines().enumerate().find_map(|(index, line)| {
            line.chars()
                .position(|ch| !ch.is_whitespace())
                .map(|at| (index + 1, at + 1))
        }),
        GridFormat::Ipuz => json_position(text, &[Step::Key("puzzle")]),
        GridFormat::Puz => None,
    }
}

/// The 1-based line and column where the value at `path` starts in the
/// JSON `text`, which serde_json has read (so it is valid); `None` when
/// the path is not there. A key given twice is found at its last
/// occurrence, the one serde_json keeps; keys are compared as written
/// (escapes are not decoded).
fn json_position(text: &str, path: &[Step<'_>]) -> Option<(usize, usize)> {
    let bytes = text.as_bytes();
    let mut at = skip_space(bytes, 0);
    for step in path {
        let mut i = skip_space(bytes, at + 1);
        match (step, bytes.get(at)) {
            (Step::Key(key), Some(b'{')) => {
                let mut found = None;
                while bytes.get(i) == Some(&b'"') {
                    let end = skip_string(bytes, i)?;
                    let name = text.get(i + 1..end - 1)?;
                    i = skip_space(bytes, end);
                    if bytes.get(i) != Some(&b':') {
                        return None;
                    }
                    i = skip_space(bytes, i + 1);
                    if name == *key {
                        found = Some(i);
                    }
                    i = skip_space(bytes, skip_value(bytes, i)?);
                    if bytes.get(i) == Some(&b',') {
                        i = skip_space(bytes, i + 1);
                    }
                }
                at = found?;
            }
            (&Step::Index(index), Some(b'[')) => {
                for _ in 0..index {
                    if matches!(bytes.get(i), None | Some(b']')) {
                        return None;
                    }
                    i = skip_space(bytes, skip_value(bytes, i)?);
                    if bytes.get(i) != Some(&b',') {
                        return None;
                    }
                    i = skip_space(bytes, i + 1);
                }
                if matches!(bytes.get(i), None | Some(b']')) {
                    return None;
                }
                at = i;
            }
            _ => return None,
        }
    }
    Some(line_column(text, at))
}

fn skip_space(bytes: &[u8], mut i: usize) -> usize {
    while matches!(bytes.get(i), Some(b' ' | b'\t' | b'\n' | b'\r')) {
        i += 1;
    }
    i
}

/// Past the string starting at `i` (its opening quote).
fn skip_string(bytes: &[u8], mut i: usize) -> Option<usize> {
    i += 1;
    loop {
        match bytes.get(i)? {
            b'\\' => i += 2,
            b'"' => return Some(i + 1),
            _ => i += 1,
        }
    }
}

/// Past the value starting at `i`.
fn skip_value(bytes: &[u8], mut i: usize) -> Option<usize> {
    match bytes.get(i)? {
        b'"' => skip_string(bytes, i),
        b'{' | b'[' => {
            let mut depth = 0usize;
            loop {
                match bytes.get(i)? {
                    b'"' => {
                        i = skip_string(bytes, i)?;
                        continue;
                    }
                    b'{' | b'[' => depth += 1,
                    b'}' | b']' => {
                        depth -= 1;
                        if depth == 0 {
                            return Some(i + 1);
                        }
                    }
                    _ => {}
                }
                i += 1;
            }
        }
        _ => {
            while !matches!(
                bytes.get(i),
                None | Some(b',' | b'}' | b']' | b' ' | b'\t' | b'\n' | b'\r')
            ) {
                i += 1;
            }
            Some(i)
        }
    }
}

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack
        .windows(needle.len())
        .position(|window| window == needle)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_round_trips_and_folds_case() {
        let grid: Grid = "..A#\n.b..\n".parse().unwrap();
        assert_eq!(grid.to_rows(), ["..A#", ".B.."]);
        assert_eq!(grid.to_string().parse::<Grid>().unwrap(), grid);
    }

    #[test]
    fn display_is_the_command_lines_view_in_uppercase_without_a_final_newline() {
        let grid: Grid = "hoses\n##a#t\n#hi.e".parse().unwrap();
        assert_eq!(grid.to_string(), "H O S E S\n# # A # T\n# H I . E");
        assert_eq!(grid.to_rows(), ["HOSES", "##A#T", "#HI.E"]);
        // Display and the one-line form read back as the same grid.
        assert_eq!(grid.to_string().parse::<Grid>().unwrap(), grid);
        assert_eq!("HOSES/##A#T/#HI.E".parse::<Grid>().unwrap(), grid);
        // A spaced row keeps its columns in messages: '!' is column 5.
        let error = "A B\nC !".parse::<Grid>().unwrap_err();
        assert_eq!(
            error.to_string(),
            "line 2, column 3: expected '.' (open), '#' (block) or a letter, found '!'"
        );
        let error = "...//...".parse::<Grid>().unwrap_err();
        assert!(
            error.to_string().starts_with("line 1, column 5: empty row"),
            "{error}"
        );
    }

    #[test]
    fn errors_name_line_and_column() {
        let cases = [
            (
                "",
                "line 1, column 1: empty grid: the input ends before any row",
            ),
            ("\n  \n", "line 3, column 1: empty grid"),
            // A carriage return ending the input ends line 1: no column of it.
            ("\r", "line 1, column 1: empty grid"),
            (
                "...\n.x!\n",
                "line 2, column 3: expected '.' (open), '#' (block) or a letter, found '!'",
            ),
            (
                "...\n..\n",
                "line 2, column 3: ragged row: 2 cells where line 1 has 3 (the row ends before the last column)",
            ),
            (
                "...\n....\n",
                "line 2, column 4: ragged row: 4 cells where line 1 has 3 (a cell beyond the last column)",
            ),
            (
                "\n\n...\n\n..#\n",
                "line 4, column 1: empty row inside the grid",
            ),
        ];
        for (text, expected) in cases {
            let error = Grid::parse_text(text).unwrap_err().to_string();
            assert!(error.contains(expected), "{text:?}: {error}");
        }
    }

    #[test]
    fn puz_errors_name_byte_offsets() {
        let error = Grid::parse_puz(b"hello").unwrap_err();
        assert_eq!(error.location, Location::Byte(2));
        let mut bytes = vec![0u8; 2];
        bytes.extend_from_slice(b"ACROSS&DOWN\0");
        let error = Grid::parse_puz(&bytes).unwrap_err();
        assert_eq!(
            error.to_string(),
            "byte 14: the file ends inside its 52-byte header: expected the width at byte 44"
        );
        bytes.resize(0x34, 0);
        bytes[0x2c] = 3;
        let error = Grid::parse_puz(&bytes).unwrap_err();
        assert_eq!(
            error.to_string(),
            "byte 45: the header's height is 0: expected 1 to 255"
        );
        bytes[0x2d] = 2;
        bytes.extend_from_slice(b"AB.");
        let error = Grid::parse_puz(&bytes).unwrap_err();
        assert_eq!(
            error.to_string(),
            "byte 55: the file ends inside its solution grid: expected 3 x 2 = 6 bytes from byte 52"
        );
        bytes.extend_from_slice(b"C#E---");
        let error = Grid::parse_puz(&bytes).unwrap_err();
        assert_eq!(
            error.to_string(),
            "byte 61: the file ends inside its player grid: expected 3 x 2 = 6 bytes from byte 58"
        );
        bytes.extend_from_slice(b"-*-");
        let error = Grid::parse_puz(&bytes).unwrap_err();
        assert_eq!(
            error.to_string(),
            "byte 56: the solution grid's cell at row 2, column 2: expected a letter, '-', '.' or ':', found byte 35"
        );
    }

    #[test]
    fn random_bytes_never_panic() {
        let mut state = 12345u64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        for round in 0..3000 {
            let len = (next() % 200) as usize;
            let mut bytes: Vec<u8> = (0..len)
                .map(|_| match next() % 4 {
                    0 => b'.',
                    1 => b'#',
                    2 => b'\n',
                    _ => next() as u8,
                })
                .collect();
            if round % 3 == 0 {
                let at = (next() as usize) % (bytes.len() + 1);
                bytes.splice(at..at, b"ACROSS&DOWN\0".iter().copied());
            }
            if round % 5 == 0 {
                bytes.splice(
                    0..0,
                    b"{\"dimensions\":{\"width\":2,\"height\":1},\"puzzle\":"
                        .iter()
                        .copied(),
                );
            }
            let _ = Grid::parse_bytes(&bytes);
        }
    }

    #[test]
    fn ipuz_reads_blocks_and_given_letters() {
        let text = r##"{"version":"http://ipuz.org/v2","kind":["http://ipuz.org/crossword#1"],
            "dimensions":{"width":3,"height":2},
            "puzzle":[[1,2,"#"],[{"cell":3,"value":"Q"},0,null]]}"##;
        let grid = Grid::parse_ipuz(text).unwrap();
        assert_eq!(grid.to_rows(), ["..#", "Q.#"]);
        let error = Grid::parse_ipuz("{\n  \"dimensions\": ").unwrap_err();
        assert!(
            matches!(error.location, Location::LineColumn(2, _)),
            "{error}"
        );
        // Errors of content name the value at fault.
        let cases = [
            (
                "{\"x\": 1}",
                "line 1, column 1: ipuz: expected \"dimensions\": {\"width\": 1 to 255}, found none",
            ),
            (
                "{\"dimensions\": {\"height\": 2,\n \"width\": \"5\"}}",
                "line 2, column 11: ipuz: expected \"dimensions\": {\"width\": 1 to 255}, found \"5\"",
            ),
            (
                "{\"dimensions\": {\"width\": 2, \"height\": 1}}",
                "line 1, column 1: ipuz: expected a \"puzzle\" array of rows, found none",
            ),
            (
                "{\"dimensions\": {\"width\": 2, \"height\": 1},\n\"puzzle\": [[0, 0], [0, 0]]}",
                "line 2, column 20: ipuz: \"puzzle\" has 2 rows where \"dimensions\" says 1",
            ),
            (
                "{\"dimensions\": {\"width\": 2, \"height\": 2},\n\"puzzle\": [[0, 0]]}",
                "line 2, column 11: ipuz: \"puzzle\" has 1 rows where \"dimensions\" says 2",
            ),
            (
                "{\"dimensions\": {\"width\": 2, \"height\": 1},\n\"puzzle\": [[0, \"a\", 0]]}",
                "line 2, column 12: ipuz: \"puzzle\" row 1: expected an array of 2 cells, found 3 cells",
            ),
            (
                "{\"dimensions\": {\"width\": 2, \"height\": 1},\n\"puzzle\": [[0, true]]}",
                "line 2, column 16: ipuz: \"puzzle\" row 1, cell 2: expected a number, a string, null or an object, found true",
            ),
        ];
        for (text, expected) in cases {
            let error = Grid::parse_ipuz(text).unwrap_err().to_string();
            assert_eq!(error, expected, "{text}");
        }
    }
}
