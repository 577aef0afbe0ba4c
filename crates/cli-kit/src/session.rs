//! The outputs of a watched `solve` over a batch, opened once and finished
//! once: the event stream of `--events`, the trace lines of `--trace` on
//! stdout, each puzzle's right before its answer, and the search tree of
//! `--tree-svg`. A crate's `solve` driver runs each puzzle through
//! [`WatchSession::run`] and ends with [`WatchSession::finish`], or runs
//! its batch with [`Batch::run_watched`], which does both.

use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::{Mutex, MutexGuard, PoisonError};

use svg_kit::SearchTree;

use crate::app::Watch;
use crate::events::{DEFAULT_EVENTS_LIMIT, Events, WatchArgs};
use crate::watch::{Sinks, Trace, write_tree};
use crate::{Batch, Outcome, Report};

/// The outputs of a watched batch: the events, stdout (shared by the
/// trace and the human view, so that each puzzle's trace comes right
/// before its answer), and the tree of the puzzle solved last.
#[derive(Debug)]
pub struct WatchSession {
    events: Mutex<Option<Events>>,
    out: Mutex<BufWriter<io::Stdout>>,
    tree: Mutex<Option<SearchTree>>,
    tree_svg: Option<PathBuf>,
    trace: bool,
    trace_limit: u64,
    events_to_stdout: bool,
}

/// Stdout through the session's one buffered writer.
struct Shared<'a>(&'a Mutex<BufWriter<io::Stdout>>);

impl Write for Shared<'_> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        locked(self.0).write(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        locked(self.0).flush()
    }
}

/// The value behind `mutex`, even if a thread panicked holding it (the
/// outputs are still worth writing).
fn locked<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

impl WatchSession {
    /// Opens what `args` and `tree_svg` ask for (the events file is
    /// created now).
    ///
    /// # Errors
    ///
    /// When the events file cannot be created.
    pub fn open(args: &WatchArgs, tree_svg: Option<&Path>) -> anyhow::Result<Self> {
        Ok(WatchSession {
            events: Mutex::new(args.open_events()?),
            out: Mutex::new(BufWriter::new(io::stdout())),
            tree: Mutex::new(tree_svg.map(|_| SearchTree::new(""))),
            tree_svg: tree_svg.map(Path::to_path_buf),
            trace: args.trace,
            trace_limit: args.events_limit.unwrap_or(DEFAULT_EVENTS_LIMIT),
            events_to_stdout: args.events_to_stdout(),
        })
    }

    /// Where the human view goes: stdout after the trace, or nowhere when
    /// `--events -` writes the events there instead.
    pub fn view_out(&self) -> Box<dyn Write + '_> {
        if self.events_to_stdout {
            Box::new(io::sink())
        } else {
            Box::new(Shared(&self.out))
        }
    }

    /// Runs one watched solve: `begin` writes the events that open the
    /// run (its `run` event), then `solve` gets the sinks and the tree.
    /// The trace is written to stdout as it comes; a trace that could not
    /// be written (a closed pipe) is told by the answer's write to the same
    /// stdout, which ends the run.
    pub fn run<R>(
        &self,
        begin: impl FnOnce(&mut Events),
        solve: impl FnOnce(Sinks<'_, '_>, Option<&mut SearchTree>) -> R,
    ) -> R {
        let mut events = locked(&self.events);
        if let Some(events) = events.as_mut() {
            begin(events);
        }
        let mut tree = locked(&self.tree);
        let mut shared = Shared(&self.out);
        let mut trace = self
            .trace
            .then(|| Trace::new(&mut shared, self.trace_limit));
        let sinks = Sinks {
            events: events.as_mut(),
            trace: trace.as_mut(),
        };
        solve(sinks, tree.as_mut())
    }

    /// `watched` in `session` when there is one, its run opened by the
    /// `run` event of `fields`, else `unwatched`: the solve of a crate's
    /// own watched command (nqueens' `count`).
    pub fn run_or<R>(
        session: Option<&Self>,
        fields: &serde_json::Value,
        unwatched: impl FnOnce() -> R,
        watched: impl FnOnce(Watch<'_, '_>) -> R,
    ) -> R {
        let Some(session) = session else {
            return unwatched();
        };
        let begin = |events: &mut Events| events.emit("run", fields);
        session.run(begin, |sinks, tree| watched(Watch { sinks, tree }))
    }

    /// Flushes stdout, ends the event stream and writes the tree (its SVG
    /// and the DOT beside it).
    ///
    /// # Errors
    ///
    /// The first output that could not be written.
    pub fn finish(self) -> anyhow::Result<()> {
        self.out
            .into_inner()
            .unwrap_or_else(PoisonError::into_inner)
            .flush()?;
        if let Some(events) = self
            .events
            .into_inner()
            .unwrap_or_else(PoisonError::into_inner)
        {
            events
                .finish()
                .map_err(|error| anyhow::Error::new(error).context("cannot write the events"))?;
        }
        let tree = self
            .tree
            .into_inner()
            .unwrap_or_else(PoisonError::into_inner);
        if let (Some(path), Some(tree)) = (self.tree_svg, tree) {
            write_tree(&path, &tree)?;
        }
        Ok(())
    }
}

impl Batch<'_> {
    /// [`Batch::run`] in `session` when one is given (something is
    /// watched): each item solved by `solve` with the session, on one
    /// thread, its result shown by `report` after its trace on the
    /// session's stdout ([`WatchSession::view_out`]), and the session
    /// finished after the last. Without a session, [`Batch::run`] with
    /// `solve` given `None`.
    ///
    /// # Errors
    ///
    /// As [`Batch::run`] and [`WatchSession::finish`].
    pub fn run_watched<I: Sync, O: Outcome + Send>(
        self,
        session: Option<WatchSession>,
        items: &[I],
        solve: impl Fn(&I, Option<&WatchSession>) -> Result<O, String> + Sync,
        report: &mut impl Report<I, O>,
    ) -> anyhow::Result<ExitCode> {
        let Some(session) = session else {
            return self.run(items, |item| solve(item, None), report);
        };
        let mut out = session.view_out();
        let solve = |item: &I| solve(item, Some(&session));
        let tally = self
            .threads(Some(1))
            .run_to(&mut out, items, solve, report)?;
        drop(out);
        session.finish()?;
        Ok(tally.exit())
    }
}
