//! The model: variables with finite integer domains and the constraints over them.

use std::fmt;
use std::ops::Index;
use std::sync::Arc;

use crate::alldiff::{AllDifferent, Consistency};
use crate::domain::Store;
use crate::propagator::Propagator;
use crate::var::{State, Var};

type Predicate = Arc<dyn Fn(i32, i32) -> bool + Send + Sync>;

/// How a binary constraint says which pairs are allowed.
#[derive(Clone)]
pub(crate) enum Relation {
    /// `allowed(a, b)` for `x = a`, `y = b`.
    Predicate(Predicate),
    /// Allowed pairs as bitsets: `forward[(a - base_x) * y_words ..]` holds the
    /// `y` values supporting `x = a`, in `y`'s word layout; `backward` the same the other way.
    /// Shared, so a solver takes the model's tables without copying them.
    Table {
        forward: Arc<[u64]>,
        y_words: usize,
        backward: Arc<[u64]>,
        x_words: usize,
    },
    /// `key_x[a - base_x] == key_y[b - base_y]` (keys below 64; 255 marks no value).
    EqualKeys { key_x: Arc<[u8]>, key_y: Arc<[u8]> },
}

impl fmt::Debug for Relation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Relation::Predicate(_) => f.write_str("Predicate"),
            Relation::Table { .. } => f.write_str("Table"),
            Relation::EqualKeys { .. } => f.write_str("EqualKeys"),
        }
    }
}

/// A binary constraint between `x` and `y`.
#[derive(Debug, Clone)]
pub(crate) struct Binary {
    pub(crate) x: u32,
    pub(crate) y: u32,
    pub(crate) relation: Relation,
    pub(crate) base_x: i32,
    pub(crate) base_y: i32,
}

impl Binary {
    /// Whether `x = a, y = b` is allowed.
    pub(crate) fn allows(&self, a: i32, b: i32) -> bool {
        let ia = (a as i64 - self.base_x as i64) as usize;
        let ib = (b as i64 - self.base_y as i64) as usize;
        match &self.relation {
            Relation::Predicate(allowed) => allowed(a, b),
            Relation::Table {
                forward, y_words, ..
            } => forward
                .get(ia * y_words + ib / 64)
                .is_some_and(|w| w >> (ib % 64) & 1 == 1),
            Relation::EqualKeys { key_x, key_y } => match (key_x.get(ia), key_y.get(ib)) {
                (Some(&kx), Some(&ky)) => kx == ky && kx != 255,
                _ => false,
            },
        }
    }
}

/// An all-different constraint over `vars[i] + offsets[i]`.
#[derive(Debug, Clone)]
pub(crate) struct AllDiffSpec {
    pub(crate) vars: Vec<Var>,
    pub(crate) offsets: Vec<i32>,
    pub(crate) consistency: Consistency,
}

/// A constraint satisfaction problem: variables, their domains, and constraints.
///
/// Build it, then hand it to a [`Solver`](crate::Solver) (complete search) or
/// a [`MinConflicts`](crate::MinConflicts) (local search).
pub struct Model {
    pub(crate) store: Store,
    pub(crate) names: Vec<Option<String>>,
    pub(crate) binaries: Vec<Binary>,
    pub(crate) alldiffs: Vec<AllDiffSpec>,
    pub(crate) customs: Vec<Box<dyn Propagator>>,
}

impl fmt::Debug for Model {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Model")
            .field("vars", &self.num_vars())
            .field("binaries", &self.binaries.len())
            .field("all_different", &self.alldiffs.len())
            .field("propagators", &self.customs.len())
            .finish()
    }
}

/// A copy of the model, its custom propagators copied through
/// [`PropagatorClone`](crate::PropagatorClone): solve variants of one model
/// without building it again.
impl Clone for Model {
    fn clone(&self) -> Self {
        Model {
            store: self.store.clone(),
            names: self.names.clone(),
            binaries: self.binaries.clone(),
            alldiffs: self.alldiffs.clone(),
            customs: self
                .customs
                .iter()
                .map(|custom| custom.clone_box())
                .collect(),
        }
    }
}

impl Default for Model {
    fn default() -> Self {
        Self::new()
    }
}

impl Model {
    /// An empty model.
    pub fn new() -> Self {
        Model {
            store: Store::new(),
            names: Vec::new(),
            binaries: Vec::new(),
            alldiffs: Vec::new(),
            customs: Vec::new(),
        }
    }

    /// Adds a variable whose domain is `values` (any order; duplicates ignored).
    /// The domain is a bitset over the integers from the smallest value to
    /// the largest, so keep values compact (indices, not sparse codes);
    /// domains spanning at most 64 integers are kept in one machine word.
    pub fn new_var(&mut self, values: impl IntoIterator<Item = i32>) -> Var {
        let values: Vec<i32> = values.into_iter().collect();
        let index = self.store.add_var(&values);
        self.names.push(None);
        Var(index as u32)
    }

    /// Adds an integer that propagators may keep state in (a counter, a
    /// residue, a watched position), starting at `initial`: read and set it
    /// through [`Context::state`] and [`Context::set_state`]. Unlike a field
    /// of the propagator, it is restored on backtracking, with the domains,
    /// so incremental state stays in step with the search.
    ///
    /// [`Context::state`]: crate::Context::state
    /// [`Context::set_state`]: crate::Context::set_state
    pub fn new_state(&mut self, initial: i64) -> State {
        State(self.store.add_cell(initial) as u32)
    }

    /// Adds `count` variables with the same domain.
    pub fn new_vars(&mut self, count: usize, values: impl IntoIterator<Item = i32>) -> Vec<Var> {
        let values: Vec<i32> = values.into_iter().collect();
        self.store.reserve(count, values.len());
        self.names.reserve(count);
        (0..count)
            .map(|_| {
                let index = self.store.add_var(&values);
                self.names.push(None);
                Var(index as u32)
            })
            .collect()
    }

    /// Adds a named variable (names appear in traces, e.g. `"1A"` for a crossword slot).
    pub fn new_named_var(
        &mut self,
        name: impl Into<String>,
        values: impl IntoIterator<Item = i32>,
    ) -> Var {
        let var = self.new_var(values);
        self.names[var.index()] = Some(name.into());
        var
    }

    /// The variable's name: the one given, or `x<index>`.
    pub fn name(&self, var: Var) -> String {
        self.names[var.index()]
            .clone()
            .unwrap_or_else(|| var.to_string())
    }

    /// Number of variables.
    pub fn num_vars(&self) -> usize {
        self.store.num_vars()
    }

    /// All variables in creation order.
    pub fn vars(&self) -> impl Iterator<Item = Var> + use<> {
        (0..self.num_vars() as u32).map(Var)
    }

    /// The values `var` can still take in the model (before any search).
    pub fn domain(&self, var: Var) -> Vec<i32> {
        self.store.iter(var.index()).collect()
    }

    /// Fixes `var` to `value` before search (a sudoku given). If `value` is
    /// not in the domain the domain becomes empty and the model has no solution.
    pub fn assign(&mut self, var: Var, value: i32) {
        self.store.assign(var.index(), value);
    }

    /// Removes `value` from `var`'s domain before search (a unary constraint).
    pub fn remove_value(&mut self, var: Var, value: i32) {
        self.store.remove(var.index(), value);
    }

    /// Keeps only the values for which `keep` is true (a unary constraint).
    pub fn retain(&mut self, var: Var, keep: impl FnMut(i32) -> bool) {
        self.store.retain(var.index(), keep);
    }

    /// Adds a binary constraint: `x = a, y = b` is allowed when `allowed(a, b)`.
    pub fn binary(
        &mut self,
        x: Var,
        y: Var,
        allowed: impl Fn(i32, i32) -> bool + Send + Sync + 'static,
    ) {
        self.push_binary(x, y, Relation::Predicate(Arc::new(allowed)));
    }

    /// Adds `x != y`.
    pub fn not_equal(&mut self, x: Var, y: Var) {
        self.binary(x, y, |a, b| a != b);
    }

    /// Adds a binary constraint given by its table of allowed `(x, y)` pairs.
    /// Pairs outside the variables' domains are ignored. The supports are
    /// bitsets, `span(x) * span(y) / 4` bytes for both directions: for two
    /// domains of tens of thousands of values prefer [`Model::equal_keys`] or
    /// a [`Propagator`].
    pub fn table(&mut self, x: Var, y: Var, allowed: &[(i32, i32)]) {
        let (bx, by) = (self.store.base(x.index()), self.store.base(y.index()));
        let (x_words, y_words) = (
            self.store.words(x.index()).len(),
            self.store.words(y.index()).len(),
        );
        let mut forward = vec![0u64; 64 * x_words * y_words];
        let mut backward = vec![0u64; 64 * y_words * x_words];
        for &(a, b) in allowed {
            let ia = a as i64 - bx as i64;
            let ib = b as i64 - by as i64;
            if ia < 0 || ib < 0 || ia >= 64 * x_words as i64 || ib >= 64 * y_words as i64 {
                continue;
            }
            let (ia, ib) = (ia as usize, ib as usize);
            forward[ia * y_words + ib / 64] |= 1 << (ib % 64);
            backward[ib * x_words + ia / 64] |= 1 << (ia % 64);
        }
        self.push_binary(
            x,
            y,
            Relation::Table {
                forward: forward.into(),
                y_words,
                backward: backward.into(),
                x_words,
            },
        );
    }

    /// Adds "the key of `x` equals the key of `y`", where `key_x(a)` and
    /// `key_y(b)` map each value to a small class below 64 (a letter index for
    /// crossword slots crossing at one cell). Revision is linear in the domain
    /// sizes, so it stays fast for domains of tens of thousands of words.
    /// A key of 64 or more makes that value unsupported.
    pub fn equal_keys(
        &mut self,
        x: Var,
        y: Var,
        key_x: impl Fn(i32) -> u8,
        key_y: impl Fn(i32) -> u8,
    ) {
        let table = |store: &Store, var: Var, key: &dyn Fn(i32) -> u8| -> Vec<u8> {
            let base = store.base(var.index());
            let span = 64 * store.words(var.index()).len();
            (0..span)
                .map(|i| {
                    let value = base + i as i32;
                    if store.contains(var.index(), value) {
                        let k = key(value);
                        if k < 64 { k } else { 255 }
                    } else {
                        255
                    }
                })
                .collect()
        };
        let key_x = table(&self.store, x, &key_x);
        let key_y = table(&self.store, y, &key_y);
        self.push_binary(
            x,
            y,
            Relation::EqualKeys {
                key_x: key_x.into(),
                key_y: key_y.into(),
            },
        );
    }

    fn push_binary(&mut self, x: Var, y: Var, relation: Relation) {
        let base_x = self.store.base(x.index());
        let base_y = self.store.base(y.index());
        self.binaries.push(Binary {
            x: x.0,
            y: y.0,
            relation,
            base_x,
            base_y,
        });
    }

    /// Adds "all of `vars` take different values", with full propagation
    /// (value elimination, pigeonhole, and Régin's matching-based
    /// generalised arc consistency when the values fit in 64).
    pub fn all_different(&mut self, vars: &[Var]) {
        self.all_different_offset(&vars.iter().map(|&v| (v, 0)).collect::<Vec<_>>());
    }

    /// The directed arcs `(x, y)` of the binary constraints, in the order
    /// AC-3 first queues them ([`crate::Solver::ac3`]): for each binary
    /// constraint in the order it was added, `(x, y)` then `(y, x)`. A
    /// view that shows the queue starts from this list.
    pub fn arcs(&self) -> Vec<(Var, Var)> {
        self.binaries
            .iter()
            .flat_map(|binary| {
                [
                    (Var(binary.x), Var(binary.y)),
                    (Var(binary.y), Var(binary.x)),
                ]
            })
            .collect()
    }

    /// Adds "all of `var + offset` are different", e.g. N-Queens diagonals
    /// `q[i] + i` and `q[i] - i`.
    pub fn all_different_offset(&mut self, terms: &[(Var, i32)]) {
        self.all_different_with(terms, Consistency::Domain);
    }

    /// Adds "all of `var + offset` are different" with the given propagation strength.
    pub fn all_different_with(&mut self, terms: &[(Var, i32)], consistency: Consistency) {
        self.alldiffs.push(AllDiffSpec {
            vars: terms.iter().map(|t| t.0).collect(),
            offsets: terms.iter().map(|t| t.1).collect(),
            consistency,
        });
    }

    /// Adds a custom constraint (see [`Propagator`]).
    pub fn add_propagator(&mut self, propagator: impl Propagator + 'static) {
        self.customs.push(Box::new(propagator));
    }

    /// Number of constraints (binary, all-different, custom).
    pub fn num_constraints(&self) -> usize {
        self.binaries.len() + self.alldiffs.len() + self.customs.len()
    }

    /// Whether a complete assignment (one value per variable, by index) lies
    /// in every domain and satisfies every constraint. Independent of search.
    pub fn is_solution(&self, values: &[i32]) -> bool {
        values.len() == self.num_vars()
            && values
                .iter()
                .enumerate()
                .all(|(v, &value)| self.store.contains(v, value))
            && self.count_violations(values) == 0
    }

    /// How many constraints a complete assignment violates (domains not checked).
    pub fn count_violations(&self, values: &[i32]) -> usize {
        let binaries = self
            .binaries
            .iter()
            .filter(|c| !c.allows(values[c.x as usize], values[c.y as usize]))
            .count();
        let alldiffs = self
            .alldiffs
            .iter()
            .filter(|c| {
                let mut shifted: Vec<i64> = c
                    .vars
                    .iter()
                    .zip(&c.offsets)
                    .map(|(v, &o)| values[v.index()] as i64 + o as i64)
                    .collect();
                shifted.sort_unstable();
                shifted.windows(2).any(|w| w[0] == w[1])
            })
            .count();
        let mut scratch = Vec::new();
        let customs = self
            .customs
            .iter()
            .filter(|p| {
                scratch.clear();
                scratch.extend(p.variables().iter().map(|v| values[v.index()]));
                !p.is_satisfied(&scratch)
            })
            .count();
        binaries + alldiffs + customs
    }

    /// Each all-different becomes a cheap value-elimination propagator, plus
    /// for domain consistency an expensive matching one that runs after the
    /// cheap ones settle.
    pub(crate) fn alldiff_propagators(&self) -> Vec<AllDifferent> {
        let mut props = Vec::new();
        for spec in &self.alldiffs {
            let (vars, offsets) = (&spec.vars, &spec.offsets);
            let cheap = AllDifferent::new(
                vars.clone(),
                offsets.clone(),
                Consistency::Value,
                &self.store,
            );
            let matching = spec.consistency == Consistency::Domain && cheap.fits_one_word();
            props.push(cheap);
            if matching {
                props.push(AllDifferent::new(
                    vars.clone(),
                    offsets.clone(),
                    Consistency::Domain,
                    &self.store,
                ));
            }
        }
        props
    }
}

/// One value per variable: a solution found by search.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Solution {
    pub(crate) values: Vec<i32>,
}

impl Solution {
    /// The value of `var`.
    pub fn value(&self, var: Var) -> i32 {
        self.values[var.index()]
    }

    /// All values, by variable index.
    pub fn values(&self) -> &[i32] {
        &self.values
    }

    /// The values, by variable index.
    pub fn into_values(self) -> Vec<i32> {
        self.values
    }
}

impl Index<Var> for Solution {
    type Output = i32;

    fn index(&self, var: Var) -> &i32 {
        &self.values[var.index()]
    }
}
