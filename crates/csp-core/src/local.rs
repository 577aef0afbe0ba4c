//! Min-conflicts local search: a greedy start, then repeatedly move a
//! conflicted variable to the value with the fewest conflicts (seeded, so runs repeat).

use std::time::{Duration, Instant};

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

use crate::model::{Model, Solution};

/// Min-conflicts settings and entry point.
#[derive(Debug, Clone)]
pub struct MinConflicts {
    seed: u64,
    max_steps: u64,
    time_limit: Option<Duration>,
    noise: f64,
}

impl Default for MinConflicts {
    fn default() -> Self {
        Self::new()
    }
}

/// The result of [`MinConflicts::solve`].
#[derive(Debug, Clone)]
pub struct LocalOutcome {
    /// A complete assignment satisfying every constraint, if one was reached.
    pub solution: Option<Solution>,
    /// Repair steps taken.
    pub steps: u64,
    /// Constraints still violated by the last assignment (0 when solved).
    pub violations: usize,
    /// Wall time.
    pub elapsed: Duration,
}

#[derive(Debug, Clone, Copy)]
enum Incidence {
    Binary { constraint: u32 },
    AllDiff { constraint: u32, offset: i32 },
    Custom { constraint: u32 },
}

impl MinConflicts {
    /// Seed 0, at most 1,000,000 steps, a 2% random walk.
    pub fn new() -> Self {
        MinConflicts {
            seed: 0,
            max_steps: 1_000_000,
            time_limit: None,
            noise: 0.02,
        }
    }

    /// Sets the random seed.
    pub fn seed(mut self, seed: u64) -> Self {
        self.seed = seed;
        self
    }

    /// Sets the step limit.
    pub fn max_steps(mut self, steps: u64) -> Self {
        self.max_steps = steps;
        self
    }

    /// Sets a time limit.
    pub fn time_limit(mut self, limit: Duration) -> Self {
        self.time_limit = Some(limit);
        self
    }

    /// Probability of moving a conflicted variable to a random value instead
    /// of a best one (a random walk that escapes plateaus).
    pub fn noise(mut self, probability: f64) -> Self {
        self.noise = probability;
        self
    }

    /// Runs local search on `model` (its domains and constraints, including custom ones).
    pub fn solve(&self, model: &Model) -> LocalOutcome {
        let start = Instant::now();
        let mut search = Local::new(model, self.seed);
        search.greedy_start();
        let mut steps = 0;
        let mut conflicted: Vec<u32> = Vec::new();
        let mut picks_since_scan = 0;
        loop {
            // Pick a variable that is still in conflict. The list is rescanned when
            // it runs dry and after as many picks as it had entries, so variables
            // that became conflicted since the last scan get their turn.
            if picks_since_scan >= conflicted.len() {
                conflicted.clear();
                picks_since_scan = 0;
            }
            picks_since_scan += 1;
            let var = loop {
                if conflicted.is_empty() {
                    conflicted.extend(
                        (0..model.num_vars() as u32)
                            .filter(|&v| search.conflicts_now(v as usize) > 0),
                    );
                    if conflicted.is_empty() {
                        break None;
                    }
                }
                let i = search.rng.random_range(0..conflicted.len());
                let v = conflicted[i] as usize;
                if search.conflicts_now(v) > 0 {
                    break Some(v);
                }
                conflicted.swap_remove(i);
            };
            let Some(var) = var else {
                let values = search.values.clone();
                let solved = model.is_solution(&values);
                return LocalOutcome {
                    solution: solved.then_some(Solution { values }),
                    steps,
                    violations: model.count_violations(&search.values),
                    elapsed: start.elapsed(),
                };
            };
            if steps >= self.max_steps
                || (steps % 256 == 0
                    && self
                        .time_limit
                        .is_some_and(|limit| start.elapsed() >= limit))
            {
                return LocalOutcome {
                    solution: None,
                    steps,
                    violations: model.count_violations(&search.values),
                    elapsed: start.elapsed(),
                };
            }
            steps += 1;
            let value = if self.noise > 0.0 && search.rng.random_bool(self.noise.min(1.0)) {
                let domain = &search.domains[var];
                domain[search.rng.random_range(0..domain.len())]
            } else {
                search.best_value(var)
            };
            search.set(var, value);
        }
    }
}

/// The state of one local search run.
struct Local<'a> {
    model: &'a Model,
    rng: SmallRng,
    values: Vec<i32>,
    placed: Vec<bool>,
    domains: Vec<Vec<i32>>,
    incidence: Vec<Vec<Incidence>>,
    /// Per all-different: lowest shifted value and counts of each shifted value.
    counts: Vec<(i64, Vec<u32>)>,
    custom_vars: Vec<Vec<usize>>,
    scratch: Vec<i32>,
}

impl<'a> Local<'a> {
    fn new(model: &'a Model, seed: u64) -> Self {
        let n = model.num_vars();
        let domains: Vec<Vec<i32>> = (0..n).map(|v| model.store.iter(v).collect()).collect();
        let mut incidence = vec![Vec::new(); n];
        for (c, b) in model.binaries.iter().enumerate() {
            incidence[b.x as usize].push(Incidence::Binary {
                constraint: c as u32,
            });
            if b.y != b.x {
                incidence[b.y as usize].push(Incidence::Binary {
                    constraint: c as u32,
                });
            }
        }
        let mut counts = Vec::new();
        for (c, spec) in model.alldiffs.iter().enumerate() {
            let mut lo = i64::MAX;
            let mut hi = i64::MIN;
            for (var, &offset) in spec.vars.iter().zip(&spec.offsets) {
                incidence[var.index()].push(Incidence::AllDiff {
                    constraint: c as u32,
                    offset,
                });
                for &value in &domains[var.index()] {
                    lo = lo.min(value as i64 + offset as i64);
                    hi = hi.max(value as i64 + offset as i64);
                }
            }
            let span = if hi >= lo { (hi - lo + 1) as usize } else { 0 };
            counts.push((lo, vec![0; span]));
        }
        let mut custom_vars = Vec::new();
        for (c, p) in model.customs.iter().enumerate() {
            let vars: Vec<usize> = p.variables().iter().map(|v| v.index()).collect();
            let mut seen = vars.clone();
            seen.sort_unstable();
            seen.dedup();
            for &v in &seen {
                incidence[v].push(Incidence::Custom {
                    constraint: c as u32,
                });
            }
            custom_vars.push(vars);
        }
        Local {
            model,
            rng: SmallRng::seed_from_u64(seed),
            values: domains
                .iter()
                .map(|d| d.first().copied().unwrap_or(0))
                .collect(),
            placed: vec![false; n],
            domains,
            incidence,
            counts,
            custom_vars,
            scratch: Vec::new(),
        }
    }

    /// Places variables one by one on a least-conflicting value (ties at random).
    fn greedy_start(&mut self) {
        for var in 0..self.values.len() {
            let value = self.best_value(var);
            self.placed[var] = true;
            self.values[var] = value;
            self.count(var, 1);
        }
    }

    fn count(&mut self, var: usize, delta: i32) {
        for k in 0..self.incidence[var].len() {
            if let Incidence::AllDiff { constraint, offset } = self.incidence[var][k] {
                let (lo, counts) = &mut self.counts[constraint as usize];
                let slot = (self.values[var] as i64 + offset as i64 - *lo) as usize;
                counts[slot] = counts[slot].wrapping_add_signed(delta);
            }
        }
    }

    fn set(&mut self, var: usize, value: i32) {
        self.count(var, -1);
        self.values[var] = value;
        self.count(var, 1);
    }

    fn conflicts_now(&mut self, var: usize) -> u32 {
        self.conflicts(var, self.values[var])
    }

    /// Constraints of `var` violated if it took `value` (placed variables only).
    fn conflicts(&mut self, var: usize, value: i32) -> u32 {
        let mut total = 0;
        for k in 0..self.incidence[var].len() {
            match self.incidence[var][k] {
                Incidence::Binary { constraint } => {
                    let b = &self.model.binaries[constraint as usize];
                    let (x, y) = (b.x as usize, b.y as usize);
                    let (other, a, c) = if x == var {
                        (y, value, self.values[y])
                    } else {
                        (x, self.values[x], value)
                    };
                    if self.placed[other] && !b.allows(a, c) {
                        total += 1;
                    }
                }
                Incidence::AllDiff { constraint, offset } => {
                    let (lo, counts) = &self.counts[constraint as usize];
                    let shifted = value as i64 + offset as i64;
                    let mut n = counts[(shifted - lo) as usize];
                    if self.placed[var] && self.values[var] as i64 + offset as i64 == shifted {
                        n -= 1;
                    }
                    total += n;
                }
                Incidence::Custom { constraint } => {
                    let vars = &self.custom_vars[constraint as usize];
                    if vars.iter().all(|&w| w == var || self.placed[w]) {
                        self.scratch.clear();
                        self.scratch.extend(
                            vars.iter()
                                .map(|&w| if w == var { value } else { self.values[w] }),
                        );
                        if !self.model.customs[constraint as usize].is_satisfied(&self.scratch) {
                            total += 1;
                        }
                    }
                }
            }
        }
        total
    }

    /// A value of `var` with the fewest conflicts, ties broken at random; the
    /// current value loses ties, so plateaus are crossed by sideways moves.
    fn best_value(&mut self, var: usize) -> i32 {
        let mut best = u32::MAX;
        let mut choice = self.values[var];
        let mut ties = 0u32;
        for i in 0..self.domains[var].len() {
            let value = self.domains[var][i];
            let mut c = self.conflicts(var, value).saturating_mul(2);
            if self.placed[var] && value == self.values[var] {
                c = c.saturating_add(1);
            }
            if c < best {
                best = c;
                choice = value;
                ties = 1;
            } else if c == best {
                ties += 1;
                if self.rng.random_range(0..ties) == 0 {
                    choice = value;
                }
            }
        }
        choice
    }
}
