//! The `gogen` command: solve a Gogen grid, count its solutions, check a
//! solution. Exit codes (cli-kit's): 0 solved, 1 bad input, 2 usage, 3 no
//! solution, 4 limit reached.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use clap::{Parser, Subcommand};
use cli_kit::{Input, SolveFlags, SolveRun};
use gogen::cli::{self, GogenView};
use gogen::{Algo, Puzzle};

const EXIT_CODES: &str = "Exit codes: 0 solved (or counted); 1 bad input or I/O error (the \
message names the file, line and column), or for check a record that fails; 2 usage error; 3 the \
puzzle has no solution; 4 a node or memory limit was reached before an answer.";

#[derive(Parser)]
#[command(name = "gogen", version, about = "Solve Gogen letter grids", after_help = EXIT_CODES)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Solve a puzzle: a puzzle file (five grid lines, a blank line, the
    /// words), or with --letters a words file (the count, then one
    /// word per line).
    #[command(after_help = EXIT_CODES)]
    Solve(SolveArgs),
    /// Check `gogen solve --json` records on stdin against the rules: a solution must keep the givens and trace every
    /// word (and its `paths` spell each word through touching cells); an
    /// "unsolvable" claim is confirmed by an exhaustive search when that is
    /// cheap. Every failure is reported; exit 0 when all records pass.
    #[command(after_help = EXIT_CODES)]
    Check {
        /// The puzzle file the records are for.
        puzzle: PathBuf,
        /// The nine standard given letters, when the file is a words file.
        #[arg(long, value_parser = cli::nine_letters)]
        letters: Option<String>,
    },
}

#[derive(clap::Args)]
struct SolveArgs {
    /// Puzzle file, or `-` / nothing for stdin.
    file: Option<PathBuf>,
    /// The nine letters of the standard given cells (corners, edge middles,
    /// centre, row by row); the file is then a words file (the count, then the words).
    #[arg(long, value_parser = cli::nine_letters)]
    letters: Option<String>,
    /// Print every word highlighted on its own grid, as the course formulation does.
    #[arg(long, conflicts_with = "json")]
    show_words: bool,
    #[command(flatten)]
    shared: SolveFlags<Algo>,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    cli_kit::finish("gogen", run(cli.command))
}

fn run(command: Command) -> anyhow::Result<ExitCode> {
    match command {
        Command::Solve(args) => cli_kit::driver::solve::<Puzzle, Cli>(SolveRun {
            flags: &args.shared,
            file: args.file.as_deref(),
            input: None,
            reading: args.letters,
            view: GogenView {
                show_words: args.show_words,
            },
            // One puzzle per input: the whole text is the batch's one item.
            threads: Some(1),
            options: None,
        }),
        Command::Check { puzzle, letters } => {
            let input = Input::read(Some(&puzzle))?;
            let puzzle = <Puzzle as cli_kit::App>::read(&input.text, &letters)
                .map_err(anyhow::Error::msg)
                .with_context(|| input.name.clone())?;
            cli_kit::driver::check(Some(&puzzle))
        }
    }
}
