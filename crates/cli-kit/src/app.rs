//! What a puzzle offers beyond [`puzzle_kit::Puzzle`] to whatever shows it
//! (the command-line driver of [`crate::driver`], and in time the explorer
//! and the Python package), as traits the puzzle's library implements and
//! with no command-line parsing in them:
//!
//! - [`Watchable`]: which algorithms report their search, and the solve
//!   that reports it to a [`Watch`] (events, trace, tree);
//! - [`Show`]: how a solve is shown (its record's own fields, the human
//!   view, the SVG picture, the board as data);
//! - [`Compare`]: what `--compare` runs and which counters its rows hold,
//!   and [`compare`], the table every crate prints the same way;
//! - [`Verify`]: `check`'s verdict on a record `solve --json` wrote, by
//!   the crate's independent checker, and [`check_text`] for a front end
//!   other than the binary;
//! - [`Flag`] and [`misfit`]: the one table of which shared option applies
//!   to which algorithm ([`Watchable::applies`]), checked in one place
//!   with one message.

use std::io::{self, Write};
use std::time::Duration;

use puzzle_kit::{Algorithm, Configure, Effort, Limit, Puzzle};
use serde::Serialize;
use serde::de::DeserializeOwned;
use svg_kit::SearchTree;

use crate::check::{Verified, json_records, verify_claims};
use crate::events::{Comparison, Row, thousands};
use crate::record::Record;
use crate::watch::Sinks;

/// The outcome of a puzzle's solve.
pub type OutcomeOf<P> = puzzle_kit::Outcome<<P as Puzzle>::Solution, <P as Puzzle>::Stats>;

/// The JSON record of a puzzle's solve, as [`Show::record`] writes it.
pub type RecordOf<P> = Record<<P as Show>::Fields, <P as Show>::Json, <P as Show>::Counters>;

/// The node limit of each `--compare` run unless `--node-limit` says, the
/// same in every crate.
pub const COMPARE_NODE_LIMIT: u64 = 1_000_000;
/// The time limit of each `--compare` run unless `--time-limit` says.
pub const COMPARE_TIME_LIMIT: Duration = Duration::from_secs(10);

/// Where a watched solve goes: the event stream and the trace of `sinks`,
/// and the search tree, if asked for.
#[derive(Debug, Default)]
pub struct Watch<'a, 'b> {
    /// The event stream and the trace.
    pub sinks: Sinks<'a, 'b>,
    /// The search tree: the first [`SearchTree::MAX_NODES`] nodes.
    pub tree: Option<&'a mut SearchTree>,
}

/// A shared option of `solve` that may not apply to every algorithm: the
/// rows of the one table ([`Watchable::applies`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Flag {
    /// `--count` (and `--limit`).
    Count,
    /// `--node-limit`.
    NodeLimit,
    /// `--time-limit`.
    TimeLimit,
    /// `--memory-limit`.
    MemoryLimit,
    /// `--svg`.
    Svg,
    /// `--trace`.
    Trace,
    /// `--events`.
    Events,
    /// `--tree-svg`.
    TreeSvg,
}

impl Flag {
    /// Every flag, in the order the driver checks them.
    pub const ALL: [Flag; 8] = [
        Flag::Count,
        Flag::NodeLimit,
        Flag::TimeLimit,
        Flag::MemoryLimit,
        Flag::Svg,
        Flag::Trace,
        Flag::Events,
        Flag::TreeSvg,
    ];

    /// The flag as the command line spells it.
    pub fn name(self) -> &'static str {
        match self {
            Flag::Count => "--count",
            Flag::NodeLimit => "--node-limit",
            Flag::TimeLimit => "--time-limit",
            Flag::MemoryLimit => "--memory-limit",
            Flag::Svg => "--svg",
            Flag::Trace => "--trace",
            Flag::Events => "--events",
            Flag::TreeSvg => "--tree-svg",
        }
    }

    /// Whether the flag watches the search (and so applies exactly to the
    /// algorithms that report it).
    pub fn watches(self) -> bool {
        matches!(self, Flag::Trace | Flag::Events | Flag::TreeSvg)
    }
}

/// The one message for a flag given with an algorithm it does not apply
/// to, or `None` when every flag of `given` applies to `algo`:
/// `--trace does not apply to --algo fast (only to --algo csp, dfs)`.
pub fn misfit<P: Watchable>(algo: P::Algo, given: &[Flag]) -> Option<String> {
    let flag = given
        .iter()
        .copied()
        .find(|&flag| !P::applies(flag, algo))?;
    let fitting: Vec<&str> = P::Algo::ALL
        .iter()
        .copied()
        .filter(|&other| P::applies(flag, other))
        .map(Algorithm::name)
        .collect();
    let only = if fitting.is_empty() {
        "to none".to_owned()
    } else {
        format!("only to --algo {}", fitting.join(", "))
    };
    Some(format!(
        "{} does not apply to --algo {} ({only})",
        flag.name(),
        algo.name()
    ))
}

/// A puzzle whose algorithms (some or all) report their search as the
/// events of `docs/events.md`, trace lines and a search tree.
pub trait Watchable: Puzzle {
    /// Whether `algo` reports its search.
    fn watchable(algo: Self::Algo) -> bool;

    /// Solves as [`Puzzle::solve`] does (the same outcome), telling
    /// `watch` what the search does.
    fn solve_watched(&self, options: &Self::Options, watch: Watch<'_, '_>) -> OutcomeOf<Self>;

    /// The fields of the `run` event that opens a watched solve: the
    /// algorithm and the puzzle's line.
    fn run_event(&self, options: &Self::Options) -> serde_json::Value {
        serde_json::json!({ "algorithm": options.algo().name(), "puzzle": self.to_line() })
    }

    /// The table of which shared option applies to which algorithm: by
    /// default the watching flags to the [`Watchable::watchable`]
    /// algorithms, and every other flag to all.
    fn applies(flag: Flag, algo: Self::Algo) -> bool {
        !flag.watches() || Self::watchable(algo)
    }
}

/// A puzzle and how solving it ended: what a front end shows.
#[derive(Clone)]
pub struct Solved<P: Puzzle> {
    /// The puzzle.
    pub puzzle: P,
    /// The solver's outcome.
    pub outcome: OutcomeOf<P>,
    /// When solved and asked for: whether the solution is unique, or the
    /// limit that stopped the count that tells.
    pub unique: Option<Result<bool, Limit>>,
}

impl<P: Puzzle> std::fmt::Debug for Solved<P> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Solved")
            .field("puzzle", &self.puzzle.to_line())
            .field("status", &self.outcome.status)
            .field("count", &self.outcome.count)
            .field("unique", &self.unique)
            .finish_non_exhaustive()
    }
}

impl<P: Puzzle> Solved<P> {
    /// The solution a record or the human view shows: the first one, when
    /// solved (a count cut short by a limit shows none).
    pub fn solution(&self) -> Option<&P::Solution> {
        self.outcome
            .solution
            .as_ref()
            .filter(|_| self.outcome.status.is_solved())
    }
}

impl<P: Puzzle> crate::Outcome for Solved<P> {
    fn status(&self) -> crate::Status {
        self.outcome.status.into()
    }
}

/// The view options every puzzle's human view shares.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ViewFlags {
    /// Show the count of solutions (`--count`).
    pub count: bool,
    /// Add the `--stats` line.
    pub stats: bool,
    /// Mark the givens in bold (a terminal without `NO_COLOR`, see
    /// [`mark_givens`]).
    pub bold_givens: bool,
}

/// Whether the human view marks the givens: only when stdout is a
/// terminal, and `NO_COLOR` (its value as read from the environment) is
/// absent or empty (<https://no-color.org>: any non-empty value disables
/// colour and other escapes).
pub fn mark_givens(stdout_is_terminal: bool, no_color: Option<&std::ffi::OsStr>) -> bool {
    stdout_is_terminal && no_color.is_none_or(|value| value.is_empty())
}

/// The human view's line under a solution saying whether it is the only
/// one, from a count to 2: `unique: yes`, `unique: no, the puzzle has
/// another solution`, or `unique: unknown, the node limit stopped the count
/// to 2`.
pub fn unique_line(unique: Result<bool, Limit>) -> String {
    match unique {
        Ok(true) => "unique: yes".to_owned(),
        Ok(false) => "unique: no, the puzzle has another solution".to_owned(),
        Err(limit) => format!("unique: unknown, the {limit} limit stopped the count to 2"),
    }
}

/// A board as data, for a page or a terminal to draw: its cells in
/// reading order, each with its text, whether the puzzle gives it and
/// whether it is a black cell.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize)]
pub struct Board {
    /// Rows of cells.
    pub rows: usize,
    /// Columns of cells.
    pub cols: usize,
    /// The cells, row by row.
    pub cells: Vec<Cell>,
}

/// One cell of a [`Board`].
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize)]
pub struct Cell {
    /// What the cell shows (empty for an empty cell).
    pub text: String,
    /// Whether the puzzle gives it.
    pub given: bool,
    /// A black cell (Akari's walls), drawn black with its text (a number)
    /// in white; written only when true, so that a board without black
    /// cells reads as before.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub black: bool,
}

/// How a puzzle and its solve are shown: the record's own fields, the
/// human view, the SVG picture and the board as data.
pub trait Show: Puzzle {
    /// The fields a record adds to the envelope.
    type Fields: Serialize + DeserializeOwned + Default + Clone + std::fmt::Debug + Send + Sync;
    /// The counters a record adds to `stats` beside `nodes` and `micros`.
    type Counters: Serialize + DeserializeOwned + Default + Clone + std::fmt::Debug + Send + Sync;
    /// The solution's JSON form in a record: `String` for a canonical line
    /// (gogen), or the crate's own (ripple's rows of digits, nqueens'
    /// column numbers).
    type Json: Serialize + DeserializeOwned + Default + Clone + std::fmt::Debug + Send + Sync;
    /// The view options that are the crate's own (gogen's `--show-words`).
    type View: Default + Clone + std::fmt::Debug + Send + Sync;

    /// The record of a solve; `counting` adds `count` and `count_complete`.
    fn record(solved: &Solved<Self>, counting: bool) -> RecordOf<Self>;

    /// The record the driver writes under `--json`: [`Show::record`] by
    /// default; a crate whose record names something of its view options
    /// (ripple's `algo`, eight-puzzle's goal, searcher and heuristic)
    /// builds it with them.
    fn record_viewed(solved: &Solved<Self>, counting: bool, _own: &Self::View) -> RecordOf<Self> {
        Self::record(solved, counting)
    }

    /// Writes the record of a solve as one JSON line, at input line `line`,
    /// with the view options `own` the solve was shown with: by default
    /// [`Show::record_viewed`]'s; a crate overrides it to write a huge
    /// solution without copying it (nqueens' 10^8 columns).
    ///
    /// # Errors
    ///
    /// A failed write.
    fn write_record(
        out: &mut dyn Write,
        solved: &Solved<Self>,
        counting: bool,
        line: Option<usize>,
        own: &Self::View,
    ) -> anyhow::Result<()> {
        Self::record_viewed(solved, counting, own)
            .at_line(line)
            .write_line(out)
    }

    /// The human view of a solve.
    ///
    /// # Errors
    ///
    /// A failed write.
    fn write_human(
        out: &mut dyn Write,
        solved: &Solved<Self>,
        flags: &ViewFlags,
        own: &Self::View,
    ) -> io::Result<()>;

    /// The human view of one item of a batch: `line` is the item's input
    /// line (in a batch of lines), `index` how many items came before it;
    /// by default [`Show::write_human`] of a solve and nothing for an item
    /// that could not be read (the driver has put its message on stderr).
    /// A crate whose batch view heads each result with its line overrides
    /// it (ripple's `line N:`, sudoku's `# line N:`).
    ///
    /// # Errors
    ///
    /// A failed write.
    fn write_item(
        out: &mut dyn Write,
        line: Option<usize>,
        index: usize,
        result: Result<&Solved<Self>, &str>,
        flags: &ViewFlags,
        own: &Self::View,
    ) -> io::Result<()> {
        let _ = (line, index);
        match result {
            Ok(solved) => Self::write_human(out, solved, flags, own),
            Err(_) => Ok(()),
        }
    }

    /// What the human view writes after the last result (a batch's
    /// summary): nothing by default.
    ///
    /// # Errors
    ///
    /// A failed write.
    fn write_summary(
        _out: &mut dyn Write,
        _tally: &crate::Tally,
        _own: &Self::View,
    ) -> io::Result<()> {
        Ok(())
    }

    /// The fields of the `invalid` record of an item that could not be
    /// read, whose text is `text`: by default none (sudoku's names the
    /// puzzle as written).
    fn invalid_fields(text: &str) -> Self::Fields {
        let _ = text;
        Self::Fields::default()
    }

    /// The SVG picture of a solve: the solution, or the givens and why
    /// there is none.
    fn svg(&self, outcome: &OutcomeOf<Self>) -> String;

    /// [`Show::svg`] with the crate's view options `own` (eight-puzzle's
    /// goal); by default [`Show::svg`].
    fn svg_viewed(&self, outcome: &OutcomeOf<Self>, own: &Self::View) -> String {
        let _ = own;
        self.svg(outcome)
    }

    /// The board as data: the givens, with `solution`'s cells filled in.
    fn board(&self, solution: Option<&Self::Solution>) -> Board;
}

/// How `check` verifies the records `solve --json` wrote: the crate's
/// independent checker (sharing no code with its solvers) on one record
/// whose envelope is consistent ([`Record::consistent`], tested first).
/// `check` reads JSON records only: the human view is for people, the
/// records are the contract.
pub trait Verify: Show {
    /// `check`'s verdict on `record`. `given` is the puzzle named beside
    /// the records (gogen's and crossword's puzzle file); without one, the
    /// record names its puzzle.
    ///
    /// # Errors
    ///
    /// What is wrong with the record, in a sentence.
    fn verify(given: Option<&Self>, record: &RecordOf<Self>) -> Result<Verified, String>;
}

/// Checks `text`, JSON records as `solve --json` writes them, as solutions
/// of `puzzle`, for a front end other than the binary (the Python
/// package): what was verified of each record, or the first failure with
/// its 1-based line.
///
/// # Errors
///
/// The first record that is not a record or is wrong: its line and why.
pub fn check_text<P: Verify>(puzzle: &P, text: &str) -> Result<Vec<Verified>, (usize, String)> {
    verify_claims(
        json_records::<P::Fields, P::Json, P::Counters>(text),
        |record| P::verify(Some(puzzle), &record),
    )
}

/// What `--compare` runs: every algorithm by default, each under the
/// shared limits, a row of the counters the crate names.
pub trait Compare: Puzzle {
    /// The name of the table's last column.
    const LENGTH: &'static str = "solutions";

    /// The runs of the table: a name and the options of each.
    fn compare_runs(base: &Self::Options) -> Vec<(String, Self::Options)> {
        Self::Algo::ALL
            .iter()
            .map(|&algo| {
                let mut run = Self::Options::new(algo);
                *run.limits_mut() = *base.limits();
                (algo.name().to_owned(), run)
            })
            .collect()
    }

    /// The runs of the table of this puzzle: by default
    /// [`Compare::compare_runs`]; a crate whose runs depend on the puzzle
    /// (eight-puzzle's heuristics, by the board's size) overrides it.
    fn compare_runs_of(&self, base: &Self::Options) -> Vec<(String, Self::Options)> {
        Self::compare_runs(base)
    }

    /// A row's counters, in the order of the table's columns; every row
    /// should name the same ones.
    fn compare_counters(stats: &Self::Stats) -> Vec<(&'static str, u64)> {
        stats.counters()
    }

    /// The lines above the table of the puzzle of input line `line` (in a
    /// batch): by default the puzzle's line, then the limits of each run
    /// (`nodes` and `time`); crossword's names the grid, sudoku's the
    /// input line.
    fn compare_heading(&self, line: Option<usize>, nodes: u64, time: Duration) -> String {
        let _ = line;
        format!("{}\n{}", self.to_line(), limits_line(nodes, time))
    }

    /// A row's algorithm, `name` of [`Compare::compare_runs`], once its run
    /// ended: by default the name (sudoku's says which engine ran, `fast
    /// (csp)`).
    fn compare_algorithm(name: String, outcome: &OutcomeOf<Self>) -> String {
        let _ = outcome;
        name
    }

    /// A row's last column: the count of solutions by default.
    fn compare_length(outcome: &OutcomeOf<Self>) -> Option<u64> {
        Some(outcome.count)
    }

    /// The fields every JSON row of this puzzle's table ends with, beside
    /// the driver's `line` (ripple's `puzzle`, its URL): none by default.
    fn compare_fields(&self) -> Vec<(&'static str, serde_json::Value)> {
        Vec::new()
    }
}

/// The heading line of the limits of each `--compare` run:
/// `limits per run: 1,000,000 nodes, 10 s`.
pub fn limits_line(nodes: u64, time: Duration) -> String {
    format!(
        "limits per run: {} nodes, {} s",
        thousands(nodes),
        time.as_secs_f64()
    )
}

/// The `--compare` table of `puzzle`: each run of [`Compare::compare_runs`]
/// under `options`' limits, the node and time limits defaulting to
/// [`COMPARE_NODE_LIMIT`] and [`COMPARE_TIME_LIMIT`].
pub fn compare<P: Compare>(puzzle: &P, options: &P::Options) -> Comparison {
    compare_at(puzzle, options, None)
}

/// [`compare`] of the puzzle of input line `line` in a batch (the driver's
/// `--compare`), headed by [`Compare::compare_heading`].
pub fn compare_at<P: Compare>(puzzle: &P, options: &P::Options, line: Option<usize>) -> Comparison {
    let mut base = options.clone();
    let (nodes, time) = compare_limits(base.limits_mut());
    let runs = puzzle.compare_runs_of(&base).into_iter();
    let outcomes = runs.map(|(algorithm, run)| (algorithm, puzzle.solve(&run)));
    comparison::<P>(puzzle.compare_heading(line, nodes, time), outcomes)
}

/// The node and time limits of each `--compare` run: those of `limits`,
/// else (and set there) [`COMPARE_NODE_LIMIT`] and [`COMPARE_TIME_LIMIT`].
pub fn compare_limits(limits: &mut puzzle_kit::Limits) -> (u64, Duration) {
    let nodes = *limits.node_limit.get_or_insert(COMPARE_NODE_LIMIT);
    let time = *limits.time_limit.get_or_insert(COMPARE_TIME_LIMIT);
    (nodes, time)
}

/// The `--compare` table headed `heading` of `runs` (each an algorithm's
/// name and its outcome, run as they are taken), in the columns of `P`'s
/// [`Compare`]: for a crate whose runs are not all [`Puzzle::solve`]s
/// (nqueens' `count --compare` and its fast counter).
pub fn comparison<P: Compare>(
    heading: String,
    runs: impl IntoIterator<Item = (String, OutcomeOf<P>)>,
) -> Comparison {
    let mut table = Comparison::new(heading, P::LENGTH);
    for (algorithm, outcome) in runs {
        table.push(Row {
            algorithm: P::compare_algorithm(algorithm, &outcome),
            status: outcome.status.into(),
            limit: outcome.status.limit(),
            nodes: outcome.stats.nodes(),
            counters: P::compare_counters(&outcome.stats),
            elapsed: outcome.stats.elapsed(),
            length: P::compare_length(&outcome),
        });
    }
    table
}

#[cfg(test)]
mod tests {
    use super::*;
    use puzzle_kit::{Limits, Status};

    /// A square root to find: `fast` is not watched, `walk` is.
    #[derive(Debug, Clone, PartialEq, Eq)]
    struct Root(u64);

    #[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
    enum Algo {
        #[default]
        Fast,
        Walk,
    }

    impl Algorithm for Algo {
        const ALL: &'static [Self] = &[Algo::Fast, Algo::Walk];
        fn name(self) -> &'static str {
            match self {
                Algo::Fast => "fast",
                Algo::Walk => "walk",
            }
        }
    }

    puzzle_kit::algorithm_names!(Algo);

    #[derive(Debug, Clone, Default)]
    struct Options {
        algo: Algo,
        limits: Limits,
    }

    puzzle_kit::configure_fields!(Options, Algo);

    #[derive(Debug, Clone, Default)]
    struct Effort(u64);

    impl puzzle_kit::Effort for Effort {
        fn nodes(&self) -> u64 {
            self.0
        }
        fn elapsed(&self) -> Duration {
            Duration::ZERO
        }
        fn counters(&self) -> Vec<(&'static str, u64)> {
            vec![("probes", self.0)]
        }
    }

    impl std::str::FromStr for Root {
        type Err = std::num::ParseIntError;
        fn from_str(text: &str) -> Result<Self, Self::Err> {
            text.trim().parse().map(Root)
        }
    }

    impl std::fmt::Display for Root {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            write!(f, "x * x = {}", self.0)
        }
    }

    impl Puzzle for Root {
        const NAME: &'static str = "root";
        const EXAMPLE: &'static str = "49";
        type Error = std::num::ParseIntError;
        type Algo = Algo;
        type Options = Options;
        type Solution = u64;
        type Stats = Effort;

        fn to_line(&self) -> String {
            self.0.to_string()
        }
        fn solution_line(&self, x: &u64) -> String {
            x.to_string()
        }
        fn solve(&self, options: &Options) -> OutcomeOf<Self> {
            let root = self.0.isqrt();
            let found = (root * root == self.0).then_some(root);
            let nodes = if options.algo == Algo::Fast {
                1
            } else {
                root + 1
            };
            puzzle_kit::Outcome::counted(
                found,
                u64::from(found.is_some()),
                true,
                None,
                Effort(nodes),
            )
        }
        fn check(&self, x: &u64) -> Result<(), puzzle_kit::Violation> {
            (x * x == self.0)
                .then_some(())
                .ok_or_else(|| puzzle_kit::Violation::new("not a root"))
        }
    }

    impl Watchable for Root {
        fn watchable(algo: Algo) -> bool {
            algo == Algo::Walk
        }
        fn solve_watched(&self, options: &Options, _watch: Watch<'_, '_>) -> OutcomeOf<Self> {
            self.solve(options)
        }
        fn applies(flag: Flag, algo: Algo) -> bool {
            match flag {
                Flag::MemoryLimit => false,
                _ => !flag.watches() || Self::watchable(algo),
            }
        }
    }

    impl Compare for Root {}

    #[test]
    fn a_flag_that_does_not_apply_has_one_message_naming_where_it_does() {
        let misfit = |algo, given: &[Flag]| misfit::<Root>(algo, given);
        assert_eq!(misfit(Algo::Walk, &[Flag::Trace, Flag::NodeLimit]), None);
        assert_eq!(
            misfit(Algo::Fast, &[Flag::NodeLimit, Flag::Events]).as_deref(),
            Some("--events does not apply to --algo fast (only to --algo walk)")
        );
        assert_eq!(
            misfit(Algo::Walk, &[Flag::MemoryLimit]).as_deref(),
            Some("--memory-limit does not apply to --algo walk (to none)")
        );
    }

    #[test]
    fn compare_runs_every_algorithm_under_the_one_default_limit() {
        let table = compare(&Root(49), &Options::default());
        let text = table.to_text();
        assert!(
            text.starts_with("49\nlimits per run: 1,000,000 nodes, 10 s\n"),
            "{text}"
        );
        let rows: Vec<_> = table
            .rows()
            .iter()
            .map(|row| (row.algorithm.as_str(), row.status, row.nodes, row.length))
            .collect();
        assert_eq!(
            rows,
            [
                ("fast", crate::Status::Solved, 1, Some(1)),
                ("walk", crate::Status::Solved, 8, Some(1)),
            ]
        );
        assert_eq!(Status::Solved.name(), "solved");
    }
}
