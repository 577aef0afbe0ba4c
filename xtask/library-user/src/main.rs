//! Every puzzle library driven through one generic function, as a tool over
//! all puzzles (the explorer, the Python package) is: each registered
//! puzzle type, parsed from its example text, solved with its default
//! algorithm under a node limit and its answer checked by the crate's own
//! rule checker. `registered.rs`, which lists the puzzles, is written by
//! `cargo xtask ci` from the registry.

mod registered;

use puzzle_kit::{Configure, Effort, Puzzle};

fn main() -> Result<(), String> {
    registered::solve_all()
}

/// Parses `P`'s example, solves it and checks the answer independently.
fn solve<P: Puzzle>() -> Result<(), String> {
    let name = P::NAME;
    let puzzle: P = P::EXAMPLE.parse().map_err(|error| format!("{name}: {error}"))?;
    let algo = P::Algo::default();
    let outcome = puzzle.solve(&P::Options::new(algo).node_limit(10_000_000));
    let solution = outcome
        .solution
        .ok_or_else(|| format!("{name}: {}", outcome.status))?;
    puzzle
        .check(&solution)
        .map_err(|error| format!("{name}: a wrong answer: {error}"))?;
    println!(
        "{name}: {} -> {} ({algo}, {} nodes)",
        puzzle.to_line(),
        puzzle.solution_line(&solution),
        outcome.stats.nodes()
    );
    Ok(())
}
