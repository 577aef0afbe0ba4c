//! What the `ripple` binary adds on cli-kit: the items of an input (one
//! puzzle, or a batch of URLs one per line), the record fields, the human
//! and JSON views of `solve`, the `check` of records, and the output of
//! `generate` and `convert`. Behind the `cli` feature.

use std::io::Write;
use std::time::{Duration, Instant};

use cli_kit::{
    Claims, Count, Input, Record, Report, Stats as RecordStats, Status as RecordStatus, Tally,
    Verified,
};
use serde::{Deserialize, Serialize};

use crate::{
    Algo, Difficulty, Format, Generated, Grid, Limit, Location, Options, Outcome, ParseError,
    Puzzle, Status, check, is_url, parse, solve, to_url, write,
};

/// The longest line read: far above any puzzle (a 128x128 URL is under
/// 50,000 characters), so a huge line is reported, not parsed.
pub const MAX_LINE: usize = 200_000;

/// One puzzle of an input: the line it is on in a batch of URLs (`None`
/// for a whole file), and its text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Item {
    /// 1-based line in a batch of URLs.
    pub line: Option<usize>,
    /// The puzzle's text.
    pub text: String,
    /// Why the line cannot be a puzzle before it is read (a line far too
    /// long: kept as this message, not copied).
    pub too_long: Option<String>,
}

/// Reads `source`: a URL given on the command line, else a file (or stdin
/// for `-` or nothing); the input's name for messages and its items.
pub fn read_items(source: Option<&str>) -> anyhow::Result<(String, Vec<Item>)> {
    if let Some(url) = source.filter(|text| is_url(text) && !std::path::Path::new(text).exists()) {
        let item = Item {
            line: None,
            text: url.to_owned(),
            too_long: cli_kit::line_too_long(url, MAX_LINE),
        };
        return Ok(("<command line>".to_owned(), vec![item]));
    }
    let input = Input::read(source.map(std::path::Path::new))?;
    Ok((input.name.clone(), items(&input.text)))
}

/// The items of a text: each line of a batch of URLs, else the whole text
/// as one puzzle. A text is a batch when some line is a URL and its first
/// puzzle line does not start another form (a pzprv3 file, the normalised
/// form or a drawing): a first line that is no puzzle at all is then one
/// bad line of the batch, not the verdict on the whole input.
pub fn items(text: &str) -> Vec<Item> {
    let puzzle_lines = || {
        text.lines()
            .enumerate()
            .filter(|(_, line)| !line.trim().is_empty() && !line.trim_start().starts_with('#'))
    };
    let url_line = |line: &str| line.len() <= MAX_LINE && is_url(line);
    let batch = |first: &str| {
        url_line(first)
            || (!(first.len() <= MAX_LINE && crate::detect(first).is_some())
                && puzzle_lines().any(|(_, line)| url_line(line)))
    };
    match puzzle_lines().next() {
        Some((_, first)) if batch(first) => puzzle_lines()
            .map(
                |(index, line)| match cli_kit::line_too_long(line, MAX_LINE) {
                    Some(message) => Item {
                        line: Some(index + 1),
                        text: String::new(),
                        too_long: Some(format!("column {}: {message}", past_longest(line))),
                    },
                    None => Item {
                        line: Some(index + 1),
                        text: line.trim_end().to_owned(),
                        too_long: None,
                    },
                },
            )
            .collect(),
        // One puzzle; or none, which its reader says where and why.
        _ => vec![Item {
            line: None,
            text: text.to_owned(),
            too_long: None,
        }],
    }
}

/// The column of the first character of `line` past the longest line read.
fn past_longest(line: &str) -> usize {
    line.char_indices()
        .take_while(|&(at, _)| at < MAX_LINE)
        .count()
        + 1
}

/// A puzzle of an item, or why not: the message names the line and column
/// (in a batch, the line of the batch).
pub fn read_puzzle(item: &Item) -> Result<(Puzzle, Option<Grid>, Vec<ParseError>), String> {
    if let (Some(line), Some(message)) = (item.line, &item.too_long) {
        return Err(format!("line {line}, {message}"));
    }
    for (index, line) in item.text.lines().enumerate() {
        if let Some(message) = cli_kit::line_too_long(line, MAX_LINE) {
            let number = item.line.unwrap_or(index + 1);
            let column = past_longest(line);
            return Err(format!("line {number}, column {column}: {message}"));
        }
    }
    if let Some(line) = item.line
        && !is_url(&item.text)
    {
        let text = item.text.trim_start();
        let column = item.text[..item.text.len() - text.len()].chars().count() + 1;
        let found: String = text.chars().take(40).flat_map(char::escape_debug).collect();
        return Err(format!(
            "line {line}, column {column}: expected a puzz.link URL (this input is a batch of URLs, one per line), found '{found}'"
        ));
    }
    // A batch line is read as a text of one line: its line 1 is the item's line.
    let relocate = |error: ParseError| match (item.line, error.location) {
        (Some(line), Location::Text { column, .. }) => ParseError::at(line, column, error.kind),
        _ => error,
    };
    let parsed = parse(&item.text).map_err(|error| relocate(error).to_string())?;
    let warnings = parsed.warnings.into_iter().map(relocate).collect();
    Ok((parsed.puzzle, parsed.solution, warnings))
}

/// The crate's own fields of a record.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Fields {
    /// The puzzle's canonical puzz.link URL (what `check` verifies against).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub puzzle: Option<String>,
    /// The algorithm that solved it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub algo: Option<String>,
    /// When solved without `--count`: whether the solution is the only
    /// one, by a fast count to 2 of its own ([`crate::is_unique`]); absent
    /// when a limit stopped that count first.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unique: Option<bool>,
    /// Solutions counted, with `--count`.
    #[serde(flatten, default, skip_serializing_if = "Option::is_none")]
    pub count: Option<Count>,
    /// A generated puzzle's difficulty.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub difficulty: Option<String>,
    /// A generated puzzle's number of givens.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub givens: Option<usize>,
    /// A generated puzzle's seed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
}

/// The crate's counters beside `nodes` and `micros`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Counters {
    /// Guesses or states that failed.
    #[serde(default)]
    pub backtracks: u64,
    /// Calls of the recursive solver (`mrv`, `brute`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub recursive_calls: Option<u64>,
}

/// A `solve` or `generate` record: solution as rows of digits.
pub type RippleRecord = Record<Fields, Vec<Vec<u8>>, Counters>;

/// A solved item: the puzzle, what the solver returned, and the warnings of its reading.
#[derive(Debug, Clone)]
pub struct Solved {
    /// The puzzle.
    pub puzzle: Puzzle,
    /// The run.
    pub outcome: Outcome,
    /// Walls read but ignored.
    pub warnings: Vec<ParseError>,
    /// When solved and asked for: whether the solution is unique, or the
    /// limit that stopped the count that tells.
    pub unique: Option<Result<bool, Limit>>,
}

impl cli_kit::Outcome for Solved {
    fn status(&self) -> RecordStatus {
        self.outcome.status.into()
    }
}

/// Solves one item with `options`. With `tell_unique`, a solved puzzle is
/// then counted to 2 by the fast engine ([`crate::is_unique`], within the
/// same limits) to tell whether its solution is unique; the outcome and its
/// stats stay the chosen algorithm's.
pub fn solve_item(item: &Item, options: &Options, tell_unique: bool) -> Result<Solved, String> {
    let (puzzle, _, warnings) = read_puzzle(item)?;
    let outcome = solve(&puzzle, options);
    let unique =
        (tell_unique && outcome.status.is_solved()).then(|| crate::is_unique(&puzzle, options));
    Ok(Solved {
        puzzle,
        outcome,
        warnings,
        unique,
    })
}

/// The record of `ripple solve --json` for a front end other than the
/// binary (the Python package): the same solve and uniqueness count as
/// [`solve_item`], the same [`SolveReport::record`].
impl cli_kit::SolveRecord for Puzzle {
    type Fields = Fields;
    type Json = Vec<Vec<u8>>;
    type Counters = Counters;

    fn solve_record(
        &self,
        options: &Options,
        counting: bool,
    ) -> Result<(Outcome, RippleRecord), String> {
        let outcome = solve(self, options);
        let unique =
            (!counting && outcome.status.is_solved()).then(|| crate::is_unique(self, options));
        let solved = Solved {
            puzzle: self.clone(),
            outcome,
            warnings: Vec::new(),
            unique,
        };
        let report = SolveReport {
            program: String::new(),
            input: String::new(),
            algo: options.algo,
            json: true,
            stats: false,
            count_limit: counting.then_some(options.limits.count_up_to),
            to_url: false,
            written: 0,
            bold_givens: false,
        };
        let item = Item {
            line: None,
            text: String::new(),
            too_long: None,
        };
        let record = report.record(&item, &solved);
        Ok((solved.outcome, record))
    }

    fn invalid_record(_text: &str, error: &str) -> RippleRecord {
        Record::invalid(error, Fields::default())
    }
}

/// `ripple check` for a front end other than the binary: its reading
/// ([`claims`]) and [`check_record`], the puzzle this one.
impl cli_kit::CheckSolution for Puzzle {
    fn check_text(&self, text: &str) -> Result<Vec<Verified>, (usize, String)> {
        let url = to_url(self);
        cli_kit::verify_claims(claims(text), |mut record| {
            let own = record.fields.puzzle.as_deref().map(str::parse::<Puzzle>);
            match own {
                None => record.fields.puzzle = Some(url.clone()),
                Some(Ok(own)) if to_url(&own) == url => {}
                Some(_) => {
                    return Err(format!(
                        "the record is of the puzzle {}, not of {url}",
                        record.fields.puzzle.as_deref().unwrap_or_default()
                    ));
                }
            }
            check_record(&record)
        })
    }
}

/// The human view's line under a solved drawing saying whether the
/// solution is unique; `check` reads it back ([`claims`]).
pub fn unique_line(unique: Result<bool, Limit>) -> String {
    match unique {
        Ok(true) => "unique: yes".to_owned(),
        Ok(false) => "unique: no, the puzzle has another solution".to_owned(),
        Err(limit) => format!("unique: unknown, the {limit} limit stopped the count to 2"),
    }
}

/// What a `unique:` line of the human view claims: `Some(Some(unique))`,
/// `Some(None)` for an unknown, `None` for any other line.
fn read_unique_line(line: &str) -> Option<Option<bool>> {
    let claim = line.strip_prefix("unique:")?.trim_start();
    Some(if claim == "yes" {
        Some(true)
    } else if claim == "no" || claim.starts_with("no,") {
        Some(false)
    } else {
        None
    })
}

/// How `solve` shows its results.
#[derive(Debug, Clone)]
pub struct SolveReport {
    /// The program name for warnings.
    pub program: String,
    /// The input's name for warnings.
    pub input: String,
    /// The algorithm (for the record).
    pub algo: Algo,
    /// JSON lines instead of the drawing.
    pub json: bool,
    /// The `--stats` line.
    pub stats: bool,
    /// Whether solutions are counted (and up to how many).
    pub count_limit: Option<u64>,
    /// Print the canonical URL above the drawing.
    pub to_url: bool,
    /// Puzzles written so far (for separating a batch's drawings).
    pub written: usize,
    /// Whether drawings show the puzzle's givens in bold (ANSI escapes):
    /// see [`bold_givens`].
    pub bold_givens: bool,
}

/// Whether `solve` marks the givens in bold: only when stdout is a terminal
/// (`stdout_is_terminal`) and `NO_COLOR` (`no_color`, its value) is unset
/// or empty, as <https://no-color.org> asks.
pub fn bold_givens(stdout_is_terminal: bool, no_color: Option<&std::ffi::OsStr>) -> bool {
    stdout_is_terminal && no_color.is_none_or(|value| value.is_empty())
}

impl SolveReport {
    fn count_of(&self, outcome: &Outcome) -> Option<Count> {
        self.count_limit.map(|_| Count {
            count: outcome.count,
            complete: outcome.count_complete,
        })
    }

    /// The record of a solved item.
    pub fn record(&self, item: &Item, solved: &Solved) -> RippleRecord {
        let outcome = &solved.outcome;
        let mut record = Record::ended(
            outcome.status,
            Fields {
                puzzle: Some(to_url(&solved.puzzle)),
                algo: Some(self.algo.name().to_owned()),
                unique: solved.unique.and_then(Result::ok),
                count: self.count_of(outcome),
                ..Fields::default()
            },
        )
        .at_line(item.line);
        if outcome.status.is_solved() {
            record.solution = outcome.solution.as_ref().map(Grid::to_rows);
        }
        record.stats = RecordStats::with(
            outcome.stats.nodes,
            outcome.stats.elapsed,
            Counters {
                backtracks: outcome.stats.backtracks,
                recursive_calls: outcome.stats.recursive_calls,
            },
        );
        record
    }

    fn human(&self, out: &mut dyn Write, item: &Item, solved: &Solved) -> anyhow::Result<()> {
        let outcome = &solved.outcome;
        if let Some(line) = item.line {
            if self.written > 0 {
                writeln!(out)?;
            }
            writeln!(out, "line {line}:")?;
        }
        if self.to_url {
            writeln!(out, "{}", to_url(&solved.puzzle))?;
        }
        match (outcome.status, &outcome.solution) {
            (Status::Solved, Some(solution)) if self.bold_givens => {
                write!(out, "{}", solved.puzzle.draw_marked(solution.values()))?
            }
            (Status::Solved, Some(solution)) => {
                write!(out, "{}", solved.puzzle.draw(solution.values()))?
            }
            (Status::Unsolvable, _) => writeln!(out, "no solution")?,
            (status, _) => writeln!(
                out,
                "{} limit reached after {} nodes before an answer",
                status.limit().unwrap_or(Limit::Node),
                outcome.stats.nodes
            )?,
        }
        if let Some(unique) = solved.unique {
            writeln!(out, "{}", unique_line(unique))?;
        }
        if let Some(limit) = self.count_limit {
            let text = match (outcome.status, outcome.count_complete) {
                (_, true) if outcome.count == 1 => "1 (unique)".to_owned(),
                (_, true) => outcome.count.to_string(),
                (Status::Limit(limit), false) => {
                    format!("{} or more (found before the {limit} limit)", outcome.count)
                }
                _ => format!("{} or more (stopped at --limit {limit})", outcome.count),
            };
            writeln!(out, "solutions: {text}")?;
        }
        if self.stats {
            let mut counters = vec![
                ("nodes", outcome.stats.nodes.to_string()),
                ("backtracks", outcome.stats.backtracks.to_string()),
            ];
            if let Some(calls) = outcome.stats.recursive_calls {
                counters.push(("recursive calls", calls.to_string()));
            }
            counters.push(("algo", self.algo.name().to_owned()));
            writeln!(
                out,
                "{}",
                cli_kit::stats_line(&counters, outcome.stats.elapsed)
            )?;
        }
        Ok(())
    }
}

impl Report<Item, Solved> for SolveReport {
    fn write(
        &mut self,
        out: &mut dyn Write,
        item: &Item,
        result: Result<&Solved, &str>,
    ) -> anyhow::Result<()> {
        match result {
            Ok(solved) => {
                for warning in &solved.warnings {
                    eprintln!(
                        "{}: {}: warning: {warning}; taken as no wall",
                        self.program, self.input
                    );
                }
                if self.json {
                    self.record(item, solved).write_line(out)?;
                } else {
                    self.human(out, item, solved)?;
                }
            }
            Err(message) => {
                if self.json {
                    let record: RippleRecord = Record::invalid(message, Fields::default());
                    record.at_line(item.line).write_line(out)?;
                }
            }
        }
        self.written += 1;
        Ok(())
    }

    fn finish(&mut self, out: &mut dyn Write, tally: &Tally) -> anyhow::Result<()> {
        if !self.json && tally.total() > 1 {
            writeln!(
                out,
                "\n{} puzzles: {} solved, {} unsolvable, {} limit reached, {} invalid",
                tally.total(),
                tally.solved,
                tally.unsolvable,
                tally.limit,
                tally.invalid
            )?;
        }
        Ok(())
    }
}

/// The records on `check`'s input: JSON lines as `solve --json` and
/// `generate --json` write them, or else `solve`'s human view, each item
/// taken as the record it stands for. A drawing is a solution (its digits
/// the grid), checked against the puzzle of the URL line above it
/// (`solve --to-url`), whose room walls it must draw; without that line
/// against the rooms it draws, its givens then unknown. `no solution` and
/// `limit reached` are those statuses, a `solutions:` line the count of
/// the item above it; the rest (`line N:` headers, stats, the batch
/// summary) says nothing to check. A terminal's view, with the givens in
/// bold, reads as the same view without its escapes.
pub fn claims(text: &str) -> Claims<Fields, Vec<Vec<u8>>, Counters> {
    if text.lines().any(|line| line.trim_start().starts_with('{')) {
        return cli_kit::json_records(text);
    }
    let plain = text
        .replace(crate::puzzle::BOLD, "")
        .replace(crate::puzzle::NORMAL, "");
    let text = plain.as_str();
    let lines: Vec<&str> = text.lines().collect();
    let mut claims: Claims<Fields, Vec<Vec<u8>>, Counters> = Vec::new();
    let mut url: Option<&str> = None;
    let mut index = 0;
    while index < lines.len() {
        let line = lines[index].trim();
        index += 1;
        if is_url(line) {
            url = Some(line);
        } else if let Some(status) = human_status(line) {
            let fields = Fields {
                puzzle: url.take().map(str::to_owned),
                ..Fields::default()
            };
            claims.push((index, Ok(Record::ended(status, fields))));
        } else if let Some(unique) = read_unique_line(line) {
            if let Some((_, Ok(record))) = claims.last_mut() {
                record.fields.unique = unique;
            }
        } else if let Some(count) = line.strip_prefix("solutions:") {
            if let Some((_, Ok(record))) = claims.last_mut() {
                record.fields.count = read_count(count);
            }
        } else if line.starts_with('-')
            && lines.get(index).is_some_and(|next| next.starts_with('|'))
        {
            // A drawing: its top edge, then each row and the edge below it.
            let top = index - 1;
            while lines.get(index).is_some_and(|row| row.starts_with('|')) {
                index += 2;
            }
            let drawing = &lines[top..index.min(lines.len())];
            claims.push((top + 1, drawn_record(top, drawing, url.take())));
        }
    }
    claims
}

/// The status a line of the human view states: `no solution`, or
/// `node limit reached ...` (the limit named first; a bare `limit
/// reached`, as earlier versions wrote it, was the node limit).
fn human_status(line: &str) -> Option<Status> {
    if line.starts_with("no solution") {
        return Some(Status::Unsolvable);
    }
    if line.starts_with("limit reached") {
        return Some(Status::Limit(Limit::Node));
    }
    let (name, rest) = line.split_once(' ')?;
    let limit = name.parse::<Limit>().ok()?;
    rest.starts_with("limit reached")
        .then_some(Status::Limit(limit))
}

/// The count of a `solutions:` line: `1 (unique)` and `3` are complete,
/// `2 or more (...)` a lower bound.
fn read_count(text: &str) -> Option<Count> {
    let count = text.split_whitespace().next()?.parse().ok()?;
    Some(Count {
        count,
        complete: !text.contains("or more"),
    })
}

/// The record of a drawing (`lines`, the first at 0-based line `top` of
/// the input), against the puzzle of `url` when there is one.
fn drawn_record(top: usize, lines: &[&str], url: Option<&str>) -> Result<RippleRecord, String> {
    let rows = lines.iter().filter(|line| line.starts_with('|')).count();
    // The top edge has a run of dashes over every column.
    let cols = lines[0].split_whitespace().count();
    // The size line the drawing needs to read as a puzzle goes on the
    // line above it, so that errors name the input's own lines.
    let text = format!(
        "{}{rows} {cols}\n{}",
        "\n".repeat(top.saturating_sub(1)),
        lines.join("\n")
    );
    let drawn = parse(&text)
        .map_err(|error| format!("the drawing: {error}"))?
        .puzzle;
    let puzzle = match url {
        Some(url) => {
            let puzzle: Puzzle = url.parse().map_err(|error| format!("puzzle: {error}"))?;
            if !same_walls(&puzzle, &drawn) {
                return Err(format!(
                    "the drawing's rooms are not those of its puzzle {url}"
                ));
            }
            url.to_owned()
        }
        None => {
            let empty = drawn
                .with_givens(&vec![0; drawn.len()])
                .map_err(|error| error.to_string())?;
            to_url(&empty)
        }
    };
    let solution = Grid::new(cols, drawn.givens().to_vec()).to_rows();
    Ok(Record {
        solution: Some(solution),
        ..Record::new(
            RecordStatus::Solved,
            Fields {
                puzzle: Some(puzzle),
                ..Fields::default()
            },
        )
    })
}

/// Whether two puzzles have the same size and the same room walls.
fn same_walls(a: &Puzzle, b: &Puzzle) -> bool {
    (a.rows(), a.cols()) == (b.rows(), b.cols())
        && (0..a.rows()).all(|r| {
            (0..a.cols()).all(|c| {
                a.wall_right(r, c) == b.wall_right(r, c) && a.wall_below(r, c) == b.wall_below(r, c)
            })
        })
}

/// Checks one record of `solve` or `generate` independently: the solution
/// against the puzzle of its `puzzle` URL with [`crate::check`]; an
/// `unsolvable` claim is confirmed when the givens alone break a rule,
/// else (or without a puzzle) there is nothing cheap to verify.
pub fn check_record(record: &RippleRecord) -> Result<Verified, String> {
    let puzzle = || -> Result<Puzzle, String> {
        let url = record
            .fields
            .puzzle
            .as_deref()
            .ok_or("no \"puzzle\" URL in the record")?;
        url.parse::<Puzzle>()
            .map_err(|error| format!("puzzle: {error}"))
    };
    if record.fields.unique.is_some() && record.status != RecordStatus::Solved {
        return Err(format!(
            "status \"{}\" with \"unique\"",
            record.status.name()
        ));
    }
    if record.fields.unique.is_some() && record.fields.count.is_some() {
        return Err("\"unique\" beside a count, which tells it".into());
    }
    match record.status {
        RecordStatus::Solved => {
            let puzzle = puzzle()?;
            let rows = record.solution.as_deref().unwrap_or_default();
            let grid = Grid::from_rows(rows).ok_or("the solution's rows are empty or ragged")?;
            check::check(&puzzle, grid.values()).map_err(|violation| violation.to_string())?;
            if let Some(count) = record.fields.count
                && count.count == 0
            {
                return Err("status \"solved\" with a count of 0".into());
            }
            Ok(Verified::Solution)
        }
        // Without its puzzle (a human view's `no solution` with no URL line
        // above it) the claim has nothing to be tested against.
        RecordStatus::Unsolvable if record.fields.puzzle.is_none() => Ok(Verified::Nothing),
        RecordStatus::Unsolvable => {
            let puzzle = puzzle()?;
            if check::givens_conflict(&puzzle).is_some() {
                Ok(Verified::NoSolution)
            } else {
                Ok(Verified::Nothing)
            }
        }
        _ => Ok(Verified::Nothing),
    }
}

/// `generate`'s options.
#[derive(Debug, Clone, Copy)]
pub struct GenerateRun {
    /// Rows.
    pub rows: usize,
    /// Columns.
    pub cols: usize,
    /// First seed.
    pub seed: u64,
    /// How many puzzles (seeds `seed`, `seed + 1`, ...).
    pub number: u64,
    /// Difficulty.
    pub difficulty: Difficulty,
    /// Output form.
    pub format: Format,
    /// JSON records instead.
    pub json: bool,
    /// Add the solution (drawn, or in the form when it can hold one).
    pub with_solution: bool,
    /// The most time one puzzle may take (`--time-limit`); past it the run
    /// ends with status `limit` (exit 4).
    pub time_limit: Option<Duration>,
    /// Show how far each puzzle is on stderr (when stderr is a terminal).
    pub progress: bool,
}

/// Runs `generate`, writing each puzzle to `out`: the status of the run
/// (solved, or `limit` when the time limit stopped a puzzle, which ends
/// the run: its record in JSON, its message on stderr either way).
pub fn generate(run: &GenerateRun, out: &mut dyn Write) -> anyhow::Result<RecordStatus> {
    for offset in 0..run.number {
        let seed = run.seed.wrapping_add(offset);
        let started = Instant::now();
        let mut shown = Progress::new(run, seed);
        let result = crate::generate_within(
            run.rows,
            run.cols,
            seed,
            run.difficulty,
            run.time_limit,
            &mut |progress| shown.show(progress),
        );
        shown.clear();
        match result {
            Ok(generated) => write_generated(run, seed, &generated, started.elapsed(), out)?,
            Err(error @ crate::GenerateError::Limit { limit, .. }) => {
                if run.json {
                    let mut record: RippleRecord = Record::ended(
                        Status::Limit(limit),
                        Fields {
                            difficulty: Some(run.difficulty.name().to_owned()),
                            seed: Some(seed),
                            ..Fields::default()
                        },
                    );
                    record.stats = RecordStats::with(0, started.elapsed(), Counters::default());
                    record.write_line(out)?;
                }
                out.flush()?;
                eprintln!("ripple: {error}");
                return Ok(RecordStatus::Limit);
            }
            Err(error) => return Err(error.into()),
        }
    }
    Ok(RecordStatus::Solved)
}

/// `generate`'s progress line on stderr, redrawn in place at most five
/// times a second, and cleared when the puzzle is done.
struct Progress {
    what: Option<String>,
    time_limit: Option<Duration>,
    last: Option<Instant>,
    width: usize,
}

impl Progress {
    fn new(run: &GenerateRun, seed: u64) -> Self {
        Progress {
            what: run.progress.then(|| {
                format!(
                    "generating a {}x{} puzzle, {} (seed {seed})",
                    run.rows, run.cols, run.difficulty
                )
            }),
            time_limit: run.time_limit,
            last: None,
            width: 0,
        }
    }

    fn show(&mut self, progress: crate::Progress) {
        if self.what.is_none()
            || self
                .last
                .is_some_and(|last| last.elapsed() < Duration::from_millis(200))
        {
            return;
        }
        self.last = Some(Instant::now());
        let line = self.line(progress);
        self.width = self.width.max(line.len());
        eprint!("\r{line:<width$}", width = self.width);
    }

    /// `generating a 20x20 puzzle, easy (seed 1): attempt 3 of 200, 1.2 of 60 s`.
    fn line(&self, progress: crate::Progress) -> String {
        let limit = self.time_limit.map_or(String::new(), |limit| {
            format!(" of {}", limit.as_secs_f64())
        });
        format!(
            "{}: attempt {} of {}, {:.1}{limit} s",
            self.what.as_deref().unwrap_or("generating"),
            progress.attempt,
            progress.attempts,
            progress.elapsed.as_secs_f64()
        )
    }

    fn clear(&mut self) {
        if self.width > 0 {
            eprint!("\r{:width$}\r", "", width = self.width);
            self.width = 0;
        }
    }
}

fn write_generated(
    run: &GenerateRun,
    seed: u64,
    generated: &Generated,
    elapsed: Duration,
    out: &mut dyn Write,
) -> anyhow::Result<()> {
    let puzzle = &generated.puzzle;
    if run.json {
        let mut record: RippleRecord = Record::new(
            RecordStatus::Solved,
            Fields {
                puzzle: Some(to_url(puzzle)),
                difficulty: Some(generated.grade.difficulty.name().to_owned()),
                givens: Some(puzzle.num_givens()),
                seed: Some(seed),
                ..Fields::default()
            },
        );
        record.solution = Some(generated.solution.to_rows());
        record.stats = RecordStats::with(generated.grade.nodes, elapsed, Counters::default());
        return record.write_line(out);
    }
    writeln!(
        out,
        "# ripple generate --size {}x{} --seed {seed} --difficulty {}: {} givens, {} rooms, proved unique in {} {}",
        run.rows,
        run.cols,
        generated.grade.difficulty,
        puzzle.num_givens(),
        puzzle.rooms().len(),
        generated.grade.nodes,
        if generated.grade.nodes == 1 {
            "node (no guess)"
        } else {
            "nodes"
        },
    )?;
    let solution = run.with_solution.then_some(&generated.solution);
    write!(out, "{}", write(puzzle, run.format, solution))?;
    if run.with_solution && matches!(run.format, Format::Url | Format::Ascii) {
        writeln!(out, "# solution:")?;
        for line in puzzle.draw(generated.solution.values()).lines() {
            writeln!(out, "# {line}")?;
        }
    }
    Ok(())
}

/// Runs `convert`: each item written in `format`; bad items reported on
/// stderr and counted.
pub fn convert(
    program: &str,
    name: &str,
    items: &[Item],
    format: Format,
    out: &mut dyn Write,
) -> anyhow::Result<Tally> {
    let mut tally = Tally::default();
    for item in items {
        match read_puzzle(item) {
            Ok((puzzle, solution, warnings)) => {
                for warning in warnings {
                    eprintln!("{program}: {name}: warning: {warning}; taken as no wall");
                }
                write!(out, "{}", write(&puzzle, format, solution.as_ref()))?;
                tally.add(RecordStatus::Solved);
            }
            Err(message) => {
                eprintln!("{program}: {name}: {message}");
                tally.add(RecordStatus::Invalid);
            }
        }
    }
    Ok(tally)
}

/// Reads `RxC` (or `R`, square) for `--size`.
pub fn parse_size(text: &str) -> Result<(usize, usize), String> {
    let expected =
        || format!("expected a size such as 10x10 or 7x12 (rows x columns), found '{text}'");
    let (rows, cols) = match text.split_once(['x', 'X']) {
        Some((rows, cols)) => (rows, cols),
        None => (text, text),
    };
    let rows: usize = rows.trim().parse().map_err(|_| expected())?;
    let cols: usize = cols.trim().parse().map_err(|_| expected())?;
    if !(1..=crate::MAX_SIDE).contains(&rows) || !(1..=crate::MAX_SIDE).contains(&cols) {
        return Err(format!(
            "rows and columns must be 1 to {}, found '{text}'",
            crate::MAX_SIDE
        ));
    }
    Ok((rows, cols))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn report() -> SolveReport {
        SolveReport {
            program: "ripple".to_owned(),
            input: "<test>".to_owned(),
            algo: Algo::Fast,
            json: false,
            stats: false,
            count_limit: None,
            to_url: true,
            written: 0,
            bold_givens: false,
        }
    }

    fn view(report: &mut SolveReport, url: &str) -> String {
        let item = Item {
            line: None,
            text: url.to_owned(),
            too_long: None,
        };
        let solved = solve_item(&item, &Options::new(Algo::Fast), false).unwrap();
        let mut out = Vec::new();
        report.write(&mut out, &item, Ok(&solved)).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn givens_are_bold_only_at_a_terminal_without_no_color() {
        use std::ffi::OsStr;
        assert!(bold_givens(true, None));
        assert!(bold_givens(true, Some(OsStr::new(""))));
        assert!(!bold_givens(true, Some(OsStr::new("1"))));
        assert!(!bold_givens(false, None));
        assert!(!bold_givens(false, Some(OsStr::new(""))));
        // Two givens, 2 and 1, in the third row of the cspuz test puzzle.
        let url = "https://puzz.link/p?ripple/5/4/ld8g2sug4g3u1";
        let mut plain_report = report();
        let plain = view(&mut plain_report, url);
        let mut bold_report = SolveReport {
            bold_givens: true,
            ..report()
        };
        let bold = view(&mut bold_report, url);
        assert_ne!(bold, plain);
        assert!(bold.contains("\x1b[1m"), "{bold}");
        assert_eq!(bold.replace("\x1b[1m", "").replace("\x1b[0m", ""), plain);
        let puzzle: Puzzle = url.parse().unwrap();
        assert_eq!(bold.matches("\x1b[1m").count(), puzzle.num_givens());
        // check reads the terminal's view as the plain one.
        let claims = claims(&bold);
        assert_eq!(claims.len(), 1);
        let (_, record) = &claims[0];
        let record = record.as_ref().unwrap();
        assert_eq!(check_record(record), Ok(Verified::Solution));
    }

    #[test]
    fn the_progress_line_of_generate_says_the_attempt_and_the_time() {
        let run = GenerateRun {
            rows: 20,
            cols: 20,
            seed: 1,
            number: 1,
            difficulty: Difficulty::Easy,
            format: Format::Ascii,
            json: false,
            with_solution: false,
            time_limit: Some(Duration::from_millis(1500)),
            progress: true,
        };
        let progress = crate::Progress {
            attempt: 3,
            attempts: crate::ATTEMPTS,
            elapsed: Duration::from_millis(1234),
        };
        assert_eq!(
            Progress::new(&run, 1).line(progress),
            "generating a 20x20 puzzle, easy (seed 1): attempt 3 of 200, 1.2 of 1.5 s"
        );
    }
}
