//! Puzzles that people keep in several text forms (puzz.link URLs, pzprv3
//! files, game IDs, drawings), some of one line, so that a file of such
//! lines is a batch: what Akari and Ripple Effect share, written once.
//!
//! A crate implements [`Forms`] (how an item is read, how a puzzle is
//! written in each [`Form`]) and gets:
//!
//! - the binary's subcommands ([`FormsCommand`]: `solve` with `--format`,
//!   `convert`, `check`) and [`run`], so that its `main.rs` is its `about`
//!   text and a call;
//! - the human view in any form ([`write_human`]: the puzzle in its form
//!   with the drawing under it as `# ` comments, so that the output reads
//!   back as a batch) and a batch's `line N:` headings ([`write_item`]);
//! - [`convert`], each item of an input written in another form.

use std::io::{self, Write};
use std::path::Path;
use std::process::ExitCode;

use crate::app::{Solved, ViewFlags};
use crate::driver::{App, Item, SolveFlags, SolveRun};
use crate::{Input, LineBatch, Tally};

/// The exit codes of a puzzle binary, for the end of its `--help`.
pub const EXIT_CODES: &str = "Exit codes: 0 solved (or counted); 1 bad input or I/O error (the \
message names the file, line and column), or for check a record that fails; 2 usage error; 3 the \
puzzle has no solution; 4 a limit was reached before an answer.";

/// A form a puzzle is written in (a crate's `Format` enum).
pub trait Form: Copy + Eq + std::fmt::Debug + Send + Sync + 'static {
    /// The drawing, the human view's form (`solve`'s default).
    const DRAWING: Self;
    /// The one-line form of a batch (`convert`'s default).
    const LINE: Self;

    /// Whether the form holds a solution (a pzprv3 file's answer), so
    /// that the human view in it leaves the solved grid out of its
    /// comments.
    fn holds_solution(self) -> bool;
}

/// What [`Forms::read_form`] reads from an item: the puzzle, the solution
/// its text holds, and the warnings of its reading.
pub type FormRead<P> = (P, Option<<P as puzzle_kit::Puzzle>::Solution>, Vec<String>);

/// A puzzle read from and written in several text forms.
pub trait Forms: App<Reading = ()> {
    /// The forms (`--format`).
    type Format: Form;

    /// How an input is read: a batch of one-line forms, or one puzzle.
    const BATCH: LineBatch;

    /// The puzzle of `item`, the solution its text holds (a pzprv3
    /// answer, a solved drawing) and the warnings of its reading; the
    /// message of an error names the line and column (in a batch, the
    /// batch's line).
    ///
    /// # Errors
    ///
    /// The message a bad item is reported with.
    fn read_form(item: &Item) -> Result<FormRead<Self>, String>;

    /// The puzzle written in `format`, ending with a newline; `solution`
    /// where the form holds one.
    fn write_form(&self, format: Self::Format, solution: Option<&Self::Solution>) -> String;
}

/// [`App::read_item`] of a [`Forms`] puzzle: [`Forms::read_form`]
/// without the solution.
///
/// # Errors
///
/// The message a bad item is reported with.
pub fn read_item<P: Forms>(item: &Item) -> Result<(P, Vec<String>), String> {
    P::read_form(item).map(|(puzzle, _, warnings)| (puzzle, warnings))
}

/// The human view of a solve in `format`: in the drawing, `drawing`'s view
/// (also of a puzzle not solved); in another form, the puzzle in it (with
/// its solution where the form holds one), then what the drawing view says
/// as `# ` comments that a reader skips (without the grid when the form
/// already holds the solution: `drawing` opens a solved view with the
/// drawing form of the solution).
///
/// # Errors
///
/// A failed write.
pub fn write_human<P: Forms>(
    out: &mut dyn Write,
    solved: &Solved<P>,
    flags: &ViewFlags,
    format: P::Format,
    drawing: impl Fn(&mut dyn Write, &Solved<P>, &ViewFlags) -> io::Result<()>,
) -> io::Result<()> {
    let Some(solution) = solved.solution().filter(|_| format != P::Format::DRAWING) else {
        return drawing(out, solved, flags);
    };
    let puzzle = &solved.puzzle;
    out.write_all(puzzle.write_form(format, Some(solution)).as_bytes())?;
    let mut text = Vec::new();
    let plain = ViewFlags {
        bold_givens: false,
        ..*flags
    };
    drawing(&mut text, solved, &plain)?;
    // The drawing view opens with the solved grid, as many lines as the
    // drawing form of the solution.
    let skip = if format.holds_solution() {
        let grid = puzzle.write_form(P::Format::DRAWING, Some(solution));
        grid.lines().count()
    } else {
        0
    };
    for line in String::from_utf8_lossy(&text).lines().skip(skip) {
        writeln!(out, "# {line}")?;
    }
    Ok(())
}

/// The human view of one result of a batch ([`crate::app::Show::write_item`]):
/// in the drawing, each result under its `line N:` ([`write_heading`]); in
/// another form each result is its own (a URL or an ID line starts it);
/// nothing for an item that could not be read (its message is on stderr).
///
/// # Errors
///
/// A failed write.
pub fn write_item<P: Forms>(
    out: &mut dyn Write,
    at: (Option<usize>, usize),
    result: Result<&Solved<P>, &str>,
    flags: &ViewFlags,
    format: P::Format,
    drawing: impl Fn(&mut dyn Write, &Solved<P>, &ViewFlags) -> io::Result<()>,
) -> io::Result<()> {
    let Ok(solved) = result else {
        return Ok(());
    };
    if format == P::Format::DRAWING {
        write_heading(out, at)?;
    }
    write_human(out, solved, flags, format, drawing)
}

/// The heading of a result of input line `line` in a batch, after a blank
/// line unless it is the first result (`index` 0): `line 3:`; nothing for
/// an input that is one puzzle (no line).
///
/// # Errors
///
/// A failed write.
pub fn write_heading(out: &mut dyn Write, (line, index): (Option<usize>, usize)) -> io::Result<()> {
    let Some(line) = line else {
        return Ok(());
    };
    if index > 0 {
        writeln!(out)?;
    }
    writeln!(out, "line {line}:")
}

/// Writes each item of `input` in `format` (with the solution its text
/// holds, where the form holds one) to `out`; a bad item's message and
/// each warning on stderr under `program` and the input's name, a bad
/// item counted, so that the others are still written. The tally gives
/// the exit code ([`Tally::exit`]).
///
/// # Errors
///
/// An output that cannot be written.
pub fn convert<P: Forms>(
    program: &str,
    input: &Input,
    format: P::Format,
    out: &mut dyn Write,
) -> io::Result<Tally> {
    let mut tally = Tally::default();
    for item in P::BATCH.items(input) {
        match P::read_form(&item) {
            Ok((puzzle, solution, warnings)) => {
                for warning in warnings {
                    eprintln!("{program}: {}: warning: {warning}", input.name);
                }
                out.write_all(puzzle.write_form(format, solution.as_ref()).as_bytes())?;
                tally.add(crate::Status::Solved);
            }
            Err(message) => {
                eprintln!("{program}: {}: {message}", input.name);
                tally.add(crate::Status::Invalid);
            }
        }
    }
    Ok(tally)
}

/// The input of `solve` and `convert`: a puzzle in a one-line form, a
/// file, or `-` / nothing for stdin.
#[derive(clap::Args, Debug, Clone)]
pub struct InputArg {
    /// A puzzle in a one-line form (a URL, a game ID), a puzzle file, or
    /// `-` / nothing for stdin.
    pub input: Option<String>,
}

/// `convert`'s arguments.
#[derive(clap::Args, Debug, Clone)]
pub struct ConvertArgs<F: Form + clap::ValueEnum> {
    /// The input.
    #[command(flatten)]
    pub input: InputArg,
    /// Output form.
    #[arg(long, value_enum, default_value_t = F::LINE)]
    pub format: F,
}

/// `convert` on stdout: each item of the input written in `--format`
/// ([`convert`]), and the exit code of the tally.
///
/// # Errors
///
/// An input that cannot be read, an output that cannot be written.
pub fn run_convert<P: Forms>(
    program: &str,
    args: &ConvertArgs<P::Format>,
) -> anyhow::Result<ExitCode>
where
    P::Format: clap::ValueEnum,
{
    let input = Input::argument(args.input.input.as_deref(), P::BATCH.is_line)?;
    let mut out = io::BufWriter::new(io::stdout().lock());
    let tally = convert::<P>(program, &input, args.format, &mut out)?;
    out.flush()?;
    Ok(tally.exit())
}

/// The subcommands of a [`Forms`] puzzle's binary.
#[derive(clap::Subcommand, Debug, Clone)]
pub enum FormsCommand<A, F>
where
    A: clap::ValueEnum + Clone + Default + Send + Sync + 'static,
    F: Form + clap::ValueEnum,
{
    /// Solve puzzles: one in a one-line form given as the argument; or a
    /// file (stdin when absent or '-') of such lines, one puzzle each (a
    /// batch), or of one puzzle in any form.
    #[command(after_help = EXIT_CODES)]
    Solve {
        /// The input.
        #[command(flatten)]
        input: InputArg,
        /// How a solved puzzle is written: the drawing; or a one-line
        /// form with the drawing under it as '# ' comments; or a file form
        /// with the solution as its answer.
        #[arg(long, value_enum, default_value_t = F::DRAWING, conflicts_with = "json")]
        format: F,
        /// Threads for a batch (default: one per core).
        #[arg(long, value_name = "T")]
        threads: Option<usize>,
        /// The flags every `solve` shares.
        #[command(flatten)]
        shared: SolveFlags<A>,
    },
    /// Write each puzzle of the input in another form (a solution kept
    /// where the form holds one).
    #[command(after_help = EXIT_CODES)]
    Convert(ConvertArgs<F>),
    /// Check `solve --json` records on stdin by the independent checker
    /// (each solution against its "puzzle", "unsolvable" by a search of
    /// its own); exit 0 when all pass.
    #[command(after_help = EXIT_CODES)]
    Check,
}

/// Runs `command` of `program` for the puzzle `P` (usage errors against
/// `Cli`), its human view in `--format`.
///
/// # Errors
///
/// An input that cannot be read, an output that cannot be written.
pub fn run<P, Cli>(
    program: &str,
    command: FormsCommand<P::Algo, P::Format>,
) -> anyhow::Result<ExitCode>
where
    P: Forms + crate::app::Verify + crate::app::Show<View = <P as Forms>::Format>,
    P::Algo: clap::ValueEnum + Default,
    P::Format: clap::ValueEnum,
    P::Options: Sync,
    Cli: clap::CommandFactory,
{
    match command {
        FormsCommand::Solve {
            input,
            format,
            threads,
            shared,
        } => {
            let source = input.input.as_deref();
            let given = crate::command_line(source, P::BATCH.is_line);
            let file = source.filter(|_| given.is_none());
            crate::driver::solve::<P, Cli>(SolveRun {
                flags: &shared,
                file: file.map(Path::new),
                input: given,
                reading: (),
                view: format,
                threads,
                options: None,
            })
        }
        FormsCommand::Convert(args) => run_convert::<P>(program, &args),
        FormsCommand::Check => crate::driver::check::<P>(None),
    }
}
