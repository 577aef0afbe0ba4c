//! The pictures of `crossword::svg`: parsed as XML and snapshotted; one
//! block a black square, one number a cell that starts an entry, the
//! template's letters bold and the filled ones in the second colour; the
//! binary writes `--svg FILE`.

use std::process::Command;

use crossword::{Grid, Slots, svg};

fn parse(svg: &str) -> roxmltree::Document<'_> {
    roxmltree::Document::parse(svg).unwrap_or_else(|error| panic!("{error}\n{svg}"))
}

/// The texts of the elements of class `class`, in order.
fn texts_of<'a>(document: &'a roxmltree::Document<'_>, class: &str) -> Vec<&'a str> {
    document
        .descendants()
        .filter(|node| node.attribute("class") == Some(class))
        .map(|node| node.text().unwrap_or_default())
        .collect()
}

#[test]
fn a_prefilled_template_and_its_fill() {
    let template = Grid::parse_text("a..\n...\n..#\n").expect("a template");
    let fill = Grid::parse_text("ASS\nREG\nEA#\n").expect("a fill");
    let text = svg::render(&template, Some(&fill), None);
    let document = parse(&text);
    assert_eq!(texts_of(&document, "block").len(), 1);
    assert_eq!(texts_of(&document, "number"), ["1", "2", "3", "4", "5"]);
    assert_eq!(
        text.matches("font-weight=\"bold\"").count(),
        1,
        "the template's A"
    );
    assert_eq!(text.matches("fill=\"#1d5fbf\"").count(), 7);
    insta::assert_snapshot!(text);
}

#[test]
fn sample_template_numbers_match_its_slots() {
    let template =
        Grid::parse_text(include_str!("../../../fixtures/crossword/sample.txt")).expect("valid");
    let text = svg::render(&template, None, Some("unsolvable"));
    let document = parse(&text);
    let numbers: Vec<String> = Slots::new(&template)
        .numbers
        .iter()
        .filter(|&&number| number != 0)
        .map(u32::to_string)
        .collect();
    assert_eq!(texts_of(&document, "number"), numbers);
    let blocks = template
        .cells()
        .iter()
        .filter(|cell| !cell.is_white())
        .count();
    assert_eq!(texts_of(&document, "block").len(), blocks);
    insta::assert_snapshot!(text);
}

#[test]
fn the_binary_writes_the_fill() {
    let target = std::env::temp_dir().join(format!("crossword-svg-{}.svg", std::process::id()));
    let output = Command::new(env!("CARGO_BIN_EXE_crossword"))
        .args([
            "fill",
            "../../fixtures/crossword/sample.txt",
            "--words",
            "../../fixtures/crossword/sample-words.txt",
            "--svg",
        ])
        .arg(&target)
        .output()
        .expect("runs");
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    let text = std::fs::read_to_string(&target).expect("written");
    let template =
        Grid::parse_text(include_str!("../../../fixtures/crossword/sample.txt")).expect("valid");
    let white = template
        .cells()
        .iter()
        .filter(|cell| cell.is_white())
        .count();
    assert_eq!(
        parse(&text)
            .descendants()
            .filter(|node| node.attribute("fill") == Some("#1d5fbf"))
            .count(),
        white
    );
    std::fs::remove_file(&target).expect("cleaned up");
}
