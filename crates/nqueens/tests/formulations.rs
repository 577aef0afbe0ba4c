//! The textbook formulations (csp-core model, seed 004's board on
//! search-core) cross-checked against the fast counter, the known counts
//! and the checker; their node limits and what a count stopped by one
//! reports.

use nqueens::{
    Algorithm, CountAlgo, CountOptions, Formulation, Limit, Limits, Outcome, SearchResult,
    SolveAlgo, check, count_by, count_with, solve,
};

const FORMULATIONS: [Formulation; 3] = [Formulation::Csp, Formulation::Dfs, Formulation::Bfs];

const COUNTERS: [CountAlgo; 4] = [
    CountAlgo::Fast,
    CountAlgo::Csp,
    CountAlgo::Dfs,
    CountAlgo::Bfs,
];

const SOLVERS: [SolveAlgo; 5] = [
    SolveAlgo::Construct,
    SolveAlgo::MinConflicts,
    SolveAlgo::Csp,
    SolveAlgo::Dfs,
    SolveAlgo::Bfs,
];

/// OEIS A000170 for N = 1..=8.
const KNOWN_COUNTS: [u64; 8] = [1, 0, 0, 2, 10, 4, 40, 92];

fn search(formulation: Formulation, node_limit: Option<u64>) -> Algorithm {
    Algorithm::Search {
        formulation,
        limits: Limits {
            node_limit,
            memory_limit: None,
        },
    }
}

#[test]
fn every_counter_gives_the_known_counts_for_n_up_to_8() {
    for (n, &known) in (1..).zip(&KNOWN_COUNTS) {
        for algo in COUNTERS {
            let (outcome, stats) = count_with(n, algo, &CountOptions::default()).unwrap();
            assert_eq!(
                (outcome.total, outcome.limit),
                (known, None),
                "N = {n}, {algo:?}"
            );
            if algo != CountAlgo::Fast {
                assert!(stats.nodes >= 1, "N = {n}, {algo:?}: the root is a node");
            }
        }
    }
}

#[test]
fn every_formulation_counts_what_the_fast_counter_counts() {
    for n in 1..=9 {
        let fast = count_with(n, CountAlgo::Fast, &CountOptions::default())
            .unwrap()
            .0
            .total;
        for formulation in FORMULATIONS {
            let (result, total, _) = count_by(n, formulation, &Limits::default());
            assert_eq!(
                result,
                SearchResult::Complete(None),
                "N = {n}, {formulation:?}"
            );
            assert_eq!(total, fast, "N = {n}, {formulation:?}");
        }
    }
}

#[test]
fn every_solver_answers_small_boards_itself_and_says_so() {
    // The formulations search N = 1..=3 like any other N (no shortcut
    // through the fast counter): one placement for 1, none for 2 and 3.
    for n in 1..=8 {
        for algo in SOLVERS {
            let algorithm = Algorithm::new(algo, n, None, None, Limits::default());
            assert_eq!(algorithm.algo(), algo);
            let (outcome, stats) = solve(n, algorithm).unwrap();
            match outcome {
                Outcome::Solved(placement) => {
                    assert!(KNOWN_COUNTS[n - 1] > 0, "N = {n}, {algo:?}");
                    assert_eq!(
                        check::check_placement(placement.columns(), n),
                        Ok(()),
                        "N = {n}, {algo:?}"
                    );
                }
                Outcome::Unsolvable => assert_eq!(KNOWN_COUNTS[n - 1], 0, "N = {n}, {algo:?}"),
                Outcome::LimitReached(limit) => panic!("N = {n}, {algo:?}: {limit:?}"),
            }
            if algo.formulation().is_some() {
                assert!(stats.nodes >= 1, "N = {n}, {algo:?}: the root is a node");
            }
        }
    }
}

#[test]
fn every_formulation_places_valid_queens() {
    for n in (1..=20).chain([32, 64, 65]) {
        for formulation in FORMULATIONS {
            if formulation == Formulation::Bfs && n > 12 {
                continue; // breadth first holds whole levels; kept small here
            }
            match solve(n, search(formulation, None)).unwrap().0 {
                Outcome::Solved(placement) => {
                    assert_eq!(
                        check::check_placement(placement.columns(), n),
                        Ok(()),
                        "N = {n}, {formulation:?}"
                    );
                }
                Outcome::Unsolvable => assert!(n == 2 || n == 3, "N = {n}, {formulation:?}"),
                Outcome::LimitReached(limit) => {
                    panic!("no limit was set (N = {n}, {formulation:?}, {limit:?})")
                }
            }
        }
    }
}

#[test]
fn a_node_limit_is_never_passed() {
    for formulation in FORMULATIONS {
        for limit in [1, 2, 5, 37, 200] {
            let (outcome, stats) = solve(40, search(formulation, Some(limit))).unwrap();
            assert!(
                stats.nodes <= limit,
                "{formulation:?}, limit {limit}: {stats:?}"
            );
            if outcome == Outcome::LimitReached(Limit::Node) {
                assert!(stats.num_tested.is_none_or(|tested| tested <= stats.nodes));
            }
            let (result, _, stats) = count_by(
                10,
                formulation,
                &Limits {
                    node_limit: Some(limit),
                    memory_limit: None,
                },
            );
            assert_eq!(
                result,
                SearchResult::LimitReached(Limit::Node),
                "{formulation:?}, limit {limit}"
            );
            assert!(
                stats.nodes <= limit,
                "{formulation:?}, limit {limit}: {stats:?}"
            );
        }
        assert_eq!(
            solve(40, search(formulation, Some(5))).unwrap().0,
            Outcome::LimitReached(Limit::Node),
            "{formulation:?}"
        );
    }
}

#[test]
fn a_count_stopped_by_a_limit_is_a_lower_bound() {
    for algo in [CountAlgo::Csp, CountAlgo::Dfs, CountAlgo::Bfs] {
        let options = CountOptions {
            limits: Limits {
                node_limit: Some(2_000),
                memory_limit: None,
            },
            ..CountOptions::default()
        };
        let (outcome, stats) = count_with(10, algo, &options).unwrap();
        assert_eq!(outcome.limit, Some(Limit::Node), "{algo:?}");
        assert!(!outcome.is_complete());
        assert!(outcome.total < 724, "{algo:?}: {}", outcome.total);
        assert!(stats.nodes <= 2_000, "{algo:?}: {stats:?}");
    }
}

#[test]
fn the_seed_dfs_tries_the_most_constrained_row_and_stops_early() {
    // With the most constrained row first, seed 004's search places 8 queens
    // after testing a few dozen boards, not the thousands of plain row order.
    let (_, stats) = nqueens::solve_by(8, Formulation::Dfs, &Limits::default());
    let tested = stats.num_tested.unwrap_or(u64::MAX);
    assert!(tested < 100, "tested {tested} boards");
    assert!(stats.nodes >= tested, "{stats:?}");
}
