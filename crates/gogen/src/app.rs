//! What the front ends show of a gogen solve, on cli-kit's application
//! traits (the `app` feature, no command-line parsing): the record's own
//! fields ([`GogenFields`], [`GogenCounters`]), the human view (the grid,
//! its givens in bold on a terminal, the `unique:` line, the words under
//! `--show-words`), the SVG picture and the board as data ([`Show`]), the
//! `--compare` rows ([`Compare`]), and how an input is read ([`App`]: a
//! puzzle file, or with `--letters` a words file).

use std::collections::BTreeMap;
use std::io::{self, Write};

use cli_kit::app::{Board, Cell, Compare, Show, Verify, ViewFlags, unique_line};
use cli_kit::front::{Front, Own, Refusal, Setting, refuse_unknown};
use cli_kit::{App, Count, Record, Stats as RecordStats, Status as RecordStatus, Verified};
use serde::{Deserialize, Serialize};

use crate::check::{self, Paths};
use crate::grid::Grid;
use crate::options::{Limit, Options, Outcome, Stats, Status};
use crate::puzzle::{CELLS, ParseError, Puzzle, SIDE, letter_char};

/// The fields a gogen record adds to the envelope: each word's path on the
/// solution, and the count under `--count`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct GogenFields {
    /// Each word's `[row, column]` cells (from 0), when solved.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub paths: Option<Paths>,
    /// When solved without `--count`: whether the solution is the only
    /// one, by a count to 2 of its own ([`crate::is_unique`]); absent
    /// when a limit stopped that count first.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unique: Option<bool>,
    /// `count` and `count_complete`, when counting.
    #[serde(flatten, default, skip_serializing_if = "Option::is_none")]
    pub count: Option<Count>,
}

/// The counters a gogen record adds to `stats` beside `nodes` and `micros`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize, Deserialize)]
pub struct GogenCounters {
    /// Guesses undone (`csp`) or dead ends tested (`dfs`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub backtracks: Option<u64>,
    /// `dfs`: its nodes visited (states tested plus one).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub nodes_visited: Option<u64>,
    /// `dfs`, when solved: its path length.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub path_length: Option<u64>,
    /// `dfs`, when solved: path length over nodes visited.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub efficiency: Option<f64>,
}

/// One JSON line of `gogen solve --json`, as `gogen check` reads it back.
pub type GogenRecord = Record<GogenFields, String, GogenCounters>;

/// A puzzle and how solving it ended: what the batch driver hands the
/// report.
pub type Solved = cli_kit::app::Solved<Puzzle>;

/// The view options that are gogen's own.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct GogenView {
    /// Every word highlighted on its own grid (`--show-words`).
    pub show_words: bool,
}

/// `--letters`: nine distinct letters A-Y (either case), checked when the
/// command line is read so that a bad value is a usage error (exit 2).
pub fn nine_letters(text: &str) -> Result<String, String> {
    let letters = text.trim().to_ascii_uppercase();
    let mut seen = [false; 25];
    let valid = letters.len() == 9
        && letters.bytes().all(|letter| {
            let index = usize::from(letter.wrapping_sub(b'A'));
            index < 25 && !std::mem::replace(&mut seen[index], true)
        });
    if valid {
        Ok(letters)
    } else {
        Err(format!(
            "expected 9 distinct letters A-Y for the standard given cells, found {text:?}"
        ))
    }
}

/// The puzzle of an input: a puzzle file, or with `letters` a words file
/// (the count, then the words).
pub fn read_puzzle(text: &str, letters: Option<&str>) -> Result<Puzzle, ParseError> {
    match letters {
        Some(letters) => Puzzle::from_words_file(text, letters),
        None => text.parse(),
    }
}

/// The message of `error`, with a hint when `text` looks like a words
/// file (its first line a number, the word count) read without
/// `--letters`, which makes it a puzzle file whose first grid row is
/// that number.
pub fn with_hint(error: ParseError, text: &str, letters: Option<&str>) -> String {
    let first = text
        .lines()
        .map(str::trim)
        .find(|line| !line.is_empty() && !line.starts_with('#'));
    let words_file = first.is_some_and(|line| line.parse::<usize>().is_ok());
    if letters.is_none() && words_file {
        format!(
            "{error} (this looks like a words file, the word count then the words: \
             give the nine given letters with --letters)"
        )
    } else {
        error.to_string()
    }
}

/// Bold on, and back to normal: the ANSI escapes around a given letter.
const BOLD: &str = "\x1b[1m";
const NORMAL: &str = "\x1b[0m";

/// `grid` as [`Grid`]'s `Display` shows it, each letter the puzzle gives
/// in bold.
pub fn marked_grid(puzzle: &Puzzle, grid: &Grid) -> String {
    let mut out = String::new();
    for (cell, &letter) in grid.cells().iter().enumerate() {
        if cell > 0 {
            out.push(if cell % SIDE == 0 { '\n' } else { ' ' });
        }
        let c = letter_char(letter);
        if puzzle.givens()[cell].is_some() {
            out.push_str(&format!("{BOLD}{c}{NORMAL}"));
        } else {
            out.push(c);
        }
    }
    out
}

impl Show for Puzzle {
    type Fields = GogenFields;
    type Counters = GogenCounters;
    type Json = String;
    type View = GogenView;

    /// The record of a solve; `counting` adds `count` and `count_complete`.
    fn record(solved: &Solved, counting: bool) -> GogenRecord {
        let Solved {
            puzzle,
            outcome,
            unique,
        } = solved;
        let solution = solved.solution();
        let paths = solution.map(|grid| {
            puzzle
                .words()
                .iter()
                .filter_map(|word| Some((word.clone(), grid.word_path(word)?)))
                .collect::<BTreeMap<_, _>>()
        });
        let count = counting.then_some(Count {
            count: outcome.count,
            complete: outcome.count_complete,
        });
        let stats = &outcome.stats;
        let dfs = stats.counters.dfs;
        let counters = GogenCounters {
            backtracks: Some(stats.counters.backtracks),
            nodes_visited: dfs.map(|dfs| dfs.nodes_visited),
            path_length: dfs.and_then(|dfs| dfs.path_length),
            efficiency: dfs.and_then(|dfs| dfs.efficiency()),
        };
        Record {
            solution: solution.map(|grid| grid.to_line()),
            stats: RecordStats::with(stats.nodes, stats.elapsed, counters),
            ..Record::ended(
                outcome.status,
                GogenFields {
                    paths,
                    unique: unique.and_then(Result::ok),
                    count,
                },
            )
        }
    }

    fn write_human(
        out: &mut dyn Write,
        solved: &Solved,
        flags: &ViewFlags,
        own: &GogenView,
    ) -> io::Result<()> {
        let Solved {
            puzzle,
            outcome,
            unique,
        } = solved;
        let found = outcome.count;
        match (solved.solution(), outcome.status) {
            (Some(grid), _) => {
                if flags.bold_givens {
                    writeln!(out, "{}", marked_grid(puzzle, grid))?;
                } else {
                    writeln!(out, "{grid}")?;
                }
                if let Some(unique) = unique {
                    writeln!(out, "{}", unique_line(*unique))?;
                }
                if own.show_words {
                    for word in puzzle.words() {
                        writeln!(out)?;
                        write!(out, "{}", grid.highlight(word))?;
                    }
                }
            }
            (None, Status::Limit(limit)) if found > 0 => {
                writeln!(out, "{limit} limit reached before the count was finished")?
            }
            (None, Status::Limit(limit)) => {
                writeln!(out, "{limit} limit reached before a solution was found")?
            }
            (None, _) => writeln!(out, "no solution: the words cannot all be traced")?,
        }
        if flags.count {
            let more = match (outcome.count_complete, outcome.status.limit()) {
                (true, _) => String::new(),
                (false, Some(limit)) => format!(" or more (found before the {limit} limit)"),
                // Stopped at --limit solutions.
                (false, None) => " or more (limit reached)".to_owned(),
            };
            writeln!(out, "solutions: {found}{more}")?;
        }
        if flags.stats {
            let stats = &outcome.stats;
            let mut counters = vec![
                ("nodes", stats.nodes.to_string()),
                ("backtracks", stats.counters.backtracks.to_string()),
            ];
            if let Some(dfs) = stats.counters.dfs {
                match (dfs.path_length, dfs.efficiency()) {
                    (Some(length), Some(efficiency)) => counters.push((
                        "efficiency",
                        format!(
                            "{efficiency:.2} (path length {length} / nodes visited {})",
                            dfs.nodes_visited
                        ),
                    )),
                    _ => counters.push(("nodes visited", dfs.nodes_visited.to_string())),
                }
            }
            writeln!(out, "{}", cli_kit::stats_line(&counters, stats.elapsed))?;
        }
        Ok(())
    }

    fn svg(&self, outcome: &Outcome) -> String {
        crate::svg::render_outcome(self, outcome)
    }

    fn board(&self, solution: Option<&Grid>) -> Board {
        let cells = (0..CELLS)
            .map(|cell| {
                let given = self.givens()[cell];
                let letter = solution.map(|grid| grid.cells()[cell]).or(given);
                Cell {
                    text: letter
                        .map(|letter| letter_char(letter).to_string())
                        .unwrap_or_default(),
                    given: given.is_some(),
                    black: false,
                }
            })
            .collect();
        Board {
            rows: SIDE,
            cols: SIDE,
            cells,
        }
    }
}

/// `--compare`: both solvers, each row with its backtracks and the nodes
/// the depth-first search visited (0 for csp).
impl Compare for Puzzle {
    fn compare_counters(stats: &Stats) -> Vec<(&'static str, u64)> {
        let visited = stats
            .counters
            .dfs
            .as_ref()
            .map_or(0, |dfs| dfs.nodes_visited);
        vec![
            ("backtracks", stats.counters.backtracks),
            ("nodes_visited", visited),
        ]
    }
}

/// The input is one puzzle, read with the nine `--letters` when it is a
/// words file; a solved puzzle's uniqueness is told by [`crate::is_unique`].
impl App for Puzzle {
    type Reading = Option<String>;

    fn read(text: &str, letters: &Option<String>) -> Result<Puzzle, String> {
        let letters = letters.as_deref();
        read_puzzle(text, letters).map_err(|error| with_hint(error, text, letters))
    }

    fn unique(&self, options: &Options) -> Option<Result<bool, Limit>> {
        Some(crate::is_unique(self, options))
    }
}

/// A front end's gogen: a puzzle file's text, or with `letters` a words
/// file, read as `gogen solve` reads it (its hint included).
impl Front for Puzzle {
    const TITLE: &'static str = "Gogen";
    const SETTINGS: &'static [Setting] = &[Setting {
        name: "letters",
        takes: "the nine given letters A-Y, to read the text as a words file (the count, then the words)",
        flag: "--letters",
    }];

    fn prepare(text: &str, own: Own<'_>, _options: &mut Options) -> Result<Puzzle, Refusal> {
        refuse_unknown::<Puzzle>(own)?;
        let letters = match own.iter().rev().find(|(name, _)| name == "letters") {
            Some((_, value)) if !value.trim().is_empty() => {
                Some(nine_letters(value).map_err(|message| Refusal::setting("letters", message))?)
            }
            _ => None,
        };
        Self::read(text, &letters).map_err(Refusal::Puzzle)
    }
}

/// Whether gogen can stop at `limit`: it has a node and a memory limit,
/// no time, frontier or depth limit.
fn limit_applies(limit: Limit) -> Result<(), String> {
    match limit {
        Limit::Node | Limit::Memory => Ok(()),
        Limit::Time | Limit::Frontier | Limit::Depth => Err(format!(
            "status \"limit\" with a {limit} limit, which gogen does not have"
        )),
    }
}

/// `check`'s verdict on one record: a solution must keep the rules (and
/// its paths, when given, spell the words); an "unsolvable" claim is
/// confirmed by [`check::exhaustive`] (nothing is verified when that runs
/// out of budget); a count must fit its status.
impl Verify for Puzzle {
    fn verify(given: Option<&Puzzle>, record: &GogenRecord) -> Result<Verified, String> {
        let puzzle = given.ok_or("gogen check needs the puzzle file the records are for")?;
        let count = record.fields.count;
        if record.fields.unique.is_some() && record.status != RecordStatus::Solved {
            return Err(format!(
                "status \"{}\" with \"unique\"",
                record.status.name()
            ));
        }
        if record.fields.unique.is_some() && count.is_some() {
            return Err("\"unique\" beside a count, which tells it".into());
        }
        match record.status {
            RecordStatus::Solved => {
                let solution = record.solution.as_deref().unwrap_or_default();
                if count.is_some_and(|count| count.count == 0) {
                    return Err("status \"solved\" with a count of 0".into());
                }
                check::check_solution(puzzle, solution, record.fields.paths.as_ref())
                    .map_err(|violation| format!("solution {solution}: {violation}"))?;
                Ok(Verified::Solution)
            }
            RecordStatus::Unsolvable => {
                if let Some(count) = count
                    && (count.count != 0 || !count.complete)
                {
                    return Err(format!(
                        "status \"unsolvable\" with a count of {} (complete: {})",
                        count.count, count.complete
                    ));
                }
                if record.fields.paths.is_some() {
                    return Err("status \"unsolvable\" with paths".into());
                }
                let found = check::exhaustive(puzzle, check::NODE_BUDGET);
                Verified::of_unsolvable(found, Grid::to_line)
            }
            RecordStatus::Limit if count.is_some_and(|count| count.complete) => {
                Err("status \"limit\" with a complete count".into())
            }
            RecordStatus::Limit => {
                record.limit.map_or(Ok(()), limit_applies)?;
                Ok(Verified::Nothing)
            }
            RecordStatus::Invalid => Ok(Verified::Nothing),
        }
    }
}
