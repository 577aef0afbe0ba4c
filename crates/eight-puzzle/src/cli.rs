//! What the `eight-puzzle` command does beyond reading its arguments
//! (behind the default `cli` feature): the value parsers of its flags, the
//! boards of `solve` and `batch` as items of a [`cli_kit::Batch`], the
//! batch's summary (the searcher framework's `process_file` averages), the
//! pattern-database build with a progress bar, and `--compare`. The
//! records, the human views and `check`'s verdict are the [`crate::app`]
//! module's.

use std::io::{IsTerminal, Write};
use std::path::Path;
use std::process::ExitCode;
use std::time::Duration;

use std::sync::{Mutex, PoisonError};

use anyhow::{Context, bail};
use clap::builder::{PossibleValuesParser, TypedValueParser};
use cli_kit::app::{COMPARE_NODE_LIMIT, COMPARE_TIME_LIMIT};
use cli_kit::{
    Batch, Comparison, Input, Report, Row as CompareRow, SearchWatch, Sinks, SolveFlags, Status,
    Tally, Trace,
};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

pub use crate::app::{Counters, EightRecord, Fields, check_record, record, solve_watched};
use crate::app::{batch_line, counted, human};
use crate::watch::{Tee, emit_run, name_move, render_board};
use crate::{
    Algo, Answer, Board, BoardError, BuildProgress, CycleCheck, Heuristic, Limits, Options, Origin,
    PatternDatabases, PdbError, Solvers, TreeWatch,
};

/// The program's name in messages.
pub const PROGRAM: &str = "eight-puzzle";

/// The longest board text read, far above the longest board (15x15 with
/// spaces and commas is about 1,100 characters): a longer line is invalid
/// without being parsed.
pub const MAX_LINE: usize = 10_000;

/// The cycle checks by their command-line names.
const CYCLE_CHECKS: [(&str, CycleCheck); 3] = [
    ("none", CycleCheck::None),
    ("path", CycleCheck::Path),
    ("closed", CycleCheck::Closed),
];

/// `--algo` of cli-kit's shared flags: the names of [`Algo`]
/// (search-core's), listed in `--help`.
impl clap::ValueEnum for Algo {
    fn value_variants<'a>() -> &'a [Self] {
        Algo::ALL
    }

    fn to_possible_value(&self) -> Option<clap::builder::PossibleValue> {
        Some(clap::builder::PossibleValue::new(self.name()))
    }
}

/// The value parser of `--cycle-check`: `none`, `path` or `closed`.
pub fn cycle_check_parser() -> impl TypedValueParser<Value = CycleCheck> {
    PossibleValuesParser::new(CYCLE_CHECKS.map(|(name, _)| name)).try_map(|name| {
        CYCLE_CHECKS
            .into_iter()
            .find(|&(known, _)| known == name)
            .map(|(_, check)| check)
            .ok_or_else(|| format!("unknown cycle check '{name}'"))
    })
}

/// The command's help with what the shared flags mean for sliding tiles:
/// the searcher and the node limit left to the board's size, a tree per
/// line of a batch.
pub fn own_help(command: clap::Command) -> clap::Command {
    let own = |command: clap::Command| {
        let algo = "The searcher. Default: astar for 3x3 and smaller, idastar for larger.";
        let nodes = "Stop before generating more than this many states, the start \
            included (exit 4). Default 20000000 for the searchers that keep every state \
            (random, bfs, dfs, greedy, astar); for iddfs and idastar none up to 4x4 and \
            50000000 on 5x5 and larger boards, where an optimal search rarely ends (greedy \
            finds a long path there at once).";
        let tree = "Draw the search tree as SVG: the first 500 nodes in expansion order, \
            each with its board and g, h and f, the path to the goal marked. FILE for `solve`; for `batch`, a folder of N.svg by line.";
        command
            .mut_arg("algo", |arg| {
                arg.hide_default_value(true).help(algo).long_help(algo)
            })
            .mut_arg("node_limit", |arg| arg.help(nodes).long_help(nodes))
            .mut_arg("tree_svg", |arg| arg.help(tree).long_help(tree))
    };
    command
        .mut_subcommand("solve", own)
        .mut_subcommand("batch", own)
}

/// Whether the subcommand's `--algo` was given: without it, the board's
/// size chooses the searcher ([`Options::plan`]), not the flag's default.
pub fn algo_given(matches: &clap::ArgMatches) -> bool {
    matches.subcommand().is_some_and(|(name, sub)| {
        name != "check" && sub.value_source("algo") == Some(clap::parser::ValueSource::CommandLine)
    })
}

/// The solvers and the view of `solve` and `batch`: the shared `flags`
/// (checked by cli-kit, [`SolveFlags::misfit`]) with `own`, the options
/// of the crate's own flags (the goal, the heuristic, the depth limit,
/// the cycle check, the pattern-database folder, the seed), the searcher
/// left to the board's size unless `algo_given`.
///
/// # Errors
///
/// The usage error: a flag that does not apply, `--compare` with a
/// searcher or a heuristic, or [`Options::check`]'s.
pub fn solvers(
    flags: &SolveFlags<Algo>,
    algo_given: bool,
    own: Options,
) -> Result<(Solvers, View), String> {
    if let Some(misfit) = flags.misfit::<Board>() {
        return Err(misfit);
    }
    let compare = flags.watch.compare;
    if compare && (algo_given || own.heuristic.is_some()) {
        return Err(
            "--compare runs every searcher with every heuristic: leave out --algo and --heuristic"
                .to_owned(),
        );
    }
    let shared: Options = flags.options();
    let options = Options {
        algo: shared.algo.filter(|_| algo_given),
        limits: Limits {
            seed: own.limits.seed,
            ..shared.limits
        },
        ..own
    };
    // The searchers of --compare are checked one by one.
    if !compare {
        options.check().map_err(|misfit| misfit.to_string())?;
    }
    let view = View {
        json: flags.json,
        events_only: flags.watch.events_to_stdout(),
        stats: flags.stats,
        summary: false,
    };
    Ok((Solvers::new(options).with_loader(load_databases), view))
}

/// The boards of one command: the one board of `solve` (its arguments, or
/// the rows of stdin) or the lines of a `batch` file.
#[derive(Debug, Clone)]
pub struct Boards {
    /// How messages name the input: the file, `<stdin>`, or the board.
    pub name: String,
    text: String,
    /// One board per line (batch), or the whole text one board (solve).
    per_line: bool,
    /// The stdin rows the one board was joined from, to name a line and
    /// column of stdin in messages (none for a board on the command line).
    rows: Vec<Row>,
    /// Where stdin ends (line, column), for a message about a board that
    /// is not there.
    end: Option<(usize, usize)>,
}

/// One row of stdin in the board `solve` joins from them.
#[derive(Debug, Clone, Copy)]
struct Row {
    /// The row's first character in the joined text, counted from 0.
    joined: usize,
    /// Its 1-based line in stdin.
    line: usize,
    /// The 1-based column of its first character on that line.
    column: usize,
}

/// One board to solve: its text and, in a batch, its line.
#[derive(Debug, Clone, Copy)]
pub struct Item<'a> {
    /// The 1-based line in a batch.
    pub line: Option<usize>,
    /// The board's text, comment and trailing spaces removed (leading
    /// spaces kept, so that columns are the line's).
    pub text: &'a str,
}

impl Boards {
    /// The board of `solve`: the arguments joined with spaces, or, when
    /// there are none or just `-`, the rows of stdin (a larger board may
    /// come as a grid; text after `#` is a comment).
    pub fn one(words: &[String]) -> anyhow::Result<Boards> {
        if !(words.is_empty() || words == ["-"]) {
            let text = words.join(" ");
            return Ok(Boards {
                name: format!("board '{}'", shorten(text.trim())),
                text,
                per_line: false,
                rows: Vec::new(),
                end: None,
            });
        }
        let Input { name, text } = Input::stdin()?;
        Ok(Boards::joined(name, text))
    }

    /// The one board of `text` (stdin, called `name`): its rows joined.
    fn joined(name: String, mut text: String) -> Boards {
        let mut rows = Vec::new();
        let mut origins = Vec::new();
        let mut at = 0;
        let mut joined = 0;
        let end = end_of(&text);
        for (index, line) in text.split_inclusive('\n').enumerate() {
            let row = content_range(line);
            if !row.is_empty() {
                let column = line[..row.start].chars().count() + 1;
                origins.push(Row {
                    joined,
                    line: index + 1,
                    column,
                });
                // The row and the space that joins it to the next.
                joined += line[row.clone()].chars().count() + 1;
                rows.push(at + row.start..at + row.end);
            }
            at += line.len();
        }
        if let [row] = rows.as_slice() {
            // The usual case: the row cut out of the text as read, so that
            // a huge line is not copied.
            text.truncate(row.end);
            text.drain(..row.start);
        } else {
            text = rows
                .iter()
                .map(|row| &text[row.clone()])
                .collect::<Vec<_>>()
                .join(" ");
        }
        Boards {
            name,
            text,
            per_line: false,
            rows: origins,
            end: Some(end),
        }
    }

    /// The boards of `batch`: one per line of `path` (stdin for `-`), text
    /// after `#` a comment, blank lines skipped.
    pub fn per_line(path: &Path) -> anyhow::Result<Boards> {
        let input = Input::read(Some(path))?;
        Ok(Boards::lines(input.name, input.text))
    }

    /// The boards of `text` (a file called `name`), one per line.
    fn lines(name: String, text: String) -> Boards {
        Boards {
            name,
            text,
            per_line: true,
            rows: Vec::new(),
            end: None,
        }
    }

    /// The boards to solve.
    pub fn items(&self) -> Vec<Item<'_>> {
        if !self.per_line {
            return vec![Item {
                line: None,
                text: self.text.trim_end(),
            }];
        }
        self.text
            .lines()
            .enumerate()
            .map(|(index, line)| Item {
                line: Some(index + 1),
                text: content(line),
            })
            .filter(|item| !item.text.trim_start().is_empty())
            .collect()
    }

    /// Why `options` do not fit the one board of `solve` (a usage error:
    /// the flags, not the input, are wrong), if the board reads; nothing
    /// for a batch, whose lines are each solved or invalid.
    pub fn misfit(&self, options: &Options) -> Option<String> {
        if self.per_line {
            return None;
        }
        let [item] = self.items()[..] else {
            return None;
        };
        let board = self.board(&item).ok()?;
        options
            .plan(board.size())
            .err()
            .map(|error| error.to_string())
    }

    /// Why an item cannot be solved, or its board.
    fn board(&self, item: &Item<'_>) -> Result<Board, String> {
        if let Some(message) = cli_kit::line_too_long(item.text, MAX_LINE) {
            // The first character past the longest line read.
            let column = item
                .text
                .char_indices()
                .take_while(|&(offset, _)| offset < MAX_LINE)
                .count()
                + 1;
            return Err(self.at(item, Some(column), message).to_string());
        }
        item.text.parse().map_err(|error: BoardError| {
            if let (BoardError::Empty, Some((line, column))) = (&error, self.end) {
                return Located {
                    line: Some(line),
                    column: Some(column),
                    message: error.reason(),
                }
                .to_string();
            }
            let hint = if self.rows.len() > 1 {
                " (the lines of stdin make one board; `eight-puzzle batch -` reads one per line)"
            } else {
                ""
            };
            self.at(item, error.column(), format!("{}{hint}", error.reason()))
                .to_string()
        })
    }

    /// `message` about `item` at `column` of its text: in a batch, at the
    /// item's line; for a board read from stdin, at the line and column of
    /// stdin that a column of the joined board stands for.
    fn at(&self, item: &Item<'_>, column: Option<usize>, message: String) -> Located {
        let row = column.and_then(|column| self.rows.iter().rev().find(|row| row.joined < column));
        match (row, column) {
            (Some(row), Some(column)) => Located {
                line: Some(row.line),
                column: Some(row.column + (column - 1 - row.joined)),
                message,
            },
            _ => Located {
                line: item.line,
                column,
                message,
            },
        }
    }
}

/// A message and where in the input it is: `line 5, column 9: ...`, the
/// parts that are known.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Located {
    /// The 1-based line of the input.
    line: Option<usize>,
    /// The 1-based column of that line (of the board's text, when no line).
    column: Option<usize>,
    /// What is wrong.
    message: String,
}

impl std::fmt::Display for Located {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match (self.line, self.column) {
            (Some(line), Some(column)) => write!(f, "line {line}, column {column}: "),
            (Some(line), None) => write!(f, "line {line}: "),
            (None, Some(column)) => write!(f, "column {column}: "),
            (None, None) => Ok(()),
        }?;
        f.write_str(&self.message)
    }
}

/// A line without its comment and trailing spaces; leading spaces are kept
/// so that the board parser's columns are the line's.
fn content(line: &str) -> &str {
    &line[..content_range(line).end]
}

/// Where `text` ends: the line and column after its last character.
fn end_of(text: &str) -> (usize, usize) {
    let last = text.rsplit('\n').next().unwrap_or("");
    (text.matches('\n').count() + 1, last.chars().count() + 1)
}

/// Where [`content`] lies in `line`.
fn content_range(line: &str) -> std::ops::Range<usize> {
    let code = line.split('#').next().unwrap_or("");
    let start = code.len() - code.trim_start().len();
    start..start.max(code.trim_end().len())
}

/// `message` about `item`: `line 5: ...` in a batch.
fn at(item: &Item<'_>, message: impl ToString) -> String {
    Located {
        line: item.line,
        column: None,
        message: message.to_string(),
    }
    .to_string()
}

/// `text` cut to its first 60 characters, so that a message about a huge
/// board stays readable.
fn shorten(text: &str) -> String {
    match text.char_indices().nth(60) {
        Some((end, _)) => format!("{}...", &text[..end]),
        None => text.to_owned(),
    }
}

/// How the results are shown.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct View {
    /// One JSON record per board instead of the human view.
    pub json: bool,
    /// Nothing but the events on stdout (`--events -`): no view at all.
    pub events_only: bool,
    /// The `--stats` line in the human view.
    pub stats: bool,
    /// `solve --summary`: only the last line of the human view, the moves
    /// on one line (`5 moves: up left ...`), not every board between.
    pub summary: bool,
}

/// `solve` (one board) and `batch`, the flags already checked: the
/// boards read, then `--compare`'s table or [`run`]. Options that do not
/// fit the one board of `solve` are a usage error of `Cli` (exit 2).
///
/// # Errors
///
/// What [`compare`] and [`run`] return, and an input that cannot be read.
pub fn solve<Cli: clap::CommandFactory>(
    flags: &SolveFlags<Algo>,
    solvers: &Solvers,
    view: View,
    threads: Option<usize>,
    boards: impl FnOnce() -> anyhow::Result<Boards>,
) -> anyhow::Result<ExitCode> {
    let boards = boards()?;
    if flags.watch.compare {
        return compare(&boards, solvers.options(), view.json);
    }
    if let Some(misfit) = boards.misfit(solvers.options()) {
        cli_kit::usage_error::<Cli>(misfit);
    }
    run(&boards, solvers, view, threads, flags)
}

/// Solves every board with `solvers` on `threads` threads (one per core
/// when `None`) and writes each result: `solve`'s view for one board,
/// the searcher framework's `process_file` lines and summary for a batch. With `--trace` or
/// `--events` (`watch`), the boards are solved one after another, each
/// search watched: its trace lines come before its view, its events go to
/// the stream, every board's run after the one before.
pub fn run(
    boards: &Boards,
    solvers: &Solvers,
    view: View,
    threads: Option<usize>,
    flags: &SolveFlags<Algo>,
) -> anyhow::Result<ExitCode> {
    let (svg, watch, tree_svg) = (
        flags.svg.as_deref(),
        &flags.watch,
        flags.tree_svg.as_deref(),
    );
    let items = boards.items();
    if items.is_empty() {
        let (line, column) = end_of(&boards.text);
        bail!(
            "{}: line {line}, column {column}: no board found before the end of the input, \
             expected one board per line (blank lines and text after # are skipped)",
            boards.name
        );
    }
    let pictures = svg
        .map(|target| svg_kit::PictureFiles::new(target, boards.per_line))
        .transpose()?;
    let trees = tree_svg
        .map(|target| svg_kit::PictureFiles::new(target, boards.per_line))
        .transpose()?;
    let events = Mutex::new(watch.open_events()?);
    let watching = watch.trace || watch.events.is_some() || trees.is_some();
    let trace_limit = watch.events_limit.unwrap_or(cli_kit::DEFAULT_EVENTS_LIMIT);
    // The search of one board, watched when asked: its answer and trace.
    let search = |item: &Item<'_>, board: &Board| -> Result<(Answer, Option<String>), String> {
        if !watching {
            let answer = solvers.solve(board).map_err(|error| at(item, error))?;
            return Ok((answer, None));
        }
        let mut events = events.lock().unwrap_or_else(PoisonError::into_inner);
        let mut events = events.as_mut();
        if let Some(events) = events.as_deref_mut() {
            match item.line {
                Some(line) => events.set_run(&serde_json::json!({ "line": line })),
                None => events.set_run(&serde_json::json!({})),
            }
            emit_run(events, solvers, board);
        }
        let mut text = Vec::new();
        let mut trace = watch.trace.then(|| Trace::new(&mut text, trace_limit));
        let sinks = Sinks {
            events,
            trace: trace.as_mut(),
        };
        let watched = SearchWatch::new(sinks, &render_board, &name_move);
        let mut tree = TreeWatch::new(board, solvers.options());
        let mut observer = Tee(watched, &mut tree);
        let answer = solvers.solve_observed(board, &mut observer);
        let written = trace.map(Trace::finish).transpose();
        let answer = answer.map_err(|error| at(item, error))?;
        if let Some(trees) = &trees {
            trees
                .write(item.line.unwrap_or(1), &tree.finish().to_svg())
                .map_err(|error| error.to_string())?;
        }
        written.map_err(|error| format!("cannot write the trace: {error}"))?;
        let trace = watch
            .trace
            .then(|| String::from_utf8_lossy(&text).into_owned());
        Ok((answer, trace))
    };
    let solve = |item: &Item<'_>| -> Result<Solved, String> {
        let board = boards.board(item)?;
        let (answer, trace) = search(item, &board)?;
        if let Some(pictures) = &pictures {
            let search = &answer.search;
            let status = search.status.to_string();
            let caption = search.moves().is_none().then_some(status.as_str());
            let picture = crate::svg::render(&board, &answer.plan.goal, search.moves(), caption);
            pictures
                .write(item.line.unwrap_or(1), &picture)
                .map_err(|error| error.to_string())?;
        }
        Ok(Solved {
            board,
            answer,
            trace,
        })
    };
    let mut report = Views {
        view,
        batch: boards.per_line,
        moves: 0,
        tested: 0,
    };
    let threads = if watching { Some(1) } else { threads };
    let code =
        Batch::new(PROGRAM, &boards.name)
            .threads(threads)
            .run(&items, solve, &mut report)?;
    if let Some(events) = events.into_inner().unwrap_or_else(PoisonError::into_inner) {
        events.finish().context("cannot write the events")?;
    }
    Ok(code)
}

/// Every searcher with every heuristic that applies to it on boards of
/// `size`: misplaced tiles, Manhattan, linear conflicts (and the pattern
/// databases on 4x4) for greedy, astar and idastar; none for the others.
pub fn combinations(size: usize) -> Vec<(Algo, Option<Heuristic>)> {
    let mut heuristics = vec![
        Heuristic::Misplaced,
        Heuristic::Manhattan,
        Heuristic::LinearConflict,
    ];
    if size == 4 {
        heuristics.push(Heuristic::Pdb);
    }
    let mut runs = Vec::new();
    for &algo in Algo::ALL {
        if algo.uses_heuristic() {
            runs.extend(heuristics.iter().map(|&heuristic| (algo, Some(heuristic))));
        } else {
            runs.push((algo, None));
        }
    }
    runs
}

/// `--compare`: every searcher with every heuristic that applies on the
/// boards (summed over a batch), a table of status, nodes, states tested
/// and expanded, time and moves, or one JSON record per run. Each run has
/// the node and time limit of `options`, else [`COMPARE_NODE_LIMIT`] and
/// [`COMPARE_TIME_LIMIT`]. Exit code 1 if a board is invalid, else 0.
pub fn compare(boards: &Boards, options: &Options, json: bool) -> anyhow::Result<ExitCode> {
    let mut valid = Vec::new();
    let mut invalid = false;
    for item in boards.items() {
        match boards.board(&item) {
            Ok(board) => valid.push(board),
            Err(message) => {
                invalid = true;
                eprintln!("{PROGRAM}: {}: {message}", boards.name);
            }
        }
    }
    let Some(first) = valid.first() else {
        bail!("{}: no board to compare the searchers on", boards.name);
    };
    let size = first.size();
    let node_limit = options.limits.node_limit.unwrap_or(COMPARE_NODE_LIMIT);
    let time_limit = options.limits.time_limit.unwrap_or(COMPARE_TIME_LIMIT);
    let limits = format!(
        "limits per run: {} nodes, {} s (--node-limit, --time-limit){}",
        cli_kit::thousands(node_limit),
        time_limit.as_secs_f64(),
        if valid.len() > 1 {
            format!("; totals over {} boards", valid.len())
        } else {
            String::new()
        }
    );
    let length_name = if valid.len() > 1 {
        "moves (total)"
    } else {
        "moves"
    };
    let mut table = Comparison::new(limits, length_name);
    for (algo, heuristic) in combinations(size) {
        let mut run = options.clone();
        run.algo = Some(algo);
        run.heuristic = heuristic;
        run.limits.node_limit = Some(node_limit);
        run.limits.time_limit = Some(time_limit);
        if algo != Algo::Random {
            run.limits.seed = None;
        }
        if algo == Algo::IdaStar {
            run.cycle_check = None;
        }
        if heuristic != Some(Heuristic::Pdb) {
            run.pdb_cache = None;
        }
        let solvers = Solvers::new(run).with_loader(load_databases);
        let mut row = CompareRow {
            algorithm: match heuristic {
                Some(heuristic) => format!("{algo} {}", heuristic.name()),
                None => algo.to_string(),
            },
            status: Status::Solved,
            limit: None,
            nodes: 0,
            counters: vec![("tested", 0), ("expanded", 0)],
            elapsed: Duration::ZERO,
            length: Some(0),
        };
        for board in &valid {
            let answer = solvers
                .solve(board)
                .with_context(|| format!("{}: {}", boards.name, board.to_line()))?;
            let search = &answer.search;
            let stats = &search.stats;
            row.nodes += stats.nodes;
            row.counters[0].1 += stats.counters.num_tested;
            row.counters[1].1 += stats.counters.expanded;
            row.elapsed += stats.elapsed;
            // The worst ending names the row: a limit over no solution
            // over solved.
            let rank = |status: Status| match status {
                Status::Solved => 0,
                Status::Unsolvable => 1,
                Status::Limit | Status::Invalid => 2,
            };
            let status: Status = search.status.into();
            if rank(status) > rank(row.status) {
                row.status = status;
                row.limit = search.status.limit();
            }
            row.length = match (row.length, search.moves()) {
                (Some(total), Some(moves)) => Some(total + moves.len() as u64),
                _ => None,
            };
        }
        table.push(row);
    }
    let mut out = std::io::stdout().lock();
    if json {
        table.write_json(&mut out)?;
    } else {
        write!(out, "{}", table.to_text())?;
    }
    out.flush()?;
    Ok(ExitCode::from(if invalid { 1 } else { 0 }))
}

/// A board, its answer and, with `--trace`, the search's trace lines.
#[derive(Debug)]
struct Solved {
    board: Board,
    answer: Answer,
    trace: Option<String>,
}

impl cli_kit::Outcome for Solved {
    fn status(&self) -> Status {
        self.answer.search.status.into()
    }
}

/// The views of `solve` and `batch`, with the sums of a batch's summary.
struct Views {
    view: View,
    batch: bool,
    moves: u64,
    tested: u64,
}

impl Report<Item<'_>, Solved> for Views {
    fn write(
        &mut self,
        out: &mut dyn Write,
        item: &Item<'_>,
        result: Result<&Solved, &str>,
    ) -> anyhow::Result<()> {
        if let Ok(solved) = result
            && let Some(moves) = solved.answer.search.moves()
        {
            self.moves += moves.len() as u64;
            self.tested += solved.answer.search.stats.counters.num_tested;
        }
        if self.view.events_only {
            return Ok(());
        }
        if let Ok(Solved {
            trace: Some(trace), ..
        }) = result
        {
            write!(out, "{trace}")?;
        }
        match (result, self.view.json) {
            (Ok(solved), true) => record(&solved.board, &solved.answer)
                .at_line(item.line)
                .write_line(out),
            (Err(message), true) => EightRecord::invalid(message, Fields::default())
                .at_line(item.line)
                .write_line(out),
            (Ok(solved), false) if self.batch => {
                let Solved { board, answer, .. } = solved;
                writeln!(
                    out,
                    "{}",
                    batch_line(board, &answer.search, self.view.stats)
                )?;
                Ok(())
            }
            (Ok(solved), false) => {
                let Solved { board, answer, .. } = solved;
                let text = human(
                    board,
                    &answer.plan,
                    &answer.search,
                    self.view.stats,
                    self.view.summary,
                );
                write!(out, "{text}")?;
                Ok(())
            }
            // The driver has put the message on stderr.
            (Err(_), false) => Ok(()),
        }
    }

    /// The searcher framework's `process_file` summary, with the boards not solved counted.
    fn finish(&mut self, out: &mut dyn Write, tally: &Tally) -> anyhow::Result<()> {
        if self.view.json || self.view.events_only || !self.batch {
            return Ok(());
        }
        writeln!(out, "solved {}", counted(tally.solved, "puzzle"))?;
        if tally.solved > 0 {
            let average = |total: u64| total as f64 / tally.solved as f64;
            writeln!(
                out,
                "averages: {:.1} moves, {:.1} states tested",
                average(self.moves),
                average(self.tested)
            )?;
        }
        let failed = tally.invalid + tally.unsolvable + tally.limit;
        if failed > 0 {
            writeln!(
                out,
                "{failed} not solved: {} invalid, {} unsolvable, {} limit reached",
                tally.invalid, tally.unsolvable, tally.limit
            )?;
        }
        Ok(())
    }
}

/// Loads the pattern databases for `goal` from `folder`, or builds them
/// with a progress bar on stderr (on a terminal) and says how long that
/// took, and why when the cached file was damaged: the loader of the
/// command's [`Solvers`].
pub fn load_databases(goal: &Board, folder: Option<&Path>) -> Result<PatternDatabases, PdbError> {
    let bar = ProgressBar::hidden();
    let mut started = false;
    let progress = |step: BuildProgress| {
        if !std::mem::replace(&mut started, true) {
            if std::io::stderr().is_terminal() {
                bar.set_draw_target(ProgressDrawTarget::stderr());
            }
            bar.set_length(step.total);
            bar.set_style(
                ProgressStyle::with_template(
                    "building pattern databases (once) {bar:40} {percent}% {elapsed}",
                )
                .unwrap_or_else(|_| ProgressStyle::default_bar()),
            );
        }
        bar.set_position(step.done);
    };
    let (databases, origin) = PatternDatabases::load_or_build(goal, folder, progress)?;
    bar.finish_and_clear();
    if let Origin::Built {
        took,
        saved,
        damaged,
    } = origin
    {
        if let Some(path) = damaged {
            eprintln!(
                "{PROGRAM}: {} was damaged (its checksum did not match): not used, built again",
                path.display()
            );
        }
        let megabytes = databases.size_bytes() as f64 / 1e6;
        let place = match saved {
            Some(path) => format!("cached in {}", path.display()),
            None => "not cached (folder not writable)".to_owned(),
        };
        eprintln!(
            "{PROGRAM}: built pattern databases in {:.1} s ({megabytes:.1} MB), {place}",
            took.as_secs_f64()
        );
    }
    Ok(databases)
}

#[cfg(test)]
mod tests {
    //! The board readers on random bytes and on random byte mutations of
    //! the fixtures' boards: no panic, and every error names the line and
    //! column in the input where the fault is (issue 17).

    use super::*;
    use fuzz_kit::{Rng, location, mutate, random_bytes};

    /// The bytes a board is made of, and a few others.
    const ALPHABET: &[u8] = b"0123456789012345678,,,   \t\n\n#-+x\xff\0";

    /// The fixtures' board files, a few lines of each.
    fn fixtures() -> Vec<Vec<u8>> {
        let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/eight-puzzle");
        let mut files = Vec::new();
        for name in [
            "batch-mixed.txt",
            "hard.txt",
            "korf100.txt",
            "bom_bad_byte.txt",
        ] {
            let text = std::fs::read(folder.join(name)).expect("a fixture");
            let lines: Vec<&[u8]> = text.split(|&b| b == b'\n').take(12).collect();
            files.push(lines.join(&b'\n'));
            files.extend(lines.iter().map(|line| line.to_vec()));
        }
        files.extend([
            b"1,2,3,4,5,6,7,8,0".to_vec(),
            b"0 1 2\n3 4 5\n6 7 8\n".to_vec(),
        ]);
        files
    }

    /// The board parser alone: an error names a column inside the text
    /// (or just past it) whose character is the fault it describes.
    fn check_board(text: &str, what: &str) {
        let Err(error) = text.parse::<Board>() else {
            return;
        };
        let message = error.to_string();
        assert!(message.starts_with(char::is_lowercase), "{what}: {message}");
        if error == BoardError::Empty {
            assert!(text.trim().is_empty(), "{what}: {message}");
            return;
        }
        let chars: Vec<char> = text.chars().collect();
        let column = error.column().unwrap_or_else(|| {
            panic!("{what}: no column in {message:?}");
        });
        assert_eq!(message, format!("column {column}: {}", error.reason()));
        assert!((1..=chars.len() + 1).contains(&column), "{what}: {message}");
        let at = chars.get(column - 1).copied();
        match error {
            BoardError::NotANumber { found, .. } => {
                let at = at.unwrap_or_else(|| panic!("{what}: {message}"));
                // The character at fault, or the start of a number too large.
                assert!(
                    !at.is_ascii_digit() || found.chars().all(|c| c.is_ascii_digit()),
                    "{what}: {message}"
                );
            }
            BoardError::OutOfRange { .. } | BoardError::Repeated { .. } => {
                assert!(at.is_some_and(|c| c.is_ascii_digit()), "{what}: {message}");
            }
            _ => {}
        }
    }

    /// A batch file: every invalid line's message names that line and a
    /// column inside it (or just past it).
    fn check_batch(text: &str, what: &str) {
        let boards = Boards::lines("batch.txt".to_owned(), text.to_owned());
        let lines: Vec<&str> = text.lines().collect();
        for item in boards.items() {
            check_board(item.text, what);
            let Err(message) = boards.board(&item) else {
                continue;
            };
            let (line, column) = location(&message)
                .unwrap_or_else(|| panic!("{what}: no line and column in {message:?}"));
            assert_eq!(Some(line), item.line, "{what}: {message}");
            let width = lines[line - 1].chars().count();
            assert!((1..=width + 1).contains(&column), "{what}: {message}");
        }
    }

    /// Stdin read as one board: a message names a line of stdin and a
    /// column inside it.
    fn check_joined(text: &str, what: &str) {
        let boards = Boards::joined("<stdin>".to_owned(), text.to_owned());
        let lines: Vec<&str> = text.split('\n').collect();
        for item in boards.items() {
            let Err(message) = boards.board(&item) else {
                continue;
            };
            let (line, column) = location(&message)
                .unwrap_or_else(|| panic!("{what}: no line and column in {message:?}"));
            let width = lines.get(line - 1).map_or(0, |line| line.chars().count());
            assert!((1..=width + 1).contains(&column), "{what}: {message}");
        }
    }

    fn check_all(bytes: &[u8], what: &str) {
        let text = String::from_utf8_lossy(bytes);
        check_board(&text, what);
        check_batch(&text, what);
        check_joined(&text, what);
    }

    #[test]
    fn the_board_readers_on_random_bytes() {
        let mut rng = Rng::new(0x8_9e55_0001);
        for case in 0..3000 {
            let bytes = random_bytes(&mut rng, 120, ALPHABET);
            check_all(&bytes, &format!("random case {case}: {bytes:?}"));
        }
    }

    #[test]
    fn the_board_readers_on_mutated_fixtures() {
        let files = fixtures();
        let mut rng = Rng::new(0x8_9e55_0002);
        for case in 0..3000 {
            let mutant = mutate(&mut rng, &files[case % files.len()], ALPHABET);
            check_all(&mutant, &format!("mutant {case}: {mutant:?}"));
        }
    }
}
