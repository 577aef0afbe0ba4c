//! `sudoku explain`, `sudoku hint` and `sudoku rate`: the command-line side
//! of [`sudoku::explain`] (issue 21).

use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use anyhow::Context;
use cli_kit::Batch;
use sudoku::cli::{RateOutcome, StepRecord, rate_grid, rate_invalid, rate_parsed, rate_record};
use sudoku::explain::candidates::cell_name;
use sudoku::explain::{Candidates, Path as SolvingPath, Rating, next_step, unique_solution};
use sudoku::{Parsed, parse_puzzles};

#[derive(Debug, clap::Args)]
pub struct GenerateArgs {
    /// How many puzzles.
    #[arg(long, default_value_t = 1)]
    pub number: u64,
    /// The ER band, both ends included, such as 2.0..4.0.
    #[arg(long, default_value = "1.0..11.9", value_parser = parse_band)]
    pub rating: (Rating, Rating),
    /// Cells that stay given or blank together.
    #[arg(long, value_enum, default_value = "none")]
    pub symmetry: sudoku::explain::Symmetry,
    /// Puzzle i is made from seed + i.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Give up on a puzzle after this many seconds.
    #[arg(long, value_name = "SECONDS", default_value = "60", value_parser = cli_kit::parse_seconds)]
    pub time_limit: Duration,
}

#[derive(Debug, clap::Args)]
pub struct ExplainArgs {
    /// The puzzle (81 or 729 characters) or a file holding it.
    pub puzzle: String,
    /// One JSON record per step, then the puzzle's record with er, ep, ed.
    #[arg(long)]
    pub json: bool,
    /// Write one SVG picture per step (step-001.svg, ...) into DIR.
    #[arg(long, value_name = "DIR")]
    pub svg_dir: Option<PathBuf>,
}

#[derive(Debug, clap::Args)]
pub struct HintArgs {
    /// The puzzle or a grid in progress (81 or 729 characters), or a file.
    pub puzzle: String,
    /// nudge: where to look; technique: which technique; step: all of it.
    #[arg(long, value_enum, default_value = "technique")]
    pub level: Level,
}

#[derive(Debug, clap::Args)]
pub struct RateArgs {
    /// A file of puzzles; stdin when absent or '-'.
    pub file: Option<PathBuf>,
    /// Worker threads (default: one per core).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=1024))]
    pub threads: Option<u64>,
    /// One JSON record per puzzle with er, ep, ed, the hardest technique
    /// and the step count.
    #[arg(long)]
    pub json: bool,
}

/// Reads PUZZLE: an 81- or 729-character argument, or a file holding one.
fn read_grid(puzzle: &str) -> anyhow::Result<Candidates> {
    let text = if Path::new(puzzle).is_file() {
        std::fs::read_to_string(puzzle).with_context(|| format!("cannot read {puzzle}"))?
    } else {
        puzzle.to_string()
    };
    let line = text
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.starts_with('#'))
        .unwrap_or("");
    Candidates::parse(line).map_err(|e| anyhow::anyhow!("{e}"))
}

impl ExplainArgs {
    /// `sudoku explain`: every step, numbered, then ER/EP/ED.
    pub fn run(&self) -> anyhow::Result<ExitCode> {
        let (json, svg_dir) = (self.json, self.svg_dir.as_ref());
        let grid = read_grid(&self.puzzle)?;
        let start = Instant::now();
        let outcome = rate_grid(&grid);
        let mut out = BufWriter::new(std::io::stdout().lock());
        if let Ok((path, _)) = &outcome {
            if let Some(dir) = svg_dir {
                write_svgs(&grid, path, dir)?;
            }
            for (i, step) in path.steps.iter().enumerate() {
                if json {
                    serde_json::to_writer(&mut out, &StepRecord::new(1, i + 1, step))?;
                    writeln!(out)?;
                } else {
                    writeln!(
                        out,
                        "{:3}. {} ({}): {}",
                        i + 1,
                        step.technique,
                        step.rating,
                        step.text
                    )?;
                }
            }
        }
        let record = rate_record(&outcome, start).at_line(Some(1));
        if json {
            record.write_line(&mut out)?;
        } else {
            match &outcome {
                Ok((path, _)) => {
                    if !path.solved {
                        writeln!(out, "stuck: no technique applies (serate's ER 20.0)")?;
                    }
                    writeln!(out, "ER/EP/ED: {}/{}/{}", path.er, path.ep, path.ed)?;
                }
                Err(reason) => eprintln!("sudoku: {reason}"),
            }
        }
        out.flush()?;
        Ok(ExitCode::from(if outcome.is_ok() { 0 } else { 1 }))
    }
}

fn write_svgs(grid: &Candidates, path: &SolvingPath, dir: &Path) -> anyhow::Result<()> {
    use sudoku::svg::{Link, Mark, Picture};
    std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    let puzzle =
        sudoku::Sudoku::from_values(9, grid.values()).map_err(|e| anyhow::anyhow!("{e}"))?;
    let mut current = grid.clone();
    for (i, step) in path.steps.iter().enumerate() {
        let shown =
            sudoku::Sudoku::from_values(9, current.values()).map_err(|e| anyhow::anyhow!("{e}"))?;
        let masks: Vec<u32> = (0..81).map(|c| u32::from(current.mask(c))).collect();
        let mut picture = Picture::new(&puzzle)
            .with_grid(&shown)
            .with_candidate_masks(&masks);
        for &unit in &step.units {
            picture = picture.mark_cells(sudoku::explain::candidates::UNITS[unit], Mark::Unit);
        }
        picture = picture.mark_cells(step.cells.iter().copied(), Mark::Focus);
        for &(cell, digit) in &step.highlighted {
            picture = picture.mark_candidate(cell, digit, Mark::Focus);
        }
        for &(cell, digit) in &step.placements {
            picture = picture.mark_candidate(cell, digit, Mark::Placed);
        }
        for &(cell, digit) in &step.eliminations {
            picture = picture.mark_candidate(cell, digit, Mark::Eliminated);
        }
        for link in &step.links {
            picture = picture.link(
                link.from,
                link.to,
                if link.strong {
                    Link::Strong
                } else {
                    Link::Weak
                },
            );
        }
        let caption = format!(
            "{}. {} ({}): {}",
            i + 1,
            step.technique,
            step.rating,
            step.text
        );
        let file = dir.join(format!("step-{:03}.svg", i + 1));
        std::fs::write(&file, picture.with_caption(caption).to_svg())
            .with_context(|| format!("cannot write {}", file.display()))?;
        step.apply(&mut current);
    }
    Ok(())
}

/// How much of the next step `sudoku hint` shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Level {
    /// Where to look.
    Nudge,
    /// Which technique, and where.
    Technique,
    /// The whole step.
    Step,
}

impl HintArgs {
    /// `sudoku hint`: the next step, revealed as far as asked.
    pub fn run(&self) -> anyhow::Result<ExitCode> {
        let grid = read_grid(&self.puzzle)?;
        if let Err(reason) = unique_solution(&grid) {
            eprintln!("sudoku: {reason}");
            return Ok(ExitCode::from(1));
        }
        let Some(step) = next_step(&grid) else {
            println!(
                "{}",
                if grid.is_solved() {
                    "the grid is already solved"
                } else {
                    "no technique of Sudoku Explainer applies here"
                }
            );
            return Ok(ExitCode::SUCCESS);
        };
        let place = if let Some(&unit) = step.units.first() {
            sudoku::explain::candidates::unit_name(unit)
        } else if let Some(&cell) = step.cells.first() {
            cell_name(cell)
        } else {
            "the whole grid".to_string()
        };
        match self.level {
            Level::Nudge => println!("look at {place}"),
            Level::Technique => {
                println!("look for a {} ({}) in {place}", step.technique, step.rating)
            }
            Level::Step => {
                println!("{} ({}): {}", step.technique, step.rating, step.text);
                // The moves as the step's JSON record names them.
                let record = StepRecord::new(1, 1, &step);
                for (what, moves) in [
                    ("place", record.placements),
                    ("remove", record.eliminations),
                ] {
                    if !moves.is_empty() {
                        println!("{what}: {}", moves.join(" "));
                    }
                }
            }
        }
        Ok(ExitCode::SUCCESS)
    }
}

struct RateView {
    json: bool,
}

impl cli_kit::Report<Parsed, RateOutcome> for RateView {
    fn write(
        &mut self,
        out: &mut dyn Write,
        item: &Parsed,
        result: Result<&RateOutcome, &str>,
    ) -> anyhow::Result<()> {
        match result {
            Ok(outcome) if self.json => outcome
                .record
                .clone()
                .at_line(Some(item.line))
                .write_line(out),
            Ok(outcome) => {
                match outcome.ratings {
                    Some((er, ep, ed)) => writeln!(out, "{} ED={er}/{ep}/{ed}", outcome.line_text)?,
                    None => {
                        eprintln!(
                            "sudoku: line {}: {}",
                            item.line,
                            outcome.record.error.as_deref().unwrap_or("")
                        );
                        writeln!(out, "{} ED=0.0/0.0/0.0", outcome.line_text)?;
                    }
                }
                Ok(())
            }
            Err(message) if self.json => rate_invalid(message)
                .at_line(Some(item.line))
                .write_line(out),
            Err(_) => Ok(()),
        }
    }
}

impl RateArgs {
    /// `sudoku rate`: every puzzle of the input rated, in parallel.
    pub fn run(&self) -> anyhow::Result<ExitCode> {
        let input = sudoku::cli::read_input(self.file.as_deref())?;
        let puzzles = parse_puzzles(&input.text);
        Batch::new("sudoku", &input.name)
            .threads(self.threads.map(|threads| threads as usize))
            .run(&puzzles, rate_parsed, &mut RateView { json: self.json })
    }
}

/// A rating band `LO..HI` such as `2.0..4.0` (both ends included).
pub fn parse_band(text: &str) -> Result<(Rating, Rating), String> {
    let tenths = |s: &str| -> Result<Rating, String> {
        let value: f64 = s
            .trim()
            .parse()
            .map_err(|_| format!("expected a rating such as 2.5, found '{s}'"))?;
        if !(0.0..=20.0).contains(&value) {
            return Err(format!("a rating is between 0.0 and 20.0, found '{s}'"));
        }
        Ok(Rating((value * 10.0).round() as u16))
    };
    let (lo, hi) = text
        .split_once("..")
        .ok_or_else(|| format!("expected LO..HI such as 2.0..4.0, found '{text}'"))?;
    let (lo, hi) = (tenths(lo)?, tenths(hi)?);
    if lo > hi {
        return Err(format!("the band {text} is empty"));
    }
    Ok((lo, hi))
}

impl GenerateArgs {
    /// `sudoku generate`: `number` puzzles rated in the band, puzzle `i`
    /// made from seed `seed + i`; exit 4 when the time limit stops one.
    pub fn run(&self) -> anyhow::Result<ExitCode> {
        let GenerateArgs {
            number,
            rating: band,
            symmetry,
            seed,
            time_limit,
        } = *self;
        let mut out = BufWriter::new(std::io::stdout().lock());
        let progress = generate_progress(number);
        for i in 0..number {
            match sudoku::explain::generate(
                band.0..=band.1,
                symmetry,
                seed.wrapping_add(i),
                time_limit,
            ) {
                Some(made) => {
                    let grid = Candidates::from_values(&made.puzzle);
                    // The bar steps aside while the line is written.
                    progress.suspend(|| -> std::io::Result<()> {
                        writeln!(
                            out,
                            "{} ED={}/{}/{}",
                            grid.to_line(),
                            made.path.er,
                            made.path.ep,
                            made.path.ed
                        )?;
                        out.flush()
                    })?;
                    progress.inc(1);
                }
                None => {
                    progress.finish_and_clear();
                    out.flush()?;
                    eprintln!(
                        "sudoku: no puzzle rated {}..{} within {:.1} s (seed {})",
                        band.0,
                        band.1,
                        time_limit.as_secs_f64(),
                        seed.wrapping_add(i)
                    );
                    return Ok(ExitCode::from(4));
                }
            }
        }
        progress.finish_and_clear();
        Ok(ExitCode::SUCCESS)
    }
}

/// The bar `sudoku generate` shows on stderr, only when stderr is a
/// terminal: puzzles made so far and the time spent, ticking while a
/// rare band keeps the generator searching.
fn generate_progress(number: u64) -> indicatif::ProgressBar {
    use std::io::IsTerminal;
    if !std::io::stderr().is_terminal() {
        return indicatif::ProgressBar::hidden();
    }
    let bar = indicatif::ProgressBar::new(number);
    if let Ok(style) = indicatif::ProgressStyle::with_template(
        "{spinner} {bar:40} {pos}/{len} puzzles generated, {elapsed} eta {eta}",
    ) {
        bar.set_style(style);
    }
    bar.enable_steady_tick(Duration::from_millis(200));
    bar
}
