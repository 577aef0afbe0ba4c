//! The textbook formulations (csp-core model, seed 004's board on
//! search-core) cross-checked against the fast counter and the checker.

use nqueens::{
    Algorithm, CountOptions, Formulation, Outcome, SearchResult, check_columns, count, count_by,
    solve,
};

const FORMULATIONS: [Formulation; 3] = [Formulation::Csp, Formulation::Dfs, Formulation::Bfs];

#[test]
fn every_formulation_counts_what_the_fast_counter_counts() {
    for n in 1..=9 {
        let fast = count(n, &CountOptions::default()).unwrap().0.total;
        for formulation in FORMULATIONS {
            let (result, total, _) = count_by(n, formulation, None);
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
fn every_formulation_places_valid_queens() {
    for n in (1..=20).chain([32, 64, 65]) {
        for formulation in FORMULATIONS {
            if formulation == Formulation::Bfs && n > 12 {
                continue; // breadth first holds whole levels; kept small here
            }
            let algorithm = Algorithm::Search {
                formulation,
                node_limit: None,
            };
            match solve(n, algorithm).unwrap().0 {
                Outcome::Solved(placement) => {
                    assert_eq!(placement.n(), n);
                    assert_eq!(
                        check_columns(placement.columns()),
                        Ok(()),
                        "N = {n}, {formulation:?}"
                    );
                }
                Outcome::Unsolvable => assert!(n == 2 || n == 3, "N = {n}, {formulation:?}"),
                Outcome::LimitReached => panic!("no limit was set (N = {n}, {formulation:?})"),
            }
        }
    }
}

#[test]
fn a_node_limit_ends_the_search_with_limit_reached() {
    for formulation in FORMULATIONS {
        let algorithm = Algorithm::Search {
            formulation,
            node_limit: Some(5),
        };
        assert_eq!(
            solve(40, algorithm).unwrap().0,
            Outcome::LimitReached,
            "{formulation:?}"
        );
        let (result, _, _) = count_by(10, formulation, Some(5));
        assert_eq!(result, SearchResult::LimitReached, "{formulation:?}");
    }
}

#[test]
fn the_seed_dfs_tries_the_most_constrained_row_and_stops_early() {
    // With the most constrained row first, seed 004's search places 8 queens
    // after testing a few dozen boards, not the thousands of plain row order.
    let (_, stats) = nqueens::solve_by(8, Formulation::Dfs, None);
    assert!(stats.nodes < 100, "tested {} boards", stats.nodes);
}
