//! Aligned pair exclusion (6.2) and aligned triplet exclusion (7.5): try
//! every combination of digits in two (three) cells; a combination is
//! impossible when two cells that see each other take the same digit, or
//! when it empties a cell that sees them all (an "excluder" with two
//! (two or three) candidates). A digit no possible combination uses goes.
//!
//! The path calls these at every step that gets this far, so the sets of
//! cells are bit sets and the search over combinations stops as soon as
//! every digit of every cell is known to be usable (nothing to eliminate).

use super::super::candidates::{CellName, Mask, PEERS, comma_list, digits, sees};
use super::super::{Candidates, Step, Technique};

/// A set of cells: bit `c` for cell `c`.
type CellSet = u128;

/// The cells of a set, in increasing order.
fn cells_of(mut set: CellSet) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (set != 0).then(|| {
            let cell = set.trailing_zeros() as usize;
            set &= set - 1;
            cell
        })
    })
}

pub(crate) fn aligned(grid: &Candidates, degree: usize, limit: usize) -> Vec<Step> {
    // The cells SE considers (in reading order), each with its excluders.
    let mut considered: Vec<usize> = Vec::with_capacity(81);
    let mut considered_set: CellSet = 0;
    let mut excluders = [0 as CellSet; 81];
    for cell in 0..81 {
        if grid.mask(cell).count_ones() < 2 {
            continue;
        }
        let mut naked_single = false;
        for &peer in &PEERS[cell] {
            let n = grid.mask(peer).count_ones() as usize;
            if n == 1 {
                naked_single = true;
            } else if (2..=degree).contains(&n) {
                excluders[cell] |= 1 << peer;
            }
        }
        if !naked_single && excluders[cell] != 0 {
            considered.push(cell);
            considered_set |= 1 << cell;
        }
    }
    let mut steps = Vec::new();
    if considered.len() < degree {
        return steps;
    }
    for (i, &c0) in considered.iter().enumerate() {
        for &c1 in &considered[i + 1..] {
            let shared = excluders[c0] & excluders[c1];
            // Every set needs two excluders that see all its cells.
            if shared.count_ones() < 2 {
                continue;
            }
            if degree == 2 {
                if let Some(step) = exclusion(grid, &[c0, c1], shared) {
                    steps.push(step);
                }
            } else {
                // The third cell: an excluder of the first, then of the
                // second, in their orders (SE's), each once.
                let pair: CellSet = (1 << c0) | (1 << c1);
                let first = excluders[c0] & considered_set & !pair;
                let second = excluders[c1] & considered_set & !pair & !first;
                for tail in cells_of(first).chain(cells_of(second)) {
                    let common = shared & excluders[tail];
                    if common.count_ones() < 2 {
                        continue;
                    }
                    if let Some(step) = exclusion(grid, &[c0, c1, tail], common) {
                        steps.push(step);
                        if steps.len() >= limit {
                            return steps;
                        }
                    }
                }
            }
            if steps.len() >= limit {
                return steps;
            }
        }
    }
    steps
}

/// The bits of a mask, lowest first.
fn bits(mut mask: Mask) -> impl Iterator<Item = Mask> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let low = mask & mask.wrapping_neg();
            mask &= mask - 1;
            low
        })
    })
}

/// The digits of each of `cells` (two or three) that some possible
/// combination uses, given the excluders `common`. The last cell's digits
/// are found as a set for each choice in the others, not one by one.
fn usable(grid: &Candidates, cells: &[usize], common: CellSet) -> [Mask; 3] {
    let n = cells.len();
    let mut masks = [0 as Mask; 3];
    for (i, &cell) in cells.iter().enumerate() {
        masks[i] = grid.mask(cell);
    }
    let mut excluder_masks = [0 as Mask; 20];
    let mut excluder_count = 0;
    for e in cells_of(common) {
        excluder_masks[excluder_count] = grid.mask(e);
        excluder_count += 1;
    }
    let excluder_masks = &excluder_masks[..excluder_count];
    let last = n - 1;
    let sees_last = [sees(cells[0], cells[last]), sees(cells[1], cells[last])];
    let see01 = n == 3 && sees(cells[0], cells[1]);
    let mut used = [0 as Mask; 3];
    for b0 in bits(masks[0]) {
        // With n = 2 the middle loop runs once, with nothing chosen.
        let middle = if n == 3 { masks[1] } else { 1 << 15 };
        for b1 in bits(middle) {
            let b1 = if n == 3 { b1 } else { 0 };
            if b0 == b1 && see01 {
                continue;
            }
            // The last cell's digits this choice allows: not a digit of a
            // peer among the chosen, nor the last one an excluder has left.
            let taken = b0 | b1;
            let mut last_digits = masks[last];
            if sees_last[0] {
                last_digits &= !b0;
            }
            if n == 3 && sees_last[1] {
                last_digits &= !b1;
            }
            for &e in excluder_masks {
                let rest = e & !taken;
                if rest == 0 {
                    last_digits = 0;
                } else if rest & (rest - 1) == 0 {
                    last_digits &= !rest;
                }
            }
            if last_digits == 0 {
                continue;
            }
            used[0] |= b0;
            used[1] |= b1;
            used[last] |= last_digits;
            if (0..n).all(|i| used[i] == masks[i]) {
                return used;
            }
        }
    }
    used
}

fn exclusion(grid: &Candidates, cells: &[usize], common: CellSet) -> Option<Step> {
    let used = usable(grid, cells, common);
    if cells
        .iter()
        .enumerate()
        .all(|(i, &cell)| grid.mask(cell) & !used[i] == 0)
    {
        return None;
    }
    let (technique, rating, name) = if cells.len() == 2 {
        (Technique::AlignedPairExclusion, 62, "pair")
    } else {
        (Technique::AlignedTripletExclusion, 75, "triplet")
    };
    let mut step = Step::new(
        technique,
        rating,
        format!(
            "every way of filling {} that leaves {} a candidate uses none of the removed digits (aligned {name} exclusion)",
            comma_list(cells.iter().map(|&cell| CellName(cell))),
            comma_list(cells_of(common).map(CellName)),
        ),
    );
    for (i, &cell) in cells.iter().enumerate() {
        step.eliminations
            .extend(digits(grid.mask(cell) & !used[i]).map(|d| (cell, d)));
    }
    step.cells = cells.to_vec();
    step.cells.extend(cells_of(common));
    Some(step)
}

/// Aligned pair exclusion (6.2).
pub fn aligned_pair_exclusion(grid: &Candidates) -> Vec<Step> {
    aligned(grid, 2, usize::MAX)
}

/// Aligned triplet exclusion (7.5).
pub fn aligned_triplet_exclusion(grid: &Candidates) -> Vec<Step> {
    aligned(grid, 3, usize::MAX)
}
