//! What the front ends show of a ripple solve, on cli-kit's application
//! traits (the `app` feature, no command-line parsing): the items of an
//! input (one puzzle, or a batch of URLs one per line, [`App`]), the
//! record's own fields ([`Fields`], [`Counters`]), the human view (the
//! drawing in its room walls, the givens in bold on a terminal, the
//! `unique:` line, `--to-url`, a batch's `line N:` headers and summary),
//! the SVG picture and the board as data ([`Show`]), the `--compare` rows
//! ([`Compare`]), and `check`'s verdict on a record ([`Verify`]).

use std::io::{self, Write};

pub use cli_kit::app::unique_line;
use cli_kit::app::{Board, Cell, Compare, Show, Verify, ViewFlags};
use cli_kit::forms::{self, Form, FormRead, Forms};
use cli_kit::front::{Front, Own, Refusal, refuse_unknown};
use cli_kit::{
    App, Count, Input, Item, LineBatch, Record, Stats as RecordStats, Status as RecordStatus,
    Tally, Verified,
};
use serde::{Deserialize, Serialize};

use crate::{
    Algo, Counters, Format, Grid, Limit, Location, Options, Outcome, ParseError, Puzzle, Status,
    check, is_url, parse, to_url,
};

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

/// A `solve` or `generate` record: solution as rows of digits.
pub type RippleRecord = Record<Fields, Vec<Vec<u8>>, Counters>;

/// The view options that are ripple's own, beside cli-kit's
/// [`ViewFlags`].
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct RippleView {
    /// The algorithm (the record's `algo`, the `--stats` line's).
    pub algo: Algo,
    /// Print each puzzle's canonical URL above its drawing (`--to-url`).
    pub to_url: bool,
    /// With `--count`: the most solutions counted (`--limit`).
    pub limit: u64,
}

/// The record of a solve of `algo` (the record's `algo` when known); with
/// `counting`, its `count` and `count_complete`.
pub fn record(
    algo: Option<Algo>,
    counting: bool,
    solved: &cli_kit::app::Solved<Puzzle>,
) -> RippleRecord {
    let (outcome, stats) = (&solved.outcome, &solved.outcome.stats);
    let fields = Fields {
        puzzle: Some(to_url(&solved.puzzle)),
        algo: algo.map(|algo| algo.name().to_owned()),
        unique: solved.unique.and_then(Result::ok),
        count: counting.then_some(Count {
            count: outcome.count,
            complete: outcome.count_complete,
        }),
        ..Fields::default()
    };
    Record {
        solution: solved.solution().map(Grid::to_rows),
        stats: RecordStats::with(stats.nodes, stats.elapsed, stats.counters),
        ..Record::ended(outcome.status, fields)
    }
}

/// The human view of one result: in a batch (`line`) its `line N:` header,
/// after a blank line unless it is the first result (`index` 0); the URL
/// under `--to-url`; the drawing, `no solution` or the limit; the
/// `unique:`, `solutions:` and `--stats` lines.
pub fn write_view(
    out: &mut dyn Write,
    at: (Option<usize>, usize),
    solved: &cli_kit::app::Solved<Puzzle>,
    flags: &ViewFlags,
    own: &RippleView,
) -> io::Result<()> {
    let outcome = &solved.outcome;
    forms::write_heading(out, at)?;
    if own.to_url {
        writeln!(out, "{}", to_url(&solved.puzzle))?;
    }
    match (outcome.status, &outcome.solution) {
        (Status::Solved, Some(solution)) if flags.bold_givens => {
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
    if flags.count {
        let limit = own.limit;
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
    if flags.stats {
        let mut counters = vec![
            ("nodes", outcome.stats.nodes.to_string()),
            ("backtracks", outcome.stats.counters.backtracks.to_string()),
        ];
        if let Some(calls) = outcome.stats.counters.recursive_calls {
            counters.push(("recursive calls", calls.to_string()));
        }
        counters.push(("algo", own.algo.name().to_owned()));
        writeln!(
            out,
            "{}",
            cli_kit::stats_line(&counters, outcome.stats.elapsed)
        )?;
    }
    Ok(())
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
        // Without its puzzle the claim has nothing to be tested against.
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

/// The record's fields and counters, the human view, the picture and the
/// board of a ripple solve.
impl Show for Puzzle {
    type Fields = Fields;
    type Counters = Counters;
    type Json = Vec<Vec<u8>>;
    type View = RippleView;

    /// The record without its `algo`, which only the view options know
    /// ([`Show::record_viewed`]).
    fn record(solved: &cli_kit::app::Solved<Puzzle>, counting: bool) -> RippleRecord {
        record(None, counting, solved)
    }

    fn record_viewed(
        solved: &cli_kit::app::Solved<Puzzle>,
        counting: bool,
        own: &RippleView,
    ) -> RippleRecord {
        record(Some(own.algo), counting, solved)
    }

    fn write_human(
        out: &mut dyn Write,
        solved: &cli_kit::app::Solved<Puzzle>,
        flags: &ViewFlags,
        own: &RippleView,
    ) -> io::Result<()> {
        write_view(out, (None, 0), solved, flags, own)
    }

    fn write_item(
        out: &mut dyn Write,
        line: Option<usize>,
        index: usize,
        result: Result<&cli_kit::app::Solved<Puzzle>, &str>,
        flags: &ViewFlags,
        own: &RippleView,
    ) -> io::Result<()> {
        match result {
            Ok(solved) => write_view(out, (line, index), solved, flags, own),
            // The driver has put the message on stderr.
            Err(_) => Ok(()),
        }
    }

    /// How many puzzles of a batch ended how.
    fn write_summary(out: &mut dyn Write, tally: &Tally, _own: &RippleView) -> io::Result<()> {
        if tally.total() > 1 {
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

    fn svg(&self, outcome: &Outcome) -> String {
        crate::svg::render_outcome(self, outcome)
    }

    fn board(&self, solution: Option<&Grid>) -> Board {
        let cells = (0..self.len())
            .map(|cell| {
                let given = self.givens()[cell];
                let digit = solution.map_or(given, |grid| grid.values()[cell]);
                Cell {
                    text: if digit == 0 {
                        String::new()
                    } else {
                        digit.to_string()
                    },
                    given: given != 0,
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

/// `--compare`: every algorithm, each row with its counters (its
/// backtracks and, for `mrv` and `brute`, its recursive calls); the count
/// of solutions when solved.
impl Compare for Puzzle {
    fn compare_length(outcome: &Outcome) -> Option<u64> {
        (outcome.status == Status::Solved).then_some(outcome.count)
    }

    /// Each JSON row names its puzzle by its URL.
    fn compare_fields(&self) -> Vec<(&'static str, serde_json::Value)> {
        vec![("puzzle", to_url(self).into())]
    }
}

/// An input is a URL given on the command line ([`cli_kit::COMMAND_LINE`]), a
/// batch of URLs one per line, or one puzzle file ([`BATCH`]); a solved
/// puzzle's uniqueness is told by [`crate::is_unique`].
impl App for Puzzle {
    type Reading = ();

    fn items(input: &Input, _reading: &()) -> Vec<Item> {
        Self::BATCH.items(input)
    }

    fn read(text: &str, _reading: &()) -> Result<Puzzle, String> {
        Self::read_item(
            &Item {
                line: None,
                text: text.to_owned(),
            },
            &(),
        )
        .map(|(puzzle, _)| puzzle)
    }

    fn read_item(item: &Item, _reading: &()) -> Result<(Puzzle, Vec<String>), String> {
        forms::read_item(item)
    }

    fn unique(&self, options: &Options) -> Option<Result<bool, Limit>> {
        Some(crate::is_unique(self, options))
    }
}

/// The ASCII drawing is the human view; a URL line starts a batch; a
/// pzprv3 file and the normalised form hold a solution.
impl Form for Format {
    const DRAWING: Format = Format::Ascii;
    const LINE: Format = Format::Url;

    fn holds_solution(self) -> bool {
        matches!(self, Format::Pzprv3 | Format::Normalised)
    }
}

impl Forms for Puzzle {
    type Format = Format;

    /// A URL given on the command line ([`cli_kit::COMMAND_LINE`]) is one puzzle;
    /// a text is a batch of URLs, one per line, when some line is a URL
    /// and its first puzzle line does not start another form (a pzprv3
    /// file, the normalised form or a drawing): a first line that is no
    /// puzzle at all is then one bad line of the batch, not the verdict on
    /// the whole input; any other text is one puzzle.
    const BATCH: LineBatch = LineBatch {
        // The longest line read: far above any puzzle (a 128x128 URL is
        // under 50,000 characters), so a huge line is reported, not parsed.
        max_line: 200_000,
        is_line: is_url,
        other_form: |first| crate::detect(first).is_some(),
        expected: "a puzz.link URL",
    };

    /// A puzzle of an item, the solution it holds, and its warnings (a
    /// wall taken as none).
    fn read_form(item: &Item) -> Result<FormRead<Self>, String> {
        Self::BATCH.check(item)?;
        // A batch line is read as a text of one line: its line 1 is the item's line.
        let relocate = |error: ParseError| match (item.line, error.location) {
            (Some(line), Location::Text { column, .. }) => ParseError::at(line, column, error.kind),
            _ => error,
        };
        let parsed = parse(&item.text).map_err(|error| relocate(error).to_string())?;
        let warnings = parsed.warnings.into_iter();
        let warnings = warnings.map(|warning| format!("{}; taken as no wall", relocate(warning)));
        Ok((parsed.puzzle, parsed.solution, warnings.collect()))
    }

    fn write_form(&self, format: Format, solution: Option<&Grid>) -> String {
        crate::write(self, format, solution)
    }
}

/// A front end's ripple puzzle: one puzzle, read as `ripple solve` reads
/// one.
impl Front for Puzzle {
    const TITLE: &'static str = "Ripple Effect";

    fn prepare(text: &str, own: Own<'_>, _options: &mut Options) -> Result<Puzzle, Refusal> {
        refuse_unknown::<Puzzle>(own)?;
        Self::read(text, &()).map_err(Refusal::Puzzle)
    }

    /// The record names the algorithm from the view.
    fn view(_own: Own<'_>, options: &Options) -> RippleView {
        RippleView {
            algo: options.algo,
            to_url: false,
            limit: options.limits.count_up_to,
        }
    }
}

/// `check`'s verdict on a record ([`check_record`]): the record names its
/// puzzle; beside a puzzle given (the Python package's `check`), a record
/// without one is taken as of it, and one of another puzzle fails.
impl Verify for Puzzle {
    fn verify(given: Option<&Puzzle>, record: &RippleRecord) -> Result<Verified, String> {
        let Some(given) = given else {
            return check_record(record);
        };
        let url = to_url(given);
        let own = record.fields.puzzle.as_deref().map(str::parse::<Puzzle>);
        match own {
            None => {
                let mut record = record.clone();
                record.fields.puzzle = Some(url);
                check_record(&record)
            }
            Some(Ok(own)) if to_url(&own) == url => check_record(record),
            Some(_) => Err(format!(
                "the record is of the puzzle {}, not of {url}",
                record.fields.puzzle.as_deref().unwrap_or_default()
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cli_kit::app::mark_givens as bold_givens;

    #[test]
    fn givens_are_bold_only_at_a_terminal_without_no_color() {
        use std::ffi::OsStr;
        assert!(bold_givens(true, None));
        assert!(bold_givens(true, Some(OsStr::new(""))));
        assert!(!bold_givens(true, Some(OsStr::new("1"))));
        assert!(!bold_givens(false, None));
        assert!(!bold_givens(false, Some(OsStr::new(""))));
        // Two givens, 2 and 1, in the third row of the cspuz test puzzle.
        let puzzle: Puzzle = "https://puzz.link/p?ripple/5/4/ld8g2sug4g3u1"
            .parse()
            .unwrap();
        let solved = cli_kit::app::Solved {
            outcome: crate::solve(&puzzle, &Options::new(Algo::Fast)),
            puzzle: puzzle.clone(),
            unique: None,
        };
        let own = RippleView {
            algo: Algo::Fast,
            to_url: true,
            limit: 2,
        };
        let view = |bold_givens| {
            let flags = ViewFlags {
                bold_givens,
                ..ViewFlags::default()
            };
            let mut out = Vec::new();
            Puzzle::write_human(&mut out, &solved, &flags, &own).unwrap();
            String::from_utf8(out).unwrap()
        };
        let (plain, bold) = (view(false), view(true));
        assert_ne!(bold, plain);
        assert!(bold.contains("\x1b[1m"), "{bold}");
        assert_eq!(bold.replace("\x1b[1m", "").replace("\x1b[0m", ""), plain);
        assert_eq!(bold.matches("\x1b[1m").count(), puzzle.num_givens());
        // check reads the record of the same solve (JSON records only).
        let record = Puzzle::record_viewed(&solved, false, &own);
        assert_eq!(check_record(&record), Ok(Verified::Solution));
    }
}
