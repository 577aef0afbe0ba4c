//! The `crossword` binary end to end: exit codes, flags that do not fit
//! together, and an ipuz fill read back as a template.

use std::path::PathBuf;
use std::process::{Command, Output};

fn fixtures() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/crossword")
}

fn run(args: &[&str], stdin: Option<&[u8]>) -> Output {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_crossword"))
        .args(args)
        .current_dir(fixtures())
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    input.write_all(stdin.unwrap_or_default()).unwrap();
    drop(input);
    child.wait_with_output().unwrap()
}

const SAMPLE: [&str; 4] = ["fill", "sample.txt", "--words", "sample-words.txt"];

#[test]
fn flags_that_do_not_fit_are_usage_errors() {
    let cases: [&[&str]; 10] = [
        // The ipuz file holds neither a count nor a trace.
        &["--count", "--format", "ipuz"],
        &["--algo", "ac3", "--trace", "--format", "ipuz"],
        &["--json", "--stats"],
        &["--algo", "ac3", "--trace", "--json"],
        &["--trace", "--events", "-"],
        &["--algo", "ac3", "--count"],
        &["--algo", "ac3", "--node-limit", "3"],
        &["--algo", "mac", "--seed", "1"],
        &["--limit", "2"],
        &["--count", "--limit", "0"],
    ];
    for extra in cases {
        let args: Vec<&str> = SAMPLE.iter().chain(extra).copied().collect();
        let output = run(&args, None);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
    }
}

#[test]
fn an_ipuz_fill_reads_back_as_a_template_and_checks() {
    let output = run(
        &[
            SAMPLE[0], SAMPLE[1], SAMPLE[2], SAMPLE[3], "--format", "ipuz",
        ],
        None,
    );
    assert_eq!(output.status.code(), Some(0));
    // The written ipuz has the fill's letters only as its solution: as a
    // template it is open again and fills the same way.
    let again = run(
        &["fill", "-", "--words", "sample-words.txt", "--json"],
        Some(&output.stdout),
    );
    assert_eq!(
        again.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&again.stderr)
    );
    let checked = run(&["check"], Some(&again.stdout));
    assert_eq!(
        checked.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&checked.stderr)
    );
}

#[test]
fn bad_bytes_never_panic() {
    let inputs: [&[u8]; 6] = [
        b"",
        b"\xff\xfe\x00garbage",
        b"ACROSS&DOWN\0",
        b"xxACROSS&DOWN\0\x03\x03",
        b"{\"dimensions\":{\"width\":2,\"height\":2},\"puzzle\":[[0]]}",
        b"..\n..\n\n\n..\n",
    ];
    for input in inputs {
        let output = run(&["fill", "-"], Some(input));
        assert_eq!(output.status.code(), Some(1), "{input:?}");
        assert!(!String::from_utf8_lossy(&output.stderr).contains("panicked"));
    }
}

#[test]
fn the_human_views_of_the_sample() {
    let trace = run(
        &[
            SAMPLE[0], SAMPLE[1], SAMPLE[2], SAMPLE[3], "--algo", "ac3", "--trace",
        ],
        None,
    );
    assert_eq!(trace.status.code(), Some(0));
    insta::assert_snapshot!("sample_ac3_trace", String::from_utf8_lossy(&trace.stdout));
    let fill = run(
        &[SAMPLE[0], SAMPLE[1], SAMPLE[2], SAMPLE[3], "--count"],
        None,
    );
    assert_eq!(fill.status.code(), Some(0));
    insta::assert_snapshot!("sample_fast_count", String::from_utf8_lossy(&fill.stdout));
    let open = run(
        &[
            "fill",
            "grids/own-open-5x5.txt",
            "--words",
            "berghel-134.txt",
            "--algo",
            "ac3",
        ],
        None,
    );
    assert_eq!(open.status.code(), Some(4));
    insta::assert_snapshot!(
        "berghel_ac3_undecided",
        String::from_utf8_lossy(&open.stdout)
    );
}

/// The one JSON record of a `fill --json` run.
fn record(output: &Output) -> serde_json::Value {
    let text = String::from_utf8_lossy(&output.stdout);
    let line = text.lines().next().unwrap_or_default();
    serde_json::from_str(line).unwrap_or_else(|error| panic!("{error}: {text}"))
}

#[test]
fn a_limit_record_names_its_limit_and_check_validates_it() {
    let open = [
        "fill",
        "grids/own-open-5x5.txt",
        "--words",
        "berghel-134.txt",
    ];
    let cases: [(&[&str], &str); 5] = [
        (&["--node-limit", "2"], "node"),
        (&["--node-limit", "0"], "node"),
        (&["--algo", "mac", "--node-limit", "3"], "node"),
        (&["--algo", "mac", "--count", "--node-limit", "3"], "node"),
        // ac3 makes no guess: a search cut at depth 0.
        (&["--algo", "ac3"], "depth"),
    ];
    for (extra, limit) in cases {
        let args: Vec<&str> = open
            .iter()
            .chain(extra)
            .chain(&["--json"])
            .copied()
            .collect();
        let output = run(&args, None);
        assert_eq!(output.status.code(), Some(4), "{args:?}");
        let record = record(&output);
        assert_eq!(record["status"], "limit", "{args:?}");
        assert_eq!(record["limit"], limit, "{args:?}");
        let line = format!("{record}\n");
        let checked = run(&["check"], Some(line.as_bytes()));
        assert_eq!(
            checked.status.code(),
            Some(0),
            "{args:?}: {}",
            String::from_utf8_lossy(&checked.stderr)
        );
        // A limit the algorithm cannot meet, or none, is refused.
        for wrong in [serde_json::json!("memory"), serde_json::Value::Null] {
            let mut tampered = record.clone();
            tampered["limit"] = wrong.clone();
            let line = format!("{tampered}\n");
            let checked = run(&["check"], Some(line.as_bytes()));
            assert_eq!(
                checked.status.code(),
                Some(1),
                "{args:?} with limit {wrong}"
            );
        }
    }
    let time = run(
        &[
            "fill",
            "grids/xcsp-vg6-6x7.txt",
            "--time-limit",
            "0",
            "--json",
        ],
        None,
    );
    assert_eq!(record(&time)["limit"], "time");
}

#[test]
fn with_format_ipuz_stdout_is_the_ipuz_file_alone() {
    let stats = run(
        &[&SAMPLE[..], &["--format", "ipuz", "--stats"]].concat(),
        None,
    );
    assert_eq!(stats.status.code(), Some(0));
    let document: serde_json::Value = serde_json::from_slice(&stats.stdout)
        .unwrap_or_else(|error| panic!("stdout is not JSON: {error}"));
    assert_eq!(document["dimensions"]["width"], 5);
    let notes = String::from_utf8_lossy(&stats.stderr);
    assert!(notes.starts_with("stats: nodes "), "{notes}");
    // An unfilled grid: nothing on stdout, the reason on stderr.
    let unfillable = run(
        &[
            "fill",
            "slot-too-long.txt",
            "--words",
            "sample-words.txt",
            "--format",
            "ipuz",
            "--stats",
        ],
        None,
    );
    assert_eq!(unfillable.status.code(), Some(3));
    assert!(unfillable.stdout.is_empty());
    let notes = String::from_utf8_lossy(&unfillable.stderr);
    assert!(
        notes.starts_with("unfillable: no word of 7 letters"),
        "{notes}"
    );
    assert!(notes.contains("stats: nodes "), "{notes}");
    // --stats with --json is a usage error: the record has the stats.
    let json = run(&[&SAMPLE[..], &["--json", "--stats"]].concat(), None);
    assert_eq!(json.status.code(), Some(2));
}

#[test]
fn check_holds_json_records_to_the_template_given() {
    let filled = run(&[&SAMPLE[..], &["--json"]].concat(), None);
    assert_eq!(filled.status.code(), Some(0));
    let template = |path: &str| run(&["check", "--template", path], Some(&filled.stdout));
    let same = template("sample.txt");
    assert_eq!(
        same.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&same.stderr)
    );
    let other = template("slot-too-long.txt");
    assert_eq!(other.status.code(), Some(1));
    let message = String::from_utf8_lossy(&other.stderr);
    assert!(
        message.contains("the record's \"template\" is not --template's"),
        "{message}"
    );
}

#[test]
fn check_compares_every_field_of_the_entries_and_the_mean_score() {
    let filled = run(&[&SAMPLE[..], &["--json"]].concat(), None);
    let good = record(&filled);
    let line = format!("{good}\n");
    assert_eq!(
        run(&["check"], Some(line.as_bytes())).status.code(),
        Some(0)
    );
    // One case everywhere: the record's rows and answers are uppercase,
    // as the human view prints them...
    assert_eq!(good["solution"][0], "HOSES");
    assert_eq!(good["grid"][2], "#HIKE");
    assert_eq!(good["entries"][0]["answer"], "HOSES");
    // ...and check still reads a record written in lowercase.
    let lower = format!("{}\n", good.to_string().to_ascii_lowercase());
    let checked = run(&["check"], Some(lower.as_bytes()));
    assert_eq!(
        checked.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&checked.stderr)
    );
    let cases: [(&str, serde_json::Value, &str); 5] = [
        (
            "number",
            99.into(),
            "numbered 99 where the grid numbers it 1",
        ),
        (
            "direction",
            "sideways".into(),
            "direction 'sideways', expected 'across' or 'down'",
        ),
        (
            "col",
            0.into(),
            "no across entry of the grid starts at row 1, column 0",
        ),
        (
            "col",
            2.into(),
            "no across entry of the grid starts at row 1, column 2 (the grid's 1 across starts at row 1, column 1)",
        ),
        (
            "answer",
            "hosed".into(),
            "answer 'HOSED' where the grid reads 'HOSES'",
        ),
    ];
    for (field, value, expected) in cases {
        let mut tampered = good.clone();
        tampered["entries"][0][field] = value.clone();
        let line = format!("{tampered}\n");
        let checked = run(&["check"], Some(line.as_bytes()));
        assert_eq!(checked.status.code(), Some(1), "{field} = {value}");
        let message = String::from_utf8_lossy(&checked.stderr);
        assert!(message.contains(expected), "{field} = {value}: {message}");
    }
    let mut tampered = good.clone();
    tampered["mean_score"] = 60.0.into();
    let line = format!("{tampered}\n");
    let checked = run(&["check"], Some(line.as_bytes()));
    assert_eq!(checked.status.code(), Some(1));
    assert!(
        String::from_utf8_lossy(&checked.stderr)
            .contains("\"mean_score\" 60 where the words of the fill score 50 on average")
    );
}

#[test]
fn messages_name_the_line_and_column_or_the_byte_and_field() {
    let cases: [(&[u8], &str); 8] = [
        (
            b"...\n..\n",
            "<stdin>: line 2, column 3: ragged row: 2 cells where line 1 has 3",
        ),
        (
            b"\n\n",
            "<stdin>: line 3, column 1: empty grid: the input ends before any row",
        ),
        (
            b"..\n.\0\n",
            "<stdin>: line 2, column 2: a NUL byte (byte 4)",
        ),
        (
            b"xxACROSS&DOWN\0",
            "<stdin>: byte 14: the file ends inside its 52-byte header: expected the width at byte 44",
        ),
        (
            b"{\"dimensions\": {\"width\": 0, \"height\": 2}}",
            "<stdin>: line 1, column 26: ipuz: expected \"dimensions\": {\"width\": 1 to 255}, found 0",
        ),
        (
            b"##\n##\n",
            "<stdin>: line 1, column 1: no entry to fill: expected a run of two or more white cells across or down, the 2 x 2 grid that starts here has none",
        ),
        (
            b"{\"dimensions\": {\"width\": 1, \"height\": 1},\n \"puzzle\": [[0]]}",
            "<stdin>: line 2, column 12: no entry to fill: expected a run of two or more white cells across or down, the 1 x 1 grid that starts here has none",
        ),
        (
            b"\n\n#.\n",
            "<stdin>: line 3, column 1: no entry to fill: expected a run of two or more white cells across or down, the 1 x 2 grid that starts here has none",
        ),
    ];
    for (input, expected) in cases {
        let output = run(&["fill", "-", "--words", "sample-words.txt"], Some(input));
        assert_eq!(output.status.code(), Some(1), "{input:?}");
        let message = String::from_utf8_lossy(&output.stderr);
        assert!(message.contains(expected), "{input:?}: {message}");
    }
    let words = run(
        &["fill", "sample.txt", "--words", "-"],
        Some(b"abc\nabd;x\n"),
    );
    assert!(
        String::from_utf8_lossy(&words.stderr)
            .contains("-: line 2, column 5: expected an integer score after ';', found \"x\""),
        "{}",
        String::from_utf8_lossy(&words.stderr)
    );
    // Only the flag can empty the built-in list: a usage error.
    let scores = run(&["fill", "sample.txt", "--min-score", "91"], None);
    assert_eq!(scores.status.code(), Some(2));
}

#[test]
fn a_closed_stdout_ends_quietly_with_exit_0() {
    use std::io::{BufRead, BufReader, Write};
    // A 200 x 255 grid of two-letter entries: far more output than a pipe holds.
    let row = "..#".repeat(85);
    let template: String = (0..200)
        .map(|r| {
            if r % 2 == 0 {
                format!("{row}\n")
            } else {
                format!("{}\n", "#".repeat(255))
            }
        })
        .collect();
    let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("crossword-closed-stdout.txt");
    std::fs::write(&path, template).unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_crossword"))
        .args([
            "fill",
            path.to_str().unwrap(),
            "--words",
            "-",
            "--allow-repeats",
        ])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    input.write_all(b"ab\n").unwrap();
    drop(input);
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut first = String::new();
    stdout.read_line(&mut first).unwrap();
    assert!(first.starts_with("A B # A B"), "{first}");
    drop(stdout);
    let output = child.wait_with_output().unwrap();
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&output.stderr), "");
}

#[test]
fn the_library_displays_a_fill_as_the_command_line_does() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/crossword");
    let read = |name: &str| std::fs::read_to_string(dir.join(name)).unwrap();
    let words = crossword::WordList::parse(&read("sample-words.txt"), None).unwrap();
    let grid: crossword::Grid = read("sample.txt").parse().unwrap();
    let outcome = crossword::solve(&grid, &crossword::Options::default().words(words));
    let fill = outcome.solution.unwrap();
    let shown = run(&SAMPLE, None);
    // println! of the fill is the command line's view, byte for byte: one
    // case (uppercase), no blank line after it.
    assert_eq!(
        String::from_utf8_lossy(&shown.stdout),
        format!("{fill}\nunique: yes, no other fill from this list\n")
    );
    assert!(fill.grid.to_string().starts_with("H O S E S\n# # A # T\n"));
    assert!(!fill.to_string().ends_with('\n'));
}

#[test]
fn a_fill_says_whether_it_is_unique_and_a_count_does_not() {
    // The sample's fill is the only one: true, by every algorithm, and the
    // chosen algorithm's stats are its own.
    for algo in ["fast", "mac", "ac3"] {
        let filled = run(&[&SAMPLE[..], &["--json", "--algo", algo]].concat(), None);
        let record = record(&filled);
        assert_eq!(record["unique"], true, "{algo}");
        if algo == "ac3" {
            assert_eq!(record["stats"]["nodes"], 1);
        }
    }
    // The built-in list fills a mini grid many ways.
    let filled = run(&["fill", "grids/own-mini-5x5.txt", "--json"], None);
    assert_eq!(record(&filled)["unique"], false);
    let shown = run(&["fill", "grids/own-mini-5x5.txt", "--stats"], None);
    let text = String::from_utf8_lossy(&shown.stdout);
    assert!(
        text.contains("mean score")
            && text.contains("\nunique: no, the list fills it another way too\nstats: nodes "),
        "{text}"
    );
    // --count answers the question itself; ipuz holds no such field.
    let counted = run(&[&SAMPLE[..], &["--json", "--count"]].concat(), None);
    assert!(record(&counted).get("unique").is_none());
    let ipuz = run(&[&SAMPLE[..], &["--format", "ipuz"]].concat(), None);
    assert!(!String::from_utf8_lossy(&ipuz.stdout).contains("unique"));
    // A budget too small to decide: no field rather than a guess.
    let words = crossword::WordList::default_list(Some(60));
    let grid: crossword::Grid = std::fs::read_to_string(fixtures().join("grids/own-mini-5x5.txt"))
        .unwrap()
        .parse()
        .unwrap();
    let problem = crossword::Problem::new(grid, &words);
    let options = crossword::Options::default();
    assert_eq!(crossword::is_unique(&problem, &options, 1), None);
    assert_eq!(crossword::is_unique(&problem, &options, 1_000), Some(false));
}

#[test]
fn offensive_words_are_left_out_unless_allowed() {
    // CU.TS fills with CULTS alone from the built-in list; with
    // --allow-offensive the slur of data/offensive.txt is a second fill.
    let count = |extra: &[&str]| {
        let output = run(
            &[&["fill", "-", "--count", "--json"][..], extra].concat(),
            Some(b"cu.ts\n"),
        );
        assert_eq!(output.status.code(), Some(0));
        record(&output)
    };
    let clean = count(&[]);
    assert_eq!(clean["count"], 1);
    assert_eq!(clean["grid"][0], "CULTS");
    assert_eq!(count(&["--allow-offensive"])["count"], 2);
    // The library: Options::allow_offensive.
    let grid: crossword::Grid = "cu.ts\n".parse().unwrap();
    let count_with = |allow: bool| {
        crossword::solve(
            &grid,
            &crossword::Options::default()
                .allow_offensive(allow)
                .count_up_to(10),
        )
        .count
    };
    assert_eq!((count_with(false), count_with(true)), (1, 2));
    // A list given by the user is used as given.
    let given = crossword::WordList::parse("cunts\n", None).unwrap();
    let outcome = crossword::solve(&grid, &crossword::Options::default().words(given));
    assert_eq!(outcome.count, 1);
}
