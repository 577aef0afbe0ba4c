//! The all-different propagator: value elimination, pigeonhole, and Régin's
//! matching-based arc consistency on word-sized value sets.
//!
//! Each term is `var + offset`, so N-Queens diagonals (`q[i] + i`) need no
//! auxiliary variables. When every shifted domain fits in one 64-bit
//! "universe" word and there are at most 64 terms (sudoku, queens up to 32,
//! ripple regions, gogen) the propagator works on masks: a maximum matching
//! (kept between calls as a hint and repaired by augmenting paths), the
//! transitive closure of the alternating graph by bit-parallel Warshall, and
//! removal of every value outside all maximum matchings. That subsumes naked
//! and hidden singles, naked and hidden pairs, triples, ... (Hall sets). Larger
//! instances fall back to value elimination of fixed terms.

use crate::domain::Store;
use crate::propagator::{Conflict, Context, Propagator, Strength, Wake};
use crate::var::Var;

/// How hard an all-different constraint works when propagated in full.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Consistency {
    /// Value elimination of fixed terms and the pigeonhole check: cheap,
    /// best when search is fast and domains rarely form Hall sets (N-Queens counting).
    Value,
    /// Generalised arc consistency by Régin's matching algorithm when the
    /// shifted values fit in 64 (all naked and hidden subsets); value
    /// elimination otherwise.
    #[default]
    Domain,
}

/// How the terms' values are laid out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Layout {
    /// At most 64 terms whose shifted values fit in one 64-bit word: term
    /// `i`'s domain mask shifted left by `shift[i]` is its universe mask.
    Word,
    /// Shifted values span several words: value elimination and pigeonhole
    /// word by word.
    Multi,
    /// Values too spread out for a bitset universe: value by value.
    General,
}

/// Working arrays of the matching pass over at most 64 unfixed terms,
/// allocated once per constraint; only the entries a call uses are reset.
#[derive(Debug, Clone)]
struct Matching {
    terms: [u8; 64],
    dom: [u64; 64],
    match_var: [u8; 64],
    match_val: [u8; 64],
    val_terms: [u64; 64],
    reach: [u64; 64],
}

impl Default for Matching {
    fn default() -> Self {
        Matching {
            terms: [0; 64],
            dom: [0; 64],
            match_var: [u8::MAX; 64],
            match_val: [u8::MAX; 64],
            val_terms: [0; 64],
            reach: [0; 64],
        }
    }
}

/// Above this many universe words the general path is used.
const MAX_UNIVERSE_WORDS: usize = 1 << 12;

/// "All `vars[i] + offsets[i]` are different."
#[derive(Debug, Clone)]
pub(crate) struct AllDifferent {
    vars: Vec<Var>,
    offsets: Vec<i32>,
    consistency: Consistency,
    layout: Layout,
    shift: Vec<u32>,
    universe_words: usize,
    dom: Vec<u64>,
    /// The matching found last time, per term: a hint for the next call.
    match_hint: Vec<u8>,
    /// Allocated on the first matching pass (never for the value-elimination twin).
    matching: Option<Box<Matching>>,
    original: Vec<u64>,
    fixed: Vec<u64>,
    keep: Vec<u64>,
}

impl AllDifferent {
    /// The layout is chosen from `store`, the model's domains: the widest
    /// any search with this propagator will see (a solver's root domains
    /// only shrink from them, and `restore_domains` returns to them).
    pub(crate) fn new(
        vars: Vec<Var>,
        offsets: Vec<i32>,
        consistency: Consistency,
        store: &Store,
    ) -> Self {
        let n = vars.len();
        let mut alldiff = AllDifferent {
            vars,
            offsets,
            consistency,
            layout: Layout::General,
            shift: Vec::new(),
            universe_words: 0,
            dom: Vec::new(),
            match_hint: Vec::new(),
            matching: None,
            original: Vec::new(),
            fixed: Vec::new(),
            keep: Vec::new(),
        };
        alldiff.choose_layout(store);
        if alldiff.layout == Layout::Word {
            alldiff.dom = vec![0; n];
            alldiff.original = vec![0; n];
            if consistency == Consistency::Domain {
                alldiff.match_hint = vec![u8::MAX; n];
            }
        }
        alldiff
    }

    /// Whether the values fit one word, where the matching pass can run.
    pub(crate) fn fits_one_word(&self) -> bool {
        self.layout == Layout::Word
    }

    fn choose_layout(&mut self, store: &Store) {
        let low_of = |(v, &o): (&Var, &i32)| store.base(v.index()) as i64 + o as i64;
        let low = self
            .vars
            .iter()
            .zip(&self.offsets)
            .map(low_of)
            .min()
            .unwrap_or(0);
        let mut bits = 0i64;
        let mut one_word = self.vars.len() <= 64;
        self.shift = Vec::with_capacity(self.vars.len());
        for term in self.vars.iter().zip(&self.offsets) {
            let l = low_of(term);
            let words = store.words(term.0.index());
            let top = words
                .iter()
                .rposition(|&w| w != 0)
                .map_or(0, |k| 64 * k as i64 + 64 - words[k].leading_zeros() as i64);
            bits = bits.max(l - low + 64 * words.len() as i64);
            one_word &= words.len() == 1 && l - low + top <= 64;
            self.shift.push((l - low) as u32);
        }
        let universe_words = (bits as usize).div_ceil(64) + 1;
        self.layout = if one_word {
            Layout::Word
        } else if universe_words <= MAX_UNIVERSE_WORDS {
            self.universe_words = universe_words;
            self.fixed = vec![0; universe_words];
            Layout::Multi
        } else {
            Layout::General
        };
    }

    fn propagate_words(&mut self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        let n = self.vars.len();
        for (((d, o), &var), &s) in self
            .dom
            .iter_mut()
            .zip(&mut self.original)
            .zip(&self.vars)
            .zip(&self.shift)
        {
            *o = ctx.store.mask(var.index());
            *d = *o << s;
        }
        // Value elimination: a fixed term's value leaves every other term.
        loop {
            let mut fixed = 0u64;
            for &d in &self.dom[..n] {
                if d & (d.wrapping_sub(1)) == 0 {
                    if d == 0 || fixed & d != 0 {
                        return Err(Conflict);
                    }
                    fixed |= d;
                }
            }
            let mut new_fixed = false;
            for d in &mut self.dom[..n] {
                if d.count_ones() > 1 && *d & fixed != 0 {
                    *d &= !fixed;
                    match d.count_ones() {
                        0 => return Err(Conflict),
                        1 => new_fixed = true,
                        _ => {}
                    }
                }
            }
            if !new_fixed || ctx.strength == Strength::Forward {
                break;
            }
        }
        let union = self.dom[..n].iter().fold(0, |acc, d| acc | d);
        if (union.count_ones() as usize) < n {
            return Err(Conflict);
        }
        if ctx.strength == Strength::Full && self.consistency == Consistency::Domain {
            self.regin(n)?;
        }
        for (((&d, &o), &var), &s) in self
            .dom
            .iter()
            .zip(&self.original)
            .zip(&self.vars)
            .zip(&self.shift)
        {
            if d >> s != o {
                ctx.intersect_mask(var, d >> s)?;
            }
        }
        Ok(())
    }

    /// Removes every value that belongs to no maximum matching of terms to
    /// values. Fixed terms are left out: value elimination already took their
    /// values from the others, so they are isolated in the alternating graph.
    fn regin(&mut self, n: usize) -> Result<(), Conflict> {
        let m = &mut **self.matching.get_or_insert_with(Box::default);
        let mut k = 0;
        let mut union = 0u64;
        for i in 0..n {
            if self.dom[i].count_ones() > 1 {
                m.terms[k] = i as u8;
                m.dom[k] = self.dom[i];
                m.match_var[k] = u8::MAX;
                union |= self.dom[i];
                k += 1;
            }
        }
        if k <= 1 {
            return Ok(());
        }
        let mut bits = union;
        while bits != 0 {
            let u = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            m.match_val[u] = u8::MAX;
            m.val_terms[u] = 0;
        }
        let mut matched = 0u64;
        // Keep the previous matching where it still holds.
        for t in 0..k {
            let u = self.match_hint[m.terms[t] as usize];
            if u < 64 && m.dom[t] >> u & 1 == 1 && matched >> u & 1 == 0 {
                m.match_var[t] = u;
                m.match_val[u as usize] = t as u8;
                matched |= 1 << u;
            }
        }
        for t in 0..k {
            if m.match_var[t] == u8::MAX {
                let mut visited = 0u64;
                if !augment(
                    t,
                    &m.dom,
                    &mut m.match_var,
                    &mut m.match_val,
                    &mut matched,
                    &mut visited,
                ) {
                    return Err(Conflict);
                }
            }
        }
        for t in 0..k {
            self.match_hint[m.terms[t] as usize] = m.match_var[t];
        }
        // Which terms can take each value.
        for t in 0..k {
            let mut bits = m.dom[t];
            while bits != 0 {
                let u = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                m.val_terms[u] |= 1 << t;
            }
        }
        // Term graph: s -> t when t could take s's matched value. An edge
        // (t, match(s)) lies on an alternating cycle iff t reaches s.
        for t in 0..k {
            m.reach[t] = m.val_terms[m.match_var[t] as usize] | 1 << t;
        }
        for j in 0..k {
            let rj = m.reach[j];
            for r in &mut m.reach[..k] {
                if *r >> j & 1 == 1 {
                    *r |= rj;
                }
            }
        }
        // Values on even alternating paths from a free value are always allowed.
        let free = union & !matched;
        let mut ok_values = free;
        if free != 0 {
            let mut from_free = 0u64;
            let mut bits = free;
            while bits != 0 {
                let u = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                from_free |= m.val_terms[u];
            }
            let mut reached = 0u64;
            let mut bits = from_free;
            while bits != 0 {
                let t = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                reached |= m.reach[t];
            }
            let mut bits = reached;
            while bits != 0 {
                let t = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                ok_values |= 1 << m.match_var[t];
            }
        }
        for t in 0..k {
            let mut allowed = ok_values;
            let mut bits = m.reach[t];
            while bits != 0 {
                let s = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                allowed |= 1 << m.match_var[s];
            }
            self.dom[m.terms[t] as usize] &= allowed;
        }
        Ok(())
    }

    /// Value elimination and pigeonhole over a universe of several words.
    fn propagate_multi(&mut self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        let n = self.vars.len();
        loop {
            self.fixed.iter_mut().for_each(|w| *w = 0);
            for i in 0..n {
                let v = self.vars[i].index();
                if ctx.store.size(v) != 1 {
                    continue;
                }
                let value = ctx.store.min(v).unwrap_or(0);
                let bit = (value - ctx.store.base(v)) as usize + self.shift[i] as usize;
                if self.fixed[bit / 64] >> (bit % 64) & 1 == 1 {
                    return Err(Conflict);
                }
                self.fixed[bit / 64] |= 1 << (bit % 64);
            }
            let mut new_fixed = false;
            for i in 0..n {
                let v = self.vars[i].index();
                if ctx.store.size(v) == 1 {
                    continue;
                }
                let s = self.shift[i] as usize;
                let words = ctx.store.words(v);
                let overlaps = words
                    .iter()
                    .enumerate()
                    .any(|(k, &w)| w & extract(&self.fixed, 64 * k + s) != 0);
                if !overlaps {
                    continue;
                }
                self.keep.clear();
                self.keep
                    .extend((0..words.len()).map(|k| !extract(&self.fixed, 64 * k + s)));
                ctx.intersect_words(self.vars[i], &self.keep)?;
                new_fixed |= ctx.store.size(v) == 1;
            }
            if !new_fixed || ctx.strength == Strength::Forward {
                break;
            }
        }
        // Pigeonhole: fewer distinct values than terms.
        self.fixed.iter_mut().for_each(|w| *w = 0);
        for i in 0..n {
            let s = self.shift[i] as usize;
            for (k, &w) in ctx.store.words(self.vars[i].index()).iter().enumerate() {
                let p = 64 * k + s;
                self.fixed[p / 64] |= w << (p % 64);
                if !p.is_multiple_of(64) {
                    self.fixed[p / 64 + 1] |= w >> (64 - p % 64);
                }
            }
        }
        let distinct: u32 = self.fixed.iter().map(|w| w.count_ones()).sum();
        if (distinct as usize) < n {
            Err(Conflict)
        } else {
            Ok(())
        }
    }

    /// Forward checking: the value of the just-assigned `var` leaves every other term.
    fn forward(&mut self, ctx: &mut Context<'_>, var: Var) -> Result<(), Conflict> {
        let Some(value) = ctx.value(var) else {
            return Ok(());
        };
        for i in 0..self.vars.len() {
            if self.vars[i] != var {
                continue;
            }
            if self.layout == Layout::Word {
                let u = (value - ctx.store.base(var.index())) as u32 + self.shift[i];
                for j in 0..self.vars.len() {
                    let s = self.shift[j];
                    if j == i || u < s || u - s >= 64 {
                        continue;
                    }
                    let w = self.vars[j];
                    let bit = 1u64 << (u - s);
                    if ctx.store.mask(w.index()) & bit != 0 {
                        ctx.intersect_mask(w, !bit)?;
                    }
                }
                continue;
            }
            let shifted = value as i64 + self.offsets[i] as i64;
            for j in 0..self.vars.len() {
                if j != i
                    && let Ok(target) = i32::try_from(shifted - self.offsets[j] as i64)
                {
                    ctx.remove(self.vars[j], target)?;
                }
            }
        }
        Ok(())
    }

    fn propagate_general(&mut self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        let n = self.vars.len();
        loop {
            let mut new_fixed = false;
            for i in 0..n {
                let Some(value) = ctx.value(self.vars[i]) else {
                    continue;
                };
                let shifted = value as i64 + self.offsets[i] as i64;
                for j in 0..n {
                    if j == i {
                        continue;
                    }
                    let target = shifted - self.offsets[j] as i64;
                    let Ok(target) = i32::try_from(target) else {
                        continue;
                    };
                    let was_fixed = ctx.is_fixed(self.vars[j]);
                    if ctx.remove(self.vars[j], target)? && !was_fixed && ctx.is_fixed(self.vars[j])
                    {
                        new_fixed = true;
                    }
                }
            }
            if !new_fixed || ctx.strength == Strength::Forward {
                return Ok(());
            }
        }
    }
}

/// The 64 bits of `words` starting at bit `p` (zeros past the end).
#[inline]
fn extract(words: &[u64], p: usize) -> u64 {
    let (k, r) = (p / 64, p % 64);
    let lo = words.get(k).copied().unwrap_or(0) >> r;
    if r == 0 {
        lo
    } else {
        lo | words.get(k + 1).copied().unwrap_or(0) << (64 - r)
    }
}

/// Finds an augmenting path from term `i` (Kuhn's algorithm on masks).
fn augment(
    i: usize,
    dom: &[u64; 64],
    match_var: &mut [u8; 64],
    match_val: &mut [u8; 64],
    matched: &mut u64,
    visited: &mut u64,
) -> bool {
    let candidates = dom[i] & !*visited;
    let free = candidates & !*matched;
    if free != 0 {
        let u = free.trailing_zeros();
        match_var[i] = u as u8;
        match_val[u as usize] = i as u8;
        *matched |= 1 << u;
        return true;
    }
    *visited |= candidates;
    let mut bits = candidates;
    while bits != 0 {
        let u = bits.trailing_zeros() as usize;
        bits &= bits - 1;
        let j = match_val[u] as usize;
        if augment(j, dom, match_var, match_val, matched, visited) {
            match_var[i] = u as u8;
            match_val[u] = i as u8;
            return true;
        }
    }
    false
}

impl Propagator for AllDifferent {
    fn variables(&self) -> Vec<Var> {
        self.vars.clone()
    }

    fn propagate(&mut self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        if ctx.strength == Strength::Forward {
            if self.consistency == Consistency::Domain {
                // The matching needs full strength; the cheap twin does this call.
                return Ok(());
            }
            if let Some(var) = ctx.assigned() {
                return self.forward(ctx, var);
            }
        }
        match self.layout {
            // The matching pass only runs on one word; its cheap
            // value-elimination twin does everything else.
            _ if self.consistency == Consistency::Domain && self.layout != Layout::Word => Ok(()),
            Layout::Word => self.propagate_words(ctx),
            Layout::Multi => self.propagate_multi(ctx),
            _ => self.propagate_general(ctx),
        }
    }

    fn is_satisfied(&self, values: &[i32]) -> bool {
        let mut shifted: Vec<i64> = values
            .iter()
            .zip(&self.offsets)
            .map(|(&v, &o)| v as i64 + o as i64)
            .collect();
        shifted.sort_unstable();
        shifted.windows(2).all(|w| w[0] != w[1])
    }

    fn is_idempotent(&self) -> bool {
        true
    }

    fn wakes_on(&self) -> Wake {
        // Value elimination only learns from fixed terms; the matching from any change.
        match self.consistency {
            Consistency::Value => Wake::Fixed,
            Consistency::Domain => Wake::Change,
        }
    }

    fn is_expensive(&self) -> bool {
        self.consistency == Consistency::Domain
    }

    fn name(&self) -> &str {
        "all-different"
    }
}
