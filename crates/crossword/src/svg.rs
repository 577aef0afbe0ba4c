//! Pictures of a crossword as SVG: black blocks, the clue numbers in the
//! corner of the cells that start an entry, and the fill (letters the
//! template held bold, the letters filled in a second colour).
//!
//! ```
//! use crossword::{Grid, svg};
//!
//! let template = Grid::parse_text("..#\n...\n#..\n")?;
//! let picture = svg::render(&template, None, None);
//! assert_eq!(picture.matches("class=\"block\"").count(), 2);
//! assert_eq!(picture.matches("class=\"number\"").count(), 5);
//! # Ok::<(), crossword::ParseError>(())
//! ```

use svg_kit::{Svg, Tag};

use crate::options::Outcome;
use crate::puzzle::{Cell, Grid};
use crate::slots::Slots;

const MARGIN: f64 = 12.0;
const FILLED: &str = "#1d5fbf";

/// The `template` (its blocks, numbers and any letters it holds), the
/// letters of `fill` (a grid of the same shape) when there is one, and
/// `caption` under it.
pub fn render(template: &Grid, fill: Option<&Grid>, caption: Option<&str>) -> String {
    let (rows, cols) = (template.rows(), template.cols());
    let cell = (900.0 / rows.max(cols) as f64).clamp(16.0, 40.0).floor();
    let (grid_width, grid_height) = (cell * cols as f64, cell * rows as f64);
    let caption_height = if caption.is_some() { 28.0 } else { 0.0 };
    let width = (grid_width + 2.0 * MARGIN).max(if caption.is_some() { 260.0 } else { 0.0 });
    let height = grid_height + 2.0 * MARGIN + caption_height;
    let numbers = Slots::new(template).numbers;
    let fill = fill.filter(|fill| fill.rows() == rows && fill.cols() == cols);

    let title = format!("crossword {rows}x{cols}");
    let mut svg = Svg::titled(width, height, &title, caption);
    svg.open(Tag::new("g").attr("stroke", "#333").attr("stroke-width", 1));
    for (index, &cell_kind) in template.cells().iter().enumerate() {
        let (x, y) = (
            MARGIN + (index % cols) as f64 * cell,
            MARGIN + (index / cols) as f64 * cell,
        );
        let block = matches!(cell_kind, Cell::Block);
        let mut tag = Tag::new("rect");
        if block {
            tag = tag.attr("class", "block");
        }
        svg.add(
            tag.attr("x", x)
                .attr("y", y)
                .attr("width", cell)
                .attr("height", cell)
                .attr("fill", if block { "#111" } else { "white" }),
        );
    }
    svg.close();

    svg.open(
        Tag::new("g")
            .attr("font-family", "sans-serif")
            .attr("fill", "#222"),
    );
    for (index, &number) in numbers.iter().enumerate() {
        if number == 0 {
            continue;
        }
        svg.add(
            Tag::new("text")
                .attr("class", "number")
                .attr("x", MARGIN + (index % cols) as f64 * cell + 2.0)
                .attr("y", MARGIN + (index / cols) as f64 * cell + cell * 0.28)
                .attr("font-size", cell * 0.28)
                .text(&number.to_string()),
        );
    }
    svg.close();

    svg.open(
        Tag::new("g")
            .attr("font-family", "sans-serif")
            .attr("font-size", cell * 0.55)
            .attr("text-anchor", "middle")
            .attr("dominant-baseline", "central"),
    );
    for (index, &cell_kind) in template.cells().iter().enumerate() {
        let (letter, given) = match (cell_kind, fill.map(|fill| fill.cells()[index])) {
            (Cell::Letter(letter), _) => (letter, true),
            (Cell::Open, Some(Cell::Letter(letter))) => (letter, false),
            _ => continue,
        };
        let mut tag = Tag::new("text")
            .attr("x", MARGIN + ((index % cols) as f64 + 0.5) * cell)
            .attr("y", MARGIN + ((index / cols) as f64 + 0.58) * cell);
        tag = if given {
            tag.attr("font-weight", "bold").attr("fill", "#111")
        } else {
            tag.attr("fill", FILLED)
        };
        svg.add(tag.text(&char::from(b'A' + letter).to_string()));
    }
    svg.close();
    svg.caption(caption, MARGIN, MARGIN + grid_height + 22.0);
    svg.finish()
}

/// The picture `crossword fill --svg` writes: the fill when solved, else
/// the template and why (`unsolvable`, `time limit reached`).
pub fn render_outcome(template: &Grid, outcome: &Outcome) -> String {
    match &outcome.solution {
        Some(fill) if outcome.status.is_solved() => render(template, Some(&fill.grid), None),
        _ => render(template, None, Some(&outcome.status.to_string())),
    }
}
