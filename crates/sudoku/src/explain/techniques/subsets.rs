//! Naked and hidden sets: pairs, triplets and quads (naked 3.0 / 3.6 /
//! 5.0, hidden 3.4 / 4.0 / 5.4), and the direct hidden pair and triplet
//! (2.0, 2.5) that leave a hidden single at once.

use super::super::candidates::{
    ALL_DIGITS, Mask, Positions, UNITS, bit_count, cell_name, digits, unit_name,
};
use super::super::{Candidates, Step, Technique};
use super::{BOX_COL_ROW, combinations_within};

/// The indexes `0..9` of the bits of a mask, smallest first.
fn bits(mask: Mask) -> impl Iterator<Item = usize> {
    let mut rest = mask;
    std::iter::from_fn(move || {
        (rest != 0).then(|| {
            let index = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            index
        })
    })
}

fn digit_list(mask: Mask) -> String {
    spoken_list(digits(mask).map(|d| d.to_string()).collect())
}

fn cell_list(cells: &[usize]) -> String {
    spoken_list(cells.iter().map(|&c| cell_name(c)).collect())
}

/// "1", "1 and 5", "1, 5 and 7": a list as a sentence says it.
fn spoken_list(mut items: Vec<String>) -> String {
    match items.pop() {
        Some(last) if !items.is_empty() => format!("{} and {last}", items.join(", ")),
        Some(last) => last,
        None => String::new(),
    }
}

pub(crate) fn naked(
    grid: &Candidates,
    degree: u32,
    technique: Technique,
    rating: u16,
    limit: usize,
) -> Vec<Step> {
    let mut steps = Vec::new();
    for unit in BOX_COL_ROW {
        let empty = bit_count(grid.empty_positions(unit)) as usize;
        if empty < 2 * degree as usize {
            continue;
        }
        // The unit's positions whose cell has two candidates or more.
        let mut open: Mask = 0;
        let mut masks = [0 as Mask; 9];
        for (i, &cell) in UNITS[unit].iter().enumerate() {
            masks[i] = grid.mask(cell);
            if bit_count(masks[i]) > 1 {
                open |= 1 << i;
            }
        }
        for combo in combinations_within(degree, open) {
            let union = (0..9)
                .filter(|i| combo & (1 << i) != 0)
                .fold(0, |acc, i| acc | masks[i]);
            if bit_count(union) != degree {
                continue;
            }
            // Only a set that eliminates something is a step.
            let eliminates = (0..9).any(|i| combo & (1 << i) == 0 && masks[i] & union != 0);
            if !eliminates {
                continue;
            }
            let cells: Vec<usize> = (0..9)
                .filter(|i| combo & (1 << i) != 0)
                .map(|i| UNITS[unit][i])
                .collect();
            let text = format!(
                "{} hold only {} between them, so no other cell of {} can",
                cell_list(&cells),
                digit_list(union),
                unit_name(unit)
            );
            let mut step = Step::new(technique, rating, text);
            for &cell in &UNITS[unit] {
                if cells.contains(&cell) {
                    continue;
                }
                for digit in digits(grid.mask(cell) & union) {
                    step.eliminations.push((cell, digit));
                }
            }
            for &cell in &cells {
                step.highlighted
                    .extend(digits(grid.mask(cell)).map(|d| (cell, d)));
            }
            step.cells = cells;
            step.units.push(unit);
            steps.push(step);
            if steps.len() >= limit {
                return steps;
            }
        }
    }
    steps
}

/// `direct` asks for SE's direct form: the set's eliminations must leave
/// another digit of the unit a single place, which is then filled.
pub(crate) fn hidden(
    grid: &Candidates,
    table: &Positions,
    degree: u32,
    direct: bool,
    limit: usize,
) -> Vec<Step> {
    let (technique, rating) = match (degree, direct) {
        (2, true) => (Technique::DirectHiddenPair, 20),
        (3, true) => (Technique::DirectHiddenTriplet, 25),
        (2, false) => (Technique::HiddenPair, 34),
        (3, false) => (Technique::HiddenTriplet, 40),
        _ => (Technique::HiddenQuad, 54),
    };
    let mut steps = Vec::new();
    for unit in BOX_COL_ROW {
        let empty = bit_count(grid.empty_positions(unit));
        if !(empty > 2 * degree || (direct && empty > degree)) {
            continue;
        }
        // Digits with two to `degree` places: only these can be in a set.
        let eligible: Mask = (0..9)
            .filter(|&d| (2..=degree).contains(&bit_count(table[unit][d])))
            .fold(0, |acc, d| acc | 1 << d);
        for combo in combinations_within(degree, eligible) {
            let values: Mask = combo;
            // Every eligible digit has two places or more.
            let union = bits(values).fold(0, |acc, d| acc | table[unit][d]);
            if bit_count(union) != degree {
                continue;
            }
            // Only a set that eliminates something is a step.
            let eliminates = bits(union).any(|i| grid.mask(UNITS[unit][i]) & !values != 0);
            if !eliminates {
                continue;
            }
            // A direct set needs the single it leaves: looked for before
            // the step is written, as most sets leave none.
            let single = if direct {
                let found = bits(ALL_DIGITS & !values).find_map(|index| {
                    let positions = table[unit][index];
                    let rest = positions & !union;
                    (bit_count(positions) > 1 && bit_count(rest) == 1)
                        .then(|| (UNITS[unit][rest.trailing_zeros() as usize], index as u8 + 1))
                });
                let Some(found) = found else {
                    continue;
                };
                Some(found)
            } else {
                None
            };
            let cells: Vec<usize> = bits(union).map(|i| UNITS[unit][i]).collect();
            // The text once the step is known to be one (a direct set says
            // it differently).
            let mut step = Step::new(technique, rating, String::new());
            for &cell in &cells {
                for digit in digits(grid.mask(cell) & !values) {
                    step.eliminations.push((cell, digit));
                }
                step.highlighted
                    .extend(digits(grid.mask(cell) & values).map(|d| (cell, d)));
            }
            if let Some((cell, digit)) = single {
                // Said as reasoning, not as removals: the step removes
                // nothing (see below), it only places.
                step.text = format!(
                    "in {}, {} can only go in {}, so {digit} cannot go there and {} is the only place left for {digit} in {}",
                    unit_name(unit),
                    digit_list(values),
                    cell_list(&cells),
                    cell_name(cell),
                    unit_name(unit)
                );
                step.placements.push((cell, digit));
                // SE applies a direct step by its placement alone: the set's
                // other candidates stay, for a later plain hidden set to
                // remove (that set's rating can be the puzzle's ER).
                let ruled_out = std::mem::take(&mut step.eliminations);
                step.highlighted.extend(ruled_out);
            } else if step.eliminations.is_empty() {
                continue;
            } else {
                step.text = format!(
                    "in {}, {} can only go in {}, so those cells hold nothing else",
                    unit_name(unit),
                    digit_list(values),
                    cell_list(&cells)
                );
            }
            step.cells = cells;
            step.units.push(unit);
            steps.push(step);
            if steps.len() >= limit {
                return steps;
            }
        }
    }
    steps
}

/// Naked pairs (3.0).
pub fn naked_pairs(grid: &Candidates) -> Vec<Step> {
    naked(grid, 2, Technique::NakedPair, 30, usize::MAX)
}

/// Naked triplets (3.6).
pub fn naked_triplets(grid: &Candidates) -> Vec<Step> {
    naked(grid, 3, Technique::NakedTriplet, 36, usize::MAX)
}

/// Naked quads (5.0).
pub fn naked_quads(grid: &Candidates) -> Vec<Step> {
    naked(grid, 4, Technique::NakedQuad, 50, usize::MAX)
}

/// Hidden pairs (3.4).
pub fn hidden_pairs(grid: &Candidates) -> Vec<Step> {
    hidden(grid, grid.position_table(), 2, false, usize::MAX)
}

/// Hidden triplets (4.0).
pub fn hidden_triplets(grid: &Candidates) -> Vec<Step> {
    hidden(grid, grid.position_table(), 3, false, usize::MAX)
}

/// Hidden quads (5.4).
pub fn hidden_quads(grid: &Candidates) -> Vec<Step> {
    hidden(grid, grid.position_table(), 4, false, usize::MAX)
}

/// Direct hidden pairs (2.0).
pub fn direct_hidden_pairs(grid: &Candidates) -> Vec<Step> {
    hidden(grid, grid.position_table(), 2, true, usize::MAX)
}

/// Direct hidden triplets (2.5).
pub fn direct_hidden_triplets(grid: &Candidates) -> Vec<Step> {
    hidden(grid, grid.position_table(), 3, true, usize::MAX)
}
