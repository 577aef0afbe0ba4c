//! Distance estimates: misplaced tiles, Manhattan distance, linear
//! conflicts, and additive pattern databases; both as full evaluations and
//! as the per-move updates the searchers use.

use std::fmt;
use std::str::FromStr;
use std::sync::Arc;

use thiserror::Error;

use crate::pdb::PatternDatabases;
use crate::puzzle::Board;

/// Which estimate of the remaining moves guides greedy, A* and IDA*. The
/// command line names them as [`Heuristic::name`] does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum Heuristic {
    /// Always 0 (A* becomes uniform-cost search).
    Zero,
    /// The number of tiles out of place, blank excluded (the searcher framework's `h1`).
    Misplaced,
    /// The sum of the tiles' row and column distances to their goal cells.
    Manhattan,
    /// Manhattan plus 2 for each tile that must leave its goal row or column
    /// to let another pass (Hansson, Mayer and Yung 1992).
    LinearConflict,
    /// Additive disjoint pattern databases (4x4 only: a 6-6-3 split, with
    /// the lookup repeated on the board reflected about the main diagonal).
    Pdb,
}

impl Heuristic {
    /// Every heuristic.
    pub const ALL: [Heuristic; 5] = [
        Heuristic::Zero,
        Heuristic::Misplaced,
        Heuristic::Manhattan,
        Heuristic::LinearConflict,
        Heuristic::Pdb,
    ];

    /// The command-line name.
    pub fn name(self) -> &'static str {
        match self {
            Heuristic::Zero => "zero",
            Heuristic::Misplaced => "misplaced",
            Heuristic::Manhattan => "manhattan",
            Heuristic::LinearConflict => "linear-conflict",
            Heuristic::Pdb => "pdb",
        }
    }
}

impl fmt::Display for Heuristic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The error of parsing an unknown heuristic name.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("unknown heuristic '{0}', expected zero, misplaced, manhattan, linear-conflict or pdb")]
pub struct UnknownHeuristic(pub String);

impl FromStr for Heuristic {
    type Err = UnknownHeuristic;

    fn from_str(name: &str) -> Result<Self, Self::Err> {
        Heuristic::ALL
            .into_iter()
            .find(|heuristic| heuristic.name() == name)
            .ok_or_else(|| UnknownHeuristic(name.to_owned()))
    }
}

/// A heuristic prepared for one goal: the tables every evaluation reads.
#[derive(Clone, Debug)]
pub(crate) struct Estimator {
    pub kind: Heuristic,
    pub size: usize,
    cells: usize,
    /// `tile_cost[tile * cells + cell]`: what `tile` standing on `cell`
    /// contributes to the misplaced or Manhattan sum (0 for other kinds).
    tile_cost: Vec<u16>,
    goal_row: Vec<u8>,
    goal_column: Vec<u8>,
    pub pdb: Option<Arc<PatternDatabases>>,
}

impl Estimator {
    pub fn new(kind: Heuristic, goal: &Board, pdb: Option<Arc<PatternDatabases>>) -> Self {
        let size = goal.size();
        let cells = size * size;
        let mut goal_row = vec![0u8; cells];
        let mut goal_column = vec![0u8; cells];
        for (cell, &tile) in goal.tiles().iter().enumerate() {
            goal_row[tile as usize] = (cell / size) as u8;
            goal_column[tile as usize] = (cell % size) as u8;
        }
        let mut tile_cost = vec![0u16; cells * cells];
        for tile in 1..cells {
            for cell in 0..cells {
                let (row, column) = ((cell / size) as u8, (cell % size) as u8);
                let manhattan =
                    row.abs_diff(goal_row[tile]) as u16 + column.abs_diff(goal_column[tile]) as u16;
                tile_cost[tile * cells + cell] = match kind {
                    Heuristic::Misplaced => u16::from(manhattan != 0),
                    Heuristic::Manhattan | Heuristic::LinearConflict => manhattan,
                    Heuristic::Zero | Heuristic::Pdb => 0,
                };
            }
        }
        Estimator {
            kind,
            size,
            cells,
            tile_cost,
            goal_row,
            goal_column,
            pdb,
        }
    }

    /// What `tile` on `cell` adds to the misplaced or Manhattan sum.
    #[inline]
    pub fn tile_cost(&self, tile: u8, cell: usize) -> u16 {
        self.tile_cost[tile as usize * self.cells + cell]
    }

    /// The misplaced or Manhattan sum of a whole board.
    pub fn tile_sum(&self, cells: &[u8]) -> u16 {
        cells
            .iter()
            .enumerate()
            .map(|(cell, &tile)| self.tile_cost(tile, cell))
            .sum()
    }

    /// Linear conflicts of one row (`row`), else of one column: how many of
    /// the tiles in it that belong in it must leave so the rest are in goal
    /// order (length minus the longest increasing run of goal columns, or
    /// rows).
    #[inline]
    pub fn line_conflicts(&self, cells: &[u8], line: usize, row: bool) -> u16 {
        let size = self.size;
        let (home, order) = if row {
            (&self.goal_row, &self.goal_column)
        } else {
            (&self.goal_column, &self.goal_row)
        };
        let mut goal_order = [0u8; crate::puzzle::MAX_SIZE];
        let mut count = 0;
        for at in 0..size {
            let tile = cells[if row {
                line * size + at
            } else {
                at * size + line
            }] as usize;
            if tile != 0 && home[tile] as usize == line {
                goal_order[count] = order[tile];
                count += 1;
            }
        }
        removals(&goal_order[..count])
    }

    /// All linear conflicts of a board.
    pub fn conflicts(&self, cells: &[u8]) -> u16 {
        (0..self.size)
            .map(|line| {
                self.line_conflicts(cells, line, true) + self.line_conflicts(cells, line, false)
            })
            .sum()
    }

    /// The full estimate of a board.
    pub fn evaluate(&self, cells: &[u8]) -> u16 {
        match self.kind {
            Heuristic::Zero => 0,
            Heuristic::Misplaced | Heuristic::Manhattan => self.tile_sum(cells),
            Heuristic::LinearConflict => self.tile_sum(cells) + 2 * self.conflicts(cells),
            Heuristic::Pdb => self.pdb.as_ref().map_or(0, |pdb| pdb.evaluate(cells)),
        }
    }
}

/// The number of entries to remove from `sequence` to leave it strictly
/// increasing: its length minus its longest increasing subsequence.
fn removals(sequence: &[u8]) -> u16 {
    if sequence.len() < 2 {
        return 0;
    }
    let mut longest_ending = [0u8; crate::puzzle::MAX_SIZE];
    let mut best = 0;
    for i in 0..sequence.len() {
        let mut length = 1;
        for j in 0..i {
            if sequence[j] < sequence[i] {
                length = length.max(longest_ending[j] + 1);
            }
        }
        longest_ending[i] = length;
        best = best.max(length);
    }
    (sequence.len() - best as usize) as u16
}

#[cfg(test)]
mod tests {
    use super::*;

    fn estimate(kind: Heuristic, board: &str) -> u16 {
        let board: Board = board.parse().expect("valid");
        Estimator::new(kind, &Board::goal(board.size()), None).evaluate(board.tiles())
    }

    #[test]
    fn known_estimates() {
        // The sample board 142358607: tiles 1, 4, 5, 8, 7 are each one
        // cell from home.
        assert_eq!(estimate(Heuristic::Misplaced, "142358607"), 5);
        assert_eq!(estimate(Heuristic::Manhattan, "142358607"), 5);
        assert_eq!(estimate(Heuristic::Misplaced, "812345670"), 1);
        assert_eq!(estimate(Heuristic::Manhattan, "812345670"), 4);
        assert_eq!(estimate(Heuristic::Zero, "142358607"), 0);
        // Row 0 holds 2 and 1 reversed: one conflict.
        assert_eq!(estimate(Heuristic::Manhattan, "021345678"), 2);
        assert_eq!(estimate(Heuristic::LinearConflict, "021345678"), 4);
        // Korf's first instance has Manhattan distance 41.
        assert_eq!(
            estimate(
                Heuristic::Manhattan,
                "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3"
            ),
            41
        );
    }

    #[test]
    fn removals_leave_an_increasing_sequence() {
        assert_eq!(removals(&[]), 0);
        assert_eq!(removals(&[2, 1]), 1);
        assert_eq!(removals(&[3, 2, 1]), 2);
        assert_eq!(removals(&[1, 3, 2, 4]), 1);
    }
}
