//! The propagation engine: arc queue (AC-3 over binary constraints), propagator
//! queue (n-ary constraints), forward checking, and what an observer is told
//! of them (the AC-3 trace among others).

use std::collections::VecDeque;
use std::time::Instant;

use crate::domain::Store;
use crate::model::{Binary, Model, Relation};
use crate::observe::Observer;
use crate::propagator::{Conflict, Context, Propagator, Strength, Wake};
use crate::var::Var;

/// Appends to `out` the values of `var` set in `before` and gone from the store.
fn removed_since(store: &Store, var: usize, before: &[u64], out: &mut Vec<i32>) {
    let base = store.base(var);
    for (k, (&old, &new)) in before.iter().zip(store.words(var)).enumerate() {
        let mut bits = old & !new;
        while bits != 0 {
            out.push(base + (64 * k as u32 + bits.trailing_zeros()) as i32);
            bits &= bits - 1;
        }
    }
}

/// One directed arc: revise `x` against `y` through binary constraint `constraint`.
#[derive(Debug, Clone, Copy)]
struct Arc {
    x: u32,
    y: u32,
    constraint: u32,
    reversed: bool,
}

const NONE: u32 = u32::MAX;

/// Counters the engine keeps for the statistics.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct EngineCounters {
    pub(crate) propagations: u64,
    pub(crate) arc_revisions: u64,
    pub(crate) prunings: u64,
}

pub(crate) struct Engine {
    /// Propagators over no variable: constants, true or false once and for
    /// all, which no assignment wakes (forward checking runs them at the root).
    unscoped: Vec<u32>,
    binaries: Vec<Binary>,
    arcs: Vec<Arc>,
    /// Arcs `(k, v)` by their support variable `v`.
    arcs_into: Csr,
    arc_queue: VecDeque<u32>,
    arc_queued: Vec<bool>,
    props: Vec<Box<dyn Propagator>>,
    prop_idempotent: Vec<bool>,
    /// Propagators woken by any change of a variable, and by its fixing only.
    watch: Csr,
    watch_fixed: Csr,
    /// Propagator queues by priority: cheap ones run before expensive ones.
    prop_queues: [VecDeque<u32>; 2],
    prop_queued: Vec<bool>,
    prop_slow: Vec<bool>,
    changed: Vec<u32>,
    scratch: Vec<i32>,
    /// For an observer only: the words of the variables about to change,
    /// copied before each step so the values removed are the difference,
    /// and the lists handed to it (reused, never kept).
    snapshot: Vec<u64>,
    removed: Vec<i32>,
    added: Vec<(Var, Var)>,
    /// For an observer only: the variables a propagator pruned with the
    /// reason it named ([`Context::because`]), and the reason in force
    /// when it returned.
    reasons: Vec<(u32, &'static str)>,
    last_reason: Option<&'static str>,
    /// Constraint weights for dom/wdeg: binaries first, then propagators.
    pub(crate) weights: Vec<u64>,
    /// Constraint ids by variable.
    pub(crate) var_constraints: Csr,
    /// Variables by constraint id.
    pub(crate) constraint_vars: Csr,
    pub(crate) counters: EngineCounters,
    /// The search's deadline ([`crate::Config::time_limit`]), looked at
    /// every [`CLOCK_STRIDE`] steps of a fixpoint, so that one long
    /// fixpoint (a large model's root) cannot outrun the time limit.
    pub(crate) deadline: Option<Instant>,
    steps_to_clock: u32,
    /// Whether the deadline interrupted a fixpoint: its `Err` is then no
    /// conflict, and the search stops with the time limit.
    pub(crate) interrupted: bool,
}

/// Fixpoint steps between two looks at the clock: a look costs about as
/// much as one cheap step.
const CLOCK_STRIDE: u32 = 256;

impl std::fmt::Debug for Engine {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Engine")
            .field("arcs", &self.arcs.len())
            .field("propagators", &self.props.len())
            .finish_non_exhaustive()
    }
}

impl Engine {
    /// Builds the engine from the model's constraints; the model keeps its
    /// custom propagators' descriptions for checking, the engine owns them.
    pub(crate) fn new(model: &mut Model) -> Self {
        let n = model.num_vars();
        let binaries = model.binaries.clone();
        let mut props: Vec<Box<dyn Propagator>> = Vec::new();
        for alldiff in model.alldiff_propagators() {
            props.push(Box::new(alldiff));
        }
        props.append(&mut model.customs);
        let mut arcs = Vec::with_capacity(2 * binaries.len());
        let mut arcs_into = Vec::with_capacity(2 * binaries.len());
        let mut var_constraints = Vec::new();
        let mut constraint_vars = Vec::new();
        for (c, b) in binaries.iter().enumerate() {
            for (x, y, reversed) in [(b.x, b.y, false), (b.y, b.x, true)] {
                arcs_into.push((y as usize, arcs.len() as u32));
                arcs.push(Arc {
                    x,
                    y,
                    constraint: c as u32,
                    reversed,
                });
            }
            var_constraints.push((b.x as usize, c as u32));
            if b.y != b.x {
                var_constraints.push((b.y as usize, c as u32));
            }
            constraint_vars.push((c, b.x));
            constraint_vars.push((c, b.y));
        }
        let mut watch = Vec::new();
        let mut watch_fixed = Vec::new();
        let mut scratch = Vec::new();
        let mut unscoped = Vec::new();
        for (p, prop) in props.iter().enumerate() {
            scratch.clear();
            scratch.extend(prop.variables().iter().map(|v| v.0));
            scratch.sort_unstable();
            scratch.dedup();
            if scratch.is_empty() {
                unscoped.push(p as u32);
            }
            let id = (binaries.len() + p) as u32;
            let list = match prop.wakes_on() {
                Wake::Change => &mut watch,
                Wake::Fixed => &mut watch_fixed,
            };
            for &v in &scratch {
                list.push((v as usize, p as u32));
                var_constraints.push((v as usize, id));
                constraint_vars.push((id as usize, v));
            }
        }
        let num_constraints = binaries.len() + props.len();
        Engine {
            unscoped,
            arc_queued: vec![false; arcs.len()],
            prop_queued: vec![false; props.len()],
            prop_slow: props.iter().map(|p| p.is_expensive()).collect(),
            prop_idempotent: props.iter().map(|p| p.is_idempotent()).collect(),
            binaries,
            arcs,
            arcs_into: Csr::new(n, arcs_into),
            arc_queue: VecDeque::new(),
            props,
            watch: Csr::new(n, watch),
            watch_fixed: Csr::new(n, watch_fixed),
            prop_queues: [VecDeque::new(), VecDeque::new()],
            changed: Vec::new(),
            scratch: Vec::new(),
            snapshot: Vec::new(),
            removed: Vec::new(),
            added: Vec::new(),
            reasons: Vec::new(),
            last_reason: None,
            weights: vec![1; num_constraints],
            var_constraints: Csr::new(n, var_constraints),
            constraint_vars: Csr::new(num_constraints, constraint_vars),
            counters: EngineCounters::default(),
            deadline: None,
            steps_to_clock: CLOCK_STRIDE,
            interrupted: false,
        }
    }

    /// Sets the deadline of the search about to start ([`Engine::deadline`]).
    pub(crate) fn set_deadline(&mut self, deadline: Option<Instant>) {
        self.deadline = deadline;
        self.steps_to_clock = CLOCK_STRIDE;
        self.interrupted = false;
    }

    /// Whether the deadline has passed, looked at once every
    /// [`CLOCK_STRIDE`] calls; once it has, the queues are emptied and
    /// every later call says so.
    #[inline(always)]
    fn out_of_time(&mut self) -> bool {
        let Some(deadline) = self.deadline else {
            return false;
        };
        self.steps_to_clock -= 1;
        if self.steps_to_clock > 0 {
            return false;
        }
        self.steps_to_clock = CLOCK_STRIDE;
        if Instant::now() < deadline {
            return false;
        }
        // Every later fixpoint of this search stops at its first step.
        self.steps_to_clock = 1;
        self.interrupted = true;
        self.clear_queues();
        true
    }

    /// Puts every arc and every propagator on the queues (AC-3's initial queue).
    pub(crate) fn schedule_all(&mut self) {
        for a in 0..self.arcs.len() {
            if !self.arc_queued[a] {
                self.arc_queued[a] = true;
                self.arc_queue.push_back(a as u32);
            }
        }
        for p in 0..self.props.len() {
            if !self.prop_queued[p] {
                self.prop_queued[p] = true;
                self.prop_queues[self.prop_slow[p] as usize].push_back(p as u32);
            }
        }
    }

    /// Puts the propagators over no variable on the queue: what forward
    /// checking, which propagates nothing at the root, must still run once.
    pub(crate) fn schedule_unscoped(&mut self) {
        for &p in &self.unscoped {
            if !self.prop_queued[p as usize] {
                self.prop_queued[p as usize] = true;
                self.prop_queues[self.prop_slow[p as usize] as usize].push_back(p);
            }
        }
    }

    /// Wakes what watches `var` (`fixed`: its domain is now a singleton),
    /// except arc `except_arc` (the reverse of the arc just revised: the
    /// same constraint seen from the other side) and propagator `except_prop`.
    #[inline]
    fn schedule(&mut self, var: u32, fixed: bool, except_arc: u32, except_prop: u32) {
        for &a in self.arcs_into.get(var as usize) {
            if !self.arc_queued[a as usize] && a != except_arc {
                self.arc_queued[a as usize] = true;
                self.arc_queue.push_back(a);
            }
        }
        let watchers = self.watch.get(var as usize);
        let fixed_watchers = if fixed {
            self.watch_fixed.get(var as usize)
        } else {
            &[]
        };
        for &p in watchers.iter().chain(fixed_watchers) {
            if !self.prop_queued[p as usize] && p != except_prop {
                self.prop_queued[p as usize] = true;
                self.prop_queues[self.prop_slow[p as usize] as usize].push_back(p);
            }
        }
    }

    /// Wakes everything watching `var` after a search decision or refutation.
    pub(crate) fn schedule_var(&mut self, var: usize, fixed: bool) {
        self.schedule(var as u32, fixed, NONE, NONE);
    }

    fn clear_queues(&mut self) {
        for a in self.arc_queue.drain(..) {
            self.arc_queued[a as usize] = false;
        }
        for queue in &mut self.prop_queues {
            for p in queue.drain(..) {
                self.prop_queued[p as usize] = false;
            }
        }
        self.changed.clear();
    }

    /// Runs arcs and propagators to a fixpoint (AC-3 / MAC), telling
    /// `observer` of every arc revision, every propagator's removals and a
    /// wipe-out.
    pub(crate) fn fixpoint<O: Observer>(
        &mut self,
        store: &mut Store,
        observer: &mut O,
    ) -> Result<(), Conflict> {
        while self.step(store, observer)? {}
        Ok(())
    }

    /// [`Engine::fixpoint`] with arcs revised out of turn, as a student
    /// clicking arcs asks: `clicks[i] = (after, arc)` is revised once
    /// `after` revisions of this pass are done (or the queues are empty)
    /// and the clicks before it were revised, and taken off the queue if it
    /// was on it. A wipe-out ends the pass with the clicks left unrevised.
    pub(crate) fn fixpoint_clicked<O: Observer>(
        &mut self,
        store: &mut Store,
        clicks: &[(u64, u32)],
        observer: &mut O,
    ) -> Result<(), Conflict> {
        let start = self.counters.arc_revisions;
        let mut clicks = clicks.iter().peekable();
        loop {
            let queues_empty =
                self.arc_queue.is_empty() && self.prop_queues.iter().all(VecDeque::is_empty);
            let done = self.counters.arc_revisions - start;
            if let Some(&(_, a)) = clicks.next_if(|&&(after, _)| done >= after || queues_empty) {
                if self.arc_queued[a as usize] {
                    self.arc_queued[a as usize] = false;
                    self.arc_queue.retain(|&queued| queued != a);
                }
                self.revise_arc(store, a, observer)?;
                continue;
            }
            if !self.step(store, observer)? {
                return Ok(());
            }
        }
    }

    /// The arc index of `(x, y)`: the first binary constraint's.
    pub(crate) fn arc_index(&self, x: Var, y: Var) -> Option<u32> {
        self.arcs
            .iter()
            .position(|arc| arc.x == x.0 && arc.y == y.0)
            .map(|a| a as u32)
    }

    /// One step towards the fixpoint: the arc at the front of the queue
    /// revised, or else the first propagator queued run; `false` when both
    /// queues are empty. Always inlined, so that the fixpoint's loop is
    /// the one it was before the steps were split out for the clicks.
    #[inline(always)]
    fn step<O: Observer>(&mut self, store: &mut Store, observer: &mut O) -> Result<bool, Conflict> {
        if self.out_of_time() {
            return Err(Conflict);
        }
        if let Some(a) = self.arc_queue.pop_front() {
            self.arc_queued[a as usize] = false;
            self.revise_arc(store, a, observer)?;
            return Ok(true);
        }
        if let Some(p) = self.prop_queues[0]
            .pop_front()
            .or_else(|| self.prop_queues[1].pop_front())
        {
            self.prop_queued[p as usize] = false;
            let result = self.run_observed(store, p as usize, Strength::Full, None, observer);
            if let Err(conflict) = result {
                self.weights[self.binaries.len() + p as usize] += 1;
                self.clear_queues();
                return Err(conflict);
            }
            let except = if self.prop_idempotent[p as usize] {
                p
            } else {
                NONE
            };
            let mut changed = std::mem::take(&mut self.changed);
            for &v in &changed {
                self.schedule(v, store.size(v as usize) == 1, NONE, except);
            }
            changed.clear();
            self.changed = changed;
            return Ok(true);
        }
        Ok(false)
    }

    /// Revises arc `a` (off the queue already), queues the arcs into its
    /// `x` when `x` changed, and tells `observer`; a wipe-out empties the
    /// queues. Always inlined: a call here on every revision costs the
    /// unwatched fixpoint about 1.5% of a MAC search's instructions.
    #[inline(always)]
    fn revise_arc<O: Observer>(
        &mut self,
        store: &mut Store,
        a: u32,
        observer: &mut O,
    ) -> Result<(), Conflict> {
        let arc = self.arcs[a as usize];
        let x = arc.x as usize;
        if O::ACTIVE {
            self.snapshot.clear();
            self.snapshot.extend_from_slice(store.words(x));
        }
        let changed = self.revise(store, arc);
        let queued_before = self.arc_queue.len();
        if changed && store.size(x) > 0 {
            // Arcs come in pairs 2c, 2c + 1: the reverse of `a` is `a ^ 1`.
            self.schedule(arc.x, store.size(x) == 1, a ^ 1, NONE);
        }
        if O::ACTIVE {
            self.removed.clear();
            if changed {
                removed_since(store, x, &self.snapshot, &mut self.removed);
            }
            self.added.clear();
            let arcs = &self.arcs;
            self.added
                .extend(self.arc_queue.iter().skip(queued_before).map(|&b| {
                    let arc = arcs[b as usize];
                    (Var(arc.x), Var(arc.y))
                }));
            observer.arc_revised(Var(arc.x), Var(arc.y), &self.removed, &self.added);
        }
        if changed && store.size(x) == 0 {
            if O::ACTIVE {
                observer.wipeout(Some(Var(arc.x)));
            }
            self.weights[arc.constraint as usize] += 1;
            self.clear_queues();
            return Err(Conflict);
        }
        Ok(())
    }

    /// Runs propagator `p`, telling `observer` what it removed from each of
    /// its variables and, when it fails, which domain it wiped out.
    #[inline]
    fn run_observed<O: Observer>(
        &mut self,
        store: &mut Store,
        p: usize,
        strength: Strength,
        assigned: Option<Var>,
        observer: &mut O,
    ) -> Result<(), Conflict> {
        let id = self.binaries.len() + p;
        if O::ACTIVE {
            self.snapshot.clear();
            for &v in self.constraint_vars.get(id) {
                self.snapshot.extend_from_slice(store.words(v as usize));
            }
        }
        let result = self.run_propagator(store, p, strength, assigned, O::ACTIVE);
        if O::ACTIVE {
            // The snapshot holds each variable's words in `constraint_vars` order.
            let mut offset = 0;
            let mut emptied = None;
            for &v in self.constraint_vars.get(id) {
                let len = store.words(v as usize).len();
                let before = &self.snapshot[offset..offset + len];
                offset += len;
                self.removed.clear();
                removed_since(store, v as usize, before, &mut self.removed);
                if !self.removed.is_empty() {
                    let reason = self
                        .reasons
                        .iter()
                        .find(|&&(var, _)| var == v)
                        .map(|&(_, reason)| reason);
                    observer.pruned_because(self.props[p].name(), reason, Var(v), &self.removed);
                }
                if store.size(v as usize) == 0 && emptied.is_none() {
                    emptied = Some(Var(v));
                }
            }
            if result.is_err() {
                observer.propagator_failed(self.props[p].name(), self.last_reason, emptied);
            }
        }
        result
    }

    fn run_propagator(
        &mut self,
        store: &mut Store,
        p: usize,
        strength: Strength,
        assigned: Option<Var>,
        watched: bool,
    ) -> Result<(), Conflict> {
        self.counters.propagations += 1;
        let mut ctx = Context::new(store, &mut self.changed, strength);
        ctx.assigned = assigned;
        if watched {
            self.reasons.clear();
            ctx.reasons = Some(&mut self.reasons);
        }
        let result = self.props[p].propagate(&mut ctx);
        self.counters.prunings += ctx.prunings;
        self.last_reason = ctx.reason;
        result
    }

    /// Forward checking after `var` was assigned: revise every arc `(k, var)`
    /// with `k` not yet assigned, and run `var`'s propagators once, in forward
    /// mode. Nothing cascades.
    pub(crate) fn forward<O: Observer>(
        &mut self,
        store: &mut Store,
        var: usize,
        assigned: &[bool],
        observer: &mut O,
    ) -> Result<(), Conflict> {
        for i in 0..self.arcs_into.get(var).len() {
            let arc = self.arcs[self.arcs_into.get(var)[i] as usize];
            if assigned[arc.x as usize] {
                continue;
            }
            let x = arc.x as usize;
            if O::ACTIVE {
                self.snapshot.clear();
                self.snapshot.extend_from_slice(store.words(x));
            }
            let changed = self.revise(store, arc);
            if O::ACTIVE {
                self.removed.clear();
                if changed {
                    removed_since(store, x, &self.snapshot, &mut self.removed);
                }
                observer.arc_revised(Var(arc.x), Var(arc.y), &self.removed, &[]);
            }
            if changed && store.size(x) == 0 {
                if O::ACTIVE {
                    observer.wipeout(Some(Var(arc.x)));
                }
                self.weights[arc.constraint as usize] += 1;
                return Err(Conflict);
            }
        }
        let (any, fixed) = (self.watch.get(var).len(), self.watch_fixed.get(var).len());
        for i in 0..any + fixed {
            let p = if i < any {
                self.watch.get(var)[i]
            } else {
                self.watch_fixed.get(var)[i - any]
            };
            let p = p as usize;
            let assigned = Some(Var(var as u32));
            if let Err(conflict) =
                self.run_observed(store, p, Strength::Forward, assigned, observer)
            {
                self.weights[self.binaries.len() + p] += 1;
                self.changed.clear();
                return Err(conflict);
            }
            self.changed.clear();
        }
        Ok(())
    }

    /// Removes the values of `arc.x` that no value of `arc.y` supports;
    /// returns whether anything was removed.
    fn revise(&mut self, store: &mut Store, arc: Arc) -> bool {
        self.counters.arc_revisions += 1;
        let (x, y) = (arc.x as usize, arc.y as usize);
        let constraint = &self.binaries[arc.constraint as usize];
        let (base_x, base_y) = if arc.reversed {
            (constraint.base_y, constraint.base_x)
        } else {
            (constraint.base_x, constraint.base_y)
        };
        self.scratch.clear();
        match &constraint.relation {
            Relation::Predicate(allowed) => {
                if let Some(b) = store.value(y) {
                    for a in store.iter(x) {
                        let ok = if arc.reversed {
                            allowed(b, a)
                        } else {
                            allowed(a, b)
                        };
                        if !ok {
                            self.scratch.push(a);
                        }
                    }
                } else {
                    for a in store.iter(x) {
                        let supported = if arc.reversed {
                            store.iter(y).any(|b| allowed(b, a))
                        } else {
                            store.iter(y).any(|b| allowed(a, b))
                        };
                        if !supported {
                            self.scratch.push(a);
                        }
                    }
                }
            }
            Relation::Table {
                forward,
                y_words,
                backward,
                x_words,
            } => {
                let (table, stride) = if arc.reversed {
                    (backward, *x_words)
                } else {
                    (forward, *y_words)
                };
                let y_dom = store.words(y);
                for a in store.iter(x) {
                    let row = (a - base_x) as usize * stride;
                    let supported = table[row..row + stride]
                        .iter()
                        .zip(y_dom)
                        .any(|(s, d)| s & d != 0);
                    if !supported {
                        self.scratch.push(a);
                    }
                }
            }
            Relation::EqualKeys { key_x, key_y } => {
                let (keys_x, keys_y) = if arc.reversed {
                    (key_y, key_x)
                } else {
                    (key_x, key_y)
                };
                let mut present = 0u64;
                for b in store.iter(y) {
                    let k = keys_y[(b - base_y) as usize];
                    if k < 64 {
                        present |= 1 << k;
                    }
                }
                for a in store.iter(x) {
                    let k = keys_x[(a - base_x) as usize];
                    if k >= 64 || present >> k & 1 == 0 {
                        self.scratch.push(a);
                    }
                }
            }
        }
        let mut changed = false;
        for &a in &self.scratch {
            changed |= store.remove(x, a);
        }
        self.counters.prunings += self.scratch.len() as u64;
        changed
    }

    /// How many constraints a complete assignment violates.
    pub(crate) fn count_violations(&self, values: &[i32]) -> usize {
        let binaries = self
            .binaries
            .iter()
            .filter(|c| !c.allows(values[c.x as usize], values[c.y as usize]))
            .count();
        let mut scratch = Vec::new();
        let props = self
            .props
            .iter()
            .filter(|p| {
                scratch.clear();
                scratch.extend(p.variables().iter().map(|v| values[v.index()]));
                !p.is_satisfied(&scratch)
            })
            .count();
        binaries + props
    }
}

/// Adjacency lists in one array (compressed sparse rows): row `i` is
/// `list[start[i]..start[i + 1]]`.
#[derive(Debug, Clone, Default)]
pub(crate) struct Csr {
    start: Vec<u32>,
    list: Vec<u32>,
}

impl Csr {
    /// Builds `rows` rows from `(row, item)` pairs, keeping each row's items in input order.
    fn new(rows: usize, pairs: Vec<(usize, u32)>) -> Self {
        let mut start = vec![0u32; rows + 1];
        for &(row, _) in &pairs {
            start[row + 1] += 1;
        }
        for i in 0..rows {
            start[i + 1] += start[i];
        }
        let mut fill = start.clone();
        let mut list = vec![0u32; pairs.len()];
        for (row, item) in pairs {
            list[fill[row] as usize] = item;
            fill[row] += 1;
        }
        Csr { start, list }
    }

    #[inline]
    pub(crate) fn get(&self, row: usize) -> &[u32] {
        &self.list[self.start[row] as usize..self.start[row + 1] as usize]
    }
}
