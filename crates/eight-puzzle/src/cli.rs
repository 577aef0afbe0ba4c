//! What the `eight-puzzle` command does beyond reading its arguments
//! (behind the default `cli` feature): the value parsers of its flags, the
//! boards of `solve` and `batch` as items of a [`cli_kit::Batch`], the JSON
//! record and the human views (seed 001's `print_moves_to`, its
//! `process_file` lines and averages), the pattern-database build with a
//! progress bar, and `check` on the records `solve` writes.

use std::io::{IsTerminal, Write};
use std::path::Path;
use std::process::ExitCode;
use std::time::Duration;

use anyhow::bail;
use clap::builder::{PossibleValuesParser, TypedValueParser};
use cli_kit::{Batch, Input, Record, Report, Status, Tally, Verified};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use serde::{Deserialize, Serialize};

use crate::{
    Algo, Answer, Board, BoardError, BuildProgress, CycleCheck, Limit, Move, Options, Origin,
    PatternDatabases, PdbError, SearchAlgorithm, Solvers, Stats, check, moves_view,
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

/// The value parser of `--algo`: the names of [`Algo`] (search-core's),
/// listed in `--help`.
pub fn algorithm_parser() -> impl TypedValueParser<Value = Algo> {
    PossibleValuesParser::new(Algo::ALL.iter().map(|algo| algo.name()))
        .try_map(|name| name.parse::<Algo>())
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

/// The value parser of `--time-limit`: a finite, non-negative number of
/// seconds that fits a [`Duration`].
pub fn parse_seconds(text: &str) -> Result<Duration, String> {
    let seconds: f64 = text
        .parse()
        .map_err(|_| format!("expected a number of seconds, found '{text}'"))?;
    Duration::try_from_secs_f64(seconds)
        .map_err(|_| format!("expected a finite, non-negative number of seconds, found '{text}'"))
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
    /// the flags, not the input, are wrong), if the board reads.
    pub fn misfit(&self, options: &Options) -> Option<String> {
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
            return Err(self.at(item, format!("column {column}: {message}")));
        }
        item.text.parse().map_err(|error| {
            let message = match error {
                BoardError::Empty => match self.end {
                    Some((line, column)) => format!("line {line}, column {column}: {error}"),
                    None => error.to_string(),
                },
                error => error.to_string(),
            };
            let hint = if self.rows.len() > 1 {
                " (the lines of stdin make one board; `eight-puzzle batch -` reads one per line)"
            } else {
                ""
            };
            self.at(item, format!("{message}{hint}"))
        })
    }

    /// `message` about `item` at the place it names: `line 5, column 9:
    /// ...` in a batch, and for a board read from stdin the line and
    /// column of stdin that a column of the joined board stands for.
    fn at(&self, item: &Item<'_>, message: String) -> String {
        let Some((column, rest)) = column_of(&message) else {
            return at(item, message);
        };
        let Some(row) = self.rows.iter().rev().find(|row| row.joined < column) else {
            return at(item, message);
        };
        let column = row.column + (column - 1 - row.joined);
        format!("line {}, column {column}: {rest}", row.line)
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

/// The column a message starts with (`column 9: rest`), and the rest.
fn column_of(message: &str) -> Option<(usize, &str)> {
    let rest = message.strip_prefix("column ")?;
    let (number, rest) = rest.split_once(": ")?;
    Some((number.parse().ok()?, rest))
}

/// Where [`content`] lies in `line`.
fn content_range(line: &str) -> std::ops::Range<usize> {
    let code = line.split('#').next().unwrap_or("");
    let start = code.len() - code.trim_start().len();
    start..start.max(code.trim_end().len())
}

/// `message` about `item`: `line 5, column 9: ...` in a batch.
fn at(item: &Item<'_>, message: impl ToString) -> String {
    let message = message.to_string();
    match (item.line, message.strip_prefix("column ")) {
        (None, _) => message,
        (Some(line), Some(rest)) => format!("line {line}, column {rest}"),
        (Some(line), None) => format!("line {line}: {message}"),
    }
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
    /// The `--stats` line in the human view.
    pub stats: bool,
    /// `solve --summary`: only the last line of the human view, the moves
    /// on one line (`5 moves: up left ...`), not every board between.
    pub summary: bool,
}

/// Solves every board with `solvers` on `threads` threads (one per core
/// when `None`) and writes each result: `solve`'s view for one board,
/// seed's `process_file` lines and summary for a batch.
pub fn run(
    boards: &Boards,
    solvers: &Solvers,
    view: View,
    threads: Option<usize>,
    svg: Option<&Path>,
) -> anyhow::Result<ExitCode> {
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
    let solve = |item: &Item<'_>| -> Result<Solved, String> {
        let board = boards.board(item)?;
        let answer = solvers.solve(&board).map_err(|error| at(item, error))?;
        if let Some(pictures) = &pictures {
            let search = &answer.search;
            let status = search.status.to_string();
            let caption = search.moves().is_none().then_some(status.as_str());
            let picture = crate::svg::render(&board, &answer.plan.goal, search.moves(), caption);
            pictures
                .write(item.line.unwrap_or(1), &picture)
                .map_err(|error| error.to_string())?;
        }
        Ok(Solved { board, answer })
    };
    let mut report = Views {
        view,
        batch: boards.per_line,
        moves: 0,
        tested: 0,
    };
    Batch::new(PROGRAM, &boards.name)
        .threads(threads)
        .run(&items, solve, &mut report)
}

/// A board and its answer.
#[derive(Debug)]
struct Solved {
    board: Board,
    answer: Answer,
}

impl cli_kit::Outcome for Solved {
    fn status(&self) -> Status {
        self.answer.search.status.into()
    }
}

/// The fields of an `eight-puzzle` record beside the envelope.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Fields {
    /// The board, in its compact form.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub board: Option<String>,
    /// The goal (the blank first when absent).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub goal: Option<String>,
    /// The searcher.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub algo: Option<String>,
    /// The heuristic, `null` for a searcher that uses none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub heuristic: Option<Option<String>>,
    /// Seed 001's states tested.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub num_tested: Option<u64>,
    /// The moves, when solved.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub moves: Option<Vec<String>>,
    /// How many moves, when solved.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub num_moves: Option<u64>,
}

/// The counters of `stats` beside `nodes` (= `generated`) and `micros`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Counters {
    /// Seed 001's states tested.
    #[serde(default)]
    pub num_tested: u64,
    /// States whose successors were generated.
    #[serde(default)]
    pub expanded: u64,
    /// States generated, the start included.
    #[serde(default)]
    pub generated: u64,
    /// The largest frontier.
    #[serde(default)]
    pub max_frontier: u64,
    /// Iterations of the deepening searchers.
    #[serde(default)]
    pub iterations: u64,
}

/// An `eight-puzzle` JSON record.
pub type EightRecord = Record<Fields, String, Counters>;

/// The record of a solved (or unsolvable, or stopped) board.
fn record(solved: &Solved) -> EightRecord {
    let Solved { board, answer } = solved;
    let (plan, solution) = (&answer.plan, &answer.search);
    let stats = &solution.stats;
    let algorithm = plan.options.algorithm;
    let names: Option<Vec<String>> = solution
        .moves()
        .map(|moves| moves.iter().map(|mv| mv.name().to_owned()).collect());
    let fields = Fields {
        board: Some(board.to_line()),
        goal: Some(plan.goal.to_line()),
        algo: Some(algorithm.name().to_owned()),
        heuristic: Some(
            algorithm
                .uses_heuristic()
                .then(|| plan.heuristic.name().to_owned()),
        ),
        num_tested: Some(stats.num_tested),
        num_moves: names.as_ref().map(|names| names.len() as u64),
        moves: names,
    };
    let mut record = Record::ended(solution.status, fields);
    record.solution = record.fields.moves.as_ref().map(|names| names.join(" "));
    record.stats = cli_kit::Stats::with(stats.generated, stats.elapsed, counters(stats));
    record
}

fn counters(stats: &Stats) -> Counters {
    Counters {
        num_tested: stats.num_tested,
        expanded: stats.expanded,
        generated: stats.generated,
        max_frontier: stats.max_frontier,
        iterations: u64::from(stats.iterations),
    }
}

/// `node`, `time` or `memory`, as in the flag that sets the limit.
fn limit_kind(limit: Limit) -> &'static str {
    limit.name()
}

/// `1 move`, `5 moves`.
fn counted(count: u64, noun: &str) -> String {
    let plural = if count == 1 { "" } else { "s" };
    format!("{count} {noun}{plural}")
}

/// The `--stats` line.
fn stats_line(stats: &Stats) -> String {
    let counters = [
        ("nodes", stats.generated.to_string()),
        ("expanded", stats.expanded.to_string()),
        ("largest frontier", stats.max_frontier.to_string()),
        ("iterations", stats.iterations.to_string()),
    ];
    cli_kit::stats_line(&counters, stats.elapsed)
}

/// The moves on one line, the end of `solve`'s view (all of it with
/// `--summary`): `5 moves: up left down right up`.
fn moves_line(moves: &[Move]) -> String {
    let names: Vec<&str> = moves.iter().map(|mv| mv.name()).collect();
    match names.as_slice() {
        [] => "0 moves: the board is the goal".to_owned(),
        _ => format!(
            "{}: {}",
            counted(names.len() as u64, "move"),
            names.join(" ")
        ),
    }
}

/// `solve`'s human view: seed's `print_moves_to`, the count and the moves
/// on one line (only that line when `summary`), or why there is no
/// solution.
fn human(solved: &Solved, stats: bool, summary: bool) -> String {
    let Solved { board, answer } = solved;
    let (plan, search) = (&answer.plan, &answer.search);
    let tested = search.stats.num_tested;
    let mut text = match (search.moves(), search.status) {
        (Some(moves), _) if summary => format!("{}\n", moves_line(moves)),
        (Some(moves), _) => format!(
            "{}{}, {} tested\n{}\n",
            moves_view(board, moves),
            counted(moves.len() as u64, "move"),
            counted(tested, "state"),
            moves_line(moves),
        ),
        (None, crate::Status::Limit(Limit::Depth)) => format!(
            "no solution within the depth limit of {}, {} tested\n",
            counted(u64::from(plan.options.depth_limit.unwrap_or(0)), "move"),
            counted(tested, "state"),
        ),
        (None, crate::Status::Limit(limit)) => {
            let greedy = match plan.options.algorithm {
                SearchAlgorithm::Greedy => "",
                _ => ", or try --algo greedy for a path that need not be shortest",
            };
            let kind = limit_kind(limit);
            format!(
                "{kind} limit reached before a solution, {} tested (raise --{kind}-limit{greedy})\n",
                counted(tested, "state"),
            )
        }
        (None, _) => format!(
            "{} cannot reach {}: unsolvable (the parity of the tiles differs), no search made\n",
            board.to_line(),
            plan.goal.to_line()
        ),
    };
    if stats && search.status != crate::Status::Unsolvable {
        text.push_str(&stats_line(&search.stats));
        text.push('\n');
    }
    text
}

/// Seed's `process_file` line: `142358607: 5 moves, 26 states tested`.
fn batch_line(solved: &Solved, stats: bool) -> String {
    let Solved { board, answer } = solved;
    let search = &answer.search;
    let tested = counted(search.stats.num_tested, "state");
    let board = board.to_line();
    let mut line = match (search.moves(), search.status) {
        (Some(moves), _) => format!(
            "{board}: {}, {tested} tested",
            counted(moves.len() as u64, "move")
        ),
        (None, crate::Status::Limit(Limit::Depth)) => {
            format!("{board}: no solution within the depth limit, {tested} tested")
        }
        (None, crate::Status::Limit(limit)) => {
            format!(
                "{board}: {} limit reached, {tested} tested",
                limit_kind(limit)
            )
        }
        (None, _) => format!("{board}: unsolvable"),
    };
    if stats && search.status != crate::Status::Unsolvable {
        line.push_str(&format!(" ({})", stats_line(&search.stats)));
    }
    line
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
            self.tested += solved.answer.search.stats.num_tested;
        }
        match (result, self.view.json) {
            (Ok(solved), true) => record(solved).at_line(item.line).write_line(out),
            (Err(message), true) => EightRecord::invalid(message, Fields::default())
                .at_line(item.line)
                .write_line(out),
            (Ok(solved), false) if self.batch => {
                writeln!(out, "{}", batch_line(solved, self.view.stats))?;
                Ok(())
            }
            (Ok(solved), false) => {
                write!(out, "{}", human(solved, self.view.stats, self.view.summary))?;
                Ok(())
            }
            // The driver has put the message on stderr.
            (Err(_), false) => Ok(()),
        }
    }

    /// Seed's `process_file` summary, with the boards not solved counted.
    fn finish(&mut self, out: &mut dyn Write, tally: &Tally) -> anyhow::Result<()> {
        if self.view.json || !self.batch {
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

/// `eight-puzzle check`: every record on stdin checked by [`check_record`],
/// every failure reported (cli-kit's `check` format).
pub fn check_stdin() -> anyhow::Result<ExitCode> {
    let input = Input::stdin()?;
    cli_kit::run_check(PROGRAM, cli_kit::json_records(&input.text), check_record)
}

/// Checks one record with the library's independent [`check`]: for
/// `solved`, the moves are legal, lead from `board` to `goal` (blank first
/// when absent), and agree with `solution` and `num_moves`; for
/// `unsolvable`, the inversion rule agrees. Nothing to verify otherwise.
pub fn check_record(record: &EightRecord) -> Result<Verified, String> {
    let fields = &record.fields;
    match record.status {
        Status::Solved => {
            let (board, goal) = boards_of(fields)?;
            let names = fields.moves.as_ref().ok_or("no \"moves\" list")?;
            let moves = names
                .iter()
                .enumerate()
                .map(|(index, name)| {
                    name.parse::<Move>()
                        .map_err(|error| format!("move {}: {error}", index + 1))
                })
                .collect::<Result<Vec<Move>, String>>()?;
            check::solution(&board, &goal, &moves).map_err(|error| error.to_string())?;
            let listed = names.join(" ");
            if let Some(solution) = &record.solution
                && *solution != listed
            {
                return Err(format!(
                    "\"solution\" {solution:?} does not match the \"moves\" list"
                ));
            }
            match fields.num_moves {
                None => Err("no \"num_moves\" count".to_owned()),
                Some(count) if count != moves.len() as u64 => Err(format!(
                    "num_moves is {count} but {} moves are listed",
                    moves.len()
                )),
                Some(_) => Ok(Verified::Solution),
            }
        }
        Status::Unsolvable => {
            let (board, goal) = boards_of(fields)?;
            check::no_solution(&board, &goal).map_err(|error| error.to_string())?;
            Ok(Verified::NoSolution)
        }
        Status::Limit | Status::Invalid => Ok(Verified::Nothing),
    }
}

/// The record's board and goal (the blank first when absent).
fn boards_of(fields: &Fields) -> Result<(Board, Board), String> {
    let text = fields.board.as_deref().ok_or("no \"board\" string")?;
    let board: Board = text.parse().map_err(|error| format!("board: {error}"))?;
    let goal = match &fields.goal {
        Some(text) => text.parse().map_err(|error| format!("goal: {error}"))?,
        None => Board::goal(board.size()),
    };
    Ok((board, goal))
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

    /// The `column C: ` a message starts with, and the rest.
    fn leading_column(message: &str) -> Option<(usize, &str)> {
        column_of(message)
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
        let (column, _) = leading_column(&message).unwrap_or_else(|| {
            panic!("{what}: no column in {message:?}");
        });
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
