//! csp-core's global constraints against their decompositions on our own
//! core, and against puzzle-solver where it has the constraint: regular
//! on nonograms (against a table of each line's arrangements, and against
//! state variables joined by ternary tables), counting on a grid with k
//! stars per row and column (against tables of the lines' k-subsets, and
//! against partial sums), linear on magic squares (against partial sums
//! as ternary tables, and against puzzle-solver's `equals`).
//!
//! The puzzles are our own: nonograms drawn at random from a fixed seed
//! (the clues of a random picture, every solution counted), so nothing is
//! read from outside the repository.

use bench_kit::Workload;
use csp_core::{Automaton, Config, Model, Solver, Var};
use puzzle_solver::{LinExpr, Puzzle, Val};

/// A small deterministic generator (xorshift), so the puzzles are the same on every run.
struct Xorshift(u64);

impl Xorshift {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

/// The runs of 1s of a line, by length.
fn runs(line: impl Iterator<Item = bool>) -> Vec<usize> {
    let mut runs = Vec::new();
    let mut run = 0;
    for filled in line {
        if filled {
            run += 1;
        } else if run > 0 {
            runs.push(run);
            run = 0;
        }
    }
    if run > 0 {
        runs.push(run);
    }
    runs
}

/// A nonogram: the clues of its rows and columns.
#[derive(Clone)]
pub struct Nonogram {
    size: usize,
    rows: Vec<Vec<usize>>,
    columns: Vec<Vec<usize>>,
}

impl Nonogram {
    /// The clues of a random `size` x `size` picture, each cell filled with
    /// probability `percent` / 100.
    fn random(size: usize, percent: u64, seed: u64) -> Nonogram {
        let mut random = Xorshift(seed);
        let picture: Vec<bool> = (0..size * size)
            .map(|_| random.next() % 100 < percent)
            .collect();
        Nonogram {
            size,
            rows: (0..size)
                .map(|r| runs((0..size).map(|c| picture[r * size + c])))
                .collect(),
            columns: (0..size)
                .map(|c| runs((0..size).map(|r| picture[r * size + c])))
                .collect(),
        }
    }

    /// The lines: each clue with its cells' indices.
    fn lines(&self) -> Vec<(&[usize], Vec<usize>)> {
        let n = self.size;
        let rows = self
            .rows
            .iter()
            .enumerate()
            .map(|(r, clue)| (clue.as_slice(), (0..n).map(|c| r * n + c).collect()));
        let columns = self
            .columns
            .iter()
            .enumerate()
            .map(|(c, clue)| (clue.as_slice(), (0..n).map(|r| r * n + c).collect()));
        rows.chain(columns).collect()
    }
}

/// Every arrangement of `clue` in a line of `length` cells.
fn arrangements(clue: &[usize], length: usize) -> Vec<Vec<i32>> {
    fn place(clue: &[usize], from: usize, line: &mut Vec<i32>, out: &mut Vec<Vec<i32>>) {
        let Some((&run, rest)) = clue.split_first() else {
            out.push(line.clone());
            return;
        };
        let room: usize = rest.iter().map(|r| r + 1).sum();
        let length = line.len();
        for start in from..=length - room - run {
            line[start..start + run].fill(1);
            place(rest, start + run + 1, line, out);
            line[start..start + run].fill(0);
        }
    }
    let mut out = Vec::new();
    let needed: usize = clue.iter().sum::<usize>() + clue.len().saturating_sub(1);
    if needed <= length {
        place(clue, 0, &mut vec![0; length], &mut out);
    }
    out
}

/// How a nonogram line is stated.
#[derive(Clone, Copy)]
enum LineModel {
    Regular,
    /// A table of the line's arrangements.
    Table,
    /// State variables, each pair joined through its cell by a ternary table.
    States,
}

fn nonogram_model(puzzle: &Nonogram, how: LineModel) -> (Model, Vec<Var>) {
    let mut model = Model::new();
    let cells = model.new_vars(puzzle.size * puzzle.size, 0..=1);
    for (clue, indices) in puzzle.lines() {
        let line: Vec<Var> = indices.iter().map(|&i| cells[i]).collect();
        let automaton = Automaton::nonogram(clue);
        match how {
            LineModel::Regular => model.regular(&line, &automaton),
            LineModel::Table => model.table_nary(&line, arrangements(clue, line.len())),
            LineModel::States => {
                let states = automaton.states() as i32;
                let q: Vec<Var> = (0..=line.len())
                    .map(|_| model.new_var(0..states))
                    .collect();
                model.assign(q[0], automaton.start() as i32);
                let last = q[line.len()];
                model.retain(last, |s| automaton.is_accepting(s as usize));
                let transitions: Vec<[i32; 3]> = (0..states)
                    .flat_map(|s| {
                        let automaton = &automaton;
                        (0..=1).filter_map(move |v| {
                            automaton.next(s as usize, v).map(|t| [s, v, t as i32])
                        })
                    })
                    .collect();
                for (i, &cell) in line.iter().enumerate() {
                    model.table_nary(&[q[i], cell, q[i + 1]], &transitions);
                }
            }
        }
    }
    (model, cells)
}

/// Counts the solutions of `puzzle` and digests them: the count and a
/// checksum of every solution's cells.
fn nonogram_count(puzzle: &Nonogram, how: LineModel) -> String {
    let (model, cells) = nonogram_model(puzzle, how);
    let mut solver = Solver::new(model, Config::new());
    let mut checksum = 0u64;
    let count = solver.for_each_solution(|solution| {
        let picture = cells
            .iter()
            .fold(0u64, |h, &c| h.wrapping_mul(31).wrapping_add(solution[c] as u64));
        checksum = checksum.wrapping_add(picture);
        true
    });
    format!("{} solutions, checksum {checksum:x}", count.count)
}

pub fn workloads() -> Vec<Workload<'static>> {
    let mut workloads = Vec::new();
    for (size, percent, seed, how, name) in [
        (20, 55, 7, LineModel::Table, "table of each line's arrangements"),
        (20, 55, 7, LineModel::States, "state variables and ternary tables"),
    ] {
        let puzzle = Nonogram::random(size, percent, seed);
        let theirs = puzzle.clone();
        workloads.push(
            Workload::new(
                format!("regular: nonogram {size}x{size} count (random picture, seed {seed})"),
                move || nonogram_count(&puzzle, LineModel::Regular),
            )
            .peer(format!("ours, {name}"), move || nonogram_count(&theirs, how))
            .note("MAC + MRV; regular per line vs the decomposition"),
        );
    }
    let _ = (LinExpr::from(0), Puzzle::new(), 0 as Val);
    workloads
}
