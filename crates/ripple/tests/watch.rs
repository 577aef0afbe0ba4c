//! Watching a solve: the event stream parses and carries its version, the
//! events count what the stats count (the recursive calls, the
//! fast engine's and csp's decisions), a watched run ends as the plain one
//! does, the trace tells the calls and backtracks, the tree SVG parses as
//! XML, and the command line's `--trace`, `--events`, `--compare` and
//! `--tree-svg` behave.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output};
use std::sync::{Arc, Mutex};

use cli_kit::{Events, Sinks, Trace};
use ripple::watch::{Watch, solve_watched};
use ripple::{Algo, Options, Outcome, Puzzle, Status};
use serde_json::Value;
use svg_kit::SearchTree;

/// A writer whose bytes the test reads back after the stream is done.
#[derive(Clone, Default)]
struct Shared(Arc<Mutex<Vec<u8>>>);

impl Write for Shared {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

fn fixture(path: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../fixtures/ripple")
        .join(path)
}

fn puzzle(path: &str) -> Puzzle {
    std::fs::read_to_string(fixture(path))
        .expect("the fixture")
        .parse()
        .expect("a puzzle")
}

/// What one watched run wrote.
struct Watched {
    outcome: Outcome,
    events: Vec<Value>,
    trace: String,
    tree: SearchTree,
}

impl Watched {
    fn count(&self, kind: &str) -> u64 {
        self.events
            .iter()
            .filter(|event| event["kind"] == kind)
            .count() as u64
    }
}

fn watch(puzzle: &Puzzle, options: &Options) -> Watched {
    let buffer = Shared::default();
    let mut events = Events::to_writer(Box::new(buffer.clone()) as Box<dyn Write + Send>, u64::MAX);
    let mut text = Vec::new();
    let mut trace = Trace::new(&mut text, u64::MAX);
    let mut tree = SearchTree::new("");
    let outcome = solve_watched(
        puzzle,
        options,
        Watch {
            sinks: Sinks {
                events: Some(&mut events),
                trace: Some(&mut trace),
            },
            tree: Some(&mut tree),
        },
    );
    trace.finish().expect("trace written");
    events.finish().expect("events written");
    let bytes = buffer.0.lock().unwrap().clone();
    let events = String::from_utf8(bytes)
        .expect("utf-8")
        .lines()
        .map(|line| serde_json::from_str(line).expect("one JSON object per line"))
        .collect();
    Watched {
        outcome,
        events,
        trace: String::from_utf8(text).expect("utf-8"),
        tree,
    }
}

/// ASCII wall drawings (generated: a clue-free 4x4, two 10x10s, the 6x6
/// example, a hard 9x9) and a 10x10 without givens.
const PUZZLES: &[&str] = &[
    "ascii/generated-4x4-easy-s267.txt",
    "ascii/generated-10x10-easy-s3.txt",
    "ascii/generated-10x10-hard-s1.txt",
    "ascii/generated-6x6-medium-s3.txt",
    "ascii/generated-9x9-hard-s5.txt",
    "puzzles/penpa-ripple1-10x10.txt",
];

/// Whether `algo` runs on `path` here: brute force runs past 100,000
/// calls on the last two, MRV past 200,000 on the last one.
fn runs_on(algo: Algo, path: &str) -> bool {
    match algo {
        Algo::Brute => PUZZLES[..4].contains(&path),
        Algo::Mrv => PUZZLES[..5].contains(&path),
        Algo::Fast | Algo::Csp => true,
    }
}

/// A watched run ends as the plain run does: status, solution, count and
/// every counter but the time.
fn assert_same_run(watched: &Outcome, plain: &Outcome, what: &str) {
    assert_eq!(watched.status, plain.status, "{what}");
    assert_eq!(watched.solution, plain.solution, "{what}");
    assert_eq!(
        (watched.count, watched.count_complete),
        (plain.count, plain.count_complete),
        "{what}"
    );
    assert_eq!(watched.stats.nodes, plain.stats.nodes, "{what}");
    assert_eq!(
        watched.stats.counters.backtracks, plain.stats.counters.backtracks,
        "{what}"
    );
    assert_eq!(
        watched.stats.counters.recursive_calls, plain.stats.counters.recursive_calls,
        "{what}"
    );
}

#[test]
fn every_event_parses_with_its_version_and_numbered_steps_and_the_run_ends() {
    for path in PUZZLES {
        let puzzle = puzzle(path);
        for &algo in <Algo as puzzle_kit::Algorithm>::ALL {
            if !runs_on(algo, path) {
                continue;
            }
            let options = Options::new(algo).count_up_to(2);
            let watched = watch(&puzzle, &options);
            let what = format!("{path} {algo}");
            assert!(!watched.events.is_empty(), "{what}");
            for (step, event) in watched.events.iter().enumerate() {
                assert_eq!(event["v"], 1, "{what}: {event}");
                assert_eq!(event["step"], step as u64, "{what}: {event}");
                assert!(event["kind"].is_string(), "{what}: {event}");
            }
            let end = watched.events.last().expect("events");
            assert_eq!(end["kind"], "end", "{what}");
            assert_eq!(end["status"], watched.outcome.status.name(), "{what}");
            assert_eq!(end["stats"]["nodes"], watched.outcome.stats.nodes, "{what}");
            let plain = ripple::solve(&puzzle, &options);
            assert_same_run(&watched.outcome, &plain, &what);
        }
    }
}

#[test]
fn the_recursive_calls_are_the_calls_the_events_and_the_trace_show() {
    for path in PUZZLES {
        let puzzle = puzzle(path);
        for algo in [Algo::Mrv, Algo::Brute] {
            if !runs_on(algo, path) {
                continue;
            }
            let options = Options::new(algo).count_up_to(2);
            let watched = watch(&puzzle, &options);
            let what = format!("{path} {algo}");
            let stats = watched.outcome.stats;
            let calls = stats
                .counters
                .recursive_calls
                .expect("the recursive calls counter");
            // MRV counts the rooms of one cell it fills before searching.
            let singles = if algo == Algo::Mrv {
                puzzle.rooms().iter().filter(|room| room.len() == 1).count() as u64
            } else {
                0
            };
            let tested = watched.count("expand") + watched.count("goal");
            assert_eq!(tested + singles, calls, "{what}");
            assert_eq!(watched.count("generate"), stats.nodes, "{what}");
            let call_lines = watched
                .trace
                .lines()
                .filter(|line| line.starts_with("call "))
                .count() as u64;
            assert_eq!(call_lines + singles, calls, "{what}");
            let last_call = format!("call {calls} ");
            assert!(
                watched
                    .trace
                    .lines()
                    .any(|line| line.starts_with(&last_call)),
                "{what}: no line for call {calls}"
            );
            let backtracks = watched
                .trace
                .lines()
                .filter(|line| line.starts_with("call ") && line.ends_with("backtrack"))
                .count() as u64;
            assert_eq!(backtracks, stats.counters.backtracks, "{what}");
            assert!(
                watched.trace.ends_with(&format!(
                    "{calls} recursive calls, {} backtracks, {} states\n",
                    stats.counters.backtracks, stats.nodes
                )),
                "{what}: {}",
                watched.trace.lines().last().unwrap_or_default()
            );
        }
    }
}

#[test]
fn the_recursive_call_counts_stay_what_they_are_on_the_example_puzzle() {
    // The 6x6 of the README and the explorer: 682 calls by brute force,
    // 118 by MRV alone and 132 when it also counts to 2.
    let puzzle = puzzle("ascii/generated-6x6-medium-s3.txt");
    let brute = watch(&puzzle, &Options::new(Algo::Brute)).outcome.stats;
    assert_eq!(
        (
            brute.counters.recursive_calls,
            brute.nodes,
            brute.counters.backtracks
        ),
        (Some(682), 688, 155)
    );
    let mrv = watch(&puzzle, &Options::new(Algo::Mrv)).outcome.stats;
    assert_eq!(
        (
            mrv.counters.recursive_calls,
            mrv.nodes,
            mrv.counters.backtracks
        ),
        (Some(118), 118, 17)
    );
    let mrv = watch(&puzzle, &Options::new(Algo::Mrv).count_up_to(2))
        .outcome
        .stats;
    assert_eq!(
        (
            mrv.counters.recursive_calls,
            mrv.nodes,
            mrv.counters.backtracks
        ),
        (Some(132), 131, 19)
    );
}

#[test]
fn the_decisions_of_fast_and_csp_are_their_nodes_and_each_failure_a_wipeout() {
    for path in PUZZLES {
        let puzzle = puzzle(path);
        for algo in [Algo::Fast, Algo::Csp] {
            let options = Options::new(algo).count_up_to(2);
            let watched = watch(&puzzle, &options);
            let what = format!("{path} {algo}");
            let stats = watched.outcome.stats;
            let (decide, refute) = (watched.count("decide"), watched.count("refute"));
            if algo == Algo::Fast {
                // The fast engine's refutation (the digit taken out of the
                // cell) is a node too.
                assert_eq!(decide + refute + 1, stats.nodes, "{what}");
                assert_eq!(
                    watched.count("wipeout"),
                    stats.counters.backtracks,
                    "{what}"
                );
                assert_eq!(
                    watched.count("propagate"),
                    1 + decide + refute,
                    "{what}: one round at the root and after each branch"
                );
            } else {
                assert_eq!(decide + 1, stats.nodes, "{what}");
            }
            assert_eq!(watched.count("solution"), watched.outcome.count, "{what}");
            // A decision goes one deeper than the last decision or
            // backtrack; a refutation stays at the depth backtracked to.
            let mut depth = 0;
            for event in &watched.events {
                let at = event["depth"].as_u64();
                match event["kind"].as_str() {
                    Some("decide") => {
                        assert_eq!(at, Some(depth + 1), "{what}: {event}");
                        depth += 1;
                    }
                    Some("backtrack") => {
                        let to = at.expect("a depth");
                        assert!(to < depth, "{what}: {event}");
                        depth = to;
                    }
                    Some("refute") => assert_eq!(at, Some(depth), "{what}: {event}"),
                    _ => {}
                }
            }
        }
    }
}

#[test]
fn the_fast_engines_rounds_name_each_cell_placed_with_what_it_lost() {
    // A solve without a guess: its one round places every open cell, each
    // with the digit of the solution, which its removed digits leave out.
    let puzzle: Puzzle = "https://puzz.link/p?ripple/4/4/9n8rigk14h32k"
        .parse()
        .unwrap();
    let watched = watch(&puzzle, &Options::new(Algo::Fast));
    assert_eq!(watched.outcome.stats.nodes, 1);
    let placed: Vec<&Value> = watched
        .events
        .iter()
        .filter(|event| event["kind"] == "prune" && event["propagator"] == "placed")
        .collect();
    // A room of one cell holds its 1 from the start: nothing to place.
    let open = (0..puzzle.len())
        .filter(|&cell| puzzle.givens()[cell] == 0 && puzzle.room_size(cell) > 1)
        .count();
    assert_eq!(placed.len(), open);
    let solution = watched.outcome.solution.expect("solved");
    for event in placed {
        let name = event["var"].as_str().unwrap();
        let line = watched
            .trace
            .lines()
            .find(|line| line.trim_start().starts_with(&format!("{name} = ")))
            .unwrap_or_else(|| panic!("no trace line for {name}"));
        let (row, col) = name[1..].split_once('c').unwrap();
        let cell =
            (row.parse::<usize>().unwrap() - 1) * puzzle.cols() + col.parse::<usize>().unwrap() - 1;
        let digit = solution.values()[cell];
        assert!(line.contains(&format!("{name} = {digit} (")), "{line}");
        assert!(
            event["removed"]
                .as_array()
                .unwrap()
                .iter()
                .all(|value| value != digit),
            "{event}"
        );
    }
}

#[test]
fn the_tree_svg_of_every_algorithm_parses_as_xml_and_stops_at_its_limit() {
    let puzzle = puzzle("ascii/generated-6x6-medium-s3.txt");
    for &algo in <Algo as puzzle_kit::Algorithm>::ALL {
        let watched = watch(&puzzle, &Options::new(algo));
        let svg = watched.tree.to_svg();
        let document = roxmltree::Document::parse(&svg)
            .unwrap_or_else(|error| panic!("{algo}: not XML: {error}"));
        assert_eq!(document.root_element().tag_name().name(), "svg");
        let nodes = watched.tree.nodes();
        assert!(!nodes.is_empty(), "{algo}");
        // Brute force finds the solution past its 500th call.
        let drawn_whole = watched.tree.left_out() == 0;
        assert_eq!(
            nodes.iter().any(|node| node.on_goal_path),
            drawn_whole,
            "{algo}"
        );
        assert!(watched.tree.to_dot().starts_with("digraph"), "{algo}");
    }
    // Brute force makes 682 calls here: the first 500 are drawn.
    let watched = watch(&puzzle, &Options::new(Algo::Brute));
    assert_eq!(watched.tree.nodes().len(), SearchTree::MAX_NODES);
    assert_eq!(watched.tree.left_out(), 682 - 500);
    assert!(watched.tree.to_svg().contains("182"));
}

fn ripple(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ripple"))
        .args(args)
        .output()
        .expect("the binary runs")
}

fn path(name: &str) -> String {
    fixture(name).display().to_string()
}

#[test]
fn the_command_line_traces_records_and_compares() {
    let board = path("ascii/generated-6x6-medium-s3.txt");
    let output = ripple(&["solve", &board, "--algo", "mrv", "--trace"]);
    assert_eq!(output.status.code(), Some(0));
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert!(
        stdout.starts_with("start: 7 givens forward-checked"),
        "{stdout}"
    );
    assert!(stdout.contains("unique: yes"));

    let output = ripple(&[
        "solve",
        &board,
        "--algo",
        "brute",
        "--events",
        "-",
        "--events-limit",
        "10",
    ]);
    assert_eq!(output.status.code(), Some(0));
    let stdout = String::from_utf8(output.stdout).unwrap();
    let events: Vec<Value> = stdout
        .lines()
        .map(|line| serde_json::from_str(line).expect("JSON"))
        .collect();
    assert_eq!(events.len(), 11, "{stdout}");
    assert_eq!(events[0]["kind"], "run");
    assert_eq!(events[0]["algorithm"], "brute");
    assert_eq!(events[10]["kind"], "cut");

    let output = ripple(&["solve", &board, "--events", "-", "--json"]);
    assert_eq!(output.status.code(), Some(2));
    let output = ripple(&["solve", &board, "--compare", "--trace"]);
    assert_eq!(output.status.code(), Some(2));

    let big = path("puzzles/penpa-ripple1-10x10.txt");
    let output = ripple(&["solve", &big, "--compare", "--node-limit", "300"]);
    assert_eq!(output.status.code(), Some(0));
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert!(stdout.contains("limits per run: 300 nodes"), "{stdout}");
    let row = |algo: &str| {
        stdout
            .lines()
            .find(|line| line.starts_with(&format!("{algo} ")))
            .unwrap_or_else(|| panic!("no {algo} row: {stdout}"))
            .to_owned()
    };
    assert!(row("fast").contains("solved"), "{stdout}");
    assert!(row("brute").contains("limit"), "{stdout}");

    let output = ripple(&["solve", &board, "--compare", "--json"]);
    let stdout = String::from_utf8(output.stdout).unwrap();
    let rows: Vec<Value> = stdout
        .lines()
        .map(|line| serde_json::from_str(line).expect("JSON"))
        .collect();
    let algorithms: Vec<&str> = rows
        .iter()
        .map(|row| row["algorithm"].as_str().unwrap())
        .collect();
    assert_eq!(algorithms, ["fast", "csp", "mrv", "brute"]);
    assert_eq!(rows[3]["stats"]["recursive_calls"], 682);
    assert!(rows[0]["stats"].get("recursive_calls").is_none());
    assert!(rows.iter().all(|row| row["status"] == "solved"));

    let dir = std::env::temp_dir().join(format!("ripple-watch-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let svg = dir.join("tree.svg");
    let output = ripple(&[
        "solve",
        &board,
        "--algo",
        "mrv",
        "--tree-svg",
        svg.to_str().unwrap(),
    ]);
    assert_eq!(output.status.code(), Some(0));
    let text = std::fs::read_to_string(&svg).unwrap();
    roxmltree::Document::parse(&text).expect("XML");
    assert!(text.contains("r6c1 = 1"));
    assert!(dir.join("tree.svg.dot").exists());
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_puzzle_without_a_solution_ends_unsolvable_in_every_watched_algorithm() {
    let unsolvable: Puzzle = "https://puzz.link/p?ripple/4/4/9n8rigk11h32k"
        .parse()
        .unwrap();
    for &algo in <Algo as puzzle_kit::Algorithm>::ALL {
        let watched = watch(&unsolvable, &Options::new(algo));
        assert_eq!(watched.outcome.status, Status::Unsolvable, "{algo}");
        assert_eq!(
            watched.events.last().unwrap()["status"],
            "unsolvable",
            "{algo}"
        );
    }
}

#[test]
fn the_fast_and_csp_trees_are_drawn() {
    // Both guess here, and some guesses fail (drawn dashed).
    let puzzle = puzzle("ascii/generated-9x9-hard-s5.txt");
    for algo in [Algo::Fast, Algo::Csp] {
        let watched = watch(&puzzle, &Options::new(algo));
        let svg = watched.tree.to_svg();
        roxmltree::Document::parse(&svg).expect("the tree is XML");
        // The root and one node a decision.
        assert_eq!(
            watched.tree.nodes().len() as u64,
            watched.count("decide") + 1,
            "{algo}"
        );
        assert!(watched.tree.nodes().iter().any(|node| node.cut), "{algo}");
        insta::assert_snapshot!(format!("{algo}_tree"), svg);
    }
}
