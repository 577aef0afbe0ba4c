//! The regular constraint (Pesant 2004): a sequence of variables spells a
//! word a deterministic finite automaton accepts, kept domain consistent
//! through the layered graph of the automaton's states.
//!
//! Layer `i` holds the states the automaton can be in after reading the
//! first `i` variables. A forward pass from the start state keeps the
//! states reachable through values still in the domains; a backward pass
//! from the accepting states of the last layer keeps those from which an
//! accepting state can still be reached. A value of variable `i` survives
//! exactly when some transition on it joins a state kept in layer `i` to
//! one kept in layer `i + 1`: that transition lies on an accepted word
//! within the domains, which is domain consistency. Removing the other
//! values removes no accepted word, so the passes need not be repeated.
//! State sets are bitsets, so a layer costs one step per state and value.
//! With at most 64 states and one-word domains (a nonogram line, most
//! puzzle automata) a state set is one word, a column's transitions a few
//! shifts of it, and a call recomputes only the layers that the domains
//! changed since the last call can have changed (`pass_one_word`).
//!
//! [`Automaton::nonogram`] builds the automaton of a nonogram line's clue.

use std::fmt;

use crate::model::Model;
use crate::propagator::{Conflict, Context, Propagator};
use crate::var::Var;

/// No transition.
const NONE: u32 = u32::MAX;

/// The most transition-table entries (states times the values' span) an
/// automaton may have: 16 million, 64 MB.
const MAX_TABLE: usize = 1 << 24;

/// Why an automaton could not be built.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AutomatonError {
    /// A state (start, accepting, or an end of a transition) is not below
    /// the number of states.
    NoSuchState {
        /// The state named.
        state: usize,
        /// The number of states.
        states: usize,
    },
    /// Two transitions leave `state` on `value` for different states.
    Nondeterministic {
        /// The state both leave.
        state: usize,
        /// The value both read.
        value: i32,
    },
    /// The transition table (states times the span of the values read)
    /// would pass 16 million entries.
    TooLarge {
        /// The entries it would have.
        entries: usize,
    },
}

impl fmt::Display for AutomatonError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AutomatonError::NoSuchState { state, states } => {
                write!(
                    f,
                    "state {state} does not exist (the automaton has {states})"
                )
            }
            AutomatonError::Nondeterministic { state, value } => write!(
                f,
                "two transitions leave state {state} on value {value} for different states"
            ),
            AutomatonError::TooLarge { entries } => write!(
                f,
                "the transition table would have {entries} entries, past {MAX_TABLE}"
            ),
        }
    }
}

impl std::error::Error for AutomatonError {}

/// A deterministic finite automaton over integer values: states `0..states`,
/// a start state, a set of accepting states and at most one transition per
/// state and value (a missing transition rejects).
///
/// ```
/// use csp_core::Automaton;
///
/// fn main() -> Result<(), Box<dyn std::error::Error>> {
///     // Words over {0, 1} with no two 1s in a row: state 1 after a 1.
///     let automaton = Automaton::new(2, 0, &[0, 1], &[(0, 0, 0), (0, 1, 1), (1, 0, 0)])?;
///     assert!(automaton.accepts(&[1, 0, 1, 0, 0, 1]));
///     assert!(!automaton.accepts(&[0, 1, 1]));
///     Ok(())
/// }
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Automaton {
    states: usize,
    start: usize,
    accepting: Vec<bool>,
    /// The smallest value any transition reads, and the span up to the largest.
    base: i32,
    span: usize,
    /// `next[state * span + (value - base)]`, or `NONE`.
    next: Vec<u32>,
    /// What it is, for the constraint's name: `nonogram 3 1`, `automaton of 5 states`.
    description: String,
}

impl Automaton {
    /// The automaton with `states` states, `start`, the `accepting` states
    /// and the `transitions` `(from, value, to)`. A transition listed twice
    /// is harmless; two from one state on one value to different states are
    /// an error, as are states out of range.
    pub fn new(
        states: usize,
        start: usize,
        accepting: &[usize],
        transitions: &[(usize, i32, usize)],
    ) -> Result<Automaton, AutomatonError> {
        let check = |state: usize| {
            if state < states {
                Ok(())
            } else {
                Err(AutomatonError::NoSuchState { state, states })
            }
        };
        check(start)?;
        let mut accepts = vec![false; states];
        for &state in accepting {
            check(state)?;
            accepts[state] = true;
        }
        let (base, span) = match (
            transitions.iter().map(|t| t.1).min(),
            transitions.iter().map(|t| t.1).max(),
        ) {
            (Some(lo), Some(hi)) => (lo, (hi as i64 - lo as i64 + 1) as usize),
            _ => (0, 0),
        };
        let entries = states.saturating_mul(span);
        if entries > MAX_TABLE {
            return Err(AutomatonError::TooLarge { entries });
        }
        let mut next = vec![NONE; entries];
        for &(from, value, to) in transitions {
            check(from)?;
            check(to)?;
            let entry = &mut next[from * span + (value as i64 - base as i64) as usize];
            if *entry != NONE && *entry != to as u32 {
                return Err(AutomatonError::Nondeterministic { state: from, value });
            }
            *entry = to as u32;
        }
        Ok(Automaton {
            states,
            start,
            accepting: accepts,
            base,
            span,
            next,
            description: format!("automaton of {states} states"),
        })
    }

    /// The automaton of a nonogram line: over 0 (blank) and 1 (filled), it
    /// accepts the lines whose runs of 1s have the lengths `clue`, in
    /// order, separated by at least one 0 (`[3, 1]`: `0111001`, `1110100`,
    /// ...). An empty clue (or zeros) accepts the blank lines only.
    ///
    /// ```
    /// use csp_core::Automaton;
    ///
    /// let line = Automaton::nonogram(&[3, 1]);
    /// assert!(line.accepts(&[0, 1, 1, 1, 0, 0, 1]));
    /// assert!(!line.accepts(&[1, 1, 1, 1, 0, 0, 0]));
    /// assert!(!line.accepts(&[1, 1, 1, 1]));
    /// assert_eq!(line.states(), 7);
    /// ```
    pub fn nonogram(clue: &[usize]) -> Automaton {
        let runs: Vec<usize> = clue.iter().copied().filter(|&run| run > 0).collect();
        // State 0 is the blanks before the first run; then, per run, one
        // state per filled cell of it and one for the blanks after it.
        let states = 1 + runs.iter().map(|run| run + 1).sum::<usize>();
        let mut transitions = vec![(0, 0, 0)];
        let mut gap = 0;
        for &run in &runs {
            let first = gap + 1;
            transitions.push((gap, 1, first));
            for cell in first..first + run - 1 {
                transitions.push((cell, 1, cell + 1));
            }
            let last = first + run - 1;
            gap = last + 1;
            transitions.push((last, 0, gap));
            transitions.push((gap, 0, gap));
        }
        // The last run's end, or the blank line's one state.
        let accepting = if runs.is_empty() {
            vec![0]
        } else {
            vec![gap - 1, gap]
        };
        let mut automaton = Automaton::new(states, 0, &accepting, &transitions)
            .expect("a nonogram automaton is deterministic and within range");
        let clue: Vec<String> = runs.iter().map(usize::to_string).collect();
        automaton.description = if clue.is_empty() {
            "nonogram 0".to_owned()
        } else {
            format!("nonogram {}", clue.join(" "))
        };
        automaton
    }

    /// Number of states.
    pub fn states(&self) -> usize {
        self.states
    }

    /// The start state.
    pub fn start(&self) -> usize {
        self.start
    }

    /// Whether `state` is accepting.
    pub fn is_accepting(&self, state: usize) -> bool {
        self.accepting.get(state).copied().unwrap_or(false)
    }

    /// The state reached from `state` on `value`, if there is a transition.
    pub fn next(&self, state: usize, value: i32) -> Option<usize> {
        let column = value as i64 - self.base as i64;
        if state >= self.states || column < 0 || column >= self.span as i64 {
            return None;
        }
        let to = self.next[state * self.span + column as usize];
        (to != NONE).then_some(to as usize)
    }

    /// Whether the automaton accepts the word `values`.
    pub fn accepts(&self, values: &[i32]) -> bool {
        values
            .iter()
            .try_fold(self.start, |state, &value| self.next(state, value))
            .is_some_and(|state| self.accepting[state])
    }
}

/// `vars`, in order, spell a word `automaton` accepts; domain consistent
/// (generalised arc consistent): after a call every value left in every
/// domain lies on an accepted word within the domains, when no variable is
/// listed twice (a repeated variable is read as two, which stays sound but
/// may miss a pruning). Build it with
/// [`Model::regular`](crate::Model::regular), or with [`Regular::new`]
/// and [`Regular::named`] for a label in traces.
///
/// ```
/// use csp_core::{Automaton, Config, Model, Solver};
///
/// fn main() -> Result<(), Box<dyn std::error::Error>> {
///     // A nonogram row of 5 cells with the clue 3: 11100, 01110, 00111.
///     let mut model = Model::new();
///     let cells = model.new_vars(5, 0..=1);
///     model.regular(&cells, &Automaton::nonogram(&[3]));
///     let mut solver = Solver::new(model, Config::default());
///     // The middle cell is filled in every solution, so propagation fixes it.
///     assert_eq!(solver.ac3(false).consistent, true);
///     assert_eq!(solver.domain(cells[2]), [1]);
///     assert_eq!(solver.count(u64::MAX).count, 3);
///     Ok(())
/// }
/// ```
///
/// Its prunings are reported as `regular nonogram 3` (the automaton's
/// description, then the label, as `regular nonogram 3 [row 2]`).
#[derive(Debug, Clone)]
pub struct Regular {
    vars: Vec<Var>,
    automaton: Automaton,
    /// Words per state set.
    words: usize,
    /// Layer `i`'s states reachable from the start (`(n + 1) * words`).
    forward: Vec<u64>,
    /// Layer `i`'s states on an accepted word (`(n + 1) * words`).
    backward: Vec<u64>,
    /// The values kept for one variable, in its domain's word layout.
    keep: Vec<u64>,
    /// Whether no variable is listed twice (domain consistency is promised then only).
    distinct: bool,
    /// The one-word fast path, chosen on the first call (the domains' layout
    /// is fixed when the variables are created).
    fast: Fast,
    name: String,
}

/// Whether the one-word fast path applies: at most 64 states and every
/// domain in one word.
#[derive(Debug, Clone)]
enum Fast {
    Unknown,
    No,
    Yes(Box<OneWord>),
}

/// What the fast path reads: per position, how a bit of the domain's word
/// maps to a column of the transition table (a value the automaton reads);
/// per column, the transitions as one-bit masks of the state reached or,
/// when they fall into few *shift classes*, as those classes.
///
/// A shift class is the set of states `m` that a column's transitions move
/// by the same `d` (state `q` goes to `q + d`): the states reached from a
/// set `S` through it are `(S & m)` shifted by `d`, and the states of `m`
/// leading into a set `T` are `T` shifted back by `d`, masked with `m`. A
/// column with few classes costs a few word operations per layer whatever
/// the number of states in play: a nonogram's automaton has one class on
/// 1 (every transition goes to the next state) and two on 0 (a gap stays,
/// a run's last cell goes to the gap after it).
#[derive(Debug, Clone)]
struct OneWord {
    /// Per position: the column of the domain's bit 0 (base minus the alphabet's).
    offsets: Vec<i64>,
    /// Per position: the bits of the domain's word whose values the automaton reads.
    readable: Vec<u64>,
    /// `step[column * states + state]`: the one-bit mask of the state reached.
    step: Vec<u64>,
    /// Per column, its shift classes, or none when there are too many and
    /// the column reads `step`.
    columns: Vec<Column>,
    states: usize,
    accepting: u64,
    /// Every state, as a mask.
    all: u64,
    /// Layer `i`'s states reachable from the start through the words `seen`.
    forward: Vec<u64>,
    /// Layer `i`'s states from which an accepting state can be reached
    /// through the words `seen` (whether or not the start reaches them).
    backward: Vec<u64>,
    /// Per position, the domain word `forward` and `backward` were computed
    /// from: a position whose word differs now is recomputed, one equal is
    /// not. Only a hint, checked on every call, so backtracking needs no undo.
    seen: Vec<u64>,
    /// Per position, whether the last call that looked at it pruned it: its
    /// values must be looked at again even if its word comes back equal to
    /// `seen` (backtracking restores what was pruned).
    stale: Vec<bool>,
    /// Whether `forward`, `backward` and `seen` agree (false before the
    /// first call and after a failure, which leaves them half done).
    valid: bool,
}

/// A column with more shift classes than this walks its states one by one.
const MAX_CLASSES: usize = 8;

/// A column's shift classes: class `k` moves the states of `masks[k]` left
/// by `left[k]` and right by `right[k]` bits (one of the two is 0), so that
/// a shift either way is two shifts, without a branch.
#[derive(Debug, Clone)]
struct Column {
    /// How many classes; `u8::MAX` when there are too many.
    count: u8,
    left: [u8; MAX_CLASSES],
    right: [u8; MAX_CLASSES],
    masks: [u64; MAX_CLASSES],
}

impl OneWord {
    /// The fast path's tables, if it applies to `vars` over `automaton`.
    fn new(ctx: &Context<'_>, vars: &[Var], automaton: &Automaton) -> Option<OneWord> {
        let states = automaton.states;
        if states > 64 || vars.iter().any(|&var| ctx.mask(var).is_none()) {
            return None;
        }
        let span = automaton.span;
        let mut offsets = Vec::with_capacity(vars.len());
        let mut readable = Vec::with_capacity(vars.len());
        for &var in vars {
            let offset = ctx.base(var) as i64 - automaton.base as i64;
            let mask = (0..64)
                .filter(|&bit| (0..span as i64).contains(&(bit + offset)))
                .fold(0u64, |mask, bit| mask | 1 << bit);
            offsets.push(offset);
            readable.push(mask);
        }
        let mut step = vec![0u64; span * states];
        let mut columns = Vec::with_capacity(span);
        for column in 0..span {
            let mut own: Vec<(i32, u64)> = Vec::new();
            for q in 0..states {
                let next = automaton.next[q * span + column];
                if next == NONE {
                    continue;
                }
                step[column * states + q] = 1 << next;
                let shift = next as i32 - q as i32;
                match own.iter_mut().find(|class| class.0 == shift) {
                    Some(class) => class.1 |= 1 << q,
                    None => own.push((shift, 1 << q)),
                }
            }
            let mut classes = Column {
                count: u8::MAX,
                left: [0; MAX_CLASSES],
                right: [0; MAX_CLASSES],
                masks: [0; MAX_CLASSES],
            };
            if own.len() <= MAX_CLASSES {
                classes.count = own.len() as u8;
                for (k, &(shift, mask)) in own.iter().enumerate() {
                    classes.left[k] = shift.max(0) as u8;
                    classes.right[k] = (-shift).max(0) as u8;
                    classes.masks[k] = mask;
                }
            }
            columns.push(classes);
        }
        let accepting = (0..states)
            .filter(|&q| automaton.accepting[q])
            .fold(0u64, |mask, q| mask | 1 << q);
        Some(OneWord {
            offsets,
            readable,
            step,
            columns,
            states,
            accepting,
            all: if states == 64 { !0 } else { (1 << states) - 1 },
            forward: vec![0; vars.len() + 1],
            backward: vec![0; vars.len() + 1],
            seen: vec![0; vars.len()],
            stale: vec![false; vars.len()],
            valid: false,
        })
    }

    /// The states reached from `from` through `column`.
    #[inline]
    fn image(&self, column: usize, from: u64) -> u64 {
        let classes = &self.columns[column];
        let mut to = 0;
        if classes.count as usize <= MAX_CLASSES {
            for k in 0..classes.count as usize {
                to |= (from & classes.masks[k]) << classes.left[k] >> classes.right[k];
            }
        } else {
            let row = &self.step[column * self.states..];
            let mut bits = from;
            while bits != 0 {
                to |= row[bits.trailing_zeros() as usize];
                bits &= bits - 1;
            }
        }
        to
    }

    /// The states of `from` that `column` leads into `into`.
    #[inline]
    fn leading_into(&self, column: usize, from: u64, into: u64) -> u64 {
        let classes = &self.columns[column];
        let mut hit = 0;
        if classes.count as usize <= MAX_CLASSES {
            for k in 0..classes.count as usize {
                hit |= (into >> classes.left[k] << classes.right[k]) & classes.masks[k];
            }
            hit & from
        } else {
            let row = &self.step[column * self.states..];
            let mut bits = from;
            while bits != 0 {
                let q = bits.trailing_zeros();
                bits &= bits - 1;
                hit |= ((row[q as usize] & into != 0) as u64) << q;
            }
            hit
        }
    }
}

impl Regular {
    /// `vars` spell a word `automaton` accepts.
    pub fn new(vars: &[Var], automaton: &Automaton) -> Regular {
        let words = automaton.states.div_ceil(64).max(1);
        let layers = vars.len() + 1;
        Regular {
            vars: vars.to_vec(),
            automaton: automaton.clone(),
            words,
            forward: vec![0; layers * words],
            backward: vec![0; layers * words],
            keep: Vec::new(),
            distinct: {
                let mut sorted = vars.to_vec();
                sorted.sort_unstable();
                sorted.windows(2).all(|pair| pair[0] != pair[1])
            },
            fast: Fast::Unknown,
            name: format!("regular {}", automaton.description),
        }
    }

    /// The same constraint with `label` in its name (`regular nonogram 3 1
    /// [row 4]`), so that a trace tells which of several it is.
    pub fn named(mut self, label: impl AsRef<str>) -> Regular {
        self.name.push_str(&format!(" [{}]", label.as_ref()));
        self
    }

    /// From scratch, in debug builds, with plain state lists instead of
    /// bitsets: every value left lies on an accepted word within the domains.
    #[cfg(debug_assertions)]
    fn check(&self, ctx: &Context<'_>) {
        let a = &self.automaton;
        let n = self.vars.len();
        let mut reach = vec![vec![false; a.states]; n + 1];
        reach[0][a.start] = true;
        for i in 0..n {
            for q in 0..a.states {
                if reach[i][q] {
                    for value in ctx.values(self.vars[i]) {
                        if let Some(to) = a.next(q, value) {
                            reach[i + 1][to] = true;
                        }
                    }
                }
            }
        }
        let mut alive: Vec<bool> = (0..a.states).map(|q| a.accepting[q]).collect();
        for i in (0..n).rev() {
            let mut before = vec![false; a.states];
            for value in ctx.values(self.vars[i]) {
                let supported = (0..a.states)
                    .any(|q| reach[i][q] && a.next(q, value).is_some_and(|to| alive[to]));
                debug_assert!(supported, "{}: value {value} unsupported", self.name);
            }
            for (q, state) in before.iter_mut().enumerate() {
                *state = ctx
                    .values(self.vars[i])
                    .any(|value| a.next(q, value).is_some_and(|to| alive[to]));
            }
            alive = before;
        }
    }
}

impl Propagator for Regular {
    fn variables(&self) -> Vec<Var> {
        self.vars.clone()
    }

    fn propagate(&mut self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        // With a variable listed twice, pruning one place can take supports
        // from another already passed: repeat until a pass removes nothing.
        if let Fast::Unknown = self.fast {
            self.fast = match OneWord::new(ctx, &self.vars, &self.automaton) {
                Some(tables) => Fast::Yes(Box::new(tables)),
                None => Fast::No,
            };
        }
        loop {
            let removed = match &mut self.fast {
                Fast::Yes(tables) => pass_one_word(tables, &self.vars, self.automaton.start, ctx)?,
                _ => self.pass(ctx)?,
            };
            if !removed || self.distinct {
                break;
            }
        }
        #[cfg(debug_assertions)]
        if self.distinct {
            self.check(ctx);
        }
        Ok(())
    }

    fn is_satisfied(&self, values: &[i32]) -> bool {
        self.automaton.accepts(values)
    }

    fn is_idempotent(&self) -> bool {
        true
    }

    fn name(&self) -> &str {
        &self.name
    }
}

/// [`Regular::pass`] for at most 64 states and one-word domains, and
/// incremental: a state set is a word, a layer a few word operations per
/// value, and only the layers that the positions changed since the last
/// call can change are recomputed. The forward sets are recomputed from
/// the first changed position until they come out as before past the last
/// one, the backward (co-reachable) sets from the last changed position
/// down until they come out as before below the first; the values are
/// looked at again where their domain, the forward set before them or the
/// backward set after them changed. Elsewhere every value was found
/// supported by the same sets before, so it still is.
#[expect(
    clippy::needless_range_loop,
    reason = "a position indexes the variables and four tables alike"
)]
fn pass_one_word(
    tables: &mut OneWord,
    vars: &[Var],
    start: usize,
    ctx: &mut Context<'_>,
) -> Result<bool, Conflict> {
    let n = vars.len();
    if n == 0 {
        return if tables.accepting >> start & 1 == 1 {
            Ok(false)
        } else {
            Err(Conflict)
        };
    }
    let fresh = !tables.valid;
    // The positions changed since the sets were computed: lo..=hi.
    let (mut lo, mut hi) = (n, 0);
    if fresh {
        (lo, hi) = (0, n - 1);
        tables.forward[0] = 1 << start;
        tables.backward[n] = tables.accepting;
    } else {
        for i in 0..n {
            if tables.stale[i] || ctx.words(vars[i])[0] != tables.seen[i] {
                lo = lo.min(i);
                hi = i;
            }
        }
        if lo == n {
            return Ok(false);
        }
    }
    tables.valid = false;
    for i in lo..=hi {
        tables.seen[i] = ctx.words(vars[i])[0];
        tables.stale[i] = false;
    }
    // Forward from lo: the sets forward[lo + 1..=forward_end] changed.
    let mut forward_end = lo;
    for i in lo..n {
        let mut next = 0;
        let mut bits = tables.seen[i] & tables.readable[i];
        while bits != 0 {
            let column = (bits.trailing_zeros() as i64 + tables.offsets[i]) as usize;
            bits &= bits - 1;
            next |= tables.image(column, tables.forward[i]);
        }
        if next == 0 {
            return Err(Conflict);
        }
        if !fresh && i > hi && next == tables.forward[i + 1] {
            break;
        }
        tables.forward[i + 1] = next;
        forward_end = i + 1;
    }
    if tables.forward[n] & tables.accepting == 0 {
        return Err(Conflict);
    }
    // Backward from hi, until a set comes out as before below lo; each
    // position visited has its values looked at too (the backward set after
    // it is final then), the one where the sets meet the old ones included.
    let mut removed = false;
    for i in (0..=hi).rev() {
        let (reach, alive) = (tables.forward[i], tables.backward[i + 1]);
        let word = tables.seen[i];
        let mut before = 0;
        let mut keep = 0u64;
        let mut bits = word & tables.readable[i];
        while bits != 0 {
            let bit = bits.trailing_zeros();
            bits &= bits - 1;
            let column = (bit as i64 + tables.offsets[i]) as usize;
            let leading = tables.leading_into(column, tables.all, alive);
            before |= leading;
            if leading & reach != 0 {
                keep |= 1 << bit;
            }
        }
        if keep != word {
            tables.stale[i] = true;
            removed |= ctx.intersect_mask(vars[i], keep)?;
        }
        let unchanged = before == tables.backward[i];
        tables.backward[i] = before;
        if !fresh && i < lo && unchanged {
            break;
        }
    }
    // Past hi, the values where the forward set before them changed.
    for i in hi + 1..(forward_end + 1).min(n) {
        let word = tables.seen[i];
        let (reach, alive) = (tables.forward[i], tables.backward[i + 1]);
        let mut keep = 0u64;
        let mut bits = word & tables.readable[i];
        while bits != 0 {
            let bit = bits.trailing_zeros();
            bits &= bits - 1;
            let column = (bit as i64 + tables.offsets[i]) as usize;
            if tables.leading_into(column, reach, alive) != 0 {
                keep |= 1 << bit;
            }
        }
        if keep != word {
            tables.stale[i] = true;
            removed |= ctx.intersect_mask(vars[i], keep)?;
        }
    }
    tables.valid = true;
    Ok(removed)
}

impl Regular {
    /// The forward and the backward pass, removing the values left without
    /// a support; whether it removed any.
    fn pass(&mut self, ctx: &mut Context<'_>) -> Result<bool, Conflict> {
        let n = self.vars.len();
        let w = self.words;
        let a = &self.automaton;
        let span = a.span;
        self.forward.fill(0);
        self.forward[a.start / 64] |= 1 << (a.start % 64);
        for i in 0..n {
            let (done, rest) = self.forward.split_at_mut((i + 1) * w);
            let from = &done[i * w..];
            let to = &mut rest[..w];
            let mut any = false;
            for value in ctx.values(self.vars[i]) {
                let column = value as i64 - a.base as i64;
                if column < 0 || column >= span as i64 {
                    continue;
                }
                let column = column as usize;
                for (k, &word) in from.iter().enumerate() {
                    let mut bits = word;
                    while bits != 0 {
                        let q = 64 * k + bits.trailing_zeros() as usize;
                        bits &= bits - 1;
                        let next = a.next[q * span + column];
                        if next != NONE {
                            to[next as usize / 64] |= 1 << (next % 64);
                            any = true;
                        }
                    }
                }
            }
            if !any {
                return Err(Conflict);
            }
        }
        // The last layer keeps its accepting states only.
        self.backward.fill(0);
        let mut any = false;
        for q in 0..a.states {
            let word = self.forward[n * w + q / 64];
            if word >> (q % 64) & 1 == 1 && a.accepting[q] {
                self.backward[n * w + q / 64] |= 1 << (q % 64);
                any = true;
            }
        }
        if !any {
            return Err(Conflict);
        }
        let mut any_removed = false;
        for i in (0..n).rev() {
            let var = self.vars[i];
            let base = ctx.base(var);
            self.keep.clear();
            self.keep.resize(ctx.words(var).len(), 0);
            let mut removed = false;
            let (before, after) = self.backward.split_at_mut((i + 1) * w);
            let alive = &mut before[i * w..];
            let target = &after[..w];
            let reach = &self.forward[i * w..(i + 1) * w];
            for value in ctx.values(var) {
                let column = value as i64 - a.base as i64;
                let mut supported = false;
                if column >= 0 && column < span as i64 {
                    let column = column as usize;
                    for (k, &word) in reach.iter().enumerate() {
                        let mut bits = word;
                        while bits != 0 {
                            let q = 64 * k + bits.trailing_zeros() as usize;
                            bits &= bits - 1;
                            let next = a.next[q * span + column];
                            if next != NONE && target[next as usize / 64] >> (next % 64) & 1 == 1 {
                                alive[k] |= 1 << (q % 64);
                                supported = true;
                            }
                        }
                    }
                }
                if supported {
                    let bit = (value - base) as usize;
                    self.keep[bit / 64] |= 1 << (bit % 64);
                } else {
                    removed = true;
                }
            }
            if removed {
                any_removed = true;
                ctx.intersect_words(var, &self.keep)?;
            }
        }
        Ok(any_removed)
    }
}

/// The model's way to add this constraint.
impl Model {
    /// Adds "`vars`, in order, spell a word `automaton` accepts", domain
    /// consistent (see [`Regular`]; [`Automaton::nonogram`] builds a
    /// nonogram line's).
    ///
    /// ```
    /// use csp_core::{Automaton, Config, Model, Solver};
    ///
    /// let mut model = Model::new();
    /// let cells = model.new_vars(6, 0..=1);
    /// model.regular(&cells, &Automaton::nonogram(&[2, 2]));
    /// // 110110, 110011, 011011
    /// assert_eq!(Solver::new(model, Config::default()).count(u64::MAX).count, 3);
    /// ```
    pub fn regular(&mut self, vars: &[Var], automaton: &Automaton) {
        self.add_propagator(Regular::new(vars, automaton));
    }
}
