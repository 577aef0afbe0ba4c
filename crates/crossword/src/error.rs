//! Typed errors of reading grids and word lists: each names where the
//! problem is (a line and column of a text, or a byte offset of a `.puz`)
//! and what was expected.

use std::fmt;

/// Where in the input a problem was found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Location {
    /// The whole input (an empty file, a grid with no entry).
    Input,
    /// A 1-based line.
    Line(usize),
    /// A 1-based line and column (in characters).
    LineColumn(usize, usize),
    /// A byte offset in a binary file (`.puz`).
    Byte(usize),
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Location::Input => Ok(()),
            Location::Line(line) => write!(f, "line {line}: "),
            Location::LineColumn(line, column) => write!(f, "line {line}, column {column}: "),
            Location::Byte(offset) => write!(f, "byte {offset}: "),
        }
    }
}

/// A grid or a word list that cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{location}{message}")]
pub struct ParseError {
    /// Where.
    pub location: Location,
    /// What was expected and found.
    pub message: String,
}

impl ParseError {
    /// An error at `location`.
    pub fn new(location: Location, message: impl Into<String>) -> Self {
        ParseError {
            location,
            message: message.into(),
        }
    }
}

/// The 1-based line and column just past the last character of `text`
/// (where a reader that wanted more found the end). A carriage return
/// ending the text ends its line, as the reader takes it: it is no column.
pub(crate) fn end_of(text: &str) -> (usize, usize) {
    let line = text.matches('\n').count() + 1;
    let last = text.rsplit('\n').next().unwrap_or_default();
    let last = last.strip_suffix('\r').unwrap_or(last);
    (line, last.chars().count() + 1)
}

/// The 1-based line and column of byte `offset` of `text` (columns in
/// characters).
pub(crate) fn line_column(text: &str, offset: usize) -> (usize, usize) {
    let before = text.get(..offset).unwrap_or(text);
    end_of(before)
}
