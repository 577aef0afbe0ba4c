//! The `crossword` command line: its subcommands (their arguments are the
//! library's `cli` module's) and calls into it and cli-kit; no output
//! format or exit code is decided here.

use std::process::ExitCode;

use clap::{Parser, Subcommand};
use crossword::cli::{self, CheckRun, FillRun};

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
    Fill(FillRun),
    /// Check fills independently: JSON records of `fill --json` on stdin
    /// (or in FILE), against --template when given.
    Check(CheckRun),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    cli_kit::finish("crossword", run(cli))
}

fn run(cli: Cli) -> anyhow::Result<ExitCode> {
    match cli.command {
        Command::Fill(args) => cli::fill::<Cli>(args),
        Command::Check(args) => cli::check(args),
    }
}
