//! Cross-algorithm agreement on the fixture puzzles, every reported solution
//! re-validated by the independent checker.

use std::path::PathBuf;
use std::time::Duration;

use sudoku::{Algo, Limit, Options, Outcome, Status, Sudoku, check_solution, parse_puzzles, solve};

fn fixture(name: &str) -> Vec<Sudoku> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../fixtures/sudoku")
        .join(name);
    let text = std::fs::read_to_string(&path).expect("fixture file");
    parse_puzzles(&text)
        .into_iter()
        .map(|parsed| parsed.result.expect("fixture puzzles parse"))
        .collect()
}

/// Solves with `algo`, counting to `limit`, and checks any solution.
fn run(puzzle: &Sudoku, algo: Algo, limit: u64) -> Outcome {
    let outcome = solve(puzzle, &Options::new(algo).count_up_to(limit));
    if let Some(solution) = &outcome.solution
        && let Err(error) = check_solution(puzzle, solution)
    {
        panic!(
            "{algo} gave a wrong solution for {}: {error}",
            puzzle.to_line()
        );
    }
    assert_eq!(
        outcome.status == Status::Solved,
        outcome.count > 0,
        "{algo}"
    );
    outcome
}

/// Every algorithm gives the same status and count; on unique puzzles the
/// same grid.
fn agree(file: &str, algos: &[Algo]) {
    for puzzle in fixture(file) {
        let reference = run(&puzzle, algos[0], 2);
        for &algo in &algos[1..] {
            let outcome = run(&puzzle, algo, 2);
            let line = puzzle.to_line();
            assert_eq!(
                outcome.status, reference.status,
                "{algo} vs {}: {line}",
                algos[0]
            );
            assert_eq!(
                outcome.count, reference.count,
                "{algo} vs {}: {line}",
                algos[0]
            );
            if reference.count == 1 {
                assert_eq!(outcome.solution, reference.solution, "{algo}: {line}");
            }
        }
    }
}

#[test]
fn all_four_agree_on_the_agreement_set() {
    agree("agreement.txt", Algo::ALL);
}

#[test]
fn all_four_agree_on_known_and_unsolvable_puzzles() {
    agree("known.txt", Algo::ALL);
    agree("unsolvable.txt", Algo::ALL);
    agree("grid.txt", Algo::ALL);
}

#[test]
fn all_four_agree_on_other_sizes() {
    // Fast hands these to csp; dfs and bfs run the search on the most constrained cell.
    agree("four.txt", Algo::ALL);
    agree("sixteen.txt", Algo::ALL);
    agree("twentyfive.txt", Algo::ALL);
}

#[test]
fn depth_first_algorithms_agree_on_several_solutions() {
    // BFS is left out: counting on the empty grid exhausts its memory limit.
    agree("multiple.txt", &[Algo::Fast, Algo::Csp, Algo::Dfs]);
}

#[test]
fn fast_and_csp_agree_on_the_hardest_fixtures() {
    agree("forum_hardest_1106_sample.txt", &[Algo::Fast, Algo::Csp]);
    agree("top1465_sample.txt", &[Algo::Fast, Algo::Csp]);
}

#[test]
fn fast_proves_every_real_fixture_unique() {
    for file in [
        "top1465_sample.txt",
        "forum_hardest_1106_sample.txt",
        "clue17_sample.txt",
        "forum_hardest_1905_sample.txt",
    ] {
        for puzzle in fixture(file) {
            let outcome = run(&puzzle, Algo::Fast, 2);
            assert_eq!(outcome.count, 1, "{file}: {}", puzzle.to_line());
        }
    }
    for puzzle in fixture("serg_sample.txt") {
        assert_eq!(
            run(&puzzle, Algo::Fast, 2).count,
            2,
            "serg: {}",
            puzzle.to_line()
        );
    }
}

#[test]
fn known_solutions() {
    let cases = [
        (
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
            "534678912672195348198342567859761423426853791713924856961537284287419635345286179",
        ),
        (
            "7.8...3.....6.1...5.........4.....263...8.......1...9..9.2....4....7.5...........",
            "768942315934651278512738649147593826329486157856127493693215784481379562275864931",
        ),
    ];
    for (puzzle, solution) in cases {
        let puzzle = Sudoku::from_line(puzzle).unwrap();
        for &algo in Algo::ALL {
            let outcome = run(&puzzle, algo, 1);
            assert_eq!(
                outcome.solution.map(|s| s.to_line()).as_deref(),
                Some(solution),
                "{algo}"
            );
        }
    }
}

#[test]
fn counting_respects_the_limit() {
    let empty = Sudoku::from_line(&".".repeat(81)).unwrap();
    for limit in [1, 2, 7] {
        assert_eq!(run(&empty, Algo::Fast, limit).count, limit);
        assert_eq!(run(&empty, Algo::Csp, limit).count, limit);
        assert_eq!(run(&empty, Algo::Dfs, limit).count, limit);
    }
}

#[test]
fn bfs_reports_its_frontier_limit() {
    let empty = Sudoku::from_line(&".".repeat(81)).unwrap();
    let mut options = Options::new(Algo::Bfs).count_up_to(2);
    options.frontier_limit = 20_000;
    let outcome = solve(&empty, &options);
    assert_eq!(outcome.status, Status::Limit(Limit::Frontier));
    assert_eq!(outcome.solution, None);
}

#[test]
fn bfs_reports_its_memory_limit_in_boards_made() {
    let empty = Sudoku::from_line(&".".repeat(81)).unwrap();
    let mut options = Options::new(Algo::Bfs).count_up_to(2);
    options.limits.memory_limit = Some(1 << 20);
    let outcome = solve(&empty, &options);
    assert_eq!(outcome.status, Status::Limit(Limit::Memory));
    assert!(!outcome.count_complete);
    // A board costs several hundred bytes: a megabyte holds a few thousand
    // at most, fewer while the arena doubles.
    assert!((100..5_000).contains(&outcome.stats.nodes), "{outcome:?}");
}

/// A budget too small for the start board is a memory limit, not a proof
/// that the puzzle has no solution.
#[test]
fn bfs_under_a_tiny_memory_limit_is_a_limit_never_unsolvable() {
    for puzzle in fixture("known.txt") {
        for bytes in [1, 1 << 10] {
            let mut options = Options::new(Algo::Bfs).count_up_to(2);
            options.limits.memory_limit = Some(bytes);
            let outcome = solve(&puzzle, &options);
            assert_eq!(
                (outcome.status, outcome.count_complete),
                (Status::Limit(Limit::Memory), false),
                "{bytes}: {}",
                puzzle.to_line()
            );
        }
    }
}

#[test]
fn csp_reports_its_memory_limit() {
    let big = fixture("twentyfive.txt").remove(0);
    for algo in [Algo::Csp, Algo::Fast] {
        let mut options = Options::new(algo);
        options.limits.memory_limit = Some(1 << 10);
        let outcome = solve(&big, &options);
        assert_eq!(
            (outcome.status, outcome.stats.counters.algo),
            (Status::Limit(Limit::Memory), Algo::Csp)
        );
        options.limits.memory_limit = Some(1 << 30);
        assert_eq!(solve(&big, &options).status, Status::Solved);
    }
}

/// The fuzzing probe's puzzle: 34,244 solutions.
const MANY: &str =
    "....................8....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

#[test]
fn a_count_cut_off_by_the_node_limit_is_a_limit_with_a_lower_bound() {
    let many = Sudoku::from_line(MANY).unwrap();
    for &algo in Algo::ALL {
        let mut options = Options::new(algo).count_up_to(100_000);
        options.limits.node_limit = Some(200);
        let outcome = solve(&many, &options);
        assert_eq!(outcome.status, Status::Limit(Limit::Node), "{algo}");
        assert!(!outcome.count_complete, "{algo}");
        assert!(outcome.count < 34_244, "{algo}");
        assert_eq!(outcome.stats.nodes, 200, "{algo}");
        assert_eq!(outcome.solution.is_some(), outcome.count > 0, "{algo}");
    }
    let counted = run(&many, Algo::Fast, 100_000);
    assert_eq!((counted.count, counted.count_complete), (34_244, true));
}

#[test]
fn a_count_is_complete_only_when_the_search_was_exhausted() {
    let cases = [
        (fixture("known.txt").remove(0), 2, (1, true)),
        (fixture("serg_sample.txt").remove(0), 2, (2, false)),
        (fixture("unsolvable.txt").remove(0), 2, (0, true)),
        (fixture("known.txt").remove(0), 1, (1, false)),
    ];
    for (puzzle, limit, expected) in cases {
        for &algo in Algo::ALL {
            let outcome = run(&puzzle, algo, limit);
            assert_eq!(
                (outcome.count, outcome.count_complete),
                expected,
                "{algo}: {}",
                puzzle.to_line()
            );
        }
    }
}

#[test]
fn nodes_count_the_root_and_never_pass_the_node_limit() {
    let hard = fixture("forum_hardest_1106_sample.txt").remove(0);
    let solved = fixture("known.txt").remove(0);
    for &algo in Algo::ALL {
        assert!(run(&solved, algo, 1).stats.nodes >= 1, "{algo}");
        for limit in [1, 2, 3, 10, 57, 1000] {
            let mut options = Options::new(algo).count_up_to(2);
            options.limits.node_limit = Some(limit);
            let outcome = solve(&hard, &options);
            assert!(outcome.stats.nodes <= limit, "{algo} {limit}: {outcome:?}");
            if outcome.status.limit().is_some() {
                assert!(outcome.stats.nodes >= 1, "{algo} {limit}");
            }
        }
    }
}

#[test]
fn node_limits_stop_the_general_solvers() {
    let hard = fixture("forum_hardest_1106_sample.txt").remove(0);
    for algo in [Algo::Csp, Algo::Dfs] {
        let mut options = Options::new(algo).count_up_to(2);
        options.limits.node_limit = Some(3);
        assert_eq!(
            solve(&hard, &options).status,
            Status::Limit(Limit::Node),
            "{algo}"
        );
    }
}

#[test]
fn fast_array_entry_rejects_broken_givens() {
    let mut grid = [0u8; 81];
    grid[0] = 5;
    grid[1] = 5;
    let mut solution = [0u8; 81];
    assert_eq!(sudoku::fast_solve_array(&grid, 2, &mut solution), 0);
    grid[1] = 10;
    assert_eq!(sudoku::fast_solve_array(&grid, 2, &mut solution), 0);
}

#[test]
fn every_algorithm_stops_at_its_time_limit_with_limit_time() {
    use std::time::{Duration, Instant};
    // An empty 9x9 grid has about 6.7e21 solutions: a count of all of them
    // ends only at a limit.
    let empty: Sudoku = ".".repeat(81).parse().expect("an empty grid");
    for &algo in Algo::ALL {
        let options = Options::new(algo)
            .count_up_to(u64::MAX)
            .time_limit(Duration::from_millis(30))
            .frontier_limit(usize::MAX)
            .memory_limit(1 << 30);
        let started = Instant::now();
        let outcome = solve(&empty, &options);
        assert!(
            started.elapsed() < Duration::from_secs(5),
            "{algo} went on for {:?}",
            started.elapsed()
        );
        // BFS may fill its memory budget before the deadline.
        if algo == Algo::Bfs && outcome.status == Status::Limit(Limit::Memory) {
            continue;
        }
        assert_eq!(outcome.status, Status::Limit(Limit::Time), "{algo}");
        assert!(!outcome.count_complete, "{algo}");
    }
}

#[test]
fn the_puzzle_trait_solves_and_checks_like_the_free_functions() {
    use puzzle_kit::{Configure, Puzzle};
    fn solve_and_check<P: Puzzle>(text: &str) -> Result<String, String> {
        let puzzle: P = text.parse().map_err(|error: P::Error| error.to_string())?;
        let options = P::Options::new(P::Algo::default()).node_limit(1_000_000);
        let outcome = puzzle.solve(&options);
        let solution = outcome.solution.ok_or("no solution")?;
        puzzle.check(&solution)?;
        Ok(puzzle.solution_line(&solution))
    }
    let line = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
    let puzzle: Sudoku = line.parse().expect("a puzzle");
    let solved = solve(&puzzle, &Options::default());
    assert_eq!(
        solve_and_check::<Sudoku>(line),
        Ok(solved.solution.expect("solved").to_line())
    );
    assert_eq!(<Sudoku as Puzzle>::to_line(&puzzle), line);
    assert_eq!(<Sudoku as Puzzle>::NAME, "sudoku");
    let error = solve_and_check::<Sudoku>(&format!("4...3x{}", ".".repeat(75))).unwrap_err();
    assert!(error.contains("column 6"), "{error}");
}

#[test]
fn unique_counts_to_two_apart_from_the_solve() {
    let unique = fixture("known.txt").remove(0);
    assert_eq!(sudoku::unique(&unique, &Options::default()), Some(true));
    let empty: Sudoku = ".".repeat(81).parse().expect("an empty grid");
    assert_eq!(sudoku::unique(&empty, &Options::default()), Some(false));
    // Other sizes count with csp.
    let four: Sudoku = "................".parse().expect("a 4x4 grid");
    assert_eq!(sudoku::unique(&four, &Options::default()), Some(false));
    // The limits of the options bound the count; the algorithm does not
    // matter.
    let tight = Options::new(Algo::Bfs).node_limit(1);
    assert_eq!(sudoku::unique(&empty, &tight), None);
    assert_eq!(
        sudoku::unique(&unique, &Options::new(Algo::Dfs)),
        Some(true)
    );
}

#[test]
fn telling_uniqueness_leaves_the_outcome_and_its_counters_as_solve_gives_them() {
    use sudoku::{solve_and_tell_unique, unique};
    let mut puzzles = Vec::new();
    for file in [
        "top1465_sample.txt",
        "forum_hardest_1106_sample.txt",
        "clue17_sample.txt",
        "known.txt",
        "multiple.txt",
        "unsolvable.txt",
        "four.txt",
        "sixteen.txt",
    ] {
        puzzles.extend(fixture(file));
    }
    let without_micros = |mut outcome: Outcome| {
        outcome.stats.elapsed = Duration::ZERO;
        outcome
    };
    let mut told = [0; 2];
    for (index, puzzle) in puzzles.iter().enumerate() {
        for options in [
            Options::new(Algo::Fast),
            Options::new(Algo::Csp),
            Options::new(Algo::Fast).node_limit(3),
            Options::new(Algo::Fast).count_up_to(2),
        ] {
            // csp is slow in debug builds: a sample.
            if options.algo == Algo::Csp && index % 8 != 0 {
                continue;
            }
            let alone = solve(puzzle, &options);
            let (outcome, is_unique) = solve_and_tell_unique(puzzle, &options);
            assert_eq!(
                without_micros(outcome),
                without_micros(alone.clone()),
                "{} {options:?}",
                puzzle.to_line()
            );
            let expected = if alone.status == Status::Solved {
                unique(puzzle, &options.node_limit(u64::MAX))
            } else {
                None
            };
            // Without a limit a 9x9 answer always tells.
            if options.limits.node_limit.is_none() && puzzle.side() == 9 {
                assert_eq!(is_unique, expected, "{} {options:?}", puzzle.to_line());
            }
            if let Some(unique) = is_unique {
                told[usize::from(unique)] += 1;
                assert_eq!(Some(unique), expected, "{}", puzzle.to_line());
            }
        }
    }
    assert!(told[0] > 0 && told[1] > 100, "{told:?}");
}
