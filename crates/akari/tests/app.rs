//! The application layer as the front ends call it: `check`'s verdict on
//! records (what `check` and Python's `check` run), the board as data
//! (what the explorer draws), and every fixture read as `solve` reads it,
//! on which the engine and the textbook model agree.

use std::path::{Path, PathBuf};

use akari::{Akari, Algo, Options, Status, check, solve};
use cli_kit::app::{Board, Show, check_text};
use cli_kit::forms::Forms;
use cli_kit::{Input, Verified};

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

/// The files under `folder`, its subfolders' included, in name order.
fn files(folder: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir(folder).expect("a fixtures folder") {
        let path = entry.expect("an entry").path();
        if path.is_dir() {
            found.extend(files(&path));
        } else {
            found.push(path);
        }
    }
    found.sort();
    found
}

/// Every puzzle of every fixture file, in any form, read as `solve` reads
/// it (each line of a batch its own): the engine and MAC give the same
/// status and count to 2, and the same bulbs when unique; MAC finishes
/// every one within a million nodes (the Tatham sets up to 60x60, the bench
/// sets, pzprjs' and cspuz's test puzzles, the drawings).
#[test]
fn the_engine_and_mac_agree_on_every_fixture_in_every_form() {
    let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/akari");
    let mut agreed = 0;
    for path in files(&folder) {
        let Ok(text) = std::fs::read_to_string(&path) else {
            continue;
        };
        let name = path.display().to_string();
        let input = Input { name, text };
        for item in Akari::BATCH.items(&input) {
            let Ok((puzzle, ..)) = Akari::read_form(&item) else {
                continue;
            };
            let at = format!("{} line {:?}", input.name, item.line);
            let fast = solve(&puzzle, &Options::new(Algo::Fast).count_up_to(2));
            let mac = solve(
                &puzzle,
                &Options::new(Algo::Mac).count_up_to(2).node_limit(1_000_000),
            );
            assert!(!matches!(mac.status, Status::Limit(_)), "{at}: MAC stopped");
            assert_eq!(
                (fast.status, fast.count, fast.count_complete),
                (mac.status, mac.count, mac.count_complete),
                "{at}"
            );
            if let Some(bulbs) = &fast.solution {
                check::check(&puzzle, bulbs).unwrap_or_else(|broken| panic!("{at}: {broken:?}"));
            }
            if fast.count == 1 {
                assert_eq!(fast.solution, mac.solution, "{at}");
            }
            agreed += 1;
        }
    }
    // 115 Tatham fixtures, 310 of the bench sets, the test puzzles of
    // pzprjs and cspuz, and the drawings and batches of the cases.
    assert!(
        agreed >= 430,
        "{agreed} puzzles read in {}",
        folder.display()
    );
}
