//! The command line's contract: flags that do not apply are usage errors,
//! a batch's exit code follows the one precedence, check reports every
//! failure, a huge line is one invalid line.

use std::io::Write;
use std::process::{Command, Stdio};

/// Runs the binary with `stdin`; (exit code, stdout, stderr).
fn run(args: &[&str], stdin: &str) -> (i32, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_eight-puzzle"))
        .args(args)
        .current_dir(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../fixtures/eight-puzzle"
        ))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut input = child.stdin.take().expect("piped");
    // A child that exits before reading everything closes the pipe.
    let _ = input.write_all(stdin.as_bytes());
    drop(input);
    let output = child.wait_with_output().expect("the binary ends");
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

/// The JSON records of a run's stdout.
fn records(stdout: &str) -> Vec<serde_json::Value> {
    stdout
        .lines()
        .map(|line| serde_json::from_str(line).expect("a JSON line"))
        .collect()
}

#[test]
fn flags_that_do_not_apply_are_usage_errors() {
    for (args, message) in [
        (
            &[
                "solve",
                "142358607",
                "--algo",
                "bfs",
                "--heuristic",
                "manhattan",
            ][..],
            "--heuristic does not apply to bfs, which uses no heuristic",
        ),
        (
            &["solve", "142358607", "--seed", "3"],
            "--seed applies to --algo random only",
        ),
        (
            &["solve", "142358607", "--algo", "astar", "--seed", "3"],
            "--seed applies to --algo random only, not astar",
        ),
        (
            &[
                "solve",
                "142358607",
                "--algo",
                "idastar",
                "--cycle-check",
                "path",
            ],
            "--cycle-check does not apply to idastar",
        ),
        (
            &["batch", "hard.txt", "--cycle-check", "none"],
            "--cycle-check needs --algo",
        ),
        (
            &[
                "solve",
                "142358607",
                "--heuristic",
                "manhattan",
                "--pdb-cache",
                "x",
            ],
            "--pdb-cache applies to the pdb heuristic only",
        ),
        (
            &["solve", "142358607", "--heuristic", "pdb"],
            "the pdb heuristic is available for 4x4 boards only, this board is 3x3",
        ),
        (
            &["solve", "142358607", "--algo", "nope"],
            "invalid value 'nope'",
        ),
        (
            &["solve", "142358607", "--memory-limit", "4X"],
            "expected a size",
        ),
        (&["batch", "hard.txt", "--threads", "0"], "--threads"),
        // A shared flag that applies to no searcher: cli-kit's one message.
        (
            &["solve", "142358607", "--count"],
            "--count does not apply to --algo astar (to none)",
        ),
    ] {
        let (code, stdout, stderr) = run(args, "");
        assert_eq!(code, 2, "{args:?}: {stderr}");
        assert!(stderr.contains(message), "{args:?}: {stderr}");
        assert_eq!(stdout, "", "{args:?}");
    }
    // The same flags where they apply.
    for args in [
        &["solve", "142358607", "--algo", "random", "--seed", "3"][..],
        &[
            "solve",
            "142358607",
            "--algo",
            "dfs",
            "--cycle-check",
            "path",
        ],
        &[
            "solve",
            "142358607",
            "--algo",
            "greedy",
            "--heuristic",
            "misplaced",
        ],
    ] {
        assert_eq!(run(args, "").0, 0, "{args:?}");
    }
}

#[test]
fn a_batch_exits_by_the_one_precedence() {
    // 021345678 is unsolvable; 876041253 needs more than 50 states of bfs.
    let limit = [
        "batch",
        "-",
        "--algo",
        "bfs",
        "--node-limit",
        "50",
        "--json",
    ];
    let (code, stdout, stderr) = run(&limit, "021345678\n876041253\n");
    assert_eq!(code, 4, "{stderr}");
    let statuses: Vec<String> = records(&stdout)
        .iter()
        .map(|record| record["status"].as_str().unwrap_or("").to_owned())
        .collect();
    assert_eq!(statuses, ["unsolvable", "limit"]);
    let (code, stdout, _) = run(&limit, "021345678\n1423x8607\n876041253\n");
    assert_eq!(code, 1);
    assert_eq!(records(&stdout).len(), 3);
    assert_eq!(run(&limit, "021345678\n").0, 3);
    assert_eq!(run(&limit, "142305678\n").0, 0);
}

#[test]
fn a_node_limit_is_never_passed() {
    let (code, stdout, _) = run(
        &[
            "solve",
            "142358607",
            "--algo",
            "random",
            "--node-limit",
            "5",
            "--json",
        ],
        "",
    );
    assert_eq!(code, 4);
    let record = &records(&stdout)[0];
    assert_eq!(record["status"], "limit");
    assert_eq!(record["limit"], "node");
    let generated = record["stats"]["generated"].as_u64().expect("a count");
    assert!(generated <= 5, "{record}");
    assert_eq!(record["stats"]["nodes"], generated);
    assert!(record["num_tested"].as_u64().is_some());
}

#[test]
fn a_memory_limit_ends_the_search_with_status_limit() {
    let board = "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3";
    let args = ["solve", board, "--algo", "bfs", "--memory-limit", "1M"];
    let (code, stdout, stderr) = run(&args, "");
    assert_eq!(code, 4, "{stderr}");
    assert!(
        stdout.starts_with("memory limit reached before a solution, ")
            && stdout.contains("(raise --memory-limit, or try --algo greedy"),
        "{stdout}"
    );
    let (code, stdout, _) = run(&[&args[..], &["--json"]].concat(), "");
    assert_eq!(code, 4);
    assert_eq!(records(&stdout)[0]["limit"], "memory");
}

/// A budget too small for even the start's queue entry is the memory
/// limit, never the depth limit nor a search that found nothing (issue 17:
/// bfs under 1K said "limit": "depth"), for every searcher that holds
/// states, in the record and in the human view.
#[test]
fn a_memory_limit_refusing_the_start_is_named_memory() {
    for algo in ["bfs", "random", "greedy", "astar", "dfs"] {
        let args = ["solve", "876041253", "--algo", algo, "--memory-limit", "1K"];
        let (code, stdout, stderr) = run(&args, "");
        assert_eq!(code, 4, "{algo}: {stdout}{stderr}");
        assert!(
            stdout.starts_with("memory limit reached before a solution, "),
            "{algo}: {stdout}"
        );
        let (code, stdout, _) = run(&[&args[..], &["--json"]].concat(), "");
        assert_eq!(code, 4, "{algo}");
        let record = &records(&stdout)[0];
        assert_eq!(record["status"], "limit", "{algo}: {stdout}");
        assert_eq!(record["limit"], "memory", "{algo}: {stdout}");
    }
}

#[test]
fn threads_change_nothing_but_the_time() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../fixtures/eight-puzzle/batch-mixed.txt"
    ))
    .expect("fixture");
    let many = text.repeat(40);
    let (code, one, _) = run(&["batch", "-", "--threads", "1"], &many);
    assert_eq!(code, 1);
    let (code, two, _) = run(&["batch", "-", "--threads", "2"], &many);
    assert_eq!(code, 1);
    assert_eq!(one, two);
    assert!(one.ends_with("80 not solved: 40 invalid, 40 unsolvable, 0 limit reached\n"));
}

#[test]
fn check_reports_every_failure_on_stderr() {
    let stats = r#""stats":{"nodes":1,"micros":1}"#;
    let input = [
        format!(
            r#"{{"status":"solved","solution":"up left","board":"142305678","moves":["up","left"],"num_moves":2,{stats}}}"#
        ),
        format!(
            r#"{{"status":"solved","solution":"down","board":"142358607","moves":["down"],"num_moves":1,{stats}}}"#
        ),
        format!(r#"{{"status":"unsolvable","board":"142358607",{stats}}}"#),
        format!(
            r#"{{"status":"solved","solution":"up left","board":"142305678","moves":["up","left"],"num_moves":3,{stats}}}"#
        ),
        format!(r#"{{"status":"unsolvable","board":"021345678",{stats}}}"#),
    ]
    .join("\n");
    let (code, stdout, stderr) = run(&["check"], &input);
    assert_eq!(code, 1);
    assert_eq!(stdout, "");
    assert_eq!(
        stderr,
        "eight-puzzle check: line 2: move 1 (down) takes the blank off the board\n\
         eight-puzzle check: line 3: reported unsolvable but 142358607 can reach the goal\n\
         eight-puzzle check: line 4: num_moves is 3 but 2 moves are listed\n\
         eight-puzzle check: 3 of 5 records failed\n"
    );
}

#[test]
fn solve_check_round_trip() {
    let (code, stdout, _) = run(&["batch", "batch-mixed.txt", "--json"], "");
    assert_eq!(code, 1);
    let (code, checked, stderr) = run(&["check"], &stdout);
    assert_eq!((code, stderr.as_str()), (0, ""));
    assert_eq!(
        checked,
        "ok: 5 records checked: 3 solutions valid, 1 unsolvable claim confirmed, \
         1 with nothing to check\n"
    );
}

#[test]
fn a_huge_record_is_checked_at_once() {
    // A million tiles: not a board this program writes, refused as such
    // (not counted pair by pair).
    let tiles: Vec<String> = (0..1_000_000)
        .rev()
        .map(|tile: u32| tile.to_string())
        .collect();
    let record = format!(
        r#"{{"status":"unsolvable","board":"{}","stats":{{"nodes":0,"micros":0}}}}"#,
        tiles.join(",")
    );
    let (code, _, stderr) = run(&["check"], &record);
    assert_eq!(code, 1);
    assert!(
        stderr.contains("line 1: board: column 6888890: expected a square number of tiles"),
        "{stderr}"
    );
}

#[test]
fn a_line_far_too_long_is_one_invalid_line() {
    let huge = "1".repeat(30 << 20);
    let input = format!("142305678\n{huge}\n021345678\n");
    let (code, stdout, stderr) = run(&["batch", "-", "--json"], &input);
    assert_eq!(code, 1);
    let lines = records(&stdout);
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[0]["status"], "solved");
    assert_eq!(lines[1]["status"], "invalid");
    assert_eq!(lines[1]["line"], 2);
    assert_eq!(
        lines[1]["error"],
        "line 2, column 10001: 31457280 characters, longer than any puzzle (at most 10000)"
    );
    assert_eq!(lines[2]["status"], "unsolvable");
    assert!(
        stderr.contains("<stdin>: line 2, column 10001: 31457280 characters"),
        "{stderr}"
    );
    assert!(stderr.len() < 1000);
}

/// `--stats` with `--json` is a usage error, as in every binary: the
/// record's `stats` hold the counters (issue 17, item 9).
#[test]
fn stats_with_json_is_a_usage_error() {
    for args in [
        &["solve", "142358607", "--stats", "--json"][..],
        &["batch", "batch-mixed.txt", "--json", "--stats"],
    ] {
        let (code, stdout, stderr) = run(args, "");
        assert_eq!(code, 2, "{args:?}: {stdout}");
        assert!(stdout.is_empty(), "{args:?}: {stdout}");
        assert!(
            stderr.contains("'--stats' cannot be used with '--json'")
                || stderr.contains("'--json' cannot be used with '--stats'"),
            "{args:?}: {stderr}"
        );
    }
}

/// A closed stdout (`eight-puzzle batch big.txt | head -1`) ends the run
/// with exit 0 and nothing on stderr, whatever was left to write.
#[test]
fn a_closed_stdout_ends_quietly() {
    use std::io::{BufRead, BufReader};
    let path = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("eight-puzzle-closed.txt");
    std::fs::write(&path, "142358607\n876543210\n".repeat(20_000)).expect("a scratch file");
    for json in [false, true] {
        let mut args = vec![
            "batch",
            path.to_str().expect("UTF-8 path"),
            "--threads",
            "1",
        ];
        if json {
            args.push("--json");
        }
        let mut child = Command::new(env!("CARGO_BIN_EXE_eight-puzzle"))
            .args(&args)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the binary runs");
        let mut stdout = BufReader::new(child.stdout.take().expect("piped"));
        let mut first = String::new();
        stdout.read_line(&mut first).expect("a first line");
        assert!(first.contains("142358607"), "{first}");
        drop(stdout);
        let output = child.wait_with_output().expect("the binary ends");
        assert_eq!(output.status.code(), Some(0), "json {json}");
        assert_eq!(String::from_utf8_lossy(&output.stderr), "", "json {json}");
    }
    let _ = std::fs::remove_file(path);
}

/// Every message about a board names the line and the column of the
/// character at fault, on the rows of stdin that `solve` joins too, and a
/// wrong number of tiles where the board ends; an input with no board
/// names the file, as every binary's driver does.
#[test]
fn messages_name_the_line_and_column() {
    for (args, stdin, message) in [
        (
            &["solve"][..],
            "1 2 3\n  4 5 x\n6 7 8\n",
            "<stdin>: line 2, column 7: expected a tile number, found 'x'",
        ),
        (
            &["solve"],
            "1 2 3\n 4 5 6\n",
            "<stdin>: line 2, column 7: expected a square number of tiles",
        ),
        (
            &["solve", "-"],
            "  \n \n",
            "<stdin>: line 3, column 1: empty board, expected tiles",
        ),
        (
            &["batch", "-"],
            "142358607\n   1,2,3x\n",
            "<stdin>: line 2, column 9: expected a tile number, found '3x'",
        ),
        (
            &["batch", "-"],
            "  1 2 3 # three\n",
            "<stdin>: line 1, column 8: expected a square number of tiles (4, 9, 16, 25, ... up to 225), found 3",
        ),
        (
            &["batch", "-"],
            "# nothing\n\n   ",
            "<stdin>: line 3, column 4: no puzzle found before the end of the input, \
             expected one board per line (blank lines and text after # are skipped)",
        ),
    ] {
        let (code, _, stderr) = run(args, stdin);
        assert_eq!(code, 1, "{stdin:?}: {stderr}");
        assert!(stderr.contains(message), "{stdin:?}: {stderr}");
    }
}

/// The human stats line starts with the contract's `nodes N` (states
/// generated, the JSON record's `stats.nodes`), as every binary's does.
#[test]
fn the_stats_line_starts_with_nodes() {
    let (code, stdout, _) = run(&["solve", "142358607", "--stats"], "");
    assert_eq!(code, 0);
    let line = stdout.lines().last().expect("a stats line");
    assert!(line.starts_with("stats: nodes 12, expanded 5, "), "{line}");
    let (_, json, _) = run(&["solve", "142358607", "--json"], "");
    assert_eq!(records(&json)[0]["stats"]["nodes"], 12);
    let (_, stdout, _) = run(&["batch", "batch-mixed.txt", "--stats"], "");
    let solved = stdout
        .lines()
        .find(|line| line.contains("moves,"))
        .expect("a solved line");
    assert!(solved.contains("(stats: nodes "), "{solved}");
}

/// `solve`'s view ends with the moves on one line; `--summary` prints only
/// that line (and conflicts with `--json`).
#[test]
fn the_view_ends_with_the_moves_on_one_line_and_summary_prints_only_it() {
    let (code, stdout, _) = run(&["solve", "142358607"], "");
    assert_eq!(code, 0);
    assert!(stdout.starts_with("initial state:\n"), "{stdout}");
    assert!(
        stdout.ends_with("5 moves, 6 states tested\n5 moves: right up left up left\n"),
        "{stdout}"
    );
    let last = stdout.lines().last().expect("a last line").to_owned();
    let (code, summary, _) = run(&["solve", "142358607", "--summary"], "");
    assert_eq!((code, summary.clone()), (0, format!("{last}\n")));
    let (_, json, _) = run(&["solve", "142358607", "--json"], "");
    let moves = records(&json)[0]["solution"]
        .as_str()
        .expect("moves")
        .to_owned();
    assert_eq!(last, format!("5 moves: {moves}"));
    // 4x4 (the pattern databases take a while to build in a debug build:
    // Manhattan distances here): one line instead of every board.
    let fifteen = "4 1 2 3 5 0 6 7 8 9 10 11 12 13 14 15";
    let args = [
        "solve",
        fifteen,
        "--heuristic",
        "manhattan",
        "--summary",
        "--stats",
    ];
    let (code, summary, stderr) = run(&args, "");
    assert_eq!(code, 0, "{summary}{stderr}");
    let lines: Vec<&str> = summary.lines().collect();
    assert_eq!(lines.len(), 2, "{summary}");
    assert_eq!(lines[0], "2 moves: left up", "{summary}");
    assert!(lines[1].starts_with("stats: nodes "), "{summary}");
    // The board is the goal.
    let (_, summary, _) = run(&["solve", "012345678", "--summary"], "");
    assert_eq!(summary, "0 moves: the board is the goal\n");
    // Not solved: the one line that says why.
    let (code, summary, _) = run(&["solve", "021345678", "--summary"], "");
    assert_eq!(code, 3);
    assert_eq!(summary.lines().count(), 1, "{summary}");
    let (code, _, stderr) = run(&["solve", "142358607", "--summary", "--json"], "");
    assert_eq!(code, 2);
    assert!(stderr.contains("cannot be used with"), "{stderr}");
}

/// Options that do not fit a line of a batch make it an invalid line, with
/// the message `solve` gives as a usage error: the pdb heuristic on a 3x3
/// board is refused, not silently replaced.
#[test]
fn options_that_do_not_fit_a_line_make_it_invalid() {
    let message = "line 2: the pdb heuristic is available for 4x4 boards only, this board is 3x3";
    let boards = "1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15\n142358607\n";
    let (code, stdout, stderr) = run(
        &[
            "batch",
            "-",
            "--heuristic",
            "pdb",
            "--json",
            "--threads",
            "1",
        ],
        boards,
    );
    assert_eq!(code, 1, "{stderr}");
    assert!(stderr.contains(message), "{stderr}");
    let records = records(&stdout);
    assert_eq!(records.len(), 2, "{stdout}");
    // A 4x4 board the pdb fits (unsolvable, so that no database is built).
    assert_eq!(records[0]["status"], "unsolvable", "{stdout}");
    assert_eq!(records[0]["heuristic"], "pdb", "{stdout}");
    assert_eq!(records[1]["status"], "invalid", "{stdout}");
    assert_eq!(records[1]["error"], message, "{stdout}");
}

/// `--compare` on a batch: each board's table, headed by its line and
/// board, one after another; a board that cannot be read ends the run
/// (exit 1), its message naming the input.
#[test]
fn compare_on_a_batch_is_a_table_per_board() {
    let (code, stdout, stderr) = run(
        &["batch", "-", "--compare", "--node-limit", "100"],
        "142358607\n\n312045678\n14235860x\n",
    );
    assert_eq!(code, 1, "{stderr}");
    assert!(
        stderr.contains("<stdin>: line 4, column 9: expected a tile number, found 'x'"),
        "{stderr}"
    );
    let headings: Vec<&str> = stdout
        .lines()
        .filter(|line| line.starts_with("line "))
        .collect();
    assert_eq!(headings, ["line 1: 142358607", "line 3: 312045678"]);
    assert_eq!(
        stdout
            .matches("limits per run: 100 nodes, 10 s (--node-limit, --time-limit)")
            .count(),
        2,
        "{stdout}"
    );
}
