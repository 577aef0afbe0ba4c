//! The lower techniques a dynamic (+) or nested chain applies inside itself
//! when plain implications run dry (SE's `getAdvancedPotentials`): box-line
//! locking, hidden pair, naked pair and X-Wing at level 1; from level 2 on,
//! whole chaining producers as well. Each eliminates candidates as "off"
//! potentials whose parents are the candidates the chain had switched off
//! and the technique needed gone (SE's `getRuleParents`).

use super::engine::{Advanced, Board, Cause, Engine, Mode, Nested, Run, UNIT_CELLS, key, offs};
use super::producers;
use crate::explain::candidates::{SHARED, unit_name};

/// One elimination found by a lower technique: the candidate, its parents
/// (as "off" keys), a description and, for a nested chain, its
/// (complexity, identity).
pub(crate) struct Elimination {
    key: u16,
    parents: Vec<u16>,
    text: String,
    nested: Option<(u32, u64)>,
}

const BOX: usize = 18;
const COL: usize = 9;
const ROW: usize = 0;

/// Pairs of 0..9 in SE's `Permutations` order (by numeric value of the bit set).
fn pairs() -> impl Iterator<Item = (usize, usize)> {
    (1..9).flat_map(|hi| (0..hi).map(move |lo| (lo, hi)))
}

/// Digit places per unit (bit `i` for the unit's `i`th cell), digit `0..9`.
type Places = [[u16; 9]; 27];

/// Adds the eliminations of the first lower technique that finds any to the
/// run as "off" potentials and queues them: the engine's [`Lower`](super::engine::Lower)
/// for dynamic (+) and nested chains.
pub(crate) fn advanced_potentials(engine: &mut Engine, run: &mut Run) {
    let mut found: Vec<Elimination> = Vec::new();
    let board = engine.board;
    let save = engine.save;
    let (pos, save_pos) = (engine.pos, engine.save_pos);
    locking(&pos, &save_pos, &mut found);
    if found.is_empty() {
        hidden_pairs(&board, &save, &pos, &mut found);
    }
    if found.is_empty() {
        naked_pairs(&board, &save, &mut found);
    }
    if found.is_empty() {
        x_wings(&board, &pos, &save_pos, &mut found);
    }
    if found.is_empty() && engine.mode.level >= 2 {
        nested_chains(engine, &board, &save, &mut found);
    }
    let mut parents: Vec<u32> = Vec::new();
    for e in found {
        if run.contains(e.key) {
            continue;
        }
        parents.clear();
        parents.extend(
            e.parents
                .iter()
                .map(|&k| run.get(k))
                .filter(|&n| n != super::engine::NONE),
        );
        run.advanced.push(Advanced {
            text: e.text,
            nested: e.nested,
        });
        let n = run.push(
            e.key,
            Cause::Advanced((run.advanced.len() - 1) as u32),
            &parents,
        );
        run.register(n);
        engine.queue_off(n);
    }
}

/// Whether `d` was a candidate of `cell` when the run began and is no more.
fn gone(board: &Board, save: &Board, cell: usize, d: usize) -> bool {
    save.cands[cell] & (1 << d) != 0 && board.cands[cell] & (1 << d) == 0
}

/// The cells of `unit` at the positions of `mask`, as keys of digit `d`.
fn keys(unit: usize, mask: u16, d: usize) -> impl Iterator<Item = u16> {
    (0..9)
        .filter(move |i| mask & (1 << i) != 0)
        .map(move |i| key(UNIT_CELLS[unit][i] as usize, d, false))
}

fn push(
    found: &mut Vec<Elimination>,
    removable: impl Iterator<Item = u16>,
    parents: Vec<u16>,
    text: String,
) {
    for k in removable {
        found.push(Elimination {
            key: k,
            parents: parents.clone(),
            text: text.clone(),
            nested: None,
        });
    }
}

/// Pointing and claiming (SE's `Locking(false)`): a digit of `u1` confined
/// to the cells `u1` shares with `u2` leaves the rest of `u2`.
fn locking(pos: &Places, save_pos: &Places, found: &mut Vec<Elimination>) {
    for (t1, t2) in [(BOX, COL), (BOX, ROW), (COL, BOX), (ROW, BOX)] {
        for i1 in 0..9 {
            for i2 in 0..9 {
                let (u1, u2) = (t1 + i1, t2 + i2);
                let in_u1 = SHARED[u1][u2];
                if in_u1 == 0 {
                    continue;
                }
                let in_u2 = SHARED[u2][u1];
                for d in 0..9 {
                    let m = pos[u1][d];
                    if m.count_ones() <= 1 || m & !in_u1 != 0 {
                        continue;
                    }
                    let removable = pos[u2][d] & !in_u2;
                    if removable == 0 {
                        continue;
                    }
                    let gone_here = save_pos[u1][d] & !pos[u1][d] & !in_u1;
                    if gone_here == 0 {
                        continue;
                    }
                    let name = if t1 == BOX { "pointing" } else { "claiming" };
                    let text = format!(
                        "{name}: {} in {} lies in {}",
                        d + 1,
                        unit_name(u1),
                        unit_name(u2)
                    );
                    push(
                        found,
                        keys(u2, removable, d),
                        keys(u1, gone_here, d).collect(),
                        text,
                    );
                }
            }
        }
    }
}

/// Hidden pairs (SE's `HiddenSet(2, false)`).
fn hidden_pairs(board: &Board, save: &Board, pos: &Places, found: &mut Vec<Elimination>) {
    for t in [BOX, COL, ROW] {
        for i in 0..9 {
            let u = t + i;
            let empty = UNIT_CELLS[u]
                .iter()
                .filter(|&&c| board.values[c as usize] == 0)
                .count();
            if empty <= 4 {
                continue;
            }
            for (a, b) in pairs() {
                let (pa, pb) = (pos[u][a], pos[u][b]);
                if pa.count_ones() <= 1 || pb.count_ones() <= 1 || (pa | pb).count_ones() != 2 {
                    continue;
                }
                let both = pa | pb;
                let pair = (1u16 << a) | (1 << b);
                let mut removable = Vec::new();
                for p in 0..9 {
                    if both & (1 << p) != 0 {
                        let c = UNIT_CELLS[u][p] as usize;
                        removable.extend(offs(c, board.cands[c] & !pair));
                    }
                }
                if removable.is_empty() {
                    continue;
                }
                let mut parents = Vec::new();
                for p in 0..9 {
                    if both & (1 << p) == 0 {
                        let c = UNIT_CELLS[u][p] as usize;
                        for d in [a, b] {
                            if save.cands[c] & (1 << d) != 0 {
                                parents.push(key(c, d, false));
                            }
                        }
                    }
                }
                if parents.is_empty() {
                    continue;
                }
                let text = format!("hidden pair {},{} in {}", a + 1, b + 1, unit_name(u));
                push(found, removable.into_iter(), parents, text);
            }
        }
    }
}

/// Naked pairs (SE's `NakedSet(2)`).
fn naked_pairs(board: &Board, save: &Board, found: &mut Vec<Elimination>) {
    for t in [BOX, COL, ROW] {
        for i in 0..9 {
            let u = t + i;
            let empty = UNIT_CELLS[u]
                .iter()
                .filter(|&&c| board.values[c as usize] == 0)
                .count();
            if empty < 4 {
                continue;
            }
            for (a, b) in pairs() {
                let (ca, cb) = (UNIT_CELLS[u][a] as usize, UNIT_CELLS[u][b] as usize);
                let (ma, mb) = (board.cands[ca], board.cands[cb]);
                if ma.count_ones() <= 1 || mb.count_ones() <= 1 || (ma | mb).count_ones() != 2 {
                    continue;
                }
                let pair = ma | mb;
                let mut removable = Vec::new();
                for &c in &UNIT_CELLS[u] {
                    let c = c as usize;
                    if c != ca && c != cb {
                        removable.extend(offs(c, board.cands[c] & pair));
                    }
                }
                if removable.is_empty() {
                    continue;
                }
                let mut parents = Vec::new();
                for c in [ca, cb] {
                    parents.extend(offs(c, save.cands[c] & !pair));
                }
                if parents.is_empty() {
                    continue;
                }
                let digits: Vec<String> = (0..9)
                    .filter(|d| pair & (1 << d) != 0)
                    .map(|d| (d + 1).to_string())
                    .collect();
                let text = format!("naked pair {} in {}", digits.join(","), unit_name(u));
                push(found, removable.into_iter(), parents, text);
            }
        }
    }
}

/// X-Wings (SE's `Fisherman(2)`): base lines of one kind, covers of the other.
fn x_wings(board: &Board, pos: &Places, save_pos: &Places, found: &mut Vec<Elimination>) {
    let mut placed = [0usize; 9];
    for &v in &board.values {
        if v != 0 {
            placed[v as usize - 1] += 1;
        }
    }
    for (base, cover) in [(COL, ROW), (ROW, COL)] {
        for (a, b) in pairs() {
            for d in 0..9 {
                if placed[d] + 4 > 9 {
                    continue;
                }
                let (pa, pb) = (pos[base + a][d], pos[base + b][d]);
                if pa.count_ones() <= 1 || pb.count_ones() <= 1 || (pa | pb).count_ones() != 2 {
                    continue;
                }
                let covers = pa | pb;
                let bases = (1u16 << a) | (1 << b);
                let mut removable = Vec::new();
                for j in 0..9 {
                    if covers & (1 << j) != 0 {
                        removable.extend(keys(cover + j, pos[cover + j][d] & !bases, d));
                    }
                }
                if removable.is_empty() {
                    continue;
                }
                let mut parents = Vec::new();
                for line in [a, b] {
                    let u = base + line;
                    parents.extend(keys(u, save_pos[u][d] & !pos[u][d] & !covers, d));
                }
                if parents.is_empty() {
                    continue;
                }
                let text = format!(
                    "X-Wing on {} in {} and {}",
                    d + 1,
                    unit_name(base + a),
                    unit_name(base + b)
                );
                push(found, removable.into_iter(), parents, text);
            }
        }
    }
}

/// Whole chaining producers inside the chain (levels 2 to 5): every hint of
/// the first producer that finds any, each elimination with the candidates
/// the hint needed switched off as parents.
fn nested_chains(engine: &mut Engine, board: &Board, save: &Board, found: &mut Vec<Elimination>) {
    let level = engine.mode.level;
    let cached = matches!(&engine.nested, Some(n) if n.board == *board);
    if !cached {
        let mut modes: Vec<Mode> = Vec::new();
        if level < 4 {
            if level >= 2 {
                modes.push(Mode::new(false, false, false, 0));
            }
            if level >= 3 {
                modes.push(Mode::new(true, false, false, 0));
            }
        } else {
            modes.push(Mode::new(true, true, false, 0));
            if level >= 5 {
                modes.push(Mode::new(true, true, false, level - 3));
            }
        }
        let mut hints = Vec::new();
        for mode in modes {
            hints = producers::all_hints(board, mode, advanced_potentials);
            if !hints.is_empty() {
                break;
            }
        }
        engine.nested = Some(Box::new(Nested {
            board: *board,
            hints,
        }));
    }
    let Some(nested) = &engine.nested else { return };
    for h in &nested.hints {
        let mut parents: Vec<u16> = Vec::new();
        for &(k, cause) in &h.needs {
            let (cell, d) = (super::engine::key_cell(k), super::engine::key_digit0(k));
            match cause {
                Cause::NakedSingle => {
                    for d2 in 0..9 {
                        if gone(board, save, cell, d2) && !parents.contains(&key(cell, d2, false)) {
                            parents.push(key(cell, d2, false));
                        }
                    }
                }
                Cause::Hidden(u) => {
                    for &c in &UNIT_CELLS[u as usize] {
                        let c = c as usize;
                        if gone(board, save, c, d) && !parents.contains(&key(c, d, false)) {
                            parents.push(key(c, d, false));
                        }
                    }
                }
                _ => {}
            }
        }
        if parents.is_empty() {
            continue;
        }
        let text = format!("nested {}", super::kind_technique(h.kind, h.mode, 0));
        for &k in &h.removable {
            found.push(Elimination {
                key: k,
                parents: parents.clone(),
                text: text.clone(),
                nested: Some((h.complexity, h.id)),
            });
        }
    }
}
