//! Pictures of a sliding-tile puzzle as SVG: the start and the goal side by
//! side, then the solution as a strip of small boards, one a move (rows of
//! [`PER_ROW`], at most [`STRIP_MAX`] boards; a note says how many more).
//!
//! ```
//! use eight_puzzle::{Board, Move, svg};
//!
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! let start: Board = "312045678".parse()?;
//! let goal = Board::goal(3);
//! let picture = svg::render(&start, &goal, Some(&[Move::Up]), None);
//! // The start, the goal and the strip: the start again and the board after the move.
//! assert_eq!(picture.matches("class=\"board\"").count(), 4);
//! # Ok(())
//! # }
//! ```

use svg_kit::{Svg, Tag};

use crate::puzzle::{Board, Move};

/// Boards of the solution strip in one row.
pub const PER_ROW: usize = 10;

/// The most boards drawn in the strip.
pub const STRIP_MAX: usize = 200;

const MARGIN: f64 = 12.0;
const GAP: f64 = 14.0;
const LABEL: f64 = 18.0;

/// The start and the goal, with the boards the `moves` pass through when
/// there are moves (a move that is not possible ends the strip), and
/// `caption` under the goal (why there is no solution).
pub fn render(
    start: &Board,
    goal: &Board,
    moves: Option<&[Move]>,
    caption: Option<&str>,
) -> String {
    let size = start.size();
    let big_tile = (120.0 / size as f64).clamp(14.0, 36.0).floor();
    let small_tile = (60.0 / size as f64).clamp(8.0, 18.0).floor();
    let big = big_tile * size as f64;
    let small = small_tile * size as f64;

    let mut strip = Vec::new();
    if let Some(moves) = moves {
        let mut board = start.clone();
        strip.push((board.clone(), "start".to_owned()));
        for (step, &mv) in moves.iter().enumerate() {
            let Some(next) = board.moved(mv) else { break };
            board = next;
            strip.push((board.clone(), format!("{} {mv}", step + 1)));
        }
    }
    let left_out = strip.len().saturating_sub(STRIP_MAX);
    strip.truncate(STRIP_MAX);
    let columns = strip.len().clamp(1, PER_ROW);
    let rows = strip.len().div_ceil(PER_ROW);

    let header_width = 2.0 * big + GAP * 3.0 + 180.0;
    let strip_width = columns as f64 * (small.max(44.0) + GAP) - GAP;
    let width = 2.0 * MARGIN + header_width.max(strip_width);
    let header_height = LABEL + big;
    let strip_top = MARGIN + header_height + 2.0 * GAP + 16.0;
    let row_height = LABEL + small + GAP;
    let height = if strip.is_empty() {
        MARGIN + header_height + MARGIN + 8.0
    } else {
        strip_top + rows as f64 * row_height + if left_out > 0 { 20.0 } else { 0.0 } + MARGIN
    };

    let solution_words = match moves {
        Some(moves) => format!("{} moves", moves.len()),
        None => caption.unwrap_or("no solution").to_owned(),
    };
    let (start_line, goal_line) = (start.to_line(), goal.to_line());
    let title = format!("{size}x{size} sliding tiles {start_line} to {goal_line}");
    let mut svg = Svg::titled(width, height, &title, Some(&solution_words));
    svg.open(
        Tag::new("g")
            .attr("font-family", "sans-serif")
            .attr("fill", "#222"),
    );
    label(&mut svg, MARGIN, MARGIN + 13.0, "start", true);
    label(
        &mut svg,
        MARGIN + big + GAP * 3.0,
        MARGIN + 13.0,
        "goal",
        true,
    );
    svg.close();
    draw_board(&mut svg, start, MARGIN, MARGIN + LABEL, big_tile);
    // An arrow from start to goal.
    let arrow_y = MARGIN + LABEL + big / 2.0;
    svg.add(
        Tag::new("path")
            .attr(
                "d",
                format!(
                    "M {} {arrow_y} h {} m -6 -5 l 6 5 l -6 5",
                    svg_kit::number(MARGIN + big + 6.0),
                    svg_kit::number(GAP * 3.0 - 12.0)
                ),
            )
            .attr("fill", "none")
            .attr("stroke", "#555")
            .attr("stroke-width", 2),
    );
    draw_board(
        &mut svg,
        goal,
        MARGIN + big + GAP * 3.0,
        MARGIN + LABEL,
        big_tile,
    );
    let fill = if moves.is_some() { "#222" } else { "#b71c1c" };
    let (x, y) = (MARGIN + 2.0 * big + GAP * 4.0, arrow_y + 5.0);
    svg.add(words(x, y, 14, fill, &solution_words));

    if !strip.is_empty() {
        let heading = "the solution, one board a move (the blank's move above each)";
        svg.add(words(MARGIN, strip_top - 10.0, 12, "#555", heading));
        for (index, (board, name)) in strip.iter().enumerate() {
            let x = MARGIN + (index % PER_ROW) as f64 * (small.max(44.0) + GAP);
            let y = strip_top + (index / PER_ROW) as f64 * row_height;
            svg.add(words(x, y + 12.0, 10, "#555", name));
            draw_board(&mut svg, board, x, y + LABEL - 2.0, small_tile);
        }
        if left_out > 0 {
            let y = strip_top + rows as f64 * row_height + 10.0;
            let note = format!("... and {left_out} more boards not drawn");
            svg.add(words(MARGIN, y, 12, "#555", &note));
        }
    }
    svg.finish()
}

/// A line of sans-serif text at (`x`, `y`), of `size` points in `fill`.
fn words(x: f64, y: f64, size: i32, fill: &str, text: &str) -> Tag {
    Tag::new("text")
        .attr("x", x)
        .attr("y", y)
        .attr("font-family", "sans-serif")
        .attr("font-size", size)
        .attr("fill", fill)
        .text(text)
}

fn label(svg: &mut Svg, x: f64, y: f64, text: &str, bold: bool) {
    let mut tag = Tag::new("text")
        .attr("x", x)
        .attr("y", y)
        .attr("font-size", 13);
    if bold {
        tag = tag.attr("font-weight", "bold");
    }
    svg.add(tag.text(text));
}

/// One board at (`x`, `y`): a tile a rounded square with its number, the
/// blank left empty.
fn draw_board(svg: &mut Svg, board: &Board, x: f64, y: f64, tile: f64) {
    let size = board.size();
    let side = tile * size as f64;
    svg.open(Tag::new("g").attr("class", "board"));
    svg.add(
        Tag::new("rect")
            .attr("x", x)
            .attr("y", y)
            .attr("width", side)
            .attr("height", side)
            .attr("fill", "#e9e4da")
            .attr("stroke", "#666"),
    );
    let font = (tile * 0.55).max(6.0);
    for (cell, &value) in board.tiles().iter().enumerate() {
        if value == 0 {
            continue;
        }
        let (row, col) = (cell / size, cell % size);
        let (left, top) = (x + col as f64 * tile, y + row as f64 * tile);
        svg.add(
            Tag::new("rect")
                .attr("x", left + 1.0)
                .attr("y", top + 1.0)
                .attr("width", tile - 2.0)
                .attr("height", tile - 2.0)
                .attr("rx", (tile / 8.0).min(4.0))
                .attr("fill", "#f7f3ea")
                .attr("stroke", "#a39881")
                .attr("stroke-width", 0.8),
        );
        svg.add(
            Tag::new("text")
                .attr("x", left + tile / 2.0)
                .attr("y", top + tile / 2.0)
                .attr("font-family", "sans-serif")
                .attr("font-size", font)
                .attr("text-anchor", "middle")
                .attr("dominant-baseline", "central")
                .attr("fill", "#222")
                .text(&value.to_string()),
        );
    }
    svg.close();
}
