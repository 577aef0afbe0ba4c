//! Box-line interactions: pointing (2.6) and claiming (2.8), and their
//! direct forms that leave a hidden single at once (1.7, 1.9).

use super::super::candidates::{UNITS, cell_name, unit_name};
use super::super::{Candidates, Step, Technique};

/// The crossing pairs in SE's order: (box, column), (box, row),
/// (column, box), (row, box); within each, the first unit's index, then
/// the second's.
fn crossings() -> Vec<(usize, usize)> {
    let mut pairs = Vec::new();
    let crosses = |a: usize, b: usize| UNITS[a].iter().any(|c| UNITS[b].contains(c));
    for (first, second) in [(18, 9), (18, 0), (9, 18), (0, 18)] {
        for i in 0..9 {
            for j in 0..9 {
                if crosses(first + i, second + j) {
                    pairs.push((first + i, second + j));
                }
            }
        }
    }
    pairs
}

/// A digit of `from` whose places all lie in `to` (at least two places).
fn locked(grid: &Candidates, from: usize, to: usize, digit: u8) -> bool {
    let positions = grid.positions(from, digit);
    positions.count_ones() > 1
        && (0..9).all(|i| positions & (1 << i) == 0 || UNITS[to].contains(&UNITS[from][i]))
}

fn locking_step(
    grid: &Candidates,
    from: usize,
    to: usize,
    digit: u8,
    technique: Technique,
    rating: u16,
) -> Step {
    let text = format!(
        "in {}, {digit} can only go where it meets {}, so {digit} leaves the rest of {}",
        unit_name(from),
        unit_name(to),
        unit_name(to)
    );
    let mut step = Step::new(technique, rating, text);
    for &cell in &UNITS[to] {
        if !grid.has(cell, digit) {
            continue;
        }
        if UNITS[from].contains(&cell) {
            step.cells.push(cell);
            step.highlighted.push((cell, digit));
        } else {
            step.eliminations.push((cell, digit));
        }
    }
    step.units = vec![from, to];
    step
}

/// Pointing (a box's digit confined to a line) and claiming (a line's
/// digit confined to a box).
pub fn pointing_claiming(grid: &Candidates) -> Vec<Step> {
    pointing_claiming_up_to(grid, usize::MAX)
}

/// [`pointing_claiming`], stopping after `limit` steps.
pub(crate) fn pointing_claiming_up_to(grid: &Candidates, limit: usize) -> Vec<Step> {
    let mut steps = Vec::new();
    for (from, to) in crossings() {
        for digit in 1..=9u8 {
            if locked(grid, from, to, digit) {
                let (technique, rating) = if from >= 18 {
                    (Technique::Pointing, 26)
                } else {
                    (Technique::Claiming, 28)
                };
                let step = locking_step(grid, from, to, digit, technique, rating);
                if !step.eliminations.is_empty() {
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

/// Pointing or claiming whose eliminations leave the digit one place in
/// another unit of the first kind crossing the same unit: that place gets
/// the digit at once.
pub fn direct_pointing(grid: &Candidates) -> Vec<Step> {
    direct_pointing_up_to(grid, usize::MAX)
}

/// [`direct_pointing`], stopping after `limit` steps.
pub(crate) fn direct_pointing_up_to(grid: &Candidates, limit: usize) -> Vec<Step> {
    let mut steps = Vec::new();
    for (from, to) in crossings() {
        for digit in 1..=9u8 {
            if !locked(grid, from, to, digit) {
                continue;
            }
            let kind_start = from / 9 * 9;
            for other in kind_start..kind_start + 9 {
                if other == from || !UNITS[other].iter().any(|c| UNITS[to].contains(c)) {
                    continue;
                }
                let positions = grid.positions(other, digit);
                if positions.count_ones() <= 1 {
                    continue;
                }
                let outside: Vec<usize> = (0..9)
                    .filter(|&i| positions & (1 << i) != 0)
                    .map(|i| UNITS[other][i])
                    .filter(|c| !UNITS[to].contains(c))
                    .collect();
                if outside.len() != 1 {
                    continue;
                }
                let (technique, rating) = if from >= 18 {
                    (Technique::DirectPointing, 17)
                } else {
                    (Technique::DirectClaiming, 19)
                };
                let mut step = locking_step(grid, from, to, digit, technique, rating);
                if step.eliminations.is_empty() {
                    continue;
                }
                let cell = outside[0];
                step.text = format!(
                    "{}; then {} is the only place for {digit} in {}",
                    step.text,
                    cell_name(cell),
                    unit_name(other)
                );
                step.placements.push((cell, digit));
                // As SE applies a direct step: the placement alone (the
                // digit stays in the pointing unit's other cells).
                let ruled_out = std::mem::take(&mut step.eliminations);
                step.highlighted.extend(ruled_out);
                step.units.push(other);
                steps.push(step);
                if steps.len() >= limit {
                    return steps;
                }
            }
        }
    }
    steps
}
