//! The human view of a solution, as the searcher framework's `print_moves_to`.

use std::fmt::Write;

use crate::board::{Board, Move};

/// The initial board, then for each move "move the blank up:" and the board
/// after it, each board followed by a blank line (the searcher framework's
/// `print_moves_to`).
pub fn moves_view(start: &Board, moves: &[Move]) -> String {
    let mut view = format!("initial state:\n{start}\n\n");
    let mut board = start.clone();
    for &mv in moves {
        match board.moved(mv) {
            Some(next) => board = next,
            None => {
                let _ = writeln!(view, "move the blank {mv}: not possible here\n");
                break;
            }
        }
        let _ = write!(view, "move the blank {mv}:\n{board}\n\n");
    }
    view
}
