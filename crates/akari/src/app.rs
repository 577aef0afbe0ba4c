//! What the front ends show of a solve, on cli-kit's traits (the `app` feature): the record
//! (cli-kit's [`LineFields`]; `stats` holds the [`Counters`]), the human view, the SVG and the board as
//! data ([`Show`]), `--compare` ([`Compare`]: every algorithm), the input ([`App`]), `check`'s
//! verdict on a record ([`Verify`]), and the entry of the explorer and of Python ([`Front`]).
//!
//! An input is a URL or a game ID given on the command line, a file of
//! them one per line (a batch, each line its own puzzle and record), or
//! one puzzle in any form ([`crate::formats`], cli-kit's [`Forms`]);
//! `--format` says how a solved puzzle is shown.

use std::io::{self, Write};

use cli_kit::app::{Board, Cell, Compare, Show, Solved, Verify, ViewFlags, unique_line};
use cli_kit::forms::{self, Form, FormRead, Forms};
use cli_kit::line::{LineFields, LineRecord, line_record, verify_line_record, write_tail};
use cli_kit::{App, Front, Input, Item, LineBatch, Verified};

use crate::check;
use crate::formats::{self, Format};
use crate::{Akari, Bulbs, Cell as Kind, Counters, Limit, Options, Outcome, ParseError, Status};

/// The longest line of a batch read: far above any puzzle (a 255x255
/// URL is under 66,000 characters), so a huge line is reported, not
/// parsed.
pub const MAX_LINE: usize = 200_000;

/// Bold on, and back to normal: the ANSI escapes around a black cell.
const BOLD: (&str, &str) = ("\x1b[1m", "\x1b[0m");

/// One JSON line of `solve --json`, as `check` reads it back.
pub type AkariRecord = LineRecord<Counters>;

impl Show for Akari {
    type Fields = LineFields;
    type Counters = Counters;
    type Json = String;
    /// The form a solved puzzle is written in (`solve --format`).
    type View = Format;

    fn record(solved: &Solved<Self>, counting: bool) -> AkariRecord {
        line_record(solved, counting)
    }

    fn write_human(
        out: &mut dyn Write,
        solved: &Solved<Self>,
        flags: &ViewFlags,
        format: &Format,
    ) -> io::Result<()> {
        forms::write_human(out, solved, flags, *format, write_text)
    }

    fn write_item(
        out: &mut dyn Write,
        line: Option<usize>,
        index: usize,
        result: Result<&Solved<Self>, &str>,
        flags: &ViewFlags,
        format: &Format,
    ) -> io::Result<()> {
        forms::write_item(out, (line, index), result, flags, *format, write_text)
    }

    fn svg(&self, outcome: &Outcome) -> String {
        crate::svg::render_outcome(self, outcome)
    }

    /// A black cell is black, `#` or its number (given), a bulb `*`.
    fn board(&self, solution: Option<&Bulbs>) -> Board {
        board(self, solution)
    }
}

/// The drawing view of a solve: the bulbs in the grid (black cells in
/// bold on a terminal), `no solution` or the limit, and the `unique:`,
/// `solutions:` and `--stats` lines.
fn write_text(out: &mut dyn Write, solved: &Solved<Akari>, flags: &ViewFlags) -> io::Result<()> {
    let outcome = &solved.outcome;
    match (solved.solution(), outcome.status) {
        (Some(bulbs), _) => {
            let puzzle = &solved.puzzle;
            let drawing = puzzle.draw(bulbs, '\n');
            for (row, line) in drawing.lines().enumerate() {
                for (col, symbol) in line.chars().enumerate() {
                    let bold = flags.bold_givens && puzzle.cell(row, col).is_black();
                    let (on, off) = if bold { BOLD } else { ("", "") };
                    write!(out, "{on}{symbol}{off}")?;
                }
                writeln!(out)?;
            }
            if let Some(unique) = solved.unique {
                writeln!(out, "{}", unique_line(unique))?;
            }
        }
        (None, Status::Unsolvable) => writeln!(
            out,
            "no solution: no placement of bulbs lights every cell by the rules"
        )?,
        (None, status) => writeln!(out, "{status} before a solution was found")?,
    }
    write_tail(out, outcome, flags)
}

/// The board as data: a black cell is black, `#` or its number (given),
/// a bulb `*`.
fn board(puzzle: &Akari, solution: Option<&Bulbs>) -> Board {
    let cells = puzzle.cells().iter().enumerate().map(|(index, &kind)| {
        let bulb = solution.is_some_and(|bulbs| bulbs.on()[index]);
        let text = match kind {
            Kind::White if bulb => "*".to_owned(),
            Kind::White => String::new(),
            _ => kind.symbol().to_string(),
        };
        Cell {
            text,
            given: kind.is_black(),
            black: kind.is_black(),
        }
    });
    Board {
        rows: puzzle.rows(),
        cols: puzzle.cols(),
        cells: cells.collect(),
    }
}

/// `--compare`: the engine and both inferences of the textbook model, each
/// row with its backtracks.
impl Compare for Akari {}

/// The input is one puzzle; a solved puzzle's uniqueness is told by a
/// count to 2.
impl App for Akari {
    type Reading = ();

    /// See [`Forms::BATCH`].
    fn items(input: &Input, _: &()) -> Vec<Item> {
        Self::BATCH.items(input)
    }

    fn read(text: &str, _: &()) -> Result<Self, String> {
        formats::read(text).map_err(|error: ParseError| error.to_string())
    }

    fn read_item(item: &Item, _: &()) -> Result<(Self, Vec<String>), String> {
        forms::read_item(item)
    }

    fn unique(&self, options: &Options) -> Option<Result<bool, Limit>> {
        Some(crate::is_unique(self, options))
    }
}

/// The explorer's page and the Python module: the text read as `solve`
/// reads it, no setting of the puzzle's own.
impl Front for Akari {
    const TITLE: &'static str = "Akari";
}

/// `check`'s verdict on one record: a solution must keep every rule of
/// the record's puzzle; "unsolvable" is confirmed by [`check::exhaustive`]
/// (nothing is verified when that runs out of budget).
impl Verify for Akari {
    fn verify(given: Option<&Self>, record: &AkariRecord) -> Result<Verified, String> {
        let exhaustive = |puzzle: &Akari| check::exhaustive(puzzle, check::NODE_BUDGET);
        verify_line_record(given, record, exhaustive, check::read_solution)
    }
}

/// The drawing is the human view; a URL line starts a batch; a pzprv3
/// file holds the solution as its answer.
impl Form for Format {
    const DRAWING: Format = Format::Text;
    const LINE: Format = Format::Url;

    fn holds_solution(self) -> bool {
        matches!(self, Format::Text | Format::Pzprv3)
    }
}

impl Forms for Akari {
    type Format = Format;

    /// A URL or an ID of the command line is one puzzle; a text whose
    /// first puzzle line is one is a batch ([`cli_kit::batch_lines`]); any
    /// other text is one puzzle.
    const BATCH: LineBatch = LineBatch {
        max_line: MAX_LINE,
        is_line: formats::is_one_line,
        other_form: |_| true,
        expected: "a puzz.link URL or a game ID",
    };

    /// The puzzle of an item, and the bulbs its text holds (a pzprv3
    /// file's answer, a solution's drawing).
    fn read_form(item: &Item) -> Result<FormRead<Self>, String> {
        Self::BATCH.check(item)?;
        let (puzzle, bulbs) =
            formats::read_with_bulbs(&item.text).map_err(|error| match item.line {
                Some(line) => ParseError::at(line, error.column, error.kind).to_string(),
                None => error.to_string(),
            })?;
        Ok((puzzle, bulbs, Vec::new()))
    }

    fn write_form(&self, format: Format, bulbs: Option<&Bulbs>) -> String {
        formats::write(self, format, bulbs)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn input(name: &str, text: &str) -> Input {
        Input {
            name: name.to_owned(),
            text: text.to_owned(),
        }
    }

    /// The items of `text` read: each line (or `-` for the whole text)
    /// with its puzzle's line, or its message.
    fn check(name: &str, text: &str, expected: &[&str]) {
        let read: Vec<String> = Akari::BATCH
            .items(&input(name, text))
            .iter()
            .map(|item| {
                let line = item.line.map_or("-".to_owned(), |line| line.to_string());
                match Akari::read_form(item) {
                    Ok((puzzle, ..)) => format!("{line} {}", puzzle.to_line()),
                    Err(message) => format!("{line} {message}"),
                }
            })
            .collect();
        assert_eq!(read, expected, "{text:?}");
    }

    #[test]
    fn an_input_is_a_batch_of_one_line_puzzles_or_one_puzzle() {
        check(
            "f",
            "# two\n2x1:aB\n\n  lightup/1/2/.\n",
            &["2 .#", "4 #/."],
        );
        check("f", "..\n#1\n", &["- ../#1"]);
        check("f", "#1\n..\n", &["- #1/.."]);
        check(
            "f",
            "2x1:aB\n..\n2x1:a\n",
            &[
                "1 .#",
                "2 line 2, column 1: expected a puzz.link URL or a game ID (this input is a batch, one per line), found '..'",
                "3 line 3, column 6: expected 1 more cell of the 2x1 grid, found the end of the description 'a'",
            ],
        );
        check(cli_kit::COMMAND_LINE, "2x1:aB", &["- .#"]);
        check("f", "pzprv3\nlightup\n1\n2\n# 1 \n", &["- .1"]);
    }

    #[test]
    fn convert_writes_each_item_in_its_form_with_the_bulbs_it_holds() {
        let convert = |text: &str, format: Format| {
            let input = input("f", text);
            let mut out = Vec::new();
            let tally = forms::convert::<Akari>("akari", &input, format, &mut out).unwrap();
            (String::from_utf8(out).unwrap(), tally.solved, tally.invalid)
        };
        assert_eq!(
            convert("2x1:aB\n2x1:Q\n2x2:1c\n", Format::Url),
            (
                "https://puzz.link/p?lightup/2/1/g./\nhttps://puzz.link/p?lightup/2/2/bg\n"
                    .to_owned(),
                2,
                1
            )
        );
        let pzprv3 = convert("pzprv3\nlightup\n1\n2\n# 1 \n", Format::Text);
        assert_eq!(pzprv3, ("*1\n".to_owned(), 1, 0));
    }

    /// Random batches and mutations of them never panic, and every bad
    /// item names a line of the input and a column inside it.
    #[test]
    fn every_error_of_a_batch_names_a_place_in_the_input() {
        let mut rng = fuzz_kit::Rng::new(0xba7c);
        let seed: &[u8] =
            b"# ids\n7x7:b1g0i1a2cBa3i2g2b\nhttps://puzz.link/p?lightup/6/6/nekcakbl\n\n3x2:aB2b\n";
        for round in 0..5_000 {
            let bytes = match round % 2 {
                0 => fuzz_kit::mutate(&mut rng, seed, b"0123abgzB:x/.#\n "),
                _ => fuzz_kit::random_bytes(&mut rng, 60, b"0123abgzB:x/.#\n lightup"),
            };
            let text = String::from_utf8_lossy(&bytes).into_owned();
            for item in Akari::BATCH.items(&input("f", &text)) {
                let Err(message) = Akari::read_form(&item) else {
                    continue;
                };
                fuzz_kit::assert_located(&text, &message);
            }
        }
    }
}
