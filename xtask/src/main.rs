//! Workspace automation, run as `cargo xtask <command>` (see `cargo xtask --help`).

mod bench;
mod browser;
mod ci;
mod demo;
mod examples;
mod fixtures;
mod new_puzzle;
mod python;
mod verify;
mod workspace;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

#[derive(Parser)]
#[command(
    name = "cargo xtask",
    about = "Workspace automation for the puzzle solvers"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Run every fixture case in fixtures/<crate>/ against the crate's release binary.
    Verify {
        /// Only these crates (default: every folder under fixtures/).
        crates: Vec<String>,
        /// Check sudoku's explained path on every rated puzzle (and every
        /// 50th 17-clue one) instead of a sample; takes much longer.
        #[arg(long)]
        explain_all: bool,
        /// Read the rated puzzles from DIR (every `*.tsv` in it, lines of
        /// puzzle, ER and optionally EP, ED) instead of fixtures/sudoku/rated:
        /// for rated sets that may not ship with the repository.
        #[arg(long, value_name = "DIR")]
        rated: Option<std::path::PathBuf>,
    },
    /// Time our solvers against their peers, interleaved; print a Markdown table
    /// and write target/bench/<crate>.json (and its ratios as a bar chart, <crate>.svg).
    Bench {
        /// Only this crate (default: every crate with a folder in benches/).
        krate: Option<String>,
        /// Only workloads whose name contains this text.
        #[arg(long)]
        filter: Option<String>,
        /// Timed runs per side of each workload; the median is reported.
        #[arg(long, default_value_t = 5)]
        runs: usize,
    },
    /// Run the fixture cases marked `demo = true` of every registered puzzle and print them.
    Demo,
    /// Run every console example of the READMEs and compare its output with
    /// what the README shows.
    Examples {
        /// Only these Markdown files, relative to the workspace root (default:
        /// README.md and every crates/*/README.md).
        files: Vec<String>,
    },
    /// The explorer's end-to-end tests in Chromium (playwright-core from npm).
    Browser,
    /// Build the Python package into target/python-venv (pip install ./python)
    /// and run its pytest suite, the Dask tests included.
    Python,
    /// Start a puzzle crate: crates/NAME (a working example puzzle, Latin
    /// square completion, to replace by your own), fixtures/NAME and its two
    /// lines in crates/registry. See README.md, "Adding a puzzle crate".
    NewPuzzle {
        /// The crate's name: lowercase ASCII letters and digits, words joined by '-'.
        #[arg(required_unless_present = "check")]
        name: Option<String>,
        /// Instead, what `cargo xtask ci` runs of the scaffold: new-puzzle in a
        /// temporary copy of the repository, then build, clippy, doc, tests,
        /// verify and README examples of the new crate and the registry there.
        #[arg(long, conflicts_with = "name")]
        check: bool,
    },
    /// Everything CI checks: fmt, clippy -D warnings, tests (snapshots must match), verify.
    Ci,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Verify {
            crates,
            explain_all,
            rated,
        } => verify::run(&crates, explain_all, rated.as_deref()),
        Command::Bench {
            krate,
            filter,
            runs,
        } => bench::run(krate.as_deref(), filter.as_deref(), runs),
        Command::Demo => demo::run(),
        Command::Examples { files } => examples::run(&files),
        Command::Browser => browser::run().map(|_| ()),
        Command::Python => python::run(),
        Command::NewPuzzle { check: true, .. } => ci::scaffold_check(),
        Command::NewPuzzle { name, .. } => new_puzzle::run(name.as_deref().unwrap_or_default()),
        Command::Ci => ci::run(),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("xtask: {error:#}");
            ExitCode::FAILURE
        }
    }
}
