//! What the `ripple` binary does beyond the shared driver (the `cli`
//! feature): `generate`, its arguments and its output.

use std::io::{self, Write};
use std::time::{Duration, Instant};

use cli_kit::{Record, Stats as RecordStats, Status as RecordStatus, Tally};

pub use crate::app::RippleView;

use crate::app::{Fields, RippleRecord};
use crate::{Counters, Difficulty, Format, Generated, Status, to_url, write};

/// A seed from the clock, for `generate` without `--seed` (printed with
/// the puzzle).
fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |elapsed| elapsed.as_nanos() as u64 % 1_000_000)
}

/// `generate`'s options: its arguments on the command line.
#[derive(Debug, Clone, Copy, clap::Args)]
pub struct GenerateRun {
    /// Rows x columns, e.g. 10x10 (or one number for a square).
    #[arg(long, value_parser = parse_size, value_name = "RxC")]
    pub size: (usize, usize),
    /// Seed of the generator: the same seed gives the same puzzle (default: from the clock).
    #[arg(long, value_name = "S")]
    pub seed: Option<u64>,
    /// What the solve may need: easy (singles and distance), medium (also
    /// pointing and pairs), hard (guesses).
    #[arg(long, value_enum, default_value_t = Difficulty::Medium)]
    pub difficulty: Difficulty,
    /// Output form.
    #[arg(long, value_enum, default_value_t = Format::Ascii, conflicts_with = "json")]
    pub format: Format,
    /// How many puzzles (seeds S, S+1, ...).
    #[arg(long, default_value_t = 1, value_name = "N")]
    pub number: u64,
    /// Add the solution.
    #[arg(long, conflicts_with = "json")]
    pub solution: bool,
    /// One JSON record per puzzle (puzzle URL, solution, difficulty, givens, seed).
    #[arg(long)]
    pub json: bool,
    /// Give up on a puzzle after this many seconds, such as 0.5 (status
    /// "limit", limit "time", exit 4): the time grows fast with the size
    /// (see the crate's README).
    #[arg(long, value_name = "SECONDS", value_parser = cli_kit::parse_seconds, default_value = "60")]
    pub time_limit: Duration,
    /// Show how far each puzzle is on stderr (when stderr is a terminal).
    #[arg(skip)]
    pub progress: bool,
}

/// Runs `generate`, writing each puzzle to stdout: the exit code of its
/// status (cli-kit's): solved, or `limit` when the time limit stopped a
/// puzzle, which ends the run (its record in JSON, its message on stderr
/// either way).
///
/// # Errors
///
/// A puzzle that cannot be generated, an output that cannot be written.
pub fn run_generate(run: &GenerateRun) -> anyhow::Result<std::process::ExitCode> {
    let mut out = io::BufWriter::new(io::stdout().lock());
    let status = generate(run, &mut out)?;
    out.flush()?;
    let mut tally = Tally::default();
    tally.add(status);
    Ok(tally.exit())
}

fn generate(run: &GenerateRun, out: &mut dyn Write) -> anyhow::Result<RecordStatus> {
    let first = run.seed.unwrap_or_else(clock_seed);
    for offset in 0..run.number {
        let seed = first.wrapping_add(offset);
        let started = Instant::now();
        let mut shown = Progress::new(run, seed);
        let result = crate::generate_within(
            run.size.0,
            run.size.1,
            seed,
            run.difficulty,
            Some(run.time_limit),
            &mut |progress| shown.show(progress),
        );
        shown.clear();
        match result {
            Ok(generated) => write_generated(run, seed, &generated, started.elapsed(), out)?,
            Err(error @ crate::GenerateError::Limit { limit, .. }) => {
                if run.json {
                    let mut record: RippleRecord = Record::ended(
                        Status::Limit(limit),
                        Fields {
                            difficulty: Some(run.difficulty.name().to_owned()),
                            seed: Some(seed),
                            ..Fields::default()
                        },
                    );
                    record.stats = RecordStats::with(0, started.elapsed(), Counters::default());
                    record.write_line(out)?;
                }
                out.flush()?;
                eprintln!("ripple: {error}");
                return Ok(RecordStatus::Limit);
            }
            Err(error) => return Err(error.into()),
        }
    }
    Ok(RecordStatus::Solved)
}

/// `generate`'s progress line on stderr, redrawn in place at most five
/// times a second, and cleared when the puzzle is done.
struct Progress {
    what: String,
    time_limit: Duration,
    shown: bool,
    last: Option<Instant>,
    width: usize,
}

impl Progress {
    fn new(run: &GenerateRun, seed: u64) -> Self {
        let (rows, cols) = run.size;
        Progress {
            what: format!(
                "generating a {rows}x{cols} puzzle, {} (seed {seed})",
                run.difficulty
            ),
            time_limit: run.time_limit,
            shown: run.progress,
            last: None,
            width: 0,
        }
    }

    fn show(&mut self, progress: crate::Progress) {
        if !self.shown
            || self
                .last
                .is_some_and(|last| last.elapsed() < Duration::from_millis(200))
        {
            return;
        }
        self.last = Some(Instant::now());
        let line = self.line(progress);
        self.width = self.width.max(line.len());
        eprint!("\r{line:<width$}", width = self.width);
    }

    /// `generating a 20x20 puzzle, easy (seed 1): attempt 3 of 200, 1.2 of 60 s`.
    fn line(&self, progress: crate::Progress) -> String {
        format!(
            "{}: attempt {} of {}, {:.1} of {} s",
            self.what,
            progress.attempt,
            progress.attempts,
            progress.elapsed.as_secs_f64(),
            self.time_limit.as_secs_f64()
        )
    }

    fn clear(&mut self) {
        if self.width > 0 {
            eprint!("\r{:width$}\r", "", width = self.width);
            self.width = 0;
        }
    }
}

fn write_generated(
    run: &GenerateRun,
    seed: u64,
    generated: &Generated,
    elapsed: Duration,
    out: &mut dyn Write,
) -> anyhow::Result<()> {
    let puzzle = &generated.puzzle;
    if run.json {
        let mut record: RippleRecord = Record::new(
            RecordStatus::Solved,
            Fields {
                puzzle: Some(to_url(puzzle)),
                difficulty: Some(generated.grade.difficulty.name().to_owned()),
                givens: Some(puzzle.num_givens()),
                seed: Some(seed),
                ..Fields::default()
            },
        );
        record.solution = Some(generated.solution.to_rows());
        record.stats = RecordStats::with(generated.grade.nodes, elapsed, Counters::default());
        return record.write_line(out);
    }
    writeln!(
        out,
        "# ripple generate --size {}x{} --seed {seed} --difficulty {}: {} givens, {} rooms, proved unique in {} {}",
        run.size.0,
        run.size.1,
        generated.grade.difficulty,
        puzzle.num_givens(),
        puzzle.rooms().len(),
        generated.grade.nodes,
        if generated.grade.nodes == 1 {
            "node (no guess)"
        } else {
            "nodes"
        },
    )?;
    let solution = run.solution.then_some(&generated.solution);
    write!(out, "{}", write(puzzle, run.format, solution))?;
    if run.solution && matches!(run.format, Format::Url | Format::Ascii) {
        writeln!(out, "# solution:")?;
        for line in puzzle.draw(generated.solution.values()).lines() {
            writeln!(out, "# {line}")?;
        }
    }
    Ok(())
}

/// Reads `RxC` (or `R`, square) for `--size`.
pub fn parse_size(text: &str) -> Result<(usize, usize), String> {
    let expected =
        || format!("expected a size such as 10x10 or 7x12 (rows x columns), found '{text}'");
    let (rows, cols) = match text.split_once(['x', 'X']) {
        Some((rows, cols)) => (rows, cols),
        None => (text, text),
    };
    let rows: usize = rows.trim().parse().map_err(|_| expected())?;
    let cols: usize = cols.trim().parse().map_err(|_| expected())?;
    if !(1..=crate::MAX_SIDE).contains(&rows) || !(1..=crate::MAX_SIDE).contains(&cols) {
        return Err(format!(
            "rows and columns must be 1 to {}, found '{text}'",
            crate::MAX_SIDE
        ));
    }
    Ok((rows, cols))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_progress_line_of_generate_says_the_attempt_and_the_time() {
        let run = GenerateRun {
            size: (20, 20),
            seed: Some(1),
            number: 1,
            difficulty: Difficulty::Easy,
            format: Format::Ascii,
            json: false,
            solution: false,
            time_limit: Duration::from_millis(1500),
            progress: true,
        };
        let progress = crate::Progress {
            attempt: 3,
            attempts: crate::ATTEMPTS,
            elapsed: Duration::from_millis(1234),
        };
        assert_eq!(
            Progress::new(&run, 1).line(progress),
            "generating a 20x20 puzzle, easy (seed 1): attempt 3 of 200, 1.2 of 1.5 s"
        );
    }
}
