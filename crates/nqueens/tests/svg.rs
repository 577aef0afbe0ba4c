//! The pictures of `nqueens::svg`: parsed as XML, snapshotted where small,
//! one queen a row at every size drawn, and past N = 1,000 no picture (a
//! usage error, exit 2, from the binary).

use std::process::Command;

use nqueens::{Algo, Options, Placement, Queens, Status, solve, svg};

/// Parses `svg` as XML; returns the number of queens drawn and the text.
fn parsed(svg: String) -> (usize, String) {
    let document =
        roxmltree::Document::parse(&svg).unwrap_or_else(|error| panic!("{error}\n{svg}"));
    let queens = document
        .descendants()
        .filter(|node| node.attribute("class") == Some("queen"))
        .count();
    (queens, svg)
}

fn placement(n: usize) -> Placement {
    let outcome = solve(
        &Queens::new(n).expect("a size"),
        &Options::new(Algo::default()),
    );
    assert_eq!(outcome.status, Status::Solved);
    outcome.solution.expect("solved")
}

#[test]
fn eight_queens_on_a_chessboard() {
    let eight = Placement::new(vec![0, 4, 7, 5, 2, 6, 1, 3]).expect("valid");
    let (queens, text) = parsed(svg::render(8, Some(&eight), None).expect("drawn"));
    assert_eq!(queens, 8);
    insta::assert_snapshot!(text);
}

#[test]
fn every_size_drawn_shows_one_queen_a_row() {
    for n in [1, 4, 64, 65, 1000] {
        let (queens, text) = parsed(svg::render(n, Some(&placement(n)), None).expect("drawn"));
        assert_eq!(queens, n, "{n}");
        // Past 64 the squares are single pixels.
        assert_eq!(text.contains("width=\"1\" height=\"1\""), n > 64, "{n}");
    }
}

#[test]
fn an_unsolved_board_says_why() {
    let (queens, text) = parsed(svg::render(3, None, Some("unsolvable")).expect("drawn"));
    assert_eq!(queens, 0);
    insta::assert_snapshot!(text);
}

#[test]
fn past_a_thousand_there_is_no_picture() {
    assert_eq!(
        svg::render(1001, None, None),
        Err(svg::TooLarge { n: 1001 })
    );
    let wrong_size = placement(5);
    assert!(svg::render(6, Some(&wrong_size), None).is_err());
}

#[test]
fn the_binary_refuses_svg_past_a_thousand_as_a_usage_error() {
    let target = std::env::temp_dir().join(format!("nqueens-svg-{}.svg", std::process::id()));
    let output = Command::new(env!("CARGO_BIN_EXE_nqueens"))
        .args(["solve", "1001", "--svg"])
        .arg(&target)
        .output()
        .expect("the binary runs");
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("boards up to N = 1000") && stderr.contains("not N = 1001"),
        "{stderr}"
    );
    assert!(!target.exists());

    let output = Command::new(env!("CARGO_BIN_EXE_nqueens"))
        .args(["solve", "1000", "--svg"])
        .arg(&target)
        .output()
        .expect("the binary runs");
    assert_eq!(output.status.code(), Some(0));
    let (queens, _) = parsed(std::fs::read_to_string(&target).expect("written"));
    assert_eq!(queens, 1000);
    std::fs::remove_file(&target).expect("cleaned up");
}
