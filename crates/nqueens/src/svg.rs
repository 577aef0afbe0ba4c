//! Pictures of a board as SVG: up to [`BOARD_MAX`] a chessboard with its
//! queens drawn; up to [`PIXELS_MAX`] a compact image of one pixel a square
//! (a queen a dark pixel); larger boards have no picture ([`TooLarge`]).
//!
//! ```
//! use nqueens::{Placement, svg};
//!
//! let placement = Placement::new(vec![1, 3, 0, 2])?;
//! let picture = svg::render(4, Some(&placement), None)?;
//! assert_eq!(picture.matches("class=\"queen\"").count(), 4);
//! assert!(svg::render(1001, None, None).is_err());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use svg_kit::{Svg, Tag};

use crate::options::Outcome;
use crate::placement::Placement;

/// The largest board drawn as a chessboard with queens.
pub const BOARD_MAX: usize = 64;

/// The largest board drawn at all (one pixel a square past [`BOARD_MAX`]).
pub const PIXELS_MAX: usize = 1000;

/// A board too large for a picture.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error(
    "an SVG picture shows boards up to N = {PIXELS_MAX} (queens drawn up to N = {BOARD_MAX}, \
     one pixel a square above), not N = {n}"
)]
pub struct TooLarge {
    /// The board size asked for.
    pub n: usize,
}

const LIGHT: &str = "#f0d9b5";
const DARK: &str = "#b58863";
const MARGIN: f64 = 8.0;

/// The board of size `n` with the queens of `placement` (an empty board
/// without one), and `caption` under it.
///
/// # Errors
///
/// [`TooLarge`] past [`PIXELS_MAX`], and for a placement of another size.
pub fn render(
    n: usize,
    placement: Option<&Placement>,
    caption: Option<&str>,
) -> Result<String, TooLarge> {
    if n > PIXELS_MAX || placement.is_some_and(|placement| placement.n() != n) {
        return Err(TooLarge { n });
    }
    let columns = placement.map_or(&[][..], Placement::columns);
    Ok(if n <= BOARD_MAX {
        chessboard(n, columns, caption)
    } else {
        pixels(n, columns, caption)
    })
}

/// The picture `nqueens solve --svg` writes: the placement when solved,
/// else the empty board and why (`node limit reached`).
///
/// # Errors
///
/// [`TooLarge`] past [`PIXELS_MAX`].
pub fn render_outcome(n: usize, outcome: &Outcome) -> Result<String, TooLarge> {
    match (&outcome.status, &outcome.solution) {
        (puzzle_kit::Status::Solved, Some(placement)) => render(n, Some(placement), None),
        (status, _) => render(n, None, Some(&status.to_string())),
    }
}

/// The light square of side `board` the board is drawn on, inside the margin.
fn board_rect(board: f64) -> Tag {
    Tag::new("rect")
        .attr("x", MARGIN)
        .attr("y", MARGIN)
        .attr("width", board)
        .attr("height", board)
        .attr("fill", LIGHT)
}

fn caption_height(caption: Option<&str>) -> f64 {
    if caption.is_some() { 24.0 } else { 0.0 }
}

fn chessboard(n: usize, columns: &[u32], caption: Option<&str>) -> String {
    // 8 px squares at least; a small board gets bigger ones.
    let square = (480.0 / n as f64).clamp(8.0, 60.0).floor();
    let board = square * n as f64;
    let width = board + 2.0 * MARGIN;
    let height = board + 2.0 * MARGIN + caption_height(caption);
    let title = format!("{n} queens on a {n}x{n} board");
    let mut svg = Svg::titled(width, height, &title, caption);
    svg.add(board_rect(board).attr("stroke", "#555"));
    svg.open(Tag::new("g").attr("fill", DARK));
    for row in 0..n {
        for col in 0..n {
            if (row + col) % 2 == 1 {
                svg.add(
                    Tag::new("rect")
                        .attr("x", MARGIN + col as f64 * square)
                        .attr("y", MARGIN + row as f64 * square)
                        .attr("width", square)
                        .attr("height", square),
                );
            }
        }
    }
    svg.close();
    svg.open(
        Tag::new("g")
            .attr("fill", "#111")
            .attr("stroke", "white")
            .attr("stroke-width", (square / 24.0).max(0.5)),
    );
    for (row, &col) in columns.iter().enumerate() {
        svg.add(Tag::new("path").attr("class", "queen").attr(
            "d",
            crown(
                MARGIN + col as f64 * square,
                MARGIN + row as f64 * square,
                square,
            ),
        ));
    }
    svg.close();
    svg.caption(caption, MARGIN, MARGIN + board + 17.0);
    svg.finish()
}

/// A crown filling most of the square at (`x`, `y`) of side `size`: a band
/// with five points, the outline of a chess queen.
fn crown(x: f64, y: f64, size: f64) -> String {
    let at = |fx: f64, fy: f64| {
        format!(
            "{} {}",
            svg_kit::number(x + fx * size),
            svg_kit::number(y + fy * size)
        )
    };
    let points = [
        (0.2, 0.8),
        (0.14, 0.3),
        (0.32, 0.55),
        (0.38, 0.22),
        (0.5, 0.5),
        (0.62, 0.22),
        (0.68, 0.55),
        (0.86, 0.3),
        (0.8, 0.8),
    ];
    let mut d = String::new();
    for (i, &(fx, fy)) in points.iter().enumerate() {
        d.push_str(if i == 0 { "M " } else { " L " });
        d.push_str(&at(fx, fy));
    }
    d.push_str(" Z");
    d
}

fn pixels(n: usize, columns: &[u32], caption: Option<&str>) -> String {
    let board = n as f64;
    let width = board + 2.0 * MARGIN;
    let height = board + 2.0 * MARGIN + caption_height(caption);
    let mut svg = Svg::new(
        width.max(if caption.is_some() { 320.0 } else { 0.0 }),
        height,
    );
    svg.add(Tag::new("title").text(&format!(
        "{n} queens on a {n}x{n} board, one pixel a square{}",
        caption.map(|caption| format!(": {caption}")).unwrap_or_default()
    )));
    svg.add(
        Tag::new("rect")
            .attr("width", "100%")
            .attr("height", "100%")
            .attr("fill", "white"),
    );
    svg.add(board_rect(board));
    svg.open(
        Tag::new("g")
            .attr("fill", "#7a1010")
            .attr("shape-rendering", "crispEdges"),
    );
    for (row, &col) in columns.iter().enumerate() {
        svg.add(
            Tag::new("rect")
                .attr("class", "queen")
                .attr("x", MARGIN + f64::from(col))
                .attr("y", MARGIN + row as f64)
                .attr("width", 1)
                .attr("height", 1),
        );
    }
    svg.close();
    svg.caption(caption, MARGIN, MARGIN + board + 17.0);
    svg.finish()
}
