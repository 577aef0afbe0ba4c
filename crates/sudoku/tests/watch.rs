//! The event stream of a watched solve: every line parses and carries the
//! schema version, the counts of events match the outcome's counters, BFS
//! takes its boards up in order of depth, and the trace shows the course formulation's
//! most constrained cell.

use cli_kit::Sinks;
use cli_kit::test_support::{count, watched_events, watched_trace};
use serde_json::Value;
use sudoku::watch::{Watch, solve_watched};
use sudoku::{Algo, Options, Status, Sudoku, solve};

/// The events of one watched solve, parsed and checked, and its outcome.
fn watched(line: &str, options: &Options) -> (Vec<Value>, sudoku::Outcome) {
    let sudoku: Sudoku = line.parse().unwrap();
    watched_events(1_000_000, |events| {
        let sinks = Sinks {
            events: Some(events),
            trace: None,
        };
        solve_watched(&sudoku, options, Watch { sinks, tree: None })
    })
}

const CLASSIC: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
/// An empty 4x4 grid: 288 solutions, so a count branches everywhere.
const EMPTY_4X4: &str = "................";

#[test]
fn the_watched_outcome_is_the_plain_one() {
    for algo in [Algo::Dfs, Algo::Bfs, Algo::Csp] {
        let options = Options::new(algo).count_up_to(5);
        let (_, outcome) = watched(EMPTY_4X4, &options);
        let plain = solve(&EMPTY_4X4.parse().unwrap(), &options);
        assert_eq!(outcome.status, plain.status, "{algo}");
        assert_eq!(outcome.count, plain.count, "{algo}");
        assert_eq!(outcome.stats.nodes, plain.stats.nodes, "{algo}");
        assert_eq!(outcome.solution, plain.solution, "{algo}");
    }
}

#[test]
fn the_dfs_and_bfs_report_every_board_made_and_bfs_never_goes_back_up() {
    for (line, algo) in [
        (CLASSIC, Algo::Dfs),
        (CLASSIC, Algo::Bfs),
        (EMPTY_4X4, Algo::Dfs),
        (EMPTY_4X4, Algo::Bfs),
    ] {
        let options = Options::new(algo).count_up_to(20);
        let (events, outcome) = watched(line, &options);
        assert_eq!(outcome.status, Status::Solved);
        // The nodes of the outcome are search-core's boards generated.
        assert_eq!(count(&events, "generate"), outcome.stats.nodes, "{algo}");
        let end = events.last().unwrap();
        assert_eq!(end["kind"], "end");
        assert_eq!(count(&events, "expand"), end["stats"]["expanded"], "{algo}");
        assert_eq!(end["stats"]["nodes"], outcome.stats.nodes);
        if algo == Algo::Bfs {
            let depths: Vec<u64> = events
                .iter()
                .filter(|event| event["kind"] == "expand" || event["kind"] == "goal")
                .map(|event| event["depth"].as_u64().unwrap())
                .collect();
            assert!(depths.len() > 20, "{line}");
            assert!(
                depths.windows(2).all(|pair| pair[0] <= pair[1]),
                "{depths:?}"
            );
        }
        // Every state a person reads is the board with its candidates.
        let start = events
            .iter()
            .find(|event| event["kind"] == "start")
            .unwrap();
        assert_eq!(start["state_line"], line);
        assert!(start["state"].as_str().unwrap().contains('{'));
    }
}

#[test]
fn csp_reports_one_decision_per_node_below_the_root_and_each_solution() {
    let options = Options::new(Algo::Csp).count_up_to(7);
    let (events, outcome) = watched(EMPTY_4X4, &options);
    assert_eq!(outcome.count, 7);
    assert_eq!(count(&events, "decide") + 1, outcome.stats.nodes);
    assert_eq!(count(&events, "solution"), 7);
    assert!(count(&events, "prune") > 0);
    for event in events.iter().filter(|event| event["kind"] == "solution") {
        let grid: Sudoku = event["state_line"].as_str().unwrap().parse().unwrap();
        assert!(grid.is_complete());
        sudoku::check_solution(&EMPTY_4X4.parse().unwrap(), &grid).unwrap();
    }
}

#[test]
fn the_dfs_trace_names_the_most_constrained_cell_of_each_board() {
    let sudoku: Sudoku = "1.3...122....3.1".parse().unwrap();
    let (text, _) = watched_trace(1000, |trace| {
        let sinks = Sinks {
            events: None,
            trace: Some(trace),
        };
        solve_watched(
            &sudoku,
            &Options::new(Algo::Dfs),
            Watch { sinks, tree: None },
        )
    });
    // r1c4 sees 1 and 3 in its row, 2 in its column: 4 is its only
    // candidate, and no empty cell has fewer.
    assert!(
        text.lines()
            .nth(1)
            .unwrap()
            .ends_with("most constrained cell r1c4, candidates 4"),
        "{text}"
    );
    assert!(text.contains("goal_test: all 16 numbers placed"), "{text}");
    assert!(
        text.lines().last().unwrap().starts_with("end: solved"),
        "{text}"
    );
}

/// A forum-hardest puzzle the fast engine guesses and backtracks on.
const HARD: &str =
    "..2...7...1.....6.5......18....37.......49.....41.23....3.2.9...8.....5.6.......2";

#[test]
fn the_fast_engine_reports_each_round_decision_backtrack_and_solution() {
    for (line, count_up_to) in [(CLASSIC, 1), (HARD, 1), (HARD, 2), (CLASSIC, 2)] {
        let options = Options::new(Algo::Fast).count_up_to(count_up_to);
        let (events, outcome) = watched(line, &options);
        let plain = solve(&line.parse().unwrap(), &options);
        assert_eq!(outcome.status, plain.status, "{line}");
        assert_eq!(outcome.count, plain.count, "{line}");
        assert_eq!(outcome.stats.nodes, plain.stats.nodes, "{line}");
        assert_eq!(outcome.solution, plain.solution, "{line}");
        // One propagation round and one decision per node below the root.
        assert_eq!(count(&events, "decide") + 1, outcome.stats.nodes, "{line}");
        assert_eq!(count(&events, "propagate"), outcome.stats.nodes, "{line}");
        assert_eq!(count(&events, "solution"), outcome.count, "{line}");
        let end = events.last().unwrap();
        assert_eq!(end["kind"], "end");
        assert_eq!(end["stats"]["nodes"], outcome.stats.nodes);
        assert_eq!(end["stats"]["backtracks"], count(&events, "wipeout"));
        // Decisions go one deeper than the decision or backtrack before.
        let mut depth = 0;
        for event in &events {
            match event["kind"].as_str().unwrap() {
                "decide" => {
                    assert_eq!(event["depth"], depth + 1, "{event}");
                    depth += 1;
                }
                "backtrack" => {
                    let to = event["depth"].as_u64().unwrap();
                    assert!(to < depth, "{event}");
                    depth = to;
                }
                _ => {}
            }
        }
        // Every solution reported keeps the givens and the rules; a
        // first-solution run's last one is the outcome's.
        let grid: Sudoku = line.parse().unwrap();
        let solution = outcome.solution.as_ref().unwrap();
        for event in events.iter().filter(|event| event["kind"] == "solution") {
            let found: Sudoku = event["state_line"].as_str().unwrap().parse().unwrap();
            sudoku::check_solution(&grid, &found).unwrap();
        }
        if count_up_to == 1 {
            let last = events
                .iter()
                .rev()
                .find(|event| event["kind"] == "solution")
                .unwrap();
            assert_eq!(last["state_line"], solution.to_line());
        }
    }
}

#[test]
fn the_fast_engines_root_round_places_what_the_solution_holds() {
    let (events, outcome) = watched(CLASSIC, &Options::new(Algo::Fast));
    let solution = outcome.solution.unwrap().to_line().into_bytes();
    let root_round = events
        .iter()
        .skip_while(|event| event["kind"] != "propagate")
        .skip(1)
        .take_while(|event| event["kind"] == "prune");
    let mut placed = 0;
    for event in root_round {
        let var = event["var"].as_str().unwrap();
        let (row, column) = var[1..].split_once('c').unwrap();
        let cell = (row.parse::<usize>().unwrap() - 1) * 9 + column.parse::<usize>().unwrap() - 1;
        let digit = i64::from(solution[cell] - b'0');
        let removed: Vec<i64> = event["removed"]
            .as_array()
            .unwrap()
            .iter()
            .map(|value| value.as_i64().unwrap())
            .collect();
        assert!(!removed.contains(&digit), "{event}");
        if let Some(value) = event["propagator"]
            .as_str()
            .unwrap()
            .strip_prefix("placed ")
        {
            assert_eq!(value.parse::<i64>().unwrap(), digit, "{event}");
            placed += 1;
        }
    }
    // The classic puzzle is solved by propagation alone: every blank placed.
    assert_eq!(outcome.stats.nodes, 1);
    assert_eq!(placed, CLASSIC.bytes().filter(|&b| b == b'.').count());
}

/// The tree of a watched solve, its SVG parsed as XML.
fn tree_svg(line: &str, algo: Algo) -> String {
    let mut tree = svg_kit::SearchTree::new("");
    let sudoku: Sudoku = line.parse().unwrap();
    let watch = Watch {
        sinks: Sinks::default(),
        tree: Some(&mut tree),
    };
    solve_watched(&sudoku, &Options::new(algo), watch);
    let svg = tree.to_svg();
    roxmltree::Document::parse(&svg).expect("the tree is XML");
    svg
}

#[test]
fn search_trees_are_drawn() {
    insta::assert_snapshot!("fast_tree", tree_svg(HARD, Algo::Fast));
    insta::assert_snapshot!("csp_tree_4x4", tree_svg(EMPTY_4X4, Algo::Csp));
    insta::assert_snapshot!("dfs_tree_4x4", tree_svg("1.3...122....3.1", Algo::Dfs));
}
