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

use crate::model::Var;
use crate::propagator::{Conflict, Context, Propagator, Strength};

/// Layout of the word-sized fast path, worked out on the first call.
#[derive(Debug, Clone)]
enum Layout {
    Unknown,
    /// Term `i`'s domain mask shifted left by `shift[i]` is its universe mask.
    Word {
        shift: Vec<u32>,
    },
    General,
}

/// "All `vars[i] + offsets[i]` are different."
#[derive(Debug, Clone)]
pub(crate) struct AllDifferent {
    vars: Vec<Var>,
    offsets: Vec<i32>,
    layout: Layout,
    dom: Vec<u64>,
    match_var: Vec<u8>,
    reach: Vec<u64>,
}

impl AllDifferent {
    pub(crate) fn new(vars: Vec<Var>, offsets: Vec<i32>) -> Self {
        let n = vars.len();
        AllDifferent {
            vars,
            offsets,
            layout: Layout::Unknown,
            dom: vec![0; n],
            match_var: vec![u8::MAX; n],
            reach: vec![0; n],
        }
    }

    fn layout(&self, ctx: &Context<'_>) -> Layout {
        if self.vars.len() > 64 {
            return Layout::General;
        }
        let mut lows = Vec::with_capacity(self.vars.len());
        for (&var, &offset) in self.vars.iter().zip(&self.offsets) {
            match ctx.mask(var) {
                Some((base, _)) => lows.push(base as i64 + offset as i64),
                None => return Layout::General,
            }
        }
        let low = lows.iter().copied().min().unwrap_or(0);
        let mut shift = Vec::with_capacity(self.vars.len());
        for (&var, &l) in self.vars.iter().zip(&lows) {
            let (_, mask) = ctx.mask(var).unwrap_or((0, 0));
            let s = (l - low) as u32;
            let width = 64 - mask.leading_zeros();
            if s + width > 64 {
                return Layout::General;
            }
            shift.push(s);
        }
        Layout::Word { shift }
    }

    fn propagate_words(&mut self, ctx: &mut Context<'_>, shift: &[u32]) -> Result<(), Conflict> {
        let n = self.vars.len();
        for ((d, &var), &s) in self.dom.iter_mut().zip(&self.vars).zip(shift) {
            let (_, mask) = ctx.mask(var).unwrap_or((0, 0));
            *d = mask << s;
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
        if ctx.strength == Strength::Full {
            self.regin(n)?;
        }
        for ((&d, &var), &s) in self.dom.iter().zip(&self.vars).zip(shift) {
            ctx.intersect_mask(var, d >> s)?;
        }
        Ok(())
    }

    /// Removes every value that belongs to no maximum matching of terms to values.
    fn regin(&mut self, n: usize) -> Result<(), Conflict> {
        let mut match_val = [u8::MAX; 64];
        let mut matched = 0u64;
        // Keep the previous matching where it still holds.
        for i in 0..n {
            let u = self.match_var[i];
            if u < 64 && self.dom[i] >> u & 1 == 1 && matched >> u & 1 == 0 {
                match_val[u as usize] = i as u8;
                matched |= 1 << u;
            } else {
                self.match_var[i] = u8::MAX;
            }
        }
        for i in 0..n {
            if self.match_var[i] == u8::MAX {
                let mut visited = 0u64;
                if !augment(
                    i,
                    &self.dom,
                    &mut self.match_var,
                    &mut match_val,
                    &mut matched,
                    &mut visited,
                ) {
                    return Err(Conflict);
                }
            }
        }
        // Which terms can take each value.
        let mut val_terms = [0u64; 64];
        let mut union = 0u64;
        for i in 0..n {
            let mut bits = self.dom[i];
            union |= bits;
            while bits != 0 {
                let u = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                val_terms[u] |= 1 << i;
            }
        }
        // Term graph: i -> j when j could take i's matched value. An edge
        // (j, match(i)) lies on an alternating cycle iff j reaches i.
        for i in 0..n {
            self.reach[i] = val_terms[self.match_var[i] as usize] | 1 << i;
        }
        for k in 0..n {
            let rk = self.reach[k];
            for i in 0..n {
                if self.reach[i] >> k & 1 == 1 {
                    self.reach[i] |= rk;
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
                from_free |= val_terms[u];
            }
            let mut reached = 0u64;
            let mut bits = from_free;
            while bits != 0 {
                let i = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                reached |= self.reach[i];
            }
            let mut bits = reached;
            while bits != 0 {
                let i = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                ok_values |= 1 << self.match_var[i];
            }
        }
        for j in 0..n {
            let mut allowed = ok_values;
            let mut bits = self.reach[j];
            while bits != 0 {
                let i = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                allowed |= 1 << self.match_var[i];
            }
            self.dom[j] &= allowed;
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

/// Finds an augmenting path from term `i` (Kuhn's algorithm on masks).
fn augment(
    i: usize,
    dom: &[u64],
    match_var: &mut [u8],
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
        if let Layout::Unknown = self.layout {
            self.layout = self.layout(ctx);
        }
        match std::mem::replace(&mut self.layout, Layout::General) {
            Layout::Word { shift } => {
                let result = self.propagate_words(ctx, &shift);
                self.layout = Layout::Word { shift };
                result
            }
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

    fn name(&self) -> &str {
        "all-different"
    }
}
