//! The linear constraint (`Linear`, `Model::linear`, `linear_eq`,
//! `sum_eq`) against brute force on thousands of random small instances
//! with coefficients of both signs: a fixpoint never removes a value a
//! solution uses; each variable's least and greatest value left has a
//! support in the relaxation where the other variables range over the
//! reals between their bounds (bounds consistency), also after variables
//! are fixed one by one on the same solver; a one-sided constraint is
//! domain consistent; and search counts the solutions brute force
//! counts, alone and beside all-different and a second sum. Sums near the
//! `i64` limit are counted exactly too.

mod support;

use std::cell::Cell;

use csp_core::{Config, Linear, Model, Solver, Var};
use support::{
    Case, Figures, Level, Prunings, Random, brute, check_count, check_propagation,
    check_sound_and_count, configs, for_each_assignment,
};

/// A random instance: 3 to 6 variables over small domains (narrower the
/// more variables), coefficients in -4..=4 (now and then 0, or large), and
/// bounds near the totals the domains reach: an equality, a range, or one
/// side only.
struct Instance {
    domains: Vec<Vec<i32>>,
    coeffs: Vec<i64>,
    lo: i64,
    hi: i64,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Sides {
    Equal,
    Range,
    AtMost,
    AtLeast,
}

impl Instance {
    /// The constraint as the model adds it.
    fn add(&self) -> impl Fn(&mut Model, &[Var]) + '_ {
        |model: &mut Model, vars: &[Var]| model.linear(vars, &self.coeffs, self.lo, self.hi)
    }

    /// Whether values satisfy it, by the sum itself.
    fn holds(&self) -> impl Fn(&[i32]) -> bool + '_ {
        |values: &[i32]| {
            let t = total(&self.coeffs, values);
            self.lo as i128 <= t && t <= self.hi as i128
        }
    }
}

/// An instance of each kind in turn, by round.
fn instance_of_round(random: &mut Random, round: usize) -> Instance {
    let sides = [Sides::Equal, Sides::Range, Sides::AtMost, Sides::AtLeast][round % 4];
    instance(random, sides)
}

fn instance(random: &mut Random, sides: Sides) -> Instance {
    let n = 3 + random.below(4);
    let span = 9 - n;
    let domains: Vec<Vec<i32>> = (0..n)
        .map(|_| {
            let lo = random.between(-3, 2) as i32;
            random.domain(lo, span, 70)
        })
        .collect();
    let coeffs: Vec<i64> = (0..n)
        .map(|_| match random.below(20) {
            0 => 0,
            1 => random.between(-1000, 1000),
            _ => {
                let a = random.between(1, 4);
                if random.chance(50) { a } else { -a }
            }
        })
        .collect();
    let (least, greatest) = reach(&domains, &coeffs);
    let pick = |random: &mut Random| random.between(least - 2, greatest + 2);
    let (lo, hi) = match sides {
        Sides::Equal => {
            let c = pick(random);
            (c, c)
        }
        Sides::Range => {
            let (a, b) = (pick(random), pick(random));
            (a.min(b), a.max(b))
        }
        Sides::AtMost => (i64::MIN, pick(random)),
        Sides::AtLeast => (pick(random), i64::MAX),
    };
    Instance {
        domains,
        coeffs,
        lo,
        hi,
    }
}

/// The least and greatest total over the domains' bounds.
fn reach(domains: &[Vec<i32>], coeffs: &[i64]) -> (i64, i64) {
    let (mut least, mut greatest) = (0, 0);
    for (domain, &a) in domains.iter().zip(coeffs) {
        let (p, q) = (a * domain[0] as i64, a * domain[domain.len() - 1] as i64);
        least += p.min(q);
        greatest += p.max(q);
    }
    (least, greatest)
}

fn total(coeffs: &[i64], values: &[i32]) -> i128 {
    coeffs
        .iter()
        .zip(values)
        .map(|(&a, &x)| a as i128 * x as i128)
        .sum()
}

impl Instance {
    /// Whether `x_i = value` extends to a solution of the relaxation: the
    /// other variables real, between their bounds in `domains`.
    fn relaxed_support(&self, domains: &[Vec<i32>], i: usize, value: i32) -> bool {
        let (least, greatest) = reach(&with_value(domains, i, value), &self.coeffs);
        least <= self.hi && greatest >= self.lo
    }

    /// Whether `x_i = value` extends to a solution of the constraint within
    /// the domains themselves (integers, holes respected).
    fn integer_support(&self, domains: &[Vec<i32>], i: usize, value: i32) -> bool {
        let others = with_value(domains, i, value);
        let (coeffs, lo, hi) = (&self.coeffs, self.lo, self.hi);
        let mut found = false;
        for_each_assignment(&others, |values| {
            let t = total(coeffs, values);
            found |= lo as i128 <= t && t <= hi as i128;
        });
        found
    }
}

/// `domains` with variable `i` fixed to `value`.
fn with_value(domains: &[Vec<i32>], i: usize, value: i32) -> Vec<Vec<i32>> {
    let mut others = domains.to_vec();
    others[i] = vec![value];
    others
}

#[test]
fn a_fixpoint_is_sound_and_bounds_consistent() {
    let mut random = Random::new(0x5eed_0101);
    let mut figures = Figures::default();
    let integer = Cell::new(0u64);
    for round in 0..4000 {
        let sides = if round % 2 == 0 {
            Sides::Equal
        } else {
            Sides::Range
        };
        let instance = instance(&mut random, sides);
        let (add, holds) = (instance.add(), instance.holds());
        let supported = |domains: &[Vec<i32>], i: usize, value: i32| {
            if instance.integer_support(domains, i, value) {
                integer.set(integer.get() + 1);
            }
            instance.relaxed_support(domains, i, value)
        };
        let case = Case {
            domains: instance.domains.clone(),
            add: &add,
            holds: &holds,
        };
        check_propagation(&mut random, &case, &Level::Bounds(&supported), &mut figures);
    }
    figures.print("linear fixpoints (equalities and ranges)");
    println!(
        "  of the {} bounds checked, {} also have a support in the domains themselves",
        figures.supports,
        integer.get()
    );
    assert!(figures.removals > 10_000 && figures.failures > 100);
}

#[test]
fn a_one_sided_constraint_is_domain_consistent() {
    let mut random = Random::new(0x5eed_0102);
    let mut figures = Figures::default();
    for round in 0..3000 {
        let sides = if round % 2 == 0 {
            Sides::AtMost
        } else {
            Sides::AtLeast
        };
        let instance = instance(&mut random, sides);
        let (add, holds) = (instance.add(), instance.holds());
        let case = Case {
            domains: instance.domains.clone(),
            add: &add,
            holds: &holds,
        };
        check_propagation(&mut random, &case, &Level::Domain, &mut figures);
    }
    figures.print("linear fixpoints (one side)");
    assert!(figures.removals > 3000);
}

#[test]
fn a_variable_listed_twice_has_its_coefficients_added() {
    let mut random = Random::new(0x5eed_0103);
    let mut figures = Figures::default();
    for round in 0..1500 {
        // The instance's own coefficients give way to a listing with repeats.
        let Instance {
            domains, lo, hi, ..
        } = instance_of_round(&mut random, round);
        let n = domains.len();
        let scope: Vec<usize> = (0..n + 2).map(|_| random.below(n)).collect();
        let listed_coeffs: Vec<i64> = scope.iter().map(|_| random.between(-3, 3)).collect();
        let (scope_add, coeffs_add) = (scope.clone(), listed_coeffs.clone());
        let add = move |model: &mut Model, vars: &[Var]| {
            let listed: Vec<Var> = scope_add.iter().map(|&i| vars[i]).collect();
            model.linear(&listed, &coeffs_add, lo, hi);
        };
        // The same sum with the coefficients gathered per variable.
        let mut merged = vec![0; n];
        for (&i, &a) in scope.iter().zip(&listed_coeffs) {
            merged[i] += a;
        }
        let gathered = Instance {
            domains: Vec::new(),
            coeffs: merged,
            lo,
            hi,
        };
        let holds = gathered.holds();
        let case = Case {
            domains,
            add: &add,
            holds: &holds,
        };
        check_sound_and_count(&mut random, &case, &mut figures);
    }
    figures.print("linear with repeated variables");
}

#[test]
fn search_counts_as_brute_force_with_other_constraints() {
    let mut random = Random::new(0x5eed_0104);
    let mut figures = Figures::default();
    for round in 0..800 {
        let Instance {
            domains,
            coeffs,
            lo,
            hi,
        } = instance_of_round(&mut random, round);
        let n = domains.len();
        let mut model = Model::new();
        let vars: Vec<Var> = domains
            .iter()
            .map(|d| model.new_var(d.iter().copied()))
            .collect();
        model.linear(&vars, &coeffs, lo, hi);
        // A sum of the first three on every other round, an all-different
        // over the last three on every third.
        let sum = (round % 2 == 0).then(|| {
            let three: Vec<i32> = domains[..3]
                .iter()
                .map(|d| d[random.below(d.len())])
                .collect();
            three.iter().sum::<i32>() as i64
        });
        if let Some(sum) = sum {
            model.sum_eq(&vars[..3], sum);
        }
        let alldiff = round % 3 == 0;
        if alldiff {
            model.all_different(&vars[n - 3..]);
        }
        let holds = |values: &[i32]| {
            let t = total(&coeffs, values);
            let last = &values[n - 3..];
            lo as i128 <= t
                && t <= hi as i128
                && sum.is_none_or(|sum| values[..3].iter().sum::<i32>() as i64 == sum)
                && (!alldiff || (last[0] != last[1] && last[0] != last[2] && last[1] != last[2]))
        };
        for config in configs() {
            check_count(model.clone(), config, &domains, &holds, &mut figures);
        }
    }
    figures.print("linear searches");
    assert!(figures.solutions > 10_000);
}

#[test]
fn sums_near_the_limit_are_exact() {
    let mut figures = Figures::default();
    let mut random = Random::new(0x5eed_0105);
    for _ in 0..200 {
        let n = 3;
        // Terms up to 2^59 each: their sums need all of i64's room.
        let domains: Vec<Vec<i32>> = (0..n)
            .map(|_| {
                let lo = random.between(-(1 << 20), 1 << 20) as i32;
                (lo..lo + 4).collect()
            })
            .collect();
        let coeffs: Vec<i64> = (0..n)
            .map(|_| random.between(-(1 << 38), 1 << 38))
            .collect();
        let values: Vec<i32> = domains.iter().map(|d| d[random.below(4)]).collect();
        let target = total(&coeffs, &values) as i64;
        let mut model = Model::new();
        let vars: Vec<Var> = domains
            .iter()
            .map(|d| model.new_var(d.iter().copied()))
            .collect();
        model.linear_eq(&vars, &coeffs, target);
        let holds = |values: &[i32]| total(&coeffs, values) == target as i128;
        assert!(brute(&domains, &holds).solutions >= 1);
        for config in configs() {
            check_count(model.clone(), config, &domains, &holds, &mut figures);
        }
    }
    figures.print("linear near the limit");
}

#[test]
fn prunings_name_the_formula() {
    let mut model = Model::new();
    let x = model.new_named_var("x", 0..=5);
    let y = model.new_named_var("y", 0..=5);
    let z = model.new_var(0..=5);
    model.add_propagator(Linear::new(&model, &[x, y, z], &[3, -2, -1], 1, 1).named("row 2"));
    model.linear(&[x, y], &[1, 1], i64::MIN, 3);
    let many = model.new_vars(8, 0..=1);
    model.sum_eq(&many, 8);
    let mut solver = Solver::new(model, Config::default());
    let mut names = Prunings::default();
    assert!(solver.ac3_observed(&mut names).consistent);
    let names: Vec<&str> = names.0.iter().map(|(name, _, _)| name.as_str()).collect();
    assert!(names.contains(&"3*x - 2*y - x2 = 1 [row 2]"), "{names:?}");
    assert!(names.contains(&"x + y <= 3"), "{names:?}");
    assert!(
        names.contains(&"x3 + x4 + x5 + x6 + x7 + ... (8 terms) = 8"),
        "{names:?}"
    );
}
