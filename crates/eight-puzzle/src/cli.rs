//! What the `eight-puzzle` command does beyond reading its arguments
//! (behind the default `cli` feature): the value parsers of its flags, the
//! options of `solve` and `batch`, their boards as items of cli-kit's
//! driver ([`Boards`], the [`App`] impl), and the pattern-database build
//! with a progress bar. The pipeline is the driver's
//! ([`cli_kit::driver::solve`]); the records, the human views, the batch's
//! summary, `--compare`'s runs and `check`'s verdict are the
//! [`crate::app`] module's.

use std::io::IsTerminal;
use std::path::Path;

use clap::builder::{PossibleValuesParser, TypedValueParser};
use cli_kit::{SolveFlags, SolveRun};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::app::EightView;
pub use crate::app::{Counters, EightRecord, Fields, check_record};
use crate::{
    Algo, Board, BuildProgress, CycleCheck, Limits, Options, Origin, PatternDatabases, PdbError,
};

/// The program's name in messages.
pub const PROGRAM: &str = "eight-puzzle";

use crate::boards::CYCLE_CHECKS;
pub use crate::boards::{Boards, Item, MAX_LINE, Reading};

/// `--algo` of cli-kit's shared flags: the names of [`Algo`]
/// (search-core's), listed in `--help`.
impl clap::ValueEnum for Algo {
    fn value_variants<'a>() -> &'a [Self] {
        Algo::ALL
    }

    fn to_possible_value(&self) -> Option<clap::builder::PossibleValue> {
        Some(clap::builder::PossibleValue::new(self.name()))
    }
}

/// The value parser of `--cycle-check`: `none`, `path` or `closed`.
pub fn cycle_check_parser() -> impl TypedValueParser<Value = CycleCheck> {
    PossibleValuesParser::new(CYCLE_CHECKS.map(|(name, _)| name)).try_map(|name| {
        crate::boards::cycle_check(&name).ok_or_else(|| format!("unknown cycle check '{name}'"))
    })
}

/// The command's help with what the shared flags mean for sliding tiles:
/// the searcher and the node limit left to the board's size, a tree per
/// line of a batch.
pub fn own_help(command: clap::Command) -> clap::Command {
    let own = |command: clap::Command| {
        let algo = "The searcher. Default: astar for 3x3 and smaller, idastar for larger.";
        let nodes = "Stop before generating more than this many states, the start \
            included (exit 4). Default 20000000 for the searchers that keep every state \
            (random, bfs, dfs, greedy, astar); for iddfs and idastar none up to 4x4 and \
            50000000 on 5x5 and larger boards, where an optimal search rarely ends (greedy \
            finds a long path there at once).";
        let tree = "Draw the search tree as SVG: the first 500 nodes in expansion order, \
            each with its board and g, h and f, the path to the goal marked. FILE for one board (FILE.dot beside it); for a `batch` of several, a folder of \
            N.svg (and N.svg.dot) by line.";
        command
            .mut_arg("algo", |arg| {
                arg.hide_default_value(true).help(algo).long_help(algo)
            })
            .mut_arg("node_limit", |arg| arg.help(nodes).long_help(nodes))
            .mut_arg("tree_svg", |arg| arg.help(tree).long_help(tree))
    };
    command
        .mut_subcommand("solve", own)
        .mut_subcommand("batch", own)
}

/// Whether the subcommand's `--algo` was given: without it, the board's
/// size chooses the searcher ([`Options::plan`]), not the flag's default.
pub fn algo_given(matches: &clap::ArgMatches) -> bool {
    matches.subcommand().is_some_and(|(name, sub)| {
        name != "check" && sub.value_source("algo") == Some(clap::parser::ValueSource::CommandLine)
    })
}

/// The options of `solve` and `batch`: the shared `flags`
/// (checked by cli-kit, [`SolveFlags::misfit`]) with `own`, the options
/// of the crate's own flags (the goal, the heuristic, the depth limit,
/// the cycle check, the pattern-database folder), and `seed`, the searcher
/// left to the board's size unless `algo_given`. The pattern databases
/// are loaded by [`load_databases`] from now on.
///
/// # Errors
///
/// The usage error: a flag that does not apply, `--compare` with a
/// searcher or a heuristic, or [`Options::check`]'s.
pub fn options(
    flags: &SolveFlags<Algo>,
    algo_given: bool,
    own: Options,
    seed: Option<u64>,
) -> Result<Options, String> {
    if let Some(misfit) = flags.misfit::<Board>() {
        return Err(misfit);
    }
    let compare = flags.watch.compare;
    if compare && (algo_given || own.heuristic.is_some()) {
        return Err(
            "--compare runs every searcher with every heuristic: leave out --algo and --heuristic"
                .to_owned(),
        );
    }
    let shared: Options = flags.options();
    let options = Options {
        algo: shared.algo.filter(|_| algo_given),
        limits: Limits {
            seed,
            ..shared.limits
        },
        ..own
    };
    // The searchers of --compare are checked one by one.
    if !compare {
        options.check().map_err(|misfit| misfit.to_string())?;
    }
    crate::set_default_loader(load_databases);
    Ok(options)
}

/// The driver's run of `solve` or `batch` over `boards`, under `flags`
/// and `options` ([`options`]), shown by `batch`'s view or `solve`'s
/// (with `--summary`), on `threads` threads for a batch.
///
/// # Errors
///
/// The usage error of options that do not fit the one board of `solve`
/// ([`Boards::misfit`]; `--compare` checks its runs one by one).
pub fn solve_run<'a>(
    flags: &'a SolveFlags<Algo>,
    boards: Boards,
    options: Options,
    (batch, summary): (bool, bool),
    threads: Option<usize>,
) -> Result<SolveRun<'a, Board>, String> {
    if let Some(misfit) = boards.misfit(&options).filter(|_| !flags.watch.compare) {
        return Err(misfit);
    }
    Ok(SolveRun {
        flags,
        file: None,
        input: Some(boards.input()),
        view: EightView {
            options: options.clone(),
            batch,
            summary,
            ..EightView::default()
        },
        reading: Reading {
            boards,
            options: options.clone(),
        },
        threads,
        options: Some(options),
    })
}

/// Loads the pattern databases for `goal` from `folder`, or builds them
/// with a progress bar on stderr (on a terminal) and says how long that
/// took, and why when the cached file was damaged: the loader of every
/// [`crate::Solvers`] of the command ([`options`] sets it, with
/// [`crate::set_default_loader`]).
pub fn load_databases(goal: &Board, folder: Option<&Path>) -> Result<PatternDatabases, PdbError> {
    let bar = ProgressBar::hidden();
    let mut started = false;
    let progress = |step: BuildProgress| {
        if !std::mem::replace(&mut started, true) {
            if std::io::stderr().is_terminal() {
                bar.set_draw_target(ProgressDrawTarget::stderr());
            }
            bar.set_length(step.total);
            bar.set_style(
                ProgressStyle::with_template(
                    "building pattern databases (once) {bar:40} {percent}% {elapsed}",
                )
                .unwrap_or_else(|_| ProgressStyle::default_bar()),
            );
        }
        bar.set_position(step.done);
    };
    let (databases, origin) = PatternDatabases::load_or_build(goal, folder, progress)?;
    bar.finish_and_clear();
    if let Origin::Built {
        took,
        saved,
        damaged,
    } = origin
    {
        if let Some(path) = damaged {
            eprintln!(
                "{PROGRAM}: {} was damaged (its checksum did not match): not used, built again",
                path.display()
            );
        }
        let megabytes = databases.size_bytes() as f64 / 1e6;
        let place = match saved {
            Some(path) => format!("cached in {}", path.display()),
            None => "not cached (folder not writable)".to_owned(),
        };
        eprintln!(
            "{PROGRAM}: built pattern databases in {:.1} s ({megabytes:.1} MB), {place}",
            took.as_secs_f64()
        );
    }
    Ok(databases)
}
