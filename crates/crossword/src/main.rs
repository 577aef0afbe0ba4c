//! The `crossword` command line: argument definitions and calls into the
//! library's `cli` module and cli-kit; no output format or exit code is
//! decided here.

use std::process::ExitCode;

use clap::{Args, Parser, Subcommand};
use cli_kit::SolveFlags;
use crossword::Algo;
use crossword::cli::{self, Checker, FillRun, OutputFormat};

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
    cli_kit::finish("crossword", run(cli))
}

fn run(cli: Cli) -> anyhow::Result<ExitCode> {
    match cli.command {
        Command::Fill(args) => cli::fill::<Cli>(FillRun {
            flags: &args.shared,
            input: args.input.as_deref(),
            words: args.words.as_deref(),
            min_score: args.min_score,
            seed: args.seed,
            allow_repeats: args.allow_repeats,
            allow_offensive: args.allow_offensive,
            format: args.format,
        }),
        Command::Check(args) => cli::check(
            args.input.as_deref(),
            args.template.as_deref(),
            Checker::new(args.words, args.min_score, args.allow_repeats),
        ),
    }
}
