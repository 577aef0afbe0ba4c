//! Uniqueness: unique rectangles and loops (types 1-4, 4.5 plus 0.1 for a
//! loop of 6 cells, 0.2 for 8, 0.5 for 10 or more, type 3 plus its set's
//! size) and the bivalue universal grave (BUG, types 1-4, 5.6-5.7+). Both
//! assume the puzzle has one solution: a pattern that would allow two is
//! ruled out.

use super::super::candidates::{
    CELL_UNITS, CellName, Mask, PEERS, UNITS, bit, cell_name, comma_list, digits, sees, unit_name,
};
use super::super::{Candidates, Step, Technique};
use super::combinations;

/// SE's region order for loops: box, row, column (index into a cell's
/// `CELL_UNITS` triple).
const BOX_ROW_COL: [usize; 3] = [2, 0, 1];

fn cells_text(cells: &[usize]) -> String {
    comma_list(cells.iter().map(|&c| CellName(c)))
}

fn digits_text(mask: Mask) -> String {
    comma_list(digits(mask))
}

/// Depth-first search for loops through cells holding both digits, each
/// move changing the kind of unit, as SE's `checkForLoops` (including its
/// running set of extra digits, shared by the siblings tried at a level).
#[allow(clippy::too_many_arguments)]
fn find_loops(
    grid: &Candidates,
    cell: usize,
    pair: Mask,
    path: &mut Vec<usize>,
    allowed_extra: i32,
    extra: Mask,
    last_kind: Option<usize>,
    loops: &mut Vec<Vec<usize>>,
) {
    path.push(cell);
    let mut extra = extra;
    for kind in BOX_ROW_COL {
        if Some(kind) == last_kind {
            continue;
        }
        for &next in &UNITS[CELL_UNITS[cell][kind]] {
            if next == path[0] && path.len() >= 4 {
                loops.push(path.clone());
            } else if !path.contains(&next) {
                let mask = grid.mask(next);
                if mask & pair == pair {
                    extra |= mask & !pair;
                    let more = mask.count_ones() > 2;
                    if !more || extra.count_ones() == 1 || allowed_extra > 0 {
                        find_loops(
                            grid,
                            next,
                            pair,
                            path,
                            allowed_extra - i32::from(more),
                            extra,
                            Some(kind),
                            loops,
                        );
                    }
                }
            }
        }
    }
    path.pop();
}

/// SE's test: along the loop, the units of the cells at even positions and
/// those at odd positions are each met once, and are the same units.
fn is_valid_loop(path: &[usize]) -> bool {
    let mut seen = [[false; 27]; 2];
    for (i, &cell) in path.iter().enumerate() {
        for &unit in &CELL_UNITS[cell] {
            if seen[i % 2][unit] {
                return false;
            }
            seen[i % 2][unit] = true;
        }
    }
    seen[0] == seen[1]
}

struct Found {
    step: Step,
    kind: u8,
    /// What SE's `equals` compares, to drop the same hint found again.
    identity: (u8, Vec<usize>, Vec<usize>),
}

fn loop_rating(len: usize) -> u16 {
    45 + if len >= 10 { 3 } else { 0 }
        + if len >= 8 {
            2
        } else if len >= 6 {
            1
        } else {
            0
        }
}

fn loop_step(path: &[usize], kind: u8, extra_rating: u16, text: String, pair: Mask) -> Step {
    let technique = Technique::UniqueRectangle {
        cells: path.len() as u8,
        kind,
    };
    let mut step = Step::new(technique, loop_rating(path.len()) + extra_rating, text);
    step.cells = path.to_vec();
    for &cell in path {
        step.highlighted.extend(digits(pair).map(|d| (cell, d)));
    }
    step
}

/// Unique rectangles and loops, sorted as SE sorts them: by rating, then
/// type, in the order found.
pub fn unique_loops(grid: &Candidates) -> Vec<Step> {
    let mut found: Vec<Found> = Vec::new();
    for start in 0..81 {
        let pair = grid.mask(start);
        if pair.count_ones() != 2 {
            continue;
        }
        let mut loops = Vec::new();
        find_loops(grid, start, pair, &mut Vec::new(), 2, 0, None, &mut loops);
        for path in loops {
            if !is_valid_loop(&path) {
                continue;
            }
            let mut sorted = path.clone();
            sorted.sort_unstable();
            let extras: Vec<usize> = path
                .iter()
                .copied()
                .filter(|&c| grid.mask(c).count_ones() > 2)
                .collect();
            let add = |found: &mut Vec<Found>, step: Step, kind: u8, detail: Vec<usize>| {
                let identity = (kind, sorted.clone(), detail);
                if !step.eliminations.is_empty() && !found.iter().any(|f| f.identity == identity) {
                    found.push(Found {
                        step,
                        kind,
                        identity,
                    });
                }
            };
            let (v1, v2) = {
                let mut d = digits(pair);
                (d.next().unwrap_or(1), d.next().unwrap_or(1))
            };
            let shape = if path.len() == 4 { "rectangle" } else { "loop" };
            match extras.len() {
                1 => {
                    let cell = extras[0];
                    let text = format!(
                        "{} would form a deadly {shape} on {v1}, {v2}, which a unique puzzle cannot have, so {} is neither {v1} nor {v2}",
                        cells_text(&path),
                        cell_name(cell)
                    );
                    let mut step = loop_step(&path, 1, 0, text, pair);
                    step.eliminations = vec![(cell, v1), (cell, v2)];
                    add(&mut found, step, 1, Vec::new());
                }
                n if n > 2 => {
                    let step = type2(grid, &path, &extras, pair, shape);
                    add(&mut found, step, 2, Vec::new());
                }
                2 => {
                    let (c1, c2) = (extras[0], extras[1]);
                    let extra = (grid.mask(c1) | grid.mask(c2)) & !pair;
                    if extra.count_ones() == 1 {
                        let step = type2(grid, &path, &extras, pair, shape);
                        add(&mut found, step, 2, Vec::new());
                    } else if extra.count_ones() >= 2 {
                        for (step, detail) in type3(grid, &path, c1, c2, pair, extra, shape) {
                            add(&mut found, step, 3, detail);
                        }
                    }
                    if let Some(step) = type4(grid, &path, c1, c2, pair, shape) {
                        add(&mut found, step, 4, Vec::new());
                    }
                }
                _ => {}
            }
        }
    }
    found.sort_by_key(|f| (f.step.rating, f.kind));
    found.into_iter().map(|f| f.step).collect()
}

fn type2(grid: &Candidates, path: &[usize], extras: &[usize], pair: Mask, shape: &str) -> Step {
    let extra = grid.mask(extras[0]) & !pair;
    let value = extra.trailing_zeros() as u8 + 1;
    let text = format!(
        "{} would form a deadly {shape} unless one of {} is {value}, so {value} leaves every cell that sees them all",
        cells_text(path),
        cells_text(extras)
    );
    let mut step = loop_step(path, 2, 0, text, pair);
    for &cell in &PEERS[extras[0]] {
        if !extras.contains(&cell) && extras.iter().all(|&e| sees(cell, e)) && grid.has(cell, value)
        {
            step.eliminations.push((cell, value));
        }
    }
    step.highlighted.extend(extras.iter().map(|&c| (c, value)));
    step
}

fn type3(
    grid: &Candidates,
    path: &[usize],
    c1: usize,
    c2: usize,
    pair: Mask,
    extra: Mask,
    shape: &str,
) -> Vec<(Step, Vec<usize>)> {
    let mut steps = Vec::new();
    for degree in extra.count_ones()..=7 {
        for kind in BOX_ROW_COL {
            let unit = CELL_UNITS[c1][kind];
            if unit != CELL_UNITS[c2][kind] {
                continue;
            }
            let empty = grid.empty_positions(unit).count_ones();
            let i1 = UNITS[unit].iter().position(|&c| c == c1).unwrap_or(0);
            let i2 = UNITS[unit].iter().position(|&c| c == c2).unwrap_or(0);
            if degree * 2 <= empty {
                for combo in combinations(degree) {
                    if combo & (1 << i1) == 0 || combo & (1 << i2) != 0 {
                        continue;
                    }
                    let mut naked = extra & grid.mask(c1) & grid.mask(c2);
                    let mut union = extra;
                    let mut others = Vec::new();
                    let mut ok = true;
                    for i in (0..9).filter(|i| combo & (1 << i) != 0 && *i != i1) {
                        let cell = UNITS[unit][i];
                        let mask = grid.mask(cell);
                        if mask.count_ones() <= 1 {
                            ok = false;
                        }
                        naked |= mask;
                        union |= mask;
                        others.push(cell);
                    }
                    if !ok || naked.count_ones() != degree || union.count_ones() != degree {
                        continue;
                    }
                    let text = format!(
                        "{} would form a deadly {shape} unless {} or {} holds one of {}; with {} they make a naked set of {}, so those digits leave the rest of {}",
                        cells_text(path),
                        cell_name(c1),
                        cell_name(c2),
                        digits_text(extra),
                        cells_text(&others),
                        digits_text(union),
                        unit_name(unit)
                    );
                    let mut step = loop_step(path, 3, (degree - 1) as u16, text, pair);
                    for &cell in &UNITS[unit] {
                        if cell != c1 && cell != c2 && !others.contains(&cell) {
                            step.eliminations
                                .extend(digits(grid.mask(cell) & union).map(|d| (cell, d)));
                        }
                    }
                    step.units.push(unit);
                    let mut detail = vec![unit, usize::from(union)];
                    detail.extend(&others);
                    steps.push((step, detail));
                }
            }
            if degree * 2 < empty {
                let rest: Vec<u8> = (1..=9u8)
                    .filter(|&d| (pair | extra) & bit(d) == 0)
                    .collect();
                if degree as usize - 2 > rest.len() {
                    continue;
                }
                let subsets: Vec<u16> = if degree == 2 {
                    vec![0]
                } else {
                    (0u16..(1 << rest.len()))
                        .filter(|m| m.count_ones() == degree - 2)
                        .collect()
                };
                for subset in subsets {
                    let mut values = pair;
                    for (i, &d) in rest.iter().enumerate() {
                        if subset & (1 << i) != 0 {
                            values |= bit(d);
                        }
                    }
                    let mut positions = 0u16;
                    let mut ok = true;
                    for d in digits(values) {
                        let p = grid.positions(unit, d) & !(1 << i2);
                        if p == 0 {
                            ok = false;
                        }
                        positions |= p;
                    }
                    if !ok || positions.count_ones() != degree {
                        continue;
                    }
                    let cells: Vec<usize> = (0..9)
                        .filter(|&i| positions & (1 << i) != 0 && i != i1 && i != i2)
                        .map(|i| UNITS[unit][i])
                        .collect();
                    let text = format!(
                        "{} would form a deadly {shape} unless {} or {} holds one of {}; so in {} the digits {} are confined to {} and the pattern, and those cells hold nothing else",
                        cells_text(path),
                        cell_name(c1),
                        cell_name(c2),
                        digits_text(extra),
                        unit_name(unit),
                        digits_text(values),
                        cells_text(&cells)
                    );
                    let mut step = loop_step(path, 3, cells.len() as u16 - 1, text, pair);
                    for &cell in &cells {
                        step.eliminations
                            .extend(digits(grid.mask(cell) & !values).map(|d| (cell, d)));
                    }
                    step.units.push(unit);
                    let mut detail = vec![unit, 1000 + usize::from(values)];
                    detail.extend(&cells);
                    steps.push((step, detail));
                }
            }
        }
    }
    steps
}

fn type4(
    grid: &Candidates,
    path: &[usize],
    c1: usize,
    c2: usize,
    pair: Mask,
    shape: &str,
) -> Option<Step> {
    let (v1, v2) = {
        let mut d = digits(pair);
        (d.next()?, d.next()?)
    };
    let (mut r1, mut r2) = (None, None);
    for kind in BOX_ROW_COL {
        let unit = CELL_UNITS[c1][kind];
        if unit != CELL_UNITS[c2][kind] {
            continue;
        }
        let others = UNITS[unit].iter().filter(|&&c| c != c1 && c != c2);
        let (has1, has2) = others.fold((false, false), |(a, b), &c| {
            (a || grid.has(c, v1), b || grid.has(c, v2))
        });
        if !has1 {
            r1 = Some(unit);
        }
        if !has2 {
            r2 = Some(unit);
        }
    }
    let (unit, lock, remove) = match (r1, r2) {
        (Some(unit), _) => (unit, v1, v2),
        (None, Some(unit)) => (unit, v2, v1),
        _ => return None,
    };
    let text = format!(
        "{} would form a deadly {shape}; in {} {lock} can only go in {} or {}, so neither can be {remove}",
        cells_text(path),
        unit_name(unit),
        cell_name(c1),
        cell_name(c2)
    );
    let mut step = loop_step(path, 4, 0, text, pair);
    step.eliminations = vec![(c1, remove), (c2, remove)];
    step.units.push(unit);
    Some(step)
}

/// The BUG: if every unsolved cell but a few had two candidates and every
/// digit two places per unit, the puzzle would have two solutions; SE's
/// types 1-4 keep one of the extra digits.
pub fn bugs(grid: &Candidates) -> Vec<Step> {
    let mut temp = grid.clone();
    let mut bug_cells: Vec<usize> = Vec::new();
    let mut bug_values = [0 as Mask; 81];
    let mut all_values: Mask = 0;
    let mut common: Option<Vec<usize>> = None;
    // SE's region order here: boxes, rows, columns.
    let units = (18..27).chain(0..9).chain(9..18);
    for unit in units {
        for digit in 1..=9u8 {
            let positions = grid.positions(unit, digit);
            let n = positions.count_ones();
            if n == 0 || n == 2 {
                continue;
            }
            let new: Vec<usize> = (0..9)
                .filter(|&i| positions & (1 << i) != 0)
                .map(|i| UNITS[unit][i])
                .filter(|&c| grid.mask(c).count_ones() >= 3)
                .collect();
            if new.len() == 1 {
                let cell = new[0];
                if !bug_cells.contains(&cell) {
                    bug_cells.push(cell);
                }
                bug_values[cell] |= bit(digit);
                all_values |= bit(digit);
                temp.eliminate(cell, digit);
                let mut set = match common.take() {
                    None => PEERS[cell].to_vec(),
                    Some(set) => set.into_iter().filter(|&c| sees(c, cell)).collect(),
                };
                set.retain(|c| !bug_cells.contains(c));
                let empty = set.is_empty();
                common = Some(set);
                if bug_cells.len() > 1 && all_values.count_ones() > 1 && empty {
                    return Vec::new();
                }
            }
            if new.is_empty() {
                return Vec::new();
            }
        }
    }
    if (0..81).any(|c| temp.value(c) == 0 && temp.mask(c).count_ones() != 2) {
        return Vec::new();
    }
    for unit in 0..27 {
        for digit in 1..=9u8 {
            let n = temp.positions(unit, digit).count_ones();
            if n != 0 && n != 2 {
                return Vec::new();
            }
        }
    }
    let common = common.unwrap_or_default();
    let mut steps = Vec::new();
    let cells = cells_text(&bug_cells);
    if bug_cells.len() == 1 {
        let cell = bug_cells[0];
        let text = format!(
            "without {} in {cell}, every unsolved cell would have two candidates and the puzzle two solutions, so {cell} is {}",
            digits_text(all_values),
            digits_text(all_values),
            cell = cell_name(cell)
        );
        let mut step = Step::new(Technique::Bug { kind: 1 }, 56, text);
        step.eliminations = digits(grid.mask(cell) & !all_values)
            .map(|d| (cell, d))
            .collect();
        step.cells = bug_cells.clone();
        steps.push(step);
    } else if all_values.count_ones() == 1 {
        let value = all_values.trailing_zeros() as u8 + 1;
        if !common.is_empty() {
            let text = format!(
                "without {value} in {cells}, the puzzle would have two solutions, so one of them is {value} and {value} leaves every cell that sees them all"
            );
            let mut step = Step::new(Technique::Bug { kind: 2 }, 57, text);
            step.eliminations = common
                .iter()
                .filter(|&&c| grid.has(c, value))
                .map(|&c| (c, value))
                .collect();
            step.cells = bug_cells.clone();
            if !step.eliminations.is_empty() {
                steps.push(step);
            }
        }
        if bug_cells.len() == 2 {
            steps.extend(bug4(grid, &bug_cells, &bug_values, all_values));
        }
    } else if !common.is_empty() {
        if bug_cells.len() == 2 {
            steps.extend(bug4(grid, &bug_cells, &bug_values, all_values));
        }
        steps.extend(bug3(grid, &bug_cells, all_values, &common));
    }
    steps
}

/// The unit all the BUG cells share, for each kind (box, row, column).
fn shared_units(cells: &[usize]) -> Vec<usize> {
    BOX_ROW_COL
        .iter()
        .map(|&kind| CELL_UNITS[cells[0]][kind])
        .filter(|&unit| cells.iter().all(|&c| UNITS[unit].contains(&c)))
        .collect()
}

fn bug3(grid: &Candidates, bug_cells: &[usize], all_values: Mask, common: &[usize]) -> Vec<Step> {
    let mut steps = Vec::new();
    for unit in shared_units(bug_cells) {
        let region_cells: Vec<usize> = common
            .iter()
            .copied()
            .filter(|c| UNITS[unit].contains(c))
            .collect();
        for degree in 2..=6usize {
            if region_cells.len() < degree {
                continue;
            }
            let n = region_cells.len();
            for combo in (0u32..(1 << n)).filter(|m| m.count_ones() as usize == degree - 1) {
                let naked_cells: Vec<usize> = (0..n)
                    .filter(|i| combo & (1 << i) != 0)
                    .map(|i| region_cells[i])
                    .collect();
                let other: Mask = naked_cells.iter().fold(0, |a, &c| a | grid.mask(c));
                if other.count_ones() as usize != degree {
                    continue;
                }
                if naked_cells.iter().any(|&c| grid.mask(c).count_ones() <= 1)
                    || all_values.count_ones() <= 1
                {
                    continue;
                }
                let set = other | all_values;
                if set.count_ones() as usize != degree {
                    continue;
                }
                let mut step = Step::new(
                    Technique::Bug { kind: 3 },
                    57 + (degree as u16 - 1),
                    format!(
                        "without {} in {}, the puzzle would have two solutions; those digits and {} form a naked set of {} in {}, so those digits leave its other cells",
                        digits_text(all_values),
                        cells_text(bug_cells),
                        cells_text(&naked_cells),
                        digits_text(set),
                        unit_name(unit)
                    ),
                );
                for &cell in &region_cells {
                    if !naked_cells.contains(&cell) && !bug_cells.contains(&cell) {
                        step.eliminations
                            .extend(digits(grid.mask(cell) & set).map(|d| (cell, d)));
                    }
                }
                if step.eliminations.is_empty() {
                    continue;
                }
                step.cells = bug_cells.to_vec();
                step.units.push(unit);
                steps.push(step);
            }
        }
    }
    steps
}

fn bug4(
    grid: &Candidates,
    bug_cells: &[usize],
    bug_values: &[Mask; 81],
    all_values: Mask,
) -> Vec<Step> {
    let (c1, c2) = (bug_cells[0], bug_cells[1]);
    let shared = grid.mask(c1) & grid.mask(c2) & !all_values;
    if shared.count_ones() != 1 {
        return Vec::new();
    }
    let value = shared.trailing_zeros() as u8 + 1;
    let mut steps = Vec::new();
    for unit in shared_units(bug_cells) {
        let mut step = Step::new(
            Technique::Bug { kind: 4 },
            57,
            format!(
                "without their extra digits {} and {} would leave two solutions; they share {value} in {}, so each keeps only its extra digits and {value}",
                cell_name(c1),
                cell_name(c2),
                unit_name(unit)
            ),
        );
        for cell in [c1, c2] {
            step.eliminations.extend(
                digits(grid.mask(cell) & !bug_values[cell] & !bit(value)).map(|d| (cell, d)),
            );
        }
        if step.eliminations.is_empty() {
            continue;
        }
        step.cells = bug_cells.to_vec();
        step.units.push(unit);
        steps.push(step);
    }
    steps
}
