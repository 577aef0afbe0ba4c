//! The application layer as the front ends call it: `check`'s verdict on
//! records (what `check` and Python's `check` run) and the board as data
//! (what the explorer draws).

use akari::Akari;
use cli_kit::Verified;
use cli_kit::app::{Board, Show, check_text};

/// `check`'s verdict on one record line of `solve --json`.
fn verdict(puzzle: &str, record: &str) -> Result<Vec<Verified>, (usize, String)> {
    check_text(&puzzle.parse::<Akari>().expect("a puzzle"), record)
}

#[test]
fn check_passes_a_solution_and_a_proof_and_refuses_a_wrong_one() {
    let solved = r#"{"status":"solved","solution":"0.0/.*.","stats":{"nodes":1,"micros":0}}"#;
    assert_eq!(verdict("0.0/...", solved), Ok(vec![Verified::Solution]));
    let none = r#"{"status":"unsolvable","stats":{"nodes":1,"micros":0}}"#;
    assert_eq!(verdict(".0/0.", none), Ok(vec![Verified::NoSolution]));
    let (line, message) = verdict("0.0/...", none).unwrap_err();
    assert_eq!(
        (line, message.as_str()),
        (1, "status \"unsolvable\", but 0.0/.*. solves the puzzle")
    );
    let wrong = r#"{"status":"solved","solution":"0*0/...","stats":{"nodes":1,"micros":0}}"#;
    let (_, message) = verdict("0.0/...", wrong).unwrap_err();
    assert!(
        message.contains("the 0 at row 1, column 1 has 1 bulb beside it"),
        "{message}"
    );
    let moved = r#"{"status":"solved","solution":"0.#/.*.","stats":{"nodes":1,"micros":0}}"#;
    let (_, message) = verdict("0.0/...", moved).unwrap_err();
    assert!(
        message.contains("its black cells are not the puzzle's 0.0/..."),
        "{message}"
    );
}

#[test]
fn the_board_shows_the_walls_and_the_bulbs() {
    let puzzle: Akari = "0.#/...".parse().expect("a puzzle");
    let texts = |board: Board| {
        board
            .cells
            .into_iter()
            .map(|cell| (cell.text, cell.given))
            .collect::<Vec<_>>()
    };
    let cell = |text: &str, given| (text.to_owned(), given);
    let walls = [cell("0", true), cell("", false), cell("#", true)];
    let empty = [cell("", false), cell("", false), cell("", false)];
    assert_eq!(texts(puzzle.board(None)), [walls.clone(), empty].concat());
    let bulbs = "0.#/.*.".parse().ok();
    let lit = [cell("", false), cell("*", false), cell("", false)];
    assert_eq!(texts(puzzle.board(bulbs.as_ref())), [walls, lit].concat());
}
