//! Counting against OEIS A000170 (all placements) and A002562 (distinct up
//! to symmetry), and agreement between thread counts.
//!
//! Debug test builds count N = 1..=15 (about a second unoptimised), release
//! test builds N = 1..=17; the fixtures in `fixtures/nqueens/count.toml`
//! (`cargo xtask verify`, release) cover N = 1..=17 as well.

use std::num::NonZeroUsize;

use nqueens::{
    CountOptions, Counts, MAX_COUNT_N, SizeError, Subproblem, count, count_subproblem, split,
    split_mirror,
};

const LARGEST_TESTED: usize = if cfg!(debug_assertions) { 15 } else { 17 };

/// The OEIS rows kept in `tests/data/nqueens_counts.txt`: (n, total, unique).
fn oeis_rows() -> Vec<(usize, u64, u64)> {
    include_str!("data/nqueens_counts.txt")
        .lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .map(|line| {
            let fields: Vec<u64> = line
                .split_whitespace()
                .map(|field| field.parse().expect("the data file holds numbers"))
                .collect();
            (fields[0] as usize, fields[1], fields[2])
        })
        .collect()
}

fn check(n: usize, threads: usize, expected: Counts) {
    let options = CountOptions {
        threads: NonZeroUsize::new(threads),
    };
    let (counts, stats) = count(n, &options).expect("a supported size");
    assert_eq!(counts, expected, "n = {n}, {threads} thread(s)");
    assert!(
        stats.nodes > 0 || counts.total == 0,
        "n = {n}: nodes reported"
    );
}

#[test]
fn counts_match_oeis() {
    let rows = oeis_rows();
    assert_eq!(rows.len(), 20, "rows 1..=20 are kept");
    for &(n, total, unique) in rows.iter().filter(|row| row.0 <= LARGEST_TESTED) {
        check(n, 0, Counts { total, unique });
    }
}

#[test]
fn every_thread_count_gives_the_same_answer() {
    for (n, total, unique) in oeis_rows()
        .into_iter()
        .filter(|row| (4..=12).contains(&row.0))
    {
        for threads in [1, 2, 3, 7, 64] {
            check(n, threads, Counts { total, unique });
        }
    }
}

#[test]
fn sizes_outside_the_range_are_errors() {
    let options = CountOptions::default();
    assert_eq!(count(0, &options), Err(SizeError::Empty));
    assert_eq!(
        count(MAX_COUNT_N + 1, &options),
        Err(SizeError::TooLarge {
            n: MAX_COUNT_N + 1,
            max: MAX_COUNT_N
        })
    );
}

/// The shares of every subproblem summed: the total, and the unique count
/// where the subproblems know it.
fn sum_of_shares(parts: &[Subproblem]) -> (u64, Option<u64>) {
    let mut total = 0;
    let mut unique = Some(0);
    for part in parts {
        let (share, stats) = count_subproblem(part).expect("split's own subproblems count");
        assert!(stats.nodes >= part.columns.len() as u64, "{part:?}");
        total += share.total;
        unique = unique.zip(share.unique).map(|(sum, more)| sum + more);
    }
    (total, unique)
}

#[test]
fn every_split_sums_to_oeis_by_classes_and_by_mirror_halving() {
    for (n, total, unique) in oeis_rows().into_iter().filter(|row| row.0 <= 14) {
        for depth in [0, 1, 2, 3, n] {
            let classes = split(n, depth).expect("a supported size");
            assert_eq!(
                sum_of_shares(&classes),
                (total, Some(unique)),
                "classes, n = {n}, depth {depth}: {} subproblems",
                classes.len()
            );
            // The whole boards of the mirror split are every placement of
            // the left half: past N = 12 that is slow unoptimised, and the
            // shallow depths already cover the rule.
            if depth == n && n > 12 && cfg!(debug_assertions) {
                continue;
            }
            let mirror = split_mirror(n, depth).expect("a supported size");
            let (mirror_total, _) = sum_of_shares(&mirror);
            assert_eq!(mirror_total, total, "mirror, n = {n}, depth {depth}");
        }
    }
}
