//! The forms puzzlers hold an Akari in, each read into the same [`Akari`]
//! and written back: the plain drawing ([`Format::Text`]), puzz.link URLs
//! ([`Format::Url`], `https://puzz.link/p?lightup/COLS/ROWS/BODY`, the
//! `akari` name read too), pzprjs files ([`Format::Pzprv3`], with their
//! answer) and Simon Tatham's game IDs ([`Format::Tatham`],
//! `7x7:b1g0i1a2cBa3i2g2b`).
//!
//! [`read`] tells the form by its content; each reader's errors name the
//! line and column of the text and what was expected there.

mod puzzlink;
mod pzprv3;
mod tatham;

use crate::{Akari, Bulbs, ErrorKind, ParseError};

pub use puzzlink::{is_url, read_url, to_url};
pub use pzprv3::{read_pzprv3, to_pzprv3};
pub use tatham::{is_game_id, read_game_id, to_game_id};

/// A form a puzzle is written in.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum Format {
    /// The plain drawing: `.` white, `#` black, `0`-`4` numbered, one row
    /// per line (`*` a bulb in a solution).
    #[default]
    Text,
    /// A puzz.link URL, `https://puzz.link/p?lightup/COLS/ROWS/BODY`.
    Url,
    /// A pzprjs file (`pzprv3`), with the bulbs of a solution as its answer.
    Pzprv3,
    /// Simon Tatham's game ID, `COLSxROWS:DESCRIPTION`.
    Tatham,
}

impl Format {
    /// The name `--format` takes.
    pub fn name(self) -> &'static str {
        match self {
            Format::Text => "text",
            Format::Url => "url",
            Format::Pzprv3 => "pzprv3",
            Format::Tatham => "tatham",
        }
    }
}

/// The first line of `text` that holds something (not blank, not a `# `
/// comment): its 1-based number, and the line.
fn first_line(text: &str) -> Option<(usize, &str)> {
    text.lines()
        .enumerate()
        .map(|(index, line)| (index + 1, line.strip_prefix('\u{feff}').unwrap_or(line)))
        .find(|(_, line)| !line.trim().is_empty() && !is_comment(line))
}

/// A comment line of a fixture or a batch: `#` then a space (no row of a
/// drawing holds a space), or `#` and nothing after a URL or an ID line.
pub fn is_comment(line: &str) -> bool {
    line.trim_start().starts_with("# ")
}

/// The form of `text`, told by its first line that holds something: a
/// URL, a pzprv3 file, a game ID, else the drawing.
pub fn detect(text: &str) -> Format {
    let Some((_, line)) = first_line(text) else {
        return Format::Text;
    };
    let line = line.trim();
    if line.starts_with("pzprv3") {
        Format::Pzprv3
    } else if is_url(line) {
        Format::Url
    } else if is_game_id(line) {
        Format::Tatham
    } else {
        Format::Text
    }
}

/// Whether `line` is one puzzle on its own, as a batch holds them: a
/// puzz.link URL or a game ID.
pub fn is_one_line(line: &str) -> bool {
    let line = line.trim();
    is_url(line) || is_game_id(line)
}

/// Reads a puzzle in any form ([`detect`]).
///
/// ```
/// let puzzle = akari::formats::read("7x7:b1g0i1a2cBa3i2g2b")?;
/// assert_eq!(puzzle.to_line(), "..1..../...0.../......1/.2...#./3....../...2.../....2..");
/// # Ok::<(), akari::ParseError>(())
/// ```
///
/// # Errors
///
/// Where the text is not a puzzle of its form, and what was expected.
pub fn read(text: &str) -> Result<Akari, ParseError> {
    read_with_bulbs(text).map(|(puzzle, _)| puzzle)
}

/// Reads a puzzle in any form ([`detect`]), with the bulbs that a pzprv3
/// file's answer or a solution's drawing holds (`None` when it holds none).
///
/// # Errors
///
/// As [`read`].
pub fn read_with_bulbs(text: &str) -> Result<(Akari, Option<Bulbs>), ParseError> {
    match detect(text) {
        // A puzzle's drawing, else a solution's (with `*`); an error is
        // the puzzle reader's, which names what a puzzle holds.
        Format::Text => match text.parse::<Akari>() {
            Ok(puzzle) => Ok((puzzle, None)),
            Err(error) => match crate::read_solved(text) {
                Ok((puzzle, bulbs)) => Ok((puzzle, Some(bulbs))),
                Err(_) => Err(error),
            },
        },
        Format::Url => one_line(text, read_url).map(|puzzle| (puzzle, None)),
        Format::Tatham => one_line(text, read_game_id).map(|puzzle| (puzzle, None)),
        Format::Pzprv3 => read_pzprv3(text),
    }
}

/// Reads the one line of `text` that holds a URL or an ID with `reader`
/// (whose errors are on line 1, counted in characters from the line's
/// first), the error moved to its place in the text; any other line that
/// holds something is an error.
fn one_line(
    text: &str,
    reader: fn(&str) -> Result<Akari, ParseError>,
) -> Result<Akari, ParseError> {
    let (number, line) = first_line(text).ok_or(ParseError::at(1, 1, ErrorKind::NoRows))?;
    let trimmed = line.trim_start();
    let indent = line.chars().count() - trimmed.chars().count();
    let puzzle = reader(trimmed.trim_end())
        .map_err(|error| ParseError::at(number, error.column + indent, error.kind))?;
    let rest = text.lines().enumerate().skip(number);
    if let Some((index, extra)) = rest
        .map(|(index, line)| (index + 1, line))
        .find(|(_, line)| !line.trim().is_empty() && !is_comment(line))
    {
        let column = extra.chars().count() - extra.trim_start().chars().count() + 1;
        let kind = ErrorKind::Format(format!(
            "expected the end of the input after the puzzle on line {number} (one puzzle per input; a batch is a file of URLs or game IDs only), found '{}'",
            shown(extra.trim())
        ));
        return Err(ParseError::at(index, column, kind));
    }
    Ok(puzzle)
}

/// At most 20 characters of `text`, escaped, for a message.
fn shown(text: &str) -> String {
    let mut out: String = text.chars().take(20).flat_map(char::escape_debug).collect();
    if text.chars().nth(20).is_some() {
        out.push_str("...");
    }
    out
}

/// Writes `puzzle` in `format`; `bulbs`, when given, as the drawing's `*`
/// or the pzprv3 file's answer (a URL and a game ID hold no solution:
/// they are written without it).
pub fn write(puzzle: &Akari, format: Format, bulbs: Option<&Bulbs>) -> String {
    match format {
        Format::Text => match bulbs {
            Some(bulbs) => format!("{}\n", puzzle.draw(bulbs, '\n')),
            None => format!("{puzzle}\n"),
        },
        Format::Url => format!("{}\n", to_url(puzzle)),
        Format::Pzprv3 => to_pzprv3(puzzle, bulbs),
        Format::Tatham => format!("{}\n", to_game_id(puzzle)),
    }
}

/// `what` at the 1-based character `column` of a one-line text.
fn error(column: usize, what: String) -> ParseError {
    ParseError::at(1, column, ErrorKind::Format(what))
}

/// Reads the decimal number at the start of `text`: its value (saturated,
/// so that a huge one is still "too large") and its length in bytes.
fn leading_number(text: &str) -> Option<(usize, usize)> {
    let digits = text.bytes().take_while(u8::is_ascii_digit).count();
    (digits > 0).then(|| {
        let value = text[..digits].bytes().fold(0usize, |value, digit| {
            value
                .saturating_mul(10)
                .saturating_add(usize::from(digit - b'0'))
        });
        (value, digits)
    })
}

#[cfg(test)]
mod tests;
