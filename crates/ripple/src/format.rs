//! The four input forms, told apart by their content, and their writers:
//! puzz.link / pzv.jp URLs, pzprjs files (`pzprv3`), the data folder's
//! normalised form (`size`, `regions`, `clues`, `solution`) and the ASCII
//! wall drawing (a `ROWS COLS` line, then `|` and `-` walls).

use std::fmt::Write as _;
use std::str::FromStr;

use crate::error::{ErrorKind, Location, ParseError, quote};
use crate::puzzle::{Grid, MAX_ROOM, MAX_SIDE, Puzzle, ShapeError};

/// A form a puzzle can be read from and written in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum Format {
    /// A puzz.link URL: `https://puzz.link/p?ripple/COLS/ROWS/BODY`.
    Url,
    /// A pzprjs file: `pzprv3`, `ripple`, rows, columns, walls, givens, answers.
    Pzprv3,
    /// The data folder's form: `size R C`, `regions N`, room numbers, `clues`, `solution`.
    Normalised,
    /// The ASCII wall drawing: a `ROWS COLS` line, then `|` and `-` walls, `.` empty.
    Ascii,
}

impl Format {
    /// The name on the command line and in messages.
    pub fn name(self) -> &'static str {
        match self {
            Format::Url => "url",
            Format::Pzprv3 => "pzprv3",
            Format::Normalised => "normalised",
            Format::Ascii => "ascii",
        }
    }
}

/// A puzzle as read: the puzzle, the solution the input recorded (the
/// normalised form's `solution`, pzprv3's answers when complete), and the
/// form it was read from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Parsed {
    /// The puzzle.
    pub puzzle: Puzzle,
    /// The solution written in the input, if any.
    pub solution: Option<Grid>,
    /// The form the input was in.
    pub format: Format,
    /// What was read but ignored: walls with the same room on both sides
    /// (rooms are what the walls enclose, as in the course formulation's reader).
    pub warnings: Vec<ParseError>,
}

/// The form of `text`, from its first line that is neither blank nor a
/// `#` comment; `None` when it looks like none of them.
pub fn detect(text: &str) -> Option<Format> {
    let line = first_line(text)?.1.trim();
    if is_url(line) {
        Some(Format::Url)
    } else if line.starts_with("pzprv3") {
        Some(Format::Pzprv3)
    } else if line.starts_with("size") {
        Some(Format::Normalised)
    } else {
        let mut words = line.split_whitespace();
        let numbers = words.next()?.parse::<usize>().is_ok()
            && words.next()?.parse::<usize>().is_ok()
            && words.next().is_none();
        numbers.then_some(Format::Ascii)
    }
}

/// Whether `line` is a puzz.link-style URL (or its `ripple/...` tail).
pub fn is_url(line: &str) -> bool {
    let line = line.trim();
    line.starts_with("http://")
        || line.starts_with("https://")
        || line.contains("?ripple/")
        || line.starts_with("ripple/")
}

/// Reads a puzzle in any of the four forms, told apart by content.
///
/// ```
/// let parsed = ripple::parse("https://puzz.link/p?ripple/4/4/9n8rigk14h32k")?;
/// assert_eq!((parsed.puzzle.rows(), parsed.puzzle.cols()), (4, 4));
/// assert_eq!(ripple::to_url(&parsed.puzzle), "https://puzz.link/p?ripple/4/4/9n8rigk14h32k");
/// # Ok::<(), ripple::ParseError>(())
/// ```
pub fn parse(text: &str) -> Result<Parsed, ParseError> {
    match detect(text) {
        Some(Format::Url) => parse_url_text(text),
        Some(Format::Pzprv3) => parse_pzprv3(text),
        Some(Format::Normalised) => parse_normalised(text),
        Some(Format::Ascii) => parse_ascii(text),
        None => {
            let location = match first_line(text) {
                Some((line, _)) => Location::Text { line, column: 1 },
                None => end_of(text),
            };
            Err(ParseError::new(location, ErrorKind::NoPuzzle))
        }
    }
}

impl FromStr for Puzzle {
    type Err = ParseError;

    /// Reads a puzzle in any form (see [`parse`]); a recorded solution is checked for shape and dropped.
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        parse(text).map(|parsed| parsed.puzzle)
    }
}

/// The end of `text`: its last line and the column after its last character.
fn end_of(text: &str) -> Location {
    let last = text.rsplit('\n').next().unwrap_or_default();
    Location::Text {
        line: 1 + text.matches('\n').count(),
        column: 1 + last.trim_end_matches('\r').chars().count(),
    }
}

/// Lines of `text` with 1-based numbers, `\r` dropped.
fn numbered(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.split('\n')
        .enumerate()
        .map(|(index, line)| (index + 1, line.strip_suffix('\r').unwrap_or(line)))
}

/// Whitespace-separated words of `line` with their 1-based columns (in characters), from `base`.
fn words(line: &str, base: usize) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start = None;
    for (column, (index, ch)) in (base..).zip(line.char_indices()) {
        if ch.is_whitespace() {
            if let Some((col, from)) = start.take() {
                out.push((col, &line[from..index]));
            }
        } else if start.is_none() {
            start = Some((column, index));
        }
    }
    if let Some((col, from)) = start {
        out.push((col, &line[from..]));
    }
    out
}

/// The column just after the last of `words` (1 when there is none):
/// where a missing word would have been.
fn end_column(words: &[(usize, &str)]) -> usize {
    words
        .last()
        .map_or(1, |&(column, word)| column + word.chars().count())
}

/// Where a line that should hold `expected` words but holds other is
/// wrong: its first extra word, or the end of the line when one is missing.
fn count_column(words: &[(usize, &str)], expected: usize) -> usize {
    match words.get(expected) {
        Some(&(column, _)) => column,
        None => end_column(words),
    }
}

/// The first line of `text` that is neither blank nor a `#` comment, and its number.
fn first_line(text: &str) -> Option<(usize, &str)> {
    numbered(text).find(|(_, line)| !is_comment_or_blank(line))
}

fn is_comment_or_blank(line: &str) -> bool {
    let line = line.trim();
    line.is_empty() || line.starts_with('#')
}

/// A given written as a number: 1..=MAX_ROOM.
fn given(word: &str) -> Option<u8> {
    if word.is_empty() || word.len() > 3 || !word.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let value: usize = word.parse().ok()?;
    (1..=255).contains(&value).then_some(value as u8)
}

/// A given (or an answer) written as a number at `line` and `column`:
/// `None` when the word is no number at all; a number past 255 is too large.
fn number_given(word: &str, line: usize, column: usize) -> Result<Option<u8>, ParseError> {
    match given(word) {
        Some(value) => Ok(Some(value)),
        None if !word.is_empty() && word.bytes().all(|b| b.is_ascii_digit()) => {
            let expected = format!("a digit 1 to {MAX_ROOM} or '.'");
            Err(ParseError::expected(line, column, &expected, word))
        }
        None => Ok(None),
    }
}

// ---------------------------------------------------------------- normalised

/// Reads the normalised form (see the fixtures' README).
fn parse_normalised(text: &str) -> Result<Parsed, ParseError> {
    let mut lines = numbered(text).filter(|(_, line)| !is_comment_or_blank(line));
    let mut last_line = 1;
    let mut next = |what: &str| -> Result<Line<'_>, ParseError> {
        match lines.next() {
            Some((number, line)) => {
                last_line = number;
                Ok((number, words(line, 1)))
            }
            None => Err(ParseError::expected(last_line + 1, 1, what, "")),
        }
    };
    let header = |words: &[(usize, &str)], number: usize, key: &str, count: usize| {
        let (column, first) = words.first().copied().unwrap_or((1, ""));
        let at =
            |column, expected: &str, found| ParseError::expected(number, column, expected, found);
        if first != key {
            return Err(at(column, &format!("'{key}'"), first));
        }
        let mut values = Vec::new();
        for index in 1..=count {
            let Some(&(column, word)) = words.get(index) else {
                let expected = format!("{count} numbers after '{key}'");
                return Err(at(end_column(words), &expected, ""));
            };
            values.push(
                word.parse::<usize>()
                    .map_err(|_| at(column, "a number", word))?,
            );
        }
        if let Some(&(column, word)) = words.get(count + 1) {
            return Err(at(column, "the end of the line", word));
        }
        Ok(values)
    };
    let (size_line, size_words) = next("'size ROWS COLS'")?;
    let size = header(&size_words, size_line, "size", 2)?;
    let (rows, cols) = (size[0], size[1]);
    if !(1..=MAX_SIDE).contains(&rows) || !(1..=MAX_SIDE).contains(&cols) {
        let column = size_words[if (1..=MAX_SIDE).contains(&rows) { 2 } else { 1 }].0;
        return Err(ParseError::at(
            size_line,
            column,
            ShapeError::Size { rows, cols },
        ));
    }
    let (regions_line, regions_words) = next("'regions N'")?;
    let regions = header(&regions_words, regions_line, "regions", 1)?[0];

    let (labels, label_places) =
        normalised_block(&mut next, rows, cols, "room numbers", &|word| {
            word.parse::<u32>().ok()
        })?;
    let (clues_line, clues_words) = next("'clues'")?;
    header(&clues_words, clues_line, "clues", 0)?;
    let read_given = |word: &str| match word {
        "." => Some(0),
        _ => given(word).map(u32::from),
    };
    let (givens, given_places) = normalised_block(&mut next, rows, cols, "givens", &read_given)?;
    let givens: Vec<u8> = givens.into_iter().map(|g| g as u8).collect();
    let mut solution = None;
    if let Some((number, line)) = lines.next() {
        header(&words(line, 1), number, "solution", 0)?;
        let mut digits = Vec::with_capacity(rows * cols);
        for row in 0..rows {
            let Some((number, line)) = lines.next() else {
                return Err(ParseError::expected(
                    number + row + 1,
                    1,
                    &format!("{rows} lines of solution digits"),
                    "",
                ));
            };
            let words = words(line, 1);
            if words.len() != cols {
                let said = format!("{rows} rows of {cols} columns");
                let found = format!("line {number} has {} digits", words.len());
                return Err(ParseError::at(
                    number,
                    count_column(&words, cols),
                    ErrorKind::SizeMismatch { said, found },
                ));
            }
            for (column, word) in words {
                digits.push(
                    given(word)
                        .ok_or_else(|| ParseError::expected(number, column, "a digit", word))?,
                );
            }
        }
        solution = Some(Grid::new(cols, digits));
        if let Some((number, line)) = lines.next() {
            let words = words(line, 1);
            return Err(ParseError::expected(
                number,
                words.first().map_or(1, |w| w.0),
                "the end of the input",
                words.first().map_or("", |w| w.1),
            ));
        }
    }
    let puzzle = Puzzle::new(rows, cols, &labels, &givens).map_err(|error| {
        let (line, column) = match &error {
            ShapeError::GivenTooLarge { cell, .. } => given_places[*cell],
            ShapeError::RoomTooLarge { cell, .. } => label_places[*cell],
            _ => (size_line, 1),
        };
        ParseError::at(line, column, error)
    })?;
    if puzzle.rooms().len() != regions {
        return Err(ParseError::at(
            regions_line,
            regions_words[1].0,
            ErrorKind::SizeMismatch {
                said: format!("{regions} rooms"),
                found: format!(
                    "the room numbers make {} connected rooms",
                    puzzle.rooms().len()
                ),
            },
        ));
    }
    Ok(Parsed {
        puzzle,
        solution,
        format: Format::Normalised,
        warnings: Vec::new(),
    })
}

/// Grid rows and their words, as the normalised reader hands them out.
type Line<'a> = (usize, Vec<(usize, &'a str)>);

/// The values of a block and the line and column of each.
type Block = (Vec<u32>, Vec<(usize, usize)>);

/// One block of `rows` lines of `cols` words, each read by `read`; the values and their places.
fn normalised_block<'a>(
    next: &mut impl FnMut(&str) -> Result<Line<'a>, ParseError>,
    rows: usize,
    cols: usize,
    what: &str,
    read: &dyn Fn(&str) -> Option<u32>,
) -> Result<Block, ParseError> {
    let mut values = Vec::with_capacity(rows * cols);
    let mut places = Vec::with_capacity(rows * cols);
    for row in 0..rows {
        let (number, words) = next(&format!("{rows} lines of {what}"))?;
        if words.len() != cols {
            let said = format!("{rows} rows of {cols} columns");
            let early = row > 0 && words.len() == 1 && words[0].1.parse::<u32>().is_err();
            let (found, column) = if early {
                (format!("row {} is '{}'", row + 1, words[0].1), words[0].0)
            } else {
                let found = format!("line {number} has {} {what}", words.len());
                (found, count_column(&words, cols))
            };
            return Err(ParseError::at(
                number,
                column,
                ErrorKind::SizeMismatch { said, found },
            ));
        }
        for (column, word) in words {
            let value = read(word)
                .ok_or_else(|| ParseError::expected(number, column, what_one(what), word))?;
            values.push(value);
            places.push((number, column));
        }
    }
    Ok((values, places))
}

fn what_one(what: &str) -> &'static str {
    match what {
        "room numbers" => "a room number",
        _ => "a digit or '.'",
    }
}

// ---------------------------------------------------------------- ASCII

/// Reads the ASCII wall drawing: `ROWS COLS`, then 2 * ROWS + 1 lines. Cell
/// lines are `|`, then per cell its text (`.` or a digit, right-aligned in a
/// common width) and `|` (wall) or a space; the lines between hold `-`
/// under a cell for a wall below it (spaces otherwise; trailing spaces may
/// be dropped).
fn parse_ascii(text: &str) -> Result<Parsed, ParseError> {
    let all: Vec<(usize, &str)> = numbered(text).collect();
    let start = all
        .iter()
        .position(|(_, line)| !is_comment_or_blank(line))
        .ok_or_else(|| ParseError::new(end_of(text), ErrorKind::NoPuzzle))?;
    let (size_line, header) = all[start];
    let size = words(header, 1);
    let number = |index: usize| -> Result<usize, ParseError> {
        let (column, word) = size[index];
        word.parse::<usize>()
            .map_err(|_| ParseError::expected(size_line, column, "a number", word))
    };
    let (rows, cols) = (number(0)?, number(1)?);
    if !(1..=MAX_SIDE).contains(&rows) || !(1..=MAX_SIDE).contains(&cols) {
        let column = size[usize::from((1..=MAX_SIDE).contains(&rows))].0;
        return Err(ParseError::at(
            size_line,
            column,
            ShapeError::Size { rows, cols },
        ));
    }
    let drawing = &all[start + 1..];
    if drawing.len() < 2 * rows + 1 {
        // Where the input ends.
        let (last, text) = drawing.last().copied().unwrap_or((size_line, header));
        return Err(ParseError::at(
            last,
            text.chars().count() + 1,
            ErrorKind::SizeMismatch {
                said: format!("{rows} rows, {} drawing lines", 2 * rows + 1),
                found: format!("the input ends after {} drawing lines", drawing.len()),
            },
        ));
    }
    if let Some(&(number, line)) = drawing[2 * rows + 1..]
        .iter()
        .find(|(_, line)| !line.trim().is_empty())
    {
        return Err(ParseError::at(
            number,
            1,
            ErrorKind::SizeMismatch {
                said: format!("{rows} rows, {} drawing lines", 2 * rows + 1),
                found: format!("more follows: {}", quote(line.trim())),
            },
        ));
    }
    // The cell width, from the first cell line.
    let (first_number, first) = drawing[1];
    let first_len = first.trim_end().chars().count();
    let width = if first_len > cols && (first_len - 1) % cols == 0 && (first_len - 1) / cols >= 2 {
        (first_len - 1) / cols - 1
    } else {
        // The line ends where no common cell width fits.
        return Err(ParseError::at(
            first_number,
            first_len + 1,
            ErrorKind::SizeMismatch {
                said: format!("{cols} columns"),
                found: format!(
                    "the cell line has {first_len} characters (expected {} for one-character cells)",
                    2 * cols + 1
                ),
            },
        ));
    };
    let line_len = cols * (width + 1) + 1;
    // At the first character past the line's length, or its end.
    let ragged = |number: usize, found: usize| {
        let kind = ErrorKind::Ragged {
            expected: line_len,
            found,
        };
        ParseError::at(number, found.min(line_len) + 1, kind)
    };
    let mut vertical = vec![false; rows * (cols - 1)];
    let mut horizontal = vec![false; (rows - 1) * cols];
    let mut givens = vec![0u8; rows * cols];
    let mut given_places = vec![(0, 0); rows * cols];
    for (index, &(number, line)) in drawing[..2 * rows + 1].iter().enumerate() {
        let chars: Vec<char> = line.trim_end().chars().collect();
        if index % 2 == 1 {
            let r = index / 2;
            if chars.len() + 1 == line_len && chars.last() != Some(&'|') {
                return Err(ParseError::at(number, line_len, ErrorKind::OpenOuterWall));
            }
            if chars.len() != line_len {
                return Err(ragged(number, chars.len()));
            }
            for k in 0..=cols {
                let at = k * (width + 1);
                let ch = chars[at];
                let outer = k == 0 || k == cols;
                match ch {
                    '|' => {
                        if !outer {
                            vertical[r * (cols - 1) + k - 1] = true;
                        }
                    }
                    ' ' if outer => {
                        return Err(ParseError::at(number, at + 1, ErrorKind::OpenOuterWall));
                    }
                    ' ' => {}
                    other => {
                        return Err(ParseError::expected(
                            number,
                            at + 1,
                            "'|' or a space",
                            &other.to_string(),
                        ));
                    }
                }
                if k < cols {
                    let cell: String = chars[at + 1..at + 1 + width].iter().collect();
                    let word = cell.trim();
                    let column = at + 2 + (cell.len() - cell.trim_start().len());
                    givens[r * cols + k] = match word {
                        "." => 0,
                        _ => number_given(word, number, column)?.ok_or_else(|| {
                            let found = if word.is_empty() { " " } else { word };
                            ParseError::expected(number, column, "a digit or '.'", found)
                        })?,
                    };
                    given_places[r * cols + k] = (number, column);
                }
            }
        } else {
            let r = index / 2;
            if chars.len() > line_len {
                return Err(ragged(number, chars.len()));
            }
            let outer = r == 0 || r == rows;
            for k in 0..=cols {
                let at = k * (width + 1);
                if let Some(&ch) = chars.get(at)
                    && !matches!(ch, ' ' | '-' | '+')
                {
                    return Err(ParseError::expected(
                        number,
                        at + 1,
                        "a space, '-' or '+'",
                        &ch.to_string(),
                    ));
                }
                if k == cols {
                    break;
                }
                let segment: String = (at + 1..at + 1 + width)
                    .map(|i| chars.get(i).copied().unwrap_or(' '))
                    .collect();
                let wall = if segment.chars().all(|ch| ch == '-') {
                    true
                } else if segment.chars().all(|ch| ch == ' ') {
                    false
                } else {
                    return Err(ParseError::expected(
                        number,
                        at + 2,
                        "'-' or a space under each cell",
                        &segment,
                    ));
                };
                if outer && !wall {
                    // Where the wall is missing, or where the line ends before it.
                    let column = (at + 2).min(chars.len() + 1);
                    return Err(ParseError::at(number, column, ErrorKind::OpenOuterWall));
                }
                if !outer {
                    horizontal[(r - 1) * cols + k] = wall;
                }
            }
        }
    }
    let line_of = |index: usize| drawing[index].0;
    let walls = [&vertical[..], &horizontal];
    walled(Format::Ascii, (rows, cols), walls, &givens, None, |error| {
        let (line, column) = match spot(&error) {
            Spot::Given(cell) | Spot::Room(cell) => given_places[cell],
            Spot::Wall(true, index) => {
                let (r, c) = (index / (cols - 1), index % (cols - 1));
                (line_of(2 * r + 1), (c + 1) * (width + 1) + 1)
            }
            Spot::Wall(false, index) => {
                let (r, c) = (index / cols, index % cols);
                (line_of(2 * r + 2), c * (width + 1) + 2)
            }
            Spot::Grid => (size_line, 1),
        };
        ParseError::at(line, column, error)
    })
}

/// Where a [`ShapeError`] is: a given, the first cell of a room, a wall
/// (between two cells of a row, or of a column) by index, or the grid.
enum Spot {
    Given(usize),
    Room(usize),
    Wall(bool, usize),
    Grid,
}

fn spot(error: &ShapeError) -> Spot {
    match *error {
        ShapeError::GivenTooLarge { cell, .. } => Spot::Given(cell),
        ShapeError::RoomTooLarge { cell, .. } => Spot::Room(cell),
        ShapeError::DanglingWall {
            vertical, index, ..
        } => Spot::Wall(vertical, index),
        _ => Spot::Grid,
    }
}

/// The puzzle of the walls (vertical, then horizontal) and givens read in
/// `format`, with the `solution` its text holds; `place` puts a shape
/// error, and each wall that closes no room (a warning), where it was read.
fn walled(
    format: Format,
    (rows, cols): (usize, usize),
    [vertical, horizontal]: [&[bool]; 2],
    givens: &[u8],
    solution: Option<Grid>,
    place: impl Fn(ShapeError) -> ParseError,
) -> Result<Parsed, ParseError> {
    let (puzzle, dangling) =
        Puzzle::from_walls_lenient(rows, cols, vertical, horizontal, givens).map_err(&place)?;
    Ok(Parsed {
        puzzle,
        solution,
        format,
        warnings: dangling.into_iter().map(place).collect(),
    })
}

// ---------------------------------------------------------------- pzprv3

/// A piece of a pzprv3 file: the text between line ends and `/`, with its line and first column.
struct Piece<'a> {
    line: usize,
    column: usize,
    text: &'a str,
}

/// Reads a pzprjs file: lines (or `/`-separated pieces) `pzprv3`, `ripple`,
/// rows, columns, the vertical walls (rows lines of columns - 1 `0`/`1`),
/// the horizontal walls (rows - 1 lines of columns), the givens (`.`, a
/// number, `-` for an unknown digit, taken as empty) and, optionally, the
/// answers.
fn parse_pzprv3(text: &str) -> Result<Parsed, ParseError> {
    let mut pieces = Vec::new();
    for (line, content) in numbered(text) {
        if content.trim_start().starts_with('#') {
            continue;
        }
        let mut column = 1;
        for piece in content.split('/') {
            pieces.push(Piece {
                line,
                column,
                text: piece,
            });
            column += piece.chars().count() + 1;
        }
    }
    let first = pieces
        .iter()
        .position(|piece| !piece.text.trim().is_empty())
        .unwrap_or(0);
    let mut pieces = pieces.into_iter().skip(first);
    let mut last = (1, 1);
    let mut next = |what: &str| {
        pieces
            .next()
            .inspect(|piece| {
                last = (piece.line, piece.column + piece.text.chars().count());
            })
            .ok_or_else(|| ParseError::expected(last.0, last.1, what, ""))
    };
    let single = |piece: &Piece<'_>, what: &str| -> Result<String, ParseError> {
        let words = words(piece.text, piece.column);
        match words.as_slice() {
            [(_, word)] => Ok((*word).to_owned()),
            _ => Err(ParseError::expected(
                piece.line,
                piece.column,
                what,
                piece.text.trim(),
            )),
        }
    };
    let head = next("'pzprv3'")?;
    let magic = single(&head, "'pzprv3'")?;
    if !magic.starts_with("pzprv3") {
        return Err(ParseError::expected(
            head.line,
            head.column,
            "'pzprv3'",
            &magic,
        ));
    }
    let kind = next("'ripple'")?;
    let name = single(&kind, "'ripple'")?;
    if name != "ripple" {
        return Err(ParseError::expected(
            kind.line,
            kind.column,
            "'ripple' (the puzzle type)",
            &name,
        ));
    }
    let mut number = |what: &str| -> Result<(usize, usize, usize), ParseError> {
        let piece = next(what)?;
        let word = single(&piece, what)?;
        let value = word
            .parse::<usize>()
            .map_err(|_| ParseError::expected(piece.line, piece.column, what, &word))?;
        Ok((value, piece.line, piece.column))
    };
    let (rows, rows_line, rows_column) = number("the number of rows")?;
    let (cols, cols_line, cols_column) = number("the number of columns")?;
    let size_line = rows_line;
    if !(1..=MAX_SIDE).contains(&rows) || !(1..=MAX_SIDE).contains(&cols) {
        let (line, column) = if (1..=MAX_SIDE).contains(&rows) {
            (cols_line, cols_column)
        } else {
            (rows_line, rows_column)
        };
        return Err(ParseError::at(
            line,
            column,
            ShapeError::Size { rows, cols },
        ));
    }
    // One block of `count` lines of `width` words.
    let mut block = |count: usize,
                     width: usize,
                     what: &str|
     -> Result<Vec<(usize, usize, String)>, ParseError> {
        let mut out = Vec::with_capacity(count * width);
        for _ in 0..count {
            let piece = next(&format!("a line of {what}"))?;
            let words = entries(&piece, width, what, (rows, cols))?;
            out.extend(
                words
                    .into_iter()
                    .map(|(column, word)| (piece.line, column, word.to_owned())),
            );
        }
        Ok(out)
    };
    let wall = |(line, column, word): &(usize, usize, String)| match word.as_str() {
        "0" => Ok(false),
        "1" => Ok(true),
        _ => Err(ParseError::expected(
            *line,
            *column,
            "a wall '0' or '1'",
            word,
        )),
    };
    let vertical_words = block(rows, cols - 1, "vertical walls")?;
    let vertical = vertical_words
        .iter()
        .map(wall)
        .collect::<Result<Vec<_>, _>>()?;
    let horizontal_words = block(rows - 1, cols, "horizontal walls")?;
    let horizontal = horizontal_words
        .iter()
        .map(wall)
        .collect::<Result<Vec<_>, _>>()?;
    let given_words = block(rows, cols, "givens")?;
    let mut givens = Vec::with_capacity(rows * cols);
    for (line, column, word) in &given_words {
        givens.push(match word.as_str() {
            "." | "-" => 0,
            "#" => {
                return Err(ParseError::at(
                    *line,
                    *column,
                    ErrorKind::Unsupported("cells outside the grid ('#') are not supported"),
                ));
            }
            _ => number_given(word, *line, *column)?.ok_or_else(|| {
                ParseError::expected(*line, *column, "a given: a number, '.' or '-'", word)
            })?,
        });
    }
    // The answers are optional; an empty remainder ends the file.
    let mut solution = None;
    let remaining: Vec<Piece<'_>> = pieces_rest(&mut next);
    let non_blank: Vec<&Piece<'_>> = remaining
        .iter()
        .filter(|piece| !piece.text.trim().is_empty())
        .collect();
    if !non_blank.is_empty() {
        let lines: Vec<&Piece<'_>> = remaining.iter().take(rows).collect();
        if lines.len() < rows {
            let piece = lines.last().copied().unwrap_or(non_blank[0]);
            return Err(ParseError::expected(
                piece.line,
                piece.column,
                &format!("{rows} lines of answers"),
                "",
            ));
        }
        let mut digits = Vec::with_capacity(rows * cols);
        for (r, piece) in lines.iter().enumerate() {
            let words = entries(piece, cols, "answers", (rows, cols))?;
            for (c, (column, word)) in words.into_iter().enumerate() {
                let cell = r * cols + c;
                // Aux marks, pencil marks and blanks: no answer digit.
                let value = number_given(word, piece.line, column)?.unwrap_or(0);
                digits.push(if givens[cell] != 0 {
                    givens[cell]
                } else {
                    value
                });
            }
        }
        if let Some(piece) = remaining
            .iter()
            .skip(rows)
            .find(|piece| !piece.text.trim().is_empty())
        {
            return Err(ParseError::expected(
                piece.line,
                piece.column,
                "the end of the file",
                piece.text.trim(),
            ));
        }
        if digits.iter().all(|&digit| digit != 0) {
            solution = Some(Grid::new(cols, digits));
        }
    }
    let walls = [&vertical[..], &horizontal];
    walled(
        Format::Pzprv3,
        (rows, cols),
        walls,
        &givens,
        solution,
        |error| {
            let (line, column, _) = match spot(&error) {
                Spot::Given(cell) | Spot::Room(cell) => &given_words[cell],
                Spot::Wall(true, index) => &vertical_words[index],
                Spot::Wall(false, index) => &horizontal_words[index],
                Spot::Grid => &(size_line, 1, String::new()),
            };
            ParseError::at(*line, *column, error)
        },
    )
}

/// The words of a line of a pzprv3 file of `rows` x `cols`, which holds
/// `width` of `what`.
fn entries<'a>(
    piece: &Piece<'a>,
    width: usize,
    what: &str,
    (rows, cols): (usize, usize),
) -> Result<Vec<(usize, &'a str)>, ParseError> {
    let words = words(piece.text, piece.column);
    if words.len() != width {
        let said = format!("{rows} rows and {cols} columns");
        let found = format!(
            "this line of {what} has {} entries, not {width}",
            words.len()
        );
        let kind = ErrorKind::SizeMismatch { said, found };
        return Err(ParseError::at(piece.line, piece.column, kind));
    }
    Ok(words)
}

/// Every piece left.
fn pieces_rest<'a>(next: &mut impl FnMut(&str) -> Result<Piece<'a>, ParseError>) -> Vec<Piece<'a>> {
    let mut out = Vec::new();
    while let Ok(piece) = next("") {
        out.push(piece);
    }
    out
}

// ---------------------------------------------------------------- URL

/// The one URL of a text (blank and `#` lines around it allowed).
fn parse_url_text(text: &str) -> Result<Parsed, ParseError> {
    let mut found = None;
    for (number, line) in numbered(text) {
        if is_comment_or_blank(line) {
            continue;
        }
        if found.is_some() {
            return Err(ParseError::expected(
                number,
                1,
                "one URL (a file of URLs, one per line, is a batch for `ripple solve`)",
                line.trim(),
            ));
        }
        found = Some((number, line));
    }
    let (line, text) = found.ok_or_else(|| ParseError::new(end_of(text), ErrorKind::NoPuzzle))?;
    // A position in the URL is a column of its line.
    let indent = text.chars().take_while(|ch| ch.is_whitespace()).count();
    let place = |error: ParseError| match error.location {
        Location::Url { position } => ParseError::at(line, indent + position, error.kind),
        _ => error,
    };
    let (puzzle, warnings) = parse_url_with_warnings(text).map_err(place)?;
    Ok(Parsed {
        puzzle,
        solution: None,
        format: Format::Url,
        warnings: warnings.into_iter().map(place).collect(),
    })
}

/// The value of a base-32 digit `0-9a-v`.
fn base32(ch: u8) -> Option<u8> {
    match ch {
        b'0'..=b'9' => Some(ch - b'0'),
        b'a'..=b'v' => Some(ch - b'a' + 10),
        _ => None,
    }
}

/// The pages a URL may name, before `ripple/`: puzz.link's and pzv.jp's
/// player and editor (`/p?` and `/p.html?`), over `https://`, `http://` or
/// no scheme, with or without `www.`. pzprjs writes
/// `https://puzz.link/p?ripple/...` and wrote `http://pzv.jp/p.html?...`.
const URL_HOSTS: [&str; 2] = ["puzz.link", "pzv.jp"];
const URL_PAGES: [&str; 2] = ["/p?", "/p.html?"];

/// Where `ripple/` starts in `url`, one of the forms puzz.link and pzv.jp
/// use (see [`URL_HOSTS`]) or the bare `ripple/...` query; else the byte
/// where it leaves every form and what was expected there.
fn url_query(url: &str) -> Result<usize, (usize, &'static str)> {
    const RIPPLE: &str = "ripple/";
    if url.starts_with(RIPPLE) {
        return Ok(0);
    }
    // The longest prefix some accepted form shares with `url`, and the
    // longest that ends a whole page (so that only `ripple/` is missing).
    let (mut reach, mut page_end) = (0, None);
    for scheme in ["https://", "http://", ""] {
        for www in ["www.", ""] {
            for host in URL_HOSTS {
                for page in URL_PAGES {
                    let head = format!("{scheme}{www}{host}{page}");
                    if url.starts_with(&head) {
                        if url[head.len()..].starts_with(RIPPLE) {
                            return Ok(head.len());
                        }
                        page_end = page_end.max(Some(head.len()));
                    }
                    let form = format!("{head}{RIPPLE}");
                    let shared = form
                        .bytes()
                        .zip(url.bytes())
                        .take_while(|(a, b)| a == b)
                        .count();
                    reach = reach.max(shared);
                }
            }
        }
    }
    match page_end {
        Some(end) => Err((end, "'ripple/' (a Ripple Effect URL)")),
        None => Err((
            reach,
            "a puzz.link or pzv.jp URL such as https://puzz.link/p?ripple/COLS/ROWS/...",
        )),
    }
}

/// Reads a puzz.link / pzv.jp URL (`https://puzz.link/p?ripple/COLS/ROWS/BODY`,
/// `http://pzv.jp/p.html?ripple/...`, with or without `www.` or the scheme,
/// or just `ripple/COLS/ROWS/BODY`). Errors name the position in the URL.
pub fn parse_url(url: &str) -> Result<Puzzle, ParseError> {
    parse_url_with_warnings(url).map(|(puzzle, _)| puzzle)
}

/// [`parse_url`] with the walls that closed no room (kept as no wall) as warnings.
pub fn parse_url_with_warnings(url: &str) -> Result<(Puzzle, Vec<ParseError>), ParseError> {
    let url = url.trim();
    let at = |index: usize, kind: ErrorKind| {
        ParseError::new(
            Location::Url {
                position: url[..index.min(url.len())].chars().count() + 1,
            },
            kind,
        )
    };
    let expected = |index: usize, what: &str, found: &str| {
        at(
            index,
            ErrorKind::Expected {
                expected: what.to_owned(),
                found: quote(found),
            },
        )
    };
    if let Some(index) =
        url.find(|ch: char| !ch.is_ascii() || ch.is_whitespace() || ch.is_control())
    {
        let found: String = url[index..]
            .chars()
            .take(1)
            .flat_map(char::escape_default)
            .collect();
        return Err(expected(index, "a URL character", &found));
    }
    let mut index = url_query(url).map_err(|(index, what)| {
        let found: String = url[index..].chars().take_while(|&ch| ch != '/').collect();
        expected(index, what, &found)
    })?;
    index += "ripple/".len();
    if url[index..].starts_with("v:/") {
        index += 3;
    }
    let mut number = |what: &str| -> Result<(usize, usize), ParseError> {
        let end = url[index..]
            .find('/')
            .map_or(url.len(), |slash| index + slash);
        let word = &url[index..end];
        let value =
            if !word.is_empty() && word.len() <= 4 && word.bytes().all(|b| b.is_ascii_digit()) {
                word.parse::<usize>().ok()
            } else {
                None
            };
        let value = value.ok_or_else(|| expected(index, what, word))?;
        if end == url.len() {
            return Err(expected(end, "'/'", ""));
        }
        let start = index;
        index = end + 1;
        Ok((value, start))
    };
    let (cols, size_at) = number("the number of columns")?;
    let (rows, _) = number("the number of rows")?;
    if !(1..=MAX_SIDE).contains(&rows) || !(1..=MAX_SIDE).contains(&cols) {
        return Err(at(size_at, ShapeError::Size { rows, cols }.into()));
    }
    let body = &url.as_bytes()[index..];
    let body_at = index;
    let mut position = 0;
    // Walls: 5 bits per base-32 digit, most significant first.
    let mut read_bits = |count: usize, what: &str| -> Result<(Vec<bool>, usize), ParseError> {
        let mut bits = Vec::with_capacity(count);
        let start = position;
        for _ in 0..count.div_ceil(5) {
            let Some(&ch) = body.get(position) else {
                return Err(expected(body_at + position, what, ""));
            };
            let value = base32(ch)
                .ok_or_else(|| expected(body_at + position, what, &(ch as char).to_string()))?;
            for bit in (0..5).rev() {
                if bits.len() < count {
                    bits.push(value >> bit & 1 == 1);
                }
            }
            position += 1;
        }
        Ok((bits, start))
    };
    let (vertical, vertical_at) = read_bits(rows * (cols - 1), "a wall digit 0-9 or a-v")?;
    let (horizontal, horizontal_at) = read_bits((rows - 1) * cols, "a wall digit 0-9 or a-v")?;
    let cells = rows * cols;
    let mut givens = vec![0u8; cells];
    let mut given_at = vec![0usize; cells];
    let mut cell = 0;
    while cell < cells {
        let Some(&ch) = body.get(position) else {
            return Err(expected(
                body_at + position,
                "a given or a skip letter g-z",
                "",
            ));
        };
        let start = position;
        let hex = |from: usize, len: usize| -> Option<usize> {
            let digits = body.get(from..from + len)?;
            let text = std::str::from_utf8(digits).ok()?;
            if !text
                .bytes()
                .all(|b| b.is_ascii_hexdigit() && !b.is_ascii_uppercase())
            {
                return None;
            }
            usize::from_str_radix(text, 16).ok()
        };
        let value = match ch {
            b'0'..=b'9' | b'a'..=b'f' => {
                position += 1;
                Some((ch as char).to_digit(16).unwrap_or(0) as usize)
            }
            b'-' | b'+' => {
                let len = if ch == b'-' { 2 } else { 3 };
                let value = hex(position + 1, len).ok_or_else(|| {
                    let found = String::from_utf8_lossy(
                        &body[position + 1..(position + 1 + len).min(body.len())],
                    )
                    .into_owned();
                    expected(
                        body_at + position + 1,
                        &format!("{len} hexadecimal digits"),
                        &found,
                    )
                })?;
                position += 1 + len;
                Some(value)
            }
            b'.' => {
                // An unknown digit ('?'): an empty cell to the solver.
                position += 1;
                Some(0)
            }
            b'g'..=b'z' => {
                position += 1;
                cell += usize::from(ch - b'g') + 1;
                None
            }
            _ => {
                return Err(expected(
                    body_at + position,
                    "a given or a skip letter g-z",
                    &(ch as char).to_string(),
                ));
            }
        };
        if let Some(value) = value {
            if value > MAX_ROOM {
                return Err(at(
                    body_at + start,
                    ErrorKind::Expected {
                        expected: format!("a given 1 to {MAX_ROOM}"),
                        found: value.to_string(),
                    },
                ));
            }
            if value == 0 && ch != b'.' {
                return Err(expected(body_at + start, "a given 1 or more", "0"));
            }
            givens[cell] = value as u8;
            given_at[cell] = body_at + start;
            cell += 1;
        }
    }
    if position < body.len() {
        let rest = &body[position..];
        if rest.len() == cells.div_ceil(5)
            && rest.iter().all(|&ch| base32(ch).is_some())
            && rest.iter().any(|&ch| ch != b'0')
        {
            return Err(at(
                body_at + position,
                ErrorKind::Unsupported(
                    "cells outside the grid (puzz.link empty cells) are not supported",
                ),
            ));
        }
        return Err(expected(
            body_at + position,
            "the end of the URL",
            &String::from_utf8_lossy(rest),
        ));
    }
    let walls = [&vertical[..], &horizontal];
    let parsed = walled(Format::Url, (rows, cols), walls, &givens, None, |error| {
        let index = match spot(&error) {
            Spot::Given(cell) => given_at[cell],
            Spot::Wall(true, index) => body_at + vertical_at + index / 5,
            Spot::Wall(false, index) => body_at + horizontal_at + index / 5,
            Spot::Room(_) | Spot::Grid => body_at,
        };
        at(index, error.into())
    })?;
    Ok((parsed.puzzle, parsed.warnings))
}

/// The puzzle's canonical puzz.link URL (as pzprjs encodes it).
pub fn to_url(puzzle: &Puzzle) -> String {
    let (rows, cols) = (puzzle.rows(), puzzle.cols());
    let mut out = format!("https://puzz.link/p?ripple/{cols}/{rows}/");
    let mut push_bits = |bits: &mut dyn Iterator<Item = bool>| {
        let bits: Vec<bool> = bits.collect();
        for chunk in bits.chunks(5) {
            let mut value = 0u8;
            for (k, &bit) in chunk.iter().enumerate() {
                if bit {
                    value |= 16 >> k;
                }
            }
            out.push(char::from_digit(u32::from(value), 32).unwrap_or('0'));
        }
    };
    push_bits(
        &mut (0..rows)
            .flat_map(|r| (0..cols - 1).map(move |c| (r, c)))
            .map(|(r, c)| puzzle.wall_right(r, c)),
    );
    push_bits(
        &mut (0..rows - 1)
            .flat_map(|r| (0..cols).map(move |c| (r, c)))
            .map(|(r, c)| puzzle.wall_below(r, c)),
    );
    let mut count = 0u32;
    for &given in puzzle.givens() {
        let text = match given {
            0 => String::new(),
            1..=15 => format!("{given:x}"),
            _ => format!("-{given:02x}"),
        };
        if text.is_empty() {
            count += 1;
        }
        if !text.is_empty() || count == 20 {
            if count > 0 {
                out.push(char::from_digit(15 + count, 36).unwrap_or('z'));
            }
            out.push_str(&text);
            count = 0;
        }
    }
    if count > 0 {
        out.push(char::from_digit(15 + count, 36).unwrap_or('z'));
    }
    out
}

/// The puzzle as a pzprjs file (`pzprv3`), with `answer` in the answer block if given.
pub fn to_pzprv3(puzzle: &Puzzle, answer: Option<&Grid>) -> String {
    let (rows, cols) = (puzzle.rows(), puzzle.cols());
    let mut out = format!("pzprv3\nripple\n{rows}\n{cols}\n");
    // `lines` lines of `count` entries, each with a space after it.
    let mut block = |lines: usize, count: usize, entry: &dyn Fn(usize, usize) -> String| {
        for r in 0..lines {
            for c in 0..count {
                let _ = write!(out, "{} ", entry(r, c));
            }
            out.push('\n');
        }
    };
    let bit = |wall: bool| u8::from(wall).to_string();
    block(rows, cols - 1, &|r, c| bit(puzzle.wall_right(r, c)));
    block(rows - 1, cols, &|r, c| bit(puzzle.wall_below(r, c)));
    let cell = |value: u8| match value {
        0 => ".".to_owned(),
        _ => value.to_string(),
    };
    block(rows, cols, &|r, c| cell(puzzle.givens()[r * cols + c]));
    block(rows, cols, &|r, c| {
        let index = r * cols + c;
        cell(match answer {
            Some(grid) if puzzle.givens()[index] == 0 => {
                grid.values().get(index).copied().unwrap_or(0)
            }
            _ => 0,
        })
    });
    out
}

/// The puzzle in the normalised form, with `solution` if given.
pub fn to_normalised(puzzle: &Puzzle, solution: Option<&Grid>) -> String {
    let (rows, cols) = (puzzle.rows(), puzzle.cols());
    let mut out = format!("size {rows} {cols}\nregions {}\n", puzzle.rooms().len());
    let grid = |out: &mut String, value: &dyn Fn(usize) -> String| {
        for r in 0..rows {
            let line: Vec<String> = (0..cols).map(|c| value(r * cols + c)).collect();
            out.push_str(&line.join(" "));
            out.push('\n');
        }
    };
    grid(&mut out, &|cell| puzzle.room_of()[cell].to_string());
    out.push_str("clues\n");
    grid(&mut out, &|cell| match puzzle.givens()[cell] {
        0 => ".".to_owned(),
        given => given.to_string(),
    });
    if let Some(solution) = solution {
        out.push_str("solution\n");
        grid(&mut out, &|cell| {
            solution
                .values()
                .get(cell)
                .copied()
                .unwrap_or(0)
                .to_string()
        });
    }
    out
}

/// The puzzle as an ASCII wall drawing: the size line, then the drawing.
pub fn to_ascii(puzzle: &Puzzle) -> String {
    let (rows, cols, drawing) = (puzzle.rows(), puzzle.cols(), puzzle.draw(puzzle.givens()));
    format!("{rows} {cols}\n{drawing}")
}

/// The puzzle written in `format` (a URL ends with a line end too).
pub fn write(puzzle: &Puzzle, format: Format, solution: Option<&Grid>) -> String {
    match format {
        Format::Url => format!("{}\n", to_url(puzzle)),
        Format::Pzprv3 => to_pzprv3(puzzle, solution),
        Format::Normalised => to_normalised(puzzle, solution),
        Format::Ascii => to_ascii(puzzle),
    }
}
