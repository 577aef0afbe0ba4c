//! Solves a real puzzle of the fixtures (penpa-edit's "Ripple 1", 10x10)
//! with the library, proves it unique, checks the solution with the
//! independent checker and draws it in its rooms.

use ripple::{Algo, Options, Puzzle, Status, check, is_unique, solve};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../fixtures/ripple/puzzles/penpa-ripple1-10x10.txt"
    );
    let puzzle: Puzzle = std::fs::read_to_string(path)?.parse()?;
    println!("{}", ripple::to_url(&puzzle));

    let options = Options::new(Algo::Fast).node_limit(100_000);
    let outcome = solve(&puzzle, &options);
    if outcome.status != Status::Solved {
        return Err(format!("{}", outcome.status).into());
    }
    let solution = outcome.solution.ok_or("solved, so a solution")?;
    check::check(&puzzle, solution.values())?;
    print!("{}", puzzle.draw(solution.values()));
    let unique = is_unique(&puzzle, &options).map_err(|limit| format!("{limit} limit"))?;
    println!("unique: {unique}, nodes: {}", outcome.stats.nodes);
    Ok(())
}
