//! The `gogen` binary end to end: flags that do not apply, a runaway line,
//! the node limit as the user sees it, and `check` reporting every failure.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

use gogen::cli::GogenRecord;

fn fixtures() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/gogen")
}

/// Runs `gogen args` in the fixtures folder with `stdin`.
fn gogen(args: &[&str], stdin: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_gogen"))
        .args(args)
        .current_dir(fixtures())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    let stdin = stdin.to_vec();
    // Written from a thread so a child that stops reading cannot block us.
    let writer = std::thread::spawn(move || {
        let _ = input.write_all(&stdin);
    });
    let output = child.wait_with_output().unwrap();
    writer.join().unwrap();
    output
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn record(output: &Output) -> GogenRecord {
    serde_json::from_str(text(&output.stdout).trim()).unwrap()
}

const SAMPLE: &str = "M.G.D\n.....\nW.L.Y\n.....\nS.J.B\n\n\
    ACQUIRE AXLE CUT DERV FIR JUST KEG MAN PILE PRY ROB WHAM\n";

#[test]
fn flags_that_do_not_apply_are_usage_errors() {
    let cases: [&[&str]; 4] = [
        &["solve", "sample.txt", "--show-words", "--json"],
        &["solve", "sample.txt", "--stats", "--json"],
        &["solve", "sample.txt", "--limit", "5"],
        &[
            "solve",
            "sample.txt",
            "--algo",
            "dfs",
            "--limit",
            "5",
            "--json",
        ],
    ];
    for args in cases {
        let output = gogen(args, b"");
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(output.stdout.is_empty(), "{args:?}");
    }
    let words_and_count = gogen(&["solve", "sample.txt", "--show-words", "--count"], b"");
    assert_eq!(words_and_count.status.code(), Some(0));
    let shown = text(&words_and_count.stdout);
    assert!(shown.contains("Word: WHAM") && shown.ends_with("solutions: 1\n"));
}

/// `--help` of the program and of each subcommand lists the exit codes,
/// as the other binaries' do.
#[test]
fn help_lists_the_exit_codes() {
    for args in [&["--help"][..], &["solve", "--help"], &["check", "--help"]] {
        let output = gogen(args, b"");
        assert_eq!(output.status.code(), Some(0), "{args:?}");
        let help = text(&output.stdout);
        for code in [
            "Exit codes: 0 solved",
            "1 bad input",
            "2 usage error",
            "3 the puzzle has no solution",
            "4 a node or memory limit",
        ] {
            assert!(help.contains(code), "{args:?}: {code} in\n{help}");
        }
    }
}

/// The human `--stats` line starts with the contract's `nodes N`, for
/// both algorithms, solved, counted, unsolvable or stopped by a limit; the
/// dfs's own counters follow it.
#[test]
fn the_stats_line_starts_with_nodes() {
    let runs: [&[&str]; 5] = [
        &["solve", "sample.txt"],
        &["solve", "puzzles/bmehta-22-five-givens.txt", "--count"],
        &["solve", "unsolvable-extra-word.txt"],
        &[
            "solve",
            "puzzles/bmehta-22-five-givens.txt",
            "--node-limit",
            "2",
        ],
        &["solve", "sample-words.txt", "--letters", "MGDWLYSJB"],
    ];
    for run in runs {
        for algo in ["csp", "dfs"] {
            let mut args = run.to_vec();
            args.extend(["--algo", algo, "--stats"]);
            let output = gogen(&args, b"");
            let shown = text(&output.stdout);
            let line = shown
                .lines()
                .find(|line| line.starts_with("stats:"))
                .unwrap_or_else(|| panic!("{args:?}: no stats line in\n{shown}"));
            let nodes = line
                .strip_prefix("stats: nodes ")
                .and_then(|rest| rest.split(',').next())
                .and_then(|nodes| nodes.parse::<u64>().ok());
            assert!(nodes.is_some_and(|nodes| nodes >= 1), "{args:?}: {line}");
            assert!(line.contains(", time ") && line.ends_with(" ms"), "{line}");
        }
    }
}

/// On a terminal the givens of the solved grid are bold, unless
/// `NO_COLOR` is set to anything but the empty string; a piped stdout never
/// gets an escape; `check` reads the bold view as the plain one.
#[test]
fn givens_are_bold_on_a_terminal_only() {
    use cli_kit::app::{Show, ViewFlags};
    use gogen::cli::{self, GogenView, Solved};
    use std::ffi::OsStr;

    assert!(cli::mark_givens(true, None));
    assert!(cli::mark_givens(true, Some(OsStr::new(""))));
    assert!(!cli::mark_givens(true, Some(OsStr::new("1"))));
    assert!(!cli::mark_givens(true, Some(OsStr::new("false"))));
    assert!(!cli::mark_givens(false, None));
    assert!(!cli::mark_givens(false, Some(OsStr::new(""))));

    let puzzle = cli::read_puzzle(SAMPLE, None).unwrap();
    let solved = Solved {
        outcome: gogen::solve(&puzzle, &gogen::Options::default()),
        puzzle,
        unique: None,
    };
    let write = |flags: ViewFlags, own: GogenView| {
        let mut out = Vec::new();
        gogen::Puzzle::write_human(&mut out, &solved, &flags, &own).unwrap();
        text(&out)
    };
    let plain = write(ViewFlags::default(), GogenView::default());
    let bold = write(
        ViewFlags {
            bold_givens: true,
            ..ViewFlags::default()
        },
        GogenView { show_words: true },
    );
    let b = |c: &str| format!("\x1b[1m{c}\x1b[0m");
    assert_eq!(
        bold.lines().next().unwrap(),
        format!("{} N {} K {}", b("M"), b("G"), b("D"))
    );
    assert_eq!(
        bold.lines().nth(3).unwrap(),
        "Q U I P O",
        "a row without givens"
    );
    assert_eq!(
        bold.replace("\x1b[1m", "")
            .replace("\x1b[0m", "")
            .lines()
            .take(5)
            .collect::<Vec<_>>(),
        plain.lines().take(5).collect::<Vec<_>>()
    );
    assert!(bold.contains("Word: WHAM") && !plain.contains('\x1b'));
    // Piped, with NO_COLOR unset or empty: no escape.
    for no_color in [None, Some("")] {
        let mut command = Command::new(env!("CARGO_BIN_EXE_gogen"));
        command
            .args(["solve", "sample.txt", "--show-words"])
            .current_dir(fixtures());
        match no_color {
            Some(value) => command.env("NO_COLOR", value),
            None => command.env_remove("NO_COLOR"),
        };
        let output = command.output().unwrap();
        assert_eq!(output.status.code(), Some(0));
        assert!(!output.stdout.contains(&0x1b), "{no_color:?}");
    }
}

/// A solved puzzle (without --count) is counted to 2 apart from the solve:
/// `unique` in JSON and a line under the grid, the chosen algorithm's
/// stats unchanged; a limit that stops that count leaves it unknown; check
/// reads the line and refuses `unique` where it does not belong.
#[test]
fn a_solved_puzzle_says_whether_its_solution_is_unique() {
    let sample = record(&gogen(&["solve", "sample.txt", "--json"], b""));
    assert_eq!(sample.fields.unique, Some(true));
    assert_eq!(sample.stats.nodes, 1, "csp's own nodes only");
    let hard = record(&gogen(
        &["solve", "puzzles/bmehta-22-five-givens.txt", "--json"],
        b"",
    ));
    assert_eq!(hard.fields.unique, Some(false));
    // dfs: its own counters are those of the dfs run alone.
    let puzzle: gogen::Puzzle = SAMPLE.parse().unwrap();
    let alone = gogen::solve(&puzzle, &gogen::Options::new(gogen::Algo::Dfs)).stats;
    let dfs = record(&gogen(
        &["solve", "sample.txt", "--algo", "dfs", "--json"],
        b"",
    ));
    assert_eq!(dfs.fields.unique, Some(true));
    assert_eq!(dfs.stats.nodes, alone.nodes);
    assert_eq!(dfs.stats.extra.nodes_visited, Some(480));
    assert_eq!(dfs.stats.extra.backtracks, Some(alone.counters.backtracks));
    // The count to 2 within the same node limit: 7 nodes solve, not count.
    let args = [
        "solve",
        "puzzles/bmehta-22-five-givens.txt",
        "--node-limit",
        "7",
    ];
    let cut = record(&gogen(&[&args[..], &["--json"]].concat(), b""));
    assert_eq!(cut.status, cli_kit::Status::Solved);
    assert_eq!(cut.fields.unique, None);
    let human = text(&gogen(&args, b"").stdout);
    assert_eq!(
        human.lines().nth(5),
        Some("unique: unknown, the node limit stopped the count to 2")
    );
    // --count tells it already: no unique.
    let counted = gogen(&["solve", "sample.txt", "--count", "--json"], b"");
    assert!(!text(&counted.stdout).contains("unique"));
    let counted = gogen(&["solve", "sample.txt", "--count"], b"");
    assert!(!text(&counted.stdout).contains("unique"));
    // The human view, and check reading the records.
    for (file, line) in [
        ("sample.txt", "unique: yes"),
        (
            "puzzles/bmehta-22-five-givens.txt",
            "unique: no, the puzzle has another solution",
        ),
    ] {
        let solved = gogen(&["solve", file, "--show-words", "--stats"], b"");
        let shown = text(&solved.stdout);
        assert_eq!(shown.lines().nth(5), Some(line), "{shown}");
        let json = gogen(&["solve", file, "--json"], b"");
        assert_eq!(gogen(&["check", file], &json.stdout).status.code(), Some(0));
    }
    let stats = r#""stats":{"nodes":1,"micros":1}"#;
    for (claim, message) in [
        (
            format!(r#"{{"status":"unsolvable","unique":false,{stats}}}"#),
            "status \"unsolvable\" with \"unique\"",
        ),
        (
            format!(
                r#"{{"status":"solved","solution":"MNGKDHAXEVWCLRYQUIPOSTJFB","unique":true,"count":1,"count_complete":true,{stats}}}"#
            ),
            "\"unique\" beside a count",
        ),
    ] {
        let checked = gogen(&["check", "sample.txt"], claim.as_bytes());
        assert_eq!(checked.status.code(), Some(1), "{claim}");
        assert!(text(&checked.stderr).contains(message), "{claim}");
    }
}

#[test]
fn a_runaway_line_is_invalid_by_its_length_and_line() {
    let mut input = b"M.G.D\n.....\n".to_vec();
    input.extend(std::iter::repeat_n(b'A', 50 << 20));
    input.extend(b"\n.....\nS.J.B\n\nAXLE\n");
    let output = gogen(&["solve", "--json"], &input);
    assert_eq!(output.status.code(), Some(1));
    let invalid = record(&output);
    assert_eq!(
        invalid.error.as_deref(),
        Some(
            "line 3, column 10001: 52428800 characters, longer than any puzzle line \
             (at most 10000 bytes)"
        )
    );
    assert!(
        text(&output.stderr)
            .starts_with("gogen: <stdin>: line 3, column 10001: 52428800 characters")
    );
}

#[test]
fn a_limit_is_never_passed_and_a_cut_count_is_a_lower_bound() {
    for algo in ["csp", "dfs"] {
        for limit in [1u64, 2, 7, 12] {
            let limit_text = limit.to_string();
            let args = [
                "solve",
                "puzzles/bmehta-22-five-givens.txt",
                "--algo",
                algo,
                "--count",
                "--limit",
                "100",
                "--node-limit",
                &limit_text,
                "--json",
            ];
            let output = gogen(&args, b"");
            assert_eq!(output.status.code(), Some(4), "{algo} {limit}");
            let cut = record(&output);
            assert_eq!(cut.status, cli_kit::Status::Limit);
            assert_eq!(cut.limit, Some(cli_kit::Limit::Node));
            assert!(
                cut.stats.nodes <= limit,
                "{algo} {limit}: {}",
                cut.stats.nodes
            );
            let count = cut.fields.count.unwrap();
            assert!(!count.complete && count.count < 16);
            assert_eq!(cut.solution, None);
        }
    }
    let human = gogen(
        &[
            "solve",
            "puzzles/bmehta-22-five-givens.txt",
            "--count",
            "--node-limit",
            "3",
        ],
        b"",
    );
    assert!(text(&human.stdout).contains("or more (found before the node limit)"));
}

#[test]
fn the_memory_limit_ends_a_search_with_status_limit() {
    for algo in ["csp", "dfs"] {
        let args = [
            "solve",
            "puzzles/bmehta-22-five-givens.txt",
            "--algo",
            algo,
            "--count",
            "--memory-limit",
            "1K",
        ];
        let output = gogen(&args, b"");
        assert_eq!(output.status.code(), Some(4), "{algo}");
        assert_eq!(
            text(&output.stdout),
            "memory limit reached before a solution was found\nsolutions: 0 or more (found before the memory limit)\n",
            "{algo}"
        );
    }
    let bad = gogen(&["solve", "sample.txt", "--memory-limit", "4X"], b"");
    assert_eq!(bad.status.code(), Some(2));
}

#[test]
fn dfs_keeps_its_own_counters_beside_the_nodes() {
    let output = gogen(
        &[
            "solve",
            "sample-words.txt",
            "--letters",
            "MGDWLYSJB",
            "--algo",
            "dfs",
            "--stats",
        ],
        b"",
    );
    let shown = text(&output.stdout);
    assert!(
        shown.contains(", efficiency 0.04 (path length 17 / nodes visited 480), time "),
        "{shown}"
    );
    let json = record(&gogen(
        &["solve", "sample.txt", "--algo", "dfs", "--json"],
        b"",
    ));
    assert_eq!(json.stats.extra.nodes_visited, Some(480));
    assert_eq!(json.stats.extra.path_length, Some(17));
    assert!(json.stats.nodes >= 17);
}

#[test]
fn check_reports_every_failure_with_its_line() {
    let stats = r#""stats":{"nodes":1,"micros":1}"#;
    let records = [
        format!(r#"{{"status":"solved","solution":"MNGKDHAXEVWCLRYQUIPOSTJFB",{stats}}}"#),
        format!(r#"{{"status":"solved","solution":"MKGNDHAXEVWCLRYQUIPOSTJFB",{stats}}}"#),
        r#"{"solution":"MNGKDHAXEVWCLRYQUIPOSTJFB"}"#.to_owned(),
        format!(r#"{{"status":"solved","solution":"MNGKDHAXEVWCLRYQUIPOSTJFF",{stats}}}"#),
        format!(r#"{{"status":"unsolvable",{stats}}}"#),
    ]
    .join("\n");
    let output = gogen(&["check", "sample.txt"], records.as_bytes());
    assert_eq!(output.status.code(), Some(1));
    let errors = text(&output.stderr);
    let lines: Vec<&str> = errors.lines().collect();
    assert_eq!(lines.len(), 5, "{errors}");
    assert_eq!(
        lines[0],
        "gogen check: line 2: solution MKGNDHAXEVWCLRYQUIPOSTJFB: word KEG: K and E are not in adjacent cells"
    );
    assert!(
        lines[1].starts_with("gogen check: line 3: not a solve record: missing field `status`")
    );
    assert_eq!(
        lines[2],
        "gogen check: line 4: solution MNGKDHAXEVWCLRYQUIPOSTJFF: column 25: letter F appears twice (first in column 24)"
    );
    assert_eq!(
        lines[3],
        "gogen check: line 5: status \"unsolvable\", but MNGKDHAXEVWCLRYQUIPOSTJFB solves the puzzle"
    );
    assert_eq!(lines[4], "gogen check: 4 of 5 records failed");
}

#[test]
fn check_reads_records_only_and_confirms_no_solution() {
    let solved = gogen(&["solve", "sample.txt", "--json"], b"");
    let checked = gogen(&["check", "sample.txt"], &solved.stdout);
    assert_eq!(text(&checked.stderr), "");
    assert_eq!(
        text(&checked.stdout),
        "ok: 1 record checked: 1 solution valid\n"
    );
    for file in ["unsolvable-extra-word.txt", "unsolvable-double-letter.txt"] {
        let unsolvable = gogen(&["solve", file, "--json"], b"");
        assert_eq!(unsolvable.status.code(), Some(3));
        let checked = gogen(&["check", file], &unsolvable.stdout);
        assert_eq!(
            text(&checked.stdout),
            "ok: 1 record checked: 0 solutions valid, 1 unsolvable claim confirmed\n",
            "{file}"
        );
    }
    // The human view is for people: check names what it reads instead.
    let human = gogen(&["solve", "sample.txt"], b"");
    let checked = gogen(&["check", "sample.txt"], &human.stdout);
    assert_eq!(checked.status.code(), Some(1));
    assert!(
        text(&checked.stderr).starts_with(
            "gogen check: line 1: not a solve record: check reads the JSON records of `solve --json`, one per line"
        ),
        "{}",
        text(&checked.stderr)
    );
    let moved = r#"{"status":"solved","solution":"NMGKDHAXEVWCLRYQUIPOSTJFB","stats":{"nodes":1,"micros":1}}"#;
    let checked = gogen(&["check", "sample.txt"], moved.as_bytes());
    assert_eq!(checked.status.code(), Some(1));
    assert!(text(&checked.stderr).starts_with(
        "gogen check: line 1: solution NMGKDHAXEVWCLRYQUIPOSTJFB: row 1, column 1: the puzzle gives M but the grid has N"
    ));
}

#[test]
fn the_sample_from_stdin_and_a_bad_file_under_json() {
    let output = gogen(&["solve", "--json"], SAMPLE.as_bytes());
    assert_eq!(output.status.code(), Some(0));
    let solved = record(&output);
    assert_eq!(
        solved.solution.as_deref(),
        Some("MNGKDHAXEVWCLRYQUIPOSTJFB")
    );
    assert_eq!(solved.stats.nodes, 1);
    let bad = gogen(&["solve", "bad/letter-z.txt", "--json"], b"");
    assert_eq!(bad.status.code(), Some(1));
    assert_eq!(
        text(&bad.stdout),
        "{\"status\":\"invalid\",\"error\":\"line 3, column 3: expected a letter A-Y or '.', found 'Z'\",\"stats\":{\"nodes\":0,\"micros\":0}}\n"
    );
}

/// A budget that refused a state is a limit naming that budget, never
/// "unsolvable", never a complete count, for both algorithms; the human
/// view names it too, and `check` reads that line back.
#[test]
fn a_refused_budget_is_a_limit_that_names_it() {
    let budgets: [(&[&str], cli_kit::Limit); 4] = [
        (&["--memory-limit", "1"], cli_kit::Limit::Memory),
        (&["--memory-limit", "1K"], cli_kit::Limit::Memory),
        (&["--memory-limit", "1M"], cli_kit::Limit::Memory),
        (&["--node-limit", "1"], cli_kit::Limit::Node),
    ];
    for puzzle in ["sample.txt", "puzzles/bmehta-22-five-givens.txt"] {
        for (flags, which) in budgets {
            for algo in ["csp", "dfs"] {
                for count in [false, true] {
                    let mut args = vec!["solve", puzzle, "--json", "--algo", algo];
                    args.extend_from_slice(flags);
                    if count {
                        args.push("--count");
                    }
                    let output = gogen(&args, b"");
                    let record = record(&output);
                    match record.status {
                        cli_kit::Status::Solved => {
                            assert_eq!(record.limit, None, "{args:?}");
                            assert_eq!(output.status.code(), Some(0), "{args:?}");
                        }
                        cli_kit::Status::Limit => {
                            assert_eq!(record.limit, Some(which), "{args:?}");
                            assert_eq!(output.status.code(), Some(4), "{args:?}");
                            if let Some(count) = record.fields.count {
                                assert!(!count.complete, "{args:?}");
                            }
                        }
                        status => panic!("{args:?}: {status} for a solvable puzzle"),
                    }
                    let checked = gogen(&["check", puzzle], &output.stdout);
                    assert_eq!(checked.status.code(), Some(0), "{args:?}");
                }
            }
        }
    }
    let human = gogen(
        &[
            "solve",
            "puzzles/bmehta-22-five-givens.txt",
            "--node-limit",
            "1",
        ],
        b"",
    );
    assert_eq!(
        text(&human.stdout),
        "node limit reached before a solution was found\n"
    );
    // A limit record that names no limit, or one gogen does not have, fails.
    let stats = r#""stats":{"nodes":1,"micros":1}"#;
    for line in [
        format!(r#"{{"status":"limit",{stats}}}"#),
        format!(r#"{{"status":"limit","limit":"time",{stats}}}"#),
    ] {
        let checked = gogen(&["check", "sample.txt"], line.as_bytes());
        assert_eq!(checked.status.code(), Some(1), "{line}");
    }
}

/// The decided rule for a closed stdout (`solve ... | head -1`): the run
/// ends with exit 0 and nothing on stderr, here with every word drawn on
/// its own grid, far more than the first line read.
#[test]
fn a_closed_stdout_ends_quietly_with_exit_0() {
    use std::io::Read;
    let mut child = Command::new(env!("CARGO_BIN_EXE_gogen"))
        .args(["solve", "sample.txt", "--show-words", "--count"])
        .current_dir(fixtures())
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdout = child.stdout.take().unwrap();
    let mut byte = [0u8; 1];
    while stdout.read(&mut byte).unwrap() == 1 && byte[0] != b'\n' {}
    drop(stdout);
    let output = child.wait_with_output().unwrap();
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(text(&output.stderr), "");
}
