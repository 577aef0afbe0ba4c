//! Pictures of a Ripple Effect puzzle as SVG: thin cell lines, thick room
//! walls, the givens bold and the solved digits in a second colour.
//!
//! ```
//! use ripple::{Options, Puzzle, solve, svg};
//!
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! let puzzle = Puzzle::new(2, 2, &[0, 0, 1, 1], &[0; 4])?;
//! let solution = solve(&puzzle, &Options::default()).solution.expect("solved");
//! let picture = svg::render(&puzzle, Some(&solution), None);
//! assert!(picture.contains("class=\"wall\""));
//! # Ok(())
//! # }
//! ```

use svg_kit::{Svg, Tag};

use crate::options::Outcome;
use crate::puzzle::{Grid, Puzzle};

const MARGIN: f64 = 12.0;
const SOLVED: &str = "#1d5fbf";

/// The puzzle's rooms and givens, the digits of `solution` when there is
/// one, and `caption` under the grid.
pub fn render(puzzle: &Puzzle, solution: Option<&Grid>, caption: Option<&str>) -> String {
    let (rows, cols) = (puzzle.rows(), puzzle.cols());
    let cell = (900.0 / rows.max(cols) as f64).clamp(20.0, 44.0).floor();
    let (grid_width, grid_height) = (cell * cols as f64, cell * rows as f64);
    let caption_height = if caption.is_some() { 28.0 } else { 0.0 };
    let width = (grid_width + 2.0 * MARGIN).max(if caption.is_some() { 260.0 } else { 0.0 });
    let height = grid_height + 2.0 * MARGIN + caption_height;
    let x = |col: usize| MARGIN + col as f64 * cell;
    let y = |row: usize| MARGIN + row as f64 * cell;

    let title = format!("ripple effect {rows}x{cols}");
    let mut svg = Svg::titled(width, height, &title, caption);
    svg.open(Tag::new("g").attr("stroke", "#bbb").attr("stroke-width", 1));
    for col in 1..cols {
        svg.add(Tag::line(x(col), y(0), x(col), y(rows)));
    }
    for row in 1..rows {
        svg.add(Tag::line(x(0), y(row), x(cols), y(row)));
    }
    svg.close();

    svg.open(
        Tag::new("g")
            .attr("class", "wall")
            .attr("stroke", "#111")
            .attr("stroke-width", 3)
            .attr("stroke-linecap", "square"),
    );
    for row in 0..rows {
        for col in 0..cols {
            if col + 1 < cols && puzzle.wall_right(row, col) {
                svg.add(Tag::line(x(col + 1), y(row), x(col + 1), y(row + 1)));
            }
            if row + 1 < rows && puzzle.wall_below(row, col) {
                svg.add(Tag::line(x(col), y(row + 1), x(col + 1), y(row + 1)));
            }
        }
    }
    svg.add(
        Tag::new("rect")
            .attr("x", x(0))
            .attr("y", y(0))
            .attr("width", grid_width)
            .attr("height", grid_height)
            .attr("fill", "none"),
    );
    svg.close();

    svg.open(
        Tag::new("g")
            .attr("font-family", "sans-serif")
            .attr("font-size", cell * 0.6)
            .attr("text-anchor", "middle")
            .attr("dominant-baseline", "central"),
    );
    let values = solution.map(Grid::values);
    for (index, &given) in puzzle.givens().iter().enumerate() {
        let (row, col) = (index / cols, index % cols);
        let shown = match (given, values) {
            (0, Some(values)) => values.get(index).copied().unwrap_or(0),
            (given, _) => given,
        };
        if shown == 0 {
            continue;
        }
        let mut tag = Tag::new("text")
            .attr("x", x(col) + cell / 2.0)
            .attr("y", y(row) + cell / 2.0);
        tag = if given != 0 {
            tag.attr("font-weight", "bold").attr("fill", "#111")
        } else {
            tag.attr("fill", SOLVED)
        };
        svg.add(tag.text(&shown.to_string()));
    }
    svg.close();
    svg.caption(caption, MARGIN, MARGIN + grid_height + 22.0);
    svg.finish()
}

/// The picture `ripple solve --svg` writes: the solution when solved, else
/// the givens and why (`unsolvable`, `node limit reached`).
pub fn render_outcome(puzzle: &Puzzle, outcome: &Outcome) -> String {
    match &outcome.solution {
        Some(solution) if outcome.status.is_solved() => render(puzzle, Some(solution), None),
        _ => render(puzzle, None, Some(&outcome.status.to_string())),
    }
}
