//! Clue-free tiled grids that the capacity argument proves unsolvable at
//! the root, where the search alone ran for minutes: a band of lines
//! cannot hold the digits its rooms need.

use std::time::Duration;

use ripple::{Algo, Options, Puzzle, Status};

/// A `rows` x `cols` grid of rooms `width` x `height` (cut at the edges), no givens.
fn tiled(rows: usize, cols: usize, width: usize, height: usize) -> Puzzle {
    let labels: Vec<u32> = (0..rows * cols)
        .map(|cell| ((cell / cols / height) * 1000 + cell % cols / width) as u32)
        .collect();
    Puzzle::new(rows, cols, &labels, &vec![0; rows * cols]).unwrap()
}

#[test]
fn tiled_grids_that_cannot_hold_their_digits_are_unsolvable_at_once() {
    for (rows, cols, width, height) in [
        // A band of three rows needs ten 9s, its rows hold three each.
        (30, 30, 3, 3),
        // Each row's four 16s fall in windows that leave columns 13 to 16
        // without one; the band of columns 12 to 15 then falls short.
        (64, 64, 4, 4),
        (128, 128, 8, 8),
        (128, 128, 64, 1),
        (20, 20, 2, 2),
    ] {
        let puzzle = tiled(rows, cols, width, height);
        let outcome = ripple::solve(
            &puzzle,
            &Options::new(Algo::Fast).count_up_to(2).node_limit(1000),
        );
        assert_eq!(
            (outcome.status, outcome.count, outcome.count_complete),
            (Status::Unsolvable, 0, true),
            "{rows}x{cols} of {width}x{height}"
        );
        // Proved at the root, before any guess.
        assert_eq!(outcome.stats.nodes, 1, "{rows}x{cols} of {width}x{height}");
        assert!(outcome.stats.elapsed < Duration::from_secs(60));
    }
}

/// Tiled grids that do have solutions keep them: each count agrees with
/// the csp-core model's, which has no capacity argument.
#[test]
fn tiled_grids_with_solutions_keep_them() {
    let mut solvable = 0;
    for rows in 1..=6 {
        for cols in 1..=6 {
            for (width, height) in [
                (1, 1),
                (2, 1),
                (1, 2),
                (2, 2),
                (3, 1),
                (1, 3),
                (3, 2),
                (2, 3),
            ] {
                let puzzle = tiled(rows, cols, width, height);
                let fast = ripple::solve(&puzzle, &Options::new(Algo::Fast).count_up_to(50));
                let csp = ripple::solve(&puzzle, &Options::new(Algo::Csp).count_up_to(50));
                assert_eq!(
                    (fast.status, fast.count, fast.count_complete),
                    (csp.status, csp.count, csp.count_complete),
                    "{rows}x{cols} of {width}x{height}"
                );
                solvable += usize::from(fast.count > 0);
            }
        }
    }
    assert!(solvable > 50, "{solvable}");
}
