//! The picture of a grid as SVG (svg-kit): black cells with their numbers
//! in white, and when solved each bulb as a yellow disc and every cell it
//! lights tinted; under the grid why there is no solution when there is
//! none.
//!
//! ```
//! use akari::{Akari, Options, solve, svg};
//!
//! let puzzle: Akari = "...../..#../0...3/..1../.....".parse()?;
//! let outcome = solve(&puzzle, &Options::default());
//! let picture = svg::render_outcome(&puzzle, &outcome);
//! assert!(picture.starts_with("<svg") && picture.contains(">3</text>"));
//! assert_eq!(picture.matches("class=\"bulb\"").count(), 6);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use svg_kit::{Svg, Tag};

use crate::options::Outcome;
use crate::puzzle::{Akari, Bulbs, Cell};

const MARGIN: f64 = 12.0;
const CELL: f64 = 36.0;
const LIT: &str = "#fff3b0";
const BULB: &str = "#f5b800";

/// Which white cells `bulbs` light (a bulb lights its own cell too).
pub fn lit(puzzle: &Akari, bulbs: &Bulbs) -> Vec<bool> {
    let (rows, cols) = (puzzle.rows(), puzzle.cols());
    let mut lit = vec![false; rows * cols];
    let white = |r: usize, c: usize| !puzzle.cell(r, c).is_black();
    for row in 0..rows {
        for col in 0..cols {
            if !bulbs.at(row, col) {
                continue;
            }
            lit[row * cols + col] = true;
            let mut shine = |cells: &mut dyn Iterator<Item = (usize, usize)>| {
                for (r, c) in cells.take_while(|&(r, c)| white(r, c)) {
                    lit[r * cols + c] = true;
                }
            };
            shine(&mut (0..row).rev().map(|r| (r, col)));
            shine(&mut (row + 1..rows).map(|r| (r, col)));
            shine(&mut (0..col).rev().map(|c| (row, c)));
            shine(&mut (col + 1..cols).map(|c| (row, c)));
        }
    }
    lit
}

/// The grid, the bulbs of `solution` when there is one with the cells
/// they light, and `caption` under the grid.
pub fn render(puzzle: &Akari, solution: Option<&Bulbs>, caption: Option<&str>) -> String {
    let (rows, cols) = (puzzle.rows(), puzzle.cols());
    let (wide, high) = (CELL * cols as f64, CELL * rows as f64);
    let caption_height = if caption.is_some() { 28.0 } else { 0.0 };
    // Wide enough for a caption under a small grid.
    let width = (wide + 2.0 * MARGIN).max(if caption.is_some() { 220.0 } else { 0.0 });
    let height = high + 2.0 * MARGIN + caption_height;
    let at = |index: usize| MARGIN + index as f64 * CELL;

    let mut svg = Svg::titled(width, height, &format!("Akari {rows}x{cols}"), caption);
    let lit = solution.map(|bulbs| lit(puzzle, bulbs));
    for (index, &cell) in puzzle.cells().iter().enumerate() {
        let fill = match cell {
            Cell::White if lit.as_ref().is_some_and(|lit| lit[index]) => LIT,
            Cell::White => continue,
            Cell::Black | Cell::Number(_) => "#111",
        };
        svg.add(
            Tag::new("rect")
                .attr("x", at(index % cols))
                .attr("y", at(index / cols))
                .attr("width", CELL)
                .attr("height", CELL)
                .attr("fill", fill),
        );
    }
    svg.open(Tag::new("g").attr("stroke", "#888").attr("stroke-width", 1));
    for col in 1..cols {
        let line = Tag::new("line").attr("x1", at(col)).attr("x2", at(col));
        svg.add(line.attr("y1", at(0)).attr("y2", at(rows)));
    }
    for row in 1..rows {
        let line = Tag::new("line").attr("y1", at(row)).attr("y2", at(row));
        svg.add(line.attr("x1", at(0)).attr("x2", at(cols)));
    }
    svg.close();
    let frame = Tag::new("rect")
        .attr("x", at(0))
        .attr("y", at(0))
        .attr("width", wide)
        .attr("height", high);
    svg.add(
        frame
            .attr("fill", "none")
            .attr("stroke", "#111")
            .attr("stroke-width", 2),
    );
    svg.open(
        Tag::new("g")
            .attr("font-family", "sans-serif")
            .attr("font-weight", "bold")
            .attr("font-size", CELL * 0.6)
            .attr("fill", "white")
            .attr("text-anchor", "middle")
            .attr("dominant-baseline", "central"),
    );
    for (index, &cell) in puzzle.cells().iter().enumerate() {
        if let Cell::Number(k) = cell {
            let tag = Tag::new("text")
                .attr("x", at(index % cols) + CELL / 2.0)
                .attr("y", at(index / cols) + CELL / 2.0);
            svg.add(tag.text(&k.to_string()));
        }
    }
    svg.close();
    if let Some(bulbs) = solution {
        for (index, _) in bulbs.on().iter().enumerate().filter(|(_, on)| **on) {
            svg.add(
                Tag::new("circle")
                    .attr("class", "bulb")
                    .attr("cx", at(index % cols) + CELL / 2.0)
                    .attr("cy", at(index / cols) + CELL / 2.0)
                    .attr("r", CELL * 0.3)
                    .attr("fill", BULB)
                    .attr("stroke", "#7a5c00")
                    .attr("stroke-width", 1.5),
            );
        }
    }
    svg.caption(caption, MARGIN, MARGIN + high + 22.0);
    svg.finish()
}

/// The picture `solve --svg` writes: the solution when solved, else the
/// grid and why not (`unsolvable`, `node limit reached`).
pub fn render_outcome(puzzle: &Akari, outcome: &Outcome) -> String {
    match &outcome.solution {
        Some(solution) if outcome.status.is_solved() => render(puzzle, Some(solution), None),
        _ => render(puzzle, None, Some(&outcome.status.to_string())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Options, read_solved, solve};

    /// The picture read back as XML: the texts, the bulbs' centres and
    /// the number of tinted cells.
    fn read(picture: &str) -> (Vec<String>, Vec<(f64, f64)>, usize) {
        let document = roxmltree::Document::parse(picture).expect("the picture is XML");
        let nodes = || document.descendants();
        let texts = nodes()
            .filter(|node| node.has_tag_name("text"))
            .map(|node| node.text().unwrap_or_default().to_owned());
        let number = |node: roxmltree::Node, name| {
            node.attribute(name)
                .and_then(|v| v.parse().ok())
                .unwrap_or(f64::NAN)
        };
        let bulbs = nodes()
            .filter(|node| node.attribute("class") == Some("bulb"))
            .map(|node| (number(node, "cx"), number(node, "cy")));
        let lit = nodes()
            .filter(|node| node.attribute("fill") == Some(LIT))
            .count();
        (texts.collect(), bulbs.collect(), lit)
    }

    #[test]
    fn a_solution_shows_its_bulbs_and_light_and_no_solution_says_why() {
        let (puzzle, bulbs) = read_solved("*.1/#.*").expect("a drawing");
        let (texts, centres, lit) = read(&render(&puzzle, Some(&bulbs), None));
        assert_eq!(texts, ["1"]);
        let middle = |i: usize| MARGIN + i as f64 * CELL + CELL / 2.0;
        assert_eq!(centres, [(middle(0), middle(0)), (middle(2), middle(1))]);
        assert_eq!(lit, 4, "every white cell");
        let clash: Akari = ".0/0.".parse().expect("a grid");
        let unsolved = render_outcome(&clash, &solve(&clash, &Options::default()));
        assert_eq!(
            read(&unsolved),
            (vec!["0".into(), "0".into(), "unsolvable".into()], vec![], 0)
        );
    }
}
