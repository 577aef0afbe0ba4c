//! The `crossword` command line: argument definitions and calls into the
//! library's `cli` module and cli-kit; no output format or exit code is
//! decided here.

use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Duration;

use clap::{Args, Parser, Subcommand};
use cli_kit::{Sinks, Trace, WatchArgs};
use crossword::cli::{self, Checker, FillReport, OutputFormat, WordSource};
use crossword::watch::Watch;
use crossword::{Algo, Grid, Options};
use svg_kit::SearchTree;

const PROGRAM: &str = "crossword";

/// Crossword grid filling: fill a template from a word list, or check a fill.
///
/// A template is rows of '.' (open), '#' (block) and letters (pre-filled),
/// an Across Lite .puz file or ipuz JSON. Without --words the list built
/// into the program is used (90,573 words from SCOWL, scored 30-90 by how
/// often they are used, offensive words left out unless --allow-offensive). Exit codes: 0 filled, 1 bad input, 2 usage, 3 unfillable, 4
/// limit reached.
#[derive(Debug, Parser)]
#[command(name = "crossword", version)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Fill a template: the grid, then the numbered entries (or JSON, or ipuz).
    Fill(FillArgs),
    /// Check fills independently: JSON records of `fill --json` on stdin
    /// (or in FILE), or a filled grid (rows of letters and '#') against
    /// --template.
    Check(CheckArgs),
}

#[derive(Debug, Args)]
struct FillArgs {
    /// The template: a text grid, a .puz or an ipuz file; '-' or nothing for stdin.
    input: Option<String>,
    /// The word list: one word per line, or `word;score` lines (default: the built-in list).
    #[arg(long, value_name = "LIST")]
    words: Option<String>,
    /// Leave out words scoring below S.
    #[arg(long, value_name = "S", allow_negative_numbers = true)]
    min_score: Option<i32>,
    /// The solver.
    #[arg(long, value_enum, default_value_t = Algo::Fast)]
    algo: Algo,
    /// Seed of fast's random choices among near-equal words and slots (the same seed, the same fill).
    #[arg(long, value_name = "N")]
    seed: Option<u64>,
    /// Count distinct fills exactly, up to --limit.
    #[arg(long)]
    count: bool,
    /// With --count: stop counting at K fills (default 1000).
    #[arg(long, requires = "count", value_name = "K", value_parser = clap::value_parser!(u64).range(1..))]
    limit: Option<u64>,
    /// Let a word fill more than one entry.
    #[arg(long)]
    allow_repeats: bool,
    /// Keep the offensive words (slurs, obscenities: data/offensive.txt) the built-in list leaves out; a --words list is used as given.
    #[arg(long)]
    allow_offensive: bool,
    /// One JSON record (grid, entries, mean_score, count, stats).
    #[arg(long)]
    json: bool,
    /// Output form of the fill. With ipuz, stdout carries the ipuz file and
    /// nothing else: the --stats line and the message of an unfilled grid
    /// go to stderr, and --count and --trace, whose results an ipuz file
    /// cannot hold, are usage errors.
    #[arg(long, value_enum, default_value_t = OutputFormat::Text, conflicts_with = "json")]
    format: OutputFormat,
    /// Stop with status "limit" (exit 4) before the search passes N nodes.
    #[arg(long, value_name = "N")]
    node_limit: Option<u64>,
    /// Stop with status "limit" (exit 4) after SECONDS.
    #[arg(long, value_name = "SECONDS")]
    time_limit: Option<f64>,
    /// Add a line with nodes, backtracks, restarts or arc revisions, and time
    /// (on stderr with --format ipuz; not with --json, whose record has them).
    #[arg(long, conflicts_with = "json")]
    stats: bool,
    /// Draw the grid as SVG in FILE: blocks, clue numbers and the fill (or
    /// the template and why there is no fill). --format keeps its outputs.
    #[arg(long, value_name = "FILE")]
    svg: Option<PathBuf>,
    /// Watch the search. --trace: with --algo ac3, the domains before and
    /// after and AC-3's revision table; with mac and fast, a line per
    /// event (propagations, the words each revision removes, wipe-outs,
    /// decisions slot = WORD, refutations, backtracks, the fill).
    /// --compare: fast, mac and ac3 on the template, each under a node and
    /// time limit [default: 1000000 nodes, 10 s].
    #[command(flatten)]
    watch: WatchArgs,
    /// With --algo fast or mac: draw the domain-splitting tree's first 500
    /// nodes as SVG (each decision `12-across = WORD` under the one in
    /// force, the path to the fill green), and Graphviz DOT beside it
    /// (FILE.dot).
    #[arg(long, value_name = "FILE")]
    tree_svg: Option<PathBuf>,
}

#[derive(Debug, Args)]
struct CheckArgs {
    /// JSON records of `fill --json`, or a filled grid; '-' or nothing for stdin.
    input: Option<String>,
    /// The word list to check against (default: each record's own, else the built-in list).
    #[arg(long, value_name = "LIST")]
    words: Option<String>,
    /// Leave out words scoring below S.
    #[arg(long, value_name = "S", allow_negative_numbers = true)]
    min_score: Option<i32>,
    /// The template a filled grid must keep (blocks and pre-filled letters);
    /// JSON records must carry this template.
    #[arg(long, value_name = "FILE")]
    template: Option<String>,
    /// Accept a word filling more than one entry.
    #[arg(long)]
    allow_repeats: bool,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    cli_kit::finish(PROGRAM, run(cli))
}

fn run(cli: Cli) -> anyhow::Result<ExitCode> {
    match cli.command {
        Command::Fill(args) => fill(args),
        Command::Check(args) => {
            let input = cli_kit::Input::read(args.input.as_deref().map(Path::new))?;
            let template = match args.template.as_deref() {
                Some(path) => {
                    let (name, bytes) = cli::read_template(Some(path))?;
                    let grid: Grid = cli::parse_template(&bytes)
                        .map_err(|message| anyhow::anyhow!("{name}: {message}"))?;
                    Some(grid)
                }
                None => None,
            };
            let mut checker = Checker::new(args.words, args.min_score, args.allow_repeats)
                .with_template(template.clone());
            cli_kit::run_check(
                PROGRAM,
                cli::check_claims(&input.text, template.as_ref()),
                |record| checker.check_record(record),
            )
        }
    }
}

fn fill(args: FillArgs) -> anyhow::Result<ExitCode> {
    let not_for = |flag: &str, algos: &str| {
        cli_kit::usage_error::<Cli>(format!(
            "{flag} does not apply to --algo {} (only to {algos})",
            args.algo.name()
        ))
    };
    if let Some(misfit) = args.watch.misfit(args.json, args.stats) {
        cli_kit::usage_error::<Cli>(misfit);
    }
    if args.tree_svg.is_some() {
        if args.watch.compare {
            cli_kit::usage_error::<Cli>(
                "--compare runs every algorithm: draw one tree with --algo instead",
            );
        }
        if !crossword::watch::has_tree(args.algo) {
            not_for("--tree-svg", "fast and mac: ac3 makes no decision");
        }
    }
    if args.watch.compare {
        if args.count {
            cli_kit::usage_error::<Cli>(
                "--compare fills the grid once with every algorithm: count with one --algo instead",
            );
        }
        if args.svg.is_some() {
            cli_kit::usage_error::<Cli>(
                "--compare draws no fill: draw one with --svg and one --algo instead",
            );
        }
    }
    if args.seed.is_some() && args.algo != Algo::Fast {
        not_for("--seed", "fast");
    }
    if args.algo == Algo::Ac3 {
        if args.count {
            not_for("--count", "fast and mac");
        }
        if args.node_limit.is_some() || args.time_limit.is_some() {
            not_for(
                "--node-limit and --time-limit",
                "fast and mac: ac3 does not search",
            );
        }
    }
    if args.format == OutputFormat::Ipuz {
        if args.count {
            cli_kit::usage_error::<Cli>(
                "--count does not apply to --format ipuz: an ipuz file holds a fill, not a count (use --json or the text view)",
            );
        }
        if args.watch.trace {
            cli_kit::usage_error::<Cli>(
                "--trace does not apply to --format ipuz: the trace is a text view of its own (leave out --format ipuz)",
            );
        }
        if args.watch.events_to_stdout() {
            cli_kit::usage_error::<Cli>(
                "--events - and --format ipuz both write to stdout: give --events a file",
            );
        }
        if args.watch.compare {
            cli_kit::usage_error::<Cli>(
                "--compare does not apply to --format ipuz: it writes a table (leave out --format ipuz)",
            );
        }
    }
    if args
        .time_limit
        .is_some_and(|seconds| !(0.0..1e9).contains(&seconds))
    {
        cli_kit::usage_error::<Cli>("--time-limit: expected a number of seconds");
    }
    let builtin = matches!(args.words.as_deref(), None | Some("default"));
    let words = match cli::load_words(args.words.as_deref(), args.min_score, args.allow_offensive) {
        // Only the flag can empty the built-in list: a usage error.
        Err(_) if builtin => cli_kit::usage_error::<Cli>(format!(
            "--min-score {}: no word of the built-in list scores that much (its scores are 30 to 90)",
            args.min_score.unwrap_or_default()
        )),
        words => words?,
    };
    let (name, bytes) = cli::read_template(args.input.as_deref())?;
    let count_limit = args.count.then(|| args.limit.unwrap_or(1000));
    let mut options = Options::new(args.algo)
        .shared_words(Arc::new(words))
        .allow_repeats(args.allow_repeats)
        .trace(args.watch.trace)
        .count_up_to(count_limit.unwrap_or(1));
    if let Some(seed) = args.seed {
        options = options.seed(seed);
    }
    if let Some(nodes) = args.node_limit {
        options = options.node_limit(nodes);
    }
    if let Some(seconds) = args.time_limit {
        options = options.time_limit(Duration::from_secs_f64(seconds));
    }
    let mut report = FillReport {
        algo: args.algo,
        words: WordSource {
            name: args.words.clone().unwrap_or_else(|| "default".to_owned()),
            min_score: args.min_score,
        },
        allow_repeats: args.allow_repeats,
        json: args.json,
        format: args.format,
        stats: args.stats,
        trace: args.watch.trace,
        count_limit,
    };
    if args.watch.compare {
        let grid =
            cli::parse_template(&bytes).map_err(|message| anyhow::anyhow!("{name}: {message}"))?;
        let table = cli_kit::app::compare(&grid, &options);
        let mut out = BufWriter::new(io::stdout().lock());
        if args.json {
            table
                .field("template", grid.to_rows())
                .write_json(&mut out)?;
        } else {
            out.write_all(table.to_text().as_bytes())?;
        }
        out.flush()?;
        return Ok(ExitCode::SUCCESS);
    }
    // Whether a fill is unique: asked of every fill but counts and ipuz
    // files (which hold neither).
    let unique = !args.count && args.format != OutputFormat::Ipuz;
    let watching = args.watch.trace || args.watch.events.is_some() || args.tree_svg.is_some();
    let mut events = args.watch.open_events()?;
    let mut tree = args.tree_svg.as_ref().map(|_| SearchTree::new(""));
    // The fill is made before the batch writes it, so that the trace
    // lines come before the answer.
    let watched = watching.then(|| {
        let mut out = BufWriter::new(io::stdout().lock());
        let limit = args
            .watch
            .events_limit
            .unwrap_or(cli_kit::DEFAULT_EVENTS_LIMIT);
        // ac3's trace is AC-3's revision table, written with the answer.
        let mut trace =
            (args.watch.trace && args.algo != Algo::Ac3).then(|| Trace::new(&mut out, limit));
        let watch = Watch {
            sinks: Sinks {
                events: events.as_mut(),
                trace: trace.as_mut(),
            },
            tree: tree.as_mut(),
        };
        let filled = cli::fill_item_watched(&bytes, &options, unique, watch);
        // A trace that could not be written (a closed pipe) is told by
        // the answer's write to the same stdout, which ends the run.
        drop(trace);
        let _ = out.flush();
        filled
    });
    if let Some(events) = events {
        events
            .finish()
            .map_err(|error| anyhow::Error::new(error).context("cannot write the events"))?;
    }
    if let (Some(path), Some(tree)) = (&args.tree_svg, &tree) {
        cli_kit::write_tree(path, tree)?;
    }
    let solve = |bytes: &Vec<u8>| {
        let filled = match &watched {
            Some(filled) => filled.clone()?,
            None => cli::fill_item(bytes, &options, unique)?,
        };
        if let Some(target) = &args.svg {
            let picture = crossword::svg::render_outcome(filled.problem.grid(), &filled.outcome);
            std::fs::write(target, picture)
                .map_err(|error| format!("writing {}: {error}", target.display()))?;
        }
        Ok(filled)
    };
    let batch = cli_kit::Batch::new(PROGRAM, &name).threads(Some(1));
    if args.watch.events_to_stdout() {
        // The events took stdout: the human view is left out.
        let tally = batch.run_to(&mut io::sink(), &[bytes], solve, &mut report)?;
        return Ok(tally.exit());
    }
    batch.run(&[bytes], solve, &mut report)
}
