//! `solve --trace`, `--events FILE`, `--tree-svg FILE` and `--compare`: the
//! puzzles one after another, each watched by `sudoku::watch`, or solved by
//! every algorithm for a table.

use std::io::{self, BufWriter, Write};
use std::path::Path;
use std::process::ExitCode;
use std::time::Duration;

use cli_kit::{Batch, Comparison, Row, WatchArgs, WatchSession};
use serde_json::json;
use sudoku::cli::{Answer, View};
use sudoku::watch::{Watch, solve_watched};
use sudoku::{Algo, Options, Parsed, Status, dead_end, solve as solve_one, unique};

/// The node limit of each `--compare` run unless `--node-limit` says.
const COMPARE_NODE_LIMIT: u64 = 1_000_000;
/// The time limit of each `--compare` run unless `--time-limit` says.
const COMPARE_TIME_LIMIT: Duration = Duration::from_secs(10);

/// Solves the puzzles one by one, watched: the trace before each answer,
/// the events of every run in one stream, the tree of the one puzzle.
pub fn solve(
    input_name: &str,
    puzzles: &[Parsed],
    options: &Options,
    args: &WatchArgs,
    tree_svg: Option<&Path>,
    tell_unique: bool,
    view: &mut View,
) -> anyhow::Result<ExitCode> {
    let session = WatchSession::open(args, tree_svg)?;
    let mut view_out = session.view_out();
    let tally = Batch::new("sudoku", input_name).threads(Some(1)).run_to(
        &mut view_out,
        puzzles,
        |parsed| {
            let sudoku = parsed.result.as_ref().map_err(ToString::to_string)?;
            let outcome = session.run(
                |events| {
                    events.set_run(&json!({ "line": parsed.line }));
                    events.emit(
                        "run",
                        &json!({ "algorithm": options.algo.name(), "puzzle": sudoku.to_line() }),
                    );
                },
                |sinks, tree| solve_watched(sudoku, options, Watch { sinks, tree }),
            );
            let unique = (tell_unique && outcome.status == Status::Solved)
                .then(|| unique(sudoku, options))
                .flatten();
            let dead_end = match outcome.status {
                Status::Unsolvable => dead_end(sudoku),
                _ => None,
            };
            Ok(Answer {
                outcome,
                unique,
                dead_end,
            })
        },
        view,
    )?;
    drop(view_out);
    session.finish()?;
    Ok(tally.exit())
}

/// Every algorithm on each puzzle: a table per puzzle (or JSON rows with
/// the puzzle's line), each run under the node and time limits shown.
pub fn compare(
    input_name: &str,
    puzzles: &[Parsed],
    options: &Options,
    json: bool,
) -> anyhow::Result<ExitCode> {
    let mut limits = options.limits;
    let nodes = *limits.node_limit.get_or_insert(COMPARE_NODE_LIMIT);
    let time = *limits.time_limit.get_or_insert(COMPARE_TIME_LIMIT);
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let mut bad_input = false;
    for (index, parsed) in puzzles.iter().enumerate() {
        let sudoku = match &parsed.result {
            Ok(sudoku) => sudoku,
            Err(error) => {
                eprintln!("sudoku: {input_name}: {error}");
                bad_input = true;
                continue;
            }
        };
        let heading = format!(
            "line {}: {}\nlimits per run: {} nodes, {} s",
            parsed.line,
            sudoku.to_line(),
            cli_kit::thousands(nodes),
            time.as_secs_f64()
        );
        let mut table = Comparison::new(heading, "solutions")
            .field("line", parsed.line)
            .field("puzzle", sudoku.to_line());
        for &algo in Algo::ALL {
            let run = Options {
                algo,
                limits,
                ..*options
            };
            let outcome = solve_one(sudoku, &run);
            let algorithm = if outcome.stats.algo == algo {
                algo.name().to_owned()
            } else {
                format!("{} ({})", algo.name(), outcome.stats.algo.name())
            };
            table.push(Row {
                algorithm,
                status: outcome.status.into(),
                limit: outcome.status.limit(),
                nodes: outcome.stats.nodes,
                counters: Vec::new(),
                elapsed: Duration::from_micros(outcome.stats.micros),
                length: Some(outcome.count),
            });
        }
        if json {
            table.write_json(&mut out)?;
        } else {
            if index > 0 {
                writeln!(out)?;
            }
            write!(out, "{}", table.to_text())?;
        }
    }
    out.flush()?;
    Ok(if bad_input {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}
