//! Pictures of a sudoku as SVG: givens bold, solved digits in a second
//! colour, boxes outlined, candidates as pencil marks in unsolved cells, and
//! highlights for explaining a step (cells and candidates coloured by what
//! they are in the step, links between candidates drawn as arrows).
//!
//! [`render`] draws a puzzle and, when there is one, its solution, as
//! `sudoku solve --svg` does; [`render_step`] draws a step of
//! [`crate::explain`] on the candidate grid it starts from. Any other
//! highlighting builds a [`Picture`]:
//!
//! ```
//! use sudoku::Sudoku;
//! use sudoku::svg::{Link, Mark, Picture};
//!
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! let puzzle: Sudoku =
//!     "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79".parse()?;
//! // Cells are numbered row by row from 0 (r1c1 = 0, r1c2 = 1, r2c1 = 9).
//! let svg = Picture::new(&puzzle)
//!     .with_pencil_marks() // each blank cell's candidates by the givens alone
//!     .mark_cells([2, 11, 20], Mark::Unit) // the unit the step looks at
//!     .mark_candidate(2, 4, Mark::Placed) // r1c3 is 4
//!     .mark_candidate(3, 4, Mark::Eliminated) // 4 goes from r1c4
//!     .link((2, 4), (3, 4), Link::Weak) // because they see each other
//!     .with_caption("r1c3 = 4: hidden single in box 1")
//!     .to_svg();
//! assert!(svg.starts_with("<svg") && svg.contains("hidden single"));
//! # Ok(())
//! # }
//! ```

use svg_kit::{Svg, Tag};

use crate::explain::candidates::UNITS;
use crate::explain::{Candidates, Step};
use crate::options::{Outcome, Status};
use crate::puzzle::{Sudoku, symbol};

/// What a highlighted cell or candidate is in a step; each has its colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Mark {
    /// The cells a step looks at (a row, a column, a box): pale yellow.
    Unit,
    /// A cell or candidate the step is about: pale blue.
    Focus,
    /// A digit placed by the step: green.
    Placed,
    /// A candidate the step removes: red, struck through.
    Eliminated,
    /// A candidate true in a chain (an "on" node): blue.
    On,
    /// A candidate false in a chain (an "off" node): orange.
    Off,
}

impl Mark {
    /// The fill of a cell so marked.
    fn cell_fill(self) -> &'static str {
        match self {
            Mark::Unit => "#fff6cc",
            Mark::Focus => "#dbeafe",
            Mark::Placed => "#d9f2d9",
            Mark::Eliminated => "#fde0e0",
            Mark::On => "#cfe3ff",
            Mark::Off => "#ffe4c7",
        }
    }

    /// The colour of a candidate's disc so marked.
    fn candidate_fill(self) -> &'static str {
        match self {
            Mark::Unit => "#f5d76e",
            Mark::Focus => "#9cc3f5",
            Mark::Placed => "#5cb85c",
            Mark::Eliminated => "#e57373",
            Mark::On => "#5b9bf0",
            Mark::Off => "#f5a54a",
        }
    }
}

/// How two candidates of a link relate: drawn solid or dashed, with an
/// arrow head at the second.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Link {
    /// If the first is false, the second is true: a solid line.
    Strong,
    /// If the first is true, the second is false: a dashed line.
    Weak,
}

/// A candidate: a cell (`row * side + column`) and a digit (from 1).
pub type Candidate = (usize, u8);

/// A grid being drawn. Cells are numbered row by row from 0
/// (`row * side + column`), digits from 1.
#[derive(Debug, Clone)]
pub struct Picture {
    side: usize,
    box_size: usize,
    /// The digit shown in each cell (0: none).
    values: Vec<u8>,
    /// Whether each cell's digit is a given (bold, black).
    given: Vec<bool>,
    /// Pencil marks of each cell, bit `d - 1` for digit `d` (shown only in
    /// cells without a digit).
    candidates: Vec<u32>,
    cell_marks: Vec<Option<Mark>>,
    candidate_marks: Vec<(usize, u8, Mark)>,
    links: Vec<(Candidate, Candidate, Link)>,
    caption: Option<String>,
}

/// The colour of a solved (not given) digit.
const SOLVED: &str = "#1d5fbf";

impl Picture {
    /// The puzzle's givens, nothing else.
    pub fn new(puzzle: &Sudoku) -> Self {
        let cells = puzzle.values().len();
        Picture {
            side: puzzle.side(),
            box_size: puzzle.box_size(),
            values: puzzle.values().to_vec(),
            given: puzzle.values().iter().map(|&value| value != 0).collect(),
            candidates: vec![0; cells],
            cell_marks: vec![None; cells],
            candidate_marks: Vec::new(),
            links: Vec::new(),
            caption: None,
        }
    }

    /// Shows the digits of `grid` (a solution or a grid in progress of the
    /// same side) that are not givens, in the second colour. A grid of
    /// another side is ignored.
    #[must_use]
    pub fn with_grid(mut self, grid: &Sudoku) -> Self {
        if grid.side() == self.side {
            for (cell, &value) in grid.values().iter().enumerate() {
                if !self.given[cell] {
                    self.values[cell] = value;
                }
            }
        }
        self
    }

    /// Pencil marks in every cell without a digit: the digits that no digit
    /// shown in its row, column or box excludes.
    #[must_use]
    pub fn with_pencil_marks(mut self) -> Self {
        let all = (1u32 << self.side) - 1;
        for cell in 0..self.values.len() {
            if self.values[cell] != 0 {
                continue;
            }
            let mut seen = 0u32;
            for peer in self.peers(cell) {
                if self.values[peer] != 0 {
                    seen |= 1 << (self.values[peer] - 1);
                }
            }
            self.candidates[cell] = all & !seen;
        }
        self
    }

    /// Sets the pencil marks of `cell` to `digits` (a player's own, or those
    /// a solving step has left).
    #[must_use]
    pub fn with_candidates(mut self, cell: usize, digits: impl IntoIterator<Item = u8>) -> Self {
        if let Some(mask) = self.candidates.get_mut(cell) {
            *mask = digits
                .into_iter()
                .filter(|&digit| (1..=self.side).contains(&usize::from(digit)))
                .fold(0, |mask, digit| mask | 1 << (digit - 1));
        }
        self
    }

    /// Sets every cell's pencil marks at once: bit `d - 1` of `masks[cell]`
    /// for digit `d` (masks past the grid's end are ignored).
    #[must_use]
    pub fn with_candidate_masks(mut self, masks: &[u32]) -> Self {
        let all = (1u32 << self.side) - 1;
        for (cell, &mask) in masks.iter().enumerate().take(self.candidates.len()) {
            self.candidates[cell] = mask & all;
        }
        self
    }

    /// Colours the cells `cells` as `mark` (a later mark of a cell wins).
    #[must_use]
    pub fn mark_cells(mut self, cells: impl IntoIterator<Item = usize>, mark: Mark) -> Self {
        for cell in cells {
            if let Some(slot) = self.cell_marks.get_mut(cell) {
                *slot = Some(mark);
            }
        }
        self
    }

    /// Colours candidate `digit` of `cell` as `mark`; it is drawn even when
    /// the cell's pencil marks do not hold it (an elimination is shown where
    /// it was).
    #[must_use]
    pub fn mark_candidate(mut self, cell: usize, digit: u8, mark: Mark) -> Self {
        if cell < self.values.len() && (1..=self.side).contains(&usize::from(digit)) {
            self.candidate_marks.push((cell, digit, mark));
        }
        self
    }

    /// Draws an arrow from candidate `from` to candidate `to` (each a cell
    /// and a digit), solid when strong, dashed when weak.
    #[must_use]
    pub fn link(mut self, from: Candidate, to: Candidate, link: Link) -> Self {
        let valid = |(cell, digit): Candidate| {
            cell < self.values.len() && (1..=self.side).contains(&usize::from(digit))
        };
        if valid(from) && valid(to) {
            self.links.push((from, to, link));
        }
        self
    }

    /// A line of text under the grid (the step's explanation).
    #[must_use]
    pub fn with_caption(mut self, caption: impl Into<String>) -> Self {
        self.caption = Some(caption.into());
        self
    }

    fn peers(&self, cell: usize) -> impl Iterator<Item = usize> + '_ {
        let (row, col) = (cell / self.side, cell % self.side);
        let (box_row, box_col) = (
            row / self.box_size * self.box_size,
            col / self.box_size * self.box_size,
        );
        (0..self.side).flat_map(move |i| {
            [
                row * self.side + i,
                i * self.side + col,
                (box_row + i / self.box_size) * self.side + box_col + i % self.box_size,
            ]
        })
    }

    /// The side of a cell in pixels: room for the pencil marks, a box of
    /// them, each at least 11 px.
    fn cell_size(&self) -> f64 {
        match self.side {
            4 => 56.0,
            9 => 48.0,
            16 => 48.0,
            _ => 56.0,
        }
    }

    /// Where candidate `digit` of `cell` sits (its centre).
    fn candidate_centre(&self, cell: usize, digit: u8) -> (f64, f64) {
        let size = self.cell_size();
        let sub = size / self.box_size as f64;
        let index = usize::from(digit) - 1;
        let (row, col) = (cell / self.side, cell % self.side);
        (
            MARGIN + col as f64 * size + (index % self.box_size) as f64 * sub + sub / 2.0,
            MARGIN + row as f64 * size + (index / self.box_size) as f64 * sub + sub / 2.0,
        )
    }

    /// The picture as SVG text.
    pub fn to_svg(&self) -> String {
        let size = self.cell_size();
        let grid = size * self.side as f64;
        // About 7 px a character at 14 px: the caption wraps to the grid's width.
        let caption_lines = self
            .caption
            .as_deref()
            .map(|caption| wrap(caption, (grid / 7.0) as usize))
            .unwrap_or_default();
        let caption_height = match caption_lines.len() {
            0 => 0.0,
            lines => 28.0 + (lines - 1) as f64 * CAPTION_LINE,
        };
        let width = grid + 2.0 * MARGIN;
        let height = grid + 2.0 * MARGIN + caption_height;
        let sub = size / self.box_size as f64;
        let title = format!("sudoku {0}x{0}", self.side);
        let mut svg = Svg::titled(width, height, &title, self.caption.as_deref());
        if !self.links.is_empty() {
            svg.open(Tag::new("defs"));
            for (id, colour) in [("strong", "#1d4ed8"), ("weak", "#b45309")] {
                svg.open(
                    Tag::new("marker")
                        .attr("id", format!("arrow-{id}"))
                        .attr("viewBox", "0 0 10 10")
                        .attr("refX", 9)
                        .attr("refY", 5)
                        .attr("markerWidth", 6)
                        .attr("markerHeight", 6)
                        .attr("orient", "auto-start-reverse"),
                );
                svg.add(
                    Tag::new("path")
                        .attr("d", "M 0 0 L 10 5 L 0 10 z")
                        .attr("fill", colour),
                );
                svg.close();
            }
            svg.close();
        }

        // Cell fills first, lines over them, digits over the lines.
        svg.open(Tag::new("g").attr("class", "cells"));
        for (cell, mark) in self.cell_marks.iter().enumerate() {
            if let Some(mark) = mark {
                let (row, col) = (cell / self.side, cell % self.side);
                svg.add(
                    Tag::new("rect")
                        .attr("x", MARGIN + col as f64 * size)
                        .attr("y", MARGIN + row as f64 * size)
                        .attr("width", size)
                        .attr("height", size)
                        .attr("fill", mark.cell_fill()),
                );
            }
        }
        svg.close();

        svg.open(
            Tag::new("g")
                .attr("class", "lines")
                .attr("stroke", "#222")
                .attr("stroke-linecap", "square"),
        );
        for i in 0..=self.side {
            let at = MARGIN + i as f64 * size;
            let thick = i % self.box_size == 0;
            let (stroke, colour) = if thick { (2.5, "#222") } else { (0.8, "#999") };
            for (x1, y1, x2, y2) in [
                (at, MARGIN, at, MARGIN + grid),
                (MARGIN, at, MARGIN + grid, at),
            ] {
                svg.add(
                    Tag::line(x1, y1, x2, y2)
                        .attr("stroke", colour)
                        .attr("stroke-width", stroke),
                );
            }
        }
        svg.close();

        let digit_size = size * 0.6;
        let mark_size = (sub * 0.8).min(13.0);
        svg.open(
            Tag::new("g")
                .attr("class", "digits")
                .attr("font-family", "sans-serif")
                .attr("text-anchor", "middle")
                .attr("dominant-baseline", "central"),
        );
        for (cell, &value) in self.values.iter().enumerate() {
            let (row, col) = (cell / self.side, cell % self.side);
            if value != 0 {
                let mut tag = Tag::new("text")
                    .attr("x", MARGIN + (col as f64 + 0.5) * size)
                    .attr("y", MARGIN + (row as f64 + 0.5) * size)
                    .attr("font-size", digit_size);
                tag = if self.given[cell] {
                    tag.attr("font-weight", "bold").attr("fill", "#111")
                } else {
                    tag.attr("fill", SOLVED)
                };
                svg.add(tag.text(&symbol(value).to_string()));
                continue;
            }
            for digit in 1..=self.side as u8 {
                let marked = self
                    .candidate_marks
                    .iter()
                    .rev()
                    .find(|&&(at, marked_digit, _)| at == cell && marked_digit == digit);
                if self.candidates[cell] & (1 << (digit - 1)) == 0 && marked.is_none() {
                    continue;
                }
                let (x, y) = self.candidate_centre(cell, digit);
                if let Some(&(_, _, mark)) = marked {
                    svg.add(
                        Tag::new("circle")
                            .attr("cx", x)
                            .attr("cy", y)
                            .attr("r", sub * 0.45)
                            .attr("fill", mark.candidate_fill()),
                    );
                }
                svg.add(
                    Tag::new("text")
                        .attr("x", x)
                        .attr("y", y)
                        .attr("font-size", mark_size)
                        .attr("fill", if marked.is_some() { "#000" } else { "#666" })
                        .text(&symbol(digit).to_string()),
                );
                if let Some((_, _, Mark::Eliminated)) = marked {
                    let half = sub * 0.35;
                    svg.add(
                        Tag::line(x - half, y + half, x + half, y - half)
                            .attr("stroke", "#b71c1c")
                            .attr("stroke-width", 1.5),
                    );
                }
            }
        }
        svg.close();

        if !self.links.is_empty() {
            svg.open(
                Tag::new("g")
                    .attr("class", "links")
                    .attr("fill", "none")
                    .attr("stroke-width", 1.8),
            );
            for &((from_cell, from_digit), (to_cell, to_digit), link) in &self.links {
                let (x1, y1) = self.candidate_centre(from_cell, from_digit);
                let (x2, y2) = self.candidate_centre(to_cell, to_digit);
                // Stop at the rim of each candidate's disc, not its centre.
                let (dx, dy) = (x2 - x1, y2 - y1);
                let length = (dx * dx + dy * dy).sqrt().max(1.0);
                let rim = sub * 0.45;
                let (ux, uy) = (dx / length * rim, dy / length * rim);
                let (colour, id) = match link {
                    Link::Strong => ("#1d4ed8", "strong"),
                    Link::Weak => ("#b45309", "weak"),
                };
                let mut tag = Tag::line(x1 + ux, y1 + uy, x2 - ux, y2 - uy)
                    .attr("stroke", colour)
                    .attr("marker-end", format!("url(#arrow-{id})"));
                if link == Link::Weak {
                    tag = tag.attr("stroke-dasharray", "5 3");
                }
                svg.add(tag);
            }
            svg.close();
        }

        for (line_number, line) in caption_lines.iter().enumerate() {
            svg.add(
                Tag::new("text")
                    .attr("class", "caption")
                    .attr("x", MARGIN)
                    .attr(
                        "y",
                        MARGIN + grid + 22.0 + line_number as f64 * CAPTION_LINE,
                    )
                    .attr("font-family", "sans-serif")
                    .attr("font-size", 14)
                    .attr("fill", "#222")
                    .text(line),
            );
        }
        svg.finish()
    }
}

/// The distance between two lines of a caption.
const CAPTION_LINE: f64 = 18.0;

/// `text` cut at spaces into lines of at most `width` characters (a longer
/// word stands alone on its line).
fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for word in text.split(' ') {
        match lines.last_mut() {
            Some(line) if line.chars().count() + 1 + word.chars().count() <= width => {
                line.push(' ');
                line.push_str(word);
            }
            _ => lines.push(word.to_owned()),
        }
    }
    lines
}

/// White space around the grid.
const MARGIN: f64 = 12.0;

/// How [`render`] draws a puzzle.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SvgOptions {
    /// Pencil marks in the cells left blank (when there is no solution to
    /// show, every blank cell): the candidates the digits shown leave.
    pub pencil_marks: bool,
    /// A line of text under the grid.
    pub caption: Option<String>,
}

/// The picture `sudoku solve --svg` writes: the givens bold, the digits of
/// `solution` (when solved) in the second colour; with
/// [`SvgOptions::pencil_marks`], candidates in the cells left blank.
pub fn render(puzzle: &Sudoku, solution: Option<&Sudoku>, options: &SvgOptions) -> String {
    let mut picture = Picture::new(puzzle);
    if let Some(solution) = solution {
        picture = picture.with_grid(solution);
    }
    if options.pencil_marks {
        picture = picture.with_pencil_marks();
    }
    if let Some(caption) = &options.caption {
        picture = picture.with_caption(caption.clone());
    }
    picture.to_svg()
}

/// The picture of a solve, as `sudoku solve --svg` writes it: the solution
/// when solved; otherwise the givens with their pencil marks and a caption
/// saying why there is no solution (`unsolvable`, `node limit reached`).
pub fn render_outcome(puzzle: &Sudoku, outcome: &Outcome) -> String {
    match (&outcome.status, &outcome.solution) {
        (Status::Solved, Some(solution)) => render(puzzle, Some(solution), &SvgOptions::default()),
        (status, _) => render(
            puzzle,
            None,
            &SvgOptions {
                pencil_marks: true,
                caption: Some(status.to_string()),
            },
        ),
    }
}

/// The picture of one step of an explanation (what `sudoku explain
/// --svg-dir` is for): `grid` as it stands before the step, its digits (the
/// givens of `puzzle` bold) and its pencil marks; the units the step rests
/// on pale yellow, its cells in focus, the candidates it rests on blue
/// ("on"), the digits it places green, the candidates it eliminates red and
/// struck through, its links as arrows, and its sentence under the grid.
/// A `puzzle` that is not 9x9 (explanations are for 9x9) is drawn alone.
pub fn render_step(puzzle: &Sudoku, grid: &Candidates, step: &Step) -> String {
    let mut picture = Picture::new(puzzle);
    if puzzle.side() != 9 {
        return picture.to_svg();
    }
    for cell in 0..81 {
        if picture.values[cell] == 0 {
            picture.values[cell] = grid.value(cell);
        }
        picture.candidates[cell] = u32::from(grid.mask(cell));
    }
    for &unit in &step.units {
        if let Some(cells) = UNITS.get(unit) {
            picture = picture.mark_cells(cells.iter().copied(), Mark::Unit);
        }
    }
    picture = picture.mark_cells(step.cells.iter().copied(), Mark::Focus);
    for &(cell, digit) in &step.highlighted {
        picture = picture.mark_candidate(cell, digit, Mark::On);
    }
    for &(cell, digit) in &step.eliminations {
        picture = picture.mark_candidate(cell, digit, Mark::Eliminated);
    }
    for &(cell, digit) in &step.placements {
        picture =
            picture
                .mark_cells([cell], Mark::Placed)
                .mark_candidate(cell, digit, Mark::Placed);
    }
    for link in &step.links {
        let kind = if link.strong {
            Link::Strong
        } else {
            Link::Weak
        };
        picture = picture.link(link.from, link.to, kind);
    }
    picture.with_caption(step.text.clone()).to_svg()
}

#[cfg(test)]
mod tests {
    use super::wrap;

    #[test]
    fn captions_wrap_at_spaces_and_keep_every_word() {
        assert_eq!(wrap("aa bb cc dd", 5), ["aa bb", "cc dd"]);
        assert_eq!(wrap("a verylongword b", 4), ["a", "verylongword", "b"]);
        assert_eq!(wrap("", 10), [""]);
    }
}
