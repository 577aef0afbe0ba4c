//! Agreement with Sudoku Explainer 1.2.1: rates the three files of
//! `../shared/data/sudoku/rated/` that SE itself rated (cbg000, mat18,
//! eleven), checks every step of every path against the puzzle's unique
//! solution, and prints per band of published ER how often our ER, EP and
//! ED are exact and within 0.1 / 0.2 / 0.3, then the worst disagreements.
//!
//! Run it in release: `cargo run --release -p sudoku --example se_agreement
//! [-- --max-er 6.2] [-- FILE...]`. Exit 1 when a step is wrong.

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
}

fn tenths(text: &str) -> Option<u16> {
    let value: f64 = text.trim().parse().ok()?;
    Some((value * 10.0).round() as u16)
}

fn main() -> ExitCode {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let mut max_er = u16::MAX;
    if let Some(i) = args.iter().position(|a| a == "--max-er") {
        max_er = args.get(i + 1).and_then(|v| tenths(v)).unwrap_or(u16::MAX);
        args.drain(i..(i + 2).min(args.len()));
    }
    let rated = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data/sudoku/rated");
    let files: Vec<PathBuf> = if args.is_empty() {
        [
            "cbg000-berthier-ser.tsv",
            "mat18-highest-ser-er-ep-ed.tsv",
            "eleven-te2-er-ep-ed.tsv",
        ]
        .iter()
        .map(|f| rated.join(f))
        .collect()
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
        for (index, line) in text.lines().enumerate() {
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
            let path = solve_path(&grid);
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
            rows.push(Row {
                file: name.clone(),
                line: index + 1,
                puzzle: fields[0].to_string(),
                published,
                ours: [path.er.0, path.ep.0, path.ed.0],
                parting,
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
    for row in rows {
        let band = row.published[0].unwrap_or(0) / 10;
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
        "| SE ER band | puzzles | ER exact | ER ±0.1 | ER ±0.2 | ER ±0.3 | EP exact | EP ±0.3 | ED exact | ED ±0.3 |"
    );
    println!("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
    let pct = |n: usize, of: usize| {
        if of == 0 {
            "–".to_string()
        } else {
            format!("{:.0}%", 100.0 * n as f64 / of as f64)
        }
    };
    for (band, [er, ep, ed]) in &bands {
        println!(
            "| {band}.0–{band}.9 | {} | {} | {} | {} | {} | {} | {} | {} | {} |",
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
