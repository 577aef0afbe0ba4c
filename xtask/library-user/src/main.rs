//! Every puzzle library driven through one generic function, as a tool over
//! all puzzles (the explorer, the Python package) will be: each puzzle type
//! is registered in one line, parsed from its text form, solved with its
//! default algorithm under a node limit and its answer checked by the
//! crate's own rule checker.

use std::path::Path;

use puzzle_kit::{Configure, Effort, Puzzle};

fn main() -> Result<(), String> {
    let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures");
    let read = |file: &str| {
        std::fs::read_to_string(fixtures.join(file)).map_err(|error| format!("{file}: {error}"))
    };
    let sudoku_line = read("sudoku/known.txt")?;
    let sudoku_line = sudoku_line.lines().next().unwrap_or_default();

    solve::<sudoku::Sudoku>(sudoku_line)?;
    solve::<nqueens::Queens>("8")?;
    solve::<eight_puzzle::Board>("142358607")?;
    solve::<gogen::Puzzle>(&read("gogen/sample.txt")?)?;
    solve::<ripple::Puzzle>("https://puzz.link/p?ripple/5/4/ld8g2sug4g3u1")?;
    solve::<crossword::Grid>(&read("crossword/grids/own-mini-5x5.txt")?)?;
    Ok(())
}

/// Parses `text` as a `P`, solves it and checks the answer independently.
fn solve<P: Puzzle>(text: &str) -> Result<(), String> {
    let name = P::NAME;
    let puzzle: P = text.parse().map_err(|error| format!("{name}: {error}"))?;
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
