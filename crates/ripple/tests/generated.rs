//! Generated puzzles: a few hundred across sizes, seeds and difficulties,
//! each with exactly one solution by two independent counts (the fast
//! engine and the csp-core model), accepted by the checker, graded as
//! asked, minimal, and the same for the same seed.

use ripple::{Algo, Difficulty, Options, Status};

const DIFFICULTIES: [Difficulty; 3] = [Difficulty::Easy, Difficulty::Medium, Difficulty::Hard];

#[test]
fn generated_puzzles_are_unique_by_two_counts_and_pass_the_checker() {
    let mut checked = 0;
    for (rows, cols) in [(5, 5), (6, 8), (8, 8), (10, 10), (7, 12)] {
        for difficulty in DIFFICULTIES {
            for seed in 0..20 {
                let generated =
                    ripple::generate(rows, cols, seed, difficulty).unwrap_or_else(|error| {
                        panic!("{rows}x{cols} {difficulty} seed {seed}: {error}")
                    });
                let puzzle = &generated.puzzle;
                assert_eq!((puzzle.rows(), puzzle.cols()), (rows, cols));
                for algo in [Algo::Fast, Algo::Csp] {
                    let outcome = ripple::solve(puzzle, &Options::new(algo).count_up_to(2));
                    assert_eq!(outcome.status, Status::Solved);
                    assert!(
                        (outcome.count == 1 && outcome.count_complete),
                        "{rows}x{cols} {difficulty} seed {seed} {algo}"
                    );
                    assert_eq!(outcome.solution.as_ref(), Some(&generated.solution));
                }
                ripple::check::check(puzzle, generated.solution.values()).unwrap();
                assert_eq!(generated.grade.difficulty, difficulty);
                assert_eq!(ripple::grade(puzzle), Some(generated.grade));
                checked += 1;
            }
        }
    }
    assert_eq!(checked, 300);
}

#[test]
fn hard_puzzles_have_minimal_givens() {
    for seed in 0..10 {
        let generated = ripple::generate(8, 8, seed, Difficulty::Hard).unwrap();
        let givens = generated.puzzle.givens().to_vec();
        for cell in (0..givens.len()).filter(|&cell| givens[cell] != 0) {
            let mut fewer = givens.clone();
            fewer[cell] = 0;
            let smaller = generated.puzzle.with_givens(&fewer).unwrap();
            assert_eq!(
                ripple::count_solutions(&smaller, 2),
                (2, false),
                "seed {seed} cell {cell}"
            );
        }
    }
}

#[test]
fn the_same_seed_gives_the_same_puzzle_and_another_seed_another() {
    let first = ripple::generate(9, 9, 42, Difficulty::Medium).unwrap();
    assert_eq!(
        first,
        ripple::generate(9, 9, 42, Difficulty::Medium).unwrap()
    );
    assert_ne!(
        first.puzzle,
        ripple::generate(9, 9, 43, Difficulty::Medium)
            .unwrap()
            .puzzle
    );
}

#[test]
fn a_size_out_of_range_is_an_error() {
    assert!(ripple::generate(0, 5, 1, Difficulty::Easy).is_err());
    assert!(ripple::generate(5, 1000, 1, Difficulty::Easy).is_err());
}

#[test]
fn a_one_by_one_grid_is_easy() {
    let generated = ripple::generate(1, 1, 0, Difficulty::Easy).unwrap();
    assert_eq!(generated.solution.values(), &[1]);
}

/// Grids one cell wide, or one cell tall: generated, then solved by every
/// algorithm to the same unique solution, which the checker accepts.
#[test]
fn one_row_and_one_column_grids_generate_solve_and_check() {
    for (rows, cols) in [(1, 1), (1, 5), (5, 1), (1, 12), (12, 1)] {
        for seed in 0..5 {
            let generated = ripple::generate(rows, cols, seed, Difficulty::Easy)
                .unwrap_or_else(|error| panic!("{rows}x{cols} seed {seed}: {error}"));
            let puzzle = &generated.puzzle;
            let url = ripple::to_url(puzzle);
            let read: ripple::Puzzle = url.parse().expect("its URL reads back");
            assert_eq!(&read, puzzle);
            for &algo in Algo::ALL {
                let outcome = ripple::solve(puzzle, &Options::new(algo).count_up_to(2));
                assert!(
                    (outcome.count == 1 && outcome.count_complete),
                    "{rows}x{cols} seed {seed} {algo}"
                );
                assert_eq!(outcome.solution.as_ref(), Some(&generated.solution));
            }
            ripple::check::check(puzzle, generated.solution.values()).unwrap();
        }
    }
}
