//! The puzzle: a board size N, read from text and shown as the command
//! line takes it (its [`puzzle_kit::Puzzle`] implementation is in
//! `solve.rs`), and the sizes it does not take ([`SizeError`]).

use std::fmt;
use std::str::FromStr;

use crate::MAX_SOLVE_N;

/// N-Queens on an `n`×`n` board, `1 <= n <=` [`MAX_SOLVE_N`]: the puzzle
/// type of this crate. It reads from and shows as its decimal size (`"8"`).
///
/// ```
/// use nqueens::Queens;
///
/// let queens: Queens = "8".parse()?;
/// assert_eq!((queens.n(), queens.to_string()), (8, "8".to_owned()));
/// let error = "8x".parse::<Queens>().unwrap_err();
/// assert_eq!(error.to_string(), "line 1, column 2: expected a digit, found 'x'");
/// # Ok::<(), nqueens::ParseError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Queens {
    n: usize,
}

impl Queens {
    /// The board of `n` rows.
    ///
    /// # Errors
    ///
    /// [`SizeError`] when `n` is 0 or above [`MAX_SOLVE_N`].
    pub fn new(n: usize) -> Result<Self, SizeError> {
        SizeError::check(n, MAX_SOLVE_N).map(|()| Queens { n })
    }

    /// The board size.
    pub fn n(self) -> usize {
        self.n
    }
}

impl fmt::Display for Queens {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.n)
    }
}

/// Why a text is not a board size, at a line and column of the text.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}, column {column}: {message}")]
pub struct ParseError {
    /// The line, from 1.
    pub line: usize,
    /// The column (in characters), from 1.
    pub column: usize,
    /// What was expected and found.
    pub message: String,
}

impl FromStr for Queens {
    type Err = ParseError;

    /// A decimal size with optional blanks around it (a line of its own).
    fn from_str(text: &str) -> Result<Self, ParseError> {
        let mut line = 1;
        let mut column = 0;
        let mut digits = String::new();
        let mut start = None;
        let mut ended = false;
        for c in text.chars() {
            column += 1;
            let at = |message: String| ParseError {
                line,
                column,
                message,
            };
            match c {
                '0'..='9' if !ended => {
                    start.get_or_insert((line, column));
                    digits.push(c);
                }
                '\n' => {
                    ended |= !digits.is_empty();
                    line += 1;
                    column = 0;
                }
                c if c.is_whitespace() => ended |= !digits.is_empty(),
                c if ended => {
                    return Err(at(format!(
                        "expected the end of the input after the size, found {c:?}"
                    )));
                }
                c => return Err(at(format!("expected a digit, found {c:?}"))),
            }
        }
        let Some((line, column)) = start else {
            return Err(ParseError {
                line,
                column: column + 1,
                message: format!(
                    "expected a board size 1 to {MAX_SOLVE_N}, found the end of the input"
                ),
            });
        };
        let n = digits.parse::<usize>().unwrap_or(usize::MAX);
        Queens::new(n).map_err(|error| ParseError {
            line,
            column,
            message: error.to_string(),
        })
    }
}

/// A board size that [`count`](crate::count) or [`Queens::new`] does not take.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum SizeError {
    /// N = 0.
    #[error("N must be at least 1: a board needs a square to put a queen on")]
    Empty,
    /// N above what the function supports.
    #[error("N = {n} is larger than the largest supported board, {max}")]
    TooLarge {
        /// The N asked for.
        n: usize,
        /// The largest N supported.
        max: usize,
    },
}

impl SizeError {
    /// Refuses a board of no square, or of more than `max` rows.
    pub(crate) fn check(n: usize, max: usize) -> Result<(), SizeError> {
        match n {
            0 => Err(SizeError::Empty),
            n if n > max => Err(SizeError::TooLarge { n, max }),
            _ => Ok(()),
        }
    }
}
