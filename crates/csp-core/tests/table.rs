//! The n-ary table constraint against brute force on random small tables:
//! one table alone is made generalised arc consistent exactly (each domain
//! becomes the projection of the tuples still possible), and several tables
//! sharing variables count the same solutions as enumerating every
//! assignment, under each inference mode.

mod support;

use std::collections::BTreeSet;

use csp_core::{Config, Inference, Model, Solver, Var};
use support::for_each_assignment;

/// A small deterministic generator, so the tests need no seed plumbing.
fn next(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}

fn below(state: &mut u64, n: usize) -> usize {
    (next(state) % n as u64) as usize
}

/// A random domain of `span` consecutive candidates from `lo`, each kept with probability 3/4.
fn random_domain(state: &mut u64, lo: i32, span: usize) -> Vec<i32> {
    let mut domain: Vec<i32> = (0..span as i32)
        .map(|i| lo + i)
        .filter(|_| below(state, 4) != 0)
        .collect();
    if domain.is_empty() {
        domain.push(lo);
    }
    domain
}

/// `count` random tuples over `candidates` (some values outside the domains on purpose).
fn random_tuples(state: &mut u64, candidates: &[Vec<i32>], count: usize) -> Vec<Vec<i32>> {
    (0..count)
        .map(|_| {
            candidates
                .iter()
                .map(|c| c[below(state, c.len())])
                .collect()
        })
        .collect()
}

fn gac_of_one_table(state: &mut u64, span: usize, max_arity: usize) {
    let arity = 1 + below(state, max_arity);
    let mut model = Model::new();
    let mut domains = Vec::new();
    let vars: Vec<Var> = (0..arity)
        .map(|_| {
            let lo = below(state, 7) as i32 - 3;
            let domain = random_domain(state, lo, span);
            domains.push(domain.clone());
            model.new_var(domain)
        })
        .collect();
    // Candidates reach one past each domain's span, so some tuples are dead from the start.
    let candidates: Vec<Vec<i32>> = domains
        .iter()
        .map(|d| (d[0] - 1..=d[d.len() - 1] + 1).collect())
        .collect();
    let count = below(state, 3 * span);
    let tuples = random_tuples(state, &candidates, count);
    model.table_nary(&vars, &tuples);
    let live: BTreeSet<&Vec<i32>> = tuples
        .iter()
        .filter(|t| t.iter().zip(&domains).all(|(v, d)| d.contains(v)))
        .collect();
    let mut solver = Solver::new(model, Config::default());
    let report = solver.ac3(false);
    assert_eq!(report.consistent, !live.is_empty(), "tuples {tuples:?}");
    if report.consistent {
        for (pos, &var) in vars.iter().enumerate() {
            let projection: BTreeSet<i32> = live.iter().map(|t| t[pos]).collect();
            assert_eq!(
                solver.domain(var),
                projection.into_iter().collect::<Vec<_>>(),
                "position {pos} of {tuples:?}"
            );
        }
    }
    assert_eq!(solver.count(u64::MAX).count, live.len() as u64);
}

#[test]
fn one_table_is_made_exactly_generalised_arc_consistent() {
    let mut state = 0x853c_49e6_748f_ea9b;
    for _ in 0..300 {
        let span = 2 + below(&mut state, 6);
        gac_of_one_table(&mut state, span, 4);
    }
}

#[test]
fn one_table_over_domains_of_more_than_64_values() {
    let mut state = 0xda94_2042_e4dd_58b5;
    for _ in 0..40 {
        let span = 65 + below(&mut state, 100);
        gac_of_one_table(&mut state, span, 3);
    }
}

#[test]
fn several_tables_count_the_solutions_of_brute_force() {
    let mut state = 0x6a09_e667_f3bc_c909;
    for round in 0..150 {
        let n = 2 + below(&mut state, 4);
        let domains: Vec<Vec<i32>> = (0..n)
            .map(|_| {
                let lo = below(&mut state, 5) as i32 - 2;
                let span = 2 + below(&mut state, 4);
                random_domain(&mut state, lo, span)
            })
            .collect();
        // Each table over a random subset of the variables (a variable may repeat).
        let tables: Vec<(Vec<usize>, Vec<Vec<i32>>)> = (0..1 + below(&mut state, 3))
            .map(|_| {
                let scope: Vec<usize> = (0..1 + below(&mut state, 3))
                    .map(|_| below(&mut state, n))
                    .collect();
                let candidates: Vec<Vec<i32>> = scope.iter().map(|&i| domains[i].clone()).collect();
                let count = 1 + below(&mut state, 12);
                (scope, random_tuples(&mut state, &candidates, count))
            })
            .collect();
        let mut expected = 0u64;
        for_each_assignment(&domains, |values| {
            let ok = tables.iter().all(|(scope, tuples)| {
                tuples
                    .iter()
                    .any(|t| scope.iter().zip(t).all(|(&i, &v)| values[i] == v))
            });
            expected += ok as u64;
        });
        for inference in [
            Inference::ForwardChecking,
            Inference::Ac3ThenForwardChecking,
            Inference::Mac,
        ] {
            let mut model = Model::new();
            let vars: Vec<Var> = domains
                .iter()
                .map(|d| model.new_var(d.iter().copied()))
                .collect();
            for (scope, tuples) in &tables {
                let scope: Vec<Var> = scope.iter().map(|&i| vars[i]).collect();
                model.table_nary(&scope, tuples);
            }
            let mut solver = Solver::new(model, Config::default().inference(inference));
            let mut found = 0u64;
            let count = solver.for_each_solution(|solution| {
                let values: Vec<i32> = vars.iter().map(|&v| solution[v]).collect();
                assert!(
                    tables.iter().all(|(scope, tuples)| tuples
                        .iter()
                        .any(|t| scope.iter().zip(t).all(|(&i, &v)| values[i] == v))),
                    "round {round}: {values:?} breaks a table"
                );
                found += 1;
                true
            });
            assert_eq!(count.count, expected, "round {round}, {inference:?}");
            assert_eq!(found, expected);
        }
    }
}

#[test]
fn an_empty_table_has_no_solution() {
    let mut model = Model::new();
    let x = model.new_var(0..3);
    let y = model.new_var(0..3);
    model.table_nary(&[x, y], Vec::<Vec<i32>>::new());
    let mut solver = Solver::new(model, Config::default());
    assert!(!solver.ac3(false).consistent);
    assert_eq!(solver.count(u64::MAX).count, 0);
    assert!(!solver.is_solution(&[0, 0]));
}
