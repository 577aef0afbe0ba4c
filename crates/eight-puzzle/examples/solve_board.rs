//! Solves the sample board 142358607 with the defaults, then with IDA* towards the
//! goal with the blank last; checks each path with the crate's independent
//! checker and prints it as the searcher framework names the moves.

use eight_puzzle::{Algo, Board, Heuristic, Options, check, solve};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let board: Board = "142358607".parse()?;
    println!("{board}");

    let outcome = solve(&board, &Options::default());
    let moves = outcome.solution.ok_or("a 3x3 board of the goal's parity")?;
    check::solution(&board, &Board::goal(3), moves.moves())?;
    println!(
        "{} moves: {moves} ({} states generated)",
        moves.len(),
        outcome.stats.nodes
    );

    let goal: Board = "123456780".parse()?;
    let options = Options::new(Algo::IdaStar)
        .goal(goal.clone())
        .heuristic(Heuristic::LinearConflict)
        .node_limit(1_000_000);
    let outcome = solve(&board, &options);
    match outcome.solution {
        Some(moves) => {
            check::solution(&board, &goal, moves.moves())?;
            println!("to {}: {} moves: {moves}", goal.to_line(), moves.len());
        }
        None => println!("to {}: {}", goal.to_line(), outcome.status),
    }
    Ok(())
}
