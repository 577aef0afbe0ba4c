//! Insta snapshots of the human views, produced by the real binary.

use std::process::Command;

fn run(args: &[&str]) -> String {
    let output = Command::new(env!("CARGO_BIN_EXE_eight-puzzle"))
        .args(args)
        .current_dir(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../fixtures/eight-puzzle"
        ))
        .output()
        .expect("the binary runs");
    format!(
        "exit {}\n--- stdout\n{}--- stderr\n{}",
        output.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    )
}

#[test]
fn sample_board_astar() {
    insta::assert_snapshot!(run(&["solve", "142358607"]));
}

#[test]
fn sample_board_bfs() {
    insta::assert_snapshot!(run(&["solve", "142305678", "--algo", "bfs"]));
}

#[test]
fn fifteen_puzzle_view() {
    insta::assert_snapshot!(run(&[
        "solve",
        "4 1 2 3 8 5 6 7 0 9 10 11 12 13 14 15",
        "--heuristic",
        "manhattan"
    ]));
}

#[test]
fn unsolvable() {
    insta::assert_snapshot!(run(&["solve", "021345678"]));
}

#[test]
fn malformed() {
    insta::assert_snapshot!(run(&["solve", "14235860x"]));
}

#[test]
fn batch_with_failures() {
    insta::assert_snapshot!(run(&["batch", "batch-mixed.txt"]));
}
