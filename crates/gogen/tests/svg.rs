//! The pictures of `gogen::svg`: parsed as XML and snapshotted; every word
//! the solution traces is drawn through the cells of its letters; the
//! binary writes `--svg FILE`.

use std::process::Command;

use gogen::{Options, Puzzle, solve, svg};

const ANJUNA: &str = include_str!("../../../fixtures/gogen/puzzles/anjuna-sample.txt");

/// Parses `svg` as XML, failing with the parser's position.
fn parse(svg: &str) -> roxmltree::Document<'_> {
    roxmltree::Document::parse(svg).unwrap_or_else(|error| panic!("{error}\n{svg}"))
}

#[test]
fn every_word_is_a_line_through_its_letters() {
    let puzzle: Puzzle = ANJUNA.parse().expect("a puzzle");
    let solution = solve(&puzzle, &Options::default())
        .solution
        .expect("solved");
    let text = svg::render(&puzzle, Some(&solution), None);
    let document = parse(&text);
    let lines: Vec<_> = document
        .descendants()
        .filter(|node| node.attribute("class") == Some("word"))
        .collect();
    assert_eq!(lines.len(), puzzle.words().len());
    for (line, word) in lines.iter().zip(puzzle.words()) {
        let points = line.attribute("points").expect("points");
        assert_eq!(points.split(' ').count(), word.len(), "{word}");
    }
    insta::assert_snapshot!(text);
}

#[test]
fn an_unsolved_puzzle_shows_its_givens_and_why() {
    let puzzle: Puzzle = ANJUNA.parse().expect("a puzzle");
    let text = svg::render(&puzzle, None, Some("unsolvable"));
    let document = parse(&text);
    let letters: String = document
        .descendants()
        .filter(|node| node.has_tag_name("text"))
        .filter_map(|node| node.text())
        .filter(|text| text.len() == 1)
        .collect();
    assert_eq!(letters, "TFPSHNJQW");
    assert!(text.contains(">unsolvable</text>"));
}

#[test]
fn the_binary_writes_the_picture() {
    let target = std::env::temp_dir().join(format!("gogen-svg-{}.svg", std::process::id()));
    let output = Command::new(env!("CARGO_BIN_EXE_gogen"))
        .args([
            "solve",
            "../../fixtures/gogen/puzzles/anjuna-sample.txt",
            "--svg",
        ])
        .arg(&target)
        .output()
        .expect("runs");
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    let svg = std::fs::read_to_string(&target).expect("written");
    let words = parse(&svg)
        .descendants()
        .filter(|node| node.attribute("class") == Some("word"))
        .count();
    assert_eq!(words, 9);
    std::fs::remove_file(&target).expect("cleaned up");
}
