//! Every step of every explained path, checked against the puzzle's unique
//! solution: no placed digit wrong, no elimination of the solution's digit,
//! the path reaches the solution, and ER/EP/ED follow from its steps as
//! serate defines them. Puzzles: every rated file of
//! `fixtures/sudoku/rated/` (or of the folder `--rated DIR` names, such as
//! one holding rated sets that may not ship with the repository) and a
//! sample of the 49,158 17-clue puzzles of `fixtures/sudoku/sets/`.
//!
//! `cargo xtask verify` runs it on every shipped rated puzzle up to ER 10.6
//! and every 1000th 17-clue puzzle; `cargo xtask verify --explain-all` on
//! every rated puzzle and every 50th 17-clue one. ER must be Sudoku
//! Explainer's (equal up to 9.0, within 0.1 above), and EP and ED SE's on
//! at least 95% of each file's puzzles that give them. By hand, in release:
//! `cargo run --release -p sudoku --example explain_verify -- [--all]
//! [--rated DIR] [--every N] [--max-er X] [--seventeen-every N] [--threads N]
//! [--records FILE] [--only NAME,...] [--easiest-first] [--skip FILE]` (`--only`: the files whose name
//! holds one of the words, `17` for the 17-clue sample; `--skip`: not the
//! puzzles a records file holds).
//! Prints a table per file (puzzles, steps, failures, time) and the
//! slowest puzzles; exits 1 when any check fails. `--records FILE` writes
//! a line per puzzle (file, line, puzzle, ER, EP, ED, steps, seconds, a
//! hash of every step, failures), to compare ratings with the published ones and
//! paths before and after a change.

use std::hash::{DefaultHasher, Hash, Hasher};
use std::io::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

use sudoku::explain::{Candidates, Rating, solve_path, unique_solution};

/// One puzzle to check: where it comes from and its 81 characters.
struct Job {
    source: usize,
    line: usize,
    puzzle: String,
    /// Sudoku Explainer's ER, EP and ED where the file gives them.
    published: [Option<Rating>; 3],
}

/// What checking one puzzle found.
struct Outcome {
    steps: usize,
    /// ER, EP and ED.
    ratings: [Rating; 3],
    /// A hash of every step of the path (its `Debug` form).
    path_hash: u64,
    failures: Vec<String>,
    seconds: f64,
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let value = |flag: &str| {
        args.iter()
            .position(|a| a == flag)
            .and_then(|i| args.get(i + 1))
            .cloned()
    };
    let all = args.iter().any(|a| a == "--all");
    let every: usize = value("--every")
        .and_then(|v| v.parse().ok())
        .unwrap_or(1)
        .max(1);
    let max_er: u16 = value("--max-er")
        .and_then(|v| v.parse::<f64>().ok())
        .map_or(if all { u16::MAX } else { 106 }, |v| {
            (v * 10.0).round() as u16
        });
    let seventeen_every: usize = value("--seventeen-every")
        .and_then(|v| v.parse().ok())
        .unwrap_or(if all { 50 } else { 1000 })
        .max(1);
    let threads: usize = value("--threads")
        .and_then(|v| v.parse().ok())
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .max(1);

    let only: Vec<String> =
        value("--only").map_or(Vec::new(), |v| v.split(',').map(str::to_string).collect());
    let wanted = |name: &str| only.is_empty() || only.iter().any(|word| name.contains(word));
    // `--skip FILE`: the puzzles a records file already holds (a run resumed).
    let done: Vec<(String, usize)> = value("--skip")
        .and_then(|file| std::fs::read_to_string(file).ok())
        .map_or(Vec::new(), |text| {
            text.lines()
                .filter_map(|line| {
                    let mut fields = line.split('\t');
                    let name = fields.next()?.to_string();
                    Some((name, fields.next()?.parse().ok()?))
                })
                .collect()
        });
    let folder = value("--rated").map_or_else(
        || bench_kit::data::root().join("fixtures/sudoku/rated"),
        PathBuf::from,
    );
    let mut sources: Vec<String> = Vec::new();
    let mut jobs: Vec<Job> = Vec::new();
    let mut rated: Vec<PathBuf> = match std::fs::read_dir(&folder) {
        Ok(entries) => entries
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "tsv"))
            .collect(),
        Err(e) => {
            eprintln!("cannot read {}: {e}", folder.display());
            return ExitCode::FAILURE;
        }
    };
    rated.sort();
    for file in rated {
        let Ok(text) = std::fs::read_to_string(&file) else {
            eprintln!("cannot read {}", file.display());
            return ExitCode::FAILURE;
        };
        let source = sources.len();
        sources.push(
            file.file_name()
                .unwrap_or_default()
                .to_string_lossy()
                .into(),
        );
        for (index, line) in text.lines().enumerate().step_by(every) {
            let fields: Vec<&str> = line.split('\t').collect();
            let published = [1, 2, 3].map(|i| {
                fields
                    .get(i)
                    .and_then(|f| f.trim().parse::<f64>().ok())
                    .map(|v| Rating((v * 10.0).round() as u16))
            });
            let er = published[0].map_or(0, |r| r.0);
            let resumed = done.contains(&(sources[source].clone(), index + 1));
            if er <= max_er && wanted(&sources[source]) && !resumed {
                jobs.push(Job {
                    source,
                    line: index + 1,
                    puzzle: fields[0].to_string(),
                    published,
                });
            }
        }
    }
    match bench_kit::data::read_lines("fixtures/sudoku/sets/puzzles2_17_clue.txt.gz") {
        Ok(lines) => {
            let source = sources.len();
            sources.push(format!("17-clue (every {seventeen_every}th)"));
            let lines = lines.into_iter().enumerate().step_by(seventeen_every);
            for (index, puzzle) in lines.filter(|_| wanted(&sources[source])) {
                jobs.push(Job {
                    source,
                    line: index + 1,
                    puzzle,
                    published: [None; 3],
                });
            }
        }
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::FAILURE;
        }
    }

    // The longest puzzles (the rated files are sorted by ER) go first, so
    // that they do not leave one thread working alone at the end.
    // `--easiest-first` turns that round, so that a run stopped early has
    // covered every rating band but the top.
    jobs.sort_by_key(|job| std::cmp::Reverse((job.source < sources.len() - 1, job.line)));
    if args.iter().any(|a| a == "--easiest-first") {
        jobs.reverse();
    }
    let started = Instant::now();
    // Each record is written as its puzzle is done, so that a long run
    // stopped early still leaves what it found.
    let records = match value("--records").map(std::fs::File::create).transpose() {
        Ok(file) => Mutex::new(file),
        Err(e) => {
            eprintln!("cannot write the records: {e}");
            return ExitCode::FAILURE;
        }
    };
    let next = AtomicUsize::new(0);
    let outcomes: Mutex<Vec<(usize, Outcome)>> = Mutex::new(Vec::with_capacity(jobs.len()));
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(job) = jobs.get(i) else { break };
                    let outcome = check(&job.puzzle, job.published[0]);
                    // Said at once, so that a run stopped early has told.
                    for failure in &outcome.failures {
                        eprintln!(
                            "FAIL {}:{} {}: {failure}",
                            sources[job.source], job.line, job.puzzle
                        );
                    }
                    if let Ok(mut guard) = records.lock()
                        && let Some(file) = guard.as_mut()
                    {
                        let [er, ep, ed] = outcome.ratings;
                        let written = writeln!(
                            file,
                            "{}\t{}\t{}\t{er}\t{ep}\t{ed}\t{}\t{:.3}\t{:016x}\t{}",
                            sources[job.source],
                            job.line,
                            job.puzzle,
                            outcome.steps,
                            outcome.seconds,
                            outcome.path_hash,
                            outcome.failures.len()
                        );
                        if let Err(e) = written {
                            eprintln!("cannot write a record: {e}");
                        }
                    }
                    if let Ok(mut list) = outcomes.lock() {
                        list.push((i, outcome));
                    }
                }
            });
        }
    });
    let mut outcomes = outcomes.into_inner().unwrap_or_default();
    outcomes.sort_by_key(|(i, _)| (jobs[*i].source, jobs[*i].line));

    // Per source: puzzles, steps, failures, CPU seconds, and how many of
    // the published ERs, EPs and EDs ours equals (of how many given).
    let mut table = vec![(0usize, 0usize, 0usize, 0f64, [(0usize, 0usize); 3]); sources.len()];
    let mut failures = 0;
    for (i, outcome) in &outcomes {
        let job = &jobs[*i];
        let row = &mut table[job.source];
        row.0 += 1;
        row.1 += outcome.steps;
        row.2 += usize::from(!outcome.failures.is_empty());
        row.3 += outcome.seconds;
        failures += outcome.failures.len();
        for (tally, (ours, published)) in row
            .4
            .iter_mut()
            .zip(outcome.ratings.iter().zip(job.published))
        {
            if let Some(published) = published {
                tally.1 += 1;
                tally.0 += usize::from(*ours == published);
            }
        }
    }
    println!(
        "| puzzles from | puzzles | steps checked | failed | ER as SE's | EP as SE's | ED as SE's | seconds (sum over puzzles) |"
    );
    println!("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
    let agreement = |(exact, given): (usize, usize)| {
        if given == 0 {
            "-".to_string()
        } else {
            format!("{exact} of {given}")
        }
    };
    for (name, (puzzles, steps, failed, seconds, tallies)) in sources.iter().zip(&table) {
        let [er, ep, ed] = tallies.map(agreement);
        println!("| {name} | {puzzles} | {steps} | {failed} | {er} | {ep} | {ed} | {seconds:.1} |");
    }
    // EP and ED: SE's own on at least 95% of the puzzles of every file that
    // gives them (ER is checked puzzle by puzzle, in `check`).
    for (name, row) in sources.iter().zip(&table) {
        for (what, (exact, given)) in ["EP", "ED"].iter().zip(&row.4[1..]) {
            if *given > 0 && exact * 100 < given * 95 {
                eprintln!("FAIL {name}: {what} as SE's on {exact} of {given}, under 95%");
                failures += 1;
            }
        }
    }
    let mut slowest: Vec<&(usize, Outcome)> = outcomes.iter().collect();
    slowest.sort_by(|a, b| b.1.seconds.total_cmp(&a.1.seconds));
    println!("\nslowest:");
    for (i, outcome) in slowest.iter().take(5) {
        let job = &jobs[*i];
        println!(
            "  {}:{} {:.2} s",
            sources[job.source], job.line, outcome.seconds
        );
    }
    // Wall-clock times swell on a busy machine; the process's CPU time
    // (Linux) says what the checks cost.
    let cpu = cpu_seconds().map_or(String::new(), |s| format!(", {s:.1} s CPU"));
    println!(
        "\n{} puzzles, {} steps, {failures} failures, {:.1} s on {threads} thread(s){cpu}",
        outcomes.len(),
        table.iter().map(|r| r.1).sum::<usize>(),
        started.elapsed().as_secs_f64()
    );
    if failures > 0 {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

/// User and system CPU time of this process so far, where `/proc` tells it.
fn cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // The fields after the command name (which may hold spaces).
    let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
    let ticks: f64 = fields.get(11)?.parse::<f64>().ok()? + fields.get(12)?.parse::<f64>().ok()?;
    // The kernel counts in USER_HZ, 100 on every Linux port in use.
    Some(ticks / 100.0)
}

/// Rates one puzzle and checks its path, and its ER against Sudoku
/// Explainer's where given (equal up to 9.0, within 0.1 above, where SE's
/// ratings move with the isomorph); every problem found, in words.
fn check(puzzle: &str, published_er: Option<Rating>) -> Outcome {
    let started = Instant::now();
    let mut failures = Vec::new();
    let grid = match Candidates::parse(puzzle) {
        Ok(grid) => grid,
        Err(e) => {
            failures.push(format!("does not parse: {e}"));
            return Outcome {
                steps: 0,
                ratings: [Rating(0); 3],
                path_hash: 0,
                failures,
                seconds: 0.0,
            };
        }
    };
    let solution = match unique_solution(&grid) {
        Ok(solution) => solution,
        Err(e) => {
            failures.push(format!("not rated: {e}"));
            return Outcome {
                steps: 0,
                ratings: [Rating(0); 3],
                path_hash: 0,
                failures,
                seconds: 0.0,
            };
        }
    };
    let path = solve_path(&grid);
    let mut replay = grid.clone();
    let (mut er, mut ep, mut ed) = (Rating(0), Rating(0), Rating(0));
    for (n, step) in path.steps.iter().enumerate() {
        for &(cell, digit) in &step.placements {
            if solution[cell] != digit {
                failures.push(format!(
                    "step {} ({}) places {digit} at cell {cell}, the solution has {}",
                    n + 1,
                    step.technique,
                    solution[cell]
                ));
            }
        }
        for &(cell, digit) in &step.eliminations {
            if solution[cell] == digit {
                failures.push(format!(
                    "step {} ({}) eliminates the solution's {digit} at cell {cell}",
                    n + 1,
                    step.technique
                ));
            }
        }
        step.apply(&mut replay);
        er = er.max(step.rating);
        if n == 0 {
            ed = er;
        }
        if ep == Rating(0) && step.places() {
            ep = er;
        }
    }
    if !path.solved || replay.values() != &solution {
        failures.push(format!(
            "the path ends unsolved after {} steps",
            path.steps.len()
        ));
    } else if (er, ep, ed) != (path.er, path.ep, path.ed) {
        failures.push(format!(
            "rated {}/{}/{}, its steps give {er}/{ep}/{ed}",
            path.er, path.ep, path.ed
        ));
    }
    if let Some(published) = published_er {
        let off = path.er.0.abs_diff(published.0);
        if off > u16::from(published > Rating(90)) {
            failures.push(format!(
                "rated ER {}, Sudoku Explainer gives {published}",
                path.er
            ));
        }
    }
    let mut hasher = DefaultHasher::new();
    for step in &path.steps {
        format!("{step:?}").hash(&mut hasher);
    }
    Outcome {
        steps: path.steps.len(),
        ratings: [path.er, path.ep, path.ed],
        path_hash: hasher.finish(),
        failures,
        seconds: started.elapsed().as_secs_f64(),
    }
}
