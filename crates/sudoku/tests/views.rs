//! Snapshots of the human views (grid, pretty grid, stats line, error
//! messages, the CLI's human output) and parser round trips.

use std::path::PathBuf;
use std::process::Command;

use sudoku::{Sudoku, parse_puzzles};

const WIKI: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

fn fixtures() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/sudoku")
}

#[test]
fn grid_view() {
    insta::assert_snapshot!(Sudoku::from_line(WIKI).unwrap().to_string());
}

#[test]
fn pretty_view() {
    insta::assert_snapshot!(Sudoku::from_line(WIKI).unwrap().pretty().to_string());
}

#[test]
fn sixteen_view() {
    let text = std::fs::read_to_string(fixtures().join("sixteen.txt")).unwrap();
    insta::assert_snapshot!(Sudoku::parse(&text).unwrap().to_string());
}

#[test]
fn error_messages() {
    let inputs = [
        &WIKI[..80],
        &format!("{}x", &WIKI[..80]),
        &format!("55{}", &WIKI[2..]),
        &format!("{}{}", &WIKI[..9], &WIKI[..72]),
        "5 3 . | . 7 . | . . .\n6 . . | 1 9 5 | . . .\n",
        "1.3..4.......2.G",
    ];
    let messages: Vec<String> = inputs
        .iter()
        .map(|input| Sudoku::parse(input).unwrap_err().to_string())
        .collect();
    insta::assert_snapshot!(messages.join("\n"));
}

#[test]
fn cli_human_output() {
    let output = Command::new(env!("CARGO_BIN_EXE_sudoku"))
        .args(["solve", "known.txt", "--count"])
        .current_dir(fixtures())
        .output()
        .unwrap();
    assert!(output.status.success());
    insta::assert_snapshot!(String::from_utf8(output.stdout).unwrap());
}

#[test]
fn cli_error_output() {
    let output = Command::new(env!("CARGO_BIN_EXE_sudoku"))
        .args(["solve", "malformed.txt"])
        .current_dir(fixtures())
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    insta::assert_snapshot!(String::from_utf8(output.stderr).unwrap());
}

#[test]
fn every_fixture_puzzle_round_trips() {
    for entry in std::fs::read_dir(fixtures()).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|ext| ext != "txt") {
            continue;
        }
        // Read as the binary reads it (one fixture has a byte that is not
        // UTF-8 on purpose).
        let text = cli_kit::decode(std::fs::read(&path).unwrap());
        for parsed in parse_puzzles(&text) {
            let Ok(sudoku) = parsed.result else { continue };
            let line = sudoku.to_line();
            assert_eq!(
                Sudoku::from_line(&line).unwrap(),
                sudoku,
                "{}",
                path.display()
            );
            assert_eq!(
                Sudoku::parse(&sudoku.to_string()).unwrap(),
                sudoku,
                "{}",
                path.display()
            );
        }
    }
}
