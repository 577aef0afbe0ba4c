//! What the front ends show of a solve, on cli-kit's traits (the `app` feature): the record's
//! fields ([`Fields`]; `stats` holds the [`Counters`]), the human view, the SVG and the board as
//! data ([`Show`]), `--compare` ([`Compare`]: every algorithm), the input ([`App`]), `check`'s
//! verdict on a record ([`Verify`]), and the entry of the explorer and of Python ([`Front`]).

use std::io::{self, Write};

use cli_kit::app::{Board, Cell, Compare, Show, Solved, Verify, ViewFlags, unique_line};
use cli_kit::{App, Count, Front, Record, Stats as RecordStats, Status as RecordStatus, Verified};
use serde::{Deserialize, Serialize};

use crate::check::{self, Exhaustive};
use crate::{Akari, Bulbs, Cell as Kind, Counters, Limit, Options, Outcome, ParseError, Status};

/// The fields a record adds to the envelope.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Fields {
    /// The puzzle's canonical line, which `check` verifies the record against.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub puzzle: Option<String>,
    /// Solved without `--count`: whether the solution is unique ([`crate::is_unique`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unique: Option<bool>,
    /// `count` and `count_complete`, with `--count`.
    #[serde(flatten, default, skip_serializing_if = "Option::is_none")]
    pub count: Option<Count>,
}

/// Bold on, and back to normal: the ANSI escapes around a black cell.
const BOLD: (&str, &str) = ("\x1b[1m", "\x1b[0m");

/// One JSON line of `solve --json`, as `check` reads it back.
pub type AkariRecord = Record<Fields, String, Counters>;

impl Show for Akari {
    type Fields = Fields;
    type Counters = Counters;
    type Json = String;
    type View = ();

    fn record(solved: &Solved<Self>, counting: bool) -> AkariRecord {
        let outcome = &solved.outcome;
        let count = counting.then_some(Count {
            count: outcome.count,
            complete: outcome.count_complete,
        });
        let unique = solved.unique.and_then(Result::ok);
        let fields = Fields {
            puzzle: Some(solved.puzzle.to_line()),
            unique,
            count,
        };
        let stats = &outcome.stats;
        Record {
            solution: solved
                .solution()
                .map(|bulbs| solved.puzzle.draw(bulbs, '/')),
            stats: RecordStats::with(stats.nodes, stats.elapsed, stats.counters),
            ..Record::ended(outcome.status, fields)
        }
    }

    fn write_human(
        out: &mut dyn Write,
        solved: &Solved<Self>,
        flags: &ViewFlags,
        _: &(),
    ) -> io::Result<()> {
        let outcome = &solved.outcome;
        match (solved.solution(), outcome.status) {
            (Some(bulbs), _) => {
                let puzzle = &solved.puzzle;
                let drawing = puzzle.draw(bulbs, '\n');
                for (row, line) in drawing.lines().enumerate() {
                    for (col, symbol) in line.chars().enumerate() {
                        let bold = flags.bold_givens && puzzle.cell(row, col).is_black();
                        let (on, off) = if bold { BOLD } else { ("", "") };
                        write!(out, "{on}{symbol}{off}")?;
                    }
                    writeln!(out)?;
                }
                if let Some(unique) = solved.unique {
                    writeln!(out, "{}", unique_line(unique))?;
                }
            }
            (None, Status::Unsolvable) => writeln!(
                out,
                "no solution: no placement of bulbs lights every cell by the rules"
            )?,
            (None, status) => writeln!(out, "{status} before a solution was found")?,
        }
        if flags.count {
            let more = (!outcome.count_complete).then_some(" or more");
            writeln!(
                out,
                "solutions: {}{}",
                outcome.count,
                more.unwrap_or_default()
            )?;
        }
        if flags.stats {
            let stats = &outcome.stats;
            let counters = [
                ("nodes", stats.nodes.to_string()),
                ("backtracks", stats.counters.backtracks.to_string()),
            ];
            writeln!(out, "{}", cli_kit::stats_line(&counters, stats.elapsed))?;
        }
        Ok(())
    }

    fn svg(&self, outcome: &Outcome) -> String {
        crate::svg::render_outcome(self, outcome)
    }

    /// A black cell is `#` or its number (given), a bulb `*`.
    fn board(&self, solution: Option<&Bulbs>) -> Board {
        let cells = self.cells().iter().enumerate().map(|(index, &kind)| {
            let bulb = solution.is_some_and(|bulbs| bulbs.on()[index]);
            let text = match kind {
                Kind::White if bulb => "*".to_owned(),
                Kind::White => String::new(),
                _ => kind.symbol().to_string(),
            };
            Cell {
                text,
                given: kind.is_black(),
            }
        });
        Board {
            rows: self.rows(),
            cols: self.cols(),
            cells: cells.collect(),
        }
    }
}

/// `--compare`: the engine and both inferences of the textbook model, each
/// row with its backtracks.
impl Compare for Akari {}

/// The input is one puzzle; a solved puzzle's uniqueness is told by a
/// count to 2.
impl App for Akari {
    type Reading = ();

    fn read(text: &str, _: &()) -> Result<Self, String> {
        text.parse().map_err(|error: ParseError| error.to_string())
    }

    fn unique(&self, options: &Options) -> Option<Result<bool, Limit>> {
        Some(crate::is_unique(self, options))
    }
}

/// The explorer's page and the Python module: the text read as `solve`
/// reads it, no setting of the puzzle's own.
impl Front for Akari {
    const TITLE: &'static str = "Akari";
}

/// `check`'s verdict on one record: a solution must keep every rule of
/// the record's puzzle; "unsolvable" is confirmed by [`check::exhaustive`]
/// (nothing is verified when that runs out of budget).
impl Verify for Akari {
    fn verify(given: Option<&Self>, record: &AkariRecord) -> Result<Verified, String> {
        if matches!(record.status, RecordStatus::Invalid | RecordStatus::Limit) {
            return Ok(Verified::Nothing);
        }
        let puzzle = match (given, record.fields.puzzle.as_deref()) {
            (Some(given), _) => given.clone(),
            (None, Some(line)) => line
                .parse()
                .map_err(|error| format!("puzzle {line:?}: {error}"))?,
            (None, None) => return Err("a record without its \"puzzle\"".to_owned()),
        };
        if record.status == RecordStatus::Unsolvable {
            return match check::exhaustive(&puzzle, check::NODE_BUDGET) {
                Exhaustive::NoSolution => Ok(Verified::NoSolution),
                Exhaustive::OverBudget => Ok(Verified::Nothing),
                Exhaustive::Solution(bulbs) => Err(format!(
                    "status \"unsolvable\", but {} solves the puzzle",
                    puzzle.draw(&bulbs, '/')
                )),
            };
        }
        let line = record.solution.as_deref().unwrap_or_default();
        let bulbs: Bulbs = line
            .parse()
            .map_err(|error| format!("solution {line:?}: {error}"))?;
        // The drawing's walls must be the puzzle's: a solution of another
        // grid is not this one's, whatever its bulbs.
        if (bulbs.rows(), bulbs.cols()) == (puzzle.rows(), puzzle.cols())
            && puzzle.draw(&bulbs, '/') != line
        {
            return Err(format!(
                "solution {line}: its black cells are not the puzzle's {}",
                puzzle.to_line()
            ));
        }
        check::check(&puzzle, &bulbs).map_err(|broken| format!("solution {line}: {broken}"))?;
        Ok(Verified::Solution)
    }
}
