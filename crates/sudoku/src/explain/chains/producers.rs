//! SE's chaining producers on top of the engine: cycles and forcing chains
//! (unary chaining), and Nishio, multiple, dynamic and nested chains (binary,
//! cell and region chaining). Each finds its hints in SE's order and keeps
//! the one SE would take: the least difficulty, then the least complexity,
//! then SE's sort key by kind, then the first found.

use super::engine::{
    Board, CELL_UNITS, Cause, Counter, Engine, InnerHint, Kind, Lower, Mode, NONE, Run, UNIT_CELLS,
    difficulty, key_cell, key_digit0, key_on, no_lower, offs,
};
use crate::explain::candidates::PEERS;

/// One potential of a chain kept for display: its key, why it holds and its
/// parents (indexes into the same chain).
#[derive(Clone, Debug)]
pub(crate) struct ChainNode {
    pub(crate) key: u16,
    pub(crate) cause: Cause,
    pub(crate) advanced: Option<String>,
    pub(crate) parents: Vec<u16>,
}

/// The hint a producer keeps, with its chains copied out of the runs.
#[derive(Clone, Debug)]
pub(crate) struct Found {
    pub(crate) kind: Kind,
    pub(crate) mode: Mode,
    pub(crate) difficulty: f64,
    pub(crate) complexity: u32,
    pub(crate) sort_key: u8,
    /// Candidates removed, as keys (off).
    pub(crate) removable: Vec<u16>,
    /// The digit placed, as an "on" key, when SE's hint has a cell.
    pub(crate) placement: Option<u16>,
    /// Each chain from its conclusion back to its assumption, target first.
    pub(crate) chains: Vec<Vec<ChainNode>>,
}

/// Keeps the best hint while the producer enumerates them (or every hint,
/// for a producer nested in a chain).
pub(crate) struct Best {
    pub(crate) found: Option<Found>,
    pub(crate) collect: Option<Vec<InnerHint>>,
    counter: Counter,
    scratch: Vec<(u32, u64)>,
    /// Caps computed since the best last changed: (base, sort key, cap).
    caps: Vec<(f64, u8, Option<u32>)>,
}

impl Best {
    pub(crate) fn new() -> Self {
        Best {
            found: None,
            collect: None,
            counter: Counter::new(),
            scratch: Vec::new(),
            caps: Vec::new(),
        }
    }

    fn beats(&self, d: f64, complexity: u32, sort_key: u8) -> bool {
        match &self.found {
            None => true,
            Some(f) => {
                if d != f.difficulty {
                    d < f.difficulty
                } else if complexity != f.complexity {
                    complexity < f.complexity
                } else {
                    sort_key < f.sort_key
                }
            }
        }
    }

    /// The complexity of chains ending at `targets`: their ancestors, plus
    /// each distinct nested chain's complexity; above `cap` once it passes it.
    fn complexity(&mut self, targets: &[(&Run, u32)], cap: u32) -> u32 {
        let mut total = 0u32;
        self.scratch.clear();
        for &(run, n) in targets {
            total += self.counter.ancestors(run, n, cap.saturating_sub(total));
            if total > cap {
                return total;
            }
            if !run.advanced.is_empty() {
                let mut out = std::mem::take(&mut self.scratch);
                self.counter.nested(run, n, &mut out);
                self.scratch = out;
            }
        }
        total + self.scratch.iter().map(|x| x.0).sum::<u32>()
    }

    /// The largest complexity with which a hint of this base and sort key
    /// would still beat the best so far (`None`: it cannot).
    fn cap(&mut self, base: f64, sort_key: u8) -> Option<u32> {
        if self.found.is_none() || self.collect.is_some() {
            return Some(u32::MAX);
        }
        if let Some(&(_, _, cap)) = self.caps.iter().find(|c| c.0 == base && c.1 == sort_key) {
            return cap;
        }
        let cap = self.compute_cap(base, sort_key);
        self.caps.push((base, sort_key, cap));
        cap
    }

    fn compute_cap(&self, base: f64, sort_key: u8) -> Option<u32> {
        if !self.beats(difficulty(base, 0), 0, sort_key) {
            return None;
        }
        let (mut lo, mut hi) = (0u32, 1u32 << 24);
        while lo + 1 < hi {
            let mid = lo + (hi - lo) / 2;
            if self.beats(difficulty(base, mid), mid, sort_key) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        Some(lo)
    }

    /// Offers a hint; builds it (copies its chains) only when it is the best so far.
    #[allow(clippy::too_many_arguments)]
    fn offer(
        &mut self,
        kind: Kind,
        mode: Mode,
        base: f64,
        sort_key: u8,
        targets: &[(&Run, u32)],
        removable: &[u16],
        placement: Option<u16>,
    ) {
        if removable.is_empty() {
            return;
        }
        let Some(cap) = self.cap(base, sort_key) else {
            return;
        };
        let complexity = self.complexity(targets, cap);
        if complexity > cap {
            return;
        }
        let d = difficulty(base, complexity);
        if let Some(list) = &mut self.collect {
            let (needs, id) = inner_needs(kind, targets);
            let mut removable = removable.to_vec();
            removable.sort_unstable();
            list.push(InnerHint {
                difficulty: d,
                complexity,
                sort_key,
                removable,
                needs,
                id,
                kind,
                mode,
            });
            return;
        }
        if !self.beats(d, complexity, sort_key) {
            return;
        }
        let chains = targets.iter().map(|&(run, n)| copy_chain(run, n)).collect();
        self.caps.clear();
        self.found = Some(Found {
            kind,
            mode,
            difficulty: d,
            complexity,
            sort_key,
            removable: removable.to_vec(),
            placement,
            chains,
        });
    }
}

/// The on-potentials (with their causes) of an inner hint's chains, and a
/// hash of the chains that identifies the hint (SE's `FullChain`).
fn inner_needs(kind: Kind, targets: &[(&Run, u32)]) -> (Vec<(u16, Cause)>, u64) {
    let mut needs = Vec::new();
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for &(run, target) in targets {
        for node in copy_chain(run, target) {
            hash = (hash ^ u64::from(node.key)).wrapping_mul(0x100_0000_01b3);
            let cause = match (node.cause, kind) {
                (Cause::Assumption, Kind::Cell { .. }) => Cause::NakedSingle,
                (Cause::Assumption, Kind::Region { unit, .. }) => Cause::Hidden(unit),
                (c, _) => c,
            };
            if key_on(node.key)
                && matches!(cause, Cause::NakedSingle | Cause::Hidden(_))
                && !needs.contains(&(node.key, cause))
            {
                needs.push((node.key, cause));
            }
        }
        hash = hash.wrapping_mul(31);
    }
    (needs, hash)
}

/// Every hint of a producer (cycles and forcing chains for a static,
/// non-multiple mode), sorted and without repeats as SE's `getHints` gives them;
/// `lower` are the lower techniques its chains apply inside (see [`Lower`]).
pub(crate) fn all_hints(board: &Board, mode: Mode, lower: Lower) -> Vec<InnerHint> {
    let mut best = Best::new();
    best.collect = Some(Vec::new());
    if !mode.multiple && !mode.dynamic {
        cycles_and_forcing_into(board, &mut best);
    } else {
        multiple_chains_into(board, mode, lower, &mut best);
    }
    let mut all = best.collect.take().unwrap_or_default();
    all.sort_by(|a, b| {
        a.difficulty
            .partial_cmp(&b.difficulty)
            .unwrap_or(std::cmp::Ordering::Equal)
            .then(a.complexity.cmp(&b.complexity))
            .then(a.sort_key.cmp(&b.sort_key))
    });
    let mut kept: Vec<InnerHint> = Vec::with_capacity(all.len());
    for h in all {
        if !kept.iter().any(|k| k.removable == h.removable) {
            kept.push(h);
        }
    }
    kept
}

/// Copies a chain out of its run, breadth first from the target (SE's `getChain`).
pub(crate) fn copy_chain(run: &Run, target: u32) -> Vec<ChainNode> {
    let mut order: Vec<u32> = Vec::new();
    let mut slot = vec![u16::MAX; super::engine::KEYS];
    let mut queue = vec![target];
    let mut head = 0;
    while head < queue.len() {
        let i = queue[head];
        head += 1;
        let k = run.nodes[i as usize].key as usize;
        if slot[k] != u16::MAX {
            continue;
        }
        slot[k] = order.len() as u16;
        order.push(i);
        queue.extend_from_slice(run.parents(i));
    }
    order
        .iter()
        .map(|&i| {
            let node = run.nodes[i as usize];
            let advanced = match node.cause {
                Cause::Advanced(a) => Some(run.advanced[a as usize].text.clone()),
                _ => None,
            };
            ChainNode {
                key: node.key,
                cause: node.cause,
                advanced,
                parents: run
                    .parents(i)
                    .iter()
                    .map(|&p| slot[run.nodes[p as usize].key as usize])
                    .filter(|&s| s != u16::MAX)
                    .collect(),
            }
        })
        .collect()
}

/// The other candidates of a key's cell, as "off" keys (what placing it removes there).
fn others(board: &Board, k: u16, out: &mut Vec<u16>) {
    out.clear();
    let cell = key_cell(k);
    out.extend(offs(cell, board.cands[cell] & !(1 << key_digit0(k))));
}

/// X-, Y- and XY-cycles and forcing chains (SE's `Chaining(false, false, false, 0)`).
pub(crate) fn cycles_and_forcing(board: &Board) -> Option<Found> {
    let mut best = Best::new();
    cycles_and_forcing_into(board, &mut best);
    best.found
}

fn cycles_and_forcing_into(board: &Board, best: &mut Best) {
    let mode = Mode::new(false, false, false, 0);
    // Level 0: no lower technique applies.
    let mut engine = Engine::new(mode, *board, no_lower);
    let mut cycle_run = Run::take();
    let mut on_run = Run::take();
    let mut off_run = Run::take();
    let mut cycles = Vec::new();
    let mut removable = Vec::new();
    for (y, x) in [(false, true), (true, false), (true, true)] {
        // Cycles need their start to imply itself, forcing chains their
        // start to imply its opposite: both are known at once.
        let reach = engine.reach(y, x);
        let (cycle_base, forcing_base) = if x && y { (7.0, 7.0) } else { (6.5, 6.6) };
        let sort_key = if x && y {
            4
        } else if y {
            3
        } else {
            2
        };
        let caps = |best: &mut Best| {
            let cycle_cap = best.cap(cycle_base, sort_key);
            (
                cycle_cap,
                x.then(|| best.cap(forcing_base, sort_key)).flatten(),
            )
        };
        for cell in 0..81 {
            let m = board.cands[cell];
            if board.values[cell] != 0 || m.count_ones() < 2 {
                continue;
            }
            if m.count_ones() > 2 && !x {
                continue;
            }
            // Hints that cannot beat the best so far need not be looked for.
            if caps(best) == (None, None) {
                continue;
            }
            for on in offs(cell, m).map(|off| off | 1) {
                cycles.clear();
                // The caps tighten as better hints turn up.
                let (cycle_cap, forcing_cap) = caps(best);
                if let Some(cap) = cycle_cap
                    && reach.reaches(on, on)
                {
                    engine.cycles(&mut cycle_run, on, y, x, &mut cycles, cap);
                }
                let (mut t_on, mut t_off) = (None, None);
                if let Some(cap) = forcing_cap {
                    if reach.reaches(on, on ^ 1) {
                        t_on = engine.forcing(&mut on_run, on, y, cap);
                    }
                    if reach.reaches(on ^ 1, on) {
                        t_off = engine.forcing(&mut off_run, on ^ 1, y, cap);
                    }
                }
                for &c in &cycles {
                    cycle_removable(board, &cycle_run, c, &mut removable);
                    best.offer(
                        Kind::Cycle { x, y },
                        mode,
                        cycle_base,
                        sort_key,
                        &[(&cycle_run, c)],
                        &removable,
                        None,
                    );
                }
                if let Some(t) = t_on {
                    // The assumption switched itself off: it is false.
                    removable.clear();
                    removable.push(on ^ 1);
                    best.offer(
                        Kind::Forcing { x, y },
                        mode,
                        forcing_base,
                        sort_key,
                        &[(&on_run, t)],
                        &removable,
                        None,
                    );
                }
                if let Some(t) = t_off {
                    // Denying the candidate switched it on: it is true.
                    others(board, on, &mut removable);
                    best.offer(
                        Kind::Forcing { x, y },
                        mode,
                        forcing_base,
                        sort_key,
                        &[(&off_run, t)],
                        &removable,
                        Some(on),
                    );
                }
            }
        }
    }
    cycle_run.give();
    on_run.give();
    off_run.give();
}

/// What a cycle eliminates: a digit in a cell off the cycle that sees both
/// an "on" and an "off" potential of that digit on it (SE's `createCycleHint`).
fn cycle_removable(board: &Board, run: &Run, end: u32, out: &mut Vec<u16>) {
    out.clear();
    let mut on_cells = [0u16; 81];
    let mut off_cells = [0u16; 81];
    let mut in_cycle = [false; 81];
    let mut n = end;
    while let Some(p) = run.first_parent(n) {
        in_cycle[key_cell(run.nodes[n as usize].key)] = true;
        n = p;
    }
    let mut n = end;
    while let Some(p) = run.first_parent(n) {
        let k = run.nodes[n as usize].key;
        let (cell, d) = (key_cell(k), key_digit0(k));
        for &other in &PEERS[cell] {
            if !in_cycle[other] && board.cands[other] & (1 << d) != 0 {
                if key_on(k) {
                    on_cells[other] |= 1 << d;
                } else {
                    off_cells[other] |= 1 << d;
                }
            }
        }
        n = p;
    }
    for cell in 0..81 {
        out.extend(offs(cell, on_cells[cell] & off_cells[cell]));
    }
}

/// The runs of one producer call, cached by assumption: a candidate's "on"
/// run is the same wherever SE recomputes it (binary and region chaining).
pub(crate) struct Runs {
    pub(crate) engine: Engine,
    on: Vec<Option<Run>>,
    spare: Vec<Run>,
}

impl Drop for Runs {
    fn drop(&mut self) {
        for run in self.on.drain(..).flatten().chain(self.spare.drain(..)) {
            run.give();
        }
    }
}

impl Runs {
    pub(crate) fn new(mode: Mode, board: Board, lower: Lower) -> Self {
        Runs {
            engine: Engine::new(mode, board, lower),
            on: (0..729).map(|_| None).collect(),
            spare: Vec::new(),
        }
    }

    fn take(&mut self) -> Run {
        match self.spare.pop() {
            Some(mut run) => {
                run.clear();
                run
            }
            None => Run::take(),
        }
    }

    /// Computes (once) what assuming `pot` true implies.
    fn ensure_on(&mut self, pot: usize) {
        if self.on[pot].is_none() {
            let mut run = self.take();
            let s = run.push((pot * 2 + 1) as u16, Cause::Assumption, &[]);
            run.register(s);
            self.engine.chain(&mut run);
            self.on[pot] = Some(run);
        }
    }

    fn on_run(&self, pot: usize) -> &Run {
        self.on[pot].as_ref().expect("computed by ensure_on")
    }

    /// What assuming `pot` false implies (not cached: used once).
    fn off_run(&mut self, pot: usize) -> Run {
        let mut run = self.take();
        let s = run.push((pot * 2) as u16, Cause::Assumption, &[]);
        run.register(s);
        self.engine.chain(&mut run);
        run
    }
}

/// Nishio, multiple, dynamic and nested chains (SE's `getMultipleChainsHintList`),
/// `lower` the techniques dynamic (+) and nested chains apply inside (see [`Lower`]).
pub(crate) fn multiple_chains(board: &Board, mode: Mode, lower: Lower) -> Option<Found> {
    let mut best = Best::new();
    multiple_chains_into(board, mode, lower, &mut best);
    best.found
}

fn multiple_chains_into(board: &Board, mode: Mode, lower: Lower, best: &mut Best) {
    let mut runs = Runs::new(mode, *board, lower);
    let base = mode.base();
    let mut removable = Vec::new();
    for cell in 0..81 {
        let m = board.cands[cell];
        let card = m.count_ones();
        if board.values[cell] != 0 || !(card > 2 || (card > 1 && mode.dynamic)) {
            continue;
        }
        let mut mm = m;
        while mm != 0 {
            let d = mm.trailing_zeros() as usize;
            mm &= mm - 1;
            let pot = cell * 9 + d;
            let on = (pot * 2 + 1) as u16;
            let do_double = card >= 3 && !mode.nishio && mode.dynamic;
            let do_contradiction = mode.dynamic || mode.nishio;
            runs.ensure_on(pot);
            if do_contradiction && let Some((a, b)) = runs.on_run(pot).absurd {
                let run = runs.on_run(pot);
                removable.clear();
                removable.push(on ^ 1);
                best.offer(
                    Kind::Contradiction { source: on },
                    mode,
                    base,
                    7,
                    &[(run, a), (run, b)],
                    &removable,
                    None,
                );
            }
            if do_contradiction || do_double {
                let off_run = runs.off_run(pot);
                if do_contradiction && let Some((a, b)) = off_run.absurd {
                    others(board, on, &mut removable);
                    best.offer(
                        Kind::Contradiction { source: on ^ 1 },
                        mode,
                        base,
                        7,
                        &[(&off_run, a), (&off_run, b)],
                        &removable,
                        Some(on),
                    );
                }
                if do_double {
                    let on_run = runs.on_run(pot);
                    for &n in &on_run.on_list {
                        let k = on_run.nodes[n as usize].key;
                        let o = off_run.get(k);
                        if o != NONE {
                            others(board, k, &mut removable);
                            best.offer(
                                Kind::Double { source: on },
                                mode,
                                base,
                                1,
                                &[(on_run, n), (&off_run, o)],
                                &removable,
                                Some(k),
                            );
                        }
                    }
                    for &n in &on_run.off_list {
                        let k = on_run.nodes[n as usize].key;
                        let o = off_run.get(k);
                        if o != NONE {
                            removable.clear();
                            removable.push(k);
                            best.offer(
                                Kind::Double { source: on ^ 1 },
                                mode,
                                base,
                                1,
                                &[(on_run, n), (&off_run, o)],
                                &removable,
                                None,
                            );
                        }
                    }
                }
                runs.spare.push(off_run);
            }
            if !mode.nishio {
                region_chains(&mut runs, best, board, cell, d, &mut removable);
            }
        }
        if !mode.nishio {
            cell_chains(&mut runs, best, board, cell, &mut removable);
        }
    }
}

/// Region forcing chains for the digit `d` of `cell`, in each unit where
/// `cell` is the digit's first place (SE's `doRegionChainings`).
fn region_chains(
    runs: &mut Runs,
    best: &mut Best,
    board: &Board,
    cell: usize,
    d: usize,
    removable: &mut Vec<u16>,
) {
    let bit = 1u16 << d;
    for &u in &CELL_UNITS[cell] {
        let cells = &UNIT_CELLS[u as usize];
        let places: Vec<usize> = cells
            .iter()
            .map(|&c| c as usize)
            .filter(|&c| board.cands[c] & bit != 0)
            .collect();
        if places.len() < 2 || (places.len() > 2 && !runs.engine.mode.multiple) || places[0] != cell
        {
            continue;
        }
        for &p in &places {
            runs.ensure_on(p * 9 + d);
        }
        let sources: Vec<usize> = places.iter().map(|&p| p * 9 + d).collect();
        let kind = Kind::Region {
            unit: u,
            digit0: d as u8,
        };
        common_conclusions(runs, best, board, &sources, kind, 6, removable);
    }
}

/// Cell forcing chains: what every candidate of `cell` implies (SE's cell reduction).
fn cell_chains(
    runs: &mut Runs,
    best: &mut Best,
    board: &Board,
    cell: usize,
    removable: &mut Vec<u16>,
) {
    let m = board.cands[cell];
    let sources: Vec<usize> = (0..9)
        .filter(|&d| m & (1 << d) != 0)
        .map(|d| cell * 9 + d)
        .collect();
    let kind = Kind::Cell { cell: cell as u8 };
    common_conclusions(runs, best, board, &sources, kind, 5, removable);
}

/// What the "on" runs of every potential of `sources` imply alike, each
/// offered as a `kind` chain: a potential on in all of them is placed (its
/// cell's other candidates removed), one off in all of them removed.
fn common_conclusions(
    runs: &Runs,
    best: &mut Best,
    board: &Board,
    sources: &[usize],
    kind: Kind,
    sort_key: u8,
    removable: &mut Vec<u16>,
) {
    let mode = runs.engine.mode;
    let first = runs.on_run(sources[0]);
    let mut targets: Vec<(&Run, u32)> = Vec::with_capacity(sources.len());
    for list in [&first.on_list, &first.off_list] {
        for &n in list.iter() {
            let k = first.nodes[n as usize].key;
            if !sources.iter().all(|&pot| runs.on_run(pot).contains(k)) {
                continue;
            }
            targets.clear();
            for &pot in sources {
                let run = runs.on_run(pot);
                targets.push((run, run.get(k)));
            }
            let placement = if key_on(k) {
                others(board, k, removable);
                Some(k)
            } else {
                removable.clear();
                removable.push(k);
                None
            };
            best.offer(
                kind,
                mode,
                mode.base(),
                sort_key,
                &targets,
                removable,
                placement,
            );
        }
    }
}
