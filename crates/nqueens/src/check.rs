//! The independent checker: re-validates a placement against the rules of
//! the game, and reads what `nqueens solve` printed (JSON line, board, or
//! column list) to do so. It shares no code with the solvers: columns and
//! both diagonal directions are marked in plain bit sets, one pass, O(N).

use serde_json::Value;

/// What is wrong with a claimed placement.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Violation {
    /// No queens at all.
    #[error("the placement is empty: there must be one queen per row")]
    Empty,
    /// A queen outside the board.
    #[error("row {row}: column {column} is off the board (columns are 0..{n})")]
    OffBoard {
        /// The row, 0-based.
        row: usize,
        /// The column given.
        column: u64,
        /// The board size.
        n: usize,
    },
    /// Two queens in one column.
    #[error("rows {first_row} and {second_row} both have their queen in column {column}")]
    SameColumn {
        /// The upper row, 0-based.
        first_row: usize,
        /// The lower row, 0-based.
        second_row: usize,
        /// The shared column.
        column: u64,
    },
    /// Two queens on one diagonal.
    #[error(
        "the queens of rows {first_row} and {second_row} (columns {first_column} and \
         {second_column}) share a diagonal"
    )]
    SameDiagonal {
        /// The upper row, 0-based.
        first_row: usize,
        /// Its queen's column.
        first_column: u64,
        /// The lower row, 0-based.
        second_row: usize,
        /// Its queen's column.
        second_column: u64,
    },
    /// Fewer or more rows than the board has.
    #[error("the board is {expected}x{expected} but the placement has {found} rows")]
    WrongLength {
        /// N as stated.
        expected: usize,
        /// Rows given.
        found: usize,
    },
}

/// Checks that `columns` (row `r`'s queen in column `columns[r]`) places
/// `columns.len()` queens on the square board so that none attacks another.
///
/// # Errors
///
/// The first [`Violation`], naming the rows involved.
///
/// ```
/// use nqueens::{Violation, check_columns};
///
/// assert_eq!(check_columns(&[1, 3, 0, 2]), Ok(()));
/// assert!(matches!(check_columns(&[0, 1, 2, 3]), Err(Violation::SameDiagonal { .. })));
/// ```
pub fn check_columns(columns: &[u32]) -> Result<(), Violation> {
    check_any_columns(columns)
}

/// [`check_columns`] for any unsigned column type (parsed output may hold
/// numbers too large for `u32`).
fn check_any_columns<C: Copy + Into<u64>>(columns: &[C]) -> Result<(), Violation> {
    let n = columns.len();
    if n == 0 {
        return Err(Violation::Empty);
    }
    let mut used_columns = BitSet::new(n);
    // Diagonal `row - column + n - 1` runs down-right, `row + column` down-left.
    let mut used_down_right = BitSet::new(2 * n - 1);
    let mut used_down_left = BitSet::new(2 * n - 1);
    for (row, &column) in columns.iter().enumerate() {
        let column: u64 = column.into();
        let Ok(column_index) = usize::try_from(column) else {
            return Err(Violation::OffBoard { row, column, n });
        };
        if column_index >= n {
            return Err(Violation::OffBoard { row, column, n });
        }
        let down_right = row + n - 1 - column_index;
        let down_left = row + column_index;
        let column_clash = used_columns.insert(column_index);
        let diagonal_clash = used_down_right.insert(down_right) | used_down_left.insert(down_left);
        if column_clash || diagonal_clash {
            return Err(describe_clash(columns, row, column_clash));
        }
    }
    Ok(())
}

/// Finds the earlier row that the queen of `row` clashes with (a second,
/// linear pass: it runs once, on failure only).
fn describe_clash<C: Copy + Into<u64>>(columns: &[C], row: usize, column_clash: bool) -> Violation {
    let column: u64 = columns[row].into();
    for (earlier, &other) in columns[..row].iter().enumerate() {
        let other: u64 = other.into();
        if column_clash && other == column {
            return Violation::SameColumn {
                first_row: earlier,
                second_row: row,
                column,
            };
        }
        if !column_clash && other.abs_diff(column) == (row - earlier) as u64 {
            return Violation::SameDiagonal {
                first_row: earlier,
                first_column: other,
                second_row: row,
                second_column: column,
            };
        }
    }
    // Unreachable when the bit sets are right; name the row at least.
    Violation::SameColumn {
        first_row: row,
        second_row: row,
        column,
    }
}

/// A fixed-size set of small numbers, one bit each.
struct BitSet {
    words: Vec<u64>,
}

impl BitSet {
    fn new(size: usize) -> Self {
        BitSet {
            words: vec![0; size.div_ceil(64)],
        }
    }

    /// Adds `index`; true when it was already there.
    fn insert(&mut self, index: usize) -> bool {
        let word = &mut self.words[index / 64];
        let bit = 1u64 << (index % 64);
        let present = *word & bit != 0;
        *word |= bit;
        present
    }
}

/// Why [`check_output`] rejects a solver's output.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CheckError {
    /// The text is none of the forms `solve` prints.
    #[error("line {line}: {message}")]
    Unreadable {
        /// 1-based line of the input.
        line: usize,
        /// What was expected and found.
        message: String,
    },
    /// The placement breaks the rules.
    #[error("line {line}: {violation}")]
    Invalid {
        /// 1-based line of the input (the board's first line for a board).
        line: usize,
        /// What is wrong.
        violation: Violation,
    },
    /// The output claims there is no solution, but there is one.
    #[error("line {line}: the output says N = {n} has no solution, but {witness} is one")]
    FalseUnsolvable {
        /// 1-based line of the input.
        line: usize,
        /// The board size.
        n: usize,
        /// A placement found by brute force, as its column list.
        witness: String,
    },
    /// An unsolvability claim too large to confirm by brute force.
    #[error(
        "line {line}: cannot confirm that N = {n} has no solution (only N <= {max} is searched)"
    )]
    Unconfirmed {
        /// 1-based line of the input.
        line: usize,
        /// The board size.
        n: usize,
        /// The largest N searched.
        max: usize,
    },
    /// Nothing to check.
    #[error("no output to check: expected a JSON line, a board of Q and ., or a column list")]
    Empty,
}

/// What [`check_output`] confirmed, one per placement or claim read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// A valid placement on an N×N board.
    Valid {
        /// The board size.
        n: usize,
    },
    /// A claim that N has no placement, confirmed by exhaustive search.
    Unsolvable {
        /// The board size.
        n: usize,
    },
    /// A search that stopped at a limit (or an invalid input): no placement
    /// and no claim, so nothing to check.
    NothingToCheck,
}

/// The largest N whose "no solution" claim the checker confirms by trying
/// every placement.
pub const CONFIRM_UNSOLVABLE_MAX: usize = 10;

/// Checks the output of `nqueens solve`: JSON Lines (each object's
/// `solution` is checked, and its length against `n`; a `status` of
/// `"unsolvable"` is confirmed by exhaustive search for small N), or the
/// human view (a board of `Q`/`.` cells, or a column list on one line).
/// `expected_n`, when given, is the size every placement must have. Lines
/// starting with `stats:` are ignored.
///
/// # Errors
///
/// [`CheckError`], naming the line and what is wrong.
///
/// ```
/// use nqueens::check_output;
///
/// assert!(check_output(r#"{"status":"solved","n":4,"solution":[1,3,0,2]}"#, None).is_ok());
/// assert!(check_output(". Q . .\n. . . Q\nQ . . .\n. . Q .\n", Some(4)).is_ok());
/// assert!(check_output("0 1 2", None).is_err());
/// ```
pub fn check_output(text: &str, expected_n: Option<usize>) -> Result<Vec<Verdict>, CheckError> {
    let lines: Vec<(usize, &str)> = text
        .lines()
        .enumerate()
        .map(|(index, line)| (index + 1, line.trim()))
        .filter(|(_, line)| !line.is_empty() && !line.starts_with("stats:"))
        .collect();
    let Some(&(_, first)) = lines.first() else {
        return Err(CheckError::Empty);
    };
    if first.starts_with('{') {
        return lines
            .iter()
            .map(|&(line, content)| check_json_line(line, content, expected_n))
            .collect();
    }
    // The human view's other two answers: `unsolvable: 3 queens cannot be
    // placed ...` and `limit: dfs stopped ...`.
    if let Some(claim) = first.strip_prefix("unsolvable:") {
        let line = lines[0].0;
        let n = claim
            .split_whitespace()
            .next()
            .and_then(|n| n.parse::<usize>().ok())
            .filter(|&n| n > 0)
            .ok_or_else(|| CheckError::Unreadable {
                line,
                message: "expected the board size after 'unsolvable:'".to_owned(),
            })?;
        if let Some(expected) = expected_n
            && expected != n
        {
            let message = format!("the claim is about N = {n} but {expected} was expected");
            return Err(CheckError::Unreadable { line, message });
        }
        return confirm_unsolvable(line, n).map(|()| vec![Verdict::Unsolvable { n }]);
    }
    if first.starts_with("limit:") {
        return Ok(vec![Verdict::NothingToCheck]);
    }
    if first.starts_with(['Q', '.']) {
        return check_board(&lines, expected_n).map(|n| vec![Verdict::Valid { n }]);
    }
    if let [(line, content)] = lines[..] {
        let columns = parse_column_list(line, content)?;
        return check_sized(line, &columns, expected_n).map(|n| vec![Verdict::Valid { n }]);
    }
    Err(CheckError::Unreadable {
        line: lines[1].0,
        message: "expected the column list on a single line, found more lines".to_owned(),
    })
}

fn check_sized(
    line: usize,
    columns: &[u64],
    expected_n: Option<usize>,
) -> Result<usize, CheckError> {
    if let Some(expected) = expected_n
        && expected != columns.len()
    {
        let violation = Violation::WrongLength {
            expected,
            found: columns.len(),
        };
        return Err(CheckError::Invalid { line, violation });
    }
    check_any_columns(columns).map_err(|violation| CheckError::Invalid { line, violation })?;
    Ok(columns.len())
}

fn check_json_line(
    line: usize,
    content: &str,
    expected_n: Option<usize>,
) -> Result<Verdict, CheckError> {
    let unreadable = |message: String| CheckError::Unreadable { line, message };
    let value: Value =
        serde_json::from_str(content).map_err(|error| unreadable(format!("not JSON: {error}")))?;
    let object = value
        .as_object()
        .ok_or_else(|| unreadable("expected a JSON object".to_owned()))?;
    let stated_n = match object.get("n") {
        None => None,
        Some(n) => Some(
            n.as_u64()
                .filter(|&n| n > 0)
                .and_then(|n| usize::try_from(n).ok())
                .ok_or_else(|| {
                    unreadable(format!("\"n\" must be a positive integer, found {n}"))
                })?,
        ),
    };
    if let (Some(stated), Some(expected)) = (stated_n, expected_n)
        && stated != expected
    {
        return Err(unreadable(format!(
            "\"n\" is {stated} but {expected} was expected"
        )));
    }
    let n = stated_n.or(expected_n);
    match object.get("status").and_then(Value::as_str) {
        Some("solved") => {}
        Some("unsolvable") => {
            let n = n.ok_or_else(|| unreadable("an unsolvable claim needs \"n\"".to_owned()))?;
            return confirm_unsolvable(line, n).map(|()| Verdict::Unsolvable { n });
        }
        Some("limit" | "invalid") => return Ok(Verdict::NothingToCheck),
        Some(other) => return Err(unreadable(format!("unknown status \"{other}\""))),
        None => return Err(unreadable("expected a \"status\" field".to_owned())),
    }
    let solution = object
        .get("solution")
        .and_then(Value::as_array)
        .ok_or_else(|| unreadable("status \"solved\" without a \"solution\" list".to_owned()))?;
    let columns = solution
        .iter()
        .enumerate()
        .map(|(row, value)| {
            value.as_u64().ok_or_else(|| {
                unreadable(format!(
                    "solution[{row}] must be a column number, found {value}"
                ))
            })
        })
        .collect::<Result<Vec<u64>, _>>()?;
    check_sized(line, &columns, n).map(|n| Verdict::Valid { n })
}

fn check_board(lines: &[(usize, &str)], expected_n: Option<usize>) -> Result<usize, CheckError> {
    let n = lines.len();
    let mut columns = Vec::with_capacity(n);
    for &(line, content) in lines {
        let cells: Vec<&str> = content.split_whitespace().collect();
        if cells.len() != n {
            let message = format!(
                "a board of {n} rows needs {n} cells per row, found {}",
                cells.len()
            );
            return Err(CheckError::Unreadable { line, message });
        }
        let mut queen = None;
        for (column, cell) in cells.iter().enumerate() {
            match *cell {
                "." => {}
                "Q" if queen.is_none() => queen = Some(column as u64),
                "Q" => {
                    let message = "two queens in one row".to_owned();
                    return Err(CheckError::Unreadable { line, message });
                }
                other => {
                    let message = format!("column {column}: expected 'Q' or '.', found '{other}'");
                    return Err(CheckError::Unreadable { line, message });
                }
            }
        }
        let Some(queen) = queen else {
            return Err(CheckError::Unreadable {
                line,
                message: "no queen in this row".to_owned(),
            });
        };
        columns.push(queen);
    }
    check_sized(lines[0].0, &columns, expected_n)
}

fn parse_column_list(line: usize, content: &str) -> Result<Vec<u64>, CheckError> {
    content
        .split_whitespace()
        .enumerate()
        .map(|(row, word)| {
            word.parse::<u64>().map_err(|_| CheckError::Unreadable {
                line,
                message: format!("row {row}: expected a column number, found '{word}'"),
            })
        })
        .collect()
}

/// Tries every placement of `n` queens (only for small `n`); a claim of no
/// solution stands only if none is found.
fn confirm_unsolvable(line: usize, n: usize) -> Result<(), CheckError> {
    if n > CONFIRM_UNSOLVABLE_MAX {
        return Err(CheckError::Unconfirmed {
            line,
            n,
            max: CONFIRM_UNSOLVABLE_MAX,
        });
    }
    fn extend(n: usize, rows: &mut Vec<usize>) -> bool {
        if rows.len() == n {
            return true;
        }
        let row = rows.len();
        for column in 0..n {
            let safe = rows.iter().enumerate().all(|(earlier, &other)| {
                other != column && other.abs_diff(column) != row - earlier
            });
            if safe {
                rows.push(column);
                if extend(n, rows) {
                    return true;
                }
                rows.pop();
            }
        }
        false
    }
    let mut rows = Vec::with_capacity(n);
    if n > 0 && extend(n, &mut rows) {
        let witness = rows
            .iter()
            .map(usize::to_string)
            .collect::<Vec<_>>()
            .join(" ");
        return Err(CheckError::FalseUnsolvable { line, n, witness });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(text: &str, expected: Result<Verdict, &str>) {
        let got = check_output(text, None);
        match expected {
            Ok(verdict) => assert_eq!(got, Ok(vec![verdict]), "input {text:?}"),
            Err(message) => {
                let error = got.expect_err(text).to_string();
                assert!(
                    error.contains(message),
                    "{error:?} should contain {message:?}"
                );
            }
        }
    }

    #[test]
    fn accepts_every_form_solve_prints() {
        let valid = |n| Ok(Verdict::Valid { n });
        check(
            r#"{"status":"solved","n":4,"solution":[2,0,3,1],"stats":{}}"#,
            valid(4),
        );
        check(". Q . .\n. . . Q\nQ . . .\n. . Q .\n", valid(4));
        check("Q\n", valid(1));
        check("1 3 0 2\n", valid(4));
        check("1 3 0 2\nstats: nodes 4, time 0.001 ms\n", valid(4));
        check(
            r#"{"status":"unsolvable","n":3}"#,
            Ok(Verdict::Unsolvable { n: 3 }),
        );
        check(
            "unsolvable: 3 queens cannot be placed on a 3x3 board without attacking each other\n",
            Ok(Verdict::Unsolvable { n: 3 }),
        );
        check(
            "limit: dfs stopped at its limit of 3 boards generated, 1 tested, without a placement\n",
            Ok(Verdict::NothingToCheck),
        );
        check(
            r#"{"status":"limit","n":50,"algo":"dfs"}"#,
            Ok(Verdict::NothingToCheck),
        );
    }

    #[test]
    fn names_what_is_wrong() {
        check(
            "0 2 1",
            Err("rows 1 and 2 (columns 2 and 1) share a diagonal"),
        );
        check(
            "1 3 0 1",
            Err("rows 0 and 3 both have their queen in column 1"),
        );
        check("1 3 0 4", Err("row 3: column 4 is off the board"));
        check("1 x 0", Err("row 1: expected a column number, found 'x'"));
        check(
            r#"{"status":"solved","n":5,"solution":[1,3,0,2]}"#,
            Err("5x5 but the placement has 4 rows"),
        );
        check(
            r#"{"status":"unsolvable","n":4}"#,
            Err("but 1 3 0 2 is one"),
        );
        check(r#"{"status":"unsolvable","n":11}"#, Err("cannot confirm"));
        check(
            r#"{"status":"banana","n":8}"#,
            Err("unknown status \"banana\""),
        );
        check(
            r#"{"status":"solved","n":4}"#,
            Err("without a \"solution\""),
        );
        check("{nope", Err("line 1: not JSON"));
        check("Q .\n. .\n", Err("line 2: no queen in this row"));
        check("Q Q\n. .\n", Err("line 1: two queens in one row"));
        check(
            "Q . .\n. .\n. . Q\n",
            Err("line 2: a board of 3 rows needs 3 cells per row, found 2"),
        );
        check("", Err("no output to check"));
        check(
            "1 3\n0 2\n",
            Err("line 2: expected the column list on a single line"),
        );
    }

    #[test]
    fn expected_size_is_enforced() {
        assert!(check_output("1 3 0 2", Some(4)).is_ok());
        let error = check_output("1 3 0 2", Some(5)).unwrap_err().to_string();
        assert!(
            error.contains("5x5 but the placement has 4 rows"),
            "{error}"
        );
    }
}
