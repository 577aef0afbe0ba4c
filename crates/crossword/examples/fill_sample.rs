//! Fills the sample grid (fixtures/crossword/sample.txt) from its word
//! list with the library, proves the fill right with the independent
//! checker, tells whether it is the only one, and prints it as the command
//! line does.
//!
//! `cargo run -p crossword --example fill_sample`

use crossword::{Algo, Grid, Options, Problem, WordList, check};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let fixtures = concat!(env!("CARGO_MANIFEST_DIR"), "/../../fixtures/crossword");
    let grid: Grid = std::fs::read_to_string(format!("{fixtures}/sample.txt"))?.parse()?;
    let text = std::fs::read_to_string(format!("{fixtures}/sample-words.txt"))?;
    let words = WordList::parse(&text, None)?;

    let options = Options::new(Algo::Fast)
        .words(words.clone())
        .node_limit(100_000);
    let outcome = crossword::solve(&grid, &options);
    let fill = outcome.solution.ok_or(format!("{}", outcome.status))?;
    check::check(&grid, &fill.grid, &words, false)?;
    println!("{fill}");

    let problem = Problem::new(grid, &words);
    let unique = crossword::is_unique(&problem, &options, 1_000);
    println!("unique: {unique:?}, nodes: {}", outcome.stats.nodes);
    Ok(())
}
