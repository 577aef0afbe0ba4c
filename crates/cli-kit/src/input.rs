//! Input as every puzzle command reads it: a file or stdin, a leading
//! byte-order mark dropped, `\r\n` taken as a line end, and bytes that are
//! not UTF-8 kept as U+FFFD so that only their own line is lost.

use std::fs;
use std::io::{self, Read};
use std::path::Path;

use anyhow::Context;

use crate::Item;

/// Input text as the puzzle commands read it: a leading byte-order mark
/// (as Windows editors write) dropped, and bytes that are not UTF-8 kept as
/// U+FFFD, so that the parser reports the line and column of each and the
/// other lines of a batch are still read.
///
/// ```
/// assert_eq!(cli_kit::decode(b"\xef\xbb\xbf12\n3\xff4".to_vec()), "12\n3\u{fffd}4");
/// ```
pub fn decode(bytes: Vec<u8>) -> String {
    let text = match String::from_utf8(bytes) {
        Ok(text) => text,
        Err(error) => String::from_utf8_lossy(error.as_bytes()).into_owned(),
    };
    match text.strip_prefix('\u{feff}') {
        // Shifting the text down by three bytes keeps the one allocation.
        Some(_) => {
            let mut text = text;
            text.drain(..'\u{feff}'.len_utf8());
            text
        }
        None => text,
    }
}

/// All of `reader` (a file, stdin), as [`decode`] gives it.
fn read_all(mut reader: impl Read) -> io::Result<String> {
    let mut bytes = Vec::new();
    reader.read_to_end(&mut bytes)?;
    Ok(decode(bytes))
}

/// The whole input of a command, with the name messages give it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Input {
    /// The path as given, or `<stdin>`.
    pub name: String,
    /// The text, as [`decode`] gives it.
    pub text: String,
}

/// The 1-based line and column just past the end of `text`, where a
/// message about what is missing points.
pub fn end_of(text: &str) -> (usize, usize) {
    let last = text.rsplit('\n').next().unwrap_or("");
    (text.matches('\n').count() + 1, last.chars().count() + 1)
}

impl Input {
    /// [`end_of`] its text.
    pub fn end(&self) -> (usize, usize) {
        end_of(&self.text)
    }

    /// Reads `path`, or stdin when it is absent or `-`.
    pub fn read(path: Option<&Path>) -> anyhow::Result<Input> {
        match path {
            Some(path) if path.as_os_str() != "-" => {
                let name = path.display().to_string();
                let bytes = fs::read(path).with_context(|| format!("cannot read {name}"))?;
                Ok(Input {
                    name,
                    text: decode(bytes),
                })
            }
            _ => Input::stdin(),
        }
    }

    /// The input `solve` and `convert` take from their argument: the
    /// puzzle itself when `is_puzzle` says it is one and no file has that
    /// name ([`command_line`]), else the file (stdin for `-` or nothing).
    ///
    /// # Errors
    ///
    /// A file or stdin that cannot be read.
    pub fn argument(
        source: Option<&str>,
        is_puzzle: impl Fn(&str) -> bool,
    ) -> anyhow::Result<Input> {
        match command_line(source, is_puzzle) {
            Some(input) => Ok(input),
            None => Input::read(source.map(Path::new)),
        }
    }

    /// Reads all of stdin.
    pub fn stdin() -> anyhow::Result<Input> {
        let text = read_all(io::stdin().lock()).context("cannot read stdin")?;
        Ok(Input {
            name: "<stdin>".to_owned(),
            text,
        })
    }

    /// The lines of the text with their 1-based numbers, each without its
    /// line end (`\n` or `\r\n`).
    pub fn numbered_lines(&self) -> impl Iterator<Item = (usize, &str)> {
        self.text
            .lines()
            .enumerate()
            .map(|(index, line)| (index + 1, line))
    }
}

/// For a line far longer than any puzzle: the column of its first
/// character past `max` bytes, where the message points, and a message
/// naming its length instead of quoting it, so that a 300 MB line is
/// reported as invalid without being copied around.
///
/// ```
/// assert_eq!(cli_kit::line_too_long("x".repeat(5000).as_str(), 1000),
///            Some((1001, "5000 characters, longer than any puzzle (at most 1000)".to_owned())));
/// assert_eq!(cli_kit::line_too_long("12", 1000), None);
/// ```
pub fn line_too_long(line: &str, max: usize) -> Option<(usize, String)> {
    (line.len() > max).then(|| {
        let column = line.char_indices().take_while(|&(at, _)| at < max).count() + 1;
        let message = format!(
            "{} characters, longer than any puzzle (at most {max})",
            line.chars().count()
        );
        (column, message)
    })
}

/// The name of an input that the command line gives itself (a URL or a
/// game ID as `solve`'s argument): one puzzle, not a batch of one line.
pub const COMMAND_LINE: &str = "<command line>";

/// The input of `source` when it is the puzzle itself (`is_puzzle`: a
/// URL, a game ID) and not the name of a file that exists, named
/// [`COMMAND_LINE`]; `None`: `source` is a file (or stdin for `-` or
/// nothing), to be read with [`Input::read`].
///
/// ```
/// let url = |text: &str| text.starts_with("https://");
/// let input = cli_kit::command_line(Some("https://puzz.link/p?x/1/1"), url).unwrap();
/// assert_eq!((input.name.as_str(), input.text.as_str()), ("<command line>", "https://puzz.link/p?x/1/1"));
/// assert_eq!(cli_kit::command_line(Some("puzzle.txt"), url), None);
/// ```
pub fn command_line(source: Option<&str>, is_puzzle: impl Fn(&str) -> bool) -> Option<Input> {
    let text = source.filter(|text| is_puzzle(text) && !Path::new(text).exists())?;
    Some(Input {
        name: COMMAND_LINE.to_owned(),
        text: text.to_owned(),
    })
}

/// The lines of `text` when it is a batch of one-line puzzles (URLs, game
/// IDs), each with its 1-based number and as written; `None` when the
/// text is one puzzle. Blank lines and lines starting with `#` (comments)
/// are no puzzles. A text is a batch when its first puzzle line is one
/// (`is_line`), or when it starts no other form (`other_form` false)
/// while some later line is one: a first line that is no puzzle at all is
/// then one bad line of the batch, not the verdict on the whole input.
///
/// ```
/// let url = |line: &str| line.starts_with("https://");
/// let lines = cli_kit::batch_lines("# two\nhttps://a\n\nhttps://b\n", url, |_| true);
/// assert_eq!(lines, Some(vec![(2, "https://a"), (4, "https://b")]));
/// assert_eq!(cli_kit::batch_lines("..1\n#..\n", url, |_| true), None);
/// ```
pub fn batch_lines(
    text: &str,
    is_line: impl Fn(&str) -> bool,
    other_form: impl Fn(&str) -> bool,
) -> Option<Vec<(usize, &str)>> {
    let puzzle_lines = || {
        text.lines()
            .enumerate()
            .map(|(index, line)| (index + 1, line))
            .filter(|(_, line)| !line.trim().is_empty() && !line.trim_start().starts_with('#'))
    };
    let (_, first) = puzzle_lines().next()?;
    let batch =
        is_line(first) || (!other_form(first) && puzzle_lines().any(|(_, line)| is_line(line)));
    batch.then(|| puzzle_lines().collect())
}

/// An input whose puzzles each fit on one line (puzz.link URLs, game
/// IDs): a batch of such lines, one puzzle each, or one puzzle in a longer
/// form (a file format, a drawing). What ripple and akari read alike.
///
/// ```
/// use cli_kit::{Input, LineBatch};
///
/// let batch = LineBatch {
///     max_line: 100,
///     is_line: |line| line.trim().starts_with("https://"),
///     other_form: |_| true,
///     expected: "a URL",
/// };
/// let input = Input { name: "f".into(), text: "https://a\n  ..\n".into() };
/// let items = batch.items(&input);
/// assert_eq!(items.len(), 2);
/// assert_eq!(batch.check(&items[0]), Ok(()));
/// assert_eq!(
///     batch.check(&items[1]).unwrap_err(),
///     "line 2, column 3: expected a URL (this input is a batch, one per line), found '..'"
/// );
/// ```
#[derive(Debug, Clone, Copy)]
pub struct LineBatch {
    /// The longest line read: far above any puzzle, so that a huge line is
    /// reported by its length, not parsed.
    pub max_line: usize,
    /// Whether a line is a one-line puzzle.
    pub is_line: fn(&str) -> bool,
    /// Whether a first puzzle line starts a form of its own, so that the
    /// text is that one puzzle (see [`batch_lines`]).
    pub other_form: fn(&str) -> bool,
    /// What each line of a batch must be, for the message of one that is
    /// not: `a puzz.link URL`.
    pub expected: &'static str,
}

impl LineBatch {
    /// The items of `input`: the whole text when it was given on the
    /// command line ([`COMMAND_LINE`]) or is one puzzle; else each puzzle
    /// line of the batch (a line too long to read kept whole, for
    /// [`LineBatch::check`] to say so).
    pub fn items(&self, input: &Input) -> Vec<Item> {
        let whole = || {
            vec![Item {
                line: None,
                text: input.text.clone(),
            }]
        };
        if input.name == COMMAND_LINE {
            return whole();
        }
        let readable = |line: &str| line.len() <= self.max_line;
        let is_line = |line: &str| readable(line) && (self.is_line)(line);
        let other_form = |first: &str| readable(first) && (self.other_form)(first);
        match batch_lines(&input.text, is_line, other_form) {
            Some(lines) => lines
                .into_iter()
                .map(|(line, text)| Item {
                    line: Some(line),
                    text: (if readable(text) {
                        text.trim_end()
                    } else {
                        text
                    })
                    .to_owned(),
                })
                .collect(),
            None => whole(),
        }
    }

    /// Why `item` is not read at all: a line longer than
    /// [`LineBatch::max_line`] (the column where it passes it), or a
    /// line of a batch that is no one-line puzzle (the column where it
    /// starts); the message names the line (in a batch, the batch's).
    ///
    /// # Errors
    ///
    /// The message the item is reported with.
    pub fn check(&self, item: &Item) -> Result<(), String> {
        for (index, line) in item.text.lines().enumerate() {
            if let Some((column, message)) = line_too_long(line, self.max_line) {
                let number = item.line.unwrap_or(index + 1);
                return Err(format!("line {number}, column {column}: {message}"));
            }
        }
        let text = item.text.trim_start();
        match item.line {
            Some(line) if !(self.is_line)(text) => {
                let column = item.text.chars().count() - text.chars().count() + 1;
                let found: String = text.chars().take(40).flat_map(char::escape_debug).collect();
                Err(format!(
                    "line {line}, column {column}: expected {} (this input is a batch, one per line), found '{found}'",
                    self.expected
                ))
            }
            _ => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_mark_crlf_and_a_bad_byte_cost_only_their_own_line() {
        let bytes = b"\xef\xbb\xbfone\r\ntw\xffo\nthree".to_vec();
        let input = Input {
            name: "t".into(),
            text: decode(bytes),
        };
        let numbered: Vec<(usize, &str)> = input.numbered_lines().collect();
        assert_eq!(numbered, [(1, "one"), (2, "tw\u{fffd}o"), (3, "three")]);
    }

    #[test]
    fn a_missing_file_names_itself() {
        let error = Input::read(Some(Path::new("/no/such/file"))).unwrap_err();
        assert!(format!("{error:#}").starts_with("cannot read /no/such/file: "));
    }
}
