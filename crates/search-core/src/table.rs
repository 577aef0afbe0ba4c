//! The closed set of the arena searchers: an open-addressing table of arena
//! indices, each tagged with 24 bits of its state's hash in the same 8-byte
//! slot, so a probe reads one cache line (which can be prefetched while the
//! other successors are hashed) and only a tag match reaches the arena.

use crate::memory::Budget;

/// Linear probing over `u64` slots: the arena index in the high half, then
/// 24 bits of tag (the hash's high bits), then in the low byte the run the
/// slot was written in (an *epoch*; a slot of another epoch is empty). Emptying
/// the table for the next run is then one increment, not a pass over all its
/// memory, which leaves it free to be sparse while small.
pub(crate) struct Table {
    slots: Vec<u64>,
    len: usize,
    /// Entries allowed before the table doubles.
    capacity: usize,
    /// The epoch of this run's slots, 1 to 255 (fresh memory is epoch 0).
    epoch: u8,
}

/// The slots of a new table.
const FIRST_SLOTS: usize = 1024;

impl Table {
    pub fn new() -> Self {
        Table::with_slots(FIRST_SLOTS)
    }

    fn with_slots(slots: usize) -> Self {
        let memory = vec![0; slots];
        huge_pages(&memory);
        // A quarter full while the table fits the first caches (1 MB), where
        // probe length is what costs: each probe past the first is a branch
        // the processor often mispredicts (3x3 A* 10% faster than at half).
        // Half full up to the size of an L2, three quarters beyond, where the
        // miss on the first slot is what costs, and a smaller table is less
        // memory to fault in (4x4 A* 6% faster than at half).
        let capacity = match slots {
            0..=0x2_0000 => slots / 4,
            0x2_0001..=0x8_0000 => slots / 2,
            _ => slots / 4 * 3,
        };
        Table {
            slots: memory,
            len: 0,
            capacity,
            epoch: 1,
        }
    }

    #[inline]
    fn home(&self, hash: u64) -> usize {
        hash as usize & (self.slots.len() - 1)
    }

    /// Whether the table has outgrown the processor's caches, so that a probe
    /// usually waits on main memory. 2^19 slots are 4 MB, above most L2s.
    #[inline]
    pub fn is_large(&self) -> bool {
        self.slots.len() > 1 << 19
    }

    /// Empties the table, keeping its memory: the next epoch begins, and
    /// only once in 255 runs are the slots actually cleared.
    pub fn clear(&mut self) {
        if self.len > 0 {
            self.len = 0;
            self.epoch = match self.epoch {
                u8::MAX => {
                    self.slots.fill(0);
                    1
                }
                epoch => epoch + 1,
            };
        }
    }

    /// Asks the processor to start loading the home slot of `hash`.
    #[inline]
    pub fn prefetch(&self, hash: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
            let slot = self.slots.as_ptr().wrapping_add(self.home(hash));
            // SAFETY: SSE is part of every x86_64 target, and a prefetch
            // only hints at a load: it never faults, whatever the address.
            unsafe { _mm_prefetch::<_MM_HINT_T0>(slot.cast()) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = hash;
    }

    /// The low half of a slot holding `hash` in this run: tag and epoch.
    #[inline]
    fn mark(&self, hash: u64) -> u32 {
        ((hash >> 40) as u32) << 8 | u32::from(self.epoch)
    }

    /// The slot holding `index` for `hash` in this run.
    #[inline]
    fn slot(&self, hash: u64, index: u32) -> u64 {
        u64::from(index) << 32 | u64::from(self.mark(hash))
    }

    /// The index stored for `hash` whose node `same` accepts, or else the
    /// empty slot where it belongs (for [`Table::insert`]).
    #[inline]
    pub fn find(&self, hash: u64, mut same: impl FnMut(u32) -> bool) -> Result<u32, usize> {
        let mark = self.mark(hash);
        let mask = self.slots.len() - 1;
        let mut at = self.home(hash);
        loop {
            let slot = self.slots[at];
            if slot as u8 != self.epoch {
                return Err(at);
            }
            let index = (slot >> 32) as u32;
            if slot as u32 == mark && same(index) {
                return Ok(index);
            }
            at = (at + 1) & mask;
        }
    }

    /// Stores `index` for `hash` in the empty slot `at` that [`Table::find`]
    /// gave (with no insertion or growth in between), on a table that is not
    /// [`Table::is_full`].
    #[inline]
    pub fn insert(&mut self, at: usize, hash: u64, index: u32) {
        debug_assert_eq!(
            index as usize, self.len,
            "indices are stored in order from 0"
        );
        debug_assert!(!self.is_full(), "a full table grows first");
        self.slots[at] = self.slot(hash, index);
        self.len += 1;
    }

    /// Whether the next insertion must wait for [`Table::grow`].
    #[inline(always)]
    pub fn is_full(&self) -> bool {
        self.len >= self.capacity
    }

    /// The bytes of the slots.
    pub fn bytes(&self) -> usize {
        self.slots.len() * size_of::<u64>()
    }

    /// Doubles the table, if `budget` allows the new slots beside the old
    /// ones, and stores again every index of the run so far, `0..len` (one
    /// per node of the arena), which `hash_of` hashes. A slot found before
    /// is then stale: find again.
    #[cold]
    #[inline(never)]
    pub fn grow(&mut self, budget: &mut Budget, hash_of: impl Fn(u32) -> u64) -> bool {
        let new = self.slots.len() * 2;
        if !budget.grow(self.bytes(), new * size_of::<u64>()) {
            return false;
        }
        let len = self.len;
        *self = Table::with_slots(new);
        for index in 0..len as u32 {
            let hash = hash_of(index);
            let at = self
                .find(hash, |_| false)
                .expect_err("a find that accepts no node ends on an empty slot");
            self.slots[at] = self.slot(hash, index);
        }
        self.len = len;
        true
    }
}

impl Default for Table {
    fn default() -> Self {
        Table::new()
    }
}

/// Asks Linux to back a large vector's memory with 2 MB pages (where the
/// system leaves it to the program), before it is touched if possible:
/// random probes into a large table or arena then miss the TLB far less.
pub(crate) fn huge_pages<T>(vec: &Vec<T>) {
    #[cfg(target_os = "linux")]
    {
        const HUGE: usize = 2 << 20;
        let from = vec.as_ptr() as usize;
        let bytes = vec.capacity() * size_of::<T>();
        if bytes < 4 * HUGE {
            return;
        }
        let start = from.next_multiple_of(HUGE);
        let end = (from + bytes) / HUGE * HUGE;
        if end > start {
            // SAFETY: the range lies inside the vector's own allocation, and
            // MADV_HUGEPAGE changes how it is backed, never its contents.
            unsafe { libc::madvise(start as *mut libc::c_void, end - start, libc::MADV_HUGEPAGE) };
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = vec;
}

#[cfg(test)]
mod tests {
    use super::Table;
    use crate::memory::Budget;

    /// Distinct hashes with varied low bits (home) and high bits (tag).
    fn hash(index: u32) -> u64 {
        u64::from(index).wrapping_mul(0x9e37_79b9_7f4a_7c15)
    }

    #[test]
    fn a_run_finds_its_own_entries_and_none_of_earlier_runs() {
        let mut table = Table::new();
        // 300 runs cross the epoch wrap at 255; growing counts make the
        // table double during the early runs.
        for run in 0..300 {
            let count = 100 + run * 7;
            for index in 0..count {
                match table.find(hash(index), |known| known == index) {
                    Err(mut at) => {
                        if table.is_full() {
                            assert!(table.grow(&mut Budget::new(None), hash));
                            at = table.find(hash(index), |_| false).expect_err("absent");
                        }
                        table.insert(at, hash(index), index);
                    }
                    Ok(_) => panic!("run {run}: {index} found before it was stored"),
                }
            }
            for index in 0..count {
                assert_eq!(table.find(hash(index), |known| known == index), Ok(index));
            }
            table.clear();
        }
    }

    #[test]
    fn a_tag_match_of_another_state_is_not_a_find() {
        let mut table = Table::new();
        let at = table.find(hash(7), |_| false).expect_err("empty table");
        table.insert(at, hash(7), 0);
        // Same hash, but the node is not the state looked for.
        assert!(table.find(hash(7), |_| false).is_err());
        assert_eq!(table.find(hash(7), |known| known == 0), Ok(0));
    }

    #[test]
    fn a_table_grows_only_within_its_budget() {
        let mut table = Table::new();
        // 1024 slots of 8 bytes held; doubling needs 16 KB more beside them.
        let mut budget = Budget::new(Some(8192 + 16384 - 1));
        budget.hold(table.bytes());
        assert!(!table.grow(&mut budget, hash));
        assert!(budget.exhausted());
        assert_eq!(table.bytes(), 8192, "nothing allocated on refusal");
        let mut budget = Budget::new(Some(8192 + 16384));
        budget.hold(table.bytes());
        assert!(table.grow(&mut budget, hash));
        assert_eq!(table.bytes(), 16384);
    }
}
