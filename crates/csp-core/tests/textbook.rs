//! Textbook CSPs with known answers: map colouring, N-Queens counts at every
//! inference level and heuristic, sudoku, agreement between inference levels,
//! limits, custom propagators, and min-conflicts.

use std::collections::BTreeSet;
use std::time::Duration;

use csp_core::{
    Config, Conflict, Consistency, Context, CountStatus, Inference, Limit, MinConflicts, Model,
    Propagator, Solution, Solver, Status, ValueOrder, Var, VarOrder, Wake,
};

const INFERENCES: [Inference; 3] = [
    Inference::ForwardChecking,
    Inference::Ac3ThenForwardChecking,
    Inference::Mac,
];
const VAR_ORDERS: [VarOrder; 4] = [
    VarOrder::Input,
    VarOrder::Mrv,
    VarOrder::MrvDegree,
    VarOrder::DomWdeg,
];
const VALUE_ORDERS: [ValueOrder; 3] = [
    ValueOrder::Ascending,
    ValueOrder::Descending,
    ValueOrder::LeastConstraining,
];

fn every_config() -> Vec<Config> {
    let mut configs = Vec::new();
    for inference in INFERENCES {
        for var_order in VAR_ORDERS {
            for value_order in VALUE_ORDERS {
                configs.push(
                    Config::new()
                        .inference(inference)
                        .var_order(var_order)
                        .value_order(value_order),
                );
            }
        }
    }
    configs
}

/// Every solution, each checked by the solver's independent checker.
fn all_solutions(model: Model, config: Config) -> BTreeSet<Vec<i32>> {
    let mut solver = Solver::new(model, config);
    let mut found = BTreeSet::new();
    let mut bad = 0;
    let mut solutions = Vec::new();
    let count = solver.for_each_solution(|s| {
        solutions.push(s.values().to_vec());
        true
    });
    for values in solutions {
        if !solver.is_solution(&values) {
            bad += 1;
        }
        found.insert(values);
    }
    assert_eq!(bad, 0, "invalid solutions reported");
    assert_eq!(count.status, CountStatus::Complete);
    assert_eq!(
        count.count as usize,
        found.len(),
        "a solution was reported twice"
    );
    found
}

const AUSTRALIA_BORDERS: [(usize, usize); 9] = [
    (0, 1),
    (0, 2),
    (1, 2),
    (1, 3),
    (2, 3),
    (2, 4),
    (2, 5),
    (3, 4),
    (4, 5),
];

/// WA, NT, SA, Q, NSW, V, T with three colours, as `!=` predicates or as tables.
fn australia(as_table: bool) -> Model {
    let mut model = Model::new();
    let regions: Vec<Var> = ["WA", "NT", "SA", "Q", "NSW", "V", "T"]
        .iter()
        .map(|name| model.new_named_var(*name, 0..3))
        .collect();
    let different: Vec<(i32, i32)> = (0..3)
        .flat_map(|a| (0..3).filter(move |&b| b != a).map(move |b| (a, b)))
        .collect();
    for &(a, b) in &AUSTRALIA_BORDERS {
        if as_table {
            model.table(regions[a], regions[b], &different);
        } else {
            model.not_equal(regions[a], regions[b]);
        }
    }
    model
}

#[test]
fn australia_has_18_colourings_under_every_configuration() {
    for as_table in [false, true] {
        let reference = all_solutions(australia(as_table), Config::new());
        assert_eq!(reference.len(), 18);
        for config in every_config() {
            assert_eq!(
                all_solutions(australia(as_table), config.clone()),
                reference,
                "{config:?}"
            );
        }
    }
}

fn queens_alldiff(n: usize) -> Model {
    let mut model = Model::new();
    let q = model.new_vars(n, 0..n as i32);
    model.all_different(&q);
    let up: Vec<(Var, i32)> = q.iter().enumerate().map(|(i, &v)| (v, i as i32)).collect();
    let down: Vec<(Var, i32)> = q
        .iter()
        .enumerate()
        .map(|(i, &v)| (v, -(i as i32)))
        .collect();
    model.all_different_offset(&up);
    model.all_different_offset(&down);
    model
}

fn queens_binary(n: usize) -> Model {
    let mut model = Model::new();
    let q = model.new_vars(n, 0..n as i32);
    for i in 0..n {
        for j in i + 1..n {
            let d = (j - i) as i32;
            model.binary(q[i], q[j], move |a, b| a != b && (a - b).abs() != d);
        }
    }
    model
}

const QUEENS_COUNTS: [u64; 10] = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724];

#[test]
fn queens_counts_match_known_values_at_every_inference_level() {
    for (i, &expected) in QUEENS_COUNTS.iter().enumerate() {
        let n = i + 1;
        for inference in INFERENCES {
            for var_order in [VarOrder::Input, VarOrder::Mrv, VarOrder::DomWdeg] {
                let config = Config::new().inference(inference).var_order(var_order);
                let count = Solver::new(queens_alldiff(n), config.clone()).count(u64::MAX);
                assert_eq!(count.count, expected, "all-different n={n} {config:?}");
                assert_eq!(count.status, CountStatus::Complete);
                if n <= 8 {
                    let count = Solver::new(queens_binary(n), config.clone()).count(u64::MAX);
                    assert_eq!(count.count, expected, "binary n={n} {config:?}");
                }
            }
        }
    }
}

#[test]
fn inference_levels_and_formulations_agree_on_solution_sets() {
    for n in [5, 6, 8] {
        let reference = all_solutions(
            queens_binary(n),
            Config::new().inference(Inference::ForwardChecking),
        );
        for config in every_config() {
            assert_eq!(
                all_solutions(queens_alldiff(n), config.clone()),
                reference,
                "n={n} {config:?}"
            );
            assert_eq!(
                all_solutions(queens_binary(n), config.clone()),
                reference,
                "n={n} {config:?}"
            );
        }
    }
}

/// A small random binary CSP (fixed seed) solved exhaustively by brute force.
#[test]
fn random_binary_csp_matches_brute_force() {
    let mut state = 12345u64;
    let mut next = move || {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (state >> 33) as u32
    };
    for _round in 0..40 {
        let n = 6;
        let d = 4;
        let mut pairs = Vec::new();
        for i in 0..n {
            for j in i + 1..n {
                // Sometimes two constraints on one pair, in either direction.
                for _ in 0..1 + (next() % 2) {
                    if next() % 2 == 1 {
                        continue;
                    }
                    let (i, j) = if next() % 2 == 0 { (i, j) } else { (j, i) };
                    let allowed: Vec<(i32, i32)> = (0..d)
                        .flat_map(|a| (0..d).map(move |b| (a, b)))
                        .filter(|_| next() % 100 < 70)
                        .collect();
                    pairs.push((i, j, allowed));
                }
            }
        }
        let build = || {
            let mut model = Model::new();
            let x = model.new_vars(n, 0..d);
            for (i, j, allowed) in &pairs {
                model.table(x[*i], x[*j], allowed);
            }
            model
        };
        let mut brute = BTreeSet::new();
        for code in 0..(d as u32).pow(n as u32) {
            let values: Vec<i32> = (0..n)
                .map(|k| (code / (d as u32).pow(k as u32) % d as u32) as i32)
                .collect();
            if build().is_solution(&values) {
                brute.insert(values);
            }
        }
        for config in every_config() {
            assert_eq!(all_solutions(build(), config.clone()), brute, "{config:?}");
        }
    }
}

fn sudoku(line: &str) -> (Model, Vec<Var>) {
    let mut model = Model::new();
    let cells = model.new_vars(81, 1..=9);
    for (cell, ch) in cells.iter().zip(line.chars()) {
        if let Some(digit) = ch.to_digit(10).filter(|&d| d > 0) {
            model.assign(*cell, digit as i32);
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
    (model, cells)
}

/// Rows, columns and boxes each hold 1..=9: checked without the solver.
fn valid_sudoku(puzzle: &str, grid: &[i32]) -> bool {
    let givens_kept = puzzle
        .chars()
        .zip(grid)
        .all(|(ch, &v)| ch.to_digit(10).is_none_or(|d| d == 0 || d as i32 == v));
    let unit_ok = |cells: Vec<usize>| {
        let mut seen: Vec<i32> = cells.iter().map(|&c| grid[c]).collect();
        seen.sort_unstable();
        seen == (1..=9).collect::<Vec<_>>()
    };
    givens_kept
        && (0..9).all(|k| {
            unit_ok((0..9).map(|c| 9 * k + c).collect())
                && unit_ok((0..9).map(|r| 9 * r + k).collect())
                && unit_ok(
                    (0..9)
                        .map(|i| 9 * (3 * (k / 3) + i / 3) + 3 * (k % 3) + i % 3)
                        .collect(),
                )
        })
}

#[test]
fn sudoku_hardest_puzzles_solve_uniquely_at_every_inference_level() {
    // From the shipped benchmark lists (fixtures/sudoku/sets, BSD-2-Clause
    // via tdoku): two of top1465 and the first of the forum's hardest 1106.
    let puzzles = [
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
        "7.8...3.....6.1...5.........4.....263...8.......1...9..9.2....4....7.5...........",
        "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3",
    ];
    for puzzle in puzzles {
        for inference in INFERENCES {
            let config = Config::new().inference(inference);
            let (model, _) = sudoku(puzzle);
            let mut solver = Solver::new(model, config.clone());
            let outcome = solver.solve();
            assert_eq!(outcome.status, Status::Solved);
            let solution = outcome.solution.expect("solved");
            assert!(valid_sudoku(puzzle, solution.values()), "{config:?}");
            assert_eq!(solver.count(2).count, 1);
        }
    }
}

#[test]
fn sudoku_with_many_solutions_one_and_none() {
    // The empty grid has many solutions: counting stops at the limit.
    let (model, _) = sudoku(&".".repeat(81));
    let count = Solver::new(model, Config::new()).count(2);
    assert_eq!((count.count, count.status), (2, CountStatus::SolutionLimit));
    // No solution: two 5s in the first row.
    let broken = format!("55{}", &".".repeat(79));
    let (model, _) = sudoku(&broken);
    let outcome = Solver::new(model, Config::new()).solve();
    assert_eq!(outcome.status, Status::Unsolvable);
    let solved =
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
    let (model, _) = sudoku(solved);
    let count = Solver::new(model, Config::new()).count(2);
    assert_eq!((count.count, count.status), (1, CountStatus::Complete));
}

#[test]
fn node_and_time_limits_stop_the_search() {
    let config = Config::new()
        .inference(Inference::ForwardChecking)
        .var_order(VarOrder::Input)
        .node_limit(50);
    let mut solver = Solver::new(queens_alldiff(10), config);
    let count = solver.count(u64::MAX);
    assert!(
        matches!(count.status, CountStatus::Limit(_)),
        "{:?}",
        count.status
    );
    assert!(count.stats.nodes <= 50);
    // A search needing more stops exactly at the limit, whatever the
    // inference (several values of one variable may fail in a row).
    for inference in [
        Inference::ForwardChecking,
        Inference::Ac3ThenForwardChecking,
        Inference::Mac,
    ] {
        for limit in 1..=40 {
            let config = Config::new().inference(inference).node_limit(limit);
            let count = Solver::new(queens_alldiff(10), config).count(u64::MAX);
            assert!(
                matches!(count.status, CountStatus::Limit(_)),
                "{:?}",
                count.status
            );
            assert_eq!(count.stats.nodes, limit, "{inference:?}");
        }
    }
    // Forward checking in input order needs more than 49 decisions for the
    // first 10-queens solution, so the limit, not a solution, ends it.
    let outcome = solver.solve();
    assert_eq!(outcome.status, Status::Limit(Limit::Node));
    assert_eq!(outcome.stats.nodes, 50);
    assert_eq!(solver.limit(), Some(Limit::Node));
    // The clock is read before the first decision, so a zero time limit
    // stops every search there: the root was examined, nothing counted.
    let config = Config::new()
        .inference(Inference::ForwardChecking)
        .time_limit(Duration::ZERO);
    let mut solver = Solver::new(queens_alldiff(12), config);
    let count = solver.count(u64::MAX);
    assert!(
        matches!(count.status, CountStatus::Limit(_)),
        "{:?}",
        count.status
    );
    assert_eq!((count.count, count.stats.nodes), (0, 1));
    assert_eq!(solver.limit(), Some(Limit::Time));
}

/// `0 = x0 = x1 = ... = x(n-1) = 1` over 0 and 1: no solution, which
/// AC-3 finds at the root only after revising its arcs about 2n times.
fn long_chain(n: usize) -> Model {
    let mut model = Model::new();
    let mut xs = vec![model.new_var([0])];
    xs.extend(model.new_vars(n - 2, 0..2));
    xs.push(model.new_var([1]));
    for pair in xs.windows(2) {
        model.binary(pair[0], pair[1], |a, b| a == b);
    }
    model
}

#[test]
fn the_time_limit_interrupts_a_long_fixpoint() {
    // A root fixpoint of thousands of steps is cut at the deadline: a
    // time limit, not the "unsolvable" its unfinished run would seem to say.
    for inference in [Inference::Ac3ThenForwardChecking, Inference::Mac] {
        let config = Config::new().inference(inference);
        let limited = config.clone().time_limit(Duration::ZERO);
        let count = Solver::new(long_chain(5000), limited).count(2);
        assert_eq!(count.status, CountStatus::Limit(Limit::Time));
        let outcome =
            Solver::new(long_chain(5000), config.clone().time_limit(Duration::ZERO)).solve();
        assert_eq!(outcome.status, Status::Limit(Limit::Time));
        // With time to spare the same fixpoint runs to its end.
        let roomy = config.time_limit(Duration::from_secs(3600));
        let count = Solver::new(long_chain(5000), roomy.clone()).count(2);
        assert_eq!(count.status, CountStatus::Complete);
        assert_eq!(count.count, 0);
        // AC-3 alone is no search: it always runs to its end.
        assert!(
            !Solver::new(long_chain(5000), Config::new().time_limit(Duration::ZERO))
                .ac3(false)
                .consistent
        );
    }
}

#[test]
fn nodes_count_the_root_and_each_decision() {
    // A limit of 0 stops before the root: nothing examined.
    let config = Config::new().node_limit(0);
    let count = Solver::new(queens_alldiff(6), config).count(u64::MAX);
    assert!(
        matches!(count.status, CountStatus::Limit(_)),
        "{:?}",
        count.status
    );
    assert_eq!((count.count, count.stats.nodes), (0, 0));
    // A puzzle that propagation alone solves takes the root only, and a
    // limit of 1 is enough for it.
    let solved =
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
    let mut puzzle = solved.to_string();
    puzzle.replace_range(0..1, ".");
    let (model, _) = sudoku(&puzzle);
    let outcome = Solver::new(model, Config::new().node_limit(1)).solve();
    assert_eq!((outcome.status, outcome.stats.nodes), (Status::Solved, 1));
    // A root that propagation refutes is still one node examined.
    let mut model = Model::new();
    let vars = model.new_vars(3, 0..2);
    model.all_different(&vars);
    let outcome = Solver::new(model, Config::new()).solve();
    assert_eq!(
        (outcome.status, outcome.stats.nodes),
        (Status::Unsolvable, 1)
    );
    // Every decision adds one: 4-queens by forward checking in input order.
    let config = Config::new()
        .inference(Inference::ForwardChecking)
        .var_order(VarOrder::Input);
    let mut solver = Solver::new(queens_alldiff(4), config);
    let all = solver.count(u64::MAX);
    assert_eq!((all.count, all.status), (2, CountStatus::Complete));
    // The largest limit that stops it short leaves exactly that many nodes.
    let needed = all.stats.nodes;
    let config = solver.config().clone().node_limit(needed - 1);
    let cut = Solver::new(queens_alldiff(4), config).count(u64::MAX);
    assert!(
        matches!(cut.status, CountStatus::Limit(_)),
        "{:?}",
        cut.status
    );
    assert_eq!(cut.stats.nodes, needed - 1);
    let config = solver.config().clone().node_limit(needed);
    let whole = Solver::new(queens_alldiff(4), config).count(u64::MAX);
    assert_eq!((whole.count, whole.status), (2, CountStatus::Complete));
}

/// The buffers that grow with the depth (trail, frames, values) stop the
/// search at its memory limit, before they grow past it: a limit with no
/// room for the first frame stops before the root, a larger one part way
/// down, and a generous one changes nothing.
#[test]
fn memory_limit_stops_the_search_before_the_trail_grows_past_it() {
    let solve = |limit: Option<usize>| {
        let mut config = Config::new().inference(Inference::ForwardChecking);
        config.memory_limit = limit;
        let mut solver = Solver::new(queens_alldiff(40), config);
        let outcome = solver.solve();
        (outcome, solver.limit())
    };
    let (outcome, limit) = solve(Some(16));
    assert_eq!(outcome.status, Status::Limit(Limit::Memory));
    assert_eq!(limit, Some(Limit::Memory));
    assert_eq!(outcome.stats.nodes, 0, "stopped before the root");
    // A level of 40 queens trails at most 40 words and 40 sizes (960
    // bytes): 8 KB stop the search a few levels down.
    let (outcome, limit) = solve(Some(8 << 10));
    assert_eq!(outcome.status, Status::Limit(Limit::Memory));
    assert_eq!(limit, Some(Limit::Memory));
    assert!(outcome.stats.max_depth >= 2, "{:?}", outcome.stats);
    assert!(outcome.stats.max_depth < 40, "{:?}", outcome.stats);
    let (free, limit) = solve(None);
    assert_eq!((free.status, limit), (Status::Solved, None));
    let (roomy, limit) = solve(Some(64 << 20));
    assert_eq!((roomy.status, limit), (Status::Solved, None));
    assert_eq!(roomy.stats.nodes, free.stats.nodes);
    // Counting stops the same way, and says so.
    let config = Config::new().memory_limit(8 << 10);
    let mut solver = Solver::new(queens_alldiff(40), config);
    let count = solver.count(u64::MAX);
    assert!(
        matches!(count.status, CountStatus::Limit(_)),
        "{:?}",
        count.status
    );
    assert_eq!(solver.limit(), Some(Limit::Memory));
    // A search that fits is not stopped, and the limit is forgotten on reset.
    let config = Config::new().memory_limit(1 << 20);
    let mut solver = Solver::new(queens_alldiff(6), config);
    let count = solver.count(u64::MAX);
    assert_eq!((count.count, count.status), (4, CountStatus::Complete));
    assert_eq!(solver.limit(), None);
}

/// A refusal of the memory budget is never read as a proof: under every
/// configuration and every memory limit from none at all to one that fits
/// the search, solving 8 queens (92 solutions) finds one or stops at the
/// memory limit, never says unsatisfiable, and a count says complete only
/// when it counted all 92 (issue 17).
#[test]
fn a_memory_refusal_is_never_unsatisfiable_nor_a_complete_count() {
    let limits = [
        0,
        1,
        64,
        256,
        512,
        1 << 10,
        2 << 10,
        3 << 10,
        4 << 10,
        8 << 10,
        1 << 20,
    ];
    let restarting = Config::new().restarts(csp_core::Restarts::Luby { scale: 4 });
    for config in every_config().into_iter().chain([restarting]) {
        for limit in limits {
            let config = config.clone().memory_limit(limit);
            let what = format!("{config:?} within {limit} bytes");
            let mut solver = Solver::new(queens_alldiff(8), config);
            let outcome = solver.solve();
            match outcome.status {
                Status::Solved => assert!(outcome.solution.is_some(), "{what}"),
                Status::Limit(_) => assert_eq!(solver.limit(), Some(Limit::Memory), "{what}"),
                Status::Unsolvable => panic!("{what}: unsatisfiable"),
            }
            let count = solver.count(u64::MAX);
            match count.status {
                CountStatus::Complete => assert_eq!(count.count, 92, "{what}"),
                CountStatus::Limit(_) => {
                    assert!(count.count < 92, "{what}");
                    assert_eq!(solver.limit(), Some(Limit::Memory), "{what}");
                }
                CountStatus::SolutionLimit => panic!("{what}: no solution limit was set"),
            }
            let mut seen = 0;
            let visited = solver.for_each_solution(|_| {
                seen += 1;
                true
            });
            assert_eq!(visited.count, seen, "{what}");
            assert!(
                visited.status != CountStatus::Complete || seen == 92,
                "{what}: {visited:?}"
            );
        }
    }
}

#[test]
fn solution_iterator_resumes_and_reports_statistics() {
    let mut solver = Solver::new(queens_alldiff(6), Config::new());
    let solutions: Vec<_> = solver.solutions().collect();
    assert_eq!(solutions.len(), 4);
    assert_eq!(solver.status(), Status::Unsolvable);
    let stats = solver.stats();
    assert_eq!(stats.solutions, 4);
    assert!(stats.nodes > 0 && stats.propagations > 0);
    let mut solver = Solver::new(queens_binary(6), Config::new());
    let count = solver.count(u64::MAX);
    assert!(count.stats.arc_revisions > 0 && count.stats.backtracks > 0);
}

/// "x + y == z" as a custom bounds propagator.
#[derive(Debug, Clone)]
struct Sum {
    x: Var,
    y: Var,
    z: Var,
}

impl Propagator for Sum {
    fn variables(&self) -> Vec<Var> {
        vec![self.x, self.y, self.z]
    }

    fn propagate(&mut self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        let bounds = |ctx: &Context<'_>, v| {
            Ok::<_, Conflict>((ctx.min(v).ok_or(Conflict)?, ctx.max(v).ok_or(Conflict)?))
        };
        let (xl, xh) = bounds(ctx, self.x)?;
        let (yl, yh) = bounds(ctx, self.y)?;
        ctx.remove_below(self.z, xl + yl)?;
        ctx.remove_above(self.z, xh + yh)?;
        let (zl, zh) = bounds(ctx, self.z)?;
        ctx.remove_below(self.x, zl - yh)?;
        ctx.remove_above(self.x, zh - yl)?;
        let (xl, xh) = bounds(ctx, self.x)?;
        ctx.remove_below(self.y, zl - xh)?;
        ctx.remove_above(self.y, zh - xl)?;
        if let (Some(x), Some(y), Some(z)) =
            (ctx.value(self.x), ctx.value(self.y), ctx.value(self.z))
            && x + y != z
        {
            return Err(Conflict);
        }
        Ok(())
    }

    fn is_satisfied(&self, values: &[i32]) -> bool {
        values[0] + values[1] == values[2]
    }
}

#[test]
fn custom_propagator_counts_agree_with_brute_force() {
    // x + y == z, all different, x, y, z in 1..=9: pairs (x, y) with x != y and x + y <= 9.
    let build = || {
        let mut model = Model::new();
        let v = model.new_vars(3, 1..=9);
        model.add_propagator(Sum {
            x: v[0],
            y: v[1],
            z: v[2],
        });
        model.all_different(&v);
        model
    };
    let brute = (1..=9)
        .flat_map(|x| (1..=9).map(move |y| (x, y)))
        .filter(|&(x, y)| x != y && x + y <= 9)
        .count();
    for config in every_config() {
        assert_eq!(
            all_solutions(build(), config.clone()).len(),
            brute,
            "{config:?}"
        );
    }
}

#[test]
fn min_conflicts_solves_queens_up_to_a_thousand() {
    for (n, seed) in [(1, 0), (8, 1), (50, 2), (1000, 3)] {
        let model = queens_alldiff(n);
        let outcome = MinConflicts::new().seed(seed).solve(&model);
        let solution = outcome
            .solution
            .clone()
            .unwrap_or_else(|| panic!("min-conflicts on n={n}: {outcome:?}"));
        let q = solution.values();
        // Independent check: no two queens share a column or a diagonal.
        for i in 0..n {
            for j in i + 1..n {
                assert!(q[i] != q[j] && (q[i] - q[j]).unsigned_abs() as usize != j - i);
            }
        }
        assert_eq!(outcome.violations, 0);
    }
    // Binary formulation, small N, and an impossible one.
    let outcome = MinConflicts::new().seed(7).solve(&queens_binary(12));
    assert!(outcome.solution.is_some());
    let outcome = MinConflicts::new()
        .max_steps(2000)
        .solve(&queens_alldiff(3));
    assert!(outcome.solution.is_none());
    assert!(outcome.violations > 0);
}

#[test]
fn min_conflicts_is_reproducible_for_a_seed() {
    let a = MinConflicts::new().seed(42).solve(&queens_alldiff(200));
    let b = MinConflicts::new().seed(42).solve(&queens_alldiff(200));
    assert_eq!(a.solution, b.solution);
    assert_eq!(a.steps, b.steps);
}

#[test]
fn first_solution_for_large_queens_with_mac_and_mrv() {
    let n = 100;
    let outcome = Solver::new(queens_alldiff(n), Config::new()).solve();
    let q = outcome.solution.expect("solved").into_values();
    for i in 0..n {
        for j in i + 1..n {
            assert!(q[i] != q[j] && (q[i] - q[j]).unsigned_abs() as usize != j - i);
        }
    }
}

fn queens_with(n: usize, consistency: Consistency) -> Model {
    let mut model = Model::new();
    let q = model.new_vars(n, 0..n as i32);
    no_shared_line(&mut model, &q, consistency);
    model
}

/// The queens `q` (one a row, its column the value) share no column and
/// no diagonal: all-different over `q[i]`, `q[i] + i` and `q[i] - i`.
fn no_shared_line(model: &mut Model, q: &[Var], consistency: Consistency) {
    for sign in [0, 1, -1] {
        let terms: Vec<(Var, i32)> = q
            .iter()
            .enumerate()
            .map(|(i, &v)| (v, sign * i as i32))
            .collect();
        model.all_different_with(&terms, consistency);
    }
}

#[test]
fn value_consistency_all_different_counts_queens_too() {
    for (i, &expected) in QUEENS_COUNTS.iter().enumerate() {
        for inference in INFERENCES {
            let config = Config::new().inference(inference);
            let count = Solver::new(queens_with(i + 1, Consistency::Value), config).count(u64::MAX);
            assert_eq!(count.count, expected, "n={} {inference:?}", i + 1);
        }
    }
    // Domain consistency explores no more nodes than value elimination under MAC.
    let nodes = |consistency| {
        Solver::new(queens_with(9, consistency), Config::new())
            .count(u64::MAX)
            .stats
            .nodes
    };
    assert!(nodes(Consistency::Domain) <= nodes(Consistency::Value));
}

/// All different, but woken only when a variable is fixed (as a puzzle's
/// own rule would be written with `Wake::Fixed`).
#[derive(Debug, Clone)]
struct DifferentWhenFixed {
    vars: Vec<Var>,
}

impl Propagator for DifferentWhenFixed {
    fn variables(&self) -> Vec<Var> {
        self.vars.clone()
    }

    fn propagate(&mut self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        for &v in &self.vars {
            if let Some(value) = ctx.value(v) {
                for &w in &self.vars {
                    if w != v {
                        ctx.remove(w, value)?;
                    }
                }
            }
        }
        Ok(())
    }

    fn is_satisfied(&self, values: &[i32]) -> bool {
        (0..values.len()).all(|i| (i + 1..values.len()).all(|j| values[i] != values[j]))
    }

    fn wakes_on(&self) -> Wake {
        Wake::Fixed
    }
}

#[test]
fn fixed_wake_propagators_count_permutations() {
    for config in every_config() {
        let mut model = Model::new();
        let vars = model.new_vars(5, 1..=5);
        model.add_propagator(DifferentWhenFixed { vars });
        assert_eq!(
            all_solutions(model, config.clone()).len(),
            120,
            "{config:?}"
        );
    }
}

#[test]
fn a_reused_solver_with_fixed_givens_matches_fresh_models() {
    let puzzles = [
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
        "52...6.........7.13...........4..8..6......5...........418.........3..2...87.....",
        "55...............................................................................",
    ];
    let (model, cells) = sudoku(&".".repeat(81));
    let mut reused = Solver::new(model, Config::new());
    for puzzle in puzzles {
        reused.restore_domains();
        for (cell, ch) in cells.iter().zip(puzzle.chars()) {
            if let Some(digit) = ch.to_digit(10).filter(|&d| d > 0) {
                reused.fix(*cell, digit as i32);
            }
        }
        let (model, _) = sudoku(puzzle);
        let fresh = Solver::new(model, Config::new()).solve();
        let again = reused.solve();
        assert_eq!(again.status, fresh.status);
        assert_eq!(again.solution, fresh.solution);
        if let Some(solution) = &again.solution {
            assert!(valid_sudoku(puzzle, solution.values()));
        }
    }
}

#[test]
fn restoring_wider_domains_keeps_all_different_correct() {
    // The first search runs with most queens fixed; the second, after
    // restore_domains, on the full board: both must count right.
    let n = 40;
    let first = Solver::new(queens_with(n, Consistency::Domain), Config::new())
        .solve()
        .solution
        .expect("40 queens")
        .into_values();
    let mut solver = Solver::new(queens_with(n, Consistency::Domain), Config::new());
    for (row, &column) in first.iter().enumerate().take(n - 2) {
        solver.fix(Var::from_index(row), column);
    }
    assert_eq!(solver.count(u64::MAX).count, 1);
    solver.restore_domains();
    let again = solver.solve().solution.expect("40 queens").into_values();
    assert_eq!(again, first);
    let small = Solver::new(queens_with(8, Consistency::Domain), Config::new()).count(u64::MAX);
    assert_eq!(small.count, 92);
}

#[test]
fn models_and_solvers_can_move_between_threads() {
    fn assert_send<T: Send>() {}
    assert_send::<Model>();
    assert_send::<Solver>();
    let handle = std::thread::spawn(|| {
        Solver::new(queens_alldiff(8), Config::new())
            .count(u64::MAX)
            .count
    });
    assert_eq!(handle.join().ok(), Some(92));
}

#[test]
fn multi_word_all_different_counts_queens() {
    // Each domain also spans a value far away (removed before search), so
    // every all-different works on multi-word value sets.
    for (i, &expected) in QUEENS_COUNTS.iter().enumerate().take(8) {
        let n = i + 1;
        for inference in INFERENCES {
            for consistency in [Consistency::Value, Consistency::Domain] {
                let mut model = Model::new();
                let q: Vec<Var> = (0..n)
                    .map(|_| model.new_var((0..n as i32).chain([200])))
                    .collect();
                for &v in &q {
                    model.remove_value(v, 200);
                }
                no_shared_line(&mut model, &q, consistency);
                let config = Config::new().inference(inference);
                let count = Solver::new(model, config).count(u64::MAX);
                assert_eq!(count.count, expected, "n={n} {inference:?} {consistency:?}");
            }
        }
    }
}

#[test]
fn negative_values_and_empty_problems() {
    let mut model = Model::new();
    let x = model.new_var(-3..=3);
    let y = model.new_var(-3..=3);
    model.binary(x, y, |a, b| a + b == 0);
    model.remove_value(x, 0);
    let mut solver = Solver::new(model, Config::new());
    let solutions: BTreeSet<Vec<i32>> = solver.solutions().map(Solution::into_values).collect();
    let expected: BTreeSet<Vec<i32>> = (-3..=3).filter(|&a| a != 0).map(|a| vec![a, -a]).collect();
    assert_eq!(solutions, expected);
    // An empty domain: no solution. No variables: the empty assignment.
    let mut model = Model::new();
    model.new_var([]);
    assert_eq!(
        Solver::new(model, Config::new()).solve().status,
        Status::Unsolvable
    );
    assert_eq!(
        Solver::new(Model::new(), Config::new())
            .count(u64::MAX)
            .count,
        1
    );
}
