//! The puzzle: givens on the 5x5 grid and the words to trace, parsed from the
//! two-part form (a words file and the nine given letters) or from one puzzle file.

use std::fmt;

use thiserror::Error;

/// Side of the grid.
pub const SIDE: usize = 5;
/// Cells on the grid, and letters in play (A..Y: every letter but Z).
pub const CELLS: usize = SIDE * SIDE;

/// The cells of the nine givens in the standard puzzle, in the order of the
/// `--letters` string: the corners, edge midpoints and centre.
pub const STANDARD_GIVEN_CELLS: [usize; 9] = [0, 2, 4, 10, 12, 14, 20, 22, 24];

/// The longest line a puzzle file may hold, in bytes: far more than any
/// grid row or word list needs, so a line beyond it (a runaway file, a
/// fuzzer's 300 MB line) is refused by its length before anything is
/// copied out of it.
pub const MAX_LINE_BYTES: usize = 10_000;

/// A letter A..Y as its index 0..24.
pub type Letter = u8;

/// The letter index of `c` (either case), if it is one of A..Y.
pub fn letter_index(c: char) -> Option<Letter> {
    let upper = c.to_ascii_uppercase();
    ('A'..='Y').contains(&upper).then(|| upper as u8 - b'A')
}

/// The character of letter index `letter`.
pub fn letter_char(letter: Letter) -> char {
    char::from(b'A' + letter)
}

/// True when cells `a` and `b` are distinct and touch horizontally,
/// vertically or diagonally.
pub fn adjacent(a: usize, b: usize) -> bool {
    NEIGHBOURS[a] & (1 << b) != 0
}

/// The cells touching each cell (horizontally, vertically or diagonally), as
/// bitmasks over the 25 cells; the solvers' adjacency test.
pub(crate) const NEIGHBOURS: [u32; CELLS] = {
    let mut masks = [0u32; CELLS];
    let mut cell = 0;
    while cell < CELLS {
        let (row, col) = (cell / SIDE, cell % SIDE);
        let mut other = 0;
        while other < CELLS {
            let (r, c) = (other / SIDE, other % SIDE);
            if other != cell && r.abs_diff(row) <= 1 && c.abs_diff(col) <= 1 {
                masks[cell] |= 1 << other;
            }
            other += 1;
        }
        cell += 1;
    }
    masks
};

/// A Gogen puzzle: the given letters and the words that must be traceable.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Puzzle {
    givens: [Option<Letter>; CELLS],
    words: Vec<String>,
}

/// Why a puzzle could not be read. Every message names the line and
/// column (1-based, counting characters of the line as written) of the
/// character at fault, or where what is missing was expected (for text
/// that ends too soon, its end), and what was expected; all but the
/// `--letters` string, which is no text of the file.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum ParseError {
    /// The text holds no grid at all (only comments or blank lines).
    #[error(
        "line {line}, column {column}: no grid found before the end of the text, expected \
         five rows of 5 letters or '.', then the words"
    )]
    NoGrid {
        /// Line of the end of the text.
        line: usize,
        /// Column of the end of the text.
        column: usize,
    },
    /// The text ends inside the grid.
    #[error("line {line}, column {column}: the text ends after {rows} of the grid's 5 rows")]
    GridEnds {
        /// The line after the last row.
        line: usize,
        /// Column 1 of it.
        column: usize,
        /// Rows read.
        rows: usize,
    },
    /// The grid part has a line of the wrong width, or a blank line.
    #[error(
        "line {line}, column {column}: expected a grid row of 5 letters or '.', found {found:?}"
    )]
    GridRow {
        /// Line of the offending row.
        line: usize,
        /// Column of its sixth cell when it has more than five, else just
        /// past its last character.
        column: usize,
        /// The row as written.
        found: String,
    },
    /// A grid cell holds something other than A..Y or '.'.
    #[error("line {line}, column {column}: expected a letter A-Y or '.', found '{found}'")]
    GridCell {
        /// Line of the cell.
        line: usize,
        /// Column of the cell (1-based).
        column: usize,
        /// What was there.
        found: char,
    },
    /// A letter is given in two cells.
    #[error("line {line}, column {column}: letter {letter} is given twice")]
    RepeatedGiven {
        /// Line of the second occurrence.
        line: usize,
        /// Column of the second occurrence (1-based).
        column: usize,
        /// The repeated letter.
        letter: char,
    },
    /// The `--letters` string is not nine distinct letters A..Y.
    #[error(
        "letters: expected 9 distinct letters A-Y for the standard given cells, found {found:?}"
    )]
    Letters {
        /// The string as given.
        found: String,
    },
    /// A word holds a character that no cell can hold (Z, a digit, ...).
    #[error(
        "line {line}, column {column}: expected a letter A-Y in word {word:?}, found '{found}'"
    )]
    WordLetter {
        /// Line of the word (for [`Puzzle::new`], the word's number).
        line: usize,
        /// Column of the character (1-based, in characters).
        column: usize,
        /// The word.
        word: String,
        /// The impossible character.
        found: char,
    },
    /// The word count in a header does not match the words that follow.
    #[error(
        "line {line}, column {column}: the header announces {}, but {found} {} it",
        count_of_words(*announced),
        if *found == 1 { "follows" } else { "follow" }
    )]
    WordCount {
        /// Line of the header.
        line: usize,
        /// Column of the count in it.
        column: usize,
        /// Count announced.
        announced: usize,
        /// Words found.
        found: usize,
    },
    /// The header line of a words file is not a number.
    #[error("line {line}, column {column}: expected the number of words, found {found:?}")]
    WordCountHeader {
        /// Line of the header.
        line: usize,
        /// Column of what stands where the number should.
        column: usize,
        /// What was there.
        found: String,
    },
    /// No words at all.
    #[error(
        "line {line}, column {column}: no word before the end of the text, expected at least \
         one word after the grid"
    )]
    NoWords {
        /// Line of the end of the text (1 for [`Puzzle::new`]).
        line: usize,
        /// Column of the end of the text (1 for [`Puzzle::new`]).
        column: usize,
    },
    /// A line far longer than any puzzle line ([`MAX_LINE_BYTES`]).
    #[error(
        "line {line}, column {column}: {length} characters, longer than any puzzle line \
         (at most {max} bytes)"
    )]
    LineTooLong {
        /// The line.
        line: usize,
        /// The column of the first character past the limit.
        column: usize,
        /// Its length in characters.
        length: usize,
        /// [`MAX_LINE_BYTES`].
        max: usize,
    },
}

/// "1 word", "12 words".
fn count_of_words(count: usize) -> String {
    match count {
        1 => "1 word".to_owned(),
        count => format!("{count} words"),
    }
}

/// The line and column of the end of `text`, where what it lacks was
/// expected.
fn end_of(text: &str) -> (usize, usize) {
    let line = 1 + text.matches('\n').count();
    let last = text.rsplit('\n').next().unwrap_or_default();
    (line, 1 + last.trim_end_matches('\r').chars().count())
}

/// The first line of `text` longer than [`MAX_LINE_BYTES`], as an error
/// naming its length (counted, never copied).
fn refuse_long_lines(text: &str) -> Result<(), ParseError> {
    match text
        .lines()
        .enumerate()
        .find(|(_, line)| line.len() > MAX_LINE_BYTES)
    {
        Some((index, line)) => Err(ParseError::LineTooLong {
            line: index + 1,
            // The first character that does not end within the limit.
            column: 1 + line
                .char_indices()
                .take_while(|&(at, c)| at + c.len_utf8() <= MAX_LINE_BYTES)
                .count(),
            length: line.chars().count(),
            max: MAX_LINE_BYTES,
        }),
        None => Ok(()),
    }
}

impl Puzzle {
    /// A puzzle from givens (cell to letter) and words, checked as the parser
    /// checks them. Words are upper-cased.
    pub fn new(givens: [Option<Letter>; CELLS], words: &[&str]) -> Result<Self, ParseError> {
        let mut seen = [false; CELLS];
        for (cell, letter) in givens.iter().enumerate() {
            if let Some(letter) = *letter {
                if usize::from(letter) >= CELLS {
                    return Err(ParseError::GridCell {
                        line: cell / SIDE + 1,
                        column: cell % SIDE + 1,
                        found: '?',
                    });
                }
                if std::mem::replace(&mut seen[usize::from(letter)], true) {
                    return Err(ParseError::RepeatedGiven {
                        line: cell / SIDE + 1,
                        column: cell % SIDE + 1,
                        letter: letter_char(letter),
                    });
                }
            }
        }
        let mut checked = Vec::with_capacity(words.len());
        for (index, word) in words.iter().enumerate() {
            checked.push(checked_word(word.trim(), index + 1, 1 + indent(word))?);
        }
        if checked.is_empty() {
            return Err(ParseError::NoWords { line: 1, column: 1 });
        }
        Ok(Puzzle {
            givens,
            words: checked,
        })
    }

    /// The two-part input: a words file (first line the count, then one word
    /// per line) and the nine letters of the standard given cells.
    pub fn from_words_file(words_file: &str, letters: &str) -> Result<Self, ParseError> {
        let parsed: Option<Vec<Letter>> = letters.trim().chars().map(letter_index).collect();
        let distinct = |letters: &[Letter]| {
            letters
                .iter()
                .collect::<std::collections::BTreeSet<_>>()
                .len()
        };
        let letters = match parsed {
            Some(parsed) if parsed.len() == 9 && distinct(&parsed) == 9 => parsed,
            _ => {
                return Err(ParseError::Letters {
                    found: letters.trim().to_owned(),
                });
            }
        };
        refuse_long_lines(words_file)?;
        let mut givens = [None; CELLS];
        for (&cell, &letter) in STANDARD_GIVEN_CELLS.iter().zip(&letters) {
            givens[cell] = Some(letter);
        }
        let mut lines = words_file
            .lines()
            .enumerate()
            .filter(|(_, line)| !line.trim().is_empty());
        let (header_index, header) = lines.next().ok_or_else(|| {
            let (line, column) = end_of(words_file);
            ParseError::NoWords { line, column }
        })?;
        let header_column = 1 + indent(header);
        let announced: usize = header
            .trim()
            .parse()
            .map_err(|_| ParseError::WordCountHeader {
                line: header_index + 1,
                column: header_column,
                found: excerpt(header.trim()),
            })?;
        let mut words = Vec::new();
        for (index, line) in lines {
            for (column, word) in words_of(line, 1) {
                words.push(checked_word(word, index + 1, column)?);
            }
        }
        if words.len() != announced {
            return Err(ParseError::WordCount {
                line: header_index + 1,
                column: header_column,
                announced,
                found: words.len(),
            });
        }
        let words: Vec<&str> = words.iter().map(String::as_str).collect();
        Puzzle::new(givens, &words)
    }

    /// The canonical one-line form, which reads back as the same puzzle:
    /// the 25 cells row by row (a letter or `.`), then the words, each
    /// after a space (`M.G.D.....W.L.Y.....S.J.B ACQUIRE AXLE ...`).
    pub fn to_line(&self) -> String {
        let mut line: String = self
            .givens
            .iter()
            .map(|cell| cell.map_or('.', letter_char))
            .collect();
        for word in &self.words {
            line.push(' ');
            line.push_str(word);
        }
        line
    }

    /// The given letter of each cell, row by row.
    pub fn givens(&self) -> &[Option<Letter>; CELLS] {
        &self.givens
    }

    /// The words, upper case, in the order given.
    pub fn words(&self) -> &[String] {
        &self.words
    }

    /// Every pair of letters that must sit in adjacent cells, each pair once,
    /// with the smaller letter first.
    pub fn adjacent_pairs(&self) -> Vec<(Letter, Letter)> {
        let mut pairs = std::collections::BTreeSet::new();
        for word in &self.words {
            let letters: Vec<Letter> = word.chars().filter_map(letter_index).collect();
            for pair in letters.windows(2) {
                pairs.insert((pair[0].min(pair[1]), pair[0].max(pair[1])));
            }
        }
        pairs.into_iter().collect()
    }
}

/// At most 40 characters of `text`, so an error about a huge line stays
/// readable.
fn excerpt(text: &str) -> String {
    match text.char_indices().nth(40) {
        Some((cut, _)) => format!("{}...", &text[..cut]),
        None => text.to_owned(),
    }
}

/// The words of a line (separated by commas or any whitespace, such as
/// the no-break space of text pasted from a web page), each with the column
/// where it starts, counting from `first_column`.
fn words_of(text: &str, first_column: usize) -> impl Iterator<Item = (usize, &str)> {
    text.split(|c: char| c == ',' || c.is_whitespace())
        .scan(first_column, |column, word| {
            let start = *column;
            // Every separator is one character.
            *column += word.chars().count() + 1;
            Some((start, word))
        })
        .filter(|(_, word)| !word.is_empty())
}

/// Leading whitespace as a count of characters: what `trim` took off the
/// front of a line, so columns can be given in the line as written.
fn indent(line: &str) -> usize {
    line.chars().take_while(|c| c.is_whitespace()).count()
}

/// `word`, upper-cased, if every character is a letter some cell can hold;
/// `column` is where the word starts on its line.
fn checked_word(word: &str, line: usize, column: usize) -> Result<String, ParseError> {
    match word
        .chars()
        .enumerate()
        .find(|&(_, c)| letter_index(c).is_none())
    {
        Some((offset, found)) => Err(ParseError::WordLetter {
            line,
            column: column + offset,
            word: excerpt(word),
            found,
        }),
        None => Ok(word.to_ascii_uppercase()),
    }
}

impl std::str::FromStr for Puzzle {
    type Err = ParseError;

    /// One puzzle file: optional `#` comments and a `grid` header, five grid
    /// lines (letters, `.` for blanks), then the words (one per line or
    /// separated by spaces or commas), optionally after a `words K` header
    /// whose K is checked; a trailing `solution` section is ignored. The
    /// five grid lines may also be one line of the 25 cells, with the
    /// words after it on the same line or the next ones: the one-line form
    /// [`Puzzle::to_line`] writes.
    fn from_str(text: &str) -> Result<Self, ParseError> {
        refuse_long_lines(text)?;
        let mut lines = text
            .lines()
            .enumerate()
            .map(|(index, line)| (index + 1, line.trim(), indent(line)))
            .filter(|(_, line, _)| !line.starts_with('#'))
            .skip_while(|(_, line, _)| line.is_empty())
            .peekable();
        if lines
            .peek()
            .is_some_and(|(_, line, _)| line.eq_ignore_ascii_case("grid"))
        {
            lines.next();
        }
        let mut givens = [None; CELLS];
        let mut seen = [false; CELLS];
        // Puts the character `c` of `line`, `column` in `cell`.
        let mut place = |cell: usize, line: usize, column: usize, c: char| {
            if c == '.' {
                return Ok(());
            }
            let letter = letter_index(c).ok_or(ParseError::GridCell {
                line,
                column,
                found: c,
            })?;
            if std::mem::replace(&mut seen[usize::from(letter)], true) {
                return Err(ParseError::RepeatedGiven {
                    line,
                    column,
                    letter: letter_char(letter),
                });
            }
            givens[cell] = Some(letter);
            Ok(())
        };
        // The one-line form (`to_line`): the 25 cells row by row, then the
        // words on the same line (or the lines after it).
        let one_line = lines.peek().and_then(|&(line, text, indent)| {
            let cells = text.split_whitespace().next()?;
            (cells.chars().count() == CELLS).then_some((line, text, indent, cells))
        });
        let word_lines: Vec<(usize, &str, usize)> = match one_line {
            Some((line, text, indent, cells)) => {
                lines.next();
                for (at, c) in cells.chars().enumerate() {
                    place(at, line, indent + at + 1, c)?;
                }
                let rest = &text[cells.len()..];
                let rest_indent = indent + cells.chars().count() + self::indent(rest);
                std::iter::once((line, rest.trim(), rest_indent))
                    .chain(lines)
                    .collect()
            }
            None => {
                let mut last_line = 0;
                for row in 0..SIDE {
                    let (line, text, indent) = match lines.next() {
                        Some((line, text, indent)) if !text.is_empty() => (line, text, indent),
                        Some((line, text, _)) => {
                            return Err(ParseError::GridRow {
                                line,
                                column: 1,
                                found: excerpt(text),
                            });
                        }
                        None if row == 0 => {
                            let (line, column) = end_of(text);
                            return Err(ParseError::NoGrid { line, column });
                        }
                        None => {
                            return Err(ParseError::GridEnds {
                                line: last_line + 1,
                                column: 1,
                                rows: row,
                            });
                        }
                    };
                    last_line = line;
                    // Each cell with its column in the line as written.
                    let cells: Vec<(usize, char)> = text
                        .chars()
                        .enumerate()
                        .filter(|(_, c)| !c.is_whitespace())
                        .map(|(at, c)| (indent + at + 1, c))
                        .collect();
                    if cells.len() != SIDE {
                        let past_end = indent + text.chars().count() + 1;
                        return Err(ParseError::GridRow {
                            line,
                            column: cells.get(SIDE).map_or(past_end, |&(column, _)| column),
                            found: excerpt(text),
                        });
                    }
                    for (col, &(column, c)) in cells.iter().enumerate() {
                        place(row * SIDE + col, line, column, c)?;
                    }
                }
                lines.collect()
            }
        };
        let mut words = Vec::new();
        let mut header: Option<(usize, usize, usize)> = None;
        for (line, text, indent) in word_lines {
            if text.is_empty() {
                continue;
            }
            if text.eq_ignore_ascii_case("solution") {
                break;
            }
            let mut parts = text.split_whitespace();
            if words.is_empty()
                && header.is_none()
                && parts
                    .next()
                    .is_some_and(|p| p.eq_ignore_ascii_case("words"))
            {
                let count = parts.next().unwrap_or("");
                // The count's column: after "words" and the spaces that
                // follow it, or just past the line when there is none.
                let after_keyword = &text["words".len()..];
                let column = indent
                    + "words".len()
                    + 1
                    + after_keyword
                        .chars()
                        .take_while(|c| c.is_whitespace())
                        .count();
                let announced = count.parse().map_err(|_| ParseError::WordCountHeader {
                    line,
                    column,
                    found: excerpt(text),
                })?;
                header = Some((line, column, announced));
                continue;
            }
            for (column, word) in words_of(text, indent + 1) {
                words.push((line, column, word));
            }
        }
        if let Some((line, column, announced)) = header
            && announced != words.len()
        {
            return Err(ParseError::WordCount {
                line,
                column,
                announced,
                found: words.len(),
            });
        }
        let mut checked = Vec::with_capacity(words.len());
        for (line, column, word) in words {
            checked.push(checked_word(word, line, column)?);
        }
        if checked.is_empty() {
            let (line, column) = end_of(text);
            return Err(ParseError::NoWords { line, column });
        }
        Ok(Puzzle {
            givens,
            words: checked,
        })
    }
}

impl fmt::Display for Puzzle {
    /// The canonical puzzle file: `grid`, five rows, `words K`, the words,
    /// with no newline after the last word.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "grid")?;
        for row in self.givens.chunks(SIDE) {
            let text: String = row
                .iter()
                .map(|cell| cell.map_or('.', letter_char))
                .collect();
            writeln!(f, "{text}")?;
        }
        write!(f, "words {}", self.words.len())?;
        for word in &self.words {
            write!(f, "\n{word}")?;
        }
        Ok(())
    }
}
