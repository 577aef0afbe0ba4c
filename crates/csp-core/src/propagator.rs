//! The `Propagator` trait through which a puzzle adds its own constraint, and the
//! `Context` a propagator reads and prunes domains through.

use std::fmt;

use crate::domain::{DomainIter, Store};
use crate::var::{State, Var};

/// A propagator found that no value combination left can satisfy its
/// constraint (a domain would become empty, or fixed values break the rule).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Conflict;

impl fmt::Display for Conflict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("constraint conflict")
    }
}

impl std::error::Error for Conflict {}

/// How much a propagator is asked to do on this call.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Strength {
    /// Forward checking: a variable was just assigned; prune what follows
    /// directly from the fixed variables. Nothing cascades from this call.
    Forward,
    /// Full propagation (AC-3 pre-pass, MAC): prune as much as the propagator
    /// can; the engine re-runs it and its neighbours to a fixpoint.
    Full,
}

/// Which domain changes wake a propagator.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Wake {
    /// Any removal from one of its variables.
    #[default]
    Change,
    /// Only one of its variables becoming fixed (a singleton domain).
    Fixed,
}

/// A constraint over several variables that prunes their domains.
///
/// ```
/// use csp_core::{Config, Conflict, Context, Model, Propagator, Solver, Var};
///
/// /// `x < y`, by bounds.
/// #[derive(Debug, Clone)]
/// struct Less(Var, Var);
///
/// impl Propagator for Less {
///     fn variables(&self) -> Vec<Var> {
///         vec![self.0, self.1]
///     }
///
///     fn propagate(&mut self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
///         let y_max = ctx.max(self.1).ok_or(Conflict)?;
///         ctx.remove_above(self.0, y_max - 1)?;
///         let x_min = ctx.min(self.0).ok_or(Conflict)?;
///         ctx.remove_below(self.1, x_min + 1)?;
///         Ok(())
///     }
///
///     fn is_satisfied(&self, values: &[i32]) -> bool {
///         values[0] < values[1]
///     }
///
///     fn is_idempotent(&self) -> bool {
///         true
///     }
/// }
///
/// fn main() -> Result<(), Box<dyn std::error::Error>> {
///     let mut model = Model::new();
///     let x = model.new_var(1..=3);
///     let y = model.new_var(1..=3);
///     model.add_propagator(Less(x, y));
///     let mut solver = Solver::new(model, Config::default());
///     assert_eq!(solver.count(u64::MAX).count, 3);
///     let first = solver.solve().solution.ok_or("no solution")?;
///     assert_eq!((first[x], first[y]), (1, 2));
///     Ok(())
/// }
/// ```
///
/// The contract:
/// - [`variables`](Propagator::variables) is read once, when the propagator is
///   added; the propagator is woken whenever one of these variables' domains
///   changes.
/// - [`propagate`](Propagator::propagate) may only remove values that belong
///   to no solution of this constraint given the current domains (soundness),
///   and **must** return `Err(Conflict)` when all its variables are fixed to
///   values that violate it (so search never reports a false solution).
/// - Any state kept between calls must be a hint that stays correct after
///   backtracking (for example a cached matching that is re-checked), since
///   undo only restores domains.
/// - [`is_satisfied`](Propagator::is_satisfied) judges a complete assignment;
///   it drives min-conflicts local search and solution checking.
pub trait Propagator: fmt::Debug + Send + PropagatorClone {
    /// The variables this constraint is over, in the order `is_satisfied` receives their values.
    fn variables(&self) -> Vec<Var>;

    /// Prunes domains through `ctx`; returns `Err(Conflict)` on failure.
    fn propagate(&mut self, ctx: &mut Context<'_>) -> Result<(), Conflict>;

    /// Whether `values` (one per variable, in `variables()` order) satisfy the constraint.
    fn is_satisfied(&self, values: &[i32]) -> bool;

    /// Whether one call always reaches this propagator's own fixpoint, so the
    /// engine need not wake it again for its own prunings. Default `false`.
    fn is_idempotent(&self) -> bool {
        false
    }

    /// Which changes of its variables wake it. Default [`Wake::Change`].
    /// A propagator waking on [`Wake::Fixed`] must still fail on every
    /// violating complete assignment, since it runs when the last variable is fixed.
    fn wakes_on(&self) -> Wake {
        Wake::Change
    }

    /// Whether this propagator is expensive, so the engine runs it only after
    /// every cheap propagator and arc has settled. Default `false`.
    fn is_expensive(&self) -> bool {
        false
    }

    /// A short name for traces and statistics.
    fn name(&self) -> &str {
        "propagator"
    }
}

/// A boxed copy of a propagator, so that a [`Model`](crate::Model) holding
/// it can be cloned: implemented for every [`Propagator`] that is `Clone`
/// (derive it), never by hand.
pub trait PropagatorClone {
    /// A boxed copy of this propagator.
    fn clone_box(&self) -> Box<dyn Propagator>;
}

impl<T: Propagator + Clone + 'static> PropagatorClone for T {
    fn clone_box(&self) -> Box<dyn Propagator> {
        Box::new(self.clone())
    }
}

/// A propagator's view of the domain store: read domains, remove values,
/// report failure. Every change is recorded on the trail and wakes the
/// constraints watching the changed variable.
#[derive(Debug)]
pub struct Context<'a> {
    pub(crate) store: &'a mut Store,
    pub(crate) changed: &'a mut Vec<u32>,
    pub(crate) strength: Strength,
    pub(crate) prunings: u64,
    pub(crate) assigned: Option<Var>,
    /// The rule named by [`Context::because`] for what follows.
    pub(crate) reason: Option<&'static str>,
    /// Set only when an observer listens: each variable pruned, with the
    /// reason in force when it was.
    pub(crate) reasons: Option<&'a mut Vec<(u32, &'static str)>>,
}

impl<'a> Context<'a> {
    pub(crate) fn new(store: &'a mut Store, changed: &'a mut Vec<u32>, strength: Strength) -> Self {
        Context {
            store,
            changed,
            strength,
            prunings: 0,
            assigned: None,
            reason: None,
            reasons: None,
        }
    }

    /// Names the rule behind the removals that follow in this call (and
    /// behind a failure, if the call fails): `degree`, `subtour`, ... It
    /// reaches an observer as the `reason` of
    /// [`Observer::pruned_because`](crate::Observer::pruned_because) and
    /// [`Observer::propagator_failed`](crate::Observer::propagator_failed),
    /// the `reason` field of the `prune` and `wipeout` events. Unwatched,
    /// it costs a store.
    #[inline]
    pub fn because(&mut self, reason: &'static str) {
        self.reason = Some(reason);
    }

    /// How much this call is asked to do.
    pub fn strength(&self) -> Strength {
        self.strength
    }

    /// In a [`Strength::Forward`] call, the variable just assigned by search:
    /// forward checking may prune from that variable alone. `None` otherwise.
    pub fn assigned(&self) -> Option<Var> {
        self.assigned
    }

    /// Number of values left for `var`.
    #[inline]
    pub fn size(&self, var: Var) -> usize {
        self.store.size(var.index()) as usize
    }

    /// Whether `value` is still possible for `var`.
    #[inline]
    pub fn contains(&self, var: Var, value: i32) -> bool {
        self.store.contains(var.index(), value)
    }

    /// The value of `var` if its domain is a singleton.
    #[inline]
    pub fn value(&self, var: Var) -> Option<i32> {
        self.store.value(var.index())
    }

    /// Whether `var` has exactly one value left.
    #[inline]
    pub fn is_fixed(&self, var: Var) -> bool {
        self.store.size(var.index()) == 1
    }

    /// Smallest remaining value.
    pub fn min(&self, var: Var) -> Option<i32> {
        self.store.min(var.index())
    }

    /// Largest remaining value.
    pub fn max(&self, var: Var) -> Option<i32> {
        self.store.max(var.index())
    }

    /// The remaining values of `var`, ascending.
    pub fn values(&self, var: Var) -> DomainIter<'_> {
        self.store.iter(var.index())
    }

    /// For a variable whose domain spans at most 64 integers: `base`, the
    /// smallest value the variable was *created* with (not its current
    /// minimum), and the mask whose bit `i` stands for `base + i`. `None` for
    /// larger domains, so that a partial view is never mistaken for the whole
    /// domain; [`words`](Context::words) reads a domain of any size.
    #[inline]
    pub fn mask(&self, var: Var) -> Option<(i32, u64)> {
        let v = var.index();
        self.store
            .is_small(v)
            .then(|| (self.store.base(v), self.store.mask(v)))
    }

    /// The smallest value `var` was *created* with (not its current minimum):
    /// bit `i` of word `k` of [`words`](Context::words) stands for `base + 64k + i`.
    #[inline]
    pub fn base(&self, var: Var) -> i32 {
        self.store.base(var.index())
    }

    /// The domain of `var` as a bitset of any size: bit `i` of word `k`
    /// stands for `base + 64k + i` (see [`base`](Context::base)). There are
    /// `ceil(span / 64)` words, `span` being the width of the initial domain.
    #[inline]
    pub fn words(&self, var: Var) -> &[u64] {
        self.store.words(var.index())
    }

    #[inline]
    fn note(&mut self, var: usize) -> Result<bool, Conflict> {
        self.prunings += 1;
        if let (Some(reasons), Some(reason)) = (self.reasons.as_deref_mut(), self.reason) {
            reasons.push((var as u32, reason));
        }
        // Forward checking never cascades, so nobody reads the changed list.
        if self.strength == Strength::Full {
            self.changed.push(var as u32);
        }
        if self.store.size(var) == 0 {
            Err(Conflict)
        } else {
            Ok(true)
        }
    }

    /// Removes `value` from `var`; `Ok(true)` if it was there, `Err` if the domain empties.
    #[inline]
    pub fn remove(&mut self, var: Var, value: i32) -> Result<bool, Conflict> {
        if self.store.remove(var.index(), value) {
            self.note(var.index())
        } else {
            Ok(false)
        }
    }

    /// Fixes `var` to `value`; `Err` if `value` was not possible.
    pub fn assign(&mut self, var: Var, value: i32) -> Result<bool, Conflict> {
        if self.store.assign(var.index(), value) {
            self.note(var.index())
        } else if self.store.size(var.index()) == 0 {
            Err(Conflict)
        } else {
            Ok(false)
        }
    }

    /// Keeps the values for which `keep` is true.
    pub fn retain(&mut self, var: Var, keep: impl FnMut(i32) -> bool) -> Result<bool, Conflict> {
        if self.store.retain(var.index(), keep) {
            self.note(var.index())
        } else {
            Ok(false)
        }
    }

    /// Removes every value below `lo`.
    pub fn remove_below(&mut self, var: Var, lo: i32) -> Result<bool, Conflict> {
        self.retain(var, |value| value >= lo)
    }

    /// Removes every value above `hi`.
    pub fn remove_above(&mut self, var: Var, hi: i32) -> Result<bool, Conflict> {
        self.retain(var, |value| value <= hi)
    }

    /// Keeps only the values whose bits are set in `keep`, bit `i` standing
    /// for `base + i` (see [`mask`](Context::mask)). This is the same as
    /// [`intersect_words`](Context::intersect_words) with the one word `keep`,
    /// in a domain of any size: values from `base + 64` up are not in `keep`
    /// and are removed (never silently kept), so a propagator reasoning on
    /// masks over a larger domain narrows too much and fails loudly rather
    /// than too little. Read the whole domain with [`words`](Context::words)
    /// and narrow it with [`intersect_words`](Context::intersect_words).
    /// `Ok(true)` if the domain changed, `Err` if it empties.
    #[inline]
    pub fn intersect_mask(&mut self, var: Var, keep: u64) -> Result<bool, Conflict> {
        let v = var.index();
        if self.store.intersect_mask(v, keep) {
            self.note(v)
        } else {
            Ok(false)
        }
    }

    /// Keeps only the values whose bits are set in `keep`, word by word (bit
    /// `i` of word `k` stands for `base + 64k + i`, as in
    /// [`words`](Context::words)), in a domain of any size. Words missing
    /// from a short `keep` count as zero (their values are removed); words
    /// past the domain's end are ignored. `Ok(true)` if the domain changed,
    /// `Err` if it empties.
    pub fn intersect_words(&mut self, var: Var, keep: &[u64]) -> Result<bool, Conflict> {
        let v = var.index();
        if self.store.intersect_words(v, keep) {
            self.note(v)
        } else {
            Ok(false)
        }
    }

    /// The current value of a trailed integer ([`crate::Model::new_state`]).
    pub fn state(&self, state: State) -> i64 {
        self.store.cell(state.index())
    }

    /// Sets a trailed integer; backtracking past this point restores the
    /// value it had then.
    pub fn set_state(&mut self, state: State, value: i64) {
        self.store.set_cell(state.index(), value);
    }

    /// Reports failure: `Err(Conflict)`, for `?` or `return`.
    pub fn fail<T>(&self) -> Result<T, Conflict> {
        Err(Conflict)
    }

    /// Reports failure for `reason` ([`Context::because`] then
    /// [`Context::fail`]).
    pub fn fail_because<T>(&mut self, reason: &'static str) -> Result<T, Conflict> {
        self.because(reason);
        Err(Conflict)
    }
}
