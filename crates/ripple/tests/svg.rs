//! The pictures of `ripple::svg`: parsed as XML and snapshotted; one thick
//! wall a pair of neighbours in different rooms; givens bold, the rest of
//! the solution in the second colour; the binary writes a file or a folder.

use std::process::Command;

use ripple::{Options, Puzzle, Status, solve, svg};

const NYT: &str = include_str!("../../../fixtures/ripple/puzzles/nyt-2022-07-10.txt");

fn parse(svg: &str) -> roxmltree::Document<'_> {
    roxmltree::Document::parse(svg).unwrap_or_else(|error| panic!("{error}\n{svg}"))
}

fn puzzle() -> Puzzle {
    ripple::parse(NYT).expect("a puzzle").puzzle
}

#[test]
fn walls_between_rooms_and_the_solution() {
    let puzzle = puzzle();
    let outcome = solve(&puzzle, &Options::default());
    assert_eq!(outcome.status, Status::Solved);
    let text = svg::render(&puzzle, outcome.solution.as_ref(), None);
    let document = parse(&text);
    let walls = document
        .descendants()
        .find(|node| node.attribute("class") == Some("wall"))
        .expect("the walls")
        .children()
        .filter(|node| node.has_tag_name("line"))
        .count();
    let (rows, cols) = (puzzle.rows(), puzzle.cols());
    let rooms = puzzle.room_of();
    let mut between_rooms = 0;
    for cell in 0..rows * cols {
        if cell % cols + 1 < cols && rooms[cell] != rooms[cell + 1] {
            between_rooms += 1;
        }
        if cell + cols < rows * cols && rooms[cell] != rooms[cell + cols] {
            between_rooms += 1;
        }
    }
    assert_eq!(walls, between_rooms);
    let bold = text.matches("font-weight=\"bold\"").count();
    assert_eq!(bold, puzzle.num_givens());
    assert_eq!(text.matches("fill=\"#1d5fbf\"").count(), rows * cols - bold);
    insta::assert_snapshot!(text);
}

#[test]
fn an_unsolved_puzzle_shows_its_givens_and_why() {
    let puzzle = puzzle();
    let text = svg::render(&puzzle, None, Some("node limit reached"));
    parse(&text);
    assert_eq!(text.matches("<text").count(), puzzle.num_givens() + 1);
    assert!(text.contains(">node limit reached</text>"));
}

#[test]
fn the_binary_writes_a_folder_for_a_batch() {
    let folder = std::env::temp_dir().join(format!("ripple-svg-{}", std::process::id()));
    std::fs::create_dir_all(&folder).expect("a folder");
    let input = folder.join("urls.txt");
    let all = include_str!("../../../fixtures/ripple/all.txt");
    let urls: Vec<&str> = all
        .lines()
        .filter(|line| line.starts_with("http"))
        .take(2)
        .collect();
    std::fs::write(&input, format!("{}\n{}\n", urls[0], urls[1])).expect("written");
    let pictures = folder.join("pictures");
    let output = Command::new(env!("CARGO_BIN_EXE_ripple"))
        .arg("solve")
        .arg(&input)
        .arg("--svg")
        .arg(&pictures)
        .output()
        .expect("runs");
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    for line in ["1.svg", "2.svg"] {
        let svg = std::fs::read_to_string(pictures.join(line)).expect("written");
        parse(&svg);
    }
    std::fs::remove_dir_all(&folder).expect("cleaned up");
}
