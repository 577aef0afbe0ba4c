//! The textbook formulations (csp-core model, the candidate-list board on
//! search-core) cross-checked against the fast counter, the known counts
//! and the checker; their node limits and what a count stopped by one
//! reports.

use nqueens::{Algo, CountOptions, Limit, Options, Queens, Status, check, count, solve};

const FORMULATIONS: [Algo; 3] = [Algo::Csp, Algo::Dfs, Algo::Bfs];

/// OEIS A000170 for N = 1..=8.
const KNOWN_COUNTS: [u64; 8] = [1, 0, 0, 2, 10, 4, 40, 92];

fn queens(n: usize) -> Queens {
    Queens::new(n).expect("a supported size")
}

fn all(algo: Algo) -> Options {
    Options::new(algo).count_up_to(u64::MAX)
}

#[test]
fn every_counter_gives_the_known_counts_for_n_up_to_8() {
    for (n, &known) in (1..).zip(&KNOWN_COUNTS) {
        let (counts, _) = count(n, &CountOptions::default()).unwrap();
        assert_eq!(counts.total, known, "N = {n}, fast");
        for algo in FORMULATIONS {
            let outcome = solve(&queens(n), &all(algo));
            assert_eq!(
                (
                    outcome.count,
                    outcome.count_complete,
                    outcome.status.limit()
                ),
                (known, true, None),
                "N = {n}, {algo:?}"
            );
            assert!(
                outcome.stats.nodes >= 1,
                "N = {n}, {algo:?}: the root is a node"
            );
        }
    }
}

#[test]
fn every_formulation_counts_what_the_fast_counter_counts() {
    for n in 1..=9 {
        let fast = count(n, &CountOptions::default()).unwrap().0.total;
        for algo in FORMULATIONS {
            let outcome = solve(&queens(n), &all(algo));
            assert!(outcome.count_complete, "N = {n}, {algo:?}");
            assert_eq!(outcome.count, fast, "N = {n}, {algo:?}");
            // The first placement counted comes with the count.
            assert_eq!(outcome.solution.is_some(), fast > 0, "N = {n}, {algo:?}");
        }
    }
}

#[test]
fn a_count_up_to_k_stops_at_k_and_is_not_complete() {
    for algo in FORMULATIONS {
        let outcome = solve(&queens(8), &Options::new(algo).count_up_to(7));
        assert_eq!(outcome.status, Status::Solved, "{algo:?}");
        assert_eq!(
            (outcome.count, outcome.count_complete),
            (7, false),
            "{algo:?}"
        );
        let placement = outcome.solution.expect("a first placement");
        assert_eq!(check::check_placement(placement.columns(), 8), Ok(()));
        // Fewer than k: all of them, complete.
        let outcome = solve(&queens(6), &Options::new(algo).count_up_to(7));
        assert_eq!(
            (outcome.count, outcome.count_complete),
            (4, true),
            "{algo:?}"
        );
    }
    // Construct and min-conflicts find one and say it is not all.
    for algo in [Algo::Construct, Algo::MinConflicts] {
        let outcome = solve(&queens(8), &Options::new(algo).count_up_to(5));
        assert_eq!(
            (outcome.count, outcome.count_complete),
            (1, false),
            "{algo:?}"
        );
        let outcome = solve(&queens(3), &Options::new(algo).count_up_to(5));
        assert_eq!(
            (outcome.count, outcome.count_complete),
            (0, true),
            "{algo:?}"
        );
    }
}

#[test]
fn every_solver_answers_small_boards_itself_and_says_so() {
    // The formulations search N = 1..=3 like any other N (no shortcut
    // through the fast counter): one placement for 1, none for 2 and 3.
    for n in 1..=8 {
        for &algo in Algo::ALL {
            let outcome = solve(&queens(n), &Options::new(algo));
            match (&outcome.solution, outcome.status) {
                (Some(placement), Status::Solved) => {
                    assert!(KNOWN_COUNTS[n - 1] > 0, "N = {n}, {algo:?}");
                    assert_eq!(
                        check::check_placement(placement.columns(), n),
                        Ok(()),
                        "N = {n}, {algo:?}"
                    );
                }
                (None, Status::Unsolvable) => {
                    assert_eq!(KNOWN_COUNTS[n - 1], 0, "N = {n}, {algo:?}")
                }
                other => panic!("N = {n}, {algo:?}: {other:?}"),
            }
            if algo.searches() {
                assert!(
                    outcome.stats.nodes >= 1,
                    "N = {n}, {algo:?}: the root is a node"
                );
            }
        }
    }
}

#[test]
fn every_formulation_places_valid_queens() {
    for n in (1..=20).chain([32, 64, 65]) {
        for algo in FORMULATIONS {
            if algo == Algo::Bfs && n > 12 {
                continue; // breadth first holds whole levels; kept small here
            }
            let outcome = solve(&queens(n), &Options::new(algo));
            match (outcome.solution, outcome.status) {
                (Some(placement), _) => assert_eq!(
                    check::check_placement(placement.columns(), n),
                    Ok(()),
                    "N = {n}, {algo:?}"
                ),
                (None, Status::Unsolvable) => assert!(n == 2 || n == 3, "N = {n}, {algo:?}"),
                (None, status) => panic!("no limit was set (N = {n}, {algo:?}, {status:?})"),
            }
        }
    }
}

#[test]
fn a_node_limit_is_never_passed() {
    for algo in FORMULATIONS {
        for limit in [1, 2, 5, 37, 200] {
            let outcome = solve(&queens(40), &Options::new(algo).node_limit(limit));
            let stats = outcome.stats;
            assert!(stats.nodes <= limit, "{algo:?}, limit {limit}: {stats:?}");
            if outcome.status == Status::Limit(Limit::Node) {
                assert!(
                    stats
                        .counters
                        .num_tested
                        .is_none_or(|tested| tested <= stats.nodes)
                );
            }
            let outcome = solve(&queens(10), &all(algo).node_limit(limit));
            assert_eq!(
                outcome.status,
                Status::Limit(Limit::Node),
                "{algo:?}, limit {limit}"
            );
            assert!(
                outcome.stats.nodes <= limit,
                "{algo:?}, limit {limit}: {:?}",
                outcome.stats
            );
        }
        assert_eq!(
            solve(&queens(40), &Options::new(algo).node_limit(5)).status,
            Status::Limit(Limit::Node),
            "{algo:?}"
        );
    }
}

#[test]
fn a_time_limit_stops_a_formulation() {
    // Counting 14 queens by search takes far longer than a millisecond.
    for algo in FORMULATIONS {
        let options = all(algo).time_limit(std::time::Duration::from_millis(1));
        let outcome = solve(&queens(14), &options.memory_limit(1 << 28));
        assert!(
            matches!(outcome.status, Status::Limit(Limit::Time | Limit::Memory)),
            "{algo:?}: {:?}",
            outcome.status
        );
        assert!(
            !outcome.count_complete && outcome.count < 365_596,
            "{algo:?}"
        );
    }
}

#[test]
fn a_count_stopped_by_a_limit_is_a_lower_bound() {
    for algo in FORMULATIONS {
        let outcome = solve(&queens(10), &all(algo).node_limit(2_000));
        assert_eq!(outcome.status, Status::Limit(Limit::Node), "{algo:?}");
        assert!(!outcome.count_complete);
        assert!(outcome.count < 724, "{algo:?}: {}", outcome.count);
        assert!(
            outcome.stats.nodes <= 2_000,
            "{algo:?}: {:?}",
            outcome.stats
        );
    }
}

#[test]
fn the_dfs_tries_the_most_constrained_row_and_stops_early() {
    // With the most constrained row first, the search places 8 queens
    // after testing a few dozen boards, not the thousands of plain row order.
    let stats = solve(&queens(8), &Options::new(Algo::Dfs)).stats;
    let tested = stats.counters.num_tested.unwrap_or(u64::MAX);
    assert!(tested < 100, "tested {tested} boards");
    assert!(stats.nodes >= tested, "{stats:?}");
}
