//! The event stream of a watched search: every line parses and carries the
//! schema version, the counts of events match the outcome's counters, BFS
//! takes its boards up in order of depth, min-conflicts' repairs end with
//! no conflict left.

use std::io::Write;
use std::sync::{Arc, Mutex};

use cli_kit::{EVENTS_VERSION, Events, Sinks, Trace};
use nqueens::watch::{Watch, solve_watched};
use nqueens::{Algo, Options, Outcome, Queens, Status, check_columns, solve};
use serde_json::Value;

/// A writer whose bytes stay readable after the stream is finished.
#[derive(Clone, Default)]
struct Buffer(Arc<Mutex<Vec<u8>>>);

impl Write for Buffer {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// The events of one watched search, parsed, and its outcome.
fn watched(n: usize, options: &Options) -> (Vec<Value>, Outcome) {
    let queens = Queens::new(n).unwrap();
    let buffer = Buffer::default();
    let mut events =
        Events::to_writer(Box::new(buffer.clone()) as Box<dyn Write + Send>, 1_000_000);
    let outcome = solve_watched(
        &queens,
        options,
        Watch {
            sinks: Sinks {
                events: Some(&mut events),
                trace: None,
            },
            tree: None,
        },
    );
    events.finish().unwrap();
    let text = String::from_utf8(buffer.0.lock().unwrap().clone()).unwrap();
    let events: Vec<Value> = text
        .lines()
        .map(|line| serde_json::from_str(line).expect("one JSON object a line"))
        .collect();
    for (step, event) in events.iter().enumerate() {
        assert_eq!(event["v"], EVENTS_VERSION, "{event}");
        assert_eq!(event["step"], step as u64, "{event}");
    }
    (events, outcome)
}

fn count(events: &[Value], kind: &str) -> u64 {
    events.iter().filter(|event| event["kind"] == kind).count() as u64
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
fn seed_searches_report_every_board_made_and_bfs_never_goes_back_up() {
    for algo in [Algo::Dfs, Algo::Bfs] {
        let options = Options::new(algo).count_up_to(u64::MAX);
        let (events, outcome) = watched(6, &options);
        assert_eq!(outcome.count, 4, "6 queens have 4 placements");
        assert_eq!(count(&events, "generate"), outcome.stats.nodes, "{algo}");
        let end = events.last().unwrap();
        assert_eq!(end["kind"], "end");
        assert_eq!(count(&events, "expand"), end["stats"]["expanded"], "{algo}");
        let tested = count(&events, "expand") + count(&events, "goal");
        assert_eq!(Some(tested), outcome.stats.num_tested, "{algo}");
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
    let mut text = Vec::new();
    let mut trace = Trace::new(&mut text, 1000);
    solve_watched(
        &Queens::new(4).unwrap(),
        &Options::new(Algo::Dfs),
        Watch {
            sinks: Sinks {
                events: None,
                trace: Some(&mut trace),
            },
            tree: None,
        },
    );
    trace.finish().unwrap();
    let text = String::from_utf8(text).unwrap();
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
