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
    let mut bytes = Vec::new();
    let name = match path {
        None | Some("-") => {
            io::stdin()
                .lock()
                .take(MAX_TEMPLATE_BYTES + 1)
                .read_to_end(&mut bytes)
                .context("cannot read stdin")?;
            "<stdin>"
        }
        Some(path) => {
            let file = std::fs::File::open(path).with_context(|| format!("cannot read {path}"))?;
            file.take(MAX_TEMPLATE_BYTES + 1)
                .read_to_end(&mut bytes)
                .with_context(|| format!("cannot read {path}"))?;
            path
        }
    };
    anyhow::ensure!(
        bytes.len() as u64 <= MAX_TEMPLATE_BYTES,
        "{name}: byte {MAX_TEMPLATE_BYTES}: more than {} MB, expected a crossword template (a grid of at most {MAX_SIDE} x {MAX_SIDE} cells)",
        MAX_TEMPLATE_BYTES >> 20
    );
    Ok((name.to_owned(), bytes))
}

/// One `fill` run: the shared flags and the crate's own.
#[derive(Debug)]
pub struct FillRun<'a> {
    /// The shared flags.
    pub flags: &'a SolveFlags<Algo>,
    /// The template file, or stdin for `None` or `-`.
    pub input: Option<&'a str>,
    /// `--words`: the word list's file, or `default`.
    pub words: Option<&'a str>,
    /// `--min-score`.
    pub min_score: Option<i32>,
    /// `--seed` (fast only).
    pub seed: Option<u64>,
    /// `--allow-repeats`.
    pub allow_repeats: bool,
    /// `--allow-offensive`.
    pub allow_offensive: bool,
    /// `--format`.
    pub format: OutputFormat,
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
pub fn fill<Cli: clap::CommandFactory>(args: FillRun<'_>) -> anyhow::Result<ExitCode> {
    let mut flags = args.flags.clone();
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
    let builtin = matches!(args.words, None | Some("default"));
    let words = match load_words(args.words, args.min_score, args.allow_offensive) {
        // Only the flag can empty the built-in list: a usage error.
        Err(_) if builtin => cli_kit::usage_error::<Cli>(format!(
            "--min-score {}: no word of the built-in list scores that much (its scores are 30 to 90)",
            args.min_score.unwrap_or_default()
        )),
        words => words?,
    };
    let (name, bytes) = read_template(args.input)?;
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
        // A template --compare cannot read is named as the input.
        parse_template(&bytes).map_err(|message| anyhow::anyhow!("{name}: {message}"))?;
    }
    let view = FillView {
        algo: flags.algo,
        words: WordSource {
            name: args.words.unwrap_or("default").to_owned(),
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

/// `check`: the JSON records of `fill --json` in `input` (stdin for `None`
/// or `-`), each checked by `checker`, against the template of `template`
/// when given; exit 0 when every record passed.
///
/// # Errors
///
/// An input or template that cannot be read, an output that cannot be
/// written.
pub fn check(
    input: Option<&str>,
    template: Option<&str>,
    checker: Checker,
) -> anyhow::Result<ExitCode> {
    let input = cli_kit::Input::read(input.map(Path::new))?;
    let template = match template {
        Some(path) => {
            let (name, bytes) = read_template(Some(path))?;
            Some(parse_template(&bytes).map_err(|message| anyhow::anyhow!("{name}: {message}"))?)
        }
        None => None,
    };
    let mut checker = checker.with_template(template);
    cli_kit::driver::check_input_with::<Grid>(&input, |record| checker.check_record(record))
}
