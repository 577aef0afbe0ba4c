//! The chaining engine behind every SE technique rated 6.5 and up: potentials
//! ("r1c2 is 5" / "r1c2 is not 5") linked by implications, grown breadth-first
//! from an assumption the way Sudoku Explainer 1.2.1 grows them, so that the
//! same chains, with the same parents and lengths, come out in the same order.
//!
//! A potential is a key `((cell * 9 + digit - 1) << 1) | on`. A [`Run`] holds
//! the potentials one assumption implies, each a [`Node`] with its parents in
//! a shared arena; nothing is allocated per implication once the buffers have
//! grown. Cells are 0..81 row by row; a cell's units are visited in SE's
//! order: box, row, column.

/// Marks "no node" in index tables.
pub(crate) const NONE: u32 = u32::MAX;
/// Number of potential keys (81 cells x 9 digits x on/off).
pub(crate) const KEYS: usize = 1458;

/// Candidates as the engine sees them: a 9-bit mask per cell (bit `d - 1`
/// for digit `d`, empty for a placed cell) and the placed values.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) struct Board {
    pub(crate) cands: [u16; 81],
    pub(crate) values: [u8; 81],
}

/// The cells of the 27 units: rows 0-8, columns 9-17, boxes 18-26, each in
/// SE's position order (left to right, top to bottom).
pub(crate) const UNIT_CELLS: [[u8; 9]; 27] = unit_cells();
/// The units of a cell in SE's order: box, row, column.
pub(crate) const CELL_UNITS: [[u8; 3]; 81] = cell_units();
/// A cell's position within each of its units (box, row, column).
const CELL_POS: [[u8; 3]; 81] = cell_pos();

const fn cell_pos() -> [[u8; 3]; 81] {
    let mut t = [[0u8; 3]; 81];
    let mut c = 0;
    while c < 81 {
        let (r, col) = (c / 9, c % 9);
        t[c] = [((r % 3) * 3 + col % 3) as u8, col as u8, r as u8];
        c += 1;
    }
    t
}

/// Where each digit may still go in each unit (bit `i` for the unit's `i`th cell).
pub(crate) fn positions_of(board: &Board) -> [[u16; 9]; 27] {
    let mut pos = [[0u16; 9]; 27];
    for (u, cells) in UNIT_CELLS.iter().enumerate() {
        for (i, &c) in cells.iter().enumerate() {
            let mut m = board.cands[c as usize];
            while m != 0 {
                let d = m.trailing_zeros() as usize;
                m &= m - 1;
                pos[u][d] |= 1 << i;
            }
        }
    }
    pos
}

const fn unit_cells() -> [[u8; 9]; 27] {
    let mut t = [[0u8; 9]; 27];
    let mut i = 0;
    while i < 9 {
        let mut j = 0;
        while j < 9 {
            t[i][j] = (i * 9 + j) as u8;
            t[9 + i][j] = (j * 9 + i) as u8;
            let (br, bc) = ((i / 3) * 3, (i % 3) * 3);
            t[18 + i][j] = ((br + j / 3) * 9 + bc + j % 3) as u8;
            j += 1;
        }
        i += 1;
    }
    t
}

const fn cell_units() -> [[u8; 3]; 81] {
    let mut t = [[0u8; 3]; 81];
    let mut c = 0;
    while c < 81 {
        let (r, col) = (c / 9, c % 9);
        t[c] = [(18 + (r / 3) * 3 + col / 3) as u8, r as u8, (9 + col) as u8];
        c += 1;
    }
    t
}

#[inline]
pub(crate) fn key(cell: usize, digit0: usize, on: bool) -> u16 {
    (((cell * 9 + digit0) << 1) | on as usize) as u16
}

/// The "off" potentials of `cell` for the digits of `mask` (bit `d` for
/// digit `d + 1`), lowest first.
pub(crate) fn offs(cell: usize, mut mask: u16) -> impl Iterator<Item = u16> {
    std::iter::from_fn(move || {
        let d = mask.trailing_zeros() as usize;
        mask &= mask.wrapping_sub(1);
        (d < 16).then(|| key(cell, d, false))
    })
}

#[inline]
pub(crate) fn key_cell(k: u16) -> usize {
    (k as usize >> 1) / 9
}
#[inline]
pub(crate) fn key_digit0(k: u16) -> usize {
    (k as usize >> 1) % 9
}
#[inline]
pub(crate) fn key_on(k: u16) -> bool {
    k & 1 == 1
}

/// Why a potential follows from its parents.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Cause {
    /// The assumption the run starts from.
    Assumption,
    /// One value per cell: the cell's other candidates go off, or its last one goes on.
    NakedSingle,
    /// One place per unit (the unit: 0-26): the digit's other places go off,
    /// or its last place goes on.
    Hidden(u8),
    /// A lower technique applied inside the chain (index into [`Run::advanced`]).
    Advanced(u32),
}

#[derive(Clone, Copy, Debug)]
pub(crate) struct Node {
    pub(crate) key: u16,
    pub(crate) cause: Cause,
    first_parent: u32,
    parent_count: u32,
    /// Links from the assumption along first parents.
    depth: u16,
}

/// What a lower technique inside a dynamic (+) or nested chain did.
#[derive(Clone, Debug)]
pub(crate) struct Advanced {
    /// A short description ("naked pair 3,7 in row 2", or a nested chain's name).
    pub(crate) text: String,
    /// The nested chain's complexity and identity, for the length bonus.
    pub(crate) nested: Option<(u32, u64)>,
}

/// The potentials implied by one assumption (SE's `toOn`/`toOff` sets).
pub(crate) struct Run {
    pub(crate) nodes: Vec<Node>,
    parents: Vec<u32>,
    index: Vec<u32>,
    pub(crate) on_list: Vec<u32>,
    pub(crate) off_list: Vec<u32>,
    /// A potential found both on and off: (the on node, the off node).
    pub(crate) absurd: Option<(u32, u32)>,
    pub(crate) advanced: Vec<Advanced>,
}

thread_local! {
    /// Runs kept for reuse, so that a producer call allocates nothing once warm.
    static POOL: std::cell::RefCell<Vec<Run>> = const { std::cell::RefCell::new(Vec::new()) };
}

impl Run {
    /// An empty run, from the pool when there is one.
    pub(crate) fn take() -> Self {
        let mut run = POOL.with(|p| p.borrow_mut().pop()).unwrap_or_else(Run::new);
        run.clear();
        run
    }

    /// Gives the run back to the pool.
    pub(crate) fn give(self) {
        POOL.with(|p| p.borrow_mut().push(self));
    }

    pub(crate) fn new() -> Self {
        Run {
            nodes: Vec::new(),
            parents: Vec::new(),
            index: vec![NONE; KEYS],
            on_list: Vec::new(),
            off_list: Vec::new(),
            absurd: None,
            advanced: Vec::new(),
        }
    }

    pub(crate) fn clear(&mut self) {
        for n in &self.nodes {
            self.index[n.key as usize] = NONE;
        }
        self.nodes.clear();
        self.parents.clear();
        self.on_list.clear();
        self.off_list.clear();
        self.absurd = None;
        self.advanced.clear();
    }

    /// The registered node of a potential (member of the on or off set).
    #[inline]
    pub(crate) fn get(&self, k: u16) -> u32 {
        self.index[k as usize]
    }

    #[inline]
    pub(crate) fn contains(&self, k: u16) -> bool {
        self.index[k as usize] != NONE
    }

    pub(crate) fn parents(&self, n: u32) -> &[u32] {
        let node = &self.nodes[n as usize];
        &self.parents[node.first_parent as usize..(node.first_parent + node.parent_count) as usize]
    }

    pub(crate) fn first_parent(&self, n: u32) -> Option<u32> {
        self.parents(n).first().copied()
    }

    /// Adds a node (not registered in the sets).
    pub(crate) fn push(&mut self, key: u16, cause: Cause, parents: &[u32]) -> u32 {
        let first_parent = self.parents.len() as u32;
        self.parents.extend_from_slice(parents);
        let depth = parents
            .first()
            .map_or(0, |&p| self.nodes[p as usize].depth.saturating_add(1));
        self.nodes.push(Node {
            key,
            cause,
            first_parent,
            parent_count: parents.len() as u32,
            depth,
        });
        (self.nodes.len() - 1) as u32
    }

    /// Appends one more parent to the node pushed last.
    fn add_parent_to_last(&mut self, parent: u32) {
        self.parents.push(parent);
        if let Some(n) = self.nodes.last_mut() {
            n.parent_count += 1;
        }
    }

    /// Makes the node the member of its potential's set.
    pub(crate) fn register(&mut self, n: u32) {
        let k = self.nodes[n as usize].key;
        if self.index[k as usize] == NONE {
            if key_on(k) {
                self.on_list.push(n);
            } else {
                self.off_list.push(n);
            }
        }
        self.index[k as usize] = n;
    }

    /// Whether `ancestor` is on the first-parent line above `n` (SE's `isParent`).
    fn is_parent(&self, mut n: u32, ancestor: u16) -> bool {
        while let Some(p) = self.first_parent(n) {
            if self.nodes[p as usize].key == ancestor {
                return true;
            }
            n = p;
        }
        false
    }
}

/// Scratch for counting ancestors without allocating.
pub(crate) struct Counter {
    seen: Vec<u32>,
    stamp: u32,
    queue: Vec<u32>,
}

impl Counter {
    pub(crate) fn new() -> Self {
        Counter {
            seen: vec![0; KEYS],
            stamp: 0,
            queue: Vec::new(),
        }
    }

    /// The number of distinct potentials among `n` and its ancestors
    /// (SE's `getAncestorCount`: breadth first, first node of a potential
    /// wins), or a number above `cap` as soon as it passes `cap`.
    pub(crate) fn ancestors(&mut self, run: &Run, n: u32, cap: u32) -> u32 {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.seen.fill(0);
            self.stamp = 1;
        }
        self.queue.clear();
        self.queue.push(n);
        let mut head = 0;
        let mut count = 0;
        while head < self.queue.len() {
            let i = self.queue[head];
            head += 1;
            let k = run.nodes[i as usize].key as usize;
            if self.seen[k] == self.stamp {
                continue;
            }
            self.seen[k] = self.stamp;
            count += 1;
            if count > cap {
                return count;
            }
            let ps = run.parents(i);
            self.queue.extend_from_slice(ps);
        }
        count
    }

    /// The nested chains among the ancestors of `n`: (complexity, identity), each once.
    pub(crate) fn nested(&mut self, run: &Run, n: u32, out: &mut Vec<(u32, u64)>) {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.seen.fill(0);
            self.stamp = 1;
        }
        self.queue.clear();
        self.queue.push(n);
        let mut head = 0;
        while head < self.queue.len() {
            let i = self.queue[head];
            head += 1;
            let node = run.nodes[i as usize];
            if self.seen[node.key as usize] == self.stamp {
                continue;
            }
            self.seen[node.key as usize] = self.stamp;
            if let Cause::Advanced(a) = node.cause
                && let Some(id) = run.advanced[a as usize].nested
                && !out.iter().any(|x| x.1 == id.1)
            {
                out.push(id);
            }
            let ps = run.parents(i);
            self.queue.extend_from_slice(ps);
        }
    }
}

/// What kind of chaining a producer does (SE's `Chaining` flags).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Mode {
    pub(crate) multiple: bool,
    pub(crate) dynamic: bool,
    pub(crate) nishio: bool,
    /// 0, or 1-5 for dynamic (+) and the nested levels.
    pub(crate) level: u8,
}

impl Mode {
    pub(crate) const fn new(multiple: bool, dynamic: bool, nishio: bool, level: u8) -> Self {
        Mode {
            multiple,
            dynamic,
            nishio,
            level,
        }
    }

    /// The base rating of the binary, cell and region chains this mode finds.
    pub(crate) fn base(&self) -> f64 {
        if self.level >= 2 {
            9.5 + 0.5 * f64::from(self.level - 2)
        } else if self.level > 0 {
            8.5 + 0.5 * f64::from(self.level)
        } else if self.nishio {
            7.5
        } else if self.dynamic {
            8.5
        } else {
            8.0
        }
    }
}

/// SE's length bonus: 0.1 per threshold (4, 6, 8, 12, 16, 24, ...) that
/// `complexity - 2` passes, summed in floating point as SE sums it.
pub(crate) fn difficulty(base: f64, complexity: u32) -> f64 {
    let mut added = 0.0;
    let mut ceil = 4i64;
    let length = i64::from(complexity) - 2;
    let mut odd = false;
    while length > ceil {
        added += 0.1;
        ceil = if odd { ceil * 4 / 3 } else { ceil * 3 / 2 };
        odd = !odd;
    }
    base + added
}

/// Which chain a hint is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    /// A bidirectional cycle; which links it may use.
    Cycle { x: bool, y: bool },
    /// A forcing chain from one assumption to its opposite.
    Forcing { x: bool, y: bool },
    /// An assumption (the key) that leads to a contradiction.
    Contradiction { source: u16 },
    /// A candidate's two states that lead to the same conclusion.
    Double { source: u16 },
    /// Every candidate of a cell leads to the same conclusion.
    Cell { cell: u8 },
    /// Every place of a digit in a unit leads to the same conclusion.
    Region { unit: u8, digit0: u8 },
}

/// A hint of a producer running inside a nested chain: what it removes and
/// what it needs switched off first (its on-potentials and their causes,
/// from which SE's `getRuleParents` reads the parents).
#[derive(Clone, Debug)]
pub(crate) struct InnerHint {
    pub(crate) difficulty: f64,
    pub(crate) complexity: u32,
    pub(crate) sort_key: u8,
    pub(crate) removable: Vec<u16>,
    pub(crate) needs: Vec<(u16, Cause)>,
    pub(crate) id: u64,
    pub(crate) kind: Kind,
    pub(crate) mode: Mode,
}

/// The last grid the nested producers ran on and the hints they found
/// there (SE's `lastGrid`/`lastHints` cache), kept by the engine for the
/// lower techniques (`nested`).
pub(crate) struct Nested {
    pub(crate) board: Board,
    pub(crate) hints: Vec<InnerHint>,
}

/// The lower techniques a dynamic (+) or nested chain applies inside
/// itself when plain implications run dry (SE's `getAdvancedPotentials`,
/// `nested::advanced_potentials`): they add their eliminations to the run
/// and queue them on the engine. The chain stage hands them down to the
/// producers, which build the engines with them, so that the engine calls
/// down to them rather than up (the nested ones run whole producers).
pub(crate) type Lower = fn(&mut Engine, &mut Run);

/// The [`Lower`] of the chains of level 0, which apply none.
pub(crate) fn no_lower(_: &mut Engine, _: &mut Run) {}

/// A stamp that no entry of `marks` holds yet: the next one, or 1 with
/// every mark cleared when the stamps wrap around.
fn next_stamp(stamp: &mut u32, marks: &mut [u32]) -> u32 {
    *stamp = stamp.wrapping_add(1);
    if *stamp == 0 {
        marks.fill(0);
        *stamp = 1;
    }
    *stamp
}

/// The propagation state shared by a producer's runs.
pub(crate) struct Engine {
    pub(crate) mode: Mode,
    /// The grid being reasoned on; dynamic runs switch candidates off in it.
    pub(crate) board: Board,
    /// The grid as it was when the run began.
    pub(crate) save: Board,
    /// The digits' places per unit in `board`, kept in step with it.
    pub(crate) pos: [[u16; 9]; 27],
    /// The same for `save`.
    pub(crate) save_pos: [[u16; 9]; 27],
    pending_on: std::collections::VecDeque<u32>,
    pending_off: std::collections::VecDeque<u32>,
    dedup: Vec<u32>,
    dedup_stamp: u32,
    dedup2: Vec<u32>,
    dedup2_stamp: u32,
    out: Vec<(u16, Cause)>,
    pub(crate) nested: Option<Box<Nested>>,
    /// What dynamic (+) and nested chains apply inside (level above 0).
    lower: Lower,
}

impl Engine {
    pub(crate) fn new(mode: Mode, board: Board, lower: Lower) -> Self {
        let pos = positions_of(&board);
        Engine {
            mode,
            board,
            save: board,
            pos,
            save_pos: pos,
            pending_on: Default::default(),
            pending_off: Default::default(),
            dedup: vec![0; KEYS],
            dedup_stamp: 0,
            dedup2: vec![0; KEYS],
            dedup2_stamp: 0,
            out: Vec::new(),
            nested: None,
            lower,
        }
    }

    fn next_stamp(&mut self) -> u32 {
        next_stamp(&mut self.dedup_stamp, &mut self.dedup)
    }

    /// The potentials an "on" potential switches off (SE's `getOnToOff`), in
    /// SE's order, each once, into `self.out`.
    fn on_to_off(&mut self, k: u16, y_links: bool) {
        self.out.clear();
        let stamp = self.next_stamp();
        let (cell, d) = (key_cell(k), key_digit0(k));
        let bit = 1u16 << d;
        if y_links {
            for k2 in offs(cell, self.board.cands[cell] & !bit) {
                self.dedup[k2 as usize] = stamp;
                self.out.push((k2, Cause::NakedSingle));
            }
        }
        for j in 0..3 {
            let u = CELL_UNITS[cell][j];
            let mut m = self.pos[u as usize][d] & !(1 << CELL_POS[cell][j]);
            while m != 0 {
                let i = m.trailing_zeros() as usize;
                m &= m - 1;
                let k2 = key(UNIT_CELLS[u as usize][i] as usize, d, false);
                if self.dedup[k2 as usize] != stamp {
                    self.dedup[k2 as usize] = stamp;
                    self.out.push((k2, Cause::Hidden(u)));
                }
            }
        }
    }

    /// The potentials an "off" potential switches on (SE's `getOffToOn`),
    /// without parents, into `self.out`.
    fn off_to_on(&mut self, k: u16, y_links: bool, x_links: bool) {
        self.out.clear();
        let stamp = self.next_stamp();
        let (cell, d) = (key_cell(k), key_digit0(k));
        let bit = 1u16 << d;
        if y_links {
            let m = self.board.cands[cell];
            if m.count_ones() == 2 {
                // The cell's other candidate (SE takes the first one that is
                // not the potential's own digit).
                let other = (m & !bit).trailing_zeros() as usize;
                let k2 = key(cell, other, true);
                self.dedup[k2 as usize] = stamp;
                self.out.push((k2, Cause::NakedSingle));
            }
        }
        if x_links {
            for &u in &CELL_UNITS[cell] {
                let m = self.pos[u as usize][d];
                if m.count_ones() == 2 {
                    let first = UNIT_CELLS[u as usize][m.trailing_zeros() as usize] as usize;
                    let second = UNIT_CELLS[u as usize][(15 - m.leading_zeros()) as usize] as usize;
                    let other = if first == cell { second } else { first };
                    let k2 = key(other, d, true);
                    if self.dedup[k2 as usize] != stamp {
                        self.dedup[k2 as usize] = stamp;
                        self.out.push((k2, Cause::Hidden(u)));
                    }
                }
            }
        }
    }

    /// Adds to the node pushed last the candidates its cause needed switched
    /// off earlier in this run (SE's hidden parents; dynamic runs only).
    fn add_hidden_parents(&self, run: &mut Run, k: u16, cause: Cause) {
        let (cell, d) = (key_cell(k), key_digit0(k));
        match cause {
            Cause::NakedSingle => {
                let mut gone = self.save.cands[cell] & !self.board.cands[cell];
                while gone != 0 {
                    let d2 = gone.trailing_zeros() as usize;
                    gone &= gone - 1;
                    let p = run.get(key(cell, d2, false));
                    if p != NONE {
                        run.add_parent_to_last(p);
                    }
                }
            }
            Cause::Hidden(u) => {
                let bit = 1u16 << d;
                for &c in &UNIT_CELLS[u as usize] {
                    let c = c as usize;
                    if self.save.cands[c] & bit != 0 && self.board.cands[c] & bit == 0 {
                        let p = run.get(key(c, d, false));
                        if p != NONE {
                            run.add_parent_to_last(p);
                        }
                    }
                }
            }
            _ => {}
        }
    }

    /// Completes a run from its starting potentials (SE's `doChaining`):
    /// breadth first, "on" potentials before "off" ones, stopping at the first
    /// potential found both on and off. The board is restored afterwards.
    pub(crate) fn chain(&mut self, run: &mut Run) {
        self.save = self.board;
        self.save_pos = self.pos;
        self.pending_on.clear();
        self.pending_off.clear();
        self.pending_on.extend(run.on_list.iter().copied());
        self.pending_off.extend(run.off_list.iter().copied());
        let y_links = !self.mode.nishio;
        'outer: loop {
            if let Some(p) = self.pending_on.pop_front() {
                let pk = run.nodes[p as usize].key;
                self.on_to_off(pk, y_links);
                for i in 0..self.out.len() {
                    let (k, cause) = self.out[i];
                    let conj = run.get(k | 1);
                    if conj != NONE {
                        let fresh = run.push(k, cause, &[p]);
                        run.absurd = Some((conj, fresh));
                        break 'outer;
                    } else if !run.contains(k) {
                        let n = run.push(k, cause, &[p]);
                        run.register(n);
                        self.pending_off.push_back(n);
                    }
                }
            } else if let Some(p) = self.pending_off.pop_front() {
                let pk = run.nodes[p as usize].key;
                self.off_to_on(pk, y_links, true);
                let first_new = run.nodes.len() as u32;
                for i in 0..self.out.len() {
                    let (k, cause) = self.out[i];
                    run.push(k, cause, &[p]);
                    if self.mode.dynamic {
                        self.add_hidden_parents(run, k, cause);
                    }
                }
                if self.mode.dynamic {
                    let (cell, d) = (key_cell(pk), key_digit0(pk));
                    if self.board.cands[cell] & (1 << d) != 0 {
                        self.board.cands[cell] &= !(1 << d);
                        for j in 0..3 {
                            self.pos[CELL_UNITS[cell][j] as usize][d] &= !(1 << CELL_POS[cell][j]);
                        }
                    }
                }
                for n in first_new..run.nodes.len() as u32 {
                    let k = run.nodes[n as usize].key;
                    let conj = run.get(k & !1);
                    if conj != NONE {
                        run.absurd = Some((n, conj));
                        break 'outer;
                    } else if !run.contains(k) {
                        run.register(n);
                        self.pending_on.push_back(n);
                    }
                }
            } else {
                break;
            }
            if self.pending_on.is_empty() && self.pending_off.is_empty() && self.mode.level > 0 {
                (self.lower)(self, run);
            }
            if self.pending_on.is_empty() && self.pending_off.is_empty() {
                break;
            }
        }
        self.board = self.save;
        self.pos = self.save_pos;
    }

    /// The queue of "on" (else "off") potentials waiting to be followed.
    fn pending(&mut self, on: bool) -> &mut std::collections::VecDeque<u32> {
        if on {
            &mut self.pending_on
        } else {
            &mut self.pending_off
        }
    }

    /// Queues an "off" potential found by a lower technique (dynamic (+) and nested levels).
    pub(crate) fn queue_off(&mut self, n: u32) {
        self.pending_off.push_back(n);
    }

    /// Whether switching `off` switches `start` on directly.
    fn links_back(&self, off: u16, start: u16, y_links: bool, x_links: bool) -> bool {
        let (c, d) = (key_cell(off), key_digit0(off));
        let (sc, sd) = (key_cell(start), key_digit0(start));
        if c == sc {
            return y_links && d != sd && self.board.cands[c] == (1 << d) | (1 << sd);
        }
        x_links
            && d == sd
            && (0..3).any(|j| {
                let u = CELL_UNITS[sc][j] as usize;
                let m = self.pos[u][d];
                m.count_ones() == 2
                    && UNIT_CELLS[u]
                        .iter()
                        .enumerate()
                        .any(|(i, &x)| x as usize == c && m & (1 << i) != 0)
            })
    }

    /// What each potential of the (static) board implies, directly or not,
    /// with these links: lets the cycle and forcing searches skip the
    /// assumptions that cannot close a cycle or reach their opposite.
    pub(crate) fn reach(&mut self, y_links: bool, x_links: bool) -> Reach {
        // The links as adjacency lists over the keys of the candidates.
        let mut first = vec![0u32; KEYS + 1];
        let mut targets: Vec<u16> = Vec::new();
        for k in 0..KEYS as u16 {
            first[k as usize] = targets.len() as u32;
            if self.board.cands[key_cell(k)] & (1 << key_digit0(k)) == 0 {
                continue;
            }
            if key_on(k) {
                self.on_to_off(k, y_links);
            } else {
                self.off_to_on(k, y_links, x_links);
            }
            targets.extend(self.out.iter().map(|&(t, _)| t));
        }
        first[KEYS] = targets.len() as u32;
        let mut tarjan = Tarjan {
            first: &first,
            targets: &targets,
            index: vec![NONE; KEYS],
            low: vec![0; KEYS],
            on_stack: vec![false; KEYS],
            stack: Vec::new(),
            next: 0,
            component: vec![NONE; KEYS],
            reach: Vec::new(),
        };
        for k in 0..KEYS {
            if tarjan.index[k] == NONE && first[k] < first[k + 1] {
                tarjan.visit(k);
            }
        }
        Reach {
            component: tarjan.component,
            reach: tarjan.reach,
        }
    }

    /// Grows cycles from an "on" potential (SE's `doCycles`): `cycles` gets
    /// the nodes where the chain comes back to its start.
    pub(crate) fn cycles(
        &mut self,
        run: &mut Run,
        start: u16,
        y_links: bool,
        x_links: bool,
        cycles: &mut Vec<u32>,
        cap: u32,
    ) {
        run.clear();
        let s = run.push(start, Cause::Assumption, &[]);
        run.register(s);
        self.pending_on.clear();
        self.pending_off.clear();
        self.pending_on.push_back(s);
        let stamp = next_stamp(&mut self.dedup2_stamp, &mut self.dedup2);
        let mut length = 0;
        while !self.pending_on.is_empty() || !self.pending_off.is_empty() {
            length += 1;
            while let Some(p) = self.pending_on.pop_front() {
                // A cycle closed beyond this depth would be longer than any
                // that can still be taken (its length is its depth).
                if u32::from(run.nodes[p as usize].depth) + 1 > cap {
                    return;
                }
                let pk = run.nodes[p as usize].key;
                self.on_to_off(pk, y_links);
                for i in 0..self.out.len() {
                    let (k, cause) = self.out[i];
                    // A potential already queued switches on nothing new
                    // (the board is static): queue it again only when it may
                    // close the cycle by another way.
                    let first = self.dedup2[k as usize] != stamp;
                    if (first || self.links_back(k, start, y_links, x_links))
                        && !run.is_parent(p, k)
                    {
                        self.dedup2[k as usize] = stamp;
                        let n = run.push(k, cause, &[p]);
                        self.pending_off.push_back(n);
                    }
                }
            }
            length += 1;
            while let Some(p) = self.pending_off.pop_front() {
                if u32::from(run.nodes[p as usize].depth) + 1 > cap {
                    return;
                }
                let pk = run.nodes[p as usize].key;
                self.off_to_on(pk, y_links, x_links);
                for i in 0..self.out.len() {
                    let (k, cause) = self.out[i];
                    let is_cycle = length >= 4 && k == start;
                    let fresh = !run.contains(k);
                    if is_cycle || fresh {
                        let n = run.push(k, cause, &[p]);
                        if is_cycle {
                            cycles.push(n);
                        }
                        if fresh {
                            run.register(n);
                            self.pending_on.push_back(n);
                        }
                    }
                }
            }
        }
    }

    /// Grows a forcing chain from a potential (SE's `doForcingChains`):
    /// returns the node where the chain reaches the start's opposite.
    /// The first such node is the chain SE keeps, so the search stops there,
    /// or once any chain it could still find would be longer than `cap`.
    pub(crate) fn forcing(
        &mut self,
        run: &mut Run,
        start: u16,
        y_links: bool,
        cap: u32,
    ) -> Option<u32> {
        run.clear();
        let s = run.push(start, Cause::Assumption, &[]);
        run.register(s);
        self.pending_on.clear();
        self.pending_off.clear();
        self.pending(key_on(start)).push_back(s);
        let opposite = start ^ 1;
        while !self.pending_on.is_empty() || !self.pending_off.is_empty() {
            for on in [true, false] {
                while let Some(p) = self.pending(on).pop_front() {
                    if u32::from(run.nodes[p as usize].depth) + 2 > cap {
                        return None;
                    }
                    let pk = run.nodes[p as usize].key;
                    if on {
                        self.on_to_off(pk, y_links);
                    } else {
                        self.off_to_on(pk, y_links, true);
                    }
                    for i in 0..self.out.len() {
                        let (k, cause) = self.out[i];
                        let hit = k == opposite;
                        // Every potential on a first-parent line is registered,
                        // so an unregistered one is no ancestor (SE's isParent).
                        let grow = !run.contains(k);
                        if hit || grow {
                            let n = run.push(k, cause, &[p]);
                            if hit {
                                return Some(n);
                            }
                            if grow {
                                run.register(n);
                                self.pending(!on).push_back(n);
                            }
                        }
                    }
                }
            }
        }
        None
    }
}

/// Words of a set of potential keys.
const KEY_WORDS: usize = KEYS.div_ceil(64);

/// Which potentials each potential implies through one link or more
/// ([`Engine::reach`]): per strongly connected component, the keys it reaches.
pub(crate) struct Reach {
    component: Vec<u32>,
    reach: Vec<[u64; KEY_WORDS]>,
}

impl Reach {
    /// Whether assuming `from` implies `to` through one link or more.
    pub(crate) fn reaches(&self, from: u16, to: u16) -> bool {
        let c = self.component[from as usize];
        c != NONE && self.reach[c as usize][to as usize / 64] & (1 << (to % 64)) != 0
    }
}

/// Tarjan's strongly connected components over the link lists; components
/// come out sinks first, so each one's reach is known from its successors'.
struct Tarjan<'a> {
    first: &'a [u32],
    targets: &'a [u16],
    index: Vec<u32>,
    low: Vec<u32>,
    on_stack: Vec<bool>,
    stack: Vec<u16>,
    next: u32,
    component: Vec<u32>,
    reach: Vec<[u64; KEY_WORDS]>,
}

impl Tarjan<'_> {
    fn visit(&mut self, v: usize) {
        self.index[v] = self.next;
        self.low[v] = self.next;
        self.next += 1;
        self.stack.push(v as u16);
        self.on_stack[v] = true;
        for e in self.first[v]..self.first[v + 1] {
            let w = self.targets[e as usize] as usize;
            if self.index[w] == NONE {
                self.visit(w);
                self.low[v] = self.low[v].min(self.low[w]);
            } else if self.on_stack[w] {
                self.low[v] = self.low[v].min(self.index[w]);
            }
        }
        if self.low[v] != self.index[v] {
            return;
        }
        let id = self.reach.len() as u32;
        let mut members = [0u64; KEY_WORDS];
        let mut size = 0;
        while let Some(w) = self.stack.pop() {
            let w = w as usize;
            self.on_stack[w] = false;
            self.component[w] = id;
            members[w / 64] |= 1 << (w % 64);
            size += 1;
            if w == v {
                break;
            }
        }
        // A member reaches every member when the component has a cycle.
        let mut reach = if size > 1 { members } else { [0u64; KEY_WORDS] };
        for word in 0..KEY_WORDS {
            let mut bits = members[word];
            while bits != 0 {
                let u = word * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                for e in self.first[u]..self.first[u + 1] {
                    let w = self.targets[e as usize] as usize;
                    let c = self.component[w];
                    if c == id {
                        // A link inside the component (a loop when size 1).
                        reach[w / 64] |= 1 << (w % 64);
                    } else {
                        reach[w / 64] |= 1 << (w % 64);
                        let other = &self.reach[c as usize];
                        for (r, o) in reach.iter_mut().zip(other) {
                            *r |= o;
                        }
                    }
                }
            }
        }
        self.reach.push(reach);
    }
}
