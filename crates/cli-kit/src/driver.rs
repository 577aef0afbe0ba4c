//! The one `solve` of every puzzle binary: the shared flags as one clap
//! struct to flatten ([`SolveFlags`]), checked in one place (which flags go
//! together, and [`crate::app::misfit`] for which flag applies to which
//! algorithm), and [`solve`], the pipeline from the input to the exit code
//! over the library's [`App`] traits: a batch of items, each read, solved
//! (watched under `--trace`, `--events`, `--tree-svg`), drawn (`--svg`)
//! and shown (the human view or a JSON record), or `--compare`'s table.
//!
//! A binary's `main.rs` then declares its own flags beside
//! `#[command(flatten)] solve: SolveFlags<Algo>` and calls [`solve`].

use std::io::{self, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

use puzzle_kit::{Configure, Limit, Puzzle};
use svg_kit::SearchTree;

use crate::app::{
    Flag, OutcomeOf, Show, Solved, Verify, ViewFlags, Watch, Watchable, mark_givens, misfit,
};
use crate::events::WatchArgs;
use crate::record::Record;
use crate::session::WatchSession;
use crate::watch::write_tree;
use crate::{Batch, Input, Report, usage_error};

/// A puzzle the driver can run: the [`Watchable`], [`Show`] and
/// [`crate::app::Compare`] capabilities, and how the binary reads its
/// input into items and each item into a puzzle.
pub trait App: Watchable + Show + crate::app::Compare {
    /// What reading an item needs beyond its text (gogen's `--letters`);
    /// `()` when nothing.
    type Reading: Sync;

    /// What an input holds, for the message of one that holds no item
    /// (`line 3, column 1: no puzzle found before the end of the input,
    /// expected ...`).
    const EXPECTED: &'static str = "a puzzle";

    /// The items of an input, with what reading needs (sudoku's batch,
    /// parsed once): by default the whole text is one puzzle.
    fn items(input: &Input, _reading: &Self::Reading) -> Vec<Item> {
        vec![Item {
            line: None,
            text: input.text.clone(),
        }]
    }

    /// The puzzle of one item, or why it cannot be read (the line and
    /// column, and any hint).
    ///
    /// # Errors
    ///
    /// The message a bad item is reported with.
    fn read(text: &str, reading: &Self::Reading) -> Result<Self, String>;

    /// The puzzle of `item` and the warnings of its reading (each said on
    /// stderr before its result, as `program: input: warning: ...`): by
    /// default [`App::read`] of its text, without warnings. A crate whose
    /// messages name the item's line in a batch overrides it (ripple's;
    /// sudoku's takes the puzzles its batch parser read from `reading`).
    ///
    /// # Errors
    ///
    /// The message a bad item is reported with.
    fn read_item(item: &Item, reading: &Self::Reading) -> Result<(Self, Vec<String>), String> {
        Self::read(&item.text, reading).map(|puzzle| (puzzle, Vec::new()))
    }

    /// Whether the solution of a solved puzzle is unique, told when not
    /// counting; `None` (the default) when the crate does not tell.
    fn unique(&self, _options: &Self::Options) -> Option<Result<bool, Limit>> {
        None
    }

    /// [`App::unique`] of a puzzle whose solve ended with `outcome`, for a
    /// crate whose count is given a budget from the solve's effort
    /// (crossword's, from its nodes): by default [`App::unique`].
    fn unique_after(
        &self,
        options: &Self::Options,
        outcome: &OutcomeOf<Self>,
    ) -> Option<Result<bool, Limit>> {
        let _ = outcome;
        self.unique(options)
    }

    /// Solves and, with `tell_unique` and a solved outcome, tells whether
    /// the solution is unique: by default [`puzzle_kit::Puzzle::solve`]
    /// then [`App::unique_after`] (sudoku's fast engine tells both in one
    /// search).
    fn solve_telling(
        &self,
        options: &Self::Options,
        tell_unique: bool,
    ) -> (OutcomeOf<Self>, Option<Result<bool, Limit>>) {
        let outcome = self.solve(options);
        let unique = if tell_unique && outcome.status.is_solved() {
            self.unique_after(options, &outcome)
        } else {
            None
        };
        (outcome, unique)
    }
}

/// One puzzle of an input: its text, and in a batch of lines the 1-based
/// line it starts on (the record's `line`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Item {
    /// The input line the puzzle starts on, in a batch.
    pub line: Option<usize>,
    /// The puzzle's text.
    pub text: String,
}

/// A number of seconds (`--time-limit`), such as `0.5`.
///
/// ```
/// use std::time::Duration;
///
/// assert_eq!(cli_kit::parse_seconds("0.5"), Ok(Duration::from_millis(500)));
/// assert!(cli_kit::parse_seconds("-1").is_err());
/// ```
///
/// # Errors
///
/// Text that is not a finite, non-negative number.
pub fn parse_seconds(text: &str) -> Result<Duration, String> {
    let seconds: f64 = text
        .parse()
        .map_err(|_| format!("expected a number of seconds, found '{text}'"))?;
    Duration::try_from_secs_f64(seconds)
        .map_err(|_| format!("expected a finite, non-negative number of seconds, found '{text}'"))
}

/// The flags every `solve` shares, to flatten into a crate's own
/// arguments: `#[command(flatten)] solve: SolveFlags<Algo>`.
#[derive(clap::Args, Debug, Clone)]
pub struct SolveFlags<A>
where
    A: clap::ValueEnum + Clone + Default + Send + Sync + 'static,
{
    /// The solver.
    #[arg(long, value_enum, default_value_t = A::default())]
    pub algo: A,
    /// Count the solutions, up to --limit.
    #[arg(long)]
    pub count: bool,
    /// The most solutions to count [default: 2].
    #[arg(long, requires = "count", value_name = "K",
          value_parser = clap::value_parser!(u64).range(1..))]
    pub limit: Option<u64>,
    /// Stop before the search examines more than N nodes (`stats.nodes`,
    /// the root included): status `limit`, exit 4.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub node_limit: Option<u64>,
    /// Give up after this many seconds, such as 0.5 (status `limit`,
    /// limit `time`, exit 4).
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    pub time_limit: Option<Duration>,
    /// Memory budget of the search, such as 512M or 4G (status `limit`,
    /// exit 4) [default: half the memory available].
    #[arg(long, value_name = "SIZE", value_parser = crate::parse_bytes)]
    pub memory_limit: Option<usize>,
    /// One JSON record per puzzle (JSON Lines) instead of the human view.
    #[arg(long)]
    pub json: bool,
    /// Add node counts and time to the human view (JSON always has them).
    #[arg(long, conflicts_with = "json")]
    pub stats: bool,
    /// Draw the puzzle as SVG in FILE: the solution, or the givens and why
    /// there is none. For several puzzles FILE is a folder (created) and
    /// the puzzle of input line N goes to N.svg.
    #[arg(long, value_name = "FILE")]
    pub svg: Option<PathBuf>,
    /// `--trace`, `--events`, `--events-limit`, `--compare`.
    #[command(flatten)]
    pub watch: WatchArgs,
    /// Draw the search tree's first 500 nodes as SVG in FILE, Graphviz DOT
    /// beside it (FILE.dot). For several puzzles FILE is a folder (created)
    /// and the tree of input line N goes to N.svg (N.svg.dot beside).
    #[arg(long, value_name = "FILE")]
    pub tree_svg: Option<PathBuf>,
}

impl<A> SolveFlags<A>
where
    A: clap::ValueEnum + Clone + Default + Send + Sync + 'static,
{
    /// The shared flags given that may not apply to every algorithm.
    pub fn given(&self) -> Vec<Flag> {
        let given = [
            (Flag::Count, self.count),
            (Flag::NodeLimit, self.node_limit.is_some()),
            (Flag::TimeLimit, self.time_limit.is_some()),
            (Flag::MemoryLimit, self.memory_limit.is_some()),
            (Flag::Svg, self.svg.is_some()),
            (Flag::Trace, self.watch.trace),
            (Flag::Events, self.watch.events.is_some()),
            (Flag::TreeSvg, self.tree_svg.is_some()),
        ];
        given
            .into_iter()
            .filter_map(|(flag, on)| on.then_some(flag))
            .collect()
    }

    /// Whether the search is watched.
    pub fn watching(&self) -> bool {
        self.watch.watching(self.tree_svg.is_some())
    }

    /// The usage error among these flags for puzzle `P`, if any: flags
    /// that do not go together, or one that does not apply to `--algo`.
    pub fn misfit<P: Watchable<Algo = A>>(&self) -> Option<String> {
        let tree = self.tree_svg.is_some();
        if let Some(message) = self.watch.misfit_drawing(self.json, self.stats, tree) {
            return Some(message.to_owned());
        }
        if self.watch.compare {
            // Every algorithm runs, each with the flags that apply to it.
            return None;
        }
        misfit::<P>(self.algo.clone(), &self.given())
    }

    /// The solver's options: the algorithm, the count (to `--limit`, 2
    /// unless it says) and the limits, the memory budget defaulting to
    /// half the memory available.
    pub fn options<O: Configure<Algo = A>>(&self) -> O {
        let count = if self.count {
            self.limit.unwrap_or(2)
        } else {
            1
        };
        let mut options = O::new(self.algo.clone()).count_up_to(count).memory_limit(
            self.memory_limit
                .unwrap_or_else(crate::default_memory_budget),
        );
        if let Some(nodes) = self.node_limit {
            options = options.node_limit(nodes);
        }
        if let Some(time) = self.time_limit {
            options = options.time_limit(time);
        }
        options
    }
}

/// One `solve` run: the shared flags, the input file, and what is the
/// crate's own (its reading, its view options, its threads).
#[derive(Debug)]
pub struct SolveRun<'a, P: App>
where
    P::Algo: clap::ValueEnum + Default,
{
    /// The shared flags.
    pub flags: &'a SolveFlags<P::Algo>,
    /// The input file, or stdin for `None` or `-`.
    pub file: Option<&'a Path>,
    /// The input itself when the command line gives it (ripple's URL,
    /// nqueens' N), read instead of `file`; `None`: read `file`.
    pub input: Option<Input>,
    /// What reading an item needs.
    pub reading: P::Reading,
    /// The crate's own view options.
    pub view: P::View,
    /// Threads of an unwatched batch (`None`: one per core).
    pub threads: Option<usize>,
    /// The solver's options when the crate adjusts them from its own flags
    /// (nqueens' `--seed`, `--max-steps`), starting from
    /// [`SolveFlags::options`]; `None`: [`SolveFlags::options`].
    pub options: Option<P::Options>,
}

/// How the driver shows each result: a record under `--json`, else the
/// crate's human view.
struct View<'a, P: Show> {
    program: &'a str,
    input: &'a str,
    json: bool,
    counting: bool,
    flags: ViewFlags,
    own: P::View,
    /// Results written so far, failed ones included.
    written: usize,
}

/// A solve and the warnings of its item's reading ([`App::read_item`]).
struct Done<P: Puzzle> {
    solved: Solved<P>,
    warnings: Vec<String>,
}

impl<P: Puzzle> crate::Outcome for Done<P> {
    fn status(&self) -> crate::Status {
        self.solved.outcome.status.into()
    }
}

impl<P: Show> Report<Item, Done<P>> for View<'_, P> {
    fn write(
        &mut self,
        out: &mut dyn Write,
        item: &Item,
        result: Result<&Done<P>, &str>,
    ) -> anyhow::Result<()> {
        if let Ok(done) = result {
            for warning in &done.warnings {
                eprintln!("{}: {}: warning: {warning}", self.program, self.input);
            }
        }
        let result = result.map(|done| &done.solved);
        let index = self.written;
        self.written += 1;
        match (result, self.json) {
            (Ok(solved), true) => P::write_record(out, solved, self.counting, item.line, &self.own),
            (Err(message), true) => {
                let invalid: Record<P::Fields, P::Json, P::Counters> =
                    Record::invalid(message, P::invalid_fields(&item.text));
                invalid.at_line(item.line).write_line(out)
            }
            (result, false) => Ok(P::write_item(
                out,
                item.line,
                index,
                result,
                &self.flags,
                &self.own,
            )?),
        }
    }

    fn finish(&mut self, out: &mut dyn Write, tally: &crate::Tally) -> anyhow::Result<()> {
        if !self.json {
            P::write_summary(out, tally, &self.own)?;
        }
        Ok(())
    }
}

/// `solve`: checks the flags (a misfit is a usage error of `Cli`, exit 2),
/// reads the input, and runs `--compare`, the watched batch or the batch;
/// the exit code is the batch's ([`crate::Tally`]).
///
/// # Errors
///
/// An input that cannot be read, a puzzle `--compare` cannot read, an
/// output that cannot be written.
pub fn solve<P, Cli>(run: SolveRun<'_, P>) -> anyhow::Result<ExitCode>
where
    P: App,
    P::Algo: clap::ValueEnum + Default,
    P::Options: Sync,
    Cli: clap::CommandFactory,
{
    let SolveRun {
        flags,
        file,
        input,
        reading,
        view: own,
        threads,
        options,
    } = run;
    if let Some(message) = flags.misfit::<P>() {
        usage_error::<Cli>(message);
    }
    let program = P::NAME;
    let options: P::Options = options.unwrap_or_else(|| flags.options());
    let input = match input {
        Some(input) => input,
        None => Input::read(file)?,
    };
    let items = P::items(&input, &reading);
    if items.is_empty() {
        let (line, column) = input.end();
        anyhow::bail!(
            "{}: line {line}, column {column}: no puzzle found before the end of the input, \
             expected {}",
            input.name,
            P::EXPECTED
        );
    }
    if flags.watch.compare {
        return compare::<P>(&input.name, &items, &reading, &options, flags.json);
    }
    // A batch's trees, one per input line in the folder; one puzzle's is
    // the session's.
    let trees = flags.tree_svg.as_deref().filter(|_| items.len() > 1);
    if let Some(folder) = trees {
        std::fs::create_dir_all(folder).map_err(|error| {
            anyhow::anyhow!(
                "creating the folder {} for --tree-svg: {error}",
                folder.display()
            )
        })?;
    }
    let pictures = flags
        .svg
        .as_deref()
        .map(|target| svg_kit::PictureFiles::new(target, items.len() > 1))
        .transpose()?;
    // The crate's view options, for its pictures too.
    let own_svg = own.clone();
    let mut view = View::<P> {
        program,
        input: &input.name,
        written: 0,
        json: flags.json,
        counting: flags.count,
        flags: ViewFlags {
            count: flags.count,
            stats: flags.stats,
            bold_givens: mark_givens(
                io::stdout().is_terminal(),
                std::env::var_os("NO_COLOR").as_deref(),
            ),
        },
        own,
    };
    let tell_unique = !flags.count;
    // What follows the solve of each item: the picture.
    let finish = |item: &Item,
                  (puzzle, warnings): (P, Vec<String>),
                  outcome: OutcomeOf<P>,
                  unique: Option<Result<bool, Limit>>|
     -> Result<Done<P>, String> {
        if let Some(pictures) = &pictures {
            pictures
                .write(
                    item.line.unwrap_or(1),
                    &puzzle.svg_viewed(&outcome, &own_svg),
                )
                .map_err(|error| error.to_string())?;
        }
        Ok(Done {
            solved: Solved {
                puzzle,
                outcome,
                unique,
            },
            warnings,
        })
    };
    let one_tree = flags.tree_svg.as_deref().filter(|_| trees.is_none());
    let session = flags
        .watching()
        .then(|| WatchSession::open(&flags.watch, one_tree));
    Batch::new(program, &input.name)
        .threads(threads)
        .run_watched(
            session.transpose()?,
            &items,
            |item, session| {
                let read = P::read_item(item, &reading)?;
                let Some(session) = session else {
                    let (outcome, unique) = read.0.solve_telling(&options, tell_unique);
                    return finish(item, read, outcome, unique);
                };
                let puzzle = &read.0;
                let (outcome, drawn) = session.run(
                    |events| {
                        if let Some(line) = item.line {
                            events.set_run(&serde_json::json!({ "line": line }));
                        }
                        events.emit("run", &puzzle.run_event(&options));
                    },
                    |sinks, tree| {
                        let mut drawn = trees.map(|_| SearchTree::new(""));
                        let outcome = puzzle.solve_watched(
                            &options,
                            Watch {
                                sinks,
                                tree: tree.or(drawn.as_mut()),
                            },
                        );
                        (outcome, drawn)
                    },
                );
                if let (Some(folder), Some(tree)) = (trees, drawn) {
                    let path = folder.join(format!("{}.svg", item.line.unwrap_or(1)));
                    write_tree(&path, &tree).map_err(|error| error.to_string())?;
                }
                let unique = if tell_unique && outcome.status.is_solved() {
                    read.0.unique_after(&options, &outcome)
                } else {
                    None
                };
                finish(item, read, outcome, unique)
            },
            &mut view,
        )
}

/// `--compare` over the items of the input called `input`: a table (or
/// JSON rows) per puzzle; a puzzle that cannot be read ends the run, its
/// message naming the input.
fn compare<P: App>(
    input: &str,
    items: &[Item],
    reading: &P::Reading,
    options: &P::Options,
    json: bool,
) -> anyhow::Result<ExitCode> {
    let tables = items.iter().map(|item| {
        let (puzzle, _) =
            P::read_item(item, reading).map_err(|message| anyhow::anyhow!("{input}: {message}"))?;
        let mut table = crate::app::compare_at(&puzzle, options, item.line);
        if let Some(line) = item.line {
            table = table.field("line", line);
        }
        for (name, value) in puzzle.compare_fields() {
            table = table.field(name, value);
        }
        Ok(table)
    });
    write_comparisons(tables, json)
}

/// Writes each of `tables` to stdout as it comes, as JSON rows with
/// `json`, else as text with a blank line between two tables; the first
/// error ends the run after the tables before it.
///
/// # Errors
///
/// The first of `tables` that is an error, an output that cannot be
/// written.
pub fn write_comparisons(
    tables: impl IntoIterator<Item = anyhow::Result<crate::Comparison>>,
    json: bool,
) -> anyhow::Result<ExitCode> {
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    for (index, table) in tables.into_iter().enumerate() {
        let table = table?;
        if json {
            table.write_json(&mut out)?;
        } else {
            // A blank line between the tables of a batch.
            if index > 0 {
                writeln!(out)?;
            }
            out.write_all(table.to_text().as_bytes())?;
        }
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

/// `check`: reads the JSON records of `solve --json` on stdin and hands
/// each (after its envelope) to [`Verify::verify`] with `given`, the puzzle
/// named beside them if any; every failure is reported with its line and
/// the exit code is 0 when every record passed ([`crate::run_check`]).
///
/// # Errors
///
/// Stdin that cannot be read, an output that cannot be written.
pub fn check<P: Verify>(given: Option<&P>) -> anyhow::Result<ExitCode> {
    check_input(&Input::stdin()?, given)
}

/// [`check`] of the records in `input` (sudoku's `check FILE`) instead of
/// stdin.
///
/// # Errors
///
/// An output that cannot be written.
pub fn check_input<P: Verify>(input: &Input, given: Option<&P>) -> anyhow::Result<ExitCode> {
    check_input_with::<P>(input, |record| P::verify(given, record))
}

/// [`check_input`] with `verify` in place of [`Verify::verify`]: for a
/// `check` whose verdict depends on options of its own beside the puzzle,
/// which [`Verify::verify`] cannot be given, kept from one record to the
/// next (crossword's `--words`, `--min-score` and `--allow-repeats`, each
/// word list read once). The records are read, their envelopes tested and
/// the failures reported as by [`check_input`].
///
/// # Errors
///
/// An output that cannot be written.
pub fn check_input_with<P: Verify>(
    input: &Input,
    verify: impl FnMut(&crate::app::RecordOf<P>) -> Result<crate::Verified, String>,
) -> anyhow::Result<ExitCode> {
    let claims = crate::json_records::<P::Fields, P::Json, P::Counters>(&input.text);
    crate::run_check(P::NAME, claims, verify)
}
