//! Every placement either solver returns is re-validated by the independent
//! checker (`check_columns`), over many sizes and seeds.

use nqueens::{
    Algo, Limit, MAX_SOLVE_N, Options, Placement, Queens, SizeError, Status, Violation,
    check_columns, solve,
};

/// Solves and re-checks; returns the placement.
fn check_solves(n: usize, options: Options) -> Placement {
    let queens = Queens::new(n).expect("a supported size");
    let outcome = solve(&queens, &options);
    let Some(placement) = outcome.solution else {
        panic!("n = {n} with {options:?}: expected a placement, got {outcome:?}");
    };
    assert_eq!(outcome.status, Status::Solved);
    assert_eq!(placement.n(), n);
    assert_eq!(
        check_columns(placement.columns()),
        Ok(()),
        "n = {n} with {options:?}"
    );
    assert!(outcome.stats.nodes >= 1, "n = {n}: nodes reported");
    placement
}

fn construct() -> Options {
    Options::new(Algo::Construct)
}

fn min_conflicts(seed: u64) -> Options {
    Options::new(Algo::MinConflicts).seed(seed)
}

#[test]
fn construction_is_valid_for_every_size_up_to_2000() {
    for n in (1..=2000).filter(|n| !matches!(n, 2 | 3)) {
        check_solves(n, construct());
    }
}

#[test]
fn construction_is_valid_for_large_sizes_of_every_residue() {
    // One size per residue mod 6 around 10^5, then 10^6 (10^6 mod 6 = 4).
    for n in (100_000..100_006).chain([999_999, 1_000_000]) {
        check_solves(n, construct());
    }
}

#[test]
fn min_conflicts_is_valid_across_sizes_and_seeds() {
    for n in 4..=80 {
        for seed in 0..4 {
            check_solves(n, min_conflicts(seed));
        }
    }
    for n in [500, 1001, 20_000] {
        for seed in [1, 99] {
            check_solves(n, min_conflicts(seed));
        }
    }
}

#[test]
fn min_conflicts_is_deterministic_per_seed() {
    let first = check_solves(3000, min_conflicts(5));
    assert_eq!(first, check_solves(3000, min_conflicts(5)));
    assert_ne!(first, check_solves(3000, min_conflicts(6)));
}

#[test]
fn min_conflicts_reports_an_exhausted_budget() {
    let queens = Queens::new(10_000).unwrap();
    for options in [
        min_conflicts(1).max_steps(5),
        // The node limit bounds its steps too.
        min_conflicts(1).node_limit(5),
    ] {
        let outcome = solve(&queens, &options);
        assert_eq!(outcome.status, Status::Limit(Limit::Node));
        assert!(outcome.stats.nodes <= 5, "{:?}", outcome.stats);
    }
}

#[test]
fn two_and_three_are_unsolvable_and_one_is_trivial() {
    for options in [construct(), min_conflicts(1)] {
        for n in [2, 3] {
            let outcome = solve(&Queens::new(n).unwrap(), &options);
            assert_eq!(
                (outcome.status, outcome.solution),
                (Status::Unsolvable, None)
            );
        }
        assert_eq!(check_solves(1, options).columns(), [0]);
    }
}

#[test]
fn sizes_outside_the_range_are_errors() {
    assert_eq!(Queens::new(0), Err(SizeError::Empty));
    assert_eq!(
        Queens::new(MAX_SOLVE_N + 1),
        Err(SizeError::TooLarge {
            n: MAX_SOLVE_N + 1,
            max: MAX_SOLVE_N
        })
    );
    for (text, message) in [
        ("0", "line 1, column 1: N must be at least 1"),
        (
            "",
            "line 1, column 1: expected a board size 1 to 100000000, found the end",
        ),
        ("  \n", "line 2, column 1: expected a board size"),
        (" 1x", "line 1, column 3: expected a digit, found 'x'"),
        (
            "8 9",
            "line 1, column 3: expected the end of the input after the size, found '9'",
        ),
        ("-8", "line 1, column 1: expected a digit, found '-'"),
        ("100000001", "line 1, column 1: N = 100000001 is larger"),
        ("99999999999999999999999", "line 1, column 1: N = "),
    ] {
        let error = text.parse::<Queens>().unwrap_err().to_string();
        assert!(error.starts_with(message), "{text:?}: {error}");
    }
    assert_eq!(" 12\n".parse::<Queens>().map(Queens::n), Ok(12));
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
    let placement = check_solves(8, construct());
    assert_eq!(placement.to_line(), "1 3 5 7 2 0 6 4");
    let mut written = Vec::new();
    placement.write_line(&mut written).unwrap();
    assert_eq!(written, b"1 3 5 7 2 0 6 4\n");
}

/// The crate through the shared trait, as a tool over every puzzle drives
/// it (xtask's library-user): parsed, solved with the default algorithm
/// under a node limit, checked, shown in its one-line forms.
fn through_the_trait<P: puzzle_kit::Puzzle>(text: &str) -> String {
    use puzzle_kit::{Configure, Effort};
    let puzzle: P = text.parse().expect("a puzzle");
    let options = P::Options::new(P::Algo::default()).node_limit(10_000_000);
    let outcome = puzzle.solve(&options);
    let solution = outcome.solution.expect("solved");
    puzzle.check(&solution).expect("checked");
    assert!(outcome.stats.nodes() >= 1);
    assert_eq!(
        puzzle.to_line().parse::<P>().map(|p| p.to_line()).ok(),
        Some(puzzle.to_line())
    );
    format!(
        "{} -> {}",
        puzzle.to_line(),
        puzzle.solution_line(&solution)
    )
}

#[test]
fn queens_is_a_puzzle_kit_puzzle() {
    assert_eq!(through_the_trait::<Queens>("8"), "8 -> 1 3 5 7 2 0 6 4");
    let queens = Queens::new(4).unwrap();
    let wrong = Placement::new(vec![0, 2, 4, 1, 3]).unwrap();
    assert!(puzzle_kit::Puzzle::check(&queens, &wrong).is_err());
}
