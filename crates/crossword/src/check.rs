//! The independent checker of a fill: its own reading of the entries, its
//! own word set, nothing shared with the solvers. A fill passes when it has
//! the template's shape and blocks, keeps every pre-filled letter, fills
//! every cell of every entry, every entry is a word of the list (or was
//! given whole by the template), and no word fills two entries unless
//! repeats are allowed. Crossings agree by construction: each cell holds
//! one letter, read by both of its entries. A fill's list of entries
//! ([`listed_entries`]) is compared field by field with the entries the
//! checker reads and numbers itself (American numbering, its own code).

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

use crate::puzzle::{Cell, Grid};
use crate::words::WordList;

/// Why a fill fails the check: the rule broken in a sentence, and the cell
/// where it is broken when it is broken at one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Violation {
    /// The rule broken, as the command line prints it.
    pub message: String,
    /// Where, 0-based `(row, column)`: the cell itself for a rule broken at
    /// a cell (a block, a pre-filled letter, an empty cell); the first
    /// cell of the entry for a rule broken by an entry (a word not in the
    /// list; a word used twice, at the later of the two entries, the one
    /// the message names; an entry listed with the wrong number or answer,
    /// or not listed); `None` for the fill's size and for a rule
    /// of the list of entries itself (a direction that is none, an entry
    /// listed that the grid does not have, one listed twice).
    pub at: Option<(usize, usize)>,
}

impl Violation {
    fn new(message: String, at: Option<(usize, usize)>) -> Violation {
        Violation { message, at }
    }
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Violation {}

/// The checker's violation as every crate's: the same message, and the
/// cell of [`Violation::at`] (1-based, [`puzzle_kit::Cell`]).
impl From<Violation> for puzzle_kit::Violation {
    fn from(violation: Violation) -> puzzle_kit::Violation {
        puzzle_kit::Violation {
            cell: violation
                .at
                .map(|(row, column)| puzzle_kit::Cell::at_index(row, column)),
            message: violation.message,
        }
    }
}

/// One entry as the checker reads it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CheckedEntry {
    /// Its clue number, as American crosswords number them: the cells
    /// that start an entry (across or down), numbered from 1 in reading
    /// order.
    pub number: u32,
    /// Row of the first cell (0-based).
    pub row: usize,
    /// Column of the first cell (0-based).
    pub col: usize,
    /// Whether it reads down.
    pub down: bool,
    /// Its letters, uppercase (as the grid prints).
    pub answer: String,
    /// Its word's score in the list; 0 for an entry the template gives
    /// whole with a word not in the list.
    pub score: i32,
}

impl CheckedEntry {
    /// `across` or `down`.
    pub fn direction(&self) -> &'static str {
        if self.down { "down" } else { "across" }
    }
}

/// An entry as a fill's record lists it (row and column 1-based), to
/// compare with the grid's own by [`listed_entries`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Listed<'a> {
    /// Its clue number.
    pub number: u32,
    /// `across` or `down`.
    pub direction: &'a str,
    /// Row of its first cell, 1-based.
    pub row: usize,
    /// Column of its first cell, 1-based.
    pub col: usize,
    /// Its letters.
    pub answer: &'a str,
}

/// Checks a fill's list of entries against the entries `read` from its
/// grid by [`check`]: every entry of the grid listed once, each with the
/// grid's number, direction, first cell and letters. The message names the
/// listed entry (by its place in the list) and the field that differs.
pub fn listed_entries(read: &[CheckedEntry], listed: &[Listed<'_>]) -> Result<(), Violation> {
    let fail = |message: String| Err(Violation::new(message, None));
    let fail_at = |entry: &CheckedEntry, message: String| {
        Err(Violation::new(message, Some((entry.row, entry.col))))
    };
    let mut seen = vec![false; read.len()];
    for (index, claim) in listed.iter().enumerate() {
        let name = format!(
            "entry {} of the list ({} {} at row {}, column {})",
            index + 1,
            claim.number,
            claim.direction,
            claim.row,
            claim.col
        );
        let down = match claim.direction {
            "across" => false,
            "down" => true,
            other => {
                return fail(format!(
                    "{name}: direction '{other}', expected 'across' or 'down'"
                ));
            }
        };
        let at = read.iter().position(|entry| {
            entry.down == down && entry.row + 1 == claim.row && entry.col + 1 == claim.col
        });
        let Some(at) = at else {
            let hint = read
                .iter()
                .find(|entry| entry.down == down && entry.number == claim.number)
                .map(|entry| {
                    format!(
                        " (the grid's {} {} starts at row {}, column {})",
                        entry.number,
                        entry.direction(),
                        entry.row + 1,
                        entry.col + 1
                    )
                })
                .unwrap_or_default();
            return fail(format!(
                "{name}: no {} entry of the grid starts at row {}, column {}{hint}",
                claim.direction, claim.row, claim.col
            ));
        };
        let entry = &read[at];
        if std::mem::replace(&mut seen[at], true) {
            return fail(format!("{name}: listed twice"));
        }
        if entry.number != claim.number {
            return fail_at(
                entry,
                format!(
                    "{name}: numbered {} where the grid numbers it {}",
                    claim.number, entry.number
                ),
            );
        }
        if !entry.answer.eq_ignore_ascii_case(claim.answer) {
            return fail_at(
                entry,
                format!(
                    "{name}: answer '{}' where the grid reads '{}'",
                    claim.answer.to_ascii_uppercase(),
                    entry.answer
                ),
            );
        }
    }
    if let Some(missing) = seen.iter().position(|&listed| !listed) {
        let entry = &read[missing];
        return fail_at(
            entry,
            format!(
                "the grid's {} {} at row {}, column {} ('{}') is not listed",
                entry.number,
                entry.direction(),
                entry.row + 1,
                entry.col + 1,
                entry.answer
            ),
        );
    }
    Ok(())
}

/// Checks `fill` against `template` and `words`; the entries read, across
/// (row by row) then down (row by row), when it passes.
pub fn check(
    template: &Grid,
    fill: &Grid,
    words: &WordList,
    allow_repeats: bool,
) -> Result<Vec<CheckedEntry>, Violation> {
    let fail = |message: String| Err(Violation::new(message, None));
    let fail_at = |at: (usize, usize), message: String| Err(Violation::new(message, Some(at)));
    if (template.rows(), template.cols()) != (fill.rows(), fill.cols()) {
        return fail(format!(
            "the fill is {} x {} where the template is {} x {}",
            fill.rows(),
            fill.cols(),
            template.rows(),
            template.cols()
        ));
    }
    let (rows, cols) = (template.rows(), template.cols());
    for r in 0..rows {
        for c in 0..cols {
            let broken = match (template.cell(r, c), fill.cell(r, c)) {
                (Cell::Block, Cell::Block) => None,
                (Cell::Block, _) => Some("a block of the template is not a block".to_owned()),
                (_, Cell::Block) => Some("a block where the template has a white cell".to_owned()),
                (Cell::Letter(a), Cell::Letter(b)) if a != b => Some(format!(
                    "the pre-filled letter '{}' was changed to '{}'",
                    (b'A' + a) as char,
                    (b'A' + b) as char
                )),
                _ => None,
            };
            if let Some(what) = broken {
                return fail_at((r, c), format!("row {}, column {}: {what}", r + 1, c + 1));
            }
        }
    }
    let all_runs = runs(fill);
    // Numbers: the first cells of the runs, in reading order.
    let mut starts: Vec<(usize, usize)> = all_runs.iter().map(|&(_, r, c, _)| (r, c)).collect();
    starts.sort_unstable();
    starts.dedup();
    let number_of = |row: usize, col: usize| -> u32 {
        starts
            .binary_search(&(row, col))
            .map_or(0, |index| index as u32 + 1)
    };
    let mut entries = Vec::new();
    for (down, row, col, cells) in all_runs {
        let mut answer = String::with_capacity(cells.len());
        let mut given_whole = true;
        for &(r, c) in &cells {
            match fill.cell(r, c) {
                Cell::Letter(letter) => answer.push((b'A' + letter) as char),
                _ => {
                    return fail_at(
                        (r, c),
                        format!(
                            "row {}, column {}: an empty cell in the {} entry at row {}, column {}",
                            r + 1,
                            c + 1,
                            if down { "down" } else { "across" },
                            row + 1,
                            col + 1
                        ),
                    );
                }
            }
            given_whole &= matches!(template.cell(r, c), Cell::Letter(_));
        }
        entries.push((
            CheckedEntry {
                number: number_of(row, col),
                row,
                col,
                down,
                answer,
                score: 0,
            },
            given_whole,
        ));
    }
    let list: BTreeMap<String, i32> = words
        .words()
        .iter()
        .map(|word| {
            (
                word.letters.iter().map(|&l| (b'A' + l) as char).collect(),
                word.score,
            )
        })
        .collect();
    let mut used = BTreeSet::new();
    for (entry, given_whole) in &mut entries {
        let name = format!(
            "the {} entry at row {}, column {}",
            if entry.down { "down" } else { "across" },
            entry.row + 1,
            entry.col + 1
        );
        match list.get(&entry.answer) {
            Some(&score) => entry.score = score,
            None if *given_whole => {}
            None => {
                return fail_at(
                    (entry.row, entry.col),
                    format!("{name}: '{}' is not in the word list", entry.answer),
                );
            }
        }
        if !allow_repeats && !used.insert(entry.answer.clone()) {
            return fail_at(
                (entry.row, entry.col),
                format!("{name}: '{}' is used twice", entry.answer),
            );
        }
    }
    Ok(entries.into_iter().map(|(entry, _)| entry).collect())
}

/// An entry of `template` that no word of `words` fits (its length, its
/// given letters), described; `None` when every entry has a candidate.
/// An entry given whole by the template always fits.
pub fn dead_entry(template: &Grid, words: &WordList) -> Option<String> {
    for (down, row, col, cells) in runs(template) {
        let pattern: Vec<Option<u8>> = cells
            .iter()
            .map(|&(r, c)| match template.cell(r, c) {
                Cell::Letter(letter) => Some(letter),
                _ => None,
            })
            .collect();
        if pattern.iter().all(Option::is_some) {
            continue;
        }
        let fits = words.words().iter().any(|word| {
            word.letters.len() == pattern.len()
                && word
                    .letters
                    .iter()
                    .zip(&pattern)
                    .all(|(letter, given)| given.is_none_or(|g| g == *letter))
        });
        if !fits {
            return Some(format!(
                "no word fits the {} entry at row {}, column {}",
                if down { "down" } else { "across" },
                row + 1,
                col + 1
            ));
        }
    }
    None
}

/// Runs of two or more white cells: across (row by row), then down (row
/// by row, then column), each with its first cell and its cells.
type Run = (bool, usize, usize, Vec<(usize, usize)>);

fn runs(grid: &Grid) -> Vec<Run> {
    let (rows, cols) = (grid.rows(), grid.cols());
    let mut all = Vec::new();
    for down in [false, true] {
        let (outer, inner) = if down { (cols, rows) } else { (rows, cols) };
        let mut found = Vec::new();
        for a in 0..outer {
            let mut run: Vec<(usize, usize)> = Vec::new();
            for b in 0..=inner {
                let cell = (b < inner).then_some(if down { (b, a) } else { (a, b) });
                match cell {
                    Some((r, c)) if grid.cell(r, c) != Cell::Block => run.push((r, c)),
                    _ => {
                        if run.len() >= 2 {
                            found.push((down, run[0].0, run[0].1, std::mem::take(&mut run)));
                        }
                        run.clear();
                    }
                }
            }
        }
        found.sort_by_key(|&(_, r, c, _)| (r, c));
        all.extend(found);
    }
    all
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words() -> WordList {
        WordList::from_words(&["ab", "cd", "ac", "bd", "aa"])
    }

    #[test]
    fn a_good_fill_passes_and_each_rule_can_fail() {
        let template: Grid = "a.\n..\n".parse().unwrap();
        let good: Grid = "ab\ncd\n".parse().unwrap();
        let entries = check(&template, &good, &words(), false).unwrap();
        let answers: Vec<&str> = entries.iter().map(|e| e.answer.as_str()).collect();
        assert_eq!(answers, ["AB", "CD", "AC", "BD"]);
        let cases = [
            ("ab\nc.\n", "row 2, column 2: an empty cell"),
            ("ab\ncx\n", "'CX' is not in the word list"),
            (
                "ba\ndc\n",
                "row 1, column 1: the pre-filled letter 'A' was changed to 'B'",
            ),
            ("ab\nc#\n", "a block where the template has a white cell"),
            ("ab\ncd\nab\n", "the fill is 3 x 2"),
        ];
        for (fill, expected) in cases {
            let fill: Grid = fill.parse().unwrap();
            let error = check(&template, &fill, &words(), false)
                .unwrap_err()
                .message;
            assert!(error.contains(expected), "{fill}: {error}");
        }
        let numbered: Vec<(u32, &str, usize, usize)> = entries
            .iter()
            .map(|e| (e.number, e.direction(), e.row, e.col))
            .collect();
        assert_eq!(
            numbered,
            [
                (1, "across", 0, 0),
                (3, "across", 1, 0),
                (1, "down", 0, 0),
                (2, "down", 0, 1)
            ]
        );
        let square: Grid = "..\n..\n".parse().unwrap();
        let twice: Grid = "aa\naa\n".parse().unwrap();
        assert!(
            check(&square, &twice, &words(), false)
                .unwrap_err()
                .message
                .contains("used twice")
        );
        assert_eq!(check(&square, &twice, &words(), true).unwrap().len(), 4);
    }

    /// The entries the checker reads from the sample grid's fill.
    fn sample_entries() -> Vec<CheckedEntry> {
        let template: Grid = ".....\n##.#.\n#....\n.#...\n.....\n.##.#\n"
            .parse()
            .unwrap();
        let fill: Grid = "hoses\n##a#t\n#hike\na#lee\nlaser\ne##l#\n"
            .parse()
            .unwrap();
        let words = WordList::from_words(&[
            "hoses", "hike", "lee", "laser", "sails", "steer", "keel", "ale",
        ]);
        check(&template, &fill, &words, false).unwrap()
    }

    /// `read` as a clue list names them: every field right.
    fn listed(read: &[CheckedEntry]) -> Vec<Listed<'_>> {
        read.iter()
            .map(|e| Listed {
                number: e.number,
                direction: e.direction(),
                row: e.row + 1,
                col: e.col + 1,
                answer: &e.answer,
            })
            .collect()
    }

    #[test]
    fn every_field_of_a_listed_entry_is_compared() {
        // The sample grid: 1 across at row 1, column 1 reads 'hoses'.
        let read = sample_entries();
        let good = listed(&read);
        let numbers: Vec<u32> = read.iter().map(|e| e.number).collect();
        assert_eq!(numbers, [1, 4, 7, 8, 2, 3, 5, 6]);
        assert_eq!(listed_entries(&read, &good), Ok(()));
        let first = good[0];
        let cases: [(Listed<'_>, &str); 5] = [
            (
                Listed {
                    number: 99,
                    ..first
                },
                "entry 1 of the list (99 across at row 1, column 1): numbered 99 where the grid numbers it 1",
            ),
            (
                Listed {
                    direction: "sideways",
                    ..first
                },
                "direction 'sideways', expected 'across' or 'down'",
            ),
            (
                Listed { col: 2, ..first },
                "no across entry of the grid starts at row 1, column 2 (the grid's 1 across starts at row 1, column 1)",
            ),
            (
                Listed { col: 0, ..first },
                "no across entry of the grid starts at row 1, column 0",
            ),
            (
                Listed {
                    answer: "hosed",
                    ..first
                },
                "answer 'HOSED' where the grid reads 'HOSES'",
            ),
        ];
        for (changed, expected) in cases {
            let mut listed = good.clone();
            listed[0] = changed;
            let error = listed_entries(&read, &listed).unwrap_err().message;
            assert!(error.contains(expected), "{changed:?}: {error}");
        }
        let twice = [good.clone(), vec![good[0]]].concat();
        assert!(
            listed_entries(&read, &twice)
                .unwrap_err()
                .message
                .contains("listed twice")
        );
        let missing = &good[1..];
        assert!(
            listed_entries(&read, missing)
                .unwrap_err()
                .message
                .contains("the grid's 1 across at row 1, column 1 ('HOSES') is not listed")
        );
    }

    #[test]
    fn violations_give_the_cell_where() {
        use puzzle_kit::Cell as At;
        let at = |row, column| Some(At { row, column });
        let template: Grid = "a.\n..\n".parse().unwrap();
        let square: Grid = "..\n..\n".parse().unwrap();
        let cases = [
            // The cell itself: an empty cell, a block, a changed letter.
            (&template, "ab\nc.\n", at(2, 2)),
            (&template, "ab\nc#\n", at(2, 2)),
            (&template, "ba\ndc\n", at(1, 1)),
            // An entry: its first cell (across, then down).
            (&template, "ab\ncx\n", at(2, 1)),
            (&square, "aa\ncd\n", at(1, 2)),
            (&square, "aa\naa\n", at(2, 1)),
            // The size of the fill: nowhere in particular.
            (&template, "ab\ncd\nab\n", None),
        ];
        for (template, fill, expected) in cases {
            let fill: Grid = fill.parse().unwrap();
            let violation = check(template, &fill, &words(), false).unwrap_err();
            let message = violation.message.clone();
            let broken = puzzle_kit::Violation::from(violation);
            assert_eq!(broken.cell, expected, "{fill}: {message}");
            assert_eq!(broken.message, message);
        }
        let read = sample_entries();
        let good = listed(&read);
        let cell_of = |listed: &[Listed<'_>]| {
            puzzle_kit::Violation::from(listed_entries(&read, listed).unwrap_err()).cell
        };
        // 4 across ('HIKE') starts at row 3, column 2.
        let mut wrong = good.clone();
        wrong[1].answer = "hiker";
        assert_eq!(cell_of(&wrong), at(3, 2));
        wrong[1] = Listed {
            number: 5,
            ..good[1]
        };
        assert_eq!(cell_of(&wrong), at(3, 2));
        // 1 across left out: its first cell.
        assert_eq!(cell_of(&good[1..]), at(1, 1));
        // The list itself: a direction that is none, an entry listed twice.
        wrong = good.clone();
        wrong[1].direction = "up";
        assert_eq!(cell_of(&wrong), None);
        assert_eq!(cell_of(&[good.clone(), vec![good[0]]].concat()), None);
    }
}
