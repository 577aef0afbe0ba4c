//! The lower techniques a dynamic (+) or nested chain applies inside itself
//! when plain implications run dry (SE's `getAdvancedPotentials`): box-line
//! locking, hidden pair, naked pair and X-Wing at level 1; from level 2 on,
//! whole chaining producers as well. Each eliminates candidates as "off"
//! potentials whose parents are the candidates the chain had switched off
//! and the technique needed gone (SE's `getRuleParents`).

use super::engine::{Advanced, Board, Cause, Engine, Mode, Run, UNIT_CELLS, key};
use super::producers;

/// The last grid the nested producers ran on and the hints they found
/// there (SE's `lastGrid`/`lastHints` cache).
pub(crate) struct Nested {
    board: Board,
    hints: Vec<producers::InnerHint>,
}

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

fn unit_name(u: usize) -> String {
    match u {
        0..=8 => format!("row {}", u + 1),
        9..=17 => format!("column {}", u - 8),
        _ => format!("box {}", u - 17),
    }
}

fn positions(board: &Board, u: usize, d: usize) -> u16 {
    let mut set = 0;
    for (i, &c) in UNIT_CELLS[u].iter().enumerate() {
        if board.cands[c as usize] & (1 << d) != 0 {
            set |= 1 << i;
        }
    }
    set
}

fn in_unit(u: usize, cell: usize) -> bool {
    UNIT_CELLS[u].iter().any(|&c| c as usize == cell)
}

/// Adds the eliminations of the first lower technique that finds any to the
/// run as "off" potentials and queues them.
pub(crate) fn advanced_potentials(engine: &mut Engine, run: &mut Run) {
    let mut found: Vec<Elimination> = Vec::new();
    let board = engine.board;
    let save = engine.save;
    locking(&board, &save, &mut found);
    if found.is_empty() {
        hidden_pairs(&board, &save, &mut found);
    }
    if found.is_empty() {
        naked_pairs(&board, &save, &mut found);
    }
    if found.is_empty() {
        x_wings(&board, &save, &mut found);
    }
    if found.is_empty() && engine.mode.level >= 2 {
        nested_chains(engine, &board, &save, &mut found);
    }
    for e in found {
        if run.contains(e.key) {
            continue;
        }
        let parents: Vec<u32> = e
            .parents
            .iter()
            .map(|&k| run.get(k))
            .filter(|&n| n != super::engine::NONE)
            .collect();
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

/// Candidates of `d` switched off in `cell` since the run began, as "off" keys.
fn gone(board: &Board, save: &Board, cell: usize, d: usize) -> bool {
    save.cands[cell] & (1 << d) != 0 && board.cands[cell] & (1 << d) == 0
}

fn push(
    found: &mut Vec<Elimination>,
    removable: &[(usize, usize)],
    parents: Vec<u16>,
    text: String,
) {
    for &(cell, d) in removable {
        found.push(Elimination {
            key: key(cell, d, false),
            parents: parents.clone(),
            text: text.clone(),
            nested: None,
        });
    }
}

/// Pointing and claiming (SE's `Locking(false)`).
fn locking(board: &Board, save: &Board, found: &mut Vec<Elimination>) {
    for (t1, t2) in [(BOX, COL), (BOX, ROW), (COL, BOX), (ROW, BOX)] {
        for i1 in 0..9 {
            for i2 in 0..9 {
                let (u1, u2) = (t1 + i1, t2 + i2);
                if !UNIT_CELLS[u1].iter().any(|&c| in_unit(u2, c as usize)) {
                    continue;
                }
                for d in 0..9 {
                    let pos = positions(board, u1, d);
                    if pos.count_ones() <= 1 {
                        continue;
                    }
                    let inside = (0..9)
                        .filter(|i| pos & (1 << i) != 0)
                        .all(|i| in_unit(u2, UNIT_CELLS[u1][i] as usize));
                    if !inside {
                        continue;
                    }
                    let removable: Vec<(usize, usize)> = UNIT_CELLS[u2]
                        .iter()
                        .map(|&c| c as usize)
                        .filter(|&c| !in_unit(u1, c) && board.cands[c] & (1 << d) != 0)
                        .map(|c| (c, d))
                        .collect();
                    if removable.is_empty() {
                        continue;
                    }
                    let parents: Vec<u16> = UNIT_CELLS[u1]
                        .iter()
                        .map(|&c| c as usize)
                        .filter(|&c| gone(board, save, c, d) && !in_unit(u2, c))
                        .map(|c| key(c, d, false))
                        .collect();
                    if parents.is_empty() {
                        continue;
                    }
                    let name = if t1 == BOX { "pointing" } else { "claiming" };
                    let text = format!(
                        "{name}: {} in {} lies in {}",
                        d + 1,
                        unit_name(u1),
                        unit_name(u2)
                    );
                    push(found, &removable, parents, text);
                }
            }
        }
    }
}

/// Hidden pairs (SE's `HiddenSet(2, false)`).
fn hidden_pairs(board: &Board, save: &Board, found: &mut Vec<Elimination>) {
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
                let (pa, pb) = (positions(board, u, a), positions(board, u, b));
                if pa.count_ones() <= 1 || pb.count_ones() <= 1 || (pa | pb).count_ones() != 2 {
                    continue;
                }
                let both = pa | pb;
                let pair = (1u16 << a) | (1 << b);
                let mut removable = Vec::new();
                for p in 0..9 {
                    if both & (1 << p) != 0 {
                        let c = UNIT_CELLS[u][p] as usize;
                        let mut m = board.cands[c] & !pair;
                        while m != 0 {
                            removable.push((c, m.trailing_zeros() as usize));
                            m &= m - 1;
                        }
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
                push(found, &removable, parents, text);
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
                        let mut m = board.cands[c] & pair;
                        while m != 0 {
                            removable.push((c, m.trailing_zeros() as usize));
                            m &= m - 1;
                        }
                    }
                }
                if removable.is_empty() {
                    continue;
                }
                let mut parents = Vec::new();
                for c in [ca, cb] {
                    let mut m = save.cands[c] & !pair;
                    while m != 0 {
                        parents.push(key(c, m.trailing_zeros() as usize, false));
                        m &= m - 1;
                    }
                }
                if parents.is_empty() {
                    continue;
                }
                let digits: Vec<String> = (0..9)
                    .filter(|d| pair & (1 << d) != 0)
                    .map(|d| (d + 1).to_string())
                    .collect();
                let text = format!("naked pair {} in {}", digits.join(","), unit_name(u));
                push(found, &removable, parents, text);
            }
        }
    }
}

/// X-Wings (SE's `Fisherman(2)`): base lines of one kind, covers of the other.
fn x_wings(board: &Board, save: &Board, found: &mut Vec<Elimination>) {
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
                let (pa, pb) = (positions(board, base + a, d), positions(board, base + b, d));
                if pa.count_ones() <= 1 || pb.count_ones() <= 1 || (pa | pb).count_ones() != 2 {
                    continue;
                }
                let covers = pa | pb;
                let bases = (1u16 << a) | (1 << b);
                let mut removable = Vec::new();
                for j in 0..9 {
                    if covers & (1 << j) != 0 {
                        let pos = positions(board, cover + j, d) & !bases;
                        for i in 0..9 {
                            if pos & (1 << i) != 0 {
                                removable.push((UNIT_CELLS[cover + j][i] as usize, d));
                            }
                        }
                    }
                }
                if removable.is_empty() {
                    continue;
                }
                let mut parents = Vec::new();
                for line in [a, b] {
                    for (i, &c) in UNIT_CELLS[base + line].iter().enumerate() {
                        if gone(board, save, c as usize, d) && covers & (1 << i) == 0 {
                            parents.push(key(c as usize, d, false));
                        }
                    }
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
                push(found, &removable, parents, text);
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
                modes.push(Mode {
                    multiple: false,
                    dynamic: false,
                    nishio: false,
                    level: 0,
                });
            }
            if level >= 3 {
                modes.push(Mode {
                    multiple: true,
                    dynamic: false,
                    nishio: false,
                    level: 0,
                });
            }
        } else {
            modes.push(Mode {
                multiple: true,
                dynamic: true,
                nishio: false,
                level: 0,
            });
            if level >= 5 {
                modes.push(Mode {
                    multiple: true,
                    dynamic: true,
                    nishio: false,
                    level: level - 3,
                });
            }
        }
        let mut hints = Vec::new();
        for mode in modes {
            hints = producers::all_hints(board, mode);
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
