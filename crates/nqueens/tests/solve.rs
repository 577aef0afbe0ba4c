//! Every placement either solver returns is re-validated by the independent
//! checker (`check_columns`), over many sizes and seeds.

use nqueens::{
    Algorithm, Limit, MAX_SOLVE_N, Outcome, Placement, SizeError, Violation, check_columns, solve,
};

/// Solves and re-checks; returns the placement.
fn check_solves(n: usize, algorithm: Algorithm) -> Placement {
    let (outcome, stats) = solve(n, algorithm).expect("a supported size");
    let Outcome::Solved(placement) = outcome else {
        panic!("n = {n} with {algorithm:?}: expected a placement, got {outcome:?}");
    };
    assert_eq!(placement.n(), n);
    assert_eq!(
        check_columns(placement.columns()),
        Ok(()),
        "n = {n} with {algorithm:?}"
    );
    assert!(stats.nodes >= 1, "n = {n}: nodes reported");
    placement
}

#[test]
fn construction_is_valid_for_every_size_up_to_2000() {
    for n in (1..=2000).filter(|n| !matches!(n, 2 | 3)) {
        check_solves(n, Algorithm::Construct);
    }
}

#[test]
fn construction_is_valid_for_large_sizes_of_every_residue() {
    // One size per residue mod 6 around 10^5, then 10^6 (10^6 mod 6 = 4).
    for n in (100_000..100_006).chain([999_999, 1_000_000]) {
        check_solves(n, Algorithm::Construct);
    }
}

#[test]
fn min_conflicts_is_valid_across_sizes_and_seeds() {
    for n in 4..=80 {
        for seed in 0..4 {
            check_solves(n, Algorithm::min_conflicts(seed, n));
        }
    }
    for n in [500, 1001, 20_000] {
        for seed in [1, 99] {
            check_solves(n, Algorithm::min_conflicts(seed, n));
        }
    }
}

#[test]
fn min_conflicts_is_deterministic_per_seed() {
    let first = check_solves(3000, Algorithm::min_conflicts(5, 3000));
    assert_eq!(first, check_solves(3000, Algorithm::min_conflicts(5, 3000)));
    assert_ne!(first, check_solves(3000, Algorithm::min_conflicts(6, 3000)));
}

#[test]
fn min_conflicts_reports_an_exhausted_budget() {
    let tiny = Algorithm::MinConflicts {
        seed: 1,
        max_steps: 5,
    };
    assert_eq!(
        solve(10_000, tiny).map(|(outcome, _)| outcome),
        Ok(Outcome::LimitReached(Limit::Node))
    );
}

#[test]
fn two_and_three_are_unsolvable_and_one_is_trivial() {
    for algorithm in [Algorithm::Construct, Algorithm::min_conflicts(1, 3)] {
        assert_eq!(
            solve(2, algorithm).map(|(outcome, _)| outcome),
            Ok(Outcome::Unsolvable)
        );
        assert_eq!(
            solve(3, algorithm).map(|(outcome, _)| outcome),
            Ok(Outcome::Unsolvable)
        );
        assert_eq!(check_solves(1, algorithm).columns(), [0]);
    }
}

#[test]
fn sizes_outside_the_range_are_errors() {
    assert_eq!(solve(0, Algorithm::Construct), Err(SizeError::Empty));
    assert_eq!(
        solve(MAX_SOLVE_N + 1, Algorithm::Construct),
        Err(SizeError::TooLarge {
            n: MAX_SOLVE_N + 1,
            max: MAX_SOLVE_N
        })
    );
}

#[test]
fn placements_can_only_be_built_valid() {
    assert!(Placement::new(vec![1, 3, 0, 2]).is_ok());
    assert_eq!(
        Placement::new(vec![0, 2, 4, 1, 1]),
        Err(Violation::SameColumn {
            first_row: 3,
            second_row: 4,
            column: 1
        })
    );
    assert_eq!(Placement::new(vec![]), Err(Violation::Empty));
    assert!(matches!(
        Placement::new(vec![0, 5]),
        Err(Violation::OffBoard { row: 1, .. })
    ));
}

#[test]
fn the_compact_form_lists_columns() {
    let placement = check_solves(8, Algorithm::Construct);
    assert_eq!(placement.to_line(), "1 3 5 7 2 0 6 4");
    let mut written = Vec::new();
    placement.write_line(&mut written).unwrap();
    assert_eq!(written, b"1 3 5 7 2 0 6 4\n");
}
