//! The brute-force harness the global constraints' property tests share:
//! random small domains, every assignment enumerated, and the checks a
//! propagation fixpoint and a search are held to (soundness, strength,
//! exact counts), with the figures of what was checked.

#![allow(dead_code, reason = "each test file uses its own part of the harness")]

use std::collections::BTreeSet;

use csp_core::{Config, Inference, Model, Observer, Solver, Var, VarOrder};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// A seeded generator: the same seed gives the same instances.
#[derive(Debug)]
pub struct Random(SmallRng);

impl Random {
    pub fn new(seed: u64) -> Self {
        Random(SmallRng::seed_from_u64(seed))
    }

    /// A number in `0..n`.
    pub fn below(&mut self, n: usize) -> usize {
        self.0.random_range(0..n)
    }

    /// A number in `lo..=hi`.
    pub fn between(&mut self, lo: i64, hi: i64) -> i64 {
        self.0.random_range(lo..=hi)
    }

    /// True with probability `percent` / 100.
    pub fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }

    /// A random non-empty subset of `lo..lo + span`, each value kept with
    /// probability `percent` / 100.
    pub fn domain(&mut self, lo: i32, span: usize, percent: usize) -> Vec<i32> {
        let mut domain: Vec<i32> = (0..span as i32)
            .map(|i| lo + i)
            .filter(|_| self.chance(percent))
            .collect();
        if domain.is_empty() {
            domain.push(lo + self.below(span) as i32);
        }
        domain
    }
}

/// Every assignment of `domains`, in order.
pub fn for_each_assignment(domains: &[Vec<i32>], mut visit: impl FnMut(&[i32])) {
    if domains.iter().any(Vec::is_empty) {
        return;
    }
    let mut index = vec![0; domains.len()];
    let mut values: Vec<i32> = domains.iter().map(|d| d[0]).collect();
    loop {
        visit(&values);
        let mut k = 0;
        loop {
            if k == domains.len() {
                return;
            }
            index[k] += 1;
            if index[k] < domains[k].len() {
                values[k] = domains[k][index[k]];
                break;
            }
            index[k] = 0;
            values[k] = domains[k][0];
            k += 1;
        }
    }
}

/// The solutions of `holds` over `domains`, and their projections.
pub struct Brute {
    pub solutions: u64,
    pub projection: Vec<BTreeSet<i32>>,
}

pub fn brute(domains: &[Vec<i32>], holds: &dyn Fn(&[i32]) -> bool) -> Brute {
    let mut solutions = 0;
    let mut projection = vec![BTreeSet::new(); domains.len()];
    for_each_assignment(domains, |values| {
        if holds(values) {
            solutions += 1;
            for (set, &value) in projection.iter_mut().zip(values) {
                set.insert(value);
            }
        }
    });
    Brute {
        solutions,
        projection,
    }
}

/// Whether `x_i = value` has a support given the domains: `(domains, i, value)`.
pub type Supported<'a> = &'a dyn Fn(&[Vec<i32>], usize, i32) -> bool;

/// How strong a propagator promises to be.
pub enum Level<'a> {
    /// Every value left has a support: the domains become the projections
    /// of the solutions (and the fixpoint fails when there are none).
    Domain,
    /// Each variable's least and greatest value has a support in a
    /// relaxation: `supported(domains, var, value)`; when no variable can
    /// keep a value so supported, the fixpoint fails.
    Bounds(Supported<'a>),
    /// Nothing promised beyond soundness (a variable listed twice).
    Sound,
}

/// What the checks covered, printed at the end of a test.
#[derive(Debug, Default)]
pub struct Figures {
    /// Instances (models) built.
    pub instances: u64,
    /// Propagation fixpoints checked against brute force.
    pub fixpoints: u64,
    /// Values propagation removed, each checked to be in no solution.
    pub removals: u64,
    /// Values kept, each checked for a support (or its bound for one).
    pub supports: u64,
    /// Fixpoints that failed, each checked to have no solution.
    pub failures: u64,
    /// Searches whose count was compared with brute force.
    pub counts: u64,
    /// Solutions counted by those searches.
    pub solutions: u64,
}

impl Figures {
    pub fn print(&self, what: &str) {
        println!(
            "{what}: {} instances, {} fixpoints ({} failed, each with no solution), \
             {} removals checked unsupported, {} kept values or bounds checked supported, \
             {} searches counting {} solutions as brute force does",
            self.instances,
            self.fixpoints,
            self.failures,
            self.removals,
            self.supports,
            self.counts,
            self.solutions
        );
    }
}

/// One instance: its variables' domains, how the constraint is added to a
/// model, and the constraint itself as a predicate on the values.
pub struct Case<'a> {
    pub domains: Vec<Vec<i32>>,
    pub add: &'a dyn Fn(&mut Model, &[Var]),
    pub holds: &'a dyn Fn(&[i32]) -> bool,
}

impl Case<'_> {
    pub fn model(&self) -> (Model, Vec<Var>) {
        let mut model = Model::new();
        let vars: Vec<Var> = self
            .domains
            .iter()
            .map(|d| model.new_var(d.iter().copied()))
            .collect();
        (self.add)(&mut model, &vars);
        (model, vars)
    }
}

/// Checks one fixpoint: the solver's domains before it are `before`; after
/// it nothing a solution uses is gone, and what is left is as strong as
/// `level` promises.
fn check_fixpoint(
    solver: &mut Solver,
    vars: &[Var],
    before: &[Vec<i32>],
    case: &Case<'_>,
    level: &Level<'_>,
    figures: &mut Figures,
) -> bool {
    let report = solver.ac3(false);
    figures.fixpoints += 1;
    let truth = brute(before, case.holds);
    if !report.consistent {
        figures.failures += 1;
        assert_eq!(
            truth.solutions, 0,
            "the fixpoint failed on {before:?}, which has solutions"
        );
        return false;
    }
    let after: Vec<Vec<i32>> = vars.iter().map(|&v| solver.domain(v)).collect();
    for (i, (old, new)) in before.iter().zip(&after).enumerate() {
        for value in old.iter().filter(|value| !new.contains(value)) {
            figures.removals += 1;
            assert!(
                !truth.projection[i].contains(value),
                "variable {i} lost {value}, which a solution uses: {before:?} -> {after:?}"
            );
        }
    }
    match level {
        Level::Domain => {
            assert!(
                truth.solutions > 0,
                "no solution on {before:?}, yet the fixpoint kept {after:?}"
            );
            for (i, new) in after.iter().enumerate() {
                figures.supports += new.len() as u64;
                assert_eq!(
                    new.iter().copied().collect::<BTreeSet<i32>>(),
                    truth.projection[i],
                    "variable {i} keeps an unsupported value: {before:?} -> {after:?}"
                );
            }
        }
        Level::Bounds(supported) => {
            for (i, new) in after.iter().enumerate() {
                for value in [new[0], new[new.len() - 1]] {
                    figures.supports += 1;
                    assert!(
                        supported(&after, i, value),
                        "variable {i}'s bound {value} has no support: {before:?} -> {after:?}"
                    );
                }
            }
        }
        Level::Sound => {}
    }
    true
}

/// The fixpoint at the root, then after fixing a few variables one at a
/// time on the same solver (its trailed state carried over), each checked.
pub fn check_propagation(
    random: &mut Random,
    case: &Case<'_>,
    level: &Level<'_>,
    figures: &mut Figures,
) {
    figures.instances += 1;
    let (model, vars) = case.model();
    let mut solver = Solver::new(model, Config::default());
    let mut before = case.domains.clone();
    for _ in 0..=vars.len() {
        if !check_fixpoint(&mut solver, &vars, &before, case, level, figures) {
            return;
        }
        let after: Vec<Vec<i32>> = vars.iter().map(|&v| solver.domain(v)).collect();
        // Fix a random open variable to a random value it has left, or
        // remove one of its values.
        let open: Vec<usize> = (0..vars.len()).filter(|&i| after[i].len() > 1).collect();
        if open.is_empty() {
            return;
        }
        let i = open[random.below(open.len())];
        let value = after[i][random.below(after[i].len())];
        before = after;
        if random.chance(70) {
            solver.fix(vars[i], value);
            before[i] = vec![value];
        } else {
            solver.remove_value(vars[i], value);
            before[i].retain(|&v| v != value);
        }
    }
}

/// A constraint over a scope that lists a variable more than once: its
/// propagation is only promised sound, and a search counts exactly.
pub fn check_sound_and_count(random: &mut Random, case: &Case<'_>, figures: &mut Figures) {
    check_propagation(random, case, &Level::Sound, figures);
    let (model, _) = case.model();
    check_count(model, Config::new(), &case.domains, case.holds, figures);
}

/// The prunings a solve reports, each under the name of the constraint
/// that made it: `(name, variable, values removed)`.
#[derive(Default)]
pub struct Prunings(pub Vec<(String, Var, Vec<i32>)>);

impl Observer for Prunings {
    fn pruned(&mut self, propagator: &str, var: Var, removed: &[i32]) {
        self.0.push((propagator.to_owned(), var, removed.to_vec()));
    }
}

/// The search configurations counts are compared under.
pub fn configs() -> Vec<Config> {
    vec![
        Config::new(),
        Config::new().inference(Inference::ForwardChecking),
        Config::new()
            .inference(Inference::Ac3ThenForwardChecking)
            .var_order(VarOrder::Input),
        Config::new().var_order(VarOrder::DomWdeg),
    ]
}

/// Counts the solutions of `model` under `config`, checks each one found
/// with `holds` and compares the count with brute force over `domains`.
pub fn check_count(
    model: Model,
    config: Config,
    domains: &[Vec<i32>],
    holds: &dyn Fn(&[i32]) -> bool,
    figures: &mut Figures,
) {
    let expected = brute(domains, holds).solutions;
    let mut solver = Solver::new(model, config.clone());
    let mut found = 0;
    solver.for_each_solution(|solution| {
        assert!(holds(solution.values()), "a false solution {solution:?}");
        found += 1;
        true
    });
    figures.counts += 1;
    figures.solutions += found;
    assert_eq!(found, expected, "count under {config:?} over {domains:?}");
}
