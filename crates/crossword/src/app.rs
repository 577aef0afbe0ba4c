//! The crossword fill as the front ends show it, without argument parsing
//! (the `app` feature): cli-kit's [`Show`] with the view options of
//! [`FillView`] (the record of `fill --json`, [`Fields`], [`Counters`];
//! the human view: the fill, AC-3's domains and revision table, the
//! `unique:` and `fills:` lines, the `--stats` line, or the ipuz file),
//! [`App`] (a template read from its bytes), the `--compare` runs
//! ([`Compare`]: every algorithm on the template with the options' word
//! list, each row with its backtracks, restarts and arc revisions), and
//! `check`'s verdict on a record ([`Checker`], [`Verify`]) with the word
//! lists it reads ([`load_words`]). The watched fill
//! ([`cli_kit::app::Watchable`]) is in [`crate::watch`].

use std::collections::BTreeMap;
use std::io::{self, Write};
use std::path::Path;
use std::time::Duration;

use anyhow::Context;
use cli_kit::app::{Board, Cell as BoardCell, Compare, Show, Solved, Verify, ViewFlags};
use cli_kit::driver::{App, Item};
use cli_kit::front::{Front, Own, Refusal, Setting, read_setting, read_switch, refuse_unknown};
use cli_kit::{Count, Limit, Record, Stats as RecordStats, Status as RecordStatus, Verified};
use serde::{Deserialize, Serialize};

use crate::options::builtin_words;
use crate::slots::Slots;
use crate::{
    Ac3Result, Algo, Cell, Fill, Grid, MAX_SIDE, Options, Outcome, Problem, Status, WordList,
    Words, check,
};

/// The longest line of a text grid or word list read: far above any grid
/// (255 columns) or word, so a huge line is reported, not parsed.
pub const MAX_LINE: usize = 100_000;

/// Where the words come from: a file, or the list built into the crate.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WordSource {
    /// The file's path as given, or `default`.
    pub name: String,
    /// The minimum score asked for.
    pub min_score: Option<i32>,
}

/// The built-in list, whole.
impl Default for WordSource {
    fn default() -> WordSource {
        WordSource {
            name: "default".to_owned(),
            min_score: None,
        }
    }
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

/// The template in `bytes` ([`parse_template`]), refused when it has no
/// entry to fill.
fn read_template_bytes(bytes: &[u8]) -> Result<Grid, String> {
    let grid = parse_template(bytes)?;
    if Slots::new(&grid).is_empty() {
        // A text grid is named where it starts, an ipuz file at its
        // "puzzle"; a .puz file as a whole.
        let (at, here) = match crate::puzzle::grid_start(bytes) {
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
    Ok(grid)
}

/// How the fill is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum OutputFormat {
    /// The grid, then the numbered entries.
    #[default]
    Text,
    /// An ipuz puzzle with the fill as its solution.
    Ipuz,
}

/// The crossword's own view options (cli-kit's [`Show::View`]): how the
/// record and the human view name the run and show it, and the word list
/// filled from, which names the words of AC-3's domains. By default, a
/// fill with the built-in list by `fast`.
#[derive(Debug, Clone, Default)]
pub struct FillView {
    /// The algorithm.
    pub algo: Algo,
    /// The word list's name (`default` or its path) and minimum score.
    pub words: WordSource,
    /// Whether words may repeat.
    pub allow_repeats: bool,
    /// Text or ipuz.
    pub format: OutputFormat,
    /// AC-3's revision table (`ac3`).
    pub trace: bool,
    /// The most fills counted, when the driver's flags count.
    pub count_limit: u64,
    /// The word list filled from; `None`: the built-in list (offensive
    /// words left out).
    pub list: Option<Words>,
}

/// The `stats` of a record (and of the `end` event) of a run of `algo`:
/// `restarts` for `fast`, `arc_revisions` for the others.
pub(crate) fn record_stats(algo: Algo, stats: &crate::Stats) -> RecordStats<Counters> {
    let counters = &stats.counters;
    RecordStats::with(
        stats.nodes,
        stats.elapsed,
        Counters {
            backtracks: counters.backtracks,
            restarts: (algo == Algo::Fast).then_some(counters.restarts),
            arc_revisions: (algo != Algo::Fast).then_some(counters.arc_revisions),
        },
    )
}

pub(crate) fn round2(value: f64) -> f64 {
    (value * 100.0).round() / 100.0
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
) -> io::Result<()> {
    writeln!(out, "{title}:")?;
    for (slot, ids) in problem.slots().slots.iter().zip(domains) {
        writeln!(out, "{:>4} : {}", slot.name(), words_text(problem, ids))?;
    }
    writeln!(out)?;
    Ok(())
}

/// AC-3's revision table: the arc revised, the new domain if it changed, the
/// arcs added to the queue.
fn write_trace(out: &mut dyn Write, problem: &Problem, ac3: &Ac3Result) -> io::Result<()> {
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

/// The fill of `template`, whose entries are `slots`, as an ipuz
/// crossword: the template's numbers in `puzzle`, the letters in
/// `solution`, empty clues.
fn ipuz_of(template: &Grid, slots: &Slots, fill: &Fill) -> String {
    use serde_json::{Value, json};
    let grid = &fill.grid;
    let numbers = &slots.numbers;
    let mut puzzle = Vec::new();
    let mut solution = Vec::new();
    for r in 0..grid.rows() {
        let mut puzzle_row = Vec::new();
        let mut solution_row = Vec::new();
        for c in 0..grid.cols() {
            let index = r * grid.cols() + c;
            let letter = match grid.cells()[index] {
                Cell::Block => json!("#"),
                Cell::Letter(l) => Value::from(((b'A' + l) as char).to_string()),
                Cell::Open => Value::Null,
            };
            let number = numbers[index];
            puzzle_row.push(match template.cells()[index] {
                Cell::Block => json!("#"),
                Cell::Letter(_) => json!({"cell": number, "value": letter}),
                Cell::Open => json!(number),
            });
            solution_row.push(letter);
        }
        puzzle.push(Value::Array(puzzle_row));
        solution.push(Value::Array(solution_row));
    }
    let clues = |direction| -> Vec<Value> {
        slots
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

/// `--compare`: `fast`, `mac` and `ac3` with the options' word list and
/// repeats rule (no trace), the last column the fills counted.
impl Compare for Grid {
    const LENGTH: &'static str = "fills";

    fn compare_runs(base: &Options) -> Vec<(String, Options)> {
        let run = |algo| Options {
            algo,
            trace: false,
            ..base.clone()
        };
        let runs = Algo::ALL
            .iter()
            .map(|&algo| (algo.name().to_owned(), run(algo)));
        runs.collect()
    }

    /// The template's rows, in every JSON row of the table.
    fn compare_fields(&self) -> Vec<(&'static str, serde_json::Value)> {
        vec![("template", self.to_rows().into())]
    }

    /// The grid's size and entries, then the limits of each run.
    fn compare_heading(&self, _line: Option<usize>, nodes: u64, time: Duration) -> String {
        format!(
            "{} x {} grid, {} entries\n{} (ac3 makes no guess: undecided, it stops at depth 0)",
            self.rows(),
            self.cols(),
            Slots::new(self).slots.len(),
            cli_kit::app::limits_line(nodes, time)
        )
    }
}

/// The record of `fill --json` and the human view of `fill`, with the
/// view options of [`FillView`]; [`Show::record`] names the built-in list
/// and `fast` (the record of a solve whose options it is not told).
impl Show for Grid {
    type Fields = Fields;
    type Counters = Counters;
    type Json = Vec<String>;
    type View = FillView;

    fn record(solved: &Solved<Grid>, counting: bool) -> FillRecord {
        Self::record_viewed(solved, counting, &FillView::default())
    }

    fn record_viewed(solved: &Solved<Grid>, counting: bool, own: &FillView) -> FillRecord {
        let outcome = &solved.outcome;
        let fill = outcome
            .solution
            .as_ref()
            .filter(|_| outcome.status == Status::Solved);
        let rows = fill.map(|fill| fill.grid.to_rows());
        Record {
            solution: rows.clone(),
            stats: record_stats(own.algo, &outcome.stats),
            ..Record::ended(
                outcome.status,
                Fields {
                    template: Some(solved.puzzle.to_rows()),
                    grid: rows,
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
                    unique: solved.unique.and_then(Result::ok),
                    count: counting.then_some(Count {
                        count: outcome.count,
                        complete: outcome.count_complete,
                    }),
                    algo: Some(own.algo.name().to_owned()),
                    words: Some(own.words.name.clone()),
                    min_score: own.words.min_score,
                    allow_repeats: own.allow_repeats,
                    reason: outcome.stats.counters.reason.clone(),
                },
            )
        }
    }

    /// The human view: AC-3's domains and trace (their words named from
    /// the view's list, a problem built again from it), the fill or why
    /// there is none, the `unique:`, `fills:` and `--stats` lines. With
    /// `--format ipuz` stdout carries the ipuz file and nothing else: what
    /// is said about the run (the message of an unfilled grid, ac3's
    /// domains when it does not decide, the `--stats` line) goes to
    /// stderr.
    fn write_human(
        out: &mut dyn Write,
        solved: &Solved<Grid>,
        flags: &ViewFlags,
        own: &FillView,
    ) -> io::Result<()> {
        let outcome = &solved.outcome;
        let ipuz = own.format == OutputFormat::Ipuz;
        // AC-3's domains: with its trace, or when it did not fill the grid.
        let problem = outcome
            .stats
            .counters
            .ac3
            .as_ref()
            .filter(|_| own.trace || outcome.status != Status::Solved)
            .map(|_| {
                let list = own.list.clone().unwrap_or_else(|| builtin_words(false));
                Problem::new(solved.puzzle.clone(), &list)
            });
        let ac3 = problem.as_ref().zip(outcome.stats.counters.ac3.as_deref());
        // An ipuz file holds a fill: whether it is unique is not said.
        let unique = solved.unique.and_then(Result::ok).filter(|_| !ipuz);
        let mut before = Vec::new();
        if let Some((problem, ac3)) = ac3 {
            if own.trace {
                write_domains(
                    &mut before,
                    problem,
                    "domains before arc consistency",
                    &ac3.before,
                )?;
                write_trace(&mut before, problem, ac3)?;
            }
            write_domains(
                &mut before,
                problem,
                "domains after arc consistency",
                &ac3.after,
            )?;
        }
        let mut result = Vec::new();
        let mut data = Vec::new();
        let reason = outcome.stats.counters.reason.as_deref();
        match (outcome.status, &outcome.solution) {
            (Status::Solved, Some(fill)) => {
                if ipuz {
                    writeln!(
                        data,
                        "{}",
                        ipuz_of(&solved.puzzle, &Slots::new(&solved.puzzle), fill)
                    )?;
                } else {
                    writeln!(data, "{fill}")?;
                }
            }
            (Status::Unsolvable, _) => writeln!(
                result,
                "unfillable: {}",
                reason.unwrap_or("no fill of this grid from this list")
            )?,
            (status, _) => match reason {
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
        if flags.count {
            let limit = own.count_limit;
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
        if flags.stats {
            let s = &outcome.stats;
            let mut counters = vec![
                ("nodes", s.nodes.to_string()),
                ("backtracks", s.counters.backtracks.to_string()),
            ];
            if own.algo == Algo::Fast {
                counters.push(("restarts", s.counters.restarts.to_string()));
            } else {
                counters.push(("arc revisions", s.counters.arc_revisions.to_string()));
            }
            counters.push(("algo", own.algo.name().to_owned()));
            writeln!(after, "{}", cli_kit::stats_line(&counters, s.elapsed))?;
        }
        if ipuz {
            let mut notes = io::stderr().lock();
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

    fn svg(&self, outcome: &Outcome) -> String {
        crate::svg::render_outcome(self, outcome)
    }

    /// The template's cells (`#` a block, a letter given or filled), the
    /// blocks and the pre-filled letters given.
    fn board(&self, solution: Option<&Fill>) -> Board {
        let filled = solution.map(|fill| &fill.grid);
        let cells = (0..self.rows())
            .flat_map(|r| (0..self.cols()).map(move |c| (r, c)))
            .map(|(r, c)| {
                let given = self.cell(r, c);
                let shown = filled.map_or(given, |grid| grid.cell(r, c));
                BoardCell {
                    text: match shown {
                        Cell::Block => "#".to_owned(),
                        Cell::Letter(letter) => ((b'A' + letter) as char).to_string(),
                        _ => String::new(),
                    },
                    given: given != Cell::Open,
                    black: false,
                }
            })
            .collect();
        Board {
            rows: self.rows(),
            cols: self.cols(),
            cells,
        }
    }
}

/// `fill` on cli-kit's driver: one template per input, read from its bytes
/// ([`App::Reading`]: a `.puz` file is binary), filled once from the
/// options' word list and, when asked, counted to 2 to tell whether the
/// fill is unique ([`crate::is_unique`] within [`crate::unique_budget`] of
/// the fill's nodes).
impl App for Grid {
    /// The template's bytes when read apart from the input's text (the
    /// binary's, from a file or stdin); `None`: the item's text.
    type Reading = Option<Vec<u8>>;

    fn read(text: &str, _reading: &Self::Reading) -> Result<Grid, String> {
        read_template_bytes(text.as_bytes())
    }

    fn read_item(item: &Item, reading: &Self::Reading) -> Result<(Grid, Vec<String>), String> {
        let bytes = reading.as_deref().unwrap_or(item.text.as_bytes());
        read_template_bytes(bytes).map(|grid| (grid, Vec::new()))
    }

    fn unique_after(&self, options: &Options, outcome: &Outcome) -> Option<Result<bool, Limit>> {
        let problem = Problem::new(self.clone(), &options.word_list());
        crate::is_unique(&problem, options, crate::unique_budget(outcome.stats.nodes)).map(Ok)
    }

    /// The problem built once for the fill and the count.
    fn solve_telling(
        &self,
        options: &Options,
        tell_unique: bool,
    ) -> (Outcome, Option<Result<bool, Limit>>) {
        let problem = Problem::new(self.clone(), &options.word_list());
        let outcome = crate::solve_problem(&problem, options);
        let unique = (tell_unique && outcome.status == Status::Solved)
            .then(|| crate::is_unique(&problem, options, crate::unique_budget(outcome.stats.nodes)))
            .flatten();
        (outcome, unique.map(Ok))
    }
}

/// A front end's crossword: a template's text, filled from the word list
/// of `words` (its text, as a `--words` file holds it) or the built-in
/// one, as `crossword fill` does with the same flags.
impl Front for Grid {
    const TITLE: &'static str = "Crossword";
    const SETTINGS: &'static [Setting] = &[
        Setting {
            name: "words",
            takes: "a word list's text, one word per line, each with an optional ;score (default: the built-in list)",
            flag: "--words",
        },
        Setting {
            name: "min_score",
            takes: "a whole score: keep the words scoring at least that",
            flag: "--min-score",
        },
        Setting {
            name: "allow_repeats",
            takes: "true or false: let a word fill more than one entry",
            flag: "--allow-repeats",
        },
        Setting {
            name: "allow_offensive",
            takes: "true or false: keep the built-in list's offensive words",
            flag: "--allow-offensive",
        },
    ];

    fn prepare(text: &str, own: Own<'_>, options: &mut Options) -> Result<Grid, Refusal> {
        refuse_unknown::<Grid>(own)?;
        let value = |name: &str| own.iter().rev().find(|(given, _)| given == name);
        let min_score = value("min_score")
            .map(|(name, value)| read_setting::<i32>(name, value, "a whole score"))
            .transpose()?;
        let switch = |name: &str| value(name).map(|(name, value)| read_switch(name, value));
        if let Some(allow) = switch("allow_repeats").transpose()? {
            options.allow_repeats = allow;
        }
        if let Some(allow) = switch("allow_offensive").transpose()? {
            options.allow_offensive = allow;
        }
        let list = match value("words") {
            Some((name, words)) => WordList::parse(words, min_score)
                .map_err(|error| Refusal::setting(name, error.to_string()))?,
            None if min_score.is_some() => {
                let list = WordList::default_list_with(min_score, options.allow_offensive);
                if list.is_empty() {
                    return Err(Refusal::setting(
                        "min_score",
                        format!(
                            "min_score {}: no word of the built-in list scores that much (its scores are 30 to 90)",
                            min_score.unwrap_or_default()
                        ),
                    ));
                }
                list
            }
            None => return Self::read(text, &None).map_err(Refusal::Puzzle),
        };
        options.words = Some(Words(std::sync::Arc::new(list)));
        Self::read(text, &None).map_err(Refusal::Puzzle)
    }

    /// The record names the algorithm, the word list, its minimum score
    /// and the repeats rule. A list given as text has no path to name, so
    /// the record names the setting it came from.
    fn view(own: Own<'_>, options: &Options) -> FillView {
        let value = |name: &str| own.iter().rev().find(|(given, _)| given == name);
        let name = match value("words") {
            Some(_) => WORDS_SETTING,
            None => "default",
        };
        FillView {
            algo: options.algo,
            words: WordSource {
                name: name.to_owned(),
                min_score: value("min_score").and_then(|(_, score)| score.trim().parse().ok()),
            },
            allow_repeats: options.allow_repeats,
            count_limit: options.limits.count_up_to,
            list: options.words.clone(),
            ..FillView::default()
        }
    }

    /// A word list given as text is no file the record can name: the
    /// records of a fill from the `words` setting are checked against it.
    fn check_with(&self, own: Own<'_>, text: &str) -> Result<Vec<Verified>, (usize, String)> {
        let value = |name: &str| own.iter().rev().find(|(given, _)| given == name);
        let min_score = value("min_score").and_then(|(_, score)| score.trim().parse().ok());
        let mut checker = Checker::new(None, None, false).with_template(Some(self.clone()));
        if let Some((_, words)) = value("words") {
            let list = WordList::parse(words, min_score).map_err(|error| format!("words: {error}"));
            checker
                .lists
                .insert((WORDS_SETTING.to_owned(), min_score), list);
        }
        // JSON lines of `fill --json`: the records are the contract.
        let claims = cli_kit::json_records::<Fields, Vec<String>, Counters>(text);
        cli_kit::verify_claims(claims, |record| checker.check_record(&record))
    }
}

/// `check`'s verdict on one record by a [`Checker`] with the record's own
/// word list and repeats rule, `given` (`--template`) the template the
/// record must carry. The binary's `check` keeps one [`Checker`] across
/// the records instead (each list read once, its `--words`, `--min-score`
/// and `--allow-repeats` given), through
/// `cli_kit::driver::check_input_with`.
impl Verify for Grid {
    fn verify(given: Option<&Grid>, record: &FillRecord) -> Result<Verified, String> {
        Checker::new(None, None, false)
            .with_template(given.cloned())
            .check_record(record)
    }
}

/// What a record names as its word list when the list was given as text
/// (a front end's `words` setting), having no file name.
const WORDS_SETTING: &str = "the words setting";

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
                if let Some((column, message)) = cli_kit::line_too_long(line, MAX_LINE) {
                    anyhow::bail!("{path}: line {number}, column {column}: {message}");
                }
            }
            WordList::parse(&input.text, min_score).with_context(|| path.to_owned())
        }
    }
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

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;

    /// Show's record names the view's algorithm and word list for every
    /// algorithm (ac3 with its trace and domains), the human view is the
    /// ipuz file only with `--format ipuz`, and Verify reads the list the
    /// record names.
    #[test]
    fn show_names_the_view_and_verify_reads_its_list() {
        let grid = Grid::read(".....\n##.#.\n#....\n.#...\n.....\n.##.#\n", &None).unwrap();
        let list = Arc::new(WordList::from_words(&[
            "aft", "ale", "eel", "heel", "hike", "hoses", "keel", "knot", "laser", "lee", "line",
            "sails", "sheet", "steer", "tie",
        ]));
        for algo in Algo::ALL.iter().copied() {
            for format in [OutputFormat::Text, OutputFormat::Ipuz] {
                let options = Options::new(algo)
                    .shared_words(Arc::clone(&list))
                    .trace(algo == Algo::Ac3);
                let (outcome, unique) = grid.solve_telling(&options, true);
                let solved = Solved {
                    puzzle: grid.clone(),
                    outcome,
                    unique,
                };
                let view = FillView {
                    algo,
                    words: WordSource {
                        name: "words.txt".to_owned(),
                        min_score: Some(3),
                    },
                    trace: algo == Algo::Ac3,
                    format,
                    list: Some(Words(Arc::clone(&list))),
                    ..FillView::default()
                };
                let record = Grid::record_viewed(&solved, false, &view);
                assert_eq!(record.status, RecordStatus::Solved, "{algo:?}");
                assert_eq!(record.fields.algo.as_deref(), Some(algo.name()));
                assert_eq!(record.fields.words.as_deref(), Some("words.txt"));
                assert_eq!(record.fields.min_score, Some(3));
                let mut shown = Vec::new();
                let flags = ViewFlags {
                    stats: true,
                    ..ViewFlags::default()
                };
                Grid::write_human(&mut shown, &solved, &flags, &view).unwrap();
                let shown = String::from_utf8_lossy(&shown);
                let ipuz = shown.contains("http://ipuz.org/v2");
                assert_eq!(ipuz, format == OutputFormat::Ipuz, "{algo:?} {format:?}");
                let checked = Grid::verify(Some(&grid), &record);
                // The record names a list that is not there: the check says so.
                assert!(checked.unwrap_err().contains("words.txt"), "{algo:?}");
            }
        }
    }
}
