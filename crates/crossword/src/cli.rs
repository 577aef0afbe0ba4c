//! What the `crossword` binary adds on cli-kit: reading the template,
//! [`fill`] itself over cli-kit's shared flags ([`SolveFlags`]) and watch
//! session (the record fields and the views are in [`crate::app`]), and
//! [`check()`] of the JSON records of `fill --json`, on cli-kit's check
//! pipeline with one [`Checker`]. Behind the `cli` feature.

use std::io::{self, Read};
use std::path::Path;
use std::process::ExitCode;
use std::sync::Arc;

use anyhow::Context;
use cli_kit::{SolveFlags, SolveRun};

pub use crate::app::{Checker, OutputFormat};

use crate::app::{FillView, WordSource, load_words, parse_template};
use crate::{Algo, Grid, MAX_SIDE, Options};

/// The largest template file read (a `.puz` or ipuz of a 255x255 grid with
/// clues is far smaller).
pub const MAX_TEMPLATE_BYTES: u64 = 16 << 20;

/// Reads a template's bytes from `path` (stdin for `-` or none): the
/// input's name and its bytes, unchanged (a `.puz` is binary).
pub fn read_template(path: Option<&str>) -> anyhow::Result<(String, Vec<u8>)> {
    let (name, what, reader): (&str, &str, Box<dyn Read>) = match path {
        None | Some("-") => ("<stdin>", "stdin", Box::new(io::stdin().lock())),
        Some(path) => {
            let file = std::fs::File::open(path).with_context(|| format!("cannot read {path}"))?;
            (path, path, Box::new(file))
        }
    };
    let mut bytes = Vec::new();
    reader
        .take(MAX_TEMPLATE_BYTES + 1)
        .read_to_end(&mut bytes)
        .with_context(|| format!("cannot read {what}"))?;
    anyhow::ensure!(
        bytes.len() as u64 <= MAX_TEMPLATE_BYTES,
        "{name}: byte {MAX_TEMPLATE_BYTES}: more than {} MB, expected a crossword template (a grid of at most {MAX_SIDE} x {MAX_SIDE} cells)",
        MAX_TEMPLATE_BYTES >> 20
    );
    Ok((name.to_owned(), bytes))
}

/// `fill`'s arguments: the shared flags and the crate's own.
#[derive(Debug, clap::Args)]
// --node-limit 0 stops at the root (a limit record), as it always did.
#[command(mut_arg("node_limit", |arg| arg.value_parser(clap::value_parser!(u64))))]
#[command(mut_arg("limit", |arg| arg.help("The most fills to count [default: 1000]").long_help(None)))]
pub struct FillRun {
    /// The template: a text grid, a .puz or an ipuz file; '-' or nothing for stdin.
    pub input: Option<String>,
    /// The word list: one word per line, or `word;score` lines (default: the built-in list).
    #[arg(long, value_name = "LIST")]
    pub words: Option<String>,
    /// Leave out words scoring below S.
    #[arg(long, value_name = "S", allow_negative_numbers = true)]
    pub min_score: Option<i32>,
    /// Seed of fast's random choices among near-equal words and slots (the same seed, the same fill).
    #[arg(long, value_name = "N")]
    pub seed: Option<u64>,
    /// Let a word fill more than one entry.
    #[arg(long)]
    pub allow_repeats: bool,
    /// Keep the offensive words (slurs, obscenities: data/offensive.txt) the built-in list leaves out; a --words list is used as given.
    #[arg(long)]
    pub allow_offensive: bool,
    /// Output form of the fill. With ipuz, stdout carries the ipuz file and
    /// nothing else: the --stats line and the message of an unfilled grid
    /// go to stderr, and --count and --trace, whose results an ipuz file
    /// cannot hold, are usage errors.
    #[arg(long, value_enum, default_value_t = OutputFormat::Text, conflicts_with = "json")]
    pub format: OutputFormat,
    /// The flags every solving subcommand shares (`--count` counts fills
    /// exactly, up to --limit, 1000 unless it says; `--trace` with --algo
    /// ac3 is AC-3's revision table; `--tree-svg` draws the decisions of
    /// fast or mac; `--compare` runs fast, mac and ac3).
    #[command(flatten)]
    pub shared: SolveFlags<Algo>,
}

/// `fill`: checks the flags (a misfit is a usage error of `Cli`, exit 2:
/// the shared ones by [`SolveFlags::misfit`], then crossword's own), reads
/// the word list and the template's bytes, and hands them to cli-kit's
/// driver (`cli_kit::driver::solve`), which runs `--compare`, the watched
/// fill or the fill, shown as [`FillView`] says.
///
/// # Errors
///
/// An input that cannot be read, a template `--compare` cannot read, an
/// output that cannot be written.
pub fn fill<Cli: clap::CommandFactory>(args: FillRun) -> anyhow::Result<ExitCode> {
    let mut flags = args.shared;
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
    let words = match load_words(args.words.as_deref(), args.min_score, args.allow_offensive) {
        // Only the flag can empty the built-in list: a usage error.
        Err(_) if builtin => cli_kit::usage_error::<Cli>(format!(
            "--min-score {}: no word of the built-in list scores that much (its scores are 30 to 90)",
            args.min_score.unwrap_or_default()
        )),
        words => words?,
    };
    let (name, bytes) = read_template(args.input.as_deref())?;
    if flags.count {
        flags.limit.get_or_insert(1000);
    }
    let mut options = flags
        .options::<Options>()
        .shared_words(Arc::new(words))
        .allow_repeats(args.allow_repeats)
        .trace(flags.watch.trace);
    // The shared flags have no seed: fast's is crossword's own.
    options.limits.seed = args.seed;
    if flags.watch.compare {
        // A template --compare cannot read is named as the input.
        parse_template(&bytes).map_err(|message| anyhow::anyhow!("{name}: {message}"))?;
    }
    let view = FillView {
        algo: flags.algo,
        words: WordSource {
            name: args.words.unwrap_or_else(|| "default".to_owned()),
            min_score: args.min_score,
        },
        allow_repeats: args.allow_repeats,
        format: args.format,
        trace: flags.watch.trace,
        count_limit: options.limits.count_up_to,
        list: options.words.clone(),
    };
    cli_kit::driver::solve::<Grid, Cli>(SolveRun {
        flags: &flags,
        file: None,
        input: Some(cli_kit::Input {
            name,
            text: String::new(),
        }),
        reading: Some(bytes),
        view,
        threads: Some(1),
        options: Some(options),
    })
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

/// `check`'s arguments.
#[derive(Debug, clap::Args)]
pub struct CheckRun {
    /// JSON records of `fill --json`; '-' or nothing for stdin.
    pub input: Option<String>,
    /// The word list to check against (default: each record's own, else the built-in list).
    #[arg(long, value_name = "LIST")]
    pub words: Option<String>,
    /// Leave out words scoring below S.
    #[arg(long, value_name = "S", allow_negative_numbers = true)]
    pub min_score: Option<i32>,
    /// The template the records must carry (a record without one is
    /// checked against it: its blocks and pre-filled letters).
    #[arg(long, value_name = "FILE")]
    pub template: Option<String>,
    /// Accept a word filling more than one entry.
    #[arg(long)]
    pub allow_repeats: bool,
}

/// `check`: the JSON records of `fill --json` in `args.input` (stdin for
/// `None` or `-`), each checked by one [`Checker`] of the arguments,
/// against the template of `--template` when given; exit 0 when every
/// record passed.
///
/// # Errors
///
/// An input or template that cannot be read, an output that cannot be
/// written.
pub fn check(args: CheckRun) -> anyhow::Result<ExitCode> {
    let input = cli_kit::Input::read(args.input.as_deref().map(Path::new))?;
    let template = match args.template {
        Some(path) => {
            let (name, bytes) = read_template(Some(&path))?;
            Some(parse_template(&bytes).map_err(|message| anyhow::anyhow!("{name}: {message}"))?)
        }
        None => None,
    };
    let mut checker =
        Checker::new(args.words, args.min_score, args.allow_repeats).with_template(template);
    cli_kit::driver::check_input_with::<Grid>(&input, |record| checker.check_record(record))
}
