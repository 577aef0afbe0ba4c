//! Singles: the last empty cell of a unit (1.0), a hidden single in a box
//! (1.2) or a row or column (1.5), a naked single (2.3).

use super::super::candidates::Positions;
use super::super::candidates::{
    Mask, UNITS, bit, bit_count, push_cell_name, push_digit, push_unit_name,
};
use super::super::{Candidates, Step, Technique};
use super::BOX_COL_ROW;

/// Last cells first, then hidden singles; units in SE's order (boxes,
/// columns, rows), digits in increasing order.
pub fn hidden_singles(grid: &Candidates) -> Vec<Step> {
    hidden_singles_up_to(grid, grid.position_table(), usize::MAX)
}

/// [`hidden_singles`], stopping after `limit` steps.
pub(crate) fn hidden_singles_up_to(
    grid: &Candidates,
    table: &Positions,
    limit: usize,
) -> Vec<Step> {
    let mut steps = Vec::new();
    scan_hidden_singles(grid, table, |step| {
        steps.push(step);
        steps.len() < limit
    });
    steps
}

/// The first step of [`hidden_singles`], without a vector: the path asks
/// for it at every step, and most steps are one.
pub(crate) fn first_hidden_single(grid: &Candidates, table: &Positions) -> Option<Step> {
    let mut first = None;
    scan_hidden_singles(grid, table, |step| {
        first = Some(step);
        false
    });
    first
}

/// Hands each last cell, then each hidden single, to `take` until it
/// returns false.
fn scan_hidden_singles(grid: &Candidates, table: &Positions, mut take: impl FnMut(Step) -> bool) {
    for last_cell_pass in [true, false] {
        for unit in BOX_COL_ROW {
            let empty = bit_count(grid.empty_positions(unit)) as usize;
            if (empty == 1) != last_cell_pass {
                continue;
            }
            // The digits with one place in the unit, found all at once
            // (most units have none).
            let mut ones: Mask = 0;
            for (index, &positions) in table[unit].iter().enumerate() {
                let one = bit_count(positions) == 1;
                ones |= Mask::from(one) << index;
            }
            while ones != 0 {
                let digit = ones.trailing_zeros() as u8 + 1;
                ones &= ones - 1;
                let positions = table[unit][digit as usize - 1];
                let cell = UNITS[unit][positions.trailing_zeros() as usize];
                let mut text = String::with_capacity(64);
                push_cell_name(&mut text, cell);
                text.push_str(" can only be ");
                push_digit(&mut text, digit);
                let (technique, rating) = if last_cell_pass {
                    text.push_str(": it is the last empty cell of ");
                    (Technique::LastCell, 10)
                } else {
                    text.push_str(": it is the only place for ");
                    push_digit(&mut text, digit);
                    text.push_str(" in ");
                    (Technique::HiddenSingle, if unit >= 18 { 12 } else { 15 })
                };
                push_unit_name(&mut text, unit);
                let mut step = Step::new(technique, rating, text);
                step.placements = vec![(cell, digit)];
                step.cells = vec![cell];
                step.units = vec![unit];
                step.highlighted = vec![(cell, digit)];
                if !take(step) {
                    return;
                }
            }
        }
    }
}

/// Cells with one candidate left, in reading order.
pub fn naked_singles(grid: &Candidates) -> Vec<Step> {
    naked_singles_up_to(grid, usize::MAX)
}

/// [`naked_singles`], stopping after `limit` steps.
pub(crate) fn naked_singles_up_to(grid: &Candidates, limit: usize) -> Vec<Step> {
    let mut steps = Vec::new();
    for cell in 0..81 {
        let mask = grid.mask(cell);
        if grid.value(cell) == 0 && bit_count(mask) == 1 {
            let digit = mask.trailing_zeros() as u8 + 1;
            let mut text = String::with_capacity(56);
            push_cell_name(&mut text, cell);
            text.push_str(" can only be ");
            push_digit(&mut text, digit);
            text.push_str(": every other digit is ruled out");
            let mut step = Step::new(Technique::NakedSingle, 23, text);
            step.placements = vec![(cell, digit)];
            step.cells = vec![cell];
            step.highlighted = vec![(cell, digit)];
            debug_assert_eq!(mask, bit(digit));
            steps.push(step);
            if steps.len() >= limit {
                return steps;
            }
        }
    }
    steps
}
