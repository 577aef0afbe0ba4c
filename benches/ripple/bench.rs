//! Ripple Effect benchmark: the fast engine solving and proving unique the
//! 47 unique puzzles of the fixtures (collected and generated, up to the
//! hard 17x17 and 24x14 that take it thousands of guesses), single thread, against the
//! approach cspuz takes (a SAT encoding, here solved by the crates.io
//! solver batsat, uniqueness by a blocking clause); then the csp-core
//! model and MRV with forward checking and brute force on the small puzzles,
//! so their comparison is visible; and the generation of 10x10 puzzles.

use std::path::PathBuf;

use batsat::{BasicSolver, Lit, SolverInterface, Var, lbool};
use bench_kit::{Workload, run};
use ripple::{Algo, Difficulty, Options, Puzzle};

/// The 47 unique puzzles, as the fixtures list their URLs.
fn unique_puzzles() -> Vec<Puzzle> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/ripple/unique.txt");
    let text = std::fs::read_to_string(path).expect("fixtures/ripple/unique.txt");
    text.lines()
        .filter(|line| !line.trim().is_empty() && !line.starts_with('#'))
        .map(|line| line.parse().expect("a fixture URL"))
        .collect()
}

/// FNV-1a over the solutions and counts, so both sides must agree on every grid.
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

    fn text(self, unique: usize) -> String {
        format!("{unique} unique, {:016x}", self.0)
    }
}

/// Solves and proves unique with one of our algorithms.
fn ours(puzzles: &[Puzzle], algo: Algo, calls: &mut u64) -> String {
    let mut digest = Digest::new();
    let mut unique = 0;
    for puzzle in puzzles {
        let outcome = ripple::solve(puzzle, &Options::new(algo).count_up_to(2));
        *calls += outcome
            .stats
            .counters
            .recursive_calls
            .unwrap_or(outcome.stats.nodes);
        if (outcome.count == 1 && outcome.count_complete)
            && let Some(solution) = outcome.solution
        {
            unique += 1;
            digest.add(solution.values());
        }
    }
    digest.text(unique)
}

/// The SAT encoding of cspuz's kind: one variable per (cell, digit),
/// exactly one digit per cell, each digit once per room, no two equal
/// digits d within d cells in a row or column, givens as unit clauses.
/// The first model is the solution; a clause blocking it must make the
/// formula unsatisfiable for the puzzle to be unique.
fn sat(puzzle: &Puzzle) -> Option<Vec<u8>> {
    let (rows, cols) = (puzzle.rows(), puzzle.cols());
    let mut solver = BasicSolver::default();
    let vars: Vec<Vec<Var>> = (0..puzzle.len())
        .map(|cell| {
            (0..puzzle.room_size(cell))
                .map(|_| solver.new_var_default())
                .collect()
        })
        .collect();
    let lit = |cell: usize, digit: usize, positive: bool| Lit::new(vars[cell][digit - 1], positive);
    let mut clause = Vec::new();
    let mut add = |solver: &mut BasicSolver, lits: &[Lit]| {
        clause.clear();
        clause.extend_from_slice(lits);
        solver.add_clause_reuse(&mut clause);
    };
    for cell in 0..puzzle.len() {
        let size = puzzle.room_size(cell);
        let all: Vec<Lit> = (1..=size).map(|digit| lit(cell, digit, true)).collect();
        add(&mut solver, &all);
        for a in 1..=size {
            for b in a + 1..=size {
                add(&mut solver, &[lit(cell, a, false), lit(cell, b, false)]);
            }
        }
        let given = usize::from(puzzle.givens()[cell]);
        if given != 0 {
            add(&mut solver, &[lit(cell, given, true)]);
        }
    }
    for room in puzzle.rooms() {
        for digit in 1..=room.len() {
            let all: Vec<Lit> = room
                .iter()
                .map(|&cell| lit(cell as usize, digit, true))
                .collect();
            add(&mut solver, &all);
            for (i, &a) in room.iter().enumerate() {
                for &b in &room[i + 1..] {
                    add(
                        &mut solver,
                        &[lit(a as usize, digit, false), lit(b as usize, digit, false)],
                    );
                }
            }
        }
    }
    for cell in 0..puzzle.len() {
        let (r, c) = (cell / cols, cell % cols);
        for digit in 1..=puzzle.room_size(cell) {
            for step in 1..=digit {
                for other in [
                    (c + step < cols).then(|| cell + step),
                    (r + step < rows).then(|| cell + step * cols),
                ]
                .into_iter()
                .flatten()
                {
                    if digit <= puzzle.room_size(other) {
                        add(
                            &mut solver,
                            &[lit(cell, digit, false), lit(other, digit, false)],
                        );
                    }
                }
            }
        }
    }
    if solver.solve_limited(&[]) != lbool::TRUE {
        return None;
    }
    let solution: Vec<u8> = (0..puzzle.len())
        .map(|cell| {
            (1..=puzzle.room_size(cell))
                .find(|&digit| solver.value_lit(lit(cell, digit, true)) == lbool::TRUE)
                .unwrap_or(0) as u8
        })
        .collect();
    let blocking: Vec<Lit> = solution
        .iter()
        .enumerate()
        .filter(|&(cell, _)| puzzle.givens()[cell] == 0)
        .map(|(cell, &digit)| lit(cell, usize::from(digit), false))
        .collect();
    add(&mut solver, &blocking);
    (solver.solve_limited(&[]) == lbool::FALSE).then_some(solution)
}

fn peer(puzzles: &[Puzzle]) -> String {
    let mut digest = Digest::new();
    let mut unique = 0;
    for puzzle in puzzles {
        if let Some(solution) = sat(puzzle) {
            unique += 1;
            digest.add(&solution);
        }
    }
    digest.text(unique)
}

fn main() {
    let all = unique_puzzles();
    assert_eq!(all.len(), 47);
    // The small puzzles: up to 8x8 (the NYT 7x7s, the generated 4x4 to 8x8s,
    // tests), where brute force finishes.
    let small: Vec<Puzzle> = all.iter().filter(|p| p.len() <= 64).cloned().collect();
    let count = |algo: Algo, puzzles: &[Puzzle]| {
        let mut calls = 0;
        ours(puzzles, algo, &mut calls);
        calls
    };
    let small_note = |algo: Algo| {
        let what = if matches!(algo, Algo::Mrv | Algo::Brute) {
            "recursive calls"
        } else {
            "nodes"
        };
        format!(
            "{} small puzzles (<= 64 cells), {} {what} in all",
            small.len(),
            count(algo, &small)
        )
    };
    let fast_nodes = count(Algo::Fast, &all);
    run(vec![
        Workload::new("47 fixture puzzles: solve + prove unique (fast)", || {
            ours(&all, Algo::Fast, &mut 0)
        })
        .peer("SAT encoding + blocking clause (batsat)", || peer(&all))
        .items(all.len() as u64)
        .note(format!("single thread; fast: {fast_nodes} nodes in all")),
        Workload::new(
            "47 fixture puzzles: solve + prove unique (csp, MAC)",
            || ours(&all, Algo::Csp, &mut 0),
        )
        .peer("SAT encoding + blocking clause (batsat)", || peer(&all))
        .items(all.len() as u64)
        .note(format!(
            "csp-core model; {} nodes in all",
            count(Algo::Csp, &all)
        )),
        Workload::new("small puzzles: fast", || ours(&small, Algo::Fast, &mut 0))
            .items(small.len() as u64)
            .note(small_note(Algo::Fast)),
        Workload::new("small puzzles: csp", || ours(&small, Algo::Csp, &mut 0))
            .items(small.len() as u64)
            .note(small_note(Algo::Csp)),
        Workload::new("small puzzles: MRV with forward checking", || {
            ours(&small, Algo::Mrv, &mut 0)
        })
        .items(small.len() as u64)
        .note(small_note(Algo::Mrv)),
        Workload::new("small puzzles: brute force", || {
            ours(&small, Algo::Brute, &mut 0)
        })
        .items(small.len() as u64)
        .note(small_note(Algo::Brute)),
        Workload::new("generate 10 unique 10x10 puzzles (medium)", || {
            generate(10, 10, Difficulty::Medium)
        })
        .items(10)
        .note("seeds 0-9; no crates.io peer generates Ripple Effect"),
        Workload::new("generate 10 unique 10x10 puzzles (hard)", || {
            generate(10, 10, Difficulty::Hard)
        })
        .items(10)
        .note("seeds 0-9, minimal givens"),
    ]);
}

fn generate(rows: usize, cols: usize, difficulty: Difficulty) -> String {
    let mut digest = Digest::new();
    for seed in 0..10 {
        let generated = ripple::generate(rows, cols, seed, difficulty).expect("a puzzle");
        digest.add(generated.puzzle.givens());
    }
    digest.text(10)
}
