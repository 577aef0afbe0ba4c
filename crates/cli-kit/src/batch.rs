//! The batch driver every `solve` shares: each puzzle of the input solved
//! (in parallel with rayon, `--threads`), its result written in input
//! order as soon as the ones before it are out, a bad puzzle reported
//! without stopping the others, a progress bar on a terminal for long
//! batches, and the exit code from the [`Tally`].

use std::collections::BTreeMap;
use std::io::{self, BufWriter, IsTerminal, Write};
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;

use anyhow::{Context, bail};
use indicatif::{ProgressBar, ProgressStyle};
use rayon::iter::{ParallelBridge, ParallelIterator};

use crate::{Status, Tally};

/// Batches at least this long show a progress bar (when stderr is a terminal).
const PROGRESS_FROM: usize = 1_000;

/// What a solver's result says about how the run ended.
pub trait Outcome {
    /// How the run ended; [`Status::Invalid`] is the driver's, for puzzles
    /// the solver never saw.
    fn status(&self) -> Status;
}

/// How a command writes each result and, at the end, its summary. Called
/// on the main thread in input order.
pub trait Report<I, O> {
    /// Writes the result of `item`: its outcome, or why it could not be
    /// solved (the message names the line and column). Under `--json` this
    /// is one [`crate::Record`]; in the human view the driver has already
    /// put the message on stderr.
    fn write(
        &mut self,
        out: &mut dyn Write,
        item: &I,
        result: Result<&O, &str>,
    ) -> anyhow::Result<()>;

    /// Writes what follows the last result (a batch's averages, say).
    fn finish(&mut self, _out: &mut dyn Write, _tally: &Tally) -> anyhow::Result<()> {
        Ok(())
    }
}

/// The run of one `solve` over the puzzles of one input.
#[derive(Debug, Clone)]
pub struct Batch<'a> {
    program: &'a str,
    input_name: &'a str,
    threads: Option<usize>,
}

impl<'a> Batch<'a> {
    /// A batch of `program` (for messages) over the input called
    /// `input_name` (a path or `<stdin>`), on one thread per core.
    pub fn new(program: &'a str, input_name: &'a str) -> Self {
        Batch {
            program,
            input_name,
            threads: None,
        }
    }

    /// Solves on this many threads (`None`: one per core).
    pub fn threads(mut self, threads: Option<usize>) -> Self {
        self.threads = threads;
        self
    }

    /// Solves every item with `solve` and writes each result with `report`
    /// to stdout, in input order. `solve` returns `Err(message)` for an
    /// item it cannot take (a parse error, a size it does not handle): the
    /// item counts as invalid, its message goes to stderr, and the others
    /// are still solved. An empty input is an error (exit 1). The exit code
    /// is the [`Tally`]'s.
    pub fn run<I, O>(
        &self,
        items: &[I],
        solve: impl Fn(&I) -> Result<O, String> + Sync,
        report: &mut impl Report<I, O>,
    ) -> anyhow::Result<ExitCode>
    where
        I: Sync,
        O: Outcome + Send,
    {
        if items.is_empty() {
            bail!("{}: no puzzle found", self.input_name);
        }
        let stdout = io::stdout();
        let mut out = BufWriter::new(stdout.lock());
        let tally = self.run_to(&mut out, items, solve, report)?;
        out.flush().context("cannot write output")?;
        Ok(tally.exit())
    }

    /// [`Batch::run`] writing to `out`, returning the tally.
    pub fn run_to<I, O>(
        &self,
        out: &mut dyn Write,
        items: &[I],
        solve: impl Fn(&I) -> Result<O, String> + Sync,
        report: &mut impl Report<I, O>,
    ) -> anyhow::Result<Tally>
    where
        I: Sync,
        O: Outcome + Send,
    {
        let mut tally = Tally::default();
        let mut emit = |result: Result<&O, &str>, item: &I| -> anyhow::Result<()> {
            match result {
                Ok(outcome) => tally.add(outcome.status()),
                Err(message) => {
                    tally.add(Status::Invalid);
                    eprintln!("{}: {}: {message}", self.program, self.input_name);
                }
            }
            report.write(out, item, result)
        };
        if items.len() == 1 || self.threads == Some(1) {
            // One puzzle, or one thread: no pool, no channel, and the
            // results stream out as they come.
            let progress = Progress::new(items.len());
            for item in items {
                let result = solve(item);
                progress.tick();
                emit(result.as_ref().map_err(String::as_str), item)?;
            }
            progress.done();
        } else {
            self.in_parallel(items, &solve, &mut emit)?;
        }
        report.finish(out, &tally)?;
        Ok(tally)
    }

    /// Solves on a rayon pool while this thread writes the results in input
    /// order; a failed write (a closed pipe) stops the workers.
    fn in_parallel<I, O>(
        &self,
        items: &[I],
        solve: &(impl Fn(&I) -> Result<O, String> + Sync),
        emit: &mut impl FnMut(Result<&O, &str>, &I) -> anyhow::Result<()>,
    ) -> anyhow::Result<()>
    where
        I: Sync,
        O: Send,
    {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(self.threads.unwrap_or(0))
            .build()
            .context("cannot start the worker threads")?;
        let progress = Progress::new(items.len());
        let stop = AtomicBool::new(false);
        let (sender, receiver) = mpsc::channel();
        std::thread::scope(|scope| {
            scope.spawn(|| {
                pool.install(|| {
                    // par_bridge hands items out in input order, so results
                    // come back nearly in order and little waits in `early`.
                    items.iter().enumerate().par_bridge().for_each_with(
                        sender,
                        |sender, (index, item)| {
                            if !stop.load(Ordering::Relaxed) {
                                let _ = sender.send((index, solve(item)));
                            }
                        },
                    );
                });
            });
            let mut early = BTreeMap::new();
            let mut next = 0;
            let written = (|| {
                for (index, result) in &receiver {
                    progress.tick();
                    early.insert(index, result);
                    while let Some(result) = early.remove(&next) {
                        emit(result.as_ref().map_err(String::as_str), &items[next])?;
                        next += 1;
                    }
                }
                Ok(())
            })();
            if written.is_err() {
                stop.store(true, Ordering::Relaxed);
            }
            // Dropping the receiver makes the workers' sends fail quietly.
            drop(receiver);
            progress.done();
            written
        })
    }
}

/// A progress bar on stderr for long batches on a terminal, else nothing.
struct Progress(Option<ProgressBar>);

impl Progress {
    fn new(len: usize) -> Self {
        let show = len >= PROGRESS_FROM && io::stderr().is_terminal();
        Progress(show.then(|| {
            let bar = ProgressBar::new(len as u64);
            if let Ok(style) =
                ProgressStyle::with_template("{bar:40} {pos}/{len} puzzles {per_sec} eta {eta}")
            {
                bar.set_style(style);
            }
            bar
        }))
    }

    fn tick(&self) {
        if let Some(bar) = &self.0 {
            bar.inc(1);
        }
    }

    fn done(&self) {
        if let Some(bar) = &self.0 {
            bar.finish_and_clear();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A puzzle is a number: even numbers are solved, odd ones unsolvable,
    /// multiples of 5 hit a limit, negative ones are invalid.
    struct Parity(i64);

    impl Outcome for Parity {
        fn status(&self) -> Status {
            match self.0 {
                n if n % 5 == 0 => Status::Limit,
                n if n % 2 == 0 => Status::Solved,
                _ => Status::Unsolvable,
            }
        }
    }

    fn solve(n: &i64) -> Result<Parity, String> {
        if *n < 0 {
            Err(format!("{n} is negative"))
        } else {
            Ok(Parity(*n))
        }
    }

    struct Lines;

    impl Report<i64, Parity> for Lines {
        fn write(
            &mut self,
            out: &mut dyn Write,
            item: &i64,
            result: Result<&Parity, &str>,
        ) -> anyhow::Result<()> {
            match result {
                Ok(outcome) => writeln!(out, "{item} {}", outcome.status())?,
                Err(message) => writeln!(out, "{item} invalid: {message}")?,
            }
            Ok(())
        }

        fn finish(&mut self, out: &mut dyn Write, tally: &Tally) -> anyhow::Result<()> {
            writeln!(out, "{} puzzles", tally.total())?;
            Ok(())
        }
    }

    fn run(items: &[i64], threads: Option<usize>) -> (String, Tally) {
        let mut out = Vec::new();
        let tally = Batch::new("t", "<test>")
            .threads(threads)
            .run_to(&mut out, items, solve, &mut Lines)
            .unwrap();
        (String::from_utf8(out).unwrap(), tally)
    }

    #[test]
    fn results_come_out_in_input_order_whatever_the_threads() {
        let items: Vec<i64> = (0..3000).map(|n| if n % 7 == 3 { -n } else { n }).collect();
        let (sequential, tally) = run(&items, Some(1));
        for threads in [None, Some(2), Some(4)] {
            assert_eq!(run(&items, threads), (sequential.clone(), tally));
        }
        assert!(
            sequential.starts_with("0 limit\n1 unsolvable\n2 solved\n-3 invalid: -3 is negative\n")
        );
        assert!(sequential.ends_with("3000 puzzles\n"));
        assert_eq!(tally.total(), 3000);
        assert_eq!(tally.exit_code(), 1);
    }

    #[test]
    fn a_batch_mixing_outcomes_exits_by_the_one_precedence() {
        assert_eq!(run(&[-1, 3, 5], None).1.exit_code(), 1);
        assert_eq!(run(&[3, 5], None).1.exit_code(), 4);
        assert_eq!(run(&[2, 3], Some(2)).1.exit_code(), 3);
        assert_eq!(run(&[2], None).1.exit_code(), 0);
    }

    #[test]
    fn a_failed_write_stops_the_batch_with_its_error() {
        struct Closed;
        impl Report<i64, Parity> for Closed {
            fn write(
                &mut self,
                _: &mut dyn Write,
                _: &i64,
                _: Result<&Parity, &str>,
            ) -> anyhow::Result<()> {
                Err(io::Error::from(io::ErrorKind::BrokenPipe).into())
            }
        }
        let items: Vec<i64> = (0..500).collect();
        for threads in [Some(1), Some(2)] {
            let error = Batch::new("t", "<test>")
                .threads(threads)
                .run_to(&mut Vec::new(), &items, solve, &mut Closed)
                .unwrap_err();
            assert!(crate::is_broken_pipe(&error));
        }
    }

    #[test]
    fn an_empty_input_is_an_error() {
        let error = Batch::new("t", "empty.txt")
            .run(&[] as &[i64], solve, &mut Lines)
            .unwrap_err();
        assert_eq!(error.to_string(), "empty.txt: no puzzle found");
    }
}
