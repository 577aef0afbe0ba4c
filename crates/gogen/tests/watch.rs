//! The event stream of seed 000's watched search: every line parses and
//! carries the schema version, the counts of events match the outcome's
//! counters, and the trace shows the look-ahead at each empty cell.

use std::io::Write;
use std::sync::{Arc, Mutex};

use cli_kit::{EVENTS_VERSION, Events, Sinks, Trace};
use gogen::watch::{Watch, solve_watched};
use gogen::{Algo, Options, Puzzle, Status, solve};
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

fn seed_sample() -> Puzzle {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../fixtures/gogen/seed-sample.txt"
    ))
    .unwrap();
    gogen::cli::read_puzzle(&text, None).unwrap()
}

#[test]
fn every_grid_made_and_expanded_is_an_event_and_the_outcome_is_the_plain_one() {
    let puzzle = seed_sample();
    for count_up_to in [1, 2] {
        let options = Options::new(Algo::Dfs).count_up_to(count_up_to);
        let buffer = Buffer::default();
        let mut events =
            Events::to_writer(Box::new(buffer.clone()) as Box<dyn Write + Send>, 1_000_000);
        let outcome = solve_watched(
            &puzzle,
            &options,
            Watch {
                sinks: Sinks {
                    events: Some(&mut events),
                    trace: None,
                },
                tree: None,
            },
        );
        events.finish().unwrap();
        let plain = solve(&puzzle, &options);
        assert_eq!(outcome.status, Status::Solved);
        assert_eq!(outcome.count, plain.count);
        assert_eq!(outcome.solution, plain.solution);
        assert_eq!(outcome.stats.nodes, plain.stats.nodes);
        let text = String::from_utf8(buffer.0.lock().unwrap().clone()).unwrap();
        let events: Vec<Value> = text
            .lines()
            .map(|line| serde_json::from_str(line).expect("one JSON object a line"))
            .collect();
        for (step, event) in events.iter().enumerate() {
            assert_eq!(event["v"], EVENTS_VERSION, "{event}");
            assert_eq!(event["step"], step as u64, "{event}");
        }
        let count = |kind: &str| events.iter().filter(|event| event["kind"] == kind).count() as u64;
        assert_eq!(count("generate"), outcome.stats.nodes);
        let end = events.last().unwrap();
        assert_eq!(end["kind"], "end");
        assert_eq!(count("expand"), end["stats"]["expanded"]);
        // The seed's "nodes visited" is its closed set plus one.
        let visited = outcome.stats.seed.as_ref().unwrap().nodes_visited;
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
    let mut text = Vec::new();
    let mut trace = Trace::new(&mut text, 100_000);
    solve_watched(
        &seed_sample(),
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
