//! `crossword fill` watched: every event line parses and carries the schema
//! version, the counts of events equal the record's counters for every
//! algorithm, decisions go one level deeper at a time, AC-3's
//! table rebuilt from the events alone is today's snapshot, the tree is
//! XML, and `--compare` runs every algorithm to the same counts as a run
//! of each.

use std::path::PathBuf;
use std::process::{Command, Output};

use serde_json::Value;

fn fixtures() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/crossword")
}

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_crossword"))
        .args(args)
        .current_dir(fixtures())
        .output()
        .unwrap()
}

const SAMPLE: [&str; 4] = ["fill", "sample.txt", "--words", "sample-words.txt"];

/// The events of `fill ARGS --events -`, parsed and checked line by line,
/// and the exit code.
fn events(args: &[&str]) -> (Vec<Value>, Option<i32>) {
    let mut all: Vec<&str> = args.to_vec();
    all.extend(["--events", "-"]);
    let output = run(&all);
    let text = String::from_utf8(output.stdout).unwrap();
    let events: Vec<Value> = text
        .lines()
        .map(|line| serde_json::from_str(line).expect("one JSON object a line"))
        .collect();
    for (step, event) in events.iter().enumerate() {
        assert_eq!(event["v"], cli_kit::EVENTS_VERSION, "{event}");
        assert_eq!(event["step"], step as u64, "{event}");
        assert!(event["kind"].is_string(), "{event}");
    }
    (events, output.status.code())
}

/// The `stats` of the record of `fill ARGS --json` (no events asked).
fn record_stats(args: &[&str]) -> Value {
    let mut all: Vec<&str> = args.to_vec();
    all.push("--json");
    let output = run(&all);
    let record: Value = serde_json::from_slice(&output.stdout).unwrap();
    record["stats"].clone()
}

fn count(events: &[Value], kind: &str) -> u64 {
    events.iter().filter(|event| event["kind"] == kind).count() as u64
}

/// The cases every algorithm is watched on: the sample grid, a 5x5 grid
/// from the built-in list, a grid stopped by its node limit, a count.
const CASES: [&[&str]; 4] = [
    &SAMPLE,
    &["fill", "grids/croiseur-bench1-5x5.txt"],
    &["fill", "grids/xcsp-vg6-6x7.txt", "--node-limit", "40"],
    &[
        "fill",
        "grids/own-open-4x4.txt",
        "--words",
        "berghel-134.txt",
        "--count",
        "--allow-repeats",
    ],
];

#[test]
fn the_events_counts_are_the_records_counters() {
    for case in CASES {
        for algo in ["fast", "mac", "ac3"] {
            if algo == "ac3" && case.iter().any(|&a| a == "--node-limit" || a == "--count") {
                // ac3 neither counts nor takes a node limit.
                continue;
            }
            let mut args = case.to_vec();
            args.extend(["--algo", algo]);
            let (events, _) = events(&args);
            let context = format!("{args:?}");
            let end = events.last().expect("an end event");
            assert_eq!(end["kind"], "end", "{context}");
            assert_eq!(events[0]["kind"], "run", "{context}");
            assert_eq!(events[0]["algorithm"], algo, "{context}");
            // The watched run is the run: the same counters as unwatched.
            let stats = record_stats(&args);
            for counter in ["nodes", "backtracks", "restarts", "arc_revisions"] {
                assert_eq!(end["stats"][counter], stats[counter], "{counter} {context}");
            }
            let nodes = stats["nodes"].as_u64().unwrap();
            if algo != "ac3" {
                assert_eq!(count(&events, "decide"), nodes - 1, "{context}");
            }
            let backtracks = stats["backtracks"].as_u64().unwrap();
            let wipeouts = count(&events, "wipeout");
            if algo == "fast" {
                // fast counts a backtrack for every failed propagation.
                assert_eq!(wipeouts, backtracks, "{context}");
            } else {
                // csp-core leaves out a failed refutation at the root.
                assert!(wipeouts >= backtracks, "{context}");
            }
            if algo != "fast" {
                let revisions = stats["arc_revisions"].as_u64().unwrap();
                assert_eq!(count(&events, "revise"), revisions, "{context}");
            }
            if end["status"] == "solved" && algo != "ac3" {
                assert!(count(&events, "solution") >= 1, "{context}");
            }
            decisions_go_one_deeper(&events, &context);
        }
    }
}

/// Each `decide` is one deeper than the last `decide` or `backtrack` (the
/// root after a restart); a `refute` stays at the depth backtracked to.
fn decisions_go_one_deeper(events: &[Value], context: &str) {
    let mut depth = 0;
    for event in events {
        let at = event["depth"].as_u64();
        match event["kind"].as_str().unwrap() {
            "decide" => {
                assert_eq!(at, Some(depth + 1), "{event} {context}");
                depth += 1;
                assert!(event["word"].is_string(), "{event}");
            }
            "backtrack" => depth = at.unwrap(),
            "refute" => assert_eq!(at, Some(depth), "{event} {context}"),
            "restart" => depth = 0,
            _ => {}
        }
    }
}

#[test]
fn the_ac3_table_rebuilt_from_the_events_is_todays() {
    let (events, code) = events(&[SAMPLE[0], SAMPLE[1], SAMPLE[2], SAMPLE[3], "--algo", "ac3"]);
    assert_eq!(code, Some(0));
    // The domains before AC-3: the words of the list that fit each slot
    // (the sample's slots are open), alphabetical as the revision table lists them.
    let list = std::fs::read_to_string(fixtures().join("sample-words.txt")).unwrap();
    let snapshot = std::fs::read_to_string(
        PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("tests/snapshots/cli__sample_ac3_trace.snap"),
    )
    .unwrap();
    let lengths = [
        ("1A", 5),
        ("4A", 4),
        ("7A", 3),
        ("8A", 5),
        ("2D", 5),
        ("3D", 5),
        ("5D", 4),
        ("6D", 3),
    ];
    let mut domains: std::collections::BTreeMap<String, Vec<String>> = lengths
        .iter()
        .map(|&(slot, length)| {
            let mut words: Vec<String> = list
                .split_whitespace()
                .filter(|word| word.len() == length)
                .map(str::to_ascii_uppercase)
                .collect();
            words.sort();
            (slot.to_owned(), words)
        })
        .collect();
    let mut rows = Vec::new();
    for event in &events {
        let removed: Vec<String> = event["removed_words"]
            .as_array()
            .map(|words| {
                words
                    .iter()
                    .map(|word| word.as_str().unwrap().to_owned())
                    .collect()
            })
            .unwrap_or_default();
        match event["kind"].as_str().unwrap() {
            "prune" => {
                let var = event["var"].as_str().unwrap();
                domains
                    .get_mut(var)
                    .unwrap()
                    .retain(|w| !removed.contains(w));
            }
            "revise" => {
                let (x, y) = (event["x"].as_str().unwrap(), event["y"].as_str().unwrap());
                let domain = domains.get_mut(x).unwrap();
                domain.retain(|w| !removed.contains(w));
                let shown = if removed.is_empty() {
                    String::new()
                } else {
                    domain.join(", ")
                };
                let added: Vec<String> = event["added"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|arc| {
                        format!(
                            "({}, {})",
                            arc[0].as_str().unwrap(),
                            arc[1].as_str().unwrap()
                        )
                    })
                    .collect();
                let arc = format!("({x}, {y})");
                rows.push(format!("{arc:<10} | {shown:<40} | {}", added.join(" ")));
            }
            _ => {}
        }
    }
    assert_eq!(rows.len(), 35);
    let table: Vec<&str> = snapshot
        .lines()
        .skip_while(|line| !line.starts_with("arc "))
        .skip(1)
        .take_while(|line| line.starts_with('('))
        .collect();
    assert_eq!(table, rows);
    let after: Vec<String> = lengths
        .iter()
        .map(|&(slot, _)| format!("{slot:>4} : {}", domains[slot].join(", ")))
        .collect();
    let snapshot_after: Vec<&str> = snapshot
        .lines()
        .skip_while(|line| !line.starts_with("domains after"))
        .skip(1)
        .take(8)
        .collect();
    assert_eq!(snapshot_after, after);
}

#[test]
fn a_cut_stream_ends_with_its_cut_event() {
    let (events, code) = events(&[
        "fill",
        "grids/croiseur-bench2-9x9.txt",
        "--algo",
        "mac",
        "--events-limit",
        "25",
    ]);
    assert_eq!(code, Some(0));
    assert_eq!(events.len(), 26);
    assert_eq!(events[25]["kind"], "cut");
    assert_eq!(events[25]["limit"], 25);
}

#[test]
fn the_trace_names_slots_and_words_one_line_an_event() {
    let mut args = SAMPLE.to_vec();
    args.extend(["--algo", "mac", "--trace"]);
    let output = run(&args);
    assert_eq!(output.status.code(), Some(0));
    let text = String::from_utf8(output.stdout).unwrap();
    let trace: Vec<&str> = text
        .lines()
        .take_while(|line| !line.starts_with("H O"))
        .collect();
    assert_eq!(trace[0], "propagate (root) at depth 0");
    assert_eq!(
        trace[1],
        "revise 1A against 2D: removed SHEET, STEER, SAILS"
    );
    assert_eq!(
        trace
            .iter()
            .filter(|line| line.starts_with("revise "))
            .count(),
        35
    );
    assert_eq!(
        trace[trace.len() - 2],
        "solution HOSES/##A#T/#HIKE/A#LEE/LASER/E##L#"
    );
    assert_eq!(
        trace[trace.len() - 1],
        "end: solved, 1 nodes, 0 backtracks, 35 arc revisions"
    );
    // fast on a grid that needs guesses: a line per decision, slot = WORD.
    let output = run(&["fill", "grids/croiseur-bench2-9x9.txt", "--trace", "--json"]);
    assert_eq!(
        output.status.code(),
        Some(2),
        "--trace and --json do not mix"
    );
    let output = run(&["fill", "grids/croiseur-bench2-9x9.txt", "--trace"]);
    let text = String::from_utf8(output.stdout).unwrap();
    let decisions: Vec<&str> = text.lines().filter(|l| l.starts_with("decide ")).collect();
    assert!(!decisions.is_empty());
    assert!(decisions.iter().all(|line| {
        let rest = line.trim_start_matches("decide ");
        let (slot, word) = rest.split_once(" = ").unwrap();
        slot.ends_with(['A', 'D'])
            && word
                .split(' ')
                .next()
                .unwrap()
                .chars()
                .all(|c| c.is_ascii_uppercase())
    }));
}

#[test]
fn the_tree_is_xml_with_a_node_per_decision_and_dot_beside_it() {
    let dir = std::env::temp_dir().join(format!("crossword-tree-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let svg_path = dir.join("tree.svg");
    let svg_arg = svg_path.to_str().unwrap();
    for algo in ["fast", "mac"] {
        let (events, code) = events(&[
            "fill",
            "grids/croiseur-bench2-9x9.txt",
            "--algo",
            algo,
            "--tree-svg",
            svg_arg,
        ]);
        assert_eq!(code, Some(0));
        let svg = std::fs::read_to_string(&svg_path).unwrap();
        let document = roxmltree::Document::parse(&svg).expect("the tree is XML");
        assert_eq!(document.root_element().tag_name().name(), "svg");
        let decisions = count(&events, "decide");
        let nodes = (decisions + 1).min(500);
        assert!(svg.contains(&format!("{nodes} nodes")), "{algo}");
        assert!(svg.contains("-across = ") || svg.contains("-down = "));
        let dot = std::fs::read_to_string(dir.join("tree.svg.dot")).unwrap();
        assert_eq!(dot.matches(" -> ").count() as u64, nodes - 1, "{algo}");
    }
    let (_, code) = events(&[
        SAMPLE[0],
        SAMPLE[1],
        SAMPLE[2],
        SAMPLE[3],
        "--algo",
        "ac3",
        "--tree-svg",
        svg_arg,
    ]);
    assert_eq!(code, Some(2), "ac3 makes no decision to draw");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn compare_runs_every_algorithm_as_a_run_of_each_would() {
    let args = [
        "fill",
        "grids/croiseur-bench1-5x5.txt",
        "--node-limit",
        "5000",
    ];
    let mut all = args.to_vec();
    all.extend(["--compare", "--json"]);
    let output = run(&all);
    assert_eq!(output.status.code(), Some(0));
    let rows: Vec<Value> = String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    let algorithms: Vec<&str> = rows
        .iter()
        .map(|r| r["algorithm"].as_str().unwrap())
        .collect();
    assert_eq!(algorithms, ["fast", "mac", "ac3"]);
    for row in &rows {
        let algo = row["algorithm"].as_str().unwrap();
        let mut one = if algo == "ac3" {
            vec!["fill", "grids/croiseur-bench1-5x5.txt"]
        } else {
            args.to_vec()
        };
        one.extend(["--algo", algo]);
        let stats = record_stats(&one);
        assert_eq!(row["stats"]["nodes"], stats["nodes"], "{algo}");
        assert_eq!(row["stats"]["backtracks"], stats["backtracks"], "{algo}");
    }
    let mut all = args.to_vec();
    all.push("--compare");
    let text = String::from_utf8(run(&all).stdout).unwrap();
    assert!(text.contains("limits per run: 5,000 nodes, 10 s"), "{text}");
    assert!(text.lines().any(|line| line.starts_with("mac ")), "{text}");
    for misfit in [
        &["--compare", "--count"][..],
        &["--compare", "--trace"],
        &["--compare", "--events", "x.jsonl"],
    ] {
        let mut all = args.to_vec();
        all.extend(misfit);
        assert_eq!(run(&all).status.code(), Some(2), "{misfit:?}");
    }
}
