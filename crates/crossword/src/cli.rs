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
use cli_kit::{Limit, Record, SolveFlags, Status as RecordStatus, Verified, WatchSession};

use crate::app::round2;
pub use crate::app::{
    Counters, EntryField, Fields, FillRecord, FillReport, Filled, MAX_LINE, OutputFormat,
    WordSource, fill_item, fill_item_watched, fill_problem, parse_template, to_ipuz,
};
use crate::watch::Watch;
use crate::{Algo, Grid, MAX_SIDE, Options, Outcome, Problem, WordList, check};

/// The largest template file read (a `.puz` or ipuz of a 255x255 grid with
/// clues is far smaller).
pub const MAX_TEMPLATE_BYTES: u64 = 16 << 20;

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
