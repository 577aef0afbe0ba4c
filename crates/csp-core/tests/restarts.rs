//! Restarts and seeded random tie-breaking: a seed reproduces a run exactly,
//! restarts never change what `solve` concludes (random small models, checked
//! against the search without restarts), dom/wdeg weights survive restarts,
//! and counting ignores restarts (they would repeat solutions).

use csp_core::{Config, CountStatus, Model, Restarts, Solver, Status, VarOrder};

/// A tiny deterministic generator, so the random models are the same on
/// every run and a failure can be reproduced.
struct Lcg(u64);

impl Lcg {
    fn next(&mut self, bound: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (self.0 >> 33) % bound
    }
}

/// A random binary CSP: `n` variables over `0..d`, random tables of allowed
/// pairs between random pairs of variables, sometimes an all-different.
fn random_model(seed: u64) -> Model {
    let mut rng = Lcg(seed);
    let n = 4 + rng.next(5) as usize;
    let d = 2 + rng.next(4) as i32;
    let mut model = Model::new();
    let vars = model.new_vars(n, 0..d);
    for _ in 0..rng.next(2 * n as u64) + n as u64 {
        let x = vars[rng.next(n as u64) as usize];
        let y = vars[rng.next(n as u64) as usize];
        if x == y {
            continue;
        }
        let mut allowed = Vec::new();
        for a in 0..d {
            for b in 0..d {
                if rng.next(100) < 70 {
                    allowed.push((a, b));
                }
            }
        }
        model.table(x, y, &allowed);
    }
    if rng.next(3) == 0 {
        model.all_different(&vars[..n.min(d as usize)]);
    }
    model
}

/// `pigeons` variables over `pigeons - 1` holes, pairwise different by
/// binary constraints only: unsatisfiable, and hard enough for MAC to fail
/// many times.
fn pigeonhole(pigeons: usize) -> Model {
    let mut model = Model::new();
    let vars = model.new_vars(pigeons, 0..pigeons as i32 - 1);
    for i in 0..pigeons {
        for j in i + 1..pigeons {
            model.not_equal(vars[i], vars[j]);
        }
    }
    model
}

fn restarting(seed: u64) -> Config {
    Config::new()
        .var_order(VarOrder::DomWdeg)
        .restarts(Restarts::Luby { scale: 1 })
        .seed(seed)
}

#[test]
fn luby_and_geometric_schedules() {
    let luby: Vec<u64> = (0..15)
        .map(|i| Restarts::Luby { scale: 1 }.failures(i))
        .collect();
    assert_eq!(luby, [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]);
    assert_eq!(Restarts::Luby { scale: 10 }.failures(2), 20);
    let geometric: Vec<u64> = (0..5)
        .map(|i| {
            Restarts::Geometric {
                first: 10,
                percent: 150,
            }
            .failures(i)
        })
        .collect();
    assert_eq!(geometric, [10, 15, 23, 35, 53]);
    // A factor of at most 1 still grows, so the search stays complete.
    let flat: Vec<u64> = (0..4)
        .map(|i| {
            Restarts::Geometric {
                first: 0,
                percent: 50,
            }
            .failures(i)
        })
        .collect();
    assert_eq!(flat, [1, 2, 3, 4]);
}

#[test]
fn same_seed_same_run() {
    for case in 0..40 {
        let run = |seed| {
            let mut solver = Solver::new(random_model(case), restarting(seed));
            let outcome = solver.solve();
            let mut stats = outcome.stats;
            stats.elapsed = Default::default();
            (
                outcome.status,
                outcome.solution.map(|s| s.into_values()),
                stats,
                solver.weights().to_vec(),
            )
        };
        assert_eq!(run(7), run(7), "case {case}");
    }
    // A hard instance, where ties and restarts matter: same seed, same run.
    let run = |seed| {
        let mut solver = Solver::new(pigeonhole(6), restarting(seed));
        let mut stats = solver.solve().stats;
        stats.elapsed = Default::default();
        stats
    };
    assert_eq!(run(3), run(3));
    assert!(run(3).restarts > 0);
}

#[test]
fn seeds_change_ties_only_when_asked() {
    // Without a seed, dom/wdeg takes the first tied variable: the default
    // search is unchanged by the new settings.
    let plain = Config::new().var_order(VarOrder::DomWdeg);
    let a = Solver::new(pigeonhole(6), plain.clone()).solve().stats;
    let b = Solver::new(pigeonhole(6), plain).solve().stats;
    assert_eq!(
        (a.nodes, a.backtracks, a.restarts),
        (b.nodes, b.backtracks, 0)
    );
    // Different seeds explore differently: on some random model, the first
    // solution or the number of nodes depends on the seed.
    let differs = (0..40).any(|case| {
        let run = |seed| {
            let config = Config::new().var_order(VarOrder::DomWdeg).seed(seed);
            let outcome = Solver::new(random_model(case), config).solve();
            (
                outcome.stats.nodes,
                outcome.solution.map(|s| s.into_values()),
            )
        };
        (1..8).any(|seed| run(seed) != run(0))
    });
    assert!(differs);
}

#[test]
fn restarts_agree_with_plain_search() {
    for case in 0..300 {
        let model = random_model(case);
        let plain = Solver::new(random_model(case), Config::new()).solve();
        for schedule in [
            Restarts::Luby { scale: 1 },
            Restarts::Geometric {
                first: 1,
                percent: 120,
            },
        ] {
            let config = Config::new()
                .var_order(VarOrder::DomWdeg)
                .restarts(schedule)
                .seed(case);
            let mut solver = Solver::new(random_model(case), config);
            let outcome = solver.solve();
            assert_eq!(outcome.status, plain.status, "case {case}");
            if let Some(solution) = outcome.solution {
                assert!(model.is_solution(solution.values()), "case {case}");
            }
        }
    }
}

#[test]
fn restarts_prove_unsatisfiability() {
    let mut solver = Solver::new(pigeonhole(6), restarting(1));
    let outcome = solver.solve();
    assert_eq!(outcome.status, Status::Unsolvable);
    assert!(outcome.stats.restarts > 0);
}

#[test]
fn weights_survive_restarts() {
    // Runs may fail 1, 2, 3, ... times. Each failure of a propagation adds
    // one to a weight; the last run makes at most its allowance plus one
    // failed refutation per level, so weights summing to more than that
    // must have been kept from the earlier runs.
    let schedule = Restarts::Geometric {
        first: 1,
        percent: 100,
    };
    let pigeons = 6;
    let config = Config::new()
        .var_order(VarOrder::DomWdeg)
        .restarts(schedule)
        .seed(5);
    let mut solver = Solver::new(pigeonhole(pigeons), config);
    let outcome = solver.solve();
    assert_eq!(outcome.status, Status::Unsolvable);
    let restarts = outcome.stats.restarts;
    assert!(restarts >= 3, "{restarts}");
    let learnt: u64 = solver.weights().iter().map(|w| w - 1).sum();
    let last_run = schedule.failures(restarts) + pigeons as u64 + 1;
    assert!(
        learnt > last_run,
        "learnt {learnt}, last run at most {last_run}"
    );
    // A new search starts from fresh weights.
    solver.reset();
    assert!(solver.weights().iter().all(|&w| w == 1));
}

#[test]
fn counting_ignores_restarts() {
    for case in 0..100 {
        let plain = Solver::new(random_model(case), Config::new()).count(u64::MAX);
        let mut solver = Solver::new(random_model(case), restarting(case));
        let count = solver.count(u64::MAX);
        assert_eq!(count.status, CountStatus::Complete);
        assert_eq!(count.count, plain.count, "case {case}");
        assert_eq!(count.stats.restarts, 0);
        let mut seen = std::collections::BTreeSet::new();
        let visited = solver.for_each_solution(|s| seen.insert(s.values().to_vec()));
        assert_eq!(
            visited.count, plain.count,
            "a solution came twice, case {case}"
        );
        assert_eq!(solver.solutions().count() as u64, plain.count);
    }
}
