//! The typed parse error: where in the input (line and column, or position
//! in a URL) and what was wrong there.

use std::fmt;

use crate::puzzle::ShapeError;

/// Where a parse error is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Location {
    /// A line and column of a text (both 1-based; column 0: the whole line).
    Text {
        /// 1-based line.
        line: usize,
        /// 1-based column in characters; 0 for the line as a whole.
        column: usize,
    },
    /// A character of a puzz.link URL (1-based).
    Url {
        /// 1-based position in the URL.
        position: usize,
    },
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Location::Text { line, column: 0 } => write!(f, "line {line}"),
            Location::Text { line, column } => write!(f, "line {line}, column {column}"),
            Location::Url { position } => write!(f, "URL position {position}"),
        }
    }
}

/// What was wrong.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ErrorKind {
    /// Something else was expected here.
    #[error("expected {expected}, found {found}")]
    Expected {
        /// What would have been read.
        expected: String,
        /// What was there (quoted) or `the end`.
        found: String,
    },
    /// A line whose length does not fit the others or the size line.
    #[error("ragged line: expected {expected} characters, found {found}")]
    Ragged {
        /// Characters expected.
        expected: usize,
        /// Characters found.
        found: usize,
    },
    /// The size line (or header) disagrees with what follows.
    #[error("the size says {said} but {found}")]
    SizeMismatch {
        /// What the size line says.
        said: String,
        /// What the input holds.
        found: String,
    },
    /// The outer wall of a drawing has a gap.
    #[error("the outer wall is open here")]
    OpenOuterWall,
    /// The rooms, walls or givens do not make a puzzle.
    #[error(transparent)]
    Shape(#[from] ShapeError),
    /// A feature of the format this crate does not take.
    #[error("{0}")]
    Unsupported(&'static str),
    /// Nothing that looks like a puzzle.
    #[error(
        "no puzzle found: expected a puzz.link URL, a pzprv3 file, a normalised file (size/regions/clues) or an ASCII wall drawing ('ROWS COLS' line, then '|' and '-' walls)"
    )]
    NoPuzzle,
}

/// A puzzle that could not be read: where, and what was wrong.
///
/// ```
/// let error = "size 2 2\nregions 1\n0 0\n0 x\nclues\n. .\n. .\n".parse::<ripple::Puzzle>().unwrap_err();
/// assert_eq!(error.to_string(), "line 4, column 3: expected a room number, found 'x'");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{location}: {kind}")]
pub struct ParseError {
    /// Where.
    pub location: Location,
    /// What.
    pub kind: ErrorKind,
}

impl ParseError {
    /// An error at `location`.
    pub fn new(location: Location, kind: impl Into<ErrorKind>) -> Self {
        ParseError {
            location,
            kind: kind.into(),
        }
    }

    /// An error at a line and column of a text.
    pub fn at(line: usize, column: usize, kind: impl Into<ErrorKind>) -> Self {
        ParseError::new(Location::Text { line, column }, kind)
    }

    /// "expected X, found Y" at a line and column.
    pub(crate) fn expected(line: usize, column: usize, expected: &str, found: &str) -> Self {
        ParseError::at(
            line,
            column,
            ErrorKind::Expected {
                expected: expected.to_owned(),
                found: quote(found),
            },
        )
    }
}

/// `'text'`, shortened, or `the end` when empty.
pub(crate) fn quote(text: &str) -> String {
    if text.is_empty() {
        return "the end".to_owned();
    }
    let short: String = text.chars().take(20).collect();
    if short.len() < text.len() {
        format!("'{short}...'")
    } else {
        format!("'{short}'")
    }
}
