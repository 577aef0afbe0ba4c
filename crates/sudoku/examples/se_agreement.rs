//! Agreement with Sudoku Explainer 1.2.1: rates every file of
//! `fixtures/sudoku/rated/` (puzzles with the ratings SE itself gave them;
//! `--rated DIR` reads a folder of such files instead), checks every step of every path against the puzzle's unique
//! solution, and prints per band of published ER how often our ER, EP and
//! ED are exact and within 0.1 / 0.2 / 0.3, then the worst disagreements.
//!
//! Run it in release: `cargo run --release -p sudoku --example se_agreement
//! [-- --max-er 6.2] [--rated DIR] [--every N] [--verbose] [FILE...]` (`--every N`: every
//! Nth puzzle; `--verbose`: a line per puzzle on stderr as it is rated).
//! The table also gives the median time per puzzle (wall clock, single
//! thread). Exit 1 when a step is wrong.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use sudoku::explain::{Candidates, Rating, solve_path, unique_solution};

struct Row {
    file: String,
    line: usize,
    puzzle: String,
    published: [Option<u16>; 3],
    ours: [u16; 3],
    parting: String,
    millis: f64,
}

fn tenths(text: &str) -> Option<u16> {
    let value: f64 = text.trim().parse().ok()?;
    Some((value * 10.0).round() as u16)
}

fn main() -> ExitCode {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let mut max_er = u16::MAX;
    let verbose = args.iter().any(|a| a == "--verbose");
    args.retain(|a| a != "--verbose");
    let isomorphs = args.iter().any(|a| a == "--isomorphs");
    args.retain(|a| a != "--isomorphs");
    let mut stable = [0usize; 2];
    let mut every = 1;
    if let Some(i) = args.iter().position(|a| a == "--every") {
        every = args
            .get(i + 1)
            .and_then(|v| v.parse().ok())
            .unwrap_or(1)
            .max(1);
        args.drain(i..(i + 2).min(args.len()));
    }
    if let Some(i) = args.iter().position(|a| a == "--max-er") {
        max_er = args.get(i + 1).and_then(|v| tenths(v)).unwrap_or(u16::MAX);
        args.drain(i..(i + 2).min(args.len()));
    }
    // `--rated DIR`: every rated file of that folder (rated sets that may
    // not ship with the repository) instead of the shipped ones.
    let mut folder = bench_kit::data::root().join("fixtures/sudoku/rated");
    if let Some(i) = args.iter().position(|a| a == "--rated") {
        if let Some(dir) = args.get(i + 1) {
            folder = PathBuf::from(dir);
        }
        args.drain(i..(i + 2).min(args.len()));
    }
    let files: Vec<PathBuf> = if args.is_empty() {
        let mut files: Vec<PathBuf> = match std::fs::read_dir(&folder) {
            Ok(entries) => entries
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|x| x == "tsv"))
                .collect(),
            Err(e) => {
                eprintln!("cannot read {}: {e}", folder.display());
                return ExitCode::FAILURE;
            }
        };
        files.sort();
        files
    } else {
        args.iter().map(PathBuf::from).collect()
    };
    let mut rows = Vec::new();
    let mut wrong_steps = 0;
    let start = Instant::now();
    let mut steps_checked = 0usize;
    for file in &files {
        let Ok(text) = std::fs::read_to_string(file) else {
            eprintln!("cannot read {}", file.display());
            return ExitCode::FAILURE;
        };
        let name = file
            .file_name()
            .unwrap_or_default()
            .to_string_lossy()
            .into_owned();
        for (index, line) in text.lines().enumerate().step_by(every) {
            let fields: Vec<&str> = line.split('\t').collect();
            let published = [1, 2, 3].map(|i| fields.get(i).and_then(|f| tenths(f)));
            if published[0].is_none_or(|er| er > max_er) {
                continue;
            }
            let grid = match Candidates::parse(fields[0]) {
                Ok(grid) => grid,
                Err(e) => {
                    eprintln!("{name}:{}: {e}", index + 1);
                    continue;
                }
            };
            let solution = match unique_solution(&grid) {
                Ok(s) => s,
                Err(e) => {
                    eprintln!("{name}:{}: {e}", index + 1);
                    continue;
                }
            };
            let started = Instant::now();
            let path = solve_path(&grid);
            let millis = started.elapsed().as_secs_f64() * 1000.0;
            // Every step against the solution.
            for (n, step) in path.steps.iter().enumerate() {
                steps_checked += 1;
                let bad_place = step.placements.iter().find(|&&(c, d)| solution[c] != d);
                let bad_elim = step.eliminations.iter().find(|&&(c, d)| solution[c] == d);
                if bad_place.is_some() || bad_elim.is_some() {
                    wrong_steps += 1;
                    eprintln!(
                        "WRONG {name}:{} step {} {} ({}): {:?} {:?}: {}",
                        index + 1,
                        n + 1,
                        step.technique,
                        step.rating,
                        bad_place,
                        bad_elim,
                        step.text
                    );
                }
            }
            let published_er = published[0].unwrap_or(0);
            let parting = path
                .steps
                .iter()
                .position(|s| s.rating.0 > published_er)
                .map(|n| {
                    format!(
                        "step {} {} {}",
                        n + 1,
                        path.steps[n].technique,
                        path.steps[n].rating
                    )
                })
                .unwrap_or_default();
            if isomorphs {
                // A relabelled, permuted, maybe transposed copy: same puzzle,
                // other cell and digit order; count copies rated alike.
                let copy = Candidates::parse(&isomorph(fields[0], index as u64 + 1))
                    .expect("an isomorph parses");
                let other = solve_path(&copy);
                stable[1] += 1;
                if (other.er, other.ep, other.ed) == (path.er, path.ep, path.ed) {
                    stable[0] += 1;
                } else if verbose {
                    eprintln!(
                        "isomorph of {name}:{} rates {}/{}/{} against {}/{}/{}",
                        index + 1,
                        other.er,
                        other.ep,
                        other.ed,
                        path.er,
                        path.ep,
                        path.ed
                    );
                }
            }
            if verbose {
                eprintln!(
                    "{name}:{} SE {} ours {}/{}/{} {millis:.1} ms",
                    index + 1,
                    fields[1..].join("/"),
                    path.er,
                    path.ep,
                    path.ed
                );
            }
            rows.push(Row {
                file: name.clone(),
                line: index + 1,
                puzzle: fields[0].to_string(),
                published,
                ours: [path.er.0, path.ep.0, path.ed.0],
                parting,
                millis,
            });
        }
    }
    let seconds = start.elapsed().as_secs_f64();
    print_table(&rows);
    let mut worst: Vec<&Row> = rows
        .iter()
        .filter(|r| r.published[0] != Some(r.ours[0]))
        .collect();
    worst.sort_by_key(|r| std::cmp::Reverse(r.published[0].unwrap_or(0).abs_diff(r.ours[0])));
    println!("\nworst ER disagreements ({} in all):", worst.len());
    for row in worst.iter().take(15) {
        println!(
            "{}:{} {} SE {} ours {} {}",
            row.file,
            row.line,
            row.puzzle,
            Rating(row.published[0].unwrap_or(0)),
            Rating(row.ours[0]),
            row.parting
        );
    }
    if isomorphs {
        println!(
            "\nisomorphs: {} of {} rated exactly as the original (ER/EP/ED)",
            stable[0], stable[1]
        );
    }
    println!(
        "\n{} puzzles, {steps_checked} steps checked against the solution, {wrong_steps} wrong, {seconds:.2} s",
        rows.len()
    );
    if wrong_steps > 0 {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

fn print_table(rows: &[Row]) {
    // band -> [er, ep, ed] -> (count, exact, within 0.1, 0.2, 0.3)
    let mut bands: BTreeMap<u16, [[usize; 5]; 3]> = BTreeMap::new();
    let mut times: BTreeMap<u16, Vec<f64>> = BTreeMap::new();
    for row in rows {
        let band = row.published[0].unwrap_or(0) / 10;
        times.entry(band).or_default().push(row.millis);
        let entry = bands.entry(band).or_default();
        for (k, counts) in entry.iter_mut().enumerate() {
            let Some(published) = row.published[k] else {
                continue;
            };
            let diff = published.abs_diff(row.ours[k]);
            counts[0] += 1;
            for (i, limit) in [0, 1, 2, 3].iter().enumerate() {
                if diff <= *limit {
                    counts[i + 1] += 1;
                }
            }
        }
    }
    println!(
        "| SE ER band | puzzles | ER exact | ER ±0.1 | ER ±0.2 | ER ±0.3 | EP exact | EP ±0.3 | ED exact | ED ±0.3 | median ms | max ms |"
    );
    println!(
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
    );
    let pct = |n: usize, of: usize| {
        if of == 0 {
            "–".to_string()
        } else {
            format!("{:.0}%", 100.0 * n as f64 / of as f64)
        }
    };
    for (band, [er, ep, ed]) in &bands {
        let mut millis = times.get(band).cloned().unwrap_or_default();
        millis.sort_by(f64::total_cmp);
        let median = millis.get(millis.len() / 2).copied().unwrap_or(0.0);
        let max = millis.last().copied().unwrap_or(0.0);
        println!(
            "| {band}.0–{band}.9 | {} | {} | {} | {} | {} | {} | {} | {} | {} | {median:.1} | {max:.0} |",
            er[0],
            pct(er[1], er[0]),
            pct(er[2], er[0]),
            pct(er[3], er[0]),
            pct(er[4], er[0]),
            pct(ep[1], ep[0]),
            pct(ep[4], ep[0]),
            pct(ed[1], ed[0]),
            pct(ed[4], ed[0]),
        );
    }
}

/// An isomorph of an 81-character puzzle chosen by `seed`: digits
/// relabelled, bands and the rows in each band permuted, stacks and the
/// columns in each stack permuted, and transposed for odd seeds.
fn isomorph(puzzle: &str, seed: u64) -> String {
    let mut state = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
    let mut next = |n: usize| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % n as u64) as usize
    };
    let mut shuffle = |items: &mut [usize]| {
        for i in (1..items.len()).rev() {
            items.swap(i, next(i + 1));
        }
    };
    let order = |shuffle: &mut dyn FnMut(&mut [usize])| {
        let mut groups = [0, 1, 2];
        shuffle(&mut groups);
        let mut lines = Vec::new();
        for g in groups {
            let mut inner = [0, 1, 2];
            shuffle(&mut inner);
            lines.extend(inner.iter().map(|i| 3 * g + i));
        }
        lines
    };
    let rows = order(&mut shuffle);
    let cols = order(&mut shuffle);
    let mut digits: Vec<usize> = (1..=9).collect();
    shuffle(&mut digits);
    let cells: Vec<char> = puzzle.chars().collect();
    let transpose = seed % 2 == 1;
    (0..81)
        .map(|cell| {
            let (r, c) = (cell / 9, cell % 9);
            let (r, c) = if transpose { (c, r) } else { (r, c) };
            match cells[9 * rows[r] + cols[c]].to_digit(10) {
                Some(d) if d > 0 => {
                    char::from_digit(digits[d as usize - 1] as u32, 10).unwrap_or('.')
                }
                _ => '.',
            }
        })
        .collect()
}
