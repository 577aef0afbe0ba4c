//! The total count split into independent subproblems that any scheduler
//! can share out (a Slurm array, GNU parallel, a Dask cluster): each is the
//! first rows placed, and their shares sum to the total. Two ways to weigh
//! the boards a subproblem leaves out:
//!
//! - **Symmetry classes** ([`split`], the fast one): the subproblems are the
//!   nodes of [`count`](crate::count)'s own search at the depth asked, and
//!   counting one resumes that search there, so the subproblems together do
//!   the whole count's work (plus their prefixes again). Each canonical
//!   completion weighs the size of its class (2, 4 or 8), so a share gives
//!   the total and the count up to symmetry at once. Only the prefixes the
//!   search visits are subproblems; any other is refused with the rule
//!   that leaves it out ([`Unvisited`]).
//! - **Mirror halving** ([`split_mirror`]): the reflection in the vertical
//!   axis maps every placement to another one (never to itself when N > 1,
//!   as the two would need a queen on the middle column in every row). A
//!   placement whose first queen off the middle column stands in the left
//!   half is kept with weight 2, standing for itself and its mirror image;
//!   one whose first queen off the middle stands in the right half is left
//!   out, as its mirror image is counted. A prefix that is all middle
//!   column (odd N, one row placed) cannot tell yet, and is counted whole
//!   with weight 1. Any prefix of queens that do not attack each other can
//!   be counted this way, but every completion is visited: about twice the
//!   work of the class search (N = 13: 2,338,402 queens placed against
//!   1,064,378).

use std::time::Instant;

use crate::count::{check_size, class_node, class_nodes, count_node};
use crate::{SizeError, Stats, Unvisited};

/// How a subproblem's completions stand for the placements left out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Symmetry {
    /// The class search's: only canonical completions are met, each
    /// weighing the size of its symmetry class.
    Classes,
    /// Mirror halving: every completion is met and weighs `weight`, 2 when
    /// it stands for its mirror image too, else 1.
    Mirror {
        /// 1 or 2.
        weight: u64,
    },
}

/// The first rows of a board placed: a part of the total count.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Subproblem {
    /// The board size.
    pub n: usize,
    /// The queen's column in each of the first rows, from row 0.
    pub columns: Vec<usize>,
    /// How its completions are weighed.
    pub symmetry: Symmetry,
}

/// A subproblem's share of the count: the shares of a split sum to the
/// count's [`Counts`](crate::Counts).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Share {
    /// Its part of every placement (OEIS A000170).
    pub total: u64,
    /// Its part of the placements distinct under symmetry (A002562): known
    /// for [`Symmetry::Classes`] only.
    pub unique: Option<u64>,
}

/// Why a [`Subproblem`] cannot be counted.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SubproblemError {
    /// The board size is 0 or above [`MAX_COUNT_N`](crate::MAX_COUNT_N).
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
    /// A class subproblem whose prefix the class search never places.
    #[error(
        "row {row}: the symmetry-class search never places a queen in column {column} after these rows ({why}); a mirror subproblem takes any prefix"
    )]
    Unvisited {
        /// The row, from 0.
        row: usize,
        /// Its column.
        column: usize,
        /// The rule that leaves it out.
        why: Unvisited,
    },
    /// A mirror weight other than 1 or 2.
    #[error("weight {0}: a mirror subproblem's weight is 1 or 2")]
    Weight(u64),
}

/// The subproblems of the count of `n` queens by symmetry classes: the
/// nodes of the fast counter's search with the first `depth` rows placed
/// (`depth` above `n` counts as `n`), in lexicographic order of their
/// columns. Their shares sum to the total and to the unique count.
///
/// # Errors
///
/// [`SizeError`] when `n` is 0 or above [`MAX_COUNT_N`](crate::MAX_COUNT_N).
///
/// ```
/// use nqueens::{count_subproblem, split};
///
/// let (mut total, mut unique) = (0, 0);
/// for part in split(8, 2)? {
///     let (share, _stats) = count_subproblem(&part)?;
///     total += share.total;
///     unique += share.unique.unwrap_or(0);
/// }
/// assert_eq!((total, unique), (92, 12));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn split(n: usize, depth: usize) -> Result<Vec<Subproblem>, SizeError> {
    let mut parts = Vec::new();
    class_nodes(n, depth, |node| {
        parts.push(Subproblem {
            n,
            columns: node.columns(),
            symmetry: Symmetry::Classes,
        });
    })?;
    Ok(parts)
}

/// The subproblems of the count of `n` queens by mirror halving, with the
/// first `depth` rows placed (`depth` above `n` counts as `n`), in
/// lexicographic order of their columns: every placement of the first rows
/// that attacks nothing and is kept by the mirror rule of the module docs.
///
/// # Errors
///
/// [`SizeError`] when `n` is 0 or above [`MAX_COUNT_N`](crate::MAX_COUNT_N).
///
/// ```
/// use nqueens::{count_subproblem, split_mirror};
///
/// let mut total = 0;
/// for part in split_mirror(8, 2)? {
///     total += count_subproblem(&part)?.0.total;
/// }
/// assert_eq!(total, 92);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn split_mirror(n: usize, depth: usize) -> Result<Vec<Subproblem>, SizeError> {
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
                symmetry: Symmetry::Mirror { weight },
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

/// Counts `part`'s share on the calling thread: by symmetry classes, the
/// fast counter's search resumed at its prefix; by mirror halving, bitboard
/// backtracking over every completion, times the weight. The stats' nodes
/// are the queens placed, the prefix's included.
///
/// # Errors
///
/// [`SubproblemError`] when the board size, a column or the weight is out
/// of range, two queens of the prefix attack each other, or a class
/// subproblem's prefix is not one the class search visits.
pub fn count_subproblem(part: &Subproblem) -> Result<(Share, Stats), SubproblemError> {
    let start = Instant::now();
    let n = part.n;
    check_size(n)?;
    if part.columns.len() > n {
        return Err(SubproblemError::TooManyRows {
            rows: part.columns.len(),
            n,
        });
    }
    for (row, &column) in part.columns.iter().enumerate() {
        if column >= n {
            return Err(SubproblemError::OffBoard { row, column, n });
        }
        if let Some(by) = attacker(&part.columns, row, column) {
            return Err(SubproblemError::Attacked { row, column, by });
        }
    }
    let (share, nodes) = match part.symmetry {
        Symmetry::Classes => {
            let node =
                class_node(n, &part.columns).map_err(|(row, why)| SubproblemError::Unvisited {
                    row,
                    column: part.columns[row],
                    why,
                })?;
            let (counts, nodes) = count_node(n, &node);
            let share = Share {
                total: counts.total,
                unique: Some(counts.unique),
            };
            (share, nodes)
        }
        Symmetry::Mirror { weight } => {
            if !matches!(weight, 1 | 2) {
                return Err(SubproblemError::Weight(weight));
            }
            let (completions, nodes) = count_completions(n, &part.columns);
            let share = Share {
                total: completions * weight,
                unique: None,
            };
            (share, nodes)
        }
    };
    Ok((share, Stats::new(nodes, start.elapsed())))
}

/// Every completion of `columns`' first rows (queens that attack nothing),
/// and the queens placed, the prefix's included.
fn count_completions(n: usize, columns: &[usize]) -> (u64, u64) {
    let full = if n == 32 { u32::MAX } else { (1u32 << n) - 1 };
    let (mut left, mut down, mut right) = (0u32, 0u32, 0u32);
    for &column in columns {
        let bit = 1u32 << column;
        left = (left | bit) << 1;
        down |= bit;
        right = (right | bit) >> 1;
    }
    let mut nodes = columns.len() as u64;
    let count = complete(full, left & full, down, right, &mut nodes);
    (count, nodes)
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
    use crate::{CountOptions, Counts, count};

    /// The shares of a split summed: (total, unique when known).
    fn sum(parts: &[Subproblem]) -> (u64, Option<u64>) {
        parts.iter().fold((0, Some(0)), |(total, unique), part| {
            let (share, _) = count_subproblem(part).unwrap();
            (
                total + share.total,
                unique.zip(share.unique).map(|(a, b)| a + b),
            )
        })
    }

    #[test]
    fn shares_sum_to_the_fast_counters_counts_at_every_depth() {
        for n in 1..=10 {
            let (expected, _) = count(n, &CountOptions::default()).unwrap();
            for depth in 0..=n + 1 {
                let classes = split(n, depth).unwrap();
                assert_eq!(
                    sum(&classes),
                    (expected.total, Some(expected.unique)),
                    "classes, n {n} depth {depth}"
                );
                let mirror = split_mirror(n, depth).unwrap();
                let (total, unique) = sum(&mirror);
                assert_eq!(total, expected.total, "mirror, n {n} depth {depth}");
                assert!(mirror.is_empty() || unique.is_none());
            }
        }
    }

    #[test]
    fn every_whole_board_is_a_counted_class_or_refused_with_a_rule() {
        // Each placement, as a class subproblem of all its rows, is either
        // a node of the class search (counted 0, or its class's size when
        // it is the canonical board) or refused by one of the rules; the
        // counted ones are one per class.
        let mut reasons = Vec::new();
        for n in 1..=9 {
            let (expected, _) = count(n, &CountOptions::default()).unwrap();
            let (mut total, mut unique) = (0, 0);
            for columns in count::tests::all_placements(n) {
                let part = Subproblem {
                    n,
                    columns,
                    symmetry: Symmetry::Classes,
                };
                match count_subproblem(&part) {
                    Ok((share, _)) => {
                        assert!(
                            matches!(share.total, 0 | 2 | 4 | 8) || n == 1,
                            "{part:?}: {share:?}"
                        );
                        total += share.total;
                        unique += share.unique.unwrap();
                    }
                    Err(SubproblemError::Unvisited { why, .. }) => {
                        let reason = format!("{why:?}");
                        let name = reason.split(' ').next().unwrap_or_default().to_owned();
                        if !reasons.contains(&name) {
                            reasons.push(name);
                        }
                    }
                    Err(error) => panic!("{part:?}: {error}"),
                }
            }
            assert_eq!(
                Counts { total, unique },
                expected,
                "n {n}: the canonical boards"
            );
        }
        // (No board up to N = 9 has the corner queen and the second row's in
        // the last column; that rule and NoPlacement are tried on prefixes.)
        assert_eq!(
            reasons,
            ["FirstRow", "CornerColumnOne", "EdgeSide", "EdgeLastRow"],
            "the rules that refuse whole boards"
        );
    }

    #[test]
    fn a_prefix_the_class_search_never_places_is_refused_with_the_rule() {
        let refusal = |n, columns: &[usize]| match count_subproblem(&Subproblem {
            n,
            columns: columns.to_vec(),
            symmetry: Symmetry::Classes,
        }) {
            Err(SubproblemError::Unvisited { row, why, .. }) => Some((row, why)),
            Err(error) => panic!("{columns:?}: {error}"),
            Ok(_) => None,
        };
        assert_eq!(refusal(8, &[4]), Some((0, Unvisited::FirstRow { max: 3 })));
        assert_eq!(refusal(9, &[4]), Some((0, Unvisited::FirstRow { max: 3 })));
        assert_eq!(
            refusal(8, &[0, 7]),
            Some((1, Unvisited::CornerSecondRow { max: 6 }))
        );
        assert_eq!(
            refusal(8, &[0, 3, 1]),
            Some((2, Unvisited::CornerColumnOne { bound1: 3 }))
        );
        assert_eq!(refusal(8, &[0, 2, 5, 1]), None);
        assert_eq!(
            refusal(8, &[2, 0]),
            Some((
                1,
                Unvisited::EdgeSide {
                    bound1: 2,
                    bound2: 5
                }
            ))
        );
        assert_eq!(refusal(3, &[0]), Some((0, Unvisited::NoPlacement)));
        assert_eq!(refusal(1, &[0]), None);
        assert_eq!(refusal(8, &[]), None);
        // The mirror form takes them all.
        for columns in [&[4][..], &[0, 7], &[0, 3, 1], &[2, 0]] {
            let part = Subproblem {
                n: 8,
                columns: columns.to_vec(),
                symmetry: Symmetry::Mirror { weight: 1 },
            };
            assert!(count_subproblem(&part).is_ok(), "{columns:?}");
        }
        let message = count_subproblem(&Subproblem {
            n: 8,
            columns: vec![0, 3, 1],
            symmetry: Symmetry::Classes,
        })
        .unwrap_err()
        .to_string();
        assert_eq!(
            message,
            "row 2: the symmetry-class search never places a queen in column 1 after these rows \
             (with a queen in the corner and the second row's in column 3, the column-1 queen \
             stands below row 3); a mirror subproblem takes any prefix"
        );
    }

    #[test]
    fn the_mirror_rule_keeps_the_left_half_with_weight_two() {
        let rows = |depth| -> Vec<(Vec<usize>, Symmetry)> {
            split_mirror(5, depth)
                .unwrap()
                .into_iter()
                .map(|part| (part.columns, part.symmetry))
                .collect()
        };
        let two = Symmetry::Mirror { weight: 2 };
        let one = Symmetry::Mirror { weight: 1 };
        assert_eq!(rows(1), [(vec![0], two), (vec![1], two), (vec![2], one)]);
        let parts = rows(2);
        assert!(parts.iter().all(|(_, symmetry)| *symmetry == two));
        assert!(parts.contains(&(vec![2, 0], two)));
        assert!(!parts.iter().any(|(columns, _)| *columns == [2, 4]));
        assert_eq!(rows(0), [(vec![], one)]);
    }

    #[test]
    fn the_class_split_is_the_searchs_nodes() {
        let columns = |n, depth| -> Vec<Vec<usize>> {
            split(n, depth)
                .unwrap()
                .into_iter()
                .map(|part| part.columns)
                .collect()
        };
        // The corner and the left half of the first row; N = 2 and 3 none.
        assert_eq!(columns(8, 1), [[0], [1], [2], [3]]);
        assert_eq!(columns(9, 1), [[0], [1], [2], [3]]);
        assert!(columns(3, 1).is_empty());
        assert_eq!(columns(3, 0), [Vec::<usize>::new()]);
        assert_eq!(columns(1, 5), [[0]]);
        // Below the corner, bound1 runs 2..=N-2.
        let corner: Vec<_> = columns(8, 2).into_iter().filter(|c| c[0] == 0).collect();
        assert_eq!(corner, [[0, 2], [0, 3], [0, 4], [0, 5], [0, 6]]);
    }

    #[test]
    fn a_bad_prefix_is_refused_with_the_rows_that_clash() {
        let part = |columns: Vec<usize>, weight| Subproblem {
            n: 6,
            columns,
            symmetry: Symmetry::Mirror { weight },
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
        let classes = Subproblem {
            n: 6,
            columns: vec![0, 2, 0],
            symmetry: Symmetry::Classes,
        };
        assert_eq!(
            count_subproblem(&classes).unwrap_err(),
            SubproblemError::Attacked {
                row: 2,
                column: 0,
                by: 0
            }
        );
    }
}
