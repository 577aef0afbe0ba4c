//! The `fast` engine: every slot's candidate words as a bitset over the
//! words of its length, with a (length, position, letter) index of bitsets,
//! and per slot and position the set of letters some candidate still has
//! there. When a letter loses its last candidate, the crossing slot loses
//! every word with that letter at the crossing in one pass of bitset
//! operations; whether a letter still has a candidate is checked at the
//! block where one was last found (a residue, as in AC-3.1/AC-2001) before
//! any scan, and small domains read their letters off their words. That is
//! arc consistency over all crossings, maintained after every decision and
//! refutation, undone from a trail of changed bitset blocks. Binary
//! branching (a word in a slot, or not), slots chosen by dom/wdeg
//! (candidates over the weights of the crossings that failed, seeded
//! random ties), and restarts after a growing number of failures that keep
//! the learned weights. The word tried next is chosen by lookahead among
//! the first candidates of the best scores left (the best score and one
//! step below): the one whose letters leave the crossing slots the most
//! words (the product of their sizes, good words counted more), with
//! seeded noise that makes `--seed` pick among near-ties. Counting switches restarts off, tries
//! words best score first and visits every fill once.

use std::time::Instant;

use csp_core::{Cause, NoObserver, Observer, Var};
use puzzle_kit::{Limit, Status};

use crate::options::{Options, Run, Stats};
use crate::problem::Problem;

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
    /// Each word's score in the list.
    scores: Vec<i32>,
    /// Bitset of the words scoring at least [`GOOD_SCORE`].
    good: Vec<u64>,
}

impl Dict {
    fn new(problem: &Problem, len: usize) -> Dict {
        let words = problem.words_of_length(len);
        let num_words = words.len();
        let num_blocks = num_words.div_ceil(64).max(1);
        let mut letters = Vec::with_capacity(num_words * len);
        let mut index = vec![0u64; len * 26 * num_blocks];
        let mut good = vec![0u64; num_blocks];
        for (w, word) in words.iter().enumerate() {
            letters.extend_from_slice(&word.letters);
            for (p, &c) in word.letters.iter().enumerate() {
                index[(p * 26 + usize::from(c)) * num_blocks + w / 64] |= 1 << (w % 64);
            }
            if word.score >= GOOD_SCORE {
                good[w / 64] |= 1 << (w % 64);
            }
        }
        Dict {
            good,
            len,
            num_words,
            num_blocks,
            letters,
            index,
            scores: words.iter().map(|word| word.score).collect(),
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
    /// The blocks of `dom` that may be non-zero are `nonzero[..live]` (a
    /// sparse set, as compact-table keeps it): scans skip the empty blocks.
    nonzero: Vec<u32>,
    live: u32,
    /// Letters some candidate has at each position (bit `c`).
    support: Vec<u32>,
    /// Where a candidate with letter `c` at `p` was last found: a block
    /// index, `residue[p * 26 + c]`. Only a hint, so never undone.
    residue: Vec<u32>,
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
    /// A block of a domain had this value.
    Block { slot: u32, block: u32, old: u64 },
    /// The domain had this many words.
    Size { slot: u32, old: u32 },
    /// The letters supported at a position were these.
    Support { slot: u32, pos: u32, old: u32 },
    /// The slot had this many live blocks.
    Live { slot: u32, old: u32 },
}

/// Below this many words a slot's supported letters are read off its
/// words; above, each letter is looked for in the bitsets (its residue
/// block first).
const READ_WORDS_BELOW: u32 = 48;

/// How many candidates of a slot `choose_word` weighs.
const LOOKAHEAD_WORDS: usize = 32;
/// How far below the best score left a candidate may be and still be
/// weighed (one step of the built-in list's scores).
const SCORE_BAND: i32 = 10;
/// A crossing word scoring at least this (wordfreq's Zipf 2.5 in the
/// built-in list) counts `GOOD_WEIGHT` times more in `choose_word`: a word
/// that leaves its crossings good words is worth more than one that leaves
/// them as many rare ones. Over the six hardest default templates and
/// seeds 0-9 this raised the fills' mean score (59.0 to 59.7) and took
/// fewer nodes (169,754 to 143,615, no run above 20,000).
const GOOD_SCORE: i32 = 50;
const GOOD_WEIGHT: u32 = 16;
/// The seeded noise added to a candidate's value (a natural logarithm:
/// 0.5 lets a word whose crossings keep up to 1.6 times fewer words win).
const NOISE: f64 = 0.5;

enum Flow {
    /// The subtree is done (failed, or counted through).
    Done,
    /// Stop: a fill was found and no more are wanted.
    Stop,
    /// A node or time limit.
    Limit(Limit),
    /// Restart from the root.
    Restart,
}

/// The engine, telling `observer` what it does in csp-core's terms (a
/// slot is the variable of its index, a word its global id); every call
/// sits behind `O::ACTIVE`, so with [`NoObserver`] none of it is compiled.
struct Engine<'a, O: Observer> {
    observer: O,
    /// Decisions in force (kept only when observed).
    depth: usize,
    /// The words a propagation step removed (gathered only when observed).
    removed_ids: Vec<i32>,
    dicts: Vec<Dict>,
    slots: Vec<SlotState>,
    trail: Vec<Undo>,
    /// The letters read per position by `resupport` (reused).
    scratch: Vec<u32>,
    /// The words `choose_word` weighs, and the crossing sizes it counted (reused).
    candidates: Vec<u32>,
    letter_counts: Vec<u32>,
    queue: Vec<Event>,
    crossing_weight: Vec<u64>,
    /// The slot whose domain emptied last (named when the root fails).
    wiped: Option<usize>,
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
pub fn solve(problem: &Problem, options: &Options) -> Run {
    solve_observed(problem, options, NoObserver)
}

/// [`solve`], telling `observer` each propagation (`propagate`; `pruned`
/// by `crossing` or `all-different` with the words removed), wipe-out,
/// decision, refutation, backtrack, solution and restart. Its `end` is not
/// called: the caller has the crate's [`Stats`].
pub fn solve_observed<O: Observer>(problem: &Problem, options: &Options, observer: O) -> Run {
    let started = Instant::now();
    let slots = problem.slots();
    if slots.is_empty() {
        return Run {
            status: Status::Solved,
            fill: Some(Vec::new()),
            count: 1,
            complete: true,
            reason: None,
            stats: Stats::new(1, started.elapsed()),
        };
    }
    let mut engine = Engine::new(problem, options, started, observer);
    engine.run()
}

impl<'a, O: Observer> Engine<'a, O> {
    fn new(
        problem: &'a Problem,
        options: &'a Options,
        started: Instant,
        observer: O,
    ) -> Engine<'a, O> {
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
                    nonzero: (0..dom.len() as u32).collect(),
                    live: dom.len() as u32,
                    dom,
                    support: vec![0; slot.len()],
                    residue: vec![0; slot.len() * 26],
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
                        slot.support[p] |= 1 << c;
                        slot.residue[p * 26 + usize::from(c)] = block_index as u32;
                    }
                }
            }
            slot.size = size;
            let dom = &slot.dom;
            slot.nonzero.sort_by_key(|&b| dom[b as usize] == 0);
            slot.live = slot.dom.iter().filter(|&&block| block != 0).count() as u32;
        }
        let seed = options.seed_or_default();
        Engine {
            observer,
            depth: 0,
            removed_ids: Vec::new(),
            dicts,
            slots,
            trail: Vec::new(),
            scratch: Vec::new(),
            candidates: Vec::new(),
            letter_counts: Vec::new(),
            queue: Vec::new(),
            crossing_weight: vec![1; model.crossings.len()],
            wiped: None,
            allow_repeats: options.allow_repeats,
            options,
            stats: Stats::default(),
            started,
            deadline: options.limits.time_limit.map(|limit| started + limit),
            rng: seed ^ 0x9e37_79b9_7f4a_7c15,
            fails_since_restart: 0,
            restart_budget: FIRST_RESTART,
            restarts_on: options.counting().is_none(),
            count: 0,
            first: None,
            problem,
        }
    }

    fn next_random(&mut self) -> u64 {
        splitmix(&mut self.rng)
    }

    fn run(&mut self) -> Run {
        if self.options.limits.node_limit == Some(0) {
            self.stats.elapsed = self.started.elapsed();
            return Run {
                status: Status::Limit(Limit::Node),
                fill: None,
                count: 0,
                complete: false,
                reason: Some("a node limit of 0 allows no search".to_owned()),
                stats: self.stats.clone(),
            };
        }
        self.stats.nodes = 1;
        if O::ACTIVE {
            self.observer.propagate(Cause::Root, 0);
        }
        let root_ok = self.root_propagation();
        let flow = if root_ok {
            loop {
                let root_mark = self.trail.len();
                let flow = self.dfs();
                match flow {
                    Flow::Restart => {
                        self.undo(root_mark);
                        self.stats.counters.restarts += 1;
                        if O::ACTIVE {
                            self.depth = 0;
                            self.observer.restart(self.stats.counters.restarts + 1);
                        }
                        self.fails_since_restart = 0;
                        self.restart_budget += self.restart_budget / 2;
                    }
                    other => break other,
                }
            }
        } else {
            self.stats.counters.backtracks += 1;
            Flow::Done
        };
        self.stats.elapsed = self.started.elapsed();
        let counting = self.options.counting().is_some();
        let status = match flow {
            Flow::Limit(limit) => Status::Limit(limit),
            _ if self.count > 0 => Status::Solved,
            _ => Status::Unsolvable,
        };
        let complete = matches!(flow, Flow::Done);
        Run {
            status,
            fill: if status == Status::Solved {
                self.first.take()
            } else {
                None
            },
            count: self.count,
            complete,
            reason: match status {
                Status::Limit(limit) => Some(format!(
                    "the search stopped at a {limit} limit before {}",
                    if counting {
                        "the count was complete"
                    } else {
                        "a fill"
                    }
                )),
                Status::Unsolvable if !root_ok => Some(match self.problem.dead_slot() {
                    Some(reason) => reason,
                    None => match self.wiped {
                        Some(slot) => format!(
                            "arc consistency before any guess leaves {} no word",
                            self.problem.slots().slots[slot]
                        ),
                        None => "arc consistency before any guess leaves a slot no word".to_owned(),
                    },
                }),
                Status::Unsolvable => {
                    Some("the search tried every word in every slot: no fill exists".to_owned())
                }
                Status::Solved => None,
            },
            stats: self.stats.clone(),
        }
    }

    /// Puts every letter with no support on the queue, and every slot
    /// already down to one word, then propagates.
    fn root_propagation(&mut self) -> bool {
        for s in 0..self.slots.len() {
            let slot = &self.slots[s];
            if slot.size == 0 {
                if O::ACTIVE {
                    self.observer.wipeout(Some(Var::from_index(s)));
                }
                return false;
            }
            for p in 0..slot.len {
                if let Some((crossing, t, q)) = slot.cross[p] {
                    for c in 0..26u8 {
                        if slot.support[p] & (1 << c) == 0 {
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

    /// Sets the block at live position `i` of slot `s` to `new` (a subset
    /// of it), on the trail; the words removed. A block that empties
    /// leaves the live set (swapped with the last live one), so the caller
    /// looks at position `i` again when it returns with `live` smaller.
    fn set_live_block(&mut self, s: usize, i: usize, new: u64) -> u32 {
        let slot = &mut self.slots[s];
        let b = slot.nonzero[i] as usize;
        let old = slot.dom[b];
        if old == new {
            return 0;
        }
        self.trail.push(Undo::Block {
            slot: s as u32,
            block: b as u32,
            old,
        });
        slot.dom[b] = new;
        if new == 0 {
            let last = slot.live as usize - 1;
            slot.nonzero.swap(i, last);
            slot.live -= 1;
        }
        (old ^ new).count_ones()
    }

    /// Puts the live-set size of slot `s` on the trail (before a change).
    fn save_live(&mut self, s: usize) {
        self.trail.push(Undo::Live {
            slot: s as u32,
            old: self.slots[s].live,
        });
    }

    /// Records that `removed` words left slot `s`.
    fn shrink(&mut self, s: usize, removed: u32) {
        let slot = &mut self.slots[s];
        self.trail.push(Undo::Size {
            slot: s as u32,
            old: slot.size,
        });
        slot.size -= removed;
    }

    /// Recomputes the letters slot `s` supports at its crossing positions
    /// after its domain shrank, and queues every letter that lost its last
    /// supporting word (and the slot itself if it is down to one word).
    fn resupport(&mut self, s: usize) {
        let slot = &self.slots[s];
        let dict = &self.dicts[slot.dict];
        let (len, num_blocks) = (dict.len, dict.num_blocks);
        let small = slot.size < READ_WORDS_BELOW;
        let mut read = std::mem::take(&mut self.scratch);
        read.clear();
        read.resize(len, 0);
        if small {
            for &block_index in &slot.nonzero[..slot.live as usize] {
                let block_index = block_index as usize;
                let mut bits = slot.dom[block_index];
                while bits != 0 {
                    let w = block_index * 64 + bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    for (p, &c) in dict.letters[w * len..(w + 1) * len].iter().enumerate() {
                        read[p] |= 1 << c;
                    }
                }
            }
        }
        for (p, &letters_read) in read.iter().enumerate() {
            let Some((crossing, t, q)) = self.slots[s].cross[p] else {
                continue;
            };
            let old = self.slots[s].support[p];
            let new = if small {
                old & letters_read
            } else {
                let mut kept = old;
                let mut letters = old;
                while letters != 0 {
                    let c = letters.trailing_zeros() as usize;
                    letters &= letters - 1;
                    let slot = &mut self.slots[s];
                    let at = (p * 26 + c) * num_blocks;
                    let bits = &self.dicts[slot.dict].index[at..at + num_blocks];
                    let residue = slot.residue[p * 26 + c] as usize;
                    if slot.dom[residue] & bits[residue] != 0 {
                        continue;
                    }
                    let live = &slot.nonzero[..slot.live as usize];
                    match live
                        .iter()
                        .find(|&&b| slot.dom[b as usize] & bits[b as usize] != 0)
                    {
                        Some(&b) => slot.residue[p * 26 + c] = b,
                        None => kept &= !(1 << c),
                    }
                }
                kept
            };
            if new != old {
                self.trail.push(Undo::Support {
                    slot: s as u32,
                    pos: p as u32,
                    old,
                });
                self.slots[s].support[p] = new;
                let mut lost = old & !new;
                while lost != 0 {
                    let c = lost.trailing_zeros() as u8;
                    lost &= lost - 1;
                    self.queue.push(Event::Letter {
                        slot: t,
                        pos: q,
                        letter: c,
                        crossing,
                    });
                }
            }
        }
        self.scratch = read;
        if self.slots[s].size == 1 && !self.allow_repeats {
            self.queue.push(Event::Fixed { slot: s as u32 });
        }
    }

    /// Removes word `w` from slot `s` (which keeps at least one other).
    fn remove(&mut self, s: usize, w: usize) {
        let slot = &self.slots[s];
        let live = slot.live as usize;
        let Some(i) = slot.nonzero[..live]
            .iter()
            .position(|&b| b as usize == w / 64)
        else {
            return;
        };
        let new = slot.dom[w / 64] & !(1u64 << (w % 64));
        self.save_live(s);
        let removed = self.set_live_block(s, i, new);
        if removed > 0 {
            self.shrink(s, removed);
            self.resupport(s);
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
                    if self.slots[t].support[pos as usize] & (1 << letter) == 0 {
                        // No candidate of `t` has that letter there (any more).
                        continue;
                    }
                    let d = self.slots[t].dict;
                    let num_blocks = self.dicts[d].num_blocks;
                    let at = (pos as usize * 26 + usize::from(letter)) * num_blocks;
                    let live_before = self.slots[t].live;
                    self.save_live(t);
                    let mut removed = 0;
                    let mut i = 0;
                    while i < self.slots[t].live as usize {
                        let b = self.slots[t].nonzero[i] as usize;
                        if O::ACTIVE {
                            let gone = self.slots[t].dom[b] & self.dicts[d].index[at + b];
                            self.gather_removed(t, b, gone);
                        }
                        let new = self.slots[t].dom[b] & !self.dicts[d].index[at + b];
                        let live = self.slots[t].live;
                        removed += self.set_live_block(t, i, new);
                        if self.slots[t].live == live {
                            i += 1;
                        }
                    }
                    if self.slots[t].live == live_before {
                        // Nothing emptied: the saved size is not needed.
                        if let Some(Undo::Live { .. }) = self.trail.last() {
                            self.trail.pop();
                        }
                    }
                    if removed == 0 {
                        continue;
                    }
                    if O::ACTIVE {
                        self.report_removed("crossing", t);
                    }
                    if removed == self.slots[t].size {
                        if O::ACTIVE {
                            self.observer.wipeout(Some(Var::from_index(t)));
                        }
                        self.wiped = Some(t);
                        self.crossing_weight[crossing as usize] += 1;
                        self.queue.clear();
                        return false;
                    }
                    self.shrink(t, removed);
                    self.resupport(t);
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
                            if O::ACTIVE {
                                self.removed_ids.clear();
                                self.gather_removed(t, w / 64, 1 << (w % 64));
                                self.report_removed("all-different", t);
                            }
                            if self.slots[t].size == 1 {
                                if O::ACTIVE {
                                    self.observer.wipeout(Some(Var::from_index(t)));
                                }
                                self.wiped = Some(t);
                                self.queue.clear();
                                return false;
                            }
                            self.remove(t, w);
                        }
                    }
                }
            }
        }
        true
    }

    /// Adds the words of `bits` (block `block` of slot `s`'s length) to
    /// those a propagation step removed.
    fn gather_removed(&mut self, s: usize, block: usize, mut bits: u64) {
        let len = self.slots[s].len;
        while bits != 0 {
            let w = block * 64 + bits.trailing_zeros() as usize;
            bits &= bits - 1;
            self.removed_ids.push(self.problem.global_id(len, w) as i32);
        }
    }

    /// Tells the observer the words gathered left slot `s`, and forgets them.
    fn report_removed(&mut self, propagator: &str, s: usize) {
        self.removed_ids.sort_unstable();
        self.observer
            .pruned(propagator, Var::from_index(s), &self.removed_ids);
        self.removed_ids.clear();
    }

    /// Slot `s`'s word `w` as the observer sees it: its global id.
    fn value_of(&self, s: usize, w: usize) -> i32 {
        self.problem.global_id(self.slots[s].len, w) as i32
    }

    fn undo(&mut self, mark: usize) {
        while self.trail.len() > mark {
            let Some(entry) = self.trail.pop() else {
                break;
            };
            match entry {
                Undo::Block { slot, block, old } => {
                    self.slots[slot as usize].dom[block as usize] = old;
                }
                Undo::Size { slot, old } => self.slots[slot as usize].size = old,
                Undo::Support { slot, pos, old } => {
                    self.slots[slot as usize].support[pos as usize] = old;
                }
                Undo::Live { slot, old } => self.slots[slot as usize].live = old,
            }
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

    /// The limit that stops the search before its next decision, if one does.
    fn limit_reached(&self) -> Option<Limit> {
        if self
            .options
            .limits
            .node_limit
            .is_some_and(|limit| self.stats.nodes >= limit)
        {
            return Some(Limit::Node);
        }
        // The clock is read before the first decision, then every 64 nodes.
        (self.stats.nodes & 63 == 1 && self.deadline.is_some_and(|d| Instant::now() >= d))
            .then_some(Limit::Time)
    }

    fn record_solution(&mut self) -> Flow {
        self.count += 1;
        if O::ACTIVE || self.first.is_none() {
            let ids: Vec<u32> = (0..self.slots.len())
                .map(|s| {
                    let w = first_bit(&self.slots[s].dom);
                    self.problem.global_id(self.slots[s].len, w)
                })
                .collect();
            if O::ACTIVE {
                let values: Vec<i32> = ids.iter().map(|&id| id as i32).collect();
                self.observer.solution(&values);
            }
            self.first.get_or_insert(ids);
        }
        match self.options.counting() {
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
            if let Some(limit) = self.limit_reached() {
                return Flow::Limit(limit);
            }
            self.stats.nodes += 1;
            let w = if self.restarts_on {
                self.choose_word(s)
            } else {
                first_bit(&self.slots[s].dom)
            };
            let mark = self.trail.len();
            if O::ACTIVE {
                self.depth += 1;
                let value = self.value_of(s, w);
                self.observer
                    .decision(Var::from_index(s), value, self.depth);
                self.observer.propagate(Cause::Decision, self.depth);
            }
            self.assign(s, w);
            if self.propagate() {
                match self.dfs() {
                    Flow::Done => {}
                    other => return other,
                }
            } else {
                self.stats.counters.backtracks += 1;
                self.fails_since_restart += 1;
            }
            self.undo(mark);
            if O::ACTIVE {
                self.depth -= 1;
                self.observer.backtrack(self.depth);
                let value = self.value_of(s, w);
                self.observer
                    .refutation(Var::from_index(s), value, self.depth);
                self.observer.propagate(Cause::Refutation, self.depth);
            }
            self.remove(s, w);
            if !self.propagate() {
                self.stats.counters.backtracks += 1;
                self.fails_since_restart += 1;
                return Flow::Done;
            }
            if self.restarts_on && self.fails_since_restart >= self.restart_budget {
                return Flow::Restart;
            }
        }
    }

    /// The word to try next in slot `s`: among the first candidates of
    /// the best score left (at most `LOOKAHEAD_WORDS`), the one whose
    /// letters leave the open crossing slots the most words (the sum of
    /// the logarithms of their sizes after it), with a little seeded noise
    /// so that near-ties go one way or the other by `--seed`.
    fn choose_word(&mut self, s: usize) -> usize {
        let slot = &self.slots[s];
        let dict = &self.dicts[slot.dict];
        let mut candidates = std::mem::take(&mut self.candidates);
        candidates.clear();
        let mut top = None;
        'blocks: for (block_index, &block) in slot.dom.iter().enumerate() {
            let mut bits = block;
            while bits != 0 {
                let w = block_index * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let score = dict.scores[w];
                let top = *top.get_or_insert(score);
                if score < top - SCORE_BAND || candidates.len() >= LOOKAHEAD_WORDS {
                    break 'blocks;
                }
                candidates.push(w as u32);
            }
        }
        let slot = &self.slots[s];
        let dict = &self.dicts[slot.dict];
        let mut counts = std::mem::take(&mut self.letter_counts);
        counts.clear();
        counts.resize(slot.len * 26, u32::MAX);
        let mut best = (f64::NEG_INFINITY, candidates[0] as usize);
        for &w in &candidates {
            let w = w as usize;
            let mut value = 0.0;
            for p in 0..slot.len {
                let Some((_, t, q)) = slot.cross[p] else {
                    continue;
                };
                let other = &self.slots[t as usize];
                if other.size <= 1 {
                    continue;
                }
                let c = dict.letters[w * dict.len + p];
                let at = p * 26 + usize::from(c);
                if counts[at] == u32::MAX {
                    let other_dict = &self.dicts[other.dict];
                    let bits = other_dict.bits(q as usize, c);
                    counts[at] = other.nonzero[..other.live as usize]
                        .iter()
                        .map(|&b| {
                            let b = b as usize;
                            let left = other.dom[b] & bits[b];
                            GOOD_WEIGHT * (left & other_dict.good[b]).count_ones()
                                + left.count_ones()
                        })
                        .sum();
                }
                value += f64::from(counts[at].max(1)).ln();
            }
            value += (splitmix(&mut self.rng) >> 11) as f64 / (1u64 << 53) as f64 * NOISE;
            if value > best.0 {
                best = (value, w);
            }
        }
        self.candidates = candidates;
        self.letter_counts = counts;
        best.1
    }

    /// Removes every word of slot `s` but `w`.
    fn assign(&mut self, s: usize, w: usize) {
        let size = self.slots[s].size;
        self.save_live(s);
        let mut i = 0;
        while i < self.slots[s].live as usize {
            let b = self.slots[s].nonzero[i] as usize;
            let new = if b == w / 64 { 1u64 << (w % 64) } else { 0 };
            self.set_live_block(s, i, new);
            if new != 0 {
                i += 1;
            }
        }
        self.shrink(s, size - 1);
        self.resupport(s);
    }
}

/// splitmix64: deterministic for a given --seed.
fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

fn first_bit(bits: &[u64]) -> usize {
    bits.iter()
        .position(|&block| block != 0)
        .map_or(usize::MAX, |i| i * 64 + bits[i].trailing_zeros() as usize)
}
