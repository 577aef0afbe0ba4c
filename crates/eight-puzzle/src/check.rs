//! The independent checker behind `eight-puzzle check`, for anyone who
//! wants to trust a reported answer without trusting the solver: reported
//! moves are replayed with this module's own arithmetic on the cells, and
//! an "unsolvable" claim is confirmed with the textbook inversion rule
//! (its parity found in linear time by counting cycles). Nothing here calls
//! the searchers, the heuristics or [`Board::can_reach`].
//!
//! ```
//! use eight_puzzle::{Board, Move, check};
//!
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! let board: Board = "142305678".parse()?;
//! check::solution(&board, &Board::goal(3), &[Move::Up, Move::Left])?;
//! assert!(check::solution(&board, &Board::goal(3), &[Move::Up]).is_err());
//! check::no_solution(&"021345678".parse()?, &Board::goal(3))?;
//! # Ok(())
//! # }
//! ```

use puzzle_kit::{Cell, Violation};
use thiserror::Error;

use crate::puzzle::{Board, Move};

/// Why a reported answer is wrong.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum CheckError {
    /// The board and the goal have different sizes.
    #[error("the board is {board}x{board} but the goal is {goal}x{goal}")]
    SizeMismatch {
        /// The board's side.
        board: usize,
        /// The goal's side.
        goal: usize,
    },
    /// A move would take the blank off the board.
    #[error("move {step} ({mv}) takes the blank off the board")]
    OffBoard {
        /// The move's number, from 1.
        step: usize,
        /// The move.
        mv: Move,
        /// The blank's cell before the move.
        blank: Cell,
    },
    /// The moves end somewhere else than the goal.
    #[error("after {moves} moves the board is not the goal")]
    NotAtGoal {
        /// How many moves were replayed.
        moves: usize,
        /// The first cell, in reading order, whose tile is not the goal's.
        differs: Cell,
    },
    /// The board was reported unsolvable but the inversion rule says it can
    /// reach the goal.
    #[error("reported unsolvable but {board} can reach the goal")]
    Solvable {
        /// The board's compact form.
        board: String,
    },
}

/// The broken rule with the cell where it is seen: a move taking the blank
/// off the board, at the blank's cell before the move; a final board that
/// is not the goal, at the first cell (in reading order) whose tile is not
/// the goal's; boards of different sizes and a solvable board reported
/// unsolvable, at no cell. The message is the error's.
impl From<CheckError> for Violation {
    fn from(error: CheckError) -> Violation {
        let message = error.to_string();
        match error {
            CheckError::OffBoard { blank, .. } => Violation::at(blank, message),
            CheckError::NotAtGoal { differs, .. } => Violation::at(differs, message),
            CheckError::SizeMismatch { .. } | CheckError::Solvable { .. } => {
                Violation::new(message)
            }
        }
    }
}

/// Checks that `moves` (named by where the blank goes) take `board` to
/// `goal`, each staying on the board.
pub fn solution(board: &Board, goal: &Board, moves: &[Move]) -> Result<(), CheckError> {
    same_size(board, goal)?;
    let size = board.size();
    let mut cells = board.tiles().to_vec();
    let mut blank = cells.iter().position(|&tile| tile == 0).unwrap_or(0);
    for (index, &mv) in moves.iter().enumerate() {
        let (row, column) = (blank / size, blank % size);
        let target = match mv {
            Move::Up if row > 0 => blank - size,
            Move::Down if row + 1 < size => blank + size,
            Move::Left if column > 0 => blank - 1,
            Move::Right if column + 1 < size => blank + 1,
            _ => {
                return Err(CheckError::OffBoard {
                    step: index + 1,
                    mv,
                    blank: Cell::at_index(row, column),
                });
            }
        };
        cells.swap(blank, target);
        blank = target;
    }
    if let Some(cell) = (0..cells.len()).find(|&cell| cells[cell] != goal.tiles()[cell]) {
        return Err(CheckError::NotAtGoal {
            moves: moves.len(),
            differs: Cell::at_index(cell / size, cell % size),
        });
    }
    Ok(())
}

/// Checks that `board` cannot reach `goal`: confirmed when the inversion
/// rule says so ([`solvable`]).
pub fn no_solution(board: &Board, goal: &Board) -> Result<(), CheckError> {
    same_size(board, goal)?;
    if solvable(board, goal) {
        Err(CheckError::Solvable {
            board: board.to_line(),
        })
    } else {
        Ok(())
    }
}

fn same_size(board: &Board, goal: &Board) -> Result<(), CheckError> {
    if board.size() == goal.size() {
        Ok(())
    } else {
        Err(CheckError::SizeMismatch {
            board: board.size(),
            goal: goal.size(),
        })
    }
}

/// The textbook rule: number the tiles by their order in the goal and read
/// them off the board, blank left out; on odd widths the number of
/// inversions must be even, on even widths the inversions plus the blank's
/// row distance to its goal row. Boards of different sizes never reach
/// each other.
pub fn solvable(board: &Board, goal: &Board) -> bool {
    if board.size() != goal.size() {
        return false;
    }
    let size = board.size();
    let odd_inversions = inversions_are_odd(&goal_order(board.tiles(), goal.tiles()));
    let row_of_blank = |tiles: &[u8]| tiles.iter().position(|&tile| tile == 0).unwrap_or(0) / size;
    let row_distance = row_of_blank(board.tiles()).abs_diff(row_of_blank(goal.tiles()));
    if size % 2 == 1 {
        !odd_inversions
    } else {
        odd_inversions == (row_distance % 2 == 1)
    }
}

/// The board's tiles, blank left out, as their ranks among the goal's
/// tiles (blank left out): a permutation of `0..n-1`.
fn goal_order(board: &[u8], goal: &[u8]) -> Vec<usize> {
    let mut rank = vec![0; goal.len()];
    for (index, &tile) in goal.iter().filter(|&&tile| tile != 0).enumerate() {
        rank[usize::from(tile)] = index;
    }
    board
        .iter()
        .filter(|&&tile| tile != 0)
        .map(|&tile| rank[usize::from(tile)])
        .collect()
}

/// Whether a permutation of `0..n` has an odd number of inversions. That
/// parity is the permutation's: a cycle of length k is k - 1
/// transpositions, so the parity is that of n minus the number of cycles,
/// found in one pass (the pairwise count takes quadratic time, 20 s on a
/// record of a million tiles).
fn inversions_are_odd(permutation: &[usize]) -> bool {
    let mut seen = vec![false; permutation.len()];
    let mut cycles = 0;
    for start in 0..permutation.len() {
        if seen[start] {
            continue;
        }
        cycles += 1;
        let mut at = start;
        while !seen[at] {
            seen[at] = true;
            at = permutation[at];
        }
    }
    (permutation.len() - cycles) % 2 == 1
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(text: &str) -> Board {
        text.parse().expect("test board")
    }

    fn moves(names: &str) -> Vec<Move> {
        names
            .split_whitespace()
            .map(|name| name.parse().expect("test move"))
            .collect()
    }

    fn check(text: &str, goal: &str, names: &str) -> Result<(), String> {
        solution(&board(text), &board(goal), &moves(names)).map_err(|error| error.to_string())
    }

    #[test]
    fn replays_moves_and_rejects_bad_ones() {
        let goal = "012345678";
        assert_eq!(check("142305678", goal, "up left"), Ok(()));
        assert_eq!(check("012345678", goal, ""), Ok(()));
        assert_eq!(
            check("142358607", goal, "down"),
            Err("move 1 (down) takes the blank off the board".into())
        );
        assert_eq!(
            check("142358607", goal, "up left left up"),
            Err("move 3 (left) takes the blank off the board".into())
        );
        assert_eq!(
            check("142305678", goal, "up up left"),
            Err("move 2 (up) takes the blank off the board".into())
        );
        assert_eq!(
            check("142305678", goal, "up"),
            Err("after 1 moves the board is not the goal".into())
        );
        assert_eq!(check("123456708", "123456780", "right"), Ok(()));
        assert_eq!(
            check("142305678", "0123", ""),
            Err("the board is 3x3 but the goal is 2x2".into())
        );
    }

    #[test]
    fn unsolvable_claims() {
        let goal3 = Board::goal(3);
        let goal4 = Board::goal(4);
        assert_eq!(no_solution(&board("021345678"), &goal3), Ok(()));
        assert!(no_solution(&board("102345678"), &goal3).is_err());
        assert_eq!(
            no_solution(&board("142358607"), &goal3).map_err(|error| error.to_string()),
            Err("reported unsolvable but 142358607 can reach the goal".into())
        );
        assert_eq!(
            no_solution(&board("0,2,1,3,4,5,6,7,8,9,10,11,12,13,14,15"), &goal4),
            Ok(())
        );
        assert!(no_solution(&board("4,1,2,3,0,5,6,7,8,9,10,11,12,13,14,15"), &goal4).is_err());
        assert!(no_solution(&board("142358607"), &goal4).is_err());
    }

    /// The cell of each violation: the blank's before a move off the
    /// board, the first cell off the goal, none for the others.
    #[test]
    fn violations_name_their_cell() {
        let at = |text: &str, goal: &str, names: &str| {
            let error = solution(&board(text), &board(goal), &moves(names)).expect_err("wrong");
            let message = error.to_string();
            let violation = Violation::from(error);
            assert_eq!(violation.message, message);
            violation.cell
        };
        let goal = "012345678";
        // The blank starts at row 3, column 2 and cannot go down.
        assert_eq!(
            at("142358607", goal, "down"),
            Some(Cell { row: 3, column: 2 })
        );
        // Up, left to row 2, column 1, which has no cell to its left.
        assert_eq!(
            at("142358607", goal, "up left left up"),
            Some(Cell { row: 2, column: 1 })
        );
        // Up to row 1, column 2: no row above.
        assert_eq!(
            at("142305678", goal, "up up left"),
            Some(Cell { row: 1, column: 2 })
        );
        // After up the board is 102345678: its first cell holds 1, not 0.
        assert_eq!(
            at("142305678", goal, "up"),
            Some(Cell { row: 1, column: 1 })
        );
        // 123456708 against 123456780 differs first at row 3, column 2.
        assert_eq!(
            at("123456708", "123456780", ""),
            Some(Cell { row: 3, column: 2 })
        );
        assert_eq!(at("142305678", "0123", ""), None);
        let claim = no_solution(&board("142358607"), &Board::goal(3)).expect_err("solvable");
        assert_eq!(Violation::from(claim).cell, None);
    }

    /// The definition: every pair out of order counted.
    fn inversions_by_pairs(sequence: &[usize]) -> usize {
        let mut count = 0;
        for i in 0..sequence.len() {
            for j in i + 1..sequence.len() {
                count += usize::from(sequence[i] > sequence[j]);
            }
        }
        count
    }

    /// A shuffled board of `size` from a xorshift generator.
    fn shuffled(size: usize, seed: &mut u64) -> Board {
        let mut tiles: Vec<usize> = (0..size * size).collect();
        for i in (1..tiles.len()).rev() {
            *seed ^= *seed << 13;
            *seed ^= *seed >> 7;
            *seed ^= *seed << 17;
            tiles.swap(i, (*seed % (i as u64 + 1)) as usize);
        }
        Board::from_tiles(&tiles).expect("a permutation")
    }

    #[test]
    fn cycle_parity_agrees_with_counting_pairs_on_random_boards() {
        let mut seed = 0x9e37_79b9_7f4a_7c15;
        let mut odd = 0;
        for size in 2..=crate::puzzle::MAX_SIZE {
            for _ in 0..40 {
                let (board, goal) = (shuffled(size, &mut seed), shuffled(size, &mut seed));
                let order = goal_order(board.tiles(), goal.tiles());
                let by_pairs = inversions_by_pairs(&order) % 2 == 1;
                assert_eq!(inversions_are_odd(&order), by_pairs, "{board:?} {goal:?}");
                odd += usize::from(by_pairs);
                // The solver's own test (blank distance and cycles of the
                // whole board) must agree with the inversion rule.
                assert_eq!(solvable(&board, &goal), board.can_reach(&goal));
            }
        }
        assert!(odd > 100, "both parities are exercised: {odd} odd of 560");
    }
}
