//! The total count split into independent subproblems that any scheduler
//! can share out (a Slurm array, GNU parallel, a Dask cluster): each is the
//! first rows placed, and the counts of their completions, each times its
//! weight, sum to the total.
//!
//! The weights come from the mirror image in the vertical axis, which maps
//! every placement to another one (never to itself when N > 1, as the two
//! would need a queen on the middle column in every row). A placement whose
//! first queen off the middle column stands in the left half is kept with
//! weight 2, standing for itself and its mirror image; one whose first
//! queen off the middle stands in the right half is left out, as its mirror
//! image is counted. A prefix that is all middle column (odd N, one row
//! placed) cannot tell yet, and is counted whole with weight 1.

use std::time::Instant;

use crate::{MAX_COUNT_N, SizeError, Stats};

/// The first rows of a board placed: the part of the total count that the
/// completions of these rows make, `weight` times their number.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Subproblem {
    /// The board size.
    pub n: usize,
    /// The queen's column in each of the first rows, from row 0.
    pub columns: Vec<usize>,
    /// How many placements each completion stands for: 2 when it stands
    /// for its mirror image too, else 1.
    pub weight: u64,
}

/// Why a [`Subproblem`] cannot be counted.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SubproblemError {
    /// The board size is 0 or above [`MAX_COUNT_N`].
    #[error(transparent)]
    Size(#[from] SizeError),
    /// More rows placed than the board has.
    #[error("{rows} rows placed on a board of {n}")]
    TooManyRows {
        /// Rows placed.
        rows: usize,
        /// The board size.
        n: usize,
    },
    /// A column outside the board.
    #[error("row {row}: column {column} is off a board of {n} columns")]
    OffBoard {
        /// The row, from 0.
        row: usize,
        /// The column given.
        column: usize,
        /// The board size.
        n: usize,
    },
    /// Two queens of the prefix attack each other.
    #[error("row {row}: the queen in column {column} is attacked by the queen of row {by}")]
    Attacked {
        /// The row, from 0.
        row: usize,
        /// Its column.
        column: usize,
        /// The earlier row whose queen attacks it.
        by: usize,
    },
    /// A weight other than 1 or 2.
    #[error("weight {0}: a subproblem's weight is 1 or 2")]
    Weight(u64),
}

/// The subproblems of the count of `n` queens with the first `depth` rows
/// placed (`depth` above `n` counts as `n`), in lexicographic order of
/// their columns: every placement of the first rows that attacks nothing
/// and is kept by the mirror rule of the module docs. Their completions,
/// weighted, sum to the total count.
///
/// # Errors
///
/// [`SizeError`] when `n` is 0 or above [`MAX_COUNT_N`].
///
/// ```
/// use nqueens::{count_subproblem, split};
///
/// let parts = split(8, 2)?;
/// let total: u64 = parts
///     .iter()
///     .map(|part| part.weight * count_subproblem(part).map(|(count, _)| count).unwrap())
///     .sum();
/// assert_eq!(total, 92);
/// # Ok::<(), nqueens::SizeError>(())
/// ```
pub fn split(n: usize, depth: usize) -> Result<Vec<Subproblem>, SizeError> {
    check_size(n)?;
    let depth = depth.min(n);
    let mut parts = Vec::new();
    let mut columns = Vec::with_capacity(depth);
    extend(n, depth, &mut columns, &mut parts);
    Ok(parts)
}

fn extend(n: usize, depth: usize, columns: &mut Vec<usize>, parts: &mut Vec<Subproblem>) {
    if columns.len() == depth {
        if let Some(weight) = mirror_weight(n, columns) {
            parts.push(Subproblem {
                n,
                columns: columns.clone(),
                weight,
            });
        }
        return;
    }
    for column in 0..n {
        if attacker(columns, columns.len(), column).is_none() {
            columns.push(column);
            // A prefix already in the right half stays out, and so does
            // everything below it.
            if mirror_weight(n, columns).is_some() {
                extend(n, depth, columns, parts);
            }
            columns.pop();
        }
    }
}

/// The weight of a prefix under the mirror rule, or `None` when its mirror
/// image is the one counted.
fn mirror_weight(n: usize, columns: &[usize]) -> Option<u64> {
    // Only one row can hold the middle column, so the first or second
    // column decides.
    match columns.iter().find(|&&column| 2 * column + 1 != n) {
        None => Some(1),
        Some(&column) if 2 * column + 1 < n => Some(2),
        Some(_) => None,
    }
}

/// The earlier row whose queen attacks `column` in `row`, if any: the
/// same column, or as many columns apart as rows.
fn attacker(columns: &[usize], row: usize, column: usize) -> Option<usize> {
    columns[..row]
        .iter()
        .enumerate()
        .find_map(|(earlier, &other)| {
            (other == column || other.abs_diff(column) == row - earlier).then_some(earlier)
        })
}

fn check_size(n: usize) -> Result<(), SizeError> {
    match n {
        0 => Err(SizeError::Empty),
        n if n > MAX_COUNT_N => Err(SizeError::TooLarge {
            n,
            max: MAX_COUNT_N,
        }),
        _ => Ok(()),
    }
}

/// Counts the completions of `part`'s first rows (not yet times its
/// weight) with bitboard backtracking, on the calling thread; the stats'
/// nodes are the queens placed, the prefix's included.
///
/// # Errors
///
/// [`SubproblemError`] when the board size, a column or the weight is out
/// of range, or two queens of the prefix attack each other.
pub fn count_subproblem(part: &Subproblem) -> Result<(u64, Stats), SubproblemError> {
    let start = Instant::now();
    let n = part.n;
    check_size(n)?;
    if part.columns.len() > n {
        return Err(SubproblemError::TooManyRows {
            rows: part.columns.len(),
            n,
        });
    }
    if !matches!(part.weight, 1 | 2) {
        return Err(SubproblemError::Weight(part.weight));
    }
    let full = if n == 32 { u32::MAX } else { (1u32 << n) - 1 };
    let (mut left, mut down, mut right) = (0u32, 0u32, 0u32);
    for (row, &column) in part.columns.iter().enumerate() {
        if column >= n {
            return Err(SubproblemError::OffBoard { row, column, n });
        }
        if let Some(by) = attacker(&part.columns, row, column) {
            return Err(SubproblemError::Attacked { row, column, by });
        }
        let bit = 1u32 << column;
        left = (left | bit) << 1;
        down |= bit;
        right = (right | bit) >> 1;
    }
    let mut nodes = part.columns.len() as u64;
    let count = complete(full, left & full, down, right, &mut nodes);
    Ok((
        count,
        Stats {
            nodes,
            num_tested: None,
            elapsed: start.elapsed(),
        },
    ))
}

/// Completions of a board whose placed queens cover the columns `down` and
/// attack `left` and `right` on the next row.
fn complete(full: u32, left: u32, down: u32, right: u32, nodes: &mut u64) -> u64 {
    if down == full {
        return 1;
    }
    let mut free = !(left | down | right) & full;
    let mut count = 0;
    while free != 0 {
        let bit = free & free.wrapping_neg();
        free ^= bit;
        *nodes += 1;
        count += complete(
            full,
            ((left | bit) << 1) & full,
            down | bit,
            (right | bit) >> 1,
            nodes,
        );
    }
    count
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{CountOptions, count};

    fn total(n: usize, depth: usize) -> u64 {
        split(n, depth)
            .unwrap()
            .iter()
            .map(|part| part.weight * count_subproblem(part).unwrap().0)
            .sum()
    }

    #[test]
    fn weighted_subproblems_sum_to_the_fast_counters_total_at_every_depth() {
        for n in 1..=10 {
            let (expected, _) = count(n, &CountOptions::default()).unwrap();
            for depth in 0..=n + 1 {
                assert_eq!(total(n, depth), expected.total, "n {n} depth {depth}");
            }
        }
    }

    #[test]
    fn the_mirror_rule_keeps_the_left_half_with_weight_two() {
        let parts = split(5, 1).unwrap();
        let rows: Vec<_> = parts
            .iter()
            .map(|part| (part.columns.clone(), part.weight))
            .collect();
        assert_eq!(rows, [(vec![0], 2), (vec![1], 2), (vec![2], 1)]);
        let parts = split(5, 2).unwrap();
        assert!(parts.iter().all(|part| part.weight == 2));
        assert!(parts.contains(&Subproblem {
            n: 5,
            columns: vec![2, 0],
            weight: 2
        }));
        assert!(!parts.iter().any(|part| part.columns == [2, 4]));
        assert_eq!(split(4, 0).unwrap()[0].weight, 1);
    }

    #[test]
    fn a_bad_prefix_is_refused_with_the_rows_that_clash() {
        let part = |columns: Vec<usize>, weight| Subproblem {
            n: 6,
            columns,
            weight,
        };
        assert_eq!(
            count_subproblem(&part(vec![0, 1], 2)).unwrap_err(),
            SubproblemError::Attacked {
                row: 1,
                column: 1,
                by: 0
            }
        );
        assert_eq!(
            count_subproblem(&part(vec![1, 3, 1], 2)).unwrap_err(),
            SubproblemError::Attacked {
                row: 2,
                column: 1,
                by: 0
            }
        );
        assert_eq!(
            count_subproblem(&part(vec![6], 2)).unwrap_err(),
            SubproblemError::OffBoard {
                row: 0,
                column: 6,
                n: 6
            }
        );
        assert_eq!(
            count_subproblem(&part(vec![0], 3)).unwrap_err(),
            SubproblemError::Weight(3)
        );
        assert_eq!(
            count_subproblem(&part(vec![0; 7], 1)).unwrap_err(),
            SubproblemError::TooManyRows { rows: 7, n: 6 }
        );
    }
}
