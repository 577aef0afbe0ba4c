//! The independent checker of a fill: its own reading of the entries, its
//! own word set, nothing shared with the solvers. A fill passes when it has
//! the template's shape and blocks, keeps every pre-filled letter, fills
//! every cell of every entry, every entry is a word of the list (or was
//! given whole by the template), and no word fills two entries unless
//! repeats are allowed. Crossings agree by construction: each cell holds
//! one letter, read by both of its entries.

use std::collections::BTreeSet;
use std::fmt;

use crate::grid::{Cell, Grid};
use crate::words::WordList;

/// Why a fill fails the check.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Violation(pub String);

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Violation {}

/// One entry as the checker reads it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CheckedEntry {
    /// Row of the first cell (0-based).
    pub row: usize,
    /// Column of the first cell (0-based).
    pub col: usize,
    /// Whether it reads down.
    pub down: bool,
    /// Its letters, lowercase.
    pub answer: String,
}

/// Checks `fill` against `template` and `words`; the entries read, across
/// (row by row) then down (row by row), when it passes.
pub fn check(
    template: &Grid,
    fill: &Grid,
    words: &WordList,
    allow_repeats: bool,
) -> Result<Vec<CheckedEntry>, Violation> {
    let fail = |message: String| Err(Violation(message));
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
            let (given, filled) = (template.cell(r, c), fill.cell(r, c));
            let at = format!("row {}, column {}", r + 1, c + 1);
            match (given, filled) {
                (Cell::Block, Cell::Block) => {}
                (Cell::Block, _) => {
                    return fail(format!("{at}: a block of the template is not a block"));
                }
                (_, Cell::Block) => {
                    return fail(format!("{at}: a block where the template has a white cell"));
                }
                (Cell::Letter(a), Cell::Letter(b)) if a != b => {
                    return fail(format!(
                        "{at}: the pre-filled letter '{}' was changed to '{}'",
                        (b'a' + a) as char,
                        (b'a' + b) as char
                    ));
                }
                _ => {}
            }
        }
    }
    let mut entries = Vec::new();
    for (down, row, col, cells) in runs(fill) {
        {
            let mut answer = String::with_capacity(cells.len());
            let mut given_whole = true;
            for &(r, c) in &cells {
                match fill.cell(r, c) {
                    Cell::Letter(letter) => answer.push((b'a' + letter) as char),
                    _ => {
                        return fail(format!(
                            "row {}, column {}: an empty cell in the {} entry at row {}, column {}",
                            r + 1,
                            c + 1,
                            if down { "down" } else { "across" },
                            row + 1,
                            col + 1
                        ));
                    }
                }
                given_whole &= matches!(template.cell(r, c), Cell::Letter(_));
            }
            entries.push((
                CheckedEntry {
                    row,
                    col,
                    down,
                    answer,
                },
                given_whole,
            ));
        }
    }
    let list: BTreeSet<String> = words
        .words()
        .iter()
        .map(|word| word.letters.iter().map(|&l| (b'a' + l) as char).collect())
        .collect();
    let mut used = BTreeSet::new();
    for (entry, given_whole) in &entries {
        let name = format!(
            "the {} entry at row {}, column {}",
            if entry.down { "down" } else { "across" },
            entry.row + 1,
            entry.col + 1
        );
        if !given_whole && !list.contains(&entry.answer) {
            return fail(format!(
                "{name}: '{}' is not in the word list",
                entry.answer
            ));
        }
        if !allow_repeats && !used.insert(entry.answer.clone()) {
            return fail(format!("{name}: '{}' is used twice", entry.answer));
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
        assert_eq!(answers, ["ab", "cd", "ac", "bd"]);
        let cases = [
            ("ab\nc.\n", "row 2, column 2: an empty cell"),
            ("ab\ncx\n", "'cx' is not in the word list"),
            (
                "ba\ndc\n",
                "row 1, column 1: the pre-filled letter 'a' was changed to 'b'",
            ),
            ("ab\nc#\n", "a block where the template has a white cell"),
            ("ab\ncd\nab\n", "the fill is 3 x 2"),
        ];
        for (fill, expected) in cases {
            let fill: Grid = fill.parse().unwrap();
            let error = check(&template, &fill, &words(), false).unwrap_err().0;
            assert!(error.contains(expected), "{fill}: {error}");
        }
        let square: Grid = "..\n..\n".parse().unwrap();
        let twice: Grid = "aa\naa\n".parse().unwrap();
        assert!(
            check(&square, &twice, &words(), false)
                .unwrap_err()
                .0
                .contains("used twice")
        );
        assert_eq!(check(&square, &twice, &words(), true).unwrap().len(), 4);
    }
}
