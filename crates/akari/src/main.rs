//! The `akari` command: its `--help` text, and a call into cli-kit's
//! driver of puzzles kept in several forms, which reads, solves, shows,
//! converts and checks through the library's application traits.

use std::process::ExitCode;

use akari::{Akari, Algo, Format};
use clap::Parser;
use cli_kit::forms::FormsCommand;

#[derive(Parser)]
#[command(
    name = "akari",
    version,
    about = "Akari (Light Up): solve, count, check and convert puzzles",
    long_about = "Akari (Light Up): solve, count, check and convert puzzles. Input is told by its \
content: a puzz.link URL (https://puzz.link/p?lightup/COLS/ROWS/BODY, or akari/...) or a game ID \
of Simon Tatham's Light Up (7x7:b1g0i1a2cBa3i2g2b), on the command line or one per line of a \
file (a batch); a pzprv3 file; or a drawing ('.' white, '#' black, '0'-'4' numbered, by lines or \
with '/' between).",
    after_help = cli_kit::EXIT_CODES
)]
struct Cli {
    #[command(subcommand)]
    command: FormsCommand<Algo, Format>,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    cli_kit::finish(
        "akari",
        cli_kit::forms::run::<Akari, Cli>("akari", cli.command),
    )
}
