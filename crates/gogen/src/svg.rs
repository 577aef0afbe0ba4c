//! Pictures of a Gogen as SVG: the 5x5 grid, givens bold and solved
//! letters in a second colour, and each word's path through the solution
//! drawn as a line in its own colour (what `--show-words` prints, on one
//! grid), with the words listed beside it in their colours.
//!
//! ```
//! use gogen::{Puzzle, solve, Options, svg};
//!
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! let puzzle: Puzzle = "T.F.P.....S.H.N.....J.Q.W BUG FLAX JUGS NOVICE QUILT TACKY WOKE WORD WORK".parse()?;
//! let solution = solve(&puzzle, &Options::default()).solution.expect("solved");
//! let picture = svg::render(&puzzle, Some(&solution), None);
//! assert_eq!(picture.matches("class=\"word\"").count(), 9);
//! # Ok(())
//! # }
//! ```

use svg_kit::{Svg, Tag, colour};

use crate::grid::Grid;
use crate::options::Outcome;
use crate::puzzle::{Puzzle, SIDE, letter_char};

const CELL: f64 = 64.0;
const MARGIN: f64 = 14.0;
const SOLVED: &str = "#1d5fbf";

/// The puzzle with the letters of `solution` and the path of every word
/// through it (a word the solution does not trace is listed, not drawn),
/// and `caption` under the grid.
pub fn render(puzzle: &Puzzle, solution: Option<&Grid>, caption: Option<&str>) -> String {
    let grid = CELL * SIDE as f64;
    let words = puzzle.words();
    let legend_left = MARGIN + grid + 24.0;
    let longest = words.iter().map(|word| word.len()).max().unwrap_or(0) as f64;
    let width = legend_left + 34.0 + longest * 10.0 + MARGIN;
    let legend_height = 20.0 * words.len() as f64 + 10.0;
    let caption_height = if caption.is_some() { 28.0 } else { 0.0 };
    let height = MARGIN * 2.0 + grid.max(legend_height) + caption_height;
    let centre = |cell: usize| {
        (
            MARGIN + ((cell % SIDE) as f64 + 0.5) * CELL,
            MARGIN + ((cell / SIDE) as f64 + 0.5) * CELL,
        )
    };

    let title = format!(
        "gogen {}",
        puzzle.to_line().lines().next().unwrap_or_default()
    );
    let shown = if solution.is_some() {
        "solved"
    } else {
        "the givens"
    };
    let mut svg = Svg::titled(width, height, &title, Some(caption.unwrap_or(shown)));
    svg.open(
        Tag::new("g")
            .attr("fill", "none")
            .attr("stroke", "#bbb")
            .attr("stroke-width", 1),
    );
    for i in 0..=SIDE {
        let at = MARGIN + i as f64 * CELL;
        svg.add(Tag::line(at, MARGIN, at, MARGIN + grid));
        svg.add(Tag::line(MARGIN, at, MARGIN + grid, at));
    }
    svg.close();

    // Paths under the letters; each word a little apart from the others so
    // that two words through the same cells stay visible.
    if let Some(solution) = solution {
        svg.open(
            Tag::new("g")
                .attr("fill", "none")
                .attr("stroke-width", 4)
                .attr("stroke-linecap", "round")
                .attr("stroke-linejoin", "round")
                .attr("stroke-opacity", 0.75),
        );
        for (index, word) in words.iter().enumerate() {
            let Some(path) = solution.word_path(word) else {
                continue;
            };
            let shift = (index as f64 - (words.len() as f64 - 1.0) / 2.0) * 2.5;
            let points: Vec<String> = path
                .iter()
                .map(|&[row, col]| {
                    let (x, y) = centre(row * SIDE + col);
                    format!(
                        "{},{}",
                        svg_kit::number(x + shift),
                        svg_kit::number(y + shift)
                    )
                })
                .collect();
            svg.add(
                Tag::new("polyline")
                    .attr("class", "word")
                    .attr("stroke", colour(index))
                    .attr("points", points.join(" ")),
            );
        }
        svg.close();
    }

    svg.open(
        Tag::new("g")
            .attr("font-family", "sans-serif")
            .attr("font-size", 30)
            .attr("text-anchor", "middle")
            .attr("dominant-baseline", "central")
            .attr("stroke", "white")
            .attr("stroke-width", 5)
            .attr("paint-order", "stroke"),
    );
    for (cell, &given) in puzzle.givens().iter().enumerate() {
        let (x, y) = centre(cell);
        let (letter, given) = match (given, solution) {
            (Some(letter), _) => (letter, true),
            (None, Some(solution)) => (solution.cells()[cell], false),
            (None, None) => continue,
        };
        let mut tag = Tag::new("text").attr("x", x).attr("y", y);
        tag = if given {
            tag.attr("font-weight", "bold").attr("fill", "#111")
        } else {
            tag.attr("fill", SOLVED)
        };
        svg.add(tag.text(&letter_char(letter).to_string()));
    }
    svg.close();

    svg.open(
        Tag::new("g")
            .attr("font-family", "sans-serif")
            .attr("font-size", 15)
            .attr("fill", "#222"),
    );
    for (index, word) in words.iter().enumerate() {
        let y = MARGIN + 10.0 + index as f64 * 20.0;
        let traced = solution.is_some_and(|solution| solution.word_path(word).is_some());
        svg.add(
            Tag::new("rect")
                .attr("x", legend_left)
                .attr("y", y)
                .attr("width", 22)
                .attr("height", 6)
                .attr("rx", 3)
                .attr("fill", if traced { colour(index) } else { "#ddd" }),
        );
        svg.add(
            Tag::new("text")
                .attr("x", legend_left + 30.0)
                .attr("y", y + 8.0)
                .text(word),
        );
    }
    svg.close();
    let below = MARGIN + grid.max(legend_height) + 22.0;
    svg.caption(caption, MARGIN, below);
    svg.finish()
}

/// The picture `gogen solve --svg` writes: the solution with the word
/// paths when solved, else the givens and why (`unsolvable`).
pub fn render_outcome(puzzle: &Puzzle, outcome: &Outcome) -> String {
    match &outcome.solution {
        Some(solution) if outcome.status.is_solved() => render(puzzle, Some(solution), None),
        _ => render(puzzle, None, Some(&outcome.status.to_string())),
    }
}
