//! Basic fish: X-Wing (3.2), Swordfish (3.8), Jellyfish (5.2). A digit
//! whose places in `n` columns (or rows) all lie in `n` rows (columns)
//! leaves the rest of those rows (columns).

use super::super::candidates::{Positions, UNITS, UnitName, bit_count, comma_list};
use super::super::{Candidates, Step, Technique};
use super::combinations;

pub(crate) fn fish(
    grid: &Candidates,
    table: &Positions,
    degree: u32,
    technique: Technique,
    rating: u16,
    limit: usize,
) -> Vec<Step> {
    let mut steps = Vec::new();
    let mut placed = [0usize; 10];
    for cell in 0..81 {
        placed[grid.value(cell) as usize] += 1;
    }
    // SE's order: base columns (cover rows) first, then base rows; for
    // each set of base lines, the digits in increasing order.
    for (base_start, cover_start) in [(9, 0), (0, 9)] {
        for combo in combinations(degree) {
            for digit in 1..=9u8 {
                if placed[digit as usize] + 2 * degree as usize > 9 {
                    continue;
                }
                let mut cover = 0u16;
                let mut ok = true;
                let mut rest = combo;
                while rest != 0 {
                    let base = base_start + rest.trailing_zeros() as usize;
                    rest &= rest - 1;
                    let positions = table[base][digit as usize - 1];
                    if bit_count(positions) <= 1 {
                        ok = false;
                        break;
                    }
                    cover |= positions;
                }
                if !ok || bit_count(cover) != degree {
                    continue;
                }
                // Only a fish that eliminates something is a step.
                let eliminates = (0..9).any(|j| {
                    cover & (1 << j) != 0
                        && table[cover_start + j][digit as usize - 1] & !combo != 0
                });
                if !eliminates {
                    continue;
                }
                let bases: Vec<usize> = (0..9)
                    .filter(|i| combo & (1 << i) != 0)
                    .map(|i| base_start + i)
                    .collect();
                let covers: Vec<usize> = (0..9)
                    .filter(|i| cover & (1 << i) != 0)
                    .map(|i| cover_start + i)
                    .collect();
                let names = |units: &[usize]| comma_list(units.iter().map(|&u| UnitName(u)));
                let text = format!(
                    "in {}, {digit} can only go in {}, so {digit} leaves the rest of those lines",
                    names(&bases),
                    names(&covers)
                );
                let mut step = Step::new(technique, rating, text);
                for &unit in &covers {
                    for (i, &cell) in UNITS[unit].iter().enumerate() {
                        if !grid.has(cell, digit) {
                            continue;
                        }
                        if combo & (1 << i) != 0 {
                            step.cells.push(cell);
                            step.highlighted.push((cell, digit));
                        } else {
                            step.eliminations.push((cell, digit));
                        }
                    }
                }
                if step.eliminations.is_empty() {
                    continue;
                }
                step.cells.sort_unstable();
                step.highlighted.sort_unstable();
                step.eliminations.sort_unstable();
                step.units = bases.iter().chain(&covers).copied().collect();
                steps.push(step);
                if steps.len() >= limit {
                    return steps;
                }
            }
        }
    }
    steps
}

/// X-Wings (3.2).
pub fn x_wings(grid: &Candidates) -> Vec<Step> {
    fish(
        grid,
        grid.position_table(),
        2,
        Technique::XWing,
        32,
        usize::MAX,
    )
}

/// Swordfish (3.8).
pub fn swordfish(grid: &Candidates) -> Vec<Step> {
    fish(
        grid,
        grid.position_table(),
        3,
        Technique::Swordfish,
        38,
        usize::MAX,
    )
}

/// Jellyfish (5.2).
pub fn jellyfish(grid: &Candidates) -> Vec<Step> {
    fish(
        grid,
        grid.position_table(),
        4,
        Technique::Jellyfish,
        52,
        usize::MAX,
    )
}
