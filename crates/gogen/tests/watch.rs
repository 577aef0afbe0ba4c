//! The event stream of the watched depth-first search: every line parses and
//! carries the schema version, the counts of events match the outcome's
//! counters, and the trace shows the look-ahead at each empty cell.

use cli_kit::Sinks;
use cli_kit::test_support::{count, watched_events, watched_trace};
use gogen::watch::{Watch, solve_watched};
use gogen::{Algo, Options, Puzzle, Status, solve};

fn sample_puzzle() -> Puzzle {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../fixtures/gogen/sample.txt"
    ))
    .unwrap();
    gogen::cli::read_puzzle(&text, None).unwrap()
}

#[test]
fn every_grid_made_and_expanded_is_an_event_and_the_outcome_is_the_plain_one() {
    let puzzle = sample_puzzle();
    for count_up_to in [1, 2] {
        let options = Options::new(Algo::Dfs).count_up_to(count_up_to);
        let (events, outcome) = watched_events(1_000_000, |events| {
            let sinks = Sinks {
                events: Some(events),
                trace: None,
            };
            solve_watched(&puzzle, &options, Watch { sinks, tree: None })
        });
        let plain = solve(&puzzle, &options);
        assert_eq!(outcome.status, Status::Solved);
        assert_eq!(outcome.count, plain.count);
        assert_eq!(outcome.solution, plain.solution);
        assert_eq!(outcome.stats.nodes, plain.stats.nodes);
        let count = |kind: &str| count(&events, kind);
        assert_eq!(count("generate"), outcome.stats.nodes);
        let end = events.last().unwrap();
        assert_eq!(end["kind"], "end");
        assert_eq!(count("expand"), end["stats"]["expanded"]);
        // "Nodes visited" is the closed set plus one.
        let visited = outcome.stats.counters.dfs.as_ref().unwrap().nodes_visited;
        assert_eq!(count("expand") + count("goal") + 1, visited);
        // A count goes on past its one solution: no node ends it as the goal.
        let goal = events.iter().find(|event| event["kind"] == "goal");
        if count_up_to == 1 {
            let line = outcome.solution.as_ref().unwrap().to_line();
            assert_eq!(goal.unwrap()["state_line"], line);
        } else {
            assert!(goal.is_none());
        }
    }
}

#[test]
fn the_trace_tells_the_look_ahead_at_the_next_empty_cell() {
    let (text, _) = watched_trace(100_000, |trace| {
        let sinks = Sinks {
            events: None,
            trace: Some(trace),
        };
        let watch = Watch { sinks, tree: None };
        solve_watched(&sample_puzzle(), &Options::new(Algo::Dfs), watch)
    });
    let lines: Vec<&str> = text.lines().collect();
    assert!(
        lines[0].starts_with("start: 9 letters given, 16 empty cells"),
        "{text}"
    );
    // The cell right of the given M comes first; the solution's letter
    // there, N, must be among those the look-ahead keeps.
    assert!(
        lines[1].contains("next empty cell r1c2: the look-ahead keeps"),
        "{text}"
    );
    let kept = lines[1].split("keeps ").nth(1).unwrap();
    assert!(
        kept.split(" (")
            .next()
            .unwrap()
            .split(' ')
            .any(|letter| letter == "N"),
        "{text}"
    );
    assert!(
        text.contains("goalP: the grid is full and every word is traced"),
        "{text}"
    );
    assert!(lines.last().unwrap().starts_with("end: solved"), "{text}");
}

#[test]
fn the_csp_solver_reports_its_decisions_and_solutions_and_the_outcome_is_the_plain_one() {
    let puzzle = sample_puzzle();
    for count_up_to in [1, 2] {
        let options = Options::new(Algo::Csp).count_up_to(count_up_to);
        let (events, outcome) = watched_events(1_000_000, |events| {
            let sinks = Sinks {
                events: Some(events),
                trace: None,
            };
            solve_watched(&puzzle, &options, Watch { sinks, tree: None })
        });
        let plain = solve(&puzzle, &options);
        assert_eq!(outcome.status, plain.status);
        assert_eq!(outcome.count, plain.count);
        assert_eq!(outcome.solution, plain.solution);
        assert_eq!(outcome.stats.nodes, plain.stats.nodes);
        assert_eq!(count(&events, "decide") + 1, outcome.stats.nodes);
        assert_eq!(count(&events, "solution"), outcome.count);
        assert!(count(&events, "prune") > 0);
        let end = events.last().unwrap();
        assert_eq!(end["kind"], "end");
        assert_eq!(end["stats"]["nodes"], outcome.stats.nodes);
        let solution = events
            .iter()
            .find(|event| event["kind"] == "solution")
            .unwrap();
        assert_eq!(
            solution["state_line"],
            outcome.solution.as_ref().unwrap().to_line()
        );
    }
}

#[test]
fn search_trees_are_drawn() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../fixtures/gogen/puzzles/bmehta-22-five-givens.txt"
    ))
    .unwrap();
    let hard = gogen::cli::read_puzzle(&text, None).unwrap();
    let mut tree = svg_kit::SearchTree::new("");
    let watch = Watch {
        sinks: Sinks::default(),
        tree: Some(&mut tree),
    };
    solve_watched(&hard, &Options::new(Algo::Csp), watch);
    roxmltree::Document::parse(&tree.to_svg()).expect("the tree is XML");
    insta::assert_snapshot!("csp_tree_bmehta_22_five_givens", tree.to_svg());
}
