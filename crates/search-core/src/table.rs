//! The closed set of the arena searchers: an open-addressing table of arena
//! indices, each tagged with 32 bits of its state's hash in the same 8-byte
//! slot, so a probe reads one cache line (which can be prefetched while the
//! other successors are hashed) and only a tag match reaches the arena.

/// Linear probing over `u64` slots: 0 is empty, otherwise the high half is
/// the tag (the hash's high 32 bits, which also choose the home slot) and
/// the low half is the arena index plus one. At most half full, or three
/// quarters once large (see [`Table::insert`]).
pub(crate) struct Table {
    slots: Vec<u64>,
    len: usize,
}

/// The slots of a new table.
const FIRST_SLOTS: usize = 1024;

impl Table {
    pub fn new() -> Self {
        Table::with_slots(FIRST_SLOTS)
    }

    fn with_slots(slots: usize) -> Self {
        let slots = vec![0; slots];
        huge_pages(&slots);
        Table { slots, len: 0 }
    }

    #[inline]
    fn mask(&self) -> usize {
        self.slots.len() - 1
    }

    #[inline]
    fn home(&self, tag: u32) -> usize {
        tag as usize & self.mask()
    }

    /// Whether the table has outgrown the processor's caches, so that a probe
    /// usually waits on main memory. 2^19 slots are 4 MB, the size of this
    /// machine's per-core L2 and above most L2s.
    #[inline]
    pub fn is_large(&self) -> bool {
        self.slots.len() > 1 << 19
    }

    /// Empties the table, keeping its memory.
    pub fn clear(&mut self) {
        if self.len > 0 {
            self.slots.fill(0);
            self.len = 0;
        }
    }

    /// Asks the processor to start loading the home slot of `hash`.
    #[inline]
    pub fn prefetch(&self, hash: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
            let slot = self.slots.as_ptr().wrapping_add(self.home(tag_of(hash)));
            // SAFETY: SSE is part of every x86_64 target, and a prefetch
            // only hints at a load: it never faults, whatever the address.
            unsafe { _mm_prefetch::<_MM_HINT_T0>(slot.cast()) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = hash;
    }

    /// The index stored for `hash` whose node `same` accepts, or else the
    /// empty slot where it belongs (for [`Table::insert`]).
    #[inline]
    pub fn find(&self, hash: u64, mut same: impl FnMut(u32) -> bool) -> Result<u32, usize> {
        let tag = tag_of(hash);
        let mask = self.mask();
        let mut at = self.home(tag);
        loop {
            let slot = self.slots[at];
            if slot == 0 {
                return Err(at);
            }
            if (slot >> 32) as u32 == tag {
                let index = (slot as u32).wrapping_sub(1);
                if same(index) {
                    return Ok(index);
                }
            }
            at = (at + 1) & mask;
        }
    }

    /// Stores `index` for `hash` in the empty slot `at` that [`Table::find`]
    /// gave (with no insertion in between).
    #[inline]
    pub fn insert(&mut self, at: usize, hash: u64, index: u32) {
        self.slots[at] = u64::from(tag_of(hash)) << 32 | u64::from(index + 1);
        self.len += 1;
        // At most half full while the table fits in the caches, where probe
        // length is what costs; three quarters beyond, where the miss on the
        // first slot is, and a smaller table is less memory to clear and
        // fault in (3x3 A* 15% slower at three quarters, 4x4 6% faster).
        let full = if self.is_large() {
            self.len * 4 > self.slots.len() * 3
        } else {
            self.len * 2 > self.slots.len()
        };
        if full {
            self.grow();
        }
    }

    /// Doubles the slots; the tags give every entry's new home.
    fn grow(&mut self) {
        let mut bigger = Table::with_slots(self.slots.len() * 2);
        let mask = bigger.mask();
        for &slot in self.slots.iter().filter(|&&slot| slot != 0) {
            let mut at = bigger.home((slot >> 32) as u32);
            while bigger.slots[at] != 0 {
                at = (at + 1) & mask;
            }
            bigger.slots[at] = slot;
        }
        bigger.len = self.len;
        *self = bigger;
    }
}

#[inline]
fn tag_of(hash: u64) -> u32 {
    (hash >> 32) as u32
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
