//! Sudoku benchmark: our `fast` engine against the crates.io `sudoku` crate
//! (a JCZSolve port) on the five classic sets, single thread, first solution
//! and count-to-2, plus the general formulations on smaller workloads.

use std::path::PathBuf;

use bench_kit::{Workload, run};
use sudoku::fast_solve_array;

/// The benchmark sets, by file name under `shared/data/sudoku`.
const SETS: [(&str, &str); 5] = [
    ("17-clue", "puzzles2_17_clue.txt"),
    ("top1465", "puzzles3_magictour_top1465.txt"),
    (
        "forum hardest 1905 11+",
        "puzzles5_forum_hardest_1905_11+.txt",
    ),
    ("forum hardest 1106", "puzzles6_forum_hardest_1106.txt"),
    ("serg benchmark", "puzzles7_serg_benchmark.txt"),
];

fn data_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data/sudoku")
}

/// Reads a set as lines of 81 characters, skipping comments and blank lines.
fn load(file: &str) -> Option<Vec<String>> {
    let text = std::fs::read_to_string(data_dir().join(file)).ok()?;
    Some(
        text.lines()
            .map(str::trim)
            .filter(|line| !line.is_empty() && !line.starts_with('#'))
            .map(str::to_owned)
            .collect(),
    )
}

/// FNV-1a over all solutions, so both sides must produce the same grids in the
/// same order.
#[derive(Clone, Copy)]
struct Digest(u64);

impl Digest {
    fn new() -> Self {
        Digest(0xcbf2_9ce4_8422_2325)
    }

    fn add(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.0 = (self.0 ^ u64::from(byte)).wrapping_mul(0x100_0000_01b3);
        }
    }
}

/// Our side reads each line the way a user of the library would: the text
/// line into an array of 81 values (a blank is '.' or '0').
fn to_array(line: &str) -> [u8; 81] {
    let mut grid = [0u8; 81];
    for (cell, byte) in grid.iter_mut().zip(line.bytes()) {
        *cell = if byte.is_ascii_digit() {
            byte - b'0'
        } else {
            0
        };
    }
    grid
}

fn ours_first(lines: &[String]) -> String {
    let mut digest = Digest::new();
    let mut solved = 0u64;
    let mut solution = [0u8; 81];
    for line in lines {
        let grid = to_array(line);
        if fast_solve_array(&grid, 1, &mut solution) == 1 {
            solved += 1;
            digest.add(&solution);
        }
    }
    format!("{solved} solved, digest {:016x}", digest.0)
}

fn peer_first(lines: &[String]) -> String {
    let mut digest = Digest::new();
    let mut solved = 0u64;
    for line in lines {
        let sudoku = sudoku_peer::Sudoku::from_str_line(line).expect("benchmark lines parse");
        if let Some(solution) = sudoku.some_solution() {
            solved += 1;
            digest.add(&solution.to_bytes());
        }
    }
    format!("{solved} solved, digest {:016x}", digest.0)
}

fn ours_count(lines: &[String]) -> String {
    let mut totals = [0u64; 3];
    let mut solution = [0u8; 81];
    for line in lines {
        let grid = to_array(line);
        let count = fast_solve_array(&grid, 2, &mut solution);
        totals[count as usize] += 1;
    }
    format!("counts 0:{} 1:{} 2+:{}", totals[0], totals[1], totals[2])
}

fn peer_count(lines: &[String]) -> String {
    let mut totals = [0u64; 3];
    for line in lines {
        let sudoku = sudoku_peer::Sudoku::from_str_line(line).expect("benchmark lines parse");
        totals[sudoku.solutions_count_up_to(2)] += 1;
    }
    format!("counts 0:{} 1:{} 2+:{}", totals[0], totals[1], totals[2])
}

fn main() {
    let sets: Vec<(&str, Option<Vec<String>>)> = SETS
        .iter()
        .map(|&(name, file)| (name, load(file)))
        .collect();
    let mut workloads = Vec::new();
    for (name, lines) in &sets {
        let Some(lines) = lines else {
            eprintln!("bench: skipping {name}: {} not found", data_dir().display());
            continue;
        };
        let items = lines.len() as u64;
        workloads.push(
            Workload::new(format!("fast {name} first solution"), || ours_first(lines))
                .peer("sudoku 0.8 some_solution", || peer_first(lines))
                .items(items),
        );
        workloads.push(
            Workload::new(format!("fast {name} count to 2"), || ours_count(lines))
                .peer("sudoku 0.8 solutions_count_up_to(2)", || peer_count(lines))
                .items(items),
        );
    }
    run(workloads);
}
