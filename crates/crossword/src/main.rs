//! The `crossword` command line: argument definitions and calls into the
//! library's `cli` module and cli-kit; no output format or exit code is
//! decided here.

use std::io::{self, BufWriter, Write};
use std::path::Path;
use std::process::ExitCode;
use std::sync::Arc;

use clap::{Args, Parser, Subcommand};
use cli_kit::{SolveFlags, WatchSession};
use crossword::cli::{self, Checker, FillReport, OutputFormat, WordSource};
use crossword::watch::Watch;
use crossword::{Algo, Grid, Options};

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
    /// (or in FILE), against --template when given.
    Check(CheckArgs),
}

#[derive(Debug, Args)]
// --node-limit 0 stops at the root (a limit record), as it always did.
#[command(mut_arg("node_limit", |arg| arg.value_parser(clap::value_parser!(u64))))]
#[command(mut_arg("limit", |arg| arg.help("The most fills to count [default: 1000]").long_help(None)))]
struct FillArgs {
    /// The template: a text grid, a .puz or an ipuz file; '-' or nothing for stdin.
    input: Option<String>,
    /// The word list: one word per line, or `word;score` lines (default: the built-in list).
    #[arg(long, value_name = "LIST")]
    words: Option<String>,
    /// Leave out words scoring below S.
    #[arg(long, value_name = "S", allow_negative_numbers = true)]
    min_score: Option<i32>,
    /// Seed of fast's random choices among near-equal words and slots (the same seed, the same fill).
    #[arg(long, value_name = "N")]
    seed: Option<u64>,
    /// Let a word fill more than one entry.
    #[arg(long)]
    allow_repeats: bool,
    /// Keep the offensive words (slurs, obscenities: data/offensive.txt) the built-in list leaves out; a --words list is used as given.
    #[arg(long)]
    allow_offensive: bool,
    /// Output form of the fill. With ipuz, stdout carries the ipuz file and
    /// nothing else: the --stats line and the message of an unfilled grid
    /// go to stderr, and --count and --trace, whose results an ipuz file
    /// cannot hold, are usage errors.
    #[arg(long, value_enum, default_value_t = OutputFormat::Text, conflicts_with = "json")]
    format: OutputFormat,
    /// The flags every solving subcommand shares (`--count` counts fills
    /// exactly, up to --limit, 1000 unless it says; `--trace` with --algo
    /// ac3 is AC-3's revision table; `--tree-svg` draws the decisions of
    /// fast or mac; `--compare` runs fast, mac and ac3).
    #[command(flatten)]
    shared: SolveFlags<Algo>,
}

#[derive(Debug, Args)]
struct CheckArgs {
    /// JSON records of `fill --json`; '-' or nothing for stdin.
    input: Option<String>,
    /// The word list to check against (default: each record's own, else the built-in list).
    #[arg(long, value_name = "LIST")]
    words: Option<String>,
    /// Leave out words scoring below S.
    #[arg(long, value_name = "S", allow_negative_numbers = true)]
    min_score: Option<i32>,
    /// The template the records must carry (a record without one is
    /// checked against it: its blocks and pre-filled letters).
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
            cli_kit::run_check(PROGRAM, cli::check_claims(&input.text), |record| {
                checker.check_record(record)
            })
        }
    }
}

fn fill(args: FillArgs) -> anyhow::Result<ExitCode> {
    let mut flags = args.shared.clone();
    if let Some(message) = flags.misfit::<Grid>() {
        cli_kit::usage_error::<Cli>(message);
    }
    if flags.watch.compare && flags.count {
        cli_kit::usage_error::<Cli>(
            "--compare fills the grid once with every algorithm: count with one --algo instead",
        );
    }
    if flags.watch.compare && flags.svg.is_some() {
        cli_kit::usage_error::<Cli>(
            "--compare draws no fill: draw one with --svg and one --algo instead",
        );
    }
    if args.seed.is_some() && flags.algo != Algo::Fast {
        cli_kit::usage_error::<Cli>(format!(
            "--seed does not apply to --algo {} (only to fast)",
            flags.algo.name()
        ));
    }
    if let Some(message) = ipuz_misfit(args.format, &flags) {
        cli_kit::usage_error::<Cli>(message);
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
    if flags.count {
        flags.limit.get_or_insert(1000);
    }
    let mut options: Options = flags.options();
    options = options
        .shared_words(Arc::new(words))
        .allow_repeats(args.allow_repeats)
        .trace(flags.watch.trace);
    if let Some(seed) = args.seed {
        options = options.seed(seed);
    }
    if flags.watch.compare {
        let grid =
            cli::parse_template(&bytes).map_err(|message| anyhow::anyhow!("{name}: {message}"))?;
        let table = cli_kit::app::compare(&grid, &options);
        let mut out = BufWriter::new(io::stdout().lock());
        if flags.json {
            table
                .field("template", grid.to_rows())
                .write_json(&mut out)?;
        } else {
            out.write_all(table.to_text().as_bytes())?;
        }
        out.flush()?;
        return Ok(ExitCode::SUCCESS);
    }
    let mut report = FillReport {
        algo: flags.algo,
        words: WordSource {
            name: args.words.clone().unwrap_or_else(|| "default".to_owned()),
            min_score: args.min_score,
        },
        allow_repeats: args.allow_repeats,
        json: flags.json,
        format: args.format,
        stats: flags.stats,
        trace: flags.watch.trace,
        count_limit: flags.count.then_some(options.limits.count_up_to),
    };
    // Whether a fill is unique: asked of every fill but counts and ipuz
    // files (which hold neither).
    let unique = !flags.count && args.format != OutputFormat::Ipuz;
    let session = flags
        .watching()
        .then(|| WatchSession::open(&flags.watch, flags.tree_svg.as_deref()))
        .transpose()?;
    let solve = |bytes: &Vec<u8>| {
        let filled = match &session {
            // fill_watched writes the run event itself; ac3's trace is
            // AC-3's revision table, written with the answer.
            Some(session) => session.run(
                |_| {},
                |mut sinks, tree| {
                    if flags.algo == Algo::Ac3 {
                        sinks.trace = None;
                    }
                    cli::fill_item_watched(bytes, &options, unique, Watch { sinks, tree })
                },
            )?,
            None => cli::fill_item(bytes, &options, unique)?,
        };
        if let Some(target) = &flags.svg {
            let picture = crossword::svg::render_outcome(filled.problem.grid(), &filled.outcome);
            std::fs::write(target, picture)
                .map_err(|error| format!("writing {}: {error}", target.display()))?;
        }
        Ok(filled)
    };
    let batch = cli_kit::Batch::new(PROGRAM, &name).threads(Some(1));
    let Some(open) = &session else {
        return batch.run(&[bytes], solve, &mut report);
    };
    let mut view_out = open.view_out();
    let tally = batch.run_to(&mut view_out, &[bytes], solve, &mut report)?;
    drop(view_out);
    if let Some(session) = session {
        session.finish()?;
    }
    Ok(tally.exit())
}

/// What `--format ipuz` cannot go with: an ipuz file holds a fill, and
/// stdout carries it alone.
fn ipuz_misfit(format: OutputFormat, flags: &SolveFlags<Algo>) -> Option<&'static str> {
    if format != OutputFormat::Ipuz {
        None
    } else if flags.count {
        Some(
            "--count does not apply to --format ipuz: an ipuz file holds a fill, not a count (use --json or the text view)",
        )
    } else if flags.watch.trace {
        Some(
            "--trace does not apply to --format ipuz: the trace is a text view of its own (leave out --format ipuz)",
        )
    } else if flags.watch.events_to_stdout() {
        Some("--events - and --format ipuz both write to stdout: give --events a file")
    } else if flags.watch.compare {
        Some(
            "--compare does not apply to --format ipuz: it writes a table (leave out --format ipuz)",
        )
    } else {
        None
    }
}
