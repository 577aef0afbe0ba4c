//! The pictures of `sudoku::svg`: each parsed as XML (a broken escape or tag
//! fails) and its text snapshotted, for the four sizes, a solved grid, an
//! unsolved one with pencil marks, and an explained step's highlights.

use sudoku::svg::{Link, Mark, Picture, SvgOptions, render};
use sudoku::{Algo, Options, Status, Sudoku, solve};

const WIKIPEDIA: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

/// Parses `svg` as XML and returns it for the snapshot.
fn parsed(svg: String) -> String {
    let document =
        roxmltree::Document::parse(&svg).unwrap_or_else(|error| panic!("{error}\n{svg}"));
    assert_eq!(document.root_element().tag_name().name(), "svg");
    svg
}

fn puzzle(text: &str) -> Sudoku {
    text.parse().expect("a valid puzzle")
}

fn solved(puzzle: &Sudoku) -> Sudoku {
    let outcome = solve(puzzle, &Options::new(Algo::Csp));
    assert_eq!(outcome.status, Status::Solved);
    outcome.solution.expect("solved")
}

/// The text of every `<text>` element, in order: what a reader sees.
fn texts(svg: &str) -> Vec<String> {
    let document = roxmltree::Document::parse(svg).expect("XML");
    document
        .descendants()
        .filter(|node| node.has_tag_name("text"))
        .map(|node| node.text().unwrap_or_default().to_owned())
        .collect()
}

#[test]
fn solved_9x9_shows_givens_bold_and_solved_digits_in_colour() {
    let puzzle = puzzle(WIKIPEDIA);
    let solution = solved(&puzzle);
    let svg = parsed(render(&puzzle, Some(&solution), &SvgOptions::default()));
    assert_eq!(svg.matches("font-weight=\"bold\"").count(), puzzle.givens());
    assert_eq!(
        svg.matches("fill=\"#1d5fbf\"").count(),
        81 - puzzle.givens()
    );
    // The digits read row by row are the solution.
    let digits: String = texts(&svg).concat();
    assert_eq!(digits, solution.to_line());
    insta::assert_snapshot!(svg);
}

#[test]
fn unsolved_9x9_shows_pencil_marks() {
    let puzzle = puzzle(WIKIPEDIA);
    let options = SvgOptions {
        pencil_marks: true,
        caption: Some("the Wikipedia puzzle <unsolved> & its candidates".to_owned()),
    };
    let svg = parsed(render(&puzzle, None, &options));
    // r1c3 (cell 2) sees 5, 3, 7 in its row, 6, 8 in its column, 9, 6, 8
    // in its box: 1, 2, 4 are left, drawn after the givens of row 1 (5, 3).
    let texts = texts(&svg);
    assert_eq!(texts[..5], ["5", "3", "1", "2", "4"]);
    insta::assert_snapshot!(svg);
}

#[test]
fn a_step_with_highlights_and_links() {
    let puzzle = puzzle(WIKIPEDIA);
    let svg = Picture::new(&puzzle)
        .with_pencil_marks()
        .mark_cells([0, 1, 2, 9, 10, 11, 18, 19, 20], Mark::Unit)
        .mark_cells([2], Mark::Focus)
        .mark_candidate(2, 4, Mark::Placed)
        .mark_candidate(2, 1, Mark::Eliminated)
        .mark_candidate(2, 2, Mark::Eliminated)
        .mark_candidate(3, 2, Mark::On)
        .mark_candidate(5, 2, Mark::Off)
        .link((3, 2), (5, 2), Link::Strong)
        .link((5, 2), (2, 2), Link::Weak)
        .with_caption("r1c3 = 4")
        .to_svg();
    let svg = parsed(svg);
    assert_eq!(
        svg.matches("<line x1").count(),
        2 * 10 + 2 + 2,
        "grid lines, strikes, links"
    );
    assert!(svg.contains("marker-end=\"url(#arrow-strong)\""));
    assert!(svg.contains("stroke-dasharray=\"5 3\""));
    insta::assert_snapshot!(svg);
}

#[test]
fn a_player_s_own_pencil_marks() {
    let puzzle = puzzle("1.3...122....3.1");
    let svg = Picture::new(&puzzle)
        .with_candidates(1, [2, 4])
        .with_candidate_masks(&[0, 0b1010, 0, 0b1111])
        .with_candidates(99, [1])
        .to_svg();
    let texts = texts(&parsed(svg));
    // r1c2's masks (2 and 4) replace the digits set before; r1c4 has all four.
    assert_eq!(texts[..7], ["1", "2", "4", "3", "1", "2", "3"]);
}

#[test]
fn every_size_draws() {
    for (name, text) in [
        ("four", "1.3...122....3.1"),
        (
            "sixteen",
            include_str!("../../../fixtures/sudoku/sixteen.txt"),
        ),
        (
            "twentyfive",
            include_str!("../../../fixtures/sudoku/twentyfive.txt"),
        ),
    ] {
        let parsed_puzzles = sudoku::parse_puzzles(text);
        let puzzle = parsed_puzzles[0].result.clone().expect("a valid puzzle");
        let solution = solved(&puzzle);
        let svg = parsed(render(&puzzle, Some(&solution), &SvgOptions::default()));
        let digits: String = texts(&svg).concat();
        assert_eq!(digits, solution.to_line(), "{name}");
        insta::assert_snapshot!(name, svg);
    }
}

#[test]
fn sixteen_with_pencil_marks_fits_its_cells() {
    let text = include_str!("../../../fixtures/sudoku/sixteen.txt");
    let puzzle = sudoku::parse_puzzles(text)[0]
        .result
        .clone()
        .expect("valid");
    let options = SvgOptions {
        pencil_marks: true,
        caption: None,
    };
    let svg = parsed(render(&puzzle, None, &options));
    assert!(texts(&svg).iter().any(|text| text == "G"));
}

/// Every step of the explained path of a hard puzzle drawn on the grid as
/// it stands before it: one struck candidate an elimination, one green disc
/// a placement, one arrow a link, the step's sentence as the caption.
#[test]
fn each_explained_step_is_drawn_with_its_highlights() {
    use sudoku::explain::{Candidates, solve_path};
    let text = include_str!("../../../fixtures/sudoku/top1465_sample.txt");
    let puzzle = sudoku::parse_puzzles(text)[0]
        .result
        .clone()
        .expect("valid");
    let values: [u8; 81] = puzzle.values().try_into().expect("9x9");
    let mut grid = Candidates::from_values(&values);
    let path = solve_path(&grid);
    assert!(path.steps.iter().any(|step| !step.eliminations.is_empty()));
    for step in &path.steps {
        let svg = sudoku::svg::render_step(&puzzle, &grid, step);
        let document = roxmltree::Document::parse(&svg).expect("XML");
        let count = |colour: &str| {
            document
                .descendants()
                .filter(|node| {
                    node.has_tag_name("circle") && node.attribute("fill") == Some(colour)
                })
                .count()
        };
        assert_eq!(count("#e57373"), step.eliminations.len(), "{}", step.text);
        assert_eq!(count("#5cb85c"), step.placements.len(), "{}", step.text);
        assert_eq!(svg.matches("marker-end=").count(), step.links.len());
        let caption: Vec<&str> = document
            .descendants()
            .filter(|node| node.attribute("class") == Some("caption"))
            .filter_map(|node| node.text())
            .collect();
        assert_eq!(caption.join(" "), step.text);
        step.apply(&mut grid);
    }
}
