//! Puzzles of a chosen Sudoku Explainer rating: a random full grid, givens
//! removed in a random order (a symmetric orbit at a time) while the
//! solution stays unique, until no orbit can go; kept when its ER lies in
//! the band. Deterministic for a seed.

use std::ops::RangeInclusive;
use std::time::{Duration, Instant};

use super::{Candidates, Path, Rating, solve_path};
use crate::fast_solve_array;

/// Which cells must stay given or blank together.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum Symmetry {
    /// No constraint.
    #[default]
    None,
    /// Half-turn: a cell and the cell opposite the centre.
    Rot180,
    /// Quarter-turn: the four cells a rotation by 90 degrees visits.
    Rot90,
    /// Left-right mirror.
    Mirror,
    /// Mirror in the main diagonal.
    Diagonal,
}

impl Symmetry {
    /// The cells that go with `cell`, `cell` included.
    fn orbit(self, cell: usize) -> Vec<usize> {
        let (r, c) = (cell / 9, cell % 9);
        let mut cells = vec![cell];
        match self {
            Symmetry::None => {}
            Symmetry::Rot180 => cells.push(80 - cell),
            Symmetry::Rot90 => cells.extend([9 * c + 8 - r, 80 - cell, 9 * (8 - c) + r]),
            Symmetry::Mirror => cells.push(9 * r + 8 - c),
            Symmetry::Diagonal => cells.push(9 * c + r),
        }
        cells.sort_unstable();
        cells.dedup();
        cells
    }
}

/// A generated puzzle, its rated path and how many candidates were tried.
#[derive(Debug, Clone)]
pub struct Generated {
    /// The puzzle's givens (0 for a blank).
    pub puzzle: [u8; 81],
    /// Its explained path (ER/EP/ED).
    pub path: Path,
    /// Minimal puzzles made and rated before this one was in the band.
    pub tries: u64,
}

/// A small xorshift generator: the same seed gives the same puzzles.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }

    fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            items.swap(i, self.below(i + 1));
        }
    }
}

/// A random full grid: random digits in random cells, as long as the grid
/// still has a solution, until it has exactly one; that solution.
fn full_grid(rng: &mut Rng) -> [u8; 81] {
    let mut solution = [0u8; 81];
    loop {
        let mut grid = [0u8; 81];
        let mut cells: Vec<usize> = (0..81).collect();
        rng.shuffle(&mut cells);
        for cell in cells {
            let digit = rng.below(9) as u8 + 1;
            grid[cell] = digit;
            match fast_solve_array(&grid, 2, &mut solution) {
                0 => grid[cell] = 0,
                1 => return solution,
                _ => {}
            }
        }
    }
}

/// A minimal puzzle with one solution, `solution`: orbits of givens
/// removed in a random order while the solution stays unique.
fn minimal(solution: &[u8; 81], symmetry: Symmetry, rng: &mut Rng) -> [u8; 81] {
    let mut puzzle = *solution;
    let mut cells: Vec<usize> = (0..81).collect();
    rng.shuffle(&mut cells);
    let mut scratch = [0u8; 81];
    for cell in cells {
        if puzzle[cell] == 0 {
            continue;
        }
        let orbit = symmetry.orbit(cell);
        let kept: Vec<u8> = orbit.iter().map(|&c| puzzle[c]).collect();
        for &c in &orbit {
            puzzle[c] = 0;
        }
        if fast_solve_array(&puzzle, 2, &mut scratch) != 1 {
            for (&c, &v) in orbit.iter().zip(&kept) {
                puzzle[c] = v;
            }
        }
    }
    puzzle
}

/// Makes a minimal puzzle (no orbit of givens can be removed) whose ER
/// lies in `band`, from `seed`; `None` when `time_limit` passes first.
pub fn generate(
    band: RangeInclusive<Rating>,
    symmetry: Symmetry,
    seed: u64,
    time_limit: Duration,
) -> Option<Generated> {
    let mut rng = Rng(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1);
    let start = Instant::now();
    let mut tries = 0;
    while start.elapsed() < time_limit {
        let solution = full_grid(&mut rng);
        let puzzle = minimal(&solution, symmetry, &mut rng);
        tries += 1;
        let path = solve_path(&Candidates::from_values(&puzzle));
        if path.solved && band.contains(&path.er) {
            return Some(Generated {
                puzzle,
                path,
                tries,
            });
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn count(puzzle: &[u8; 81]) -> u64 {
        fast_solve_array(puzzle, 2, &mut [0; 81])
    }

    #[test]
    fn generated_puzzles_are_unique_minimal_in_band_and_repeatable() {
        let band = Rating(20)..=Rating(40);
        for (seed, symmetry) in [
            (1, Symmetry::None),
            (2, Symmetry::Rot180),
            (3, Symmetry::Mirror),
        ] {
            let made = generate(band.clone(), symmetry, seed, Duration::from_secs(60))
                .expect("a puzzle in a minute");
            assert_eq!(count(&made.puzzle), 1);
            assert!(band.contains(&made.path.er));
            for cell in (0..81).filter(|&c| made.puzzle[c] != 0) {
                let mut fewer = made.puzzle;
                for c in symmetry.orbit(cell) {
                    fewer[c] = 0;
                }
                assert_eq!(
                    count(&fewer),
                    2,
                    "seed {seed}: the orbit of {cell} could go"
                );
                for c in symmetry.orbit(cell) {
                    assert!(
                        made.puzzle[c] != 0,
                        "seed {seed}: orbit of {cell} not symmetric"
                    );
                }
            }
            let again = generate(band.clone(), symmetry, seed, Duration::from_secs(60))
                .expect("the same puzzle");
            assert_eq!(again.puzzle, made.puzzle);
        }
    }

    #[test]
    fn orbits_map_into_the_grid() {
        for symmetry in [
            Symmetry::Rot180,
            Symmetry::Rot90,
            Symmetry::Mirror,
            Symmetry::Diagonal,
        ] {
            for cell in 0..81 {
                let orbit = symmetry.orbit(cell);
                assert!(orbit.contains(&cell) && orbit.iter().all(|&c| c < 81));
                for &c in &orbit {
                    assert_eq!(symmetry.orbit(c), orbit, "{symmetry:?} {cell}");
                }
            }
        }
    }
}
