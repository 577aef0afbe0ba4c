//! Every searcher on real boards: each reported path is replayed by the
//! independent checker, optimal searchers agree with BFS, IDA* reproduces
//! Korf's published node counts, and BFS covers the whole 3x3 space.

use eight_puzzle::{
    Algo, Board, Heuristic, Limit, Options, Search, SearchAlgorithm as Algorithm, SolveOptions,
    Solver, Status, check, solve,
};
use search_core::Config;

/// Replays a solution with the crate's independent checker.
fn assert_checked(board: &Board, goal: &Board, solution: &Search) {
    let moves = solution.moves().expect("solved");
    if let Err(error) = check::solution(board, goal, moves) {
        panic!("{}: {error}", board.to_line());
    }
}

const BOARDS: [&str; 5] = [
    "142358607",
    "142305678",
    "012345678",
    "125637084",
    "312645078",
];

#[test]
fn every_searcher_and_heuristic_on_small_boards() {
    let goal = Board::goal(3);
    for line in BOARDS {
        let board: Board = line.parse().expect("valid board");
        let optimal = Solver::new(goal.clone(), Heuristic::Zero, None)
            .and_then(|solver| solver.solve(&board, &SolveOptions::new(Algorithm::Bfs)))
            .expect("bfs runs");
        let optimal_length = optimal.moves().map(<[_]>::len).expect("bfs solves it");
        for heuristic in [
            Heuristic::Zero,
            Heuristic::Misplaced,
            Heuristic::Manhattan,
            Heuristic::LinearConflict,
        ] {
            let solver = Solver::new(goal.clone(), heuristic, None).expect("no pdb needed");
            for algorithm in Algorithm::ALL {
                if !algorithm.uses_heuristic() && heuristic != Heuristic::Zero {
                    continue;
                }
                let mut options = SolveOptions::new(algorithm);
                options.seed = 7;
                options.node_limit = Some(2_000_000);
                let solution = solver.solve(&board, &options).expect("same size");
                assert_checked(&board, &goal, &solution);
                let length = solution.moves().map(<[_]>::len);
                if algorithm.is_optimal() {
                    assert_eq!(
                        length,
                        Some(optimal_length),
                        "{line} {algorithm} {heuristic}"
                    );
                }
                assert!(solution.stats.counters.num_tested >= 1);
            }
        }
    }
}

#[test]
fn the_two_hardest_3x3_boards_need_31_moves() {
    let goal = Board::goal(3);
    for line in ["876041253", "806547231"] {
        let board: Board = line.parse().expect("valid");
        for (algorithm, heuristic) in [
            (Algorithm::AStar, Heuristic::Manhattan),
            (Algorithm::IdaStar, Heuristic::Manhattan),
            (Algorithm::IdaStar, Heuristic::LinearConflict),
            (Algorithm::AStar, Heuristic::LinearConflict),
        ] {
            let solver = Solver::new(goal.clone(), heuristic, None).expect("no pdb");
            let solution = solver
                .solve(&board, &SolveOptions::new(algorithm))
                .expect("runs");
            assert_eq!(
                solution.moves().map(<[_]>::len),
                Some(31),
                "{line} {algorithm} {heuristic}"
            );
            assert_checked(&board, &goal, &solution);
        }
    }
}

#[test]
fn bfs_reaches_every_3x3_board() {
    // Searching for a goal that is never met visits every reachable board:
    // half of the 9! permutations.
    let solver = Solver::new(Board::goal(3), Heuristic::Zero, None).expect("no pdb");
    let start = solver.packed_state(&Board::goal(3));
    let problem = solver.problem();
    let everything = search_core::from_fn(
        |state: &eight_puzzle::PackedState| {
            let mut successors = Vec::new();
            search_core::Problem::successors(&problem, state, &mut successors);
            successors
        },
        |_: &eight_puzzle::PackedState| false,
    );
    let search = search_core::bfs(&everything, start, &Config::default());
    assert_eq!(search.status, Status::Unsolvable);
    assert_eq!(search.stats.num_tested, 181_440);
}

#[test]
fn idastar_reproduces_korfs_node_counts() {
    // Korf (1985), IDA* with Manhattan distance, moves tried up, left,
    // right, down: instance 79 (42 moves) and 12 (45 moves).
    let solver = Solver::new(Board::goal(4), Heuristic::Manhattan, None).expect("no pdb");
    for (line, moves, generated) in [
        ("0 1 9 7 11 13 5 3 14 12 4 2 8 6 10 15", 42, 540_860),
        ("14 1 9 6 4 8 12 5 7 2 3 0 10 11 13 15", 45, 546_344),
    ] {
        let board: Board = line.parse().expect("valid");
        let solution = solver
            .solve(&board, &SolveOptions::new(Algorithm::IdaStar))
            .expect("runs");
        assert_eq!(solution.moves().map(<[_]>::len), Some(moves));
        assert_eq!(solution.stats.nodes, generated, "{line}");
        assert_checked(&board, &Board::goal(4), &solution);
    }
}

#[test]
fn linear_conflict_agrees_with_manhattan_on_4x4() {
    let goal = Board::goal(4);
    let manhattan = Solver::new(goal.clone(), Heuristic::Manhattan, None).expect("no pdb");
    let conflicts = Solver::new(goal.clone(), Heuristic::LinearConflict, None).expect("no pdb");
    for line in [
        "4 1 2 3 8 5 6 7 0 9 10 11 12 13 14 15",
        "1 2 3 0 4 5 6 7 8 9 10 11 12 13 14 15",
        "5 1 3 7 4 6 2 11 8 0 10 15 12 9 13 14",
        "1 5 2 3 4 0 6 7 8 9 10 11 12 13 15 14",
    ] {
        let board: Board = line.parse().expect("valid");
        if !board.can_reach(&goal) {
            assert_eq!(
                manhattan
                    .solve(&board, &SolveOptions::new(Algorithm::IdaStar))
                    .map(|s| s.status),
                Ok(Status::Unsolvable)
            );
            continue;
        }
        let a = manhattan
            .solve(&board, &SolveOptions::new(Algorithm::IdaStar))
            .expect("runs");
        let b = conflicts
            .solve(&board, &SolveOptions::new(Algorithm::IdaStar))
            .expect("runs");
        let c = conflicts
            .solve(&board, &SolveOptions::new(Algorithm::AStar))
            .expect("runs");
        assert_eq!(
            a.moves().map(<[_]>::len),
            b.moves().map(<[_]>::len),
            "{line}"
        );
        assert_eq!(
            a.moves().map(<[_]>::len),
            c.moves().map(<[_]>::len),
            "{line}"
        );
        assert!(b.stats.nodes <= a.stats.nodes);
        assert_checked(&board, &goal, &b);
    }
}

#[test]
fn unsolvable_boards_are_not_searched() {
    let solver = Solver::new(Board::goal(3), Heuristic::Manhattan, None).expect("no pdb");
    let board: Board = "021345678".parse().expect("valid");
    let solution = solver
        .solve(&board, &SolveOptions::new(Algorithm::Bfs))
        .expect("same size");
    assert_eq!(solution.status, Status::Unsolvable);
    assert_eq!(solution.stats.counters.num_tested, 0);
}

#[test]
fn limits_and_other_goals() {
    let solver = Solver::new(Board::goal(3), Heuristic::Manhattan, None).expect("no pdb");
    let board: Board = "876041253".parse().expect("valid");
    let mut options = SolveOptions::new(Algorithm::Bfs);
    options.node_limit = Some(1000);
    assert_eq!(
        solver.solve(&board, &options).map(|s| s.status),
        Ok(Status::Limit(Limit::Node))
    );
    let mut options = SolveOptions::new(Algorithm::IdaStar);
    options.depth_limit = Some(20);
    assert_eq!(
        solver.solve(&board, &options).map(|s| s.status),
        Ok(Status::Limit(Limit::Depth))
    );
    // The goal with the blank last.
    let goal: Board = "123456780".parse().expect("valid");
    let solver = Solver::new(goal.clone(), Heuristic::LinearConflict, None).expect("no pdb");
    let board: Board = "123456708".parse().expect("valid");
    let solution = solver
        .solve(&board, &SolveOptions::new(Algorithm::AStar))
        .expect("runs");
    assert_eq!(
        solution.moves().map(|moves| moves.to_vec()),
        Some(vec![eight_puzzle::Move::Right])
    );
    assert_checked(&board, &goal, &solution);
    // Size mismatch is an error, not a panic.
    assert!(
        solver
            .solve(&Board::goal(4), &SolveOptions::new(Algorithm::AStar))
            .is_err()
    );
    // A pdb without databases is refused.
    assert!(Solver::new(Board::goal(4), Heuristic::Pdb, None).is_err());
}

/// The library's one entry point, `solve(&board, &options)`, with the
/// shared outcome: the plan by size, the crate's own settings as methods,
/// the moves checked, and options that do not fit the board answered.
#[test]
fn solve_takes_options_and_returns_the_shared_outcome() {
    let board: Board = "142358607".parse().expect("valid");
    let outcome = solve(&board, &Options::default());
    assert_eq!(
        (outcome.status, outcome.count, outcome.count_complete),
        (Status::Solved, 1, false)
    );
    let moves = outcome.solution.expect("solved");
    assert_eq!(moves.to_string(), "right up left up left");
    check::solution(&board, &Board::goal(3), moves.moves()).expect("checked");
    assert_eq!(outcome.stats.nodes, 12);
    // Every searcher, through Options.
    for &algo in <Algo as eight_puzzle::Algorithm>::ALL {
        let options = Options::new(algo).seed(3).node_limit(100_000);
        let options = if algo == Algo::Random {
            options
        } else {
            Options {
                limits: eight_puzzle::Limits {
                    seed: None,
                    ..options.limits
                },
                ..options
            }
        };
        let outcome = solve(&board, &options);
        let moves = outcome.solution.expect("solved");
        check::solution(&board, &Board::goal(3), moves.moves()).expect("checked");
    }
    // The crate's own settings.
    let goal: Board = "123456780".parse().expect("valid");
    let options = Options::new(Algo::IdaStar)
        .goal(goal.clone())
        .heuristic(Heuristic::LinearConflict);
    let near: Board = "123456708".parse().expect("valid");
    assert_eq!(
        solve(&near, &options)
            .solution
            .map(|moves| moves.to_string()),
        Some("right".to_owned())
    );
    let far: Board = "876041253".parse().expect("valid");
    assert_eq!(
        solve(&far, &Options::new(Algo::Bfs).depth_limit(5)).status,
        Status::Limit(Limit::Depth)
    );
    assert_eq!(
        solve(&far, &Options::new(Algo::Bfs).node_limit(100)).status,
        Status::Limit(Limit::Node)
    );
    assert_eq!(
        solve(
            &far,
            &Options::new(Algo::Bfs).time_limit(std::time::Duration::ZERO)
        )
        .status,
        Status::Limit(Limit::Time)
    );
    // Unsolvable by parity, and a goal of another size.
    let odd: Board = "021345678".parse().expect("valid");
    let outcome = solve(&odd, &Options::default());
    assert_eq!(
        (outcome.status, outcome.count_complete),
        (Status::Unsolvable, true)
    );
    let other = Options::default().goal(Board::goal(4));
    assert_eq!(solve(&board, &other).status, Status::Unsolvable);
    assert!(eight_puzzle::try_solve(&board, &other).is_err());
    // The pdb heuristic on a 3x3 board: the size's default instead.
    let pdb = Options::new(Algo::AStar).heuristic(Heuristic::Pdb);
    assert_eq!(
        solve(&board, &pdb).solution.map(|moves| moves.len()),
        Some(5)
    );
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
fn board_is_a_puzzle_kit_puzzle() {
    assert_eq!(
        through_the_trait::<Board>("142358607"),
        "142358607 -> right up left up left"
    );
    let board: Board = "142358607".parse().expect("valid");
    let wrong = eight_puzzle::Moves(vec![eight_puzzle::Move::Up]);
    assert!(puzzle_kit::Puzzle::check(&board, &wrong).is_err());
}
