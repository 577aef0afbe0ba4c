//! csp-core against the crates.io `puzzle-solver` engine: N-Queens (first
//! solution N = 100, count N = 12) and sudoku (magictour top1465), each side
//! with its own model of the same puzzle, answers compared. The graph
//! constraints, which puzzle-solver lacks, against their decomposition on
//! our own core: `graph.rs`.

mod globals;

use std::rc::Rc;

mod graph;

use bench_kit::{Workload, run};
use csp_core::{Config, Consistency, Inference, Model, Solver, Var, VarOrder};
use puzzle_solver::{Constraint, PsResult, Puzzle, PuzzleSearch, Val, VarToken};

/// tdoku's list of 1,465 hard sudokus, shipped in the repository.
const TOP1465: &str = "fixtures/sudoku/sets/puzzles3_magictour_top1465.txt.gz";

/// One variable per row holding its queen's column; three all-different
/// (columns, and the diagonals as `q[i] + i` and `q[i] - i`).
fn queens_model(n: usize, consistency: Consistency) -> Model {
    let mut model = Model::new();
    let q = model.new_vars(n, 0..n as i32);
    for sign in [0, 1, -1] {
        let terms: Vec<(Var, i32)> = q
            .iter()
            .enumerate()
            .map(|(i, &v)| (v, sign * i as i32))
            .collect();
        model.all_different_with(&terms, consistency);
    }
    model
}

/// Independent check of a placement: one queen per row, no shared column or diagonal.
fn queens_digest(n: usize, columns: &[i32]) -> String {
    let ok = columns.len() == n
        && columns.iter().all(|&c| (0..n as i32).contains(&c))
        && (0..n).all(|i| {
            (i + 1..n).all(|j| {
                columns[i] != columns[j]
                    && (columns[i] - columns[j]).unsigned_abs() as usize != j - i
            })
        });
    if ok {
        "valid".to_owned()
    } else {
        "INVALID".to_owned()
    }
}

/// The peer's diagonal rule, as in puzzle-solver's own N-Queens test.
struct NoDiagonal {
    vars: Vec<VarToken>,
}

impl Constraint for NoDiagonal {
    fn vars<'a>(&'a self) -> Box<dyn Iterator<Item = &'a VarToken> + 'a> {
        Box::new(self.vars.iter())
    }

    fn on_assigned(&self, search: &mut PuzzleSearch, var: VarToken, val: Val) -> PsResult<()> {
        let y1 = self.vars.iter().position(|&v| v == var).unwrap_or(0);
        for (y2, &var2) in self.vars.iter().enumerate() {
            if !search.is_assigned(var2) {
                let dy = y1 as Val - y2 as Val;
                search.remove_candidate(var2, val - dy)?;
                search.remove_candidate(var2, val + dy)?;
            }
        }
        Ok(())
    }

    fn substitute(&self, _from: VarToken, _to: VarToken) -> PsResult<Rc<dyn Constraint>> {
        Err(())
    }
}

fn peer_queens(n: usize) -> (Puzzle, Vec<VarToken>) {
    let mut puzzle = Puzzle::new();
    let columns: Vec<Val> = (0..n as Val).collect();
    let vars = puzzle.new_vars_with_candidates_1d(n, &columns);
    puzzle.all_different(&vars);
    puzzle.add_constraint(NoDiagonal { vars: vars.clone() });
    (puzzle, vars)
}

fn sudoku_model(line: &str) -> Model {
    let mut model = Model::new();
    let cells = model.new_vars(81, 1..=9);
    for (cell, ch) in cells.iter().zip(line.bytes()) {
        if (b'1'..=b'9').contains(&ch) {
            model.assign(*cell, (ch - b'0') as i32);
        }
    }
    for k in 0..9 {
        let row: Vec<Var> = (0..9).map(|c| cells[9 * k + c]).collect();
        let col: Vec<Var> = (0..9).map(|r| cells[9 * r + k]).collect();
        let boxed: Vec<Var> = (0..9)
            .map(|i| cells[9 * (3 * (k / 3) + i / 3) + 3 * (k % 3) + i % 3])
            .collect();
        model.all_different(&row);
        model.all_different(&col);
        model.all_different(&boxed);
    }
    model
}

fn peer_sudoku(line: &str) -> Option<String> {
    let mut puzzle = Puzzle::new();
    let vars = puzzle.new_vars_with_candidates_2d(9, 9, &[1, 2, 3, 4, 5, 6, 7, 8, 9]);
    for row in &vars {
        puzzle.all_different(row);
    }
    for x in 0..9 {
        puzzle.all_different(vars.iter().map(|row| &row[x]));
    }
    for block in 0..9 {
        let (x0, y0) = (3 * (block % 3), 3 * (block / 3));
        puzzle.all_different((0..9).map(|n| &vars[y0 + n / 3][x0 + n % 3]));
    }
    for (i, ch) in line.bytes().enumerate().take(81) {
        if (b'1'..=b'9').contains(&ch) {
            puzzle.set_value(vars[i / 9][i % 9], (ch - b'0') as Val);
        }
    }
    let solution = puzzle.solve_any()?;
    Some(
        vars.iter()
            .flatten()
            .map(|&v| char::from(b'0' + solution[v] as u8))
            .collect(),
    )
}

fn main() {
    let puzzles: Vec<String> = bench_kit::data::lines_or_exit(TOP1465)
        .into_iter()
        .filter(|line| line.len() >= 81)
        .map(|line| line[..81].to_owned())
        .collect();
    let count_config = Config::new()
        .inference(Inference::ForwardChecking)
        .var_order(VarOrder::Mrv);
    let mut workloads = vec![
        Workload::new("n-queens first solution n=100", || {
            let mut solver = Solver::new(queens_model(100, Consistency::Domain), Config::new());
            let columns = solver
                .solve()
                .solution
                .map(|s| s.into_values())
                .unwrap_or_default();
            queens_digest(100, &columns)
        })
        .peer("puzzle-solver", || {
            let (mut puzzle, vars) = peer_queens(100);
            let columns: Vec<i32> = puzzle
                .solve_any()
                .map(|s| vars.iter().map(|&v| s[v]).collect())
                .unwrap_or_default();
            queens_digest(100, &columns)
        })
        .note("MAC + MRV, three all-different (offsets for diagonals)"),
        Workload::new("n-queens count n=12", move || {
            Solver::new(queens_model(12, Consistency::Value), count_config.clone())
                .count(u64::MAX)
                .count
                .to_string()
        })
        .peer("puzzle-solver", || {
            let (mut puzzle, _) = peer_queens(12);
            puzzle.solve_all().len().to_string()
        })
        .note("forward checking + MRV, value-elimination all-different"),
    ];
    {
        let ours = puzzles.clone();
        let theirs = puzzles.clone();
        workloads.push(
            Workload::new("sudoku top1465 (csp formulation)", move || {
                let mut out = String::with_capacity(82 * ours.len());
                for line in &ours {
                    let mut solver = Solver::new(sudoku_model(line), Config::new());
                    match solver.solve().solution {
                        Some(s) => {
                            out.extend(s.values().iter().map(|&d| char::from(b'0' + d as u8)))
                        }
                        None => out.push('-'),
                    }
                    out.push('\n');
                }
                out
            })
            .peer("puzzle-solver", move || {
                let mut out = String::with_capacity(82 * theirs.len());
                for line in &theirs {
                    out.push_str(&peer_sudoku(line).unwrap_or_else(|| "-".to_owned()));
                    out.push('\n');
                }
                out
            })
            .items(puzzles.len() as u64)
            .note("81 variables, 27 all-different; MAC + MRV, Régin matching"),
        );
    }
    workloads.extend(globals::workloads());
    workloads.extend(graph::workloads());
    run(workloads);
}
