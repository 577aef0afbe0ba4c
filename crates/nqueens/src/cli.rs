//! What only the `nqueens` binary needs beyond the shared driver (the
//! `cli` feature): the help texts, the flags that are nqueens' own and the
//! algorithms they apply to, `count` (its human view and records, its
//! `--split` and `--subproblem`, its `--compare`), and the entry points the
//! Python package calls. `solve` and `check` are cli-kit's driver over the
//! traits of [`crate::app`].

use std::io::{BufWriter, Write};
use std::num::NonZeroUsize;
use std::process::ExitCode;

use cli_kit::app::{Watchable, limits_line};
use cli_kit::{Batch, Count, Record, Report, Status, WatchSession};
use puzzle_kit::Puzzle;
use serde::{Deserialize, Serialize};
use serde_json::json;

pub use crate::app::{CheckRecord, Counters, Fields, check_record};
use crate::app::{fields, record_stats, solve_json, stats_line};
use crate::construct::construct;
use crate::count::check_size;
use crate::watch::found;
use crate::{
    Algo, CountOptions, Counts, Limits, MAX_COUNT_N, Options, Outcome, Placement, Queens, Stats,
    count, solve,
};
use std::path::PathBuf;

/// What the input of a one-board command is called in messages: the
/// command line gives N.
pub const INPUT_NAME: &str = "the command line";

/// The exit codes, for the top-level `--help`.
pub const EXIT_CODES: &str = "\
Exit codes:
  0  solved, counted at least one placement, or (check) every record is valid
  1  bad input or I/O error; (check) some record is wrong
  2  usage error: unknown flag, N not a number or out of range, a flag that
     the chosen --algo does not use
  3  proven unsolvable: N = 2 or 3 has no placement (count prints 0)
  4  a limit was reached first (--node-limit, --memory-limit, --max-steps);
     a count stopped there is a lower bound";

/// The `--help` text after the options of `count`.
pub const COUNT_HELP: &str = "\
Prints the number of placements (with --unique, the number of distinct ones
under rotation and reflection). A formulation stopped by --node-limit or
--memory-limit prints what it counted as a lower bound: \"52 or more (node
limit reached)\", status \"limit\", exit 4.

JSON (--json), one line:
  status          \"solved\", \"unsolvable\" when the count is 0, or \"limit\"
  limit           with \"limit\": \"node\" or \"memory\", the limit that stopped it
  solution        when solved: one placement (the construction's), as solve
                  prints it, which check verifies
  n               the board size
  algo            \"fast\" (the default), or a textbook formulation: \"csp\",
                  \"dfs\", \"bfs\"
  count           placements counted (OEIS A000170)
  count_complete  false when a limit stopped the count: count is a lower bound
  unique          placements distinct under the 8 symmetries (A002562),
                  with --unique
  threads         worker threads allowed (--threads, or all cores; fast only,
                  1 for the formulations)
  stats           {\"nodes\", \"micros\": wall-clock microseconds, and for dfs
                  and bfs \"num_tested\": the boards tested}

Nodes: fast, queens placed on its bitboards; csp, csp-core search nodes,
the root included (1 + values tried); dfs and bfs, boards generated, the
empty board included. --node-limit K (csp, dfs, bfs) ends the search with
nodes <= K. --memory-limit SIZE (csp, dfs, bfs; default: half the memory
available) ends it before what it holds would pass SIZE: bfs keeps every
board it generates, dfs the boards of its path and their siblings, csp its
domains and trail; a board too large for the limit is refused at once.

Subproblems, for any scheduler: --split DEPTH prints one JSON line per node
of the fast counter's search with DEPTH rows placed, {\"n\", \"columns\",
\"symmetry\": \"classes\"}; --subproblem LINE counts one on one thread and
prints its share of the count (with --unique, of the distinct placements),
and the shares of a split sum to the count. Only prefixes the search visits
are class subproblems (another is refused, exit 1, with the rule that leaves
it out). --symmetry mirror prints mirror-halving lines instead, {\"n\",
\"columns\", \"symmetry\": \"mirror\", \"weight\": 1 or 2}: any prefix of queens
that attack nothing, but about twice the work and no unique count. A
line without \"symmetry\" is a mirror one when it has a \"weight\". With
--json, --subproblem adds \"unique\" (classes) or \"completions\" (mirror:
the count before the weight) to the fields above.

Examples:
  nqueens count 14                   365596
  nqueens count 8 --unique           12
  nqueens count 16 --threads 1 --json
  nqueens count 17 --split 3 | parallel nqueens count --subproblem {}
  nqueens count 8 --algo dfs         92 (DFS on the most constrained row agrees)
  nqueens count 12 --algo csp --node-limit 1000";

/// The `--help` text after the options of `solve`.
pub const SOLVE_HELP: &str = "\
Human view: the board (rows of Q and . separated by spaces) for N <= 32,
beyond that the columns of rows 0, 1, 2, ... on one line.

JSON (--json), one line:
  status    \"solved\", \"unsolvable\" (N = 2, 3) or \"limit\" (a node, memory
            or step budget ran out)
  limit     with \"limit\": \"node\" (--node-limit, or --max-steps, which
            bounds min-conflicts' nodes) or \"memory\" (--memory-limit)
  solution  when solved: the queen's 0-based column in each row, top to bottom
  n         the board size
  algo      \"construct\", \"min-conflicts\", \"csp\", \"dfs\" or \"bfs\"
  stats     {\"nodes\", \"micros\": wall-clock microseconds, and for dfs and
            bfs \"num_tested\": the boards tested}

Nodes: construct, rows filled; min-conflicts, queens placed in greedy starts
plus swaps tried; csp, csp-core search nodes, the root included; dfs and
bfs, boards generated, the empty board included. --node-limit K (csp, dfs,
bfs) ends the search with nodes <= K. Every algorithm answers every N:
the formulations search N = 2 and 3 exhaustively, construct and
min-conflicts know from the theorem behind the construction that these two
have no placement (nodes 0).

Flags: --seed and --max-steps are min-conflicts'; --node-limit,
--time-limit, --memory-limit and --count are the formulations' (the memory limit's default is half
the memory available: bfs keeps every board it generates, dfs the boards of
its path and their siblings, csp its domains and trail; a board too large
for the limit is refused at once). A flag the chosen --algo does not use is
a usage error.

Examples:
  nqueens solve 8
  nqueens solve 1000000 --json | nqueens check
  nqueens solve 5000 --algo min-conflicts --seed 42
  nqueens solve 8 --algo dfs         (most constrained row first)";

/// The `--help` text after the options of `check`.
pub const CHECK_HELP: &str = "\
Reads the JSON records of solve --json and count --json, one per line (the
human view is for people: a line that is not a record fails): each
\"solution\" is checked, its length against \"n\"; a \"limit\" record has
nothing to check. Checks one queen per row, distinct columns, no shared
diagonal, and the size. An \"unsolvable\" claim is confirmed for N = 2 and 3
by exhaustive search and refuted for any other N: by a placement found by
exhaustive search for N <= 10, by the theorem that every N >= 4 has a
placement beyond. Every failure is reported on stderr as
\"nqueens check: line L: ...\"; exit 0 when all records pass, 1 otherwise.

Example:
  nqueens solve 100 --json | nqueens check --n 100";

/// A flag that only some algorithms use: its name, the `--algo` names
/// that use it, and what they are called in [`misfit`]'s message.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Flag(&'static str, &'static [&'static str], &'static str);

/// The formulations, which hold boards or domains and take limits, and
/// what [`misfit`] calls them.
const FORMULATIONS: &[&str] = &["csp", "dfs", "bfs"];
const THE_FORMULATIONS: &str = "the formulations (csp, dfs, bfs)";

impl Flag {
    /// `--seed`: min-conflicts.
    pub const SEED: Flag = Flag("--seed", &["min-conflicts"], "min-conflicts");
    /// `--max-steps`: min-conflicts.
    pub const MAX_STEPS: Flag = Flag("--max-steps", &["min-conflicts"], "min-conflicts");
    /// `--node-limit`: the formulations.
    pub const NODE_LIMIT: Flag = Flag("--node-limit", FORMULATIONS, THE_FORMULATIONS);
    /// `--memory-limit`: the formulations.
    pub const MEMORY_LIMIT: Flag = Flag("--memory-limit", FORMULATIONS, THE_FORMULATIONS);
    /// `--threads`: the fast counter.
    pub const THREADS: Flag = Flag("--threads", &["fast"], "the fast counter");
    /// `--unique`: the fast counter, which counts symmetry classes.
    pub const UNIQUE: Flag = Flag(
        "--unique",
        &["fast"],
        "the fast counter, which counts symmetry classes",
    );
}

/// The one rule for flags that do not apply: the first of `given` (a
/// flag, and whether it was given) that `--algo algo` does not use, as the
/// message of a usage error.
///
/// ```
/// use nqueens::cli::{Flag, misfit};
///
/// assert_eq!(misfit("min-conflicts", &[(Flag::SEED, true), (Flag::NODE_LIMIT, false)]), None);
/// assert_eq!(
///     misfit("construct", &[(Flag::SEED, true)]).as_deref(),
///     Some("--seed applies to min-conflicts, not to --algo construct")
/// );
/// ```
pub fn misfit(algo: &str, given: &[(Flag, bool)]) -> Option<String> {
    let &(Flag(name, _, users), _) = given
        .iter()
        .find(|&&(Flag(_, algos, _), present)| present && !algos.contains(&algo))?;
    Some(format!("{name} applies to {users}, not to --algo {algo}"))
}

/// Where a flag that the subcommand of `args` does not know belongs, when
/// another subcommand takes it: the message of the usage error that
/// replaces clap's "unexpected argument" (and its tip to pass the flag as a
/// value, which is never what was meant).
///
/// ```
/// use nqueens::cli::elsewhere;
///
/// let args = ["count", "8", "--seed", "3"].map(String::from);
/// assert_eq!(
///     elsewhere("--seed", args).as_deref(),
///     Some("--seed belongs to `solve --algo min-conflicts`, not to `count`")
/// );
/// let args = ["solve", "8", "--unique"].map(String::from);
/// assert_eq!(
///     elsewhere("--unique", args).as_deref(),
///     Some("--unique belongs to `count` (the fast counter), not to `solve`")
/// );
/// assert_eq!(elsewhere("--sed", ["count", "8", "--sed"].map(String::from)), None);
/// ```
pub fn elsewhere(flag: &str, args: impl IntoIterator<Item = String>) -> Option<String> {
    let flag = flag.split_once('=').map_or(flag, |(name, _)| name);
    let (shown, owner, subcommand) = match flag {
        "--seed" | "--max-steps" => (flag, "`solve --algo min-conflicts`", "solve"),
        "--threads" | "-t" => ("--threads", "`count` (the fast counter)", "count"),
        "--unique" => (flag, "`count` (the fast counter)", "count"),
        "--n" => (flag, "`check`", "check"),
        _ => return None,
    };
    let given = args
        .into_iter()
        .find(|arg| ["count", "solve", "check"].contains(&arg.as_str()))?;
    (given != subcommand).then(|| format!("{shown} belongs to {owner}, not to `{given}`"))
}

/// The arguments of `nqueens count`.
#[derive(Debug, clap::Args)]
pub struct CountArgs {
    /// Board size, 1 to 32 (each step up costs about 6x; N = 17 takes seconds)
    #[arg(value_parser = clap::value_parser!(i64).range(1..=MAX_COUNT_N as i64),
          allow_negative_numbers = true, required_unless_present = "subproblem")]
    pub n: Option<i64>,
    /// Print the count split into independent subproblems, the first DEPTH
    /// rows placed, one JSON line each ({"n", "columns", "symmetry"}), for
    /// any scheduler to share out (fast only)
    #[arg(long, value_name = "DEPTH", conflicts_with_all = ["unique", "threads"])]
    pub split: Option<usize>,
    /// How --split weighs its subproblems: the fast counter's own search by
    /// symmetry classes, or mirror halving (lines with a "weight")
    #[arg(long, value_enum, requires = "split")]
    pub symmetry: Option<SplitSymmetry>,
    /// Count one line of --split on this thread and print its share of the
    /// total (with --unique, of the distinct placements; classes only): the
    /// shares of a split sum to the count
    #[arg(long, value_name = "JSON", conflicts_with_all = ["n", "split", "threads"])]
    pub subproblem: Option<String>,
    /// Worker threads of the fast counter [default: all cores]
    #[arg(long, short = 't', value_parser = clap::value_parser!(u32).range(1..=1024))]
    pub threads: Option<u32>,
    /// Print the number of placements distinct under rotation and reflection (fast only)
    #[arg(long)]
    pub unique: bool,
    /// Counter to use: the fast bitboard counter, or a textbook formulation
    #[arg(long, value_enum, default_value_t)]
    pub algo: CountAlgo,
    /// Node budget of csp, dfs and bfs: the search ends with nodes <= K
    /// (status "limit", exit 4) [default: none]
    #[arg(long, value_name = "K", value_parser = clap::value_parser!(u64).range(1..))]
    pub node_limit: Option<u64>,
    /// Memory budget of csp, dfs and bfs, such as 512M or 4G (status "limit",
    /// exit 4) [default: half the memory available]
    #[arg(long, value_name = "SIZE", value_parser = cli_kit::parse_bytes)]
    pub memory_limit: Option<usize>,
    /// One JSON object on one line instead of the human view (its "stats"
    /// hold the counters: --stats does not go with it)
    #[arg(long, conflicts_with = "stats")]
    pub json: bool,
    /// Add a line with the nodes visited and the time taken
    #[arg(long)]
    pub stats: bool,
    /// `--trace`, `--events`, `--events-limit`, `--compare`.
    #[command(flatten)]
    pub watch: cli_kit::WatchArgs,
    /// Draw the search tree's first 500 nodes as SVG in FILE (dfs, bfs:
    /// each board with its depth; csp and fast, up to N = 12: the
    /// domain-splitting tree of its decisions), Graphviz DOT beside it
    /// (FILE.dot)
    #[arg(long, value_name = "FILE")]
    pub tree_svg: Option<PathBuf>,
}

impl CountArgs {
    /// The formulations' limits: `--node-limit`, and `--memory-limit`
    /// defaulting to half the memory available.
    fn limits(&self) -> Limits {
        Limits {
            node_limit: self.node_limit,
            memory_limit: Some(
                self.memory_limit
                    .unwrap_or_else(cli_kit::default_memory_budget),
            ),
            ..Limits::default()
        }
    }
}

/// The board size: clap's range has already made `n` positive and small.
pub fn size(n: i64) -> usize {
    usize::try_from(n).unwrap_or(usize::MAX)
}

/// Ends the program with a usage error of `C` (exit 2) when a flag given
/// does not apply to the chosen algorithm ([`misfit`]).
pub fn refuse_misfits<C: clap::CommandFactory>(algo: &str, given: &[(Flag, bool)]) {
    if let Some(message) = misfit(algo, given) {
        cli_kit::usage_error::<C>(message);
    }
}

/// `nqueens count`: its flags checked (a misfit is a usage error of
/// `C`, exit 2), then `--subproblem`, `--split`, `--compare` or the count.
///
/// # Errors
///
/// As the run asked for.
pub fn run_count_args<C: clap::CommandFactory>(args: &CountArgs) -> anyhow::Result<ExitCode> {
    refuse_misfits::<C>(
        args.algo.name(),
        &[
            (Flag::THREADS, args.threads.is_some()),
            (Flag::UNIQUE, args.unique),
            (Flag::NODE_LIMIT, args.node_limit.is_some()),
            (Flag::MEMORY_LIMIT, args.memory_limit.is_some()),
        ],
    );
    let parts = args.split.is_some() || args.subproblem.is_some();
    if parts && args.algo != CountAlgo::Fast {
        cli_kit::usage_error::<C>("--split and --subproblem belong to the fast counter");
    }
    let (watch, tree) = (&args.watch, args.tree_svg.as_deref());
    if let Some(misfit) = watch.misfit_drawing(args.json, args.stats, tree.is_some()) {
        cli_kit::usage_error::<C>(misfit);
    }
    let watched = watch.watching(tree.is_some());
    if (watched || watch.compare) && parts {
        cli_kit::usage_error::<C>(
            "--split and --subproblem are not watched: leave out --trace, --events, --tree-svg and --compare",
        );
    }
    if watched
        && args.algo == CountAlgo::Fast
        && args.n.is_some_and(|n| n > crate::WATCH_MAX_N as i64)
    {
        cli_kit::usage_error::<C>(format!(
            "--trace, --events and --tree-svg watch the fast counter up to N = {}: use a smaller N, or --algo csp, dfs or bfs with --node-limit",
            crate::WATCH_MAX_N
        ));
    }
    if let Some(json) = &args.subproblem {
        return run_subproblem(json, args);
    }
    // clap requires N unless --subproblem is given.
    let n = size(args.n.unwrap_or(1));
    if let Some(depth) = args.split {
        return run_split(n, depth, args.symmetry.unwrap_or_default());
    }
    if watch.compare {
        return run_compare(n, args.limits(), args.json);
    }
    let session = watched.then(|| WatchSession::open(watch, tree));
    run_count(args, n, session.transpose()?)
}

/// The counters of `nqueens count --algo`: the fast counter of every
/// placement ([`count`]), or a textbook formulation counting them all
/// ([`solve`] with `count_up_to(u64::MAX)`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, clap::ValueEnum)]
pub enum CountAlgo {
    /// Bitboards with 8-fold symmetry on all cores (the default)
    #[default]
    Fast,
    /// One variable per row on csp-core, all-different on columns and diagonals
    Csp,
    /// A board of candidate lists, most constrained row, depth first
    Dfs,
    /// The same board, breadth first (it keeps every board it generates)
    Bfs,
}

impl CountAlgo {
    /// The name used on the command line and in JSON.
    pub fn name(self) -> &'static str {
        self.formulation().map_or("fast", Algo::name)
    }

    /// The formulation that counts, or `None` for the fast counter.
    pub fn formulation(self) -> Option<Algo> {
        match self {
            CountAlgo::Fast => None,
            CountAlgo::Csp => Some(Algo::Csp),
            CountAlgo::Dfs => Some(Algo::Dfs),
            CountAlgo::Bfs => Some(Algo::Bfs),
        }
    }
}

/// What a `count` run counted (`count`, `count_complete`, the status and
/// stats) and, for the fast counter, the placements distinct under the 8
/// symmetries.
struct Counted(Outcome, Option<u64>);

impl cli_kit::Outcome for Counted {
    fn status(&self) -> Status {
        self.0.status.into()
    }
}

/// `count --compare`: the fast counter and every formulation counting all
/// the placements of N, as a table or JSON rows, each run under the node
/// and time limits shown (by default cli-kit's one compare limits).
///
/// # Errors
///
/// A failed write; a board too large to count.
pub fn run_compare(n: usize, mut limits: Limits, json: bool) -> anyhow::Result<ExitCode> {
    let (nodes, time) = cli_kit::app::compare_limits(&mut limits);
    limits.count_up_to = u64::MAX;
    let queens = Queens::new(n)?;
    let heading = format!("count {n} queens; {}", limits_line(nodes, time));
    check_size(n)?;
    let (counts, stats) = count(n, &CountOptions::default())?;
    let fast = ("fast".to_owned(), fast_outcome(n, counts, stats));
    let formulations = <Algo as crate::Algorithm>::ALL.iter();
    let formulations = formulations.filter(|algo| algo.searches()).map(|&algo| {
        let options = Options {
            limits,
            ..Options::new(algo)
        };
        (algo.name().to_owned(), solve(&queens, &options))
    });
    let table =
        cli_kit::app::comparison::<Queens>(heading, std::iter::once(fast).chain(formulations));
    cli_kit::driver::write_comparisons([Ok(table)], json)
}

/// The outcome of the fast counter on `n` queens: solved when it counted a
/// placement, with the construction's placement as its solution (the
/// counter keeps none; the construction is linear in `n`, costs nothing
/// beside a count, and gives the placement count records have always
/// shown), so that no writer has to solve again for it.
fn fast_outcome(n: usize, counts: Counts, stats: Stats) -> Outcome {
    let placement = (counts.total > 0).then(|| Placement::from_solver(construct(n)));
    Outcome::counted(placement, counts.total, true, None, stats)
}

/// `nqueens count N`: a batch of one board, shown as `args` say, watched
/// in `session` when there is one; the fast counter runs on `--threads`
/// (all cores when not given), a formulation within the limits.
fn run_count(
    args: &CountArgs,
    n: usize,
    session: Option<WatchSession>,
) -> anyhow::Result<ExitCode> {
    let threads = match args.algo {
        CountAlgo::Fast => args
            .threads
            .and_then(|threads| NonZeroUsize::new(threads as usize))
            .or_else(|| std::thread::available_parallelism().ok())
            .unwrap_or(NonZeroUsize::MIN),
        _ => NonZeroUsize::MIN,
    };
    let limits = args.limits();
    let count_one = |&n: &usize, session: Option<&WatchSession>| {
        let Some(formulation) = args.algo.formulation() else {
            let options = CountOptions {
                threads: Some(threads),
            };
            let run = json!({ "algorithm": CountAlgo::Fast.name(), "puzzle": n.to_string() });
            let (counts, stats) = WatchSession::run_or(
                session,
                &run,
                || count(n, &options),
                |watch| crate::watch::count_watched(n, watch),
            )
            .map_err(|error| error.to_string())?;
            return Ok(Counted(fast_outcome(n, counts, stats), Some(counts.unique)));
        };
        // The fast counter's bound holds for the formulations too.
        check_size(n).map_err(|error| error.to_string())?;
        let queens = Queens::new(n).map_err(|error| error.to_string())?;
        let options = Options {
            limits: Limits {
                count_up_to: u64::MAX,
                ..limits
            },
            ..Options::new(formulation)
        };
        let outcome = WatchSession::run_or(
            session,
            &queens.run_event(&options),
            || solve(&queens, &options),
            |watch| crate::watch::solve_watched(&queens, &options, watch),
        );
        Ok(Counted(outcome, None))
    };
    let batch = Batch::new(Queens::NAME, INPUT_NAME);
    batch.run_watched(session, &[n], count_one, &mut Shown(args, threads.get()))
}

/// The report of `count`: its arguments and the worker threads allowed
/// (1 for the formulations).
struct Shown<'a>(&'a CountArgs, usize);

impl Report<usize, Counted> for Shown<'_> {
    fn write(
        &mut self,
        out: &mut dyn Write,
        &n: &usize,
        result: Result<&Counted, &str>,
    ) -> anyhow::Result<()> {
        let Shown(args, threads) = *self;
        let algo = args.algo.name();
        let Counted(outcome, unique) = match result {
            Ok(counted) => counted,
            Err(message) if args.json => {
                let fields = fields(n, algo, None);
                let record: Record<Fields, &[u32], Counters> = Record::invalid(message, fields);
                return record.write_line(out);
            }
            Err(_) => return Ok(()),
        };
        if args.json {
            // Its record is a solve's ([`solve_json`]): the placement the
            // run that counted holds when solved, the formulation's first
            // or, for the fast counter, the construction's
            // ([`fast_outcome`]); no solve here.
            let fields = Fields {
                unique: unique.filter(|_| args.unique),
                threads: Some(threads),
                ..fields(n, algo, Some(outcome))
            };
            return solve_json(fields, outcome).write_line(out);
        }
        let shown = match unique {
            Some(unique) if args.unique => *unique,
            _ => outcome.count,
        };
        match outcome.status.limit() {
            None => writeln!(out, "{shown}")?,
            Some(limit) => writeln!(out, "{shown} or more ({} limit reached)", limit.name())?,
        }
        if args.stats {
            let threads = (args.algo == CountAlgo::Fast).then_some(threads);
            writeln!(out, "{}", stats_line(&outcome.stats, threads))?;
        }
        Ok(())
    }
}

/// How `count N --split DEPTH --symmetry` weighs its subproblems.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize, clap::ValueEnum,
)]
#[serde(rename_all = "lowercase")]
pub enum SplitSymmetry {
    /// The fast counter's own search, a class of 2, 4 or 8 per canonical
    /// board: the whole count's work, and the unique count too (the default)
    #[default]
    Classes,
    /// Mirror halving, each line with its weight (1 or 2): about twice the
    /// work, but any prefix of queens that attack nothing is a subproblem
    Mirror,
}

impl SplitSymmetry {
    /// The name on the command line and in JSON.
    pub fn name(self) -> &'static str {
        match self {
            SplitSymmetry::Classes => "classes",
            SplitSymmetry::Mirror => "mirror",
        }
    }

    /// The symmetry of this name, if it is one.
    pub fn from_name(name: &str) -> Option<Self> {
        [SplitSymmetry::Classes, SplitSymmetry::Mirror]
            .into_iter()
            .find(|symmetry| symmetry.name() == name)
    }
}

/// One line of `count N --split DEPTH`, and what `count --subproblem`
/// reads: the board size, the columns of the first rows, how they are
/// weighed (`symmetry`) and the mirror form's `weight`. Read without
/// `symmetry`, a line with a `weight` is a mirror one (the form
/// `{"n", "columns", "weight"}`), one without a class one.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SubproblemLine {
    /// The board size.
    pub n: usize,
    /// The queen's column in each of the first rows.
    pub columns: Vec<usize>,
    /// `classes` or `mirror`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub symmetry: Option<SplitSymmetry>,
    /// Mirror only: 2 when each completion stands for its mirror image
    /// too, else 1.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub weight: Option<u64>,
}

impl SubproblemLine {
    /// The line of `part`, `symmetry` always written.
    pub fn of(part: &crate::Subproblem) -> Self {
        let (symmetry, weight) = match part.symmetry {
            crate::Symmetry::Classes => (SplitSymmetry::Classes, None),
            crate::Symmetry::Mirror { weight } => (SplitSymmetry::Mirror, Some(weight)),
        };
        SubproblemLine {
            n: part.n,
            columns: part.columns.clone(),
            symmetry: Some(symmetry),
            weight,
        }
    }

    /// Reads a line of `--split`.
    ///
    /// # Errors
    ///
    /// Text that is not a subproblem line (the message names the line and
    /// column), or a `symmetry` and a `weight` that do not go together.
    pub fn parse(json: &str) -> Result<crate::Subproblem, String> {
        let line: SubproblemLine = serde_json::from_str(json).map_err(|error| error.to_string())?;
        line.subproblem()
    }

    /// The subproblem this line describes.
    ///
    /// # Errors
    ///
    /// A `symmetry` and a `weight` that do not go together.
    pub fn subproblem(self) -> Result<crate::Subproblem, String> {
        let symmetry = match (self.symmetry, self.weight) {
            (None | Some(SplitSymmetry::Classes), None) => crate::Symmetry::Classes,
            (None | Some(SplitSymmetry::Mirror), Some(weight)) => {
                crate::Symmetry::Mirror { weight }
            }
            (Some(SplitSymmetry::Classes), Some(_)) => {
                return Err(
                    "a \"classes\" subproblem has no \"weight\": each canonical board weighs its class's size"
                        .to_owned(),
                );
            }
            (Some(SplitSymmetry::Mirror), None) => {
                return Err("a \"mirror\" subproblem needs its \"weight\", 1 or 2".to_owned());
            }
        };
        Ok(crate::Subproblem {
            n: self.n,
            columns: self.columns,
            symmetry,
        })
    }
}

/// The fields of `count --subproblem --json` beside the envelope: the
/// subproblem, `count` (its share of the total: the shares of a split sum
/// to the count), `unique` (a class subproblem's share of the count up to
/// symmetry) or `completions` (a mirror subproblem's, before the weight).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SubproblemFields {
    /// The subproblem counted.
    #[serde(flatten)]
    pub part: SubproblemLine,
    /// Always `fast`.
    pub algo: String,
    /// Its share of the total, always complete.
    #[serde(flatten)]
    pub count: Count,
    /// Classes only: its share of the placements distinct under symmetry.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unique: Option<u64>,
    /// Mirror only: the completions of its first rows, before the weight.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub completions: Option<u64>,
}

/// `nqueens count N --split DEPTH --symmetry`: the subproblems with the
/// first `depth` rows placed, one JSON line each ([`SubproblemLine`]).
///
/// # Errors
///
/// A board size the counter does not take, or a failed write.
pub fn run_split(n: usize, depth: usize, symmetry: SplitSymmetry) -> anyhow::Result<ExitCode> {
    let parts = match symmetry {
        SplitSymmetry::Classes => crate::split(n, depth)?,
        SplitSymmetry::Mirror => crate::split_mirror(n, depth)?,
    };
    let mut out = BufWriter::new(std::io::stdout().lock());
    for part in &parts {
        writeln!(out, "{}", serde_json::to_string(&SubproblemLine::of(part))?)?;
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

/// `nqueens count --subproblem JSON`: counts one line of `--split` on this
/// thread and prints its share of the total (with `unique`, of the count up
/// to symmetry), or its record with `--json`, as `args` say. Status `unsolvable` (exit 3)
/// when the share is 0.
///
/// # Errors
///
/// JSON that is not a subproblem (the message names the line and column),
/// a prefix whose queens attack each other or (classes) that the class
/// search never places, `unique` with a mirror subproblem, or a failed
/// write.
pub fn run_subproblem(json: &str, args: &CountArgs) -> anyhow::Result<ExitCode> {
    let part =
        SubproblemLine::parse(json).map_err(|error| anyhow::anyhow!("--subproblem: {error}"))?;
    if args.unique && part.symmetry != crate::Symmetry::Classes {
        anyhow::bail!(
            "--subproblem --unique: a mirror subproblem counts placements, not classes; split with --symmetry classes"
        );
    }
    let (share, stats) =
        crate::count_subproblem(&part).map_err(|error| anyhow::anyhow!("--subproblem: {error}"))?;
    let status = found(share.total);
    let mut out = std::io::stdout().lock();
    if args.json {
        let completions = match part.symmetry {
            crate::Symmetry::Mirror { weight } => Some(share.total / weight),
            crate::Symmetry::Classes => None,
        };
        let fields = SubproblemFields {
            part: SubproblemLine::of(&part),
            algo: CountAlgo::Fast.name().to_owned(),
            count: Count {
                count: share.total,
                complete: true,
            },
            unique: share.unique,
            completions,
        };
        let mut record: Record<SubproblemFields, String, Counters> = Record::ended(status, fields);
        record.stats = record_stats(&stats);
        record.write_line(&mut out)?;
    } else {
        let shown = if args.unique {
            share.unique.unwrap_or_default()
        } else {
            share.total
        };
        writeln!(out, "{shown}")?;
        if args.stats {
            writeln!(out, "{}", stats_line(&stats, Some(1)))?;
        }
    }
    Ok(ExitCode::from(Status::from(status).exit_code()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use cli_kit::Verified;
    use fuzz_kit::{Rng, mutate, random_bytes};

    /// `check` on `text`, the JSON records of `solve --json` (the human
    /// view is not read back): each record's verdict, or its line and fault.
    fn check_text(text: &str, expected_n: Option<usize>) -> Vec<Result<Verified, String>> {
        cli_kit::json_records::<Fields, Vec<u64>, Counters>(text)
            .into_iter()
            .map(|(line, claim)| {
                claim
                    .and_then(|record| {
                        record.consistent()?;
                        check_record(&record, expected_n)
                    })
                    .map_err(|message| format!("line {line}: {message}"))
            })
            .collect()
    }

    fn check(text: &str, expected: &[Result<Verified, &str>]) {
        let got = check_text(text, None);
        assert_eq!(got.len(), expected.len(), "{text:?}: {got:?}");
        for (got, expected) in got.iter().zip(expected) {
            match (got, expected) {
                (Ok(got), Ok(expected)) => assert_eq!(got, expected, "{text:?}"),
                (Err(got), Err(expected)) => {
                    assert!(
                        got.contains(expected),
                        "{got:?} should contain {expected:?}"
                    )
                }
                _ => panic!("{text:?}: got {got:?}, expected {expected:?}"),
            }
        }
    }

    const VALID: Result<Verified, &str> = Ok(Verified::Solution);

    /// A solved record of `columns`.
    fn solved(columns: &str) -> String {
        let n = columns.split(',').count();
        format!(
            r#"{{"status":"solved","solution":[{columns}],"n":{n},"algo":"construct","stats":{{"nodes":4,"micros":1}}}}"#
        )
    }

    #[test]
    fn accepts_every_record_solve_writes() {
        check(&solved("2,0,3,1"), &[VALID]);
        check(&solved("0"), &[VALID]);
        check(
            r#"{"status":"unsolvable","n":3,"stats":{"nodes":0,"micros":1}}"#,
            &[Ok(Verified::NoSolution)],
        );
        check(
            r#"{"status":"limit","limit":"node","n":50,"algo":"dfs","stats":{"nodes":3,"micros":1}}"#,
            &[Ok(Verified::Nothing)],
        );
        // Several records one after another, each checked.
        check(
            &format!(
                "{}\n{}\n{}\n",
                solved("0"),
                solved("1,3,0,2"),
                r#"{"status":"unsolvable","n":2,"stats":{"nodes":0,"micros":1}}"#
            ),
            &[VALID, VALID, Ok(Verified::NoSolution)],
        );
        // The human view is not read back.
        check(
            ". Q . .\n",
            &[Err(
                "line 1: not a solve record: check reads the JSON records of `solve --json`",
            )],
        );
    }

    #[test]
    fn names_what_is_wrong_on_every_line() {
        check(
            &solved("0,2,1"),
            &[Err(
                "line 1: the queens of rows 1 and 2 (columns 2 and 1) share a diagonal",
            )],
        );
        check(
            r#"{"status":"solved","n":5,"solution":[1,3,0,2],"stats":{"nodes":1,"micros":1}}"#,
            &[Err("5x5 but the placement has 4 rows")],
        );
        check(
            r#"{"status":"unsolvable","n":4,"stats":{"nodes":1,"micros":1}}"#,
            &[Err("but 1 3 0 2 is one")],
        );
        check(
            r#"{"status":"unsolvable","n":11,"stats":{"nodes":1,"micros":1}}"#,
            &[Err("every N >= 4 has one")],
        );
        check(
            r#"{"status":"unsolvable","n":0,"stats":{"nodes":1,"micros":1}}"#,
            &[Err("\"n\" must be a positive integer, found 0")],
        );
        check(
            r#"{"status":"banana","n":8,"stats":{"nodes":1,"micros":1}}"#,
            &[Err("line 1: not a solve record")],
        );
        check(
            r#"{"status":"solved","n":4,"stats":{"nodes":1,"micros":1}}"#,
            &[Err("status \"solved\" but no solution")],
        );
        check("", &[]);
        // Every failure, not just the first.
        check(
            &format!(
                "{}\n{}\n{}\n",
                solved("1,3,0,1"),
                r#"{"status":"unsolvable","n":6,"stats":{"nodes":0,"micros":1}}"#,
                solved("1,3,0,2")
            ),
            &[
                Err("line 1: rows 0 and 3 both have their queen in column 1"),
                Err("line 2: the output says N = 6 has no solution"),
                VALID,
            ],
        );
    }

    #[test]
    fn an_expected_size_is_enforced() {
        let four = solved("1,3,0,2");
        assert_eq!(check_text(&four, Some(4)), [Ok(Verified::Solution)]);
        let got = check_text(&four, Some(5));
        assert!(
            got[0]
                .as_ref()
                .is_err_and(|error| error.contains("5x5 but the placement has 4 rows")),
            "{got:?}"
        );
        let got = check_text(
            r#"{"status":"unsolvable","n":3,"stats":{"nodes":0,"micros":1}}"#,
            Some(2),
        );
        assert_eq!(
            got,
            [Err("line 1: \"n\" is 3 but 2 was expected".to_owned())]
        );
    }

    #[test]
    fn a_flag_the_algorithm_does_not_use_is_named() {
        let given = [(Flag::THREADS, false), (Flag::NODE_LIMIT, true)];
        assert_eq!(misfit("dfs", &given), None);
        assert_eq!(
            misfit("fast", &given).as_deref(),
            Some("--node-limit applies to the formulations (csp, dfs, bfs), not to --algo fast")
        );
        assert_eq!(
            misfit("csp", &[(Flag::UNIQUE, true)]).as_deref(),
            Some(
                "--unique applies to the fast counter, which counts symmetry classes, \
                 not to --algo csp"
            )
        );
    }

    #[test]
    fn sizes_are_shown_in_binary_units() {
        use crate::app::show_bytes;
        assert_eq!(show_bytes(1000), "1000 bytes");
        assert_eq!(show_bytes(1 << 30), "1.0 GiB");
        assert_eq!(show_bytes(3 << 19), "1.5 MiB");
    }

    const ALPHABET: &[u8] = b"0123456789,[]{}\":-. \n\tstatusolvedlimitnodesmicrox\xff\0";

    /// The records `solve --json` writes, for `check`.
    fn outputs() -> Vec<Vec<u8>> {
        let placement = |n: usize| {
            let queens = Queens::new(n).expect("a size");
            let outcome = solve(&queens, &Options::new(Algo::Construct));
            outcome.solution.expect("solvable")
        };
        let record = |n: usize| {
            let columns: Vec<String> = placement(n).columns().iter().map(u32::to_string).collect();
            format!("{}\n", solved(&columns.join(",")))
        };
        [
            record(8),
            record(5),
            record(40),
            r#"{"status":"unsolvable","n":3,"stats":{"nodes":0,"micros":1}}"#.to_owned(),
            r#"{"status":"limit","limit":"node","n":12,"algo":"dfs","stats":{"nodes":3,"micros":1,"num_tested":1}}"#
                .to_owned(),
            format!("{}{}", record(4), record(1)),
        ]
        .map(String::into_bytes)
        .to_vec()
    }

    /// `check` on `bytes`: no panic, and every error names a line of the
    /// input.
    fn check_claims(bytes: &[u8], what: &str) {
        let text = String::from_utf8_lossy(bytes);
        let lines = text.lines().count();
        for (line, claim) in cli_kit::json_records::<Fields, Vec<u64>, Counters>(&text) {
            match claim {
                Ok(record) => {
                    // The checker takes whatever was read without a panic.
                    if record.consistent().is_ok() && record.fields.n <= 1000 {
                        let _ = check_record(&record, None);
                    }
                }
                Err(message) => assert!(
                    (1..=lines.max(1)).contains(&line),
                    "{what}: line {line}: {message}"
                ),
            }
        }
    }

    #[test]
    fn the_check_reader_on_random_bytes() {
        let mut rng = Rng::new(0x9_0eee_0001);
        for case in 0..3000 {
            let bytes = random_bytes(&mut rng, 100, ALPHABET);
            check_claims(&bytes, &format!("random case {case}: {bytes:?}"));
        }
    }

    #[test]
    fn the_check_reader_on_mutated_outputs() {
        let outputs = outputs();
        let mut rng = Rng::new(0x9_0eee_0002);
        for case in 0..3000 {
            let mutant = mutate(&mut rng, &outputs[case % outputs.len()], ALPHABET);
            let what = format!("mutant {case}: {:?}", String::from_utf8_lossy(&mutant));
            check_claims(&mutant, &what);
        }
    }

    #[test]
    fn hostile_subproblem_lines_are_refused_or_counted_never_a_panic() {
        // Lines of both forms, mutated: each parses to a subproblem that
        // counts or is refused, or fails to parse with a message. (Boards
        // above 10 are only checked, not counted: a mutant N = 31 at depth 0
        // is a count of years.)
        let mut lines: Vec<Vec<u8>> = Vec::new();
        for part in crate::split(9, 3)
            .unwrap()
            .iter()
            .chain(&crate::split_mirror(9, 2).unwrap())
        {
            lines.push(serde_json::to_vec(&SubproblemLine::of(part)).unwrap());
        }
        lines.push(br#"{"n":8,"columns":[0,2],"weight":2}"#.to_vec());
        let alphabet = b"0123456789,[]{}\":-. eclassmirorwight";
        let mut rng = Rng::new(0x9_0eee_0003);
        let (mut counted, mut refused) = (0, 0);
        for case in 0..4000 {
            let mutant = mutate(&mut rng, &lines[case % lines.len()], alphabet);
            let text = String::from_utf8_lossy(&mutant);
            let Ok(part) = SubproblemLine::parse(&text) else {
                continue;
            };
            if part.n > 10 {
                continue;
            }
            match crate::count_subproblem(&part) {
                Ok(_) => counted += 1,
                Err(error) => {
                    assert!(!error.to_string().is_empty(), "{text}");
                    refused += 1;
                }
            }
        }
        assert!(
            counted > 10 && refused > 10,
            "{counted} counted, {refused} refused"
        );
    }
}
