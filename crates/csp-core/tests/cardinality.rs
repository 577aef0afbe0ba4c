//! The counting constraint (`Cardinality`, `Model::at_least`, `at_most`,
//! `exactly`) against brute force on thousands of random small instances:
//! a fixpoint never removes a value a solution uses, leaves every domain
//! exactly the projection of the solutions (domain consistency), also after
//! variables are fixed one by one on the same solver (its trailed counters
//! carried over), and search counts the solutions brute force counts, alone
//! and beside all-different and other counts.

mod support;

use csp_core::{Cardinality, Config, Model, Solver, Var};
use support::{
    Case, Figures, Level, Prunings, Random, check_count, check_propagation, check_sound_and_count,
    configs,
};

/// A random instance: 3 to 6 variables, 0/1 mostly (some fixed), or small
/// domains counting a value of them; bounds anywhere from 0 to past the
/// number of variables, now and then crossed.
struct Instance {
    domains: Vec<Vec<i32>>,
    value: i32,
    lo: usize,
    hi: usize,
}

fn instance(random: &mut Random) -> Instance {
    let n = 3 + random.below(4);
    let boolean = random.chance(70);
    let domains = (0..n)
        .map(|_| {
            if boolean {
                match random.below(6) {
                    0 => vec![0],
                    1 => vec![1],
                    _ => vec![0, 1],
                }
            } else {
                random.domain(0, 4, 60)
            }
        })
        .collect();
    let value = if boolean { 1 } else { random.below(4) as i32 };
    let lo = random.below(n + 2);
    let hi = if random.chance(10) {
        random.below(n + 2)
    } else {
        lo + random.below(n + 2 - lo)
    };
    Instance {
        domains,
        value,
        lo,
        hi,
    }
}

fn count_of(values: &[i32], value: i32) -> usize {
    values.iter().filter(|&&v| v == value).count()
}

#[test]
fn a_fixpoint_is_sound_and_domain_consistent() {
    let mut random = Random::new(0x5eed_0001);
    let mut figures = Figures::default();
    for _ in 0..4000 {
        let Instance {
            domains,
            value,
            lo,
            hi,
        } = instance(&mut random);
        let add = move |model: &mut Model, vars: &[Var]| {
            let constraint = Cardinality::of_value(model, vars, value, lo, hi);
            model.add_propagator(constraint);
        };
        let holds = move |values: &[i32]| (lo..=hi).contains(&count_of(values, value));
        let case = Case {
            domains,
            add: &add,
            holds: &holds,
        };
        check_propagation(&mut random, &case, &Level::Domain, &mut figures);
    }
    figures.print("cardinality fixpoints");
    assert!(figures.removals > 1000 && figures.failures > 100);
}

#[test]
fn a_variable_listed_twice_counts_twice_and_prunes_soundly() {
    let mut random = Random::new(0x5eed_0002);
    let mut figures = Figures::default();
    for _ in 0..1500 {
        let Instance {
            domains, lo, hi, ..
        } = instance(&mut random);
        let n = domains.len();
        let scope: Vec<usize> = (0..n + 2).map(|_| random.below(n)).collect();
        let scope_for_add = scope.clone();
        let add = move |model: &mut Model, vars: &[Var]| {
            let listed: Vec<Var> = scope_for_add.iter().map(|&i| vars[i]).collect();
            model.cardinality(&listed, lo, hi);
        };
        let holds = move |values: &[i32]| {
            let count = scope.iter().filter(|&&i| values[i] == 1).count();
            (lo..=hi).contains(&count)
        };
        let case = Case {
            domains,
            add: &add,
            holds: &holds,
        };
        check_sound_and_count(&mut random, &case, &mut figures);
    }
    figures.print("cardinality with repeated variables");
}

#[test]
fn the_helpers_mean_at_least_at_most_and_exactly() {
    let mut figures = Figures::default();
    // From one variable: forward checking never runs a propagator over none.
    for n in 1..=6usize {
        for k in 0..=n + 1 {
            let domains = vec![vec![0, 1]; n];
            type Add = fn(&mut Model, &[Var], usize);
            type Holds = fn(usize, usize) -> bool;
            let helpers: [(Add, Holds); 3] = [
                (Model::at_least, |count, k| count >= k),
                (Model::at_most, |count, k| count <= k),
                (Model::exactly, |count, k| count == k),
            ];
            for (add, holds) in helpers {
                let mut model = Model::new();
                let vars = model.new_vars(n, 0..=1);
                add(&mut model, &vars, k);
                for config in configs() {
                    check_count(
                        model.clone(),
                        config,
                        &domains,
                        &|values| holds(count_of(values, 1), k),
                        &mut figures,
                    );
                }
            }
        }
    }
    figures.print("cardinality helpers");
}

#[test]
fn search_counts_as_brute_force_with_other_constraints() {
    let mut random = Random::new(0x5eed_0003);
    let mut figures = Figures::default();
    for round in 0..600 {
        let first = instance(&mut random);
        let n = first.domains.len();
        // A second count over a random part of the variables, and on every
        // other round an all-different over the first three.
        // Never empty: forward checking never runs a propagator over no variables.
        let mut part: Vec<usize> = (0..n).filter(|_| random.chance(60)).collect();
        if part.is_empty() {
            part.push(random.below(n));
        }
        let (lo2, hi2) = (random.below(3), 1 + random.below(4));
        let value2 = if first.value == 1 {
            0
        } else {
            random.below(4) as i32
        };
        let alldiff = round % 2 == 0;
        let Instance {
            domains,
            value,
            lo,
            hi,
        } = first;
        let part_for_model = part.clone();
        let mut model = Model::new();
        let vars: Vec<Var> = domains
            .iter()
            .map(|d| model.new_var(d.iter().copied()))
            .collect();
        let count = Cardinality::of_value(&mut model, &vars, value, lo, hi);
        model.add_propagator(count);
        let listed: Vec<Var> = part_for_model.iter().map(|&i| vars[i]).collect();
        let second = Cardinality::of_value(&mut model, &listed, value2, lo2, hi2);
        model.add_propagator(second);
        if alldiff {
            model.all_different(&vars[..3]);
        }
        let holds = |values: &[i32]| {
            let second = part.iter().filter(|&&i| values[i] == value2).count();
            (lo..=hi).contains(&count_of(values, value))
                && (lo2..=hi2).contains(&second)
                && (!alldiff
                    || (values[0] != values[1] && values[0] != values[2] && values[1] != values[2]))
        };
        for config in configs() {
            check_count(model.clone(), config, &domains, &holds, &mut figures);
        }
    }
    figures.print("cardinality searches");
    assert!(figures.solutions > 1000);
}

#[test]
fn prunings_name_the_constraint_and_say_why() {
    let mut model = Model::new();
    let vars = model.new_vars(5, 0..=1);
    let row = Cardinality::new(&mut model, &vars, 2, 2).named("row 3");
    model.add_propagator(row);
    model.assign(vars[0], 1);
    model.assign(vars[3], 1);
    let mut solver = Solver::new(model, Config::default());
    let mut names = Prunings::default();
    assert!(solver.ac3_observed(&mut names).consistent);
    let expected: Vec<(String, Var, Vec<i32>)> = [1, 2, 4]
        .map(|i| {
            let name = "exactly 2 of 5 [row 3] (2 are 1, no other can be)".to_owned();
            (name, vars[i], vec![1])
        })
        .into();
    assert_eq!(names.0, expected);

    let mut model = Model::new();
    let vars = model.new_vars(4, 0..=1);
    model.at_least(&vars, 3);
    model.assign(vars[1], 0);
    let mut solver = Solver::new(model, Config::default());
    let mut names = Prunings::default();
    assert!(solver.ac3_observed(&mut names).consistent);
    assert_eq!(names.0.len(), 3);
    assert!(names.0.iter().all(|(name, _, removed)| name
        == "at-least 3 of 4 (every open one must be 1)"
        && removed == &[0]));
}

/// A count over no variable is a constant: "at least 1 of none" has no
/// solution and "at most 0 of none" leaves the rest free, under every
/// inference (forward checking, which propagates nothing at the root,
/// once counted the free variables' 4 assignments for the first).
#[test]
fn a_count_over_no_variable_is_a_constant_under_every_inference() {
    for config in configs() {
        for (lo, hi, expected) in [(1, 1, 0), (0, 0, 4), (0, 3, 4)] {
            let mut model = Model::new();
            model.new_vars(2, 0..=1);
            model.cardinality(&[], lo, hi);
            model.linear(&[], &[], 0, 0);
            let count = Solver::new(model, config.clone()).count(u64::MAX).count;
            assert_eq!(count, expected, "{lo}..={hi} of none under {config:?}");
        }
        let mut model = Model::new();
        model.new_vars(2, 0..=1);
        model.linear(&[], &[], 1, 2);
        assert_eq!(Solver::new(model, config.clone()).count(u64::MAX).count, 0);
    }
}
