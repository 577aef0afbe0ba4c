//! The library shape every puzzle crate shares: `Options::new(algo)` with
//! the common builders, `puzzle_kit::Outcome`, the `Puzzle` trait, and
//! every limit honoured by every algorithm.

use std::time::Duration;

use puzzle_kit::{Configure, Effort, Puzzle as _};
use ripple::{Algo, Limit, Options, Puzzle, Status};

/// A 12x12 grid of a generated puzzle's rooms with no givens: thousands
/// of solutions, so a count to a million runs until a limit stops it.
fn open_grid() -> Puzzle {
    let generated = ripple::generate(12, 12, 3, ripple::Difficulty::Medium).unwrap();
    let shape = &generated.puzzle;
    shape.with_givens(&vec![0; shape.len()]).unwrap()
}

#[test]
fn every_algorithm_stops_at_the_time_limit() {
    let puzzle = open_grid();
    for &algo in Algo::ALL {
        let options = Options::new(algo)
            .count_up_to(1_000_000_000)
            .time_limit(Duration::from_millis(50));
        let outcome = ripple::solve(&puzzle, &options);
        assert_eq!(outcome.status, Status::Limit(Limit::Time), "{algo}");
        assert!(!outcome.count_complete, "{algo}");
        assert!(outcome.stats.elapsed() < Duration::from_secs(5), "{algo}");
    }
}

#[test]
fn every_algorithm_stops_at_the_node_limit_and_fast_at_the_memory_limit() {
    let puzzle = open_grid();
    for &algo in Algo::ALL {
        let outcome = ripple::solve(&puzzle, &Options::new(algo).count_up_to(1000).node_limit(5));
        assert_eq!(outcome.status, Status::Limit(Limit::Node), "{algo}");
        assert!(outcome.stats.nodes() <= 5, "{algo}");
    }
    let outcome = ripple::solve(&puzzle, &Options::new(Algo::Fast).memory_limit(100));
    assert_eq!(outcome.status, Status::Limit(Limit::Memory));
}

#[test]
fn the_puzzle_trait_solves_checks_and_writes_lines() {
    let puzzle: Puzzle = "https://puzz.link/p?ripple/5/4/ld8g2sug4g3u1"
        .parse()
        .unwrap();
    assert_eq!(<Puzzle as puzzle_kit::Puzzle>::NAME, "ripple");
    assert_eq!(
        puzzle.to_line(),
        "https://puzz.link/p?ripple/5/4/ld8g2sug4g3u1"
    );
    let options = <Options as Configure>::new(Algo::default()).count_up_to(2);
    let outcome = puzzle_kit::Puzzle::solve(&puzzle, &options);
    assert_eq!(
        (outcome.status, outcome.count, outcome.count_complete),
        (Status::Solved, 1, true)
    );
    let solution = outcome.solution.unwrap();
    assert_eq!(puzzle_kit::Puzzle::check(&puzzle, &solution), Ok(()));
    assert_eq!(
        puzzle.solution_line(&solution),
        "[[1,4,2,3,5],[2,3,1,2,4],[1,2,3,1,2],[3,1,2,4,1]]"
    );
    assert_eq!(
        solution.to_string(),
        "1 4 2 3 5\n2 3 1 2 4\n1 2 3 1 2\n3 1 2 4 1"
    );
    // Display draws the rooms and ends without a newline.
    let drawn = puzzle.to_string();
    assert!(
        drawn.starts_with(" - - - - -\n|") && !drawn.ends_with('\n'),
        "{drawn}"
    );
    let mut wrong = solution.values().to_vec();
    wrong.swap(0, 1);
    let wrong = ripple::Grid::new(5, wrong);
    assert!(puzzle_kit::Puzzle::check(&puzzle, &wrong).is_err());
    assert_eq!(
        ripple::is_unique(&puzzle, &Options::new(Algo::Brute)),
        Ok(true)
    );
}
