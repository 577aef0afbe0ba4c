//! What the `gogen` binary does beyond the shared driver (the `cli`
//! feature): the entry points the explorer and the Python package call.

use std::io::Write;

use cli_kit::app::{Show, ViewFlags};
use cli_kit::{Record, Report};

pub use crate::app::{
    GogenCounters, GogenFields, GogenRecord, GogenView, Solved, marked_grid, nine_letters,
    read_puzzle, unique_line, with_hint,
};
pub use cli_kit::app::mark_givens;

use crate::options::Options;
use crate::puzzle::Puzzle;

/// The record of a solve; `counting` adds `count` and `count_complete`.
pub fn record(solved: &Solved, counting: bool) -> GogenRecord {
    <Puzzle as Show>::record(solved, counting)
}

/// Reads and solves the puzzle of `text`: the `solve` of the batch driver
/// (whose one item is the whole input). With `uniqueness`, a solved
/// puzzle is then counted to 2 by [`crate::is_unique`], within the same
/// limits, to tell whether its solution is unique; the outcome's stats stay
/// the chosen algorithm's.
pub fn solve(
    text: &str,
    letters: Option<&str>,
    options: &Options,
    uniqueness: bool,
) -> Result<Solved, String> {
    let puzzle = read_puzzle(text, letters).map_err(|error| with_hint(error, text, letters))?;
    let outcome = crate::solve(&puzzle, options);
    let unique =
        (uniqueness && outcome.status.is_solved()).then(|| crate::is_unique(&puzzle, options));
    Ok(Solved {
        puzzle,
        outcome,
        unique,
    })
}

/// [`solve`], with the depth-first search watched (`--trace`, `--events`,
/// `--tree-svg`) by [`crate::watch::solve_watched`].
pub fn solve_watched(
    text: &str,
    letters: Option<&str>,
    options: &Options,
    uniqueness: bool,
    watch: crate::watch::Watch<'_, '_>,
) -> Result<Solved, String> {
    let puzzle = read_puzzle(text, letters).map_err(|error| with_hint(error, text, letters))?;
    let mut watch = watch;
    if let Some(events) = watch.sinks.events.as_deref_mut() {
        events.emit(
            "run",
            &serde_json::json!({ "algorithm": options.algo.name(), "puzzle": puzzle.to_line() }),
        );
    }
    let outcome = crate::watch::solve_watched(&puzzle, options, watch);
    let unique =
        (uniqueness && outcome.status.is_solved()).then(|| crate::is_unique(&puzzle, options));
    Ok(Solved {
        puzzle,
        outcome,
        unique,
    })
}

/// How `solve` shows its result: the command line's view flags.
#[derive(Debug, Clone, Copy, Default)]
pub struct View {
    /// One JSON record instead of the human view.
    pub json: bool,
    /// The count of solutions (`--count`).
    pub count: bool,
    /// Every word highlighted on its own grid (`--show-words`).
    pub show_words: bool,
    /// The `--stats` line.
    pub stats: bool,
    /// Mark the givens of the solved grid in bold (ANSI): on a terminal
    /// only, unless `NO_COLOR` is set (see [`mark_givens`]).
    pub bold_givens: bool,
}

impl Report<String, Solved> for View {
    fn write(
        &mut self,
        out: &mut dyn Write,
        _text: &String,
        result: Result<&Solved, &str>,
    ) -> anyhow::Result<()> {
        match (result, self.json) {
            (Ok(solved), true) => record(solved, self.count).write_line(out),
            (Err(message), true) => {
                let invalid: GogenRecord = Record::invalid(message, GogenFields::default());
                invalid.write_line(out)
            }
            (Ok(solved), false) => {
                let flags = ViewFlags {
                    count: self.count,
                    stats: self.stats,
                    bold_givens: self.bold_givens,
                };
                let own = GogenView {
                    show_words: self.show_words,
                };
                Ok(<Puzzle as Show>::write_human(out, solved, &flags, &own)?)
            }
            // The driver has put the message on stderr.
            (Err(_), false) => Ok(()),
        }
    }
}
