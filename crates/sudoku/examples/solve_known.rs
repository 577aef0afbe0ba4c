//! Solves the first puzzle of fixtures/sudoku/known.txt with the library,
//! proves the solution right with the independent checker, tells whether it
//! is the only one, and prints it with the nodes each algorithm examined.
//!
//! `cargo run -p sudoku --example solve_known`

use std::time::Duration;

use sudoku::{Algo, Options, Sudoku, check_solution, parse_puzzles, solve, solve_and_tell_unique};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../fixtures/sudoku/known.txt"
    );
    let text = std::fs::read_to_string(path)?;
    let first = parse_puzzles(&text).into_iter().next().ok_or("no puzzle")?;
    let puzzle: Sudoku = first.result?;
    println!("{}\n", puzzle.to_line());

    let options = Options::new(Algo::Fast).time_limit(Duration::from_secs(5));
    let (outcome, unique) = solve_and_tell_unique(&puzzle, &options);
    let solution = outcome.solution.ok_or(format!("{}", outcome.status))?;
    check_solution(&puzzle, &solution)?;
    println!("{solution}");
    println!("unique: {unique:?}");

    for &algo in Algo::ALL {
        let outcome = solve(&puzzle, &Options::new(algo).node_limit(1_000_000));
        println!("{algo}: {}, nodes {}", outcome.status, outcome.stats.nodes);
    }
    Ok(())
}
