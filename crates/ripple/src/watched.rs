//! `solve --trace`, `--events FILE`, `--tree-svg FILE` and `--compare`: the
//! puzzles one after another, each watched by `ripple::watch`, or solved by
//! every algorithm for the comparison of brute force and MRV.

use std::io::{self, BufWriter, Write};
use std::path::Path;
use std::process::ExitCode;
use std::time::Duration;

use cli_kit::{Batch, Comparison, Row, WatchArgs, WatchSession};
use ripple::cli::{self, Item, SolveReport, Solved};
use ripple::watch::{Watch, solve_watched};
use ripple::{Algo, Options, Status};
use serde_json::json;

/// The node limit of each `--compare` run unless `--node-limit` says:
/// the course's Python brute force took 41,901,288 calls (392 s) on its
/// competition puzzle.
pub const COMPARE_NODE_LIMIT: u64 = 1_000_000;
/// The time limit of each `--compare` run unless `--time-limit` says.
pub const COMPARE_TIME_LIMIT: Duration = Duration::from_secs(10);

/// What a watched `solve` writes beside the human view or records.
pub struct Watching<'a> {
    /// `--trace`, `--events`, `--events-limit`.
    pub args: &'a WatchArgs,
    /// `--tree-svg`.
    pub tree_svg: Option<&'a Path>,
    /// `--svg`.
    pub pictures: Option<&'a svg_kit::PictureFiles>,
    /// Whether a solved puzzle is counted to 2 to tell its uniqueness.
    pub tell_unique: bool,
}

/// Solves the items one by one, watched: the trace before each answer,
/// the events of every run in one stream, the tree of the one puzzle.
pub fn solve(
    program: &str,
    input_name: &str,
    items: &[Item],
    options: &Options,
    watching: &Watching<'_>,
    report: &mut SolveReport,
) -> anyhow::Result<ExitCode> {
    let Watching {
        args,
        tree_svg,
        pictures,
        tell_unique,
    } = *watching;
    let session = WatchSession::open(args, tree_svg)?;
    let mut view_out = session.view_out();
    let tally = Batch::new(program, input_name).threads(Some(1)).run_to(
        &mut view_out,
        items,
        |item| {
            let (puzzle, _, warnings) = cli::read_puzzle(item)?;
            let outcome = session.run(
                |events| {
                    if let Some(line) = item.line {
                        events.set_run(&json!({ "line": line }));
                    }
                    events.emit(
                        "run",
                        &json!({ "algorithm": options.algo.name(), "puzzle": ripple::to_url(&puzzle) }),
                    );
                },
                |sinks, tree| solve_watched(&puzzle, options, Watch { sinks, tree }),
            );
            let unique = (tell_unique && outcome.status.is_solved())
                .then(|| ripple::is_unique(&puzzle, options));
            if let Some(pictures) = pictures {
                let picture = ripple::svg::render_outcome(&puzzle, &outcome);
                pictures
                    .write(item.line.unwrap_or(1), &picture)
                    .map_err(|error| error.to_string())?;
            }
            Ok(Solved {
                puzzle,
                outcome,
                warnings,
                unique,
            })
        },
        report,
    )?;
    drop(view_out);
    session.finish()?;
    Ok(tally.exit())
}

/// Every algorithm on each puzzle, the comparison of brute force and MRV for any puzzle: a
/// table per puzzle (or JSON rows with the puzzle and its line), each run
/// under the node and time limits shown.
pub fn compare(
    program: &str,
    input_name: &str,
    items: &[Item],
    options: &Options,
    json: bool,
) -> anyhow::Result<ExitCode> {
    let mut limits = options.limits;
    let nodes = *limits.node_limit.get_or_insert(COMPARE_NODE_LIMIT);
    let time = *limits.time_limit.get_or_insert(COMPARE_TIME_LIMIT);
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let mut bad_input = false;
    let mut written = 0;
    for item in items {
        let puzzle = match cli::read_puzzle(item) {
            Ok((puzzle, _, _)) => puzzle,
            Err(error) => {
                eprintln!("{program}: {input_name}: {error}");
                bad_input = true;
                continue;
            }
        };
        let url = ripple::to_url(&puzzle);
        let line = item
            .line
            .map(|line| format!("line {line}: "))
            .unwrap_or_default();
        let heading = format!(
            "{line}{url}\nlimits per run: {} nodes (--node-limit), {} s (--time-limit)",
            cli_kit::thousands(nodes),
            time.as_secs_f64()
        );
        let mut table = Comparison::new(heading, "solutions");
        if let Some(line) = item.line {
            table = table.field("line", line);
        }
        table = table.field("puzzle", url);
        for &algo in Algo::ALL {
            let run = Options { algo, limits };
            let outcome = ripple::solve(&puzzle, &run);
            let mut counters = vec![("backtracks", outcome.stats.backtracks)];
            if let Some(calls) = outcome.stats.recursive_calls {
                counters.push(("recursive_calls", calls));
            }
            table.push(Row {
                algorithm: algo.name().to_owned(),
                status: outcome.status.into(),
                limit: outcome.status.limit(),
                nodes: outcome.stats.nodes,
                counters,
                elapsed: outcome.stats.elapsed,
                length: (outcome.status == Status::Solved).then_some(outcome.count),
            });
        }
        if json {
            table.write_json(&mut out)?;
        } else {
            if written > 0 {
                writeln!(out)?;
            }
            write!(out, "{}", table.to_text())?;
        }
        written += 1;
    }
    out.flush()?;
    Ok(if bad_input {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}
