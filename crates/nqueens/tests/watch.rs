//! The event stream of a watched search: every line parses and carries the
//! schema version, the counts of events match the outcome's counters, BFS
//! takes its boards up in order of depth, min-conflicts' repairs end with
//! no conflict left.

use cli_kit::Sinks;
use cli_kit::test_support::{count, watched_events, watched_trace};
use nqueens::watch::{Watch, solve_watched};
use nqueens::{Algo, Options, Outcome, Queens, Status, check_columns, solve};
use serde_json::Value;

/// The events of one watched search, parsed and checked, and its outcome.
fn watched(n: usize, options: &Options) -> (Vec<Value>, Outcome) {
    let queens = Queens::new(n).unwrap();
    watched_events(1_000_000, |events| {
        let sinks = Sinks {
            events: Some(events),
            trace: None,
        };
        solve_watched(&queens, options, Watch { sinks, tree: None })
    })
}

#[test]
fn the_watched_outcome_is_the_plain_one() {
    for algo in [Algo::Dfs, Algo::Bfs, Algo::Csp, Algo::MinConflicts] {
        for count_up_to in [1, u64::MAX] {
            let options = Options::new(algo).count_up_to(count_up_to);
            let (_, outcome) = watched(6, &options);
            let plain = solve(&Queens::new(6).unwrap(), &options);
            assert_eq!(outcome.status, plain.status, "{algo}");
            assert_eq!(outcome.count, plain.count, "{algo}");
            assert_eq!(outcome.stats.nodes, plain.stats.nodes, "{algo}");
            assert_eq!(outcome.solution, plain.solution, "{algo}");
        }
    }
}

#[test]
fn the_dfs_and_bfs_report_every_board_made_and_bfs_never_goes_back_up() {
    for algo in [Algo::Dfs, Algo::Bfs] {
        let options = Options::new(algo).count_up_to(u64::MAX);
        let (events, outcome) = watched(6, &options);
        assert_eq!(outcome.count, 4, "6 queens have 4 placements");
        assert_eq!(count(&events, "generate"), outcome.stats.nodes, "{algo}");
        let end = events.last().unwrap();
        assert_eq!(end["kind"], "end");
        assert_eq!(count(&events, "expand"), end["stats"]["expanded"], "{algo}");
        let tested = count(&events, "expand") + count(&events, "goal");
        assert_eq!(Some(tested), outcome.stats.counters.num_tested, "{algo}");
        if algo == Algo::Bfs {
            let depths: Vec<u64> = events
                .iter()
                .filter(|event| event["kind"] == "expand" || event["kind"] == "goal")
                .map(|event| event["depth"].as_u64().unwrap())
                .collect();
            assert!(
                depths.windows(2).all(|pair| pair[0] <= pair[1]),
                "{depths:?}"
            );
            assert_eq!(depths.last(), Some(&6));
        }
    }
}

#[test]
fn csp_reports_one_decision_per_node_below_the_root_and_each_placement() {
    let options = Options::new(Algo::Csp).count_up_to(u64::MAX);
    let (events, outcome) = watched(8, &options);
    assert_eq!(outcome.count, 92);
    assert_eq!(count(&events, "decide") + 1, outcome.stats.nodes);
    assert_eq!(count(&events, "solution"), 92);
    for event in events.iter().filter(|event| event["kind"] == "solution") {
        let columns: Vec<u32> = event["state_line"]
            .as_str()
            .unwrap()
            .split(' ')
            .map(|col| col.parse::<u32>().unwrap() - 1)
            .collect();
        assert_eq!(columns.len(), 8);
        check_columns(&columns).unwrap();
    }
}

#[test]
fn min_conflicts_repairs_down_to_no_conflict() {
    let options = Options::new(Algo::MinConflicts).seed(3);
    let (events, outcome) = watched(50, &options);
    assert_eq!(outcome.status, Status::Solved);
    let repairs: Vec<&Value> = events
        .iter()
        .filter(|event| event["kind"] == "repair")
        .collect();
    assert!(!repairs.is_empty());
    let last = repairs.last().unwrap();
    assert_eq!(last["conflicts"], 0);
    let line: Vec<u32> = last["state_line"]
        .as_str()
        .unwrap()
        .split(' ')
        .map(|col| col.parse::<u32>().unwrap() - 1)
        .collect();
    assert_eq!(
        Some(line.as_slice()),
        outcome.solution.as_ref().map(|p| p.columns())
    );
    assert!(
        repairs
            .iter()
            .all(|event| event["steps"].as_u64() <= Some(outcome.stats.nodes))
    );
    assert_eq!(events.last().unwrap()["kind"], "end");
}

#[test]
fn the_dfs_trace_names_the_most_constrained_row() {
    let (text, _) = watched_trace(1000, |trace| {
        let sinks = Sinks {
            events: None,
            trace: Some(trace),
        };
        let watch = Watch { sinks, tree: None };
        solve_watched(&Queens::new(4).unwrap(), &Options::new(Algo::Dfs), watch)
    });
    // A queen at r1c1 leaves row 2 columns 3 and 4, rows 3 and 4 more.
    assert!(
        text.contains("most constrained row r2, open columns c3 c4"),
        "{text}"
    );
    assert!(
        text.contains("failure_test: row 3 has no open column"),
        "{text}"
    );
    assert!(text.contains("goal_test: all 4 queens placed"), "{text}");
}

/// The fast counter's events of board `n`, parsed and checked, and its
/// counts and stats.
fn counted(n: usize) -> (Vec<Value>, nqueens::Counts, nqueens::Stats) {
    let (events, counted) = watched_events(10_000_000, |events| {
        let sinks = Sinks {
            events: Some(events),
            trace: None,
        };
        nqueens::watch::count_watched(n, Watch { sinks, tree: None })
    });
    let (counts, stats) = counted.unwrap();
    (events, counts, stats)
}

#[test]
fn the_fast_counter_reports_each_queen_backtrack_and_canonical_placement() {
    for n in 1..=nqueens::WATCH_MAX_N {
        let (events, counts, stats) = counted(n);
        let (plain, plain_stats) = nqueens::count(n, &nqueens::CountOptions::default()).unwrap();
        assert_eq!(counts, plain, "{n}");
        assert_eq!(stats.nodes, plain_stats.nodes, "{n}");
        assert_eq!(count(&events, "decide"), stats.nodes, "{n}");
        assert_eq!(count(&events, "solution"), counts.unique, "{n}");
        let end = events.last().unwrap();
        assert_eq!(end["kind"], "end", "{n}");
        assert_eq!(end["stats"]["nodes"], stats.nodes, "{n}");
        let mut depth = 0;
        let mut distinct = std::collections::BTreeSet::new();
        for event in &events {
            match event["kind"].as_str().unwrap() {
                "decide" => {
                    assert_eq!(event["depth"], depth + 1, "{event}");
                    assert_eq!(event["var"], format!("r{}", depth + 1), "{event}");
                    depth += 1;
                }
                "backtrack" => {
                    let to = event["depth"].as_u64().unwrap();
                    assert!(to < depth, "{event}");
                    depth = to;
                }
                "solution" => {
                    assert_eq!(depth, n as u64, "{event}");
                    let columns: Vec<u32> = event["state_line"]
                        .as_str()
                        .unwrap()
                        .split(' ')
                        .map(|col| col.parse::<u32>().unwrap() - 1)
                        .collect();
                    check_columns(&columns).unwrap();
                    assert!(distinct.insert(columns), "{event}");
                }
                _ => {}
            }
        }
    }
}

#[test]
fn the_fast_counter_is_watched_up_to_its_cap() {
    let queens = nqueens::WATCH_MAX_N + 1;
    let (events, counted) = watched_events(10, |events| {
        let sinks = Sinks {
            events: Some(events),
            trace: None,
        };
        nqueens::watch::count_watched(queens, Watch { sinks, tree: None })
    });
    assert!(counted.is_err());
    assert!(events.is_empty());
}

#[test]
fn search_trees_are_drawn() {
    let parse = |svg: &str| {
        roxmltree::Document::parse(svg).expect("the tree is XML");
    };
    let mut tree = svg_kit::SearchTree::new("");
    let watch = Watch {
        sinks: Sinks::default(),
        tree: Some(&mut tree),
    };
    nqueens::watch::count_watched(5, watch).unwrap();
    parse(&tree.to_svg());
    insta::assert_snapshot!("fast_count_tree_5", tree.to_svg());
    for algo in [Algo::Csp, Algo::Dfs] {
        let mut tree = svg_kit::SearchTree::new("");
        let watch = Watch {
            sinks: Sinks::default(),
            tree: Some(&mut tree),
        };
        solve_watched(&Queens::new(4).unwrap(), &Options::new(algo), watch);
        parse(&tree.to_svg());
        insta::assert_snapshot!(format!("{algo}_tree_4"), tree.to_svg());
    }
}
