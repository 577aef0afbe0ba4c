//! The boards of one command as items of cli-kit's driver ([`Boards`]:
//! the one board of `solve`, its arguments or the rows of stdin, or the
//! lines of a `batch` file), each named by its line and column in
//! messages, and the [`App`] impl that reads them, behind the `app`
//! feature so that the explorer and Python read boards as the binary does.

use std::path::Path;

use cli_kit::{App, Input, Item as DriverItem};

use cli_kit::front::{Front, Own, Refusal, Setting, read_setting, refuse_unknown};

use crate::{Board, BoardError, CycleCheck, Heuristic, Options, OptionsError};

/// The cycle checks by their command-line names.
pub(crate) const CYCLE_CHECKS: [(&str, CycleCheck); 3] = [
    ("none", CycleCheck::None),
    ("path", CycleCheck::Path),
    ("closed", CycleCheck::Closed),
];

/// The cycle check of a command-line name.
pub(crate) fn cycle_check(name: &str) -> Option<CycleCheck> {
    let mut known = CYCLE_CHECKS.into_iter();
    known
        .find(|&(known, _)| known == name)
        .map(|(_, check)| check)
}

/// The longest board text read, far above the longest board (15x15 with
/// spaces and commas is about 1,100 characters): a longer line is invalid
/// without being parsed.
pub const MAX_LINE: usize = 10_000;

/// What reading a board of `solve` or `batch` needs: the boards of the
/// input, as [`Boards`] read them, and the options they are solved with.
#[derive(Debug)]
pub struct Reading {
    /// The boards.
    pub boards: Boards,
    /// The options of the solve.
    pub options: Options,
}

/// `solve` and `batch` on cli-kit's driver: the boards of [`Boards`], each
/// refused (an invalid line) when the options do not fit its size.
impl App for Board {
    type Reading = Reading;

    const EXPECTED: &'static str = "one board per line (blank lines and text after # are skipped)";

    fn items(_input: &Input, reading: &Reading) -> Vec<DriverItem> {
        reading
            .boards
            .items()
            .into_iter()
            .map(|item| DriverItem {
                line: item.line,
                text: item.text.to_owned(),
            })
            .collect()
    }

    fn read(text: &str, reading: &Reading) -> Result<Board, String> {
        reading.read(Item { line: None, text })
    }

    fn read_item(item: &DriverItem, reading: &Reading) -> Result<(Board, Vec<String>), String> {
        let text = &item.text;
        let board = reading.read(Item {
            line: item.line,
            text,
        })?;
        Ok((board, Vec::new()))
    }
}

impl Reading {
    /// The board of `item`, refused when the options do not fit its size.
    fn read(&self, item: Item<'_>) -> Result<Board, String> {
        let board = self.boards.board(&item)?;
        let plan = self.options.plan(board.size());
        let at = |error: OptionsError| self.boards.at(&item, None, error.to_string());
        plan.map_err(|error| at(error).to_string())?;
        Ok(board)
    }
}

/// A front end's board: one board, with the searcher framework's own
/// options, refused (as `solve` refuses them) when they do not fit it.
impl Front for Board {
    const TITLE: &'static str = "Sliding tiles";
    const SETTINGS: &'static [Setting] = &[
        Setting {
            name: "goal",
            takes: "the goal board, of the board's size (default: blank first, 0 1 2 ...)",
            flag: "--goal",
        },
        Setting {
            name: "heuristic",
            takes: "zero, misplaced, manhattan, linear-conflict or pdb (greedy, astar, idastar)",
            flag: "--heuristic",
        },
        Setting {
            name: "depth_limit",
            takes: "a number of moves not to look beyond",
            flag: "--depth-limit",
        },
        Setting {
            name: "cycle_check",
            takes: "none, path or closed (not idastar)",
            flag: "--cycle-check",
        },
    ];

    fn prepare(text: &str, own: Own<'_>, options: &mut Options) -> Result<Board, Refusal> {
        refuse_unknown::<Board>(own)?;
        for (name, value) in own {
            match name.as_str() {
                "goal" => {
                    options.goal = Some(value.parse().map_err(|error: BoardError| {
                        Refusal::setting(name, format!("goal {value:?}: {error}"))
                    })?);
                }
                "heuristic" => {
                    let heuristic: Heuristic = value
                        .trim()
                        .parse()
                        .map_err(|error| Refusal::setting(name, format!("{error}")))?;
                    options.heuristic = Some(heuristic);
                }
                "depth_limit" => {
                    options.depth_limit = Some(read_setting(name, value, "a number of moves")?);
                }
                _ => {
                    let refusal = format!("cycle_check {value:?}: expected none, path or closed");
                    let check = cycle_check(value.trim());
                    options.cycle_check =
                        Some(check.ok_or_else(|| Refusal::setting(name, refusal))?);
                }
            }
        }
        // Read as `solve` reads stdin: the rows joined into one board, a
        // message naming the line and column of the text.
        let boards = Boards::joined(String::new(), text.to_owned());
        // One board's text is one item.
        let board = boards.board(&boards.items()[0]).map_err(Refusal::Puzzle)?;
        options.plan(board.size()).map_err(|error| {
            let name = match error {
                OptionsError::HeuristicUnused(_) | OptionsError::PdbSize(_) => "heuristic",
                OptionsError::SeedUnused(_) => "seed",
                OptionsError::CycleCheckUnused(_) => "cycle_check",
                OptionsError::PdbCacheUnused(_) => "pdb_cache",
                OptionsError::SizeMismatch { .. } => "goal",
            };
            Refusal::setting(name, error.to_string())
        })?;
        Ok(board)
    }

    /// The record names the goal, the searcher and the heuristic from the
    /// view's options.
    fn view(_own: Own<'_>, options: &Options) -> crate::app::EightView {
        crate::app::EightView {
            options: options.clone(),
            ..crate::app::EightView::default()
        }
    }
}

/// The boards of one command: the one board of `solve` (its arguments, or
/// the rows of stdin) or the lines of a `batch` file.
#[derive(Debug, Clone, Default)]
pub struct Boards {
    /// How messages name the input: the file, `<stdin>`, or the board.
    pub name: String,
    text: String,
    /// One board per line (batch), or the whole text one board (solve).
    per_line: bool,
    /// The stdin rows the one board was joined from, to name a line and
    /// column of stdin in messages (none for a board on the command line).
    rows: Vec<Row>,
    /// Where stdin ends (line, column), for a message about a board that
    /// is not there.
    end: Option<(usize, usize)>,
}

/// One row of stdin in the board `solve` joins from them.
#[derive(Debug, Clone, Copy)]
struct Row {
    /// The row's first character in the joined text, counted from 0.
    joined: usize,
    /// Its 1-based line in stdin.
    line: usize,
    /// The 1-based column of its first character on that line.
    column: usize,
}

/// One board to solve: its text and, in a batch, its line.
#[derive(Debug, Clone, Copy)]
pub struct Item<'a> {
    /// The 1-based line in a batch.
    pub line: Option<usize>,
    /// The board's text, comment and trailing spaces removed (leading
    /// spaces kept, so that columns are the line's).
    pub text: &'a str,
}

impl Boards {
    /// The board of `solve`: the arguments joined with spaces, or, when
    /// there are none or just `-`, the rows of stdin (a larger board may
    /// come as a grid; text after `#` is a comment).
    pub fn one(words: &[String]) -> anyhow::Result<Boards> {
        if !(words.is_empty() || words == ["-"]) {
            let text = words.join(" ");
            return Ok(Boards {
                name: format!("board '{}'", shorten(text.trim())),
                text,
                ..Boards::default()
            });
        }
        let Input { name, text } = Input::stdin()?;
        Ok(Boards::joined(name, text))
    }

    /// The one board of `text` (stdin, called `name`): its rows joined.
    fn joined(name: String, mut text: String) -> Boards {
        let mut rows = Vec::new();
        let mut origins = Vec::new();
        let mut at = 0;
        let mut joined = 0;
        let end = cli_kit::end_of(&text);
        for (index, line) in text.split_inclusive('\n').enumerate() {
            let row = content_range(line);
            if !row.is_empty() {
                let column = line[..row.start].chars().count() + 1;
                origins.push(Row {
                    joined,
                    line: index + 1,
                    column,
                });
                // The row and the space that joins it to the next.
                joined += line[row.clone()].chars().count() + 1;
                rows.push(at + row.start..at + row.end);
            }
            at += line.len();
        }
        if let [row] = rows.as_slice() {
            // The usual case: the row cut out of the text as read, so that
            // a huge line is not copied.
            text.truncate(row.end);
            text.drain(..row.start);
        } else {
            text = rows
                .iter()
                .map(|row| &text[row.clone()])
                .collect::<Vec<_>>()
                .join(" ");
        }
        Boards {
            name,
            text,
            per_line: false,
            rows: origins,
            end: Some(end),
        }
    }

    /// The boards of `batch`: one per line of `path` (stdin for `-`), text
    /// after `#` a comment, blank lines skipped.
    pub fn per_line(path: &Path) -> anyhow::Result<Boards> {
        let input = Input::read(Some(path))?;
        Ok(Boards::lines(input.name, input.text))
    }

    /// The boards of `text` (a file called `name`), one per line.
    fn lines(name: String, text: String) -> Boards {
        Boards {
            name,
            text,
            per_line: true,
            ..Boards::default()
        }
    }

    /// The input the boards were read from, as the driver names it.
    pub fn input(&self) -> Input {
        Input {
            name: self.name.clone(),
            text: self.text.clone(),
        }
    }

    /// The boards to solve.
    pub fn items(&self) -> Vec<Item<'_>> {
        if !self.per_line {
            return vec![Item {
                line: None,
                text: self.text.trim_end(),
            }];
        }
        self.text
            .lines()
            .enumerate()
            .map(|(index, line)| Item {
                line: Some(index + 1),
                text: content(line),
            })
            .filter(|item| !item.text.trim_start().is_empty())
            .collect()
    }

    /// Why `options` do not fit the one board of `solve` (a usage error:
    /// the flags, not the input, are wrong), if the board reads; nothing
    /// for a batch, whose lines are each solved or invalid.
    pub fn misfit(&self, options: &Options) -> Option<String> {
        if self.per_line {
            return None;
        }
        let [item] = self.items()[..] else {
            return None;
        };
        let board = self.board(&item).ok()?;
        options
            .plan(board.size())
            .err()
            .map(|error| error.to_string())
    }

    /// Why an item cannot be solved, or its board.
    fn board(&self, item: &Item<'_>) -> Result<Board, String> {
        if let Some((column, message)) = cli_kit::line_too_long(item.text, MAX_LINE) {
            return Err(self.at(item, Some(column), message).to_string());
        }
        item.text.parse().map_err(|error: BoardError| {
            if let (BoardError::Empty, Some((line, column))) = (&error, self.end) {
                return Located {
                    line: Some(line),
                    column: Some(column),
                    message: error.reason(),
                }
                .to_string();
            }
            // A hint for the command line, whose stdin this is.
            let hint = if self.rows.len() > 1 && self.name == "<stdin>" {
                " (the lines of stdin make one board; `eight-puzzle batch -` reads one per line)"
            } else {
                ""
            };
            self.at(item, error.column(), format!("{}{hint}", error.reason()))
                .to_string()
        })
    }

    /// `message` about `item` at `column` of its text: in a batch, at the
    /// item's line; for a board read from stdin, at the line and column of
    /// stdin that a column of the joined board stands for.
    fn at(&self, item: &Item<'_>, column: Option<usize>, message: String) -> Located {
        let row = column.and_then(|column| self.rows.iter().rev().find(|row| row.joined < column));
        match (row, column) {
            (Some(row), Some(column)) => Located {
                line: Some(row.line),
                column: Some(row.column + (column - 1 - row.joined)),
                message,
            },
            _ => Located {
                line: item.line,
                column,
                message,
            },
        }
    }
}

/// A message and where in the input it is: `line 5, column 9: ...`, the
/// parts that are known.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Located {
    /// The 1-based line of the input.
    line: Option<usize>,
    /// The 1-based column of that line (of the board's text, when no line).
    column: Option<usize>,
    /// What is wrong.
    message: String,
}

impl std::fmt::Display for Located {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match (self.line, self.column) {
            (Some(line), Some(column)) => write!(f, "line {line}, column {column}: "),
            (Some(line), None) => write!(f, "line {line}: "),
            (None, Some(column)) => write!(f, "column {column}: "),
            (None, None) => Ok(()),
        }?;
        f.write_str(&self.message)
    }
}

/// A line without its comment and trailing spaces; leading spaces are kept
/// so that the board parser's columns are the line's.
fn content(line: &str) -> &str {
    &line[..content_range(line).end]
}

/// Where [`content`] lies in `line`.
fn content_range(line: &str) -> std::ops::Range<usize> {
    let code = line.split('#').next().unwrap_or("");
    let start = code.len() - code.trim_start().len();
    start..start.max(code.trim_end().len())
}

/// `text` cut to its first 60 characters, so that a message about a huge
/// board stays readable.
fn shorten(text: &str) -> String {
    match text.char_indices().nth(60) {
        Some((end, _)) => format!("{}...", &text[..end]),
        None => text.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    //! The board readers on random bytes and on random byte mutations of
    //! the fixtures' boards: no panic, and every error names the line and
    //! column in the input where the fault is (issue 17).

    use super::*;
    use fuzz_kit::{Rng, location, mutate, random_bytes};

    /// The bytes a board is made of, and a few others.
    const ALPHABET: &[u8] = b"0123456789012345678,,,   \t\n\n#-+x\xff\0";

    /// The fixtures' board files, a few lines of each.
    fn fixtures() -> Vec<Vec<u8>> {
        let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/eight-puzzle");
        let mut files = Vec::new();
        for name in [
            "batch-mixed.txt",
            "hard.txt",
            "korf100.txt",
            "bom_bad_byte.txt",
        ] {
            let text = std::fs::read(folder.join(name)).expect("a fixture");
            let lines: Vec<&[u8]> = text.split(|&b| b == b'\n').take(12).collect();
            files.push(lines.join(&b'\n'));
            files.extend(lines.iter().map(|line| line.to_vec()));
        }
        files.extend([
            b"1,2,3,4,5,6,7,8,0".to_vec(),
            b"0 1 2\n3 4 5\n6 7 8\n".to_vec(),
        ]);
        files
    }

    /// The board parser alone: an error names a column inside the text
    /// (or just past it) whose character is the fault it describes.
    fn check_board(text: &str, what: &str) {
        let Err(error) = text.parse::<Board>() else {
            return;
        };
        let message = error.to_string();
        assert!(message.starts_with(char::is_lowercase), "{what}: {message}");
        if error == BoardError::Empty {
            assert!(text.trim().is_empty(), "{what}: {message}");
            return;
        }
        let chars: Vec<char> = text.chars().collect();
        let column = error.column().unwrap_or_else(|| {
            panic!("{what}: no column in {message:?}");
        });
        assert_eq!(message, format!("column {column}: {}", error.reason()));
        assert!((1..=chars.len() + 1).contains(&column), "{what}: {message}");
        let at = chars.get(column - 1).copied();
        match error {
            BoardError::NotANumber { found, .. } => {
                let at = at.unwrap_or_else(|| panic!("{what}: {message}"));
                // The character at fault, or the start of a number too large.
                assert!(
                    !at.is_ascii_digit() || found.chars().all(|c| c.is_ascii_digit()),
                    "{what}: {message}"
                );
            }
            BoardError::OutOfRange { .. } | BoardError::Repeated { .. } => {
                assert!(at.is_some_and(|c| c.is_ascii_digit()), "{what}: {message}");
            }
            _ => {}
        }
    }

    /// A batch file: every invalid line's message names that line and a
    /// column inside it (or just past it).
    fn check_batch(text: &str, what: &str) {
        let boards = Boards::lines("batch.txt".to_owned(), text.to_owned());
        let lines: Vec<&str> = text.lines().collect();
        for item in boards.items() {
            check_board(item.text, what);
            let Err(message) = boards.board(&item) else {
                continue;
            };
            let (line, column) = location(&message)
                .unwrap_or_else(|| panic!("{what}: no line and column in {message:?}"));
            assert_eq!(Some(line), item.line, "{what}: {message}");
            let width = lines[line - 1].chars().count();
            assert!((1..=width + 1).contains(&column), "{what}: {message}");
        }
    }

    /// Stdin read as one board: a message names a line of stdin and a
    /// column inside it.
    fn check_joined(text: &str, what: &str) {
        let boards = Boards::joined("<stdin>".to_owned(), text.to_owned());
        let lines: Vec<&str> = text.split('\n').collect();
        for item in boards.items() {
            let Err(message) = boards.board(&item) else {
                continue;
            };
            let (line, column) = location(&message)
                .unwrap_or_else(|| panic!("{what}: no line and column in {message:?}"));
            let width = lines.get(line - 1).map_or(0, |line| line.chars().count());
            assert!((1..=width + 1).contains(&column), "{what}: {message}");
        }
    }

    fn check_all(bytes: &[u8], what: &str) {
        let text = String::from_utf8_lossy(bytes);
        check_board(&text, what);
        check_batch(&text, what);
        check_joined(&text, what);
    }

    #[test]
    fn the_board_readers_on_random_bytes() {
        let mut rng = Rng::new(0x8_9e55_0001);
        for case in 0..3000 {
            let bytes = random_bytes(&mut rng, 120, ALPHABET);
            check_all(&bytes, &format!("random case {case}: {bytes:?}"));
        }
    }

    #[test]
    fn the_board_readers_on_mutated_fixtures() {
        let files = fixtures();
        let mut rng = Rng::new(0x8_9e55_0002);
        for case in 0..3000 {
            let mutant = mutate(&mut rng, &files[case % files.len()], ALPHABET);
            check_all(&mutant, &format!("mutant {case}: {mutant:?}"));
        }
    }

    /// A front end reads a board as `solve` reads stdin: its rows joined,
    /// a bad tile named by the line and column of the text, without the
    /// command line's hint about stdin.
    #[test]
    fn a_front_end_names_the_line_and_column_of_a_bad_tile() {
        let mut options = Options::new(crate::Algo::Bfs);
        match <Board as Front>::prepare("1 2 3\n4 x 5\n6 7 0\n", &[], &mut options) {
            Err(Refusal::Puzzle(message)) => {
                assert_eq!(
                    message,
                    "line 2, column 3: expected a tile number, found 'x'"
                );
            }
            other => panic!("{:?}", other.err()),
        }
        let board = <Board as Front>::prepare("1 2 3\n4 0 5\n6 7 8\n", &[], &mut options);
        assert_eq!(
            board.map(|board| board.to_string()).ok(),
            "1 2 3 4 0 5 6 7 8"
                .parse::<Board>()
                .ok()
                .map(|b| b.to_string())
        );
    }
}
