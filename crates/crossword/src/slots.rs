//! The slot model: every entry of a grid (a maximal run of two or more
//! white cells, across then down), numbered as American crosswords are, and
//! the crossings between them.

use std::fmt;

use crate::puzzle::{Cell, Grid};

/// Across or down.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Direction {
    /// Left to right.
    Across,
    /// Top to bottom.
    Down,
}

impl Direction {
    /// `across` or `down`.
    pub fn name(self) -> &'static str {
        match self {
            Direction::Across => "across",
            Direction::Down => "down",
        }
    }

    /// `A` or `D`, as in the revision table's slot names (`1A`, `2D`).
    pub fn letter(self) -> char {
        match self {
            Direction::Across => 'A',
            Direction::Down => 'D',
        }
    }
}

/// One entry of the grid.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Slot {
    /// The clue number of its first cell.
    pub number: u32,
    /// Across or down.
    pub direction: Direction,
    /// Row of its first cell (0-based).
    pub row: usize,
    /// Column of its first cell (0-based).
    pub col: usize,
    /// Its cells, row-major indices, in reading order.
    pub cells: Vec<usize>,
}

impl Slot {
    /// Number of letters.
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// Always false: an entry has at least two cells.
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// The revision table's name of the slot: number and `A` or `D` (`1A`, `2D`).
    pub fn name(&self) -> String {
        format!("{}{}", self.number, self.direction.letter())
    }
}

impl fmt::Display for Slot {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} {} (row {}, column {}, {} letters)",
            self.number,
            self.direction.name(),
            self.row + 1,
            self.col + 1,
            self.len()
        )
    }
}

/// Two slots sharing a cell.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Crossing {
    /// The across slot (index into [`Slots::slots`]) and the position of
    /// the shared cell in it.
    pub across: (usize, usize),
    /// The down slot and the position of the shared cell in it.
    pub down: (usize, usize),
    /// The shared cell (row-major index).
    pub cell: usize,
}

/// Every entry of a grid and their crossings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Slots {
    /// Across entries in reading order, then down entries in reading order.
    pub slots: Vec<Slot>,
    /// Crossings, across slot by across slot, each in reading order of its cells.
    pub crossings: Vec<Crossing>,
    /// Clue number of each cell that starts an entry (0 elsewhere), row-major.
    pub numbers: Vec<u32>,
}

impl Slots {
    /// The entries of `grid`.
    pub fn new(grid: &Grid) -> Slots {
        let (rows, cols) = (grid.rows(), grid.cols());
        let white = |r: usize, c: usize| grid.cell(r, c).is_white();
        let mut numbers = vec![0u32; rows * cols];
        let mut across = Vec::new();
        let mut down = Vec::new();
        let mut next = 1;
        for r in 0..rows {
            for c in 0..cols {
                if !white(r, c) {
                    continue;
                }
                let starts_across = (c == 0 || !white(r, c - 1)) && c + 1 < cols && white(r, c + 1);
                let starts_down = (r == 0 || !white(r - 1, c)) && r + 1 < rows && white(r + 1, c);
                if !(starts_across || starts_down) {
                    continue;
                }
                numbers[r * cols + c] = next;
                let slot = |direction, cells| Slot {
                    number: next,
                    direction,
                    row: r,
                    col: c,
                    cells,
                };
                if starts_across {
                    let cells = (c..cols).take_while(|&k| white(r, k)).map(|k| r * cols + k);
                    across.push(slot(Direction::Across, cells.collect()));
                }
                if starts_down {
                    let cells = (r..rows).take_while(|&k| white(k, c)).map(|k| k * cols + c);
                    down.push(slot(Direction::Down, cells.collect()));
                }
                next += 1;
            }
        }
        let num_across = across.len();
        let mut slots = across;
        slots.extend(down);
        let mut down_at = vec![None; rows * cols];
        for (index, slot) in slots.iter().enumerate().skip(num_across) {
            for (position, &cell) in slot.cells.iter().enumerate() {
                down_at[cell] = Some((index, position));
            }
        }
        let mut crossings = Vec::new();
        for (index, slot) in slots.iter().enumerate().take(num_across) {
            for (position, &cell) in slot.cells.iter().enumerate() {
                if let Some(down) = down_at[cell] {
                    crossings.push(Crossing {
                        across: (index, position),
                        down,
                        cell,
                    });
                }
            }
        }
        Slots {
            slots,
            crossings,
            numbers,
        }
    }

    /// Number of entries.
    pub fn len(&self) -> usize {
        self.slots.len()
    }

    /// Whether the grid has no entry at all.
    pub fn is_empty(&self) -> bool {
        self.slots.is_empty()
    }

    /// The letters of `slot` already given in `grid` (`None` where open).
    pub fn pattern(&self, grid: &Grid, slot: usize) -> Vec<Option<u8>> {
        self.slots[slot]
            .cells
            .iter()
            .map(|&cell| match grid.cells()[cell] {
                Cell::Letter(letter) => Some(letter),
                _ => None,
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sample_grid_has_the_tables_slots_and_crossings() {
        let grid: Grid = ".....\n##.#.\n#....\n.#...\n.....\n.##.#\n"
            .parse()
            .unwrap();
        let slots = Slots::new(&grid);
        let names: Vec<String> = slots.slots.iter().map(Slot::name).collect();
        assert_eq!(names, ["1A", "4A", "7A", "8A", "2D", "3D", "5D", "6D"]);
        let lengths: Vec<usize> = slots.slots.iter().map(Slot::len).collect();
        assert_eq!(lengths, [5, 4, 3, 5, 5, 5, 4, 3]);
        assert_eq!(slots.crossings.len(), 12);
        // The revision table's constraint list, in its order: (1A, 2D, 3, 1), ...
        let table = [
            ("1A", "2D", 3, 1),
            ("1A", "3D", 5, 1),
            ("4A", "2D", 2, 3),
            ("4A", "5D", 3, 1),
            ("4A", "3D", 4, 3),
            ("7A", "2D", 1, 4),
            ("7A", "5D", 2, 2),
            ("7A", "3D", 3, 4),
            ("8A", "6D", 1, 2),
            ("8A", "2D", 3, 5),
            ("8A", "5D", 4, 3),
            ("8A", "3D", 5, 5),
        ];
        for (crossing, (a, d, i, j)) in slots.crossings.iter().zip(table) {
            assert_eq!(slots.slots[crossing.across.0].name(), a);
            assert_eq!(slots.slots[crossing.down.0].name(), d);
            assert_eq!((crossing.across.1 + 1, crossing.down.1 + 1), (i, j));
        }
    }

    #[test]
    fn a_grid_wider_than_tall_and_unchecked_cells() {
        let grid: Grid = "......\n.#.#.#\n".parse().unwrap();
        let slots = Slots::new(&grid);
        assert_eq!(slots.len(), 4);
        assert_eq!(slots.crossings.len(), 3);
        let grid: Grid = "#".parse().unwrap();
        assert!(Slots::new(&grid).is_empty());
    }
}
