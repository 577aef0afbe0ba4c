//! Akari benchmark: the fast engine solving and proving unique the puzzles
//! Simon Tatham's generator makes at its hardest difficulty (100 each of
//! 10x10, 14x14 and 25x25, and ten of 40x40 and 50x50), single thread,
//! against the approach cspuz takes (a SAT encoding of the rules, here
//! solved by the crates.io solver batsat, uniqueness by a blocking clause);
//! then the textbook csp-core model under MAC on the 10x10 set, so that
//! its comparison is visible too.
//!
//! Every solution either side reports is re-read by `akari::check::check`
//! before the timing starts, and both sides digest the same thing: how many
//! puzzles were proved unique, and their bulbs.

use akari::{Akari, Algo, Bulbs, Cell, Options, check, formats};
use batsat::{BasicSolver, Lit, SolverInterface, Var, lbool};
use bench_kit::{Workload, data, run};

/// One data file of `fixtures/akari/sets/`: Tatham game IDs, one a line,
/// read by `akari::formats`.
struct Set {
    /// What the table calls it.
    name: &'static str,
    puzzles: Vec<Akari>,
}

impl Set {
    fn read(name: &'static str, file: &str) -> Set {
        let path = format!("fixtures/akari/sets/{file}");
        let puzzles = data::lines_or_exit(&path)
            .iter()
            .enumerate()
            .map(|(index, line)| {
                formats::read_game_id(line)
                    .unwrap_or_else(|error| panic!("{path}: puzzle {}: {error}", index + 1))
            })
            .collect();
        Set { name, puzzles }
    }
}

/// FNV-1a over the solutions, so both sides must agree on every grid.
#[derive(Clone, Copy)]
struct Digest(u64);

impl Digest {
    fn new() -> Self {
        Digest(0xcbf2_9ce4_8422_2325)
    }

    fn add(&mut self, bulbs: &Bulbs) {
        for &on in bulbs.on() {
            self.0 = (self.0 ^ u64::from(on)).wrapping_mul(0x100_0000_01b3);
        }
    }

    fn text(self, unique: usize) -> String {
        format!("{unique} unique, {:016x}", self.0)
    }
}

/// Solves with one of our algorithms, counting to 2: the solution when the
/// count proved it unique.
fn ours_one(puzzle: &Akari, algo: Algo, nodes: &mut u64) -> Option<Bulbs> {
    let outcome = akari::solve(puzzle, &Options::new(algo).count_up_to(2));
    *nodes += outcome.stats.nodes;
    (outcome.count == 1 && outcome.count_complete)
        .then_some(outcome.solution)
        .flatten()
}

fn ours(puzzles: &[Akari], algo: Algo, nodes: &mut u64) -> String {
    let mut digest = Digest::new();
    let mut unique = 0;
    for puzzle in puzzles {
        if let Some(bulbs) = ours_one(puzzle, algo, nodes) {
            unique += 1;
            digest.add(&bulbs);
        }
    }
    digest.text(unique)
}

/// How the peer says "at most one bulb" on a segment: pairwise clauses
/// up to this many cells, Sinz's sequential counter (a ladder of auxiliary
/// variables, 3n clauses instead of n²/2) above. Pairwise on every segment:
/// measured against a ladder above 2, 4, 6 and 8 cells on every set, no
/// threshold was faster on all of them, and the differences (from 0.3x to
/// 3x either way) were within what the shared machine's noise did to
/// the same job; Tatham's segments are short (a 20% black grid), and the
/// pairwise formula needs no variables of its own.
const PAIRWISE_UP_TO: usize = usize::MAX;

/// What the SAT peer found.
enum Answer {
    None,
    Unique(Bulbs),
    Several,
}

/// The SAT encoding: a variable per white cell (a bulb); for each white
/// cell, some cell of its row segment or its column segment (itself
/// included) holds a bulb; at most one bulb per segment; exactly k bulbs
/// beside a k, by clauses over its white sides. The first model is the
/// solution; a clause blocking it must make the formula unsatisfiable for
/// the puzzle to be unique.
fn sat(puzzle: &Akari, pairwise_up_to: usize, size: &mut (u64, u64)) -> Answer {
    let (rows, cols) = (puzzle.rows(), puzzle.cols());
    let cells = puzzle.cells();
    let mut solver = BasicSolver::default();
    let var_at: Vec<Option<Var>> = cells
        .iter()
        .map(|&cell| (cell == Cell::White).then(|| solver.new_var_default()))
        .collect();
    let bulb = |index: usize| Lit::new(var_at[index].expect("a white cell"), true);
    let mut clause = Vec::new();
    let mut add = |solver: &mut BasicSolver, lits: &mut dyn Iterator<Item = Lit>| {
        clause.clear();
        clause.extend(lits);
        solver.add_clause_reuse(&mut clause);
    };
    // The segments: maximal runs of white cells in a row, then in a column.
    let mut segments: Vec<Vec<usize>> = Vec::new();
    let mut segment_of = vec![[0; 2]; rows * cols];
    for (axis, (outer, inner)) in [(rows, cols), (cols, rows)].into_iter().enumerate() {
        for a in 0..outer {
            let mut run: Vec<usize> = Vec::new();
            for b in 0..=inner {
                let index = if axis == 0 {
                    a * cols + b
                } else {
                    b * cols + a
                };
                if b < inner && cells[index] == Cell::White {
                    segment_of[index][axis] = segments.len();
                    run.push(index);
                } else if !run.is_empty() {
                    segments.push(std::mem::take(&mut run));
                }
            }
        }
    }
    for (index, &cell) in cells.iter().enumerate() {
        if cell != Cell::White {
            continue;
        }
        let [across, down] = segment_of[index];
        let seen = segments[across]
            .iter()
            .chain(segments[down].iter().filter(|&&other| other != index));
        add(&mut solver, &mut seen.map(|&other| bulb(other)));
    }
    for segment in &segments {
        if segment.len() > pairwise_up_to {
            // s_i: some bulb among the first i + 1 cells.
            let ladder: Vec<Lit> = (0..segment.len() - 1)
                .map(|_| Lit::new(solver.new_var_default(), true))
                .collect();
            for (i, &cell) in segment.iter().enumerate() {
                if i + 1 < segment.len() {
                    add(&mut solver, &mut [!bulb(cell), ladder[i]].into_iter());
                }
                if i > 0 {
                    add(&mut solver, &mut [!bulb(cell), !ladder[i - 1]].into_iter());
                    if i + 1 < segment.len() {
                        add(&mut solver, &mut [!ladder[i - 1], ladder[i]].into_iter());
                    }
                }
            }
        } else {
            for (i, &a) in segment.iter().enumerate() {
                for &b in &segment[i + 1..] {
                    add(&mut solver, &mut [!bulb(a), !bulb(b)].into_iter());
                }
            }
        }
    }
    for (index, &cell) in cells.iter().enumerate() {
        let Cell::Number(k) = cell else { continue };
        let (row, col) = (index / cols, index % cols);
        let sides: Vec<usize> = [
            (row > 0).then(|| index - cols),
            (row + 1 < rows).then(|| index + cols),
            (col > 0).then(|| index - 1),
            (col + 1 < cols).then(|| index + 1),
        ]
        .into_iter()
        .flatten()
        .filter(|&side| cells[side] == Cell::White)
        .collect();
        let (n, k) = (sides.len(), usize::from(k));
        // At most k: no k + 1 sides all bulbs; at least k: no n - k + 1
        // sides all dark. A k above n leaves the empty clause.
        for subset in 0..1u32 << n {
            let chosen = || (0..n).filter(move |&i| subset & 1 << i != 0);
            let size = subset.count_ones() as usize;
            if size == k + 1 {
                add(&mut solver, &mut chosen().map(|i| !bulb(sides[i])));
            }
            if size + k == n + 1 {
                add(&mut solver, &mut chosen().map(|i| bulb(sides[i])));
            }
        }
    }
    size.0 += u64::from(solver.num_vars());
    size.1 += solver.num_clauses();
    if solver.solve_limited(&[]) != lbool::TRUE {
        return Answer::None;
    }
    let on: Vec<bool> = var_at
        .iter()
        .map(|var| var.is_some_and(|var| solver.value_var(var) == lbool::TRUE))
        .collect();
    let blocking = var_at
        .iter()
        .zip(&on)
        .filter_map(|(var, &on)| var.map(|var| Lit::new(var, !on)));
    add(&mut solver, &mut blocking.into_iter());
    let bulbs = Bulbs::new(rows, cols, on).expect("one value per cell");
    if solver.solve_limited(&[]) == lbool::FALSE {
        Answer::Unique(bulbs)
    } else {
        Answer::Several
    }
}

fn peer(puzzles: &[Akari], pairwise_up_to: usize) -> String {
    let mut digest = Digest::new();
    let mut unique = 0;
    for puzzle in puzzles {
        if let Answer::Unique(bulbs) = sat(puzzle, pairwise_up_to, &mut (0, 0)) {
            unique += 1;
            digest.add(&bulbs);
        }
    }
    digest.text(unique)
}

/// Untimed, before the runs: every solution of either side passes the
/// independent checker, and every puzzle is unique to both. Returns the
/// SAT formulas' mean size (variables, clauses).
fn check_set(set: &Set) -> (u64, u64) {
    let mut size = (0, 0);
    for (index, puzzle) in set.puzzles.iter().enumerate() {
        let line = index + 1;
        match sat(puzzle, PAIRWISE_UP_TO, &mut size) {
            Answer::Unique(bulbs) => {
                if let Err(violation) = check::check(puzzle, &bulbs) {
                    panic!(
                        "{}, puzzle {line}: the SAT model breaks a rule: {violation}",
                        set.name
                    );
                }
                // The other at-most-one encoding must say the same.
                let other = if PAIRWISE_UP_TO == usize::MAX {
                    2
                } else {
                    usize::MAX
                };
                assert!(
                    matches!(sat(puzzle, other, &mut (0, 0)), Answer::Unique(again) if again == bulbs),
                    "{}, puzzle {line}: the two SAT encodings disagree",
                    set.name
                );
            }
            Answer::Several => panic!("{}, puzzle {line}: SAT finds two solutions", set.name),
            Answer::None => panic!("{}, puzzle {line}: SAT finds no solution", set.name),
        }
        let bulbs = ours_one(puzzle, Algo::Fast, &mut 0)
            .unwrap_or_else(|| panic!("{}, puzzle {line}: not proved unique by ours", set.name));
        if let Err(violation) = check::check(puzzle, &bulbs) {
            panic!(
                "{}, puzzle {line}: our solution breaks a rule: {violation}",
                set.name
            );
        }
    }
    let count = set.puzzles.len().max(1) as u64;
    (size.0 / count, size.1 / count)
}

fn main() {
    let sets = [
        Set::read("Tatham 10x10 hard", "tatham-10x10-hard.txt"),
        Set::read("Tatham 14x14 hard", "tatham-14x14-hard.txt"),
        Set::read("Tatham 25x25 hard", "tatham-25x25-hard.txt"),
        Set::read("Tatham 40x40 + 50x50 hard", "tatham-large-hard.txt"),
    ];
    let mut workloads = Vec::new();
    for set in &sets {
        let (vars, clauses) = check_set(set);
        let mut nodes = 0;
        ours(&set.puzzles, Algo::Fast, &mut nodes);
        let count = set.puzzles.len();
        workloads.push(
            Workload::new(
                format!("{} ({count}): solve + prove unique (fast)", set.name),
                || ours(&set.puzzles, Algo::Fast, &mut 0),
            )
            .peer("SAT encoding + blocking clause (batsat)", || peer(&set.puzzles, PAIRWISE_UP_TO))
            .items(count as u64)
            .note(format!(
                "single thread; fast: {nodes} nodes in all; SAT: {vars} variables, {clauses} clauses a puzzle"
            )),
        );
    }
    let small = &sets[0];
    let mut mac_nodes = 0;
    ours(&small.puzzles, Algo::Mac, &mut mac_nodes);
    workloads.push(
        Workload::new(
            format!(
                "{} ({}): solve + prove unique (textbook model, MAC)",
                small.name,
                small.puzzles.len()
            ),
            || ours(&small.puzzles, Algo::Mac, &mut 0),
        )
        .peer("SAT encoding + blocking clause (batsat)", || {
            peer(&small.puzzles, PAIRWISE_UP_TO)
        })
        .items(small.puzzles.len() as u64)
        .note(format!("csp-core model; {mac_nodes} nodes in all")),
    );
    run(workloads);
}
