//! `cargo xtask bench gogen`: the propagation solver beside the
//! depth-first search with look-ahead on every real puzzle, so the gain from propagation
//! shows; both must find the same grid.

use std::path::PathBuf;

use bench_kit::Workload;
use gogen::{Algo, Options, Puzzle, solve};

fn solve_with(puzzle: &Puzzle, algo: Algo) -> (String, u64) {
    let outcome = solve(puzzle, &Options::new(algo));
    let line = outcome
        .solution
        .map_or("none".to_owned(), |grid| grid.to_line());
    (line, outcome.stats.nodes)
}

fn main() {
    let folder = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/gogen/puzzles");
    let mut puzzles: Vec<(String, Puzzle)> = std::fs::read_dir(&folder)
        .expect("fixtures/gogen/puzzles exists")
        .filter_map(|entry| {
            let path = entry.ok()?.path();
            let text = std::fs::read_to_string(&path).ok()?;
            // Only the uniquely solvable real puzzles: their files carry the solution.
            text.contains("\nsolution\n").then_some(())?;
            Some((
                path.file_stem()?.to_string_lossy().into_owned(),
                text.parse().ok()?,
            ))
        })
        .collect();
    puzzles.sort_by(|a, b| a.0.cmp(&b.0));

    let mut workloads = Vec::new();
    let all: Vec<&Puzzle> = puzzles.iter().map(|(_, puzzle)| puzzle).collect();
    let solve_all = |algo| {
        let all = all.clone();
        move || {
            all.iter()
                .map(|puzzle| solve_with(puzzle, algo).0)
                .collect::<Vec<_>>()
                .join(",")
        }
    };
    workloads.push(
        Workload::new(
            format!("all {} real puzzles", all.len()),
            solve_all(Algo::Csp),
        )
        .peer("dfs (with look-ahead)", solve_all(Algo::Dfs))
        .items(all.len() as u64),
    );
    for (name, puzzle) in &puzzles {
        let csp_nodes = solve_with(puzzle, Algo::Csp).1;
        let dfs_nodes = solve_with(puzzle, Algo::Dfs).1;
        workloads.push(
            Workload::new(name.clone(), move || solve_with(puzzle, Algo::Csp).0)
                .peer("dfs (with look-ahead)", move || {
                    solve_with(puzzle, Algo::Dfs).0
                })
                .note(format!("nodes: csp {csp_nodes}, dfs {dfs_nodes}")),
        );
    }
    bench_kit::run(workloads);
}
