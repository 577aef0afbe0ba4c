//! Sudoku benchmark: our `fast` engine against the crates.io `sudoku` crate
//! (a JCZSolve port) on the five classic sets, as given and as a fixed random
//! isomorph, single thread, first solution and count-to-2, with our guesses
//! per puzzle; against tdoku too when `TDOKU_SRC` names its source at build
//! time (see `build.rs`); plus the general formulations on smaller workloads, and
//! Sudoku Explainer ratings (`sudoku::explain`) per band of the SE-rated
//! puzzles, beside the crate's `StrategySolver` on the puzzles its
//! strategies finish.

use bench_kit::{Workload, run};
use puzzle_solver::{Puzzle, Val, VarToken};
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use sudoku::{
    Algo, Options, Sudoku, check_solution, fast_solve_array, fast_solve_array_guesses, solve,
};

/// The benchmark sets: tdoku's lists, shipped gzip-compressed in the
/// repository (their origin and licence: `fixtures/README.md`).
const SETS: [(&str, &str); 5] = [
    ("17-clue", "puzzles2_17_clue.txt.gz"),
    ("top1465", "puzzles3_magictour_top1465.txt.gz"),
    (
        "forum hardest 1905 11+",
        "puzzles5_forum_hardest_1905_11+.txt.gz",
    ),
    ("forum hardest 1106", "puzzles6_forum_hardest_1106.txt.gz"),
    ("serg benchmark", "puzzles7_serg_benchmark.txt.gz"),
];

/// A set's lines; a missing file ends the bench with an error naming it.
fn load(file: &str) -> Vec<String> {
    bench_kit::data::lines_or_exit(format!("fixtures/sudoku/sets/{file}"))
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

/// Whether our first solutions equal the peer's on every puzzle (they must
/// when every puzzle has one solution). Sets with several solutions per
/// puzzle (serg) may differ in which one comes first; for those the
/// first-solution digest is the number solved, and every one of our
/// solutions is validated by the checker here, outside the timing.
fn first_solutions_match(lines: &[String]) -> bool {
    let mut solution = [0u8; 81];
    lines.iter().all(|line| {
        let found = fast_solve_array(&to_array(line), 1, &mut solution) == 1;
        let peer = sudoku_peer::Sudoku::from_str_line(line)
            .ok()
            .and_then(|s| s.some_solution());
        match peer {
            Some(peer) => found && peer.to_bytes() == solution,
            None => !found,
        }
    })
}

fn check_all(lines: &[String]) {
    let mut solution = [0u8; 81];
    for line in lines {
        let puzzle = Sudoku::from_line(line).expect("benchmark lines parse");
        if fast_solve_array(&to_array(line), 1, &mut solution) == 1 {
            let solved = Sudoku::from_values(9, &solution).expect("a full grid");
            if let Err(error) = check_solution(&puzzle, &solved) {
                eprintln!("bench: wrong solution for {line}: {error}");
                std::process::exit(1);
            }
        }
    }
}

/// Our guesses per puzzle with a solution limit, counted outside the timing.
fn ours_guesses(lines: &[String], limit: u64) -> f64 {
    let mut solution = [0u8; 81];
    let total: u64 = lines
        .iter()
        .map(|line| fast_solve_array_guesses(&to_array(line), limit, &mut solution).1)
        .sum();
    total as f64 / lines.len().max(1) as f64
}

fn ours_first_count(lines: &[String]) -> String {
    let mut solved = 0u64;
    let mut solution = [0u8; 81];
    for line in lines {
        solved += fast_solve_array(&to_array(line), 1, &mut solution);
    }
    format!("{solved} solved")
}

fn peer_first_count(lines: &[String]) -> String {
    let solved = lines
        .iter()
        .filter(|line| {
            sudoku_peer::Sudoku::from_str_line(line)
                .expect("benchmark lines parse")
                .some_solution()
                .is_some()
        })
        .count();
    format!("{solved} solved")
}

/// The first-solution and count-to-2 rows of one set: against the `sudoku`
/// crate, and against tdoku when the bench was built with its source.
/// Without tdoku, the `first` set's first row says how to add it.
fn set_workloads<'a>(
    workloads: &mut Vec<Workload<'a>>,
    name: &str,
    lines: &'a [String],
    first: bool,
) {
    let items = lines.len() as u64;
    let first_guesses = ours_guesses(lines, 1);
    let count_guesses = ours_guesses(lines, 2);
    let first_match = first_solutions_match(lines);
    if !first_match {
        check_all(lines);
    }
    let several = "several solutions per puzzle: digest is the number solved; ours checked";
    let mut row = if first_match {
        Workload::new(format!("fast {name} first solution"), move || {
            ours_first(lines)
        })
        .peer("sudoku 0.8 some_solution", move || peer_first(lines))
    } else {
        Workload::new(format!("fast {name} first solution"), move || {
            ours_first_count(lines)
        })
        .peer("sudoku 0.8 some_solution", move || peer_first_count(lines))
        .note(several)
    };
    if first && !cfg!(tdoku) {
        row = row.note(
            "tdoku rows: TDOKU_SRC=DIR cargo xtask bench sudoku, DIR a checkout of t-dillon/tdoku",
        );
    }
    workloads.push(row.items(items).guesses(first_guesses, None));
    workloads.push(
        Workload::new(format!("fast {name} count to 2"), move || ours_count(lines))
            .peer("sudoku 0.8 solutions_count_up_to(2)", move || {
                peer_count(lines)
            })
            .items(items)
            .guesses(count_guesses, None),
    );
    #[cfg(tdoku)]
    {
        let tdoku_guesses = |limit| Some(tdoku::guesses(lines, limit));
        let first = if first_match && tdoku::first_solutions_match(lines) {
            Workload::new(format!("fast {name} first solution, vs tdoku"), move || {
                ours_first(lines)
            })
            .peer(tdoku::NAME, move || tdoku::first(lines))
        } else {
            Workload::new(format!("fast {name} first solution, vs tdoku"), move || {
                ours_first_count(lines)
            })
            .peer(tdoku::NAME, move || tdoku::first_count(lines))
            .note(several)
        };
        workloads.push(first.items(items).guesses(first_guesses, tdoku_guesses(1)));
        workloads.push(
            Workload::new(format!("fast {name} count to 2, vs tdoku"), move || {
                ours_count(lines)
            })
            .peer(tdoku::NAME, move || tdoku::count(lines))
            .items(items)
            .guesses(count_guesses, tdoku_guesses(2))
            .note("tdoku returns counts only with a limit of 2"),
        );
    }
}

/// The seed of the relabelled sets: fixed, so that every run and every
/// machine solves the same isomorphs.
const RELABEL_SEED: u64 = 0x0034_5eed_7d0c_0001;

/// A uniform permutation of `0..N`.
fn permutation<const N: usize>(random: &mut StdRng) -> [usize; N] {
    let mut items: [usize; N] = std::array::from_fn(|i| i);
    items.shuffle(random);
    items
}

/// The lines of a permutation of 9 rows (or columns) that keeps the bands
/// (stacks): the bands permuted, and the lines within each.
fn line_permutation(random: &mut StdRng) -> [usize; 9] {
    let bands: [usize; 3] = permutation(random);
    let within: [[usize; 3]; 3] = std::array::from_fn(|_| permutation(random));
    std::array::from_fn(|line| bands[line / 3] * 3 + within[line / 3][line % 3])
}

/// A random isomorph of each line of a set: digits relabelled, rows
/// permuted within bands and bands permuted, the same for columns and
/// stacks, and transposed half of the time; each puzzle its own draw from
/// the seeded stream. A solver's guessing order cannot then win by a set's
/// labelling (the forum hardest sets' solutions read nearly 1-9 along the
/// first row).
fn relabel_set(lines: &[String], seed: u64) -> Vec<String> {
    // rand's StdRng: the same stream for a seed under the locked rand version.
    let mut random = StdRng::seed_from_u64(seed);
    lines
        .iter()
        .map(|line| {
            let grid = to_array(line);
            let digits: [usize; 9] = permutation(&mut random);
            let rows = line_permutation(&mut random);
            let columns = line_permutation(&mut random);
            let transpose = random.random_bool(0.5);
            (0..81)
                .map(|cell| {
                    let (row, column) = (rows[cell / 9], columns[cell % 9]);
                    let from = if transpose {
                        column * 9 + row
                    } else {
                        row * 9 + column
                    };
                    match grid[from] {
                        0 => '.',
                        value => char::from(b'1' + digits[usize::from(value) - 1] as u8),
                    }
                })
                .collect()
        })
        .collect()
}

/// tdoku's solver (`TdokuSolverDpllTriadSimd`), compiled from the checkout
/// that `TDOKU_SRC` named when the bench was built (see `build.rs`) and
/// called through our driver, `tdoku_driver.cc`, in this process.
#[cfg(tdoku)]
mod tdoku {
    use super::Digest;

    pub const NAME: &str = "tdoku (TdokuSolverDpllTriadSimd, -O3 -march=native)";

    unsafe extern "C" {
        fn sudoku_bench_tdoku(
            line: *const u8,
            length: usize,
            limit: usize,
            solution: *mut u8,
            guesses: *mut usize,
        ) -> usize;
    }

    /// Solutions counted up to `limit` (the first written to `solution` as
    /// '1'-'9' when the limit is 1) and tdoku's guesses.
    fn solve(line: &str, limit: usize, solution: &mut [u8; 81]) -> (usize, usize) {
        let mut guesses = 0;
        // SAFETY: the driver reads at most `line.len()` bytes of `line`,
        // writes at most 81 bytes to `solution` and one value to `guesses`.
        let count = unsafe {
            sudoku_bench_tdoku(
                line.as_ptr(),
                line.len(),
                limit,
                solution.as_mut_ptr(),
                &mut guesses,
            )
        };
        (count, guesses)
    }

    /// Whether tdoku finds a first solution of `line`, written to
    /// `solution` as values 1-9 (as ours digests them).
    fn first_solution(line: &str, solution: &mut [u8; 81]) -> bool {
        if solve(line, 1, solution).0 != 1 {
            return false;
        }
        for value in solution.iter_mut() {
            *value -= b'0';
        }
        true
    }

    pub fn first(lines: &[String]) -> String {
        let mut digest = Digest::new();
        let mut solved = 0u64;
        let mut solution = [0u8; 81];
        for line in lines {
            if first_solution(line, &mut solution) {
                solved += 1;
                digest.add(&solution);
            }
        }
        format!("{solved} solved, digest {:016x}", digest.0)
    }

    pub fn first_count(lines: &[String]) -> String {
        let mut solution = [0u8; 81];
        let solved = lines
            .iter()
            .filter(|line| solve(line, 1, &mut solution).0 == 1)
            .count();
        format!("{solved} solved")
    }

    pub fn count(lines: &[String]) -> String {
        let mut totals = [0u64; 3];
        let mut solution = [0u8; 81];
        for line in lines {
            totals[solve(line, 2, &mut solution).0.min(2)] += 1;
        }
        format!("counts 0:{} 1:{} 2+:{}", totals[0], totals[1], totals[2])
    }

    /// Whether tdoku's first solutions equal ours on every line.
    pub fn first_solutions_match(lines: &[String]) -> bool {
        let (mut ours, mut theirs) = ([0u8; 81], [0u8; 81]);
        lines.iter().all(|line| {
            let found = super::fast_solve_array(&super::to_array(line), 1, &mut ours) == 1;
            found == first_solution(line, &mut theirs) && (!found || ours == theirs)
        })
    }

    /// tdoku's guesses per puzzle with a solution limit.
    pub fn guesses(lines: &[String], limit: usize) -> f64 {
        let mut solution = [0u8; 81];
        let total: usize = lines
            .iter()
            .map(|line| solve(line, limit, &mut solution).1)
            .sum();
        total as f64 / lines.len().max(1) as f64
    }
}

/// Our general solvers (csp, dfs, bfs) over parsed puzzles, with a digest
/// of the solutions or the counts.
fn ours_general(puzzles: &[Sudoku], algo: Algo, limit: u64) -> String {
    let options = Options::new(algo).count_up_to(limit);
    let mut digest = Digest::new();
    let mut counts = [0u64; 3];
    for puzzle in puzzles {
        let outcome = solve(puzzle, &options);
        counts[outcome.count.min(2) as usize] += 1;
        if let Some(solution) = outcome.solution.filter(|_| limit == 1) {
            digest.add(solution.values());
        }
    }
    if limit == 1 {
        format!("{} solved, digest {:016x}", counts[1], digest.0)
    } else {
        format!("counts 0:{} 1:{} 2+:{}", counts[0], counts[1], counts[2])
    }
}

/// The peer's model of a sudoku, as in puzzle-solver's own sudoku test.
fn peer_model(line: &str) -> (Puzzle, Vec<Vec<VarToken>>) {
    let mut puzzle = Puzzle::new();
    let vars = puzzle.new_vars_with_candidates_2d(9, 9, &[1, 2, 3, 4, 5, 6, 7, 8, 9]);
    for row in &vars {
        puzzle.all_different(row);
    }
    for col in 0..9 {
        puzzle.all_different(vars.iter().map(|row| &row[col]));
    }
    for block in 0..9 {
        let (top, left) = (block / 3 * 3, block % 3 * 3);
        puzzle.all_different((0..9).map(|k| &vars[top + k / 3][left + k % 3]));
    }
    for (cell, value) in to_array(line).into_iter().enumerate() {
        if value != 0 {
            puzzle.set_value(vars[cell / 9][cell % 9], Val::from(value));
        }
    }
    (puzzle, vars)
}

fn peer_general(lines: &[String], limit: u64) -> String {
    let mut digest = Digest::new();
    let mut counts = [0u64; 3];
    for line in lines {
        let (mut puzzle, vars) = peer_model(line);
        if limit == 1 {
            if let Some(solution) = puzzle.solve_any() {
                counts[1] += 1;
                let grid: Vec<u8> = vars
                    .iter()
                    .flatten()
                    .map(|&var| solution[var] as u8)
                    .collect();
                digest.add(&grid);
            }
        } else {
            let count = puzzle.solve_all().len().min(2);
            counts[count] += 1;
        }
    }
    if limit == 1 {
        format!("{} solved, digest {:016x}", counts[1], digest.0)
    } else {
        format!("counts 0:{} 1:{} 2+:{}", counts[0], counts[1], counts[2])
    }
}

/// The SE-rated puzzles of one file, `(puzzle, ER in tenths)`.
fn load_rated(file: &str) -> Vec<(String, u16)> {
    bench_kit::data::lines_or_exit(format!("fixtures/sudoku/rated/{file}"))
        .iter()
        .filter_map(|line| {
            let mut fields = line.split('\t');
            let puzzle = fields.next()?.to_string();
            let er: f64 = fields.next()?.parse().ok()?;
            Some((puzzle, (er * 10.0).round() as u16))
        })
        .collect()
}

/// Rates every puzzle (the whole explained path); the digest is the sum of
/// the ERs, so a change of any rating shows.
fn ours_rate(grids: &[sudoku::explain::Candidates]) -> String {
    let total: u64 = grids
        .iter()
        .map(|grid| u64::from(sudoku::explain::solve_path(grid).er.0))
        .sum();
    format!("{} rated, ER sum {total}", grids.len())
}

/// Our path to the end with the peer's technique set's worth of work: the
/// whole SE path (every producer tried in SE's order at each step).
fn ours_path_count(grids: &[sudoku::explain::Candidates]) -> String {
    let solved = grids
        .iter()
        .filter(|grid| sudoku::explain::solve_path(grid).solved)
        .count();
    format!("{solved} solved")
}

/// The peer's strategies in SE's order of difficulty.
fn peer_strategies() -> Vec<sudoku_peer::strategy::Strategy> {
    use sudoku_peer::strategy::Strategy::*;
    vec![
        HiddenSingles,
        NakedSingles,
        LockedCandidates,
        NakedPairs,
        XWing,
        HiddenPairs,
        NakedTriples,
        Swordfish,
        HiddenTriples,
        XyWing,
        XyzWing,
        NakedQuads,
        Jellyfish,
        HiddenQuads,
    ]
}

fn peer_path_count(
    puzzles: &[sudoku_peer::Sudoku],
    strategies: &[sudoku_peer::strategy::Strategy],
) -> String {
    let solved = puzzles
        .iter()
        .filter(|&&puzzle| {
            sudoku_peer::strategy::StrategySolver::from_sudoku(puzzle)
                .solve(strategies)
                .is_ok()
        })
        .count();
    format!("{solved} solved")
}

/// The rating rows: per band of published ER, the whole SE path of every
/// puzzle; and the peer's strategy solver against our path on the puzzles
/// up to 4.4 that its strategies finish.
fn rating_workloads<'a>(
    rated: &'a [(String, Vec<sudoku::explain::Candidates>)],
    peer_set: &'a (Vec<sudoku::explain::Candidates>, Vec<sudoku_peer::Sudoku>),
    strategies: &'a [sudoku_peer::strategy::Strategy],
) -> Vec<Workload<'a>> {
    let mut workloads = Vec::new();
    for (name, grids) in rated {
        if grids.is_empty() {
            continue;
        }
        workloads.push(
            Workload::new(format!("explain: SE rating, {name}"), move || {
                ours_rate(grids)
            })
            .items(grids.len() as u64)
            .note("whole path, single thread; serate 1.2.1.3 takes a median 0.26 s a puzzle"),
        );
    }
    let (ours, peers) = peer_set;
    if !ours.is_empty() {
        workloads.push(
            Workload::new("explain: full path, cbg000 ER <= 4.4", move || {
                ours_path_count(ours)
            })
            .peer("sudoku 0.8 StrategySolver", move || {
                peer_path_count(peers, strategies)
            })
            .items(ours.len() as u64)
            .note("puzzles the peer's strategies finish; ours runs SE's producer order"),
        );
    }
    workloads
}

fn main() {
    let cbg = load_rated("cbg000-berthier-ser.tsv");
    let grid = |p: &str| sudoku::explain::Candidates::parse(p).expect("rated lines parse");
    // At most 40 puzzles a band, spread over it, so a run stays in minutes.
    let band = |lo: u16, hi: u16| -> Vec<sudoku::explain::Candidates> {
        let lines: Vec<&String> = cbg
            .iter()
            .filter(|(_, er)| (lo..=hi).contains(er))
            .map(|(p, _)| p)
            .collect();
        let stride = lines.len().div_ceil(40).max(1);
        lines.into_iter().step_by(stride).map(|p| grid(p)).collect()
    };
    let mut rated = vec![
        ("cbg000 ER 1.0-2.9".to_string(), band(10, 29)),
        ("cbg000 ER 3.0-4.9".to_string(), band(30, 49)),
        ("cbg000 ER 5.0-6.9".to_string(), band(50, 69)),
        ("cbg000 ER 7.0-7.9".to_string(), band(70, 79)),
        ("cbg000 ER 8.0-8.9".to_string(), band(80, 89)),
        ("cbg000 ER 9.0-9.1".to_string(), band(90, 99)),
    ];
    let exchange = load_rated("sudoku-exchange-se121.tsv");
    rated.push((
        "Sudoku Exchange ER 9.0-9.3".to_string(),
        exchange
            .iter()
            .filter(|(_, er)| *er >= 90)
            .map(|(p, _)| grid(p))
            .collect(),
    ));
    let strategies = peer_strategies();
    let peer_set: (Vec<_>, Vec<_>) = cbg
        .iter()
        .filter(|(_, er)| *er <= 44)
        .filter_map(|(p, _)| {
            let peer = sudoku_peer::Sudoku::from_str_line(p).ok()?;
            sudoku_peer::strategy::StrategySolver::from_sudoku(peer)
                .solve(&strategies)
                .is_ok()
                .then(|| (grid(p), peer))
        })
        .unzip();
    let sets: Vec<(&str, Vec<String>)> = SETS
        .iter()
        .map(|&(name, file)| (name, load(file)))
        .collect();
    let top = &sets
        .iter()
        .find(|(name, _)| *name == "top1465")
        .expect("top1465 is one of the sets")
        .1;
    let top_puzzles: Vec<Sudoku> = top
        .iter()
        .map(|line| Sudoku::from_line(line).expect("benchmark lines parse"))
        .collect();
    // Each set as given and a fixed random isomorph of it, the same lines
    // for every solver.
    let relabelled: Vec<(String, Vec<String>)> = sets
        .iter()
        .enumerate()
        .map(|(index, (name, lines))| {
            (
                format!("{name} relabelled"),
                relabel_set(lines, RELABEL_SEED ^ index as u64),
            )
        })
        .collect();
    let all_sets: Vec<(String, &[String])> = sets
        .iter()
        .map(|(name, lines)| ((*name).to_owned(), lines.as_slice()))
        .chain(
            relabelled
                .iter()
                .map(|(name, lines)| (name.clone(), lines.as_slice())),
        )
        .collect();
    let mut workloads = Vec::new();
    for (index, (name, lines)) in all_sets.iter().enumerate() {
        set_workloads(&mut workloads, name, lines, index == 0);
    }
    {
        let puzzles = &top_puzzles;
        let items = top.len() as u64;
        workloads.push(
            Workload::new("csp top1465 first solution", || {
                ours_general(puzzles, Algo::Csp, 1)
            })
            .peer("puzzle-solver solve_any", || peer_general(top, 1))
            .items(items),
        );
        workloads.push(
            Workload::new("csp top1465 count to 2", || {
                ours_general(puzzles, Algo::Csp, 2)
            })
            .peer("puzzle-solver solve_all", || peer_general(top, 2))
            .items(items)
            .note("the peer has no count limit: solve_all counts every solution"),
        );
        let small = &puzzles[..50];
        for algo in [Algo::Dfs, Algo::Bfs] {
            workloads.push(
                Workload::new(
                    format!("{algo} top1465 first 50, first solution"),
                    move || ours_general(small, algo, 1),
                )
                .items(50)
                .note("the most constrained cell first, on search-core; no peer"),
            );
        }
    }
    workloads.extend(rating_workloads(&rated, &peer_set, &strategies));
    run(workloads);
}
