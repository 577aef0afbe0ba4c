//! The `akari` command: argument definitions, and calls into cli-kit's
//! driver, which reads, solves, shows and checks through the library's
//! application traits; no output format or exit code is decided here.

use std::path::Path;
use std::process::ExitCode;

use akari::app::AkariView;
use akari::{Akari, Algo, Format, formats};
use clap::{Parser, Subcommand};
use cli_kit::{Input, SolveFlags, SolveRun};

const PROGRAM: &str = "akari";

const EXIT_CODES: &str = "Exit codes: 0 solved (or counted); 1 bad input or I/O error (the \
message names the file, line and column), or for check a record that fails; 2 usage error; 3 the \
puzzle has no solution; 4 a limit was reached before an answer.";

#[derive(Parser)]
#[command(
    name = "akari",
    version,
    about = "Akari (Light Up): solve, count, check and convert puzzles",
    long_about = "Akari (Light Up): solve, count, check and convert puzzles. Input is told by its \
content: a puzz.link URL (https://puzz.link/p?lightup/COLS/ROWS/BODY, or akari/...) or a game ID \
of Simon Tatham's Light Up (7x7:b1g0i1a2cBa3i2g2b), on the command line or one per line of a \
file (a batch); a pzprv3 file; or a drawing ('.' white, '#' black, '0'-'4' numbered).",
    after_help = EXIT_CODES
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Solve puzzles: a puzz.link URL or a game ID of Simon Tatham's
    /// Light Up given as the argument; or a file (stdin when absent or
    /// '-') of such lines, one puzzle each (a batch); or one pzprv3 file
    /// or drawing (rows of '.' white, '#' black, '0'-'4' numbered, by
    /// lines or with '/' between).
    #[command(after_help = EXIT_CODES)]
    Solve(SolveArgs),
    /// Write each puzzle of the input in another form (a solution's
    /// bulbs kept where the form holds them: the drawing, pzprv3).
    #[command(after_help = EXIT_CODES)]
    Convert(ConvertArgs),
    /// Check `solve --json` records on stdin by the independent checker (each solution against
    /// its "puzzle", "unsolvable" by a search of its own); exit 0 when all pass.
    #[command(after_help = EXIT_CODES)]
    Check,
}

#[derive(clap::Args)]
struct SolveArgs {
    /// A URL, a game ID, a puzzle file, or `-` / nothing for stdin.
    input: Option<String>,
    /// How a solved puzzle is written: the drawing (text); its URL or
    /// game ID with the drawing under it as '# ' comments; or the pzprv3
    /// file with its bulbs as the answer, as puzz.link saves one.
    #[arg(long, value_enum, default_value_t = Format::Text, conflicts_with = "json")]
    format: Format,
    /// Threads for a batch (default: one per core).
    #[arg(long, value_name = "T")]
    threads: Option<usize>,
    #[command(flatten)]
    shared: SolveFlags<Algo>,
}

#[derive(clap::Args)]
struct ConvertArgs {
    /// A URL, a game ID, a puzzle file, or `-` / nothing for stdin.
    input: Option<String>,
    /// Output form.
    #[arg(long, value_enum, default_value_t = Format::Url)]
    format: Format,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    cli_kit::finish(PROGRAM, run(cli.command))
}

fn run(command: Command) -> anyhow::Result<ExitCode> {
    match command {
        Command::Solve(args) => {
            let input = cli_kit::command_line(args.input.as_deref(), formats::is_one_line);
            let file = args.input.as_deref().filter(|_| input.is_none());
            cli_kit::driver::solve::<Akari, Cli>(SolveRun {
                flags: &args.shared,
                file: file.map(Path::new),
                input,
                reading: (),
                view: AkariView {
                    format: args.format,
                },
                threads: args.threads,
                options: None,
            })
        }
        Command::Convert(args) => {
            let input = Input::argument(args.input.as_deref(), formats::is_one_line)?;
            let items = akari::app::BATCH.items(&input);
            cli_kit::driver::convert_to_stdout(PROGRAM, &input, &items, |item| {
                akari::app::converted(item, args.format)
            })
        }
        Command::Check => cli_kit::driver::check::<Akari>(None),
    }
}
