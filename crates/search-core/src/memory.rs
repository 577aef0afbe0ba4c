//! The memory budget of a run: the bytes its growing buffers hold, counted
//! by capacity, checked where a buffer is about to grow (never per node), so
//! that a search ends with [`crate::Limit::Memory`] before an allocation
//! could fail.

use std::collections::{BinaryHeap, VecDeque};

/// The bytes a run holds in the buffers that grow with it (arena, closed
/// set, frontier, depth-first path) and the most it may hold.
pub(crate) struct Budget {
    limit: usize,
    held: usize,
    exhausted: bool,
}

impl Budget {
    pub fn new(limit: Option<usize>) -> Self {
        Budget {
            limit: limit.unwrap_or(usize::MAX),
            held: 0,
            exhausted: false,
        }
    }

    /// Whether a growth was refused: the run must end with
    /// [`crate::Limit::Memory`] (at the end of the expansion that asked).
    #[inline(always)]
    pub fn exhausted(&self) -> bool {
        self.exhausted
    }

    /// The bytes held now.
    pub fn held(&self) -> usize {
        self.held
    }

    /// Forgets what was counted since [`Budget::held`] gave `held`: the
    /// buffers of a pass that ended (iterative deepening), now freed.
    pub fn release_to(&mut self, held: usize) {
        self.held = held.min(self.held);
    }

    /// Counts `bytes` held from the start of the run (memory kept from an
    /// earlier run in a [`crate::Scratch`]).
    pub fn hold(&mut self, bytes: usize) {
        self.held = self.held.saturating_add(bytes);
    }

    /// Whether a buffer of `old` bytes may be replaced by one of `new` bytes.
    /// The old one is freed only once its contents have moved, so both must
    /// fit beside everything else held. When they do not, nothing is to be
    /// allocated, and the budget is exhausted for the rest of the run.
    #[cold]
    #[inline(never)]
    pub fn grow(&mut self, old: usize, new: usize) -> bool {
        if self.exhausted || self.held.saturating_add(new) > self.limit {
            self.exhausted = true;
            return false;
        }
        self.held = self.held - old.min(self.held) + new;
        true
    }

    /// Counts the growth of a buffer that grew where it could not be asked
    /// first (a successor list filled by the problem, bounded by one
    /// expansion): from then on, any growth is refused if it went over.
    #[cold]
    #[inline(never)]
    pub fn grew(&mut self, old: usize, new: usize) {
        self.held = (self.held - old.min(self.held)).saturating_add(new);
        if self.held > self.limit {
            self.exhausted = true;
        }
    }
}

/// A buffer whose growth is asked of the [`Budget`] first: it doubles (as
/// the standard collections do, from a small first size) only with the
/// budget's leave, allocating exactly that.
pub(crate) trait Growable {
    /// Bytes of one element.
    const ELEMENT: usize;
    /// The smallest capacity of a first allocation.
    const FIRST: usize = 8;
    fn len(&self) -> usize;
    fn capacity(&self) -> usize;
    fn reserve_exact(&mut self, additional: usize);

    /// Bytes held, by capacity.
    fn bytes(&self) -> usize {
        self.capacity().saturating_mul(Self::ELEMENT)
    }

    /// Makes room for one more element if the buffer is full and the budget
    /// allows it; false (and nothing allocated) when it does not.
    #[inline(always)]
    fn room_for_one(&mut self, budget: &mut Budget) -> bool {
        self.len() < self.capacity() || self.double(budget)
    }

    /// Makes room for `count` more elements, doubling as often as needed.
    fn room_for(&mut self, count: usize, budget: &mut Budget) -> bool {
        let needed = self.len().saturating_add(count);
        if needed <= self.capacity() {
            return true;
        }
        let new = needed.max(self.capacity() * 2).max(Self::FIRST);
        self.grow_to(new, budget)
    }

    #[cold]
    #[inline(never)]
    fn double(&mut self, budget: &mut Budget) -> bool {
        let new = (self.capacity() * 2).max(Self::FIRST);
        self.grow_to(new, budget)
    }

    /// Grows the capacity to `new` elements if the budget allows.
    fn grow_to(&mut self, new: usize, budget: &mut Budget) -> bool {
        if Self::ELEMENT == 0 {
            return true;
        }
        if !budget.grow(self.bytes(), new.saturating_mul(Self::ELEMENT)) {
            return false;
        }
        self.reserve_exact(new - self.len());
        true
    }
}

impl<T> Growable for Vec<T> {
    const ELEMENT: usize = size_of::<T>();

    #[inline(always)]
    fn len(&self) -> usize {
        Vec::len(self)
    }

    #[inline(always)]
    fn capacity(&self) -> usize {
        Vec::capacity(self)
    }

    fn reserve_exact(&mut self, additional: usize) {
        Vec::reserve_exact(self, additional);
    }
}

impl<T> Growable for VecDeque<T> {
    const ELEMENT: usize = size_of::<T>();

    #[inline(always)]
    fn len(&self) -> usize {
        VecDeque::len(self)
    }

    #[inline(always)]
    fn capacity(&self) -> usize {
        VecDeque::capacity(self)
    }

    fn reserve_exact(&mut self, additional: usize) {
        VecDeque::reserve_exact(self, additional);
    }
}

impl<T: Ord> Growable for BinaryHeap<T> {
    const ELEMENT: usize = size_of::<T>();

    #[inline(always)]
    fn len(&self) -> usize {
        BinaryHeap::len(self)
    }

    #[inline(always)]
    fn capacity(&self) -> usize {
        BinaryHeap::capacity(self)
    }

    fn reserve_exact(&mut self, additional: usize) {
        BinaryHeap::reserve_exact(self, additional);
    }
}

#[cfg(test)]
mod tests {
    use super::{Budget, Growable};

    #[test]
    fn a_buffer_grows_only_while_old_and_new_fit_the_budget() {
        // 8 then 16 then 32 u64: the step to 32 needs 128 + 256 bytes held
        // at once, over 300.
        let mut budget = Budget::new(Some(300));
        let mut buffer: Vec<u64> = Vec::new();
        for value in 0..16 {
            assert!(buffer.room_for_one(&mut budget));
            buffer.push(value);
        }
        assert_eq!(buffer.capacity(), 16);
        assert!(!budget.exhausted());
        assert!(!buffer.room_for_one(&mut budget));
        assert!(budget.exhausted());
        assert_eq!(buffer.capacity(), 16, "nothing allocated on refusal");
        // Once exhausted, nothing grows any more.
        let mut other: Vec<u8> = Vec::new();
        assert!(!other.room_for_one(&mut budget));
    }

    #[test]
    fn without_a_limit_everything_grows() {
        let mut budget = Budget::new(None);
        let mut buffer: std::collections::VecDeque<u32> = Default::default();
        assert!(buffer.room_for(1000, &mut budget));
        assert!(buffer.capacity() >= 1000);
        assert!(!budget.exhausted());
    }
}
