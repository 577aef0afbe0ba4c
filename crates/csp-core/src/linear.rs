//! The linear constraint `lo <= a1*x1 + ... + an*xn <= hi` with integer
//! coefficients of either sign, kept bounds consistent.
//!
//! Each term `a*x` lies between its least and greatest value (`a*min x` and
//! `a*max x`, swapped when `a < 0`); the sums of those, `least` and
//! `greatest`, bound the total. A term must then lie within
//! `[lo - (greatest - its greatest), hi - (least - its least)]`, which
//! divided by `a` (rounding inwards) bounds its variable. Narrowing one
//! variable moves the sums, so a call repeats the pass until a pass
//! narrows nothing: one call reaches the constraint's own fixpoint.
//! Arithmetic is in `i64`, the construction having checked that every sum
//! the propagator can form stays below `2^61` in size.

use std::fmt::Write;

use crate::model::Model;
use crate::propagator::{Conflict, Context, Propagator};
use crate::var::Var;

/// Sums are checked against this at construction, so `i64` never overflows.
const LIMIT: i128 = 1 << 61;

/// `lo <= sum of coeffs[i] * vars[i] <= hi`.
///
/// **Consistency.** Bounds consistent over the reals (bounds(R)): after a
/// call, the least and the greatest value left to each variable extend to
/// an assignment satisfying the constraint in which every other variable
/// takes a real value between its least and greatest. Both bounds are
/// values of the domain (holes inside a domain are kept, and skipped when
/// they are a bound). When the constraint is one-sided (`lo` at most the
/// least total the root domains allow, or `hi` at least the greatest) this
/// is domain consistency: every value left belongs to a solution of the
/// constraint with the other variables at their bounds. An equality may
/// keep a bound that no integer assignment supports (`2x + 2y = 3` is
/// only found false once a variable is fixed): bounds consistency over
/// the integers is NP-hard for equations (it decides subset sum).
///
/// A variable listed twice has its coefficients added; zero coefficients
/// are dropped.
///
/// ```
/// use csp_core::{Config, Linear, Model, Solver};
///
/// fn main() -> Result<(), Box<dyn std::error::Error>> {
///     // 3x - 2y = 1 with x, y in 0..=5: (1, 1), (3, 4).
///     let mut model = Model::new();
///     let x = model.new_var(0..=5);
///     let y = model.new_var(0..=5);
///     model.add_propagator(Linear::new(&model, &[x, y], &[3, -2], 1, 1));
///     let mut solver = Solver::new(model, Config::default());
///     assert_eq!(solver.count(u64::MAX).count, 2);
///     let first = solver.solve().solution.ok_or("no solution")?;
///     assert_eq!((first[x], first[y]), (1, 1));
///     Ok(())
/// }
/// ```
///
/// Its prunings are reported under its formula, with the variables'
/// names: `3*x0 - 2*x1 = 1` (a long sum shows its first terms and how
/// many there are).
#[derive(Debug, Clone)]
pub struct Linear {
    vars: Vec<Var>,
    coeffs: Vec<i64>,
    lo: i64,
    hi: i64,
    /// Each term's least and greatest value in the current pass.
    least: Vec<i64>,
    greatest: Vec<i64>,
    name: String,
}

impl Linear {
    /// `lo <= sum of coeffs[i] * vars[i] <= hi`, the variables' domains
    /// read from `model` (for the overflow check and the name).
    ///
    /// # Panics
    ///
    /// If `coeffs` and `vars` differ in length, or if the sum of
    /// `|coefficient| * |value|` over the model's domains reaches `2^61`:
    /// those are modelling errors, not properties of the data.
    pub fn new(model: &Model, vars: &[Var], coeffs: &[i64], lo: i64, hi: i64) -> Linear {
        assert_eq!(
            vars.len(),
            coeffs.len(),
            "a linear constraint needs one coefficient per variable"
        );
        let mut terms: Vec<(Var, i64)> = Vec::with_capacity(vars.len());
        for (&var, &a) in vars.iter().zip(coeffs) {
            match terms.iter_mut().find(|(v, _)| *v == var) {
                Some(term) => term.1 = term.1.checked_add(a).expect("a coefficient overflows i64"),
                None => terms.push((var, a)),
            }
        }
        terms.retain(|&(_, a)| a != 0);
        let (mut least, mut greatest, mut size) = (0i128, 0i128, 0i128);
        for &(var, a) in &terms {
            let domain = model.domain(var);
            let (min, max) = match (domain.first(), domain.last()) {
                (Some(&min), Some(&max)) => (min as i128, max as i128),
                _ => (0, 0),
            };
            let (p, q) = (a as i128 * min, a as i128 * max);
            least += p.min(q);
            greatest += p.max(q);
            size += p.abs().max(q.abs());
        }
        assert!(
            size < LIMIT,
            "a linear constraint's terms may reach {size}, past 2^61"
        );
        let name = formula(model, &terms, lo, hi, least, greatest);
        // Bounds past what the domains can reach change nothing; clamped,
        // every difference the propagator forms fits in i64.
        let clamp = |bound: i64| (bound as i128).clamp(least - 1, greatest + 1) as i64;
        Linear {
            vars: terms.iter().map(|t| t.0).collect(),
            coeffs: terms.iter().map(|t| t.1).collect(),
            lo: clamp(lo),
            hi: clamp(hi),
            least: vec![0; terms.len()],
            greatest: vec![0; terms.len()],
            name,
        }
    }

    /// The same constraint with `label` after its formula (`x0 + x1 = 3
    /// [row 2]`), so that a trace tells which of several it is.
    pub fn named(mut self, label: impl AsRef<str>) -> Linear {
        let _ = write!(self.name, " [{}]", label.as_ref());
        self
    }

    /// The least and the greatest value of term `i` over the current domain.
    #[inline]
    fn term_bounds(&self, ctx: &Context<'_>, i: usize) -> Result<(i64, i64), Conflict> {
        let var = self.vars[i];
        let a = self.coeffs[i];
        let (min, max) = (ctx.min(var).ok_or(Conflict)?, ctx.max(var).ok_or(Conflict)?);
        let (p, q) = (a * min as i64, a * max as i64);
        Ok(if a > 0 { (p, q) } else { (q, p) })
    }

    /// From scratch, in debug builds: after a successful call, each bound of
    /// each variable extends to a real solution of the relaxation.
    #[cfg(debug_assertions)]
    fn check(&self, ctx: &Context<'_>) {
        let bounds: Vec<(i64, i64)> = (0..self.vars.len())
            .map(|i| self.term_bounds(ctx, i).expect("no domain is empty"))
            .collect();
        let least: i64 = bounds.iter().map(|b| b.0).sum();
        let greatest: i64 = bounds.iter().map(|b| b.1).sum();
        for &(p, q) in &bounds {
            for term in [p, q] {
                let (others_least, others_greatest) = (least - p, greatest - q);
                debug_assert!(
                    term + others_least <= self.hi && term + others_greatest >= self.lo,
                    "{}: a bound without support",
                    self.name
                );
            }
        }
    }
}

/// `3*S + E - 2*x4 = 7`: the terms with the variables' names (the first
/// five of a longer sum, and how many there are), then the bounds as
/// `= c`, `<= c`, `>= c` or `in [lo, hi]`.
fn formula(
    model: &Model,
    terms: &[(Var, i64)],
    lo: i64,
    hi: i64,
    least: i128,
    greatest: i128,
) -> String {
    const SHOWN: usize = 6;
    let mut text = String::new();
    let shown = if terms.len() > SHOWN {
        SHOWN - 1
    } else {
        terms.len()
    };
    for (i, &(var, a)) in terms.iter().take(shown).enumerate() {
        let sign = match (i, a < 0) {
            (0, false) => "",
            (0, true) => "-",
            (_, false) => " + ",
            (_, true) => " - ",
        };
        text.push_str(sign);
        if a.unsigned_abs() != 1 {
            let _ = write!(text, "{}*", a.unsigned_abs());
        }
        text.push_str(&model.name(var));
    }
    if terms.is_empty() {
        text.push('0');
    } else if shown < terms.len() {
        let _ = write!(text, " + ... ({} terms)", terms.len());
    }
    let _ = if lo == hi {
        write!(text, " = {lo}")
    } else if lo as i128 <= least {
        write!(text, " <= {hi}")
    } else if hi as i128 >= greatest {
        write!(text, " >= {lo}")
    } else {
        write!(text, " in [{lo}, {hi}]")
    };
    text
}

impl Propagator for Linear {
    fn variables(&self) -> Vec<Var> {
        self.vars.clone()
    }

    fn propagate(&mut self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        let n = self.vars.len();
        let (mut least, mut greatest) = (0i64, 0i64);
        for i in 0..n {
            let (p, q) = self.term_bounds(ctx, i)?;
            self.least[i] = p;
            self.greatest[i] = q;
            least += p;
            greatest += q;
        }
        loop {
            if least > self.hi || greatest < self.lo {
                return Err(Conflict);
            }
            let mut changed = false;
            for i in 0..n {
                let (p, q) = (self.least[i], self.greatest[i]);
                // The term's room: what the others leave of [lo, hi].
                let low = self.lo - (greatest - q);
                let high = self.hi - (least - p);
                if low <= p && q <= high {
                    continue;
                }
                let (var, a) = (self.vars[i], self.coeffs[i]);
                // low <= a*x <= high, rounded inwards; a < 0 swaps the sides.
                let (x_lo, x_hi) = if a > 0 {
                    (div_ceil(low, a), div_floor(high, a))
                } else {
                    (div_ceil(high, a), div_floor(low, a))
                };
                let clamp = |x: i64| x.clamp(i32::MIN as i64, i32::MAX as i64) as i32;
                let narrowed = ctx.remove_below(var, clamp(x_lo))?;
                let narrowed = ctx.remove_above(var, clamp(x_hi))? || narrowed;
                if narrowed {
                    changed = true;
                    let (p2, q2) = self.term_bounds(ctx, i)?;
                    least += p2 - p;
                    greatest += q2 - q;
                    self.least[i] = p2;
                    self.greatest[i] = q2;
                }
            }
            if !changed {
                break;
            }
        }
        #[cfg(debug_assertions)]
        self.check(ctx);
        Ok(())
    }

    fn is_satisfied(&self, values: &[i32]) -> bool {
        let total: i128 = self
            .coeffs
            .iter()
            .zip(values)
            .map(|(&a, &x)| a as i128 * x as i128)
            .sum();
        self.lo as i128 <= total && total <= self.hi as i128
    }

    fn is_idempotent(&self) -> bool {
        true
    }

    fn name(&self) -> &str {
        &self.name
    }
}

/// `floor(a / b)` for `b != 0`, either sign.
#[inline]
fn div_floor(a: i64, b: i64) -> i64 {
    let q = a / b;
    if a % b != 0 && (a < 0) != (b < 0) {
        q - 1
    } else {
        q
    }
}

/// `ceil(a / b)` for `b != 0`, either sign.
#[inline]
fn div_ceil(a: i64, b: i64) -> i64 {
    let q = a / b;
    if a % b != 0 && (a < 0) == (b < 0) {
        q + 1
    } else {
        q
    }
}

/// The model's way to add this constraint.
impl Model {
    /// Adds `lo <= sum of coeffs[i] * vars[i] <= hi`, bounds consistent
    /// (see [`Linear`] for what that guarantees).
    ///
    /// ```
    /// use csp_core::{Config, Model, Solver};
    ///
    /// let mut model = Model::new();
    /// let x = model.new_var(0..=9);
    /// let y = model.new_var(0..=9);
    /// // 3 <= 2x - y <= 4
    /// model.linear(&[x, y], &[2, -1], 3, 4);
    /// let mut solver = Solver::new(model, Config::default());
    /// assert!(solver.ac3(false).consistent);
    /// assert_eq!(solver.domain(x), [2, 3, 4, 5, 6]);
    /// ```
    ///
    /// # Panics
    ///
    /// If `coeffs` and `vars` differ in length, or the terms could reach
    /// `2^61` in size over the domains.
    pub fn linear(&mut self, vars: &[Var], coeffs: &[i64], lo: i64, hi: i64) {
        let constraint = Linear::new(self, vars, coeffs, lo, hi);
        self.add_propagator(constraint);
    }

    /// Adds `sum of coeffs[i] * vars[i] == rhs`, bounds consistent (see [`Linear`]).
    ///
    /// # Panics
    ///
    /// As [`Model::linear`].
    pub fn linear_eq(&mut self, vars: &[Var], coeffs: &[i64], rhs: i64) {
        self.linear(vars, coeffs, rhs, rhs);
    }

    /// Adds `sum of vars == total`, bounds consistent (see [`Linear`]).
    ///
    /// ```
    /// use csp_core::{Config, Model, Solver};
    ///
    /// let mut model = Model::new();
    /// let vars = model.new_vars(3, 1..=9);
    /// model.all_different(&vars);
    /// model.sum_eq(&vars, 7);
    /// // {1, 2, 4} in any order.
    /// assert_eq!(Solver::new(model, Config::default()).count(u64::MAX).count, 6);
    /// ```
    ///
    /// # Panics
    ///
    /// As [`Model::linear`].
    pub fn sum_eq(&mut self, vars: &[Var], total: i64) {
        let ones = vec![1; vars.len()];
        self.linear(vars, &ones, total, total);
    }
}
