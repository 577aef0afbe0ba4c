//! What the `crossword` binary adds on cli-kit: reading the template and
//! the word list, the record fields, the human, JSON and ipuz views of
//! `fill` (with AC-3's revision table for `ac3`), [`fill`] itself over
//! cli-kit's shared flags ([`SolveFlags`]) and watch session, and
//! [`check()`] of the JSON records of `fill --json`. Behind the `cli`
//! feature.

use std::collections::BTreeMap;
use std::io::{self, BufWriter, Read, Write};
use std::path::Path;
use std::process::ExitCode;
use std::sync::Arc;

use anyhow::Context;
use cli_kit::{
    Count, Limit, Record, Report, SolveFlags, Stats as RecordStats, Status as RecordStatus, Tally,
    Verified, WatchSession,
};
use serde::{Deserialize, Serialize};

use crate::watch::Watch;
use crate::{
    Ac3Result, Algo, Cell, Fill, Grid, MAX_SIDE, Options, Outcome, Problem, Status, WordList, check,
};

/// The longest line of a text grid or word list read: far above any grid
/// (255 columns) or word, so a huge line is reported, not parsed.
pub const MAX_LINE: usize = 100_000;

/// The largest template file read (a `.puz` or ipuz of a 255x255 grid with
/// clues is far smaller).
pub const MAX_TEMPLATE_BYTES: u64 = 16 << 20;

/// Where the words come from: a file, or the list built into the crate.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WordSource {
    /// The file's path as given, or `default`.
    pub name: String,
    /// The minimum score asked for.
    pub min_score: Option<i32>,
}

/// Reads the word list of `path` (the default list when `None`), keeping
/// the words scoring at least `min_score`; the default list leaves out
/// the offensive words of `data/offensive.txt` unless `allow_offensive`
/// (a file is read as it is).
pub fn load_words(
    path: Option<&str>,
    min_score: Option<i32>,
    allow_offensive: bool,
) -> anyhow::Result<WordList> {
    match path {
        None | Some("default") => {
            let list = WordList::default_list_with(min_score, allow_offensive);
            anyhow::ensure!(
                !list.is_empty(),
                "default word list: no word scores {} or more",
                min_score.unwrap_or(0)
            );
            Ok(list)
        }
        Some(path) => {
            let input = cli_kit::Input::read(Some(Path::new(path)))?;
            for (number, line) in input.numbered_lines() {
                if let Some(message) = cli_kit::line_too_long(line, MAX_LINE) {
                    // The first character past the longest line read.
                    let column = line
                        .char_indices()
                        .take_while(|&(at, _)| at < MAX_LINE)
                        .count()
                        + 1;
                    anyhow::bail!("{path}: line {number}, column {column}: {message}");
                }
            }
            WordList::parse(&input.text, min_score).with_context(|| path.to_owned())
        }
    }
}

/// Reads a template's bytes from `path` (stdin for `-` or none): the
/// input's name and its bytes, unchanged (a `.puz` is binary).
pub fn read_template(path: Option<&str>) -> anyhow::Result<(String, Vec<u8>)> {
    let mut bytes = Vec::new();
    match path {
        None | Some("-") => {
            io::stdin()
                .lock()
                .take(MAX_TEMPLATE_BYTES + 1)
                .read_to_end(&mut bytes)
                .context("cannot read stdin")?;
            check_size("<stdin>", &bytes)?;
            Ok(("<stdin>".to_owned(), bytes))
        }
        Some(path) => {
            let file = std::fs::File::open(path).with_context(|| format!("cannot read {path}"))?;
            file.take(MAX_TEMPLATE_BYTES + 1)
                .read_to_end(&mut bytes)
                .with_context(|| format!("cannot read {path}"))?;
            check_size(path, &bytes)?;
            Ok((path.to_owned(), bytes))
        }
    }
}

fn check_size(name: &str, bytes: &[u8]) -> anyhow::Result<()> {
    anyhow::ensure!(
        bytes.len() as u64 <= MAX_TEMPLATE_BYTES,
        "{name}: byte {MAX_TEMPLATE_BYTES}: more than {} MB, expected a crossword template (a grid of at most {MAX_SIDE} x {MAX_SIDE} cells)",
        MAX_TEMPLATE_BYTES >> 20
    );
    Ok(())
}

/// Reads a template from its bytes, refusing huge lines before parsing.
pub fn parse_template(bytes: &[u8]) -> Result<Grid, String> {
    if !bytes.windows(12).any(|w| w == b"ACROSS&DOWN\0") {
        for (index, line) in bytes.split(|&b| b == b'\n').enumerate() {
            if line.len() > MAX_LINE {
                let text = String::from_utf8_lossy(&line[..MAX_LINE]);
                let column = text.chars().count() + 1;
                return Err(format!(
                    "line {}, column {column}: a line of more than {MAX_LINE} bytes, longer than any grid (at most {MAX_SIDE} cells a row)",
                    index + 1
                ));
            }
        }
    }
    Grid::parse_bytes(bytes)
        .map(|(grid, _)| grid)
        .map_err(|error| error.to_string())
}

/// One entry of a record.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct EntryField {
    /// Clue number.
    pub number: u32,
    /// `across` or `down`.
    pub direction: String,
    /// Row of the first cell, 1-based.
    pub row: usize,
    /// Column of the first cell, 1-based.
    pub col: usize,
    /// The word.
    pub answer: String,
}

/// The crate's own fields of a record.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Fields {
    /// The template's rows (`#`, `.`, letters): what `check` verifies against.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub template: Option<Vec<String>>,
    /// The filled grid's rows (the same as `solution`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub grid: Option<Vec<String>>,
    /// The entries, across then down.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub entries: Option<Vec<EntryField>>,
    /// The mean score of the fill's words.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mean_score: Option<f64>,
    /// Whether the fill is the only one: a separate count to 2 after the
    /// fill (not with `--count`), present when it decided.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unique: Option<bool>,
    /// Fills counted, with `--count`.
    #[serde(flatten, default, skip_serializing_if = "Option::is_none")]
    pub count: Option<Count>,
    /// The algorithm.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub algo: Option<String>,
    /// The word list: its path, or `default`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub words: Option<String>,
    /// The minimum score asked for.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub min_score: Option<i32>,
    /// Whether a word may fill two entries.
    #[serde(default)]
    pub allow_repeats: bool,
    /// Why: an unfillable slot, or what stopped the search.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
}

/// The crate's counters beside `nodes` and `micros`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Counters {
    /// Decisions or refutations that failed.
    #[serde(default)]
    pub backtracks: u64,
    /// Restarts of `fast`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub restarts: Option<u64>,
    /// Arc revisions of `ac3` and `mac`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub arc_revisions: Option<u64>,
}

/// A `fill` record: the solution as rows.
pub type FillRecord = Record<Fields, Vec<String>, Counters>;

/// A filled (or not) template.
#[derive(Debug, Clone)]
pub struct Filled {
    /// The problem.
    pub problem: Problem,
    /// The run.
    pub outcome: Outcome,
    /// `ac3`'s domains and trace.
    pub ac3: Option<Ac3Result>,
    /// Whether the fill is unique, when asked and decided
    /// ([`crate::is_unique`]).
    pub unique: Option<bool>,
}

impl cli_kit::Outcome for Filled {
    fn status(&self) -> RecordStatus {
        self.outcome.status.into()
    }
}

/// Fills the template in `bytes` with `options` (their algorithm and word
/// list); with `unique`, a filled grid is then counted to 2 to say whether
/// its fill is the only one ([`crate::is_unique`], within
/// [`crate::unique_budget`] of the fill's nodes).
pub fn fill_item(bytes: &[u8], options: &Options, unique: bool) -> Result<Filled, String> {
    fill_item_watched(bytes, options, unique, Watch::default())
}

/// [`fill_item`], the fill watched by `watch` ([`crate::watch::fill_watched`])
/// when it asks for events, a trace or a tree; the count to 2 after it is
/// not watched.
pub fn fill_item_watched(
    bytes: &[u8],
    options: &Options,
    unique: bool,
    watch: Watch<'_, '_>,
) -> Result<Filled, String> {
    let grid = parse_template(bytes)?;
    let problem = Problem::new(grid, &options.word_list());
    if problem.slots().is_empty() {
        let grid = problem.grid();
        // A text grid is named where it starts, an ipuz file at its
        // "puzzle"; a .puz file as a whole.
        let (at, here) = match crate::grid::grid_start(bytes) {
            Some((line, column)) => (
                format!("line {line}, column {column}: "),
                " that starts here",
            ),
            None => (String::new(), ""),
        };
        return Err(format!(
            "{at}no entry to fill: expected a run of two or more white cells across or down, the {} x {} grid{here} has none",
            grid.rows(),
            grid.cols()
        ));
    }
    Ok(fill_problem(problem, options, unique, watch))
}

/// Fills `problem`, a template with at least one entry, as
/// [`fill_item_watched`] does once the template is read.
pub fn fill_problem(
    problem: Problem,
    options: &Options,
    unique: bool,
    watch: Watch<'_, '_>,
) -> Filled {
    let watched =
        watch.sinks.events.is_some() || watch.sinks.trace.is_some() || watch.tree.is_some();
    let (outcome, ac3) = match options.algo {
        _ if watched => crate::watch::fill_watched(&problem, options, watch),
        Algo::Ac3 => {
            let (outcome, result) = crate::ac3(&problem, options);
            (outcome, Some(result))
        }
        _ => (crate::solve_problem(&problem, options), None),
    };
    let unique = (unique && outcome.status == Status::Solved)
        .then(|| crate::is_unique(&problem, options, crate::unique_budget(outcome.stats.nodes)))
        .flatten();
    Filled {
        problem,
        outcome,
        ac3,
        unique,
    }
}

/// The record of `crossword fill --json` with the built-in word list, for
/// a front end other than the binary (the Python package): the same
/// [`fill_problem`] and [`FillReport::record`].
impl cli_kit::SolveRecord for Grid {
    type Fields = Fields;
    type Json = Vec<String>;
    type Counters = Counters;

    fn solve_record(
        &self,
        options: &Options,
        counting: bool,
    ) -> Result<(Outcome, FillRecord), String> {
        let problem = Problem::new(self.clone(), &options.word_list());
        if problem.slots().is_empty() {
            return Err(format!(
                "no entry to fill: expected a run of two or more white cells across or down, the {} x {} grid has none",
                self.rows(),
                self.cols()
            ));
        }
        let filled = fill_problem(problem, options, !counting, Watch::default());
        let report = FillReport {
            algo: options.algo,
            words: WordSource {
                name: "default".to_owned(),
                min_score: None,
            },
            allow_repeats: options.allow_repeats,
            json: true,
            format: OutputFormat::Text,
            stats: false,
            trace: false,
            count_limit: counting.then_some(options.limits.count_up_to),
        };
        let record = report.record(&filled);
        Ok((filled.outcome, record))
    }

    fn invalid_record(_text: &str, error: &str) -> FillRecord {
        Record::invalid(error, Fields::default())
    }
}

/// `crossword check --template` for a front end other than the binary:
/// its reading ([`check_claims`]) and [`Checker`], this grid the template,
/// the built-in word list unless the record names another.
impl cli_kit::CheckSolution for Grid {
    fn check_text(&self, text: &str) -> Result<Vec<Verified>, (usize, String)> {
        let mut checker = Checker::new(None, None, false).with_template(Some(self.clone()));
        cli_kit::verify_claims(check_claims(text), |record| checker.check_record(&record))
    }
}

/// How the fill is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum OutputFormat {
    /// The grid, then the numbered entries.
    #[default]
    Text,
    /// An ipuz puzzle with the fill as its solution.
    Ipuz,
}

/// How `fill` shows its result.
#[derive(Debug, Clone)]
pub struct FillReport {
    /// The algorithm.
    pub algo: Algo,
    /// The word list's name (`default` or its path) and minimum score.
    pub words: WordSource,
    /// Whether words may repeat.
    pub allow_repeats: bool,
    /// JSON lines.
    pub json: bool,
    /// Text or ipuz.
    pub format: OutputFormat,
    /// The `--stats` line.
    pub stats: bool,
    /// AC-3's revision table (`ac3`).
    pub trace: bool,
    /// Whether fills are counted (and up to how many).
    pub count_limit: Option<u64>,
}

impl FillReport {
    /// The record of a filled item.
    pub fn record(&self, filled: &Filled) -> FillRecord {
        let Filled {
            problem, outcome, ..
        } = filled;
        let fill = outcome
            .solution
            .as_ref()
            .filter(|_| outcome.status == Status::Solved);
        let rows = fill.map(|fill| fill.grid.to_rows());
        let mut record = Record::ended(
            outcome.status,
            Fields {
                template: Some(problem.grid().to_rows()),
                grid: rows.clone(),
                entries: fill.map(|fill| {
                    fill.entries
                        .iter()
                        .map(|entry| EntryField {
                            number: entry.number,
                            direction: entry.direction.name().to_owned(),
                            row: entry.row + 1,
                            col: entry.col + 1,
                            answer: entry.answer.clone(),
                        })
                        .collect()
                }),
                mean_score: fill.map(|fill| round2(fill.mean_score())),
                unique: filled.unique,
                count: self.count_limit.map(|_| Count {
                    count: outcome.count,
                    complete: outcome.count_complete,
                }),
                algo: Some(self.algo.name().to_owned()),
                words: Some(self.words.name.clone()),
                min_score: self.words.min_score,
                allow_repeats: self.allow_repeats,
                reason: outcome.stats.reason.clone(),
            },
        );
        record.solution = rows;
        record.stats = RecordStats::with(
            outcome.stats.nodes,
            outcome.stats.elapsed,
            Counters {
                backtracks: outcome.stats.backtracks,
                restarts: (self.algo == Algo::Fast).then_some(outcome.stats.restarts),
                arc_revisions: (self.algo != Algo::Fast).then_some(outcome.stats.arc_revisions),
            },
        );
        record
    }

    /// The human view. With `--format ipuz` stdout carries the ipuz file
    /// and nothing else: what is said about the run (the message of an
    /// unfilled grid, ac3's domains when it does not decide, the `--stats`
    /// line) goes to `notes`, stderr.
    fn human(
        &self,
        out: &mut dyn Write,
        notes: &mut dyn Write,
        filled: &Filled,
    ) -> anyhow::Result<()> {
        let Filled {
            problem,
            outcome,
            ac3,
            unique,
        } = filled;
        let ipuz = self.format == OutputFormat::Ipuz;
        let mut before = Vec::new();
        if let Some(ac3) = ac3 {
            if self.trace {
                write_domains(
                    &mut before,
                    problem,
                    "domains before arc consistency",
                    &ac3.before,
                )?;
                write_trace(&mut before, problem, ac3)?;
            }
            if self.trace || outcome.status != Status::Solved {
                write_domains(
                    &mut before,
                    problem,
                    "domains after arc consistency",
                    &ac3.after,
                )?;
            }
        }
        let mut result = Vec::new();
        let mut data = Vec::new();
        match (outcome.status, &outcome.solution) {
            (Status::Solved, Some(fill)) => {
                if ipuz {
                    writeln!(data, "{}", to_ipuz(problem, fill))?;
                } else {
                    write_fill(&mut data, fill)?;
                }
            }
            (Status::Unsolvable, _) => match &outcome.stats.reason {
                Some(reason) => writeln!(result, "unfillable: {reason}")?,
                None => writeln!(result, "unfillable: no fill of this grid from this list")?,
            },
            (status, _) => match &outcome.stats.reason {
                Some(reason) => writeln!(result, "limit: {reason}")?,
                None => writeln!(result, "limit: {status}")?,
            },
        }
        let mut after = Vec::new();
        match unique {
            Some(true) => writeln!(after, "unique: yes, no other fill from this list")?,
            Some(false) => writeln!(after, "unique: no, the list fills it another way too")?,
            None => {}
        }
        if let Some(limit) = self.count_limit {
            let text = match (outcome.status, outcome.count_complete) {
                (_, true) if outcome.count == 1 => "1 (unique)".to_owned(),
                (_, true) => outcome.count.to_string(),
                (Status::Limit(_), false) => {
                    format!("{} or more (found before the limit)", outcome.count)
                }
                _ => format!("{} or more (stopped at --limit {limit})", outcome.count),
            };
            writeln!(after, "fills: {text}")?;
        }
        if self.stats {
            let s = &outcome.stats;
            let mut counters = vec![
                ("nodes", s.nodes.to_string()),
                ("backtracks", s.backtracks.to_string()),
            ];
            if self.algo == Algo::Fast {
                counters.push(("restarts", s.restarts.to_string()));
            } else {
                counters.push(("arc revisions", s.arc_revisions.to_string()));
            }
            counters.push(("algo", self.algo.name().to_owned()));
            writeln!(after, "{}", cli_kit::stats_line(&counters, s.elapsed))?;
        }
        if ipuz {
            notes.write_all(&[before, result].concat())?;
            notes.flush()?;
            out.write_all(&data)?;
            out.flush()?;
            notes.write_all(&after)?;
        } else {
            out.write_all(&[before, result, data, after].concat())?;
        }
        Ok(())
    }
}

fn round2(value: f64) -> f64 {
    (value * 100.0).round() / 100.0
}

/// The fill's view ([`Fill`]'s `Display`): the grid (uppercase letters,
/// `#` blocks, a space between cells), then the entries numbered across
/// then down, then the mean score.
fn write_fill(out: &mut dyn Write, fill: &Fill) -> anyhow::Result<()> {
    writeln!(out, "{fill}")?;
    Ok(())
}

/// At most this many words are listed per domain; the rest are counted.
const SHOWN_WORDS: usize = 8;

fn words_text(problem: &Problem, ids: &[u32]) -> String {
    let mut words: Vec<String> = ids
        .iter()
        .take(SHOWN_WORDS)
        .map(|&id| problem.word(id).text().to_ascii_uppercase())
        .collect();
    if ids.len() > SHOWN_WORDS {
        words.push(format!("... ({} words)", ids.len()));
    }
    if words.is_empty() {
        "(none)".to_owned()
    } else {
        words.join(", ")
    }
}

fn write_domains(
    out: &mut dyn Write,
    problem: &Problem,
    title: &str,
    domains: &[Vec<u32>],
) -> anyhow::Result<()> {
    writeln!(out, "{title}:")?;
    for (slot, ids) in problem.slots().slots.iter().zip(domains) {
        writeln!(out, "{:>4} : {}", slot.name(), words_text(problem, ids))?;
    }
    writeln!(out)?;
    Ok(())
}

/// AC-3's revision table: the arc revised, the new domain if it changed, the
/// arcs added to the queue.
fn write_trace(out: &mut dyn Write, problem: &Problem, ac3: &Ac3Result) -> anyhow::Result<()> {
    let name = |slot: usize| problem.slots().slots[slot].name();
    writeln!(
        out,
        "AC-3 trace (queue: every arc, crossing by crossing, across slot first; a changed slot puts the arcs into it back at the end):"
    )?;
    writeln!(
        out,
        "{:<10} | {:<40} | added",
        "arc", "new domain, if changed"
    )?;
    for revision in &ac3.revisions {
        let arc = format!("({}, {})", name(revision.x), name(revision.y));
        let domain = revision
            .domain_after
            .as_deref()
            .map_or(String::new(), |ids| words_text(problem, ids));
        let added: Vec<String> = revision
            .added
            .iter()
            .map(|&(k, x)| format!("({}, {})", name(k), name(x)))
            .collect();
        writeln!(out, "{arc:<10} | {domain:<40} | {}", added.join(" "))?;
    }
    writeln!(out, "{} revisions", ac3.revisions.len())?;
    writeln!(out)?;
    Ok(())
}

/// The fill as an ipuz crossword: the template's numbers in `puzzle`, the
/// letters in `solution`, empty clues.
pub fn to_ipuz(problem: &Problem, fill: &Fill) -> String {
    use serde_json::{Value, json};
    let grid = &fill.grid;
    let numbers = &problem.slots().numbers;
    let template = problem.grid();
    let mut puzzle = Vec::new();
    let mut solution = Vec::new();
    for r in 0..grid.rows() {
        let mut puzzle_row = Vec::new();
        let mut solution_row = Vec::new();
        for c in 0..grid.cols() {
            let index = r * grid.cols() + c;
            match grid.cells()[index] {
                Cell::Block => {
                    puzzle_row.push(json!("#"));
                    solution_row.push(json!("#"));
                }
                cell => {
                    let number = numbers[index];
                    let given = matches!(template.cells()[index], Cell::Letter(_));
                    let letter = match cell {
                        Cell::Letter(l) => Value::from(((b'A' + l) as char).to_string()),
                        _ => Value::Null,
                    };
                    puzzle_row.push(if given {
                        json!({"cell": number, "value": letter})
                    } else {
                        json!(number)
                    });
                    solution_row.push(letter);
                }
            }
        }
        puzzle.push(Value::Array(puzzle_row));
        solution.push(Value::Array(solution_row));
    }
    let clues = |direction| -> Vec<Value> {
        problem
            .slots()
            .slots
            .iter()
            .filter(|slot| slot.direction == direction)
            .map(|slot| json!([slot.number, ""]))
            .collect()
    };
    let document = json!({
        "version": "http://ipuz.org/v2",
        "kind": ["http://ipuz.org/crossword#1"],
        "dimensions": {"width": grid.cols(), "height": grid.rows()},
        "puzzle": puzzle,
        "solution": solution,
        "clues": {"Across": clues(crate::Direction::Across), "Down": clues(crate::Direction::Down)},
    });
    serde_json::to_string_pretty(&document).unwrap_or_default()
}

impl Report<Vec<u8>, Filled> for FillReport {
    fn write(
        &mut self,
        out: &mut dyn Write,
        _item: &Vec<u8>,
        result: Result<&Filled, &str>,
    ) -> anyhow::Result<()> {
        match result {
            Ok(filled) if self.json => self.record(filled).write_line(out),
            Ok(filled) => self.human(out, &mut io::stderr().lock(), filled),
            Err(message) => {
                if self.json {
                    let record: FillRecord = Record::invalid(message, Fields::default());
                    record.write_line(out)?;
                }
                Ok(())
            }
        }
    }

    fn finish(&mut self, _out: &mut dyn Write, _tally: &Tally) -> anyhow::Result<()> {
        Ok(())
    }
}

/// The records `check` reads: JSON lines of `fill --json` (the human
/// view is for people, the records are the contract).
pub fn check_claims(text: &str) -> cli_kit::Claims<Fields, Vec<String>, Counters> {
    cli_kit::json_records(text)
}

/// One `fill` run: the shared flags and the crate's own.
#[derive(Debug)]
pub struct FillRun<'a> {
    /// The shared flags.
    pub flags: &'a SolveFlags<Algo>,
    /// The template file, or stdin for `None` or `-`.
    pub input: Option<&'a str>,
    /// `--words`: the word list's file, or `default`.
    pub words: Option<&'a str>,
    /// `--min-score`.
    pub min_score: Option<i32>,
    /// `--seed` (fast only).
    pub seed: Option<u64>,
    /// `--allow-repeats`.
    pub allow_repeats: bool,
    /// `--allow-offensive`.
    pub allow_offensive: bool,
    /// `--format`.
    pub format: OutputFormat,
}

/// `fill`: checks the flags (a misfit is a usage error of `Cli`, exit 2:
/// the shared ones by [`SolveFlags::misfit`], then crossword's own), reads
/// the word list and the template, and runs `--compare`, the watched fill
/// or the fill, shown by [`FillReport`].
///
/// # Errors
///
/// An input that cannot be read, a template `--compare` cannot read, an
/// output that cannot be written.
pub fn fill<Cli: clap::CommandFactory>(args: FillRun<'_>) -> anyhow::Result<ExitCode> {
    let mut flags = args.flags.clone();
    if let Some(message) = flags.misfit::<Grid>() {
        cli_kit::usage_error::<Cli>(message);
    }
    if flags.watch.compare && flags.count {
        cli_kit::usage_error::<Cli>(
            "--compare fills the grid once with every algorithm: count with one --algo instead",
        );
    }
    if flags.watch.compare && flags.svg.is_some() {
        cli_kit::usage_error::<Cli>(
            "--compare draws no fill: draw one with --svg and one --algo instead",
        );
    }
    if args.seed.is_some() && flags.algo != Algo::Fast {
        cli_kit::usage_error::<Cli>(format!(
            "--seed does not apply to --algo {} (only to fast)",
            flags.algo.name()
        ));
    }
    if let Some(message) = ipuz_misfit(args.format, &flags) {
        cli_kit::usage_error::<Cli>(message);
    }
    let builtin = matches!(args.words, None | Some("default"));
    let words = match load_words(args.words, args.min_score, args.allow_offensive) {
        // Only the flag can empty the built-in list: a usage error.
        Err(_) if builtin => cli_kit::usage_error::<Cli>(format!(
            "--min-score {}: no word of the built-in list scores that much (its scores are 30 to 90)",
            args.min_score.unwrap_or_default()
        )),
        words => words?,
    };
    let (name, bytes) = read_template(args.input)?;
    if flags.count {
        flags.limit.get_or_insert(1000);
    }
    let mut options: Options = flags.options();
    options = options
        .shared_words(Arc::new(words))
        .allow_repeats(args.allow_repeats)
        .trace(flags.watch.trace);
    if let Some(seed) = args.seed {
        options = options.seed(seed);
    }
    if flags.watch.compare {
        let grid =
            parse_template(&bytes).map_err(|message| anyhow::anyhow!("{name}: {message}"))?;
        let table = cli_kit::app::compare(&grid, &options);
        let mut out = BufWriter::new(io::stdout().lock());
        if flags.json {
            table
                .field("template", grid.to_rows())
                .write_json(&mut out)?;
        } else {
            out.write_all(table.to_text().as_bytes())?;
        }
        out.flush()?;
        return Ok(ExitCode::SUCCESS);
    }
    let mut report = FillReport {
        algo: flags.algo,
        words: WordSource {
            name: args.words.unwrap_or("default").to_owned(),
            min_score: args.min_score,
        },
        allow_repeats: args.allow_repeats,
        json: flags.json,
        format: args.format,
        stats: flags.stats,
        trace: flags.watch.trace,
        count_limit: flags.count.then_some(options.limits.count_up_to),
    };
    // Whether a fill is unique: asked of every fill but counts and ipuz
    // files (which hold neither).
    let unique = !flags.count && args.format != OutputFormat::Ipuz;
    let session = flags
        .watching()
        .then(|| WatchSession::open(&flags.watch, flags.tree_svg.as_deref()))
        .transpose()?;
    let solve = |bytes: &Vec<u8>| {
        let filled = match &session {
            // fill_watched writes the run event itself; ac3's trace is
            // AC-3's revision table, written with the answer.
            Some(session) => session.run(
                |_| {},
                |mut sinks, tree| {
                    if flags.algo == Algo::Ac3 {
                        sinks.trace = None;
                    }
                    fill_item_watched(bytes, &options, unique, Watch { sinks, tree })
                },
            )?,
            None => fill_item(bytes, &options, unique)?,
        };
        if let Some(target) = &flags.svg {
            let picture = crate::svg::render_outcome(filled.problem.grid(), &filled.outcome);
            std::fs::write(target, picture)
                .map_err(|error| format!("writing {}: {error}", target.display()))?;
        }
        Ok(filled)
    };
    let batch = cli_kit::Batch::new("crossword", &name).threads(Some(1));
    let Some(open) = &session else {
        return batch.run(&[bytes], solve, &mut report);
    };
    let mut view_out = open.view_out();
    let tally = batch.run_to(&mut view_out, &[bytes], solve, &mut report)?;
    drop(view_out);
    if let Some(session) = session {
        session.finish()?;
    }
    Ok(tally.exit())
}

/// What `--format ipuz` cannot go with: an ipuz file holds a fill, and
/// stdout carries it alone.
fn ipuz_misfit(format: OutputFormat, flags: &SolveFlags<Algo>) -> Option<&'static str> {
    if format != OutputFormat::Ipuz {
        None
    } else if flags.count {
        Some(
            "--count does not apply to --format ipuz: an ipuz file holds a fill, not a count (use --json or the text view)",
        )
    } else if flags.watch.trace {
        Some(
            "--trace does not apply to --format ipuz: the trace is a text view of its own (leave out --format ipuz)",
        )
    } else if flags.watch.events_to_stdout() {
        Some("--events - and --format ipuz both write to stdout: give --events a file")
    } else if flags.watch.compare {
        Some(
            "--compare does not apply to --format ipuz: it writes a table (leave out --format ipuz)",
        )
    } else {
        None
    }
}

/// `check`: the JSON records of `fill --json` in `input` (stdin for `None`
/// or `-`), each checked by `checker`, against the template of `template`
/// when given; exit 0 when every record passed.
///
/// # Errors
///
/// An input or template that cannot be read, an output that cannot be
/// written.
pub fn check(
    input: Option<&str>,
    template: Option<&str>,
    checker: Checker,
) -> anyhow::Result<ExitCode> {
    let input = cli_kit::Input::read(input.map(Path::new))?;
    let template = match template {
        Some(path) => {
            let (name, bytes) = read_template(Some(path))?;
            Some(parse_template(&bytes).map_err(|message| anyhow::anyhow!("{name}: {message}"))?)
        }
        None => None,
    };
    let mut checker = checker.with_template(template);
    cli_kit::run_check("crossword", check_claims(&input.text), |record| {
        checker.check_record(record)
    })
}

/// Where two grids first differ, described; `None` when they are equal.
fn grid_difference(a: &Grid, b: &Grid) -> Option<String> {
    if (a.rows(), a.cols()) != (b.rows(), b.cols()) {
        return Some(format!(
            "{} x {} cells where --template has {} x {}",
            a.rows(),
            a.cols(),
            b.rows(),
            b.cols()
        ));
    }
    let index = a.cells().iter().zip(b.cells()).position(|(x, y)| x != y)?;
    let (r, c) = (index / a.cols(), index % a.cols());
    Some(format!(
        "row {}, column {}: '{}' where --template has '{}'",
        r + 1,
        c + 1,
        a.cell(r, c).to_char(),
        b.cell(r, c).to_char()
    ))
}

/// Checks records with [`crate::check`], loading each record's word list
/// once (`words` from the command line overrides the records').
#[derive(Debug)]
pub struct Checker {
    /// `--words`, if given.
    pub words: Option<String>,
    /// `--min-score`, if given.
    pub min_score: Option<i32>,
    /// `--allow-repeats`.
    pub allow_repeats: bool,
    /// `--template`: every record must have been filled from it.
    pub template: Option<Grid>,
    lists: BTreeMap<(String, Option<i32>), Result<WordList, String>>,
}

impl Checker {
    /// A checker with the command line's options.
    pub fn new(words: Option<String>, min_score: Option<i32>, allow_repeats: bool) -> Checker {
        Checker {
            words,
            min_score,
            allow_repeats,
            template: None,
            lists: BTreeMap::new(),
        }
    }

    /// Checks every record against `template` (`--template`) too: a
    /// record's own template must be this one, and a record without one
    /// is checked against it.
    pub fn with_template(mut self, template: Option<Grid>) -> Checker {
        self.template = template;
        self
    }

    fn list(&mut self, record: &FillRecord) -> Result<&WordList, String> {
        let name = self
            .words
            .clone()
            .or_else(|| record.fields.words.clone())
            .unwrap_or_else(|| "default".to_owned());
        let min_score = self.min_score.or(record.fields.min_score);
        self.lists
            .entry((name.clone(), min_score))
            .or_insert_with(|| {
                load_words(Some(&name), min_score, true).map_err(|error| format!("{error:#}"))
            })
            .as_ref()
            .map_err(Clone::clone)
    }

    /// Checks one record: a solved record's grid against its template and
    /// word list, its entries against the grid; an `unsolvable` claim is
    /// confirmed when an entry of the template has no word that fits it.
    pub fn check_record(&mut self, record: &FillRecord) -> Result<Verified, String> {
        let given = self.template.clone();
        let template = || -> Result<Grid, String> {
            let Some(rows) = record.fields.template.as_deref() else {
                return given.ok_or_else(|| "no \"template\" in the record".to_owned());
            };
            let own = Grid::from_rows(rows).map_err(|error| format!("template: {error}"))?;
            if let Some(at) = given.and_then(|given| grid_difference(&own, &given)) {
                return Err(format!(
                    "the record's \"template\" is not --template's: {at}"
                ));
            }
            Ok(own)
        };
        let allow_repeats = self.allow_repeats || record.fields.allow_repeats;
        match record.status {
            RecordStatus::Solved => {
                let template = template()?;
                let rows = record.solution.as_deref().unwrap_or_default();
                let fill = Grid::from_rows(rows).map_err(|error| format!("solution: {error}"))?;
                if record
                    .fields
                    .grid
                    .as_deref()
                    .is_some_and(|grid| grid != rows)
                {
                    return Err("\"grid\" and \"solution\" differ".into());
                }
                let words = self.list(record)?;
                let entries = check::check(&template, &fill, words, allow_repeats)
                    .map_err(|violation| violation.to_string())?;
                if let Some(claimed) = &record.fields.entries {
                    let listed: Vec<check::Listed<'_>> = claimed
                        .iter()
                        .map(|entry| check::Listed {
                            number: entry.number,
                            direction: &entry.direction,
                            row: entry.row,
                            col: entry.col,
                            answer: &entry.answer,
                        })
                        .collect();
                    check::listed_entries(&entries, &listed)
                        .map_err(|violation| violation.to_string())?;
                }
                // Scores are the record's own list's: checked when that
                // is the list checked against.
                let own_list = self.words.as_ref().is_none_or(|words| {
                    Some(words) == record.fields.words.as_ref()
                        || (words == "default" && record.fields.words.is_none())
                }) && self
                    .min_score
                    .is_none_or(|min| Some(min) == record.fields.min_score);
                if let Some(claimed) = record.fields.mean_score.filter(|_| own_list) {
                    let total: f64 = entries.iter().map(|entry| f64::from(entry.score)).sum();
                    let mean = round2(total / entries.len().max(1) as f64);
                    if (claimed - mean).abs() > 0.005 {
                        return Err(format!(
                            "\"mean_score\" {claimed} where the words of the fill score {mean} on average"
                        ));
                    }
                }
                if record.fields.count.is_some_and(|count| count.count == 0) {
                    return Err("status \"solved\" with a count of 0".into());
                }
                Ok(Verified::Solution)
            }
            RecordStatus::Unsolvable => {
                let template = template()?;
                let words = self.list(record)?;
                Ok(if check::dead_entry(&template, words).is_some() {
                    Verified::NoSolution
                } else {
                    Verified::Nothing
                })
            }
            RecordStatus::Limit => {
                // The envelope has checked that a limit is named; it must
                // be one the record's algorithm can meet.
                let limit = record.limit.ok_or("status \"limit\" but no \"limit\"")?;
                let algo = record.fields.algo.as_deref().unwrap_or("fast");
                let possible: &[Limit] = match algo {
                    "ac3" => &[Limit::Depth],
                    "fast" | "mac" => &[Limit::Node, Limit::Time],
                    other => {
                        return Err(format!(
                            "unknown \"algo\" '{other}', expected fast, mac or ac3"
                        ));
                    }
                };
                if !possible.contains(&limit) {
                    return Err(format!(
                        "a {limit} limit where --algo {algo} stops only at {}",
                        possible
                            .iter()
                            .map(|l| l.name())
                            .collect::<Vec<_>>()
                            .join(" or ")
                    ));
                }
                if let Some(count) = record.fields.count.filter(|count| count.complete) {
                    return Err(format!(
                        "status \"limit\" with a complete count of {}",
                        count.count
                    ));
                }
                Ok(Verified::Nothing)
            }
            _ => Ok(Verified::Nothing),
        }
    }
}
