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

use std::rc::Rc;

use bench_kit::Workload;
use csp_core::{Automaton, Config, Model, Solver, Var};
use puzzle_solver::{Constraint, LinExpr, PsResult, Puzzle, PuzzleSearch, Val, VarToken};

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
struct Nonogram {
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
                let q: Vec<Var> = (0..=line.len()).map(|_| model.new_var(0..states)).collect();
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

/// Digests the solutions of `model`: their count and a checksum of every
/// solution's values of `vars`, independent of the order they come in.
fn count_digest(model: Model, vars: &[Var]) -> String {
    let mut solver = Solver::new(model, Config::new());
    let mut checksum = 0u64;
    let count = solver.for_each_solution(|solution| {
        checksum = checksum.wrapping_add(digest(vars.iter().map(|&v| solution[v])));
        true
    });
    format!("{} solutions, checksum {checksum:x}", count.count)
}

/// One solution's digest.
fn digest(values: impl Iterator<Item = i32>) -> u64 {
    values.fold(17u64, |h, v| {
        h.wrapping_mul(0x100_0000_01b3).wrapping_add(v as u64)
    })
}

/// Counts the solutions of `puzzle` and digests them.
fn nonogram_count(puzzle: &Nonogram, how: LineModel) -> String {
    let (model, cells) = nonogram_model(puzzle, how);
    count_digest(model, &cells)
}

/// How a count of ones in a line is stated.
#[derive(Clone, Copy)]
enum CountModel {
    Cardinality,
    /// A table of the line's k-subsets.
    Table,
    /// Partial sums: `s[i + 1] = s[i] + x[i]` by ternary tables, `s[n] = k`.
    PartialSums,
}

/// The lines of an `n` x `n` grid: rows, then columns, as cell indices.
fn grid_lines(n: usize) -> Vec<Vec<usize>> {
    let rows = (0..n).map(|r| (0..n).map(|c| r * n + c).collect());
    let columns = (0..n).map(|c| (0..n).map(|r| r * n + c).collect());
    rows.chain(columns).collect()
}

/// The pairs of cells of an `n` x `n` grid that touch, diagonally too.
fn touching(n: usize) -> Vec<(usize, usize)> {
    let mut pairs = Vec::new();
    for r in 0..n {
        for c in 0..n {
            for (dr, dc) in [(0, 1), (1, -1), (1, 0), (1, 1)] {
                let (r2, c2) = (r as i64 + dr, c as i64 + dc);
                if r2 < n as i64 && (0..n as i64).contains(&c2) {
                    pairs.push((r * n + c, r2 as usize * n + c2 as usize));
                }
            }
        }
    }
    pairs
}

/// The 2 x 2 blocks of an `n` x `n` grid: two cells touch exactly when
/// they share one.
fn blocks(n: usize) -> Vec<Vec<usize>> {
    (0..n - 1)
        .flat_map(|r| {
            (0..n - 1).map(move |c| {
                vec![
                    r * n + c,
                    r * n + c + 1,
                    (r + 1) * n + c,
                    (r + 1) * n + c + 1,
                ]
            })
        })
        .collect()
}

/// Every 0/1 line of `n` cells with between `lo` and `hi` ones.
fn subsets(n: usize, lo: usize, hi: usize) -> Vec<Vec<i32>> {
    (0..1u32 << n)
        .filter(|bits| (lo..=hi).contains(&(bits.count_ones() as usize)))
        .map(|bits| (0..n).map(|i| (bits >> i & 1) as i32).collect())
        .collect()
}

/// "Between `lo` and `hi` of `line` are 1", stated `how`.
fn count_line(model: &mut Model, line: &[Var], lo: usize, hi: usize, how: CountModel) {
    match how {
        CountModel::Cardinality => model.cardinality(line, lo, hi),
        CountModel::Table => model.table_nary(line, subsets(line.len(), lo, hi)),
        CountModel::PartialSums => {
            let n = line.len();
            let hi = hi as i32;
            let sums: Vec<Var> = (0..=n).map(|_| model.new_var(0..=hi)).collect();
            model.assign(sums[0], 0);
            model.retain(sums[n], |s| s >= lo as i32);
            let steps: Vec<[i32; 3]> = (0..=hi)
                .flat_map(|s| [[s, 0, s], [s, 1, s + 1]])
                .filter(|t| t[2] <= hi)
                .collect();
            for (i, &cell) in line.iter().enumerate() {
                model.table_nary(&[sums[i], cell, sums[i + 1]], &steps);
            }
        }
    }
}

/// Stars on an `n` x `n` grid: `k` per row and per column, no two touching
/// (a Star Battle without its regions): all counts, the touching rule as
/// at most one star per 2 x 2 block.
fn stars_model(n: usize, k: usize, how: CountModel) -> (Model, Vec<Var>) {
    let mut model = Model::new();
    let cells = model.new_vars(n * n, 0..=1);
    for line in grid_lines(n) {
        let line: Vec<Var> = line.iter().map(|&i| cells[i]).collect();
        count_line(&mut model, &line, k, k, how);
    }
    for block in blocks(n) {
        let block: Vec<Var> = block.iter().map(|&i| cells[i]).collect();
        count_line(&mut model, &block, 0, 1, how);
    }
    (model, cells)
}

/// The peer's rule that no two stars touch: a star placed takes the star
/// away from its neighbours.
struct NoTouch {
    vars: Vec<VarToken>,
    neighbours: Vec<Vec<usize>>,
}

impl Constraint for NoTouch {
    fn vars<'a>(&'a self) -> Box<dyn Iterator<Item = &'a VarToken> + 'a> {
        Box::new(self.vars.iter())
    }

    fn on_assigned(&self, search: &mut PuzzleSearch, var: VarToken, val: Val) -> PsResult<()> {
        if val == 1 {
            let at = self.vars.iter().position(|&v| v == var).unwrap_or(0);
            for &other in &self.neighbours[at] {
                search.remove_candidate(self.vars[other], 1)?;
            }
        }
        Ok(())
    }

    fn substitute(&self, _from: VarToken, _to: VarToken) -> PsResult<Rc<dyn Constraint>> {
        Err(())
    }
}

/// The stars on puzzle-solver: a sum `equals` k per line, the touching rule.
fn peer_stars(n: usize, k: usize) -> String {
    let mut puzzle = Puzzle::new();
    let cells = puzzle.new_vars_with_candidates_1d(n * n, &[0, 1]);
    for line in grid_lines(n) {
        let sum = line.iter().fold(LinExpr::from(0), |sum, &i| sum + cells[i]);
        puzzle.equals(sum, k as Val);
    }
    let mut neighbours = vec![Vec::new(); n * n];
    for (a, b) in touching(n) {
        neighbours[a].push(b);
        neighbours[b].push(a);
    }
    puzzle.add_constraint(NoTouch {
        vars: cells.clone(),
        neighbours,
    });
    let solutions = puzzle.solve_all();
    let checksum = solutions.iter().fold(0u64, |sum, solution| {
        sum.wrapping_add(digest(cells.iter().map(|&v| solution[v])))
    });
    format!("{} solutions, checksum {checksum:x}", solutions.len())
}

/// How a line's sum is stated.
#[derive(Clone, Copy)]
enum SumModel {
    Linear,
    /// Partial sums: `s[i + 1] = s[i] + x[i + 1]` by ternary tables.
    PartialSums,
}

/// The magic square of order `n`: the numbers 1 to n^2 once each, every
/// row, column and both diagonals summing to n(n^2 + 1)/2.
fn magic_model(n: usize, corner: i32, how: SumModel) -> (Model, Vec<Var>) {
    let mut model = Model::new();
    let top = (n * n) as i32;
    let cells = model.new_vars(n * n, 1..=top);
    model.assign(cells[0], corner);
    model.all_different(&cells);
    let total = (n * (n * n + 1) / 2) as i32;
    let mut lines = grid_lines(n);
    lines.push((0..n).map(|i| i * n + i).collect());
    lines.push((0..n).map(|i| i * n + n - 1 - i).collect());
    for line in lines {
        let line: Vec<Var> = line.iter().map(|&i| cells[i]).collect();
        match how {
            SumModel::Linear => model.sum_eq(&line, total as i64),
            SumModel::PartialSums => {
                // s[0] = x[0]; s[i] = s[i - 1] + x[i]; s[n - 1] = total.
                let mut sum = line[0];
                for (i, &cell) in line.iter().enumerate().skip(1) {
                    let next = if i == n - 1 {
                        model.new_var([total])
                    } else {
                        model.new_var(1..=total)
                    };
                    let tuples: Vec<[i32; 3]> = (1..=total)
                        .flat_map(|s| (1..=top).map(move |x| [s, x, s + x]))
                        .filter(|t| t[2] <= total)
                        .collect();
                    model.table_nary(&[sum, cell, next], &tuples);
                    sum = next;
                }
            }
        }
    }
    (model, cells)
}

/// The magic square on puzzle-solver, as its own test states it, with the
/// total given.
fn peer_magic(n: usize, corner: i32) -> String {
    let mut puzzle = Puzzle::new();
    let numbers: Vec<Val> = (1..=(n * n) as Val).collect();
    let cells = puzzle.new_vars_with_candidates_1d(n * n, &numbers);
    puzzle.set_value(cells[0], corner as Val);
    puzzle.all_different(&cells);
    let total = (n * (n * n + 1) / 2) as Val;
    let mut lines = grid_lines(n);
    lines.push((0..n).map(|i| i * n + i).collect());
    lines.push((0..n).map(|i| i * n + n - 1 - i).collect());
    for line in lines {
        let sum = line.iter().fold(LinExpr::from(0), |sum, &i| sum + cells[i]);
        puzzle.equals(sum, total);
    }
    let solutions = puzzle.solve_all();
    let checksum = solutions.iter().fold(0u64, |sum, solution| {
        sum.wrapping_add(digest(cells.iter().map(|&v| solution[v])))
    });
    format!("{} solutions, checksum {checksum:x}", solutions.len())
}

fn stars_count(n: usize, k: usize, how: CountModel) -> String {
    let (model, cells) = stars_model(n, k, how);
    count_digest(model, &cells)
}

fn magic_count(n: usize, corner: i32, how: SumModel) -> String {
    let (model, cells) = magic_model(n, corner, how);
    count_digest(model, &cells)
}

pub fn workloads() -> Vec<Workload<'static>> {
    let mut workloads = Vec::new();
    let (size, percent, seed) = (20, 45, 8);
    for (how, name) in [
        (LineModel::Table, "ours, a table per line"),
        (LineModel::States, "ours, states and ternary tables"),
    ] {
        let puzzle = Nonogram::random(size, percent, seed);
        let theirs = puzzle.clone();
        workloads.push(
            Workload::new(
                format!("regular: nonogram {size}x{size} count (random picture, seed {seed})"),
                move || nonogram_count(&puzzle, LineModel::Regular),
            )
            .peer(name, move || nonogram_count(&theirs, how))
            .note("MAC + MRV; a regular per line against its decomposition (puzzle-solver has no regular)"),
        );
    }
    let (n, k) = (9, 2);
    let name = format!("counting: {n}x{n} stars count, {k} a line, none touching");
    for (how, peer) in [
        (CountModel::Table, "ours, tables of k-subsets"),
        (CountModel::PartialSums, "ours, partial sums"),
    ] {
        workloads.push(
            Workload::new(name.clone(), move || {
                stars_count(n, k, CountModel::Cardinality)
            })
            .peer(peer, move || stars_count(n, k, how))
            .note("MAC + MRV; exactly k per row and column, at most 1 per 2x2 block"),
        );
    }
    workloads.push(
        Workload::new(name, move || stars_count(n, k, CountModel::Cardinality))
            .peer("puzzle-solver", move || peer_stars(n, k))
            .note("the peer: a sum `equals` k per line, no touching as a custom constraint"),
    );
    let (order, corner) = (4, 1);
    let name = format!("linear: magic squares {order}x{order} count, corner {corner}");
    workloads.push(
        Workload::new(name.clone(), move || {
            magic_count(order, corner, SumModel::Linear)
        })
        .peer("ours, partial sums", move || {
            magic_count(order, corner, SumModel::PartialSums)
        })
        .note(
            "MAC + MRV, Régin all-different; a sum per line against ternary tables of partial sums",
        ),
    );
    workloads.push(
        Workload::new(name, move || magic_count(order, corner, SumModel::Linear))
            .peer("puzzle-solver", move || peer_magic(order, corner))
            .note("the peer: its `equals` per line and its all-different"),
    );
    workloads
}
