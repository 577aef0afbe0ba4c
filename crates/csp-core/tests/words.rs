//! Word-level domain access from propagators on domains of 65 to 300 values:
//! `Context::words` sees every value, and `intersect_mask` / `intersect_words`
//! always narrow (the old code left domains above 64 values untouched, so a
//! propagator's pruning was silently lost).

use csp_core::{Config, Conflict, Context, Model, Propagator, Solver, Var};

/// Keeps the values of `var` whose offset from `base` is in `keep` (a word
/// list, or a single mask when `single` is set).
#[derive(Debug, Clone)]
struct Keep {
    var: Var,
    keep: Vec<u64>,
    single: bool,
}

impl Keep {
    fn allows(&self, offset: usize) -> bool {
        self.keep
            .get(offset / 64)
            .is_some_and(|w| w >> (offset % 64) & 1 == 1)
    }
}

impl Propagator for Keep {
    fn variables(&self) -> Vec<Var> {
        vec![self.var]
    }

    fn propagate(&mut self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        if self.single {
            ctx.intersect_mask(self.var, self.keep[0])?;
        } else {
            ctx.intersect_words(self.var, &self.keep)?;
        }
        Ok(())
    }

    fn is_satisfied(&self, values: &[i32]) -> bool {
        // Every variable in these tests starts at 0, so the value is its offset.
        self.allows(values[0] as usize)
    }
}

/// A small deterministic generator, so the tests need no seed plumbing.
fn next(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}

fn solve_domain(size: i32, keep: Vec<u64>, single: bool) -> Vec<i32> {
    let mut model = Model::new();
    let var = model.new_var(0..size);
    model.add_propagator(Keep { var, keep, single });
    let mut solver = Solver::new(model, Config::default());
    solver.ac3(false);
    solver.domain(var)
}

#[test]
fn intersect_mask_removes_the_values_past_the_first_word() {
    for size in 65..=300 {
        // Keep the even values below 64: everything from 64 up must go too.
        let domain = solve_domain(size, vec![0x5555_5555_5555_5555], true);
        let expected: Vec<i32> = (0..64).step_by(2).collect();
        assert_eq!(domain, expected, "domain of {size} values");
    }
}

#[test]
fn intersect_words_keeps_exactly_the_named_values() {
    let mut state = 0x9e37_79b9_7f4a_7c15;
    for size in 65..=300 {
        let words = (size as usize).div_ceil(64);
        // Sometimes a short keep (its missing words remove the tail), sometimes a long one.
        let len = match size % 3 {
            0 => words - 1,
            1 => words,
            _ => words + 2,
        };
        let keep: Vec<u64> = (0..len).map(|_| next(&mut state)).collect();
        let rule = Keep {
            var: Var::from_index(0),
            keep: keep.clone(),
            single: false,
        };
        let expected: Vec<i32> = (0..size).filter(|&v| rule.allows(v as usize)).collect();
        assert_eq!(solve_domain(size, keep, false), expected, "size {size}");
    }
}

#[test]
fn an_empty_intersection_fails_on_a_large_domain() {
    for size in [65, 128, 129, 300] {
        let mut model = Model::new();
        let var = model.new_var(0..size);
        // Only values past the first word are allowed, and the mask keeps none of them.
        model.retain(var, |v| v >= 64);
        model.add_propagator(Keep {
            var,
            keep: vec![u64::MAX],
            single: true,
        });
        let mut solver = Solver::new(model, Config::default());
        assert!(!solver.ac3(false).consistent, "size {size}");
        assert_eq!(solver.count(u64::MAX).count, 0);
    }
}

/// `x + 1 == y` read and narrowed word by word (a shift of the bitset), over
/// domains offset from 0 so the bases matter.
#[derive(Debug, Clone)]
struct Successor(Var, Var);

impl Propagator for Successor {
    fn variables(&self) -> Vec<Var> {
        vec![self.0, self.1]
    }

    fn propagate(&mut self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        // Values as sets of absolute integers, rebuilt from each side's words.
        let set = |ctx: &Context<'_>, var: Var| -> Vec<i32> {
            let base = ctx.base(var);
            let mut values = Vec::new();
            for (k, &w) in ctx.words(var).iter().enumerate() {
                let mut bits = w;
                while bits != 0 {
                    values.push(base + 64 * k as i32 + bits.trailing_zeros() as i32);
                    bits &= bits - 1;
                }
            }
            values
        };
        let to_words = |ctx: &Context<'_>, var: Var, values: &[i32]| -> Vec<u64> {
            let base = ctx.base(var);
            let mut words = vec![0u64; ctx.words(var).len()];
            for &v in values {
                let offset = v - base;
                if offset >= 0 && (offset as usize) < 64 * words.len() {
                    words[offset as usize / 64] |= 1 << (offset % 64);
                }
            }
            words
        };
        let xs: Vec<i32> = set(ctx, self.0).iter().map(|v| v + 1).collect();
        let keep_y = to_words(ctx, self.1, &xs);
        ctx.intersect_words(self.1, &keep_y)?;
        let ys: Vec<i32> = set(ctx, self.1).iter().map(|v| v - 1).collect();
        let keep_x = to_words(ctx, self.0, &ys);
        ctx.intersect_words(self.0, &keep_x)?;
        Ok(())
    }

    fn is_satisfied(&self, values: &[i32]) -> bool {
        values[0] + 1 == values[1]
    }
}

#[test]
fn word_level_propagation_agrees_with_the_values() {
    for size in (65..=300).step_by(7) {
        let mut model = Model::new();
        let x = model.new_var(10..10 + size);
        let y = model.new_var(-5..-5 + size);
        model.add_propagator(Successor(x, y));
        let mut solver = Solver::new(model, Config::default());
        assert!(solver.ac3(false).consistent);
        let xs = solver.domain(x);
        let ys = solver.domain(y);
        let expected_x: Vec<i32> = (10..10 + size)
            .filter(|v| (-5..-5 + size).contains(&(v + 1)))
            .collect();
        assert_eq!(xs, expected_x, "size {size}");
        assert_eq!(ys, expected_x.iter().map(|v| v + 1).collect::<Vec<_>>());
        assert_eq!(solver.count(u64::MAX).count, expected_x.len() as u64);
    }
}
