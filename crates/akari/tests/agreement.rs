//! The two solvers agree: the fast engine and the textbook model (under
//! MAC and forward checking) count the same solutions as a brute force of
//! this file's own on thousands of random small grids, every solution they
//! report passes the independent checker, the limits stop them with
//! `Status::Limit` (and `tests/app.rs`: on every fixture, in every form,
//! they give the same answer).

use std::time::Duration;

use akari::{Akari, Algo, Cell, Limit, Options, Outcome, Status, check, solve};
use fuzz_kit::Rng;

/// A brute force sharing nothing with the solvers: backtracking over the
/// white cells in reading order, a bulb only where no earlier bulb sees
/// it, a cell checked lit and a number checked met once its last lighter
/// or side is decided.
struct Brute {
    whites: Vec<usize>,
    /// The white cells each cell sees (up to a black cell or the edge).
    seen: Vec<Vec<usize>>,
    /// The white sides of each cell.
    sides: Vec<Vec<usize>>,
    /// After the white cell at position `i` of `whites` is decided: the
    /// cells to check lit, the numbers (cell, value) to check met.
    lit_after: Vec<Vec<usize>>,
    met_after: Vec<Vec<(usize, u8)>>,
    /// A number with no white side and a value above 0.
    hopeless: bool,
    on: Vec<bool>,
    count: u64,
}

impl Brute {
    fn new(puzzle: &Akari) -> Brute {
        let (rows, cols) = (puzzle.rows(), puzzle.cols());
        let cells = puzzle.cells();
        let white = |r: isize, c: isize| {
            (0..rows as isize).contains(&r)
                && (0..cols as isize).contains(&c)
                && cells[r as usize * cols + c as usize] == Cell::White
        };
        let ways = [(-1isize, 0isize), (1, 0), (0, -1), (0, 1)];
        let mut seen = Vec::new();
        let mut sides = Vec::new();
        for cell in 0..cells.len() {
            let (row, col) = ((cell / cols) as isize, (cell % cols) as isize);
            let mut these = Vec::new();
            let mut beside = Vec::new();
            for (dr, dc) in ways {
                let (mut r, mut c) = (row + dr, col + dc);
                if white(r, c) {
                    beside.push(r as usize * cols + c as usize);
                }
                while white(r, c) {
                    these.push(r as usize * cols + c as usize);
                    r += dr;
                    c += dc;
                }
            }
            seen.push(these);
            sides.push(beside);
        }
        let whites: Vec<usize> = (0..cells.len())
            .filter(|&cell| cells[cell] == Cell::White)
            .collect();
        let position = |cell: usize| whites.iter().position(|&w| w == cell).expect("white");
        let mut lit_after = vec![Vec::new(); whites.len()];
        let mut met_after = vec![Vec::new(); whites.len()];
        for &cell in &whites {
            let last = seen[cell].iter().copied().chain([cell]).max();
            lit_after[position(last.expect("itself"))].push(cell);
        }
        let mut hopeless = false;
        for (cell, &kind) in cells.iter().enumerate() {
            if let Cell::Number(k) = kind {
                match sides[cell].iter().max() {
                    Some(&last) => met_after[position(last)].push((cell, k)),
                    None => hopeless |= k > 0,
                }
            }
        }
        Brute {
            whites,
            seen,
            sides,
            lit_after,
            met_after,
            hopeless,
            on: vec![false; cells.len()],
            count: 0,
        }
    }

    /// The number of solutions.
    fn count(mut self) -> u64 {
        if !self.hopeless {
            self.walk(0);
        }
        self.count
    }

    fn walk(&mut self, at: usize) {
        if at == self.whites.len() {
            self.count += 1;
            return;
        }
        let cell = self.whites[at];
        for bulb in [false, true] {
            if bulb && self.seen[cell].iter().any(|&other| self.on[other]) {
                continue;
            }
            self.on[cell] = bulb;
            let lit = self.lit_after[at]
                .iter()
                .all(|&x| self.on[x] || self.seen[x].iter().any(|&other| self.on[other]));
            let met = self.met_after[at].iter().all(|&(number, k)| {
                let bulbs = self.sides[number].iter().filter(|&&s| self.on[s]).count();
                bulbs == usize::from(k)
            });
            if lit && met {
                self.walk(at + 1);
            }
            self.on[cell] = false;
        }
    }
}

/// A random grid of at most `side` x `side`: black cells at a random
/// density, some numbered by a random placement of bulbs that lights the
/// grid (so that many grids have solutions), some of those numbers off
/// by one (so that some have none).
fn random_grid(rng: &mut Rng, side: usize) -> Akari {
    let rows = 1 + rng.below(side);
    let cols = 1 + rng.below(side);
    let size = rows * cols;
    let density = rng.below(6);
    let mut cells: Vec<Cell> = (0..size)
        .map(|_| {
            if rng.below(10) < density {
                Cell::Black
            } else {
                Cell::White
            }
        })
        .collect();
    // Bulbs put greedily, in a random order, on the cells still unlit.
    let mut order: Vec<usize> = (0..size).collect();
    for i in (1..size).rev() {
        order.swap(i, rng.below(i + 1));
    }
    let mut lit = vec![false; size];
    let mut bulb = vec![false; size];
    for &cell in &order {
        if cells[cell] != Cell::White || lit[cell] {
            continue;
        }
        bulb[cell] = true;
        lit[cell] = true;
        let (row, col) = ((cell / cols) as isize, (cell % cols) as isize);
        for (dr, dc) in [(-1isize, 0isize), (1, 0), (0, -1), (0, 1)] {
            let (mut r, mut c) = (row + dr, col + dc);
            while (0..rows as isize).contains(&r) && (0..cols as isize).contains(&c) {
                let other = r as usize * cols + c as usize;
                if cells[other] != Cell::White {
                    break;
                }
                lit[other] = true;
                r += dr;
                c += dc;
            }
        }
    }
    let numbered = rng.below(11);
    for (cell, kind) in cells.iter_mut().enumerate() {
        if *kind != Cell::Black || rng.below(10) >= numbered {
            continue;
        }
        let (row, col) = (cell / cols, cell % cols);
        let beside = [
            (row > 0).then(|| cell - cols),
            (row + 1 < rows).then(|| cell + cols),
            (col > 0).then(|| cell - 1),
            (col + 1 < cols).then(|| cell + 1),
        ];
        let mut k = beside.iter().flatten().filter(|&&side| bulb[side]).count() as u8;
        match rng.below(6) {
            0 if k > 0 => k -= 1,
            1 if k < 4 => k += 1,
            _ => {}
        }
        *kind = Cell::Number(k);
    }
    Akari::new(rows, cols, cells).expect("a grid")
}

/// Solves `puzzle` with `algo`, counting every solution.
fn count_all(puzzle: &Akari, algo: Algo) -> Outcome {
    solve(puzzle, &Options::new(algo).count_up_to(u64::MAX))
}

/// The fast engine, MAC and forward checking each count `expected`
/// solutions of `puzzle`, completely, with the status that count means,
/// and the solution each reports passes the checker.
fn agree(puzzle: &Akari, expected: u64) {
    let line = puzzle.to_line();
    for algo in [Algo::Fast, Algo::Mac, Algo::Fc] {
        let outcome = count_all(puzzle, algo);
        assert_eq!(
            (outcome.count, outcome.count_complete),
            (expected, true),
            "{algo} on {line}"
        );
        let status = if expected > 0 {
            Status::Solved
        } else {
            Status::Unsolvable
        };
        assert_eq!(outcome.status, status, "{algo} on {line}");
        assert_eq!(outcome.solution.is_some(), expected > 0, "{algo} on {line}");
        if let Some(bulbs) = &outcome.solution {
            check::check(puzzle, bulbs).unwrap_or_else(|broken| {
                panic!("{algo} on {line}: {}: {broken:?}", puzzle.draw(bulbs, '/'))
            });
        }
    }
    // One solution asked for, and two (uniqueness), by the engine.
    let first = solve(puzzle, &Options::new(Algo::Fast));
    assert_eq!(first.count, expected.min(1), "{line}");
    assert_eq!(first.count_complete, expected == 0, "{line}");
    let two = solve(puzzle, &Options::new(Algo::Fast).count_up_to(2));
    assert_eq!(two.count, expected.min(2), "{line}");
    assert_eq!(two.count_complete, expected < 2, "{line}");
}

#[test]
fn every_solver_counts_what_the_brute_force_counts_on_small_random_grids() {
    let mut rng = Rng::new(0xa4a1_0001);
    let (mut solvable, mut unsolvable, mut unique, mut several) = (0, 0, 0, 0);
    for _ in 0..1200 {
        let puzzle = random_grid(&mut rng, 6);
        let expected = Brute::new(&puzzle).count();
        agree(&puzzle, expected);
        match expected {
            0 => unsolvable += 1,
            1 => unique += 1,
            _ => several += 1,
        }
        solvable += usize::from(expected > 0);
        if expected == 0 {
            assert_eq!(
                check::exhaustive(&puzzle, check::NODE_BUDGET),
                check::Exhaustive::NoSolution,
                "{}",
                puzzle.to_line()
            );
        }
    }
    // The grids cover every kind of answer.
    assert!(
        unsolvable > 150 && unique > 150 && several > 150,
        "{solvable} solvable: {unsolvable} none, {unique} unique, {several} several"
    );
}

#[test]
fn the_engine_and_mac_agree_on_larger_random_grids() {
    let mut rng = Rng::new(0xa4a1_0002);
    let mut compared = 0;
    for _ in 0..70 {
        let puzzle = random_grid(&mut rng, 10);
        let line = puzzle.to_line();
        let limit = 50;
        let fast = solve(&puzzle, &Options::new(Algo::Fast).count_up_to(limit));
        let mac = solve(
            &puzzle,
            &Options::new(Algo::Mac)
                .count_up_to(limit)
                .node_limit(20_000),
        );
        if let Some(bulbs) = &fast.solution {
            check::check(&puzzle, bulbs).expect("the checker agrees");
        }
        if matches!(mac.status, Status::Limit(_)) {
            continue;
        }
        compared += 1;
        assert_eq!(
            (fast.status, fast.count, fast.count_complete),
            (mac.status, mac.count, mac.count_complete),
            "{line}"
        );
    }
    assert!(compared > 40, "{compared} compared");
}

#[test]
fn the_limits_stop_the_engine_with_status_limit() {
    let open: Akari = ["........"; 8].join("/").parse().expect("a grid");
    let all = Options::new(Algo::Fast).count_up_to(u64::MAX);
    for nodes in [0, 1, 5, 50] {
        let outcome = solve(&open, &all.clone().node_limit(nodes));
        assert_eq!(outcome.status, Status::Limit(Limit::Node), "{nodes}");
        assert!(outcome.stats.nodes <= nodes, "{nodes}");
        assert!(!outcome.count_complete);
    }
    let outcome = solve(&open, &all.clone().time_limit(Duration::ZERO));
    assert_eq!(outcome.status, Status::Limit(Limit::Time));
    let outcome = solve(&open, &all.clone().memory_limit(16));
    assert_eq!(outcome.status, Status::Limit(Limit::Memory));
    // A count asked for and reached is an answer, not a limit.
    let outcome = solve(&open, &Options::new(Algo::Fast).count_up_to(2));
    assert_eq!(
        (outcome.status, outcome.count, outcome.count_complete),
        (Status::Solved, 2, false)
    );
    // Enough of each limit changes nothing.
    let example: Akari = "...../..#../0...3/..1../.....".parse().expect("a grid");
    let roomy = Options::new(Algo::Fast)
        .count_up_to(2)
        .node_limit(1000)
        .time_limit(Duration::from_secs(60))
        .memory_limit(1 << 20);
    let outcome = solve(&example, &roomy);
    assert_eq!(
        (outcome.status, outcome.count, outcome.count_complete),
        (Status::Solved, 1, true)
    );
    assert!(outcome.stats.nodes >= 1);
}
