//! Solves the sample puzzle (fixtures/gogen/sample.txt) with
//! the library, proves the grid right with the independent checker, tells
//! whether it is the only solution, and prints it with each word's path.
//!
//! `cargo run -p gogen --example solve_sample`

use gogen::{Algo, Options, Puzzle, check, is_unique, solve};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../fixtures/gogen/sample.txt"
    );
    let puzzle: Puzzle = std::fs::read_to_string(path)?.parse()?;
    println!("{}\n", puzzle.to_line());

    let outcome = solve(&puzzle, &Options::new(Algo::Csp).node_limit(10_000));
    let grid = outcome.solution.ok_or(format!("{}", outcome.status))?;
    check::check(&puzzle, &grid)?;
    println!("{grid}");
    let unique = is_unique(&puzzle, &Options::default()).map_err(|limit| limit.to_string())?;
    println!("unique: {unique}, nodes: {}", outcome.stats.nodes);
    for word in puzzle.words() {
        let path = grid.word_path(word).ok_or("a word the checker passed")?;
        println!("{word}: {path:?}");
    }
    Ok(())
}
