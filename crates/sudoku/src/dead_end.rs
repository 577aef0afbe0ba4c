//! Where an unsolvable puzzle fails, when propagation alone shows it:
//! [`dead_end`] places naked and hidden singles until a cell is left
//! without a candidate or a value without a place in a unit.

use std::fmt;

use crate::error::Unit;
use crate::puzzle::{Sudoku, symbol};

/// Where propagation left a puzzle without a way on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DeadEnd {
    /// An empty cell whose row, column and box hold every value.
    Cell {
        /// 1-based row.
        row: usize,
        /// 1-based column.
        col: usize,
    },
    /// A value missing from a unit that none of its empty cells can take.
    Place {
        /// The row, column or box.
        unit: Unit,
        /// 1-based index of the unit (boxes in reading order).
        index: usize,
        /// The value.
        value: u8,
    },
}

impl fmt::Display for DeadEnd {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            DeadEnd::Cell { row, col } => write!(f, "r{row}c{col} has no candidate left"),
            DeadEnd::Place { unit, index, value } => {
                write!(f, "no place for {} in {unit} {index}", symbol(value))
            }
        }
    }
}

/// Where `puzzle` fails after propagation (naked and hidden singles placed
/// until none is left): the first cell left without a candidate or value
/// without a place, in reading order of the pass that finds it; `None`
/// when propagation finds no contradiction (an unsolvable puzzle then
/// needs search to show it). Cheap: a few passes over the grid.
pub fn dead_end(puzzle: &Sudoku) -> Option<DeadEnd> {
    let side = puzzle.side();
    let box_size = puzzle.box_size();
    let mut values = puzzle.values().to_vec();
    // The values each row, column and box holds (bit `v - 1` for value `v`).
    let mut held = [vec![0u32; side], vec![0u32; side], vec![0u32; side]];
    let units_of = |cell: usize| {
        let (row, col) = (cell / side, cell % side);
        [row, col, row / box_size * box_size + col / box_size]
    };
    let place = |held: &mut [Vec<u32>; 3], cell: usize, bits: u32| {
        for (kind, index) in units_of(cell).into_iter().enumerate() {
            held[kind][index] |= bits;
        }
    };
    let seen = |held: &[Vec<u32>; 3], cell: usize| {
        let [row, col, block] = units_of(cell);
        held[0][row] | held[1][col] | held[2][block]
    };
    for (cell, &value) in values.iter().enumerate() {
        if value != 0 {
            place(&mut held, cell, 1 << (value - 1));
        }
    }
    let full = (1u32 << side) - 1;
    // The cells of unit `index` of each kind, in reading order.
    let unit_cells = |unit: Unit, index: usize, k: usize| match unit {
        Unit::Row => index * side + k,
        Unit::Column => k * side + index,
        Unit::Box => {
            let (top, left) = (index / box_size * box_size, index % box_size * box_size);
            (top + k / box_size) * side + left + k % box_size
        }
    };
    loop {
        let mut placed = false;
        for (cell, value) in values.iter_mut().enumerate() {
            if *value != 0 {
                continue;
            }
            let candidates = full & !seen(&held, cell);
            if candidates == 0 {
                return Some(DeadEnd::Cell {
                    row: cell / side + 1,
                    col: cell % side + 1,
                });
            }
            if candidates & (candidates - 1) == 0 {
                *value = candidates.trailing_zeros() as u8 + 1;
                place(&mut held, cell, candidates);
                placed = true;
            }
        }
        for (kind, unit) in [Unit::Row, Unit::Column, Unit::Box].into_iter().enumerate() {
            for index in 0..side {
                for value in 1..=side as u8 {
                    let bit = 1u32 << (value - 1);
                    if held[kind][index] & bit != 0 {
                        continue;
                    }
                    let mut places = (0..side)
                        .map(|k| unit_cells(unit, index, k))
                        .filter(|&cell| values[cell] == 0 && seen(&held, cell) & bit == 0);
                    let Some(first) = places.next() else {
                        return Some(DeadEnd::Place {
                            unit,
                            index: index + 1,
                            value,
                        });
                    };
                    if places.next().is_none() {
                        values[first] = value;
                        place(&mut held, first, bit);
                        placed = true;
                    }
                }
            }
        }
        if !placed {
            return None;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cell_without_candidates_and_a_value_without_a_place_are_named() {
        // Row 1 needs a 9 in its last cell, which column 9 already holds.
        let line = format!("12345678.........9{}", ".".repeat(63));
        let puzzle = Sudoku::from_line(&line).unwrap();
        assert_eq!(dead_end(&puzzle), Some(DeadEnd::Cell { row: 1, col: 9 }));
        assert_eq!(
            dead_end(&puzzle).unwrap().to_string(),
            "r1c9 has no candidate left"
        );
        // 1 is barred from every cell of row 3: by columns 1-2 and boxes 2
        // and 3 (each holding a 1 outside the row), and r3c3 holds a 2.
        let mut cells = vec![b'.'; 81];
        cells[5] = b'1'; // r1c6
        cells[9 + 7] = b'1'; // r2c8
        cells[4 * 9] = b'1'; // r5c1
        cells[7 * 9 + 1] = b'1'; // r8c2
        cells[2 * 9 + 2] = b'2'; // r3c3
        let puzzle = Sudoku::from_line(std::str::from_utf8(&cells).unwrap()).unwrap();
        let found = dead_end(&puzzle).unwrap();
        assert_eq!(found.to_string(), "no place for 1 in row 3");
        let solvable = Sudoku::from_line(&".".repeat(81)).unwrap();
        assert_eq!(dead_end(&solvable), None);
    }
}
