//! Counting: how many of a list of variables take one value (1, for 0/1
//! variables) lies between two bounds — at least, at most or exactly `k`
//! of them — kept domain consistent with trailed counters.
//!
//! Each variable is *one* (fixed to the counted value), *out* (the value is
//! gone from its domain) or *open*. Only the counts matter: with `ones`
//! variables one and `open` open, the constraint fails when `ones > hi` or
//! `ones + open < lo`, removes the value from every open variable when
//! `ones == hi`, fixes every open variable to it when `ones + open == lo`,
//! and otherwise every value of every variable has a support. The open
//! variables are the prefix of a sparse set whose length and the count of
//! ones are trailed integers ([`Model::new_state`]): a call looks at the
//! open variables only, and a variable leaves the prefix once, when it is
//! decided, until backtracking puts it back by restoring the length.

use crate::model::Model;
use crate::propagator::{Conflict, Context, Propagator};
use crate::var::{State, Var};

/// Why the last call pruned, which picks the name it reports.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Reason {
    /// Nothing pruned (or a failure).
    None,
    /// `hi` variables take the value: no other may.
    Full,
    /// Only `lo` variables are left that can take it: all must.
    Needed,
}

/// "Between `lo` and `hi` of `vars` take `value`", domain consistent
/// (generalised arc consistent) when the variables are distinct: after a
/// call every value left in every domain belongs to some assignment of the
/// domains that satisfies the constraint. A variable listed twice counts
/// twice and the constraint stays sound, but may then miss a pruning.
///
/// The usual case is 0/1 variables and the value 1 — at least, at most or
/// exactly `k` of them are true — through [`Model::at_least`],
/// [`Model::at_most`], [`Model::exactly`] and [`Model::cardinality`]; the
/// variables may have any domains ([`Cardinality::of_value`]). Build it
/// yourself to give it a label for traces ([`Cardinality::named`]):
///
/// ```
/// use csp_core::{Cardinality, Config, Model, Solver};
///
/// let mut model = Model::new();
/// let lamps = model.new_vars(5, 0..=1);
/// let row = Cardinality::new(&mut model, &lamps, 2, 2).named("row 3");
/// model.add_propagator(row);
/// // C(5, 2) ways to light exactly two of five lamps.
/// assert_eq!(Solver::new(model, Config::default()).count(u64::MAX).count, 10);
/// ```
///
/// Each pruning is reported under the constraint's name and why it
/// pruned: `exactly 2 of 5 [row 3] (2 are 1, no other can be)` when the
/// count is reached, `at-least 3 of 5 (every open one must be 1)` when
/// just enough variables are left.
#[derive(Debug, Clone)]
pub struct Cardinality {
    vars: Vec<Var>,
    value: i32,
    lo: usize,
    hi: usize,
    /// A permutation of the positions of `vars`: the first `open` are the
    /// open variables, the rest decided (one or out).
    order: Vec<u32>,
    /// Trailed: how many positions of `order` are open.
    open: State,
    /// Trailed: how many decided variables are one.
    ones: State,
    /// The plain name, then with each reason.
    names: [String; 3],
    reason: Reason,
}

impl Cardinality {
    /// Between `lo` and `hi` (inclusive) of `vars` take the value 1. A
    /// `hi` past `vars.len()` is no upper bound; `lo > hi` has no solution.
    pub fn new(model: &mut Model, vars: &[Var], lo: usize, hi: usize) -> Cardinality {
        Cardinality::of_value(model, vars, 1, lo, hi)
    }

    /// Between `lo` and `hi` (inclusive) of `vars` take `value`.
    pub fn of_value(
        model: &mut Model,
        vars: &[Var],
        value: i32,
        lo: usize,
        hi: usize,
    ) -> Cardinality {
        let n = vars.len();
        let hi = hi.min(n);
        let mut cardinality = Cardinality {
            vars: vars.to_vec(),
            value,
            lo,
            hi,
            order: (0..n as u32).collect(),
            open: model.new_state(n as i64),
            ones: model.new_state(0),
            names: Default::default(),
            reason: Reason::None,
        };
        cardinality.set_names(None);
        cardinality
    }

    /// The same constraint with `label` in its name (`exactly 2 of 5
    /// [row 3]`), so that a trace tells which of several it is.
    pub fn named(mut self, label: impl AsRef<str>) -> Cardinality {
        self.set_names(Some(label.as_ref()));
        self
    }

    fn set_names(&mut self, label: Option<&str>) {
        let n = self.vars.len();
        let (lo, hi, value) = (self.lo, self.hi, self.value);
        let mut base = if lo == hi {
            format!("exactly {lo} of {n}")
        } else if hi == n {
            format!("at-least {lo} of {n}")
        } else if lo == 0 {
            format!("at-most {hi} of {n}")
        } else {
            format!("between {lo} and {hi} of {n}")
        };
        if value != 1 {
            base.push_str(&format!(" equal to {value}"));
        }
        if let Some(label) = label {
            base.push_str(&format!(" [{label}]"));
        }
        let verb = if hi == 1 { "is" } else { "are" };
        self.names = [
            base.clone(),
            format!("{base} ({hi} {verb} {value}, no other can be)"),
            format!("{base} (every open one must be {value})"),
        ];
    }

    /// From scratch, in debug builds: the trailed counters match the
    /// domains, and after a successful call no rule would prune more.
    #[cfg(debug_assertions)]
    fn check(&self, ctx: &Context<'_>, open: usize, ones: usize) {
        let ones_now = self
            .vars
            .iter()
            .filter(|&&var| ctx.value(var) == Some(self.value))
            .count();
        let open_now = self
            .vars
            .iter()
            .filter(|&&var| ctx.contains(var, self.value) && !ctx.is_fixed(var))
            .count();
        debug_assert_eq!((open_now, ones_now), (open, ones), "stale counters");
        debug_assert!(ones <= self.hi && ones + open >= self.lo);
        debug_assert!(open == 0 || (ones < self.hi && ones + open > self.lo));
    }
}

impl Propagator for Cardinality {
    fn variables(&self) -> Vec<Var> {
        self.vars.clone()
    }

    fn propagate(&mut self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        self.reason = Reason::None;
        let mut open = ctx.state(self.open) as usize;
        let mut ones = ctx.state(self.ones) as usize;
        // Decided variables leave the open prefix: swapped to its end.
        let mut i = 0;
        while i < open {
            let var = self.vars[self.order[i] as usize];
            if !ctx.contains(var, self.value) {
                open -= 1;
                self.order.swap(i, open);
            } else if ctx.is_fixed(var) {
                ones += 1;
                open -= 1;
                self.order.swap(i, open);
            } else {
                i += 1;
            }
        }
        if ones > self.hi || ones + open < self.lo || self.lo > self.hi {
            return Err(Conflict);
        }
        if open > 0 && ones == self.hi {
            self.reason = Reason::Full;
            for &position in &self.order[..open] {
                ctx.remove(self.vars[position as usize], self.value)?;
            }
            open = 0;
        } else if open > 0 && ones + open == self.lo {
            self.reason = Reason::Needed;
            for &position in &self.order[..open] {
                ctx.assign(self.vars[position as usize], self.value)?;
            }
            ones += open;
            open = 0;
        }
        // A state written is trailed: write only what changed.
        if open as i64 != ctx.state(self.open) {
            ctx.set_state(self.open, open as i64);
            ctx.set_state(self.ones, ones as i64);
        }
        #[cfg(debug_assertions)]
        self.check(ctx, open, ones);
        Ok(())
    }

    fn is_satisfied(&self, values: &[i32]) -> bool {
        let count = values.iter().filter(|&&v| v == self.value).count();
        self.lo <= count && count <= self.hi
    }

    fn is_idempotent(&self) -> bool {
        true
    }

    fn name(&self) -> &str {
        match self.reason {
            Reason::None => &self.names[0],
            Reason::Full => &self.names[1],
            Reason::Needed => &self.names[2],
        }
    }
}

/// The model's way to add this constraint.
impl Model {
    /// Adds "at least `k` of `vars` are 1" (0/1 variables), domain
    /// consistent (see [`Cardinality`]).
    ///
    /// ```
    /// use csp_core::{Config, Model, Solver};
    ///
    /// let mut model = Model::new();
    /// let vars = model.new_vars(4, 0..=1);
    /// model.at_least(&vars, 3);
    /// // 1 way with four 1s, 4 ways with three.
    /// assert_eq!(Solver::new(model, Config::default()).count(u64::MAX).count, 5);
    /// ```
    pub fn at_least(&mut self, vars: &[Var], k: usize) {
        self.cardinality(vars, k, vars.len());
    }

    /// Adds "at most `k` of `vars` are 1" (0/1 variables), domain
    /// consistent (see [`Cardinality`]).
    ///
    /// ```
    /// use csp_core::{Config, Model, Solver};
    ///
    /// let mut model = Model::new();
    /// let vars = model.new_vars(4, 0..=1);
    /// model.at_most(&vars, 1);
    /// model.assign(vars[2], 1);
    /// let mut solver = Solver::new(model, Config::default());
    /// assert!(solver.ac3(false).consistent);
    /// assert_eq!(solver.domain(vars[0]), [0]);
    /// ```
    pub fn at_most(&mut self, vars: &[Var], k: usize) {
        self.cardinality(vars, 0, k);
    }

    /// Adds "exactly `k` of `vars` are 1" (0/1 variables), domain
    /// consistent (see [`Cardinality`]).
    ///
    /// ```
    /// use csp_core::{Config, Model, Solver};
    ///
    /// let mut model = Model::new();
    /// let vars = model.new_vars(6, 0..=1);
    /// model.exactly(&vars, 2);
    /// assert_eq!(Solver::new(model, Config::default()).count(u64::MAX).count, 15);
    /// ```
    pub fn exactly(&mut self, vars: &[Var], k: usize) {
        self.cardinality(vars, k, k);
    }

    /// Adds "between `lo` and `hi` (inclusive) of `vars` are 1", domain
    /// consistent (see [`Cardinality`], which also counts another value).
    pub fn cardinality(&mut self, vars: &[Var], lo: usize, hi: usize) {
        let constraint = Cardinality::new(self, vars, lo, hi);
        self.add_propagator(constraint);
    }
}
