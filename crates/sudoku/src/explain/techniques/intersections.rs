//! Box-line interactions: pointing (2.6) and claiming (2.8), and their
//! direct forms that leave a hidden single at once (1.7, 1.9).

use super::super::candidates::{
    CellName, Positions, SHARED, UNITS, UnitName, bit_count, shared_positions,
};
use super::super::{Candidates, Step, Technique};

/// A pair of crossing units, with the positions (indexes `0..9` as a bit
/// set) of each unit's cells that lie in the other.
#[derive(Clone, Copy)]
struct Crossing {
    from: usize,
    to: usize,
    /// The positions in `to` of the cells shared with `from`.
    to_shared: u16,
    /// The two other units of `from`'s kind that cross `to`, in
    /// increasing order (where a direct pointing may leave a single).
    others: [usize; 2],
}

/// The crossing pairs in SE's order: (box, column), (box, row),
/// (column, box), (row, box); within each, the first unit's index, then
/// the second's. A table, since the path asks at every step.
static CROSSINGS: [Crossing; 108] = build_crossings();

const fn build_crossings() -> [Crossing; 108] {
    let mut pairs = [Crossing {
        from: 0,
        to: 0,
        to_shared: 0,
        others: [0; 2],
    }; 108];
    let kinds = [(18, 9), (18, 0), (9, 18), (0, 18)];
    let mut n = 0;
    let mut k = 0;
    while k < 4 {
        let (first, second) = kinds[k];
        let mut i = 0;
        while i < 9 {
            let mut j = 0;
            while j < 9 {
                let shared = shared_positions(first + i, second + j);
                if shared != 0 {
                    let mut others = [0; 2];
                    let mut found = 0;
                    let mut other = first;
                    while other < first + 9 {
                        if other != first + i && shared_positions(other, second + j) != 0 {
                            others[found] = other;
                            found += 1;
                        }
                        other += 1;
                    }
                    pairs[n] = Crossing {
                        from: first + i,
                        to: second + j,
                        to_shared: shared_positions(second + j, first + i),
                        others,
                    };
                    n += 1;
                }
                j += 1;
            }
            i += 1;
        }
        k += 1;
    }
    pairs
}

/// Every locking of the grid, in the order the producers scan them
/// (crossing by crossing, as [`CROSSINGS`], digits in increasing order):
/// bit `9 * crossing + digit - 1` is set when the digit has at least two
/// places in the crossing's first unit, all in the second. Found unit by
/// unit from the table, as walking the 972 pairs for the few lockings
/// cost more than the rest of a step.
fn lockings(table: &Positions) -> Lockings {
    let mut found = [0u64; 16];
    let mut mark = |crossing: usize, index: usize| {
        let key = 9 * crossing + index;
        found[key / 64] |= 1 << (key % 64);
    };
    for (from, places) in table.iter().enumerate() {
        for (index, &positions) in places.iter().enumerate() {
            if positions & positions.wrapping_sub(1) == 0 {
                continue;
            }
            // Positions 3k..3k+3 of a line lie in its k-th box, those of a
            // box in its k-th row; positions k, k+3, k+6 of a box in its
            // k-th column. The crossing indexes follow build_crossings:
            // (box, column), (box, row), (column, box), (row, box), each
            // by first unit, then the k-th second unit.
            let first = positions.trailing_zeros() as usize;
            let k = first / 3;
            let in_triple = positions & !(0b111 << (3 * k)) == 0;
            match from {
                0..9 if in_triple => mark(81 + 3 * from + k, index),
                9..18 if in_triple => mark(54 + 3 * (from - 9) + k, index),
                18.. => {
                    let b = from - 18;
                    let column = first % 3;
                    if positions & !(0b001_001_001 << column) == 0 {
                        mark(3 * b + column, index);
                    }
                    if in_triple {
                        mark(27 + 3 * b + k, index);
                    }
                }
                _ => {}
            }
        }
    }
    Lockings { found, word: 0 }
}

/// The lockings [`lockings`] found, in order.
struct Lockings {
    found: [u64; 16],
    word: usize,
}

impl Iterator for Lockings {
    type Item = (&'static Crossing, u8);

    fn next(&mut self) -> Option<Self::Item> {
        while self.word < 16 {
            let bits = self.found[self.word];
            if bits != 0 {
                self.found[self.word] = bits & (bits - 1);
                let key = 64 * self.word + bits.trailing_zeros() as usize;
                return Some((&CROSSINGS[key / 9], (key % 9) as u8 + 1));
            }
            self.word += 1;
        }
        None
    }
}

/// Whether `digit` is a candidate in a cell of `crossing.to` outside
/// `crossing.from`: the locking removes something.
fn removes_something(table: &Positions, crossing: &Crossing, digit: u8) -> bool {
    table[crossing.to][digit as usize - 1] & !crossing.to_shared != 0
}

/// The sentence of a plain locking.
fn locking_text(from: usize, to: usize, digit: u8) -> String {
    format!(
        "in {}, {digit} can only go where it meets {}, so {digit} leaves the rest of {}",
        UnitName(from),
        UnitName(to),
        UnitName(to)
    )
}

/// The step of a locking: the digit's places in `from` (which all lie in
/// `to`) and its eliminations from the rest of `to`; `text` says why.
fn locking_step(
    grid: &Candidates,
    from: usize,
    to: usize,
    digit: u8,
    (technique, rating): (Technique, u16),
    text: String,
) -> Step {
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
    pointing_claiming_up_to(grid, grid.position_table(), usize::MAX)
}

/// [`pointing_claiming`], stopping after `limit` steps.
pub(crate) fn pointing_claiming_up_to(
    grid: &Candidates,
    table: &Positions,
    limit: usize,
) -> Vec<Step> {
    let mut steps = Vec::new();
    for (crossing, digit) in lockings(table) {
        let (from, to) = (crossing.from, crossing.to);
        if removes_something(table, crossing, digit) {
            let (technique, rating) = if from >= 18 {
                (Technique::Pointing, 26)
            } else {
                (Technique::Claiming, 28)
            };
            let text = locking_text(from, to, digit);
            steps.push(locking_step(
                grid,
                from,
                to,
                digit,
                (technique, rating),
                text,
            ));
            if steps.len() >= limit {
                return steps;
            }
        }
    }
    steps
}

/// Pointing or claiming whose eliminations leave the digit one place in
/// another unit of the first kind crossing the same unit: that place gets
/// the digit at once.
pub fn direct_pointing(grid: &Candidates) -> Vec<Step> {
    direct_pointing_up_to(grid, grid.position_table(), usize::MAX)
}

/// [`direct_pointing`], stopping after `limit` steps.
pub(crate) fn direct_pointing_up_to(
    grid: &Candidates,
    table: &Positions,
    limit: usize,
) -> Vec<Step> {
    let mut steps = Vec::new();
    for (crossing, digit) in lockings(table) {
        let (from, to) = (crossing.from, crossing.to);
        for other in crossing.others {
            let positions = table[other][digit as usize - 1];
            if bit_count(positions) <= 1 {
                continue;
            }
            let outside = positions & !SHARED[other][to];
            if bit_count(outside) != 1 || !removes_something(table, crossing, digit) {
                continue;
            }
            let (technique, rating) = if from >= 18 {
                (Technique::DirectPointing, 17)
            } else {
                (Technique::DirectClaiming, 19)
            };
            let cell = UNITS[other][outside.trailing_zeros() as usize];
            // Said as reasoning, not as removals: the step removes
            // nothing (see below), it only places.
            let text = format!(
                "in {}, {digit} can only go where it meets {}, so {digit} cannot go elsewhere in {} and {} is the only place left for {digit} in {}",
                UnitName(from),
                UnitName(to),
                UnitName(to),
                CellName(cell),
                UnitName(other)
            );
            let mut step = locking_step(grid, from, to, digit, (technique, rating), text);
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
    steps
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::explain::path::solve_path;

    /// The lockings found unit by unit are those of the 972 crossing and
    /// digit pairs, in the same order, at every step of a few paths: of
    /// top1465's first puzzle and of a Sudoku Exchange puzzle (public
    /// domain) that SE rates 9.1, whose path goes through 27 chain steps
    /// (`fixtures/sudoku/rated/sudoku-exchange-se121.tsv`, line 787).
    #[test]
    fn lockings_are_the_crossings_walked_in_order() {
        let puzzles = [
            "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
            "..64.15..3..5.9..1....3....2.5...7.3.3..4..2.67.....58.6.9.7.8.....5......23.49..",
        ];
        for puzzle in puzzles {
            let mut grid = Candidates::parse(puzzle).unwrap();
            for step in solve_path(&grid).steps {
                let table = grid.position_table();
                let mut walked = Vec::new();
                for crossing in &CROSSINGS {
                    for digit in 1..=9u8 {
                        let positions = table[crossing.from][digit as usize - 1];
                        if positions.count_ones() > 1
                            && positions & !SHARED[crossing.from][crossing.to] == 0
                        {
                            walked.push((crossing.from, crossing.to, digit));
                        }
                    }
                }
                let found: Vec<_> = lockings(table).map(|(c, d)| (c.from, c.to, d)).collect();
                assert_eq!(found, walked);
                step.apply(&mut grid);
            }
        }
    }
}
