//! The `fast` engine: every slot's candidate words as a bitset over the
//! words of its length, with a (length, position, letter) index of bitsets
//! and, per slot, how many candidates have each letter at each position.
//! When a count drops to zero the crossing slot loses, in one bitset pass,
//! every word with that letter at the crossing: arc consistency over all
//! crossings, maintained after every decision and refutation, undone from a
//! trail of removed words. Binary branching (a word in a slot, or not),
//! slots chosen by dom/wdeg (candidates over the weights of the crossings
//! that failed, seeded random ties), words tried best score first, and
//! restarts after a growing number of failures that keep the learned
//! weights. Counting switches restarts off and visits every fill once.

use std::time::Instant;

use crate::problem::{Outcome, Problem, Stats, Status};
use crate::solve::Options;

/// Failures allowed before the first restart; the budget grows by half at
/// each restart, so the search stays complete.
const FIRST_RESTART: u64 = 256;

/// The words of one length: letters flat, and the position-letter index.
#[derive(Debug)]
struct Dict {
    len: usize,
    num_words: usize,
    num_blocks: usize,
    /// `letters[w * len + p]`.
    letters: Vec<u8>,
    /// Bitset of the words with letter `c` at `p`, at `(p * 26 + c) * num_blocks`.
    index: Vec<u64>,
}

impl Dict {
    fn new(problem: &Problem, len: usize) -> Dict {
        let words = problem.words_of_length(len);
        let num_words = words.len();
        let num_blocks = num_words.div_ceil(64).max(1);
        let mut letters = Vec::with_capacity(num_words * len);
        let mut index = vec![0u64; len * 26 * num_blocks];
        for (w, word) in words.iter().enumerate() {
            letters.extend_from_slice(&word.letters);
            for (p, &c) in word.letters.iter().enumerate() {
                index[(p * 26 + usize::from(c)) * num_blocks + w / 64] |= 1 << (w % 64);
            }
        }
        Dict {
            len,
            num_words,
            num_blocks,
            letters,
            index,
        }
    }

    fn bits(&self, p: usize, c: u8) -> &[u64] {
        let at = (p * 26 + usize::from(c)) * self.num_blocks;
        &self.index[at..at + self.num_blocks]
    }
}

#[derive(Debug, Clone)]
struct SlotState {
    dict: usize,
    len: usize,
    size: u32,
    /// Candidate words.
    dom: Vec<u64>,
    /// Candidates with letter `c` at `p`: `counts[p * 26 + c]`.
    counts: Vec<u32>,
    /// The crossing at each position: (crossing id, other slot, its position).
    cross: Vec<Option<(u32, u32, u32)>>,
    /// Slots of the same length (for all-different).
    twins: Vec<u32>,
}

#[derive(Debug, Clone, Copy)]
enum Event {
    /// Remove from slot `slot` every word with `letter` at `pos`, through
    /// crossing `crossing`.
    Letter {
        slot: u32,
        pos: u32,
        letter: u8,
        crossing: u32,
    },
    /// `slot` is down to one word: no other slot of its length may use it.
    Fixed { slot: u32 },
}

/// How to undo one change of a slot.
#[derive(Debug, Clone, Copy)]
enum Undo {
    /// One word was removed.
    Word { slot: u32, word: u32 },
    /// Many words were removed at once: the domain, the counts and the size
    /// before, saved at these offsets of the saved arenas.
    Saved {
        slot: u32,
        size: u32,
        dom_at: u32,
        counts_at: u32,
    },
}

enum Flow {
    /// The subtree is done (failed, or counted through).
    Done,
    /// Stop: a fill was found and no more are wanted.
    Stop,
    /// A node or time limit.
    Limit,
    /// Restart from the root.
    Restart,
}

struct Engine<'a> {
    dicts: Vec<Dict>,
    slots: Vec<SlotState>,
    trail: Vec<Undo>,
    /// Saved domains and counts of [`Undo::Saved`] entries, in trail order.
    saved_doms: Vec<u64>,
    saved_counts: Vec<u32>,
    queue: Vec<Event>,
    crossing_weight: Vec<u64>,
    allow_repeats: bool,
    options: &'a Options,
    stats: Stats,
    started: Instant,
    deadline: Option<Instant>,
    rng: u64,
    fails_since_restart: u64,
    restart_budget: u64,
    restarts_on: bool,
    count: u64,
    first: Option<Vec<u32>>,
    problem: &'a Problem,
}

/// Fills (or counts the fills of) `problem` with the fast engine.
pub fn solve(problem: &Problem, options: &Options) -> Outcome {
    let started = Instant::now();
    let slots = problem.slots();
    if slots.is_empty() {
        return Outcome {
            status: Status::Solved,
            fill: Some(Vec::new()),
            count: 1,
            complete: true,
            reason: None,
            stats: Stats {
                nodes: 1,
                elapsed: started.elapsed(),
                ..Stats::default()
            },
        };
    }
    if let Some(reason) = problem.dead_slot() {
        return Outcome::unsolvable(
            Some(reason),
            Stats {
                nodes: 1,
                elapsed: started.elapsed(),
                ..Stats::default()
            },
        );
    }
    let mut engine = Engine::new(problem, options, started);
    engine.run()
}

impl<'a> Engine<'a> {
    fn new(problem: &'a Problem, options: &'a Options, started: Instant) -> Engine<'a> {
        let model = problem.slots();
        let longest = model.slots.iter().map(|s| s.len()).max().unwrap_or(0);
        let mut dict_of_len = vec![usize::MAX; longest + 1];
        let mut dicts = Vec::new();
        for slot in &model.slots {
            if dict_of_len[slot.len()] == usize::MAX {
                dict_of_len[slot.len()] = dicts.len();
                dicts.push(Dict::new(problem, slot.len()));
            }
        }
        let mut slots: Vec<SlotState> = model
            .slots
            .iter()
            .enumerate()
            .map(|(index, slot)| {
                let dict = &dicts[dict_of_len[slot.len()]];
                let mut dom = vec![u64::MAX; dict.num_blocks];
                let tail = dict.num_words % 64;
                if tail != 0 {
                    dom[dict.num_blocks - 1] = (1u64 << tail) - 1;
                }
                if dict.num_words == 0 {
                    dom[0] = 0;
                }
                for (p, given) in model.pattern(problem.grid(), index).into_iter().enumerate() {
                    if let Some(c) = given {
                        for (block, bits) in dom.iter_mut().zip(dict.bits(p, c)) {
                            *block &= bits;
                        }
                    }
                }
                SlotState {
                    dict: dict_of_len[slot.len()],
                    len: slot.len(),
                    size: 0,
                    dom,
                    counts: vec![0; slot.len() * 26],
                    cross: vec![None; slot.len()],
                    twins: Vec::new(),
                }
            })
            .collect();
        for (id, crossing) in model.crossings.iter().enumerate() {
            let (a, i) = crossing.across;
            let (d, j) = crossing.down;
            slots[a].cross[i] = Some((id as u32, d as u32, j as u32));
            slots[d].cross[j] = Some((id as u32, a as u32, i as u32));
        }
        if !options.allow_repeats {
            for a in 0..slots.len() {
                for b in 0..slots.len() {
                    if a != b && slots[a].len == slots[b].len {
                        slots[a].twins.push(b as u32);
                    }
                }
            }
        }
        for slot in &mut slots {
            let dict = &dicts[slot.dict];
            let mut size = 0;
            for (block_index, &block) in slot.dom.iter().enumerate() {
                let mut bits = block;
                while bits != 0 {
                    let w = block_index * 64 + bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    size += 1;
                    for (p, &c) in dict.letters[w * dict.len..(w + 1) * dict.len]
                        .iter()
                        .enumerate()
                    {
                        slot.counts[p * 26 + usize::from(c)] += 1;
                    }
                }
            }
            slot.size = size;
        }
        let seed = options.seed;
        Engine {
            dicts,
            slots,
            trail: Vec::new(),
            saved_doms: Vec::new(),
            saved_counts: Vec::new(),
            queue: Vec::new(),
            crossing_weight: vec![1; model.crossings.len()],
            allow_repeats: options.allow_repeats,
            options,
            stats: Stats::default(),
            started,
            deadline: options.time_limit.map(|limit| started + limit),
            rng: seed ^ 0x9e37_79b9_7f4a_7c15,
            fails_since_restart: 0,
            restart_budget: FIRST_RESTART,
            restarts_on: options.count_limit.is_none(),
            count: 0,
            first: None,
            problem,
        }
    }

    fn next_random(&mut self) -> u64 {
        // splitmix64: deterministic for a given --seed.
        self.rng = self.rng.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.rng;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn run(&mut self) -> Outcome {
        if self.options.node_limit == Some(0) {
            self.stats.elapsed = self.started.elapsed();
            return Outcome {
                status: Status::Limit,
                fill: None,
                count: 0,
                complete: false,
                reason: Some("a node limit of 0 allows no search".to_owned()),
                stats: self.stats,
            };
        }
        self.stats.nodes = 1;
        let root_ok = self.root_propagation();
        let flow = if root_ok {
            loop {
                let root_mark = self.trail.len();
                let flow = self.dfs();
                match flow {
                    Flow::Restart => {
                        self.undo(root_mark);
                        self.stats.restarts += 1;
                        self.fails_since_restart = 0;
                        self.restart_budget += self.restart_budget / 2;
                    }
                    other => break other,
                }
            }
        } else {
            self.stats.backtracks += 1;
            Flow::Done
        };
        self.stats.elapsed = self.started.elapsed();
        let counting = self.options.count_limit.is_some();
        let status = match flow {
            Flow::Limit => Status::Limit,
            _ if self.count > 0 => Status::Solved,
            _ => Status::Unsolvable,
        };
        let complete = matches!(flow, Flow::Done) && counting;
        Outcome {
            status,
            fill: if status == Status::Solved {
                self.first.take()
            } else {
                None
            },
            count: self.count,
            complete,
            reason: match status {
                Status::Limit => Some(format!(
                    "the search stopped at a {} limit before {}",
                    if self.deadline.is_some_and(|d| Instant::now() >= d) {
                        "time"
                    } else {
                        "node"
                    },
                    if counting {
                        "the count was complete"
                    } else {
                        "a fill"
                    }
                )),
                _ => None,
            },
            stats: self.stats,
        }
    }

    /// Puts every letter with no support on the queue, and every slot
    /// already down to one word, then propagates.
    fn root_propagation(&mut self) -> bool {
        for s in 0..self.slots.len() {
            let slot = &self.slots[s];
            if slot.size == 0 {
                return false;
            }
            for p in 0..slot.len {
                if let Some((crossing, t, q)) = slot.cross[p] {
                    for c in 0..26u8 {
                        if slot.counts[p * 26 + usize::from(c)] == 0 {
                            self.queue.push(Event::Letter {
                                slot: t,
                                pos: q,
                                letter: c,
                                crossing,
                            });
                        }
                    }
                }
            }
            if slot.size == 1 && !self.allow_repeats {
                self.queue.push(Event::Fixed { slot: s as u32 });
            }
        }
        self.propagate()
    }

    /// Removes word `w` from slot `s`, recording it on the trail and
    /// queueing the letters left without support.
    fn remove(&mut self, s: usize, w: usize) {
        let slot = &mut self.slots[s];
        slot.dom[w / 64] &= !(1u64 << (w % 64));
        slot.size -= 1;
        self.trail.push(Undo::Word {
            slot: s as u32,
            word: w as u32,
        });
        let dict = &self.dicts[slot.dict];
        let len = dict.len;
        for (p, &c) in dict.letters[w * len..(w + 1) * len].iter().enumerate() {
            let count = &mut slot.counts[p * 26 + usize::from(c)];
            *count -= 1;
            if *count == 0
                && let Some((crossing, t, q)) = slot.cross[p]
            {
                self.queue.push(Event::Letter {
                    slot: t,
                    pos: q,
                    letter: c,
                    crossing,
                });
            }
        }
        if slot.size == 1 && !self.allow_repeats {
            self.queue.push(Event::Fixed { slot: s as u32 });
        }
    }

    /// Runs the queue to a fixpoint; false on a wiped-out slot.
    fn propagate(&mut self) -> bool {
        while let Some(event) = self.queue.pop() {
            match event {
                Event::Letter {
                    slot,
                    pos,
                    letter,
                    crossing,
                } => {
                    let t = slot as usize;
                    let d = self.slots[t].dict;
                    let num_blocks = self.dicts[d].num_blocks;
                    let at = (pos as usize * 26 + usize::from(letter)) * num_blocks;
                    let removed: u32 = (0..num_blocks)
                        .map(|b| (self.slots[t].dom[b] & self.dicts[d].index[at + b]).count_ones())
                        .sum();
                    if removed == 0 {
                        continue;
                    }
                    if removed == self.slots[t].size {
                        self.crossing_weight[crossing as usize] += 1;
                        self.queue.clear();
                        return false;
                    }
                    if 3 * removed >= self.slots[t].size {
                        // Most words go: cut the bitset and recount the rest.
                        let counts_at = self.save(t);
                        for b in 0..num_blocks {
                            self.slots[t].dom[b] &= !self.dicts[d].index[at + b];
                        }
                        self.recount(t, counts_at);
                    } else {
                        for block_index in 0..num_blocks {
                            let mut hit = self.slots[t].dom[block_index]
                                & self.dicts[d].index[at + block_index];
                            while hit != 0 {
                                let w = block_index * 64 + hit.trailing_zeros() as usize;
                                hit &= hit - 1;
                                self.remove(t, w);
                            }
                        }
                    }
                }
                Event::Fixed { slot } => {
                    let s = slot as usize;
                    if self.slots[s].size != 1 {
                        continue;
                    }
                    let w = first_bit(&self.slots[s].dom);
                    for k in 0..self.slots[s].twins.len() {
                        let t = self.slots[s].twins[k] as usize;
                        if self.slots[t].dom[w / 64] & (1 << (w % 64)) != 0 {
                            self.remove(t, w);
                            if self.slots[t].size == 0 {
                                self.queue.clear();
                                return false;
                            }
                        }
                    }
                }
            }
        }
        true
    }

    fn undo(&mut self, mark: usize) {
        while self.trail.len() > mark {
            let Some(entry) = self.trail.pop() else {
                break;
            };
            match entry {
                Undo::Word { slot, word } => {
                    let (s, w) = (slot as usize, word as usize);
                    let slot = &mut self.slots[s];
                    slot.dom[w / 64] |= 1 << (w % 64);
                    slot.size += 1;
                    let dict = &self.dicts[slot.dict];
                    let len = dict.len;
                    for (p, &c) in dict.letters[w * len..(w + 1) * len].iter().enumerate() {
                        slot.counts[p * 26 + usize::from(c)] += 1;
                    }
                }
                Undo::Saved {
                    slot,
                    size,
                    dom_at,
                    counts_at,
                } => {
                    let (dom_at, counts_at) = (dom_at as usize, counts_at as usize);
                    let slot = &mut self.slots[slot as usize];
                    let blocks = slot.dom.len();
                    slot.dom
                        .copy_from_slice(&self.saved_doms[dom_at..dom_at + blocks]);
                    let counts = slot.counts.len();
                    slot.counts
                        .copy_from_slice(&self.saved_counts[counts_at..counts_at + counts]);
                    slot.size = size;
                    self.saved_doms.truncate(dom_at);
                    self.saved_counts.truncate(counts_at);
                }
            }
        }
    }

    /// Saves slot `s`'s domain, counts and size on the trail before a
    /// change of many words; the offset of the saved counts.
    fn save(&mut self, s: usize) -> usize {
        let slot = &self.slots[s];
        let dom_at = self.saved_doms.len();
        let counts_at = self.saved_counts.len();
        self.saved_doms.extend_from_slice(&slot.dom);
        self.saved_counts.extend_from_slice(&slot.counts);
        self.trail.push(Undo::Saved {
            slot: s as u32,
            size: slot.size,
            dom_at: dom_at as u32,
            counts_at: counts_at as u32,
        });
        counts_at
    }

    /// After slot `s`'s domain was cut down in bulk (its old state saved
    /// at `counts_at`): recounts the letters of the words left and queues
    /// every letter that lost its last support.
    fn recount(&mut self, s: usize, counts_at: usize) {
        let slot = &mut self.slots[s];
        let dict = &self.dicts[slot.dict];
        let len = dict.len;
        slot.counts.fill(0);
        let mut size = 0;
        for (block_index, &block) in slot.dom.iter().enumerate() {
            let mut bits = block;
            while bits != 0 {
                let w = block_index * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                size += 1;
                for (p, &c) in dict.letters[w * len..(w + 1) * len].iter().enumerate() {
                    slot.counts[p * 26 + usize::from(c)] += 1;
                }
            }
        }
        slot.size = size;
        let old = &self.saved_counts[counts_at..counts_at + slot.counts.len()];
        for p in 0..len {
            if let Some((crossing, t, q)) = slot.cross[p] {
                for c in 0..26u8 {
                    let k = p * 26 + usize::from(c);
                    if old[k] > 0 && slot.counts[k] == 0 {
                        self.queue.push(Event::Letter {
                            slot: t,
                            pos: q,
                            letter: c,
                            crossing,
                        });
                    }
                }
            }
        }
        if size == 1 && !self.allow_repeats {
            self.queue.push(Event::Fixed { slot: s as u32 });
        }
    }

    /// The open slot (more than one word) with the fewest words per unit
    /// of weighted degree; ties broken at random.
    fn choose(&mut self) -> Option<usize> {
        let mut best: Option<(usize, u64, u64)> = None;
        let mut ties = 0u64;
        for s in 0..self.slots.len() {
            let slot = &self.slots[s];
            if slot.size <= 1 {
                continue;
            }
            let mut wdeg = 1;
            for &(crossing, t, _) in slot.cross.iter().flatten() {
                if self.slots[t as usize].size > 1 {
                    wdeg += self.crossing_weight[crossing as usize];
                }
            }
            let size = u64::from(slot.size);
            match best {
                None => {
                    best = Some((s, size, wdeg));
                    ties = 1;
                }
                Some((_, best_size, best_wdeg)) => {
                    // size / wdeg < best_size / best_wdeg, exactly.
                    let left = u128::from(size) * u128::from(best_wdeg);
                    let right = u128::from(best_size) * u128::from(wdeg);
                    if left < right {
                        best = Some((s, size, wdeg));
                        ties = 1;
                    } else if left == right {
                        ties += 1;
                        if self.next_random().is_multiple_of(ties) {
                            best = Some((s, size, wdeg));
                        }
                    }
                }
            }
        }
        best.map(|(s, _, _)| s)
    }

    fn limit_reached(&self) -> bool {
        if self
            .options
            .node_limit
            .is_some_and(|limit| self.stats.nodes >= limit)
        {
            return true;
        }
        // The clock is read before the first decision, then every 64 nodes.
        self.stats.nodes & 63 == 1 && self.deadline.is_some_and(|d| Instant::now() >= d)
    }

    fn record_solution(&mut self) -> Flow {
        self.count += 1;
        if self.first.is_none() {
            let fill = self
                .slots
                .iter()
                .enumerate()
                .map(|(s, slot)| {
                    let w = first_bit(&slot.dom);
                    self.problem
                        .global_id(self.problem.slots().slots[s].len(), w)
                })
                .collect();
            self.first = Some(fill);
        }
        match self.options.count_limit {
            Some(limit) if self.count < limit => Flow::Done,
            _ => Flow::Stop,
        }
    }

    fn dfs(&mut self) -> Flow {
        let Some(s) = self.choose() else {
            return self.record_solution();
        };
        loop {
            if self.slots[s].size == 0 {
                return Flow::Done;
            }
            if self.slots[s].size == 1 {
                // Refutations left one word: the slot is decided.
                return self.dfs();
            }
            if self.limit_reached() {
                return Flow::Limit;
            }
            self.stats.nodes += 1;
            let w = first_bit(&self.slots[s].dom);
            let mark = self.trail.len();
            self.assign(s, w);
            if self.propagate() {
                match self.dfs() {
                    Flow::Done => {}
                    other => return other,
                }
            } else {
                self.stats.backtracks += 1;
                self.fails_since_restart += 1;
            }
            self.undo(mark);
            self.remove(s, w);
            if !self.propagate() {
                self.stats.backtracks += 1;
                self.fails_since_restart += 1;
                return Flow::Done;
            }
            if self.restarts_on && self.fails_since_restart >= self.restart_budget {
                return Flow::Restart;
            }
        }
    }

    /// Removes every word of slot `s` but `w`, in bulk.
    fn assign(&mut self, s: usize, w: usize) {
        let counts_at = self.save(s);
        let slot = &mut self.slots[s];
        slot.dom.fill(0);
        slot.dom[w / 64] = 1 << (w % 64);
        self.recount(s, counts_at);
    }
}

fn first_bit(bits: &[u64]) -> usize {
    bits.iter()
        .position(|&block| block != 0)
        .map_or(usize::MAX, |i| i * 64 + bits[i].trailing_zeros() as usize)
}
