//! Aligned pair exclusion (6.2) and aligned triplet exclusion (7.5): try
//! every combination of digits in two (three) cells; a combination is
//! impossible when two cells that see each other take the same digit, or
//! when it empties a cell that sees them all (an "excluder" with two
//! (two or three) candidates). A digit no possible combination uses goes.

use super::super::candidates::{Mask, PEERS, cell_name, digits, sees};
use super::super::{Candidates, Step, Technique};

pub(crate) fn aligned(grid: &Candidates, degree: usize, limit: usize) -> Vec<Step> {
    // The cells SE considers, with their excluders, in reading order.
    let mut candidates: Vec<usize> = Vec::new();
    let mut excluders: Vec<Vec<usize>> = vec![Vec::new(); 81];
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
                excluders[cell].push(peer);
            }
        }
        if !naked_single && !excluders[cell].is_empty() {
            candidates.push(cell);
        }
    }
    if candidates.len() < degree {
        return Vec::new();
    }
    let mut steps = Vec::new();
    for (i, &c0) in candidates.iter().enumerate() {
        for &c1 in &candidates[i + 1..] {
            let tails: Vec<Option<usize>> = if degree == 2 {
                vec![None]
            } else {
                let mut area: Vec<usize> = Vec::new();
                for &e in excluders[c0].iter().chain(&excluders[c1]) {
                    if e != c0 && e != c1 && candidates.contains(&e) && !area.contains(&e) {
                        area.push(e);
                    }
                }
                area.into_iter().map(Some).collect()
            };
            for tail in tails {
                let cells: Vec<usize> = [Some(c0), Some(c1), tail].into_iter().flatten().collect();
                let common: Vec<usize> = excluders[cells[0]]
                    .iter()
                    .copied()
                    .filter(|e| cells[1..].iter().all(|&c| excluders[c].contains(e)))
                    .collect();
                if common.len() < 2 {
                    continue;
                }
                if let Some(step) = exclusion(grid, &cells, &common) {
                    steps.push(step);
                    if steps.len() >= limit {
                        return steps;
                    }
                }
            }
        }
    }
    steps
}

fn exclusion(grid: &Candidates, cells: &[usize], common: &[usize]) -> Option<Step> {
    let options: Vec<Vec<u8>> = cells
        .iter()
        .map(|&c| digits(grid.mask(c)).collect())
        .collect();
    let mut used = vec![0 as Mask; cells.len()];
    let mut combo = vec![0u8; cells.len()];
    fn walk(
        level: usize,
        cells: &[usize],
        options: &[Vec<u8>],
        common: &[usize],
        grid: &Candidates,
        combo: &mut Vec<u8>,
        used: &mut Vec<Mask>,
    ) {
        if level == cells.len() {
            let mut taken: Mask = 0;
            for &d in combo.iter() {
                taken |= 1 << (d - 1);
            }
            if common.iter().any(|&e| grid.mask(e) & !taken == 0) {
                return;
            }
            for (i, &d) in combo.iter().enumerate() {
                used[i] |= 1 << (d - 1);
            }
            return;
        }
        for &d in &options[level] {
            if (0..level).any(|j| combo[j] == d && sees(cells[j], cells[level])) {
                continue;
            }
            combo[level] = d;
            walk(level + 1, cells, options, common, grid, combo, used);
        }
    }
    walk(0, cells, &options, common, grid, &mut combo, &mut used);
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
            cells
                .iter()
                .map(|&c| cell_name(c))
                .collect::<Vec<_>>()
                .join(", "),
            common
                .iter()
                .map(|&c| cell_name(c))
                .collect::<Vec<_>>()
                .join(", ")
        ),
    );
    for (i, &cell) in cells.iter().enumerate() {
        step.eliminations
            .extend(digits(grid.mask(cell) & !used[i]).map(|d| (cell, d)));
    }
    if step.eliminations.is_empty() {
        return None;
    }
    step.cells = cells.to_vec();
    step.cells.extend(common);
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
