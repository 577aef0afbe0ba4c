//! The `sudoku` binary's contract: flags that do not apply are usage errors,
//! a batch's exit code follows the one precedence, a line far longer than
//! any puzzle costs only its own record, a count cut off by a limit is not
//! an answer, and `check` reads back what `solve` wrote.

use std::io::Write;
use std::process::{Command, Output, Stdio};

use serde_json::Value;

const WIKI: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
/// The first of forum hardest 1106: a node limit of 3 stops it.
const HARD: &str =
    "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3";
/// The top-left cell sees 1-8 in its row and the 9 below it.
const UNSOLVABLE: &str =
    ".123456789.......................................................................";
/// The fuzzing probe's puzzle: 34,244 solutions.
const MANY: &str =
    "....................8....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

/// Runs `sudoku args` with `stdin`.
fn sudoku(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_sudoku"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    let mut input = child.stdin.take().expect("stdin is piped");
    // A usage error ends the binary before it reads its input, which makes
    // this write fail with a closed pipe: the exit code tells.
    let _ = input.write_all(stdin.as_bytes());
    drop(input);
    child.wait_with_output().expect("the binary ends")
}

/// The JSON records on stdout.
fn records(output: &Output) -> Vec<Value> {
    String::from_utf8_lossy(&output.stdout)
        .lines()
        .map(|line| serde_json::from_str(line).expect("a JSON record"))
        .collect()
}

#[test]
fn flags_that_do_not_apply_are_usage_errors() {
    let input = format!("{WIKI}\n");
    let rejected: [&[&str]; 8] = [
        &["solve", "--frontier-limit", "10"],
        &["solve", "--algo", "csp", "--frontier-limit", "10"],
        &["solve", "--algo", "dfs", "--memory-limit", "1G"],
        &["solve", "--memory-limit", "1G"],
        &["solve", "--limit", "5"],
        &["solve", "--json", "--pretty"],
        &["solve", "--json", "--stats"],
        &["solve", "--algo", "bfs", "--memory-limit", "4X"],
    ];
    for args in rejected {
        let output = sudoku(args, &input);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(output.stdout.is_empty(), "{args:?}");
    }
    let accepted: [&[&str]; 5] = [
        &["solve", "--algo", "bfs", "--frontier-limit", "100000"],
        &["solve", "--algo", "bfs", "--memory-limit", "1G"],
        &["solve", "--algo", "csp", "--memory-limit", "1G"],
        &["solve", "--count", "--limit", "5"],
        &["solve", "--algo", "fast", "--node-limit", "1000"],
    ];
    for args in accepted {
        assert_eq!(sudoku(args, &input).status.code(), Some(0), "{args:?}");
    }
}

#[test]
fn the_help_names_every_limit_and_a_time_limit_stops_any_algorithm() {
    let help = String::from_utf8(sudoku(&["solve", "--help"], "").stdout).unwrap();
    assert!(
        help.contains("4 a node, time, frontier or memory limit was reached"),
        "{help}"
    );
    let empty = format!("{}\n", ".".repeat(81));
    for algo in ["fast", "csp", "dfs"] {
        let args = [
            "solve",
            "--algo",
            algo,
            "--count",
            "--limit",
            "1000000000000",
            "--time-limit",
            "0.05",
            "--json",
        ];
        let output = sudoku(&args, &empty);
        assert_eq!(output.status.code(), Some(4), "{algo}");
        let record = String::from_utf8(output.stdout).unwrap();
        assert!(record.contains(r#""limit":"time""#), "{algo}: {record}");
        // check accepts a time limit of any algorithm.
        let checked = sudoku(&["check"], &record);
        assert_eq!(checked.status.code(), Some(0), "{algo}: {checked:?}");
    }
    let output = sudoku(&["solve", "--time-limit", "soon"], &empty);
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn a_puzzle_given_as_the_argument_is_solved_and_a_bad_one_says_both_were_tried() {
    let puzzle =
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
    let output = sudoku(&["solve", puzzle, "--json"], "");
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    let record = String::from_utf8(output.stdout).unwrap();
    assert!(
        record.contains(&format!(r#""puzzle":"{puzzle}""#)),
        "{record}"
    );
    assert!(record.contains(r#""status":"solved""#), "{record}");
    // A file of that name would win; none exists, nor is this a puzzle.
    let output = sudoku(&["solve", "puzzels.txt"], "");
    assert_eq!(output.status.code(), Some(1));
    let message = String::from_utf8(output.stderr).unwrap();
    assert_eq!(
        message.trim_end(),
        "sudoku: 'puzzels.txt' is neither a file (there is none of that name) nor a puzzle \
         (line 1, column 12: 11 cells, expected 81 for a one-line puzzle (16, 256 or 625 for \
         other sizes) or a grid row of 4, 9, 16 or 25)"
    );
    // A puzzle with a typo is located in the argument.
    let typo = puzzle.replacen('3', "x", 1);
    let message = String::from_utf8(sudoku(&["solve", &typo], "").stderr).unwrap();
    assert!(
        message.contains("line 1, column 5: expected a digit"),
        "{message}"
    );
}

#[test]
fn at_a_terminal_without_input_solve_says_it_waits_for_puzzles() {
    // `script` gives the binary a terminal for stdin; its end of input
    // (Ctrl-D) ends the wait.
    let binary = env!("CARGO_BIN_EXE_sudoku");
    let Ok(output) = Command::new("script")
        .args(["-qec", &format!("{binary} solve"), "/dev/null"])
        .stdin(Stdio::null())
        .output()
    else {
        return; // no `script` here
    };
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(
        text.contains("reading puzzles from stdin") && text.contains("Ctrl-D"),
        "{text}"
    );
    // Piped, nothing is said.
    let piped = sudoku(&["solve"], &format!("{}\n", ".".repeat(81)));
    assert!(piped.stderr.is_empty());
}

#[test]
fn at_a_terminal_the_givens_are_bold_unless_no_color() {
    let binary = env!("CARGO_BIN_EXE_sudoku");
    let puzzle =
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
    let run = |no_color: &str| {
        Command::new("script")
            .args(["-qec", &format!("{binary} solve {puzzle}"), "/dev/null"])
            .env("NO_COLOR", no_color)
            .stdin(Stdio::null())
            .output()
            .ok()
            .map(|output| String::from_utf8_lossy(&output.stdout).into_owned())
    };
    let Some(bold) = run("") else {
        return; // no `script` here
    };
    assert!(bold.starts_with("\x1b[1m4\x1b[0m "), "{bold:?}");
    let plain = run("1").expect("script ran");
    assert!(
        !plain.contains('\x1b') && plain.starts_with("4 "),
        "{plain:?}"
    );
    // Piped: never.
    let piped = sudoku(&["solve", puzzle], "");
    assert!(!String::from_utf8(piped.stdout).unwrap().contains('\x1b'));
}

#[test]
fn a_batch_exits_by_the_one_precedence() {
    let limited = ["solve", "--node-limit", "3", "--json"];
    let output = sudoku(&limited, &format!("{UNSOLVABLE}\n{HARD}\n"));
    let statuses: Vec<Value> = records(&output)
        .iter()
        .map(|record| record["status"].clone())
        .collect();
    assert_eq!(statuses, ["unsolvable", "limit"]);
    assert_eq!(output.status.code(), Some(4));
    let output = sudoku(&limited, &format!("{UNSOLVABLE}\n12345\n{HARD}\n"));
    assert_eq!(records(&output)[1]["status"], "invalid");
    assert_eq!(output.status.code(), Some(1));
}

#[test]
fn a_line_far_longer_than_any_puzzle_is_invalid_and_the_next_still_solves() {
    let length = 50 << 20;
    let input = format!("{}\n{WIKI}\n", "1".repeat(length));
    let output = sudoku(&["solve", "--json"], &input);
    assert_eq!(output.status.code(), Some(1));
    let records = records(&output);
    assert_eq!(records.len(), 2);
    assert_eq!(records[0]["line"], 1);
    assert_eq!(records[0]["status"], "invalid");
    let error = records[0]["error"].as_str().expect("an error message");
    assert!(
        error.starts_with(&format!(
            "line 1, column 10001: {length} characters, longer than any puzzle"
        )),
        "{error}"
    );
    assert!(records[0]["puzzle"].as_str().expect("the puzzle").len() < 200);
    assert_eq!(records[1]["line"], 2);
    assert_eq!(records[1]["status"], "solved");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains(&format!("line 1, column 10001: {length} characters")),
        "{stderr}"
    );
}

#[test]
fn a_count_cut_off_by_the_node_limit_is_a_limit_with_a_lower_bound() {
    for algo in ["fast", "csp", "dfs", "bfs"] {
        let args = [
            "solve",
            "--count",
            "--limit",
            "100000",
            "--node-limit",
            "200",
            "--json",
            "--algo",
            algo,
        ];
        let output = sudoku(&args, &format!("{MANY}\n"));
        assert_eq!(output.status.code(), Some(4), "{algo}");
        let record = &records(&output)[0];
        assert_eq!(record["status"], "limit", "{algo}");
        assert_eq!(record["limit"], "node", "{algo}");
        assert_eq!(record["count_complete"], false, "{algo}");
        assert!(
            record["count"].as_u64().expect("a count") < 34_244,
            "{algo}"
        );
        assert_eq!(record["stats"]["nodes"], 200, "{algo}");
        assert!(record.get("solution").is_none(), "{algo}");
    }
    let output = sudoku(
        &[
            "solve",
            "--count",
            "--limit",
            "100000",
            "--node-limit",
            "200",
        ],
        &format!("{MANY}\n"),
    );
    assert_eq!(
        String::from_utf8_lossy(&output.stdout),
        "node limit reached before an answer\nsolutions: 94 found before the node limit\n"
    );
}

#[test]
fn check_reads_back_what_solve_wrote_and_confirms_unsolvable_claims() {
    let input = format!("{WIKI}\n{UNSOLVABLE}\n{HARD}\nxyz\n");
    let solved = sudoku(&["solve", "--json", "--count"], &input);
    assert_eq!(solved.status.code(), Some(1));
    let checked = sudoku(&["check"], &String::from_utf8_lossy(&solved.stdout));
    assert_eq!(checked.status.code(), Some(0));
    assert_eq!(
        String::from_utf8_lossy(&checked.stdout),
        "ok: 4 records checked: 2 solutions valid, 1 unsolvable claim confirmed, \
         1 with nothing to check\n"
    );
}

#[test]
fn check_reports_every_wrong_claim() {
    let stats = r#""stats":{"nodes":1,"micros":1}"#;
    let records = [
        // A limit whose count says it is complete.
        format!(
            r#"{{"line":1,"status":"limit","limit":"node","puzzle":"{MANY}","count":92,"count_complete":true,{stats}}}"#
        ),
        // "unsolvable" for a puzzle that has a solution.
        format!(r#"{{"line":2,"status":"unsolvable","puzzle":"{WIKI}",{stats}}}"#),
        // Solved with a count of 0.
        format!(
            r#"{{"line":3,"status":"solved","puzzle":"{WIKI}","solution":"534678912672195348198342567859761423426853791713924856961537284287419635345286179","count":0,"count_complete":true,{stats}}}"#
        ),
        // Right.
        format!(r#"{{"line":4,"status":"unsolvable","puzzle":"{UNSOLVABLE}",{stats}}}"#),
    ];
    let output = sudoku(&["check"], &records.join("\n"));
    assert_eq!(output.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&output.stderr);
    let lines: Vec<&str> = stderr.lines().collect();
    assert_eq!(
        lines,
        [
            "sudoku check: line 1: (puzzle of input line 1) status \"limit\" with a count said to be complete",
            "sudoku check: line 2: (puzzle of input line 2) claimed unsolvable, but the puzzle has a solution",
            "sudoku check: line 3: (puzzle of input line 3) solved with a count of 0",
            "sudoku check: 3 of 4 records failed",
        ]
    );
}

/// A budget that refused a board is a limit naming that budget, never
/// "unsolvable", and never a complete count: BFS under `--memory-limit 1K`
/// used to call every puzzle unsolvable (its start board did not fit, and
/// the empty frontier read as a searched space).
#[test]
fn a_refused_budget_is_a_limit_that_names_it_for_every_algorithm() {
    let input = format!("{WIKI}\n{HARD}\n");
    let budgets: [(&[&str], &str, &[&str]); 4] = [
        (&["--memory-limit", "1K"], "memory", &["csp", "bfs"]),
        (&["--memory-limit", "1"], "memory", &["csp", "bfs"]),
        (&["--memory-limit", "1M"], "memory", &["csp", "bfs"]),
        (
            &["--node-limit", "1"],
            "node",
            &["fast", "csp", "dfs", "bfs"],
        ),
    ];
    for (flags, which, algos) in budgets {
        for algo in algos {
            for count in [false, true] {
                let mut args = vec!["solve", "--json", "--algo", algo];
                args.extend_from_slice(flags);
                if count {
                    args.push("--count");
                }
                let output = sudoku(&args, &input);
                let records = records(&output);
                assert_eq!(records.len(), 2, "{args:?}");
                let mut limited = false;
                for record in &records {
                    match record["status"].as_str() {
                        Some("solved") => assert!(record.get("limit").is_none(), "{args:?}"),
                        Some("limit") => {
                            limited = true;
                            assert_eq!(record["limit"], which, "{args:?}");
                            if count {
                                assert_eq!(record["count_complete"], false, "{args:?}");
                            }
                        }
                        status => panic!("{args:?}: status {status:?} for a solvable puzzle"),
                    }
                }
                let exit = if limited { 4 } else { 0 };
                assert_eq!(output.status.code(), Some(exit), "{args:?}");
            }
        }
    }
    // The issue's own case, every line of the fixture.
    let known = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../fixtures/sudoku/known.txt"
    );
    let args = [
        "solve",
        known,
        "--algo",
        "bfs",
        "--memory-limit",
        "1K",
        "--json",
        "--count",
    ];
    let output = sudoku(&args, "");
    assert_eq!(output.status.code(), Some(4));
    for record in records(&output) {
        assert_eq!(
            (
                &record["status"],
                &record["limit"],
                &record["count_complete"]
            ),
            (
                &Value::from("limit"),
                &Value::from("memory"),
                &Value::from(false)
            )
        );
    }
}

/// `check` reads a record's `puzzle` as `solve` reads a one-line puzzle,
/// no more loosely: a space inside (82 characters) is not a puzzle.
#[test]
fn check_reads_the_puzzle_exactly_as_solve_does() {
    let spaced = format!("{} {}", &WIKI[..40], &WIKI[40..]);
    let solution =
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
    let record = format!(
        r#"{{"line":1,"status":"solved","solution":"{solution}","puzzle":"{spaced}","algo":"fast","stats":{{"nodes":1,"micros":1}}}}"#
    );
    let checked = sudoku(&["check"], &record);
    assert_eq!(checked.status.code(), Some(1));
    assert!(
        String::from_utf8_lossy(&checked.stderr).contains(
            "puzzle is not valid: line 1, column 41: expected a digit 1-9 or '.' or '0', found ' '"
        ),
        "{}",
        String::from_utf8_lossy(&checked.stderr)
    );
    let solved = sudoku(&["solve", "--json"], &format!("{spaced}\n"));
    assert_eq!(solved.status.code(), Some(1));
    assert_eq!(records(&solved)[0]["status"], "invalid");
}

/// An input without any puzzle names the input, where its text ends and
/// what was expected there.
#[test]
fn an_input_without_a_puzzle_names_the_input_and_its_end() {
    let output = sudoku(&["solve"], "# only a comment\n\n");
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&output.stderr),
        "sudoku: <stdin>: line 3, column 1: no puzzle found before the end of the text, \
         expected a one-line puzzle (16, 81, 256 or 625 cells) or a grid of 4, 9, 16 or 25 rows\n"
    );
}

/// The decided rule for a closed stdout (`solve big.txt | head -1`): the
/// run ends with exit 0 and nothing on stderr.
#[test]
fn a_closed_stdout_ends_quietly_with_exit_0() {
    use std::io::Read;
    let batch = format!("{WIKI}\n").repeat(20_000);
    let mut child = Command::new(env!("CARGO_BIN_EXE_sudoku"))
        .args(["solve", "--json", "--threads", "2"])
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
    assert!(String::from_utf8_lossy(&first).contains("\"status\":\"solved\""));
    drop(stdout);
    let output = child.wait_with_output().expect("the binary ends");
    writer.join().expect("the writer ends");
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&output.stderr), "");
}

/// `check` reads JSON records only (issue 30): the records of `solve
/// --json` pass, the human view is refused with cli-kit's message.
#[test]
fn check_reads_json_records_only() {
    let puzzle =
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
    for args in [
        &["solve", puzzle, "--json"][..],
        &["solve", puzzle, "--json", "--count"],
    ] {
        let records = sudoku(args, "").stdout;
        let checked = sudoku(&["check"], std::str::from_utf8(&records).unwrap());
        assert_eq!(checked.status.code(), Some(0), "{args:?}: {checked:?}");
        assert_eq!(
            String::from_utf8(checked.stdout).unwrap(),
            "ok: 1 record checked: 1 solution valid\n"
        );
    }
    let view = String::from_utf8(sudoku(&["solve", puzzle], "").stdout).unwrap();
    let checked = sudoku(&["check"], &view);
    assert_eq!(checked.status.code(), Some(1));
    let message = String::from_utf8(checked.stderr).unwrap();
    assert!(message.starts_with("sudoku check: line 1: "), "{message}");
}

#[test]
fn svg_writes_one_file_or_a_folder_of_line_numbers() {
    let folder = std::env::temp_dir().join(format!("sudoku-svg-test-{}", std::process::id()));
    let single = folder.join("one.svg");
    std::fs::create_dir_all(&folder).expect("a temporary folder");
    let output = sudoku(&["solve", "--svg", single.to_str().expect("utf-8")], WIKI);
    assert_eq!(output.status.code(), Some(0));
    let svg = std::fs::read_to_string(&single).expect("the picture");
    assert!(svg.starts_with("<svg") && svg.matches("font-weight=\"bold\"").count() == 30);

    let batch = folder.join("batch");
    let input = format!("# a comment\n{WIKI}\n{UNSOLVABLE}\nnot a puzzle\n");
    let output = sudoku(&["solve", "--svg", batch.to_str().expect("utf-8")], &input);
    assert_eq!(
        output.status.code(),
        Some(1),
        "the bad line makes it exit 1"
    );
    let mut written: Vec<String> = std::fs::read_dir(&batch)
        .expect("the folder")
        .map(|entry| {
            entry
                .expect("an entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    written.sort();
    assert_eq!(
        written,
        ["2.svg", "3.svg"],
        "no picture for the line that is no puzzle"
    );
    let unsolvable = std::fs::read_to_string(batch.join("3.svg")).expect("the picture");
    assert!(unsolvable.contains(">unsolvable</text>"));
    std::fs::remove_dir_all(&folder).expect("cleaned up");
}
