//! The independent rule checker: it shares no code with the solvers (no
//! csp-core, no engine), so that a wrong model or a wrong deduction cannot
//! pass its own answers. [`check`] re-reads every rule from the grid;
//! [`exhaustive`] confirms a claim that there is no solution by a plain
//! backtracking search of its own, within a budget.

use puzzle_kit::{Cell as Place, Violation};

use crate::puzzle::{Akari, Bulbs, Cell};

/// How many cells [`exhaustive`] may decide before it gives up: far above
/// what a small unsolvable fixture needs, far below a minute.
pub const NODE_BUDGET: u64 = 5_000_000;

/// The four directions a bulb shines in: (row step, column step).
const DIRECTIONS: [(isize, isize); 4] = [(-1, 0), (1, 0), (0, -1), (0, 1)];

/// The cells from `(row, col)` in `direction`, up to a black cell or the
/// edge (not the cell itself).
fn ray(
    puzzle: &Akari,
    (row, col): (usize, usize),
    (dr, dc): (isize, isize),
) -> impl Iterator<Item = (usize, usize)> + '_ {
    (1..)
        .map(move |step| {
            let r = row.checked_add_signed(dr * step)?;
            let c = col.checked_add_signed(dc * step)?;
            (r < puzzle.rows() && c < puzzle.cols()).then_some((r, c))
        })
        .take_while(move |place| place.is_some_and(|(r, c)| !puzzle.cell(r, c).is_black()))
        .flatten()
}

/// The cells beside `(row, col)` inside the grid.
fn sides(puzzle: &Akari, (row, col): (usize, usize)) -> impl Iterator<Item = (usize, usize)> + '_ {
    DIRECTIONS.iter().filter_map(move |&(dr, dc)| {
        let r = row.checked_add_signed(dr)?;
        let c = col.checked_add_signed(dc)?;
        (r < puzzle.rows() && c < puzzle.cols()).then_some((r, c))
    })
}

/// The bulbs of a solution's drawing `line`, as a record holds it, for
/// `puzzle`: its black cells must be the puzzle's, so that a solution of
/// another grid is not taken for this one's, whatever its bulbs.
///
/// # Errors
///
/// A line that is no drawing, or one of other black cells.
pub fn read_solution(puzzle: &Akari, line: &str) -> Result<Bulbs, String> {
    let bulbs: Bulbs = line
        .parse()
        .map_err(|error| format!("solution {line:?}: {error}"))?;
    if (bulbs.rows(), bulbs.cols()) == (puzzle.rows(), puzzle.cols())
        && puzzle.draw(&bulbs, '/') != line
    {
        return Err(format!(
            "solution {line}: its black cells are not the puzzle's {}",
            puzzle.to_line()
        ));
    }
    Ok(bulbs)
}

/// Whether `bulbs` solve `puzzle`: the same size, bulbs on white cells
/// only, no bulb lit by another, every white cell lit, and every number
/// with exactly that many bulbs beside it.
///
/// # Errors
///
/// The first rule broken, at the cell where it is seen.
pub fn check(puzzle: &Akari, bulbs: &Bulbs) -> Result<(), Violation> {
    let (rows, cols) = (puzzle.rows(), puzzle.cols());
    if (bulbs.rows(), bulbs.cols()) != (rows, cols) {
        return Err(Violation::new(format!(
            "a grid of {}x{}, expected {rows}x{cols}",
            bulbs.rows(),
            bulbs.cols()
        )));
    }
    let place = |(row, col): (usize, usize)| Place::at_index(row, col);
    for row in 0..rows {
        for col in 0..cols {
            let here = place((row, col));
            let cell = puzzle.cell(row, col);
            if bulbs.at(row, col) && cell.is_black() {
                return Err(Violation::at(
                    here,
                    format!("a bulb on the black cell {here}"),
                ));
            }
            if bulbs.at(row, col) {
                let other = DIRECTIONS
                    .iter()
                    .find_map(|&way| ray(puzzle, (row, col), way).find(|&(r, c)| bulbs.at(r, c)));
                if let Some(other) = other {
                    let message = format!("the bulb at {here} lights the bulb at {}", place(other));
                    return Err(Violation::at(here, message));
                }
            }
            let lit = || {
                DIRECTIONS
                    .iter()
                    .any(|&way| ray(puzzle, (row, col), way).any(|(r, c)| bulbs.at(r, c)))
            };
            if cell == Cell::White && !bulbs.at(row, col) && !lit() {
                return Err(Violation::at(here, format!("{here} is not lit")));
            }
            if let Cell::Number(k) = cell {
                let beside = sides(puzzle, (row, col))
                    .filter(|&(r, c)| bulbs.at(r, c))
                    .count();
                if beside != usize::from(k) {
                    let bulbs = if beside == 1 { "bulb" } else { "bulbs" };
                    let message = format!("the {k} at {here} has {beside} {bulbs} beside it");
                    return Err(Violation::at(here, message));
                }
            }
        }
    }
    Ok(())
}

/// What [`exhaustive`] found.
pub type Exhaustive = puzzle_kit::Exhaustive<Bulbs>;

/// Searches `puzzle` white cell by white cell in reading order, bulb or
/// not: a bulb only where no bulb lights it and no number beside has its
/// count; a cell left dark only if some cell after it in reading order
/// could still light it; a number checked once its last side is decided.
/// Decides at most `budget` cells.
pub fn exhaustive(puzzle: &Akari, budget: u64) -> Exhaustive {
    let (rows, cols) = (puzzle.rows(), puzzle.cols());
    let whites: Vec<(usize, usize)> = (0..rows * cols)
        .map(|index| (index / cols, index % cols))
        .filter(|&(r, c)| puzzle.cell(r, c) == Cell::White)
        .collect();
    let mut on = vec![false; rows * cols];
    let index = |(r, c): (usize, usize)| r * cols + c;
    // Whether a bulb may go at `place` with the cells before it decided.
    let may_light = |on: &[bool], place| {
        let free = DIRECTIONS
            .iter()
            .all(|&way| ray(puzzle, place, way).all(|other| !on[index(other)]));
        let numbers = sides(puzzle, place).all(|side| match puzzle.cell(side.0, side.1) {
            Cell::Number(k) => {
                sides(puzzle, side).filter(|&s| on[index(s)]).count() < usize::from(k)
            }
            _ => true,
        });
        free && numbers
    };
    // Whether the decisions up to `place` (in reading order) break a rule
    // that can no longer be mended: a dark cell no later cell can light,
    // a number whose sides are all decided with the wrong count.
    let dead = |on: &[bool], upto: usize| {
        let decided = |place: (usize, usize)| index(place) <= upto;
        let dark = whites
            .iter()
            .filter(|&&place| decided(place))
            .any(|&place| {
                !on[index(place)]
                    && DIRECTIONS.iter().all(|&way| {
                        ray(puzzle, place, way).all(|other| !on[index(other)] && decided(other))
                    })
            });
        let numbers = (0..rows * cols).any(|cell| {
            let place = (cell / cols, cell % cols);
            let Cell::Number(k) = puzzle.cell(place.0, place.1) else {
                return false;
            };
            let whites_beside: Vec<_> = sides(puzzle, place)
                .filter(|&(r, c)| puzzle.cell(r, c) == Cell::White)
                .collect();
            let all_decided = whites_beside.iter().all(|&side| decided(side));
            let count = whites_beside
                .iter()
                .filter(|&&side| on[index(side)])
                .count();
            count > usize::from(k) || (all_decided && count != usize::from(k))
        });
        dark || numbers
    };
    let mut tried = 0;
    // At each depth, the next choice: 0 bulb first, then 1 no bulb, then
    // 2 both tried.
    let mut next = vec![0u8; whites.len()];
    let mut depth = 0;
    loop {
        if depth == whites.len() {
            // Only a grid without white cells gets here undecided.
            if whites.is_empty() && dead(&on, rows * cols) {
                return Exhaustive::NoSolution;
            }
            let bulbs = Bulbs::new(rows, cols, on).expect("one flag per cell");
            return Exhaustive::Solution(bulbs);
        }
        let place = whites[depth];
        let choice = next[depth];
        if choice == 2 {
            next[depth] = 0;
            on[index(place)] = false;
            if depth == 0 {
                return Exhaustive::NoSolution;
            }
            depth -= 1;
            continue;
        }
        next[depth] = choice + 1;
        on[index(place)] = false;
        if choice == 0 && !may_light(&on, place) {
            continue;
        }
        tried += 1;
        if tried > budget {
            return Exhaustive::OverBudget;
        }
        on[index(place)] = choice == 0;
        if !dead(&on, index(place)) {
            depth += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::read_solved;

    /// The checker's verdict on a solution's drawing.
    fn verdict(solved: &str) -> Result<(), Violation> {
        let (puzzle, bulbs) = read_solved(solved).expect("a drawing");
        check(&puzzle, &bulbs)
    }

    #[test]
    fn every_rule_is_checked_at_its_cell() {
        assert_eq!(verdict(".*1/#../..*"), Ok(()));
        let broken = verdict("**1/#../..*").unwrap_err();
        assert_eq!(broken.cell, Some(Place { row: 1, column: 1 }));
        assert_eq!(
            broken.message,
            "the bulb at row 1, column 1 lights the bulb at row 1, column 2"
        );
        let broken = verdict(".*1/#../...").unwrap_err();
        assert_eq!(broken.message, "row 2, column 3 is not lit");
        let broken = verdict("*.1/#*./..*").unwrap_err();
        assert_eq!(
            broken.message,
            "the 1 at row 1, column 3 has 0 bulbs beside it"
        );
        let (puzzle, _) = read_solved("#.").expect("a drawing");
        let (_, bulbs) = read_solved("*.").expect("a drawing");
        assert_eq!(
            check(&puzzle, &bulbs).unwrap_err().message,
            "a bulb on the black cell row 1, column 1"
        );
        let (_, bulbs) = read_solved("*./..").expect("a drawing");
        assert_eq!(
            check(&puzzle, &bulbs).unwrap_err().message,
            "a grid of 2x2, expected 1x2"
        );
    }

    #[test]
    fn the_exhaustive_search_finds_a_solution_or_proves_none() {
        let search = |text: &str, budget| exhaustive(&text.parse().expect("a grid"), budget);
        assert_eq!(search(".4./...", NODE_BUDGET), Exhaustive::NoSolution);
        assert_eq!(search(".0/0.", NODE_BUDGET), Exhaustive::NoSolution);
        assert_eq!(search("1#/#.", NODE_BUDGET), Exhaustive::NoSolution);
        let puzzle: Akari = "..1/#../...".parse().expect("a grid");
        let Exhaustive::Solution(bulbs) = exhaustive(&puzzle, NODE_BUDGET) else {
            panic!("a solution");
        };
        assert_eq!(check(&puzzle, &bulbs), Ok(()));
        let Exhaustive::Solution(bulbs) = search("#", NODE_BUDGET) else {
            panic!("a solution");
        };
        assert_eq!(bulbs.on(), [false]);
        assert_eq!(
            search(&["..........."; 11].join("/"), 3),
            Exhaustive::OverBudget
        );
    }
}
