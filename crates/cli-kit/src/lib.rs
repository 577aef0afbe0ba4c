//! What every puzzle command does the same way, written once so that a
//! new puzzle crate gets it by calling, not copying:
//!
//! - the JSON [`Record`] envelope (`line`, `status`, `solution`, `error`,
//!   `stats {nodes, micros}`) with the crate's own fields flattened in;
//! - one [`Status`] and one exit code for a batch ([`Tally`]): 1 if any
//!   puzzle was invalid, else 4 if any hit a limit, else 3 if any was proved
//!   unsolvable, else 0;
//! - [`Input`] from a file or stdin, read forgivingly (see [`decode`]);
//! - the [`Batch`] driver of `solve` (parallel with `--threads`, output in
//!   input order, a progress bar on a terminal, bad lines reported and the
//!   rest solved) and the [`run_check`] driver of `check` (every failure
//!   reported in one format, exit 1 on any);
//! - a failed run reported on stderr under the program's name with exit
//!   code 1 ([`finish`]), a closed pipe (`sudoku solve big.txt | head -1`)
//!   ending the run quietly with exit code 0 as `cat` and `grep` do, flags
//!   that clash as a usage error (exit 2), the `--stats` line, and the
//!   default memory budget of searches that hold states;
//! - watching a search: the `--trace`, `--events FILE`, `--events-limit N`
//!   and `--compare` flags and which go together ([`WatchArgs`]), the
//!   versioned JSON Lines event stream of `docs/events.md` ([`Events`]),
//!   and the `--compare` table ([`Comparison`]); the observers that write
//!   it ([`SearchWatch`], [`CspWatch`], [`SplitTree`] which also grows the
//!   csp search tree of `--tree-svg`), and [`WatchSession`], the outputs of
//!   a watched batch opened and finished once. With the `test-support` feature,
//!   `test_support` runs a watched search in a test and parses its events.
//!
//! A `main.rs` then holds its argument definitions and calls:
//!
//! ```no_run
//! use cli_kit::{Batch, Input, Outcome, Record, Report, Stats, Status};
//! use std::io::Write;
//!
//! struct Answer(Option<u64>);
//! impl Outcome for Answer {
//!     fn status(&self) -> Status {
//!         if self.0.is_some() { Status::Solved } else { Status::Unsolvable }
//!     }
//! }
//!
//! struct Json;
//! impl Report<(usize, String), Answer> for Json {
//!     fn write(&mut self, out: &mut dyn Write, item: &(usize, String), result: Result<&Answer, &str>)
//!     -> anyhow::Result<()> {
//!         let record: Record = match result {
//!             Ok(answer) => Record {
//!                 solution: answer.0.map(|root| root.to_string()),
//!                 stats: Stats::new(1, std::time::Duration::ZERO),
//!                 ..Record::new(answer.status(), Default::default())
//!             },
//!             Err(message) => Record::invalid(message, Default::default()),
//!         };
//!         record.at_line(Some(item.0)).write_line(out)
//!     }
//! }
//!
//! fn main() -> std::process::ExitCode {
//!     let run = || {
//!         let input = Input::read(None)?;
//!         let items: Vec<(usize, String)> =
//!             input.numbered_lines().map(|(n, line)| (n, line.to_owned())).collect();
//!         let square_root = |(n, line): &(usize, String)| {
//!             let value: u64 = line.trim().parse().map_err(|_| format!("line {n}: expected a number"))?;
//!             let root = value.isqrt();
//!             Ok(Answer((root * root == value).then_some(root)))
//!         };
//!         Batch::new("roots", &input.name).run(&items, square_root, &mut Json)
//!     };
//!     cli_kit::finish("roots", run())
//! }
//! ```

#![deny(missing_docs)]

pub mod app;
mod batch;
mod check;
pub mod driver;
mod events;
pub mod forms;
pub mod front;
mod frontier;
mod input;
pub mod line;
mod memory;
mod record;
mod session;
mod status;
#[cfg(feature = "test-support")]
pub mod test_support;
mod watch;

use std::io;
use std::process::ExitCode;
use std::time::Duration;

pub use batch::{Batch, Outcome, Report};
pub use check::{
    CheckTally, Claims, Verified, check_claims, json_records, run_check, verify_claims,
};
pub use driver::{App, Item, SolveFlags, SolveRun, parse_seconds};
pub use events::{
    Comparison, DEFAULT_EVENTS_LIMIT, EVENTS_VERSION, EventCapture, Events, Row, WatchArgs,
    thousands,
};
pub use forms::EXIT_CODES;
pub use front::{Front, Refusal, Setting};
pub use frontier::{FrontierWatch, TellBoards};
pub use input::{
    COMMAND_LINE, Input, LineBatch, batch_lines, command_line, decode, end_of, line_too_long,
};
pub use memory::{default_memory_budget, parse_bytes};
pub use puzzle_kit::Limit;
pub use record::{Count, NoFields, Record, Stats};
pub use session::WatchSession;
pub use status::{Status, Tally};
pub use watch::{
    CspWatch, FormulationOutputs, Rendered, SearchWatch, Sinks, SplitTree, Trace, write_tree,
};

/// The `--stats` line of every puzzle command: `stats:`, the counters as
/// `name value` pairs, and the time taken last, in milliseconds.
///
/// ```
/// use std::time::Duration;
///
/// let counters = [("nodes", 480.to_string()), ("backtracks", 462.to_string())];
/// assert_eq!(
///     cli_kit::stats_line(&counters, Duration::from_micros(1280)),
///     "stats: nodes 480, backtracks 462, time 1.280 ms"
/// );
/// ```
pub fn stats_line(counters: &[(&str, String)], time: Duration) -> String {
    let mut line = String::from("stats:");
    for (name, value) in counters {
        line.push_str(&format!(" {name} {value},"));
    }
    line.push_str(&format!(" time {:.3} ms", time.as_secs_f64() * 1e3));
    line
}

/// Ends the program the way clap ends it for a bad command line (the
/// message, a pointer to `--help`, exit code 2): for flags that each parse
/// but do not fit together or with the input.
pub fn usage_error<Cli: clap::CommandFactory>(message: impl std::fmt::Display) -> ! {
    usage_error_in(Cli::command(), std::env::args().skip(1), message).exit()
}

/// The error of [`usage_error`] for the command line `args`: its usage line
/// is the subcommand's (`sudoku solve [OPTIONS] [FILE]`) when one was named.
fn usage_error_in(
    mut command: clap::Command,
    args: impl IntoIterator<Item = String>,
    message: impl std::fmt::Display,
) -> clap::Error {
    command.build();
    let named = args.into_iter().find_map(|arg| {
        command
            .get_subcommands()
            .find(|sub| sub.get_name() == arg)
            .cloned()
    });
    named
        .unwrap_or(command)
        .error(clap::error::ErrorKind::ArgumentConflict, message)
}

/// The exit code of a command that returned `result`: its own code on
/// success, 0 when the output pipe was closed, else 1 after printing
/// `program: error` with the whole cause chain.
pub fn finish(program: &str, result: anyhow::Result<ExitCode>) -> ExitCode {
    match result {
        Ok(code) => code,
        Err(error) if is_broken_pipe(&error) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("{program}: {error:#}");
            ExitCode::from(1)
        }
    }
}

/// Whether `error` comes from writing to a closed pipe. serde_json wraps
/// the io error of a failed write in its own type, so both are looked at.
pub fn is_broken_pipe(error: &anyhow::Error) -> bool {
    let broken = Some(io::ErrorKind::BrokenPipe);
    error.chain().any(|cause| {
        cause.downcast_ref::<io::Error>().map(io::Error::kind) == broken
            || cause
                .downcast_ref::<serde_json::Error>()
                .and_then(serde_json::Error::io_error_kind)
                == broken
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_closed_pipe_is_recognised_through_context_and_serde_json() {
        let pipe = || io::Error::from(io::ErrorKind::BrokenPipe);
        let plain = anyhow::Error::from(pipe()).context("writing the solution");
        assert!(is_broken_pipe(&plain));
        let wrapped = anyhow::Error::from(serde_json::Error::io(pipe()));
        assert!(is_broken_pipe(&wrapped));
        let other = anyhow::Error::from(io::Error::from(io::ErrorKind::NotFound));
        assert!(!is_broken_pipe(&other));
        assert!(!is_broken_pipe(&anyhow::anyhow!(
            "line 3: expected a digit"
        )));
    }

    #[test]
    fn a_usage_error_shows_the_usage_of_the_subcommand_named() {
        let command = clap::Command::new("tool")
            .subcommand(clap::Command::new("solve").arg(clap::Arg::new("file")))
            .subcommand(clap::Command::new("check"));
        let args = |list: &[&str]| list.iter().map(|arg| arg.to_string()).collect::<Vec<_>>();
        let error = usage_error_in(command.clone(), args(&["solve", "x"]), "bad flags");
        assert_eq!(error.kind(), clap::error::ErrorKind::ArgumentConflict);
        assert_eq!(error.exit_code(), 2);
        let text = error.to_string();
        assert!(text.contains("bad flags"), "{text}");
        assert!(text.contains("Usage: tool solve [file]"), "{text}");
        let text = usage_error_in(command, args(&["--x"]), "bad").to_string();
        assert!(text.contains("Usage: tool [COMMAND]"), "{text}");
    }

    #[test]
    fn a_closed_pipe_exits_zero_and_other_errors_exit_one() {
        let pipe = anyhow::Error::from(io::Error::from(io::ErrorKind::BrokenPipe));
        assert_eq!(finish("t", Err(pipe)), ExitCode::SUCCESS);
        assert_eq!(finish("t", Err(anyhow::anyhow!("bad"))), ExitCode::from(1));
        assert_eq!(finish("t", Ok(ExitCode::from(3))), ExitCode::from(3));
    }
}
