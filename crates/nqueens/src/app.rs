//! What the front ends show of an nqueens solve, on cli-kit's application
//! traits (the `app` feature, no command-line parsing): the record's own
//! fields ([`Fields`], [`Counters`]), the human view (the board, or the
//! columns past [`BOARD_VIEW_MAX`], the unsolvable and limit lines), the
//! SVG picture and the board as data ([`Show`]), the `--compare` rows
//! ([`Compare`]), how an input is read ([`App`]: the board size) and
//! `check`'s verdict on a record ([`Verify`]).

use std::io::{self, Write};

use cli_kit::app::{Board, Cell, Compare, RecordOf, Show, Verify, ViewFlags};
use cli_kit::front::{Front, Own, Refusal, Setting, only_with, read_setting, refuse_unknown};
use cli_kit::{App, Count, Record, Status as RecordStatus, Verified};
use serde::{Deserialize, Serialize};

use crate::check::{check_placement, check_unsolvable};
use crate::{
    Algo, BOARD_VIEW_MAX, Limit, Options, Outcome, Placement, Queens, Stats, Status, base_bytes,
    board_bytes,
};

/// nqueens' own fields of a JSON record, beside cli-kit's envelope.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Fields {
    /// The board size.
    pub n: usize,
    /// The algorithm that answered.
    #[serde(default)]
    pub algo: String,
    /// `count` (and `solve --count`): placements counted and whether that
    /// is all of them.
    #[serde(flatten, default, skip_serializing_if = "Option::is_none")]
    pub count: Option<Count>,
    /// `count --unique`: placements distinct under the 8 symmetries.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unique: Option<u64>,
    /// `count`: the worker threads allowed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub threads: Option<usize>,
}

/// nqueens' own counters in `stats`, beside `nodes` and `micros`: the
/// crate's [`Counters`](crate::Counters), which the record serializes.
pub use crate::options::Counters;

/// A record as `check` reads it back: columns as `u64`, so that a column
/// too large for the board is reported as off the board.
pub type CheckRecord = Record<Fields, Vec<u64>, Counters>;

/// A board size and how solving it ended: what the driver hands the
/// report.
pub type Solved = cli_kit::app::Solved<Queens>;

/// The `stats` of a record.
pub(crate) fn record_stats(stats: &Stats) -> cli_kit::Stats<Counters> {
    cli_kit::Stats::with(stats.nodes, stats.elapsed, stats.counters)
}

/// The `--stats` line: nodes, boards tested, and the threads of a count.
pub(crate) fn stats_line(stats: &Stats, threads: Option<usize>) -> String {
    let mut counters = vec![("nodes", stats.nodes.to_string())];
    if let Some(tested) = stats.counters.num_tested {
        counters.push(("tested", tested.to_string()));
    }
    if let Some(threads) = threads {
        counters.push(("threads", threads.to_string()));
    }
    cli_kit::stats_line(&counters, stats.elapsed)
}

/// The record of a solve: `fields` (the board size, the algorithm, the
/// count) and the outcome, the solution borrowed from it (10^8 columns are
/// not copied): a solution exactly when solved, the one the solve found.
pub(crate) fn solve_json(fields: Fields, outcome: &Outcome) -> Record<Fields, &[u32], Counters> {
    let mut record = Record::ended(outcome.status, fields);
    if outcome.status == Status::Solved {
        record.solution = outcome.solution.as_ref().map(Placement::columns);
    }
    record.stats = record_stats(&outcome.stats);
    record
}

/// The fields of a record of board `n` answered by `algo`, with the count
/// of `counted` when given.
pub(crate) fn fields(n: usize, algo: &str, counted: Option<&Outcome>) -> Fields {
    Fields {
        n,
        algo: algo.to_owned(),
        count: counted.map(|outcome| Count {
            count: outcome.count,
            complete: outcome.count_complete,
        }),
        ..Fields::default()
    }
}

/// What the human view says when a limit stopped a search: the limit, the
/// work done, and how to go further.
fn limit_line(n: usize, options: &Options, outcome: &Outcome, limit: Limit) -> String {
    let stats = &outcome.stats;
    let algo = options.algo;
    let name = algo.name();
    if !algo.searches() {
        return format!(
            "limit: {name} gave up after {} steps without a placement \
             (raise --max-steps or try another --seed)",
            stats.nodes
        );
    }
    let memory = show_bytes(options.limits.memory_limit.unwrap_or_default() as u64);
    let work = match algo {
        Algo::Csp => format!("{} nodes", stats.nodes),
        _ => format!(
            "{} boards generated, {} tested,",
            stats.nodes,
            stats.counters.num_tested.unwrap_or_default()
        ),
    };
    let board = show_bytes(board_bytes(n));
    let holds = match algo {
        Algo::Dfs => format!(
            "; dfs keeps the boards of its path and their untried siblings, about {board} each \
             for N = {n}"
        ),
        Algo::Bfs => {
            format!("; bfs keeps every board it generates, about {board} each for N = {n}")
        }
        _ => String::new(),
    };
    match limit {
        Limit::Memory if stats.nodes == 0 => format!(
            "limit: {name} needs about {} before its search starts ({}), more than its memory \
             limit of {memory} (raise --memory-limit)",
            show_bytes(base_bytes(n, algo)),
            match algo {
                Algo::Csp => format!("its domains: N bitsets of N bits, for N = {n}"),
                _ => format!("one expansion is a board for each column, {board} each for N = {n}"),
            },
        ),
        Limit::Memory => format!(
            "limit: {name} stopped at its memory limit of {memory} after {work} without a \
             placement (raise --memory-limit{holds})",
        ),
        // As before the memory limit came: only bfs says what it keeps.
        _ => format!(
            "limit: {name} stopped at its limit of {work} without a placement \
             (raise --node-limit{})",
            if algo == Algo::Bfs { &holds } else { "" }
        ),
    }
}

/// `bytes` in the largest binary unit that keeps it at 1 or more:
/// `512.0 MiB`, `4.0 GiB`.
pub(crate) fn show_bytes(bytes: u64) -> String {
    let mut value = bytes as f64;
    for unit in ["bytes", "KiB", "MiB", "GiB"] {
        if value < 1024.0 {
            return match unit {
                "bytes" => format!("{bytes} bytes"),
                _ => format!("{value:.1} {unit}"),
            };
        }
        value /= 1024.0;
    }
    format!("{value:.1} TiB")
}

/// The record (its solution the placement's columns), the human view (the
/// board up to [`BOARD_VIEW_MAX`], else the columns on one line; the
/// unsolvable or limit line), the SVG picture and the board as data.
impl Show for Queens {
    type Fields = Fields;
    type Counters = Counters;
    type Json = Vec<u64>;
    /// The view options that are nqueens' own: the options the solve ran
    /// with, which the record and the limit line tell of (the algorithm,
    /// the memory limit).
    type View = Options;

    /// The record without the options: `algo` is empty (the driver writes
    /// [`Show::write_record`], which names it from the view).
    fn record(solved: &Solved, counting: bool) -> CheckRecord {
        let outcome = &solved.outcome;
        solve_json(
            fields(solved.puzzle.n(), "", counting.then_some(outcome)),
            outcome,
        )
        .map_solution(|columns| columns.iter().map(|&column| u64::from(column)).collect())
    }

    /// The record with the algorithm the view's options name.
    fn record_viewed(solved: &Solved, counting: bool, own: &Options) -> CheckRecord {
        let mut record = Self::record(solved, counting);
        record.fields.algo = own.algo.name().to_owned();
        record
    }

    fn write_record(
        out: &mut dyn Write,
        solved: &Solved,
        counting: bool,
        line: Option<usize>,
        own: &Options,
    ) -> anyhow::Result<()> {
        let outcome = &solved.outcome;
        let fields = fields(
            solved.puzzle.n(),
            own.algo.name(),
            counting.then_some(outcome),
        );
        solve_json(fields, outcome).at_line(line).write_line(out)
    }

    fn write_human(
        out: &mut dyn Write,
        solved: &Solved,
        flags: &ViewFlags,
        own: &Options,
    ) -> io::Result<()> {
        let outcome = &solved.outcome;
        let n = solved.puzzle.n();
        match (solved.solution(), outcome.status) {
            (Some(placement), _) if placement.n() > BOARD_VIEW_MAX => {
                placement.write_line(&mut &mut *out)?;
            }
            (Some(placement), _) => writeln!(out, "{placement}")?,
            (None, Status::Limit(limit)) => {
                writeln!(out, "{}", limit_line(n, own, outcome, limit))?
            }
            (None, _) => writeln!(
                out,
                "unsolvable: {n} queens cannot be placed on a {n}x{n} board without attacking \
                 each other"
            )?,
        }
        if flags.count {
            let more = match (outcome.count_complete, outcome.status.limit()) {
                (true, _) => String::new(),
                (false, Some(limit)) => format!(" or more ({} limit reached)", limit.name()),
                // Stopped at --limit placements.
                (false, None) => " or more (limit reached)".to_owned(),
            };
            writeln!(out, "solutions: {}{more}", outcome.count)?;
        }
        if flags.stats {
            writeln!(out, "{}", stats_line(&outcome.stats, None))?;
        }
        Ok(())
    }

    fn svg(&self, outcome: &Outcome) -> String {
        // The binary refuses --svg past svg::PIXELS_MAX before solving.
        crate::svg::render_outcome(self.n(), outcome).unwrap_or_default()
    }

    fn board(&self, solution: Option<&Placement>) -> Board {
        let n = self.n();
        let mut cells = vec![Cell::default(); n * n];
        if let Some(placement) = solution {
            for (row, &column) in placement.columns().iter().enumerate() {
                cells[row * n + column as usize].text = "Q".to_owned();
            }
        }
        Board {
            rows: n,
            cols: n,
            cells,
        }
    }
}

/// `--compare`: every algorithm of `solve`, each row with its boards
/// tested (0 where there are none).
impl Compare for Queens {
    fn compare_counters(stats: &Stats) -> Vec<(&'static str, u64)> {
        vec![("num_tested", stats.counters.num_tested.unwrap_or(0))]
    }
}

/// The input is the board size.
impl App for Queens {
    type Reading = ();

    fn read(text: &str, _reading: &()) -> Result<Queens, String> {
        text.parse()
            .map_err(|error: crate::ParseError| error.to_string())
    }
}

/// A front end's N-Queens: the board size, and min-conflicts' step limit.
impl Front for Queens {
    const TITLE: &'static str = "N-Queens";
    const SETTINGS: &'static [Setting] = &[Setting {
        name: "max_steps",
        takes: "a number of repair steps, min-conflicts only",
        flag: "--max-steps",
    }];

    fn prepare(text: &str, own: Own<'_>, options: &mut Options) -> Result<Queens, Refusal> {
        refuse_unknown::<Queens>(own)?;
        for (name, value) in own {
            only_with::<Queens>(name, options, Algo::MinConflicts)?;
            options.max_steps = Some(read_setting(name, value, "a number of steps")?);
        }
        Self::read(text, &()).map_err(Refusal::Puzzle)
    }

    /// The record names the algorithm from the view.
    fn view(_own: Own<'_>, options: &Options) -> Options {
        *options
    }

    /// N x N, without the board: a size of 10^8 must not build one.
    fn cells(&self) -> usize {
        self.n().saturating_mul(self.n())
    }
}

/// `check`'s verdict on one record ([`check_record`]), of the board size
/// given (`check --n`) if any.
impl Verify for Queens {
    fn verify(given: Option<&Queens>, record: &RecordOf<Queens>) -> Result<Verified, String> {
        check_record(record, given.map(|queens| queens.n()))
    }
}

/// The independent check of one record (cli-kit has already tested its
/// envelope): a solution is a valid placement of `n` queens, and of
/// `expected_n` when given (`check --n`); an "unsolvable" claim holds only
/// for N = 2 and 3 ([`check_unsolvable`]); a limit or invalid record has
/// nothing to check.
///
/// # Errors
///
/// What is wrong, in words.
pub fn check_record(record: &CheckRecord, expected_n: Option<usize>) -> Result<Verified, String> {
    let n = record.fields.n;
    if matches!(record.status, RecordStatus::Limit | RecordStatus::Invalid) {
        return Ok(Verified::Nothing);
    }
    if n == 0 {
        return Err("\"n\" must be a positive integer, found 0".to_owned());
    }
    let solution = record.solution.as_deref().unwrap_or_default();
    if let Some(expected) = expected_n {
        if record.status == RecordStatus::Solved {
            check_placement(solution, expected).map_err(|violation| violation.to_string())?;
        }
        if n != expected {
            return Err(format!("\"n\" is {n} but {expected} was expected"));
        }
    }
    if record.status == RecordStatus::Unsolvable {
        check_unsolvable(n).map_err(|claim| claim.to_string())?;
        return Ok(Verified::NoSolution);
    }
    check_placement(solution, n).map_err(|violation| violation.to_string())?;
    Ok(Verified::Solution)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The record the driver writes (through the view, which names the
    /// algorithm) is the one [`Show::record`] builds, with the algorithm
    /// of the view [`Front::view`] gives a front end.
    #[test]
    fn the_written_record_is_the_built_one() {
        for (n, algo) in [(8, Algo::Construct), (3, Algo::Dfs), (6, Algo::Csp)] {
            let queens = Queens::new(n).unwrap();
            let options = Options::new(algo);
            let solved = Solved {
                outcome: crate::solve(&queens, &options),
                puzzle: queens,
                unique: None,
            };
            let mut written = Vec::new();
            let view = Queens::view(&[], &options);
            <Queens as Show>::write_record(&mut written, &solved, false, None, &view).unwrap();
            let written: serde_json::Value = serde_json::from_slice(&written).unwrap();
            let mut built = serde_json::to_value(Queens::record(&solved, false)).unwrap();
            built["algo"] = algo.name().into();
            assert_eq!(written, built, "{n} {algo}");
        }
    }
}
