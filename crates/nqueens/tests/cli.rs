//! The `nqueens` binary end to end: human views as insta snapshots, exit
//! codes, JSON fields, and the checker on solve's own output.

use std::io::Write;
use std::process::{Command, Stdio};

struct Run {
    code: i32,
    stdout: String,
    stderr: String,
}

fn nqueens(args: &[&str], stdin: &str) -> Run {
    let mut child = Command::new(env!("CARGO_BIN_EXE_nqueens"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    child
        .stdin
        .take()
        .expect("piped")
        .write_all(stdin.as_bytes())
        .expect("stdin accepted");
    let output = child.wait_with_output().expect("the binary finishes");
    Run {
        code: output.status.code().expect("not killed by a signal"),
        stdout: String::from_utf8(output.stdout).expect("UTF-8 stdout"),
        stderr: String::from_utf8(output.stderr).expect("UTF-8 stderr"),
    }
}

fn json(run: &Run) -> serde_json::Value {
    serde_json::from_str(run.stdout.trim()).expect("one JSON line")
}

#[test]
fn board_view_for_8() {
    let run = nqueens(&["solve", "8"], "");
    assert_eq!(run.code, 0);
    insta::assert_snapshot!(run.stdout);
}

#[test]
fn board_view_for_4() {
    let run = nqueens(&["solve", "4"], "");
    assert_eq!(run.code, 0);
    insta::assert_snapshot!(run.stdout);
}

#[test]
fn column_list_view_for_40() {
    let run = nqueens(&["solve", "40"], "");
    assert_eq!(run.code, 0);
    insta::assert_snapshot!(run.stdout);
}

#[test]
fn min_conflicts_board_for_12() {
    let run = nqueens(
        &["solve", "12", "--algo", "min-conflicts", "--seed", "3"],
        "",
    );
    assert_eq!(run.code, 0);
    insta::assert_snapshot!(run.stdout);
}

#[test]
fn unsolvable_message() {
    let run = nqueens(&["solve", "3"], "");
    assert_eq!(run.code, 3);
    insta::assert_snapshot!(run.stdout);
}

#[test]
fn count_views() {
    let total = nqueens(&["count", "8"], "");
    let unique = nqueens(&["count", "8", "--unique"], "");
    assert_eq!((total.code, unique.code), (0, 0));
    insta::assert_snapshot!(format!("{}{}", total.stdout, unique.stdout));
    assert_eq!(nqueens(&["count", "3"], "").code, 3);
}

#[test]
fn json_fields() {
    let solved = json(&nqueens(&["solve", "5", "--json"], ""));
    assert_eq!(solved["status"], "solved");
    assert_eq!(solved["n"], 5);
    assert_eq!(solved["algo"], "construct");
    assert_eq!(solved["solution"], serde_json::json!([1, 3, 0, 2, 4]));
    assert!(solved["stats"]["nodes"].is_u64() && solved["stats"]["micros"].is_u64());

    let counted = json(&nqueens(
        &["count", "10", "--json", "--unique", "--threads", "2"],
        "",
    ));
    assert_eq!(counted["count"], 724);
    assert_eq!(counted["unique"], 92);
    assert_eq!(counted["threads"], 2);
    let counted = json(&nqueens(&["count", "10", "--json"], ""));
    assert!(counted.get("unique").is_none(), "unique only when asked");

    let unsolvable = nqueens(&["solve", "2", "--json"], "");
    assert_eq!(unsolvable.code, 3);
    assert_eq!(json(&unsolvable)["status"], "unsolvable");
    assert!(json(&unsolvable).get("solution").is_none());

    let limit = nqueens(
        &[
            "solve",
            "1000",
            "--algo",
            "min-conflicts",
            "--max-steps",
            "3",
            "--json",
        ],
        "",
    );
    assert_eq!(limit.code, 4);
    assert_eq!(json(&limit)["status"], "limit");
}

#[test]
fn bad_sizes_are_usage_errors_without_panics() {
    for (args, message) in [
        (&["solve", "abc"][..], "invalid value 'abc' for '<N>'"),
        (&["solve", "-5"], "-5 is not in 1..=100000000"),
        (&["solve", "0"], "0 is not in 1..=100000000"),
        (&["solve", "100000001"], "is not in 1..=100000000"),
        (&["count", "33"], "33 is not in 1..=32"),
        (
            &["solve", "8", "--algo", "magic"],
            "invalid value 'magic' for '--algo <ALGO>'",
        ),
    ] {
        let run = nqueens(args, "");
        assert_eq!(run.code, 2, "{args:?}");
        assert!(run.stderr.contains(message), "{args:?}: {}", run.stderr);
        assert!(!run.stderr.contains("panicked"), "{args:?}");
    }
}

#[test]
fn the_checker_accepts_every_record_solve_writes() {
    for args in [
        &["solve", "8", "--json"][..],
        &["solve", "40", "--json"],
        &["solve", "8", "--algo", "dfs", "--count", "--json"],
        &["solve", "1000", "--json"],
        &["solve", "300", "--algo", "min-conflicts", "--json"],
        &["solve", "3", "--json"],
    ] {
        let solved = nqueens(args, "");
        let checked = nqueens(&["check"], &solved.stdout);
        assert_eq!(checked.code, 0, "{args:?}: {}", checked.stderr);
    }
}

#[test]
fn the_checker_names_the_fault() {
    let record = |columns: &str| {
        format!(
            r#"{{"status":"solved","solution":[{columns}],"n":4,"stats":{{"nodes":4,"micros":1}}}}"#
        )
    };
    let run = nqueens(&["check"], &record("0,1,2,3"));
    assert_eq!(run.code, 1);
    insta::assert_snapshot!(run.stderr);
    // The human view is for people: check reads records only.
    let run = nqueens(&["check"], "1 3 0 2\n");
    assert_eq!(run.code, 1);
    assert!(
        run.stderr
            .contains("line 1: not a solve record: check reads the JSON records"),
        "{}",
        run.stderr
    );
    let run = nqueens(&["check", "--n", "8"], &record("1,3,0,2"));
    assert_eq!(run.code, 1);
    assert!(
        run.stderr
            .contains("the board is 8x8 but the placement has 4 rows"),
        "{}",
        run.stderr
    );
}

#[test]
fn flags_the_algorithm_does_not_use_are_usage_errors() {
    for (args, message) in [
        (
            &["solve", "8", "--seed", "3"][..],
            "--seed applies to min-conflicts, not to --algo construct",
        ),
        (
            &["solve", "8", "--max-steps", "9"],
            "--max-steps applies to min-conflicts, not to --algo construct",
        ),
        (
            &["solve", "8", "--algo", "csp", "--seed", "3"],
            "--seed applies to min-conflicts, not to --algo csp",
        ),
        (
            &["solve", "8", "--algo", "min-conflicts", "--node-limit", "9"],
            "--node-limit does not apply to --algo min-conflicts (only to --algo csp, dfs, bfs)",
        ),
        (
            &[
                "solve",
                "8",
                "--algo",
                "min-conflicts",
                "--memory-limit",
                "1G",
            ],
            "--memory-limit does not apply to --algo min-conflicts (only to --algo csp, dfs, bfs)",
        ),
        (
            &["solve", "8", "--count"],
            "--count does not apply to --algo construct (only to --algo csp, dfs, bfs)",
        ),
        (
            &["solve", "8", "--trace"],
            "--trace does not apply to --algo construct (only to --algo min-conflicts, csp, dfs, bfs)",
        ),
        (
            &["count", "8", "--node-limit", "9"],
            "--node-limit applies to the formulations (csp, dfs, bfs), not to --algo fast",
        ),
        (
            &["count", "8", "--algo", "dfs", "--threads", "2"],
            "--threads applies to the fast counter, not to --algo dfs",
        ),
        (
            &["count", "8", "--algo", "bfs", "--unique"],
            "--unique applies to the fast counter",
        ),
    ] {
        let run = nqueens(args, "");
        assert_eq!(run.code, 2, "{args:?}");
        assert!(run.stderr.contains(message), "{args:?}: {}", run.stderr);
        assert_eq!(run.stdout, "", "{args:?}");
    }
    // The same flags where they apply.
    for args in [
        &[
            "solve",
            "8",
            "--algo",
            "min-conflicts",
            "--seed",
            "3",
            "--max-steps",
            "100000",
        ][..],
        &[
            "solve",
            "8",
            "--algo",
            "bfs",
            "--node-limit",
            "100000",
            "--memory-limit",
            "64M",
        ],
        &["count", "8", "--threads", "2", "--unique"],
    ] {
        assert_eq!(nqueens(args, "").code, 0, "{args:?}");
    }
}

#[test]
fn a_count_stopped_by_a_limit_is_a_lower_bound_with_exit_4() {
    let run = nqueens(&["count", "10", "--algo", "csp", "--node-limit", "50"], "");
    assert_eq!(
        (run.code, run.stdout.as_str()),
        (4, "2 or more (node limit reached)\n")
    );
    let run = nqueens(
        &[
            "count",
            "10",
            "--algo",
            "dfs",
            "--node-limit",
            "500",
            "--json",
        ],
        "",
    );
    assert_eq!(run.code, 4);
    let record = json(&run);
    assert_eq!(record["status"], "limit");
    assert_eq!(record["count_complete"], false);
    assert!(record["count"].as_u64().is_some_and(|count| count < 724));
    assert!(
        record["stats"]["nodes"]
            .as_u64()
            .is_some_and(|nodes| nodes <= 500)
    );
    let complete = json(&nqueens(&["count", "10", "--algo", "dfs", "--json"], ""));
    assert_eq!(
        (&complete["count"], &complete["count_complete"]),
        (&serde_json::json!(724), &serde_json::json!(true))
    );
}

#[test]
fn every_algorithm_answers_small_boards_under_its_own_name() {
    for algo in ["construct", "min-conflicts", "csp", "dfs", "bfs"] {
        for (n, status, code) in [
            ("1", "solved", 0),
            ("2", "unsolvable", 3),
            ("3", "unsolvable", 3),
        ] {
            let run = nqueens(&["solve", n, "--algo", algo, "--json"], "");
            assert_eq!(run.code, code, "{algo} {n}");
            let record = json(&run);
            assert_eq!(
                (record["algo"].as_str(), record["status"].as_str()),
                (Some(algo), Some(status))
            );
            assert_eq!(nqueens(&["check"], &run.stdout).code, 0, "{algo} {n}");
        }
    }
    for algo in ["fast", "csp", "dfs", "bfs"] {
        for (n, count) in [("1", "1\n"), ("2", "0\n"), ("3", "0\n"), ("8", "92\n")] {
            let run = nqueens(&["count", n, "--algo", algo], "");
            assert_eq!(run.stdout, count, "{algo} {n}");
        }
    }
}

#[test]
fn the_checker_reports_every_failure_and_sums_up() {
    let input = concat!(
        r#"{"status":"solved","solution":[1,3,0,1],"n":4,"stats":{"nodes":4,"micros":1}}"#,
        "\n",
        r#"{"status":"unsolvable","n":3,"stats":{"nodes":0,"micros":1}}"#,
        "\n",
        r#"{"status":"solved","solution":[0,2,1],"n":3,"stats":{"nodes":3,"micros":1}}"#,
        "\n",
        r#"{"status":"solved","solution":[1,3,0,2],"n":4,"stats":{"nodes":4,"micros":1}}"#,
        "\n",
    );
    let run = nqueens(&["check"], input);
    assert_eq!(run.code, 1);
    assert_eq!(
        run.stderr,
        "nqueens check: line 1: rows 0 and 3 both have their queen in column 1\n\
         nqueens check: line 3: the queens of rows 1 and 2 (columns 2 and 1) share a diagonal\n\
         nqueens check: 2 of 4 records failed\n"
    );
    let run = nqueens(&["check"], &nqueens(&["solve", "8", "--json"], "").stdout);
    assert_eq!(run.code, 0);
    assert_eq!(run.stdout, "ok: 1 record checked: 1 solution valid\n");
}

/// Every limit record says which limit stopped it (issue 17): the node
/// limit of a formulation, its memory limit, and min-conflicts' step budget,
/// which bounds its nodes; a record of any other status says none. A tiny
/// memory budget never passes for a search that found nothing.
#[test]
fn limit_records_name_the_limit() {
    let cases: [(&[&str], &str); 7] = [
        (
            &["solve", "12", "--algo", "dfs", "--node-limit", "3"],
            "node",
        ),
        (
            &["solve", "12", "--algo", "csp", "--node-limit", "3"],
            "node",
        ),
        (
            &["count", "10", "--algo", "bfs", "--node-limit", "50"],
            "node",
        ),
        (
            &["solve", "50", "--algo", "min-conflicts", "--max-steps", "3"],
            "node",
        ),
        (
            &["solve", "8", "--algo", "bfs", "--memory-limit", "1K"],
            "memory",
        ),
        (
            &["count", "8", "--algo", "bfs", "--memory-limit", "64K"],
            "memory",
        ),
        (
            &["count", "8", "--algo", "csp", "--memory-limit", "1K"],
            "memory",
        ),
    ];
    for (args, limit) in cases {
        let run = nqueens(&[args, &["--json"]].concat(), "");
        assert_eq!(run.code, 4, "{args:?}: {}", run.stdout);
        let record = json(&run);
        assert_eq!(record["status"], "limit", "{args:?}");
        assert_eq!(record["limit"], limit, "{args:?}: {}", run.stdout);
        let checked = nqueens(&["check"], &run.stdout);
        assert_eq!(checked.code, 0, "{args:?}: {}", checked.stderr);
    }
    for args in [
        &["solve", "8"][..],
        &["solve", "3"],
        &["count", "6", "--algo", "dfs"],
    ] {
        let record = json(&nqueens(&[args, &["--json"]].concat(), ""));
        assert!(record.get("limit").is_none(), "{args:?}: {record}");
    }
}

/// A count record carries a solution exactly when solved, as every crate's
/// count records do, and `check` accepts it and verifies that solution
/// (issue 17: count records were "solved" with none, and check refused
/// them); the largest count takes its solution at no cost.
#[test]
fn count_records_carry_one_solution_that_check_verifies() {
    for args in [
        &["count", "1"][..],
        &["count", "8"],
        &["count", "10", "--unique"],
        &["count", "9", "--algo", "dfs"],
        &["count", "6", "--algo", "csp"],
        &["count", "7", "--algo", "bfs"],
        &["count", "3"],
        &["count", "2", "--algo", "dfs"],
        &["count", "10", "--algo", "dfs", "--node-limit", "500"],
    ] {
        let run = nqueens(&[args, &["--json"]].concat(), "");
        let record = json(&run);
        let solved = record["status"] == "solved";
        assert_eq!(
            record.get("solution").is_some(),
            solved,
            "{args:?}: {record}"
        );
        if solved {
            let n = record["n"].as_u64().expect("n") as usize;
            assert_eq!(record["solution"].as_array().map(Vec::len), Some(n));
        }
        let checked = nqueens(&["check"], &run.stdout);
        assert_eq!(checked.code, 0, "{args:?}: {}", checked.stderr);
    }
    // A count record whose solution is wrong is caught.
    let run = nqueens(&["count", "8", "--json"], "");
    let tampered = run.stdout.replacen("\"solution\":[", "\"solution\":[0,", 1);
    let tampered = tampered.replacen(",4]", "]", 1);
    let checked = nqueens(&["check"], &tampered);
    assert_eq!(checked.code, 1, "{tampered}");
    // The largest board a count takes.
    let huge = nqueens(
        &[
            "count",
            "32",
            "--algo",
            "dfs",
            "--node-limit",
            "10",
            "--json",
        ],
        "",
    );
    assert_eq!(json(&huge)["status"], "limit");
}

#[test]
fn the_formulations_stop_at_their_memory_limit() {
    let run = nqueens(
        &[
            "solve",
            "14",
            "--algo",
            "bfs",
            "--memory-limit",
            "64K",
            "--json",
        ],
        "",
    );
    assert_eq!(run.code, 4);
    assert_eq!(json(&run)["status"], "limit");
    let run = nqueens(
        &["solve", "14", "--algo", "bfs", "--memory-limit", "64K"],
        "",
    );
    assert!(
        run.stdout
            .starts_with("limit: bfs stopped at its memory limit of 64.0 KiB"),
        "{}",
        run.stdout
    );
    for algo in ["csp", "dfs", "bfs"] {
        let run = nqueens(&["count", "12", "--algo", algo, "--memory-limit", "4K"], "");
        assert_eq!(run.code, 4, "{algo}");
        assert!(
            run.stdout.ends_with(" or more (memory limit reached)\n"),
            "{algo}: {}",
            run.stdout
        );
    }
}

/// `--stats` with `--json` is a usage error, as in every binary: the
/// record's `stats` hold the counters (issue 17, item 9).
#[test]
fn stats_with_json_is_a_usage_error() {
    for args in [
        &["count", "8", "--stats", "--json"][..],
        &["solve", "8", "--json", "--stats"],
        &["solve", "8", "--algo", "dfs", "--stats", "--json"],
    ] {
        let run = nqueens(args, "");
        assert_eq!(run.code, 2, "{args:?}: {}", run.stdout);
        assert!(run.stdout.is_empty(), "{args:?}: {}", run.stdout);
        assert!(
            run.stderr
                .contains("'--stats' cannot be used with '--json'")
                || run
                    .stderr
                    .contains("'--json' cannot be used with '--stats'"),
            "{args:?}: {}",
            run.stderr
        );
    }
}

/// A closed stdout (`nqueens solve 32 | head -1`, or a huge column list cut
/// short) ends the run with exit 0 and nothing on stderr.
#[test]
fn a_closed_stdout_ends_quietly() {
    use std::io::{BufRead, BufReader, Read};
    for args in [
        &["solve", "32"][..],
        &["solve", "2000000"],
        &["solve", "2000000", "--json"],
        &["count", "10", "--json"],
    ] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_nqueens"))
            .args(args)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the binary starts");
        let mut stdout = BufReader::new(child.stdout.take().expect("piped"));
        if args[1] == "32" || args[0] == "count" {
            let mut first = String::new();
            stdout.read_line(&mut first).expect("a first line");
            assert!(!first.is_empty(), "{args:?}");
        } else {
            let mut start = [0; 100];
            stdout
                .read_exact(&mut start)
                .expect("the start of the line");
        }
        drop(stdout);
        let output = child.wait_with_output().expect("the binary finishes");
        assert_eq!(output.status.code(), Some(0), "{args:?}");
        assert_eq!(String::from_utf8_lossy(&output.stderr), "", "{args:?}");
    }
}

#[test]
fn a_flag_of_another_subcommand_says_whose_it_is() {
    for (args, message) in [
        (
            &["count", "8", "--seed", "3"][..],
            "--seed belongs to `solve --algo min-conflicts`, not to `count`",
        ),
        (
            &["count", "8", "--seed=3"],
            "--seed belongs to `solve --algo min-conflicts`, not to `count`",
        ),
        (
            &["count", "8", "--max-steps", "9"],
            "--max-steps belongs to `solve --algo min-conflicts`, not to `count`",
        ),
        (
            &["solve", "8", "--unique"],
            "--unique belongs to `count` (the fast counter), not to `solve`",
        ),
        (
            &["solve", "8", "-t", "2"],
            "--threads belongs to `count` (the fast counter), not to `solve`",
        ),
        (
            &["solve", "8", "--n", "8"],
            "--n belongs to `check`, not to `solve`",
        ),
        (
            &["check", "--seed", "1"],
            "--seed belongs to `solve --algo min-conflicts`, not to `check`",
        ),
    ] {
        let run = nqueens(args, "");
        assert_eq!(run.code, 2, "{args:?}");
        assert!(run.stderr.contains(message), "{args:?}: {}", run.stderr);
        assert!(!run.stderr.contains("use '--"), "{args:?}: {}", run.stderr);
        assert_eq!(run.stdout, "", "{args:?}");
    }
    // A flag no subcommand has keeps clap's own message.
    let run = nqueens(&["count", "8", "--sed"], "");
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("unexpected argument '--sed'"),
        "{}",
        run.stderr
    );
}

#[test]
fn the_subproblems_of_split_count_to_the_total() {
    // By symmetry classes (the default): each share gives the total's part
    // and the unique count's.
    let split = nqueens(&["count", "9", "--split", "2"], "");
    assert_eq!(split.code, 0, "{}", split.stderr);
    let (mut total, mut unique) = (0, 0);
    for line in split.stdout.lines() {
        let part = nqueens(&["count", "--subproblem", line, "--json"], "");
        let record = json(&part);
        assert!(matches!(part.code, 0 | 3), "{line}: {}", part.stderr);
        assert_eq!(record["n"], 9);
        assert_eq!(record["symmetry"], "classes");
        total += record["count"].as_u64().unwrap();
        unique += record["unique"].as_u64().unwrap();
        let plain = nqueens(&["count", "--subproblem", line, "--unique"], "");
        assert_eq!(plain.stdout.trim(), record["unique"].to_string());
    }
    assert_eq!((total, unique), (352, 46));
    // By mirror halving: each share is the completions times the weight.
    let split = nqueens(&["count", "9", "--split", "2", "--symmetry", "mirror"], "");
    assert_eq!(split.code, 0, "{}", split.stderr);
    let mut total = 0;
    for line in split.stdout.lines() {
        let part = nqueens(&["count", "--subproblem", line, "--json"], "");
        let record = json(&part);
        assert!(matches!(part.code, 0 | 3), "{line}: {}", part.stderr);
        assert_eq!(record["symmetry"], "mirror");
        assert_eq!(
            record["count"],
            record["completions"].as_u64().unwrap() * record["weight"].as_u64().unwrap()
        );
        total += record["count"].as_u64().unwrap();
    }
    assert_eq!(total, 352);
    // The form without "symmetry": a weight says mirror, none classes.
    let mirror = nqueens(
        &[
            "count",
            "--subproblem",
            r#"{"n":8,"columns":[0],"weight":2}"#,
        ],
        "",
    );
    assert_eq!((mirror.code, mirror.stdout.as_str()), (0, "8\n"));
    let classes = nqueens(&["count", "--subproblem", r#"{"n":8,"columns":[0]}"#], "");
    assert_eq!((classes.code, classes.stdout.as_str()), (0, "16\n"));
}

#[test]
fn a_bad_subproblem_is_refused_with_where_and_why() {
    let clash = nqueens(
        &[
            "count",
            "--subproblem",
            r#"{"n":8,"columns":[0,1],"weight":2}"#,
        ],
        "",
    );
    assert_eq!(clash.code, 1);
    assert!(
        clash
            .stderr
            .contains("row 1: the queen in column 1 is attacked by the queen of row 0"),
        "{}",
        clash.stderr
    );
    let cut = nqueens(&["count", "--subproblem", r#"{"n":8,"#], "");
    assert_eq!(cut.code, 1);
    assert!(cut.stderr.contains("line 1 column 7"), "{}", cut.stderr);
    let formulation = nqueens(&["count", "8", "--split", "1", "--algo", "dfs"], "");
    assert_eq!(formulation.code, 2);
    let loose = nqueens(&["count", "8", "--symmetry", "mirror"], "");
    assert_eq!(loose.code, 2);
    // Messages for what parses but is no subproblem, each exit 1.
    for (json, message) in [
        (
            r#"{"n":8,"columns":[0,3,1],"symmetry":"classes"}"#,
            "row 2: the symmetry-class search never places a queen in column 1 after these rows (with a queen in the corner and the second row's in column 3, the column-1 queen stands below row 3)",
        ),
        (
            r#"{"n":8,"columns":[5]}"#,
            "row 0: the symmetry-class search never places a queen in column 5 after these rows (the first row's queen stands in columns 0 to 3, the left half)",
        ),
        (
            r#"{"n":8,"columns":[0],"symmetry":"classes","weight":2}"#,
            "a \"classes\" subproblem has no \"weight\"",
        ),
        (
            r#"{"n":8,"columns":[0],"symmetry":"mirror"}"#,
            "a \"mirror\" subproblem needs its \"weight\", 1 or 2",
        ),
        (
            r#"{"n":8,"columns":[0],"symmetry":"rotations"}"#,
            "unknown variant `rotations`, expected `classes` or `mirror` at line 1 column 43",
        ),
        (
            r#"{"n":33,"columns":[]}"#,
            "N = 33 is larger than the largest supported board, 32",
        ),
        (r#"{"n":8,"columns":[-1]}"#, "invalid value: integer `-1`"),
        (
            r#"{"n":8,"columns":[9]}"#,
            "row 0: column 9 is off a board of 8 columns",
        ),
    ] {
        let run = nqueens(&["count", "--subproblem", json], "");
        assert_eq!(run.code, 1, "{json}");
        assert!(run.stderr.contains(message), "{json}: {}", run.stderr);
        assert!(!run.stderr.contains("panicked"), "{json}: {}", run.stderr);
    }
    let mirror_unique = nqueens(
        &[
            "count",
            "--subproblem",
            r#"{"n":8,"columns":[0],"weight":2}"#,
            "--unique",
        ],
        "",
    );
    assert_eq!(mirror_unique.code, 1);
    assert!(
        mirror_unique
            .stderr
            .contains("a mirror subproblem counts placements, not classes"),
        "{}",
        mirror_unique.stderr
    );
}
