//! Command-line tests of the `ripple` binary: a huge line in a batch, the
//! batch exit precedence, flags that do not fit together, and `check` on
//! its records.

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn ripple(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_ripple"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(stdin.as_bytes())
        .expect("stdin written");
    child.wait_with_output().expect("the binary ends")
}

const URL: &str = "https://puzz.link/p?ripple/4/4/9n8rigk14h32k";

#[test]
fn a_huge_line_in_a_batch_is_invalid_with_its_length_and_the_rest_is_solved() {
    let huge = format!("{URL}{}", "g".repeat(3_000_000));
    let input = format!("{URL}\n{huge}\n{URL}\n");
    let output = ripple(&["solve", "--json"], &input);
    assert_eq!(output.status.code(), Some(1));
    let stdout = String::from_utf8(output.stdout).unwrap();
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 3);
    assert!(lines[0].contains("\"status\":\"solved\""));
    assert!(
        lines[1].contains("line 2, column 200001: 3000044 characters, longer than any puzzle"),
        "{}",
        lines[1]
    );
    assert!(lines[2].contains("\"status\":\"solved\""));
    assert!(stdout.len() < 2_000);
}

#[test]
fn a_batch_exits_by_the_one_precedence() {
    let unsolvable = "https://puzz.link/p?ripple/4/4/9n8rigk11h32k";
    let output = ripple(&["solve", "--json"], &format!("{URL}\n{unsolvable}\n"));
    assert_eq!(output.status.code(), Some(3));
    let output = ripple(
        &["solve", "--json"],
        &format!("{URL}\n{unsolvable}\nnot a url\n"),
    );
    assert_eq!(output.status.code(), Some(1));
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(
        stderr.contains("line 3, column 1: expected a puzz.link URL"),
        "{stderr}"
    );
}

#[test]
fn flags_that_do_not_fit_are_usage_errors() {
    for args in [
        &["solve", URL, "--limit", "3"][..],
        &["solve", URL, "--count", "--limit", "0"],
        &["solve", URL, "--count", "--limit", "-1"],
        &["solve", URL, "--json", "--stats"],
        &["solve", URL, "--json", "--to-url"],
        &["solve", URL, "--algo", "dfs"],
        &["generate", "--size", "5x5", "--json", "--format", "url"],
        &["generate", "--size", "ax5"],
        &["generate"],
    ] {
        let output = ripple(args, "");
        assert_eq!(output.status.code(), Some(2), "{args:?}");
    }
}

#[test]
fn hostile_inputs_never_panic() {
    let inputs = [
        "3 3\n",
        "1 1\n - \n|.|\n - \n",
        "1 1\n -\n|9|\n -\n",
        "99999999999999999999 3\n",
        "200 200\n",
        "size 1 1\nregions 1\n0\nclues\n0\n",
        "size 2 2\nregions 1\n0 0\n0 0\nclues\n. .\n. .\nsolution\n1 2\n",
        "pzprv3\nripple\n1\n1\n\n.\n",
        "pzprv3/ripple/2/2/",
        "ripple/1/1/",
        "ripple/0/0/",
        "https://puzz.link/p?ripple/3/3/+fff",
        "https://puzz.link/p?ripple/3/3/00-ff",
        "https://puzz.link/p?ripple/2/2/0a0",
        "https://puzz.link/p?ripple/65/1/00000000000000zzzj",
        "\u{feff}size 1 1\r\nregions 1\r\n0\r\nclues\r\n.\r\n",
        "4 4\n\u{e9}\u{e9}\u{e9}\n",
    ];
    for input in inputs {
        let output = ripple(&["solve", "--json", "--count"], input);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(!stderr.contains("panicked"), "{input:?}: {stderr}");
        assert!(
            matches!(output.status.code(), Some(0..=4)),
            "{input:?}: {stderr}"
        );
    }
}

/// `check` reads the records of `solve --json` (JSON records only): those
/// of all 50 fixture puzzles (digits above 9 included) pass; one digit
/// changed in a solution fails, and the human view is not read back.
#[test]
fn check_reads_the_records_of_every_fixture_puzzle() {
    let all = concat!(env!("CARGO_MANIFEST_DIR"), "/../../fixtures/ripple/all.txt");
    let solved = ripple(&["solve", all, "--count", "--json"], "");
    assert_eq!(solved.status.code(), Some(3), "one puzzle has no solution");
    let records = String::from_utf8(solved.stdout).unwrap();
    let checked = ripple(&["check"], &records);
    let stdout = String::from_utf8(checked.stdout).unwrap();
    assert_eq!(checked.status.code(), Some(0), "{stdout}");
    assert!(
        stdout.starts_with("ok: 50 records checked: 49 solutions valid"),
        "{stdout}"
    );
    // The first solution's first row starts with 1: a 9 there is larger
    // than its room (of 5 cells at most) can hold.
    let broken = records.replacen("\"solution\":[[1,", "\"solution\":[[9,", 1);
    assert_ne!(broken, records);
    let checked = ripple(&["check"], &broken);
    assert_eq!(checked.status.code(), Some(1));
    let view = String::from_utf8(ripple(&["solve", all, "--count"], "").stdout).unwrap();
    let checked = ripple(&["check"], &view);
    assert_eq!(checked.status.code(), Some(1));
    assert!(
        String::from_utf8_lossy(&checked.stderr).contains("not a solve record"),
        "{checked:?}"
    );
}

/// Grids one column (or one row) wide in every form and command: the
/// reader once took two cells one above the other for side-by-side
/// neighbours when a grid had one column, and aborted.
#[test]
fn one_column_and_one_row_grids_in_every_form_and_command() {
    let column = "https://puzz.link/p?ripple/1/2/0h";
    let output = ripple(&["solve", column, "--json", "--count"], "");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(0), "{stdout}");
    assert!(stdout.contains("\"count\":2"), "{stdout}");
    for format in ["pzprv3", "ascii", "normalised", "url"] {
        let converted = ripple(&["convert", column, "--format", format], "");
        assert_eq!(converted.status.code(), Some(0), "{format}");
        let text = String::from_utf8(converted.stdout).unwrap();
        let solved = ripple(&["solve", "--json", "--count"], &text);
        let records = String::from_utf8(solved.stdout).unwrap();
        assert_eq!(solved.status.code(), Some(0), "{format}: {text}");
        assert!(records.contains("\"count\":2"), "{format}: {records}");
        let checked = ripple(&["check"], &records);
        assert_eq!(checked.status.code(), Some(0), "{format}: {records}");
        let back = ripple(&["convert", "--format", "url"], &text);
        assert_eq!(
            String::from_utf8(back.stdout).unwrap(),
            format!("{column}\n")
        );
    }
    // The human view of one, and check of its record.
    let three = "https://puzz.link/p?ripple/1/3/0h1";
    let solved = ripple(&["solve", three], "");
    let view = String::from_utf8(solved.stdout).unwrap();
    assert!(view.contains("|2|\n\n|3|\n\n|1|\n"), "{view}");
    let records = String::from_utf8(ripple(&["solve", three, "--json"], "").stdout).unwrap();
    let checked = ripple(&["check"], &records);
    assert_eq!(checked.status.code(), Some(0), "{records}");
    // A batch with such a line loses none of the others.
    let batch = format!("{URL}\n{column}\n{URL}\n");
    let output = ripple(&["solve", "--json"], &batch);
    assert_eq!(output.status.code(), Some(0));
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert_eq!(
        stdout.matches("\"status\":\"solved\"").count(),
        3,
        "{stdout}"
    );
    // generate -> solve -> check for 1x1, 1x5, 5x1 and 7x1.
    for size in ["1x1", "1x5", "5x1", "7x1", "1x7"] {
        let generated = ripple(
            &[
                "generate",
                "--size",
                size,
                "--seed",
                "1",
                "--difficulty",
                "easy",
                "--format",
                "url",
            ],
            "",
        );
        assert_eq!(generated.status.code(), Some(0), "{size}");
        let text = String::from_utf8(generated.stdout).unwrap();
        let solved = ripple(&["solve", "--json", "--count"], &text);
        let records = String::from_utf8(solved.stdout).unwrap();
        assert_eq!(solved.status.code(), Some(0), "{size}: {text}");
        assert!(records.contains("\"count\":1,"), "{size}: {records}");
        let checked = ripple(&["check"], &records);
        assert_eq!(checked.status.code(), Some(0), "{size}: {records}");
    }
}

/// Text before `?ripple/` that is not a puzz.link or pzv.jp page is
/// invalid input, on the command line, in a file and in a batch.
#[test]
fn garbage_before_the_query_is_invalid_input() {
    let output = ripple(&["solve", "xx?ripple/5/4/ld8g2sug4g3u1"], "");
    assert_eq!(output.status.code(), Some(1));
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(
        stderr.contains("<command line>: line 1, column 1: expected a puzz.link"),
        "{stderr}"
    );
    let output = ripple(
        &["solve"],
        "htt\0ps://puzz.link/p?ripple/5/4/ld8g2sug4g3u1\n",
    );
    assert_eq!(output.status.code(), Some(1));
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(
        stderr.contains("line 1, column 4: expected a URL character"),
        "{stderr}"
    );
    let output = ripple(
        &["solve", "--json"],
        &format!("{URL}\nxx?ripple/5/4/ld8g2sug4g3u1\n"),
    );
    assert_eq!(output.status.code(), Some(1));
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert!(
        stdout.contains(
            r#""line":2,"status":"invalid","error":"line 2, column 1: expected a puzz.link"#
        ),
        "{stdout}"
    );
}

/// A batch of URLs whose first line is no puzzle: that line is one bad
/// item of the batch (numbered, located), every URL after it is solved.
#[test]
fn a_url_batch_whose_first_line_is_not_a_url_loses_no_line() {
    let good = "https://puzz.link/p?ripple/5/4/ld8g2sug4g3u1";
    let output = ripple(
        &["solve", "--json"],
        &format!("hello\n{good}\n  bye\n{good}\n"),
    );
    assert_eq!(output.status.code(), Some(1));
    let stdout = String::from_utf8(output.stdout).unwrap();
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 4, "{stdout}");
    assert!(
        lines[0].starts_with(
            r#"{"line":1,"status":"invalid","error":"line 1, column 1: expected a puzz.link URL"#
        ),
        "{}",
        lines[0]
    );
    assert!(
        lines[1].starts_with(r#"{"line":2,"status":"solved""#),
        "{}",
        lines[1]
    );
    assert!(
        lines[2].contains(r#""error":"line 3, column 3: expected a puzz.link URL"#),
        "{}",
        lines[2]
    );
    assert!(
        lines[3].starts_with(r#"{"line":4,"status":"solved""#),
        "{}",
        lines[3]
    );
    // A first line of another form still reads the whole input as that form.
    let output = ripple(&["solve", "--json"], &format!("5 4\n{good}\n"));
    assert_eq!(output.status.code(), Some(1));
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert_eq!(stdout.lines().count(), 1, "{stdout}");
}

/// A run stopped by the node limit says so: the record's "limit", the
/// human view's "node limit reached", and check reads the record back.
#[test]
fn a_limit_names_which_limit_in_records_views_and_check() {
    let hard = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../fixtures/ripple/puzzles/penpa-ripple1-10x10.txt"
    );
    let output = ripple(&["solve", hard, "--node-limit", "5", "--json"], "");
    assert_eq!(output.status.code(), Some(4));
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert!(
        stdout.starts_with(r#"{"status":"limit","limit":"node","#),
        "{stdout}"
    );
    let checked = ripple(&["check"], &stdout);
    assert_eq!(checked.status.code(), Some(0), "{stdout}");
    for flags in [&["--to-url"][..], &[]] {
        let output = ripple(
            &[&["solve", hard, "--node-limit", "5"][..], flags].concat(),
            "",
        );
        let view = String::from_utf8(output.stdout).unwrap();
        assert!(
            view.contains("node limit reached after 5 nodes before an answer\n"),
            "{view}"
        );
        // check reads JSON records only.
        let checked = ripple(&["check"], &view);
        assert_eq!(checked.status.code(), Some(1), "{view}");
    }
    let checked = ripple(&["check"], &stdout);
    let stdout = String::from_utf8(checked.stdout).unwrap();
    assert!(stdout.starts_with("ok: 1 record checked"), "{stdout}");
}

/// Every message of a bad input names a line and a column: an input with
/// no puzzle at its end, a line far too long where it passes the limit.
#[test]
fn messages_name_a_line_and_a_column() {
    for (input, expected) in [
        (
            "",
            "<stdin>: line 1, column 1: no puzzle found: expected a puzz.link URL",
        ),
        (
            "\n# only a comment\n",
            "<stdin>: line 3, column 1: no puzzle found",
        ),
        (
            "size 2 200\n",
            "<stdin>: line 1, column 8: a grid of 2 rows and 200 columns",
        ),
        (
            "3 3\n - - -\n|. . .|\n",
            "<stdin>: line 4, column 1: the size says 3 rows, 7 drawing lines but the input ends",
        ),
        (
            "pzprv3\nripple\n0\n4\n",
            "<stdin>: line 3, column 1: a grid of 0 rows",
        ),
        (
            "  https://puzz.link/p?ripple/5/4/ld8g2\n",
            "<stdin>: line 1, column 39: expected a wall digit",
        ),
    ] {
        for command in ["solve", "convert"] {
            let output = ripple(&[command], input);
            assert_eq!(output.status.code(), Some(1), "{input:?}");
            let stderr = String::from_utf8(output.stderr).unwrap();
            assert!(stderr.contains(expected), "{input:?}: {stderr}");
        }
    }
    let long = format!("# a comment\n{}\n", "x".repeat(300_000));
    let output = ripple(&["solve"], &long);
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(
        stderr.contains("line 2, column 200001: 300000 characters"),
        "{stderr}"
    );
}

/// Batches of mutated URLs, read as `solve` reads them: every bad line's
/// message starts with its own line and a column, none is lost.
#[test]
fn mutated_url_batches_keep_every_line_located() {
    let all = include_str!("../../../fixtures/ripple/all.txt");
    let urls: Vec<&str> = all
        .lines()
        .filter(|line| line.starts_with("http"))
        .collect();
    let mut state = 0x1234_5678_9abc_def1_u64;
    let mut next = move |bound: usize| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % bound.max(1) as u64) as usize
    };
    for _ in 0..300 {
        let mut text = String::new();
        let count = 1 + next(6);
        for _ in 0..count {
            let mut line: Vec<char> = urls[next(urls.len())].chars().collect();
            for _ in 0..next(3) {
                let at = next(line.len() + 1);
                match next(3) {
                    0 => line.insert(at, ['x', '!', ' ', '/', '?', '0'][next(6)]),
                    1 if at < line.len() => {
                        line.remove(at);
                    }
                    _ => line.truncate(at),
                }
            }
            text.extend(line);
            text.push('\n');
        }
        let items = <ripple::Puzzle as cli_kit::forms::Forms>::BATCH.items(&cli_kit::Input {
            name: "t".to_owned(),
            text: text.clone(),
        });
        let lines = text.lines().filter(|line| !line.trim().is_empty()).count();
        if items.iter().all(|item| item.line.is_some()) {
            assert_eq!(items.len(), lines, "{text:?}");
        }
        for item in &items {
            if let Err(message) = <ripple::Puzzle as cli_kit::forms::Forms>::read_form(item) {
                let prefix = match item.line {
                    Some(line) => format!("line {line}, column "),
                    None => "line ".to_owned(),
                };
                assert!(message.starts_with(&prefix), "{text:?}: {message}");
                assert!(message.contains(", column "), "{text:?}: {message}");
            }
        }
    }
}

/// The decided rule for a closed stdout (`solve big.txt | head -1`): the
/// run ends with exit 0 and nothing on stderr, for the records and for
/// the human view.
#[test]
fn a_closed_stdout_ends_quietly_with_exit_0() {
    use std::io::Read;
    for flags in [&["--json"][..], &[]] {
        let batch = format!("{URL}\n").repeat(20_000);
        let mut child = Command::new(env!("CARGO_BIN_EXE_ripple"))
            .args([&["solve", "--threads", "2"][..], flags].concat())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the binary starts");
        let mut input = child.stdin.take().expect("stdin is piped");
        let writer = std::thread::spawn(move || {
            let _ = input.write_all(batch.as_bytes());
        });
        let mut stdout = child.stdout.take().expect("stdout is piped");
        let mut first = Vec::new();
        let mut byte = [0u8; 1];
        while stdout.read(&mut byte).expect("stdout reads") == 1 && byte[0] != b'\n' {
            first.push(byte[0]);
        }
        assert!(!first.is_empty(), "{flags:?}");
        drop(stdout);
        let output = child.wait_with_output().expect("the binary ends");
        writer.join().expect("the writer ends");
        assert_eq!(output.status.code(), Some(0), "{flags:?}");
        assert_eq!(String::from_utf8_lossy(&output.stderr), "", "{flags:?}");
    }
}

#[test]
fn a_solved_puzzle_says_whether_its_solution_is_unique_and_check_reads_it() {
    // Unique: the line under the drawing, and "unique": true in JSON.
    let output = ripple(&["solve", URL], "");
    assert_eq!(output.status.code(), Some(0));
    let human = String::from_utf8(output.stdout).unwrap();
    assert!(human.ends_with("\nunique: yes\n"), "{human}");
    let json = String::from_utf8(ripple(&["solve", URL, "--json"], "").stdout).unwrap();
    assert!(json.contains("\"unique\":true"), "{json}");
    assert_eq!(ripple(&["check"], &json).status.code(), Some(0));
    // Two solutions: solved, and said not to be unique.
    let two = "https://puzz.link/p?ripple/7/7/nblom94qgs01vu8fsg12i45v145i3i3h5g1g2n";
    let human = String::from_utf8(ripple(&["solve", two], "").stdout).unwrap();
    assert!(
        human.ends_with("\nunique: no, the puzzle has another solution\n"),
        "{human}"
    );
    let json = String::from_utf8(ripple(&["solve", two, "--json"], "").stdout).unwrap();
    assert!(json.contains("\"unique\":false"), "{json}");
    // A count tells it already: no "unique".
    let json = String::from_utf8(ripple(&["solve", URL, "--json", "--count"], "").stdout).unwrap();
    assert!(!json.contains("unique"), "{json}");
    // The chosen algorithm's stats stay its own: the recursive calls counter is the
    // same as before the count to 2 was added.
    let json =
        String::from_utf8(ripple(&["solve", URL, "--json", "--algo", "brute"], "").stdout).unwrap();
    assert!(json.contains("\"unique\":true"), "{json}");
    let counted_stats = String::from_utf8(
        ripple(
            &[
                "solve", URL, "--json", "--algo", "brute", "--count", "--limit", "1",
            ],
            "",
        )
        .stdout,
    )
    .unwrap();
    let calls = |line: &str| {
        line.split("\"recursive_calls\":")
            .nth(1)
            .map(|rest| rest.split([',', '}']).next().unwrap().to_owned())
    };
    assert_eq!(calls(&json), calls(&counted_stats));
    // A node limit the count to 2 passes leaves it unknown.
    let big = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../fixtures/ripple/puzzles/penpa-ripple1-10x10.txt"
    ))
    .unwrap();
    // (the first solution takes 18 nodes, the proof 19)
    let output = ripple(&["solve", "--node-limit", "18"], &big);
    assert_eq!(output.status.code(), Some(0));
    let human = String::from_utf8(output.stdout).unwrap();
    assert!(
        human.ends_with("\nunique: unknown, the node limit stopped the count to 2\n"),
        "{human}"
    );
    let json =
        String::from_utf8(ripple(&["solve", "--node-limit", "18", "--json"], &big).stdout).unwrap();
    assert!(
        json.contains("\"status\":\"solved\"") && !json.contains("unique"),
        "{json}"
    );
    // check refuses "unique" beside a count or under another status.
    let tampered = r#"{"status":"unsolvable","unique":true,"puzzle":"https://puzz.link/p?ripple/4/4/9n8rigk14h32k","stats":{"nodes":1,"micros":1}}"#;
    let checked = ripple(&["check"], tampered);
    assert_eq!(checked.status.code(), Some(1));
    let said = format!(
        "{}{}",
        String::from_utf8_lossy(&checked.stdout),
        String::from_utf8_lossy(&checked.stderr)
    );
    assert!(
        said.contains("status \"unsolvable\" with \"unique\""),
        "{said}"
    );
}

#[test]
fn generate_stops_at_its_time_limit_with_status_limit() {
    let started = std::time::Instant::now();
    let args = [
        "generate",
        "--size",
        "30x30",
        "--difficulty",
        "easy",
        "--seed",
        "1",
        "--time-limit",
        "0.3",
    ];
    let output = ripple(&args, "");
    assert!(started.elapsed() < std::time::Duration::from_secs(10));
    assert_eq!(output.status.code(), Some(4), "{output:?}");
    assert!(output.stdout.is_empty());
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(
        stderr.starts_with("ripple: no easy 30x30 puzzle found within the time limit of 0.3 s ("),
        "{stderr}"
    );
    // Not a terminal: no progress line.
    assert!(!stderr.contains('\r'), "{stderr:?}");
    let output = ripple(&[&args[..], &["--json"]].concat(), "");
    assert_eq!(output.status.code(), Some(4));
    let json = String::from_utf8(output.stdout).unwrap();
    assert!(
        json.starts_with(r#"{"status":"limit","limit":"time","difficulty":"easy","seed":1,"#),
        "{json}"
    );
    assert_eq!(ripple(&["check"], &json).status.code(), Some(0));
    // In time: the same puzzle as without a limit.
    let quick = ["generate", "--size", "6x6", "--seed", "7", "--json"];
    let limited = ripple(&[&quick[..], &["--time-limit", "30"]].concat(), "");
    assert_eq!(limited.status.code(), Some(0));
    let plain = String::from_utf8(ripple(&quick, "").stdout).unwrap();
    let strip = |text: &str| text.split("\"stats\"").next().unwrap().to_owned();
    assert_eq!(
        strip(&String::from_utf8(limited.stdout).unwrap()),
        strip(&plain)
    );
}

#[test]
fn solve_takes_a_time_limit_for_every_algorithm() {
    for algo in ["fast", "csp", "mrv", "brute"] {
        let big = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../fixtures/ripple/puzzles/noqx-13x13.txt"
        );
        let output = ripple(
            &[
                "solve",
                big,
                "--algo",
                algo,
                "--count",
                "--limit",
                "1000000",
                "--time-limit",
                "0",
                "--json",
            ],
            "",
        );
        assert_eq!(output.status.code(), Some(4), "{algo}: {output:?}");
        let json = String::from_utf8(output.stdout).unwrap();
        assert!(
            json.contains(r#""status":"limit","limit":"time""#),
            "{algo}: {json}"
        );
        assert!(json.contains(r#""count_complete":false"#), "{algo}: {json}");
    }
    let output = ripple(&["solve", URL, "--time-limit", "soon"], "");
    assert_eq!(output.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&output.stderr)
            .contains("expected a number of seconds, found 'soon'")
    );
}
