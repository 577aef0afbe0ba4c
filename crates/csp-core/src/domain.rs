//! The domain store: every variable's remaining values as a bitset, with a trail for undo.
//!
//! One representation serves small and large domains alike. A variable whose
//! initial domain spans `w` consecutive integers owns `ceil(w / 64)` words of
//! one shared arena. Sudoku, queens, ripple and gogen variables fit in a
//! single word, so every operation on them is one load, one mask and one
//! popcount; a crossword slot with 40,000 candidate words owns 625 words and
//! removal stays O(1) per value, iteration O(words). Changes are undone from
//! a trail: the first time a word (or a size counter) changes at a search
//! level its old contents are recorded, so a level costs at most one trail
//! entry per touched word, never a copy of the store.

/// Bytes a vector holds, by capacity.
pub(crate) fn bytes<T>(vec: &Vec<T>) -> usize {
    vec.capacity().saturating_mul(size_of::<T>())
}

/// Makes room for `more` elements in `vec` (doubling at least, as a vector
/// grows by itself), asking `allow(old bytes, new bytes)` first; false, with
/// nothing allocated, when it refuses.
pub(crate) fn reserve_within<T>(
    vec: &mut Vec<T>,
    more: usize,
    allow: &mut impl FnMut(usize, usize) -> bool,
) -> bool {
    let needed = vec.len().saturating_add(more);
    if needed <= vec.capacity() {
        return true;
    }
    let new = needed.max(vec.capacity() * 2).max(8);
    if !allow(bytes(vec), new.saturating_mul(size_of::<T>())) {
        return false;
    }
    vec.reserve_exact(new - vec.len());
    true
}

/// The domain store with its undo trail.
#[derive(Debug)]
pub(crate) struct Store {
    words: Vec<u64>,
    first_word: Vec<u32>,
    num_words: Vec<u32>,
    base: Vec<i32>,
    size: Vec<u32>,
    word_stamp: Vec<u64>,
    size_stamp: Vec<u64>,
    word_trail: Vec<(u32, u64)>,
    size_trail: Vec<(u32, u32)>,
    /// Propagators' trailed integers (`Model::new_state`), undone like
    /// the domains, with the same stamps.
    cells: Vec<i64>,
    cell_stamp: Vec<u64>,
    cell_trail: Vec<(u32, i64)>,
    levels: Vec<(usize, usize, usize, u64)>,
    stamp: u64,
    next_stamp: u64,
}

impl Clone for Store {
    fn clone(&self) -> Self {
        let mut store = Store::new();
        store.clone_from(self);
        store
    }

    /// Reuses this store's buffers, so resetting a solver does not allocate.
    fn clone_from(&mut self, source: &Self) {
        self.words.clone_from(&source.words);
        self.first_word.clone_from(&source.first_word);
        self.num_words.clone_from(&source.num_words);
        self.base.clone_from(&source.base);
        self.size.clone_from(&source.size);
        self.word_stamp.clone_from(&source.word_stamp);
        self.size_stamp.clone_from(&source.size_stamp);
        self.word_trail.clone_from(&source.word_trail);
        self.size_trail.clone_from(&source.size_trail);
        self.cells.clone_from(&source.cells);
        self.cell_stamp.clone_from(&source.cell_stamp);
        self.cell_trail.clone_from(&source.cell_trail);
        self.levels.clone_from(&source.levels);
        self.stamp = source.stamp;
        self.next_stamp = source.next_stamp;
    }
}

impl Store {
    pub(crate) fn new() -> Self {
        Store {
            words: Vec::new(),
            first_word: Vec::new(),
            num_words: Vec::new(),
            base: Vec::new(),
            size: Vec::new(),
            word_stamp: Vec::new(),
            size_stamp: Vec::new(),
            word_trail: Vec::new(),
            size_trail: Vec::new(),
            cells: Vec::new(),
            cell_stamp: Vec::new(),
            cell_trail: Vec::new(),
            levels: Vec::new(),
            stamp: 0,
            next_stamp: 1,
        }
    }

    /// Makes room for `vars` more variables of about `values` values each.
    pub(crate) fn reserve(&mut self, vars: usize, values: usize) {
        let words = vars * values.div_ceil(64).max(1);
        self.words.reserve(words);
        self.word_stamp.reserve(words);
        self.first_word.reserve(vars);
        self.num_words.reserve(vars);
        self.base.reserve(vars);
        self.size.reserve(vars);
        self.size_stamp.reserve(vars);
    }

    /// Makes room in the trail for `levels` more search levels, the most a
    /// level can record (one entry per word and per size counter, stamped,
    /// and its mark), asking `allow(old bytes, new bytes)` before each
    /// buffer grows; false, with nothing allocated, when it refuses. A
    /// refutation writes at a level already open, whose room an earlier
    /// call made.
    pub(crate) fn reserve_levels(
        &mut self,
        levels: usize,
        allow: &mut impl FnMut(usize, usize) -> bool,
    ) -> bool {
        let (words, vars) = (self.words.len(), self.base.len());
        reserve_within(&mut self.word_trail, levels * words, allow)
            && reserve_within(&mut self.size_trail, levels * vars, allow)
            && reserve_within(&mut self.cell_trail, levels * self.cells.len(), allow)
            && reserve_within(&mut self.levels, levels, allow)
    }

    /// Bytes of the buffers that grow with the depth, by capacity.
    pub(crate) fn trail_bytes(&self) -> usize {
        bytes(&self.word_trail)
            + bytes(&self.size_trail)
            + bytes(&self.cell_trail)
            + bytes(&self.levels)
    }

    /// Adds a variable whose domain is `values` (any order, duplicates ignored).
    pub(crate) fn add_var(&mut self, values: &[i32]) -> usize {
        let var = self.base.len();
        let (lo, hi) = match (values.iter().min(), values.iter().max()) {
            (Some(&lo), Some(&hi)) => (lo, hi),
            _ => (0, 0),
        };
        let width = if values.is_empty() {
            1
        } else {
            (hi as i64 - lo as i64 + 1) as usize
        };
        let num_words = width.div_ceil(64);
        let first = self.words.len();
        self.words.resize(first + num_words, 0);
        self.word_stamp.resize(first + num_words, 0);
        for &value in values {
            let bit = (value as i64 - lo as i64) as usize;
            self.words[first + bit / 64] |= 1 << (bit % 64);
        }
        let size = self.words[first..].iter().map(|w| w.count_ones()).sum();
        self.first_word.push(first as u32);
        self.num_words.push(num_words as u32);
        self.base.push(lo);
        self.size.push(size);
        self.size_stamp.push(0);
        var
    }

    pub(crate) fn num_vars(&self) -> usize {
        self.base.len()
    }

    /// The current search depth (0 at the root).
    pub(crate) fn depth(&self) -> usize {
        self.levels.len()
    }

    pub(crate) fn push(&mut self) {
        self.levels.push((
            self.word_trail.len(),
            self.size_trail.len(),
            self.cell_trail.len(),
            self.stamp,
        ));
        self.stamp = self.next_stamp;
        self.next_stamp += 1;
    }

    pub(crate) fn pop(&mut self) {
        let Some((words_mark, sizes_mark, cells_mark, stamp)) = self.levels.pop() else {
            return;
        };
        for &(word, old) in self.word_trail[words_mark..].iter().rev() {
            self.words[word as usize] = old;
        }
        for &(var, old) in self.size_trail[sizes_mark..].iter().rev() {
            self.size[var as usize] = old;
        }
        for &(cell, old) in self.cell_trail[cells_mark..].iter().rev() {
            self.cells[cell as usize] = old;
        }
        self.word_trail.truncate(words_mark);
        self.size_trail.truncate(sizes_mark);
        self.cell_trail.truncate(cells_mark);
        self.stamp = stamp;
    }

    /// Adds a trailed integer with value `initial`; returns its index.
    pub(crate) fn add_cell(&mut self, initial: i64) -> usize {
        self.cells.push(initial);
        self.cell_stamp.push(0);
        self.cells.len() - 1
    }

    /// The current value of trailed integer `cell`.
    #[inline]
    pub(crate) fn cell(&self, cell: usize) -> i64 {
        self.cells[cell]
    }

    /// Sets trailed integer `cell`; the old value comes back when the
    /// current level is popped (recorded once per level, as words are).
    #[inline]
    pub(crate) fn set_cell(&mut self, cell: usize, value: i64) {
        if self.cell_stamp[cell] != self.stamp {
            self.cell_trail.push((cell as u32, self.cells[cell]));
            self.cell_stamp[cell] = self.stamp;
        }
        self.cells[cell] = value;
    }

    #[inline]
    pub(crate) fn size(&self, var: usize) -> u32 {
        self.size[var]
    }

    #[inline]
    pub(crate) fn base(&self, var: usize) -> i32 {
        self.base[var]
    }

    #[inline]
    pub(crate) fn is_small(&self, var: usize) -> bool {
        self.num_words[var] == 1
    }

    /// The words of `var`'s bitset; bit `i` of word `k` stands for `base + 64k + i`.
    #[inline]
    pub(crate) fn words(&self, var: usize) -> &[u64] {
        let first = self.first_word[var] as usize;
        &self.words[first..first + self.num_words[var] as usize]
    }

    /// Where `var`'s bitset starts in the store's words: its layout, fixed
    /// once the model is built.
    #[inline]
    pub(crate) fn first_word(&self, var: usize) -> usize {
        self.first_word[var] as usize
    }

    /// Word `index` of all the domains' bitsets (see [`Store::first_word`]).
    #[inline]
    pub(crate) fn word(&self, index: usize) -> u64 {
        self.words[index]
    }

    /// The single word of a small domain.
    #[inline]
    pub(crate) fn mask(&self, var: usize) -> u64 {
        self.words[self.first_word[var] as usize]
    }

    #[inline]
    pub(crate) fn contains(&self, var: usize, value: i32) -> bool {
        let bit = value as i64 - self.base[var] as i64;
        if bit < 0 || bit >= 64 * self.num_words[var] as i64 {
            return false;
        }
        let bit = bit as usize;
        self.words[self.first_word[var] as usize + bit / 64] >> (bit % 64) & 1 == 1
    }

    pub(crate) fn min(&self, var: usize) -> Option<i32> {
        let base = self.base[var];
        self.words(var)
            .iter()
            .enumerate()
            .find(|(_, w)| **w != 0)
            .map(|(k, w)| base + (64 * k as u32 + w.trailing_zeros()) as i32)
    }

    pub(crate) fn max(&self, var: usize) -> Option<i32> {
        let base = self.base[var];
        self.words(var)
            .iter()
            .enumerate()
            .rev()
            .find(|(_, w)| **w != 0)
            .map(|(k, w)| base + (64 * k as u32 + 63 - w.leading_zeros()) as i32)
    }

    /// The value of a variable whose domain is a singleton.
    #[inline]
    pub(crate) fn value(&self, var: usize) -> Option<i32> {
        if self.size[var] != 1 {
            None
        } else if self.num_words[var] == 1 {
            Some(self.base[var] + self.mask(var).trailing_zeros() as i32)
        } else {
            self.min(var)
        }
    }

    pub(crate) fn iter(&self, var: usize) -> DomainIter<'_> {
        DomainIter {
            words: self.words(var),
            base: self.base[var],
            index: 0,
            current: 0,
        }
    }

    #[inline]
    fn write_word(&mut self, word: usize, new: u64) {
        if self.word_stamp[word] != self.stamp {
            self.word_trail.push((word as u32, self.words[word]));
            self.word_stamp[word] = self.stamp;
        }
        self.words[word] = new;
    }

    #[inline]
    fn write_size(&mut self, var: usize, new: u32) {
        if self.size_stamp[var] != self.stamp {
            self.size_trail.push((var as u32, self.size[var]));
            self.size_stamp[var] = self.stamp;
        }
        self.size[var] = new;
    }

    /// Removes `value`; returns whether the domain changed. The domain may become empty.
    #[inline]
    pub(crate) fn remove(&mut self, var: usize, value: i32) -> bool {
        if !self.contains(var, value) {
            return false;
        }
        let bit = (value as i64 - self.base[var] as i64) as usize;
        let word = self.first_word[var] as usize + bit / 64;
        let new = self.words[word] & !(1 << (bit % 64));
        self.write_word(word, new);
        let size = self.size[var] - 1;
        self.write_size(var, size);
        true
    }

    /// Keeps only the values whose bits are set in `keep` (bit `i` stands for
    /// `base + i`), in a domain of any size: the values from `base + 64` up are
    /// not in `keep`, so they go. Returns whether the domain changed.
    #[inline]
    pub(crate) fn intersect_mask(&mut self, var: usize, keep: u64) -> bool {
        if self.num_words[var] == 1 {
            // The common small case stays one load, one and, one popcount.
            let word = self.first_word[var] as usize;
            let old = self.words[word];
            let new = old & keep;
            if new == old {
                return false;
            }
            self.write_word(word, new);
            self.write_size(var, new.count_ones());
            return true;
        }
        self.intersect_words(var, &[keep])
    }

    /// Keeps only the values whose bits are set in `keep`, word by word (bit
    /// `i` of word `k` stands for `base + 64k + i`). Words past the end of
    /// `keep` count as zero, so a short `keep` removes the domain's tail
    /// rather than leaving it untouched: the intersection is always the set
    /// `keep` names. Words past the domain's end are ignored (values the
    /// domain never had). Returns whether the domain changed.
    pub(crate) fn intersect_words(&mut self, var: usize, keep: &[u64]) -> bool {
        let first = self.first_word[var] as usize;
        let mut changed = false;
        let mut size = self.size[var];
        for k in 0..self.num_words[var] as usize {
            let mask = keep.get(k).copied().unwrap_or(0);
            let old = self.words[first + k];
            let new = old & mask;
            if new != old {
                size -= (old ^ new).count_ones();
                self.write_word(first + k, new);
                changed = true;
            }
        }
        if changed {
            self.write_size(var, size);
        }
        changed
    }

    /// Keeps the values for which `keep` is true; returns whether the domain changed.
    pub(crate) fn retain(&mut self, var: usize, mut keep: impl FnMut(i32) -> bool) -> bool {
        let first = self.first_word[var] as usize;
        let base = self.base[var];
        let mut size = self.size[var];
        let mut changed = false;
        for k in 0..self.num_words[var] as usize {
            let old = self.words[first + k];
            let mut new = old;
            let mut bits = old;
            while bits != 0 {
                let bit = bits.trailing_zeros();
                bits &= bits - 1;
                if !keep(base + (64 * k as u32 + bit) as i32) {
                    new &= !(1 << bit);
                }
            }
            if new != old {
                size -= (old ^ new).count_ones();
                self.write_word(first + k, new);
                changed = true;
            }
        }
        if changed {
            self.write_size(var, size);
        }
        changed
    }

    /// Reduces the domain to `value` (empty if `value` is absent); returns whether it changed.
    pub(crate) fn assign(&mut self, var: usize, value: i32) -> bool {
        if !self.contains(var, value) {
            return self.clear(var);
        }
        if self.size[var] == 1 {
            return false;
        }
        let bit = (value as i64 - self.base[var] as i64) as usize;
        let first = self.first_word[var] as usize;
        for k in 0..self.num_words[var] as usize {
            let new = if k == bit / 64 { 1 << (bit % 64) } else { 0 };
            if self.words[first + k] != new {
                self.write_word(first + k, new);
            }
        }
        self.write_size(var, 1);
        true
    }

    /// Empties the domain; returns whether it changed.
    pub(crate) fn clear(&mut self, var: usize) -> bool {
        if self.size[var] == 0 {
            return false;
        }
        let first = self.first_word[var] as usize;
        for k in 0..self.num_words[var] as usize {
            if self.words[first + k] != 0 {
                self.write_word(first + k, 0);
            }
        }
        self.write_size(var, 0);
        true
    }
}

/// Ascending iterator over the values of one domain.
#[derive(Debug, Clone)]
pub struct DomainIter<'a> {
    words: &'a [u64],
    base: i32,
    index: usize,
    current: u64,
}

impl Iterator for DomainIter<'_> {
    type Item = i32;

    #[inline]
    fn next(&mut self) -> Option<i32> {
        loop {
            if self.current != 0 {
                let bit = self.current.trailing_zeros();
                self.current &= self.current - 1;
                return Some(self.base + (64 * (self.index as u32 - 1) + bit) as i32);
            }
            if self.index >= self.words.len() {
                return None;
            }
            self.current = self.words[self.index];
            self.index += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Store;

    #[test]
    fn trail_restores_small_and_large_domains() {
        let mut store = Store::new();
        let small = store.add_var(&[1, 2, 3, 4, 5, 6, 7, 8, 9]);
        let large_values: Vec<i32> = (0..1000).collect();
        let large = store.add_var(&large_values);
        assert_eq!(store.size(large), 1000);
        store.push();
        assert!(store.remove(small, 5));
        assert!(!store.remove(small, 5));
        for value in (0..1000).step_by(3) {
            store.remove(large, value);
        }
        assert_eq!(store.size(small), 8);
        assert_eq!(store.size(large), 666);
        store.push();
        assert!(store.assign(large, 1));
        assert_eq!(store.value(large), Some(1));
        assert!(store.assign(small, 9));
        store.pop();
        assert_eq!(store.size(large), 666);
        assert!(store.contains(large, 998));
        assert!(!store.contains(large, 999));
        store.pop();
        assert_eq!(store.size(small), 9);
        assert_eq!(store.iter(large).count(), 1000);
        assert_eq!(store.min(large), Some(0));
        assert_eq!(store.max(large), Some(999));
        assert_eq!(
            store.iter(small).collect::<Vec<_>>(),
            (1..=9).collect::<Vec<_>>()
        );
    }
}
